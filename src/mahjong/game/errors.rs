//! Why a move was refused, as data: every refusal of [`Game::apply`](super::Game::apply)
//! is a variant a UI phrases in any language (`ui_model::mahjong::words`) and
//! a peer host can send as it is. `Display` is the English sentence for the
//! CLI, logs and tests (seats counted from 1). A refused move changes nothing.

use super::settings::WILD_TILE;
use super::{Action, PhaseName, Seat};
use crate::mahjong::{Suit, Tile};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The move a refusal is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Move {
    Exchange,
    Void,
    Discard,
    Win,
    Kong,
    Pung,
    Pass,
    NextHand,
}

impl Move {
    pub fn of(action: &Action) -> Move {
        match action {
            Action::Exchange(_) => Move::Exchange,
            Action::Void(_) => Move::Void,
            Action::Discard(_) => Move::Discard,
            Action::Win => Move::Win,
            Action::Kong(_) => Move::Kong,
            Action::Pung => Move::Pung,
            Action::Pass => Move::Pass,
            Action::NextHand | Action::NextHandFrom(_) => Move::NextHand,
        }
    }

    /// The verb in "you cannot … during …".
    pub fn verb(self) -> &'static str {
        match self {
            Move::Exchange => "choose tiles to exchange",
            Move::Void => "choose a void suit",
            Move::Discard => "discard",
            Move::Win => "declare a win",
            Move::Kong => "make a kong",
            Move::Pung => "pung",
            Move::Pass => "pass",
            Move::NextHand => "deal the next hand",
        }
    }
}

fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Characters => "characters",
        Suit::Dots => "dots",
        Suit::Bamboo => "bamboo",
        Suit::Honours => "honours",
    }
}

/// Why a move was refused. Every message says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    NoSuchSeat { seat: Seat, players: usize },
    WrongPhase { action: Move, phase: PhaseName },
    NotYourTurn { seat: Seat, to_act: Vec<Seat> },
    /// This seat has already chosen its exchange tiles or its void suit.
    AlreadyChose { seat: Seat, action: Move },
    /// The three exchanged tiles must share one suit.
    ExchangeOneSuit { tiles: [Tile; 3] },
    NotInHand { tile: Tile },
    /// The void suit is characters, dots or bamboo.
    HonoursNotPlayed,
    /// Holding tiles of the void suit: discard those first.
    VoidFirst { void: Suit },
    /// A win needs a hand without tiles of the void suit.
    VoidTilesHeld { void: Suit },
    /// No pung or kong of the void suit.
    VoidSuitSet { tile: Tile },
    NotAWin,
    /// A self-drawn win needs a draw; after a pung, discard.
    NoWinAfterPung,
    /// The wall is empty: a kong could not draw its replacement.
    NoReplacementTile,
    /// Neither four held nor a pung to add to.
    CannotKong { tile: Tile },
    /// A wildcard (the red dragon) is never discarded, punged or konged.
    WildcardKept,
    /// Pung and pass answer a claim window; none is open.
    NoClaimWindow { action: Move },
    /// A claim window is open: answer it (win, kong, pung or pass).
    ClaimFirst,
    /// That claim is not open to this seat for this tile.
    CannotClaim { action: Move, tile: Tile },
    BadSeed { reason: String },
    /// 血流成河: this seat has won and plays on with its hand as it was: it discards
    /// the tile it drew (`drawn`) or wins with it; no kong.
    HandLocked { drawn: Tile },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seats = |v: &[Seat]| v.iter().map(|s| format!("seat {}", s + 1)).collect::<Vec<_>>().join(", ");
        match self {
            RuleError::NoSuchSeat { seat, players } => {
                write!(f, "there is no seat {}: the table has seats 1 to {players}", seat + 1)
            }
            RuleError::WrongPhase { action, phase } => {
                write!(f, "you cannot {} during {phase}", action.verb())
            }
            RuleError::NotYourTurn { seat, to_act } => write!(
                f,
                "it is not seat {}'s move: the table waits for {}",
                seat + 1,
                if to_act.is_empty() { "nobody".to_string() } else { seats(to_act) }
            ),
            RuleError::AlreadyChose { seat, action } => {
                write!(f, "seat {} has already chosen: you cannot {} twice", seat + 1, action.verb())
            }
            RuleError::ExchangeOneSuit { tiles } => write!(
                f,
                "{} {} {} are not all of one suit: choose three tiles of the same suit to pass on",
                tiles[0], tiles[1], tiles[2]
            ),
            RuleError::NotInHand { tile } => write!(f, "you do not hold {tile}: choose a tile from your hand"),
            RuleError::HonoursNotPlayed => {
                f.write_str("there are no honours in Sichuan mahjong: choose characters, dots or bamboo as your void suit")
            }
            RuleError::VoidFirst { void } => write!(
                f,
                "you still hold {} (your void suit): discard those before any other tile",
                suit_name(*void)
            ),
            RuleError::VoidTilesHeld { void } => write!(
                f,
                "you cannot win while you hold {} (your void suit): discard them first",
                suit_name(*void)
            ),
            RuleError::VoidSuitSet { tile } => {
                write!(f, "{tile} is of your void suit: you cannot pung or kong it, only discard it")
            }
            RuleError::NotAWin => f.write_str("this hand is not a win yet: four sets and a pair, or seven pairs"),
            RuleError::NoWinAfterPung => f.write_str("you took a discard for a pung: discard a tile now"),
            RuleError::NoReplacementTile => f.write_str("the wall is empty, so a kong could not draw its replacement: discard instead"),
            RuleError::CannotKong { tile } => {
                write!(f, "you cannot kong {tile}: a kong needs four held, or the fourth tile to your pung")
            }
            RuleError::WildcardKept => {
                f.write_str("the red dragon is a wildcard: it stays in your hand (it cannot be discarded or konged); choose another tile")
            }
            RuleError::HandLocked { drawn } if *drawn == WILD_TILE => f.write_str(
                "you have won and play on with your hand as it was: the red dragon you drew completes it again, so declare the win",
            ),
            RuleError::HandLocked { drawn } => write!(
                f,
                "you have won and play on with your hand as it was: discard the tile you drew ({drawn}), or win if it completes your hand"
            ),
            RuleError::NoClaimWindow { action } => {
                write!(f, "you cannot {} now: nobody is offering a tile; it is your turn to discard", action.verb())
            }
            RuleError::ClaimFirst => f.write_str("a discard is waiting for claims: win, kong, pung or pass first"),
            RuleError::CannotClaim { action, tile } => {
                write!(f, "you cannot {} on {tile}: choose one of the claims offered, or pass", action.verb())
            }
            RuleError::BadSeed { reason } => write!(f, "that seed cannot deal a hand: {reason}"),
        }
    }
}

impl std::error::Error for RuleError {}
