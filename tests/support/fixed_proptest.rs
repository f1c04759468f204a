//! The one proptest configuration of the repository, shared by the integration
//! tests (`#[path = "support/fixed_proptest.rs"] mod fixed_proptest;`) and the
//! unit tests (`crate::fixed_proptest`, the same file through `#[path]` in
//! `src/lib.rs`): every property test draws a fixed, committed set of cases, so a
//! commit's verdict is the same on every machine and every run.
//!
//! * The cases come from [`SEED`]; no failure file is read or written.
//! * `TUOLAJI_EXPLORE=1` draws fresh random cases instead (exploring by hand);
//!   `PROPTEST_RNG_SEED=n` (proptest's own variable) picks another fixed seed and
//!   `PROPTEST_CASES=n` another number of cases. A failure found that way becomes
//!   a plain `#[test]` with the shrunk input, next to the property it broke.
#![allow(dead_code)] // each test file uses what it needs

use proptest::test_runner::{Config, RngSeed};

/// The committed seed of every property test.
pub const SEED: u64 = 0x7475_6f6c_616a_6931;

/// The environment variable that switches to fresh random cases.
pub const EXPLORE_VAR: &str = "TUOLAJI_EXPLORE";

/// Whether this run explores (`TUOLAJI_EXPLORE=1`).
pub fn exploring() -> bool {
    std::env::var(EXPLORE_VAR).is_ok_and(|v| v == "1")
}

/// `cases` cases drawn from the committed seed (or fresh ones when exploring),
/// without failure persistence.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: if exploring() { RngSeed::Random } else { RngSeed::Fixed(SEED) },
        failure_persistence: None,
        ..Config::default()
    }
}
