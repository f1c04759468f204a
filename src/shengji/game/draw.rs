//! The draw. Each hand's deck is shuffled by the hand's `Deal` stream and the
//! kitty is set aside from its end; the seats draw one card at a time, the
//! landlord first when known, else seat 0 (a game's first hand). Meanwhile any
//! seat may bid by showing trump-rank cards (a pair or more of one joker for
//! no-trump): more cards beat fewer, then a suit < the small joker < the big
//! joker; the top bidder may only reinforce (more of the same card), and only
//! when the settings allow. After the last card every seat passes (a bid
//! makes the others pass again). Then the top bid names trump and, when the
//! landlord is not known yet, the landlord; with no bid the kitty is turned
//! over to name trump ([`no_bid_trump`]). The landlord takes the kitty into
//! hand and the exchange begins (`exchange.rs`).

use super::{unreachable_phase, Bid, BidProblem, Event, ExchangePhase, Game, Move, Phase, RuleError, Seat};
use crate::cards::{Card, CardCounts, Rank, Suit};
use crate::dup::{shuffle, Purpose};
use crate::shengji::trump::Trump;

#[derive(Clone, Debug)]
pub(crate) struct DrawPhase {
    pub deck: Vec<Card>,
    pub next: usize,
    pub kitty: Vec<Card>,
    pub hands: Vec<Vec<Card>>,
    pub bids: Vec<Bid>,
    pub drawer: Seat,
    pub first: Seat,
    /// After the deck is drawn: who has passed since the last bid.
    pub passed: Vec<bool>,
}

impl Bid {
    /// Strength order: more cards first, then suit cards < small joker < big joker.
    fn key(&self) -> (u8, u8) {
        let kind = match self.card {
            Card::BigJoker => 2,
            Card::SmallJoker => 1,
            _ => 0,
        };
        (self.count, kind)
    }

    pub fn trump(&self, rank: Rank) -> Trump {
        match self.card.suit() {
            Some(suit) => Trump::Standard { rank, suit },
            None => Trump::NoTrump { rank: Some(rank) },
        }
    }
}

impl Game {
    pub(super) fn deal(&self) -> DrawPhase {
        let s = &self.settings;
        let mut deck = CardCounts::full_decks(s.decks).to_vec();
        let mut rng = self.seed.hand(self.hand_no).stream(Purpose::Deal);
        shuffle(&mut rng, &mut deck);
        let kitty = deck.split_off(deck.len() - s.kitty);
        let first = self.landlord.unwrap_or(0);
        DrawPhase {
            deck,
            next: 0,
            kitty,
            hands: vec![Vec::new(); s.players],
            bids: Vec::new(),
            drawer: first,
            first,
            passed: vec![false; s.players],
        }
    }

    /// Checks a bid without making it.
    pub fn check_bid(&self, seat: Seat, card: Card, count: u8) -> Result<(), RuleError> {
        let Phase::Draw(d) = &self.phase else {
            return Err(RuleError::WrongPhase { action: Move::Bid, phase: self.phase() });
        };
        let rank = self.trump_rank();
        if !card.is_joker() && card.rank() != Some(rank) {
            return Err(RuleError::BadBid(BidProblem::NotTrumpRank { rank, card }));
        }
        if card.is_joker() && count < 2 {
            return Err(RuleError::BadBid(BidProblem::LoneJoker));
        }
        if count == 0 {
            return Err(RuleError::BadBid(BidProblem::NoCards));
        }
        let held = count_of(&d.hands[seat], card);
        if held < count as usize {
            return Err(RuleError::NotInHand { card, held, wanted: count as usize });
        }
        let new = Bid { seat, card, count };
        if let Some(top) = d.bids.last() {
            if top.seat == seat {
                if !self.settings.settings.reinforce {
                    return Err(RuleError::BadBid(BidProblem::HoldTopBid));
                }
                if top.card != card || count <= top.count {
                    return Err(RuleError::BadBid(BidProblem::ReinforceWith { card: top.card }));
                }
            } else if new.key() <= top.key() {
                return Err(RuleError::BadBid(BidProblem::TooWeak { count: top.count, card: top.card }));
            }
        }
        Ok(())
    }

    /// Every bid `seat` could make right now.
    pub fn valid_bids(&self, seat: Seat) -> Vec<(Card, u8)> {
        let Phase::Draw(d) = &self.phase else { return Vec::new() };
        if seat >= self.players() {
            return Vec::new();
        }
        let rank = self.trump_rank();
        let mut cards: Vec<Card> = Suit::ALL.iter().map(|&s| Card::new(rank, s)).collect();
        cards.push(Card::SmallJoker);
        cards.push(Card::BigJoker);
        let mut out = Vec::new();
        for c in cards {
            let held = count_of(&d.hands[seat], c).min(255) as u8;
            for k in 1..=held {
                if self.check_bid(seat, c, k).is_ok() {
                    out.push((c, k));
                }
            }
        }
        out
    }

    pub(super) fn draw(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        let to_act = self.to_act();
        let Phase::Draw(d) = &mut self.phase else { unreachable_phase()? };
        if d.next >= d.deck.len() {
            return Err(RuleError::DeckEmpty);
        }
        if d.drawer != seat {
            return Err(RuleError::NotYourTurn { seat, to_act });
        }
        d.hands[seat].push(d.deck[d.next]);
        d.next += 1;
        d.drawer = (d.drawer + 1) % d.hands.len();
        Ok(vec![Event::Drew { seat }])
    }

    /// Makes a bid (checked by [`Game::check_bid`]); after the last card it
    /// restarts the round of passes, the bidder having spoken.
    pub(super) fn bid(&mut self, seat: Seat, card: Card, count: u8) -> Result<Vec<Event>, RuleError> {
        self.check_bid(seat, card, count)?;
        let Phase::Draw(d) = &mut self.phase else {
            return Err(RuleError::WrongPhase { action: Move::Bid, phase: self.phase() });
        };
        let bid = Bid { seat, card, count };
        d.bids.push(bid);
        if d.next >= d.deck.len() {
            d.passed = vec![false; d.hands.len()];
            d.passed[seat] = true;
        }
        let mut ev = vec![Event::Bid(bid)];
        ev.extend(self.maybe_end_draw());
        Ok(ev)
    }

    /// After the last card: no further bid from `seat`.
    pub(super) fn pass(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        let Phase::Draw(d) = &mut self.phase else {
            return Err(RuleError::WrongPhase { action: Move::Pass, phase: self.phase() });
        };
        if d.next < d.deck.len() {
            return Err(RuleError::DeckNotEmpty);
        }
        if d.passed[seat] {
            return Err(RuleError::NotYourTurn { seat, to_act: self.to_act() });
        }
        d.passed[seat] = true;
        let mut ev = vec![Event::Passed { seat }];
        ev.extend(self.maybe_end_draw());
        Ok(ev)
    }

    fn maybe_end_draw(&mut self) -> Vec<Event> {
        let Phase::Draw(d) = &self.phase else { return Vec::new() };
        if d.next < d.deck.len() || d.passed.iter().any(|&p| !p) {
            return Vec::new();
        }
        let rank = self.trump_rank();
        let (trump, landlord, revealed) = match d.bids.last() {
            Some(b) => (b.trump(rank), self.landlord.unwrap_or(b.seat), None),
            None => (no_bid_trump(&d.kitty, rank), self.landlord.unwrap_or(d.first), Some(d.kitty.clone())),
        };
        let rules = self.settings.rules(trump);
        let mut hands = d.hands.clone();
        hands[landlord].extend_from_slice(&d.kitty);
        self.phase = Phase::Exchange(ExchangePhase {
            hands,
            kitty: d.kitty.clone(),
            landlord,
            rules,
            bids: d.bids.clone(),
            revealed: revealed.clone(),
            buried: None,
            friends: None,
        });
        vec![Event::TrumpDecided { trump, landlord, revealed }]
    }
}

/// Nobody bid: turn the kitty over; the first card of the trump rank names the
/// suit, else the first joker makes it no-trump, else the suit of the highest
/// card (the first one on a tie).
pub fn no_bid_trump(kitty: &[Card], rank: Rank) -> Trump {
    if let Some(s) = kitty.iter().find(|c| c.rank() == Some(rank)).and_then(|c| c.suit()) {
        return Trump::Standard { rank, suit: s };
    }
    if kitty.iter().any(|c| c.is_joker()) {
        return Trump::NoTrump { rank: Some(rank) };
    }
    let mut best: Option<Card> = None;
    for &c in kitty {
        if best.is_none_or(|b| c.rank() > b.rank()) {
            best = Some(c);
        }
    }
    match best.and_then(|c| c.suit()) {
        Some(suit) => Trump::Standard { rank, suit },
        None => Trump::NoTrump { rank: Some(rank) },
    }
}

fn count_of(hand: &[Card], card: Card) -> usize {
    hand.iter().filter(|&&c| c == card).count()
}
