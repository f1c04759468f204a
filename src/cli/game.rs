//! `tuolaji simulate`: bots play N Shengji hands in sequence with invariant
//! checks after every action; prints a summary and (in JSON) a digest. Every
//! `Settings` field is a flag, judged by `Settings::validate` (exit 2 with its
//! sentence); `--sweep N` plays many drawn tables instead (`cli::sweep`).

use super::{CliError, CliResult, Output, Verdict};
use crate::cards::Rank;
use crate::dup::TableSeed;
use crate::ui_model::shengji::ShareLink;
use crate::shengji::bomb::Bombs;
use crate::shengji::bot::Difficulty;
use crate::shengji::format::TractorRules;
use crate::shengji::game::sim::Simulation;
use crate::shengji::game::{
    BidRules, FirstLandlord, FriendLimits, JokerBids, KittyMultiplier, LevelRules, Mode, NoBidTrump, Overcall, RankSet, Settings, Shown,
    ThrowPenaltySetting,
};
use crate::shengji::rules::{DrawPolicy, ThrowEvaluation};
use clap::builder::{BoolishValueParser, PossibleValuesParser, TypedValueParser};
use clap::{ArgAction, Args, ValueEnum};
use serde_json::json;
use std::time::Instant;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ModeArg {
    Tractor,
    Friends,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BotsArg {
    /// Heuristic bots everywhere.
    Heuristic,
    /// Random-legal bots everywhere.
    Random,
    /// Heuristic bots in even seats, random-legal bots in odd seats.
    Mixed,
}

impl BotsArg {
    pub fn difficulties(self) -> &'static [Difficulty] {
        match self {
            BotsArg::Heuristic => &[Difficulty::Heuristic],
            BotsArg::Random => &[Difficulty::Random],
            BotsArg::Mixed => &[Difficulty::Heuristic, Difficulty::Random],
        }
    }
}

/// A flag whose value is one of `all`, each written by its `name` (the same names as links).
fn choice<T: Copy + Default + Send + Sync + 'static>(
    all: &'static [T],
    name: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T> {
    // Clap has checked the value is one of the names, so the default is never taken.
    PossibleValuesParser::new(all.iter().map(|&x| name(x)))
        .map(move |v| all.iter().copied().find(|&x| name(x) == v).unwrap_or_default())
}

fn rank(notation: String) -> Rank {
    Rank::parse(&notation).unwrap_or(Rank::Two)
}

/// Every field of `Settings` as a flag; a flag left out takes the table's default.
#[derive(Args, Debug, Default, Clone)]
pub struct SettingsArgs {
    /// Players, 4 to 10; Tractor mode needs an even number [default: 4]
    #[arg(long)]
    pub players: Option<u8>,
    /// Decks, 1 to 2 × players and at most 16 [default: players / 2]
    #[arg(long)]
    pub decks: Option<u8>,
    /// Kitty size: 1 card up to a hand's worth, the other cards splitting evenly
    /// [default: the smallest of at least 5 that fits]
    #[arg(long)]
    pub kitty: Option<u8>,
    /// Tractor (fixed partners) or Finding Friends [default: tractor]
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// Friends the landlord calls (--mode friends), 1 to players − 2 [default: players / 2 − 1, at least 1]
    #[arg(long)]
    pub friends: Option<u8>,
    /// Which formats a lead may force out of a follower's hand [default: none]
    #[arg(long, value_parser = choice(&DrawPolicy::ALL, DrawPolicy::name))]
    pub draw_policy: Option<DrawPolicy>,
    /// Smallest tuple in a tractor, 2 to max(2, decks) [default: 2]
    #[arg(long)]
    pub min_tuple: Option<u8>,
    /// Fewest tuples in a row that make a tractor, 2 to 12 [default: 2]
    #[arg(long)]
    pub min_length: Option<u8>,
    /// How a throw is judged against the other hands [default: every-unit]
    #[arg(long, value_parser = choice(&ThrowEvaluation::ALL, ThrowEvaluation::name))]
    pub throw_evaluation: Option<ThrowEvaluation>,
    /// Points per failed throw, credited to the other side [default: 0]
    #[arg(long, value_parser = ["0", "10"])]
    pub throw_penalty: Option<String>,
    /// Kitty bonus: double (2 × the last lead's largest unit) or power (2 to that size) [default: double]
    #[arg(long, value_parser = ["double", "power"])]
    pub kitty_multiplier: Option<String>,
    /// A bidder may raise their own bid with more copies of the same card [default: true]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub reinforce: Option<bool>,
    /// Friend cards may be trump cards [default: false]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub friend_trump_allowed: Option<bool>,
    /// The rank everyone starts at [default: 2]
    #[arg(long, value_parser = PossibleValuesParser::new(Rank::ALL.map(Rank::notation)).map(rank))]
    pub starting_level: Option<Rank>,
    /// A player may take back their last play before the next player acts [default: true]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub take_back: Option<bool>,
    /// Friends mode: the highest card (big joker, a plain A) may not be called [default: false]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub friend_no_highest: Option<bool>,
    /// Friends mode: point cards (5, 10, K) may not be called [default: false]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub friend_no_points: Option<bool>,
    /// Friends mode: a friend already found does not fill a second call [default: false]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub friend_join_once: Option<bool>,
    /// Points in a ladder step, per deck: 10, 15, 20, 25, 30 or 40 [default: 20]
    #[arg(long)]
    pub step_per_deck: Option<u8>,
    /// Steps the attackers need to take the landlord's seat, 1 to 4 [default: 2]
    #[arg(long)]
    pub takeover_steps: Option<u8>,
    /// Steps past the takeover in which the attackers go up no level, 0 to 3 [default: 1]
    #[arg(long)]
    pub dead_zone: Option<u8>,
    /// Friends mode: one more level for a short-handed landlord's side that holds [default: false]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub short_handed_bonus: Option<bool>,
    /// Ranks to win at as the landlord's side before moving past them, e.g. 5.10.K [default: none]
    #[arg(long, value_parser = defended)]
    pub defended: Option<RankSet>,
    /// The rank at which the game ends [default: A]
    #[arg(long, value_parser = PossibleValuesParser::new(Rank::ALL.map(Rank::notation)).map(rank))]
    pub final_rank: Option<Rank>,
    /// 打J: losing at J to a single J in the last trick sends the landlord's side back to 2 [default: false]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub back_to_two: Option<bool>,
    /// Which bid overcalls another: joker (more cards, or as many jokers), suit (that or a higher suit), more (more cards only) [default: joker]
    #[arg(long, value_parser = choice(&Overcall::ALL, Overcall::name))]
    pub overcall: Option<Overcall>,
    /// No-trump bids with jokers: off, pair (a pair or more), all (every copy), fewer-big (every small joker, one big joker fewer) [default: pair]
    #[arg(long, value_parser = choice(&JokerBids::ALL, JokerBids::name))]
    pub joker_bids: Option<JokerBids>,
    /// The top bid may be taken back, once a hand, until the draw ends [default: false]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub take_back_bid: Option<bool>,
    /// The first hand's landlord: winner (the winning bid's seat) or first (the first bid's) [default: winner]
    #[arg(long, value_parser = choice(&FirstLandlord::ALL, FirstLandlord::name))]
    pub first_landlord: Option<FirstLandlord>,
    /// Trump from the kitty when nobody bids: level (its first level card, else a joker's no-trump, else its highest card) or first (its first card) [default: level]
    #[arg(long, value_parser = choice(&NoBidTrump::ALL, NoBidTrump::name))]
    pub no_bid_trump: Option<NoBidTrump>,
    /// 炒地皮: after each bury the other players in turn may overcall and take the kitty [default: false]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub steal_kitty: Option<bool>,
    /// The landlord's side's points on screen during the hand [default: true]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub show_landlord_points: Option<bool>,
    /// Past tricks on screen (false: play from memory) [default: true]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub show_past_tricks: Option<bool>,
    /// The buried kitty shown to everyone when the hand ends [default: true]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub show_kitty: Option<bool>,
    /// A failed throw names who could beat it [default: false]
    #[arg(long, action = ArgAction::Set, value_parser = BoolishValueParser::new())]
    pub show_throw_stopper: Option<bool>,
    /// Bombs (four or more of a rank beat any other play): off, any-suit (played whatever the lead) or follow-suit (only as the follow rules allow) [default: off]
    #[arg(long, value_parser = choice(&Bombs::ALL, Bombs::name))]
    pub bombs: Option<Bombs>,
}

fn defended(v: &str) -> Result<RankSet, String> {
    RankSet::parse(v).ok_or_else(|| format!("'{v}' is not ranks joined by dots, e.g. 5.10.K"))
}

impl SettingsArgs {
    /// The flags given, by name (to refuse them beside `--sweep`).
    pub fn given(&self) -> Vec<&'static str> {
        let flags = [
            ("--players", self.players.is_some()),
            ("--decks", self.decks.is_some()),
            ("--kitty", self.kitty.is_some()),
            ("--mode", self.mode.is_some()),
            ("--friends", self.friends.is_some()),
            ("--draw-policy", self.draw_policy.is_some()),
            ("--min-tuple", self.min_tuple.is_some()),
            ("--min-length", self.min_length.is_some()),
            ("--throw-evaluation", self.throw_evaluation.is_some()),
            ("--throw-penalty", self.throw_penalty.is_some()),
            ("--kitty-multiplier", self.kitty_multiplier.is_some()),
            ("--reinforce", self.reinforce.is_some()),
            ("--friend-trump-allowed", self.friend_trump_allowed.is_some()),
            ("--starting-level", self.starting_level.is_some()),
            ("--take-back", self.take_back.is_some()),
            ("--friend-no-highest", self.friend_no_highest.is_some()),
            ("--friend-no-points", self.friend_no_points.is_some()),
            ("--friend-join-once", self.friend_join_once.is_some()),
            ("--step-per-deck", self.step_per_deck.is_some()),
            ("--takeover-steps", self.takeover_steps.is_some()),
            ("--dead-zone", self.dead_zone.is_some()),
            ("--short-handed-bonus", self.short_handed_bonus.is_some()),
            ("--defended", self.defended.is_some()),
            ("--final-rank", self.final_rank.is_some()),
            ("--back-to-two", self.back_to_two.is_some()),
            ("--overcall", self.overcall.is_some()),
            ("--joker-bids", self.joker_bids.is_some()),
            ("--take-back-bid", self.take_back_bid.is_some()),
            ("--first-landlord", self.first_landlord.is_some()),
            ("--no-bid-trump", self.no_bid_trump.is_some()),
            ("--steal-kitty", self.steal_kitty.is_some()),
            ("--show-landlord-points", self.show_landlord_points.is_some()),
            ("--show-past-tricks", self.show_past_tricks.is_some()),
            ("--show-kitty", self.show_kitty.is_some()),
            ("--show-throw-stopper", self.show_throw_stopper.is_some()),
            ("--bombs", self.bombs.is_some()),
        ];
        flags.iter().filter(|(_, given)| *given).map(|(name, _)| *name).collect()
    }

    /// The settings these flags describe (not yet validated).
    pub fn settings(&self) -> Result<Settings, CliError> {
        let d = Settings::default();
        let mode = match self.mode {
            None | Some(ModeArg::Tractor) => Mode::Tractor,
            Some(ModeArg::Friends) => Mode::Friends,
        };
        if self.friends.is_some() && mode != Mode::Friends {
            return Err(CliError::new("--friends: friends are only called with --mode friends"));
        }
        Ok(Settings {
            players: self.players.unwrap_or(d.players),
            decks: self.decks,
            kitty: self.kitty,
            mode,
            friends: self.friends,
            draw_policy: self.draw_policy.unwrap_or(d.draw_policy),
            tractor: TractorRules {
                min_tuple: self.min_tuple.unwrap_or(d.tractor.min_tuple),
                min_length: self.min_length.unwrap_or(d.tractor.min_length),
            },
            throw_evaluation: self.throw_evaluation.unwrap_or(d.throw_evaluation),
            throw_penalty: match self.throw_penalty.as_deref() {
                Some("10") => ThrowPenaltySetting::TenPerThrow,
                _ => ThrowPenaltySetting::None,
            },
            kitty_multiplier: match self.kitty_multiplier.as_deref() {
                Some("power") => KittyMultiplier::PowerOfTwo,
                _ => KittyMultiplier::TwiceLargestUnit,
            },
            reinforce: self.reinforce.unwrap_or(d.reinforce),
            friend_trump_allowed: self.friend_trump_allowed.unwrap_or(d.friend_trump_allowed),
            starting_level: self.starting_level.unwrap_or(d.starting_level),
            take_back: self.take_back.unwrap_or(d.take_back),
            friend_limits: FriendLimits {
                no_highest: self.friend_no_highest.unwrap_or(d.friend_limits.no_highest),
                no_points: self.friend_no_points.unwrap_or(d.friend_limits.no_points),
                join_once: self.friend_join_once.unwrap_or(d.friend_limits.join_once),
            },
            levels: LevelRules {
                step_per_deck: self.step_per_deck.unwrap_or(d.levels.step_per_deck),
                takeover_steps: self.takeover_steps.unwrap_or(d.levels.takeover_steps),
                dead_zone: self.dead_zone.unwrap_or(d.levels.dead_zone),
                short_handed_bonus: self.short_handed_bonus.unwrap_or(d.levels.short_handed_bonus),
                defended: self.defended.unwrap_or(d.levels.defended),
                final_rank: self.final_rank.unwrap_or(d.levels.final_rank),
                back_to_two: self.back_to_two.unwrap_or(d.levels.back_to_two),
            },
            bidding: BidRules {
                overcall: self.overcall.unwrap_or(d.bidding.overcall),
                joker_bids: self.joker_bids.unwrap_or(d.bidding.joker_bids),
                take_back: self.take_back_bid.unwrap_or(d.bidding.take_back),
                first_landlord: self.first_landlord.unwrap_or(d.bidding.first_landlord),
                no_bid: self.no_bid_trump.unwrap_or(d.bidding.no_bid),
                steal: self.steal_kitty.unwrap_or(d.bidding.steal),
            },
            shown: Shown {
                landlord_points: self.show_landlord_points.unwrap_or(d.shown.landlord_points),
                past_tricks: self.show_past_tricks.unwrap_or(d.shown.past_tricks),
                kitty_at_end: self.show_kitty.unwrap_or(d.shown.kitty_at_end),
                throw_stopper: self.show_throw_stopper.unwrap_or(d.shown.throw_stopper),
            },
            bombs: self.bombs.unwrap_or(d.bombs),
        })
    }
}

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Hands to play in sequence, levels carrying over [default: 10; with --sweep, 2 per table]
    #[arg(long)]
    pub hands: Option<u64>,
    #[command(flatten)]
    pub table: SettingsArgs,
    /// Table seed (1-64 letters or digits); with --sweep, the seed the tables are drawn from.
    #[arg(long, default_value = "simulate")]
    pub seed: String,
    /// Who plays [default: heuristic; a sweep takes heuristic, random and mixed in turn]
    #[arg(long, value_enum)]
    pub bots: Option<BotsArg>,
    /// Play N tables drawn from --seed among those the settings accept (exit 1 at the
    /// first violation, naming its share link) instead of one table.
    #[arg(long, value_name = "N")]
    pub sweep: Option<u32>,
    /// With --sweep: fail a hand that takes longer than this many milliseconds (0: no limit).
    #[arg(long, default_value_t = 2000, value_name = "MS")]
    pub max_hand_ms: u64,
}

pub const MAX_HANDS: u64 = 1_000_000;

pub fn simulate(a: &SimulateArgs, out: Output) -> CliResult {
    let hands = a.hands.unwrap_or(if a.sweep.is_some() { 2 } else { 10 });
    if hands == 0 || hands > MAX_HANDS {
        return Err(CliError::new(format!("--hands must be 1 to {MAX_HANDS}, not {hands}")));
    }
    let seed = TableSeed::parse(&a.seed).map_err(|e| CliError::new(format!("--seed: {e}")))?;
    if let Some(n) = a.sweep {
        return super::sweep::sweep(n, hands, &seed, a, out);
    }
    let settings = a.table.settings()?;
    let bots = a.bots.unwrap_or(BotsArg::Heuristic).difficulties();
    let mut sim = Simulation::new(settings, seed, bots).map_err(|e| CliError::new(e.to_string()))?;
    let start = Instant::now();
    let result = sim.run(hands);
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
    let link = ShareLink::from_game(&sim.game, 0).to_hash();
    out.emit(
        || {
            format!(
                "{} hands, {} players, {} decks, {:?} mode, kitty {}: all invariants held\n\
                 levels gained: even seats {}, odd seats {} (landlord side {}, attackers {})\n\
                 hands won: even seats {}, odd seats {}; landlord held {} of {}\n\
                 mean attacker points {:.1}; throws tried {}, failed {}; bombs {}; kitties stolen {}; games finished {}\n\
                 mean time per hand {:.2} ms; digest {}\n\
                 table: {}",
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
                s.bombs,
                s.steals,
                s.games_finished,
                ms_per_hand,
                s.digest,
                link
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
                "friends": r.friends,
                "levels_gained": { "even_seats": s.levels_gained[0], "odd_seats": s.levels_gained[1],
                                   "landlord_side": s.landlord_side_levels, "attackers": s.attacker_levels },
                "hands_won": { "even_seats": s.hands_won[0], "odd_seats": s.hands_won[1] },
                "landlord_holds": s.landlord_holds,
                "mean_attacker_points": s.mean_attacker_points,
                "throws_tried": s.throws_tried,
                "throws_failed": s.throws_failed,
                "bombs": s.bombs,
                "bomb_tricks": s.bomb_tricks,
                "steals": s.steals,
                "games_finished": s.games_finished,
                "actions": s.actions,
                "mean_ms_per_hand": ms_per_hand,
                "digest": s.digest,
                "link": link,
            })
        },
    );
    Ok(Verdict::Yes)
}
