//! Tests only: a peer table played to the end through the wire, for any game — a host, real
//! `GuestClient`s in seats 0..n (every message encoded and decoded), bots in the other seats,
//! and the guests moving with a bot's judgement. Each game's peer tests start from it.

use crate::dup::TableSeed;
use crate::net::guest::GuestClient;
use crate::net::host::{ConnId, Host, HostConfig};
use crate::net::protocol::{decode_host, encode_guest, encode_host, HostMessage};
use crate::net::PeerGame;
use crate::table::Bot;
use std::collections::VecDeque;

/// Plays `hands` hands of `settings` with `n` guests (conn 1..=n, named `{tag}{i}`) who move
/// as `bots` would in their seats; returns when the hands are played or nobody can move.
/// Every view a guest receives must be its own seat's, and an honest host's messages must
/// never be refused.
pub(crate) fn play_with_guests<G: PeerGame, B: Bot<G>>(
    settings: G::Settings,
    n: usize,
    hands: u64,
    tag: &str,
    bots: impl FnOnce(&TableSeed) -> Vec<B>,
) -> (Host<G>, Vec<GuestClient<G>>) {
    let mut host = Host::<G>::new(settings, [7; 32], HostConfig::default()).unwrap();
    let mut clients: Vec<GuestClient<G>> =
        (0..n).map(|i| GuestClient::new(&format!("{tag}{i}"), [i as u8 + 3; 32], None)).collect();
    let mut queue = VecDeque::new();
    for (i, c) in clients.iter().enumerate() {
        host.connect(i as ConnId + 1);
        queue.extend(host.receive(i as ConnId + 1, &encode_guest(&c.hello()), 0));
    }
    let pump = |host: &mut Host<G>, clients: &mut Vec<GuestClient<G>>, queue: &mut VecDeque<_>| {
        while let Some((conn, msg)) = queue.pop_front() {
            let bytes = encode_host(&msg);
            let msg: HostMessage<G> = decode_host(&bytes).unwrap();
            if let HostMessage::View(v) = &msg {
                // A guest's view holds its own cards only.
                assert_eq!(Some(G::view_seat(v)), clients[conn as usize - 1].seat, "another seat's view");
            }
            let c = &mut clients[conn as usize - 1];
            for reply in c.on(msg) {
                queue.extend(host.receive(conn, &encode_guest(&reply), 0));
            }
            assert_eq!(c.refused, None, "the guest refused an honest host's message");
        }
    };
    pump(&mut host, &mut clients, &mut queue);
    queue.extend(host.fill_with_bots());
    queue.extend(host.start(0).unwrap());
    pump(&mut host, &mut clients, &mut queue);
    let mut bots = bots(&TableSeed::parse("guests").unwrap());
    for _ in 0..20_000 {
        let game = host.game().unwrap();
        if game.hand_over() {
            if game.hand_number() + 1 >= hands {
                break;
            }
            let m = clients[0].action(G::next_hand(None)).unwrap();
            queue.extend(host.receive(1, &encode_guest(&m), 0));
            pump(&mut host, &mut clients, &mut queue);
            continue;
        }
        let to_act = game.to_act();
        let Some(i) = (0..n).find(|&i| clients[i].view.is_some() && clients[i].seat.is_some_and(|s| to_act.contains(&s)))
        else {
            break;
        };
        let v = clients[i].view.clone().unwrap();
        let action = bots[G::view_seat(&v)].suggest(&v).0;
        let m = clients[i].action(action).unwrap();
        queue.extend(host.receive(i as ConnId + 1, &encode_guest(&m), 0));
        pump(&mut host, &mut clients, &mut queue);
    }
    (host, clients)
}
