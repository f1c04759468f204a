//! The authoritative host of a peer table: owns the `Game`, the seat map (connections ↔
//! seats, bots in empty seats, stand-in bots for dropped guests), the lobby and the fair-
//! dealing rounds. Pure: bytes and times in, messages per connection out; no clocks, no I/O.

use super::fair::{self, Secret};
use super::protocol::{
    decode_guest, GuestMessage, HandReveal, HostMessage, LobbyState, SeatInfo, MAX_GUEST_MESSAGE_BYTES,
    MAX_NAME_CHARS, PROTOCOL_VERSION,
};
use crate::dup::TableSeed;
use crate::shengji::bot::{Bot, Difficulty};
use crate::shengji::game::{replay, Action, Event, Game, GameRecord, PhaseName, Seat, Settings};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt;

/// A connection as the transport numbers it (the host's own page is a connection too).
pub type ConnId = u64;
/// Milliseconds on any clock the caller likes; only differences matter.
pub type Millis = u64;

/// A message for one connection.
pub type Outgoing = (ConnId, HostMessage);

#[derive(Clone, Debug)]
pub struct HostConfig {
    /// How long a dropped guest keeps its seat before a bot plays for it.
    pub stand_in_after: Millis,
    /// How long a fair-dealing round waits for commitments and reveals before dealing
    /// without the silent guests' entropy.
    pub fair_timeout: Millis,
    pub bot_difficulty: Difficulty,
}

impl Default for HostConfig {
    fn default() -> Self {
        HostConfig { stand_in_after: 30_000, fair_timeout: 10_000, bot_difficulty: Difficulty::default() }
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

#[derive(Clone, Debug, Default)]
struct Conn {
    seat: Option<Seat>,
    greeted: bool,
    last_seq: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum FairStep {
    Commit,
    Reveal,
}

#[derive(Clone, Debug)]
struct FairRound {
    hand: u64,
    secret: Secret,
    step: FairStep,
    started: Millis,
    /// Guest seats asked to contribute.
    participants: Vec<Seat>,
    commitments: BTreeMap<Seat, [u8; 32]>,
    entropy: BTreeMap<Seat, Secret>,
}

/// What the host remembers of the current hand's seed, to reveal it after the hand.
#[derive(Clone, Debug)]
struct Dealt {
    reveal: HandReveal,
    revealed: bool,
}

/// A refused message or lobby operation, kept for the host's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub conn: Option<ConnId>,
    pub what: String,
}

/// One seat as saved with the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SavedSeat {
    Empty,
    Bot,
    Guest { name: String, token: String, stand_in: bool },
}

/// What the host's page keeps in localStorage to resume after a reload: the seats with
/// their rejoin tokens, the game's record (it replays alone, see `Action::NextHandFrom`)
/// and the current hand's fair-dealing secrets, to reveal them when the hand ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostSnapshot {
    // Both stored in the wire encoding (see `protocol::SettingsOnWire` for why).
    #[serde(with = "super::protocol::SettingsOnWire")]
    pub settings: Settings,
    pub seats: Vec<SavedSeat>,
    #[serde(with = "record_on_wire")]
    pub record: Option<GameRecord>,
    pub hand_seeds: Vec<(u64, String)>,
    pub reveal: Option<(HandReveal, bool)>,
    /// A fair round was dealing this hand when the page went away: it starts over.
    pub dealing: Option<u64>,
    pub stand_in_after: Millis,
}

/// A game record with its settings written field by field (`protocol::SettingsOnWire`).
mod record_on_wire {
    use super::super::protocol::SettingsOnWire;
    use crate::shengji::game::{Action, GameRecord, Seat, Settings};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct RecordOnWire {
        #[serde(with = "SettingsOnWire")]
        settings: Settings,
        seed: String,
        actions: Vec<(Seat, Action)>,
    }

    pub fn serialize<S: Serializer>(record: &Option<GameRecord>, s: S) -> Result<S::Ok, S::Error> {
        record
            .as_ref()
            .map(|r| RecordOnWire { settings: r.settings.clone(), seed: r.seed.clone(), actions: r.actions.clone() })
            .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<GameRecord>, D::Error> {
        let r = Option::<RecordOnWire>::deserialize(d)?;
        Ok(r.map(|r| GameRecord { settings: r.settings, seed: r.seed, actions: r.actions }))
    }
}

/// Why a lobby operation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyError {
    NoSuchSeat { seat: Seat, players: usize },
    Started,
    NotStarted,
    EmptySeat(Seat),
    NotAGuest(Seat),
    Settings(String),
    FairRoundRunning,
}

impl fmt::Display for LobbyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LobbyError::NoSuchSeat { seat, players } => write!(f, "there is no seat {seat} (seats are 0 to {})", players.saturating_sub(1)),
            LobbyError::Started => f.write_str("the game has started: this can only be done in the lobby"),
            LobbyError::NotStarted => f.write_str("the game has not started yet"),
            LobbyError::EmptySeat(s) => write!(f, "seat {s} is empty: fill it with a bot or wait for a guest"),
            LobbyError::NotAGuest(s) => write!(f, "seat {s} has no guest to remove"),
            LobbyError::Settings(why) => write!(f, "these settings do not work: {why}"),
            LobbyError::FairRoundRunning => f.write_str("the next hand is already being dealt"),
        }
    }
}

impl std::error::Error for LobbyError {}

/// The host of one table.
pub struct Host {
    config: HostConfig,
    settings: Settings,
    seats: Vec<Occupant>,
    conns: BTreeMap<ConnId, Conn>,
    game: Option<Game>,
    bots: Vec<Bot>,
    entropy: Secret,
    counter: u64,
    round: Option<FairRound>,
    dealt: Option<Dealt>,
    /// (hand number, seed) of every hand dealt: the game's record needs them to replay.
    hand_seeds: Vec<(u64, String)>,
    log: Vec<LogEntry>,
}

impl Host {
    /// A lobby with `settings`. `entropy` (32 random bytes from the platform) seeds the
    /// host's secrets, rejoin tokens and bots; nothing else in here is random.
    pub fn new(settings: Settings, entropy: Secret, config: HostConfig) -> Result<Host, LobbyError> {
        let resolved = settings.validate().map_err(|e| LobbyError::Settings(e.to_string()))?;
        let mut h = Host {
            config,
            settings,
            seats: vec![Occupant::Empty; resolved.players],
            conns: BTreeMap::new(),
            game: None,
            bots: Vec::new(),
            entropy,
            counter: 0,
            round: None,
            dealt: None,
            hand_seeds: Vec::new(),
            log: Vec::new(),
        };
        let bot_seed = h.derived_seed("bots");
        h.bots = crate::shengji::bot::bots_for(&bot_seed, resolved.players, &[h.config.bot_difficulty]);
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
        self.config.stand_in_after = ms;
    }
    pub fn config(&self) -> &HostConfig {
        &self.config
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }
    pub fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        self.conns.get(&conn).and_then(|c| c.seat)
    }
    /// (hand number, seed string) of every hand dealt so far. Each hand's seed is its
    /// duplicate link (`TableSeed`, hand number); the game's record carries them too (hand 0
    /// as the record's seed, later ones in `NextHandFrom` actions), so it replays alone.
    pub fn hand_seeds(&self) -> &[(u64, String)] {
        &self.hand_seeds
    }

    /// Is a fair-dealing round waiting for guests?
    pub fn dealing(&self) -> bool {
        self.round.is_some()
    }

    pub fn lobby(&self) -> LobbyState {
        LobbyState {
            settings: self.settings.clone(),
            seats: self
                .seats
                .iter()
                .map(|o| match o {
                    Occupant::Empty => SeatInfo::Empty,
                    Occupant::Bot => SeatInfo::Bot,
                    Occupant::Guest(g) => SeatInfo::Guest {
                        name: g.name.clone(),
                        connected: g.conn.is_some(),
                        stand_in: g.stand_in,
                    },
                })
                .collect(),
            started: self.game.is_some() || self.round.is_some(),
        }
    }

    fn started(&self) -> bool {
        self.game.is_some() || self.round.is_some()
    }

    /// Everything needed to resume this table after a reload (connections are not kept).
    pub fn snapshot(&self) -> HostSnapshot {
        HostSnapshot {
            settings: self.settings.clone(),
            seats: self
                .seats
                .iter()
                .map(|o| match o {
                    Occupant::Empty => SavedSeat::Empty,
                    Occupant::Bot => SavedSeat::Bot,
                    Occupant::Guest(g) => SavedSeat::Guest { name: g.name.clone(), token: g.token.clone(), stand_in: g.stand_in },
                })
                .collect(),
            record: self.game.as_ref().map(|g| g.record()),
            hand_seeds: self.hand_seeds.clone(),
            reveal: self.dealt.as_ref().map(|d| (d.reveal.clone(), d.revealed)),
            dealing: self.round.as_ref().map(|r| r.hand),
            stand_in_after: self.config.stand_in_after,
        }
    }

    /// A host resumed from a snapshot: every guest is away (a bot stands in after the usual
    /// delay) until it says hello again with its token; an interrupted deal starts over.
    pub fn restore(snap: HostSnapshot, entropy: Secret, mut config: HostConfig, now: Millis) -> Result<Host, LobbyError> {
        config.stand_in_after = snap.stand_in_after;
        let mut h = Host::new(snap.settings.clone(), entropy, config)?;
        if snap.seats.len() != h.seats.len() {
            return Err(LobbyError::Settings(format!("the saved table has {} seats for {} players", snap.seats.len(), h.seats.len())));
        }
        h.seats = snap
            .seats
            .into_iter()
            .map(|s| match s {
                SavedSeat::Empty => Occupant::Empty,
                SavedSeat::Bot => Occupant::Bot,
                SavedSeat::Guest { name, token, stand_in } => {
                    Occupant::Guest(GuestSeat { name, conn: None, token, dropped_at: Some(now), stand_in })
                }
            })
            .collect();
        if let Some(record) = &snap.record {
            h.game = Some(replay(record).map_err(|e| LobbyError::Settings(format!("the saved game does not replay: {e}")))?);
        }
        h.hand_seeds = snap.hand_seeds;
        h.dealt = snap.reveal.map(|(reveal, revealed)| Dealt { reveal, revealed });
        if let Some(hand) = snap.dealing {
            let mut out = Vec::new();
            h.begin_round(hand, now, &mut out);
        }
        Ok(h)
    }

    // ---------- connections ----------

    /// A new transport connection (nothing is sent until its `Hello`).
    pub fn connect(&mut self, conn: ConnId) {
        self.conns.insert(conn, Conn::default());
    }

    /// The connection dropped: its guest keeps the seat; a bot stands in after the timeout.
    pub fn disconnect(&mut self, conn: ConnId, now: Millis) -> Vec<Outgoing> {
        let Some(c) = self.conns.remove(&conn) else { return Vec::new() };
        if let Some(seat) = c.seat {
            if let Occupant::Guest(g) = &mut self.seats[seat] {
                if g.conn == Some(conn) {
                    g.conn = None;
                    g.dropped_at = Some(now);
                }
            }
        }
        let mut out = self.broadcast_lobby();
        self.after_change(now, &mut out);
        out
    }

    /// Advances time: stand-in bots for guests gone too long, fair rounds that waited too long.
    pub fn tick(&mut self, now: Millis) -> Vec<Outgoing> {
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
            out.extend(self.broadcast_lobby());
        }
        if let Some(r) = &self.round {
            if now.saturating_sub(r.started) >= self.config.fair_timeout {
                self.log.push(LogEntry { conn: None, what: format!("fair round for hand {} timed out; dealing without the silent guests", r.hand) });
                self.advance_round(now, true, &mut out);
            }
        }
        self.after_change(now, &mut out);
        out
    }

    fn reject(&mut self, conn: ConnId, seq: Option<u64>, reason: String) -> Vec<Outgoing> {
        self.log.push(LogEntry { conn: Some(conn), what: reason.clone() });
        vec![(conn, HostMessage::Rejected { reason, seq })]
    }

    /// A message the transport refused before reading it (over the size limit): refused and
    /// logged like any other, nothing changes.
    pub fn refuse_oversized(&mut self, conn: ConnId, len: usize) -> Vec<Outgoing> {
        if !self.conns.contains_key(&conn) {
            return Vec::new();
        }
        self.reject(conn, None, format!("a message of {len} bytes is over the limit of {MAX_GUEST_MESSAGE_BYTES}"))
    }

    /// Handles one incoming message (raw bytes as received) from `conn`.
    pub fn receive(&mut self, conn: ConnId, bytes: &[u8], now: Millis) -> Vec<Outgoing> {
        if !self.conns.contains_key(&conn) {
            self.log.push(LogEntry { conn: Some(conn), what: "a message from an unknown connection was ignored".into() });
            return Vec::new();
        }
        if bytes.len() > MAX_GUEST_MESSAGE_BYTES {
            return self.reject(conn, None, format!("a message of {} bytes is over the limit of {MAX_GUEST_MESSAGE_BYTES}", bytes.len()));
        }
        let msg = match decode_guest(bytes) {
            Ok(m) => m,
            Err(e) => return self.reject(conn, None, e.to_string()),
        };
        self.handle(conn, msg, now)
    }

    /// Handles one decoded message (the host's own page may call this directly).
    pub fn handle(&mut self, conn: ConnId, msg: GuestMessage, now: Millis) -> Vec<Outgoing> {
        let Some(c) = self.conns.get(&conn) else { return Vec::new() };
        let greeted = c.greeted;
        match msg {
            GuestMessage::Ping { nonce } => vec![(conn, HostMessage::Pong { nonce })],
            GuestMessage::Hello { name, protocol_version, rejoin } => {
                if greeted {
                    return self.reject(conn, None, "this connection already said hello".into());
                }
                if protocol_version != PROTOCOL_VERSION {
                    return self.reject(conn, None, format!(
                        "your app speaks protocol version {protocol_version} but this table speaks version {PROTOCOL_VERSION}: reload the page"
                    ));
                }
                let name: String = name.chars().filter(|c| !c.is_control()).take(MAX_NAME_CHARS).collect();
                self.hello(conn, name, rejoin, now)
            }
            _ if !greeted => self.reject(conn, None, "say hello before anything else".into()),
            GuestMessage::Action { seq, seat, action } => self.action(conn, seq, seat, action, now),
            GuestMessage::Commit { hand, commitment } => self.commit(conn, hand, &commitment, now),
            GuestMessage::Reveal { hand, entropy } => self.reveal(conn, hand, &entropy, now),
        }
    }

    fn hello(&mut self, conn: ConnId, name: String, rejoin: Option<String>, now: Millis) -> Vec<Outgoing> {
        // A returning guest: the token names its seat.
        let back = rejoin.and_then(|t| {
            self.seats.iter().position(|o| matches!(o, Occupant::Guest(g) if g.token == t))
        });
        let seat = match back {
            Some(seat) => {
                if let Occupant::Guest(g) = &mut self.seats[seat] {
                    if let Some(old) = g.conn.replace(conn) {
                        // The same guest on a new connection: the old one no longer speaks for it.
                        if let Some(c) = self.conns.get_mut(&old) {
                            c.seat = None;
                        }
                    }
                    g.dropped_at = None;
                    g.stand_in = false;
                    if !name.is_empty() {
                        g.name = name;
                    }
                }
                seat
            }
            None => {
                if self.started() {
                    return self.reject(conn, None, "the game has started: ask the host to seat you in the next game".into());
                }
                let Some(seat) = self.seats.iter().position(|o| matches!(o, Occupant::Empty)) else {
                    return self.reject(conn, None, "the table is full".into());
                };
                let token = fair::to_hex(&self.next_secret("token")[..16]);
                let name = if name.is_empty() { format!("Guest {}", seat + 1) } else { name };
                self.seats[seat] = Occupant::Guest(GuestSeat { name, conn: Some(conn), token, dropped_at: None, stand_in: false });
                seat
            }
        };
        if let Some(c) = self.conns.get_mut(&conn) {
            c.greeted = true;
            c.seat = Some(seat);
        }
        let mut out = vec![self.welcome(seat, conn)];
        out.extend(self.broadcast_lobby());
        if let Some(g) = &self.game {
            out.push((conn, HostMessage::View(Box::new(g.view(seat)))));
        }
        // A guest back after the hand ended: the reveal it missed.
        if let (Some(g), Some(d)) = (&self.game, &self.dealt) {
            if d.revealed && g.phase() == PhaseName::Finished {
                out.push((conn, HostMessage::FairReveal(d.reveal.clone())));
            }
        }
        // A guest back during a fair round it was asked to join: resend the current step.
        if let Some(r) = &self.round {
            if r.participants.contains(&seat) {
                out.push((conn, self.round_message(r)));
            }
        }
        self.after_change(now, &mut out);
        out
    }

    fn welcome(&self, seat: Seat, conn: ConnId) -> Outgoing {
        let token = match &self.seats[seat] {
            Occupant::Guest(g) => g.token.clone(),
            _ => String::new(),
        };
        (conn, HostMessage::Welcome { seat, rejoin: token, protocol_version: PROTOCOL_VERSION })
    }

    fn action(&mut self, conn: ConnId, seq: u64, seat: Seat, action: Action, now: Millis) -> Vec<Outgoing> {
        let Some(c) = self.conns.get(&conn) else { return Vec::new() };
        let Some(own) = c.seat else {
            return self.reject(conn, Some(seq), "you have no seat at this table".into());
        };
        if c.last_seq.is_some_and(|last| seq <= last) {
            return self.reject(conn, Some(seq), format!("action {seq} was already received (replayed or out of order)"));
        }
        if seat != own {
            return self.reject(conn, Some(seq), format!("you sit at seat {own} and cannot act for seat {seat}"));
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.last_seq = Some(seq);
        }
        if self.round.is_some() {
            return self.reject(conn, Some(seq), "the next hand is being dealt: wait for your cards".into());
        }
        let Some(game) = &mut self.game else {
            return self.reject(conn, Some(seq), "the game has not started".into());
        };
        if matches!(action, Action::NextHandFrom(_)) {
            return self.reject(conn, Some(seq), "only the host deals from a chosen seed: ask for the next hand instead".into());
        }
        if action == Action::NextHand {
            if game.phase() != PhaseName::Finished {
                return self.reject(conn, Some(seq), "the hand is not over yet".into());
            }
            let mut out = Vec::new();
            self.begin_round(game_hand(&self.game) + 1, now, &mut out);
            self.after_change(now, &mut out);
            return out;
        }
        match game.apply(seat, &action) {
            Ok(events) => {
                let mut out = self.publish(&events);
                self.after_change(now, &mut out);
                out
            }
            Err(e) => self.reject(conn, Some(seq), e.to_string()),
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

    fn broadcast_lobby(&self) -> Vec<Outgoing> {
        let lobby = self.lobby();
        self.live().into_iter().map(|(c, _)| (c, HostMessage::Lobby(lobby.clone()))).collect()
    }

    /// Public events to everyone, then each guest its own view.
    fn publish(&self, events: &[Event]) -> Vec<Outgoing> {
        let mut out = Vec::new();
        let live = self.live();
        for e in events {
            for &(c, _) in &live {
                out.push((c, HostMessage::Event(e.clone())));
            }
        }
        if let Some(g) = &self.game {
            for &(c, s) in &live {
                out.push((c, HostMessage::View(Box::new(g.view(s)))));
            }
        }
        out
    }

    fn controlled_by_bot(&self, seat: Seat) -> bool {
        match &self.seats[seat] {
            Occupant::Bot | Occupant::Empty => true,
            Occupant::Guest(g) => g.stand_in,
        }
    }

    /// After any change: bots move while it is a bot's turn, and a finished hand's seed is revealed.
    fn after_change(&mut self, _now: Millis, out: &mut Vec<Outgoing>) {
        for _ in 0..10_000 {
            if self.round.is_some() {
                break;
            }
            let Some(game) = &self.game else { break };
            if game.phase() == PhaseName::Finished {
                break;
            }
            let Some(seat) = game.to_act().into_iter().find(|&s| self.controlled_by_bot(s)) else { break };
            let view = game.view(seat);
            let (action, _why) = self.bots[seat].suggest(&view);
            let Some(game) = &mut self.game else { break };
            match game.apply(seat, &action) {
                Ok(events) => out.extend(self.publish(&events)),
                Err(e) => {
                    self.log.push(LogEntry { conn: None, what: format!("seat {seat}'s bot chose an illegal move {action:?}: {e}") });
                    break;
                }
            }
        }
        if let (Some(game), Some(d)) = (&self.game, &mut self.dealt) {
            if game.phase() == PhaseName::Finished && !d.revealed {
                d.revealed = true;
                let reveal = d.reveal.clone();
                for (c, _) in self.live() {
                    out.push((c, HostMessage::FairReveal(reveal.clone())));
                }
            }
        }
    }

    // ---------- fair dealing ----------

    fn round_message(&self, r: &FairRound) -> HostMessage {
        match r.step {
            FairStep::Commit => HostMessage::FairCommit { hand: r.hand, host_commitment: fair::to_hex(&fair::commitment(r.hand, &r.secret)) },
            FairStep::Reveal => HostMessage::FairCommitments {
                hand: r.hand,
                commitments: r.commitments.iter().map(|(s, c)| (*s, fair::to_hex(c))).collect(),
            },
        }
    }

    fn begin_round(&mut self, hand: u64, now: Millis, out: &mut Vec<Outgoing>) {
        let secret = self.next_secret("hand");
        let participants: Vec<Seat> = self.live().into_iter().map(|(_, s)| s).collect();
        let r = FairRound { hand, secret, step: FairStep::Commit, started: now, participants, commitments: BTreeMap::new(), entropy: BTreeMap::new() };
        let msg = self.round_message(&r);
        for (c, s) in self.live() {
            if r.participants.contains(&s) {
                out.push((c, msg.clone()));
            }
        }
        self.round = Some(r);
        out.extend(self.broadcast_lobby());
        self.advance_round(now, false, out);
    }

    fn commit(&mut self, conn: ConnId, hand: u64, commitment: &str, now: Millis) -> Vec<Outgoing> {
        let seat = self.seat_of(conn);
        let Some(r) = &mut self.round else { return self.reject(conn, None, "no hand is being dealt".into()) };
        let Some(seat) = seat.filter(|s| r.participants.contains(s)) else {
            return self.reject(conn, None, "you are not part of this deal".into());
        };
        if r.hand != hand || r.step != FairStep::Commit {
            return self.reject(conn, None, format!("a commitment for hand {hand} is not expected now"));
        }
        let Some(c) = fair::from_hex(commitment) else {
            return self.reject(conn, None, "a commitment is 64 hex digits".into());
        };
        if r.commitments.contains_key(&seat) {
            return self.reject(conn, None, "you already committed for this hand".into());
        }
        r.commitments.insert(seat, c);
        let mut out = Vec::new();
        self.advance_round(now, false, &mut out);
        self.after_change(now, &mut out);
        out
    }

    fn reveal(&mut self, conn: ConnId, hand: u64, entropy: &str, now: Millis) -> Vec<Outgoing> {
        let seat = self.seat_of(conn);
        let Some(r) = &mut self.round else { return self.reject(conn, None, "no hand is being dealt".into()) };
        let Some(seat) = seat.filter(|s| r.commitments.contains_key(s)) else {
            return self.reject(conn, None, "you have no commitment in this deal".into());
        };
        if r.hand != hand || r.step != FairStep::Reveal {
            return self.reject(conn, None, format!("a reveal for hand {hand} is not expected now"));
        }
        let Some(e) = fair::from_hex(entropy) else {
            return self.reject(conn, None, "entropy is 64 hex digits".into());
        };
        if fair::commitment(hand, &e) != r.commitments[&seat] {
            return self.reject(conn, None, "this entropy does not match your commitment".into());
        }
        r.entropy.insert(seat, e);
        let mut out = Vec::new();
        self.advance_round(now, false, &mut out);
        self.after_change(now, &mut out);
        out
    }

    /// Moves the round on when everyone has answered (or `force`: the timeout passed).
    fn advance_round(&mut self, now: Millis, force: bool, out: &mut Vec<Outgoing>) {
        let Some(r) = &mut self.round else { return };
        if r.step == FairStep::Commit {
            let all = r.participants.iter().all(|s| r.commitments.contains_key(s));
            if !(all || force) {
                return;
            }
            r.step = FairStep::Reveal;
            r.started = now;
            if !r.commitments.is_empty() {
                let msg = self.round_message(self.round.as_ref().expect("round present"));
                let live = self.live();
                let r = self.round.as_ref().expect("round present");
                for (c, s) in live {
                    if r.participants.contains(&s) {
                        out.push((c, msg.clone()));
                    }
                }
                return;
            }
        }
        let Some(r) = &self.round else { return };
        let all = r.commitments.keys().all(|s| r.entropy.contains_key(s));
        if !(all || force) {
            return;
        }
        let r = self.round.take().expect("round present");
        let contributions: Vec<(Seat, Secret)> = r.entropy.iter().map(|(s, e)| (*s, *e)).collect();
        let seed_text = fair::hand_seed(r.hand, &r.secret, &contributions);
        let Ok(seed) = TableSeed::parse(&seed_text) else { return };
        let events = match self.game.as_mut() {
            None => match Game::new(self.settings.clone(), seed) {
                Ok(g) => {
                    self.game = Some(g);
                    Vec::new()
                }
                Err(e) => {
                    self.log.push(LogEntry { conn: None, what: format!("could not start: {e}") });
                    return;
                }
            },
            Some(game) => {
                // The next hand is dealt from this hand's own seed, recorded in the game's
                // actions so its record replays alone (see docs/net.md).
                let anyone = 0;
                match game.apply(anyone, &Action::NextHandFrom(seed.as_str().to_string())) {
                    Ok(ev) => ev,
                    Err(e) => {
                        self.log.push(LogEntry { conn: None, what: format!("could not deal: {e}") });
                        return;
                    }
                }
            }
        };
        self.hand_seeds.push((r.hand, seed_text.clone()));
        let first_drawer = self.game.as_ref().and_then(|g| g.current_landlord()).unwrap_or(0);
        self.dealt = Some(Dealt {
            reveal: HandReveal {
                hand: r.hand,
                first_drawer,
                host_commitment: fair::to_hex(&fair::commitment(r.hand, &r.secret)),
                host_secret: fair::to_hex(&r.secret),
                contributions: contributions.iter().map(|(s, e)| (*s, fair::to_hex(&r.commitments[s]), fair::to_hex(e))).collect(),
                seed: seed_text,
            },
            revealed: false,
        });
        out.extend(self.broadcast_lobby());
        out.extend(self.publish(&events));
    }

    // ---------- lobby operations (the host's own page calls these) ----------

    fn check_seat(&self, seat: Seat) -> Result<(), LobbyError> {
        if seat >= self.seats.len() {
            return Err(LobbyError::NoSuchSeat { seat, players: self.seats.len() });
        }
        Ok(())
    }

    fn rebind(&mut self) -> Vec<Outgoing> {
        let mut out = Vec::new();
        for (seat, o) in self.seats.iter().enumerate() {
            if let Occupant::Guest(GuestSeat { conn: Some(c), .. }) = o {
                if let Some(conn) = self.conns.get_mut(c) {
                    if conn.seat != Some(seat) {
                        conn.seat = Some(seat);
                        out.push(self.welcome(seat, *c));
                    }
                }
            }
        }
        out.extend(self.broadcast_lobby());
        out
    }

    /// Swaps the occupants of two seats (lobby only).
    pub fn move_player(&mut self, from: Seat, to: Seat) -> Result<Vec<Outgoing>, LobbyError> {
        self.check_seat(from)?;
        self.check_seat(to)?;
        if self.started() {
            return Err(LobbyError::Started);
        }
        self.seats.swap(from, to);
        Ok(self.rebind())
    }

    /// Puts a bot in every empty seat.
    pub fn fill_with_bots(&mut self) -> Vec<Outgoing> {
        for o in &mut self.seats {
            if matches!(o, Occupant::Empty) {
                *o = Occupant::Bot;
            }
        }
        self.broadcast_lobby()
    }

    /// Removes a guest: the seat empties (in the lobby) or a bot takes it (in a game).
    pub fn remove_player(&mut self, seat: Seat, now: Millis) -> Result<Vec<Outgoing>, LobbyError> {
        self.check_seat(seat)?;
        let Occupant::Guest(g) = &self.seats[seat] else { return Err(LobbyError::NotAGuest(seat)) };
        let mut out = Vec::new();
        if let Some(c) = g.conn {
            if let Some(conn) = self.conns.get_mut(&c) {
                conn.seat = None;
            }
            out.push((c, HostMessage::Rejected { reason: "the host gave your seat to someone else".into(), seq: None }));
        }
        self.seats[seat] = if self.started() { Occupant::Bot } else { Occupant::Empty };
        out.extend(self.broadcast_lobby());
        self.after_change(now, &mut out);
        Ok(out)
    }

    /// New settings (lobby only); a change in the number of players adds or drops seats.
    pub fn set_settings(&mut self, settings: Settings) -> Result<Vec<Outgoing>, LobbyError> {
        if self.started() {
            return Err(LobbyError::Started);
        }
        let r = settings.validate().map_err(|e| LobbyError::Settings(e.to_string()))?;
        let mut out = Vec::new();
        while self.seats.len() > r.players {
            if let Some(Occupant::Guest(GuestSeat { conn: Some(c), .. })) = self.seats.pop() {
                if let Some(conn) = self.conns.get_mut(&c) {
                    conn.seat = None;
                }
                out.push((c, HostMessage::Rejected { reason: "the table got smaller and your seat is gone".into(), seq: None }));
            }
        }
        self.seats.resize(r.players, Occupant::Empty);
        self.settings = settings;
        let bot_seed = self.derived_seed("bots");
        self.bots = crate::shengji::bot::bots_for(&bot_seed, r.players, &[self.config.bot_difficulty]);
        out.extend(self.broadcast_lobby());
        Ok(out)
    }

    /// Starts the game: every seat must be taken; the first hand's fair round begins.
    pub fn start(&mut self, now: Millis) -> Result<Vec<Outgoing>, LobbyError> {
        if self.started() {
            return Err(LobbyError::Started);
        }
        if let Some(s) = self.seats.iter().position(|o| matches!(o, Occupant::Empty)) {
            return Err(LobbyError::EmptySeat(s));
        }
        let mut out = Vec::new();
        self.begin_round(0, now, &mut out);
        self.after_change(now, &mut out);
        Ok(out)
    }

    /// Deals the next hand (the host's own button; guests send `Action::NextHand`).
    pub fn next_hand(&mut self, now: Millis) -> Result<Vec<Outgoing>, LobbyError> {
        let Some(g) = &self.game else { return Err(LobbyError::NotStarted) };
        if self.round.is_some() {
            return Err(LobbyError::FairRoundRunning);
        }
        if g.phase() != PhaseName::Finished {
            return Err(LobbyError::Started);
        }
        let mut out = Vec::new();
        self.begin_round(g.hand_number() + 1, now, &mut out);
        self.after_change(now, &mut out);
        Ok(out)
    }
}

fn game_hand(game: &Option<Game>) -> u64 {
    game.as_ref().map_or(0, |g| g.hand_number())
}

#[cfg(test)]
mod tests;
