//! 13-card Indian rummy: the rules (pack, wild rank, melds, points) and the
//! optimal declaration of a hand by a bitmask DP over subsets.
//!
//! Everything here is a pure function over plain data (serde on the public
//! types), for the command line and for the playable table in the app.

pub mod arena;
pub mod bot;
pub mod card;
pub mod game;
pub mod meld;
pub mod rules;
pub mod solve;

pub use card::{format_rummy_cards, parse_rummy_cards, BadCard, RummyCard};
pub use meld::{classify, display_order, hand_melds, HandMeld, MeldKind};
pub use rules::{Counted, JokerDrawnRule, Rules, RummyError, MAX_SOLVE_CARDS};
pub use solve::{best_discard, discard_options, open_discards, score_groups, solve, Arrangement, Discard, Group, Standing};
