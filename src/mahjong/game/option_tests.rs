//! The table's settlement options, each on a fixed deal played both ways, so the
//! test shows the option changing the outcome: 血流成河 against 血战到底, 呼叫转移
//! on and off, 自摸加底 against 自摸加番; then bots play whole hands with all of
//! them on and every invariant checked (`sim.rs`).

use super::bot::Difficulty;
use super::sim::Simulation;
use super::tests::{scenario_with, t};
use super::*;
use crate::mahjong::FanItem;

fn table(hand_end: HandEnd, kong_transfer: bool, self_drawn: SelfDrawnBonus) -> Settings {
    Settings { exchange: false, hand_end, kong_transfer, self_drawn, ..Settings::default() }
}

/// Plays on until the hand ends: a seat that can win does, any other discards the tile
/// it drew (the walls below hold only bamboo, every seat's void, so nobody claims one).
fn play_out(g: &mut Game) {
    while g.phase() != PhaseName::Finished {
        let seat = g.to_act()[0];
        let v = g.view(seat);
        let action = if v.can_win || v.claim.is_some_and(|c| c.options.win) {
            Action::Win
        } else {
            Action::Discard(v.drawn.unwrap_or_else(|| panic!("seat {seat} has drawn nothing: {:?}", g.deal.phase)))
        };
        g.apply(seat, &action).unwrap();
    }
}

/// Seat 0 holds a complete hand (it drew the 6p); the others hold nothing that waits.
/// Seat 0's next draws are 3p (a win again) and 9s; the others draw bamboo.
fn self_drawn_deal(settings: Settings) -> Game {
    let junk = "1m2m4m5m7m8m1p2p4p5p7p8p9p";
    let mut g = scenario_with(settings, ["123456789m11p456p", junk, junk, junk], "3p1s2s3s9s4s5s6s");
    g.deal.seats[0].drawn = Some(t("6p"));
    g
}

#[test]
fn under_blood_river_a_winner_plays_on_with_its_hand_locked_and_wins_again() {
    // 血战到底: seat 0 wins and leaves; the others play to the wall's end.
    let mut fight = self_drawn_deal(table(HandEnd::FightToTheEnd, false, SelfDrawnBonus::Fan));
    fight.apply(0, &Action::Win).unwrap();
    play_out(&mut fight);
    let r = fight.result().unwrap();
    assert_eq!(r.wins.iter().map(|w| w.seat).collect::<Vec<_>>(), vec![0]);
    assert_eq!(r.scores, vec![6, -2, -2, -2]);

    // 血流成河: the same deal. The winning 6p is set aside and seat 0 keeps 13 tiles.
    let mut river = self_drawn_deal(table(HandEnd::BloodRiver, false, SelfDrawnBonus::Fan));
    river.apply(0, &Action::Win).unwrap();
    assert_eq!(river.deal.seats[0].set_aside, vec![t("6p")]);
    assert_eq!(river.hand(0).unwrap().len(), 13);
    assert_eq!(river.to_act(), vec![1], "the seat after the winner draws");
    for seat in 1..4 {
        let drawn = river.view(seat).drawn.unwrap();
        river.apply(seat, &Action::Discard(drawn)).unwrap();
    }
    // Seat 0 drew 3p: its hand is locked, so it may not discard another tile or kong.
    assert_eq!(river.view(0).drawn, Some(t("3p")));
    let before = format!("{river:?}");
    assert_eq!(river.apply(0, &Action::Discard(t("1m"))), Err(RuleError::HandLocked { drawn: t("3p") }));
    assert_eq!(river.apply(0, &Action::Kong(t("1p"))), Err(RuleError::HandLocked { drawn: t("3p") }));
    assert_eq!(format!("{river:?}"), before, "a refusal changes nothing");
    assert!(river.view(0).can_win && river.view(0).kongs.is_empty());
    river.apply(0, &Action::Win).unwrap();
    // Its next draw (9s) does not win: it must go.
    for seat in 1..4 {
        let drawn = river.view(seat).drawn.unwrap();
        river.apply(seat, &Action::Discard(drawn)).unwrap();
    }
    assert_eq!(river.apply(0, &Action::Discard(t("5p"))), Err(RuleError::HandLocked { drawn: t("9s") }));
    play_out(&mut river);
    let r = river.result().unwrap();
    assert!(r.exhausted, "under 血流成河 only the wall ends the hand");
    assert_eq!(r.wins.iter().map(|w| (w.seat, w.tile)).collect::<Vec<_>>(), vec![(0, Some(t("6p"))), (0, Some(t("3p")))]);
    assert_eq!(r.scores, vec![12, -4, -4, -4], "two self-drawn wins of 1 fan, each paid by all three");
    assert_eq!(r.next_dealer, 0);
    // The result's place: seat 0 won first (its later win does not make another place).
    use crate::table::Codec;
    assert_eq!(river.seat_result(0).unwrap().won, 1);
    assert_eq!(river.seat_result(1).unwrap().won, 0);
}

#[test]
fn a_locked_winner_that_draws_a_red_dragon_wins_with_it() {
    let settings = Settings { wildcards: true, ..table(HandEnd::BloodRiver, false, SelfDrawnBonus::Fan) };
    let junk = "1m2m4m5m7m8m1p2p4p5p7p8p9p";
    let mut g = scenario_with(settings, ["123456789m11p456p", junk, junk, junk], "7z1s2s3s");
    g.deal.seats[0].drawn = Some(t("6p"));
    g.apply(0, &Action::Win).unwrap();
    for seat in 1..4 {
        let drawn = g.view(seat).drawn.unwrap();
        g.apply(seat, &Action::Discard(drawn)).unwrap();
    }
    assert_eq!(g.view(0).drawn, Some(t("7z")));
    assert_eq!(g.apply(0, &Action::Discard(t("7z"))), Err(RuleError::HandLocked { drawn: t("7z") }));
    assert_eq!(g.apply(0, &Action::Discard(t("1m"))), Err(RuleError::HandLocked { drawn: t("7z") }));
    assert!(g.view(0).can_win);
    g.apply(0, &Action::Win).unwrap();
    assert_eq!(g.deal.seats[0].set_aside, vec![t("6p"), t("7z")]);
    assert_eq!(g.hand(0).unwrap().len(), 13);
}

/// Seat 0 konges 1m (paid 2 by each other seat), draws 2p and discards 7p, on which
/// seats 1 and 2 both win (杠上炮). Then the wall (bamboo) runs out with seat 0 not ready.
fn kong_discard_deal(kong_transfer: bool) -> Game {
    let mut g = scenario_with(
        table(HandEnd::FightToTheEnd, kong_transfer, SelfDrawnBonus::Fan),
        ["1111m258m1p3p4p6p7p7p9p", "123456789m11p56p", "123456789m22p89p", "1m4m7m2m5m8m1p4p7p2p5p8p9p"],
        "2p1s2s3s",
    );
    g.apply(0, &Action::Kong(t("1m"))).unwrap();
    assert_eq!(g.view(0).drawn, Some(t("2p")));
    g.apply(0, &Action::Discard(t("7p"))).unwrap();
    g.apply(1, &Action::Win).unwrap();
    g.apply(2, &Action::Win).unwrap();
    assert!(g.wins().iter().all(|w| w.items.contains(&(FanItem::KongDiscard, 1))));
    play_out(&mut g);
    g
}

#[test]
fn kong_transfer_moves_the_kong_money_to_the_first_winner_on_its_discard() {
    // Off: seat 0 keeps its kong money until 退税 returns it at the wall's end (not ready).
    let off = kong_discard_deal(false);
    let r = off.result().unwrap();
    assert!(!r.payments.iter().any(|p| p.reason == PayReason::KongTransfer));
    assert_eq!(r.payments.iter().filter(|p| p.reason == PayReason::KongRefund).count(), 3);
    assert_eq!(r.scores, vec![-4, 2, 2, 0]);

    // On: the 6 points go to seat 1, the first winner after the discarder; 退税 has nothing left to return.
    let on = kong_discard_deal(true);
    let r = on.result().unwrap();
    let moved: Vec<&Payment> = r.payments.iter().filter(|p| p.reason == PayReason::KongTransfer).collect();
    assert_eq!(moved, vec![&Payment { from: 0, to: 1, points: 6, reason: PayReason::KongTransfer }]);
    assert!(!r.payments.iter().any(|p| p.reason == PayReason::KongRefund));
    assert_eq!(r.scores, vec![-4, 6, 0, -2]);
}

#[test]
fn self_drawn_base_adds_a_point_after_the_cap_instead_of_a_fan() {
    // A full flush (2 fan), self-drawn, at a cap of 2 and of 4.
    let win = |max_fan: u32, bonus: SelfDrawnBonus| -> WinRecord {
        let settings = Settings { max_fan, ..table(HandEnd::FightToTheEnd, false, bonus) };
        let mut g = scenario_with(settings, ["11122233345699m", "", "", ""], "9s9s9s9s");
        g.deal.seats[0].drawn = Some(t("9m"));
        g.apply(0, &Action::Win).unwrap();
        assert!(g.deal.payments.iter().all(|p| p.points == g.wins()[0].points));
        g.wins()[0].clone()
    };
    let fan = win(4, SelfDrawnBonus::Fan);
    assert_eq!((fan.fan, fan.points), (3, 8), "自摸加番: 2 + 1 fan");
    assert!(fan.items.contains(&(FanItem::SelfDrawn, 1)));
    let base = win(4, SelfDrawnBonus::Base);
    assert_eq!((base.fan, base.points), (2, 5), "自摸加底: 2 fan, 4 + 1 points");
    assert!(!base.items.iter().any(|(i, _)| *i == FanItem::SelfDrawn));
    // At the cap the extra fan is lost; the extra point is not.
    assert_eq!(win(2, SelfDrawnBonus::Fan).points, 4);
    assert_eq!(win(2, SelfDrawnBonus::Base).points, 5);
}

#[test]
fn a_win_on_a_discard_pays_the_same_under_either_self_drawn_rule() {
    let paid = |bonus: SelfDrawnBonus| {
        let mut g = scenario_with(table(HandEnd::FightToTheEnd, false, bonus), ["111222333m4446p5p", "123456789m11p5p6p", "", ""], "9m");
        g.apply(0, &Action::Discard(t("4p"))).unwrap();
        g.apply(1, &Action::Win).unwrap();
        g.wins()[0].points
    };
    assert_eq!(paid(SelfDrawnBonus::Fan), paid(SelfDrawnBonus::Base));
}

#[test]
fn bots_play_every_option_with_every_invariant_and_replay() {
    let all = Settings { hand_end: HandEnd::BloodRiver, kong_transfer: true, self_drawn: SelfDrawnBonus::Base, ..Settings::default() };
    let mut repeat = 0;
    for (settings, kinds) in [
        (all, [Difficulty::Advice, Difficulty::Random]),
        (Settings { wildcards: true, ..all }, [Difficulty::Shanten, Difficulty::Advice]),
        (Settings { hand_end: HandEnd::FightToTheEnd, ..all }, [Difficulty::Advice, Difficulty::Advice]),
    ] {
        let seed = TableSeed::parse("options").unwrap();
        let mut sim = Simulation::new(settings, seed.clone(), &kinds).unwrap();
        let summary = sim.run(3).unwrap();
        repeat += summary.repeat_wins;
        if settings.winners_play_on() {
            assert_eq!(summary.exhausted, 3, "{summary:?}");
        } else {
            assert_eq!(summary.repeat_wins, 0);
        }
        let record = crate::table::Record::of(&sim.game);
        let again: Game = crate::table::replay(&record).unwrap();
        assert_eq!(format!("{again:?}"), format!("{:?}", sim.game));
        let mut other = Simulation::new(settings, seed, &kinds).unwrap();
        assert_eq!(other.run(3).unwrap().digest, summary.digest);
    }
    assert!(repeat > 0, "under 血流成河 some seat wins again");
}
