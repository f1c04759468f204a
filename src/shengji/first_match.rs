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
//! Speed: counts live in one `u128` (7 bits per slot with a guard bit), so a
//! chain's fit test and removal are one subtraction each; tuple-only
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
/// The guard bit of every slot.
const GUARD: u128 = {
    let mut g = 0u128;
    let mut s = 0;
    while s < MAX_SLOTS {
        g |= 64 << (LANE * s);
        s += 1;
    }
    g
};
/// Largest count the histogram tracks (5 bits per count value, 25 values).
const MAX_COUNT: u8 = 24;
/// Step codes: tuple sizes are below this, tractor shapes are this + shape id.
const TRACTOR_CODE: u32 = 256;
/// Emit codes for tuples and singles (tractors emit their search index).
const EMIT_TUPLE: u8 = 254;
const EMIT_SINGLE: u8 = 255;

#[inline]
fn lane(p: u128, slot: usize) -> u8 {
    ((p >> (LANE * slot)) & 127) as u8
}

#[inline]
fn fits(c: u128, d: u128) -> bool {
    ((c | GUARD) - d) & GUARD == GUARD
}

#[inline]
fn hist_bit(v: u8) -> u128 {
    const BITS: [u128; MAX_COUNT as usize + 1] = {
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

/// One search step of a plan.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// Tuples: the size; tractors: `TRACTOR_CODE` + shape id.
    code: u32,
    /// Tractors: index of the group in the format's canonical order.
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
/// first), the singles, and the order in which the match lists its groups
/// (the format's canonical order).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan<'a> {
    steps: &'a [Step],
    /// Per canonical group: a tractor's search index, `EMIT_TUPLE` or `EMIT_SINGLE`.
    emit: &'a [u8],
    /// Number of tractor steps (they come first).
    tractors: u8,
    /// Index (among all steps) where the final run of equal tuple sizes starts.
    last_run: u8,
    singles: u8,
    cards: u16,
}

#[derive(Clone, Copy, Debug)]
struct Header {
    steps: u32,
    emit: u32,
    len: u8,
    groups: u8,
    tractors: u8,
    last_run: u8,
    singles: u8,
    cards: u16,
}

/// The plans of one block of formats, stored contiguously (the hint list
/// walks them in order, so this keeps it streaming through memory).
#[derive(Debug, Default)]
pub(crate) struct Plans {
    headers: Vec<Option<Header>>,
    steps: Vec<Step>,
    emit: Vec<u8>,
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
            emit: &self.emit[h.emit as usize..h.emit as usize + h.groups as usize],
            tractors: h.tractors,
            last_run: h.last_run,
            singles: h.singles,
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
        tractors.sort_by(|&a, &b| sum(b).cmp(&sum(a)).then(groups[b].cmp(&groups[a])));
        let mut tuples: Vec<u8> = groups.iter().filter(|g| g.len() == 1 && g[0] >= 2).map(|g| g[0]).collect();
        tuples.sort_unstable_by(|a, b| b.cmp(a));
        let singles = groups.iter().filter(|g| g.len() == 1 && g[0] == 1).count();
        let first = self.steps.len();
        for &g in &tractors {
            self.steps.push(Step { code: TRACTOR_CODE + ids.shape(&groups[g]), group: g as u8, suffix: 0 });
        }
        self.steps.extend(tuples.iter().map(|&t| Step { code: t as u32, group: 0, suffix: 0 }));
        let steps = &mut self.steps[first..];
        let mut rest = 0;
        for step in steps.iter_mut().rev() {
            rest = ids.suffix(step.code, rest);
            step.suffix = rest;
        }
        let k = tractors.len();
        let mut last_run = steps.len();
        while last_run > k && steps[last_run - 1].code == steps.last().map_or(0, |s| s.code) {
            last_run -= 1;
        }
        let emit = self.emit.len();
        let mut used = vec![false; k];
        for g in groups {
            self.emit.push(if g.len() >= 2 {
                let q = (0..k).find(|&q| !used[q] && groups[tractors[q]] == *g).unwrap_or(0);
                used[q] = true;
                q as u8
            } else if g[0] >= 2 {
                EMIT_TUPLE
            } else {
                EMIT_SINGLE
            });
        }
        Some(Header {
            steps: first as u32,
            emit: emit as u32,
            len: (self.steps.len() - first) as u8,
            groups: groups.len() as u8,
            tractors: k as u8,
            last_run: last_run as u8,
            singles: singles as u8,
            cards: format.len() as u16,
        })
    }
}

/// Per-hand workspace: the suit's counts, each shape's chains (as packed
/// deltas), and the memos every format of the hand shares.
pub(crate) struct HandSolver {
    layout: SuitLayout,
    counts: Counts,
    slots: usize,
    packed: u128,
    hist: u128,
    total: usize,
    /// run[t]: most kinds in a row (by tractor adjacency) holding >= t each.
    run: [u8; MAX_COUNT as usize + 1],
    /// Shape id -> (start, len) in `deltas`; start `u32::MAX` = not computed yet.
    ranges: Vec<(u32, u32)>,
    deltas: Vec<u128>,
    /// Tractor sub-problems without a completion: (counts, (suffix << 16) | bound).
    dead: HashSet<(u128, u64), FxBuild>,
    /// Tuple-only packing: (histogram, suffix) -> the counts a kind may hold
    /// to take the next tuple (see `tail_values`).
    tail: HashMap<(u128, u32), u32, FxBuild>,
    /// Chosen chain index per tractor step of the current plan.
    path: Vec<u16>,
    /// Scratch: chosen slot per tuple, singles' slots.
    tuple_slots: Vec<u8>,
    single_slots: Vec<u8>,
}

impl HandSolver {
    /// `None` if some count is beyond what the packing holds (only possible
    /// with an invalid hand); callers then use the general matcher.
    pub(crate) fn new(layout: &SuitLayout, counts: Counts) -> Option<HandSolver> {
        let slots = layout.cards.len();
        if slots > MAX_SLOTS || counts.iter().any(|&c| c > MAX_COUNT) {
            return None;
        }
        let mut packed = 0u128;
        for (s, &c) in counts.iter().enumerate().take(slots) {
            packed |= (c as u128) << (LANE * s);
        }
        let mut solver = HandSolver {
            layout: layout.clone(),
            counts,
            slots,
            packed,
            hist: 0,
            run: runs(layout, &counts),
            total: counts.iter().map(|&c| c as usize).sum(),
            ranges: Vec::new(),
            deltas: Vec::new(),
            dead: HashSet::default(),
            tail: HashMap::default(),
            path: Vec::new(),
            tuple_slots: Vec::new(),
            single_slots: Vec::new(),
        };
        solver.hist = solver.histogram(packed);
        Some(solver)
    }

    fn histogram(&self, c: u128) -> u128 {
        let mut h = 0;
        let mut rest = c;
        for _ in 0..self.slots {
            h += hist_bit((rest & 127) as u8);
            rest >>= LANE;
        }
        h
    }

    /// The chain range of a tractor step, computed once per shape per hand.
    fn chain_range(&mut self, step: &Step, format: &Format) -> (usize, usize) {
        let id = step.shape_id();
        if id >= self.ranges.len() {
            self.ranges.resize(id + 1, (u32::MAX, 0));
        }
        if self.ranges[id].0 == u32::MAX {
            let shape = &format.groups()[step.group as usize];
            let start = self.deltas.len();
            let thinnest = shape.iter().copied().min().unwrap_or(0).min(MAX_COUNT);
            if self.run[thinnest as usize] as usize >= shape.len() {
                let mut deltas = std::mem::take(&mut self.deltas);
                for slot in 0..self.slots {
                    self.extend_chain(shape, slot, 0, &mut deltas);
                }
                self.deltas = deltas;
            }
            self.ranges[id] = (start as u32, (self.deltas.len() - start) as u32);
        }
        let (start, len) = self.ranges[id];
        (start as usize, len as usize)
    }

    /// Pushes the chains of `shape` whose first tuple sits at `slot` (as
    /// packed deltas, in the order of `matcher::chains`: by slot, then by
    /// successor slot).
    fn extend_chain(&self, shape: &[u8], slot: usize, acc: u128, out: &mut Vec<u128>) {
        let t = shape[0];
        if self.counts[slot] < t {
            return;
        }
        let acc = acc + ((t as u128) << (LANE * slot));
        if shape.len() == 1 {
            out.push(acc);
            return;
        }
        let mut next = self.layout.succ[slot];
        while next != 0 {
            let n = next.trailing_zeros() as usize;
            next &= next - 1;
            self.extend_chain(&shape[1..], n, acc, out);
        }
    }

    /// Can the hand form the plan's format at all?
    pub(crate) fn can_form(&mut self, plan: &Plan<'_>, format: &Format) -> bool {
        self.search(plan, format)
    }

    /// Runs the tractor search (leaving the chosen chains in `path`).
    fn search(&mut self, plan: &Plan<'_>, format: &Format) -> bool {
        if self.total < plan.cards as usize {
            return false;
        }
        let k = plan.tractors as usize;
        for step in &plan.steps[..k] {
            if self.chain_range(step, format).1 == 0 {
                return false;
            }
        }
        self.path.clear();
        self.path.resize(k, 0);
        if k == 0 {
            let h = self.hist;
            return self.tail_ok(plan, h, 0);
        }
        self.tractor_dfs(plan, self.packed, 0, 0)
    }

    fn tractor_dfs(&mut self, plan: &Plan<'_>, c: u128, j: usize, bound: u16) -> bool {
        let k = plan.tractors as usize;
        if j == k {
            let h = self.histogram(c);
            return self.tail_ok(plan, h, k);
        }
        let step = plan.steps[j];
        let (start, len) = self.ranges[step.shape_id()];
        let (start, len) = (start as usize, len as usize);
        let next = plan.steps.get(j + 1).filter(|_| j + 1 < k);
        let same_next = next.is_some_and(|n| n.code == step.code);
        for idx in bound as usize..len {
            let d = self.deltas[start + idx];
            if !fits(c, d) {
                continue;
            }
            let child = c - d;
            let nb = if same_next { idx as u16 } else { 0 };
            if let Some(n) = next {
                if self.dead.contains(&(child, ((n.suffix as u64) << 16) | nb as u64)) {
                    continue;
                }
            }
            if self.tractor_dfs(plan, child, j + 1, nb) {
                self.path[j] = idx as u16;
                return true;
            }
        }
        // The root is one format's own problem: nobody asks for it again.
        if j > 0 {
            self.dead.insert((c, ((step.suffix as u64) << 16) | bound as u64));
        }
        false
    }

    /// Exact feasibility of the tuple steps `i..` on a count histogram.
    fn tail_ok(&mut self, plan: &Plan<'_>, h: u128, i: usize) -> bool {
        let n = plan.steps.len();
        if i >= n {
            return true;
        }
        let t = plan.steps[i].size();
        if i >= plan.last_run as usize {
            // One size left: kinds hold c / t tuples each.
            let have: u32 = (t..=MAX_COUNT).map(|v| hist_lane(h, v) * (v / t) as u32).sum();
            return have as usize >= n - i;
        }
        self.tail_values(plan, h, i) != 0
    }

    /// For tuple step `i` (before the final run): the set (bit v) of counts
    /// v such that putting the tuple on a kind holding v leaves the rest
    /// packable. Which kind does not matter, only its count, so one memo
    /// entry answers every slot the first-match walk tries.
    fn tail_values(&mut self, plan: &Plan<'_>, h: u128, i: usize) -> u32 {
        let key = (h, plan.steps[i].suffix);
        if let Some(&mask) = self.tail.get(&key) {
            return mask;
        }
        let t = plan.steps[i].size();
        let mut mask = 0u32;
        for v in t..=MAX_COUNT {
            if hist_lane(h, v) != 0 && self.tail_ok(plan, h - hist_bit(v) + hist_bit(v - t), i + 1) {
                mask |= 1 << v;
            }
        }
        self.tail.insert(key, mask);
        mask
    }

    /// The cards of the first match of `plan` (whose format is `format`),
    /// exactly as `Matcher::first().map(|m| m.cards())` gives them.
    pub(crate) fn first_cards(&mut self, plan: &Plan<'_>, format: &Format) -> Option<Vec<Card>> {
        if !self.search(plan, format) {
            return None;
        }
        let k = plan.tractors as usize;
        let mut c = self.packed;
        for j in 0..k {
            let (start, _) = self.ranges[plan.steps[j].shape_id()];
            c -= self.deltas[start as usize + self.path[j] as usize];
        }
        // Tuples one at a time, lowest slot first, keeping the rest packable.
        let mut tuple_slots = std::mem::take(&mut self.tuple_slots);
        tuple_slots.clear();
        let h0 = self.histogram(c);
        let mut h = h0;
        // The leftover counts as bytes for the walk.
        let mut cs = [0u8; MAX_SLOTS];
        let mut rest = c;
        for x in cs.iter_mut().take(self.slots) {
            *x = (rest & 127) as u8;
            rest >>= LANE;
        }
        let n = plan.steps.len();
        let mut lo = 0;
        let mut i = k;
        while i < n {
            let t = plan.steps[i].size();
            if i > k && plan.steps[i - 1].size() != t {
                lo = 0;
            }
            if i >= plan.last_run as usize {
                // The final run always fits: fill the lowest slots.
                let mut left = n - i;
                for s in lo..self.slots {
                    let take = ((cs[s] / t) as usize).min(left);
                    for _ in 0..take {
                        tuple_slots.push(s as u8);
                    }
                    cs[s] -= take as u8 * t;
                    left -= take;
                }
                if left > 0 {
                    self.tuple_slots = tuple_slots;
                    return None; // unreachable: the search proved it fits
                }
                break;
            }
            let mut placed = false;
            let values = self.tail_values(plan, h, i);
            for s in lo..self.slots {
                let v = cs[s];
                if v >= t && values & (1 << v) != 0 {
                    cs[s] -= t;
                    h = h - hist_bit(v) + hist_bit(v - t);
                    tuple_slots.push(s as u8);
                    lo = s;
                    placed = true;
                    break;
                }
            }
            if !placed {
                self.tuple_slots = tuple_slots;
                return None; // unreachable: the search proved it fits
            }
            i += 1;
        }
        // Singles: the weakest leftovers.
        let mut single_slots = std::mem::take(&mut self.single_slots);
        single_slots.clear();
        let mut need = plan.singles as usize;
        for s in 0..self.slots {
            if need == 0 {
                break;
            }
            let take = (cs[s] as usize).min(need);
            for _ in 0..take {
                single_slots.push(s as u8);
            }
            need -= take;
        }
        // Groups in the format's canonical order.
        let cards = &self.layout.cards;
        let mut out = Vec::with_capacity(plan.cards as usize);
        let (mut ti, mut si) = (0, 0);
        for &e in plan.emit {
            match e {
                EMIT_SINGLE => {
                    out.push(cards[single_slots[si] as usize]);
                    si += 1;
                }
                EMIT_TUPLE => {
                    let t = plan.steps[k + ti].size();
                    out.extend(std::iter::repeat_n(cards[tuple_slots[ti] as usize], t as usize));
                    ti += 1;
                }
                q => {
                    let q = q as usize;
                    let (start, _) = self.ranges[plan.steps[q].shape_id()];
                    let mut d = self.deltas[start as usize + self.path[q] as usize];
                    // The chain's slots, lowest first (its nonzero lanes).
                    while d != 0 {
                        let s = d.trailing_zeros() as usize / LANE;
                        out.extend(std::iter::repeat_n(cards[s], lane(d, s) as usize));
                        d &= !(127u128 << (LANE * s));
                    }
                }
            }
        }
        self.tuple_slots = tuple_slots;
        self.single_slots = single_slots;
        Some(out)
    }
}
