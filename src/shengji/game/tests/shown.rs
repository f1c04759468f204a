//! The house rules for what is shown, on a fixed bot game and a fixed lead: the kitty kept with the
//! landlord at the end, and a failed throw naming who could beat it. (Past tricks and
//! the landlord's side's points stay in every view and are hidden on screen: the e2e
//! tests look at the table.)

use super::*;
use crate::shengji::bot::Difficulty;
use crate::shengji::game::sim::Simulation;

/// One hand of `settings` played by bots from `seed`, to its end.
fn played(settings: Settings, seed_text: &str, bots: Difficulty) -> (Game, Vec<Event>) {
    let mut sim = Simulation::new(settings, seed(seed_text), &[bots]).unwrap();
    let mut events = Vec::new();
    while sim.game.phase() != PhaseName::Finished {
        let moved = sim.driver.step(&mut sim.game).expect("someone acts").expect("bots move legally");
        events.extend(moved.events);
    }
    (sim.game, events)
}

#[test]
fn the_kitty_can_stay_with_the_landlord() {
    let (shown, _) = played(Settings::default(), "kittyend", Difficulty::Heuristic);
    let l = shown.result().unwrap().landlord;
    let buried = shown.view(l).kitty.unwrap();
    assert_eq!(buried.len(), 8);
    assert_eq!(shown.view((l + 1) % 4).kitty.as_deref(), Some(buried.as_slice()), "the classic table shows it to all");

    let kept = Settings { shown: Shown { kitty_at_end: false, ..Shown::default() }, ..Settings::default() };
    let (hidden, events) = played(kept, "kittyend", Difficulty::Heuristic);
    let r = hidden.result().unwrap();
    assert_eq!(hidden.view(l).kitty.as_deref(), Some(buried.as_slice()), "the landlord still sees what it buried");
    for seat in (0..4).filter(|&s| s != l) {
        assert_eq!(hidden.view(seat).kitty, None);
        assert!(hidden.view(seat).result.unwrap().kitty.is_empty());
    }
    // The public event carries no card of it, only its points; the cards are all accounted for.
    let Some(Event::HandFinished(public)) = events.iter().find(|e| matches!(e, Event::HandFinished(_))) else { panic!("no result") };
    assert!(public.kitty.is_empty());
    assert_eq!(public.kitty_points, buried.iter().map(|c| c.points()).sum::<u32>());
    assert_eq!((r.attacker_points, r.kitty_points), { let s = shown.result().unwrap(); (s.attacker_points, s.kitty_points) });
    assert_eq!(hidden.all_cards(), CardCounts::full_decks(2));
}

/// The first lead of a Tractor hand with these plain cards in the seats from the leader
/// on (the deal's own replaced: only the lead is played).
fn first_lead(throw_stopper: bool, hands: [&str; 4]) -> (Game, Seat) {
    let settings = Settings { shown: Shown { throw_stopper, ..Shown::default() }, ..Settings::default() };
    let mut g = to_exchange(settings, "stopper");
    let l = g.current_landlord().unwrap();
    let hand = g.hand(l);
    g.apply(l, &Action::Bury(hand[..8].to_vec())).unwrap();
    let Phase::Play(p) = &mut g.phase else { panic!("play starts after the bury in Tractor") };
    for (i, h) in hands.iter().enumerate() {
        p.hands[(l + i) % 4] = crate::cards::parse_cards(h, None).unwrap();
    }
    (g, l)
}

#[test]
fn a_failed_throw_can_name_who_could_beat_it() {
    // The leader throws A♣ K♣; the seat across holds the other A♣, which beats the K♣.
    // (Trump is hearts or spades or no-trump here: clubs stay plain unless the kitty says so.)
    let hands = ["AC KC 3D", "4D 5D 6D", "AC 7D 8D", "9D 10D JD"];
    for stopper in [false, true] {
        let (mut g, l) = first_lead(stopper, hands);
        assert!(!g.trump().unwrap().is_trump(Card::new(Rank::Ace, Suit::Clubs)), "clubs are plain in this deal");
        let throw = crate::cards::parse_cards("AC KC", None).unwrap();
        let events = g.apply(l, &Action::Play(throw.clone())).unwrap();
        assert!(events.iter().any(|e| matches!(e, Event::ThrowFailed { .. })), "{events:?}");
        let trick = g.view((l + 1) % 4).trick.unwrap();
        assert_eq!(trick.failed_throw, Some(throw));
        let expect = if stopper { vec![(l + 2) % 4] } else { Vec::new() };
        assert_eq!(trick.stopped_by, expect, "named only where the table shows it");
    }
}
