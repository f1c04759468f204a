//! What a deal costs. Each seat pays: nothing if it won; its drop; the cap for
//! a wrong declaration; after a valid declaration, what its shown arrangement
//! counts (at most the cap). A deal whose stock ran out for good is void:
//! nobody pays, whatever happened in it.
//!
//! **Points rummy**: the winner collects what the others pay (the deal's
//! scores sum to 0); a game is a fixed number of deals and the seats with the
//! most net winnings win it. **Pool rummy**: payments add up; a seat at or over
//! the pool limit (101 or 201) is out, and the game ends when one seat is left.
//! After a game the next deal starts a new one at the same table.

use super::{Event, Game, PhaseName, Seat, SeatStatus};
use crate::rummy::{Arrangement, RummyCard};
use serde::{Deserialize, Serialize};

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealEnd {
    /// A valid declaration, then everyone's show.
    Declared,
    /// Every other seat dropped or declared wrongly.
    LastStanding,
    /// The stock ran out past the rebuilds allowed: no winner, nobody pays.
    StockExhausted,
}

/// A finished deal, public to everyone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealResult {
    /// The table-wide deal number (0-based).
    pub deal: u64,
    pub end: DealEnd,
    pub winner: Option<Seat>,
    pub status: Vec<SeatStatus>,
    /// The arrangements shown: the declarer's, wrong declarations, everyone's show.
    pub arrangements: Vec<Option<Arrangement>>,
    /// The valid declarer's finishing card.
    pub finish: Option<RummyCard>,
    /// Points each seat pays for this deal.
    pub points: Vec<u32>,
    /// Per seat, higher is better: points rummy, the winner's takings and the
    /// others' payments (summing to 0); pool rummy, minus the points paid.
    pub scores: Vec<i64>,
    /// The game's running totals after this deal: points paid, and (points rummy) net winnings.
    pub totals: Vec<u32>,
    pub net: Vec<i64>,
    /// Pool rummy: seats out of the game after this deal.
    pub out: Vec<bool>,
    /// Set when this deal ended the game: the seats that won it.
    pub game_over: Option<Vec<Seat>>,
}

impl Game {
    /// What `seat` pays for the deal that just ended.
    fn payment(&self, seat: Seat, end: DealEnd, winner: Option<Seat>) -> u32 {
        if end == DealEnd::StockExhausted || winner == Some(seat) {
            return 0;
        }
        let cap = self.settings.rules.max_points;
        match &self.deal.status[seat] {
            SeatStatus::Out | SeatStatus::Declared => 0,
            SeatStatus::Dropped { points } => *points,
            SeatStatus::WrongDeclaration => self.settings.wrong_declaration(),
            SeatStatus::Playing => self.deal.shown[seat].as_ref().map_or(cap, |a| a.points.min(cap)),
        }
    }

    /// Scores the deal, updates the game's totals and ends the game when it is over.
    pub(crate) fn finish_deal(&mut self, end: DealEnd, winner: Option<Seat>) -> Vec<Event> {
        let n = self.players();
        let points: Vec<u32> = (0..n).map(|s| self.payment(s, end, winner)).collect();
        let pot: i64 = points.iter().map(|&p| p as i64).sum();
        let scores: Vec<i64> = (0..n)
            .map(|s| match (self.settings.pool, winner) {
                (None, Some(w)) if w == s => pot,
                _ => -(points[s] as i64),
            })
            .collect();
        for s in 0..n {
            self.totals[s] += points[s];
            if self.settings.pool.is_none() {
                self.net[s] += scores[s];
            }
        }
        let out: Vec<bool> = (0..n).map(|s| self.is_out(s)).collect();
        let game_over = self.game_winners(&out);
        let d = &mut self.deal;
        d.phase = PhaseName::Finished;
        let result = DealResult {
            deal: self.ledger.hand(),
            end,
            winner,
            status: d.status.clone(),
            arrangements: d.shown.clone(),
            finish: d.declarer.map(|(_, c)| c),
            points,
            scores,
            totals: self.totals.clone(),
            net: self.net.clone(),
            out,
            game_over: game_over.clone(),
        };
        d.result = Some(result.clone());
        let mut events = vec![Event::DealFinished(Box::new(result))];
        if let Some(winners) = game_over {
            for &w in &winners {
                self.games_won[w] += 1;
            }
            events.push(Event::GameOver { winners });
        }
        events
    }

    /// The game's winners once it is over: points rummy after its last deal,
    /// the seats with the most net winnings; pool rummy when at most one seat
    /// is left in, that seat (or, if none, the seats with the fewest points).
    fn game_winners(&self, out: &[bool]) -> Option<Vec<Seat>> {
        let n = self.players();
        let best = |key: &dyn Fn(Seat) -> i64| {
            let top = (0..n).map(key).max().unwrap_or(0);
            (0..n).filter(|&s| key(s) == top).collect::<Vec<_>>()
        };
        match self.settings.deals {
            Some(deals) => (self.deal_in_game + 1 >= deals as u32).then(|| best(&|s| self.net[s])),
            None => {
                let left: Vec<Seat> = (0..n).filter(|&s| !out[s]).collect();
                match left.len() {
                    0 => Some(best(&|s| -(self.totals[s] as i64))),
                    1 => Some(left),
                    _ => None,
                }
            }
        }
    }
}
