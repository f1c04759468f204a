//! Who comes to the table: a guest's hello (a free seat before the start, or its own seat
//! back with its rejoin token at any time), a spectator's watch (no seat, the public view)
//! and a page's resync after an update it could not apply. A hello that finds no free seat
//! (every seat a guest's, or the hand under way) watches instead, and takes the first seat
//! that frees: an empty one at once, or a bot's as the next hand begins (`seat_waiting`) —
//! so one room link seats everyone who opens it, sooner or later.

use super::{fair, GuestSeat, Host, Occupant, Outgoing, Refusal};
use super::{ConnId, Millis};
use crate::net::game::PeerGame;
use crate::net::protocol::{HostMessage, MAX_WATCHERS, PROTOCOL_VERSION};
use crate::table::Seat;

impl<G: PeerGame> Host<G> {
    pub(super) fn hello(&mut self, conn: ConnId, name: String, rejoin: Option<String>, now: Millis) -> Vec<Outgoing<G>> {
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
            // Before the start a bot only keeps a seat warm: a person takes it.
            None => match self.free_seat(!self.started()) {
                Some(seat) => self.seat_guest(seat, conn, name),
                None => return self.wait(conn, name),
            },
        };
        if let Some(c) = self.conns.get_mut(&conn) {
            c.greeted = true;
            c.seat = Some(seat);
        }
        self.touch();
        let mut out = vec![self.welcome(seat, conn)];
        out.extend(self.broadcast_lobby());
        if let Some(g) = &self.game {
            self.stats.views += 1;
            out.push((conn, HostMessage::View(Box::new(g.view(seat)))));
        }
        // A guest back after the hand ended: the reveal it missed (older ones: `History`).
        if let Some(m) = self.game.as_ref().and_then(|g| self.reveal_message(g.hand_number())) {
            out.push((conn, m));
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

    /// The first free seat: an empty one, or (`bots_too`) one a bot plays.
    fn free_seat(&self, bots_too: bool) -> Option<Seat> {
        let empty = self.seats.iter().position(|o| matches!(o, Occupant::Empty));
        empty.or_else(|| bots_too.then(|| self.seats.iter().position(|o| matches!(o, Occupant::Bot))).flatten())
    }

    /// A new guest at `seat`, with a fresh rejoin token.
    fn seat_guest(&mut self, seat: Seat, conn: ConnId, name: String) -> Seat {
        let token = fair::to_hex(&self.next_secret("token")[..16]);
        let name = if name.is_empty() { format!("Guest {}", seat + 1) } else { name };
        self.seats[seat] = Occupant::Guest(GuestSeat { name, conn: Some(conn), token, dropped_at: None, stand_in: false });
        seat
    }

    /// A hello with no free seat: the guest watches until one frees (told `Waiting`); with
    /// as many spectators as a table takes, it is refused as before.
    fn wait(&mut self, conn: ConnId, name: String) -> Vec<Outgoing<G>> {
        if self.watchers().len() >= MAX_WATCHERS {
            let reason = if self.started() { Refusal::Started } else { Refusal::TableFull };
            return self.reject(conn, None, reason);
        }
        let mut out = vec![(conn, HostMessage::Waiting)];
        out.extend(self.watch(conn));
        if let Some(c) = self.conns.get_mut(&conn) {
            c.waiting = Some(name);
        }
        out
    }

    /// Seats the guests waiting for a seat, first come first seated: in empty seats, and
    /// (`hand_begins`: the start of a hand, before its deal) in bots' seats. Each is told
    /// `Welcome`; whoever asks for the lobby sees them at their seats.
    pub(super) fn seat_waiting(&mut self, hand_begins: bool, out: &mut Vec<Outgoing<G>>) {
        let waiting: Vec<ConnId> = self.conns.iter().filter(|(_, c)| c.waiting.is_some()).map(|(&id, _)| id).collect();
        let mut seated = false;
        for conn in waiting {
            let Some(seat) = self.free_seat(hand_begins || !self.started()) else { break };
            let Some(c) = self.conns.get_mut(&conn) else { continue };
            let name = c.waiting.take().unwrap_or_default();
            c.watching = false;
            c.seat = Some(seat);
            self.seat_guest(seat, conn, name);
            out.push(self.welcome(seat, conn));
            seated = true;
        }
        if seated {
            self.touch();
        }
    }

    /// A spectator: no seat, the lobby and the public view now and after every change.
    pub(super) fn watch(&mut self, conn: ConnId) -> Vec<Outgoing<G>> {
        if self.watchers().len() >= MAX_WATCHERS {
            return self.reject(conn, None, Refusal::TableFull);
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.greeted = true;
            c.watching = true;
        }
        let mut out = vec![(conn, HostMessage::Lobby(self.lobby()))];
        if let Some(g) = &self.game {
            self.stats.views += 1;
            out.push((conn, HostMessage::View(Box::new(g.public_view()))));
        }
        out
    }

    /// Whether this connection is a spectator's (it greeted with `Watch` and was let in).
    pub fn is_watching(&self, conn: ConnId) -> bool {
        self.conns.get(&conn).is_some_and(|c| c.watching)
    }

    /// The whole view again, for a connection that could not apply an update (its page's
    /// encoder starts afresh with it).
    pub(super) fn resync(&mut self, conn: ConnId) -> Vec<Outgoing<G>> {
        let Some(g) = &self.game else { return Vec::new() };
        let view = match self.conns.get(&conn) {
            Some(c) if c.watching => g.public_view(),
            _ => match self.seat_of(conn) {
                Some(seat) => g.view(seat),
                None => return Vec::new(),
            },
        };
        self.stats.views += 1;
        vec![(conn, HostMessage::View(Box::new(view)))]
    }

    /// Spectators' connections.
    pub fn watchers(&self) -> Vec<ConnId> {
        self.conns.iter().filter(|(_, c)| c.watching).map(|(&id, _)| id).collect()
    }

    /// The names of the spectators waiting for a seat, in the order they will be seated
    /// (the host's page lists them among the spectators).
    pub fn waiting(&self) -> Vec<String> {
        self.conns.values().filter_map(|c| c.waiting.as_ref()).map(|n| if n.is_empty() { "Guest".to_string() } else { n.clone() }).collect()
    }

    pub(super) fn welcome(&self, seat: Seat, conn: ConnId) -> Outgoing<G> {
        let token = match &self.seats[seat] {
            Occupant::Guest(g) => g.token.clone(),
            _ => String::new(),
        };
        (conn, HostMessage::Welcome { seat, rejoin: token, protocol_version: PROTOCOL_VERSION })
    }
}
