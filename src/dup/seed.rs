//! The seed hierarchy: a typed seed string hashes to a table root, from which hands, seats
//! and per-purpose ChaCha20 streams derive by a versioned SHA-256 scheme (see docs/dup.md).
//! Adding a purpose or a level never changes the values of the existing ones.

use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use sha2::{Digest, Sha256};
use std::fmt;

/// Version of the derivation below. It goes into every shared link: a link made under
/// another version must not be replayed with this code.
pub const DERIVATION_VERSION: u32 = 1;

/// Longest accepted seed string.
pub const MAX_SEED_LEN: usize = 64;

/// Symbols of generated seeds: digits and lowercase letters without the look-alikes
/// 0/o, 1/l/i (31 symbols).
pub const SEED_ALPHABET: &str = "23456789abcdefghjkmnpqrstuvwxyz";

/// Length of generated seeds (31^8, about 2^39.6 possibilities).
pub const GENERATED_SEED_LEN: usize = 8;

const ROOT_TAG: &[u8] = b"tuolaji/dup/v1/root\0";
const CHILD_TAG: &[u8] = b"tuolaji/dup/v1/child\0";

/// Why a seed string was refused.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SeedError {
    Empty,
    TooLong {
        len: usize,
    },
    /// `position` counts characters from 1.
    BadChar {
        ch: char,
        position: usize,
    },
}

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeedError::Empty => write!(f, "the seed is empty: use 1 to {MAX_SEED_LEN} letters or digits"),
            SeedError::TooLong { len } => write!(
                f,
                "the seed is {len} characters long: use at most {MAX_SEED_LEN} letters or digits"
            ),
            SeedError::BadChar { ch, position } => write!(
                f,
                "the seed has '{ch}' at position {position}: use only letters a-z, A-Z and digits 0-9"
            ),
        }
    }
}

impl std::error::Error for SeedError {}

/// What a stream is for. Each purpose has its own label in the derivation, so a new
/// purpose never shifts the values of another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// Dealing: the hand's `Deal` stream shuffles the deck (Shengji) or the wall (mahjong).
    Deal,
    /// Bot decisions; take it from the bot's seat.
    Bots,
    /// Order in which seats draw when they draw "simultaneously".
    DrawOrder,
    /// The haystack drawer's per-kind streams (ChaCha stream number = kind id).
    Haystack,
    /// Any other purpose. Labelled `named:` + the name, so it cannot collide with the above.
    Named(&'static str),
}

impl Purpose {
    fn write_label(self, out: &mut Vec<u8>) {
        match self {
            Purpose::Deal => out.extend_from_slice(b"deal"),
            Purpose::Bots => out.extend_from_slice(b"bots"),
            Purpose::DrawOrder => out.extend_from_slice(b"draw-order"),
            Purpose::Haystack => out.extend_from_slice(b"haystack"),
            Purpose::Named(name) => {
                out.extend_from_slice(b"named:");
                out.extend_from_slice(name.as_bytes());
            }
        }
    }
}

/// One 32-byte node of the hierarchy.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Node([u8; 32]);

impl Node {
    /// `SHA-256(CHILD_TAG || parent || u32 LE label length || label || u64 LE index)`.
    fn child(&self, label: &[u8], index: u64) -> Node {
        let mut h = Sha256::new();
        h.update(CHILD_TAG);
        h.update(self.0);
        h.update((label.len() as u32).to_le_bytes());
        h.update(label);
        h.update(index.to_le_bytes());
        Node(h.finalize().into())
    }

    fn stream_key(&self, purpose: Purpose) -> [u8; 32] {
        let mut label = Vec::with_capacity(16);
        purpose.write_label(&mut label);
        self.child(&label, 0).0
    }

    fn stream(&self, purpose: Purpose) -> ChaCha20Rng {
        ChaCha20Rng::from_seed(self.stream_key(purpose))
    }
}

impl fmt::Debug for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in &self.0[..4] {
            write!(f, "{b:02x}")?;
        }
        f.write_str("…")
    }
}

/// A validated table seed: the root of the hierarchy.
///
/// Seeds are case-insensitive: the text is lowercased before hashing, so `K7Rm` and `k7rm`
/// deal the same cards (people read seeds aloud and retype them).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct TableSeed {
    text: String,
    root: Node,
}

impl TableSeed {
    /// Validates `text` (1–64 ASCII letters or digits, surrounding whitespace ignored).
    pub fn parse(text: &str) -> Result<TableSeed, SeedError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SeedError::Empty);
        }
        if let Some((i, ch)) = text
            .chars()
            .enumerate()
            .find(|(_, c)| !c.is_ascii_alphanumeric())
        {
            return Err(SeedError::BadChar {
                ch,
                position: i + 1,
            });
        }
        if text.len() > MAX_SEED_LEN {
            return Err(SeedError::TooLong { len: text.len() });
        }
        Ok(TableSeed::hashed(text.to_ascii_lowercase()))
    }

    /// A seed the code names itself (a bot's tie-breaker, a fallback): `text` is a valid
    /// seed in lowercase (debug builds check). No error path, so a page that only names
    /// seeds links no formatting of a seed's errors.
    pub fn named(text: &'static str) -> TableSeed {
        debug_assert!(TableSeed::parse(text).is_ok_and(|s| s.as_str() == text), "not a lowercase seed: {text}");
        TableSeed::hashed(text.to_string())
    }

    fn hashed(text: String) -> TableSeed {
        let mut h = Sha256::new();
        h.update(ROOT_TAG);
        h.update(text.as_bytes());
        TableSeed {
            root: Node(h.finalize().into()),
            text,
        }
    }

    /// The canonical (lowercase) seed text, as it should appear in links.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The 32-byte root: `SHA-256("tuolaji/dup/v1/root\0" || canonical text)`.
    pub fn root(&self) -> [u8; 32] {
        self.root.0
    }

    /// Hand `n` of this table (numbered as the game likes; 0 is fine).
    pub fn hand(&self, n: u64) -> HandSeed {
        HandSeed(self.root.child(b"hand", n))
    }

    /// A table-wide stream (events that belong to no single hand).
    pub fn stream(&self, purpose: Purpose) -> ChaCha20Rng {
        self.root.stream(purpose)
    }
}

impl std::str::FromStr for TableSeed {
    type Err = SeedError;
    fn from_str(s: &str) -> Result<Self, SeedError> {
        TableSeed::parse(s)
    }
}

impl fmt::Display for TableSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for TableSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TableSeed({:?})", self.text)
    }
}

/// The seed of one hand (deal) of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandSeed(Node);

impl HandSeed {
    /// Seat `s` of this hand (seat numbers as the game defines them, from 0).
    pub fn seat(&self, s: usize) -> SeatSeed {
        SeatSeed(self.0.child(b"seat", s as u64))
    }

    /// A stream of this hand, e.g. `Purpose::Deal` for the shuffle.
    pub fn stream(&self, purpose: Purpose) -> ChaCha20Rng {
        self.0.stream(purpose)
    }
}

/// The seed of one seat in one hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatSeed(Node);

impl SeatSeed {
    /// A stream of this seat, e.g. `Purpose::Bots` for a bot sitting here.
    pub fn stream(&self, purpose: Purpose) -> ChaCha20Rng {
        self.0.stream(purpose)
    }

    /// The ChaCha20 key of a purpose; the haystack uses it with one ChaCha stream per kind.
    pub fn stream_key(&self, purpose: Purpose) -> [u8; 32] {
        self.0.stream_key(purpose)
    }
}

/// A short seed that is easy to read and type: 8 symbols of [`SEED_ALPHABET`].
///
/// `entropy` is mixed (SplitMix64 finaliser) first, so a timestamp or a counter is fine;
/// the browser passes 64 bits from `crypto.getRandomValues`. The tiny modulo bias
/// (31^8 / 2^64) is irrelevant for a seed name.
pub fn generate_seed(entropy: u64) -> String {
    let mut z = entropy.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    let alphabet = SEED_ALPHABET.as_bytes();
    let base = alphabet.len() as u64;
    (0..GENERATED_SEED_LEN)
        .map(|_| {
            let c = alphabet[(z % base) as usize] as char;
            z /= base;
            c
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::rng::{exponential, shuffle, uniform_below};
    use rand_core::RngCore;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn validation_names_the_problem() {
        assert_eq!(TableSeed::parse(""), Err(SeedError::Empty));
        assert_eq!(TableSeed::parse("   "), Err(SeedError::Empty));
        assert_eq!(
            TableSeed::parse("ab-c"),
            Err(SeedError::BadChar {
                ch: '-',
                position: 3
            })
        );
        assert_eq!(
            TableSeed::parse("aé"),
            Err(SeedError::BadChar {
                ch: 'é',
                position: 2
            })
        );
        assert_eq!(
            TableSeed::parse(&"a".repeat(65)),
            Err(SeedError::TooLong { len: 65 })
        );
        assert!(TableSeed::parse(&"a".repeat(64)).is_ok());
        assert!(TableSeed::parse("Z").is_ok());
        let msg = TableSeed::parse("ab c").unwrap_err().to_string();
        assert!(msg.contains("' '") && msg.contains("position 3"), "{msg}");
        assert!(TableSeed::parse(&"x".repeat(70))
            .unwrap_err()
            .to_string()
            .contains("70"));
    }

    #[test]
    fn seeds_are_case_insensitive_and_trimmed() {
        let a = TableSeed::parse("K7rmXq").unwrap();
        let b = TableSeed::parse(" k7RMxq\n").unwrap();
        assert_eq!(a.root(), b.root());
        assert_eq!(a.as_str(), "k7rmxq");
        assert_ne!(a.root(), TableSeed::parse("k7rmxr").unwrap().root());
    }

    #[test]
    fn a_named_seed_is_the_parsed_one() {
        for text in ["invalid", "exchange", "friends"] {
            assert_eq!(TableSeed::named(text), TableSeed::parse(text).unwrap());
        }
    }

    #[test]
    fn root_and_children_follow_the_documented_formula() {
        let seed = TableSeed::parse("Abc123").unwrap();
        let root: [u8; 32] = Sha256::digest(b"tuolaji/dup/v1/root\0abc123").into();
        assert_eq!(seed.root(), root);
        let child = |parent: &[u8; 32], label: &[u8], index: u64| -> [u8; 32] {
            let mut bytes = b"tuolaji/dup/v1/child\0".to_vec();
            bytes.extend_from_slice(parent);
            bytes.extend_from_slice(&(label.len() as u32).to_le_bytes());
            bytes.extend_from_slice(label);
            bytes.extend_from_slice(&index.to_le_bytes());
            Sha256::digest(&bytes).into()
        };
        let hand3 = child(&root, b"hand", 3);
        let seat2 = child(&hand3, b"seat", 2);
        let bots = child(&seat2, b"bots", 0);
        assert_eq!(seed.hand(3).seat(2).stream_key(Purpose::Bots), bots);
        let mut expect = ChaCha20Rng::from_seed(child(&hand3, b"deal", 0));
        assert_eq!(
            seed.hand(3).stream(Purpose::Deal).next_u64(),
            expect.next_u64()
        );
        let named = child(&seat2, b"named:deal", 0);
        assert_eq!(
            seed.hand(3).seat(2).stream_key(Purpose::Named("deal")),
            named
        );
    }

    #[test]
    fn streams_are_distinct() {
        let seed = TableSeed::parse("distinct").unwrap();
        let mut keys = vec![
            seed.hand(0).seat(0).stream_key(Purpose::Deal),
            seed.hand(0).seat(0).stream_key(Purpose::Bots),
            seed.hand(0).seat(0).stream_key(Purpose::DrawOrder),
            seed.hand(0).seat(0).stream_key(Purpose::Haystack),
            seed.hand(0).seat(0).stream_key(Purpose::Named("deal")),
            seed.hand(0).seat(1).stream_key(Purpose::Deal),
            seed.hand(1).seat(0).stream_key(Purpose::Deal),
        ];
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), 7);
        assert_ne!(
            seed.hand(0).stream(Purpose::Deal).next_u64(),
            seed.stream(Purpose::Deal).next_u64()
        );
    }

    /// Known answers. If one of these fails, the derivation or a helper changed and every
    /// shared link would replay differently: bump DERIVATION_VERSION instead of editing these.
    #[test]
    fn known_answers_v1() {
        assert_eq!(DERIVATION_VERSION, 1);
        let seed = TableSeed::parse("tuolaji").unwrap();
        assert_eq!(hex(&seed.root()), KAT_ROOT);
        let mut deal = seed.hand(0).stream(Purpose::Deal);
        let words: Vec<u64> = (0..3).map(|_| deal.next_u64()).collect();
        assert_eq!(words, KAT_DEAL_WORDS);
        let mut bots = seed.hand(1).seat(2).stream(Purpose::Bots);
        let draws: Vec<u64> = (0..8).map(|_| uniform_below(&mut bots, 54)).collect();
        assert_eq!(draws, KAT_BOTS_UNIFORM54);
        let mut order = seed.hand(0).stream(Purpose::DrawOrder);
        let exps: Vec<String> = (0..3)
            .map(|_| format!("{:.17e}", exponential(&mut order)))
            .collect();
        assert_eq!(exps, KAT_EXPONENTIALS);
        let mut deck: Vec<u8> = (0..20).collect();
        shuffle(&mut seed.hand(7).stream(Purpose::Deal), &mut deck);
        assert_eq!(deck, KAT_SHUFFLE20);
        assert_eq!(generate_seed(0), KAT_GENERATED0);
        assert_eq!(generate_seed(123_456_789), KAT_GENERATED1);
    }

    const KAT_ROOT: &str = "28c4dc39e3cd13d73720838552b07c0c3fcbd79d3c4c83de4b0a8989768516a0";
    const KAT_DEAL_WORDS: [u64; 3] = [
        8218166512117154609,
        7902094770065899238,
        12018876941390122436,
    ];
    const KAT_BOTS_UNIFORM54: [u64; 8] = [48, 31, 11, 5, 12, 10, 5, 30];
    const KAT_EXPONENTIALS: [&str; 3] = [
        "1.00290622319142297e0",
        "1.06193732213595116e0",
        "1.84924624448918939e-1",
    ];
    const KAT_SHUFFLE20: [u8; 20] = [
        11, 1, 17, 13, 10, 9, 8, 6, 12, 2, 18, 19, 0, 16, 14, 7, 5, 15, 3, 4,
    ];
    const KAT_GENERATED0: &str = "jtfxw2xr";
    const KAT_GENERATED1: &str = "fhj7ty9s";

    #[test]
    fn generated_seeds_are_valid_and_varied() {
        let mut seen = std::collections::HashSet::new();
        for e in 0..2_000u64 {
            let s = generate_seed(e);
            assert_eq!(s.len(), GENERATED_SEED_LEN);
            assert!(s.chars().all(|c| SEED_ALPHABET.contains(c)), "{s}");
            assert!(!s.contains(['0', 'o', '1', 'l', 'i']));
            assert_eq!(TableSeed::parse(&s).unwrap().as_str(), s);
            seen.insert(s);
        }
        assert_eq!(seen.len(), 2_000);
    }
}
