//! The per-hand solver: the suit's counts, each tractor shape's chains as packed deltas,
//! the memos every format of the hand shares, and the search that finds a plan's first match.

use super::*;

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
