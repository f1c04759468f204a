//! Bot-only simulation with invariant checks after every action: cards
//! conserved, every bot move legal, points accounted for, levels moved as the
//! ladder says, every hand ends. Used by `tuolaji simulate`, tests and benches.

use super::{scoring, Action, Game, PhaseName, Settings, SettingsError};
use crate::cards::CardCounts;
use crate::dup::TableSeed;
use crate::shengji::bot::{Bot, Difficulty};
use crate::table::Driver;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fmt;

/// An invariant that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub hand: u64,
    pub action: usize,
    pub what: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invariant violated in hand {} after action {}: {}", self.hand, self.action, self.what)
    }
}

impl std::error::Error for Violation {}

/// Totals over a simulation.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub hands: u64,
    /// Levels gained by even seats and by odd seats (the two Tractor partnerships).
    pub levels_gained: [u64; 2],
    /// Hands whose level gain went to even / odd seats (Tractor mode: hands won per side).
    pub hands_won: [u64; 2],
    /// Levels gained by the landlord's side and by the attackers, over all hands.
    pub landlord_side_levels: u64,
    pub attacker_levels: u64,
    pub landlord_holds: u64,
    pub mean_attacker_points: f64,
    pub throws_tried: u64,
    pub throws_failed: u64,
    pub games_finished: u64,
    pub actions: u64,
    pub digest: String,
}

/// Plays `hands` hands with bots in every seat, checking invariants.
pub struct Simulation {
    pub game: Game,
    /// The table layer's driver, a bot in every seat.
    pub driver: Driver<Bot>,
}

impl Simulation {
    pub fn new(settings: Settings, seed: TableSeed, difficulty: &[Difficulty]) -> Result<Simulation, SettingsError> {
        let game = Game::new(settings.clone(), seed.clone())?;
        let n = game.players();
        let driver = Driver::all_bots(crate::shengji::bot::bots_for(&seed, n, difficulty));
        Ok(Simulation { game, driver })
    }

    /// One bot move by the first seat to act. Returns the action taken.
    pub fn step(&mut self) -> Result<(usize, Action), String> {
        match self.driver.step(&mut self.game) {
            Some(Ok(m)) => Ok((m.seat, m.action)),
            Some(Err(refused)) => Err(refused.to_string()),
            None => Err("nobody is to act".into()),
        }
    }

    /// Plays the current hand to its end (not dealing the next one), checking invariants.
    pub fn play_hand(&mut self, summary: &mut Summary, hasher: &mut Sha256) -> Result<(), Violation> {
        let s = self.game.settings().clone();
        let full = CardCounts::full_decks(s.decks);
        let cap = 20 * s.cards() + 1000;
        let hand = self.game.hand_number();
        let levels_before = self.game.levels().to_vec();
        let mut n = 0;
        let fail = |n: usize, what: String| Violation { hand, action: n, what };
        while self.game.phase() != PhaseName::Finished {
            n += 1;
            if n > cap {
                return Err(fail(n, "the hand did not end".into()));
            }
            self.step().map_err(|e| fail(n, e))?;
            if self.game.all_cards() != full {
                return Err(fail(n, "cards are not conserved".into()));
            }
            let trick_points: u32 = self.game.tricks().iter().map(|t| t.points).sum();
            let captured: u32 = self.game.points().iter().sum();
            if trick_points != captured || full.points() != s.total_points() {
                return Err(fail(n, format!("points do not add up ({captured} captured, {trick_points} in tricks)")));
            }
        }
        summary.actions += n as u64;
        let r = self.game.result().ok_or_else(|| fail(n, "no result".into()))?.clone();
        let trick_points: u32 = self.game.tricks().iter().map(|t| t.points).sum();
        if trick_points + r.kitty_points != s.total_points() {
            return Err(fail(n, format!("{} points in tricks and kitty, not {}", trick_points + r.kitty_points, s.total_points())));
        }
        if r.ladder != scoring::ladder(r.attacker_points, s.decks) {
            return Err(fail(n, "the result does not follow the ladder".into()));
        }
        for &(seat, old, new) in &r.levels {
            let won = r.landlord_team.contains(&seat) == r.ladder.landlord_wins;
            let expect = if won { scoring::raise(old, r.ladder.levels) } else { old };
            if old != levels_before[seat] || new != expect {
                return Err(fail(n, format!("seat {seat}'s level moved from {old} to {new}, expected {expect}")));
            }
            if won {
                let gained = (new.index() - old.index()) as u64;
                summary.levels_gained[seat % 2] += gained;
                if r.landlord_team.contains(&seat) {
                    summary.landlord_side_levels += gained;
                } else {
                    summary.attacker_levels += gained;
                }
            }
        }
        let winner_parity = if r.ladder.landlord_wins { r.landlord % 2 } else { (r.landlord + 1) % 2 };
        summary.hands_won[winner_parity] += 1;
        summary.landlord_holds += r.ladder.landlord_wins as u64;
        summary.mean_attacker_points += r.attacker_points as f64;
        let (tried, failed) = self.game.throws();
        summary.throws_tried += tried as u64;
        summary.throws_failed += failed as u64;
        summary.games_finished += r.game_winners.is_some() as u64;
        summary.hands += 1;
        let state = serde_json::to_string(&(hand, &r, self.game.tricks(), self.game.levels())).unwrap_or_default();
        hasher.update(state.as_bytes());
        Ok(())
    }

    /// Plays `hands` hands in sequence (levels carry over).
    pub fn run(&mut self, hands: u64) -> Result<Summary, Violation> {
        let mut summary = Summary::default();
        let mut hasher = Sha256::new();
        for h in 0..hands {
            if h > 0 {
                let seat = self.game.to_act()[0];
                self.game.apply(seat, &Action::NextHand).map_err(|e| Violation {
                    hand: self.game.hand_number(),
                    action: 0,
                    what: e.to_string(),
                })?;
            }
            self.play_hand(&mut summary, &mut hasher)?;
        }
        if summary.hands > 0 {
            summary.mean_attacker_points /= summary.hands as f64;
        }
        let d = hasher.finalize();
        summary.digest = d.iter().take(16).map(|b| format!("{b:02x}")).collect();
        Ok(summary)
    }
}
