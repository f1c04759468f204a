//! Rummy's encodings for the record layer (`crate::table::Codec`): its
//! settings as share-link pairs (only what differs from the defaults), a
//! seat's result on a finished deal, and its moves as compact bytes — a
//! seat-and-tag byte, then card ids and group lengths — for replay codes and saves.

use super::{Action, DealEnd, Game, Seat, Settings, SettingsError, Variant};
use crate::codec::{put_varint, Reader};
use crate::table::link_params::{invalid, LinkError};
use crate::rummy::{Counted, JokerDrawnRule, RummyCard};
use crate::table::codec::{Codec, MoveError};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

const TAG_DROP: u8 = 0;
const TAG_DRAW_STOCK: u8 = 1;
const TAG_TAKE_DISCARD: u8 = 2;
const TAG_DISCARD: u8 = 3;
const TAG_DECLARE: u8 = 4;
const TAG_SHOW: u8 = 5;
const TAG_NEXT_DEAL: u8 = 6;
const TAG_NEXT_DEAL_FROM: u8 = 7;

/// One seat's result on a finished deal, as duplicate results carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RummyResult {
    /// True if the seat made the valid declaration that ended the deal.
    pub declared: bool,
    /// Points the seat paid for the deal.
    pub points: u32,
    /// The deal's score for the seat (points rummy: takings, or minus the
    /// payment; pool: minus the points paid). Higher is better.
    pub score: i64,
}

/// Costs and counts: up to five digits.
fn number(v: &str, param: &'static str, allowed: &str) -> Result<u32, LinkError> {
    crate::table::link_params::decimal(v, 5, param, allowed)
}

use crate::table::link_params::number as small;

fn counted_name(c: Counted) -> &'static str {
    match c {
        Counted::AllCards => "all",
        Counted::AllButPureSequence => "all-but-pure",
        Counted::UnmeldedOnly => "loose",
    }
}

fn counted(v: &str, param: &'static str) -> Result<Counted, LinkError> {
    match v {
        "all" => Ok(Counted::AllCards),
        "all-but-pure" => Ok(Counted::AllButPureSequence),
        "loose" => Ok(Counted::UnmeldedOnly),
        _ => Err(invalid(param, v, "use all, all-but-pure or loose")),
    }
}

impl Codec for Game {
    const ID: u8 = 1;
    const SETTINGS_KEYS: &'static [&'static str] = &["p", "m", "n", "d", "j", "fd", "md", "mx", "jd", "np", "ns", "rs"];

    fn settings_pairs(s: &Settings) -> Vec<(&'static str, String)> {
        let d = Settings::default();
        let mut q: Vec<(&'static str, String)> = Vec::new();
        if s.players != d.players {
            q.push(("p", s.players.to_string()));
        }
        if s.variant != d.variant {
            q.push(("m", s.variant.name().into()));
        }
        let opt = |k: &'static str, v: Option<u32>, q: &mut Vec<(&'static str, String)>| {
            if let Some(v) = v {
                q.push((k, v.to_string()));
            }
        };
        opt("n", s.deals.map(u32::from), &mut q);
        opt("d", s.decks.map(u32::from), &mut q);
        opt("j", s.jokers.map(u32::from), &mut q);
        opt("fd", s.first_drop, &mut q);
        opt("md", s.middle_drop, &mut q);
        if s.max_points != d.max_points {
            q.push(("mx", s.max_points.to_string()));
        }
        if s.joker_drawn != d.joker_drawn {
            q.push(("jd", if s.joker_drawn == JokerDrawnRule::NoWildRank { "none" } else { "aces" }.into()));
        }
        if s.without_pure_sequence != d.without_pure_sequence {
            q.push(("np", counted_name(s.without_pure_sequence).into()));
        }
        if s.without_second_sequence != d.without_second_sequence {
            q.push(("ns", counted_name(s.without_second_sequence).into()));
        }
        if s.restocks != d.restocks {
            q.push(("rs", s.restocks.to_string()));
        }
        q
    }

    fn settings_from_pairs<'p>(get: &dyn Fn(&str) -> Option<&'p str>) -> Result<Settings, LinkError> {
        let mut s = Settings::default();
        // Numbers are read over their syntactic range; the validator judges them.
        if let Some(v) = get("p") {
            s.players = small(v, "p", "a number of players from 2 to 6")?;
        }
        if let Some(v) = get("m") {
            s.variant = *Variant::ALL
                .iter()
                .find(|x| x.name() == v)
                .ok_or_else(|| invalid("m", v, "use points, pool-101 or pool-201"))?;
        }
        if let Some(v) = get("n") {
            s.deals = Some(number(v, "n", "a number of deals")?.min(u16::MAX as u32) as u16);
        }
        if let Some(v) = get("d") {
            s.decks = Some(small(v, "d", "a number of decks from 1 to 3")?);
        }
        if let Some(v) = get("j") {
            s.jokers = Some(small(v, "j", "a number of printed jokers")?);
        }
        if let Some(v) = get("fd") {
            s.first_drop = Some(number(v, "fd", "the cost of a first drop")?);
        }
        if let Some(v) = get("md") {
            s.middle_drop = Some(number(v, "md", "the cost of a middle drop")?);
        }
        if let Some(v) = get("mx") {
            s.max_points = number(v, "mx", "the most a hand can cost")?;
        }
        if let Some(v) = get("jd") {
            s.joker_drawn = match v {
                "aces" => JokerDrawnRule::AcesWild,
                "none" => JokerDrawnRule::NoWildRank,
                _ => return Err(invalid("jd", v, "use aces or none")),
            };
        }
        if let Some(v) = get("np") {
            s.without_pure_sequence = counted(v, "np")?;
        }
        if let Some(v) = get("ns") {
            s.without_second_sequence = counted(v, "ns")?;
        }
        if let Some(v) = get("rs") {
            s.restocks = small(v, "rs", "how many times the stock may be rebuilt")?;
        }
        s.validate().map_err(|e| LinkError::Settings { param: settings_param(&e), reason: e.to_string() })?;
        Ok(s)
    }

    fn seats(settings: &Settings) -> Result<usize, SettingsError> {
        settings.validate().map(|r| r.players)
    }

    type SeatResult = RummyResult;

    fn seat_result(&self, seat: Seat) -> Option<RummyResult> {
        let r = self.result()?;
        Some(RummyResult {
            declared: r.end == DealEnd::Declared && r.winner == Some(seat),
            points: *r.points.get(seat)?,
            score: *r.scores.get(seat)?,
        })
    }

    /// The deal's score, then fewer points paid.
    fn compare_results(a: &RummyResult, b: &RummyResult) -> Ordering {
        a.score.cmp(&b.score).then(b.points.cmp(&a.points))
    }

    fn write_result(r: &RummyResult, b: &mut Vec<u8>) {
        b.push(r.declared as u8);
        put_varint(b, r.points as u64);
        // Zigzag: small negative scores stay short.
        put_varint(b, ((r.score << 1) ^ (r.score >> 63)) as u64);
    }

    fn read_result(r: &mut Reader<'_>) -> Result<RummyResult, MoveError> {
        let declared = match r.byte().ok_or(MoveError::Truncated)? {
            0 => false,
            1 => true,
            _ => return Err(MoveError::Field("outcome")),
        };
        let points = r.varint().ok_or(MoveError::Truncated)?;
        // A deal costs at most the cap (≤ 200), and a winner collects from at most 5 others.
        if points > 10_000 {
            return Err(MoveError::Field("points"));
        }
        let z = r.varint().ok_or(MoveError::Truncated)?;
        let score = ((z >> 1) as i64) ^ -((z & 1) as i64);
        if score.abs() > 10_000 {
            return Err(MoveError::Field("score"));
        }
        Ok(RummyResult { declared, points: points as u32, score })
    }

    fn write_move(seat: Seat, action: &Action, b: &mut Vec<u8>) {
        let head = |tag: u8| (tag << 4) | (seat as u8 & 0x0f);
        let groups = |b: &mut Vec<u8>, groups: &[Vec<RummyCard>]| {
            put_varint(b, groups.len() as u64);
            for g in groups {
                put_varint(b, g.len() as u64);
                b.extend(g.iter().map(|c| c.id() as u8));
            }
        };
        match action {
            Action::Drop => b.push(head(TAG_DROP)),
            Action::DrawStock => b.push(head(TAG_DRAW_STOCK)),
            Action::TakeDiscard => b.push(head(TAG_TAKE_DISCARD)),
            Action::Discard(c) => b.extend([head(TAG_DISCARD), c.id() as u8]),
            Action::Declare(gs, finish) => {
                b.push(head(TAG_DECLARE));
                groups(b, gs);
                b.push(finish.id() as u8);
            }
            Action::Show(gs) => {
                b.push(head(TAG_SHOW));
                groups(b, gs);
            }
            Action::NextDeal => b.push(head(TAG_NEXT_DEAL)),
            Action::NextDealFrom(seed) => {
                let seed = &seed.as_bytes()[..seed.len().min(255)];
                b.extend([head(TAG_NEXT_DEAL_FROM), seed.len() as u8]);
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
        let card = |r: &mut Reader| -> Result<RummyCard, MoveError> {
            RummyCard::from_id(r.byte().ok_or(MoveError::Truncated)? as usize).ok_or(MoveError::Field("card"))
        };
        // A count never exceeds the bytes left: every item takes at least one.
        let count = |r: &mut Reader| -> Result<usize, MoveError> {
            let n = r.varint().ok_or(MoveError::Truncated)?;
            usize::try_from(n).ok().filter(|&n| n <= r.remaining()).ok_or(MoveError::Truncated)
        };
        let groups = |r: &mut Reader| -> Result<Vec<Vec<RummyCard>>, MoveError> {
            let n = count(r)?;
            (0..n).map(|_| (0..count(r)?).map(|_| card(r)).collect()).collect()
        };
        let action = match head >> 4 {
            TAG_DROP => Action::Drop,
            TAG_DRAW_STOCK => Action::DrawStock,
            TAG_TAKE_DISCARD => Action::TakeDiscard,
            TAG_DISCARD => Action::Discard(card(r)?),
            TAG_DECLARE => {
                let gs = groups(r)?;
                Action::Declare(gs, card(r)?)
            }
            TAG_SHOW => Action::Show(groups(r)?),
            TAG_NEXT_DEAL => Action::NextDeal,
            TAG_NEXT_DEAL_FROM => {
                let n = r.byte().ok_or(MoveError::Truncated)? as usize;
                let seed = std::str::from_utf8(r.take(n).ok_or(MoveError::Truncated)?).map_err(|_| MoveError::Field("seed"))?;
                Action::NextDealFrom(seed.to_string())
            }
            _ => return Err(MoveError::Field("action")),
        };
        Ok((seat, action))
    }
}

/// The link parameter a settings error is about.
fn settings_param(e: &SettingsError) -> &'static str {
    match e {
        SettingsError::Players(_) | SettingsError::PackTooSmall { .. } => "p",
        SettingsError::Decks(_) => "d",
        SettingsError::Jokers { .. } => "j",
        SettingsError::Deals(_) | SettingsError::DealsInPool { .. } => "n",
        SettingsError::MaxPoints(_) | SettingsError::CapAtPool { .. } => "mx",
        SettingsError::Drops { .. } => "fd",
        SettingsError::Restocks(_) => "rs",
    }
}
