//! Seeded random positions (lead, hand, play) for benchmarks, worst-case
//! searches and bots: the three benchmark families of the engine's issue.

use super::lead::Lead;
use super::rules::Rules;
use super::trump::{EffectiveSuit, Trump};
use crate::cards::{Card, CardCounts, Rank, Suit};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The benchmark families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// 2 decks, leads of 1–4 cards (single, pair, tractor), 25-card hands.
    Small,
    /// 4 decks, 13-card single-suit throws, 40-card hands.
    Throw13,
    /// 8 decks, 6–20-card single-suit leads, ~50-card hands.
    Deep8,
    /// 16 decks, 8–40-card leads of big tuples and tractors, ~100-card hands
    /// (half of them piled on a few kinds): the positions no table plays
    /// every day, where listing the weaker formats would explode.
    Huge16,
}

impl Family {
    pub const ALL: [Family; 4] = [Family::Small, Family::Throw13, Family::Deep8, Family::Huge16];

    pub fn name(self) -> &'static str {
        match self {
            Family::Small => "a-2decks-short-leads",
            Family::Throw13 => "b-4decks-13card-throws",
            Family::Deep8 => "c-8decks-long-leads",
            Family::Huge16 => "d-16decks-huge-leads",
        }
    }
}

/// One random position.
#[derive(Clone, Debug)]
pub struct Position {
    pub rules: Rules,
    pub lead: Lead,
    pub hand: Vec<Card>,
    pub play: Vec<Card>,
}

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// A position of `family` from `seed` (same seed, same position).
pub fn position(family: Family, seed: u64) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        if let Some(p) = attempt(family, &mut rng) {
            return p;
        }
    }
}

fn attempt(family: Family, rng: &mut ChaCha8Rng) -> Option<Position> {
    let (decks, hand_len) = match family {
        Family::Small => (2, 25),
        Family::Throw13 => (4, 40),
        Family::Deep8 => (8, 50),
        Family::Huge16 => (16, 100),
    };
    let trump = Trump::Standard { rank: Rank::ALL[below(rng, 13)], suit: Suit::ALL[below(rng, 4)] };
    let rules = Rules::new(trump, decks).ok()?;
    let suit = if below(rng, 4) == 0 { EffectiveSuit::Trump } else { EffectiveSuit::ALL[below(rng, 4)] };
    let mut kinds = trump.suit_cards(suit);
    if kinds.is_empty() {
        return None;
    }
    crate::small_sort::sort_by_key(&mut kinds, |&c| trump.level(c));
    let mut pool = CardCounts::full_decks(decks);
    let mut lead = Vec::new();
    match family {
        Family::Small => {
            let k = below(rng, kinds.len().saturating_sub(1).max(1));
            match below(rng, 3) {
                0 => lead.push(kinds[k]),
                1 => lead.extend([kinds[k], kinds[k]]),
                _ => {
                    let k2 = (k + 1).min(kinds.len() - 1);
                    lead.extend([kinds[k], kinds[k], kinds[k2], kinds[k2]]);
                }
            }
            for &c in &lead {
                if !pool.remove(c, 1) {
                    return None;
                }
            }
        }
        Family::Throw13 | Family::Deep8 | Family::Huge16 => {
            let n = match family {
                Family::Throw13 => 13,
                Family::Deep8 => 6 + below(rng, 15),
                _ => 8 + below(rng, 33),
            };
            // Cluster the lead on a window of kinds so tuples and tractors occur.
            let fits = n.div_ceil(decks) + 1;
            let widest = if family == Family::Huge16 { 4 } else { 6 };
            let window = (if family == Family::Huge16 { 2 } else { 3 } + below(rng, widest)).max(fits).min(kinds.len());
            if window * decks < n {
                return None;
            }
            let start = below(rng, kinds.len() - window + 1);
            while lead.len() < n {
                let c = kinds[start + below(rng, window)];
                if pool.remove(c, 1) {
                    lead.push(c);
                }
            }
        }
    }
    let lead = Lead::parse(&rules, &lead).ok()?;
    // A hand rich in the led suit: about 60% of its cards drawn from the suit.
    let all: Vec<Card> = Card::all().collect();
    let mut hand = Vec::new();
    let mut tries = 0;
    // Huge16: half the hands pile their led-suit cards on a few neighbouring kinds.
    let piled = family == Family::Huge16 && below(rng, 2) == 0;
    let pile_at = below(rng, kinds.len());
    let pile = &kinds[pile_at..(pile_at + 2 + below(rng, 5)).min(kinds.len())];
    while hand.len() < hand_len && tries < 10_000 {
        tries += 1;
        let from = if piled { pile } else { &kinds[..] };
        let c = if below(rng, 10) < 6 { from[below(rng, from.len())] } else { all[below(rng, all.len())] };
        if pool.remove(c, 1) {
            hand.push(c);
        }
    }
    // The play: drawn from the hand's led-suit cards (topped up if short).
    let mut suit_cards: Vec<Card> = hand.iter().copied().filter(|&c| trump.effective_suit(c) == suit).collect();
    let mut others: Vec<Card> = hand.iter().copied().filter(|&c| trump.effective_suit(c) != suit).collect();
    let mut play = Vec::new();
    while play.len() < lead.len() {
        let src = if !suit_cards.is_empty() { &mut suit_cards } else { &mut others };
        if src.is_empty() {
            return None;
        }
        let i = below(rng, src.len());
        play.push(src.swap_remove(i));
    }
    // Half the positions play the forced hint instead (a legal play).
    if below(rng, 2) == 0 {
        if let Some(f) = super::legal::Hints::new(&rules, &lead, &hand).forced_play() {
            play = f.to_vec();
        }
    }
    Some(Position { rules, lead, hand, play })
}
