//! What a link's parameters may hold, and why one is refused: [`LinkError`], which every
//! game's settings reader ([`super::Codec::settings_from_pairs`]) returns and the link
//! parser (`record::link`) adds to, and the small readers the games share.

use crate::dup::DERIVATION_VERSION;
use std::fmt;

/// Why a link was refused. Every variant names the parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    MissingSeed,
    Unknown { param: String },
    Repeated { param: String },
    /// A value that is not one of the allowed ones.
    Invalid { param: &'static str, value: String, allowed: String },
    /// The link was made with another seed derivation: it would deal other cards.
    Version { found: String },
    /// The values parse but do not make a playable table: the game's validator says why.
    Settings { param: &'static str, reason: String },
}

impl LinkError {
    /// The parameter the error is about.
    pub fn param(&self) -> &str {
        match self {
            LinkError::MissingSeed => "seed",
            LinkError::Unknown { param } | LinkError::Repeated { param } => param,
            LinkError::Invalid { param, .. } | LinkError::Settings { param, .. } => param,
            LinkError::Version { .. } => "v",
        }
    }
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::MissingSeed => write!(f, "the link has no seed: it needs seed= followed by 1 to 64 letters or digits"),
            LinkError::Unknown { param } => write!(f, "the link has an unknown parameter '{}'", shorten(param)),
            LinkError::Repeated { param } => write!(f, "the link gives the parameter '{param}' more than once"),
            LinkError::Invalid { param, value, allowed } => {
                write!(f, "the link's parameter '{param}' is '{}': {allowed}", shorten(value))
            }
            LinkError::Version { found } => write!(
                f,
                "the link's parameter 'v' is '{}': it was made by another version of the app that deals \
                 cards differently (this version deals with derivation {DERIVATION_VERSION})",
                shorten(found)
            ),
            LinkError::Settings { param, reason } => write!(f, "the link's parameter '{param}' does not work: {reason}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// Keeps hostile values from flooding an error message.
fn shorten(s: &str) -> String {
    if s.chars().count() <= 24 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(24).collect::<String>())
    }
}

/// A value that is not one of the allowed ones (for the games' settings readers).
pub fn invalid(param: &'static str, value: &str, allowed: &str) -> LinkError {
    LinkError::Invalid { param, value: value.to_string(), allowed: allowed.to_string() }
}

/// A plain decimal number (no sign, no leading zero, no spaces) of at most `digits` digits.
pub fn decimal(v: &str, digits: usize, param: &'static str, allowed: &str) -> Result<u32, LinkError> {
    let ok = !v.is_empty() && v.len() <= digits.min(9) && v.bytes().all(|b| b.is_ascii_digit()) && !(v.len() > 1 && v.starts_with('0'));
    v.parse::<u32>().ok().filter(|_| ok).ok_or_else(|| invalid(param, v, allowed))
}

/// A plain decimal number (no sign, no leading zero, no spaces) from 0 to 255.
pub fn number(v: &str, param: &'static str, allowed: &str) -> Result<u8, LinkError> {
    decimal(v, 3, param, allowed).and_then(|n| u8::try_from(n).map_err(|_| invalid(param, v, allowed)))
}

/// `1` (on) or `0` (off), or `default` when absent.
pub fn flag(v: Option<&str>, param: &'static str, default: bool) -> Result<bool, LinkError> {
    match v {
        None => Ok(default),
        Some("1") => Ok(true),
        Some("0") => Ok(false),
        Some(v) => Err(invalid(param, v, "use 1 (on) or 0 (off)")),
    }
}
