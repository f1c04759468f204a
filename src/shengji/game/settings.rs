//! Game settings for a Shengji table: players, decks, kitty, mode, rule
//! policies, bidding and friend restrictions, with defaults and validation
//! that names what is wrong.

use crate::cards::Rank;
use crate::shengji::format::TractorRules;
use crate::shengji::rules::{DrawPolicy, Rules, ThrowEvaluation};
use crate::shengji::trump::Trump;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Tractor (fixed partnerships on alternating seats) or Finding Friends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    #[default]
    Tractor,
    Friends,
}

/// How the kitty's points are multiplied when the attackers win the last trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KittyMultiplier {
    /// 2 × the number of cards in the largest unit of the last trick's lead.
    #[default]
    TwiceLargestUnit,
    /// 2 to the power of that unit's size.
    PowerOfTwo,
}

/// Points lost for a failed throw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThrowPenaltySetting {
    #[default]
    None,
    /// 10 points per failed throw, credited to the other side.
    TenPerThrow,
}

/// Every setting of a table. Fields left `None` take the documented default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    #[serde(rename = "p")]
    pub players: u8,
    /// Default players / 2 (at least 1).
    #[serde(rename = "d", skip_serializing_if = "Option::is_none")]
    pub decks: Option<u8>,
    /// Default: see [`default_kitty`].
    #[serde(rename = "k", skip_serializing_if = "Option::is_none")]
    pub kitty: Option<u8>,
    #[serde(rename = "m")]
    pub mode: Mode,
    /// Friends mode: default players / 2 − 1.
    #[serde(rename = "f", skip_serializing_if = "Option::is_none")]
    pub friends: Option<u8>,
    #[serde(rename = "dp")]
    pub draw_policy: DrawPolicy,
    #[serde(rename = "tr")]
    pub tractor: TractorRules,
    #[serde(rename = "te")]
    pub throw_evaluation: ThrowEvaluation,
    #[serde(rename = "tp")]
    pub throw_penalty: ThrowPenaltySetting,
    #[serde(rename = "km")]
    pub kitty_multiplier: KittyMultiplier,
    /// A player may raise their own bid with more copies of the same card.
    #[serde(rename = "rb")]
    pub reinforce: bool,
    /// Friend cards may be trump cards (off by default).
    #[serde(rename = "ft")]
    pub friend_trump_allowed: bool,
    /// Everyone starts at this rank.
    #[serde(rename = "sl")]
    pub starting_level: Rank,
    /// A player may take back their last play before the next player acts.
    #[serde(rename = "tb")]
    pub take_back: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            players: 4,
            decks: None,
            kitty: None,
            mode: Mode::Tractor,
            friends: None,
            draw_policy: DrawPolicy::default(),
            tractor: TractorRules::default(),
            throw_evaluation: ThrowEvaluation::default(),
            throw_penalty: ThrowPenaltySetting::None,
            kitty_multiplier: KittyMultiplier::TwiceLargestUnit,
            reinforce: true,
            friend_trump_allowed: false,
            starting_level: Rank::Two,
            take_back: true,
        }
    }
}

/// Settings that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    Players(u8),
    OddTractor(u8),
    Decks { decks: u8, players: u8 },
    Kitty { kitty: u8, cards: usize, players: u8 },
    Friends { friends: u8, players: u8 },
    Tractor(String),
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Players(p) => write!(f, "{p} players is not supported (use 4 to 10)"),
            SettingsError::OddTractor(p) => write!(
                f,
                "Tractor mode needs an even number of players for fixed partnerships, not {p} (use Finding Friends)"
            ),
            SettingsError::Decks { decks, players } => {
                let most = (2 * *players as usize).min(crate::shengji::rules::MAX_DECKS as usize);
                write!(f, "{decks} decks is not supported with {players} players (use 1 to {most})")
            }
            SettingsError::Kitty { kitty, cards, players } => write!(
                f,
                "a kitty of {kitty} cards does not work: the other {} of {cards} cards must split evenly among {players} players, at least one card each",
                cards.saturating_sub(*kitty as usize)
            ),
            SettingsError::Friends { friends, players } => write!(
                f,
                "{friends} friends is not possible with {players} players (use 1 to {})",
                players.saturating_sub(2)
            ),
            SettingsError::Tractor(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for SettingsError {}

/// The default kitty: the smallest k ≥ 5 such that the other cards split
/// evenly among the players (108 cards, 4 players → 8; 5 players → 8;
/// 162 cards, 6 players → 6).
pub fn default_kitty(cards: usize, players: usize) -> usize {
    let mut k = 5.min(cards);
    while k < cards && !(cards - k).is_multiple_of(players) {
        k += 1;
    }
    k
}

/// Validated settings with every default filled in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolved {
    pub players: usize,
    pub decks: usize,
    pub kitty: usize,
    pub mode: Mode,
    pub friends: usize,
    pub settings: Settings,
}

impl Resolved {
    pub fn cards(&self) -> usize {
        54 * self.decks
    }
    pub fn hand_size(&self) -> usize {
        (self.cards() - self.kitty) / self.players
    }
    pub fn total_points(&self) -> u32 {
        100 * self.decks as u32
    }
    /// The rules context for a hand with this trump.
    pub fn rules(&self, trump: Trump) -> Rules {
        // Validation made every field acceptable, so this cannot fail; fall
        // back to the default tractor rules rather than panic.
        let base = Rules::new(trump, self.decks).expect("decks validated");
        base.clone()
            .with_tractor_rules(self.settings.tractor)
            .unwrap_or(base)
            .with_draw_policy(self.settings.draw_policy)
            .with_throw_evaluation(self.settings.throw_evaluation)
    }
}

impl Settings {
    pub fn validate(&self) -> Result<Resolved, SettingsError> {
        let p = self.players;
        if !(4..=10).contains(&p) {
            return Err(SettingsError::Players(p));
        }
        if self.mode == Mode::Tractor && p % 2 == 1 {
            return Err(SettingsError::OddTractor(p));
        }
        let decks = self.decks.unwrap_or((p / 2).max(1));
        if decks == 0 || decks as usize > 2 * p as usize || decks > crate::shengji::rules::MAX_DECKS {
            return Err(SettingsError::Decks { decks, players: p });
        }
        if self.tractor.min_tuple < 2 || self.tractor.min_length < 2 {
            return Err(SettingsError::Tractor(format!(
                "tractor rules need a minimum tuple and length of at least 2 (got {} and {})",
                self.tractor.min_tuple, self.tractor.min_length
            )));
        }
        let cards = 54 * decks as usize;
        let kitty = match self.kitty {
            Some(k) => {
                let k = k as usize;
                if k >= cards || !(cards - k).is_multiple_of(p as usize) || (cards - k) / (p as usize) < 1 {
                    return Err(SettingsError::Kitty { kitty: k as u8, cards, players: p });
                }
                k
            }
            None => default_kitty(cards, p as usize),
        };
        let friends = match self.mode {
            Mode::Tractor => 0,
            Mode::Friends => {
                let f = self.friends.unwrap_or((p / 2).saturating_sub(1).max(1));
                if f == 0 || f > p - 2 {
                    return Err(SettingsError::Friends { friends: f, players: p });
                }
                f as usize
            }
        };
        Ok(Resolved { players: p as usize, decks: decks as usize, kitty, mode: self.mode, friends, settings: self.clone() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_kitty_formula() {
        let r = Settings::default().validate().unwrap();
        assert_eq!((r.players, r.decks, r.kitty, r.hand_size()), (4, 2, 8, 25));
        let s = Settings { players: 5, mode: Mode::Friends, ..Settings::default() };
        let r = s.validate().unwrap();
        assert_eq!((r.decks, r.kitty, r.friends, r.hand_size()), (2, 8, 1, 20));
        let s = Settings { players: 6, ..Settings::default() };
        assert_eq!(s.validate().unwrap().kitty, 6);
        assert_eq!(default_kitty(54, 4), 6);
    }

    #[test]
    fn invalid_settings_are_named() {
        let e = Settings { players: 3, ..Settings::default() }.validate().unwrap_err();
        assert!(e.to_string().contains("3 players"));
        let e = Settings { players: 5, ..Settings::default() }.validate().unwrap_err();
        assert!(e.to_string().contains("even number"));
        let e = Settings { decks: Some(9), ..Settings::default() }.validate().unwrap_err();
        assert!(e.to_string().contains("9 decks"));
        let e = Settings { kitty: Some(7), ..Settings::default() }.validate().unwrap_err();
        assert!(e.to_string().contains("kitty of 7"));
        let e = Settings { players: 6, mode: Mode::Friends, friends: Some(5), ..Settings::default() }
            .validate()
            .unwrap_err();
        assert!(e.to_string().contains("5 friends"));
    }
}
