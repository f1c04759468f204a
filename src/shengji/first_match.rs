//! The hint list's fast path: every format of a decomposition compiled once into
//! a [`Plan`] (integer shape and suffix ids), and a per-hand [`HandSolver`] that
//! finds each plan's first match — exactly the [`Matcher`](super::Matcher)'s
//! first match — with chains and memos shared by every format of the hand.
//!
//! Why it is the same match: the matcher's first match is the first leaf of a
//! depth-first search whose options come in a fixed order (tractors by size,
//! each over its chains; then each tuple size by multiset counting, i.e. the
//! sorted slot sequences in lexicographic order; singles the weakest left).
//! Taking, step by step, the first option whose remainder can still be
//! completed gives that leaf. For tractors the solver runs the same search
//! (same chain order, same non-decreasing bound among identical tractors);
//! for tuples it places one tuple at a time, lowest slot first, keeping a
//! tuple only if the rest still packs (the exact, memoised bin packing); the
//! last run of equal tuple sizes always fits and is filled lowest slot first.
//!
//! Speed: counts live in one `u128` (7 bits per slot with a guard bit, nine
//! slots per 64-bit half), so a chain's fit test and removal are one
//! subtraction each; the search carries only what a plan's leaf test needs; tuple-only
//! remainders are keyed on the count histogram (5 bits per count value), which
//! is what tuple packing depends on; dead tractor sub-problems are keyed on
//! (counts, remaining-steps id, bound), where the id names the remaining steps
//! of *any* format, so one memo serves the whole hint list.

use super::format::Format;
use super::matcher::{Counts, FxBuild};
use super::trump::{SuitLayout, MAX_SLOTS};
use crate::cards::Card;
use std::collections::{HashMap, HashSet};

/// Bits per slot in packed counts: 6 value bits and a guard bit.
const LANE: usize = 7;
/// Slots per 64-bit half of the packed counts (slot s sits in half s / 9 at
/// bit 7 * (s % 9), so reading one is a 64-bit shift; bit 63 stays empty).
const PER_HALF: usize = 9;

/// The bit where slot `s`'s lane starts.
#[inline]
const fn lane_bit(s: usize) -> usize {
    64 * (s / PER_HALF) + LANE * (s % PER_HALF)
}

const _: () = assert!(MAX_SLOTS <= 2 * PER_HALF);

/// The guard bit of every slot.
const GUARD: u128 = {
    let mut g = 0u128;
    let mut s = 0;
    while s < MAX_SLOTS {
        g |= 64 << lane_bit(s);
        s += 1;
    }
    g
};

/// Largest count the histogram tracks (5 bits per count value, 25 values).
const MAX_COUNT: u8 = 24;
/// Step codes: tuple sizes are below this, tractor shapes are this + shape id.
const TRACTOR_CODE: u32 = 256;

#[inline]
fn lane(p: u128, slot: usize) -> u8 {
    let half = if slot < PER_HALF { p as u64 } else { (p >> 64) as u64 };
    ((half >> (LANE * (slot % PER_HALF))) & 127) as u8
}

#[inline]
fn fits(c: u128, d: u128) -> bool {
    ((c | GUARD) - d) & GUARD == GUARD
}

#[inline]
fn hist_bit(v: u8) -> u128 {
    static BITS: [u128; MAX_COUNT as usize + 1] = {
        let mut b = [0u128; MAX_COUNT as usize + 1];
        let mut v = 0;
        while v <= MAX_COUNT as usize {
            b[v] = 1 << (5 * v);
            v += 1;
        }
        b
    };
    BITS[v as usize]
}

#[inline]
fn hist_lane(h: u128, v: u8) -> u32 {
    ((h >> (5 * v as usize)) & 31) as u32
}

/// run[t] for every t: the longest path of adjacent kinds holding >= t each
/// (slots are in level order, so one pass in slot order suffices).
fn runs(layout: &SuitLayout, counts: &Counts) -> [u8; MAX_COUNT as usize + 1] {
    let slots = layout.cards.len();
    let mut out = [0u8; MAX_COUNT as usize + 1];
    for (t, best) in out.iter_mut().enumerate() {
        let mut len = [0u8; MAX_SLOTS];
        for s in 0..slots {
            if (counts[s] as usize) < t {
                continue;
            }
            let here = len[s].max(1);
            *best = (*best).max(here);
            let mut next = layout.succ[s];
            while next != 0 {
                let n = next.trailing_zeros() as usize;
                next &= next - 1;
                len[n] = len[n].max(here + 1);
            }
        }
    }
    out
}

/// Interned ids shared by every plan of one decomposition: tractor shapes,
/// and suffixes of step lists (so a remaining sub-problem has the same id
/// whichever format it came from). Id 0 is the empty suffix.
#[derive(Debug, Default)]
pub(crate) struct PlanIds {
    shapes: HashMap<Vec<u8>, u32>,
    suffixes: HashMap<(u32, u32), u32>,
}

impl PlanIds {
    fn shape(&mut self, shape: &[u8]) -> u32 {
        let next = self.shapes.len() as u32;
        *self.shapes.entry(shape.to_vec()).or_insert(next)
    }

    fn suffix(&mut self, code: u32, rest: u32) -> u32 {
        let next = self.suffixes.len() as u32 + 1;
        *self.suffixes.entry((code, rest)).or_insert(next)
    }
}

/// What the tractor search checks at its leaves, by the tuples a plan has
/// after its tractors (and what it carries down the search for that).
#[derive(Clone, Copy, Debug)]
enum LeafTest {
    /// No tuples: any placement of the tractors leaves room for the singles.
    Always,
    /// One tuple size: enough t-tuples left (it carries that number).
    Capacity { t: u8, need: u32 },
    /// Several sizes: the packing memo on the count histogram (it carries the histogram).
    Packing,
}

/// What `test` tracks after a chain (touching the slots in `touched`) takes
/// counts `c` to `child`, given its value `h` before.
#[inline]
fn tracked(test: LeafTest, c: u128, child: u128, mut touched: u32, h: u128) -> u128 {
    let mut h = h;
    match test {
        LeafTest::Always => {}
        LeafTest::Capacity { t, .. } => {
            // The t-tuples the touched kinds no longer give.
            let quotient = &QUOTIENT[t as usize];
            while touched != 0 {
                let s = touched.trailing_zeros() as usize;
                touched &= touched - 1;
                h -= (quotient[lane(c, s) as usize] - quotient[lane(child, s) as usize]) as u128;
            }
        }
        LeafTest::Packing => {
            // Move each touched slot's kind to its new count.
            while touched != 0 {
                let s = touched.trailing_zeros() as usize;
                touched &= touched - 1;
                h = h - hist_bit(lane(c, s)) + hist_bit(lane(child, s));
            }
        }
    }
    h
}

/// One search step of a plan.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// Tuples: the size; tractors: `TRACTOR_CODE` + shape id.
    code: u32,
    /// Index of the step's group in the format's canonical order.
    group: u8,
    /// Id of the steps from this one to the end.
    suffix: u32,
}

impl Step {
    fn size(&self) -> u8 {
        self.code as u8
    }

    fn shape_id(&self) -> usize {
        (self.code - TRACTOR_CODE) as usize
    }
}

/// A format compiled for the solver (a view into its block's [`Plans`]):
/// tractors in the matcher's search order, then one step per tuple (largest
/// first); the singles are whatever the match still needs. `order` lists the
/// steps as the match lists their groups (the format's canonical order, where
/// singles come last).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan<'a> {
    steps: &'a [Step],
    /// The steps' indices in the order their cards appear in the match.
    order: &'a [u8],
    /// Number of tractor steps (they come first).
    tractors: u8,
    /// Index (among all steps) where the final run of equal tuple sizes starts.
    last_run: u8,
    cards: u16,
}

#[derive(Clone, Copy, Debug)]
struct Header {
    steps: u32,
    len: u8,
    tractors: u8,
    last_run: u8,
    cards: u16,
}

/// The plans of one block of formats, stored contiguously (the hint list
/// walks them in order, so this keeps it streaming through memory).
#[derive(Debug, Default)]
pub(crate) struct Plans {
    headers: Vec<Option<Header>>,
    steps: Vec<Step>,
    /// Per step (parallel to `steps`): each plan's output order.
    order: Vec<u8>,
}

impl Plans {
    pub(crate) fn compile(formats: &[Format], ids: &mut PlanIds) -> Plans {
        let mut plans = Plans::default();
        for f in formats {
            let h = plans.push(f, ids);
            plans.headers.push(h);
        }
        plans
    }

    /// The plan of format `k` of the block; `None` if the format is too large
    /// for the compact encoding (more than 250 groups or 65,535 cards), in
    /// which case callers use the general matcher.
    pub(crate) fn get(&self, k: usize) -> Option<Plan<'_>> {
        let h = (*self.headers.get(k)?)?;
        Some(Plan {
            steps: &self.steps[h.steps as usize..h.steps as usize + h.len as usize],
            order: &self.order[h.steps as usize..h.steps as usize + h.len as usize],
            tractors: h.tractors,
            last_run: h.last_run,
            cards: h.cards,
        })
    }

    fn push(&mut self, format: &Format, ids: &mut PlanIds) -> Option<Header> {
        let groups = format.groups();
        if groups.len() > 250 || format.len() > u16::MAX as usize {
            return None;
        }
        // Tractors: largest first, then shape descending (as the matcher).
        let mut tractors: Vec<usize> = (0..groups.len()).filter(|&g| groups[g].len() >= 2).collect();
        let sum = |g: usize| groups[g].iter().map(|&t| t as u32).sum::<u32>();
        crate::small_sort::sort_by(&mut tractors, |&a, &b| sum(b).cmp(&sum(a)).then(groups[b].cmp(&groups[a])));
        let mut tuples: Vec<u8> = groups.iter().filter(|g| g.len() == 1 && g[0] >= 2).map(|g| g[0]).collect();
        crate::small_sort::sort_by(&mut tuples, |a, b| b.cmp(a));
        let plain = (0..groups.len()).filter(|&g| groups[g].len() == 1 && groups[g][0] >= 2);
        let first = self.steps.len();
        for &g in &tractors {
            self.steps.push(Step { code: TRACTOR_CODE + ids.shape(&groups[g]), group: g as u8, suffix: 0 });
        }
        // Plain tuples: largest first, as they stand in the canonical order.
        self.steps.extend(tuples.iter().zip(plain).map(|(&t, g)| Step { code: t as u32, group: g as u8, suffix: 0 }));
        let steps = &mut self.steps[first..];
        let mut rest = 0;
        for step in steps.iter_mut().rev() {
            rest = ids.suffix(step.code, rest);
            step.suffix = rest;
        }
        let mut order: Vec<u8> = (0..steps.len() as u8).collect();
        crate::small_sort::sort_by_key(&mut order, |&i| steps[i as usize].group);
        self.order.extend(order);
        let k = tractors.len();
        let mut last_run = steps.len();
        while last_run > k && steps[last_run - 1].code == steps.last().map_or(0, |s| s.code) {
            last_run -= 1;
        }
        Some(Header {
            steps: first as u32,
            len: (self.steps.len() - first) as u8,
            tractors: k as u8,
            last_run: last_run as u8,
            cards: format.len() as u16,
        })
    }
}

/// `QUOTIENT[t][v]` = v / t (the tuples of size t a kind holding v gives).
static QUOTIENT: [[u8; MAX_COUNT as usize + 1]; MAX_COUNT as usize + 1] = {
    let mut q = [[0u8; MAX_COUNT as usize + 1]; MAX_COUNT as usize + 1];
    let mut t = 1;
    while t <= MAX_COUNT as usize {
        let mut v = 0;
        while v <= MAX_COUNT as usize {
            q[t][v] = (v / t) as u8;
            v += 1;
        }
        t += 1;
    }
    q
};

/// How many tuples of size `t` a count histogram holds (each kind gives
/// count / t); walks only the nonzero lanes from `t` up.
#[inline]
fn tuples_of(h: u128, t: u8) -> u32 {
    if t > MAX_COUNT {
        return 0; // no kind holds that many
    }
    let quotient = &QUOTIENT[t as usize];
    let mut x = h >> (5 * t as usize);
    let mut v = t as usize;
    let mut have = 0u32;
    while x != 0 {
        let skip = x.trailing_zeros() as usize / 5;
        x >>= 5 * skip;
        v += skip;
        have += (x & 31) as u32 * quotient[v] as u32;
        x >>= 5;
        v += 1;
    }
    have
}

mod solver;

pub(crate) use solver::HandSolver;
