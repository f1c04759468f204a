//! Tests of the game: the deal and the draw, bidding, the exchange and friend
//! calls, what each seat may see, and the table layer, with the helpers every
//! game test uses. Play (tricks, throws, take-backs) and the end of a hand are
//! in `tests/play.rs`.

use super::*;
use super::bidding::level_or_highest;
use crate::cards::Suit;

fn seed(s: &str) -> TableSeed {
    TableSeed::parse(s).unwrap()
}

fn draw_all(g: &mut Game) {
    while let Phase::Draw(d) = &g.phase {
        if d.next >= d.deck.len() {
            break;
        }
        let s = g.to_act()[0];
        g.apply(s, &Action::Draw).unwrap();
    }
}

#[test]
fn deal_is_deterministic_and_complete() {
    let mut a = Game::new(Settings::default(), seed("abc")).unwrap();
    let mut b = Game::new(Settings::default(), seed("ABC")).unwrap();
    let c = Game::new(Settings::default(), seed("abd")).unwrap();
    draw_all(&mut a);
    draw_all(&mut b);
    assert_eq!(a.hand(0), b.hand(0));
    assert_eq!(a.hand(0).len(), 25);
    assert_eq!(a.all_cards(), CardCounts::full_decks(2));
    let Phase::Draw(dc) = &c.phase else { panic!() };
    let Phase::Draw(da) = &a.phase else { panic!() };
    assert_ne!(dc.deck, da.deck);
}

#[test]
fn draw_order_and_errors_leave_state_untouched() {
    let mut g = Game::new(Settings::default(), seed("turns")).unwrap();
    let before = format!("{:?}", g.phase);
    let e = g.apply(1, &Action::Draw).unwrap_err();
    assert!(e.to_string().contains("not seat 2's turn (waiting for seat 1)"), "{e}");
    assert!(g.apply(9, &Action::Draw).is_err());
    assert!(g.apply(0, &Action::Pass).is_err());
    assert!(g.apply(0, &Action::Play(vec![])).is_err());
    assert_eq!(before, format!("{:?}", g.phase));
    assert!(g.actions().is_empty(), "refused actions are not recorded");
    g.apply(0, &Action::Draw).unwrap();
    assert_eq!(g.to_act(), vec![1]);
    assert_eq!(g.actions(), &[(0, Action::Draw)]);
    assert_eq!(g.record().seed, "turns");
}

#[test]
fn bidding_rules() {
    let mut g = Game::new(Settings::default(), seed("bids")).unwrap();
    draw_all(&mut g);
    let two = |s| Card::new(Rank::Two, s);
    // Find a seat holding a 2 and bid it.
    let (seat, card) = (0..4)
        .flat_map(|s| Suit::ALL.iter().map(move |&su| (s, two(su))))
        .find(|&(s, c)| g.hand(s).contains(&c))
        .expect("some 2 is dealt");
    assert!(g.valid_bids(seat).contains(&(card, 1)));
    // A wrong-rank card is refused with a reason.
    let e = g.check_bid(seat, Card::new(Rank::Three, Suit::Spades), 1).unwrap_err();
    assert!(e.to_string().contains("trump rank"));
    g.apply(seat, &Action::Bid(card, 1)).unwrap();
    // A single of another suit does not beat it.
    for s in 0..4 {
        for (c, k) in g.valid_bids(s) {
            assert!(k >= 2 || (s == seat && c == card), "{c} × {k} by {s} should not beat a single");
        }
    }
    // Everybody passes: the bidder becomes landlord (first hand) and trump is set.
    let mut events = Vec::new();
    while g.phase() == PhaseName::Draw {
        let s = g.to_act()[0];
        events.extend(g.apply(s, &Action::Pass).unwrap());
    }
    assert_eq!(g.current_landlord(), Some(seat));
    assert_eq!(g.trump(), Some(Trump::Standard { rank: Rank::Two, suit: card.suit().unwrap() }));
    assert_eq!(g.hand(seat).len(), 25 + 8);
}

#[test]
fn no_bid_fallback_turns_over_the_kitty() {
    let mut g = Game::new(Settings::default(), seed("nobid")).unwrap();
    draw_all(&mut g);
    let kitty = match &g.phase {
        Phase::Draw(d) => d.kitty.clone(),
        _ => panic!(),
    };
    while g.phase() == PhaseName::Draw {
        let s = g.to_act()[0];
        g.apply(s, &Action::Pass).unwrap();
    }
    assert_eq!(g.current_landlord(), Some(0));
    assert_eq!(g.trump(), Some(level_or_highest(&kitty, Rank::Two)));
    assert_eq!(g.view(2).revealed_kitty, Some(kitty));
    assert_eq!(
        level_or_highest(&[Card::new(Rank::Three, Suit::Hearts), Card::new(Rank::Ace, Suit::Clubs)], Rank::Two),
        Trump::Standard { rank: Rank::Two, suit: Suit::Clubs }
    );
    assert_eq!(
        level_or_highest(&[Card::new(Rank::Three, Suit::Hearts), Card::new(Rank::Two, Suit::Diamonds)], Rank::Two),
        Trump::Standard { rank: Rank::Two, suit: Suit::Diamonds }
    );
}

fn to_exchange(settings: Settings, s: &str) -> Game {
    let mut g = Game::new(settings, seed(s)).unwrap();
    draw_all(&mut g);
    while g.phase() == PhaseName::Draw {
        let s = g.to_act()[0];
        g.apply(s, &Action::Pass).unwrap();
    }
    g
}

#[test]
fn exchange_bury_and_kitty_visibility() {
    let mut g = to_exchange(Settings::default(), "exch");
    let l = g.current_landlord().unwrap();
    assert!(g.view(l).kitty.is_some());
    assert!(g.view((l + 1) % 4).kitty.is_none());
    let hand = g.hand(l);
    assert!(matches!(g.apply(l, &Action::Bury(hand[..7].to_vec())), Err(RuleError::BuryCount { .. })));
    assert!(matches!(g.apply((l + 1) % 4, &Action::Bury(hand[..8].to_vec())), Err(RuleError::NotLandlord { .. })));
    assert!(matches!(g.apply(l, &Action::DeclareFriends(vec![])), Err(RuleError::NoFriendsInTractor)));
    let ev = g.apply(l, &Action::Bury(hand[..8].to_vec())).unwrap();
    assert!(ev.contains(&Event::PlayStarted { leader: l }));
    assert_eq!(g.hand(l).len(), 25);
    assert_eq!(g.view(l).kitty.as_ref().map(|k| k.len()), Some(8));
    assert!(g.view((l + 1) % 4).kitty.is_none());
}

#[test]
fn friends_are_validated_and_revealed() {
    let settings = Settings { players: 5, mode: Mode::Friends, ..Settings::default() };
    let mut g = to_exchange(settings, "friends");
    let l = g.current_landlord().unwrap();
    let hand = g.hand(l);
    g.apply(l, &Action::Bury(hand[..8].to_vec())).unwrap();
    assert_eq!(g.phase(), PhaseName::Exchange);
    let trump = g.trump().unwrap();
    let bad = Friend { card: Card::BigJoker, nth: 1 };
    assert!(g.apply(l, &Action::DeclareFriends(vec![bad])).unwrap_err().to_string().contains("trump"));
    let bad = Friend { card: Card::new(Rank::Ace, Suit::Spades), nth: 3 };
    assert!(g.apply(l, &Action::DeclareFriends(vec![bad])).is_err());
    // Call a non-trump ace that some other player holds.
    let (card, holder) = Suit::ALL
        .iter()
        .map(|&s| Card::new(Rank::Ace, s))
        .filter(|&c| !trump.is_trump(c))
        .find_map(|c| (0..5).find(|&s| s != l && g.hand(s).contains(&c)).map(|s| (c, s)))
        .unwrap();
    g.apply(l, &Action::DeclareFriends(vec![Friend { card, nth: 1 }])).unwrap();
    assert_eq!(g.phase(), PhaseName::Play);
    assert_eq!(g.view(0).landlord_team, vec![l]);
    // Play the hand out with forced plays; the holder (or another) reveals when the card falls.
    let mut revealed = None;
    while g.phase() == PhaseName::Play {
        let s = g.to_act()[0];
        let play = simple_play(&g, s);
        for e in g.apply(s, &Action::Play(play)).unwrap() {
            if let Event::FriendRevealed { seat, .. } = e {
                revealed = Some(seat);
            }
        }
    }
    // Seat `holder` must play its copy some time, so the first copy played by a non-landlord reveals someone.
    let r = g.result().unwrap();
    let f = revealed.expect("the called card was played by someone other than the landlord");
    assert!(r.landlord_team.contains(&f) && f != l && holder != l);
    assert_eq!(r.landlord_team.len(), 2);
}

/// The first legal play: a single lowest card to lead, the forced hint to follow.
pub(super) fn simple_play(g: &Game, s: Seat) -> Vec<Card> {
    match g.hints(s) {
        Some(h) => match h.forced_play() {
            Some(p) => p.to_vec(),
            None => {
                let Phase::Play(p) = &g.phase else { panic!() };
                let lead = p.trick.lead.as_ref().unwrap();
                let layout = p.rules.layout();
                let mut suit: Vec<Card> =
                    p.hands[s].iter().copied().filter(|&c| layout.effective_suit(c) == lead.suit).collect();
                let mut rest: Vec<Card> =
                    p.hands[s].iter().copied().filter(|&c| layout.effective_suit(c) != lead.suit).collect();
                rest.truncate(lead.len() - suit.len());
                suit.extend(rest);
                suit
            }
        },
        None => vec![g.hand(s)[0]],
    }
}

/// Swaps the first differing cards between two hidden places; None if impossible.
fn swap_hidden(a: &mut [Card], b: &mut [Card]) -> bool {
    for x in a.iter_mut() {
        if let Some(y) = b.iter_mut().find(|y| **y != *x) {
            std::mem::swap(x, y);
            return true;
        }
    }
    false
}

/// A copy of the game where cards `seat` cannot see are exchanged between
/// two hidden places (two other hands, or another hand and a hidden kitty/deck).
fn perturb(g: &Game, seat: Seat, k: usize) -> Option<Game> {
    let mut h = g.clone();
    let n = g.players();
    let a = (seat + 1 + k % (n - 1)) % n;
    let b = if (a + 1) % n == seat { (a + 2) % n } else { (a + 1) % n };
    let a_b = |hands: &mut Vec<Vec<Card>>| {
        let (x, y) = if a < b { (a, b) } else { (b, a) };
        let (lo, hi) = hands.split_at_mut(y);
        swap_hidden(&mut lo[x], &mut hi[0])
    };
    let ok = match &mut h.phase {
        Phase::Draw(d) => {
            let (deck, next) = (&mut d.deck, d.next);
            if k.is_multiple_of(2) { a_b(&mut d.hands) } else { swap_hidden(&mut d.hands[a], &mut deck[next..]) }
        }
        Phase::Exchange(e) => {
            let l = e.landlord;
            match &mut e.buried {
                Some(buried) if k % 2 == 1 && seat != l => {
                    let other = if a != l { a } else { b };
                    swap_hidden(&mut e.hands[other], buried)
                }
                _ => a != l && b != l && a_b(&mut e.hands),
            }
        }
        Phase::Play(p) => {
            if k.is_multiple_of(2) || seat == p.landlord {
                a_b(&mut p.hands)
            } else {
                let other = if a != p.landlord { a } else { b };
                let r = swap_hidden(&mut p.hands[other], &mut p.buried);
                p.undo = None;
                r
            }
        }
        Phase::Finished(_) => false,
    };
    if let Phase::Play(p) = &mut h.phase {
        // Snapshots for take-backs hold hidden hands too; they are not part of a view.
        if let (Phase::Play(q), true) = (&g.phase, ok) {
            p.undo = q.undo.clone();
        }
    }
    ok.then_some(h)
}

#[test]
fn a_view_never_depends_on_hidden_cards() {
    use crate::shengji::bot::Difficulty;
    use crate::shengji::game::sim::Simulation;
    let configs = [
        (4u8, Some(2u8), Mode::Tractor, "hidea"),
        (5, Some(2), Mode::Friends, "hideb"),
        (6, Some(3), Mode::Tractor, "hidec"),
        (7, Some(1), Mode::Friends, "hided"),
    ];
    let mut checks = 0;
    for (players, decks, mode, s) in configs {
        let settings = Settings { players, decks, mode, ..Settings::default() };
        let mut sim = Simulation::new(settings, seed(s), &[Difficulty::Heuristic, Difficulty::Random]).unwrap();
        let mut step = 0usize;
        while sim.game.phase() != PhaseName::Finished {
            sim.step().unwrap();
            step += 1;
            if !step.is_multiple_of(7) {
                continue;
            }
            // Seat `players` is a spectator's: the public view (`net::PeerGame::public_view`).
            for seat in 0..=sim.game.players() {
                if let Some(h) = perturb(&sim.game, seat, step) {
                    assert_ne!(format!("{:?}", h.phase), format!("{:?}", sim.game.phase));
                    let v = serde_json::to_string(&sim.game.view(seat)).unwrap();
                    let w = serde_json::to_string(&h.view(seat)).unwrap();
                    assert_eq!(v, w, "seat {seat}'s view changed when hidden cards moved ({:?})", sim.game.phase());
                    checks += 1;
                }
            }
        }
    }
    assert!(checks > 100, "only {checks} checks ran");
}

#[test]
fn kitty_is_shown_only_to_the_landlord_until_the_end() {
    use crate::shengji::bot::Difficulty;
    use crate::shengji::game::sim::Simulation;
    let mut sim = Simulation::new(Settings::default(), seed("kittyshow"), &[Difficulty::Heuristic]).unwrap();
    while sim.game.phase() != PhaseName::Finished {
        sim.step().unwrap();
        let l = sim.game.current_landlord();
        for seat in 0..4 {
            let v = sim.game.view(seat);
            let allowed = sim.game.phase() == PhaseName::Finished
                || (Some(seat) == l && sim.game.phase() != PhaseName::Draw);
            assert_eq!(v.kitty.is_some(), allowed, "seat {seat} in {:?}", sim.game.phase());
            assert_eq!(v.hand, sim.game.hand(seat));
        }
    }
}

#[test]
fn a_violation_names_the_hand_counted_from_one() {
    // As rummy's and mahjong's messages and the sweep's JSON count hands.
    let v = crate::table::sim::Violation::new::<Game>(2, 5, "x".into());
    assert_eq!(v.to_string(), "invariant violated in hand 3 after action 5: x");
}

#[test]
fn the_table_trait_drives_the_game() {
    use crate::table::Game as TableGame;
    let mut g = Game::new(Settings::default(), seed("trait")).unwrap();
    assert_eq!(TableGame::players(&g), 4);
    assert!(TableGame::check(&g, 1, &Action::Draw).is_err());
    assert!(TableGame::check(&g, 0, &Action::Draw).is_ok());
    assert!(g.actions().is_empty(), "check changes nothing");
    TableGame::apply(&mut g, 0, &Action::Draw).unwrap();
    assert_eq!(TableGame::to_act(&g), vec![1]);
    assert_eq!(TableGame::view(&g, 0).hand.len(), 1);
    assert!(g.may_act(1));
}

mod play;
mod friend_limits;
mod levels;
mod table_layer;
mod bidding;
mod shown;

#[test]
fn the_expert_bot_decides_from_its_view_alone() {
    use crate::shengji::bot::{bots_for, BotReason, Difficulty};
    use crate::shengji::expert::Effort;
    // Moving hidden cards between other hands (or into the kitty) leaves the Expert's
    // decision as it was, random stream included: it reads nothing but its view.
    let mut checks = 0;
    let mut searched = 0;
    let tables = [
        (4u8, Some(2u8), Mode::Tractor, "expview"),
        (5, Some(2), Mode::Friends, "expviewb"),
        (6, Some(3), Mode::Tractor, "expviewc"),
    ];
    for (players, decks, mode, s) in tables {
        let settings = Settings { players, decks, mode, ..Settings::default() };
        let mut g = Game::new(settings, seed(s)).unwrap();
        let mut bots: Vec<_> = bots_for(&seed(s), players as usize, &[Difficulty::Expert, Difficulty::Heuristic])
            .into_iter()
            .map(|b| b.with_effort(Effort::light()))
            .collect();
        let mut step = 0usize;
        while g.phase() != PhaseName::Finished {
            step += 1;
            let seat = g.to_act()[0];
            let v = g.view(seat);
            if seat.is_multiple_of(2) && v.phase == PhaseName::Play && step.is_multiple_of(2) {
                if let Some(h) = perturb(&g, seat, step) {
                    let here = bots[seat].clone().suggest_explained(&v);
                    let there = bots[seat].clone().suggest_explained(&h.view(seat));
                    assert_eq!(here, there, "seat {seat} at step {step}");
                    checks += 1;
                }
            }
            let (action, why) = bots[seat].suggest_explained(&v);
            searched += matches!(why, BotReason::Searched { .. }) as usize;
            g.apply(seat, &action).unwrap();
        }
    }
    assert!(checks > 20, "only {checks} checks ran");
    assert!(searched > 0, "the search never preferred another play");
}
mod bombs;
mod steal;
