//! The guest's page (`#/join/<code>`, or `#/join/<game>/<code>` on the game's peer page): a
//! name, the answer code (with Copy and QR) to send back, then the live lobby, then the
//! game's board fed by the host's views, with a plain-words status line for every state and
//! the deal's verdict after each hand. The guest's side of the table (`net::GuestClient`,
//! which checks every deal) runs in the page's worker (`worker::session`); this page moves
//! bytes between it and the host and draws what it says. Written once for every [`PeerTable`].
//! What the page knows is `state`, its connection and worker `link`, the status line
//! `status`, the lobby's list `guest_lobby`, the talk `chat`.
//!
//! A room link (`#/join/<game>/<room code>`, docs/room.md) is opened the same way: after the
//! name, the page's room worker knocks through the relays until the host offers a
//! connection, which the page answers with nobody copying anything; a connection that
//! goes down is first restarted on the same connection (ICE restart through the relays),
//! and if that is not back in time knocks again: the guest's hello takes its seat back.
//! How it came back shows as the page's `data-recovered` (`ice-restart` or `rejoin`).
//! Opened again in the same browser (the page closed, the phone restarted), the link goes
//! straight back to the table.

mod link;
mod state;
mod status;

pub use self::status::verdict_view;
use self::link::Guest;
use self::state::{room_of, Shown, Stage};
use self::status::status_line;
use super::PeerTable;
use super::chat::TableTalk;
use super::guest_lobby::guest_lobby;
use super::{bot_seats, load_memory, seat_names};
use crate::i18n::{Phrased, Text};
use crate::ui_model::room_words::room_code_error;
use crate::web::storage;
use crate::web::shell::{BackHome, Shell};
use crate::worker::session::GuestCall;
use leptos::prelude::*;

/// The room link this browser last joined by: opened again (the page closed, the phone
/// restarted), it goes straight back to the table — to its seat, with the token kept in
/// `PeerMemory` — with no name to confirm.
const ROOM_JOINED_KEY: &str = "tuolaji.room-joined.v1";

/// The guest's page for game `G` (see the module's header); `watch`: a spectator's, which
/// greets the host with `Watch`, takes no seat and shows the public view, read-only.
pub fn join_page<G: PeerTable>(code: String, watch: bool) -> AnyView {
    let shell = expect_context::<Shell>();
    let room = room_of(&code);
    let is_room = matches!(room, Ok(Some(_)));
    let memory = load_memory();
    let name = RwSignal::new(memory.name.clone());
    // The room link this browser joined by before: no name to confirm (see below).
    let rejoining = is_room && storage::get_raw(ROOM_JOINED_KEY).ok().flatten().is_some_and(|c| c == code);
    let stage = RwSignal::new(match room {
        Err(e) => Stage::RoomFailed(Phrased::with(|lang| room_code_error(&e, lang))),
        Ok(_) if rejoining => Stage::Seeking,
        Ok(_) => Stage::Name,
    });
    let shown = Shown::<G>::new(watch);
    let guest = Guest::new(stage, shown, name, code, is_room);
    guest.open(&memory, watch);
    // The room link this browser joined by before: back to the table at once.
    Effect::new(move |first: Option<()>| {
        if first.is_none() && rejoining {
            guest.join();
        }
    });
    let act = move |action: G::Action| {
        // A spectator's board is read-only: nothing it taps is sent.
        if !shown.watching.get_untracked() {
            guest.call(GuestCall::Act(action));
        }
    };
    guest.keep_time(shell);

    let Shown { view: view_sig, lobby, seat, refusal, chat, no_worker, watching, waiting, .. } = shown;
    let has_view = Memo::new(move |_| view_sig.with(|v| v.is_some()));
    let names = Signal::derive(move || lobby.with(|l| l.as_ref().map(|l| seat_names(l, seat.get(), shell)).unwrap_or_default()));
    let bots = Signal::derive(move || lobby.with(|l| l.as_ref().map(bot_seats).unwrap_or_default()));

    let status = move || status_line(stage, shown, guest.relays, has_view);
    let refused_line = move || {
        (!has_view.get()).then(|| refusal.get()).flatten().map(|r| view! {
            <p class="notice bad" role="alert" data-testid="host-refused">{shell.t(Text::HostRefused)} " " {r.get(shell.lang()).to_string()}</p>
        })
    };
    view! {
        <section class="screen page peer-join" class:wide=move || has_view.get() data-testid="peer-join"
            data-recovered=move || guest.recovered.get().map(|r| r.key())>
            {move || (!has_view.get()).then(|| view! { <h2>{shell.t(if watch { Text::WatchTitle } else { Text::JoinTitle })}</h2> })}
            {move || (watching.get() && has_view.get()).then(|| view! {
                <p class="muted" data-testid="watching">{shell.t(if waiting.get() { Text::WaitingForSeat } else { Text::Watching })}</p>
            })}
            {move || (stage.get() == Stage::Name).then(|| name_form(shell, name, move || guest.join()))}
            {move || (!has_view.get()).then(|| view! { {status} {refused_line} {guest_lobby(lobby, seat)} })}
            {move || guest.advice.get().map(|c| crate::web::peer::advice_line(c, shell))}
            {move || no_worker.get().then(|| view! { <p class="notice bad" role="alert" data-testid="no-worker">{shell.t(Text::NoTableWorker)}</p> })}
            {move || has_view.get().then(|| view_sig.get_untracked()).flatten().map(|first| {
                let v = Signal::derive(move || view_sig.get().unwrap_or_else(|| first.clone()));
                let error = Signal::derive(move || refusal.get().map(|r| r.get(shell.lang()).to_string()));
                // The status goes first: a lost host or a failed deal check must be seen.
                let say = Callback::new(move |text: String| guest.call(GuestCall::Say(text)));
                view! {
                    <div class="peer-status">{status}</div>
                    {untrack(|| G::board(v, names, Callback::new(act), error, None, bots))}
                    <TableTalk lines=chat.into() names=names send=say read_only=watching.get_untracked()/>
                }
            })}
            <BackHome/>
        </section>
    }
    .into_any()
}

/// The guest's name, and Join.
fn name_form(shell: Shell, name: RwSignal<String>, join: impl Fn() + 'static) -> impl IntoView {
    view! {
        <form class="join-form" on:submit=move |ev| { ev.prevent_default(); join(); }>
            <label class="field">
                <span>{shell.t(Text::YourName)}</span>
                <input type="text" maxlength="32" data-testid="guest-name" autocomplete="nickname"
                    prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))/>
            </label>
            <button type="submit" class="button primary" data-testid="join-button">{shell.t(Text::JoinButton)}</button>
        </form>
    }
}
