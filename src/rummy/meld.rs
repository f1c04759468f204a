//! Melds: classifying a group of cards as a pure sequence, an impure sequence
//! or a set, ordering a group for display, and enumerating once, as bitmasks
//! over hand positions, every candidate meld a hand holds.

use super::card::RummyCard;
use super::rules::RummyError;
use crate::cards::{Rank, Suit};
use serde::{Deserialize, Serialize};

/// What a valid group of cards is. Where a group is both a sequence and a set
/// (e.g. `5H JK JK`) it is reported as the sequence, which helps a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MeldKind {
    /// 3+ consecutive cards of one suit, no card standing in for another.
    PureSequence,
    /// A sequence in which jokers or wild cards stand in for missing cards.
    ImpureSequence,
    /// 3 or 4 cards of one rank in distinct suits, jokers allowed.
    Set,
}

impl MeldKind {
    pub fn is_sequence(self) -> bool {
        !matches!(self, MeldKind::Set)
    }

    /// Lower-case name for text output.
    pub fn name(self) -> &'static str {
        match self {
            MeldKind::PureSequence => "pure sequence",
            MeldKind::ImpureSequence => "impure sequence",
            MeldKind::Set => "set",
        }
    }
}

/// Position of a rank on the ace-low line (A = 1 .. K = 13).
fn low_pos(rank: Rank) -> u32 {
    if rank == Rank::Ace {
        1
    } else {
        rank.value() as u32
    }
}

/// Position of a rank on the ace-high line (2 = 2 .. A = 14).
fn high_pos(rank: Rank) -> u32 {
    rank.value() as u32
}

/// Bit set of positions on the line given by `pos`.
fn line_mask(ranks: impl Iterator<Item = Rank>, pos: fn(Rank) -> u32) -> u16 {
    ranks.fold(0u16, |m, r| m | (1 << pos(r)))
}

/// Width from lowest to highest set bit (0 for an empty mask).
fn span(mask: u16) -> u32 {
    if mask == 0 {
        0
    } else {
        16 - mask.leading_zeros() - mask.trailing_zeros()
    }
}

/// True if `naturals` are all of one suit with distinct ranks and fit in a run
/// of `len` consecutive ranks, ace low or high but never wrapping K-A-2.
fn fits_run(naturals: impl Iterator<Item = (Rank, Suit)>, len: usize) -> bool {
    if len > 13 {
        return false;
    }
    let (mut suit, mut low, mut high, mut count) = (None, 0u16, 0u16, 0u32);
    for (r, s) in naturals {
        if *suit.get_or_insert(s) != s {
            return false;
        }
        low |= 1 << low_pos(r);
        high |= 1 << high_pos(r);
        count += 1;
    }
    // A repeated rank shows as fewer bits than cards.
    low.count_ones() == count && (span(low) as usize <= len || span(high) as usize <= len)
}

/// True if `naturals` are of one rank in distinct suits.
fn fits_set(naturals: impl Iterator<Item = (Rank, Suit)>) -> bool {
    let (mut rank, mut suits) = (None, 0u8);
    for (r, s) in naturals {
        if *rank.get_or_insert(r) != r || suits & (1 << s.index()) != 0 {
            return false;
        }
        suits |= 1 << s.index();
    }
    true
}

/// The cards that cannot stand in for another (neither printed jokers nor wild).
fn naturals(cards: &[RummyCard], wild: Option<Rank>) -> impl Iterator<Item = (Rank, Suit)> + '_ {
    cards
        .iter()
        .filter_map(move |c| c.rank_suit().filter(|&(r, _)| Some(r) != wild))
}

/// True if every card is suited, of one suit, and the ranks are exactly consecutive.
fn is_pure_run(cards: &[RummyCard]) -> bool {
    // Exactly consecutive = distinct ranks that fit in a run of their own count.
    cards.iter().all(|c| !c.is_printed_joker()) && fits_run(cards.iter().filter_map(|c| c.rank_suit()), cards.len())
}

/// Classifies a group of cards, or `None` if it is not a meld.
///
/// Printed jokers and cards of the `wild` rank may stand in for any card; a
/// wild card used as itself keeps a sequence pure. A group needs at least one
/// card that is not a printed joker (three printed jokers alone are no meld).
pub fn classify(cards: &[RummyCard], wild: Option<Rank>) -> Option<MeldKind> {
    let n = cards.len();
    if n < 3 {
        return None;
    }
    if is_pure_run(cards) {
        return Some(MeldKind::PureSequence);
    }
    if cards.iter().all(|c| c.is_printed_joker()) {
        return None;
    }
    // Only the naturals constrain the group: a wild card can always be used
    // as a joker, which only loosens the constraints.
    if fits_run(naturals(cards, wild), n) {
        return Some(MeldKind::ImpureSequence);
    }
    if n <= 4 && fits_set(naturals(cards, wild)) {
        return Some(MeldKind::Set);
    }
    None
}

/// The cards of a meld in reading order: sequences by rank with jokers in the
/// gaps (ace low where that works), sets by suit with jokers last. A group that
/// is not a meld is returned sorted.
pub fn display_order(cards: &[RummyCard], wild: Option<Rank>) -> Vec<RummyCard> {
    let mut sorted = cards.to_vec();
    crate::small_sort::sort_by_key(&mut sorted, |c| (c.suit(), c.rank().map(low_pos)));
    match classify(cards, wild) {
        Some(MeldKind::PureSequence) => {
            let low_ok = is_pure_run(cards) && {
                let m = line_mask(cards.iter().filter_map(|c| c.rank()), low_pos);
                span(m) as usize == cards.len()
            };
            let pos = if low_ok { low_pos } else { high_pos };
            crate::small_sort::sort_by_key(&mut sorted, |c| c.rank().map(pos));
            sorted
        }
        Some(MeldKind::ImpureSequence) => run_order(cards, wild),
        Some(MeldKind::Set) => {
            let (mut naturals, flex): (Vec<RummyCard>, Vec<RummyCard>) = cards.iter().partition(|c| !c.is_wild(wild));
            crate::small_sort::sort_by_key(&mut naturals, |c| c.suit());
            naturals.extend(flex);
            naturals
        }
        None => sorted,
    }
}

/// Lays out an impure sequence: naturals at their places, flex cards filling gaps.
fn run_order(cards: &[RummyCard], wild: Option<Rank>) -> Vec<RummyCard> {
    let n = cards.len() as u32;
    let (naturals, mut flex): (Vec<RummyCard>, Vec<RummyCard>) =
        cards.iter().partition(|c| !c.is_wild(wild) && !c.is_printed_joker());
    // Prefer showing a wild card as itself when no natural anchors the run.
    let mut naturals = naturals;
    if naturals.is_empty() {
        if let Some(i) = flex.iter().position(|c| !c.is_printed_joker()) {
            naturals.push(flex.remove(i));
        }
    }
    let ranks = || naturals.iter().filter_map(|c| c.rank());
    let low = line_mask(ranks(), low_pos);
    let (pos, mask, line_min, line_max): (fn(Rank) -> u32, u16, u32, u32) = if span(low) <= n {
        (low_pos, low, 1, 13)
    } else {
        (high_pos, line_mask(ranks(), high_pos), 2, 14)
    };
    let first = mask.trailing_zeros().min(line_max + 1 - n).max(line_min);
    let mut flex = flex.into_iter();
    let mut out = Vec::with_capacity(cards.len());
    for p in first..first + n {
        match naturals.iter().find(|c| c.rank().map(pos) == Some(p)) {
            Some(&c) => out.push(c),
            None => out.extend(flex.next()),
        }
    }
    out
}

/// A candidate meld in a hand: the bitmask of hand positions and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandMeld {
    pub mask: u32,
    pub kind: MeldKind,
}

/// Every group of `3..=max_len` positions of `hand` that forms a meld, once
/// each, as bitmasks (bit i = `hand[i]`). Identical cards at different
/// positions give distinct masks; callers may skip the symmetric copies.
///
/// Subsets are grown in position order and cut as soon as the natural cards
/// chosen can no longer be one suit within `max_len` ranks nor one rank in
/// distinct suits, so only near-melds are ever classified.
/// Masks have 32 bits: a longer hand is an error.
pub fn hand_melds(hand: &[RummyCard], wild: Option<Rank>, max_len: usize) -> Result<Vec<HandMeld>, RummyError> {
    if hand.len() > 32 {
        return Err(RummyError::HandSize {
            got: hand.len(),
            min: 0,
            max: 32,
        });
    }
    let mut out = Vec::new();
    let mut chosen = Vec::with_capacity(max_len);
    grow(hand, wild, max_len, 0, 0, &mut chosen, &mut out);
    Ok(out)
}

fn grow(
    hand: &[RummyCard],
    wild: Option<Rank>,
    max_len: usize,
    start: usize,
    mask: u32,
    chosen: &mut Vec<RummyCard>,
    out: &mut Vec<HandMeld>,
) {
    if chosen.len() >= 3 {
        if let Some(kind) = classify(chosen, wild) {
            out.push(HandMeld { mask, kind });
        }
    }
    if chosen.len() == max_len {
        return;
    }
    for i in start..hand.len() {
        chosen.push(hand[i]);
        if could_become_meld(chosen, wild, max_len) {
            grow(hand, wild, max_len, i + 1, mask | (1 << i), chosen, out);
        }
        chosen.pop();
    }
}

/// Whether more cards could still turn `cards` into a meld of at most `max_len`.
/// (A pure group passes too: its naturals fit a run of `max_len`.)
fn could_become_meld(cards: &[RummyCard], wild: Option<Rank>, max_len: usize) -> bool {
    fits_run(naturals(cards, wild), max_len) || (cards.len() <= 4 && fits_set(naturals(cards, wild)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::card::{format_rummy_cards, parse_rummy_cards};

    fn kind(text: &str, wild: Option<Rank>) -> Option<MeldKind> {
        classify(&parse_rummy_cards(text).unwrap(), wild)
    }

    use MeldKind::*;

    #[test]
    fn pure_sequences_ace_low_or_high_never_wrapping() {
        assert_eq!(kind("AS 2S 3S", None), Some(PureSequence));
        assert_eq!(kind("QS KS AS", None), Some(PureSequence));
        assert_eq!(kind("3S AS 2S", None), Some(PureSequence));
        assert_eq!(kind("10H JH QH KH AH", None), Some(PureSequence));
        assert_eq!(kind("KS AS 2S", None), None);
        assert_eq!(kind("2S 3S 5S", None), None);
        assert_eq!(kind("2S 3S 4H", None), None);
        assert_eq!(kind("2S 3S", None), None);
        assert_eq!(kind("2S 2S 3S", None), None, "a repeated card is no run");
    }

    #[test]
    fn wild_card_used_as_itself_keeps_a_sequence_pure() {
        let seven = Some(Rank::Seven);
        assert_eq!(kind("6H 7H 8H", seven), Some(PureSequence));
        assert_eq!(kind("6H 7D 8H", seven), Some(ImpureSequence));
        assert_eq!(kind("6H JK 8H", seven), Some(ImpureSequence));
    }

    #[test]
    fn impure_sequences_fill_gaps_and_ends() {
        assert_eq!(kind("5D 6D JK 8D", None), Some(ImpureSequence));
        assert_eq!(kind("KS AS JK", None), Some(ImpureSequence), "Q-K-A");
        assert_eq!(kind("AS 2S JK", None), Some(ImpureSequence), "A-2-3");
        assert_eq!(kind("KS JK 2S", None), None, "K-A-2 wraps");
        assert_eq!(kind("2S JK JK 6S", None), None, "gap of three needs three jokers");
        assert_eq!(kind("2S JK JK JK 6S", None), Some(ImpureSequence));
        assert_eq!(kind("4C 9D JK", Some(Rank::Nine)), Some(ImpureSequence));
        assert_eq!(kind("JK JK 9D", Some(Rank::Nine)), Some(ImpureSequence));
        assert_eq!(kind("JK JK JK", None), None, "printed jokers alone are no meld");
    }

    #[test]
    fn sets_need_distinct_suits_and_at_most_four_cards() {
        assert_eq!(kind("8H 8S 8D", None), Some(Set));
        assert_eq!(kind("8H 8S 8D 8C", None), Some(Set));
        assert_eq!(kind("8H 8S JK", None), Some(Set));
        assert_eq!(kind("8H 8S 8D JK", None), Some(Set));
        assert_eq!(kind("8H 8S 8D 8C JK", None), None, "a set has at most four cards");
        assert_eq!(kind("8H 8H 8S", None), None, "suits must differ");
        assert_eq!(kind("8H 8S 9D", None), None);
        assert_eq!(kind("8H 8S 3D", Some(Rank::Three)), Some(Set));
        assert_eq!(kind("8H JK JK", None), Some(ImpureSequence), "a sequence wins the tie");
    }

    #[test]
    fn display_order_places_jokers_in_gaps() {
        let show = |t: &str, w| format_rummy_cards(&display_order(&parse_rummy_cards(t).unwrap(), w));
        assert_eq!(show("3S AS 2S", None), "AS 2S 3S");
        assert_eq!(show("AS KS QS", None), "QS KS AS");
        assert_eq!(show("8D JK 5D 6D", None), "5D 6D JK 8D");
        assert_eq!(show("KS JK AS", None), "JK KS AS");
        assert_eq!(show("JK 8S 8H", None), "8S 8H JK");
        assert_eq!(show("9D JK 4C", Some(Rank::Nine)), "4C 9D JK");
    }

    #[test]
    fn hand_melds_finds_every_meld_subset() {
        let hand = parse_rummy_cards("AS 2S 3S 4S JK 7H 7D").unwrap();
        let melds = hand_melds(&hand, None, 5).unwrap();
        assert!(hand_melds(&[RummyCard::Joker; 33], None, 5).is_err());
        // Brute force over all subsets of size 3..=5.
        let mut expected = Vec::new();
        for mask in 0u32..1 << hand.len() {
            let n = mask.count_ones() as usize;
            if !(3..=5).contains(&n) {
                continue;
            }
            let cards: Vec<_> = (0..hand.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| hand[i])
                .collect();
            if let Some(kind) = classify(&cards, None) {
                expected.push(HandMeld { mask, kind });
            }
        }
        let mut got = melds.clone();
        got.sort_by_key(|m| m.mask);
        expected.sort_by_key(|m| m.mask);
        assert_eq!(got, expected);
        assert!(got.iter().any(|m| m.kind == PureSequence && m.mask == 0b1111));
        assert!(got.iter().any(|m| m.kind == Set && m.mask == 0b111_0000));
    }
}
