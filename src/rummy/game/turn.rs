//! A turn. The seat to play holds 13 cards and draws one: the top card of the
//! stock (unseen by the others) or the top card of the discard pile (seen by
//! all). A printed joker or a wild card that a player discarded is dead: it
//! cannot be taken (the card turned up to start the pile can). Holding 14
//! cards, the seat ends its turn by discarding one face up — not the card it
//! just took from the pile — or by declaring (`declare.rs`). Play passes to
//! the next seat still in the deal; an empty stock is rebuilt (`deal.rs`).

use super::{take_card, Event, Game, Move, PhaseName, PileCard, RuleError, Seat, Stage};
use crate::rummy::RummyCard;

impl Game {
    /// The stage must be the draw: refuses with what the seat should do instead.
    fn check_draw_stage(&self, action: Move) -> Result<(), RuleError> {
        match self.deal.stage {
            Stage::Draw => Ok(()),
            Stage::Discard { .. } => Err(RuleError::AlreadyDrew { action }),
        }
    }

    /// The card taken from the pile this turn, once the seat has drawn.
    pub(crate) fn check_discard_stage(&self, action: Move) -> Result<Option<RummyCard>, RuleError> {
        match self.deal.stage {
            Stage::Draw => Err(RuleError::DrawFirst { action }),
            Stage::Discard { taken } => Ok(taken),
        }
    }

    /// Whether the top discard may be taken: it is there and not a dead joker.
    pub fn top_takeable(&self) -> Result<RummyCard, RuleError> {
        let d = &self.deal;
        let top = d.pile.last().ok_or(RuleError::EmptyPile)?;
        if top.by.is_some() && top.card.is_wild(d.wild) {
            return Err(RuleError::DeadJoker { card: top.card });
        }
        Ok(top.card)
    }

    pub(crate) fn draw_stock(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        self.check_turn(seat, Move::DrawStock)?;
        self.check_draw_stage(Move::DrawStock)?;
        let d = &mut self.deal;
        // An empty stock is rebuilt (or the deal ends) before the next turn.
        let card = d.stock.pop().ok_or_else(|| RuleError::Internal("the stock is empty at a draw".into()))?;
        d.hands[seat].push(card);
        d.drawn[seat] = true;
        d.stage = Stage::Discard { taken: None };
        Ok(vec![Event::DrewStock { seat }])
    }

    pub(crate) fn take_discard(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        self.check_turn(seat, Move::TakeDiscard)?;
        self.check_draw_stage(Move::TakeDiscard)?;
        let card = self.top_takeable()?;
        let d = &mut self.deal;
        d.pile.pop();
        d.hands[seat].push(card);
        d.drawn[seat] = true;
        d.picked.push((seat, card));
        d.stage = Stage::Discard { taken: Some(card) };
        Ok(vec![Event::TookDiscard { seat, card }])
    }

    pub(crate) fn discard(&mut self, seat: Seat, card: RummyCard) -> Result<Vec<Event>, RuleError> {
        self.check_turn(seat, Move::Discard)?;
        let taken = self.check_discard_stage(Move::Discard)?;
        if taken == Some(card) {
            return Err(RuleError::TakenCard { card });
        }
        let d = &mut self.deal;
        if !take_card(&mut d.hands[seat], card) {
            return Err(RuleError::NotInHand { card, held: 0, wanted: 1 });
        }
        d.pile.push(PileCard { card, by: Some(seat) });
        let mut events = vec![Event::Discarded { seat, card }];
        events.extend(self.pass_turn(seat));
        Ok(events)
    }

    /// Play passes to the next seat still in the deal, after `from`; an empty
    /// stock is rebuilt first (or the deal ends).
    pub(crate) fn pass_turn(&mut self, from: Seat) -> Vec<Event> {
        let d = &mut self.deal;
        if d.phase != PhaseName::Play {
            return Vec::new();
        }
        d.turns += 1;
        d.stage = Stage::Draw;
        d.turn = d.next_playing(from);
        self.restock_if_empty()
    }
}
