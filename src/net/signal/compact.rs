//! The compact binary form of a signalling code (before base64url): a version tag, the
//! kind and setup role, the ICE credentials packed 6 bits a character, the fingerprint and
//! each candidate in a few bytes. Byte layout: docs/net.md.

use super::{Address, Candidate, CandidateType, Essentials, SdpKind, Setup, SignalError, TcpType, MAX_CANDIDATES, TAG_COMPACT_V1};
use std::net::{Ipv4Addr, Ipv6Addr};

impl Essentials {
    /// The compact binary form (before base64url).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![TAG_COMPACT_V1];
        let kind = matches!(self.kind, SdpKind::Answer) as u8;
        let setup = match self.setup {
            Setup::ActPass => 0,
            Setup::Active => 1,
            Setup::Passive => 2,
        };
        out.push(kind | (setup << 1));
        pack_ice(&mut out, &self.ufrag);
        pack_ice(&mut out, &self.pwd);
        out.extend_from_slice(&self.fingerprint);
        out.push(self.candidates.len() as u8);
        for c in &self.candidates {
            let t = CandidateType::ALL.iter().position(|k| *k == c.kind).unwrap_or(0) as u8;
            let tcp = match c.tcp {
                None => 0,
                Some(t) => 1 + TcpType::ALL.iter().position(|k| *k == t).unwrap_or(0) as u8,
            };
            let head = t | (addr_kind(&c.address) << 2) | (tcp << 4) | ((c.related.is_some() as u8) << 6);
            out.push(head);
            out.extend_from_slice(&c.foundation.to_be_bytes());
            out.extend_from_slice(&c.priority.to_be_bytes());
            push_addr(&mut out, &c.address);
            out.extend_from_slice(&c.port.to_be_bytes());
            if let Some((a, p)) = &c.related {
                out.push(addr_kind(a));
                push_addr(&mut out, a);
                out.extend_from_slice(&p.to_be_bytes());
            }
        }
        out
    }

    /// Reads the compact binary form.
    pub fn from_bytes(bytes: &[u8]) -> Result<Essentials, SignalError> {
        let mut r = Reader { bytes, at: 0 };
        if r.u8("version tag")? != TAG_COMPACT_V1 {
            return Err(SignalError::BadField("version tag".into()));
        }
        let flags = r.u8("flags")?;
        if flags & !0b111 != 0 {
            return Err(SignalError::BadField("flags".into()));
        }
        let kind = if flags & 1 == 1 { SdpKind::Answer } else { SdpKind::Offer };
        let setup = match flags >> 1 {
            0 => Setup::ActPass,
            1 => Setup::Active,
            2 => Setup::Passive,
            _ => return Err(SignalError::BadField("setup role".into())),
        };
        let ufrag = unpack_ice(&mut r, "ICE ufrag")?;
        let pwd = unpack_ice(&mut r, "ICE password")?;
        let fingerprint: [u8; 32] = r.take(32, "fingerprint")?.try_into().map_err(|_| SignalError::Truncated("fingerprint".into()))?;
        let n = r.u8("candidate count")? as usize;
        if n > MAX_CANDIDATES {
            return Err(SignalError::BadField("candidate count".into()));
        }
        let mut candidates = Vec::with_capacity(n);
        for _ in 0..n {
            let head = r.u8("candidate")?;
            if head & 0x80 != 0 {
                return Err(SignalError::BadField("candidate header".into()));
            }
            let kind = CandidateType::ALL[(head & 3) as usize];
            let ak = (head >> 2) & 3;
            let tcp = match (head >> 4) & 3 {
                0 => None,
                t => Some(TcpType::ALL[(t - 1) as usize]),
            };
            let foundation = r.u32("candidate foundation")?;
            let priority = r.u32("candidate priority")?;
            let address = read_addr(&mut r, ak)?;
            let port = r.u16("candidate port")?;
            let related = if head & 0x40 != 0 {
                let ak = r.u8("related address")?;
                let a = read_addr(&mut r, ak)?;
                Some((a, r.u16("related port")?))
            } else {
                None
            };
            candidates.push(Candidate { foundation, priority, address, port, kind, tcp, related });
        }
        if r.at != bytes.len() {
            return Err(SignalError::TrailingBytes(bytes.len() - r.at));
        }
        Ok(Essentials { kind, ufrag, pwd, fingerprint, setup, candidates })
    }
}

fn addr_kind(a: &Address) -> u8 {
    match a {
        Address::V4(_) => 0,
        Address::V6(_) => 1,
        Address::Mdns(_) => 2,
    }
}

fn push_addr(out: &mut Vec<u8>, a: &Address) {
    match a {
        Address::V4(a) => out.extend_from_slice(&a.octets()),
        Address::V6(a) => out.extend_from_slice(&a.octets()),
        Address::Mdns(u) => out.extend_from_slice(u),
    }
}

fn read_addr(r: &mut Reader, kind: u8) -> Result<Address, SignalError> {
    Ok(match kind {
        0 => Address::V4(Ipv4Addr::from(<[u8; 4]>::try_from(r.take(4, "IPv4 address")?).map_err(|_| SignalError::Truncated("address".into()))?)),
        1 => Address::V6(Ipv6Addr::from(<[u8; 16]>::try_from(r.take(16, "IPv6 address")?).map_err(|_| SignalError::Truncated("address".into()))?)),
        2 => Address::Mdns(r.take(16, "mDNS name")?.try_into().map_err(|_| SignalError::Truncated("address".into()))?),
        _ => return Err(SignalError::BadField("address kind".into())),
    })
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&[u8], SignalError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or_else(|| SignalError::Truncated(what.into()))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u8(&mut self, what: &'static str) -> Result<u8, SignalError> {
        Ok(self.take(1, what)?[0])
    }
    fn u16(&mut self, what: &'static str) -> Result<u16, SignalError> {
        let b = self.take(2, what)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }
    fn u32(&mut self, what: &'static str) -> Result<u32, SignalError> {
        let b = self.take(4, what)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
}

// ICE characters are exactly the 64 of base64 ("A-Z a-z 0-9 + /"): 6 bits each.
const ICE_ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn pack_ice(out: &mut Vec<u8>, s: &str) {
    out.push(s.len() as u8);
    let sixes: Vec<u8> = s.bytes().map(|b| ICE_ALPHABET.iter().position(|&a| a == b).unwrap_or(0) as u8).collect();
    let (mut acc, mut bits) = (0u32, 0);
    for v in sixes {
        acc = (acc << 6) | v as u32;
        bits += 6;
        while bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    if bits > 0 {
        out.push((acc << (8 - bits)) as u8);
    }
}

fn unpack_ice(r: &mut Reader, what: &'static str) -> Result<String, SignalError> {
    let n = r.u8(what)? as usize;
    if n == 0 || n > 63 {
        return Err(SignalError::BadField(what.into()));
    }
    let bytes = r.take((n * 6).div_ceil(8), what)?;
    let (mut acc, mut bits, mut s) = (0u32, 0, String::with_capacity(n));
    for &b in bytes {
        acc = (acc << 8) | b as u32;
        bits += 8;
        while bits >= 6 && s.len() < n {
            bits -= 6;
            s.push(ICE_ALPHABET[((acc >> bits) & 63) as usize] as char);
        }
        acc &= (1 << bits) - 1;
    }
    Ok(s)
}
