//! Tests of legality under the five draw policies, the forced format and the hint list.

use super::*;
use crate::cards::parse_cards;
use crate::shengji::Trump;

fn rules(trump: &str, decks: usize, policy: DrawPolicy) -> Rules {
    Rules::new(trump.parse::<Trump>().unwrap(), decks).unwrap().with_draw_policy(policy)
}

fn check(r: &Rules, lead: &str, hand: &str, play: &str) -> Result<(), IllegalPlay> {
    let lead = Lead::parse(r, &parse_cards(lead, None).unwrap()).unwrap();
    check_play(r, &lead, &parse_cards(hand, None).unwrap(), &parse_cards(play, None).unwrap())
}

#[test]
fn pair_must_follow_pair() {
    let r = rules("4S", 2, DrawPolicy::None);
    let e = check(&r, "6H 6H", "8H 8H 9H 3S", "8H 9H").unwrap_err();
    assert_eq!(e.to_string(), "you hold 8♥ 8♥, so you must play a pair of hearts");
    assert!(check(&r, "6H 6H", "8H 8H 9H 3S", "8H 8H").is_ok());
    assert!(check(&r, "6H 6H", "8H 10H 9H 3S", "8H 9H").is_ok());
    assert!(check(&r, "6H 6H", "8H 10H 9H 3S", "8H 3S").is_err());
    assert!(check(&r, "6H 6H", "8H 3S 3S", "8H 3S").is_ok());
    assert!(check(&r, "6H 6H", "8H 3S 3S", "3S 3S").is_err());
    assert!(check(&r, "6H 6H", "3S 3S 5C", "3S 5C").is_ok());
    assert!(matches!(check(&r, "6H 6H", "8H 8H", "8H"), Err(IllegalPlay::WrongCount { .. })));
    assert!(matches!(check(&r, "6H 6H", "8H 9H", "8H 8H"), Err(IllegalPlay::NotInHand { .. })));
}

#[test]
fn the_only_play_is_offered_where_the_hand_leaves_no_choice() {
    let r = rules("4S", 2, DrawPolicy::None);
    let only = |lead: &str, hand: &str| {
        let lead = Lead::parse(&r, &parse_cards(lead, None).unwrap()).unwrap();
        let hand = parse_cards(hand, None).unwrap();
        let f = Follower::new(&r, &lead, &hand);
        let only = f.only_play();
        // Whatever it offers is legal, and is then the only legal play of that size.
        if let Some(p) = &only {
            assert!(f.check(p).is_ok());
        }
        only.map(|p| crate::cards::format_cards(&p))
    };
    // The last cards of the hand.
    assert_eq!(only("6H 6H", "3S 9C").as_deref(), Some("3S 9C"));
    // Exactly as many hearts as the lead (trumps are not hearts here: 4H is trump).
    assert_eq!(only("6H 6H", "8H 9H 4H 3S").as_deref(), Some("8H 9H"));
    // A choice left: none offered.
    assert_eq!(only("6H 6H", "8H 9H 10H 3S"), None);
    assert_eq!(only("6H 6H", "8H 3S 5C"), None);
}

#[test]
fn seed_kkkaa_is_forced_against_triple_tractor() {
    let r = rules("2S", 3, DrawPolicy::None);
    let hand = "3H 3H 4H JH QH KH KH KH AH AH";
    assert!(check(&r, "7H 7H 7H 8H 8H 8H", hand, "KH KH KH AH AH JH").is_ok());
    let e = check(&r, "7H 7H 7H 8H 8H 8H", hand, "KH KH AH AH 3H 3H").unwrap_err();
    assert!(e.to_string().contains("K♥ K♥ K♥ A♥ A♥"), "{e}");
    let e = check(&r, "7H 7H 7H 8H 8H 8H", hand, "KH KH KH 3H 3H 4H").unwrap_err();
    assert!(matches!(e, IllegalPlay::MustMatch { .. }));
    let lead = Lead::parse(&r, &parse_cards("7H 7H 7H 8H 8H 8H", None).unwrap()).unwrap();
    let h = Hints::new(&r, &lead, &parse_cards(hand, None).unwrap());
    let f = h.forced().unwrap();
    assert_eq!(h.format(f).to_string(), "{[3, 2], [1]}");
    assert_eq!(crate::cards::format_cards(h.forced_play().unwrap()), "KH KH KH AH AH 3H");
}

#[test]
fn policies_differ_on_protected_tuples() {
    let hand = "8H 8H 8H 9H 3S";
    let none = rules("4S", 3, DrawPolicy::None);
    assert!(check(&none, "6H 6H", hand, "8H 9H").is_err());
    let longer = rules("4S", 3, DrawPolicy::LongerTuples);
    assert!(check(&longer, "6H 6H", hand, "8H 9H").is_ok());
    assert!(check(&longer, "6H 6H", hand, "8H 8H").is_ok());
    assert!(check(&longer, "6H 6H", hand, "8H 3S").is_err());
    // tractors-only: a quad lead cannot force a tractor.
    let hand = "8H 8H 9H 9H 3H 5S";
    let tonly = rules("4S", 4, DrawPolicy::TractorsOnly);
    assert!(check(&tonly, "6H 6H 6H 6H", hand, "8H 8H 9H 9H").is_ok());
    assert!(check(&tonly, "6H 6H 6H 6H", "8H 8H 9H 9H 3H 3H 5S", "8H 8H 3H 3H").is_ok());
    let none4 = rules("4S", 4, DrawPolicy::None);
    assert!(check(&none4, "6H 6H 6H 6H", "8H 8H 9H 9H 3H 3H 5S", "8H 8H 3H 3H").is_err());
    let suit = rules("4S", 2, DrawPolicy::SuitOnly);
    assert!(check(&suit, "6H 6H", "8H 8H 9H", "8H 9H").is_ok());
    assert!(check(&suit, "6H 6H", "8H 8H 9H 3S", "8H 3S").is_err());
}

/// A lead's singles never turn into tuples down the weaker sequence: a
/// triple and a single asks for a pair and two singles, not two pairs in a row.
#[test]
fn single_cards_of_a_lead_stay_single() {
    let r = rules("2C", 3, DrawPolicy::None);
    assert!(check(&r, "5H 5H 5H 9H", "7H 7H 8H 8H 10H 3S 4S", "7H 7H 8H 10H").is_ok());
    assert!(check(&r, "5H 5H 5H 9H 10H JH", "6H 6H 7H 7H 8H 8H QH 3S", "6H 6H 7H 8H 8H QH").is_ok());
    let e = check(&r, "5H 5H 5H 9H", "7H 7H 8H 10H JH 3S", "7H 8H 10H JH").unwrap_err();
    assert_eq!(e.to_string(), "you hold 7♥ 7♥, so you must play a pair and two singles of hearts");
    // The lead's singles are kept even when the core breaks all the way down.
    let e = check(&r, "5H 5H 9H", "7H 8H 10H 3S", "7H 3S 8H").unwrap_err();
    assert!(matches!(e, IllegalPlay::MustFollowSuit { .. }), "{e}");
}

#[test]
fn short_suit_must_play_all() {
    let r = rules("4S", 2, DrawPolicy::None);
    let e = check(&r, "6H 6H 7H 7H", "8H 9H JH 3S 5S", "8H 9H 3S 5S").unwrap_err();
    assert_eq!(e.to_string(), "you hold only 3 of hearts (8♥ 9♥ J♥), so you must play all of them");
    assert!(check(&r, "6H 6H 7H 7H", "8H 9H JH 3S 5S", "8H 9H JH 5S").is_ok());
}
