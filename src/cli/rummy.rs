//! `tuolaji rummy`: the best arrangement of a 13-card hand (`solve`) and the
//! best discard from 14 cards (`discard`), as text or JSON, one hand or a batch;
//! `simulate`: bots play whole deals with every invariant checked after every
//! action (exit 1 on a violation), with a digest of the play; `arena`: two
//! kinds of bot on duplicate deals (`rummy_arena.rs`).

use super::{run_batch, CliError, CliResult, Output, Verdict};
use crate::cards::Rank;
use crate::dup::TableSeed;
use crate::rummy::bot::Difficulty;
use crate::rummy::game::sim::Simulation;
use crate::rummy::game::{Settings, Variant};
use crate::rummy::{
    best_discard, format_rummy_cards, parse_rummy_cards, solve, Arrangement, Rules, RummyCard, RummyError,
    MAX_SOLVE_CARDS,
};
use serde_json::{json, Value};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct RummyArgs {
    #[command(subcommand)]
    pub command: RummyCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum RummyCommand {
    /// Best arrangement of a 13-card hand: groups, loose cards, points, validity.
    /// Exit 0 if it is a valid declaration, 1 if not.
    Solve(HandArgs),
    /// Best discard from a 14-card hand and the arrangement of the other 13.
    /// Exit 0 if the 13 kept make a valid declaration, 1 if not.
    Discard(HandArgs),
    /// Bots play DEALS deals with invariant checks after every action (exit 1 on a violation).
    Simulate(SimulateArgs),
    /// Two kinds of bot on duplicate deals, each played twice with the seats swapped.
    Arena(super::rummy_arena::ArenaArgs),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BotsArg {
    /// Heuristic bots everywhere.
    Heuristic,
    /// Random-legal bots everywhere.
    Random,
    /// Heuristic bots in even seats, random-legal bots in odd seats.
    Mixed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantArg {
    Points,
    #[value(name = "pool-101")]
    Pool101,
    #[value(name = "pool-201")]
    Pool201,
}

#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// Players, 2 to 6 [default: 2]
    #[arg(long)]
    pub players: Option<u8>,
    /// Deals to play in sequence (totals carry over; a finished game starts a new one).
    #[arg(long, default_value_t = 10)]
    pub deals: u64,
    /// Table seed (1-64 letters or digits).
    #[arg(long, default_value = "simulate")]
    pub seed: String,
    /// Who plays.
    #[arg(long, value_enum, default_value = "heuristic")]
    pub bots: BotsArg,
    /// Points rummy or pool rummy [default: points]
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
    /// Any other table settings as JSON with the short names links use (docs/rummy.md),
    /// e.g. '{"d": 3, "mx": 100, "rs": 5}'; --players and --variant win over it.
    #[arg(long, value_name = "JSON")]
    pub settings: Option<String>,
}

/// Most deals one `simulate` plays.
pub const MAX_DEALS: u64 = 100_000;

#[derive(clap::Args, Debug)]
pub struct HandArgs {
    /// The deal's wild rank: 2-10, J, Q, K, A (or the turned-up card, e.g. 7D);
    /// JK if a printed joker was turned up (aces are then wild); none for no wild rank.
    #[arg(long, value_name = "RANK")]
    pub wild: String,
    /// Read one hand per line from standard input; write one JSON object per line.
    #[arg(long)]
    pub batch: bool,
    /// Rule settings as JSON; fields left out keep their defaults (docs/rummy.md),
    /// e.g. '{"printed_jokers": 4, "without_second_sequence": "UnmeldedOnly"}'.
    #[arg(long, value_name = "JSON")]
    pub rules: Option<String>,
    /// The cards, e.g. AS 2S 3S JK 10H (printed jokers are JK).
    #[arg(value_name = "CARDS")]
    pub cards: Vec<String>,
}

pub fn run(args: RummyArgs, out: Output) -> CliResult {
    let (hand_args, discard) = match args.command {
        RummyCommand::Solve(a) => (a, false),
        RummyCommand::Discard(a) => (a, true),
        RummyCommand::Simulate(a) => return simulate(&a, out),
        RummyCommand::Arena(a) => return super::rummy_arena::run(&a, out),
    };
    let rules = match &hand_args.rules {
        Some(text) => parse_rules(text)?,
        None => Rules::default(),
    };
    let wild = parse_wild(&hand_args.wild, &rules)?;
    let size = rules.hand_size as usize + usize::from(discard);
    if size > MAX_SOLVE_CARDS {
        return Err(CliError::new(format!(
            "--rules hand_size {} is too large: the solver takes at most {MAX_SOLVE_CARDS} cards",
            rules.hand_size
        )));
    }
    let answer = |text: &str| -> Result<(Value, String, bool), CliError> {
        let hand = parse_rummy_cards(text)?;
        if hand.len() != size {
            return Err(RummyError::HandSize {
                got: hand.len(),
                min: size,
                max: size,
            }
            .into());
        }
        if discard {
            let d = best_discard(&hand, wild, &rules)?;
            let mut value = arrangement_json(&d.arrangement);
            value["discard"] = json!(d.discard);
            let text = format!("discard {}\n{}", d.discard, arrangement_text(&d.arrangement));
            Ok((value, text, d.arrangement.valid))
        } else {
            let a = solve(&hand, wild, &rules)?;
            Ok((arrangement_json(&a), arrangement_text(&a), a.valid))
        }
    };
    if hand_args.batch {
        if !hand_args.cards.is_empty() {
            return Err(CliError::new(
                "with --batch give the hands on standard input, not as arguments",
            ));
        }
        return run_batch(|line| answer(line).map(|(value, _, _)| value));
    }
    if hand_args.cards.is_empty() {
        return Err(CliError::new(format!(
            "give the {size} cards of the hand, e.g. AS 2S 3S JK ..."
        )));
    }
    let (value, text, valid) = answer(&hand_args.cards.join(" "))?;
    out.emit(|| text, || value);
    Ok(Verdict::from_bool(valid))
}

/// `--rules`: a JSON object of [`Rules`] fields; an unknown field is an error
/// (a typo would otherwise silently keep the default).
fn parse_rules(text: &str) -> Result<Rules, CliError> {
    let bad = |e: String| CliError::new(format!("--rules: {e}"));
    let value: Value = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    let known = serde_json::to_value(Rules::default()).map_err(|e| bad(e.to_string()))?;
    let Some(fields) = value.as_object() else {
        return Err(bad("give a JSON object such as '{\"printed_jokers\": 4}'".into()));
    };
    if let Some(unknown) = fields.keys().find(|k| known.get(k.as_str()).is_none()) {
        let names: Vec<&String> = known.as_object().map(|o| o.keys().collect()).unwrap_or_default();
        return Err(bad(format!("unknown setting '{unknown}' (settings: {names:?})")));
    }
    serde_json::from_value(value).map_err(|e| bad(e.to_string()))
}

/// `--wild`: a rank, a card (its rank), `JK` (the rules' choice) or `none`.
fn parse_wild(text: &str, rules: &Rules) -> Result<Option<Rank>, CliError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    if let Some(rank) = Rank::parse(t) {
        return Ok(Some(rank));
    }
    match t.parse::<RummyCard>() {
        Ok(card) => Ok(rules.wild_rank_for(card)),
        Err(_) => Err(CliError::new(format!(
            "--wild '{t}' is not a rank (write 2-10, J, Q, K, A, a card such as 7D, JK for a turned-up joker, or none)"
        ))),
    }
}

/// `{"valid": bool, "deadwood": n, "groups": [[...], ...], "loose": [...]}`.
fn arrangement_json(a: &Arrangement) -> Value {
    json!({
        "valid": a.valid,
        "deadwood": a.points,
        "groups": a.groups.iter().map(|g| &g.cards).collect::<Vec<_>>(),
        "loose": a.loose,
    })
}

fn arrangement_text(a: &Arrangement) -> String {
    let verdict = if a.valid {
        "valid declaration"
    } else {
        "not a valid declaration"
    };
    let capped = if a.points < a.counted_points {
        format!(" (capped from {})", a.counted_points)
    } else {
        String::new()
    };
    let mut s = format!("{verdict}: {} points{capped}\n", a.points);
    for g in &a.groups {
        s += &format!("  {:<16} {}\n", g.kind.name(), format_rummy_cards(&g.cards));
    }
    if !a.loose.is_empty() {
        s += &format!(
            "  {:<16} {} ({} points)\n",
            "loose",
            format_rummy_cards(&a.loose),
            a.loose_points
        );
    }
    s
}

/// `simulate`: the table from the flags, bots in every seat, a summary and a digest.
pub fn simulate(a: &SimulateArgs, out: Output) -> CliResult {
    if a.deals == 0 || a.deals > MAX_DEALS {
        return Err(CliError::new(format!("--deals must be 1 to {MAX_DEALS}, not {}", a.deals)));
    }
    let seed = TableSeed::parse(&a.seed).map_err(|e| CliError::new(format!("--seed: {e}")))?;
    let mut settings: Settings = match &a.settings {
        Some(text) => serde_json::from_str(text).map_err(|e| CliError::new(format!("--settings: {e}")))?,
        None => Settings::default(),
    };
    if let Some(p) = a.players {
        settings.players = p;
    }
    if let Some(v) = a.variant {
        settings.variant = match v {
            VariantArg::Points => Variant::Points,
            VariantArg::Pool101 => Variant::Pool101,
            VariantArg::Pool201 => Variant::Pool201,
        };
    }
    let bots: &[Difficulty] = match a.bots {
        BotsArg::Heuristic => &[Difficulty::Heuristic],
        BotsArg::Random => &[Difficulty::Random],
        BotsArg::Mixed => &[Difficulty::Heuristic, Difficulty::Random],
    };
    let mut sim = Simulation::new(settings, seed, bots).map_err(|e| CliError::new(e.to_string()))?;
    let start = Instant::now();
    let result = sim.run(a.deals);
    let elapsed = start.elapsed().as_secs_f64();
    let s = match result {
        Ok(s) => s,
        Err(v) => {
            out.emit(
                || format!("FAILED: {v}"),
                || json!({ "ok": false, "violation": v.to_string(), "deal": v.hand, "action": v.action }),
            );
            return Ok(Verdict::No);
        }
    };
    let ms_per_deal = 1000.0 * elapsed / s.deals as f64;
    let r = sim.game.settings().clone();
    out.emit(
        || {
            format!(
                "{} deals, {} players, {}, {} cards: all invariants held\n\
                 deals won per seat {:?}; points paid per seat {:?}\n\
                 declarations {} (wrong {}), drops {} first and {} middle, won by the last one in {}, \
                 stock ran out {} (rebuilt {} times)\n\
                 turns {}, games finished {}, actions {}\n\
                 mean time per deal {:.2} ms; digest {}",
                s.deals,
                r.players,
                r.variant.name(),
                r.cards(),
                s.wins,
                s.points,
                s.declarations,
                s.wrong_declarations,
                s.first_drops,
                s.middle_drops,
                s.last_standing,
                s.exhausted,
                s.rebuilds,
                s.turns,
                s.games_finished,
                s.actions,
                ms_per_deal,
                s.digest
            )
        },
        || {
            json!({
                "ok": true,
                "deals": s.deals,
                "players": r.players,
                "variant": r.variant,
                "cards": r.cards(),
                "wins": s.wins,
                "points": s.points,
                "declarations": s.declarations,
                "wrong_declarations": s.wrong_declarations,
                "first_drops": s.first_drops,
                "middle_drops": s.middle_drops,
                "last_standing": s.last_standing,
                "exhausted": s.exhausted,
                "rebuilds": s.rebuilds,
                "turns": s.turns,
                "games_finished": s.games_finished,
                "actions": s.actions,
                "mean_ms_per_deal": ms_per_deal,
                "digest": s.digest,
            })
        },
    );
    Ok(Verdict::Yes)
}
