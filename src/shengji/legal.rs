//! Legal plays: the seed's loop over the lead's decomposition suffix (the
//! first format the hand can form is forced) under the five draw policies,
//! with reasons a person can act on, and the hint list for the UI.

use super::first_match::HandSolver;
use super::forced::Walk;
use super::format::{decomposition, Decomposition, Format};
use super::lead::Lead;
use super::matcher::{chains, Chains, Counts, FxBuild, Matcher, TailMemo};
use super::rules::{DrawPolicy, Rules};
use super::trump::{EffectiveSuit, Layout, SuitLayout, MAX_SLOTS};
use crate::cards::{Card, CardCounts};
use std::cell::{OnceCell, RefCell};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

/// Why a play is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum IllegalPlay {
    WrongCount {
        expected: usize,
        got: usize,
    },
    NotInHand {
        card: Card,
        held: usize,
        played: usize,
    },
    TooManyCopies {
        card: Card,
        count: usize,
        decks: usize,
    },
    /// Short in the led suit: every card of it must be played.
    MustPlayAllOfSuit {
        suit: EffectiveSuit,
        held: Vec<Card>,
    },
    /// Enough cards of the led suit: the whole play must be in it.
    MustFollowSuit {
        suit: EffectiveSuit,
        needed: usize,
        held: usize,
    },
    /// The hand can form `format`, so the play must too.
    MustMatch {
        suit: EffectiveSuit,
        format: Format,
        example: Vec<Card>,
    },
}

fn labels(cards: &[Card]) -> String {
    cards.iter().map(|c| c.label()).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for IllegalPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalPlay::WrongCount { expected, got } => write!(
                f,
                "the lead has {expected} card{}, so you must play {expected}, not {got}",
                if *expected == 1 { "" } else { "s" }
            ),
            IllegalPlay::NotInHand { card, held, played } => {
                write!(f, "you play {played} × {} but hold only {held}", card.label())
            }
            IllegalPlay::TooManyCopies { card, count, decks } => {
                write!(f, "the hand has {count} copies of {card} but {decks} decks hold only {decks}")
            }
            IllegalPlay::MustPlayAllOfSuit { suit, held } => {
                write!(f, "you hold only {} of {suit} ({}), so you must play all of them", held.len(), labels(held))
            }
            IllegalPlay::MustFollowSuit { suit, needed, held } => {
                write!(f, "you hold {held} {suit}, so all {needed} cards you play must be {suit}")
            }
            IllegalPlay::MustMatch { suit, format, example } => {
                write!(f, "you hold {}, so you must play {} of {suit}", labels(example), format.describe())
            }
        }
    }
}

impl std::error::Error for IllegalPlay {}

/// Per-hand tables for quick rejection before any search.
struct Profile {
    /// have_ge[t] = sum over kinds of count / t.
    have_ge: [u16; 17],
    /// have_eq[t] = kinds holding exactly t.
    have_eq: [u16; 17],
    /// run[t] = longest chain of adjacent kinds each holding >= t.
    run: [u8; 17],
    total: usize,
}

impl Profile {
    fn new(sl: &SuitLayout, c: &Counts) -> Profile {
        let n = sl.cards.len();
        let mut p = Profile { have_ge: [0; 17], have_eq: [0; 17], run: [0; 17], total: 0 };
        for &x in &c[..n] {
            p.total += x as usize;
            p.have_eq[(x as usize).min(16)] += 1;
            for t in 1..17 {
                p.have_ge[t] += (x as usize / t) as u16;
            }
        }
        for t in 1..17 {
            let mut run = [0u8; MAX_SLOTS];
            let mut best = 0;
            for s in 0..n {
                if (c[s] as usize) < t {
                    continue;
                }
                let mut r = 1;
                for (p2, &rp) in run.iter().enumerate().take(s) {
                    if rp > 0 && sl.succ[p2] & (1 << s) != 0 {
                        r = r.max(rp + 1);
                    }
                }
                run[s] = r;
                best = best.max(r);
            }
            p.run[t] = best;
        }
        p
    }

    /// Necessary condition for a partition (parts descending).
    fn partition_possible(&self, need_ge: &[u8], parts: &[u8], protect: bool) -> bool {
        if protect {
            let mut need = [0u16; 17];
            for &t in parts.iter().filter(|&&t| t >= 2) {
                need[(t as usize).min(16)] += 1;
            }
            (2..17).all(|t| self.have_eq[t] >= need[t])
        } else {
            need_ge.iter().enumerate().skip(2).all(|(t, &k)| t > 16 || self.have_ge[t] >= k as u16)
        }
    }

    fn groups_possible(&self, f: &Format) -> bool {
        f.groups().iter().filter(|g| g.len() >= 2).all(|g| {
            let t = (*g.iter().min().unwrap_or(&1) as usize).min(16);
            self.run[t] as usize >= g.len()
        })
    }
}

/// Walks a lead's decomposition suffix for one count vector.
struct Scan {
    layout: Arc<Layout>,
    suit: EffectiveSuit,
    counts: Counts,
    profile: Profile,
    protect: bool,
    /// Sequence shape -> its chains in these cards (shared by every format).
    chains: RefCell<HashMap<Vec<u8>, Chains, FxBuild>>,
    /// Tuple-only feasibility, shared by every format of this hand.
    tail_memo: RefCell<TailMemo>,
}

impl Scan {
    fn new(layout: Arc<Layout>, suit: EffectiveSuit, counts: Counts, protect: bool) -> Scan {
        let profile = Profile::new(layout.suit(suit), &counts);
        Scan {
            layout,
            suit,
            profile,
            counts,
            protect,
            chains: RefCell::new(HashMap::default()),
            tail_memo: RefCell::new(TailMemo::default()),
        }
    }

    fn sl(&self) -> &SuitLayout {
        self.layout.suit(self.suit)
    }

    /// Quick rejection: every sequence group must fit somewhere on its own.
    fn groups_placeable(&self, f: &Format) -> bool {
        if !self.profile.groups_possible(f) {
            return false;
        }
        f.groups().iter().filter(|g| g.len() >= 2).all(|g| !self.chains_of(g).is_empty())
    }

    fn chains_of(&self, shape: &[u8]) -> Chains {
        let mut cache = self.chains.borrow_mut();
        if let Some(v) = cache.get(shape) {
            return v.clone();
        }
        let v = Rc::new(chains(self.sl(), &self.counts, shape, self.protect));
        cache.insert(shape.to_vec(), v.clone());
        v
    }

    /// Runs `run` on a matcher for `f` that shares this hand's chains and tail memo.
    fn with_matcher<T>(&self, f: &Format, run: impl FnOnce(&mut Matcher<'_>) -> T) -> T {
        let mut m =
            Matcher::new_with_chains(self.sl(), self.counts, f, self.protect, &mut |shape: &[u8]| self.chains_of(shape));
        m.set_tail_memo(std::mem::take(&mut *self.tail_memo.borrow_mut()));
        let out = run(&mut m);
        *self.tail_memo.borrow_mut() = m.take_tail_memo();
        out
    }

    fn block_feasible(&self, d: &Decomposition, b: usize) -> bool {
        let blk = &d.blocks[b];
        if self.profile.total < d.n || !self.profile.partition_possible(&blk.need, &blk.partition, self.protect) {
            return false;
        }
        let plain = Format::from_sorted(blk.partition.iter().map(|&t| vec![t]).collect());
        self.with_matcher(&plain, |m| m.any())
    }

    /// The cards of the first match of `f`, weakest first.
    fn first_cards(&self, f: &Format) -> Option<Vec<Card>> {
        if !self.groups_placeable(f) {
            return None;
        }
        self.with_matcher(f, |m| m.first_cards())
    }
}

/// The lead's suffix under the rules' policy as (block, index) pairs of the
/// decomposition of its core: the core's format and every weaker one
/// (tractors-only drops formats with tractors after a lead without one).
/// Suit-only lists just the lead's format and plain singles.
fn suffix_entries(rules: &Rules, lead: &Lead, core: &Format, d: &Decomposition) -> Vec<(u32, u32)> {
    let policy = rules.draw_policy();
    let (b0, i0) = d.position(core).unwrap_or((d.blocks.len() - 1, 0));
    if policy == DrawPolicy::SuitOnly {
        let last = (d.blocks.len() as u32 - 1, 0);
        let lead_entry = (b0 as u32, i0 as u32);
        return if lead_entry == last { vec![last] } else { vec![lead_entry, last] };
    }
    let skip_seq = policy.tractors_only() && !lead.format.has_sequence();
    let mut entries = Vec::new();
    for (b, blk) in d.blocks.iter().enumerate().skip(b0) {
        let start = if b == b0 { i0 } else { 0 };
        let formats = blk.formats();
        let listed = (start..formats.len()).filter(|&i| !(skip_seq && formats[i].has_sequence()));
        entries.extend(listed.map(|i| (b as u32, i as u32)));
    }
    entries
}

/// The format the rules force on a follower holding `counts` of the led suit
/// (at least the lead's length): the first format of the lead's weaker
/// sequence the counts can form (under the policy's protection), the lead's
/// single cards included. Suit-only forces plain singles.
pub(crate) fn forced_format(rules: &Rules, lead: &Lead, counts: &Counts) -> Format {
    let policy = rules.draw_policy();
    let (core, singles) = lead.format.split_singles();
    let Some(core) = core.filter(|_| policy != DrawPolicy::SuitOnly) else {
        return Format::singles(lead.len());
    };
    let plain_only = policy.tractors_only() && !lead.format.has_sequence();
    let sl = rules.layout().suit(lead.suit);
    let mut walk = Walk::new(sl, rules.tractor(), policy.protects_longer());
    match walk.first_formable(counts, &core, plain_only) {
        Some(f) => f.with_singles(singles),
        None => Format::singles(lead.len()),
    }
}

/// The first format of the lead's weaker sequence that `play` forms (no
/// protection: what a play shows voluntarily), singles included.
fn strongest_formed(rules: &Rules, lead: &Lead, play: &Counts) -> Format {
    let (core, singles) = lead.format.split_singles();
    let Some(core) = core else { return lead.format.clone() };
    let plain_only = rules.draw_policy().tractors_only() && !lead.format.has_sequence();
    let mut walk = Walk::new(rules.layout().suit(lead.suit), rules.tractor(), false);
    match walk.first_formable(play, &core, plain_only) {
        Some(f) => f.with_singles(singles),
        None => Format::singles(lead.len()),
    }
}

fn counts_of(layout: &Layout, suit: EffectiveSuit, cards: &[Card]) -> Counts {
    layout.counts(suit, cards)
}

/// Checks a follower's play against the lead and the follower's hand (the
/// hand still holding the played cards).
pub fn check_play(rules: &Rules, lead: &Lead, hand: &[Card], play: &[Card]) -> Result<(), IllegalPlay> {
    Follower::new(rules, lead, hand).check(play)
}

/// True if `play` is legal (see [`check_play`]).
pub fn is_legal(rules: &Rules, lead: &Lead, hand: &[Card], play: &[Card]) -> bool {
    check_play(rules, lead, hand, play).is_ok()
}

/// Up to `limit` plays that form the forced format (under the policy's
/// protection), weakest first: all legal. Empty when the hand is short in
/// the led suit. See [`Follower::forced_plays`].
pub fn forced_plays(rules: &Rules, lead: &Lead, hand: &[Card], limit: usize) -> Vec<Vec<Card>> {
    Follower::new(rules, lead, hand).forced_plays(limit)
}

/// One follower's hand against one lead: checks any number of plays and
/// works out the forced format once, when first needed (bots check many
/// candidate plays; none of this walks the hint list).
pub struct Follower<'a> {
    rules: &'a Rules,
    lead: &'a Lead,
    hand: &'a [Card],
    counts: Counts,
    held: usize,
    forced: OnceCell<Format>,
    /// The hand's cards counted, or the first card it holds more copies of than the
    /// decks have: worked out once, when the first play is checked.
    hand_counts: OnceCell<Result<CardCounts, (Card, usize)>>,
}

impl<'a> Follower<'a> {
    pub fn new(rules: &'a Rules, lead: &'a Lead, hand: &'a [Card]) -> Follower<'a> {
        let counts = counts_of(rules.layout(), lead.suit, hand);
        let held = counts.iter().map(|&x| x as usize).sum();
        Follower { rules, lead, hand, counts, held, forced: OnceCell::new(), hand_counts: OnceCell::new() }
    }

    /// The format the rules force; `None` when the hand is short in the led suit.
    pub fn forced_format(&self) -> Option<&Format> {
        (self.held >= self.lead.len())
            .then(|| self.forced.get_or_init(|| forced_format(self.rules, self.lead, &self.counts)))
    }

    /// Up to `limit` plays that form the forced format (under the policy's
    /// protection), weakest first; all legal. Empty when the hand is short.
    pub fn forced_plays(&self, limit: usize) -> Vec<Vec<Card>> {
        let Some(forced) = self.forced_format() else { return Vec::new() };
        let protect = self.rules.draw_policy().protects_longer();
        let mut m = Matcher::new(self.rules.layout().suit(self.lead.suit), self.counts, forced, protect);
        m.iter().take(limit).map(|x| x.cards()).collect()
    }

    /// The only legal play, where the hand leaves no choice: its last cards (the hand
    /// holds as many cards as the lead), or every card it holds of the led suit (it holds
    /// exactly as many as the lead). `None` otherwise, even if one play happens to be
    /// the only legal one in some other way (a table offers it to play in one tap).
    pub fn only_play(&self) -> Option<Vec<Card>> {
        let n = self.lead.len();
        if self.rules.bombs().on() && self.hand.len() > n && !super::bomb::plays(self.rules, self.lead, self.hand).is_empty() {
            return None; // a bomb is the other choice
        }
        if self.hand.len() == n {
            return Some(self.hand.to_vec());
        }
        let trump = self.rules.trump();
        (self.held == n).then(|| self.hand.iter().copied().filter(|&c| trump.effective_suit(c) == self.lead.suit).collect())
    }

    /// Checks one play (see [`check_play`]).
    pub fn check(&self, play: &[Card]) -> Result<(), IllegalPlay> {
        self.judge(play, true)
    }

    /// True if the play is legal: [`Follower::check`] without working out what the error
    /// would show (bots test many candidate plays and only keep the legal ones).
    pub fn allows(&self, play: &[Card]) -> bool {
        self.judge(play, false).is_ok()
    }

    /// [`Follower::check`]; with `explain` false an error says less (no cards of the suit
    /// held, no forced example, the first card short in play order rather than id order):
    /// the caller only asks yes or no.
    fn judge(&self, play: &[Card], explain: bool) -> Result<(), IllegalPlay> {
        let (rules, lead, hand) = (self.rules, self.lead, self.hand);
        let n = lead.len();
        if play.len() != n {
            return Err(IllegalPlay::WrongCount { expected: n, got: play.len() });
        }
        let hc = match self.hand_counts.get_or_init(|| {
            let counts = CardCounts::from_cards(hand);
            let over = counts.iter().find(|&(_, k)| k > rules.decks());
            over.map_or(Ok(counts), Err)
        }) {
            Ok(hc) => hc,
            Err((card, count)) => {
                return Err(IllegalPlay::TooManyCopies { card: *card, count: *count, decks: rules.decks() })
            }
        };
        // Each card of the play against the hand, its copies in the play counted there (plays
        // are short); then, for the error, the first kind short in id order.
        let copies = |c: Card| play.iter().filter(|&&x| x == c).count();
        if let Some(&short) = play.iter().find(|&&c| hc.get(c) < copies(c)) {
            let pc = CardCounts::from_cards(play);
            let (card, played) = if explain {
                pc.iter().find(|&(c, k)| hc.get(c) < k).unwrap_or((short, pc.get(short)))
            } else {
                (short, pc.get(short))
            };
            return Err(IllegalPlay::NotInHand { card, held: hc.get(card), played });
        }
        if super::bomb::excuses(rules, lead, play) {
            return Ok(());
        }
        let layout = rules.layout();
        let suit = lead.suit;
        let play_counts = counts_of(layout, suit, play);
        let played: usize = play_counts.iter().map(|&x| x as usize).sum();
        if self.held < n {
            if played < self.held {
                let mut cards: Vec<Card> = Vec::new();
                if explain {
                    cards.extend(hand.iter().copied().filter(|&c| layout.effective_suit(c) == suit));
                    rules.trump().sort_for_display(&mut cards);
                }
                return Err(IllegalPlay::MustPlayAllOfSuit { suit, held: cards });
            }
            return Ok(());
        }
        if played < n {
            return Err(IllegalPlay::MustFollowSuit { suit, needed: n, held: self.held });
        }
        let policy = rules.draw_policy();
        if n == 1 || policy == DrawPolicy::SuitOnly {
            // (A single of the led suit is the single the rules force.)
            return Ok(());
        }
        let Some(forced) = self.forced_format() else { return Ok(()) };
        let sl = layout.suit(suit);
        let legal = if policy.protects_longer() {
            // Any format from the lead's down to the forced one may be played voluntarily.
            strongest_formed(rules, lead, &play_counts).strength_cmp(forced) != Ordering::Less
        } else {
            Matcher::new(sl, play_counts, forced, false).any()
        };
        if legal {
            return Ok(());
        }
        if !explain {
            return Err(IllegalPlay::MustMatch { suit, format: forced.clone(), example: Vec::new() });
        }
        let example = Matcher::new(sl, self.counts, forced, policy.protects_longer()).first().map(|m| {
            let tuples: Vec<Card> =
                m.groups.iter().filter(|g| g.shape != [1]).flat_map(|g| g.cards.iter().copied()).collect();
            if tuples.is_empty() {
                m.cards()
            } else {
                tuples
            }
        });
        Err(IllegalPlay::MustMatch { suit, format: forced.clone(), example: example.unwrap_or_default() })
    }
}

/// Core lengths up to this use the cached decomposition ordering and list
/// every weaker format; longer cores list the lead's format and the forced one.
const LISTED_MAX: usize = 20;

/// Hint entries are computed (and stored) in chunks of this many: one
/// buffer per chunk instead of one allocation per entry, and still lazy
/// enough that showing a few rows costs microseconds.
const CHUNK: usize = 64;

mod hints;
#[cfg(test)]
mod tests;

pub use hints::{short_suit_play, Hints, Skipped};
