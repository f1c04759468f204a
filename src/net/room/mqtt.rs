//! A minimal MQTT 3.1.1 client codec for rooms relayed through public brokers (WebSocket
//! sub-protocol "mqtt", binary frames): the packets a room sends (CONNECT, SUBSCRIBE,
//! PUBLISH at QoS 0, PINGREQ, DISCONNECT) and a [`Decoder`] for what a broker sends back
//! (CONNACK, SUBACK, PUBLISH, PINGRESP). Pure and bounded: the browser glue hands it the
//! bytes of each WebSocket frame and sends the bytes it makes.

use crate::codec::put_varint;
use std::collections::VecDeque;
use std::fmt;

/// The largest packet (remaining length) the decoder accepts: a room's messages are under
/// 8 KiB, so anything bigger is not for us and is refused before it is buffered.
pub const MAX_PACKET: usize = 64 * 1024;
/// The largest remaining length MQTT can express (four length bytes).
pub const MAX_REMAINING_LENGTH: usize = 268_435_455;
/// The most decoded packets the decoder keeps waiting for [`Decoder::next`].
pub const MAX_QUEUED: usize = 256;
/// The most return codes a SUBACK may carry (we subscribe to one topic at a time).
pub const MAX_GRANTED: usize = 16;
/// The longest MQTT string (client id, topic): its length is a 16-bit number.
const MAX_STRING: usize = u16::MAX as usize;

const CONNACK: u8 = 2;
const PUBLISH: u8 = 3;
const SUBACK: u8 = 9;
const PINGRESP: u8 = 13;

/// CONNECT: protocol "MQTT" level 4, clean session only (no will, no user name or
/// password). A client id longer than 65 535 bytes is cut at a character boundary.
pub fn connect(client_id: &str, keep_alive_secs: u16) -> Vec<u8> {
    let id = cut(client_id, MAX_STRING);
    let [alive_high, alive_low] = keep_alive_secs.to_be_bytes();
    let header = [0, 4, b'M', b'Q', b'T', b'T', 4, 0x02, alive_high, alive_low];
    packet(0x10, &[&header, &string_length(id), id.as_bytes()])
}

/// SUBSCRIBE to one topic filter at QoS 0. Packet identifiers must not be 0, so 0 is sent
/// as 1. A topic longer than 65 535 bytes is cut at a character boundary.
pub fn subscribe(packet_id: u16, topic: &str) -> Vec<u8> {
    let topic = cut(topic, MAX_STRING);
    let id = packet_id.max(1).to_be_bytes();
    packet(0x82, &[&id, &string_length(topic), topic.as_bytes(), &[0]])
}

/// PUBLISH at QoS 0, neither retained nor a duplicate (so no packet identifier). A topic
/// longer than 65 535 bytes is cut at a character boundary, and a payload that would take
/// the packet past MQTT's largest length is cut to fit (the receiver's seal check then
/// refuses it: ours are a few KiB).
pub fn publish(topic: &str, payload: &[u8]) -> Vec<u8> {
    let topic = cut(topic, MAX_STRING);
    let room = MAX_REMAINING_LENGTH - 2 - topic.len();
    let payload = &payload[..payload.len().min(room)];
    packet(0x30, &[&string_length(topic), topic.as_bytes(), payload])
}

/// PINGREQ: keeps the connection alive between messages.
pub fn ping() -> Vec<u8> {
    vec![0xC0, 0x00]
}

/// DISCONNECT: the polite close before the socket goes.
pub fn disconnect() -> Vec<u8> {
    vec![0xE0, 0x00]
}

/// The longest prefix of `s` of at most `max` bytes that ends on a character boundary.
fn cut(s: &str, max: usize) -> &str {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// The two-byte length before an MQTT string (callers cut strings to 65 535 bytes).
fn string_length(s: &str) -> [u8; 2] {
    (s.len().min(MAX_STRING) as u16).to_be_bytes()
}

/// A packet: its first byte, the remaining length, then the parts. Callers keep the parts
/// within [`MAX_REMAINING_LENGTH`], which bounds the allocation.
fn packet(first: u8, parts: &[&[u8]]) -> Vec<u8> {
    let length = parts.iter().map(|p| p.len()).sum::<usize>().min(MAX_REMAINING_LENGTH);
    let mut out = Vec::with_capacity(5 + length);
    out.push(first);
    // MQTT's remaining length is the LEB128 varint of codec (seven bits a byte, low bits
    // first, the top bit saying "more follows"): one to four bytes up to the limit.
    put_varint(&mut out, length as u64);
    for part in parts {
        out.extend_from_slice(part);
    }
    out
}

/// A packet from the broker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// The answer to CONNECT: `code` 0 is accepted, anything else refused.
    ConnAck { session_present: bool, code: u8 },
    /// The answer to SUBSCRIBE: per topic filter, the granted QoS or 0x80 for failure
    /// (at most [`MAX_GRANTED`]).
    SubAck { packet_id: u16, granted: Vec<u8> },
    /// A message on a topic we subscribed to.
    Publish { topic: String, payload: Vec<u8> },
    PingResp,
    /// A well-framed packet of a type a room does not read (its 4-bit type).
    Other { kind: u8 },
}

/// Why bytes from the broker could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MqttError {
    /// A packet claims a remaining length over [`MAX_PACKET`]. Ends the stream.
    TooLarge { claimed: usize },
    /// A remaining length runs past four bytes. Ends the stream.
    MalformedLength,
    /// More than [`MAX_QUEUED`] packets arrived without being taken. Ends the stream.
    Backlog,
    /// A whole packet of this 4-bit type whose contents do not parse. The stream goes on.
    Malformed { kind: u8 },
    /// A PUBLISH whose topic is not valid UTF-8, is empty, or holds a wildcard or NUL.
    /// The stream goes on.
    BadTopic,
}

impl MqttError {
    /// True if the decoder can read nothing more after this error (it has lost its place
    /// in the stream or dropped bytes): the glue should close the socket.
    pub fn ends_stream(self) -> bool {
        matches!(self, MqttError::TooLarge { .. } | MqttError::MalformedLength | MqttError::Backlog)
    }
}

impl fmt::Display for MqttError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MqttError::TooLarge { claimed } => {
                write!(f, "an MQTT packet claims {claimed} bytes, over the limit of {MAX_PACKET}")
            }
            MqttError::MalformedLength => f.write_str("an MQTT packet's length runs past four bytes"),
            MqttError::Backlog => write!(f, "more than {MAX_QUEUED} MQTT packets arrived without being read"),
            MqttError::Malformed { kind } => write!(f, "an MQTT packet of type {kind} is malformed"),
            MqttError::BadTopic => f.write_str("an MQTT message came on an invalid topic name"),
        }
    }
}

impl std::error::Error for MqttError {}

/// Reads the packets of one connection from its bytes as they arrive: a frame may hold
/// part of a packet or several. [`Decoder::push`] splits the bytes into whole packets and
/// decodes them at once, so the decoder never buffers more than one unfinished packet
/// (at most [`MAX_PACKET`] + 5 bytes); [`Decoder::next`] hands them out in order.
///
/// Errors that lose the place in the stream ([`MqttError::ends_stream`]: an oversized or
/// malformed length, or a backlog) make the decoder unusable: after the packets decoded
/// before it, `next` returns that error again and again and `push` ignores new bytes. The
/// glue should then close the socket. A malformed packet within good framing is reported
/// once and decoding goes on.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The bytes of the packet under way, fixed header included.
    partial: Vec<u8>,
    ready: VecDeque<Result<Incoming, MqttError>>,
    failed: Option<MqttError>,
}

impl Decoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes the bytes of one frame.
    pub fn push(&mut self, mut input: &[u8]) {
        loop {
            if self.failed.is_some() {
                return;
            }
            let wanted = match read_header(&self.partial) {
                Err(e) => return self.fail(e),
                Ok(Some((header_len, body_len))) => {
                    let total = header_len + body_len;
                    if self.partial.len() == total {
                        let packet = decode(self.partial[0], &self.partial[header_len..]);
                        self.partial.clear();
                        self.enqueue(packet);
                        continue;
                    }
                    // `read_header` bounded `total` by MAX_PACKET + 5: reserve it at once.
                    self.partial.reserve_exact(total - self.partial.len());
                    total - self.partial.len()
                }
                // The fixed header is not whole yet: take it a byte at a time, so that a
                // bad length is caught before any of the body is buffered.
                Ok(None) => 1,
            };
            if input.is_empty() {
                return;
            }
            let (taken, rest) = input.split_at(wanted.min(input.len()));
            self.partial.extend_from_slice(taken);
            input = rest;
        }
    }

    /// The next whole packet (or error), in the order they came; `None` when more bytes
    /// are needed. After an error that ends the stream this returns it every time, so a
    /// reading loop must stop on it (hence not an `Iterator`).
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Result<Incoming, MqttError>> {
        self.ready.pop_front().or(self.failed.map(Err))
    }

    /// Bytes held of the packet under way (at most [`MAX_PACKET`] + 5).
    pub fn buffered(&self) -> usize {
        self.partial.len()
    }

    fn enqueue(&mut self, packet: Result<Incoming, MqttError>) {
        if self.ready.len() >= MAX_QUEUED {
            self.fail(MqttError::Backlog);
        } else {
            self.ready.push_back(packet);
        }
    }

    fn fail(&mut self, e: MqttError) {
        self.failed = Some(e);
        self.partial = Vec::new();
    }
}

/// The fixed header at the start of `bytes`: `(header length, remaining length)`, `None`
/// while it is not whole. Refuses a remaining length over [`MAX_PACKET`].
fn read_header(bytes: &[u8]) -> Result<Option<(usize, usize)>, MqttError> {
    let mut length = 0usize;
    for i in 0..4 {
        let Some(&b) = bytes.get(1 + i) else { return Ok(None) };
        length |= usize::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            if length > MAX_PACKET {
                return Err(MqttError::TooLarge { claimed: length });
            }
            return Ok(Some((2 + i, length)));
        }
    }
    Err(MqttError::MalformedLength)
}

/// One whole packet from its first byte and its body (all after the fixed header).
fn decode(first: u8, body: &[u8]) -> Result<Incoming, MqttError> {
    let kind = first >> 4;
    let flags = first & 0x0f;
    let malformed = MqttError::Malformed { kind };
    match kind {
        CONNACK => match *body {
            // Only bit 0 of the acknowledge flags is defined; the rest must be zero.
            [ack, code] if flags == 0 && ack & !1 == 0 => Ok(Incoming::ConnAck { session_present: ack == 1, code }),
            _ => Err(malformed),
        },
        SUBACK => {
            let [high, low, ref codes @ ..] = *body else { return Err(malformed) };
            let known = codes.iter().all(|c| matches!(c, 0x00 | 0x01 | 0x02 | 0x80));
            if flags != 0 || codes.is_empty() || codes.len() > MAX_GRANTED || !known {
                return Err(malformed);
            }
            Ok(Incoming::SubAck { packet_id: u16::from_be_bytes([high, low]), granted: codes.to_vec() })
        }
        PUBLISH => {
            let qos = (flags >> 1) & 3;
            let [high, low, ref rest @ ..] = *body else { return Err(malformed) };
            let topic_len = usize::from(u16::from_be_bytes([high, low]));
            if qos == 3 || rest.len() < topic_len {
                return Err(malformed);
            }
            let (topic, rest) = rest.split_at(topic_len);
            // QoS 1 and 2 carry a packet identifier before the payload (we subscribe at
            // QoS 0, so a broker should not send them; skip it all the same).
            let payload = if qos == 0 { rest } else { rest.get(2..).ok_or(malformed)? };
            let topic = std::str::from_utf8(topic).map_err(|_| MqttError::BadTopic)?;
            if topic.is_empty() || topic.contains(['+', '#', '\0']) {
                return Err(MqttError::BadTopic);
            }
            Ok(Incoming::Publish { topic: topic.to_string(), payload: payload.to_vec() })
        }
        PINGRESP if flags == 0 && body.is_empty() => Ok(Incoming::PingResp),
        PINGRESP => Err(malformed),
        _ => Ok(Incoming::Other { kind }),
    }
}

#[cfg(test)]
#[path = "mqtt_tests.rs"]
mod tests;
