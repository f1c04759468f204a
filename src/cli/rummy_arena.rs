//! `tuolaji rummy arena`: two kinds of rummy bot on duplicate deals
//! (`rummy::arena`): every deal played twice with the seats swapped; A's share
//! of deals won with a 95 % interval (paired bootstrap over deal pairs), the
//! point margin with its interval, and the time per decision of each kind.
//! Everything but the timings is the same for the same arguments on any
//! machine (and any `--threads`).

use super::{write_stderr, CliError, CliResult, Output, Verdict};
use crate::dup::TableSeed;
use crate::rummy::arena::{self, ArenaConfig, DecisionTimes, PairResult, Timings};
use crate::rummy::bot::{Difficulty, Effort};
use crate::rummy::game::{Game, Settings};
use serde_json::json;
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
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

#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// Bot kind A (the one reported on)
    #[arg(long)]
    pub a: BotArg,
    /// Bot kind B
    #[arg(long)]
    pub b: BotArg,
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
    /// Print a line to standard error every N deal pairs (0: never)
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub progress: usize,
}

pub const MAX_DEALS: usize = 1_000_000;

/// One thread's deal pairs (with their indices) and decision times.
type ThreadResult = (Vec<(usize, PairResult)>, Timings);

fn ms_since(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1000.0
}

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
    if a.deals == 0 || a.deals > MAX_DEALS {
        return Err(CliError::new(format!("--deals must be 1 to {MAX_DEALS}, not {}", a.deals)));
    }
    if a.threads == 0 || a.threads > 64 {
        return Err(CliError::new(format!("--threads must be 1 to 64, not {}", a.threads)));
    }
    let seed = TableSeed::parse(&a.seed).map_err(|e| CliError::new(format!("--seed: {e}")))?;
    let mut settings: Settings = match &a.settings {
        Some(text) => serde_json::from_str(text).map_err(|e| CliError::new(format!("--settings: {e}")))?,
        None => Settings::default(),
    };
    settings.players = a.players;
    let game = Game::new(settings.clone(), seed.clone()).map_err(|e| CliError::new(e.to_string()))?;
    let resolved = game.settings().clone();
    let effort = effort(a)?;
    let config = ArenaConfig { a: a.a.difficulty(), b: a.b.difficulty(), deals: a.deals, seed: seed.clone(), settings, effort };
    let start = Instant::now();
    let threads = a.threads.min(a.deals);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<Result<ThreadResult, arena::ArenaError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (config, done) = (&config, &done);
                scope.spawn(move || {
                    let clock_start = Instant::now();
                    let mut clock = move || ms_since(clock_start);
                    let mut timings = Timings::default();
                    let mut pairs = Vec::new();
                    for d in (t..config.deals).step_by(threads) {
                        pairs.push((d, arena::play_pair(config, d, &mut clock, &mut timings)?));
                        let k = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        if a.progress > 0 && k.is_multiple_of(a.progress) {
                            write_stderr(&format!("{k} of {} deal pairs, {:.0} s", config.deals, ms_since(start) / 1000.0));
                        }
                    }
                    Ok((pairs, timings))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("an arena thread panicked")).collect()
    });
    let mut pairs = Vec::with_capacity(a.deals);
    let mut timings = Timings::default();
    for r in results {
        match r {
            Ok((p, t)) => {
                pairs.extend(p);
                timings.extend(t);
            }
            Err(e) => {
                out.emit(|| format!("FAILED: {e}"), || json!({ "ok": false, "error": e.to_string() }));
                return Ok(Verdict::No);
            }
        }
    }
    pairs.sort_by_key(|(d, _)| *d);
    let pairs: Vec<PairResult> = pairs.into_iter().map(|(_, p)| p).collect();
    let r = arena::report(&seed, &pairs);
    let (ta, tb) = (DecisionTimes::of(&timings.a), DecisionTimes::of(&timings.b));
    let seconds = ms_since(start) / 1000.0;
    let pct = |x: f64| 100.0 * x;
    out.emit(
        || {
            format!(
                "rummy arena: {} (A) against {} (B), {} players, {}, {} deals played both ways round, seed {}\n\
                 expert effort: {} sampled deals, {} draws ahead, {} discards compared, feeding checked in {}\n\
                 A's share of deals: {:.1} % (95 % interval {:.1}–{:.1} %, paired bootstrap over deal pairs)\n\
                 deals won: A {}, B {}, nobody {}; deal pairs: A won both ways {}, split {}, lost both ways {}\n\
                 mean margin: {:+.1} points a deal for A's side (95 % interval {:+.1} to {:+.1}); {:.1} turns a deal\n\
                 time per decision: A ({}) median {:.3} ms, p99 {:.3} ms over {}; B ({}) median {:.3} ms, p99 {:.3} ms over {}\n\
                 digest {}; {:.1} s",
                a.a.name(),
                a.b.name(),
                resolved.players,
                resolved.variant.name(),
                r.pairs,
                seed,
                effort.samples,
                effort.horizon,
                effort.discards,
                effort.feed,
                pct(r.won.share),
                pct(r.won.ci95[0]),
                pct(r.won.ci95[1]),
                r.a_wins,
                r.b_wins,
                r.no_winner,
                r.pairs_won,
                r.pairs_split,
                r.pairs_lost,
                r.margin,
                r.margin_ci95[0],
                r.margin_ci95[1],
                r.turns,
                a.a.name(),
                ta.median,
                ta.p99,
                ta.count,
                a.b.name(),
                tb.median,
                tb.p99,
                tb.count,
                r.digest,
                seconds,
            )
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
                "a": { "bot": a.a.name(), "won": r.won, "wins": r.a_wins, "margin": r.margin, "margin_ci95": r.margin_ci95, "decision_ms": ta },
                "b": { "bot": a.b.name(), "wins": r.b_wins, "decision_ms": tb },
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
