//! Playing cards shared by every game: suits, ranks, jokers, the text notation
//! (`10H`, `QS`, `SJ`, `BJ`) and count vectors over the 54 card kinds.
//!
//! Cards are small integer ids in hot paths ([`Card::id`], [`CardCounts`]); the
//! notation is the only text form used in inputs, outputs, links and saves.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The four French suits, in notation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Index 0..4 in [`Suit::ALL`] order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation letter: `S`, `H`, `D`, `C`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The printed symbol: ♠ ♥ ♦ ♣.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }

    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// Ranks 2..A. The discriminant is the pip value (A = 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// Pip value: 2..=14 (ace high).
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// Index 0..13 (two = 0, ace = 12).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 2
    }

    pub fn from_index(i: usize) -> Option<Rank> {
        Rank::ALL.get(i).copied()
    }

    /// The next higher rank (ace has none).
    pub fn succ(self) -> Option<Rank> {
        Rank::from_index(self.index() + 1)
    }

    /// The notation: `2`..`10`, `J`, `Q`, `K`, `A`.
    pub const fn notation(self) -> &'static str {
        match self {
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
            Rank::Ace => "A",
        }
    }

    /// Parses `2`..`10`, `J`, `Q`, `K`, `A` (case-insensitive; `T` is accepted for ten).
    pub fn parse(s: &str) -> Option<Rank> {
        let up = s.to_ascii_uppercase();
        Rank::ALL
            .iter()
            .copied()
            .find(|r| r.notation() == up)
            .or_else(|| (up == "T").then_some(Rank::Ten))
    }

    /// Reads exactly the notation (`2`..`10`, `J`, `Q`, `K`, `A`): one spelling per rank,
    /// as links write them, so equal settings give equal links.
    pub fn from_notation(s: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.notation() == s)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// One card: a suited card or one of the two jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Suited { rank: Rank, suit: Suit },
    SmallJoker,
    BigJoker,
}

/// Number of distinct card kinds (52 suited + 2 jokers).
pub const KINDS: usize = 54;

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card::Suited { rank, suit }
    }

    /// Dense id 0..54: `suit * 13 + rank index` for suited cards, 52 small joker, 53 big joker.
    #[inline(always)]
    pub const fn id(self) -> usize {
        match self {
            Card::Suited { rank, suit } => suit.index() * 13 + rank.index(),
            Card::SmallJoker => 52,
            Card::BigJoker => 53,
        }
    }

    #[inline]
    pub fn from_id(id: usize) -> Option<Card> {
        match id {
            0..=51 => Some(Card::new(Rank::ALL[id % 13], Suit::ALL[id / 13])),
            52 => Some(Card::SmallJoker),
            53 => Some(Card::BigJoker),
            _ => None,
        }
    }

    /// Every card kind in id order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..KINDS).filter_map(Card::from_id)
    }

    pub const fn suit(self) -> Option<Suit> {
        match self {
            Card::Suited { suit, .. } => Some(suit),
            _ => None,
        }
    }

    pub const fn rank(self) -> Option<Rank> {
        match self {
            Card::Suited { rank, .. } => Some(rank),
            _ => None,
        }
    }

    pub const fn is_joker(self) -> bool {
        matches!(self, Card::SmallJoker | Card::BigJoker)
    }

    /// Shengji points: 5s are worth 5, 10s and kings 10.
    #[inline(always)]
    pub const fn points(self) -> u32 {
        match self {
            Card::Suited { rank: Rank::Five, .. } => 5,
            Card::Suited { rank: Rank::Ten | Rank::King, .. } => 10,
            _ => 0,
        }
    }

    /// The notation: `10H`, `QS`, `SJ`, `BJ`.
    pub fn notation(self) -> String {
        self.to_string()
    }

    /// A human label with the suit symbol: `10♥`, `Q♠`, and the jokers' names.
    pub fn label(self) -> String {
        match self {
            Card::Suited { rank, suit } => format!("{}{}", rank, suit.symbol()),
            Card::SmallJoker => "small joker".to_string(),
            Card::BigJoker => "big joker".to_string(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Suited { rank, suit } => write!(f, "{}{}", rank, suit.letter()),
            Card::SmallJoker => f.write_str("SJ"),
            Card::BigJoker => f.write_str("BJ"),
        }
    }
}

/// What was wrong with a card list given as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardError {
    /// A token that is not a card, e.g. `11H` or `ZZ`.
    BadToken(String),
    /// More copies of a card than the decks in play hold.
    TooManyCopies { card: Card, count: usize, decks: usize },
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardError::BadToken(t) => write!(
                f,
                "'{t}' is not a card (write a rank 2-10, J, Q, K, A then a suit S, H, D, C, e.g. 10H; jokers are SJ and BJ)"
            ),
            CardError::TooManyCopies { card, count, decks } => write!(
                f,
                "{count} copies of {card} but {decks} deck{} hold{} only {decks}",
                if *decks == 1 { "" } else { "s" },
                if *decks == 1 { "s" } else { "" }
            ),
        }
    }
}

impl std::error::Error for CardError {}

impl std::str::FromStr for Card {
    type Err = CardError;

    fn from_str(token: &str) -> Result<Card, CardError> {
        let bad = || CardError::BadToken(token.to_string());
        let t = token.trim();
        match t.to_ascii_uppercase().as_str() {
            "SJ" => return Ok(Card::SmallJoker),
            "BJ" => return Ok(Card::BigJoker),
            _ => {}
        }
        let mut chars = t.chars();
        let suit = chars.next_back().and_then(Suit::from_letter).ok_or_else(bad)?;
        let rank = Rank::parse(chars.as_str()).ok_or_else(bad)?;
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a space-separated card list (commas are accepted too). With
/// `decks = Some(n)`, more than `n` copies of any card is an error.
pub fn parse_cards(text: &str, decks: Option<usize>) -> Result<Vec<Card>, CardError> {
    let cards = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect::<Result<Vec<Card>, _>>()?;
    if let Some(decks) = decks {
        let counts = CardCounts::from_cards(&cards);
        let over = counts.iter().find(|&(_, n)| n > decks);
        if let Some((card, count)) = over {
            return Err(CardError::TooManyCopies { card, count, decks });
        }
    }
    Ok(cards)
}

/// Writes cards in notation, separated by single spaces.
pub fn format_cards(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}

/// A multiset of cards: a count per card kind, indexed by [`Card::id`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardCounts(#[serde(with = "counts_serde")] [u16; KINDS]);

mod counts_serde {
    use super::KINDS;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(v: &[u16; KINDS], s: S) -> Result<S::Ok, S::Error> {
        v.as_slice().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u16; KINDS], D::Error> {
        let v: Vec<u16> = Vec::deserialize(d)?;
        v.try_into()
            .map_err(|_| serde::de::Error::custom("card counts need 54 entries"))
    }
}

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts([0; KINDS])
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardCounts[{}]", format_cards(&self.to_vec()))
    }
}

impl CardCounts {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn from_cards(cards: &[Card]) -> Self {
        let mut c = Self::default();
        for &card in cards {
            c.add(card, 1);
        }
        c
    }

    /// `decks` full decks, jokers included (at most 65,535: callers bound decks long before).
    pub fn full_decks(decks: usize) -> Self {
        CardCounts([decks.min(u16::MAX as usize) as u16; KINDS])
    }

    #[inline(always)]
    pub fn get(&self, card: Card) -> usize {
        self.0[card.id()] as usize
    }

    /// Adds `n` copies. Counts saturate at 65,535 instead of wrapping, so no
    /// list of cards, however hostile, can look like fewer copies than it has.
    #[inline(always)]
    pub fn add(&mut self, card: Card, n: usize) {
        let slot = &mut self.0[card.id()];
        *slot = slot.saturating_add(n.min(u16::MAX as usize) as u16);
    }

    /// Removes `n` copies; returns false (and changes nothing) if there are fewer.
    #[inline]
    pub fn remove(&mut self, card: Card, n: usize) -> bool {
        let slot = &mut self.0[card.id()];
        if (*slot as usize) < n {
            return false;
        }
        *slot -= n as u16;
        true
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// True if every card of `other` is here at least as often.
    pub fn contains(&self, other: &CardCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// Removes every card of `other`; returns false (and changes nothing) unless contained.
    pub fn remove_all(&mut self, other: &CardCounts) -> bool {
        if !self.contains(other) {
            return false;
        }
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a -= b;
        }
        true
    }

    pub fn add_all(&mut self, other: &CardCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// (card, count) for every kind present, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, usize)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .filter_map(|(id, &n)| Card::from_id(id).map(|c| (c, n as usize)))
    }

    /// Every card, repeated by its count, in id order.
    pub fn to_vec(&self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.len());
        for (c, n) in self.iter() {
            v.extend(std::iter::repeat_n(c, n));
        }
        v
    }

    /// Sum of Shengji points.
    pub fn points(&self) -> u32 {
        self.iter().map(|(c, n)| c.points() * n as u32).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 15: counts were bytes, so 257 copies of a card counted as 1 and
    /// passed "in hand" checks; they must count as 257 (and saturate, never wrap).
    #[test]
    fn counts_never_wrap() {
        let four_h = Card::new(Rank::Four, Suit::Hearts);
        let many = vec![four_h; 257];
        let c = CardCounts::from_cards(&many);
        assert_eq!(c.get(four_h), 257);
        assert!(!CardCounts::from_cards(&[four_h]).contains(&c));
        let mut huge = CardCounts::new();
        huge.add(four_h, usize::MAX);
        huge.add(four_h, 5);
        assert_eq!(huge.get(four_h), u16::MAX as usize);
        assert_eq!(CardCounts::full_decks(usize::MAX).get(four_h), u16::MAX as usize);
    }

    #[test]
    fn notation_round_trips_for_every_card() {
        for card in Card::all() {
            let text = card.to_string();
            assert_eq!(text.parse::<Card>().unwrap(), card, "{text}");
            assert_eq!(Card::from_id(card.id()), Some(card));
        }
        assert_eq!(Card::all().count(), KINDS);
    }

    #[test]
    fn parses_examples_and_names_bad_tokens() {
        let cards = parse_cards("10H QS SJ BJ 2c", None).unwrap();
        assert_eq!(format_cards(&cards), "10H QS SJ BJ 2C");
        assert_eq!(parse_cards("10H 11H", None), Err(CardError::BadToken("11H".into())));
        assert_eq!(parse_cards("ZZ", None), Err(CardError::BadToken("ZZ".into())));
        assert_eq!(parse_cards("H", None), Err(CardError::BadToken("H".into())));
        let e = parse_cards("AS AS AS", Some(2)).unwrap_err();
        assert_eq!(
            e,
            CardError::TooManyCopies { card: Card::new(Rank::Ace, Suit::Spades), count: 3, decks: 2 }
        );
        assert!(e.to_string().contains("AS"));
    }

    #[test]
    fn counts_add_remove_and_points() {
        let mut c = CardCounts::from_cards(&parse_cards("5S 10H KD KD 3C", None).unwrap());
        assert_eq!(c.len(), 5);
        assert_eq!(c.points(), 35);
        let sub = CardCounts::from_cards(&parse_cards("KD KD", None).unwrap());
        assert!(c.remove_all(&sub));
        assert!(!c.remove_all(&sub), "removing absent cards must fail");
        assert_eq!(c.len(), 3);
        assert_eq!(CardCounts::full_decks(2).points(), 200);
    }

    #[test]
    fn serde_uses_notation() {
        let card = Card::new(Rank::Ten, Suit::Hearts);
        assert_eq!(serde_json::to_string(&card).unwrap(), "\"10H\"");
        assert!(serde_json::from_str::<Card>("\"1H\"").is_err());
    }
}
