//! The duplicate arena: two kinds of bot on the same deals, each deal played
//! twice with the partnerships swapped, so the cards cancel out and what is
//! left is the bots' play (docs/game.md, "Arena").
//!
//! * Deal `d` of seed `S` is a table of its own, seeded by a generated seed
//!   drawn from `S`'s hand `d` stream `named:arena` (so each deal has its own
//!   share link); one hand is played per deal.
//! * Orientation 0 puts kind A in the even seats and B in the odd ones,
//!   orientation 1 the other way round; same seed, same cards, and every
//!   seat's bot draws from that seat's stream either way.
//! * A hand is **won** by the side that gains from it: the landlord's side
//!   when it holds, the attackers when they take over (even at +0). A's score
//!   for a hand is the share of the winning seats that are A's: 1 or 0 in
//!   Tractor mode; in Finding Friends, where sides form during the hand, A's
//!   seats are the fixed set above and the winners may be mixed.
//! * **Levels**: levels gained by A's seats and by B's (per seat, summed),
//!   A's share of their total. **Margin**: card points A's seats took minus
//!   B's (the kitty bonus counted to the last trick's winner), per hand.
//! * Intervals are paired bootstraps over deal pairs: 2,000 resamples drawn
//!   from the seed's `named:arena-bootstrap` stream, 2.5 and 97.5 percentiles.
//!   The minimum detectable effect is 2.8 × the standard deviation of the
//!   per-pair hand score / √N (a two-sided 5 % test with 80 % power).
//! * Decision times (the only thing that varies between runs) come from the
//!   caller's clock, over every bot decision in the exchange and play; A's draw
//!   decisions with a bid to make are timed apart.

use crate::dup::{uniform_below, Purpose, TableSeed};
use crate::shengji::bot::{bots_for, Bot, Difficulty};
use crate::shengji::expert::Effort;
use crate::shengji::game::{Game, PhaseName, Settings, SettingsError};
use crate::table::sim::hex_digest;
use serde::Serialize;
use sha2::{Digest, Sha256};

pub use crate::table::arena::{deal_seed, DecisionTimes, Share, Timings, BOOTSTRAP};

/// What to play (`table::arena::ArenaConfig`).
pub type ArenaConfig = crate::table::arena::ArenaConfig<Difficulty, Settings, Effort>;

/// One hand, from A's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandScore {
    /// A's seats this hand: even (orientation 0) or odd (orientation 1).
    pub a_even: bool,
    /// A's share of the winning seats (1 or 0 in Tractor mode).
    pub won: f64,
    pub a_levels: u32,
    pub b_levels: u32,
    /// Card points A's seats took minus B's.
    pub margin: i32,
    pub landlord: usize,
    pub attacker_points: u32,
}

/// A deal played both ways round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairResult {
    /// The deal's table seed (its share link's `seed`).
    pub seed: String,
    pub hands: [HandScore; 2],
}

impl PairResult {
    /// A's hand score over the pair (0 to 1).
    pub fn won(&self) -> f64 {
        (self.hands[0].won + self.hands[1].won) / 2.0
    }
    pub fn margin(&self) -> f64 {
        (self.hands[0].margin + self.hands[1].margin) as f64 / 2.0
    }
}

/// Why a deal could not be played.
#[derive(Clone, Debug, PartialEq)]
pub enum ArenaError {
    Settings(SettingsError),
    /// A bot's move was refused (a bug in the bot): the deal, the seat and the sentence.
    Refused { seed: String, seat: usize, error: String },
    /// A hand did not end within its bound of actions.
    NoEnd { seed: String },
}

impl std::fmt::Display for ArenaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArenaError::Settings(e) => write!(f, "{e}"),
            ArenaError::Refused { seed, seat, error } => {
                write!(f, "deal {seed}: the bot in seat {} made a move the rules refuse: {error}", seat + 1)
            }
            ArenaError::NoEnd { seed } => write!(f, "deal {seed}: the hand did not end"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// The bots of one orientation: kind A in the even seats when `a_even`, else in
/// the odd ones, each drawing from its seat's stream of `seed`.
pub fn seat_bots(config: &ArenaConfig, seed: &TableSeed, players: usize, a_even: bool) -> Vec<Bot> {
    let order = if a_even { [config.a, config.b] } else { [config.b, config.a] };
    bots_for(seed, players, &order).into_iter().map(|b| b.with_effort(config.effort)).collect()
}

/// Plays one hand of `seed` in one orientation; `clock` gives milliseconds for
/// the decision times.
fn play_hand(
    config: &ArenaConfig,
    seed: &TableSeed,
    a_even: bool,
    clock: &mut dyn FnMut() -> f64,
    timings: &mut Timings,
) -> Result<HandScore, ArenaError> {
    let mut game = Game::new(config.settings.clone(), seed.clone()).map_err(ArenaError::Settings)?;
    let n = game.players();
    let mut bots = seat_bots(config, seed, n, a_even);
    let is_a = |s: usize| s.is_multiple_of(2) == a_even;
    let cap = 20 * game.settings().cards() + 1000;
    let mut steps = 0;
    while game.phase() != PhaseName::Finished {
        steps += 1;
        if steps > cap {
            return Err(ArenaError::NoEnd { seed: seed.to_string() });
        }
        let seat = game.to_act()[0];
        let view = game.view(seat);
        let timed = matches!(view.phase, PhaseName::Exchange | PhaseName::Play);
        let bid = view.phase == PhaseName::Draw && !view.valid_bids.is_empty() && is_a(seat);
        let t0 = if timed || bid { clock() } else { 0.0 };
        let (action, _) = bots[seat].suggest_explained(&view);
        if timed {
            let dt = clock() - t0;
            if is_a(seat) { timings.a.push(dt) } else { timings.b.push(dt) }
        } else if bid {
            timings.a_bids.push(clock() - t0);
        }
        game.apply(seat, &action).map_err(|e| ArenaError::Refused {
            seed: seed.to_string(),
            seat,
            error: e.to_string(),
        })?;
    }
    Ok(hand_score(&game, a_even).expect("a finished hand has a result"))
}

/// A finished hand scored from A's side (A in the even seats when `a_even`); `None` before
/// the hand's end. The outside arena scores its hands with this too.
pub fn hand_score(game: &Game, a_even: bool) -> Option<HandScore> {
    let r = game.result()?;
    let is_a = |s: usize| s.is_multiple_of(2) == a_even;
    let n = game.players();
    let winners: Vec<usize> =
        (0..n).filter(|s| r.landlord_team.contains(s) == r.ladder.landlord_wins).collect();
    let won = winners.iter().filter(|&&s| is_a(s)).count() as f64 / winners.len().max(1) as f64;
    let (mut a_levels, mut b_levels) = (0, 0);
    for &(s, old, new) in &r.levels {
        let gained = (new.index() - old.index()) as u32;
        if is_a(s) { a_levels += gained } else { b_levels += gained }
    }
    let mut points: Vec<i64> = game.points().iter().map(|&p| p as i64).collect();
    points[r.last_trick_winner] += r.kitty_bonus as i64;
    let margin: i64 = (0..n).map(|s| if is_a(s) { points[s] } else { -points[s] }).sum();
    Some(HandScore {
        a_even,
        won,
        a_levels,
        b_levels,
        margin: margin as i32,
        landlord: r.landlord,
        attacker_points: r.attacker_points,
    })
}

/// Plays deal `d` both ways round.
pub fn play_pair(
    config: &ArenaConfig,
    d: usize,
    clock: &mut dyn FnMut() -> f64,
    timings: &mut Timings,
) -> Result<PairResult, ArenaError> {
    let seed = deal_seed(&config.seed, d);
    let h0 = play_hand(config, &seed, true, clock, timings)?;
    let h1 = play_hand(config, &seed, false, clock, timings)?;
    Ok(PairResult { seed: seed.to_string(), hands: [h0, h1] })
}

/// A's figures over the hands where its seat was (or was not) the landlord: how
/// often the bids put each side in the seat, and what each seat gave.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SideFigures {
    pub hands: usize,
    /// A's hand score summed (hands won, shared in Finding Friends).
    pub won: f64,
    pub a_levels: u64,
    pub b_levels: u64,
    /// A's card point margin summed.
    pub margin: i64,
}

impl SideFigures {
    fn add(&mut self, h: &HandScore) {
        self.hands += 1;
        self.won += h.won;
        self.a_levels += h.a_levels as u64;
        self.b_levels += h.b_levels as u64;
        self.margin += h.margin as i64;
    }
}

impl HandScore {
    /// Was the landlord one of A's seats?
    pub fn a_landlord(&self) -> bool {
        self.landlord.is_multiple_of(2) == self.a_even
    }
}

/// Everything the arena reports but the timings: the same for the same seed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub deals: usize,
    pub hands_won: Share,
    pub levels: Share,
    /// Levels gained by A's seats and by B's, summed over seats and hands.
    pub a_levels: u64,
    pub b_levels: u64,
    /// Mean card points per hand A's seats took more than B's.
    pub margin: f64,
    /// Minimum detectable effect on `hands_won.share` (80 % power, two-sided 5 %).
    pub mde: f64,
    /// Deal pairs A won both ways round, split, and lost both ways round.
    pub pairs_won: usize,
    pub pairs_split: usize,
    pub pairs_lost: usize,
    /// The hands where A's seat was the landlord, and the others.
    pub a_landlord: SideFigures,
    pub b_landlord: SideFigures,
    /// SHA-256 (first 16 bytes) over every pair's result.
    pub digest: String,
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn level_share(a: u64, b: u64) -> f64 {
    if a + b == 0 {
        0.5
    } else {
        a as f64 / (a + b) as f64
    }
}

/// The figures over `pairs` (in deal order), intervals from `seed`'s bootstrap stream.
pub fn report(seed: &TableSeed, pairs: &[PairResult]) -> Report {
    let n = pairs.len();
    let won: Vec<f64> = pairs.iter().map(PairResult::won).collect();
    let lv: Vec<(u64, u64)> = pairs
        .iter()
        .map(|p| p.hands.iter().fold((0, 0), |(a, b), h| (a + h.a_levels as u64, b + h.b_levels as u64)))
        .collect();
    let mean = |v: &[f64]| if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 };
    let share = mean(&won);
    let (a_levels, b_levels) = lv.iter().fold((0, 0), |(a, b), &(x, y)| (a + x, b + y));
    let mut rng = seed.stream(Purpose::Named("arena-bootstrap"));
    let mut won_bs = Vec::with_capacity(BOOTSTRAP);
    let mut lv_bs = Vec::with_capacity(BOOTSTRAP);
    if n > 0 {
        for _ in 0..BOOTSTRAP {
            let (mut w, mut a, mut b) = (0.0, 0, 0);
            for _ in 0..n {
                let i = uniform_below(&mut rng, n as u64) as usize;
                w += won[i];
                a += lv[i].0;
                b += lv[i].1;
            }
            won_bs.push(w / n as f64);
            lv_bs.push(level_share(a, b));
        }
    }
    won_bs.sort_by(|x, y| x.total_cmp(y));
    lv_bs.sort_by(|x, y| x.total_cmp(y));
    let sd = if n > 1 { (won.iter().map(|x| (x - share).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt() } else { 0.0 };
    let mut h = Sha256::new();
    h.update(serde_json::to_string(pairs).unwrap_or_default().as_bytes());
    let digest = hex_digest(h);
    let (mut a_landlord, mut b_landlord) = (SideFigures::default(), SideFigures::default());
    for hand in pairs.iter().flat_map(|p| p.hands.iter()) {
        if hand.a_landlord() { a_landlord.add(hand) } else { b_landlord.add(hand) }
    }
    Report {
        deals: n,
        hands_won: Share { share, ci95: [percentile(&won_bs, 0.025), percentile(&won_bs, 0.975)] },
        levels: Share {
            share: level_share(a_levels, b_levels),
            ci95: [percentile(&lv_bs, 0.025), percentile(&lv_bs, 0.975)],
        },
        a_levels,
        b_levels,
        margin: mean(&pairs.iter().map(PairResult::margin).collect::<Vec<_>>()),
        mde: if n > 0 { 2.8 * sd / (n as f64).sqrt() } else { 0.0 },
        pairs_won: won.iter().filter(|&&w| w > 0.75).count(),
        pairs_split: won.iter().filter(|&&w| (0.25..=0.75).contains(&w)).count(),
        pairs_lost: won.iter().filter(|&&w| w < 0.25).count(),
        a_landlord,
        b_landlord,
        digest,
    }
}

/// Plays every deal in order on this thread and reports.
pub fn run(config: &ArenaConfig, clock: &mut dyn FnMut() -> f64) -> Result<(Report, Vec<PairResult>, Timings), ArenaError> {
    let mut timings = Timings::default();
    let mut pairs = Vec::with_capacity(config.deals);
    for d in 0..config.deals {
        pairs.push(play_pair(config, d, clock, &mut timings)?);
    }
    Ok((report(&config.seed, &pairs), pairs, timings))
}
