//! Flood control and "did anything change": a guest sending faster than the limit is dropped
//! unread and told once; the log keeps the last entries; pings, refusals and quiet ticks leave
//! `Host::version` alone while every real change moves it.

use super::*;

fn host_with_one_connection() -> Host {
    let mut host = Host::new(Settings::default(), [1; 32], HostConfig::thinking_here()).unwrap();
    host.connect(1);
    host
}

fn ping(nonce: u64) -> Vec<u8> {
    encode_guest(&GuestMessage::Ping { nonce })
}

/// (pongs, refusals, silent drops) in the answers to `n` pings sent at `now`.
fn ping_burst(host: &mut Host, n: u64, now: Millis) -> (usize, usize, usize) {
    let mut counts = (0, 0, 0);
    for i in 0..n {
        match &host.receive(1, &ping(i), now)[..] {
            [(1, HostMessage::Pong { nonce })] if *nonce == i => counts.0 += 1,
            [(1, HostMessage::Rejected { reason: crate::net::protocol::Refused::Flooding { .. }, seq: None })] => counts.1 += 1,
            [] => counts.2 += 1,
            other => panic!("unexpected answer {other:?}"),
        }
    }
    counts
}

#[test]
fn a_flood_of_pings_is_dropped_unread_and_told_once() {
    let mut host = host_with_one_connection();
    let burst = FloodConfig::default().burst as usize;
    // 10,000 pings at once, before any hello: the burst is answered, one notice, the rest dropped.
    assert_eq!(ping_burst(&mut host, 10_000, 5_000), (burst, 1, 10_000 - burst - 1));
    let s = host.stats();
    assert_eq!((s.received, s.dropped, s.refused), (10_000, 10_000 - burst as u64, 1));
    assert_eq!(host.log_total(), 1, "one log entry for the whole flood");
    assert_eq!(host.log()[0].what, Logged::Refused(Refusal::Flooding { per_second: 32 }));
    assert_eq!(host.version(), 0, "nothing changed");
    // A second later the steady rate is back (32 a second), and a new burst is told once more.
    assert_eq!(ping_burst(&mut host, 100, 6_000), (32, 1, 67));
    // A transport-refused message counts too, without refilling the bucket.
    assert!(host.refuse_oversized(1, 1 << 20).is_empty());
    // Messages from an unknown connection are ignored (logged, in the capped log).
    assert!(host.receive(2, &ping(1), 6_000).is_empty());
}

#[test]
fn the_log_keeps_the_last_entries_of_a_stream_of_refusals() {
    let mut t = started_table(1);
    let before = (t.host.game().unwrap().record(), t.host.version(), t.host.log_total());
    // 10,000 malformed messages, one a second: each refused and answered once, the log capped.
    for i in 0..10_000u64 {
        let out = t.host.receive(1, &[PROTOCOL_VERSION as u8, 200, i as u8], 1_000 * i);
        assert!(matches!(&out[..], [(1, HostMessage::Rejected { .. })]), "{out:?}");
    }
    assert_eq!(t.host.log().len(), LOG_CAPACITY);
    assert_eq!(t.host.log_total(), before.2 + 10_000);
    assert_eq!(t.host.log_since(t.host.log_total() - 2).len(), 2);
    assert!(matches!(&t.host.log()[0].what, Logged::Refused(Refusal::Decode(_))));
    assert_eq!((t.host.game().unwrap().record(), t.host.version()), (before.0, before.1));
}

#[test]
fn pings_refusals_and_quiet_ticks_leave_the_version_alone() {
    let mut t = started_table(2);
    t.play_until_stuck(3);
    let v = t.host.version();
    t.host.receive(1, &ping(1), t.now);
    t.host.receive(1, b"nonsense", t.now);
    let to_act = t.host.game().unwrap().to_act()[0];
    let wrong = GuestMessage::Action { seq: 1000, seat: 3, action: Action::Play(vec![Card::BigJoker]) };
    assert!(matches!(&t.host.receive(1, &encode_guest(&wrong), t.now)[..], [(_, HostMessage::Rejected { .. })]));
    t.host.tick(t.now + 1);
    assert_eq!(t.host.version(), v);
    // A real move changes it (the guest to act draws).
    let i = t.guests.iter().position(|g| g.seat == Some(to_act)).unwrap();
    let m = t.guests[i].act().unwrap();
    t.send(i, &m);
    assert!(t.host.version() > v);
}

/// After every operation of a random session: if the saved table or the lobby changed, the
/// version moved; pings and refused messages never move it.
#[test]
fn the_version_moves_exactly_when_the_table_changes() {
    let mut rng = crate::dup::TableSeed::parse("version").unwrap().hand(0).stream(crate::dup::Purpose::Deal);
    let mut pick = |n: u64| crate::dup::uniform_below(&mut rng, n);
    let mut t = started_table(2);
    let (mut moved, mut still) = (0, 0);
    for step in 0..600 {
        let before = (t.host.snapshot(), t.host.lobby(), t.host.version());
        let quiet = match pick(6) {
            0 => {
                t.host.receive(t.guests[0].conn, &ping(step), t.now);
                true
            }
            1 => {
                let bytes = [PROTOCOL_VERSION as u8, pick(9) as u8, pick(256) as u8];
                let out = t.host.receive(t.guests[1].conn, &bytes, t.now);
                out.iter().all(|(_, m)| matches!(m, HostMessage::Rejected { .. }))
            }
            2 => {
                t.now += pick(3_000);
                let out = t.host.tick(t.now);
                t.deliver(out);
                false
            }
            3 if t.connected.iter().all(|&c| c) && pick(4) == 0 => {
                t.connected[1] = false;
                let out = t.host.disconnect(t.guests[1].conn, t.now);
                t.deliver(out);
                false
            }
            4 if !t.connected[1] => {
                t.guests[1].conn += 10;
                t.connected[1] = true;
                t.host.connect(t.guests[1].conn);
                let hello = t.guests[1].hello();
                t.send(1, &hello);
                false
            }
            _ => {
                if t.phase() == Some(PhaseName::Finished) && pick(3) == 0 {
                    let m = t.guests[0].send_action(Action::NextHand);
                    t.send(0, &m);
                } else {
                    t.play_until_stuck(1 + pick(4) as usize);
                }
                false
            }
        };
        let after = (t.host.snapshot(), t.host.lobby(), t.host.version());
        if quiet {
            assert_eq!(after.2, before.2, "step {step}: a ping or a refusal moved the version");
        }
        if (after.0 != before.0 || after.1 != before.1) && after.2 == before.2 {
            panic!("step {step}: the table changed but the version did not");
        }
        if after.2 != before.2 {
            moved += 1;
        } else {
            still += 1;
        }
    }
    assert!(moved > 50 && still > 50, "both kinds of step happened ({moved} moved, {still} did not)");
}
