//! A page in a room, between the relays and the page's WebRTC: what the room worker
//! (`web::room`) does with each opened message, when it knocks, which offers it gives up,
//! and what it tells the page. Pure: the worker's glue opens and seals (Web Crypto), checks
//! offers' signatures and moves frames; everything it decides is here, tested natively.
//!
//! The page and the worker talk in [`ToRoom`] and [`FromRoom`] (postcard bytes): the page
//! holds the connections, the worker holds the relays. A connection that goes down is
//! restarted through the same relays before the guest knocks again (`restart`).

use super::guest_room::GuestRoom;
use super::host_room::{HostRoom, KnockStep};
use super::inbox::{Inbox, Refusal, Side};
use super::message::{Body, PeerId, RoomMessage, NONCE_BYTES};
use super::restart::{AskStep, HostRestarts};
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
    /// Host: the restart offer of open connection `conn` (asked for, or the page's own).
    RestartOffer { conn: u32, code: String },
    /// Guest: the answer to the host's restart of `conn`.
    RestartAnswer { host: PeerId, conn: u32, code: String },
    /// Guest: the open connection went down (not closed): ask the host to restart it.
    Restarting,
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
    /// Host: the guest of open connection `conn` asks for a restart: make its offer
    /// ([`ToRoom::RestartOffer`]) unless one is under way.
    RestartAsked { conn: u32 },
    /// Host: the guest's answer to the restart of `conn`.
    RestartAnswer { conn: u32, code: String },
    /// Guest: the host restarts connection `conn` (its signature checked): answer with
    /// [`ToRoom::RestartAnswer`].
    Restart { host: PeerId, conn: u32, code: String },
    /// Guest: the restart was not back in time; knocking again (drop the connection).
    RestartFailed,
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
    Host(HostRoom, HostRestarts),
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
        RoomPeer { inbox: Inbox::new(me, Side::Host), role: Role::Host(HostRoom::default(), HostRestarts::default()) }
    }

    /// A guest that opened the link at `now` (its first knock is due at once).
    pub fn guest(me: PeerId, now: Millis) -> RoomPeer {
        RoomPeer { inbox: Inbox::new(me, Side::Guest), role: Role::Guest(GuestRoom::new(now)) }
    }

    pub fn me(&self) -> PeerId {
        self.inbox.me()
    }

    pub fn is_host(&self) -> bool {
        matches!(self.role, Role::Host(..))
    }

    /// An opened message. `signed` says whether an offer's signature is the host's (the
    /// glue checks it before, with the link's key; it is not asked of other messages).
    pub fn take(&mut self, m: RoomMessage, signed: bool, now: Millis) -> Result<Option<Step>, Refusal> {
        if matches!(m.body, Body::Offer { .. } | Body::Restart { .. }) && !signed {
            return Err(Refusal::NotTheHost);
        }
        let m = self.inbox.accept(m)?;
        match (&mut self.role, m.body) {
            (Role::Host(room, _), Body::Knock) => Ok(match room.knock(m.from, now)? {
                KnockStep::Open => Some(Step::Page(FromRoom::Knock { guest: m.from })),
                KnockStep::Resend { sealed } => Some(Step::Resend { to: m.from, sealed }),
                KnockStep::Wait => None,
            }),
            (Role::Host(room, restarts), Body::Answer { conn, code }) => {
                room.answer(m.from, conn)?;
                restarts.opened(m.from, conn);
                Ok(Some(Step::Page(FromRoom::Answer { guest: m.from, conn, code })))
            }
            (Role::Host(_, restarts), Body::RestartAsk { conn }) => Ok(match restarts.ask(m.from, conn, now)? {
                AskStep::Offer => Some(Step::Page(FromRoom::RestartAsked { conn })),
                AskStep::Resend { sealed } => Some(Step::Resend { to: m.from, sealed }),
                AskStep::Wait => None,
            }),
            (Role::Host(_, restarts), Body::RestartAnswer { conn, code }) => {
                restarts.answer(m.from, conn)?;
                Ok(Some(Step::Page(FromRoom::RestartAnswer { conn, code })))
            }
            (Role::Guest(room), Body::Offer { conn, code, .. }) => {
                Ok(room.offer(m.from, conn, now).then_some(Step::Page(FromRoom::Offer { host: m.from, conn, code })))
            }
            (Role::Guest(room), Body::Restart { conn, code, .. }) => {
                room.restart_offer(m.from, conn, now)?;
                Ok(Some(Step::Page(FromRoom::Restart { host: m.from, conn, code })))
            }
            // The inbox passes each side only its own kinds.
            _ => Err(Refusal::OtherSide),
        }
    }

    /// The host made and sealed its offer of `conn` to `guest` (to resend on a new knock).
    pub fn offered(&mut self, guest: PeerId, conn: u32, sealed: String) {
        if let Role::Host(room, _) = &mut self.role {
            room.offered(guest, conn, sealed);
        }
    }

    /// Host: the page makes a restart offer on `conn`; the guest to send it to, if `conn`
    /// is an open connection of this room's.
    pub fn restart_offering(&mut self, conn: u32, now: Millis) -> Option<PeerId> {
        match &mut self.role {
            Role::Host(_, restarts) => restarts.offering(conn, now),
            Role::Guest(_) => None,
        }
    }

    /// Host: the restart offer of `conn`, sealed (to resend when the guest asks again).
    pub fn restart_offered(&mut self, conn: u32, sealed: String) {
        if let Role::Host(_, restarts) = &mut self.role {
            restarts.offered(conn, sealed);
        }
    }

    /// Guest: the open connection went down; `true` if it is one to restart (asks follow
    /// from [`RoomPeer::tick`]).
    pub fn restarting(&mut self, now: Millis) -> bool {
        match &mut self.role {
            Role::Guest(room) => room.restarting(now),
            Role::Host(..) => false,
        }
    }

    /// What time asks for at `now`: a guest's knock to seal and send to everyone (its
    /// nonce from `nonce`, asked only then), or the host's offers given up.
    /// `relay_up`: whether a relay can carry a message now (an ask waits for one: the first
    /// after a network change would go out on sockets still opening, and be lost).
    pub fn tick(&mut self, now: Millis, relay_up: bool, nonce: impl FnOnce() -> [u8; NONCE_BYTES]) -> Option<Tick> {
        let me = self.inbox.me();
        match &mut self.role {
            Role::Guest(room) => {
                if room.restart_expired(now) {
                    return Some(Tick::RestartFailed);
                }
                if let Some((host, conn)) = relay_up.then(|| room.ask_due(now)).flatten() {
                    return Some(Tick::Ask(RoomMessage { from: me, to: Some(host), nonce: nonce(), body: Body::RestartAsk { conn } }));
                }
                room.knock_due(now).then(|| Tick::Knock(RoomMessage { from: me, to: None, nonce: nonce(), body: Body::Knock }))
            }
            Role::Host(room, restarts) => {
                restarts.expire(now);
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
            Role::Host(..) => false,
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
    /// Guest: seal this ask for a restart and send it to the host.
    Ask(RoomMessage),
    /// Guest: the restart was not back in time: tell the page (knocking follows).
    RestartFailed,
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
        assert_eq!(host.tick(OFFER_LIFETIME_MS - 1, true, || [0; 8]), None);
        assert_eq!(host.tick(OFFER_LIFETIME_MS, true, || [0; 8]), Some(Tick::GiveUp(vec![1])));
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
        let Some(Tick::Knock(knock)) = guest.tick(0, true, || [7; 8]) else { panic!("a knock is due at once") };
        assert_eq!((knock.from, knock.to, knock.body), (ANN, None, Body::Knock));
        assert_eq!(guest.tick(500, true, || [8; 8]), None, "backing off");
        // Unsigned (someone with the link posing as the host): refused.
        assert_eq!(guest.take(msg(BEN, Some(ANN), 1, offer(1)), false, 600), Err(Refusal::NotTheHost));
        assert_eq!(guest.take(msg(HOST, Some(BEN), 2, offer(1)), true, 600), Err(Refusal::NotForMe));
        let taken = guest.take(msg(HOST, Some(ANN), 3, offer(1)), true, 600);
        assert_eq!(taken, Ok(Some(Step::Page(FromRoom::Offer { host: HOST, conn: 1, code: "offer1".into() }))));
        // The same offer resent (a second knock crossed it): not answered twice.
        assert_eq!(guest.take(msg(HOST, Some(ANN), 4, offer(1)), true, 700), Ok(None));
        guest.connection(true, 800);
        assert!(!guest.seeking());
        assert_eq!(guest.tick(100_000, true, || [9; 8]), None);
        // A drop: knocking again at once.
        guest.connection(false, 200_000);
        assert!(matches!(guest.tick(200_000, true, || [10; 8]), Some(Tick::Knock(_))));
        // Knocks are not for guests.
        assert_eq!(guest.take(msg(BEN, None, 5, Body::Knock), false, 200_001), Err(Refusal::OtherSide));
    }

    /// A guest seated through the room on `conn`, and its host.
    fn seated(conn: u32) -> (RoomPeer, RoomPeer) {
        let (mut host, mut guest) = (RoomPeer::host(HOST), RoomPeer::guest(ANN, 0));
        let Some(Tick::Knock(knock)) = guest.tick(0, true, || [1; 8]) else { panic!("a knock") };
        host.take(knock, false, 0).unwrap();
        host.offered(ANN, conn, "sealed".into());
        guest.take(msg(HOST, Some(ANN), 2, offer(conn)), true, 10).unwrap();
        host.take(msg(ANN, Some(HOST), 3, Body::Answer { conn, code: "ans".into() }), false, 20).unwrap();
        guest.connection(true, 30);
        (host, guest)
    }

    fn restart(conn: u32) -> Body {
        Body::Restart { conn, code: format!("restart{conn}"), signature: [0; 64] }
    }

    #[test]
    fn a_connection_down_is_restarted_through_the_room() {
        let (mut host, mut guest) = seated(5);
        assert!(guest.restarting(1_000));
        assert_eq!(guest.tick(1_000, false, || [4; 8]), None, "no relay up yet: the ask waits");
        let Some(Tick::Ask(ask)) = guest.tick(1_000, true, || [4; 8]) else { panic!("an ask is due at once") };
        assert_eq!((ask.to, &ask.body), (Some(HOST), &Body::RestartAsk { conn: 5 }));
        assert!(guest.seeking(), "trackers announced to while restarting");
        assert_eq!(host.take(ask, false, 1_100), Ok(Some(Step::Page(FromRoom::RestartAsked { conn: 5 }))));
        assert_eq!(host.restart_offering(5, 1_200), Some(ANN));
        host.restart_offered(5, "sealed-restart".into());
        // The guest asks again (its first copy of the offer lost): the same offer goes out.
        let Some(Tick::Ask(again)) = guest.tick(1_000 + crate::net::room::restart::ASK_EVERY_MS, true, || [5; 8]) else { panic!("asked again") };
        assert_eq!(host.take(again, false, 2_600), Ok(Some(Step::Resend { to: ANN, sealed: "sealed-restart".into() })));
        // Unsigned, it is refused; signed, the page answers it.
        assert_eq!(guest.take(msg(BEN, Some(ANN), 6, restart(5)), false, 2_700), Err(Refusal::NotTheHost));
        let taken = guest.take(msg(HOST, Some(ANN), 7, restart(5)), true, 2_700);
        assert_eq!(taken, Ok(Some(Step::Page(FromRoom::Restart { host: HOST, conn: 5, code: "restart5".into() }))));
        let answer = msg(ANN, Some(HOST), 8, Body::RestartAnswer { conn: 5, code: "ra".into() });
        assert_eq!(host.take(answer, false, 3_000), Ok(Some(Step::Page(FromRoom::RestartAnswer { conn: 5, code: "ra".into() }))));
        guest.connection(true, 3_500);
        assert!(!guest.seeking());
        assert_eq!(guest.tick(60_000, true, || [9; 8]), None, "back: no asks, no knocks");
    }

    #[test]
    fn hostile_restart_messages_are_refused_with_no_state_change() {
        let (mut host, mut guest) = seated(5);
        // The state that decides anything (the inbox remembers every nonce it saw, taken or not).
        let role = |p: &RoomPeer| format!("{:?}", p.role);
        let (h, g) = (role(&host), role(&guest));
        // BEN (another holder of the link) asks for ANN's connection, or answers a restart.
        assert_eq!(host.take(msg(BEN, Some(HOST), 10, Body::RestartAsk { conn: 5 }), false, 100), Err(Refusal::NoConnection));
        assert_eq!(host.take(msg(BEN, Some(HOST), 11, Body::RestartAnswer { conn: 5, code: "x".into() }), false, 100), Err(Refusal::NoConnection));
        // ANN answers a restart nobody offered (out of order), or for another connection.
        assert_eq!(host.take(msg(ANN, Some(HOST), 12, Body::RestartAnswer { conn: 5, code: "x".into() }), false, 100), Err(Refusal::Stale));
        assert_eq!(host.take(msg(ANN, Some(HOST), 13, Body::RestartAsk { conn: 6 }), false, 100), Err(Refusal::NoConnection));
        // A restart for a connection the guest does not hold; one reaching the host.
        assert_eq!(guest.take(msg(HOST, Some(ANN), 14, restart(6)), true, 100), Err(Refusal::NoConnection));
        assert_eq!(host.take(msg(ANN, Some(HOST), 15, restart(5)), true, 100), Err(Refusal::OtherSide));
        assert_eq!((role(&host), role(&guest)), (h, g), "no state change");
        // A host cannot be asked to restart what it never opened through the room.
        assert_eq!(host.restart_offering(9, 100), None);
        assert!(!host.restarting(100));
    }

    #[test]
    fn a_restart_not_back_in_time_is_given_up_for_a_knock() {
        let (_, mut guest) = seated(5);
        guest.restarting(1_000);
        assert!(matches!(guest.tick(1_000, true, || [1; 8]), Some(Tick::Ask(_))));
        let end = 1_000 + crate::net::room::restart::RESTART_WITHIN_MS;
        assert_eq!(guest.tick(end, true, || [2; 8]), Some(Tick::RestartFailed));
        assert!(matches!(guest.tick(end, true, || [3; 8]), Some(Tick::Knock(_))), "knocking at once");
    }

    #[test]
    fn the_page_and_the_worker_speak_postcard() {
        let calls = [
            ToRoom::Make,
            ToRoom::Host { code: "c".into(), key: vec![1, 2], relays: "mqtt wss://x".into() },
            ToRoom::Offer { guest: ANN, conn: 3, code: "o".into() },
            ToRoom::Findable(false),
            ToRoom::Lost,
            ToRoom::RestartOffer { conn: 3, code: "r".into() },
            ToRoom::RestartAnswer { host: HOST, conn: 3, code: "a".into() },
            ToRoom::Restarting,
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
