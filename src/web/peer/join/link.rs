//! The guest page's connection to the host and its side of the worker ([`Guest`]): the
//! guest's table opened in the worker and the invitation checked, every reply applied
//! (bytes to the host, the table shown, the seat's token kept), the WebRTC connection that
//! answers an invitation or the host's offer through the room's relays, the events on it,
//! the room worker's news (a connection that went down restarted through it, or given up
//! for a new knock), and the seat's automatic draw.

use super::state::{Shown, Stage};
use super::ROOM_JOINED_KEY;
use crate::net::connect::ConnectError;
use crate::net::ice_report::FailCause;
use crate::net::protocol::MAX_HOST_MESSAGE_BYTES;
use crate::net::room::peer::{FromRoom, ToRoom};
use crate::net::room::relays::{relays_text, RELAYS_KEY};
use crate::net::room::restart::{Recovered, DISCONNECTED_GRACE_MS, RESTART_WITHIN_MS};
use crate::net::signal::SdpKind;
use crate::web::peer::rtc::{Peer, PeerEvent};
use crate::web::peer::{entropy, ice_servers, load_memory, save_memory, session, PeerMemory, PeerTable};
use crate::web::room::client::RoomClient;
use crate::web::shell::Shell;
use crate::web::storage;
use crate::worker::session::{GuestCall, GuestOpen, GuestReply};
use derive_where::derive_where;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::rc::Rc;

/// The guest's page's handle on its connection, its room and its worker (`Copy`: every
/// event handler holds one).
#[derive_where(Clone, Copy)]
pub(super) struct Guest<G: PeerTable> {
    pub(super) stage: RwSignal<Stage>,
    pub(super) shown: Shown<G>,
    /// The name typed (kept with the seat's token).
    pub(super) name: RwSignal<String>,
    /// The invitation's or the room link's code.
    pub(super) code: StoredValue<String>,
    pub(super) is_room: bool,
    /// How many of the room's relays are up, of how many.
    pub(super) relays: RwSignal<Option<(u8, u8)>>,
    /// Why the last connection most likely failed, until one opens.
    pub(super) advice: RwSignal<Option<FailCause>>,
    /// How the table last came back after the connection went down.
    pub(super) recovered: RwSignal<Option<Recovered>>,
    /// How it is coming back now (an ICE restart under way, or a new knock).
    recovering: StoredValue<Option<Recovered>>,
    peer: StoredValue<Option<Rc<Peer>>, LocalStorage>,
    room_client: StoredValue<Option<Rc<RoomClient>>, LocalStorage>,
}

impl<G: PeerTable> Guest<G> {
    /// The page's handle; leaving the page closes the connection and the room.
    pub(super) fn new(stage: RwSignal<Stage>, shown: Shown<G>, name: RwSignal<String>, code: String, is_room: bool) -> Guest<G> {
        let guest = Guest {
            stage,
            shown,
            name,
            code: StoredValue::new(code),
            is_room,
            relays: RwSignal::new(None),
            advice: RwSignal::new(None),
            recovered: RwSignal::new(None),
            recovering: StoredValue::new(None),
            peer: StoredValue::new_local(None),
            room_client: StoredValue::new_local(None),
        };
        on_cleanup(move || {
            let _ = guest.peer.try_update_value(|p| p.take());
            let _ = guest.room_client.try_update_value(|c| c.take());
        });
        guest
    }

    /// The worker opens the guest's side at once (a returning guest resumes with what its
    /// page kept, so it can still check the hand it was in) and checks the invitation.
    pub(super) fn open(self, memory: &PeerMemory, watch: bool) {
        let open = GuestOpen { name: memory.name.clone(), page_secret: entropy(), token: memory.token.clone(), memory: memory.guest.clone(), watch };
        let shown = self.shown;
        spawn_local(async move {
            if session::guest::<G>(GuestCall::Open(open)).await.is_none() {
                shown.no_worker.try_set(true);
            }
        });
        if self.is_room {
            return;
        }
        spawn_local(async move {
            let problem = match session::decode::<G>(self.code.get_value()).await {
                Err(e) => Some(e),
                Ok((SdpKind::Answer, _)) => Some(ConnectError::AnswerNotInvitation),
                Ok(_) => None,
            };
            if let Some(e) = problem {
                self.stage.try_set(Stage::Error(e));
            }
        });
    }

    /// The worker's reply: the bytes go to the host, the page shows what the table is
    /// now, and keeps what reclaims its seat after a reload.
    fn apply(self, reply: Option<GuestReply<G>>) {
        let Some(reply) = reply else {
            self.shown.no_worker.try_set(true);
            return;
        };
        if let Some(Some(p)) = self.peer.try_get_value() {
            for bytes in &reply.send {
                p.send(bytes);
            }
        }
        for line in &reply.log {
            web_sys::console::warn_1(&line.into());
        }
        if let Some(t) = reply.table {
            self.shown.show(t);
        }
        if let Some((token, kept)) = reply.keep {
            save_memory(&PeerMemory { name: self.name.get_untracked().trim().chars().take(32).collect(), token: Some(token), guest: Some(kept) });
        }
    }

    /// One call to the worker, its reply applied.
    pub(super) fn call(self, c: GuestCall<G>) {
        spawn_local(async move { self.apply(session::guest(c).await) });
    }

    fn tell_room(self, call: ToRoom) {
        if let Some(Some(c)) = self.room_client.try_get_value() {
            c.send(&call);
        }
    }

    fn on_event(self, ev: PeerEvent) {
        let stage = self.stage;
        match ev {
            PeerEvent::Connecting => {
                stage.update(|s| {
                    if let Stage::Answer(code) = s.clone() {
                        *s = Stage::Connecting(code);
                    }
                });
            }
            PeerEvent::Open => {
                stage.set(Stage::Open);
                self.advice.set(None);
                self.tell_room(ToRoom::Connected);
                self.call(GuestCall::Greet);
                self.came_back(Recovered::Rejoin);
            }
            // Back on the same connection: the channel and the table never left.
            PeerEvent::Up => {
                if stage.get_untracked() == Stage::Reconnecting {
                    stage.set(Stage::Open);
                    self.tell_room(ToRoom::Connected);
                }
                self.came_back(Recovered::IceRestart);
            }
            PeerEvent::Message(bytes) => self.call(GuestCall::Received(bytes)),
            PeerEvent::TooLarge(n) => self.call(GuestCall::Oversized(n)),
            PeerEvent::Stuck(cause) => self.advice.set(Some(cause)),
            // In a room, an open connection that went down is restarted (one `disconnected`
            // after a grace, in case it comes back by itself).
            PeerEvent::Disconnected if self.is_room => {
                if stage.get_untracked() == Stage::Open {
                    stage.set(Stage::Reconnecting);
                    spawn_local(async move {
                        TimeoutFuture::new(DISCONNECTED_GRACE_MS as u32).await;
                        let down = self.peer.try_get_value().flatten().is_some_and(|p| !p.is_up());
                        if down && self.stage.try_get_untracked() == Some(Stage::Reconnecting) {
                            self.restart();
                        }
                    });
                }
            }
            PeerEvent::Failed(_) if self.is_room && matches!(stage.get_untracked(), Stage::Open | Stage::Reconnecting) => {
                stage.set(Stage::Reconnecting);
                self.restart();
            }
            // In a room, a lost connection knocks again: the table heals by itself. A failed
            // one says what would let it connect, while it keeps trying.
            PeerEvent::Closed | PeerEvent::Failed(_) if self.is_room => {
                if let PeerEvent::Failed(cause) = ev {
                    self.advice.set(Some(cause));
                }
                if matches!(stage.get_untracked(), Stage::Open | Stage::Reconnecting) {
                    self.recovering.set_value(Some(Recovered::Rejoin));
                }
                stage.set(Stage::Seeking);
                self.tell_room(ToRoom::Lost);
            }
            PeerEvent::Closed | PeerEvent::Disconnected => {
                if matches!(stage.get_untracked(), Stage::Open) {
                    stage.set(Stage::HostGone);
                }
            }
            PeerEvent::Failed(cause) => {
                self.advice.set(Some(cause));
                stage.set(Stage::Failed);
            }
        }
    }

    /// The table is back after a drop; said as `how` if that is how it was coming back.
    fn came_back(self, how: Recovered) {
        if self.recovering.try_get_value().flatten() == Some(how) {
            self.recovering.set_value(None);
            self.recovered.set(Some(how));
        }
    }

    /// The open connection is down: the room worker asks the host to restart it. Should
    /// the room not even try (it knows no connection of this page's), the page knocks again
    /// once the restart's time is up.
    fn restart(self) {
        self.recovering.set_value(Some(Recovered::IceRestart));
        self.tell_room(ToRoom::Restarting);
        spawn_local(async move {
            TimeoutFuture::new(RESTART_WITHIN_MS as u32 + 2_000).await;
            if self.stage.try_get_untracked() == Some(Stage::Reconnecting) {
                self.give_up_restart(true);
            }
        });
    }

    /// The restart was not back in time: a new connection, knocked for (the room worker
    /// knocks already when it gave up itself; `tell`: it must be told).
    fn give_up_restart(self, tell: bool) {
        if self.stage.get_untracked() != Stage::Reconnecting {
            return;
        }
        self.peer.set_value(None);
        self.recovering.set_value(Some(Recovered::Rejoin));
        self.stage.set(Stage::Seeking);
        if tell {
            self.tell_room(ToRoom::Lost);
        }
    }

    /// A new connection that answers `offer` (an invitation's, or the host's through the
    /// relays), `then` given the answer code; the stage says why if it cannot.
    fn answer_with(self, offer: String, then: Box<dyn FnOnce(String)>) {
        let handler: Rc<dyn Fn(PeerEvent)> = Rc::new(move |ev| self.on_event(ev));
        match Peer::new(&ice_servers(), MAX_HOST_MESSAGE_BYTES, handler) {
            Ok(p) => {
                // (A later connection, after a drop or the host's reload, replaces the last.)
                self.peer.set_value(Some(p.clone()));
                self.stage.set(Stage::Connecting(String::new()));
                spawn_local(async move {
                    match p.answer::<G>(&offer).await {
                        Ok(code) => then(code),
                        Err(e) => {
                            self.stage.try_set(Stage::Error(e));
                        }
                    }
                });
            }
            Err(e) => self.stage.set(Stage::Error(e)),
        }
    }

    fn hear_room(self, said: FromRoom) {
        match said {
            // The host's offer, through the relays: answered at once, back through them.
            FromRoom::Offer { host, conn, code } => self.answer_with(code, Box::new(move |code| self.tell_room(ToRoom::Answer { host, conn, code }))),
            // The host restarts the connection (asked, or on its own notice): answered on it.
            FromRoom::Restart { host, conn, code } => {
                let Some(Some(p)) = self.peer.try_get_value() else { return };
                if self.recovering.get_value().is_none() {
                    self.recovering.set_value(Some(Recovered::IceRestart));
                }
                spawn_local(async move {
                    match p.answer::<G>(&code).await {
                        Ok(code) => self.tell_room(ToRoom::RestartAnswer { host, conn, code }),
                        Err(e) => web_sys::console::warn_1(&format!("room: the host's restart was refused: {e:?}").into()),
                    }
                });
            }
            FromRoom::RestartFailed => self.give_up_restart(false),
            FromRoom::Relays { up, of } => self.relays.set(Some((up, of))),
            FromRoom::Failed(why) => self.stage.set(Stage::RoomFailed(why)),
            _ => {}
        }
    }

    fn join_room(self) {
        match RoomClient::start(move |said| self.hear_room(said)) {
            Some(client) => {
                client.send(&ToRoom::Guest { code: self.code.get_value(), relays: relays_text(storage::get_raw(RELAYS_KEY).ok().flatten()) });
                self.room_client.set_value(Some(Rc::new(client)));
                self.stage.set(Stage::Seeking);
            }
            None => self.shown.no_worker.set(true),
        }
    }

    /// The name given: a room's guest knocks; an invitation's answer code shows, for the
    /// guest to send back.
    pub(super) fn join(self) {
        let n: String = self.name.get_untracked().trim().chars().take(32).collect();
        self.call(GuestCall::Name(n.clone()));
        save_memory(&PeerMemory { name: n, ..load_memory() });
        if self.is_room {
            let _ = storage::set_raw(ROOM_JOINED_KEY, &self.code.get_value());
            return self.join_room();
        }
        let stage = self.stage;
        self.answer_with(
            self.code.get_value(),
            Box::new(move |answer| {
                stage.try_update(|s| {
                    if matches!(s, Stage::Connecting(c) if c.is_empty()) {
                        *s = Stage::Answer(answer);
                    }
                });
            }),
        );
    }

    /// This seat's automatic draw, at the settings' speed: one tick at a time, while the
    /// page is open.
    pub(super) fn keep_time(self, shell: Shell) {
        spawn_local(async move {
            loop {
                let step = shell.prefs.with_untracked(|p| p.draw_speed.millis()).clamp(30, 400);
                TimeoutFuture::new(step).await;
                match self.stage.try_get_untracked() {
                    None => break,
                    // (A spectator's tick moves nothing: the worker knows it watches.)
                    Some(Stage::Open) => self.apply(session::guest::<G>(GuestCall::Tick).await),
                    Some(_) => {}
                }
            }
        });
    }
}
