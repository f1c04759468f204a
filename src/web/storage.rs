//! localStorage access that never crashes the app: storage can be disabled (private
//! browsing), full, or hold data from another version. Every call returns a Result
//! whose error a screen can show in plain words.

use serde::{de::DeserializeOwned, Serialize};

/// Keys used by the app, versioned so an incompatible layout is never misread.
pub mod keys {
    /// Display preferences (theme, language, ...).
    pub const PREFS: &str = "tuolaji.prefs.v1";
    /// The game in progress (its record), if any.
    pub const SAVED_GAME: &str = "tuolaji.game.v1";
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
