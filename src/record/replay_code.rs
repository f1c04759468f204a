//! Replay codes for `#/replay/<code>`: a `GameRecord` as a compact binary
//! (varints, card ids, seat+tag bytes), raw deflate, base64url; a defensive
//! decoder with size limits; and a `Replay` stepper trick by trick.

use crate::codec::{base64url_decode, base64url_encode, put_varint, Reader};
use super::link::{settings_text, ShareLink};
use crate::cards::Card;
use crate::shengji::Format;
use crate::dup::DERIVATION_VERSION;
use crate::routes::parse_query;
use crate::shengji::game::{replay, Action, Friend, Game, GameRecord, HandResult, ReplayError, Seat, TrickRecord};
use std::fmt;

/// The code's first byte (outside the compression): the layout version.
pub const CODE_FORMAT: u8 = 1;
/// Longest code accepted, in characters (about 24 KB of compressed data).
pub const MAX_CODE_CHARS: usize = 32 * 1024;
/// Largest payload accepted after inflating: refuses zip bombs.
pub const MAX_PAYLOAD_BYTES: usize = 256 * 1024;
/// Deflate level: 9 is a few ms slower than 6 for a hand and a little smaller.
const LEVEL: u8 = 9;

const TAG_DRAW: u8 = 0;
const TAG_BID: u8 = 1;
const TAG_PASS: u8 = 2;
const TAG_BURY: u8 = 3;
const TAG_FRIENDS: u8 = 4;
const TAG_PLAY: u8 = 5;
const TAG_TAKE_BACK: u8 = 6;
const TAG_NEXT_HAND: u8 = 7;
/// `NextHandFrom(seed)`: one length byte, then the seed's bytes.
const TAG_NEXT_HAND_FROM: u8 = 8;
/// A lead read as the leader's chosen format: the cards, then the groups.
const TAG_LEAD_AS: u8 = 9;

/// Why a replay code could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    Empty,
    TooLong(usize),
    /// 1-based position of a character outside base64url, or 0 for a bad length.
    NotBase64(usize),
    Format(u8),
    /// Not valid deflate data, or larger than [`MAX_PAYLOAD_BYTES`] once inflated.
    Inflate(String),
    Derivation(u64),
    Truncated,
    Field(&'static str),
    Settings(String),
    TrailingBytes,
    /// The record decodes but an action is not legal in the game.
    Replay(ReplayError),
}

impl fmt::Display for CodeError {
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
            CodeError::Inflate(e) => write!(f, "the replay code's data is damaged: {e}"),
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

impl std::error::Error for CodeError {}

/// The uncompressed binary form of a record.
pub fn record_to_bytes(record: &GameRecord) -> Vec<u8> {
    let mut b = Vec::with_capacity(64 + 3 * record.actions.len());
    put_varint(&mut b, DERIVATION_VERSION as u64);
    let seed = record.seed.as_bytes();
    b.push(seed.len().min(255) as u8);
    b.extend_from_slice(&seed[..seed.len().min(255)]);
    let settings = settings_text(&record.settings);
    put_varint(&mut b, settings.len() as u64);
    b.extend_from_slice(settings.as_bytes());
    put_varint(&mut b, record.actions.len() as u64);
    let cards = |b: &mut Vec<u8>, cards: &[Card]| {
        put_varint(b, cards.len() as u64);
        b.extend(cards.iter().map(|c| c.id() as u8));
    };
    for (seat, action) in &record.actions {
        let head = |tag: u8| (tag << 4) | (*seat as u8 & 0x0f);
        match action {
            Action::Draw => b.push(head(TAG_DRAW)),
            Action::Bid(card, n) => b.extend([head(TAG_BID), card.id() as u8, *n]),
            Action::Pass => b.push(head(TAG_PASS)),
            Action::Bury(c) => {
                b.push(head(TAG_BURY));
                cards(&mut b, c);
            }
            Action::DeclareFriends(fs) => {
                b.push(head(TAG_FRIENDS));
                put_varint(&mut b, fs.len() as u64);
                fs.iter().for_each(|f| b.extend([f.card.id() as u8, f.nth]));
            }
            Action::Play(c) => {
                b.push(head(TAG_PLAY));
                cards(&mut b, c);
            }
            Action::TakeBack => b.push(head(TAG_TAKE_BACK)),
            Action::NextHand => b.push(head(TAG_NEXT_HAND)),
            Action::NextHandFrom(seed) => {
                let seed = &seed.as_bytes()[..seed.len().min(255)];
                b.extend([head(TAG_NEXT_HAND_FROM), seed.len() as u8]);
                b.extend_from_slice(seed);
            }
            Action::LeadAs(c, format) => {
                b.push(head(TAG_LEAD_AS));
                cards(&mut b, c);
                put_varint(&mut b, format.groups().len() as u64);
                for g in format.groups() {
                    put_varint(&mut b, g.len() as u64);
                    b.extend_from_slice(g);
                }
            }
        }
    }
    b
}

/// Reads the binary form back; checks layout, seed and settings, not the rules.
pub fn record_from_bytes(bytes: &[u8]) -> Result<GameRecord, CodeError> {
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
    let link = ShareLink::from_query(&query).map_err(|e| match e.param() {
        "seed" => CodeError::Field("seed"),
        _ => CodeError::Settings(e.to_string()),
    })?;
    if link.seed != seed || settings_text(&link.settings) != settings {
        return Err(CodeError::Field("settings"));
    }
    let players = link.settings.validate().map_err(|e| CodeError::Settings(e.to_string()))?.players;
    let count = r.varint().ok_or(CodeError::Truncated)?;
    // Every action takes at least one byte: a larger count is a lie.
    if count > bytes.len() as u64 {
        return Err(CodeError::Truncated);
    }
    let card = |r: &mut Reader| -> Result<Card, CodeError> {
        Card::from_id(r.byte().ok_or(CodeError::Truncated)? as usize).ok_or(CodeError::Field("card"))
    };
    let cards = |r: &mut Reader| -> Result<Vec<Card>, CodeError> {
        let n = r.varint().ok_or(CodeError::Truncated)?;
        if n > bytes.len() as u64 {
            return Err(CodeError::Truncated);
        }
        (0..n).map(|_| card(r)).collect()
    };
    let mut actions = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let head = r.byte().ok_or(CodeError::Truncated)?;
        let seat = (head & 0x0f) as Seat;
        if seat >= players {
            return Err(CodeError::Field("seat"));
        }
        let action = match head >> 4 {
            TAG_DRAW => Action::Draw,
            TAG_BID => {
                let c = card(&mut r)?;
                Action::Bid(c, r.byte().ok_or(CodeError::Truncated)?)
            }
            TAG_PASS => Action::Pass,
            TAG_BURY => Action::Bury(cards(&mut r)?),
            TAG_FRIENDS => {
                let n = r.varint().ok_or(CodeError::Truncated)?;
                if n > bytes.len() as u64 {
                    return Err(CodeError::Truncated);
                }
                let mut fs = Vec::new();
                for _ in 0..n {
                    let c = card(&mut r)?;
                    fs.push(Friend { card: c, nth: r.byte().ok_or(CodeError::Truncated)? });
                }
                Action::DeclareFriends(fs)
            }
            TAG_PLAY => Action::Play(cards(&mut r)?),
            TAG_TAKE_BACK => Action::TakeBack,
            TAG_NEXT_HAND => Action::NextHand,
            TAG_NEXT_HAND_FROM => {
                let n = r.byte().ok_or(CodeError::Truncated)? as usize;
                let seed = std::str::from_utf8(r.take(n).ok_or(CodeError::Truncated)?).map_err(|_| CodeError::Field("seed"))?;
                Action::NextHandFrom(seed.to_string())
            }
            TAG_LEAD_AS => {
                let c = cards(&mut r)?;
                let n = r.varint().ok_or(CodeError::Truncated)?;
                if n > bytes.len() as u64 {
                    return Err(CodeError::Truncated);
                }
                let mut groups = Vec::new();
                for _ in 0..n {
                    let len = r.varint().ok_or(CodeError::Truncated)?;
                    if len > bytes.len() as u64 {
                        return Err(CodeError::Truncated);
                    }
                    groups.push(r.take(len as usize).ok_or(CodeError::Truncated)?.to_vec());
                }
                Action::LeadAs(c, Format::new(groups).map_err(|_| CodeError::Field("lead format"))?)
            }
            _ => return Err(CodeError::Field("action")),
        };
        actions.push((seat, action));
    }
    if !r.is_empty() {
        return Err(CodeError::TrailingBytes);
    }
    Ok(GameRecord { settings: link.settings, seed: link.seed, actions })
}

/// The replay code of a record: URL-safe, no padding.
pub fn encode_record(record: &GameRecord) -> String {
    let mut out = vec![CODE_FORMAT];
    out.extend(miniz_oxide::deflate::compress_to_vec(&record_to_bytes(record), LEVEL));
    base64url_encode(&out)
}

/// Decodes a replay code and checks that the record replays under the rules.
pub fn decode_record(code: &str) -> Result<GameRecord, CodeError> {
    let record = decode_unchecked(code)?;
    replay(&record).map_err(CodeError::Replay)?;
    Ok(record)
}

/// Decodes a replay code without replaying it (layout, seed and settings only).
pub fn decode_unchecked(code: &str) -> Result<GameRecord, CodeError> {
    decode_with_limits(code, MAX_CODE_CHARS, MAX_PAYLOAD_BYTES)
}

/// [`decode_unchecked`] with other limits (saved games hold whole tables).
pub fn decode_with_limits(code: &str, max_chars: usize, max_payload: usize) -> Result<GameRecord, CodeError> {
    let code = code.trim();
    if code.is_empty() {
        return Err(CodeError::Empty);
    }
    if code.len() > max_chars {
        return Err(CodeError::TooLong(code.len()));
    }
    let bytes = base64url_decode(code).map_err(CodeError::NotBase64)?;
    let (&format, compressed) = bytes.split_first().ok_or(CodeError::Truncated)?;
    if format != CODE_FORMAT {
        return Err(CodeError::Format(format));
    }
    let payload = miniz_oxide::inflate::decompress_to_vec_with_limit(compressed, max_payload).map_err(|e| {
        CodeError::Inflate(match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                format!("it would inflate to more than {max_payload} bytes")
            }
            _ => "it is not valid deflate data".to_string(),
        })
    })?;
    record_from_bytes(&payload)
}

/// One position of a replay: the state after a trick, with what the screen shows.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReplayStep {
    /// Hand number at the table (0 for the first hand).
    pub hand: u64,
    /// 1-based trick number within the hand.
    pub trick_number: usize,
    /// Actions applied to reach this position (a prefix of the record).
    pub actions: usize,
    /// The trick: leader, plays by seat (lead first), format, winner, points, failed throw.
    pub trick: TrickRecord,
    /// Points captured per seat after this trick.
    pub totals: Vec<u32>,
    /// The attackers' trick points after this trick (kitty bonus not yet counted).
    pub attacker_points: u32,
    /// The landlord's side (the landlord, the partners or the revealed friends so far).
    pub landlord_team: Vec<Seat>,
    /// The hand's result when this trick ended it.
    pub result: Option<HandResult>,
}

/// Steps through a decoded record trick by trick. Position 0 is before the
/// first trick; position k (1..=len) is after the k-th trick of the record.
#[derive(Clone, Debug)]
pub struct Replay {
    record: GameRecord,
    steps: Vec<ReplayStep>,
    position: usize,
    /// (hand number, index of the hand's first `Play` action) for every hand that
    /// reached play, in order.
    hand_starts: Vec<(u64, usize)>,
}

impl Replay {
    /// Replays the record once, collecting every trick. It applies the actions as the
    /// engine's `replay` does (same seed and settings checks, same `ReplayError`s), in one pass.
    pub fn new(record: GameRecord) -> Result<Replay, ReplayError> {
        let seed = crate::dup::TableSeed::parse(&record.seed).map_err(ReplayError::Seed)?;
        let mut game = Game::new(record.settings.clone(), seed).map_err(ReplayError::Settings)?;
        let mut steps = Vec::new();
        let mut hand_starts: Vec<(u64, usize)> = Vec::new();
        for (index, (seat, action)) in record.actions.iter().enumerate() {
            let hand = game.hand_number();
            if matches!(action, Action::Play(_) | Action::LeadAs(..)) && hand_starts.last().is_none_or(|&(h, _)| h != hand) {
                hand_starts.push((hand, index));
            }
            let events = game.apply(*seat, action).map_err(|error| ReplayError::Action {
                index,
                seat: *seat,
                action: action.clone(),
                error,
            })?;
            if events.iter().any(|e| matches!(e, crate::shengji::game::Event::TrickWon { .. })) {
                let Some(trick) = game.tricks().last().cloned() else { continue };
                let view = game.view(*seat);
                steps.push(ReplayStep {
                    hand: game.hand_number(),
                    trick_number: game.tricks().len(),
                    actions: index + 1,
                    trick,
                    totals: game.points(),
                    attacker_points: view.attacker_points,
                    landlord_team: view.landlord_team.clone(),
                    result: game.result().cloned(),
                });
            }
        }
        Ok(Replay { record, steps, position: 0, hand_starts })
    }

    /// Decodes a replay code and builds the stepper.
    pub fn from_code(code: &str) -> Result<Replay, CodeError> {
        let record = decode_unchecked(code)?;
        Replay::new(record).map_err(CodeError::Replay)
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }
    /// Number of tricks (positions after the start).
    pub fn len(&self) -> usize {
        self.steps.len()
    }
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
    pub fn steps(&self) -> &[ReplayStep] {
        &self.steps
    }
    pub fn position(&self) -> usize {
        self.position
    }
    /// The trick shown at the current position (`None` at the start).
    pub fn current(&self) -> Option<&ReplayStep> {
        self.position.checked_sub(1).and_then(|i| self.steps.get(i))
    }
    /// Moves one trick forward; false at the end.
    pub fn forward(&mut self) -> bool {
        let moved = self.position < self.steps.len();
        self.position += moved as usize;
        moved
    }
    /// Moves one trick back; false at the start.
    pub fn back(&mut self) -> bool {
        let moved = self.position > 0;
        self.position -= moved as usize;
        moved
    }
    /// Jumps to a position, clamped to 0..=len.
    pub fn seek(&mut self, position: usize) {
        self.position = position.min(self.steps.len());
    }
    /// The full game state at the current position, rebuilt with the engine's
    /// `replay` from a prefix of the record (position 0: before the first trick's
    /// first play, i.e. after the draw and exchange, or the whole record if it has no trick).
    pub fn game(&self) -> Result<Game, ReplayError> {
        let upto = match self.current() {
            Some(step) => step.actions,
            None => self.first_play_index(),
        };
        let prefix = GameRecord { actions: self.record.actions[..upto].to_vec(), ..self.record.clone() };
        replay(&prefix)
    }

    /// The hands that reached play, in order (usually one: a replay link carries
    /// the table's whole record, and the screen shows its last hand first).
    pub fn hands(&self) -> Vec<u64> {
        self.hand_starts.iter().map(|&(h, _)| h).collect()
    }

    /// Positions (as for [`Replay::seek`]) of one hand: the position just before its
    /// first trick and the position after its last trick (equal when it has none).
    pub fn hand_positions(&self, hand: u64) -> (usize, usize) {
        let before = self.steps.iter().take_while(|s| s.hand < hand).count();
        let tricks = self.steps.iter().filter(|s| s.hand == hand).count();
        (before, before + tricks)
    }

    /// The game just before `hand`'s first play (after its draw and exchange); the
    /// hands as they stood when the first trick was led. `None` for a hand that never reached play.
    pub fn game_before_hand(&self, hand: u64) -> Option<Result<Game, ReplayError>> {
        let &(_, upto) = self.hand_starts.iter().find(|&&(h, _)| h == hand)?;
        Some(replay(&GameRecord { actions: self.record.actions[..upto].to_vec(), ..self.record.clone() }))
    }

    fn first_play_index(&self) -> usize {
        self.record.actions.iter().position(|(_, a)| matches!(a, Action::Play(_) | Action::LeadAs(..))).unwrap_or(self.record.actions.len())
    }
}
