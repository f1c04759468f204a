//! Follow practice: a reproducible random position (trump, a lead from one suit,
//! your hand) from a seed and a number of decks, drawn from the seed's own
//! `dup` stream so the same link always deals the same position on any machine.

use crate::cards::{Card, CardCounts, Rank, Suit};
use crate::dup::{shuffle, uniform_below, Purpose, SeedError, TableSeed};
use crate::shengji::{EffectiveSuit, Lead, Rules, Trump};
use std::fmt;

pub const MIN_DECKS: usize = 2;
pub const MAX_DECKS: usize = 4;
/// Cards in your hand (and in the leader's, from which the lead is taken).
pub const HAND_SIZE: usize = 25;
/// Cards the lead is chosen from (more than a hand, so pairs and tractors show up).
const LEADER_CARDS: usize = 40;
/// The stream this screen draws from, separate from every game purpose.
const PURPOSE: Purpose = Purpose::Named("follow-practice");

/// A position to follow.
#[derive(Clone, Debug)]
pub struct Position {
    /// The canonical (lowercase) seed.
    pub seed: String,
    pub decks: usize,
    pub rules: Rules,
    pub lead: Lead,
    /// Your hand, in display order (trump last).
    pub hand: Vec<Card>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PracticeError {
    Seed(SeedError),
    Decks(String),
}

impl fmt::Display for PracticeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PracticeError::Seed(e) => e.fmt(f),
            PracticeError::Decks(d) => {
                write!(f, "'{d}' is not a number of decks: use {MIN_DECKS} to {MAX_DECKS}")
            }
        }
    }
}

impl std::error::Error for PracticeError {}

/// Reads the `decks` query value (absent means 2).
pub fn parse_decks(text: Option<&str>) -> Result<usize, PracticeError> {
    match text {
        None => Ok(MIN_DECKS),
        Some(t) => t
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|d| (MIN_DECKS..=MAX_DECKS).contains(d))
            .ok_or_else(|| PracticeError::Decks(t.to_string())),
    }
}

fn pick<T: Copy, R: rand_core::RngCore>(rng: &mut R, items: &[T]) -> T {
    items[uniform_below(rng, items.len() as u64) as usize]
}

/// The kinds held at least twice whose next kind up is held twice too.
fn tractor_starts(trump: Trump, multis: &[(Card, usize)], counts: &CardCounts) -> Vec<(Card, usize)> {
    multis
        .iter()
        .copied()
        .filter(|&(c, _)| trump.successors(c).into_iter().any(|n| counts.get(n) >= 2))
        .collect()
}

fn has_tractor(trump: Trump, suit_cards: &[Card]) -> bool {
    let counts = CardCounts::from_cards(suit_cards);
    let multis: Vec<(Card, usize)> = counts.iter().filter(|&(_, n)| n >= 2).collect();
    !tractor_starts(trump, &multis, &counts).is_empty()
}

/// The lead: one kind held at least twice (with the next kinds up when they are
/// held twice too, so tractors appear), sometimes a single or a small throw.
fn choose_lead<R: rand_core::RngCore>(rng: &mut R, trump: Trump, suit_cards: &[Card]) -> Vec<Card> {
    let counts = CardCounts::from_cards(suit_cards);
    let mut kinds: Vec<(Card, usize)> = counts.iter().filter(|&(_, n)| n > 0).collect();
    crate::small_sort::sort_by_key(&mut kinds, |&(c, _)| trump.display_key(c));
    let multis: Vec<(Card, usize)> = kinds.iter().copied().filter(|&(_, n)| n >= 2).collect();
    let mut lead = Vec::new();
    // Kinds that start a tractor (the next kind up is held twice too): tractors are
    // what practice is for, so they are preferred when there are any.
    let starts = tractor_starts(trump, &multis, &counts);
    if !multis.is_empty() && uniform_below(rng, 5) > 0 {
        let from_starts = !starts.is_empty() && uniform_below(rng, 3) > 0;
        let from = if from_starts { &starts } else { &multis };
        let (card, n) = pick(rng, from);
        let width = if n >= 3 && uniform_below(rng, 3) == 0 { 3 } else { 2 };
        lead.extend(std::iter::repeat_n(card, width));
        // Extend upwards into a tractor while the leader holds the next kind as often.
        let mut at = card;
        while lead.len() < 8 && ((from_starts && lead.len() == width) || uniform_below(rng, 3) > 0) {
            let Some(next) = trump.successors(at).into_iter().find(|&c| counts.get(c) >= width) else {
                break;
            };
            lead.extend(std::iter::repeat_n(next, width));
            at = next;
        }
        // Now and then a throw: add the suit's highest single.
        if uniform_below(rng, 4) == 0 {
            if let Some(&(top, _)) = kinds.iter().rev().find(|&&(c, _)| !lead.contains(&c)) {
                lead.push(top);
            }
        }
    } else {
        lead.push(pick(rng, &kinds).0);
    }
    lead
}

/// Deals the position for `seed` with `decks` decks.
pub fn generate(seed: &str, decks: usize) -> Result<Position, PracticeError> {
    if !(MIN_DECKS..=MAX_DECKS).contains(&decks) {
        return Err(PracticeError::Decks(decks.to_string()));
    }
    let table = TableSeed::parse(seed).map_err(PracticeError::Seed)?;
    let mut rng = table.stream(PURPOSE);
    let rank = Rank::ALL[uniform_below(&mut rng, 13) as usize];
    let trump = if uniform_below(&mut rng, 10) == 0 {
        Trump::NoTrump { rank: Some(rank) }
    } else {
        Trump::Standard { rank, suit: Suit::ALL[uniform_below(&mut rng, 4) as usize] }
    };
    let rules = Rules::new(trump, decks).map_err(|_| PracticeError::Decks(decks.to_string()))?;
    let mut deck = CardCounts::full_decks(decks).to_vec();
    // A few deals at most: prefer positions where you hold the led suit (being
    // short is rarer and less instructive, but stays possible).
    let mut last = None;
    for attempt in 0..8 {
        shuffle(&mut rng, &mut deck);
        let (leader, rest) = deck.split_at(LEADER_CARDS);
        let hand = &rest[..HAND_SIZE];
        let suits: Vec<EffectiveSuit> = EffectiveSuit::ALL
            .into_iter()
            .filter(|&s| leader.iter().any(|&c| trump.effective_suit(c) == s))
            .collect();
        let cards_of = |s: EffectiveSuit| -> Vec<Card> {
            leader.iter().copied().filter(|&c| trump.effective_suit(c) == s).collect()
        };
        let with_tractor: Vec<EffectiveSuit> =
            suits.iter().copied().filter(|&s| has_tractor(trump, &cards_of(s))).collect();
        let suit = if !with_tractor.is_empty() && uniform_below(&mut rng, 4) > 0 {
            pick(&mut rng, &with_tractor)
        } else {
            pick(&mut rng, &suits)
        };
        let suit_cards = cards_of(suit);
        let lead_cards = choose_lead(&mut rng, trump, &suit_cards);
        let Ok(lead) = Lead::parse(&rules, &lead_cards) else { continue };
        let mut hand = hand.to_vec();
        trump.sort_for_display(&mut hand);
        let held = hand.iter().filter(|&&c| trump.effective_suit(c) == suit).count();
        let position = Position { seed: table.as_str().to_string(), decks, rules: rules.clone(), lead, hand };
        if held > 0 || attempt == 7 {
            return Ok(position);
        }
        last = Some(position);
    }
    // Unreachable in practice (the lead always parses); keep the last deal.
    last.ok_or_else(|| PracticeError::Decks(decks.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shengji::{check_play, Hints};

    #[test]
    fn same_seed_same_position_and_seeds_ignore_case() {
        let a = generate("k7qx2m", 3).unwrap();
        let b = generate("K7QX2M", 3).unwrap();
        assert_eq!(a.hand, b.hand);
        assert_eq!(a.lead, b.lead);
        assert_eq!(a.seed, "k7qx2m");
        let c = generate("k7qx2n", 3).unwrap();
        assert!(c.hand != a.hand || c.lead != a.lead);
    }

    #[test]
    fn positions_are_well_formed_and_the_forced_hint_is_legal() {
        for i in 0..120u32 {
            let decks = MIN_DECKS + (i as usize % 3);
            let p = generate(&format!("p{i}"), decks).unwrap();
            assert_eq!(p.hand.len(), HAND_SIZE);
            assert!(!p.lead.cards.is_empty() && p.lead.len() <= 9);
            // Hand and lead come from the same decks: no kind too often.
            let mut all = CardCounts::from_cards(&p.hand);
            all.add_all(&CardCounts::from_cards(&p.lead.cards));
            assert!(all.iter().all(|(_, n)| n <= decks));
            let mut sorted = p.hand.clone();
            p.rules.trump().sort_for_display(&mut sorted);
            assert_eq!(sorted, p.hand);
            let hints = Hints::new(&p.rules, &p.lead, &p.hand);
            if let Some(play) = hints.forced_play() {
                assert_eq!(check_play(&p.rules, &p.lead, &p.hand, play), Ok(()));
            }
        }
    }

    #[test]
    fn decks_are_checked() {
        assert_eq!(parse_decks(None), Ok(2));
        assert_eq!(parse_decks(Some("4")), Ok(4));
        assert!(parse_decks(Some("5")).is_err());
        assert!(parse_decks(Some("two")).unwrap_err().to_string().contains("'two'"));
        assert!(generate("abc", 1).is_err());
        assert!(generate("a b", 2).unwrap_err().to_string().contains("seed"));
    }
}
