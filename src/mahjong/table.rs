//! The generated lookup tables: for every suit eigen (and honour eigen), how many
//! wildcards complete it into melds only, and into melds plus one pair.
//! Built on first use or in slices (one downward sweep over the dense table), never checked in.

use super::eigen::{self, Eigen};
use serde::Serialize;
use std::sync::OnceLock;

/// The largest completed suit the tables know: 5 melds + a pair (17-tile hands).
pub const MAX_TILES: u32 = 17;
/// The classic table's size: 4 melds + a pair.
pub const CLASSIC_TILES: u32 = 14;
/// Nibble value meaning "cannot be completed within [`MAX_TILES`]".
pub const NONE: u8 = 0xF;

/// Dense tables indexed by [`eigen::base5_index`]: one byte per eigen,
/// low nibble = wildcards needed for melds only, high nibble = for melds plus a pair.
pub struct Tables {
    suit: Vec<u8>,
    honour: Vec<u8>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The shared tables, built on first call (see `docs/mahjong.md` for the timing).
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

/// Whether the tables have been built yet (the browser can build them during idle time).
pub fn tables_ready() -> bool {
    TABLES.get().is_some()
}

impl Tables {
    /// Builds all four tables (suit/honour × melds/with pair) in one go.
    pub fn build() -> Tables {
        let mut b = TableBuilder::new();
        while !b.step(usize::MAX) {}
        b.finish()
    }

    /// The packed byte for a suit eigen (low nibble melds, high nibble with pair).
    #[inline]
    pub fn suit_entry(&self, e: Eigen) -> u8 {
        self.suit[eigen::base5_index(e)]
    }

    /// The packed byte for an honour eigen.
    #[inline]
    pub fn honour_entry(&self, e: Eigen) -> u8 {
        self.honour[eigen::base5_index(e)]
    }

    /// Entry for the eigen of suit index `s` (3 = honours).
    #[inline]
    pub fn entry(&self, s: usize, e: Eigen) -> u8 {
        if s == 3 {
            self.honour_entry(e)
        } else {
            self.suit_entry(e)
        }
    }

    /// Wildcards needed to make a suit eigen into melds only, if possible.
    pub fn melds_need(&self, e: Eigen, honours: bool) -> Option<u8> {
        let v = self.entry(if honours { 3 } else { 0 }, e) & 0xF;
        (v != NONE).then_some(v)
    }

    /// Wildcards needed to make a suit eigen into melds plus one pair, if possible.
    pub fn pair_need(&self, e: Eigen, honours: bool) -> Option<u8> {
        let v = self.entry(if honours { 3 } else { 0 }, e) >> 4;
        (v != NONE).then_some(v)
    }

    /// Bytes held by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.suit.len() + self.honour.len()
    }

    /// Key counts of every table view (walks all entries: a few milliseconds).
    pub fn stats(&self) -> TableStats {
        TableStats { suit: group_stats(&self.suit, 9), honour: group_stats(&self.honour, 7), memory_bytes: self.memory_bytes() }
    }
}

/// Key counts for one group (suits or honours).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GroupStats {
    /// Complete melds-only shapes of at most 14 tiles (no wildcards).
    pub melds_14: usize,
    /// Complete melds-plus-pair shapes of at most 14 tiles (no wildcards).
    pub pair_14: usize,
    /// Keys of the classic 14-tile table without wildcards: non-empty melds-only or with-pair shapes.
    pub classic_14: usize,
    /// Keys of the extended melds-only table (shapes completable within 17 tiles by wildcards).
    pub melds_17_wild: usize,
    /// Keys of the extended with-pair table.
    pub pair_17_wild: usize,
    /// Keys of the extended table (either kind), the seed's "17 tiles with wildcards" table.
    pub extended_17_wild: usize,
}

/// Key counts of all tables and their memory.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableStats {
    pub suit: GroupStats,
    pub honour: GroupStats,
    pub memory_bytes: usize,
}

fn group_stats(table: &[u8], digits: u32) -> GroupStats {
    let mut s = GroupStats::default();
    let mut digits_now = vec![0u8; digits as usize];
    let mut tiles = 0u32;
    for &v in table {
        let (m, p) = (v & 0xF, v >> 4);
        if tiles <= CLASSIC_TILES {
            s.melds_14 += (m == 0) as usize;
            s.pair_14 += (p == 0) as usize;
            // The empty suit is complete too but is never looked up, so it is not a key.
            s.classic_14 += (tiles > 0 && (m == 0 || p == 0)) as usize;
        }
        s.melds_17_wild += (m != NONE) as usize;
        s.pair_17_wild += (p != NONE) as usize;
        s.extended_17_wild += (m != NONE || p != NONE) as usize;
        // Advance the base-5 odometer in step with the index.
        for d in digits_now.iter_mut() {
            if *d < 4 {
                *d += 1;
                tiles += 1;
                break;
            }
            *d = 0;
            tiles -= 4;
        }
    }
    s
}

/// Builds the tables in slices so a browser can spread the work over frames:
/// call [`TableBuilder::step`] until it returns true, then [`TableBuilder::finish`]
/// and [`install_tables`].
pub struct TableBuilder {
    suit: Sweep,
    honour: Sweep,
}

impl Default for TableBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl TableBuilder {
    /// Marks the complete shapes (a few milliseconds); the sweeps happen in [`step`](Self::step).
    pub fn new() -> TableBuilder {
        TableBuilder { suit: Sweep::new(9, true), honour: Sweep::new(7, false) }
    }

    /// Settles up to `budget` table entries; true when everything is done.
    pub fn step(&mut self, budget: usize) -> bool {
        let left = self.honour.run(budget);
        self.suit.run(left);
        self.suit.next == 0 && self.honour.next == 0
    }

    /// Entries still to settle (for a progress bar).
    pub fn remaining(&self) -> usize {
        self.suit.next + self.honour.next
    }

    /// The finished tables (finishes any remaining work first).
    pub fn finish(mut self) -> Tables {
        while !self.step(usize::MAX) {}
        Tables { suit: self.suit.table, honour: self.honour.table }
    }
}

/// Installs tables built with [`TableBuilder`]; false if they were already there.
pub fn install_tables(t: Tables) -> bool {
    TABLES.set(t).is_ok()
}

/// One group's packed table under construction. The need of an eigen is 0 if it is a
/// complete shape, else 1 + the least need among the eigens one tile larger. Those have
/// larger base-5 indices, so one sweep from the top index down settles every entry.
struct Sweep {
    table: Vec<u8>,
    digits: usize,
    /// Entries `0..next` are still to do; `odometer` holds the digits of `next - 1`.
    next: usize,
    odometer: [u8; 9],
}

impl Sweep {
    fn new(digits: u32, sequences: bool) -> Sweep {
        let size = 5usize.pow(digits);
        let mut table = vec![0xFF; size];
        mark_complete(&mut table, digits, sequences);
        let mut odometer = [0u8; 9];
        odometer[..digits as usize].fill(4);
        Sweep { table, digits: digits as usize, next: size, odometer }
    }

    /// Settles up to `budget` entries; returns the unused budget.
    fn run(&mut self, budget: usize) -> usize {
        const POW5: [usize; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];
        let count = budget.min(self.next);
        let digits = self.digits;
        let table = &mut self.table;
        let odo = &mut self.odometer;
        let mut tiles: u32 = odo.iter().map(|&d| d as u32).sum();
        for idx in (self.next - count..self.next).rev() {
            let v = table[idx];
            // Complete shapes are settled, and an entry of 17+ tiles cannot grow into a shape
            // that fits, so its initial NONE nibbles stand (about half the entries).
            if v != 0 && tiles < MAX_TILES {
                let (mut bm, mut bp) = (NONE, NONE);
                for r in 0..digits {
                    if odo[r] < 4 {
                        let n = table[idx + POW5[r]];
                        bm = bm.min(n & 0xF);
                        bp = bp.min(n >> 4);
                    }
                }
                let m = if v & 0xF == 0 { 0 } else { (bm + 1).min(NONE) };
                let p = if v >> 4 == 0 { 0 } else { (bp + 1).min(NONE) };
                table[idx] = m | (p << 4);
            }
            // Step the odometer down to idx - 1.
            for d in odo.iter_mut().take(digits) {
                if *d > 0 {
                    *d -= 1;
                    tiles -= 1;
                    break;
                }
                *d = 4;
                tiles += 4;
            }
        }
        self.next -= count;
        budget - count
    }
}

/// The melds of a group: triplets, and sequences for suits.
fn melds(digits: u32, sequences: bool) -> Vec<Eigen> {
    let mut v: Vec<Eigen> = (0..digits).map(|d| 3 * eigen::unit(d)).collect();
    if sequences {
        v.extend((0..digits - 2).map(|d| 0x111 * eigen::unit(d)));
    }
    v
}

/// Sets the melds nibble to 0 at every melds-only shape of at most [`MAX_TILES`] tiles,
/// and the pair nibble to 0 at every melds-plus-pair shape of at most [`MAX_TILES`].
fn mark_complete(table: &mut [u8], digits: u32, sequences: bool) {
    let melds = melds(digits, sequences);
    let pairs: Vec<Eigen> = (0..digits).map(|d| 2 * eigen::unit(d)).collect();
    // Depth-first over meld multisets in nondecreasing meld order.
    let mut stack: Vec<(Eigen, u32, usize)> = vec![(0, 0, 0)];
    while let Some((e, tiles, start)) = stack.pop() {
        table[eigen::base5_index(e)] &= 0xF0;
        if tiles + 2 <= MAX_TILES {
            for &p in &pairs {
                let f = e + p;
                if !eigen::any_over_four(f) {
                    table[eigen::base5_index(f)] &= 0x0F;
                }
            }
        }
        if tiles + 3 <= MAX_TILES {
            for (i, &m) in melds.iter().enumerate().skip(start) {
                let f = e + m;
                if !eigen::any_over_four(f) {
                    stack.push((f, tiles + 3, i));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_key_count_and_sample_entries() {
        let t = tables();
        let stats = t.stats();
        // The seed's figure for the 14-tile suited table without wildcards.
        assert_eq!(stats.suit.classic_14, 21_742);
        // Sample keys from the seed's table (no wildcards needed).
        for key in [0x3113_0033u64, 0x3113_0114, 0x3113_0141, 0x3113_1410, 0x2_4431_1020] {
            let e = key;
            assert!(t.melds_need(e, false) == Some(0) || t.pair_need(e, false) == Some(0), "{key:x}");
        }
        // One lone tile needs one wildcard for a pair, two for a meld.
        assert_eq!(t.pair_need(0x1, false), Some(1));
        assert_eq!(t.melds_need(0x1_0000_0000, false), Some(2));
        // Honours have no sequences: 1z2z3z is not a meld.
        assert_eq!(t.melds_need(0x111, true), Some(6));
        assert_eq!(t.melds_need(0x111, false), Some(0));
        assert_eq!(t.memory_bytes(), 5usize.pow(9) + 5usize.pow(7));
    }

    #[test]
    fn sliced_build_equals_one_shot() {
        let mut b = TableBuilder::new();
        let mut steps = 0;
        assert!(b.remaining() > 0);
        while !b.step(100_003) {
            steps += 1;
        }
        assert!(steps > 10);
        assert_eq!(b.remaining(), 0);
        let sliced = b.finish();
        let whole = tables();
        assert!(sliced.suit == whole.suit && sliced.honour == whole.honour);
    }
}
