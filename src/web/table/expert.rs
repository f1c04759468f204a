//! The Expert's advice at a Shengji table: on your turn in play an Expert bot of your
//! seat searches your view in the bot worker (`web::worker`), and its play and reason
//! become the suggested lead and the hint tab's "What would Expert play?" row. Nothing
//! is searched on the page's thread; without a worker there is simply no Expert row.

use crate::cards::Card;
use crate::dup::TableSeed;
use crate::shengji::bot::{Bot, BotReason, Difficulty};
use crate::shengji::game::{Action, PhaseName, Seat, SeatView};
use crate::table::Bot as _;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// The Expert's play for your turn, once the worker has found it.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpertPlay {
    pub cards: Vec<Card>,
    pub reason: BotReason,
}

/// What the Expert advises `me` on the current turn; `None` while it thinks, off your
/// turn, or where the worker cannot run. `seed` seeds the adviser (any seed will do).
pub fn expert_advice(view: Signal<SeatView>, me: Seat, seed: &TableSeed) -> ReadSignal<Option<ExpertPlay>> {
    let adviser = StoredValue::new_local(Bot::new(seed, me, Difficulty::Expert));
    let advice = RwSignal::new(None::<ExpertPlay>);
    // One search per turn: the turn is the hand, the trick and the plays in it.
    let turn = Memo::new(move |_| {
        view.with(|v| {
            let mine = v.phase == PhaseName::Play && v.to_act.first() == Some(&me) && me < v.players;
            mine.then(|| (v.hand_number, v.tricks.len(), v.trick.as_ref().map_or(0, |t| t.plays.len())))
        })
    });
    Effect::new(move |_| {
        advice.set(None);
        if turn.get().is_none() {
            return;
        }
        let asked = turn.get_untracked();
        let Some(Some(job)) = view.with_untracked(|v| adviser.try_update_value(|b| b.offload(v))) else { return };
        spawn_local(async move {
            let Some(answer) = crate::web::worker::ask(&job).await else { return };
            // Still the same turn? (A take-back returns to the same position, the same view.)
            if turn.try_get_untracked() != Some(asked) {
                return;
            }
            if let Some(Some((Action::Play(cards), reason))) = adviser.try_update_value(|b| b.offloaded(&answer.bytes)) {
                advice.try_set(Some(ExpertPlay { cards, reason }));
            }
        });
    });
    advice.read_only()
}
