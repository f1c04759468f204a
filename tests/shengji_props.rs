//! Property tests for Shengji legality over random positions with 1..6 decks,
//! against a slow brute-force oracle of the seed's loop.

#[path = "support/fixed_proptest.rs"]
mod fixed_proptest;
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::BTreeMap;
use tuolaji::cards::{Card, CardCounts, Rank, Suit};
use tuolaji::shengji::{check_play, decomposition, DrawPolicy, EffectiveSuit, Format, Hints, Lead, Rules, Trump};

fn pick<T: Copy>(rng: &mut ChaCha8Rng, v: &[T]) -> T {
    v[(rng.next_u32() as usize) % v.len()]
}

fn random_trump(rng: &mut ChaCha8Rng) -> Trump {
    match rng.next_u32() % 6 {
        0 => Trump::NoTrump { rank: None },
        1 => Trump::NoTrump { rank: Some(pick(rng, &Rank::ALL)) },
        _ => Trump::Standard { rank: pick(rng, &Rank::ALL), suit: pick(rng, &Suit::ALL) },
    }
}

struct Position {
    rules: Rules,
    lead: Lead,
    hand: Vec<Card>,
    plays: Vec<Vec<Card>>,
}

/// A random position: a lead of 1..=max_lead cards of one suit, a hand rich in
/// that suit, and some candidate plays drawn from the hand.
fn position(seed: u64, policy: DrawPolicy, max_lead: usize, max_suit_cards: usize) -> Option<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let decks = 1 + (rng.next_u32() % 6) as usize;
    let trump = random_trump(&mut rng);
    let rules = Rules::new(trump, decks).ok()?.with_draw_policy(policy);
    let suit = if rng.next_u32() % 3 == 0 {
        EffectiveSuit::Trump
    } else {
        let s = pick(&mut rng, &Suit::ALL);
        EffectiveSuit::ALL[s.index()]
    };
    let kinds: Vec<Card> = Card::all().filter(|&c| trump.effective_suit(c) == suit).collect();
    if kinds.is_empty() {
        return None;
    }
    // Concentrate on a few kinds so tuples and tractors actually occur.
    let window = 1 + (rng.next_u32() as usize % kinds.len().min(6));
    let start = rng.next_u32() as usize % (kinds.len() - window + 1);
    let mut sorted = kinds.clone();
    sorted.sort_by_key(|&c| trump.level(c));
    let focus = &sorted[start..start + window];
    let mut pool = CardCounts::full_decks(decks);
    fn take(pool: &mut CardCounts, rng: &mut ChaCha8Rng, from: &[Card]) -> Option<Card> {
        for _ in 0..20 {
            let c = pick(rng, from);
            if pool.remove(c, 1) {
                return Some(c);
            }
        }
        None
    }
    let mut lead_cards = Vec::new();
    if rng.next_u32() % 3 == 0 && decks >= 2 && window >= 2 {
        // A structured tractor-like lead: t copies of consecutive kinds.
        let t = 2 + (rng.next_u32() as usize % (decks - 1));
        let len = (max_lead / t).clamp(1, window);
        for &c in &focus[..len] {
            for _ in 0..t {
                if pool.remove(c, 1) {
                    lead_cards.push(c);
                }
            }
        }
    } else {
        let lead_len = 1 + (rng.next_u32() as usize % max_lead);
        for _ in 0..lead_len {
            lead_cards.push(take(&mut pool, &mut rng, focus)?);
        }
    }
    let lead_len = lead_cards.len();
    let lead = Lead::parse(&rules, &lead_cards).ok()?;
    let suit_cards = rng.next_u32() as usize % (max_suit_cards + 1);
    let mut hand = Vec::new();
    for _ in 0..suit_cards {
        let from = if rng.next_u32() % 3 == 0 { &kinds[..] } else { focus };
        if let Some(c) = take(&mut pool, &mut rng, from) {
            hand.push(c);
            // Often a second copy, so the hand holds tuples and tractors.
            if rng.next_u32() % 2 == 0 && pool.remove(c, 1) {
                hand.push(c);
            }
        }
    }
    let all: Vec<Card> = Card::all().collect();
    for _ in 0..(rng.next_u32() % 6) {
        if let Some(c) = take(&mut pool, &mut rng, &all) {
            hand.push(c);
        }
    }
    if hand.len() < lead_len {
        return None;
    }
    let in_suit: Vec<Card> = hand.iter().copied().filter(|&c| trump.effective_suit(c) == suit).collect();
    let mut plays = Vec::new();
    for k in 0..8 {
        let mut rest = hand.clone();
        let mut play = Vec::new();
        // Mostly in-suit plays, sometimes arbitrary.
        let mut suit_rest = in_suit.clone();
        while play.len() < lead_len {
            let use_suit = k < 6 && !suit_rest.is_empty();
            let src = if use_suit { &mut suit_rest } else { &mut rest };
            let i = rng.next_u32() as usize % src.len();
            let c = src.swap_remove(i);
            if use_suit {
                let j = rest.iter().position(|&x| x == c).unwrap();
                rest.swap_remove(j);
            } else if let Some(j) = suit_rest.iter().position(|&x| x == c) {
                suit_rest.swap_remove(j);
            }
            play.push(c);
        }
        plays.push(play);
    }
    Some(Position { rules, lead, hand, plays })
}

// ---------------------------------------------------------------------------
// The oracle: plain backtracking over concrete cards, no pruning, no memo.

fn brute_match(trump: Trump, counts: &mut BTreeMap<Card, usize>, groups: &[Vec<u8>]) -> bool {
    let Some((g, rest)) = groups.split_first() else { return true };
    let cards: Vec<Card> = counts.keys().copied().collect();
    fn chain(trump: Trump, counts: &mut BTreeMap<Card, usize>, at: Card, g: &[u8], rest: &[Vec<u8>]) -> bool {
        let t = g[0] as usize;
        if counts.get(&at).copied().unwrap_or(0) < t {
            return false;
        }
        *counts.get_mut(&at).unwrap() -= t;
        let ok = if g.len() == 1 {
            brute_match(trump, counts, rest)
        } else {
            trump.successors(at).into_iter().any(|n| chain(trump, counts, n, &g[1..], rest))
        };
        *counts.get_mut(&at).unwrap() += t;
        ok
    }
    cards.into_iter().any(|c| chain(trump, counts, c, g, rest))
}

fn in_suit(trump: Trump, suit: EffectiveSuit, cards: &[Card]) -> BTreeMap<Card, usize> {
    let mut m = BTreeMap::new();
    for &c in cards.iter().filter(|&&c| trump.effective_suit(c) == suit) {
        *m.entry(c).or_insert(0) += 1;
    }
    m
}

fn oracle_legal(rules: &Rules, lead: &Lead, hand: &[Card], play: &[Card]) -> bool {
    let n = lead.len();
    let trump = rules.trump();
    let hc = CardCounts::from_cards(hand);
    if play.len() != n || !hc.contains(&CardCounts::from_cards(play)) {
        return false;
    }
    let mut h = in_suit(trump, lead.suit, hand);
    let mut p = in_suit(trump, lead.suit, play);
    let held: usize = h.values().sum();
    let played: usize = p.values().sum();
    if held < n {
        return played == held;
    }
    if played < n {
        return false;
    }
    // The lead's single cards are fully decomposed already: only its core
    // walks down the ordering, and every format keeps the lead's singles.
    let (core, singles) = lead.format.split_singles();
    let Some(core) = core else { return true };
    let d = decomposition(core.len(), rules.tractor());
    for g in d.suffix_from(&core).unwrap() {
        let f = g.with_singles(singles);
        if brute_match(trump, &mut p, f.groups()) {
            return true;
        }
        if brute_match(trump, &mut h, f.groups()) {
            return false;
        }
    }
    false
}

fn shuffled(cards: &[Card], seed: u64) -> Vec<Card> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut v = cards.to_vec();
    for i in (1..v.len()).rev() {
        v.swap(i, rng.next_u32() as usize % (i + 1));
    }
    v
}

fn policy_of(i: u8) -> DrawPolicy {
    DrawPolicy::ALL[i as usize % DrawPolicy::ALL.len()]
}

proptest! {
    #![proptest_config(fixed_proptest::config(1000))]

    #[test]
    fn legality_agrees_with_the_brute_force_seed_loop(seed in any::<u64>()) {
        let Some(pos) = position(seed, DrawPolicy::None, 6, 12) else { return Ok(()) };
        for play in &pos.plays {
            let fast = check_play(&pos.rules, &pos.lead, &pos.hand, play).is_ok();
            let slow = oracle_legal(&pos.rules, &pos.lead, &pos.hand, play);
            prop_assert_eq!(fast, slow, "lead {:?} hand {:?} play {:?}", pos.lead.cards, pos.hand, play);
        }
    }

    #[test]
    fn forced_hint_is_always_legal(seed in any::<u64>(), p in 0u8..5) {
        let Some(pos) = position(seed, policy_of(p), 8, 20) else { return Ok(()) };
        let hints = Hints::new(&pos.rules, &pos.lead, &pos.hand);
        match hints.forced_play() {
            Some(play) => {
                prop_assert_eq!(play.len(), pos.lead.len());
                let r = check_play(&pos.rules, &pos.lead, &pos.hand, play);
                prop_assert!(r.is_ok(), "forced {:?} illegal: {:?}", play, r);
            }
            None => {
                let held = pos.hand.iter().filter(|&&c| pos.rules.trump().effective_suit(c) == pos.lead.suit).count();
                prop_assert!(held < pos.lead.len());
            }
        }
    }

    #[test]
    fn legal_plays_are_sub_multisets_of_the_right_size(seed in any::<u64>(), p in 0u8..5) {
        let Some(pos) = position(seed, policy_of(p), 8, 16) else { return Ok(()) };
        for play in &pos.plays {
            if check_play(&pos.rules, &pos.lead, &pos.hand, play).is_ok() {
                prop_assert_eq!(play.len(), pos.lead.len());
                prop_assert!(CardCounts::from_cards(&pos.hand).contains(&CardCounts::from_cards(play)));
            }
        }
        // A card not in the hand is always refused.
        let mut extra = pos.plays[0].clone();
        let missing = Card::all().find(|&c| CardCounts::from_cards(&pos.hand).get(c) == 0 && pos.rules.decks() > 0);
        if let Some(m) = missing {
            extra[0] = m;
            prop_assert!(check_play(&pos.rules, &pos.lead, &pos.hand, &extra).is_err());
        }
    }

    #[test]
    fn when_the_hand_can_match_the_lead_non_matching_plays_are_illegal(seed in any::<u64>()) {
        let Some(pos) = position(seed, DrawPolicy::None, 6, 14) else { return Ok(()) };
        let trump = pos.rules.trump();
        let mut h = in_suit(trump, pos.lead.suit, &pos.hand);
        if !brute_match(trump, &mut h, pos.lead.format.groups()) {
            return Ok(());
        }
        for play in &pos.plays {
            let mut p = in_suit(trump, pos.lead.suit, play);
            let matches = p.values().sum::<usize>() == pos.lead.len() && brute_match(trump, &mut p, pos.lead.format.groups());
            prop_assert_eq!(check_play(&pos.rules, &pos.lead, &pos.hand, play).is_ok(), matches, "play {:?}", play);
        }
    }

    #[test]
    fn verdict_does_not_depend_on_card_order(seed in any::<u64>(), p in 0u8..5) {
        let Some(pos) = position(seed, policy_of(p), 8, 16) else { return Ok(()) };
        for (k, play) in pos.plays.iter().enumerate() {
            let a = check_play(&pos.rules, &pos.lead, &pos.hand, play).is_ok();
            let hand2 = shuffled(&pos.hand, seed ^ k as u64);
            let play2 = shuffled(play, seed.rotate_left(7) ^ k as u64);
            let lead2 = Lead::with_format(&pos.rules, &shuffled(&pos.lead.cards, seed ^ 99), &pos.lead.format).unwrap();
            prop_assert_eq!(a, check_play(&pos.rules, &lead2, &hand2, &play2).is_ok());
        }
    }

    #[test]
    fn every_match_the_matcher_reports_is_a_real_match(seed in any::<u64>()) {
        let Some(pos) = position(seed, DrawPolicy::None, 6, 12) else { return Ok(()) };
        let trump = pos.rules.trump();
        let layout = pos.rules.layout();
        let counts = layout.counts(pos.lead.suit, &pos.hand);
        let d = decomposition(pos.lead.len(), pos.rules.tractor());
        let formats: Vec<Format> = d.suffix_from(&pos.lead.format).unwrap().take(12).cloned().collect();
        for f in formats {
            let mut m = tuolaji::shengji::Matcher::new(layout.suit(pos.lead.suit), counts, &f, false);
            let all: Vec<_> = m.iter().take(50).collect();
            let mut h = in_suit(trump, pos.lead.suit, &pos.hand);
            prop_assert_eq!(!all.is_empty(), brute_match(trump, &mut h, f.groups()), "format {}", f);
            for x in &all {
                let cards = x.cards();
                prop_assert_eq!(cards.len(), f.len());
                prop_assert!(CardCounts::from_cards(&pos.hand).contains(&CardCounts::from_cards(&cards)));
                let mut c = in_suit(trump, pos.lead.suit, &cards);
                prop_assert!(brute_match(trump, &mut c, f.groups()));
            }
            let distinct: std::collections::HashSet<String> = all.iter().map(|x| format!("{:?}", x.groups)).collect();
            prop_assert_eq!(distinct.len(), all.len(), "duplicate matches for {}", f);
        }
    }
}

/// The generator must produce real positions with both verdicts, or the
/// properties above would pass vacuously.
#[test]
fn generator_produces_varied_positions() {
    let (mut some, mut legal, mut illegal, mut throws, mut tractors) = (0, 0, 0, 0, 0);
    for seed in 0..300u64 {
        let Some(pos) = position(seed, DrawPolicy::None, 6, 12) else { continue };
        some += 1;
        throws += pos.lead.is_throw() as usize;
        tractors += pos.lead.format.has_sequence() as usize;
        for play in &pos.plays {
            if check_play(&pos.rules, &pos.lead, &pos.hand, play).is_ok() {
                legal += 1;
            } else {
                illegal += 1;
            }
        }
    }
    println!("{some} positions, {legal} legal, {illegal} illegal, {throws} throws, {tractors} with tractors");
    assert!(some > 150, "{some}");
    assert!(legal > 200 && illegal > 200, "{legal} {illegal}");
    assert!(throws > 30 && tractors > 10, "{throws} {tractors}");
}

fn random_card(rng: &mut ChaCha8Rng) -> Card {
    Card::from_id(rng.next_u32() as usize % 54).unwrap()
}

proptest! {
    #![proptest_config(fixed_proptest::config(500))]

    /// Single-card tricks: the highest card of the led suit wins unless trumped;
    /// the highest trump wins; ties go to the earlier play.
    #[test]
    fn single_card_tricks_follow_the_simple_rule(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let trump = random_trump(&mut rng);
        let rules = Rules::new(trump, 4).unwrap();
        let plays: Vec<Card> = (0..(2 + rng.next_u32() % 4)).map(|_| random_card(&mut rng)).collect();
        let lead = Lead::parse(&rules, &plays[..1]).unwrap();
        let follows: Vec<Vec<Card>> = plays[1..].iter().map(|&c| vec![c]).collect();
        let got = tuolaji::shengji::trick_winner(&rules, &lead, &follows).unwrap();
        let led = trump.effective_suit(plays[0]);
        let mut best = 0;
        for (i, &c) in plays.iter().enumerate().skip(1) {
            let b = plays[best];
            let (ct, bt) = (trump.is_trump(c), trump.is_trump(b));
            let eligible = trump.effective_suit(c) == led || ct;
            if eligible && ((ct && !bt) || (ct == bt && trump.level(c) > trump.level(b))) {
                best = i;
            }
        }
        prop_assert_eq!(got.winner, best, "{:?} under {}", plays, trump);
        prop_assert_eq!(got.points, plays.iter().map(|c| c.points()).sum::<u32>());
    }

    /// The winner of a multi-card trick does not depend on card order.
    #[test]
    fn trick_winner_does_not_depend_on_card_order(seed in any::<u64>()) {
        let Some(pos) = position(seed, DrawPolicy::None, 6, 14) else { return Ok(()) };
        let follows: Vec<Vec<Card>> = pos.plays.iter().take(4).cloned().collect();
        let a = tuolaji::shengji::trick_winner(&pos.rules, &pos.lead, &follows).unwrap();
        let shuffled_follows: Vec<Vec<Card>> =
            follows.iter().enumerate().map(|(k, p)| shuffled(p, seed ^ (k as u64 + 7))).collect();
        let lead2 = Lead::with_format(&pos.rules, &shuffled(&pos.lead.cards, seed ^ 3), &pos.lead.format).unwrap();
        let b = tuolaji::shengji::trick_winner(&pos.rules, &lead2, &shuffled_follows).unwrap();
        prop_assert_eq!(a, b);
    }
}
