//! Mahjong benchmarks: table win check (hands/s) against the backtracking reference,
//! waits, shanten, discard advice and the table build itself.

#[path = "../tests/support/mahjong_reference.rs"]
mod reference;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use reference::{counts_of, random_hand, ref_regular, Counts};
use tuolaji::mahjong::{self, advise, tables, Forms, Hand, Tables, KINDS};

/// 1024 hands of `size` tiles with 0–4 wildcards; half built from winning shapes.
fn hands(seed: u64, size: usize) -> Vec<Hand> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..1024)
        .map(|i| random_hand(&mut rng, size - i % 5, (i % 5) as u8, i % 2 == 0))
        .collect()
}

fn win_check(c: &mut Criterion) {
    tables();
    let hs = hands(1, 14);
    let counts: Vec<(Counts, u8)> = hs.iter().map(|h| (counts_of(h), h.wild)).collect();
    let mut g = c.benchmark_group("mahjong_win");
    g.throughput(Throughput::Elements(hs.len() as u64));
    g.bench_function("table_regular_1024_hands", |b| {
        b.iter(|| {
            hs.iter()
                .filter(|h| mahjong::win::is_regular_win(black_box(h)))
                .count()
        })
    });
    g.bench_function("table_all_forms_1024_hands", |b| {
        b.iter(|| {
            hs.iter()
                .filter(|h| mahjong::is_win(black_box(h), Forms::default()))
                .count()
        })
    });
    g.bench_function("reference_regular_1024_hands", |b| {
        b.iter(|| {
            counts
                .iter()
                .filter(|(c, w)| ref_regular(black_box(c), *w))
                .count()
        })
    });
    // Without wildcards, the case the seed's C++ comparison used.
    let plain: Vec<Hand> = {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        (0..1024)
            .map(|i| random_hand(&mut rng, 14, 0, i % 2 == 0))
            .collect()
    };
    let plain_counts: Vec<Counts> = plain.iter().map(counts_of).collect();
    g.bench_function("table_regular_no_wild_1024_hands", |b| {
        b.iter(|| {
            plain
                .iter()
                .filter(|h| mahjong::win::is_regular_win(black_box(h)))
                .count()
        })
    });
    g.bench_function("reference_regular_no_wild_1024_hands", |b| {
        b.iter(|| {
            plain_counts
                .iter()
                .filter(|c| ref_regular(black_box(c), 0))
                .count()
        })
    });
    g.finish();
}

fn waits_shanten_advise(c: &mut Criterion) {
    tables();
    let thirteen = hands(2, 13);
    let fourteen = hands(3, 14);
    let mut g = c.benchmark_group("mahjong_eval");
    g.throughput(Throughput::Elements(64));
    g.bench_function("waits_64_hands_13_tiles", |b| {
        b.iter(|| {
            thirteen[..64]
                .iter()
                .map(|h| mahjong::waits(black_box(h), Forms::default()).len())
                .sum::<usize>()
        })
    });
    g.bench_function("shanten_64_hands_14_tiles", |b| {
        b.iter(|| {
            fourteen[..64]
                .iter()
                .map(|h| {
                    mahjong::shanten(black_box(h), Forms::default())
                        .unwrap()
                        .shanten
                })
                .sum::<i32>()
        })
    });
    g.throughput(Throughput::Elements(8));
    g.bench_function("advise_8_hands_14_tiles", |b| {
        b.iter(|| {
            fourteen[..8]
                .iter()
                .map(|h| {
                    advise(black_box(h), &[0; KINDS], Forms::default())
                        .unwrap()
                        .len()
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

/// The distance-table shanten against the `xiangting` crate on the same 1,024 hands of
/// 14 tiles without wildcards (half built from winning shapes), each library given the
/// hands in its own form (eigens here, a `[u8; 34]` there), all forms in both.
fn shanten_vs_xiangting(c: &mut Criterion) {
    tables();
    mahjong::distance::distance_tables();
    let hs: Vec<Hand> = {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        (0..1024).map(|i| random_hand(&mut rng, 14, 0, i % 2 == 0)).collect()
    };
    let counts: Vec<[u8; KINDS]> = hs.iter().map(|h| {
        let mut c = [0u8; KINDS];
        for (t, n) in h.kinds() {
            c[t.id() as usize] = n;
        }
        c
    }).collect();
    let mut g = c.benchmark_group("mahjong_shanten");
    g.throughput(Throughput::Elements(hs.len() as u64));
    g.bench_function("tuolaji_all_forms_1024_hands", |b| {
        b.iter(|| hs.iter().map(|h| mahjong::shanten(black_box(h), Forms::default()).unwrap().shanten).sum::<i32>())
    });
    g.bench_function("tuolaji_regular_1024_hands", |b| {
        b.iter(|| hs.iter().map(|h| mahjong::shanten::regular_shanten(black_box(h)).unwrap()).sum::<i32>())
    });
    g.bench_function("tuolaji_sub_shape_walk_1024_hands", |b| {
        b.iter(|| hs.iter().map(|h| mahjong::shanten::regular_shanten_by_profiles(black_box(h)).unwrap()).sum::<i32>())
    });
    g.bench_function("xiangting_all_forms_1024_hands", |b| {
        b.iter(|| {
            counts
                .iter()
                .map(|c| xiangting::calculate_replacement_number(black_box(c), xiangting::PlayerCount::Four).unwrap() as i32)
                .sum::<i32>()
        })
    });
    g.finish();
}

fn table_build(c: &mut Criterion) {
    let mut g = c.benchmark_group("mahjong_tables");
    g.sample_size(10);
    g.bench_function("build_all_tables", |b| {
        b.iter(|| black_box(Tables::build()).memory_bytes())
    });
    g.bench_function("build_distance_tables", |b| {
        b.iter(|| black_box(mahjong::distance::DistanceBuilder::new().finish()).memory_bytes())
    });
    g.finish();
}

criterion_group!(benches, win_check, waits_shanten_advise, shanten_vs_xiangting, table_build);
criterion_main!(benches);
