//! localStorage access that never crashes the app: storage can be disabled (private
//! browsing), full, or hold data from another version. Every call returns a Result
//! whose error a screen can show in plain words. Also the saved game (one
//! `record::SaveEnvelope`; an unusable one is moved to a new numbered backup key, never
//! overwritten), writes through a `record::save::SaveSlot` (never over another tab's
//! save), and the duplicate results kept per seed.

use derive_where::derive_where;
use crate::record::duplicate::{DuplicateResult, Merge, SeedResults, Source};
use crate::table::Codec;
use crate::record::save::{backup_key, backup_number, plan_backup, Loaded, SaveError, SaveSlot, SlotState, SlotWrite};
pub use crate::record::save::MAX_BACKUPS;

/// Keys used by the app, versioned so an incompatible layout is never misread.
pub mod keys {
    /// Display preferences (theme, language, ...).
    pub const PREFS: &str = "tuolaji.prefs.v1";
    /// The game in progress (its record), if any. An unreadable or incompatible one is
    /// moved, untouched, to `tuolaji.game.v1.backup.<n>` (`record::save::backup_key`).
    pub const SAVED_GAME: &str = "tuolaji.game.v1";
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

/// True if writing and removing a probe value works.
pub fn is_writable() -> bool {
    const PROBE: &str = "tuolaji.probe";
    set_raw(PROBE, "1").is_ok() && remove(PROBE).is_ok()
}

/// A backup written by [`back_up`]: its key, and how many of the oldest backups beyond
/// [`MAX_BACKUPS`] were deleted after it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    pub key: String,
    pub dropped: usize,
}

/// The numbers of `key`'s backups in storage (see `record::save::backup_key`).
fn backup_numbers(key: &str) -> Result<Vec<u64>, StoreError> {
    let store = storage()?;
    let n = store.length().map_err(|_| StoreError::Unavailable)?;
    Ok((0..n).filter_map(|i| store.key(i).ok().flatten()).filter_map(|k| backup_number(key, &k)).collect())
}

/// Copies `raw` (an unusable save of `key`) to a new numbered backup key, after the
/// newest; only once it is written, deletes the oldest backups beyond [`MAX_BACKUPS`].
/// `key` itself is left alone. On error nothing was written or deleted.
pub fn back_up(key: &str, raw: &str) -> Result<Backup, StoreError> {
    let plan = plan_backup(&backup_numbers(key)?);
    let new_key = backup_key(key, plan.number);
    set_raw(&new_key, raw)?;
    let dropped = plan.drop.iter().filter(|&&n| remove(&backup_key(key, n)).is_ok()).count();
    Ok(Backup { key: new_key, dropped })
}

/// Why the saved game was set aside at start-up (shown on the home screen).
#[derive_where(Clone, Debug)]
#[derive_where(PartialEq, Eq; SaveError<G>: Eq)]
pub enum SaveProblem<G: crate::table::Codec = crate::shengji::game::Game> {
    /// Written by another version with another save format (that version, if known).
    Incompatible { app: Option<String> },
    /// Not readable, too large or not replaying; the loader's typed reason.
    Corrupt { reason: SaveError<G> },
}

/// Where an unusable save went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Moved, as stored, to a backup key.
    Backup(Backup),
    /// The backup could not be written (storage full): it stays where it is and nothing
    /// is saved over it.
    InPlace,
}

/// The start-up check's finding.
#[derive_where(Clone, Debug)]
#[derive_where(PartialEq, Eq; SaveError<G>: Eq)]
pub struct SetAsideNotice<G: crate::table::Codec = crate::shengji::game::Game> {
    pub problem: SaveProblem<G>,
    pub kept: Kept,
}

/// The start-up check's finding for `G`'s save, shared with the table (which says so
/// once) and the home screen (which says why and where, and can dismiss it).
pub struct SetAside<G: crate::table::Codec = crate::shengji::game::Game>(
    pub leptos::prelude::RwSignal<Option<SetAsideNotice<G>>, leptos::prelude::LocalStorage>,
);

impl<G: crate::table::Codec> Clone for SetAside<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: crate::table::Codec> Copy for SetAside<G> {}

/// Run once when a page starts, for each game save it keeps under `key`: a save that cannot
/// be used (another version's, or damaged) is moved, as stored, to a new numbered backup key
/// (earlier backups stay, up to [`MAX_BACKUPS`]) so the table starts cleanly and nothing is
/// lost; says why and where, for the notice. `read` is how closely the save is checked: a
/// table's page replays it ([`SaveEnvelope::decode`](crate::record::save::SaveEnvelope::decode)); the home page, which carries no
/// rules, reads all but the replay ([`SaveEnvelope::peek`](crate::record::save::SaveEnvelope::peek)).
pub fn set_aside_unusable<G: crate::table::Codec, T>(key: &str, read: fn(Option<&str>) -> Loaded<G, T>) -> Option<SetAsideNotice<G>> {
    let raw = get_raw(key).ok().flatten()?;
    let problem = match read(Some(&raw)) {
        Loaded::Absent | Loaded::Ok { .. } => return None,
        Loaded::Incompatible { app, .. } => SaveProblem::Incompatible { app },
        Loaded::Corrupt { reason } => SaveProblem::Corrupt { reason },
    };
    // If the backup cannot be written (storage full), the save stays where it is rather
    // than being lost; tables then leave it alone (`SaveSlot::kept`).
    let kept = match back_up(key, &raw) {
        Ok(backup) => {
            let _ = remove(key);
            Kept::Backup(backup)
        }
        Err(_) => Kept::InPlace,
    };
    Some(SetAsideNotice { problem, kept })
}

/// Why [`write_slot`] wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlotError {
    /// The slot may not write (another tab's save is there, or a kept one).
    Refused(SlotState),
    /// The browser refused the write.
    Store(StoreError),
}

/// Writes `text` to `key` through `slot`: nothing when storage already holds it, and
/// never over what another tab wrote since this tab's last write.
pub fn write_slot(key: &str, slot: &mut SaveSlot, text: String) -> Result<(), SlotError> {
    // Storage that cannot be read cannot be written either: the write reports it.
    let now = get_raw(key).unwrap_or(None);
    match slot.check(&text, now.as_deref()) {
        SlotWrite::Unchanged => Ok(()),
        SlotWrite::Refused(state) => Err(SlotError::Refused(state)),
        SlotWrite::Write => {
            set_raw(key, &text).map_err(SlotError::Store)?;
            slot.written(text);
            Ok(())
        }
    }
}

/// Where a game's results on a seed are kept: [`keys::RESULTS_PREFIX`] + the seed for
/// Shengji (as before there were other games), + the game's name, a dot and the seed
/// for the others (so one game's results never overwrite another's on the same seed).
fn results_key<G: Codec>(seed: &str) -> String {
    if G::ID == <crate::shengji::game::Game as Codec>::ID {
        format!("{}{seed}", keys::RESULTS_PREFIX)
    } else {
        format!("{}{}.{seed}", keys::RESULTS_PREFIX, G::NAME)
    }
}

/// The duplicate results kept for a seed (none when absent or unreadable). Stored
/// as a JSON list of result codes (`r=` values) tagged `m` (mine) or `l` (from a
/// link): the codec links already use (read and written by `crate::json`).
pub fn seed_results<G: Codec>(seed: &str) -> SeedResults<G> {
    let mut all = SeedResults::new(seed);
    if let Some(codes) = get_raw(&results_key::<G>(seed)).ok().flatten().and_then(|t| crate::json::strings(&t)) {
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
pub fn add_result<G: Codec>(source: Source, result: DuplicateResult<G>) -> Result<SeedResults<G>, StoreError> {
    let mut all = seed_results::<G>(&result.seed);
    if all.merge(source, result) == Merge::Added {
        let codes: Vec<String> = all
            .results
            .iter()
            .map(|s| format!("{}{}", if s.source == Source::Mine { 'm' } else { 'l' }, s.result.encode()))
            .collect();
        set_raw(&results_key::<G>(&all.seed), &crate::json::write_strings(&codes))?;
    }
    Ok(all)
}
