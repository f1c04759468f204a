//! Tests of the tracker protocol: the exact frames we send, the frames the npm
//! `bittorrent-tracker` server sends (as its `JSON.stringify` writes them), refusals, and
//! fixed-seed fuzzing.

use super::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn id(c: char) -> Id20 {
    Id20::parse(&c.to_string().repeat(20)).unwrap()
}

const HASH: &str = "HHHHHHHHHHHHHHHHHHHH";
const ALICE: &str = "AAAAAAAAAAAAAAAAAAAA";
const BOB: &str = "BBBBBBBBBBBBBBBBBBBB";
const OFFER1: &str = "1111111111111111111o";

/// What the server sends a peer for an offer (server.js `_onWebSocketRequest`).
fn relayed_offer(offer: &str, offer_id: &str, peer_id: &str, info_hash: &str) -> String {
    format!(r#"{{"action":"announce","offer":{offer},"offer_id":"{offer_id}","peer_id":"{peer_id}","info_hash":"{info_hash}"}}"#)
}

/// What the server sends the offering peer for an answer.
fn relayed_answer(answer: &str, offer_id: &str, peer_id: &str, info_hash: &str) -> String {
    format!(r#"{{"action":"announce","answer":{answer},"offer_id":"{offer_id}","peer_id":"{peer_id}","info_hash":"{info_hash}"}}"#)
}

#[test]
fn ids_are_twenty_base64url_characters() {
    let a = Id20::parse("abcdefghij-_0123456Z").unwrap();
    assert_eq!(a.as_str(), "abcdefghij-_0123456Z");
    assert_eq!(a.to_string(), a.as_str());
    for bad in ["", "abc", "abcdefghij-_0123456", "abcdefghij-_0123456ZZ", "abcdefghij+/0123456Z", "abcdefghij 0123456Z", "éééééééééé"] {
        assert_eq!(Id20::parse(bad), None, "{bad}");
    }
    let made = Id20::from_bytes(&[0xff; 15]);
    assert_eq!(made.as_str(), "____________________");
    let made = Id20::from_bytes(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    assert_eq!(made.as_str(), crate::codec::base64url_encode(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]));
    assert_eq!(Id20::parse(made.as_str()), Some(made));
}

#[test]
fn announce_frames_are_exact() {
    let text = announce(&id('H'), &id('A'), &[(id('1'), "abc.DEF-_9"), (id('2'), "x")], true);
    let expected = format!(
        concat!(
            r#"{{"action":"announce","info_hash":"{h}","peer_id":"{a}","numwant":2,"uploaded":0,"downloaded":0,"left":0,"event":"started","#,
            r#""offers":[{{"offer_id":"{o1}","offer":{{"type":"offer","sdp":"abc.DEF-_9"}}}},{{"offer_id":"{o2}","offer":{{"type":"offer","sdp":"x"}}}}]}}"#
        ),
        h = HASH,
        a = ALICE,
        o1 = "1".repeat(20),
        o2 = "2".repeat(20)
    );
    assert_eq!(text, expected);
    let again = announce(&id('H'), &id('A'), &[], false);
    assert_eq!(again, format!(r#"{{"action":"announce","info_hash":"{HASH}","peer_id":"{ALICE}","numwant":0,"uploaded":0,"downloaded":0,"left":0,"offers":[]}}"#));
    // Valid JSON, with `left` a number.
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["left"], serde_json::json!(0));
    assert_eq!(v["offers"][1]["offer"]["sdp"], "x");
}

#[test]
fn answer_frames_are_exact() {
    let text = answer(&id('H'), &id('B'), &id('A'), &Id20::parse(OFFER1).unwrap(), "sealed.answer");
    assert_eq!(
        text,
        format!(r#"{{"action":"announce","info_hash":"{HASH}","peer_id":"{BOB}","to_peer_id":"{ALICE}","offer_id":"{OFFER1}","answer":{{"type":"answer","sdp":"sealed.answer"}}}}"#)
    );
    assert!(serde_json::from_str::<serde_json::Value>(&text).is_ok());
}

#[test]
fn reads_what_the_server_sends() {
    let offer = relayed_offer(r#"{"type":"offer","sdp":"c2VhbGVk.b2ZmZXI"}"#, OFFER1, ALICE, HASH);
    assert_eq!(
        parse(&offer),
        Ok(FromTracker::Offer { from: id('A'), offer_id: Id20::parse(OFFER1).unwrap(), info_hash: id('H'), sealed: "c2VhbGVk.b2ZmZXI".into() })
    );
    let reply = relayed_answer(r#"{"type":"answer","sdp":"YW5zd2Vy"}"#, OFFER1, BOB, HASH);
    assert_eq!(
        parse(&reply),
        Ok(FromTracker::Answer { from: id('B'), offer_id: Id20::parse(OFFER1).unwrap(), info_hash: id('H'), sealed: "YW5zd2Vy".into() })
    );
    // The reply to an announce: swarm counts first, then what server.js adds.
    let interval = format!(r#"{{"complete":1,"incomplete":0,"action":"announce","interval":120,"info_hash":"{HASH}"}}"#);
    assert_eq!(parse(&interval), Ok(FromTracker::Interval { secs: 120 }));
    assert_eq!(parse(r#"{"action":"announce","min interval":60}"#), Ok(FromTracker::Interval { secs: 60 }));
    // A request that did not parse, then one the swarm refused.
    assert_eq!(parse(r#"{"failure reason":"invalid info_hash"}"#), Ok(FromTracker::Failure { reason: "invalid info_hash".into() }));
    let refused = format!(r#"{{"action":"announce","failure reason":"invalid event","info_hash":"{HASH}"}}"#);
    assert_eq!(parse(&refused), Ok(FromTracker::Failure { reason: "invalid event".into() }));
    assert_eq!(parse(r#"{"failure reason":"say \"no\""}"#), Ok(FromTracker::Failure { reason: String::new() }));
    assert_eq!(parse(r#"{"warning message":"slow down"}"#), Ok(FromTracker::Warning { message: "slow down".into() }));
    // Scrape replies, replies without an interval, and a null offer are not for us.
    assert_eq!(parse(r#"{"action":"scrape","files":{}}"#), Ok(FromTracker::Other));
    assert_eq!(parse(r#"{"action":"announce","complete":0,"incomplete":0}"#), Ok(FromTracker::Other));
    assert_eq!(parse(r#"{"action":"announce","offer":null,"interval":5}"#), Ok(FromTracker::Interval { secs: 5 }));
    // White space as another tracker might write it.
    let spaced = format!(r#"{{ "action" : "announce", "answer" : {{ "sdp" : "x", "type" : "answer" }}, "offer_id" : "{OFFER1}", "peer_id" : "{BOB}", "info_hash" : "{HASH}" }}"#);
    assert!(matches!(parse(&spaced), Ok(FromTracker::Answer { .. })));
}

#[test]
fn our_frames_come_back_through_a_tracker() {
    // Forward our announce's offers and our answer the way server.js does.
    let sealed = "aGVsbG8.d29ybGQ";
    let text = announce(&id('H'), &id('A'), &[(id('1'), sealed), (id('2'), "eA")], true);
    let [Some(Value::Array(offers))] = json::pick(&text, ["offers"]).unwrap() else { panic!("no offers") };
    let mut forwarded = Vec::new();
    json::each_item(offers, |item| {
        let Value::Object(item) = item else { panic!("offer not an object") };
        let [Some(Value::Object(offer)), Some(Value::Str(offer_id))] = json::pick(item, ["offer", "offer_id"]).unwrap() else { panic!("bad offer") };
        forwarded.push(relayed_offer(offer, offer_id, ALICE, HASH));
    })
    .unwrap();
    assert_eq!(parse(&forwarded[0]), Ok(FromTracker::Offer { from: id('A'), offer_id: id('1'), info_hash: id('H'), sealed: sealed.into() }));
    assert_eq!(parse(&forwarded[1]), Ok(FromTracker::Offer { from: id('A'), offer_id: id('2'), info_hash: id('H'), sealed: "eA".into() }));

    let text = answer(&id('H'), &id('B'), &id('A'), &id('1'), "YW5zd2Vy");
    let [Some(Value::Object(description))] = json::pick(&text, ["answer"]).unwrap() else { panic!("no answer") };
    let back = relayed_answer(description, "1".repeat(20).as_str(), BOB, HASH);
    assert_eq!(parse(&back), Ok(FromTracker::Answer { from: id('B'), offer_id: id('1'), info_hash: id('H'), sealed: "YW5zd2Vy".into() }));
}

#[test]
fn failure_reasons_are_cut_to_two_hundred_characters() {
    let long = format!(r#"{{"failure reason":"{}"}}"#, "é".repeat(250));
    assert_eq!(parse(&long), Ok(FromTracker::Failure { reason: "é".repeat(MAX_REASON_CHARS) }));
    let long = format!(r#"{{"warning message":"{}"}}"#, "w".repeat(201));
    assert_eq!(parse(&long), Ok(FromTracker::Warning { message: "w".repeat(MAX_REASON_CHARS) }));
}

#[test]
fn oversized_frames_and_sealed_texts_are_refused() {
    let big = format!(r#"{{"action":"announce","x":"{}"}}"#, "a".repeat(MAX_FRAME));
    assert_eq!(parse(&big), Err(TrackerError::TooLarge { len: big.len(), limit: MAX_FRAME }));
    let junk = "{".repeat(MAX_FRAME + 1);
    assert_eq!(parse(&junk), Err(TrackerError::TooLarge { len: MAX_FRAME + 1, limit: MAX_FRAME }));
    let at_limit = relayed_offer(&description("offer", &"s".repeat(MAX_SEALED)), OFFER1, ALICE, HASH);
    assert!(matches!(parse(&at_limit), Ok(FromTracker::Offer { sealed, .. }) if sealed.len() == MAX_SEALED));
    let over = relayed_answer(&description("answer", &"s".repeat(MAX_SEALED + 1)), OFFER1, ALICE, HASH);
    assert_eq!(parse(&over), Err(TrackerError::TooLarge { len: MAX_SEALED + 1, limit: MAX_SEALED }));
}

#[test]
fn malformed_json_and_wrong_types_are_refused() {
    for bad in ["", "null", "[]", "\"x\"", "{", "{\"action\":\"announce\",}", "{\"action\":announce}", "{} {}", "{\"a\":\"\u{1}\"}"] {
        assert_eq!(parse(bad), Err(TrackerError::Malformed), "{bad:?}");
    }
    let wrong = [
        (r#"{"action":"announce","interval":"120"}"#, "interval"),
        (r#"{"action":"announce","interval":-1}"#, "interval"),
        (r#"{"action":"announce","interval":1.5}"#, "interval"),
        (r#"{"failure reason":7}"#, "failure reason"),
        (r#"{"failure reason":{"a":1}}"#, "failure reason"),
        (r#"{"warning message":[]}"#, "warning message"),
    ];
    for (text, field) in wrong {
        assert_eq!(parse(text), Err(TrackerError::WrongType { field }), "{text}");
    }
}

#[test]
fn foreign_offers_and_ids_are_not_ours() {
    let ours = r#"{"type":"offer","sdp":"abc"}"#;
    // A real WebTorrent peer's offer: its SDP has escaped line breaks.
    let real = r#"{"type":"offer","sdp":"v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\n"}"#;
    let plain_sdp = r#"{"type":"offer","sdp":"v=0 o=- 46117 2 IN IP4 127.0.0.1"}"#;
    let cases = [
        relayed_offer(real, OFFER1, ALICE, HASH),
        relayed_offer(plain_sdp, OFFER1, ALICE, HASH),
        relayed_offer(r#"{"type":"offer","sdp":""}"#, OFFER1, ALICE, HASH),
        relayed_offer(r#"{"type":"offer","sdp":"a+b/c="}"#, OFFER1, ALICE, HASH),
        relayed_offer(r#"{"type":"answer","sdp":"abc"}"#, OFFER1, ALICE, HASH),
        relayed_offer(r#"{"sdp":"abc"}"#, OFFER1, ALICE, HASH),
        relayed_offer(r#"{"type":"offer","sdp":7}"#, OFFER1, ALICE, HASH),
        relayed_offer(r#""abc""#, OFFER1, ALICE, HASH),
        relayed_offer("[1]", OFFER1, ALICE, HASH),
        relayed_offer(ours, "short", ALICE, HASH),
        relayed_offer(ours, OFFER1, "-WW0001-\u{00e9}bcdefghijk", HASH),
        relayed_offer(ours, OFFER1, ALICE, "0123456789abcdef0123456789abcdef01234567"),
        relayed_offer(ours, OFFER1, "\\u0000AAAAAAAAAAAAAAAAAAA", HASH),
        relayed_answer(r#"{"type":"offer","sdp":"abc"}"#, OFFER1, ALICE, HASH),
        format!(r#"{{"action":"announce","offer":{ours},"offer_id":"{OFFER1}","info_hash":"{HASH}"}}"#),
        format!(r#"{{"action":"announce","offer":{ours},"offer_id":"{OFFER1}","peer_id":12,"info_hash":"{HASH}"}}"#),
    ];
    for text in cases {
        assert_eq!(parse(&text), Err(TrackerError::NotOurs), "{text}");
    }
    assert!(parse(&relayed_offer(ours, OFFER1, ALICE, HASH)).is_ok());
}

#[test]
fn errors_read_as_sentences() {
    for e in [TrackerError::TooLarge { len: 40_000, limit: MAX_FRAME }, TrackerError::Malformed, TrackerError::WrongType { field: "interval" }, TrackerError::NotOurs] {
        let text = e.to_string();
        assert!(text.len() > 10 && !text.ends_with('.'), "{text}");
    }
}

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// Parses `text`: no panic, and whatever is accepted is within bounds and reads the same
/// when the tracker relays it again.
fn check_parse(text: &str) {
    match parse(text) {
        Ok(FromTracker::Offer { from, offer_id, info_hash, sealed }) => {
            assert!(text.len() <= MAX_FRAME && sealed.len() <= MAX_SEALED && is_sealed(&sealed), "{text}");
            let again = relayed_offer(&description("offer", &sealed), offer_id.as_str(), from.as_str(), info_hash.as_str());
            assert_eq!(parse(&again), Ok(FromTracker::Offer { from, offer_id, info_hash, sealed }));
        }
        Ok(FromTracker::Answer { from, offer_id, info_hash, sealed }) => {
            assert!(text.len() <= MAX_FRAME && sealed.len() <= MAX_SEALED && is_sealed(&sealed), "{text}");
            let again = relayed_answer(&description("answer", &sealed), offer_id.as_str(), from.as_str(), info_hash.as_str());
            assert_eq!(parse(&again), Ok(FromTracker::Answer { from, offer_id, info_hash, sealed }));
        }
        Ok(FromTracker::Failure { reason: r } | FromTracker::Warning { message: r }) => assert!(r.chars().count() <= MAX_REASON_CHARS),
        Ok(FromTracker::Interval { .. } | FromTracker::Other) => assert!(text.len() <= MAX_FRAME),
        Err(TrackerError::TooLarge { len, limit }) => assert!(len > limit),
        Err(_) => {}
    }
}

/// Pieces random frames are made of: JSON punctuation, the keys and values of the
/// protocol, ids, escapes and characters of several widths.
const PIECES: [&str; 40] = [
    "{", "}", "[", "]", ":", ",", "\"", " ", "\\", "\\\"", "\\u00e9", "\"action\"", "\"announce\"", "\"offer\"", "\"answer\"", "\"sdp\"", "\"type\"",
    "\"offer_id\"", "\"peer_id\"", "\"info_hash\"", "\"interval\"", "\"failure reason\"", "\"warning message\"", "\"AAAAAAAAAAAAAAAAAAAA\"",
    "\"abc.def\"", "null", "true", "false", "0", "120", "-1", "1e3", "é", "😀", "\n", "\u{0}", "x", "\"min interval\"", "\"scrape\"", "9999999999999999999999",
];

#[test]
fn random_frames_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x747261636b);
    let mut text = String::new();
    for i in 0..100_000 {
        text.clear();
        if i % 2 == 0 {
            for _ in 0..below(&mut rng, 40) {
                text.push_str(PIECES[below(&mut rng, PIECES.len())]);
            }
        } else {
            // Random characters, mostly ASCII.
            for _ in 0..below(&mut rng, 60) {
                let c = if rng.next_u32() % 8 == 0 { char::from_u32(rng.next_u32() % 0x11_0000) } else { Some((rng.next_u32() % 128) as u8 as char) };
                text.extend(c);
            }
        }
        check_parse(&text);
    }
}

#[test]
fn mutated_frames_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(2718);
    let ours = r#"{"type":"offer","sdp":"c2VhbGVk.b2ZmZXI"}"#;
    let valid = [
        relayed_offer(ours, OFFER1, ALICE, HASH),
        relayed_answer(r#"{"type":"answer","sdp":"YW5zd2Vy"}"#, OFFER1, BOB, HASH),
        format!(r#"{{"complete":1,"incomplete":0,"action":"announce","interval":120,"info_hash":"{HASH}"}}"#),
        r#"{"failure reason":"invalid info_hash"}"#.to_string(),
        r#"{"warning message":"é slow"}"#.to_string(),
        announce(&id('H'), &id('A'), &[(id('1'), "abc")], true),
        answer(&id('H'), &id('B'), &id('A'), &id('1'), "abc"),
    ];
    let mut accepted = 0;
    for _ in 0..100_000 {
        let mut bytes = valid[below(&mut rng, valid.len())].clone().into_bytes();
        for _ in 0..1 + below(&mut rng, 3) {
            let at = below(&mut rng, bytes.len() + 1);
            let byte = *b"{}[]\":,\\ aZ0.-_e".get(below(&mut rng, 18)).unwrap_or(&(rng.next_u32() as u8));
            match rng.next_u32() % 4 {
                0 if at < bytes.len() => bytes[at] = byte,
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                2 => bytes.truncate(at),
                _ => bytes.insert(at, byte),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        accepted += usize::from(parse(&text).is_ok());
        check_parse(&text);
    }
    // Sanity: the mutations leave many frames readable, so the checks above ran on them.
    assert!(accepted > 10_000, "{accepted}");
}
