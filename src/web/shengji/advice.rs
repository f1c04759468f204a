//! The adviser at a Shengji table: on your turn in play, a bot of your seat decides your
//! view in the bot worker (`web::worker`), and its play and reason become the suggested
//! lead — and, when the adviser is the Expert (a table against bots), the hint tab's
//! "What would Expert play?" row. Nothing is decided on the page's thread; where the
//! worker cannot run there is simply no advice.

use crate::cards::Card;
use crate::dup::TableSeed;
use crate::i18n::Phrased;
use crate::shengji::bot::{Bot, Difficulty};
use crate::shengji::game::{Action, Game, PhaseName, Seat, SeatView};
use crate::table::think::Remote;
use crate::table::{BotSeat as _, Decision};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// The adviser's play for your turn, once the worker has found it, and why (phrased
/// there in every language).
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub cards: Vec<Card>,
    pub reason: Phrased,
}

/// What a `level` bot advises `me` on each of your turns in play; `None` while it
/// thinks, off your turn, or where the worker cannot run. `seed` seeds the adviser (any
/// seed will do: it only breaks ties).
pub fn advice(view: Signal<SeatView>, me: Seat, seed: &TableSeed, level: Difficulty) -> ReadSignal<Option<Advice>> {
    let adviser = StoredValue::new_local(Remote::<Game>::new(Bot::new(seed, me, level)));
    let advice = RwSignal::new(None::<Advice>);
    // One question per turn: the turn is the hand, the trick and the plays in it (a
    // take-back returns to the same position, so to the same view).
    let turn = Memo::new(move |_| {
        view.with(|v| {
            let mine = v.phase == PhaseName::Play && v.to_act.first() == Some(&me) && me < v.players;
            mine.then(|| (v.hand_number, v.tricks.len(), v.trick.as_ref().map_or(0, |t| t.plays.len())))
        })
    });
    Effect::new(move |_| {
        advice.set(None);
        let Some(asked) = turn.get() else { return };
        let Some(Decision::Ask(job)) = view.with_untracked(|v| adviser.try_update_value(|b| b.decide(v))) else { return };
        spawn_local(async move {
            let Some(answer) = crate::web::worker::ask(&job).await else { return };
            if turn.try_get_untracked() != Some(Some(asked)) {
                return;
            }
            if let Some(Some((Action::Play(cards), reason))) = adviser.try_update_value(|b| b.answered(&answer.bytes)) {
                advice.try_set(Some(Advice { cards, reason }));
            }
        });
    });
    advice.read_only()
}
