//! The table's bounds on what peers send. A guest checks every field of a decoded
//! `HostMessage` against them (the lobby's settings once known, else the largest table there
//! is) before it or its page uses it; the host checks the cards of a guest's action the same
//! way before the game sees it. A number of players or decks no table has, a seat outside the
//! table, a card list longer than the decks or a card in more copies than there are decks is
//! an [`OutOfBounds`], and the message is dropped unused. So a hostile peer cannot make the
//! other allocate, index or count past the table (a host can still lie within it: that is what
//! the deal's check, `net::verify`, is for). The messages' shared parts are checked here; each
//! game's views, events and moves by its own [`PeerGame`] answers (`net/shengji.rs`, `net/rummy.rs`),
//! with the helpers below.

use super::game::PeerGame;
use super::protocol::{HandReveal, HostMessage, LobbyState, SeatInfo, MAX_NAME_CHARS};
use crate::table::Seat;
use std::fmt;

/// The most moves a hand's record may hold in a reveal (a Shengji hand of 16 decks has about 2,000).
pub const MAX_HAND_MOVES: usize = 20_000;
/// The longest refusal sentence, rejoin token or seed string a guest keeps.
pub const MAX_TEXT: usize = 1_024;

/// What in a peer's message is out of the table's bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutOfBounds {
    /// A number of players no table has, or not the lobby's.
    Players { players: usize },
    /// A number of decks no table has, or not the lobby's.
    Decks { decks: usize },
    /// A kitty larger than the decks.
    Kitty { kitty: usize },
    /// The lobby's settings are not a table of the game.
    Settings,
    /// A seat index outside the table.
    Seat { what: &'static str, seat: Seat },
    /// A list longer than the table allows (seats, bids, tricks, moves…).
    Length { what: &'static str, len: usize, max: usize },
    /// More cards than the decks hold.
    Cards { what: &'static str, len: usize, max: usize },
    /// One card (named by its label) in more copies than there are decks.
    Copies { what: &'static str, card: String, copies: usize },
    /// A commitment or secret that is not 64 hex digits.
    Hex { what: &'static str },
    /// A card or tile this game does not play (an honour at a Sichuan table).
    NotPlayed { what: &'static str, piece: String },
}

impl fmt::Display for OutOfBounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutOfBounds::Players { players } => write!(f, "a table of {players} players"),
            OutOfBounds::Decks { decks } => write!(f, "a table of {decks} decks"),
            OutOfBounds::Kitty { kitty } => write!(f, "a kitty of {kitty} cards"),
            OutOfBounds::Settings => f.write_str("settings that are not a table of this game"),
            OutOfBounds::Seat { what, seat } => write!(f, "{what} names seat {seat}, which the table does not have"),
            OutOfBounds::Length { what, len, max } => write!(f, "{what} has {len} entries, more than {max}"),
            OutOfBounds::Cards { what, len, max } => write!(f, "{what} has {len} cards, more than the {max} of the decks"),
            OutOfBounds::Copies { what, card, copies } => {
                write!(f, "{what} has {copies} copies of {card}, more than there are decks")
            }
            OutOfBounds::Hex { what } => write!(f, "{what} is not 64 hex digits"),
            OutOfBounds::NotPlayed { what, piece } => write!(f, "{what} holds {piece}, which this game does not play"),
        }
    }
}

impl std::error::Error for OutOfBounds {}

pub(crate) type Checked = Result<(), OutOfBounds>;

/// Checks a host message against `limits` (see the module's header).
pub fn check_host_message<G: PeerGame>(msg: &HostMessage<G>, limits: G::Limits) -> Checked {
    let seats = G::max_seats(limits);
    match msg {
        HostMessage::Welcome { seat, rejoin, .. } => {
            seat_ok("the welcome", *seat, seats)?;
            text_ok("the rejoin token", rejoin)
        }
        HostMessage::Lobby(l) => lobby_ok(l),
        HostMessage::View(v) => G::view_ok(v, limits),
        HostMessage::Event(e) => G::event_ok(e, limits),
        // A refusal is only phrased for the player, never acted on: the message's size
        // limit bounds what it can hold.
        HostMessage::Rejected { .. } => Ok(()),
        HostMessage::Pong { .. } | HostMessage::Waiting => Ok(()),
        // The wire's decoder turns a patch into a view (checked above) before the client sees
        // it; one that gets here is ignored by the client, and the message's size bounds it.
        HostMessage::ViewPatch(_) => Ok(()),
        HostMessage::FairCommit { host_commitment, .. } => hex_ok("the host's commitment", host_commitment),
        HostMessage::FairCommitments { commitments, .. } => {
            len_ok("the commitments", commitments.len(), seats)?;
            for (seat, c) in commitments {
                seat_ok("a commitment", *seat, seats)?;
                hex_ok("a guest's commitment", c)?;
            }
            Ok(())
        }
        HostMessage::FairReveal(r) => reveal_ok(r, limits),
        HostMessage::Chat { seat, text } => {
            seat_ok("a line of chat", *seat, seats)?;
            len_ok("a line of chat", text.chars().count(), crate::net::protocol::MAX_CHAT_CHARS)
        }
    }
}

pub(crate) fn seat_ok(what: &'static str, seat: Seat, players: usize) -> Checked {
    if seat < players {
        Ok(())
    } else {
        Err(OutOfBounds::Seat { what, seat })
    }
}

pub(crate) fn seats_ok(what: &'static str, seats: &[Seat], players: usize) -> Checked {
    len_ok(what, seats.len(), players)?;
    seats.iter().try_for_each(|&s| seat_ok(what, s, players))
}

pub(crate) fn len_ok(what: &'static str, len: usize, max: usize) -> Checked {
    if len <= max {
        Ok(())
    } else {
        Err(OutOfBounds::Length { what, len, max })
    }
}

pub(crate) fn text_ok(what: &'static str, text: &str) -> Checked {
    len_ok(what, text.len(), MAX_TEXT)
}

fn hex_ok(what: &'static str, text: &str) -> Checked {
    if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(())
    } else {
        Err(OutOfBounds::Hex { what })
    }
}

/// A card list the decks could hold: no longer than `max` cards, none of the `kinds` card
/// kinds (numbered by `id`) in more than `decks` copies.
pub(crate) fn pieces_ok<T: Copy + fmt::Display>(
    what: &'static str,
    cards: &[T],
    max: usize,
    decks: usize,
    copies: &mut [usize],
    id: impl Fn(T) -> usize,
) -> Checked {
    if cards.len() > max {
        return Err(OutOfBounds::Cards { what, len: cards.len(), max });
    }
    copies.iter_mut().for_each(|n| *n = 0);
    for &c in cards {
        let n = &mut copies[id(c)];
        *n += 1;
        if *n > decks {
            return Err(OutOfBounds::Copies { what, card: c.to_string(), copies: *n });
        }
    }
    Ok(())
}

fn lobby_ok<G: PeerGame>(l: &LobbyState<G>) -> Checked {
    let players = G::seats(&l.settings).map_err(|_| OutOfBounds::Settings)?;
    if l.seats.len() != players {
        return Err(OutOfBounds::Players { players: l.seats.len() });
    }
    if l.levels.len() != players {
        return Err(OutOfBounds::Players { players: l.levels.len() });
    }
    for s in &l.seats {
        if let SeatInfo::Guest { name, .. } = s {
            len_ok("a guest's name", name.chars().count(), MAX_NAME_CHARS)?;
        }
    }
    Ok(())
}

fn reveal_ok<G: PeerGame>(r: &HandReveal<G>, l: G::Limits) -> Checked {
    let n = G::max_seats(l);
    seat_ok("the first to act", r.first_to_act, n)?;
    hex_ok("the host's commitment", &r.host_commitment)?;
    hex_ok("the host's secret", &r.host_secret)?;
    len_ok("the contributions", r.contributions.len(), n)?;
    for (seat, c, e) in &r.contributions {
        seat_ok("a contribution", *seat, n)?;
        hex_ok("a guest's commitment", c)?;
        hex_ok("a guest's entropy", e)?;
    }
    text_ok("the seed", &r.seed)?;
    len_ok("the hand's moves", r.actions.len(), MAX_HAND_MOVES)?;
    for (seat, a) in &r.actions {
        seat_ok("a move", *seat, n)?;
        G::action_ok(a, l)?;
    }
    Ok(())
}
