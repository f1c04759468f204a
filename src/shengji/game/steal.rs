//! Stealing the kitty (炒地皮), a house rule (`BidRules::steal`). Once the landlord
//! has buried, the other seats speak in turn from the landlord's left: each may
//! overcall the top bid with cards from its hand, by the table's bidding rules
//! (`Action::Bid`), or pass (`Action::Pass`). A seat that overcalls takes the
//! buried cards into its hand, becomes the landlord and buries as many again;
//! the round then starts over from its left. When every other seat has passed
//! in a row, the last to bury is the landlord and play starts (in Finding
//! Friends once the landlord has called its friends: a steal undoes a call made
//! before it, the new landlord calls).
//!
//! The hand keeps the rank it was dealt at: a steal names a new trump suit (or
//! no-trump) of that rank, never a new rank, so the hand's rank is the trump's
//! (`Game::trump_rank`), whoever ends as landlord. In Tractor the landlord's side
//! is the last landlord's partnership; the levels it wins are each seat's own.

use super::{unreachable_phase, Bid, Event, Game, Phase, RuleError, Seat};
use crate::cards::Card;

/// Where the round of steals stands in the exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stealing {
    /// No round under way: the landlord has not buried yet, the round is over, or the
    /// table does not steal.
    Closed,
    /// After a bury: `turn` may steal or pass; `passes` seats have passed in a row.
    Open { turn: Seat, passes: usize },
}

impl Game {
    /// The seat that may steal the kitty now, if a round of steals is under way.
    pub fn steal_turn(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Exchange(e) => match e.stealing {
                Stealing::Open { turn, .. } => Some(turn),
                Stealing::Closed => None,
            },
            _ => None,
        }
    }

    /// After the landlord buries: opens the round of steals where the table plays them.
    pub(super) fn open_stealing(&mut self) {
        let n = self.players();
        let steal = self.settings.settings.bidding.steal;
        if let Phase::Exchange(e) = &mut self.phase {
            e.stealing = if steal { Stealing::Open { turn: (e.landlord + 1) % n, passes: 0 } } else { Stealing::Closed };
        }
    }

    /// Checks a steal without making it: `seat`'s turn in the round, and a bid that
    /// would overcall the top bid in the draw.
    pub(super) fn check_steal(&self, seat: Seat, card: Card, count: u8) -> Result<(), RuleError> {
        let Phase::Exchange(e) = &self.phase else { unreachable_phase()? };
        if self.steal_turn() != Some(seat) {
            return Err(RuleError::NotYourTurn { seat, to_act: self.to_act() });
        }
        self.bid_terms().problem(&e.hands[seat], e.bids.last(), seat, card, count, false)
    }

    /// `seat` overcalls and takes the kitty (checked by [`Game::check_steal`]).
    pub(super) fn steal(&mut self, seat: Seat, card: Card, count: u8) -> Result<Vec<Event>, RuleError> {
        self.check_steal(seat, card, count)?;
        let rank = self.trump_rank();
        let Phase::Exchange(e) = &mut self.phase else { unreachable_phase()? };
        let bid = Bid { seat, card, count };
        let trump = bid.trump(rank);
        let buried = e.buried.take().ok_or_else(|| RuleError::Internal("a steal before the bury".into()))?;
        e.hands[seat].extend_from_slice(&buried);
        e.kitty = buried;
        e.landlord = seat;
        e.bids.push(bid);
        e.rules = self.settings.rules(trump);
        e.friends = None;
        e.stealing = Stealing::Closed;
        Ok(vec![Event::Bid(bid), Event::KittyStolen { seat, trump }])
    }

    /// `seat` lets the kitty lie; after every other seat has passed in a row, play starts.
    pub(super) fn pass_steal(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        let n = self.players();
        if self.steal_turn() != Some(seat) {
            return Err(RuleError::NotYourTurn { seat, to_act: self.to_act() });
        }
        let Phase::Exchange(e) = &mut self.phase else { unreachable_phase()? };
        let Stealing::Open { passes, .. } = e.stealing else { unreachable_phase()? };
        let passes = passes + 1;
        let mut ev = vec![Event::Passed { seat }];
        if passes + 1 >= n {
            e.stealing = Stealing::Closed;
            ev.extend(self.maybe_start_play());
        } else {
            let mut turn = (seat + 1) % n;
            if turn == e.landlord {
                turn = (turn + 1) % n;
            }
            e.stealing = Stealing::Open { turn, passes };
        }
        Ok(ev)
    }
}
