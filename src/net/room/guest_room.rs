//! A guest's side of a room: when to knock (at once, then backing off to every 30 s, and
//! never once connected), which offer to answer, and when an answered offer that never
//! connected is given up for a new knock. A drop, or the host's page reloading, starts
//! the knocking over: that is how a table heals with nobody doing anything. A connection
//! that goes down without closing is first restarted (`restart`): the guest asks the host
//! for it until its offer comes, and knocks again if it is not back in time.

use super::inbox::Refusal;
use super::message::PeerId;
use super::restart::{ASK_EVERY_MS, RESTART_WITHIN_MS};
use crate::net::Millis;

/// The waits between knocks: at once, then 1, 2, 4, 8 and 15 s, then every 30 s. Each
/// knock goes through every relay; see docs/room.md for what that costs a relay.
pub const KNOCK_WAITS_MS: [Millis; 7] = [0, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/// An answered offer whose connection is not open within this is given up.
pub const CONNECT_WITHIN_MS: Millis = 20_000;

/// Where the guest is in being seated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestState {
    /// Knocking: the next knock is due at `next` (after `knocks` so far).
    Knocking { knocks: u32, next: Millis },
    /// Answered the host's offer of connection `conn`, waiting for it to open.
    Answering { host: PeerId, conn: u32, since: Millis },
    /// Open; on `link`, the host's connection, when it came through this room.
    Connected { link: Option<(PeerId, u32)> },
    /// The connection went down: asking `host` to restart `conn` (next at `next_ask`)
    /// until its restart offer came (`offered`), back by `since` + [`RESTART_WITHIN_MS`].
    Restarting { host: PeerId, conn: u32, since: Millis, next_ask: Millis, offered: bool },
}

#[derive(Clone, Debug)]
pub struct GuestRoom {
    state: GuestState,
}

impl GuestRoom {
    /// A guest that opened the room link at `now` (its first knock is due at once).
    pub fn new(now: Millis) -> GuestRoom {
        GuestRoom { state: GuestState::Knocking { knocks: 0, next: now } }
    }

    pub fn state(&self) -> &GuestState {
        &self.state
    }

    /// Whether to knock now; if so, the next knock is scheduled. An answered offer that
    /// did not connect in time is given up here, and the knocking starts over.
    pub fn knock_due(&mut self, now: Millis) -> bool {
        if let GuestState::Answering { since, .. } = self.state {
            if now.saturating_sub(since) >= CONNECT_WITHIN_MS {
                self.state = GuestState::Knocking { knocks: 0, next: now };
            }
        }
        match &mut self.state {
            GuestState::Knocking { knocks, next } if now >= *next => {
                *knocks += 1;
                let wait = KNOCK_WAITS_MS[(*knocks as usize).min(KNOCK_WAITS_MS.len() - 1)];
                *next = now + wait;
                true
            }
            _ => false,
        }
    }

    /// When the page should look again (`knock_due`), if anything is pending.
    pub fn next_wake(&self) -> Option<Millis> {
        match self.state {
            GuestState::Knocking { next, .. } => Some(next),
            GuestState::Answering { since, .. } => Some(since + CONNECT_WITHIN_MS),
            GuestState::Connected { .. } => None,
            GuestState::Restarting { since, next_ask, offered, .. } => {
                Some(if offered { since + RESTART_WITHIN_MS } else { next_ask.min(since + RESTART_WITHIN_MS) })
            }
        }
    }

    /// The host (its signature checked) offers connection `conn`: `true` if the page
    /// should answer it. A guest answers one offer at a time; a later offer from another
    /// host page (the host reloaded) replaces one that has not connected.
    pub fn offer(&mut self, host: PeerId, conn: u32, now: Millis) -> bool {
        let take = match self.state {
            GuestState::Knocking { .. } => true,
            GuestState::Answering { host: h, conn: c, .. } => h != host || c != conn,
            GuestState::Connected { .. } | GuestState::Restarting { .. } => false,
        };
        if take {
            self.state = GuestState::Answering { host, conn, since: now };
        }
        take
    }

    /// The connection opened (or came back after a restart): knocking stops.
    pub fn connected(&mut self) {
        let link = match self.state {
            GuestState::Answering { host, conn, .. } | GuestState::Restarting { host, conn, .. } => Some((host, conn)),
            GuestState::Connected { link } => link,
            GuestState::Knocking { .. } => None,
        };
        self.state = GuestState::Connected { link };
    }

    /// The open connection went down (not closed): restart it if it came through this
    /// room (`true`: the first ask is due at once). Otherwise nothing changes.
    pub fn restarting(&mut self, now: Millis) -> bool {
        let GuestState::Connected { link: Some((host, conn)) } = self.state else { return false };
        self.state = GuestState::Restarting { host, conn, since: now, next_ask: now, offered: false };
        true
    }

    /// The host and connection to ask for a restart now, if an ask is due (the next one is
    /// then scheduled).
    pub fn ask_due(&mut self, now: Millis) -> Option<(PeerId, u32)> {
        match &mut self.state {
            GuestState::Restarting { host, conn, next_ask, offered: false, .. } if now >= *next_ask => {
                *next_ask = now + ASK_EVERY_MS;
                Some((*host, *conn))
            }
            _ => None,
        }
    }

    /// A restart not back within [`RESTART_WITHIN_MS`] is given up for knocking (`true`
    /// once, when it is: the page then drops the connection).
    pub fn restart_expired(&mut self, now: Millis) -> bool {
        let GuestState::Restarting { since, .. } = self.state else { return false };
        let expired = now.saturating_sub(since) >= RESTART_WITHIN_MS;
        if expired {
            self.state = GuestState::Knocking { knocks: 0, next: now };
        }
        expired
    }

    /// The host (its signature checked) restarts connection `conn`: taken only for the
    /// open (or restarting) connection from that host. The host may restart first, before
    /// this side noticed anything. A restart for any other connection changes nothing.
    pub fn restart_offer(&mut self, host: PeerId, conn: u32, now: Millis) -> Result<(), Refusal> {
        match &mut self.state {
            GuestState::Connected { link: Some(link) } if *link == (host, conn) => {
                self.state = GuestState::Restarting { host, conn, since: now, next_ask: now, offered: true };
                Ok(())
            }
            GuestState::Restarting { host: h, conn: c, offered, .. } if (*h, *c) == (host, conn) => {
                *offered = true;
                Ok(())
            }
            _ => Err(Refusal::NoConnection),
        }
    }

    /// The connection closed (the guest's network, or the host's page went away): knock
    /// again at once, backing off as at the start.
    pub fn lost(&mut self, now: Millis) {
        self.state = GuestState::Knocking { knocks: 0, next: now };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOST: PeerId = PeerId([1; 8]);
    const RELOADED: PeerId = PeerId([2; 8]);

    /// The times of the knocks over `until` ms, the page waking when asked to.
    fn knocks(room: &mut GuestRoom, from: Millis, until: Millis) -> Vec<Millis> {
        let mut out = Vec::new();
        let mut now = from;
        while now <= until {
            if room.knock_due(now) {
                out.push(now);
            }
            now = room.next_wake().unwrap().max(now + 1);
        }
        out
    }

    #[test]
    fn knocks_back_off_to_two_a_minute() {
        let mut room = GuestRoom::new(0);
        let times = knocks(&mut room, 0, 120_000);
        assert_eq!(times, vec![0, 1_000, 3_000, 7_000, 15_000, 30_000, 60_000, 90_000, 120_000]);
        assert_eq!(times.iter().filter(|&&t| t < 60_000).count(), 6, "the first minute");
    }

    #[test]
    fn an_offer_stops_the_knocking_until_it_connects_or_runs_out() {
        let mut room = GuestRoom::new(0);
        assert!(room.knock_due(0));
        assert!(room.offer(HOST, 3, 500));
        assert!(!room.offer(HOST, 3, 600), "the same offer again (through another relay)");
        assert!(!room.knock_due(10_000));
        // Not connected in time: knocking starts over.
        assert!(room.knock_due(500 + CONNECT_WITHIN_MS));
        assert!(room.offer(HOST, 4, 21_000));
        room.connected();
        assert_eq!(room.state(), &GuestState::Connected { link: Some((HOST, 4)) });
        assert_eq!(room.next_wake(), None);
        assert!(!room.knock_due(100_000));
        assert!(!room.offer(HOST, 5, 100_001), "connected: no other offer is taken");
    }

    #[test]
    fn a_drop_or_a_reloaded_host_heals_by_knocking_again() {
        let mut room = GuestRoom::new(0);
        room.knock_due(0);
        room.offer(HOST, 1, 100);
        room.connected();
        room.lost(50_000);
        assert_eq!(knocks(&mut room, 50_000, 53_000), vec![50_000, 51_000, 53_000]);
        // While answering the old host's offer, the reloaded host's offer replaces it.
        assert!(room.offer(HOST, 2, 53_100));
        assert!(room.offer(RELOADED, 1, 53_200));
        assert_eq!(room.state(), &GuestState::Answering { host: RELOADED, conn: 1, since: 53_200 });
    }

    fn connected_to(host: PeerId, conn: u32) -> GuestRoom {
        let mut room = GuestRoom::new(0);
        room.knock_due(0);
        room.offer(host, conn, 100);
        room.connected();
        room
    }

    #[test]
    fn a_connection_down_asks_for_a_restart_until_offered_then_waits() {
        let mut room = connected_to(HOST, 3);
        assert!(room.restarting(10_000));
        assert!(!room.restarting(10_001), "restarting already");
        assert_eq!(room.ask_due(10_000), Some((HOST, 3)));
        assert_eq!(room.ask_due(10_500), None);
        assert_eq!(room.next_wake(), Some(10_000 + ASK_EVERY_MS));
        assert_eq!(room.ask_due(10_000 + ASK_EVERY_MS), Some((HOST, 3)));
        assert!(!room.knock_due(11_600), "no knocking while restarting");
        assert_eq!(room.restart_offer(HOST, 3, 12_000), Ok(()));
        assert_eq!(room.ask_due(20_000), None, "offered: no more asks");
        assert!(!room.offer(HOST, 9, 12_100), "no new connection while restarting");
        room.connected();
        assert_eq!(room.state(), &GuestState::Connected { link: Some((HOST, 3)) });
        assert!(!room.restart_expired(100_000));
    }

    #[test]
    fn a_restart_not_back_in_time_falls_back_to_knocking() {
        let mut room = connected_to(HOST, 3);
        room.restarting(10_000);
        assert!(!room.restart_expired(10_000 + RESTART_WITHIN_MS - 1));
        assert!(room.restart_expired(10_000 + RESTART_WITHIN_MS));
        assert!(!room.restart_expired(10_000 + RESTART_WITHIN_MS), "said once");
        assert!(room.knock_due(10_000 + RESTART_WITHIN_MS));
        // The knock's new connection is the one to restart next time.
        assert!(room.offer(RELOADED, 1, 20_000));
        room.connected();
        assert!(room.restarting(30_000));
        assert_eq!(room.ask_due(30_000), Some((RELOADED, 1)));
    }

    #[test]
    fn the_host_may_restart_first_and_strangers_restarts_are_refused() {
        let mut room = connected_to(HOST, 3);
        let before = room.state().clone();
        assert_eq!(room.restart_offer(RELOADED, 3, 5_000), Err(Refusal::NoConnection), "another host page");
        assert_eq!(room.restart_offer(HOST, 4, 5_000), Err(Refusal::NoConnection), "another connection");
        assert_eq!(room.state(), &before, "no state change");
        assert_eq!(room.restart_offer(HOST, 3, 5_000), Ok(()), "the host noticed first");
        assert_eq!(room.ask_due(5_000), None);
        assert_eq!(room.restart_offer(HOST, 3, 6_000), Ok(()), "a second restart of the same connection");
        // Not connected through a room, or knocking: nothing to restart.
        let mut knocking = GuestRoom::new(0);
        assert!(!knocking.restarting(0));
        assert_eq!(knocking.restart_offer(HOST, 3, 0), Err(Refusal::NoConnection));
        assert!(matches!(knocking.state(), GuestState::Knocking { .. }));
    }
}
