//! A table's record — settings, the first seed and every accepted action — and
//! the replay that rebuilds the identical state from it or says which action
//! was refused. Written once for every game; the compact encodings (replay
//! codes, saves) build on it.

use super::{Game, Seat};
use crate::dup::{SeedError, TableSeed};
use derive_where::derive_where;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything needed to rebuild a table. Short field names keep it small.
#[derive(Serialize, Deserialize)]
#[derive_where(Clone, PartialEq)]
#[derive_where(Eq; G::Settings: Eq, G::Action: Eq)]
#[serde(bound(serialize = "", deserialize = ""))]
pub struct Record<G: Game> {
    #[serde(rename = "s")]
    pub settings: G::Settings,
    #[serde(rename = "z")]
    pub seed: String,
    #[serde(rename = "a")]
    pub actions: Vec<(Seat, G::Action)>,
}

impl<G: Game> fmt::Debug for Record<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Record")
            .field("game", &G::NAME)
            .field("settings", &self.settings)
            .field("seed", &self.seed)
            .field("actions", &self.actions)
            .finish()
    }
}

impl<G: Game> Record<G> {
    /// An empty record: a table about to be dealt.
    pub fn new(settings: G::Settings, seed: &TableSeed) -> Record<G> {
        Record { settings, seed: seed.as_str().to_string(), actions: Vec::new() }
    }

    /// The record of `game` so far.
    pub fn of(game: &G) -> Record<G> {
        Record {
            settings: game.settings().clone(),
            seed: game.first_seed().as_str().to_string(),
            actions: game.actions().to_vec(),
        }
    }
}

/// Why a record could not be replayed.
#[derive_where(Clone, Debug)]
#[derive_where(PartialEq; G::SettingsError: PartialEq, G::Error: PartialEq)]
#[derive_where(Eq; G::SettingsError: Eq, G::Error: Eq, G::Action: Eq)]
pub enum ReplayError<G: Game> {
    Seed(SeedError),
    Settings(G::SettingsError),
    Action { index: usize, seat: Seat, action: G::Action, error: G::Error },
}

impl<G: Game> fmt::Display for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Seed(e) => write!(f, "the record's seed is not valid: {e}"),
            ReplayError::Settings(e) => write!(f, "the record's settings are not valid: {e}"),
            ReplayError::Action { index, seat, action, error } => {
                write!(f, "action {} ({action:?} by seat {}) is not legal: {error}", index + 1, seat + 1)
            }
        }
    }
}

impl<G: Game> std::error::Error for ReplayError<G> {}

/// Rebuilds the table a record describes.
pub fn replay<G: Game>(record: &Record<G>) -> Result<G, ReplayError<G>> {
    let seed = TableSeed::parse(&record.seed).map_err(ReplayError::Seed)?;
    let mut game = G::new(record.settings.clone(), seed).map_err(ReplayError::Settings)?;
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
