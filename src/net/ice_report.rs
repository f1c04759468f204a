//! What the ICE candidates a browser gathered say about its network (issue 35), as data:
//! the candidate lines read ([`Candidate::parse`]), what kind of network that is
//! ([`classify`]: open, an ordinary NAT, a strict one that maps each destination to its own
//! port, STUN blocked, TURN refused) and why a connection that failed most likely did
//! ([`failure_cause`], from both sides' candidates). The browser only hands over the lines
//! and the TURN errors it saw; the pages phrase the verdicts (`ui_model::peer_messages_ice`).
//! Learned in the NAT lab (e2e/nat-lab/): behind a NAT that maps every destination to a
//! new port, the two STUN servers give two server-reflexive candidates from one local port,
//! and two such networks never reach each other without a TURN server.

pub use super::signal::CandidateType;

/// One candidate, as much of it as the verdicts need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub kind: CandidateType,
    pub tcp: bool,
    pub address: String,
    pub port: u16,
    /// The local address and port behind a reflexive or relayed candidate.
    pub related: Option<(String, u16)>,
}

impl Candidate {
    /// Reads `candidate:<foundation> <component> <udp|tcp> <priority> <address> <port> typ
    /// <type> [raddr <a> rport <p>] …`, with or without a leading `a=`; `None` for anything
    /// else (an end-of-candidates line, another component, a line cut short).
    pub fn parse(line: &str) -> Option<Candidate> {
        let line = line.trim();
        let line = line.strip_prefix("a=").unwrap_or(line);
        let mut words = line.strip_prefix("candidate:")?.split_ascii_whitespace();
        let _foundation = words.next()?;
        if words.next()? != "1" {
            return None;
        }
        let tcp = match words.next()?.to_ascii_lowercase().as_str() {
            "udp" => false,
            "tcp" => true,
            _ => return None,
        };
        let _priority = words.next()?;
        let address = words.next()?.to_string();
        let port = words.next()?.parse().ok()?;
        if words.next()? != "typ" {
            return None;
        }
        let kind = CandidateType::from_name(words.next()?)?;
        let (mut raddr, mut rport) = (None, None);
        while let Some(w) = words.next() {
            match w {
                "raddr" => raddr = words.next().map(str::to_string),
                "rport" => rport = words.next().and_then(|p| p.parse().ok()),
                _ => {}
            }
        }
        let related = raddr.zip(rport);
        Some(Candidate { kind, tcp, address, port, related })
    }

    /// Every candidate of an SDP (its `a=candidate:` lines).
    pub fn all_in_sdp(sdp: &str) -> Vec<Candidate> {
        sdp.lines().filter_map(Candidate::parse).collect()
    }
}

/// What one browser gathered against its configured servers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gathered {
    pub candidates: Vec<Candidate>,
    /// How many STUN and TURN servers were configured (a TURN server answers STUN too).
    pub stun_servers: usize,
    pub turn_servers: usize,
    /// The error codes of failed server requests (`icecandidateerror`): 401 is a TURN
    /// server refusing the user name and password, 701 a server that did not answer.
    pub server_errors: Vec<u16>,
}

impl Gathered {
    fn has(&self, kind: CandidateType) -> bool {
        self.candidates.iter().any(|c| c.kind == kind)
    }

    /// Whether one local port was seen at two public ports: the NAT maps every
    /// destination to a port of its own (a "symmetric" NAT), so the other side cannot
    /// reach the address a STUN server saw.
    pub fn mapping_varies(&self) -> bool {
        let srflx: Vec<&Candidate> = self.candidates.iter().filter(|c| c.kind == CandidateType::Srflx && !c.tcp).collect();
        srflx.iter().enumerate().any(|(i, a)| {
            srflx[i + 1..].iter().any(|b| a.related.is_some() && a.related == b.related && (a.address != b.address || a.port != b.port))
        })
    }

    /// Whether the public address is the browser's own (no NAT on the way).
    fn public_is_own(&self) -> bool {
        let hosts: Vec<&str> = self.candidates.iter().filter(|c| c.kind == CandidateType::Host).map(|c| c.address.as_str()).collect();
        self.candidates.iter().filter(|c| c.kind == CandidateType::Srflx).all(|c| hosts.contains(&c.address.as_str()))
    }
}

/// What kind of network the gathered candidates show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetworkKind {
    /// No STUN or TURN server configured: only browsers on the same network can connect.
    NoServers,
    /// A TURN server refused the user name and password (and nothing else relays).
    TurnRefused,
    /// No server answered at all (no public address, no relay): STUN is blocked here,
    /// usually with all UDP.
    Blocked,
    /// The public address is this device's own: nothing in the way.
    Open,
    /// An ordinary NAT (one public port per local port): friends elsewhere reach it directly.
    Nat,
    /// A NAT that gives every destination its own port: a direct connection fails when
    /// the other side is as strict; a TURN server relays.
    Strict,
    /// Only the TURN server answered (no public address seen): relayed connections only.
    RelayOnly,
}

impl NetworkKind {
    /// A stable name for pages and tests (`data-kind`).
    pub fn key(self) -> &'static str {
        match self {
            NetworkKind::NoServers => "no-servers",
            NetworkKind::TurnRefused => "turn-refused",
            NetworkKind::Blocked => "blocked",
            NetworkKind::Open => "open",
            NetworkKind::Nat => "nat",
            NetworkKind::Strict => "strict",
            NetworkKind::RelayOnly => "relay-only",
        }
    }
}

/// Whether friends on other networks can reach this browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Directly, or through the TURN server where the other side needs it.
    Direct,
    /// Directly from most networks; not from a strict NAT's without a TURN server.
    DirectMost,
    /// Only through the configured TURN server.
    Relay,
    /// Hardly from elsewhere without a TURN server (only from open networks).
    NeedsTurn,
    /// Only friends on the same network.
    SameNetwork,
}

/// The verdict of a connection test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub kind: NetworkKind,
    pub reach: Reach,
    /// A relay candidate was gathered (the TURN server works).
    pub relay: bool,
}

/// What kind of network `g` shows, and who can reach it.
pub fn classify(g: &Gathered) -> Verdict {
    let relay = g.has(CandidateType::Relay);
    let srflx = g.has(CandidateType::Srflx);
    let kind = if g.stun_servers + g.turn_servers == 0 {
        NetworkKind::NoServers
    } else if srflx && g.mapping_varies() {
        NetworkKind::Strict
    } else if srflx && g.public_is_own() {
        NetworkKind::Open
    } else if srflx {
        NetworkKind::Nat
    } else if relay {
        NetworkKind::RelayOnly
    } else if g.turn_servers > 0 && g.server_errors.iter().any(|&e| e == 401 || e == 403) {
        NetworkKind::TurnRefused
    } else {
        NetworkKind::Blocked
    };
    let reach = match kind {
        NetworkKind::Open => Reach::Direct,
        NetworkKind::Nat if relay => Reach::Direct,
        NetworkKind::Nat => Reach::DirectMost,
        NetworkKind::Strict | NetworkKind::RelayOnly if relay => Reach::Relay,
        NetworkKind::Strict => Reach::NeedsTurn,
        _ => Reach::SameNetwork,
    };
    Verdict { kind, reach, relay }
}

/// The likely reason a connection failed, from what each side gathered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailCause {
    /// The TURN server refused the user name and password.
    TurnRefused,
    /// No STUN server answered this side (STUN or all UDP blocked): a TURN server over TCP helps.
    StunBlocked,
    /// The other side found no public address: its network blocks STUN (or all UDP).
    OtherBlocked,
    /// A strict NAT on either side and no relay: a TURN server is needed.
    NeedsTurn,
    /// No STUN or TURN server configured: only the same network can connect.
    NoServers,
    /// Nothing gathered explains it.
    Unknown,
}

impl FailCause {
    /// A stable name for pages and tests (`data-cause`).
    pub fn key(self) -> &'static str {
        match self {
            FailCause::TurnRefused => "turn-refused",
            FailCause::StunBlocked => "stun-blocked",
            FailCause::OtherBlocked => "other-blocked",
            FailCause::NeedsTurn => "needs-turn",
            FailCause::NoServers => "no-servers",
            FailCause::Unknown => "unknown",
        }
    }
}

/// Why a connection between `local` (this browser's gathering) and the other side's
/// candidates (`remote`, as its description carried them) most likely failed.
pub fn failure_cause(local: &Gathered, remote: &[Candidate]) -> FailCause {
    let mine = classify(local);
    let theirs = Gathered { candidates: remote.to_vec(), stun_servers: 1, ..Gathered::default() };
    let relayed = mine.relay || remote.iter().any(|c| c.kind == CandidateType::Relay);
    if mine.kind == NetworkKind::TurnRefused || (!mine.relay && local.turn_servers > 0 && local.server_errors.iter().any(|&e| e == 401 || e == 403)) {
        return FailCause::TurnRefused;
    }
    if mine.kind == NetworkKind::NoServers {
        return FailCause::NoServers;
    }
    // Blocked here first: then only TURN over TCP helps, which the sentence says.
    if mine.kind == NetworkKind::Blocked {
        return FailCause::StunBlocked;
    }
    if !relayed && (mine.kind == NetworkKind::Strict || theirs.mapping_varies()) {
        return FailCause::NeedsTurn;
    }
    if !relayed && !remote.is_empty() && !remote.iter().any(|c| c.kind != CandidateType::Host) {
        // The other side found no public address: it is the one blocked.
        return FailCause::OtherBlocked;
    }
    FailCause::Unknown
}

#[cfg(test)]
#[path = "ice_report_tests.rs"]
mod tests;
