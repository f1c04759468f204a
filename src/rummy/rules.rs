//! The rule settings of 13-card Indian rummy: the pack, the wild rank of a
//! deal, the points cap and how a hand that cannot declare is counted.
//! Also the error type every rummy function returns on bad input.

use super::card::{RummyCard, RUMMY_KINDS};
use crate::cards::Rank;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What wild rank a deal gets when the card turned up to pick it is a printed joker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum JokerDrawnRule {
    /// Aces are wild (the common online rule). Default.
    #[default]
    AcesWild,
    /// No rank is wild for the deal; only the printed jokers are.
    NoWildRank,
}

/// Which cards count as penalty points for a hand in a given situation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Counted {
    /// Every card in the hand.
    AllCards,
    /// Every card except those in the pure sequence.
    AllButPureSequence,
    /// Only the cards in no group (as for a hand with two sequences).
    UnmeldedOnly,
}

/// The rule set. Every field has a documented default (see `docs/rummy.md`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Standard 52-card decks in the pack (default 2).
    pub decks: u8,
    /// Printed jokers in the pack (default 2).
    pub printed_jokers: u8,
    /// Cards dealt to each player (default 13; a turn draws to one more).
    pub hand_size: u8,
    /// Most points a hand can cost (default 80).
    pub max_points: u32,
    /// The wild rank when a printed joker is turned up (default: aces wild).
    pub joker_drawn: JokerDrawnRule,
    /// Counting for a hand with no pure sequence (default: all cards).
    pub without_pure_sequence: Counted,
    /// Counting for a hand with a pure sequence but no second sequence
    /// (default: all cards but the pure sequence).
    pub without_second_sequence: Counted,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            decks: 2,
            printed_jokers: 2,
            hand_size: 13,
            max_points: 80,
            joker_drawn: JokerDrawnRule::AcesWild,
            without_pure_sequence: Counted::AllCards,
            without_second_sequence: Counted::AllButPureSequence,
        }
    }
}

impl Rules {
    /// The wild rank of a deal whose turned-up card is `drawn`.
    pub fn wild_rank_for(&self, drawn: RummyCard) -> Option<Rank> {
        match drawn.rank() {
            Some(rank) => Some(rank),
            None => match self.joker_drawn {
                JokerDrawnRule::AcesWild => Some(Rank::Ace),
                JokerDrawnRule::NoWildRank => None,
            },
        }
    }

    /// Copies of each card kind in the pack, indexed by [`RummyCard::id`].
    pub fn pack_counts(&self) -> [u8; RUMMY_KINDS] {
        let mut counts = [self.decks; RUMMY_KINDS];
        counts[RummyCard::Joker.id()] = self.printed_jokers;
        counts
    }

    /// The whole pack, in id order.
    pub fn pack(&self) -> Vec<RummyCard> {
        let counts = self.pack_counts();
        (0..RUMMY_KINDS)
            .filter_map(|id| RummyCard::from_id(id).map(|c| (c, counts[id])))
            .flat_map(|(c, n)| std::iter::repeat_n(c, n as usize))
            .collect()
    }

    /// Checks that the pack could hold `hand` (no card more often than it has).
    pub fn check_hand(&self, hand: &[RummyCard]) -> Result<(), RummyError> {
        let limits = self.pack_counts();
        let mut seen = [0usize; RUMMY_KINDS];
        for &card in hand {
            seen[card.id()] += 1;
            if seen[card.id()] > limits[card.id()] as usize {
                return Err(RummyError::TooManyCopies {
                    card,
                    count: hand.iter().filter(|&&c| c == card).count(),
                    allowed: limits[card.id()] as usize,
                });
            }
        }
        Ok(())
    }
}

/// Largest hand the solver takes (its tables have `4 << n` entries).
pub const MAX_SOLVE_CARDS: usize = 16;

/// What was wrong with a rummy request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RummyError {
    /// More copies of a card than the pack holds.
    TooManyCopies {
        card: RummyCard,
        count: usize,
        allowed: usize,
    },
    /// A hand of an unusable size.
    HandSize { got: usize, min: usize, max: usize },
}

impl fmt::Display for RummyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RummyError::TooManyCopies { card, count, allowed } => write!(
                f,
                "the hand has {count} copies of {card} but the pack holds only {allowed}"
            ),
            RummyError::HandSize { got, min, max } if min == max => {
                write!(f, "the hand has {got} cards; give exactly {min}")
            }
            RummyError::HandSize { got, min, max } => {
                write!(f, "the hand has {got} cards; give between {min} and {max}")
            }
        }
    }
}

impl std::error::Error for RummyError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::card::parse_rummy_cards;

    #[test]
    fn default_pack_is_two_decks_and_two_jokers() {
        let rules = Rules::default();
        let pack = rules.pack();
        assert_eq!(pack.len(), 106);
        assert_eq!(pack.iter().filter(|c| c.is_printed_joker()).count(), 2);
        let custom = Rules {
            decks: 1,
            printed_jokers: 4,
            ..Rules::default()
        };
        assert_eq!(custom.pack().len(), 56);
    }

    #[test]
    fn wild_rank_rule_for_a_turned_up_joker() {
        let rules = Rules::default();
        assert_eq!(rules.wild_rank_for("7D".parse().unwrap()), Some(Rank::Seven));
        assert_eq!(rules.wild_rank_for(RummyCard::Joker), Some(Rank::Ace));
        let none = Rules {
            joker_drawn: JokerDrawnRule::NoWildRank,
            ..Rules::default()
        };
        assert_eq!(none.wild_rank_for(RummyCard::Joker), None);
    }

    #[test]
    fn hand_check_counts_copies() {
        let rules = Rules::default();
        assert!(rules.check_hand(&parse_rummy_cards("AS AS JK JK").unwrap()).is_ok());
        let err = rules.check_hand(&parse_rummy_cards("AS AS AS").unwrap()).unwrap_err();
        assert_eq!(err.to_string(), "the hand has 3 copies of AS but the pack holds only 2");
        assert!(rules.check_hand(&parse_rummy_cards("JK JK JK").unwrap()).is_err());
    }

    #[test]
    fn rules_serde_fills_defaults() {
        let rules: Rules = serde_json::from_str(r#"{"printed_jokers": 4}"#).unwrap();
        assert_eq!(
            rules,
            Rules {
                printed_jokers: 4,
                ..Rules::default()
            }
        );
    }
}
