//! A table's record — settings, the first seed and every accepted action — and
//! the replay that rebuilds the identical state from it or says which action
//! was refused. Written once for every game; the compact encodings (replay
//! codes, saves) build on it.

use super::{Game, Seat};
use crate::dup::{SeedError, TableSeed};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything needed to rebuild a table. Short field names keep it small.
#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""))]
pub struct Record<G: Game> {
    #[serde(rename = "s")]
    pub settings: G::Settings,
    #[serde(rename = "z")]
    pub seed: String,
    #[serde(rename = "a")]
    pub actions: Vec<(Seat, G::Action)>,
}

impl<G: Game> Clone for Record<G> {
    fn clone(&self) -> Self {
        Record { settings: self.settings.clone(), seed: self.seed.clone(), actions: self.actions.clone() }
    }
}

impl<G: Game> PartialEq for Record<G> {
    fn eq(&self, other: &Self) -> bool {
        self.settings == other.settings && self.seed == other.seed && self.actions == other.actions
    }
}

impl<G: Game> Eq for Record<G>
where
    G::Settings: Eq,
    G::Action: Eq,
{
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

impl<G: Game> fmt::Debug for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Seed(e) => f.debug_tuple("Seed").field(e).finish(),
            ReplayError::Settings(e) => f.debug_tuple("Settings").field(e).finish(),
            ReplayError::Action { index, seat, action, error } => f
                .debug_struct("Action")
                .field("index", index)
                .field("seat", seat)
                .field("action", action)
                .field("error", error)
                .finish(),
        }
    }
}

impl<G: Game> Clone for ReplayError<G> {
    fn clone(&self) -> Self {
        match self {
            ReplayError::Seed(e) => ReplayError::Seed(e.clone()),
            ReplayError::Settings(e) => ReplayError::Settings(e.clone()),
            ReplayError::Action { index, seat, action, error } => {
                ReplayError::Action { index: *index, seat: *seat, action: action.clone(), error: error.clone() }
            }
        }
    }
}

impl<G: Game> PartialEq for ReplayError<G>
where
    G::SettingsError: PartialEq,
    G::Error: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (ReplayError::Seed(a), ReplayError::Seed(b)) => a == b,
            (ReplayError::Settings(a), ReplayError::Settings(b)) => a == b,
            (
                ReplayError::Action { index, seat, action, error },
                ReplayError::Action { index: i2, seat: s2, action: a2, error: e2 },
            ) => index == i2 && seat == s2 && action == a2 && error == e2,
            _ => false,
        }
    }
}

impl<G: Game> Eq for ReplayError<G>
where
    G::SettingsError: Eq,
    G::Error: Eq,
{
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
