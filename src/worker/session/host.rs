//! The host's side of a peer table in the worker: `net::Host`, the host's own seat (a
//! `GuestClient` on connection 0, which speaks to the host as any guest does), one wire
//! encoder per guest (views go as patches of the last one), and the table's saved text.

use super::{PeerSession, VerdictShown};
use crate::i18n::Phrased;
use crate::net::delta::ViewEncoder;
use crate::net::fair::Secret;
use crate::net::guest::GuestClient;
use crate::net::host::{BotTicket, ConnId, Host, HostConfig, HostSnapshot, LobbyError, Millis, Outgoing};
use crate::net::protocol::{self, decode_guest, GuestMessage, LobbyState};
use crate::net::PeerGame;
use crate::table::Seat;
use crate::ui_model::peer_messages::{lobby_error, refused};
use derive_where::derive_where;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// The host's own seat is connection 0.
pub const ME: ConnId = 0;

/// The table as kept in localStorage (under the game's `PeerTable::HOST_KEY`).
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct SavedTable<G: PeerGame> {
    snapshot: HostSnapshot<G>,
    /// The host's own seat's rejoin token.
    token: Option<String>,
}

/// Opening the host's table.
#[derive(Serialize, Deserialize)]
pub struct HostOpen {
    /// The saved table's text, if the page found one (it resumes when it can be restored).
    pub saved: Option<String>,
    /// The host's name at its own seat.
    pub name: String,
    /// Fresh randomness from the page: the host's for fair dealing, its seat's secret.
    pub entropy: Secret,
    pub page_secret: Secret,
    pub now: Millis,
}

/// A change the host makes in its lobby.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub enum LobbyOp<G: PeerGame> {
    Settings(
        #[serde(serialize_with = "crate::net::game::wire_settings::serialize::<G, _>")]
        #[serde(deserialize_with = "crate::net::game::wire_settings::deserialize::<G, _>")]
        G::Settings,
    ),
    BotLevel(Seat, G::BotLevel),
    Move { from: Seat, to: Seat },
    Remove(Seat),
    FillWithBots,
    Start,
}

/// What happened on the host's page.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub enum HostCall<G: PeerGame> {
    Open(HostOpen),
    /// A connection was made for an invite (nothing has arrived on it yet).
    Connect(ConnId),
    /// A guest's bytes arrived on `conn`; `invited`: the invite it came through (a seat, or
    /// `None` for the spectators' invite), while it is one.
    Received { conn: ConnId, bytes: Vec<u8>, now: Millis, invited: Option<Option<Seat>> },
    /// A message larger than the wire allows arrived (unread).
    Oversized { conn: ConnId, len: usize },
    /// A connection is gone (or its invite was dropped).
    Disconnect { conn: ConnId, now: Millis },
    /// Time passes: stand-in bots, fair-round timeouts, bots' moves, the host's automatic draw.
    Tick(Millis),
    Lobby(LobbyOp<G>, Millis),
    /// The host's own move and line of chat.
    Act(G::Action, Millis),
    Say(String, Millis),
    /// The bot worker's answer to a bot's job ([`HostReply::bot_job`]; `None`: it could not answer).
    BotAnswer { ticket: BotTicket, answer: Option<Vec<u8>>, now: Millis },
    /// The bots' pace (this browser's choice): a wait before each move, longer after a trick.
    Pace { each: Millis, pause: Millis },
    StandInAfter(Millis),
}

/// An invite's connection has become a guest at a seat, or a spectator: the invite is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arrival {
    Seated,
    Watching,
}

/// What the host's page shows.
#[derive(Serialize, Deserialize)]
#[derive_where(Clone, Debug, PartialEq)]
#[serde(bound = "")]
pub struct HostTable<G: PeerGame> {
    pub lobby: LobbyState<G>,
    /// The host's own seat's view, once dealt.
    pub view: Option<G::View>,
    pub seat: Option<Seat>,
    /// Why the host's own last move was refused.
    pub refusal: Option<Phrased>,
    pub verdict: Option<VerdictShown>,
    pub dealing: bool,
    pub chat: Vec<(Seat, String)>,
    pub watchers: usize,
    /// The names of the watchers waiting for a seat, first to be seated first.
    pub waiting: Vec<String>,
    pub stand_in_after: Millis,
}

/// The worker's answer to a [`HostCall`].
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct HostReply<G: PeerGame> {
    /// Bytes for the guests' connections, in order.
    pub send: Vec<(ConnId, Vec<u8>)>,
    /// What the page shows, when it changed.
    pub table: Option<HostTable<G>>,
    /// The table's text to save, when the table changed.
    pub save: Option<String>,
    /// Why a lobby change was refused.
    pub refused: Option<Phrased>,
    /// Refused messages, for the console (English, for whoever debugs a table).
    pub log: Vec<String>,
    /// `Open`: the table resumed from the saved text.
    pub resumed: bool,
    /// `Open`: why the saved text could not be restored (English, for the notice's details).
    pub restore_error: Option<String>,
    /// `Received`: the invite's connection is now a seat's or a spectator's.
    pub arrival: Option<Arrival>,
    /// A bot's decision for the page to ask of the bot worker (a table worker does not think),
    /// answered with [`HostCall::BotAnswer`].
    pub bot_job: Option<(BotTicket, Vec<u8>)>,
}

impl<G: PeerGame> HostReply<G> {
    fn empty() -> HostReply<G> {
        HostReply {
            send: Vec::new(),
            table: None,
            save: None,
            refused: None,
            log: Vec::new(),
            resumed: false,
            restore_error: None,
            arrival: None,
            bot_job: None,
        }
    }
}

/// The host's table in the worker.
pub struct HostSide<G: PeerGame> {
    host: Host<G>,
    me: GuestClient<G>,
    encoders: BTreeMap<ConnId, ViewEncoder>,
    /// Log entries already passed on (`Host::log_total` then).
    logged: u64,
    /// `Host::version` and the own seat's token when the table's text was last sent.
    saved: Option<(u64, Option<String>)>,
    /// What the page was last told it shows.
    shown: Option<HostTable<G>>,
    /// The time of the latest call that carried one (for the host's own seat's answers).
    now: Millis,
}

impl<G: PeerSession> HostSide<G> {
    /// A restored table (when `open.saved` restores) or a new one, the host's seat greeted.
    pub fn open(open: HostOpen, think: Option<crate::table::think::Worker>) -> (HostSide<G>, HostReply<G>) {
        let config = || HostConfig { think_here: think, ..HostConfig::default() };
        let mut restore_error = None;
        let restored = open.saved.as_deref().and_then(|text| {
            let table = protocol::from_stored_text::<SavedTable<G>>(text)
                .map_err(|e| format!("the saved table could not be read: {e}"))
                .and_then(|t| {
                    Host::restore(t.snapshot, open.entropy, config(), open.now)
                        .map(|host| (host, t.token))
                        .map_err(|e| format!("the saved table could not be set up again: {e}"))
                });
            table.map_err(|e| restore_error = Some(e)).ok()
        });
        let resumed = restored.is_some();
        let (host, token) = match restored {
            Some(r) => r,
            // Default settings always make a table.
            None => (Host::new(G::Settings::default(), open.entropy, config()).expect("the default settings make a table"), None),
        };
        let me = GuestClient::new(&open.name, open.page_secret, token);
        let mut side = HostSide { host, me, encoders: BTreeMap::new(), logged: 0, saved: None, shown: None, now: open.now };
        side.host.connect(ME);
        let hello = side.me.hello();
        let out = side.host.handle(ME, hello, open.now);
        let mut reply = side.dispatch(out);
        reply.resumed = resumed;
        reply.restore_error = restore_error;
        (side, reply)
    }

    pub fn call(&mut self, call: HostCall<G>) -> HostReply<G> {
        if let HostCall::Received { now, .. }
        | HostCall::Disconnect { now, .. }
        | HostCall::BotAnswer { now, .. }
        | HostCall::Tick(now)
        | HostCall::Lobby(_, now)
        | HostCall::Act(_, now)
        | HostCall::Say(_, now) = &call
        {
            self.now = self.now.max(*now);
        }
        match call {
            HostCall::Open(_) => HostReply::empty(),
            HostCall::Connect(conn) => {
                self.host.connect(conn);
                HostReply::empty()
            }
            HostCall::Received { conn, bytes, now, invited } => {
                // A guest that could not apply a view update asks again: its next view goes whole.
                if matches!(decode_guest::<G>(&bytes), Ok(GuestMessage::Resync)) {
                    if let Some(e) = self.encoders.get_mut(&conn) {
                        e.reset();
                    }
                }
                let mut out = self.host.receive(conn, &bytes, now);
                let mut arrival = None;
                match invited {
                    Some(None) if self.host.is_watching(conn) => arrival = Some(Arrival::Watching),
                    Some(Some(invited)) => {
                        if let Some(seated) = self.host.seat_of(conn) {
                            arrival = Some(Arrival::Seated);
                            // Seated where its invite was, while the lobby is open.
                            let lobby = self.host.lobby();
                            let free = matches!(lobby.seats.get(invited), Some(crate::net::protocol::SeatInfo::Empty));
                            if seated != invited && !lobby.started && free {
                                if let Ok(more) = self.host.move_player(seated, invited) {
                                    out.extend(more);
                                }
                            }
                        }
                    }
                    _ => {}
                }
                let mut reply = self.dispatch(out);
                reply.arrival = arrival;
                reply
            }
            HostCall::Oversized { conn, len } => {
                let out = self.host.refuse_oversized(conn, len);
                self.dispatch(out)
            }
            HostCall::Disconnect { conn, now } => {
                // A new connection starts with a whole view.
                self.encoders.remove(&conn);
                let out = self.host.disconnect(conn, now);
                self.dispatch(out)
            }
            HostCall::Tick(now) => {
                let mut out = self.host.tick(now);
                if let Some(draw) = self.me.auto_action() {
                    out.extend(self.through_my_seat(|me| me.action(draw), now));
                }
                self.dispatch(out)
            }
            HostCall::Lobby(op, now) => {
                let result = match op {
                    LobbyOp::Settings(s) => self.host.set_settings(s),
                    LobbyOp::BotLevel(seat, level) => self.host.set_bot_level(seat, level),
                    LobbyOp::Move { from, to } => self.host.move_player(from, to),
                    LobbyOp::Remove(seat) => self.host.remove_player(seat, now),
                    LobbyOp::FillWithBots => Ok(self.host.fill_with_bots()),
                    LobbyOp::Start => self.host.start(now),
                };
                match result {
                    Ok(out) => self.dispatch(out),
                    Err(e) => HostReply { refused: Some(phrase_lobby_error(&e)), ..HostReply::empty() },
                }
            }
            HostCall::Act(action, now) => {
                let out = self.through_my_seat(|me| me.action(action), now);
                self.dispatch(out)
            }
            HostCall::Say(text, now) => {
                let out = self.through_my_seat(|me| me.say(&text), now);
                self.dispatch(out)
            }
            HostCall::BotAnswer { ticket, answer, now } => {
                let out = self.host.bot_answer(ticket, answer.as_deref(), now);
                self.dispatch(out)
            }
            HostCall::Pace { each, pause } => {
                self.host.set_bot_pace(each, pause);
                HostReply::empty()
            }
            HostCall::StandInAfter(ms) => {
                self.host.set_stand_in_after(ms);
                self.dispatch(Vec::new())
            }
        }
    }

    /// The host's own seat speaks through its client like a guest's page.
    fn through_my_seat(
        &mut self,
        make: impl FnOnce(&mut GuestClient<G>) -> Option<GuestMessage<G>>,
        now: Millis,
    ) -> Vec<Outgoing<G>> {
        match make(&mut self.me) {
            Some(m) => self.host.handle(ME, m, now),
            None => Vec::new(),
        }
    }

    /// Delivers the host's messages — its own seat's here, the guests' as bytes for the page
    /// to send — and says what the page shows and saves now.
    fn dispatch(&mut self, out: Vec<Outgoing<G>>) -> HostReply<G> {
        let mut reply = HostReply::empty();
        let mut queue: VecDeque<Outgoing<G>> = out.into();
        // A guard against a loop between the host and its own seat (never seen).
        let mut guard = 0;
        while let Some((conn, msg)) = queue.pop_front() {
            guard += 1;
            if guard > 100_000 {
                break;
            }
            if conn == ME {
                for answer in self.me.on(msg) {
                    // The host's own seat's answers are handled at once, in order.
                    queue.extend(self.host.handle(ME, answer, self.now));
                }
            } else {
                reply.send.push((conn, self.encoders.entry(conn).or_default().encode(&msg)));
            }
        }
        reply.log = self
            .host
            .log_since(self.logged)
            .iter()
            .map(|entry| format!("refused (connection {:?}): {}", entry.conn, entry.what))
            .collect();
        self.logged = self.host.log_total();
        let table = self.table();
        if self.shown.as_ref() != Some(&table) {
            self.shown = Some(table.clone());
            reply.table = Some(table);
        }
        // A bot waiting on the bot worker (none where bots think here).
        reply.bot_job = self.host.bot_job();
        let version = (self.host.version(), self.me.token.clone());
        if self.saved.as_ref() != Some(&version) {
            reply.save = Some(protocol::to_stored_text(&SavedTable { snapshot: self.host.snapshot(), token: self.me.token.clone() }));
            self.saved = Some(version);
        }
        reply
    }

    fn table(&self) -> HostTable<G> {
        HostTable {
            lobby: self.host.lobby(),
            view: self.me.view.clone(),
            seat: self.me.seat,
            refusal: self.me.rejected.as_ref().map(|r| Phrased::with(|lang| refused::<G>(r, lang))),
            verdict: self.me.current_verdict().map(VerdictShown::of),
            dealing: self.host.dealing(),
            chat: self.me.chat.clone(),
            watchers: self.host.watchers().len(),
            waiting: self.host.waiting(),
            stand_in_after: self.host.config().stand_in_after,
        }
    }
}

fn phrase_lobby_error<G: PeerSession>(e: &LobbyError<G>) -> Phrased {
    Phrased::with(|lang| lobby_error::<G>(e, lang))
}
