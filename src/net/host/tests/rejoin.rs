//! Guests who go away: a dropped guest keeps its seat while a bot stands in and takes it
//! back with its token; a silent guest does not stall a fair deal; a host that reloads
//! resumes from its snapshot and every guest reclaims its seat.

use super::*;
#[test]
fn a_dropped_guest_keeps_its_seat_a_bot_stands_in_and_hands_it_back() {
    let mut t = started_table(2);
    t.play_until_stuck(40);
    let hand_before = t.host.game().unwrap().record().actions.len();
    // Guest 2 (seat 1) drops.
    t.connected[1] = false;
    let out = t.host.disconnect(2, t.now);
    t.deliver(out);
    assert!(matches!(&t.host.lobby().seats[1], SeatInfo::Guest { connected: false, stand_in: false, .. }));
    // Before the timeout the table waits for seat 1.
    t.play_until_stuck(500);
    assert_ne!(t.phase(), Some(PhaseName::Finished));
    assert!(t.host.game().unwrap().to_act().contains(&1));
    t.now += 999;
    let out = t.host.tick(t.now);
    t.deliver(out);
    assert!(t.host.game().unwrap().to_act().contains(&1), "the bot took over too early");
    // After it, a bot plays for seat 1.
    t.now += 1;
    let out = t.host.tick(t.now);
    t.deliver(out);
    assert!(matches!(&t.host.lobby().seats[1], SeatInfo::Guest { stand_in: true, .. }));
    t.play_until_stuck(3);
    assert!(t.host.game().unwrap().record().actions.len() > hand_before + 5);
    assert_ne!(t.phase(), Some(PhaseName::Finished));
    // The guest comes back on a new connection with its token: same seat, no stand-in.
    t.guests[1].conn = 22;
    t.connected[1] = true;
    t.host.connect(22);
    let hello = t.guests[1].hello();
    t.send(1, &hello);
    assert_eq!(t.guests[1].seat, Some(1));
    assert_eq!(t.host.seat_of(22), Some(1));
    assert!(matches!(&t.host.lobby().seats[1], SeatInfo::Guest { connected: true, stand_in: false, .. }));
    t.play_until_stuck(500);
    assert_eq!(t.phase(), Some(PhaseName::Finished));
    // The returning guest had a fresh view and verified the deal too.
    assert_eq!(t.guests[1].verified, vec![Ok(())]);
}

#[test]
fn a_silent_guest_does_not_stall_the_deal() {
    let mut t = Table::new(2);
    t.host.fill_with_bots();
    t.connected[1] = false; // receives nothing, answers nothing (but is still connected)
    let out = t.host.start(0).unwrap();
    t.deliver(out);
    assert!(t.host.dealing());
    t.now = 5000;
    let out = t.host.tick(t.now);
    t.deliver(out);
    // The commit step timed out; guest 1 answered the reveal at once and the hand is dealt.
    assert!(!t.host.dealing());
    assert_eq!(t.phase(), Some(PhaseName::Draw));
    // The silent guest finally drops; a bot stands in and the hand ends.
    let out = t.host.disconnect(2, t.now);
    t.deliver(out);
    let out = t.host.tick(t.now + 1000);
    t.deliver(out);
    t.play_until_stuck(500);
    assert_eq!(t.phase(), Some(PhaseName::Finished));
    let reveal = t.sent.iter().find_map(|(_, _, m, _)| match crate::net::protocol::decode_host(m) {
        Ok(HostMessage::FairReveal(r)) => Some(r),
        _ => None,
    });
    assert_eq!(reveal.unwrap().contributions.iter().map(|c| c.0).collect::<Vec<_>>(), vec![0]);
    assert_eq!(t.guests[0].verified, vec![Ok(())]);
}

#[test]
fn a_host_resumes_from_its_snapshot_and_guests_reclaim_their_seats() {
    let mut t = started_table(2);
    t.play_until_stuck(60);
    assert_ne!(t.phase(), Some(PhaseName::Finished));
    let before = t.host.game().unwrap().record();
    // Through the stored text, as the page keeps it.
    let text = crate::net::protocol::to_stored_text(&t.host.snapshot());
    let snap: HostSnapshot<Game> = crate::net::protocol::from_stored_text(&text).unwrap();
    assert_eq!(snap, t.host.snapshot());
    assert!(crate::net::protocol::from_stored_text::<HostSnapshot<Game>>(&text[..text.len() / 2]).is_err());
    assert!(crate::net::protocol::from_stored_text::<HostSnapshot<Game>>("{\"settings\":{}}").is_err());
    // A table saved by the app before version 5 (same shape, version 4) still resumes.
    let v4 = crate::codec::base64url_encode(&postcard::to_allocvec(&(4u64, &t.host.snapshot())).unwrap());
    assert_eq!(crate::net::protocol::from_stored_text::<HostSnapshot<Game>>(&v4).unwrap(), t.host.snapshot());
    t.now += 5;
    t.host = Host::restore(snap, [8; 32], HostConfig { stand_in_after: 1000, fair_timeout: 5000, flood: UNLIMITED, ..HostConfig::thinking_here() }, t.now).unwrap();
    assert_eq!(t.host.game().unwrap().record(), before, "the game replays to where it was");
    assert!(t.host.lobby().seats.iter().take(2).all(|s| matches!(s, SeatInfo::Guest { connected: false, .. })));
    // A stranger cannot take a seat of the resumed game (it watches, waiting for a free one);
    // the guests come back with their tokens.
    t.host.connect(50);
    let out = t.host.receive(50, &encode_guest(&GuestMessage::Hello { name: "x".into(), protocol_version: PROTOCOL_VERSION, game: "shengji".into(), rejoin: Some("00".into()) }), t.now);
    assert_eq!(out[0], (50, HostMessage::Waiting));
    assert_eq!(t.host.seat_of(50), None);
    for (i, conn) in [(0usize, 31u64), (1, 32)] {
        t.guests[i].conn = conn;
        t.host.connect(conn);
        let hello = t.guests[i].hello();
        t.send(i, &hello);
        assert_eq!(t.host.seat_of(conn), Some(i));
    }
    t.play_until_stuck(500);
    assert_eq!(t.phase(), Some(PhaseName::Finished));
    for g in &t.guests {
        assert_eq!(g.verified, vec![Ok(())], "the revealed secrets survived the reload");
    }
    // A snapshot that does not fit is refused with a sentence.
    let mut bad = t.host.snapshot();
    bad.seats.pop();
    assert!(Host::restore(bad, [1; 32], HostConfig::thinking_here(), 0).err().unwrap().to_string().contains("seats"));
}
