//! Fair dealing by commit-reveal, the arithmetic: commitments, each guest's entropy, the
//! hand's seed as a hash of every secret, and the deal a seed gives. Guests and the host commit
//! to 32-byte secrets before a hand; after it every guest checks the deal (`net::verify`).
//! Scheme and byte layouts: docs/net.md.

use crate::cards::{Card, CardCounts};
use crate::dup::seed::SEED_ALPHABET;
use crate::dup::{shuffle, Purpose, TableSeed};
use crate::shengji::game::Seat;
use sha2::{Digest, Sha256};

pub type Secret = [u8; 32];

const COMMIT_TAG: &[u8] = b"tuolaji/net/v1/commit\0";
const SEED_TAG: &[u8] = b"tuolaji/net/v1/hand-seed\0";
const GUEST_TAG: &[u8] = b"tuolaji/net/v2/guest-entropy\0";
/// Symbols of a hand seed: 26 base-31 digits hold 128 bits (31^26 > 2^128).
pub const HAND_SEED_LEN: usize = 26;

/// `SHA-256("tuolaji/net/v1/commit\0" || hand as u64 LE || secret)`.
pub fn commitment(hand: u64, secret: &Secret) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(COMMIT_TAG);
    h.update(hand.to_le_bytes());
    h.update(secret);
    h.finalize().into()
}

/// The hand's seed string: `SHA-256("tuolaji/net/v1/hand-seed\0" || hand u64 LE ||
/// host secret || for each contribution in ascending seat order: seat u32 LE || entropy)`,
/// its first 16 bytes read as a big-endian u128 and written as 26 base-31 digits of
/// [`SEED_ALPHABET`], least significant first. A valid `TableSeed`.
pub fn hand_seed(hand: u64, host_secret: &Secret, contributions: &[(Seat, Secret)]) -> String {
    let mut sorted: Vec<&(Seat, Secret)> = contributions.iter().collect();
    crate::small_sort::sort_by_key(&mut sorted, |(s, _)| *s);
    let mut h = Sha256::new();
    h.update(SEED_TAG);
    h.update(hand.to_le_bytes());
    h.update(host_secret);
    for (seat, e) in sorted {
        h.update((*seat as u32).to_le_bytes());
        h.update(e);
    }
    let digest: [u8; 32] = h.finalize().into();
    let mut n = u128::from_be_bytes(digest[..16].try_into().unwrap_or([0; 16]));
    let alphabet = SEED_ALPHABET.as_bytes();
    (0..HAND_SEED_LEN)
        .map(|_| {
            let c = alphabet[(n % 31) as usize] as char;
            n /= 31;
            c
        })
        .collect()
}

/// A guest's entropy for one commit round: `SHA-256("tuolaji/net/v2/guest-entropy\0" ||
/// page secret || hand u64 LE || host commitment)`. Bound to the host's commitment, so a host
/// that starts the round over (a reload, or on purpose after seeing the guests' entropy) gets
/// fresh entropy it could not know when it chose its new secret.
pub fn guest_entropy(page_secret: &Secret, hand: u64, host_commitment: &[u8; 32]) -> Secret {
    let mut h = Sha256::new();
    h.update(GUEST_TAG);
    h.update(page_secret);
    h.update(hand.to_le_bytes());
    h.update(host_commitment);
    h.finalize().into()
}

pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 64 hex digits to 32 bytes.
pub fn from_hex(text: &str) -> Option<Secret> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// The cards a deal gives: each seat's drawn cards and the kitty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    pub kitty: Vec<Card>,
}

/// The deal of hand `hand` exactly as `shengji::game` makes it: the full decks in canonical
/// order shuffled by `dup::shuffle` on `seed.hand(hand).stream(Deal)`, the last `kitty`
/// cards the kitty, the rest drawn one at a time in seat order from `first_drawer`.
pub fn deal(seed: &TableSeed, hand: u64, players: usize, decks: usize, kitty: usize, first_drawer: Seat) -> Deal {
    let mut deck = CardCounts::full_decks(decks).to_vec();
    let mut rng = seed.hand(hand).stream(Purpose::Deal);
    shuffle(&mut rng, &mut deck);
    let kitty = deck.split_off(deck.len().saturating_sub(kitty));
    let mut hands = vec![Vec::new(); players.max(1)];
    for (i, c) in deck.into_iter().enumerate() {
        hands[(first_drawer + i) % players.max(1)].push(c);
    }
    Deal { hands, kitty }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shengji::game::{Game, Settings};

    #[test]
    fn the_seed_is_a_table_seed_and_depends_on_every_secret() {
        let s = hand_seed(3, &[1; 32], &[(1, [2; 32]), (2, [3; 32])]);
        assert_eq!(s.len(), HAND_SEED_LEN);
        assert!(TableSeed::parse(&s).is_ok());
        // Order of contributions does not matter; every byte does.
        assert_eq!(s, hand_seed(3, &[1; 32], &[(2, [3; 32]), (1, [2; 32])]));
        assert_ne!(s, hand_seed(4, &[1; 32], &[(1, [2; 32]), (2, [3; 32])]));
        assert_ne!(s, hand_seed(3, &[1; 32], &[(1, [2; 32]), (2, [4; 32])]));
        assert_ne!(s, hand_seed(3, &[1; 32], &[(1, [2; 32])]));
        assert_eq!(from_hex(&to_hex(&[7; 32])), Some([7; 32]));
        assert_eq!(from_hex("zz"), None);
    }

    #[test]
    fn the_derived_deal_is_the_games_deal() {
        let seed = TableSeed::parse("k7rm2x").unwrap();
        let mut g = Game::new(Settings::default(), seed.clone()).unwrap();
        let d = deal(&seed, 0, 4, 2, 8, 0);
        for _ in 0..100 {
            let s = g.to_act()[0];
            g.apply(s, &crate::shengji::game::Action::Draw).unwrap();
        }
        for s in 0..4 {
            let mut a = g.hand(s);
            let mut b = d.hands[s].clone();
            a.sort();
            b.sort();
            assert_eq!(a, b, "seat {s}");
        }
        assert_eq!(d.kitty.len(), 8);
    }
}
