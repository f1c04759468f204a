//! Shengji's encodings for the record layer (`crate::table::Codec`): its
//! settings as share-link pairs (only what differs from the defaults, under
//! short keys), and its moves as compact bytes — a seat-and-tag byte, then card
//! ids and counts as varints — for replay codes and saves.

use super::bidding::{FirstLandlord, JokerBids, NoBidTrump, Overcall};
use super::levels::{LevelRuleError, RankSet};
use super::{Action, Friend, Game, KittyMultiplier, Mode, Seat, Settings, ThrowPenaltySetting};
use crate::cards::{Card, Rank};
use crate::codec::{put_varint, Reader};
use crate::table::link_params::{flag, invalid, number, LinkError};
use crate::shengji::bomb::Bombs;
use crate::shengji::format::{Format, TractorRules};
use crate::shengji::rules::{DrawPolicy, ThrowEvaluation};
use crate::table::codec::{Codec, MoveError};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

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
/// A bid taken back (a table's bidding rule).
const TAG_TAKE_BACK_BID: u8 = 10;

/// Settings with every field that equals its default written as the default
/// (`decks: Some(2)` with 4 players becomes `None`), and Finding Friends' own rules
/// (trump friends, limits on calls, the short-handed bonus) at their defaults in Tractor,
/// where they change nothing — so equal tables give equal links.
pub fn normalize(settings: &Settings) -> Settings {
    let mut s = settings.clone();
    if s.decks == Some(Settings::default_decks(s.players)) {
        s.decks = None;
    }
    if let Ok(r) = (Settings { kitty: None, ..s.clone() }).validate() {
        if s.kitty == Some(r.kitty as u8) {
            s.kitty = None;
        }
    }
    match s.mode {
        Mode::Tractor => {
            let d = Settings::default();
            s.friends = None;
            s.friend_trump_allowed = d.friend_trump_allowed;
            s.friend_limits = d.friend_limits;
            s.levels.short_handed_bonus = d.levels.short_handed_bonus;
        }
        Mode::Friends => {
            if s.friends == Some(Settings::default_friends(s.players)) {
                s.friends = None;
            }
        }
    }
    s
}

/// The choice named `v` among `all` (by `name`), or an error listing the names.
fn named<T: Copy>(all: &[T], name: fn(T) -> &'static str, key: &'static str, v: &str) -> Result<T, LinkError> {
    all.iter().copied().find(|&x| name(x) == v).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&x| name(x)).collect();
        invalid(key, v, &format!("use one of: {}", names.join(", ")))
    })
}

fn bit(b: bool) -> String {
    if b { "1" } else { "0" }.to_string()
}

/// One seat's result on a finished Shengji hand, as duplicate results carry
/// it: which side the seat was on, the attackers' final points, and whether
/// the seat's side gained levels (and how many the winners gained).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShengjiResult {
    /// True if the seat was on the landlord's side.
    pub landlord_side: bool,
    /// The attackers' final points (trick points, kitty bonus and penalties).
    pub attacker_points: u32,
    /// True if the seat's side gained levels or took over.
    pub won: bool,
    /// Levels the winning side gained (0 for a plain takeover).
    pub levels: u8,
}

impl ShengjiResult {
    /// Levels for the seat's side: positive when it gained, negative when the other side did.
    pub fn level_swing(&self) -> i32 {
        if self.won {
            self.levels as i32
        } else {
            -(self.levels as i32)
        }
    }

    /// The attackers' points seen from the seat's side (attackers want more, defenders fewer).
    pub fn side_points(&self) -> i64 {
        if self.landlord_side {
            -(self.attacker_points as i64)
        } else {
            self.attacker_points as i64
        }
    }
}

impl Codec for Game {
    const ID: u8 = crate::table::codec::FIRST_GAME;
    const SETTINGS_KEYS: &'static [&'static str] =
        &["p", "d", "k", "m", "f", "dp", "tr", "te", "tp", "km", "rb", "ft", "sl", "tb", "fh", "fp", "fo", "ps", "ts", "dz", "sb", "dr", "fr", "bj", "bo", "jb", "bt", "fb", "nb", "lp", "pt", "ke", "st", "bm", "sk"];

    fn settings_pairs(settings: &Settings) -> Vec<(&'static str, String)> {
        let s = normalize(settings);
        let d = Settings::default();
        let mut q: Vec<(&'static str, String)> = Vec::new();
        if s.players != d.players {
            q.push(("p", s.players.to_string()));
        }
        if let Some(x) = s.decks {
            q.push(("d", x.to_string()));
        }
        if let Some(x) = s.kitty {
            q.push(("k", x.to_string()));
        }
        if s.mode == Mode::Friends {
            q.push(("m", "friends".into()));
        }
        if let Some(x) = s.friends {
            q.push(("f", x.to_string()));
        }
        if s.draw_policy != d.draw_policy {
            q.push(("dp", s.draw_policy.name().into()));
        }
        if s.tractor != d.tractor {
            q.push(("tr", format!("{}x{}", s.tractor.min_tuple, s.tractor.min_length)));
        }
        if s.throw_evaluation != d.throw_evaluation {
            q.push(("te", s.throw_evaluation.name().into()));
        }
        if s.throw_penalty != d.throw_penalty {
            q.push(("tp", "10".into()));
        }
        if s.kitty_multiplier != d.kitty_multiplier {
            q.push(("km", "power".into()));
        }
        if s.reinforce != d.reinforce {
            q.push(("rb", bit(s.reinforce)));
        }
        if s.friend_trump_allowed != d.friend_trump_allowed {
            q.push(("ft", bit(s.friend_trump_allowed)));
        }
        if s.starting_level != d.starting_level {
            q.push(("sl", s.starting_level.notation().into()));
        }
        if s.take_back != d.take_back {
            q.push(("tb", bit(s.take_back)));
        }
        let (f, df) = (s.friend_limits, d.friend_limits);
        for (key, on, default) in [("fh", f.no_highest, df.no_highest), ("fp", f.no_points, df.no_points), ("fo", f.join_once, df.join_once)] {
            if on != default {
                q.push((key, bit(on)));
            }
        }
        let (l, dl) = (&s.levels, &d.levels);
        if l.step_per_deck != dl.step_per_deck {
            q.push(("ps", l.step_per_deck.to_string()));
        }
        if l.takeover_steps != dl.takeover_steps {
            q.push(("ts", l.takeover_steps.to_string()));
        }
        if l.dead_zone != dl.dead_zone {
            q.push(("dz", l.dead_zone.to_string()));
        }
        if l.short_handed_bonus != dl.short_handed_bonus {
            q.push(("sb", bit(l.short_handed_bonus)));
        }
        if l.defended != dl.defended {
            q.push(("dr", l.defended.notation()));
        }
        if l.final_rank != dl.final_rank {
            q.push(("fr", l.final_rank.notation().into()));
        }
        if l.back_to_two != dl.back_to_two {
            q.push(("bj", bit(l.back_to_two)));
        }
        let (b, db) = (s.bidding, d.bidding);
        if b.overcall != db.overcall {
            q.push(("bo", b.overcall.name().into()));
        }
        if b.joker_bids != db.joker_bids {
            q.push(("jb", b.joker_bids.name().into()));
        }
        if b.take_back != db.take_back {
            q.push(("bt", bit(b.take_back)));
        }
        if b.first_landlord != db.first_landlord {
            q.push(("fb", b.first_landlord.name().into()));
        }
        if b.no_bid != db.no_bid {
            q.push(("nb", b.no_bid.name().into()));
        }
        if b.steal != db.steal {
            q.push(("sk", bit(b.steal)));
        }
        let (w, dw) = (s.shown, d.shown);
        for (key, on, default) in [
            ("lp", w.landlord_points, dw.landlord_points),
            ("pt", w.past_tricks, dw.past_tricks),
            ("ke", w.kitty_at_end, dw.kitty_at_end),
            ("st", w.throw_stopper, dw.throw_stopper),
        ] {
            if on != default {
                q.push((key, bit(on)));
            }
        }
        if s.bombs != d.bombs {
            q.push(("bm", s.bombs.name().into()));
        }
        q
    }

    fn settings_from_pairs<'p>(get: &dyn Fn(&str) -> Option<&'p str>) -> Result<Settings, LinkError> {
        let mut s = Settings::default();
        // Numbers are read over their syntactic range; the validator judges them.
        if let Some(v) = get("p") {
            s.players = number(v, "p", "a number of players from 4 to 10")?;
        }
        if let Some(v) = get("d") {
            s.decks = Some(number(v, "d", "a number of decks from 1 to twice the players")?);
        }
        if let Some(v) = get("k") {
            s.kitty = Some(number(v, "k", "a kitty size that splits the other cards evenly")?);
        }
        if let Some(v) = get("m") {
            s.mode = match v {
                "tractor" => Mode::Tractor,
                "friends" => Mode::Friends,
                _ => return Err(invalid("m", v, "use tractor or friends")),
            };
        }
        if let Some(v) = get("f") {
            if s.mode != Mode::Friends {
                return Err(invalid("f", v, "friends are only called with m=friends"));
            }
            s.friends = Some(number(v, "f", "a number of friends from 1 to players − 2")?);
        }
        if let Some(v) = get("dp") {
            s.draw_policy = v.parse::<DrawPolicy>().map_err(|e| invalid("dp", v, &e.to_string()))?;
        }
        if let Some(v) = get("tr") {
            let allowed = "tractor rules as TUPLExLENGTH, e.g. 3x2";
            let (a, b) = v.split_once('x').ok_or_else(|| invalid("tr", v, allowed))?;
            let min_tuple = number(a, "tr", allowed).map_err(|_| invalid("tr", v, allowed))?;
            let min_length = number(b, "tr", allowed).map_err(|_| invalid("tr", v, allowed))?;
            s.tractor = TractorRules { min_tuple, min_length };
        }
        if let Some(v) = get("te") {
            s.throw_evaluation = named(&ThrowEvaluation::ALL, ThrowEvaluation::name, "te", v)?;
        }
        if let Some(v) = get("tp") {
            s.throw_penalty = match v {
                "0" => ThrowPenaltySetting::None,
                "10" => ThrowPenaltySetting::TenPerThrow,
                _ => return Err(invalid("tp", v, "use 0 (no penalty) or 10 (points per failed throw)")),
            };
        }
        if let Some(v) = get("km") {
            s.kitty_multiplier = match v {
                "double" => KittyMultiplier::TwiceLargestUnit,
                "power" => KittyMultiplier::PowerOfTwo,
                _ => return Err(invalid("km", v, "use double (2 × the unit size) or power (2 to the unit size)")),
            };
        }
        s.reinforce = flag(get("rb"), "rb", s.reinforce)?;
        s.friend_trump_allowed = flag(get("ft"), "ft", s.friend_trump_allowed)?;
        s.take_back = flag(get("tb"), "tb", s.take_back)?;
        s.friend_limits.no_highest = flag(get("fh"), "fh", s.friend_limits.no_highest)?;
        s.friend_limits.no_points = flag(get("fp"), "fp", s.friend_limits.no_points)?;
        s.friend_limits.join_once = flag(get("fo"), "fo", s.friend_limits.join_once)?;
        let rank = |key: &'static str, v: &str| {
            Rank::from_notation(v).ok_or_else(|| invalid(key, v, "use a rank: 2-10, J, Q, K or A"))
        };
        if let Some(v) = get("sl") {
            s.starting_level = rank("sl", v)?;
        }
        if let Some(v) = get("ps") {
            s.levels.step_per_deck = number(v, "ps", "points a step per deck: 10, 15, 20, 25, 30 or 40")?;
        }
        if let Some(v) = get("ts") {
            s.levels.takeover_steps = number(v, "ts", "steps to take the landlord's seat, 1 to 4")?;
        }
        if let Some(v) = get("dz") {
            s.levels.dead_zone = number(v, "dz", "steps of dead zone, 0 to 3")?;
        }
        s.levels.short_handed_bonus = flag(get("sb"), "sb", s.levels.short_handed_bonus)?;
        if let Some(v) = get("dr") {
            s.levels.defended =
                RankSet::parse(v).ok_or_else(|| invalid("dr", v, "ranks to defend joined by dots, e.g. 5.10.K"))?;
        }
        if let Some(v) = get("fr") {
            s.levels.final_rank = rank("fr", v)?;
        }
        s.levels.back_to_two = flag(get("bj"), "bj", s.levels.back_to_two)?;
        if let Some(v) = get("bo") {
            s.bidding.overcall = named(&Overcall::ALL, Overcall::name, "bo", v)?;
        }
        if let Some(v) = get("jb") {
            s.bidding.joker_bids = named(&JokerBids::ALL, JokerBids::name, "jb", v)?;
        }
        s.bidding.take_back = flag(get("bt"), "bt", s.bidding.take_back)?;
        if let Some(v) = get("fb") {
            s.bidding.first_landlord = named(&FirstLandlord::ALL, FirstLandlord::name, "fb", v)?;
        }
        if let Some(v) = get("nb") {
            s.bidding.no_bid = named(&NoBidTrump::ALL, NoBidTrump::name, "nb", v)?;
        }
        s.bidding.steal = flag(get("sk"), "sk", s.bidding.steal)?;
        s.shown.landlord_points = flag(get("lp"), "lp", s.shown.landlord_points)?;
        s.shown.past_tricks = flag(get("pt"), "pt", s.shown.past_tricks)?;
        s.shown.kitty_at_end = flag(get("ke"), "ke", s.shown.kitty_at_end)?;
        s.shown.throw_stopper = flag(get("st"), "st", s.shown.throw_stopper)?;
        if let Some(v) = get("bm") {
            s.bombs = named(&Bombs::ALL, Bombs::name, "bm", v)?;
        }
        s.validate().map_err(|error| LinkError::Settings { param: settings_param(&error), reason: error.to_string() })?;
        Ok(normalize(&s))
    }

    fn seats(settings: &Settings) -> Result<usize, super::SettingsError> {
        settings.validate().map(|r| r.players)
    }

    type SeatResult = ShengjiResult;

    fn seat_result(&self, seat: Seat) -> Option<ShengjiResult> {
        let r = self.result()?;
        let landlord_side = r.landlord_team.contains(&seat);
        Some(ShengjiResult {
            landlord_side,
            attacker_points: r.attacker_points,
            won: landlord_side == r.ladder.landlord_wins,
            levels: r.ladder.levels + if landlord_side { r.bonus_levels } else { 0 },
        })
    }

    /// First the level swing for the seat's side, then the attackers' points seen from it.
    fn compare_results(a: &ShengjiResult, b: &ShengjiResult) -> Ordering {
        a.level_swing().cmp(&b.level_swing()).then(a.side_points().cmp(&b.side_points()))
    }

    fn write_result(r: &ShengjiResult, b: &mut Vec<u8>) {
        b.push(r.landlord_side as u8 | (r.won as u8) << 1);
        put_varint(b, r.attacker_points as u64);
        b.push(r.levels);
    }

    fn read_result(r: &mut Reader<'_>) -> Result<ShengjiResult, MoveError> {
        let flags = r.byte().ok_or(MoveError::Truncated)?;
        if flags > 3 {
            return Err(MoveError::Field("outcome"));
        }
        let attacker_points = r.varint().ok_or(MoveError::Truncated)?;
        // 100 points per deck (at most 16 decks) plus kitty bonuses and penalties: 100 000 is generous.
        if attacker_points > 100_000 {
            return Err(MoveError::Field("points"));
        }
        let levels = r.byte().ok_or(MoveError::Truncated)?;
        if levels > 13 {
            return Err(MoveError::Field("levels"));
        }
        Ok(ShengjiResult { landlord_side: flags & 1 == 1, attacker_points: attacker_points as u32, won: flags & 2 == 2, levels })
    }

    fn write_move(seat: Seat, action: &Action, b: &mut Vec<u8>) {
        let head = |tag: u8| (tag << 4) | (seat as u8 & 0x0f);
        let cards = |b: &mut Vec<u8>, cards: &[Card]| {
            put_varint(b, cards.len() as u64);
            b.extend(cards.iter().map(|c| c.id() as u8));
        };
        match action {
            Action::Draw => b.push(head(TAG_DRAW)),
            Action::Bid(card, n) => b.extend([head(TAG_BID), card.id() as u8, *n]),
            Action::Pass => b.push(head(TAG_PASS)),
            Action::Bury(c) => {
                b.push(head(TAG_BURY));
                cards(b, c);
            }
            Action::DeclareFriends(fs) => {
                b.push(head(TAG_FRIENDS));
                put_varint(b, fs.len() as u64);
                fs.iter().for_each(|f| b.extend([f.card.id() as u8, f.nth]));
            }
            Action::Play(c) => {
                b.push(head(TAG_PLAY));
                cards(b, c);
            }
            Action::TakeBack => b.push(head(TAG_TAKE_BACK)),
            Action::TakeBackBid => b.push(head(TAG_TAKE_BACK_BID)),
            Action::NextHand => b.push(head(TAG_NEXT_HAND)),
            Action::NextHandFrom(seed) => {
                let seed = &seed.as_bytes()[..seed.len().min(255)];
                b.extend([head(TAG_NEXT_HAND_FROM), seed.len() as u8]);
                b.extend_from_slice(seed);
            }
            Action::LeadAs(c, format) => {
                b.push(head(TAG_LEAD_AS));
                cards(b, c);
                put_varint(b, format.groups().len() as u64);
                for g in format.groups() {
                    put_varint(b, g.len() as u64);
                    b.extend_from_slice(g);
                }
            }
        }
    }

    fn read_move(r: &mut Reader<'_>, players: usize) -> Result<(Seat, Action), MoveError> {
        let head = r.byte().ok_or(MoveError::Truncated)?;
        let seat = (head & 0x0f) as Seat;
        if seat >= players {
            return Err(MoveError::Field("seat"));
        }
        let card = |r: &mut Reader| -> Result<Card, MoveError> {
            Card::from_id(r.byte().ok_or(MoveError::Truncated)? as usize).ok_or(MoveError::Field("card"))
        };
        // A count can never exceed the bytes that are left: every item takes one.
        let count = |r: &mut Reader| -> Result<usize, MoveError> {
            let n = r.varint().ok_or(MoveError::Truncated)?;
            usize::try_from(n).ok().filter(|&n| n <= r.remaining()).ok_or(MoveError::Truncated)
        };
        let cards = |r: &mut Reader| -> Result<Vec<Card>, MoveError> {
            let n = count(r)?;
            (0..n).map(|_| card(r)).collect()
        };
        let action = match head >> 4 {
            TAG_DRAW => Action::Draw,
            TAG_BID => {
                let c = card(r)?;
                Action::Bid(c, r.byte().ok_or(MoveError::Truncated)?)
            }
            TAG_PASS => Action::Pass,
            TAG_BURY => Action::Bury(cards(r)?),
            TAG_FRIENDS => {
                let n = count(r)?;
                let mut fs = Vec::with_capacity(n);
                for _ in 0..n {
                    let c = card(r)?;
                    fs.push(Friend { card: c, nth: r.byte().ok_or(MoveError::Truncated)? });
                }
                Action::DeclareFriends(fs)
            }
            TAG_PLAY => Action::Play(cards(r)?),
            TAG_TAKE_BACK => Action::TakeBack,
            TAG_TAKE_BACK_BID => Action::TakeBackBid,
            TAG_NEXT_HAND => Action::NextHand,
            TAG_NEXT_HAND_FROM => {
                let n = r.byte().ok_or(MoveError::Truncated)? as usize;
                let seed = std::str::from_utf8(r.take(n).ok_or(MoveError::Truncated)?).map_err(|_| MoveError::Field("seed"))?;
                Action::NextHandFrom(seed.to_string())
            }
            TAG_LEAD_AS => {
                let c = cards(r)?;
                let n = count(r)?;
                let mut groups = Vec::with_capacity(n);
                for _ in 0..n {
                    let len = count(r)?;
                    groups.push(r.take(len).ok_or(MoveError::Truncated)?.to_vec());
                }
                Action::LeadAs(c, Format::new(groups).map_err(|_| MoveError::Field("lead format"))?)
            }
            _ => return Err(MoveError::Field("action")),
        };
        Ok((seat, action))
    }
}

/// The link parameter a settings error is about.
fn settings_param(e: &super::SettingsError) -> &'static str {
    use super::SettingsError as E;
    match e {
        E::Players(_) | E::OddTractor(_) => "p",
        E::Decks { .. } | E::NoKitty { .. } => "d",
        E::Kitty { .. } | E::KittySize { .. } => "k",
        E::Friends { .. } => "f",
        E::Tractor { .. } => "tr",
        E::Levels(e) => match e {
            LevelRuleError::Step(_) => "ps",
            LevelRuleError::Takeover(_) => "ts",
            LevelRuleError::DeadZone(_) => "dz",
            LevelRuleError::FinalBelowStart { .. } => "fr",
        },
    }
}
