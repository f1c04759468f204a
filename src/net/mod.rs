//! Peer play, the pure part: signalling codes for WebRTC, the versioned wire protocol,
//! the authoritative host (seats, lobby, bots, disconnects) and commit-reveal fair dealing.
//! The WebRTC/browser glue lives elsewhere; everything here is tested natively (docs/net.md).

pub mod signal;
pub mod fair;
pub mod guest;
pub mod host;
pub mod protocol;

pub use host::{ConnId, Host, HostConfig, LobbyError, Millis};
pub use protocol::{GuestMessage, HostMessage, PROTOCOL_VERSION};
