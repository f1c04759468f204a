//! The host page's side of the table worker: the page's own state (its connections and
//! invites, `Session`), what it shows as the worker last said (`Ui`), and one call to the
//! worker with its reply applied — the bytes sent on their connections, the table shown,
//! the save written, a bot's job passed to the bot worker. Also the table's life: opening
//! it (`open_table`), its clock (`keep_time`) and closing it when the page is left.

use super::few::Few;
use super::invites::{ensure_invites, InviteStatus};
use super::room::{findable, open_room, RoomShown};
use crate::web::peer::host_save::Autosave;
use crate::web::peer::rtc::Peer;
use crate::web::peer::{session, set_changed, now_ms, ConsoleLog, PeerTable};
use crate::i18n::Phrased;
use crate::net::host::ConnId;
use crate::net::protocol::LobbyState;
use crate::table::Seat;
use crate::web::shell::Shell;
use crate::worker::session::{HostCall, HostOpen, HostReply, VerdictShown};
use gloo_timers::future::TimeoutFuture;
use derive_where::derive_where;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
    /// The connections answered through the room (which can be restarted through it).
    pub(super) room_conns: Vec<ConnId>,
    /// The connections being restarted now (`room::restart_connection`).
    pub(super) restarting: Vec<ConnId>,
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

impl<G: PeerTable> Ui<G> {
    /// What the page shows before the worker's first answer: `opening`, the lobby a new
    /// table starts with (a resumed one's comes with that answer).
    pub(super) fn new(opening: LobbyState<G>, resuming: bool, autosave: Autosave) -> Ui<G> {
        Ui {
            lobby: RwSignal::new(opening),
            view: RwSignal::new(None),
            // A new table's host sits in the first seat.
            my_seat: RwSignal::new((!resuming).then_some(0)),
            refusal: RwSignal::new(None),
            verdict: RwSignal::new(None),
            dealing: RwSignal::new(false),
            chat: RwSignal::new(Vec::new()),
            invites: RwSignal::new(Few::new()),
            notice: RwSignal::new(None),
            watchers: RwSignal::new(0),
            waiting: RwSignal::new(Vec::new()),
            stand_in_after: RwSignal::new(30_000),
            open: RwSignal::new(false),
            no_worker: RwSignal::new(false),
            no_bots: RwSignal::new(false),
            room: RwSignal::new(RoomShown::default()),
            autosave,
        }
    }
}

/// Leaving the page closes every connection and stops the clock ([`keep_time`]): the
/// flag the clock reads.
pub(super) fn close_on_leave(sess: StoredValue<Shared, LocalStorage>) -> Arc<AtomicBool> {
    let alive = Arc::new(AtomicBool::new(true));
    let flag = alive.clone();
    on_cleanup(move || {
        flag.store(false, Ordering::Relaxed);
        let _ = sess.try_update_value(|s| {
            let mut s = s.borrow_mut();
            s.peers.clear();
            s.invites.clear();
            s.room = None;
        });
    });
    alive
}

/// Opens the table in the worker (a saved one is restored; one that cannot be is set
/// aside by the first save), then the room, then replays the host's changes the last
/// page left unanswered, in the order it made them.
pub(super) fn open_table<G: PeerTable>(session: &Shared, ui: Ui<G>, open: HostOpen, unanswered: Vec<Vec<u8>>, resumed: RwSignal<bool>) {
    let weak = Rc::downgrade(session);
    let saved = open.saved.clone();
    spawn_local(async move {
        let reply = session::host::<G>(HostCall::Open(open)).await;
        let restored = reply.as_ref().is_some_and(|r| r.resumed && r.restore_error.is_none());
        if let Some(r) = &reply {
            resumed.try_set(r.resumed);
            if let (Some(text), Some(error)) = (saved, r.restore_error.clone()) {
                ui.autosave.set_aside(text, error);
            }
        }
        apply(&weak, ui, reply);
        // The room once the table is open: its worker's download never competes with
        // the first screen's or the table's.
        if let Some(s) = weak.upgrade() {
            open_room(&s, ui);
        }
        if restored && !unanswered.is_empty() {
            for job in &unanswered {
                let reply = session::host_bytes::<G>(job).await;
                apply(&weak, ui, reply);
            }
            ui.autosave.journal_replayed();
        }
    });
}

/// Time at the table: stand-in bots, fair-round timeouts, the bots' moves and the host's
/// automatic draw — one tick at a time (the next once the worker has answered the last),
/// until the page is left (`alive`).
pub(super) fn keep_time<G: PeerTable>(sess: StoredValue<Shared, LocalStorage>, ui: Ui<G>, alive: Arc<AtomicBool>, shell: Shell) {
    spawn_local(async move {
        loop {
            let step = shell.prefs.with_untracked(|p| p.draw_speed.millis()).clamp(30, 250);
            TimeoutFuture::new(step).await;
            if !alive.load(Ordering::Relaxed) {
                break;
            }
            let Some(s) = sess.try_get_value() else { break };
            let reply = session::host::<G>(HostCall::Tick(now_ms())).await;
            apply(&Rc::downgrade(&s), ui, reply);
        }
    });
}
