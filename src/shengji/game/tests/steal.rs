//! Stealing the kitty (炒地皮) on a fixed deal: without the rule play starts at the
//! bury and a bid then is refused; with it the seat on the landlord's left takes the
//! kitty with a pair of big jokers, becomes landlord, buries, and plays first once
//! everyone else has passed — at the rank the hand was dealt at.

use super::*;

/// A Tractor hand after the draw (nobody bid: the kitty named trump) with both big
/// jokers moved into the hand of the seat on the landlord's left (swapped for its
/// cards of least use, keeping every card on the table).
fn dealt(steal: bool) -> (Game, Seat) {
    let settings = Settings { bidding: BidRules { steal, ..BidRules::default() }, ..Settings::default() };
    let mut g = to_exchange(settings, "steal");
    let l = g.current_landlord().unwrap();
    let thief = (l + 1) % 4;
    let Phase::Exchange(e) = &mut g.phase else { panic!("the exchange follows the draw") };
    for _ in 0..2 {
        let from = (0..4).find(|&s| s != thief && e.hands[s].contains(&Card::BigJoker)).expect("two big jokers");
        if let Some(i) = e.hands[from].iter().position(|&c| c == Card::BigJoker) {
            let j = e.hands[thief].iter().position(|&c| c != Card::BigJoker).unwrap();
            let given = std::mem::replace(&mut e.hands[thief][j], Card::BigJoker);
            e.hands[from][i] = given;
        }
    }
    assert_eq!(g.all_cards(), CardCounts::full_decks(2));
    (g, l)
}

fn bury_first(g: &mut Game, seat: Seat) -> Vec<Event> {
    let hand = g.hand(seat);
    g.apply(seat, &Action::Bury(hand[..8].to_vec())).unwrap()
}

#[test]
fn without_the_rule_play_starts_at_the_bury() {
    let (mut g, l) = dealt(false);
    let events = bury_first(&mut g, l);
    assert!(events.contains(&Event::PlayStarted { leader: l }));
    let e = g.apply((l + 1) % 4, &Action::Bid(Card::BigJoker, 2)).unwrap_err();
    assert!(matches!(e, RuleError::WrongPhase { .. }), "{e:?}");
}

#[test]
fn a_stronger_bid_takes_the_kitty_and_the_landlords_seat() {
    let (mut g, l) = dealt(true);
    let (thief, across, right) = ((l + 1) % 4, (l + 2) % 4, (l + 3) % 4);
    assert_eq!(g.view(thief).steal_turn, None, "nothing to steal before the bury");
    let events = bury_first(&mut g, l);
    assert!(!events.iter().any(|e| matches!(e, Event::PlayStarted { .. })), "the round of steals comes first");
    assert_eq!(g.to_act(), vec![thief]);
    assert!(g.view(thief).valid_bids.contains(&(Card::BigJoker, 2)));
    assert!(g.view(across).valid_bids.is_empty(), "only the seat to speak may steal");

    // Out of turn, or not a bid this table takes: refused, nothing changes.
    let before = g.view(across);
    assert!(matches!(g.apply(across, &Action::Pass), Err(RuleError::NotYourTurn { .. })));
    assert!(matches!(g.apply(thief, &Action::Bid(Card::BigJoker, 1)), Err(RuleError::BadBid(_))));
    assert_eq!(g.view(across), before);

    let dealt_at = g.trump_rank();
    // The thief's own level differs: the hand still keeps the rank it was dealt at.
    g.levels[thief] = Rank::Five;
    let buried = g.view(l).kitty.unwrap();
    let events = g.apply(thief, &Action::Bid(Card::BigJoker, 2)).unwrap();
    let trump = Trump::NoTrump { rank: Some(dealt_at) };
    assert_eq!(events, vec![Event::Bid(Bid { seat: thief, card: Card::BigJoker, count: 2 }), Event::KittyStolen { seat: thief, trump }]);
    assert_eq!((g.current_landlord(), g.trump(), g.trump_rank()), (Some(thief), Some(trump), dealt_at));
    assert_eq!(g.hand(thief).len(), 33);
    assert_eq!(g.view(thief).kitty.as_ref(), Some(&buried), "the thief sees what it picked up");
    assert_eq!(g.view(l).kitty, None);
    assert!(matches!(g.apply(l, &Action::Bury(g.hand(l)[..8].to_vec())), Err(RuleError::NotLandlord { .. })));

    // The thief buries; the others (the old landlord too) pass in turn; the thief leads.
    bury_first(&mut g, thief);
    for seat in [across, right] {
        assert_eq!(g.to_act(), vec![seat]);
        assert_eq!(g.apply(seat, &Action::Pass).unwrap(), vec![Event::Passed { seat }]);
    }
    assert_eq!(g.apply(l, &Action::Pass).unwrap(), vec![Event::Passed { seat: l }, Event::PlayStarted { leader: thief }]);
    assert_eq!(g.view(l).landlord_team, vec![thief.min(right), thief.max(right)], "the thief's partnership");
    assert_eq!(g.all_cards(), CardCounts::full_decks(2));
}
