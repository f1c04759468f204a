//! The player's own arrangement of a rummy hand: the cards in groups the player
//! builds (tap cards, then Group), sorts by suit, or lets the solver arrange. It
//! follows the hand as cards come and go (a drawn card joins the last group; a
//! discarded one leaves its group), and it is what a declaration or a show sends.
//! Pure data, so the phone board and the tests share it.

use crate::cards::{Rank, Suit};
use crate::rummy::{classify, score_groups, solve, Arrangement, MeldKind, Rules, RummyCard};

/// A card's place in the arrangement: (group, position in the group). Two copies
/// of a card (two decks) are told apart by where they sit.
pub type Place = (usize, usize);

/// The hand in groups, in the order the player sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandGroups {
    groups: Vec<Vec<RummyCard>>,
}

/// What a group is, for its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
    Meld(MeldKind),
    /// Not a meld: its cards count as loose.
    Loose,
}

impl HandGroups {
    /// Groups as given (empty groups dropped).
    pub fn from_groups(groups: Vec<Vec<RummyCard>>) -> HandGroups {
        HandGroups { groups: groups.into_iter().filter(|g| !g.is_empty()).collect() }
    }

    /// The hand by suit (♠ ♥ ♣ ♦, each low to high), jokers and wild cards in a group of their own.
    pub fn sorted(hand: &[RummyCard], wild: Option<Rank>) -> HandGroups {
        let mut groups: Vec<Vec<RummyCard>> = Vec::new();
        let mut wilds: Vec<RummyCard> = hand.iter().copied().filter(|c| c.is_wild(wild)).collect();
        for suit in [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds] {
            let mut g: Vec<RummyCard> = hand.iter().copied().filter(|c| c.suit() == Some(suit) && !c.is_wild(wild)).collect();
            crate::small_sort::sort_by_key(&mut g, |c| c.rank().map(low_value));
            groups.push(g);
        }
        crate::small_sort::sort(&mut wilds);
        groups.push(wilds);
        HandGroups::from_groups(groups)
    }

    /// The solver's best arrangement: melds first (pure sequences, sequences,
    /// sets), then the loose cards in one group. With 14 cards, the best card to
    /// discard is kept apart as the last group (of one card).
    pub fn auto(hand: &[RummyCard], wild: Option<Rank>, rules: &Rules) -> Option<HandGroups> {
        let size = rules.hand_size as usize;
        let (arrangement, extra) = if hand.len() == size + 1 {
            let d = crate::rummy::best_discard(hand, wild, rules).ok()?;
            (d.arrangement, Some(d.discard))
        } else {
            (solve(hand, wild, rules).ok()?, None)
        };
        let mut groups: Vec<Vec<RummyCard>> = arrangement.groups.into_iter().map(|g| g.cards).collect();
        groups.push(arrangement.loose);
        if let Some(card) = extra {
            groups.push(vec![card]);
        }
        Some(HandGroups::from_groups(groups))
    }

    pub fn groups(&self) -> &[Vec<RummyCard>] {
        &self.groups
    }

    pub fn len(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn card(&self, (g, i): Place) -> Option<RummyCard> {
        self.groups.get(g)?.get(i).copied()
    }

    /// Follows the hand: cards no longer held leave their groups (the last
    /// copies first), cards newly held join the last group (a group of their own
    /// if the last group is a meld). True if anything changed.
    pub fn follow(&mut self, hand: &[RummyCard], wild: Option<Rank>) -> bool {
        let mut want = [0u8; crate::rummy::card::RUMMY_KINDS];
        for c in hand {
            want[c.id()] = want[c.id()].saturating_add(1);
        }
        let mut changed = false;
        // Keep the first copies the groups hold, up to what the hand holds.
        let mut kept = [0u8; crate::rummy::card::RUMMY_KINDS];
        for g in &mut self.groups {
            let before = g.len();
            g.retain(|c| {
                let ok = kept[c.id()] < want[c.id()];
                if ok {
                    kept[c.id()] += 1;
                }
                ok
            });
            changed |= g.len() != before;
        }
        let mut new: Vec<RummyCard> = Vec::new();
        for c in hand {
            if kept[c.id()] < want[c.id()] {
                kept[c.id()] += 1;
                new.push(*c);
            }
        }
        self.groups.retain(|g| !g.is_empty());
        if !new.is_empty() {
            changed = true;
            match self.groups.last_mut() {
                Some(last) if classify(last, wild).is_none() && last.len() + new.len() <= 6 => last.extend(new),
                _ => self.groups.push(new),
            }
        }
        changed
    }

    /// Moves the cards at `places` into a new group at the end (in the order tapped).
    pub fn group(&mut self, places: &[Place]) {
        let cards: Vec<RummyCard> = places.iter().filter_map(|&p| self.card(p)).collect();
        if cards.is_empty() {
            return;
        }
        let mut doomed: Vec<Place> = places.to_vec();
        crate::small_sort::sort(&mut doomed);
        doomed.dedup();
        for &(g, i) in doomed.iter().rev() {
            if g < self.groups.len() && i < self.groups[g].len() {
                self.groups[g].remove(i);
            }
        }
        self.groups.retain(|g| !g.is_empty());
        self.groups.push(cards);
    }

    /// What a group is under this deal's wild rank.
    pub fn kind(&self, g: usize, wild: Option<Rank>) -> GroupKind {
        match self.groups.get(g).and_then(|cards| classify(cards, wild)) {
            Some(kind) => GroupKind::Meld(kind),
            None => GroupKind::Loose,
        }
    }

    /// The groups without the card at `place` (the card a declaration finishes with).
    pub fn without(&self, place: Place) -> Vec<Vec<RummyCard>> {
        let mut groups = self.groups.clone();
        if let Some(g) = groups.get_mut(place.0) {
            if place.1 < g.len() {
                g.remove(place.1);
            }
        }
        groups.retain(|g| !g.is_empty());
        groups
    }

    /// How these groups score now (groups that are not melds count as loose).
    pub fn score(&self, wild: Option<Rank>, rules: &Rules) -> Arrangement {
        score_groups(&self.groups, &[], wild, rules)
    }
}

/// Ace low, as people lay out a suit (A 2 3 … K).
fn low_value(rank: Rank) -> u8 {
    if rank == Rank::Ace {
        1
    } else {
        rank.value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::parse_rummy_cards;

    fn cards(s: &str) -> Vec<RummyCard> {
        parse_rummy_cards(s).unwrap()
    }

    #[test]
    fn sorting_groups_by_suit_with_wild_cards_apart() {
        let g = HandGroups::sorted(&cards("KS 2S AS 5H JK 7D 7C 3H"), Some(Rank::Seven));
        assert_eq!(g.groups(), &[cards("AS 2S KS"), cards("3H 5H"), cards("7D 7C JK")]);
    }

    #[test]
    fn following_the_hand_keeps_the_players_groups() {
        let mut g = HandGroups::from_groups(vec![cards("3S 4S 5S"), cards("9H 9D"), cards("KC")]);
        // A drawn card joins the last (loose) group; a discarded one leaves its group.
        assert!(g.follow(&cards("3S 4S 5S 9H 9D KC 2H"), None));
        assert_eq!(g.groups(), &[cards("3S 4S 5S"), cards("9H 9D"), cards("KC 2H")]);
        assert!(g.follow(&cards("3S 4S 5S 9H 9D 2H"), None));
        assert_eq!(g.groups(), &[cards("3S 4S 5S"), cards("9H 9D"), cards("2H")]);
        assert!(!g.follow(&cards("2H 9D 9H 5S 4S 3S"), None), "the same cards in another order change nothing");
        // A card drawn after a meld goes to a new group, not into the meld.
        let mut m = HandGroups::from_groups(vec![cards("3S 4S 5S")]);
        m.follow(&cards("3S 4S 5S 8D"), None);
        assert_eq!(m.groups(), &[cards("3S 4S 5S"), cards("8D")]);
    }

    #[test]
    fn grouping_tapped_cards_and_telling_copies_apart() {
        let mut g = HandGroups::from_groups(vec![cards("7H 7H 8H"), cards("9H 2C")]);
        g.group(&[(0, 1), (0, 2), (1, 0)]);
        assert_eq!(g.groups(), &[cards("7H"), cards("2C"), cards("7H 8H 9H")]);
        assert_eq!(g.kind(2, None), GroupKind::Meld(MeldKind::PureSequence));
        assert_eq!(g.kind(0, None), GroupKind::Loose);
        assert_eq!(g.without((2, 0)), vec![cards("7H"), cards("2C"), cards("8H 9H")]);
    }

    #[test]
    fn auto_arrange_keeps_the_best_discard_apart() {
        let rules = Rules::default();
        let hand = cards("AS 2S 3S 4H 5H 6H 9C 9D 9S KH KD QC 7C JK");
        let g = HandGroups::auto(&hand, Some(Rank::Ten), &rules).unwrap();
        assert_eq!(g.len(), 14);
        let discard = g.groups().last().unwrap();
        assert_eq!(discard.len(), 1, "{:?}", g.groups());
        let kept = HandGroups::from_groups(g.groups()[..g.groups().len() - 1].to_vec());
        let a = kept.score(Some(Rank::Ten), &rules);
        assert_eq!(a.points, crate::rummy::best_discard(&hand, Some(Rank::Ten), &rules).unwrap().arrangement.points);
    }
}
