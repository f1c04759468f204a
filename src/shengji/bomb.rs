//! Bombs (炸弹), a house rule: four or more cards of one rank — any suits, or
//! jokers all of one kind — played as a whole trick's worth of cards beat every
//! play that is not a bomb, whatever the suits. Between bombs the higher rank
//! wins (the level rank above the ace, the jokers above both, the big above the
//! small); of two bombs of one rank, one all of trumps beats one that is not;
//! otherwise the earlier play wins, as ever.
//!
//! Where a bomb may be played is the rule's one choice ([`Bombs`]):
//!
//! * **any suit**: a follower may bomb instead of following suit, even holding
//!   the led suit, and the format the lead forces does not bind a bomb;
//! * **follow suit**: bombing never excuses following suit. A bomb all of the
//!   led suit may stand in for the forced format; a player short in the led
//!   suit may bomb only as the follow rules allow anyway (all its cards of the
//!   led suit go in).
//!
//! A bomb is only ever as many cards as the lead, so only leads of four or
//! more cards can be bombed. A led bomb is one unit, never a throw that could
//! fail. Nothing here costs a table that plays without bombs anything but one
//! comparison: every entry point returns at once when the rule is off.

use super::lead::Lead;
use super::rules::Rules;
use super::trump::Trump;
use crate::cards::{Card, CardCounts, Rank};
use serde::{Deserialize, Serialize};

/// The fewest cards a bomb holds.
pub const MIN_BOMB: usize = 4;

/// Whether bombs are played, and whether they must follow suit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bombs {
    /// No bombs (the classic game).
    #[default]
    Off,
    /// A bomb may be played whatever the lead, even by a player holding the led suit.
    AnySuit,
    /// A bomb follows suit like any other play.
    FollowSuit,
}

impl Bombs {
    pub const ALL: [Bombs; 3] = [Bombs::Off, Bombs::AnySuit, Bombs::FollowSuit];

    pub fn name(self) -> &'static str {
        match self {
            Bombs::Off => "off",
            Bombs::AnySuit => "any-suit",
            Bombs::FollowSuit => "follow-suit",
        }
    }

    pub fn on(self) -> bool {
        self != Bombs::Off
    }
}

/// How strong a bomb is: higher beats lower (see the module header).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct BombStrength(u8);

/// The rank's place among bombs: two lowest, ace, then the level rank, then the jokers.
fn rank_order(trump: Trump, card: Card) -> u8 {
    match card {
        Card::SmallJoker => 14,
        Card::BigJoker => 15,
        Card::Suited { rank, .. } if Some(rank) == trump.rank() => 13,
        Card::Suited { rank, .. } => rank.index() as u8,
    }
}

fn same_kind(a: Card, b: Card) -> bool {
    match (a, b) {
        (Card::Suited { rank: x, .. }, Card::Suited { rank: y, .. }) => x == y,
        _ => a == b,
    }
}

/// The bomb's strength if `cards` are a bomb: at least [`MIN_BOMB`] cards, all of
/// one rank (or all one joker).
pub fn strength(trump: Trump, cards: &[Card]) -> Option<BombStrength> {
    let (&first, rest) = cards.split_first()?;
    if cards.len() < MIN_BOMB || !rest.iter().all(|&c| same_kind(first, c)) {
        return None;
    }
    let all_trump = cards.iter().all(|&c| trump.is_trump(c));
    Some(BombStrength(rank_order(trump, first) * 2 + all_trump as u8))
}

/// Which play of a trick wins by bombs: `None` when the rule is off or nobody
/// bombed (the usual comparison decides); else the highest bomb, the earlier of
/// equals (0 = the lead, 1.. the followers).
pub fn winner(rules: &Rules, lead: &Lead, follows: &[Vec<Card>]) -> Option<usize> {
    best(rules, lead, follows.iter().map(Vec::as_slice)).map(|(i, _)| i)
}

/// The highest bomb of a trick so far (its play's index, 0 the lead, and strength), as
/// [`winner`] finds it; `None` where bombs are off or the lead is too short for one.
pub(crate) fn best<'p>(rules: &Rules, lead: &Lead, follows: impl Iterator<Item = &'p [Card]>) -> Option<(usize, BombStrength)> {
    if !rules.bombs().on() || lead.len() < MIN_BOMB {
        return None;
    }
    let trump = rules.trump();
    let mut best: Option<(usize, BombStrength)> = None;
    let lead_strength = strength(trump, &lead.cards);
    for (i, s) in std::iter::once(lead_strength).chain(follows.map(|play| strength(trump, play))).enumerate() {
        if let Some(s) = s {
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((i, s));
            }
        }
    }
    best
}

/// Whether a lead is a bomb that no throw check applies to.
pub fn is_bomb_lead(rules: &Rules, cards: &[Card]) -> bool {
    rules.bombs().on() && strength(rules.trump(), cards).is_some()
}

/// A follow that is legal because it is a bomb, whatever the format the lead
/// forces (the caller has checked the count and that the cards are in hand).
pub(crate) fn excuses(rules: &Rules, lead: &Lead, play: &[Card]) -> bool {
    match rules.bombs() {
        Bombs::Off => false,
        Bombs::AnySuit => strength(rules.trump(), play).is_some(),
        Bombs::FollowSuit => {
            strength(rules.trump(), play).is_some()
                && play.iter().all(|&c| rules.layout().effective_suit(c) == lead.suit)
        }
    }
}

/// Every bomb `hand` may legally play to `lead`, one per rank, lowest first; each
/// spends cards off the trump suit first (they are worth less kept). Empty when
/// the rule is off or the lead is under four cards.
pub fn plays(rules: &Rules, lead: &Lead, hand: &[Card]) -> Vec<Vec<Card>> {
    let n = lead.len();
    if !rules.bombs().on() || n < MIN_BOMB || hand.len() < n {
        return Vec::new();
    }
    let trump = rules.trump();
    let layout = rules.layout();
    let counts = CardCounts::from_cards(hand);
    let led: Vec<Card> = hand.iter().copied().filter(|&c| layout.effective_suit(c) == lead.suit).collect();
    let kinds = Rank::ALL.iter().map(|&r| Kind::Rank(r)).chain([Kind::Joker(Card::SmallJoker), Kind::Joker(Card::BigJoker)]);
    let mut out: Vec<(BombStrength, Vec<Card>)> = Vec::new();
    for kind in kinds {
        let mut cards: Vec<Card> = Vec::new();
        for c in kind.cards() {
            cards.extend(std::iter::repeat_n(c, counts.get(c)));
        }
        if rules.bombs() == Bombs::FollowSuit && led.len() >= n {
            cards.retain(|&c| layout.effective_suit(c) == lead.suit);
        }
        if cards.len() < n {
            continue;
        }
        if rules.bombs() == Bombs::FollowSuit && led.len() < n {
            // Short in the led suit: every led card must go in, so they must all be of this kind.
            if !led.iter().all(|&c| kind.holds(c)) {
                continue;
            }
            // The led cards first, then the cheapest others.
            crate::small_sort::sort_by_key(&mut cards, |&c| (layout.effective_suit(c) != lead.suit, trump.is_trump(c), c));
        } else {
            crate::small_sort::sort_by_key(&mut cards, |&c| (trump.is_trump(c), c));
        }
        cards.truncate(n);
        if let Some(s) = strength(trump, &cards) {
            out.push((s, cards));
        }
    }
    crate::small_sort::sort_by_key(&mut out, |(s, _)| *s);
    out.into_iter().map(|(_, c)| c).collect()
}

/// A rank, or one joker: what a bomb is made of.
#[derive(Clone, Copy)]
enum Kind {
    Rank(Rank),
    Joker(Card),
}

impl Kind {
    fn cards(self) -> Vec<Card> {
        match self {
            Kind::Rank(r) => crate::cards::Suit::ALL.iter().map(|&s| Card::new(r, s)).collect(),
            Kind::Joker(j) => vec![j],
        }
    }

    fn holds(self, c: Card) -> bool {
        match self {
            Kind::Rank(r) => c.rank() == Some(r),
            Kind::Joker(j) => c == j,
        }
    }
}

#[cfg(test)]
mod tests;
