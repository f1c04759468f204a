//! The table's options. Sichuan mahjong is played by four with the 108 suited
//! tiles; what varies between tables is whether the hand starts with the
//! exchange of three tiles, the fan cap (封顶), whether four red dragons join
//! the wall as wildcards (红中赖子), how long a person has to answer a claim
//! window (the board's countdown; bots answer at once), and three house rules
//! of the settlement: whether a winner leaves the hand (血战到底) or plays on
//! (血流成河), whether a kong's money follows a win on its discard (呼叫转移),
//! and whether a self-drawn win adds a fan or a base point (自摸加番 / 自摸加底).
//! Every default keeps the table as it was before the option existed.

use crate::mahjong::{SichuanRules, Tile};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Seats at a Sichuan table.
pub const PLAYERS: usize = 4;
/// The fan caps a table may choose.
pub const MAX_FAN: std::ops::RangeInclusive<u32> = 2..=8;
/// The claim countdowns a table may choose, in seconds (0: wait for the person).
pub const CLAIM_SECONDS: std::ops::RangeInclusive<u32> = 3..=60;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// 换三张: each seat passes three tiles of one suit before the void is chosen.
    pub exchange: bool,
    /// 封顶: the most fan one win scores; a win pays 2^fan.
    pub max_fan: u32,
    /// Seconds a person has to answer a claim before it passes by itself (0 = no limit).
    pub claim_seconds: u32,
    /// 红中赖子: the four red dragons join the wall (112 tiles) and each stands for any
    /// tile in a winning hand. They are never discarded, punged or konged.
    pub wildcards: bool,
    /// 血战到底 (a winner leaves the hand) or 血流成河 (winners play on to the wall's end).
    pub hand_end: HandEnd,
    /// 呼叫转移: a win on the discard right after the discarder's kong takes that kong's money.
    pub kong_transfer: bool,
    /// 自摸加番 (+1 fan) or 自摸加底 (each payer pays one point more).
    pub self_drawn: SelfDrawnBonus,
}

/// How a hand goes on once seats win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HandEnd {
    /// 血战到底: a seat that wins leaves the hand; it ends when three have won or the wall is empty.
    #[default]
    #[serde(rename = "fight")]
    FightToTheEnd,
    /// 血流成河: a seat that wins plays on with its hand locked (it discards what it draws
    /// unless that wins again) and may win again; the hand ends when the wall is empty.
    #[serde(rename = "river")]
    BloodRiver,
}

impl HandEnd {
    pub const ALL: [HandEnd; 2] = [HandEnd::FightToTheEnd, HandEnd::BloodRiver];

    /// The name links and the CLI use.
    pub fn name(self) -> &'static str {
        match self {
            HandEnd::FightToTheEnd => "fight",
            HandEnd::BloodRiver => "river",
        }
    }
}

/// What a self-drawn win adds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SelfDrawnBonus {
    /// 自摸加番: one fan (the 自摸 item), within the cap.
    #[default]
    #[serde(rename = "fan")]
    Fan,
    /// 自摸加底: no fan; each payer pays `2^fan + 1` (the point is added after the cap).
    #[serde(rename = "base")]
    Base,
}

impl SelfDrawnBonus {
    pub const ALL: [SelfDrawnBonus; 2] = [SelfDrawnBonus::Fan, SelfDrawnBonus::Base];

    /// The name links and the CLI use.
    pub fn name(self) -> &'static str {
        match self {
            SelfDrawnBonus::Fan => "fan",
            SelfDrawnBonus::Base => "base",
        }
    }
}

/// The red dragon (红中, `7z`): the wildcard of a table that plays with wildcards.
pub const WILD_TILE: Tile = match Tile::from_id(33) {
    Some(t) => t,
    None => panic!("33 is the red dragon's id"),
};

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            exchange: true,
            max_fan: 4,
            claim_seconds: 0,
            wildcards: false,
            hand_end: HandEnd::FightToTheEnd,
            kong_transfer: false,
            self_drawn: SelfDrawnBonus::Fan,
        }
    }
}

/// Why settings make no table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SettingsError {
    MaxFan(u32),
    ClaimSeconds(u32),
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::MaxFan(n) => write!(
                f,
                "a fan cap of {n} is not offered: choose {} to {}",
                MAX_FAN.start(),
                MAX_FAN.end()
            ),
            SettingsError::ClaimSeconds(n) => write!(
                f,
                "a claim countdown of {n} seconds is not offered: choose 0 (no limit) or {} to {}",
                CLAIM_SECONDS.start(),
                CLAIM_SECONDS.end()
            ),
        }
    }
}

impl std::error::Error for SettingsError {}

impl Settings {
    pub fn validate(&self) -> Result<(), SettingsError> {
        if !MAX_FAN.contains(&self.max_fan) {
            return Err(SettingsError::MaxFan(self.max_fan));
        }
        if self.claim_seconds != 0 && !CLAIM_SECONDS.contains(&self.claim_seconds) {
            return Err(SettingsError::ClaimSeconds(self.claim_seconds));
        }
        Ok(())
    }

    /// The wildcard kind, if the table plays with wildcards.
    pub fn wild_kind(&self) -> Option<Tile> {
        self.wildcards.then_some(WILD_TILE)
    }

    /// Whether `tile` is this table's wildcard.
    pub fn is_wild(&self, tile: Tile) -> bool {
        self.wild_kind() == Some(tile)
    }

    /// Whether `tile` is in this table's set: a suited tile, or the wildcard when played
    /// (with wildcards an honour could complete a hand on paper: not here).
    pub fn in_set(&self, tile: Tile) -> bool {
        !tile.is_honour() || self.is_wild(tile)
    }

    /// Tiles in the set: 108, or 112 with the red dragons.
    pub fn tiles(&self) -> usize {
        if self.wildcards {
            112
        } else {
            108
        }
    }

    /// 血流成河: winners stay in the hand.
    pub fn winners_play_on(&self) -> bool {
        self.hand_end == HandEnd::BloodRiver
    }

    /// The fan counter's rules for this table.
    pub fn rules(&self) -> SichuanRules {
        SichuanRules { max_fan: self.max_fan }
    }

    /// What the highest-scoring hand pays: 花猪 and 查叫 use it.
    pub fn cap_points(&self) -> i64 {
        1i64 << self.max_fan
    }
}
