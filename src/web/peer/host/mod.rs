//! The host's page (`#/friends`, or `#/friends/<game>` on the game's page): runs `net::Host`
//! in this browser, the lobby (seats, moves, bots, settings, start), one invite per empty or
//! dropped seat (link, code, QR, answer box), and the host's own seat at the game's board.
//! Written once for every [`PeerTable`]. The table is saved by `host_save` (changes only,
//! debounced, never over another tab's save).

mod invites;

use self::invites::{create_invite, ensure_invites, invite_box, InviteStatus};
use super::host_save::{self, Autosave, SaveNotices};
use super::rtc::{Peer, PeerEvent};
use super::chat::TableTalk;
use super::ConsoleLog;
use super::PeerTable;
use super::{bot_seats, entropy, ice_servers, load_memory, now_ms, seat_names, seat_state, InvitePassOn};
use crate::i18n::Text;
use crate::net::guest::{GuestClient, Verdict};
use crate::net::host::{ConnId, Host, HostConfig, LobbyError, Outgoing};
use crate::net::delta::ViewEncoder;
use crate::net::protocol::{decode_guest, GuestMessage, LobbyState, Refused, SeatInfo, MAX_GUEST_MESSAGE_BYTES};
use crate::routes::Route;
use crate::table::Seat;
use crate::ui_model::peer_messages::{lobby_error, refused};
use crate::ui_model::table::Pace;
use crate::web::shell::{BackHome, PaceSelect, Shell};
use crate::web::storage;
use derive_where::derive_where;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::rc::{Rc, Weak};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The host's own page is connection 0.
const ME: ConnId = 0;
/// The key of the open spectator invite among the seats' invites (no seat has it).
const WATCH: Seat = Seat::MAX;

struct Session<G: PeerTable> {
    host: Host<G>,
    me: GuestClient<G>,
    peers: BTreeMap<ConnId, Rc<Peer>>,
    /// Each connection's wire encoder: views go as patches of the last one (`net::delta`).
    encoders: BTreeMap<ConnId, ViewEncoder>,
    /// The open invite of each seat (a connection that has not said hello yet).
    invites: BTreeMap<Seat, ConnId>,
    next_conn: ConnId,
    /// Entries of the host's log already handled, and the console's budget for them.
    /// Log entries already written to the console (`Host::log_total` then).
    logged: u64,
    console: ConsoleLog,
}

/// What the page shows, refreshed after every change.
#[derive_where(Clone, Copy)]
struct Ui<G: PeerTable> {
    lobby: RwSignal<LobbyState<G>>,
    view: RwSignal<Option<G::View>>,
    my_seat: RwSignal<Option<Seat>>,
    refusal: RwSignal<Option<Refused<G::Error>>>,
    verdict: RwSignal<Option<Verdict<G>>>,
    dealing: RwSignal<bool>,
    chat: RwSignal<Vec<(Seat, String)>>,
    invites: RwSignal<BTreeMap<Seat, InviteStatus>>,
    notice: RwSignal<Option<LobbyError<G>>>,
    /// Spectators connected now.
    watchers: RwSignal<usize>,
    /// The bot worker could not answer: the bots cannot play.
    no_worker: RwSignal<bool>,
    autosave: Autosave,
}

type Shared<G> = Rc<RefCell<Session<G>>>;

/// A change the host makes in its lobby (seats, settings, start).
type LobbyOp<'a, G> = dyn Fn(&mut Host<G>) -> Result<Vec<Outgoing<G>>, LobbyError<G>> + 'a;

/// Sends the host's messages: the host's own seat handles its share here, the rest go out
/// over the data channels. Then refreshes the page.
fn dispatch<G: PeerTable>(sess: &Shared<G>, ui: Ui<G>, out: Vec<Outgoing<G>>) {
    {
        let mut queue: VecDeque<Outgoing<G>> = out.into();
        let mut s = sess.borrow_mut();
        let mut guard = 0;
        while let Some((conn, msg)) = queue.pop_front() {
            guard += 1;
            if guard > 100_000 {
                break;
            }
            if conn == ME {
                for reply in s.me.on(msg) {
                    let more = s.host.handle(ME, reply, now_ms());
                    queue.extend(more);
                }
            } else if let Some(p) = s.peers.get(&conn).cloned() {
                let bytes = s.encoders.entry(conn).or_default().encode(&msg);
                p.send(&bytes);
            }
        }
    }
    think(sess, ui);
    refresh(sess, ui);
}

/// A bot that thinks in the bot worker: the job the host has for it goes there, and the
/// answer comes back to the host (which then moves on, maybe with the next job).
fn think<G: PeerTable>(sess: &Shared<G>, ui: Ui<G>) {
    let job = sess.borrow_mut().host.bot_job();
    let Some((ticket, job)) = job else { return };
    let sess = sess.clone();
    spawn_local(async move {
        let answer = crate::web::worker::ask(&job).await;
        ui.no_worker.try_set(answer.is_none());
        let out = sess.borrow_mut().host.bot_answer(ticket, answer.as_ref().map(|a| a.bytes.as_slice()), now_ms());
        dispatch(&sess, ui, out);
    });
}

fn refresh<G: PeerTable>(sess: &Shared<G>, ui: Ui<G>) {
    // Refused messages and lobby operations: the host's log, for whoever debugs a table
    // (a few lines a minute at most).
    {
        let mut s = sess.borrow_mut();
        let Session { host, logged, console, .. } = &mut *s;
        let now = now_ms();
        for entry in host.log_since(*logged) {
            console.warn(now, || format!("refused (connection {:?}): {}", entry.conn, entry.what));
        }
        *logged = host.log_total();
    }
    let (lobby, view, seat, refusal, verdict, dealing, chat, watchers) = {
        let s = sess.borrow();
        let watchers = s.host.watchers().len();
        (s.host.lobby(), s.me.view.clone(), s.me.seat, s.me.rejected.clone(), s.me.current_verdict().cloned(), s.host.dealing(), s.me.chat.clone(), watchers)
    };
    ui.autosave.changed();
    // Only real changes re-render (an answer being typed into an invite must survive).
    set_changed(ui.lobby, lobby);
    set_changed(ui.view, view);
    set_changed(ui.my_seat, seat);
    set_changed(ui.refusal, refusal);
    set_changed(ui.verdict, verdict);
    set_changed(ui.dealing, dealing);
    set_changed(ui.chat, chat);
    set_changed(ui.watchers, watchers);
    ensure_invites(sess, ui);
}

fn set_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.try_with_untracked(|v| v != &value).unwrap_or(false) {
        signal.set(value);
    }
}

/// The host's page for game `G` (see the module's header).
pub fn host_page<G: PeerTable>() -> AnyView {
    let shell = expect_context::<Shell>();
    let memory = load_memory();
    let name = if memory.name.trim().is_empty() { "Host".to_string() } else { memory.name.clone() };
    // A table saved before a reload resumes; one that cannot be restored is backed up (by
    // the first save) and a new table starts.
    let (saved, saver) = host_save::load::<G>(entropy(), now_ms());
    let resumed = saved.is_some();
    let (host, token) = match saved {
        Some(r) => (r.host, r.token),
        None => match Host::new(G::Settings::default(), entropy(), HostConfig::default()) {
            Ok(h) => (h, None),
            Err(e) => return view! { <p class="notice bad">{lobby_error::<G>(&e, shell.lang())}</p> }.into_any(),
        },
    };
    let me = GuestClient::new(&name, entropy(), token);
    let console = ConsoleLog::default();
    let session: Shared<G> = Rc::new(RefCell::new(Session { host, me, peers: BTreeMap::new(), encoders: BTreeMap::new(), invites: BTreeMap::new(), next_conn: ME, logged: 0, console }));
    // The table is saved a moment after each change, from what the session holds then.
    let weak = Rc::downgrade(&session);
    let autosave = Autosave::new(saver, move || weak.upgrade().map(|s| host_save::table_text(&s.borrow().host, &s.borrow().me)));
    let ui = Ui {
        lobby: RwSignal::new(session.borrow().host.lobby()),
        view: RwSignal::new(None),
        my_seat: RwSignal::new(None),
        refusal: RwSignal::new(None),
        verdict: RwSignal::new(None),
        dealing: RwSignal::new(false),
        chat: RwSignal::new(Vec::new()),
        invites: RwSignal::new(BTreeMap::new()),
        notice: RwSignal::new(None),
        watchers: RwSignal::new(0),
        no_worker: RwSignal::new(false),
        autosave,
    };
    let sess = StoredValue::new_local(session.clone());
    // The bots' pace (this browser's choice, not saved with the table): a bot waits a
    // moment before each move, longer after a trick, so everyone can follow the table.
    let pace = RwSignal::new(Pace::Normal);
    let set_pace = Callback::new(move |p: Pace| {
        pace.set(p);
        if let Some(s) = sess.try_get_value() {
            s.borrow_mut().host.set_bot_pace(p.millis().into(), p.trick_pause_millis().into());
        }
    });
    set_pace.run(Pace::Normal);
    // The host's own seat says hello like any guest.
    let out = {
        let mut s = session.borrow_mut();
        s.host.connect(ME);
        let hello = s.me.hello();
        s.host.handle(ME, hello, now_ms())
    };
    dispatch(&session, ui, out);
    autosave.watch();

    // Leaving the page closes every connection.
    let alive = Arc::new(AtomicBool::new(true));
    {
        let alive = alive.clone();
        on_cleanup(move || {
            alive.store(false, Ordering::Relaxed);
            let _ = sess.try_update_value(|s| {
                let mut s = s.borrow_mut();
                s.peers.clear();
                s.invites.clear();
            });
        });
    }
    // The host's own seat speaks through its client like a guest's page: a move, a line of chat.
    let from_me = move |make: &dyn Fn(&mut GuestClient<G>) -> Option<GuestMessage<G>>| {
        let Some(sess) = sess.try_get_value() else { return };
        let out = {
            let mut s = sess.borrow_mut();
            match make(&mut s.me) {
                Some(m) => s.host.handle(ME, m, now_ms()),
                None => Vec::new(),
            }
        };
        dispatch(&sess, ui, out);
    };
    let act = move |action: G::Action| from_me(&|me| me.action(action.clone()));
    // Time: stand-in bots, fair-round timeouts, and this seat's automatic draw.
    {
        let alive = alive.clone();
        spawn_local(async move {
            loop {
                let step = shell.prefs.with_untracked(|p| p.draw_speed.millis()).clamp(30, 250);
                TimeoutFuture::new(step).await;
                if !alive.load(Ordering::Relaxed) {
                    break;
                }
                let Some(sess) = sess.try_get_value() else { break };
                let (out, auto) = {
                    let mut s = sess.borrow_mut();
                    (s.host.tick(now_ms()), s.me.auto_action())
                };
                if !out.is_empty() {
                    dispatch(&sess, ui, out);
                } else {
                    // A bot whose paced turn came due asks the worker without a message.
                    think(&sess, ui);
                }
                if let Some(draw) = auto {
                    act(draw);
                }
            }
        });
    }

    let lobby_op = move |op: &LobbyOp<'_, G>| {
        let Some(sess) = sess.try_get_value() else { return };
        let result = op(&mut sess.borrow_mut().host);
        match result {
            Ok(out) => {
                ui.notice.set(None);
                dispatch(&sess, ui, out);
            }
            Err(e) => ui.notice.set(Some(e)),
        }
    };
    let change_settings = Callback::new(move |settings: G::Settings| lobby_op(&|h: &mut Host<G>| h.set_settings(settings.clone())));
    let started = Memo::new(move |_| ui.lobby.with(|l| l.started));
    let has_view = Memo::new(move |_| ui.view.with(|v| v.is_some()));
    let names = Signal::derive(move || ui.lobby.with(|l| seat_names(l, ui.my_seat.get(), shell)));
    let bots = Signal::derive(move || ui.lobby.with(bot_seats));

    let settings_panel = move || {
        let l = ui.lobby.get();
        let stand_in = sess.try_get_value().map(|s| s.borrow().host.config().stand_in_after / 1000).unwrap_or(30);
        view! {
            <div class="peer-settings">
                {G::settings_form(l.settings.clone(), change_settings, shell)}
                <PaceSelect pace=pace set=set_pace/>
                <label class="field">
                    <span>{shell.t(Text::StandInAfter)}</span>
                    <input type="number" min="1" max="600" data-testid="stand-in-after" prop:value=stand_in.to_string()
                        on:change=move |ev| {
                            if let (Ok(n), Some(s)) = (event_target_value(&ev).parse::<u64>(), sess.try_get_value()) {
                                s.borrow_mut().host.set_stand_in_after(n.clamp(1, 600) * 1000);
                            }
                        }/>
                </label>
            </div>
        }
    };

    let seat_list = move || {
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
                                            lobby_op(&|h: &mut Host<G>| h.set_bot_level(seat, level));
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
                                on:click=move |_| lobby_op(&|h: &mut Host<G>| h.move_player(seat, seat - 1))>
                                "↑"
                            </button>
                        })}
                        {(!started && seat + 1 < n).then(|| view! {
                            <button type="button" class="button small" data-testid="move-down"
                                on:click=move |_| lobby_op(&|h: &mut Host<G>| h.move_player(seat, seat + 1))>
                                "↓"
                            </button>
                        })}
                        {is_guest.then(|| view! {
                            <button type="button" class="button small" data-testid="remove-player"
                                on:click=move |_| lobby_op(&|h: &mut Host<G>| h.remove_player(seat, now_ms()))>
                                {shell.t(Text::RemovePlayer)}
                            </button>
                        })}
                    </div>
                    {invite.map(|status| invite_box(seat, status, sess, ui))}
                </li>
            }
        }).collect_view()
    };

    // Spectators: how many watch, and an invite to watch that seats nobody.
    let spectators = move || {
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
                {invite.map(|status| view! {
                    <p class="muted">{shell.t(Text::SpectatorInvite)}</p>
                    {invite_box(WATCH, status, sess, ui)}
                })}
            </div>
        }
    };

    let status_line = move || {
        if ui.dealing.get() {
            return Some(view! { <p class="status-line" data-testid="peer-status">{shell.t(Text::Dealing)}</p> }.into_any());
        }
        ui.verdict.get().map(|v| super::join::verdict_view(&v, shell))
    };

    view! {
        <section class="screen page peer-host" class:wide=move || has_view.get() data-testid="peer-host">
            <h2>{move || shell.t(Text::PlayWithFriends)}</h2>
            <SaveNotices autosave=ui.autosave/>
            {move || (!has_view.get()).then(|| view! {
                <p class="muted">{shell.t(Text::PeerHostIntro)}</p>
                {move || (!started.get()).then(|| view! { <h3>{shell.t(Text::StepTable)}</h3> {settings_panel()} })}
                <h3>{shell.t(Text::StepInvite)}</h3>
                <ol class="peer-seats" data-testid="lobby">{seat_list}</ol>
                {spectators}
                {move || (!started.get()).then(|| view! {
                    <h3>{shell.t(Text::StepStart)}</h3>
                    <div class="hand-actions">
                        <button type="button" class="button" data-testid="fill-bots"
                            on:click=move |_| lobby_op(&|h: &mut Host<G>| Ok(h.fill_with_bots()))>
                            {shell.t(Text::FillBots)}
                        </button>
                        <button type="button" class="button primary" data-testid="start-game"
                            on:click=move |_| lobby_op(&|h: &mut Host<G>| h.start(now_ms()))>
                            {shell.t(Text::StartGame)}
                        </button>
                    </div>
                })}
                {status_line}
            })}
            {move || ui.notice.get().map(|e| view! { <p class="notice bad" role="alert" data-testid="lobby-error">{lobby_error::<G>(&e, shell.lang())}</p> })}
            {move || ui.no_worker.get().then(|| view! { <p class="notice bad" role="alert" data-testid="no-worker">{shell.t(Text::NoBotWorker)}</p> })}
            {resumed.then(|| view! { <p class="notice" role="status" data-testid="resumed">{shell.t(Text::Resumed)}</p> })}
            {move || has_view.get().then(|| ui.view.get_untracked()).flatten().map(|first| {
                let view = Signal::derive(move || ui.view.get().unwrap_or_else(|| first.clone()));
                let error = Signal::derive(move || ui.refusal.get().map(|r| refused::<G>(&r, shell.lang())));
                let seats = ViewFn::from(move || view! { <ol class="peer-seats peer-dropped">{seat_list}</ol> {spectators} });
                let say = Callback::new(move |text: String| from_me(&|me| me.say(&text)));
                view! {
                    <div class="peer-status">{status_line}</div>
                    {untrack(|| G::board(view, names, Callback::new(act), error, Some(seats), bots))}
                    <TableTalk lines=ui.chat.into() names=names send=say/>
                }
            })}
            <button type="button" class="button subtle" data-testid="new-table"
                on:click=move |_| {
                    if ui.autosave.close() {
                        let _ = storage::remove(G::HOST_KEY);
                    }
                    if let Some(w) = web_sys::window() { let _ = w.location().reload(); }
                }>
                {move || shell.t(Text::NewTable)}
            </button>
            <BackHome/>
        </section>
    }
    .into_any()
}
