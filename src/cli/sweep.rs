//! `tuolaji simulate --sweep N --seed S`: N tables drawn from the seed's
//! `sweep` stream among those `Settings::validate` accepts (`settings::sample`,
//! no OS randomness: the same seed sweeps the same tables on every machine),
//! each played for a few hands with every invariant `Simulation` checks. Each
//! hand is bounded: a deterministic number of actions (`Simulation::play_hand`)
//! and a wall-clock time (`--max-hand-ms`); time, actions and peak memory are
//! reported per table. The first failure exits 1 naming the table's share link.

use super::game::{BotsArg, SimulateArgs};
use super::{write_stdout, CliError, CliResult, Output, Verdict};
use crate::dup::{generate_seed, Purpose, TableSeed};
use crate::ui_model::shengji::ShareLink;
use crate::shengji::game::settings::sample;
use crate::shengji::game::sim::{Simulation, Summary};
use rand_core::RngCore;
use serde_json::json;
use crate::table::sim::hex_digest;
use sha2::{Digest, Sha256};
use std::time::Instant;

/// The most tables one sweep plays.
pub const MAX_TABLES: u32 = 100_000;

/// The process's peak resident memory in KiB (Linux `VmHWM`), a proxy for the
/// largest working set so far; `None` where the system does not say.
pub fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Whether a hand that took `ms` breaks the bound (`limit_ms` 0: no bound).
pub fn over_time(ms: f64, limit_ms: u64) -> bool {
    limit_ms > 0 && ms > limit_ms as f64
}

/// One table's outcome.
struct Table {
    link: String,
    hands: u64,
    max_actions: u64,
    max_ms: f64,
    total_ms: f64,
    rss_kib: Option<u64>,
    digest: String,
}

/// Plays `hands` hands; `Err((hand, what))` at the first violated invariant or bound.
fn play(sim: &mut Simulation, hands: u64, limit_ms: u64, t: &mut Table) -> Result<(), (u64, String)> {
    let mut summary = Summary::default();
    let mut hasher = Sha256::new();
    for h in 0..hands {
        if h > 0 {
            sim.next_hand().map_err(|v| (h, v.what))?;
        }
        let actions_before = summary.actions;
        let start = Instant::now();
        sim.play_hand(&mut summary, &mut hasher).map_err(|v| (h, v.to_string()))?;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        t.hands += 1;
        t.max_actions = t.max_actions.max(summary.actions - actions_before);
        t.max_ms = t.max_ms.max(ms);
        t.total_ms += ms;
        t.rss_kib = peak_rss_kib();
        if over_time(ms, limit_ms) {
            return Err((h, format!("the hand took {ms:.0} ms, over the bound of {limit_ms} ms (--max-hand-ms)")));
        }
    }
    t.digest = hex_digest(hasher);
    Ok(())
}

fn mib(kib: Option<u64>) -> String {
    kib.map(|k| format!("{:.0} MiB", k as f64 / 1024.0)).unwrap_or_else(|| "n/a".into())
}

pub fn sweep(n: u32, hands: u64, seed: &TableSeed, a: &SimulateArgs, out: Output) -> CliResult {
    let given = a.table.given();
    if !given.is_empty() {
        return Err(CliError::new(format!("--sweep draws its own tables: leave out {}", given.join(", "))));
    }
    if n == 0 || n > MAX_TABLES {
        return Err(CliError::new(format!("--sweep must be 1 to {MAX_TABLES}, not {n}")));
    }
    let mut stream = seed.stream(Purpose::Named("sweep"));
    let mut done: Vec<Table> = Vec::new();
    let cycle = [BotsArg::Heuristic, BotsArg::Random, BotsArg::Mixed];
    for i in 0..n {
        let settings = sample(&mut stream);
        let table_seed = TableSeed::parse(&generate_seed(stream.next_u64())).map_err(|e| CliError::new(e.to_string()))?;
        let bots = a.bots.unwrap_or(cycle[i as usize % cycle.len()]);
        let link = ShareLink::new(&table_seed, &settings, 0).to_hash();
        let mut t = Table { link, hands: 0, max_actions: 0, max_ms: 0.0, total_ms: 0.0, rss_kib: None, digest: String::new() };
        let outcome = match Simulation::new(settings, table_seed, bots.difficulties()) {
            Ok(mut sim) => play(&mut sim, hands, a.max_hand_ms, &mut t),
            Err(e) => Err((0, format!("the drawn settings are refused: {e}"))),
        };
        if let Err((hand, what)) = outcome {
            out.emit(
                || format!("FAILED at table {}/{n} ({bots:?} bots), hand {}: {}\n{what}", i + 1, hand + 1, t.link),
                || {
                    json!({ "ok": false, "table": i + 1, "link": t.link, "bots": format!("{bots:?}").to_lowercase(),
                            "hand": hand + 1, "violation": what, "tables_passed": i })
                },
            );
            return Ok(Verdict::No);
        }
        if !out.json {
            write_stdout(&format!(
                "table {}/{n}: {} — {:?} bots, {} hands ok, ≤ {} actions and ≤ {:.1} ms per hand, peak memory {}\n",
                i + 1,
                t.link,
                bots,
                t.hands,
                t.max_actions,
                t.max_ms,
                mib(t.rss_kib)
            ));
        }
        done.push(t);
    }
    let slowest = done.iter().max_by(|x, y| x.max_ms.total_cmp(&y.max_ms)).map(|t| (t.link.clone(), t.max_ms));
    let total_ms: f64 = done.iter().map(|t| t.total_ms).sum();
    out.emit(
        || {
            let (link, ms) = slowest.clone().unwrap_or_default();
            format!(
                "sweep of {n} tables × {hands} hands from seed {seed}: all invariants held; {:.0} ms in all; \
                 slowest hand {ms:.1} ms at {link}; peak memory {}",
                total_ms,
                mib(peak_rss_kib())
            )
        },
        || {
            let tables: Vec<_> = done
                .iter()
                .map(|t| {
                    json!({ "link": t.link, "hands": t.hands, "max_actions_per_hand": t.max_actions,
                            "max_ms_per_hand": t.max_ms, "mean_ms_per_hand": t.total_ms / t.hands.max(1) as f64,
                            "peak_rss_kib": t.rss_kib, "digest": t.digest })
                })
                .collect();
            json!({ "ok": true, "seed": seed.as_str(), "hands_per_table": hands, "tables": tables,
                    "total_ms": total_ms, "peak_rss_kib": peak_rss_kib() })
        },
    );
    Ok(Verdict::Yes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_bound() {
        assert!(!over_time(1999.0, 2000) && !over_time(2000.0, 2000) && over_time(2000.5, 2000));
        assert!(!over_time(1e9, 0), "0 means no bound");
        assert_eq!(mib(Some(2048)), "2 MiB");
        assert_eq!(mib(None), "n/a");
    }
}
