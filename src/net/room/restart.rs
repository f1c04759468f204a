//! ICE restart over a room, the host's side and the timings both sides keep: a connection
//! that was open and went down (`failed`, or `disconnected` past [`DISCONNECTED_GRACE_MS`])
//! is restarted on the same RTCPeerConnection — same data channel, same table — with a new
//! offer from the host through the relays, answered by the guest the same way. The guest
//! asks for it ([`ASK_EVERY_MS`]) while the host may already be making it; if the
//! connection is not back within [`RESTART_WITHIN_MS`] the guest falls back to knocking
//! (a rejoin on a new connection). The guest's side is in `guest_room`; here the host's
//! record of which guest holds which open connection and the restart it has offered, so a
//! restart asked, offered or answered for any other connection changes nothing.

use super::inbox::Refusal;
use super::message::PeerId;
use crate::net::Millis;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// A connection `disconnected` this long (not `failed`: ICE may still find its way back by
/// itself) is restarted.
pub const DISCONNECTED_GRACE_MS: Millis = 2_000;
/// A restart not connected within this is given up: the guest knocks again (a rejoin), the
/// host closes the connection (the guest's hello takes its seat back on the next one).
pub const RESTART_WITHIN_MS: Millis = 8_000;
/// A guest asks again this often until the host's restart offer reaches it (the first ask
/// may go out on relay sockets still opening after a network change).
pub const ASK_EVERY_MS: Millis = 1_500;
/// The most open connections the host remembers for restarts (a table's guests and
/// watchers; the oldest is forgotten first).
pub const MAX_REMEMBERED: usize = 32;

/// How a guest's connection came back after it went down (the page shows it as
/// `data-recovered` for the NAT lab to read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Recovered {
    /// The same connection, restarted.
    IceRestart,
    /// A new connection, knocked for; the guest's hello took its seat back.
    Rejoin,
}

impl Recovered {
    pub fn key(self) -> &'static str {
        match self {
            Recovered::IceRestart => "ice-restart",
            Recovered::Rejoin => "rejoin",
        }
    }
}

/// What the host page should do for a guest's ask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AskStep {
    /// Make a restart offer on the connection ([`HostRestarts::offering`] once made).
    Offer,
    /// Send the restart offer already made again.
    Resend { sealed: String },
    /// The offer is being made; the guest will ask again.
    Wait,
}

#[derive(Clone, Debug)]
struct Open {
    guest: PeerId,
    conn: u32,
    /// A restart under way: since when, and its sealed offer once made.
    restart: Option<(Millis, Option<String>)>,
}

/// The host's open connections and their restarts.
#[derive(Clone, Debug, Default)]
pub struct HostRestarts {
    open: VecDeque<Open>,
}

impl HostRestarts {
    /// `guest`'s answer on `conn` was taken: the connection is theirs.
    pub fn opened(&mut self, guest: PeerId, conn: u32) {
        self.open.retain(|o| o.conn != conn);
        if self.open.len() == MAX_REMEMBERED {
            self.open.pop_front();
        }
        self.open.push_back(Open { guest, conn, restart: None });
    }

    fn of(&mut self, guest: PeerId, conn: u32) -> Result<&mut Open, Refusal> {
        self.open.iter_mut().find(|o| o.conn == conn && o.guest == guest).ok_or(Refusal::NoConnection)
    }

    /// `guest` asks for a restart of `conn`.
    pub fn ask(&mut self, guest: PeerId, conn: u32, now: Millis) -> Result<AskStep, Refusal> {
        self.expire(now);
        let open = self.of(guest, conn)?;
        Ok(match &open.restart {
            None => {
                open.restart = Some((now, None));
                AskStep::Offer
            }
            Some((_, Some(sealed))) => AskStep::Resend { sealed: sealed.clone() },
            Some((_, None)) => AskStep::Wait,
        })
    }

    /// The page makes a restart offer on `conn` (asked, or on its own): the guest to send
    /// it to, if `conn` is an open connection of the room's.
    pub fn offering(&mut self, conn: u32, now: Millis) -> Option<PeerId> {
        let open = self.open.iter_mut().find(|o| o.conn == conn)?;
        if open.restart.is_none() {
            open.restart = Some((now, None));
        }
        Some(open.guest)
    }

    /// The restart offer of `conn`, sealed (to resend on the next ask).
    pub fn offered(&mut self, conn: u32, sealed: String) {
        if let Some((_, slot)) = self.open.iter_mut().find(|o| o.conn == conn).and_then(|o| o.restart.as_mut()) {
            *slot = Some(sealed);
        }
    }

    /// `guest` answers the restart of `conn`: `Ok` if one was offered to it (the page then
    /// applies the answer). Anything else changes nothing.
    pub fn answer(&mut self, guest: PeerId, conn: u32) -> Result<(), Refusal> {
        let open = self.of(guest, conn)?;
        if !matches!(open.restart, Some((_, Some(_)))) {
            return Err(Refusal::Stale);
        }
        open.restart = None;
        Ok(())
    }

    /// Forgets restarts older than [`RESTART_WITHIN_MS`] (a later ask starts another).
    pub fn expire(&mut self, now: Millis) {
        for o in &mut self.open {
            if o.restart.as_ref().is_some_and(|(since, _)| now.saturating_sub(*since) >= RESTART_WITHIN_MS) {
                o.restart = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANN: PeerId = PeerId([2; 8]);
    const BEN: PeerId = PeerId([3; 8]);

    #[test]
    fn an_ask_makes_one_offer_and_later_asks_resend_it() {
        let mut r = HostRestarts::default();
        r.opened(ANN, 4);
        assert_eq!(r.ask(ANN, 4, 0), Ok(AskStep::Offer));
        assert_eq!(r.ask(ANN, 4, 500), Ok(AskStep::Wait), "the offer is being made");
        assert_eq!(r.offering(4, 600), Some(ANN));
        r.offered(4, "sealed".into());
        assert_eq!(r.ask(ANN, 4, 1_500), Ok(AskStep::Resend { sealed: "sealed".into() }));
        assert_eq!(r.answer(ANN, 4), Ok(()));
        assert_eq!(r.answer(ANN, 4), Err(Refusal::Stale), "answered already");
        // Down again later: a new restart.
        assert_eq!(r.ask(ANN, 4, 60_000), Ok(AskStep::Offer));
    }

    #[test]
    fn hostile_or_out_of_order_restart_messages_change_nothing() {
        let mut r = HostRestarts::default();
        r.opened(ANN, 4);
        r.opened(BEN, 5);
        let before = format!("{r:?}");
        assert_eq!(r.ask(BEN, 4, 0), Err(Refusal::NoConnection), "another guest's connection");
        assert_eq!(r.ask(ANN, 9, 0), Err(Refusal::NoConnection), "a connection never made");
        assert_eq!(r.answer(ANN, 4), Err(Refusal::Stale), "an answer before any restart");
        assert_eq!(r.answer(BEN, 4), Err(Refusal::NoConnection));
        assert_eq!(format!("{r:?}"), before, "no state change");
        assert_eq!(r.offering(9, 0), None, "the page cannot restart what the room never opened");
        // An offer still being made takes no answer either.
        assert_eq!(r.ask(ANN, 4, 0), Ok(AskStep::Offer));
        assert_eq!(r.answer(ANN, 4), Err(Refusal::Stale));
        assert_eq!(r.answer(BEN, 5), Err(Refusal::Stale), "BEN's connection is not restarting");
    }

    #[test]
    fn the_host_may_restart_first_and_restarts_run_out() {
        let mut r = HostRestarts::default();
        r.opened(ANN, 4);
        assert_eq!(r.offering(4, 1_000), Some(ANN));
        r.offered(4, "mine".into());
        assert_eq!(r.ask(ANN, 4, 2_000), Ok(AskStep::Resend { sealed: "mine".into() }), "the ask crossed the host's own offer");
        assert_eq!(r.ask(ANN, 4, 1_000 + RESTART_WITHIN_MS), Ok(AskStep::Offer), "the first ran out: a new one");
    }

    #[test]
    fn open_connections_are_remembered_up_to_a_bound() {
        let mut r = HostRestarts::default();
        for c in 0..MAX_REMEMBERED as u32 + 3 {
            r.opened(ANN, c);
        }
        assert_eq!(r.ask(ANN, 0, 0), Err(Refusal::NoConnection), "the oldest forgotten");
        assert_eq!(r.ask(ANN, MAX_REMEMBERED as u32 + 2, 0), Ok(AskStep::Offer));
        // The same connection answered again replaces its record.
        r.opened(BEN, 5);
        assert_eq!(r.ask(ANN, 5, 0), Err(Refusal::NoConnection));
        assert_eq!(r.ask(BEN, 5, 0), Ok(AskStep::Offer));
    }
}
