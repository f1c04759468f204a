//! The host's side of a room: which knocks get a new connection, which get the offer
//! already made sent again (the first copy may have been lost, or the guest's knock
//! came through two relays), which answers connect, and which offers are given up.
//! Pure bookkeeping over time; the page makes the connections and the seals.

use super::inbox::Refusal;
use super::message::PeerId;
use crate::net::Millis;

/// The most guests the host makes offers for at once (a table has at most ten seats and
/// eight spectators; more at once is a flood).
pub const MAX_PENDING: usize = 16;
/// An offer not answered within this is given up (its connection closed); the guest's
/// next knock gets a new one.
pub const OFFER_LIFETIME_MS: Millis = 30_000;

/// What the page should do for a knock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnockStep {
    /// Open a new connection for this guest and offer it ([`HostRoom::offered`] once sealed).
    Open,
    /// Send the offer already made again.
    Resend { sealed: String },
    /// The offer is still being made; the guest will knock again.
    Wait,
}

#[derive(Clone, Debug)]
struct Pending {
    guest: PeerId,
    /// The connection, once the page opened it, and its sealed offer once made.
    conn: Option<u32>,
    sealed: Option<String>,
    since: Millis,
}

/// The offers a host is waiting on.
#[derive(Clone, Debug, Default)]
pub struct HostRoom {
    pending: Vec<Pending>,
}

impl HostRoom {
    /// A guest knocked.
    pub fn knock(&mut self, guest: PeerId, now: Millis) -> Result<KnockStep, Refusal> {
        if let Some(p) = self.pending.iter().find(|p| p.guest == guest) {
            return Ok(match &p.sealed {
                Some(sealed) => KnockStep::Resend { sealed: sealed.clone() },
                None => KnockStep::Wait,
            });
        }
        if self.pending.len() == MAX_PENDING {
            return Err(Refusal::Flood);
        }
        self.pending.push(Pending { guest, conn: None, sealed: None, since: now });
        Ok(KnockStep::Open)
    }

    /// The page opened connection `conn` for `guest` and sealed its offer.
    pub fn offered(&mut self, guest: PeerId, conn: u32, sealed: String) {
        if let Some(p) = self.pending.iter_mut().find(|p| p.guest == guest) {
            p.conn = Some(conn);
            p.sealed = Some(sealed);
        }
    }

    /// A guest's answer on `conn`: `Ok` if the host was waiting for it from that guest
    /// (the page then accepts the code on that connection).
    pub fn answer(&mut self, guest: PeerId, conn: u32) -> Result<(), Refusal> {
        let at = self.pending.iter().position(|p| p.guest == guest && p.conn == Some(conn)).ok_or(Refusal::Stale)?;
        self.pending.remove(at);
        Ok(())
    }

    /// Gives up offers older than [`OFFER_LIFETIME_MS`]; the connections to close.
    pub fn expire(&mut self, now: Millis) -> Vec<u32> {
        let mut closed = Vec::new();
        self.pending.retain(|p| {
            let keep = now.saturating_sub(p.since) < OFFER_LIFETIME_MS;
            if !keep {
                closed.extend(p.conn);
            }
            keep
        });
        closed
    }

    /// When the next offer runs out, if any is waiting.
    pub fn next_expiry(&self) -> Option<Millis> {
        self.pending.iter().map(|p| p.since + OFFER_LIFETIME_MS).min()
    }

    pub fn waiting(&self) -> usize {
        self.pending.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: PeerId = PeerId([1; 8]);
    const B: PeerId = PeerId([2; 8]);

    #[test]
    fn a_knock_opens_once_and_later_knocks_resend_the_same_offer() {
        let mut room = HostRoom::default();
        assert_eq!(room.knock(A, 0), Ok(KnockStep::Open));
        assert_eq!(room.knock(A, 500), Ok(KnockStep::Wait));
        room.offered(A, 4, "sealed".into());
        assert_eq!(room.knock(A, 1_500), Ok(KnockStep::Resend { sealed: "sealed".into() }));
        assert_eq!(room.knock(B, 1_600), Ok(KnockStep::Open));
        assert_eq!(room.waiting(), 2);
    }

    #[test]
    fn only_the_awaited_answer_connects_and_only_once() {
        let mut room = HostRoom::default();
        room.knock(A, 0).unwrap();
        room.offered(A, 4, "s".into());
        assert_eq!(room.answer(B, 4), Err(Refusal::Stale), "another guest's answer on A's connection");
        assert_eq!(room.answer(A, 5), Err(Refusal::Stale), "the wrong connection");
        assert_eq!(room.answer(A, 4), Ok(()));
        assert_eq!(room.answer(A, 4), Err(Refusal::Stale), "answered already");
        // Answered, the guest may knock again later (a drop) and get a new connection.
        assert_eq!(room.knock(A, 9_000), Ok(KnockStep::Open));
    }

    #[test]
    fn offers_run_out_and_floods_are_refused() {
        let mut room = HostRoom::default();
        for i in 0..MAX_PENDING as u8 {
            assert_eq!(room.knock(PeerId([i; 8]), 1_000), Ok(KnockStep::Open));
            room.offered(PeerId([i; 8]), i as u32, "s".into());
        }
        assert_eq!(room.knock(PeerId([99; 8]), 1_000), Err(Refusal::Flood));
        assert_eq!(room.next_expiry(), Some(1_000 + OFFER_LIFETIME_MS));
        assert_eq!(room.expire(OFFER_LIFETIME_MS), Vec::<u32>::new());
        assert_eq!(room.expire(1_000 + OFFER_LIFETIME_MS).len(), MAX_PENDING);
        assert_eq!(room.knock(PeerId([99; 8]), 40_000), Ok(KnockStep::Open));
    }
}
