//! localStorage access that never crashes the app: storage can be disabled (private
//! browsing), full, or hold data from another version. Every call returns a Result
//! whose error a screen can show in plain words. Also the saved game (one
//! `record::SaveEnvelope`, set aside to a backup key when unreadable) and the
//! duplicate results kept per seed.

use crate::record::duplicate::{DuplicateResult, Merge, SeedResults, Source};
use crate::record::save::{Loaded, SaveEnvelope, SaveError};
use serde::{de::DeserializeOwned, Serialize};

/// Keys used by the app, versioned so an incompatible layout is never misread.
pub mod keys {
    /// Display preferences (theme, language, ...).
    pub const PREFS: &str = "tuolaji.prefs.v1";
    /// The game in progress (its record), if any.
    pub const SAVED_GAME: &str = "tuolaji.game.v1";
    /// Where an unreadable or incompatible saved game is moved, untouched.
    pub const SAVED_GAME_BACKUP: &str = "tuolaji.game.v1.backup";
    /// Duplicate results of one seed: this prefix + the seed (`record::SeedResults` as JSON).
    pub const RESULTS_PREFIX: &str = "tuolaji.results.v1.";
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// No localStorage (disabled, private mode, or not a browser).
    Unavailable,
    /// The browser refused to write (usually: storage full).
    WriteFailed(String),
    /// A stored value could not be read back (corrupt or from another version).
    Corrupt(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Unavailable => f.write_str("browser storage is not available"),
            StoreError::WriteFailed(e) => write!(f, "the browser refused to save ({e})"),
            StoreError::Corrupt(e) => write!(f, "saved data could not be read ({e})"),
        }
    }
}

fn storage() -> Result<web_sys::Storage, StoreError> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or(StoreError::Unavailable)
}

pub fn get_raw(key: &str) -> Result<Option<String>, StoreError> {
    storage()?.get_item(key).map_err(|_| StoreError::Unavailable)
}

pub fn set_raw(key: &str, value: &str) -> Result<(), StoreError> {
    storage()?
        .set_item(key, value)
        .map_err(|e| StoreError::WriteFailed(format!("{e:?}")))
}

pub fn remove(key: &str) -> Result<(), StoreError> {
    storage()?.remove_item(key).map_err(|_| StoreError::Unavailable)
}

/// Reads a JSON value; `Ok(None)` when the key is absent.
pub fn get_json<T: DeserializeOwned>(key: &str) -> Result<Option<T>, StoreError> {
    match get_raw(key)? {
        None => Ok(None),
        Some(text) => serde_json::from_str(&text).map(Some).map_err(|e| StoreError::Corrupt(e.to_string())),
    }
}

pub fn set_json<T: Serialize>(key: &str, value: &T) -> Result<(), StoreError> {
    let text = serde_json::to_string(value).map_err(|e| StoreError::WriteFailed(e.to_string()))?;
    set_raw(key, &text)
}

/// True if writing and removing a probe value works.
pub fn is_writable() -> bool {
    const PROBE: &str = "tuolaji.probe";
    set_raw(PROBE, "1").is_ok() && remove(PROBE).is_ok()
}

/// Why the saved game was set aside at start-up (shown on the home screen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    /// Written by another version with another save format (that version, if known).
    Incompatible { app: Option<String> },
    /// Not readable, too large or not replaying; the loader's typed reason.
    Corrupt { reason: SaveError },
}

/// The start-up check's finding, shared with the home screen (which can dismiss it).
#[derive(Clone, Copy)]
pub struct SetAside(pub leptos::prelude::RwSignal<Option<SaveProblem>>);

/// Reads the saved game. Storage that cannot be read counts as no save.
pub fn load_game() -> Loaded {
    SaveEnvelope::decode(get_raw(keys::SAVED_GAME).ok().flatten().as_deref())
}

/// Run once at start-up: a save that cannot be used is moved, as stored, to
/// [`keys::SAVED_GAME_BACKUP`] (replacing an older backup) so the app starts
/// cleanly and nothing is lost; says why, for the notice.
pub fn set_aside_unusable_save() -> Option<SaveProblem> {
    let raw = get_raw(keys::SAVED_GAME).ok().flatten()?;
    let problem = match SaveEnvelope::decode(Some(&raw)) {
        Loaded::Absent | Loaded::Ok { .. } => return None,
        Loaded::Incompatible { app, .. } => SaveProblem::Incompatible { app },
        Loaded::Corrupt { reason } => SaveProblem::Corrupt { reason },
    };
    // If the backup cannot be written (storage full), the save stays where it is
    // rather than being lost; it is ignored all the same.
    if set_raw(keys::SAVED_GAME_BACKUP, &raw).is_ok() {
        let _ = remove(keys::SAVED_GAME);
    }
    Some(problem)
}

/// Writes the game in progress (after every action).
pub fn save_game(save: &SaveEnvelope) -> Result<(), StoreError> {
    set_raw(keys::SAVED_GAME, &save.encode())
}

/// The duplicate results kept for a seed (none when absent or unreadable). Stored
/// as a JSON list of result codes (`r=` values) tagged `m` (mine) or `l` (from a
/// link): the codec links already use, so no JSON code for results is needed.
pub fn seed_results(seed: &str) -> SeedResults {
    let mut all = SeedResults::new(seed);
    if let Ok(Some(codes)) = get_json::<Vec<String>>(&format!("{}{seed}", keys::RESULTS_PREFIX)) {
        for code in codes {
            let source = if code.starts_with('m') { Source::Mine } else { Source::Link };
            if let Ok(r) = DuplicateResult::decode(code.get(1..).unwrap_or_default()) {
                all.merge(source, r);
            }
        }
    }
    all
}

/// Adds a result to its seed's collection (a player's first result on a deal stays).
pub fn add_result(source: Source, result: DuplicateResult) -> Result<SeedResults, StoreError> {
    let mut all = seed_results(&result.seed);
    if all.merge(source, result) == Merge::Added {
        let codes: Vec<String> = all
            .results
            .iter()
            .map(|s| format!("{}{}", if s.source == Source::Mine { 'm' } else { 'l' }, s.result.encode()))
            .collect();
        set_json(&format!("{}{}", keys::RESULTS_PREFIX, all.seed), &codes)?;
    }
    Ok(all)
}
