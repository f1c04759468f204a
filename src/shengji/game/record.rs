//! Game records: settings, seed and every action, compact in serde, and a
//! replay that rebuilds the identical state or says which action was bad.

use super::{Action, Game, RuleError, Seat, Settings, SettingsError};
use crate::dup::{SeedError, TableSeed};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything needed to rebuild a table: short field names keep it small for URLs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    #[serde(rename = "s")]
    pub settings: Settings,
    #[serde(rename = "z")]
    pub seed: String,
    #[serde(rename = "a")]
    pub actions: Vec<(Seat, Action)>,
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Seed(SeedError),
    Settings(SettingsError),
    Action { index: usize, seat: Seat, action: Action, error: RuleError },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Seed(e) => write!(f, "the record's seed is not valid: {e}"),
            ReplayError::Settings(e) => write!(f, "the record's settings are not valid: {e}"),
            ReplayError::Action { index, seat, action, error } => {
                write!(f, "action {index} ({action:?} by seat {seat}) is not legal: {error}")
            }
        }
    }
}

impl std::error::Error for ReplayError {}

impl GameRecord {
    pub fn new(settings: Settings, seed: &TableSeed) -> GameRecord {
        GameRecord { settings, seed: seed.as_str().to_string(), actions: Vec::new() }
    }
}

/// Rebuilds the table a record describes.
pub fn replay(record: &GameRecord) -> Result<Game, ReplayError> {
    let seed = TableSeed::parse(&record.seed).map_err(ReplayError::Seed)?;
    let mut game = Game::new(record.settings.clone(), seed).map_err(ReplayError::Settings)?;
    for (index, (seat, action)) in record.actions.iter().enumerate() {
        game.apply(*seat, action).map_err(|error| ReplayError::Action {
            index,
            seat: *seat,
            action: action.clone(),
            error,
        })?;
    }
    Ok(game)
}
