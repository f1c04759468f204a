//! Shengji at a peer table: its answers to [`PeerGame`] — the settings written whole on the
//! wire, the bounds of a table of 4–10 players and 1–16 decks that every view, event and move a
//! peer sends is checked against, the bots of empty seats, and the facts a guest follows the
//! hand and checks a revealed deal by (when its cards are dealt: after the draw, before the
//! kitty is buried).

use super::check::{len_ok, pieces_ok, seat_ok, seats_ok, text_ok, Checked, OutOfBounds};
use super::game::{Deal, PeerGame};
use crate::cards::{Card, Rank, KINDS};
use crate::dup::TableSeed;
use crate::shengji::bomb::Bombs;
use crate::shengji::bot::Difficulty;
use crate::table::think::Remote;
use crate::shengji::format::TractorRules;
use crate::shengji::game::{
    Action, BidRules, Event, FriendLimits, Game, HandResult, KittyMultiplier, LevelNote, LevelRules, Mode, PhaseName, Seat, SeatView, Settings, Shown,
    ThrowPenaltySetting, TrickRecord,
};
use crate::shengji::rules::{DrawPolicy, ThrowEvaluation, MAX_DECKS};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most players a table has (`Settings::validate`'s bound, checked by a test).
pub const MAX_PLAYERS: usize = 10;
/// The fewest.
pub const MIN_PLAYERS: usize = 4;

impl PeerGame for Game {
    type Limits = Limits;
    type Piece = Card;
    type Bot = Remote<Game>;
    type BotLevel = Difficulty;

    fn serialize_settings<S: Serializer>(settings: &Settings, ser: S) -> Result<S::Ok, S::Error> {
        SettingsOnWire::serialize(settings, ser)
    }
    fn deserialize_settings<'de, D: Deserializer<'de>>(de: D) -> Result<Settings, D::Error> {
        SettingsOnWire::deserialize(de)
    }
    fn limits(settings: Option<&Settings>) -> Limits {
        settings.and_then(Limits::of_settings).unwrap_or(Limits::ANY)
    }
    fn max_seats(limits: Limits) -> usize {
        limits.players
    }
    fn deals(action: &Action) -> Option<Deal> {
        match action {
            Action::NextHand => Some(Deal::Next),
            Action::NextHandFrom(_) => Some(Deal::FromSeed),
            _ => None,
        }
    }
    fn action_ok(action: &Action, limits: Limits) -> Checked {
        action_ok(action, limits)
    }
    fn view_ok(view: &SeatView, limits: Limits) -> Checked {
        view_ok(view, limits)
    }
    fn event_ok(event: &Event, limits: Limits) -> Checked {
        event_ok(event, limits)
    }
    fn bots(seed: &TableSeed, levels: &[Difficulty]) -> Vec<Remote<Game>> {
        crate::shengji::bot::bots_for(seed, levels.len(), levels).into_iter().map(Remote::new).collect()
    }
    fn view_seat(view: &SeatView) -> Seat {
        view.seat
    }
    fn view_hand(view: &SeatView) -> u64 {
        view.hand_number
    }
    fn view_at_start(v: &SeatView) -> bool {
        v.phase == PhaseName::Draw && v.bids.is_empty() && v.hand_sizes.iter().all(|&n| n == 0)
    }
    fn view_over(view: &SeatView) -> bool {
        view.phase == PhaseName::Finished
    }
    fn view_dealt(v: &SeatView) -> Option<Vec<Card>> {
        (v.phase == PhaseName::Exchange && !v.buried).then(|| hand_as_dealt(v, Some(v.seat)))
    }
    fn view_auto_action(v: &SeatView) -> Option<Action> {
        (v.phase == PhaseName::Draw && v.deck_left > 0 && v.to_act.first() == Some(&v.seat)).then_some(Action::Draw)
    }
    fn event_new_hand(event: &Event) -> Option<u64> {
        match event {
            Event::NextHand { hand } => Some(*hand),
            _ => None,
        }
    }
    fn event_name(e: &Event) -> &'static str {
        match e {
            Event::Drew { .. } => "a draw",
            Event::Bid(_) => "a bid",
            Event::BidTakenBack { .. } => "a bid taken back",
            Event::Passed { .. } => "a pass",
            Event::TrumpDecided { .. } => "the trump",
            Event::Buried { .. } => "a bury",
            Event::KittyStolen { .. } => "a stolen kitty",
            Event::FriendsDeclared(_) => "friend calls",
            Event::PlayStarted { .. } => "the start of play",
            Event::Played { .. } => "a play",
            Event::ThrowFailed { .. } => "a failed throw",
            Event::FriendRevealed { .. } => "a friend revealed",
            Event::TookBack { .. } => "a take-back",
            Event::TrickWon { .. } => "a trick won",
            Event::HandFinished(_) => "the hand's result",
            Event::NextHand { .. } => "the next hand",
            Event::GameWon { .. } => "the game won",
        }
    }
    /// Once the draw is over (before the landlord buries).
    fn dealt(&self, seat: Seat) -> Option<Vec<Card>> {
        (self.phase() != PhaseName::Draw && seat < self.players()).then(|| hand_as_dealt(&self.view(seat), Some(seat)))
    }
}

/// The hand `seat` was dealt, from its view when the draw has ended and nothing is buried yet:
/// the landlord's hand then holds the kitty too, which is taken back out.
pub fn hand_as_dealt(v: &SeatView, seat: Option<Seat>) -> Vec<Card> {
    let mut hand = v.hand.clone();
    if v.landlord == seat {
        for k in v.kitty.iter().flatten() {
            if let Some(i) = hand.iter().position(|c| c == k) {
                hand.remove(i);
            }
        }
    }
    hand
}

/// `Settings` field by field: its own serde form skips unset options (for short JSON), which a
/// non-self-describing binary format cannot read back, so the wire always writes every field.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Settings")]
struct SettingsOnWire {
    players: u8,
    decks: Option<u8>,
    kitty: Option<u8>,
    mode: Mode,
    friends: Option<u8>,
    draw_policy: DrawPolicy,
    tractor: TractorRules,
    throw_evaluation: ThrowEvaluation,
    throw_penalty: ThrowPenaltySetting,
    kitty_multiplier: KittyMultiplier,
    reinforce: bool,
    friend_trump_allowed: bool,
    starting_level: Rank,
    take_back: bool,
    friend_limits: FriendLimits,
    levels: LevelRules,
    bidding: BidRules,
    shown: Shown,
    bombs: Bombs,
}


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
    pub fn of_settings(settings: &Settings) -> Option<Limits> {
        settings.validate().ok().map(|r| Limits { players: r.players, decks: r.decks, known: true })
    }

    fn cards(&self) -> usize {
        54 * self.decks
    }
}

/// A card list the decks could hold: no longer than them, no card in more copies than decks.
fn cards_ok(what: &'static str, cards: &[Card], limits: Limits) -> Checked {
    pieces_ok(what, cards, limits.cards(), limits.decks, &mut [0; KINDS], |c| c.id())
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
    // (Seat n is a spectator's: the public view.)
    seat_ok("the view", v.seat, n + 1)?;
    for (what, len) in [("the levels", v.levels.len()), ("the hand sizes", v.hand_sizes.len()), ("the points", v.points.len()), ("the games won", v.games_won.len())] {
        if len != n {
            return Err(OutOfBounds::Length { what, len, max: n });
        }
    }
    if v.hand_sizes.iter().any(|&h| h > l.cards()) || v.deck_left > l.cards() {
        // The largest number, not a sum: a hostile view's sizes could overflow one.
        let len = v.hand_sizes.iter().copied().max().unwrap_or(0).max(v.deck_left);
        return Err(OutOfBounds::Cards { what: "the hand sizes", len, max: l.cards() });
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
    // A note per seat that stopped at a rank, one for the bonus, one for 打J.
    len_ok("the level notes", r.notes.len(), n + 2)?;
    r.notes.iter().try_for_each(|note| match note {
        LevelNote::StoppedAt { seat, .. } => seat_ok("a level note", *seat, n),
        LevelNote::ShortHandedBonus | LevelNote::BackToTwo => Ok(()),
    })?;
    cards_ok("the buried kitty", &r.kitty, l)
}

fn event_ok(e: &Event, l: Limits) -> Checked {
    let n = l.players;
    match e {
        Event::Drew { seat }
        | Event::Passed { seat }
        | Event::BidTakenBack { seat }
        | Event::Buried { landlord: seat }
        | Event::TookBack { seat } => {
            seat_ok("an event", *seat, n)
        }
        Event::PlayStarted { leader } => seat_ok("an event", *leader, n),
        Event::KittyStolen { seat, .. } => seat_ok("a steal", *seat, n),
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

/// A move whose cards the table's decks could hold (what the host checks of a guest's action
/// before the game does: a card list is never counted past the decks).
fn action_ok(a: &Action, l: Limits) -> Checked {
    match a {
        Action::Bury(c) | Action::Play(c) => cards_ok("a move", c, l),
        Action::LeadAs(c, f) => {
            cards_ok("a move", c, l)?;
            len_ok("a lead's format", f.len(), l.cards())
        }
        Action::DeclareFriends(f) => len_ok("a friend call", f.len(), l.players),
        Action::NextHandFrom(s) => text_ok("a seed", s),
        Action::Draw | Action::Bid(..) | Action::Pass | Action::TakeBackBid | Action::TakeBack | Action::NextHand => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::{HandReveal, LobbyState, SeatInfo, PROTOCOL_VERSION};

    type GuestClient = crate::net::guest::GuestClient<Game>;
    type HostMessage = crate::net::protocol::HostMessage<Game>;

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
        let lobby = LobbyState { settings: Settings::default(), seats: vec![SeatInfo::Bot; 4], levels: vec![Difficulty::Heuristic; 4], started: true };
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
            (view(&|v| v.seat = 5), OutOfBounds::Seat { what: "the view", seat: 5 }),
            (view(&|v| v.levels.truncate(3)), OutOfBounds::Length { what: "the levels", len: 3, max: 4 }),
            (view(&|v| v.hand = many(Card::BigJoker, 3)), OutOfBounds::Copies { what: "the hand", card: Card::BigJoker.to_string(), copies: 3 }),
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
                    first_to_act: 0,
                    host_commitment: "00".repeat(32),
                    host_secret: "00".repeat(32),
                    contributions: vec![],
                    seed: "x".into(),
                    actions: vec![(0, Action::Play(many(Card::BigJoker, 300)))],
                }),
                OutOfBounds::Cards { what: "a move", len: 300, max: 108 },
            ),
            (
                HostMessage::Lobby(LobbyState { settings: Settings { players: 200, ..Settings::default() }, seats: vec![], levels: vec![], started: false }),
                OutOfBounds::Settings,
            ),
            (
                HostMessage::Lobby(LobbyState { settings: Settings::default(), seats: vec![SeatInfo::Bot; 4], levels: vec![Difficulty::Expert; 9], started: false }),
                OutOfBounds::Players { players: 9 },
            ),
        ];
        let before = (c.view.clone(), c.lobby.clone(), c.seat, c.rejected.clone());
        for (i, (msg, want)) in cases.into_iter().enumerate() {
            assert_eq!(c.try_on(msg.clone()), Err(want.clone()), "case {i}");
            assert!(c.on(msg).is_empty());
            assert_eq!(c.refused.as_ref(), Some(&want));
            assert_eq!((c.view.clone(), c.lobby.clone(), c.seat, c.rejected.clone()), before, "case {i} changed the guest");
        }
        assert_eq!(c.refusals, 16);
    }
}
