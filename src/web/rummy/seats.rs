//! The top of the rummy board: the other seats in a strip (name, cards held, running
//! total, status), then the middle: the wild card, the stock and the discard pile, or
//! the deal's result in their place when it ends. Drawing from the stock or taking the
//! top discard goes to a `Handlers` method.

use super::hand::RummyCardFace;
use super::result::DealResultCard;
use super::{my_moves, Handlers, TableState};
use crate::rummy::game::{Action, SeatView, Variant};
use crate::ui_model::rummy::words::{self, label, Label};
use crate::web::cards::CardBack;
use crate::web::shell::Shell;
use leptos::prelude::*;

/// The running total people compare: net winnings (points rummy) or points paid (pool).
pub(super) fn total(v: &SeatView, seat: usize) -> String {
    match v.variant {
        Variant::Points => format!("{:+}", v.net.get(seat).copied().unwrap_or(0)),
        _ => format!("{}/{}", v.totals.get(seat).copied().unwrap_or(0), v.pool.unwrap_or(0)),
    }
}

/// A seat's name as the table shows it, or its number.
pub(super) fn seat_name(names: Signal<Vec<String>>, s: usize) -> String {
    names.with(|n| n.get(s).cloned().unwrap_or_else(|| format!("#{}", s + 1)))
}

/// The other seats, one item each: whose turn it is, cards held, total and status.
pub(super) fn other_seats(view: Signal<SeatView>, names: Signal<Vec<String>>, me: usize, shell: Shell) -> impl IntoView {
    let lang = move || shell.lang();
    let name = move |s: usize| seat_name(names, s);
    move || {
        let v = view.get();
        (0..v.players).filter(|&s| s != me).map(|s| {
            let turn = v.turn == s && v.phase == crate::rummy::game::PhaseName::Play;
            let status = words::seat_status(&v.status[s], lang());
            view! {
                <li class="rummy-seat" class:turn=turn data-testid="seat" data-seat=s.to_string()>
                    <b>{name(s)}</b>
                    <span class="muted">{v.hand_sizes[s]} " " {label(Label::Cards, lang())}</span>
                    <span class="rummy-total" title=label(Label::Totals, lang())>{total(&v, s)}</span>
                    {(!status.is_empty()).then(|| view! { <span class="rummy-status">{status}</span> })}
                </li>
            }
        }).collect_view()
    }
}

/// The middle of the table: the wild card, the stock and the discard pile (tapped to
/// draw), or the deal's result and the replay's link once the deal is over.
pub(super) fn middle(state: TableState, handlers: Handlers, me: usize, shell: Shell) -> impl IntoView {
    let lang = move || shell.lang();
    let view = state.view;
    let names = state.names;
    move || {
        let v = view.get();
        if let Some(r) = v.result.clone() {
            let replay = state.replay_hash.get_untracked();
            return view! {
                <DealResultCard result=r view=v.clone() me=me deal_hash=state.deal_hash.get_value() names=names/>
                {replay.map(|h| view! { <a class="button subtle" href=h data-testid="replay-link">{label(Label::ReplayLink, lang())}</a> })}
            }
            .into_any();
        }
        let (drawing, _, _) = my_moves(&v);
        let top = v.top();
        let takeable = drawing && v.top_takeable && top.is_some();
        let h = handlers;
        view! {
            <div class="rummy-middle">
                <div class="rummy-pile" data-testid="wild">
                    <span class="rummy-pile-label">{label(Label::Wild, lang())}</span>
                    <RummyCardFace card=v.wild_card wild=v.wild small=true/>
                    // A printed joker turned up: the rule picks the wild rank (aces by default).
                    {v.wild_card.is_printed_joker().then(|| view! {
                        <span class="muted">{v.wild.map(|r| r.notation().to_string()).unwrap_or_else(|| "—".into())}</span>
                    })}
                </div>
                <button type="button" class="rummy-pile" data-testid="draw-stock" disabled=!drawing
                    on:click=move |_| h.run(Action::DrawStock)>
                    <span class="rummy-pile-label">{label(Label::Stock, lang())} " " {v.stock}</span>
                    <CardBack small=true/>
                </button>
                <button type="button" class="rummy-pile" data-testid="take-discard" disabled=!takeable
                    on:click=move |_| h.run(Action::TakeDiscard)>
                    <span class="rummy-pile-label">{label(Label::DiscardPile, lang())}</span>
                    {top.map(|c| view! { <RummyCardFace card=c wild=v.wild small=true/> })}
                </button>
            </div>
        }
        .into_any()
    }
}
