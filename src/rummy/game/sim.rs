//! Bot-only simulation with every invariant checked after every action: each
//! card of the pack is in exactly one place (hands, stock, discard pile, the
//! wild card, a finishing card); the discard pile is what the public moves
//! made it; hands hold 13 cards (14 mid-turn); only seats still in the deal
//! move; every bot move is legal; a deal's payments, scores and the game's
//! totals add up; every deal ends. Used by `tuolaji rummy simulate`, tests
//! and the bot-strength figures.

use super::{Action, DealEnd, DealResult, Event, Game, PhaseName, SeatStatus, Settings, SettingsError, Stage};
use crate::dup::TableSeed;
use crate::rummy::bot::{bots_for, Bot, Difficulty};
use crate::rummy::RummyCard;
use crate::table::sim::{self, Simulated};
use crate::table::{Driver, Seat};
use serde::Serialize;

pub use crate::table::sim::Violation;

/// Totals over a simulation.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub deals: u64,
    /// Deals won per seat.
    pub wins: Vec<u64>,
    /// Points paid per seat over all deals.
    pub points: Vec<u64>,
    pub declarations: u64,
    pub wrong_declarations: u64,
    pub first_drops: u64,
    pub middle_drops: u64,
    /// Deals won because every other seat left.
    pub last_standing: u64,
    /// Deals whose stock ran out for good (no winner).
    pub exhausted: u64,
    pub rebuilds: u64,
    pub turns: u64,
    pub games_finished: u64,
    pub actions: u64,
    pub digest: String,
}

/// Plays deals with bots in every seat, checking invariants (`table::sim`).
pub type Simulation = sim::Simulation<Game, Bot>;

impl Simulation {
    /// Seat `s` plays `difficulty[s % len]` (heuristic when empty).
    pub fn new(settings: Settings, seed: TableSeed, difficulty: &[Difficulty]) -> Result<Simulation, SettingsError> {
        let game = Game::new(settings, seed.clone())?;
        let driver = Driver::all_bots(bots_for(&seed, game.players(), difficulty));
        Ok(Simulation { game, driver })
    }
}

/// What a deal's checks compare against.
pub struct Watch {
    sorted_pack: Vec<RummyCard>,
    /// The discard pile as the public moves made it.
    pile: Vec<RummyCard>,
    totals_before: Vec<u32>,
    net_before: Vec<i64>,
    /// The seats' status before the move being checked.
    status: Vec<SeatStatus>,
}

impl Simulated for Game {
    type Summary = Summary;
    type Watch = Watch;
    const HAND: &'static str = "deal";
    const DIGEST_MOVES: bool = true;

    fn start_hand(&self, summary: &mut Summary) -> Result<Watch, String> {
        let mut sorted_pack = self.settings.rules.pack();
        sorted_pack.sort();
        summary.wins.resize(self.players(), 0);
        summary.points.resize(self.players(), 0);
        Ok(Watch {
            sorted_pack,
            pile: self.pile().iter().map(|p| p.card).collect(),
            totals_before: self.totals().to_vec(),
            net_before: self.net().to_vec(),
            status: Vec::new(),
        })
    }

    fn action_cap(&self, w: &Watch) -> usize {
        4 * w.sorted_pack.len() * (self.settings.restocks as usize + 1) + 100
    }

    fn before_move(&self, w: &mut Watch) {
        w.status.clone_from(&self.deal.status);
    }

    /// Only seats still in the deal move; the pile follows the public moves; [`check_state`].
    fn after_move(&self, w: &mut Watch, seat: Seat, action: &Action, events: &[Event], summary: &mut Summary) -> Result<(), String> {
        if !matches!(action, Action::NextDeal | Action::NextDealFrom(_)) && !w.status[seat].is_playing() {
            return Err(format!("seat {} moved although it {}", seat + 1, w.status[seat]));
        }
        for e in events {
            follow_pile(&mut w.pile, e)?;
            count(summary, e);
        }
        check_state(self, &w.sorted_pack, &w.pile)
    }

    /// Payments, scores and the totals add up ([`check_result`]).
    fn end_hand(&self, w: Watch, actions: usize, summary: &mut Summary) -> Result<String, String> {
        summary.actions += actions as u64;
        let r = self.result().ok_or("no result")?;
        check_result(self, r, &w.totals_before, &w.net_before)?;
        for s in 0..self.players() {
            summary.points[s] += r.points[s] as u64;
        }
        if let Some(w) = r.winner {
            summary.wins[w] += 1;
        }
        summary.turns += self.deal.turns as u64;
        summary.games_finished += r.game_over.is_some() as u64;
        summary.deals += 1;
        Ok(serde_json::to_string(r).unwrap_or_default())
    }

    fn finish(summary: &mut Summary, digest: String) {
        summary.digest = digest;
    }
}

fn count(summary: &mut Summary, e: &Event) {
    match e {
        Event::Dropped { middle: false, .. } => summary.first_drops += 1,
        Event::Dropped { middle: true, .. } => summary.middle_drops += 1,
        Event::WrongDeclaration { .. } => summary.wrong_declarations += 1,
        Event::Declared { .. } => summary.declarations += 1,
        Event::StockRebuilt { .. } => summary.rebuilds += 1,
        Event::DealFinished(r) if r.end == DealEnd::LastStanding => summary.last_standing += 1,
        Event::DealFinished(r) if r.end == DealEnd::StockExhausted => summary.exhausted += 1,
        _ => {}
    }
}

/// Replays the public moves on a model of the discard pile.
fn follow_pile(pile: &mut Vec<RummyCard>, e: &Event) -> Result<(), String> {
    match e {
        Event::Dealt { top, .. } => *pile = vec![*top],
        Event::TookDiscard { card, .. } => {
            let top = pile.pop();
            if top != Some(*card) {
                return Err(format!("{card} was taken but was not the top discard"));
            }
        }
        Event::Discarded { card, .. } | Event::WrongDeclaration { discard: card, .. } => pile.push(*card),
        Event::StockRebuilt { cards, .. } => {
            if *cards + 1 != pile.len() {
                return Err(format!("the stock was rebuilt from {cards} cards, the pile held {}", pile.len()));
            }
            pile.drain(..pile.len() - 1);
        }
        _ => {}
    }
    Ok(())
}

/// The state after a move: every card once, the pile as the moves made it, hand sizes.
pub fn check_state(g: &Game, sorted_pack: &[RummyCard], pile: &[RummyCard]) -> Result<(), String> {
    let mut all = g.all_cards();
    all.sort();
    if all != sorted_pack {
        return Err(format!(
            "cards are not conserved ({} cards in play, the pack has {})",
            all.len(),
            sorted_pack.len()
        ));
    }
    let on_pile: Vec<RummyCard> = g.pile().iter().map(|p| p.card).collect();
    if on_pile != pile {
        return Err("the discard pile is not what the public moves made it".into());
    }
    let d = &g.deal;
    for s in 0..g.players() {
        let held = d.hands[s].len();
        let mid_turn = d.phase == PhaseName::Play && d.turn == s && matches!(d.stage, Stage::Discard { .. });
        let want = match d.status[s] {
            SeatStatus::Out => 0,
            _ if mid_turn => 14,
            _ => 13,
        };
        if held != want {
            return Err(format!("seat {} holds {held} cards, not {want}", s + 1));
        }
    }
    if d.phase == PhaseName::Play && d.stage == Stage::Draw && d.stock.is_empty() {
        return Err("a turn begins with an empty stock".into());
    }
    Ok(())
}

/// A finished deal: payments within the rules, scores that add up, totals carried.
fn check_result(g: &Game, r: &DealResult, totals: &[u32], net: &[i64]) -> Result<(), String> {
    let s = &g.settings;
    let n = g.players();
    let cap = s.rules.max_points;
    let paid: i64 = r.points.iter().map(|&p| p as i64).sum();
    for x in 0..n {
        let p = r.points[x];
        let ok = match (&r.status[x], r.end) {
            (_, DealEnd::StockExhausted) => p == 0,
            (SeatStatus::Out | SeatStatus::Declared, _) => p == 0,
            (SeatStatus::Dropped { points }, _) => p == *points && (p == s.first_drop || p == s.middle_drop),
            (SeatStatus::WrongDeclaration, _) => p == cap,
            (SeatStatus::Playing, _) if r.winner == Some(x) => p == 0,
            (SeatStatus::Playing, _) => p <= cap && r.arrangements[x].as_ref().is_some_and(|a| a.points == p),
        };
        if !ok {
            return Err(format!("seat {} pays {p} as one that {}", x + 1, r.status[x]));
        }
        let score = match (s.pool, r.winner) {
            (None, Some(w)) if w == x => paid,
            _ => -(p as i64),
        };
        if r.scores[x] != score {
            return Err(format!("seat {}'s score is {}, not {score}", x + 1, r.scores[x]));
        }
        if r.totals[x] != totals[x] + p || (s.pool.is_none() && r.net[x] != net[x] + score) {
            return Err(format!("seat {}'s totals do not carry over", x + 1));
        }
        if r.out[x] != s.pool.is_some_and(|l| r.totals[x] >= l) {
            return Err(format!("seat {} is wrongly in or out of the pool", x + 1));
        }
    }
    if s.pool.is_none() && r.scores.iter().sum::<i64>() != 0 {
        return Err("a points deal's scores do not sum to 0".into());
    }
    if (r.end == DealEnd::StockExhausted) != r.winner.is_none() {
        return Err("a deal without a winner must be one whose stock ran out".into());
    }
    if r.end == DealEnd::Declared && !r.winner.and_then(|w| r.arrangements[w].as_ref()).is_some_and(|a| a.valid) {
        return Err("the declarer's arrangement is not a valid declaration".into());
    }
    Ok(())
}

/// Heuristic against random bots over `seeds` × `deals` deals at tables of
/// `players`: every table is played twice, the heuristic bots in the even
/// seats, then in the odd seats (the same cards: a duplicate pair).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Strength {
    pub deals: u64,
    pub heuristic_wins: u64,
    pub random_wins: u64,
    pub no_winner: u64,
    /// Points paid per seat and deal, by kind of bot.
    pub heuristic_points: f64,
    pub random_points: f64,
}

impl Strength {
    pub fn heuristic_share(&self) -> f64 {
        self.heuristic_wins as f64 / self.deals.max(1) as f64
    }
}

/// Measures heuristic against random bots (see [`Strength`]).
pub fn strength(settings: &Settings, seeds: &[TableSeed], deals: u64) -> Result<Strength, Violation> {
    let mut out = Strength::default();
    let (mut h_seats, mut r_seats) = (0u64, 0u64);
    let (mut h_points, mut r_points) = (0u64, 0u64);
    for seed in seeds {
        for (kinds, heuristic_parity) in
            [([Difficulty::Heuristic, Difficulty::Random], 0), ([Difficulty::Random, Difficulty::Heuristic], 1)]
        {
            let mut sim = Simulation::new(settings.clone(), seed.clone(), &kinds)
                .map_err(|e| Violation::new::<Game>(0, 0, e.to_string()))?;
            let s = sim.run(deals)?;
            out.deals += s.deals;
            out.no_winner += s.exhausted;
            for (seat, (&w, &p)) in s.wins.iter().zip(&s.points).enumerate() {
                if seat % 2 == heuristic_parity {
                    out.heuristic_wins += w;
                    h_points += p;
                    h_seats += s.deals;
                } else {
                    out.random_wins += w;
                    r_points += p;
                    r_seats += s.deals;
                }
            }
        }
    }
    out.heuristic_points = h_points as f64 / h_seats.max(1) as f64;
    out.random_points = r_points as f64 / r_seats.max(1) as f64;
    Ok(out)
}
