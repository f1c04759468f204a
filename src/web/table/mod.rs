//! The table layer's browser side, written once for every game: `bot_table` is a table
//! against bots (the link, the saved game, the bots on a timer through the table layer's
//! driver, `runner`'s autosave, the game's board); `chrome` is what every game's table
//! says around its board (save, friend, resumed, worker notices); `settings_form` a
//! game's settings as fields (the new-table screen's and the peer lobby's); `share` the
//! first hand's result and link; `replay_steps` a replay stepped move by move. Each
//! game's own screens are in its folder (`web/shengji/`, `web/rummy/`, `web/mahjong/`).

pub mod bot_table;
pub mod chrome;
pub mod replay_steps;
pub mod runner;
pub mod settings_form;
pub mod share;
