//! Smaller view updates on the wire. After every change the host sends each seat its whole
//! view, and a view late in a hand carries the hand's log: most of it unchanged since the
//! last one. So each connection's encoder remembers the last view it sent (its postcard
//! bytes) and sends the next as a **patch** against it when that is smaller: copies of runs
//! of the old bytes and the new bytes in between, with a checksum of the base and of the
//! result. The guest's decoder keeps the same base, rebuilds the view's bytes, checks both
//! sums and decodes them like a whole view, so everything after (bounds, the client) sees a
//! plain `HostMessage::View`. A patch that does not fit the guest's base (it should never
//! happen on an ordered channel; a hostile host can send one) is refused, the guest's view
//! stays, and the guest asks for the whole view again with `GuestMessage::Resync`.
//!
//! The patch format, after the sums: ops until the end, each a varint `len << 1 | kind`,
//! kind 0 = copy `len` bytes of the base from the varint offset that follows, kind 1 =
//! `len` new bytes that follow. Matches are found through a table of 4-byte windows of the
//! base (the newest offset wins), extended as far as they go.

use super::game::PeerGame;
use super::protocol::{decode_host, encode_host, DecodeError, HostMessage};
use crate::codec::{put_varint, Reader};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A view as a patch of the last view sent on this connection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Patch {
    /// FNV-1a of the base view's bytes, and of the view the patch makes.
    pub base: u32,
    pub check: u32,
    pub ops: Vec<u8>,
}

/// Shortest run of old bytes worth a copy op.
const MIN_MATCH: usize = 4;
/// Slots in the table of 4-byte windows.
const TABLE_BITS: u32 = 12;

fn fnv(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

fn slot(w: &[u8]) -> usize {
    let v = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
    (v.wrapping_mul(0x9E37_79B1) >> (32 - TABLE_BITS)) as usize
}

fn put_literal(ops: &mut Vec<u8>, bytes: &[u8]) {
    if !bytes.is_empty() {
        put_varint(ops, (bytes.len() as u64) << 1 | 1);
        ops.extend_from_slice(bytes);
    }
}

/// The ops that turn `base` into `new`.
pub fn diff(base: &[u8], new: &[u8]) -> Vec<u8> {
    let mut table = vec![u32::MAX; 1 << TABLE_BITS];
    for i in 0..base.len().saturating_sub(MIN_MATCH - 1) {
        table[slot(&base[i..])] = i as u32;
    }
    let mut ops = Vec::new();
    let (mut i, mut literal) = (0, 0);
    // Where the last copy ended in the base: the next run often starts right there.
    let mut next_in_base = 0usize;
    while i + MIN_MATCH <= new.len() {
        let run = |from: usize| base.get(from..).map_or(0, |b| b.iter().zip(&new[i..]).take_while(|(a, b)| a == b).count());
        let guess = table[slot(&new[i..])];
        let (from, len) = [next_in_base, guess as usize]
            .into_iter()
            .filter(|&f| f < base.len())
            .map(|f| (f, run(f)))
            .max_by_key(|&(_, len)| len)
            .unwrap_or((0, 0));
        if len >= MIN_MATCH {
            put_literal(&mut ops, &new[literal..i]);
            put_varint(&mut ops, (len as u64) << 1);
            put_varint(&mut ops, from as u64);
            i += len;
            literal = i;
            next_in_base = from + len;
        } else {
            i += 1;
        }
    }
    put_literal(&mut ops, &new[literal..]);
    ops
}

/// Why a patch could not be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatchError {
    /// No whole view came before it on this connection.
    NoBase,
    /// It was made against another view than the one kept here.
    WrongBase,
    /// Its ops read past their end, copy from outside the base, or build too much.
    Malformed,
    /// What it builds is not what the host meant.
    WrongResult,
}

impl fmt::Display for PatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PatchError::NoBase => "a view update came before any whole view",
            PatchError::WrongBase => "a view update was made against another view than the last one received",
            PatchError::Malformed => "a view update could not be read",
            PatchError::WrongResult => "a view update did not build the view it announced",
        })
    }
}

/// Applies `ops` to `base`; the result is at most `max` bytes.
pub fn apply(base: &[u8], ops: &[u8], max: usize) -> Result<Vec<u8>, PatchError> {
    let mut out = Vec::new();
    let mut r = Reader::new(ops);
    while !r.is_empty() {
        let head = r.varint().ok_or(PatchError::Malformed)?;
        let len = usize::try_from(head >> 1).map_err(|_| PatchError::Malformed)?;
        if out.len().saturating_add(len) > max {
            return Err(PatchError::Malformed);
        }
        if head & 1 == 0 {
            let from = usize::try_from(r.varint().ok_or(PatchError::Malformed)?).map_err(|_| PatchError::Malformed)?;
            let run = base.get(from..from.saturating_add(len)).filter(|s| s.len() == len).ok_or(PatchError::Malformed)?;
            out.extend_from_slice(run);
        } else {
            out.extend_from_slice(r.take(len).ok_or(PatchError::Malformed)?);
        }
    }
    Ok(out)
}

fn view_bytes<G: PeerGame>(view: &G::View) -> Vec<u8> {
    // Serialising plain data into memory cannot fail.
    postcard::to_allocvec(view).unwrap_or_default()
}

/// The host's side, one per connection: encodes messages, views as patches when smaller.
#[derive(Clone, Debug, Default)]
pub struct ViewEncoder {
    last: Option<Vec<u8>>,
}

impl ViewEncoder {
    pub fn encode<G: PeerGame>(&mut self, msg: &HostMessage<G>) -> Vec<u8> {
        let HostMessage::View(view) = msg else { return encode_host(msg) };
        let full = view_bytes::<G>(view);
        let patch = self.last.as_ref().map(|base| Patch { base: fnv(base), check: fnv(&full), ops: diff(base, &full) });
        let whole = encode_host(msg);
        let out = match patch.map(|p| encode_host::<G>(&HostMessage::ViewPatch(p))) {
            Some(smaller) if smaller.len() < whole.len() => smaller,
            _ => whole,
        };
        self.last = Some(full);
        out
    }

    /// Forgets the base: the next view goes whole (the guest asked for it, `Resync`).
    pub fn reset(&mut self) {
        self.last = None;
    }
}

/// Why a message from the host was not used.
#[derive(Clone, Debug, PartialEq)]
pub enum WireError {
    Decode(DecodeError),
    Patch(PatchError),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Decode(e) => e.fmt(f),
            WireError::Patch(e) => e.fmt(f),
        }
    }
}

/// The guest's side: decodes the host's messages, turning a patch into the whole view.
#[derive(Clone, Debug, Default)]
pub struct ViewDecoder {
    last: Option<Vec<u8>>,
}

impl ViewDecoder {
    pub fn decode<G: PeerGame>(&mut self, bytes: &[u8], max: usize) -> Result<HostMessage<G>, WireError> {
        match decode_host::<G>(bytes).map_err(WireError::Decode)? {
            HostMessage::View(v) => {
                self.last = Some(view_bytes::<G>(&v));
                Ok(HostMessage::View(v))
            }
            HostMessage::ViewPatch(p) => {
                let base = self.last.as_ref().ok_or(WireError::Patch(PatchError::NoBase))?;
                if fnv(base) != p.base {
                    return Err(WireError::Patch(PatchError::WrongBase));
                }
                let full = apply(base, &p.ops, max).map_err(WireError::Patch)?;
                if fnv(&full) != p.check {
                    return Err(WireError::Patch(PatchError::WrongResult));
                }
                let view: G::View = postcard::from_bytes(&full).map_err(|e| WireError::Decode(DecodeError::Malformed(e.to_string())))?;
                self.last = Some(full);
                Ok(HostMessage::View(Box::new(view)))
            }
            other => Ok(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_patch_rebuilds_the_new_bytes_from_the_old_ones() {
        let cases: [(&[u8], &[u8]); 6] = [
            (b"", b""),
            (b"", b"fresh"),
            (b"abcdefgh", b""),
            (b"the quick brown fox jumps", b"the quick brown fox jumps over"),
            (b"head:1|log:aaaa,bbbb,cccc|tail:9", b"head:2|log:aaaa,bbbb,cccc,dddd|tail:8"),
            (b"0123456789abcdef", b"fedcba9876543210"),
        ];
        for (base, new) in cases {
            let ops = diff(base, new);
            assert_eq!(apply(base, &ops, 1 << 20).unwrap(), new, "{:?} -> {:?}", base, new);
        }
        // A log grown at the end costs about what was added.
        let base: Vec<u8> = (0..2000u32).flat_map(|i| i.to_le_bytes()).collect();
        let mut new = base.clone();
        new[3] = 0xFF;
        new.extend_from_slice(b"one more trick");
        assert!(diff(&base, &new).len() < 64, "{} bytes", diff(&base, &new).len());
    }

    #[test]
    fn bad_ops_are_refused_without_panicking() {
        let base = b"0123456789";
        for ops in [vec![0x14, 0x05], vec![0x09, b'a'], vec![0x80], vec![0x08, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]] {
            assert_eq!(apply(base, &ops, 1 << 20), Err(PatchError::Malformed), "{ops:?}");
        }
        // Bounded: a patch cannot build more than the largest message.
        let ops = diff(b"", &[7u8; 100]);
        assert_eq!(apply(b"", &ops, 99), Err(PatchError::Malformed));
    }
}
