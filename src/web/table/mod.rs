//! The tables. `runner` is a table against bots for any game (the bots on a timer
//! through the table layer's driver, the autosave); `board` draws one seat's view of a
//! Shengji table and turns taps into actions, without knowing where the game runs;
//! `local` is the Shengji table against bots in this browser (`#/play/shengji?…`).
//! Peer tables drive the same board; rummy's and mahjong's tables are `bot_table` with
//! their boards; `share` is the first hand's result and link for any of them.
//! `chrome` is what every game's table says around its board (save, friend, resumed,
//! worker notices). `settings_form` is a game's settings as fields (the new-table screen's and the lobby's).
//! `advice` is the adviser's play on your turn and `field` the result card's field
//! comparison, both worked out in the bot worker.

pub mod board;
pub mod chrome;
pub mod bot_table;
pub mod advice;
pub mod field;
pub mod local;
pub mod replay_steps;
pub mod runner;
pub mod settings_form;
pub mod share;

pub use board::TableBoard;
pub use local::Table;
