//! The end of a hand, drawn: the trick-by-trick review (who led, every play, the
//! winner, the points) shared by every table, and the local table's result card
//! (your score, a share link carrying your result, friends' results side by side,
//! the replay link).

use crate::i18n::{Lang, Text};
use crate::web::app::Shell;
use leptos::prelude::*;

/// "Hand 2" / "第2局": a counted noun in the player's language.
pub fn numbered(shell: Shell, noun: Text, n: impl std::fmt::Display) -> String {
    match shell.prefs.with(|p| p.lang()) {
        Lang::En => format!("{} {n}", shell.t(noun)),
        Lang::Zh => format!("第{n}{}", shell.t(noun)),
    }
}
