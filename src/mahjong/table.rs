//! The generated lookup tables: for every suit eigen (and honour eigen), how many
//! wildcards complete it into melds only, and into melds plus one pair.
//! Built on first use (a breadth-first search from the complete forms), never checked in.

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
    /// Builds all four tables (suit/honour × melds/with pair).
    pub fn build() -> Tables {
        let suit = pack(&distances(9, true, false), &distances(9, true, true));
        let honour = pack(&distances(7, false, false), &distances(7, false, true));
        Tables { suit, honour }
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

fn pack(melds: &[u8], pair: &[u8]) -> Vec<u8> {
    melds
        .iter()
        .zip(pair)
        .map(|(&m, &p)| {
            debug_assert!(m == u8::MAX || m < NONE);
            debug_assert!(p == u8::MAX || p < NONE);
            m.min(NONE) | (p.min(NONE) << 4)
        })
        .collect()
}

/// The melds of a group: triplets, and sequences for suits.
fn melds(digits: u32, sequences: bool) -> Vec<Eigen> {
    let mut v: Vec<Eigen> = (0..digits).map(|d| 3 * eigen::unit(d)).collect();
    if sequences {
        v.extend((0..digits - 2).map(|d| 0x111 * eigen::unit(d)));
    }
    v
}

/// For every eigen (base-5 index), the fewest tiles to add to reach a complete
/// shape of at most [`MAX_TILES`] (u8::MAX if none): BFS outwards from the complete shapes,
/// removing one tile per step.
fn distances(digits: u32, sequences: bool, with_pair: bool) -> Vec<u8> {
    let size = 5usize.pow(digits);
    let mut dist = vec![u8::MAX; size];
    let mut queue: Vec<u32> = Vec::with_capacity(size);
    let melds = melds(digits, sequences);
    let pairs: Vec<Eigen> = (0..digits).map(|d| 2 * eigen::unit(d)).collect();
    let max_meld_tiles = if with_pair { MAX_TILES - 2 } else { MAX_TILES };

    let mark = |e: Eigen, dist: &mut Vec<u8>, queue: &mut Vec<u32>| {
        let i = eigen::base5_index(e);
        if dist[i] != 0 {
            dist[i] = 0;
            queue.push(i as u32);
        }
    };
    // Depth-first over meld multisets in nondecreasing meld order.
    let mut stack: Vec<(Eigen, u32, usize)> = vec![(0, 0, 0)];
    while let Some((e, tiles, start)) = stack.pop() {
        if with_pair {
            for &p in &pairs {
                let f = e + p;
                if !eigen::any_over_four(f) {
                    mark(f, &mut dist, &mut queue);
                }
            }
        } else {
            mark(e, &mut dist, &mut queue);
        }
        if tiles + 3 <= max_meld_tiles {
            for (i, &m) in melds.iter().enumerate().skip(start) {
                let f = e + m;
                if !eigen::any_over_four(f) {
                    stack.push((f, tiles + 3, i));
                }
            }
        }
    }

    let pow5: Vec<u32> = (0..digits).map(|d| 5u32.pow(d)).collect();
    let mut head = 0;
    while head < queue.len() {
        let idx = queue[head];
        head += 1;
        let next = dist[idx as usize] + 1;
        let mut rest = idx;
        for &p in &pow5 {
            if rest % 5 != 0 {
                let n = (idx - p) as usize;
                if dist[n] == u8::MAX {
                    dist[n] = next;
                    queue.push(n as u32);
                }
            }
            rest /= 5;
        }
    }
    dist
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
}
