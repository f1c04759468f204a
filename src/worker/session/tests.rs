//! A host's and guests' tables as their workers hold them, every call and reply through the
//! bytes a page and its worker exchange (`worker::serve`), every message between the pages
//! as WebRTC would carry it.

use super::*;
use crate::dup::TableSeed;
use crate::i18n::Lang;
use crate::net::host::ConnId;
use crate::shengji::bot::{Bot, Difficulty};
use crate::shengji::game::{Game, PhaseName};
use crate::table::think;
use crate::worker::{serve, session_job, session_reply};

/// A page's worker: its session, reached only through bytes.
struct Worker(Session<Game>);

impl Worker {
    fn call(&mut self, call: Call<Game>) -> Reply<Game> {
        let answer = serve(&mut self.0, &session_job(&call), Some(think::work::<Game>));
        session_reply::<Game>(&answer).expect("the worker answers a session call")
    }
    fn host(&mut self, call: HostCall<Game>) -> HostReply<Game> {
        match self.call(Call::Host(call)) {
            Reply::Host(r) => *r,
            _ => panic!("a host's reply"),
        }
    }
    fn guest(&mut self, call: GuestCall<Game>) -> GuestReply<Game> {
        match self.call(Call::Guest(call)) {
            Reply::Guest(r) => *r,
            _ => panic!("a guest's reply"),
        }
    }
}

fn open_host(saved: Option<String>) -> (Worker, HostReply<Game>) {
    let mut w = Worker(Session::None);
    let reply = w.host(HostCall::Open(HostOpen { saved, name: "Host".into(), entropy: [7; 32], page_secret: [8; 32], now: 1 }));
    (w, reply)
}

fn open_guest(name: &str, n: u8) -> Worker {
    let mut w = Worker(Session::None);
    w.guest(GuestCall::Open(GuestOpen { name: name.into(), page_secret: [n; 32], token: None, memory: None, watch: false }));
    w
}

/// The host's table with `guests` seated through invites (connections 1, 2, …), the other
/// seats' bots filled in, started; every message delivered. The guests' pages and what they
/// were last shown.
struct Table {
    host: Worker,
    host_shows: HostTable<Game>,
    guests: Vec<(Worker, ConnId, Option<GuestTable<Game>>)>,
    now: u64,
}

impl Table {
    fn new(guests: usize) -> Table {
        let (host, reply) = open_host(None);
        let mut t = Table { host, host_shows: reply.table.expect("the table shows"), guests: Vec::new(), now: 10 };
        for i in 0..guests {
            let conn = i as ConnId + 1;
            t.host.host(HostCall::Connect(conn));
            let mut g = open_guest(&format!("Guest {i}"), i as u8 + 1);
            let hello = g.guest(GuestCall::Greet);
            t.guests.push((g, conn, None));
            t.deliver_to_host(conn, hello.send, Some(Some(i + 1)));
        }
        let r = t.host.host(HostCall::Lobby(LobbyOp::FillWithBots, t.now));
        t.settle(r);
        let r = t.host.host(HostCall::Lobby(LobbyOp::Start, t.now));
        t.settle(r);
        t
    }

    /// Delivers the host's reply, and every answer it brings, until all is quiet.
    fn settle(&mut self, reply: HostReply<Game>) {
        assert_eq!(reply.refused, None);
        if let Some(shown) = reply.table {
            self.host_shows = shown;
        }
        for (conn, bytes) in reply.send {
            let g = self.guests.iter().position(|(_, c, _)| *c == conn).expect("a guest's connection");
            let r = self.guests[g].0.guest(GuestCall::Received(bytes));
            assert!(r.log.is_empty(), "{:?}", r.log);
            if r.table.is_some() {
                self.guests[g].2 = r.table;
            }
            self.deliver_to_host(conn, r.send, None);
        }
    }

    fn deliver_to_host(&mut self, conn: ConnId, messages: Vec<Vec<u8>>, invited: Option<Option<usize>>) {
        for bytes in messages {
            self.now += 1;
            let reply = self.host.host(HostCall::Received { conn, bytes, now: self.now, invited });
            if invited.is_some() {
                assert_eq!(reply.arrival, Some(Arrival::Seated));
            }
            self.settle(reply);
        }
    }

    /// Plays until the hand ends: the host's and guests' seats with a bot's judgement, the
    /// rest by the host's bots (on its ticks).
    fn play_hand(&mut self) {
        let seed = TableSeed::parse("judgement").unwrap();
        for _ in 0..20_000 {
            self.now += 1;
            if self.host_shows.view.as_ref().is_some_and(|v| v.phase == PhaseName::Finished) {
                return;
            }
            let host_turn = self.host_shows.view.as_ref().filter(|v| must_choose(v));
            if let Some(v) = host_turn.cloned() {
                let action = Bot::new(&seed, v.seat, Difficulty::Heuristic).suggest(&v).0;
                let r = self.host.host(HostCall::Act(action, self.now));
                self.settle(r);
                continue;
            }
            let guest_turn = self.guests.iter().position(|(_, _, shown)| {
                shown.as_ref().and_then(|s| s.view.as_ref()).is_some_and(must_choose)
            });
            if let Some(g) = guest_turn {
                let v = self.guests[g].2.as_ref().and_then(|s| s.view.clone()).unwrap();
                let action = Bot::new(&seed, v.seat, Difficulty::Heuristic).suggest(&v).0;
                let r = self.guests[g].0.guest(GuestCall::Act(action));
                let conn = self.guests[g].1;
                self.deliver_to_host(conn, r.send, None);
                continue;
            }
            // Time passes: draws, bots, the guests' own draws.
            let r = self.host.host(HostCall::Tick(self.now));
            self.settle(r);
            for g in 0..self.guests.len() {
                let r = self.guests[g].0.guest(GuestCall::Tick);
                if r.table.is_some() {
                    self.guests[g].2 = r.table;
                }
                let conn = self.guests[g].1;
                self.deliver_to_host(conn, r.send, None);
            }
        }
        panic!("the hand did not end");
    }
}

/// The seat must choose a move now (the draw's cards come by themselves on the ticks).
fn must_choose(v: &crate::shengji::game::SeatView) -> bool {
    v.to_act.contains(&v.seat) && !(v.phase == PhaseName::Draw && v.deck_left > 0)
}

#[test]
fn a_host_and_two_guests_play_a_hand_through_their_workers_and_the_guests_verify_the_deal() {
    let mut t = Table::new(2);
    assert!(t.host_shows.lobby.started);
    assert_eq!(t.host_shows.seat, Some(0));
    t.play_hand();
    for (_, _, shown) in &t.guests {
        let shown = shown.as_ref().unwrap();
        assert!(shown.seat.is_some());
        assert_eq!(shown.refusal, None);
        let verdict = shown.verdict.as_ref().expect("the guest checked the deal");
        assert_eq!(verdict.problem, None, "{verdict:?}");
        assert_eq!(shown.view.as_ref().unwrap().phase, PhaseName::Finished);
    }
    assert_eq!(t.host_shows.verdict.as_ref().map(|v| v.problem.is_none()), Some(true));
}

#[test]
fn the_host_resumes_its_saved_table_and_an_unreadable_one_is_said_why() {
    let mut t = Table::new(1);
    let r = t.host.host(HostCall::Tick(t.now + 1));
    let saved = r.save.or_else(|| t.host.host(HostCall::StandInAfter(5_000)).save).expect("the started table is saved");
    let (_, reply) = open_host(Some(saved));
    assert!(reply.resumed);
    assert_eq!(reply.restore_error, None);
    let shown = reply.table.unwrap();
    assert!(shown.lobby.started);
    assert_eq!(shown.lobby.seats.len(), 4);
    let (_, broken) = open_host(Some("not a table".into()));
    assert!(!broken.resumed);
    assert!(broken.restore_error.unwrap().starts_with("the saved table could not be read"));
    assert!(!broken.table.unwrap().lobby.started, "a new table instead");
}

#[test]
fn a_lobby_change_that_cannot_be_made_comes_back_phrased_and_changes_nothing() {
    let (mut w, _) = open_host(None);
    let r = w.host(HostCall::Lobby(LobbyOp::Remove(2), 5));
    let why = r.refused.expect("refused");
    assert!(why.get(Lang::En).contains("Seat 3"), "{why:?}");
    assert!(why.get(Lang::Zh).chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{why:?}");
    assert!(r.table.is_none() && r.send.is_empty());
}

#[test]
fn codes_are_made_and_read_in_the_worker_and_calls_before_opening_are_refused() {
    let mut w = Worker(Session::None);
    assert!(matches!(w.call(Call::Decode("AQ$x".into())), Reply::Description(Err(SignalError::BadCharacter { ch: '$', .. }))));
    assert!(matches!(w.call(Call::Host(HostCall::Tick(1))), Reply::NotOpen));
    assert!(matches!(w.call(Call::Guest(GuestCall::Tick)), Reply::NotOpen));
    // A job of another kind goes to the game's thinking; bytes that do not read are refused.
    assert_eq!(serve(&mut w.0, &[think::VERSION, Game::ID, 3, 0xff], None), think::refused());
    assert_eq!(serve(&mut w.0, &[1, 2, 3], None), think::refused());
}

#[test]
fn the_page_shows_the_opening_lobby_its_worker_then_sends() {
    let (_, reply) = open_host(None);
    let opening = crate::net::protocol::LobbyState::<Game>::opening(Default::default(), "Host").unwrap();
    assert_eq!(reply.table.unwrap().lobby, opening);
    assert!(reply.save.is_some(), "a new table is saved at once");
}
