//! How a bot bids: in the draw, a bid whose trump covers enough of the hand (judged
//! once a third of it is drawn), never over a partner; after a bury where the table
//! steals the kitty (炒地皮), a steal when the hand is mostly trump by it.

use super::{Bot, BotReason, Difficulty};
use crate::cards::{Card, Rank};
use crate::shengji::game::{Action, Bid, Seat, SeatView};
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
        let (bid, why) = heuristic_draw(&BidSpot::of(view));
        let heuristic = (bid.map_or(fallback, |(c, k)| Action::Bid(c, k)), why);
        if self.difficulty == Difficulty::Expert && matches!(heuristic.1, BotReason::TrumpShare(_) | BotReason::TrumpsTooWeak) {
            return crate::shengji::expert::bid(&mut self.rng, view, heuristic, self.effort);
        }
        heuristic
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
        let (bid, why) = heuristic_steal(&BidSpot::of(view));
        let heuristic = (bid.map_or(Action::Pass, |(c, k)| Action::Bid(c, k)), why);
        if self.difficulty == Difficulty::Expert && matches!(heuristic.1, BotReason::TrumpShare(_) | BotReason::TrumpsTooWeak) {
            return crate::shengji::expert::bid(&mut self.rng, view, heuristic, self.effort);
        }
        heuristic
    }
}

/// What the heuristic's bids read: a seat's view in the draw or a round of steals, or the
/// same read off a simulated table (the Expert's, `shengji::expert::bids`).
pub(crate) struct BidSpot<'a> {
    pub seat: Seat,
    pub players: usize,
    pub decks: usize,
    pub kitty_size: usize,
    pub friends_to_call: usize,
    pub deck_left: usize,
    pub trump_rank: Rank,
    pub landlord: Option<Seat>,
    pub hand: &'a [Card],
    pub bids: &'a [Bid],
    pub valid_bids: &'a [(Card, u8)],
}

impl<'a> BidSpot<'a> {
    pub fn of(view: &'a SeatView) -> BidSpot<'a> {
        BidSpot {
            seat: view.seat,
            players: view.players,
            decks: view.decks,
            kitty_size: view.kitty_size,
            friends_to_call: view.friends_to_call,
            deck_left: view.deck_left,
            trump_rank: view.trump_rank,
            landlord: view.landlord,
            hand: &view.hand,
            bids: &view.bids,
            valid_bids: &view.valid_bids,
        }
    }
}

/// The cards a hand holds once the deck is drawn: the decks less the kitty, shared out.
pub(crate) fn full_hand(decks: usize, kitty_size: usize, players: usize) -> usize {
    (decks * 54 - kitty_size) / players.max(1)
}

/// The heuristic's bid in the draw (none: draw, or pass once the deck is drawn), and why.
pub(crate) fn heuristic_draw(s: &BidSpot) -> (Option<(Card, u8)>, BotReason) {
    if s.valid_bids.is_empty() {
        return (None, BotReason::NoBidPossible);
    }
    // Never overbid a partner.
    if let Some(top) = s.bids.last() {
        let tractor = s.friends_to_call == 0;
        if tractor && top.seat != s.seat && top.seat % 2 == s.seat % 2 {
            return (None, BotReason::PartnerHoldsBid);
        }
        if top.seat == s.seat {
            return (None, BotReason::IHoldBid);
        }
    }
    if s.hand.len() * 3 < full_hand(s.decks, s.kitty_size, s.players) && s.deck_left > 0 {
        return (None, BotReason::TooEarlyToJudge);
    }
    let threshold = if s.deck_left == 0 { 0.3 } else { 0.38 };
    match best_bid(s) {
        Some((share, c, k)) if share >= threshold => (Some((c, k)), BotReason::TrumpShare(share)),
        _ => (None, BotReason::TrumpsTooWeak),
    }
}

/// The heuristic's steal in its turn after a bury (none: pass), and why.
pub(crate) fn heuristic_steal(s: &BidSpot) -> (Option<(Card, u8)>, BotReason) {
    if s.valid_bids.is_empty() {
        return (None, BotReason::NoBidPossible);
    }
    let tractor = s.friends_to_call == 0;
    if tractor && s.landlord.is_some_and(|l| l % 2 == s.seat % 2) {
        return (None, BotReason::PartnerHoldsBid);
    }
    match best_bid(s) {
        Some((share, c, k)) if share >= STEAL_SHARE => (Some((c, k)), BotReason::TrumpShare(share)),
        _ => (None, BotReason::TrumpsTooWeak),
    }
}

/// The share of a full hand in trumps at which a bot steals the kitty.
const STEAL_SHARE: f64 = 0.38;

/// Of `view`'s valid bids, the one whose trump covers most of the hand (the fewest cards
/// shown of equals), with that share.
fn best_bid(view: &BidSpot) -> Option<(f64, Card, u8)> {
    let mut best: Option<(f64, Card, u8)> = None;
    for &(c, k) in view.valid_bids {
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

