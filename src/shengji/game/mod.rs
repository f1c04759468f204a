//! The complete Shengji game as a pure state machine: settings, the seeded
//! draw with bidding, the kitty exchange and friends, tricks on top of the
//! rules engine, scoring and levels, per-seat views and replayable records.
//! It reads like a rules book, a phase or an idea per file:
//!
//! | file | rule |
//! |---|---|
//! | `settings.rs` | players, decks, the kitty, the mode, house rules, validation |
//! | `draw.rs` | the deal, drawing, bidding and passing, trump and the landlord |
//! | `bidding.rs` | house rules for bids: overcalls, joker bids, taking back, the first landlord, trump from the kitty |
//! | `exchange.rs` | burying the kitty, teams, the start of play |
//! | `friends.rs` | Finding Friends: the landlord's calls and their reveals |
//! | `play.rs` | tricks, throws and their penalty, take-backs |
//! | `finish.rs` | the end of a hand: its score, levels, the game's end, the next hand |
//! | `scoring.rs` | the ladder, the kitty multiplier |
//! | `levels.rs` | how levels move: house rules, defended ranks, the game's end |
//! | `view.rs` | what one seat may see |
//! | `shown.rs` | house rules for what the table shows, and where each is kept |
//! | `errors.rs` | refusals as data |
//! | `record.rs` | records and replay |
//! | `codec.rs` | share-link settings and compact moves for the record layer |
//! | `table.rs` | the table layer's contract (`crate::table::Game`) |
//! | `sim.rs` | bots play with every invariant checked after every move |
//!
//! This file holds what the phases share: the actions, events and public
//! records, the [`Game`] and its phases, the questions any phase answers, and
//! [`Game::apply`], the one way to change a game: it hands each move to its
//! phase's file and either returns the events it caused or a [`RuleError`]
//! and then leaves the game exactly as it was.
//!
//! The game, the hand and the scoring are described in `docs/game.md`.

pub mod bidding;
mod draw;
mod exchange;
mod finish;
pub(crate) mod friends;
mod play;
pub mod codec;
pub mod errors;
pub mod levels;
pub mod record;
pub mod scoring;
pub mod presets;
pub mod settings;
pub mod shown;
pub mod sim;
mod steal;
mod table;
pub mod view;

use crate::cards::{Card, CardCounts, Rank};
use crate::dup::TableSeed;
use crate::table::Ledger;
use crate::shengji::rules::Rules;
use crate::shengji::trump::Trump;
use crate::shengji::format::Format;
use serde::{Deserialize, Serialize};
use std::fmt;

pub use codec::ShengjiResult;
pub use bidding::{BidRules, FirstLandlord, JokerBids, NoBidTrump, Overcall};
pub use errors::{BidProblem, Done, FriendProblem, Move, RuleError, TakeBackProblem};
pub use record::{replay, GameRecord, ReplayError};
pub use levels::{LevelNote, LevelRules, RankSet};
pub use scoring::{Ladder, LadderResult};
pub use friends::callable as friend_callable;
pub use shown::Shown;
pub use settings::{FriendLimits, KittyMultiplier, Mode, Resolved, Settings, SettingsError, ThrowPenaltySetting};
pub use view::{SeatView, TrickView};
pub(crate) use draw::{BidTerms, DrawPhase};
pub(crate) use exchange::ExchangePhase;
pub(crate) use finish::FinishedPhase;
pub(crate) use play::{PlayPhase, Trick};

/// A seat at the table, 0-based in playing order.
pub type Seat = usize;

/// A friend call: "the `nth` copy of `card` played by someone other than the landlord".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Friend {
    #[serde(rename = "c")]
    pub card: Card,
    #[serde(rename = "n")]
    pub nth: u8,
}

/// Every move a player can make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Draw the next card (the seat whose turn it is).
    #[serde(rename = "d")]
    Draw,
    /// Show `count` copies of a trump-rank card (or a pair or more of one joker) as a bid.
    #[serde(rename = "b")]
    Bid(Card, u8),
    /// After the deck is drawn: no further bid from this seat.
    #[serde(rename = "p")]
    Pass,
    /// The landlord buries as many cards as the kitty holds.
    #[serde(rename = "k")]
    Bury(Vec<Card>),
    /// Finding Friends: the landlord names the friends.
    #[serde(rename = "f")]
    DeclareFriends(Vec<Friend>),
    /// Lead or follow in the current trick.
    #[serde(rename = "c")]
    Play(Vec<Card>),
    /// Take back your last play before the next player acts.
    #[serde(rename = "t")]
    TakeBack,
    /// After a hand: deal the next one.
    #[serde(rename = "n")]
    NextHand,
    /// After a hand: deal the next one from this seed (a `TableSeed` string) instead of the
    /// table's. Peer tables use it so each hand's fairly derived seed is in the record.
    #[serde(rename = "m")]
    NextHandFrom(String),
    /// Lead these cards read as this format: the leader's choice when the
    /// cards read more than one way (with three or more decks). A plain
    /// `Play` takes the chosen parse ([`Lead::parse`](crate::shengji::lead::Lead::parse)).
    #[serde(rename = "a")]
    LeadAs(Vec<Card>, Format),
    /// During the draw: take back your top bid (a table rule, once a hand).
    #[serde(rename = "u")]
    TakeBackBid,
}

/// A bid made during the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bid {
    pub seat: Seat,
    pub card: Card,
    pub count: u8,
}

/// The phase names (for views and errors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseName {
    Draw,
    Exchange,
    Play,
    Finished,
}

impl fmt::Display for PhaseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhaseName::Draw => "the draw",
            PhaseName::Exchange => "the exchange",
            PhaseName::Play => "play",
            PhaseName::Finished => "the end of the hand",
        })
    }
}


/// What a move caused, in order. Events never carry a hidden card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Drew { seat: Seat },
    Bid(Bid),
    /// The top bid was taken back; the one before it (if any) is the top bid again.
    BidTakenBack { seat: Seat },
    Passed { seat: Seat },
    /// The draw is over: trump and landlord are known. `revealed` is the
    /// kitty turned over when nobody bid.
    TrumpDecided { trump: Trump, landlord: Seat, revealed: Option<Vec<Card>> },
    Buried { landlord: Seat },
    /// 炒地皮: `seat` overcalled after the bury, naming `trump` (of the hand's rank), and
    /// took the kitty: it is the landlord now and buries in turn.
    KittyStolen { seat: Seat, trump: Trump },
    FriendsDeclared(Vec<Friend>),
    PlayStarted { leader: Seat },
    Played { seat: Seat, cards: Vec<Card> },
    ThrowFailed { seat: Seat, attempted: Vec<Card>, kept: Vec<Card>, penalty: u32 },
    FriendRevealed { seat: Seat, friend: usize },
    TookBack { seat: Seat },
    TrickWon { winner: Seat, points: u32 },
    HandFinished(Box<HandResult>),
    NextHand { hand: u64 },
    GameWon { seats: Vec<Seat> },
}

/// A finished trick, public to everyone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickRecord {
    pub leader: Seat,
    /// The plays in order, the lead first (after any failed throw shrank it).
    pub plays: Vec<(Seat, Vec<Card>)>,
    pub format: Format,
    pub winner: Seat,
    pub points: u32,
    /// A failed throw: what the leader tried first.
    pub failed_throw: Option<Vec<Card>>,
    /// Who could beat that throw, where the table shows it (`Shown::throw_stopper`).
    /// (Always written: views cross to the bot worker and to guests in postcard, which
    /// cannot skip a field.)
    #[serde(default)]
    pub stopped_by: Vec<Seat>,
}

impl TrickRecord {
    /// The cards the trick's winner played.
    pub fn winning_play(&self) -> Option<&[Card]> {
        self.plays.iter().find(|(s, _)| *s == self.winner).map(|(_, cards)| cards.as_slice())
    }
}

/// The result of a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    pub landlord: Seat,
    pub trump: Trump,
    pub landlord_team: Vec<Seat>,
    /// Points in tricks won by the attackers.
    pub attacker_trick_points: u32,
    pub kitty: Vec<Card>,
    pub kitty_points: u32,
    pub kitty_multiplier: u32,
    /// Kitty points × multiplier, credited to the attackers when they win the last trick.
    pub kitty_bonus: u32,
    pub last_trick_winner: Seat,
    /// Throw penalties: points moved to the attackers (failed landlord-side
    /// throws) and from them (failed attacker throws).
    pub penalty_to_attackers: u32,
    pub penalty_from_attackers: u32,
    /// The score on the ladder.
    pub attacker_points: u32,
    pub ladder: LadderResult,
    /// Levels the landlord's side gained past the ladder's (the short-handed bonus).
    pub bonus_levels: u8,
    /// Where a house rule moved levels other than the ladder alone says.
    pub notes: Vec<LevelNote>,
    /// (seat, old level, new level) for every seat.
    pub levels: Vec<(Seat, Rank, Rank)>,
    pub next_landlord: Seat,
    /// Set when the landlord side held a hand at the final rank (A): the game is over.
    pub game_winners: Option<Vec<Seat>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FriendSlot {
    pub friend: Friend,
    /// Copies played so far by players other than the landlord.
    pub seen: u8,
    pub revealed: Option<Seat>,
}

#[derive(Clone, Debug)]
pub(crate) enum Phase {
    Draw(DrawPhase),
    Exchange(ExchangePhase),
    Play(PlayPhase),
    Finished(FinishedPhase),
}

/// A Shengji table: settings, seed, levels and the current hand's phase.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) settings: Resolved,
    /// The seeds, the hand's number (its index in the seed) and every accepted move.
    pub(crate) ledger: Ledger<Action>,
    pub(crate) levels: Vec<Rank>,
    /// The landlord of the current hand when known before the draw.
    pub(crate) landlord: Option<Seat>,
    pub(crate) games_won: Vec<u32>,
    pub(crate) phase: Phase,
}

/// A hand's cards without the seat that played them.
fn remove_cards(hand: &mut Vec<Card>, cards: &[Card]) -> Result<(), RuleError> {
    let have = CardCounts::from_cards(hand);
    let want = CardCounts::from_cards(cards);
    if let Some((card, wanted)) = want.iter().find(|&(c, n)| have.get(c) < n) {
        return Err(RuleError::NotInHand { card, held: have.get(card), wanted });
    }
    for &c in cards {
        if let Some(i) = hand.iter().position(|&h| h == c) {
            hand.swap_remove(i);
        }
    }
    Ok(())
}

impl Game {
    /// A new table: validates the settings and deals the first hand.
    pub fn new(settings: Settings, seed: TableSeed) -> Result<Game, SettingsError> {
        let settings = settings.validate()?;
        let levels = vec![settings.settings.starting_level; settings.players];
        let players = settings.players;
        let mut g = Game {
            settings,
            ledger: Ledger::new(seed),
            levels,
            landlord: None,
            games_won: vec![0; players],
            phase: Phase::Finished(FinishedPhase::placeholder()),
        };
        g.phase = Phase::Draw(g.deal());
        Ok(g)
    }

    pub fn settings(&self) -> &Resolved {
        &self.settings
    }
    /// The seed the current hand was dealt from (with `hand_number`, its duplicate link).
    pub fn seed(&self) -> &TableSeed {
        self.ledger.seed()
    }
    pub fn players(&self) -> usize {
        self.settings.players
    }
    pub fn hand_number(&self) -> u64 {
        self.ledger.hand()
    }
    pub fn levels(&self) -> &[Rank] {
        &self.levels
    }
    /// Games (runs to A) won per seat at this table.
    pub fn games_won(&self) -> &[u32] {
        &self.games_won
    }
    pub fn phase(&self) -> PhaseName {
        match &self.phase {
            Phase::Draw(_) => PhaseName::Draw,
            Phase::Exchange(_) => PhaseName::Exchange,
            Phase::Play(_) => PhaseName::Play,
            Phase::Finished(_) => PhaseName::Finished,
        }
    }

    /// The trump rank of the current hand: once trump is named, its rank (the hand keeps
    /// the rank it was dealt at, even when the kitty is stolen: `steal.rs`); before, the
    /// landlord's level, or in a game's first hand seat 0's (everyone's is the same then).
    pub fn trump_rank(&self) -> Rank {
        if let Some(rank) = self.rules().and_then(|r| r.trump().rank()) {
            return rank;
        }
        match self.current_landlord() {
            Some(l) => self.levels[l],
            None => self.levels[self.landlord.unwrap_or(0)],
        }
    }

    /// The landlord of this hand, once known.
    pub fn current_landlord(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Draw(_) => self.landlord,
            Phase::Exchange(e) => Some(e.landlord),
            Phase::Play(p) => Some(p.landlord),
            Phase::Finished(f) => Some(f.result.landlord),
        }
    }

    /// The rules context (trump known) after the draw.
    pub fn rules(&self) -> Option<&Rules> {
        match &self.phase {
            Phase::Draw(_) => None,
            Phase::Exchange(e) => Some(&e.rules),
            Phase::Play(p) => Some(&p.rules),
            Phase::Finished(f) => Some(&f.rules),
        }
    }

    pub fn trump(&self) -> Option<Trump> {
        self.rules().map(|r| r.trump())
    }

    /// Seats whose move the game is waiting for, in order. During the draw
    /// any seat may also bid; after a hand any seat may deal the next one.
    pub fn to_act(&self) -> Vec<Seat> {
        let n = self.players();
        match &self.phase {
            Phase::Draw(d) => {
                if d.next < d.deck.len() {
                    vec![d.drawer]
                } else {
                    (0..n).map(|i| (d.first + i) % n).filter(|&s| !d.passed[s]).collect()
                }
            }
            // During a round of steals the seat to speak (a landlord calls its friends once
            // the round is over: a steal would undo the call).
            Phase::Exchange(e) => match e.stealing {
                steal::Stealing::Open { turn, .. } => vec![turn],
                steal::Stealing::Closed => vec![e.landlord],
            },
            Phase::Play(p) => vec![p.next_to_play(n)],
            Phase::Finished(_) => (0..n).collect(),
        }
    }

    /// May `seat` make some move now? (During the draw anyone holding a
    /// valid bid may bid, or take back their own, whoever is to draw.)
    pub fn may_act(&self, seat: Seat) -> bool {
        self.to_act().contains(&seat) || !self.valid_bids(seat).is_empty() || self.check_take_back_bid(seat).is_ok()
    }

    /// A seat's cards right now (sorted for display once trump is known).
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        let mut h = match &self.phase {
            Phase::Draw(d) => d.hands.get(seat).cloned().unwrap_or_default(),
            Phase::Exchange(e) => e.hands.get(seat).cloned().unwrap_or_default(),
            Phase::Play(p) => p.hands.get(seat).cloned().unwrap_or_default(),
            Phase::Finished(_) => Vec::new(),
        };
        let trump = self.trump().unwrap_or(Trump::NoTrump { rank: Some(self.trump_rank()) });
        trump.sort_for_display(&mut h);
        h
    }

    /// The current top bid.
    pub fn top_bid(&self) -> Option<Bid> {
        self.bids().last().copied()
    }

    pub fn bids(&self) -> &[Bid] {
        match &self.phase {
            Phase::Draw(d) => &d.bids,
            Phase::Exchange(e) => &e.bids,
            Phase::Play(p) => &p.bids,
            Phase::Finished(f) => &f.bids,
        }
    }

    /// The finished hand's result.
    pub fn result(&self) -> Option<&HandResult> {
        match &self.phase {
            Phase::Finished(f) => Some(&f.result),
            _ => None,
        }
    }

    /// Applies a move. On error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        if seat >= self.players() {
            return Err(RuleError::NoSuchSeat { seat, players: self.players() });
        }
        crate::table::ledger::apply(self, |g| &mut g.ledger, seat, action, |g| g.apply_inner(seat, action))
    }

    fn apply_inner(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let phase = self.phase();
        let wrong = |action: Move| Err(RuleError::WrongPhase { action, phase });
        match action {
            Action::Draw => match phase {
                PhaseName::Draw => self.draw(seat),
                _ => wrong(Move::Draw),
            },
            Action::Bid(card, count) if phase == PhaseName::Exchange && self.settings.settings.bidding.steal => {
                self.steal(seat, *card, *count)
            }
            Action::Pass if phase == PhaseName::Exchange && self.settings.settings.bidding.steal => self.pass_steal(seat),
            Action::Bid(card, count) => self.bid(seat, *card, *count),
            Action::Pass => self.pass(seat),
            Action::TakeBackBid => self.take_back_bid(seat),
            Action::Bury(cards) => self.bury(seat, cards),
            Action::DeclareFriends(friends) => self.declare_friends(seat, friends),
            Action::Play(cards) => self.play(seat, cards, None),
            Action::LeadAs(cards, format) => self.play(seat, cards, Some(format)),
            Action::TakeBack => self.take_back(seat),
            Action::NextHand => self.next_hand(None),
            Action::NextHandFrom(seed) => {
                let seed = TableSeed::parse(seed).map_err(RuleError::BadSeed)?;
                self.next_hand(Some(seed))
            }
        }
    }

    /// Cards played or buried so far this hand plus every hand, for invariant checks:
    /// the total must always be the full decks.
    pub fn all_cards(&self) -> CardCounts {
        let mut c = CardCounts::new();
        let add = |c: &mut CardCounts, cards: &[Card]| {
            for &x in cards {
                c.add(x, 1);
            }
        };
        match &self.phase {
            Phase::Draw(d) => {
                add(&mut c, &d.deck[d.next..]);
                add(&mut c, &d.kitty);
                d.hands.iter().for_each(|h| add(&mut c, h));
            }
            Phase::Exchange(e) => {
                e.hands.iter().for_each(|h| add(&mut c, h));
                if let Some(b) = &e.buried {
                    add(&mut c, b);
                }
            }
            Phase::Play(p) => {
                p.hands.iter().for_each(|h| add(&mut c, h));
                add(&mut c, &p.buried);
                p.tricks.iter().flat_map(|t| &t.plays).for_each(|(_, x)| add(&mut c, x));
                p.trick.plays.iter().for_each(|(_, x)| add(&mut c, x));
            }
            Phase::Finished(f) => {
                add(&mut c, &f.buried);
                f.tricks.iter().flat_map(|t| &t.plays).for_each(|(_, x)| add(&mut c, x));
            }
        }
        c
    }

    /// Points captured per seat this hand.
    pub fn points(&self) -> Vec<u32> {
        match &self.phase {
            Phase::Play(p) => p.points.clone(),
            Phase::Finished(f) => f.points.clone(),
            _ => vec![0; self.players()],
        }
    }

    /// (tried, failed) throws this hand.
    pub fn throws(&self) -> (u32, u32) {
        match &self.phase {
            Phase::Play(p) => (p.throws, p.failed.iter().sum()),
            Phase::Finished(f) => (f.throws, f.throws_failed),
            _ => (0, 0),
        }
    }

    /// The public trick log of this hand.
    pub fn tricks(&self) -> &[TrickRecord] {
        match &self.phase {
            Phase::Play(p) => &p.tricks,
            Phase::Finished(f) => &f.tricks,
            _ => &[],
        }
    }

    /// The record of this table so far: settings, the first seed and every accepted action
    /// (later hands' seeds are in their `NextHandFrom` actions).
    pub fn record(&self) -> GameRecord {
        GameRecord { settings: self.settings.settings.clone(), seed: self.ledger.first_seed().as_str().to_string(), actions: self.ledger.moves().to_vec() }
    }

    /// Actions accepted so far.
    pub fn actions(&self) -> &[(Seat, Action)] {
        self.ledger.moves()
    }

    /// A short text describing the state (for the CLI and debugging).
    pub fn describe(&self) -> String {
        format!(
            "hand {} · {} · levels {} · landlord {:?} · trump {}",
            self.ledger.hand(),
            self.phase(),
            self.levels.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(" "),
            self.current_landlord(),
            self.trump().map(|t| t.to_string()).unwrap_or_else(|| "?".into()),
        )
    }
}

fn unreachable_phase<T>() -> Result<T, RuleError> {
    Err(RuleError::Internal("phase changed unexpectedly".into()))
}

#[cfg(test)]
mod tests;
