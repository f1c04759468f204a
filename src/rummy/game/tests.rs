use super::sim::Simulation;
use super::*;
use crate::rummy::bot::Difficulty;
use crate::rummy::parse_rummy_cards;

fn seed(s: &str) -> TableSeed {
    TableSeed::parse(s).unwrap()
}

fn cards(t: &str) -> Vec<RummyCard> {
    parse_rummy_cards(t).unwrap()
}

fn table(players: u8, s: &str) -> Game {
    Game::new(Settings { players, ..Settings::default() }, seed(s)).unwrap()
}

fn sorted(mut v: Vec<RummyCard>) -> Vec<RummyCard> {
    v.sort();
    v
}

/// Makes `seat`'s hand exactly `wanted`, swapping cards with the other hands
/// and the stock so that every card stays in exactly one place.
fn arrange(g: &mut Game, seat: Seat, wanted: &[RummyCard]) {
    let d = &mut g.deal;
    let mut hand = std::mem::take(&mut d.hands[seat]);
    let mut need = wanted.to_vec();
    // Keep what is already there.
    let mut kept = Vec::new();
    hand.retain(|c| match need.iter().position(|w| w == c) {
        Some(i) => {
            need.remove(i);
            kept.push(*c);
            false
        }
        None => true,
    });
    for card in need {
        let spare = hand.pop().unwrap_or_else(|| panic!("the hand is too small for {wanted:?}"));
        let in_hand = (0..d.hands.len())
            .filter(|&s| s != seat)
            .find_map(|s| d.hands[s].iter().position(|&c| c == card).map(|i| (s, i)));
        match in_hand {
            Some((s, i)) => d.hands[s][i] = spare,
            None => {
                let i = d.stock.iter().position(|&c| c == card);
                let i = i.unwrap_or_else(|| panic!("{card} is neither in another hand nor in the stock"));
                d.stock[i] = spare;
            }
        }
        kept.push(card);
    }
    d.hands[seat] = kept;
    assert!(hand.is_empty(), "cards left over: {hand:?}");
}

fn pack(g: &Game) -> Vec<RummyCard> {
    sorted(g.settings().rules.pack())
}

#[test]
fn deal_is_deterministic_and_complete() {
    let a = table(4, "abc");
    let b = table(4, "ABC");
    let c = table(4, "abd");
    for s in 0..4 {
        assert_eq!(a.hand(s), b.hand(s));
        assert_eq!(a.hand(s).len(), 13);
    }
    assert_eq!(a.stock(), b.stock(), "the stock follows the seed too");
    assert_ne!(a.hand(0), c.hand(0));
    assert_eq!(sorted(a.all_cards()), pack(&a));
    assert_eq!(a.stock().len(), 106 - 4 * 13 - 2);
    assert_eq!(a.pile().len(), 1);
    assert_eq!(a.pile()[0].by, None);
    assert_eq!(a.wild(), a.settings().rules.wild_rank_for(a.wild_card()));
    assert_eq!((a.phase(), a.to_act(), a.stage()), (PhaseName::Play, vec![0], Stage::Draw));
}

#[test]
fn the_first_player_goes_round_and_refusals_change_nothing() {
    let mut g = table(3, "turns");
    let before = format!("{g:?}");
    assert_eq!(g.apply(1, &Action::DrawStock), Err(RuleError::NotYourTurn { seat: 1, to_act: vec![0] }));
    assert_eq!(g.apply(0, &Action::Discard(g.hand(0)[0])), Err(RuleError::DrawFirst { action: Move::Discard }));
    assert!(matches!(g.apply(0, &Action::Show(vec![])), Err(RuleError::WrongPhase { .. })));
    assert!(matches!(g.apply(0, &Action::NextDeal), Err(RuleError::WrongPhase { .. })));
    assert_eq!(g.apply(5, &Action::Drop), Err(RuleError::NoSuchSeat { seat: 5, players: 3 }));
    assert_eq!(before, format!("{g:?}"));
    assert!(g.actions().is_empty(), "refused actions are not recorded");
    let e = g.apply(2, &Action::DrawStock).unwrap_err();
    assert_eq!(e.to_string(), "it is not seat 3's turn (waiting for seat 1)");
    // Draw, then discard the card drawn: play passes on.
    let top = *g.stock().last().unwrap();
    assert_eq!(g.apply(0, &Action::DrawStock).unwrap(), vec![Event::DrewStock { seat: 0 }]);
    assert_eq!(g.hand(0).len(), 14);
    assert_eq!(g.apply(0, &Action::DrawStock), Err(RuleError::AlreadyDrew { action: Move::DrawStock }));
    assert_eq!(g.apply(0, &Action::Drop), Err(RuleError::AlreadyDrew { action: Move::Drop }));
    g.apply(0, &Action::Discard(top)).unwrap();
    assert_eq!(
        (g.to_act(), g.hand(0).len(), g.pile().last().copied()),
        (vec![1], 13, Some(PileCard { card: top, by: Some(0) }))
    );
    // The next deal starts with seat 2.
    let mut h = g.clone();
    h.deal.phase = PhaseName::Finished;
    h.deal.result = Some(h.deal_result_for_tests());
    h.apply(1, &Action::NextDeal).unwrap();
    assert_eq!((h.deal_number(), h.to_act()), (1, vec![1]));
}

impl Game {
    fn deal_result_for_tests(&mut self) -> DealResult {
        let mut g = self.clone();
        g.finish_deal(DealEnd::StockExhausted, None);
        g.deal.result.clone().unwrap()
    }
}

#[test]
fn a_taken_discard_cannot_go_back_and_a_discarded_joker_is_dead() {
    let mut g = table(2, "take");
    let first = g.pile()[0].card;
    g.apply(0, &Action::TakeDiscard).unwrap();
    assert_eq!(g.stage(), Stage::Discard { taken: Some(first) });
    assert_eq!(g.apply(0, &Action::Discard(first)), Err(RuleError::TakenCard { card: first }));
    let other = g.hand(0).iter().copied().find(|&c| c != first).unwrap();
    g.apply(0, &Action::Discard(other)).unwrap();
    assert_eq!(g.view(1).picked, vec![(0, first)]);
    // A printed joker thrown by a player is dead; the card turned up is not.
    g.deal.pile.push(PileCard { card: RummyCard::Joker, by: Some(0) });
    assert_eq!(g.apply(1, &Action::TakeDiscard), Err(RuleError::DeadJoker { card: RummyCard::Joker }));
    assert!(!g.view(1).top_takeable);
    g.deal.pile.last_mut().unwrap().by = None;
    assert!(g.view(1).top_takeable);
}

#[test]
fn drops_cost_twenty_before_the_first_draw_and_forty_after() {
    let mut g = table(3, "drops");
    assert_eq!(g.drop_cost(0), Some(20));
    assert_eq!(g.drop_cost(1), None, "not its turn");
    let ev = g.apply(0, &Action::Drop).unwrap();
    assert_eq!(ev, vec![Event::Dropped { seat: 0, points: 20, middle: false }]);
    assert_eq!(g.to_act(), vec![1]);
    assert!(g.view(1).hand_sizes[0] == 13 && g.view(1).status[0] == SeatStatus::Dropped { points: 20 });
    // Seat 2 draws once, then drops: a middle drop, and seat 2 (the last one in) wins.
    g.apply(1, &Action::DrawStock).unwrap();
    let c = g.hand(1)[0];
    g.apply(1, &Action::Discard(c)).unwrap();
    g.apply(2, &Action::DrawStock).unwrap();
    g.apply(2, &Action::Discard(g.hand(2)[0])).unwrap();
    let out = SeatStatus::Dropped { points: 20 };
    assert_eq!(g.apply(0, &Action::DrawStock), Err(RuleError::SitsOut { seat: 0, status: out }));
    assert_eq!(g.apply(2, &Action::DrawStock), Err(RuleError::NotYourTurn { seat: 2, to_act: vec![1] }));
    assert_eq!(g.drop_cost(1), Some(40));
    let ev = g.apply(1, &Action::Drop).unwrap();
    assert_eq!(ev[0], Event::Dropped { seat: 1, points: 40, middle: true });
    let r = g.result().unwrap();
    assert_eq!(
        (r.end, r.winner, &r.points, &r.scores),
        (DealEnd::LastStanding, Some(2), &vec![20, 40, 0], &vec![-20, -40, 60])
    );
    assert_eq!(r.arrangements, vec![None, None, None], "nobody's cards are shown");
    assert_eq!(g.totals(), &[20, 40, 0]);
}

#[test]
fn a_valid_declaration_then_everyone_shows_and_pays_what_it_counts() {
    let mut g = table(3, "declare");
    let wild = g.wild();
    g.apply(0, &Action::DrawStock).unwrap();
    g.apply(0, &Action::Discard(g.hand(0)[0])).unwrap();
    g.apply(1, &Action::DrawStock).unwrap();
    // Seat 2 holds a complete hand and a card to finish with (whatever the wild rank).
    arrange(&mut g, 1, &cards("AS 2S 3S 5H 6H 7H 8H 9D 9C 9S KD KC KH 4C"));
    assert_eq!(sorted(g.all_cards()), pack(&g));
    let groups = vec![cards("AS 2S 3S"), cards("5H 6H 7H 8H"), cards("9D 9C 9S"), cards("KD KC KH")];
    let four: RummyCard = "4C".parse().unwrap();
    // Every card must be placed, and only cards held.
    let e = g.apply(1, &Action::Declare(groups[..3].to_vec(), four)).unwrap_err();
    assert!(matches!(&e, RuleError::Unplaced { cards: c } if sorted(c.clone()) == sorted(cards("KD KC KH"))), "{e:?}");
    assert!(e.to_string().contains(" are in no group"), "{e}");
    let mut extra = groups.clone();
    extra[0].push("4S".parse().unwrap());
    assert!(matches!(g.apply(1, &Action::Declare(extra, four)), Err(RuleError::NotInHand { .. })));
    let ev = g.apply(1, &Action::Declare(groups, four)).unwrap();
    assert!(matches!(&ev[0], Event::Declared { seat: 1, finish, .. } if *finish == four), "{ev:?} (wild {wild:?})");
    assert_eq!((g.phase(), g.to_act()), (PhaseName::Show, vec![2, 0]));
    assert!(crate::table::Game::simultaneous(&g));
    assert_eq!(g.apply(1, &Action::Show(vec![])), Err(RuleError::AlreadyShown));
    assert!(g.view(0).arrangements[1].as_ref().unwrap().valid, "the declaration is public");
    assert_eq!(g.view(0).arrangements[2], None, "a hand not yet shown is not");
    // Seat 3 shows nothing grouped: everything counts (capped); seat 1 shows its best.
    g.apply(2, &Action::Show(vec![])).unwrap();
    assert_eq!(g.apply(2, &Action::Show(vec![])), Err(RuleError::AlreadyShown));
    let best = crate::rummy::solve(g.hand(0), wild, &g.settings().rules).unwrap();
    let groups0: Vec<Vec<RummyCard>> = best.groups.iter().map(|x| x.cards.clone()).collect();
    g.apply(0, &Action::Show(groups0)).unwrap();
    let r = g.result().unwrap();
    assert_eq!((r.end, r.winner, r.finish), (DealEnd::Declared, Some(1), Some(four)));
    let all = g.score(&[], g.hand(2)).points;
    assert_eq!(r.points, vec![best.points, 0, all]);
    assert_eq!(r.scores[1], (best.points + all) as i64);
    assert_eq!(r.scores.iter().sum::<i64>(), 0);
    assert_eq!(sorted(g.all_cards()), pack(&g));
    assert_eq!(
        g.apply(0, &Action::Show(vec![])),
        Err(RuleError::WrongPhase { action: Move::Show, phase: PhaseName::Finished })
    );
}

#[test]
fn a_wrong_declaration_costs_the_cap_and_the_deal_goes_on() {
    let mut g = table(3, "wrong");
    g.apply(0, &Action::DrawStock).unwrap();
    let hand = g.hand(0).to_vec();
    let groups: Vec<Vec<RummyCard>> = hand[..12].chunks(3).map(|c| c.to_vec()).chain([vec![hand[12]]]).collect();
    let ev = g.apply(0, &Action::Declare(groups, hand[13])).unwrap();
    assert!(matches!(&ev[0], Event::WrongDeclaration { seat: 0, points: 80, discard, .. } if *discard == hand[13]));
    assert_eq!(g.status(0), Some(&SeatStatus::WrongDeclaration));
    assert_eq!((g.phase(), g.to_act(), g.pile().last().unwrap().card), (PhaseName::Play, vec![1], hand[13]));
    assert!(g.view(2).arrangements[0].is_some(), "a wrong declaration is shown to all");
    assert_eq!(
        g.apply(0, &Action::DrawStock),
        Err(RuleError::SitsOut { seat: 0, status: SeatStatus::WrongDeclaration })
    );
    // Seats 2 and 3 play on; when seat 2 drops, seat 3 wins both payments.
    g.apply(1, &Action::Drop).unwrap();
    let r = g.result().unwrap();
    assert_eq!((r.winner, &r.points, &r.scores), (Some(2), &vec![80, 20, 0], &vec![-80, -20, 100]));
}

#[test]
fn an_empty_stock_is_rebuilt_then_the_deal_dies() {
    let settings = Settings { players: 2, restocks: 1, ..Settings::default() };
    let mut g = Game::new(settings, seed("restock")).unwrap();
    // Move all but one stock card to the discard pile (as if discarded).
    let moved: Vec<RummyCard> = g.deal.stock.drain(1..).collect();
    g.deal.pile.splice(0..0, moved.iter().map(|&card| PileCard { card, by: Some(1) }));
    let pile_before = g.pile().to_vec();
    g.apply(0, &Action::DrawStock).unwrap();
    assert!(g.stock().is_empty());
    let c = g.hand(0)[0];
    let ev = g.apply(0, &Action::Discard(c)).unwrap();
    assert_eq!(ev[1], Event::StockRebuilt { cards: pile_before.len(), rebuilds: 1 });
    assert_eq!(g.pile(), &[PileCard { card: c, by: Some(0) }]);
    assert_eq!(sorted(g.stock().to_vec()), sorted(pile_before.iter().map(|p| p.card).collect()));
    assert_eq!(sorted(g.all_cards()), pack(&g));
    // The same rebuild at a twin table: the same order.
    let mut twin = Game::new(g.settings().settings.clone(), seed("restock")).unwrap();
    twin.deal.stock.drain(1..);
    twin.deal.pile.splice(0..0, moved.iter().map(|&card| PileCard { card, by: Some(1) }));
    twin.apply(0, &Action::DrawStock).unwrap();
    twin.apply(0, &Action::Discard(c)).unwrap();
    assert_eq!(twin.stock(), g.stock());
    // Past the rebuilds allowed, the next empty stock ends the deal void.
    let left: Vec<RummyCard> = g.deal.stock.drain(1..).collect();
    g.deal.pile.splice(0..0, left.iter().map(|&card| PileCard { card, by: Some(1) }));
    g.apply(1, &Action::DrawStock).unwrap();
    g.apply(1, &Action::Discard(g.hand(1)[0])).unwrap();
    let r = g.result().unwrap();
    assert_eq!((r.end, r.winner, &r.points, &r.scores), (DealEnd::StockExhausted, None, &vec![0, 0], &vec![0, 0]));
}

#[test]
fn pool_rummy_puts_seats_out_and_ends_with_one_left() {
    let settings = Settings { players: 3, variant: Variant::Pool101, ..Settings::default() };
    let mut g = Game::new(settings, seed("pool")).unwrap();
    g.totals = vec![90, 50, 0];
    // Seat 1 drops (20: 110, out); seat 2 drops (20); seat 1 ... : seat 3 wins.
    g.apply(0, &Action::Drop).unwrap();
    g.apply(1, &Action::Drop).unwrap();
    let r = g.result().unwrap().clone();
    assert_eq!(
        (r.totals.clone(), r.out.clone(), r.scores.clone()),
        (vec![110, 70, 0], vec![true, false, false], vec![-20, -20, 0])
    );
    assert_eq!(r.game_over, None);
    g.apply(0, &Action::NextDeal).unwrap();
    assert_eq!(g.status(0), Some(&SeatStatus::Out));
    assert!(g.hand(0).is_empty() && g.hand(1).len() == 13);
    assert_eq!(g.to_act(), vec![1], "deal 2 starts at seat 2");
    assert_eq!(g.apply(0, &Action::DrawStock), Err(RuleError::SitsOut { seat: 0, status: SeatStatus::Out }));
    assert_eq!(sorted(g.all_cards()), pack(&g));
    g.totals[1] = 90;
    g.apply(1, &Action::Drop).unwrap();
    let r = g.result().unwrap().clone();
    assert_eq!(r.game_over, Some(vec![2]));
    assert_eq!(g.games_won(), &[0, 0, 1]);
    let ev = g.apply(2, &Action::NextDeal).unwrap();
    assert!(matches!(ev[0], Event::NextDeal { deal: 2, new_game: true }));
    assert_eq!((g.totals(), g.game_number(), g.status(0)), (&[0, 0, 0][..], 1, Some(&SeatStatus::Playing)));
}

#[test]
fn a_points_game_ends_after_its_deals_and_the_best_net_wins() {
    let settings = Settings { players: 2, deals: Some(2), ..Settings::default() };
    let mut g = Game::new(settings, seed("points")).unwrap();
    g.apply(0, &Action::Drop).unwrap();
    assert_eq!(g.result().unwrap().game_over, None);
    assert_eq!(g.net(), &[-20, 20]);
    g.apply(0, &Action::NextDeal).unwrap();
    assert_eq!(g.to_act(), vec![1]);
    g.apply(1, &Action::DrawStock).unwrap();
    g.apply(1, &Action::Discard(g.hand(1)[0])).unwrap();
    g.apply(0, &Action::DrawStock).unwrap();
    g.apply(0, &Action::Discard(g.hand(0)[0])).unwrap();
    g.apply(1, &Action::Drop).unwrap();
    let r = g.result().unwrap();
    assert_eq!((r.net.clone(), r.game_over.clone()), (vec![20, -20], Some(vec![0])));
    assert_eq!(crate::table::Game::outcome(&g).unwrap().scores, vec![40, -40]);
}

/// Swaps the first differing cards of two hidden places.
fn swap_hidden(a: &mut [RummyCard], b: &mut [RummyCard]) -> bool {
    for x in a.iter_mut() {
        if let Some(y) = b.iter_mut().find(|y| **y != *x) {
            std::mem::swap(x, y);
            return true;
        }
    }
    false
}

/// A copy where cards `seat` cannot see move between two hidden places: two
/// other hands that are not face up, or such a hand and the stock.
fn perturb(g: &Game, seat: Seat, k: usize) -> Option<Game> {
    let mut h = g.clone();
    let n = g.players();
    let d = &mut h.deal;
    let hidden = |s: Seat| s != seat && d.shown[s].is_none() && !d.hands[s].is_empty();
    let others: Vec<Seat> = (0..n).filter(|&s| hidden(s)).collect();
    let ok = match (others.len(), k % 2) {
        (0, _) => false,
        (1, _) | (_, 1) => {
            let s = others[k % others.len()];
            let (hand, stock) = (&mut d.hands[s], &mut d.stock);
            swap_hidden(hand, stock) || swap_hidden(stock, hand)
        }
        _ => {
            let (x, y) = (others[k % others.len()], others[(k + 1) % others.len()]);
            let (lo, hi) = d.hands.split_at_mut(x.max(y));
            swap_hidden(&mut lo[x.min(y)], &mut hi[0])
        }
    };
    // Shuffling the stock's order is invisible too.
    if d.stock.len() > 2 {
        d.stock.swap(0, 1);
    }
    ok.then_some(h)
}

#[test]
fn a_view_never_depends_on_hidden_cards() {
    let mut checks = 0;
    for (players, kinds, s) in [
        (2u8, [Difficulty::Heuristic, Difficulty::Random], "hidea"),
        (3, [Difficulty::Random, Difficulty::Heuristic], "hideb"),
        (6, [Difficulty::Heuristic, Difficulty::Random], "hidec"),
    ] {
        let mut sim = Simulation::new(Settings { players, ..Settings::default() }, seed(s), &kinds).unwrap();
        for step in 0..400usize {
            if sim.game.phase() == PhaseName::Finished {
                sim.game.apply(0, &Action::NextDeal).unwrap();
            }
            sim.driver.step(&mut sim.game).unwrap().unwrap();
            for seat in 0..=sim.game.players() {
                if let Some(h) = perturb(&sim.game, seat, step) {
                    assert_ne!(format!("{:?}", h.deal), format!("{:?}", sim.game.deal));
                    let (v, w) = (sim.game.view(seat), h.view(seat));
                    assert_eq!(v, w, "seat {seat}'s view changed when hidden cards moved ({:?})", sim.game.phase());
                    checks += 1;
                }
            }
        }
    }
    assert!(checks > 1000, "only {checks} checks ran");
}

#[test]
fn next_deal_from_a_seed_is_validated_recorded_and_replays() {
    let mut g = table(2, "first");
    g.apply(0, &Action::Drop).unwrap();
    let e = g.apply(1, &Action::NextDealFrom("no spaces!".into())).unwrap_err();
    assert!(e.to_string().contains("seed"), "{e}");
    g.apply(1, &Action::NextDealFrom("second".into())).unwrap();
    assert_eq!((g.seed().as_str(), g.deal_number()), ("second", 1));
    // The deal is the second seed's deal 1: the same cards as a table that started from it.
    let mut other = table(2, "second");
    other.ledger.next_hand(None);
    other.deal = other.deal_cards();
    assert_eq!(g.deal.hands, other.deal.hands);
    assert_eq!(g.deal.stock, other.deal.stock);
    let record = crate::table::Record::of(&g);
    assert_eq!(record.seed, "first");
    let again = crate::table::replay(&record).unwrap();
    assert_eq!(format!("{again:?}"), format!("{g:?}"));
}

#[test]
fn the_table_trait_drives_the_game() {
    use crate::table::Game as TableGame;
    let mut g = table(2, "trait");
    assert_eq!(<Game as TableGame>::NAME, "rummy");
    assert!(TableGame::check(&g, 1, &Action::DrawStock).is_err());
    assert!(TableGame::check(&g, 0, &Action::DrawStock).is_ok());
    assert!(g.actions().is_empty(), "check changes nothing");
    assert!(!TableGame::simultaneous(&g));
    assert_eq!(TableGame::outcome(&g), None);
    assert_eq!(<Game as TableGame>::next_hand(None), Action::NextDeal);
    assert_eq!(<Game as TableGame>::next_hand(Some(&seed("Xy1"))), Action::NextDealFrom("xy1".into()));
    TableGame::apply(&mut g, 0, &Action::DrawStock).unwrap();
    assert_eq!(TableGame::view(&g, 0).hand.len(), 14);
    assert_eq!(TableGame::view(&g, 1).hand.len(), 13);
    assert!(TableGame::view(&g, 2).hand.is_empty(), "a spectator sees no hand");
}

#[test]
fn actions_and_settings_serialise_short() {
    let a = vec![
        Action::Drop,
        Action::DrawStock,
        Action::TakeDiscard,
        Action::Discard("10H".parse().unwrap()),
        Action::Declare(vec![cards("AS 2S 3S")], "JK".parse().unwrap()),
        Action::Show(vec![cards("9D 9C 9S")]),
        Action::NextDeal,
        Action::NextDealFrom("abc".into()),
    ];
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(
        json,
        r#"["x","s","t",{"d":"10H"},{"w":[[["AS","2S","3S"]],"JK"]},{"h":[["9D","9C","9S"]]},"n",{"m":"abc"}]"#
    );
    assert_eq!(serde_json::from_str::<Vec<Action>>(&json).unwrap(), a);
}

#[test]
fn the_simulations_checks_catch_a_broken_table() {
    let g = table(3, "broken");
    let pack = pack(&g);
    let pile: Vec<RummyCard> = g.pile().iter().map(|p| p.card).collect();
    assert_eq!(sim::check_state(&g, &pack, &pile), Ok(()));
    let mut lost = g.clone();
    lost.deal.stock.pop();
    assert!(sim::check_state(&lost, &pack, &pile).unwrap_err().contains("not conserved"));
    let mut moved = g.clone();
    let c = moved.deal.stock.pop().unwrap();
    moved.deal.hands[1].push(c);
    assert!(sim::check_state(&moved, &pack, &pile).unwrap_err().contains("seat 2 holds 14 cards, not 13"));
    let mut swapped = g.clone();
    let c = swapped.deal.stock.pop().unwrap();
    let top = std::mem::replace(&mut swapped.deal.pile[0].card, c);
    swapped.deal.stock.push(top);
    let e = sim::check_state(&swapped, &pack, &pile).unwrap_err();
    assert!(c == top || e.contains("discard pile"), "{e}");
    let v = sim::Violation::new::<Game>(2, 5, "x".into());
    assert_eq!(v.to_string(), "invariant violated in deal 3 after action 5: x");
}
