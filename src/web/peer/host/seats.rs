//! The host's seat cards: each seat's number, name and state, its bot's level before the
//! start, the moves (up, down, remove a guest), the seat's own invite while it shows, and
//! the spectators' row (how many watch, who waits for a seat, an invite to watch). The
//! lobby lists them; during a hand they sit under the board, showing only a seat with an
//! invite (a guest away).

use super::invites::{create_invite, invite_box};
use super::{Shared, Ui, WATCH};
use crate::i18n::Text;
use crate::net::protocol::SeatInfo;
use crate::web::peer::{seat_names, seat_state, PeerTable};
use crate::web::shell::Shell;
use crate::worker::session::LobbyOp;
use leptos::prelude::*;

/// Every seat's card, redrawn as the lobby, the host's seat or the invites change.
pub(super) fn seat_cards<G: PeerTable>(ui: Ui<G>, sess: StoredValue<Shared, LocalStorage>, lobby_op: Callback<LobbyOp<G>>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    move || {
        let l = ui.lobby.get();
        let me = ui.my_seat.get();
        let invites = ui.invites.get();
        let names = seat_names(&l, me, shell);
        let n = l.seats.len();
        l.seats.iter().enumerate().map(|(seat, info)| {
            let kind = match info {
                _ if Some(seat) == me => "me",
                SeatInfo::Empty => "empty",
                SeatInfo::Bot => "bot",
                SeatInfo::Guest { .. } => "guest",
            };
            let state = if Some(seat) == me { String::new() } else { seat_state(info, shell) };
            let is_guest = kind == "guest";
            let invite = invites.get(&seat).cloned();
            let started = l.started;
            view! {
                <li class="peer-seat" data-testid="lobby-seat" data-seat=seat.to_string() data-kind=kind>
                    <div class="peer-seat-head">
                        <span class="seat-no">{seat + 1}</span>
                        <b data-testid="seat-name">{names[seat].clone()}</b>
                        <span class="muted">{state}</span>
                        <span class="spacer"></span>
                        {(!started && matches!(kind, "empty" | "bot") && G::BOT_LEVELS.len() > 1).then(|| {
                            let level = l.levels.get(seat).copied().unwrap_or_default();
                            let at = G::BOT_LEVELS.iter().position(|(v, _)| *v == level).unwrap_or(0);
                            view! {
                                <select class="bot-level" data-testid="bot-level" title=shell.t(Text::BotLevel) prop:value=at.to_string()
                                    on:change=move |ev| {
                                        let chosen = event_target_value(&ev).parse::<usize>().ok().and_then(|i| G::BOT_LEVELS.get(i));
                                        if let Some(&(level, _)) = chosen {
                                            lobby_op.run(LobbyOp::BotLevel(seat, level));
                                        }
                                    }>
                                    {G::BOT_LEVELS.iter().enumerate().map(|(i, &(_, name))| view! {
                                        <option value=i.to_string()>{shell.t(name)}</option>
                                    }).collect_view()}
                                </select>
                            }
                        })}
                        {(!started && seat > 0).then(|| view! {
                            <button type="button" class="button small" data-testid="move-up" title=shell.t(Text::MoveUp)
                                on:click=move |_| lobby_op.run(LobbyOp::Move { from: seat, to: seat - 1 })>
                                "↑"
                            </button>
                        })}
                        {(!started && seat + 1 < n).then(|| view! {
                            <button type="button" class="button small" data-testid="move-down"
                                on:click=move |_| lobby_op.run(LobbyOp::Move { from: seat, to: seat + 1 })>
                                "↓"
                            </button>
                        })}
                        {is_guest.then(|| view! {
                            <button type="button" class="button small" data-testid="remove-player"
                                on:click=move |_| lobby_op.run(LobbyOp::Remove(seat))>
                                {shell.t(Text::RemovePlayer)}
                            </button>
                        })}
                    </div>
                    {invite.map(|status| invite_box(seat, status, sess, ui))}
                </li>
            }
        }).collect_view()
    }
}

/// The spectators' row: how many watch, who among them waits for a seat (seated as one
/// frees, first come first seated), and an invite to watch that seats nobody.
pub(super) fn spectators<G: PeerTable>(ui: Ui<G>, sess: StoredValue<Shared, LocalStorage>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    move || {
        let invite = ui.invites.with(|m| m.get(&WATCH).cloned());
        view! {
            <div class="peer-watch" data-testid="spectators">
                <div class="peer-seat-head">
                    <b>{shell.t(Text::Spectators)}</b>
                    <span class="muted" data-testid="watcher-count">{ui.watchers.get()}</span>
                    <span class="spacer"></span>
                    {invite.is_none().then(|| view! {
                        <button type="button" class="button small" data-testid="invite-spectator"
                            on:click=move |_| { if let Some(s) = sess.try_get_value() { create_invite(&s, ui, WATCH) } }>
                            {shell.t(Text::InviteSpectator)}
                        </button>
                    })}
                </div>
                {move || ui.waiting.with(|w| (!w.is_empty()).then(|| w.join(", "))).map(|names| view! {
                    <p class="muted" data-testid="waiting-guests">{shell.t(Text::WaitingGuests)} " " {names}</p>
                })}
                {invite.map(|status| view! {
                    <p class="muted">{shell.t(Text::SpectatorInvite)}</p>
                    {invite_box(WATCH, status, sess, ui)}
                })}
            </div>
        }
    }
}
