//! What you may do now on the mahjong board, one panel per phase: the three tiles to
//! pass on in the exchange, the void suit to choose, the claims on a discard (with the
//! seconds left to answer), your turn (win, kong, discard, hint), and the finished
//! hand's result with the next hand's button. Every tap becomes an `Action` sent
//! through `act`; a replay or a spectator sees only the result.

use super::board::BoardState;
use super::hand::row;
use super::result::HandResultCard;
use crate::mahjong::game::view::ClaimView;
use crate::mahjong::game::{Action, HandResult, PhaseName, SeatView};
use crate::mahjong::{Suit, Tile};
use crate::ui_model::mahjong::words::{self, label, suit_char, Label};
use crate::web::shell::Shell;
use leptos::prelude::*;

/// The panel for the phase the table is in (nothing when it waits on others).
pub(super) fn actions(
    state: BoardState,
    act: Callback<Action>,
    me: usize,
    spectator: bool,
    selected: RwSignal<Vec<usize>>,
    hint: RwSignal<bool>,
    shell: Shell,
) -> impl IntoView {
    let view = state.view;
    let names = state.names;
    move || {
        let v = view.get();
        if state.read_only || spectator {
            return v.result.clone().map(|r| view! { <HandResultCard result=r view=v.clone() names=names deal_hash=String::new()/> }).into_any();
        }
        if let Some(r) = v.result.clone() {
            return finished(state, act, r, &v, shell);
        }
        let tiles = row(&v);
        let sel = selected.get();
        match v.phase {
            PhaseName::Exchange if v.chosen.get(me) == Some(&false) => exchange(&tiles, &sel, act, shell),
            PhaseName::Void if v.chosen.get(me) == Some(&false) => void(&tiles, act),
            PhaseName::Claims => match v.claim {
                Some(c) => claims(c, &v, act, shell),
                None => ().into_any(),
            },
            PhaseName::Turn if v.turn == Some(me) => turn(&v, &tiles, &sel, selected, hint, act, shell),
            _ => ().into_any(),
        }
    }
}

/// The hand is over: the next hand's button, the replay's link, and the result.
fn finished(state: BoardState, act: Callback<Action>, r: HandResult, v: &SeatView, shell: Shell) -> AnyView {
    let lang = move || shell.lang();
    let names = state.names;
    view! {
        <div class="hand-actions">
            <button type="button" class="button primary" data-testid="next-hand" on:click=move |_| act.run(Action::NextHand)>
                {label(Label::NextHand, lang())}
            </button>
            {state.replay_hash.get().map(|h| view! { <a class="button subtle" href=h data-testid="replay-link">{label(Label::ReplayLink, lang())}</a> })}
        </div>
        <HandResultCard result=r view=v.clone() names=names deal_hash=state.deal_hash.get_value()/>
    }
    .into_any()
}

/// The exchange: pass on the three tiles selected (all of one suit).
fn exchange(tiles: &[Tile], sel: &[usize], act: Callback<Action>, shell: Shell) -> AnyView {
    let lang = move || shell.lang();
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

/// The void suit: one button per suit with the tiles held of it, the fewest first choice.
fn void(tiles: &[Tile], act: Callback<Action>) -> AnyView {
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

/// A discard you may claim: win, kong, pung or pass, with the seconds left.
fn claims(c: ClaimView, v: &SeatView, act: Callback<Action>, shell: Shell) -> AnyView {
    let lang = move || shell.lang();
    view! {
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
    .into_any()
}

/// Your turn: win on your draw, declare a kong, discard the tile selected, or open the hint.
fn turn(v: &SeatView, tiles: &[Tile], sel: &[usize], selected: RwSignal<Vec<usize>>, hint: RwSignal<bool>, act: Callback<Action>, shell: Shell) -> AnyView {
    let lang = move || shell.lang();
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
