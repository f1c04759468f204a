//! The Expert's first follow in Finding Friends: the heuristic's follow with a better
//! guess of who is on its side while friends are still hidden.
//!
//! The heuristic reads the sides off the view: the landlord and the friends revealed
//! against everyone else, so a defender takes every unrevealed seat for a partner (and
//! gives it points when it is winning) and a seat that holds a called card not yet
//! played takes itself for a defender. Here a seat that can reveal itself (it holds the
//! copy a call still waits for) plays as the landlord's side, and a defender gives
//! points to an unrevealed seat only once every friend is found (before, that seat may
//! be a hidden friend). The search weighs this play against the others as it does the
//! heuristic's (candidate 0, kept unless another beats it by the margin).

use crate::cards::Card;
use crate::shengji::bot::{BotReason, PlayCore, TrickState};
use crate::shengji::bot::Difficulty;
use crate::shengji::game::{Action, FriendSlot, Seat, SeatView, TrickView};
use crate::shengji::lead::Lead;
use crate::shengji::rules::Rules;
use rand_chacha::ChaCha20Rng;

/// Does `hand` (not the landlord's) hold the copy that `slot` still waits for?
pub(super) fn can_reveal(slot: &FriendSlot, hand: &[Card]) -> bool {
    let held = hand.iter().filter(|&&c| c == slot.friend.card).count();
    slot.revealed.is_none() && slot.seen < slot.friend.nth && held >= (slot.friend.nth - slot.seen) as usize
}

/// Whom the seat of `view` takes for its side: `Some(same_side)` in Finding Friends
/// while some friend is hidden, None where the view's sides are the whole truth.
pub(super) fn sides(view: &SeatView) -> Option<impl Fn(Seat) -> bool + '_> {
    let landlord = view.landlord?;
    if view.friends.is_empty() || view.friends.iter().all(|f| f.revealed.is_some()) {
        return None;
    }
    let me = view.seat;
    let mine = view.on_landlord_team(me)
        || (me != landlord && view.friends.iter().any(|f| can_reveal(f, &view.hand)));
    Some(move |s: Seat| {
        if s == me {
            return true;
        }
        if view.on_landlord_team(s) {
            return mine;
        }
        // An unrevealed seat: a defender's partner or a hidden friend; neither side
        // feeds it points.
        false
    })
}

/// The heuristic's follow under [`sides`], drawing from `rng` as the heuristic would;
/// None for a lead or where the view's sides stand.
pub(super) fn follow(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    rules: &Rules,
    trick: &TrickView,
) -> Option<(Action, BotReason)> {
    if trick.plays.is_empty() {
        return None;
    }
    let same_side = sides(view)?;
    let lead = match trick.format.as_ref().and_then(|f| Lead::with_format(rules, &trick.plays[0].1, f).ok()) {
        Some(l) => l,
        None => Lead::parse(rules, &trick.plays[0].1).ok()?,
    };
    let mut core = PlayCore { rng, difficulty: Difficulty::Heuristic };
    let table = TrickState { plays: &trick.plays, winning: trick.winning, players: view.players };
    Some(core.follow(&view.hand, &table, &same_side, rules, &lead))
}
