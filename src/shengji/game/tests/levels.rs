//! The house rules for levels on whole hands: the same deal played the same way under
//! two rule sets, where the rule changes the outcome. Play is the tests' simple
//! deterministic play (`simple_play`), which does not look at the level rules, so the
//! cards and the points are the same under both; only the levels differ. Each test
//! finds its deal among a fixed list of seeds (the first that shows the rule), so it
//! can fail only if the engine changes.

use super::*;
use crate::table::codec::Codec;

/// Plays one hand from `seed` under `settings`: nobody bids (trump from the kitty), the
/// landlord buries its first cards, calls `friend` (Finding Friends), simple play.
fn play_hand(settings: &Settings, seed: &str, friend: impl Fn(&Game, Seat) -> Option<Friend>) -> Game {
    let mut g = to_exchange(settings.clone(), seed);
    let l = g.current_landlord().unwrap();
    let kitty = g.settings().kitty;
    let hand = g.hand(l);
    g.apply(l, &Action::Bury(hand[..kitty].to_vec())).unwrap();
    if let Some(f) = friend(&g, l) {
        g.apply(l, &Action::DeclareFriends(vec![f])).unwrap();
    }
    while g.phase() == PhaseName::Play {
        let s = g.to_act()[0];
        let play = simple_play(&g, s);
        g.apply(s, &Action::Play(play)).unwrap();
    }
    g
}

fn no_friend(_: &Game, _: Seat) -> Option<Friend> {
    None
}

/// The first seed `lv0`, `lv1`, … whose hand under `settings` satisfies `shows`.
fn find(settings: &Settings, shows: impl Fn(&Game) -> bool) -> String {
    (0..400).map(|i| format!("lv{i}")).find(|s| shows(&play_hand(settings, s, no_friend))).expect("a deal that shows the rule")
}

fn result(g: &Game) -> &HandResult {
    g.result().unwrap()
}

#[test]
fn the_dead_zone_and_the_takeover_move_with_the_house_rules() {
    let classic = Settings::default();
    // A deal where the attackers reach 80–115 with 2 decks: they take the seat, no level.
    let seed = find(&classic, |g| (80..120).contains(&result(g).attacker_points));
    let r = result(&play_hand(&classic, &seed, no_friend)).clone();
    assert_eq!((r.ladder.landlord_wins, r.ladder.levels), (false, 0));
    // No dead zone: the same points take the seat and a level.
    let no_dead_zone = Settings { levels: LevelRules { dead_zone: 0, ..LevelRules::default() }, ..classic.clone() };
    let g = play_hand(&no_dead_zone, &seed, no_friend);
    assert_eq!(result(&g).attacker_points, r.attacker_points, "the same play");
    assert_eq!((result(&g).ladder.landlord_wins, result(&g).ladder.levels), (false, 1));
    // Three steps to take over (120): the landlord's side holds and goes up one.
    let three_steps = Settings { levels: LevelRules { takeover_steps: 3, ..LevelRules::default() }, ..classic.clone() };
    let g = play_hand(&three_steps, &seed, no_friend);
    assert_eq!((result(&g).ladder.landlord_wins, result(&g).ladder.levels), (true, 1));
    assert!(result(&g).landlord_team.iter().all(|&s| result(&g).levels[s].2 == Rank::Three));
    assert_eq!(g.view(0).ladder.takeover(), 120);
}

#[test]
fn a_defended_rank_stops_the_climb_until_it_is_held() {
    let start = Settings { starting_level: Rank::Four, ..Settings::default() };
    // The landlord's side holds by two levels or more: 4 → 6 and past.
    let seed = find(&start, |g| result(g).ladder.landlord_wins && result(g).ladder.levels >= 2);
    let classic = play_hand(&start, &seed, no_friend);
    let l = result(&classic).landlord;
    assert!(result(&classic).levels[l].2 >= Rank::Six);
    let defend_five = Settings { levels: LevelRules { defended: RankSet::of(&[Rank::Five]), ..LevelRules::default() }, ..start };
    let g = play_hand(&defend_five, &seed, no_friend);
    assert_eq!(result(&g).levels[l].2, Rank::Five, "stops at 5, which the side must hold first");
    assert!(result(&g).notes.contains(&LevelNote::StoppedAt { seat: l, rank: Rank::Five }));
}

#[test]
fn the_game_ends_at_the_final_rank() {
    let at_king = Settings { starting_level: Rank::King, ..Settings::default() };
    let seed = find(&at_king, |g| result(g).ladder.landlord_wins);
    // Classically the game goes on to A.
    let g = play_hand(&at_king, &seed, no_friend);
    assert_eq!(result(&g).game_winners, None);
    assert!(result(&g).levels.iter().any(|(_, _, to)| *to == Rank::Ace));
    // Ending at K: holding at K wins the game, and no one goes above K.
    let end_at_king = Settings { levels: LevelRules { final_rank: Rank::King, ..LevelRules::default() }, ..at_king };
    let g = play_hand(&end_at_king, &seed, no_friend);
    assert_eq!(result(&g).game_winners.as_deref(), Some(result(&g).landlord_team.as_slice()));
    assert!(result(&g).levels.iter().all(|(_, _, to)| *to == Rank::King));
}

#[test]
fn back_to_two_when_a_single_jack_takes_the_last_trick_at_j() {
    let at_jack = Settings { starting_level: Rank::Jack, ..Settings::default() };
    let jack_takes_last = |g: &Game| {
        let r = result(g);
        let last = g.tricks().last().unwrap();
        let won_with = last.winning_play().unwrap();
        !r.ladder.landlord_wins && won_with.len() == 1 && won_with[0].rank() == Some(Rank::Jack)
    };
    let seed = find(&at_jack, jack_takes_last);
    let g = play_hand(&at_jack, &seed, no_friend);
    assert!(result(&g).levels.iter().all(|(_, from, to)| to >= from), "classically nobody goes down");
    let da_j = Settings { levels: LevelRules { back_to_two: true, ..LevelRules::default() }, ..at_jack };
    let g = play_hand(&da_j, &seed, no_friend);
    let r = result(&g);
    assert!(r.landlord_team.iter().all(|&s| r.levels[s].2 == Rank::Two));
    assert!(r.notes.contains(&LevelNote::BackToTwo));
}

#[test]
fn a_short_handed_landlord_that_holds_goes_up_one_more() {
    // Finding Friends, 4 players, one friend: the landlord calls a card only it holds
    // (both copies), so it plays alone; find a deal where it holds anyway.
    let friends = Settings { mode: Mode::Friends, ..Settings::default() };
    let own_card = |g: &Game, l: Seat| {
        let trump = g.trump().unwrap();
        let hand = g.hand(l);
        hand.iter().copied().find(|&c| !trump.is_trump(c) && hand.iter().filter(|&&x| x == c).count() == 2).map(|card| Friend { card, nth: 1 })
    };
    let holds_alone = |s: &String| {
        let g = play_hand(&friends, s, own_card);
        g.result().is_some_and(|r| r.ladder.landlord_wins && r.landlord_team.len() == 1)
    };
    let seed = (0..400).map(|i| format!("lv{i}")).find(holds_alone).expect("a deal the landlord holds alone");
    let g = play_hand(&friends, &seed, own_card);
    let (l, levels) = (result(&g).landlord, result(&g).ladder.levels);
    assert_eq!(result(&g).bonus_levels, 0);
    let bonus = Settings { levels: LevelRules { short_handed_bonus: true, ..LevelRules::default() }, ..friends };
    let g = play_hand(&bonus, &seed, own_card);
    assert_eq!(result(&g).bonus_levels, 1);
    assert_eq!(result(&g).levels[l].2.index(), Rank::Two.index() + levels as usize + 1);
    assert!(result(&g).notes.contains(&LevelNote::ShortHandedBonus));
    // The duplicate comparison counts the bonus.
    assert_eq!(g.seat_result(l).unwrap().levels, levels + 1);
}
