//! Selections over a hand shown in display order: which cards are selected, and the
//! selection that picks given cards.

use crate::cards::Card;

/// The selected cards of `hand`.
pub fn selected_cards(hand: &[Card], selected: &[bool]) -> Vec<Card> {
    hand.iter().zip(selected).filter(|(_, &s)| s).map(|(&c, _)| c).collect()
}

/// A selection of exactly `cards` (each copy taken once, leftmost first); cards
/// not in the hand are ignored.
pub fn selection_of(hand: &[Card], cards: &[Card]) -> Vec<bool> {
    let mut want = cards.to_vec();
    hand.iter()
        .map(|c| match want.iter().position(|w| w == c) {
            Some(k) => {
                want.swap_remove(k);
                true
            }
            None => false,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    
    #[test]
    fn selection_takes_each_copy_once() {
        let hand = parse_cards("3S 3S 5H 5H 5H", None).unwrap();
        let sel = selection_of(&hand, &parse_cards("5H 5H 3S", None).unwrap());
        assert_eq!(sel, vec![true, false, true, true, false]);
        assert_eq!(selected_cards(&hand, &sel), parse_cards("3S 5H 5H", None).unwrap());
    }
}
