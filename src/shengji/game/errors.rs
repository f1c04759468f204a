//! Why a move was refused, as data: every refusal of [`Game::apply`](super::Game::apply)
//! is a variant the UI phrases in any language (`ui_model::messages`), and a
//! peer host can send as it is. `Display` is the English sentence for the CLI,
//! logs and tests; seats are counted from 1 there, as people count them.

use super::{Overcall, PhaseName, Seat};
use crate::cards::{Card, Rank};
use crate::dup::SeedError;
use crate::shengji::legal::IllegalPlay;
use crate::shengji::lead::LeadError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The move a refusal is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Move {
    Draw,
    Bid,
    Pass,
    Bury,
    CallFriends,
    Play,
    TakeBack,
    TakeBackBid,
    NextHand,
}

impl Move {
    /// The verb in "you cannot … during …".
    pub fn verb(self) -> &'static str {
        match self {
            Move::Draw => "draw",
            Move::Bid => "bid",
            Move::Pass => "pass",
            Move::Bury => "bury cards",
            Move::CallFriends => "call friends",
            Move::Play => "play cards",
            Move::TakeBack => "take back",
            Move::TakeBackBid => "take back a bid",
            Move::NextHand => "deal the next hand",
        }
    }
}

/// Why a bid is not valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BidProblem {
    /// Only cards of the trump rank, or jokers, may be shown.
    NotTrumpRank { rank: Rank, card: Card },
    /// This table does not bid no-trump with jokers.
    JokerBidsOff,
    /// A no-trump bid needs at least `needs` copies of one joker at this table.
    TooFewJokers { card: Card, needs: u8 },
    /// A bid shows at least one card.
    NoCards,
    /// This table does not let a player raise their own top bid.
    HoldTopBid,
    /// A player's own top bid may only be raised with more copies of its card.
    ReinforceWith { card: Card },
    /// It does not overcall the top bid, by the table's rule.
    TooWeak { count: u8, card: Card, overcall: Overcall },
    /// This table does not let a bid be taken back.
    TakeBackOff,
    /// Only the top bid may be taken back, by the player who made it.
    NoBidToTakeBack,
    /// A player takes back a bid once a hand.
    TookBackBefore,
}

/// Why a friend call is not valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FriendProblem {
    /// The copy number must be 1 to the number of decks.
    CopyNumber { card: Card, decks: usize },
    /// A trump card, at a table that does not allow trump friend cards.
    TrumpCard { card: Card },
    /// The highest card, at a table that does not allow calling it.
    HighestCard { card: Card },
    /// A point card, at a table that does not allow calling one.
    PointCard { card: Card },
}

/// Why a play cannot be taken back now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TakeBackProblem {
    /// Take-backs are off at this table.
    Off,
    /// Only plays in a trick can be taken back.
    NotInPlay,
    /// Your play was not the last one, or the trick is over.
    NotLast,
    /// Nothing to take back.
    Nothing,
    /// A throw cannot be taken back: standing or failing, it showed what the
    /// other hands hold.
    AfterThrow,
}

/// Something done once per hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Done {
    Buried,
    CalledFriends,
}

/// Why a move was refused. Every message says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    NoSuchSeat { seat: Seat, players: usize },
    WrongPhase { action: Move, phase: PhaseName },
    NotYourTurn { seat: Seat, to_act: Vec<Seat> },
    DeckEmpty,
    DeckNotEmpty,
    BadBid(BidProblem),
    NotInHand { card: Card, held: usize, wanted: usize },
    BuryCount { expected: usize, got: usize },
    AlreadyDone(Done),
    NotLandlord { seat: Seat, landlord: Seat },
    NoFriendsInTractor,
    FriendCount { expected: usize, got: usize },
    BadFriend(FriendProblem),
    /// The same call (card and copy number) twice: one copy reveals one friend.
    DuplicateFriend { card: Card, nth: u8 },
    Lead(LeadError),
    Illegal(IllegalPlay),
    NoTakeBack(TakeBackProblem),
    /// `NextHandFrom` with a string that is not a table seed.
    BadSeed(SeedError),
    /// `LeadAs` while following: only the lead chooses how its cards read.
    NotALead,
    /// A bug in the engine (never the player's fault); its words help whoever reports it.
    Internal(String),
}

/// "seat 3": seats counted from 1.
fn seat(s: Seat) -> String {
    format!("seat {}", s + 1)
}

impl fmt::Display for BidProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BidProblem::NotTrumpRank { rank, card } => {
                write!(f, "bid with the trump rank {rank} or with jokers, not {}", card.label())
            }
            BidProblem::JokerBidsOff => f.write_str("this table does not bid no-trump with jokers"),
            BidProblem::TooFewJokers { card, needs } => {
                write!(f, "a no-trump bid with {} needs at least {needs} of them at this table", card.label())
            }
            BidProblem::NoCards => f.write_str("show at least one card"),
            BidProblem::HoldTopBid => f.write_str("you already hold the top bid"),
            BidProblem::ReinforceWith { card } => {
                write!(f, "you hold the top bid; you may only reinforce it with more copies of {}", card.label())
            }
            BidProblem::TooWeak { count, card, overcall } => write!(
                f,
                "it must beat the current bid of {count} × {} ({})",
                card.label(),
                match overcall {
                    Overcall::JokerOrMore => "more cards, or as many jokers",
                    Overcall::JokerOrHigherSuit => "more cards, or as many of a higher suit (♣ < ♦ < ♥ < ♠) or jokers",
                    Overcall::MoreOnly => "more cards",
                }
            ),
            BidProblem::TakeBackOff => f.write_str("this table does not let a bid be taken back"),
            BidProblem::NoBidToTakeBack => f.write_str("only your own bid, while it is the top bid, can be taken back"),
            BidProblem::TookBackBefore => f.write_str("you have already taken back a bid this hand"),
        }
    }
}

impl fmt::Display for FriendProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FriendProblem::CopyNumber { card, decks } => {
                write!(f, "the copy number of {} must be 1 to {decks} (there are {decks} decks)", card.label())
            }
            FriendProblem::TrumpCard { card } => {
                write!(f, "{} is a trump card and this table does not allow trump friend cards", card.label())
            }
            FriendProblem::HighestCard { card } => {
                write!(f, "{} is the highest card of its suit and this table does not allow calling it", card.label())
            }
            FriendProblem::PointCard { card } => {
                write!(f, "{} is a point card and this table does not allow calling point cards", card.label())
            }
        }
    }
}

impl fmt::Display for TakeBackProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TakeBackProblem::Off => "take-backs are off at this table",
            TakeBackProblem::NotInPlay => "only plays in a trick can be taken back",
            TakeBackProblem::NotLast => "your play was not the last one, or the trick is over",
            TakeBackProblem::Nothing => "nothing to take back",
            TakeBackProblem::AfterThrow => "a throw cannot be taken back: whether it stood showed what the other hands hold"
        })
    }
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
            RuleError::DeckEmpty => f.write_str("the deck is empty: bid or pass instead of drawing"),
            RuleError::DeckNotEmpty => f.write_str("cards are still to be drawn: draw instead of passing"),
            RuleError::BadBid(why) => write!(f, "this bid is not valid: {why}"),
            RuleError::NotInHand { card, held, wanted } => {
                write!(f, "you use {wanted} × {} but hold only {held}", card.label())
            }
            RuleError::BuryCount { expected, got } => {
                write!(f, "bury exactly {expected} cards (the kitty's size), not {got}")
            }
            RuleError::AlreadyDone(Done::Buried) => f.write_str("you buried the kitty already, and it cannot be changed"),
            RuleError::AlreadyDone(Done::CalledFriends) => {
                f.write_str("you called your friends already, and it cannot be changed")
            }
            RuleError::NotLandlord { seat: s, landlord } => {
                write!(f, "only the landlord ({}) may do this, not {}", seat(*landlord), seat(*s))
            }
            RuleError::NoFriendsInTractor => f.write_str("friends are only called in Finding Friends mode"),
            RuleError::FriendCount { expected, got } => write!(f, "call exactly {expected} friends, not {got}"),
            RuleError::BadFriend(why) => write!(f, "this friend call is not valid: {why}"),
            RuleError::DuplicateFriend { card, nth } => write!(
                f,
                "you call copy #{nth} of {} twice: one copy reveals only one friend, so call another card or copy number",
                card.label()
            ),
            RuleError::Lead(e) => write!(f, "this lead is not valid: {e}"),
            RuleError::Illegal(e) => write!(f, "this play is not legal: {e}"),
            RuleError::NoTakeBack(why) => write!(f, "you cannot take back now: {why}"),
            RuleError::BadSeed(why) => write!(f, "the next hand's seed is not valid: {why}"),
            RuleError::NotALead => {
                f.write_str("only the first play of a trick chooses how its cards read: play your cards as they are")
            }
            RuleError::Internal(why) => write!(f, "internal rules error: {why}"),
        }
    }
}

impl std::error::Error for RuleError {}
