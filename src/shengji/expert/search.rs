//! The search: every candidate play is tried on the same sampled deals (common
//! random numbers: candidates meet the same hidden hands and the same playout
//! streams), each deal played to the end by heuristic bots, and the play with
//! the best mean outcome for the seat's side wins.
//!
//! Effort is counted, never timed ([`Effort`]): a budget of simulated card
//! plays sets the number of deals (a playout early in the hand costs more
//! than one near its end, so later decisions afford more deals), within a
//! floor and a ceiling. Two rounds: every candidate on the first third of the
//! deals, then the best few on all of them. The heuristic's choice is kept
//! unless another play beats it by a margin (noise must not move the bot off
//! a sound default).

use super::knowledge::Knowledge;
use super::playout::{Outcome, Playout};
use super::model::Model;
use super::sampling::{sample, sample_modelled};
use crate::cards::Card;
use crate::shengji::game::SeatView;
use crate::shengji::rules::Rules;
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

/// How hard the Expert thinks: counts only, so a decision replays bit-for-bit.
/// It travels with a search to the bot worker (`shengji::think`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Effort {
    /// Simulated card plays per decision (deals × candidates × plays left in the hand):
    /// 14,000 since the heuristic's follow became cheap enough to afford them in the time
    /// 8,000 took before (docs/game.md, "A cheaper heuristic, and what its time bought").
    pub plays: usize,
    /// Fewest and most sampled deals per decision.
    pub min_deals: usize,
    pub max_deals: usize,
    /// Redraws allowed per deal to meet the past follows.
    pub tries: usize,
    /// Replays of the other seats' past plays per sampled deal (`model.rs`): deals are
    /// drawn while they last and the one that agrees with the most plays is kept; 0 is
    /// off (the default: on seeds it was not tuned on it did not beat the bot without it,
    /// docs/game.md), and Finding Friends plays without it. Each counts
    /// as [`REPLAY_COST`] simulated card plays in `plays`.
    pub model_replays: usize,
    /// Most deals per decision when the model draws them (each costs the replays).
    pub model_max_deals: usize,
    /// Most leads weighed (the heuristic's included).
    pub leads: usize,
    /// Most follows weighed (the heuristic's included).
    pub follows: usize,
    /// Candidates kept for the second round.
    pub finalists: usize,
    /// How much better (in utility per deal, see [`utility`]) another play must
    /// do than the heuristic's to be chosen, in thousandths.
    pub margin_milli: u32,
    /// Simulated card plays for a bury or a friend call (`exchange.rs`), made once a
    /// hand and so given more than a play; 0 leaves them to the heuristic.
    pub exchange_plays: usize,
    /// Simulated card plays for a bid (or a steal of the kitty) the heuristic weighs
    /// (`bids.rs`), each playout the rest of the draw and the whole play; 0 leaves the
    /// bids to the heuristic. 16,000 since the heuristic got cheap (8,000 before): in
    /// Finding Friends, whose playouts are longest, it gained; at 4 × 2 it is even.
    pub bid_plays: usize,
}

impl Default for Effort {
    fn default() -> Effort {
        Effort {
            plays: 14000,
            min_deals: 8,
            max_deals: 96,
            tries: 6,
            model_replays: 0,
            model_max_deals: 48,
            leads: 6,
            follows: 5,
            finalists: 2,
            margin_milli: 40,
            exchange_plays: 16000,
            bid_plays: 16000,
        }
    }
}

impl Effort {
    /// A small effort for tests: a few deals per decision.
    pub fn light() -> Effort {
        Effort { plays: 600, min_deals: 3, max_deals: 6, exchange_plays: 1200, bid_plays: 1200, ..Effort::default() }
    }

    /// Deals for `candidates` plays with `left` card plays left in the hand.
    pub fn deals(&self, candidates: usize, left: usize) -> usize {
        self.deals_with(candidates, left, 0)
    }

    /// [`Effort::deals`] where drawing each deal also costs `replays` heuristic decisions
    /// (the model's replays of past plays, `model.rs`), counted as card plays.
    pub fn deals_with(&self, candidates: usize, left: usize, replays: usize) -> usize {
        let per_deal = (candidates.max(1) * left.max(1) + replays).max(1);
        (self.plays / per_deal).clamp(self.min_deals.max(1), self.max_deals.max(self.min_deals).max(1))
    }
}

/// Simulated card plays a replay of a past play is charged. A replay costs more than
/// that (it replays a decision with the hand as it was then: some 10 µs against a
/// playout card play's 2.5 µs), but charging 4 left too few deals to gain anything
/// (docs/game.md, "A model of the other seats' play"); the time is bounded by
/// `model_replays` and `model_max_deals` instead.
pub const REPLAY_COST: usize = 1;

/// What the search found.
pub(super) struct Searched {
    /// Index of the chosen candidate.
    pub best: usize,
    /// Deals sampled.
    pub deals: usize,
    /// Share of the deals the chosen play won (0 to 1).
    pub win_share: f64,
}

/// The value of an outcome for the seat: winning the hand (0.5), levels (0.1
/// each) and attacker points on the ladder (1 per 100 × decks, positive when
/// attacking): the points are a smoother signal than the win alone.
pub(super) fn utility(o: Outcome, decks: usize) -> f64 {
    0.5 * o.won as u8 as f64 + 0.1 * o.levels as f64 + o.points as f64 / (100.0 * decks as f64)
}

/// The value of an outcome for a decision that may change the seat's side (a bid or a
/// steal: who is landlord): as [`utility`], but the points counted from the takeover
/// (the attackers' points past it when attacking, the landlord's side's margin below it
/// when defending), so neither side starts ahead; [`utility`]'s raw attacker points
/// count the attackers' every point as theirs and the landlord's as lost, which is the
/// same for every play of a hand but made the bid search prefer defending.
pub(super) fn side_utility(o: Outcome, decks: usize) -> f64 {
    0.5 * o.won as u8 as f64 + 0.1 * o.levels as f64 + o.past_takeover as f64 / (100.0 * decks as f64)
}

pub(super) fn search(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    rules: &Rules,
    knowledge: &Knowledge,
    candidates: &[Vec<Card>],
    effort: Effort,
) -> Searched {
    let left: usize = view.hand_sizes.iter().sum();
    // The model pays in Tractor; in Finding Friends (sides hidden until friends reveal
    // themselves) it measured no gain for its time (docs/game.md), so it is off there. It
    // is built only when it will be used: a decision without it pays nothing for it.
    let model = (view.friends_to_call == 0 && effort.model_replays > 0)
        .then(|| Model::from_view(view, rules))
        .filter(|m| !m.plays.is_empty());
    let deals = match &model {
        None => effort.deals(candidates.len(), left),
        Some(_) => Effort { max_deals: effort.max_deals.min(effort.model_max_deals), ..effort }.deals_with(
            candidates.len(),
            left,
            REPLAY_COST * effort.model_replays,
        ),
    };
    let sampled: Vec<_> = (0..deals)
        .map(|_| match &model {
            None => sample(knowledge, rules, rng, effort.tries),
            Some(m) => sample_modelled(knowledge, m, rules, rng, effort.tries, effort.model_replays),
        })
        .collect();
    search_deals(rng, view, rules, &sampled, candidates, effort)
}

/// The search over given deals (sampled, or in tests the true one).
pub(super) fn search_deals(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    rules: &Rules,
    sampled: &[Vec<Vec<Card>>],
    candidates: &[Vec<Card>],
    effort: Effort,
) -> Searched {
    let bases: Vec<Playout> = sampled.iter().map(|deal| Playout::new(view, rules, deal)).collect();
    // In Finding Friends a play may change the seat's side (playing a called card makes it
    // a friend), so its outcomes are valued side-fairly too; in Tractor the sides are
    // fixed and the play's utility stands.
    let value = if view.friends_to_call > 0 { side_utility } else { utility };
    choose_by(rng, view.seat, view.decks, bases.len(), candidates.len(), effort, value, |i, d| {
        let mut p = bases[d].clone();
        p.play(rules, &candidates[i]);
        (p, rules)
    })
}

/// The candidate (0 is the heuristic's) whose playouts do best for `seat`, over `deals`
/// deals: `start(i, d)` is candidate `i` on deal `d` and the rules it is played by,
/// heuristic bots play it out. Every candidate meets the same deals and the same playout
/// streams (common random numbers); two rounds (every candidate on the first third of
/// the deals, the best `effort.finalists` on all), and the heuristic's choice is kept
/// unless another beats it by `effort.margin_milli`.
#[allow(clippy::too_many_arguments)]
pub(super) fn choose(
    rng: &mut ChaCha20Rng,
    seat: usize,
    decks: usize,
    rules: &Rules,
    deals: usize,
    candidates: usize,
    effort: Effort,
    start: impl Fn(usize, usize) -> Playout,
) -> Searched {
    choose_by(rng, seat, decks, deals, candidates, effort, utility, |i, d| (start(i, d), rules))
}

/// [`choose`] where each start names its own rules (a simulated draw decides the trump)
/// and outcomes are valued by `value` ([`utility`] or [`side_utility`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn choose_by<'r>(
    rng: &mut ChaCha20Rng,
    seat: usize,
    decks: usize,
    deals: usize,
    candidates: usize,
    effort: Effort,
    value: impl Fn(Outcome, usize) -> f64,
    start: impl Fn(usize, usize) -> (Playout, &'r Rules),
) -> Searched {
    let streams: Vec<u64> = (0..deals).map(|_| rng.next_u64()).collect();
    // (sum of utility, wins, deals played) per candidate.
    let mut score = vec![(0.0f64, 0usize, 0usize); candidates];
    let run = |i: usize, range: std::ops::Range<usize>, score: &mut Vec<(f64, usize, usize)>| {
        for d in range {
            let (mut p, rules) = start(i, d);
            let mut prng = ChaCha20Rng::seed_from_u64(streams[d]);
            p.finish(rules, &mut prng);
            let o = p.outcome(seat);
            score[i].0 += value(o, decks);
            score[i].1 += o.won as usize;
            score[i].2 += 1;
        }
    };
    let first = if candidates > effort.finalists { deals.div_ceil(3) } else { deals };
    for i in 0..candidates {
        run(i, 0..first, &mut score);
    }
    let margin = effort.margin_milli as f64 / 1000.0;
    let mean = |s: &(f64, usize, usize), i: usize| s.0 / s.2.max(1) as f64 + if i == 0 { margin } else { 0.0 };
    let mut order: Vec<usize> = (0..candidates).collect();
    order.sort_by(|&a, &b| mean(&score[b], b).total_cmp(&mean(&score[a], a)).then(a.cmp(&b)));
    order.truncate(effort.finalists.max(1));
    if first < deals {
        for &i in &order {
            run(i, first..deals, &mut score);
        }
    }
    let best = order
        .iter()
        .copied()
        .max_by(|&a, &b| mean(&score[a], a).total_cmp(&mean(&score[b], b)).then(b.cmp(&a)))
        .unwrap_or(0);
    Searched { best, deals, win_share: score[best].1 as f64 / score[best].2.max(1) as f64 }
}
