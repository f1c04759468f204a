//! Per-seat walls: layout, calls not shifting other seats, the exhaustion rule, fairness.

#![allow(clippy::needless_range_loop)] // index loops read best over small fixed tables

#[path = "support/fixed_proptest.rs"]
mod fixed_proptest;
use proptest::prelude::*;
use std::collections::BTreeMap;
use tuolaji::dup::wall::{SeatWalls, WallError};
use tuolaji::dup::{Purpose, TableSeed};

fn wall(seed: &str, hand: u64) -> SeatWalls<u32> {
    let seed = TableSeed::parse(seed).unwrap();
    SeatWalls::shuffled(
        (0..136).collect(),
        4,
        &mut seed.hand(hand).stream(Purpose::Deal),
    )
    .unwrap()
}

#[test]
fn round_robin_layout_replays_the_shuffle_without_calls() {
    let seed = TableSeed::parse("layout").unwrap();
    let mut order: Vec<u32> = (0..136).collect();
    tuolaji::dup::shuffle(&mut seed.hand(0).stream(Purpose::Deal), &mut order);
    let mut w = wall("layout", 0);
    assert_eq!(w.total_remaining(), 136);
    assert!((0..4).all(|s| w.remaining(s) == 34));
    let drawn: Vec<u32> = (0..136).map(|i| w.draw(i % 4).unwrap().unwrap()).collect();
    assert_eq!(drawn, order);
    assert_eq!(w.draw(0), Ok(None));
}

#[test]
fn calls_do_not_shift_other_seats() {
    // Table A: plain turn order. Table B: seat 1 calls twice (seat 3's and seat 0's turns
    // are skipped once each while seat 1 takes an extra turn). Until some list runs out,
    // each seat draws the same tiles in the same order at both tables.
    let mut a = wall("calls", 3);
    let mut b = wall("calls", 3);
    let mut got_a: Vec<Vec<u32>> = vec![Vec::new(); 4];
    let mut got_b: Vec<Vec<u32>> = vec![Vec::new(); 4];
    for i in 0..100 {
        let s = i % 4;
        got_a[s].push(a.draw(s).unwrap().unwrap());
    }
    let turns_b = [0usize, 1, 2, 1, 2, 3, 0, 1, 1, 3, 0, 1, 2, 3];
    for i in 0..80 {
        let s = if i < turns_b.len() { turns_b[i] } else { i % 4 };
        got_b[s].push(b.draw(s).unwrap().unwrap());
    }
    for s in 0..4 {
        let n = got_b[s].len().min(got_a[s].len());
        assert_eq!(got_a[s][..n], got_b[s][..n], "seat {s}");
    }
}

#[test]
fn exhausted_seat_draws_from_back_of_longest_other_list() {
    // Lists: seat 0 [0, 4, 8], seat 1 [1, 5], seat 2 [2, 6], seat 3 [3, 7] (tiles 0..9).
    let mut w = SeatWalls::from_order((0..9u32).collect(), 4).unwrap();
    assert_eq!(w.remaining(0), 3); // 0, 4, 8
    assert_eq!(w.draw(1), Ok(Some(1)));
    assert_eq!(w.draw(1), Ok(Some(5)));
    // Seat 1 is out; seat 0 has 3 tiles (longest): its back tile 8.
    assert_eq!(w.draw(1), Ok(Some(8)));
    // Now seats 0, 2, 3 hold 2 each: tie goes to the first after seat 1 in turn order.
    assert_eq!(w.draw(1), Ok(Some(6)));
    // Seats 0 and 3 hold 2, seat 2 one: seat 3 comes before seat 0 going round from seat 1.
    assert_eq!(w.draw(1), Ok(Some(7)));
    assert_eq!(w.draw(1), Ok(Some(4)));
    assert_eq!(w.lists()[0], [0]);
    assert_eq!(w.draw(3), Ok(Some(3)));
    // Seat 3 is out; seats 0 and 2 hold one each: seat 0 comes first after seat 3.
    assert_eq!(w.draw(3), Ok(Some(0)));
    assert_eq!(w.draw(2), Ok(Some(2)));
    assert_eq!(w.draw(2), Ok(None));
    assert_eq!(w.total_remaining(), 0);
}

#[test]
fn bad_requests_are_refused() {
    assert_eq!(
        SeatWalls::from_order(vec![1, 2], 0),
        Err(WallError::NoSeats)
    );
    let mut w = SeatWalls::from_order(vec![1, 2], 2).unwrap();
    assert_eq!(
        w.draw(2),
        Err(WallError::SeatOutOfRange { seat: 2, seats: 2 })
    );
    assert!(w.draw(5).unwrap_err().to_string().contains("seats 0 to 1"));
}

#[test]
fn draws_stay_uniform_with_calls_and_exhaustion() {
    // Six tiles, three seats, a turn pattern that exhausts seat 0 early: the drawn sequence
    // must still be a uniform permutation of the six tiles.
    let seed = TableSeed::parse("fair").unwrap();
    let turns = [0usize, 0, 0, 1, 0, 2];
    let trials = 36_000u64;
    let mut seen: BTreeMap<Vec<u8>, u64> = BTreeMap::new();
    for t in 0..trials {
        let mut w = SeatWalls::shuffled(
            (0..6u8).collect(),
            3,
            &mut seed.hand(t).stream(Purpose::Deal),
        )
        .unwrap();
        let seq: Vec<u8> = turns.iter().map(|&s| w.draw(s).unwrap().unwrap()).collect();
        *seen.entry(seq).or_default() += 1;
    }
    assert_eq!(seen.len(), 720);
    let e = trials as f64 / 720.0;
    let chi2: f64 = seen.values().map(|&o| (o as f64 - e).powi(2) / e).sum();
    let dof = 719.0f64;
    let a = 2.0 / (9.0 * dof);
    let cutoff = dof * (1.0 - a + 3.09 * a.sqrt()).powi(3);
    assert!(chi2 < cutoff, "chi-square {chi2:.1} > {cutoff:.1}");
}

proptest! {
    #![proptest_config(fixed_proptest::config(64))]

    #[test]
    fn every_tile_is_drawn_exactly_once(n in 0usize..40, seats in 1usize..5, turns in prop::collection::vec(0usize..4, 0..60)) {
        let mut w = SeatWalls::from_order((0..n).collect(), seats).unwrap();
        let mut got = Vec::new();
        for s in turns.into_iter().map(|s| s % seats).chain(std::iter::repeat_n(0, n)) {
            if let Some(t) = w.draw(s).unwrap() {
                got.push(t);
            }
        }
        got.sort();
        prop_assert_eq!(got, (0..n).collect::<Vec<_>>());
        prop_assert_eq!(w.total_remaining(), 0);
    }
}
