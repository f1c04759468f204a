//! `#/replay/<code>` for a rummy table (the code's game tag sends it to this page): the
//! shared replay screen (`web::table::replay_steps`) with rummy's words for a move and
//! a read-only board — the seats' card counts, the piles and the chosen seat's cards.

use super::hand::{GroupedHand, RummyCardFace};
use crate::i18n::Lang;
use crate::rummy::game::{Action, Game, SeatView};
use crate::table::Seat;
use crate::ui_model::rummy::arrange::HandGroups;
use crate::ui_model::rummy::words::{describe_move, label, Label};
use crate::web::cards::CardBack;
use crate::table::Record;
use crate::web::table::replay_steps::{every_move, move_frame, replay_screen, seat_label, seats_of, ReplayParts};
use leptos::prelude::*;

fn describe(before: &Game, who: Seat, action: &Action, lang: Lang) -> String {
    // A taken card is named from the pile's top before the move.
    let top = before.pile().last().map(|p| p.card);
    describe_move(who, action, top, &|x| seat_label(x, lang), lang)
}

fn board(v: SeatView) -> AnyView {
    let lang = expect_context::<crate::web::shell::Shell>().lang();
    let groups = HandGroups::sorted(&v.hand, v.wild);
    let wild = v.wild;
    view! {
        <ul class="rummy-seats">
            {(0..v.players).map(|s| view! {
                <li class="rummy-seat" class:turn=v.turn == s data-testid="replay-seat">
                    <b>{seat_label(s, lang)}</b>
                    <span class="muted">{v.hand_sizes[s]} " " {label(Label::Cards, lang)}</span>
                </li>
            }).collect_view()}
        </ul>
        <div class="rummy-middle">
            <div class="rummy-pile">
                <span class="rummy-pile-label">{label(Label::Wild, lang)}</span>
                <RummyCardFace card=v.wild_card wild=v.wild small=true/>
            </div>
            <div class="rummy-pile">
                <span class="rummy-pile-label">{label(Label::Stock, lang)} " " {v.stock}</span>
                <CardBack small=true/>
            </div>
            <div class="rummy-pile">
                <span class="rummy-pile-label">{label(Label::DiscardPile, lang)}</span>
                {v.top().map(|c| view! { <RummyCardFace card=c wild=v.wild small=true/> })}
            </div>
        </div>
        <GroupedHand groups=Signal::derive(move || groups.clone()) selected=Signal::derive(Vec::new)
            wild=Signal::derive(move || wild) on_tap=Callback::new(|_| {}) enabled=Signal::derive(|| false)/>
    }
    .into_any()
}

/// The rummy replay screen for `code`: a stop after every move.
pub fn rummy_replay(code: String) -> AnyView {
    replay_screen::<Game, Record<Game>>(
        code,
        ReplayParts {
            testid: "rummy-replay",
            class: "rummy-table",
            title: |lang| label(Label::Replay, lang),
            prepare: |record, _| Ok(record),
            stops: every_move,
            frame: |record, at, seat, shell| move_frame(record, at, seat, shell, |lang| label(Label::ReplayStart, lang), describe, board),
            seats: seats_of,
        },
    )
}
