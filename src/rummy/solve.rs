//! Scoring an arrangement of a hand, and finding the best one: the DP over
//! subsets `F(mask, requirement)` on candidate melds of 3–5 cards, for a
//! 13-card hand, and the best discard plus arrangement for a 14-card hand.

use super::card::RummyCard;
use super::meld::{classify, display_order, hand_melds, HandMeld, MeldKind};
use super::rules::{Counted, Rules, RummyError, MAX_SOLVE_CARDS};
use crate::cards::Rank;
use serde::{Deserialize, Serialize};

/// One group of an arrangement.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Group {
    pub kind: MeldKind,
    /// In reading order (see [`display_order`]).
    pub cards: Vec<RummyCard>,
}

/// How far a hand's sequences go towards a declaration; this picks which
/// cards count (see [`Rules`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Standing {
    /// At least two sequences, at least one of them pure: only loose cards count.
    Sequences,
    /// A pure sequence but no second sequence.
    PureOnly,
    /// No pure sequence.
    NoPure,
}

/// A hand split into groups and loose cards, with what it scores.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Arrangement {
    /// Pure sequences first, then impure sequences, then sets.
    pub groups: Vec<Group>,
    /// Cards in no group (the deadwood proper), sorted by suit and rank.
    pub loose: Vec<RummyCard>,
    /// Penalty points under the rules, capped at [`Rules::max_points`].
    pub points: u32,
    /// Penalty points before the cap.
    pub counted_points: u32,
    /// Points of the loose cards alone.
    pub loose_points: u32,
    pub standing: Standing,
    /// A valid declaration: two sequences, one pure, and no loose card.
    pub valid: bool,
}

impl Arrangement {
    /// The order the solver minimises: counted points, then standing (a hand
    /// with both sequences before one with only a pure one before one with
    /// none), then loose points, then the number of loose cards.
    pub fn rank_key(&self) -> (u32, Standing, u32, usize) {
        (self.counted_points, self.standing, self.loose_points, self.loose.len())
    }

    /// Every card of the arrangement, groups first.
    pub fn cards(&self) -> Vec<RummyCard> {
        self.groups
            .iter()
            .flat_map(|g| g.cards.iter().copied())
            .chain(self.loose.iter().copied())
            .collect()
    }
}

/// Scores a proposed arrangement: `groups` that are not melds count as loose cards.
pub fn score_groups(groups: &[Vec<RummyCard>], loose: &[RummyCard], wild: Option<Rank>, rules: &Rules) -> Arrangement {
    let mut melds = Vec::new();
    let mut loose = loose.to_vec();
    for g in groups {
        match classify(g, wild) {
            Some(kind) => melds.push(Group {
                kind,
                cards: display_order(g, wild),
            }),
            None => loose.extend_from_slice(g),
        }
    }
    // Kind, then suit and rank of the first card: reading order on the table.
    crate::small_sort::sort_by_key(&mut melds, |g| (g.kind, g.cards.iter().map(|c| (c.suit(), c.rank())).collect::<Vec<_>>()));
    crate::small_sort::sort_by_key(&mut loose, |c| (c.suit(), c.rank()));
    let pts = |cards: &[RummyCard]| cards.iter().map(|c| c.points(wild)).sum::<u32>();
    let pure: u32 = melds.iter().filter(|g| g.kind == MeldKind::PureSequence).count() as u32;
    let sequences = melds.iter().filter(|g| g.kind.is_sequence()).count();
    let standing = match (pure, sequences) {
        (1.., 2..) => Standing::Sequences,
        (1.., _) => Standing::PureOnly,
        _ => Standing::NoPure,
    };
    let loose_points = pts(&loose);
    let total = loose_points + melds.iter().map(|g| pts(&g.cards)).sum::<u32>();
    let pure_points: u32 = melds
        .iter()
        .filter(|g| g.kind == MeldKind::PureSequence)
        .map(|g| pts(&g.cards))
        .sum();
    let counted_by = |rule: Counted| match rule {
        Counted::AllCards => total,
        Counted::AllButPureSequence => total - pure_points,
        Counted::UnmeldedOnly => loose_points,
    };
    let counted_points = match standing {
        Standing::Sequences => loose_points,
        Standing::PureOnly => counted_by(rules.without_second_sequence),
        Standing::NoPure => counted_by(rules.without_pure_sequence),
    };
    Arrangement {
        valid: standing == Standing::Sequences && loose.is_empty(),
        groups: melds,
        loose,
        points: counted_points.min(rules.max_points),
        counted_points,
        loose_points,
        standing,
    }
}

/// The best arrangement of a hand (13 cards in the game; any size 1..=16 is
/// accepted): the least counted points, ties broken as [`Arrangement::rank_key`].
pub fn solve(hand: &[RummyCard], wild: Option<Rank>, rules: &Rules) -> Result<Arrangement, RummyError> {
    check(hand, rules, 1)?;
    let mut solver = Solver::new(hand, wild, rules);
    let full = full_mask(hand.len());
    Ok(solver.best_arrangement(full))
}

/// A discard and the best arrangement of the cards kept.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Discard {
    pub discard: RummyCard,
    pub arrangement: Arrangement,
}

/// Every distinct discard from a hand one card over size (14 cards in the
/// game), best first: by the arrangement's rank key, then throwing the card
/// worth more points, then the earlier card in the hand.
pub fn discard_options(hand: &[RummyCard], wild: Option<Rank>, rules: &Rules) -> Result<Vec<Discard>, RummyError> {
    check(hand, rules, 2)?;
    let mut solver = Solver::new(hand, wild, rules);
    let full = full_mask(hand.len());
    let mut options: Vec<(usize, Discard)> = Vec::new();
    for (i, &card) in hand.iter().enumerate() {
        if hand[..i].contains(&card) {
            continue; // the same card again gives the same hand
        }
        let arrangement = solver.best_arrangement(full & !(1 << solver.position[i]));
        options.push((
            i,
            Discard {
                discard: card,
                arrangement,
            },
        ));
    }
    crate::small_sort::sort_by_key(&mut options, |(i, d)| (d.arrangement.rank_key(), std::cmp::Reverse(d.discard.points(wild)), *i));
    Ok(options.into_iter().map(|(_, d)| d).collect())
}

/// Every distinct discard from a hand one card over size, in hand order, with the
/// arrangement of the rest that leaves the fewest loose points when every meld is
/// credited and nothing is required (no pure sequence needed): one DP per discard
/// instead of [`discard_options`]'s several. The Expert bot's quick judge in its playouts.
pub fn open_discards(hand: &[RummyCard], wild: Option<Rank>, rules: &Rules) -> Result<Vec<Discard>, RummyError> {
    check(hand, rules, 2)?;
    let mut solver = Solver::new(hand, wild, rules);
    let full = full_mask(hand.len());
    let mut options = Vec::new();
    for (i, &card) in hand.iter().enumerate() {
        if hand[..i].contains(&card) {
            continue;
        }
        let mask = full & !(1 << solver.position[i]);
        // Leaving every card loose meets no requirement, so this is always finite.
        if let Some(arrangement) = solver.planned(Filter::All, mask, NEED_NOTHING) {
            options.push(Discard { discard: card, arrangement });
        }
    }
    Ok(options)
}

/// The best discard from a hand one card over size and the arrangement of the rest.
pub fn best_discard(hand: &[RummyCard], wild: Option<Rank>, rules: &Rules) -> Result<Discard, RummyError> {
    let mut options = discard_options(hand, wild, rules)?;
    Ok(options.swap_remove(0))
}

fn check(hand: &[RummyCard], rules: &Rules, min: usize) -> Result<(), RummyError> {
    if hand.len() < min || hand.len() > MAX_SOLVE_CARDS {
        return Err(RummyError::HandSize {
            got: hand.len(),
            min,
            max: MAX_SOLVE_CARDS,
        });
    }
    rules.check_hand(hand)
}

fn full_mask(n: usize) -> u32 {
    if n == 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// Which melds a DP run may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Filter {
    /// Every meld; the requirement state is tracked.
    All = 0,
    /// No pure sequence (hands counted as having none).
    NonPure = 1,
    /// Sets only (what may sit beside a lone pure sequence).
    SetsOnly = 2,
}

impl Filter {
    fn allows(self, kind: MeldKind) -> bool {
        match self {
            Filter::All => true,
            Filter::NonPure => kind != MeldKind::PureSequence,
            Filter::SetsOnly => kind == MeldKind::Set,
        }
    }
}

/// Requirement states: what the cards still to place must supply.
const NEED_NOTHING: u8 = 0;
const NEED_ANY_SEQUENCE: u8 = 1;
const NEED_PURE: u8 = 2; // a pure sequence, which is then the last sequence needed
const NEED_PURE_AND_ANOTHER: u8 = 3;

fn next_need(need: u8, kind: MeldKind) -> u8 {
    match (kind, need) {
        (MeldKind::Set, n) => n,
        (MeldKind::PureSequence, NEED_PURE_AND_ANOTHER) => NEED_ANY_SEQUENCE,
        (MeldKind::PureSequence, _) => NEED_NOTHING,
        (MeldKind::ImpureSequence, NEED_PURE_AND_ANOTHER) => NEED_PURE,
        (MeldKind::ImpureSequence, NEED_PURE) => NEED_PURE,
        (MeldKind::ImpureSequence, _) => NEED_NOTHING,
    }
}

const UNSET: u16 = u16::MAX;
const INF: u16 = u16::MAX - 1;

/// A candidate meld as the DP uses it.
#[derive(Clone, Copy)]
struct DpMeld {
    mask: u32,
    /// Identical cards at lower positions outside the meld: if any is still
    /// in hand, the same meld using that copy has already been tried.
    forbid: u32,
    /// Printed jokers outside a meld that uses a wild card as a joker: if any
    /// is still in hand, the meld with that joker instead is at least as good
    /// (a wild card can do all a printed joker can, and both score 0). Not
    /// used without pure melds, where the swap could make another meld pure.
    jokers_first: u32,
    kind: MeldKind,
}

impl DpMeld {
    /// Whether the DP tries this meld on the cards of `mask`.
    fn usable(&self, filter: Filter, mask: u32) -> bool {
        self.mask & !mask == 0
            && self.forbid & mask == 0
            && filter.allows(self.kind)
            && (filter == Filter::NonPure || self.jokers_first & mask == 0)
    }
}

/// DP state for one hand: candidate melds by lowest card, and memo tables.
struct Solver<'a> {
    /// The hand reordered: natural cards by suit and rank, wild cards last,
    /// so that the lowest card of a state is a natural one while any is left
    /// (few melds to try) and identical cards sit side by side.
    hand: Vec<RummyCard>,
    /// `position[i]`: where the caller's card `i` sits in `hand`.
    position: Vec<usize>,
    wild: Option<Rank>,
    rules: &'a Rules,
    /// Cost of leaving card i loose: points * 16 + 1, so that the DP minimises
    /// loose points first and then the number of loose cards (at most 16).
    loose_cost: Vec<u16>,
    by_low: Vec<Vec<DpMeld>>,
    pure: Vec<u32>,
    /// Memo per filter: `F(mask, need)` at `mask << 2 | need`, or `UNSET`.
    tables: [Vec<u16>; 3],
}

impl<'a> Solver<'a> {
    fn new(original: &[RummyCard], wild: Option<Rank>, rules: &'a Rules) -> Self {
        let n = original.len();
        let mut order: Vec<usize> = (0..n).collect();
        crate::small_sort::sort_by_key(&mut order, |&i| {
            let c = original[i];
            (c.is_wild(wild), c.suit(), c.rank(), i)
        });
        let hand: Vec<RummyCard> = order.iter().map(|&i| original[i]).collect();
        let mut position = vec![0; n];
        for (at, &i) in order.iter().enumerate() {
            position[i] = at;
        }
        // Melds of 3-5 cards suffice unless a run needs 5+ printed jokers
        // around a single card (see docs/rummy.md).
        let printed = hand.iter().filter(|c| c.is_printed_joker()).count();
        let max_len = 5.max(printed + 1).min(n);
        let lower_copies: Vec<u32> = (0..n)
            .map(|i| (0..i).filter(|&j| hand[j] == hand[i]).fold(0, |m, j| m | 1 << j))
            .collect();
        let bits_where = |f: &dyn Fn(RummyCard) -> bool| (0..n).filter(|&i| f(hand[i])).fold(0u32, |m, i| m | 1 << i);
        let printed_jokers = bits_where(&|c| c.is_printed_joker());
        let wild_cards = bits_where(&|c| c.is_wild(wild) && !c.is_printed_joker());
        let naturals = bits_where(&|c| !c.is_wild(wild));
        let mut by_low = vec![Vec::new(); n];
        let mut pure = Vec::new();
        // `check` keeps hands to MAX_SOLVE_CARDS (16), well inside 32 bits.
        for HandMeld { mask, kind } in hand_melds(&hand, wild, max_len).unwrap_or_default() {
            let members = (0..n).filter(|&i| mask >> i & 1 == 1);
            let forbid = members.fold(0, |f, i| f | lower_copies[i]) & !mask;
            // With a natural card in the meld, its kind does not depend on
            // which cards stand in for others.
            let swappable = kind != MeldKind::PureSequence && mask & naturals != 0 && mask & wild_cards != 0;
            let jokers_first = if swappable { printed_jokers & !mask } else { 0 };
            by_low[mask.trailing_zeros() as usize].push(DpMeld {
                mask,
                forbid,
                jokers_first,
                kind,
            });
            if kind == MeldKind::PureSequence {
                pure.push(mask);
            }
        }
        Solver {
            loose_cost: hand.iter().map(|c| c.points(wild) as u16 * 16 + 1).collect(),
            hand,
            position,
            wild,
            rules,
            by_low,
            pure,
            tables: [Vec::new(), Vec::new(), Vec::new()],
        }
    }

    /// `F(mask, need)`: least `loose_cost` sum over the cards of `mask` split
    /// into melds allowed by `filter` and loose cards, the melds supplying
    /// `need`; `INF` if they cannot.
    fn best(&mut self, filter: Filter, mask: u32, need: u8) -> u16 {
        if mask == 0 {
            return if need == NEED_NOTHING { 0 } else { INF };
        }
        let table = &mut self.tables[filter as usize];
        if table.is_empty() {
            *table = vec![UNSET; 4 << self.hand.len()];
        }
        let slot = (mask as usize) << 2 | need as usize;
        if table[slot] != UNSET {
            return table[slot];
        }
        let low = mask.trailing_zeros() as usize;
        let rest = self.best(filter, mask & !(1 << low), need);
        let mut best = if rest >= INF { INF } else { rest + self.loose_cost[low] };
        for k in 0..self.by_low[low].len() {
            let m = self.by_low[low][k];
            if !m.usable(filter, mask) {
                continue;
            }
            let v = self.best(filter, mask ^ m.mask, next_need(need, m.kind));
            best = best.min(v);
        }
        self.tables[filter as usize][slot] = best;
        best
    }

    /// The melds of an optimal split for `F(mask, need)` (which must be finite),
    /// and the loose cards, as masks.
    fn trace(&mut self, filter: Filter, mut mask: u32, mut need: u8) -> (Vec<u32>, u32) {
        let mut melds = Vec::new();
        let mut loose = 0;
        while mask != 0 {
            let target = self.best(filter, mask, need);
            let low = mask.trailing_zeros() as usize;
            let rest = self.best(filter, mask & !(1 << low), need);
            if rest < INF && rest + self.loose_cost[low] == target {
                loose |= 1 << low;
                mask &= !(1 << low);
                continue;
            }
            let mut next = None;
            for k in 0..self.by_low[low].len() {
                let m = self.by_low[low][k];
                if !m.usable(filter, mask) {
                    continue;
                }
                let nn = next_need(need, m.kind);
                if self.best(filter, mask ^ m.mask, nn) == target {
                    next = Some((m.mask, nn));
                    break;
                }
            }
            let (m, nn) = next.expect("an optimal DP value has a witness");
            melds.push(m);
            mask ^= m;
            need = nn;
        }
        (melds, loose)
    }

    fn points_of(&self, mask: u32) -> u32 {
        (0..self.hand.len())
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| self.hand[i].points(self.wild))
            .sum()
    }

    fn arrangement(&self, melds: &[u32], loose: u32) -> Arrangement {
        let cards_of = |m: u32| -> Vec<RummyCard> {
            (0..self.hand.len())
                .filter(|&i| m >> i & 1 == 1)
                .map(|i| self.hand[i])
                .collect()
        };
        let groups: Vec<Vec<RummyCard>> = melds.iter().map(|&m| cards_of(m)).collect();
        score_groups(&groups, &cards_of(loose), self.wild, self.rules)
    }

    fn planned(&mut self, filter: Filter, mask: u32, need: u8) -> Option<Arrangement> {
        if self.best(filter, mask, need) >= INF {
            return None;
        }
        let (melds, loose) = self.trace(filter, mask, need);
        Some(self.arrangement(&melds, loose))
    }

    /// The best arrangement of the cards in `mask`: the best of each standing,
    /// each found by the DP that suits how that standing is counted.
    fn best_arrangement(&mut self, mask: u32) -> Arrangement {
        let rules = self.rules;
        let mut best: Option<Arrangement> = None;
        let offer = |a: Option<Arrangement>, best: &mut Option<Arrangement>| {
            if let Some(a) = a {
                if best.as_ref().is_none_or(|b| a.rank_key() < b.rank_key()) {
                    *best = Some(a);
                }
            }
        };
        let total = self.points_of(mask);

        // Two sequences, one pure: only loose cards count.
        offer(self.planned(Filter::All, mask, NEED_PURE_AND_ANOTHER), &mut best);

        // A pure sequence alone.
        let pure_here: Vec<u32> = self.pure.iter().copied().filter(|&p| p & !mask == 0).collect();
        if !pure_here.is_empty() {
            match rules.without_second_sequence {
                // Same counting as with two sequences, so one DP covers both.
                Counted::UnmeldedOnly => offer(self.planned(Filter::All, mask, NEED_PURE), &mut best),
                // Counting does not depend on the sets beside the pure
                // sequence, which only settle the ties.
                Counted::AllButPureSequence | Counted::AllCards => {
                    for p in pure_here {
                        let counted = match rules.without_second_sequence {
                            Counted::AllCards => total,
                            _ => total - self.points_of(p),
                        };
                        // The sets beside it only break ties: skip a sure loser.
                        if best
                            .as_ref()
                            .is_some_and(|b| (b.counted_points, b.standing) < (counted, Standing::PureOnly))
                        {
                            continue;
                        }
                        // Leaving cards loose is always possible, so this is finite.
                        let (sets, loose) = self.trace(Filter::SetsOnly, mask & !p, NEED_NOTHING);
                        let mut all = vec![p];
                        all.extend(sets);
                        offer(Some(self.arrangement(&all, loose)), &mut best);
                    }
                }
            }
        }

        // No pure sequence: needed only if it could still win.
        let needed = match rules.without_pure_sequence {
            Counted::UnmeldedOnly => true,
            Counted::AllCards | Counted::AllButPureSequence => best.as_ref().is_none_or(|b| b.counted_points > total),
        };
        if needed {
            offer(self.planned(Filter::NonPure, mask, NEED_NOTHING), &mut best);
        }
        best.expect("leaving every card loose is always an arrangement")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::card::{format_rummy_cards, parse_rummy_cards};

    fn cards(t: &str) -> Vec<RummyCard> {
        parse_rummy_cards(t).unwrap()
    }

    fn groups_text(a: &Arrangement) -> Vec<String> {
        a.groups.iter().map(|g| format_rummy_cards(&g.cards)).collect()
    }

    #[test]
    fn finds_a_valid_declaration() {
        let hand = cards("AS 2S 3S 5H 6H JK 8H 9D 9C 9S KD KC KH");
        let a = solve(&hand, Some(Rank::Four), &Rules::default()).unwrap();
        assert!(a.valid, "{a:?}");
        assert_eq!(a.points, 0);
        assert!(a.loose.is_empty());
        assert_eq!(groups_text(&a)[0], "AS 2S 3S");
    }

    #[test]
    fn counts_loose_cards_once_both_sequences_are_made() {
        let hand = cards("AS 2S 3S 5H 6H 7H 9D 9C 9S KD QC 4C 2D");
        let a = solve(&hand, None, &Rules::default()).unwrap();
        assert_eq!(a.standing, Standing::Sequences);
        assert!(!a.valid);
        assert_eq!(format_rummy_cards(&a.loose), "2D KD 4C QC");
        assert_eq!(a.points, 26);
    }

    #[test]
    fn without_pure_sequence_all_cards_count_capped() {
        let hand = cards("AS 3S 5S 7H 9H JH KD QD 10C 8C 6C 4C 2H");
        let a = solve(&hand, None, &Rules::default()).unwrap();
        assert_eq!(a.standing, Standing::NoPure);
        assert_eq!(a.counted_points, 10 + 3 + 5 + 7 + 9 + 10 + 10 + 10 + 10 + 8 + 6 + 4 + 2);
        assert_eq!(a.points, 80);
    }

    #[test]
    fn pure_sequence_alone_counts_everything_else_by_default() {
        // Pure KS QS JS, a set of 9s, nothing else.
        let hand = cards("JS QS KS 9D 9C 9H 2D 4C 6H 8S 3H 5D 7C");
        let a = solve(&hand, None, &Rules::default()).unwrap();
        assert_eq!(a.standing, Standing::PureOnly);
        assert_eq!(a.counted_points, 27 + 2 + 4 + 6 + 8 + 3 + 5 + 7);
        let lenient = Rules {
            without_second_sequence: Counted::UnmeldedOnly,
            ..Rules::default()
        };
        let b = solve(&hand, None, &lenient).unwrap();
        assert_eq!(b.counted_points, 2 + 4 + 6 + 8 + 3 + 5 + 7);
    }

    #[test]
    fn jokers_are_not_left_loose_when_they_fit() {
        let hand = cards("AS 2S 3S 5H 6H 7H 9D 9C 9S KD KC KH JK");
        let a = solve(&hand, None, &Rules::default()).unwrap();
        assert!(a.valid, "{a:?}");
    }

    #[test]
    fn best_discard_throws_the_card_that_fits_nowhere() {
        let hand = cards("AS 2S 3S 4S 5H 6H 7H 9D 9C 9S KD KC KH 8C");
        let d = best_discard(&hand, None, &Rules::default()).unwrap();
        assert_eq!(d.discard.to_string(), "8C");
        assert!(d.arrangement.valid);
        assert_eq!(d.arrangement.cards().len(), 13);
    }

    #[test]
    fn bad_hands_are_errors() {
        let rules = Rules::default();
        assert!(matches!(solve(&[], None, &rules), Err(RummyError::HandSize { .. })));
        assert!(matches!(
            solve(&cards("AS AS AS"), None, &rules),
            Err(RummyError::TooManyCopies { .. })
        ));
        assert!(best_discard(&cards("AS"), None, &rules).is_err());
    }
}
