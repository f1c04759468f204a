//! Tests of the MQTT codec: byte-exact packets from the MQTT 3.1.1 spec's layouts, the
//! decoder over every split of a stream, its bounds, and fixed-seed fuzzing.

use super::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Every result the decoder gives for `chunks` pushed in turn, drained after each push,
/// up to and including the first error that ends the stream.
fn decode_chunks(chunks: &[&[u8]]) -> Vec<Result<Incoming, MqttError>> {
    let mut decoder = Decoder::new();
    let mut out = Vec::new();
    for chunk in chunks {
        decoder.push(chunk);
        assert!(decoder.buffered() <= MAX_PACKET + 5);
        while let Some(r) = decoder.next() {
            let ends = matches!(r, Err(e) if e.ends_stream());
            out.push(r);
            if ends {
                return out;
            }
        }
    }
    out
}

fn publish_of(topic: &str, payload: &[u8]) -> Incoming {
    Incoming::Publish { topic: topic.to_string(), payload: payload.to_vec() }
}

#[test]
fn connect_is_byte_exact() {
    let expected = [0x10, 0x0e, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x02, 0x00, 0x3c, 0x00, 0x02, 0x61, 0x62];
    assert_eq!(connect("ab", 60), expected);
    // Keep-alive is big-endian; an empty client id is allowed with a clean session.
    assert_eq!(connect("", 0x1234), [0x10, 0x0c, 0, 4, b'M', b'Q', b'T', b'T', 4, 2, 0x12, 0x34, 0, 0]);
}

#[test]
fn subscribe_publish_ping_and_disconnect_are_byte_exact() {
    assert_eq!(subscribe(1, "a/b"), [0x82, 0x08, 0x00, 0x01, 0x00, 0x03, b'a', b'/', b'b', 0x00]);
    assert_eq!(subscribe(0x1234, "x"), [0x82, 0x06, 0x12, 0x34, 0x00, 0x01, b'x', 0x00]);
    // 0 is not a packet identifier: it goes as 1.
    assert_eq!(subscribe(0, "x"), [0x82, 0x06, 0x00, 0x01, 0x00, 0x01, b'x', 0x00]);
    assert_eq!(publish("a/b", b"hi"), [0x30, 0x07, 0x00, 0x03, b'a', b'/', b'b', b'h', b'i']);
    assert_eq!(publish("t", b""), [0x30, 0x03, 0x00, 0x01, b't']);
    assert_eq!(ping(), [0xC0, 0x00]);
    assert_eq!(disconnect(), [0xE0, 0x00]);
}

#[test]
fn remaining_length_is_encoded_at_every_boundary() {
    // The table of MQTT 3.1.1 §2.2.3.
    let cases: [(usize, &[u8]); 10] = [
        (0, &[0x00]),
        (127, &[0x7f]),
        (128, &[0x80, 0x01]),
        (16_383, &[0xff, 0x7f]),
        (16_384, &[0x80, 0x80, 0x01]),
        (2_097_151, &[0xff, 0xff, 0x7f]),
        (2_097_152, &[0x80, 0x80, 0x80, 0x01]),
        (268_435_455, &[0xff, 0xff, 0xff, 0x7f]),
        (321, &[0xc1, 0x02]),
        (65_536, &[0x80, 0x80, 0x04]),
    ];
    for (length, bytes) in cases {
        let mut out = Vec::new();
        put_varint(&mut out, length as u64);
        assert_eq!(out, bytes, "{length}");
        let mut header = vec![0x30];
        header.extend_from_slice(bytes);
        assert_eq!(read_header(&header).map(|h| h.map(|(_, l)| l)), if length > MAX_PACKET { Err(MqttError::TooLarge { claimed: length }) } else { Ok(Some(length)) });
    }
    // Whole packets across the boundaries: header size and round trip.
    for body in [127, 128, 16_383, 16_384, MAX_PACKET] {
        let packet = publish("t", &vec![7u8; body - 3]);
        let header_len = packet.len() - body;
        assert_eq!(header_len, if body < 128 { 2 } else if body < 16_384 { 3 } else { 4 }, "{body}");
        assert_eq!(decode_chunks(&[&packet]), vec![Ok(publish_of("t", &vec![7u8; body - 3]))]);
    }
    // Encoding goes past what the decoder accepts.
    let big = publish("t", &vec![0u8; 2_097_152 - 3]);
    assert_eq!(&big[..5], &[0x30, 0x80, 0x80, 0x80, 0x01]);
    assert_eq!(big.len(), 5 + 2_097_152);
}

#[test]
fn long_strings_are_cut_at_a_character_boundary() {
    let long = "é".repeat(40_000); // 80 000 bytes
    let packet = subscribe(1, &long);
    let topic_len = usize::from(u16::from_be_bytes([packet[6], packet[7]]));
    assert_eq!(topic_len, 65_534);
    assert!(std::str::from_utf8(&packet[8..8 + topic_len]).is_ok());
    assert_eq!(packet.len(), 8 + topic_len + 1);
}

/// A stream of every kind of packet the decoder reads, and what it reads from it.
fn sample_stream() -> (Vec<u8>, Vec<Result<Incoming, MqttError>>) {
    let mut stream = Vec::new();
    let mut expected = Vec::new();
    stream.extend_from_slice(&[0x20, 0x02, 0x01, 0x00]);
    expected.push(Ok(Incoming::ConnAck { session_present: true, code: 0 }));
    stream.extend_from_slice(&[0x20, 0x02, 0x00, 0x05]);
    expected.push(Ok(Incoming::ConnAck { session_present: false, code: 5 }));
    stream.extend_from_slice(&[0x90, 0x03, 0x00, 0x07, 0x00]);
    expected.push(Ok(Incoming::SubAck { packet_id: 7, granted: vec![0] }));
    stream.extend(publish("room/x", b"sealed.text"));
    expected.push(Ok(publish_of("room/x", b"sealed.text")));
    // QoS 1 and QoS 2 (with dup and retain): the packet identifier is skipped.
    stream.extend_from_slice(&[0x32, 0x07, 0x00, 0x01, b'q', 0x12, 0x34, b'h', b'i']);
    expected.push(Ok(publish_of("q", b"hi")));
    stream.extend_from_slice(&[0x3d, 0x05, 0x00, 0x01, b'q', 0x00, 0x01]);
    expected.push(Ok(publish_of("q", b"")));
    stream.extend_from_slice(&[0xD0, 0x00]);
    expected.push(Ok(Incoming::PingResp));
    // An UNSUBACK is framed well but not read.
    stream.extend_from_slice(&[0xB0, 0x02, 0x00, 0x09]);
    expected.push(Ok(Incoming::Other { kind: 11 }));
    // A malformed packet is reported and the stream goes on.
    stream.extend_from_slice(&[0x20, 0x03, 0x00, 0x00, 0x00]);
    expected.push(Err(MqttError::Malformed { kind: 2 }));
    stream.extend_from_slice(&[0x30, 0x04, 0x00, 0x02, 0xc3, 0x28]);
    expected.push(Err(MqttError::BadTopic));
    stream.extend(publish("tail", &[0, 255, 1]));
    expected.push(Ok(publish_of("tail", &[0, 255, 1])));
    (stream, expected)
}

#[test]
fn decoder_reads_a_stream_split_anywhere() {
    let (stream, expected) = sample_stream();
    assert_eq!(decode_chunks(&[&stream]), expected);
    for i in 0..=stream.len() {
        assert_eq!(decode_chunks(&[&stream[..i], &stream[i..]]), expected, "split at {i}");
        for j in i..=stream.len() {
            assert_eq!(decode_chunks(&[&stream[..i], &stream[i..j], &stream[j..]]), expected, "split at {i}, {j}");
        }
    }
    let bytes: Vec<&[u8]> = stream.chunks(1).collect();
    assert_eq!(decode_chunks(&bytes), expected);
}

#[test]
fn decoder_needs_the_whole_packet() {
    let mut decoder = Decoder::new();
    let packet = publish("t", b"payload");
    decoder.push(&packet[..packet.len() - 1]);
    assert_eq!(decoder.next(), None);
    assert_eq!(decoder.buffered(), packet.len() - 1);
    decoder.push(&packet[packet.len() - 1..]);
    assert_eq!(decoder.next(), Some(Ok(publish_of("t", b"payload"))));
    assert_eq!(decoder.next(), None);
    assert_eq!(decoder.buffered(), 0);
}

#[test]
fn malformed_packets_are_refused() {
    let cases: [(&[u8], MqttError); 12] = [
        (&[0x20, 0x01, 0x00], MqttError::Malformed { kind: 2 }),
        (&[0x20, 0x02, 0x02, 0x00], MqttError::Malformed { kind: 2 }),
        (&[0x21, 0x02, 0x00, 0x00], MqttError::Malformed { kind: 2 }),
        (&[0x90, 0x02, 0x00, 0x01], MqttError::Malformed { kind: 9 }),
        (&[0x90, 0x03, 0x00, 0x01, 0x03], MqttError::Malformed { kind: 9 }),
        (&[0x36, 0x03, 0x00, 0x01, b'a'], MqttError::Malformed { kind: 3 }),
        (&[0x32, 0x04, 0x00, 0x01, b'a', 0x00], MqttError::Malformed { kind: 3 }),
        (&[0x30, 0x03, 0x00, 0x02, b'a'], MqttError::Malformed { kind: 3 }),
        (&[0x30, 0x02, 0x00, 0x00], MqttError::BadTopic),
        (&[0x30, 0x05, 0x00, 0x03, b'a', b'/', b'#'], MqttError::BadTopic),
        (&[0x30, 0x03, 0x00, 0x01, 0x00], MqttError::BadTopic),
        (&[0xD0, 0x01, 0x00], MqttError::Malformed { kind: 13 }),
    ];
    for (bytes, error) in cases {
        assert_eq!(decode_chunks(&[bytes]), vec![Err(error)], "{bytes:02x?}");
    }
    let mut granted = vec![0x90, 2 + MAX_GRANTED as u8 + 1, 0, 1];
    granted.extend(std::iter::repeat_n(0, MAX_GRANTED + 1));
    assert_eq!(decode_chunks(&[&granted]), vec![Err(MqttError::Malformed { kind: 9 })]);
}

#[test]
fn oversize_claims_are_refused_unbuffered_and_end_the_stream() {
    let claims: [(&[u8], MqttError); 4] = [
        (&[0x30, 0x81, 0x80, 0x04], MqttError::TooLarge { claimed: MAX_PACKET + 1 }),
        (&[0x30, 0xff, 0xff, 0xff, 0x7f], MqttError::TooLarge { claimed: MAX_REMAINING_LENGTH }),
        (&[0x30, 0xff, 0xff, 0xff, 0xff, 0x01], MqttError::MalformedLength),
        (&[0x20, 0x80, 0x80, 0x80, 0x80], MqttError::MalformedLength),
    ];
    for (header, error) in claims {
        let mut decoder = Decoder::new();
        // A good packet first: it is still handed out before the error.
        decoder.push(&publish("t", b"x"));
        decoder.push(header);
        assert!(decoder.buffered() <= 5);
        assert_eq!(decoder.next(), Some(Ok(publish_of("t", b"x"))));
        let filler = vec![0u8; 100_000];
        for _ in 0..20 {
            decoder.push(&filler);
            assert_eq!(decoder.buffered(), 0);
            assert_eq!(decoder.next(), Some(Err(error)));
            assert!(error.ends_stream());
        }
        decoder.push(&publish("t", b"x"));
        assert_eq!(decoder.next(), Some(Err(error)), "unusable after the error");
    }
}

#[test]
fn peak_buffered_bytes_stay_within_one_packet() {
    let mut decoder = Decoder::new();
    let packet = publish("t", &vec![1u8; MAX_PACKET - 3]);
    let mut stream = Vec::new();
    for _ in 0..3 {
        stream.extend_from_slice(&packet);
    }
    let mut peak = 0;
    let mut count = 0;
    for chunk in stream.chunks(10_007) {
        decoder.push(chunk);
        peak = peak.max(decoder.buffered());
        while let Some(r) = decoder.next() {
            assert!(r.is_ok());
            count += 1;
        }
    }
    assert_eq!(count, 3);
    assert!(peak <= MAX_PACKET + 5, "{peak}");
    // Many packets in one push are all read (not buffered as input).
    let mut decoder = Decoder::new();
    decoder.push(&stream);
    assert_eq!(decoder.buffered(), 0);
    assert_eq!(std::iter::from_fn(|| decoder.next()).count(), 3);
}

#[test]
fn too_many_packets_unread_end_the_stream() {
    let mut decoder = Decoder::new();
    let pings: Vec<u8> = std::iter::repeat_n([0xD0, 0x00], MAX_QUEUED + 1).flatten().collect();
    decoder.push(&pings);
    for _ in 0..MAX_QUEUED {
        assert_eq!(decoder.next(), Some(Ok(Incoming::PingResp)));
    }
    assert_eq!(decoder.next(), Some(Err(MqttError::Backlog)));
    assert_eq!(decoder.next(), Some(Err(MqttError::Backlog)));
}

#[test]
fn errors_read_as_sentences() {
    for e in [
        MqttError::TooLarge { claimed: 70_000 },
        MqttError::MalformedLength,
        MqttError::Backlog,
        MqttError::Malformed { kind: 2 },
        MqttError::BadTopic,
    ] {
        let text = e.to_string();
        assert!(text.len() > 10 && !text.ends_with('.'), "{text}");
    }
}

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// Decodes `input` pushed whole and pushed in random pieces: no panic, the same results
/// either way, and every accepted packet within bounds and re-encoding to itself. Returns
/// how many packets were accepted.
fn check_decoding(rng: &mut ChaCha8Rng, input: &[u8]) -> usize {
    let whole = decode_chunks(&[input]);
    let mut chunks = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        let (chunk, tail) = rest.split_at(1 + below(rng, rest.len().min(16)));
        chunks.push(chunk);
        rest = tail;
    }
    assert_eq!(decode_chunks(&chunks), whole, "{input:02x?}");
    let accepted = whole.iter().filter(|r| r.is_ok()).count();
    for r in whole {
        match r {
            Ok(Incoming::Publish { topic, payload }) => {
                assert!(!topic.is_empty() && topic.len() + payload.len() + 2 <= MAX_PACKET);
                assert_eq!(decode_chunks(&[&publish(&topic, &payload)]), vec![Ok(publish_of(&topic, &payload))]);
            }
            Ok(Incoming::SubAck { granted, .. }) => assert!(!granted.is_empty() && granted.len() <= MAX_GRANTED),
            Ok(Incoming::Other { kind }) => assert!(kind < 16),
            Ok(_) | Err(_) => {}
        }
    }
    accepted
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6d717474);
    let mut accepted = 0;
    for _ in 0..100_000 {
        let mut input = vec![0u8; below(&mut rng, 64)];
        rng.fill_bytes(&mut input);
        // Lengths are mostly huge in random bytes: often make the packets plausible.
        if input.len() > 2 && rng.next_u32() % 2 == 0 {
            input[1] = below(&mut rng, input.len() - 1) as u8;
        }
        accepted += check_decoding(&mut rng, &input);
    }
    // Sanity: random bytes often frame packets that read, so the checks above ran on them.
    assert!(accepted > 10_000, "{accepted}");
}

#[test]
fn mutated_packets_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(311);
    let (stream, _) = sample_stream();
    let mut accepted = 0;
    for _ in 0..100_000 {
        let start = below(&mut rng, stream.len());
        let mut input = stream[start..start + below(&mut rng, stream.len() - start + 1)].to_vec();
        for _ in 0..1 + below(&mut rng, 4) {
            let at = below(&mut rng, input.len() + 1);
            let byte = rng.next_u32() as u8;
            match rng.next_u32() % 4 {
                0 if at < input.len() => input[at] ^= 1 << (byte % 8),
                1 if at < input.len() => input[at] = byte,
                2 if at < input.len() => {
                    input.remove(at);
                }
                _ => input.insert(at, byte),
            }
        }
        accepted += check_decoding(&mut rng, &input);
    }
    assert!(accepted > 50_000, "{accepted}");
}
