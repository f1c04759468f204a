//! The room link's code: what the fragment of `<page>#/room/<game>/<code>` carries — a
//! random room id, a random secret and the host's public key — and what relays are told
//! of it. A fragment never reaches a web server; relays see only [`RoomCode::topic`], a
//! hash of the room id, never the secret (the key that seals every message is derived
//! from it, in the browser's Web Crypto) nor the host's key (guests accept only offers
//! signed with it, so a guest who has the link cannot pose as the host).
//!
//! Layout (then base64url without padding, 131 characters):
//! `0x03 | room id (16) | secret (16) | host key (65: an uncompressed P-256 point, 0x04 | x | y)`.
//! The first byte is the tag every code starts with (`net::signal`'s invites are `0x01`
//! and `0x02`), so a pasted invite is told apart from a room link.

use crate::codec::{base64url_decode, base64url_encode};
use sha2::{Digest, Sha256};
use std::fmt;

/// The tag byte of a room code (version 1).
pub const TAG_ROOM_V1: u8 = 0x03;
pub const ROOM_ID_BYTES: usize = 16;
pub const SECRET_BYTES: usize = 16;
/// An uncompressed P-256 point, as Web Crypto exports an ECDSA public key (`raw`).
pub const HOST_KEY_BYTES: usize = 65;
const CODE_BYTES: usize = 1 + ROOM_ID_BYTES + SECRET_BYTES + HOST_KEY_BYTES;
/// The longest text [`RoomCode::decode`] looks at (a code is 131 characters).
pub const MAX_ROOM_CODE_CHARS: usize = 256;

/// What a room link holds.
#[derive(Clone, PartialEq, Eq)]
pub struct RoomCode {
    pub room: [u8; ROOM_ID_BYTES],
    pub secret: [u8; SECRET_BYTES],
    pub host_key: [u8; HOST_KEY_BYTES],
}

/// Why a text is not a room code.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RoomCodeError {
    Empty,
    TooLong { chars: usize },
    /// Not base64url: the offending character's position, 1-based (0: the code ends
    /// where no code can, as one cut short mid-character).
    NotBase64 { at: usize },
    /// Another kind of code (an invite or an answer is `0x01` or `0x02`).
    NotARoom { tag: u8 },
    /// A room code of the wrong length (cut short when copied, most likely).
    Length { bytes: usize },
    /// The host's key is not an uncompressed point.
    HostKey,
}

impl fmt::Display for RoomCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoomCodeError::Empty => f.write_str("the room link has no code"),
            RoomCodeError::TooLong { chars } => write!(f, "the room code is {chars} characters long, more than a room code can be"),
            RoomCodeError::NotBase64 { at: 0 } => f.write_str("the room code ends where no code can: it was probably cut short"),
            RoomCodeError::NotBase64 { at } => write!(f, "the room code's character {at} cannot be in a code"),
            RoomCodeError::NotARoom { tag } => write!(f, "this is not a room code (it starts with kind {tag})"),
            RoomCodeError::Length { bytes } => write!(f, "the room code is {bytes} bytes, not {CODE_BYTES}: it was probably cut short"),
            RoomCodeError::HostKey => f.write_str("the room code's host key is not a key"),
        }
    }
}

impl std::error::Error for RoomCodeError {}

impl fmt::Debug for RoomCode {
    /// Never prints the secret (logs may be shared).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RoomCode({})", self.topic())
    }
}

impl RoomCode {
    pub fn encode(&self) -> String {
        let mut bytes = Vec::with_capacity(CODE_BYTES);
        bytes.push(TAG_ROOM_V1);
        bytes.extend_from_slice(&self.room);
        bytes.extend_from_slice(&self.secret);
        bytes.extend_from_slice(&self.host_key);
        base64url_encode(&bytes)
    }

    /// Reads a code, bounded before anything is decoded.
    pub fn decode(text: &str) -> Result<RoomCode, RoomCodeError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(RoomCodeError::Empty);
        }
        if text.len() > MAX_ROOM_CODE_CHARS {
            return Err(RoomCodeError::TooLong { chars: text.chars().count() });
        }
        let bytes = base64url_decode(text).map_err(|at| RoomCodeError::NotBase64 { at })?;
        match bytes.first() {
            Some(&TAG_ROOM_V1) => {}
            Some(&tag) => return Err(RoomCodeError::NotARoom { tag }),
            None => return Err(RoomCodeError::Empty),
        }
        if bytes.len() != CODE_BYTES {
            return Err(RoomCodeError::Length { bytes: bytes.len() });
        }
        let (room, rest) = bytes[1..].split_at(ROOM_ID_BYTES);
        let (secret, host_key) = rest.split_at(SECRET_BYTES);
        if host_key[0] != 0x04 {
            return Err(RoomCodeError::HostKey);
        }
        Ok(RoomCode {
            room: room.try_into().expect("split at the id's length"),
            secret: secret.try_into().expect("split at the secret's length"),
            host_key: host_key.try_into().expect("the rest is the key's length"),
        })
    }

    /// What relays know the room by: 20 base64url characters of a hash of the room id,
    /// the MQTT topic's last part and the WebTorrent tracker's `info_hash` alike.
    pub fn topic(&self) -> String {
        let mut h = Sha256::new();
        h.update(b"tuolaji/room/v1/topic");
        h.update(self.room);
        base64url_encode(&h.finalize()[..15])
    }

    /// What the seal's associated data binds every message to: this room (a message
    /// sealed for another room with the same secret is refused).
    pub fn seal_context(&self) -> Vec<u8> {
        let mut out = b"tuolaji/room/v1/seal".to_vec();
        out.extend_from_slice(&self.room);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    /// A number below `n` (the fuzz needs no exact uniformity).
    fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
        (rng.next_u64() % n as u64) as usize
    }

    fn sample() -> RoomCode {
        let mut host_key = [7u8; HOST_KEY_BYTES];
        host_key[0] = 0x04;
        RoomCode { room: [1; ROOM_ID_BYTES], secret: [2; SECRET_BYTES], host_key }
    }

    #[test]
    fn codes_round_trip_and_fit_a_link() {
        let code = sample();
        let text = code.encode();
        assert_eq!(text.len(), 131);
        assert!(text.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        assert_eq!(RoomCode::decode(&format!("  {text}\n")).unwrap(), code);
    }

    #[test]
    fn the_topic_hides_the_room_and_tells_rooms_apart() {
        let a = sample();
        let mut b = sample();
        b.room[0] ^= 1;
        assert_eq!(a.topic().len(), 20);
        assert_ne!(a.topic(), b.topic());
        // The secret and the host key do not change what relays see.
        let mut c = sample();
        c.secret[3] ^= 9;
        c.host_key[9] ^= 9;
        assert_eq!(a.topic(), c.topic());
        assert!(!format!("{a:?}").contains(&crate::codec::base64url_encode(&a.secret)));
    }

    #[test]
    fn every_kind_of_bad_code_is_told_apart() {
        let text = sample().encode();
        assert_eq!(RoomCode::decode(" "), Err(RoomCodeError::Empty));
        assert_eq!(RoomCode::decode(&"A".repeat(300)), Err(RoomCodeError::TooLong { chars: 300 }));
        assert_eq!(RoomCode::decode("ab*d"), Err(RoomCodeError::NotBase64 { at: 3 }));
        assert_eq!(RoomCode::decode(&text[..100]), Err(RoomCodeError::Length { bytes: 75 }));
        let invite = crate::codec::base64url_encode(&[0x01, 9, 9, 9]);
        assert_eq!(RoomCode::decode(&invite), Err(RoomCodeError::NotARoom { tag: 1 }));
        let mut bad_key = sample();
        bad_key.host_key[0] = 0x02;
        assert_eq!(RoomCode::decode(&bad_key.encode()), Err(RoomCodeError::HostKey));
    }

    /// 100,000 random and mutated texts: no panic, and whatever decodes encodes back to
    /// the same code.
    #[test]
    fn decoding_never_panics_on_hostile_text() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5EED_0003);
        let good = sample().encode().into_bytes();
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ *";
        for i in 0..100_000 {
            let text: Vec<u8> = if i % 2 == 0 {
                let mut t = good.clone();
                for _ in 0..1 + below(&mut rng, 3) {
                    let at = below(&mut rng, t.len());
                    match below(&mut rng, 3) {
                        0 => t[at] = ALPHABET[below(&mut rng, ALPHABET.len())],
                        1 => {
                            t.remove(at);
                        }
                        _ => t.insert(at, ALPHABET[below(&mut rng, ALPHABET.len())]),
                    }
                }
                t
            } else {
                (0..below(&mut rng, 300)).map(|_| ALPHABET[below(&mut rng, ALPHABET.len())]).collect()
            };
            let text = String::from_utf8(text).unwrap();
            if let Ok(code) = RoomCode::decode(&text) {
                assert_eq!(RoomCode::decode(&code.encode()).unwrap(), code);
            }
        }
    }
}
