//! Every rummy bot has a legal move at every table `Settings::validate`
//! accepts: over a committed grid (every player count and variant, every pack
//! the players fit in, no jokers and the most, every counting rule, no wild
//! rank for a turned-up joker, no stock rebuilds, drops and caps at their
//! bounds) and a sample of drawn tables, heuristic, random and mixed bots play
//! whole deals through the simulation, which refuses any bot move the rules
//! refuse and checks every invariant after every action. Also the bots' speed
//! (`--ignored`, meant for an optimised build).

use tuolaji::dup::{Purpose, TableSeed};
use tuolaji::rummy::bot::{Bot, Difficulty};
use tuolaji::rummy::game::settings::{cards_needed, sample};
use tuolaji::rummy::game::sim::Simulation;
use tuolaji::rummy::game::{PhaseName, Settings, Stage, Variant};
use tuolaji::rummy::{Counted, JokerDrawnRule};

const KINDS: [&[Difficulty]; 3] =
    [&[Difficulty::Heuristic], &[Difficulty::Random], &[Difficulty::Heuristic, Difficulty::Random]];

/// The committed grid, every entry accepted by the validator.
fn grid() -> Vec<Settings> {
    let mut out = Vec::new();
    for players in 2..=6u8 {
        for variant in Variant::ALL {
            for decks in 1..=3u8 {
                if 52 * decks as usize + 2 * decks as usize >= cards_needed(players as usize) {
                    let fits = |j: u8| 52 * decks as usize + j as usize >= cards_needed(players as usize);
                    for jokers in [0, 2 * decks].into_iter().filter(|&j| fits(j)) {
                        out.push(Settings {
                            players,
                            variant,
                            decks: Some(decks),
                            jokers: Some(jokers),
                            ..Settings::default()
                        });
                    }
                }
            }
        }
    }
    let counted = [Counted::AllCards, Counted::AllButPureSequence, Counted::UnmeldedOnly];
    for without_pure_sequence in counted {
        for without_second_sequence in counted {
            out.push(Settings { players: 3, without_pure_sequence, without_second_sequence, ..Settings::default() });
        }
    }
    let d = Settings::default;
    out.push(Settings { joker_drawn: JokerDrawnRule::NoWildRank, players: 4, ..d() });
    out.push(Settings { restocks: 0, players: 6, ..d() });
    out.push(Settings { first_drop: Some(1), middle_drop: Some(1), max_points: 1, ..d() });
    out.push(Settings { max_points: 200, first_drop: Some(200), middle_drop: Some(200), deals: Some(1), ..d() });
    out.push(Settings { variant: Variant::Pool201, max_points: 200, ..d() });
    out.push(Settings { deals: Some(100), players: 5, ..d() });
    out
}

fn play(settings: &Settings, seed: &TableSeed, deals: u64, kinds: &[Difficulty]) {
    settings.validate().unwrap_or_else(|e| panic!("{settings:?}: {e}"));
    let mut sim = Simulation::new(settings.clone(), seed.clone(), kinds).unwrap();
    if let Err(v) = sim.run(deals) {
        panic!("{settings:?} with {kinds:?} bots at seed {seed}: {v}");
    }
}

#[test]
fn every_bot_move_is_accepted_at_every_table_of_the_grid() {
    let tables = grid();
    assert!(tables.len() > 60, "{} tables", tables.len());
    for (i, settings) in tables.iter().enumerate() {
        let seed = TableSeed::parse(&format!("grid{i}")).unwrap();
        play(settings, &seed, 2, KINDS[i % 3]);
    }
}

#[test]
fn every_bot_move_is_accepted_at_drawn_tables() {
    let seed = TableSeed::parse("rummysweep").unwrap();
    let mut rng = seed.stream(Purpose::Named("rummy-settings"));
    for i in 0..45 {
        let settings = sample(&mut rng);
        let seed = TableSeed::parse(&format!("drawn{i}")).unwrap();
        play(&settings, &seed, 3, KINDS[i % 3]);
    }
}

/// Median, 99th percentile and slowest bot decision (microseconds) over
/// fixed-seed deals at 2 and 6 players; the slowest must stay under 5 ms.
/// `cargo test --release --test rummy_game_bots -- --ignored --nocapture`.
#[test]
#[ignore]
fn bot_decision_time() {
    let mut draw = Vec::new();
    let mut discard = Vec::new();
    for players in [2u8, 6] {
        for t in 0..20 {
            let seed = TableSeed::parse(&format!("speed{players}x{t}")).unwrap();
            let settings = Settings { players, ..Settings::default() };
            let mut sim = Simulation::new(settings, seed.clone(), &[Difficulty::Heuristic]).unwrap();
            let mut bots: Vec<Bot> = (0..players as usize).map(|s| Bot::new(&seed, s, Difficulty::Heuristic)).collect();
            while sim.game.phase() != PhaseName::Finished {
                let seat = sim.game.to_act()[0];
                let view = sim.game.view(seat);
                let start = std::time::Instant::now();
                let (action, _) = bots[seat].suggest(&view);
                let us = start.elapsed().as_secs_f64() * 1e6;
                match (view.phase, view.stage) {
                    (PhaseName::Play, Stage::Draw) => draw.push(us),
                    (PhaseName::Play, Stage::Discard { .. }) => discard.push(us),
                    _ => {}
                }
                sim.game.apply(seat, &action).unwrap();
            }
        }
    }
    for (name, v) in [("draw (13 cards + top)", &mut draw), ("discard (14 cards)", &mut discard)] {
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((v.len() - 1) as f64 * q) as usize];
        println!(
            "{name}: {} decisions, median {:.0} µs, p99 {:.0} µs, slowest {:.0} µs",
            v.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
        if !cfg!(debug_assertions) {
            assert!(at(1.0) < 5000.0, "{name}: slowest decision {:.0} µs", at(1.0));
        }
    }
}
