//! Every bot has a legal move in every phase of every table `Settings::validate`
//! accepts: over a committed sample of tables (every player count 4–10, both
//! modes, every number of friends, 1 to min(2p, 16) decks, the smallest and
//! largest kitties, every draw policy, several tractor rules and throw
//! evaluations), heuristic, random and mixed bots draw, bid, bury, call friends,
//! play a whole hand and deal the next, and `Game::apply` accepts every move
//! they choose. Fixed seeds; about 5 s in the dev profile.

use tuolaji::dup::TableSeed;
use tuolaji::shengji::bot::{bots_for, Difficulty};
use tuolaji::shengji::format::TractorRules;
use tuolaji::shengji::game::settings::{kitty_fits, largest_kitty};
use tuolaji::shengji::game::{Action, Game, Mode, Settings};
use tuolaji::shengji::rules::{DrawPolicy, ThrowEvaluation};

fn table(players: u8, decks: u8, mode: Mode, friends: Option<u8>) -> Settings {
    Settings { players, decks: Some(decks), mode, friends, ..Settings::default() }
}

fn modes(players: u8) -> Vec<Mode> {
    if players.is_multiple_of(2) {
        vec![Mode::Tractor, Mode::Friends]
    } else {
        vec![Mode::Friends]
    }
}

/// The committed sample, every entry accepted by the validator.
fn sample() -> Vec<Settings> {
    let mut out = Vec::new();
    for p in 4..=10u8 {
        let one = if p == 9 { 2 } else { 1 }; // nine players cannot share one deck
        // Every mode and number of friends, on the fewest and the default decks.
        for mode in modes(p) {
            let friends: Vec<Option<u8>> = match mode {
                Mode::Tractor => vec![None],
                Mode::Friends => (1..=p - 2).map(Some).collect(),
            };
            for f in friends {
                for d in [one, (p / 2).max(one)] {
                    out.push(table(p, d, mode, f));
                }
            }
        }
        // Every deck count (few of them large), in the mode the player count suggests.
        let mode = if p.is_multiple_of(2) { Mode::Tractor } else { Mode::Friends };
        for d in one..=(2 * p).min(16) {
            if d <= 8 || d == 16 || (d == 12 && p == 10) {
                out.push(table(p, d, mode, None));
            }
        }
        // The smallest and the largest kitties that fit, most friends.
        for d in [one, one + 1] {
            let (cards, n) = (54 * d as usize, p as usize);
            let smallest = (1..=cards).find(|&k| kitty_fits(k, cards, n)).unwrap();
            for k in [smallest, largest_kitty(cards, n)] {
                out.push(Settings { kitty: Some(k as u8), ..table(p, d, Mode::Friends, Some(p - 2)) });
            }
        }
    }
    // Every draw policy under several tractor rules and throw evaluations.
    for (i, dp) in DrawPolicy::ALL.into_iter().enumerate() {
        for (t, l, d) in [(2, 2, 2), (3, 2, 3), (2, 3, 2), (4, 4, 4), (2, 12, 2)] {
            out.push(Settings {
                draw_policy: dp,
                tractor: TractorRules { min_tuple: t, min_length: l },
                throw_evaluation: ThrowEvaluation::ALL[i % 3],
                friend_trump_allowed: i % 2 == 0,
                ..table(4 + 2 * (i as u8 % 3), d, if i % 2 == 0 { Mode::Tractor } else { Mode::Friends }, None)
            });
        }
    }
    out
}

/// Bots play a whole hand of the table and deal the next one. Panics naming the
/// table and the move if `apply` refuses it.
fn play(settings: &Settings, seed: &str, bots: &[Difficulty]) {
    let r = settings.validate().unwrap_or_else(|e| panic!("{settings:?} is not accepted: {e}"));
    let seed = TableSeed::parse(seed).unwrap();
    let mut game = Game::new(settings.clone(), seed.clone()).unwrap();
    let mut seats = bots_for(&seed, r.players, bots);
    let cap = 40 * r.cards() + 1000;
    let mut phases = Vec::new();
    for n in 0..cap {
        let seat = game.to_act()[0];
        let view = game.view(seat);
        if phases.last() != Some(&view.phase) {
            phases.push(view.phase);
        }
        if game.hand_number() > 0 {
            return;
        }
        let (action, why) = seats[seat].suggest(&view);
        if let Err(e) = game.apply(seat, &action) {
            panic!("{settings:?} ({bots:?}, seed {seed}): after {n} moves seat {seat}'s bot chose {action:?} ({why}) in {:?}: {e}", view.phase);
        }
        if let Action::DeclareFriends(calls) = &action {
            assert_eq!(calls.len(), r.friends, "{settings:?}");
        }
    }
    panic!("{settings:?} ({bots:?}): no end after {cap} moves, phases {phases:?}");
}

#[test]
fn every_bot_move_is_legal_on_a_wide_sample_of_tables() {
    let tables = sample();
    assert!(tables.len() > 180, "{} tables", tables.len());
    for (i, s) in tables.iter().enumerate() {
        for bots in [&[Difficulty::Heuristic][..], &[Difficulty::Random], &[Difficulty::Random, Difficulty::Heuristic]] {
            play(s, &format!("tables{i}"), bots);
        }
    }
}

/// The two tables of issue 14, named: a Friends table whose landlord may hold
/// every ace, king and queen it could call, and nine players calling seven friends.
#[test]
fn friend_calls_are_complete_where_aces_kings_and_queens_run_out() {
    for seed in ["i14a", "i14b", "i14c", "i14d", "i14e", "i14f", "i14g", "i14h"] {
        for s in [
            Settings { kitty: Some(10), ..table(4, 1, Mode::Friends, Some(1)) },
            table(9, 4, Mode::Friends, Some(7)),
            table(10, 1, Mode::Friends, Some(8)),
        ] {
            for bots in [[Difficulty::Heuristic], [Difficulty::Random]] {
                play(&s, seed, &bots);
            }
        }
    }
}

/// The issue's own example is now refused: a 50-card kitty leaves one card per hand.
#[test]
fn a_kitty_larger_than_a_hand_is_refused() {
    let s = Settings { kitty: Some(50), ..table(4, 1, Mode::Friends, Some(1)) };
    let e = s.validate().unwrap_err().to_string();
    assert!(e.contains("too large") && e.contains("at most 10"), "{e}");
}
