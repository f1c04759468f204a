//! Leaving a deal. At the start of its turn, before drawing, a seat may drop:
//! its cards are set aside unseen and it pays the first drop (20 points by
//! default) if it has not drawn yet in this deal, the middle drop (40) if it
//! has. Once only one seat is left playing — the others dropped or declared
//! wrongly — that seat wins the deal without showing its cards.

use super::{DealEnd, Event, Game, Move, RuleError, Seat, SeatStatus, Stage};

impl Game {
    /// What dropping would cost `seat` now, if it may drop.
    pub fn drop_cost(&self, seat: Seat) -> Option<u32> {
        self.check_turn(seat, Move::Drop).ok()?;
        (self.deal.stage == Stage::Draw).then(|| self.drop_points(seat))
    }

    fn drop_points(&self, seat: Seat) -> u32 {
        if self.deal.drawn[seat] {
            self.settings.middle_drop
        } else {
            self.settings.first_drop
        }
    }

    pub(crate) fn drop_out(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        self.check_turn(seat, Move::Drop)?;
        if self.deal.stage != Stage::Draw {
            return Err(RuleError::AlreadyDrew { action: Move::Drop });
        }
        let points = self.drop_points(seat);
        let middle = self.deal.drawn[seat];
        self.deal.status[seat] = SeatStatus::Dropped { points };
        let mut events = vec![Event::Dropped { seat, points, middle }];
        events.extend(self.after_leaving(seat));
        Ok(events)
    }

    /// After `seat` left the deal (a drop or a wrong declaration): the last seat
    /// playing wins, or play passes on.
    pub(crate) fn after_leaving(&mut self, seat: Seat) -> Vec<Event> {
        match self.deal.playing()[..] {
            [winner] => self.finish_deal(DealEnd::LastStanding, Some(winner)),
            _ => self.pass_turn(seat),
        }
    }
}
