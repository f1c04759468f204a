//! The wire protocol between a host and its guests: versioned serde messages (JSON) over a
//! reliable, ordered data channel, with a size limit checked before any parsing and a
//! version check before the body is interpreted. Never panics on hostile input.

use crate::shengji::game::{Action, Event, SeatView, Seat, Settings};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt;

/// Bumped whenever a message changes shape; both sides must agree exactly.
pub const PROTOCOL_VERSION: u16 = 1;
/// Largest message a guest may send (actions are small; names are capped too).
pub const MAX_GUEST_MESSAGE_BYTES: usize = 4 * 1024;
/// Largest message a host may send (a full view with a hand's trick log fits easily).
pub const MAX_HOST_MESSAGE_BYTES: usize = 256 * 1024;
/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// Guest → host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GuestMessage {
    /// First message on a connection. `rejoin` is the token from an earlier `Welcome`.
    Hello { name: String, protocol_version: u16, rejoin: Option<String> },
    /// A move for `seat` (must be the sender's seat). `seq` strictly increases per connection,
    /// so a duplicated or replayed message is refused.
    Action { seq: u64, seat: Seat, action: Action },
    Ping { nonce: u64 },
    /// Fair dealing: SHA-256 commitment (hex) to this guest's entropy for `hand`.
    Commit { hand: u64, commitment: String },
    /// Fair dealing: the entropy itself (32 bytes, hex) once all commitments are known.
    Reveal { hand: u64, entropy: String },
}

/// One seat as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatInfo {
    Empty,
    Bot,
    /// `stand_in`: the guest dropped and a bot plays for it until it returns.
    Guest { name: String, connected: bool, stand_in: bool },
}

/// The lobby, sent to every guest whenever it changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyState {
    pub settings: Settings,
    pub seats: Vec<SeatInfo>,
    pub started: bool,
}

/// Everything revealed after a hand, so every guest can check the deal (see `net::fair`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandReveal {
    pub hand: u64,
    /// The seat that drew first (the deal's draw order starts there).
    pub first_drawer: Seat,
    pub host_commitment: String,
    pub host_secret: String,
    /// (seat, commitment hex, entropy hex) of every guest whose entropy went into the seed.
    pub contributions: Vec<(Seat, String, String)>,
    /// The hand's seed string: also its duplicate link (`TableSeed`, hand `hand`).
    pub seed: String,
}

/// Host → guest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HostMessage {
    /// You sit at `seat`; keep `rejoin` to reclaim the seat after a drop.
    Welcome { seat: Seat, rejoin: String, protocol_version: u16 },
    Lobby(LobbyState),
    /// Your seat's view (never another hand, never a hidden kitty).
    View(Box<SeatView>),
    /// A public event of the game.
    Event(Event),
    /// Your message was refused; nothing changed. `seq` names the refused action.
    Rejected { reason: String, seq: Option<u64> },
    Pong { nonce: u64 },
    /// Fair dealing, step 1: the host's commitment; answer with `Commit`.
    FairCommit { hand: u64, host_commitment: String },
    /// Fair dealing, step 2: every guest's commitment; answer with `Reveal`.
    FairCommitments { hand: u64, commitments: Vec<(Seat, String)> },
    /// Fair dealing, after the hand: the secrets, to verify the deal.
    FairReveal(HandReveal),
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    TooLarge { len: usize, max: usize },
    NotUtf8,
    Malformed(String),
    WrongVersion { got: u64, expected: u16 },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::TooLarge { len, max } => write!(f, "the message is {len} bytes, over the limit of {max}"),
            DecodeError::NotUtf8 => f.write_str("the message is not UTF-8 text"),
            DecodeError::Malformed(why) => write!(f, "the message is malformed: {why}"),
            DecodeError::WrongVersion { got, expected } => write!(
                f,
                "the message uses protocol version {got} but this table speaks version {expected}: reload both pages so they run the same app version"
            ),
        }
    }
}

impl std::error::Error for DecodeError {}

#[derive(Serialize)]
struct WireOut<'a, T> {
    v: u16,
    m: &'a T,
}

#[derive(Deserialize)]
struct Probe {
    v: u64,
}

#[derive(Deserialize)]
struct WireIn<T> {
    #[allow(dead_code)]
    v: u64,
    m: T,
}

fn encode<T: Serialize>(msg: &T) -> String {
    // Serialising these plain data types cannot fail.
    serde_json::to_string(&WireOut { v: PROTOCOL_VERSION, m: msg }).unwrap_or_default()
}

fn decode<T: DeserializeOwned>(bytes: &[u8], max: usize) -> Result<T, DecodeError> {
    if bytes.len() > max {
        return Err(DecodeError::TooLarge { len: bytes.len(), max });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| DecodeError::NotUtf8)?;
    let probe: Probe = serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))?;
    if probe.v != PROTOCOL_VERSION as u64 {
        return Err(DecodeError::WrongVersion { got: probe.v, expected: PROTOCOL_VERSION });
    }
    let wire: WireIn<T> = serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))?;
    Ok(wire.m)
}

pub fn encode_guest(msg: &GuestMessage) -> String {
    encode(msg)
}
pub fn encode_host(msg: &HostMessage) -> String {
    encode(msg)
}
pub fn decode_guest(bytes: &[u8]) -> Result<GuestMessage, DecodeError> {
    decode(bytes, MAX_GUEST_MESSAGE_BYTES)
}
pub fn decode_host(bytes: &[u8]) -> Result<HostMessage, DecodeError> {
    decode(bytes, MAX_HOST_MESSAGE_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use proptest::prelude::*;

    #[test]
    fn messages_round_trip() {
        let cards = parse_cards("10H QS", None).unwrap();
        for m in [
            GuestMessage::Hello { name: "Ana".into(), protocol_version: PROTOCOL_VERSION, rejoin: None },
            GuestMessage::Action { seq: 3, seat: 1, action: Action::Play(cards) },
            GuestMessage::Ping { nonce: 9 },
            GuestMessage::Commit { hand: 0, commitment: "ab".into() },
        ] {
            let text = encode_guest(&m);
            assert_eq!(decode_guest(text.as_bytes()).unwrap(), m);
        }
        let h = HostMessage::Rejected { reason: "no".into(), seq: Some(2) };
        assert_eq!(decode_host(encode_host(&h).as_bytes()).unwrap(), h);
        assert!(encode_host(&h).starts_with("{\"v\":1,"));
    }

    #[test]
    fn bad_input_is_refused_clearly() {
        let big = vec![b' '; MAX_GUEST_MESSAGE_BYTES + 1];
        assert!(matches!(decode_guest(&big), Err(DecodeError::TooLarge { .. })));
        assert_eq!(decode_guest(&[0xff, 0xfe]), Err(DecodeError::NotUtf8));
        assert!(matches!(decode_guest(b"{\"v\":1"), Err(DecodeError::Malformed(_))));
        assert!(matches!(decode_guest(b"{\"v\":1,\"m\":{\"launch\":{}}}"), Err(DecodeError::Malformed(_))));
        let e = decode_guest(b"{\"v\":2,\"m\":{\"t\":\"ping\",\"nonce\":1}}").unwrap_err();
        assert_eq!(e, DecodeError::WrongVersion { got: 2, expected: 1 });
        assert!(e.to_string().contains("version 2"));
        // Deep nesting stops at serde_json's recursion limit instead of overflowing the stack.
        let deep = format!("{{\"v\":1,\"m\":{}{}}}", "[".repeat(2000), "]".repeat(2000));
        assert!(decode_guest(deep.as_bytes()).is_err());
    }

    proptest! {
        #[test]
        fn decoding_random_text_never_panics(s in ".{0,400}") {
            let _ = decode_guest(s.as_bytes());
            let _ = decode_host(s.as_bytes());
        }

        #[test]
        fn decoding_mutated_messages_never_panics(i in 0usize..200, b in any::<u8>()) {
            let m = GuestMessage::Action { seq: 1, seat: 0, action: Action::Bid(crate::cards::Card::BigJoker, 2) };
            let mut bytes = encode_guest(&m).into_bytes();
            let at = i % bytes.len();
            bytes[at] = b;
            let _ = decode_guest(&bytes);
        }
    }
}
