//! Throws (multi-unit leads) checked against the other hands, with the shrink
//! to one beaten unit and a penalty hook, and the trick winner for any number
//! of decks under the three throw-evaluation policies, with the trick's points;
//! and the trick as it stands after some plays ([`Standing`]), which a bot asks
//! whether each of its candidate follows would take it.

use super::lead::Lead;
use super::matcher::{chains, Counts, MatchedGroup, Matcher};
use super::rules::{Rules, ThrowEvaluation};
use super::trump::{EffectiveSuit, SuitLayout};
use crate::cards::{Card, CardCounts};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// Most matches of one play examined when deciding a throw's winner.
const MATCH_CAP: usize = 20_000;

/// A unit of the lead that one other player could beat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Beater {
    /// Index into the `others` slice given to [`check_throw`].
    pub player: usize,
    /// Index into the lead's units.
    pub unit: usize,
}

/// How a failed throw is punished; the game applies it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "points")]
pub enum ThrowPenalty {
    #[default]
    None,
    /// Points per card returned to the hand.
    PerReturnedCard(u32),
    /// A fixed number of points per failed throw.
    Fixed(u32),
}

/// A throw that failed: what is played instead and what goes back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowFailure {
    /// The lead shrunk to the beaten unit (the new lead of the trick).
    pub kept: Lead,
    /// Index of that unit in the original lead's units.
    pub kept_unit: usize,
    /// The other cards, returned to the leader's hand.
    pub returned: Vec<Card>,
    /// Every (player, unit) pair where the player could beat the unit.
    pub beaters: Vec<Beater>,
}

impl ThrowFailure {
    /// Players who could beat some unit, without repeats.
    pub fn players(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self.beaters.iter().map(|b| b.player).collect();
        crate::small_sort::sort(&mut v);
        v.dedup();
        v
    }

    /// The penalty under a policy (the hook the game calls).
    pub fn penalty(&self, p: ThrowPenalty) -> u32 {
        match p {
            ThrowPenalty::None => 0,
            ThrowPenalty::PerReturnedCard(k) => k * self.returned.len() as u32,
            ThrowPenalty::Fixed(k) => k,
        }
    }
}

/// Does a hand (its cards of the lead's suit) hold a same-shape unit above `unit`?
pub fn can_beat(rules: &Rules, suit: EffectiveSuit, hand: &[Card], unit: &MatchedGroup) -> bool {
    let layout = rules.layout();
    can_beat_counted(layout.suit(suit), &layout.counts(suit, hand), unit)
}

/// [`can_beat`] with the hand's cards of the suit counted by slot (`Layout::counts`), for
/// a caller that asks of many units.
pub fn can_beat_counted(sl: &SuitLayout, counts: &Counts, unit: &MatchedGroup) -> bool {
    if let [width] = unit.shape[..] {
        // One tuple (a single, a pair, …): a higher slot holding as many, without
        // listing every chain (the bots ask this for every unit of every lead they weigh).
        return (0..sl.cards.len()).any(|s| counts[s] >= width && sl.levels[s] > unit.top_level);
    }
    chains(sl, counts, &unit.shape, false)
        .iter()
        .any(|path| path.last().is_some_and(|&s| sl.levels[s as usize] > unit.top_level))
}

/// Checks a throw against the other players' hands. A single-unit lead always
/// stands. If any unit can be beaten, the lead shrinks to the smallest beaten
/// unit (fewest cards; then the weakest; then the first in format order).
pub fn check_throw(rules: &Rules, lead: &Lead, others: &[Vec<Card>]) -> Result<(), Box<ThrowFailure>> {
    if !lead.is_throw() {
        return Ok(());
    }
    let mut beaters = Vec::new();
    for (u, unit) in lead.units.iter().enumerate() {
        for (p, hand) in others.iter().enumerate() {
            if can_beat(rules, lead.suit, hand, unit) {
                beaters.push(Beater { player: p, unit: u });
            }
        }
    }
    let Some(kept_unit) =
        beaters.iter().map(|b| b.unit).min_by_key(|&u| (lead.units[u].cards.len(), lead.units[u].top_level, u))
    else {
        return Ok(());
    };
    crate::small_sort::sort_by_key(&mut beaters, |b| (b.unit, b.player));
    let kept_cards = lead.units[kept_unit].cards.clone();
    let mut rest = CardCounts::from_cards(&lead.cards);
    rest.remove_all(&CardCounts::from_cards(&kept_cards));
    let mut returned = rest.to_vec();
    rules.trump().sort_for_display(&mut returned);
    let kept = Lead::parse(rules, &kept_cards).unwrap_or_else(|_| Lead {
        suit: lead.suit,
        cards: kept_cards.clone(),
        format: super::format::Format::from_sorted(vec![lead.units[kept_unit].shape.clone()]),
        units: vec![lead.units[kept_unit].clone()],
    });
    Err(Box::new(ThrowFailure { kept, kept_unit, returned, beaters }))
}

/// A follower's play of the wrong size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickError {
    pub play: usize,
    pub expected: usize,
    pub got: usize,
}

impl fmt::Display for TrickError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "play {} has {} cards but the lead has {}", self.play, self.got, self.expected)
    }
}

impl std::error::Error for TrickError {}

/// Who won a trick and what it is worth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrickOutcome {
    /// 0 = the lead, 1.. = the followers in order.
    pub winner: usize,
    /// 5s, 10s and kings in every play.
    pub points: u32,
}

struct Best<'a> {
    index: usize,
    trump: bool,
    /// The lead's own units (borrowed) until a follow beats them.
    groups: Cow<'a, [MatchedGroup]>,
}

/// A play that beats the best so far, read in the lead's format: a single tuple's
/// level (its one reading, the play itself), or the matcher's strongest reading.
enum Reading {
    Tuple { top_level: u8 },
    Matched(Vec<MatchedGroup>),
}

impl Reading {
    /// The reading as groups of a `width`-card play; a single tuple's group holds `cards`
    /// (the standing keeps none: a tuple is compared by its level alone).
    fn groups(self, width: usize, cards: Vec<Card>) -> Vec<MatchedGroup> {
        match self {
            Reading::Tuple { top_level } => vec![MatchedGroup { shape: vec![width as u8], cards, top_level }],
            Reading::Matched(groups) => groups,
        }
    }
}

/// Per shape, can `p`'s units be paired with `w`'s so each is strictly higher?
fn dominates(p: &[MatchedGroup], w: &[MatchedGroup]) -> bool {
    let mut shapes: Vec<&Vec<u8>> = w.iter().map(|g| &g.shape).collect();
    shapes.dedup();
    shapes.iter().all(|shape| {
        let mut a: Vec<u8> = p.iter().filter(|g| &g.shape == *shape).map(|g| g.top_level).collect();
        let mut b: Vec<u8> = w.iter().filter(|g| &g.shape == *shape).map(|g| g.top_level).collect();
        crate::small_sort::sort(&mut a);
        crate::small_sort::sort(&mut b);
        a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| x > y)
    })
}

fn top(groups: &[MatchedGroup]) -> u8 {
    groups.iter().map(|g| g.top_level).max().unwrap_or(0)
}

/// The largest unit's strength: most cards, then longest, then lexicographic shape.
fn largest_unit(groups: &[MatchedGroup], shape: &[u8]) -> u8 {
    groups.iter().filter(|g| g.shape == shape).map(|g| g.top_level).max().unwrap_or(0)
}

fn strengths_desc(groups: &[MatchedGroup]) -> Vec<u8> {
    let mut v: Vec<u8> = groups.iter().map(|g| g.top_level).collect();
    crate::small_sort::sort_by(&mut v, |a, b| b.cmp(a));
    v
}

/// Decides the trick: `follows[i]` is the play of the (i+1)-th player. Only a
/// play of the led suit or all trump that matches the lead's format can win;
/// trump beats the led suit; a tie goes to the earlier play. Where bombs are
/// played, the highest bomb beats all of that (`bomb::winner`).
pub fn trick_winner(rules: &Rules, lead: &Lead, follows: &[Vec<Card>]) -> Result<TrickOutcome, TrickError> {
    decide(rules, lead, follows.iter().map(Vec::as_slice))
}

/// [`trick_winner`] over a trick's `(seat, cards)` plays, the lead's first, without copying them.
pub(crate) fn trick_winner_of(rules: &Rules, lead: &Lead, plays: &[(usize, Vec<Card>)]) -> Result<TrickOutcome, TrickError> {
    decide(rules, lead, cards_of(plays.get(1..).unwrap_or_default()))
}

/// [`trick_winner`] over the follows as they come: each of the lead's size, then the standing.
fn decide<'p>(rules: &Rules, lead: &Lead, follows: impl Iterator<Item = &'p [Card]> + Clone) -> Result<TrickOutcome, TrickError> {
    let n = lead.len();
    if let Some((i, p)) = follows.clone().enumerate().find(|(_, p)| p.len() != n) {
        return Err(TrickError { play: i + 1, expected: n, got: p.len() });
    }
    let points = lead.cards.iter().map(|c| c.points()).chain(follows.clone().flatten().map(|c| c.points())).sum();
    Ok(TrickOutcome { winner: Standing::after(rules, lead, follows).winner(), points })
}

/// The cards of each of a trick's `(seat, cards)` plays (one iterator type for every
/// caller of [`Standing::after`] that holds plays so).
pub(crate) fn cards_of(plays: &[(usize, Vec<Card>)]) -> impl Iterator<Item = &[Card]> + Clone {
    plays.iter().map(|(_, c)| c.as_slice())
}

/// A trick as it stands after some plays: the play winning it and what it must be
/// beaten by. A bot weighing its candidate follows asks [`Standing::would_win`] of
/// each instead of deciding the whole trick again for every one ([`trick_winner`] is
/// this, over every play).
pub struct Standing<'a> {
    rules: &'a Rules,
    lead: &'a Lead,
    /// The shape of the lead's largest unit (the `UnitLength` policy compares it).
    big_shape: &'a [u8],
    best: Best<'a>,
    /// The highest bomb played, where bombs are on (it beats everything else).
    bomb: Option<(usize, super::bomb::BombStrength)>,
}

impl<'a> Standing<'a> {
    /// The trick after the lead and `follows` (each of the lead's size).
    pub fn new(rules: &'a Rules, lead: &'a Lead, follows: &[Vec<Card>]) -> Standing<'a> {
        Standing::after(rules, lead, follows.iter().map(Vec::as_slice))
    }

    /// [`Standing::new`] over the follows as they come (a trick's plays, without copying them).
    pub(crate) fn after<'p>(rules: &'a Rules, lead: &'a Lead, follows: impl Iterator<Item = &'p [Card]> + Clone) -> Standing<'a> {
        let big_shape: &[u8] = lead
            .format
            .groups()
            .iter()
            .max_by(|a, b| {
                let sa: u32 = a.iter().map(|&t| t as u32).sum();
                let sb: u32 = b.iter().map(|&t| t as u32).sum();
                sa.cmp(&sb).then(a.len().cmp(&b.len())).then(a.cmp(b))
            })
            .map_or(&[], Vec::as_slice);
        let best = Best { index: 0, trump: lead.suit == EffectiveSuit::Trump, groups: Cow::Borrowed(&lead.units) };
        let bomb = super::bomb::best(rules, lead, follows.clone());
        let mut standing = Standing { rules, lead, big_shape, best, bomb };
        if bomb.is_none() {
            for (i, play) in follows.enumerate() {
                let trump = play.first().is_some_and(|&c| rules.layout().effective_suit(c) == EffectiveSuit::Trump);
                let Some(reading) = standing.reading(play) else { continue };
                let groups = reading.groups(play.len(), Vec::new());
                standing.best = Best { index: i + 1, trump, groups: Cow::Owned(groups) };
            }
        }
        standing
    }

    /// Who is winning: 0 the lead, 1.. the followers in order.
    pub fn winner(&self) -> usize {
        self.bomb.map_or(self.best.index, |(i, _)| i)
    }

    /// True when a bomb has been played (the lead's or a follow's).
    pub fn bombed(&self) -> bool {
        self.bomb.is_some()
    }

    /// Would `play` (of the lead's size), made next, take the trick?
    pub fn would_win(&self, play: &[Card]) -> bool {
        if self.rules.bombs().on() && self.lead.len() >= super::bomb::MIN_BOMB {
            if let Some(s) = super::bomb::strength(self.rules.trump(), play) {
                if self.bomb.is_none_or(|(_, b)| s > b) {
                    return true;
                }
            }
            if self.bomb.is_some() {
                return false;
            }
        }
        self.reading(play).is_some()
    }

    /// How `play` beats the best so far, if it does: whether it is trump and its
    /// strongest reading in the lead's format, built in full (the tests compare it with
    /// the matcher's; the standing itself keeps [`Standing::reading`]).
    #[cfg(test)]
    fn beating(&self, play: &[Card]) -> Option<(bool, Vec<MatchedGroup>)> {
        let is_trump = self.rules.layout().effective_suit(*play.first()?) == EffectiveSuit::Trump;
        Some((is_trump, self.reading(play)?.groups(play.len(), play.to_vec())))
    }

    /// How `play` beats the best so far, if it does: its reading in the lead's format, a
    /// single tuple's without building it (a bot asks [`Standing::would_win`] of many such
    /// plays and needs only the answer).
    fn reading(&self, play: &[Card]) -> Option<Reading> {
        let (rules, lead, best) = (self.rules, self.lead, &self.best);
        let layout = rules.layout();
        let suit = layout.effective_suit(*play.first()?);
        if play.iter().any(|&c| layout.effective_suit(c) != suit) {
            return None;
        }
        let is_trump = suit == EffectiveSuit::Trump;
        // Only the led suit or trump can win, and only trump once trump is winning.
        if !is_trump && (suit != lead.suit || best.trump) {
            return None;
        }
        let ruffs_over = is_trump && !best.trump;
        if let Some(width) = lead.units.first().filter(|_| lead.units.len() == 1).and_then(|u| match u.shape[..] {
            [w] => Some(w as usize),
            _ => None,
        }) {
            // One tuple led (a single, a pair, …): as many copies of one kind, higher than the
            // best (or ruffing it); the only reading, found without the matcher.
            let slot = layout.slot(play[0]);
            if play.len() != width || play.iter().any(|&c| layout.slot(c) != slot) {
                return None;
            }
            let top_level = layout.suit(suit).levels[slot];
            let beats = ruffs_over || top_level > best.groups.first().map_or(0, |g| g.top_level);
            return beats.then_some(Reading::Tuple { top_level });
        }
        self.matched(play, suit, ruffs_over).map(Reading::Matched)
    }

    /// The strongest reading of `play` (all of `suit`) in the lead's format that beats the
    /// best so far, by the matcher: every reading is weighed.
    fn matched(&self, play: &[Card], suit: EffectiveSuit, ruffs_over: bool) -> Option<Vec<MatchedGroup>> {
        let (rules, lead, best) = (self.rules, self.lead, &self.best);
        let layout = rules.layout();
        let counts = layout.counts(suit, play);
        let mut m = Matcher::new(layout.suit(suit), counts, &lead.format, false);
        let mut chosen: Option<Vec<MatchedGroup>> = None;
        for x in m.iter().take(MATCH_CAP) {
            let beats = ruffs_over
                || match rules.throw_evaluation() {
                    ThrowEvaluation::EveryUnit => dominates(&x.groups, &best.groups),
                    ThrowEvaluation::HighestCard => top(&x.groups) > top(&best.groups),
                    ThrowEvaluation::UnitLength => {
                        largest_unit(&x.groups, self.big_shape) > largest_unit(&best.groups, self.big_shape)
                    }
                };
            if beats && chosen.as_ref().is_none_or(|c| strengths_desc(&x.groups) > strengths_desc(c)) {
                chosen = Some(x.groups);
            }
        }
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::shengji::Trump;

    fn rules(t: &str, decks: usize) -> Rules {
        Rules::new(t.parse::<Trump>().unwrap(), decks).unwrap()
    }

    fn winner(r: &Rules, plays: &[&str]) -> TrickOutcome {
        let lead = Lead::parse(r, &parse_cards(plays[0], None).unwrap()).unwrap();
        let f: Vec<Vec<Card>> = plays[1..].iter().map(|p| parse_cards(p, None).unwrap()).collect();
        trick_winner(r, &lead, &f).unwrap()
    }

    #[test]
    fn singles_pairs_ruffs_and_ties() {
        let r = rules("4S", 2);
        assert_eq!(winner(&r, &["2H", "5H", "3H", "5H"]), TrickOutcome { winner: 1, points: 10 });
        assert_eq!(winner(&r, &["2S", "5S", "3S", "5S"]).winner, 1);
        assert_eq!(winner(&r, &["AH", "2C", "3S", "KH"]).winner, 2, "a trump ruff beats the suit");
        assert_eq!(winner(&r, &["3H", "4H", "4D"]).winner, 1, "off-suit trump ranks tie: earlier wins");
        assert_eq!(winner(&r, &["6H 6H", "AH KH", "3C 3C"]).winner, 0, "non-matching plays cannot win");
        assert_eq!(winner(&r, &["6H 6H", "2S 3S", "7H 7H", "3S 3S"]).winner, 3);
        assert_eq!(winner(&r, &["KH KH", "10H 10H"]).points, 40);
    }

    #[test]
    fn tractors_and_throws() {
        let r = rules("4S", 2);
        assert_eq!(winner(&r, &["6H 6H 7H 7H", "9H 9H JH JH", "8H 8H 9H 9H"]).winner, 2);
        assert_eq!(winner(&r, &["6H 6H 7H 7H", "2S 2S 3S 3S", "5S 5S 6S 6S"]).winner, 2);
        // A throw AH KH KH: a ruff must match {[2], [1]}.
        assert_eq!(winner(&r, &["AH KH KH", "2S 3S 5S", "2S 2S 3S"]).winner, 2);
        // Same suit: every unit must be beaten (impossible above A, so the lead holds).
        assert_eq!(winner(&r, &["AH QH QH", "KH KH 3H"]).winner, 0);
        let hc = r.clone().with_throw_evaluation(ThrowEvaluation::HighestCard);
        assert_eq!(winner(&hc, &["5S 3S 3S", "7S 6S 6S"]).winner, 1);
        let ul = r.clone().with_throw_evaluation(ThrowEvaluation::UnitLength);
        assert_eq!(winner(&ul, &["AS 3S 3S", "5S 6S 6S"]).winner, 1, "the pair decides");
        let every = r.clone();
        assert_eq!(winner(&every, &["AS 3S 3S", "5S 6S 6S"]).winner, 0, "the ace single is not beaten");
    }

    #[test]
    fn many_decks() {
        let r = rules("2C", 5);
        assert_eq!(winner(&r, &["3H 3H 3H 3H 3H", "4H 4H 4H 4H 4H", "AH AH AH AH KH"]).winner, 1);
    }

    /// `Standing::would_win` answers as deciding the whole trick would: fixed random tricks of
    /// singles, pairs, tractors and throws (most of one suit, some mixed or trump, bombs among
    /// them where the rules have them) under every throw policy, 2 and 4 decks.
    #[test]
    fn the_standing_says_what_the_whole_trick_says() {
        use super::super::bomb::Bombs;
        use rand_chacha::ChaCha20Rng;
        use rand_core::{RngCore, SeedableRng};
        let mut rng = ChaCha20Rng::seed_from_u64(11);
        let (mut checked, mut wins) = (0, 0);
        for case in 0..3000usize {
            let decks = [2, 4][case % 2];
            let mut r = rules(["4S", "9H", "NT2"][case / 2 % 3], decks)
                .with_throw_evaluation([ThrowEvaluation::EveryUnit, ThrowEvaluation::HighestCard, ThrowEvaluation::UnitLength][case / 6 % 3]);
            if case % 4 == 0 {
                r = r.with_bombs(Bombs::AnySuit);
            }
            let layout = r.layout();
            let mut pick = |suit: EffectiveSuit, n: usize| -> Vec<Card> {
                let cards = &layout.suit(suit).cards;
                if cards.is_empty() {
                    return Vec::new(); // the trump suit's own plain suit
                }
                let kinds = 1 + (rng.next_u64() % 3) as usize;
                let base = (rng.next_u64() % cards.len() as u64) as usize;
                (0..n).map(|i| cards[(base + i % kinds) % cards.len()]).collect()
            };
            let suit = EffectiveSuit::ALL[case % 5];
            if layout.suit(suit).cards.is_empty() {
                continue;
            }
            let n = [1, 2, 4, 4, 3, 6][case % 6];
            let Ok(lead) = Lead::parse(&r, &pick(suit, n)) else { continue };
            let follows: Vec<Vec<Card>> = (0..3)
                .map(|i| {
                    let s = if (case + i) % 3 == 0 { EffectiveSuit::Trump } else { suit };
                    let mut p = pick(s, n);
                    if let (0, Some(&odd)) = ((case + i) % 7, pick(EffectiveSuit::ALL[(case + 1) % 4], 1).first()) {
                        p[0] = odd;
                    }
                    p
                })
                .collect();
            for k in 0..follows.len() {
                let standing = Standing::new(&r, &lead, &follows[..k]);
                let whole = trick_winner(&r, &lead, &follows[..=k]).unwrap().winner;
                assert_eq!(standing.would_win(&follows[k]), whole == k + 1, "case {case}, play {k}");
                assert_eq!(standing.winner(), trick_winner(&r, &lead, &follows[..k]).unwrap().winner);
                // A single tuple led is read without the matcher: the matcher reads it alike.
                let suit_k = layout.effective_suit(follows[k][0]);
                if let Some((is_trump, groups)) = standing.beating(&follows[k]) {
                    let by_matcher = standing.matched(&follows[k], suit_k, is_trump && !standing.best.trump);
                    let tops = |g: &[MatchedGroup]| g.iter().map(|g| (g.shape.clone(), g.top_level)).collect::<Vec<_>>();
                    assert_eq!(by_matcher.as_deref().map(tops), Some(tops(&groups)), "case {case}, play {k}");
                } else if follows[k].iter().all(|&c| layout.effective_suit(c) == suit_k) {
                    let can_win = suit_k == EffectiveSuit::Trump || (suit_k == lead.suit && !standing.best.trump);
                    let ruffs = suit_k == EffectiveSuit::Trump && !standing.best.trump;
                    assert!(!can_win || standing.matched(&follows[k], suit_k, ruffs).is_none(), "case {case}, play {k}");
                }
                checked += 1;
                wins += (whole == k + 1) as usize;
            }
        }
        assert!(checked > 5000 && wins > 1000, "{checked} plays checked, {wins} of them winning");
    }

    #[test]
    fn throw_fails_to_the_smallest_beaten_unit() {
        let r = rules("4S", 2);
        let lead = Lead::parse(&r, &parse_cards("AH QH QH 8H", None).unwrap()).unwrap();
        let others = vec![parse_cards("KH 3C", None).unwrap(), parse_cards("KH KH 2C", None).unwrap()];
        let f = check_throw(&r, &lead, &others).unwrap_err();
        assert_eq!(crate::cards::format_cards(&f.kept.cards), "8H");
        assert_eq!(f.players(), vec![0, 1]);
        assert_eq!(crate::cards::format_cards(&f.returned), "QH QH AH");
        assert_eq!(f.penalty(ThrowPenalty::PerReturnedCard(10)), 30);
        let safe = vec![parse_cards("7H 3C", None).unwrap()];
        assert!(check_throw(&r, &lead, &safe).is_ok());
        let lead = Lead::parse(&r, &parse_cards("AH QH QH", None).unwrap()).unwrap();
        let only_pair = vec![parse_cards("KH KH", None).unwrap()];
        let f = check_throw(&r, &lead, &only_pair).unwrap_err();
        assert_eq!(f.beaters, vec![Beater { player: 0, unit: 0 }]);
        assert_eq!(f.kept.format.to_string(), "{[2]}");
    }
}
