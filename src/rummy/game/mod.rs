//! 13-card Indian rummy at the table: a pure state machine that plays whole
//! deals and games (points or pool rummy) on top of the solver, read like a
//! rules book, one idea per file:
//!
//! | file | rule |
//! |---|---|
//! | `settings.rs` | players, points or pool, the pack, costs, counting |
//! | `deal.rs` | shuffling, the wild card, the first discard, rebuilding the stock, the next deal |
//! | `turn.rs` | a turn: draw from the stock or take the top discard, then discard |
//! | `drop.rs` | leaving a deal: the first and the middle drop |
//! | `declare.rs` | declaring (valid or wrong) and the others' show |
//! | `scoring.rs` | what each seat pays, running totals, the end of a game |
//! | `view.rs` | what one seat may see |
//! | `errors.rs` | refusals as data |
//! | `table.rs` | the table layer's contract (`crate::table::Game`) |
//! | `sim.rs` | bots play with every invariant checked after every move |
//!
//! Every move goes through [`Game::apply`], which either returns the events it
//! caused or a [`RuleError`] and then leaves the game exactly as it was.
//! Randomness comes only from the table seed (`dup` streams), so settings, the
//! seed and the accepted actions rebuild a table exactly. The rules and every
//! choice made are in `docs/rummy.md`.

pub mod codec;
mod deal;
mod declare;
mod drop;
pub mod errors;
pub mod scoring;
pub mod settings;
pub mod sim;
mod table;
mod turn;
pub mod view;

use crate::cards::Rank;
use crate::dup::TableSeed;
use crate::table::Ledger;
use crate::rummy::card::RUMMY_KINDS;
use crate::rummy::{Arrangement, RummyCard};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use errors::{Move, RuleError};
pub use scoring::{DealEnd, DealResult};
pub use settings::{Resolved, Settings, SettingsError, Variant};
pub use view::SeatView;

/// A seat at the table, 0-based in playing order.
pub type Seat = usize;

/// Every move a player can make. Short serde names: records and links carry them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Leave the deal at the start of your turn, before drawing (costs the
    /// first drop before your first draw of the deal, the middle drop later).
    #[serde(rename = "x")]
    Drop,
    /// Draw the top card of the stock.
    #[serde(rename = "s")]
    DrawStock,
    /// Take the top card of the discard pile.
    #[serde(rename = "t")]
    TakeDiscard,
    /// End your turn by discarding a card.
    #[serde(rename = "d")]
    Discard(RummyCard),
    /// End the deal: the 13 cards kept, in groups, and the card discarded to
    /// finish. Valid groups win the deal; otherwise it is a wrong declaration.
    #[serde(rename = "w")]
    Declare(Vec<Vec<RummyCard>>, RummyCard),
    /// After a valid declaration: your hand in groups (cards in no group are loose).
    #[serde(rename = "h")]
    Show(Vec<Vec<RummyCard>>),
    /// After a deal: deal the next one (a new game once the game is over).
    #[serde(rename = "n")]
    NextDeal,
    /// After a deal: deal the next one from this seed (a `TableSeed` string),
    /// which then stays the table's seed. Peer tables use it.
    #[serde(rename = "m")]
    NextDealFrom(String),
}

/// Where a seat stands in the current deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatStatus {
    Playing,
    /// Left the deal for `points`.
    Dropped {
        points: u32,
    },
    /// Declared with groups that are not a valid declaration: pays the cap, sits out.
    WrongDeclaration,
    /// Made the valid declaration that ended the deal.
    Declared,
    /// Pool rummy: at or over the pool limit, out of the game.
    Out,
}

impl SeatStatus {
    pub fn is_playing(&self) -> bool {
        matches!(self, SeatStatus::Playing)
    }
}

impl fmt::Display for SeatStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatStatus::Playing => f.write_str("is playing"),
            SeatStatus::Dropped { points } => write!(f, "dropped ({points} points)"),
            SeatStatus::WrongDeclaration => f.write_str("declared wrongly"),
            SeatStatus::Declared => f.write_str("declared"),
            SeatStatus::Out => f.write_str("is out of the pool game"),
        }
    }
}

/// The phases of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseName {
    /// Turns: draw, then discard (or drop, or declare).
    Play,
    /// A valid declaration was made: the others show their hands.
    Show,
    /// The deal is scored; any seat may deal the next one.
    Finished,
}

impl fmt::Display for PhaseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhaseName::Play => "play",
            PhaseName::Show => "the show",
            PhaseName::Finished => "the end of the deal",
        })
    }
}

/// Where the seat to play is in its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// 13 cards: draw (or drop).
    Draw,
    /// 14 cards: discard or declare. `taken` is the card taken from the pile
    /// this turn, which may not be thrown back.
    Discard { taken: Option<RummyCard> },
}

/// A card on the discard pile, and who threw it (`None`: the card turned up
/// to start the pile).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileCard {
    pub card: RummyCard,
    pub by: Option<Seat>,
}

/// What a move caused, in order. Events never carry a card another seat may
/// not see (a card drawn from the stock is not named).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A deal began: who plays first, the wild card turned up, the first discard.
    Dealt {
        deal: u64,
        first: Seat,
        wild_card: RummyCard,
        wild: Option<Rank>,
        top: RummyCard,
    },
    Dropped {
        seat: Seat,
        points: u32,
        middle: bool,
    },
    DrewStock {
        seat: Seat,
    },
    TookDiscard {
        seat: Seat,
        card: RummyCard,
    },
    Discarded {
        seat: Seat,
        card: RummyCard,
    },
    /// The stock ran out and was rebuilt from the discard pile but its top card.
    StockRebuilt {
        cards: usize,
        rebuilds: u32,
    },
    /// Groups that are not a valid declaration; the finishing card went to the pile.
    WrongDeclaration {
        seat: Seat,
        arrangement: Arrangement,
        discard: RummyCard,
        points: u32,
    },
    Declared {
        seat: Seat,
        arrangement: Arrangement,
        finish: RummyCard,
    },
    Showed {
        seat: Seat,
        arrangement: Arrangement,
    },
    DealFinished(Box<DealResult>),
    /// The game is over: the seats that won it.
    GameOver {
        winners: Vec<Seat>,
    },
    NextDeal {
        deal: u64,
        new_game: bool,
    },
}

/// The current deal.
#[derive(Clone, Debug)]
pub(crate) struct Deal {
    pub wild_card: RummyCard,
    pub wild: Option<Rank>,
    pub hands: Vec<Vec<RummyCard>>,
    /// The face-down stock; its top is the last card.
    pub stock: Vec<RummyCard>,
    /// The open discard pile, bottom first.
    pub pile: Vec<PileCard>,
    pub status: Vec<SeatStatus>,
    /// Whether each seat has drawn in this deal (a drop then is a middle drop).
    pub drawn: Vec<bool>,
    pub first: Seat,
    pub turn: Seat,
    pub stage: Stage,
    pub phase: PhaseName,
    /// Turns completed in this deal.
    pub turns: u32,
    /// Times the stock was rebuilt in this deal.
    pub rebuilds: u32,
    /// Cards taken from the discard pile, in order (everyone saw them).
    pub picked: Vec<(Seat, RummyCard)>,
    /// The valid declarer and the card they discarded to finish.
    pub declarer: Option<(Seat, RummyCard)>,
    /// Public arrangements: the declarer's, wrong declarations, shows.
    pub shown: Vec<Option<Arrangement>>,
    pub result: Option<DealResult>,
}

/// A rummy table: settings, seeds, the game's running totals and the current deal.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) settings: Resolved,
    /// The seeds, the deals dealt before the current one (its index in the seed) and
    /// every accepted move.
    pub(crate) ledger: Ledger<Action>,
    /// Games started at this table before the current one.
    pub(crate) game_no: u64,
    /// The current deal's index in its game.
    pub(crate) deal_in_game: u32,
    /// Points each seat has paid in this game (pool rummy: out at the limit).
    pub(crate) totals: Vec<u32>,
    /// Points rummy: what each seat has won (+) or paid (−) in this game.
    pub(crate) net: Vec<i64>,
    pub(crate) games_won: Vec<u32>,
    pub(crate) deal: Deal,
}

impl Game {
    /// A new table: validates the settings and deals the first hand.
    pub fn new(settings: Settings, seed: TableSeed) -> Result<Game, SettingsError> {
        let settings = settings.validate()?;
        let n = settings.players;
        let mut g = Game {
            settings,
            ledger: Ledger::new(seed),
            game_no: 0,
            deal_in_game: 0,
            totals: vec![0; n],
            net: vec![0; n],
            games_won: vec![0; n],
            deal: Deal::placeholder(n),
        };
        g.deal = g.deal_cards();
        Ok(g)
    }

    pub fn settings(&self) -> &Resolved {
        &self.settings
    }
    pub fn players(&self) -> usize {
        self.settings.players
    }
    /// The seed the current deal came from (with the deal number, its duplicate link).
    pub fn seed(&self) -> &TableSeed {
        self.ledger.seed()
    }
    pub fn first_seed(&self) -> &TableSeed {
        self.ledger.first_seed()
    }
    /// Deals dealt at this table before the current one.
    pub fn deal_number(&self) -> u64 {
        self.ledger.hand()
    }
    pub fn game_number(&self) -> u64 {
        self.game_no
    }
    pub fn phase(&self) -> PhaseName {
        self.deal.phase
    }
    pub fn totals(&self) -> &[u32] {
        &self.totals
    }
    pub fn net(&self) -> &[i64] {
        &self.net
    }
    pub fn games_won(&self) -> &[u32] {
        &self.games_won
    }
    pub fn status(&self, seat: Seat) -> Option<&SeatStatus> {
        self.deal.status.get(seat)
    }
    /// A seat's cards, in the order held (drawn cards last).
    pub fn hand(&self, seat: Seat) -> &[RummyCard] {
        self.deal.hands.get(seat).map(Vec::as_slice).unwrap_or(&[])
    }
    pub fn wild(&self) -> Option<Rank> {
        self.deal.wild
    }
    pub fn wild_card(&self) -> RummyCard {
        self.deal.wild_card
    }
    pub fn stock(&self) -> &[RummyCard] {
        &self.deal.stock
    }
    pub fn pile(&self) -> &[PileCard] {
        &self.deal.pile
    }
    pub fn stage(&self) -> Stage {
        self.deal.stage
    }
    /// The finished deal's result.
    pub fn result(&self) -> Option<&DealResult> {
        self.deal.result.as_ref()
    }
    /// Every accepted action so far.
    pub fn actions(&self) -> &[(Seat, Action)] {
        self.ledger.moves()
    }

    /// Is `seat` out of the current pool game?
    pub fn is_out(&self, seat: Seat) -> bool {
        self.settings.pool.is_some_and(|limit| self.totals[seat] >= limit)
    }

    /// Seats whose move the game waits for: the seat to play, the seats still
    /// to show, or (after a deal) everyone, since any seat may deal the next.
    pub fn to_act(&self) -> Vec<Seat> {
        let d = &self.deal;
        match d.phase {
            PhaseName::Play => vec![d.turn],
            PhaseName::Show => self.to_show(),
            PhaseName::Finished => (0..self.players()).collect(),
        }
    }

    /// Seats that still have to show, in turn order from the declarer's left.
    fn to_show(&self) -> Vec<Seat> {
        let n = self.players();
        let from = self.deal.declarer.map_or(0, |(s, _)| s);
        (1..=n)
            .map(|i| (from + i) % n)
            .filter(|&s| self.deal.status[s].is_playing() && self.deal.shown[s].is_none())
            .collect()
    }

    /// Every card of the pack where it lies now: hands (dropped and shown ones
    /// too), the stock, the discard pile, the wild card, a finishing card.
    pub fn all_cards(&self) -> Vec<RummyCard> {
        let d = &self.deal;
        let mut all: Vec<RummyCard> = d.hands.iter().flatten().copied().collect();
        all.extend(&d.stock);
        all.extend(d.pile.iter().map(|p| p.card));
        all.push(d.wild_card);
        all.extend(d.declarer.map(|(_, finish)| finish));
        all
    }

    /// Applies a move. On error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        if seat >= self.players() {
            return Err(RuleError::NoSuchSeat { seat, players: self.players() });
        }
        crate::table::ledger::apply(self, |g| &mut g.ledger, seat, action, |g| g.apply_inner(seat, action))
    }

    fn apply_inner(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        match action {
            Action::Drop => self.drop_out(seat),
            Action::DrawStock => self.draw_stock(seat),
            Action::TakeDiscard => self.take_discard(seat),
            Action::Discard(card) => self.discard(seat, *card),
            Action::Declare(groups, finish) => self.declare(seat, groups, *finish),
            Action::Show(groups) => self.show(seat, groups),
            Action::NextDeal => self.next_deal(None),
            Action::NextDealFrom(text) => {
                let seed = TableSeed::parse(text).map_err(RuleError::BadSeed)?;
                self.next_deal(Some(seed))
            }
        }
    }

    /// Checks that `seat` may make a turn move now: play phase, its turn, in the deal.
    fn check_turn(&self, seat: Seat, action: Move) -> Result<(), RuleError> {
        let d = &self.deal;
        if d.phase != PhaseName::Play {
            return Err(RuleError::WrongPhase { action, phase: d.phase });
        }
        if !d.status[seat].is_playing() {
            return Err(RuleError::SitsOut { seat, status: d.status[seat].clone() });
        }
        if d.turn != seat {
            return Err(RuleError::NotYourTurn { seat, to_act: vec![d.turn] });
        }
        Ok(())
    }

    /// A short text describing the state (for the CLI and debugging).
    pub fn describe(&self) -> String {
        let d = &self.deal;
        format!(
            "deal {} (game {}, deal {} of it) · {} · wild {} · stock {} · pile {} · totals {:?}",
            self.ledger.hand() + 1,
            self.game_no + 1,
            self.deal_in_game + 1,
            d.phase,
            d.wild.map_or("none".to_string(), |r| r.to_string()),
            d.stock.len(),
            d.pile.len(),
            self.totals,
        )
    }
}

/// Removes one copy of `card` from `hand`; false if it is not there.
pub(crate) fn take_card(hand: &mut Vec<RummyCard>, card: RummyCard) -> bool {
    match hand.iter().position(|&c| c == card) {
        Some(i) => {
            hand.remove(i);
            true
        }
        None => false,
    }
}

/// Copies of each card kind, by [`RummyCard::id`].
pub(crate) fn counts(cards: &[RummyCard]) -> [usize; RUMMY_KINDS] {
    let mut c = [0usize; RUMMY_KINDS];
    for card in cards {
        c[card.id()] += 1;
    }
    c
}

/// Checks that `hand` holds every card of `cards` (as many copies as used).
pub(crate) fn check_holds(hand: &[RummyCard], cards: &[RummyCard]) -> Result<(), RuleError> {
    let (have, want) = (counts(hand), counts(cards));
    match (0..RUMMY_KINDS).find(|&k| want[k] > have[k]) {
        Some(k) => Err(RuleError::NotInHand {
            card: RummyCard::from_id(k).unwrap_or(RummyCard::Joker),
            held: have[k],
            wanted: want[k],
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests;
