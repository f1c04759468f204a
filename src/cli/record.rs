//! `tuolaji record`: share links (`link`), replay codes of bot hands
//! (`replay-code`) and a trick-by-trick reading of a replay code (`decode`).

use super::{CliError, CliResult, Output, Verdict};
use crate::cards::format_cards;
use crate::dup::TableSeed;
use crate::record::link::settings_text;
use crate::ui_model::shengji::{encode_record, Replay, ShareLink};
use crate::shengji::bot::Difficulty;
use crate::shengji::game::sim::Simulation;
use crate::shengji::game::{Action, PhaseName};
use clap::{Args, Subcommand};
use serde_json::json;

#[derive(Subcommand, Debug)]
pub enum RecordCommand {
    /// Print the share link hash (#/play/shengji?seed=…) for a seed, settings and seat.
    Link(LinkArgs),
    /// Bots play hands on a seed; print the replay code (#/replay/<code>) and its length.
    ReplayCode(ReplayCodeArgs),
    /// Read a replay code: a trick-by-trick summary (exit 2 if the code is not valid).
    Decode(DecodeArgs),
}

/// Table settings as flags; only the ones given go into the link.
#[derive(Args, Debug, Default)]
pub struct TableArgs {
    /// Table seed (1-64 letters or digits).
    #[arg(long)]
    pub seed: String,
    /// Players (4 to 10; default 4).
    #[arg(long)]
    pub players: Option<String>,
    /// Decks (default players / 2).
    #[arg(long)]
    pub decks: Option<String>,
    /// Kitty size (default: the smallest of at least 5 that splits evenly).
    #[arg(long)]
    pub kitty: Option<String>,
    /// tractor or friends.
    #[arg(long)]
    pub mode: Option<String>,
    /// Friends to call (friends mode).
    #[arg(long)]
    pub friends: Option<String>,
    /// Draw policy: none, longer-tuples, tractors-only, both, suit-only.
    #[arg(long)]
    pub draw_policy: Option<String>,
    /// Tractor rules as TUPLExLENGTH, e.g. 3x2.
    #[arg(long)]
    pub tractor: Option<String>,
    /// Throw evaluation: every-unit, highest-card, unit-length.
    #[arg(long)]
    pub throw_evaluation: Option<String>,
    /// Throw penalty: 0 or 10.
    #[arg(long)]
    pub throw_penalty: Option<String>,
    /// Kitty multiplier: double or power.
    #[arg(long)]
    pub kitty_multiplier: Option<String>,
    /// Reinforcing one's own bid: 1 or 0.
    #[arg(long)]
    pub reinforce: Option<String>,
    /// Friend cards may be trump: 1 or 0.
    #[arg(long)]
    pub friend_trump: Option<String>,
    /// Starting level (a rank, default 2).
    #[arg(long)]
    pub starting_level: Option<String>,
    /// Take-back allowed: 1 or 0.
    #[arg(long)]
    pub take_back: Option<String>,
    /// Friends mode, the highest card may not be called: 1 or 0.
    #[arg(long)]
    pub friend_no_highest: Option<String>,
    /// Friends mode, point cards may not be called: 1 or 0.
    #[arg(long)]
    pub friend_no_points: Option<String>,
    /// Friends mode, a friend fills one call at most: 1 or 0.
    #[arg(long)]
    pub friend_join_once: Option<String>,
    /// Points a ladder step per deck: 10, 15, 20, 25, 30 or 40.
    #[arg(long)]
    pub step_per_deck: Option<String>,
    /// Steps for the attackers to take the landlord's seat: 1 to 4.
    #[arg(long)]
    pub takeover_steps: Option<String>,
    /// Steps past the takeover without going up: 0 to 3.
    #[arg(long)]
    pub dead_zone: Option<String>,
    /// One more level for a short-handed landlord's side that holds (friends mode): 1 or 0.
    #[arg(long)]
    pub short_handed_bonus: Option<String>,
    /// Ranks to defend as the landlord's side before moving past them, e.g. 5.10.K.
    #[arg(long)]
    pub defended: Option<String>,
    /// The rank at which the game ends (default A).
    #[arg(long)]
    pub final_rank: Option<String>,
    /// 打J, back to 2: 1 or 0.
    #[arg(long)]
    pub back_to_two: Option<String>,
    /// Which bid overcalls another: joker (more cards or jokers), suit (or a higher suit), more.
    #[arg(long)]
    pub overcall: Option<String>,
    /// No-trump bids with jokers: off, pair, all (every copy), fewer-big (one big joker fewer).
    #[arg(long)]
    pub joker_bids: Option<String>,
    /// The top bid may be taken back, once a hand: 1 or 0.
    #[arg(long)]
    pub take_back_bid: Option<String>,
    /// The first hand's landlord: winner (the winning bid) or first (the first bid).
    #[arg(long)]
    pub first_landlord: Option<String>,
    /// Trump from the kitty when nobody bids: level (its first level card, else its highest) or first (its first card).
    #[arg(long)]
    pub no_bid_trump: Option<String>,
    /// 炒地皮: after each bury the others in turn may overcall and take the kitty: 1 or 0.
    #[arg(long)]
    pub steal_kitty: Option<String>,
    /// The landlord's side's points on screen during the hand: 1 or 0.
    #[arg(long)]
    pub show_landlord_points: Option<String>,
    /// Past tricks on screen (0: play from memory): 1 or 0.
    #[arg(long)]
    pub show_past_tricks: Option<String>,
    /// The buried kitty shown to everyone at the end: 1 or 0.
    #[arg(long)]
    pub show_kitty: Option<String>,
    /// A failed throw names who could beat it: 1 or 0.
    #[arg(long)]
    pub show_throw_stopper: Option<String>,
    /// Bombs: off, any-suit (played whatever the lead) or follow-suit.
    #[arg(long)]
    pub bombs: Option<String>,
}

const FLAG_KEYS: [(&str, &str); 35] = [
    ("p", "--players"),
    ("d", "--decks"),
    ("k", "--kitty"),
    ("m", "--mode"),
    ("f", "--friends"),
    ("dp", "--draw-policy"),
    ("tr", "--tractor"),
    ("te", "--throw-evaluation"),
    ("tp", "--throw-penalty"),
    ("km", "--kitty-multiplier"),
    ("rb", "--reinforce"),
    ("ft", "--friend-trump"),
    ("sl", "--starting-level"),
    ("tb", "--take-back"),
    ("fh", "--friend-no-highest"),
    ("fp", "--friend-no-points"),
    ("fo", "--friend-join-once"),
    ("ps", "--step-per-deck"),
    ("ts", "--takeover-steps"),
    ("dz", "--dead-zone"),
    ("sb", "--short-handed-bonus"),
    ("dr", "--defended"),
    ("fr", "--final-rank"),
    ("bj", "--back-to-two"),
    ("bo", "--overcall"),
    ("jb", "--joker-bids"),
    ("bt", "--take-back-bid"),
    ("fb", "--first-landlord"),
    ("nb", "--no-bid-trump"),
    ("sk", "--steal-kitty"),
    ("lp", "--show-landlord-points"),
    ("pt", "--show-past-tricks"),
    ("ke", "--show-kitty"),
    ("st", "--show-throw-stopper"),
    ("bm", "--bombs"),
];

impl TableArgs {
    /// Validates the flags through the link parser, so the CLI and links agree.
    fn link(&self, seat: Option<&str>) -> Result<ShareLink, CliError> {
        let values = [
            &self.players,
            &self.decks,
            &self.kitty,
            &self.mode,
            &self.friends,
            &self.draw_policy,
            &self.tractor,
            &self.throw_evaluation,
            &self.throw_penalty,
            &self.kitty_multiplier,
            &self.reinforce,
            &self.friend_trump,
            &self.starting_level,
            &self.take_back,
            &self.friend_no_highest,
            &self.friend_no_points,
            &self.friend_join_once,
            &self.step_per_deck,
            &self.takeover_steps,
            &self.dead_zone,
            &self.short_handed_bonus,
            &self.defended,
            &self.final_rank,
            &self.back_to_two,
            &self.overcall,
            &self.joker_bids,
            &self.take_back_bid,
            &self.first_landlord,
            &self.no_bid_trump,
            &self.steal_kitty,
            &self.show_landlord_points,
            &self.show_past_tricks,
            &self.show_kitty,
            &self.show_throw_stopper,
            &self.bombs,
        ];
        let mut query = vec![("seed".to_string(), self.seed.clone())];
        for ((key, _), value) in FLAG_KEYS.iter().zip(values) {
            if let Some(v) = value {
                query.push((key.to_string(), v.clone()));
            }
        }
        if let Some(s) = seat {
            query.push(("seat".into(), s.to_string()));
        }
        ShareLink::from_query(&query).map_err(|e| {
            let flag = FLAG_KEYS.iter().find(|(k, _)| *k == e.param()).map(|(_, f)| *f).unwrap_or(match e.param() {
                "seat" => "--seat",
                _ => "--seed",
            });
            CliError::new(format!("{flag}: {e}"))
        })
    }
}

#[derive(Args, Debug)]
pub struct LinkArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// Your seat, numbered from 1 as in the app (default 1).
    #[arg(long)]
    pub seat: Option<String>,
}

#[derive(Args, Debug)]
pub struct ReplayCodeArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// Hands to play in sequence (1 to 20).
    #[arg(long, default_value_t = 1)]
    pub hands: u32,
}

#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// The replay code (the part after #/replay/, or the whole link).
    pub code: String,
}

pub fn run(cmd: RecordCommand, out: Output) -> CliResult {
    match cmd {
        RecordCommand::Link(a) => link(&a, out),
        RecordCommand::ReplayCode(a) => replay_code(&a, out),
        RecordCommand::Decode(a) => decode(&a, out),
    }
}

pub fn link(a: &LinkArgs, out: Output) -> CliResult {
    let link = a.table.link(a.seat.as_deref())?;
    let hash = link.to_hash();
    let query: serde_json::Map<String, serde_json::Value> =
        link.to_query().into_iter().map(|(k, v)| (k, serde_json::Value::String(v))).collect();
    out.emit(
        || hash.clone(),
        || json!({ "hash": hash, "query": query, "seed": link.seed, "seat": link.seat + 1 }),
    );
    Ok(Verdict::Yes)
}

pub fn replay_code(a: &ReplayCodeArgs, out: Output) -> CliResult {
    if !(1..=20).contains(&a.hands) {
        return Err(CliError::new(format!("--hands must be 1 to 20, not {}", a.hands)));
    }
    let link = a.table.link(None)?;
    let seed = TableSeed::parse(&link.seed).map_err(|e| CliError::new(format!("--seed: {e}")))?;
    let mut sim = Simulation::new(link.settings.clone(), seed, &[Difficulty::Heuristic])
        .map_err(|e| CliError::new(e.to_string()))?;
    for h in 0..a.hands {
        if h > 0 {
            let seat = sim.game.to_act().first().copied().unwrap_or(0);
            sim.game.apply(seat, &Action::NextHand).map_err(|e| CliError::new(e.to_string()))?;
        }
        let mut guard = 0;
        while sim.game.phase() != PhaseName::Finished {
            sim.step().map_err(CliError::new)?;
            guard += 1;
            if guard > 100_000 {
                return Err(CliError::new("the bots' hand did not end"));
            }
        }
    }
    let record = sim.game.record();
    let code = encode_record(&record);
    let json_len = serde_json::to_string(&record).map(|s| s.len()).unwrap_or(0);
    let r = sim.game.settings().clone();
    out.emit(
        || {
            format!(
                "{code}\n{} characters ({} players, {} decks, {} hand(s), {} actions; the record's JSON is {} bytes)",
                code.len(),
                r.players,
                r.decks,
                a.hands,
                record.actions.len(),
                json_len
            )
        },
        || {
            json!({ "code": code, "length": code.len(), "players": r.players, "decks": r.decks,
                    "hands": a.hands, "actions": record.actions.len(), "json_length": json_len })
        },
    );
    Ok(Verdict::Yes)
}

pub fn decode(a: &DecodeArgs, out: Output) -> CliResult {
    let code = a.code.trim();
    let code = code.rsplit_once("#/replay/").map(|(_, c)| c).unwrap_or(code);
    let replay = Replay::from_code(code).map_err(|e| CliError::new(e.to_string()))?;
    let record = replay.record();
    let settings = settings_text::<crate::shengji::game::Game>(&record.settings);
    out.emit(
        || {
            let mut t = format!(
                "seed {}, settings {}, {} actions, {} tricks (seats numbered from 1)\n",
                record.seed,
                if settings.is_empty() { "default".to_string() } else { settings.clone() },
                record.actions.len(),
                replay.len()
            );
            for s in replay.steps() {
                let plays: Vec<String> =
                    s.trick.plays.iter().map(|(seat, cards)| format!("{}: {}", seat + 1, format_cards(cards))).collect();
                t.push_str(&format!(
                    "hand {} trick {:>2}: {} -> seat {} wins {} points; attackers {}\n",
                    s.hand + 1,
                    s.trick_number,
                    plays.join(" | "),
                    s.trick.winner + 1,
                    s.trick.points,
                    s.attacker_points
                ));
                if let Some(r) = &s.result {
                    t.push_str(&format!(
                        "hand {} result: attackers {} points (kitty bonus {}), {} +{} level(s)\n",
                        s.hand + 1,
                        r.attacker_points,
                        r.kitty_bonus,
                        if r.ladder.landlord_wins { "landlord's side" } else { "attackers" },
                        r.ladder.levels
                    ));
                }
            }
            t
        },
        || {
            json!({
                "seed": record.seed,
                "settings": settings,
                "actions": record.actions.len(),
                "tricks": replay.steps().iter().map(|s| json!({
                    "hand": s.hand,
                    "trick": s.trick_number,
                    "leader": s.trick.leader,
                    "plays": s.trick.plays.iter().map(|(seat, cards)| json!({ "seat": seat, "cards": format_cards(cards) })).collect::<Vec<_>>(),
                    "failed_throw": s.trick.failed_throw.as_deref().map(format_cards),
                    "winner": s.trick.winner,
                    "points": s.trick.points,
                    "totals": s.totals,
                    "attacker_points": s.attacker_points,
                    "result": s.result.as_ref().map(|r| json!({
                        "attacker_points": r.attacker_points, "kitty_bonus": r.kitty_bonus,
                        "landlord_wins": r.ladder.landlord_wins, "levels": r.ladder.levels,
                    })),
                })).collect::<Vec<_>>(),
            })
        },
    );
    Ok(Verdict::Yes)
}
