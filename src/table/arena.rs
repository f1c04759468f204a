//! What every game's duplicate arena shares (`shengji::arena`, `rummy::arena`,
//! `mahjong::game::arena`): the deal seeds, what to play, the decision times and the
//! shares with their intervals. Each game plays its own deals and scores them.

use crate::dup::{generate_seed, Purpose, TableSeed};
use rand_core::RngCore;
use serde::Serialize;

/// Bootstrap resamples for the intervals.
pub const BOOTSTRAP: usize = 2000;

/// What to play: kind `a` against kind `b` on `deals` deals of `seed` at tables of
/// `settings`, Expert bots searching with `effort` (the app's unless a test asks for less).
#[derive(Clone, Debug)]
pub struct ArenaConfig<Level, Settings, Effort> {
    pub a: Level,
    pub b: Level,
    pub deals: usize,
    pub seed: TableSeed,
    pub settings: Settings,
    pub effort: Effort,
}

/// The table seed of deal `d` (its own share link): a seed drawn from `seed`'s hand `d`
/// stream `named:arena`.
pub fn deal_seed(seed: &TableSeed, d: usize) -> TableSeed {
    let mut rng = seed.hand(d as u64).stream(Purpose::Named("arena"));
    TableSeed::parse(&generate_seed(rng.next_u64())).expect("generated seeds are valid")
}

/// Milliseconds per bot decision, A's and B's; and A's bid decisions apart, where a game
/// times them (Shengji's draw decisions with a bid to make, left out of `a`).
#[derive(Clone, Debug, Default)]
pub struct Timings {
    pub a: Vec<f64>,
    pub b: Vec<f64>,
    pub a_bids: Vec<f64>,
}

impl Timings {
    pub fn extend(&mut self, other: Timings) {
        self.a.extend(other.a);
        self.b.extend(other.b);
        self.a_bids.extend(other.a_bids);
    }
}

/// A share with its 95 % interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Share {
    pub share: f64,
    pub ci95: [f64; 2],
}

/// Median and 99th percentile of decision times, in milliseconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecisionTimes {
    pub median: f64,
    pub p99: f64,
    pub count: usize,
}

impl DecisionTimes {
    pub fn of(times: &[f64]) -> DecisionTimes {
        let mut t = times.to_vec();
        t.sort_by(|x, y| x.total_cmp(y));
        let at = |q: f64| if t.is_empty() { 0.0 } else { t[((t.len() - 1) as f64 * q).round() as usize] };
        DecisionTimes { median: at(0.5), p99: at(0.99), count: t.len() }
    }
}
