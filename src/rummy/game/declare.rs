//! Declaring and the show. Holding 14 cards, the seat to play may declare: it
//! lays its 13 other cards in groups and discards the 14th to finish. Every
//! card must be placed (a move that leaves cards out, or uses cards the seat
//! does not hold, is refused and changes nothing). The groups are judged by
//! the solver's `score_groups`:
//!
//! * **Valid** (two sequences, one of them pure, every card in a meld): the
//!   declarer wins the deal and scores 0. Every other seat still playing then
//!   shows its hand in groups (in any order); cards in no group are loose, and
//!   the seat pays what its shown arrangement counts, at most the cap.
//! * **Wrong**: the declarer pays the cap (80 by default) and sits out the
//!   rest of the deal, its groups face up; the finishing card goes to the
//!   discard pile as an ordinary discard and the deal **continues** for the
//!   others (if only one is left, it wins).

use super::{check_holds, counts, Event, Game, Move, PhaseName, PileCard, RuleError, Seat, SeatStatus, Stage};
use crate::rummy::{score_groups, Arrangement, RummyCard};

/// The cards of `hand` that are not in `used` (a multiset difference).
pub(crate) fn unplaced(hand: &[RummyCard], used: &[RummyCard]) -> Vec<RummyCard> {
    let mut left = counts(used);
    let mut out = Vec::new();
    for &card in hand {
        if left[card.id()] > 0 {
            left[card.id()] -= 1;
        } else {
            out.push(card);
        }
    }
    out
}

impl Game {
    /// How `groups` of the current deal would score (cards not in a group are `loose`).
    pub fn score(&self, groups: &[Vec<RummyCard>], loose: &[RummyCard]) -> Arrangement {
        score_groups(groups, loose, self.deal.wild, &self.settings.rules)
    }

    pub(crate) fn declare(
        &mut self,
        seat: Seat,
        groups: &[Vec<RummyCard>],
        finish: RummyCard,
    ) -> Result<Vec<Event>, RuleError> {
        self.check_turn(seat, Move::Declare)?;
        let taken = self.check_discard_stage(Move::Declare)?;
        if taken == Some(finish) {
            return Err(RuleError::TakenCard { card: finish });
        }
        let mut used: Vec<RummyCard> = groups.iter().flatten().copied().collect();
        used.push(finish);
        let hand = &self.deal.hands[seat];
        check_holds(hand, &used)?;
        let left = unplaced(hand, &used);
        if !left.is_empty() {
            return Err(RuleError::Unplaced { cards: left });
        }
        let arrangement = self.score(groups, &[]);
        let d = &mut self.deal;
        super::take_card(&mut d.hands[seat], finish);
        d.shown[seat] = Some(arrangement.clone());
        d.stage = Stage::Draw;
        if arrangement.valid {
            d.status[seat] = SeatStatus::Declared;
            d.declarer = Some((seat, finish));
            d.phase = PhaseName::Show;
            let mut events = vec![Event::Declared { seat, arrangement, finish }];
            events.extend(self.finish_if_all_shown());
            return Ok(events);
        }
        d.status[seat] = SeatStatus::WrongDeclaration;
        d.pile.push(PileCard { card: finish, by: Some(seat) });
        let points = self.settings.wrong_declaration();
        let mut events = vec![Event::WrongDeclaration { seat, arrangement, discard: finish, points }];
        events.extend(self.after_leaving(seat));
        Ok(events)
    }

    pub(crate) fn show(&mut self, seat: Seat, groups: &[Vec<RummyCard>]) -> Result<Vec<Event>, RuleError> {
        let d = &self.deal;
        if d.phase != PhaseName::Show {
            return Err(RuleError::WrongPhase { action: Move::Show, phase: d.phase });
        }
        match &d.status[seat] {
            SeatStatus::Playing if d.shown[seat].is_some() => return Err(RuleError::AlreadyShown),
            SeatStatus::Playing => {}
            SeatStatus::Declared => return Err(RuleError::AlreadyShown),
            status => return Err(RuleError::SitsOut { seat, status: status.clone() }),
        }
        let used: Vec<RummyCard> = groups.iter().flatten().copied().collect();
        check_holds(&d.hands[seat], &used)?;
        let loose = unplaced(&d.hands[seat], &used);
        let arrangement = self.score(groups, &loose);
        self.deal.shown[seat] = Some(arrangement.clone());
        let mut events = vec![Event::Showed { seat, arrangement }];
        events.extend(self.finish_if_all_shown());
        Ok(events)
    }

    /// Once every seat still playing has shown, the deal is scored.
    fn finish_if_all_shown(&mut self) -> Vec<Event> {
        if !self.to_act().is_empty() {
            return Vec::new();
        }
        let winner = self.deal.declarer.map(|(s, _)| s);
        self.finish_deal(super::DealEnd::Declared, winner)
    }
}
