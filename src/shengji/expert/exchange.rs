//! The Expert's exchange: the bury and the friend call, searched as its plays are.
//!
//! Both are made once a hand by the landlord, who then sees its whole hand and the
//! kitty, so the search samples only the other hands (`Knowledge::at_exchange`: every
//! card it does not hold, at their sizes, with the cards their bids showed) and starts
//! each candidate at the first lead of the play (`Playout::at_play_start`), played out
//! by heuristic bots on the same deals and streams (`search::choose`). The heuristic's
//! choice is candidate 0 and stands unless another beats it by the search's margin.
//!
//! * **Bury** candidates: the heuristic's (void short plain suits without points or
//!   aces, then the cheapest cards, pairs kept); the cheapest cards with no voiding;
//!   the cheapest cards without points; each plain suit short enough voided whatever
//!   it holds, the rest the cheapest. The friend call the playouts assume is the
//!   heuristic's (the same whatever is buried: it reads the hand and kitty together).
//! * **Friend call** candidates: the heuristic's calls, then the same calls with one
//!   of them replaced by another ace, king or queen of a plain suit (first copy, or
//!   the copy after those the landlord holds) — a different friend, or the same
//!   suit's second copy, which finds whoever holds a pair.

use super::knowledge::Knowledge;
use super::playout::Playout;
use super::sampling::sample;
use super::search::{choose, Effort, Searched};
use crate::cards::{Card, CardCounts, Rank};
use crate::shengji::bot::{bury_key, callable_plain, without, BotReason};
use crate::shengji::game::{Action, Friend, SeatView};
use crate::shengji::rules::Rules;
use crate::shengji::trump::EffectiveSuit;
use rand_chacha::ChaCha20Rng;

/// Most buries weighed (the heuristic's included).
const BURIES: usize = 6;
/// Most friend calls weighed (the heuristic's included).
const CALLS: usize = 6;

/// The Expert's bury: `first` is the heuristic's, `calls` the friend call it would make.
pub(crate) fn bury(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    rules: &Rules,
    first: (Vec<Card>, BotReason),
    calls: &[Friend],
    effort: Effort,
) -> (Action, BotReason) {
    let candidates = buries(view, rules, &first.0);
    let found = (candidates.len() > 1 && effort.exchange_plays > 0)
        .then(|| Knowledge::at_exchange(view, rules))
        .flatten()
        .map(|k| {
            let kept: Vec<Vec<Card>> = candidates.iter().map(|b| without(&view.hand, b)).collect();
            search(rng, view, rules, &k, candidates.len(), effort, |base, i| {
                base.at_play_start(kept[i].clone(), candidates[i].clone(), calls)
            })
        });
    match found {
        Some(f) if f.best > 0 => {
            let why = BotReason::SearchedBury {
                buries: candidates.len(),
                deals: f.deals,
                win_percent: (f.win_share * 100.0).round() as u32,
            };
            (Action::Bury(candidates[f.best].clone()), why)
        }
        _ => (Action::Bury(first.0), first.1),
    }
}

/// The Expert's friend call, `first` being the heuristic's.
pub(crate) fn call_friends(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    rules: &Rules,
    first: Vec<Friend>,
    effort: Effort,
) -> (Action, BotReason) {
    let candidates = calls(view, rules, &first);
    let buried = view.kitty.clone().unwrap_or_default();
    let found = (candidates.len() > 1 && effort.exchange_plays > 0)
        .then(|| Knowledge::at_exchange(view, rules))
        .flatten()
        .map(|k| {
            search(rng, view, rules, &k, candidates.len(), effort, |base, i| {
                base.at_play_start(view.hand.clone(), buried.clone(), &candidates[i])
            })
        });
    let (best, why) = match found {
        Some(f) if f.best > 0 => {
            let why = BotReason::SearchedCall {
                calls: candidates.len(),
                deals: f.deals,
                win_percent: (f.win_share * 100.0).round() as u32,
            };
            (candidates[f.best].clone(), why)
        }
        _ => (first.clone(), BotReason::CallFriends(first)),
    };
    (Action::DeclareFriends(best), why)
}

/// Samples deals for `count` candidates and plays each from `start(the deal's hand as the
/// exchange leaves it, candidate)`.
fn search(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    rules: &Rules,
    knowledge: &Knowledge,
    count: usize,
    effort: Effort,
    start: impl Fn(Playout, usize) -> Playout,
) -> Searched {
    // Every card but the kitty is played from here.
    let left: usize = view.hand_sizes.iter().sum::<usize>() - if view.buried { 0 } else { view.kitty_size };
    let deals = Effort { plays: effort.exchange_plays, ..effort }.deals(count, left);
    let bases: Vec<Playout> =
        (0..deals).map(|_| Playout::new(view, rules, &sample(knowledge, rules, rng, effort.tries))).collect();
    choose(rng, view.seat, view.decks, rules, deals, count, effort, |i, d| start(bases[d].clone(), i))
}

/// Buries to weigh, the heuristic's first (see the module notes); each exactly the
/// kitty's size, from the hand.
fn buries(view: &SeatView, rules: &Rules, first: &[Card]) -> Vec<Vec<Card>> {
    let k = view.kitty_size;
    let hand = &view.hand;
    let layout = rules.layout();
    let counts = CardCounts::from_cards(hand);
    // `chosen` and then the cheapest of the rest that `allow` lets go (any card when too few).
    let fill = |chosen: Vec<Card>, allow: &dyn Fn(Card) -> bool| -> Vec<Card> {
        let mut rest = without(hand, &chosen);
        crate::small_sort::sort_by_key(&mut rest, |&c| (!allow(c), bury_key(layout, &counts, c)));
        let mut out = chosen;
        out.extend(rest.into_iter().take(k.saturating_sub(out.len())));
        out
    };
    let mut out: Vec<Vec<Card>> = Vec::new();
    super::candidates::push(&mut out, first.to_vec());
    super::candidates::push(&mut out, fill(Vec::new(), &|_| true));
    super::candidates::push(&mut out, fill(Vec::new(), &|c: Card| c.points() == 0));
    let mut suits: Vec<(usize, EffectiveSuit)> = EffectiveSuit::ALL[..4]
        .iter()
        .map(|&s| (hand.iter().filter(|&&c| layout.effective_suit(c) == s).count(), s))
        .filter(|&(n, _)| n > 0 && n <= k)
        .collect();
    crate::small_sort::sort(&mut suits);
    for (_, s) in suits {
        let cards: Vec<Card> = hand.iter().copied().filter(|&c| layout.effective_suit(c) == s).collect();
        super::candidates::push(&mut out, fill(cards, &|_| true));
    }
    out.retain(|b| b.len() == k);
    out.truncate(BURIES);
    out
}

/// Friend calls to weigh, the heuristic's first (see the module notes).
fn calls(view: &SeatView, rules: &Rules, first: &[Friend]) -> Vec<Vec<Friend>> {
    let mut mine = view.hand.clone();
    mine.extend(view.kitty.clone().unwrap_or_default());
    let held = |c: Card| mine.iter().filter(|&&x| x == c).count();
    let mut options: Vec<Friend> = Vec::new();
    for card in callable_plain(rules.trump(), view) {
        if !matches!(card.rank(), Some(Rank::Ace | Rank::King | Rank::Queen)) || held(card) >= view.decks {
            continue;
        }
        options.push(Friend { card, nth: 1 });
        let next = held(card) + 1;
        if next > 1 && next <= view.decks {
            options.push(Friend { card, nth: next as u8 });
        }
    }
    let mut out: Vec<Vec<Friend>> = vec![first.to_vec()];
    'grow: for option in options {
        if first.contains(&option) {
            continue;
        }
        for j in (0..first.len()).rev() {
            if out.len() >= CALLS {
                break 'grow;
            }
            let mut c = first.to_vec();
            c[j] = option;
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}
