//! `#/replay/<code>` for a Sichuan table (the code's game tag sends it to this page): the
//! shared replay screen (`web::table::replay_steps`) with mahjong's words for a move and
//! the board itself, read only, as the chosen seat saw it.

use super::board::{Board, BoardState};
use crate::mahjong::game::{Action, Game, SeatView};
use crate::table::Seat;
use crate::ui_model::mahjong::words::{describe_move, label, Label};
use crate::table::Record;
use crate::web::table::replay_steps::{every_move, move_frame, replay_screen, seat_label, seats_of, ReplayParts};
use leptos::prelude::*;

fn board(v: SeatView) -> AnyView {
    let players = v.players;
    let state = BoardState {
        view: Signal::derive(move || v.clone()),
        names: Signal::derive(move || {
            let lang = expect_context::<crate::web::shell::Shell>().lang();
            (0..players).map(|s| seat_label(s, lang)).collect()
        }),
        refusal: Signal::derive(|| None),
        save_status: None,
        resumed: RwSignal::new(false),
        deal_hash: StoredValue::new(String::new()),
        friend_waiting: false,
        replay_hash: Memo::new(|_| None),
        read_only: true,
    };
    view! { <Board state=state act=Callback::new(|_: Action| {})/> }.into_any()
}

fn describe(before: &Game, who: Seat, action: &Action, lang: crate::i18n::Lang) -> String {
    describe_move(&before.view(who), who, action, &|s| seat_label(s, lang), lang)
}

/// The mahjong replay screen for `code`: a stop after every move.
pub fn mahjong_replay(code: String) -> AnyView {
    replay_screen::<Game, Record<Game>>(
        code,
        ReplayParts {
            testid: "mahjong-replay",
            class: "mj-replay",
            title: |lang| label(Label::ReplayLink, lang),
            prepare: |record, _| Ok(record),
            stops: every_move,
            frame: |record, at, seat, shell| move_frame(record, at, seat, shell, |lang| label(Label::ReplayStart, lang), describe, board),
            seats: seats_of,
        },
    )
}
