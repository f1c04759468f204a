//! Rummy through the record layer (`table::Codec`): share links accept exactly
//! the tables the validator accepts and round-trip; replay codes of whole bot
//! games decode to the same record and replay; results travel in `r=`.

use tuolaji::dup::TableSeed;
use tuolaji::record::duplicate::{compare, DuplicateResult};
use tuolaji::record::link::Link;
use tuolaji::record::replay_code::{decode, encode, CodeError};
use tuolaji::rummy::bot::{bots_for, Difficulty};
use tuolaji::rummy::game::{Game, Settings, Variant};
use tuolaji::table::{replay, Codec, Driver, Game as _, Record};

fn seed(s: &str) -> TableSeed {
    TableSeed::parse(s).unwrap()
}

/// Bots play `deals` whole deals (the next one dealt after each).
fn bot_game(name: &str, settings: Settings, deals: usize) -> Game {
    let seed = seed(name);
    let mut game = <Game as tuolaji::table::Game>::new(settings, seed.clone()).unwrap();
    let n = game.players();
    let mut driver = Driver::all_bots(bots_for(&seed, n, &[Difficulty::Heuristic]));
    for d in 0..deals {
        if d > 0 {
            game.apply(0, &<Game as tuolaji::table::Game>::next_hand(None)).unwrap();
        }
        driver.run(&mut game, 100_000).unwrap();
        assert!(game.outcome().is_some(), "deal {d} ended");
    }
    game
}

#[test]
fn links_accept_exactly_what_the_validator_accepts() {
    let mut accepted = 0;
    for players in 0..=8u8 {
        for variant in Variant::ALL {
            for decks in [None, Some(0), Some(1), Some(2), Some(3), Some(4)] {
                for max_points in [0, 60, 80, 150, 250] {
                    let s = Settings { players, variant, decks, max_points, ..Settings::default() };
                    let link = Link::<Game>::new(&seed("abc"), &s, 0);
                    let parsed = Link::<Game>::parse_hash(&link.to_hash());
                    assert_eq!(parsed.is_ok(), s.validate().is_ok(), "{s:?}: {:?}", parsed.err());
                    if let Ok(back) = parsed {
                        accepted += 1;
                        assert_eq!(back.settings.validate().unwrap(), s.validate().unwrap(), "{s:?}");
                        assert!(back.to_hash().starts_with("#/play/rummy?seed=abc"));
                    }
                }
            }
        }
    }
    assert!(accepted > 50, "{accepted}");
    // Defaults stay implicit; a bad value names its parameter.
    assert_eq!(Link::<Game>::new(&seed("k7"), &Settings::default(), 1).to_hash(), "#/play/rummy?seed=k7&seat=2");
    let e = Link::<Game>::parse_hash("#/play/rummy?seed=k7&m=pool-99").unwrap_err();
    assert_eq!(e.param(), "m");
    // A game's settings keys never collide with the keys every link has (seed, v, seat, r).
    for key in tuolaji::record::link::TABLE_KEYS {
        assert!(!<Game as Codec>::SETTINGS_KEYS.contains(&key), "rummy uses {key}");
        assert!(!<tuolaji::shengji::game::Game as Codec>::SETTINGS_KEYS.contains(&key), "shengji uses {key}");
    }
    let e = Link::<Game>::parse_hash("#/play/rummy?seed=k7&p=9").unwrap_err();
    assert_eq!(e.param(), "p");
    assert!(Link::<Game>::parse_hash("#/play/shengji?seed=k7").is_err(), "another game's link");
}

#[test]
fn replay_codes_of_bot_games_round_trip_and_replay() {
    for (name, settings, deals) in [
        ("rc2", Settings::default(), 2),
        ("rc4", Settings { players: 4, ..Settings::default() }, 1),
        ("rc6pool", Settings { players: 6, variant: Variant::Pool101, ..Settings::default() }, 2),
    ] {
        let game = bot_game(name, settings, deals);
        let record = Record::of(&game);
        let code = encode(&record);
        let back = decode::<Game>(&code).unwrap();
        assert_eq!(back, record, "{name}");
        let again = replay(&back).unwrap();
        assert_eq!(again.view(0), game.view(0), "{name}");
        // A Shengji decoder refuses it by its tag.
        assert!(matches!(decode::<tuolaji::shengji::game::Game>(&code), Err(CodeError::OtherGame(1))));
        println!("{name}: {} actions, code {} characters", record.actions.len(), code.len());
    }
}

#[test]
fn results_travel_in_links_and_compare() {
    let game = bot_game("results", Settings { players: 3, ..Settings::default() }, 1);
    let results: Vec<DuplicateResult<Game>> = (0..3).map(|s| DuplicateResult::from_game(&game, s, Some("Mei")).unwrap()).collect();
    let winner = results.iter().max_by(|a, b| Game::compare_results(&a.result, &b.result)).unwrap();
    for r in &results {
        assert_eq!(DuplicateResult::<Game>::decode(&r.encode()).unwrap(), *r);
        let link = Link::<Game>::from_game(&game, r.seat).with_result(r.clone());
        let back = Link::<Game>::parse_hash(&link.to_hash()).unwrap();
        assert_eq!(back.result.as_ref(), Some(r));
        assert_ne!(compare(winner, r).unwrap().better, -1);
    }
    // A Shengji result cannot be read as a rummy one.
    assert!(DuplicateResult::<Game>::decode(&results[0].encode()).is_ok());
    assert!(DuplicateResult::<tuolaji::shengji::game::Game>::decode(&results[0].encode()).is_err());
}

#[test]
fn saves_are_one_envelope_for_every_game_and_never_misread_as_another() {
    use tuolaji::record::save::{Loaded, SaveEnvelope, SaveError};
    // A rummy table part-way through its second deal.
    let mut game = bot_game("savedrummy", Settings::default(), 1);
    game.apply(0, &<Game as tuolaji::table::Game>::next_hand(None)).unwrap();
    let mut driver = Driver::all_bots(bots_for(&seed("savedrummy"), game.players(), &[Difficulty::Heuristic]));
    for _ in 0..7 {
        driver.step(&mut game).unwrap().unwrap();
    }
    let text = SaveEnvelope::<Game>::new(&game, 1, None).encode();
    match SaveEnvelope::<Game>::decode(Some(&text)) {
        Loaded::Ok { save, game: back } => {
            assert_eq!(save.seat, 1);
            assert_eq!(back.view(1), game.view(1), "the table resumes exactly");
            assert_eq!(save.link().unwrap().to_hash(), "#/play/rummy?seed=savedrummy&seat=2");
        }
        other => panic!("{other:?}"),
    }
    // The same text read as a Shengji save: refused by the game tag, not misread.
    match SaveEnvelope::<tuolaji::shengji::game::Game>::decode(Some(&text)) {
        Loaded::Corrupt { reason: SaveError::Record(CodeError::OtherGame(1)) } => {}
        other => panic!("{other:?}"),
    }
}
