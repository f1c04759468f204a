//! The Sichuan board, laid out for a phone: the other three seats in rows at the top
//! (name, void suit, tiles held, sets, discards), the wall and the tile on offer, your
//! sets and discards, your hand in one row (the drawn tile apart) and the buttons for
//! what you may do now; the hand's result in place of the buttons when it ends.
//! Renders the seat's view; every tap becomes an `Action` sent through `act`.

use super::hint::HintPanel;
use super::result::HandResultCard;
use super::tiles::{TileBack, TileFace};
use crate::mahjong::game::view::SetView;
use crate::mahjong::game::{Action, PhaseName, RiverTile, SeatView, Stage};
use crate::mahjong::{MeldKind, Suit, Tile};
use crate::ui_model::mahjong::words::{self, label, suit_char, Label};
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

/// Your tiles in the order shown: the concealed tiles sorted, then the drawn one.
fn row(v: &SeatView) -> Vec<Tile> {
    let mut tiles = v.hand.clone();
    tiles.extend(v.drawn);
    tiles
}

/// The three tiles the advice bot would pass on (the exchange starts with them selected).
fn suggested_exchange(v: &SeatView) -> Vec<usize> {
    let seed = crate::dup::TableSeed::named("exchange");
    let mut bot = crate::mahjong::game::bot::Bot::new(&seed, v.seat, crate::mahjong::game::bot::Difficulty::Advice);
    let Action::Exchange(three) = bot.suggest(v).0 else { return Vec::new() };
    let tiles = row(v);
    let mut picked: Vec<usize> = Vec::new();
    for t in three {
        if let Some(i) = (0..tiles.len()).find(|&i| tiles[i] == t && !picked.contains(&i)) {
            picked.push(i);
        }
    }
    picked
}

#[component]
fn Sets(sets: Vec<SetView>) -> impl IntoView {
    view! {
        <span class="mj-sets" data-testid="sets">
            {sets.into_iter().map(|s| {
                let n = if s.kind == MeldKind::Pung { 3 } else { 4 };
                view! {
                    <span class="mj-set" data-kind=match s.kind { MeldKind::Pung => "Pung", MeldKind::Kong => "Kong", MeldKind::ConcealedKong => "ConcealedKong" }>
                        {(0..n).map(|_| match s.tile {
                            Some(t) => view! { <TileFace tile=t small=true/> }.into_any(),
                            None => view! { <TileBack small=true/> }.into_any(),
                        }).collect_view()}
                    </span>
                }
            }).collect_view()}
        </span>
    }
}

#[component]
fn River(river: Vec<RiverTile>) -> impl IntoView {
    view! {
        <span class="mj-river" data-testid="river">
            {river.into_iter().map(|r| view! {
                <span class="mj-discard" class:claimed=r.claimed><TileFace tile=r.tile small=true/></span>
            }).collect_view()}
        </span>
    }
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
    let name = move |s: usize| names.with(|n| n.get(s).cloned().unwrap_or_else(|| format!("#{}", s + 1)));
    let selected = RwSignal::new(Vec::<usize>::new());
    let hint = RwSignal::new(false);

    // A new row of tiles or a new phase clears the selection; the exchange starts with
    // the advice's three selected, once the engine's tables are built (a replay's board
    // shows only after they are).
    let tables = use_context::<super::TablesReady>().map(|t| t.0);
    let tables_ready = move || tables.is_none_or(|t| t.get());
    Effect::new(move |seen: Option<((Vec<Tile>, PhaseName, Option<bool>), bool)>| {
        let v = view.get();
        let key = (row(&v), v.phase, v.chosen.get(me).copied());
        let ready = tables_ready();
        let changed = seen.as_ref().map(|s| &s.0) != Some(&key);
        if changed {
            selected.set(Vec::new());
        }
        let choosing = v.phase == PhaseName::Exchange && v.chosen.get(me) == Some(&false);
        let newly_ready = ready && seen.as_ref().is_none_or(|s| !s.1);
        // (Tiles the player picked while the tables were being built stay picked.)
        if choosing && ready && (changed || newly_ready) && selected.with_untracked(|s| s.is_empty()) {
            selected.set(suggested_exchange(&v));
        }
        (key, ready)
    });

    let tap = move |i: usize| {
        let v = view.get_untracked();
        if state.read_only {
            return;
        }
        let tiles = row(&v);
        let Some(&tile) = tiles.get(i) else { return };
        match v.phase {
            PhaseName::Exchange if v.chosen.get(me) == Some(&false) => selected.update(|sel| {
                if let Some(k) = sel.iter().position(|&x| x == i) {
                    sel.remove(k);
                } else {
                    // Three of one suit: a tile of another suit starts a new choice.
                    if sel.first().is_some_and(|&j| tiles[j].suit() != tile.suit()) {
                        sel.clear();
                    }
                    if sel.len() == 3 {
                        sel.remove(0);
                    }
                    sel.push(i);
                }
            }),
            PhaseName::Turn if v.turn == Some(me) => {
                // One tap selects, a second tap on the same tile discards it. The wildcard
                // never leaves the hand: its tap goes straight to the rules, which say why.
                if v.settings.is_wild(tile) || selected.get_untracked() == [i] {
                    selected.set(Vec::new());
                    act.run(Action::Discard(tile));
                } else {
                    selected.set(vec![i]);
                }
            }
            _ => {}
        }
    };

    // A spectator (seat one past the last) sees every seat in the list and has no seat of its own.
    let spectator = view.with_untracked(|v| me >= v.players);
    let seats = move || {
        let v = view.get();
        let order: Vec<usize> = if spectator { (0..v.players).collect() } else { (1..v.players).map(|k| (me + k) % v.players).collect() };
        order.into_iter().map(|s| {
            let turn = v.turn == Some(s);
            let offering = v.offered.is_some_and(|(from, _)| from == s);
            let won = v.wins.iter().position(|w| w.seat == s);
            view! {
                <li class="mj-seat" class:turn=turn class:offering=offering data-testid="seat" data-seat=s.to_string()>
                    <div class="mj-seat-head">
                        <b>{name(s)}</b>
                        {(v.dealer == s).then(|| view! { <span class="mj-badge dealer" title="dealer">{"庄"}</span> })}
                        {v.voids[s].map(|suit| view! { <span class="mj-badge void" data-testid="void" data-suit=suit.letter().to_string()>{"缺"}{suit_char(suit)}</span> })}
                        {won.map(|i| view! { <span class="mj-badge won" data-testid="won">{"胡"}{i + 1}</span> })}
                        <span class="muted">{v.hand_sizes[s]}</span>
                        <span class="mj-score">{format!("{:+}", v.scores[s])}</span>
                    </div>
                    <div class="mj-seat-tiles">
                        <Sets sets=v.sets[s].clone()/>
                        <River river=v.rivers[s].clone()/>
                    </div>
                </li>
            }
        }).collect_view()
    };

    let middle = move || {
        let v = view.get();
        let offered = v.offered;
        view! {
            <div class="mj-middle">
                <span data-testid="wall">{label(Label::Wall, lang())} " " {v.wall}</span>
                {v.direction.map(|d| view! { <span class="muted">{"换三张 "}{words::direction(d, lang())}</span> })}
                {offered.map(|(_, t)| view! { <span class="mj-offered" data-testid="offered"><TileFace tile=t/></span> })}
            </div>
        }
    };

    let status = move || {
        let v = view.get();
        words::status_line(&v, &name, lang())
    };

    let hand_row = move || {
        let v = view.get();
        let tiles = row(&v);
        let drawn_at = v.drawn.map(|_| tiles.len() - 1);
        let sel = selected.get();
        let void = v.voids.get(me).copied().flatten();
        let my_turn = v.turn == Some(me) && v.phase == PhaseName::Turn;
        let must_void = v.void_left > 0 && my_turn;
        tiles.into_iter().enumerate().map(|(i, t)| {
            // Tiles that may not be discarded now: the others while the void suit remains, and the wildcard.
            let dim = (must_void && Some(t.suit()) != void) || (my_turn && v.settings.is_wild(t));
            view! {
                <button type="button" class="mj-hand-tile" class:selected=sel.contains(&i) class:drawn=drawn_at == Some(i) class:dim=dim
                    data-testid="hand-tile" data-tile=t.to_string() data-selected=sel.contains(&i).to_string()
                    on:click=move |_| tap(i)>
                    <TileFace tile=t/>
                </button>
            }
        }).collect_view()
    };

    let actions = move || {
        let v = view.get();
        if state.read_only || spectator {
            return v.result.clone().map(|r| view! { <HandResultCard result=r view=v.clone() names=names deal_hash=String::new()/> }).into_any();
        }
        if let Some(r) = v.result.clone() {
            return view! {
                <div class="hand-actions">
                    <button type="button" class="button primary" data-testid="next-hand" on:click=move |_| act.run(Action::NextHand)>
                        {label(Label::NextHand, lang())}
                    </button>
                    {state.replay_hash.get().map(|h| view! { <a class="button subtle" href=h data-testid="replay-link">{label(Label::ReplayLink, lang())}</a> })}
                </div>
                <HandResultCard result=r view=v.clone() names=names deal_hash=state.deal_hash.get_value()/>
            }
            .into_any();
        }
        let tiles = row(&v);
        let sel = selected.get();
        match v.phase {
            PhaseName::Exchange if v.chosen.get(me) == Some(&false) => {
                let three = (sel.len() == 3).then(|| [tiles[sel[0]], tiles[sel[1]], tiles[sel[2]]]);
                view! {
                    <div class="hand-actions">
                        <button type="button" class="button primary" data-testid="exchange" disabled=three.is_none()
                            on:click=move |_| if let Some(t) = three { act.run(Action::Exchange(t)) }>
                            {label(Label::Exchange, lang())}
                        </button>
                    </div>
                }
                .into_any()
            }
            PhaseName::Void if v.chosen.get(me) == Some(&false) => {
                let held = |s: Suit| tiles.iter().filter(|t| t.suit() == s).count();
                let fewest = Suit::ALL[..3].iter().copied().min_by_key(|&s| held(s));
                view! {
                    <div class="hand-actions mj-voids">
                        {Suit::ALL[..3].iter().copied().map(|s| view! {
                            <button type="button" class="button" class:primary=fewest == Some(s)
                                data-testid=format!("void-{}", s.letter()) on:click=move |_| act.run(Action::Void(s))>
                                {"缺"}{suit_char(s)} <small>{format!(" ({})", held(s))}</small>
                            </button>
                        }).collect_view()}
                    </div>
                }
                .into_any()
            }
            PhaseName::Claims => match v.claim {
                Some(c) => view! {
                    <div class="hand-actions mj-claims" data-testid="claim" data-tile=c.tile.to_string()>
                        {c.options.win.then(|| view! {
                            <button type="button" class="button primary" data-testid="claim-win" on:click=move |_| act.run(Action::Win)>{label(Label::Win, lang())}</button>
                        })}
                        {c.options.kong.then(|| view! {
                            <button type="button" class="button" data-testid="claim-kong" on:click=move |_| act.run(Action::Kong(c.tile))>{label(Label::Kong, lang())}</button>
                        })}
                        {c.options.pung.then(|| view! {
                            <button type="button" class="button" data-testid="claim-pung" on:click=move |_| act.run(Action::Pung)>{label(Label::Pung, lang())}</button>
                        })}
                        <button type="button" class="button" data-testid="claim-pass" on:click=move |_| act.run(Action::Pass)>{label(Label::Pass, lang())}</button>
                        <Countdown seconds=v.settings.claim_seconds on_end=Callback::new(move |_| act.run(Action::Pass))/>
                    </div>
                }
                .into_any(),
                None => ().into_any(),
            },
            PhaseName::Turn if v.turn == Some(me) => {
                let one = (sel.len() == 1).then(|| tiles.get(sel[0]).copied()).flatten();
                view! {
                    <div class="hand-actions">
                        {v.can_win.then(|| view! {
                            <button type="button" class="button primary" data-testid="win" on:click=move |_| act.run(Action::Win)>{label(Label::SelfDrawn, lang())}</button>
                        })}
                        {v.kongs.iter().copied().map(|t| view! {
                            <button type="button" class="button" data-testid="kong" data-tile=t.to_string() on:click=move |_| act.run(Action::Kong(t))>
                                {label(Label::Kong, lang())} " " {words::tile_short(t, lang())}
                            </button>
                        }).collect_view()}
                        <button type="button" class="button" class:primary=!v.can_win data-testid="discard" disabled=one.is_none()
                            on:click=move |_| if let Some(t) = one { selected.set(Vec::new()); act.run(Action::Discard(t)) }>
                            {label(Label::Discard, lang())}
                        </button>
                        <button type="button" class="button subtle" data-testid="hint" aria-pressed=move || hint.get().to_string()
                            on:click=move |_| hint.update(|h| *h = !*h)>{label(Label::Hint, lang())}</button>
                    </div>
                }
                .into_any()
            }
            _ => ().into_any(),
        }
    };

    view! {
        <section class="screen mj-table" data-testid="mahjong-table" data-phase=move || phase_key(view.with(|v| v.phase))>
            <ul class="mj-seats">{seats}</ul>
            {middle}
            {move || { let s = status(); (!s.is_empty()).then(|| view! { <p class="status-line" role="status" data-testid="status-line">{s}</p> }) }}
            {friend_waiting_notice(move || state.friend_waiting && view.with(|v| v.hand_number == 0 && v.result.is_none()), move || label(Label::FriendWaiting, lang()))}
            {resumed_notice(state.resumed, move || label(Label::Resumed, lang()))}
            {move || view.with(|v| v.passed_win && v.result.is_none()).then(|| view! { <p class="muted" data-testid="passed-win">{label(Label::PassedWin, lang())}</p> })}
            {move || state.refusal.get().map(|e| view! { <p class="notice bad" role="alert" data-testid="mahjong-error">{e}</p> })}
            {move || (hint.get() && view.with(|v| v.turn == Some(me) && v.result.is_none())).then(|| view! { <HintPanel view=view/> })}
            // Your tiles, then the footer, each in a task after the rest of the table
            // (`after_paint`): the page's start stays short.
            <AfterPaint>
            <div class="mj-mine" data-testid="my-tiles" class:hidden=spectator>
                <div class="mj-seat-head">
                    <b>{move || name(me)}</b>
                    {move || view.with(|v| (v.dealer == me).then(|| view! { <span class="mj-badge dealer">{"庄"}</span> }))}
                    {move || view.with(|v| v.voids.get(me).copied().flatten().map(|s| view! { <span class="mj-badge void" data-testid="my-void">{"缺"}{suit_char(s)}</span> }))}
                    <span class="mj-score" data-testid="my-score">{move || view.with(|v| match (v.scores.get(me), v.totals.get(me)) {
                        (Some(score), Some(total)) => format!("{score:+} · {} {total:+}", label(Label::Totals, lang())),
                        _ => String::new(),
                    })}</span>
                </div>
                <div class="mj-seat-tiles">
                    {move || view.with(|v| view! {
                        <Sets sets=v.sets.get(me).cloned().unwrap_or_default()/>
                        <River river=v.rivers.get(me).cloned().unwrap_or_default()/>
                    })}
                </div>
            </div>
            <div class="mj-hand" data-testid="hand" data-stage=move || view.with(|v| match v.stage { Some(Stage::Claimed) => "claimed", Some(_) => "drawn", None => "" })>
                {hand_row}
            </div>
            <div class="mj-actions">{actions}</div>
            </AfterPaint>
            <AfterPaint>
            {state.save_status.map(|status| view! { <TableSaveNotice status=status/> })}
            {below.map(|b| b.run())}
            {table_footer("mj-foot", "mahjong", local, state.read_only, move || label(Label::NewTable, lang()), move || label(Label::Rules, lang()))}
            </AfterPaint>
        </section>
    }
}

/// Seconds left to answer a claim; at zero the claim passes. Drawn afresh for each
/// claim. Nothing shows without a limit.
#[component]
fn Countdown(seconds: u32, on_end: Callback<()>) -> impl IntoView {
    let left = RwSignal::new(seconds);
    if seconds > 0 {
        let alive = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let flag = alive.clone();
        on_cleanup(move || flag.store(false, std::sync::atomic::Ordering::Relaxed));
        leptos::task::spawn_local(async move {
            for s in (0..seconds).rev() {
                gloo_timers::future::TimeoutFuture::new(1000).await;
                if !alive.load(std::sync::atomic::Ordering::Relaxed) || left.try_set(s).is_some() {
                    return;
                }
            }
            if alive.load(std::sync::atomic::Ordering::Relaxed) {
                on_end.run(());
            }
        });
    }
    (seconds > 0).then(|| view! { <span class="mj-countdown" data-testid="countdown">{move || left.get()}</span> })
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
