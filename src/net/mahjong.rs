//! Sichuan mahjong at a peer table: its answers to [`PeerGame`] — four seats and 108 suited
//! tiles, the bounds every view, event and move a peer sends is checked against (no honour,
//! no fifth copy, no list longer than the wall), the bots of empty seats, and the facts a
//! guest checks a revealed deal by (its tiles as dealt, until the exchange moves them).

use super::check::{len_ok, pieces_ok, seat_ok, text_ok, Checked, OutOfBounds};
use super::game::{Deal, PeerGame};
use crate::dup::TableSeed;
use crate::mahjong::game::bot::{bots_for, Bot, Difficulty};
use crate::mahjong::game::deal::HAND;
use crate::mahjong::game::settings::WILD_TILE;
use crate::mahjong::game::view::SeatView;
use crate::mahjong::game::{Action, Event, Game, HandResult, Payment, PhaseName, Seat, Settings, WinRecord, PLAYERS};
use crate::mahjong::Tile;

/// Tiles in the Sichuan set, with the four red dragons a table may play as wildcards.
const TILES: usize = 112;
/// Payments a hand can make: every win, kong and settlement line between four seats, with
/// room — under 血流成河 a seat may win on every tile it draws (three payers each, and a
/// 呼叫转移), so at most about four payments per tile.
const MAX_PAYMENTS: usize = 4 * TILES + 64;
/// Wins a hand can hold: three under 血战到底; under 血流成河 at most three per tile drawn.
const MAX_WINS: usize = 3 * TILES;

/// The most wins a hand of these settings holds.
fn max_wins(s: &Settings) -> usize {
    if s.winners_play_on() {
        MAX_WINS
    } else {
        PLAYERS - 1
    }
}

impl PeerGame for Game {
    /// A Sichuan table has one size: nothing to bound but what every table shares.
    type Limits = ();
    type Piece = Tile;
    type Bot = Bot;
    type BotLevel = Difficulty;

    fn limits(_: Option<&Settings>) {}
    fn max_seats(_: ()) -> usize {
        PLAYERS
    }
    fn deals(action: &Action) -> Option<Deal> {
        match action {
            Action::NextHand => Some(Deal::Next),
            Action::NextHandFrom(_) => Some(Deal::FromSeed),
            _ => None,
        }
    }
    fn action_ok(action: &Action, _: ()) -> Checked {
        match action {
            Action::Exchange(tiles) => tiles_ok("the exchanged tiles", tiles),
            Action::Discard(t) | Action::Kong(t) => tiles_ok("a move", &[*t]),
            Action::Void(_) | Action::Win | Action::Pung | Action::Pass | Action::NextHand => Ok(()),
            Action::NextHandFrom(seed) => text_ok("a seed", seed),
        }
    }
    fn view_ok(v: &SeatView, _: ()) -> Checked {
        view_ok(v)
    }
    fn event_ok(e: &Event, _: ()) -> Checked {
        let n = PLAYERS;
        match e {
            Event::Dealt { dealer, .. } => seat_ok("the dealer", *dealer, n),
            Event::ChoseExchange { seat } | Event::ChoseVoid { seat } | Event::Drew { seat, .. } | Event::KongRobbed { seat, .. } => {
                seat_ok("an event", *seat, n)
            }
            Event::Discarded { seat, tile } => {
                seat_ok("a discard", *seat, n)?;
                tiles_ok("a discard", &[*tile])
            }
            Event::Punged { seat, from, .. } => {
                seat_ok("a pung", *seat, n)?;
                seat_ok("a pung", *from, n)
            }
            Event::Konged { seat, from, .. } => {
                seat_ok("a kong", *seat, n)?;
                from.map_or(Ok(()), |f| seat_ok("a kong", f, n))
            }
            Event::Voids { voids } => len_ok("the void suits", voids.len(), n),
            Event::Won(w) => win_ok(w),
            Event::Paid(p) => payment_ok(p),
            Event::HandFinished(r) => result_ok(r, MAX_WINS),
            Event::Exchanged { .. } | Event::ClaimsOpen { .. } | Event::NextHand { .. } => Ok(()),
        }
    }
    fn bots(seed: &TableSeed, levels: &[Difficulty]) -> Vec<Bot> {
        bots_for(seed, levels.len(), levels)
    }
    fn view_seat(v: &SeatView) -> Seat {
        v.seat
    }
    fn view_hand(v: &SeatView) -> u64 {
        v.hand_number
    }
    fn view_at_start(v: &SeatView) -> bool {
        Self::view_dealt(v).is_some() && !v.chosen.iter().any(|&c| c)
    }
    fn view_over(v: &SeatView) -> bool {
        v.phase == PhaseName::Finished
    }
    /// The seat's tiles as dealt: until the exchange moves them (or, without an exchange,
    /// until the first turn).
    fn view_dealt(v: &SeatView) -> Option<Vec<Tile>> {
        let untouched = match v.phase {
            PhaseName::Exchange => true,
            PhaseName::Void => !v.settings.exchange,
            _ => false,
        };
        (untouched && v.seat < PLAYERS && v.turns == 0).then(|| {
            let mut tiles = v.hand.clone();
            tiles.extend(v.drawn);
            crate::small_sort::sort(&mut tiles);
            tiles
        })
    }
    fn view_auto_action(_: &SeatView) -> Option<Action> {
        None
    }
    fn event_new_hand(e: &Event) -> Option<u64> {
        match e {
            Event::NextHand { hand } => Some(*hand),
            _ => None,
        }
    }
    fn event_name(e: &Event) -> &'static str {
        match e {
            Event::Dealt { .. } => "the deal",
            Event::ChoseExchange { .. } => "an exchange chosen",
            Event::Exchanged { .. } => "the exchange",
            Event::ChoseVoid { .. } => "a void suit chosen",
            Event::Voids { .. } => "the void suits",
            Event::Drew { .. } => "a draw",
            Event::Discarded { .. } => "a discard",
            Event::ClaimsOpen { .. } => "a claim window",
            Event::Punged { .. } => "a pung",
            Event::Konged { .. } => "a kong",
            Event::KongRobbed { .. } => "a robbed kong",
            Event::Won(_) => "a win",
            Event::Paid(_) => "a payment",
            Event::HandFinished(_) => "the hand's result",
            Event::NextHand { .. } => "the next hand",
        }
    }
    fn dealt(&self, seat: Seat) -> Option<Vec<Tile>> {
        (seat < PLAYERS).then(|| self.view(seat)).and_then(|v| Self::view_dealt(&v))
    }
}

/// Suited tiles and the red dragon (a wildcard table's), never more copies of one than
/// the set holds, never more than the set.
fn tiles_ok(what: &'static str, tiles: &[Tile]) -> Checked {
    if let Some(t) = tiles.iter().find(|&&t| t.is_honour() && t != WILD_TILE) {
        return Err(OutOfBounds::NotPlayed { what, piece: t.to_string() });
    }
    pieces_ok(what, tiles, TILES, 4, &mut [0; crate::mahjong::KINDS], |t| t.id() as usize)
}

fn per_seat(what: &'static str, len: usize) -> Checked {
    if len == PLAYERS {
        Ok(())
    } else {
        Err(OutOfBounds::Length { what, len, max: PLAYERS })
    }
}

fn win_ok(w: &WinRecord) -> Checked {
    seat_ok("a win", w.seat, PLAYERS)?;
    w.from.map_or(Ok(()), |f| seat_ok("a win", f, PLAYERS))?;
    tiles_ok("a winning hand", &w.hand)?;
    len_ok("a winning hand", w.hand.len(), HAND + 1)?;
    len_ok("a winner's sets", w.sets.len(), 4)?;
    len_ok("a win's fan items", w.items.len(), 16)
}

fn payment_ok(p: &Payment) -> Checked {
    seat_ok("a payment", p.from, PLAYERS)?;
    seat_ok("a payment", p.to, PLAYERS)
}

/// A hand's result, with at most `max_wins` wins.
fn result_ok(r: &HandResult, max_wins: usize) -> Checked {
    for (what, len) in [("the scores", r.scores.len()), ("who was ready", r.ready.len()), ("the flower pigs", r.pigs.len()), ("the hands", r.hands.len())] {
        per_seat(what, len)?;
    }
    len_ok("the wins", r.wins.len(), max_wins)?;
    r.wins.iter().try_for_each(win_ok)?;
    len_ok("the payments", r.payments.len(), MAX_PAYMENTS)?;
    r.payments.iter().try_for_each(payment_ok)?;
    r.hands.iter().try_for_each(|h| {
        len_ok("a hand", h.len(), HAND + 1)?;
        tiles_ok("a hand", h)
    })?;
    seat_ok("the next dealer", r.next_dealer, PLAYERS)
}

fn view_ok(v: &SeatView) -> Checked {
    if v.players != PLAYERS {
        return Err(OutOfBounds::Players { players: v.players });
    }
    // (Seat 4 is a spectator's: the public view.)
    seat_ok("the view", v.seat, PLAYERS + 1)?;
    for (what, len) in [
        ("the hand sizes", v.hand_sizes.len()),
        ("the sets", v.sets.len()),
        ("the discards", v.rivers.len()),
        ("the void suits", v.voids.len()),
        ("who has chosen", v.chosen.len()),
        ("the scores", v.scores.len()),
        ("the totals", v.totals.len()),
    ] {
        per_seat(what, len)?;
    }
    let mut hand = v.hand.clone();
    hand.extend(v.drawn);
    len_ok("the hand", hand.len(), HAND + 1)?;
    tiles_ok("the hand", &hand)?;
    if v.hand_sizes.iter().any(|&h| h > HAND + 1) || v.wall > TILES || v.own_wall > TILES {
        return Err(OutOfBounds::Cards { what: "the hand sizes", len: v.hand_sizes.iter().sum::<usize>().max(v.wall), max: TILES });
    }
    for sets in &v.sets {
        len_ok("a seat's sets", sets.len(), 4)?;
        for s in sets {
            if let Some(t) = s.tile {
                tiles_ok("a set", &[t])?;
            }
            s.from.map_or(Ok(()), |f| seat_ok("a set", f, PLAYERS))?;
        }
    }
    let river: Vec<Tile> = v.rivers.iter().flatten().map(|r| r.tile).collect();
    tiles_ok("the discards", &river)?;
    seat_ok("the dealer", v.dealer, PLAYERS)?;
    v.turn.map_or(Ok(()), |s| seat_ok("whose turn it is", s, PLAYERS))?;
    v.offered.map_or(Ok(()), |(s, t)| {
        seat_ok("the tile offered", s, PLAYERS)?;
        tiles_ok("the tile offered", &[t])
    })?;
    v.claim.map_or(Ok(()), |c| {
        seat_ok("a claim", c.from, PLAYERS)?;
        tiles_ok("a claim", &[c.tile])
    })?;
    for three in [v.gave, v.got].into_iter().flatten() {
        tiles_ok("the exchanged tiles", &three)?;
    }
    len_ok("your kongs", v.kongs.len(), 4)?;
    tiles_ok("your kongs", &v.kongs)?;
    len_ok("the wins", v.wins.len(), max_wins(&v.settings))?;
    v.wins.iter().try_for_each(win_ok)?;
    len_ok("the payments", v.payments.len(), MAX_PAYMENTS)?;
    v.payments.iter().try_for_each(payment_ok)?;
    v.result.as_ref().map_or(Ok(()), |r| result_ok(r, max_wins(&v.settings)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::{decode_host, encode_host};
    use crate::net::testkit::play_with_guests;

    type Host = crate::net::host::Host<Game>;
    type GuestClient = crate::net::guest::GuestClient<Game>;
    type HostMessage = crate::net::protocol::HostMessage<Game>;

    /// A mahjong host with `n` guests (conn 1..=n) and bots in the other seats, every message
    /// through the wire encoding; guests play with a bot's judgement, claims included.
    fn play(n: usize, hands: u64) -> (Host, Vec<GuestClient>) {
        play_at(Settings::default(), n, hands)
    }

    fn play_at(settings: Settings, n: usize, hands: u64) -> (Host, Vec<GuestClient>) {
        play_with_guests(settings, n, hands, "m", |seed| bots_for(seed, PLAYERS, &[Difficulty::Advice]))
    }

    #[test]
    fn guests_play_sichuan_hands_claims_included_and_verify_each() {
        let (host, clients) = play(2, 2);
        let game = host.game().unwrap();
        assert!(game.hand_over() && game.hand_number() == 1, "two hands played");
        assert_eq!(host.log(), &[], "nothing refused, no bot mistake");
        for c in &clients {
            assert!(c.rejected.is_none(), "{:?}", c.rejected);
            let results: Vec<_> = c.verdicts.iter().map(|v| (v.hand, v.result.clone())).collect();
            assert_eq!(results, [(0, Ok(())), (1, Ok(()))]);
        }
    }

    /// The settlement options cross the wire with the lobby's settings; under 血流成河 a hand
    /// holds more wins than seats, and every view of it still reads back whole and passes
    /// the guests' bounds.
    #[test]
    fn guests_play_blood_river_hands_with_every_option_on() {
        use crate::mahjong::game::{HandEnd, SelfDrawnBonus};
        let settings = Settings { hand_end: HandEnd::BloodRiver, kong_transfer: true, self_drawn: SelfDrawnBonus::Base, ..Settings::default() };
        let (host, clients) = play_at(settings, 2, 2);
        let game = host.game().unwrap();
        assert!(game.hand_over() && game.hand_number() == 1, "two hands played");
        assert_eq!(host.log(), &[], "nothing refused, no bot mistake");
        for c in &clients {
            assert!(c.rejected.is_none(), "{:?}", c.rejected);
            assert_eq!(c.view.as_ref().unwrap().settings, settings);
            assert_eq!(c.verdicts.iter().map(|v| v.result.clone()).collect::<Vec<_>>(), [Ok(()), Ok(())]);
        }
        let r = game.result().unwrap();
        assert!(r.exhausted && r.wins.len() > PLAYERS, "more wins than seats: {}", r.wins.len());
        for seat in 0..=PLAYERS {
            let m = HostMessage::View(Box::new(game.view(seat)));
            assert_eq!(decode_host(&encode_host(&m)).unwrap(), m, "seat {seat}");
            let HostMessage::View(v) = &m else { unreachable!() };
            assert_eq!(view_ok(v), Ok(()));
        }
    }

    #[test]
    fn a_hostile_mahjong_host_cannot_move_a_guest() {
        let (host, mut clients) = play(1, 1);
        let c = &mut clients[0];
        let good = host.game().unwrap().view(0);
        let before = (c.view.clone(), c.refusals);
        let lie = |f: &dyn Fn(&mut SeatView)| {
            let mut v = good.clone();
            f(&mut v);
            HostMessage::View(Box::new(v))
        };
        let five = Tile::parse("5m").unwrap();
        let cases: Vec<(HostMessage, OutOfBounds)> = vec![
            (lie(&|v| v.players = 9), OutOfBounds::Players { players: 9 }),
            (lie(&|v| v.seat = 5), OutOfBounds::Seat { what: "the view", seat: 5 }),
            (lie(&|v| v.hand = vec![five; 20]), OutOfBounds::Length { what: "the hand", len: 20 + v_drawn(&good), max: 14 }),
            (lie(&|v| v.hand = vec![Tile::parse("1z").unwrap()]), OutOfBounds::NotPlayed { what: "the hand", piece: "1z".into() }),
            (lie(&|v| v.totals.push(1)), OutOfBounds::Length { what: "the totals", len: 5, max: 4 }),
            (lie(&|v| v.turn = Some(usize::MAX)), OutOfBounds::Seat { what: "whose turn it is", seat: usize::MAX }),
            (HostMessage::Event(Event::Drew { seat: 7, after_kong: false }), OutOfBounds::Seat { what: "an event", seat: 7 }),
        ];
        for (i, (msg, want)) in cases.into_iter().enumerate() {
            assert_eq!(c.try_on(msg), Err(want), "case {i}");
        }
        assert_eq!((c.view.clone(), c.refusals), before, "nothing changed");
    }

    fn v_drawn(v: &SeatView) -> usize {
        v.drawn.is_some() as usize
    }
}
