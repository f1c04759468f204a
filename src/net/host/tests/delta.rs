//! View updates as patches (`net::delta`) through a whole hand: every view a guest decodes is
//! the host's, byte for byte, the traffic shrinks, and a guest that lost its base asks for the
//! whole view again and gets it.

use super::*;
use crate::net::delta::{PatchError, ViewDecoder, ViewEncoder, WireError};
use crate::net::protocol::{decode_host, MAX_HOST_MESSAGE_BYTES};

/// Every message the host sent to `conn` in a hand, as it was encoded whole.
fn messages_to(t: &Table, conn: ConnId) -> Vec<HostMessage> {
    t.sent.iter().filter(|(c, ..)| *c == conn).map(|(_, _, bytes, _)| decode_host::<Game>(bytes).unwrap()).collect()
}

#[test]
fn patched_views_decode_to_the_hosts_views_and_shrink_the_traffic() {
    let mut t = started_table(3);
    t.play_until_stuck(1000);
    assert_eq!(t.phase(), Some(PhaseName::Finished));
    let (mut whole, mut patched, mut views) = (0, 0, 0);
    for g in &t.guests {
        let (mut enc, mut dec) = (ViewEncoder::default(), ViewDecoder::default());
        for msg in messages_to(&t, g.conn) {
            let bytes = enc.encode(&msg);
            assert!(bytes.len() <= MAX_HOST_MESSAGE_BYTES);
            assert_eq!(dec.decode::<Game>(&bytes, MAX_HOST_MESSAGE_BYTES).unwrap(), msg);
            if matches!(msg, HostMessage::View(_)) {
                views += 1;
                whole += encode_host(&msg).len();
                patched += bytes.len();
            }
        }
    }
    // Figures for docs/net.md: `cargo test --lib patched_views -- --nocapture`.
    println!("{views} views to 3 guests in a hand: {whole} bytes whole, {patched} as patches");
    assert!(patched * 3 < whole, "whole {whole} bytes, patched {patched}");
}

#[test]
fn a_guest_that_lost_its_base_asks_again_and_gets_the_whole_view() {
    let mut t = started_table(1);
    t.play_until_stuck(6);
    let conn = t.guests[0].conn;
    let views: Vec<HostMessage> = messages_to(&t, conn).into_iter().filter(|m| matches!(m, HostMessage::View(_))).collect();
    assert!(views.len() >= 3);
    let (mut enc, mut dec) = (ViewEncoder::default(), ViewDecoder::default());
    // A patch with no view before it, then one made against a view this guest never got.
    let first = enc.encode(&views[0]);
    let second = enc.encode(&views[1]);
    assert_eq!(ViewDecoder::default().decode::<Game>(&second, MAX_HOST_MESSAGE_BYTES), Err(WireError::Patch(PatchError::NoBase)));
    dec.decode::<Game>(&first, MAX_HOST_MESSAGE_BYTES).unwrap();
    let third = enc.encode(&views[2]);
    assert_eq!(dec.decode::<Game>(&third, MAX_HOST_MESSAGE_BYTES), Err(WireError::Patch(PatchError::WrongBase)));
    // Resync: the host sends the whole view, its encoder starts afresh, and the guest is back.
    let out = t.host.handle(conn, GuestMessage::Resync, t.now);
    let [(to, view @ HostMessage::View(_))] = out.as_slice() else { panic!("{out:?}") };
    assert_eq!(*to, conn);
    enc.reset();
    let bytes = enc.encode(view);
    assert_eq!(&dec.decode::<Game>(&bytes, MAX_HOST_MESSAGE_BYTES).unwrap(), view);
    let next = enc.encode(&views[0]);
    assert_eq!(dec.decode::<Game>(&next, MAX_HOST_MESSAGE_BYTES).unwrap(), views[0]);
}
