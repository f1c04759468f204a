//! Reading a lead: cards of one effective suit split into units (tuples and
//! uniform tractors), every sensible parse, the chosen one first, and a way to
//! accept the leader's own choice.

use super::format::{Format, TractorRules};
use super::matcher::{Counts, MatchedGroup};
use super::rules::Rules;
use super::trump::{EffectiveSuit, SuitLayout, MAX_SLOTS};
use crate::cards::{format_cards, Card, CardCounts};
use std::collections::HashSet;
use std::fmt;

/// Search budget for parses (nodes); beyond it the parses found so far are kept.
const PARSE_BUDGET: usize = 50_000;

/// A parsed lead: its suit, cards, format and the concrete unit per group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lead {
    pub suit: EffectiveSuit,
    pub cards: Vec<Card>,
    pub format: Format,
    /// One unit per format group, in the format's canonical order.
    pub units: Vec<MatchedGroup>,
}

/// Why cards cannot be a lead.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LeadError {
    Empty,
    MixedSuits { first: Card, first_suit: EffectiveSuit, other: Card, other_suit: EffectiveSuit },
    TooManyCopies { card: Card, count: usize, decks: usize },
    NotAParse { format: Format, parses: Vec<Format> },
}

impl fmt::Display for LeadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeadError::Empty => f.write_str("a lead needs at least one card"),
            LeadError::MixedSuits { first, first_suit, other, other_suit } => {
                write!(f, "a lead must be one suit, but {first} is {first_suit} and {other} is {other_suit}")
            }
            LeadError::TooManyCopies { card, count, decks } => {
                write!(f, "{count} copies of {card} but {decks} decks hold only {decks}")
            }
            LeadError::NotAParse { format, parses } => write!(
                f,
                "these cards cannot be read as {format}; they read as {}",
                parses.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" or ")
            ),
        }
    }
}

impl std::error::Error for LeadError {}

pub(crate) fn check_copies(rules: &Rules, cards: &[Card]) -> Result<(), (Card, usize)> {
    let counts = CardCounts::from_cards(cards);
    let over = counts.iter().find(|&(_, n)| n > rules.decks());
    match over {
        Some((c, n)) => Err((c, n)),
        None => Ok(()),
    }
}

impl Lead {
    /// The chosen parse: the one whose largest unit has the most cards, then
    /// the strongest in the decomposition ordering (2♥2♥3♥3♥3♥ with three
    /// decks reads as the tractor 2♥2♥3♥3♥ and a single).
    pub fn parse(rules: &Rules, cards: &[Card]) -> Result<Lead, LeadError> {
        let mut all = Lead::parses(rules, cards)?;
        Ok(all.swap_remove(0))
    }

    /// The units of the chosen parse ([`Lead::parse`]`(..).units`), without building the
    /// rest of the lead where no tractor can form (the bots read every suit of a hand so).
    pub(crate) fn parse_units(rules: &Rules, cards: &[Card]) -> Result<Vec<MatchedGroup>, LeadError> {
        let (suit, counts, tuples) = Lead::read(rules, cards)?;
        let sl = rules.layout().suit(suit);
        Ok(match tuples {
            Some(units) => build_units(sl, &units),
            None => Lead::searched(sl, suit, rules.tractor(), cards, counts).swap_remove(0).units,
        })
    }

    /// Every parse, the chosen one first, then weaker ones; one per format.
    pub fn parses(rules: &Rules, cards: &[Card]) -> Result<Vec<Lead>, LeadError> {
        let (suit, counts, tuples) = Lead::read(rules, cards)?;
        let sl = rules.layout().suit(suit);
        Ok(match tuples {
            Some(units) => vec![build_lead(sl, suit, cards, &units)],
            None => Lead::searched(sl, suit, rules.tractor(), cards, counts),
        })
    }

    /// The checks every parse starts with (one suit, no more copies than the decks), the
    /// suit and its slot counts, and the one parse's units when no tractor can form.
    fn read(rules: &Rules, cards: &[Card]) -> Result<(EffectiveSuit, Counts, Option<Vec<Unit>>), LeadError> {
        let first = *cards.first().ok_or(LeadError::Empty)?;
        let layout = rules.layout();
        let suit = layout.effective_suit(first);
        if let Some(&other) = cards.iter().find(|&&c| layout.effective_suit(c) != suit) {
            return Err(LeadError::MixedSuits {
                first,
                first_suit: suit,
                other,
                other_suit: layout.effective_suit(other),
            });
        }
        let sl = layout.suit(suit);
        let counts = layout.counts(suit, cards);
        // The cards are all of one suit, so its slot counts are the kinds' counts (exact below
        // the u8 counts' saturation): only a kind over the decks needs the full check.
        if rules.decks() >= u8::MAX as usize || counts.iter().any(|&k| k as usize > rules.decks()) {
            check_copies(rules, cards).map_err(|(card, count)| LeadError::TooManyCopies {
                card,
                count,
                decks: rules.decks(),
            })?;
        }
        let tractor = rules.tractor();
        if tractor.min_length >= 2 && !tractor_possible(sl, &counts, tractor.min_tuple.max(2)) {
            // No two neighbouring kinds held as tuples that could chain: the one parse is each
            // kind's copies as a tuple (the search finds just that, far slower; the bots parse
            // whole suits of their hands for every lead they weigh).
            return Ok((suit, counts, Some(tuples(sl, &counts))));
        }
        Ok((suit, counts, None))
    }

    /// [`Lead::parses`] by the search over every decomposition (the suit and copies checked).
    fn searched(sl: &SuitLayout, suit: EffectiveSuit, tractor: TractorRules, cards: &[Card], counts: Counts) -> Vec<Lead> {
        let mut search = ParseSearch {
            sl,
            tractor,
            budget: PARSE_BUDGET,
            units: Vec::new(),
            seen: HashSet::new(),
            found: Vec::new(),
        };
        search.parse(counts);
        let mut leads: Vec<Lead> = search.found.iter().map(|units| build_lead(sl, suit, cards, units)).collect();
        if leads.is_empty() {
            // Unreachable in practice (all-tuples is always maximal or merged),
            // but never fail: fall back to plain tuples.
            leads.push(build_lead(sl, suit, cards, &tuples(sl, &counts)));
        }
        // The seed's choice: the parse whose largest unit has the most cards
        // (so a tractor beats a bigger tuple beside it), then the strongest.
        // Formats are distinct here, so this order is total: no stability needed.
        crate::small_sort::sort_by(&mut leads, |a, b| b.largest_unit().cmp(&a.largest_unit()).then(b.format.strength_cmp(&a.format)));
        leads
    }

    /// The parse with the leader's chosen format.
    pub fn with_format(rules: &Rules, cards: &[Card], format: &Format) -> Result<Lead, LeadError> {
        let all = Lead::parses(rules, cards)?;
        let parses: Vec<Format> = all.iter().map(|l| l.format.clone()).collect();
        all.into_iter()
            .find(|l| &l.format == format)
            .ok_or_else(|| LeadError::NotAParse { format: format.clone(), parses })
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Cards in the largest unit.
    pub fn largest_unit(&self) -> usize {
        self.units.iter().map(|u| u.cards.len()).max().unwrap_or(0)
    }

    /// True for a throw (more than one unit).
    pub fn is_throw(&self) -> bool {
        self.units.len() > 1
    }

    pub fn describe_units(&self) -> String {
        self.units.iter().map(|u| format_cards(&u.cards)).collect::<Vec<_>>().join(" | ")
    }
}

/// One unit of a parse: `t` copies of each slot of a chain (one slot: a tuple).
#[derive(Clone, Copy, Debug)]
struct Unit {
    slots: [u8; MAX_SLOTS],
    len: u8,
    t: u8,
}

impl Unit {
    fn tuple(slot: usize, t: u8) -> Unit {
        let mut slots = [0u8; MAX_SLOTS];
        slots[0] = slot as u8;
        Unit { slots, len: 1, t }
    }
    fn slots(&self) -> &[u8] {
        &self.slots[..self.len as usize]
    }
}

/// The depth-first search over parses: the lowest slot still holding cards
/// starts a tractor (every tuple size and chain, longest tuples first) or
/// gives all its copies as one tuple. Maximal parses are kept, the first
/// one found per format.
struct ParseSearch<'a> {
    sl: &'a SuitLayout,
    tractor: TractorRules,
    budget: usize,
    units: Vec<Unit>,
    /// Formats found, as sorted (tuple size, length) pairs.
    seen: HashSet<Vec<(u8, u8)>>,
    found: Vec<Vec<Unit>>,
}

impl ParseSearch<'_> {
    fn parse(&mut self, mut counts: Counts) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let Some(s) = (0..self.sl.cards.len()).find(|&s| counts[s] > 0) else {
            if maximal(self.sl, &self.units) {
                let mut key: Vec<(u8, u8)> = self.units.iter().map(|u| (u.t, u.len)).collect();
                crate::small_sort::sort(&mut key);
                if self.seen.insert(key) {
                    self.found.push(self.units.clone());
                }
            }
            return;
        };
        // Tractors starting at the lowest slot.
        for t in (self.tractor.min_tuple..=counts[s]).rev() {
            let mut unit = Unit::tuple(s, t);
            self.chains(&mut counts, &mut unit);
        }
        // Or all remaining copies of the slot as one tuple.
        let unit = Unit::tuple(s, counts[s]);
        if joins_any(self.sl, &unit, &self.units) {
            return;
        }
        counts[s] = 0;
        self.units.push(unit);
        self.parse(counts);
        self.units.pop();
    }

    /// Every tractor that extends `unit`'s chain (the chain itself first once
    /// long enough, then longer ones), each followed by the rest of the parse.
    fn chains(&mut self, counts: &mut Counts, unit: &mut Unit) {
        let t = unit.t;
        if unit.len >= self.tractor.min_length && !joins_any(self.sl, unit, &self.units) {
            for &c in unit.slots() {
                counts[c as usize] -= t;
            }
            self.units.push(*unit);
            self.parse(*counts);
            self.units.pop();
            for &c in unit.slots() {
                counts[c as usize] += t;
            }
        }
        let last = unit.slots[unit.len as usize - 1] as usize;
        if unit.len as usize == MAX_SLOTS {
            return;
        }
        for n in 0..self.sl.cards.len() {
            if self.sl.succ[last] & (1 << n) != 0 && counts[n] >= t {
                unit.slots[unit.len as usize] = n as u8;
                unit.len += 1;
                self.chains(counts, unit);
                unit.len -= 1;
            }
        }
    }
}

/// Every kind held as one tuple of all its copies, lowest slot first.
fn tuples(sl: &SuitLayout, counts: &Counts) -> Vec<Unit> {
    let kinds = &counts[..sl.cards.len()];
    let mut units = Vec::with_capacity(kinds.iter().filter(|&&k| k > 0).count());
    units.extend((0..kinds.len()).filter(|&s| kinds[s] > 0).map(|s| Unit::tuple(s, kinds[s])));
    units
}

/// Do two neighbouring kinds (one the other's successor) both hold `t` copies or more?
fn tractor_possible(sl: &SuitLayout, counts: &Counts, t: u8) -> bool {
    (0..sl.cards.len()).any(|s| counts[s] >= t && (0..sl.cards.len()).any(|n| sl.succ[s] & (1 << n) != 0 && counts[n] >= t))
}

/// Could `u` and one of `units` (same tuple size, at least pairs) join into
/// a longer tractor, one right after the other? Such a parse is never maximal.
fn joins_any(sl: &SuitLayout, u: &Unit, units: &[Unit]) -> bool {
    let follows = |a: &Unit, b: &Unit| {
        let (Some(&top), Some(&bottom)) = (a.slots().last(), b.slots().first()) else { return false };
        sl.succ[top as usize] & (1 << bottom) != 0
    };
    u.t >= 2 && units.iter().any(|v| v.t == u.t && (follows(u, v) || follows(v, u)))
}

/// A parse is kept only if no two units of one tuple size could join into a
/// longer tractor and no tractor could be thickened by the leftovers of all
/// its kinds (so 2233 with two decks reads only as a tractor).
fn maximal(sl: &SuitLayout, units: &[Unit]) -> bool {
    for (i, a) in units.iter().enumerate() {
        for (j, b) in units.iter().enumerate() {
            if i == j || a.t != b.t || a.t < 2 {
                continue;
            }
            let (Some(&top), Some(&bottom)) = (a.slots().last(), b.slots().first()) else { continue };
            if sl.succ[top as usize] & (1 << bottom) != 0 {
                return false;
            }
        }
        if a.len >= 2 {
            let leftover = |slot: u8| units.iter().any(|u| u.len == 1 && u.slots[0] == slot);
            if a.slots().iter().all(|&s| leftover(s)) {
                return false;
            }
        }
    }
    true
}

fn build_lead(sl: &SuitLayout, suit: EffectiveSuit, cards: &[Card], units: &[Unit]) -> Lead {
    let groups = build_units(sl, units);
    let format = Format::from_sorted(groups.iter().map(|g| g.shape.clone()).collect());
    Lead { suit, cards: cards.to_vec(), format, units: groups }
}

/// The units as the lead's groups, in the format's canonical order.
fn build_units(sl: &SuitLayout, units: &[Unit]) -> Vec<MatchedGroup> {
    let mut groups: Vec<MatchedGroup> = units
        .iter()
        .map(|u| {
            let mut cs = Vec::with_capacity(u.len as usize * u.t as usize);
            for &s in u.slots() {
                cs.extend(std::iter::repeat_n(sl.cards[s as usize], u.t as usize));
            }
            MatchedGroup {
                shape: vec![u.t; u.len as usize],
                cards: cs,
                top_level: sl.levels[*u.slots().last().unwrap_or(&0) as usize],
            }
        })
        .collect();
    crate::small_sort::sort_by(&mut groups, |a, b| b.shape.cmp(&a.shape).then(b.top_level.cmp(&a.top_level)));
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::shengji::Trump;

    fn parses(trump: &str, decks: usize, cards: &str) -> Vec<String> {
        let r = Rules::new(trump.parse::<Trump>().unwrap(), decks).unwrap();
        Lead::parses(&r, &parse_cards(cards, None).unwrap())
            .unwrap()
            .into_iter()
            .map(|l| l.format.to_string())
            .collect()
    }

    #[test]
    fn two_decks_read_pairs_into_tractors() {
        assert_eq!(parses("4S", 2, "6H 6H 7H 7H"), ["{[2, 2]}"]);
        assert_eq!(parses("4S", 2, "3H 3H 5H 5H 6H 6H"), ["{[2, 2, 2]}"]);
        assert_eq!(parses("4S", 2, "6H 6H 8H 8H KH"), ["{[2], [2], [1]}"]);
        assert_eq!(parses("4S", 2, "AS AS 4H 4H 4S 4S SJ"), ["{[2, 2, 2], [1]}"]);
    }

    #[test]
    fn seed_three_deck_example_has_two_parses() {
        // 2-2-3-3-3: a pair of 2s and a triple of 3s, or a 2233 tractor and a 3.
        // The chosen one has the largest unit: the 4-card tractor, not the triple.
        let v = parses("AS", 3, "2H 2H 3H 3H 3H");
        assert_eq!(v, ["{[2, 2], [1]}", "{[3], [2]}"]);
        let r = Rules::new("AS".parse().unwrap(), 3).unwrap();
        let cards = parse_cards("2H 2H 3H 3H 3H", None).unwrap();
        assert_eq!(Lead::parse(&r, &cards).unwrap().describe_units(), "2H 2H 3H 3H | 3H");
        let chosen = Lead::with_format(&r, &cards, &"{[3], [2]}".parse().unwrap()).unwrap();
        assert_eq!(chosen.describe_units(), "3H 3H 3H | 2H 2H");
        assert!(Lead::with_format(&r, &cards, &"{[5]}".parse().unwrap()).is_err());
    }

    #[test]
    fn three_decks_triple_tractor_is_not_split() {
        assert_eq!(parses("AS", 3, "2H 2H 2H 3H 3H 3H")[0], "{[3, 3]}");
        assert!(!parses("AS", 3, "2H 2H 2H 3H 3H 3H").contains(&"{[2, 2], [1], [1]}".to_string()));
    }

    /// The shortcut for holdings no tractor can come from gives what the search gives: random
    /// holdings of one suit (up to 14 cards) under every trump kind, 1–4 decks and tractors of
    /// pairs or triples, from a fixed seed.
    #[test]
    fn holdings_without_a_tractor_parse_as_the_search_does() {
        use rand_chacha::ChaCha20Rng;
        use rand_core::{RngCore, SeedableRng};
        let mut rng = ChaCha20Rng::seed_from_u64(29);
        let mut shortcuts = 0;
        for case in 0..4000 {
            let decks = 1 + case % 4;
            let trump: Trump = ["4S", "7H", "AD", "NT5"][case / 4 % 4].parse().unwrap();
            let mut r = Rules::new(trump, decks).unwrap();
            if decks >= 3 && case % 3 == 0 {
                r = r.with_tractor_rules(TractorRules { min_tuple: 3, min_length: 2 }).unwrap();
            }
            let layout = r.layout();
            let suit = EffectiveSuit::ALL[case % 5];
            let mut pool: Vec<Card> = layout.suit(suit).cards.iter().flat_map(|&c| std::iter::repeat_n(c, decks)).collect();
            if pool.is_empty() {
                continue; // the trump suit's own plain suit
            }
            for i in (1..pool.len()).rev() {
                pool.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            pool.truncate(1 + case % 14.min(pool.len()));
            let sl = layout.suit(suit);
            let counts = layout.counts(suit, &pool);
            let searched = Lead::searched(sl, suit, r.tractor(), &pool, counts);
            let parsed = Lead::parses(&r, &pool).unwrap();
            shortcuts += !tractor_possible(sl, &counts, r.tractor().min_tuple.max(2)) as usize;
            assert_eq!(parsed, searched, "case {case}: {}", format_cards(&pool));
        }
        assert!(shortcuts > 1000, "the shortcut was taken {shortcuts} times");
    }

    #[test]
    fn bad_leads_are_named() {
        let r = Rules::new("4S".parse().unwrap(), 2).unwrap();
        let e = Lead::parse(&r, &parse_cards("5H 3C", None).unwrap()).unwrap_err();
        assert_eq!(e.to_string(), "a lead must be one suit, but 5H is hearts and 3C is clubs");
        assert!(Lead::parse(&r, &parse_cards("5H 5H 5H", None).unwrap()).is_err());
        assert_eq!(Lead::parse(&r, &[]).unwrap_err(), LeadError::Empty);
    }
}
