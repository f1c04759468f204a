//! What a follower must form: the first format of a lead's *weaker sequence*
//! that a hand can form, found by search instead of by listing the sequence.
//!
//! The weaker sequence (docs/shengji.md, "The weaker sequence"): a lead's
//! single cards are already fully decomposed and stay; the rest of the lead,
//! its *core* of M cards, walks down the decomposition ordering of M cards
//! from its own format. That ordering puts partitions in reverse
//! lexicographic order, then fewer groups first, then groups in descending
//! lexicographic order. Beyond ~20 cards it has far too many formats to list
//! (a 32-card core has millions), so the walk is replaced by two searches
//! that give the same answer:
//!
//! 1. **The partition.** Every format of a partition needs the hand to hold
//!    its tuples at least as plain tuples, and the plain format is the last
//!    (weakest) of its block. So the answer lies in the first partition at or
//!    after the core's whose tuples the hand can pack. It is found greedily,
//!    largest part first: a packable prefix always completes with singles
//!    (the hand holds enough cards of the suit), and a smaller tuple fits
//!    wherever a larger one did.
//! 2. **The grouping.** Inside that partition, for each number of groups
//!    from the fewest the hand could chain, a depth-first search builds the
//!    groups strongest first: each group's tuple sizes in descending
//!    lexicographic order, together with every chain of slots where it fits;
//!    partial states are pruned when what is left cannot even be packed as
//!    plain tuples or chained into few enough groups. The first complete
//!    list is the strongest format of that many groups the hand can form.
//!
//! The search counts its nodes: past [`BUDGET`] it stops and answers the
//! partition's plain format (which the hand can form, and which comes no
//! earlier than the answer). The tests and the worst-case harness never reach
//! the budget; it only bounds what a hostile or absurd position can cost.

use super::format::{Format, TractorRules};
use super::matcher::{Counts, FxBuild};
use super::trump::{SuitLayout, MAX_SLOTS};
use std::collections::HashMap;
use std::rc::Rc;

/// Largest tuple size (one card's copies, at most 16 decks).
const MAX_TUPLE: usize = 16;

/// Search nodes allowed for one question (see the module docs).
pub(crate) const BUDGET: u32 = 100_000;

/// Plain packing results, (count histogram, tuples) → packable, shared by
/// every search on this thread, emptied when it reaches this many entries.
const PACK_MEMO_CAP: usize = 1 << 18;

thread_local! {
    static PACK_MEMO: std::cell::RefCell<HashMap<(u128, u128), bool, FxBuild>> = std::cell::RefCell::new(HashMap::default());
}

/// A multiset of tuple sizes 2..=16: `self.0[t]` tuples of size `t`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct Tuples([u8; MAX_TUPLE + 1]);

impl Tuples {
    fn from_sizes(sizes: impl IntoIterator<Item = u8>) -> Tuples {
        let mut t = Tuples::default();
        for s in sizes {
            t.0[(s as usize).min(MAX_TUPLE)] += 1;
        }
        t
    }
    fn count(&self) -> usize {
        self.0[2..].iter().map(|&m| m as usize).sum()
    }
    fn is_empty(&self) -> bool {
        self.0[2..].iter().all(|&m| m == 0)
    }
    fn without(mut self, t: u8) -> Tuples {
        self.0[t as usize] -= 1;
        self
    }
    /// Distinct sizes present, largest first.
    fn sizes_desc(&self) -> impl Iterator<Item = u8> + '_ {
        (2..=MAX_TUPLE).rev().filter(|&t| self.0[t] > 0).map(|t| t as u8)
    }
    fn key(&self) -> u128 {
        self.0[2..].iter().fold(0u128, |k, &m| (k << 8) | m as u128)
    }
}

fn counts_key(c: &Counts) -> u128 {
    c.iter().fold(0u128, |k, &x| (k << 6) | (x.min(63) as u128))
}

/// Upper bound on the groups the next group may be: nothing, a group, or
/// (in the lead's own block) the rest of the lead's core from group `i` on.
#[derive(Clone, Copy)]
enum Bound {
    Free,
    /// The next group must not be stronger than this interned group.
    Below(u32),
    /// The remaining groups, as a list, must not be stronger than the
    /// start's groups from index `i` on.
    Tight(usize),
}

/// The strongest groups found, shared between memo entries.
type List = Rc<Vec<Vec<u8>>>;

/// One hand (one suit's counts) asked for the first format it can form.
pub(crate) struct Walk<'a> {
    sl: &'a SuitLayout,
    slots: usize,
    /// Level index (0..) of each slot; equal levels share an index.
    level: [u8; MAX_SLOTS],
    levels: usize,
    tractor: TractorRules,
    /// Longer-tuples protection: a t-tuple only from a kind held exactly t times.
    protect: bool,
    best_memo: HashMap<(u128, u128, u16, u32), Option<List>, FxBuild>,
    interned: HashMap<Vec<u8>, u32, FxBuild>,
    groups: Vec<Rc<[u8]>>,
    /// The start's non-single groups (for `Bound::Tight`).
    start: Vec<Vec<u8>>,
    /// True while the search for the current number of groups started
    /// without a tight bound: then every result equals the unbounded one
    /// (see `best`) and the memo leaves the bound out of its key.
    free_root: bool,
    nodes: u32,
}

impl<'a> Walk<'a> {
    pub(crate) fn new(sl: &'a SuitLayout, tractor: TractorRules, protect: bool) -> Walk<'a> {
        let slots = sl.cards.len();
        let mut level = [0u8; MAX_SLOTS];
        let base = sl.levels.iter().copied().min().unwrap_or(0);
        for (l, &x) in level.iter_mut().zip(&sl.levels) {
            *l = x - base;
        }
        let levels = level[..slots].iter().map(|&l| l as usize + 1).max().unwrap_or(0);
        Walk {
            sl,
            slots,
            level,
            levels,
            tractor,
            protect,
            best_memo: HashMap::default(),
            interned: HashMap::default(),
            groups: Vec::new(),
            start: Vec::new(),
            free_root: true,
            nodes: 0,
        }
    }

    /// Search nodes the last question used.
    #[cfg(test)]
    fn nodes(&self) -> u32 {
        self.nodes
    }

    /// True if the last question ran out of budget.
    pub(crate) fn exhausted(&self) -> bool {
        self.nodes > BUDGET
    }

    /// The first format at or after `start` in the decomposition ordering of
    /// `start.len()` cards that `counts` can form; with `plain_only`, only
    /// formats without sequences count (tractors-only after a lead without
    /// tractors). `None` only when the counts hold fewer cards than `start`.
    pub(crate) fn first_formable(&mut self, counts: &Counts, start: &Format, plain_only: bool) -> Option<Format> {
        let m = start.len();
        let total: usize = counts[..self.slots].iter().map(|&x| x as usize).sum();
        if total < m {
            return None;
        }
        self.nodes = 0;
        self.best_memo.clear();
        let start_parts = start.partition();
        let parts = self.first_partition(counts, &start_parts);
        let ones = parts.iter().filter(|&&t| t == 1).count();
        let tuples = Tuples::from_sizes(parts.iter().copied().filter(|&t| t >= 2));
        let same_block = parts == start_parts;
        self.start = start.groups().iter().filter(|g| g.as_slice() != [1]).cloned().collect();
        let plain = || {
            let mut groups: Vec<Vec<u8>> = parts.iter().map(|&t| vec![t]).collect();
            crate::small_sort::sort_by(&mut groups, |a, b| b.cmp(a));
            groups
        };
        // With no link possible the plain format is the only one the hand can
        // form in this block (and it is never earlier than the start).
        let groups = if plain_only || tuples.count() <= 1 || self.links_upper(counts, &tuples) == 0 {
            plain()
        } else {
            match self.block_first(counts, tuples, same_block) {
                Some(list) if !self.exhausted() => {
                    let mut g = list.as_ref().clone();
                    g.extend(std::iter::repeat_n(vec![1u8], ones));
                    g
                }
                _ => plain(),
            }
        };
        Some(Format::from_sorted(groups))
    }

    /// Can `c` hold every tuple of `r` as plain tuples?
    fn packable(&mut self, c: &Counts, r: &Tuples) -> bool {
        if r.is_empty() {
            return true;
        }
        // Plain tuples do not care which kind holds what: only how many
        // kinds hold each count (the histogram) matters.
        let mut h = [0u8; MAX_TUPLE + 1];
        for &x in &c[..self.slots] {
            h[(x as usize).min(MAX_TUPLE)] += 1;
        }
        if self.protect {
            return (2..=MAX_TUPLE).all(|t| r.0[t] <= h[t]);
        }
        self.pack(h, *r)
    }

    /// Exact bin packing on a count histogram, largest tuple first, memoised
    /// (the memo is shared by every question on this thread: the answer
    /// depends only on the histogram and the tuples).
    fn pack(&mut self, h: [u8; MAX_TUPLE + 1], r: Tuples) -> bool {
        let Some(t) = r.sizes_desc().next() else { return true };
        let t = t as usize;
        // Necessary: room for the largest tuples, and for all of them.
        let room = |size: usize| (size..=MAX_TUPLE).map(|v| h[v] as usize * (v / size)).sum::<usize>();
        if room(t) < r.0[t] as usize {
            return false;
        }
        let key = (h.iter().fold(0u128, |k, &m| (k << 5) | m.min(31) as u128), r.key());
        if let Some(v) = PACK_MEMO.with(|m| m.borrow().get(&key).copied()) {
            return v;
        }
        let rest = r.without(t as u8);
        // Best fit first: the smallest count that takes the tuple.
        let ok = (t..=MAX_TUPLE).filter(|&v| h[v] > 0).any(|v| {
            let mut next = h;
            next[v] -= 1;
            next[v - t] += 1;
            self.pack(next, rest)
        });
        PACK_MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() >= PACK_MEMO_CAP {
                m.clear();
            }
            m.insert(key, ok);
        });
        ok
    }

    /// Step 1: the first partition (parts descending) at or after `start`
    /// in reverse lexicographic order whose tuples `c` can pack.
    fn first_partition(&mut self, c: &Counts, start: &[u8]) -> Vec<u8> {
        let m: usize = start.iter().map(|&t| t as usize).sum();
        let mut parts: Vec<u8> = Vec::new();
        let mut tuples = Tuples::default();
        let mut rem = m;
        let mut tight = true;
        while rem > 0 {
            let i = parts.len();
            let mut hi = rem.min(parts.last().map_or(m, |&p| p as usize)).min(MAX_TUPLE);
            if tight {
                hi = hi.min(start.get(i).copied().unwrap_or(1) as usize);
            }
            let mut chosen = 1;
            for v in (2..=hi).rev() {
                let with = {
                    let mut t = tuples;
                    t.0[v] += 1;
                    t
                };
                if self.packable(c, &with) {
                    chosen = v;
                    tuples = with;
                    break;
                }
            }
            if chosen == 1 {
                parts.extend(std::iter::repeat_n(1u8, rem));
                break;
            }
            tight = tight && start.get(i) == Some(&(chosen as u8));
            parts.push(chosen as u8);
            rem -= chosen;
        }
        parts
    }

    /// Most links (adjacent tuples in one group) `r` could make on `c`: a
    /// link joins tuples on two adjacent levels, so each pair of adjacent
    /// levels gives at most as many links as the fuller one can hold tuples
    /// (each level filled smallest tuple first, which fits the most).
    fn links_upper(&self, c: &Counts, r: &Tuples) -> usize {
        let min_t = self.tractor.min_tuple.max(2) as usize;
        let chainable: usize = r.0[min_t.min(MAX_TUPLE + 1)..].iter().map(|&m| m as usize).sum();
        if chainable < 2 {
            return 0;
        }
        let mut cap = [0usize; MAX_SLOTS];
        for s in 0..self.slots {
            let x = c[s] as usize;
            let here = if self.protect {
                usize::from(x >= min_t && x <= MAX_TUPLE && r.0[x] > 0)
            } else {
                let (mut room, mut n) = (x, 0);
                for t in min_t..=MAX_TUPLE.min(x) {
                    let k = (r.0[t] as usize).min(room / t);
                    n += k;
                    room -= k * t;
                    if k < r.0[t] as usize {
                        break;
                    }
                }
                n
            };
            cap[self.level[s] as usize] += here;
        }
        let mut links = 0;
        for l in 1..self.levels {
            links += cap[l - 1].min(cap[l]).min(chainable);
        }
        links.min(chainable - 1)
    }

    /// Step 2: the strongest grouping of `tuples` the hand can form with the
    /// fewest groups (in the start's own block, no stronger than the start).
    fn block_first(&mut self, c: &Counts, tuples: Tuples, same_block: bool) -> Option<List> {
        let total = tuples.count();
        let mut lo = total - self.links_upper(c, &tuples).min(total - 1);
        if same_block {
            lo = lo.max(self.start.len());
        }
        for k in lo..=total {
            let bound = if same_block && k == self.start.len() { Bound::Tight(0) } else { Bound::Free };
            self.free_root = matches!(bound, Bound::Free);
            if let Some(list) = self.best(c, tuples, k, bound) {
                return Some(list);
            }
            if self.exhausted() {
                return None;
            }
        }
        None
    }

    fn bound_id(&self, b: Bound) -> u32 {
        match b {
            Bound::Free => 0,
            Bound::Below(g) => 1 + g,
            Bound::Tight(i) => (1 << 31) | i as u32,
        }
    }

    fn intern(&mut self, g: &[u8]) -> u32 {
        if let Some(&id) = self.interned.get(g) {
            return id;
        }
        let id = self.groups.len() as u32;
        self.groups.push(Rc::from(g));
        self.interned.insert(g.to_vec(), id);
        id
    }

    /// The strongest list of exactly `k` groups (strongest first) that uses
    /// every tuple of `r` on `c` within `bound`, or `None`.
    fn best(&mut self, c: &Counts, r: Tuples, k: usize, bound: Bound) -> Option<List> {
        if k == 0 {
            return r.is_empty().then(|| Rc::new(Vec::new()));
        }
        let total = r.count();
        if total < k {
            return None;
        }
        self.nodes += 1;
        if self.exhausted() {
            return None;
        }
        // In a search that started free and tries candidates strongest first,
        // a bound never changes the answer: a completion with a group
        // stronger than the bound would make a format whose strongest group
        // was tried earlier, and found nothing. So the key omits it.
        let bound_key = if self.free_root { 0 } else { self.bound_id(bound) };
        let key = (counts_key(c), r.key(), k as u16, bound_key);
        if let Some(v) = self.best_memo.get(&key) {
            return v.clone();
        }
        let possible = self.packable(c, &r) && total - k <= self.links_upper(c, &r);
        let found = if possible {
            let upper = match bound {
                Bound::Free => None,
                Bound::Below(g) => Some(self.groups[g as usize].clone()),
                Bound::Tight(i) => self.start.get(i).map(|g| Rc::from(g.as_slice())),
            };
            let mut prefix = Vec::new();
            let tight = upper.is_some();
            self.extend(c, r, k, bound, upper.as_deref(), tight, &mut prefix, &[])
        } else {
            None
        };
        if !self.exhausted() {
            self.best_memo.insert(key, found.clone());
        }
        found
    }

    /// The candidates for the next group that start with `prefix` (placed in
    /// every way listed in `states`: the last slot and the counts left), in
    /// descending lexicographic order: longer groups through `prefix` first,
    /// then `prefix` itself. Returns the first that completes.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &mut self,
        c: &Counts,
        r: Tuples,
        k: usize,
        bound: Bound,
        upper: Option<&[u8]>,
        tight: bool,
        prefix: &mut Vec<u8>,
        states: &[(u8, Counts)],
    ) -> Option<List> {
        let depth = prefix.len();
        let min_t = self.tractor.min_tuple;
        let chainable = depth == 0 || prefix[0] >= min_t;
        if chainable {
            for v in (2..=MAX_TUPLE as u8).rev().filter(|&t| r.0[t as usize] > 0) {
                if depth > 0 && v < min_t {
                    break;
                }
                if tight {
                    let u = upper.unwrap_or(&[]);
                    if depth >= u.len() {
                        break;
                    }
                    if v > u[depth] {
                        continue;
                    }
                }
                let rest = r.without(v);
                let next = self.place(c, states, depth == 0, v, &rest);
                if self.exhausted() {
                    return None;
                }
                if next.is_empty() {
                    continue;
                }
                let still_tight = tight && upper.is_some_and(|u| u[depth] == v);
                prefix.push(v);
                let found = self.extend(c, rest, k, bound, upper, still_tight, prefix, &next);
                prefix.pop();
                if found.is_some() || self.exhausted() {
                    return found;
                }
            }
        }
        // The group ends here.
        if depth == 0 || (depth >= 2 && depth < self.tractor.min_length as usize) {
            return None;
        }
        let next_bound = match bound {
            Bound::Tight(i) if tight && upper.is_some_and(|u| u.len() == depth) => Bound::Tight(i + 1),
            _ => Bound::Below(self.intern(prefix)),
        };
        let mut best: Option<List> = None;
        for (j, (_, left)) in states.iter().enumerate() {
            if states[..j].iter().any(|(_, l)| l == left) {
                continue; // the same counts left by another chain
            }
            if let Some(rest) = self.best(left, r, k - 1, next_bound) {
                if best.as_ref().is_none_or(|b| rest > *b) {
                    best = Some(rest);
                }
            }
            if self.exhausted() {
                return None;
            }
        }
        best.map(|rest| {
            let mut list = Vec::with_capacity(rest.len() + 1);
            list.push(prefix.clone());
            list.extend(rest.iter().cloned());
            Rc::new(list)
        })
    }

    /// Every way to put a `v`-tuple after the states' last slots (or on any
    /// slot when `first`), keeping only those where `rest` still packs.
    fn place(&mut self, c: &Counts, states: &[(u8, Counts)], first: bool, v: u8, rest: &Tuples) -> Vec<(u8, Counts)> {
        let mut out: Vec<(u8, Counts)> = Vec::new();
        let protect = self.protect;
        let fits = |x: u8| if protect { x == v } else { x >= v };
        let mut push = |walk: &mut Walk, s: usize, from: &Counts| {
            let mut left = *from;
            left[s] -= v;
            if out.iter().any(|(o, l)| *o as usize == s && *l == left) {
                return;
            }
            walk.nodes += 1;
            if walk.packable(&left, rest) {
                out.push((s as u8, left));
            }
        };
        if first {
            for s in 0..self.slots {
                if fits(c[s]) {
                    push(self, s, c);
                }
            }
        } else {
            for (last, from) in states {
                let succ = self.sl.succ[*last as usize];
                for s in 0..self.slots {
                    if succ & (1 << s) != 0 && fits(from[s]) {
                        push(self, s, from);
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::shengji::format::decomposition;
    use crate::shengji::matcher::Matcher;
    use crate::shengji::{EffectiveSuit, Rules, Trump};

    /// The first format of the listed ordering that the counts can form.
    fn by_listing(sl: &SuitLayout, counts: &Counts, start: &Format, tr: TractorRules) -> Format {
        let d = decomposition(start.len(), tr);
        let first = d.suffix_from(start).unwrap().find(|f| Matcher::new(sl, *counts, f, false).any()).unwrap().clone();
        first
    }

    fn case(hand: &str, start: &str, decks: usize) -> (Format, Format) {
        let r = Rules::new("2C".parse::<Trump>().unwrap(), decks).unwrap();
        let sl = r.layout().suit(EffectiveSuit::Hearts);
        let counts = r.layout().counts(EffectiveSuit::Hearts, &parse_cards(hand, None).unwrap());
        let start: Format = start.parse().unwrap();
        let mut w = Walk::new(sl, TractorRules::default(), false);
        let got = w.first_formable(&counts, &start, false).unwrap();
        (got, by_listing(sl, &counts, &start, TractorRules::default()))
    }

    #[test]
    fn agrees_with_the_listed_ordering_on_the_seed_example() {
        // The seed's KKKAA against a tractor of triples.
        let (got, listed) = case("3H 3H 4H JH QH KH KH KH AH AH", "{[3, 3]}", 3);
        assert_eq!(got.to_string(), "{[3, 2], [1]}");
        assert_eq!(got, listed);
    }

    #[test]
    fn agrees_with_the_listed_ordering_on_mixed_hands() {
        for (hand, start, decks) in [
            ("5H 5H 6H 6H 7H 7H 8H 9H 9H 9H", "{[3, 3, 3]}", 3),
            ("5H 5H 5H 6H 6H 7H 7H 7H 7H 9H 9H", "{[4, 4], [2]}", 4),
            ("5H 5H 6H 6H 6H 8H 8H 9H 9H 9H KH KH", "{[3], [3], [3], [1]}", 3),
            ("5H 6H 7H 8H 9H", "{[2, 2]}", 2),
        ] {
            let (got, listed) = case(hand, start, decks);
            assert_eq!(got, listed, "{hand} against {start}");
        }
    }

    /// Issue 14's leads that made the listed walk take seconds and gigabytes:
    /// each is a handful of search nodes now (effort, not time, is asserted).
    #[test]
    fn big_tuple_leads_take_few_nodes() {
        let hearts = |copies: usize| -> String {
            let ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
            ranks.iter().flat_map(|r| std::iter::repeat_n(format!("{r}H"), copies)).collect::<Vec<_>>().join(" ")
        };
        for (decks, start, hand) in [
            (4, "{[4, 4, 4, 4, 4, 4]}", hearts(4)),
            (6, "{[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]}", hearts(3)),
            (6, "{[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]}", format!("{} {}", hearts(2), "3H 5H 7H 9H JH KH ".repeat(2))),
            (16, "{[16, 16]}", format!("{} {}{}", hearts(2), "5H ".repeat(14), "9H ".repeat(6))),
            (16, "{[16], [16]}", hearts(9)),
        ] {
            let r = Rules::new("2C".parse::<Trump>().unwrap(), decks).unwrap();
            let sl = r.layout().suit(EffectiveSuit::Hearts);
            let counts = r.layout().counts(EffectiveSuit::Hearts, &parse_cards(&hand, None).unwrap());
            let mut w = Walk::new(sl, TractorRules::default(), false);
            let got = w.first_formable(&counts, &start.parse().unwrap(), false).unwrap();
            assert!(w.nodes() < 2_000, "{start} with {hand}: {} nodes for {got}", w.nodes());
        }
    }
}
