//! Rummy rules as properties: meld classification against a brute force that
//! tries every card each joker or wild card could stand for, and the solver's
//! answers against the rules (a true split of the hand, scored as it says).

#[path = "support/fixed_proptest.rs"]
mod fixed_proptest;
use proptest::prelude::*;
use tuolaji::cards::{Rank, Suit};
use tuolaji::rummy::{classify, score_groups, solve, MeldKind, Rules, RummyCard, Standing};

fn any_card() -> impl Strategy<Value = RummyCard> {
    prop_oneof![
        9 => (0usize..52).prop_map(|id| RummyCard::from_id(id).unwrap()),
        1 => Just(RummyCard::Joker),
    ]
}

/// A group whose cards are close together (same suit or rank often), so that
/// melds are common.
fn near_group() -> impl Strategy<Value = Vec<RummyCard>> {
    (
        0usize..4,
        0usize..13,
        prop::collection::vec((0usize..4, 0usize..5, 0u8..10), 3..=5),
    )
        .prop_map(|(suit, low, picks)| {
            picks
                .into_iter()
                .map(|(s, r, kind)| match kind {
                    0 => RummyCard::Joker,
                    1..=5 => RummyCard::suited(Rank::ALL[(low + r) % 13], Suit::ALL[suit]),
                    _ => RummyCard::suited(Rank::ALL[low], Suit::ALL[s]),
                })
                .collect()
        })
}

fn concrete_run(cards: &[(Rank, Suit)]) -> bool {
    let suit = cards[0].1;
    if cards.iter().any(|c| c.1 != suit) {
        return false;
    }
    [false, true].into_iter().any(|ace_low| {
        let mut pos: Vec<u32> = cards
            .iter()
            .map(|c| {
                if ace_low && c.0 == Rank::Ace {
                    1
                } else {
                    c.0.value() as u32
                }
            })
            .collect();
        pos.sort();
        pos.windows(2).all(|w| w[1] == w[0] + 1)
    })
}

fn concrete_set(cards: &[(Rank, Suit)]) -> bool {
    let mut suits: Vec<Suit> = cards.iter().map(|c| c.1).collect();
    suits.sort();
    suits.dedup();
    (3..=4).contains(&cards.len()) && cards.iter().all(|c| c.0 == cards[0].0) && suits.len() == cards.len()
}

/// Every way to read the group: wild cards as themselves or as any card.
fn readings(cards: &[RummyCard], wild: Option<Rank>, out: &mut Vec<Vec<(Rank, Suit)>>, acc: &mut Vec<(Rank, Suit)>) {
    let Some((&first, rest)) = cards.split_first() else {
        out.push(acc.clone());
        return;
    };
    if first.is_wild(wild) {
        for id in 0..52 {
            let c = RummyCard::from_id(id).unwrap().rank_suit().unwrap();
            acc.push(c);
            readings(rest, wild, out, acc);
            acc.pop();
        }
    } else {
        acc.push(first.rank_suit().unwrap());
        readings(rest, wild, out, acc);
        acc.pop();
    }
}

fn brute_classify(cards: &[RummyCard], wild: Option<Rank>) -> Option<MeldKind> {
    let as_printed: Option<Vec<(Rank, Suit)>> = cards.iter().map(|c| c.rank_suit()).collect();
    if let Some(plain) = &as_printed {
        if concrete_run(plain) {
            return Some(MeldKind::PureSequence);
        }
    }
    if cards.iter().all(|c| c.is_printed_joker()) {
        return None;
    }
    let mut all = Vec::new();
    readings(cards, wild, &mut all, &mut Vec::new());
    if all.iter().any(|r| concrete_run(r)) {
        Some(MeldKind::ImpureSequence)
    } else if all.iter().any(|r| concrete_set(r)) {
        Some(MeldKind::Set)
    } else {
        None
    }
}

fn wild_rank() -> impl Strategy<Value = Option<Rank>> {
    prop_oneof![Just(None), (0usize..13).prop_map(Rank::from_index)]
}

proptest! {
    #![proptest_config(fixed_proptest::config(400))]

    #[test]
    fn classify_matches_brute_force(group in near_group(), wild in wild_rank()) {
        // Keep the brute force small: at most two cards that can stand in.
        prop_assume!(group.iter().filter(|c| c.is_wild(wild)).count() <= 2);
        prop_assert_eq!(classify(&group, wild), brute_classify(&group, wild), "{:?}", group);
    }

    #[test]
    fn classify_matches_brute_force_on_any_cards(group in prop::collection::vec(any_card(), 3..=4), wild in wild_rank()) {
        prop_assume!(group.iter().filter(|c| c.is_wild(wild)).count() <= 2);
        prop_assert_eq!(classify(&group, wild), brute_classify(&group, wild), "{:?}", group);
    }
}

proptest! {
    #![proptest_config(fixed_proptest::config(200))]

    #[test]
    fn solve_returns_a_scored_split_of_the_hand(seed_cards in prop::collection::vec(any_card(), 13), wild in wild_rank()) {
        let rules = Rules::default();
        prop_assume!(rules.check_hand(&seed_cards).is_ok());
        let a = solve(&seed_cards, wild, &rules).unwrap();
        let mut got = a.cards();
        let mut want = seed_cards.clone();
        got.sort();
        want.sort();
        prop_assert_eq!(got, want);
        let groups: Vec<Vec<RummyCard>> = a.groups.iter().map(|g| g.cards.clone()).collect();
        prop_assert_eq!(&score_groups(&groups, &a.loose, wild, &rules), &a);
        prop_assert!(a.points <= 80);
        prop_assert_eq!(a.valid, a.standing == Standing::Sequences && a.loose.is_empty());
        // Leaving everything loose is an arrangement too: the solver does no worse.
        let nothing = score_groups(&[], &seed_cards, wild, &rules);
        prop_assert!(a.rank_key() <= nothing.rank_key());
    }
}
