//! Rummy at a peer table (`#/friends/rummy` hosts one, `#/join/rummy/<code>` joins it, both
//! on rummy's page with friends, `friends/rummy/`): its answers to the peer pages' [`PeerTable`] — the lobby's settings
//! (players, points or pool) and the same board as the table against bots, fed by the
//! host's views.

use super::{mount_board, TableState};
use crate::rummy::game::{Action, Game, SeatView};
use crate::web::peer::PeerTable;
use crate::web::shell::Page;
use leptos::prelude::*;

impl PeerTable for Game {
    const HOST_PAGE: Page = Page::RummyFriends;
    const GUEST_PAGE: Page = Page::RummyFriends;
    const HOST_KEY: &'static str = "tuolaji.peer.host.v2.rummy";
    const BOT_LEVELS: &'static [(crate::rummy::bot::Difficulty, crate::i18n::Text)] =
        &[(crate::rummy::bot::Difficulty::Random, crate::i18n::Text::LevelEasy), (crate::rummy::bot::Difficulty::Heuristic, crate::i18n::Text::LevelNormal), (crate::rummy::bot::Difficulty::Expert, crate::i18n::Text::LevelExpert)];

    fn board(
        view: Signal<SeatView>,
        names: Signal<Vec<String>>,
        act: Callback<Action>,
        error: Signal<Option<String>>,
        below: Option<ViewFn>,
        // Rummy's and mahjong's bots answer at once, on the host's page: none is ever seen thinking.
        _bots: Signal<Vec<bool>>,
    ) -> AnyView {
        // The host saves the table; a guest has nothing to save.
        mount_board(TableState::new(view, names, error), act, below)
    }
}
