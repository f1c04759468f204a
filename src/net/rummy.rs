//! Rummy at a peer table: its answers to [`PeerGame`] — the settings written whole on the
//! wire, the bounds of a table of 2–6 players and 1–3 decks that every view, event and move a
//! peer sends is checked against, the bots of empty seats, and the facts a guest follows the
//! deal and checks a revealed deal by (its 13 cards, as dealt until it first draws).

use super::check::{len_ok, pieces_ok, seat_ok, seats_ok, text_ok, Checked, OutOfBounds};
use super::game::{Deal, PeerGame};
use crate::dup::TableSeed;
use crate::rummy::bot::{Bot, Difficulty};
use crate::rummy::card::RUMMY_KINDS;
use crate::rummy::game::settings::{MAX_DECKS, MAX_PLAYERS, MIN_PLAYERS};
use crate::rummy::game::{Action, DealResult, Event, Game, PhaseName, Seat, SeatStatus, SeatView, Settings, Variant};
use crate::rummy::{Arrangement, Counted, JokerDrawnRule, RummyCard};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl PeerGame for Game {
    type Limits = Limits;
    type Piece = RummyCard;
    type Bot = Bot;
    type BotLevel = Difficulty;

    fn serialize_settings<S: Serializer>(settings: &Settings, ser: S) -> Result<S::Ok, S::Error> {
        SettingsOnWire::serialize(settings, ser)
    }
    fn deserialize_settings<'de, D: Deserializer<'de>>(de: D) -> Result<Settings, D::Error> {
        SettingsOnWire::deserialize(de)
    }
    fn limits(settings: Option<&Settings>) -> Limits {
        settings.and_then(|s| s.validate().ok()).map_or(Limits::ANY, |r| Limits {
            players: r.players,
            decks: r.rules.decks as usize,
            cards: r.cards(),
            known: true,
        })
    }
    fn max_seats(limits: Limits) -> usize {
        limits.players
    }
    fn deals(action: &Action) -> Option<Deal> {
        match action {
            Action::NextDeal => Some(Deal::Next),
            Action::NextDealFrom(_) => Some(Deal::FromSeed),
            _ => None,
        }
    }
    fn action_ok(action: &Action, l: Limits) -> Checked {
        match action {
            Action::Discard(_) | Action::Drop | Action::DrawStock | Action::TakeDiscard | Action::NextDeal => Ok(()),
            Action::Declare(groups, _) | Action::Show(groups) => groups_ok("an arrangement", groups, l),
            Action::NextDealFrom(seed) => text_ok("a seed", seed),
        }
    }
    fn view_ok(v: &SeatView, limits: Limits) -> Checked {
        view_ok(v, limits)
    }
    fn event_ok(e: &Event, l: Limits) -> Checked {
        let n = l.players;
        match e {
            Event::Dealt { first, .. } => seat_ok("the first player", *first, n),
            Event::Dropped { seat, .. } | Event::DrewStock { seat } | Event::TookDiscard { seat, .. } | Event::Discarded { seat, .. } => {
                seat_ok("an event", *seat, n)
            }
            Event::StockRebuilt { cards, .. } => len_ok("the rebuilt stock", *cards, l.cards),
            Event::WrongDeclaration { seat, arrangement, .. }
            | Event::Declared { seat, arrangement, .. }
            | Event::Showed { seat, arrangement } => {
                seat_ok("an arrangement", *seat, n)?;
                arrangement_ok(arrangement, l)
            }
            Event::DealFinished(r) => result_ok(r, l),
            Event::GameOver { winners } => seats_ok("the game's winners", winners, n),
            Event::NextDeal { .. } => Ok(()),
        }
    }
    fn bots(seed: &TableSeed, levels: &[Difficulty]) -> Vec<Bot> {
        crate::rummy::bot::bots_for(seed, levels.len(), levels)
    }
    fn view_seat(v: &SeatView) -> Seat {
        v.seat
    }
    fn view_hand(v: &SeatView) -> u64 {
        v.deal_number
    }
    fn view_at_start(v: &SeatView) -> bool {
        v.phase == PhaseName::Play && v.turns == 0 && v.pile.len() == 1 && !v.drawn.iter().any(|&d| d)
    }
    fn view_over(v: &SeatView) -> bool {
        v.phase == PhaseName::Finished
    }
    /// The seat's cards until it first draws (or leaves the deal).
    fn view_dealt(v: &SeatView) -> Option<Vec<RummyCard>> {
        let playing = v.status.get(v.seat) == Some(&SeatStatus::Playing);
        let drawn = v.drawn.get(v.seat).copied().unwrap_or(true);
        (v.phase == PhaseName::Play && playing && !drawn).then(|| v.hand.clone())
    }
    fn view_auto_action(_: &SeatView) -> Option<Action> {
        None
    }
    fn event_new_hand(e: &Event) -> Option<u64> {
        match e {
            Event::NextDeal { deal, .. } => Some(*deal),
            _ => None,
        }
    }
    fn event_name(e: &Event) -> &'static str {
        match e {
            Event::Dealt { .. } => "the deal",
            Event::Dropped { .. } => "a drop",
            Event::DrewStock { .. } => "a draw from the stock",
            Event::TookDiscard { .. } => "a discard taken",
            Event::Discarded { .. } => "a discard",
            Event::StockRebuilt { .. } => "the stock rebuilt",
            Event::WrongDeclaration { .. } => "a wrong declaration",
            Event::Declared { .. } => "a declaration",
            Event::Showed { .. } => "a show",
            Event::DealFinished(_) => "the deal's result",
            Event::GameOver { .. } => "the game won",
            Event::NextDeal { .. } => "the next deal",
        }
    }
    /// Right after the deal, before anyone moves.
    fn dealt(&self, seat: Seat) -> Option<Vec<RummyCard>> {
        (seat < self.players()).then(|| self.view(seat)).and_then(|v| Self::view_dealt(&v))
    }
}

/// The bounds of a rummy table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub players: usize,
    pub decks: usize,
    /// Cards in the pack (printed jokers included).
    pub cards: usize,
    /// The lobby fixed them (else they are the largest table's).
    pub known: bool,
}

impl Limits {
    /// Before the lobby: the largest table there is.
    pub const ANY: Limits =
        Limits { players: MAX_PLAYERS as usize, decks: MAX_DECKS as usize, cards: 54 * MAX_DECKS as usize, known: false };
}

/// `Settings` field by field: its own serde form skips unset options (for short JSON), which a
/// non-self-describing binary format cannot read back, so the wire always writes every field.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Settings")]
struct SettingsOnWire {
    players: u8,
    variant: Variant,
    deals: Option<u16>,
    decks: Option<u8>,
    jokers: Option<u8>,
    first_drop: Option<u32>,
    middle_drop: Option<u32>,
    max_points: u32,
    joker_drawn: JokerDrawnRule,
    without_pure_sequence: Counted,
    without_second_sequence: Counted,
    restocks: u8,
}

/// A card list the pack could hold: no longer than it, no card in more copies than it has
/// (a joker: the printed jokers of two per deck at most).
fn cards_ok(what: &'static str, cards: &[RummyCard], l: Limits) -> Checked {
    pieces_ok(what, cards, l.cards, 2 * l.decks, &mut [0; RUMMY_KINDS], |c| c.id())
}

fn groups_ok(what: &'static str, groups: &[Vec<RummyCard>], l: Limits) -> Checked {
    len_ok(what, groups.len(), l.cards)?;
    let all: Vec<RummyCard> = groups.iter().take(l.cards).flatten().take(l.cards + 1).copied().collect();
    cards_ok(what, &all, l)
}

fn arrangement_ok(a: &Arrangement, l: Limits) -> Checked {
    len_ok("an arrangement", a.groups.len(), l.cards)?;
    let mut all: Vec<RummyCard> = a.loose.iter().take(l.cards + 1).copied().collect();
    for g in a.groups.iter() {
        all.extend(g.cards.iter().take(l.cards + 1));
        if all.len() > l.cards {
            break;
        }
    }
    cards_ok("an arrangement", &all, l)
}

fn per_seat(what: &'static str, len: usize, n: usize) -> Checked {
    if len == n {
        Ok(())
    } else {
        Err(OutOfBounds::Length { what, len, max: n })
    }
}

fn arrangements_ok(list: &[Option<Arrangement>], l: Limits) -> Checked {
    per_seat("the arrangements", list.len(), l.players)?;
    list.iter().flatten().try_for_each(|a| arrangement_ok(a, l))
}

fn result_ok(r: &DealResult, l: Limits) -> Checked {
    let n = l.players;
    if let Some(w) = r.winner {
        seat_ok("the deal's winner", w, n)?;
    }
    for (what, len) in [
        ("the standings", r.status.len()),
        ("the points", r.points.len()),
        ("the scores", r.scores.len()),
        ("the totals", r.totals.len()),
        ("the net winnings", r.net.len()),
        ("the seats out", r.out.len()),
    ] {
        per_seat(what, len, n)?;
    }
    arrangements_ok(&r.arrangements, l)?;
    seats_ok("the game's winners", r.game_over.as_deref().unwrap_or_default(), n)
}

fn view_ok(v: &SeatView, limits: Limits) -> Checked {
    let players_ok =
        if limits.known { v.players == limits.players } else { (MIN_PLAYERS as usize..=MAX_PLAYERS as usize).contains(&v.players) };
    if !players_ok {
        return Err(OutOfBounds::Players { players: v.players });
    }
    let l = Limits { players: v.players, ..limits };
    let n = l.players;
    // (Seat n is a spectator's: the public view.)
    seat_ok("the view", v.seat, n + 1)?;
    for (what, len) in [
        ("the hand sizes", v.hand_sizes.len()),
        ("the standings", v.status.len()),
        ("who has drawn", v.drawn.len()),
        ("the totals", v.totals.len()),
        ("the net winnings", v.net.len()),
        ("the seats out", v.out.len()),
        ("the games won", v.games_won.len()),
    ] {
        per_seat(what, len, n)?;
    }
    if v.hand_sizes.iter().any(|&h| h > l.cards) || v.stock > l.cards {
        return Err(OutOfBounds::Cards { what: "the hand sizes", len: v.hand_sizes.iter().sum::<usize>().max(v.stock), max: l.cards });
    }
    cards_ok("the hand", &v.hand, l)?;
    len_ok("the discard pile", v.pile.len(), l.cards)?;
    for p in &v.pile {
        if let Some(s) = p.by {
            seat_ok("a discard", s, n)?;
        }
    }
    len_ok("the cards taken", v.picked.len(), l.cards)?;
    v.picked.iter().try_for_each(|(s, _)| seat_ok("a card taken", *s, n))?;
    seat_ok("the first player", v.first, n)?;
    seat_ok("whose turn it is", v.turn, n)?;
    seats_ok("whose turn it is", &v.to_act, n)?;
    if let Some(d) = v.declarer {
        seat_ok("the declarer", d, n)?;
    }
    arrangements_ok(&v.arrangements, l)?;
    if let Some(r) = &v.result {
        result_ok(r, l)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::testkit::play_with_guests;
    use crate::net::protocol::{decode_host, encode_guest, encode_host, Refused, PROTOCOL_VERSION};
    use crate::net::verify::NotVerified;
    use crate::table::Game as _;

    type Host = crate::net::host::Host<Game>;
    type HostConfig = crate::net::host::HostConfig<Game>;
    type GuestClient = crate::net::guest::GuestClient<Game>;
    type GuestMessage = crate::net::protocol::GuestMessage<Game>;
    type HostMessage = crate::net::protocol::HostMessage<Game>;

    /// A rummy host with `n` guests (conn 1..=n) and bots in the other seats, every message
    /// through the wire encoding; guests play with a bot's judgement. Returns after `deals`
    /// deals or when nobody can move.
    fn play(settings: Settings, n: usize, deals: u64) -> (Host, Vec<GuestClient>) {
        play_with_guests(settings, n, deals, "r", |seed| -> Vec<Bot> { crate::rummy::bot::bots_for(seed, 6, &[Difficulty::Heuristic]) })
    }

    #[test]
    fn guests_play_rummy_deals_and_verify_each() {
        let settings = Settings { players: 4, ..Settings::default() };
        let (host, clients) = play(settings, 2, 3);
        let game = host.game().unwrap();
        assert!(game.hand_over() && game.hand_number() == 2, "three deals played");
        assert_eq!(host.log(), &[], "nothing refused, no bot mistake");
        for c in &clients {
            assert!(c.rejected.is_none(), "{:?}", c.rejected);
            let results: Vec<_> = c.verdicts.iter().map(|v| (v.hand, v.result.clone())).collect();
            assert_eq!(results, [(0, Ok(())), (1, Ok(())), (2, Ok(()))]);
            assert_eq!(c.verdicts[2].seed, host.hand_seeds()[2].1);
        }
    }

    #[test]
    fn a_lie_about_the_deal_is_caught() {
        let (host, clients) = play(Settings { players: 3, ..Settings::default() }, 1, 1);
        assert!(host.game().unwrap().hand_over());
        assert_eq!(clients[0].verdicts[0].result, Ok(()), "the honest reveal verifies");
        // The same page after a reload (its memory: the round it took part in) is sent the
        // reveal with the first move given to another seat: its replay refuses that move.
        let Some(HostMessage::FairReveal(mut r)) = host.reveal_message(0) else { panic!("the hand's reveal") };
        let (seat, _) = r.actions[0];
        r.actions[0].0 = (seat + 1) % 3;
        let mut page = GuestClient::resume("again", &clients[0].memory(), clients[0].token.clone());
        page.on(HostMessage::Welcome { seat: clients[0].seat.unwrap(), rejoin: String::new(), protocol_version: PROTOCOL_VERSION });
        page.on(HostMessage::Lobby(host.lobby()));
        page.on(HostMessage::FairReveal(r));
        let verdict = &page.verdicts[0].result;
        assert!(matches!(verdict, Err(NotVerified::ActionRefused { index: 0, .. })), "{verdict:?}");
    }

    #[test]
    fn a_guest_of_another_game_is_told_which_game_this_table_plays() {
        let mut host = Host::new(Settings::default(), [1; 32], HostConfig::default()).unwrap();
        host.connect(1);
        let hello = GuestMessage::Hello { name: "a".into(), protocol_version: PROTOCOL_VERSION, game: "shengji".into(), rejoin: None };
        let out = host.receive(1, &encode_guest(&hello), 0);
        assert!(matches!(&out[..], [(1, HostMessage::Rejected { reason: Refused::OtherGame { table }, .. })] if table == "rummy"), "{out:?}");
        assert_eq!(host.lobby().seats[0], crate::net::protocol::SeatInfo::Empty, "nobody was seated");
    }

    #[test]
    fn a_hostile_rummy_host_cannot_move_a_guest() {
        let (host, mut clients) = play(Settings { players: 2, ..Settings::default() }, 1, 1);
        let c = &mut clients[0];
        let good = host.game().unwrap().view(0);
        let before = (c.view.clone(), c.refusals);
        let lie = |f: &dyn Fn(&mut SeatView)| {
            let mut v = good.clone();
            f(&mut v);
            HostMessage::View(Box::new(v))
        };
        let cases: Vec<(HostMessage, OutOfBounds)> = vec![
            (lie(&|v| v.players = 9), OutOfBounds::Players { players: 9 }),
            (lie(&|v| v.seat = 5), OutOfBounds::Seat { what: "the view", seat: 5 }),
            (lie(&|v| v.hand = vec![RummyCard::Joker; 500]), OutOfBounds::Cards { what: "the hand", len: 500, max: 106 }),
            (lie(&|v| v.totals.push(1)), OutOfBounds::Length { what: "the totals", len: 3, max: 2 }),
            (lie(&|v| v.turn = usize::MAX), OutOfBounds::Seat { what: "whose turn it is", seat: usize::MAX }),
            (HostMessage::Event(Event::DrewStock { seat: 7 }), OutOfBounds::Seat { what: "an event", seat: 7 }),
        ];
        for (i, (msg, want)) in cases.into_iter().enumerate() {
            assert_eq!(c.try_on(msg), Err(want), "case {i}");
        }
        assert_eq!((c.view.clone(), c.refusals), before, "nothing changed");
    }

    #[test]
    fn settings_travel_whole() {
        let s = Settings { players: 5, decks: Some(3), jokers: Some(1), variant: Variant::Pool101, deals: None, ..Settings::default() };
        let host = Host::new(s.clone(), [2; 32], HostConfig::default()).unwrap();
        let m = HostMessage::Lobby(host.lobby());
        let back: HostMessage = decode_host(&encode_host(&m)).unwrap();
        assert_eq!(back, m);
        let HostMessage::Lobby(l) = back else { unreachable!() };
        assert_eq!(l.settings, s);
    }
}
