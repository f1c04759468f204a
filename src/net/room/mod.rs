//! A room: one link that seats a whole table, with no server of ours. Guests and the host
//! find each other through public relays that already exist — MQTT brokers and WebTorrent
//! trackers, several of each, in parallel — and pass each other WebRTC descriptions through
//! them, sealed with a key only the link holds. This module is the pure part, tested
//! natively: what relays carry and how each kind of relay frames it (`mqtt`, `tracker`).
//! The browser glue (WebSockets, Web Crypto) lives in `web::room`. See docs/room.md.

pub mod mqtt;
pub mod tracker;
pub mod link;
pub mod relays;
pub mod message;
pub mod inbox;
pub mod host_room;
pub mod guest_room;
pub mod relay_link;
pub mod peer;
pub mod restart;
