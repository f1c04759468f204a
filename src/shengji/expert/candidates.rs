//! The plays the Expert weighs: the heuristic's choice first, then a handful
//! of distinct alternatives (multi-card formats make the full legal sets far
//! too large to search).
//!
//! * Leading: in every suit it holds, each multi-card unit of the suit's
//!   reading (tractors and pairs, largest first), its lowest pair, its highest
//!   and its cheapest single.
//! * Following: the ways to form what the rules force (weakest first), every
//!   tuple of the led shape, ruffs when void, fills with low cards or with
//!   points; of those (all checked legal) the cheapest and the costliest play
//!   that takes the trick so far, the one that takes it with most points, the
//!   cheapest that does not and the one that gives most points.

use crate::cards::{Card, CardCounts};
use crate::shengji::bot::{cost, led_tuples, ruffs};
use crate::shengji::game::SeatView;
use crate::shengji::lead::Lead;
use crate::shengji::legal::Follower;
use crate::shengji::rules::Rules;
use crate::shengji::trick::Standing;
use crate::shengji::trump::EffectiveSuit;

pub(super) fn push(out: &mut Vec<Vec<Card>>, mut play: Vec<Card>) {
    crate::small_sort::sort(&mut play);
    if !play.is_empty() && !out.contains(&play) {
        out.push(play);
    }
}

/// Leads to weigh, `first` (the heuristic's) first; at most `max`.
pub(super) fn leads(view: &SeatView, rules: &Rules, first: &[Card], max: usize) -> Vec<Vec<Card>> {
    let layout = rules.layout();
    let trump = rules.trump();
    let mut out = Vec::new();
    push(&mut out, first.to_vec());
    let mut units: Vec<Vec<Card>> = Vec::new();
    let mut highs = Vec::new();
    let mut lows = Vec::new();
    // Plain suits first: leading trump spends the strength that ruffs.
    for suit in [EffectiveSuit::Spades, EffectiveSuit::Hearts, EffectiveSuit::Diamonds, EffectiveSuit::Clubs, EffectiveSuit::Trump] {
        let mut cards: Vec<Card> = view.hand.iter().copied().filter(|&c| layout.effective_suit(c) == suit).collect();
        if cards.is_empty() {
            continue;
        }
        if let Ok(parsed) = Lead::parse(rules, &cards) {
            units.extend(parsed.units.iter().filter(|u| u.cards.len() > 1).map(|u| u.cards.clone()));
        }
        crate::small_sort::sort_by_key(&mut cards, |&c| (cost(layout, c), c));
        let counts = CardCounts::from_cards(&cards);
        if let Some(&pair) = cards.iter().find(|&&c| counts.get(c) >= 2) {
            units.push(vec![pair, pair]);
        }
        lows.push(vec![cards[0]]);
        let top = cards.iter().copied().max_by(|&a, &b| trump.compare_strength(a, b).then(b.cmp(&a)));
        if let Some(top) = top {
            highs.push(vec![top]);
        }
    }
    crate::small_sort::sort_by_key(&mut units, |u| std::cmp::Reverse(u.len()));
    for p in units.into_iter().chain(highs).chain(lows) {
        push(&mut out, p);
    }
    out.truncate(max.max(1));
    out
}

/// Follows to weigh, `first` (the heuristic's) first; at most `max`, all legal.
pub(super) fn follows(view: &SeatView, rules: &Rules, lead: &Lead, first: &[Card], max: usize) -> Vec<Vec<Card>> {
    let Some(trick) = &view.trick else { return vec![first.to_vec()] };
    let layout = rules.layout();
    let hand = &view.hand;
    let n = lead.len();
    let follower = Follower::new(rules, lead, hand);
    let suit_cards: Vec<Card> = hand.iter().copied().filter(|&c| layout.effective_suit(c) == lead.suit).collect();
    let mut others: Vec<Card> = hand.iter().copied().filter(|&c| layout.effective_suit(c) != lead.suit).collect();
    crate::small_sort::sort_by_key(&mut others, |&c| (cost(layout, c), c));
    let mut by_points = others.clone();
    crate::small_sort::sort_by_key(&mut by_points, |&c| (std::cmp::Reverse(c.points()), cost(layout, c), c));
    let mut pool: Vec<Vec<Card>> = Vec::new();
    if suit_cards.len() >= n {
        pool.extend(follower.forced_plays(24));
        pool.extend(led_tuples(lead, &suit_cards));
    } else {
        let need = n - suit_cards.len();
        for fill in [&others, &by_points] {
            let mut p = suit_cards.clone();
            p.extend(fill.iter().take(need));
            pool.push(p);
        }
        if suit_cards.is_empty() {
            pool.extend(ruffs(rules, lead, hand, 8));
        }
    }
    pool.extend(crate::shengji::bomb::plays(rules, lead, hand));
    let mut legal: Vec<Vec<Card>> = Vec::new();
    for p in pool {
        if p.len() == n && follower.check(&p).is_ok() {
            push(&mut legal, p);
        }
    }
    let mut out = Vec::new();
    push(&mut out, first.to_vec());
    if legal.len() < max {
        for p in legal {
            push(&mut out, p);
        }
        return out;
    }
    // Too many: keep the distinct kinds of play.
    let follows: Vec<Vec<Card>> = trick.plays[1..].iter().map(|(_, c)| c.clone()).collect();
    let standing = Standing::new(rules, lead, &follows);
    let wins = |c: &Vec<Card>| standing.would_win(c);
    let pts = |c: &[Card]| c.iter().map(|x| x.points()).sum::<u32>() as i64;
    let total = |c: &[Card]| c.iter().map(|&x| cost(layout, x)).sum::<i64>();
    let (win, lose): (Vec<Vec<Card>>, Vec<Vec<Card>>) = legal.iter().cloned().partition(wins);
    let picks = [
        win.iter().min_by_key(|c| (total(c), pts(c))),
        win.iter().max_by_key(|c| (pts(c), -total(c))),
        win.iter().max_by_key(|c| total(c)),
        lose.iter().min_by_key(|c| (pts(c), total(c))),
        lose.iter().max_by_key(|c| (pts(c), -total(c))),
    ];
    for p in picks.into_iter().flatten() {
        push(&mut out, p.clone());
    }
    for p in legal {
        if out.len() >= max {
            break;
        }
        push(&mut out, p);
    }
    out.truncate(max.max(1));
    out
}
