//! The lazy matcher: every way a multiset of cards of one effective suit can
//! form a trick format, as an iterator (any match = legality, first = hints,
//! all = deciding who wins a throw). Works on rank-count vectors, never on card subsets.
//!
//! Search structure: sequential groups (tractors) are placed first by a
//! depth-first search over precomputed chains, with a visited set of dead
//! sub-problems keyed on the remaining counts; then each tuple size is placed
//! all at once by multiset counting (a digit per kind, the next choice made by
//! moving one count to a later kind). Before any search, and at every node,
//! necessary counts prune: a kind holding c cards hosts at most c / t tuples of
//! size >= t. Once only tuples remain, feasibility is decided exactly by a
//! memoised bin-packing over the *sorted* counts (kinds are interchangeable for
//! plain tuples), so the tuple phase never walks into a dead end. Singles are
//! whatever is left: they always fit when the suit holds enough cards.

use super::format::Format;
use super::trump::{SuitLayout, MAX_SLOTS};
use crate::cards::Card;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// A small fast hasher for the matcher's fixed-size integer keys (the
/// default SipHash dominated the per-format cost of long hint lists).
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl FxHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(b));
        }
    }
    fn write_u8(&mut self, x: u8) {
        self.add(x as u64);
    }
    fn write_u16(&mut self, x: u16) {
        self.add(x as u64);
    }
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }
    fn write_u128(&mut self, x: u128) {
        self.add(x as u64);
        self.add((x >> 64) as u64);
    }
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

pub(crate) type FxBuild = BuildHasherDefault<FxHasher>;

/// Exact feasibility of tuple-only remainders, keyed on the *sorted* counts
/// and the remaining tuple sizes (packed into integers). The key does not
/// depend on the format, so one memo can serve every format of a hand (the
/// hint list shares it); formats that do not fit the packing use a
/// per-matcher memo keyed on the step instead.
#[derive(Default)]
pub(crate) struct TailMemo {
    shared: HashMap<(u128, u128), bool, FxBuild>,
}

/// A count per slot of one effective suit.
pub type Counts = [u8; MAX_SLOTS];

/// The chains (slot paths) where one sequence shape fits, shared between formats.
pub type Chains = Rc<Vec<Vec<u8>>>;

/// Largest tuple size the necessary-count tables track (decks are capped at 16).
const MAX_T: usize = 17;

/// One way the cards form a format: concrete cards for each group, in the
/// format's canonical group order. A tractor's cards run from its lowest tuple up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub groups: Vec<MatchedGroup>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchedGroup {
    pub shape: Vec<u8>,
    pub cards: Vec<Card>,
    /// Level of the group's highest card inside the suit (for comparisons).
    pub top_level: u8,
}

impl Match {
    /// All cards of the match, group by group.
    pub fn cards(&self) -> Vec<Card> {
        self.groups.iter().flat_map(|g| g.cards.iter().copied()).collect()
    }
}

#[derive(Clone, Debug)]
enum Step {
    /// One sequential group; `placements` are chains of slots valid in the
    /// original counts; `same_as_prev` enforces non-decreasing placement ids
    /// among identical groups so each multiset assignment appears once.
    Tractor { shape: Vec<u8>, same_as_prev: bool, placements: Chains },
    /// `mult` tuples of `size` cards.
    Tuples { size: u8, mult: u8 },
}

/// A matching problem: a format against one suit's counts.
pub struct Matcher<'a> {
    layout: &'a SuitLayout,
    orig: Counts,
    slots: usize,
    steps: Vec<Step>,
    singles: usize,
    /// Longer-tuples protection: a t-tuple (t >= 2) may only come from a kind
    /// holding exactly t cards.
    protect: bool,
    tail_start: usize,
    /// need[idx][t]: tuples among steps idx.. of size >= t (or == t when protecting).
    need: Vec<[u8; MAX_T]>,
    feasible_total: bool,
    tail_memo: TailMemo,
    local_memo: HashMap<(Counts, u8, u8), bool, FxBuild>,
    dead: HashSet<(Counts, u8, u16), FxBuild>,
}

impl<'a> Matcher<'a> {
    pub fn new(layout: &'a SuitLayout, counts: Counts, format: &Format, protect: bool) -> Matcher<'a> {
        let mut local: Vec<(Vec<u8>, Chains)> = Vec::new();
        Matcher::new_with_chains(layout, counts, format, protect, &mut |shape: &[u8]| {
            if let Some((_, p)) = local.iter().find(|(s, _)| s == shape) {
                return p.clone();
            }
            let p = Rc::new(chains(layout, &counts, shape, protect));
            local.push((shape.to_vec(), p.clone()));
            p
        })
    }

    /// Like [`Matcher::new`], with the chains of each sequence shape supplied
    /// by the caller (who caches them per hand across many formats); they
    /// must be `chains(layout, &counts, shape, protect)`.
    pub fn new_with_chains(
        layout: &'a SuitLayout,
        counts: Counts,
        format: &Format,
        protect: bool,
        chain_of: &mut dyn FnMut(&[u8]) -> Chains,
    ) -> Matcher<'a> {
        let slots = layout.cards.len();
        let total: usize = counts.iter().map(|&c| c as usize).sum();
        let mut tractors: Vec<&[u8]> = Vec::new();
        let mut tuple_sizes: Vec<u8> = Vec::new();
        let mut singles = 0;
        for g in format.groups() {
            if g.len() >= 2 {
                tractors.push(g);
            } else if g[0] >= 2 {
                tuple_sizes.push(g[0]);
            } else {
                singles += 1;
            }
        }
        crate::small_sort::sort_by(&mut tractors, |a, b| {
            let sa: u32 = a.iter().map(|&t| t as u32).sum();
            let sb: u32 = b.iter().map(|&t| t as u32).sum();
            sb.cmp(&sa).then(b.cmp(a))
        });
        crate::small_sort::sort_by(&mut tuple_sizes, |a, b| b.cmp(a));
        let mut steps = Vec::new();
        for (i, shape) in tractors.iter().enumerate() {
            let same_as_prev = i > 0 && tractors[i - 1] == *shape;
            let placements = chain_of(shape);
            steps.push(Step::Tractor { shape: shape.to_vec(), same_as_prev, placements });
        }
        let tail_start = steps.len();
        let mut i = 0;
        while i < tuple_sizes.len() {
            let mut j = i;
            while j < tuple_sizes.len() && tuple_sizes[j] == tuple_sizes[i] {
                j += 1;
            }
            steps.push(Step::Tuples { size: tuple_sizes[i], mult: (j - i) as u8 });
            i = j;
        }
        let mut need = vec![[0u8; MAX_T]; steps.len() + 1];
        for idx in (0..steps.len()).rev() {
            let mut row = need[idx + 1];
            let mut add = |t: u8| {
                let t = (t as usize).min(MAX_T - 1);
                if protect {
                    row[t] += 1;
                } else {
                    for x in row.iter_mut().take(t + 1).skip(2) {
                        *x += 1;
                    }
                }
            };
            match &steps[idx] {
                Step::Tractor { shape, .. } => shape.iter().for_each(|&t| add(t)),
                Step::Tuples { size, mult } => (0..*mult).for_each(|_| add(*size)),
            }
            need[idx] = row;
        }
        Matcher {
            layout,
            orig: counts,
            slots,
            steps,
            singles,
            protect,
            tail_start,
            need,
            feasible_total: total >= format.len(),
            tail_memo: TailMemo::default(),
            local_memo: HashMap::default(),
            dead: HashSet::default(),
        }
    }

    /// Uses `memo` (from earlier matchers with the same protection) for the
    /// tuple-only feasibility; get it back with [`Matcher::take_tail_memo`].
    pub(crate) fn set_tail_memo(&mut self, memo: TailMemo) {
        self.tail_memo = memo;
    }

    pub(crate) fn take_tail_memo(&mut self) -> TailMemo {
        std::mem::take(&mut self.tail_memo)
    }

    /// The format-independent memo key of a tuple-only remainder: sorted
    /// counts (5 bits each) and the remaining (size, multiplicity) steps
    /// (11 bits each) plus the protection flag; `None` if it does not fit.
    fn tail_key(&self, sorted: &Counts, idx: usize, left: u8) -> Option<(u128, u128)> {
        let mut a = 0u128;
        for &c in sorted.iter() {
            if c > 31 {
                return None;
            }
            a = (a << 5) | c as u128;
        }
        let mut b = self.protect as u128;
        let mut bits = 1;
        for (k, step) in self.steps[idx..].iter().enumerate() {
            let Step::Tuples { size, mult } = *step else { return None };
            let m = if k == 0 { left } else { mult };
            if bits + 11 > 128 || size > 31 || m > 63 {
                return None;
            }
            b = (b << 11) | ((size as u128) << 6) | m as u128;
            bits += 11;
        }
        Some((a, b))
    }

    /// Is there any match?
    pub fn any(&mut self) -> bool {
        self.iter().next().is_some()
    }

    /// The first match in search order (weakest cards first).
    pub fn first(&mut self) -> Option<Match> {
        self.iter().next()
    }

    /// The cards of the first match, exactly `first().map(|m| m.cards())`,
    /// without building the per-group structures (the hint list only needs
    /// the cards, once per format).
    pub(crate) fn first_cards(&mut self) -> Option<Vec<Card>> {
        let mut it = self.iter();
        let left = it.advance()?;
        Some(it.m.assemble_cards(&it.stack, &left))
    }

    /// All matches, lazily (each multiset assignment once).
    pub fn iter(&mut self) -> Matches<'_, 'a> {
        let mut stack = Vec::new();
        let mut done = !self.feasible_total;
        if !done {
            if self.steps.is_empty() {
                // Only singles: exactly one match (the weakest leftovers).
            } else if self.feasible(&self.orig.clone(), 0, 0) {
                stack.push(Frame::new(self.orig, 0, 0));
            } else {
                done = true;
            }
        }
        Matches { m: self, stack, done, singles_only_pending: true }
    }

    fn necessary_ok(&self, c: &Counts, idx: usize) -> bool {
        let need = &self.need[idx];
        if self.protect {
            let mut have = [0u8; MAX_T];
            for &x in &c[..self.slots] {
                have[(x as usize).min(MAX_T - 1)] += 1;
            }
            (2..MAX_T).all(|t| have[t] >= need[t])
        } else {
            (2..MAX_T).all(|t| {
                if need[t] == 0 {
                    return true;
                }
                let have: usize = c[..self.slots].iter().map(|&x| quotient(x, t)).sum();
                have >= need[t] as usize
            })
        }
    }

    fn feasible(&mut self, c: &Counts, idx: usize, bound: u16) -> bool {
        if idx == self.steps.len() {
            return true;
        }
        if !self.necessary_ok(c, idx) {
            return false;
        }
        if idx >= self.tail_start {
            let mut sorted = *c;
            crate::small_sort::sort_by(&mut sorted, |a, b| b.cmp(a));
            let mult = match self.steps[idx] {
                Step::Tuples { mult, .. } => mult,
                Step::Tractor { .. } => 0,
            };
            return self.tail_ok(sorted, idx, mult);
        }
        !self.dead.contains(&(*c, idx as u8, bound))
    }

    /// Exact feasibility of the tuple steps idx.. (with `left` tuples still to
    /// place in step idx) on sorted counts.
    fn tail_ok(&mut self, sorted: Counts, idx: usize, left: u8) -> bool {
        if left == 0 {
            let next = idx + 1;
            return match self.steps.get(next) {
                None => true,
                Some(Step::Tuples { mult, .. }) => self.tail_ok(sorted, next, *mult),
                Some(Step::Tractor { .. }) => true,
            };
        }
        let shared_key = self.tail_key(&sorted, idx, left);
        let key = (sorted, idx as u8, left);
        let cached = match shared_key {
            Some(k) => self.tail_memo.shared.get(&k),
            None => self.local_memo.get(&key),
        };
        if let Some(&v) = cached {
            return v;
        }
        let size = match self.steps[idx] {
            Step::Tuples { size, .. } => size,
            Step::Tractor { .. } => 0,
        };
        let mut ok = false;
        let mut last = u8::MAX;
        for i in 0..MAX_SLOTS {
            let v = sorted[i];
            if v == last || v < size {
                continue;
            }
            last = v;
            if self.protect && v != size {
                continue;
            }
            let mut next = sorted;
            next[i] = v - size;
            crate::small_sort::sort_by(&mut next, |a, b| b.cmp(a));
            if self.tail_ok(next, idx, left - 1) {
                ok = true;
                break;
            }
        }
        match shared_key {
            Some(k) => self.tail_memo.shared.insert(k, ok),
            None => self.local_memo.insert(key, ok),
        };
        ok
    }

    fn assemble(&self, frames: &[Frame], last_counts: &Counts) -> Match {
        let layout = self.layout;
        let mut groups = Vec::new();
        for f in frames {
            match (&self.steps[f.idx], &f.gen) {
                (Step::Tractor { shape, placements, .. }, Gen::Tractor { next }) => {
                    let path = &placements[*next - 1];
                    let mut cards = Vec::new();
                    for (&slot, &t) in path.iter().zip(shape.iter()) {
                        cards.extend(std::iter::repeat_n(layout.cards[slot as usize], t as usize));
                    }
                    let top_level = layout.levels[*path.last().unwrap_or(&0) as usize];
                    groups.push(MatchedGroup { shape: shape.clone(), cards, top_level });
                }
                (Step::Tuples { size, .. }, Gen::Tuples { digits, .. }) => {
                    for (slot, &d) in digits[..self.slots].iter().enumerate() {
                        for _ in 0..d {
                            groups.push(MatchedGroup {
                                shape: vec![*size],
                                cards: vec![layout.cards[slot]; *size as usize],
                                top_level: layout.levels[slot],
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        // Singles: the weakest leftovers.
        let mut left = *last_counts;
        let mut need = self.singles;
        for (slot, l) in left.iter_mut().enumerate().take(self.slots) {
            while need > 0 && *l > 0 {
                *l -= 1;
                need -= 1;
                groups.push(MatchedGroup {
                    shape: vec![1],
                    cards: vec![layout.cards[slot]],
                    top_level: layout.levels[slot],
                });
            }
        }
        crate::small_sort::sort_by(&mut groups, |a, b| b.shape.cmp(&a.shape));
        Match { groups }
    }
}

impl Matcher<'_> {
    /// The cards of [`Matcher::assemble`]'s match in the same order (groups
    /// stably sorted by shape, strongest shape first), with one allocation
    /// for the group list and one for the cards.
    fn assemble_cards(&self, frames: &[Frame], last_counts: &Counts) -> Vec<Card> {
        /// What one group is made of: a tractor frame's chain, or `size`
        /// copies of one slot (tuples and singles).
        enum Part {
            Chain(usize),
            Copies(u8, u8),
        }
        const SIZES: [u8; 32] = {
            let mut a = [0u8; 32];
            let mut i = 0;
            while i < 32 {
                a[i] = i as u8;
                i += 1;
            }
            a
        };
        let one = |t: u8| -> &[u8] { &SIZES[t as usize..t as usize + 1] };
        let mut parts: Vec<(&[u8], Part)> = Vec::with_capacity(frames.len() + self.singles + 8);
        for (k, f) in frames.iter().enumerate() {
            match (&self.steps[f.idx], &f.gen) {
                (Step::Tractor { shape, .. }, Gen::Tractor { .. }) => parts.push((shape, Part::Chain(k))),
                (Step::Tuples { size, .. }, Gen::Tuples { digits, .. }) => {
                    for (slot, &d) in digits[..self.slots].iter().enumerate() {
                        for _ in 0..d {
                            parts.push((one((*size).min(31)), Part::Copies(slot as u8, *size)));
                        }
                    }
                }
                _ => {}
            }
        }
        let mut left = *last_counts;
        let mut need = self.singles;
        for (slot, l) in left.iter_mut().enumerate().take(self.slots) {
            while need > 0 && *l > 0 {
                *l -= 1;
                need -= 1;
                parts.push((one(1), Part::Copies(slot as u8, 1)));
            }
        }
        crate::small_sort::sort_by(&mut parts, |a, b| b.0.cmp(a.0));
        let mut cards = Vec::with_capacity(self.orig.iter().map(|&c| c as usize).sum::<usize>().min(64));
        for (shape, part) in &parts {
            match *part {
                Part::Chain(k) => {
                    let Gen::Tractor { next } = frames[k].gen else { continue };
                    let Step::Tractor { placements, .. } = &self.steps[frames[k].idx] else { continue };
                    for (&slot, &t) in placements[next - 1].iter().zip(shape.iter()) {
                        cards.extend(std::iter::repeat_n(self.layout.cards[slot as usize], t as usize));
                    }
                }
                Part::Copies(slot, n) => {
                    cards.extend(std::iter::repeat_n(self.layout.cards[slot as usize], n as usize));
                }
            }
        }
        cards
    }
}

/// Chains of slots for a sequential group: consecutive levels, each slot
/// holding at least (or, protecting, exactly) the tuple size.
pub(crate) fn chains(layout: &SuitLayout, counts: &Counts, shape: &[u8], protect: bool) -> Vec<Vec<u8>> {
    let ok = |slot: usize, t: u8| if protect { counts[slot] == t } else { counts[slot] >= t };
    let mut out = Vec::new();
    let mut path = Vec::new();
    fn rec(
        layout: &SuitLayout,
        shape: &[u8],
        ok: &dyn Fn(usize, u8) -> bool,
        path: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
    ) {
        if path.len() == shape.len() {
            out.push(path.clone());
            return;
        }
        let t = shape[path.len()];
        let mask = match path.last() {
            None => u32::MAX,
            Some(&s) => layout.succ[s as usize],
        };
        for slot in 0..layout.cards.len() {
            if mask & (1 << slot) != 0 && ok(slot, t) {
                path.push(slot as u8);
                rec(layout, shape, ok, path, out);
                path.pop();
            }
        }
    }
    rec(layout, shape, &ok, &mut path, &mut out);
    out
}

/// x / t for the small counts the matcher sees, by table: this check runs at
/// every search node, and hardware division dominated it.
#[inline]
fn quotient(x: u8, t: usize) -> usize {
    const QUOTIENTS: [[u8; MAX_T]; 32] = {
        let mut q = [[0u8; MAX_T]; 32];
        let mut x = 0;
        while x < 32 {
            let mut t = 1;
            while t < MAX_T {
                q[x][t] = (x / t) as u8;
                t += 1;
            }
            x += 1;
        }
        q
    };
    if (x as usize) < 32 && t < MAX_T {
        QUOTIENTS[x as usize][t] as usize
    } else {
        x as usize / t
    }
}

mod walk;
#[cfg(test)]
mod tests;

pub use walk::Matches;
use walk::{Frame, Gen};
