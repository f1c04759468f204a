//! The duplicate arena for the Sichuan table: two kinds of bot on the same walls, each
//! deal played twice with the bots rotated through the seats, so the tiles cancel out
//! and what is left is the bots' play (`tuolaji mahjong strength`, docs/sichuan.md).
//!
//! * Deal `d` of seed `S` is a table of its own, seeded by a generated seed drawn from
//!   `S`'s hand `d` stream `named:mahjong-arena` (its own share link); one hand is
//!   played per deal, seat 0 dealing.
//! * Orientation 0 puts kind A in seats 0 and 2 and B in 1 and 3, orientation 1 the
//!   other way round: the same walls, and every seat's bot draws from that seat's stream
//!   either way.
//! * A deal's figure is A's net points per seat-hand over its two hands (A's four
//!   seat-hands); B's is its negative (every hand's payments sum to zero). The interval
//!   is a paired bootstrap over deals: 2,000 resamples from the seed's
//!   `named:mahjong-arena-bootstrap` stream, 2.5 and 97.5 percentiles.
//! * Every move is the rules' to accept (a refused bot move is an error) and every state
//!   keeps the table's invariants (`sim::check_state`).
//! * Decision times (the only thing that varies between runs) come from the caller's
//!   clock, over every bot decision that had a choice (its seat was asked to move).

use super::bot::{expert::Effort, Bot, Difficulty};
use super::sim::check_state;
use super::settle::{HandResult, PayReason};
use super::{Game, Settings, PLAYERS};
use crate::table::sim::Violation;
use crate::dup::{generate_seed, uniform_below, Purpose, TableSeed};
use crate::table::sim::hex_digest;
use rand_core::RngCore;
use serde::Serialize;
use sha2::{Digest, Sha256};

pub use crate::table::arena::BOOTSTRAP;

/// Most actions one hand may take before the arena calls it stuck.
const ACTION_CAP: usize = 2000;

/// What to play (`table::arena::ArenaConfig`).
pub type ArenaConfig = crate::table::arena::ArenaConfig<Difficulty, Settings, Effort>;

/// A deal played both ways round: per orientation, A's and B's net points and wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairResult {
    /// The deal's table seed.
    pub seed: String,
    pub a_points: [i64; 2],
    pub a_wins: [u32; 2],
    pub b_wins: [u32; 2],
    /// Where A's points came from (not in the digest).
    #[serde(skip)]
    pub causes: Causes,
}

/// The payments between the two sides by cause, over a pair: what A received (`gained`)
/// and paid (`lost`) in each of `Causes::NAMES`'s categories (payments within a side
/// cancel out of its net and are left out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Causes {
    pub gained: [i64; CAUSES],
    pub lost: [i64; CAUSES],
    /// How many payments A received and made in each category.
    pub got: [u32; CAUSES],
    pub paid: [u32; CAUSES],
}

/// Categories of `Causes`.
pub const CAUSES: usize = 10;

impl Causes {
    pub const NAMES: [&'static str; CAUSES] = [
        "win on a discard, 0-1 fan",
        "win on a discard, 2 fan",
        "win on a discard, 3+ fan",
        "self-drawn, 0-1 fan",
        "self-drawn, 2 fan",
        "self-drawn, 3+ fan",
        "kongs",
        "flower pig (查花猪)",
        "not ready (查叫)",
        "refunds and transfers",
    ];

    fn category(reason: PayReason) -> usize {
        match reason {
            PayReason::Win { fan } => (fan.max(1) - 1).min(2) as usize,
            PayReason::SelfDrawn { fan } => 3 + (fan.max(1) - 1).min(2) as usize,
            PayReason::Kong(_) => 6,
            PayReason::FlowerPig => 7,
            PayReason::NotReady { .. } => 8,
            PayReason::KongRefund | PayReason::KongTransfer => 9,
        }
    }

    fn add(&mut self, result: &HandResult, is_a: &dyn Fn(usize) -> bool) {
        for p in result.payments.iter().filter(|p| is_a(p.from) != is_a(p.to)) {
            let c = Self::category(p.reason);
            if is_a(p.to) {
                self.gained[c] += p.points;
                self.got[c] += 1;
            } else {
                self.lost[c] += p.points;
                self.paid[c] += 1;
            }
        }
    }

    /// The sum of two breakdowns.
    pub fn plus(mut self, o: &Causes) -> Causes {
        for c in 0..CAUSES {
            self.gained[c] += o.gained[c];
            self.lost[c] += o.lost[c];
            self.got[c] += o.got[c];
            self.paid[c] += o.paid[c];
        }
        self
    }
}

impl PairResult {
    /// A's net points per seat-hand over the pair.
    pub fn a_per_seat_hand(&self) -> f64 {
        (self.a_points[0] + self.a_points[1]) as f64 / 4.0
    }
}

/// One bot decision's time: whose (A's or B's), whether the Expert searched for it (its
/// discards and pungs; the rest it decides as the advice bot), and how long it took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    pub by_a: bool,
    pub searched: bool,
    pub ms: f64,
}

/// Why a deal could not be played: a refused bot move, a broken invariant or a hand that
/// did not end (the deal's seed and the sentence; `hand` is the orientation, 0 or 1).
pub type ArenaError = crate::table::sim::Violation;

/// The table seed of deal `d`.
pub fn deal_seed(seed: &TableSeed, d: usize) -> TableSeed {
    let mut rng = seed.hand(d as u64).stream(Purpose::Named("mahjong-arena"));
    TableSeed::parse(&generate_seed(rng.next_u64())).expect("generated seeds are valid")
}

/// Plays one hand of `seed` with A in the even seats when `a_even`; A's net points and
/// each side's wins.
fn play_hand(
    config: &ArenaConfig,
    seed: &TableSeed,
    a_even: bool,
    clock: &mut dyn FnMut() -> f64,
    times: &mut Vec<Decision>,
    causes: &mut Causes,
) -> Result<(i64, u32, u32), ArenaError> {
    let hand = (!a_even) as u64;
    let broken = |n: usize, what: String| Violation::new::<Game>(hand, n, format!("deal {seed}: {what}"));
    let mut game = Game::new(config.settings, seed.clone()).map_err(|e| broken(0, e.to_string()))?;
    let is_a = |s: usize| s.is_multiple_of(2) == a_even;
    let mut bots: Vec<Bot> = (0..PLAYERS)
        .map(|s| Bot::new(seed, s, if is_a(s) { config.a } else { config.b }).with_effort(config.effort))
        .collect();
    for n in 0..ACTION_CAP {
        if let Some(r) = game.result() {
            let a: i64 = (0..PLAYERS).filter(|&s| is_a(s)).map(|s| r.scores[s]).sum();
            let wins = |side: bool| r.wins.iter().filter(|w| is_a(w.seat) == side).count() as u32;
            causes.add(r, &is_a);
            return Ok((a, wins(true), wins(false)));
        }
        let seat = game.to_act()[0];
        let view = game.view(seat);
        #[cfg(test)]
        if super::bot::danger::seer::ON.get() {
            let hands = game.deal.seats.iter().map(|s| (s.hand, !s.passed_win)).collect();
            super::bot::danger::seer::HANDS.set(hands);
        }
        let start = clock();
        let (action, why) = bots[seat].suggest(&view);
        times.push(Decision { by_a: is_a(seat), searched: why.searched(), ms: clock() - start });
        game.apply(seat, &action).map_err(|e| broken(n, format!("seat {}'s {action:?} refused: {e:?}", seat + 1)))?;
        check_state(&game).map_err(|e| broken(n, e))?;
    }
    Err(broken(ACTION_CAP, "the hand did not end".into()))
}

/// Deal `d` played both ways round.
pub fn play_pair(
    config: &ArenaConfig,
    d: usize,
    clock: &mut dyn FnMut() -> f64,
    times: &mut Vec<Decision>,
) -> Result<PairResult, ArenaError> {
    let seed = deal_seed(&config.seed, d);
    let mut causes = Causes::default();
    let (p0, a0, b0) = play_hand(config, &seed, true, clock, times, &mut causes)?;
    let (p1, a1, b1) = play_hand(config, &seed, false, clock, times, &mut causes)?;
    Ok(PairResult { seed: seed.as_str().to_string(), a_points: [p0, p1], a_wins: [a0, a1], b_wins: [b0, b1], causes })
}

/// Everything the arena reports but the timings: the same for the same arguments.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub deals: usize,
    /// Hands played (two a deal) and seat-hands per side (four a deal).
    pub hands: usize,
    /// A's mean net points per seat-hand, with its 95 % interval.
    pub a_points: f64,
    pub ci95: [f64; 2],
    /// Wins per seat-hand of each side.
    pub a_wins: f64,
    pub b_wins: f64,
    /// Deals A came out ahead on over both hands, level, and behind.
    pub deals_ahead: usize,
    pub deals_level: usize,
    pub deals_behind: usize,
    /// SHA-256 (first 16 bytes) over every deal's result.
    pub digest: String,
}

/// The figures over `pairs` (in deal order), the interval from `seed`'s bootstrap stream.
pub fn report(seed: &TableSeed, pairs: &[PairResult]) -> Report {
    let n = pairs.len();
    let per: Vec<f64> = pairs.iter().map(PairResult::a_per_seat_hand).collect();
    let mean = if n == 0 { 0.0 } else { per.iter().sum::<f64>() / n as f64 };
    let mut rng = seed.stream(Purpose::Named("mahjong-arena-bootstrap"));
    let mut means: Vec<f64> = (0..if n > 0 { BOOTSTRAP } else { 0 })
        .map(|_| (0..n).map(|_| per[uniform_below(&mut rng, n as u64) as usize]).sum::<f64>() / n as f64)
        .collect();
    means.sort_by(|x, y| x.total_cmp(y));
    let at = |q: f64| if means.is_empty() { 0.0 } else { means[((means.len() - 1) as f64 * q).round() as usize] };
    let seat_hands = (4 * n).max(1) as f64;
    let wins = |f: fn(&PairResult) -> [u32; 2]| pairs.iter().map(|p| f(p).iter().sum::<u32>() as f64).sum::<f64>() / seat_hands;
    let mut h = Sha256::new();
    h.update(serde_json::to_string(pairs).unwrap_or_default().as_bytes());
    Report {
        deals: n,
        hands: 2 * n,
        a_points: mean,
        ci95: [at(0.025), at(0.975)],
        a_wins: wins(|p| p.a_wins),
        b_wins: wins(|p| p.b_wins),
        deals_ahead: per.iter().filter(|&&x| x > 0.0).count(),
        deals_level: per.iter().filter(|&&x| x == 0.0).count(),
        deals_behind: per.iter().filter(|&&x| x < 0.0).count(),
        digest: hex_digest(h),
    }
}

/// Plays every deal in order and reports; `each(d)` is called after deal `d`.
pub fn run(
    config: &ArenaConfig,
    clock: &mut dyn FnMut() -> f64,
    each: &mut dyn FnMut(usize),
) -> Result<(Report, Vec<PairResult>, Vec<Decision>), ArenaError> {
    let mut times = Vec::new();
    let mut pairs = Vec::with_capacity(config.deals);
    for d in 0..config.deals {
        pairs.push(play_pair(config, d, clock, &mut times)?);
        each(d);
    }
    Ok((report(&config.seed, &pairs), pairs, times))
}

#[cfg(test)]
mod seer_tests {
    use super::*;

    /// Diagnostic (`MAHJONG_SEER_DEALS=500 MAHJONG_SEER_SEED=dev10 cargo test --release --lib
    /// danger_seer -- --ignored --nocapture`): the Expert against the advice bot as `tuolaji
    /// mahjong arena` plays it, then the same deals with the Expert's deal-in risk read off the
    /// opponents' true hands (`bot::danger::seer`): a perfect reading of who is ready and on
    /// what, the rest of the Expert as it is. Off, it replays the arena's digest.
    #[test]
    #[ignore]
    fn danger_seer() {
        let env = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
        let config = ArenaConfig {
            a: Difficulty::Expert,
            b: Difficulty::Advice,
            deals: env("MAHJONG_SEER_DEALS", "20").parse().unwrap(),
            seed: TableSeed::parse(&env("MAHJONG_SEER_SEED", "dev10")).unwrap(),
            settings: Settings::default(),
            effort: super::super::bot::expert::EFFORT,
        };
        for on in [false, true] {
            super::super::bot::danger::seer::ON.set(on);
            let (r, _, _) = run(&config, &mut || 0.0, &mut |_| {}).unwrap();
            println!(
                "danger seer {}: {:+.3} ({:+.3} to {:+.3}), wins {:.3} / {:.3}, digest {}",
                if on { "on" } else { "off" },
                r.a_points,
                r.ci95[0],
                r.ci95[1],
                r.a_wins,
                r.b_wins,
                r.digest
            );
        }
    }
}
