//! Share links: seed, settings and the sharer's seat as the query pairs of
//! `#/play/shengji?seed=…`, writing only non-default settings under short keys,
//! and a defensive parser whose errors name the parameter and what is allowed.

use super::duplicate::DuplicateResult;
use crate::cards::Rank;
use crate::dup::{TableSeed, DERIVATION_VERSION};
use crate::routes::Route;
use crate::shengji::format::TractorRules;
use crate::shengji::game::{KittyMultiplier, Mode, Seat, Settings, SettingsError, ThrowPenaltySetting};
use crate::shengji::rules::{DrawPolicy, ThrowEvaluation};
use std::fmt;

/// The game name in `#/play/<game>`.
pub const GAME: &str = "shengji";

/// A derivation version that a link leaves out: links without `v` mean this one, forever.
pub const IMPLICIT_DERIVATION: u32 = 1;

/// Every key a link may carry, in the order links write them.
pub const KEYS: [&str; 18] =
    ["seed", "v", "p", "d", "k", "m", "f", "dp", "tr", "te", "tp", "km", "rb", "ft", "sl", "tb", "seat", "r"];

/// What a share link says: the deal (seed + settings) and the seat of the person
/// who shared it. `seat` is 0-based like the engine; links write it 1-based
/// (`seat=1` is seat 0), as the UI numbers seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareLink {
    /// Canonical (lowercase) seed text, valid for [`TableSeed::parse`].
    pub seed: String,
    /// Normalised: settings equal to their default are `None` / default.
    pub settings: Settings,
    pub seat: Seat,
    /// A duplicate result carried by the link (`r=`), if the sharer finished the hand.
    pub result: Option<DuplicateResult>,
}

/// Why a link was refused. Every variant names the parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    MissingSeed,
    Unknown { param: String },
    Repeated { param: String },
    /// A value that is not one of the allowed ones.
    Invalid { param: &'static str, value: String, allowed: String },
    /// The link was made with another seed derivation: it would deal other cards.
    Version { found: String },
    /// The values parse but do not make a playable table.
    Settings { param: &'static str, error: SettingsError },
}

impl LinkError {
    /// The parameter the error is about.
    pub fn param(&self) -> &str {
        match self {
            LinkError::MissingSeed => "seed",
            LinkError::Unknown { param } | LinkError::Repeated { param } => param,
            LinkError::Invalid { param, .. } | LinkError::Settings { param, .. } => param,
            LinkError::Version { .. } => "v",
        }
    }
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::MissingSeed => write!(f, "the link has no seed: it needs seed= followed by 1 to 64 letters or digits"),
            LinkError::Unknown { param } => write!(
                f,
                "the link has an unknown parameter '{}' (known: {})",
                shorten(param),
                KEYS.join(", ")
            ),
            LinkError::Repeated { param } => write!(f, "the link gives the parameter '{param}' more than once"),
            LinkError::Invalid { param, value, allowed } => {
                write!(f, "the link's parameter '{param}' is '{}': {allowed}", shorten(value))
            }
            LinkError::Version { found } => write!(
                f,
                "the link's parameter 'v' is '{}': it was made by another version of the app that deals \
                 cards differently (this version deals with derivation {DERIVATION_VERSION})",
                shorten(found)
            ),
            LinkError::Settings { param, error } => write!(f, "the link's parameter '{param}' does not work: {error}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// Keeps hostile values from flooding an error message.
fn shorten(s: &str) -> String {
    if s.chars().count() <= 24 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(24).collect::<String>())
    }
}

/// Settings with every field that equals its default written as the default
/// (`decks: Some(2)` with 4 players becomes `None`), so equal tables give equal links.
pub fn normalize(settings: &Settings) -> Settings {
    let mut s = settings.clone();
    let default_decks = (s.players / 2).max(1);
    if s.decks == Some(default_decks) {
        s.decks = None;
    }
    if let Ok(r) = (Settings { kitty: None, ..s.clone() }).validate() {
        if s.kitty == Some(r.kitty as u8) {
            s.kitty = None;
        }
    }
    match s.mode {
        Mode::Tractor => s.friends = None,
        Mode::Friends => {
            if s.friends == Some((s.players / 2).saturating_sub(1).max(1)) {
                s.friends = None;
            }
        }
    }
    s
}

fn bit(b: bool) -> String {
    if b { "1" } else { "0" }.to_string()
}

/// The query pairs of the settings alone (no seed, seat or result): only the
/// non-default ones, in [`KEYS`] order. Also the canonical settings text that
/// duplicate fingerprints and replay codes use.
pub fn settings_pairs(settings: &Settings) -> Vec<(String, String)> {
    let s = normalize(settings);
    let d = Settings::default();
    let mut q: Vec<(&str, String)> = Vec::new();
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
    q.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// The canonical settings text (`p=6&d=3`, empty for the defaults).
pub fn settings_text(settings: &Settings) -> String {
    settings_pairs(settings).iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
}

impl ShareLink {
    /// A link for a validated seed; the settings are normalised.
    pub fn new(seed: &TableSeed, settings: &Settings, seat: Seat) -> ShareLink {
        ShareLink { seed: seed.as_str().to_string(), settings: normalize(settings), seat, result: None }
    }

    /// The link of a table's deal, for `seat` (the settings and seed of `game`).
    pub fn from_game(game: &crate::shengji::game::Game, seat: Seat) -> ShareLink {
        ShareLink::new(game.seed(), &game.settings().settings, seat)
    }

    /// The same link carrying a result (`r=`), for the end-of-hand card.
    pub fn with_result(mut self, result: DuplicateResult) -> ShareLink {
        self.result = Some(result);
        self
    }

    /// The query pairs, only what differs from the defaults.
    pub fn to_query(&self) -> Vec<(String, String)> {
        let mut q = vec![("seed".to_string(), self.seed.clone())];
        if DERIVATION_VERSION != IMPLICIT_DERIVATION {
            q.push(("v".into(), DERIVATION_VERSION.to_string()));
        }
        q.extend(settings_pairs(&self.settings));
        if self.seat != 0 {
            q.push(("seat".into(), (self.seat + 1).to_string()));
        }
        if let Some(r) = &self.result {
            q.push(("r".into(), r.encode()));
        }
        q
    }

    /// The whole hash, `#/play/shengji?seed=…`.
    pub fn to_hash(&self) -> String {
        Route::Play { game: GAME.to_string(), query: self.to_query() }.to_hash()
    }

    /// Parses a hash such as `#/play/shengji?seed=abc&p=6`.
    pub fn parse_hash(hash: &str) -> Result<ShareLink, LinkError> {
        match Route::parse(hash) {
            Route::Play { game, query } if game == GAME => ShareLink::from_query(&query),
            _ => Err(LinkError::Invalid {
                param: "path",
                value: hash.to_string(),
                allowed: "a share link starts with #/play/shengji?seed=".into(),
            }),
        }
    }

    /// Parses the query pairs of a `Route::Play` (already percent-decoded).
    pub fn from_query(query: &[(String, String)]) -> Result<ShareLink, LinkError> {
        let mut seen: Vec<&str> = Vec::new();
        for (k, _) in query {
            let Some(&key) = KEYS.iter().find(|x| **x == k.as_str()) else {
                return Err(LinkError::Unknown { param: k.clone() });
            };
            if seen.contains(&key) {
                return Err(LinkError::Repeated { param: key.to_string() });
            }
            seen.push(key);
        }
        let get = |key: &str| query.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        if let Some(v) = get("v") {
            let allowed = format!("the deal derivation version, a plain number (this version deals with {DERIVATION_VERSION})");
            let n = number_u32(v).ok_or_else(|| invalid("v", v, &allowed))?;
            if n != DERIVATION_VERSION {
                return Err(LinkError::Version { found: v.to_string() });
            }
        } else if DERIVATION_VERSION != IMPLICIT_DERIVATION {
            return Err(LinkError::Version { found: format!("absent, meaning {IMPLICIT_DERIVATION}") });
        }
        let seed_text = get("seed").ok_or(LinkError::MissingSeed)?;
        let seed = TableSeed::parse(seed_text).map_err(|e| LinkError::Invalid {
            param: "seed",
            value: seed_text.to_string(),
            allowed: e.to_string(),
        })?;
        if seed_text != seed_text.trim() {
            return Err(LinkError::Invalid { param: "seed", value: seed_text.into(), allowed: "a seed has no spaces".into() });
        }
        // Numbers are read over their whole type (0–255); `Settings::validate` below is
        // the one judge of the ranges, so links accept exactly the tables it accepts.
        let mut s = Settings::default();
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
            let names: Vec<&str> = ThrowEvaluation::ALL.iter().map(|t| t.name()).collect();
            s.throw_evaluation = *ThrowEvaluation::ALL
                .iter()
                .find(|t| t.name() == v)
                .ok_or_else(|| invalid("te", v, &format!("use one of: {}", names.join(", "))))?;
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
        if let Some(v) = get("sl") {
            s.starting_level = Rank::parse(v)
                .filter(|r| r.notation() == v)
                .ok_or_else(|| invalid("sl", v, "use a rank: 2-10, J, Q, K or A"))?;
        }
        let resolved = s.validate().map_err(|error| LinkError::Settings { param: settings_param(&error), error })?;
        let seat = match get("seat") {
            Some(v) => {
                let allowed = format!("a seat from 1 to {}", resolved.players);
                match number(v, "seat", &allowed)? as usize {
                    n @ 1.. if n <= resolved.players => n - 1,
                    _ => return Err(invalid("seat", v, &allowed)),
                }
            }
            None => 0,
        };
        let mut link = ShareLink { seed: seed.as_str().to_string(), settings: normalize(&s), seat, result: None };
        if let Some(v) = get("r") {
            let r = DuplicateResult::decode(v).map_err(|e| invalid("r", v, &e.to_string()))?;
            if !r.is_for(&link) {
                return Err(invalid("r", v, "the result is for another deal than this link's seed and settings"));
            }
            link.result = Some(r);
        }
        Ok(link)
    }

    /// The table seed (validated when the link was made or parsed).
    pub fn table_seed(&self) -> TableSeed {
        TableSeed::parse(&self.seed).unwrap_or_else(|_| TableSeed::parse("invalid").expect("constant seed"))
    }
}

fn invalid(param: &'static str, value: &str, allowed: &str) -> LinkError {
    LinkError::Invalid { param, value: value.to_string(), allowed: allowed.to_string() }
}

/// A plain decimal number (no sign, no leading zero, no spaces) from 0 to 255.
fn number(v: &str, param: &'static str, allowed: &str) -> Result<u8, LinkError> {
    let ok = !v.is_empty() && v.len() <= 3 && v.bytes().all(|b| b.is_ascii_digit()) && !(v.len() > 1 && v.starts_with('0'));
    match v.parse::<u8>() {
        Ok(n) if ok => Ok(n),
        _ => Err(invalid(param, v, allowed)),
    }
}

fn number_u32(v: &str) -> Option<u32> {
    let canonical = !v.is_empty() && v.len() <= 9 && v.bytes().all(|b| b.is_ascii_digit()) && !(v.len() > 1 && v.starts_with('0'));
    canonical.then(|| v.parse().ok()).flatten()
}

fn flag(v: Option<&str>, param: &'static str, default: bool) -> Result<bool, LinkError> {
    match v {
        None => Ok(default),
        Some("1") => Ok(true),
        Some("0") => Ok(false),
        Some(v) => Err(invalid(param, v, "use 1 (on) or 0 (off)")),
    }
}

/// The link parameter a settings error is about.
fn settings_param(e: &SettingsError) -> &'static str {
    match e {
        SettingsError::Players(_) | SettingsError::OddTractor(_) => "p",
        SettingsError::Decks { .. } | SettingsError::NoKitty { .. } => "d",
        SettingsError::Kitty { .. } | SettingsError::KittySize { .. } => "k",
        SettingsError::Friends { .. } => "f",
        SettingsError::Tractor { .. } => "tr",
    }
}
