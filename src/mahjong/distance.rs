//! Fast regular-form shanten by per-suit distances (the idea of tomohxx's and Nyanten's
//! algorithms; the tables here are built at start-up, not shipped). For every count
//! vector `h` of one suit and every target of `m` melds (0–4) and `p` pairs (0–1), the
//! **distance** is the fewest tiles missing from `h` to hold such a shape (tiles of `h`
//! beyond the shape are ignored; no kind above four). A hand's replacement number is the
//! least sum of its suits' distances over the ways to share `M` melds and one pair
//! among them; shanten = replacement − wildcards − 1.
//!
//! Built in three sweeps over the dense base-5 index (5⁹ suit vectors, 5⁷ honour ones):
//! mark every complete shape; `fits(h)` — `h` lies inside a shape of each class — by a
//! sweep from the top index down (`h + one tile` has a larger index); then
//! `d(h) = target − |h|` where `h` fits, else the least `d(h − one tile)`, by a sweep up.
//! Each entry packs its nine non-trivial distances in 30 bits of a `u32` (7.8 MB for the
//! suits, 0.3 MB for honours); a lookup is a load and a few shifts, and the combination
//! over four suits a few dozen additions.

use super::eigen::{self, Eigen};
use std::sync::OnceLock;

/// Distances packed per class: `(p, m)` → (bit offset, width). `(0, 0)` is always 0.
const FIELDS: [[(u32, u32); 5]; 2] = [
    [(0, 0), (0, 2), (2, 3), (5, 4), (9, 4)],
    [(13, 2), (15, 3), (18, 4), (22, 4), (26, 4)],
];

/// Stands for "no such shape" in a combination (sums stay far from overflow).
const NONE: u32 = 1 << 20;

/// Lanes of the working values during the build: 6 bits per class, 10 classes.
const LANE: u32 = 6;
const CLASSES: usize = 10;
/// The guard bit of every lane (bit 5), for the lane-wise minimum.
const GUARDS: u64 = {
    let mut g = 0u64;
    let mut i = 0;
    while i < CLASSES {
        g |= 1 << (LANE * i as u32 + 5);
        i += 1;
    }
    g
};
const VALUES: u64 = {
    let mut g = 0u64;
    let mut i = 0;
    while i < CLASSES {
        g |= 0x1F << (LANE * i as u32);
        i += 1;
    }
    g
};

fn class(m: usize, p: usize) -> usize {
    p * 5 + m
}

/// Lane-wise minimum of two packed values (every lane < 32).
#[inline]
fn lane_min(a: u64, b: u64) -> u64 {
    // A lane keeps its guard bit when a ≥ b.
    let ge = ((a | GUARDS) - b) & GUARDS;
    let take_b = (ge >> 5) * 0x1F;
    (b & take_b) | (a & !take_b & VALUES)
}

/// The distance tables of the suits and the honours.
pub struct DistanceTables {
    suit: Vec<u32>,
    honour: Vec<u32>,
}

static TABLES: OnceLock<DistanceTables> = OnceLock::new();

/// The tables, built on first use (tens of milliseconds natively; the browser builds
/// them in slices first with [`DistanceBuilder`]).
pub fn distance_tables() -> &'static DistanceTables {
    TABLES.get_or_init(|| DistanceBuilder::new().finish())
}

/// Installs tables built with [`DistanceBuilder`]; false if they were already there.
pub fn install_distance_tables(t: DistanceTables) -> bool {
    TABLES.set(t).is_ok()
}

pub fn distance_tables_ready() -> bool {
    TABLES.get().is_some()
}

/// One suit's distances, unpacked: `[p][m]`.
#[inline]
fn unpack(v: u32) -> [[u32; 5]; 2] {
    let f = |p: usize, m: usize| {
        let (off, w) = FIELDS[p][m];
        (v >> off) & ((1 << w) - 1)
    };
    [[0, f(0, 1), f(0, 2), f(0, 3), f(0, 4)], [f(1, 0), f(1, 1), f(1, 2), f(1, 3), f(1, 4)]]
}

impl DistanceTables {
    #[inline]
    fn suit_of(&self, e: Eigen, honours: bool) -> [[u32; 5]; 2] {
        let t = if honours { &self.honour } else { &self.suit };
        unpack(t[eigen::base5_index(e)])
    }

    /// The fewest tiles missing for `melds` melds and a pair over the four suits' eigens
    /// (`melds` ≤ 4). Wildcards are not counted here.
    pub fn replacement(&self, eigens: &[Eigen; 4], melds: usize) -> u32 {
        match melds {
            4 => self.replacement_for::<4>(eigens),
            3 => self.replacement_for::<3>(eigens),
            2 => self.replacement_for::<2>(eigens),
            1 => self.replacement_for::<1>(eigens),
            _ => self.replacement_for::<0>(eigens),
        }
    }

    /// [`DistanceTables::replacement`] for `M` melds, without branches on the hand: an
    /// empty suit's entry (`3m + 2p`) changes nothing in a combination, so every suit
    /// is combined. The four loads are issued before any arithmetic (their cache misses
    /// overlap) and the two halves combine independently; only the honours are skipped
    /// when empty, which is every Sichuan hand (a branch that always goes one way there).
    #[inline]
    fn replacement_for<const M: usize>(&self, eigens: &[Eigen; 4]) -> u32 {
        let [m, p, s, z] = *eigens;
        let (m, p, s) = (self.suit[eigen::base5_index(m)], self.suit[eigen::base5_index(p)], self.suit[eigen::base5_index(s)]);
        let left = combine::<M>(&unpack(m), &unpack(p));
        if z == 0 {
            return last::<M>(&left, &unpack(s));
        }
        let z = self.honour[eigen::base5_index(z)];
        last::<M>(&left, &combine::<M>(&unpack(s), &unpack(z)))
    }

    /// The replacement number after drawing one more tile of each kind, for every kind at
    /// once (`u32::MAX` for a kind already held four times). The other suits are combined
    /// once per suit, so each draw costs one lookup and the final entry: what makes the
    /// advice's 14 × 34 evaluations cheap. `melds` is for the hand after the draw.
    pub fn replacement_after_draws(&self, eigens: &[Eigen; 4], melds: usize, out: &mut [u32; super::tile::KINDS]) {
        match melds {
            4 => self.after_draws_for::<4>(eigens, out),
            3 => self.after_draws_for::<3>(eigens, out),
            2 => self.after_draws_for::<2>(eigens, out),
            1 => self.after_draws_for::<1>(eigens, out),
            _ => self.after_draws_for::<0>(eigens, out),
        }
    }

    fn after_draws_for<const M: usize>(&self, eigens: &[Eigen; 4], out: &mut [u32; super::tile::KINDS]) {
        // The identity of the min-plus combination: no melds, no pair, at no cost.
        let mut identity = [[NONE; 5]; 2];
        identity[0][0] = 0;
        let vectors: [[[u32; 5]; 2]; 4] = std::array::from_fn(|s| self.suit_of(eigens[s], s == 3));
        for s in 0..4 {
            let mut others = identity;
            for (t, v) in vectors.iter().enumerate() {
                if t != s && eigens[t] != 0 {
                    others = combine::<M>(&others, v);
                }
            }
            let digits = if s == 3 { 7 } else { 9 };
            for d in 0..digits {
                let kind = s * 9 + d as usize;
                out[kind] = if eigen::digit(eigens[s], d) >= 4 {
                    u32::MAX
                } else {
                    last::<M>(&others, &self.suit_of(eigens[s] + eigen::unit(d), s == 3))
                };
            }
        }
    }

    pub fn memory_bytes(&self) -> usize {
        (self.suit.len() + self.honour.len()) * 4
    }
}

/// Min-plus combination of two suits' distances, up to `M` melds.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // i + j = m reads clearer with indices
fn combine<const M: usize>(a: &[[u32; 5]; 2], b: &[[u32; 5]; 2]) -> [[u32; 5]; 2] {
    let mut c = [[NONE; 5]; 2];
    for m in 0..=M {
        for i in 0..=m {
            let j = m - i;
            c[0][m] = c[0][m].min(a[0][i] + b[0][j]);
            c[1][m] = c[1][m].min(a[1][i] + b[0][j]).min(a[0][i] + b[1][j]);
        }
    }
    c
}

/// The combination's one entry a hand needs: `M` melds and the pair.
#[inline(always)]
fn last<const M: usize>(a: &[[u32; 5]; 2], b: &[[u32; 5]; 2]) -> u32 {
    let mut best = NONE;
    for i in 0..=M {
        best = best.min(a[1][i] + b[0][M - i]).min(a[0][i] + b[1][M - i]);
    }
    best
}

/// Builds the tables in slices: [`DistanceBuilder::step`] until it returns true, then
/// [`DistanceBuilder::finish`] and [`install_distance_tables`].
pub struct DistanceBuilder {
    groups: [Group; 2],
}

impl Default for DistanceBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl DistanceBuilder {
    /// Marks the complete shapes (a few milliseconds); the sweeps happen in `step`.
    pub fn new() -> DistanceBuilder {
        DistanceBuilder { groups: [Group::new(7, false), Group::new(9, true)] }
    }

    /// Settles up to `budget` entries; true when everything is done.
    pub fn step(&mut self, budget: usize) -> bool {
        let mut left = budget;
        for g in &mut self.groups {
            left = g.run(left);
        }
        self.groups.iter().all(|g| g.stage == Stage::Done)
    }

    pub fn finish(mut self) -> DistanceTables {
        while !self.step(usize::MAX) {}
        let [honour, suit] = self.groups;
        DistanceTables { suit: suit.packed, honour: honour.packed }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Sweeping down the index: which classes each vector fits in.
    Fits,
    /// Sweeping up: the distances.
    Distances,
    /// Packing the distances into their table entries (in steps too: a page builds the
    /// tables between frames, and 2 million entries in one go is a long task on a phone).
    Pack,
    Done,
}

/// One group (the suits, or the honours) under construction.
struct Group {
    digits: u32,
    fits: Vec<u16>,
    work: Vec<u64>,
    packed: Vec<u32>,
    stage: Stage,
    /// The next index to settle (counting down in `Fits`, up in `Distances`).
    next: usize,
}

impl Group {
    fn new(digits: u32, sequences: bool) -> Group {
        let size = 5usize.pow(digits);
        let mut fits = vec![0u16; size];
        // Every shape of m ≤ 4 melds and p ≤ 1 pairs, melds in nondecreasing order.
        let mut melds: Vec<Eigen> = (0..digits).map(|d| 3 * eigen::unit(d)).collect();
        if sequences {
            melds.extend((0..digits - 2).map(|d| eigen::unit(d) + eigen::unit(d + 1) + eigen::unit(d + 2)));
        }
        fn mark(e: Eigen, m: usize, from: usize, melds: &[Eigen], digits: u32, fits: &mut [u16]) {
            fits[eigen::base5_index(e)] |= 1 << class(m, 0);
            for d in 0..digits {
                let with_pair = e + 2 * eigen::unit(d);
                if !eigen::any_over_four(with_pair) {
                    fits[eigen::base5_index(with_pair)] |= 1 << class(m, 1);
                }
            }
            if m == 4 {
                return;
            }
            for (i, &meld) in melds.iter().enumerate().skip(from) {
                let next = e + meld;
                if !eigen::any_over_four(next) {
                    mark(next, m + 1, i, melds, digits, fits);
                }
            }
        }
        mark(0, 0, 0, &melds, digits, &mut fits);
        Group { digits, fits, work: Vec::new(), packed: Vec::new(), stage: Stage::Fits, next: size }
    }

    fn digit_at(&self, idx: usize, d: u32) -> usize {
        idx / 5usize.pow(d) % 5
    }

    /// Does up to `budget` entries; returns what is left of the budget.
    fn run(&mut self, mut budget: usize) -> usize {
        let size = self.fits.len();
        while budget > 0 {
            match self.stage {
                Stage::Fits => {
                    if self.next == 0 {
                        self.stage = Stage::Distances;
                        self.work = vec![0; size];
                        continue;
                    }
                    self.next -= 1;
                    let idx = self.next;
                    let mut f = self.fits[idx];
                    let mut pow = 1;
                    for d in 0..self.digits {
                        if self.digit_at(idx, d) < 4 {
                            f |= self.fits[idx + pow];
                        }
                        pow *= 5;
                    }
                    self.fits[idx] = f;
                }
                Stage::Distances => {
                    if self.next == size {
                        self.stage = Stage::Pack;
                        self.next = 0;
                        self.packed = Vec::with_capacity(size);
                        continue;
                    }
                    let idx = self.next;
                    self.next += 1;
                    let mut tiles = 0;
                    let mut best = VALUES;
                    let mut pow = 1;
                    for d in 0..self.digits {
                        let c = self.digit_at(idx, d);
                        tiles += c;
                        if c > 0 {
                            best = lane_min(best, self.work[idx - pow]);
                        }
                        pow *= 5;
                    }
                    let f = self.fits[idx];
                    let mut own = 0u64;
                    for p in 0..2 {
                        for m in 0..5 {
                            let c = class(m, p);
                            let target = 3 * m + 2 * p;
                            let v = if f & (1 << c) != 0 && tiles <= target { (target - tiles) as u64 } else { 0x1F };
                            own |= v << (LANE * c as u32);
                        }
                    }
                    self.work[idx] = lane_min(own, best);
                }
                Stage::Pack => {
                    if self.next == size {
                        self.work = Vec::new();
                        self.fits = Vec::new();
                        self.stage = Stage::Done;
                        continue;
                    }
                    self.packed.push(pack(self.work[self.next]));
                    self.next += 1;
                }
                Stage::Done => return budget,
            }
            budget -= 1;
        }
        0
    }
}

/// One entry's distances (a lane per class in `work`) in the table's packed fields.
#[allow(clippy::needless_range_loop)]
fn pack(w: u64) -> u32 {
    let mut v = 0u32;
    for p in 0..2 {
        for m in 0..5 {
            let (off, width) = FIELDS[p][m];
            if width > 0 {
                let d = ((w >> (LANE * class(m, p) as u32)) & 0x1F) as u32;
                v |= d.min((1 << width) - 1) << off;
            }
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page builds the tables in slices between frames: slices of any size, crossing
    /// every stage's end mid-slice, make the same tables as one go.
    #[test]
    fn tables_built_in_slices_equal_tables_built_at_once() {
        let whole = DistanceBuilder::new().finish();
        let mut builder = DistanceBuilder::new();
        let mut slices = 0;
        while !builder.step(99_991) {
            slices += 1;
        }
        assert!(slices > 40, "the work was sliced ({slices} slices)");
        let sliced = builder.finish();
        assert!(sliced.suit == whole.suit && sliced.honour == whole.honour);
    }

    #[test]
    fn lane_min_is_the_minimum_of_every_lane() {
        let pack = |v: [u64; 10]| v.iter().enumerate().fold(0u64, |a, (i, &x)| a | x << (LANE * i as u32));
        let a = [0, 31, 5, 7, 14, 2, 9, 30, 1, 0];
        let b = [1, 3, 5, 8, 13, 31, 0, 29, 2, 31];
        let want: Vec<u64> = a.iter().zip(&b).map(|(x, y)| *x.min(y)).collect();
        assert_eq!(lane_min(pack(a), pack(b)), pack(want.try_into().unwrap()));
    }

    #[test]
    fn distances_of_small_suits() {
        let t = distance_tables();
        let e = |text: &str| crate::mahjong::Hand::parse(text, None).unwrap().eigens[0];
        // 123m: one meld held; a pair needs two more.
        let d = t.suit_of(e("123m"), false);
        assert_eq!((d[0][1], d[1][0], d[1][1], d[0][2]), (0, 1, 2, 3));
        // An empty suit: 3 per meld, 2 for the pair.
        let z = t.suit_of(0, false);
        assert_eq!((z[0][4], z[1][4], z[1][0]), (12, 14, 2));
        // 1111m: a pung and a pair of 1m is impossible (five copies): 11 + 123 costs 2.
        let q = t.suit_of(e("1111m"), false);
        assert_eq!((q[0][1], q[1][0], q[1][1]), (0, 0, 2));
    }

    /// A random hand of `size` tiles with `wild` wildcards: from melds and a pair with a
    /// few tiles changed when `shaped`, else uniform; never five of a kind.
    fn random_hand(rng: &mut rand_chacha::ChaCha8Rng, size: usize, wild: u8, shaped: bool) -> crate::mahjong::Hand {
        use crate::mahjong::{Hand, Tile};
        use rand_chacha::rand_core::RngCore;
        let mut h = Hand::empty(None).with_extra_wild(wild);
        let mut roll = |n: u32| rng.next_u32() % n;
        let mut tries = 0;
        while h.len() < size && tries < 10_000 {
            tries += 1;
            let t = Tile::from_id(roll(34) as u8).unwrap();
            let group: Vec<Tile> = match (shaped, roll(4)) {
                (true, 0) if !t.is_honour() && t.rank() <= 7 => (0..3).map(|k| Tile::from_id(t.id() + k).unwrap()).collect(),
                (true, 1) => vec![t; 3],
                (true, 2) => vec![t; 2],
                _ => vec![t],
            };
            if h.len() + group.len() > size {
                continue;
            }
            let mut next = h;
            if group.iter().all(|&g| next.add(g).is_ok()) {
                h = next;
            }
        }
        h
    }

    #[test]
    fn distance_shanten_equals_the_sub_shape_walk_on_fixed_random_hands() {
        use crate::mahjong::shanten::{regular_shanten, regular_shanten_by_profiles};
        use rand_chacha::rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261124);
        let sizes = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14];
        for i in 0..20_000 {
            let size = sizes[i % sizes.len()];
            let wild = ((i / 10) % 5).min(size) as u8;
            let h = random_hand(&mut rng, size, wild, i % 3 != 0);
            if h.len() != size {
                continue;
            }
            assert_eq!(regular_shanten(&h), regular_shanten_by_profiles(&h), "{h} with {wild} wildcards");
        }
    }

    #[test]
    fn every_draw_at_once_equals_one_draw_at_a_time() {
        use rand_chacha::rand_core::SeedableRng;
        let t = distance_tables();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
        for i in 0..2_000 {
            let size = [13, 10, 7, 4, 1][i % 5];
            let h = random_hand(&mut rng, size, 0, i % 2 == 0);
            let mut all = [0u32; crate::mahjong::KINDS];
            t.replacement_after_draws(&h.eigens, (size + 1) / 3, &mut all);
            for tile in crate::mahjong::Tile::all() {
                let mut drawn = h;
                let want = if drawn.add(tile).is_ok() { t.replacement(&drawn.eigens, (size + 1) / 3) } else { u32::MAX };
                assert_eq!(all[tile.id() as usize], want, "{h} + {tile}");
            }
        }
    }
}
