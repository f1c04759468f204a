//! A guest's side of a room: when to knock (at once, then backing off to every 30 s, and
//! never once connected), which offer to answer, and when an answered offer that never
//! connected is given up for a new knock. A drop, or the host's page reloading, starts
//! the knocking over: that is how a table heals with nobody doing anything.

use super::message::PeerId;
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
    Connected,
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
            GuestState::Connected => None,
        }
    }

    /// The host (its signature checked) offers connection `conn`: `true` if the page
    /// should answer it. A guest answers one offer at a time; a later offer from another
    /// host page (the host reloaded) replaces one that has not connected.
    pub fn offer(&mut self, host: PeerId, conn: u32, now: Millis) -> bool {
        let take = match self.state {
            GuestState::Knocking { .. } => true,
            GuestState::Answering { host: h, conn: c, .. } => h != host || c != conn,
            GuestState::Connected => false,
        };
        if take {
            self.state = GuestState::Answering { host, conn, since: now };
        }
        take
    }

    /// The connection opened: knocking stops.
    pub fn connected(&mut self) {
        self.state = GuestState::Connected;
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
}
