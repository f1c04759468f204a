//! Duplicate results: what one player scored on a deal, as a compact link
//! parameter (`r=`), a per-seed collection the UI keeps in localStorage, and a
//! comparison of two results on the same deal.

use super::link::{settings_text, Link};
use crate::codec::{base64url_decode, base64url_encode, put_varint, Reader};
use crate::dup::{TableSeed, DERIVATION_VERSION};
use crate::table::codec::FIRST_GAME;
use crate::table::{Codec, MoveError, Seat};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::cmp::Ordering;
use std::fmt;

/// The binary layout version of a result parameter (its first byte): 2 names
/// the game; 1 was Shengji's before there were other games (still read).
pub const RESULT_FORMAT: u8 = 2;
const FIRST_GAME_FORMAT: u8 = 1;
/// Longest player name kept, in bytes of UTF-8.
pub const MAX_NAME_BYTES: usize = 40;
/// Longest `r=` value accepted before decoding.
pub const MAX_RESULT_CODE: usize = 200;
/// Results kept per seed in a [`SeedResults`] (the oldest friends' results go first).
pub const MAX_RESULTS_PER_SEED: usize = 32;

/// One player's result on one deal (game + seed + settings + hand number + seat).
/// The game's own part (`result`) reads through it: a Shengji result's
/// `attacker_points`, `won`, … are fields of `shengji::game::ShengjiResult`.
#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""))]
pub struct DuplicateResult<G: Codec> {
    pub seed: String,
    /// [`fingerprint`] of the settings: equal fingerprints mean the same table rules.
    pub fingerprint: u32,
    /// Hand number at the table (0 for the first hand).
    pub hand: u64,
    /// The seat played, 0-based.
    pub seat: Seat,
    pub name: Option<String>,
    /// What the seat made of the hand, in the game's terms.
    #[serde(flatten)]
    pub result: G::SeatResult,
}

impl<G: Codec> Clone for DuplicateResult<G> {
    fn clone(&self) -> Self {
        DuplicateResult {
            seed: self.seed.clone(),
            fingerprint: self.fingerprint,
            hand: self.hand,
            seat: self.seat,
            name: self.name.clone(),
            result: self.result.clone(),
        }
    }
}

impl<G: Codec> PartialEq for DuplicateResult<G> {
    fn eq(&self, o: &Self) -> bool {
        self.seed == o.seed
            && self.fingerprint == o.fingerprint
            && self.hand == o.hand
            && self.seat == o.seat
            && self.name == o.name
            && self.result == o.result
    }
}

impl<G: Codec> Eq for DuplicateResult<G> {}

impl<G: Codec> fmt::Debug for DuplicateResult<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DuplicateResult")
            .field("game", &G::NAME)
            .field("seed", &self.seed)
            .field("fingerprint", &self.fingerprint)
            .field("hand", &self.hand)
            .field("seat", &self.seat)
            .field("name", &self.name)
            .field("result", &self.result)
            .finish()
    }
}

impl<G: Codec> std::ops::Deref for DuplicateResult<G> {
    type Target = G::SeatResult;
    fn deref(&self) -> &G::SeatResult {
        &self.result
    }
}

/// Why a result parameter was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultError {
    TooLong(usize),
    NotBase64,
    Format(u8),
    /// A result of another game (its one-byte tag).
    OtherGame(u8),
    Derivation(u64),
    Truncated,
    Field(&'static str),
    TrailingBytes,
    /// Results on different deals cannot be compared.
    DifferentDeal,
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultError::TooLong(n) => write!(f, "a result code has at most {MAX_RESULT_CODE} characters, this one has {n}"),
            ResultError::NotBase64 => f.write_str("a result code uses only letters, digits, '-' and '_'"),
            ResultError::Format(v) => write!(f, "the result was written in format {v}, this version reads format {RESULT_FORMAT}"),
            ResultError::OtherGame(_) => f.write_str("the result is from another game than this table's"),
            ResultError::Derivation(v) => write!(
                f,
                "the result was made with seed derivation {v}, this version deals with derivation {DERIVATION_VERSION}"
            ),
            ResultError::Truncated => f.write_str("the result code is cut short"),
            ResultError::Field(name) => write!(f, "the result's {name} is not valid"),
            ResultError::TrailingBytes => f.write_str("the result code has extra data at the end"),
            ResultError::DifferentDeal => f.write_str("the two results are not on the same deal (seed, settings and hand)"),
        }
    }
}

impl std::error::Error for ResultError {}

impl From<MoveError> for ResultError {
    fn from(e: MoveError) -> ResultError {
        match e {
            MoveError::Truncated => ResultError::Truncated,
            MoveError::Field(f) => ResultError::Field(f),
        }
    }
}

/// A 32-bit fingerprint of the settings (and the seed derivation), from their canonical link text.
pub fn fingerprint<G: Codec>(settings: &G::Settings) -> u32 {
    let mut h = Sha256::new();
    h.update(b"tuolaji/record/settings\0");
    h.update(DERIVATION_VERSION.to_le_bytes());
    h.update(settings_text::<G>(settings).as_bytes());
    // Other games than the first (Shengji, whose fingerprints came first) also hash their name.
    if G::ID != FIRST_GAME {
        h.update(G::NAME.as_bytes());
    }
    let d = h.finalize();
    u32::from_be_bytes([d[0], d[1], d[2], d[3]])
}

/// Trims a name to [`MAX_NAME_BYTES`] on a character boundary; empty means none.
fn clean_name(name: Option<&str>) -> Option<String> {
    let name = name?.trim();
    let mut end = 0;
    for (i, c) in name.char_indices() {
        if i + c.len_utf8() > MAX_NAME_BYTES {
            break;
        }
        end = i + c.len_utf8();
    }
    let name: String = name[..end].chars().filter(|c| !c.is_control()).collect();
    (!name.is_empty()).then_some(name)
}

impl<G: Codec> DuplicateResult<G> {
    /// The result of the finished hand for `seat`, or `None` if the hand is not finished.
    pub fn from_game(game: &G, seat: Seat, name: Option<&str>) -> Option<DuplicateResult<G>> {
        if seat >= game.players() {
            return None;
        }
        let result = game.seat_result(seat)?;
        Some(DuplicateResult {
            seed: game.hand_seed().as_str().to_string(),
            fingerprint: fingerprint::<G>(game.settings()),
            hand: game.hand_number(),
            seat,
            name: clean_name(name),
            result,
        })
    }

    /// True if this result is on the deal a link describes (same seed and settings).
    pub fn is_for(&self, link: &Link<G>) -> bool {
        self.seed == link.seed && self.fingerprint == fingerprint::<G>(&link.settings)
    }

    /// True if both results are on the same deal.
    pub fn same_deal(&self, other: &DuplicateResult<G>) -> bool {
        self.seed == other.seed && self.fingerprint == other.fingerprint && self.hand == other.hand
    }

    /// Compact: base64url of a small binary (about 30 characters without a name).
    pub fn encode(&self) -> String {
        let mut b = vec![RESULT_FORMAT, G::ID];
        put_varint(&mut b, DERIVATION_VERSION as u64);
        b.push(self.seed.len().min(255) as u8);
        b.extend_from_slice(&self.seed.as_bytes()[..self.seed.len().min(255)]);
        b.extend_from_slice(&self.fingerprint.to_be_bytes());
        put_varint(&mut b, self.hand);
        b.push(self.seat.min(255) as u8);
        G::write_result(&self.result, &mut b);
        let name = clean_name(self.name.as_deref()).unwrap_or_default();
        b.push(name.len() as u8);
        b.extend_from_slice(name.as_bytes());
        base64url_encode(&b)
    }

    pub fn decode(code: &str) -> Result<DuplicateResult<G>, ResultError> {
        if code.len() > MAX_RESULT_CODE {
            return Err(ResultError::TooLong(code.len()));
        }
        let bytes = base64url_decode(code).map_err(|_| ResultError::NotBase64)?;
        let mut r = Reader::new(&bytes);
        match r.byte().ok_or(ResultError::Truncated)? {
            RESULT_FORMAT => {
                let game = r.byte().ok_or(ResultError::Truncated)?;
                if game != G::ID {
                    return Err(ResultError::OtherGame(game));
                }
            }
            FIRST_GAME_FORMAT if G::ID == FIRST_GAME => {}
            FIRST_GAME_FORMAT => return Err(ResultError::OtherGame(FIRST_GAME)),
            format => return Err(ResultError::Format(format)),
        }
        let derivation = r.varint().ok_or(ResultError::Truncated)?;
        if derivation != DERIVATION_VERSION as u64 {
            return Err(ResultError::Derivation(derivation));
        }
        let n = r.byte().ok_or(ResultError::Truncated)? as usize;
        let seed = std::str::from_utf8(r.take(n).ok_or(ResultError::Truncated)?).map_err(|_| ResultError::Field("seed"))?;
        let seed = TableSeed::parse(seed)
            .ok()
            .filter(|s| s.as_str() == seed)
            .ok_or(ResultError::Field("seed"))?;
        let fp = r.take(4).ok_or(ResultError::Truncated)?;
        let fingerprint = u32::from_be_bytes([fp[0], fp[1], fp[2], fp[3]]);
        let hand = r.varint().ok_or(ResultError::Truncated)?;
        let seat = r.byte().ok_or(ResultError::Truncated)? as usize;
        if seat >= 10 {
            return Err(ResultError::Field("seat"));
        }
        let result = G::read_result(&mut r)?;
        let n = r.byte().ok_or(ResultError::Truncated)? as usize;
        if n > MAX_NAME_BYTES {
            return Err(ResultError::Field("name"));
        }
        let name = std::str::from_utf8(r.take(n).ok_or(ResultError::Truncated)?).map_err(|_| ResultError::Field("name"))?;
        if clean_name(Some(name)).as_deref().unwrap_or("") != name {
            return Err(ResultError::Field("name"));
        }
        if !r.is_empty() {
            return Err(ResultError::TrailingBytes);
        }
        Ok(DuplicateResult {
            seed: seed.as_str().to_string(),
            fingerprint,
            hand,
            seat,
            name: (!name.is_empty()).then(|| name.to_string()),
            result,
        })
    }
}

/// Who did better on the same deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// `Greater` if the first result is better.
    #[serde(skip)]
    pub order: Ordering,
    /// -1, 0 or 1 (the same as `order`, for JSON).
    pub better: i8,
    /// False if the two played different seats (then the hands differed too).
    pub same_seat: bool,
}

/// Compares two results on the same deal, in the game's terms.
pub fn compare<G: Codec>(a: &DuplicateResult<G>, b: &DuplicateResult<G>) -> Result<Comparison, ResultError> {
    if !a.same_deal(b) {
        return Err(ResultError::DifferentDeal);
    }
    let order = G::compare_results(&a.result, &b.result);
    Ok(Comparison { order, better: order as i8, same_seat: a.seat == b.seat })
}

/// Where a stored result came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// Played on this device.
    Mine,
    /// Read from a friend's link.
    Link,
}

#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""))]
pub struct StoredResult<G: Codec> {
    pub source: Source,
    pub result: DuplicateResult<G>,
}

impl<G: Codec> Clone for StoredResult<G> {
    fn clone(&self) -> Self {
        StoredResult { source: self.source, result: self.result.clone() }
    }
}

impl<G: Codec> PartialEq for StoredResult<G> {
    fn eq(&self, o: &Self) -> bool {
        self.source == o.source && self.result == o.result
    }
}

impl<G: Codec> Eq for StoredResult<G> {}

impl<G: Codec> fmt::Debug for StoredResult<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StoredResult").field("source", &self.source).field("result", &self.result).finish()
    }
}

/// The results of one seed, as the UI keeps them in localStorage (one key per seed).
#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""))]
pub struct SeedResults<G: Codec> {
    pub seed: String,
    pub results: Vec<StoredResult<G>>,
}

impl<G: Codec> Clone for SeedResults<G> {
    fn clone(&self) -> Self {
        SeedResults { seed: self.seed.clone(), results: self.results.clone() }
    }
}

impl<G: Codec> PartialEq for SeedResults<G> {
    fn eq(&self, o: &Self) -> bool {
        self.seed == o.seed && self.results == o.results
    }
}

impl<G: Codec> Eq for SeedResults<G> {}

impl<G: Codec> fmt::Debug for SeedResults<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeedResults").field("seed", &self.seed).field("results", &self.results).finish()
    }
}

impl<G: Codec> Default for SeedResults<G> {
    fn default() -> Self {
        SeedResults { seed: String::new(), results: Vec::new() }
    }
}

/// What [`SeedResults::merge`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    Added,
    /// The same player (source and name) already has a result on that deal and seat:
    /// the first one stays, as in duplicate bridge a deal counts the first time it is played.
    AlreadyKnown,
    /// The result is for another seed.
    OtherSeed,
}

impl<G: Codec> SeedResults<G> {
    pub fn new(seed: &str) -> SeedResults<G> {
        SeedResults { seed: seed.to_string(), results: Vec::new() }
    }

    /// Adds a result unless that player already has one on the same deal and seat.
    /// Identity is (source, name, fingerprint, hand, seat); at most
    /// [`MAX_RESULTS_PER_SEED`] are kept, dropping the oldest friend's result first.
    pub fn merge(&mut self, source: Source, result: DuplicateResult<G>) -> Merge {
        if result.seed != self.seed {
            return Merge::OtherSeed;
        }
        let same = |s: &StoredResult<G>| {
            s.source == source
                && s.result.name == result.name
                && s.result.fingerprint == result.fingerprint
                && s.result.hand == result.hand
                && s.result.seat == result.seat
        };
        if self.results.iter().any(same) {
            return Merge::AlreadyKnown;
        }
        self.results.push(StoredResult { source, result });
        while self.results.len() > MAX_RESULTS_PER_SEED {
            let i = self.results.iter().position(|s| s.source == Source::Link).unwrap_or(0);
            self.results.remove(i);
        }
        Merge::Added
    }

    /// Merges another collection (e.g. one read back from storage) into this one.
    pub fn merge_all(&mut self, other: &SeedResults<G>) -> usize {
        other.results.iter().filter(|s| self.merge(s.source, s.result.clone()) == Merge::Added).count()
    }

    /// The results on one deal, best first (the side-by-side table).
    pub fn ranked(&self, fingerprint: u32, hand: u64) -> Vec<&StoredResult<G>> {
        let mut v: Vec<&StoredResult<G>> =
            self.results.iter().filter(|s| s.result.fingerprint == fingerprint && s.result.hand == hand).collect();
        crate::small_sort::sort_by(&mut v, |a, b| compare(&b.result, &a.result).map(|c| c.order).unwrap_or(Ordering::Equal));
        v
    }
}
