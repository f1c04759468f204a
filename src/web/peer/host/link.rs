//! The host page's side of the table worker: the page's own state (its connections and
//! invites, `Session`), what it shows as the worker last said (`Ui`), and one call to the
//! worker with its reply applied — the bytes sent on their connections, the table shown,
//! the save written, a bot's job passed to the bot worker.

use super::few::Few;
use super::invites::{ensure_invites, InviteStatus};
use super::room::{findable, RoomShown};
use crate::web::peer::host_save::Autosave;
use crate::web::peer::rtc::Peer;
use crate::web::peer::{session, set_changed, now_ms, ConsoleLog, PeerTable};
use crate::i18n::Phrased;
use crate::net::host::ConnId;
use crate::net::protocol::LobbyState;
use crate::table::Seat;
use crate::worker::session::{HostCall, HostReply, VerdictShown};
use derive_where::derive_where;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// The page's side of the table: its connections and invites.
pub(super) struct Session {
    pub(super) peers: Few<ConnId, Rc<Peer>>,
    /// The open invite of each seat (a connection that has not said hello yet).
    pub(super) invites: Few<Seat, ConnId>,
    /// The host's own seat is connection 0 (in the worker): guests' connections count from 1.
    pub(super) next_conn: ConnId,
    /// Refused messages on the console, at most a few a minute.
    pub(super) console: ConsoleLog,
    /// The room worker: one link that seats everyone (`room`).
    pub(super) room: Option<crate::web::room::client::RoomClient>,
    /// Whether the room was last told the table wants guests.
    pub(super) room_findable: Option<bool>,
}

/// What the page shows, as the worker last said.
#[derive_where(Clone, Copy)]
pub(super) struct Ui<G: PeerTable> {
    pub(super) lobby: RwSignal<LobbyState<G>>,
    pub(super) view: RwSignal<Option<G::View>>,
    pub(super) my_seat: RwSignal<Option<Seat>>,
    pub(super) refusal: RwSignal<Option<Phrased>>,
    pub(super) verdict: RwSignal<Option<VerdictShown>>,
    pub(super) dealing: RwSignal<bool>,
    pub(super) chat: RwSignal<Vec<(Seat, String)>>,
    pub(super) invites: RwSignal<Few<Seat, InviteStatus>>,
    /// Why the last lobby change was refused.
    pub(super) notice: RwSignal<Option<Phrased>>,
    /// Spectators connected now.
    pub(super) watchers: RwSignal<usize>,
    /// The names of the watchers waiting for a seat.
    pub(super) waiting: RwSignal<Vec<String>>,
    pub(super) stand_in_after: RwSignal<u64>,
    /// The worker has opened the table (a saved one takes a moment to restore).
    pub(super) open: RwSignal<bool>,
    /// The table worker could not run: neither can the table.
    pub(super) no_worker: RwSignal<bool>,
    /// The bot worker could not answer: the bots cannot play.
    pub(super) no_bots: RwSignal<bool>,
    /// The room link and whether the seats' own invites show (`room`).
    pub(super) room: RwSignal<RoomShown>,
    pub(super) autosave: Autosave,
}

pub(super) type Shared = Rc<RefCell<Session>>;

/// Makes `call` in the worker and applies its reply, in the order calls were made.
pub(super) fn call<G: PeerTable>(sess: &Shared, ui: Ui<G>, call: HostCall<G>) {
    let weak = Rc::downgrade(sess);
    spawn_local(async move {
        let reply = session::host(call).await;
        apply(&weak, ui, reply);
    });
}

/// The worker's reply: the bytes go out on their connections, the page shows what the
/// table is now, the table's new text is saved.
pub(super) fn apply<G: PeerTable>(sess: &Weak<RefCell<Session>>, ui: Ui<G>, reply: Option<HostReply<G>>) {
    let Some(sess) = sess.upgrade() else { return };
    let Some(reply) = reply else {
        ui.no_worker.try_set(true);
        return;
    };
    {
        let mut s = sess.borrow_mut();
        for (conn, bytes) in &reply.send {
            if let Some(p) = s.peers.get(conn) {
                p.send(bytes);
            }
        }
        // The host's log, for whoever debugs a table (a few lines a minute at most).
        let now = now_ms();
        for line in reply.log {
            s.console.warn(now, || line);
        }
    }
    if let Some(text) = reply.save {
        ui.autosave.changed(text);
    }
    // A bot that thinks in the bot worker: its job goes there, its answer back to the table.
    if let Some((ticket, job)) = reply.bot_job {
        let weak = Rc::downgrade(&sess);
        spawn_local(async move {
            let answer = crate::web::worker::ask(&job).await;
            ui.no_bots.try_set(answer.is_none());
            let Some(sess) = weak.upgrade() else { return };
            call(&sess, ui, HostCall::BotAnswer { ticket, answer: answer.map(|a| a.bytes), now: now_ms() });
        });
    }
    if let Some(t) = reply.table {
        // Only real changes re-render (an answer being typed into an invite must survive).
        set_changed(ui.lobby, t.lobby);
        set_changed(ui.view, t.view);
        set_changed(ui.my_seat, t.seat);
        set_changed(ui.refusal, t.refusal);
        set_changed(ui.verdict, t.verdict);
        set_changed(ui.dealing, t.dealing);
        set_changed(ui.chat, t.chat);
        set_changed(ui.watchers, t.watchers);
        set_changed(ui.waiting, t.waiting);
        set_changed(ui.stand_in_after, t.stand_in_after);
        ui.open.try_set(true);
    }
    ensure_invites(&sess, ui);
    findable(&sess, ui);
}
