//! Table talk through the host: passed on to everyone seated with the sender's seat,
//! bounded in length and rate, refused before a seat, and checked by guests.

use super::*;
use crate::net::host::chat::{CHAT_BURST, CHAT_EVERY_MS};
use crate::net::protocol::MAX_CHAT_CHARS;

fn chat_of(g: &SimGuest) -> Vec<(Seat, String)> {
    g.client.chat.clone()
}

#[test]
fn a_line_reaches_everyone_seated_with_the_senders_seat() {
    let mut t = Table::new(2);
    let before = t.host.version();
    let line = t.guests[1].client.say("  nice play!\u{7} ").unwrap();
    t.send(1, &line);
    for g in &t.guests {
        assert_eq!(chat_of(g), vec![(1, "nice play!".to_string())], "control characters dropped, trimmed");
    }
    assert_eq!(t.host.stats().chat_lines, 1);
    assert_eq!(t.host.version(), before, "chat is not part of the saved table");
    // A quick reaction is a line like any other.
    let r = t.guests[0].client.say("👍").unwrap();
    t.send(0, &r);
    assert_eq!(chat_of(&t.guests[1]).last(), Some(&(0, "👍".to_string())));
}

#[test]
fn long_lines_and_floods_of_talk_are_refused() {
    let mut t = Table::new(2);
    let long: String = "字".repeat(MAX_CHAT_CHARS + 1);
    t.send(0, &GuestMessage::Chat { text: long });
    assert!(chat_of(&t.guests[1]).is_empty());
    assert!(t.guests[0].rejected.last().is_some_and(|r| r.contains("at most 140 characters")), "{:?}", t.guests[0].rejected);
    // A burst, then one line per interval.
    for i in 0..CHAT_BURST + 2 {
        t.send(0, &GuestMessage::Chat { text: format!("line {i}") });
    }
    assert_eq!(chat_of(&t.guests[1]).len(), CHAT_BURST as usize);
    assert!(t.guests[0].rejected.last().is_some_and(|r| r.contains("too much talk")));
    t.now += CHAT_EVERY_MS;
    t.send(0, &GuestMessage::Chat { text: "later".into() });
    assert_eq!(chat_of(&t.guests[1]).last(), Some(&(0, "later".to_string())));
    // Empty lines go nowhere and are not counted.
    let sent = t.host.stats().chat_lines;
    t.send(1, &GuestMessage::Chat { text: " \n ".into() });
    assert_eq!(t.host.stats().chat_lines, sent);
}

#[test]
fn a_guest_refuses_chat_out_of_bounds_from_a_hostile_host() {
    let mut g = SimGuest::new(9);
    let too_long = HostMessage::Chat { seat: 0, text: "x".repeat(MAX_CHAT_CHARS + 1) };
    assert!(g.client.try_on(too_long).is_err());
    assert!(g.client.try_on(HostMessage::Chat { seat: 99, text: "hi".into() }).is_err());
    assert!(g.client.chat.is_empty());
    // It keeps the last lines only.
    for i in 0..30 {
        let _ = g.on(HostMessage::Chat { seat: 1, text: format!("{i}") });
    }
    assert_eq!(g.client.chat.len(), crate::net::guest::KEEP_CHAT);
    assert_eq!(g.client.chat.last(), Some(&(1, "29".to_string())));
}
