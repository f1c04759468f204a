//! The rummy board, laid out for a phone: the other seats in a strip at the
//! top, the wild card, the stock and the discard pile in the middle, what to do
//! now, your hand in its groups, and the action bar under it; the deal's result
//! in place of the middle when it ends. Renders the table's state; every tap
//! goes to a `Handlers` method.

use super::hand::{GroupedHand, RummyCardFace};
use super::{my_moves, Handlers, TableState};
use crate::i18n::Lang;
use crate::rummy::game::{Action, DealResult, Game, SeatStatus, SeatView, Stage, Variant};
use crate::rummy::Arrangement;
use crate::ui_model::rummy::words::{self, drop_button, label, Label};
use crate::ui_model::rummy::{advice_text, advise};
use crate::web::shell::Shell;
use crate::web::table::share;
use crate::web::table::chrome::{friend_waiting_notice, resumed_notice, table_footer, TableSaveNotice};
use crate::record::duplicate::DuplicateResult;
use crate::web::cards::CardBack;
use leptos::prelude::*;
use crate::web::after_paint::AfterPaint;

/// The running total people compare: net winnings (points rummy) or points paid (pool).
fn total(v: &SeatView, seat: usize) -> String {
    match v.variant {
        Variant::Points => format!("{:+}", v.net.get(seat).copied().unwrap_or(0)),
        _ => format!("{}/{}", v.totals.get(seat).copied().unwrap_or(0), v.pool.unwrap_or(0)),
    }
}

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
    let name = move |s: usize| names.with(|n| n.get(s).cloned().unwrap_or_else(|| format!("#{}", s + 1)));

    // A spectator (the seat one past the last) sees every seat and holds no hand.
    let spectator = view.with_untracked(|v| me >= v.players);
    let seats = move || {
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
    };

    let middle = move || {
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
    };

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
    let hint = move || {
        state.hint.get().then(|| {
            let ready = advice.with(Option::is_some);
            let text = advice.get().flatten().map(|a| advice_text(&a, lang()));
            view! {
                <p class="rummy-hint" data-testid="hint-text" data-ready=if ready { "yes" } else { "no" }>
                    {if ready { text.unwrap_or_default() } else { "…".to_string() }}
                </p>
            }
        })
    };
    let pending = move || {
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

    let actions = move || {
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
    };

    view! {
        <section class="screen rummy-table" data-testid="rummy-table" data-phase=move || format!("{:?}", view.with(|v| v.phase))>
            <ul class="rummy-seats">{seats}</ul>
            {middle}
            {move || { let s = status(); (!s.is_empty()).then(|| view! { <p class="status-line" role="status" data-testid="status-line">{s}</p> }) }}
            {friend_waiting_notice(move || state.friend_waiting && view.with(|v| v.deal_number == 0 && v.result.is_none()), move || label(Label::FriendWaiting, lang()))}
            {resumed_notice(state.resumed, move || label(Label::Resumed, lang()))}
            {refusal}
            {pending}
            {hint}
            // The hand, then the footer, each in a task after the top of the table
            // (`after_paint`): the page's start stays short.
            <AfterPaint>
            <div class="rummy-hand-head" class:hidden=spectator>
                <span>{move || name(me)} " · " {move || total(&view.get(), me)}</span>
                <span data-testid="count">{move || label(Label::Count, lang())} " " {count}</span>
            </div>
            <GroupedHand groups=groups selected=selected wild=wild on_tap=Callback::new(move |p| handlers.tap(p)) enabled=enabled/>
            {actions}
            </AfterPaint>
            <AfterPaint>
            <TableSaveNotice status=state.save_status/>
            {below.map(|b| b.run())}
            {table_footer("rummy-foot", "rummy", local, false, move || label(Label::NewTable, lang()), move || label(Label::Rules, lang()))}
            </AfterPaint>
        </section>
    }
}

/// Friends' results on the same deal, beside yours (from the links they sent).
fn friends_results(mine: &DuplicateResult<Game>, name: &dyn Fn(usize) -> String, lang: Lang) -> Option<AnyView> {
    let friends = share::friends_results(mine);
    if friends.is_empty() {
        return None;
    }
    let line = |r: &DuplicateResult<Game>, who: String| match lang {
        Lang::En => format!("{who} (seat {}): {}", r.seat + 1, if r.result.declared { "declared".to_string() } else { format!("paid {}", r.result.points) }),
        Lang::Zh => format!("{who}（{}号位）：{}", r.seat + 1, if r.result.declared { "宣告成功".to_string() } else { format!("付 {} 分", r.result.points) }),
    };
    let you = line(mine, name(mine.seat));
    Some(view! {
        <div class="rummy-compare" data-testid="compare">
            <b>{label(Label::SameDeal, lang)}</b>
            <p data-testid="compare-row" data-mine="true">{you}</p>
            {friends.iter().map(|r| {
                let who = r.name.clone().unwrap_or_else(|| label(Label::Friend, lang).to_string());
                view! { <p data-testid="compare-row" data-mine="false" data-points=r.result.points.to_string()>{line(r, who)}</p> }
            }).collect_view()}
        </div>
    }.into_any())
}

/// The end of a deal: who won, what each seat paid and the running totals, the
/// arrangements laid down, and the link that deals the same cards to a friend.
#[component]
fn DealResultCard(result: DealResult, view: SeatView, me: usize, deal_hash: Option<String>, names: Signal<Vec<String>>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let lang = shell.lang();
    let name = move |s: usize| names.with_untracked(|n| n.get(s).cloned().unwrap_or_else(|| format!("#{}", s + 1)));
    let summary = words::deal_summary(&result, &name, lang);
    let rows = (0..view.players).map(|s| {
        let shown = result.arrangements.get(s).cloned().flatten();
        let status = words::seat_status(&result.status[s], lang);
        view! {
            <li class="rummy-result-row" data-testid="result-row" data-seat=s.to_string() data-points=result.points[s].to_string()>
                <div class="rummy-result-head">
                    <b>{name(s)}</b>
                    <span class="muted">{status}</span>
                    <span>{if result.points[s] == 0 { "0".to_string() } else { format!("−{}", result.points[s]) }}</span>
                    <span class="rummy-total">{label(Label::Totals, lang)} " " {total(&view, s)}</span>
                </div>
                {shown.map(|a| view! {
                    <div class="rummy-shown">
                        {a.groups.into_iter().map(|g| view! {
                            <span class="rummy-shown-group">{g.cards.into_iter().map(|c| view! { <RummyCardFace card=c wild=view.wild small=true/> }).collect_view()}</span>
                        }).collect_view()}
                        {(!a.loose.is_empty()).then(|| view! {
                            <span class="rummy-shown-group loose">{a.loose.into_iter().map(|c| view! { <RummyCardFace card=c wild=view.wild small=true/> }).collect_view()}</span>
                        })}
                    </div>
                })}
            </li>
        }
    }).collect_view();
    // The first deal's link, with your result: a friend who opens it is dealt the same
    // cards and sees both results when their deal ends. Friends' results sit here too.
    // A peer table's deals are not shared as links (`deal_hash` is `None`).
    let deal_hash = deal_hash.filter(|_| result.deal == 0);
    let mine = deal_hash.as_ref().and_then(|h| share::first_hand_result::<Game>(h, me));
    let friends = mine.as_ref().map(|m| friends_results(m, &name, lang)).unwrap_or_default();
    let share = deal_hash.map(|h| {
        view! { <share::ShareLink url={share::share_url::<Game>(&h, mine.as_ref())} button=label(Label::Share, lang) copied_text=label(Label::Copied, lang)/> }
    });
    view! {
        <div class="rummy-result" data-testid="deal-result" data-winner=result.winner.map(|w| w.to_string()).unwrap_or_default()>
            <p class="status-line"><b>{if result.winner == Some(me) { label(Label::YouWin, lang).to_string() } else { summary }}</b></p>
            <ol class="rummy-results">{rows}</ol>
            {friends}
            {share}
        </div>
    }
}
