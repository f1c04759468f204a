//! Records that leave the table, for every game (`table::Codec`): share links
//! with seed and settings, duplicate results, compact replay codes for
//! `#/replay/…` and versioned saved games; and Shengji's trick-by-trick replay.
//! Pure Rust and natively tested; the browser screens call it (see docs/record.md).

pub mod duplicate;
pub mod link;
pub mod replay_code;
pub mod save;
pub mod trick_replay;

pub use duplicate::{compare, Comparison, DuplicateResult, ResultError, SeedResults, Source};
pub use link::{Link, LinkError, ShareLink};
pub use replay_code::{decode_record, encode_record, CodeError};
pub use trick_replay::{Replay, ReplayStep};
pub use save::{Loaded, SaveEnvelope, SAVE_FORMAT};
