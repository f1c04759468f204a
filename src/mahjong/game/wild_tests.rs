//! The table with the red dragons as wildcards (红中赖子), one scenario per test:
//! the 112-tile set, wildcards completing wins on a draw and on a discard, and
//! the rule that a wildcard never leaves a hand.

use super::bot::{full_hand, table_advice, visible, Difficulty};
use super::settings::WILD_TILE;
use super::sim::{check_state, Simulation};
use super::tests::t;
use super::*;

fn wild() -> Settings {
    Settings { exchange: false, wildcards: true, ..Settings::default() }
}

/// A wildcard table in play (`tests::scenario`): seat 0 to move; `7z` is the wildcard.
fn scenario(hands: [&str; 4], wall: &str) -> Game {
    super::tests::scenario_with(wild(), hands, wall)
}

#[test]
fn the_set_has_four_red_dragons_more_and_a_table_without_them_deals_as_before() {
    let g = Game::new(wild(), TableSeed::parse("deal").unwrap()).unwrap();
    assert_eq!(g.wall_left(), 112 - 53);
    check_state(&g).unwrap();
    assert_eq!(deal::full_set(&wild()).iter().filter(|&&x| x == WILD_TILE).count(), 4);
    // Without wildcards: the 108 suited tiles in id order, as every seed has always dealt them.
    let plain = deal::full_set(&Settings::default());
    assert_eq!(plain.len(), 108);
    assert!(plain.windows(2).all(|w| w[0] <= w[1]) && plain.iter().all(|x| !x.is_honour()));
    // Held red dragons are wildcards in the seat's hand and shown as 7z in its view.
    let held: usize = (0..PLAYERS).map(|s| g.hand(s).unwrap().wild as usize).sum();
    let shown: usize = (0..PLAYERS).map(|s| g.view(s).hand.iter().chain(&g.view(s).drawn).filter(|&&x| x == WILD_TILE).count()).sum();
    assert_eq!(held, shown);
}

#[test]
fn a_wildcard_is_never_discarded_or_konged_and_the_refusal_changes_nothing() {
    let mut g = scenario(["7z7z7z7z123m456m11p5p6p", "", "", ""], "1m2m3m4m");
    let before = g.clone();
    assert_eq!(g.apply(0, &Action::Discard(WILD_TILE)), Err(RuleError::WildcardKept));
    assert_eq!(g.apply(0, &Action::Kong(WILD_TILE)), Err(RuleError::WildcardKept));
    assert_eq!(format!("{g:?}"), format!("{before:?}"));
    assert!(g.own_kongs(0).is_empty(), "four wildcards are no kong");
    // Neither bots nor the hint tab offer the wildcard as a discard.
    let view = g.view(0);
    let hand = full_hand(&view);
    assert!(table_advice(&hand, &visible(&view), &view.settings).iter().all(|d| d.discard != WILD_TILE));
    assert_eq!(hand.wild, 4);
}

#[test]
fn a_wildcard_completes_a_self_drawn_win() {
    // 123m 456m 789m 11p and 56p + the red dragon as 4p or 7p.
    let mut g = scenario(["123456789m11p56p7z", "", "", ""], "");
    assert!(g.view(0).can_win);
    let events = g.apply(0, &Action::Win).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Won(w) if w.seat == 0 && w.hand.contains(&WILD_TILE))));
}

#[test]
fn a_wildcard_completes_a_win_on_a_discard_but_never_makes_a_pung() {
    // Seat 1 waits with 5p and a wildcard; seat 2 holds one 6p and a wildcard: no pung.
    let mut g = scenario(
        ["111222333m4446p9p", "123456789m11p5p7z", "6p7z1m4m7m1p4p7p2m5m8m3p9p", "1m2m3m4m6m7m8m9m1p2p3p4p8p"],
        "9m9m9m9m",
    );
    g.apply(0, &Action::Discard(t("6p"))).unwrap();
    assert_eq!(g.to_act(), vec![1], "only the winner is asked: one 6p and a wildcard make no pung");
    assert!(g.view(1).claim.unwrap().options.win);
    g.apply(1, &Action::Win).unwrap();
    assert_eq!(g.wins()[0].seat, 1);
}

#[test]
fn bots_of_every_kind_play_wildcard_hands_with_every_invariant_and_replay() {
    let settings = Settings { wildcards: true, ..Settings::default() };
    for kinds in [[Difficulty::Advice, Difficulty::Random], [Difficulty::Shanten, Difficulty::Advice]] {
        let seed = TableSeed::parse("wildsim").unwrap();
        let mut sim = Simulation::new(settings, seed.clone(), &kinds).unwrap();
        let summary = sim.run(3).unwrap();
        assert!(summary.wins.iter().sum::<u64>() > 0, "{summary:?}");
        let record = crate::table::Record::of(&sim.game);
        let again: Game = crate::table::replay(&record).unwrap();
        assert_eq!(format!("{again:?}"), format!("{:?}", sim.game));
        let mut other = Simulation::new(settings, seed, &kinds).unwrap();
        assert_eq!(other.run(3).unwrap().digest, summary.digest);
    }
}

