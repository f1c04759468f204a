//! A peer table for the net tests, through the public API only: a `Host`, guests that are real
//! `GuestClient`s (every message through the wire encoding) playing with a bot's judgement,
//! and a small fixed-seed random generator for hostile inputs.
#![allow(dead_code)] // each test file uses what it needs

use std::collections::VecDeque;
use tuolaji::dup::TableSeed;
use tuolaji::net::host::{ConnId, FloodConfig, Millis};
use tuolaji::net::protocol::{decode_host, encode_guest, encode_host};
use tuolaji::shengji::bot::{Bot, Difficulty};
use tuolaji::shengji::game::{Game, PhaseName, Settings};

// The net tests play Shengji.
pub type Host = tuolaji::net::host::Host<Game>;
pub type HostConfig = tuolaji::net::host::HostConfig<Game>;
pub type Outgoing = tuolaji::net::host::Outgoing<Game>;
pub type GuestClient = tuolaji::net::guest::GuestClient<Game>;
pub type GuestMessage = tuolaji::net::protocol::GuestMessage<Game>;
pub type HostMessage = tuolaji::net::protocol::HostMessage<Game>;
pub type Refusal = tuolaji::net::host::Refusal<Game>;
pub type Logged = tuolaji::net::host::Logged<Game>;

/// xorshift64*: a tiny generator with a fixed seed, so every run draws the same inputs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform enough below `n` (n > 0) for test inputs.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    pub fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next() as u8).collect()
    }
}

/// One of a handful of mutations of `bytes`: flip, set, insert or delete a byte, cut the end,
/// repeat a slice, or write a huge varint (a length or count prefix gone wild).
pub fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    let at = rng.below(len as u64 + 1) as usize;
    match rng.below(7) {
        0 if len > 0 => bytes[at.min(len - 1)] ^= 1 << rng.below(8),
        1 if len > 0 => bytes[at.min(len - 1)] = rng.next() as u8,
        2 => bytes.insert(at, rng.next() as u8),
        3 if len > 0 => {
            bytes.remove(at.min(len - 1));
        }
        4 => bytes.truncate(at),
        5 if len > 0 => {
            let from = rng.below(len as u64) as usize;
            let to = (from + 1 + rng.below(16) as usize).min(len);
            let piece = bytes[from..to].to_vec();
            bytes.splice(at..at, piece);
        }
        _ => {
            let huge = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
            bytes.splice(at..at, huge[rng.below(10) as usize..].iter().copied());
        }
    }
}

/// Flood control out of the way, for tests about something else.
pub const UNLIMITED: FloodConfig = FloodConfig { burst: u32::MAX, per_second: u32::MAX };

/// A host with `guests` guests (connections 1..=guests, seats 0..guests) and bots elsewhere.
pub struct Session {
    pub host: Host,
    pub clients: Vec<GuestClient>,
    bots: Vec<Bot>,
    pub now: Millis,
    /// Every message the host sent, as bytes.
    pub sent: Vec<Vec<u8>>,
}

impl Session {
    pub fn new(settings: Settings, guests: usize, flood: FloodConfig) -> Session {
        let config = HostConfig { flood, ..HostConfig::thinking_here() };
        let players = settings.players as usize;
        let host = Host::new(settings, [5; 32], config).expect("valid settings");
        let clients = (0..guests).map(|i| GuestClient::new(&format!("g{i}"), [i as u8 + 1; 32], None)).collect();
        let seed = TableSeed::parse("hostile").expect("a seed");
        let bots = (0..players).map(|s| Bot::new(&seed, s, Difficulty::Heuristic)).collect();
        let mut s = Session { host, clients, bots, now: 0, sent: Vec::new() };
        for i in 0..guests {
            let conn = i as ConnId + 1;
            s.host.connect(conn);
            let hello = s.clients[i].hello();
            let out = s.host.receive(conn, &encode_guest(&hello), 0);
            s.deliver(out);
        }
        let out = s.host.fill_with_bots();
        s.deliver(out);
        let out = s.host.start(0).expect("every seat taken");
        s.deliver(out);
        s
    }

    /// Hands the host's messages to the guests (through the wire encoding), and their replies back.
    pub fn deliver(&mut self, out: Vec<Outgoing>) {
        let mut queue: VecDeque<Outgoing> = out.into();
        while let Some((conn, msg)) = queue.pop_front() {
            let bytes = encode_host(&msg);
            let i = conn as usize - 1;
            let msg = decode_host(&bytes).expect("the host's messages decode");
            self.sent.push(bytes);
            for reply in self.clients[i].on(msg) {
                queue.extend(self.host.receive(conn, &encode_guest(&reply), self.now));
            }
        }
    }

    pub fn phase(&self) -> Option<PhaseName> {
        self.host.game().map(|g| g.phase())
    }

    /// One honest move by the guest whose turn it is (a bot's choice); false if none is to move.
    pub fn step(&mut self) -> bool {
        let Some(game) = self.host.game() else { return false };
        if game.phase() == PhaseName::Finished {
            return false;
        }
        let Some(i) = (0..self.clients.len()).find(|&i| {
            let c = &self.clients[i];
            c.view.as_ref().is_some_and(|v| v.to_act.first() == c.seat.as_ref())
        }) else {
            return false;
        };
        let view = self.clients[i].view.clone().expect("a view");
        let action = match self.clients[i].auto_action() {
            Some(draw) => draw,
            None => self.bots[view.seat].suggest(&view).0,
        };
        let msg = self.clients[i].action(action).expect("seated");
        self.send(i, &msg);
        true
    }

    pub fn send(&mut self, i: usize, msg: &GuestMessage) {
        let out = self.host.receive(i as ConnId + 1, &encode_guest(msg), self.now);
        self.deliver(out);
    }

    /// Honest moves until `done` or nobody can move.
    pub fn play_until(&mut self, done: impl Fn(&Session) -> bool) {
        for _ in 0..5_000 {
            if done(self) || !self.step() {
                return;
            }
        }
    }
}
