//! Benchmarks of `record`: replay-code encode/decode and the stepper for a
//! 4-player 2-deck bot hand and a 6-player 3-deck one.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tuolaji::dup::TableSeed;
use tuolaji::ui_model::shengji::{decode_record, decode_unchecked, encode_record, Replay};
use tuolaji::shengji::bot::Difficulty;
use tuolaji::shengji::game::sim::Simulation;
use tuolaji::shengji::game::{GameRecord, PhaseName, Settings};

fn hand(players: u8, decks: u8) -> GameRecord {
    let settings = Settings { players, decks: Some(decks), ..Settings::default() };
    let mut sim = Simulation::new(settings, TableSeed::parse("bench").unwrap(), &[Difficulty::Heuristic]).unwrap();
    while sim.game.phase() != PhaseName::Finished {
        sim.step().unwrap();
    }
    sim.game.record()
}

fn bench(c: &mut Criterion) {
    for (players, decks) in [(4, 2), (6, 3)] {
        let record = hand(players, decks);
        let code = encode_record(&record);
        let name = format!("{players}x{decks}");
        c.bench_function(&format!("encode_record {name}"), |b| b.iter(|| encode_record(black_box(&record))));
        c.bench_function(&format!("decode_unchecked {name}"), |b| b.iter(|| decode_unchecked(black_box(&code)).unwrap()));
        c.bench_function(&format!("decode_record {name}"), |b| b.iter(|| decode_record(black_box(&code)).unwrap()));
        c.bench_function(&format!("Replay::from_code {name}"), |b| b.iter(|| Replay::from_code(black_box(&code)).unwrap()));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
