//! The slow reference mahjong evaluator (plain backtracking over melds on a 34-count
//! array) and a random hand generator, shared by the oracle tests and the benchmarks.
#![allow(dead_code)]

use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;
use tuolaji::mahjong::{eigen, Hand, Tile};

pub type Counts = [u8; 34];

pub fn counts_of(hand: &Hand) -> Counts {
    let mut c = [0u8; 34];
    for t in Tile::all() {
        c[t.id() as usize] = eigen::digit(hand.eigens[t.suit().index()], t.digit());
    }
    c
}

/// Regular form by backtracking: the lowest remaining tile goes into a pair, a triplet
/// or a sequence (any position), missing members filled by wildcards; a filled kind may
/// not exceed four copies counting the hand's own.
pub fn bt_regular(
    c: &mut Counts,
    hand: &Counts,
    fills: &mut Counts,
    wild: u8,
    pair_used: bool,
) -> bool {
    let Some(k) = (0..34).find(|&k| c[k] > 0) else {
        return if pair_used {
            wild.is_multiple_of(3)
        } else {
            wild >= 2 && (wild - 2).is_multiple_of(3)
        };
    };
    let room = |fills: &Counts, kind: usize, n: u8| hand[kind] + fills[kind] + n <= 4;
    // Pair or triplet of k.
    for (size, is_pair) in [(2u8, true), (3u8, false)] {
        if is_pair && pair_used {
            continue;
        }
        let real = c[k].min(size);
        let fill = size - real;
        if fill <= wild && room(fills, k, fill) {
            c[k] -= real;
            fills[k] += fill;
            let ok = bt_regular(c, hand, fills, wild - fill, pair_used || is_pair);
            c[k] += real;
            fills[k] -= fill;
            if ok {
                return true;
            }
        }
    }
    // Sequences containing k, within one suit.
    if k < 27 {
        let rank = k % 9;
        for start in rank.saturating_sub(2)..=rank.min(6) {
            let base = k - rank + start;
            let members = [base, base + 1, base + 2];
            let mut used = [false; 3];
            let mut fill = 0u8;
            let mut ok_room = true;
            for (i, &m) in members.iter().enumerate() {
                if c[m] > 0 {
                    used[i] = true;
                } else {
                    fill += 1;
                    ok_room &= room(fills, m, 1);
                }
            }
            if fill > wild || !ok_room {
                continue;
            }
            for (i, &m) in members.iter().enumerate() {
                if used[i] {
                    c[m] -= 1;
                } else {
                    fills[m] += 1;
                }
            }
            let ok = bt_regular(c, hand, fills, wild - fill, pair_used);
            for (i, &m) in members.iter().enumerate() {
                if used[i] {
                    c[m] += 1;
                } else {
                    fills[m] -= 1;
                }
            }
            if ok {
                return true;
            }
        }
    }
    false
}

pub fn ref_regular(c: &Counts, wild: u8) -> bool {
    let n: u32 = c.iter().map(|&x| x as u32).sum::<u32>() + wild as u32;
    n % 3 == 2 && bt_regular(&mut c.clone(), c, &mut [0; 34], wild, false)
}

pub fn ref_seven_pairs(c: &Counts, wild: u8) -> bool {
    let n: u32 = c.iter().map(|&x| x as u32).sum::<u32>() + wild as u32;
    // Every odd count needs one wildcard as its partner; quads are two pairs.
    n == 14 && c.iter().filter(|&&x| x % 2 == 1).count() as u32 <= wild as u32
}

pub fn ref_orphans(c: &Counts, wild: u8) -> bool {
    let n: u32 = c.iter().map(|&x| x as u32).sum::<u32>() + wild as u32;
    let orphan = |k: usize| k >= 27 || k.is_multiple_of(9) || k % 9 == 8;
    if n != 14 || (0..34).any(|k| c[k] > 0 && !orphan(k)) {
        return false;
    }
    let missing = (0..34).filter(|&k| orphan(k) && c[k] == 0).count() as u32;
    let extra: u32 = (0..34).map(|k| (c[k] as u32).saturating_sub(1)).sum();
    // Exactly one duplicate overall: from the hand, or a wildcard doubling something.
    extra <= 1 && missing + (1 - extra) == wild as u32
}

pub fn ref_win(c: &Counts, wild: u8) -> bool {
    ref_regular(c, wild) || ref_seven_pairs(c, wild) || ref_orphans(c, wild)
}

pub fn ref_waits(c: &Counts, wild: u8) -> Vec<usize> {
    (0..34)
        .filter(|&k| {
            if c[k] >= 4 {
                return false;
            }
            let mut c2 = *c;
            c2[k] += 1;
            ref_win(&c2, wild)
        })
        .collect()
}

/// Shanten by definition: the fewest tiles to swap for wildcards to win, minus one
/// (a 3n+1 hand also gets the drawn tile as a wildcard). `win` picks the forms.
pub fn ref_shanten(c: &Counts, wild: u8, win: &dyn Fn(&Counts, u8) -> bool) -> i32 {
    let n: u32 = c.iter().map(|&x| x as u32).sum::<u32>() + wild as u32;
    let extra = if n % 3 == 1 { 1 } else { 0 };
    for drop in 0..=14u8 {
        if any_drop(&mut c.clone(), 0, drop, &|rest: &Counts| {
            win(rest, wild + drop + extra)
        }) {
            return drop as i32 + extra as i32 - 1;
        }
    }
    unreachable!("some swap always wins")
}

pub fn any_drop(cur: &mut Counts, from: usize, left: u8, f: &dyn Fn(&Counts) -> bool) -> bool {
    if left == 0 {
        return f(cur);
    }
    for k in from..34 {
        if cur[k] > 0 {
            cur[k] -= 1;
            let ok = any_drop(cur, k, left - 1, f);
            cur[k] += 1;
            if ok {
                return true;
            }
        }
    }
    false
}

/// A random hand: `real` tiles and `wild` abstract wildcards; with `winning`, the tiles
/// come from a random melds-plus-pair shape first, so wins and near-wins are common.
pub fn random_hand(rng: &mut ChaCha8Rng, real: usize, wild: u8, winning: bool) -> Hand {
    let mut hand = Hand::empty(None).with_extra_wild(wild);
    let total = real + wild as usize;
    let mut placed = 0;
    if winning {
        let mut c = [0u8; 34];
        let k = (rng.next_u32() % 34) as usize;
        c[k] += 2;
        let mut shape = vec![k, k];
        let mut attempts = 0;
        while shape.len() < total + 1 && attempts < 1000 {
            attempts += 1;
            let k = (rng.next_u32() % 34) as usize;
            let group: Vec<usize> = if k < 27 && k % 9 < 7 && rng.next_u32().is_multiple_of(2) {
                vec![k, k + 1, k + 2]
            } else {
                vec![k, k, k]
            };
            let mut c2 = c;
            group.iter().for_each(|&g| c2[g] += 1);
            if c2.iter().all(|&x| x <= 4) {
                c = c2;
                shape.extend(group);
            }
        }
        for i in (1..shape.len()).rev() {
            shape.swap(i, (rng.next_u32() as usize) % (i + 1));
        }
        // Sometimes one tile is random, for near-misses.
        if rng.next_u32().is_multiple_of(3) {
            shape[0] = (rng.next_u32() % 34) as usize;
        }
        for &k in &shape {
            if placed == real {
                break;
            }
            if hand.add(Tile::from_id(k as u8).unwrap()).is_ok() {
                placed += 1;
            }
        }
    }
    while placed < real {
        if hand
            .add(Tile::from_id((rng.next_u32() % 34) as u8).unwrap())
            .is_ok()
        {
            placed += 1;
        }
    }
    hand
}
