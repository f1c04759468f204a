//! The authoritative host of a peer table: owns the `Game`, the seat map (connections ↔
//! seats, bots in empty seats, stand-in bots for dropped guests) and every incoming message.
//! Pure: bytes and times in, messages per connection out; no clocks, no I/O. Beside it in
//! `host/`: who comes to the table (`arrivals.rs`), the lobby (`lobby.rs`), the bots' jobs
//! (`bots.rs`), chat (`chat.rs`), fair dealing (`fair_round.rs`), saving (`snapshot.rs`),
//! flood control and the capped log (`flood.rs`), refusals and log entries as types (`refusal.rs`).

mod arrivals;
mod bots;
pub(super) mod chat;
mod fair_round;
mod flood;
mod lobby;
mod refusal;
mod snapshot;

pub use bots::BotTicket;
pub use flood::{FloodConfig, LOG_CAPACITY};
pub use lobby::LobbyError;
pub use refusal::{LogEntry, Logged, Refusal};
pub use snapshot::{HostSnapshot, SavedSeat};

use self::fair_round::FairRound;
use self::flood::{Bucket, LogRing, Take};
use super::fair::{self, Secret};
use super::game::{Deal, PeerGame};
use super::protocol::{decode_guest, GuestMessage, HostMessage, MAX_GUEST_MESSAGE_BYTES, MAX_NAME_CHARS, PROTOCOL_VERSION};
use crate::dup::TableSeed;
use crate::table::{Driver, Seat};
use derive_where::derive_where;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// A connection as the transport numbers it (the host's own page is a connection too).
pub type ConnId = u64;
/// Milliseconds on any clock the caller likes; only differences matter.
pub type Millis = u64;

/// A message for one connection.
pub type Outgoing<G> = (ConnId, HostMessage<G>);

#[derive_where(Clone, Debug)]
pub struct HostConfig<G: PeerGame> {
    /// How long a dropped guest keeps its seat before a bot plays for it.
    pub stand_in_after: Millis,
    /// How long a fair-dealing round waits for commitments and reveals before dealing
    /// without the silent guests' entropy.
    pub fair_timeout: Millis,
    /// The level of every seat's bot until the lobby chooses another.
    pub bot_level: G::BotLevel,
    /// How fast one guest may send before its messages are dropped unread.
    pub flood: FloodConfig,
    /// How long a bot waits before each move, so people can follow (0: at once).
    pub bot_pace: Millis,
    /// How much longer it waits at a [`crate::table::Game::pause_point`] (a completed trick).
    pub pause: Millis,
    /// Answers the bot worker's jobs on this thread (`table::think::work`): native tools and
    /// tests. A table worker leaves it `None`: its page takes each job ([`Host::bot_job`])
    /// to the bot worker and brings the answer back.
    pub think_here: Option<crate::table::think::Worker>,
}

impl<G: PeerGame> Default for HostConfig<G> {
    fn default() -> Self {
        HostConfig {
            stand_in_after: 30_000,
            fair_timeout: 10_000,
            bot_level: G::BotLevel::default(),
            flood: FloodConfig::default(),
            bot_pace: 0,
            pause: 0,
            think_here: None,
        }
    }
}

impl<G: PeerGame + crate::table::think::Thinks> HostConfig<G> {
    /// The defaults, with the bot worker's jobs answered in place ([`HostConfig::think_here`]):
    /// for native tools and tests of a game whose bots think in the worker.
    pub fn thinking_here() -> Self {
        HostConfig { think_here: Some(crate::table::think::work::<G>), ..HostConfig::default() }
    }
}

#[derive(Clone, Debug)]
struct GuestSeat {
    name: String,
    conn: Option<ConnId>,
    token: String,
    dropped_at: Option<Millis>,
    stand_in: bool,
}

#[derive(Clone, Debug)]
enum Occupant {
    Empty,
    Bot,
    Guest(GuestSeat),
}

#[derive(Clone, Debug)]
struct Conn {
    seat: Option<Seat>,
    greeted: bool,
    last_seq: Option<u64>,
    bucket: Bucket,
    /// The hands' history went out on this connection.
    history_sent: bool,
    chat: chat::ChatAllowance,
    /// A spectator's connection (greeted with `Watch`): no seat, the public view only.
    watching: bool,
    /// A guest's hello that found no free seat: it watches, and this name takes the first
    /// seat that frees at the start of a hand (`arrivals::seat_waiting`).
    waiting: Option<String>,
}

/// Work the host has done, counted (for tests that bound it, and for whoever debugs a table).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HostStats {
    /// Messages from known connections handed to `receive` or `refuse_oversized`.
    pub received: u64,
    /// Of those, dropped unread by flood control.
    pub dropped: u64,
    /// Messages refused, each answered with one `Rejected` (flood notices included).
    pub refused: u64,
    /// Guest actions tried on the game (`Game::apply`).
    pub actions_tried: u64,
    /// Bot moves applied.
    pub bot_moves: u64,
    /// Seat views built for guests.
    pub views: u64,
    /// Lines of chat passed on.
    pub chat_lines: u64,
}

/// The host of one table.
#[derive_where(Clone)]
pub struct Host<G: PeerGame> {
    config: HostConfig<G>,
    settings: G::Settings,
    seats: Vec<Occupant>,
    conns: BTreeMap<ConnId, Conn>,
    game: Option<G>,
    /// The table layer's driver: a bot per seat, standing in wherever no guest plays.
    driver: Driver<G::Bot>,
    /// Each seat's bot level, and the seed every bot is made from (`bots.rs`).
    levels: Vec<G::BotLevel>,
    bot_seed: TableSeed,
    /// The bot job out to the worker, if one is.
    pending: Option<bots::Pending>,
    entropy: Secret,
    counter: u64,
    round: Option<FairRound>,
    /// The secrets of every hand dealt, in order (their moves are added when sent).
    reveals: Vec<crate::net::protocol::HandReveal<G>>,
    /// The last hand's reveal went out (it ended).
    revealed: bool,
    log: LogRing<G>,
    stats: HostStats,
    /// Bumped whenever the lobby, the game, a seat or anything saved changes (`version`).
    version: u64,
    /// When the bot whose turn it is may move: (the game's action count then, the time),
    /// set when its turn is first seen after the last move.
    bot_due: Option<(usize, Millis)>,
}

/// Why a connection's first message (`Hello` or `Watch`) is refused, if it is: a second
/// greeting, another protocol version, another game's page.
fn greeting_refused<G: PeerGame>(greeted: bool, protocol_version: u16, game: &str) -> Option<Refusal<G>> {
    if greeted {
        Some(Refusal::AlreadyGreeted)
    } else if protocol_version != PROTOCOL_VERSION {
        Some(Refusal::ProtocolVersion { got: protocol_version })
    } else if game != G::NAME {
        Some(Refusal::OtherGame)
    } else {
        None
    }
}

impl<G: PeerGame> Host<G> {
    /// A lobby with `settings`. `entropy` (32 random bytes from the platform) seeds the
    /// host's secrets, rejoin tokens and bots; nothing else in here is random.
    pub fn new(settings: G::Settings, entropy: Secret, config: HostConfig<G>) -> Result<Host<G>, LobbyError<G>> {
        let players = G::seats(&settings).map_err(LobbyError::Settings)?;
        let levels = vec![config.bot_level; players];
        let mut h = Host {
            config,
            settings,
            seats: vec![Occupant::Empty; players],
            conns: BTreeMap::new(),
            game: None,
            driver: Driver::all_bots(Vec::new()),
            levels,
            bot_seed: TableSeed::parse("bots").expect("a literal seed"),
            pending: None,
            entropy,
            counter: 0,
            round: None,
            reveals: Vec::new(),
            revealed: false,
            log: LogRing::default(),
            stats: HostStats::default(),
            version: 0,
            bot_due: None,
        };
        h.bot_seed = h.derived_seed("bots");
        h.make_bots();
        Ok(h)
    }

    fn next_secret(&mut self, label: &str) -> Secret {
        self.counter += 1;
        let mut h = Sha256::new();
        h.update(b"tuolaji/net/v1/host\0");
        h.update(self.entropy);
        h.update(label.as_bytes());
        h.update(self.counter.to_le_bytes());
        h.finalize().into()
    }

    fn derived_seed(&mut self, label: &str) -> TableSeed {
        let s = self.next_secret(label);
        let text = fair::to_hex(&s[..16]);
        TableSeed::parse(&text).unwrap_or_else(|_| TableSeed::parse("bots").expect("a literal seed"))
    }

    /// Changes how long a dropped guest keeps its seat before a bot plays for it.
    pub fn set_stand_in_after(&mut self, ms: Millis) {
        if self.config.stand_in_after != ms {
            self.config.stand_in_after = ms;
            self.touch();
        }
    }
    /// Changes how long bots wait before each move and after a completed trick.
    pub fn set_bot_pace(&mut self, pace: Millis, pause: Millis) {
        self.config.bot_pace = pace;
        self.config.pause = pause;
    }
    pub fn config(&self) -> &HostConfig<G> {
        &self.config
    }

    pub fn game(&self) -> Option<&G> {
        self.game.as_ref()
    }
    /// The last [`LOG_CAPACITY`] log entries, oldest first: refusals, fair-round timeouts, bot
    /// mistakes. Older ones are dropped (`log_total` counts every entry ever logged).
    pub fn log(&self) -> &[LogEntry<G>] {
        self.log.entries()
    }
    /// Entries ever logged (retained or not).
    pub fn log_total(&self) -> u64 {
        self.log.total()
    }
    /// The retained entries logged after the first `seen` of `log_total`: what a page that
    /// printed `seen` entries has not printed yet (entries dropped in between are lost).
    pub fn log_since(&self, seen: u64) -> &[LogEntry<G>] {
        self.log.since(seen)
    }
    /// Counted work (messages read, dropped, refused; actions tried; bot moves; views built).
    pub fn stats(&self) -> HostStats {
        self.stats
    }
    /// Goes up whenever the table changes in a way a guest or a save could see: the lobby, a
    /// seat, the game, a fair round, the saved secrets. A page saves `snapshot()` and redraws
    /// only when it differs from the version it last saved; a ping, a refused or dropped
    /// message and a quiet `tick` leave it alone (see docs/net.md, "Saving on change").
    pub fn version(&self) -> u64 {
        self.version
    }
    fn touch(&mut self) {
        self.version += 1;
    }
    fn log_it(&mut self, conn: Option<ConnId>, what: Logged<G>) {
        self.log.push(LogEntry { conn, what });
    }
    pub fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        self.conns.get(&conn).and_then(|c| c.seat)
    }
    /// (hand number, seed string) of every hand dealt so far. Each hand's seed is its
    /// duplicate link (`TableSeed`, hand number); the game's record carries them too (hand 0
    /// as the record's seed, later ones in its deal-from-seed actions), so it replays alone.
    pub fn hand_seeds(&self) -> Vec<(u64, String)> {
        self.reveals.iter().map(|r| (r.hand, r.seed.clone())).collect()
    }

    /// Is a fair-dealing round waiting for guests?
    pub fn dealing(&self) -> bool {
        self.round.is_some()
    }


    // ---------- connections ----------

    /// A new transport connection (nothing is sent until its `Hello`).
    pub fn connect(&mut self, conn: ConnId) {
        let bucket = Bucket::new(&self.config.flood, 0);
        self.conns.insert(conn, Conn { seat: None, greeted: false, last_seq: None, bucket, history_sent: false, chat: chat::ChatAllowance::full(), watching: false, waiting: None });
    }

    /// The connection dropped: its guest keeps the seat; a bot stands in after the timeout.
    pub fn disconnect(&mut self, conn: ConnId, now: Millis) -> Vec<Outgoing<G>> {
        let Some(c) = self.conns.remove(&conn) else { return Vec::new() };
        if let Some(seat) = c.seat {
            if let Occupant::Guest(g) = &mut self.seats[seat] {
                if g.conn == Some(conn) {
                    g.conn = None;
                    g.dropped_at = Some(now);
                    self.touch();
                }
            }
        }
        let mut out = self.broadcast_lobby();
        self.after_change(now, &mut out);
        out
    }

    /// Advances time: stand-in bots for guests gone too long, fair rounds that waited too long.
    pub fn tick(&mut self, now: Millis) -> Vec<Outgoing<G>> {
        let mut out = Vec::new();
        let mut changed = false;
        for o in &mut self.seats {
            if let Occupant::Guest(g) = o {
                if let Some(t) = g.dropped_at {
                    if !g.stand_in && now.saturating_sub(t) >= self.config.stand_in_after {
                        g.stand_in = true;
                        changed = true;
                    }
                }
            }
        }
        if changed {
            self.touch();
            out.extend(self.broadcast_lobby());
        }
        if let Some(r) = &self.round {
            if now.saturating_sub(r.started) >= self.config.fair_timeout {
                self.log_it(None, Logged::FairTimeout { hand: r.hand });
                self.advance_round(now, true, &mut out);
            }
        }
        self.after_change(now, &mut out);
        out
    }

    /// Refuses a message: one `Rejected` to the sender and one log entry; nothing else changes.
    fn reject(&mut self, conn: ConnId, seq: Option<u64>, refusal: Refusal<G>) -> Vec<Outgoing<G>> {
        self.stats.refused += 1;
        let reason = refusal.wire();
        self.log_it(Some(conn), Logged::Refused(refusal));
        vec![(conn, HostMessage::Rejected { reason, seq })]
    }

    /// Flood control, before a message is read: `Some(reply)` when it is dropped (the reply
    /// is empty but for the first message over the limit in a burst).
    /// Without `now` the bucket is not refilled (its last time is taken).
    fn over_limit(&mut self, conn: ConnId, now: Option<Millis>) -> Option<Vec<Outgoing<G>>> {
        let Some(c) = self.conns.get_mut(&conn) else {
            self.log_it(Some(conn), Logged::UnknownConnection);
            return Some(Vec::new());
        };
        self.stats.received += 1;
        let now = now.unwrap_or(c.bucket.last());
        match c.bucket.take(&self.config.flood, now) {
            Take::Read => None,
            Take::Drop => {
                self.stats.dropped += 1;
                Some(Vec::new())
            }
            Take::DropAndTell => {
                self.stats.dropped += 1;
                Some(self.reject(conn, None, Refusal::Flooding { per_second: self.config.flood.per_second }))
            }
        }
    }

    /// A message the transport refused before reading it (over the size limit): refused and
    /// logged like any other (and counted by flood control, without refilling: no time is
    /// given), nothing changes.
    pub fn refuse_oversized(&mut self, conn: ConnId, len: usize) -> Vec<Outgoing<G>> {
        if !self.conns.contains_key(&conn) {
            return Vec::new();
        }
        if let Some(out) = self.over_limit(conn, None) {
            return out;
        }
        self.reject(conn, None, Refusal::TooLarge { len })
    }

    /// Handles one incoming message (raw bytes as received) from `conn`: flood control first
    /// (a message over the limit is dropped unread), then the size, the decoding, the message.
    pub fn receive(&mut self, conn: ConnId, bytes: &[u8], now: Millis) -> Vec<Outgoing<G>> {
        if let Some(out) = self.over_limit(conn, Some(now)) {
            return out;
        }
        if bytes.len() > MAX_GUEST_MESSAGE_BYTES {
            return self.reject(conn, None, Refusal::TooLarge { len: bytes.len() });
        }
        let msg = match decode_guest(bytes) {
            Ok(m) => m,
            Err(e) => return self.reject(conn, None, Refusal::Decode(e)),
        };
        self.handle(conn, msg, now)
    }

    /// Handles one decoded message (the host's own page may call this directly).
    pub fn handle(&mut self, conn: ConnId, msg: GuestMessage<G>, now: Millis) -> Vec<Outgoing<G>> {
        let Some(c) = self.conns.get(&conn) else { return Vec::new() };
        let greeted = c.greeted;
        match msg {
            GuestMessage::Ping { nonce } => vec![(conn, HostMessage::Pong { nonce })],
            GuestMessage::Hello { name, protocol_version, game, rejoin } => match greeting_refused::<G>(greeted, protocol_version, &game) {
                Some(r) => self.reject(conn, None, r),
                None => {
                    let name: String = name.chars().filter(|c| !c.is_control()).take(MAX_NAME_CHARS).collect();
                    self.hello(conn, name, rejoin, now)
                }
            },
            GuestMessage::Watch { name: _, protocol_version, game } => match greeting_refused::<G>(greeted, protocol_version, &game) {
                Some(r) => self.reject(conn, None, r),
                None => self.watch(conn),
            },
            _ if !greeted => self.reject(conn, None, Refusal::NotGreeted),
            GuestMessage::Action { seq, seat, action } => self.action(conn, seq, seat, action, now),
            GuestMessage::Commit { hand, commitment } => self.commit(conn, hand, &commitment, now),
            GuestMessage::Reveal { hand, entropy } => self.reveal(conn, hand, &entropy, now),
            GuestMessage::History { from } => self.history(conn, from),
            GuestMessage::Chat { text } => self.chat(conn, &text, now),
            GuestMessage::Resync => self.resync(conn),
        }
    }

    fn action(&mut self, conn: ConnId, seq: u64, seat: Seat, action: G::Action, now: Millis) -> Vec<Outgoing<G>> {
        let Some(c) = self.conns.get(&conn) else { return Vec::new() };
        let Some(own) = c.seat else {
            return self.reject(conn, Some(seq), Refusal::NoSeat);
        };
        if c.last_seq.is_some_and(|last| seq <= last) {
            return self.reject(conn, Some(seq), Refusal::Replayed { seq });
        }
        if seat != own {
            return self.reject(conn, Some(seq), Refusal::OtherSeat { own, seat });
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.last_seq = Some(seq);
        }
        if self.round.is_some() {
            return self.reject(conn, Some(seq), Refusal::Dealing);
        }
        let Some(game) = &mut self.game else {
            return self.reject(conn, Some(seq), Refusal::NotStarted);
        };
        match G::deals(&action) {
            Some(Deal::FromSeed) => return self.reject(conn, Some(seq), Refusal::HostDeals),
            Some(Deal::Next) => {
                if !game.hand_over() {
                    return self.reject(conn, Some(seq), Refusal::HandNotOver);
                }
                let next = game.hand_number() + 1;
                let mut out = Vec::new();
                self.begin_round(next, now, &mut out);
                self.after_change(now, &mut out);
                return out;
            }
            None => {}
        }
        if let Err(e) = G::action_ok(&action, G::limits(Some(&self.settings))) {
            return self.reject(conn, Some(seq), Refusal::OutOfBounds(e));
        }
        let Some(game) = &mut self.game else { return Vec::new() };
        self.stats.actions_tried += 1;
        match game.apply(seat, &action) {
            Ok(events) => {
                self.touch();
                let mut out = self.publish(&events);
                self.after_change(now, &mut out);
                out
            }
            Err(e) => self.reject(conn, Some(seq), Refusal::Rule(e)),
        }
    }

    // ---------- outgoing ----------

    /// Guests with a live connection: (conn, seat).
    fn live(&self) -> Vec<(ConnId, Seat)> {
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(s, o)| match o {
                Occupant::Guest(GuestSeat { conn: Some(c), .. }) => Some((*c, s)),
                _ => None,
            })
            .collect()
    }

    fn broadcast_lobby(&self) -> Vec<Outgoing<G>> {
        let lobby = self.lobby();
        let seated = self.live().into_iter().map(|(c, _)| c);
        seated.chain(self.watchers()).map(|c| (c, HostMessage::Lobby(lobby.clone()))).collect()
    }

    /// Public events to everyone, then each guest its own view.
    fn publish(&mut self, events: &[G::Event]) -> Vec<Outgoing<G>> {
        let mut out = Vec::new();
        let live = self.live();
        let watchers = self.watchers();
        for e in events {
            for &c in live.iter().map(|(c, _)| c).chain(&watchers) {
                out.push((c, HostMessage::Event(e.clone())));
            }
        }
        if let Some(g) = &self.game {
            for &(c, s) in &live {
                out.push((c, HostMessage::View(Box::new(g.view(s)))));
            }
            if !watchers.is_empty() {
                let public = g.public_view();
                out.extend(watchers.iter().map(|&c| (c, HostMessage::View(Box::new(public.clone())))));
            }
            self.stats.views += (live.len() + watchers.len()) as u64;
        }
        out
    }
}

#[cfg(test)]
mod tests;