//! Records that leave the table, for every game (`table::Codec`): share links
//! with seed and settings, duplicate results, compact replay codes for
//! `#/replay/…` and versioned saved games. No game's own code: each game's side is
//! its `table::Codec` (Shengji's helpers are in `ui_model::shengji`).
//! Pure Rust and natively tested; the browser screens call it (see docs/record.md).

pub mod duplicate;
pub mod link;
pub mod replay_code;
pub mod save;

pub use duplicate::{compare, Comparison, DuplicateResult, ResultError, SeedResults, Source};
pub use link::{Link, LinkError};
pub use replay_code::CodeError;
pub use save::{Loaded, SaveEnvelope, SAVE_FORMAT};
