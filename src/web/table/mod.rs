//! The table layer's browser side, written once for every game: `bot_table` is a table
//! against bots (the link, the saved game, the choice before replacing another game) and
//! `run_table` the game in play there (the bots on a timer through the table layer's
//! driver, `runner`'s autosave, take-backs, the game's board); `chrome` is what every
//! game's table says around its board (save, friend, resumed and worker notices, the
//! footer links); `deferred` a hint computed off the frame; `settings_form` a game's
//! settings as fields (the new-table screen's and the peer lobby's), `bot_levels` the
//! new-table screen's level per bot; `share` the first
//! hand's result and link; `replay_steps` a replay stepped through its game's stops
//! (every move; Shengji's draw, exchange and tricks). Each game's own screens are in its
//! folder (`web/shengji/`, `web/rummy/`, `web/mahjong/`).

pub mod bot_levels;
pub mod bot_table;
pub mod chrome;
pub mod deferred;
pub mod replay_steps;
pub mod run_table;
pub mod runner;
pub mod settings_form;
pub mod share;
