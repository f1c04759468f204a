//! Tiles and hands: the 34 tile kinds as small ids, the `123m456p789s1122z`
//! notation, and [`Hand`], the per-suit eigen representation plus a wildcard count.

use super::eigen::{self, Eigen};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of tile kinds: three suits of nine plus seven honours.
pub const KINDS: usize = 34;
/// Copies of each kind in the 136-tile set.
pub const COPIES: u8 = 4;

/// The four groups a tile belongs to. Honours (`z`) have seven ranks and no sequences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    /// 万 characters, letter `m`.
    Characters,
    /// 筒 dots, letter `p`.
    Dots,
    /// 条 bamboo, letter `s`.
    Bamboo,
    /// 字 honours, letter `z`: 1–4 east south west north, 5–7 white green red.
    Honours,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Characters, Suit::Dots, Suit::Bamboo, Suit::Honours];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn letter(self) -> char {
        match self {
            Suit::Characters => 'm',
            Suit::Dots => 'p',
            Suit::Bamboo => 's',
            Suit::Honours => 'z',
        }
    }

    /// Ranks in this suit: 9, or 7 for honours.
    pub const fn ranks(self) -> u8 {
        if matches!(self, Suit::Honours) {
            7
        } else {
            9
        }
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Characters),
            'p' => Some(Suit::Dots),
            's' => Some(Suit::Bamboo),
            'z' => Some(Suit::Honours),
            _ => None,
        }
    }

    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }
}

/// One tile kind as an id 0..34: `m` 0–8, `p` 9–17, `s` 18–26, `z` 27–33.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Tile(u8);

impl Tile {
    /// The tile with this id, if `id < 34`.
    pub const fn from_id(id: u8) -> Option<Tile> {
        if (id as usize) < KINDS {
            Some(Tile(id))
        } else {
            None
        }
    }

    /// The tile of `suit` with 1-based `rank` (1..=9, honours 1..=7).
    pub const fn new(suit: Suit, rank: u8) -> Option<Tile> {
        if rank == 0 || rank > suit.ranks() {
            return None;
        }
        Some(Tile(suit.index() as u8 * 9 + rank - 1))
    }

    pub const fn id(self) -> u8 {
        self.0
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 as usize / 9)
    }

    /// 1-based rank.
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// 0-based digit position inside the suit's eigen.
    pub const fn digit(self) -> u32 {
        (self.0 % 9) as u32
    }

    pub const fn is_honour(self) -> bool {
        self.0 >= 27
    }

    /// Terminals (1 and 9 of a suit) and honours: the thirteen orphans' kinds.
    pub const fn is_terminal_or_honour(self) -> bool {
        self.is_honour() || self.rank() == 1 || self.rank() == 9
    }

    /// All 34 kinds in id order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8).map(Tile)
    }

    /// Parses one tile such as `5m` or `7z`.
    pub fn parse(text: &str) -> Result<Tile, TileError> {
        let tiles = parse_tiles(text)?;
        match tiles.as_slice() {
            [t] => Ok(*t),
            _ => Err(TileError::NotOneTile(text.to_string())),
        }
    }
}

/// The digits of each suit's eigen that are ranks: nine for the suits, seven for honours.
const SUIT_DIGITS: [Eigen; 4] = [0xF_FFFF_FFFF, 0xF_FFFF_FFFF, 0xF_FFFF_FFFF, 0xFFF_FFFF];

/// A hand's kinds with their copies, in id order ([`Hand::kinds`]): the lowest nonzero
/// digit of each suit's eigen at a time, so a hand of a dozen kinds costs a dozen steps
/// rather than a look at all 34 (the Expert's playouts ask it on every turn).
#[derive(Clone)]
pub struct Kinds {
    left: [Eigen; 4],
    suit: usize,
}

impl Iterator for Kinds {
    type Item = (Tile, u8);

    fn next(&mut self) -> Option<(Tile, u8)> {
        while self.suit < 4 {
            let e = self.left[self.suit];
            if e != 0 {
                let d = e.trailing_zeros() / 4;
                self.left[self.suit] = e & !(0xF << (4 * d));
                return Some((Tile(self.suit as u8 * 9 + d as u8), eigen::digit(e, d)));
            }
            self.suit += 1;
        }
        None
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit().letter())
    }
}

impl From<Tile> for String {
    fn from(t: Tile) -> String {
        t.to_string()
    }
}

impl TryFrom<String> for Tile {
    type Error = TileError;
    fn try_from(s: String) -> Result<Tile, TileError> {
        Tile::parse(&s)
    }
}

/// What was wrong with a tile or hand text, naming the bad part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileError {
    /// A character that is neither a digit nor a suit letter.
    BadCharacter { ch: char, at: usize },
    /// Digits with no suit letter after them, e.g. the `99` of `123m99`.
    MissingSuit(String),
    /// A suit letter with no digits before it.
    EmptyGroup { suit: char, at: usize },
    /// A rank that does not exist, e.g. `0m` or `8z`.
    BadRank { rank: char, suit: char },
    /// More than four copies of a kind (wildcards included).
    TooMany { tile: Tile, count: usize },
    /// A text that should be exactly one tile.
    NotOneTile(String),
    /// The hand is empty where tiles were required.
    Empty,
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TileError::BadCharacter { ch, at } => write!(
                f,
                "unexpected character '{ch}' at position {}: write tiles as digits followed by a suit letter m, p, s or z (e.g. 123m11z)",
                at + 1
            ),
            TileError::MissingSuit(d) => {
                write!(f, "the digits \"{d}\" have no suit letter after them (add m, p, s or z)")
            }
            TileError::EmptyGroup { suit, at } => {
                write!(f, "suit letter '{suit}' at position {} has no digits before it", at + 1)
            }
            TileError::BadRank { rank, suit } => {
                let max = if *suit == 'z' { 7 } else { 9 };
                write!(f, "\"{rank}{suit}\" is not a tile: ranks for '{suit}' are 1 to {max}")
            }
            TileError::TooMany { tile, count } => {
                write!(f, "{count} copies of {tile}: there are only four of each tile")
            }
            TileError::NotOneTile(s) => write!(f, "\"{s}\" should be exactly one tile, such as 5m or 7z"),
            TileError::Empty => write!(f, "no tiles given"),
        }
    }
}

impl std::error::Error for TileError {}

/// Parses the notation `123m456p789s1122z` into tiles in written order.
/// Whitespace between groups is allowed. Copy limits are checked by [`Hand`], not here.
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, TileError> {
    let mut tiles = Vec::new();
    let mut pending: Vec<char> = Vec::new();
    for (at, ch) in text.chars().enumerate() {
        if ch.is_ascii_digit() {
            pending.push(ch);
        } else if let Some(suit) = Suit::from_letter(ch) {
            if pending.is_empty() {
                return Err(TileError::EmptyGroup { suit: ch, at });
            }
            for d in pending.drain(..) {
                let rank = d as u8 - b'0';
                let tile = Tile::new(suit, rank).ok_or(TileError::BadRank { rank: d, suit: ch })?;
                tiles.push(tile);
            }
        } else if ch.is_whitespace() {
            if !pending.is_empty() {
                return Err(TileError::MissingSuit(pending.iter().collect()));
            }
        } else {
            return Err(TileError::BadCharacter { ch, at });
        }
    }
    if !pending.is_empty() {
        return Err(TileError::MissingSuit(pending.iter().collect()));
    }
    Ok(tiles)
}

/// Writes tiles in the compact notation, sorted: `123m456p789s1122z`.
pub fn format_tiles(tiles: &[Tile]) -> String {
    let mut sorted = tiles.to_vec();
    crate::small_sort::sort(&mut sorted);
    let mut out = String::new();
    for suit in Suit::ALL {
        let mut any = false;
        for t in sorted.iter().filter(|t| t.suit() == suit) {
            out.push((b'0' + t.rank()) as char);
            any = true;
        }
        if any {
            out.push(suit.letter());
        }
    }
    out
}

/// A concealed hand: one eigen per suit (a 4-bit count per rank) plus the
/// number of wildcards held. Wildcard tiles are kept out of the eigens; their
/// kind (if any) is remembered so the four-copies limit still holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Hand {
    /// Per-suit eigens in [`Suit::ALL`] order (honours use 7 digits).
    pub eigens: [Eigen; 4],
    /// Wildcards held (赖子).
    pub wild: u8,
    /// The tile kind that is wild, if wildcards are a kind rather than extra jokers.
    pub wild_kind: Option<Tile>,
}

impl Hand {
    /// An empty hand whose wildcard is `wild_kind` (or none).
    pub const fn empty(wild_kind: Option<Tile>) -> Hand {
        Hand { eigens: [0; 4], wild: 0, wild_kind }
    }

    /// Builds a hand; tiles of `wild_kind` become wildcards. Errors on a fifth copy.
    pub fn from_tiles(tiles: &[Tile], wild_kind: Option<Tile>) -> Result<Hand, TileError> {
        let mut hand = Hand::empty(wild_kind);
        for &t in tiles {
            hand.add(t)?;
        }
        Ok(hand)
    }

    /// Parses notation such as `123m456p789s1122z`.
    pub fn parse(text: &str, wild_kind: Option<Tile>) -> Result<Hand, TileError> {
        Hand::from_tiles(&parse_tiles(text)?, wild_kind)
    }

    /// The same hand with `n` extra abstract wildcards (jokers not tied to a kind).
    pub const fn with_extra_wild(mut self, n: u8) -> Hand {
        self.wild = self.wild.saturating_add(n);
        self
    }

    /// Copies of `tile` held (for the wild kind: the wildcards held).
    pub fn count(&self, tile: Tile) -> u8 {
        if Some(tile) == self.wild_kind {
            return self.wild;
        }
        eigen::digit(self.eigens[tile.suit().index()], tile.digit())
    }

    /// Adds one tile. Errors (hand unchanged) if that would be a fifth copy.
    pub fn add(&mut self, tile: Tile) -> Result<(), TileError> {
        let count = self.count(tile);
        if count >= COPIES {
            return Err(TileError::TooMany { tile, count: count as usize + 1 });
        }
        if Some(tile) == self.wild_kind {
            self.wild += 1;
        } else {
            self.eigens[tile.suit().index()] += eigen::unit(tile.digit());
        }
        Ok(())
    }

    /// Removes one tile; false (hand unchanged) if it is not held.
    pub fn remove(&mut self, tile: Tile) -> bool {
        if self.count(tile) == 0 {
            return false;
        }
        if Some(tile) == self.wild_kind {
            self.wild -= 1;
        } else {
            self.eigens[tile.suit().index()] -= eigen::unit(tile.digit());
        }
        true
    }

    /// Tiles held, wildcards included.
    pub fn len(&self) -> usize {
        self.real_len() + self.wild as usize
    }

    /// Tiles held other than wildcards.
    pub fn real_len(&self) -> usize {
        // Two suits add digit-wise without overflow (each digit ≤ 8), so two folds count all four.
        let [a, b, c, d] = self.eigens;
        (eigen::digit_sum(a + b) + eigen::digit_sum(c + d)) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Distinct non-wild kinds held, with their counts, in id order.
    pub fn kinds(&self) -> Kinds {
        Kinds { left: std::array::from_fn(|s| self.eigens[s] & SUIT_DIGITS[s]), suit: 0 }
    }

    /// All tiles (wildcards of a wild kind listed as that kind; abstract jokers omitted).
    pub fn tiles(&self) -> Vec<Tile> {
        let mut v: Vec<Tile> = self.kinds().flat_map(|(t, c)| std::iter::repeat_n(t, c as usize)).collect();
        if let Some(w) = self.wild_kind {
            v.extend(std::iter::repeat_n(w, self.wild as usize));
        }
        crate::small_sort::sort(&mut v);
        v
    }
}

impl fmt::Display for Hand {
    /// Notation of the tiles, with abstract jokers (no wild kind) appended as `+N*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_tiles(&self.tiles()))?;
        if self.wild_kind.is_none() && self.wild > 0 {
            write!(f, "+{}*", self.wild)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `kinds` walks the nonzero digits: the same kinds, counts and order as looking at
    /// every one of the 34 (what it did before), honours and full digits included.
    #[test]
    fn kinds_are_every_held_kind_in_id_order() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..500 {
            let mut h = Hand::empty(None);
            for _ in 0..(x % 15) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let _ = h.add(Tile((x % KINDS as u64) as u8));
            }
            let slow: Vec<(Tile, u8)> = Tile::all()
                .filter_map(|t| {
                    let c = eigen::digit(h.eigens[t.suit().index()], t.digit());
                    (c > 0).then_some((t, c))
                })
                .collect();
            assert_eq!(h.kinds().collect::<Vec<_>>(), slow, "{h:?}");
        }
        let mut full = Hand::empty(None);
        for t in ["9m", "9m", "9m", "9m", "1p", "7z", "7z"] {
            full.add(Tile::parse(t).unwrap()).unwrap();
        }
        let ids: Vec<(u8, u8)> = full.kinds().map(|(t, c)| (t.id(), c)).collect();
        assert_eq!(ids, [(8, 4), (9, 1), (33, 2)]);
    }

    #[test]
    fn ids_and_notation_round_trip() {
        for t in Tile::all() {
            assert_eq!(Tile::parse(&t.to_string()).unwrap(), t);
            assert_eq!(Tile::new(t.suit(), t.rank()), Some(t));
        }
        assert_eq!(Tile::parse("1p").unwrap().id(), 9);
        assert_eq!(Tile::parse("7z").unwrap().id(), 33);
    }

    #[test]
    fn parses_groups_and_formats_sorted() {
        let tiles = parse_tiles("123m456p789s1122z").unwrap();
        assert_eq!(tiles.len(), 13);
        assert_eq!(format_tiles(&tiles), "123m456p789s1122z");
        assert_eq!(format_tiles(&parse_tiles("21z 9m1m").unwrap()), "19m12z");
    }

    #[test]
    fn errors_name_the_bad_part() {
        let e = parse_tiles("123m8z").unwrap_err();
        assert_eq!(e, TileError::BadRank { rank: '8', suit: 'z' });
        assert!(e.to_string().contains("8z"));
        assert!(parse_tiles("123m99").unwrap_err().to_string().contains("\"99\""));
        assert!(parse_tiles("12x3m").unwrap_err().to_string().contains("'x'"));
        assert!(matches!(parse_tiles("m123").unwrap_err(), TileError::EmptyGroup { .. }));
        assert!(matches!(parse_tiles("0m").unwrap_err(), TileError::BadRank { .. }));
        let e = Hand::parse("11111m", None).unwrap_err();
        assert_eq!(e, TileError::TooMany { tile: Tile::parse("1m").unwrap(), count: 5 });
        assert!(e.to_string().contains("1m"));
    }

    #[test]
    fn wild_kind_tiles_become_wildcards() {
        let w = Tile::parse("5z").unwrap();
        let h = Hand::parse("123m55z", Some(w)).unwrap();
        assert_eq!(h.wild, 2);
        assert_eq!(h.real_len(), 3);
        assert_eq!(h.eigens[3], 0);
        assert_eq!(h.to_string(), "123m55z");
        assert!(Hand::parse("55555z", Some(w)).is_err());
    }

    #[test]
    fn serde_round_trip() {
        let h = Hand::parse("123m456p789s11z55z", Tile::from_id(31)).unwrap();
        let text = serde_json::to_string(&h).unwrap();
        assert!(text.contains("\"5z\""), "{text}");
        assert_eq!(serde_json::from_str::<Hand>(&text).unwrap(), h);
        assert_eq!(serde_json::to_string(&Tile::parse("7p").unwrap()).unwrap(), "\"7p\"");
        assert!(serde_json::from_str::<Tile>("\"9z\"").is_err());
    }
}
