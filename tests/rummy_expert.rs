//! The Expert rummy bot, CI-sized: it beats the heuristic on a fixed set of
//! duplicate deals, it plays the same moves from the same seed, and it never
//! makes a move the rules refuse. The full runs (1,000 deal pairs at 2 and 6
//! players) are `tuolaji rummy arena`'s, quoted in docs/rummy.md ("Bots").

use tuolaji::dup::TableSeed;
use tuolaji::rummy::arena::{self, ArenaConfig, Timings};
use tuolaji::rummy::bot::{Difficulty, Effort};
use tuolaji::rummy::game::{Game, Settings, Variant};

fn config(players: u8, deals: usize, seed: &str, effort: Effort) -> ArenaConfig {
    ArenaConfig {
        kinds: [Difficulty::Expert, Difficulty::Heuristic],
        deals,
        seed: TableSeed::parse(seed).unwrap(),
        settings: Settings { players, ..Settings::default() },
        effort,
    }
}

fn no_clock() -> impl FnMut() -> f64 {
    || 0.0
}

#[test]
fn expert_beats_the_heuristic_on_fixed_deals() {
    // 16 two-player deal pairs with the app's effort. Two heuristic bots split every
    // pair exactly (the heuristic draws no random numbers: the next test), so a share
    // above one half is the Expert's play; on these deals it wins 20 deals to 12
    // (62.5 %), five pairs both ways round and one lost both ways.
    let c = config(2, 16, "ciexpert", Effort::default());
    let (report, pairs, _) = arena::run(&c, &mut no_clock()).expect("every move is legal");
    assert_eq!(pairs.len(), 16);
    assert!(
        report.won.share > 0.55 && report.pairs_won > report.pairs_lost,
        "the Expert wins {:.1} % of the deals: {report:?}",
        100.0 * report.won.share
    );
}

#[test]
fn heuristic_against_itself_splits_every_pair() {
    // The control for the test above: the arena itself favours nobody.
    let mut c = config(2, 16, "ciexpert", Effort::default());
    c.kinds[0] = Difficulty::Heuristic;
    let (report, _, _) = arena::run(&c, &mut no_clock()).unwrap();
    assert_eq!(report.won.share, 0.5);
    assert_eq!(report.pairs_split, 16);
}

/// The moves of deal 0 of seed `cideterminism` at `players` players, from the given
/// orientation, after checking that a second play gives the same moves and score.
fn replayed_moves(players: u8, forward: bool) -> Vec<(usize, tuolaji::rummy::game::Action)> {
    let c = config(players, 1, "cideterminism", Effort::default());
    let seed = arena::deal_seed(&c.seed, 0);
    let play = || {
        let (score, game) = arena::play_deal(&c, &seed, forward, &mut no_clock(), &mut Timings::default()).unwrap();
        (score, game.actions().to_vec())
    };
    let (first, moves) = play();
    assert!(moves.len() > 10, "a whole deal ({} moves)", moves.len());
    assert_eq!(play(), (first, moves.clone()), "the same seed replays the same moves");
    moves
}

#[test]
fn same_seed_same_moves() {
    let moves = replayed_moves(3, true);
    // Another stream (the other orientation) plays otherwise.
    assert_ne!(replayed_moves(3, false), moves);
}

#[test]
fn same_seed_same_moves_at_two_players() {
    // Two players: the draws and discards that count the next draw's outs exactly.
    replayed_moves(2, true);
}

#[test]
fn the_expert_never_makes_an_illegal_move() {
    // Every player count, both pool variants and a table without rebuilds, with a
    // small effort so that many deals fit: `play_deal` fails on any refused move.
    let small = Effort { samples: 3, horizon: 2, discards: 3, feed: 2 };
    let mut deals = 0;
    for players in 2..=6u8 {
        for (i, variant) in [Variant::Points, Variant::Pool101, Variant::Pool201].into_iter().enumerate() {
            let mut c = config(players, 2, &format!("legal{players}x{i}"), small);
            c.settings.variant = variant;
            if i == 2 {
                c.settings.restocks = 0;
            }
            let (report, _, _) = arena::run(&c, &mut no_clock()).unwrap_or_else(|e| panic!("{e}"));
            deals += 2 * report.pairs;
        }
    }
    assert_eq!(deals, 5 * 3 * 4);
}

#[test]
fn expert_bots_resume_exactly() {
    // A table resumed at every move goes on as the unbroken run (tests/resume_exact.rs
    // checks the other bots the same way).
    use tuolaji::rummy::bot::bots_for;
    use tuolaji::table::{Bot, Driver};
    let seed = TableSeed::parse("resumeexpert").unwrap();
    let new_bots = || bots_for(&seed, 2, &[Difficulty::Expert, Difficulty::Expert]);
    let unbroken = {
        let mut game = Game::new(Settings::default(), seed.clone()).unwrap();
        let mut driver = Driver::all_bots(new_bots());
        let mut moves = Vec::new();
        while let Some(Ok(m)) = driver.step(&mut game) {
            moves.push((m.seat, m.action));
        }
        moves
    };
    let mut game = Game::new(Settings::default(), seed.clone()).unwrap();
    let mut bots = new_bots();
    let mut moves = Vec::new();
    loop {
        let mut driver = Driver::all_bots(bots);
        let Some(Ok(m)) = driver.step(&mut game) else { break };
        moves.push((m.seat, m.action));
        let streams: Vec<_> = (0..2).map(|s| driver.bot(s).and_then(|b| b.stream_at())).collect();
        bots = new_bots();
        for (bot, at) in bots.iter_mut().zip(streams) {
            bot.resume_stream(at.expect("a rummy bot reports its stream"));
        }
    }
    assert!(unbroken.len() > 10);
    assert_eq!(moves, unbroken);
}
