//! `tuolaji rummy arena`: two kinds of rummy bot on duplicate deals
//! (`rummy::arena`): every deal played twice with the seats swapped; A's share
//! of deals won with a 95 % interval (paired bootstrap over deal pairs), the
//! point margin with its interval, and the time per decision of each kind.
//! Everything but the timings is the same for the same arguments on any
//! machine (and any `--threads`).

use super::arena_threads::ms_since;
use super::{CliError, CliResult, Output, Verdict};
use crate::dup::TableSeed;
use crate::rummy::arena::{self, ArenaConfig, DecisionTimes, Timings};
use crate::rummy::bot::{Difficulty, Effort};
use crate::rummy::game::{Game, Settings};
use serde_json::json;
use std::time::Instant;

/// A bot's kind by its serde name (`random`, `heuristic`, `expert`).
fn bot_kind(text: &str) -> Result<Difficulty, String> {
    serde_json::from_value(json!(text)).map_err(|_| format!("{text} is not a kind of bot (random, heuristic or expert)"))
}

fn bot_name(d: Difficulty) -> String {
    serde_json::to_value(d).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// Bot kind A (the one reported on): random, heuristic or expert
    #[arg(long, value_parser = bot_kind)]
    pub a: Difficulty,
    /// Bot kind B: random, heuristic or expert
    #[arg(long, value_parser = bot_kind)]
    pub b: Difficulty,
    /// Players, 2 to 6 [default: 2]
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Deals, each played twice (seats swapped)
    #[arg(long, default_value_t = 100)]
    pub deals: usize,
    /// Seed the deals are drawn from (1-64 letters or digits)
    #[arg(long, default_value = "arena")]
    pub seed: String,
    /// Any other table settings as JSON with the short names links use (docs/rummy.md);
    /// --players wins over it
    #[arg(long, value_name = "JSON")]
    pub settings: Option<String>,
    /// Threads playing deals at once (the figures do not depend on it; the timings may)
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Sampled deals per Expert decision [default: the app's]
    #[arg(long, value_name = "N")]
    pub samples: Option<usize>,
    /// Own draws each Expert playout looks ahead [default: the app's]
    #[arg(long, value_name = "N")]
    pub horizon: Option<usize>,
    /// Discards the Expert compares [default: the app's]
    #[arg(long, value_name = "N")]
    pub discards: Option<usize>,
    /// Sampled deals in which the Expert checks what its discard gives the next seat [default: the app's]
    #[arg(long, value_name = "N")]
    pub feed: Option<usize>,
    /// Write every deal pair's result (JSON lines: the deal's seed, and per deal A's seats,
    /// the winner, A's score, margin and turns) to this file
    #[arg(long, value_name = "FILE")]
    pub pairs_out: Option<std::path::PathBuf>,
    /// Print a line to standard error every N deal pairs (0: never)
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub progress: usize,
}

pub const MAX_DEALS: usize = 1_000_000;


fn effort(a: &ArenaArgs) -> Result<Effort, CliError> {
    let mut e = Effort::default();
    for (flag, given, slot) in [
        ("--samples", a.samples, &mut e.samples),
        ("--horizon", a.horizon, &mut e.horizon),
        ("--discards", a.discards, &mut e.discards),
        ("--feed", a.feed, &mut e.feed),
    ] {
        if let Some(v) = given {
            if (v == 0 && flag != "--feed") || v > 1000 {
                return Err(CliError::new(format!("{flag} must be 1 to 1000, not {v}")));
            }
            *slot = v;
        }
    }
    Ok(e)
}

pub fn run(a: &ArenaArgs, out: Output) -> CliResult {
    super::arena_threads::check_counts(a.deals, MAX_DEALS, a.threads)?;
    let seed = TableSeed::parse(&a.seed).map_err(|e| CliError::new(format!("--seed: {e}")))?;
    let mut settings: Settings = match &a.settings {
        Some(text) => serde_json::from_str(text).map_err(|e| CliError::new(format!("--settings: {e}")))?,
        None => Settings::default(),
    };
    settings.players = a.players;
    let game = Game::new(settings.clone(), seed.clone()).map_err(|e| CliError::new(e.to_string()))?;
    let resolved = game.settings().clone();
    let effort = effort(a)?;
    let config = ArenaConfig { kinds: [a.a, a.b], deals: a.deals, seed: seed.clone(), settings, effort };
    let start = Instant::now();
    let played = super::arena_threads::play_pairs(out, a.deals, a.threads, a.progress, |d, clock: &mut dyn FnMut() -> f64, t: &mut Timings| {
        arena::play_pair(&config, d, clock, t)
    });
    let Some((pairs, timings)) = played else { return Ok(Verdict::No) };
    let r = arena::report(&seed, &pairs);
    if let Some(path) = &a.pairs_out {
        let lines: String = pairs.iter().map(|p| serde_json::to_string(p).unwrap_or_default() + "\n").collect();
        std::fs::write(path, lines).map_err(|e| CliError::new(format!("--pairs-out {}: {e}", path.display())))?;
    }
    let (ta, tb) = (DecisionTimes::of(&timings.a), DecisionTimes::of(&timings.b));
    let seconds = ms_since(start) / 1000.0;
    let pct = |x: f64| 100.0 * x;
    let times = |kind: Difficulty, t: &DecisionTimes| {
        format!("{} median {:.3} ms, p99 {:.3} ms over {}", bot_name(kind), t.median, t.p99, t.count)
    };
    let interval = |[lo, hi]: [f64; 2]| format!("95 % interval {:.1}–{:.1} %", pct(lo), pct(hi));
    out.emit(
        || {
            [
                format!(
                    "rummy arena: {} (A) against {} (B), {} players, {}, {} deals played both ways round, seed {seed}",
                    bot_name(a.a),
                    bot_name(a.b),
                    resolved.players,
                    resolved.variant.name(),
                    r.pairs
                ),
                format!(
                    "expert effort: {} sampled deals, {} draws ahead, {} discards compared, feeding checked in {}",
                    effort.samples, effort.horizon, effort.discards, effort.feed
                ),
                format!("A's share of deals: {:.1} % ({}, paired bootstrap over deal pairs)", pct(r.won.share), interval(r.won.ci95)),
                format!(
                    "deals won: A {}, B {}, nobody {}; deal pairs: A won both ways {}, split {}, lost both ways {}",
                    r.a_wins, r.b_wins, r.no_winner, r.pairs_won, r.pairs_split, r.pairs_lost
                ),
                format!(
                    "mean margin: {:+.1} points a deal for A's side (95 % interval {:+.1} to {:+.1}); {:.1} turns a deal",
                    r.margin, r.margin_ci95[0], r.margin_ci95[1], r.turns
                ),
                format!("time per decision: A {}; B {}", times(a.a, &ta), times(a.b, &tb)),
                format!("digest {}; {seconds:.1} s", r.digest),
            ]
            .join("\n")
        },
        || {
            json!({
                "ok": true,
                "seed": seed.as_str(),
                "players": resolved.players,
                "variant": resolved.variant,
                "deals": r.pairs,
                "effort": { "samples": effort.samples, "horizon": effort.horizon, "discards": effort.discards, "feed": effort.feed },
                "interval": "paired bootstrap over deal pairs, 2000 resamples from the seed's arena-bootstrap stream",
                "a": { "bot": bot_name(a.a), "won": r.won, "wins": r.a_wins, "margin": r.margin, "margin_ci95": r.margin_ci95, "decision_ms": ta },
                "b": { "bot": bot_name(a.b), "wins": r.b_wins, "decision_ms": tb },
                "no_winner": r.no_winner,
                "pairs": { "won": r.pairs_won, "split": r.pairs_split, "lost": r.pairs_lost },
                "turns": r.turns,
                "digest": r.digest,
                "seconds": seconds,
            })
        },
    );
    Ok(Verdict::Yes)
}
