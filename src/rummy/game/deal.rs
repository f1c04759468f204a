//! Dealing. The pack is shuffled by the deal's `Deal` stream; every seat still
//! in the game gets 13 cards (card `i` to the `i mod k`-th seat in seat order);
//! the next card is turned up to pick the wild rank and set aside face up for
//! the deal; the next starts the open discard pile; the rest is the stock,
//! drawn in the order the shuffle left it. Two tables with the same seed and
//! settings get the same cards, and the same stock.
//!
//! When a turn ends with the stock empty, the discard pile but its top card is
//! shuffled into a new stock (by the deal's `rummy-restock` stream, ChaCha
//! stream number = the rebuild's number), at most `restocks` times a deal; the
//! next time the deal ends with no winner. Seat `deal mod players` plays first
//! (the next seat still in, in pool rummy), so the first move goes round.

use super::settings::HAND;
use super::{Deal, DealEnd, Event, Game, PhaseName, PileCard, RuleError, Seat, SeatStatus, Stage};
use crate::dup::{shuffle, Purpose, TableSeed};
use crate::rummy::RummyCard;

/// The stream label of stock rebuilds.
pub const RESTOCK: Purpose = Purpose::Named("rummy-restock");

impl Deal {
    /// Stands in until the first deal is dealt.
    pub(crate) fn placeholder(n: usize) -> Deal {
        Deal {
            wild_card: RummyCard::Joker,
            wild: None,
            hands: vec![Vec::new(); n],
            stock: Vec::new(),
            pile: Vec::new(),
            status: vec![SeatStatus::Playing; n],
            drawn: vec![false; n],
            first: 0,
            turn: 0,
            stage: Stage::Draw,
            phase: PhaseName::Play,
            turns: 0,
            rebuilds: 0,
            picked: Vec::new(),
            declarer: None,
            shown: vec![None; n],
            result: None,
        }
    }

    /// The next seat after `from` still playing the deal (`from` itself if none).
    pub(crate) fn next_playing(&self, from: Seat) -> Seat {
        let n = self.status.len();
        (1..=n).map(|i| (from + i) % n).find(|&s| self.status[s].is_playing()).unwrap_or(from)
    }

    /// Seats still playing the deal.
    pub(crate) fn playing(&self) -> Vec<Seat> {
        (0..self.status.len()).filter(|&s| self.status[s].is_playing()).collect()
    }
}

impl Game {
    /// Deals the current deal from the seed.
    pub(crate) fn deal_cards(&self) -> Deal {
        let s = &self.settings;
        let n = s.players;
        let mut pack = s.rules.pack();
        shuffle(&mut self.ledger.current_hand().stream(Purpose::Deal), &mut pack);
        let seats: Vec<Seat> = (0..n).filter(|&x| !self.is_out(x)).collect();
        let mut d = Deal::placeholder(n);
        let mut cards = pack.into_iter();
        for (i, card) in cards.by_ref().take(HAND * seats.len()).enumerate() {
            d.hands[seats[i % seats.len()]].push(card);
        }
        // Validation keeps at least 13 × players + 2 + players cards in the pack.
        d.wild_card = cards.next().unwrap_or(RummyCard::Joker);
        d.wild = s.rules.wild_rank_for(d.wild_card);
        d.pile = cards.next().map(|card| PileCard { card, by: None }).into_iter().collect();
        d.stock = cards.collect();
        d.stock.reverse();
        for x in 0..n {
            if self.is_out(x) {
                d.status[x] = SeatStatus::Out;
            }
        }
        let start = (self.ledger.hand() % n as u64) as usize;
        d.first = (0..n).map(|i| (start + i) % n).find(|&x| d.status[x].is_playing()).unwrap_or(start);
        d.turn = d.first;
        d
    }

    /// The event announcing the current deal.
    pub(crate) fn dealt_event(&self) -> Event {
        let d = &self.deal;
        Event::Dealt {
            deal: self.ledger.hand(),
            first: d.first,
            wild_card: d.wild_card,
            wild: d.wild,
            top: d.pile.last().map_or(RummyCard::Joker, |p| p.card),
        }
    }

    /// At the end of a turn: an empty stock is rebuilt from the discard pile
    /// but its top card, or, past the table's number of rebuilds (or with
    /// nothing to rebuild from), the deal ends with no winner.
    pub(crate) fn restock_if_empty(&mut self) -> Vec<Event> {
        let d = &mut self.deal;
        if !d.stock.is_empty() || d.phase != PhaseName::Play {
            return Vec::new();
        }
        if d.rebuilds >= self.settings.restocks || d.pile.len() < 2 {
            return self.finish_deal(DealEnd::StockExhausted, None);
        }
        let top = d.pile.pop();
        let mut cards: Vec<RummyCard> = d.pile.drain(..).map(|p| p.card).collect();
        d.pile.extend(top);
        let mut rng = self.ledger.current_hand().stream(RESTOCK);
        rng.set_stream(d.rebuilds as u64);
        shuffle(&mut rng, &mut cards);
        d.rebuilds += 1;
        let event = Event::StockRebuilt { cards: cards.len(), rebuilds: d.rebuilds };
        d.stock = cards;
        vec![event]
    }

    /// Deals the next deal after a finished one, from `seed` when given (it then
    /// stays the table's seed). After the last deal of a game a new game starts.
    pub(crate) fn next_deal(&mut self, seed: Option<TableSeed>) -> Result<Vec<Event>, RuleError> {
        let Some(result) = &self.deal.result else {
            return Err(RuleError::WrongPhase { action: super::Move::NextDeal, phase: self.deal.phase });
        };
        let new_game = result.game_over.is_some();
        if new_game {
            let n = self.players();
            self.totals = vec![0; n];
            self.net = vec![0; n];
            self.game_no += 1;
            self.deal_in_game = 0;
        } else {
            self.deal_in_game += 1;
        }
        let deal = self.ledger.next_hand(seed);
        self.deal = self.deal_cards();
        Ok(vec![Event::NextDeal { deal, new_game }, self.dealt_event()])
    }
}
