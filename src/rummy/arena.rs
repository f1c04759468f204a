//! The rummy duplicate arena: two kinds of bot on the same deals, each deal
//! played twice with the seats swapped, so the cards cancel out and what is
//! left is the bots' play (docs/rummy.md, "Bots").
//!
//! * Deal `d` of seed `S` is a table of its own, seeded like Shengji's arena
//!   (`table::arena::deal_seed`: a seed drawn from `S`'s hand `d` stream
//!   `named:arena`); one deal is played at it, points rummy by default.
//! * Orientation 0 puts kind A in the even seats and B in the odd ones,
//!   orientation 1 the other way round; same seed, same cards, and every
//!   seat's bot draws from that seat's stream either way.
//! * A's **score** for a deal is 1 when one of A's seats wins it, 0 when one
//!   of B's does, ½ when nobody does (the stock ran out). **Margin**: the
//!   deal's scores of A's seats summed (points rummy: what A's side won, net),
//!   per deal.
//! * Intervals are paired bootstraps over deal pairs: 2,000 resamples drawn
//!   from the seed's `named:arena-bootstrap` stream, 2.5 and 97.5 percentiles.
//! * Decision times (the only thing that varies between runs) come from the
//!   caller's clock, over every bot draw and discard.

use crate::dup::{uniform_below, Purpose, TableSeed};
use crate::rummy::bot::{bots_for, Difficulty, Effort};
use crate::rummy::game::{Game, PhaseName, Settings};
use crate::table::sim::hex_digest;
use serde::Serialize;
use sha2::{Digest, Sha256};

pub use crate::table::arena::{deal_seed, DecisionTimes, Share, Timings, BOOTSTRAP};

/// What to play: kinds A and B, on `deals` deal pairs of `seed` at tables of `settings`,
/// Expert bots searching with `effort` (the app's unless asked otherwise).
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub kinds: [Difficulty; 2],
    pub deals: usize,
    pub seed: TableSeed,
    pub settings: Settings,
    pub effort: Effort,
}

/// One deal, from A's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealScore {
    /// A's seats this deal: even (orientation 0) or odd (orientation 1).
    pub a_even: bool,
    /// The winning seat, if any.
    pub winner: Option<usize>,
    /// 1 A won, 0 B won, ½ nobody.
    pub won: f64,
    /// The deal's scores of A's seats, summed.
    pub margin: i64,
    /// Turns the deal lasted.
    pub turns: u32,
}

/// A deal played both ways round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairResult {
    pub seed: String,
    pub deals: [DealScore; 2],
}

impl PairResult {
    /// The mean of `f` over the pair's two deals (`|d| d.won`: A's score for the pair).
    pub fn both(&self, f: impl Fn(&DealScore) -> f64) -> f64 {
        self.deals.iter().map(f).sum::<f64>() / 2.0
    }
}

/// Why a deal could not be played: its table seed and what went wrong (settings that
/// make no table, a bot's move the rules refuse, a deal that does not end).
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaError {
    pub seed: String,
    pub what: String,
}

impl std::fmt::Display for ArenaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "deal {}: {}", self.seed, self.what)
    }
}

impl std::error::Error for ArenaError {}

/// Plays one deal of `seed` in one orientation; `clock` gives milliseconds for
/// the decision times. Returns the score and every action (for determinism checks).
pub fn play_deal(
    config: &ArenaConfig,
    seed: &TableSeed,
    a_even: bool,
    clock: &mut dyn FnMut() -> f64,
    timings: &mut Timings,
) -> Result<(DealScore, Game), ArenaError> {
    let failed = |what: String| ArenaError { seed: seed.to_string(), what };
    let mut game = Game::new(config.settings.clone(), seed.clone()).map_err(|e| failed(e.to_string()))?;
    let n = game.players();
    let [a, b] = config.kinds;
    let order = if a_even { [a, b] } else { [b, a] };
    let mut bots: Vec<_> = bots_for(seed, n, &order).into_iter().map(|b| b.with_effort(config.effort)).collect();
    let is_a = |s: usize| s.is_multiple_of(2) == a_even;
    let cap = 4 * game.all_cards().len() * (game.settings().restocks as usize + 1) + 100;
    let mut steps = 0;
    while game.phase() != PhaseName::Finished {
        steps += 1;
        if steps > cap {
            return Err(failed("the deal did not end".into()));
        }
        let seat = game.to_act()[0];
        let view = game.view(seat);
        let timed = view.phase == PhaseName::Play;
        let t0 = if timed { clock() } else { 0.0 };
        let (action, _) = bots[seat].suggest(&view);
        if timed {
            let dt = clock() - t0;
            if is_a(seat) { timings.a.push(dt) } else { timings.b.push(dt) }
        }
        game.apply(seat, &action)
            .map_err(|e| failed(format!("the bot in seat {} made a move the rules refuse: {e}", seat + 1)))?;
    }
    let r = game.result().expect("a finished deal has a result");
    let won = match r.winner {
        Some(w) if is_a(w) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let margin = (0..n).filter(|&s| is_a(s)).map(|s| r.scores[s]).sum();
    let score = DealScore { a_even, winner: r.winner, won, margin, turns: game.deal.turns };
    Ok((score, game))
}

/// Plays deal `d` both ways round (A in the even seats first), timing with `clock`.
pub fn play_pair(config: &ArenaConfig, d: usize, clock: &mut dyn FnMut() -> f64, t: &mut Timings) -> Result<PairResult, ArenaError> {
    let seed = deal_seed(&config.seed, d);
    let (even, _) = play_deal(config, &seed, true, clock, t)?;
    let (odd, _) = play_deal(config, &seed, false, clock, t)?;
    Ok(PairResult { seed: seed.to_string(), deals: [even, odd] })
}

/// Everything the arena reports but the timings: the same for the same seed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub pairs: usize,
    /// A's share of the deals (½ for a deal nobody won), with its interval.
    pub won: Share,
    /// Deals won by A's seats, by B's, and by nobody.
    pub a_wins: usize,
    pub b_wins: usize,
    pub no_winner: usize,
    /// Mean points A's side won per deal, with its interval.
    pub margin: f64,
    pub margin_ci95: [f64; 2],
    /// Deal pairs A won both ways round, split, and lost both ways round.
    pub pairs_won: usize,
    pub pairs_split: usize,
    pub pairs_lost: usize,
    /// Mean turns per deal.
    pub turns: f64,
    /// SHA-256 (first 16 bytes) over every pair's result.
    pub digest: String,
}

/// The 2.5th and 97.5th percentiles of bootstrap means (zeros when there are none).
fn interval(mut means: Vec<f64>) -> [f64; 2] {
    means.sort_by(|x, y| x.total_cmp(y));
    let last = means.len().saturating_sub(1) as f64;
    [0.025, 0.975].map(|q| means.get((last * q).round() as usize).copied().unwrap_or(0.0))
}

/// The figures over `pairs` (in deal order), intervals from `seed`'s bootstrap stream.
pub fn report(seed: &TableSeed, pairs: &[PairResult]) -> Report {
    let n = pairs.len();
    let won: Vec<f64> = pairs.iter().map(|p| p.both(|d| d.won)).collect();
    let margin: Vec<f64> = pairs.iter().map(|p| p.both(|d| d.margin as f64)).collect();
    let mean = |v: &[f64]| if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 };
    let mut rng = seed.stream(Purpose::Named("arena-bootstrap"));
    let (mut won_bs, mut margin_bs) = (Vec::with_capacity(BOOTSTRAP), Vec::with_capacity(BOOTSTRAP));
    for _ in 0..if n > 0 { BOOTSTRAP } else { 0 } {
        let (mut w, mut m) = (0.0, 0.0);
        for _ in 0..n {
            let i = uniform_below(&mut rng, n as u64) as usize;
            w += won[i];
            m += margin[i];
        }
        won_bs.push(w / n as f64);
        margin_bs.push(m / n as f64);
    }
    let deals = pairs.iter().flat_map(|p| &p.deals);
    let a_wins = deals.clone().filter(|d| d.won == 1.0).count();
    let b_wins = deals.clone().filter(|d| d.won == 0.0).count();
    let turns = deals.clone().map(|d| d.turns as f64).sum::<f64>() / (2 * n).max(1) as f64;
    let mut h = Sha256::new();
    h.update(serde_json::to_string(pairs).unwrap_or_default().as_bytes());
    Report {
        pairs: n,
        won: Share { share: mean(&won), ci95: interval(won_bs) },
        a_wins,
        b_wins,
        no_winner: 2 * n - a_wins - b_wins,
        margin: mean(&margin),
        margin_ci95: interval(margin_bs),
        pairs_won: won.iter().filter(|&&w| w > 0.75).count(),
        pairs_split: won.iter().filter(|&&w| (0.25..=0.75).contains(&w)).count(),
        pairs_lost: won.iter().filter(|&&w| w < 0.25).count(),
        turns,
        digest: hex_digest(h),
    }
}

/// Plays every deal in order on this thread and reports.
pub fn run(config: &ArenaConfig, clock: &mut dyn FnMut() -> f64) -> Result<(Report, Vec<PairResult>, Timings), ArenaError> {
    let mut timings = Timings::default();
    let pairs: Vec<PairResult> = (0..config.deals).map(|d| play_pair(config, d, clock, &mut timings)).collect::<Result<_, _>>()?;
    Ok((report(&config.seed, &pairs), pairs, timings))
}
