//! Bombs at the table, on one fixed trick: the same cards win the trick's points with
//! the rule and lose them without; where a bomb must follow suit, holding the led suit
//! forbids it, with a reason.

use super::*;
use crate::cards::parse_cards;
use crate::shengji::bomb::Bombs;
use crate::shengji::legal::IllegalPlay;

/// The first trick of a Tractor hand with these cards in the seats from the leader on.
fn first_trick(bombs: Bombs, hands: [&str; 4]) -> (Game, Seat) {
    let mut g = to_exchange(Settings { bombs, ..Settings::default() }, "stopper");
    let l = g.current_landlord().unwrap();
    let hand = g.hand(l);
    g.apply(l, &Action::Bury(hand[..8].to_vec())).unwrap();
    let Phase::Play(p) = &mut g.phase else { panic!("play starts after the bury in Tractor") };
    for (i, h) in hands.iter().enumerate() {
        p.hands[(l + i) % 4] = parse_cards(h, None).unwrap();
    }
    (g, l)
}

fn play(g: &mut Game, seat: Seat, cards: &str) -> Result<Vec<Event>, RuleError> {
    g.apply(seat, &Action::Play(parse_cards(cards, None).unwrap()))
}

#[test]
fn four_sevens_take_the_kings_only_where_bombs_are_played() {
    let hands = ["KC KC QC QC 3D", "7D 7D 7S 7S 4D", "5C 6C 8C 9C 5D", "10D JD QD AD 6D"];
    for bombs in Bombs::ALL {
        let (mut g, l) = first_trick(bombs, hands);
        assert!(!g.trump().unwrap().is_trump(Card::new(Rank::King, Suit::Clubs)), "clubs are plain in this deal");
        play(&mut g, l, "KC KC QC QC").unwrap();
        play(&mut g, (l + 1) % 4, "7D 7D 7S 7S").unwrap();
        play(&mut g, (l + 2) % 4, "5C 6C 8C 9C").unwrap();
        let events = play(&mut g, (l + 3) % 4, "10D JD QD AD").unwrap();
        let won = events.iter().find_map(|e| match e {
            Event::TrickWon { winner, points } => Some((*winner, *points)),
            _ => None,
        });
        let expect = if bombs.on() { (l + 1) % 4 } else { l };
        assert_eq!(won, Some((expect, 35)), "{bombs:?}");
    }
}

#[test]
fn a_bomb_that_must_follow_suit_cannot_leave_the_led_suit() {
    let hands = ["KC KC QC QC 3D", "7D 7D 7S 7S 4C", "5C 6C 8C 9C 5D", "10D JD QD AD 6D"];
    let (mut g, l) = first_trick(Bombs::AnySuit, hands);
    play(&mut g, l, "KC KC QC QC").unwrap();
    play(&mut g, (l + 1) % 4, "7D 7D 7S 7S").expect("any suit: a bomb instead of the club");
    for bombs in [Bombs::FollowSuit, Bombs::Off] {
        let (mut g, l) = first_trick(bombs, hands);
        play(&mut g, l, "KC KC QC QC").unwrap();
        let before = g.view((l + 1) % 4);
        let e = play(&mut g, (l + 1) % 4, "7D 7D 7S 7S").unwrap_err();
        assert!(matches!(e, RuleError::Illegal(IllegalPlay::MustPlayAllOfSuit { .. })), "{bombs:?}: {e:?}");
        assert_eq!(g.view((l + 1) % 4), before, "a refused play changes nothing");
        play(&mut g, (l + 1) % 4, "4C 7D 7D 7S").expect("the club goes in");
    }
}
