//! `tuolaji arena`: two kinds of bot on duplicate deals (`shengji::arena`):
//! every deal played twice with the partnerships swapped; A's share of hands
//! won and of levels with 95 % intervals (paired bootstrap over deal pairs),
//! the mean paired point margin, the minimum detectable effect and the time
//! per decision of each kind. Everything but the timings is the same for the
//! same arguments on any machine (and any `--threads`).

use super::game::SettingsArgs;
use super::arena_threads::ms_since;
use super::{CliError, CliResult, Output, Verdict};
use crate::dup::TableSeed;
use crate::shengji::arena::{self, ArenaConfig, DecisionTimes, Timings};
use crate::shengji::bot::Difficulty;
use crate::shengji::expert::Effort;
use crate::shengji::game::Game;
use clap::{Args, ValueEnum};
use serde_json::json;
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BotArg {
    Random,
    Heuristic,
    Expert,
}

impl BotArg {
    fn difficulty(self) -> Difficulty {
        match self {
            BotArg::Random => Difficulty::Random,
            BotArg::Heuristic => Difficulty::Heuristic,
            BotArg::Expert => Difficulty::Expert,
        }
    }
    fn name(self) -> &'static str {
        match self {
            BotArg::Random => "random",
            BotArg::Heuristic => "heuristic",
            BotArg::Expert => "expert",
        }
    }
}

#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Bot kind A (the one reported on)
    #[arg(long)]
    pub a: BotArg,
    /// Bot kind B
    #[arg(long)]
    pub b: BotArg,
    /// Deals, each played twice (teams swapped)
    #[arg(long, default_value_t = 100)]
    pub deals: usize,
    /// Seed the deals are drawn from (1-64 letters or digits)
    #[arg(long, default_value = "arena")]
    pub seed: String,
    #[command(flatten)]
    pub table: SettingsArgs,
    /// Threads playing deals at once (the figures do not depend on it; the timings may)
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Simulated card plays per Expert decision (its search budget) [default: the app's]
    #[arg(long, value_name = "N")]
    pub expert_plays: Option<usize>,
    /// Simulated card plays for an Expert's bury or friend call; 0 leaves them to the
    /// heuristic [default: the app's]
    #[arg(long, value_name = "N")]
    pub expert_exchange_plays: Option<usize>,
    /// Simulated card plays for an Expert's bid or steal of the kitty (each playout the
    /// rest of the draw and the whole play); 0 leaves them to the heuristic [default: the app's]
    #[arg(long, value_name = "N")]
    pub expert_bid_plays: Option<usize>,
    /// Replays of the other seats' past plays an Expert makes per sampled deal, drawing
    /// deals to keep the one its model of their play agrees with most; 0 is off
    /// [default: the app's]
    #[arg(long, value_name = "N")]
    pub expert_model_replays: Option<usize>,
    /// Most deals an Expert samples per decision when its model draws them [default: the app's]
    #[arg(long, value_name = "N")]
    pub expert_model_max_deals: Option<usize>,
    /// Write every deal pair's result (JSON lines: seed, and per hand the landlord, A's
    /// score, levels and margin) to this file
    #[arg(long, value_name = "FILE")]
    pub pairs_out: Option<std::path::PathBuf>,
    /// Print a line to standard error every N deal pairs (0: never)
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub progress: usize,
}

pub const MAX_DEALS: usize = 1_000_000;


pub fn run(a: &ArenaArgs, out: Output) -> CliResult {
    super::arena_threads::check_counts(a.deals, MAX_DEALS, a.threads)?;
    let seed = TableSeed::parse(&a.seed).map_err(|e| CliError::new(format!("--seed: {e}")))?;
    let settings = a.table.settings()?;
    let game = Game::new(settings.clone(), seed.clone()).map_err(|e| CliError::new(e.to_string()))?;
    let resolved = game.settings().clone();
    let mut effort = Effort::default();
    if let Some(p) = a.expert_plays {
        if p == 0 || p > 10_000_000 {
            return Err(CliError::new(format!("--expert-plays must be 1 to 10000000, not {p}")));
        }
        effort.plays = p;
    }
    if let Some(p) = a.expert_exchange_plays {
        if p > 10_000_000 {
            return Err(CliError::new(format!("--expert-exchange-plays must be 0 to 10000000, not {p}")));
        }
        effort.exchange_plays = p;
    }
    if let Some(p) = a.expert_bid_plays {
        if p > 10_000_000 {
            return Err(CliError::new(format!("--expert-bid-plays must be 0 to 10000000, not {p}")));
        }
        effort.bid_plays = p;
    }
    if let Some(r) = a.expert_model_replays {
        if r > 100_000 {
            return Err(CliError::new(format!("--expert-model-replays must be 0 to 100000, not {r}")));
        }
        effort.model_replays = r;
    }
    if let Some(d) = a.expert_model_max_deals {
        if d == 0 || d > 1000 {
            return Err(CliError::new(format!("--expert-model-max-deals must be 1 to 1000, not {d}")));
        }
        effort.model_max_deals = d;
    }
    let config =
        ArenaConfig { a: a.a.difficulty(), b: a.b.difficulty(), deals: a.deals, seed: seed.clone(), settings, effort };
    let start = Instant::now();
    let play = |d, clock: &mut dyn FnMut() -> f64, timings: &mut Timings| arena::play_pair(&config, d, clock, timings);
    let Some((pairs, timings)) = super::arena_threads::play_pairs(out, a.deals, a.threads, a.progress, play) else {
        return Ok(Verdict::No);
    };
    let r = arena::report(&seed, &pairs);
    if let Some(path) = &a.pairs_out {
        let lines: String = pairs.iter().map(|p| serde_json::to_string(p).unwrap_or_default() + "\n").collect();
        std::fs::write(path, lines).map_err(|e| CliError::new(format!("--pairs-out {}: {e}", path.display())))?;
    }
    let side = |f: &arena::SideFigures| {
        let h = f.hands.max(1) as f64;
        format!(
            "{} hands, A won {:.1} %, levels {} against {}, margin {:+.1}",
            f.hands,
            100.0 * f.won / h,
            f.a_levels,
            f.b_levels,
            f.margin as f64 / h
        )
    };
    let ta = DecisionTimes::of(&timings.a);
    let tb = DecisionTimes::of(&timings.b);
    let tbids = DecisionTimes::of(&timings.a_bids);
    let seconds = ms_since(start) / 1000.0;
    let pct = |x: f64| 100.0 * x;
    out.emit(
        || {
            format!(
                "arena: {} (A) against {} (B), {} players, {} decks, {:?} mode, {} deals played both ways round, seed {}\n\
                 A's hands won: {:.1} % (95 % interval {:.1}–{:.1} %, paired bootstrap over deal pairs)\n\
                 deal pairs: A won both ways {}, split {}, lost both ways {}\n\
                 A's share of levels gained: {:.1} % ({} against {}; 95 % interval {:.1}–{:.1} %)\n\
                 mean paired point margin: {:+.1} card points per hand for A\n\
                 A's seat landlord: {}\n\
                 B's seat landlord: {}\n\
                 minimum detectable effect (80 % power, two-sided 5 %): {:.1} points of share\n\
                 time per decision: A ({}) median {:.3} ms, p99 {:.3} ms over {}; B ({}) median {:.3} ms, p99 {:.3} ms over {}\n\
                 A's draw decisions with a bid to make: median {:.3} ms, p99 {:.3} ms, max {:.3} ms over {}\n\
                 digest {}; {:.1} s",
                a.a.name(),
                a.b.name(),
                resolved.players,
                resolved.decks,
                resolved.mode,
                r.deals,
                seed,
                pct(r.hands_won.share),
                pct(r.hands_won.ci95[0]),
                pct(r.hands_won.ci95[1]),
                r.pairs_won,
                r.pairs_split,
                r.pairs_lost,
                pct(r.levels.share),
                r.a_levels,
                r.b_levels,
                pct(r.levels.ci95[0]),
                pct(r.levels.ci95[1]),
                r.margin,
                side(&r.a_landlord),
                side(&r.b_landlord),
                pct(r.mde),
                a.a.name(),
                ta.median,
                ta.p99,
                ta.count,
                a.b.name(),
                tb.median,
                tb.p99,
                tb.count,
                tbids.median,
                tbids.p99,
                timings.a_bids.iter().copied().fold(0.0, f64::max),
                tbids.count,
                r.digest,
                seconds,
            )
        },
        || {
            json!({
                "ok": true,
                "seed": seed.as_str(),
                "players": resolved.players,
                "decks": resolved.decks,
                "mode": resolved.mode,
                "deals": r.deals,
                "hands": 2 * r.deals,
                "interval": "paired bootstrap over deal pairs, 2000 resamples from the seed's arena-bootstrap stream",
                "a": {
                    "bot": a.a.name(),
                    "hands_won": r.hands_won,
                    "levels": { "share": r.levels.share, "ci95": r.levels.ci95, "gained": r.a_levels, "against": r.b_levels },
                    "margin": r.margin,
                    "decision_ms": ta,
                },
                "b": { "bot": a.b.name(), "decision_ms": tb },
                "a_bid_decision_ms": tbids,
                "a_landlord": r.a_landlord,
                "b_landlord": r.b_landlord,
                "pairs": { "won": r.pairs_won, "split": r.pairs_split, "lost": r.pairs_lost },
                "mde": r.mde,
                "digest": r.digest,
                "seconds": seconds,
            })
        },
    );
    Ok(Verdict::Yes)
}
