//! Fair dealing by commit-reveal: guests and the host commit to 32-byte secrets before a
//! hand, the hand's seed is a hash of all of them, and after the hand every guest re-derives
//! the deal and checks it against what was played. Scheme and byte layouts: docs/net.md.

use super::protocol::HandReveal;
use crate::cards::{Card, CardCounts};
use crate::dup::seed::SEED_ALPHABET;
use crate::dup::{shuffle, Purpose, TableSeed};
use crate::shengji::game::{Seat, SeatView, TrickRecord};
use sha2::{Digest, Sha256};
use std::fmt;

pub type Secret = [u8; 32];

const COMMIT_TAG: &[u8] = b"tuolaji/net/v1/commit\0";
const SEED_TAG: &[u8] = b"tuolaji/net/v1/hand-seed\0";
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
    sorted.sort_by_key(|(s, _)| *s);
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

/// What a guest saw of a finished hand (all of it is in its final `SeatView`).
#[derive(Clone, Debug)]
pub struct PlayedHand<'a> {
    pub players: usize,
    pub decks: usize,
    pub kitty_size: usize,
    pub landlord: Seat,
    pub tricks: &'a [TrickRecord],
    /// The cards the landlord buried (the finished hand's `result.kitty`).
    pub buried: &'a [Card],
    /// The verifying guest, when checking its own contribution and cards too.
    pub me: Option<Witness<'a>>,
}

impl<'a> PlayedHand<'a> {
    /// The finished hand as a seat's final view shows it; `None` before the hand's result.
    pub fn from_view(v: &'a SeatView, me: Option<Witness<'a>>) -> Option<PlayedHand<'a>> {
        let result = v.result.as_ref()?;
        Some(PlayedHand {
            players: v.players,
            decks: v.decks,
            kitty_size: v.kitty_size,
            landlord: result.landlord,
            tricks: &v.tricks,
            buried: &result.kitty,
            me,
        })
    }
}

/// What the verifying guest knows first-hand.
#[derive(Clone, Copy, Debug)]
pub struct Witness<'a> {
    pub seat: Seat,
    /// The entropy it contributed, if it did.
    pub entropy: Option<Secret>,
    /// The cards it was dealt (its hand when the draw ended, before any kitty), if it saw the draw end.
    pub dealt: Option<&'a [Card]>,
}

/// Why a deal did not verify. Each names exactly what disagrees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    BadHex(&'static str),
    /// `SHA-256(host secret)` is not the commitment the host sent before the hand.
    HostCommitment,
    /// A guest's entropy does not match its commitment.
    Contribution { seat: Seat },
    /// My entropy is missing from the seed, or not the one I sent.
    MyContribution,
    /// The announced seed is not the hash of the revealed secrets.
    Seed { announced: String, derived: String },
    NotATableSeed(String),
    /// The cards a seat played (for the landlord: played + buried − kitty) differ from its deal.
    SeatCards { seat: Seat, extra: Vec<Card>, missing: Vec<Card> },
    /// My own dealt cards differ from the re-derived deal.
    MyHand { extra: Vec<Card>, missing: Vec<Card> },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards = |c: &[Card]| crate::cards::format_cards(c);
        match self {
            Mismatch::BadHex(what) => write!(f, "the revealed {what} is not 64 hex digits"),
            Mismatch::HostCommitment => f.write_str("the host's revealed secret does not match the commitment it made before the hand"),
            Mismatch::Contribution { seat } => write!(f, "seat {seat}'s revealed entropy does not match its commitment"),
            Mismatch::MyContribution => f.write_str("my entropy was left out of the seed or replaced"),
            Mismatch::Seed { announced, derived } => write!(f, "the announced seed {announced} is not the one the secrets give ({derived})"),
            Mismatch::NotATableSeed(s) => write!(f, "the announced seed {s:?} is not a valid seed"),
            Mismatch::SeatCards { seat, extra, missing } => write!(
                f,
                "seat {seat} played [{}] that the deal did not give it, and never played [{}] that it did",
                cards(extra),
                cards(missing)
            ),
            Mismatch::MyHand { extra, missing } => write!(
                f,
                "I was dealt [{}] that the seed does not deal me, and not [{}] that it does",
                cards(extra),
                cards(missing)
            ),
        }
    }
}

fn diff(got: &CardCounts, want: &CardCounts) -> (Vec<Card>, Vec<Card>) {
    let mut extra = Vec::new();
    let mut missing = Vec::new();
    for c in Card::all() {
        let (g, w) = (got.get(c), want.get(c));
        extra.extend(std::iter::repeat_n(c, g.saturating_sub(w)));
        missing.extend(std::iter::repeat_n(c, w.saturating_sub(g)));
    }
    (extra, missing)
}

/// Checks a revealed hand: commitments, the seed derivation, then that every seat played
/// exactly the cards the re-derived deal gave it. `Ok(())` means "deal verified".
pub fn verify(reveal: &HandReveal, played: &PlayedHand) -> Result<(), Mismatch> {
    let host_secret = from_hex(&reveal.host_secret).ok_or(Mismatch::BadHex("host secret"))?;
    let host_commitment = from_hex(&reveal.host_commitment).ok_or(Mismatch::BadHex("host commitment"))?;
    if commitment(reveal.hand, &host_secret) != host_commitment {
        return Err(Mismatch::HostCommitment);
    }
    let mut contributions = Vec::new();
    for (seat, c, e) in &reveal.contributions {
        let c = from_hex(c).ok_or(Mismatch::BadHex("guest commitment"))?;
        let e = from_hex(e).ok_or(Mismatch::BadHex("guest entropy"))?;
        if commitment(reveal.hand, &e) != c {
            return Err(Mismatch::Contribution { seat: *seat });
        }
        contributions.push((*seat, e));
    }
    if let Some(Witness { seat, entropy: Some(mine), .. }) = played.me {
        if !contributions.contains(&(seat, mine)) {
            return Err(Mismatch::MyContribution);
        }
    }
    let derived = hand_seed(reveal.hand, &host_secret, &contributions);
    if derived != reveal.seed {
        return Err(Mismatch::Seed { announced: reveal.seed.clone(), derived });
    }
    let seed = TableSeed::parse(&reveal.seed).map_err(|_| Mismatch::NotATableSeed(reveal.seed.clone()))?;
    let d = deal(&seed, reveal.hand, played.players, played.decks, played.kitty_size, reveal.first_drawer);
    if let Some(Witness { seat, dealt: Some(cards), .. }) = played.me {
        let want = d.hands.get(seat).map(|h| CardCounts::from_cards(h)).unwrap_or_default();
        let (extra, missing) = diff(&CardCounts::from_cards(cards), &want);
        if !extra.is_empty() || !missing.is_empty() {
            return Err(Mismatch::MyHand { extra, missing });
        }
    }
    let mut by_seat = vec![CardCounts::new(); played.players];
    for t in played.tricks {
        for (seat, cards) in &t.plays {
            if let Some(c) = by_seat.get_mut(*seat) {
                c.add_all(&CardCounts::from_cards(cards));
            }
        }
    }
    for (seat, got) in by_seat.iter_mut().enumerate() {
        let mut want = CardCounts::from_cards(&d.hands[seat]);
        if seat == played.landlord {
            got.add_all(&CardCounts::from_cards(played.buried));
            want.add_all(&CardCounts::from_cards(&d.kitty));
        }
        let (extra, missing) = diff(got, &want);
        if !extra.is_empty() || !missing.is_empty() {
            return Err(Mismatch::SeatCards { seat, extra, missing });
        }
    }
    Ok(())
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
