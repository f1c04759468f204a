//! Win check by table lookup (3n+2 with wildcards, seven pairs, thirteen orphans),
//! readiness as "a win allowing one more wildcard", and the waits of a 3n+1 hand.

use super::eigen::{self, Eigen};
use super::table::{tables, NONE};
use super::tile::{Hand, Tile};
use serde::{Deserialize, Serialize};

/// The winning shapes the engine knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Form {
    /// n melds (sequences or triplets) and one pair.
    Regular,
    /// Seven pairs; four of a kind counts as two pairs (Sichuan 龙七对).
    SevenPairs,
    /// One of each terminal and honour plus a duplicate of one of them.
    ThirteenOrphans,
}

impl Form {
    pub const ALL: [Form; 3] = [Form::Regular, Form::SevenPairs, Form::ThirteenOrphans];

    pub const fn name(self) -> &'static str {
        match self {
            Form::Regular => "regular",
            Form::SevenPairs => "seven_pairs",
            Form::ThirteenOrphans => "thirteen_orphans",
        }
    }
}

/// Which forms count as wins (the table's rules choose; all on by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forms {
    pub seven_pairs: bool,
    pub thirteen_orphans: bool,
}

impl Default for Forms {
    fn default() -> Self {
        Forms { seven_pairs: true, thirteen_orphans: true }
    }
}

impl Forms {
    pub const fn allows(&self, f: Form) -> bool {
        match f {
            Form::Regular => true,
            Form::SevenPairs => self.seven_pairs,
            Form::ThirteenOrphans => self.thirteen_orphans,
        }
    }
}

/// Wildcards the regular form needs (the hand's size is not checked):
/// every suit into melds, except one suit (or two wildcards) that also holds the pair.
#[inline]
pub fn regular_need(eigens: &[Eigen; 4]) -> u32 {
    let t = tables();
    let mut sum = 0i32;
    let mut pair_extra = 2i32; // the pair made of two wildcards (an empty suit gives the same)
    for (s, &e) in eigens.iter().enumerate() {
        let v = t.entry(s, e);
        let m = nibble(v & 0xF);
        let p = nibble(v >> 4);
        sum += m;
        pair_extra = pair_extra.min(p - m);
    }
    (sum + pair_extra) as u32
}

#[inline]
fn nibble(v: u8) -> i32 {
    // "Impossible" must exceed any wildcard count even after a pair saving.
    if v == NONE {
        100
    } else {
        v as i32
    }
}

/// Whether a hand is a regular win: 3n+2 tiles and the table need within the wildcards held.
/// Hands of up to 17 tiles (the tables' limit); a larger suit never matches.
#[inline]
pub fn is_regular_win(hand: &Hand) -> bool {
    hand.len() % 3 == 2 && regular_need(&hand.eigens) <= hand.wild as u32
}

/// Wildcards seven pairs needs (one per odd count), if the hand has 14 tiles.
pub fn seven_pairs_need(hand: &Hand) -> Option<u32> {
    if hand.len() != 14 {
        return None;
    }
    Some(hand.eigens.iter().map(|&e| eigen::odd_ranks(e)).sum())
}

/// Whether the tiles fit thirteen orphans (14 tiles): only terminals and honours,
/// no kind more than twice and at most one kind twice; wildcards fill the rest.
pub fn is_thirteen_orphans(hand: &Hand) -> bool {
    if hand.len() != 14 {
        return false;
    }
    let allowed = [eigen::TERMINALS, eigen::TERMINALS, eigen::TERMINALS, eigen::HONOURS];
    let mut doubles = 0;
    for (&e, &mask) in hand.eigens.iter().zip(&allowed) {
        // Any tile outside the mask's ranks, or any count of 3+, disqualifies.
        if e & !(mask * 0xF) != 0 || (e + 0x5_5555_5555) & eigen::HIGH_BITS & (mask * 0x8) != 0 {
            return false;
        }
        doubles += eigen::pair_ranks(e);
    }
    doubles <= 1
}

/// Every allowed form the hand wins by (empty if none).
pub fn win_forms(hand: &Hand, forms: Forms) -> Vec<Form> {
    let mut out = Vec::new();
    if is_regular_win(hand) {
        out.push(Form::Regular);
    }
    if forms.seven_pairs && seven_pairs_need(hand).is_some_and(|n| n <= hand.wild as u32) {
        out.push(Form::SevenPairs);
    }
    if forms.thirteen_orphans && is_thirteen_orphans(hand) {
        out.push(Form::ThirteenOrphans);
    }
    out
}

/// Whether the hand wins by any allowed form.
#[inline]
pub fn is_win(hand: &Hand, forms: Forms) -> bool {
    let n = hand.len();
    if n % 3 != 2 {
        return false;
    }
    regular_need(&hand.eigens) <= hand.wild as u32
        || (n == 14
            && ((forms.seven_pairs && seven_pairs_need(hand).is_some_and(|odd| odd <= hand.wild as u32))
                || (forms.thirteen_orphans && is_thirteen_orphans(hand))))
}

/// Whether a 3n+1 hand is ready (听牌): it would win with one more wildcard
/// (the seed's "win allowing one missing wildcard"). One check, no loop over tiles.
pub fn is_ready(hand: &Hand, forms: Forms) -> bool {
    hand.len() % 3 == 1 && is_win(&hand.with_extra_wild(1), forms)
}

/// The tile kinds that complete a 3n+1 hand (skipping kinds whose four copies are all
/// in the hand). Checks readiness first, so an unready hand costs one lookup.
pub fn waits(hand: &Hand, forms: Forms) -> Vec<Tile> {
    if !is_ready(hand, forms) {
        return Vec::new();
    }
    Tile::all()
        .filter(|&t| {
            let mut h = *hand;
            h.add(t).is_ok() && is_win(&h, forms)
        })
        .collect()
}
