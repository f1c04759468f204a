//! The Expert's tests that need the game's insides (the true hidden hands).

use super::*;
use crate::dup::{Purpose, TableSeed};
use crate::shengji::bot::bots_for;
use crate::shengji::game::{Game, Phase, PhaseName, Settings};

/// The hidden cards as the seat's sampler would deal them: every seat's hand, then the kitty.
fn true_deal(g: &Game) -> Vec<Vec<crate::cards::Card>> {
    let Phase::Play(p) = &g.phase else { panic!("not in play") };
    let mut d = p.hands.clone();
    d.push(p.buried.clone());
    d
}

/// Diagnostic (`cargo test --release --lib seer -- --ignored --nocapture`): the arena's
/// figures for an Expert whose play searches the true deal (`SEER_COPIES` copies of it, each
/// played out on its own stream: perfect information, heuristic playouts) against the
/// heuristic, on `SEER_DEALS` deals of seed `s1000` both ways round, at the table `SEER_TABLE`
/// (`4x2` Tractor, `6x3` Finding Friends or `6x3t` Tractor). Its bids and exchange are the Expert's. What the
/// search could reach if its sampling were perfect: the bound of this design, and how far
/// the arena's Finding Friends share can move (docs/game.md, "How far the Friends share
/// moves").
#[test]
#[ignore]
fn seer() {
    use crate::shengji::arena::{hand_score, report, PairResult};
    use crate::shengji::game::Mode;
    let env = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
    let deals: usize = env("SEER_DEALS", "20").parse().unwrap();
    let copies: usize = env("SEER_COPIES", "16").parse().unwrap();
    let settings = match env("SEER_TABLE", "6x3").as_str() {
        "4x2" => Settings::default(),
        "6x3t" => Settings { players: 6, decks: Some(3), mode: Mode::Tractor, ..Settings::default() },
        _ => Settings { players: 6, decks: Some(3), mode: Mode::Friends, ..Settings::default() },
    };
    let table = TableSeed::parse("s1000").unwrap();
    let mut pairs = Vec::new();
    for d in 0..deals {
        let seed = crate::table::arena::deal_seed(&table, d);
        let hands = [true, false].map(|a_even| {
            let mut g = Game::new(settings.clone(), seed.clone()).unwrap();
            let n = g.players();
            let order = if a_even { [Difficulty::Expert, Difficulty::Heuristic] } else { [Difficulty::Heuristic, Difficulty::Expert] };
            let mut bots = bots_for(&seed, n, &order);
            let mut rng = seed.hand(0).stream(Purpose::Named("seer"));
            while g.phase() != PhaseName::Finished {
                let s = g.to_act()[0];
                let v = g.view(s);
                let action = if s.is_multiple_of(2) == a_even && v.phase == PhaseName::Play {
                    let rules = g.rules().unwrap().clone();
                    let mut deal = true_deal(&g);
                    deal[s].clear();
                    if v.landlord == Some(s) {
                        deal[n].clear();
                    }
                    let deals = vec![deal; copies];
                    decide_inner(&mut rng, &v, &rules, v.trick.as_ref().unwrap(), Effort::default(), Some(&deals)).0
                } else {
                    bots[s].suggest(&v).0
                };
                g.apply(s, &action).unwrap();
            }
            hand_score(&g, a_even).unwrap()
        });
        pairs.push(PairResult { seed: seed.to_string(), hands });
    }
    let r = report(&table, &pairs);
    println!(
        "seer ({copies} copies of the true deal) against the heuristic, {deals} pairs: hands {:.1} % ({:.1}-{:.1}), levels {:.1} %, margin {:+.1}, digest {}",
        100.0 * r.hands_won.share,
        100.0 * r.hands_won.ci95[0],
        100.0 * r.hands_won.ci95[1],
        100.0 * r.levels.share,
        r.margin,
        r.digest
    );
}

/// Plays one hand of bots at each table (players, decks, mode, seed) and calls `at` with
/// the game, the seat to act, its view and the rules at every decision of the play.
fn at_every_play(
    tables: &[(u8, u8, crate::shengji::game::Mode, &str)],
    kinds: &[Difficulty],
    mut at: impl FnMut(&Game, usize, &SeatView, &Rules),
) {
    for &(players, decks, mode, s) in tables {
        let settings = Settings { players, decks: Some(decks), mode, ..Settings::default() };
        let seed = TableSeed::parse(s).unwrap();
        let mut g = Game::new(settings, seed.clone()).unwrap();
        let mut bots = bots_for(&seed, players as usize, kinds);
        while g.phase() != PhaseName::Finished {
            let s = g.to_act()[0];
            let v = g.view(s);
            if v.phase == PhaseName::Play {
                let rules = g.rules().unwrap().clone();
                at(&g, s, &v, &rules);
            }
            let a = bots[s].suggest(&v).0;
            g.apply(s, &a).unwrap();
        }
    }
}

/// The true deal always meets every constraint the seat reads from its view:
/// sizes, voids, bid cards and past follows.
#[test]
fn the_true_deal_meets_the_knowledge() {
    use crate::shengji::game::Mode::{Friends, Tractor};
    let mut checks = 0;
    let tables = [(4u8, 2u8, Tractor, "knowa"), (6, 3, Friends, "knowb"), (5, 2, Friends, "knowc")];
    at_every_play(&tables, &[Difficulty::Heuristic, Difficulty::Random], |g, s, v, rules| {
        let players = v.players;
        let k = knowledge::Knowledge::from_view(v, rules).expect("the view adds up");
        let mut deal = true_deal(g);
        deal[s].clear();
        if v.landlord == Some(s) {
            deal[players].clear();
        }
        for (slot, cards) in deal.iter().enumerate() {
            assert_eq!(cards.len(), k.need[slot], "slot {slot} size");
            for &c in cards {
                assert!(!k.lacks(slot, rules.layout().effective_suit(c)), "slot {slot} holds {c} of a suit it lacks");
            }
            for &c in &k.known[slot] {
                assert!(cards.contains(&c), "slot {slot} should hold {c}");
            }
        }
        assert!(k.consistent(rules, &deal), "the true deal made every past follow");
        checks += 1;
    });
    assert!(checks > 100);
}

/// Where every seat plays the heuristic, the true deal agrees with the model of the
/// other seats' play (`model.rs`) at all but a few past plays (a follow the heuristic
/// chose among its random picks may replay otherwise: 2.6 % of them), and deals sampled without the
/// model disagree with many more: the plays carry information the hard constraints miss.
/// The sampler with the model's replays (110 a deal) keeps deals that disagree with
/// fewer (654 against 937 here).
#[test]
fn the_heuristics_plays_tell_the_true_deal_from_samples() {
    use crate::shengji::game::Mode::{Friends, Tractor};
    let (mut checked, mut true_miss, mut sampled_miss, mut modelled_miss) = (0, 0, 0, 0);
    let mut rng = TableSeed::parse("modela").unwrap().hand(0).stream(Purpose::Named("model"));
    at_every_play(&[(4, 2, Tractor, "modela"), (6, 3, Friends, "modelb")], &[Difficulty::Heuristic], |g, _, v, rules| {
        let k = knowledge::Knowledge::from_view(v, rules).expect("the view adds up");
        let model = model::Model::from_view(v, rules);
        checked += model.plays.len().min(model::WINDOW);
        true_miss += model.mismatches(rules, &true_deal(g), usize::MAX).0;
        let sampled = sampling::sample(&k, rules, &mut rng, 6);
        sampled_miss += model.mismatches(rules, &sampled, usize::MAX).0;
        let modelled = sampling::sample_modelled(&k, &model, rules, &mut rng, 6, 110);
        modelled_miss += model.mismatches(rules, &modelled, usize::MAX).0;
    });
    assert!(checked > 1000, "{checked} plays checked");
    assert!(true_miss * 25 < checked, "the true deal disagrees with {true_miss} of {checked} plays");
    assert!(sampled_miss > 5 * true_miss.max(1), "samples disagree with {sampled_miss} of {checked}, the true deal {true_miss}");
    assert!(4 * modelled_miss < 3 * sampled_miss, "modelled samples disagree with {modelled_miss}, plain ones {sampled_miss}");
}

/// In the exchange the landlord's knowledge holds the true other hands: their sizes and
/// the cards their bids showed (the exchange's own sampling reads nothing else).
#[test]
fn the_true_hands_meet_the_exchange_knowledge() {
    let mut checks = 0;
    for (players, decks, mode, s) in [(4u8, 2u8, crate::shengji::game::Mode::Tractor, "xknowa"), (6, 3, crate::shengji::game::Mode::Friends, "xknowb"), (5, 2, crate::shengji::game::Mode::Friends, "xknowc")] {
        for hand in 0..4 {
            let settings = Settings { players, decks: Some(decks), mode, ..Settings::default() };
            let seed = TableSeed::parse(&format!("{s}{hand}")).unwrap();
            let mut g = Game::new(settings, seed.clone()).unwrap();
            let mut bots = bots_for(&seed, players as usize, &[Difficulty::Heuristic]);
            while g.phase() != PhaseName::Play {
                let s = g.to_act()[0];
                let v = g.view(s);
                if v.phase == PhaseName::Exchange && v.landlord == Some(s) {
                    let rules = g.rules().unwrap().clone();
                    let k = knowledge::Knowledge::at_exchange(&v, &rules).expect("the landlord's view adds up");
                    let Phase::Exchange(e) = &g.phase else { panic!("not in the exchange") };
                    for (slot, cards) in e.hands.iter().enumerate().filter(|&(x, _)| x != s) {
                        assert_eq!(cards.len(), k.need[slot], "slot {slot} size");
                        for &c in &k.known[slot] {
                            assert!(cards.contains(&c), "slot {slot} should hold {c}");
                        }
                    }
                    assert_eq!(k.need[s] + k.need[players as usize], 0, "nothing hidden in my seat or the kitty");
                    checks += 1;
                }
                let a = bots[s].suggest(&v).0;
                g.apply(s, &a).unwrap();
            }
        }
    }
    assert!(checks >= 12, "{checks} exchange views checked");
}

/// The Expert's bury and friend call are always accepted, and on these fixed deals its
/// search does choose other buries and calls than the heuristic's at times.
#[test]
fn the_experts_exchange_is_legal_and_searched() {
    let (mut buries, mut calls, mut searched) = (0, 0, 0);
    for (players, decks, mode, s) in [(4u8, 2u8, crate::shengji::game::Mode::Tractor, "xbury"), (6, 3, crate::shengji::game::Mode::Friends, "xcall")] {
        for hand in 0..6 {
            let settings = Settings { players, decks: Some(decks), mode, ..Settings::default() };
            let seed = TableSeed::parse(&format!("{s}{hand}")).unwrap();
            let mut g = Game::new(settings, seed.clone()).unwrap();
            let mut bots: Vec<_> = bots_for(&seed, players as usize, &[Difficulty::Expert])
                .into_iter()
                .map(|b| b.with_effort(Effort::light()))
                .collect();
            while g.phase() == PhaseName::Draw || g.phase() == PhaseName::Exchange {
                let s = g.to_act()[0];
                let v = g.view(s);
                let (a, why) = bots[s].suggest_explained(&v);
                buries += matches!(a, crate::shengji::game::Action::Bury(_)) as usize;
                calls += matches!(a, crate::shengji::game::Action::DeclareFriends(_)) as usize;
                searched += matches!(why, BotReason::SearchedBury { .. } | BotReason::SearchedCall { .. }) as usize;
                g.apply(s, &a).unwrap_or_else(|e| panic!("{s}{hand}: seat {s}'s {a:?} refused: {e}"));
            }
        }
    }
    assert_eq!((buries, calls), (12, 6));
    assert!(searched > 0, "the search never moved off the heuristic's choice");
}

/// Tables for the bid tests: 4 × 2 Tractor, 6 × 3 Finding Friends, and 5 × 2 Friends where
/// the kitty may be stolen (炒地皮).
fn bid_tables() -> Vec<(Settings, &'static str)> {
    use crate::shengji::game::Mode;
    let mut steal = Settings { players: 5, decks: Some(2), mode: Mode::Friends, ..Settings::default() };
    steal.bidding.steal = true;
    vec![
        (Settings { players: 4, decks: Some(2), mode: Mode::Tractor, ..Settings::default() }, "bida"),
        (Settings { players: 6, decks: Some(3), mode: Mode::Friends, ..Settings::default() }, "bidb"),
        (steal, "bidc"),
        // House rules for the play: the lean draw plays its hands out under them too.
        (
            Settings {
                players: 4,
                decks: Some(2),
                mode: Mode::Tractor,
                bombs: crate::shengji::bomb::Bombs::AnySuit,
                throw_evaluation: crate::shengji::rules::ThrowEvaluation::HighestCard,
                draw_policy: crate::shengji::rules::DrawPolicy::LongerTuples,
                ..Settings::default()
            },
            "bidd",
        ),
    ]
}

/// The lean draw and exchange of the bid search, run on the true hidden cards, reach the
/// same play start as the game with heuristic bots: the landlord, the rules (trump and the
/// table's house rules), every hand, the buried cards and the friends called, from any bid
/// decision, whatever the seat chooses.
#[test]
fn the_bid_search_replays_the_draw_on_the_true_cards() {
    let mut checks = 0;
    for (settings, s) in bid_tables() {
        for hand in 0..3 {
            let seed = TableSeed::parse(&format!("{s}{hand}")).unwrap();
            let n = settings.players as usize;
            let mut g = Game::new(settings.clone(), seed.clone()).unwrap();
            let mut bots = bots_for(&seed, n, &[Difficulty::Heuristic]);
            while g.phase() != PhaseName::Play {
                let seat = g.to_act()[0];
                let v = g.view(seat);
                let (a, _) = bots[seat].suggest_explained(&v);
                let stealing = v.phase == PhaseName::Exchange && v.steal_turn == Some(seat);
                if !v.valid_bids.is_empty() && (v.phase == PhaseName::Draw || stealing) {
                    let choices = [a.clone(), if v.deck_left > 0 { Action::Draw } else { Action::Pass }];
                    for choice in choices {
                        let (hands, to_draw, kitty) = match &g.phase {
                            Phase::Draw(d) => (d.hands.clone(), d.deck[d.next..].to_vec(), d.kitty.clone()),
                            Phase::Exchange(e) => (e.hands.clone(), Vec::new(), e.buried.clone().unwrap()),
                            _ => unreachable!(),
                        };
                        let mine = bids::settle_true(&v, hands, to_draw, kitty, &choice);
                        let mut real = g.clone();
                        let mut rb = bots.clone();
                        real.apply(seat, &choice).unwrap();
                        while real.phase() != PhaseName::Play {
                            let s2 = real.to_act()[0];
                            let a2 = rb[s2].suggest(&real.view(s2)).0;
                            real.apply(s2, &a2).unwrap();
                        }
                        let Phase::Play(p) = &real.phase else { unreachable!() };
                        let friends: Vec<_> = p.friends.iter().map(|f| f.friend).collect();
                        let sorted = |h: &[Vec<crate::cards::Card>]| -> Vec<Vec<crate::cards::Card>> {
                            h.iter().map(|x| { let mut x = x.clone(); x.sort(); x }).collect()
                        };
                        let mut buried = p.buried.clone();
                        buried.sort();
                        let mut my_buried = mine.3.clone();
                        my_buried.sort();
                        assert_eq!(
                            (mine.0, mine.1, sorted(&mine.2), my_buried, mine.4),
                            (p.landlord, p.rules.config(), sorted(&p.hands), buried, friends),
                            "{s}{hand}: seat {seat} choosing {choice:?}"
                        );
                        checks += 1;
                    }
                }
                g.apply(seat, &a).unwrap();
            }
        }
    }
    assert!(checks >= 20, "{checks} bid decisions replayed");
}

/// The Expert's bids and steals are always accepted, its search does move off the
/// heuristic's choice at times, and moving the cards it cannot see (another hand's
/// unshown cards and the deck's) leaves its decision as it was, as does deciding again
/// with the same stream.
#[test]
fn the_experts_bids_are_legal_searched_and_read_the_view_alone() {
    let (mut searched, mut compared) = (0, 0);
    for (settings, s) in bid_tables() {
        for hand in 0..3 {
            let seed = TableSeed::parse(&format!("{s}x{hand}")).unwrap();
            let n = settings.players as usize;
            let mut g = Game::new(settings.clone(), seed.clone()).unwrap();
            let mut bots: Vec<_> =
                bots_for(&seed, n, &[Difficulty::Expert]).into_iter().map(|b| b.with_effort(Effort::light())).collect();
            while g.phase() != PhaseName::Play {
                let seat = g.to_act()[0];
                let v = g.view(seat);
                let before = bots[seat].clone();
                let (a, why) = bots[seat].suggest_explained(&v);
                if let Action::Bid(c, k) = a {
                    assert!(v.valid_bids.contains(&(c, k)), "{s}{hand}: {a:?} is not among {:?}", v.valid_bids);
                }
                let searched_here = matches!(why, BotReason::SearchedBid { .. } | BotReason::SearchedSteal { .. });
                searched += searched_here as usize;
                if v.phase == PhaseName::Draw && !v.valid_bids.is_empty() {
                    // The hidden cards moved: another seat's first unshown card and the next card to draw.
                    let mut moved = g.clone();
                    if let Phase::Draw(d) = &mut moved.phase {
                        let other = (seat + 1) % n;
                        let shown: Vec<_> = v.bids.iter().filter(|b| b.seat == other).map(|b| b.card).collect();
                        if let Some(i) = d.hands[other].iter().position(|c| !shown.contains(c)) {
                            if d.next < d.deck.len() {
                                std::mem::swap(&mut d.hands[other][i], &mut d.deck[d.next]);
                            }
                        }
                    }
                    assert_eq!(moved.view(seat), v, "the seat sees nothing moved");
                    let again = before.clone().suggest_explained(&moved.view(seat));
                    assert_eq!(again, (a.clone(), why.clone()), "{s}{hand}: seat {seat}");
                    compared += 1;
                }
                g.apply(seat, &a).unwrap_or_else(|e| panic!("{s}{hand}: seat {seat}'s {a:?} refused: {e}"));
            }
        }
    }
    assert!(compared > 20, "{compared} bid decisions compared");
    assert!(searched > 0, "the search never moved off the heuristic's bid");
}

/// With no effort for bids the Expert bids as the heuristic does, drawing nothing from
/// its stream (so the rest of its hand plays as before).
#[test]
fn no_bid_effort_keeps_the_heuristics_bids() {
    for (settings, s) in bid_tables() {
        let seed = TableSeed::parse(&format!("{s}z")).unwrap();
        let n = settings.players as usize;
        let mut g = Game::new(settings.clone(), seed.clone()).unwrap();
        let off = Effort { bid_plays: 0, ..Effort::light() };
        let mut experts: Vec<_> = bots_for(&seed, n, &[Difficulty::Expert]).into_iter().map(|b| b.with_effort(off)).collect();
        let mut heuristics = bots_for(&seed, n, &[Difficulty::Heuristic]);
        while g.phase() == PhaseName::Draw {
            let seat = g.to_act()[0];
            let v = g.view(seat);
            let (a, why) = experts[seat].suggest_explained(&v);
            assert_eq!((a.clone(), why), heuristics[seat].suggest_explained(&v), "{s}: seat {seat}");
            g.apply(seat, &a).unwrap();
        }
        let fresh = bots_for(&seed, n, &[Difficulty::Expert]);
        for (expert, new) in experts.iter().zip(&fresh) {
            assert_eq!(expert.progress(), new.progress(), "no draws from the stream");
        }
    }
}

/// The side-fair value of an outcome: a landlord's side holding the attackers to 40 (+1
/// level) and attackers scoring 120 (taking over, +1 level) each beat the 80-point mark by
/// 40 and are worth the same; the play's utility, counting raw attacker points, gave the
/// attackers 0.8 more, which made the bid search give the landlord's seat away.
#[test]
fn the_side_fair_value_weighs_both_seats_alike() {
    use super::playout::Outcome;
    use super::search::{side_utility, utility};
    let holding = Outcome { won: true, levels: 1, points: -40, past_takeover: 40 };
    let taking = Outcome { won: true, levels: 1, points: 120, past_takeover: 40 };
    assert!((side_utility(holding, 2) - side_utility(taking, 2)).abs() < 1e-12);
    assert!((side_utility(holding, 2) - 0.8).abs() < 1e-12);
    assert!((utility(taking, 2) - utility(holding, 2) - 0.8).abs() < 1e-12);
}

/// The levels lost to the bid search (docs/game.md, "Why the bid search cost levels"): at
/// fixed 4 × 2 spots where the heuristic shows its first trump-rank card, the search valued
/// as the play is (raw attacker points) drew instead and left the seat to the other side;
/// the Expert's bid search (side-fair) keeps the bid. Over the first bids of 12 hands the old
/// valuation drew at 9 of them, the side-fair one at 3.
#[test]
fn the_bid_search_keeps_a_first_bid_the_old_valuation_gave_away() {
    use super::search::utility;
    let (mut old_drew, mut new_drew, mut fixed) = (0, 0, 0);
    for k in 0..12 {
        let s = format!("sidebid{k}");
        let seed = TableSeed::parse(&s).unwrap();
        let settings = Settings { players: 4, decks: Some(2), mode: crate::shengji::game::Mode::Tractor, ..Settings::default() };
        let mut g = Game::new(settings, seed.clone()).unwrap();
        let mut bots = bots_for(&seed, 4, &[Difficulty::Heuristic]);
        let mut turn = 0;
        while g.phase() == PhaseName::Draw {
            let seat = g.to_act()[0];
            let v = g.view(seat);
            let first = bots[seat].suggest_explained(&v);
            if v.bids.is_empty() && matches!(first.0, Action::Bid(..)) {
                let rng = seed.hand(0).stream(Purpose::Named("bid-spot"));
                // The spots were found at 8,000 bid plays, the budget of the time; the claim is
                // about the valuation, so the budget stays pinned.
                let effort = Effort { bid_plays: 8000, ..Effort::default() };
                let old = bids::bid_valued(&mut rng.clone(), &v, first.clone(), effort, utility).0;
                let new = bids::bid(&mut rng.clone(), &v, first.clone(), effort).0;
                old_drew += (old == Action::Draw) as usize;
                new_drew += (new == Action::Draw) as usize;
                if [("sidebid1", 36), ("sidebid7", 39), ("sidebid11", 42)].contains(&(s.as_str(), turn)) {
                    assert_eq!((old, new), (Action::Draw, first.0.clone()), "{s} turn {turn}");
                    fixed += 1;
                }
            }
            g.apply(seat, &first.0).unwrap();
            turn += 1;
        }
    }
    assert_eq!(fixed, 3);
    assert_eq!((old_drew, new_drew), (9, 3));
}

/// Diagnostic (`cargo test --release --lib placement -- --ignored --nocapture`; some 15 minutes):
/// does reading the other seats' past plays better bring the Expert's choices nearer the
/// seer's? Over `WALK_GAMES` (12) hands of heuristic bots at 4 × 2 Tractor and at 6 × 3
/// Finding Friends, at every play decision with 8 or more past plays of the other seats:
/// the share of hidden cards each sampler puts in the right hand and how many of the
/// newest 24 past plays its deal disagrees with (the true deal, plain samples, the model's
/// redraws of 110 replays, and [`sample_walked`] with `WALK_STEPS` (300) swaps); then the
/// decision on 16 deals of the truth (the seer), of plain samples and of walked ones, and
/// where the seer leaves the heuristic's play, how often each of the others chose as it did.
/// Docs/game.md, "Twice the effort, and a sampler that reads the plays".
#[test]
#[ignore]
fn placement() {
    use crate::cards::{Card, CardCounts};
    use crate::shengji::game::Mode::{Friends, Tractor};
    let env = |k: &str, d: usize| std::env::var(k).ok().and_then(|s| s.parse().ok()).unwrap_or(d);
    let (steps, games) = (env("WALK_STEPS", 300), env("WALK_GAMES", 12));
    let mut rng = TableSeed::parse("placea").unwrap().hand(0).stream(Purpose::Named("model"));
    // Cards of `d` in the same seat's hand as in `truth`, and the cards in those hands.
    let right = |d: &[Vec<Card>], truth: &[Vec<Card>], n: usize| -> (usize, usize) {
        let mut r = 0;
        for s in 0..n {
            let mut c = CardCounts::from_cards(&truth[s]);
            r += d[s].iter().filter(|&&x| c.remove(x, 1)).count();
        }
        (r, truth[..n].iter().map(Vec::len).sum())
    };
    let names: Vec<String> = (0..games).map(|g| format!("place{g}")).collect();
    // Per table kind: (right, cards, mismatches) per sampler; seer left the heuristic, plain and walked agreed.
    let mut tot = [[(0usize, 0usize, 0usize); 4]; 2];
    let mut agree = [[0usize; 3]; 2];
    for g in &names {
        for (kind, table) in [(4u8, 2u8, Tractor, g.as_str()), (6, 3, Friends, g.as_str())].into_iter().enumerate() {
            at_every_play(&[table], &[Difficulty::Heuristic], |game, s, v, rules| {
                let k = knowledge::Knowledge::from_view(v, rules).expect("the view adds up");
                let model = model::Model::from_view(v, rules);
                if model.plays.len() < 8 {
                    return;
                }
                let n = v.players;
                let mut truth = true_deal(game);
                truth[s].clear();
                let deals = [
                    truth.clone(),
                    sampling::sample(&k, rules, &mut rng, 6),
                    sampling::sample_modelled(&k, &model, rules, &mut rng, 6, 110),
                    sample_walked(&k, &model, rules, &mut rng, 6, steps),
                ];
                for (i, d) in deals.iter().enumerate() {
                    let (r, all) = right(d, &truth, n);
                    tot[kind][i].0 += r;
                    tot[kind][i].1 += all;
                    tot[kind][i].2 += model.mismatches(rules, d, usize::MAX).0;
                }
                if v.landlord == Some(s) {
                    truth[n].clear();
                }
                let sets = [
                    vec![truth; 16],
                    (0..16).map(|_| sampling::sample(&k, rules, &mut rng, 6)).collect::<Vec<_>>(),
                    (0..16).map(|_| sample_walked(&k, &model, rules, &mut rng, 6, steps)).collect::<Vec<_>>(),
                ];
                let trick = v.trick.as_ref().unwrap();
                let acts: Vec<_> =
                    sets.iter().map(|d| decide_inner(&mut rng.clone(), v, rules, trick, Effort::default(), Some(d)).0).collect();
                let heuristic = heuristic_play(&mut rng.clone(), Difficulty::Heuristic, v, rules, trick).0;
                if acts[0] != heuristic {
                    agree[kind][0] += 1;
                    agree[kind][1] += (acts[1] == acts[0]) as usize;
                    agree[kind][2] += (acts[2] == acts[0]) as usize;
                }
            });
        }
    }
    for (kind, table) in ["4 × 2 Tractor", "6 × 3 Friends"].iter().enumerate() {
        for (i, name) in ["the true deal", "plain samples", "the model's redraws", "walked samples"].iter().enumerate() {
            let (r, all, miss) = tot[kind][i];
            println!("{table}, {name}: {:.1} % of hidden cards in the right hand, {miss} plays disagreed with", 100.0 * r as f64 / all as f64);
        }
        let [left, plain, walked] = agree[kind];
        println!("{table}: the seer left the heuristic's play {left} times; plain samples chose as it did {plain}, walked ones {walked}");
    }
}

/// For [`placement`]: a deal drawn as `sampling::sample` does, then walked by swaps of two
/// cards not known to be where they are between two slots (voids and past follows kept)
/// toward hands that agree with more of the other seats' past plays (`model.rs`): a swap is
/// kept when its deal disagrees with no more plays than before. At most `steps` swaps; a
/// deal that agrees with every play stops.
fn sample_walked(
    k: &knowledge::Knowledge,
    model: &model::Model,
    rules: &Rules,
    rng: &mut rand_chacha::ChaCha20Rng,
    tries: usize,
    steps: usize,
) -> Vec<Vec<crate::cards::Card>> {
    use crate::dup::uniform_below;
    let mut d = sampling::sample(k, rules, rng, tries);
    // Slots holding a card that may move (the known bid cards come first in a slot).
    let open: Vec<usize> = (0..d.len()).filter(|&s| d[s].len() > k.known[s].len()).collect();
    if steps == 0 || model.plays.is_empty() || open.len() < 2 {
        return d;
    }
    let layout = rules.layout();
    let mut miss = model.mismatches(rules, &d, usize::MAX).0;
    for _ in 0..steps {
        if miss == 0 {
            break;
        }
        let a = open[uniform_below(rng, open.len() as u64) as usize];
        let mut b = open[uniform_below(rng, open.len() as u64 - 1) as usize];
        if b == a {
            b = open[open.len() - 1];
        }
        let ia = k.known[a].len() + uniform_below(rng, (d[a].len() - k.known[a].len()) as u64) as usize;
        let ib = k.known[b].len() + uniform_below(rng, (d[b].len() - k.known[b].len()) as u64) as usize;
        let (ca, cb) = (d[a][ia], d[b][ib]);
        if ca == cb || k.lacks(b, layout.effective_suit(ca)) || k.lacks(a, layout.effective_suit(cb)) {
            continue;
        }
        d[a][ia] = cb;
        d[b][ib] = ca;
        let better = k.consistent(rules, &d) && {
            let m = model.mismatches(rules, &d, miss + 1).0;
            miss = miss.min(m);
            m <= miss
        };
        if !better {
            d[a][ia] = ca;
            d[b][ib] = cb;
        }
    }
    d
}
