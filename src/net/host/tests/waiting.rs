//! A guest whose hello finds no free seat (the hand under way, or every seat a guest's)
//! watches, and is seated when a seat frees: a bot's as the next hand begins, an empty one at
//! once in the lobby. What one room link promises everyone who opens it.

use super::*;
use crate::net::game::PeerGame;
use crate::net::protocol::MAX_WATCHERS;

/// A new guest on connection `conn` says hello; returns its index in `t.guests`.
fn arrive(t: &mut Table, conn: ConnId) -> usize {
    t.guests.push(SimGuest::new(conn));
    t.connected.push(true);
    t.host.connect(conn);
    let i = t.guests.len() - 1;
    let hello = t.guests[i].hello();
    t.send(i, &hello);
    i
}

#[test]
fn a_guest_arriving_mid_hand_watches_then_takes_a_bots_seat_at_the_next_hand() {
    let mut t = started_table(2);
    t.play_until_stuck(40);
    let before = t.host.game().unwrap().record();
    let late = arrive(&mut t, 9);
    // Watching: no seat, the public view, nothing of the game changed, nobody refused.
    let g = &t.guests[late];
    assert_eq!((g.seat, g.client.watching, g.client.waiting), (None, true, true));
    assert_eq!(g.client.view, Some(t.host.game().unwrap().public_view()));
    assert!(g.rejected.is_empty(), "{:?}", g.rejected);
    assert_eq!(t.host.game().unwrap().record(), before);
    assert_eq!(t.host.watchers(), vec![9]);
    assert_eq!(t.host.waiting(), vec!["g9".to_string()], "the host's page names who waits");
    // The hand plays out with the late guest watching.
    t.play_until_stuck(500);
    assert_eq!(t.phase(), Some(PhaseName::Finished));
    assert_eq!(t.guests[late].seat, None);
    // While it watched it was sent nothing its public view did not show. (Seated, it asks
    // for the finished hand's reveal to replay the table, as a returning guest does.)
    check_no_leaks(&t);
    // The next hand: it sits in the first bot's seat (the guests hold seats 0 and 1), deals
    // with the others and plays; its own hand verifies.
    let m = t.guests[0].send_action(Action::NextHand);
    t.send(0, &m);
    let seat = t.guests[late].seat.expect("seated at the next hand");
    assert_eq!(seat, 2);
    assert!(matches!(&t.host.lobby().seats[seat], SeatInfo::Guest { name, connected: true, .. } if name == "g9"));
    assert!(!t.guests[late].client.watching);
    assert!(t.host.watchers().is_empty());
    assert!(t.host.waiting().is_empty());
    assert_eq!(t.phase(), Some(PhaseName::Draw), "the hand was dealt with the new guest's entropy");
    t.play_until_stuck(500);
    assert_eq!(t.phase(), Some(PhaseName::Finished));
    assert_eq!(t.guests[late].verified.last(), Some(&Ok(())), "the first hand it played verifies");
    for g in &t.guests[..2] {
        assert_eq!(g.verified, vec![Ok(()), Ok(())]);
    }
}

#[test]
fn a_full_lobby_seats_the_waiting_guest_as_soon_as_a_seat_empties() {
    let mut t = Table::new(4);
    assert!(t.guests.iter().all(|g| g.seat.is_some()));
    let fifth = arrive(&mut t, 9);
    assert_eq!((t.guests[fifth].seat, t.guests[fifth].client.waiting), (None, true));
    // The host gives seat 2 up: the waiting guest takes it at once.
    let out = t.host.remove_player(2, t.now).unwrap();
    t.deliver(out);
    assert_eq!(t.guests[fifth].seat, Some(2));
    assert!(!t.guests[fifth].client.watching);
    // More seats: nobody waits, nothing changes.
    let out = t.host.set_settings(Settings { players: 6, ..Settings::default() }).unwrap();
    t.deliver(out);
    assert_eq!(t.host.lobby().seats[4..], [SeatInfo::Empty, SeatInfo::Empty]);
}

#[test]
fn before_the_start_a_bot_keeps_a_seat_warm_for_a_person() {
    let mut t = Table::new(1);
    t.host.fill_with_bots();
    let second = arrive(&mut t, 9);
    assert_eq!(t.guests[second].seat, Some(1), "a person takes the first bot's seat in the lobby");
    assert!(!t.guests[second].client.watching);
}

#[test]
fn waiting_guests_are_seated_first_come_first_seated_and_no_more_wait_than_may_watch() {
    let mut t = started_table(3);
    let first = arrive(&mut t, 20);
    let second = arrive(&mut t, 21);
    t.play_until_stuck(500);
    let m = t.guests[0].send_action(Action::NextHand);
    t.send(0, &m);
    // One bot's seat (seat 3) for two waiting guests: the first to arrive takes it.
    assert_eq!(t.guests[first].seat, Some(3));
    assert_eq!((t.guests[second].seat, t.guests[second].client.waiting), (None, true));
    // Spectators are bounded: a hello past the bound is refused as before.
    for k in 0..MAX_WATCHERS as u64 {
        t.host.connect(100 + k);
        let hello = SimGuest::new(100 + k).hello();
        t.host.receive(100 + k, &encode_guest(&hello), t.now);
    }
    assert_eq!(t.host.watchers().len(), MAX_WATCHERS);
    t.host.connect(999);
    let out = t.host.receive(999, &encode_guest(&SimGuest::new(999).hello()), t.now);
    assert!(matches!(&out[..], [(999, HostMessage::Rejected { .. })]), "{out:?}");
}

#[test]
fn a_guest_told_waiting_after_it_has_a_seat_ignores_it() {
    let mut c = GuestClient::new("Ann", [1; 32], None);
    c.on(HostMessage::Welcome { seat: 1, rejoin: "t".into(), protocol_version: PROTOCOL_VERSION });
    c.on(HostMessage::Waiting);
    assert_eq!((c.seat, c.watching, c.waiting), (Some(1), false, false));
    // A spectator is not seated by a welcome it did not wait for.
    let mut w = GuestClient::new("Wen", [2; 32], None);
    w.watch();
    w.on(HostMessage::Welcome { seat: 1, rejoin: "t".into(), protocol_version: PROTOCOL_VERSION });
    assert_eq!((w.seat, w.watching), (None, true));
}
