//! Trump declarations (`4S`, `NT4`, `NT`), effective suits, the strength order
//! used in tricks, the display order used for hands, and tractor adjacency.
//! Every suit is laid out as a short list of card kinds ("slots") with levels.

use crate::cards::{Card, Rank, Suit};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// What is trump this hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trump {
    /// A trump rank and a trump suit: `4S`.
    Standard { rank: Rank, suit: Suit },
    /// No trump suit; with a rank (`NT4`) the four cards of that rank are trump
    /// next to the jokers, without one (`NT`) only the jokers are.
    NoTrump { rank: Option<Rank> },
}

/// The suit a card follows once trump is known: its own suit, or trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EffectiveSuit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
    Trump,
}

impl EffectiveSuit {
    pub const ALL: [EffectiveSuit; 5] = [
        EffectiveSuit::Spades,
        EffectiveSuit::Hearts,
        EffectiveSuit::Diamonds,
        EffectiveSuit::Clubs,
        EffectiveSuit::Trump,
    ];

    pub fn from_suit(s: Suit) -> EffectiveSuit {
        EffectiveSuit::ALL[s.index()]
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Plural English name for messages: "hearts", "trumps".
    pub fn plural(self) -> &'static str {
        match self {
            EffectiveSuit::Spades => "spades",
            EffectiveSuit::Hearts => "hearts",
            EffectiveSuit::Diamonds => "diamonds",
            EffectiveSuit::Clubs => "clubs",
            EffectiveSuit::Trump => "trumps",
        }
    }
}

impl fmt::Display for EffectiveSuit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.plural())
    }
}

/// A trump declaration that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrumpParseError(pub String);

impl fmt::Display for TrumpParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a trump (write rank then suit like 4S, NT4 for no-trump with rank 4, or NT)", self.0)
    }
}

impl std::error::Error for TrumpParseError {}

impl FromStr for Trump {
    type Err = TrumpParseError;

    fn from_str(s: &str) -> Result<Trump, TrumpParseError> {
        let bad = || TrumpParseError(s.to_string());
        let t = s.trim().to_ascii_uppercase();
        if let Some(rest) = t.strip_prefix("NT") {
            if rest.is_empty() {
                return Ok(Trump::NoTrump { rank: None });
            }
            return Rank::parse(rest).map(|r| Trump::NoTrump { rank: Some(r) }).ok_or_else(bad);
        }
        let mut chars = t.chars();
        let suit = chars.next_back().and_then(Suit::from_letter).ok_or_else(bad)?;
        let rank = Rank::parse(chars.as_str()).ok_or_else(bad)?;
        Ok(Trump::Standard { rank, suit })
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trump::Standard { rank, suit } => write!(f, "{}{}", rank, suit.letter()),
            Trump::NoTrump { rank: Some(r) } => write!(f, "NT{r}"),
            Trump::NoTrump { rank: None } => f.write_str("NT"),
        }
    }
}

impl Serialize for Trump {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Trump {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Trump, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Most card kinds one effective suit can hold (standard trump: 12 + 4 + 2).
pub const MAX_SLOTS: usize = 18;

impl Trump {
    pub fn rank(self) -> Option<Rank> {
        match self {
            Trump::Standard { rank, .. } => Some(rank),
            Trump::NoTrump { rank } => rank,
        }
    }

    pub fn suit(self) -> Option<Suit> {
        match self {
            Trump::Standard { suit, .. } => Some(suit),
            Trump::NoTrump { .. } => None,
        }
    }

    #[inline]
    pub fn is_trump(self, card: Card) -> bool {
        self.effective_suit(card) == EffectiveSuit::Trump
    }

    #[inline]
    pub fn effective_suit(self, card: Card) -> EffectiveSuit {
        match card {
            Card::SmallJoker | Card::BigJoker => EffectiveSuit::Trump,
            Card::Suited { rank, suit } => {
                if Some(rank) == self.rank() || Some(suit) == self.suit() {
                    EffectiveSuit::Trump
                } else {
                    EffectiveSuit::from_suit(suit)
                }
            }
        }
    }

    /// The card's level inside its effective suit: consecutive integers from the
    /// weakest kind up, skipping the trump rank, so that tractor adjacency is
    /// exactly "level + 1". Off-suit trump-rank cards share one level.
    pub fn level(self, card: Card) -> u8 {
        let rank_skip = |r: Rank| -> u8 {
            let i = r.index() as u8;
            match self.rank() {
                Some(t) if (t.index() as u8) < i => i - 1,
                _ => i,
            }
        };
        let plain_top = if self.rank().is_some() { 12 } else { 13 };
        match (self, card) {
            (Trump::Standard { .. }, Card::BigJoker) => 15,
            (Trump::Standard { .. }, Card::SmallJoker) => 14,
            (Trump::Standard { rank, suit: ts }, Card::Suited { rank: r, suit }) if r == rank => {
                if suit == ts {
                    13
                } else {
                    12
                }
            }
            (Trump::NoTrump { rank: Some(_) }, Card::BigJoker) => 2,
            (Trump::NoTrump { rank: Some(_) }, Card::SmallJoker) => 1,
            (Trump::NoTrump { rank: Some(t) }, Card::Suited { rank: r, .. }) if r == t => 0,
            (Trump::NoTrump { rank: None }, Card::BigJoker) => 1,
            (Trump::NoTrump { rank: None }, Card::SmallJoker) => 0,
            (_, Card::Suited { rank, .. }) => rank_skip(rank).min(plain_top - 1),
        }
    }

    /// Strength order for play: trump beats every other suit, then by level.
    /// Off-suit trump-rank cards compare equal; cards of two different
    /// non-trump suits compare by level only (callers compare within a trick).
    pub fn compare_strength(self, a: Card, b: Card) -> Ordering {
        let ta = self.is_trump(a);
        let tb = self.is_trump(b);
        ta.cmp(&tb).then(self.level(a).cmp(&self.level(b)))
    }

    /// Tractor adjacency: the kinds directly above `card` in its effective suit.
    pub fn successors(self, card: Card) -> Vec<Card> {
        let suit = self.effective_suit(card);
        let next = self.level(card) + 1;
        self.suit_cards(suit).into_iter().filter(|&c| self.level(c) == next).collect()
    }

    /// Every card kind of an effective suit, weakest first (equal levels in suit order).
    pub fn suit_cards(self, suit: EffectiveSuit) -> Vec<Card> {
        let mut v: Vec<Card> = Card::all().filter(|&c| self.effective_suit(c) == suit).collect();
        crate::small_sort::sort_by_key(&mut v, |&c| (self.level(c), c.suit().map_or(0, |s| s.index())));
        v
    }

    /// Key for showing a hand: non-trump suits in ♠ ♥ ♣ ♦ order (colours
    /// alternate), trump last; inside a suit weakest to strongest; ties by suit.
    pub fn display_key(self, card: Card) -> (u8, u8, u8) {
        let group = match self.effective_suit(card) {
            EffectiveSuit::Spades => 0,
            EffectiveSuit::Hearts => 1,
            EffectiveSuit::Clubs => 2,
            EffectiveSuit::Diamonds => 3,
            EffectiveSuit::Trump => 4,
        };
        (group, self.level(card), card.suit().map_or(0, |s| s.index() as u8))
    }

    /// Sorts cards into display order (stable).
    pub fn sort_for_display(self, cards: &mut [Card]) {
        crate::small_sort::sort_by_key(cards, |&c| self.display_key(c));
    }
}

/// The kinds of one effective suit as slots 0.. in level order, with adjacency.
#[derive(Clone, Debug)]
pub struct SuitLayout {
    pub suit: EffectiveSuit,
    pub cards: Vec<Card>,
    pub levels: Vec<u8>,
    /// Bit mask of successor slots for each slot.
    pub succ: Vec<u32>,
}

/// Slot tables for all five effective suits under one trump.
#[derive(Clone, Debug)]
pub struct Layout {
    pub trump: Trump,
    pub suits: Vec<SuitLayout>,
    /// Card id -> (effective suit index, slot).
    pub slot_of: [(u8, u8); crate::cards::KINDS],
    /// Card id -> [`Trump::level`].
    level_of: [u8; crate::cards::KINDS],
}

impl Layout {
    pub fn new(trump: Trump) -> Layout {
        let mut slot_of = [(0u8, 0u8); crate::cards::KINDS];
        let mut level_of = [0u8; crate::cards::KINDS];
        let suits = EffectiveSuit::ALL
            .iter()
            .map(|&suit| {
                let cards = trump.suit_cards(suit);
                let levels: Vec<u8> = cards.iter().map(|&c| trump.level(c)).collect();
                let succ = levels
                    .iter()
                    .map(|&l| {
                        levels.iter().enumerate().filter(|&(_, &m)| m == l + 1).fold(0u32, |acc, (j, _)| acc | (1 << j))
                    })
                    .collect();
                for (i, c) in cards.iter().enumerate() {
                    slot_of[c.id()] = (suit.index() as u8, i as u8);
                    level_of[c.id()] = levels[i];
                }
                SuitLayout { suit, cards, levels, succ }
            })
            .collect();
        Layout { trump, suits, slot_of, level_of }
    }

    pub fn suit(&self, s: EffectiveSuit) -> &SuitLayout {
        &self.suits[s.index()]
    }

    #[inline(always)]
    pub fn effective_suit(&self, c: Card) -> EffectiveSuit {
        EffectiveSuit::ALL[self.slot_of[c.id()].0 as usize]
    }

    #[inline(always)]
    pub fn slot(&self, c: Card) -> usize {
        self.slot_of[c.id()].1 as usize
    }

    /// [`Trump::level`], looked up.
    #[inline(always)]
    pub fn level(&self, c: Card) -> u8 {
        self.level_of[c.id()]
    }

    /// [`Layout::counts`] of a pile of cards already counted.
    pub fn pile_counts(&self, suit: EffectiveSuit, pile: &crate::cards::CardCounts) -> [u8; MAX_SLOTS] {
        let mut v = [0u8; MAX_SLOTS];
        for (slot, &c) in v.iter_mut().zip(&self.suit(suit).cards) {
            *slot = pile.get(c).min(u8::MAX as usize) as u8;
        }
        v
    }

    /// Count vector of the cards of `suit` among `cards`.
    pub fn counts(&self, suit: EffectiveSuit, cards: &[Card]) -> [u8; MAX_SLOTS] {
        let mut v = [0u8; MAX_SLOTS];
        for &c in cards {
            let (s, i) = self.slot_of[c.id()];
            if s as usize == suit.index() {
                v[i as usize] = v[i as usize].saturating_add(1);
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn notation_round_trips() {
        for s in ["4S", "NT4", "NT", "10H", "AC"] {
            let t: Trump = s.parse().unwrap();
            assert_eq!(t.to_string(), s);
            assert_eq!(serde_json::to_string(&t).unwrap(), format!("\"{s}\""));
        }
        assert!("4X".parse::<Trump>().is_err());
        assert!("NT1".parse::<Trump>().is_err());
        assert!("".parse::<Trump>().is_err());
    }

    #[test]
    fn four_of_spades_order_matches_the_seed() {
        let t: Trump = "4S".parse().unwrap();
        let order = parse_cards("BJ SJ 4S 4H AS KS QS JS 10S 9S 8S 7S 6S 5S 3S 2S", None).unwrap();
        for w in order.windows(2) {
            assert_eq!(t.compare_strength(w[0], w[1]), Ordering::Greater, "{} > {}", w[0], w[1]);
        }
        assert_eq!(t.compare_strength(c("4H"), c("4D")), Ordering::Equal);
        assert_eq!(t.compare_strength(c("4C"), c("AS")), Ordering::Greater);
        assert_eq!(t.compare_strength(c("2S"), c("AH")), Ordering::Greater, "trump beats suit");
        assert_eq!(t.effective_suit(c("4H")), EffectiveSuit::Trump);
        assert_eq!(t.effective_suit(c("5H")), EffectiveSuit::Hearts);
    }

    #[test]
    fn adjacency_skips_trump_rank_and_chains_through_trump() {
        let t: Trump = "4S".parse().unwrap();
        assert_eq!(t.successors(c("3S")), vec![c("5S")]);
        assert_eq!(t.successors(c("3H")), vec![c("5H")]);
        assert_eq!(t.successors(c("AS")), vec![c("4H"), c("4D"), c("4C")]);
        assert_eq!(t.successors(c("4H")), vec![c("4S")]);
        assert_eq!(t.successors(c("4S")), vec![c("SJ")]);
        assert_eq!(t.successors(c("SJ")), vec![c("BJ")]);
        assert!(t.successors(c("BJ")).is_empty());
        assert!(t.successors(c("AH")).is_empty());
        let nt: Trump = "NT4".parse().unwrap();
        assert_eq!(nt.successors(c("4H")), vec![c("SJ")]);
        assert_eq!(nt.successors(c("3H")), vec![c("5H")]);
        let bare: Trump = "NT".parse().unwrap();
        assert_eq!(bare.successors(c("KH")), vec![c("AH")]);
        assert_eq!(bare.successors(c("SJ")), vec![c("BJ")]);
        assert_eq!(bare.suit_cards(EffectiveSuit::Trump).len(), 2);
        assert_eq!(bare.suit_cards(EffectiveSuit::Hearts).len(), 13);
        assert_eq!(t.suit_cards(EffectiveSuit::Trump).len(), 18);
    }

    #[test]
    fn display_order_groups_suits_trump_last() {
        let t: Trump = "4S".parse().unwrap();
        let mut hand = parse_cards("BJ 4S 3S 5H 4H 2D KC 2C AH", None).unwrap();
        t.sort_for_display(&mut hand);
        assert_eq!(crate::cards::format_cards(&hand), "5H AH 2C KC 2D 3S 4H 4S BJ");
    }
}
