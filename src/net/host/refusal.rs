//! What the host refuses and what it logs, as types: every refusal of a guest's message is a
//! [`Refusal`] (on the wire, typed, as [`Refused`] in `HostMessage::Rejected { reason }`),
//! and every log entry a [`Logged`].

use super::ConnId;
use crate::net::check::OutOfBounds;
use crate::net::game::PeerGame;
use crate::net::protocol::{DecodeError, Refused, MAX_GUEST_MESSAGE_BYTES, PROTOCOL_VERSION};
use crate::table::Seat;
use derive_where::derive_where;
use std::fmt;

/// Why the host refused a guest's message (or tells a guest its seat is gone). Nothing
/// changes on a refusal.
#[derive_where(Clone, Debug, PartialEq, Eq)]
pub enum Refusal<G: PeerGame> {
    /// The connection sends faster than the host's flood limit; what it sends now is dropped
    /// unread (told once per burst, see `FloodConfig`).
    Flooding { per_second: u32 },
    TooLarge { len: usize },
    Decode(DecodeError),
    AlreadyGreeted,
    ProtocolVersion { got: u16 },
    /// The guest's page plays another game.
    OtherGame,
    NotGreeted,
    /// A new guest after the game started (a returning one comes back with its token).
    Started,
    TableFull,
    NoSeat,
    Replayed { seq: u64 },
    OtherSeat { own: Seat, seat: Seat },
    /// Actions wait while the next hand is dealt.
    Dealing,
    NotStarted,
    /// A deal from a chosen seed, from a guest: only the host deals from one.
    HostDeals,
    HandNotOver,
    /// An action whose cards no deck of this table holds (checked before the game sees it).
    OutOfBounds(OutOfBounds),
    /// The game's own refusal (phase, turn, legality).
    Rule(G::Error),
    NoDeal,
    NotInDeal,
    UnexpectedCommit { hand: u64 },
    BadCommitment,
    AlreadyCommitted,
    NoCommitment,
    UnexpectedReveal { hand: u64 },
    BadEntropy,
    EntropyMismatch,
    /// The hands' history goes out once per connection.
    HistoryTwice,
    /// Not a refusal of a message: the host gave this guest's seat to someone else.
    SeatGiven,
    /// Not a refusal of a message: the table got smaller and this guest's seat is gone.
    SeatGone,
    ChatTooFast { lines: u32 },
    ChatTooLong { max: usize },
}

impl<G: PeerGame> fmt::Display for Refusal<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Flooding { per_second } => write!(
                f,
                "too many messages: the host reads at most {per_second} a second from one connection and drops the rest unread; slow down"
            ),
            Refusal::TooLarge { len } => write!(f, "a message of {len} bytes is over the limit of {MAX_GUEST_MESSAGE_BYTES}"),
            Refusal::Decode(e) => write!(f, "{e}"),
            Refusal::AlreadyGreeted => f.write_str("this connection already said hello"),
            Refusal::ProtocolVersion { got } => write!(
                f,
                "your app speaks protocol version {got} but this table speaks version {PROTOCOL_VERSION}: reload the page"
            ),
            Refusal::OtherGame => write!(f, "this table plays {}: open the invite on the page of that game", G::NAME),
            Refusal::NotGreeted => f.write_str("say hello before anything else"),
            Refusal::Started => f.write_str("the game has started: ask the host to seat you in the next game"),
            Refusal::TableFull => f.write_str("the table is full"),
            Refusal::NoSeat => f.write_str("you have no seat at this table"),
            Refusal::Replayed { seq } => write!(f, "action {seq} was already received (replayed or out of order)"),
            Refusal::OtherSeat { own, seat } => {
                write!(f, "you sit at seat {} and cannot act for seat {}", own + 1, seat + 1)
            }
            Refusal::Dealing => f.write_str("the next hand is being dealt: wait for your cards"),
            Refusal::NotStarted => f.write_str("the game has not started"),
            Refusal::HostDeals => f.write_str("only the host deals from a chosen seed: ask for the next hand instead"),
            Refusal::HandNotOver => f.write_str("the hand is not over yet"),
            Refusal::OutOfBounds(e) => write!(f, "this move is impossible at this table: {e}"),
            Refusal::Rule(e) => write!(f, "{e}"),
            Refusal::NoDeal => f.write_str("no hand is being dealt"),
            Refusal::NotInDeal => f.write_str("you are not part of this deal"),
            Refusal::UnexpectedCommit { hand } => write!(f, "a commitment for hand {hand} is not expected now"),
            Refusal::BadCommitment => f.write_str("a commitment is 64 hex digits"),
            Refusal::AlreadyCommitted => f.write_str("you already committed for this hand"),
            Refusal::NoCommitment => f.write_str("you have no commitment in this deal"),
            Refusal::UnexpectedReveal { hand } => write!(f, "a reveal for hand {hand} is not expected now"),
            Refusal::BadEntropy => f.write_str("entropy is 64 hex digits"),
            Refusal::EntropyMismatch => f.write_str("this entropy does not match your commitment"),
            Refusal::HistoryTwice => f.write_str("the hands' history was already sent on this connection"),
            Refusal::SeatGiven => f.write_str("the host gave your seat to someone else"),
            Refusal::SeatGone => f.write_str("the table got smaller and your seat is gone"),
            Refusal::ChatTooFast { lines } => write!(f, "too much talk: {lines} lines in a row at most, then one every few seconds"),
            Refusal::ChatTooLong { max } => write!(f, "a line of chat has at most {max} characters"),
        }
    }
}

impl<G: PeerGame> std::error::Error for Refusal<G> {}

impl<G: PeerGame> Refusal<G> {
    /// The refusal as it travels to the guest (typed, phrased by the guest's page).
    pub fn wire(&self) -> Refused<G::Error> {
        match self {
            Refusal::Flooding { per_second } => Refused::Flooding { per_second: *per_second },
            Refusal::TooLarge { len } => Refused::TooLarge { len: *len },
            Refusal::Decode(DecodeError::WrongVersion { got, .. }) => {
                Refused::ProtocolVersion { got: (*got).min(u16::MAX as u64) as u16, speaks: PROTOCOL_VERSION }
            }
            Refusal::Decode(_) => Refused::Unreadable,
            Refusal::AlreadyGreeted => Refused::AlreadyGreeted,
            Refusal::ProtocolVersion { got } => Refused::ProtocolVersion { got: *got, speaks: PROTOCOL_VERSION },
            Refusal::OtherGame => Refused::OtherGame { table: G::NAME.to_string() },
            Refusal::NotGreeted => Refused::NotGreeted,
            Refusal::Started => Refused::Started,
            Refusal::TableFull => Refused::TableFull,
            Refusal::NoSeat => Refused::NoSeat,
            Refusal::Replayed { seq } => Refused::Replayed { seq: *seq },
            Refusal::OtherSeat { own, seat } => Refused::OtherSeat { own: *own, seat: *seat },
            Refusal::Dealing => Refused::Dealing,
            Refusal::NotStarted => Refused::NotStarted,
            Refusal::HostDeals => Refused::HostDeals,
            Refusal::HandNotOver => Refused::HandNotOver,
            Refusal::OutOfBounds(_) => Refused::Impossible,
            Refusal::Rule(e) => Refused::Rule(e.clone()),
            Refusal::NoDeal
            | Refusal::NotInDeal
            | Refusal::UnexpectedCommit { .. }
            | Refusal::BadCommitment
            | Refusal::AlreadyCommitted
            | Refusal::NoCommitment
            | Refusal::UnexpectedReveal { .. }
            | Refusal::BadEntropy
            | Refusal::EntropyMismatch => Refused::FairDealing,
            Refusal::HistoryTwice => Refused::HistoryTwice,
            Refusal::SeatGiven => Refused::SeatGiven,
            Refusal::SeatGone => Refused::SeatGone,
            Refusal::ChatTooFast { lines } => Refused::ChatTooFast { lines: *lines },
            Refusal::ChatTooLong { max } => Refused::ChatTooLong { max: *max },
        }
    }
}

/// What the host's log records.
#[derive_where(Clone, Debug, PartialEq, Eq)]
pub enum Logged<G: PeerGame> {
    /// A guest's message refused (the same refusal it was sent).
    Refused(Refusal<G>),
    /// Bytes from a connection the host does not know (the transport's mistake): ignored.
    UnknownConnection,
    /// A fair round waited `fair_timeout` and deals without the silent guests.
    FairTimeout { hand: u64 },
    /// A bot chose a move the game refused (a bot bug; the table waits).
    BotIllegal { seat: Seat, action: Box<G::Action>, error: G::Error },
    /// A bot's job got no answer from the bot worker (none on this page, or another
    /// build's): the seat's turn waits.
    BotUnanswered { seat: Seat },
    CouldNotStart(G::SettingsError),
    CouldNotDeal(G::Error),
}

impl<G: PeerGame> fmt::Display for Logged<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Logged::Refused(r) => write!(f, "refused: {r}"),
            Logged::UnknownConnection => f.write_str("a message from an unknown connection was ignored"),
            Logged::FairTimeout { hand } => {
                write!(f, "fair round for hand {hand} timed out; dealing without the silent guests")
            }
            Logged::BotIllegal { seat, action, error } => write!(f, "seat {seat}'s bot chose an illegal move {action:?}: {error}"),
            Logged::BotUnanswered { seat } => write!(f, "seat {seat}'s bot got no answer from the bot worker"),
            Logged::CouldNotStart(e) => write!(f, "could not start: {e}"),
            Logged::CouldNotDeal(e) => write!(f, "could not deal: {e}"),
        }
    }
}

/// One entry of the host's log.
#[derive_where(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry<G: PeerGame> {
    pub conn: Option<ConnId>,
    pub what: Logged<G>,
}
