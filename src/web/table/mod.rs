//! The Shengji table. `board` draws one seat's view of a table and turns taps into
//! actions, without knowing where the game runs; `local` runs a game against bots
//! in this browser (`#/play/shengji?…`). Peer tables drive the same board.

pub mod board;
pub mod local;

pub use board::TableBoard;
pub use local::Table;
