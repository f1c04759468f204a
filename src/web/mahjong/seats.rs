//! The seats on the mahjong board: the other seats in rows at the top (name, dealer,
//! void suit, win, tiles held, score, sets and discards), the wall and the tile on
//! offer in the middle, and your own seat's head, sets and discards above your hand.
//! Each only renders the seat's view.

use super::tiles::{TileBack, TileFace};
use crate::mahjong::game::view::SetView;
use crate::mahjong::game::{RiverTile, SeatView};
use crate::mahjong::MeldKind;
use crate::ui_model::mahjong::words::{self, label, suit_char, Label};
use crate::web::shell::Shell;
use leptos::prelude::*;

/// A seat's name as the table shows it ("You", "Bot 2"), or its number.
pub(super) fn seat_name(names: Signal<Vec<String>>, s: usize) -> String {
    names.with(|n| n.get(s).cloned().unwrap_or_else(|| format!("#{}", s + 1)))
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

/// The other seats, one row each (a spectator, seat one past the last, sees every seat).
pub(super) fn other_seats(view: Signal<SeatView>, names: Signal<Vec<String>>, me: usize, spectator: bool) -> impl IntoView {
    let name = move |s: usize| seat_name(names, s);
    move || {
        let v = view.get();
        let order: Vec<usize> = if spectator { (0..v.players).collect() } else { (1..v.players).map(|k| (me + k) % v.players).collect() };
        order.into_iter().map(|s| {
            let turn = v.turn == Some(s);
            let offering = v.offered.is_some_and(|(from, _)| from == s);
            // Its place among the seats that won, and (血流成河) how often it won.
            let won = v.wins.iter().position(|w| w.seat == s).map(|i| {
                let before: Vec<usize> = v.wins[..i].iter().map(|w| w.seat).collect();
                (0..v.players).filter(|x| before.contains(x)).count() + 1
            });
            let times = v.wins.iter().filter(|w| w.seat == s).count();
            view! {
                <li class="mj-seat" class:turn=turn class:offering=offering data-testid="seat" data-seat=s.to_string()>
                    <div class="mj-seat-head">
                        <b>{name(s)}</b>
                        {(v.dealer == s).then(|| view! { <span class="mj-badge dealer" title="dealer">{"庄"}</span> })}
                        {v.voids[s].map(|suit| view! { <span class="mj-badge void" data-testid="void" data-suit=suit.letter().to_string()>{"缺"}{suit_char(suit)}</span> })}
                        {won.map(|place| view! { <span class="mj-badge won" data-testid="won">{"胡"}{place}{(times > 1).then(|| format!("×{times}"))}</span> })}
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
    }
}

/// The middle of the table: the wall, the exchange's direction and the tile on offer.
pub(super) fn middle(view: Signal<SeatView>, shell: Shell) -> impl IntoView {
    let lang = move || shell.lang();
    move || {
        let v = view.get();
        let offered = v.offered;
        view! {
            <div class="mj-middle">
                <span data-testid="wall">{label(Label::Wall, lang())} " " {v.wall}</span>
                {v.direction.map(|d| view! { <span class="muted">{"换三张 "}{words::direction(d, lang())}</span> })}
                {offered.map(|(_, t)| view! { <span class="mj-offered" data-testid="offered"><TileFace tile=t/></span> })}
            </div>
        }
    }
}

/// Your own seat above your hand: name, dealer, void suit, score and total, your sets
/// and discards (hidden for a spectator).
pub(super) fn my_seat(view: Signal<SeatView>, names: Signal<Vec<String>>, me: usize, spectator: bool, shell: Shell) -> impl IntoView {
    let lang = move || shell.lang();
    let name = move |s: usize| seat_name(names, s);
    view! {
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
    }
}
