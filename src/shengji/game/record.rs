//! Game records: settings, seed and every action, compact in serde, and a
//! replay that rebuilds the identical state or says which action was bad.

use super::Game;

/// A Shengji table's record: settings, the first seed and every action (the
/// table layer's [`Record`](crate::table::Record); `NextHandFrom` carries the
/// seeds of later hands at peer tables).
pub type GameRecord = crate::table::Record<Game>;

/// Why a record could not be replayed.
pub type ReplayError = crate::table::ReplayError<Game>;

/// Rebuilds the table a record describes.
pub fn replay(record: &GameRecord) -> Result<Game, ReplayError> {
    crate::table::replay(record)
}
