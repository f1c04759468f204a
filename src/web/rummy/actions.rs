//! Under the rummy hand: the tools that arrange it (sort, auto-arrange, group, hint)
//! and the moves open now (drop, declare, discard, show), or the next deal's button
//! once the deal ends; and the warning before a declaration the rules would refuse.
//! Every tap goes to a `Handlers` method.

use super::{my_moves, Handlers, TableState};
use crate::rummy::game::{Action, Stage};
use crate::ui_model::rummy::words::{self, drop_button, label, Label};
use crate::web::shell::Shell;
use leptos::prelude::*;

/// The action bar: the tools and the moves open now, or the next deal's button.
pub(super) fn action_bar(state: TableState, handlers: Handlers, spectator: bool, shell: Shell) -> impl IntoView {
    let lang = move || shell.lang();
    let view = state.view;
    move || {
        let v = view.get();
        if spectator {
            // A spectator arranges nothing and deals nothing: the result card shows below.
            return ().into_any();
        }
        let (drawing, discarding, showing) = my_moves(&v);
        let n_sel = state.selected.with(Vec::len);
        let h = handlers;
        let taken = match v.stage {
            Stage::Discard { taken } => taken,
            Stage::Draw => None,
        };
        let one = state.selected.with(|s| s.first().copied()).filter(|_| n_sel == 1);
        let one_card = one.and_then(|p| state.groups.with(|g| g.card(p)));
        // The card taken from the pile this turn may not go straight back (nor finish a declaration).
        let can_discard = discarding && one_card.is_some_and(|c| Some(c) != taken);
        if let Some(r) = v.result.clone() {
            let game_over = r.game_over.is_some();
            return view! {
                <div class="hand-actions">
                    <button type="button" class="button primary" data-testid="next-deal"
                        on:click=move |_| h.run(Action::NextDeal)>
                        {label(if game_over { Label::NewGame } else { Label::NextDeal }, lang())}
                    </button>
                </div>
            }
            .into_any();
        }
        view! {
            <div class="rummy-tools">
                <button type="button" class="button" data-testid="sort" on:click=move |_| h.sort()>{label(Label::Sort, lang())}</button>
                <button type="button" class="button" data-testid="auto-arrange" on:click=move |_| h.auto_arrange()>{label(Label::AutoArrange, lang())}</button>
                <button type="button" class="button" data-testid="group" disabled=n_sel == 0 on:click=move |_| h.group()>{label(Label::Group, lang())}</button>
                <button type="button" class="button subtle" data-testid="hint" aria-pressed=move || state.hint.get().to_string()
                    on:click=move |_| state.hint.update(|x| *x = !*x)>{label(Label::Hint, lang())}</button>
            </div>
            <div class="hand-actions">
                {drawing.then(|| v.drop_cost.map(|cost| view! {
                    <button type="button" class="button" data-testid="drop" on:click=move |_| h.run(Action::Drop)>{drop_button(cost, lang())}</button>
                }))}
                {discarding.then(|| view! {
                    <button type="button" class="button" data-testid="declare" disabled=!can_discard
                        on:click=move |_| h.declare()>{label(Label::Declare, lang())}</button>
                    <button type="button" class="button primary" data-testid="discard" disabled=!can_discard
                        on:click=move |_| h.discard()>{label(Label::Discard, lang())}</button>
                })}
                {showing.then(|| view! {
                    <button type="button" class="button primary" data-testid="show-hand" on:click=move |_| h.show()>{label(Label::Show, lang())}</button>
                })}
            </div>
        }
        .into_any()
    }
}

/// A declaration the rules would refuse: what it would cost, keep playing or declare anyway.
pub(super) fn declare_warning(state: TableState, handlers: Handlers, shell: Shell) -> impl IntoView {
    let lang = move || shell.lang();
    let view = state.view;
    move || {
        state.pending.get().map(|p| {
            let cap = view.with(|v| v.rules.max_points);
            let h = handlers;
            view! {
                <div class="notice bad rummy-warning" role="alert" data-testid="declare-warning">
                    <p>{words::wrong_declaration_warning(cap, p.why, lang())}</p>
                    <div class="notice-actions">
                        <button type="button" class="button" data-testid="declare-cancel"
                            on:click=move |_| state.pending.set(None)>{label(Label::KeepPlaying, lang())}</button>
                        <button type="button" class="button" data-testid="declare-anyway"
                            on:click=move |_| h.confirm_declaration()>{label(Label::DeclareAnyway, lang())}</button>
                    </div>
                </div>
            }
        })
    }
}
