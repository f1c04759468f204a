//! Hostile but well-formed actions sent through `Host::receive`, fixed-seed: 10,000 in each
//! phase of a hand (the draw, the exchange, play mid-trick, the finished hand) from four
//! guests: bids of cards they do not hold, 257 copies of a card held once (a u8 count would
//! wrap to 1), other seats' cards, friend calls out of range, leads read as formats they are
//! not, wrong seats, out of turn, replayed sequence numbers, a deal from a chosen seed, and
//! floods. Nothing panics; every refused message changes nothing (the saved table, the lobby,
//! the version) and costs bounded counted work (one answer, at most one try of the rules, no
//! view built, no bot move); the log stays capped. Counts: docs/net.md §5.

#[path = "support/net_table.rs"]
mod net_table;

use net_table::{GuestMessage, Host, HostMessage, Logged, Refusal, Rng, Session};
use tuolaji::cards::{Card, Rank, Suit};
use tuolaji::net::host::{FloodConfig, LOG_CAPACITY};
use tuolaji::net::protocol::{encode_guest, encode_host};
use tuolaji::shengji::format::Format;
use tuolaji::shengji::game::{Action, Friend, Mode, PhaseName, Settings};

const PER_PHASE: usize = 10_000;

fn card(rng: &mut Rng) -> Card {
    Card::from_id(rng.below(54) as usize).expect("54 cards")
}

fn pick(rng: &mut Rng, cards: &[Card]) -> Card {
    if cards.is_empty() {
        return Card::BigJoker;
    }
    cards[rng.below(cards.len() as u64) as usize]
}

/// Cards a hostile guest might put in a bury or a play.
fn hostile_cards(rng: &mut Rng, own: &[Card], other: &[Card], kitty: usize) -> Vec<Card> {
    let once = own.iter().copied().find(|c| own.iter().filter(|x| *x == c).count() == 1).unwrap_or(Card::BigJoker);
    match rng.below(9) {
        0 => vec![once; 257],
        1 => vec![Card::BigJoker; 3],
        2 => (0..kitty).map(|_| pick(rng, other)).collect(),
        3 => {
            let mut c: Vec<Card> = own.iter().copied().take(kitty.saturating_sub(1)).collect();
            c.push(pick(rng, other));
            c
        }
        4 => own.to_vec(),
        5 => vec![],
        6 => (0..1 + rng.below(60)).map(|_| card(rng)).collect(),
        7 => vec![pick(rng, own)],
        _ => (0..kitty).map(|_| pick(rng, own)).collect(),
    }
}

fn hostile_action(rng: &mut Rng, own: &[Card], other: &[Card], kitty: usize) -> Action {
    match rng.below(11) {
        0 => Action::Draw,
        1 => {
            let c = if rng.chance(2) { Card::new(Rank::Two, Suit::ALL[rng.below(4) as usize]) } else { card(rng) };
            Action::Bid(c, [0, 1, 2, 3, 255][rng.below(5) as usize])
        }
        2 => Action::Pass,
        3 => Action::Bury(hostile_cards(rng, own, other, kitty)),
        4 => Action::DeclareFriends((0..rng.below(4)).map(|_| Friend { card: card(rng), nth: [0, 1, 2, 3, 255][rng.below(5) as usize] }).collect()),
        5 | 6 => Action::Play(hostile_cards(rng, own, other, kitty)),
        7 => {
            let groups: Vec<Vec<u8>> = (0..1 + rng.below(3)).map(|_| (0..1 + rng.below(3)).map(|_| 1 + rng.below(4) as u8).collect()).collect();
            let format = Format::new(groups).expect("non-empty groups");
            Action::LeadAs(hostile_cards(rng, own, other, kitty), format)
        }
        8 => Action::TakeBack,
        9 => Action::NextHand,
        _ => Action::NextHandFrom(["", "abc", "!!", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"][rng.below(4) as usize].into()),
    }
}

#[derive(Debug, Default)]
struct Tally {
    sent: usize,
    refused: usize,
    dropped: usize,
    accepted: usize,
    /// Refusals by kind (the host's typed log entry).
    why: std::collections::BTreeMap<String, usize>,
}

/// 10,000 hostile messages at the table as it is in `s`: after an accepted one (the dice can
/// roll a legal move) the host is put back as it was, so every message meets the same phase.
fn barrage(s: &Session, seed: u64) -> Tally {
    let base: Host = s.host.clone();
    let mut host = base.clone();
    let game = base.game().expect("started");
    let (players, kitty) = (game.players(), game.settings().kitty);
    let hands: Vec<Vec<Card>> = (0..players).map(|p| game.hand(p)).collect();
    let mut rng = Rng::new(seed);
    let mut seq = [1_000u64; 5];
    let mut now = s.now;
    let mut t = Tally::default();
    while t.refused + t.accepted < PER_PHASE {
        // Now and then a flood: the same message 300 times at one instant.
        let burst = if rng.chance(500) { 300 } else { 1 };
        now += 1_000;
        let conn = 1 + rng.below(4);
        let mut flood = None;
        for _ in 0..burst {
            let me = (conn - 1) as usize;
            let seat = match rng.below(10) {
                0 => [4, 9, 255, usize::MAX][rng.below(4) as usize],
                1 => (me + 1 + rng.below(3) as usize) % players,
                _ => me,
            };
            let other = &hands[(me + 1 + rng.below(3) as usize) % players];
            let action = hostile_action(&mut rng, &hands[me], other, kitty);
            let n = match rng.below(20) {
                0 => 0,
                1 => seq[conn as usize] - 1,
                _ => {
                    seq[conn as usize] += 1;
                    seq[conn as usize]
                }
            };
            let bytes = flood.get_or_insert_with(|| encode_guest(&GuestMessage::Action { seq: n, seat, action })).clone();
            let (snap, lobby, version, stats) = (host.snapshot(), host.lobby(), host.version(), host.stats());
            let out = host.receive(conn, &bytes, now);
            t.sent += 1;
            let after = host.stats();
            if host.version() != version {
                t.accepted += 1;
                host = base.clone();
                continue;
            }
            assert_eq!((host.snapshot(), host.lobby()), (snap, lobby), "a refused message changed the table");
            assert!(after.actions_tried - stats.actions_tried <= 1, "at most one try of the rules");
            assert_eq!((after.views, after.bot_moves), (stats.views, stats.bot_moves), "no view built, no bot moved");
            match &out[..] {
                [] => {
                    assert_eq!(after.dropped, stats.dropped + 1, "silence means dropped by flood control");
                    t.dropped += 1;
                }
                [(c, m @ HostMessage::Rejected { .. })] => {
                    assert_eq!(*c, conn);
                    assert!(encode_host(m).len() < 1_024, "a short answer");
                    t.refused += 1;
                    let Some(Logged::Refused(r)) = host.log().last().map(|e| &e.what) else { panic!("not logged") };
                    let kind = match r {
                        Refusal::Rule(e) => format!("Rule::{e:?}"),
                        r => format!("{r:?}"),
                    };
                    let kind: String = kind.chars().take_while(|c| c.is_alphanumeric() || *c == ':').collect();
                    *t.why.entry(kind).or_default() += 1;
                }
                other => panic!("a refused message got {other:?}"),
            }
            assert!(host.log().len() <= LOG_CAPACITY);
        }
    }
    assert_eq!(t.refused + t.dropped + t.accepted, t.sent);
    t
}

/// Four guests (no bots) at the default table, played honestly to `done`.
fn table_at(done: impl Fn(&Session) -> bool) -> Session {
    table_with(Settings::default(), done)
}

fn table_with(settings: Settings, done: impl Fn(&Session) -> bool) -> Session {
    let mut s = Session::new(settings, 4, FloodConfig::default());
    s.play_until(&done);
    assert!(done(&s), "the table did not get there");
    s
}

fn check(name: &str, s: &Session, seed: u64) {
    let t = barrage(s, seed);
    println!("{name}: {t:?}");
    assert!(t.refused + t.accepted >= PER_PHASE && t.refused > PER_PHASE / 2 && t.dropped > 0, "{name}: {t:?}");
}

#[test]
fn hostile_actions_during_the_draw() {
    let s = table_at(|s| s.host.game().is_some_and(|g| g.actions().len() >= 20));
    assert_eq!(s.phase(), Some(PhaseName::Draw));
    check("draw", &s, 1);
}

#[test]
fn hostile_actions_during_the_exchange() {
    let s = table_at(|s| s.phase() == Some(PhaseName::Exchange));
    check("exchange", &s, 2);
}

#[test]
fn hostile_actions_during_the_exchange_finding_friends() {
    let friends = Settings { mode: Mode::Friends, ..Settings::default() };
    let s = table_with(friends, |s| s.phase() == Some(PhaseName::Exchange));
    check("exchange (finding friends)", &s, 5);
}

#[test]
fn hostile_actions_mid_trick() {
    let s = table_at(|s| {
        s.host.game().is_some_and(|g| g.phase() == PhaseName::Play && g.tricks().len() >= 5 && g.view(0).trick.is_some_and(|t| t.plays.len() == 2))
    });
    check("play", &s, 3);
}

#[test]
fn hostile_actions_after_the_hand() {
    let s = table_at(|s| s.phase() == Some(PhaseName::Finished));
    check("finished", &s, 4);
}

/// The rules engine itself, without the host's bound (`net::check::action_ok`): a lead of 257
/// copies of a card the leader holds once. `CardCounts` once counted in a u8, so this panicked
/// in debug builds and wrapped to one copy in release; counts saturate now and it is refused.
#[test]
fn the_engine_refuses_257_copies_of_a_card_held_once() {
    let s = table_at(|s| s.host.game().is_some_and(|g| g.phase() == PhaseName::Play && g.view(0).trick.is_some_and(|t| t.plays.is_empty())));
    let mut game = s.host.game().unwrap().clone();
    let leader = game.to_act()[0];
    let hand = game.hand(leader);
    let once = hand.iter().copied().find(|c| hand.iter().filter(|x| *x == c).count() == 1).expect("a card held once");
    let before = game.record();
    let refused = game.apply(leader, &Action::Play(vec![once; 257]));
    assert!(refused.is_err(), "257 copies of {once} accepted: {refused:?}");
    assert_eq!(game.record(), before);
}
