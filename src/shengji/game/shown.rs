//! What the table shows (`Settings::shown`): house rules that hide what players
//! usually see, or show what they usually do not. Every default keeps the classic
//! table: the landlord's side's points and past tricks on view, the kitty shown to
//! everyone when the hand ends, and a failed throw not saying who stopped it.
//!
//! Where each rule is enforced follows from who could know:
//! - Past tricks and the landlord's side's points were public when they happened
//!   (every seat saw each trick won), so a seat's view keeps them — a player with a
//!   perfect memory knows them, and the bots play as such players. The table hides
//!   them on screen (`web::shengji`), and people play from memory.
//! - The buried kitty is known only to the landlord. When the table does not show
//!   it at the end, the engine keeps it out of the other seats' views and out of
//!   the public result (`HandResult::kitty` is empty; its points still count).
//! - Who stopped a failed throw is known to the engine alone; the trick names them
//!   (`TrickRecord::stopped_by`) only where the table shows it.

use serde::{Deserialize, Serialize};

/// The house rules for what is shown. Every default keeps the classic table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Shown {
    /// The points the landlord's side has taken are on screen during the hand.
    pub landlord_points: bool,
    /// A finished trick's cards stay on screen (off: only the trick just won, and the
    /// hand's review once it ends).
    pub past_tricks: bool,
    /// Everyone sees the buried kitty when the hand ends (off: only the landlord; everyone
    /// sees its points).
    pub kitty_at_end: bool,
    /// A failed throw names the players who could beat it.
    pub throw_stopper: bool,
}

impl Default for Shown {
    fn default() -> Self {
        Shown { landlord_points: true, past_tricks: true, kitty_at_end: true, throw_stopper: false }
    }
}
