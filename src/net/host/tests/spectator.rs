//! Spectators: a `Watch` hello takes no seat and gets the lobby, the public view and the
//! public events — never a card its public view does not show — and can neither act nor talk.

use super::*;
use crate::net::game::PeerGame;
use crate::net::protocol::{decode_host, encode_guest, MAX_WATCHERS};

const W: ConnId = 50;

fn watcher(t: &mut Table, conn: ConnId) -> GuestClient {
    let mut c = GuestClient::new("Wen", [9; 32], None);
    t.host.connect(conn);
    let watch = c.watch();
    let out = t.host.receive(conn, &encode_guest(&watch), t.now);
    for (to, m) in &out {
        if *to == conn {
            c.on(m.clone());
        }
    }
    t.deliver(out);
    c
}

#[test]
fn a_spectator_sees_the_public_table_and_no_hidden_card() {
    let mut t = started_table(2);
    t.play_until_stuck(40);
    assert_ne!(t.phase(), Some(PhaseName::Finished));
    let mut w = watcher(&mut t, W);
    let line = t.guests[0].client.say("hi").unwrap();
    t.send(0, &line);
    t.play_until_stuck(500);
    assert_eq!(t.phase(), Some(PhaseName::Finished));
    let (mut views, mut events) = (0, 0);
    for (_, _, bytes, view) in t.sent.iter().filter(|m| m.0 == W) {
        let msg = decode_host::<Game>(bytes).unwrap();
        // Every card sent to the spectator is one its public view showed at that moment.
        let mut shown = Vec::new();
        cards_in(&serde_json::to_value(&msg).unwrap(), &mut shown);
        let mut visible = Vec::new();
        cards_in(&serde_json::to_value(view.as_ref().unwrap()).unwrap(), &mut visible);
        for c in &shown {
            assert!(visible.contains(c), "the spectator was sent {c}, which the public view does not show");
        }
        match &msg {
            HostMessage::View(v) => {
                assert_eq!((v.seat, v.hand.len()), (4, 0), "a spectator's view holds no hand");
                views += 1;
            }
            HostMessage::Event(_) => events += 1,
            HostMessage::Welcome { .. } | HostMessage::FairCommit { .. } | HostMessage::FairCommitments { .. } | HostMessage::FairReveal(_) => {
                panic!("a spectator was sent a seat's message: {msg:?}")
            }
            _ => {}
        }
        w.on(msg);
    }
    assert!(views > 50 && events > 50, "{views} views, {events} events");
    assert_eq!(w.refused, None, "the spectator's client accepted everything the host sent");
    assert_eq!(w.seat, None);
    assert_eq!(w.view, Some(t.host.game().unwrap().public_view()));
    assert_eq!(w.chat, vec![(0, "hi".to_string())]);
    assert!(w.verdicts.is_empty(), "a spectator checks no deal");
}

#[test]
fn a_spectator_can_neither_act_nor_talk_and_the_watchers_are_bounded() {
    let mut t = started_table(1);
    let w = watcher(&mut t, W);
    assert!(w.lobby.is_some() && w.view.is_some());
    let before = t.host.game().unwrap().actions().len();
    let version = t.host.version();
    for msg in [
        GuestMessage::Action { seq: 1, seat: 0, action: Action::Draw },
        GuestMessage::Chat { text: "boo".into() },
        GuestMessage::Hello { name: "x".into(), protocol_version: crate::net::protocol::PROTOCOL_VERSION, game: "shengji".into(), rejoin: None },
        GuestMessage::History { from: 0 },
    ] {
        let out = t.host.receive(W, &encode_guest(&msg), t.now);
        assert!(matches!(&out[..], [(W, HostMessage::Rejected { .. })]), "{msg:?} → {out:?}");
    }
    assert_eq!(t.host.game().unwrap().actions().len(), before);
    assert_eq!(t.host.version(), version);
    assert!(t.guests[0].client.chat.is_empty());
    // The seats are untouched, and a table lets a bounded number watch.
    assert_eq!(t.host.seat_of(W), None);
    for i in 1..MAX_WATCHERS as u64 {
        watcher(&mut t, W + i);
    }
    t.host.connect(W + 100);
    let mut late = GuestClient::new("late", [1; 32], None);
    let out = t.host.receive(W + 100, &encode_guest(&late.watch()), t.now);
    assert!(matches!(&out[..], [(_, HostMessage::Rejected { .. })]), "{out:?}");
    // A spectator who leaves frees a place.
    let _ = t.host.disconnect(W, t.now);
    let out = t.host.receive(W + 100, &encode_guest(&late.watch()), t.now);
    assert!(out.iter().any(|(_, m)| matches!(m, HostMessage::Lobby(_))), "{out:?}");
}
