//! House rules for bidding (`Settings::bidding`): which bid overcalls another,
//! what a no-trump bid with jokers needs, whether a bid may be taken back, who is
//! the first hand's landlord, and how the kitty names trump when nobody bids.
//! The draw (`draw.rs`) asks these questions; every default keeps the classic
//! game: more cards overcall, or as many jokers; a pair or more of one joker
//! bids no-trump; no taking back; the winning bid's seat is the first landlord;
//! with no bid the kitty's first card of the level rank names trump.

use super::Bid;
use crate::cards::{Card, Rank, Suit};
use crate::shengji::trump::Trump;
use serde::{Deserialize, Serialize};

/// Which bid overcalls the top bid (another player's; one's own is reinforced).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Overcall {
    /// More cards, or as many cards of a joker (the big over the small).
    #[default]
    JokerOrMore,
    /// That, or as many cards of a higher suit (♣ < ♦ < ♥ < ♠).
    JokerOrHigherSuit,
    /// Only more cards.
    MoreOnly,
}

impl Overcall {
    pub const ALL: [Overcall; 3] = [Overcall::JokerOrMore, Overcall::JokerOrHigherSuit, Overcall::MoreOnly];

    /// Its name in links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Overcall::JokerOrMore => "joker",
            Overcall::JokerOrHigherSuit => "suit",
            Overcall::MoreOnly => "more",
        }
    }
}

/// What a no-trump bid with jokers needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JokerBids {
    /// No bidding with jokers.
    Off,
    /// A pair or more of one joker.
    #[default]
    PairOrMore,
    /// Every copy of one joker (as many as the decks).
    AllCopies,
    /// Every small joker, or one big joker fewer than the decks (at least one); the
    /// big jokers then count as one card more when bids are compared.
    FewerBig,
}

impl JokerBids {
    pub const ALL: [JokerBids; 4] = [JokerBids::Off, JokerBids::PairOrMore, JokerBids::AllCopies, JokerBids::FewerBig];

    /// Its name in links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            JokerBids::Off => "off",
            JokerBids::PairOrMore => "pair",
            JokerBids::AllCopies => "all",
            JokerBids::FewerBig => "fewer-big",
        }
    }

    /// The fewest copies of `joker` a bid needs at `decks` decks (`None`: no joker bids).
    pub fn needs(self, joker: Card, decks: usize) -> Option<u8> {
        let decks = decks.min(u8::MAX as usize) as u8;
        match self {
            JokerBids::Off => None,
            JokerBids::PairOrMore => Some(2),
            JokerBids::AllCopies => Some(decks),
            JokerBids::FewerBig if joker == Card::BigJoker => Some(decks.saturating_sub(1).max(1)),
            JokerBids::FewerBig => Some(decks),
        }
    }
}

/// Who is landlord in the first hand, when no one is yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstLandlord {
    /// Whoever holds the winning bid.
    #[default]
    WinningBid,
    /// Whoever bid first (and did not take it back); the winning bid still names trump.
    FirstBid,
}

impl FirstLandlord {
    pub const ALL: [FirstLandlord; 2] = [FirstLandlord::WinningBid, FirstLandlord::FirstBid];

    /// Its name in links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            FirstLandlord::WinningBid => "winner",
            FirstLandlord::FirstBid => "first",
        }
    }
}

/// How the kitty, turned over when nobody bid, names trump.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoBidTrump {
    /// Its first card of the level rank; else no-trump if it holds a joker; else the suit
    /// of its highest card.
    #[default]
    LevelOrHighest,
    /// Its first card: that card's suit, or no-trump for a joker.
    FirstCard,
}

impl NoBidTrump {
    pub const ALL: [NoBidTrump; 2] = [NoBidTrump::LevelOrHighest, NoBidTrump::FirstCard];

    /// Its name in links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            NoBidTrump::LevelOrHighest => "level",
            NoBidTrump::FirstCard => "first",
        }
    }
}

/// The house rules for bidding. Every default keeps the classic game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct BidRules {
    pub overcall: Overcall,
    pub joker_bids: JokerBids,
    /// The player holding the top bid may take it back, once a hand, until the draw ends.
    pub take_back: bool,
    pub first_landlord: FirstLandlord,
    pub no_bid: NoBidTrump,
    /// 炒地皮: after each bury the other seats in turn may overcall and take the kitty
    /// (`steal.rs`).
    pub steal: bool,
}

/// Suits from low to high when a higher suit overcalls.
pub const SUIT_ORDER: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

impl BidRules {
    /// How strong a bid is: (cards, kind), compared in that order. Under
    /// [`JokerBids::FewerBig`] big jokers count one card more; the kind is 0 for every
    /// suit (1–4 by [`SUIT_ORDER`] when a higher suit overcalls), 5 for the small joker,
    /// 6 for the big one. Only more cards overcall under [`Overcall::MoreOnly`].
    fn strength(&self, bid: &Bid) -> (u8, u8) {
        let (extra, kind) = match bid.card {
            Card::BigJoker => (u8::from(self.joker_bids == JokerBids::FewerBig), 6),
            Card::SmallJoker => (0, 5),
            card => match (self.overcall, card.suit()) {
                (Overcall::JokerOrHigherSuit, Some(s)) => (0, 1 + SUIT_ORDER.iter().position(|&x| x == s).unwrap_or(0) as u8),
                _ => (0, 0),
            },
        };
        let kind = if self.overcall == Overcall::MoreOnly { 0 } else { kind };
        (bid.count.saturating_add(extra), kind)
    }

    /// Whether `new` (another player's) overcalls `top`.
    pub fn overcalls(&self, new: &Bid, top: &Bid) -> bool {
        self.strength(new) > self.strength(top)
    }

    /// Trump named by the kitty when nobody bid.
    pub fn no_bid_trump(&self, kitty: &[Card], rank: Rank) -> Trump {
        match self.no_bid {
            NoBidTrump::LevelOrHighest => level_or_highest(kitty, rank),
            NoBidTrump::FirstCard => match kitty.first().and_then(|c| c.suit()) {
                Some(suit) => Trump::Standard { rank, suit },
                None => Trump::NoTrump { rank: Some(rank) },
            },
        }
    }

    /// The first hand's landlord among `bids` (in order, the top last).
    pub fn first_landlord(&self, bids: &[Bid]) -> Option<usize> {
        match self.first_landlord {
            FirstLandlord::WinningBid => bids.last(),
            FirstLandlord::FirstBid => bids.first(),
        }
        .map(|b| b.seat)
    }
}

/// The classic way: the kitty's first card of the trump rank names the suit,
/// else the first joker makes it no-trump, else the suit of the highest card
/// (the first one on a tie).
pub fn level_or_highest(kitty: &[Card], rank: Rank) -> Trump {
    if let Some(s) = kitty.iter().find(|c| c.rank() == Some(rank)).and_then(|c| c.suit()) {
        return Trump::Standard { rank, suit: s };
    }
    if kitty.iter().any(|c| c.is_joker()) {
        return Trump::NoTrump { rank: Some(rank) };
    }
    let mut best: Option<Card> = None;
    for &c in kitty {
        if best.is_none_or(|b| c.rank() > b.rank()) {
            best = Some(c);
        }
    }
    match best.and_then(|c| c.suit()) {
        Some(suit) => Trump::Standard { rank, suit },
        None => Trump::NoTrump { rank: Some(rank) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bid(card: Card, count: u8) -> Bid {
        Bid { seat: 0, card, count }
    }

    #[test]
    fn each_overcall_rule_orders_bids_its_way() {
        let (h2, s2) = (Card::new(Rank::Two, Suit::Hearts), Card::new(Rank::Two, Suit::Spades));
        let classic = BidRules::default();
        assert!(classic.overcalls(&bid(Card::SmallJoker, 2), &bid(h2, 2)));
        assert!(!classic.overcalls(&bid(s2, 2), &bid(h2, 2)));
        assert!(classic.overcalls(&bid(s2, 3), &bid(Card::BigJoker, 2)));
        let suit = BidRules { overcall: Overcall::JokerOrHigherSuit, ..classic };
        assert!(suit.overcalls(&bid(s2, 2), &bid(h2, 2)));
        assert!(!suit.overcalls(&bid(h2, 2), &bid(s2, 2)));
        assert!(suit.overcalls(&bid(Card::SmallJoker, 2), &bid(s2, 2)));
        let more = BidRules { overcall: Overcall::MoreOnly, ..classic };
        assert!(!more.overcalls(&bid(Card::BigJoker, 2), &bid(h2, 2)));
        assert!(more.overcalls(&bid(h2, 3), &bid(Card::BigJoker, 2)));
        // One big joker fewer counts as the small jokers' full set, and beats it.
        let fewer = BidRules { joker_bids: JokerBids::FewerBig, ..classic };
        assert!(fewer.overcalls(&bid(Card::BigJoker, 2), &bid(Card::SmallJoker, 3)));
        assert!(!fewer.overcalls(&bid(Card::SmallJoker, 3), &bid(Card::BigJoker, 2)));
    }

    #[test]
    fn joker_bids_need_their_copies() {
        assert_eq!(JokerBids::Off.needs(Card::BigJoker, 2), None);
        assert_eq!(JokerBids::PairOrMore.needs(Card::SmallJoker, 4), Some(2));
        assert_eq!(JokerBids::AllCopies.needs(Card::BigJoker, 3), Some(3));
        assert_eq!(JokerBids::FewerBig.needs(Card::BigJoker, 3), Some(2));
        assert_eq!(JokerBids::FewerBig.needs(Card::SmallJoker, 3), Some(3));
        assert_eq!(JokerBids::FewerBig.needs(Card::BigJoker, 1), Some(1));
    }

    #[test]
    fn the_kitty_names_trump_by_the_rule() {
        let kitty = [Card::new(Rank::King, Suit::Clubs), Card::new(Rank::Two, Suit::Hearts), Card::BigJoker];
        let rank = Rank::Two;
        let classic = BidRules::default();
        assert_eq!(classic.no_bid_trump(&kitty, rank), Trump::Standard { rank, suit: Suit::Hearts });
        let first = BidRules { no_bid: NoBidTrump::FirstCard, ..classic };
        assert_eq!(first.no_bid_trump(&kitty, rank), Trump::Standard { rank, suit: Suit::Clubs });
        assert_eq!(first.no_bid_trump(&kitty[2..], rank), Trump::NoTrump { rank: Some(rank) });
    }
}
