//! `tuolaji simulate`: bots play N Shengji hands in sequence with invariant
//! checks after every action; prints a summary and (in JSON) a digest.

use super::{CliError, CliResult, Output, Verdict};
use crate::dup::TableSeed;
use crate::shengji::bot::Difficulty;
use crate::shengji::game::sim::Simulation;
use crate::shengji::game::{Mode, Settings};
use clap::{Args, ValueEnum};
use serde_json::json;
use std::time::Instant;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ModeArg {
    Tractor,
    Friends,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum BotsArg {
    /// Heuristic bots everywhere.
    Heuristic,
    /// Random-legal bots everywhere.
    Random,
    /// Heuristic bots in even seats, random-legal bots in odd seats.
    Mixed,
}

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Hands to play in sequence (levels carry over).
    #[arg(long, default_value_t = 10)]
    pub hands: u64,
    /// Players (4 to 10; Tractor mode needs an even number).
    #[arg(long, default_value_t = 4)]
    pub players: u8,
    /// Decks (default players / 2).
    #[arg(long)]
    pub decks: Option<u8>,
    #[arg(long, value_enum, default_value_t = ModeArg::Tractor)]
    pub mode: ModeArg,
    /// Table seed (1-64 letters or digits).
    #[arg(long, default_value = "simulate")]
    pub seed: String,
    #[arg(long, value_enum, default_value_t = BotsArg::Heuristic)]
    pub bots: BotsArg,
}

const MAX_HANDS: u64 = 1_000_000;

pub fn simulate(a: &SimulateArgs, out: Output) -> CliResult {
    if a.hands == 0 || a.hands > MAX_HANDS {
        return Err(CliError::new(format!("--hands must be 1 to {MAX_HANDS}, not {}", a.hands)));
    }
    let seed = TableSeed::parse(&a.seed).map_err(|e| CliError::new(format!("--seed: {e}")))?;
    let mode = match a.mode {
        ModeArg::Tractor => Mode::Tractor,
        ModeArg::Friends => Mode::Friends,
    };
    let settings = Settings { players: a.players, decks: a.decks, mode, ..Settings::default() };
    let bots: &[Difficulty] = match a.bots {
        BotsArg::Heuristic => &[Difficulty::Heuristic],
        BotsArg::Random => &[Difficulty::Random],
        BotsArg::Mixed => &[Difficulty::Heuristic, Difficulty::Random],
    };
    let mut sim = Simulation::new(settings, seed, bots).map_err(|e| CliError::new(e.to_string()))?;
    let start = Instant::now();
    let result = sim.run(a.hands);
    let elapsed = start.elapsed().as_secs_f64();
    let s = match result {
        Ok(s) => s,
        Err(v) => {
            out.emit(
                || format!("FAILED: {v}"),
                || json!({ "ok": false, "violation": v.to_string(), "hand": v.hand, "action": v.action }),
            );
            return Ok(Verdict::No);
        }
    };
    let ms_per_hand = 1000.0 * elapsed / s.hands as f64;
    let r = sim.game.settings().clone();
    out.emit(
        || {
            format!(
                "{} hands, {} players, {} decks, {:?} mode, kitty {}: all invariants held\n\
                 levels gained: even seats {}, odd seats {} (landlord side {}, attackers {})\n\
                 hands won: even seats {}, odd seats {}; landlord held {} of {}\n\
                 mean attacker points {:.1}; throws tried {}, failed {}; games finished {}\n\
                 mean time per hand {:.2} ms; digest {}",
                s.hands,
                r.players,
                r.decks,
                r.mode,
                r.kitty,
                s.levels_gained[0],
                s.levels_gained[1],
                s.landlord_side_levels,
                s.attacker_levels,
                s.hands_won[0],
                s.hands_won[1],
                s.landlord_holds,
                s.hands,
                s.mean_attacker_points,
                s.throws_tried,
                s.throws_failed,
                s.games_finished,
                ms_per_hand,
                s.digest
            )
        },
        || {
            json!({
                "ok": true,
                "hands": s.hands,
                "players": r.players,
                "decks": r.decks,
                "mode": r.mode,
                "kitty": r.kitty,
                "levels_gained": { "even_seats": s.levels_gained[0], "odd_seats": s.levels_gained[1],
                                   "landlord_side": s.landlord_side_levels, "attackers": s.attacker_levels },
                "hands_won": { "even_seats": s.hands_won[0], "odd_seats": s.hands_won[1] },
                "landlord_holds": s.landlord_holds,
                "mean_attacker_points": s.mean_attacker_points,
                "throws_tried": s.throws_tried,
                "throws_failed": s.throws_failed,
                "games_finished": s.games_finished,
                "actions": s.actions,
                "mean_ms_per_hand": ms_per_hand,
                "digest": s.digest,
            })
        },
    );
    Ok(Verdict::Yes)
}
