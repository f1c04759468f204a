//! Criterion benchmarks of the duplicate-deal machinery: one haystack draw among 54 kinds
//! and among 136 tiles, a whole 136-tile wall, and the seed derivation.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use tuolaji::dup::haystack::{Haystack, HaystackDeck, KindId};
use tuolaji::dup::wall::SeatWalls;
use tuolaji::dup::{Purpose, TableSeed};

fn seat_haystack() -> Haystack {
    Haystack::for_seat(&TableSeed::parse("bench").unwrap().hand(0).seat(0))
}

fn draws(c: &mut Criterion) {
    // Steady state: weights never deplete, every stream already exists.
    let w54: Vec<(KindId, f64)> = (0..54).map(|k| (k, 2.0)).collect();
    let mut h54 = seat_haystack();
    for _ in 0..200 {
        h54.draw(&w54).unwrap();
    }
    c.bench_function("haystack draw among 54 kinds (weights 2)", |b| {
        b.iter(|| h54.draw(black_box(&w54)).unwrap())
    });

    let w136: Vec<(KindId, f64)> = (0..136).map(|k| (k, 1.0)).collect();
    let mut h136 = seat_haystack();
    for _ in 0..500 {
        h136.draw(&w136).unwrap();
    }
    c.bench_function("haystack draw among 136 tiles (136 kinds)", |b| {
        b.iter(|| h136.draw(black_box(&w136)).unwrap())
    });

    // A two-deck Shengji-sized deck: one draw from the full 108 cards (fresh haystack
    // excluded from the timing, lazy stream creation included).
    c.bench_function("HaystackDeck first draw, 54 kinds x 2", |b| {
        b.iter_batched(
            || HaystackDeck::with_counts(seat_haystack(), &[2; 54]).unwrap(),
            |mut d| d.draw(),
            BatchSize::SmallInput,
        )
    });
}

fn walls(c: &mut Criterion) {
    let seed = TableSeed::parse("bench").unwrap();
    c.bench_function("full 136-tile wall by haystack (34 kinds x 4)", |b| {
        let mut hand = 0u64;
        b.iter(|| {
            hand += 1;
            let h = Haystack::for_seat(&seed.hand(hand).seat(0));
            let mut deck = HaystackDeck::with_counts(h, &[4; 34]).unwrap();
            let mut last = 0;
            while let Some(k) = deck.draw() {
                last = k;
            }
            last
        })
    });
    c.bench_function(
        "full 136-tile wall by per-seat lists (shuffle + 136 draws)",
        |b| {
            let mut hand = 0u64;
            b.iter(|| {
                hand += 1;
                let tiles: Vec<u8> = (0..136).collect();
                let mut walls =
                    SeatWalls::shuffled(tiles, 4, &mut seed.hand(hand).stream(Purpose::Deal))
                        .unwrap();
                let mut last = 0;
                for i in 0..136 {
                    last = walls.draw(i % 4).unwrap().unwrap();
                }
                last
            })
        },
    );
    c.bench_function("derive hand/seat/purpose stream", |b| {
        let mut hand = 0u64;
        b.iter(|| {
            hand += 1;
            seed.hand(hand).seat(2).stream(Purpose::Bots)
        })
    });
}

/// On-CPU time of this thread in ns (Linux `/proc/thread-self/schedstat`, first field), so
/// that a figure taken on a loaded 2-core machine is not inflated by waiting for a core.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// The wall benchmark again, timed by on-CPU time (long samples: the counter is updated at
/// scheduler ticks).
fn walls_cpu_time(c: &mut Criterion) {
    if thread_cpu_ns().is_none() {
        return;
    }
    let seed = TableSeed::parse("bench").unwrap();
    let mut group = c.benchmark_group("cpu time");
    group
        .sample_size(10)
        .measurement_time(std::time::Duration::from_secs(10));
    group.bench_function("full 136-tile wall by haystack (34 kinds x 4)", |b| {
        let mut hand = 0u64;
        b.iter_custom(|iters| {
            let start = thread_cpu_ns().unwrap();
            for _ in 0..iters {
                hand += 1;
                let h = Haystack::for_seat(&seed.hand(hand).seat(0));
                let mut deck = HaystackDeck::with_counts(h, &[4; 34]).unwrap();
                while let Some(k) = deck.draw() {
                    black_box(k);
                }
            }
            std::time::Duration::from_nanos(thread_cpu_ns().unwrap() - start)
        })
    });
    group.bench_function("haystack draw among 54 kinds (weights 2)", |b| {
        let w54: Vec<(KindId, f64)> = (0..54).map(|k| (k, 2.0)).collect();
        let mut h54 = seat_haystack();
        b.iter_custom(|iters| {
            let start = thread_cpu_ns().unwrap();
            for _ in 0..iters {
                black_box(h54.draw(black_box(&w54)).unwrap());
            }
            std::time::Duration::from_nanos(thread_cpu_ns().unwrap() - start)
        })
    });
    group.finish();
}

criterion_group!(benches, draws, walls, walls_cpu_time);
criterion_main!(benches);
