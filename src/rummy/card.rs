//! The rummy card: a suited card from `cards` or a printed joker (`JK`), with
//! its notation, its penalty points and what makes it wild in a deal.
//! Card text is parsed with the shared notation; only `JK` is rummy's own.

use crate::cards::{Card, Rank, Suit};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One rummy card: a suited card or a printed joker.
///
/// Build suited cards with [`RummyCard::suited`] or [`RummyCard::from_card`];
/// a `Suited` holding a Shengji joker (`SJ`/`BJ`) is read as a printed joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RummyCard {
    Suited(Card),
    Joker,
}

/// Number of distinct rummy card kinds (52 suited + the printed joker).
pub const RUMMY_KINDS: usize = 53;

impl RummyCard {
    pub const fn suited(rank: Rank, suit: Suit) -> RummyCard {
        RummyCard::Suited(Card::new(rank, suit))
    }

    /// Maps a shared card; the Shengji jokers become the printed joker.
    pub const fn from_card(card: Card) -> RummyCard {
        match card {
            Card::Suited { .. } => RummyCard::Suited(card),
            _ => RummyCard::Joker,
        }
    }

    /// Rank and suit of a suited card; `None` for a printed joker.
    pub const fn rank_suit(self) -> Option<(Rank, Suit)> {
        match self {
            RummyCard::Suited(Card::Suited { rank, suit }) => Some((rank, suit)),
            _ => None,
        }
    }

    pub const fn rank(self) -> Option<Rank> {
        match self.rank_suit() {
            Some((rank, _)) => Some(rank),
            None => None,
        }
    }

    pub const fn suit(self) -> Option<Suit> {
        match self.rank_suit() {
            Some((_, suit)) => Some(suit),
            None => None,
        }
    }

    pub const fn is_printed_joker(self) -> bool {
        self.rank_suit().is_none()
    }

    /// A printed joker, or a card of the deal's wild rank.
    pub fn is_wild(self, wild: Option<Rank>) -> bool {
        match self.rank() {
            None => true,
            Some(rank) => Some(rank) == wild,
        }
    }

    /// Dense id 0..53: the shared [`Card::id`] for suited cards, 52 for the joker.
    pub const fn id(self) -> usize {
        match self.rank_suit() {
            Some((rank, suit)) => Card::new(rank, suit).id(),
            None => 52,
        }
    }

    pub fn from_id(id: usize) -> Option<RummyCard> {
        match id {
            0..=51 => Card::from_id(id).map(RummyCard::Suited),
            52 => Some(RummyCard::Joker),
            _ => None,
        }
    }

    /// Penalty points: A, K, Q, J = 10, 2..10 face value; printed jokers and
    /// cards of the wild rank are worth 0.
    pub fn points(self, wild: Option<Rank>) -> u32 {
        match self.rank() {
            None => 0,
            Some(rank) if Some(rank) == wild => 0,
            Some(rank) => match rank {
                Rank::Ace | Rank::King | Rank::Queen | Rank::Jack => 10,
                other => other.value() as u32,
            },
        }
    }
}

impl fmt::Display for RummyCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rank_suit() {
            Some((rank, suit)) => write!(f, "{}{}", rank, suit.letter()),
            None => f.write_str("JK"),
        }
    }
}

/// A token that is not a rummy card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCard(pub String);

impl fmt::Display for BadCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a rummy card (write a rank 2-10, J, Q, K, A then a suit S, H, D, C, e.g. 10H; a printed joker is JK)",
            self.0
        )
    }
}

impl std::error::Error for BadCard {}

impl std::str::FromStr for RummyCard {
    type Err = BadCard;

    /// `JK` is the printed joker; the Shengji joker names `SJ`/`BJ` are
    /// accepted as aliases; anything else is the shared card notation.
    fn from_str(token: &str) -> Result<RummyCard, BadCard> {
        let t = token.trim();
        if t.eq_ignore_ascii_case("JK") {
            return Ok(RummyCard::Joker);
        }
        t.parse::<Card>()
            .map(RummyCard::from_card)
            .map_err(|_| BadCard(t.to_string()))
    }
}

impl Serialize for RummyCard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RummyCard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RummyCard, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a card list separated by spaces or commas.
pub fn parse_rummy_cards(text: &str) -> Result<Vec<RummyCard>, BadCard> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

/// Writes cards in notation separated by single spaces.
pub fn format_rummy_cards(cards: &[RummyCard]) -> String {
    cards.iter().map(RummyCard::to_string).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_ids_are_dense() {
        for id in 0..RUMMY_KINDS {
            let card = RummyCard::from_id(id).unwrap();
            assert_eq!(card.id(), id);
            assert_eq!(card.to_string().parse::<RummyCard>().unwrap(), card);
        }
        assert_eq!(RummyCard::from_id(RUMMY_KINDS), None);
    }

    #[test]
    fn parses_jokers_and_rejects_bad_tokens() {
        let cards = parse_rummy_cards("10H qs JK, jk SJ").unwrap();
        assert_eq!(format_rummy_cards(&cards), "10H QS JK JK JK");
        assert_eq!(parse_rummy_cards("10H 1H"), Err(BadCard("1H".into())));
        assert!(BadCard("X".into()).to_string().contains("JK"));
        assert_eq!(RummyCard::Suited(Card::BigJoker), RummyCard::Suited(Card::BigJoker));
        assert!(RummyCard::Suited(Card::BigJoker).is_printed_joker());
    }

    #[test]
    fn points_follow_the_table() {
        let p = |t: &str, wild| t.parse::<RummyCard>().unwrap().points(wild);
        assert_eq!(p("AS", None), 10);
        assert_eq!(p("KH", None), 10);
        assert_eq!(p("JD", None), 10);
        assert_eq!(p("10C", None), 10);
        assert_eq!(p("9C", None), 9);
        assert_eq!(p("2C", None), 2);
        assert_eq!(p("JK", None), 0);
        assert_eq!(p("7H", Some(Rank::Seven)), 0);
        assert_eq!(p("7H", Some(Rank::Eight)), 7);
    }

    #[test]
    fn serde_uses_notation() {
        let cards = parse_rummy_cards("AS JK").unwrap();
        let json = serde_json::to_string(&cards).unwrap();
        assert_eq!(json, r#"["AS","JK"]"#);
        assert_eq!(serde_json::from_str::<Vec<RummyCard>>(&json).unwrap(), cards);
    }
}
