//! Tests of one relay's side of a room: the frames each kind sends, the sealed texts it
//! reads out of what the relay sends, routing replies on a tracker, keeping alive, and
//! two links of each kind passing messages through a relay simulated from the protocol.

use super::*;
use crate::json::{self, Value};

fn room() -> RoomCode {
    let mut host_key = [7u8; 65];
    host_key[0] = 0x04;
    RoomCode { room: [1; 16], secret: [2; 16], host_key }
}

const SEALED: &str = "c2VhbGVkLXRleHQtb2YtYS1yb29t";
const GUEST: PeerId = PeerId([9; 8]);

/// A PUBLISH as a broker sends it (QoS 0).
fn broker_publish(topic: &str, payload: &[u8]) -> Vec<u8> {
    mqtt::publish(topic, payload)
}

/// An object's text, or a string's.
fn obj<'a>(v: Option<Value<'a>>) -> &'a str {
    match v {
        Some(Value::Object(t) | Value::Str(t)) => t,
        other => panic!("not an object or a string: {other:?}"),
    }
}

fn text(frame: &Frame) -> &str {
    match frame {
        Frame::Text(t) => t,
        Frame::Bytes(_) => panic!("a binary frame"),
    }
}

#[test]
fn an_mqtt_link_connects_subscribes_and_reads_the_rooms_messages() {
    let mut link = RelayLink::new(RelayKind::Mqtt, &room(), [3; 15]);
    let topic = format!("tuolaji/{}", room().topic());
    let joined = link.opened(1_000);
    assert_eq!(joined.len(), 2);
    assert_eq!(joined[1], Frame::Bytes(mqtt::subscribe(1, &topic)));
    assert!(!link.ready(), "not before the broker grants the subscription");
    // CONNACK accepted, SUBACK granting QoS 0, in one frame.
    let (heard, error) = link.heard(Frame::Bytes(vec![0x20, 2, 0, 0, 0x90, 3, 0, 1, 0]));
    assert_eq!((heard, error), (vec![], None));
    assert!(link.ready());
    let (heard, error) = link.heard(Frame::Bytes(broker_publish(&topic, SEALED.as_bytes())));
    assert_eq!(error, None);
    assert_eq!(heard, vec![Heard { sealed: SEALED.into(), via: Via::Broker }]);
    // Another room's topic, a payload that cannot be sealed text: nothing.
    let (heard, error) = link.heard(Frame::Bytes(broker_publish("tuolaji/other", SEALED.as_bytes())));
    assert_eq!((heard, error), (vec![], Some(LinkError::OtherRoom)));
    let (heard, error) = link.heard(Frame::Bytes(broker_publish(&topic, "é".as_bytes())));
    assert_eq!((heard, error), (vec![], None));
    // Sending: every message is a publish on the topic, to all and to one alike.
    let publish = Frame::Bytes(mqtt::publish(&topic, SEALED.as_bytes()));
    assert_eq!(link.to_all(SEALED, 2_000), vec![publish.clone()]);
    assert_eq!(link.to_one(GUEST, SEALED, 2_000), vec![publish]);
}

#[test]
fn a_broker_that_refuses_ends_the_connection() {
    let mut link = RelayLink::new(RelayKind::Mqtt, &room(), [3; 15]);
    link.opened(0);
    let (_, error) = link.heard(Frame::Bytes(vec![0x20, 2, 0, 5]));
    assert_eq!(error, Some(LinkError::BrokerRefused { code: 5 }));
    assert!(error.unwrap().ends_connection());
    let mut link = RelayLink::new(RelayKind::Mqtt, &room(), [3; 15]);
    let (_, error) = link.heard(Frame::Bytes(vec![0x90, 3, 0, 1, 0x80]));
    assert_eq!(error, Some(LinkError::BrokerRefused { code: 0x80 }));
    assert!(!link.ready());
    // A length that runs on for ever: the stream is lost.
    let mut link = RelayLink::new(RelayKind::Mqtt, &room(), [3; 15]);
    let (_, error) = link.heard(Frame::Bytes(vec![0x30, 0xff, 0xff, 0xff, 0xff, 0x01]));
    assert!(error.is_some_and(|e| e.ends_connection()));
    // A text frame from a broker is not MQTT.
    let mut link = RelayLink::new(RelayKind::Mqtt, &room(), [3; 15]);
    assert_eq!(link.heard(Frame::Text("{}".into())).1, Some(LinkError::WrongFrame));
}

#[test]
fn an_mqtt_link_pings_only_after_a_quiet_while() {
    let mut link = RelayLink::new(RelayKind::Mqtt, &room(), [3; 15]);
    link.opened(0);
    assert_eq!(link.due(MQTT_PING_AFTER_MS - 1, true), vec![]);
    assert_eq!(link.next_due(), MQTT_PING_AFTER_MS);
    assert_eq!(link.due(MQTT_PING_AFTER_MS, false), vec![Frame::Bytes(mqtt::ping())]);
    // A publish counts as traffic.
    link.to_all(SEALED, MQTT_PING_AFTER_MS + 10_000);
    assert_eq!(link.due(2 * MQTT_PING_AFTER_MS, true), vec![]);
    assert_eq!(link.closing(), vec![Frame::Bytes(mqtt::disconnect())]);
}

/// The fields of a tracker frame we sent.
fn frame_fields(frame: &str) -> [Option<Value<'_>>; 6] {
    json::pick(frame, ["event", "offers", "to_peer_id", "offer_id", "answer", "numwant"]).expect("well-formed JSON")
}

#[test]
fn a_tracker_link_announces_knocks_as_offers_and_answers_whoever_it_heard() {
    let mut link = RelayLink::new(RelayKind::Torrent, &room(), [4; 15]);
    assert!(link.ready());
    let joined = link.opened(0);
    let [event, offers, ..] = frame_fields(text(&joined[0]));
    assert_eq!(event, Some(Value::Str("started")));
    assert_eq!(offers, Some(Value::Array("[]")));
    // A knock: one announce with ten copies, each with its own offer id.
    let knock = link.to_all(SEALED, 1_000);
    let [event, offers, .., numwant] = frame_fields(text(&knock[0]));
    assert_eq!(event, None);
    assert_eq!(numwant, Some(Value::Number("10")));
    let Some(Value::Array(list)) = offers else { panic!("offers") };
    let mut ids = Vec::new();
    json::each_item(list, |item| {
        let [id, offer] = json::pick(obj(Some(item)), ["offer_id", "offer"]).unwrap();
        ids.push(obj(id).to_string());
        assert!(obj(offer).contains(SEALED));
    })
    .unwrap();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), KNOCK_COPIES);
    assert!(!ids.contains(&Id20::from_bytes(&[4; 15]).to_string()), "offer ids are not the peer id");

    // Nobody heard from yet: a message to one page cannot go through this tracker.
    assert_eq!(link.to_one(GUEST, SEALED, 1_000), vec![]);
    // A member's relayed offer: its sealed text, and the way back.
    let swarm = room().topic();
    let from = "GGGGGGGGGGGGGGGGGGGG";
    let offer = format!(
        r#"{{"action":"announce","offer":{{"type":"offer","sdp":"{SEALED}"}},"offer_id":"OOOOOOOOOOOOOOOOOOOO","peer_id":"{from}","info_hash":"{swarm}"}}"#
    );
    let (heard, error) = link.heard(Frame::Text(offer));
    assert_eq!(error, None);
    let via = Via::Tracker { peer: Id20::parse(from).unwrap(), offer_id: Id20::parse("OOOOOOOOOOOOOOOOOOOO").unwrap() };
    assert_eq!(heard, vec![Heard { sealed: SEALED.into(), via }]);
    link.learned(GUEST, via);
    let reply = link.to_one(GUEST, "cmVwbHk", 2_000);
    let [_, _, to, offer_id, answer, _] = frame_fields(text(&reply[0]));
    assert_eq!(to, Some(Value::Str(from)));
    assert_eq!(offer_id, Some(Value::Str("OOOOOOOOOOOOOOOOOOOO")));
    assert!(obj(answer).contains("cmVwbHk"));
    // Another swarm's offer is refused.
    let other = format!(
        r#"{{"action":"announce","offer":{{"type":"offer","sdp":"{SEALED}"}},"offer_id":"OOOOOOOOOOOOOOOOOOOO","peer_id":"{from}","info_hash":"XXXXXXXXXXXXXXXXXXXX"}}"#
    );
    assert_eq!(link.heard(Frame::Text(other)), (vec![], Some(LinkError::OtherRoom)));
    assert_eq!(link.heard(Frame::Bytes(vec![1])).1, Some(LinkError::WrongFrame));
    assert_eq!(
        link.heard(Frame::Text(r#"{"failure reason":"invalid info_hash"}"#.into())).1,
        Some(LinkError::TrackerRefused { reason: "invalid info_hash".into() })
    );
}

#[test]
fn a_tracker_link_remembers_a_bounded_number_of_routes() {
    let mut link = RelayLink::new(RelayKind::Torrent, &room(), [4; 15]);
    for i in 0..MAX_ROUTES as u8 + 5 {
        let via = Via::Tracker { peer: Id20::from_bytes(&[i; 15]), offer_id: Id20::from_bytes(&[i; 15]) };
        link.learned(PeerId([i; 8]), via);
    }
    assert_eq!(link.to_one(PeerId([0; 8]), SEALED, 0), vec![], "the oldest is forgotten");
    assert_eq!(link.to_one(PeerId([MAX_ROUTES as u8 + 4; 8]), SEALED, 0).len(), 1);
    // Heard again through another offer: the newest way back is used.
    let newer = Via::Tracker { peer: Id20::from_bytes(&[200; 15]), offer_id: Id20::from_bytes(&[201; 15]) };
    link.learned(PeerId([10; 8]), newer);
    let reply = link.to_one(PeerId([10; 8]), SEALED, 0);
    assert!(text(&reply[0]).contains(Id20::from_bytes(&[201; 15]).as_str()));
    // A broker's messages teach a tracker nothing.
    link.learned(PeerId([99; 8]), Via::Broker);
    assert_eq!(link.to_one(PeerId([99; 8]), SEALED, 0), vec![]);
}

#[test]
fn a_tracker_link_announces_at_its_interval_only_while_findable() {
    let mut link = RelayLink::new(RelayKind::Torrent, &room(), [4; 15]);
    link.opened(0);
    // The tracker asks for 2 minutes.
    link.heard(Frame::Text(format!(r#"{{"action":"announce","interval":120,"info_hash":"{}"}}"#, room().topic())));
    let first = link.next_due();
    assert_eq!(link.due(first - 1, true), vec![]);
    assert_eq!(link.due(first, false), vec![], "a full table is not announced");
    assert_eq!(link.due(first, true).len(), 1);
    assert_eq!(link.next_due(), first + 120_000);
    // An interval out of bounds is held to them.
    link.heard(Frame::Text(r#"{"action":"announce","interval":1}"#.into()));
    link.due(link.next_due(), true);
    let at = link.next_due();
    link.due(at, true);
    assert_eq!(link.next_due(), at + ANNOUNCE_MIN_MS);
    link.heard(Frame::Text(r#"{"action":"announce","interval":99999}"#.into()));
    let at = link.next_due();
    link.due(at, true);
    assert_eq!(link.next_due(), at + ANNOUNCE_MAX_MS);
    // A knock is an announce too.
    let at = link.next_due() - 10;
    link.to_all(SEALED, at);
    assert_eq!(link.next_due(), at + ANNOUNCE_MAX_MS);
}
