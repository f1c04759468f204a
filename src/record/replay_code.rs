//! Replay codes for `#/replay/<code>` and saves: a table's record as compact
//! binary — the seed derivation, seed and canonical settings text, then every
//! move in the game's own bytes (`table::Codec`) — raw deflate, base64url,
//! behind a format byte and the game's tag; and a defensive decoder with size
//! limits. Format 1 was Shengji's before there were other games; it still reads.

use super::link::{settings_text, Link};
use crate::codec::{base64url_decode, base64url_encode, put_varint, Reader};
use crate::dup::DERIVATION_VERSION;
use crate::routes::parse_query;
use crate::table::codec::FIRST_GAME;
use crate::table::{replay, Codec, MoveError, Record, ReplayError};
use std::fmt;

/// The code's first byte (outside the compression): the layout version. Format 2
/// is followed by the game's tag; format 1 (no tag) is Shengji's old layout.
pub const CODE_FORMAT: u8 = 2;
const FIRST_GAME_FORMAT: u8 = 1;
/// Longest code accepted, in characters (about 24 KB of compressed data).
pub const MAX_CODE_CHARS: usize = 32 * 1024;
/// Largest payload accepted after inflating: refuses zip bombs.
pub const MAX_PAYLOAD_BYTES: usize = 256 * 1024;
/// Deflate level: 9 is a few ms slower than 6 for a hand and a little smaller.
const LEVEL: u8 = 9;

/// Why a code's compressed data could not be inflated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InflateProblem {
    /// It would inflate to more than `limit` bytes (a zip bomb, or a save too large).
    TooLarge { limit: usize },
    /// It is not valid deflate data.
    Damaged,
}

/// Why a replay code could not be read.
pub enum CodeError<G: Codec> {
    Empty,
    TooLong(usize),
    /// 1-based position of a character outside base64url, or 0 for a bad length.
    NotBase64(usize),
    Format(u8),
    /// A code of another game (its tag).
    OtherGame(u8),
    /// Not valid deflate data, or larger than allowed once inflated.
    Inflate(InflateProblem),
    Derivation(u64),
    Truncated,
    Field(&'static str),
    Settings(String),
    TrailingBytes,
    /// The record decodes but an action is not legal in the game.
    Replay(ReplayError<G>),
}

impl<G: Codec> fmt::Display for CodeError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty => f.write_str("the replay code is empty"),
            CodeError::TooLong(n) => write!(f, "the replay code has {n} characters, at most {MAX_CODE_CHARS} are accepted"),
            CodeError::NotBase64(0) => f.write_str("the replay code has an impossible length (it was probably cut short)"),
            CodeError::NotBase64(p) => {
                write!(f, "the replay code has a character at position {p} that is not a letter, digit, '-' or '_'")
            }
            CodeError::Format(v) => {
                write!(f, "the replay code is in format {v}, this version of the app reads format {CODE_FORMAT}")
            }
            CodeError::OtherGame(_) => write!(f, "the replay code is for another game than {}", G::NAME),
            CodeError::Inflate(InflateProblem::Damaged) => {
                f.write_str("the replay code's data is damaged: it is not valid deflate data")
            }
            CodeError::Inflate(InflateProblem::TooLarge { limit }) => {
                write!(f, "the replay code's data is damaged: it would inflate to more than {limit} bytes")
            }
            CodeError::Derivation(v) => write!(
                f,
                "the replay was recorded with seed derivation {v}, this version deals with derivation {DERIVATION_VERSION}"
            ),
            CodeError::Truncated => f.write_str("the replay code's data is cut short"),
            CodeError::Field(what) => write!(f, "the replay code has an invalid {what}"),
            CodeError::Settings(e) => write!(f, "the replay's settings are not valid: {e}"),
            CodeError::TrailingBytes => f.write_str("the replay code has extra data at the end"),
            CodeError::Replay(e) => write!(f, "the replay does not follow the rules: {e}"),
        }
    }
}

impl<G: Codec> fmt::Debug for CodeError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Replay(e) => f.debug_tuple("Replay").field(e).finish(),
            other => write!(f, "CodeError({other})"),
        }
    }
}

impl<G: Codec> Clone for CodeError<G> {
    fn clone(&self) -> Self {
        match self {
            CodeError::Empty => CodeError::Empty,
            CodeError::TooLong(n) => CodeError::TooLong(*n),
            CodeError::NotBase64(p) => CodeError::NotBase64(*p),
            CodeError::Format(v) => CodeError::Format(*v),
            CodeError::OtherGame(g) => CodeError::OtherGame(*g),
            CodeError::Inflate(e) => CodeError::Inflate(*e),
            CodeError::Derivation(v) => CodeError::Derivation(*v),
            CodeError::Truncated => CodeError::Truncated,
            CodeError::Field(w) => CodeError::Field(w),
            CodeError::Settings(e) => CodeError::Settings(e.clone()),
            CodeError::TrailingBytes => CodeError::TrailingBytes,
            CodeError::Replay(e) => CodeError::Replay(e.clone()),
        }
    }
}

impl<G: Codec> PartialEq for CodeError<G>
where
    G::SettingsError: PartialEq,
    G::Error: PartialEq,
{
    fn eq(&self, o: &Self) -> bool {
        match (self, o) {
            (CodeError::Replay(a), CodeError::Replay(b)) => a == b,
            (CodeError::Replay(_), _) | (_, CodeError::Replay(_)) => false,
            (a, b) => a.to_string() == b.to_string(),
        }
    }
}

impl<G: Codec> Eq for CodeError<G>
where
    G::SettingsError: Eq,
    G::Error: Eq,
{
}

impl<G: Codec> std::error::Error for CodeError<G> {}

impl<G: Codec> From<MoveError> for CodeError<G> {
    fn from(e: MoveError) -> Self {
        match e {
            MoveError::Truncated => CodeError::Truncated,
            MoveError::Field(f) => CodeError::Field(f),
        }
    }
}

/// The uncompressed binary form of a record.
pub fn record_to_bytes<G: Codec>(record: &Record<G>) -> Vec<u8> {
    let mut b = Vec::with_capacity(64 + 3 * record.actions.len());
    put_varint(&mut b, DERIVATION_VERSION as u64);
    let seed = record.seed.as_bytes();
    b.push(seed.len().min(255) as u8);
    b.extend_from_slice(&seed[..seed.len().min(255)]);
    let settings = settings_text::<G>(&record.settings);
    put_varint(&mut b, settings.len() as u64);
    b.extend_from_slice(settings.as_bytes());
    put_varint(&mut b, record.actions.len() as u64);
    for (seat, action) in &record.actions {
        G::write_move(*seat, action, &mut b);
    }
    b
}

/// Reads the binary form back; checks layout, seed and settings, not the rules.
pub fn record_from_bytes<G: Codec>(bytes: &[u8]) -> Result<Record<G>, CodeError<G>> {
    let mut r = Reader::new(bytes);
    let derivation = r.varint().ok_or(CodeError::Truncated)?;
    if derivation != DERIVATION_VERSION as u64 {
        return Err(CodeError::Derivation(derivation));
    }
    let n = r.byte().ok_or(CodeError::Truncated)? as usize;
    let seed = std::str::from_utf8(r.take(n).ok_or(CodeError::Truncated)?).map_err(|_| CodeError::Field("seed"))?;
    let n = r.varint().ok_or(CodeError::Truncated)?;
    let n = usize::try_from(n).map_err(|_| CodeError::Truncated)?;
    let settings = std::str::from_utf8(r.take(n).ok_or(CodeError::Truncated)?).map_err(|_| CodeError::Field("settings"))?;
    // The settings are the share link's canonical text: reuse its validation.
    let mut query = vec![("seed".to_string(), seed.to_string())];
    query.extend(parse_query(settings));
    let link = Link::<G>::from_query(&query).map_err(|e| match e.param() {
        "seed" => CodeError::Field("seed"),
        _ => CodeError::Settings(e.to_string()),
    })?;
    if link.seed != seed || settings_text::<G>(&link.settings) != settings {
        return Err(CodeError::Field("settings"));
    }
    let players = G::seats(&link.settings).map_err(|e| CodeError::Settings(e.to_string()))?;
    let count = r.varint().ok_or(CodeError::Truncated)?;
    // Every move takes at least one byte: a larger count is a lie.
    if count > bytes.len() as u64 {
        return Err(CodeError::Truncated);
    }
    let mut actions = Vec::with_capacity(count as usize);
    for _ in 0..count {
        actions.push(G::read_move(&mut r, players)?);
    }
    if !r.is_empty() {
        return Err(CodeError::TrailingBytes);
    }
    Ok(Record { settings: link.settings, seed: link.seed, actions })
}

/// The replay code of a record: URL-safe, no padding.
pub fn encode<G: Codec>(record: &Record<G>) -> String {
    let mut out = vec![CODE_FORMAT, G::ID];
    out.extend(miniz_oxide::deflate::compress_to_vec(&record_to_bytes(record), LEVEL));
    base64url_encode(&out)
}

/// Decodes a replay code and checks that the record replays under the rules.
pub fn decode<G: Codec>(code: &str) -> Result<Record<G>, CodeError<G>> {
    let record = decode_with_limits(code, MAX_CODE_CHARS, MAX_PAYLOAD_BYTES)?;
    replay(&record).map_err(CodeError::Replay)?;
    Ok(record)
}

/// The game a replay code is for (its tag), without decoding the rest.
pub fn game_of(code: &str) -> Option<u8> {
    let head = code.trim().get(..4)?;
    let bytes = base64url_decode(head).ok()?;
    match *bytes.first()? {
        FIRST_GAME_FORMAT => Some(FIRST_GAME),
        CODE_FORMAT => bytes.get(1).copied(),
        _ => None,
    }
}

/// Decodes a replay code without replaying it (layout, seed and settings only),
/// with given limits (saved games hold whole tables).
pub fn decode_with_limits<G: Codec>(code: &str, max_chars: usize, max_payload: usize) -> Result<Record<G>, CodeError<G>> {
    record_from_bytes(&payload_of::<G>(code, max_chars, max_payload)?)
}

/// The envelope of a code: its length, base64url, the format byte and the
/// game's tag, then the inflated payload (at most `max_payload` bytes: the
/// inflater stops there).
pub fn payload_of<G: Codec>(code: &str, max_chars: usize, max_payload: usize) -> Result<Vec<u8>, CodeError<G>> {
    let code = code.trim();
    if code.is_empty() {
        return Err(CodeError::Empty);
    }
    if code.len() > max_chars {
        return Err(CodeError::TooLong(code.len()));
    }
    let bytes = base64url_decode(code).map_err(CodeError::NotBase64)?;
    let (&format, rest) = bytes.split_first().ok_or(CodeError::Truncated)?;
    let compressed = match format {
        CODE_FORMAT => {
            let (&game, compressed) = rest.split_first().ok_or(CodeError::Truncated)?;
            if game != G::ID {
                return Err(CodeError::OtherGame(game));
            }
            compressed
        }
        FIRST_GAME_FORMAT if G::ID == FIRST_GAME => rest,
        FIRST_GAME_FORMAT => return Err(CodeError::OtherGame(FIRST_GAME)),
        other => return Err(CodeError::Format(other)),
    };
    miniz_oxide::inflate::decompress_to_vec_with_limit(compressed, max_payload).map_err(|e| {
        CodeError::Inflate(match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => InflateProblem::TooLarge { limit: max_payload },
            _ => InflateProblem::Damaged,
        })
    })
}
