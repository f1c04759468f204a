//! Dealing, the exchange of three (换三张) and the void suit (定缺).
//!
//! **Per-seat walls.** The 108 tiles (112 with the red dragons as wildcards) are shuffled by the hand's `Deal` stream
//! and dealt round-robin into one draw list per seat (`dup::SeatWalls`): every
//! draw a seat makes — its 13 starting tiles, each turn's draw, a kong's
//! replacement — comes from the front of its own list, so a seat gets the same
//! tiles at every table that plays the seed, whatever the others claim. A seat
//! whose list is empty draws from the back of the longest other list (the
//! documented exhaustion rule of `SeatWalls`); the wall is empty when all are.
//!
//! **The deal.** Each seat takes 13 from its list, the dealer a 14th. The
//! dealer of the first hand is seat 0; later hands follow `settle.rs`.
//!
//! **换三张.** When the table plays it, every seat chooses three tiles of one
//! suit at once; when all have chosen they pass them on, all in the same
//! direction, which the hand's `mahjong-exchange` stream picks: to the next
//! seat, to the previous seat, or across.
//!
//! **定缺.** Then every seat chooses a suit to play without, at once; the
//! choices are shown together. A seat holding tiles of its void suit must
//! discard them first, may not pung or kong them, and cannot win until none is left.

use super::settings::{Settings, PLAYERS};
use super::{Deal, Event, Game, Move, Phase, RuleError, Seat, SeatState, Stage};
use crate::dup::{uniform_below, Purpose, SeatWalls, TableSeed};
use crate::mahjong::{Suit, Tile};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Tiles each seat is dealt (the dealer one more).
pub const HAND: usize = 13;
/// The stream that picks the exchange direction.
pub const EXCHANGE: Purpose = Purpose::Named("mahjong-exchange");

/// Where the three exchanged tiles go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Seat s gives to seat s + 1 (the next to play).
    ToNext,
    /// Seat s gives to seat s − 1.
    ToPrevious,
    /// Seat s gives to seat s + 2.
    Across,
}

impl Direction {
    /// The seat that receives `seat`'s three tiles.
    pub fn receiver(self, seat: Seat) -> Seat {
        match self {
            Direction::ToNext => (seat + 1) % PLAYERS,
            Direction::ToPrevious => (seat + PLAYERS - 1) % PLAYERS,
            Direction::Across => (seat + 2) % PLAYERS,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::ToNext => "to the next player",
            Direction::ToPrevious => "to the previous player",
            Direction::Across => "across the table",
        })
    }
}

/// The tiles of the Sichuan set in id order: the 108 suited ones, and the four red
/// dragons last when the table plays with wildcards (so a table without them deals
/// exactly as before they existed).
pub fn full_set(settings: &Settings) -> Vec<Tile> {
    let mut tiles: Vec<Tile> = (0..27u8).filter_map(Tile::from_id).flat_map(|t| [t; 4]).collect();
    tiles.extend(settings.wild_kind().into_iter().flat_map(|t| [t; 4]));
    tiles
}

impl Deal {
    /// Hand `hand_no` of `seed`, dealt by `dealer`.
    pub(crate) fn dealt(settings: &Settings, seed: &TableSeed, hand_no: u64, dealer: Seat) -> Deal {
        let hand_seed = seed.hand(hand_no);
        let mut walls = SeatWalls::shuffled(full_set(settings), PLAYERS, &mut hand_seed.stream(Purpose::Deal))
            .unwrap_or_else(|_| unreachable!("four seats"));
        let mut seats: Vec<SeatState> = (0..PLAYERS).map(|_| SeatState::new(settings.wild_kind())).collect();
        for (s, seat) in seats.iter_mut().enumerate() {
            let n = if s == dealer { HAND + 1 } else { HAND };
            for _ in 0..n {
                if let Ok(Some(t)) = walls.draw(s) {
                    // Four copies of each kind in all: a hand never holds a fifth.
                    let _ = seat.hand.add(t);
                }
            }
        }
        let direction = settings.exchange.then(|| match uniform_below(&mut hand_seed.stream(EXCHANGE), 3) {
            0 => Direction::ToNext,
            1 => Direction::ToPrevious,
            _ => Direction::Across,
        });
        Deal {
            walls,
            seats,
            phase: if settings.exchange { Phase::Exchange } else { Phase::Void },
            dealer,
            direction,
            wins: Vec::new(),
            payments: Vec::new(),
            discard_after_kong: false,
            last_kong: None,
            transferred: Vec::new(),
            turns: 0,
            result: None,
        }
    }
}

impl Game {
    pub(crate) fn exchange(&mut self, seat: Seat, tiles: [Tile; 3]) -> Result<Vec<Event>, RuleError> {
        if self.deal.phase != Phase::Exchange {
            return Err(RuleError::WrongPhase { action: Move::Exchange, phase: self.phase() });
        }
        if self.deal.seats[seat].gave.is_some() {
            return Err(RuleError::AlreadyChose { seat, action: Move::Exchange });
        }
        let suit = tiles[0].suit();
        if tiles.iter().any(|t| t.suit() != suit || t.is_honour()) {
            return Err(RuleError::ExchangeOneSuit { tiles });
        }
        let mut hand = self.deal.seats[seat].hand;
        for t in tiles {
            if !hand.remove(t) {
                return Err(RuleError::NotInHand { tile: t });
            }
        }
        self.deal.seats[seat].gave = Some(tiles);
        let mut events = vec![Event::ChoseExchange { seat }];
        if self.deal.seats.iter().all(|s| s.gave.is_some()) {
            let direction = self.deal.direction.unwrap_or(Direction::ToNext);
            for s in 0..PLAYERS {
                for t in self.deal.seats[s].gave.unwrap_or_else(|| unreachable!()) {
                    self.deal.seats[s].hand.remove(t);
                }
            }
            for s in 0..PLAYERS {
                let to = direction.receiver(s);
                let given = self.deal.seats[s].gave.unwrap_or_else(|| unreachable!());
                for t in given {
                    let _ = self.deal.seats[to].hand.add(t);
                }
                self.deal.seats[to].got = Some(given);
            }
            self.deal.phase = Phase::Void;
            events.push(Event::Exchanged { direction });
        }
        Ok(events)
    }

    pub(crate) fn choose_void(&mut self, seat: Seat, suit: Suit) -> Result<Vec<Event>, RuleError> {
        if self.deal.phase != Phase::Void {
            return Err(RuleError::WrongPhase { action: Move::Void, phase: self.phase() });
        }
        if self.deal.seats[seat].void.is_some() {
            return Err(RuleError::AlreadyChose { seat, action: Move::Void });
        }
        if suit == Suit::Honours {
            return Err(RuleError::HonoursNotPlayed);
        }
        self.deal.seats[seat].void = Some(suit);
        let mut events = vec![Event::ChoseVoid { seat }];
        if self.deal.seats.iter().all(|s| s.void.is_some()) {
            let voids = self.deal.seats.iter().filter_map(|s| s.void).collect();
            let dealer = self.deal.dealer;
            self.deal.phase = Phase::Turn { seat: dealer, stage: Stage::Drawn { after_kong: false } };
            events.push(Event::Voids { voids });
        }
        Ok(events)
    }

    /// Deals the next hand (any seat may ask once the hand is over).
    pub(crate) fn next_hand(&mut self, _seat: Seat, seed: Option<TableSeed>) -> Result<Vec<Event>, RuleError> {
        let Some(result) = &self.deal.result else {
            return Err(RuleError::WrongPhase { action: Move::NextHand, phase: self.phase() });
        };
        let dealer = result.next_dealer;
        let hand = self.ledger.next_hand(seed);
        self.deal = Deal::dealt(&self.settings, self.ledger.seed(), hand, dealer);
        Ok(vec![Event::NextHand { hand }, Event::Dealt { hand, dealer }])
    }
}
