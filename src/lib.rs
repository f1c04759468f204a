//! tuolaji (拖拉机): Shengji / Tractor and friends, as a pure-Rust engine with a
//! browser front end.
//!
//! The engine modules (`cards`, `shengji`, `dup`, `mahjong`, `rummy`) have no
//! browser dependencies and are tested natively with `cargo test`. The browser
//! layer (`web`) exists only when compiling to `wasm32`; the command-line front
//! end (`cli`) only when compiling natively.

pub mod cards;
pub mod codec;
pub mod i18n;
pub mod json;
pub mod routes;
pub mod dup;
pub mod mahjong;
pub mod record;
pub mod net;
pub mod rummy;
pub mod shengji;
pub mod small_sort;
pub mod table;
pub mod ui_model;
pub mod worker;

#[cfg(all(feature = "cli", not(target_arch = "wasm32")))]
pub mod cli;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// The shared proptest configuration (fixed seed, no failure files), the same file
/// the integration tests include.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "../tests/support/fixed_proptest.rs"]
pub(crate) mod fixed_proptest;

/// The crate version, shown by `tuolaji version` and in the app's settings screen.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
