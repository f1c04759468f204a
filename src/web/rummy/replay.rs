//! `#/replay/<code>` for a rummy table (the code's game tag sends it to this page):
//! the table's record stepped move by move — what each move was, the piles, the seats'
//! card counts, and the cards of the seat you choose (everyone's, once the table is
//! over: a replay is a review). Each step is the record's prefix replayed by the rules.

use super::hand::{GroupedHand, RummyCardFace};
use crate::record::replay_code::decode;
use crate::rummy::game::{Action, Game};
use crate::table::{replay, Record};
use crate::ui_model::rummy::arrange::HandGroups;
use crate::ui_model::rummy::words::{describe_move, label, Label};
use crate::web::cards::CardBack;
use crate::web::shell::{BackHome, Shell};
use leptos::prelude::*;

/// The table after the first `step` moves of `record`.
fn at_step(record: &Record<Game>, step: usize) -> Option<Game> {
    let prefix = Record { settings: record.settings.clone(), seed: record.seed.clone(), actions: record.actions[..step.min(record.actions.len())].to_vec() };
    replay(&prefix).ok()
}

fn player_name(seat: usize, lang: crate::i18n::Lang) -> String {
    match lang {
        crate::i18n::Lang::En => format!("Seat {}", seat + 1),
        crate::i18n::Lang::Zh => format!("{}号位", seat + 1),
    }
}

#[component]
pub fn RummyReplay(code: String) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let record = match decode::<Game>(&code) {
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
    let record = StoredValue::new(record);
    let step = RwSignal::new(0usize);
    let seat = RwSignal::new(0usize);
    // The chosen seat's view after the chosen step (replayed by the rules from the start).
    let view_at = Memo::new(move |_| {
        let (s, who) = (step.get(), seat.get());
        record.with_value(|r| at_step(r, s)).map(|g| g.view(who))
    });
    let lang = move || shell.lang();
    let players = record.with_value(|r| at_step(r, 0).map(|g| g.players()).unwrap_or(0));

    // What the last move was, in words (the pile's top before it, for a taken card).
    let last_move = move || {
        let s = step.get();
        if s == 0 {
            return label(Label::ReplayStart, lang()).to_string();
        }
        let (who, action): (usize, Action) = record.with_value(|r| r.actions[s - 1].clone());
        let before = record.with_value(|r| at_step(r, s - 1));
        let top = before.as_ref().and_then(|g| g.pile().last().map(|p| p.card));
        describe_move(who, &action, top, &|x| player_name(x, lang()), lang())
    };
    let board = move || {
        let v = view_at.get()?;
        let groups = HandGroups::sorted(&v.hand, v.wild);
        let wild = v.wild;
        Some(view! {
            <ul class="rummy-seats">
                {(0..v.players).map(|s| view! {
                    <li class="rummy-seat" class:turn=v.turn == s data-testid="replay-seat">
                        <b>{player_name(s, lang())}</b>
                        <span class="muted">{v.hand_sizes[s]} " " {label(Label::Cards, lang())}</span>
                    </li>
                }).collect_view()}
            </ul>
            <div class="rummy-middle">
                <div class="rummy-pile">
                    <span class="rummy-pile-label">{label(Label::Wild, lang())}</span>
                    <RummyCardFace card=v.wild_card wild=v.wild small=true/>
                </div>
                <div class="rummy-pile">
                    <span class="rummy-pile-label">{label(Label::Stock, lang())} " " {v.stock}</span>
                    <CardBack small=true/>
                </div>
                <div class="rummy-pile">
                    <span class="rummy-pile-label">{label(Label::DiscardPile, lang())}</span>
                    {v.top().map(|c| view! { <RummyCardFace card=c wild=v.wild small=true/> })}
                </div>
            </div>
            <GroupedHand groups=Signal::derive(move || groups.clone()) selected=Signal::derive(Vec::new)
                wild=Signal::derive(move || wild) on_tap=Callback::new(|_| {}) enabled=Signal::derive(|| false)/>
        })
    };
    view! {
        <section class="screen rummy-table" data-testid="rummy-replay">
            <h2>{move || label(Label::Replay, lang())}</h2>
            <div class="rummy-tools">
                <select class="rummy-replay-seat" data-testid="replay-seat-choice" prop:value=move || seat.get().to_string()
                    on:change=move |ev| {
                        if let Ok(s) = event_target_value(&ev).parse::<usize>() {
                            seat.set(s);
                        }
                    }>
                    {(0..players).map(|s| view! { <option value=s.to_string()>{move || player_name(s, lang())}</option> }).collect_view()}
                </select>
            </div>
            <p class="status-line" role="status" data-testid="replay-move" data-step=move || step.get().to_string()>
                {move || format!("{} / {total} · ", step.get())}{last_move}
            </p>
            {board}
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
