//! The Shengji (升级 / 拖拉机) rules engine: trump and card order, trick
//! formats and their decomposition, the lazy matcher, legal plays, throws and
//! trick winners. Pure Rust, no browser dependencies.

pub mod format;
pub mod lead;
pub mod legal;
pub mod matcher;
pub mod positions;
pub mod rules;
pub mod trick;
pub mod trump;

pub use format::{decomposition, Decomposition, Format, FormatError, TractorRules};
pub use trump::{EffectiveSuit, Trump, TrumpParseError};
pub use lead::{Lead, LeadError};
pub use legal::{check_play, is_legal, Hints, IllegalPlay};
pub use matcher::{Match, MatchedGroup, Matcher};
pub use rules::{DrawPolicy, Rules, RulesConfig, RulesError, ThrowEvaluation};
pub use trick::{check_throw, trick_winner, Beater, ThrowFailure, ThrowPenalty, TrickError, TrickOutcome};
