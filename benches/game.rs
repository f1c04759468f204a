//! Criterion benchmarks for the Shengji game: one bot decision during play
//! (4 decks, leads and follows) and a full simulated hand.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tuolaji::dup::TableSeed;
use tuolaji::shengji::bot::{Bot, Difficulty};
use tuolaji::shengji::game::sim::Simulation;
use tuolaji::shengji::game::{PhaseName, SeatView, Settings};

/// Views where a bot must lead or follow, from a 4-deck game played by bots.
fn play_views(players: u8, decks: u8, leads: bool) -> Vec<SeatView> {
    let settings = Settings { players, decks: Some(decks), ..Settings::default() };
    let mut sim = Simulation::new(settings, TableSeed::parse("bench").unwrap(), &[Difficulty::Heuristic]).unwrap();
    let mut views = Vec::new();
    while sim.game.phase() != PhaseName::Finished {
        if sim.game.phase() == PhaseName::Play {
            let seat = sim.game.to_act()[0];
            let v = sim.game.view(seat);
            let is_lead = v.trick.as_ref().is_some_and(|t| t.plays.is_empty());
            if is_lead == leads {
                views.push(v);
            }
        }
        sim.step().unwrap();
    }
    views
}

fn bench(c: &mut Criterion) {
    let seed = TableSeed::parse("bench").unwrap();
    for (name, leads) in [("bot_lead_4_decks", true), ("bot_follow_4_decks", false)] {
        let views = play_views(4, 4, leads);
        let mut bots: Vec<Bot> = (0..4).map(|s| Bot::new(&seed, s, Difficulty::Heuristic)).collect();
        let mut i = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                let v = &views[i % views.len()];
                i += 1;
                black_box(bots[v.seat].suggest(v))
            })
        });
    }
    for (players, decks) in [(4u8, 2u8), (8, 4)] {
        let mut n = 0u64;
        c.bench_function(&format!("hand_{players}p_{decks}d"), |b| {
            b.iter(|| {
                n += 1;
                let settings = Settings { players, decks: Some(decks), ..Settings::default() };
                let mut sim = Simulation::new(settings, TableSeed::parse(&format!("h{n}")).unwrap(), &[Difficulty::Heuristic])
                    .unwrap();
                black_box(sim.run(1).unwrap())
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
