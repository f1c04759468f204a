//! The table layer (`table::driver`, `table::think`) driven by Shengji: tests that need a
//! real game live with the game, so the table layer itself names none.

mod driver {
    use crate::table::driver::*;
    use crate::table::Game as _;
    use crate::dup::TableSeed;
    use crate::shengji::bot::{bots_for, Difficulty};
    use crate::shengji::game::{Action, Game as Shengji, PhaseName, Settings};

    fn table(persons: &[usize]) -> (Shengji, Driver<crate::shengji::bot::Bot>) {
        let seed = TableSeed::parse("driver").unwrap();
        let game = <Shengji as crate::table::Game>::new(Settings::default(), seed.clone()).unwrap();
        let mut d = Driver::all_bots(bots_for(&seed, 4, &[Difficulty::Heuristic]));
        for &p in persons {
            d.set_person(p, true);
        }
        (game, d)
    }

    #[test]
    fn a_persons_draw_is_automatic_and_bots_wait_for_a_persons_choice() {
        let (mut g, mut d) = table(&[0]);
        // Seat 0 draws first: automatic for a person.
        assert_eq!(d.turn(&g), Turn::Auto(0, Action::Draw));
        let moved = d.run(&mut g, 10_000).unwrap();
        assert!(!moved.is_empty());
        // The run stops only where the person must choose, or at the end of the hand.
        match d.turn(&g) {
            Turn::Person(0) => {}
            Turn::Over => assert_eq!(g.phase(), PhaseName::Finished),
            other => panic!("stopped at {other:?}"),
        }
        assert!(moved.iter().all(|m| m.seat != 0 || m.action == Action::Draw), "nothing chosen for the person");
    }

    #[test]
    fn bots_alone_play_a_hand_to_its_end_and_then_wait() {
        let (mut g, mut d) = table(&[]);
        d.run(&mut g, 100_000).unwrap();
        assert!(g.outcome().is_some());
        assert_eq!(d.turn(&g), Turn::Over);
        assert!(d.step(&mut g).is_none());
        let scores = g.outcome().unwrap().scores;
        assert_eq!(scores.len(), 4);
        assert!(scores.iter().any(|&s| s > 0), "some side gained levels: {scores:?}");
    }

    #[test]
    fn when_everyone_may_bid_bots_do_not_wait_for_a_person() {
        let (mut g, mut d) = table(&[1]);
        // Draw the whole deck (bots may bid on the way), then the last round of bids.
        while g.phase() == PhaseName::Draw && !g.simultaneous() {
            d.step(&mut g).unwrap().unwrap();
        }
        if g.phase() == PhaseName::Draw {
            let first = g.to_act()[0];
            match d.turn(&g) {
                Turn::Bot(s) => assert!(s != 1 && g.to_act().contains(&s)),
                Turn::Person(1) => assert!(g.to_act().iter().all(|&s| s == 1), "only the person is left"),
                other => panic!("{other:?} with {first} first"),
            }
        }
    }
}

mod think {
    use crate::table::think::*;
    use crate::table::{BotSeat as _, Codec as _, Game};
    use crate::dup::TableSeed;
    use crate::shengji::bot::{bots_for, Difficulty};
    use crate::shengji::game::{Game as Shengji, PhaseName, Settings};

    #[test]
    fn jobs_of_another_version_or_game_and_broken_bytes_are_refused() {
        let work = work::<Shengji>;
        assert_eq!(work(&[]), refused());
        assert_eq!(work(&[VERSION + 1, Shengji::ID, Kind::Play as u8, 0]), refused());
        assert_eq!(work(&[VERSION, Shengji::ID + 1, Kind::Play as u8]), refused());
        assert_eq!(work(&[VERSION, Shengji::ID, 7]), refused());
        assert_eq!(work(&[VERSION, Shengji::ID, Kind::Play as u8, 0xff, 0xff]), refused());
        let mut remote = Remote::<Shengji>::new(bots_for(&TableSeed::parse("r").unwrap(), 4, &[Difficulty::Heuristic]).remove(0));
        assert_eq!(remote.answered(&refused()), None);
        // An answer of another kind is not read as this one.
        assert_eq!(remote.answered(&job::<Shengji, _>(Kind::Other, &Some(1u8))), None);
    }

    /// A table of remote bots whose jobs are done here plays exactly the hand the same
    /// bots play deciding in place: the state a job carries is the whole bot.
    #[test]
    fn remote_bots_play_the_hand_their_bots_play_in_place() {
        for (name, levels) in [("remoten", vec![Difficulty::Heuristic]), ("remotee", vec![Difficulty::Random, Difficulty::Heuristic])] {
            let seed = TableSeed::parse(name).unwrap();
            let settings = Settings::default();
            let play = |remote: bool| {
                let mut g = <Shengji as Game>::new(settings.clone(), seed.clone()).unwrap();
                let mut bots = bots_for(&seed, 4, &levels);
                let mut remotes: Vec<Remote<Shengji>> = bots.iter().cloned().map(Remote::new).collect();
                while g.phase() != PhaseName::Finished {
                    let s = g.to_act()[0];
                    let v = g.view(s);
                    let action = if remote { decide_here::<Shengji, _>(&mut remotes[s], &v).unwrap().0 } else { bots[s].suggest(&v).0 };
                    g.apply(s, &action).unwrap();
                }
                g.actions().to_vec()
            };
            assert_eq!(play(true), play(false), "{name}");
        }
    }
}
