//! The lazy matcher's tests: every match it yields is a real match, none is missed
//! (against brute force), and its helpers.

use super::walk::{fill_from, next_composition};
use super::*;
use crate::cards::parse_cards;
use crate::shengji::trump::{EffectiveSuit, Layout, Trump};

fn setup(trump: &str, cards: &str, suit: EffectiveSuit) -> (Layout, Counts) {
    let t: Trump = trump.parse().unwrap();
    let l = Layout::new(t);
    let c = l.counts(suit, &parse_cards(cards, None).unwrap());
    (l, c)
}

fn all(trump: &str, cards: &str, suit: EffectiveSuit, f: &str, protect: bool) -> Vec<String> {
    let (l, c) = setup(trump, cards, suit);
    let f: Format = f.parse().unwrap();
    let mut m = Matcher::new(l.suit(suit), c, &f, protect);
    m.iter().map(|x| crate::cards::format_cards(&x.cards())).collect()
}

#[test]
fn akk_matches_single_and_pair_once() {
    let v = all("2S", "AH KH KH", EffectiveSuit::Hearts, "{[2], [1]}", false);
    assert_eq!(v, ["KH KH AH"]);
    assert!(all("2S", "AH KH QH", EffectiveSuit::Hearts, "{[2], [1]}", false).is_empty());
}

#[test]
fn ragged_tractor_found_in_kkkaa() {
    let v = all("2S", "3H 3H 4H JH QH KH KH KH AH AH", EffectiveSuit::Hearts, "{[3, 2]}", false);
    assert_eq!(v, ["KH KH KH AH AH"]);
    assert!(all("2S", "3H 3H 4H JH QH KH KH KH AH AH", EffectiveSuit::Hearts, "{[3, 3]}", false).is_empty());
    assert!(all("2S", "3H 3H 4H JH QH KH KH KH AH AH", EffectiveSuit::Hearts, "{[3], [3]}", false).is_empty());
}

#[test]
fn multiset_counting_enumerates_each_assignment_once() {
    // Two pairs from {3 3 3 3 5 5}: 33+33, 33+55.
    let v = all("2S", "3H 3H 3H 3H 5H 5H", EffectiveSuit::Hearts, "{[2], [2], [1], [1]}", false);
    assert_eq!(v, ["3H 3H 3H 3H 5H 5H", "3H 3H 5H 5H 3H 3H"]);
}

#[test]
fn trump_tractors_use_the_chain() {
    let v = all("4S", "AS AS 4H 4H 4D 4D", EffectiveSuit::Trump, "{[2, 2], [2]}", false);
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(all("4S", "4H 4H 4D 4D", EffectiveSuit::Trump, "{[2, 2]}", false).is_empty());
    assert_eq!(all("4S", "4D 4D 4S 4S SJ SJ", EffectiveSuit::Trump, "{[2, 2, 2]}", false).len(), 1);
    assert_eq!(all("5S", "3S 3S 4S 4S 6S 6S", EffectiveSuit::Trump, "{[2, 2, 2]}", false).len(), 1);
}

#[test]
fn protection_keeps_longer_tuples() {
    assert!(all("2S", "8H 8H 8H 9H", EffectiveSuit::Hearts, "{[2], [1]}", true).is_empty());
    assert_eq!(all("2S", "8H 8H 8H 9H", EffectiveSuit::Hearts, "{[2], [1]}", false).len(), 1);
    assert_eq!(all("2S", "8H 8H 9H", EffectiveSuit::Hearts, "{[2], [1]}", true).len(), 1);
}

#[test]
fn next_composition_counts_bounded_digits() {
    let caps = [2u8, 1, 2];
    let mut d = [0u8; 3];
    let mut seen = vec![];
    assert!(fill_from(&mut d, &caps, 0, 2));
    loop {
        seen.push(d);
        if !next_composition(&mut d, &caps) {
            break;
        }
    }
    assert_eq!(seen, [[2, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1], [0, 0, 2]]);
}
