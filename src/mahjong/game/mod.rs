//! Sichuan mahjong at the table (血战到底, "fight to the end", or by the table's
//! option 血流成河, "blood flowing into a river"): a pure state machine on top of
//! the engine (win check, fan, shanten), read like a rules book, one idea per file:
//!
//! | file | rule |
//! |---|---|
//! | `settings.rs` | the table's options: exchange three, the fan cap, wildcards, the claim countdown, 血战/血流, 呼叫转移, 自摸加番/加底 |
//! | `deal.rs` | per-seat walls, the deal, 换三张 (exchange three), 定缺 (the void suit), the next hand |
//! | `turn.rs` | a turn: the draw, discarding, self-drawn wins, concealed and added kongs |
//! | `claims.rs` | the window after a discard (or an added kong) where several seats answer at once |
//! | `settle.rs` | payments: wins, kongs, and at exhaustion 查花猪 / 查叫 / 退税; the end of the hand |
//! | `transfer.rs` | 呼叫转移: a kong's money moves to the seat that won on its discard |
//! | `view.rs` | what one seat may see |
//! | `errors.rs` | refusals as data |
//! | `table.rs`, `codec.rs` | the table layer's contract and encodings |
//! | `bot/` | bots: random, shanten-only, the advice bot and the Expert's search (`bot/expert.rs`) |
//! | `arena.rs` | two kinds of bot on duplicate walls, with a paired interval |
//! | `sim.rs` | bots play with tile conservation and every invariant checked |
//!
//! Every move goes through [`Game::apply`], which either returns the events it
//! caused or a [`RuleError`] and then leaves the game exactly as it was.
//! Randomness comes only from the table seed (`dup` streams), so settings, the
//! seed and the accepted actions rebuild a table exactly. The rules and every
//! choice made are in `docs/sichuan.md`.

pub mod arena;
pub mod bot;
mod claims;
pub mod codec;
pub mod deal;
pub mod errors;
pub mod settings;
pub mod settle;
pub mod sim;
mod table;
mod transfer;
mod turn;
pub mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod option_tests;
#[cfg(test)]
mod wild_tests;

use crate::dup::{SeatWalls, TableSeed};
use crate::table::Ledger;
use crate::mahjong::{Hand, Meld, Suit, Tile};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use claims::{ClaimOptions, Window, WindowKind};
pub use deal::Direction;
pub use errors::{Move, RuleError};
pub use settings::{HandEnd, SelfDrawnBonus, Settings, SettingsError, PLAYERS};
pub use settle::{HandResult, Payment, PayReason, WinRecord};
pub use view::SeatView;

/// A seat at the table, 0-based in playing order.
pub type Seat = usize;

/// Every move a player can make. Short serde names: records and links carry them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// 换三张: the three tiles of one suit this seat passes on.
    #[serde(rename = "x")]
    Exchange([Tile; 3]),
    /// 定缺: the suit this seat will play without.
    #[serde(rename = "v")]
    Void(Suit),
    /// End your turn by discarding a tile.
    #[serde(rename = "d")]
    Discard(Tile),
    /// Declare a win: on your turn a self-drawn win (自摸), in a claim window a
    /// win on the tile offered (a discard, or a tile added to a kong).
    #[serde(rename = "h")]
    Win,
    /// On your turn: a concealed kong (four held) or an added kong (the fourth
    /// tile to your pung). In a claim window: an exposed kong of the discard.
    #[serde(rename = "k")]
    Kong(Tile),
    /// In a claim window: take the discard to make a pung (碰).
    #[serde(rename = "p")]
    Pung,
    /// In a claim window: let the tile go.
    #[serde(rename = "o")]
    Pass,
    /// After a hand: deal the next one.
    #[serde(rename = "n")]
    NextHand,
    /// After a hand: deal the next one from this seed (a `TableSeed` string),
    /// which then stays the table's seed. Peer tables use it.
    #[serde(rename = "m")]
    NextHandFrom(String),
}

/// The phases of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseName {
    /// 换三张: every seat chooses three tiles of one suit to pass on.
    Exchange,
    /// 定缺: every seat chooses the suit it will play without.
    Void,
    /// One seat's turn.
    Turn,
    /// A discard (or an added kong) waits for the seats that may claim it.
    Claims,
    /// The hand is scored; any seat may deal the next one.
    Finished,
}

impl fmt::Display for PhaseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhaseName::Exchange => "the exchange of three tiles",
            PhaseName::Void => "choosing the void suit",
            PhaseName::Turn => "a turn",
            PhaseName::Claims => "the claims on a discard",
            PhaseName::Finished => "the end of the hand",
        })
    }
}

/// Where the seat to play is in its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// It drew (or is the dealer at the start): it may win, kong or discard.
    /// `after_kong`: the draw replaced a kong (a win now is 杠上开花).
    Drawn { after_kong: bool },
    /// It took a discard for a pung: it may kong or discard, not win.
    Claimed,
}

/// The hand's phase with its data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Exchange,
    Void,
    Turn { seat: Seat, stage: Stage },
    Claims(Window),
    Finished,
}

impl Phase {
    pub(crate) fn name(&self) -> PhaseName {
        match self {
            Phase::Exchange => PhaseName::Exchange,
            Phase::Void => PhaseName::Void,
            Phase::Turn { .. } => PhaseName::Turn,
            Phase::Claims(_) => PhaseName::Claims,
            Phase::Finished => PhaseName::Finished,
        }
    }
}

/// A declared set and, for a pung or exposed kong, whose discard completed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Set {
    pub meld: Meld,
    pub from: Option<Seat>,
}

/// A tile in a seat's discards; `claimed` once someone took it (pung, kong, win).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiverTile {
    pub tile: Tile,
    pub claimed: bool,
}

/// One seat in the current hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SeatState {
    /// The concealed tiles (the drawn tile included).
    pub hand: Hand,
    pub sets: Vec<Set>,
    pub river: Vec<RiverTile>,
    pub void: Option<Suit>,
    /// The three tiles passed on, and the three received, once the exchange is done.
    pub gave: Option<[Tile; 3]>,
    pub got: Option<[Tile; 3]>,
    /// The tile this seat drew this turn (shown apart from the hand).
    pub drawn: Option<Tile>,
    /// 过水: it let a win on a discard go; it may not win on a discard until it draws.
    pub passed_win: bool,
    /// Its (first) win, as an index into the hand's wins.
    pub won: Option<usize>,
    /// 血流成河: the winning tiles of its self-drawn wins, set aside (out of the hand).
    pub set_aside: Vec<Tile>,
}

impl SeatState {
    /// An empty seat; tiles of `wild` (the table's wildcard kind) count as wildcards.
    fn new(wild: Option<Tile>) -> SeatState {
        SeatState {
            hand: Hand::empty(wild),
            sets: Vec::new(),
            river: Vec::new(),
            void: None,
            gave: None,
            got: None,
            drawn: None,
            passed_win: false,
            won: None,
            set_aside: Vec::new(),
        }
    }

    pub fn melds(&self) -> Vec<Meld> {
        self.sets.iter().map(|s| s.meld).collect()
    }

    /// Tiles held of the suit this seat chose to play without.
    pub fn void_tiles(&self) -> usize {
        self.void.map_or(0, |v| self.hand.kinds().filter(|(t, _)| t.suit() == v).map(|(_, c)| c as usize).sum())
    }
}

/// What a move caused, in order. Events never carry a tile another seat may
/// not see: a drawn tile, the tiles exchanged and a concealed kong's kind are
/// not named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A hand began: its number and its dealer.
    Dealt { hand: u64, dealer: Seat },
    /// This seat chose its three tiles (which stay hidden).
    ChoseExchange { seat: Seat },
    /// Every seat passed its three tiles on.
    Exchanged { direction: Direction },
    /// This seat chose its void suit (revealed with everyone's).
    ChoseVoid { seat: Seat },
    /// Every seat's void suit, in seat order.
    Voids { voids: Vec<Suit> },
    Drew { seat: Seat, after_kong: bool },
    Discarded { seat: Seat, tile: Tile },
    /// A claim window opened on this tile (who may claim stays hidden).
    ClaimsOpen { tile: Tile },
    Punged { seat: Seat, from: Seat, tile: Tile },
    /// A kong: exposed from a discard (`from`), added to a pung, or concealed
    /// (`tile` is `None`: nobody else sees its kind).
    Konged { seat: Seat, tile: Option<Tile>, kind: KongKind, from: Option<Seat> },
    /// An added kong was robbed: the tile went to the winners, the pung stays.
    KongRobbed { seat: Seat, tile: Tile },
    Won(WinRecord),
    Paid(Payment),
    HandFinished(Box<HandResult>),
    NextHand { hand: u64 },
}

/// The three ways to make a kong, which pay differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KongKind {
    /// 直杠 / 明杠: three held and another seat's discard.
    Exposed,
    /// 补杠 / 弯杠: the fourth tile added to one's own pung.
    Added,
    /// 暗杠: four held.
    Concealed,
}

/// The current hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Deal {
    pub walls: SeatWalls<Tile>,
    pub seats: Vec<SeatState>,
    pub phase: Phase,
    pub dealer: Seat,
    pub direction: Option<Direction>,
    /// Every win of the hand, in order.
    pub wins: Vec<WinRecord>,
    /// Every payment of the hand, in order.
    pub payments: Vec<Payment>,
    /// The last discard was made right after the discarder's kong (a win on it is 杠上炮).
    pub discard_after_kong: bool,
    /// The last kong made: its maker and its payments (indices into `payments`), which
    /// 呼叫转移 moves to the seat that wins on the kong's discard.
    pub last_kong: Option<(Seat, Vec<usize>)>,
    /// Kong payments (indices into `payments`) moved on by 呼叫转移: 退税 does not return them.
    pub transferred: Vec<usize>,
    /// Draws made in this hand (the deal's own tiles not counted).
    pub turns: u32,
    pub result: Option<HandResult>,
}

/// A Sichuan table: settings, seeds, running totals and the current hand.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) settings: Settings,
    /// The seeds, the hands dealt before the current one (its index in the seed) and
    /// every accepted move.
    pub(crate) ledger: Ledger<Action>,
    /// Net points per seat over every finished hand.
    pub(crate) totals: Vec<i64>,
    pub(crate) deal: Deal,
}

impl Game {
    /// A new table: validates the settings and deals the first hand (seat 0 deals).
    pub fn new(settings: Settings, seed: TableSeed) -> Result<Game, SettingsError> {
        settings.validate()?;
        let deal = Deal::dealt(&settings, &seed, 0, 0);
        Ok(Game { settings, ledger: Ledger::new(seed), totals: vec![0; PLAYERS], deal })
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }
    pub fn players(&self) -> usize {
        PLAYERS
    }
    pub fn seed(&self) -> &TableSeed {
        self.ledger.seed()
    }
    pub fn hand_number(&self) -> u64 {
        self.ledger.hand()
    }
    pub fn phase(&self) -> PhaseName {
        self.deal.phase.name()
    }
    pub fn dealer(&self) -> Seat {
        self.deal.dealer
    }
    pub fn totals(&self) -> &[i64] {
        &self.totals
    }
    pub fn result(&self) -> Option<&HandResult> {
        self.deal.result.as_ref()
    }
    /// A seat's concealed tiles.
    pub fn hand(&self, seat: Seat) -> Option<&Hand> {
        self.deal.seats.get(seat).map(|s| &s.hand)
    }
    pub fn sets(&self, seat: Seat) -> &[Set] {
        self.deal.seats.get(seat).map_or(&[], |s| &s.sets)
    }
    pub fn wins(&self) -> &[WinRecord] {
        &self.deal.wins
    }
    /// Tiles left in the whole wall.
    pub fn wall_left(&self) -> usize {
        self.deal.walls.total_remaining()
    }

    /// Seats whose move the game waits for.
    pub fn to_act(&self) -> Vec<Seat> {
        let d = &self.deal;
        match &d.phase {
            Phase::Exchange => (0..PLAYERS).filter(|&s| d.seats[s].gave.is_none()).collect(),
            Phase::Void => (0..PLAYERS).filter(|&s| d.seats[s].void.is_none()).collect(),
            Phase::Turn { seat, .. } => vec![*seat],
            Phase::Claims(w) => w.waiting(),
            Phase::Finished => (0..PLAYERS).collect(),
        }
    }

    /// Applies a move; on error the game is unchanged.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        if seat >= PLAYERS {
            return Err(RuleError::NoSuchSeat { seat, players: PLAYERS });
        }
        crate::table::ledger::apply(self, |g| &mut g.ledger, seat, action, |g| g.apply_inner(seat, action))
    }

    fn apply_inner(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        match action {
            Action::NextHand => self.next_hand(seat, None),
            Action::NextHandFrom(text) => {
                let seed = TableSeed::parse(text).map_err(|e| RuleError::BadSeed { reason: e.to_string() })?;
                self.next_hand(seat, Some(seed))
            }
            Action::Exchange(tiles) => self.exchange(seat, *tiles),
            Action::Void(suit) => self.choose_void(seat, *suit),
            Action::Discard(_) | Action::Win | Action::Kong(_) | Action::Pung | Action::Pass => match &self.deal.phase {
                Phase::Claims(_) => self.answer(seat, action),
                Phase::Turn { .. } => self.turn_move(seat, action),
                other => Err(RuleError::WrongPhase { action: Move::of(action), phase: other.name() }),
            },
        }
    }

    /// Whether `seat` is still in the hand: it has not won, or winners play on (血流成河).
    pub(crate) fn in_hand(&self, seat: Seat) -> bool {
        self.settings.winners_play_on() || self.deal.seats[seat].won.is_none()
    }

    /// Whether `seat` has won and plays on with its hand locked (血流成河): it may
    /// only discard the tile it draws or win again, never pung or kong.
    pub(crate) fn locked(&self, seat: Seat) -> bool {
        self.settings.winners_play_on() && self.deal.seats[seat].won.is_some()
    }

    /// The next seat after `from` still in the hand.
    pub(crate) fn next_active(&self, from: Seat) -> Seat {
        (1..=PLAYERS).map(|i| (from + i) % PLAYERS).find(|&s| self.in_hand(s)).unwrap_or(from)
    }

    /// Seats still in the hand.
    pub(crate) fn active(&self) -> Vec<Seat> {
        (0..PLAYERS).filter(|&s| self.in_hand(s)).collect()
    }
}
