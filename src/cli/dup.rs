//! `tuolaji dup`: the seed's toy example (`dup toy`) and a draw-similarity comparison of
//! duplication methods on a mahjong-like game (`dup compare`).

use super::{CliError, CliResult, Output, Verdict};
use crate::dup::haystack::{Haystack, KindId};
use crate::dup::toy::{self, KEEPER_OUTCOMES, REMOVER_OUTCOMES};
use crate::dup::wall::SeatWalls;
use crate::dup::{shuffle, uniform_below, unit_f64, Purpose, TableSeed, DERIVATION_VERSION};
use clap::{Args, Subcommand};
use serde_json::json;

#[derive(Args, Debug)]
pub struct DupArgs {
    #[command(subcommand)]
    pub command: DupCommand,
}

#[derive(Subcommand, Debug)]
pub enum DupCommand {
    /// The seed's toy example: joint outcome table of a table that never sets the X aside
    /// (rows) and one that always does (columns), over N hands of the seed.
    Toy {
        /// Number of hands to play.
        #[arg(long, default_value_t = 100_000)]
        trials: u64,
        /// Table seed (1-64 letters or digits).
        #[arg(long, default_value = "toy")]
        seed: String,
        /// Give the two tables independent shuffles (the seed's Fig. 1) instead of the same one.
        #[arg(long)]
        independent: bool,
    },
    /// How similar two tables' draws are in a mahjong-like game (136 tiles, 4 seats, 70
    /// draws) when one table has calls and the other none, for several methods.
    Compare {
        /// Number of hands to play.
        #[arg(long, default_value_t = 1_000)]
        hands: u64,
        /// Table seed (1-64 letters or digits).
        #[arg(long, default_value = "compare")]
        seed: String,
        /// Chance that a discard is called at the second table (0 to 1).
        #[arg(long, default_value_t = 0.15)]
        call_rate: f64,
    },
}

const MAX_TRIALS: u64 = 100_000_000;

pub fn run(args: &DupArgs, out: Output) -> CliResult {
    match &args.command {
        DupCommand::Toy {
            trials,
            seed,
            independent,
        } => run_toy(*trials, seed, *independent, out),
        DupCommand::Compare {
            hands,
            seed,
            call_rate,
        } => run_compare(*hands, seed, *call_rate, out),
    }
}

fn parse_seed(text: &str) -> Result<TableSeed, CliError> {
    TableSeed::parse(text).map_err(|e| CliError::new(format!("--seed: {e}")))
}

fn check_count(name: &str, n: u64) -> Result<(), CliError> {
    if n == 0 || n > MAX_TRIALS {
        return Err(CliError::new(format!(
            "{name} must be between 1 and {MAX_TRIALS}, not {n}"
        )));
    }
    Ok(())
}

fn run_toy(trials: u64, seed: &str, independent: bool, out: Output) -> CliResult {
    check_count("--trials", trials)?;
    let table = parse_seed(seed)?;
    let joint = toy::toy_joint(&table, trials, !independent);
    out.emit(
        || {
            let mut s =
                format!(
                "toy example, {trials} hands of seed {} ({}), derivation v{DERIVATION_VERSION}\n",
                table.as_str(),
                if independent { "independent shuffles" } else { "same shuffle" }
            );
            s += "rows: the table that never sets the X aside; columns: the one that always does\n";
            s += &format!("{:<16}", "");
            for c in REMOVER_OUTCOMES {
                s += &format!("{c:>16}");
            }
            s += &format!("{:>10}\n", "sum");
            for (r, row) in joint.iter().enumerate() {
                s += &format!("{:<16}", KEEPER_OUTCOMES[r]);
                for v in row {
                    s += &format!("{v:>16.4}");
                }
                s += &format!("{:>10.4}\n", row.iter().sum::<f64>());
            }
            s += &format!("{:<16}", "sum");
            for c in 0..3 {
                s += &format!("{:>16.4}", joint.iter().map(|r| r[c]).sum::<f64>());
            }
            s
        },
        || json!({ "joint": joint }),
    );
    Ok(Verdict::Yes)
}

/// Drawing methods compared by `dup compare`.
const METHODS: [&str; 4] = ["independent", "single_wall", "seat_walls", "haystack"];
const SEATS: usize = 4;
const KINDS: usize = 34;
const DRAWS: usize = 70;

/// The seats that draw, in order, at a table where each discard is called with chance
/// `call_rate` by a random other seat (who then skips its draw; play goes on after it).
fn turn_order(table: &TableSeed, hand: u64, call_rate: f64) -> Vec<usize> {
    let mut rng = table.hand(hand).stream(Purpose::Named("compare-calls"));
    let mut seat = 0;
    let mut turns = Vec::with_capacity(DRAWS);
    while turns.len() < DRAWS {
        turns.push(seat);
        if call_rate > 0.0 && unit_f64(&mut rng) <= call_rate {
            let caller = (seat + 1 + uniform_below(&mut rng, SEATS as u64 - 1) as usize) % SEATS;
            seat = (caller + 1) % SEATS;
        } else {
            seat = (seat + 1) % SEATS;
        }
    }
    turns
}

/// Tile kinds drawn per seat at one table.
fn play(
    table: &TableSeed,
    hand: u64,
    turns: &[usize],
    method: &str,
    second_table: bool,
) -> Vec<Vec<KindId>> {
    let mut drawn = vec![Vec::new(); SEATS];
    let h = table.hand(hand);
    match method {
        "single_wall" | "independent" => {
            // One wall drawn in turn order; "independent" gives the second table its own shuffle.
            let label = if method == "independent" && second_table {
                "compare-independent"
            } else {
                "deal"
            };
            let mut wall: Vec<KindId> = (0..136).map(|t| t / 4).collect();
            shuffle(&mut h.stream(Purpose::Named(label)), &mut wall);
            for (&s, t) in turns.iter().zip(wall) {
                drawn[s].push(t);
            }
        }
        "seat_walls" => {
            let tiles: Vec<KindId> = (0..136).map(|t| t / 4).collect();
            let mut walls =
                SeatWalls::shuffled(tiles, SEATS, &mut h.stream(Purpose::Named("deal")))
                    .expect("4 seats");
            for &s in turns {
                if let Ok(Some(t)) = walls.draw(s) {
                    drawn[s].push(t);
                }
            }
        }
        _ => {
            // "haystack": each seat draws from the shared deck through its own haystack.
            let mut stacks: Vec<Haystack> =
                (0..SEATS).map(|s| Haystack::for_seat(&h.seat(s))).collect();
            let mut counts = [4u32; KINDS];
            for &s in turns {
                let weights: Vec<(KindId, f64)> = counts
                    .iter()
                    .enumerate()
                    .map(|(k, &n)| (k as KindId, f64::from(n)))
                    .collect();
                if let Ok(Some(k)) = stacks[s].draw(&weights) {
                    counts[k as usize] -= 1;
                    drawn[s].push(k);
                }
            }
        }
    }
    drawn
}

/// Share of tiles (by kind, with multiplicity) a seat drew at both tables.
fn overlap(a: &[KindId], b: &[KindId]) -> (usize, usize) {
    let mut ca = [0usize; KINDS];
    let mut cb = [0usize; KINDS];
    a.iter().for_each(|&k| ca[k as usize] += 1);
    b.iter().for_each(|&k| cb[k as usize] += 1);
    let common = ca.iter().zip(&cb).map(|(x, y)| x.min(y)).sum();
    (common, a.len().max(b.len()))
}

fn run_compare(hands: u64, seed: &str, call_rate: f64, out: Output) -> CliResult {
    check_count("--hands", hands)?;
    if !(0.0..=1.0).contains(&call_rate) {
        return Err(CliError::new(format!(
            "--call-rate must be between 0 and 1, not {call_rate}"
        )));
    }
    let table = parse_seed(seed)?;
    let mut totals = [(0usize, 0usize); METHODS.len()];
    for hand in 0..hands {
        let plain: Vec<usize> = (0..DRAWS).map(|i| i % SEATS).collect();
        let called = turn_order(&table, hand, call_rate);
        for (m, method) in METHODS.iter().enumerate() {
            let a = play(&table, hand, &plain, method, false);
            let b = play(&table, hand, &called, method, true);
            for s in 0..SEATS {
                let (common, n) = overlap(&a[s], &b[s]);
                totals[m].0 += common;
                totals[m].1 += n;
            }
        }
    }
    let share: Vec<f64> = totals
        .iter()
        .map(|&(c, n)| c as f64 / n.max(1) as f64)
        .collect();
    out.emit(
        || {
            let mut s = format!(
                "{hands} hands of seed {}, call rate {call_rate} at the second table: share of each seat's \
                 drawn tiles (by kind) also drawn by that seat at the first table\n",
                table.as_str()
            );
            for (m, v) in METHODS.iter().zip(&share) {
                s += &format!("{m:<12} {v:.4}\n");
            }
            s
        },
        || {
            let sim: serde_json::Map<String, serde_json::Value> =
                METHODS.iter().zip(&share).map(|(m, v)| (m.to_string(), json!(v))).collect();
            json!({ "hands": hands, "call_rate": call_rate, "similarity": sim })
        },
    );
    Ok(Verdict::Yes)
}
