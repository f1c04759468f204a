//! Peer play, the pure part: signalling codes for WebRTC, the versioned wire protocol,
//! the authoritative host (seats, lobby, bots, disconnects) and commit-reveal fair dealing.
//! The WebRTC/browser glue lives elsewhere; everything here is tested natively (docs/net.md).

pub mod signal;
