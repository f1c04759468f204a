//! Duplicate results: what one player scored on a deal, as a compact link
//! parameter (`r=`), a per-seed collection the UI keeps in localStorage, and a
//! comparison of two results on the same deal.

use crate::codec::{base64url_decode, base64url_encode, put_varint, Reader};
use super::link::{settings_text, ShareLink};
use crate::dup::{TableSeed, DERIVATION_VERSION};
use crate::shengji::game::{Game, Seat, Settings};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::cmp::Ordering;
use std::fmt;

/// The binary layout version of a result parameter (its first byte).
pub const RESULT_FORMAT: u8 = 1;
/// Longest player name kept, in bytes of UTF-8.
pub const MAX_NAME_BYTES: usize = 40;
/// Longest `r=` value accepted before decoding.
pub const MAX_RESULT_CODE: usize = 200;
/// Results kept per seed in a [`SeedResults`] (the oldest friends' results go first).
pub const MAX_RESULTS_PER_SEED: usize = 32;

/// One player's result on one deal (seed + settings + hand number + seat).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuplicateResult {
    pub seed: String,
    /// [`fingerprint`] of the settings: equal fingerprints mean the same table rules.
    pub fingerprint: u32,
    /// Hand number at the table (0 for the first hand).
    pub hand: u64,
    /// The seat played, 0-based.
    pub seat: Seat,
    /// True if the player's side was the landlord's side.
    pub landlord_side: bool,
    /// The attackers' final points (trick points, kitty bonus and penalties).
    pub attacker_points: u32,
    /// True if the player's side gained levels or took over.
    pub won: bool,
    /// Levels the winning side gained (0 for a plain takeover).
    pub levels: u8,
    pub name: Option<String>,
}

/// Why a result parameter was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultError {
    TooLong(usize),
    NotBase64,
    Format(u8),
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

/// A 32-bit fingerprint of the settings (and the seed derivation), from their canonical link text.
pub fn fingerprint(settings: &Settings) -> u32 {
    let mut h = Sha256::new();
    h.update(b"tuolaji/record/settings\0");
    h.update(DERIVATION_VERSION.to_le_bytes());
    h.update(settings_text(settings).as_bytes());
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

impl DuplicateResult {
    /// The result of the finished hand for `seat`, or `None` if the hand is not finished.
    pub fn from_game(game: &Game, seat: Seat, name: Option<&str>) -> Option<DuplicateResult> {
        let r = game.result()?;
        if seat >= game.players() {
            return None;
        }
        let landlord_side = r.landlord_team.contains(&seat);
        Some(DuplicateResult {
            seed: game.seed().as_str().to_string(),
            fingerprint: fingerprint(&game.settings().settings),
            hand: game.hand_number(),
            seat,
            landlord_side,
            attacker_points: r.attacker_points,
            won: landlord_side == r.ladder.landlord_wins,
            levels: r.ladder.levels,
            name: clean_name(name),
        })
    }

    /// True if this result is on the deal a link describes (same seed and settings).
    pub fn is_for(&self, link: &ShareLink) -> bool {
        self.seed == link.seed && self.fingerprint == fingerprint(&link.settings)
    }

    /// True if both results are on the same deal.
    pub fn same_deal(&self, other: &DuplicateResult) -> bool {
        self.seed == other.seed && self.fingerprint == other.fingerprint && self.hand == other.hand
    }

    /// Levels for the player's side: positive when it gained, negative when the other side did.
    pub fn level_swing(&self) -> i32 {
        if self.won { self.levels as i32 } else { -(self.levels as i32) }
    }

    /// Compact: base64url of a small binary (about 30 characters without a name).
    pub fn encode(&self) -> String {
        let mut b = vec![RESULT_FORMAT];
        put_varint(&mut b, DERIVATION_VERSION as u64);
        b.push(self.seed.len().min(255) as u8);
        b.extend_from_slice(&self.seed.as_bytes()[..self.seed.len().min(255)]);
        b.extend_from_slice(&self.fingerprint.to_be_bytes());
        put_varint(&mut b, self.hand);
        b.push(self.seat.min(255) as u8);
        b.push(self.landlord_side as u8 | (self.won as u8) << 1);
        put_varint(&mut b, self.attacker_points as u64);
        b.push(self.levels);
        let name = clean_name(self.name.as_deref()).unwrap_or_default();
        b.push(name.len() as u8);
        b.extend_from_slice(name.as_bytes());
        base64url_encode(&b)
    }

    pub fn decode(code: &str) -> Result<DuplicateResult, ResultError> {
        if code.len() > MAX_RESULT_CODE {
            return Err(ResultError::TooLong(code.len()));
        }
        let bytes = base64url_decode(code).map_err(|_| ResultError::NotBase64)?;
        let mut r = Reader::new(&bytes);
        let format = r.byte().ok_or(ResultError::Truncated)?;
        if format != RESULT_FORMAT {
            return Err(ResultError::Format(format));
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
        let flags = r.byte().ok_or(ResultError::Truncated)?;
        if flags > 3 {
            return Err(ResultError::Field("outcome"));
        }
        let attacker_points = r.varint().ok_or(ResultError::Truncated)?;
        // 100 points per deck (at most 20 decks) plus kitty bonuses and penalties: 100 000 is generous.
        if attacker_points > 100_000 {
            return Err(ResultError::Field("points"));
        }
        let levels = r.byte().ok_or(ResultError::Truncated)?;
        if levels > 13 {
            return Err(ResultError::Field("levels"));
        }
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
            landlord_side: flags & 1 == 1,
            attacker_points: attacker_points as u32,
            won: flags & 2 == 2,
            levels,
            name: (!name.is_empty()).then(|| name.to_string()),
        })
    }
}

/// Who did better on the same deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// `Greater` if the first result is better.
    #[serde(skip)]
    pub order: Ordering,
    /// -1, 0 or 1 (the same as `order`, for JSON).
    pub better: i8,
    /// The first minus the second player's level swing.
    pub level_difference: i32,
    /// How many attacker points the first did better by (positive is better,
    /// counted from each player's side: attackers want more, defenders fewer).
    pub point_difference: i64,
    /// False if the two played different seats (then the hands differed too).
    pub same_seat: bool,
}

/// Compares two results on the same deal: first the level swing for the
/// player's side, then the attacker points seen from that side.
pub fn compare(a: &DuplicateResult, b: &DuplicateResult) -> Result<Comparison, ResultError> {
    if !a.same_deal(b) {
        return Err(ResultError::DifferentDeal);
    }
    let side_points = |r: &DuplicateResult| {
        if r.landlord_side { -(r.attacker_points as i64) } else { r.attacker_points as i64 }
    };
    let level_difference = a.level_swing() - b.level_swing();
    let point_difference = side_points(a) - side_points(b);
    let order = level_difference.cmp(&0).then(point_difference.cmp(&0));
    Ok(Comparison { order, better: order as i8, level_difference, point_difference, same_seat: a.seat == b.seat })
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredResult {
    pub source: Source,
    pub result: DuplicateResult,
}

/// The results of one seed, as the UI keeps them in localStorage (one key per seed).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedResults {
    pub seed: String,
    pub results: Vec<StoredResult>,
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

impl SeedResults {
    pub fn new(seed: &str) -> SeedResults {
        SeedResults { seed: seed.to_string(), results: Vec::new() }
    }

    /// Adds a result unless that player already has one on the same deal and seat.
    /// Identity is (source, name, fingerprint, hand, seat); at most
    /// [`MAX_RESULTS_PER_SEED`] are kept, dropping the oldest friend's result first.
    pub fn merge(&mut self, source: Source, result: DuplicateResult) -> Merge {
        if result.seed != self.seed {
            return Merge::OtherSeed;
        }
        let same = |s: &StoredResult| {
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
    pub fn merge_all(&mut self, other: &SeedResults) -> usize {
        other.results.iter().filter(|s| self.merge(s.source, s.result.clone()) == Merge::Added).count()
    }

    /// The results on one deal, best first (the side-by-side table).
    pub fn ranked(&self, fingerprint: u32, hand: u64) -> Vec<&StoredResult> {
        let mut v: Vec<&StoredResult> =
            self.results.iter().filter(|s| s.result.fingerprint == fingerprint && s.result.hand == hand).collect();
        crate::small_sort::sort_by(&mut v, |a, b| compare(&b.result, &a.result).map(|c| c.order).unwrap_or(Ordering::Equal));
        v
    }
}
