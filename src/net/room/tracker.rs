//! The WebTorrent tracker's WebSocket protocol (JSON text frames) as the npm
//! `bittorrent-tracker` server speaks it, for rooms relayed through public trackers: the
//! announce that carries our sealed offers (the tracker hands each to a different peer of
//! the swarm), the answer sent back to one peer, and the reading of what the tracker sends
//! (relayed offers and answers, its reply to an announce, failures). Ids are 20 base64url
//! characters we choose and the "sdp" fields carry our sealed base64url text, so nothing we
//! send or accept needs a JSON escape; anything else is refused with a typed error.

use crate::codec::base64url_encode;
use crate::json::{self, Value};
use std::fmt;

/// The longest frame read; longer ones are refused before parsing.
pub const MAX_FRAME: usize = 32 * 1024;
/// The longest sealed text read from an offer or answer; longer ones are refused before
/// they are copied.
pub const MAX_SEALED: usize = 16 * 1024;
/// A tracker's failure or warning text is cut to this many characters.
pub const MAX_REASON_CHARS: usize = 200;

fn is_base64url(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'_'
}

/// Sealed text: base64url, in parts that may be separated by dots.
fn is_sealed(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|c| is_base64url(c) || c == b'.')
}

/// A 20-character id in the base64url alphabet: an info hash, peer id or offer id. The
/// tracker reads these as 20-character "binary" strings; ours need no escape.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Id20([u8; 20]);

impl Id20 {
    /// `text` if it is exactly 20 base64url characters.
    pub fn parse(text: &str) -> Option<Id20> {
        let bytes: [u8; 20] = text.as_bytes().try_into().ok()?;
        bytes.iter().all(|&c| is_base64url(c)).then_some(Id20(bytes))
    }

    /// The base64url text of 15 bytes, which is exactly 20 characters.
    pub fn from_bytes(bytes: &[u8; 15]) -> Id20 {
        let mut id = [b'A'; 20];
        for (slot, c) in id.iter_mut().zip(base64url_encode(bytes).bytes()) {
            *slot = c;
        }
        Id20(id)
    }

    pub fn as_str(&self) -> &str {
        // Always ASCII: checked by `parse`, made by `from_bytes`.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

impl fmt::Debug for Id20 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Id20({})", self.as_str())
    }
}

impl fmt::Display for Id20 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `{"type":kind,"sdp":sealed}`: where WebTorrent puts a session description.
fn description(kind: &str, sealed: &str) -> String {
    json::write_object(&[("type", Value::Str(kind)), ("sdp", Value::Str(sealed))])
}

/// An announce to the swarm `info_hash` carrying one sealed offer per `(offer id, sealed
/// text)`; the tracker gives each to a different peer. `first` marks the first announce on
/// a connection (event "started"). We announce as complete (`left` 0): the tracker pairs
/// peers regardless.
pub fn announce(info_hash: &Id20, peer_id: &Id20, offers: &[(Id20, &str)], first: bool) -> String {
    let mut list = String::from("[");
    for (i, (offer_id, sealed)) in offers.iter().enumerate() {
        if i > 0 {
            list.push(',');
        }
        let offer = description("offer", sealed);
        list.push_str(&json::write_object(&[("offer_id", Value::Str(offer_id.as_str())), ("offer", Value::Object(&offer))]));
    }
    list.push(']');
    // The tracker counts the offers itself; numwant says the same.
    let numwant = offers.len().to_string();
    let mut fields = vec![
        ("action", Value::Str("announce")),
        ("info_hash", Value::Str(info_hash.as_str())),
        ("peer_id", Value::Str(peer_id.as_str())),
        ("numwant", Value::Number(&numwant)),
        ("uploaded", Value::Number("0")),
        ("downloaded", Value::Number("0")),
        ("left", Value::Number("0")),
    ];
    if first {
        fields.push(("event", Value::Str("started")));
    }
    fields.push(("offers", Value::Array(&list)));
    json::write_object(&fields)
}

/// The sealed answer to offer `offer_id` of peer `to_peer_id`, which the tracker forwards
/// to that peer only.
pub fn answer(info_hash: &Id20, peer_id: &Id20, to_peer_id: &Id20, offer_id: &Id20, sealed: &str) -> String {
    let answer = description("answer", sealed);
    json::write_object(&[
        ("action", Value::Str("announce")),
        ("info_hash", Value::Str(info_hash.as_str())),
        ("peer_id", Value::Str(peer_id.as_str())),
        ("to_peer_id", Value::Str(to_peer_id.as_str())),
        ("offer_id", Value::Str(offer_id.as_str())),
        ("answer", Value::Object(&answer)),
    ])
}

/// A frame from the tracker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromTracker {
    /// Another peer's sealed offer, relayed to us: answer it to `from` with `offer_id`.
    Offer { from: Id20, offer_id: Id20, info_hash: Id20, sealed: String },
    /// The sealed answer to our offer `offer_id`, from peer `from`.
    Answer { from: Id20, offer_id: Id20, info_hash: Id20, sealed: String },
    /// The tracker's reply to an announce: announce again within `secs`.
    Interval { secs: u64 },
    /// The tracker refused a request (cut to [`MAX_REASON_CHARS`]; empty if the text had
    /// JSON escapes).
    Failure { reason: String },
    /// A warning from the tracker (cut and emptied the same way).
    Warning { message: String },
    /// Anything else well formed (a scrape reply, an announce reply without an interval).
    Other,
}

/// Why a frame from the tracker was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackerError {
    /// A frame or a sealed text over its limit ([`MAX_FRAME`], [`MAX_SEALED`]).
    TooLarge { len: usize, limit: usize },
    /// Not one well-formed JSON object.
    Malformed,
    /// A field the tracker itself writes has the wrong JSON type.
    WrongType { field: &'static str },
    /// A relayed offer or answer not in our form: ids that are not 20 base64url characters,
    /// or a description that is not sealed text (such as a real WebTorrent peer's SDP).
    NotOurs,
}

impl fmt::Display for TrackerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrackerError::TooLarge { len, limit } => write!(f, "a tracker message of {len} bytes is over the limit of {limit}"),
            TrackerError::Malformed => f.write_str("a tracker message is not a well-formed JSON object"),
            TrackerError::WrongType { field } => write!(f, "a tracker message's \"{field}\" has the wrong type"),
            TrackerError::NotOurs => f.write_str("a relayed offer or answer is not one of this app's"),
        }
    }
}

impl std::error::Error for TrackerError {}

/// The named fields of one JSON object (`json::pick`: of a duplicated key the last, as
/// JavaScript reads it), a `null` counting as absent.
fn fields<'a, const N: usize>(text: &'a str, names: [&str; N]) -> Option<[Option<Value<'a>>; N]> {
    json::pick(text, names).map(|values| values.map(|v| v.filter(|v| *v != Value::Null)))
}

/// A failure or warning text for the logs: at most [`MAX_REASON_CHARS`] characters.
fn reason(value: Value<'_>, name: &'static str) -> Result<String, TrackerError> {
    match value {
        Value::Str(s) => Ok(s.char_indices().nth(MAX_REASON_CHARS).map_or(s, |(end, _)| &s[..end]).to_string()),
        Value::Escaped => Ok(String::new()),
        _ => Err(TrackerError::WrongType { field: name }),
    }
}

/// Reads one frame from the tracker.
pub fn parse(text: &str) -> Result<FromTracker, TrackerError> {
    if text.len() > MAX_FRAME {
        return Err(TrackerError::TooLarge { len: text.len(), limit: MAX_FRAME });
    }
    let [failure, action, offer, answer, interval, min_interval, warning, peer_id, offer_id, info_hash] = fields(
        text,
        ["failure reason", "action", "offer", "answer", "interval", "min interval", "warning message", "peer_id", "offer_id", "info_hash"],
    )
    .ok_or(TrackerError::Malformed)?;
    // A refused request may come back without an action (when the request did not parse).
    if let Some(value) = failure {
        return Ok(FromTracker::Failure { reason: reason(value, "failure reason")? });
    }
    if action == Some(Value::Str("announce")) {
        let ids = [peer_id, offer_id, info_hash];
        if let Some(offer) = offer {
            let (from, offer_id, info_hash, sealed) = relayed(ids, offer, "offer")?;
            return Ok(FromTracker::Offer { from, offer_id, info_hash, sealed });
        }
        if let Some(answer) = answer {
            let (from, offer_id, info_hash, sealed) = relayed(ids, answer, "answer")?;
            return Ok(FromTracker::Answer { from, offer_id, info_hash, sealed });
        }
        if let Some(interval) = interval.or(min_interval) {
            let secs = interval.as_u64().ok_or(TrackerError::WrongType { field: "interval" })?;
            return Ok(FromTracker::Interval { secs });
        }
    }
    // A warning alone (it may also come with a reply, which matters more).
    if let Some(value) = warning {
        return Ok(FromTracker::Warning { message: reason(value, "warning message")? });
    }
    Ok(FromTracker::Other)
}

/// The sender, offer id, info hash and sealed text of a relayed offer or answer whose
/// description (`{"type":kind,"sdp":...}`) is `description`; `ids` are the frame's
/// `peer_id`, `offer_id` and `info_hash`.
fn relayed(ids: [Option<Value<'_>>; 3], description: Value<'_>, kind: &str) -> Result<(Id20, Id20, Id20, String), TrackerError> {
    let Value::Object(text) = description else { return Err(TrackerError::NotOurs) };
    // Already checked to be well formed (and within the frame's size) by the outer read.
    let [kind_field, sdp] = fields(text, ["type", "sdp"]).ok_or(TrackerError::Malformed)?;
    if kind_field != Some(Value::Str(kind)) {
        return Err(TrackerError::NotOurs);
    }
    // A real SDP has line breaks, so it reads as an escaped string and is refused here.
    let Some(Value::Str(sealed)) = sdp else { return Err(TrackerError::NotOurs) };
    if sealed.len() > MAX_SEALED {
        return Err(TrackerError::TooLarge { len: sealed.len(), limit: MAX_SEALED });
    }
    if !is_sealed(sealed) {
        return Err(TrackerError::NotOurs);
    }
    let [from, offer_id, info_hash] = ids.map(|id| match id {
        Some(Value::Str(s)) => Id20::parse(s).ok_or(TrackerError::NotOurs),
        _ => Err(TrackerError::NotOurs),
    });
    Ok((from?, offer_id?, info_hash?, sealed.to_string()))
}

#[cfg(test)]
#[path = "tracker_tests.rs"]
mod tests;
