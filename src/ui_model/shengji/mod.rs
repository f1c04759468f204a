//! Shengji's own side of the generic records (`record`): its share link, its replay codes
//! and its trick-by-trick replay, for the replay screen, the table and the command line;
//! and its bot levels' letters and words.

mod level;
pub mod record;
pub mod trick_replay;

pub use record::{decode_record, decode_unchecked, encode_record, ShareLink};
pub use trick_replay::{Prelude, Replay, ReplayStep};
