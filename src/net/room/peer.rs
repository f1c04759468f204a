//! A page in a room, between the relays and the page's WebRTC: what the room worker
//! (`web::room`) does with each opened message, when it knocks, which offers it gives up,
//! and what it tells the page. Pure: the worker's glue opens and seals (Web Crypto), checks
//! offers' signatures and moves frames; everything it decides is here, tested natively.
//!
//! The page and the worker talk in [`ToRoom`] and [`FromRoom`] (postcard bytes): the page
//! holds the connections, the worker holds the relays.

use super::guest_room::GuestRoom;
use super::host_room::{HostRoom, KnockStep};
use super::inbox::{Inbox, Refusal, Side};
use super::message::{Body, PeerId, RoomMessage, NONCE_BYTES};
use super::link::RoomCodeError;
use super::relays::RelayListError;
use crate::i18n::Phrased;
use crate::net::Millis;
use serde::{Deserialize, Serialize};

/// What a page asks of its room worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToRoom {
    /// Make a new room (its id, secret and host key): answered [`FromRoom::Made`].
    Make,
    /// Open the room as its host, with the key [`FromRoom::Made`] gave (kept with the
    /// table, so a reloaded host page reopens the same room), through the relays of
    /// `relays` (Settings' text).
    Host { code: String, key: Vec<u8>, relays: String },
    /// Open the room as a guest.
    Guest { code: String, relays: String },
    /// The host's offer for a guest that knocked: connection `conn`'s signalling code.
    Offer { guest: PeerId, conn: u32, code: String },
    /// Whether the host's table wants guests (a free seat, a guest away, watchers welcome):
    /// while not, trackers are not announced to.
    Findable(bool),
    /// A guest's answer to the host's offer of `conn`.
    Answer { host: PeerId, conn: u32, code: String },
    /// The guest's connection opened: knocking stops.
    Connected,
    /// The guest's connection closed: knocking starts again.
    Lost,
}

/// What the room worker tells its page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FromRoom {
    /// A new room: its link's code and the host's private key (PKCS #8).
    Made { code: String, key: Vec<u8> },
    /// Host: a guest knocked; open a connection for it and send [`ToRoom::Offer`].
    Knock { guest: PeerId },
    /// Host: the guest's answer on connection `conn`.
    Answer { guest: PeerId, conn: u32, code: String },
    /// Host: offers nobody answered in time; close these connections.
    GiveUp { conns: Vec<u32> },
    /// Guest: the host's offer (its signature checked); answer it with [`ToRoom::Answer`].
    Offer { host: PeerId, conn: u32, code: String },
    /// How many of the relays are connected now, of how many.
    Relays { up: u8, of: u8 },
    /// The room cannot open: why, phrased (`ui_model::room_words::room_failure`) by the
    /// worker so that pages carry neither the failures' types nor their words. The page
    /// shows it; the seats' own invites still work.
    Failed(Phrased),
    /// Host: the kept key is not the room's (`RoomFailure::Key`): make a new room.
    KeyRefused,
    /// Host: the relay list is empty (`RoomFailure::NoRelays`): the player chose invites
    /// only, which is no failure to warn about.
    Off,
}

/// Why a room could not open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoomFailure {
    /// This browser has no Web Crypto (a page not served over https, or an old browser).
    NoCrypto,
    /// The code does not read.
    Code(RoomCodeError),
    /// The host's saved key does not match the room (or does not import).
    Key,
    /// The relay list has a mistake.
    Relays(RelayListError),
    /// The relay list is empty: rooms are off, invites only.
    NoRelays,
}

/// What the worker's glue should do after a message was taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Tell the page.
    Page(FromRoom),
    /// Send this sealed offer to the guest again (it knocked again).
    Resend { to: PeerId, sealed: String },
}

#[derive(Debug)]
enum Role {
    Host(HostRoom),
    Guest(GuestRoom),
}

/// One page's side of a room.
#[derive(Debug)]
pub struct RoomPeer {
    inbox: Inbox,
    role: Role,
}

impl RoomPeer {
    pub fn host(me: PeerId) -> RoomPeer {
        RoomPeer { inbox: Inbox::new(me, Side::Host), role: Role::Host(HostRoom::default()) }
    }

    /// A guest that opened the link at `now` (its first knock is due at once).
    pub fn guest(me: PeerId, now: Millis) -> RoomPeer {
        RoomPeer { inbox: Inbox::new(me, Side::Guest), role: Role::Guest(GuestRoom::new(now)) }
    }

    pub fn me(&self) -> PeerId {
        self.inbox.me()
    }

    pub fn is_host(&self) -> bool {
        matches!(self.role, Role::Host(_))
    }

    /// An opened message. `signed` says whether an offer's signature is the host's (the
    /// glue checks it before, with the link's key; it is not asked of other messages).
    pub fn take(&mut self, m: RoomMessage, signed: bool, now: Millis) -> Result<Option<Step>, Refusal> {
        if matches!(m.body, Body::Offer { .. }) && !signed {
            return Err(Refusal::NotTheHost);
        }
        let m = self.inbox.accept(m)?;
        match (&mut self.role, m.body) {
            (Role::Host(room), Body::Knock) => Ok(match room.knock(m.from, now)? {
                KnockStep::Open => Some(Step::Page(FromRoom::Knock { guest: m.from })),
                KnockStep::Resend { sealed } => Some(Step::Resend { to: m.from, sealed }),
                KnockStep::Wait => None,
            }),
            (Role::Host(room), Body::Answer { conn, code }) => {
                room.answer(m.from, conn)?;
                Ok(Some(Step::Page(FromRoom::Answer { guest: m.from, conn, code })))
            }
            (Role::Guest(room), Body::Offer { conn, code, .. }) => {
                Ok(room.offer(m.from, conn, now).then_some(Step::Page(FromRoom::Offer { host: m.from, conn, code })))
            }
            // The inbox passes each side only its own kinds.
            _ => Err(Refusal::OtherSide),
        }
    }

    /// The host made and sealed its offer of `conn` to `guest` (to resend on a new knock).
    pub fn offered(&mut self, guest: PeerId, conn: u32, sealed: String) {
        if let Role::Host(room) = &mut self.role {
            room.offered(guest, conn, sealed);
        }
    }

    /// What time asks for at `now`: a guest's knock to seal and send to everyone (its
    /// nonce from `nonce`, asked only then), or the host's offers given up.
    pub fn tick(&mut self, now: Millis, nonce: impl FnOnce() -> [u8; NONCE_BYTES]) -> Option<Tick> {
        match &mut self.role {
            Role::Guest(room) => room
                .knock_due(now)
                .then(|| Tick::Knock(RoomMessage { from: self.inbox.me(), to: None, nonce: nonce(), body: Body::Knock })),
            Role::Host(room) => {
                let conns = room.expire(now);
                (!conns.is_empty()).then_some(Tick::GiveUp(conns))
            }
        }
    }

    /// A guest's connection opened (`true`) or closed.
    pub fn connection(&mut self, open: bool, now: Millis) {
        if let Role::Guest(room) = &mut self.role {
            if open {
                room.connected();
            } else {
                room.lost(now);
            }
        }
    }

    /// Whether a guest is still looking for its host (trackers are announced to meanwhile).
    pub fn seeking(&self) -> bool {
        match &self.role {
            Role::Guest(room) => room.next_wake().is_some(),
            Role::Host(_) => false,
        }
    }
}

/// What a tick asks of the glue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tick {
    /// Seal this knock and send it to everyone.
    Knock(RoomMessage),
    /// Tell the page to close these connections.
    GiveUp(Vec<u32>),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::room::host_room::{MAX_PENDING, OFFER_LIFETIME_MS};

    const HOST: PeerId = PeerId([1; 8]);
    const ANN: PeerId = PeerId([2; 8]);
    const BEN: PeerId = PeerId([3; 8]);

    fn msg(from: PeerId, to: Option<PeerId>, nonce: u8, body: Body) -> RoomMessage {
        RoomMessage { from, to, nonce: [nonce; 8], body }
    }

    fn offer(conn: u32) -> Body {
        Body::Offer { conn, code: format!("offer{conn}"), signature: [0; 64] }
    }

    #[test]
    fn a_knock_opens_a_connection_once_and_its_answer_reaches_the_page() {
        let mut host = RoomPeer::host(HOST);
        assert_eq!(host.take(msg(ANN, None, 1, Body::Knock), false, 0), Ok(Some(Step::Page(FromRoom::Knock { guest: ANN }))));
        // Knocking again before the offer is sealed: wait.
        assert_eq!(host.take(msg(ANN, None, 2, Body::Knock), false, 10), Ok(None));
        host.offered(ANN, 5, "sealed-offer".into());
        // Again after: the same offer goes out again, no new connection.
        assert_eq!(host.take(msg(ANN, None, 3, Body::Knock), false, 20), Ok(Some(Step::Resend { to: ANN, sealed: "sealed-offer".into() })));
        // An answer on another connection is stale; on this one it goes to the page.
        let answer = |conn, nonce| msg(ANN, Some(HOST), nonce, Body::Answer { conn, code: "ans".into() });
        assert_eq!(host.take(answer(6, 4), false, 30), Err(Refusal::Stale));
        assert_eq!(host.take(answer(5, 5), false, 30), Ok(Some(Step::Page(FromRoom::Answer { guest: ANN, conn: 5, code: "ans".into() }))));
        assert_eq!(host.take(answer(5, 6), false, 40), Err(Refusal::Stale), "answered already");
        // The same message through a second relay is taken once.
        assert_eq!(host.take(msg(BEN, None, 9, Body::Knock), false, 50), Ok(Some(Step::Page(FromRoom::Knock { guest: BEN }))));
        assert_eq!(host.take(msg(BEN, None, 9, Body::Knock), false, 50), Err(Refusal::Duplicate));
    }

    #[test]
    fn the_host_gives_up_unanswered_offers_and_refuses_a_flood() {
        let mut host = RoomPeer::host(HOST);
        host.take(msg(ANN, None, 1, Body::Knock), false, 0).unwrap();
        host.offered(ANN, 1, "s".into());
        assert_eq!(host.tick(OFFER_LIFETIME_MS - 1, || [0; 8]), None);
        assert_eq!(host.tick(OFFER_LIFETIME_MS, || [0; 8]), Some(Tick::GiveUp(vec![1])));
        for i in 0..MAX_PENDING as u8 {
            assert!(host.take(msg(PeerId([100 + i; 8]), None, 100 + i, Body::Knock), false, 0).is_ok());
        }
        assert_eq!(host.take(msg(ANN, None, 2, Body::Knock), false, 0), Err(Refusal::Flood));
        assert!(!host.seeking());
    }

    #[test]
    fn a_guest_answers_only_signed_offers_to_itself_and_knocks_until_connected() {
        let mut guest = RoomPeer::guest(ANN, 0);
        assert!(guest.seeking());
        let Some(Tick::Knock(knock)) = guest.tick(0, || [7; 8]) else { panic!("a knock is due at once") };
        assert_eq!((knock.from, knock.to, knock.body), (ANN, None, Body::Knock));
        assert_eq!(guest.tick(500, || [8; 8]), None, "backing off");
        // Unsigned (someone with the link posing as the host): refused.
        assert_eq!(guest.take(msg(BEN, Some(ANN), 1, offer(1)), false, 600), Err(Refusal::NotTheHost));
        assert_eq!(guest.take(msg(HOST, Some(BEN), 2, offer(1)), true, 600), Err(Refusal::NotForMe));
        let taken = guest.take(msg(HOST, Some(ANN), 3, offer(1)), true, 600);
        assert_eq!(taken, Ok(Some(Step::Page(FromRoom::Offer { host: HOST, conn: 1, code: "offer1".into() }))));
        // The same offer resent (a second knock crossed it): not answered twice.
        assert_eq!(guest.take(msg(HOST, Some(ANN), 4, offer(1)), true, 700), Ok(None));
        guest.connection(true, 800);
        assert!(!guest.seeking());
        assert_eq!(guest.tick(100_000, || [9; 8]), None);
        // A drop: knocking again at once.
        guest.connection(false, 200_000);
        assert!(matches!(guest.tick(200_000, || [10; 8]), Some(Tick::Knock(_))));
        // Knocks are not for guests.
        assert_eq!(guest.take(msg(BEN, None, 5, Body::Knock), false, 200_001), Err(Refusal::OtherSide));
    }

    #[test]
    fn the_page_and_the_worker_speak_postcard() {
        let calls = [
            ToRoom::Make,
            ToRoom::Host { code: "c".into(), key: vec![1, 2], relays: "mqtt wss://x".into() },
            ToRoom::Offer { guest: ANN, conn: 3, code: "o".into() },
            ToRoom::Findable(false),
            ToRoom::Lost,
        ];
        for call in calls {
            let bytes = postcard::to_allocvec(&call).unwrap();
            assert_eq!(postcard::from_bytes::<ToRoom>(&bytes).unwrap(), call);
        }
        let said = FromRoom::Failed(Phrased { en: "why".into(), zh: "为什么".into() });
        let bytes = postcard::to_allocvec(&said).unwrap();
        assert_eq!(postcard::from_bytes::<FromRoom>(&bytes).unwrap(), said);
        assert!(postcard::from_bytes::<FromRoom>(&[200]).is_err());
    }
}
