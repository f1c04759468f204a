//! Rooms in the browser (docs/room.md): the room worker that keeps a page's relays, seals
//! and keys (`worker`, `crypto`), and a page's side of it (`client`). What each message
//! means and how each relay frames it is pure, in `net::room`.

pub mod client;
pub mod crypto;
pub mod worker;
