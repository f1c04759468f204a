//! The Sichuan table's rules, one scenario per test. Scenarios that need given
//! hands set them directly (the tests live inside the module); whole hands
//! are played by bots with every invariant checked (`sim.rs`).

use super::bot::{bots_for, Difficulty};
use super::claims::WindowKind;
use super::sim::{check_state, strength, Simulation};
use super::*;
use crate::dup::SeatWalls;
use crate::mahjong::{parse_tiles, Hand, MeldKind};
use crate::table::Driver;

fn seed(s: &str) -> TableSeed {
    TableSeed::parse(s).unwrap()
}

fn no_exchange() -> Settings {
    Settings { exchange: false, ..Settings::default() }
}

fn tiles(s: &str) -> Vec<Tile> {
    parse_tiles(s).unwrap()
}

pub(super) fn t(s: &str) -> Tile {
    Tile::parse(s).unwrap()
}

/// A table in play with the given concealed hands (seat 0 to move, 14 tiles),
/// each seat void in bamboo, and `wall` as every seat's next draws (seat i
/// draws `wall[i]`, `wall[i + 4]`, …).
pub(super) fn scenario(hands: [&str; 4], wall: &str) -> Game {
    scenario_with(no_exchange(), hands, wall)
}

/// [`scenario`] at a table of these settings (without the exchange); with wildcards,
/// `7z` in a hand is one.
pub(super) fn scenario_with(settings: Settings, hands: [&str; 4], wall: &str) -> Game {
    let mut g = Game::new(settings, seed("scenario")).unwrap();
    for (s, hand) in hands.iter().enumerate() {
        g.apply(s, &Action::Void(Suit::Bamboo)).unwrap();
        g.deal.seats[s].hand = Hand::parse(hand, settings.wild_kind()).unwrap();
    }
    g.deal.walls = SeatWalls::from_order(tiles(wall), PLAYERS).unwrap();
    g.deal.dealer = 0;
    g.deal.phase = Phase::Turn { seat: 0, stage: Stage::Drawn { after_kong: false } };
    g
}

#[test]
fn the_deal_gives_thirteen_each_and_fourteen_to_the_dealer_from_each_seats_own_list() {
    let g = Game::new(Settings::default(), seed("deal")).unwrap();
    let sizes: Vec<usize> = (0..4).map(|s| g.hand(s).unwrap().len()).collect();
    assert_eq!(sizes, vec![14, 13, 13, 13]);
    assert_eq!(g.wall_left(), 108 - 53);
    assert_eq!(g.phase(), PhaseName::Exchange);
    check_state(&g).unwrap();
    // The same seed deals the same hands; another seed others.
    let again = Game::new(Settings::default(), seed("deal")).unwrap();
    assert_eq!(g.deal, again.deal);
    assert_ne!(g.deal.seats[1].hand, Game::new(Settings::default(), seed("other")).unwrap().deal.seats[1].hand);
}

#[test]
fn a_refused_move_changes_nothing() {
    let mut g = Game::new(Settings::default(), seed("refuse")).unwrap();
    let before = format!("{g:?}");
    let held = g.hand(1).unwrap().tiles();
    let not_held = Tile::all().take(27).find(|x| !held.contains(x)).unwrap();
    for (seat, action) in [
        (0, Action::Discard(held[0])),
        (1, Action::Void(Suit::Dots)),
        (1, Action::Exchange([not_held, not_held, not_held])),
        (1, Action::Exchange([held[0], held[0], t("1z")])),
        (7, Action::Pass),
        (2, Action::NextHand),
    ] {
        assert!(g.apply(seat, &action).is_err(), "{action:?}");
        assert_eq!(format!("{g:?}"), before, "{action:?} changed the table");
    }
}

#[test]
fn the_exchange_passes_three_tiles_of_one_suit_in_the_seeds_direction() {
    let mut g = Game::new(Settings::default(), seed("exchange")).unwrap();
    let direction = g.deal.direction.unwrap();
    let mut gave = Vec::new();
    for s in 0..4 {
        let view = g.view(s);
        let (action, _) = bots_for(&seed("x"), 4, &[Difficulty::Advice])[s].clone().suggest(&view);
        let Action::Exchange(ts) = action else { panic!("{action:?}") };
        gave.push(ts);
        let events = g.apply(s, &action).unwrap();
        // Until everyone has chosen, nothing moves and nobody sees another's choice.
        if s < 3 {
            assert_eq!(events, vec![Event::ChoseExchange { seat: s }]);
            assert_eq!(g.view((s + 1) % 4).gave, None);
        }
    }
    assert_eq!(g.phase(), PhaseName::Void);
    for (s, given) in gave.iter().enumerate() {
        assert_eq!(g.deal.seats[direction.receiver(s)].got, Some(*given));
        assert_eq!(g.view(s).direction, Some(direction));
    }
    check_state(&g).unwrap();
}

#[test]
fn void_suits_are_shown_together_and_honours_are_not_a_suit() {
    let mut g = Game::new(no_exchange(), seed("void")).unwrap();
    assert_eq!(g.apply(0, &Action::Void(Suit::Honours)), Err(RuleError::HonoursNotPlayed));
    g.apply(0, &Action::Void(Suit::Dots)).unwrap();
    assert_eq!(g.view(0).voids[0], Some(Suit::Dots));
    assert_eq!(g.view(1).voids[0], None, "hidden until every seat has chosen");
    assert!(g.apply(0, &Action::Void(Suit::Bamboo)).is_err());
    for s in 1..4 {
        g.apply(s, &Action::Void(Suit::Characters)).unwrap();
    }
    assert_eq!(g.view(1).voids, vec![Some(Suit::Dots), Some(Suit::Characters), Some(Suit::Characters), Some(Suit::Characters)]);
    assert_eq!((g.phase(), g.to_act()), (PhaseName::Turn, vec![0]));
}

#[test]
fn void_tiles_go_first_and_block_a_win() {
    // Seat 0 holds 1s (its void) and an otherwise complete hand.
    let mut g = scenario(["111222333m4445p1s", "", "", ""], "");
    assert_eq!(g.apply(0, &Action::Discard(t("5p"))), Err(RuleError::VoidFirst { void: Suit::Bamboo }));
    assert_eq!(g.apply(0, &Action::Win), Err(RuleError::VoidTilesHeld { void: Suit::Bamboo }));
    assert_eq!(g.view(0).void_left, 1);
}

#[test]
fn several_seats_win_on_one_discard_and_play_goes_on_after_the_last() {
    // Seat 0 discards 5p; seats 1 and 2 both wait on it; seat 3 could pung it.
    let mut g = scenario(
        ["111222333m4446p5p", "111m222m333m444m5p", "123456789m111p5p", "5p5p1m2m3m4m6m7m8m9m1p2p3p"],
        "9m9m9m9m7p7p7p7p",
    );
    let events = g.apply(0, &Action::Discard(t("5p"))).unwrap();
    assert!(events.contains(&Event::ClaimsOpen { tile: t("5p") }));
    assert_eq!(g.to_act(), vec![1, 2, 3]);
    // Each asked seat sees only its own options.
    assert_eq!(g.view(3).claim.unwrap().options, ClaimOptions { win: false, kong: false, pung: true });
    assert!(g.view(0).claim.is_none());
    g.apply(3, &Action::Pung).unwrap();
    g.apply(1, &Action::Win).unwrap();
    assert_eq!(g.apply(2, &Action::Pung), Err(RuleError::CannotClaim { action: Move::Pung, tile: t("5p") }));
    g.apply(2, &Action::Win).unwrap();
    let winners: Vec<(Seat, Option<Seat>)> = g.wins().iter().map(|w| (w.seat, w.from)).collect();
    assert_eq!(winners, vec![(1, Some(0)), (2, Some(0))]);
    assert!(g.sets(3).is_empty(), "a win beats a pung");
    // Seat 3, after the last winner, draws next.
    assert_eq!(g.deal.phase, Phase::Turn { seat: 3, stage: Stage::Drawn { after_kong: false } });
    let paid: i64 = g.deal.payments.iter().filter(|p| p.from == 0).map(|p| p.points).sum();
    assert_eq!(paid, g.wins().iter().map(|w| w.points).sum::<i64>());
}

#[test]
fn passing_a_win_bars_winning_on_a_discard_until_the_next_draw() {
    let mut g = scenario(
        ["111222333m4445p9p", "123456789m1p1p5p9p", "111m222m333m444m5p", "123456789m1p1p7p8p"],
        "9m1m9m9m7p7p7p7p",
    );
    g.apply(0, &Action::Discard(t("5p"))).unwrap();
    assert_eq!(g.to_act(), vec![2]);
    g.apply(2, &Action::Pass).unwrap();
    assert!(g.view(2).passed_win);
    // Seat 1 drew and discards the same tile: seat 2 may not win on it now.
    assert_eq!(g.deal.phase, Phase::Turn { seat: 1, stage: Stage::Drawn { after_kong: false } });
    let events = g.apply(1, &Action::Discard(t("5p"))).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::ClaimsOpen { .. })), "{events:?} {:?}", g.deal.phase);
    assert_eq!(g.deal.phase, Phase::Turn { seat: 2, stage: Stage::Drawn { after_kong: false } });
    assert!(!g.view(2).passed_win, "its own draw lifts the bar");
}

#[test]
fn an_added_kong_can_be_robbed_and_then_stays_a_pung() {
    let mut g = scenario(
        ["111222333m4p7p", "123456789m5p5p6p8p", "123456789m1p1p2p3p", "123456789m1p1p2p4p"],
        "9m9m9m9m6p6p6p6p",
    );
    g.deal.seats[0].sets.push(Set { meld: Meld { kind: MeldKind::Pung, tile: t("7p") }, from: Some(2) });
    assert_eq!(g.view(0).kongs, vec![t("7p")]);
    g.apply(0, &Action::Kong(t("7p"))).unwrap();
    let Phase::Claims(w) = &g.deal.phase else { panic!("{:?}", g.deal.phase) };
    assert_eq!((w.kind, w.waiting()), (WindowKind::RobKong, vec![1]));
    let events = g.apply(1, &Action::Win).unwrap();
    assert!(events.contains(&Event::KongRobbed { seat: 0, tile: t("7p") }));
    assert_eq!(g.sets(0)[0].meld.kind, MeldKind::Pung);
    assert!(g.wins()[0].items.iter().any(|(i, _)| *i == crate::mahjong::FanItem::RobbingKong));
    assert!(!g.deal.payments.iter().any(|p| matches!(p.reason, PayReason::Kong(_))), "a robbed kong is not paid");
}

#[test]
fn a_concealed_kong_is_paid_by_everyone_still_in_and_hidden_from_them() {
    let mut g = scenario(["1111m222333m4p5p6p7p", "", "", ""], "9m9m9m9m6p6p6p6p");
    g.apply(0, &Action::Kong(t("1m"))).unwrap();
    assert_eq!(g.deal.payments.iter().filter(|p| p.to == 0).map(|p| p.points).sum::<i64>(), 6);
    assert_eq!(g.view(1).sets[0][0].tile, None, "others do not see its kind");
    assert_eq!(g.view(0).sets[0][0].tile, Some(t("1m")));
    assert_eq!(g.deal.phase, Phase::Turn { seat: 0, stage: Stage::Drawn { after_kong: true } });
    assert_eq!(g.view(0).drawn, Some(t("9m")), "the replacement comes from its own list");
}

#[test]
fn at_exhaustion_pigs_and_unready_hands_pay_and_kong_money_is_returned() {
    // Seat 0 is ready (waits 6p), seat 1 holds a bamboo (a flower pig), seats 2 and 3 are not ready.
    let mut g = scenario(["111222333m4445p9p", "123456789m1p2p3s4s", "12357999m13579p", "1135579m124689p"], "");
    g.deal.payments.push(Payment { from: 1, to: 2, points: 2, reason: PayReason::Kong(KongKind::Exposed) });
    g.apply(0, &Action::Discard(t("9p"))).unwrap();
    let r = g.result().unwrap().clone();
    assert!(r.exhausted);
    assert_eq!((r.ready.clone(), r.pigs.clone()), (vec![true, false, false, false], vec![false, true, false, false]));
    let cap = g.settings.cap_points();
    let pays = |from: Seat, reason: fn(&PayReason) -> bool| -> i64 {
        r.payments.iter().filter(|p| p.from == from && reason(&p.reason)).map(|p| p.points).sum()
    };
    assert_eq!(pays(1, |r| *r == PayReason::FlowerPig), 3 * cap);
    assert!(pays(2, |r| matches!(r, PayReason::NotReady { .. })) > 0);
    assert_eq!(pays(2, |r| *r == PayReason::KongRefund), 2);
    assert_eq!(r.scores.iter().sum::<i64>(), 0);
}

#[test]
fn a_seat_draws_the_same_tiles_whatever_the_others_do() {
    // The same seed with different bots: until the wall runs low, seat 2 draws the same tiles.
    let draws = |kinds: &[Difficulty]| -> Vec<Tile> {
        let mut g = Game::new(Settings::default(), seed("walls")).unwrap();
        let mut d = Driver::all_bots(bots_for(&seed("bots"), 4, kinds));
        let mut out = Vec::new();
        while g.phase() != PhaseName::Finished && g.wall_left() > 12 {
            let m = d.step(&mut g).unwrap().unwrap();
            if m.events.iter().any(|e| matches!(e, Event::Drew { seat: 2, .. })) {
                out.extend(g.view(2).drawn);
            }
        }
        out
    };
    let a = draws(&[Difficulty::Advice]);
    let b = draws(&[Difficulty::Random]);
    let n = a.len().min(b.len());
    assert!(n >= 5, "{a:?} {b:?}");
    assert_eq!(a[..n], b[..n]);
}

#[test]
fn a_seats_view_never_depends_on_hidden_tiles() {
    // Move tiles between two other seats' concealed hands and inside the walls: seat 0's view is unchanged.
    let mut sim = Simulation::new(Settings::default(), seed("hidden"), &[Difficulty::Advice]).unwrap();
    for _ in 0..40 {
        sim.driver.step(&mut sim.game).unwrap().unwrap();
    }
    let g = &sim.game;
    for viewer in [0, PLAYERS] {
        let before = g.view(viewer);
        let mut moved = g.clone();
        let (a, b) = (1, 2);
        let ta = moved.deal.seats[a].hand.tiles()[0];
        let tb = moved.deal.seats[b].hand.tiles().into_iter().find(|&x| x != ta).unwrap();
        assert!(moved.deal.seats[a].hand.remove(ta) && moved.deal.seats[b].hand.remove(tb));
        moved.deal.seats[a].hand.add(tb).unwrap();
        moved.deal.seats[b].hand.add(ta).unwrap();
        let mut order: Vec<Tile> = moved.deal.walls.lists().iter().flatten().copied().collect();
        order.reverse();
        moved.deal.walls = SeatWalls::from_order(order, PLAYERS).unwrap();
        let mut after = moved.view(viewer);
        after.own_wall = before.own_wall;
        assert_eq!(before, after, "viewer {viewer}");
    }
}

#[test]
fn bots_play_whole_hands_with_every_invariant_and_replay_from_the_record() {
    let mut sim = Simulation::new(Settings::default(), seed("sim"), &[Difficulty::Advice, Difficulty::Random]).unwrap();
    let summary = sim.run(3).unwrap();
    assert_eq!(summary.hands, 3);
    assert!(summary.wins.iter().sum::<u64>() > 0, "{summary:?}");
    let record = crate::table::Record::of(&sim.game);
    let again: Game = crate::table::replay(&record).unwrap();
    assert_eq!(format!("{again:?}"), format!("{:?}", sim.game));
    // Deterministic for the seed.
    let mut other = Simulation::new(Settings::default(), seed("sim"), &[Difficulty::Advice, Difficulty::Random]).unwrap();
    assert_eq!(other.run(3).unwrap().digest, summary.digest);
    let v = crate::table::sim::Violation::new::<Game>(2, 5, "x".into());
    assert_eq!(v.to_string(), "invariant violated in hand 3 after action 5: x");
}

#[test]
fn the_advice_bot_beats_random_bots_on_duplicate_walls() {
    let seeds: Vec<TableSeed> = (0..2).map(|i| seed(&format!("strength{i}"))).collect();
    let s = strength(&no_exchange(), &seeds, 2, Difficulty::Advice, Difficulty::Random).unwrap();
    assert!(s.a_points > s.b_points, "{s:?}");
    assert!(s.a_wins > s.b_wins, "{s:?}");
}

#[test]
fn the_advice_bot_beats_discarding_by_shanten_alone() {
    // The full figures (docs/sichuan.md) come from `tuolaji mahjong strength`; this is a CI-sized check.
    let seeds: Vec<TableSeed> = (0..6).map(|i| seed(&format!("versus{i}"))).collect();
    let s = strength(&Settings::default(), &seeds, 3, Difficulty::Advice, Difficulty::Shanten).unwrap();
    assert!(s.a_points > s.b_points, "{s:?}");
}

#[test]
fn moves_settings_and_results_round_trip_through_their_encodings() {
    use crate::codec::Reader;
    use crate::table::Codec;
    let actions = [
        Action::Exchange([t("1m"), t("2m"), t("9m")]),
        Action::Void(Suit::Bamboo),
        Action::Discard(t("5p")),
        Action::Win,
        Action::Kong(t("9s")),
        Action::Pung,
        Action::Pass,
        Action::NextHand,
        Action::NextHandFrom("abc".into()),
    ];
    let mut bytes = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        Game::write_move(i % 4, a, &mut bytes);
    }
    let mut r = Reader::new(&bytes);
    for (i, a) in actions.iter().enumerate() {
        assert_eq!(Game::read_move(&mut r, 4).unwrap(), (i % 4, a.clone()));
    }
    // An honour is no Sichuan tile; seat 5 is no seat.
    assert!(Game::read_move(&mut Reader::new(&[0x20, 27]), 4).is_err());
    assert!(Game::read_move(&mut Reader::new(&[0x65]), 4).is_err());
    let s = Settings {
        exchange: false,
        max_fan: 6,
        claim_seconds: 10,
        wildcards: true,
        hand_end: HandEnd::BloodRiver,
        kong_transfer: true,
        self_drawn: SelfDrawnBonus::Base,
    };
    let pairs = Game::settings_pairs(&s);
    assert_eq!(
        pairs.iter().filter(|(k, _)| ["he", "kt", "sd"].contains(k)).cloned().collect::<Vec<_>>(),
        vec![("he", "river".to_string()), ("kt", "1".to_string()), ("sd", "base".to_string())]
    );
    let back = Game::settings_from_pairs(&|k| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| v.as_str())).unwrap();
    assert_eq!(back, s);
    assert!(Game::settings_from_pairs(&|k| (k == "fan").then_some("9")).is_err());
    assert!(Game::settings_pairs(&Settings::default()).is_empty());
    // A link made before the settlement options existed reads as the table it was.
    let old = Game::settings_from_pairs(&|k| match k {
        "x" => Some("0"),
        "w" => Some("1"),
        _ => None,
    })
    .unwrap();
    assert_eq!(old, Settings { exchange: false, wildcards: true, ..Settings::default() });
    assert_eq!((old.hand_end, old.kong_transfer, old.self_drawn), (HandEnd::FightToTheEnd, false, SelfDrawnBonus::Fan));
    // A bad value says what to write instead.
    for (key, bad, hint) in [("he", "blood", "river"), ("kt", "yes", "呼叫转移"), ("sd", "2", "base")] {
        let e = Game::settings_from_pairs(&|k| (k == key).then_some(bad)).unwrap_err();
        assert_eq!(e.param(), key);
        assert!(e.to_string().contains(hint), "{e}");
    }
}

/// The Expert lets a cheap win on a discard go while a long wall makes a self-drawn win
/// (`2^(fan+1)` from every opponent) worth more, and takes it near the wall's end.
#[test]
fn the_expert_plays_on_for_a_self_drawn_win_early_and_takes_the_win_late() {
    use super::bot::{Bot, BotReason};
    let hands = ["111m999m4p66p77p88p9p", "123m456m789m23p55p", "111p222p333p5p6p8p9p", "444m555m666m777m8m"];
    let answer = |wall: &str| {
        let mut g = scenario(hands, wall);
        g.apply(0, &Action::Discard(t("4p"))).unwrap();
        assert_eq!(g.to_act(), vec![1]);
        Bot::new(&seed("hold"), 1, Difficulty::Expert).suggest(&g.view(1))
    };
    let (early, why) = answer("111122223333444455556666777788889999s");
    assert_eq!(early, Action::Pass, "{why}");
    assert!(matches!(why, BotReason::SearchPlayOn { .. }), "{why}");
    assert_eq!(answer("1234s").0, Action::Win);
}

/// A concealed kong that costs a shanten step: the advice bot keeps its four tiles (the
/// hand ready on 5p), the Expert's search kongs them for 2 points from each of three
/// opponents and plays the hand on one step back. It gives the search's reason (so the
/// arena counts it as a searched decision), the kong's money in the value with it.
#[test]
fn the_expert_kongs_for_the_money_where_the_advice_bot_keeps_the_hand() {
    use super::bot::{Bot, BotReason};
    let hands = ["1111m23m456p789p5p9p", "234m567m2p3p4p66p99m", "11p22p33p5m6m7m8m9m4p", "444m888m7p8p9p1p3p6p8p"];
    let g = scenario(hands, "111122223333444455556666777788889999s");
    let view = g.view(0);
    assert_eq!(view.kongs, vec![t("1m")]);
    let (advice, _) = Bot::new(&seed("kong"), 0, Difficulty::Advice).suggest(&view);
    assert!(matches!(advice, Action::Discard(_)), "{advice:?}");
    let (expert, why) = Bot::new(&seed("kong"), 0, Difficulty::Expert).suggest(&view);
    assert_eq!(expert, Action::Kong(t("1m")), "{why}");
    assert!(matches!(why, BotReason::SearchKong { with, without, .. } if with > without), "{why:?}");
    assert!(why.searched());
}
