//! Why a move was refused, as data: every refusal of [`Game::apply`](super::Game::apply)
//! is a variant a UI phrases in any language and a peer host can send as it
//! is. `Display` is the English sentence for the CLI, logs and tests (seats
//! counted from 1, as people count them). A refused move changes nothing; a
//! wrong declaration is not a refusal but a move with a cost (see `declare.rs`).

use super::{PhaseName, Seat, SeatStatus};
use crate::dup::SeedError;
use crate::rummy::{format_rummy_cards, RummyCard};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The move a refusal is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Move {
    Drop,
    DrawStock,
    TakeDiscard,
    Discard,
    Declare,
    Show,
    NextDeal,
}

impl Move {
    /// The verb in "you cannot … during …".
    pub fn verb(self) -> &'static str {
        match self {
            Move::Drop => "drop",
            Move::DrawStock => "draw from the stock",
            Move::TakeDiscard => "take the top discard",
            Move::Discard => "discard",
            Move::Declare => "declare",
            Move::Show => "show your hand",
            Move::NextDeal => "deal the next hand",
        }
    }
}

/// Why a move was refused. Every message says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    NoSuchSeat {
        seat: Seat,
        players: usize,
    },
    WrongPhase {
        action: Move,
        phase: PhaseName,
    },
    NotYourTurn {
        seat: Seat,
        to_act: Vec<Seat>,
    },
    /// A seat that dropped, declared wrongly or is out of the pool game has no move in this deal.
    SitsOut {
        seat: Seat,
        status: SeatStatus,
    },
    /// Drawing or dropping after this turn's draw.
    AlreadyDrew {
        action: Move,
    },
    /// Discarding or declaring before drawing.
    DrawFirst {
        action: Move,
    },
    /// A printed joker or wild card discarded by a player cannot be taken.
    DeadJoker {
        card: RummyCard,
    },
    /// The discard pile is empty (cannot happen at a valid table; kept for safety).
    EmptyPile,
    /// The card taken from the pile this turn cannot be thrown back in the same turn.
    TakenCard {
        card: RummyCard,
    },
    NotInHand {
        card: RummyCard,
        held: usize,
        wanted: usize,
    },
    /// A declaration places every card: these are in no group and not the discard.
    Unplaced {
        cards: Vec<RummyCard>,
    },
    /// This seat has shown its hand already.
    AlreadyShown,
    /// `NextDealFrom` with a string that is not a table seed.
    BadSeed(SeedError),
    /// A bug in the engine (never the player's fault); its words help whoever reports it.
    Internal(String),
}

/// "seat 3": seats counted from 1.
fn seat(s: Seat) -> String {
    format!("seat {}", s + 1)
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::NoSuchSeat { seat: s, players } => {
                write!(f, "there is no {} at a table of {players} (seats are 1 to {players})", seat(*s))
            }
            RuleError::WrongPhase { action, phase } => write!(f, "you cannot {} during {phase}", action.verb()),
            RuleError::NotYourTurn { seat: s, to_act } => write!(
                f,
                "it is not {}'s turn (waiting for {})",
                seat(*s),
                to_act.iter().map(|&t| seat(t)).collect::<Vec<_>>().join(" or ")
            ),
            RuleError::SitsOut { seat: s, status } => {
                write!(f, "{} {status} and has no move until the next deal", seat(*s))
            }
            RuleError::AlreadyDrew { action } => {
                write!(f, "you cannot {} after drawing this turn: discard a card or declare", action.verb())
            }
            RuleError::DrawFirst { action } => {
                write!(f, "draw first (from the stock or the discard pile), then {}", action.verb())
            }
            RuleError::DeadJoker { card } => {
                write!(f, "{card} is a joker discarded by a player and cannot be taken: draw from the stock")
            }
            RuleError::EmptyPile => f.write_str("the discard pile is empty: draw from the stock"),
            RuleError::TakenCard { card } => write!(
                f,
                "you took {card} from the discard pile this turn and cannot throw it back: discard another card"
            ),
            RuleError::NotInHand { card, held, wanted } => {
                write!(f, "you use {wanted} × {card} but hold only {held}")
            }
            RuleError::Unplaced { cards } => write!(
                f,
                "place every card when you declare: {} {} in no group (put loose cards in a group of their own)",
                format_rummy_cards(cards),
                if cards.len() == 1 { "is" } else { "are" }
            ),
            RuleError::AlreadyShown => f.write_str("you have shown your hand already"),
            RuleError::BadSeed(why) => write!(f, "the next deal's seed is not valid: {why}"),
            RuleError::Internal(why) => write!(f, "internal rules error: {why}"),
        }
    }
}

impl std::error::Error for RuleError {}
