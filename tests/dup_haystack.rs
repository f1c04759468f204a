//! Statistical and property tests of the haystack drawer: fair permutations, weighted
//! draws, the seed's toy example (Fig. 5 joint table, Fig. 1 marginals), determinism.

#![allow(clippy::needless_range_loop)] // index loops read best over small fixed tables

#[path = "support/fixed_proptest.rs"]
mod fixed_proptest;
use proptest::prelude::*;
use std::collections::BTreeMap;
use tuolaji::dup::haystack::{Haystack, HaystackDeck, KindId};
use tuolaji::dup::toy::{self, FIG5_JOINT};
use tuolaji::dup::TableSeed;

/// Chi-square cut-off at p ~ 0.001 (Wilson–Hilferty, z = 3.09). Tests are seeded, so a
/// pass is reproducible; the cut-off only says how unlucky a correct drawer would have to be.
fn chi2_cutoff(dof: f64) -> f64 {
    let a = 2.0 / (9.0 * dof);
    dof * (1.0 - a + 3.09 * a.sqrt()).powi(3)
}

fn chi2(observed: &[u64], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .map(|(&o, &e)| (o as f64 - e).powi(2) / e)
        .sum()
}

fn seat(seed: &TableSeed, t: u64) -> Haystack {
    Haystack::for_seat(&seed.hand(t).seat(0))
}

fn draw_all(deck: &mut HaystackDeck) -> Vec<KindId> {
    std::iter::from_fn(|| deck.draw()).collect()
}

#[test]
fn equal_weights_give_uniform_permutations() {
    let seed = TableSeed::parse("perm5").unwrap();
    let trials = 24_000u64;
    let mut perms: BTreeMap<Vec<KindId>, u64> = BTreeMap::new();
    let mut at = [[0u64; 5]; 5]; // at[position][kind]
    for t in 0..trials {
        let mut deck = HaystackDeck::with_counts(seat(&seed, t), &[1; 5]).unwrap();
        let order = draw_all(&mut deck);
        for (pos, &k) in order.iter().enumerate() {
            at[pos][k as usize] += 1;
        }
        *perms.entry(order).or_default() += 1;
    }
    assert_eq!(perms.len(), 120);
    let obs: Vec<u64> = perms.values().copied().collect();
    let c = chi2(&obs, &vec![trials as f64 / 120.0; 120]);
    assert!(
        c < chi2_cutoff(119.0),
        "permutations: chi-square {c:.1} > {:.1}",
        chi2_cutoff(119.0)
    );
    let flat: Vec<u64> = at.iter().flatten().copied().collect();
    let c = chi2(&flat, &[trials as f64 / 5.0; 25]);
    assert!(c < chi2_cutoff(16.0), "positions: chi-square {c:.1}");
}

#[test]
fn multiplicities_give_uniform_arrangements() {
    // Kind 0 twice, kinds 1 and 2 once: 4!/2! = 12 equally likely sequences.
    let seed = TableSeed::parse("multi").unwrap();
    let trials = 12_000u64;
    let mut seqs: BTreeMap<Vec<KindId>, u64> = BTreeMap::new();
    for t in 0..trials {
        let mut deck = HaystackDeck::with_counts(seat(&seed, t), &[2, 1, 1]).unwrap();
        *seqs.entry(draw_all(&mut deck)).or_default() += 1;
    }
    assert_eq!(seqs.len(), 12);
    let obs: Vec<u64> = seqs.values().copied().collect();
    let c = chi2(&obs, &[trials as f64 / 12.0; 12]);
    assert!(c < chi2_cutoff(11.0), "chi-square {c:.1}");
}

#[test]
fn unequal_weights_match_each_draw_and_are_independent() {
    // Three draws with different weight vectors (weights stay as given: drawing does not
    // deplete). Each pair (draw i, draw j) must follow the product of the two distributions;
    // without re-normalization the later draws would be skewed.
    let w1 = [0.5, 1.5, 3.0, 5.0];
    let w2 = [4.0, 0.0, 1.0, 1.0];
    let w3 = [1.0, 2.0, 3.0, 4.0];
    let seed = TableSeed::parse("weights").unwrap();
    let trials = 30_000u64;
    let mut pair12 = [[0u64; 4]; 4];
    let mut pair13 = [[0u64; 4]; 4];
    let mut third = [0u64; 4];
    let as_list = |w: &[f64; 4]| -> Vec<(KindId, f64)> {
        w.iter()
            .enumerate()
            .map(|(k, &x)| (k as KindId, x))
            .collect()
    };
    let (l1, l2, l3) = (as_list(&w1), as_list(&w2), as_list(&w3));
    for t in 0..trials {
        let mut h = seat(&seed, t);
        let a = h.draw(&l1).unwrap().unwrap() as usize;
        let b = h.draw(&l2).unwrap().unwrap() as usize;
        let c = h.draw(&l3).unwrap().unwrap() as usize;
        assert_ne!(b, 1, "weight 0 was drawn");
        pair12[a][b] += 1;
        pair13[a][c] += 1;
        third[c] += 1;
    }
    let p = |w: &[f64; 4], i: usize| w[i] / w.iter().sum::<f64>();
    let check = |obs: &[[u64; 4]; 4], wa: &[f64; 4], wb: &[f64; 4], name: &str| {
        let mut o = Vec::new();
        let mut e = Vec::new();
        for i in 0..4 {
            for j in 0..4 {
                let ex = p(wa, i) * p(wb, j) * trials as f64;
                if ex > 0.0 {
                    o.push(obs[i][j]);
                    e.push(ex);
                } else {
                    assert_eq!(obs[i][j], 0, "{name}: impossible cell ({i},{j})");
                }
            }
        }
        let c = chi2(&o, &e);
        let dof = (o.len() - 1) as f64;
        assert!(
            c < chi2_cutoff(dof),
            "{name}: chi-square {c:.1} > {:.1}",
            chi2_cutoff(dof)
        );
    };
    check(&pair12, &w1, &w2, "draws 1 and 2");
    check(&pair13, &w1, &w3, "draws 1 and 3");
    let e: Vec<f64> = (0..4).map(|i| p(&w3, i) * trials as f64).collect();
    assert!(chi2(&third, &e) < chi2_cutoff(3.0));
}

#[test]
fn toy_example_reproduces_fig5_and_fig1_marginals() {
    let seed = TableSeed::parse("toy").unwrap();
    let trials = 40_000;
    let joint = toy::toy_joint(&seed, trials, true);
    for (r, row) in joint.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            assert!(
                (v - FIG5_JOINT[r][c]).abs() < 0.01,
                "cell ({r},{c}) = {v:.4}, Fig. 5 says {:.4}",
                FIG5_JOINT[r][c]
            );
        }
    }
    // Each table alone plays the underlying game (Fig. 1 sums).
    let keeper = [0.2, 0.2, 0.2, 0.4];
    let remover = [0.2, 4.0 / 15.0, 8.0 / 15.0];
    for r in 0..4 {
        let s: f64 = joint[r].iter().sum();
        assert!((s - keeper[r]).abs() < 0.01, "keeper row {r}: {s:.4}");
    }
    for c in 0..3 {
        let s: f64 = joint.iter().map(|row| row[c]).sum();
        assert!((s - remover[c]).abs() < 0.01, "remover column {c}: {s:.4}");
    }
}

#[test]
fn toy_example_without_duplication_is_fig1() {
    let seed = TableSeed::parse("toyindep").unwrap();
    let joint = toy::toy_joint(&seed, 20_000, false);
    let keeper = [0.2, 0.2, 0.2, 0.4];
    let remover = [0.2, 4.0 / 15.0, 8.0 / 15.0];
    for r in 0..4 {
        for c in 0..3 {
            let want = keeper[r] * remover[c];
            assert!(
                (joint[r][c] - want).abs() < 0.012,
                "({r},{c}) {:.4} vs {want:.4}",
                joint[r][c]
            );
        }
    }
}

/// Pinned draws: any change to the derivation or the drawer shows up here.
#[test]
fn known_answer_full_deck_of_54() {
    let seed = TableSeed::parse("tuolaji").unwrap();
    let mut deck =
        HaystackDeck::with_counts(Haystack::for_seat(&seed.hand(0).seat(0)), &[2; 54]).unwrap();
    let first: Vec<KindId> = (0..12).map(|_| deck.draw().unwrap()).collect();
    assert_eq!(first, KAT_FIRST12);
}
const KAT_FIRST12: [KindId; 12] = [40, 42, 51, 34, 7, 53, 14, 5, 45, 39, 51, 18];

#[derive(Clone, Debug)]
enum Op {
    Draw,
    Remove(KindId),
    Add(KindId),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => Just(Op::Draw),
        1 => (0u32..6).prop_map(Op::Remove),
        1 => (0u32..6).prop_map(Op::Add),
    ]
}

fn play(seed: &TableSeed, counts: &[u32], ops: &[Op], extra_kind: bool) -> Vec<Option<KindId>> {
    let mut deck = HaystackDeck::with_counts(seat(seed, 0), counts).unwrap();
    if extra_kind {
        // A kind that never enters the deck must not change anything.
        deck.add(40, 0).unwrap();
    }
    let mut out = Vec::new();
    for o in ops {
        match o {
            Op::Draw => out.push(deck.draw()),
            Op::Remove(k) => {
                let _ = deck.remove(*k, 1);
            }
            Op::Add(k) => deck.add(*k, 1).unwrap(),
        }
    }
    out
}

proptest! {
    #![proptest_config(fixed_proptest::config(64))]

    #[test]
    fn same_seed_same_actions_same_draws(s in "[a-z0-9]{1,12}", counts in prop::collection::vec(0u32..4, 1..6), ops in prop::collection::vec(op(), 0..40)) {
        let seed = TableSeed::parse(&s).unwrap();
        prop_assert_eq!(play(&seed, &counts, &ops, false), play(&seed, &counts, &ops, true));
        prop_assert_eq!(play(&seed, &counts, &ops, false), play(&seed, &counts, &ops, false));
    }

    #[test]
    fn draws_only_what_the_deck_holds(s in "[a-z0-9]{1,12}", counts in prop::collection::vec(0u32..4, 1..8)) {
        let seed = TableSeed::parse(&s).unwrap();
        let mut deck = HaystackDeck::with_counts(seat(&seed, 1), &counts).unwrap();
        let mut got = vec![0u32; counts.len()];
        while let Some(k) = deck.draw() {
            got[k as usize] += 1;
        }
        prop_assert_eq!(got, counts);
    }

    #[test]
    fn adding_kinds_does_not_shift_others(s in "[a-z0-9]{1,12}", w in prop::collection::vec(0.5f64..5.0, 2..5)) {
        // Kind 9 listed with weight 0 (set aside) or not listed at all: identical draws,
        // and kind 9's position is never computed.
        let seed = TableSeed::parse(&s).unwrap();
        let base: Vec<(KindId, f64)> = w.iter().enumerate().map(|(k, &x)| (k as KindId, x)).collect();
        let mut with = base.clone();
        with.push((9, 0.0));
        let (mut a, mut b) = (seat(&seed, 2), seat(&seed, 2));
        for _ in 0..10 {
            prop_assert_eq!(a.draw(&base).unwrap(), b.draw(&with).unwrap());
        }
        prop_assert_eq!(b.position(9), None);
    }

    #[test]
    fn deck_fast_path_equals_general_draw(s in "[a-z0-9]{1,12}", counts in prop::collection::vec(0u32..5, 1..40), ops in prop::collection::vec(op(), 0..60)) {
        // HaystackDeck's dense loop must pick exactly what Haystack::draw picks when given
        // the counts as weights.
        let seed = TableSeed::parse(&s).unwrap();
        let mut deck = HaystackDeck::with_counts(seat(&seed, 3), &counts).unwrap();
        let mut plain = seat(&seed, 3);
        let mut left = counts.clone();
        left.resize(left.len().max(6), 0);
        for o in &ops {
            match o {
                Op::Draw => {
                    let w: Vec<(KindId, f64)> = left.iter().enumerate().map(|(k, &n)| (k as KindId, f64::from(n))).collect();
                    let want = plain.draw(&w).unwrap();
                    if let Some(k) = want {
                        left[k as usize] -= 1;
                    }
                    prop_assert_eq!(deck.draw(), want);
                }
                Op::Remove(k) => {
                    if deck.remove(*k, 1).is_ok() {
                        left[*k as usize] -= 1;
                    }
                }
                Op::Add(k) => {
                    deck.add(*k, 1).unwrap();
                    left[*k as usize] += 1;
                }
            }
        }
    }
}
