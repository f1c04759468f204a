//! Oracle tests: the table-based win check, waits and shanten against the slow
//! backtracking reference (tests/support/mahjong_reference.rs) on random hands with 0–4 wildcards.

#[path = "support/mahjong_reference.rs"]
mod reference;

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use reference::*;
use tuolaji::mahjong::{self, shanten, Forms};

const FORMS: Forms = Forms {
    seven_pairs: true,
    thirteen_orphans: true,
};

#[test]
fn win_matches_reference_on_random_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut wins = 0;
    for i in 0..20000 {
        let wild = (i % 5) as u8;
        let size = [14usize, 14, 11, 8, 17][i / 5 % 5];
        let hand = random_hand(&mut rng, size - wild as usize, wild, i % 2 == 0);
        let c = counts_of(&hand);
        let fast = mahjong::is_win(&hand, FORMS);
        assert_eq!(fast, ref_win(&c, wild), "hand {hand}");
        assert_eq!(
            mahjong::win::is_regular_win(&hand),
            ref_regular(&c, wild),
            "regular {hand}"
        );
        wins += fast as usize;
    }
    // The generator must actually exercise wins.
    assert!(wins > 2500, "only {wins} wins");
}

#[test]
fn waits_match_reference_on_random_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut ready = 0;
    for i in 0..5000 {
        let wild = (i % 5) as u8;
        let size = [13usize, 13, 10, 7][i / 5 % 4];
        let hand = random_hand(&mut rng, size - wild as usize, wild, i % 3 != 0);
        let c = counts_of(&hand);
        let fast: Vec<usize> = mahjong::waits(&hand, FORMS)
            .iter()
            .map(|t| t.id() as usize)
            .collect();
        let slow = ref_waits(&c, wild);
        assert_eq!(fast, slow, "hand {hand}");
        assert_eq!(
            mahjong::is_ready(&hand, FORMS),
            !slow.is_empty(),
            "ready {hand}"
        );
        ready += !slow.is_empty() as usize;
    }
    assert!(ready > 1000, "only {ready} ready hands");
}

#[test]
fn shanten_matches_reference_on_random_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let regular_only = |c: &Counts, w: u8| ref_regular(c, w);
    let mut seen = [0usize; 10];
    for i in 0..1500 {
        let wild = (i % 5) as u8;
        let size = [14usize, 13, 11, 10][i / 5 % 4];
        let hand = random_hand(&mut rng, size - wild as usize, wild, i % 2 == 0);
        let c = counts_of(&hand);
        let fast = shanten(&hand, FORMS).unwrap();
        assert_eq!(
            fast.regular,
            ref_shanten(&c, wild, &regular_only),
            "regular {hand}"
        );
        assert_eq!(
            fast.shanten,
            ref_shanten(&c, wild, &ref_win),
            "all forms {hand}"
        );
        seen[(fast.shanten + 1) as usize] += 1;
    }
    // Complete, ready and far hands all occur.
    assert!(
        seen[0] > 0 && seen[1] > 0 && seen[3..].iter().sum::<usize>() > 0,
        "{seen:?}"
    );
}

#[test]
fn wild_kind_hands_match_reference() {
    use rand_chacha::rand_core::RngCore;
    use tuolaji::mahjong::{Hand, Tile};
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut wilds = 0;
    for i in 0..3000 {
        let wild_kind = Tile::from_id((rng.next_u32() % 34) as u8).unwrap();
        // Draw 14 (or 13) tiles from the 136 through a shape generator, then re-read them with a wild kind.
        let base = random_hand(&mut rng, 14 - i % 2, 0, i % 3 != 0);
        let hand = Hand::from_tiles(&base.tiles(), Some(wild_kind)).unwrap();
        wilds += hand.wild as usize;
        let c = counts_of(&hand);
        if hand.len() % 3 == 2 {
            assert_eq!(
                mahjong::is_win(&hand, FORMS),
                ref_win(&c, hand.wild),
                "{hand} wild {wild_kind}"
            );
        } else {
            let fast: Vec<usize> = mahjong::waits(&hand, FORMS)
                .iter()
                .map(|t| t.id() as usize)
                .collect();
            let mut slow = ref_waits(&c, hand.wild);
            // The reference sees wildcards as jokers; drawing the wild kind is one more of them
            // (possible while fewer than four are held), which wins iff any tile does.
            let ready = !slow.is_empty();
            slow.retain(|&k| k != wild_kind.id() as usize);
            if ready && hand.wild < 4 {
                slow.push(wild_kind.id() as usize);
                slow.sort();
            }
            assert_eq!(fast, slow, "{hand} wild {wild_kind}");
        }
    }
    assert!(wilds > 500, "only {wilds} wildcards drawn");
}

#[test]
fn special_form_shanten_matches_reference() {
    use rand_chacha::rand_core::RngCore;
    use tuolaji::mahjong::{Hand, Tile};
    const ORPHANS: [u8; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut low = [0usize; 2];
    for i in 0..600 {
        let wild = (i % 5) as u8;
        let size = 14 - i % 2 - wild as usize;
        let mut hand = Hand::empty(None).with_extra_wild(wild);
        let mut placed = 0;
        while placed < size {
            let r = rng.next_u32();
            // Orphan-heavy draws for half the hands, pair-heavy for the other half.
            let (kind, copies) = if i % 4 < 2 {
                let k = if r % 16 == 0 {
                    r / 4 % 34
                } else {
                    ORPHANS[(r / 4 % 13) as usize] as u32
                };
                (k, 1)
            } else {
                (r % 34, 1 + (r / 34) % 2)
            };
            for _ in 0..copies {
                if placed < size && hand.add(Tile::from_id(kind as u8).unwrap()).is_ok() {
                    placed += 1;
                }
            }
        }
        let c = counts_of(&hand);
        let fast = shanten(&hand, FORMS).unwrap();
        let sp = ref_shanten(&c, wild, &|c: &Counts, w: u8| ref_seven_pairs(c, w));
        let or = ref_shanten(&c, wild, &|c: &Counts, w: u8| ref_orphans(c, w));
        assert_eq!(fast.seven_pairs, Some(sp), "seven pairs {hand}");
        assert_eq!(fast.thirteen_orphans, Some(or), "thirteen orphans {hand}");
        // The one-form functions (advice uses them) agree with the all-forms pass.
        assert_eq!(tuolaji::mahjong::shanten::seven_pairs_shanten(&hand), Some(sp), "{hand}");
        assert_eq!(tuolaji::mahjong::shanten::thirteen_orphans_shanten(&hand), Some(or), "{hand}");
        low[0] += (sp <= 0) as usize;
        low[1] += (or <= 0) as usize;
    }
    assert!(low[0] > 10 && low[1] > 10, "{low:?}");
}
