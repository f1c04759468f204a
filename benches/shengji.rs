//! Criterion benchmarks for Shengji legality and hints on the four families
//! of random positions (see `tuolaji::shengji::positions`), legality also at a
//! table that plays bombs.
//! Run: `cargo bench --bench shengji`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tuolaji::shengji::positions::{position, Family, Position};
use tuolaji::shengji::{check_play, decomposition, Bombs, Hints, Lead, Rules};

fn positions(family: Family) -> Vec<Position> {
    (0..512).map(|s| position(family, 1_000_000 + s)).collect()
}

fn bench(c: &mut Criterion) {
    for family in Family::ALL {
        let ps = positions(family);
        // Warm the decomposition cache (formats and compiled plans) so the
        // figures measure the per-call work.
        for p in &ps {
            if let Some(core) = p.lead.format.split_singles().0.filter(|c| c.len() <= 20) {
                decomposition(core.len(), Default::default()).prepare();
            }
        }
        let mut g = c.benchmark_group(family.name());
        let mut i = 0;
        g.bench_function("legality", |b| {
            b.iter(|| {
                let p = &ps[i % ps.len()];
                i += 1;
                black_box(check_play(&p.rules, &p.lead, &p.hand, &p.play).is_ok())
            })
        });
        // The same positions at a table that plays bombs (any suit: every follow is
        // first asked whether it is a bomb).
        let bombed: Vec<Rules> = ps.iter().map(|p| p.rules.clone().with_bombs(Bombs::AnySuit)).collect();
        let mut i = 0;
        g.bench_function("legality-bombs", |b| {
            b.iter(|| {
                let k = i % ps.len();
                let p = &ps[k];
                i += 1;
                black_box(check_play(&bombed[k], &p.lead, &p.hand, &p.play).is_ok())
            })
        });
        let mut i = 0;
        g.bench_function("hint-list", |b| {
            b.iter(|| {
                let p = &ps[i % ps.len()];
                i += 1;
                let h = Hints::new(&p.rules, &p.lead, &p.hand);
                let mut n = 0;
                for k in 0..h.len() {
                    n += h.first_match(k).is_some() as usize;
                }
                black_box(n)
            })
        });
        let mut i = 0;
        g.bench_function("lead-parse", |b| {
            b.iter(|| {
                let p = &ps[i % ps.len()];
                i += 1;
                black_box(Lead::parse(&p.rules, &p.lead.cards).is_ok())
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
