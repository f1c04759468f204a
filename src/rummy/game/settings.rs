//! The settings of a rummy table: players, points or pool rummy, the pack,
//! the drop and wrong-declaration costs, how a hand that cannot declare is
//! counted and how often the stock may be rebuilt; with defaults, short serde
//! names (links carry them) and validation whose errors say what to change.

use crate::rummy::{Counted, JokerDrawnRule, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Points rummy (a fixed number of deals, the winner of a deal collects the
/// others' points) or pool rummy (points pile up; at the pool limit you are out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    #[default]
    #[serde(rename = "points")]
    Points,
    /// Out at 101 points; the last seat in wins.
    #[serde(rename = "pool-101")]
    Pool101,
    /// Out at 201 points; drops cost 25 and 50 by default.
    #[serde(rename = "pool-201")]
    Pool201,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Points, Variant::Pool101, Variant::Pool201];

    /// The points at which a seat is out of a pool game.
    pub fn pool_limit(self) -> Option<u32> {
        match self {
            Variant::Points => None,
            Variant::Pool101 => Some(101),
            Variant::Pool201 => Some(201),
        }
    }

    /// The default (first, middle) drop costs.
    pub fn default_drops(self) -> (u32, u32) {
        match self {
            Variant::Pool201 => (25, 50),
            Variant::Points | Variant::Pool101 => (20, 40),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Variant::Points => "points",
            Variant::Pool101 => "pool-101",
            Variant::Pool201 => "pool-201",
        }
    }
}

/// Fewest and most players at a table.
pub const MIN_PLAYERS: u8 = 2;
pub const MAX_PLAYERS: u8 = 6;
/// Most standard decks in the pack.
pub const MAX_DECKS: u8 = 3;
/// Most deals in a points game.
pub const MAX_DEALS: u16 = 100;
/// Most times the stock may be rebuilt from the discard pile in one deal.
pub const MAX_RESTOCKS: u8 = 20;
/// The highest cost of a hand (and of a wrong declaration) a table may set.
pub const MAX_POINTS_CAP: u32 = 200;
/// Cards a hand holds between turns.
pub const HAND: usize = 13;

/// Every setting of a table. `None` fields take the documented default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// 2 to 6 (default 2).
    #[serde(rename = "p")]
    pub players: u8,
    #[serde(rename = "v")]
    pub variant: Variant,
    /// Points rummy: deals in a game (default one per player, so each seat
    /// plays first once). Pool games end when one seat is left.
    #[serde(rename = "n", skip_serializing_if = "Option::is_none")]
    pub deals: Option<u16>,
    /// Standard decks, 1 to 3 (default 2).
    #[serde(rename = "d", skip_serializing_if = "Option::is_none")]
    pub decks: Option<u8>,
    /// Printed jokers, 0 to 2 per deck (default one per deck).
    #[serde(rename = "j", skip_serializing_if = "Option::is_none")]
    pub jokers: Option<u8>,
    /// Cost of dropping before your first draw (default 20; 25 in pool 201).
    #[serde(rename = "fd", skip_serializing_if = "Option::is_none")]
    pub first_drop: Option<u32>,
    /// Cost of dropping later (default 40; 50 in pool 201).
    #[serde(rename = "md", skip_serializing_if = "Option::is_none")]
    pub middle_drop: Option<u32>,
    /// Most a hand can cost, and the cost of a wrong declaration (default 80).
    #[serde(rename = "mx")]
    pub max_points: u32,
    /// The wild rank when the card turned up is a printed joker (default aces).
    #[serde(rename = "jd")]
    pub joker_drawn: JokerDrawnRule,
    /// Counting for a hand without a pure sequence (default: every card).
    #[serde(rename = "np")]
    pub without_pure_sequence: Counted,
    /// Counting for a pure sequence without a second sequence (default: all but it).
    #[serde(rename = "ns")]
    pub without_second_sequence: Counted,
    /// Times the stock may be rebuilt from the discard pile in a deal; when it
    /// runs out once more the deal ends with no winner (default 3).
    #[serde(rename = "rs")]
    pub restocks: u8,
}

impl Default for Settings {
    fn default() -> Self {
        let rules = Rules::default();
        Settings {
            players: 2,
            variant: Variant::Points,
            deals: None,
            decks: None,
            jokers: None,
            first_drop: None,
            middle_drop: None,
            max_points: rules.max_points,
            joker_drawn: rules.joker_drawn,
            without_pure_sequence: rules.without_pure_sequence,
            without_second_sequence: rules.without_second_sequence,
            restocks: 3,
        }
    }
}

/// Settings that cannot be played. Each variant carries the numbers its
/// sentence needs, so a UI can phrase it without reading the English back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SettingsError {
    Players(u8),
    Decks(u8),
    Jokers {
        jokers: u8,
        decks: u8,
    },
    /// The pack cannot deal 13 cards to everyone, turn up the wild card and
    /// the first discard and leave a stock card per player; `decks` would.
    PackTooSmall {
        cards: usize,
        players: u8,
        needed: usize,
        decks: Option<u8>,
    },
    /// A number of deals outside 1..=[`MAX_DEALS`].
    Deals(u16),
    /// A number of deals given for a pool game, which ends when one seat is left.
    DealsInPool {
        deals: u16,
        variant: Variant,
    },
    /// A cap outside 1..=[`MAX_POINTS_CAP`].
    MaxPoints(u32),
    /// Drops must cost 1 ≤ first ≤ middle ≤ the cap.
    Drops {
        first: u32,
        middle: u32,
        max_points: u32,
    },
    /// Pool: the cap must be below the pool limit (one bad deal must not end everything at once).
    CapAtPool {
        max_points: u32,
        limit: u32,
    },
    Restocks(u8),
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Players(p) => {
                write!(f, "{p} players is not supported (use {MIN_PLAYERS} to {MAX_PLAYERS})")
            }
            SettingsError::Decks(d) => write!(f, "{d} decks is not supported (use 1 to {MAX_DECKS})"),
            SettingsError::Jokers { jokers, decks } => write!(
                f,
                "{jokers} printed jokers is too many for {decks} deck(s) (use 0 to {}, two per deck at most)",
                2 * *decks as u32
            ),
            SettingsError::PackTooSmall { cards, players, needed, decks } => {
                write!(
                    f,
                    "a pack of {cards} cards is too small for {players} players: 13 each, the wild card, \
                     the first discard and a stock card per player need {needed}"
                )?;
                match decks {
                    Some(d) => write!(f, " (use {d} decks)"),
                    None => write!(f, " (use fewer players)"),
                }
            }
            SettingsError::Deals(n) => write!(f, "{n} deals is not supported (use 1 to {MAX_DEALS})"),
            SettingsError::DealsInPool { deals, variant } => write!(
                f,
                "{deals} deals does not apply to {}: a pool game ends when one player is left (leave the number of deals out)",
                variant.name()
            ),
            SettingsError::MaxPoints(m) => {
                write!(f, "a cap of {m} points is not supported (use 1 to {MAX_POINTS_CAP}; the usual cap is 80)")
            }
            SettingsError::Drops { first, middle, max_points } => write!(
                f,
                "drops costing {first} (first) and {middle} (middle) do not work with a cap of {max_points}: \
                 use 1 ≤ first drop ≤ middle drop ≤ cap (the usual 20 and 40 with 80)"
            ),
            SettingsError::CapAtPool { max_points, limit } => write!(
                f,
                "a cap of {max_points} points reaches the pool limit of {limit} in one deal (use a cap below {limit})"
            ),
            SettingsError::Restocks(r) => {
                write!(f, "{r} stock rebuilds is not supported (use 0 to {MAX_RESTOCKS})")
            }
        }
    }
}

impl std::error::Error for SettingsError {}

/// Validated settings with every default filled in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolved {
    pub players: usize,
    pub variant: Variant,
    /// Points rummy: deals per game; `None` in pool rummy.
    pub deals: Option<u16>,
    pub pool: Option<u32>,
    pub first_drop: u32,
    pub middle_drop: u32,
    pub restocks: u32,
    /// The solver's rules: pack, cap, counting.
    pub rules: Rules,
    pub settings: Settings,
}

impl Resolved {
    /// Cards in the pack.
    pub fn cards(&self) -> usize {
        52 * self.rules.decks as usize + self.rules.printed_jokers as usize
    }

    /// The cost of a wrong declaration: the cap.
    pub fn wrong_declaration(&self) -> u32 {
        self.rules.max_points
    }
}

/// Cards a table of `players` needs: 13 each, the wild card, the first discard
/// and at least one stock card per player.
pub fn cards_needed(players: usize) -> usize {
    HAND * players + 2 + players
}

impl Settings {
    /// The one judge of which tables can be played (links, saves, the CLI and a
    /// new-game screen accept exactly what this accepts).
    pub fn validate(&self) -> Result<Resolved, SettingsError> {
        let p = self.players;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&p) {
            return Err(SettingsError::Players(p));
        }
        let decks = self.decks.unwrap_or(2);
        if !(1..=MAX_DECKS).contains(&decks) {
            return Err(SettingsError::Decks(decks));
        }
        let jokers = self.jokers.unwrap_or(decks);
        if jokers > 2 * decks {
            return Err(SettingsError::Jokers { jokers, decks });
        }
        let cards = 52 * decks as usize + jokers as usize;
        let needed = cards_needed(p as usize);
        if cards < needed {
            let fits = (decks..=MAX_DECKS).find(|&d| 52 * d as usize + 2 * d as usize >= needed);
            return Err(SettingsError::PackTooSmall { cards, players: p, needed, decks: fits });
        }
        let deals = match (self.variant, self.deals) {
            (Variant::Points, None) => Some(p as u16),
            (Variant::Points, Some(n)) if (1..=MAX_DEALS).contains(&n) => Some(n),
            (Variant::Points, Some(n)) => return Err(SettingsError::Deals(n)),
            (variant, Some(deals)) => return Err(SettingsError::DealsInPool { deals, variant }),
            (_, None) => None,
        };
        let max_points = self.max_points;
        if !(1..=MAX_POINTS_CAP).contains(&max_points) {
            return Err(SettingsError::MaxPoints(max_points));
        }
        let pool = self.variant.pool_limit();
        if let Some(limit) = pool {
            if max_points >= limit {
                return Err(SettingsError::CapAtPool { max_points, limit });
            }
        }
        let (first_default, middle_default) = self.variant.default_drops();
        let first = self.first_drop.unwrap_or(first_default);
        let middle = self.middle_drop.unwrap_or(middle_default);
        if first == 0 || first > middle || middle > max_points {
            return Err(SettingsError::Drops { first, middle, max_points });
        }
        if self.restocks > MAX_RESTOCKS {
            return Err(SettingsError::Restocks(self.restocks));
        }
        let rules = Rules {
            decks,
            printed_jokers: jokers,
            hand_size: HAND as u8,
            max_points,
            joker_drawn: self.joker_drawn,
            without_pure_sequence: self.without_pure_sequence,
            without_second_sequence: self.without_second_sequence,
        };
        Ok(Resolved {
            players: p as usize,
            variant: self.variant,
            deals,
            pool,
            first_drop: first,
            middle_drop: middle,
            restocks: self.restocks as u32,
            rules,
            settings: self.clone(),
        })
    }
}

/// A table drawn from `rng` among those [`Settings::validate`] accepts, for
/// sweeps and tests: every variant, 2–6 players, 1–3 decks that hold them,
/// 0 to two jokers per deck, every counting rule and joker-drawn rule, drops
/// and caps at their defaults or drawn, 0 to 5 stock rebuilds.
pub fn sample(rng: &mut (impl rand_core::RngCore + ?Sized)) -> Settings {
    use crate::dup::uniform_below;
    let mut pick = |n: u64| uniform_below(rng, n) as u32;
    let players = MIN_PLAYERS + pick((MAX_PLAYERS - MIN_PLAYERS + 1) as u64) as u8;
    let variant = Variant::ALL[pick(3) as usize];
    let fewest = (1..=MAX_DECKS).find(|&d| 52 * d as usize >= cards_needed(players as usize)).unwrap_or(MAX_DECKS);
    let decks = fewest + pick((MAX_DECKS - fewest + 1) as u64) as u8;
    let jokers = pick(2 * decks as u64 + 1) as u8;
    let counted = [Counted::AllCards, Counted::AllButPureSequence, Counted::UnmeldedOnly];
    let limit = variant.pool_limit().unwrap_or(MAX_POINTS_CAP + 1);
    let max_points = if pick(2) == 0 { 80 } else { (20 + pick(100)).min(limit - 1) };
    let (first_drop, middle_drop) = match pick(3) {
        0 if max_points >= 50 => (None, None),
        _ => {
            let middle = 1 + pick(max_points as u64);
            (Some(1 + pick(middle as u64)), Some(middle))
        }
    };
    Settings {
        players,
        variant,
        deals: match variant {
            Variant::Points => Some(1 + pick(6) as u16),
            _ => None,
        },
        decks: Some(decks),
        jokers: Some(jokers),
        first_drop,
        middle_drop,
        max_points,
        joker_drawn: if pick(2) == 0 { JokerDrawnRule::AcesWild } else { JokerDrawnRule::NoWildRank },
        without_pure_sequence: counted[pick(3) as usize],
        without_second_sequence: counted[pick(3) as usize],
        restocks: pick(6) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults() {
        let r = Settings::default().validate().unwrap();
        assert_eq!((r.players, r.deals, r.pool, r.first_drop, r.middle_drop), (2, Some(2), None, 20, 40));
        assert_eq!((r.rules.decks, r.rules.printed_jokers, r.rules.max_points, r.cards()), (2, 2, 80, 106));
        let pool = Settings { variant: Variant::Pool201, players: 6, ..Settings::default() }.validate().unwrap();
        assert_eq!((pool.deals, pool.pool, pool.first_drop, pool.middle_drop), (None, Some(201), 25, 50));
    }

    #[test]
    fn every_refusal_says_what_to_change() {
        let bad = |s: Settings| s.validate().unwrap_err();
        let d = Settings::default();
        assert_eq!(bad(Settings { players: 7, ..d.clone() }), SettingsError::Players(7));
        assert!(bad(Settings { players: 1, ..d.clone() }).to_string().contains("use 2 to 6"));
        assert!(bad(Settings { decks: Some(4), ..d.clone() }).to_string().contains("use 1 to 3"));
        assert!(bad(Settings { jokers: Some(5), ..d.clone() }).to_string().contains("use 0 to 4"));
        let small = bad(Settings { players: 6, decks: Some(1), ..d.clone() });
        assert_eq!(small, SettingsError::PackTooSmall { cards: 53, players: 6, needed: 86, decks: Some(2) });
        assert!(small.to_string().contains("use 2 decks"), "{small}");
        assert!(bad(Settings { deals: Some(0), ..d.clone() }).to_string().contains("use 1 to 100"));
        let pool = bad(Settings { variant: Variant::Pool101, deals: Some(3), ..d.clone() });
        assert!(pool.to_string().contains("leave the number of deals out"), "{pool}");
        assert!(bad(Settings { max_points: 0, ..d.clone() }).to_string().contains("usual cap is 80"));
        let drops = bad(Settings { first_drop: Some(50), ..d.clone() });
        assert!(drops.to_string().contains("first drop ≤ middle drop ≤ cap"), "{drops}");
        assert!(matches!(bad(Settings { middle_drop: Some(90), ..d.clone() }), SettingsError::Drops { .. }));
        let cap = bad(Settings { variant: Variant::Pool101, max_points: 120, middle_drop: Some(40), ..d.clone() });
        assert!(cap.to_string().contains("below 101"), "{cap}");
        assert!(bad(Settings { restocks: 21, ..d }).to_string().contains("use 0 to 20"));
    }

    #[test]
    fn serde_uses_short_names_and_fills_defaults() {
        let s = Settings { players: 4, variant: Variant::Pool101, ..Settings::default() };
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.starts_with(r#"{"p":4,"v":"pool-101","mx":80"#), "{json}");
        assert_eq!(serde_json::from_str::<Settings>(&json).unwrap(), s);
        assert_eq!(
            serde_json::from_str::<Settings>(r#"{"p":3}"#).unwrap(),
            Settings { players: 3, ..Settings::default() }
        );
        assert!(serde_json::from_str::<Settings>(r#"{"players":3}"#).is_err(), "unknown fields are refused");
    }

    #[test]
    fn sampled_tables_are_valid() {
        let seed = crate::dup::TableSeed::parse("rummysettings").unwrap();
        let mut rng = seed.stream(crate::dup::Purpose::Named("rummy-settings"));
        for _ in 0..2000 {
            let s = sample(&mut rng);
            if let Err(e) = s.validate() {
                panic!("{s:?}: {e}");
            }
        }
    }
}
