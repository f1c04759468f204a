//! Peer play, the pure part: signalling codes for WebRTC, the versioned wire protocol,
//! the authoritative host (seats, lobby, bots, disconnects, flood control), commit-reveal
//! fair dealing and the guests' check of every deal by replaying the hand — written once
//! over [`PeerGame`], which Shengji (`shengji.rs`), rummy (`rummy.rs`) and Sichuan mahjong
//! (`mahjong.rs`) implement.
//! The WebRTC/browser glue lives elsewhere; everything here is tested natively (docs/net.md).

pub mod signal;
pub mod connect;
pub mod delta;
pub mod check;
pub mod game;
pub mod mahjong;
pub mod rummy;
pub mod shengji;
pub mod verify;
pub mod fair;
pub mod guest;
pub mod host;
pub mod protocol;
pub mod room;
pub mod ice_report;
#[cfg(test)]
mod testkit;

pub use game::PeerGame;
pub use host::{ConnId, Host, HostConfig, LobbyError, Millis};
pub use protocol::{GuestMessage, HostMessage, PROTOCOL_VERSION};
