//! Hostile input for every decoder of peer play, fixed-seed: 100,000 random and 100,000
//! mutated inputs each for signalling codes (`net::signal::decode`), guest → host messages
//! (through `Host::receive`) and host → guest messages (through `decode_host` and
//! `GuestClient::on`). Nothing panics; a refused message changes nothing; the work per input
//! is bounded (at most one answer to a refused message, a capped log, no growth of the guest).
//! Counts and what they cover: docs/net.md §5.

#[path = "support/net_table.rs"]
mod net_table;

use net_table::{mutate, GuestClient, GuestMessage, HostMessage, Rng, Session, UNLIMITED};
use tuolaji::cards::Card;
use tuolaji::net::host::LOG_CAPACITY;
use tuolaji::net::protocol::{decode_host, encode_guest, PROTOCOL_VERSION};
use tuolaji::net::signal::{self, SdpKind};
use tuolaji::shengji::game::{Action, Friend, PhaseName, Settings};

const RANDOM: usize = 100_000;
const MUTATED: usize = 100_000;

fn sdp(candidates: &[&str], setup: &str, ufrag: &str) -> String {
    let mut lines = vec![
        "v=0".to_string(),
        "o=- 4611731400430051336 2 IN IP4 127.0.0.1".into(),
        "s=-".into(),
        "t=0 0".into(),
        "a=group:BUNDLE 0".into(),
        "m=application 54321 UDP/DTLS/SCTP webrtc-datachannel".into(),
        "c=IN IP4 192.168.1.23".into(),
    ];
    lines.extend(candidates.iter().map(|c| c.to_string()));
    lines.extend([
        format!("a=ice-ufrag:{ufrag}"),
        "a=ice-pwd:8Fq1T9wJx2Rz7bVm/0aLpN+E".into(),
        "a=fingerprint:sha-256 3C:4A:1F:9B:02:77:E8:51:C6:0D:AA:93:5E:21:F4:B7:8C:6E:19:D0:45:3A:BF:72:E1:08:96:2D:C5:7F:34:AB".into(),
        format!("a=setup:{setup}"),
        "a=mid:0".into(),
        "a=sctp-port:5000".into(),
        "a=max-message-size:262144".into(),
    ]);
    lines.join("\r\n") + "\r\n"
}

#[test]
fn signalling_codes_survive_random_and_mutated_text() {
    let host4 = "a=candidate:1467250027 1 udp 2122260223 192.168.1.23 54321 typ host generation 0";
    let srflx = "a=candidate:842163049 1 udp 1686052607 203.0.113.7 61234 typ srflx raddr 192.168.1.23 rport 54321 generation 0";
    let mdns = "a=candidate:3442447574 1 udp 2122260223 4ba1ef5c-3d7e-4b2f-9d8e-1c2b3a4d5e6f.local 54321 typ host generation 0";
    let relay = "a=candidate:2157334355 1 udp 41885439 198.51.100.9 3478 typ relay raddr 203.0.113.7 rport 61234 generation 0";
    let mut corpus = Vec::new();
    for (cands, setup) in [(vec![host4], "actpass"), (vec![mdns, srflx], "active"), (vec![host4, srflx, relay], "passive")] {
        let text = sdp(&cands, setup, "Xk3f");
        corpus.push(signal::encode(SdpKind::Offer, &text).unwrap());
        corpus.push(signal::encode(SdpKind::Answer, &text).unwrap());
        corpus.push(signal::encode_full(SdpKind::Offer, &text));
    }
    let alphabet: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').chain(['-', '_']).collect();
    let mut rng = Rng::new(0x5167_6e61_6c21);
    let (mut ok, mut refused) = (0, 0);
    let mut count = |r: Result<(SdpKind, String), signal::SignalError>| match r {
        Ok((_, text)) => {
            assert!(text.len() <= 32 * 1024, "a decoded description over the inflate limit");
            ok += 1;
        }
        Err(_) => refused += 1,
    };
    for i in 0..RANDOM {
        let len = rng.below(if i % 2 == 0 { 64 } else { 400 }) as usize;
        let text: String = (0..len)
            .map(|_| if rng.chance(20) { char::from_u32(rng.below(0x3000) as u32).unwrap_or('?') } else { alphabet[rng.below(64) as usize] })
            .collect();
        // Half of them behind a real tag, so the bytes reach the parsers.
        let text = if i % 2 == 0 { format!("A{}{text}", ["Q", "g"][i % 4 / 2]) } else { text };
        count(signal::decode(&text));
    }
    for _ in 0..MUTATED {
        let mut code = corpus[rng.below(corpus.len() as u64) as usize].clone().into_bytes();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut rng, &mut code);
        }
        count(signal::decode(&String::from_utf8_lossy(&code)));
    }
    assert_eq!(ok + refused, RANDOM + MUTATED);
    println!("signalling codes: {} inputs, {ok} decoded, {refused} refused", RANDOM + MUTATED);
    assert!(refused > (RANDOM + MUTATED) / 2 && ok > 100, "the inputs reach both outcomes ({ok} decoded)");
}

/// Realistic guest messages to mutate.
fn guest_corpus() -> Vec<Vec<u8>> {
    let cards = vec![Card::BigJoker, Card::SmallJoker, "10H".parse().unwrap(), "2S".parse().unwrap()];
    let msgs = vec![
        GuestMessage::Hello { name: "Ana 宝".into(), protocol_version: PROTOCOL_VERSION, game: "shengji".into(), rejoin: Some("0123456789abcdef0123456789abcdef".into()) },
        GuestMessage::Hello { name: String::new(), protocol_version: PROTOCOL_VERSION, game: "shengji".into(), rejoin: None },
        GuestMessage::Action { seq: 7, seat: 0, action: Action::Draw },
        GuestMessage::Action { seq: 300, seat: 1, action: Action::Bid("2S".parse().unwrap(), 2) },
        GuestMessage::Action { seq: 9, seat: 0, action: Action::Bury(cards.clone()) },
        GuestMessage::Action { seq: 10, seat: 0, action: Action::Play(cards.clone()) },
        GuestMessage::Action { seq: 11, seat: 0, action: Action::DeclareFriends(vec![Friend { card: "AH".parse().unwrap(), nth: 1 }]) },
        GuestMessage::Action { seq: 12, seat: 0, action: Action::NextHandFrom("abc".into()) },
        GuestMessage::Action { seq: 13, seat: 0, action: Action::TakeBack },
        GuestMessage::Ping { nonce: u64::MAX },
        GuestMessage::Commit { hand: 0, commitment: "ab".repeat(32) },
        GuestMessage::Reveal { hand: 1, entropy: "cd".repeat(32) },
        GuestMessage::History { from: 0 },
        GuestMessage::Chat { text: "好牌 nice 👍".into() },
    ];
    msgs.iter().map(encode_guest).collect()
}

#[test]
fn guest_messages_survive_random_and_mutated_bytes() {
    let mut s = Session::new(Settings::default(), 2, UNLIMITED);
    s.play_until(|s| s.host.game().is_some_and(|g| g.actions().len() > 30));
    let corpus = guest_corpus();
    let mut rng = Rng::new(0x6775_6573_7421);
    let (mut answered, mut refused, mut changed) = (0, 0, 0);
    for i in 0..RANDOM + MUTATED {
        let bytes = if i < RANDOM {
            let len = rng.below(80) as usize;
            let mut b = rng.bytes(len);
            if !b.is_empty() && rng.chance(2) {
                b[0] = PROTOCOL_VERSION as u8;
            }
            b
        } else {
            let mut b = corpus[rng.below(corpus.len() as u64) as usize].clone();
            for _ in 0..1 + rng.below(3) {
                mutate(&mut rng, &mut b);
            }
            b
        };
        let conn = 1 + rng.below(3);
        let before = (s.host.version(), s.host.game().map(|g| g.actions().len()), s.host.lobby());
        s.now += 1_000;
        let out = s.host.receive(conn, &bytes, s.now);
        if let [(c, HostMessage::Rejected { .. })] = &out[..] {
            assert_eq!(*c, conn);
            let after = (s.host.version(), s.host.game().map(|g| g.actions().len()), s.host.lobby());
            assert_eq!(after, before, "input {i}: a refused message changed the table");
            refused += 1;
        } else if s.host.version() != before.0 {
            changed += 1;
        } else {
            answered += 1;
        }
        assert!(s.host.log().len() <= LOG_CAPACITY);
        // Keep the guests' pages in step with whatever the host accepted.
        s.deliver(out.into_iter().filter(|(c, _)| *c <= 2).collect());
    }
    println!("guest messages: {} inputs, {refused} refused, {changed} accepted with a change, {answered} answered otherwise", RANDOM + MUTATED);
    assert_eq!(refused + changed + answered, RANDOM + MUTATED);
    assert!(refused > RANDOM, "most are refused ({refused})");
    assert!(s.host.log_total() >= refused as u64);
}

#[test]
fn host_messages_survive_random_and_mutated_bytes() {
    // An honest session's messages (two hands, two guests), and guest 0 as it was just before
    // hand 0's reveal, to feed them to.
    let mut s = Session::new(Settings::default(), 2, UNLIMITED);
    s.play_until(|s| s.host.game().is_some_and(|g| g.phase() == PhaseName::Play && g.tricks().len() == 24));
    let before_reveal = s.clients[0].clone();
    s.play_until(|s| s.phase() == Some(PhaseName::Finished));
    assert_eq!(s.clients[0].verdicts.len(), 1);
    let m = s.clients[0].action(Action::NextHand).unwrap();
    s.send(0, &m);
    s.play_until(|s| s.phase() == Some(PhaseName::Finished));
    assert!(s.clients.iter().all(|c| c.verdicts.iter().all(|v| v.result.is_ok()) && c.verdicts.len() == 2));
    let corpus = s.sent.clone();
    let largest = corpus.iter().map(|m| m.len()).max().unwrap();
    let mut rng = Rng::new(0x686f_7374_2121);
    let (mut decoded, mut refused_by_guest, mut verdicts) = (0, 0u64, 0);
    let mut guest = before_reveal.clone();
    for i in 0..RANDOM + MUTATED {
        let bytes = if i < RANDOM {
            let len = rng.below(300) as usize;
            let mut b = rng.bytes(len);
            if !b.is_empty() && rng.chance(2) {
                b[0] = PROTOCOL_VERSION as u8;
            }
            b
        } else {
            let mut b = corpus[rng.below(corpus.len() as u64) as usize].clone();
            for _ in 0..1 + rng.below(3) {
                mutate(&mut rng, &mut b);
            }
            b
        };
        // A fresh copy of the guest now and then, so the inputs meet it in the state of a hand.
        if i % 64 == 0 {
            guest = before_reveal.clone();
        }
        let (refusals, seen) = (guest.refusals, guest.verdicts.len());
        if let Ok(msg) = decode_host(&bytes) {
            decoded += 1;
            let replies = guest.on(msg);
            assert!(replies.len() <= 1, "one answer at most");
            refused_by_guest += guest.refusals - refusals;
            verdicts += guest.verdicts.len() - seen;
        }
        assert!(guest.verdicts.len() <= 64 && guest.view.as_ref().is_none_or(|v| v.players <= 10 && v.decks <= 16));
    }
    println!(
        "host messages: {} inputs (largest corpus message {largest} bytes), {decoded} decoded, {refused_by_guest} of those refused by the guest's checks, {verdicts} verdicts",
        RANDOM + MUTATED
    );
    assert!(decoded > 1_000 && refused_by_guest > 100 && verdicts > 0, "the inputs reach the guest's checks and the deal's check");
    // A fresh guest with no table at all takes them too.
    let mut fresh = GuestClient::new("x", [3; 32], None);
    for m in corpus.iter().filter_map(|b| decode_host(b).ok()) {
        fresh.on(m);
    }
    // Valid-shaped lies: decoded messages with a field changed (players, decks, seats, cards,
    // the hand's record of a reveal...), each to a copy of the guest before the reveal.
    let decoded: Vec<HostMessage> = corpus.iter().map(|b| decode_host(b).unwrap()).collect();
    let reveals: Vec<&HostMessage> = decoded.iter().filter(|m| matches!(m, HostMessage::FairReveal(_))).collect();
    let (mut refused, mut not_verified, mut verified) = (0, 0, 0);
    for i in 0..SHAPED {
        let msg = if i % 8 == 0 { reveals[i / 8 % reveals.len()] } else { &decoded[rng.below(decoded.len() as u64) as usize] };
        let msg = lie(&mut rng, msg.clone());
        let mut g = before_reveal.clone();
        let seen = g.verdicts.len();
        match g.try_on(msg) {
            Err(_) => refused += 1,
            Ok(_) => match g.verdicts.get(seen).map(|v| v.result.is_ok()) {
                Some(true) => verified += 1,
                Some(false) => not_verified += 1,
                None => {}
            },
        }
    }
    println!("valid-shaped host messages: {SHAPED}, {refused} refused by the checks, {not_verified} reveals NOT verified, {verified} verified");
    assert!(refused > SHAPED / 4 && not_verified > SHAPED / 40, "the lies reach both the checks and the deal's check");
}

const SHAPED: usize = 10_000;

/// A number a hostile host might put anywhere.
fn wild(rng: &mut Rng) -> usize {
    [0, 1, 2, 3, 4, 5, 9, 10, 11, 16, 17, 108, 257, 300, usize::MAX / 8, usize::MAX][rng.below(16) as usize]
}

fn some_cards(rng: &mut Rng) -> Vec<Card> {
    let card = Card::from_id(rng.below(54) as usize).unwrap();
    match rng.below(3) {
        0 => vec![card; [1, 3, 257][rng.below(3) as usize]],
        1 => (0..rng.below(40)).map(|_| Card::from_id(rng.below(54) as usize).unwrap()).collect(),
        _ => vec![],
    }
}

/// One field of a host message changed to something a hostile host might say.
fn lie(rng: &mut Rng, msg: HostMessage) -> HostMessage {
    match msg {
        HostMessage::View(mut v) => {
            match rng.below(8) {
                0 => v.players = wild(rng),
                1 => v.decks = wild(rng),
                2 => v.seat = wild(rng),
                3 => v.kitty_size = wild(rng),
                4 => v.hand = some_cards(rng),
                5 => v.to_act = vec![wild(rng)],
                6 => v.levels.truncate(wild(rng)),
                _ => v.tricks.iter_mut().take(1).for_each(|t| t.plays.iter_mut().take(1).for_each(|p| p.0 = wild(rng))),
            }
            HostMessage::View(v)
        }
        HostMessage::FairReveal(mut r) => {
            let n = r.actions.len() as u64;
            match rng.below(8) {
                0 => r.first_to_act = wild(rng),
                1 => drop(r.actions.remove(rng.below(n) as usize)),
                2 => {
                    let a = r.actions[rng.below(n) as usize].clone();
                    r.actions.insert(rng.below(n) as usize, a);
                }
                3 => r.actions[rng.below(n) as usize].0 = wild(rng),
                4 => {
                    let at = rng.below(n) as usize;
                    r.actions[at].1 = Action::Play(some_cards(rng));
                }
                5 => r.actions.swap(rng.below(n) as usize, rng.below(n) as usize),
                6 => r.contributions.iter_mut().for_each(|c| c.0 = wild(rng)),
                _ => r.seed.push('x'),
            }
            HostMessage::FairReveal(r)
        }
        HostMessage::Event(_) => {
            let seat = wild(rng);
            let e = match rng.below(3) {
                0 => tuolaji::shengji::game::Event::Drew { seat },
                1 => tuolaji::shengji::game::Event::Played { seat, cards: some_cards(rng) },
                _ => tuolaji::shengji::game::Event::NextHand { hand: wild(rng) as u64 },
            };
            HostMessage::Event(e)
        }
        HostMessage::Welcome { rejoin, protocol_version, .. } => HostMessage::Welcome { seat: wild(rng), rejoin, protocol_version },
        HostMessage::Lobby(mut l) => {
            l.settings.players = wild(rng) as u8;
            l.settings.decks = Some(wild(rng) as u8);
            HostMessage::Lobby(l)
        }
        other => other,
    }
}
