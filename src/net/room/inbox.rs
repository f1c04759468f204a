//! What an opened room message must be before a page acts on it: for this side of the
//! table (guests take offers and restarts, the host knocks, answers and restart asks), addressed to this page (or to
//! no one, as knocks are), not its own echo, and not one already taken — the same message
//! arrives once through every relay, and a relay (or anyone listening) may send it again.
//! Each refusal is a type, logged and otherwise ignored.

use super::message::{Body, MessageError, RoomMessage, NONCE_BYTES};
use super::message::PeerId;
use std::collections::VecDeque;
use std::fmt;

/// How many recent nonces a page remembers (a room's whole signalling is a few dozen).
pub const REMEMBERED_NONCES: usize = 512;

/// Which side of the table a page is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Host,
    Guest,
}

/// Why a relay's message changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not a sealed room message, or it opened to something that is not one.
    Malformed(MessageError),
    /// Sealed with another key (another room, or tampered with): Web Crypto refused it.
    Unopened,
    /// Our own message, echoed by the relay.
    Echo,
    /// Addressed to another page.
    NotForMe,
    /// A message for the other side (a knock reaching a guest, an offer reaching the host).
    OtherSide,
    /// Taken already (it came through another relay too, or was replayed).
    Duplicate,
    /// An offer whose signature is not the host's key: someone with the link posing as
    /// the host.
    NotTheHost,
    /// More guests knocking at once than the host makes offers for.
    Flood,
    /// An answer to no offer the host is waiting on (answered already, or too late).
    Stale,
    /// An ICE restart (asked, offered or answered) for no open connection of that peer's:
    /// another guest's connection, one given up already, or one never made.
    NoConnection,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Malformed(e) => write!(f, "refused {e}"),
            Refusal::Unopened => f.write_str("refused a relay message sealed with another key"),
            Refusal::Echo => f.write_str("ignored our own message"),
            Refusal::NotForMe => f.write_str("ignored a message for another page"),
            Refusal::OtherSide => f.write_str("ignored a message for the other side of the table"),
            Refusal::Duplicate => f.write_str("ignored a message taken already"),
            Refusal::NotTheHost => f.write_str("refused an offer not signed by the room's host"),
            Refusal::Flood => f.write_str("refused a knock: too many at once"),
            Refusal::Stale => f.write_str("ignored an answer to no offer waiting"),
            Refusal::NoConnection => f.write_str("refused an ICE restart for no connection of that page's"),
        }
    }
}

/// A page's filter of opened messages.
#[derive(Clone, Debug)]
pub struct Inbox {
    me: PeerId,
    side: Side,
    seen: VecDeque<[u8; NONCE_BYTES]>,
}

impl Inbox {
    pub fn new(me: PeerId, side: Side) -> Inbox {
        Inbox { me, side, seen: VecDeque::new() }
    }

    pub fn me(&self) -> PeerId {
        self.me
    }

    /// The message, if this page should act on it; its nonce is remembered either way
    /// once it passes the address checks.
    pub fn accept(&mut self, m: RoomMessage) -> Result<RoomMessage, Refusal> {
        if m.from == self.me {
            return Err(Refusal::Echo);
        }
        if m.to.is_some_and(|to| to != self.me) {
            return Err(Refusal::NotForMe);
        }
        let for_side = match m.body {
            Body::Knock | Body::Answer { .. } | Body::RestartAnswer { .. } | Body::RestartAsk { .. } => Side::Host,
            Body::Offer { .. } | Body::Restart { .. } => Side::Guest,
        };
        if for_side != self.side || (m.to.is_none() != matches!(m.body, Body::Knock)) {
            return Err(Refusal::OtherSide);
        }
        if self.seen.contains(&m.nonce) {
            return Err(Refusal::Duplicate);
        }
        if self.seen.len() == REMEMBERED_NONCES {
            self.seen.pop_front();
        }
        self.seen.push_back(m.nonce);
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOST: PeerId = PeerId([1; 8]);
    const GUEST: PeerId = PeerId([2; 8]);
    const OTHER: PeerId = PeerId([3; 8]);

    fn msg(from: PeerId, to: Option<PeerId>, nonce: u8, body: Body) -> RoomMessage {
        RoomMessage { from, to, nonce: [nonce; 8], body }
    }

    fn offer() -> Body {
        Body::Offer { conn: 1, code: "c".into(), signature: [0; 64] }
    }

    #[test]
    fn the_host_takes_knocks_and_answers_once() {
        let mut inbox = Inbox::new(HOST, Side::Host);
        let knock = msg(GUEST, None, 1, Body::Knock);
        assert_eq!(inbox.accept(knock.clone()), Ok(knock.clone()));
        assert_eq!(inbox.accept(knock), Err(Refusal::Duplicate));
        let answer = msg(GUEST, Some(HOST), 2, Body::Answer { conn: 1, code: "a".into() });
        assert!(inbox.accept(answer).is_ok());
        assert_eq!(inbox.accept(msg(GUEST, Some(OTHER), 3, Body::Answer { conn: 1, code: "a".into() })), Err(Refusal::NotForMe));
        assert_eq!(inbox.accept(msg(HOST, None, 4, Body::Knock)), Err(Refusal::Echo));
        assert_eq!(inbox.accept(msg(OTHER, Some(HOST), 5, offer())), Err(Refusal::OtherSide));
        // An answer must be addressed, a knock must not.
        assert_eq!(inbox.accept(msg(GUEST, None, 6, Body::Answer { conn: 1, code: "a".into() })), Err(Refusal::OtherSide));
        assert_eq!(inbox.accept(msg(GUEST, Some(HOST), 7, Body::Knock)), Err(Refusal::OtherSide));
    }

    #[test]
    fn a_guest_takes_only_offers_to_itself() {
        let mut inbox = Inbox::new(GUEST, Side::Guest);
        assert!(inbox.accept(msg(HOST, Some(GUEST), 1, offer())).is_ok());
        assert_eq!(inbox.accept(msg(HOST, Some(OTHER), 2, offer())), Err(Refusal::NotForMe));
        assert_eq!(inbox.accept(msg(OTHER, None, 3, Body::Knock)), Err(Refusal::OtherSide));
        assert_eq!(inbox.accept(msg(HOST, Some(GUEST), 1, offer())), Err(Refusal::Duplicate));
        // A restart offer is the guest's to take; a restart's ask and answer are the host's.
        let restart = Body::Restart { conn: 1, code: "r".into(), signature: [0; 64] };
        assert!(inbox.accept(msg(HOST, Some(GUEST), 4, restart.clone())).is_ok());
        assert_eq!(inbox.accept(msg(HOST, None, 5, restart)), Err(Refusal::OtherSide), "a restart must be addressed");
        assert_eq!(inbox.accept(msg(OTHER, Some(GUEST), 6, Body::RestartAsk { conn: 1 })), Err(Refusal::OtherSide));
        assert_eq!(inbox.accept(msg(OTHER, Some(GUEST), 7, Body::RestartAnswer { conn: 1, code: "a".into() })), Err(Refusal::OtherSide));
        let mut host = Inbox::new(HOST, Side::Host);
        assert!(host.accept(msg(GUEST, Some(HOST), 1, Body::RestartAsk { conn: 1 })).is_ok());
        assert!(host.accept(msg(GUEST, Some(HOST), 2, Body::RestartAnswer { conn: 1, code: "a".into() })).is_ok());
        assert_eq!(host.accept(msg(GUEST, None, 3, Body::RestartAsk { conn: 1 })), Err(Refusal::OtherSide));
    }

    #[test]
    fn nonces_are_remembered_up_to_a_bound() {
        let mut inbox = Inbox::new(HOST, Side::Host);
        for i in 0..REMEMBERED_NONCES as u32 + 10 {
            let mut nonce = [0u8; 8];
            nonce[..4].copy_from_slice(&i.to_be_bytes());
            assert!(inbox.accept(RoomMessage { from: GUEST, to: None, nonce, body: Body::Knock }).is_ok());
        }
        assert_eq!(inbox.seen.len(), REMEMBERED_NONCES);
    }
}
