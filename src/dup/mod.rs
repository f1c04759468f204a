//! Duplicate deals: the seed hierarchy (table → hand → seat → purpose streams), stable
//! random helpers, and the shuffle-duplication machinery that lets two tables with the same
//! seed see draws as similar as possible while each table alone is a fair shuffle.

pub mod haystack;
pub mod rng;
pub mod seed;
pub mod toy;
pub mod wall;

pub use haystack::{Haystack, HaystackDeck, HaystackError, KindId};
pub use rng::{exponential, shuffle, uniform_below, unit_f64};
pub use seed::{
    generate_seed, HandSeed, Purpose, SeatSeed, SeedError, TableSeed, DERIVATION_VERSION, MAX_SEED_LEN,
};
pub use wall::{SeatWalls, WallError};
