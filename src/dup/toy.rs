//! The seed's toy example: five cards (an X and four blanks), three draws. The keeper's
//! table never removes the X; the remover's table sets it aside for the second draw
//! whenever the first draw was a blank. Used by tests and `tuolaji dup toy`.

use super::haystack::{Haystack, HaystackDeck, KindId};
use super::seed::{SeatSeed, TableSeed};

/// The X card's kind id in the toy deck.
pub const X: KindId = 0;
/// The blank cards' kind id (four copies).
pub const BLANK: KindId = 1;

/// Row labels: the keeper's outcome.
pub const KEEPER_OUTCOMES: [&str; 4] = [
    "X on 1st draw",
    "X on 2nd draw",
    "X on 3rd draw",
    "X not drawn",
];
/// Column labels: the remover's outcome.
pub const REMOVER_OUTCOMES: [&str; 3] = ["X on 1st draw", "X on 3rd draw", "X not drawn"];

/// The exact joint table of the seed's Fig. 5 (rows keeper, columns remover).
pub const FIG5_JOINT: [[f64; 3]; 4] = [
    [0.2, 0.0, 0.0],
    [0.0, 2.0 / 15.0, 1.0 / 15.0],
    [0.0, 2.0 / 15.0, 1.0 / 15.0],
    [0.0, 0.0, 0.4],
];

fn toy_deck(seat: &SeatSeed) -> HaystackDeck {
    HaystackDeck::with_counts(Haystack::for_seat(seat), &[1, 4]).expect("toy counts are valid")
}

/// The keeper's outcome (row index 0..4): on which draw the X came, 3 = never.
pub fn keeper_outcome(seat: &SeatSeed) -> usize {
    let mut deck = toy_deck(seat);
    (0..3).find(|_| deck.draw() == Some(X)).unwrap_or(3)
}

/// The remover's outcome (column index 0..3): X on 1st draw, on 3rd, or not drawn.
pub fn remover_outcome(seat: &SeatSeed) -> usize {
    let mut deck = toy_deck(seat);
    if deck.draw() == Some(X) {
        return 0;
    }
    deck.remove(X, 1).expect("the X is still in the deck");
    deck.draw(); // necessarily a blank
    deck.add(X, 1).expect("valid kind");
    if deck.draw() == Some(X) {
        1
    } else {
        2
    }
}

/// Joint frequencies over `trials` hands of `seed`: trial `t` uses hand `t`. With
/// `duplicate` both tables use seat 0 of the hand (the same shuffle); without it the
/// keeper uses seat 0 and the remover seat 1 (independent shuffles: the seed's Fig. 1).
pub fn toy_joint(seed: &TableSeed, trials: u64, duplicate: bool) -> [[f64; 3]; 4] {
    let mut counts = [[0u64; 3]; 4];
    for t in 0..trials {
        let hand = seed.hand(t);
        let keeper = keeper_outcome(&hand.seat(0));
        let remover = remover_outcome(&hand.seat(if duplicate { 0 } else { 1 }));
        counts[keeper][remover] += 1;
    }
    let n = trials.max(1) as f64;
    counts.map(|row| row.map(|c| c as f64 / n))
}
