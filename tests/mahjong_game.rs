//! The Sichuan table under random play: drawn seeds and settings (the house rules of the
//! settlement included: 血战/血流, 呼叫转移, 自摸加番/加底), every bot mix, random
//! (mostly illegal) moves between bot stretches. Every refused move changes nothing and
//! says why; every hand keeps its invariants (`sim::check_state`: 108 tiles, hand sizes,
//! no void-suit sets) and replays from its record. Fixed cases from the shared proptest
//! configuration; `TUOLAJI_EXPLORE=1` draws fresh ones.

#[path = "support/fixed_proptest.rs"]
mod fixed_proptest;

use proptest::prelude::*;
use tuolaji::dup::TableSeed;
use tuolaji::mahjong::game::bot::{bots_for, Difficulty};
use tuolaji::mahjong::game::sim::{check_state, Simulation};
use tuolaji::mahjong::game::{Action, Game, HandEnd, PhaseName, SelfDrawnBonus, Settings};
use tuolaji::mahjong::{Suit, Tile};

/// A move built from random numbers: any kind, any tile (honours included), any suit.
fn garbage(kind: u8, a: u8, b: u8, c: u8) -> Action {
    let tile = |x: u8| Tile::from_id(x % 34).unwrap();
    match kind % 9 {
        0 => Action::Exchange([tile(a), tile(b), tile(c)]),
        1 => Action::Void(Suit::from_index(a as usize % 4)),
        2 => Action::Discard(tile(a)),
        3 => Action::Win,
        4 => Action::Kong(tile(a)),
        5 => Action::Pung,
        6 => Action::Pass,
        7 => Action::NextHand,
        _ => Action::NextHandFrom(format!("s{a}")),
    }
}

/// The three settlement options from three bits of `house`.
fn with_house_rules(s: Settings, house: u8) -> Settings {
    Settings {
        hand_end: if house & 1 != 0 { HandEnd::BloodRiver } else { HandEnd::FightToTheEnd },
        kong_transfer: house & 2 != 0,
        self_drawn: if house & 4 != 0 { SelfDrawnBonus::Base } else { SelfDrawnBonus::Fan },
        ..s
    }
}

proptest! {
    #![proptest_config(fixed_proptest::config(32))]

    #[test]
    fn random_moves_never_panic_and_refusals_change_nothing(
        seed in "[a-z0-9]{1,8}",
        exchange in any::<bool>(),
        max_fan in 2u32..=8,
        house in 0u8..8,
        moves in proptest::collection::vec((0usize..5, any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>(), 0usize..40), 1..30),
    ) {
        let settings = with_house_rules(Settings { exchange, max_fan, ..Settings::default() }, house);
        let seed = TableSeed::parse(&seed).unwrap();
        let mut game = Game::new(settings, seed.clone()).unwrap();
        let mut bots = bots_for(&seed, 4, &[Difficulty::Random, Difficulty::Advice, Difficulty::Shanten]);
        for (seat, kind, a, b, c, stretch) in moves {
            // A stretch of bot moves to reach claims, kongs, later hands.
            for _ in 0..stretch {
                let s = game.to_act()[0];
                let (action, _) = bots[s].suggest(&game.view(s));
                game.apply(s, &action).unwrap();
                check_state(&game).map_err(TestCaseError::fail)?;
            }
            let action = garbage(kind, a, b, c);
            let before = format!("{game:?}");
            match game.apply(seat, &action) {
                Err(e) => {
                    prop_assert_eq!(&before, &format!("{game:?}"));
                    prop_assert!(!e.to_string().is_empty());
                }
                Ok(_) => check_state(&game).map_err(TestCaseError::fail)?,
            }
        }
        let record = tuolaji::table::Record::of(&game);
        let again: Game = tuolaji::table::replay(&record).unwrap();
        prop_assert_eq!(format!("{again:?}"), format!("{game:?}"));
    }

    #[test]
    fn bots_finish_every_hand_with_every_invariant(
        seed in "[a-z0-9]{1,8}",
        exchange in any::<bool>(),
        max_fan in 2u32..=8,
        house in 0u8..8,
        mix in 0usize..4,
    ) {
        let bots: &[Difficulty] = [&[Difficulty::Advice][..], &[Difficulty::Random], &[Difficulty::Shanten, Difficulty::Advice], &[Difficulty::Random, Difficulty::Advice]][mix];
        let settings = with_house_rules(Settings { exchange, max_fan, ..Settings::default() }, house);
        let mut sim = Simulation::new(settings, TableSeed::parse(&seed).unwrap(), bots).unwrap();
        let summary = sim.run(2).map_err(|v| TestCaseError::fail(v.to_string()))?;
        prop_assert_eq!(summary.hands, 2);
        prop_assert_eq!(sim.game.phase(), PhaseName::Finished);
    }
}
