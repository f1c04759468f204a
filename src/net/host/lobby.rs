//! The lobby: seats, settings, moving and removing players, starting the game and dealing
//! the next hand. The host's own page calls these; every change is sent to every guest.

use super::{GuestSeat, Host, Millis, Occupant, Outgoing, Refusal};
use crate::net::game::PeerGame;
use crate::net::protocol::{HostMessage, LobbyState, SeatInfo};
use crate::table::{ReplayError, Seat};
use derive_where::derive_where;
use std::fmt;

/// Why a lobby operation was refused.
#[derive_where(Clone, Debug, PartialEq, Eq)]
pub enum LobbyError<G: PeerGame> {
    NoSuchSeat { seat: Seat, players: usize },
    Started,
    NotStarted,
    EmptySeat(Seat),
    NotAGuest(Seat),
    Settings(G::SettingsError),
    /// A saved table whose seats do not match its own settings' player count.
    SavedSeats { saved: usize, players: usize },
    /// A saved table whose game record does not replay.
    SavedGame(ReplayError<G>),
    FairRoundRunning,
}

impl<G: PeerGame> fmt::Display for LobbyError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LobbyError::NoSuchSeat { seat, players } => write!(f, "there is no seat {} (seats are 1 to {players})", seat + 1),
            LobbyError::Started => f.write_str("the game has started: this can only be done in the lobby"),
            LobbyError::NotStarted => f.write_str("the game has not started yet"),
            LobbyError::EmptySeat(s) => write!(f, "seat {} is empty: fill it with a bot or wait for a guest", s + 1),
            LobbyError::NotAGuest(s) => write!(f, "seat {} has no guest to remove", s + 1),
            LobbyError::Settings(why) => write!(f, "these settings do not work: {why}"),
            LobbyError::SavedSeats { saved, players } => {
                write!(f, "the saved table has {saved} seats for {players} players")
            }
            LobbyError::SavedGame(e) => write!(f, "the saved game does not replay: {e}"),
            LobbyError::FairRoundRunning => f.write_str("the next hand is already being dealt"),
        }
    }
}

impl<G: PeerGame> std::error::Error for LobbyError<G> {}

impl<G: PeerGame> LobbyState<G> {
    /// The lobby of a new table with its host in the first seat, as [`Host::new`] and the
    /// host's own hello make it: what the host's page shows before its worker answers.
    pub fn opening(settings: G::Settings, host: &str) -> Result<LobbyState<G>, G::SettingsError> {
        let players = G::seats(&settings)?;
        let mut seats = vec![SeatInfo::Empty; players];
        let name = if host.is_empty() { "Guest 1".to_string() } else { host.to_string() };
        seats[0] = SeatInfo::Guest { name, connected: true, stand_in: false };
        Ok(LobbyState { settings, seats, levels: vec![G::BotLevel::default(); players], started: false })
    }

    /// The seats a guest could take now: empty ones before the start, and a guest's that is
    /// away at any time (each gets an invite; a room is announced while there is one).
    pub fn open_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats.iter().enumerate().filter(|(_, info)| match info {
            SeatInfo::Empty => !self.started,
            SeatInfo::Guest { connected, .. } => !connected,
            SeatInfo::Bot => false,
        }).map(|(seat, _)| seat)
    }
}

impl<G: PeerGame> Host<G> {
    pub fn lobby(&self) -> LobbyState<G> {
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
            levels: self.levels.clone(),
            started: self.game.is_some() || self.round.is_some(),
        }
    }

    pub(super) fn started(&self) -> bool {
        self.game.is_some() || self.round.is_some()
    }

    pub(super) fn check_seat(&self, seat: Seat) -> Result<(), LobbyError<G>> {
        if seat >= self.seats.len() {
            return Err(LobbyError::NoSuchSeat { seat, players: self.seats.len() });
        }
        Ok(())
    }

    pub(super) fn rebind(&mut self) -> Vec<Outgoing<G>> {
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
    pub fn move_player(&mut self, from: Seat, to: Seat) -> Result<Vec<Outgoing<G>>, LobbyError<G>> {
        self.check_seat(from)?;
        self.check_seat(to)?;
        if self.started() {
            return Err(LobbyError::Started);
        }
        self.seats.swap(from, to);
        // A bot keeps its level where it goes.
        self.levels.swap(from, to);
        self.make_bots();
        self.touch();
        Ok(self.rebind())
    }

    /// Puts a bot in every empty seat.
    pub fn fill_with_bots(&mut self) -> Vec<Outgoing<G>> {
        for o in &mut self.seats {
            if matches!(o, Occupant::Empty) {
                *o = Occupant::Bot;
            }
        }
        self.touch();
        self.broadcast_lobby()
    }

    /// Removes a guest: the seat empties (in the lobby) or a bot takes it (in a game).
    pub fn remove_player(&mut self, seat: Seat, now: Millis) -> Result<Vec<Outgoing<G>>, LobbyError<G>> {
        self.check_seat(seat)?;
        let Occupant::Guest(g) = &self.seats[seat] else { return Err(LobbyError::NotAGuest(seat)) };
        let mut out = Vec::new();
        if let Some(c) = g.conn {
            if let Some(conn) = self.conns.get_mut(&c) {
                conn.seat = None;
            }
            out.push((c, HostMessage::Rejected { reason: Refusal::<G>::SeatGiven.wire(), seq: None }));
        }
        self.seats[seat] = if self.started() { Occupant::Bot } else { Occupant::Empty };
        self.touch();
        self.seat_waiting(false, &mut out);
        out.extend(self.broadcast_lobby());
        self.after_change(now, &mut out);
        Ok(out)
    }

    /// New settings (lobby only); a change in the number of players adds or drops seats.
    pub fn set_settings(&mut self, settings: G::Settings) -> Result<Vec<Outgoing<G>>, LobbyError<G>> {
        if self.started() {
            return Err(LobbyError::Started);
        }
        let players = G::seats(&settings).map_err(LobbyError::Settings)?;
        let mut out = Vec::new();
        while self.seats.len() > players {
            if let Some(Occupant::Guest(GuestSeat { conn: Some(c), .. })) = self.seats.pop() {
                if let Some(conn) = self.conns.get_mut(&c) {
                    conn.seat = None;
                }
                out.push((c, HostMessage::Rejected { reason: Refusal::<G>::SeatGone.wire(), seq: None }));
            }
        }
        self.seats.resize(players, Occupant::Empty);
        self.settings = settings;
        self.touch();
        self.levels.resize(players, self.config.bot_level);
        self.bot_seed = self.derived_seed("bots");
        self.make_bots();
        self.seat_waiting(false, &mut out);
        out.extend(self.broadcast_lobby());
        Ok(out)
    }

    /// Starts the game: every seat must be taken; the first hand's fair round begins.
    pub fn start(&mut self, now: Millis) -> Result<Vec<Outgoing<G>>, LobbyError<G>> {
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

    /// Deals the next hand (the host's own button; guests send the game's next-hand move).
    pub fn next_hand(&mut self, now: Millis) -> Result<Vec<Outgoing<G>>, LobbyError<G>> {
        let Some(g) = &self.game else { return Err(LobbyError::NotStarted) };
        if self.round.is_some() {
            return Err(LobbyError::FairRoundRunning);
        }
        if !g.hand_over() {
            return Err(LobbyError::Started);
        }
        let mut out = Vec::new();
        self.begin_round(g.hand_number() + 1, now, &mut out);
        self.after_change(now, &mut out);
        Ok(out)
    }
}
