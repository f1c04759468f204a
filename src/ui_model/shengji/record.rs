//! Shengji's share link and replay codes: the generic ones (`record::link`,
//! `record::replay_code`) for Shengji's game.

use crate::record::replay_code::{decode, decode_with_limits, encode, CodeError, MAX_CODE_CHARS, MAX_PAYLOAD_BYTES};
use crate::record::Link;
use crate::shengji::game::Game;
use crate::table::Record;

/// A Shengji table's link (`#/play/shengji?…`).
pub type ShareLink = Link<Game>;

/// A Shengji record's replay code (see [`encode`]).
pub fn encode_record(record: &Record<Game>) -> String {
    encode(record)
}

/// Decodes a Shengji replay code and checks that it replays (see [`decode`]).
pub fn decode_record(code: &str) -> Result<Record<Game>, CodeError<Game>> {
    decode(code)
}

/// Decodes a Shengji replay code without replaying it.
pub fn decode_unchecked(code: &str) -> Result<Record<Game>, CodeError<Game>> {
    decode_with_limits(code, MAX_CODE_CHARS, MAX_PAYLOAD_BYTES)
}
