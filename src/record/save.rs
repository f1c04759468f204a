//! Saved games: a versioned JSON envelope (format, app version, seat, the record
//! as a replay code, optional UI state) that the UI writes to localStorage after
//! every action, and a loader that tells absent, ok, incompatible and corrupt apart.

use super::duplicate::fingerprint;
use super::link::ShareLink;
use crate::shengji::game::{replay, Game, GameRecord, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The envelope's layout version. Bump it when the layout or the record's
/// meaning changes; older saves then load as [`Loaded::Incompatible`].
/// (1 held the record as JSON; 2 holds it as a replay code.)
pub const SAVE_FORMAT: u32 = 2;
/// Larger saves are refused as corrupt without parsing (localStorage holds ~5 MB).
pub const MAX_SAVE_BYTES: usize = 4 * 1024 * 1024;

/// UI state kept with the game (all optional; unknown fields are ignored).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct UiState {
    /// The selected tab, e.g. "hint" or "tricks".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tab: Option<String>,
    /// Cards selected in the hand, in notation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub selected: Vec<String>,
    /// The table link's bot pace (`pace=`), so resuming keeps the table's speed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pace: Option<String>,
}

/// What is written to storage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveEnvelope {
    pub format: u32,
    /// The app version that wrote it (for the message when it cannot be read).
    pub app: String,
    /// The human player's seat, 0-based.
    pub seat: Seat,
    /// Stored as a replay code (`record::replay_code`): the binary codec the replay
    /// links use, so the browser build needs no JSON code for records.
    #[serde(with = "record_as_code")]
    pub record: GameRecord,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ui: Option<UiState>,
}

/// Serde for a record as its replay code, with limits sized for saves (a long
/// table's record is far larger than one hand's link).
mod record_as_code {
    use crate::record::replay_code::{decode_with_limits, encode_record};
    use crate::shengji::game::GameRecord;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(record: &GameRecord, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&encode_record(record))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameRecord, D::Error> {
        let code = String::deserialize(d)?;
        decode_with_limits(&code, super::MAX_SAVE_BYTES, 8 * super::MAX_SAVE_BYTES).map_err(D::Error::custom)
    }
}

/// The result of loading a save.
#[derive(Debug)]
pub enum Loaded {
    /// Nothing stored: start cleanly.
    Absent,
    /// The save, and the game rebuilt from its record.
    Ok { save: SaveEnvelope, game: Box<Game> },
    /// Written by a version with another save format: move it to the backup key.
    Incompatible { format: u32, app: Option<String> },
    /// Not readable, or the record does not replay: move it to the backup key.
    Corrupt { reason: String },
}

impl Loaded {
    /// A sentence for the player when the save could not be used.
    pub fn notice(&self) -> Option<String> {
        match self {
            Loaded::Absent | Loaded::Ok { .. } => None,
            Loaded::Incompatible { format, app } => Some(format!(
                "Your saved game was written by {} (save format {format}) and cannot be opened by this version ({}, save format {SAVE_FORMAT}); it was kept as a backup and a new game starts.",
                app.as_deref().map(|a| format!("version {a}")).unwrap_or_else(|| "another version".into()),
                crate::VERSION
            )),
            Loaded::Corrupt { reason } => Some(format!(
                "Your saved game could not be read ({reason}); it was kept as a backup and a new game starts."
            )),
        }
    }
}

impl fmt::Display for Loaded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loaded::Absent => f.write_str("no saved game"),
            Loaded::Ok { save, .. } => write!(f, "a saved game of {} actions", save.record.actions.len()),
            _ => f.write_str(&self.notice().unwrap_or_default()),
        }
    }
}

impl SaveEnvelope {
    /// An envelope for the current app version.
    pub fn new(game: &Game, seat: Seat, ui: Option<UiState>) -> SaveEnvelope {
        SaveEnvelope { format: SAVE_FORMAT, app: crate::VERSION.to_string(), seat, record: game.record(), ui }
    }

    /// True if this save is the game a table link opens: the same seed, the same
    /// table rules (settings fingerprint) and the same seat. The link's result is ignored.
    pub fn is_for(&self, link: &ShareLink) -> bool {
        self.record.seed == link.seed && fingerprint::<crate::shengji::game::Game>(&self.record.settings) == fingerprint::<crate::shengji::game::Game>(&link.settings) && self.seat == link.seat
    }

    /// The share link of the saved deal, from the saver's seat.
    pub fn link(&self) -> Option<ShareLink> {
        let seed = crate::dup::TableSeed::parse(&self.record.seed).ok()?;
        Some(ShareLink::new(&seed, &self.record.settings, self.seat))
    }

    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads what storage holds (`None` or blank: nothing saved).
    pub fn decode(stored: Option<&str>) -> Loaded {
        let Some(text) = stored.filter(|t| !t.trim().is_empty()) else {
            return Loaded::Absent;
        };
        if text.len() > MAX_SAVE_BYTES {
            return Loaded::Corrupt { reason: format!("it is larger than {MAX_SAVE_BYTES} bytes") };
        }
        let value: serde_json::Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => return Loaded::Corrupt { reason: format!("it is not valid JSON: {e}") },
        };
        let Some(format) = value.get("format").and_then(|f| f.as_u64()) else {
            return Loaded::Corrupt { reason: "it has no format number".into() };
        };
        if format != SAVE_FORMAT as u64 {
            let app = value.get("app").and_then(|a| a.as_str()).map(|a| a.chars().take(40).collect());
            return Loaded::Incompatible { format: format.min(u32::MAX as u64) as u32, app };
        }
        let save: SaveEnvelope = match serde_json::from_value(value) {
            Ok(s) => s,
            Err(e) => return Loaded::Corrupt { reason: format!("its fields are not valid: {e}") },
        };
        let game = match replay(&save.record) {
            Ok(g) => g,
            Err(e) => return Loaded::Corrupt { reason: e.to_string() },
        };
        if save.seat >= game.players() {
            return Loaded::Corrupt { reason: format!("its seat {} is not at a {}-player table", save.seat + 1, game.players()) };
        }
        Loaded::Ok { save, game: Box::new(game) }
    }
}
