//! The house rules for friend calls: cards that may not be called (the highest, point
//! cards) and a friend who may not fill a second call, on fixed deals.

use super::*;
use crate::shengji::game::friends::callable;

#[test]
fn the_limits_name_the_card_they_refuse() {
    let trump = Trump::Standard { rank: Rank::Two, suit: Suit::Spades };
    let none = FriendLimits::default();
    let strict = FriendLimits { no_highest: true, no_points: true, join_once: false };
    let ace = Card::new(Rank::Ace, Suit::Hearts);
    let ten = Card::new(Rank::Ten, Suit::Hearts);
    let queen = Card::new(Rank::Queen, Suit::Hearts);
    assert_eq!(callable(ace, trump, false, none), Ok(()));
    assert_eq!(callable(ace, trump, false, strict), Err(FriendProblem::HighestCard { card: ace }));
    assert_eq!(callable(ten, trump, false, strict), Err(FriendProblem::PointCard { card: ten }));
    assert_eq!(callable(queen, trump, false, strict), Ok(()));
    // With A the level (trump), a plain suit's highest card is its K.
    let at_ace = Trump::Standard { rank: Rank::Ace, suit: Suit::Spades };
    let king = Card::new(Rank::King, Suit::Hearts);
    assert_eq!(callable(king, at_ace, false, FriendLimits { no_highest: true, ..none }), Err(FriendProblem::HighestCard { card: king }));
    // Trumps allowed, the big joker is still the highest card.
    assert_eq!(callable(Card::BigJoker, trump, true, strict), Err(FriendProblem::HighestCard { card: Card::BigJoker }));
    assert_eq!(callable(Card::SmallJoker, trump, true, FriendLimits { no_highest: true, ..none }), Ok(()));
}

#[test]
fn a_forbidden_call_is_refused_and_changes_nothing() {
    let settings = Settings { players: 5, mode: Mode::Friends, friend_limits: FriendLimits { no_points: true, ..FriendLimits::default() }, ..Settings::default() };
    let mut g = to_exchange(settings, "limits");
    let l = g.current_landlord().unwrap();
    let hand = g.hand(l);
    g.apply(l, &Action::Bury(hand[..8].to_vec())).unwrap();
    let trump = g.trump().unwrap();
    let ten = Suit::ALL.iter().map(|&s| Card::new(Rank::Ten, s)).find(|&c| !trump.is_trump(c)).unwrap();
    let before = format!("{:?}", g.phase);
    let e = g.apply(l, &Action::DeclareFriends(vec![Friend { card: ten, nth: 1 }])).unwrap_err();
    assert_eq!(e, RuleError::BadFriend(FriendProblem::PointCard { card: ten }));
    assert!(e.to_string().contains("point card"), "{e}");
    assert_eq!(before, format!("{:?}", g.phase));
}

#[test]
fn a_friend_found_once_does_not_fill_a_second_call_when_the_table_says_so() {
    // Six players, two friends: the landlord calls two plain cards one other seat holds.
    // Played out, that seat joins twice by default (the landlord's side is one short);
    // joining once, the second call goes to another player's copy.
    let base = Settings { players: 6, mode: Mode::Friends, ..Settings::default() };
    let once = Settings { friend_limits: FriendLimits { join_once: true, ..FriendLimits::default() }, ..base.clone() };
    let calls = |g: &Game, l: Seat| {
        let trump = g.trump().unwrap();
        let cards = (0..6).filter(|&s| s != l).find_map(|s| {
            let mut plain: Vec<Card> = g.hand(s).into_iter().filter(|&c| !trump.is_trump(c)).collect();
            plain.dedup();
            (plain.len() >= 2).then(|| [plain[plain.len() - 1], plain[plain.len() - 2]])
        })?;
        Some(cards.map(|card| Friend { card, nth: 1 }).to_vec())
    };
    let play = |settings: &Settings, seed: &str| {
        let mut g = to_exchange(settings.clone(), seed);
        let l = g.current_landlord().unwrap();
        let kitty = g.settings().kitty;
        let hand = g.hand(l);
        g.apply(l, &Action::Bury(hand[..kitty].to_vec())).unwrap();
        let call = calls(&g, l).unwrap();
        g.apply(l, &Action::DeclareFriends(call)).unwrap();
        while g.phase() == PhaseName::Play {
            let s = g.to_act()[0];
            let cards = simple_play(&g, s);
            g.apply(s, &Action::Play(cards)).unwrap();
        }
        g
    };
    let seed = (0..200)
        .map(|i| format!("fo{i}"))
        .find(|s| play(&base, s).result().unwrap().landlord_team.len() == 2 && play(&once, s).result().unwrap().landlord_team.len() == 3)
        .expect("a deal where one seat plays both called cards first");
    let joined_twice = play(&base, &seed);
    let slots = &joined_twice.view(0).friends;
    assert_eq!(slots[0].revealed, slots[1].revealed, "one seat filled both calls");
    let joined_once = play(&once, &seed);
    let slots = &joined_once.view(0).friends;
    assert_ne!(slots[0].revealed, slots[1].revealed);
}
