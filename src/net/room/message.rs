//! What a room's members say through relays, before it is sealed and after it is opened:
//! a guest's knock, the host's offer of a connection (signed with the host's key) and the
//! guest's answer; and, on a connection that went down, the guest's ask for an ICE restart,
//! the host's restart offer (signed too) and the guest's restart answer. Every relay carries the same sealed text, [`frame`]d as base64url of
//! `iv (12) | AES-GCM ciphertext and tag`; the sealing itself is the browser's Web Crypto.
//!
//! Plain layout: `version (1) | kind (1) | from (8) | to (0 or 8, after a flag byte) |
//! nonce (8) | body`; a body's code is a varint length and UTF-8, a signature 64 bytes
//! (P-256 ECDSA as Web Crypto writes it, `r | s`). Every length is checked before
//! anything is allocated for it.

use super::link::RoomCode;
use crate::codec::{base64url_decode, base64url_encode, put_varint, Reader};
use std::fmt;

pub const ROOM_MESSAGE_VERSION: u8 = 1;
pub const PEER_ID_BYTES: usize = 8;
pub const NONCE_BYTES: usize = 8;
pub const SIGNATURE_BYTES: usize = 64;
pub const IV_BYTES: usize = 12;
/// AES-GCM's tag, at the end of every ciphertext.
pub const TAG_BYTES: usize = 16;
/// The longest signalling code a message may carry (as `net::signal` accepts).
pub const MAX_CODE_CHARS: usize = crate::net::signal::MAX_CODE_CHARS;
/// The longest plain message: the header, a code and a signature.
pub const MAX_PLAIN_BYTES: usize = 64 + MAX_CODE_CHARS + SIGNATURE_BYTES;
/// The longest sealed text a relay may hand us; longer is refused before decoding.
pub const MAX_SEALED_CHARS: usize = (IV_BYTES + MAX_PLAIN_BYTES + TAG_BYTES) * 4 / 3 + 4;

/// Who sent or should read a message: random for each page load, so that a message of
/// an earlier visit (or a replayed one) is never addressed to anyone still there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct PeerId(pub [u8; PEER_ID_BYTES]);

impl fmt::Debug for PeerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "peer:{}", base64url_encode(&self.0))
    }
}

/// What a message says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// A guest asks for a connection (addressed to no one: it does not know the host yet).
    Knock,
    /// The host offers a guest connection `conn`: its WebRTC offer as a signalling code,
    /// signed with the host's key over [`offer_signed_bytes`].
    Offer { conn: u32, code: String, signature: [u8; SIGNATURE_BYTES] },
    /// A guest's answer on connection `conn`, as a signalling code.
    Answer { conn: u32, code: String },
    /// The host restarts ICE on connection `conn` (open before, down now): its new offer,
    /// signed over [`restart_signed_bytes`] (so an offer's signature cannot pass for it).
    Restart { conn: u32, code: String, signature: [u8; SIGNATURE_BYTES] },
    /// A guest's answer to the host's restart of `conn`.
    RestartAnswer { conn: u32, code: String },
    /// A guest whose connection `conn` went down asks the host to restart it.
    RestartAsk { conn: u32 },
}

impl Body {
    fn kind(&self) -> u8 {
        match self {
            Body::Knock => 1,
            Body::Offer { .. } => 2,
            Body::Answer { .. } => 3,
            Body::Restart { .. } => 4,
            Body::RestartAnswer { .. } => 5,
            Body::RestartAsk { .. } => 6,
        }
    }
}

/// One message, opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomMessage {
    pub from: PeerId,
    pub to: Option<PeerId>,
    /// Random for each message: the same message arriving again (through another relay,
    /// or replayed) is known by it.
    pub nonce: [u8; NONCE_BYTES],
    pub body: Body,
}

/// Why bytes are not a room message (the sealed text, or what it opened to).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageError {
    /// Longer than a sealed message can be.
    TooLong { chars: usize },
    NotBase64,
    /// Too short to hold an iv and a tag.
    TooShort,
    /// Opened, but written by another version of the room protocol.
    Version(u8),
    Kind(u8),
    /// Cut short, or longer than its parts say.
    Truncated,
    Trailing,
    /// A code longer than [`MAX_CODE_CHARS`], or not UTF-8.
    Code,
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::TooLong { chars } => write!(f, "a relay message of {chars} characters, more than a room message can be"),
            MessageError::NotBase64 => f.write_str("a relay message that is not base64url"),
            MessageError::TooShort => f.write_str("a relay message too short to be sealed"),
            MessageError::Version(v) => write!(f, "a room message of version {v}, not {ROOM_MESSAGE_VERSION}"),
            MessageError::Kind(k) => write!(f, "a room message of unknown kind {k}"),
            MessageError::Truncated => f.write_str("a room message cut short"),
            MessageError::Trailing => f.write_str("a room message with bytes after its end"),
            MessageError::Code => f.write_str("a room message whose code is too long or not text"),
        }
    }
}

impl std::error::Error for MessageError {}

/// The sealed text relays carry: base64url of the iv and the ciphertext.
pub fn frame(iv: &[u8; IV_BYTES], ciphertext: &[u8]) -> String {
    let mut bytes = Vec::with_capacity(IV_BYTES + ciphertext.len());
    bytes.extend_from_slice(iv);
    bytes.extend_from_slice(ciphertext);
    base64url_encode(&bytes)
}

/// The iv and the ciphertext of a sealed text, bounded before it is decoded.
pub fn unframe(text: &str) -> Result<([u8; IV_BYTES], Vec<u8>), MessageError> {
    if text.len() > MAX_SEALED_CHARS {
        return Err(MessageError::TooLong { chars: text.len() });
    }
    let bytes = base64url_decode(text).map_err(|_| MessageError::NotBase64)?;
    if bytes.len() < IV_BYTES + TAG_BYTES {
        return Err(MessageError::TooShort);
    }
    let iv = bytes[..IV_BYTES].try_into().expect("checked length");
    Ok((iv, bytes[IV_BYTES..].to_vec()))
}

impl RoomMessage {
    pub fn encode(&self) -> Vec<u8> {
        let mut out = vec![ROOM_MESSAGE_VERSION, self.body.kind()];
        out.extend_from_slice(&self.from.0);
        match self.to {
            Some(to) => {
                out.push(1);
                out.extend_from_slice(&to.0);
            }
            None => out.push(0),
        }
        out.extend_from_slice(&self.nonce);
        match &self.body {
            Body::Knock => {}
            Body::Offer { conn, code, signature } | Body::Restart { conn, code, signature } => {
                put_varint(&mut out, *conn as u64);
                put_code(&mut out, code);
                out.extend_from_slice(signature);
            }
            Body::Answer { conn, code } | Body::RestartAnswer { conn, code } => {
                put_varint(&mut out, *conn as u64);
                put_code(&mut out, code);
            }
            Body::RestartAsk { conn } => put_varint(&mut out, *conn as u64),
        }
        out
    }

    pub fn decode(bytes: &[u8]) -> Result<RoomMessage, MessageError> {
        if bytes.len() > MAX_PLAIN_BYTES {
            return Err(MessageError::Trailing);
        }
        let mut r = Reader::new(bytes);
        let version = r.byte().ok_or(MessageError::Truncated)?;
        if version != ROOM_MESSAGE_VERSION {
            return Err(MessageError::Version(version));
        }
        let kind = r.byte().ok_or(MessageError::Truncated)?;
        let from = PeerId(array(&mut r)?);
        let to = match r.byte().ok_or(MessageError::Truncated)? {
            0 => None,
            1 => Some(PeerId(array(&mut r)?)),
            _ => return Err(MessageError::Truncated),
        };
        let nonce = array(&mut r)?;
        let body = match kind {
            1 => Body::Knock,
            2 => {
                let conn = conn(&mut r)?;
                let code = code(&mut r)?;
                Body::Offer { conn, code, signature: array(&mut r)? }
            }
            3 => Body::Answer { conn: conn(&mut r)?, code: code(&mut r)? },
            4 => {
                let conn = conn(&mut r)?;
                let code = code(&mut r)?;
                Body::Restart { conn, code, signature: array(&mut r)? }
            }
            5 => Body::RestartAnswer { conn: conn(&mut r)?, code: code(&mut r)? },
            6 => Body::RestartAsk { conn: conn(&mut r)? },
            k => return Err(MessageError::Kind(k)),
        };
        if !r.is_empty() {
            return Err(MessageError::Trailing);
        }
        Ok(RoomMessage { from, to, nonce, body })
    }
}

/// What the host signs of an offer, and each guest checks against the link's key: the
/// room, who offers to whom, the connection and its code — so an offer cannot be moved to
/// another room, guest or connection, nor its code swapped.
pub fn offer_signed_bytes(room: &RoomCode, host: PeerId, to: PeerId, conn: u32, code: &str) -> Vec<u8> {
    signed_bytes(b"tuolaji/room/v1/offer", room, host, to, conn, code)
}

/// What the host signs of an ICE restart's offer: as [`offer_signed_bytes`], under another
/// label, so neither signature can be passed off as the other.
pub fn restart_signed_bytes(room: &RoomCode, host: PeerId, to: PeerId, conn: u32, code: &str) -> Vec<u8> {
    signed_bytes(b"tuolaji/room/v1/restart", room, host, to, conn, code)
}

fn signed_bytes(label: &[u8], room: &RoomCode, host: PeerId, to: PeerId, conn: u32, code: &str) -> Vec<u8> {
    let mut out = label.to_vec();
    out.extend_from_slice(&room.room);
    out.extend_from_slice(&host.0);
    out.extend_from_slice(&to.0);
    out.extend_from_slice(&conn.to_be_bytes());
    put_code(&mut out, code);
    out
}

fn put_code(out: &mut Vec<u8>, code: &str) {
    put_varint(out, code.len() as u64);
    out.extend_from_slice(code.as_bytes());
}

fn array<const N: usize>(r: &mut Reader<'_>) -> Result<[u8; N], MessageError> {
    r.take(N).map(|b| b.try_into().expect("took N bytes")).ok_or(MessageError::Truncated)
}

fn conn(r: &mut Reader<'_>) -> Result<u32, MessageError> {
    r.varint().and_then(|c| u32::try_from(c).ok()).ok_or(MessageError::Truncated)
}

fn code(r: &mut Reader<'_>) -> Result<String, MessageError> {
    let len = r.varint().ok_or(MessageError::Truncated)?;
    if len > MAX_CODE_CHARS as u64 {
        return Err(MessageError::Code);
    }
    let bytes = r.take(len as usize).ok_or(MessageError::Truncated)?;
    String::from_utf8(bytes.to_vec()).map_err(|_| MessageError::Code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
        (rng.next_u64() % n as u64) as usize
    }

    fn samples() -> Vec<RoomMessage> {
        let (g, h) = (PeerId([1; 8]), PeerId([2; 8]));
        vec![
            RoomMessage { from: g, to: None, nonce: [3; 8], body: Body::Knock },
            RoomMessage { from: h, to: Some(g), nonce: [4; 8], body: Body::Offer { conn: 7, code: "AbC-_x".repeat(30), signature: [5; 64] } },
            RoomMessage { from: g, to: Some(h), nonce: [6; 8], body: Body::Answer { conn: 300_000, code: "xyz".into() } },
            RoomMessage { from: h, to: Some(g), nonce: [7; 8], body: Body::Restart { conn: 2, code: "re".repeat(40), signature: [8; 64] } },
            RoomMessage { from: g, to: Some(h), nonce: [9; 8], body: Body::RestartAnswer { conn: 2, code: "ra".into() } },
            RoomMessage { from: g, to: Some(h), nonce: [10; 8], body: Body::RestartAsk { conn: 2 } },
        ]
    }

    #[test]
    fn messages_round_trip() {
        for m in samples() {
            assert_eq!(RoomMessage::decode(&m.encode()), Ok(m.clone()), "{m:?}");
        }
        // A knock is 19 bytes (63 characters sealed): small enough to send often.
        assert_eq!(samples()[0].encode().len(), 19);
    }

    #[test]
    fn frames_round_trip_and_are_bounded() {
        let iv = [9u8; IV_BYTES];
        let ct = vec![1u8; 40];
        assert_eq!(unframe(&frame(&iv, &ct)), Ok((iv, ct)));
        assert_eq!(unframe(&frame(&iv, &[0; TAG_BYTES - 1])), Err(MessageError::TooShort));
        assert_eq!(unframe("not base64!"), Err(MessageError::NotBase64));
        let long = "A".repeat(MAX_SEALED_CHARS + 1);
        assert_eq!(unframe(&long), Err(MessageError::TooLong { chars: long.len() }));
        // The longest message there can be still fits its frame.
        let big = RoomMessage { body: Body::Offer { conn: u32::MAX, code: "a".repeat(MAX_CODE_CHARS), signature: [0; 64] }, ..samples()[1].clone() };
        let plain = big.encode();
        assert!(plain.len() <= MAX_PLAIN_BYTES);
        assert!(frame(&iv, &[plain, vec![0; TAG_BYTES]].concat()).len() <= MAX_SEALED_CHARS);
    }

    #[test]
    fn bad_messages_are_told_apart() {
        let knock = samples()[0].encode();
        let mut v = knock.clone();
        v[0] = 2;
        assert_eq!(RoomMessage::decode(&v), Err(MessageError::Version(2)));
        let mut k = knock.clone();
        k[1] = 9;
        assert_eq!(RoomMessage::decode(&k), Err(MessageError::Kind(9)));
        assert_eq!(RoomMessage::decode(&knock[..knock.len() - 1]), Err(MessageError::Truncated));
        assert_eq!(RoomMessage::decode(&[knock.clone(), vec![0]].concat()), Err(MessageError::Trailing));
        let mut long = samples()[2].encode();
        let at = long.len() - 4; // the code's length varint: claim far more than a code may be
        long.truncate(at);
        put_varint(&mut long, MAX_CODE_CHARS as u64 + 1);
        assert_eq!(RoomMessage::decode(&long), Err(MessageError::Code));
    }

    #[test]
    fn an_offer_signature_covers_room_peers_connection_and_code() {
        let mut key = [0u8; 65];
        key[0] = 4;
        let room = RoomCode { room: [1; 16], secret: [2; 16], host_key: key };
        let mut other = room.clone();
        other.room[0] = 9;
        let (h, g, x) = (PeerId([1; 8]), PeerId([2; 8]), PeerId([3; 8]));
        let base = offer_signed_bytes(&room, h, g, 1, "code");
        for changed in [
            offer_signed_bytes(&other, h, g, 1, "code"),
            offer_signed_bytes(&room, x, g, 1, "code"),
            offer_signed_bytes(&room, h, x, 1, "code"),
            offer_signed_bytes(&room, h, g, 2, "code"),
            offer_signed_bytes(&room, h, g, 1, "codf"),
            restart_signed_bytes(&room, h, g, 1, "code"),
        ] {
            assert_ne!(changed, base);
        }
    }

    /// 100,000 random and mutated plain messages: no panic; whatever decodes encodes back.
    #[test]
    fn decoding_never_panics_on_hostile_bytes() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5EED_0004);
        let valid: Vec<Vec<u8>> = samples().iter().map(RoomMessage::encode).collect();
        for i in 0..100_000 {
            let bytes: Vec<u8> = if i % 2 == 0 {
                let mut b = valid[i % valid.len()].clone();
                for _ in 0..1 + below(&mut rng, 3) {
                    let at = below(&mut rng, b.len());
                    match below(&mut rng, 3) {
                        0 => b[at] = rng.next_u32() as u8,
                        1 => {
                            b.remove(at);
                        }
                        _ => b.insert(at, rng.next_u32() as u8),
                    }
                }
                b
            } else {
                (0..below(&mut rng, 80)).map(|_| rng.next_u32() as u8).collect()
            };
            if let Ok(m) = RoomMessage::decode(&bytes) {
                assert_eq!(RoomMessage::decode(&m.encode()), Ok(m));
            }
            let text: String = bytes.iter().map(|b| (b'A' + b % 60) as char).collect();
            let _ = unframe(&text);
        }
    }
}
