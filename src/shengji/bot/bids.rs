//! How a bot bids: in the draw, a bid whose trump covers enough of the hand (judged
//! once a third of it is drawn), never over a partner; after a bury where the table
//! steals the kitty (炒地皮), a steal when the hand is mostly trump by it.

use super::{Bot, BotReason, Difficulty};
use crate::cards::Card;
use crate::shengji::game::{Action, SeatView};
use crate::shengji::trump::Trump;

impl Bot {
    pub(super) fn draw_phase(&mut self, view: &SeatView) -> (Action, BotReason) {
        let fallback = if view.deck_left > 0 { Action::Draw } else { Action::Pass };
        if self.difficulty == Difficulty::Random && view.can_take_back_bid && self.roll(4) == 0 {
            return (Action::TakeBackBid, BotReason::RandomTakeBackBid);
        }
        if view.valid_bids.is_empty() {
            return (fallback, BotReason::NoBidPossible);
        }
        if self.difficulty == Difficulty::Random {
            if self.roll(20) == 0 {
                let i = self.roll(view.valid_bids.len());
                let (c, k) = view.valid_bids[i];
                return (Action::Bid(c, k), BotReason::RandomBid);
            }
            return (fallback, BotReason::NoBid);
        }
        // Never overbid a partner.
        if let Some(top) = view.bids.last() {
            let tractor = view.friends_to_call == 0;
            if tractor && top.seat != view.seat && top.seat % 2 == view.seat % 2 {
                return (fallback, BotReason::PartnerHoldsBid);
            }
            if top.seat == view.seat {
                return (fallback, BotReason::IHoldBid);
            }
        }
        let full = (view.decks * 54 - view.kitty_size) / view.players;
        if view.hand.len() * 3 < full && view.deck_left > 0 {
            return (fallback, BotReason::TooEarlyToJudge);
        }
        let threshold = if view.deck_left == 0 { 0.3 } else { 0.38 };
        match best_bid(view) {
            Some((share, c, k)) if share >= threshold => (Action::Bid(c, k), BotReason::TrumpShare(share)),
            _ => (fallback, BotReason::TrumpsTooWeak),
        }
    }

    /// 炒地皮, this seat's turn after a bury: take the kitty with the bid that makes the most
    /// of the hand trump, where that is a clear majority of a full hand; never from a
    /// Tractor partner.
    pub(super) fn steal(&mut self, view: &SeatView) -> (Action, BotReason) {
        if view.valid_bids.is_empty() {
            return (Action::Pass, BotReason::NoBidPossible);
        }
        if self.difficulty == Difficulty::Random {
            if self.roll(4) == 0 {
                let i = self.roll(view.valid_bids.len());
                let (c, k) = view.valid_bids[i];
                return (Action::Bid(c, k), BotReason::RandomBid);
            }
            return (Action::Pass, BotReason::NoBid);
        }
        let tractor = view.friends_to_call == 0;
        if tractor && view.landlord.is_some_and(|l| l % 2 == view.seat % 2) {
            return (Action::Pass, BotReason::PartnerHoldsBid);
        }
        match best_bid(view) {
            Some((share, c, k)) if share >= STEAL_SHARE => (Action::Bid(c, k), BotReason::TrumpShare(share)),
            _ => (Action::Pass, BotReason::TrumpsTooWeak),
        }
    }
}

/// The share of a full hand in trumps at which a bot steals the kitty.
const STEAL_SHARE: f64 = 0.38;

/// Of `view`'s valid bids, the one whose trump covers most of the hand (the fewest cards
/// shown of equals), with that share.
fn best_bid(view: &SeatView) -> Option<(f64, Card, u8)> {
    let mut best: Option<(f64, Card, u8)> = None;
    for &(c, k) in &view.valid_bids {
        let trump = match c.suit() {
            Some(suit) => Trump::Standard { rank: view.trump_rank, suit },
            None => Trump::NoTrump { rank: Some(view.trump_rank) },
        };
        let trumps = view.hand.iter().filter(|&&x| trump.is_trump(x)).count();
        let share = trumps as f64 / view.hand.len().max(1) as f64;
        let better = match best {
            None => true,
            Some((s, _, bk)) => share > s + 1e-9 || (share >= s - 1e-9 && k < bk),
        };
        if better {
            best = Some((share, c, k));
        }
    }
    best
}

