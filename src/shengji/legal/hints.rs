//! The hint list for the UI: every format of the lead's decomposition the hand can form,
//! strongest first, the forced one marked, each with its first match (computed lazily in
//! chunks), and the weaker formats left out when the list is long.

use super::*;

/// The first matches of one chunk of entries, their cards back to back.
struct Chunk {
    cards: Vec<Card>,
    /// Per entry of the chunk: where its cards end in `cards`.
    ends: Box<[u32]>,
    /// Bit j: entry j of the chunk has a match.
    found: u64,
}

/// Weaker formats a hint list leaves out before a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skipped {
    None,
    /// Some, too many to count (the forced row of a very long lead).
    Many,
}

/// The rows of a hint list.
enum Rows {
    /// Every weaker format of the core's cached ordering, in order.
    Listed {
        /// The fast first-match solver shared by every entry (`None` only
        /// for hands beyond its packing; then each entry uses the general matcher).
        solver: Option<Box<RefCell<HandSolver>>>,
        decomposition: Arc<Decomposition>,
        /// (block, index in block) of every entry.
        entries: Vec<(u32, u32)>,
        chunks: Vec<OnceCell<Chunk>>,
        block_ok: Vec<OnceCell<bool>>,
    },
    /// A few formats (the lead's, and the forced one after a gap), for an
    /// all-singles lead or a core too long to list.
    Few { formats: Vec<Format>, matches: Vec<OnceCell<Option<Vec<Card>>>>, gap_before: Option<usize> },
}

/// The hint list: the lead's formats strongest first (the lead's own format,
/// then the weaker sequence under the draw policy), each with the first way
/// the hand can form it (computed on demand), and which one the rules force.
/// A lead's single cards stay singles in every row. For a core of more than
/// 20 cards only the lead's row and the forced row are listed.
pub struct Hints {
    scan: Scan,
    singles: usize,
    rows: Rows,
    /// The forced row and, when the policy protects longer tuples, its cards
    /// (found with the protection, apart from the rows' unprotected matches).
    forced: Option<(usize, Option<Vec<Card>>)>,
}

impl Hints {
    pub fn new(rules: &Rules, lead: &Lead, hand: &[Card]) -> Hints {
        let layout = rules.layout_arc();
        let suit = lead.suit;
        let hand_counts = layout.counts(suit, hand);
        let held: usize = hand_counts.iter().map(|&x| x as usize).sum();
        let forced_format = (held >= lead.len()).then(|| forced_format(rules, lead, &hand_counts));
        let (core, singles) = lead.format.split_singles();
        let scan = Scan::new(layout.clone(), suit, hand_counts, false);
        let policy = rules.draw_policy();
        let (rows, forced_row) = match core.filter(|c| c.len() <= LISTED_MAX) {
            Some(core) => {
                let d = decomposition(core.len(), rules.tractor());
                let entries = suffix_entries(rules, lead, &core, &d);
                let forced_row = forced_format.as_ref().and_then(|f| {
                    let at = d.position(&f.without_singles(singles)?)?;
                    entries.binary_search(&(at.0 as u32, at.1 as u32)).ok()
                });
                let rows = Rows::Listed {
                    solver: HandSolver::new(layout.suit(suit), hand_counts).map(|s| Box::new(RefCell::new(s))),
                    chunks: (0..entries.len().div_ceil(CHUNK)).map(|_| OnceCell::new()).collect(),
                    block_ok: d.blocks.iter().map(|_| OnceCell::new()).collect(),
                    decomposition: d,
                    entries,
                };
                (rows, forced_row)
            }
            None => {
                let mut formats = vec![lead.format.clone()];
                let mut gap_before = None;
                if let Some(f) = forced_format.as_ref().filter(|f| **f != lead.format) {
                    gap_before = Some(1);
                    formats.push(f.clone());
                }
                let forced_row = forced_format.as_ref().map(|_| formats.len() - 1);
                let matches = formats.iter().map(|_| OnceCell::new()).collect();
                (Rows::Few { formats, matches, gap_before }, forced_row)
            }
        };
        let forced = forced_row.map(|i| {
            let cards = (policy.protects_longer()).then(|| {
                let f = forced_format.as_ref().expect("a forced row has a format");
                Matcher::new(layout.suit(suit), hand_counts, f, true).first().map(|m| m.cards()).unwrap_or_default()
            });
            (i, cards)
        });
        // Listing the lead's format always succeeds; a missing forced row would be a bug.
        debug_assert!(forced_format.is_none() || forced.is_some(), "the forced format is in the list");
        Hints { scan, singles, rows, forced }
    }

    /// Rows listed.
    pub fn len(&self) -> usize {
        match &self.rows {
            Rows::Listed { entries, .. } => entries.len(),
            Rows::Few { formats, .. } => formats.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Row `i`'s format (with the lead's singles).
    pub fn format(&self, i: usize) -> Format {
        match &self.rows {
            Rows::Listed { decomposition, entries, .. } => {
                let (b, k) = entries[i];
                decomposition.blocks[b as usize].formats()[k as usize].with_singles(self.singles)
            }
            Rows::Few { formats, .. } => formats[i].clone(),
        }
    }

    pub fn formats(&self) -> impl Iterator<Item = Format> + '_ {
        (0..self.len()).map(|i| self.format(i))
    }

    /// Weaker formats left out just before row `i`.
    pub fn skipped_before(&self, i: usize) -> Skipped {
        match &self.rows {
            Rows::Few { gap_before: Some(g), .. } if *g == i => Skipped::Many,
            _ => Skipped::None,
        }
    }

    /// True if weaker formats follow the last row without being listed.
    pub fn cut_after(&self) -> bool {
        match &self.rows {
            Rows::Few { formats, .. } => formats.last().is_some_and(|f| f.groups().iter().any(|g| g.as_slice() != [1])),
            Rows::Listed { .. } => false,
        }
    }

    /// Index of the forced format; `None` when the hand is short in the led
    /// suit (then every card of the suit must be played).
    pub fn forced(&self) -> Option<usize> {
        self.forced.as_ref().map(|f| f.0)
    }

    /// The forced play itself (always legal).
    pub fn forced_play(&self) -> Option<&[Card]> {
        let (i, protected) = self.forced.as_ref()?;
        match protected {
            Some(cards) => Some(cards),
            None => self.first_match(*i),
        }
    }

    /// The first way the hand can form format `i` (weakest cards first), or
    /// `None`. For entries other than the forced one no draw-policy
    /// protection applies: they show what the hand could play voluntarily.
    pub fn first_match(&self, i: usize) -> Option<&[Card]> {
        if let Some((k, Some(cards))) = &self.forced {
            if *k == i {
                return Some(cards);
            }
        }
        match &self.rows {
            Rows::Listed { chunks, .. } => {
                let chunk = chunks[i / CHUNK].get_or_init(|| self.compute_chunk(i / CHUNK));
                let j = i % CHUNK;
                if chunk.found & (1 << j) == 0 {
                    return None;
                }
                let start = if j == 0 { 0 } else { chunk.ends[j - 1] as usize };
                Some(&chunk.cards[start..chunk.ends[j] as usize])
            }
            Rows::Few { formats, matches, .. } => {
                matches[i].get_or_init(|| self.scan.first_cards(&formats[i])).as_deref()
            }
        }
    }

    /// The first matches of entries `q * CHUNK ..` (up to `CHUNK` of them).
    fn compute_chunk(&self, q: usize) -> Chunk {
        let Rows::Listed { solver, decomposition: d, entries, block_ok, .. } = &self.rows else {
            unreachable!("chunks belong to listed rows")
        };
        let range = q * CHUNK..((q + 1) * CHUNK).min(entries.len());
        // Every match has the lead's length: one allocation per chunk.
        let mut cards = Vec::with_capacity(range.len() * (d.n + self.singles));
        let mut ends = Vec::with_capacity(range.len());
        let mut found = 0u64;
        let protected = match &self.forced {
            Some((k, Some(_))) => Some(*k),
            _ => None,
        };
        let mut solver = solver.as_ref().map(|s| s.borrow_mut());
        // Consecutive entries mostly share a block: its look-ups are kept.
        let mut block = usize::MAX;
        let mut reachable = false;
        for (j, i) in range.enumerate() {
            let (b, k) = (entries[i].0 as usize, entries[i].1 as usize);
            if b != block {
                block = b;
                reachable = *block_ok[b].get_or_init(|| self.block_feasible(d, solver.as_deref_mut(), b));
            }
            // A protected forced entry is served apart; reachable blocks only.
            if reachable && protected != Some(i) {
                let format = &d.blocks[b].formats()[k];
                let ok = match (solver.as_deref_mut(), d.plans(b).get(k)) {
                    (Some(solver), Some(plan)) => solver.first_cards(&plan, format, self.singles, &mut cards),
                    _ => self.scan.first_cards(&format.with_singles(self.singles)).map(|m| cards.extend(m)).is_some(),
                };
                found |= (ok as u64) << j;
            }
            ends.push(cards.len() as u32);
        }
        Chunk { cards, ends: ends.into(), found }
    }

    /// Can the hand form block `b`'s partition as plain tuples (its weakest
    /// format)? If not, no format of the block can be formed.
    fn block_feasible(&self, d: &Decomposition, solver: Option<&mut HandSolver>, b: usize) -> bool {
        let formats = d.blocks[b].formats();
        let plain = formats.len() - 1;
        let is_plain = formats[plain].groups().iter().all(|g| g.len() == 1);
        match (solver, d.plans(b).get(plain)) {
            (Some(solver), Some(plan)) if is_plain => solver.can_form(&plan, &formats[plain]),
            _ => self.scan.block_feasible(d, b),
        }
    }
}

/// When the hand holds fewer cards of the led suit than the lead: all of them,
/// filled up with the weakest other cards (non-trumps before trumps). `None`
/// when the hand is not short.
pub fn short_suit_play(rules: &Rules, lead: &Lead, hand: &[Card]) -> Option<Vec<Card>> {
    let trump = rules.trump();
    let (mut suit, mut rest): (Vec<Card>, Vec<Card>) =
        hand.iter().partition(|&&c| trump.effective_suit(c) == lead.suit);
    if suit.len() >= lead.len() {
        return None;
    }
    crate::small_sort::sort_by_key(&mut rest, |&c| (trump.is_trump(c), trump.level(c)));
    suit.extend(rest.into_iter().take(lead.len() - suit.len()));
    Some(suit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    #[test]
    fn a_short_hand_plays_all_of_the_suit_and_is_legal() {
        let rules = Rules::new("2S".parse().unwrap(), 2).unwrap();
        let lead = Lead::parse(&rules, &parse_cards("5H 5H 6H 6H", None).unwrap()).unwrap();
        let hand = parse_cards("9H 3C 4D AC 2S BJ", None).unwrap();
        let play = short_suit_play(&rules, &lead, &hand).unwrap();
        assert_eq!(play.len(), 4);
        assert!(play.contains(&parse_cards("9H", None).unwrap()[0]));
        assert!(!play.iter().any(|c| rules.trump().is_trump(*c)), "{play:?}");
        assert_eq!(check_play(&rules, &lead, &hand, &play), Ok(()));
        let long = parse_cards("9H 9H 7H 8H", None).unwrap();
        assert_eq!(short_suit_play(&rules, &lead, &long), None);
    }
}
