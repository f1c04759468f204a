//! Host tests with simulated guests (real `GuestClient`s playing with a bot's judgement):
//! hostile messages, a full hand with guests and bots,
//! fair-deal verification and no hidden card leaks. Flood control and the
//! version are in `tests/flood.rs`, a dishonest host in `tests/dishonest.rs`, guests who
//! drop, go silent or come back to a reloaded host in `tests/rejoin.rs`.

use super::*;
use crate::cards::Card;
use crate::net::fair;
use crate::net::protocol::{encode_guest, encode_host, SeatInfo};
use crate::shengji::bot::{Bot, Difficulty};
use crate::shengji::game::{Action, Event, Game, PhaseName, SeatView, Settings};
use proptest::prelude::*;

// The host's tests play Shengji, the game with the most to hide (the kitty, the draw).
type Host = super::Host<Game>;
type HostConfig = super::HostConfig<Game>;
type GuestClient = crate::net::guest::GuestClient<Game>;
type GuestMessage = crate::net::protocol::GuestMessage<Game>;
type HostMessage = crate::net::protocol::HostMessage<Game>;
type HandReveal = crate::net::protocol::HandReveal<Game>;
type NotVerified = crate::net::verify::NotVerified<Game>;
type Outgoing = super::Outgoing<Game>;
type Refusal = super::Refusal<Game>;
type Logged = super::Logged<Game>;
type LobbyError = super::LobbyError<Game>;

/// A guest page: the real `GuestClient` (fair-dealing steps, hand logs, the deal's check),
/// playing with a bot's judgement when it is its turn.
struct SimGuest {
    conn: ConnId,
    client: GuestClient,
    /// The client's seat and verdicts, mirrored after every message for the assertions.
    seat: Option<Seat>,
    verified: Vec<Result<(), NotVerified>>,
    rejected: Vec<String>,
    bot: Option<Bot>,
    /// Reveals kept back instead of handed to the client (to check tampered copies).
    hold_reveals: bool,
    held: Vec<HandReveal>,
    /// A test that makes the host send what the guest must refuse (otherwise any refusal fails).
    refusals_allowed: bool,
}

impl SimGuest {
    fn new(conn: ConnId) -> SimGuest {
        let client = GuestClient::new(&format!("g{conn}"), [(conn as u8).wrapping_add(100); 32], None);
        SimGuest { conn, client, seat: None, verified: Vec::new(), rejected: Vec::new(), bot: None, hold_reveals: false, held: Vec::new(), refusals_allowed: false }
    }

    fn hello(&self) -> GuestMessage {
        self.client.hello()
    }

    /// Reacts to one message; returns what it sends back.
    fn on(&mut self, msg: HostMessage) -> Vec<GuestMessage> {
        match &msg {
            // A guest waiting for a seat watches: the public view, one past the last seat.
            HostMessage::View(v) if self.client.waiting => assert_eq!((v.seat, v.hand.len()), (v.players, 0), "a waiting guest got a seat's view"),
            HostMessage::View(v) => assert_eq!(Some(v.seat), self.client.seat, "a guest got another seat's view"),
            HostMessage::Rejected { reason, .. } => self.rejected.push(reason.to_string()),
            HostMessage::FairReveal(r) if self.hold_reveals => {
                self.held.push(r.clone());
                return Vec::new();
            }
            _ => {}
        }
        let replies = self.client.on(msg);
        if !self.refusals_allowed {
            assert_eq!(self.client.refused, None, "the guest refused a message of the host");
        }
        if self.client.seat != self.seat {
            self.seat = self.client.seat;
            self.bot = self.seat.map(|s| Bot::new(&TableSeed::parse("guest").unwrap(), s, Difficulty::Heuristic));
        }
        self.verified = self.client.verdicts.iter().map(|v| v.result.clone()).collect();
        replies
    }

    /// The guest's move if it is its turn.
    fn act(&mut self) -> Option<GuestMessage> {
        let v = self.client.view.as_ref()?;
        let seat = self.seat?;
        if v.phase == PhaseName::Finished || v.to_act.first() != Some(&seat) {
            return None;
        }
        let (action, _) = self.bot.as_mut()?.suggest(v);
        self.client.action(action)
    }

    /// A numbered action outside the bot's play (`NextHand`, or something hostile).
    fn send_action(&mut self, action: Action) -> GuestMessage {
        self.client.action(action).expect("seated")
    }
}

/// A message the host sent: to which connection and seat, the bytes, and the
/// host's view for that seat at that moment.
/// Flood control out of the way of tests about something else (they send everything at one time).
const UNLIMITED: FloodConfig = FloodConfig { burst: u32::MAX, per_second: u32::MAX };

/// A dishonest host's hand on a message on its way to a guest.
type Rewrite = Box<dyn FnMut(&mut HostMessage)>;

type Sent = (ConnId, Option<Seat>, Vec<u8>, Option<SeatView>);

struct Table {
    host: Host,
    guests: Vec<SimGuest>,
    now: Millis,
    /// Every message sent, with the receiving seat and the host's view of it at that moment.
    sent: Vec<Sent>,
    connected: Vec<bool>,
    /// A dishonest host's hand on what reaches the guests (after it is recorded in `sent`).
    rewrite: Option<Rewrite>,
}

impl Table {
    fn new(guests: usize) -> Table {
        Table::with_config(guests, HostConfig { stand_in_after: 1000, fair_timeout: 5000, flood: UNLIMITED, ..HostConfig::thinking_here() })
    }

    fn with_config(guests: usize, config: HostConfig) -> Table {
        let host = Host::new(Settings::default(), [7; 32], config).unwrap();
        let mut t = Table { host, guests: (1..=guests as u64).map(SimGuest::new).collect(), now: 0, sent: Vec::new(), connected: vec![true; guests], rewrite: None };
        for i in 0..guests {
            t.host.connect(t.guests[i].conn);
            let hello = t.guests[i].hello();
            t.send(i, &hello);
        }
        t
    }

    fn deliver(&mut self, out: Vec<Outgoing>) {
        let mut queue: std::collections::VecDeque<Outgoing> = out.into();
        while let Some((conn, mut msg)) = queue.pop_front() {
            let seat = self.host.seat_of(conn);
            // A connection without a seat (a spectator's) is checked against the public view.
            let view = self.host.game().map(|g| match seat {
                Some(s) => g.view(s),
                None => crate::net::game::PeerGame::public_view(g),
            });
            self.sent.push((conn, seat, encode_host(&msg), view));
            let Some(i) = self.guests.iter().position(|g| g.conn == conn) else { continue };
            if !self.connected[i] {
                continue;
            }
            if let Some(rewrite) = &mut self.rewrite {
                rewrite(&mut msg);
            }
            for reply in self.guests[i].on(msg) {
                queue.extend(self.host.receive(conn, &encode_guest(&reply), self.now));
            }
        }
    }

    fn send(&mut self, i: usize, msg: &GuestMessage) {
        let out = self.host.receive(self.guests[i].conn, &encode_guest(msg), self.now);
        self.deliver(out);
    }

    fn send_raw(&mut self, i: usize, bytes: &[u8]) -> Vec<Outgoing> {
        self.host.receive(self.guests[i].conn, bytes, self.now)
    }

    /// Guests take their turns until nobody connected can move; returns the number of moves.
    fn play_until_stuck(&mut self, cap: usize) -> usize {
        let mut moves = 0;
        while moves < cap {
            let mut acted = false;
            for i in 0..self.guests.len() {
                if !self.connected[i] {
                    continue;
                }
                if let Some(m) = self.guests[i].act() {
                    self.send(i, &m);
                    moves += 1;
                    acted = true;
                }
            }
            if !acted {
                break;
            }
        }
        moves
    }

    fn phase(&self) -> Option<PhaseName> {
        self.host.game().map(|g| g.phase())
    }
}

fn started_table(guests: usize) -> Table {
    paced_table(guests, 0, 0)
}

/// A started table whose bots wait `pace` ms before each move and `pause` more after a trick.
fn paced_table(guests: usize, pace: Millis, pause: Millis) -> Table {
    let mut t = Table::new(guests);
    t.host.set_bot_pace(pace, pause);
    t.start();
    t
}

impl Table {
    /// Bots in the empty seats, and the game starts.
    fn start(&mut self) {
        let out = self.host.fill_with_bots();
        self.deliver(out);
        let out = self.host.start(self.now).unwrap();
        self.deliver(out);
    }
}

#[test]
fn guests_are_seated_in_order_and_see_the_lobby() {
    let t = Table::new(2);
    assert_eq!(t.guests[0].seat, Some(0));
    assert_eq!(t.guests[1].seat, Some(1));
    let lobby = t.host.lobby();
    assert!(matches!(&lobby.seats[1], SeatInfo::Guest { name, connected: true, .. } if name == "g2"));
    assert_eq!(lobby.seats[2], SeatInfo::Empty);
    assert!(t.sent.iter().any(|(c, _, m, _)| *c == 1 && matches!(crate::net::protocol::decode_host(m), Ok(HostMessage::Lobby(_)))));
}

#[test]
fn a_full_hand_with_guests_and_bots_ends_and_the_deal_verifies() {
    let mut t = started_table(2);
    assert_eq!(t.phase(), Some(PhaseName::Draw));
    t.play_until_stuck(500);
    assert_eq!(t.phase(), Some(PhaseName::Finished), "log: {:?}", t.host.log());
    for g in &t.guests {
        assert_eq!(g.verified, vec![Ok(())]);
        assert!(g.rejected.is_empty(), "{:?}", g.rejected);
    }
    // The next hand: a new fair round, a new seed, and it verifies too.
    let seed0 = t.host.game().unwrap().seed().clone();
    let m = t.guests[0].send_action(Action::NextHand);
    t.send(0, &m);
    assert_eq!(t.phase(), Some(PhaseName::Draw));
    assert_ne!(t.host.game().unwrap().seed(), &seed0);
    assert_eq!(t.host.game().unwrap().hand_number(), 1);
    t.play_until_stuck(500);
    assert_eq!(t.phase(), Some(PhaseName::Finished));
    for g in &t.guests {
        assert_eq!(g.verified, vec![Ok(()), Ok(())]);
    }
    let seeds = t.host.hand_seeds();
    assert_eq!(seeds.iter().map(|s| s.0).collect::<Vec<_>>(), vec![0, 1]);
    assert_eq!(seeds[1].1, t.host.game().unwrap().seed().as_str());
    assert_eq!(seeds[0].1, seed0.as_str());
}

#[test]
fn paced_bots_wait_their_time_and_longer_after_a_trick() {
    use crate::table::Game as _;
    // One guest and three bots, a bot move 500 ms after the last move and 1500 ms more
    // after a completed trick; bots' turns in the draw (no decision) are not paced.
    let mut t = paced_table(1, 500, 1500);
    let (mut paced, mut after_trick) = (0, 0);
    let (mut seen, mut last_at, mut last_pause) = (0, t.now, false);
    while t.phase() != Some(PhaseName::Finished) && t.now < 2_000_000 {
        t.play_until_stuck(1);
        t.now += 100;
        let out = t.host.tick(t.now);
        t.deliver(out);
        let Some(g) = t.host.game() else { continue };
        for (seat, action) in &g.actions()[seen..] {
            // (Bots bid during the draw on their turn to draw: not paced either.)
            if *seat != 0 && !matches!(action, Action::Draw | Action::Bid(..)) {
                let wait = 500 + if last_pause { 1500 } else { 0 };
                assert!(t.now - last_at >= wait, "{action:?} by seat {seat} after {} ms", t.now - last_at);
                paced += 1;
                after_trick += last_pause as usize;
            }
            last_at = t.now - 100 * (*seat == 0) as u64;
        }
        seen = g.actions().len();
        last_pause = g.pause_point();
    }
    assert_eq!(t.phase(), Some(PhaseName::Finished));
    assert!(paced > 50 && after_trick > 5, "{paced} paced bot moves, {after_trick} after a trick");
}

#[test]
fn a_guest_takes_back_its_play_while_the_paced_bot_has_not_replied() {
    use crate::table::Game as _;
    let mut t = paced_table(1, 600, 1200);
    // Until the guest (seat 0) has played into a trick and the next seat is a bot.
    let played = loop {
        assert!(t.now < 1_000_000 && t.phase() != Some(PhaseName::Finished), "the guest never played");
        let before = t.host.game().unwrap().actions().len();
        t.play_until_stuck(1);
        let g = t.host.game().unwrap();
        if g.actions().len() > before && matches!(g.actions().last(), Some((0, Action::Play(_)))) && !g.pause_point() {
            break g.clone();
        }
        t.now += 100;
        let out = t.host.tick(t.now);
        t.deliver(out);
    };
    let hand_before = t.guests[0].client.view.as_ref().unwrap().hand.clone();
    // 300 ms later the bot has not replied; the take-back is accepted.
    t.now += 300;
    let out = t.host.tick(t.now);
    t.deliver(out);
    assert_eq!(t.host.game().unwrap().actions(), played.actions(), "the bot waited its pace");
    let m = t.guests[0].send_action(Action::TakeBack);
    t.send(0, &m);
    assert!(t.guests[0].rejected.is_empty(), "{:?}", t.guests[0].rejected);
    let view = t.guests[0].client.view.as_ref().unwrap();
    assert!(view.hand.len() > hand_before.len(), "the cards came back to the guest's hand");
    assert_eq!(view.to_act.first(), Some(&0), "and it is the guest's turn again");
}

#[test]
fn a_peer_games_record_replays_alone_to_the_same_state() {
    let mut t = started_table(2);
    t.play_until_stuck(500);
    let m = t.guests[0].send_action(Action::NextHand);
    t.send(0, &m);
    t.play_until_stuck(40);
    let game = t.host.game().unwrap();
    assert_eq!(game.hand_number(), 1);
    let record = game.record();
    let seeds = t.host.hand_seeds();
    assert_eq!(record.seed, seeds[0].1, "the record starts from hand 0's seed");
    assert!(record.actions.contains(&(0, Action::NextHandFrom(seeds[1].1.clone()))), "hand 1's seed is recorded");
    let again = crate::shengji::game::replay(&record).unwrap();
    assert_eq!(again.seed(), game.seed());
    assert_eq!(again.hand_number(), 1);
    for s in 0..4 {
        assert_eq!(again.view(s), game.view(s), "seat {s}");
    }
    // The replay code carries the seeded deal too.
    let code = crate::record::replay_code::encode(&record);
    assert_eq!(crate::record::replay_code::decode::<Game>(&code).unwrap(), record);
}

#[test]
fn a_guest_cannot_choose_the_next_seed() {
    let mut t = started_table(1);
    t.play_until_stuck(500);
    let before = t.host.game().unwrap().record();
    let m = t.guests[0].send_action(Action::NextHandFrom("abc".into()));
    t.send(0, &m);
    assert_eq!(t.host.game().unwrap().record(), before);
    assert!(t.guests[0].rejected.iter().any(|r| r.contains("only the host")), "{:?}", t.guests[0].rejected);
}

#[test]
fn a_tampered_reveal_is_caught_precisely() {
    let mut t = started_table(1);
    t.guests[0].hold_reveals = true;
    t.play_until_stuck(500);
    let reveal = t.guests[0].held.pop().expect("the hand's reveal");
    let client = t.guests[0].client.clone();
    let verdict = |r: HandReveal| {
        let mut c = client.clone();
        c.on(HostMessage::FairReveal(r));
        c.verdicts.pop().expect("a verdict").result
    };
    assert_eq!(verdict(reveal.clone()), Ok(()));
    // Another secret: the commitment fails.
    let bad = HandReveal { host_secret: fair::to_hex(&[9; 32]), ..reveal.clone() };
    assert_eq!(verdict(bad), Err(NotVerified::HostCommitment));
    // The announced seed is not the secrets'.
    let bad = HandReveal { seed: "abc".into(), ..reveal.clone() };
    assert!(matches!(verdict(bad), Err(NotVerified::Seed { .. })));
    // My entropy replaced (and its commitment with it, so both match each other).
    let mut bad = reveal.clone();
    bad.contributions[0].2 = fair::to_hex(&[1; 32]);
    bad.contributions[0].1 = fair::to_hex(&fair::commitment(0, &[1; 32]));
    assert_eq!(verdict(bad), Err(NotVerified::MyContribution));
    // A move of the record changed: the first draw by another seat.
    let mut bad = reveal.clone();
    bad.actions[0].0 = 1;
    assert!(matches!(verdict(bad), Err(NotVerified::ActionRefused { index: 0, seat: 1, .. })));
    // The record cut short.
    let mut bad = reveal.clone();
    bad.actions.pop();
    assert!(matches!(verdict(bad), Err(NotVerified::Unfinished { .. })));
}

#[test]
fn hostile_messages_are_rejected_and_change_nothing() {
    let mut t = started_table(2);
    t.play_until_stuck(3); // a few draws in
    let before = t.host.game().unwrap().record();
    let to_act = t.host.game().unwrap().to_act()[0];
    let other = if to_act == 0 { 1 } else { 0 };
    let newer = format!("protocol version {}", PROTOCOL_VERSION + 1);
    let cases: Vec<(usize, Vec<u8>, &str)> = vec![
        (0, vec![b'x'; MAX_GUEST_MESSAGE_BYTES + 1], "over the limit"),
        // An action cut short.
        (0, encode_guest(&GuestMessage::Action { seq: 103, seat: to_act, action: Action::Draw })[..3].to_vec(), "could not read"),
        // JSON, the old wire format: its first byte '{' is not the protocol version.
        (0, b"{\"v\":1,\"m\":{\"ping\":{\"nonce\":1}}}".to_vec(), "protocol version 123"),
        // A name that is not UTF-8 (a hello: variant 0, a 2-byte string, ...).
        (0, vec![PROTOCOL_VERSION as u8, 0, 2, 0xff, 0xfe, 2, 0], "could not read"),
        (0, vec![PROTOCOL_VERSION as u8 + 1, 2, 1], &newer),
        // Acting for another seat.
        (0, encode_guest(&GuestMessage::Action { seq: 100, seat: 3, action: Action::Draw }), "cannot act for seat 4"),
        // Out of turn.
        (other, encode_guest(&GuestMessage::Action { seq: 101, seat: t.guests[other].seat.unwrap(), action: Action::Draw }), "not seat"),
        // Wrong phase.
        (to_act, encode_guest(&GuestMessage::Action { seq: 102, seat: to_act, action: Action::Play(vec![Card::BigJoker]) }), "during the draw"),
        // 257 copies of one card (a u8 count would wrap to 1): refused before the game counts them.
        (to_act, encode_guest(&GuestMessage::Action { seq: 103, seat: to_act, action: Action::Play(vec![Card::BigJoker; 257]) }), "257 cards"),
        (to_act, encode_guest(&GuestMessage::Action { seq: 104, seat: to_act, action: Action::Play(vec![Card::BigJoker; 3]) }), "3 copies of"),
        // Replayed: a sequence number already used.
        (to_act, encode_guest(&GuestMessage::Action { seq: 1, seat: to_act, action: Action::Draw }), "already received"),
        // A second hello.
        (0, encode_guest(&t.guests[0].hello()), "already said hello"),
        // Fair-dealing messages out of place.
        (0, encode_guest(&GuestMessage::Reveal { hand: 0, entropy: "00".into() }), "no hand is being dealt"),
    ];
    for (i, bytes, expect) in cases {
        let log_len = t.host.log_total();
        let out = t.send_raw(i, &bytes);
        assert_eq!(out.len(), 1, "{expect}: {out:?}");
        let (conn, HostMessage::Rejected { reason, .. }) = &out[0] else { panic!("{expect}: {out:?}") };
        assert_eq!(*conn, t.guests[i].conn);
        // The host logs the whole refusal; the guest is told its typed form.
        assert_eq!(t.host.log_total(), log_len + 1, "rejections are logged");
        let logged = &t.host.log_since(log_len)[0];
        let Logged::Refused(refusal) = &logged.what else { panic!("{expect}: logged {logged:?}") };
        let (told, kept) = (reason.to_string(), refusal.to_string());
        assert!(told.contains(expect) || kept.contains(expect), "{told:?} / {kept:?} should mention {expect:?}");
        assert_eq!(*reason, refusal.wire(), "{expect}");
        assert_eq!(t.host.game().unwrap().record(), before, "{expect}: the state changed");
    }
    // A hello with the wrong protocol version, on a fresh connection.
    t.host.connect(99);
    let out = t.host.receive(99, &encode_guest(&GuestMessage::Hello { name: "x".into(), protocol_version: 1, game: "shengji".into(), rejoin: None }), 0);
    assert!(matches!(&out[0].1, HostMessage::Rejected { reason, .. } if reason.to_string().contains("protocol version 1")));
    // Before hello nothing but ping is accepted; and a late guest gets no seat (it watches).
    let out = t.host.receive(99, &encode_guest(&GuestMessage::Action { seq: 1, seat: 0, action: Action::Draw }), 0);
    assert!(matches!(&out[0].1, HostMessage::Rejected { reason, .. } if reason.to_string().contains("hello")));
    let out = t.host.receive(99, &encode_guest(&GuestMessage::Ping { nonce: 5 }), 0);
    assert_eq!(out, vec![(99, HostMessage::Pong { nonce: 5 })]);
    let out = t.host.receive(99, &encode_guest(&GuestMessage::Hello { name: "x".into(), protocol_version: PROTOCOL_VERSION, game: "shengji".into(), rejoin: Some("forged".into()) }), 0);
    assert_eq!(out[0], (99, HostMessage::Waiting));
    assert_eq!(t.host.seat_of(99), None);
    assert_eq!(t.host.game().unwrap().record(), before);
}

#[test]
fn lobby_operations() {
    let mut t = Table::new(2);
    let out = t.host.move_player(0, 3).unwrap();
    t.deliver(out);
    assert_eq!(t.guests[0].seat, Some(3));
    assert_eq!(t.host.seat_of(1), Some(3));
    assert_eq!(t.host.start(0), Err(LobbyError::EmptySeat(0)));
    let out = t.host.remove_player(1, 0).unwrap();
    t.deliver(out);
    assert_eq!(t.host.seat_of(2), None);
    assert!(t.guests[1].rejected.iter().any(|r| r.contains("gave your seat")));
    assert_eq!(t.host.remove_player(1, 0), Err(LobbyError::NotAGuest(1)));
    let six = Settings { players: 6, ..Settings::default() };
    t.host.set_settings(six).unwrap();
    assert_eq!(t.host.lobby().seats.len(), 6);
    assert!(matches!(t.host.set_settings(Settings { players: 5, ..Settings::default() }), Err(LobbyError::Settings(_))));
    t.host.fill_with_bots();
    let out = t.host.start(0).unwrap();
    t.deliver(out);
    assert_eq!(t.host.move_player(0, 1), Err(LobbyError::Started));
    t.play_until_stuck(1000);
    assert_eq!(t.phase(), Some(PhaseName::Finished));
}

/// Every card in a message, with the card kinds that seat's view (at that moment) shows.
fn cards_in(v: &serde_json::Value, out: &mut Vec<Card>) {
    match v {
        serde_json::Value::String(s) => {
            if let Ok(c) = s.parse::<Card>() {
                out.push(c);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| cards_in(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| cards_in(x, out)),
        _ => {}
    }
}

fn check_no_leaks(t: &Table) {
    for (conn, seat, bytes, view) in &t.sent {
        let (Some(seat), Some(view)) = (seat, view) else { continue };
        // Decoded from the bytes sent, then scanned in its JSON form, where every card is a string.
        let decoded = crate::net::protocol::decode_host::<Game>(bytes).unwrap();
        let msg = serde_json::to_value(&decoded).unwrap();
        let mut shown = Vec::new();
        cards_in(&msg, &mut shown);
        let mut visible = Vec::new();
        cards_in(&serde_json::to_value(view).unwrap(), &mut visible);
        for c in shown {
            assert!(visible.contains(&c), "conn {conn} (seat {seat}) was sent {c} which its view does not show: {msg}");
        }
        if let HostMessage::View(v) = decoded {
            assert_eq!(v.seat, *seat, "conn {conn} was sent seat {}'s view", v.seat);
        }
    }
}

#[test]
fn the_hidden_card_scan_catches_a_leak() {
    // The scan itself must be able to fail: another seat's view sent to seat 0 is caught.
    let mut t = started_table(1);
    t.play_until_stuck(500);
    let other = t.host.game().unwrap().view(1);
    t.sent.push((1, Some(0), encode_host(&HostMessage::View(Box::new(other))), t.host.game().map(|g| g.view(0))));
    assert!(std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check_no_leaks(&t))).is_err());
}

proptest! {
    #![proptest_config(crate::fixed_proptest::config(6))]
    #[test]
    fn no_message_to_a_guest_shows_a_card_it_may_not_see(entropy in any::<[u8; 32]>(), guests in 1usize..4, drop_at in 0usize..60) {
        let mut t = Table::new(0);
        t.host = Host::new(Settings::default(), entropy, HostConfig { stand_in_after: 0, flood: UNLIMITED, ..HostConfig::thinking_here() }).unwrap();
        t.guests = (1..=guests as u64).map(SimGuest::new).collect();
        t.connected = vec![true; guests];
        for i in 0..guests {
            t.host.connect(t.guests[i].conn);
            let hello = t.guests[i].hello();
            t.send(i, &hello);
        }
        t.host.fill_with_bots();
        let out = t.host.start(0).unwrap();
        t.deliver(out);
        t.play_until_stuck(drop_at);
        // One guest drops (a bot stands in at once), then play goes on.
        t.connected[0] = false;
        let out = t.host.disconnect(1, 0);
        t.deliver(out);
        let out = t.host.tick(1);
        t.deliver(out);
        t.play_until_stuck(500);
        prop_assert_eq!(t.phase(), Some(PhaseName::Finished));
        check_no_leaks(&t);
    }
}

#[test]
fn a_message_refused_by_the_transport_is_logged_and_changes_nothing() {
    let mut t = started_table(1);
    let before = t.host.game().unwrap().record();
    let log = t.host.log_total();
    let out = t.host.refuse_oversized(1, 1 << 20);
    assert!(matches!(&out[..], [(1, HostMessage::Rejected { reason, .. })] if reason.to_string().contains("1048576 bytes")));
    assert_eq!(t.host.log_total(), log + 1);
    assert_eq!(t.host.game().unwrap().record(), before);
    assert!(t.host.refuse_oversized(99, 10).is_empty(), "an unknown connection gets nothing");
}

#[test]
fn binary_messages_are_far_smaller_than_their_json() {
    let mut t = started_table(2);
    t.play_until_stuck(500);
    let sizes: Vec<(usize, usize)> = t
        .sent
        .iter()
        .map(|(_, _, bytes, _)| {
            let json = serde_json::to_string(&crate::net::protocol::decode_host::<Game>(bytes).unwrap()).unwrap();
            (bytes.len(), json.len())
        })
        .collect();
    let (bin, json) = sizes.iter().fold((0, 0), |(b, j), (x, y)| (b + x, j + y));
    let largest = sizes.iter().max().unwrap();
    // Figures for docs/net.md: `cargo test --lib binary_messages -- --nocapture`.
    println!("{} host messages: {bin} bytes binary, {json} as JSON; largest {} vs {}", sizes.len(), largest.0, largest.1);
    assert!(bin * 2 < json, "binary {bin} bytes, JSON {json}");
}

mod bots;
mod chat;
mod dishonest;
mod spectator;
mod flood;
mod delta;
mod rejoin;
mod waiting;
