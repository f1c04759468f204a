//! Bombs on fixed hands: what is a bomb, what it beats, where each rule lets it be played.

use super::*;
use crate::cards::{format_cards, parse_cards};
use crate::shengji::legal::{check_play, Follower};
use crate::shengji::trick::trick_winner;

fn rules(trump: &str, decks: usize, bombs: Bombs) -> Rules {
    Rules::new(trump.parse::<Trump>().unwrap(), decks).unwrap().with_bombs(bombs)
}

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s, None).unwrap()
}

fn lead(r: &Rules, s: &str) -> Lead {
    Lead::parse(r, &cards(s)).unwrap()
}

/// Each play's cards in card order, for comparing.
fn names(plays: &[Vec<Card>]) -> Vec<String> {
    plays
        .iter()
        .map(|p| {
            let mut p = p.clone();
            p.sort();
            format_cards(&p)
        })
        .collect()
}

fn winner(r: &Rules, plays: &[&str]) -> usize {
    let follows: Vec<Vec<Card>> = plays[1..].iter().map(|p| cards(p)).collect();
    trick_winner(r, &lead(r, plays[0]), &follows).unwrap().winner
}

#[test]
fn a_bomb_is_four_or_more_of_one_rank() {
    let t: Trump = "2S".parse().unwrap();
    assert!(strength(t, &cards("7H 7C 7D 7S")).is_some());
    assert!(strength(t, &cards("7H 7H 7C 7D 7S")).is_some(), "five sevens");
    assert!(strength(t, &cards("7H 7C 7D")).is_none(), "three is not enough");
    assert!(strength(t, &cards("7H 7C 7D 8S")).is_none());
    assert!(strength(t, &cards("SJ SJ SJ SJ")).is_some(), "one joker, four times");
    assert!(strength(t, &cards("SJ SJ BJ BJ")).is_none(), "two jokers are two kinds");
    // Order: a rank, the ace, the level rank, the small joker, the big joker.
    let s = |x: &str| strength(t, &cards(x)).unwrap();
    assert!(s("3H 3C 3D 3S") < s("AH AC AD AS"));
    assert!(s("AH AC AD AH") < s("2H 2C 2D 2H"), "the level rank is above the ace");
    assert!(s("2H 2C 2D 2H") < s("SJ SJ SJ SJ"));
    assert!(s("SJ SJ SJ SJ") < s("BJ BJ BJ BJ"));
    assert!(s("KH KC KD KH") < s("KS KS KS KS"), "of one rank, all trumps is higher");
}

#[test]
fn without_the_rule_four_of_a_rank_is_just_cards() {
    let r = rules("2S", 2, Bombs::Off);
    // Hearts led as two pairs; four sevens of mixed suits neither follow nor win.
    assert_eq!(winner(&r, &["5H 5H 6H 6H", "7C 7C 7D 7D"]), 0);
    assert_eq!(winner(&r, &["2H 2H 2C 2C", "SJ SJ BJ BJ"]), 1, "the jokers' tractor beats two pairs");
    let l = lead(&r, "5H 5H 6H 6H");
    assert!(check_play(&r, &l, &cards("7C 7C 7D 7D 8H 9H 10H JH"), &cards("7C 7C 7D 7D")).is_err());
    assert!(plays(&r, &l, &cards("7C 7C 7D 7D 8H")).is_empty());
}

#[test]
fn a_bomb_beats_any_play_that_is_not_one() {
    for b in [Bombs::AnySuit, Bombs::FollowSuit] {
        let r = rules("2S", 2, b);
        // A tractor of hearts falls to four sevens of clubs and diamonds, even to a trump ruff.
        assert_eq!(winner(&r, &["5H 5H 6H 6H", "3S 3S 4S 4S", "7C 7C 7D 7D"]), 2, "{b:?}");
        // A higher bomb beats a lower one; of equals the earlier stands.
        assert_eq!(winner(&r, &["5H 5H 6H 6H", "7C 7C 7D 7D", "8C 8C 8D 8D", "8H 8H 8C 8D"]), 2, "{b:?}");
        // A trick of three cards cannot be bombed.
        assert_eq!(winner(&r, &["5H 5H 6H", "7C 7D 7D"]), 0, "{b:?}");
        // A led bomb (four level cards, all trumps) holds against the jokers' tractor.
        assert_eq!(winner(&r, &["2H 2H 2C 2C", "SJ SJ BJ BJ"]), 0, "{b:?}");
    }
}

#[test]
fn any_suit_bombs_free_the_follower_from_the_lead() {
    let r = rules("2S", 2, Bombs::AnySuit);
    let l = lead(&r, "5H 5H 6H 6H");
    let hand = cards("8H 8H 9H 9H 7C 7C 7D 7D KS");
    assert!(check_play(&r, &l, &hand, &cards("7C 7C 7D 7D")).is_ok(), "a bomb instead of the hearts tractor");
    assert!(check_play(&r, &l, &hand, &cards("7C 7C 7D KS")).is_err(), "not a bomb: hearts must follow");
    assert_eq!(names(&plays(&r, &l, &hand)), ["7D 7D 7C 7C"]);
    assert_eq!(Follower::new(&r, &l, &cards("8H 8H 9H 9H 7C 7C 7D 7D")).only_play(), None, "the bomb is a choice");
}

#[test]
fn follow_suit_bombs_must_still_follow() {
    let r = rules("2S", 4, Bombs::FollowSuit);
    let l = lead(&r, "5H 5H 6H 6H");
    // Holding hearts: only a bomb of hearts may stand in for the tractor.
    let hand = cards("8H 8H 9H 9H JH JH JH JH 7C 7C 7D 7D");
    assert!(check_play(&r, &l, &hand, &cards("7C 7C 7D 7D")).is_err());
    assert!(check_play(&r, &l, &hand, &cards("JH JH JH JH")).is_ok(), "four jacks of hearts");
    assert_eq!(names(&plays(&r, &l, &hand)), ["JH JH JH JH"]);
    // Short of hearts: the one heart must go in, so only a bomb of its rank can be played.
    let short = cards("7H 7C 7C 7D 8C 8C 8D 8D");
    assert!(check_play(&r, &l, &short, &cards("7H 7C 7C 7D")).is_ok());
    assert!(check_play(&r, &l, &short, &cards("8C 8C 8D 8D")).is_err());
    assert_eq!(names(&plays(&r, &l, &short)), ["7H 7D 7C 7C"]);
    // No hearts at all: any bomb.
    let void = cards("7C 7C 7D 7D 8C 8C 8D 8D");
    assert_eq!(plays(&r, &l, &void).len(), 2);
    assert_eq!(winner(&r, &["5H 5H 6H 6H", "7H 7C 7C 7D", "8C 8C 8D 8D"]), 2);
}

#[test]
fn bomb_plays_are_legal_and_spend_plain_cards_first() {
    let r = rules("7S", 2, Bombs::AnySuit);
    let l = lead(&r, "5H 5H 6H 6H");
    // Kings of spades are trumps (spades are trump): plain kings go first.
    let hand = cards("KS KS KH KC KD 3D 3D 3C 3C 3H");
    let p = plays(&r, &l, &hand);
    assert_eq!(names(&p), ["3H 3D 3D 3C", "KS KH KD KC"]);
    for play in &p {
        assert!(check_play(&r, &l, &hand, play).is_ok());
    }
}
