//! The Sichuan board, laid out for a phone: the other three seats in rows at the top
//! (name, void suit, tiles held, sets, discards), the wall and the tile on offer, your
//! sets and discards, your hand in one row (the drawn tile apart) and the buttons for
//! what you may do now; the hand's result in place of the buttons when it ends.
//! Renders the seat's view; every tap becomes an `Action` sent through `act`. The seats
//! are drawn in `seats.rs`, the hand in `hand.rs`, each phase's buttons in `phases.rs`.

use super::hand::{hand_row, keep_selection};
use super::hint::HintPanel;
use super::phases::actions;
use super::seats::{middle, my_seat, other_seats, seat_name};
use crate::mahjong::game::{Action, PhaseName, SeatView, Stage};
use crate::ui_model::mahjong::words::{self, label, Label};
use crate::web::shell::Shell;
use crate::web::table::runner::SaveStatus;
use crate::web::table::chrome::{friend_waiting_notice, resumed_notice, table_footer, TableSaveNotice};
use leptos::prelude::*;
use crate::web::after_paint::AfterPaint;

/// What the board reads.
#[derive(Clone, Copy)]
pub(super) struct BoardState {
    pub view: Signal<SeatView>,
    /// Each seat's name as the table shows it ("You", "Bot 2").
    pub names: Signal<Vec<String>>,
    /// The last refusal of your move, phrased.
    pub refusal: Signal<Option<String>>,
    pub save_status: Option<RwSignal<SaveStatus>>,
    pub resumed: RwSignal<bool>,
    pub deal_hash: StoredValue<String>,
    pub friend_waiting: bool,
    pub replay_hash: Memo<Option<String>>,
    /// A replay's board: no buttons, no hint, nothing saved.
    pub read_only: bool,
}

#[component]
pub(super) fn Board(
    state: BoardState,
    act: Callback<Action>,
    /// Under the table: a peer host's list of seats.
    #[prop(optional)]
    below: Option<ViewFn>,
) -> impl IntoView {
    // A table against bots has its own links; a peer table lives on its host's or guest's page.
    let local = !state.read_only && state.deal_hash.with_value(|h| !h.is_empty());
    let shell = expect_context::<Shell>();
    let lang = move || shell.lang();
    let view = state.view;
    let me = view.with_untracked(|v| v.seat);
    let names = state.names;
    let name = move |s: usize| seat_name(names, s);
    let selected = RwSignal::new(Vec::<usize>::new());
    let hint = RwSignal::new(false);

    // A new row or a new phase clears the selection (`hand::keep_selection`).
    keep_selection(view, me, selected);

    // A spectator (seat one past the last) sees every seat in the list and has no seat of its own.
    let spectator = view.with_untracked(|v| me >= v.players);

    let status = move || {
        let v = view.get();
        words::status_line(&v, &name, lang())
    };

    view! {
        <section class="screen mj-table" data-testid="mahjong-table" data-phase=move || phase_key(view.with(|v| v.phase))>
            <ul class="mj-seats">{other_seats(view, names, me, spectator)}</ul>
            {middle(view, shell)}
            {move || { let s = status(); (!s.is_empty()).then(|| view! { <p class="status-line" role="status" data-testid="status-line">{s}</p> }) }}
            {friend_waiting_notice(move || state.friend_waiting && view.with(|v| v.hand_number == 0 && v.result.is_none()), move || label(Label::FriendWaiting, lang()))}
            {resumed_notice(state.resumed, move || label(Label::Resumed, lang()))}
            {move || view.with(|v| v.passed_win && v.result.is_none()).then(|| view! { <p class="muted" data-testid="passed-win">{label(Label::PassedWin, lang())}</p> })}
            {move || state.refusal.get().map(|e| view! { <p class="notice bad" role="alert" data-testid="mahjong-error">{e}</p> })}
            {move || (hint.get() && view.with(|v| v.turn == Some(me) && v.result.is_none())).then(|| view! { <HintPanel view=view/> })}
            // Your tiles, then the footer, each in a task after the rest of the table
            // (`after_paint`): the page's start stays short.
            <AfterPaint>
            {my_seat(view, names, me, spectator, shell)}
            <div class="mj-hand" data-testid="hand" data-stage=move || view.with(|v| match v.stage { Some(Stage::Claimed) => "claimed", Some(_) => "drawn", None => "" })>
                {hand_row(view, me, selected, state.read_only, act)}
            </div>
            <div class="mj-actions">{actions(state, act, me, spectator, selected, hint, shell)}</div>
            </AfterPaint>
            <AfterPaint>
            {state.save_status.map(|status| view! { <TableSaveNotice status=status/> })}
            {below.map(|b| b.run())}
            {table_footer("mj-foot", "mahjong", local, state.read_only, move || label(Label::NewTable, lang()), move || label(Label::Rules, lang()))}
            </AfterPaint>
        </section>
    }
}

/// The phase as the table's `data-phase` names it (for tests and styles).
fn phase_key(phase: PhaseName) -> &'static str {
    match phase {
        PhaseName::Exchange => "Exchange",
        PhaseName::Void => "Void",
        PhaseName::Turn => "Turn",
        PhaseName::Claims => "Claims",
        PhaseName::Finished => "Finished",
    }
}
