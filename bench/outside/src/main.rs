//! The outside arena (docs/game.md, "The outside arena"): our Shengji bots against
//! tgoh-ots/shengji-tractor's on the same deals, each deal played twice with the
//! partnerships swapped, both engines fed every action and checked to agree.
//!
//! A hand, in one orientation:
//! 1. **The deal and the bids** are ours: `arena::deal_seed` gives the deal's table
//!    seed, our engine shuffles, and our heuristic bots bid for all four seats (the
//!    same bids in both orientations, so the landlord and trump are pinned per deal
//!    and neither side's bidding counts). The draw is replayed into their
//!    `DrawPhase::new` (their deck pops from the end: ours reversed), draw by draw and
//!    bid by bid; their engine must accept every bid and name the same landlord,
//!    trump and hands.
//! 2. **The bury** is made by the landlord's side's bot in its own engine and mirrored
//!    into the other (theirs: cards moved between hand and kitty, then finalised).
//! 3. **Every play** is made by the acting seat's bot in its own engine, checked legal
//!    in the other, and applied to both; a throw's outcome (kept cards), every trick's
//!    winner and points, and the hand's attacker points and level moves are compared.
//!
//! Every disagreement is logged (the deal seed, the orientation, the move) and ours is
//! the referee: a trick or score that differs is logged and play goes on; a play one
//! engine refuses, or a throw that keeps different cards, leaves theirs out of step, so
//! the hand goes on in ours while only our bots are to move and is skipped (with its
//! deal pair, listed under `skipped`) when theirs would have to move. A deal whose bids,
//! landlord, trump or hands differ is skipped the same way.
//!
//! The files: `cards` (between the engines' types), `theirs` (their engine), `check` (the
//! log, the tally and the hand being played), `hand` (one hand: `draw`, `bury`, `play`,
//! `score`), and this one (the command line, the run and its report).

mod bury;
mod cards;
mod check;
mod draw;
mod hand;
mod play;
mod score;
mod theirs;

use clap::Parser;
use serde_json::json;
use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use tuolaji::dup::TableSeed;
use tuolaji::shengji::arena::{self, PairResult};
use tuolaji::shengji::bot::Difficulty;
use tuolaji::shengji::expert::Effort;

use check::{Ctx, Log};
use hand::play_hand;
use theirs::their_difficulty;

#[derive(Parser, Debug)]
#[command(about = "Our Shengji bots against tgoh-ots/shengji-tractor's, on the same deals, both engines cross-checked")]
struct Args {
    /// Our bot: expert, heuristic or random (random: for the engines' cross-check).
    #[arg(long, default_value = "expert")]
    ours: String,
    /// Their bot: easy, expert, enoch or grandmaster.
    #[arg(long, default_value = "grandmaster")]
    theirs: String,
    /// Deal pairs (each deal played twice, the partnerships swapped).
    #[arg(long, default_value_t = 10)]
    deals: usize,
    /// The run's seed (deal d is arena::deal_seed(seed, d), as in `tuolaji arena`).
    #[arg(long, default_value = "outside")]
    seed: String,
    /// Their final search budget per move in ms (select_action_with_search_budget).
    /// 0: their production default (SHENGJI_BOT_BUDGET_MS or 2200 ms; Grandmaster 3 ×).
    #[arg(long, default_value_t = 0)]
    budget_ms: u64,
    /// A control for the cross-check: misalign one rule in their engine on purpose
    /// (kitty-power: the kitty × 2^unit; throw-highest: a throw judged by its highest
    /// card; draw-protected: longer tuples protected when following) and watch the
    /// disagreements come. none: the rules lined up.
    #[arg(long, default_value = "none")]
    control: String,
    /// Our Expert's effort × K (its plays, most deals and exchange plays a decision;
    /// default 1: the app's), to ask whether our search turns time into strength as
    /// theirs does.
    #[arg(long, default_value_t = 1)]
    expert_scale: usize,
    /// Where the per-hand records and the disagreements go.
    #[arg(long, default_value = "out")]
    out: String,
}

// ---------- cards ----------

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        0.0
    } else {
        sorted[((sorted.len() - 1) as f64 * q).round() as usize]
    }
}

fn times(v: &[f64]) -> serde_json::Value {
    let mut t = v.to_vec();
    t.sort_by(|a, b| a.total_cmp(b));
    let mean = if t.is_empty() {
        0.0
    } else {
        t.iter().sum::<f64>() / t.len() as f64
    };
    json!({"decisions": t.len(), "mean_ms": (mean * 10.0).round() / 10.0, "median_ms": (percentile(&t, 0.5) * 10.0).round() / 10.0, "p99_ms": (percentile(&t, 0.99) * 10.0).round() / 10.0})
}

/// The app's Expert effort, `k` times over where it counts the work of a decision.
fn scaled(k: usize) -> Effort {
    let e = Effort::default();
    let k = k.max(1);
    Effort { plays: e.plays * k, max_deals: e.max_deals * k, exchange_plays: e.exchange_plays * k, ..e }
}

fn main() {
    let args = Args::parse();
    let ours = match args.ours.as_str() {
        "heuristic" | "normal" => Difficulty::Heuristic,
        "expert" => Difficulty::Expert,
        "random" => Difficulty::Random,
        o => panic!("our bot: random, heuristic or expert, not {o}"),
    };
    let theirs = their_difficulty(&args.theirs);
    let seed = TableSeed::parse(&args.seed).expect("a seed");
    std::fs::create_dir_all(&args.out).unwrap();
    let file = std::fs::File::create(format!("{}/disagreements.jsonl", args.out)).unwrap();
    let mut log = Log {
        file,
        count: 0,
        kinds: HashMap::new(),
    };
    let mut hands_file = std::fs::File::create(format!("{}/pairs.jsonl", args.out)).unwrap();
    let mut cx = Ctx {
        ours,
        theirs,
        budget_ms: args.budget_ms,
        effort: scaled(args.expert_scale),
        control: args.control.clone(),
        log: &mut log,
        our_ms: vec![],
        their_ms: vec![],
        checked: HashMap::new(),
    };
    let mut pairs: Vec<PairResult> = Vec::new();
    let mut skipped = Vec::new();
    let start = Instant::now();
    for d in 0..args.deals {
        let ds = arena::deal_seed(&seed, d);
        let h0 = play_hand(&mut cx, &ds, true);
        let h1 = play_hand(&mut cx, &ds, false);
        match (h0, h1) {
            (Ok(a), Ok(b)) => {
                let p = PairResult {
                    seed: ds.to_string(),
                    hands: [a, b],
                };
                let _ = writeln!(hands_file, "{}", serde_json::to_string(&p).unwrap());
                eprintln!(
                    "deal {d} {}: ours won {:.1} of 2, margin {:+} / {:+} ({:.0} s)",
                    p.seed,
                    p.won() * 2.0,
                    p.hands[0].margin,
                    p.hands[1].margin,
                    start.elapsed().as_secs_f64()
                );
                pairs.push(p);
            }
            (a, b) => {
                let why = format!("{:?} / {:?}", a.err(), b.err());
                eprintln!("deal {d} {ds}: skipped: {why}");
                skipped.push(json!({"deal": d, "seed": ds.to_string(), "why": why}));
            }
        }
    }
    let rep = arena::report(&seed, &pairs);
    // A paired bootstrap interval for the margin too (the same resampling).
    let margins: Vec<f64> = pairs.iter().map(PairResult::margin).collect();
    let mut rng = seed.stream(tuolaji::dup::Purpose::Named("outside-margin"));
    let mut bs = Vec::new();
    if !margins.is_empty() {
        for _ in 0..arena::BOOTSTRAP {
            let mut s = 0.0;
            for _ in 0..margins.len() {
                s += margins[tuolaji::dup::uniform_below(&mut rng, margins.len() as u64) as usize];
            }
            bs.push(s / margins.len() as f64);
        }
    }
    bs.sort_by(|a, b| a.total_cmp(b));
    let out = json!({
        "ours": args.ours, "expert_scale": args.expert_scale, "theirs": args.theirs, "control": args.control, "their_budget_ms": args.budget_ms, "seed": args.seed,
        "deal_pairs": pairs.len(), "skipped": skipped,
        "ours_hands_won": rep.hands_won, "ours_levels": rep.levels, "ours_levels_gained": rep.a_levels, "their_levels_gained": rep.b_levels,
        "ours_margin_per_hand": rep.margin, "margin_ci95": [percentile(&bs, 0.025), percentile(&bs, 0.975)],
        "pairs_won_split_lost": [rep.pairs_won, rep.pairs_split, rep.pairs_lost],
        "mde": rep.mde, "digest": rep.digest,
        "our_time": times(&cx.our_ms), "their_time": times(&cx.their_ms),
        "checked": cx.checked, "disagreements": cx.log.count, "disagreement_kinds": cx.log.kinds,
        "wall_s": start.elapsed().as_secs_f64().round(),
    });
    let text = serde_json::to_string_pretty(&out).unwrap();
    println!("{text}");
    std::fs::write(format!("{}/report.json", args.out), text).unwrap();
}
