//! The heuristic's exchange: the landlord's bury (void short plain suits, then the cheapest
//! cards, pairs kept) and its friend calls in Finding Friends, as functions the bot, the
//! Expert's searches and its candidates share.

use super::{cost, rank_penalty};
use crate::cards::{Card, CardCounts, Rank};
use crate::shengji::game::{friend_callable, Friend, SeatView};
use crate::shengji::rules::Rules;
use crate::shengji::trump::{EffectiveSuit, Layout, Trump};

/// The heuristic's bury of `k` cards from `hand` (the kitty in it): void short plain
/// suits without points or aces first, then the cheapest cards, pairs kept ([`bury_key`]);
/// with the suits it voided.
pub(crate) fn heuristic_bury(hand: &[Card], k: usize, rules: &Rules) -> (Vec<Card>, Vec<EffectiveSuit>) {
    let counts = CardCounts::from_cards(hand);
    let mut out: Vec<Card> = Vec::new();
    let mut suits: Vec<(usize, EffectiveSuit)> = EffectiveSuit::ALL[..4]
        .iter()
        .map(|&s| (hand.iter().filter(|&&c| rules.layout().effective_suit(c) == s).count(), s))
        .filter(|&(n, _)| n > 0)
        .collect();
    crate::small_sort::sort(&mut suits);
    let mut voided = Vec::new();
    for (n, s) in suits {
        let cards: Vec<Card> = hand.iter().copied().filter(|&c| rules.layout().effective_suit(c) == s).collect();
        let risky = cards.iter().any(|c| c.points() > 0 || c.rank() == Some(Rank::Ace));
        if out.len() + n <= k && !risky {
            out.extend(cards);
            voided.push(s);
        }
    }
    let mut rest = without(hand, &out);
    crate::small_sort::sort_by_key(&mut rest, |&c| bury_key(rules.layout(), &counts, c));
    out.extend(rest.into_iter().take(k - out.len()));
    (out, voided)
}

/// `hand` without one copy of each of `cards` (those it holds).
pub(crate) fn without(hand: &[Card], cards: &[Card]) -> Vec<Card> {
    let mut rest = hand.to_vec();
    for c in cards {
        if let Some(i) = rest.iter().position(|x| x == c) {
            rest.swap_remove(i);
        }
    }
    rest
}

/// The order a bury takes cards in, cheapest first: what a card is worth keeping
/// ([`cost`]), a card held twice or more (a pair to keep) 20 dearer.
pub(crate) fn bury_key(layout: &Layout, counts: &CardCounts, c: Card) -> (i64, Card) {
    (cost(layout, c) + if counts.get(c) >= 2 { 20 } else { 0 }, c)
}

/// The heuristic's friend calls for the landlord holding `mine` (its hand and the
/// kitty): see [`super::Bot::friends`]. `rotate(n)` turns the first `n` options (the random
/// bot's choice; 0 for the heuristic).
pub(crate) fn friend_calls(view: &SeatView, rules: &Rules, mine: &[Card], rotate: impl FnOnce(usize) -> usize) -> Vec<Friend> {
    let held = |c: Card| mine.iter().filter(|&&x| x == c).count();
    let plain = callable_plain(rules.trump(), view);
    let mut options: Vec<(usize, Card)> = plain
        .iter()
        .filter(|c| matches!(c.rank(), Some(Rank::Ace | Rank::King | Rank::Queen)) && held(**c) < view.decks)
        .map(|&c| (held(c) + 3 * rank_penalty(c.rank().unwrap_or(Rank::Two)), c))
        .collect();
    crate::small_sort::sort(&mut options);
    let turn = rotate(options.len());
    options.rotate_left(turn);
    let mut calls: Vec<Friend> = options.iter().map(|&(_, card)| Friend { card, nth: 1 }).collect();
    let decks = view.decks.min(u8::MAX as usize) as u8;
    // Copies others hold (they can play them), then copies nobody else can play.
    for can_trigger in [true, false] {
        for nth in 1..=decks {
            for &card in &plain {
                let friend = Friend { card, nth };
                if (nth as usize + held(card) <= view.decks) == can_trigger && !calls.contains(&friend) {
                    calls.push(friend);
                }
            }
        }
    }
    calls.truncate(view.friends_to_call);
    calls
}

/// The plain cards any table lets the landlord call (never a trump, nor one the
/// table's limits forbid), high ranks first.
pub(crate) fn callable_plain(trump: Trump, view: &SeatView) -> Vec<Card> {
    Rank::ALL
        .iter()
        .rev()
        .flat_map(|&rank| crate::cards::Suit::ALL.map(|s| Card::new(rank, s)))
        .filter(|&c| friend_callable(c, trump, false, view.friend_limits).is_ok())
        .collect()
}
