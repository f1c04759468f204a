//! Signalling-code tests on realistic Chromium data-channel descriptions.

use super::*;
use proptest::prelude::*;

const FP: &str = "a=fingerprint:sha-256 3C:4A:1F:9B:02:77:E8:51:C6:0D:AA:93:5E:21:F4:B7:8C:6E:19:D0:45:3A:BF:72:E1:08:96:2D:C5:7F:34:AB";

fn chromium_sdp(candidates: &[&str], setup: &str) -> String {
    let mut lines = vec![
        "v=0",
        "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=extmap-allow-mixed",
        "a=msid-semantic: WMS",
        "m=application 54321 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 192.168.1.23",
    ];
    lines.extend_from_slice(candidates);
    let setup_line = format!("a=setup:{setup}");
    lines.extend_from_slice(&[
        "a=ice-ufrag:Xk3f",
        "a=ice-pwd:8Fq1T9wJx2Rz7bVm/0aLpN+E",
        "a=ice-options:trickle",
        FP,
        &setup_line,
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]);
    lines.join("\r\n") + "\r\n"
}

const HOST4: &str = "a=candidate:1467250027 1 udp 2122260223 192.168.1.23 54321 typ host generation 0 network-id 1 network-cost 10";
const SRFLX: &str = "a=candidate:842163049 1 udp 1686052607 203.0.113.7 61234 typ srflx raddr 192.168.1.23 rport 54321 generation 0 network-id 1 network-cost 10";
const HOST6: &str = "a=candidate:2999745851 1 udp 2122197247 2001:db8::5:1 54322 typ host generation 0 network-id 2";
const MDNS: &str = "a=candidate:3442447574 1 udp 2122260223 4ba1ef5c-3d7e-4b2f-9d8e-1c2b3a4d5e6f.local 54321 typ host generation 0 network-id 1 network-cost 10";
const TCP: &str = "a=candidate:1606961068 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0 network-id 1";
const RELAY: &str = "a=candidate:2157334355 1 udp 41885439 198.51.100.9 3478 typ relay raddr 203.0.113.7 rport 61234 generation 0";

fn samples() -> Vec<(&'static str, String)> {
    vec![
        ("one host", chromium_sdp(&[HOST4], "actpass")),
        ("host + srflx", chromium_sdp(&[HOST4, SRFLX], "actpass")),
        ("IPv4 + IPv6 hosts", chromium_sdp(&[HOST4, HOST6], "actpass")),
        ("mDNS host", chromium_sdp(&[MDNS], "actpass")),
        ("mDNS + srflx (answer)", chromium_sdp(&[MDNS, SRFLX], "active")),
        ("host, tcp, srflx, relay", chromium_sdp(&[HOST4, TCP, SRFLX, RELAY], "actpass")),
    ]
}

/// The candidate line without the extensions the template drops.
fn essential_candidate(line: &str) -> String {
    let f: Vec<&str> = line.split(' ').collect();
    let keep = f.iter().position(|&w| w == "generation").unwrap_or(f.len());
    f[..keep].join(" ")
}

#[test]
fn typical_codes_round_trip_and_stay_under_200_chars() {
    for (name, sdp) in samples() {
        let kind = if sdp.contains("setup:active") { SdpKind::Answer } else { SdpKind::Offer };
        let code = encode(kind, &sdp).unwrap();
        println!("{name}: SDP {} bytes -> code {} chars", sdp.len(), code.len());
        assert_eq!(base64url_decode(&code).unwrap()[0], TAG_COMPACT_V1, "{name} should be compact");
        assert!(code.len() <= 200, "{name}: {} chars", code.len());
        let (k2, rebuilt) = decode(&code).unwrap();
        assert_eq!(k2, kind);
        // Every field WebRTC needs survives: the same essentials, and the same lines.
        assert_eq!(parse_sdp(kind, &rebuilt).unwrap(), parse_sdp(kind, &sdp).unwrap(), "{name}");
        for line in sdp.lines() {
            if line.starts_with("a=candidate:") {
                assert!(rebuilt.contains(&essential_candidate(line)), "{name}: lost {line}");
            } else if line.starts_with("a=ice-") || line.starts_with("a=fingerprint") || line.starts_with("a=setup") {
                assert!(rebuilt.contains(line), "{name}: lost {line}");
            }
        }
    }
}

#[test]
fn code_sizes_are_as_documented() {
    let sizes: Vec<usize> = samples().iter().map(|(_, s)| encode(SdpKind::Offer, s).unwrap().len()).collect();
    // 58 fixed bytes; +15 per IPv4 host, +22 per IPv4 srflx (related address), +27 per IPv6 or mDNS host.
    assert_eq!(sizes, vec![98, 127, 134, 114, 143, 176]);
}

#[test]
fn the_template_sdp_is_well_formed() {
    let e = parse_sdp(SdpKind::Offer, &chromium_sdp(&[MDNS, SRFLX], "actpass")).unwrap();
    let sdp = e.to_sdp();
    assert!(sdp.starts_with("v=0\r\no=- "));
    assert!(sdp.ends_with("a=max-message-size:262144\r\n"));
    assert!(sdp.contains("a=candidate:3442447574 1 udp 2122260223 4ba1ef5c-3d7e-4b2f-9d8e-1c2b3a4d5e6f.local 54321 typ host generation 0\r\n"));
    assert!(sdp.contains("raddr 192.168.1.23 rport 54321"));
    assert!(sdp.contains(FP));
    assert!(!sdp.contains("\n\n"));
}

#[test]
fn what_the_compact_form_cannot_express_goes_as_full_sdp() {
    let mut with_audio = chromium_sdp(&[HOST4], "actpass");
    with_audio.push_str("m=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:1\r\n");
    let sha1 = chromium_sdp(&[HOST4], "actpass").replace("sha-256", "sha-1");
    let odd_mid = chromium_sdp(&[HOST4], "actpass").replace("a=mid:0", "a=mid:data");
    let upper_mdns = chromium_sdp(&[&MDNS.replace("4ba1ef5c", "4BA1EF5C")], "actpass");
    for sdp in [with_audio, odd_mid, upper_mdns] {
        let code = encode(SdpKind::Offer, &sdp).unwrap();
        assert_eq!(base64url_decode(&code).unwrap()[0], TAG_FULL_SDP_V1);
        assert_eq!(decode(&code).unwrap(), (SdpKind::Offer, sdp));
    }
    // sha-1 fingerprints have 20 bytes: not compact, still carried whole.
    let code = encode(SdpKind::Answer, &sha1).unwrap();
    assert_eq!(decode(&code).unwrap(), (SdpKind::Answer, sha1));
}

#[test]
fn unusable_descriptions_are_refused_with_reasons() {
    let no_pwd = chromium_sdp(&[HOST4], "actpass").replace("a=ice-pwd:8Fq1T9wJx2Rz7bVm/0aLpN+E\r\n", "");
    assert_eq!(parse_sdp(SdpKind::Offer, &no_pwd), Err(SignalError::BadSdp("no ICE password".into())));
    let bad_port = chromium_sdp(&[&HOST4.replace("54321", "99999")], "actpass");
    assert!(matches!(encode(SdpKind::Offer, &bad_port), Err(SignalError::BadSdp(_))));
}

#[test]
fn bad_codes_get_clear_errors() {
    assert_eq!(decode("  "), Err(SignalError::Empty));
    assert_eq!(decode("AQ$x"), Err(SignalError::BadCharacter { ch: '$', position: 3 }));
    assert_eq!(decode("CQ"), Err(SignalError::UnknownTag(9)));
    let code = encode(SdpKind::Offer, &chromium_sdp(&[HOST4], "actpass")).unwrap();
    assert!(matches!(decode(&code[..40]), Err(SignalError::Truncated(_))));
    let mut bytes = base64url_decode(&code).unwrap();
    bytes.push(0);
    assert_eq!(decode(&base64url_encode(&bytes)), Err(SignalError::TrailingBytes(1)));
    assert!(matches!(decode(&"A".repeat(MAX_CODE_CHARS + 1)), Err(SignalError::TooLong { .. })));
    assert_eq!(decode(&base64url_encode(&[TAG_FULL_SDP_V1, 0, 1, 2, 3])), Err(SignalError::Inflate));
    assert!(!decode("CQ").unwrap_err().to_string().is_empty());
}

#[test]
fn a_deflate_bomb_is_stopped_at_the_limit() {
    let big = "a".repeat(MAX_SDP_BYTES * 4);
    let code = encode_full(SdpKind::Offer, &big);
    assert!(code.len() < MAX_CODE_CHARS);
    assert_eq!(decode(&code), Err(SignalError::Inflate));
}

fn any_address() -> impl Strategy<Value = Address> {
    prop_oneof![
        any::<[u8; 4]>().prop_map(|b| Address::V4(b.into())),
        any::<[u8; 16]>().prop_map(|b| Address::V6(b.into())),
        any::<[u8; 16]>().prop_map(Address::Mdns),
    ]
}

fn any_candidate() -> impl Strategy<Value = Candidate> {
    (any::<u32>(), any::<u32>(), any_address(), any::<u16>(), 0..4usize, 0..4usize, proptest::option::of((any_address(), any::<u16>())))
        .prop_map(|(foundation, priority, address, port, k, t, related)| Candidate {
            foundation,
            priority,
            address,
            port,
            kind: CandidateType::ALL[k],
            tcp: if t == 0 { None } else { Some(TcpType::ALL[t - 1]) },
            related,
        })
}

proptest! {
    #![proptest_config(crate::fixed_proptest::config(256))]
    #[test]
    fn decode_never_panics_on_random_text(s in ".{0,300}") {
        let _ = decode(&s);
    }

    #[test]
    fn decode_never_panics_on_random_bytes(tag in 0u8..4, rest in proptest::collection::vec(any::<u8>(), 0..200)) {
        let mut b = vec![tag];
        b.extend(rest);
        let _ = decode(&base64url_encode(&b));
    }

    #[test]
    fn essentials_round_trip_through_bytes_and_sdp(
        ufrag in "[A-Za-z0-9+/]{4,32}", pwd in "[A-Za-z0-9+/]{22,40}",
        fingerprint in any::<[u8; 32]>(), answer in any::<bool>(), s in 0..3usize,
        candidates in proptest::collection::vec(any_candidate(), 0..6),
    ) {
        let kind = if answer { SdpKind::Answer } else { SdpKind::Offer };
        let setup = [Setup::ActPass, Setup::Active, Setup::Passive][s];
        let e = Essentials { kind, ufrag, pwd, fingerprint, setup, candidates };
        prop_assert_eq!(&Essentials::from_bytes(&e.to_bytes()).unwrap(), &e);
        prop_assert_eq!(&parse_sdp(kind, &e.to_sdp()).unwrap(), &e);
        let code = base64url_encode(&e.to_bytes());
        prop_assert_eq!(decode(&code).unwrap(), (kind, e.to_sdp()));
    }

    #[test]
    fn base64url_round_trips(b in proptest::collection::vec(any::<u8>(), 0..100)) {
        prop_assert_eq!(base64url_decode(&base64url_encode(&b)).unwrap(), b);
    }
}
