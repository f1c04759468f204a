//! The guest's page (`#/join/<code>`, or `#/join/<game>/<code>` on the game's peer page): a
//! name, the answer code (with Copy and QR) to send back, then the live lobby, then the
//! game's board fed by the host's views, with a plain-words status line for every state and
//! the deal's verdict after each hand. The guest's side of the table (`net::GuestClient`,
//! which checks every deal) runs in the page's worker (`worker::session`); this page moves
//! bytes between it and the host and draws what it says. Written once for every [`PeerTable`].
//! What the page knows is `state`, the status line `status`, the lobby's list `guest_lobby`,
//! the talk `chat`.
//!
//! A room link (`#/join/<game>/<room code>`, docs/room.md) is opened the same way: after the
//! name, the page's room worker knocks through the relays until the host offers a
//! connection, which the page answers with nobody copying anything; a connection that
//! drops knocks again, and the guest's hello takes its seat back. Opened again in the same
//! browser (the page closed, the phone restarted), the link goes straight back to the table.

mod state;
mod status;

pub use self::status::verdict_view;
use self::state::{room_of, Shown, Stage};
use self::status::status_line;
use super::rtc::{Peer, PeerEvent};
use super::session;
use super::PeerTable;
use super::chat::TableTalk;
use super::guest_lobby::guest_lobby;
use super::{bot_seats, entropy, ice_servers, load_memory, save_memory, seat_names, PeerMemory};
use crate::i18n::{Phrased, Text};
use crate::net::connect::ConnectError;
use crate::net::room::peer::{FromRoom, ToRoom};
use crate::net::room::relays::{relays_text, RELAYS_KEY};
use crate::ui_model::room_words::room_code_error;
use crate::web::room::client::RoomClient;
use crate::web::storage;
use crate::net::protocol::MAX_HOST_MESSAGE_BYTES;
use crate::net::signal::SdpKind;
use crate::web::shell::{BackHome, Shell};
use crate::worker::session::{GuestCall, GuestOpen, GuestReply};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::rc::Rc;

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
    let code = StoredValue::new(code);
    let memory = load_memory();
    let name = RwSignal::new(memory.name.clone());
    // The room link this browser joined by before: no name to confirm (see `join` below).
    let rejoining = is_room && storage::get_raw(ROOM_JOINED_KEY).ok().flatten().is_some_and(|c| c == code.get_value());
    let stage = RwSignal::new(match room {
        Err(e) => Stage::RoomFailed(Phrased::with(|lang| room_code_error(&e, lang))),
        Ok(_) if rejoining => Stage::Seeking,
        Ok(_) => Stage::Name,
    });
    let relays = RwSignal::new(None::<(u8, u8)>);
    let room_client = StoredValue::new_local(None::<Rc<RoomClient>>);
    let tell_room = move |call: ToRoom| {
        if let Some(Some(c)) = room_client.try_get_value() {
            c.send(&call);
        }
    };
    let shown = Shown::<G>::new(watch);
    let peer = StoredValue::new_local(None::<Rc<Peer>>);
    on_cleanup(move || {
        // Leaving the page closes the connection.
        let _ = peer.try_update_value(|p| p.take());
        let _ = room_client.try_update_value(|c| c.take());
    });
    // The worker opens the guest's side at once (a returning guest resumes with what its
    // page kept, so it can still check the hand it was in) and checks the invitation.
    let open = GuestOpen { name: memory.name.clone(), page_secret: entropy(), token: memory.token.clone(), memory: memory.guest.clone(), watch };
    spawn_local(async move {
        if session::guest::<G>(GuestCall::Open(open)).await.is_none() {
            shown.no_worker.try_set(true);
        }
    });
    spawn_local(async move {
        if is_room {
            return;
        }
        let problem = match session::decode::<G>(code.get_value()).await {
            Err(e) => Some(e),
            Ok((SdpKind::Answer, _)) => Some(ConnectError::AnswerNotInvitation),
            Ok(_) => None,
        };
        if let Some(e) = problem {
            stage.try_set(Stage::Error(e));
        }
    });

    // The worker's reply: the bytes go to the host, the page shows what the table is now,
    // and keeps what reclaims its seat after a reload.
    let apply = move |reply: Option<GuestReply<G>>| {
        let Some(reply) = reply else {
            shown.no_worker.try_set(true);
            return;
        };
        if let Some(Some(p)) = peer.try_get_value() {
            for bytes in &reply.send {
                p.send(bytes);
            }
        }
        for line in &reply.log {
            web_sys::console::warn_1(&line.into());
        }
        if let Some(t) = reply.table {
            shown.show(t);
        }
        if let Some((token, kept)) = reply.keep {
            save_memory(&PeerMemory { name: name.get_untracked().trim().chars().take(32).collect(), token: Some(token), guest: Some(kept) });
        }
    };
    let call = move |c: GuestCall<G>| {
        spawn_local(async move { apply(session::guest(c).await) });
    };
    let on_event = move |ev: PeerEvent| match ev {
        PeerEvent::Connecting => {
            stage.update(|s| {
                if let Stage::Answer(code) = s.clone() {
                    *s = Stage::Connecting(code);
                }
            });
        }
        PeerEvent::Open => {
            stage.set(Stage::Open);
            tell_room(ToRoom::Connected);
            call(GuestCall::Greet);
        }
        PeerEvent::Message(bytes) => call(GuestCall::Received(bytes)),
        PeerEvent::TooLarge(n) => call(GuestCall::Oversized(n)),
        // In a room, a lost connection knocks again: the table heals by itself.
        PeerEvent::Closed | PeerEvent::Failed if is_room => {
            stage.set(Stage::Seeking);
            tell_room(ToRoom::Lost);
        }
        PeerEvent::Closed => {
            if matches!(stage.get_untracked(), Stage::Open) {
                stage.set(Stage::HostGone);
            }
        }
        PeerEvent::Failed => stage.set(Stage::Failed),
    };
    // A new connection that answers `offer` (an invitation's, or the host's through the
    // relays), `then` given the answer code; the stage says why if it cannot.
    let answer_with = move |offer: String, then: Box<dyn FnOnce(String)>| {
        let handler: Rc<dyn Fn(PeerEvent)> = Rc::new(on_event);
        match Peer::new(&ice_servers(), MAX_HOST_MESSAGE_BYTES, handler) {
            Ok(p) => {
                // (A later connection, after a drop or the host's reload, replaces the last.)
                peer.set_value(Some(p.clone()));
                stage.set(Stage::Connecting(String::new()));
                spawn_local(async move {
                    match p.answer::<G>(&offer).await {
                        Ok(code) => then(code),
                        Err(e) => {
                            stage.try_set(Stage::Error(e));
                        }
                    }
                });
            }
            Err(e) => stage.set(Stage::Error(e)),
        }
    };
    let hear_room = move |said: FromRoom| match said {
        // The host's offer, through the relays: answered at once, back through them.
        FromRoom::Offer { host, conn, code } => answer_with(code, Box::new(move |code| tell_room(ToRoom::Answer { host, conn, code }))),
        FromRoom::Relays { up, of } => relays.set(Some((up, of))),
        FromRoom::Failed(why) => stage.set(Stage::RoomFailed(why)),
        _ => {}
    };
    let join_room = move || match RoomClient::start(hear_room) {
        Some(client) => {
            client.send(&ToRoom::Guest { code: code.get_value(), relays: relays_text(storage::get_raw(RELAYS_KEY).ok().flatten()) });
            room_client.set_value(Some(Rc::new(client)));
            stage.set(Stage::Seeking);
        }
        None => shown.no_worker.set(true),
    };

    let join = move || {
        let n: String = name.get_untracked().trim().chars().take(32).collect();
        call(GuestCall::Name(n.clone()));
        save_memory(&PeerMemory { name: n, ..load_memory() });
        if is_room {
            let _ = storage::set_raw(ROOM_JOINED_KEY, &code.get_value());
            return join_room();
        }
        // An invitation: its answer code shows, for the guest to send back.
        answer_with(
            code.get_value(),
            Box::new(move |answer| {
                stage.try_update(|s| {
                    if matches!(s, Stage::Connecting(c) if c.is_empty()) {
                        *s = Stage::Answer(answer);
                    }
                });
            }),
        );
    };

    // The room link this browser joined by before: back to the table at once.
    Effect::new(move |first: Option<()>| {
        if first.is_none() && rejoining {
            join();
        }
    });

    let act = move |action: G::Action| {
        // A spectator's board is read-only: nothing it taps is sent.
        if !shown.watching.get_untracked() {
            call(GuestCall::Act(action));
        }
    };
    // This seat's automatic draw, at the settings' speed: one tick at a time.
    spawn_local(async move {
        loop {
            let step = shell.prefs.with_untracked(|p| p.draw_speed.millis()).clamp(30, 400);
            TimeoutFuture::new(step).await;
            match stage.try_get_untracked() {
                None => break,
                // (A spectator's tick moves nothing: the worker knows it watches.)
                Some(Stage::Open) => apply(session::guest::<G>(GuestCall::Tick).await),
                Some(_) => {}
            }
        }
    });

    let Shown { view: view_sig, lobby, seat, refusal, chat, no_worker, watching, waiting, .. } = shown;
    let has_view = Memo::new(move |_| view_sig.with(|v| v.is_some()));
    let names = Signal::derive(move || lobby.with(|l| l.as_ref().map(|l| seat_names(l, seat.get(), shell)).unwrap_or_default()));
    let bots = Signal::derive(move || lobby.with(|l| l.as_ref().map(bot_seats).unwrap_or_default()));

    let status = move || status_line(stage, shown, relays, has_view);
    let refused_line = move || {
        (!has_view.get()).then(|| refusal.get()).flatten().map(|r| view! {
            <p class="notice bad" role="alert" data-testid="host-refused">{shell.t(Text::HostRefused)} " " {r.get(shell.lang()).to_string()}</p>
        })
    };
    view! {
        <section class="screen page peer-join" class:wide=move || has_view.get() data-testid="peer-join">
            {move || (!has_view.get()).then(|| view! { <h2>{shell.t(if watch { Text::WatchTitle } else { Text::JoinTitle })}</h2> })}
            {move || (watching.get() && has_view.get()).then(|| view! {
                <p class="muted" data-testid="watching">{shell.t(if waiting.get() { Text::WaitingForSeat } else { Text::Watching })}</p>
            })}
            {move || (stage.get() == Stage::Name).then(|| view! {
                <form class="join-form" on:submit=move |ev| { ev.prevent_default(); join(); }>
                    <label class="field">
                        <span>{shell.t(Text::YourName)}</span>
                        <input type="text" maxlength="32" data-testid="guest-name" autocomplete="nickname"
                            prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))/>
                    </label>
                    <button type="submit" class="button primary" data-testid="join-button">{shell.t(Text::JoinButton)}</button>
                </form>
            })}
            {move || (!has_view.get()).then(|| view! { {status} {refused_line} {guest_lobby(lobby, seat)} })}
            {move || no_worker.get().then(|| view! { <p class="notice bad" role="alert" data-testid="no-worker">{shell.t(Text::NoTableWorker)}</p> })}
            {move || has_view.get().then(|| view_sig.get_untracked()).flatten().map(|first| {
                let v = Signal::derive(move || view_sig.get().unwrap_or_else(|| first.clone()));
                let error = Signal::derive(move || refusal.get().map(|r| r.get(shell.lang()).to_string()));
                // The status goes first: a lost host or a failed deal check must be seen.
                let say = Callback::new(move |text: String| call(GuestCall::Say(text)));
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
