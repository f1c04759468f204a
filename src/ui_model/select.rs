//! Selections over a hand shown in display order: which cards are selected, the
//! selection that picks given cards, and the play a short hand must make.

use crate::cards::Card;
use crate::shengji::{Lead, Rules};

/// The selected cards of `hand`.
pub fn selected_cards(hand: &[Card], selected: &[bool]) -> Vec<Card> {
    hand.iter().zip(selected).filter(|(_, &s)| s).map(|(&c, _)| c).collect()
}

/// A selection of exactly `cards` (each copy taken once, leftmost first); cards
/// not in the hand are ignored.
pub fn selection_of(hand: &[Card], cards: &[Card]) -> Vec<bool> {
    let mut want = cards.to_vec();
    hand.iter()
        .map(|c| match want.iter().position(|w| w == c) {
            Some(k) => {
                want.swap_remove(k);
                true
            }
            None => false,
        })
        .collect()
}

/// When the hand holds fewer cards of the led suit than the lead: all of them,
/// filled up with the weakest other cards (non-trumps before trumps). `None`
/// when the hand is not short.
pub fn short_suit_play(rules: &Rules, lead: &Lead, hand: &[Card]) -> Option<Vec<Card>> {
    let trump = rules.trump();
    let (mut suit, mut rest): (Vec<Card>, Vec<Card>) =
        hand.iter().partition(|&&c| trump.effective_suit(c) == lead.suit);
    if suit.len() >= lead.len() {
        return None;
    }
    crate::small_sort::sort_by_key(&mut rest, |&c| (trump.is_trump(c), trump.level(c)));
    suit.extend(rest.into_iter().take(lead.len() - suit.len()));
    Some(suit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::shengji::check_play;

    #[test]
    fn selection_takes_each_copy_once() {
        let hand = parse_cards("3S 3S 5H 5H 5H", None).unwrap();
        let sel = selection_of(&hand, &parse_cards("5H 5H 3S", None).unwrap());
        assert_eq!(sel, vec![true, false, true, true, false]);
        assert_eq!(selected_cards(&hand, &sel), parse_cards("3S 5H 5H", None).unwrap());
    }

    #[test]
    fn a_short_hand_plays_all_of_the_suit_and_is_legal() {
        let rules = Rules::new("2S".parse().unwrap(), 2).unwrap();
        let lead = Lead::parse(&rules, &parse_cards("5H 5H 6H 6H", None).unwrap()).unwrap();
        let hand = parse_cards("9H 3C 4D AC 2S BJ", None).unwrap();
        let play = short_suit_play(&rules, &lead, &hand).unwrap();
        assert_eq!(play.len(), 4);
        assert!(play.contains(&parse_cards("9H", None).unwrap()[0]));
        assert!(!play.iter().any(|c| rules.trump().is_trump(*c)), "{play:?}");
        assert_eq!(check_play(&rules, &lead, &hand, &play), Ok(()));
        let long = parse_cards("9H 9H 7H 8H", None).unwrap();
        assert_eq!(short_suit_play(&rules, &lead, &long), None);
    }
}
