//! The rummy board, laid out for a phone: the other seats in a strip at the
//! top, the wild card, the stock and the discard pile in the middle, what to do
//! now, your hand in its groups, and the action bar under it; the deal's result
//! in place of the middle when it ends. Renders the table's state; every tap
//! goes to a `Handlers` method. The seats and the middle are drawn in `seats.rs`,
//! the action bar in `actions.rs`, the deal's result in `result.rs`.

use super::actions::{action_bar, declare_warning};
use super::hand::GroupedHand;
use super::seats::{middle, other_seats, seat_name, total};
use super::{my_moves, Handlers, TableState};
use crate::rummy::game::SeatStatus;
use crate::rummy::Arrangement;
use crate::ui_model::rummy::words::{self, label, Label};
use crate::ui_model::rummy::{advice_text, advise};
use crate::web::table::deferred::asked_while;
use crate::worker::rummy::{expert_answer, expert_job};
use crate::web::shell::Shell;
use crate::web::table::chrome::{friend_waiting_notice, resumed_notice, table_footer, TableSaveNotice};
use leptos::prelude::*;
use crate::web::after_paint::AfterPaint;

#[component]
pub(super) fn Board(
    state: TableState,
    handlers: Handlers,
    /// Under the hand: a peer host's list of seats.
    #[prop(optional)]
    below: Option<ViewFn>,
) -> impl IntoView {
    // A table against bots has its own links; a peer table lives on its host's or guest's page.
    let local = state.deal_hash.with_value(Option::is_some);
    let shell = expect_context::<Shell>();
    let me = handlers.seat();
    let view = state.view;
    let lang = move || shell.lang();
    let names = state.names;
    let name = move |s: usize| seat_name(names, s);

    // A spectator (the seat one past the last) sees every seat and holds no hand.
    let spectator = view.with_untracked(|v| me >= v.players);

    let status = move || {
        let v = view.get();
        if v.result.is_some() {
            return String::new();
        }
        words::status_line(&v, &name, lang())
    };
    let refusal = move || {
        state.refusal.get().map(|e| view! {
            <p class="notice bad" role="alert" data-testid="rummy-error">{e}</p>
        })
    };
    // The hint runs the solver once or twice: off the frame that opens it (the tab paints
    // first, then the advice arrives), and only for the view it was asked about.
    let advice = crate::web::table::deferred::deferred(view, move || state.hint.get(), advise);
    // What the Expert would do in your seat: its search runs in the table worker
    // (`worker::rummy`), asked only while the hint is open on your turn.
    let my_turn = move || view.with(|v| v.my_turn());
    let expert = asked_while(view, move || state.hint.get() && my_turn(), expert_job, expert_answer);
    let hint = move || {
        state.hint.get().then(|| {
            let ready = advice.with(Option::is_some);
            let text = advice.get().flatten().map(|a| advice_text(&a, lang()));
            let expert_line = my_turn().then(|| {
                let says = expert.get().map(|(_, why)| why.get(lang()).to_string());
                let ready = if says.is_some() { "yes" } else { "no" };
                view! {
                    <span class="rummy-expert" data-testid="hint-expert" data-ready=ready>
                        " " {label(Label::ExpertWould, lang())} ": " {says.unwrap_or_else(|| "…".to_string())} "."
                    </span>
                }
            });
            view! {
                <p class="rummy-hint" data-testid="hint-text" data-ready=if ready { "yes" } else { "no" }>
                    {if ready { text.unwrap_or_default() } else { "…".to_string() }}
                    {expert_line}
                </p>
            }
        })
    };
    let count = move || {
        let v = view.get();
        let a: Arrangement = state.groups.with(|g| g.score(v.wild, &v.rules));
        a.points
    };

    let groups = Signal::derive(move || state.groups.get());
    let selected = Signal::derive(move || state.selected.get());
    let wild = Signal::derive(move || view.with(|v| v.wild));
    let enabled = Signal::derive(move || {
        let v = view.get();
        let (_, discarding, showing) = my_moves(&v);
        discarding || showing || (v.result.is_none() && v.status.get(me).is_some_and(SeatStatus::is_playing))
    });

    view! {
        <section class="screen rummy-table" data-testid="rummy-table" data-phase=move || format!("{:?}", view.with(|v| v.phase))>
            <ul class="rummy-seats">{other_seats(view, names, me, shell)}</ul>
            {middle(state, handlers, me, shell)}
            {move || { let s = status(); (!s.is_empty()).then(|| view! { <p class="status-line" role="status" data-testid="status-line">{s}</p> }) }}
            {friend_waiting_notice(move || state.friend_waiting && view.with(|v| v.deal_number == 0 && v.result.is_none()), move || label(Label::FriendWaiting, lang()))}
            {resumed_notice(state.resumed, move || label(Label::Resumed, lang()))}
            {refusal}
            {declare_warning(state, handlers, shell)}
            {hint}
            // The hand, then the footer, each in a task after the top of the table
            // (`after_paint`): the page's start stays short.
            <AfterPaint>
            <div class="rummy-hand-head" class:hidden=spectator>
                <span>{move || name(me)} " · " {move || total(&view.get(), me)}</span>
                <span data-testid="count">{move || label(Label::Count, lang())} " " {count}</span>
            </div>
            <GroupedHand groups=groups selected=selected wild=wild on_tap=Callback::new(move |p| handlers.tap(p)) enabled=enabled/>
            {action_bar(state, handlers, spectator, shell)}
            </AfterPaint>
            <AfterPaint>
            <TableSaveNotice status=state.save_status/>
            {below.map(|b| b.run())}
            {table_footer("rummy-foot", "rummy", local, false, move || label(Label::NewTable, lang()), move || label(Label::Rules, lang()))}
            </AfterPaint>
        </section>
    }
}
