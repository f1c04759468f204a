//! Sampling hidden hands consistent with a seat's [`Knowledge`]: the unseen
//! cards dealt to the other hands (and the hidden kitty) so that every hand
//! has its size, holds the cards its bids showed and nothing of a suit it is
//! known to lack; then checked against every past follow. A deal that fails
//! the check is redrawn a bounded number of times (the last one is kept if
//! none passes, so the effort is a count, never a clock).

use super::knowledge::Knowledge;
use super::model::Model;
use crate::cards::Card;
use crate::dup::{shuffle, uniform_below};
use crate::shengji::rules::Rules;
use crate::shengji::trump::EffectiveSuit;
use rand_chacha::ChaCha20Rng;

/// One deal of the unseen cards: a hand per slot (the Expert's own slot empty,
/// the last slot the kitty when it is hidden).
pub(super) type Deal = Vec<Vec<Card>>;

/// Deals the unseen cards respecting sizes, known cards and voids, the most
/// constrained suits first; each card goes to an open slot with probability
/// proportional to the room left in it. `None` on a dead end.
fn deal_once(k: &Knowledge, rules: &Rules, rng: &mut ChaCha20Rng, voids: bool) -> Option<Deal> {
    let layout = rules.layout();
    let slots = k.need.len();
    let mut hands: Deal = k.known.clone();
    let mut room: Vec<usize> = (0..slots).map(|s| k.need[s].saturating_sub(hands[s].len())).collect();
    let mut rest = k.unseen;
    for h in &hands {
        for &c in h {
            rest.remove(c, 1);
        }
    }
    let mut by_suit: [Vec<Card>; 5] = Default::default();
    for c in rest.to_vec() {
        by_suit[layout.effective_suit(c).index()].push(c);
    }
    let open = |s: usize, suit: EffectiveSuit| !(voids && k.lacks(s, suit));
    let mut order: Vec<(usize, usize)> = EffectiveSuit::ALL
        .iter()
        .map(|&suit| ((0..slots).filter(|&s| room[s] > 0 && open(s, suit)).count(), suit.index()))
        .collect();
    crate::small_sort::sort(&mut order);
    for &(_, si) in &order {
        let suit = EffectiveSuit::ALL[si];
        let cards = &mut by_suit[si];
        shuffle(rng, cards);
        for &c in cards.iter() {
            let total: usize = (0..slots).filter(|&s| open(s, suit)).map(|s| room[s]).sum();
            if total == 0 {
                return None;
            }
            let mut r = uniform_below(rng, total as u64) as usize;
            let slot = (0..slots)
                .filter(|&s| open(s, suit))
                .find(|&s| {
                    if r < room[s] {
                        true
                    } else {
                        r -= room[s];
                        false
                    }
                })
                .unwrap_or(0);
            hands[slot].push(c);
            room[slot] -= 1;
        }
    }
    Some(hands)
}

/// A deal drawn as [`sample`] does, again and again while the model's replays of past
/// plays (`model.rs`) stay within `replays`, keeping the one whose hands disagree with
/// the fewest plays the heuristic would have made; a deal that agrees with every play
/// ends the draws. With `replays` 0 or no past play, [`sample`] itself.
pub(super) fn sample_modelled(k: &Knowledge, model: &Model, rules: &Rules, rng: &mut ChaCha20Rng, tries: usize, replays: usize) -> Deal {
    let first = sample(k, rules, rng, tries);
    if replays == 0 || model.plays.is_empty() {
        return first;
    }
    let (mut best_miss, mut used) = model.mismatches(rules, &first, usize::MAX);
    let mut best = first;
    while best_miss > 0 && used < replays {
        let d = sample(k, rules, rng, tries);
        let (miss, n) = model.mismatches(rules, &d, best_miss);
        used += n;
        if miss < best_miss {
            best_miss = miss;
            best = d;
        }
    }
    best
}

/// A deal consistent with everything the seat knows, trying up to `tries`
/// deals; if none passes the check of past follows the last one respecting the
/// voids is used, and if even the voids cannot be met, one that ignores them.
pub(super) fn sample(k: &Knowledge, rules: &Rules, rng: &mut ChaCha20Rng, tries: usize) -> Deal {
    let mut fallback = None;
    for _ in 0..tries.max(1) {
        if let Some(d) = deal_once(k, rules, rng, true) {
            if k.consistent(rules, &d) {
                return d;
            }
            fallback = Some(d);
        }
    }
    if let Some(d) = fallback {
        return d;
    }
    deal_once(k, rules, rng, false).unwrap_or_else(|| {
        // Known cards cannot block a deal without voids; keep the type total anyway.
        let mut d = vec![Vec::new(); k.need.len()];
        let mut rest = k.unseen.to_vec();
        for (s, &n) in k.need.iter().enumerate() {
            let take = n.min(rest.len());
            d[s] = rest.drain(..take).collect();
        }
        d
    })
}
