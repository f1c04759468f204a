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
        tuples.sort_unstable_by(|a, b| b.cmp(a));
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

/// Per-hand workspace: the suit's counts, each shape's chains (as packed
/// deltas), and the memos every format of the hand shares.
pub(crate) struct HandSolver {
    layout: SuitLayout,
    slots: usize,
    packed: u128,
    hist: u128,
    total: usize,
    /// run[t]: most kinds in a row (by tractor adjacency) holding >= t each.
    run: [u8; MAX_COUNT as usize + 1],
    /// capacity[t]: how many t-tuples the hand holds (each kind gives count / t).
    capacity: [u32; MAX_COUNT as usize + 1],
    /// at_least[t]: bit mask of the slots holding >= t cards.
    at_least: [u32; MAX_COUNT as usize + 1],
    /// preds[s]: bit mask of the slots that `s` follows in a tractor.
    preds: [u32; MAX_SLOTS],
    /// Shape id -> (start, len) in `deltas`; start `u32::MAX` = not computed yet.
    ranges: Vec<(u32, u32)>,
    deltas: Vec<u128>,
    /// Per chain (parallel to `deltas`): the bit mask of the slots it uses.
    chain_slots: Vec<u32>,
    /// Tractor sub-problems without a completion: (counts, (suffix << 16) | bound).
    /// Only sub-problems with two or more tractors left are kept: with one
    /// left, scanning its chains costs about what the look-up does.
    dead: HashSet<(u128, u64), FxBuild>,
    /// Tuple-only packing: (histogram, suffix) -> the counts a kind may hold
    /// to take the next tuple (see `tail_values`).
    tail: HashMap<(u128, u32), u32, FxBuild>,
    /// Chosen chain index per tractor step of the last successful search.
    path: Vec<u16>,
    /// What the last successful search's tractors left: the counts, and what
    /// its leaf test tracked (the histogram when the plan has tuples of
    /// several sizes, which is the only case in which the walk reads it).
    leaf: (u128, u128),
    /// The `tail_values` of the leaf's first tuple step (when it has one
    /// before the final run), so the walk does not look it up again.
    leaf_values: u32,
    /// Per chain (parallel to `deltas`): its cards' run in `chain_cards`
    /// (start, len), built when a match first uses the chain.
    chain_runs: Vec<(u32, u32)>,
    chain_cards: Vec<Card>,
    /// Scratch for the walk: the slot of each tuple.
    tuple_slots: Vec<u8>,
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
        let mut hist = 0u128;
        for (s, &c) in counts.iter().enumerate().take(slots) {
            packed |= (c as u128) << lane_bit(s);
            hist += hist_bit(c);
        }
        Some(HandSolver {
            layout: layout.clone(),
            slots,
            packed,
            hist,
            run: runs(layout, &counts),
            preds: std::array::from_fn(|n| (0..slots).filter(|&s| layout.succ[s] & 1 << n != 0).fold(0, |m, s| m | 1 << s)),
            capacity: std::array::from_fn(|t| if t == 0 { 0 } else { tuples_of(hist, t as u8) }),
            at_least: std::array::from_fn(|t| {
                (0..slots).filter(|&s| counts[s] as usize >= t).fold(0, |m, s| m | 1 << s)
            }),
            total: counts.iter().map(|&c| c as usize).sum(),
            ranges: Vec::new(),
            deltas: Vec::new(),
            chain_slots: Vec::new(),
            dead: HashSet::default(),
            tail: HashMap::default(),
            path: Vec::new(),
            leaf: (packed, hist),
            leaf_values: 0,
            chain_runs: Vec::new(),
            chain_cards: Vec::new(),
            tuple_slots: Vec::new(),
        })
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
                // viable[i]: slots where a chain of shape[i..] can start, so
                // the walk below only steps onto slots that lead to a chain.
                // (The run check bounds the shape's length by the slots.)
                let mut viable = [0u32; MAX_SLOTS];
                let m = shape.len();
                let mut before_later = u32::MAX; // slots with a successor in viable[i + 1]
                for i in (0..m).rev() {
                    let here = match shape[i] {
                        t if t > MAX_COUNT => 0,
                        t => self.at_least[t as usize],
                    } & before_later;
                    viable[i] = here;
                    before_later = 0;
                    let mut later = here;
                    while later != 0 {
                        before_later |= self.preds[later.trailing_zeros() as usize];
                        later &= later - 1;
                    }
                }
                let mut deltas = std::mem::take(&mut self.deltas);
                let mut masks = std::mem::take(&mut self.chain_slots);
                let mut starts = viable[0];
                while starts != 0 {
                    let slot = starts.trailing_zeros() as usize;
                    starts &= starts - 1;
                    self.extend_chain(shape, &viable[1..], slot, (0, 0), &mut deltas, &mut masks);
                }
                self.deltas = deltas;
                self.chain_slots = masks;
                self.chain_runs.resize(self.deltas.len(), (u32::MAX, 0));
            }
            self.ranges[id] = (start as u32, (self.deltas.len() - start) as u32);
        }
        let (start, len) = self.ranges[id];
        (start as usize, len as usize)
    }

    /// Pushes the chains of `shape` whose first tuple sits at `slot` (as
    /// packed deltas with their slot masks, in the order of
    /// `matcher::chains`: by slot, then by successor slot); `viable[i]` are
    /// the slots where the rest of the shape from `shape[i + 1]` can start.
    fn extend_chain(&self, shape: &[u8], viable: &[u32], slot: usize, acc: (u128, u32), deltas: &mut Vec<u128>, masks: &mut Vec<u32>) {
        let acc = (acc.0 + ((shape[0] as u128) << lane_bit(slot)), acc.1 | 1 << slot);
        if shape.len() == 1 {
            deltas.push(acc.0);
            masks.push(acc.1);
            return;
        }
        let mut next = self.layout.succ[slot] & viable[0];
        while next != 0 {
            let n = next.trailing_zeros() as usize;
            next &= next - 1;
            self.extend_chain(&shape[1..], &viable[1..], n, acc, deltas, masks);
        }
    }

    /// Writes chain `at`'s cards (its slots lowest first) to `chain_cards`.
    fn build_chain_run(&mut self, at: usize) -> (u32, u32) {
        let start = self.chain_cards.len();
        let d = self.deltas[at];
        let mut touched = self.chain_slots[at];
        while touched != 0 {
            let s = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            self.chain_cards.extend(std::iter::repeat_n(self.layout.cards[s], lane(d, s) as usize));
        }
        let run = (start as u32, (self.chain_cards.len() - start) as u32);
        self.chain_runs[at] = run;
        run
    }

    /// Can the hand form the plan's format at all?
    pub(crate) fn can_form(&mut self, plan: &Plan<'_>, format: &Format) -> bool {
        self.search(plan, format)
    }

    /// Runs the tractor search; on success leaves the chosen chains in
    /// `path` and what they leave in `leaf`.
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
        if k == 0 {
            self.leaf = (self.packed, self.hist);
            return self.leaf_ok(plan, self.hist);
        }
        if self.path.len() < k {
            self.path.resize(k, 0); // the search sets every entry it uses
        }
        // What the search tracks for the tuples after the tractors.
        let n = plan.steps.len();
        let (test, root) = if n == k {
            (LeafTest::Always, 0)
        } else if plan.last_run as usize == k {
            let t = plan.steps[k].size();
            if t > MAX_COUNT {
                return false; // no kind holds that many
            }
            (LeafTest::Capacity { t, need: (n - k) as u32 }, self.capacity[t as usize] as u128)
        } else {
            (LeafTest::Packing, self.hist)
        };
        self.tractor_dfs(plan, test, self.packed, root, 0, 0)
    }

    /// Places tractor step `j` (and the rest) on counts `c`, trying chains
    /// from index `bound` on; `h` is what `test` tracks for the tuples.
    fn tractor_dfs(&mut self, plan: &Plan<'_>, test: LeafTest, c: u128, h: u128, j: usize, bound: u16) -> bool {
        let k = plan.tractors as usize;
        let step = plan.steps[j];
        let (start, len) = self.ranges[step.shape_id()];
        let (start, len) = (start as usize, len as usize);
        let next = plan.steps.get(j + 1).filter(|_| j + 1 < k).copied();
        let same_next = next.is_some_and(|n| n.code == step.code);
        // The child's sub-problem is memoised only with two or more tractors left.
        let memo_child = j + 2 < k;
        for idx in bound as usize..len {
            let d = self.deltas[start + idx];
            if !fits(c, d) {
                continue;
            }
            let child = c - d;
            let nb = if same_next { idx as u16 } else { 0 };
            if let (true, Some(n)) = (memo_child, next) {
                if self.dead.contains(&(child, ((n.suffix as u64) << 16) | nb as u64)) {
                    continue;
                }
            }
            let child_h = tracked(test, c, child, self.chain_slots[start + idx], h);
            let done = if next.is_none() {
                self.leaf_pass(plan, test, child, child_h)
            } else {
                self.tractor_dfs(plan, test, child, child_h, j + 1, nb)
            };
            if done {
                self.path[j] = idx as u16;
                return true;
            }
        }
        // The root is one format's own problem: nobody asks for it again.
        if j > 0 && j + 1 < k {
            self.dead.insert((c, ((step.suffix as u64) << 16) | bound as u64));
        }
        false
    }

    /// The leaf test on what the tractors left; on success it becomes the leaf.
    #[inline]
    fn leaf_pass(&mut self, plan: &Plan<'_>, test: LeafTest, c: u128, h: u128) -> bool {
        let ok = match test {
            LeafTest::Always => true,
            LeafTest::Capacity { need, .. } => h >= need as u128,
            LeafTest::Packing => self.leaf_ok(plan, h),
        };
        if ok {
            self.leaf = (c, h);
        }
        ok
    }

    /// Exact feasibility of the tuple steps after the tractors, keeping the
    /// first step's `tail_values` for the walk.
    fn leaf_ok(&mut self, plan: &Plan<'_>, h: u128) -> bool {
        let k = plan.tractors as usize;
        if k < plan.last_run as usize {
            self.leaf_values = self.tail_values(plan, h, k);
            self.leaf_values != 0
        } else {
            self.tail_ok(plan, h, k)
        }
    }

    /// Exact feasibility of the tuple steps `i..` on a count histogram.
    fn tail_ok(&mut self, plan: &Plan<'_>, h: u128, i: usize) -> bool {
        let n = plan.steps.len();
        if i >= n {
            return true;
        }
        if i >= plan.last_run as usize {
            // One size left: kinds hold count / t tuples each.
            return tuples_of(h, plan.steps[i].size()) as usize >= n - i;
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

    /// Appends the cards of the first match of `plan` (whose format is
    /// `format`) with `extra` more single cards to `out`, exactly as
    /// `Matcher::first().map(|m| m.cards())` gives them for that format with
    /// the singles added; false (and `out` untouched) if the hand cannot form it.
    pub(crate) fn first_cards(&mut self, plan: &Plan<'_>, format: &Format, extra: usize, out: &mut Vec<Card>) -> bool {
        if self.total < plan.cards as usize + extra || !self.search(plan, format) {
            return false;
        }
        // What the tractors left, as bytes.
        let (c, mut h) = self.leaf;
        let mut cs: [u8; MAX_SLOTS] = std::array::from_fn(|s| lane(c, s));
        // Tuples one at a time, lowest slot first, keeping the rest packable.
        let k = plan.tractors as usize;
        let n = plan.steps.len();
        let mut tuple_slots = std::mem::take(&mut self.tuple_slots);
        tuple_slots.clear();
        let mut lo = 0;
        for i in k..n {
            let t = plan.steps[i].size();
            if i > k && plan.steps[i - 1].size() != t {
                lo = 0;
            }
            let s = if i >= plan.last_run as usize {
                // The final run always fits: the lowest slot that holds one.
                (lo..self.slots).find(|&s| cs[s] >= t)
            } else {
                let values = if i == k { self.leaf_values } else { self.tail_values(plan, h, i) };
                (lo..self.slots).find(|&s| cs[s] >= t && values & (1 << cs[s]) != 0)
            };
            let Some(s) = s else {
                debug_assert!(false, "the search proved the tuples fit");
                self.tuple_slots = tuple_slots;
                return false;
            };
            let v = cs[s];
            cs[s] -= t;
            if i + 1 < plan.last_run as usize {
                // The next tuple looks up the packing memo on this histogram.
                h = h - hist_bit(v) + hist_bit(v - t);
            }
            tuple_slots.push(s as u8);
            lo = s;
        }
        // The match, group by group in output order.
        let cards = plan.cards as usize;
        out.reserve(cards + extra);
        let end = out.len() + cards + extra;
        for &i in plan.order {
            let i = i as usize;
            let step = plan.steps[i];
            if i < k {
                // A tractor: its chain's cards (built once per chain and hand).
                let at = self.ranges[step.shape_id()].0 as usize + self.path[i] as usize;
                let (start, len) = match self.chain_runs[at] {
                    (u32::MAX, _) => self.build_chain_run(at),
                    run => run,
                };
                out.extend_from_slice(&self.chain_cards[start as usize..(start + len) as usize]);
            } else {
                let card = self.layout.cards[tuple_slots[i - k] as usize];
                out.extend(std::iter::repeat_n(card, step.size() as usize));
            }
        }
        // Singles (the match's last groups): the weakest leftovers.
        let kinds = &self.layout.cards;
        for (s, &x) in cs.iter().enumerate().take(self.slots) {
            if out.len() == end {
                break;
            }
            out.extend(std::iter::repeat_n(kinds[s], (x as usize).min(end - out.len())));
        }
        self.tuple_slots = tuple_slots;
        true
    }
}
