//! The rummy game engine from outside: random and garbage moves never panic
//! and a refused move changes nothing; a record replays to the identical
//! state; the table layer's driver plays whole games (points and pool) with
//! bots; two tables with the same seed and settings get the same cards.
//! Fixed seeds and the shared fixed proptest configuration.

#[path = "support/fixed_proptest.rs"]
mod fixed_proptest;

use proptest::prelude::*;
use tuolaji::dup::TableSeed;
use tuolaji::rummy::bot::{bots_for, Difficulty};
use tuolaji::rummy::game::sim::Simulation;
use tuolaji::rummy::game::{Action, Event, Game, PhaseName, Settings, Variant};
use tuolaji::rummy::RummyCard;
use tuolaji::table::{replay, Driver, Record};

fn seed(s: &str) -> TableSeed {
    TableSeed::parse(s).unwrap()
}

/// A move that is often illegal: built from `kind` and positions into the hand.
fn garbage(kind: u8, hand: &[RummyCard], pick: &[usize]) -> Action {
    let card = |i: usize| hand.get(i % hand.len().max(1)).copied().unwrap_or(RummyCard::Joker);
    let some: Vec<RummyCard> = pick.iter().map(|&i| card(i)).collect();
    match kind % 9 {
        0 => Action::Drop,
        1 => Action::DrawStock,
        2 => Action::TakeDiscard,
        3 => Action::Discard(card(pick[0])),
        4 => Action::Declare(vec![some.clone(), hand.to_vec()], card(pick[0])),
        5 => Action::Declare(hand.chunks(3).map(|c| c.to_vec()).collect(), card(pick[0])),
        6 => Action::Show(vec![some, vec![RummyCard::Joker; 300]]),
        7 => Action::NextDeal,
        _ => Action::NextDealFrom(if pick[0].is_multiple_of(2) { "bad seed!".into() } else { format!("s{}", pick[0]) }),
    }
}

proptest! {
    #![proptest_config(fixed_proptest::config(48))]

    #[test]
    fn random_moves_never_panic_and_errors_change_nothing(
        seed in "[a-z0-9]{1,8}",
        players in 2u8..=6,
        variant in 0usize..3,
        moves in proptest::collection::vec((0usize..7, any::<u8>(), proptest::collection::vec(0usize..20, 1..5)), 1..40),
    ) {
        let settings = Settings { players, variant: Variant::ALL[variant], ..Settings::default() };
        let seed = TableSeed::parse(&seed).unwrap();
        let mut game = Game::new(settings, seed.clone()).unwrap();
        let mut bots = bots_for(&seed, players as usize, &[Difficulty::Random, Difficulty::Heuristic]);
        for (seat, kind, pick) in moves {
            // A stretch of bot moves to reach later phases and deals.
            for _ in 0..(kind as usize % 24) {
                let s = game.to_act()[0];
                let (a, _) = bots[s].suggest(&game.view(s));
                game.apply(s, &a).unwrap();
            }
            let action = garbage(kind / 24, game.hand(seat % players as usize), &pick);
            let before = format!("{game:?}");
            if let Err(e) = game.apply(seat, &action) {
                prop_assert_eq!(&before, &format!("{game:?}"));
                prop_assert!(!e.to_string().is_empty());
            }
        }
        // Whatever happened, the table replays from its record.
        let replayed = replay(&Record::of(&game)).unwrap();
        prop_assert_eq!(format!("{replayed:?}"), format!("{game:?}"));
    }
}

#[test]
fn a_record_replays_to_the_same_state_through_json() {
    for (players, variant, kinds, s) in [
        (2u8, Variant::Points, [Difficulty::Heuristic, Difficulty::Random], "rec1"),
        (4, Variant::Pool101, [Difficulty::Random, Difficulty::Heuristic], "rec2"),
        (6, Variant::Pool201, [Difficulty::Heuristic, Difficulty::Heuristic], "rec3"),
    ] {
        let settings = Settings { players, variant, ..Settings::default() };
        let mut sim = Simulation::new(settings, seed(s), &kinds).unwrap();
        sim.run(4).unwrap();
        // Stop mid-deal too: a few moves into the next one.
        sim.game.apply(0, &Action::NextDeal).unwrap();
        sim.driver.run(&mut sim.game, 7).unwrap();
        let record = Record::of(&sim.game);
        let json = serde_json::to_string(&record).unwrap();
        let back: Record<Game> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, record);
        let again = replay(&back).unwrap();
        assert_eq!(format!("{again:?}"), format!("{:?}", sim.game));
        for seat in 0..players as usize {
            assert_eq!(again.view(seat), sim.game.view(seat));
        }
    }
}

#[test]
fn replay_names_the_refused_action() {
    let mut record = Record::<Game>::new(Settings::default(), &seed("refused"));
    record.actions = vec![(0, Action::DrawStock), (0, Action::DrawStock)];
    let e = replay(&record).unwrap_err().to_string();
    assert!(e.contains("action 2") && e.contains("seat 1") && e.contains("after drawing"), "{e}");
    record.settings.players = 9;
    assert!(replay(&record).unwrap_err().to_string().contains("9 players"));
}

/// Plays with the table layer's driver until `games` games are over.
fn play_games(settings: Settings, s: &str, kinds: &[Difficulty], games: u64) -> Game {
    let seed = seed(s);
    let mut game = <Game as tuolaji::table::Game>::new(settings, seed.clone()).unwrap();
    let mut driver = Driver::all_bots(bots_for(&seed, game.players(), kinds));
    let mut over = 0;
    for _ in 0..500 {
        for moved in driver.run(&mut game, 100_000).unwrap() {
            over += moved.events.iter().filter(|e| matches!(e, Event::GameOver { .. })).count() as u64;
        }
        assert_eq!(game.phase(), PhaseName::Finished, "the driver stops only at the end of a deal");
        if over == games {
            return game;
        }
        game.apply(0, &<Game as tuolaji::table::Game>::next_hand(None)).unwrap();
    }
    panic!("{games} games did not end in 500 deals");
}

#[test]
fn the_driver_plays_whole_games_with_bots() {
    // Points rummy: a game is a fixed number of deals.
    let g = play_games(
        Settings { players: 3, deals: Some(4), ..Settings::default() },
        "drive1",
        &[Difficulty::Heuristic],
        2,
    );
    assert_eq!(g.deal_number(), 7);
    assert!(g.games_won().iter().sum::<u32>() >= 2);
    let r = g.result().unwrap();
    assert_eq!(r.net.iter().sum::<i64>(), 0);
    // Pool rummy: until one seat is left.
    for (variant, s) in [(Variant::Pool101, "drive2"), (Variant::Pool201, "drive3")] {
        let settings = Settings { players: 4, variant, ..Settings::default() };
        let g = play_games(settings, s, &[Difficulty::Heuristic, Difficulty::Random], 1);
        let r = g.result().unwrap();
        let winners = r.game_over.clone().unwrap();
        let limit = variant.pool_limit().unwrap();
        assert_eq!(winners.len(), 1);
        assert!(r.totals[winners[0]] < limit);
        assert_eq!(r.out.iter().filter(|&&o| !o).count(), 1, "{:?}", r.totals);
    }
}

#[test]
fn two_tables_with_the_same_seed_get_the_same_cards() {
    for players in 2u8..=6 {
        let settings = Settings { players, ..Settings::default() };
        let mut a = Simulation::new(settings.clone(), seed("twin"), &[Difficulty::Heuristic]).unwrap();
        let mut b = Simulation::new(settings, seed("TWIN"), &[Difficulty::Random]).unwrap();
        for _ in 0..3 {
            for seat in 0..players as usize {
                assert_eq!(a.game.hand(seat), b.game.hand(seat));
            }
            assert_eq!((a.game.wild_card(), a.game.pile()), (b.game.wild_card(), b.game.pile()));
            assert_eq!(a.game.stock(), b.game.stock());
            a.run(1).unwrap();
            b.run(1).unwrap();
            a.game.apply(0, &Action::NextDeal).unwrap();
            b.game.apply(0, &Action::NextDeal).unwrap();
        }
    }
}
