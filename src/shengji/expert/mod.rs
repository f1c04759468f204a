//! The Expert Shengji bot: determinized search over the seat's view.
//!
//! At each play decision the Expert asks the heuristic for its choice, adds a
//! handful of distinct alternatives (`candidates.rs`), samples deals of the
//! hidden cards consistent with everything the seat has seen
//! (`knowledge.rs`, `sampling.rs`), plays each candidate on every deal and
//! the rest of the hand with heuristic bots (`playout.rs`), and keeps the
//! candidate with the best mean outcome for its side (`search.rs`). The bury and
//! the friend call are searched the same way from the first lead of the play
//! (`exchange.rs`), and bids and steals of the kitty from the seat's turn in the
//! draw or the round of steals, through a lean copy of the rest of the draw and
//! exchange (`bids.rs`). Randomness comes from the
//! seat's `Bots` stream only and effort is counted in deals and playouts, so
//! a duplicate deal replays bit-for-bit. The design and its measured strength
//! are in docs/game.md ("The Expert bot").
//!
//! In the browser the search runs only in the bot worker (`shengji::think`,
//! src/bot_worker.rs); the pages' wasm leaves it out (see `Bot::play`).

mod bids;
mod candidates;
mod exchange;
mod knowledge;
mod model;
mod playout;
mod sampling;
mod search;

pub(crate) use bids::bid;
pub(crate) use exchange::{bury, call_friends};
pub use search::Effort;

#[cfg(test)]
mod tests;

use crate::shengji::bot::{heuristic_play, BotReason, Difficulty};
use crate::shengji::game::{Action, SeatView, TrickView};
use crate::shengji::lead::Lead;
use crate::shengji::rules::Rules;
use rand_chacha::ChaCha20Rng;

/// The Expert's play for this view, searching with `effort`.
pub(crate) fn decide(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    rules: &Rules,
    trick: &TrickView,
    effort: Effort,
) -> (Action, BotReason) {
    decide_inner(rng, view, rules, trick, effort, None)
}

/// The decision, over `deals` instead of sampled ones when given (tests).
fn decide_inner(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    rules: &Rules,
    trick: &TrickView,
    effort: Effort,
    deals: Option<&[Vec<Vec<crate::cards::Card>>]>,
) -> (Action, BotReason) {
    let (action, reason) = heuristic_play(rng, Difficulty::Heuristic, view, rules, trick);
    let Action::Play(first) = &action else { return (action, reason) };
    let candidates = if trick.plays.is_empty() {
        candidates::leads(view, rules, first, effort.leads)
    } else {
        let lead = match &trick.format {
            Some(f) => Lead::with_format(rules, &trick.plays[0].1, f).ok(),
            None => Lead::parse(rules, &trick.plays[0].1).ok(),
        };
        match lead {
            Some(lead) => candidates::follows(view, rules, &lead, first, effort.follows),
            None => return (action, reason),
        }
    };
    if candidates.len() <= 1 {
        return (action, reason);
    }
    let Some(knowledge) = knowledge::Knowledge::from_view(view, rules) else { return (action, reason) };
    let found = match deals {
        Some(d) => search::search_deals(rng, view, rules, d, &candidates, effort),
        None => search::search(rng, view, rules, &knowledge, &candidates, effort),
    };
    if found.best == 0 {
        return (action, reason);
    }
    let why = BotReason::Searched {
        plays: candidates.len(),
        deals: found.deals,
        win_percent: (found.win_share * 100.0).round() as u32,
    };
    (Action::Play(candidates[found.best].clone()), why)
}
