//! Mahjong engine: tiles and hands as per-suit eigens, generated lookup tables,
//! win check with wildcards, waits, shanten, discard advice, Sichuan fan counting,
//! and the Sichuan table (`game`) that plays whole hands on them.
//!
//! Everything here is pure state and functions (no I/O, no globals except the
//! lazily built tables), so the browser table and the CLI share it unchanged.

pub mod eigen;
pub mod tile;

pub use eigen::Eigen;
pub use tile::{format_tiles, parse_tiles, Hand, Suit, Tile, TileError, KINDS};
pub mod table;
pub mod shanten;
pub mod win;

pub use shanten::{shanten, Shanten};
pub use table::{install_tables, tables, tables_ready, TableBuilder, Tables};
pub use win::{is_ready, is_win, waits, win_forms, Form, Forms};
pub mod advise;
pub mod distance;
pub mod fan;
pub mod game;

pub use advise::{advise, Discard, Visible};
pub use fan::{sichuan_fan, FanItem, FanResult, Meld, MeldKind, SichuanRules, WinContext};
