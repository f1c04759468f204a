//! One relay's side of a room, whatever its kind: what a page sends when the relay's socket
//! opens, how a sealed message goes to everyone in the room (a knock) or to one page (an
//! offer, an answer), which sealed texts a frame from the relay carries, and what keeps the
//! connection alive. Pure: the room worker (`web::room`) owns the socket, hands each frame
//! here and writes the frames it gets back.
//!
//! - **MQTT**: connect, subscribe to `tuolaji/<topic>`; every message is one publish there,
//!   and every member reads everything (the seal's addressing sorts it out). A ping when
//!   nothing was sent for [`MQTT_PING_AFTER_MS`].
//! - **WebTorrent tracker**: announce in the swarm `<topic>`. A knock is an announce with
//!   [`KNOCK_COPIES`] copies as offers (the tracker hands each to a different member, so the
//!   host gets one at any table size). A message to one page goes as an `answer` to that
//!   page's tracker id, learnt from a message it sent through this tracker
//!   ([`RelayLink::learned`]): a page we have not heard from here is reached by the other
//!   relays. Announced again at the interval the tracker asks for, while the page wants
//!   to be found.

use super::link::RoomCode;
use super::message::{PeerId, MAX_SEALED_CHARS};
use super::mqtt::{self, Decoder, Incoming, MqttError};
use super::relays::RelayKind;
use super::tracker::{self, FromTracker, Id20, TrackerError};
use crate::net::Millis;
use std::fmt;

/// How many copies of a knock one announce carries (a tracker gives each to a different
/// member of the swarm, so the host is among them at any table size).
pub const KNOCK_COPIES: usize = 10;
/// The keep-alive the MQTT connection asks for, in seconds.
pub const MQTT_KEEP_ALIVE_SECS: u16 = 60;
/// A ping goes out once nothing was sent to the broker for this long.
pub const MQTT_PING_AFTER_MS: Millis = 45_000;
/// The tracker's announce interval, kept within these bounds whatever it asks for.
pub const ANNOUNCE_MIN_MS: Millis = 30_000;
pub const ANNOUNCE_MAX_MS: Millis = 300_000;
/// The pages a tracker link remembers the tracker ids of (a table's guests and watchers).
pub const MAX_ROUTES: usize = 32;

/// A WebSocket frame, to or from a relay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    Bytes(Vec<u8>),
    Text(String),
}

/// Which way a sealed text came, so that a reply can go back the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    Broker,
    /// From tracker member `peer`, in its offer or answer `offer_id`.
    Tracker { peer: Id20, offer_id: Id20 },
}

/// A sealed text a relay brought (still to be opened).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heard {
    pub sealed: String,
    pub via: Via,
}

/// Why a relay's frame was not (all) read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    Mqtt(MqttError),
    Tracker(TrackerError),
    /// The broker refused the connection (CONNACK's code) or the subscription.
    BrokerRefused { code: u8 },
    /// The tracker refused a request, in its words (cut for the log).
    TrackerRefused { reason: String },
    /// A text frame from a broker or a binary frame from a tracker.
    WrongFrame,
    /// A message on another topic or swarm than the room's.
    OtherRoom,
}

impl LinkError {
    /// True if nothing more can be read from this connection: the socket should close (and
    /// is opened again later).
    pub fn ends_connection(&self) -> bool {
        match self {
            LinkError::Mqtt(e) => e.ends_stream(),
            LinkError::BrokerRefused { .. } => true,
            _ => false,
        }
    }
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Mqtt(e) => e.fmt(f),
            LinkError::Tracker(e) => e.fmt(f),
            LinkError::BrokerRefused { code } => write!(f, "the broker refused the room (code {code})"),
            LinkError::TrackerRefused { reason } => write!(f, "the tracker refused a request: {reason}"),
            LinkError::WrongFrame => f.write_str("a relay sent a frame of the wrong kind"),
            LinkError::OtherRoom => f.write_str("a relay sent a message of another room"),
        }
    }
}

#[derive(Debug)]
enum Kind {
    Mqtt {
        topic: String,
        client_id: String,
        decoder: Decoder,
        /// Subscribed (SUBACK granted): messages sent before may be missed by this page.
        subscribed: bool,
    },
    Torrent {
        info_hash: Id20,
        peer_id: Id20,
        /// The tracker id each page we heard from here has, and the offer it sent last.
        routes: Vec<(PeerId, Id20, Id20)>,
        interval: Millis,
        next_announce: Millis,
        /// Counts offer ids, which are this link's seed with the count in its last bytes.
        offers_made: u32,
    },
}

/// One relay's connection state for a room (a new one for each socket).
#[derive(Debug)]
pub struct RelayLink {
    kind: Kind,
    /// Random per link: the MQTT client id and the tracker's peer and offer ids.
    seed: [u8; 15],
    last_sent: Millis,
}

impl RelayLink {
    /// A link to a relay of `kind` for `room`; `seed` is random (fresh for each socket).
    pub fn new(kind: RelayKind, room: &RoomCode, seed: [u8; 15]) -> RelayLink {
        let topic = room.topic();
        let kind = match kind {
            RelayKind::Mqtt => Kind::Mqtt {
                topic: format!("tuolaji/{topic}"),
                client_id: format!("tuolaji-{}", Id20::from_bytes(&seed)),
                decoder: Decoder::new(),
                subscribed: false,
            },
            RelayKind::Torrent => Kind::Torrent {
                // The topic is 20 base64url characters (link.rs), so this always parses.
                info_hash: Id20::parse(&topic).unwrap_or_else(|| Id20::from_bytes(&[0; 15])),
                peer_id: Id20::from_bytes(&seed),
                routes: Vec::new(),
                interval: ANNOUNCE_MIN_MS * 4,
                next_announce: 0,
                offers_made: 0,
            },
        };
        RelayLink { kind, seed, last_sent: 0 }
    }

    /// The socket opened: the frames that join the room.
    pub fn opened(&mut self, now: Millis) -> Vec<Frame> {
        self.last_sent = now;
        match &mut self.kind {
            Kind::Mqtt { topic, client_id, .. } => {
                vec![Frame::Bytes(mqtt::connect(client_id, MQTT_KEEP_ALIVE_SECS)), Frame::Bytes(mqtt::subscribe(1, topic))]
            }
            Kind::Torrent { info_hash, peer_id, interval, next_announce, .. } => {
                *next_announce = now + *interval;
                vec![Frame::Text(tracker::announce(info_hash, peer_id, &[], true))]
            }
        }
    }

    /// Whether this link can carry a message now (MQTT once subscribed).
    pub fn ready(&self) -> bool {
        match &self.kind {
            Kind::Mqtt { subscribed, .. } => *subscribed,
            Kind::Torrent { .. } => true,
        }
    }

    /// What a frame from the relay carries: the sealed texts in it, and what was wrong
    /// with it, if anything (see [`LinkError::ends_connection`]).
    pub fn heard(&mut self, frame: Frame) -> (Vec<Heard>, Option<LinkError>) {
        let mut out = Vec::new();
        let mut error = None;
        match (&mut self.kind, frame) {
            (Kind::Mqtt { topic, decoder, subscribed, .. }, Frame::Bytes(bytes)) => {
                decoder.push(&bytes);
                while let Some(packet) = decoder.next() {
                    match packet {
                        Ok(Incoming::Publish { topic: on, payload }) => {
                            if on != *topic {
                                error = Some(LinkError::OtherRoom);
                            } else if let Some(sealed) = sealed_text(payload) {
                                out.push(Heard { sealed, via: Via::Broker });
                            }
                        }
                        Ok(Incoming::ConnAck { code, .. }) if code != 0 => error = Some(LinkError::BrokerRefused { code }),
                        Ok(Incoming::SubAck { granted, .. }) => match granted.first() {
                            Some(0..=2) => *subscribed = true,
                            _ => error = Some(LinkError::BrokerRefused { code: 0x80 }),
                        },
                        Ok(_) => {}
                        Err(e) => {
                            let ends = e.ends_stream();
                            error = Some(LinkError::Mqtt(e));
                            if ends {
                                break;
                            }
                        }
                    }
                }
            }
            (Kind::Torrent { info_hash, interval, .. }, Frame::Text(text)) => match tracker::parse(&text) {
                Ok(FromTracker::Offer { from, offer_id, info_hash: swarm, sealed } | FromTracker::Answer { from, offer_id, info_hash: swarm, sealed }) => {
                    if swarm != *info_hash {
                        error = Some(LinkError::OtherRoom);
                    } else if sealed.len() <= MAX_SEALED_CHARS {
                        out.push(Heard { sealed, via: Via::Tracker { peer: from, offer_id } });
                    }
                }
                Ok(FromTracker::Interval { secs }) => *interval = secs.saturating_mul(1000).clamp(ANNOUNCE_MIN_MS, ANNOUNCE_MAX_MS),
                Ok(FromTracker::Failure { reason }) => error = Some(LinkError::TrackerRefused { reason }),
                Ok(FromTracker::Warning { .. } | FromTracker::Other) => {}
                Err(e) => error = Some(LinkError::Tracker(e)),
            },
            _ => error = Some(LinkError::WrongFrame),
        }
        (out, error)
    }

    /// A message opened from `via` came from page `from`: replies to it through this
    /// tracker go to that member. (Nothing to learn on a broker.)
    pub fn learned(&mut self, from: PeerId, via: Via) {
        let (Kind::Torrent { routes, .. }, Via::Tracker { peer, offer_id }) = (&mut self.kind, via) else { return };
        routes.retain(|(p, _, _)| *p != from);
        if routes.len() == MAX_ROUTES {
            routes.remove(0);
        }
        routes.push((from, peer, offer_id));
    }

    /// The frames that carry a sealed message to everyone in the room (a guest's knock).
    pub fn to_all(&mut self, sealed: &str, now: Millis) -> Vec<Frame> {
        self.last_sent = now;
        let seed = self.seed;
        match &mut self.kind {
            Kind::Mqtt { topic, .. } => vec![Frame::Bytes(mqtt::publish(topic, sealed.as_bytes()))],
            Kind::Torrent { info_hash, peer_id, interval, next_announce, offers_made, .. } => {
                let ids: Vec<Id20> = (0..KNOCK_COPIES)
                    .map(|_| {
                        *offers_made = offers_made.wrapping_add(1);
                        offer_id(&seed, *offers_made)
                    })
                    .collect();
                let offers: Vec<(Id20, &str)> = ids.into_iter().map(|id| (id, sealed)).collect();
                // An announce: it counts as the periodic one too.
                *next_announce = now + *interval;
                vec![Frame::Text(tracker::announce(info_hash, peer_id, &offers, false))]
            }
        }
    }

    /// The frames that carry a sealed message to page `to` (an offer, an answer): none on a
    /// tracker that `to` never sent anything through.
    pub fn to_one(&mut self, to: PeerId, sealed: &str, now: Millis) -> Vec<Frame> {
        match &self.kind {
            Kind::Mqtt { topic, .. } => {
                self.last_sent = now;
                vec![Frame::Bytes(mqtt::publish(topic, sealed.as_bytes()))]
            }
            Kind::Torrent { info_hash, peer_id, routes, .. } => {
                let Some(&(_, peer, offer_id)) = routes.iter().find(|(p, _, _)| *p == to) else { return Vec::new() };
                self.last_sent = now;
                vec![Frame::Text(tracker::answer(info_hash, peer_id, &peer, &offer_id, sealed))]
            }
        }
    }

    /// What keeps the connection alive at `now`: an MQTT ping after a quiet while; a
    /// tracker announce at its interval while this page wants to be found (`findable`: a
    /// host with a free or dropped seat; a guest not seated yet).
    pub fn due(&mut self, now: Millis, findable: bool) -> Vec<Frame> {
        match &mut self.kind {
            Kind::Mqtt { .. } if now.saturating_sub(self.last_sent) >= MQTT_PING_AFTER_MS => {
                self.last_sent = now;
                vec![Frame::Bytes(mqtt::ping())]
            }
            Kind::Torrent { info_hash, peer_id, interval, next_announce, .. } if findable && now >= *next_announce => {
                *next_announce = now + *interval;
                self.last_sent = now;
                vec![Frame::Text(tracker::announce(info_hash, peer_id, &[], false))]
            }
            _ => Vec::new(),
        }
    }

    /// When [`RelayLink::due`] may next have something to send.
    pub fn next_due(&self) -> Millis {
        match &self.kind {
            Kind::Mqtt { .. } => self.last_sent + MQTT_PING_AFTER_MS,
            Kind::Torrent { next_announce, .. } => *next_announce,
        }
    }

    /// The polite goodbye before the socket closes.
    pub fn closing(&self) -> Vec<Frame> {
        match &self.kind {
            Kind::Mqtt { .. } => vec![Frame::Bytes(mqtt::disconnect())],
            Kind::Torrent { .. } => Vec::new(),
        }
    }
}

/// Offer id number `n` of a link: its seed with `n` in the last four bytes.
fn offer_id(seed: &[u8; 15], n: u32) -> Id20 {
    let mut bytes = *seed;
    bytes[11..].copy_from_slice(&n.to_be_bytes());
    // Not the peer id (the seed itself) even at n = 0: the first byte is flipped.
    bytes[0] ^= 0x5a;
    Id20::from_bytes(&bytes)
}

/// A publish's payload as sealed text, if it can be one (ASCII, within the size a sealed
/// message can have); anything else is dropped here, before any work is spent on it.
fn sealed_text(payload: Vec<u8>) -> Option<String> {
    if payload.is_empty() || payload.len() > MAX_SEALED_CHARS || !payload.is_ascii() {
        return None;
    }
    String::from_utf8(payload).ok()
}

#[cfg(test)]
#[path = "relay_link_tests.rs"]
mod tests;
