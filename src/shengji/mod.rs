//! The Shengji (升级 / 拖拉机) rules engine: trump and card order, trick
//! formats and their decomposition, the lazy matcher, legal plays, throws and
//! trick winners. Pure Rust, no browser dependencies.
//!
//! # Public API in one page (what the game state machine builds on)
//!
//! * [`Trump`] (`Standard { rank, suit }` / `NoTrump { rank: Option<Rank> }`,
//!   notation `4S`, `NT4`, `NT` via `FromStr`/`Display`/serde) with
//!   [`Trump::effective_suit`], [`Trump::level`] (strength inside a suit;
//!   off-suit trump-rank cards share a level), [`Trump::compare_strength`],
//!   [`Trump::successors`] (tractor adjacency) and [`Trump::sort_for_display`]
//!   (grouped by effective suit ♠ ♥ ♣ ♦, trump last, weakest first, stable).
//! * [`Rules`]: trump + decks (1..=16) + [`TractorRules`] (default 2, 2) +
//!   [`DrawPolicy`] (`none`, `longer-tuples`, `tractors-only`, `both`,
//!   `suit-only`) + [`ThrowEvaluation`] (`every-unit`, `highest-card`,
//!   `unit-length`). Serialises as [`RulesConfig`].
//! * [`Format`]: canonical multiset of groups, `Display` like `{[2, 2], [1]}`,
//!   serde as `[[2,2],[1]]`, [`Format::describe`] in plain English.
//!   [`decomposition`]`(n, tractor_rules)` is the cached strongest-first
//!   ordering for n cards (lazy per partition block).
//! * [`Lead`]: [`Lead::parse`] picks the strongest parse in the decomposition
//!   ordering; [`Lead::parses`] lists all (chosen first); [`Lead::with_format`]
//!   accepts the leader's choice. `units` are the concrete cards per group.
//! * [`check_play`]`(rules, lead, hand, play) -> Result<(), IllegalPlay>`; the
//!   error's `Display` is a sentence for the player. [`Hints::new`] gives the
//!   lead's formats strongest first, a lazily computed first match for each,
//!   and [`Hints::forced`] / [`Hints::forced_play`] (always a legal play).
//! * [`check_throw`]`(rules, lead, other_hands) -> Result<(), Box<ThrowFailure>>`
//!   (shrinks to the smallest beaten unit; [`ThrowFailure::penalty`] is the
//!   hook) and [`trick_winner`]`(rules, lead, follows) -> TrickOutcome`.
//! * [`Matcher`]: the lazy iterator of matches of a format on one suit's counts
//!   (`any`, `first`, `iter`), for callers that need it directly.
//!
//! Every function takes card lists in any order; results never depend on it.

pub mod arena;
pub mod bomb;
pub mod bot;
pub mod expert;
mod first_match;
mod forced;
pub mod format;
pub mod game;
pub mod lead;
pub mod legal;
pub mod matcher;
pub mod positions;
pub mod rules;
pub mod think;
pub mod trick;
pub mod trump;

pub use bomb::Bombs;
pub use format::{decomposition, Decomposition, Format, FormatError, TractorRules};
pub use lead::{Lead, LeadError};
pub use legal::{check_play, forced_plays, is_legal, short_suit_play, Follower, Hints, IllegalPlay, Skipped};
pub use matcher::{Match, MatchedGroup, Matcher};
pub use rules::{DrawPolicy, Rules, RulesConfig, RulesError, ThrowEvaluation};
pub use trick::{check_throw, trick_winner, Beater, ThrowFailure, ThrowPenalty, TrickError, TrickOutcome};
pub use trump::{EffectiveSuit, Trump, TrumpParseError};
