//! What the guest's page knows: where the guest is (`Stage`, from the name to the open
//! table), whether the link is a room's, and what the page shows as the worker last said
//! (`Shown`).

use crate::i18n::Phrased;
use crate::net::connect::ConnectError;
use crate::net::protocol::LobbyState;
use crate::net::room::link::{RoomCode, RoomCodeError};
use crate::web::peer::{set_changed, PeerTable};
use crate::worker::session::{GuestTable, VerdictShown};
use derive_where::derive_where;
use leptos::prelude::*;

/// Where the guest is, in the order it happens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    Name,
    Answer(String),
    Connecting(String),
    Open,
    HostGone,
    Failed,
    Error(ConnectError),
    /// A room's guest, knocking through the relays until the host offers a connection.
    Seeking,
    /// A room's guest whose open connection went down: restarting it (ICE restart through
    /// the relays), the table kept as it was.
    Reconnecting,
    /// The room did not open, phrased by the room worker (or, for a damaged link, here).
    RoomFailed(Phrased),
}

/// A room link's code (`Ok(None)`: an invitation's code, read as before).
pub(super) fn room_of(code: &str) -> Result<Option<RoomCode>, RoomCodeError> {
    match RoomCode::decode(code) {
        Ok(room) => Ok(Some(room)),
        // Tagged as a room but damaged: say so in the room's words.
        Err(e @ (RoomCodeError::Length { .. } | RoomCodeError::HostKey)) => Err(e),
        Err(_) => Ok(None),
    }
}

/// What the page shows, as the worker last said.
#[derive_where(Clone, Copy)]
pub(super) struct Shown<G: PeerTable> {
    pub(super) view: RwSignal<Option<G::View>>,
    pub(super) lobby: RwSignal<Option<LobbyState<G>>>,
    pub(super) seat: RwSignal<Option<usize>>,
    pub(super) refusal: RwSignal<Option<Phrased>>,
    pub(super) verdict: RwSignal<Option<VerdictShown>>,
    pub(super) dealing: RwSignal<bool>,
    pub(super) chat: RwSignal<Vec<(usize, String)>>,
    pub(super) no_worker: RwSignal<bool>,
    /// This page watches (a spectator's, or one waiting for a seat: `waiting`).
    pub(super) watching: RwSignal<bool>,
    pub(super) waiting: RwSignal<bool>,
}

impl<G: PeerTable> Shown<G> {
    /// Nothing shown yet; `watch`: a spectator's page.
    pub(super) fn new(watch: bool) -> Shown<G> {
        Shown {
            view: RwSignal::new(None),
            lobby: RwSignal::new(None),
            seat: RwSignal::new(None),
            refusal: RwSignal::new(None),
            verdict: RwSignal::new(None),
            dealing: RwSignal::new(false),
            chat: RwSignal::new(Vec::new()),
            no_worker: RwSignal::new(false),
            watching: RwSignal::new(watch),
            waiting: RwSignal::new(false),
        }
    }

    /// The table as the worker says it is now (only real changes re-render).
    pub(super) fn show(&self, t: GuestTable<G>) {
        set_changed(self.view, t.view);
        set_changed(self.lobby, t.lobby);
        set_changed(self.seat, t.seat);
        set_changed(self.refusal, t.refusal);
        set_changed(self.verdict, t.verdict);
        set_changed(self.dealing, t.dealing);
        set_changed(self.chat, t.chat);
        set_changed(self.watching, t.watching);
        set_changed(self.waiting, t.waiting);
    }
}
