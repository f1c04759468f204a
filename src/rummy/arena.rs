//! The rummy duplicate arena: two kinds of bot on the same deals, each deal
//! played twice with the seats swapped, so the cards cancel out and what is
//! left is the bots' play (docs/rummy.md, "Bots").
//!
//! * Deal `d` of seed `S` is a table of its own, seeded like Shengji's arena
//!   (`shengji::arena::deal_seed`: a seed drawn from `S`'s hand `d` stream
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
use crate::rummy::game::{Game, PhaseName, Settings, SettingsError};
use crate::table::sim::hex_digest;
use serde::Serialize;
use sha2::{Digest, Sha256};

pub use crate::shengji::arena::{deal_seed, DecisionTimes, Share, Timings, BOOTSTRAP};

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub a: Difficulty,
    pub b: Difficulty,
    pub deals: usize,
    pub seed: TableSeed,
    pub settings: Settings,
    /// How hard Expert bots search (the app's default unless asked otherwise).
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
    pub fn won(&self) -> f64 {
        (self.deals[0].won + self.deals[1].won) / 2.0
    }
    pub fn margin(&self) -> f64 {
        (self.deals[0].margin + self.deals[1].margin) as f64 / 2.0
    }
}

/// Why a deal could not be played.
#[derive(Clone, Debug, PartialEq)]
pub enum ArenaError {
    Settings(SettingsError),
    /// A bot's move was refused (a bug in the bot): the deal, the seat and the sentence.
    Refused { seed: String, seat: usize, error: String },
    /// A deal did not end within its bound of actions.
    NoEnd { seed: String },
}

impl std::fmt::Display for ArenaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArenaError::Settings(e) => write!(f, "{e}"),
            ArenaError::Refused { seed, seat, error } => {
                write!(f, "deal {seed}: the bot in seat {} made a move the rules refuse: {error}", seat + 1)
            }
            ArenaError::NoEnd { seed } => write!(f, "deal {seed}: the deal did not end"),
        }
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
    let mut game = Game::new(config.settings.clone(), seed.clone()).map_err(ArenaError::Settings)?;
    let n = game.players();
    let order = if a_even { [config.a, config.b] } else { [config.b, config.a] };
    let mut bots: Vec<_> = bots_for(seed, n, &order).into_iter().map(|b| b.with_effort(config.effort)).collect();
    let is_a = |s: usize| s.is_multiple_of(2) == a_even;
    let cap = 4 * game.all_cards().len() * (game.settings().restocks as usize + 1) + 100;
    let mut steps = 0;
    while game.phase() != PhaseName::Finished {
        steps += 1;
        if steps > cap {
            return Err(ArenaError::NoEnd { seed: seed.to_string() });
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
        game.apply(seat, &action).map_err(|e| ArenaError::Refused {
            seed: seed.to_string(),
            seat,
            error: e.to_string(),
        })?;
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

/// Plays deal `d` both ways round.
pub fn play_pair(
    config: &ArenaConfig,
    d: usize,
    clock: &mut dyn FnMut() -> f64,
    timings: &mut Timings,
) -> Result<PairResult, ArenaError> {
    let seed = deal_seed(&config.seed, d);
    let (h0, _) = play_deal(config, &seed, true, clock, timings)?;
    let (h1, _) = play_deal(config, &seed, false, clock, timings)?;
    Ok(PairResult { seed: seed.to_string(), deals: [h0, h1] })
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

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// The figures over `pairs` (in deal order), intervals from `seed`'s bootstrap stream.
pub fn report(seed: &TableSeed, pairs: &[PairResult]) -> Report {
    let n = pairs.len();
    let won: Vec<f64> = pairs.iter().map(PairResult::won).collect();
    let margin: Vec<f64> = pairs.iter().map(PairResult::margin).collect();
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
    won_bs.sort_by(|x, y| x.total_cmp(y));
    margin_bs.sort_by(|x, y| x.total_cmp(y));
    let deals = pairs.iter().flat_map(|p| &p.deals);
    let a_wins = deals.clone().filter(|d| d.won == 1.0).count();
    let b_wins = deals.clone().filter(|d| d.won == 0.0).count();
    let turns = deals.clone().map(|d| d.turns as f64).sum::<f64>() / (2 * n).max(1) as f64;
    let mut h = Sha256::new();
    h.update(serde_json::to_string(pairs).unwrap_or_default().as_bytes());
    Report {
        pairs: n,
        won: Share { share: mean(&won), ci95: [percentile(&won_bs, 0.025), percentile(&won_bs, 0.975)] },
        a_wins,
        b_wins,
        no_winner: 2 * n - a_wins - b_wins,
        margin: mean(&margin),
        margin_ci95: [percentile(&margin_bs, 0.025), percentile(&margin_bs, 0.975)],
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
    let mut pairs = Vec::with_capacity(config.deals);
    for d in 0..config.deals {
        pairs.push(play_pair(config, d, clock, &mut timings)?);
    }
    Ok((report(&config.seed, &pairs), pairs, timings))
}
