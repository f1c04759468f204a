//! The table layer's contract: what a game provides so that everything above
//! the rules — the driver that runs bots, bot-only simulations, records and
//! replays, saves, share links, duplicate results, the peer host and the board
//! shell — is written once for every game. Shengji (`shengji::game`), rummy
//! (`rummy::game`) and Sichuan mahjong (`mahjong::game`) implement it;
//! `docs/adding-a-game.md` walks through the seams.
//!
//! A game is a pure state machine: [`Game::apply`] either returns the events a
//! move caused or an error, and then changes nothing; [`Game::view`] is what one
//! seat may see, built as a whitelist; randomness comes only from the table
//! seed, so settings + seed + the accepted actions rebuild the state exactly.

pub mod arena;
pub mod codec;
pub mod driver;
pub mod ledger;
pub mod link_params;
pub mod record;
pub mod sim;
pub mod think;

use crate::dup::TableSeed;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::{Debug, Display};

pub use codec::{Codec, MoveError};
pub use ledger::Ledger;
pub use link_params::LinkError;
pub use driver::{BotRefused, Driver, Moved, Step, Turn};
pub use record::{replay, Record, ReplayError};

/// A seat at a table, 0-based in playing order (people see it counted from 1).
pub type Seat = usize;

/// The bot level of `seat` from levels given for the seats in turn, as the CLI's `--bots`
/// and the arena give them: `levels[seat % len]`, the default level when none is given.
pub fn level_for_seat<L: Copy + Default>(levels: &[L], seat: Seat) -> L {
    levels.get(seat % levels.len().max(1)).copied().unwrap_or_default()
}

/// How a finished hand went for each seat, for the table layer's comparisons
/// (duplicate results, "who won"). The game's own detailed result travels in
/// its events and views.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Per seat, higher is better: what a seat would compare with another table
    /// that played the same deal (Shengji: levels gained by the seat's side).
    pub scores: Vec<i64>,
}

/// A turn-based card or tile game as the table layer sees it.
pub trait Game: Clone + Sized {
    /// Every setting of a table (players, decks, rule variants).
    type Settings: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type SettingsError: Clone + Display + Debug;
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type Event: Clone + Debug + Serialize;
    type View: Clone + Debug + PartialEq + Serialize;
    type Error: Clone + Debug + Display;

    /// The game's name in links (`#/play/<name>`), saves, replay codes and peer messages.
    const NAME: &'static str;

    /// A new table: checks the settings and deals the first hand from `seed`.
    fn new(settings: Self::Settings, seed: TableSeed) -> Result<Self, Self::SettingsError>;
    fn settings(&self) -> &Self::Settings;
    /// The table's seeds, hand number and moves, which its `apply` keeps through
    /// [`ledger::apply`].
    fn ledger(&self) -> &Ledger<Self::Action>;
    /// The seed the table was created with (later hands may be dealt from
    /// seeds carried by actions, see [`Game::next_hand`]).
    fn first_seed(&self) -> &TableSeed {
        self.ledger().first_seed()
    }
    /// The seed the current hand was dealt from: with the hand number, the
    /// duplicate deal that tables playing the same seed compare.
    fn hand_seed(&self) -> &TableSeed {
        self.ledger().seed()
    }
    /// Every accepted action so far, in order: with the settings and the first
    /// seed, the table's whole record.
    fn actions(&self) -> &[(Seat, Self::Action)] {
        self.ledger().moves()
    }

    fn players(&self) -> usize;
    /// Applies a move; on error the state is unchanged.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    /// What `seat` may see: its own cards and public information, nothing else.
    fn view(&self, seat: Seat) -> Self::View;
    /// Seats whose move the game waits for; the first is the one a driver asks first.
    fn to_act(&self) -> Vec<Seat>;
    /// True when every seat of [`Game::to_act`] may act now, in any order
    /// (Shengji's bids once the deck is drawn, mahjong's claims); otherwise
    /// the first seat must act before the others.
    fn simultaneous(&self) -> bool {
        false
    }
    /// Whether the lookup tables the game's bots decide with are built (mahjong's shanten
    /// tables are built on first use, or in slices after a page's first paint): a table
    /// against bots waits with a bot's move until they are, so no move builds them at once.
    fn tables_ready() -> bool {
        true
    }
    /// A move that needs no decision (drawing the next card), which a table
    /// makes for people as well as bots; `None` when `seat` must choose.
    fn auto_action(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }
    /// True just after a moment people need time to read (Shengji: a completed trick,
    /// before the next lead): tables let a bot wait a little longer before it moves.
    fn pause_point(&self) -> bool {
        false
    }
    /// The finished hand's outcome; `None` while the hand is being played.
    fn outcome(&self) -> Option<Outcome>;
    /// Hands dealt at this table before the current one.
    fn hand_number(&self) -> u64 {
        self.ledger().hand()
    }
    /// The move that deals the next hand after a finished one: from the
    /// table's own seed, or from `seed` (peer tables deal each hand from a
    /// seed everyone helped choose, and the record keeps it).
    fn next_hand(seed: Option<&TableSeed>) -> Self::Action;
    /// Would this move be accepted? (The UI uses it to enable buttons; nothing changes.)
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), Self::Error> {
        self.clone().apply(seat, action).map(|_| ())
    }
}

/// Where a bot's random stream stands: the hand it is in and the word of that hand's
/// stream it has reached (`ChaCha20Rng::get_word_pos`). A bot's decisions depend on its
/// views and this alone, so a save that keeps it resumes the bots exactly where an
/// unbroken run's would be; the bot worker sends it back with each decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StreamAt {
    pub hand: u64,
    pub word: u128,
}

/// A move chooser that sees only a seat's view.
pub trait Bot<G: Game> {
    /// Why a bot chose its move, as data the UI phrases in any language.
    type Reason: Clone + Debug;
    /// The chosen move and why.
    fn suggest(&mut self, view: &G::View) -> (G::Action, Self::Reason);
    /// Where its random stream stands (`None`: it draws on none).
    fn stream_at(&self) -> Option<StreamAt> {
        None
    }
    /// Moves its random stream to `at`, as a saved table's bots resume.
    fn resume_stream(&mut self, _at: StreamAt) {}
}

/// A bot's decision as a table gets it: made now, or a job for the bot worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision<A, R> {
    /// The move and why.
    Now(A, R),
    /// The bot thinks in the bot worker ([`think`]): this job's answer goes to
    /// [`BotSeat::answered`].
    Ask(Vec<u8>),
}

/// What a table holds in a bot's seat: a [`Bot`] that decides on the table's own thread,
/// or a [`think::Remote`] whose decisions the bot worker makes (a page then carries only
/// its state, never its thinking). The driver, the table against bots and the peer host
/// ask through this.
pub trait BotSeat<G: Game> {
    type Reason: Clone + Debug;
    fn decide(&mut self, view: &G::View) -> Decision<G::Action, Self::Reason>;
    /// The worker's answer to [`Decision::Ask`], the bot continuing as if it had decided
    /// itself; `None` for a refusal (a worker of another build, a job it could not read).
    fn answered(&mut self, _answer: &[u8]) -> Option<(G::Action, Self::Reason)> {
        None
    }
    /// Where the seat's bot's random stream stands ([`Bot::stream_at`]).
    fn stream_at(&self) -> Option<StreamAt> {
        None
    }
    /// Moves the seat's bot's stream to `at` ([`Bot::resume_stream`]).
    fn resume_stream(&mut self, _at: StreamAt) {}
}

/// A [`Bot`] that decides on the table's own thread is a [`BotSeat`] (rummy's and
/// mahjong's bots, and Shengji's natively; a blanket impl would overlap `think::Remote`).
#[macro_export]
macro_rules! decides_here {
    ($bot:ty, $game:ty) => {
        impl $crate::table::BotSeat<$game> for $bot {
            type Reason = <$bot as $crate::table::Bot<$game>>::Reason;
            fn decide(&mut self, view: &<$game as $crate::table::Game>::View) -> $crate::table::Decision<<$game as $crate::table::Game>::Action, Self::Reason> {
                let (action, why) = $crate::table::Bot::suggest(self, view);
                $crate::table::Decision::Now(action, why)
            }
            fn stream_at(&self) -> Option<$crate::table::StreamAt> {
                $crate::table::Bot::stream_at(self)
            }
            fn resume_stream(&mut self, at: $crate::table::StreamAt) {
                $crate::table::Bot::resume_stream(self, at)
            }
        }
    };
}
