//! The host's page (`#/friends`, or `#/friends/<game>` on the game's peer page): the table
//! runs in the page's worker (`worker::session`: `net::Host` and the host's own seat); this
//! page holds the WebRTC connections, the lobby (seats, moves, bots, settings, start), one
//! invite per empty or dropped seat (link, code, QR, answer box), and the host's own seat at
//! the game's board. Everything that happens — a guest's bytes, a closed connection, a lobby
//! change, the host's move, time passing — is a call to the worker; its reply says what to
//! send, what to show and what to save. Written once for every [`PeerTable`]. The table is
//! saved by `host_save` (changes only, debounced, never over another tab's save). The calls
//! to the worker and their replies are `link`, the settings and the start `lobby`, the seat
//! cards `seats`, the invites `invites`, the room link `room`.

mod few;
mod invites;
mod link;
mod lobby;
mod room;
mod seats;

use self::few::Few;
use self::link::{apply, call, close_on_leave, keep_time, open_table, Session, Shared, Ui};
use self::lobby::{settings_panel, start_buttons};
use self::invites::ensure_invites;
use self::seats::{seat_cards, spectators};
use self::room::{room_box, room_key};
use super::host_save::{self, Autosave, SaveNotices};
use super::rtc::{Peer, PeerEvent};
use super::chat::TableTalk;
use super::session;
use super::ConsoleLog;
use super::PeerTable;
use super::{bot_seats, entropy, load_memory, now_ms, seat_names, InvitePassOn};
use crate::i18n::Text;
use crate::net::host::ConnId;
use crate::net::protocol::LobbyState;
use crate::routes::Route;
use crate::table::Seat;
use crate::ui_model::table::Pace;
use crate::web::shell::{BackHome, Shell};
use crate::web::storage;
use crate::worker::session::{HostCall, HostOpen, HostReply, LobbyOp};
use leptos::prelude::*;
use crate::web::after_paint::AfterPaint;
use leptos::task::spawn_local;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// The key of the open spectator invite among the seats' invites (no seat has it).
const WATCH: Seat = Seat::MAX;

/// The host's page for game `G` (see the module's header).
pub fn host_page<G: PeerTable>() -> AnyView {
    let shell = expect_context::<Shell>();
    let memory = load_memory();
    let name = if memory.name.trim().is_empty() { "Host".to_string() } else { memory.name.clone() };
    // A table saved before a reload resumes (the worker restores it); one that cannot be
    // restored is backed up (by the first save) and a new table starts.
    let (saved, unanswered, saver) = host_save::open(G::HOST_KEY);
    let resuming = saved.is_some();
    // Until the worker answers, a new table's lobby as the worker will make it.
    let opening = match LobbyState::<G>::opening(G::Settings::default(), &name) {
        Ok(l) => l,
        Err(e) => return view! { <p class="notice bad">{G::settings_error(&e, shell.lang())}</p> }.into_any(),
    };
    let session: Shared = Rc::new(RefCell::new(Session { peers: Few::new(), invites: Few::new(), next_conn: 0, console: ConsoleLog::default(), room: None, room_findable: None, room_conns: Vec::new(), restarting: Vec::new() }));
    let autosave = Autosave::new(saver);
    let ui = Ui::new(opening, resuming, autosave);
    let resumed = RwSignal::new(false);
    let sess = StoredValue::new_local(session.clone());
    open_table(&session, ui, HostOpen { saved: saved.clone(), name, entropy: entropy(), page_secret: entropy(), now: now_ms() }, unanswered, resumed);
    // The bots' pace (this browser's choice, not saved with the table): a bot waits a
    // moment before each move, longer after a trick, so everyone can follow the table.
    let pace = RwSignal::new(Pace::Normal);
    let set_pace = Callback::new(move |p: Pace| {
        pace.set(p);
        if let Some(s) = sess.try_get_value() {
            call(&s, ui, HostCall::Pace { each: p.millis().into(), pause: p.trick_pause_millis().into() });
        }
    });
    set_pace.run(Pace::Normal);
    autosave.watch();
    // The seats' own invites are made once they are to show (the room link cannot seat
    // anyone, or the host asked for them): none is made only to be hidden.
    Effect::new(move |_| {
        if ui.room.with(|r| r.invites()) {
            if let Some(s) = sess.try_get_value() {
                ensure_invites(&s, ui);
            }
        }
    });

    let alive = close_on_leave(sess);
    let host_call = move |c: HostCall<G>| {
        if let Some(s) = sess.try_get_value() {
            call(&s, ui, c);
        }
    };
    // The host's own changes: journaled until the worker answers (`host_save`), so a page
    // left straight after one loses nothing.
    let change = move |c: HostCall<G>, then: Box<dyn FnOnce(&HostReply<G>)>| {
        let Some(s) = sess.try_get_value() else { return };
        let weak = Rc::downgrade(&s);
        let job = session::host_job(c);
        let id = autosave.sent(job.clone());
        spawn_local(async move {
            let reply = session::host_bytes::<G>(&job).await;
            autosave.answered(id);
            if let Some(r) = &reply {
                then(r);
            }
            apply(&weak, ui, reply);
        });
    };
    let act = move |action: G::Action| change(HostCall::Act(action, now_ms()), Box::new(|_| {}));
    keep_time(sess, ui, alive.clone(), shell);

    let lobby_op = Callback::new(move |op: LobbyOp<G>| {
        ui.notice.set(None);
        change(HostCall::Lobby(op, now_ms()), Box::new(move |r: &HostReply<G>| {
            ui.notice.try_set(r.refused.clone());
        }));
    });
    let started = Memo::new(move |_| ui.lobby.with(|l| l.started));
    let has_view = Memo::new(move |_| ui.view.with(|v| v.is_some()));
    let names = Signal::derive(move || ui.lobby.with(|l| seat_names(l, ui.my_seat.get(), shell)));
    let bots = Signal::derive(move || ui.lobby.with(bot_seats));

    let host_call_cb = Callback::new(host_call);
    let settings_panel = move || settings_panel(ui, pace, set_pace, lobby_op, host_call_cb);

    let seat_list = move || seat_cards(ui, sess, lobby_op);
    let spectator_row = move || spectators(ui, sess);

    let status_line = move || status_line(ui, resuming, shell);

    // The lobby's steps: the table's settings, the invitation and the seats, the start.
    let lobby = move || {
        view! {
            <p class="muted">{shell.t(Text::PeerHostIntro)}</p>
            {move || (!started.get()).then(|| view! { <h3>{shell.t(Text::StepTable)}</h3> {settings_panel()} })}
            // The invitation and the seats, then the start, each in a task after the
            // settings (`after_paint`): the page's start stays short.
            <AfterPaint>
            <h3>{shell.t(Text::StepInvite)}</h3>
            {room_box::<G>(ui.room)}
            <ol class="peer-seats" data-testid="lobby">{seat_list}</ol>
            {spectator_row}
            </AfterPaint>
            <AfterPaint>
            {move || (!started.get()).then(|| start_buttons(lobby_op))}
            {status_line}
            </AfterPaint>
        }
    };
    // The table once dealt: the host's own seat at the game's board, the seats that
    // dropped (with their invites) under it, and the table talk.
    let table = move |first: G::View| {
        let view = Signal::derive(move || ui.view.get().unwrap_or_else(|| first.clone()));
        let error = Signal::derive(move || ui.refusal.get().map(|r| r.get(shell.lang()).to_string()));
        let seats = ViewFn::from(move || view! { <ol class="peer-seats peer-dropped">{seat_list}</ol> {spectator_row} });
        let say = Callback::new(move |text: String| host_call(HostCall::Say(text, now_ms())));
        view! {
            <div class="peer-status">{status_line}</div>
            {untrack(|| G::board(view, names, Callback::new(act), error, Some(seats), bots))}
            <TableTalk lines=ui.chat.into() names=names send=say/>
        }
    };

    view! {
        <section class="screen page peer-host" class:wide=move || has_view.get() data-testid="peer-host">
            <h2>{move || shell.t(Text::PlayWithFriends)}</h2>
            <SaveNotices autosave=ui.autosave/>
            // A saved table's lobby shows once the worker has restored it.
            {move || (!has_view.get() && (ui.open.get() || !resuming)).then(lobby)}
            {move || (!ui.open.get() && resuming).then(status_line)}
            {move || ui.notice.get().map(|e| view! { <p class="notice bad" role="alert" data-testid="lobby-error">{e.get(shell.lang()).to_string()}</p> })}
            {move || ui.no_worker.get().then(|| view! { <p class="notice bad" role="alert" data-testid="no-worker">{shell.t(Text::NoTableWorker)}</p> })}
            {move || (ui.no_bots.get() && !ui.no_worker.get()).then(|| view! { <p class="notice bad" role="alert" data-testid="no-worker">{shell.t(Text::NoBotWorker)}</p> })}
            {move || resumed.get().then(|| view! { <p class="notice" role="status" data-testid="resumed">{shell.t(Text::Resumed)}</p> })}
            {move || has_view.get().then(|| ui.view.get_untracked()).flatten().map(table)}
            <AfterPaint>
            <button type="button" class="button subtle" data-testid="new-table"
                on:click=move |_| {
                    if ui.autosave.close() {
                        let _ = storage::remove(G::HOST_KEY);
                        let _ = storage::remove(&room_key::<G>());
                    }
                    if let Some(w) = web_sys::window() { let _ = w.location().reload(); }
                }>
                {move || shell.t(Text::NewTable)}
            </button>
            <BackHome/>
            </AfterPaint>
        </section>
    }
    .into_any()
}

/// The host's status line: dealing, restoring a saved table, or the deal's verdict.
fn status_line<G: PeerTable>(ui: Ui<G>, resuming: bool, shell: Shell) -> Option<AnyView> {
    if ui.dealing.get() {
        return Some(view! { <p class="status-line" data-testid="peer-status">{shell.t(Text::Dealing)}</p> }.into_any());
    }
    if !ui.open.get() && resuming {
        return Some(view! { <p class="status-line" data-testid="peer-status">{shell.t(Text::ResumingTable)}</p> }.into_any());
    }
    ui.verdict.get().map(|v| super::join::verdict_view(&v, shell))
}
