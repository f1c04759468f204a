//! The draw. Each hand's deck is shuffled by the hand's `Deal` stream and the
//! kitty is set aside from its end; the seats draw one card at a time, the
//! landlord first when known, else seat 0 (a game's first hand). Meanwhile any
//! seat may bid by showing trump-rank cards (or jokers, for no-trump): which bid
//! overcalls which, what a joker bid needs, and taking a bid back are the table's
//! bidding rules (`bidding.rs`); the top bidder may only reinforce (more of the
//! same card), and only when the settings allow. After the last card every seat
//! passes (a bid or a bid taken back makes the others pass again). Then the top
//! bid names trump and, when the landlord is not known yet, the landlord (the
//! winning or the first bid's seat); with no bid the kitty is turned over to
//! name trump. The landlord takes the kitty into hand and the exchange begins
//! (`exchange.rs`).

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
    /// Who has taken back a bid this hand (once each).
    pub took_back: Vec<bool>,
}

impl Bid {
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
        let mut rng = self.ledger.current_hand().stream(Purpose::Deal);
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
            took_back: vec![false; s.players],
        }
    }

    /// Checks a bid without making it: in the draw, or a steal of the kitty after a bury
    /// where the table plays it (`steal.rs`).
    pub fn check_bid(&self, seat: Seat, card: Card, count: u8) -> Result<(), RuleError> {
        match &self.phase {
            Phase::Draw(d) => self.bid_terms().problem(&d.hands[seat], d.bids.last(), seat, card, count, true),
            Phase::Exchange(_) if self.settings.settings.bidding.steal => self.check_steal(seat, card, count),
            _ => Err(RuleError::WrongPhase { action: Move::Bid, phase: self.phase() }),
        }
    }

    /// The table's terms for a bid this hand.
    pub(crate) fn bid_terms(&self) -> BidTerms {
        BidTerms {
            rank: self.trump_rank(),
            bidding: self.settings.settings.bidding,
            decks: self.settings.decks,
            reinforce: self.settings.settings.reinforce,
        }
    }

    /// Every bid `seat` could make right now.
    pub fn valid_bids(&self, seat: Seat) -> Vec<(Card, u8)> {
        if seat >= self.players() {
            return Vec::new();
        }
        let terms = self.bid_terms();
        match &self.phase {
            Phase::Draw(d) => terms.valid(&d.hands[seat], d.bids.last(), seat, true),
            Phase::Exchange(e) if self.settings.settings.bidding.steal && self.steal_turn() == Some(seat) => {
                terms.valid(&e.hands[seat], e.bids.last(), seat, false)
            }
            _ => Vec::new(),
        }
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

    /// Whether `seat` may take back its bid now: the table allows it, the top bid is
    /// `seat`'s, and `seat` has not taken one back this hand.
    pub fn check_take_back_bid(&self, seat: Seat) -> Result<(), RuleError> {
        let Phase::Draw(d) = &self.phase else {
            return Err(RuleError::WrongPhase { action: Move::TakeBackBid, phase: self.phase() });
        };
        if !self.settings.settings.bidding.take_back {
            return Err(RuleError::BadBid(BidProblem::TakeBackOff));
        }
        if d.bids.last().is_none_or(|b| b.seat != seat) {
            return Err(RuleError::BadBid(BidProblem::NoBidToTakeBack));
        }
        if d.took_back.get(seat).copied().unwrap_or(true) {
            return Err(RuleError::BadBid(BidProblem::TookBackBefore));
        }
        Ok(())
    }

    /// Takes back `seat`'s top bid (checked by [`Game::check_take_back_bid`]): the bids
    /// before it stand, and after the last card everyone may speak again.
    pub(super) fn take_back_bid(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        self.check_take_back_bid(seat)?;
        let Phase::Draw(d) = &mut self.phase else { unreachable_phase()? };
        d.bids.pop();
        d.took_back[seat] = true;
        if d.next >= d.deck.len() {
            d.passed = vec![false; d.hands.len()];
        }
        Ok(vec![Event::BidTakenBack { seat }])
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
        let rules = self.settings.settings.bidding;
        let landlord = self.landlord.or(rules.first_landlord(&d.bids)).unwrap_or(d.first);
        let (trump, revealed) = match d.bids.last() {
            Some(b) => (b.trump(rank), None),
            None => (rules.no_bid_trump(&d.kitty, rank), Some(d.kitty.clone())),
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
            stealing: super::steal::Stealing::Closed,
        });
        vec![Event::TrumpDecided { trump, landlord, revealed }]
    }
}

/// What a bid must meet at a table this hand: the hand's rank, the table's bidding rules,
/// its decks and whether a top bidder may reinforce. The draw and the steals ask it, and
/// so does the Expert's simulation of the rest of a draw (`shengji::expert::bids`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BidTerms {
    pub rank: Rank,
    pub bidding: super::BidRules,
    pub decks: usize,
    pub reinforce: bool,
}

impl BidTerms {
    /// What is wrong with `seat` showing `count` × `card` from `hand` over the `top` bid, if
    /// anything; `reinforce`: one's own top bid may be raised (in the draw), else even
    /// one's own bid must be overcalled (a steal).
    pub(crate) fn problem(
        &self,
        hand: &[Card],
        top: Option<&Bid>,
        seat: Seat,
        card: Card,
        count: u8,
        reinforce: bool,
    ) -> Result<(), RuleError> {
        let rank = self.rank;
        if !card.is_joker() && card.rank() != Some(rank) {
            return Err(RuleError::BadBid(BidProblem::NotTrumpRank { rank, card }));
        }
        let rules = self.bidding;
        if card.is_joker() {
            match rules.joker_bids.needs(card, self.decks) {
                None => return Err(RuleError::BadBid(BidProblem::JokerBidsOff)),
                Some(needs) if count < needs => return Err(RuleError::BadBid(BidProblem::TooFewJokers { card, needs })),
                Some(_) => {}
            }
        }
        if count == 0 {
            return Err(RuleError::BadBid(BidProblem::NoCards));
        }
        let held = count_of(hand, card);
        if held < count as usize {
            return Err(RuleError::NotInHand { card, held, wanted: count as usize });
        }
        let new = Bid { seat, card, count };
        if let Some(top) = top {
            if top.seat == seat && reinforce {
                if !self.reinforce {
                    return Err(RuleError::BadBid(BidProblem::HoldTopBid));
                }
                if top.card != card || count <= top.count {
                    return Err(RuleError::BadBid(BidProblem::ReinforceWith { card: top.card }));
                }
            } else if !rules.overcalls(&new, top) {
                return Err(RuleError::BadBid(BidProblem::TooWeak { count: top.count, card: top.card, overcall: rules.overcall }));
            }
        }
        Ok(())
    }

    /// Every bid `seat` holding `hand` could make over `top` (`reinforce` as in
    /// [`BidTerms::problem`]), the suits' cards then the jokers, fewest copies first.
    pub(crate) fn valid(&self, hand: &[Card], top: Option<&Bid>, seat: Seat, reinforce: bool) -> Vec<(Card, u8)> {
        let mut cards: Vec<Card> = Suit::ALL.iter().map(|&s| Card::new(self.rank, s)).collect();
        cards.push(Card::SmallJoker);
        cards.push(Card::BigJoker);
        let mut out = Vec::new();
        for c in cards {
            let held = count_of(hand, c).min(255) as u8;
            for k in 1..=held {
                if self.problem(hand, top, seat, c, k, reinforce).is_ok() {
                    out.push((c, k));
                }
            }
        }
        out
    }
}

fn count_of(hand: &[Card], card: Card) -> usize {
    hand.iter().filter(|&&c| c == card).count()
}
