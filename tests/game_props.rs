//! Property tests for the Shengji game: random seeds, 4–8 players, 1–4 decks,
//! both modes. Every game terminates with bot moves that are all legal, the
//! record replays to the identical state, and records survive serde.

#[path = "support/fixed_proptest.rs"]
mod fixed_proptest;
use proptest::prelude::*;
use tuolaji::dup::TableSeed;
use tuolaji::shengji::bot::Difficulty;
use tuolaji::shengji::game::sim::Simulation;
use tuolaji::shengji::game::{replay, Action, GameRecord, Mode, ReplayError, Settings};

fn settings(players: u8, decks: u8, friends: bool) -> Settings {
    let mode = if friends || players % 2 == 1 { Mode::Friends } else { Mode::Tractor };
    Settings { players, decks: Some(decks), mode, ..Settings::default() }
}

fn run(seed: &str, s: Settings, hands: u64, bots: &[Difficulty]) -> Simulation {
    let mut sim = Simulation::new(s, TableSeed::parse(seed).unwrap(), bots).unwrap();
    if let Err(v) = sim.run(hands) {
        panic!("{v}");
    }
    sim
}

proptest! {
    #![proptest_config(fixed_proptest::config(96))]

    #[test]
    fn games_terminate_legally_and_replay(
        seed in "[a-zA-Z0-9]{1,12}",
        players in 4u8..=8,
        decks in 1u8..=4,
        friends in any::<bool>(),
        random in any::<bool>(),
    ) {
        let bots = if random { vec![Difficulty::Random, Difficulty::Heuristic] } else { vec![Difficulty::Heuristic] };
        let mut sim = Simulation::new(settings(players, decks, friends), TableSeed::parse(&seed).unwrap(), &bots).unwrap();
        let summary = sim.run(2).map_err(|v| TestCaseError::fail(v.to_string()))?;
        if !random {
            // Heuristic bots throw only what cannot fail given the cards they have not seen.
            prop_assert_eq!(summary.throws_failed, 0);
        }
        // Replay equality, also through the compact JSON form.
        let record = sim.game.record();
        let json = serde_json::to_string(&record).unwrap();
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &record);
        let replayed = replay(&back).unwrap();
        prop_assert_eq!(format!("{:?}", replayed), format!("{:?}", sim.game));
        for seat in 0..players as usize {
            prop_assert_eq!(
                serde_json::to_string(&replayed.view(seat)).unwrap(),
                serde_json::to_string(&sim.game.view(seat)).unwrap()
            );
        }
    }

    #[test]
    fn corrupt_records_are_refused_not_panicking(
        seed in "[a-z0-9]{1,8}",
        cut in 0usize..400,
        flip in 0usize..6,
    ) {
        let sim = run(&seed, Settings::default(), 1, &[Difficulty::Heuristic]);
        let mut rec = sim.game.record();
        let i = cut % rec.actions.len();
        let bad = match flip {
            0 => Action::NextHand,
            1 => Action::TakeBack,
            2 => Action::Play(vec![]),
            3 => Action::Bury(vec![]),
            4 => Action::Draw,
            _ => Action::Pass,
        };
        let original = rec.actions[i].clone();
        rec.actions[i].1 = bad.clone();
        rec.actions[i].0 = (rec.actions[i].0 + flip) % 4;
        // Either the changed action happens to be legal (then replay continues) or we get an error naming it.
        match replay(&rec) {
            Ok(_) => {}
            Err(ReplayError::Action { index, .. }) => prop_assert!(index >= i || original.1 == bad),
            Err(e) => prop_assert!(false, "unexpected error {}", e),
        }
    }
}

#[test]
fn a_game_is_won_at_ace_and_the_next_hand_starts_over() {
    use tuolaji::cards::Rank;
    use tuolaji::shengji::bot::bots_for;
    use tuolaji::shengji::game::{Event, Game, PhaseName};
    let seed = TableSeed::parse("ace").unwrap();
    let mut game = Game::new(Settings::default(), seed.clone()).unwrap();
    let mut bots = bots_for(&seed, 4, &[Difficulty::Heuristic, Difficulty::Random]);
    let mut won = false;
    for _ in 0..200_000 {
        let seat = game.to_act()[0];
        let (action, _) = bots[seat].suggest(&game.view(seat));
        let rank = game.trump_rank();
        let events = game.apply(seat, &action).unwrap();
        if let Some(Event::GameWon { seats }) = events.iter().find(|e| matches!(e, Event::GameWon { .. })) {
            let r = game.result().unwrap();
            assert_eq!(rank, Rank::Ace);
            assert!(r.ladder.landlord_wins);
            assert_eq!(seats, &r.landlord_team);
            assert!(seats.iter().all(|&s| game.levels()[s] == Rank::Ace));
            game.apply(0, &Action::NextHand).unwrap();
            assert!(game.levels().iter().all(|&l| l == Rank::Two));
            assert_eq!(game.current_landlord(), None);
            assert_eq!(game.phase(), PhaseName::Draw);
            won = true;
            break;
        }
    }
    assert!(won, "no game was finished");
}

fn garbage(kind: u8, hand: &[tuolaji::cards::Card], pick: &[usize]) -> Action {
    use tuolaji::cards::Card;
    use tuolaji::shengji::game::Friend;
    let cards: Vec<Card> = if hand.is_empty() {
        vec![Card::BigJoker]
    } else {
        pick.iter().map(|&i| hand[i % hand.len()]).collect()
    };
    match kind % 8 {
        0 => Action::Draw,
        1 => Action::Bid(cards[0], (pick.len() % 3) as u8 + 1),
        2 => Action::Pass,
        3 => Action::Bury(cards),
        4 => Action::DeclareFriends(cards.iter().map(|&card| Friend { card, nth: 1 }).collect()),
        5 => Action::Play(cards),
        6 => Action::TakeBack,
        _ => Action::NextHand,
    }
}

proptest! {
    #![proptest_config(fixed_proptest::config(48))]

    /// Random moves from random seats between bot moves: never a panic, and a
    /// refused move leaves the game exactly as it was.
    #[test]
    fn random_moves_never_panic_and_errors_change_nothing(
        seed in "[a-z0-9]{1,8}",
        players in 4u8..=7,
        moves in proptest::collection::vec((0usize..8, any::<u8>(), proptest::collection::vec(0usize..60, 1..5)), 1..60),
    ) {
        use tuolaji::shengji::bot::bots_for;
        use tuolaji::shengji::game::Game;
        let seed = TableSeed::parse(&seed).unwrap();
        let mut game = Game::new(settings(players, 2, false), seed.clone()).unwrap();
        let mut bots = bots_for(&seed, players as usize, &[Difficulty::Random]);
        for (seat, kind, pick) in moves {
            // A stretch of bot moves to reach later phases.
            for _ in 0..(kind as usize % 40) {
                let s = game.to_act()[0];
                let (a, _) = bots[s].suggest(&game.view(s));
                game.apply(s, &a).unwrap();
            }
            let hand = game.hand(seat % players as usize);
            let action = garbage(kind / 8, &hand, &pick);
            let before = format!("{game:?}");
            if let Err(e) = game.apply(seat, &action) {
                prop_assert_eq!(&before, &format!("{game:?}"));
                prop_assert!(!e.to_string().is_empty());
            }
        }
        // Whatever happened, the game still replays from its record.
        let replayed = replay(&game.record()).unwrap();
        prop_assert_eq!(format!("{replayed:?}"), format!("{game:?}"));
    }
}

#[test]
fn bad_seeds_and_settings_are_explained() {
    let rec = GameRecord { settings: Settings::default(), seed: "no spaces!".into(), actions: vec![] };
    assert!(replay(&rec).unwrap_err().to_string().contains("seed"));
    let rec = GameRecord { settings: Settings { players: 11, ..Settings::default() }, seed: "ok".into(), actions: vec![] };
    assert!(replay(&rec).unwrap_err().to_string().contains("11 players"));
    let rec = GameRecord { settings: Settings::default(), seed: "ok".into(), actions: vec![(7, Action::Draw)] };
    let e = replay(&rec).unwrap_err().to_string();
    // Actions and seats are counted from 1 in messages, as people count them.
    assert!(e.contains("action 1") && e.contains("seat 8"), "{e}");
    // Garbage JSON is a serde error, not a panic.
    assert!(serde_json::from_str::<GameRecord>("{\"s\":{\"p\":\"x\"}}").is_err());
}

#[test]
fn same_seed_same_digest_different_seed_different_digest() {
    let a = Simulation::new(Settings::default(), TableSeed::parse("dig").unwrap(), &[Difficulty::Heuristic])
        .unwrap()
        .run(2)
        .unwrap();
    let b = Simulation::new(Settings::default(), TableSeed::parse("DIG").unwrap(), &[Difficulty::Heuristic])
        .unwrap()
        .run(2)
        .unwrap();
    let c = Simulation::new(Settings::default(), TableSeed::parse("dih").unwrap(), &[Difficulty::Heuristic])
        .unwrap()
        .run(2)
        .unwrap();
    assert_eq!(a.digest, b.digest);
    assert_ne!(a.digest, c.digest);
}

#[test]
fn record_is_compact() {
    let sim = run("compact", Settings::default(), 1, &[Difficulty::Heuristic]);
    let json = serde_json::to_string(&sim.game.record()).unwrap();
    // About 110 draws and 100 plays: a few bytes each.
    assert!(json.len() < 4000, "{} bytes", json.len());
    assert!(json.starts_with("{\"s\":"), "{}", &json[..40]);
}
