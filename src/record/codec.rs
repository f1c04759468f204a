//! Small binary helpers shared by the record formats: base64url without
//! padding (RFC 4648 §5), LEB128 varints and a bounds-checked byte reader.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Encodes bytes as base64url without padding.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, &b)| acc | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes base64url without padding. `Err` holds the 1-based position of the
/// first character that is not in the alphabet, or 0 if the length is impossible
/// (a lone trailing character) or the unused trailing bits are not zero.
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, usize> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for (i, c) in text.bytes().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return Err(i + 1),
        };
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // Canonical only: 6 leftover bits (a lone char) or non-zero padding bits are refused.
    if bits >= 6 || acc != 0 {
        return Err(0);
    }
    Ok(out)
}

pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads bytes and varints without ever indexing past the end.
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }
    pub fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.pos.checked_add(n)?;
        let s = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(s)
    }
    /// A LEB128 varint of at most 10 bytes that fits in a u64.
    pub fn varint(&mut self) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            let part = (b & 0x7f) as u64;
            if shift == 63 && part > 1 {
                return None;
            }
            v |= part << shift;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }
    pub fn is_empty(&self) -> bool {
        self.pos >= self.bytes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn base64url_known_vectors() {
        // RFC 4648 test vectors, without padding.
        for (plain, code) in [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")] {
            assert_eq!(base64url_encode(plain.as_bytes()), code);
            assert_eq!(base64url_decode(code).unwrap(), plain.as_bytes());
        }
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(base64url_decode("Zm9v!"), Err(5));
        assert_eq!(base64url_decode("Z"), Err(0));
        assert_eq!(base64url_decode("Zh"), Err(0), "non-zero padding bits are not canonical");
    }

    proptest! {
        #[test]
        fn base64url_round_trips(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let code = base64url_encode(&bytes);
            prop_assert!(code.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
            prop_assert_eq!(base64url_decode(&code).unwrap(), bytes);
        }

        #[test]
        fn varints_round_trip(values in proptest::collection::vec(any::<u64>(), 0..20)) {
            let mut out = Vec::new();
            values.iter().for_each(|&v| put_varint(&mut out, v));
            let mut r = Reader::new(&out);
            for &v in &values {
                prop_assert_eq!(r.varint(), Some(v));
            }
            prop_assert!(r.is_empty());
        }

        #[test]
        fn base64url_decode_never_panics(s in ".{0,60}") {
            let _ = base64url_decode(&s);
        }
    }
}
