//! `net::ice_report`: candidate lines as Chromium writes them, and each verdict from the
//! candidates the NAT lab's networks gave (e2e/nat-lab/).

use super::*;

const HOST: &str = "candidate:1 1 udp 2122260223 10.0.1.2 50000 typ host generation 0 network-id 1";
const HOST_MDNS: &str = "candidate:2 1 udp 2122260223 6b2c5f8e-1111-4222-8333-944455556666.local 50000 typ host generation 0";
const SRFLX: &str = "candidate:3 1 udp 1686052607 100.64.1.2 50000 typ srflx raddr 10.0.1.2 rport 50000 generation 0";
const SRFLX_OTHER_SERVER: &str = "candidate:4 1 udp 1686052607 100.64.1.2 50000 typ srflx raddr 10.0.1.2 rport 50000 generation 0";
const SRFLX_RANDOM_1: &str = "a=candidate:3 1 udp 1686052607 100.64.2.2 41234 typ srflx raddr 10.0.2.2 rport 50000 generation 0";
const SRFLX_RANDOM_2: &str = "a=candidate:5 1 udp 1686052351 100.64.2.2 38001 typ srflx raddr 10.0.2.2 rport 50000 generation 0";
const RELAY: &str = "candidate:6 1 udp 41885439 198.18.0.1 49160 typ relay raddr 100.64.2.2 rport 41234 generation 0";

fn gathered(lines: &[&str], stun: usize, turn: usize) -> Gathered {
    Gathered { candidates: lines.iter().filter_map(|l| Candidate::parse(l)).collect(), stun_servers: stun, turn_servers: turn, server_errors: vec![] }
}

#[test]
fn candidate_lines_read() {
    let c = Candidate::parse(SRFLX).unwrap();
    assert_eq!(c.kind, CandidateType::Srflx);
    assert!(!c.tcp);
    assert_eq!((c.address.as_str(), c.port), ("100.64.1.2", 50000));
    assert_eq!(c.related, Some(("10.0.1.2".to_string(), 50000)));
    let c = Candidate::parse(SRFLX_RANDOM_1).unwrap();
    assert_eq!(c.port, 41234);
    let c = Candidate::parse("candidate:7 1 tcp 1518280447 10.0.1.2 9 typ host tcptype active generation 0").unwrap();
    assert!(c.tcp && c.kind == CandidateType::Host && c.related.is_none());
    assert_eq!(Candidate::parse(HOST_MDNS).unwrap().port, 50000);
    // Not candidates we read: another component, a cut line, an unknown type, other lines.
    for bad in [
        "candidate:1 2 udp 1 10.0.0.1 5 typ host",
        "candidate:1 1 udp 1 10.0.0.1",
        "candidate:1 1 udp 1 10.0.0.1 5 typ elsewhere",
        "candidate:1 1 sctp 1 10.0.0.1 5 typ host",
        "a=end-of-candidates",
        "",
    ] {
        assert_eq!(Candidate::parse(bad), None, "{bad}");
    }
    let sdp = format!("v=0\r\na=ice-ufrag:x\r\na={HOST}\r\na={SRFLX}\r\na=end-of-candidates\r\n");
    assert_eq!(Candidate::all_in_sdp(&sdp).len(), 2);
}

#[test]
fn an_ordinary_nat_is_reached_directly() {
    // Both lab STUN servers saw the same public port: one mapping per local port.
    let v = classify(&gathered(&[HOST, SRFLX, SRFLX_OTHER_SERVER], 2, 0));
    assert_eq!(v, Verdict { kind: NetworkKind::Nat, reach: Reach::DirectMost, relay: false });
    let with_turn = classify(&gathered(&[HOST, SRFLX, RELAY], 2, 1));
    assert_eq!((with_turn.kind, with_turn.reach, with_turn.relay), (NetworkKind::Nat, Reach::Direct, true));
}

#[test]
fn a_nat_that_maps_each_destination_to_its_own_port_is_strict() {
    let g = gathered(&[HOST_MDNS, SRFLX_RANDOM_1, SRFLX_RANDOM_2], 2, 0);
    assert!(g.mapping_varies());
    assert_eq!(classify(&g), Verdict { kind: NetworkKind::Strict, reach: Reach::NeedsTurn, relay: false });
    let g = gathered(&[HOST_MDNS, SRFLX_RANDOM_1, SRFLX_RANDOM_2, RELAY], 2, 1);
    assert_eq!(classify(&g), Verdict { kind: NetworkKind::Strict, reach: Reach::Relay, relay: true });
    // As Chromium writes them (mDNS on): the local address hidden as 0.0.0.0 port 0.
    let hidden: Vec<String> = [SRFLX_RANDOM_1, SRFLX_RANDOM_2].iter().map(|l| l.replace("raddr 10.0.2.2 rport 50000", "raddr 0.0.0.0 rport 0")).collect();
    let g = gathered(&[HOST_MDNS, &hidden[0], &hidden[1]], 2, 0);
    assert_eq!(classify(&g).kind, NetworkKind::Strict);
    // One server only: a strict NAT cannot be told from an ordinary one.
    assert_eq!(classify(&gathered(&[HOST, SRFLX_RANDOM_1], 1, 0)).kind, NetworkKind::Nat);
}

#[test]
fn no_nat_is_open() {
    let own = "candidate:3 1 udp 1686052607 10.0.1.2 50000 typ srflx raddr 10.0.1.2 rport 50000 generation 0";
    assert_eq!(classify(&gathered(&[HOST, own], 1, 0)), Verdict { kind: NetworkKind::Open, reach: Reach::Direct, relay: false });
}

#[test]
fn blocked_refused_and_no_servers() {
    assert_eq!(classify(&gathered(&[HOST], 0, 0)).kind, NetworkKind::NoServers);
    assert_eq!(classify(&gathered(&[HOST], 0, 0)).reach, Reach::SameNetwork);
    assert_eq!(classify(&gathered(&[HOST], 2, 0)).kind, NetworkKind::Blocked);
    let mut refused = gathered(&[HOST], 2, 1);
    refused.server_errors = vec![701, 401];
    assert_eq!(classify(&refused).kind, NetworkKind::TurnRefused);
    // UDP dropped, TURN over TCP still relays.
    let relay_tcp = "candidate:8 1 udp 8331263 198.18.0.1 49170 typ relay raddr 100.64.2.2 rport 40000 generation 0";
    let mut tcp_only = gathered(&[HOST, relay_tcp], 2, 1);
    tcp_only.server_errors = vec![701, 701];
    assert_eq!(classify(&tcp_only), Verdict { kind: NetworkKind::RelayOnly, reach: Reach::Relay, relay: true });
}

#[test]
fn a_failure_names_its_likely_cause() {
    let strict = gathered(&[HOST_MDNS, SRFLX_RANDOM_1, SRFLX_RANDOM_2], 2, 0);
    let their_strict: Vec<Candidate> = [HOST_MDNS, SRFLX_RANDOM_1, SRFLX_RANDOM_2].iter().filter_map(|l| Candidate::parse(l)).collect();
    assert_eq!(failure_cause(&strict, &their_strict), FailCause::NeedsTurn);
    // My side ordinary, theirs strict: still a TURN server.
    let ordinary = gathered(&[HOST, SRFLX, SRFLX_OTHER_SERVER], 2, 0);
    assert_eq!(failure_cause(&ordinary, &their_strict), FailCause::NeedsTurn);
    // No public address here: STUN (and likely UDP) is blocked.
    assert_eq!(failure_cause(&gathered(&[HOST], 2, 0), &their_strict), FailCause::StunBlocked);
    // The other side found none: it is blocked.
    let their_host: Vec<Candidate> = [HOST_MDNS].iter().filter_map(|l| Candidate::parse(l)).collect();
    assert_eq!(failure_cause(&ordinary, &their_host), FailCause::OtherBlocked);
    let mut refused = gathered(&[HOST, SRFLX], 2, 1);
    refused.server_errors = vec![401];
    assert_eq!(failure_cause(&refused, &their_strict), FailCause::TurnRefused);
    assert_eq!(failure_cause(&gathered(&[HOST], 0, 0), &their_host), FailCause::NoServers);
    // A relay on either side and it still failed: nothing gathered explains it.
    let relayed = gathered(&[HOST, SRFLX, RELAY], 2, 1);
    assert_eq!(failure_cause(&relayed, &their_strict), FailCause::Unknown);
}
