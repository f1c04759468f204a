//! The distance-table shanten against the `xiangting` crate (the fastest public library)
//! on fixed random hands without wildcards (it has none). The two rulesets differ in one
//! place: here four of a kind counts as two pairs for seven pairs (Sichuan's 龙七对), there
//! it does not; hands of 13–14 tiles holding a kind three or four times are checked for
//! what that difference allows.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tuolaji::mahjong::{shanten, Forms, Hand, Tile, KINDS};
use xiangting::{calculate_replacement_number, PlayerCount};

fn random_hand(rng: &mut ChaCha8Rng, size: usize, shaped: bool) -> [u8; KINDS] {
    let mut counts = [0u8; KINDS];
    let mut n = 0;
    while n < size {
        let t = (rng.next_u32() % KINDS as u32) as usize;
        let group: Vec<usize> = match (shaped, rng.next_u32() % 4) {
            (true, 0) if t < 27 && t % 9 <= 6 => vec![t, t + 1, t + 2],
            (true, 1) => vec![t; 3],
            (true, 2) => vec![t; 2],
            _ => vec![t],
        };
        if n + group.len() > size {
            continue;
        }
        let mut next = counts;
        for &g in &group {
            next[g] += 1;
        }
        if next.iter().all(|&c| c <= 4) {
            counts = next;
            n += group.len();
        }
    }
    counts
}

fn hand_of(counts: &[u8; KINDS]) -> Hand {
    let tiles: Vec<Tile> = (0..KINDS).flat_map(|k| std::iter::repeat_n(Tile::from_id(k as u8).unwrap(), counts[k] as usize)).collect();
    Hand::from_tiles(&tiles, None).unwrap()
}

#[test]
fn shanten_agrees_with_xiangting_on_50_000_fixed_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(1124);
    let mut compared = 0;
    for i in 0..50_000 {
        let size = [13, 14, 10, 11, 7, 8, 4, 5, 1, 2][i % 10];
        let counts = random_hand(&mut rng, size, i % 2 == 0);
        let theirs = calculate_replacement_number(&counts, PlayerCount::Four).unwrap() as i32 - 1;
        let ours = shanten(&hand_of(&counts), Forms::default()).unwrap();
        if counts.iter().any(|&c| c >= 3) && size >= 13 {
            // Seven pairs may differ (here a kind held three or four times is on its way to
            // two pairs): ours can only be lower, and without seven pairs it is theirs or more.
            assert!(ours.shanten <= theirs, "{counts:?}: ours {ours:?}");
            assert!(ours.regular.min(ours.thirteen_orphans.unwrap_or(99)) >= theirs, "{counts:?}: ours {ours:?}");
            continue;
        }
        // Seven pairs and thirteen orphans are only for 13–14 tiles in both.
        assert_eq!(ours.shanten, theirs, "{counts:?} ({size} tiles): ours {ours:?}");
        compared += 1;
    }
    assert!(compared > 30_000, "{compared} hands compared exactly");
}
