//! Shanten (tiles away from ready; −1 = complete) for the regular form, seven pairs and
//! thirteen orphans. The regular form reuses the wildcard tables: replacing k tiles by
//! wildcards wins ⇔ k − 1 shanten, found per suit over sub-eigens and combined across suits.

use super::distance::distance_tables;
use super::eigen::{self, Eigen};
use super::table::{tables, NONE};
use super::tile::Hand;
use super::win::{Form, Forms};
use serde::Serialize;

/// Most tiles a suit can drop in the search (hands up to 17 tiles).
const MAX_DROP: usize = 18;
const INF: u8 = 100;

/// For one suit: the least wildcards needed after dropping r of its tiles, melds only
/// and with the pair, for every r.
#[derive(Clone, Copy, Debug)]
pub struct SuitProfile {
    melds: [u8; MAX_DROP],
    pair: [u8; MAX_DROP],
    tiles: u8,
}

impl SuitProfile {
    /// Walks every sub-eigen of `e` (at most a few thousand for real hands).
    pub fn new(e: Eigen, honours: bool) -> SuitProfile {
        let t = tables();
        let s = if honours { 3 } else { 0 };
        let tiles = eigen::tile_count(e) as u8;
        let mut p = SuitProfile { melds: [INF; MAX_DROP], pair: [INF; MAX_DROP], tiles };
        let digits = if honours { 7 } else { 9 };
        // Odometer over kept counts 0..=digit for each rank.
        let mut kept = e;
        loop {
            let dropped = (tiles as u32 - eigen::tile_count(kept)) as usize;
            if dropped < MAX_DROP {
                let v = t.entry(s, kept);
                let (m, pr) = (v & 0xF, v >> 4);
                if m != NONE {
                    p.melds[dropped] = p.melds[dropped].min(m);
                }
                if pr != NONE {
                    p.pair[dropped] = p.pair[dropped].min(pr);
                }
            }
            // Decrement the lowest nonzero digit; reset lower digits to full.
            let mut d = 0;
            loop {
                if d == digits {
                    return p;
                }
                if eigen::digit(kept, d) > 0 {
                    kept -= eigen::unit(d);
                    break;
                }
                kept |= e & (0xF << (4 * d));
                d += 1;
            }
        }
    }
}

/// The four suit profiles of a hand, kept so advice can update one suit at a time.
pub fn profiles(hand: &Hand) -> [SuitProfile; 4] {
    std::array::from_fn(|s| SuitProfile::new(hand.eigens[s], s == 3))
}

/// Regular-form shanten from profiles, for a hand of `len` tiles with `wild` wildcards.
pub fn regular_from_profiles(p: &[SuitProfile; 4], len: usize, wild: u8) -> i32 {
    // best[pair_used][dropped] = least wildcards needed over the suits so far.
    let mut none = [INF as u32; MAX_DROP * 4];
    let mut with = [INF as u32; MAX_DROP * 4];
    none[0] = 0;
    let mut reach = 0usize;
    for sp in p {
        let mut n2 = [INF as u32; MAX_DROP * 4];
        let mut w2 = [INF as u32; MAX_DROP * 4];
        for r in 0..=reach {
            for k in 0..=sp.tiles as usize {
                let (m, pr) = (sp.melds[k] as u32, sp.pair[k] as u32);
                if none[r] < INF as u32 {
                    n2[r + k] = n2[r + k].min(none[r] + m);
                    w2[r + k] = w2[r + k].min(none[r] + pr);
                }
                if with[r] < INF as u32 {
                    w2[r + k] = w2[r + k].min(with[r] + m);
                }
            }
        }
        reach += sp.tiles as usize;
        none = n2;
        with = w2;
    }
    // A 3n+1 hand gets the drawn tile as one extra wildcard.
    let extra = if len % 3 == 1 { 1 } else { 0 };
    for (r, (&n, &w)) in none.iter().zip(&with).enumerate().take(reach + 1) {
        let need = w.min(n + 2);
        if need <= wild as u32 + r as u32 + extra {
            return r as i32 + extra as i32 - 1;
        }
    }
    // Unreachable for hands the tables cover; a hand too large for them.
    i32::MAX
}

/// Regular-form shanten; `None` unless the hand has 3n+1 or 3n+2 tiles. Hands of up to
/// 14 tiles use the distance tables (`distance.rs`); larger ones (wildcard hands of 16–17)
/// walk their suits' sub-shapes.
pub fn regular_shanten(hand: &Hand) -> Option<i32> {
    regular_of_len(hand, hand.len())
}

/// [`regular_shanten`] for a hand of `len` tiles (counted once by the caller).
#[inline]
fn regular_of_len(hand: &Hand, len: usize) -> Option<i32> {
    if len.is_multiple_of(3) || len > 17 {
        return None;
    }
    if len <= 14 {
        let missing = distance_tables().replacement(&hand.eigens, len / 3) as i32;
        return Some((missing - hand.wild as i32 - 1).max(-1));
    }
    Some(regular_from_profiles(&profiles(hand), len, hand.wild))
}

/// Regular-form shanten by the sub-shape walk, for any hand size (the distance tables'
/// cross-check, and advice's per-suit profiles).
pub fn regular_shanten_by_profiles(hand: &Hand) -> Option<i32> {
    if hand.len().is_multiple_of(3) || hand.len() > 17 {
        return None;
    }
    Some(regular_from_profiles(&profiles(hand), hand.len(), hand.wild))
}

/// The orphans (terminals and honours) of each suit's eigen, every digit's bits.
const ORPHAN_MASKS: [Eigen; 4] = [eigen::TERMINALS * 0xF, eigen::TERMINALS * 0xF, eigen::TERMINALS * 0xF, eigen::HONOURS * 0xF];

/// Seven-pairs shanten from the hand's counts: kinds held twice or more (a quad counts
/// twice), kinds held an odd number of times, wildcards.
#[inline]
fn seven_pairs_from(pairs: u32, odd: u32, wild: u8) -> i32 {
    let pairs = pairs.min(7);
    13 - (2 * pairs + odd.min(7 - pairs) + wild as u32).min(14) as i32
}

/// Thirteen-orphans shanten from the orphan kinds held, whether one is doubled, wildcards.
#[inline]
fn orphans_from(kinds: u32, doubled: bool, wild: u8) -> i32 {
    13 - (kinds + doubled as u32 + wild as u32).min(14) as i32
}

/// Seven-pairs shanten (13 or 14 tiles); four of a kind counts as two pairs.
pub fn seven_pairs_shanten(hand: &Hand) -> Option<i32> {
    if !matches!(hand.len(), 13 | 14) {
        return None;
    }
    // Flag words add digit-wise across the suits (each digit ≤ 8) and are counted once.
    let (mut pairs, mut odd) = (0, 0);
    for &e in &hand.eigens {
        // Pairs: counts 2 and 3 give one, 4 gives two.
        pairs += eigen::pair_flags(e) + eigen::quad_flags(e);
        odd += eigen::odd_flags(e);
    }
    Some(seven_pairs_from(eigen::digit_sum(pairs), eigen::digit_sum(odd), hand.wild))
}

/// Thirteen-orphans shanten (13 or 14 tiles).
pub fn thirteen_orphans_shanten(hand: &Hand) -> Option<i32> {
    if !matches!(hand.len(), 13 | 14) {
        return None;
    }
    let (mut kinds, mut doubled) = (0, 0);
    for (&e, &mask) in hand.eigens.iter().zip(&ORPHAN_MASKS) {
        let e = e & mask;
        kinds += eigen::held_flags(e);
        doubled |= eigen::pair_flags(e);
    }
    Some(orphans_from(eigen::digit_sum(kinds), doubled != 0, hand.wild))
}

/// Seven-pairs and thirteen-orphans shanten of a 13- or 14-tile hand in one pass over
/// the suits (the same sums as [`seven_pairs_shanten`] and [`thirteen_orphans_shanten`]):
/// the flag words are shared and added across suits, and each total counted once.
#[inline]
fn special_forms(hand: &Hand) -> (i32, i32) {
    let (mut pairs, mut odd, mut kinds, mut doubled) = (0, 0, 0, 0);
    for (&e, &mask) in hand.eigens.iter().zip(&ORPHAN_MASKS) {
        let (two, one) = (eigen::pair_flags(e), eigen::odd_flags(e));
        pairs += two + eigen::quad_flags(e);
        odd += one;
        kinds += (two | one) & mask;
        doubled |= two & mask;
    }
    (
        seven_pairs_from(eigen::digit_sum(pairs), eigen::digit_sum(odd), hand.wild),
        orphans_from(eigen::digit_sum(kinds), doubled != 0, hand.wild),
    )
}

/// Shanten per form and the best over the allowed forms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shanten {
    /// The least over the allowed forms (−1 = complete).
    pub shanten: i32,
    pub regular: i32,
    pub seven_pairs: Option<i32>,
    pub thirteen_orphans: Option<i32>,
}

impl Shanten {
    /// Forms reaching the best shanten.
    pub fn best_forms(&self) -> Vec<Form> {
        let mut v = vec![];
        if self.regular == self.shanten {
            v.push(Form::Regular);
        }
        if self.seven_pairs == Some(self.shanten) {
            v.push(Form::SevenPairs);
        }
        if self.thirteen_orphans == Some(self.shanten) {
            v.push(Form::ThirteenOrphans);
        }
        v
    }
}

/// Shanten of a 3n+1 or 3n+2 hand (up to 17 tiles), or `None` for other sizes.
pub fn shanten(hand: &Hand, forms: Forms) -> Option<Shanten> {
    let len = hand.len();
    let regular = regular_of_len(hand, len)?;
    let (seven_pairs, thirteen_orphans) = match len {
        13 | 14 => {
            let (p, o) = special_forms(hand);
            (forms.seven_pairs.then_some(p), forms.thirteen_orphans.then_some(o))
        }
        _ => (None, None),
    };
    let best = regular.min(seven_pairs.unwrap_or(i32::MAX)).min(thirteen_orphans.unwrap_or(i32::MAX));
    Some(Shanten { shanten: best, regular, seven_pairs, thirteen_orphans })
}

/// Best shanten over allowed forms, from cached regular profiles (used by advice).
pub(crate) fn best_with_profiles(hand: &Hand, p: &[SuitProfile; 4], forms: Forms) -> i32 {
    let mut best = regular_from_profiles(p, hand.len(), hand.wild);
    if forms.seven_pairs {
        best = best.min(seven_pairs_shanten(hand).unwrap_or(i32::MAX));
    }
    if forms.thirteen_orphans {
        best = best.min(thirteen_orphans_shanten(hand).unwrap_or(i32::MAX));
    }
    best
}
