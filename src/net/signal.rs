//! Signalling codes: a WebRTC offer/answer squeezed into a short base64url string.
//! The compact form keeps only what a data-channel session needs (ICE credentials, DTLS
//! fingerprint, setup role, candidates) and rebuilds the SDP from a template; anything it
//! cannot express travels as deflated full SDP. Byte layout: docs/net.md.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

/// Tag byte of the compact form (version 1).
pub const TAG_COMPACT_V1: u8 = 0x01;
/// Tag byte of the full-SDP fallback (raw deflate of the SDP text).
pub const TAG_FULL_SDP_V1: u8 = 0x02;
/// Longest code accepted by [`decode`], in characters.
pub const MAX_CODE_CHARS: usize = 8192;
/// Longest SDP accepted (as input and after inflating a fallback code).
pub const MAX_SDP_BYTES: usize = 32 * 1024;
/// Most candidates a compact code may carry.
pub const MAX_CANDIDATES: usize = 32;

/// The SCTP port and max message size Chromium uses; the template writes these back.
const SCTP_PORT: u32 = 5000;
const MAX_MESSAGE_SIZE: u32 = 262_144;

/// Offer or answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SdpKind {
    Offer,
    Answer,
}

/// DTLS role (`a=setup:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    ActPass,
    Active,
    Passive,
}

impl Setup {
    fn as_str(self) -> &'static str {
        match self {
            Setup::ActPass => "actpass",
            Setup::Active => "active",
            Setup::Passive => "passive",
        }
    }
}

/// A candidate's connection address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    V4(Ipv4Addr),
    V6(Ipv6Addr),
    /// An mDNS host name `<uuid>.local`, kept as the UUID's 16 bytes.
    Mdns([u8; 16]),
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Address::V4(a) => write!(f, "{a}"),
            Address::V6(a) => write!(f, "{a}"),
            Address::Mdns(u) => {
                for (i, b) in u.iter().enumerate() {
                    if matches!(i, 4 | 6 | 8 | 10) {
                        f.write_str("-")?;
                    }
                    write!(f, "{b:02x}")?;
                }
                f.write_str(".local")
            }
        }
    }
}

fn parse_address(s: &str) -> Option<Address> {
    if let Ok(a) = s.parse::<Ipv4Addr>() {
        return Some(Address::V4(a));
    }
    if let Ok(a) = s.parse::<Ipv6Addr>() {
        return Some(Address::V6(a));
    }
    let uuid = s.strip_suffix(".local")?;
    let parts: Vec<&str> = uuid.split('-').collect();
    let lens: Vec<usize> = parts.iter().map(|p| p.len()).collect();
    if lens != [8, 4, 4, 4, 12] {
        return None;
    }
    let hex: String = parts.concat();
    // Lowercase only: the rebuilt name must be byte-identical.
    if !hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(Address::Mdns(out))
}

/// A candidate's type, as ICE names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateType {
    Host,
    /// Server-reflexive: the public address a STUN (or TURN) server saw.
    Srflx,
    /// Peer-reflexive: learned from the other side's checks.
    Prflx,
    /// An address on a TURN server.
    Relay,
}

impl CandidateType {
    const ALL: [CandidateType; 4] = [CandidateType::Host, CandidateType::Srflx, CandidateType::Prflx, CandidateType::Relay];
    fn as_str(self) -> &'static str {
        match self {
            CandidateType::Host => "host",
            CandidateType::Srflx => "srflx",
            CandidateType::Prflx => "prflx",
            CandidateType::Relay => "relay",
        }
    }

    /// The type a candidate line names after `typ` (`host`, `srflx`, …).
    pub fn from_name(name: &str) -> Option<CandidateType> {
        CandidateType::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TcpType {
    Active,
    Passive,
    So,
}

impl TcpType {
    const ALL: [TcpType; 3] = [TcpType::Active, TcpType::Passive, TcpType::So];
    fn as_str(self) -> &'static str {
        match self {
            TcpType::Active => "active",
            TcpType::Passive => "passive",
            TcpType::So => "so",
        }
    }
}

/// One ICE candidate (component 1: Chromium bundles and muxes everything).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub foundation: u32,
    pub priority: u32,
    pub address: Address,
    pub port: u16,
    pub kind: CandidateType,
    /// `Some` for TCP candidates.
    pub tcp: Option<TcpType>,
    /// `raddr`/`rport` of srflx, prflx and relay candidates.
    pub related: Option<(Address, u16)>,
}

impl Candidate {
    fn sdp_line(&self) -> String {
        let transport = if self.tcp.is_some() { "tcp" } else { "udp" };
        let mut s = format!(
            "a=candidate:{} 1 {transport} {} {} {} typ {}",
            self.foundation,
            self.priority,
            self.address,
            self.port,
            self.kind.as_str()
        );
        if let Some((a, p)) = &self.related {
            s.push_str(&format!(" raddr {a} rport {p}"));
        }
        if let Some(t) = self.tcp {
            s.push_str(&format!(" tcptype {}", t.as_str()));
        }
        s.push_str(" generation 0");
        s
    }
}

/// What a data-channel session description needs, and nothing else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Essentials {
    pub kind: SdpKind,
    pub ufrag: String,
    pub pwd: String,
    /// SHA-256 DTLS certificate fingerprint.
    pub fingerprint: [u8; 32],
    pub setup: Setup,
    pub candidates: Vec<Candidate>,
}

/// Why a description or a code was refused.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SignalError {
    Empty,
    TooLong { len: usize, max: usize },
    BadCharacter { ch: char, position: usize },
    UnknownTag(u8),
    /// The code ends in the middle of its named part.
    Truncated(String),
    TrailingBytes(usize),
    /// The named part of the code is not valid.
    BadField(String),
    Inflate,
    NotUtf8,
    /// The SDP cannot go in the compact form (the reason says why); the full form still can.
    NotCompact(String),
    /// The SDP lacks something WebRTC needs.
    BadSdp(String),
}

impl fmt::Display for SignalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SignalError::Empty => f.write_str("the code is empty: paste the whole code you were sent"),
            SignalError::TooLong { len, max } => {
                write!(f, "the input is {len} characters long, more than the {max} a code may have")
            }
            SignalError::BadCharacter { ch, position } => write!(
                f,
                "the code has {ch:?} at position {position}: a code uses only letters, digits, '-' and '_'; copy it again"
            ),
            SignalError::UnknownTag(t) => write!(
                f,
                "the code starts with version tag {t}, which this version of the app does not know: both sides need the same app version"
            ),
            SignalError::Truncated(what) => write!(f, "the code ends too early (in the {what}): copy all of it"),
            SignalError::TrailingBytes(n) => write!(f, "the code has {n} unexpected bytes at the end: copy exactly the code"),
            SignalError::BadField(what) => write!(f, "the code's {what} is not valid: copy it again"),
            SignalError::Inflate => f.write_str("the code's compressed description is damaged: copy it again"),
            SignalError::NotUtf8 => f.write_str("the code's description is not text: copy it again"),
            SignalError::NotCompact(why) => write!(f, "this description has no compact form: {why}"),
            SignalError::BadSdp(why) => write!(f, "the session description is not usable: {why}"),
        }
    }
}

impl std::error::Error for SignalError {}

// ---------- SDP parsing ----------

fn not_compact<T>(why: impl Into<String>) -> Result<T, SignalError> {
    Err(SignalError::NotCompact(why.into()))
}

fn parse_candidate(value: &str) -> Result<Candidate, SignalError> {
    let f: Vec<&str> = value.split_ascii_whitespace().collect();
    if f.len() < 8 || f[6] != "typ" {
        return Err(SignalError::BadSdp(format!("candidate line {value:?} is not in the RFC 8839 form")));
    }
    let foundation = f[0].parse::<u32>().or_else(|_| not_compact("a candidate foundation is not a number"))?;
    if f[1] != "1" {
        return not_compact("a candidate has a component other than 1");
    }
    let tcp_transport = match f[2].to_ascii_lowercase().as_str() {
        "udp" => false,
        "tcp" => true,
        _ => return not_compact(format!("candidate transport {:?}", f[2])),
    };
    let priority = f[3].parse::<u32>().map_err(|_| SignalError::BadSdp(format!("candidate priority {:?}", f[3])))?;
    let address = parse_address(f[4]).map_or_else(|| not_compact(format!("candidate address {:?}", f[4])), Ok)?;
    let port = f[5].parse::<u16>().map_err(|_| SignalError::BadSdp(format!("candidate port {:?}", f[5])))?;
    let kind = CandidateType::from_name(f[7]).map_or_else(|| not_compact(format!("candidate type {:?}", f[7])), Ok)?;
    let (mut raddr, mut rport, mut tcptype) = (None, None, None);
    let mut i = 8;
    while i + 1 < f.len() {
        match f[i] {
            "raddr" => raddr = Some(parse_address(f[i + 1]).map_or_else(|| not_compact("a related address"), Ok)?),
            "rport" => rport = Some(f[i + 1].parse::<u16>().map_err(|_| SignalError::BadSdp("a related port".into()))?),
            "tcptype" => {
                tcptype = Some(
                    TcpType::ALL
                        .into_iter()
                        .find(|t| t.as_str() == f[i + 1])
                        .map_or_else(|| not_compact("a tcptype"), Ok)?,
                )
            }
            // generation, ufrag, network-id, network-cost: not needed to connect.
            _ => {}
        }
        i += 2;
    }
    let related = match (raddr, rport) {
        (Some(a), Some(p)) => Some((a, p)),
        (None, None) => None,
        _ => return Err(SignalError::BadSdp("a candidate has raddr without rport or the reverse".into())),
    };
    if tcp_transport != tcptype.is_some() {
        return not_compact("a TCP candidate without tcptype (or the reverse)");
    }
    Ok(Candidate { foundation, priority, address, port, kind, tcp: tcptype, related })
}

fn ice_chars_ok(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
}

/// Parses a Chromium data-channel SDP into its essentials, or says why it cannot be
/// compacted (`NotCompact`) or used at all (`BadSdp`).
pub fn parse_sdp(kind: SdpKind, sdp: &str) -> Result<Essentials, SignalError> {
    if sdp.len() > MAX_SDP_BYTES {
        return Err(SignalError::TooLong { len: sdp.len(), max: MAX_SDP_BYTES });
    }
    let (mut ufrag, mut pwd, mut fp, mut setup) = (None, None, None, None);
    let mut candidates = Vec::new();
    let mut media = 0;
    for line in sdp.lines() {
        let line = line.trim_end_matches('\r');
        if let Some(m) = line.strip_prefix("m=") {
            media += 1;
            if !m.starts_with("application ") || !m.ends_with(" UDP/DTLS/SCTP webrtc-datachannel") {
                return not_compact(format!("media line {line:?} is not a data channel"));
            }
        } else if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
            if ufrag.replace(v.to_string()).is_some_and(|old| old != v) {
                return not_compact("two different ICE ufrags");
            }
        } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
            if pwd.replace(v.to_string()).is_some_and(|old| old != v) {
                return not_compact("two different ICE passwords");
            }
        } else if let Some(v) = line.strip_prefix("a=fingerprint:") {
            let (alg, hex) = v.split_once(' ').ok_or_else(|| SignalError::BadSdp("fingerprint line".into()))?;
            if !alg.eq_ignore_ascii_case("sha-256") {
                return not_compact(format!("fingerprint algorithm {alg}"));
            }
            let bytes: Vec<u8> = hex
                .split(':')
                .map(|h| if h.len() == 2 { u8::from_str_radix(h, 16).ok() } else { None })
                .collect::<Option<_>>()
                .ok_or_else(|| SignalError::BadSdp("the fingerprint is not hex pairs".into()))?;
            let arr: [u8; 32] =
                bytes.try_into().map_err(|_| SignalError::BadSdp("a sha-256 fingerprint has 32 bytes".into()))?;
            fp = Some(arr);
        } else if let Some(v) = line.strip_prefix("a=setup:") {
            setup = Some(match v {
                "actpass" => Setup::ActPass,
                "active" => Setup::Active,
                "passive" => Setup::Passive,
                _ => return Err(SignalError::BadSdp(format!("setup role {v:?}"))),
            });
        } else if let Some(v) = line.strip_prefix("a=candidate:") {
            candidates.push(parse_candidate(v)?);
        } else if let Some(v) = line.strip_prefix("a=mid:") {
            if v != "0" {
                return not_compact(format!("mid {v:?} (the template uses 0)"));
            }
        } else if let Some(v) = line.strip_prefix("a=sctp-port:") {
            if v.parse::<u32>() != Ok(SCTP_PORT) {
                return not_compact(format!("sctp-port {v}"));
            }
        } else if let Some(v) = line.strip_prefix("a=max-message-size:") {
            if v.parse::<u32>() != Ok(MAX_MESSAGE_SIZE) {
                return not_compact(format!("max-message-size {v}"));
            }
        }
    }
    if media != 1 {
        return not_compact(format!("{media} media sections (the template has one data channel)"));
    }
    let ufrag = ufrag.ok_or_else(|| SignalError::BadSdp("no ICE ufrag".into()))?;
    let pwd = pwd.ok_or_else(|| SignalError::BadSdp("no ICE password".into()))?;
    let fingerprint = fp.ok_or_else(|| SignalError::BadSdp("no DTLS fingerprint".into()))?;
    let setup = setup.ok_or_else(|| SignalError::BadSdp("no setup role".into()))?;
    if !ice_chars_ok(&ufrag) || !ice_chars_ok(&pwd) || ufrag.len() > 63 || pwd.len() > 63 {
        return not_compact("ICE credentials outside the 64 ICE characters or too long");
    }
    if candidates.len() > MAX_CANDIDATES {
        return not_compact(format!("{} candidates", candidates.len()));
    }
    Ok(Essentials { kind, ufrag, pwd, fingerprint, setup, candidates })
}

impl Essentials {
    /// Rebuilds a complete SDP from the template (CRLF line ends, as WebRTC writes them).
    pub fn to_sdp(&self) -> String {
        // A stable session id from the fingerprint (any 63-bit number will do).
        let sess = u64::from_be_bytes(self.fingerprint[..8].try_into().unwrap_or([0; 8])) >> 1;
        let fp: Vec<String> = self.fingerprint.iter().map(|b| format!("{b:02X}")).collect();
        let mut lines = vec![
            "v=0".to_string(),
            format!("o=- {sess} 2 IN IP4 127.0.0.1"),
            "s=-".into(),
            "t=0 0".into(),
            "a=group:BUNDLE 0".into(),
            "a=extmap-allow-mixed".into(),
            "a=msid-semantic: WMS".into(),
            "m=application 9 UDP/DTLS/SCTP webrtc-datachannel".into(),
            "c=IN IP4 0.0.0.0".into(),
        ];
        lines.extend(self.candidates.iter().map(Candidate::sdp_line));
        lines.push(format!("a=ice-ufrag:{}", self.ufrag));
        lines.push(format!("a=ice-pwd:{}", self.pwd));
        lines.push("a=ice-options:trickle".into());
        lines.push(format!("a=fingerprint:sha-256 {}", fp.join(":")));
        lines.push(format!("a=setup:{}", self.setup.as_str()));
        lines.push("a=mid:0".into());
        lines.push(format!("a=sctp-port:{SCTP_PORT}"));
        lines.push(format!("a=max-message-size:{MAX_MESSAGE_SIZE}"));
        let mut s = lines.join("\r\n");
        s.push_str("\r\n");
        s
    }
}

// ---------- base64url (no padding): crate::codec ----------

pub use crate::codec::base64url_encode;

/// [`crate::codec::base64url_decode`] with this module's errors.
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, SignalError> {
    crate::codec::base64url_decode(text).map_err(|position| match position {
        0 => SignalError::Truncated("base64 text".into()),
        // Every byte before the offending one is ASCII, so the byte position is the
        // character position and the character starts there.
        p => SignalError::BadCharacter { ch: text[p - 1..].chars().next().unwrap_or('?'), position: p },
    })
}

// ---------- codes ----------

/// Encodes an offer or answer: the compact form when it can express the SDP, else the
/// deflated full SDP. Refuses only an SDP that is unusable or oversized.
pub fn encode(kind: SdpKind, sdp: &str) -> Result<String, SignalError> {
    match parse_sdp(kind, sdp) {
        Ok(e) => Ok(base64url_encode(&e.to_bytes())),
        Err(SignalError::NotCompact(_)) => Ok(encode_full(kind, sdp)),
        Err(e) => Err(e),
    }
}

/// The fallback: tag, kind byte, raw deflate of the SDP text.
pub fn encode_full(kind: SdpKind, sdp: &str) -> String {
    let mut out = vec![TAG_FULL_SDP_V1, matches!(kind, SdpKind::Answer) as u8];
    out.extend(miniz_oxide::deflate::compress_to_vec(sdp.as_bytes(), 9));
    base64url_encode(&out)
}

/// Decodes a code into the kind and a complete SDP. Never panics; whitespace around the
/// code (from copying) is ignored.
pub fn decode(code: &str) -> Result<(SdpKind, String), SignalError> {
    let code = code.trim();
    if code.is_empty() {
        return Err(SignalError::Empty);
    }
    if code.len() > MAX_CODE_CHARS {
        return Err(SignalError::TooLong { len: code.len(), max: MAX_CODE_CHARS });
    }
    let bytes = base64url_decode(code)?;
    match bytes.first().copied() {
        Some(TAG_COMPACT_V1) => {
            let e = Essentials::from_bytes(&bytes)?;
            Ok((e.kind, e.to_sdp()))
        }
        Some(TAG_FULL_SDP_V1) => {
            let kind = match bytes.get(1) {
                Some(0) => SdpKind::Offer,
                Some(1) => SdpKind::Answer,
                Some(_) => return Err(SignalError::BadField("offer/answer flag".into())),
                None => return Err(SignalError::Truncated("offer/answer flag".into())),
            };
            let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes[2..], MAX_SDP_BYTES)
                .map_err(|_| SignalError::Inflate)?;
            let sdp = String::from_utf8(text).map_err(|_| SignalError::NotUtf8)?;
            Ok((kind, sdp))
        }
        Some(t) => Err(SignalError::UnknownTag(t)),
        None => Err(SignalError::Truncated("version tag".into())),
    }
}

mod compact;
#[cfg(test)]
mod tests;
