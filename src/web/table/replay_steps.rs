//! `#/replay/<code>` for a game drawn by a table against bots (rummy, mahjong; the code's
//! game tag sends it to that game's page): the table's record stepped move by move —
//! what each move was in words and the board as the chosen seat saw it (everyone's
//! tiles once the table is over: a replay is a review). Each step is the record's
//! prefix replayed by the rules. The game gives its words and its board ([`ReplayParts`]).

use crate::i18n::Lang;
use crate::record::replay_code::decode;
use crate::table::{replay, Codec, Record, Seat};
use crate::web::shell::{BackHome, Shell};
use leptos::prelude::*;

/// What a game gives the replay screen.
pub struct ReplayParts<G: Codec> {
    /// The section's `data-testid` and class ("rummy-replay", "rummy-table").
    pub testid: &'static str,
    pub class: &'static str,
    pub title: fn(Lang) -> &'static str,
    /// What the screen says before the first move.
    pub start: fn(Lang) -> &'static str,
    /// One move in words, from the table just before it.
    pub describe: fn(&G, Seat, &G::Action, Lang) -> String,
    /// The board for one seat's view (read only).
    pub board: fn(G::View) -> AnyView,
}

/// The table after the first `step` moves of `record`.
fn at_step<G: Codec>(record: &Record<G>, step: usize) -> Option<G> {
    let prefix = Record { settings: record.settings.clone(), seed: record.seed.clone(), actions: record.actions[..step.min(record.actions.len())].to_vec() };
    replay(&prefix).ok()
}

/// "Seat 2" / "2号位".
pub fn seat_label(seat: Seat, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Seat {}", seat + 1),
        Lang::Zh => format!("{}号位", seat + 1),
    }
}

/// The replay screen of `code` for game `G`.
pub fn replay_screen<G: Codec + 'static>(code: String, parts: ReplayParts<G>) -> AnyView
where
    G::View: Send + Sync + 'static,
{
    let shell = expect_context::<Shell>();
    let record = match decode::<G>(&code) {
        Ok(r) => r,
        Err(e) => {
            return view! {
                <section class="screen page" data-testid="replay-error">
                    <p class="notice" role="alert">{move || shell.t(crate::i18n::Text::BadTableLink)}{e.to_string()}</p>
                    <BackHome/>
                </section>
            }
            .into_any()
        }
    };
    let total = record.actions.len();
    let players = at_step(&record, 0).map(|g| g.players()).unwrap_or(0);
    let record = StoredValue::new_local(record);
    let step = RwSignal::new(0usize);
    let seat = RwSignal::new(0usize);
    let lang = move || shell.lang();
    // The chosen seat's view after the chosen step (replayed by the rules from the start).
    let view_at = Memo::new(move |_| {
        let (s, who) = (step.get(), seat.get());
        record.with_value(|r| at_step(r, s)).map(|g| g.view(who))
    });
    let (title, start, describe, board) = (parts.title, parts.start, parts.describe, parts.board);
    let last_move = move || {
        let s = step.get();
        if s == 0 {
            return start(lang()).to_string();
        }
        let (who, action) = record.with_value(|r| r.actions[s - 1].clone());
        record.with_value(|r| at_step(r, s - 1)).map(|before| describe(&before, who, &action, lang())).unwrap_or_default()
    };
    view! {
        <section class=format!("screen {}", parts.class) data-testid=parts.testid>
            <h2>{move || title(lang())}</h2>
            <div class="replay-tools">
                <select class="replay-seat" data-testid="replay-seat-choice" prop:value=move || seat.get().to_string()
                    on:change=move |ev| {
                        if let Ok(s) = event_target_value(&ev).parse::<usize>() {
                            seat.set(s);
                        }
                    }>
                    {(0..players).map(|s| view! { <option value=s.to_string()>{move || seat_label(s, lang())}</option> }).collect_view()}
                </select>
            </div>
            <p class="status-line" role="status" data-testid="replay-move" data-step=move || step.get().to_string()>
                {move || format!("{} / {total} · ", step.get())}{last_move}
            </p>
            {move || view_at.get().map(board)}
            <div class="hand-actions">
                <button type="button" class="button" data-testid="replay-first" on:click=move |_| step.set(0)>"◀◀"</button>
                <button type="button" class="button" data-testid="replay-prev" disabled=move || step.get() == 0
                    on:click=move |_| step.update(|s| *s = s.saturating_sub(1))>"◀"</button>
                <button type="button" class="button primary" data-testid="replay-next" disabled=move || { step.get() >= total }
                    on:click=move |_| step.update(|s| *s = (*s + 1).min(total))>"▶"</button>
                <button type="button" class="button" data-testid="replay-last" on:click=move |_| step.set(total)>"▶▶"</button>
            </div>
            <BackHome/>
        </section>
    }
    .into_any()
}
