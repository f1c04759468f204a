//! The Shengji (升级 / 拖拉机) rules engine: trump and card order, trick
//! formats and their decomposition, the lazy matcher, legal plays, throws and
//! trick winners. Pure Rust, no browser dependencies.

pub mod format;
pub mod trump;

pub use format::{decomposition, Decomposition, Format, FormatError, TractorRules};
pub use trump::{EffectiveSuit, Trump, TrumpParseError};
