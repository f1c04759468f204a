//! Sichuan mahjong's encodings for the record layer (`crate::table::Codec`):
//! its settings as share-link pairs (only what differs from the defaults, so a
//! link or save made before an option existed reads as the table it was), a
//! seat's result on a finished hand, and its moves as compact bytes — a
//! seat-and-tag byte, then tile ids — for replay codes and saves.
//!
//! Link keys: `x` exchange (1/0), `fan` the cap, `cs` the claim countdown, `w`
//! wildcards (1/0), `he` the hand's end (`fight` 血战到底 / `river` 血流成河), `kt`
//! 呼叫转移 (1/0), `sd` what a self-drawn win adds (`fan` / `base`).

use super::settings::MAX_FAN;
use super::{Action, Game, HandEnd, Seat, SelfDrawnBonus, Settings, SettingsError, PLAYERS};
use crate::codec::{put_varint, Reader};
use crate::mahjong::{Suit, Tile};
use crate::table::link_params::{invalid, LinkError};
use crate::table::codec::{Codec, MoveError};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

const TAG_EXCHANGE: u8 = 0;
const TAG_VOID: u8 = 1;
const TAG_DISCARD: u8 = 2;
const TAG_WIN: u8 = 3;
const TAG_KONG: u8 = 4;
const TAG_PUNG: u8 = 5;
const TAG_PASS: u8 = 6;
const TAG_NEXT_HAND: u8 = 7;
const TAG_NEXT_HAND_FROM: u8 = 8;

/// One seat's result on a finished hand, as duplicate results carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MahjongResult {
    /// Its place among the winners (1st, 2nd, 3rd; under 血流成河 4th too), 0 if it did not win.
    pub won: u8,
    /// The fan it won with (0 if it did not win).
    pub fan: u8,
    /// Net points for the hand. Higher is better.
    pub score: i64,
}

fn number(v: &str, param: &'static str, allowed: &str) -> Result<u32, LinkError> {
    crate::table::link_params::decimal(v, 3, param, allowed)
}

fn tile(r: &mut Reader<'_>) -> Result<Tile, MoveError> {
    let id = r.byte().ok_or(MoveError::Truncated)?;
    Tile::from_id(id).filter(|t| !t.is_honour()).ok_or(MoveError::Field("tile"))
}

impl Codec for Game {
    const ID: u8 = 2;
    const SETTINGS_KEYS: &'static [&'static str] = &["x", "fan", "cs", "w", "he", "kt", "sd"];

    fn settings_pairs(s: &Settings) -> Vec<(&'static str, String)> {
        let d = Settings::default();
        let mut q = Vec::new();
        if s.exchange != d.exchange {
            q.push(("x", if s.exchange { "1" } else { "0" }.to_string()));
        }
        if s.max_fan != d.max_fan {
            q.push(("fan", s.max_fan.to_string()));
        }
        if s.claim_seconds != d.claim_seconds {
            q.push(("cs", s.claim_seconds.to_string()));
        }
        if s.wildcards != d.wildcards {
            q.push(("w", if s.wildcards { "1" } else { "0" }.to_string()));
        }
        if s.hand_end != d.hand_end {
            q.push(("he", s.hand_end.name().to_string()));
        }
        if s.kong_transfer != d.kong_transfer {
            q.push(("kt", if s.kong_transfer { "1" } else { "0" }.to_string()));
        }
        if s.self_drawn != d.self_drawn {
            q.push(("sd", s.self_drawn.name().to_string()));
        }
        q
    }

    fn settings_from_pairs<'p>(get: &dyn Fn(&str) -> Option<&'p str>) -> Result<Settings, LinkError> {
        let mut s = Settings::default();
        if let Some(v) = get("x") {
            s.exchange = match v {
                "1" => true,
                "0" => false,
                _ => return Err(invalid("x", v, "use 1 (exchange three tiles) or 0 (no exchange)")),
            };
        }
        if let Some(v) = get("fan") {
            s.max_fan = number(v, "fan", "a fan cap from 2 to 8")?;
        }
        if let Some(v) = get("w") {
            s.wildcards = match v {
                "1" => true,
                "0" => false,
                _ => return Err(invalid("w", v, "use 1 (red dragons are wildcards) or 0 (no wildcards)")),
            };
        }
        if let Some(v) = get("he") {
            s.hand_end = HandEnd::ALL.into_iter().find(|h| h.name() == v).ok_or_else(|| {
                invalid("he", v, "use fight (血战到底: a winner leaves the hand) or river (血流成河: winners play on until the wall is empty)")
            })?;
        }
        if let Some(v) = get("kt") {
            s.kong_transfer = match v {
                "1" => true,
                "0" => false,
                _ => return Err(invalid("kt", v, "use 1 (呼叫转移: a win on a kong's discard takes the kong money) or 0 (the kong money stays)")),
            };
        }
        if let Some(v) = get("sd") {
            s.self_drawn = SelfDrawnBonus::ALL.into_iter().find(|b| b.name() == v).ok_or_else(|| {
                invalid("sd", v, "use fan (自摸加番: a self-drawn win adds a fan) or base (自摸加底: each payer pays one point more)")
            })?;
        }
        if let Some(v) = get("cs") {
            s.claim_seconds = number(v, "cs", "seconds to answer a claim: 0, or 3 to 60")?;
        }
        s.validate().map_err(|e| {
            let param = match e {
                SettingsError::MaxFan(_) => "fan",
                SettingsError::ClaimSeconds(_) => "cs",
            };
            LinkError::Settings { param, reason: e.to_string() }
        })?;
        Ok(s)
    }

    fn seats(settings: &Settings) -> Result<usize, SettingsError> {
        settings.validate().map(|_| PLAYERS)
    }

    type SeatResult = MahjongResult;

    fn seat_result(&self, seat: Seat) -> Option<MahjongResult> {
        let r = self.result()?;
        let win = r.wins.iter().position(|w| w.seat == seat);
        // Its place among the seats that won (血流成河: a seat's later wins do not count).
        let place = |i: usize| {
            let before: Vec<Seat> = r.wins[..i].iter().map(|w| w.seat).collect();
            (0..PLAYERS).filter(|s| before.contains(s)).count() as u8 + 1
        };
        Some(MahjongResult {
            won: win.map_or(0, place),
            fan: win.map_or(0, |i| r.wins[i].fan.min(255) as u8),
            score: *r.scores.get(seat)?,
        })
    }

    /// The hand's points, then winning earlier.
    fn compare_results(a: &MahjongResult, b: &MahjongResult) -> Ordering {
        let place = |r: &MahjongResult| if r.won == 0 { u8::MAX } else { r.won };
        a.score.cmp(&b.score).then(place(b).cmp(&place(a)))
    }

    fn write_result(r: &MahjongResult, b: &mut Vec<u8>) {
        b.extend([r.won, r.fan]);
        put_varint(b, ((r.score << 1) ^ (r.score >> 63)) as u64);
    }

    fn read_result(r: &mut Reader<'_>) -> Result<MahjongResult, MoveError> {
        let won = r.byte().ok_or(MoveError::Truncated)?;
        // 1st to 3rd; under 血流成河 all four may win.
        if won as usize > PLAYERS {
            return Err(MoveError::Field("outcome"));
        }
        let fan = r.byte().ok_or(MoveError::Truncated)?;
        if fan as u32 > *MAX_FAN.end() {
            return Err(MoveError::Field("fan"));
        }
        let z = r.varint().ok_or(MoveError::Truncated)?;
        let score = ((z >> 1) as i64) ^ -((z & 1) as i64);
        // Under 血流成河 a seat may win on every tile it draws: at most 59 draws, each a win of
        // the highest cap paid by three seats (257 each with 自摸加底), plus kongs and the
        // settlement — under 50,000.
        if score.abs() > 100_000 {
            return Err(MoveError::Field("score"));
        }
        Ok(MahjongResult { won, fan, score })
    }

    fn write_move(seat: Seat, action: &Action, b: &mut Vec<u8>) {
        let head = |tag: u8| (tag << 4) | (seat as u8 & 0x0f);
        match action {
            Action::Exchange(ts) => b.extend([head(TAG_EXCHANGE), ts[0].id(), ts[1].id(), ts[2].id()]),
            Action::Void(s) => b.extend([head(TAG_VOID), s.index() as u8]),
            Action::Discard(t) => b.extend([head(TAG_DISCARD), t.id()]),
            Action::Win => b.push(head(TAG_WIN)),
            Action::Kong(t) => b.extend([head(TAG_KONG), t.id()]),
            Action::Pung => b.push(head(TAG_PUNG)),
            Action::Pass => b.push(head(TAG_PASS)),
            Action::NextHand => b.push(head(TAG_NEXT_HAND)),
            Action::NextHandFrom(seed) => {
                let seed = &seed.as_bytes()[..seed.len().min(255)];
                b.extend([head(TAG_NEXT_HAND_FROM), seed.len() as u8]);
                b.extend_from_slice(seed);
            }
        }
    }

    fn read_move(r: &mut Reader<'_>, players: usize) -> Result<(Seat, Action), MoveError> {
        let head = r.byte().ok_or(MoveError::Truncated)?;
        let seat = (head & 0x0f) as Seat;
        if seat >= players {
            return Err(MoveError::Field("seat"));
        }
        let action = match head >> 4 {
            TAG_EXCHANGE => Action::Exchange([tile(r)?, tile(r)?, tile(r)?]),
            TAG_VOID => match r.byte().ok_or(MoveError::Truncated)? {
                s @ 0..=2 => Action::Void(Suit::from_index(s as usize)),
                _ => return Err(MoveError::Field("suit")),
            },
            TAG_DISCARD => Action::Discard(tile(r)?),
            TAG_WIN => Action::Win,
            TAG_KONG => Action::Kong(tile(r)?),
            TAG_PUNG => Action::Pung,
            TAG_PASS => Action::Pass,
            TAG_NEXT_HAND => Action::NextHand,
            TAG_NEXT_HAND_FROM => {
                let n = r.byte().ok_or(MoveError::Truncated)? as usize;
                let seed = std::str::from_utf8(r.take(n).ok_or(MoveError::Truncated)?).map_err(|_| MoveError::Field("seed"))?;
                Action::NextHandFrom(seed.to_string())
            }
            _ => return Err(MoveError::Field("action")),
        };
        Ok((seat, action))
    }
}
