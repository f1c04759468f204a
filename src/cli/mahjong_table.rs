//! `tuolaji mahjong simulate|strength|arena`: the Sichuan table played by bots with
//! every invariant checked (tile conservation, hand sizes, payments), and the
//! bots' strength on duplicate walls (`arena`: with a paired interval and the time
//! per decision, `mahjong::game::arena`).

use super::{CliError, CliResult, Output, Verdict};
use crate::dup::TableSeed;
use crate::mahjong::game::arena::{self, ArenaConfig, Decision};
use crate::mahjong::game::bot::{expert, Difficulty};
use crate::table::arena::DecisionTimes;
use crate::mahjong::game::sim::{strength, Simulation};
use crate::mahjong::game::{HandEnd, SelfDrawnBonus, Settings};
use serde_json::json;
use std::time::Instant;

/// Most hands one `simulate` plays.
pub const MAX_HANDS: u64 = 100_000;

#[derive(clap::Args, Debug)]
pub struct TableArgs {
    /// Table seed (1-64 letters or digits).
    #[arg(long, default_value = "simulate")]
    pub seed: String,
    /// Skip the exchange of three tiles (换三张).
    #[arg(long)]
    pub no_exchange: bool,
    /// Fan cap (封顶), 2 to 8.
    #[arg(long, default_value_t = 4)]
    pub max_fan: u32,
    /// Play with the four red dragons as wildcards (红中赖子, 112 tiles).
    #[arg(long)]
    pub wildcards: bool,
    /// When a seat wins: fight (血战到底: it leaves the hand) or river (血流成河: it plays on
    /// with its hand locked until the wall is empty).
    #[arg(long, default_value = "fight", value_parser = hand_end)]
    pub hand_end: HandEnd,
    /// 呼叫转移: a win on the discard right after the discarder's kong takes that kong's money.
    #[arg(long)]
    pub kong_transfer: bool,
    /// What a self-drawn win adds: fan (自摸加番, one fan) or base (自摸加底, one point from each payer).
    #[arg(long, default_value = "fan", value_parser = self_drawn)]
    pub self_drawn: SelfDrawnBonus,
}

fn hand_end(v: &str) -> Result<HandEnd, String> {
    HandEnd::ALL.into_iter().find(|h| h.name() == v).ok_or_else(|| format!("use fight (血战到底) or river (血流成河), not {v:?}"))
}

fn self_drawn(v: &str) -> Result<SelfDrawnBonus, String> {
    SelfDrawnBonus::ALL.into_iter().find(|b| b.name() == v).ok_or_else(|| format!("use fan (自摸加番) or base (自摸加底), not {v:?}"))
}

impl TableArgs {
    fn settings(&self) -> Settings {
        Settings {
            exchange: !self.no_exchange,
            max_fan: self.max_fan,
            wildcards: self.wildcards,
            hand_end: self.hand_end,
            kong_transfer: self.kong_transfer,
            self_drawn: self.self_drawn,
            ..Settings::default()
        }
    }
    fn seed(&self) -> Result<TableSeed, CliError> {
        TableSeed::parse(&self.seed).map_err(|e| CliError::new(format!("--seed: {e}")))
    }
}

#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// Hands to play in sequence (totals carry over).
    #[arg(long, default_value_t = 10)]
    pub hands: u64,
    /// Bots by seat, comma-separated and repeated round the table: expert, advice, shanten, random.
    #[arg(long, default_value = "advice")]
    pub bots: String,
}

#[derive(clap::Args, Debug)]
pub struct StrengthArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// The bot measured, and its opponent.
    #[arg(long, default_value = "advice")]
    pub a: String,
    #[arg(long, default_value = "random")]
    pub b: String,
    /// Seeds (each played twice, seats swapped) and hands per seed.
    #[arg(long, default_value_t = 20)]
    pub seeds: u64,
    #[arg(long, default_value_t = 5)]
    pub hands: u64,
}

fn bot(name: &str) -> Result<Difficulty, CliError> {
    Difficulty::parse(name.trim())
        .ok_or_else(|| CliError::new(format!("no bot called {name:?}: use expert, advice, shanten or random")))
}

pub fn simulate(a: &SimulateArgs, out: Output) -> CliResult {
    if a.hands == 0 || a.hands > MAX_HANDS {
        return Err(CliError::new(format!("--hands must be 1 to {MAX_HANDS}, not {}", a.hands)));
    }
    let bots = a.bots.split(',').map(bot).collect::<Result<Vec<_>, _>>()?;
    let mut sim = Simulation::new(a.table.settings(), a.table.seed()?, &bots).map_err(|e| CliError::new(e.to_string()))?;
    let start = Instant::now();
    let s = match sim.run(a.hands) {
        Ok(s) => s,
        Err(v) => {
            out.emit(
                || format!("FAILED: {v}"),
                || json!({ "ok": false, "violation": v.to_string(), "hand": v.hand, "action": v.action }),
            );
            return Ok(Verdict::No);
        }
    };
    let ms = 1000.0 * start.elapsed().as_secs_f64() / s.hands as f64;
    let tiles = a.table.settings().tiles();
    out.emit(
        || {
            format!(
                "{} hands: all invariants held ({tiles} tiles accounted for after every action)\n\
                 wins per seat {:?}; net points per seat {:?}\n\
                 self-drawn {}, on a discard {} (several winners on one discard {}), robbed kongs {}\n\
                 wins by a seat that had won (血流成河) {}, kong money moved (呼叫转移) {}\n\
                 pungs {}, kongs exposed {} added {} concealed {}\n\
                 wall ran out {} (flower pigs {}, not ready {}); wins by fan {:?}\n\
                 actions {}, mean time per hand {ms:.2} ms; digest {}",
                s.hands,
                s.wins,
                s.points,
                s.self_drawn,
                s.on_discard,
                s.multiple_winners,
                s.robbed_kongs,
                s.repeat_wins,
                s.kong_transfers,
                s.pungs,
                s.kongs_exposed,
                s.kongs_added,
                s.kongs_concealed,
                s.exhausted,
                s.flower_pigs,
                s.not_ready,
                s.fan,
                s.actions,
                s.digest
            )
        },
        || {
            let mut v = serde_json::to_value(&s).unwrap_or_default();
            v["ok"] = json!(true);
            v["ms_per_hand"] = json!(ms);
            v
        },
    );
    Ok(Verdict::Yes)
}

pub fn strength_cmd(a: &StrengthArgs, out: Output) -> CliResult {
    if a.seeds == 0 || a.hands == 0 || a.seeds * a.hands > MAX_HANDS {
        return Err(CliError::new(format!("--seeds × --hands must be 1 to {MAX_HANDS}")));
    }
    let (ka, kb) = (bot(&a.a)?, bot(&a.b)?);
    let root = a.table.seed()?;
    let seeds: Vec<TableSeed> = (0..a.seeds)
        .map(|i| TableSeed::parse(&format!("{}{i}", root.as_str())).map_err(|e| CliError::new(format!("--seed: {e}"))))
        .collect::<Result<_, _>>()?;
    let s = match strength(&a.table.settings(), &seeds, a.hands, ka, kb) {
        Ok(s) => s,
        Err(v) => {
            out.emit(|| format!("FAILED: {v}"), || json!({ "ok": false, "violation": v.to_string() }));
            return Ok(Verdict::No);
        }
    };
    out.emit(
        || {
            format!(
                "{} against {} over {} hands on duplicate walls (each seat-hand twice):\n\
                 wins per seat-hand {:.3} against {:.3}; net points per seat-hand {:+.2} against {:+.2}",
                ka.name(),
                kb.name(),
                s.hands,
                s.a_wins,
                s.b_wins,
                s.a_points,
                s.b_points
            )
        },
        || json!({ "ok": true, "a": ka.name(), "b": kb.name(), "hands": s.hands, "a_wins": s.a_wins, "b_wins": s.b_wins, "a_points": s.a_points, "b_points": s.b_points }),
    );
    Ok(Verdict::from_bool(s.a_points > s.b_points))
}

#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// The bot reported on (A), and its opponent (B): expert, advice, shanten or random.
    #[arg(long, default_value = "expert")]
    pub a: String,
    #[arg(long, default_value = "advice")]
    pub b: String,
    /// Deals, each played twice (the bots rotated through the seats).
    #[arg(long, default_value_t = 100)]
    pub deals: usize,
    /// Sampled walls per Expert decision (its effort) [default: the app's].
    #[arg(long, value_name = "N")]
    pub expert_samples: Option<usize>,
    /// Print a line to standard error every N deals (0: never).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub progress: usize,
    /// Expert decisions made as the advice bot instead, comma-separated: discard, pung,
    /// void, hold, kong (to measure what each search is worth).
    #[arg(long, value_name = "LIST")]
    pub as_advice: Option<String>,
    /// Print the payments between the two sides by cause.
    #[arg(long)]
    pub breakdown: bool,
}

fn as_advice(list: &str) -> Result<u8, CliError> {
    list.split(',').map(str::trim).filter(|x| !x.is_empty()).try_fold(0u8, |bits, name| {
        let bit = match name {
            "discard" => expert::AS_ADVICE_DISCARD,
            "pung" => expert::AS_ADVICE_PUNG,
            "void" => expert::AS_ADVICE_VOID,
            "hold" => expert::AS_ADVICE_HOLD,
            "kong" => expert::AS_ADVICE_KONG,
            _ => return Err(CliError::new(format!("--as-advice: use discard, pung, void, hold or kong, not {name:?}"))),
        };
        Ok(bits | bit)
    })
}

/// The breakdown's lines: per category, A's points received and paid per seat-hand and
/// how many payments a seat-hand.
fn breakdown(pairs: &[arena::PairResult]) -> String {
    let total = pairs.iter().fold(arena::Causes::default(), |t, p| t.plus(&p.causes));
    let sh = (4 * pairs.len()).max(1) as f64;
    let mut out = String::from("A's payments with B by cause, per seat-hand: received (count), paid (count), net\n");
    for (c, name) in arena::Causes::NAMES.iter().enumerate() {
        out += &format!(
            "  {name:<28} {:+.3} ({:.3})  {:+.3} ({:.3})  {:+.3}\n",
            total.gained[c] as f64 / sh,
            total.got[c] as f64 / sh,
            -(total.lost[c] as f64) / sh,
            total.paid[c] as f64 / sh,
            (total.gained[c] - total.lost[c]) as f64 / sh
        );
    }
    out
}

pub fn arena_cmd(a: &ArenaArgs, out: Output) -> CliResult {
    if a.deals == 0 || a.deals as u64 > MAX_HANDS {
        return Err(CliError::new(format!("--deals must be 1 to {MAX_HANDS}, not {}", a.deals)));
    }
    let mut effort = expert::EFFORT;
    if let Some(n) = a.expert_samples {
        if n == 0 || n > 100_000 {
            return Err(CliError::new(format!("--expert-samples must be 1 to 100000, not {n}")));
        }
        effort.samples = n;
    }
    if let Some(list) = &a.as_advice {
        effort.as_advice = as_advice(list)?;
    }
    let config = ArenaConfig { a: bot(&a.a)?, b: bot(&a.b)?, deals: a.deals, seed: a.table.seed()?, settings: a.table.settings(), effort };
    let start = Instant::now();
    let ms = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut clock = ms;
    let mut each = |d: usize| {
        if a.progress > 0 && (d + 1).is_multiple_of(a.progress) {
            super::write_stderr(&format!("{} of {} deals, {:.0} s", d + 1, a.deals, ms() / 1000.0));
        }
    };
    let (r, pairs, times) = match arena::run(&config, &mut clock, &mut each) {
        Ok(x) => x,
        Err(e) => {
            out.emit(|| format!("FAILED: {e}"), || json!({ "ok": false, "error": e.to_string() }));
            return Ok(Verdict::No);
        }
    };
    let of = |keep: &dyn Fn(&Decision) -> bool| DecisionTimes::of(&times.iter().filter(|d| keep(d)).map(|d| d.ms).collect::<Vec<_>>());
    let (ta, tb, ts) = (of(&|d| d.by_a), of(&|d| !d.by_a), of(&|d| d.searched));
    let seconds = ms() / 1000.0;
    let (na, nb) = (config.a.name(), config.b.name());
    if a.breakdown {
        super::write_stderr(&breakdown(&pairs));
    }
    out.emit(
        || {
            format!(
                "mahjong arena: {na} (A) against {nb} (B), {} deals played both ways round ({} hands), seed {}\n\
                 A's net points per seat-hand: {:+.3} (95 % interval {:+.3} to {:+.3}, paired bootstrap over deals); B's {:+.3}\n\
                 wins per seat-hand: A {:.3}, B {:.3}; deals A came out ahead {}, level {}, behind {}\n\
                 time per decision: A ({na}) median {:.3} ms, p99 {:.3} ms over {}; B ({nb}) median {:.3} ms, p99 {:.3} ms over {}\n\
                 time per searched decision (an Expert's discards, claims, kongs, void and holds): median {:.3} ms, p99 {:.3} ms over {}\n\
                 Expert effort {} sampled walls × {} candidates; digest {}; {seconds:.1} s",
                r.deals, r.hands, config.seed, r.a_points, r.ci95[0], r.ci95[1], -r.a_points, r.a_wins, r.b_wins,
                r.deals_ahead, r.deals_level, r.deals_behind, ta.median, ta.p99, ta.count, tb.median, tb.p99, tb.count,
                ts.median, ts.p99, ts.count, effort.samples, effort.candidates, r.digest
            )
        },
        || {
            json!({
                "ok": true, "seed": config.seed.as_str(), "deals": r.deals, "hands": r.hands,
                "interval": "paired bootstrap over deals, 2000 resamples from the seed's mahjong-arena-bootstrap stream",
                "a": { "bot": na, "points_per_seat_hand": r.a_points, "ci95": r.ci95, "wins_per_seat_hand": r.a_wins, "decision_ms": ta },
                "b": { "bot": nb, "points_per_seat_hand": -r.a_points, "wins_per_seat_hand": r.b_wins, "decision_ms": tb },
                "searched_decision_ms": ts,
                "deals_ahead": r.deals_ahead, "deals_level": r.deals_level, "deals_behind": r.deals_behind,
                "effort": { "samples": effort.samples, "candidates": effort.candidates },
                "digest": r.digest, "seconds": seconds,
            })
        },
    );
    Ok(Verdict::from_bool(r.a_points > 0.0))
}
