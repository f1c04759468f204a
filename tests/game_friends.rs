//! Finding Friends calls: "the Nth copy of card X played by someone other than the
//! landlord". Every call counts every such copy, so calls of the 1st and the 2nd
//! A♥ are revealed by the 1st and the 2nd A♥ others play (before, a played copy
//! was credited only to the first unrevealed call of its card, and the 2nd call
//! waited for the 3rd copy); the same call twice is refused.

use tuolaji::cards::{Card, Rank, Suit};
use tuolaji::dup::TableSeed;
use tuolaji::shengji::bot::{bots_for, Bot, Difficulty};
use tuolaji::shengji::game::{Action, Friend, Game, Mode, PhaseName, RuleError, Seat, Settings};

/// Bots play until the landlord is to call friends (after burying).
fn to_friend_call(seed: &str, settings: Settings) -> (Game, Vec<Bot>, Seat) {
    let seed = TableSeed::parse(seed).unwrap();
    let mut game = Game::new(settings.clone(), seed.clone()).unwrap();
    let mut bots = bots_for(&seed, game.players(), &[Difficulty::Heuristic]);
    loop {
        let seat = game.to_act()[0];
        let view = game.view(seat);
        if view.phase == PhaseName::Exchange && view.buried {
            return (game, bots, seat);
        }
        let (action, _) = bots[seat].suggest(&view);
        game.apply(seat, &action).unwrap();
    }
}

/// Every play so far, in order: the trick log, then the trick in progress.
fn plays(game: &Game) -> Vec<(Seat, Vec<Card>)> {
    let mut all: Vec<(Seat, Vec<Card>)> = game.tricks().iter().flat_map(|t| t.plays.clone()).collect();
    if let Some(t) = game.view(0).trick {
        if game.phase() == PhaseName::Play {
            all.extend(t.plays);
        }
    }
    all
}

/// Who revealed each call, straight from the rule: the seat that played the
/// `nth` copy of the card among copies played by seats other than the landlord.
fn expected_reveals(game: &Game, landlord: Seat, calls: &[Friend]) -> Vec<Option<Seat>> {
    let plays = plays(game);
    calls
        .iter()
        .map(|call| {
            let mut seen = 0;
            for (seat, cards) in &plays {
                if *seat == landlord {
                    continue;
                }
                for &c in cards {
                    if c == call.card {
                        seen += 1;
                        if seen == call.nth {
                            return Some(*seat);
                        }
                    }
                }
            }
            None
        })
        .collect()
}

/// A plain (non-trump) card the landlord holds exactly `held` copies of (hand + buried).
fn plain_card_held(game: &Game, landlord: Seat, held: usize) -> Option<Card> {
    let view = game.view(landlord);
    let trump = view.trump?;
    let mut mine = view.hand.clone();
    mine.extend(view.kitty.unwrap_or_default());
    Rank::ALL.iter().rev().flat_map(|&r| Suit::ALL.map(|s| Card::new(r, s))).find(|&c| {
        !trump.is_trump(c) && mine.iter().filter(|&&x| x == c).count() == held
    })
}

#[test]
fn the_second_call_of_a_card_is_revealed_by_its_second_copy() {
    let settings = Settings { players: 6, decks: Some(3), mode: Mode::Friends, friends: Some(2), ..Settings::default() };
    let mut second_revealed = 0;
    for (i, seed) in ["fr1", "fr2", "fr3", "fr4", "fr5", "fr6"].iter().enumerate() {
        let (mut game, mut bots, landlord) = to_friend_call(seed, settings.clone());
        // Half the hands call a card the landlord has none of, half one it holds once
        // (its own copy never counts).
        let Some(card) = plain_card_held(&game, landlord, i % 2) else { continue };
        let calls = vec![Friend { card, nth: 1 }, Friend { card, nth: 2 }];
        game.apply(landlord, &Action::DeclareFriends(calls.clone())).unwrap();
        while game.phase() != PhaseName::Finished {
            let seat = game.to_act()[0];
            let (action, _) = bots[seat].suggest(&game.view(seat));
            game.apply(seat, &action).unwrap();
            let view = game.view(landlord);
            let actual: Vec<Option<Seat>> = view.friends.iter().map(|f| f.revealed).collect();
            let expected = expected_reveals(&game, landlord, &calls);
            assert_eq!(actual, expected, "{seed}: calls {calls:?}");
            for seat in expected.into_iter().flatten() {
                assert!(view.landlord_team.contains(&seat), "{seed}: seat {seat} revealed but not on the landlord's side");
            }
        }
        // The other seats hold 3 − held ≥ 2 copies and play them all.
        assert!(game.view(landlord).friends.iter().all(|f| f.revealed.is_some()), "{seed}: a call was never revealed");
        second_revealed += game.view(landlord).friends[1].revealed.is_some() as usize;
    }
    assert!(second_revealed >= 4, "only {second_revealed} hands revealed the second call");
}

#[test]
fn the_same_call_twice_is_refused_with_a_reason() {
    let settings = Settings { players: 6, mode: Mode::Friends, friends: Some(2), ..Settings::default() };
    let (mut game, _, landlord) = to_friend_call("dupfriend", settings);
    let card = plain_card_held(&game, landlord, 0).expect("a plain card held by others");
    let twice = vec![Friend { card, nth: 1 }, Friend { card, nth: 1 }];
    let err = game.check_friends(landlord, &twice).unwrap_err();
    assert_eq!(err, RuleError::DuplicateFriend { card, nth: 1 });
    let text = err.to_string();
    assert!(text.contains("twice") && text.contains(&card.label()) && text.contains("another card or copy number"), "{text}");
    let before = format!("{game:?}");
    assert_eq!(game.apply(landlord, &Action::DeclareFriends(twice)).unwrap_err(), err);
    assert_eq!(format!("{game:?}"), before, "a refused call changes nothing");
    // The same card at two copy numbers is fine.
    game.check_friends(landlord, &[Friend { card, nth: 1 }, Friend { card, nth: 2 }]).unwrap();
}
