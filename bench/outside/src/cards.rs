//! Cards and trumps between the two engines: ours (`O…`) and theirs (`T…`), with the
//! small helpers both sides of the cross-check use to compare hands.

use std::collections::HashMap;

use shengji_mechanics::types::{Card as TCard, Number, PlayerID, Suit as TSuit, Trump as TTrump};
use tuolaji::cards::{Card as OCard, Rank as ORank, Suit as OSuit};
use tuolaji::shengji::trump::Trump as OTrump;

/// Their seat id for our seat number (both count 0..4 from the same seat).
pub fn pid(seat: usize) -> PlayerID {
    PlayerID(seat)
}

pub fn t_number(r: ORank) -> Number {
    match r {
        ORank::Two => Number::Two,
        ORank::Three => Number::Three,
        ORank::Four => Number::Four,
        ORank::Five => Number::Five,
        ORank::Six => Number::Six,
        ORank::Seven => Number::Seven,
        ORank::Eight => Number::Eight,
        ORank::Nine => Number::Nine,
        ORank::Ten => Number::Ten,
        ORank::Jack => Number::Jack,
        ORank::Queen => Number::Queen,
        ORank::King => Number::King,
        ORank::Ace => Number::Ace,
    }
}
pub fn o_rank(n: Number) -> ORank {
    ORank::ALL.into_iter().find(|&r| t_number(r) == n).expect("13 ranks")
}
pub fn t_suit(s: OSuit) -> TSuit {
    match s {
        OSuit::Spades => TSuit::Spades,
        OSuit::Hearts => TSuit::Hearts,
        OSuit::Diamonds => TSuit::Diamonds,
        OSuit::Clubs => TSuit::Clubs,
    }
}
pub fn o_suit(s: TSuit) -> OSuit {
    OSuit::ALL.into_iter().find(|&x| t_suit(x) == s).expect("4 suits")
}
pub fn t_card(c: OCard) -> TCard {
    match c {
        OCard::Suited { rank, suit } => TCard::Suited {
            suit: t_suit(suit),
            number: t_number(rank),
        },
        OCard::SmallJoker => TCard::SmallJoker,
        OCard::BigJoker => TCard::BigJoker,
    }
}
pub fn o_card(c: TCard) -> OCard {
    match c {
        TCard::Suited { suit, number } => OCard::Suited {
            rank: o_rank(number),
            suit: o_suit(suit),
        },
        TCard::SmallJoker => OCard::SmallJoker,
        TCard::BigJoker => OCard::BigJoker,
        TCard::Unknown => panic!("an unknown card reached the adapter"),
    }
}
pub fn t_cards(cs: &[OCard]) -> Vec<TCard> {
    cs.iter().map(|&c| t_card(c)).collect()
}
pub fn o_cards(cs: &[TCard]) -> Vec<OCard> {
    cs.iter().map(|&c| o_card(c)).collect()
}
pub fn show(cs: &[OCard]) -> String {
    let mut v: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
    v.sort();
    v.join(" ")
}
pub fn counts(cs: &[OCard]) -> HashMap<OCard, usize> {
    let mut m = HashMap::new();
    for &c in cs {
        *m.entry(c).or_insert(0) += 1;
    }
    m
}
pub fn t_hand(h: &HashMap<TCard, usize>) -> Vec<OCard> {
    let mut v = Vec::new();
    for (&c, &n) in h {
        for _ in 0..n {
            v.push(o_card(c));
        }
    }
    v
}
pub fn same_trump(o: OTrump, t: TTrump) -> bool {
    match (o, t) {
        (OTrump::Standard { rank, suit }, TTrump::Standard { suit: s, number }) => {
            t_suit(suit) == s && t_number(rank) == number
        }
        (OTrump::NoTrump { rank }, TTrump::NoTrump { number }) => rank.map(t_number) == number,
        _ => false,
    }
}
