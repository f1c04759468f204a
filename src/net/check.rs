//! The table's bounds on what peers send. A guest checks every field of a decoded
//! `HostMessage` against them (the lobby's settings once known, else the largest table there
//! is) before it or its page uses it; the host checks the cards of a guest's action the same
//! way before the game sees it. A number of players or decks no table has, a seat outside the
//! table, a card list longer than the decks or a card in more copies than there are decks is
//! an [`OutOfBounds`], and the message is dropped unused. So a hostile peer cannot make the
//! other allocate, index or count past the table (a host can still lie within it: that is what
//! the deal's check, `net::verify`, is for).

use super::protocol::{HandReveal, HostMessage, LobbyState, SeatInfo, MAX_NAME_CHARS};
use crate::cards::{Card, KINDS};
use crate::shengji::game::{Action, Event, HandResult, Seat, SeatView, SettingsError, TrickRecord};
use crate::shengji::rules::MAX_DECKS;
use std::fmt;

/// The most players a table has (`Settings::validate`'s bound, checked by a test).
pub const MAX_PLAYERS: usize = 10;
/// The fewest.
pub const MIN_PLAYERS: usize = 4;
/// The most moves a hand's record may hold in a reveal (a hand of 16 decks has about 2,000).
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
    /// The lobby's settings are not a table (`Settings::validate` refuses them).
    Settings(SettingsError),
    /// A seat index outside the table.
    Seat { what: &'static str, seat: Seat },
    /// A list longer than the table allows (seats, bids, tricks, moves…).
    Length { what: &'static str, len: usize, max: usize },
    /// More cards than the decks hold.
    Cards { what: &'static str, len: usize, max: usize },
    /// One card in more copies than there are decks.
    Copies { what: &'static str, card: Card, copies: usize },
    /// A commitment or secret that is not 64 hex digits.
    Hex { what: &'static str },
}

impl fmt::Display for OutOfBounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutOfBounds::Players { players } => write!(f, "a table of {players} players"),
            OutOfBounds::Decks { decks } => write!(f, "a table of {decks} decks"),
            OutOfBounds::Kitty { kitty } => write!(f, "a kitty of {kitty} cards"),
            OutOfBounds::Settings(e) => write!(f, "settings that are not a table: {e}"),
            OutOfBounds::Seat { what, seat } => write!(f, "{what} names seat {seat}, which the table does not have"),
            OutOfBounds::Length { what, len, max } => write!(f, "{what} has {len} entries, more than {max}"),
            OutOfBounds::Cards { what, len, max } => write!(f, "{what} has {len} cards, more than the {max} of the decks"),
            OutOfBounds::Copies { what, card, copies } => {
                write!(f, "{what} has {copies} copies of {}, more than there are decks", card.label())
            }
            OutOfBounds::Hex { what } => write!(f, "{what} is not 64 hex digits"),
        }
    }
}

impl std::error::Error for OutOfBounds {}

/// The bounds a message is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub players: usize,
    pub decks: usize,
    /// The lobby fixed them (else they are the largest table's, and views may name smaller ones).
    pub known: bool,
}

impl Limits {
    /// Before the lobby: the largest table there is.
    pub const ANY: Limits = Limits { players: MAX_PLAYERS, decks: MAX_DECKS as usize, known: false };

    /// The table of these settings, if they are one.
    pub fn of_settings(settings: &crate::shengji::game::Settings) -> Option<Limits> {
        settings.validate().ok().map(|r| Limits { players: r.players, decks: r.decks, known: true })
    }

    /// The lobby's table (its settings already checked).
    pub fn of(lobby: Option<&LobbyState>) -> Limits {
        match lobby.map(|l| l.settings.validate()) {
            Some(Ok(r)) => Limits { players: r.players, decks: r.decks, known: true },
            _ => Limits::ANY,
        }
    }

    fn cards(&self) -> usize {
        54 * self.decks
    }
}

type Checked = Result<(), OutOfBounds>;

/// Checks a host message against `limits` (see the module's header).
pub fn check_host_message(msg: &HostMessage, limits: Limits) -> Checked {
    match msg {
        HostMessage::Welcome { seat, rejoin, .. } => {
            seat_ok("the welcome", *seat, limits.players)?;
            text_ok("the rejoin token", rejoin)
        }
        HostMessage::Lobby(l) => lobby_ok(l),
        HostMessage::View(v) => view_ok(v, limits),
        HostMessage::Event(e) => event_ok(e, limits),
        // A refusal is only phrased for the player, never acted on: the message's size
        // limit bounds what it can hold.
        HostMessage::Rejected { .. } => Ok(()),
        HostMessage::Pong { .. } => Ok(()),
        HostMessage::FairCommit { host_commitment, .. } => hex_ok("the host's commitment", host_commitment),
        HostMessage::FairCommitments { commitments, .. } => {
            len_ok("the commitments", commitments.len(), limits.players)?;
            for (seat, c) in commitments {
                seat_ok("a commitment", *seat, limits.players)?;
                hex_ok("a guest's commitment", c)?;
            }
            Ok(())
        }
        HostMessage::FairReveal(r) => reveal_ok(r, limits),
    }
}

fn seat_ok(what: &'static str, seat: Seat, players: usize) -> Checked {
    if seat < players {
        Ok(())
    } else {
        Err(OutOfBounds::Seat { what, seat })
    }
}

fn seats_ok(what: &'static str, seats: &[Seat], players: usize) -> Checked {
    len_ok(what, seats.len(), players)?;
    seats.iter().try_for_each(|&s| seat_ok(what, s, players))
}

fn len_ok(what: &'static str, len: usize, max: usize) -> Checked {
    if len <= max {
        Ok(())
    } else {
        Err(OutOfBounds::Length { what, len, max })
    }
}

fn text_ok(what: &'static str, text: &str) -> Checked {
    len_ok(what, text.len(), MAX_TEXT)
}

fn hex_ok(what: &'static str, text: &str) -> Checked {
    if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(())
    } else {
        Err(OutOfBounds::Hex { what })
    }
}

/// A card list the decks could hold: no longer than them, no card in more copies than decks.
fn cards_ok(what: &'static str, cards: &[Card], limits: Limits) -> Checked {
    if cards.len() > limits.cards() {
        return Err(OutOfBounds::Cards { what, len: cards.len(), max: limits.cards() });
    }
    let mut copies = [0usize; KINDS];
    for c in cards {
        copies[c.id()] += 1;
        if copies[c.id()] > limits.decks {
            return Err(OutOfBounds::Copies { what, card: *c, copies: copies[c.id()] });
        }
    }
    Ok(())
}

fn lobby_ok(l: &LobbyState) -> Checked {
    let r = l.settings.validate().map_err(OutOfBounds::Settings)?;
    if l.seats.len() != r.players {
        return Err(OutOfBounds::Players { players: l.seats.len() });
    }
    for s in &l.seats {
        if let SeatInfo::Guest { name, .. } = s {
            len_ok("a guest's name", name.chars().count(), MAX_NAME_CHARS)?;
        }
    }
    Ok(())
}

/// The view's own table must be one there is, and the lobby's once it is known.
fn view_limits(v: &SeatView, limits: Limits) -> Result<Limits, OutOfBounds> {
    let players_ok = if limits.known { v.players == limits.players } else { (MIN_PLAYERS..=MAX_PLAYERS).contains(&v.players) };
    if !players_ok {
        return Err(OutOfBounds::Players { players: v.players });
    }
    let decks_ok = if limits.known { v.decks == limits.decks } else { (1..=MAX_DECKS as usize).contains(&v.decks) };
    if !decks_ok {
        return Err(OutOfBounds::Decks { decks: v.decks });
    }
    let own = Limits { players: v.players, decks: v.decks, known: true };
    if v.kitty_size > own.cards() {
        return Err(OutOfBounds::Kitty { kitty: v.kitty_size });
    }
    Ok(own)
}

fn view_ok(v: &SeatView, limits: Limits) -> Checked {
    let l = view_limits(v, limits)?;
    let n = l.players;
    seat_ok("the view", v.seat, n)?;
    for (what, len) in [("the levels", v.levels.len()), ("the hand sizes", v.hand_sizes.len()), ("the points", v.points.len()), ("the games won", v.games_won.len())] {
        if len != n {
            return Err(OutOfBounds::Length { what, len, max: n });
        }
    }
    if v.hand_sizes.iter().any(|&h| h > l.cards()) || v.deck_left > l.cards() {
        return Err(OutOfBounds::Cards { what: "the hand sizes", len: v.hand_sizes.iter().sum::<usize>().max(v.deck_left), max: l.cards() });
    }
    seats_ok("whose turn it is", &v.to_act, n)?;
    if let Some(s) = v.landlord {
        seat_ok("the landlord", s, n)?;
    }
    seats_ok("the landlord's team", &v.landlord_team, n)?;
    cards_ok("the hand", &v.hand, l)?;
    len_ok("the valid bids", v.valid_bids.len(), 6 * l.decks)?;
    cards_ok("the kitty", v.kitty.as_deref().unwrap_or_default(), l)?;
    cards_ok("the revealed kitty", v.revealed_kitty.as_deref().unwrap_or_default(), l)?;
    len_ok("the bids", v.bids.len(), l.cards())?;
    v.bids.iter().try_for_each(|b| seat_ok("a bid", b.seat, n))?;
    len_ok("the friends", v.friends.len(), n)?;
    len_ok("the friends to call", v.friends_to_call, n)?;
    for f in &v.friends {
        if let Some(s) = f.revealed {
            seat_ok("a friend", s, n)?;
        }
    }
    if let Some(t) = &v.trick {
        seat_ok("the trick's leader", t.leader, n)?;
        plays_ok(&t.plays, l)?;
        if let Some(s) = t.winning {
            seat_ok("the trick's winner", s, n)?;
        }
        cards_ok("a failed throw", t.failed_throw.as_deref().unwrap_or_default(), l)?;
        len_ok("the trick's format", t.format.as_ref().map_or(0, |f| f.len()), l.cards())?;
    }
    tricks_ok(&v.tricks, l)?;
    if let Some(r) = &v.result {
        result_ok(r, l)?;
    }
    Ok(())
}

fn plays_ok(plays: &[(Seat, Vec<Card>)], l: Limits) -> Checked {
    len_ok("a trick's plays", plays.len(), l.players)?;
    for (seat, cards) in plays {
        seat_ok("a play", *seat, l.players)?;
        cards_ok("a play", cards, l)?;
    }
    Ok(())
}

fn tricks_ok(tricks: &[TrickRecord], l: Limits) -> Checked {
    len_ok("the tricks", tricks.len(), l.cards())?;
    for t in tricks {
        seat_ok("a trick's leader", t.leader, l.players)?;
        seat_ok("a trick's winner", t.winner, l.players)?;
        plays_ok(&t.plays, l)?;
        cards_ok("a failed throw", t.failed_throw.as_deref().unwrap_or_default(), l)?;
        len_ok("a trick's format", t.format.len(), l.cards())?;
    }
    Ok(())
}

fn result_ok(r: &HandResult, l: Limits) -> Checked {
    let n = l.players;
    seat_ok("the result's landlord", r.landlord, n)?;
    seat_ok("the last trick's winner", r.last_trick_winner, n)?;
    seat_ok("the next landlord", r.next_landlord, n)?;
    seats_ok("the landlord's team", &r.landlord_team, n)?;
    seats_ok("the game's winners", r.game_winners.as_deref().unwrap_or_default(), n)?;
    len_ok("the levels", r.levels.len(), n)?;
    r.levels.iter().try_for_each(|(s, _, _)| seat_ok("a level", *s, n))?;
    cards_ok("the buried kitty", &r.kitty, l)
}

fn event_ok(e: &Event, l: Limits) -> Checked {
    let n = l.players;
    match e {
        Event::Drew { seat } | Event::Passed { seat } | Event::Buried { landlord: seat } | Event::TookBack { seat } => {
            seat_ok("an event", *seat, n)
        }
        Event::PlayStarted { leader } => seat_ok("an event", *leader, n),
        Event::TrickWon { winner, .. } => seat_ok("an event", *winner, n),
        Event::Bid(b) => seat_ok("a bid", b.seat, n),
        Event::TrumpDecided { landlord, revealed, .. } => {
            seat_ok("the landlord", *landlord, n)?;
            cards_ok("the revealed kitty", revealed.as_deref().unwrap_or_default(), l)
        }
        Event::FriendsDeclared(f) => len_ok("the friends", f.len(), n),
        Event::Played { seat, cards } => {
            seat_ok("a play", *seat, n)?;
            cards_ok("a play", cards, l)
        }
        Event::ThrowFailed { seat, attempted, kept, .. } => {
            seat_ok("a failed throw", *seat, n)?;
            cards_ok("a failed throw", attempted, l)?;
            cards_ok("a failed throw", kept, l)
        }
        Event::FriendRevealed { seat, friend } => {
            seat_ok("a friend", *seat, n)?;
            len_ok("a friend's number", *friend, n)
        }
        Event::HandFinished(r) => result_ok(r, l),
        Event::NextHand { .. } => Ok(()),
        Event::GameWon { seats } => seats_ok("the game's winners", seats, n),
    }
}

fn reveal_ok(r: &HandReveal, l: Limits) -> Checked {
    let n = l.players;
    seat_ok("the first drawer", r.first_drawer, n)?;
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
        action_ok(a, l)?;
    }
    Ok(())
}

/// A move whose cards the table's decks could hold (what the host checks of a guest's action
/// before the game does: a card list is never counted past the decks).
pub fn action_ok(a: &Action, l: Limits) -> Result<(), OutOfBounds> {
    match a {
        Action::Bury(c) | Action::Play(c) => cards_ok("a move", c, l),
        Action::LeadAs(c, f) => {
            cards_ok("a move", c, l)?;
            len_ok("a lead's format", f.len(), l.cards())
        }
        Action::DeclareFriends(f) => len_ok("a friend call", f.len(), l.players),
        Action::NextHandFrom(s) => text_ok("a seed", s),
        Action::Draw | Action::Bid(..) | Action::Pass | Action::TakeBack | Action::NextHand => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::TableSeed;
    use crate::net::guest::GuestClient;
    use crate::net::protocol::PROTOCOL_VERSION;
    use crate::shengji::game::{Game, Settings};

    #[test]
    fn the_bounds_are_the_judges() {
        let at = |players: u8, decks: u8| Settings { players, decks: Some(decks), mode: crate::shengji::game::Mode::Friends, ..Settings::default() }.validate().is_ok();
        assert!(at(MAX_PLAYERS as u8, MAX_DECKS) && at(MIN_PLAYERS as u8, 1));
        assert!(!at(MAX_PLAYERS as u8 + 1, MAX_DECKS) && !at(MIN_PLAYERS as u8 - 1, 2) && !at(MAX_PLAYERS as u8, MAX_DECKS + 1));
    }

    /// A guest at seat 0 of the default table, with the lobby and a first view.
    fn seated() -> (GuestClient, Game) {
        let game = Game::new(Settings::default(), TableSeed::parse("check").unwrap()).unwrap();
        let mut c = GuestClient::new("a", [1; 32], None);
        c.on(HostMessage::Welcome { seat: 0, rejoin: "t".into(), protocol_version: PROTOCOL_VERSION });
        let lobby = LobbyState { settings: Settings::default(), seats: vec![SeatInfo::Bot; 4], started: true };
        c.on(HostMessage::Lobby(lobby));
        c.on(HostMessage::View(Box::new(game.view(0))));
        assert_eq!((c.refusals, c.view.is_some()), (0, true));
        (c, game)
    }

    #[test]
    fn a_hostile_host_cannot_crash_or_move_a_guest() {
        let (mut c, game) = seated();
        let view = |f: &dyn Fn(&mut SeatView)| {
            let mut v = game.view(0);
            f(&mut v);
            HostMessage::View(Box::new(v))
        };
        let many = |card: Card, n: usize| vec![card; n];
        let cases: Vec<(HostMessage, OutOfBounds)> = vec![
            (view(&|v| v.players = usize::MAX / 8), OutOfBounds::Players { players: usize::MAX / 8 }),
            (view(&|v| v.decks = 300), OutOfBounds::Decks { decks: 300 }),
            (view(&|v| v.kitty_size = 1 << 40), OutOfBounds::Kitty { kitty: 1 << 40 }),
            (view(&|v| v.seat = 4), OutOfBounds::Seat { what: "the view", seat: 4 }),
            (view(&|v| v.levels.truncate(3)), OutOfBounds::Length { what: "the levels", len: 3, max: 4 }),
            (view(&|v| v.hand = many(Card::BigJoker, 3)), OutOfBounds::Copies { what: "the hand", card: Card::BigJoker, copies: 3 }),
            (view(&|v| v.hand = many(Card::BigJoker, 257)), OutOfBounds::Cards { what: "the hand", len: 257, max: 108 }),
            (view(&|v| v.to_act = vec![usize::MAX]), OutOfBounds::Seat { what: "whose turn it is", seat: usize::MAX }),
            (
                HostMessage::Event(Event::Played { seat: 1, cards: many(Card::SmallJoker, 300) }),
                OutOfBounds::Cards { what: "a play", len: 300, max: 108 },
            ),
            (HostMessage::Event(Event::Drew { seat: 9 }), OutOfBounds::Seat { what: "an event", seat: 9 }),
            (HostMessage::Welcome { seat: 50, rejoin: String::new(), protocol_version: PROTOCOL_VERSION }, OutOfBounds::Seat { what: "the welcome", seat: 50 }),
            (HostMessage::FairCommit { hand: 0, host_commitment: "zz".into() }, OutOfBounds::Hex { what: "the host's commitment" }),
            (
                HostMessage::FairCommitments { hand: 0, commitments: vec![(99, "00".repeat(32))] },
                OutOfBounds::Seat { what: "a commitment", seat: 99 },
            ),
            (
                HostMessage::FairReveal(HandReveal {
                    hand: 0,
                    first_drawer: 0,
                    host_commitment: "00".repeat(32),
                    host_secret: "00".repeat(32),
                    contributions: vec![],
                    seed: "x".into(),
                    actions: vec![(0, Action::Play(many(Card::BigJoker, 300)))],
                }),
                OutOfBounds::Cards { what: "a move", len: 300, max: 108 },
            ),
            (
                HostMessage::Lobby(LobbyState { settings: Settings { players: 200, ..Settings::default() }, seats: vec![], started: false }),
                OutOfBounds::Settings(crate::shengji::game::SettingsError::Players(200)),
            ),
        ];
        let before = (c.view.clone(), c.lobby.clone(), c.seat, c.rejected.clone());
        for (i, (msg, want)) in cases.into_iter().enumerate() {
            assert_eq!(c.try_on(msg.clone()), Err(want.clone()), "case {i}");
            assert!(c.on(msg).is_empty());
            assert_eq!(c.refused.as_ref(), Some(&want));
            assert_eq!((c.view.clone(), c.lobby.clone(), c.seat, c.rejected.clone()), before, "case {i} changed the guest");
        }
        assert_eq!(c.refusals, 15);
    }
}
