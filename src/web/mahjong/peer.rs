//! Sichuan mahjong at a peer table (`#/friends/mahjong` hosts one, `#/join/mahjong/<code>`
//! joins it, both on mahjong's page with friends, `friends/mahjong/`): its answers to the peer pages' [`PeerTable`] — the
//! lobby's settings (exchange three, the fan cap) and the same board as the table against
//! bots, fed by the host's views. Claim windows need nothing more: each seat answers its
//! own, and the host resolves the window when the last has answered.

use super::board::{Board, BoardState};
use crate::mahjong::game::{Action, Game, SeatView};
use crate::web::peer::PeerTable;
use crate::web::shell::Page;
use leptos::prelude::*;

impl PeerTable for Game {
    const HOST_PAGE: Page = Page::MahjongFriends;
    const GUEST_PAGE: Page = Page::MahjongFriends;
    const HOST_KEY: &'static str = "tuolaji.peer.host.v2.mahjong";
    /// The shanten-only bot is a yardstick for measuring, not a level to offer.
    const BOT_LEVELS: &'static [(crate::mahjong::game::bot::Difficulty, crate::i18n::Text)] = &[
        (crate::mahjong::game::bot::Difficulty::Random, crate::i18n::Text::LevelEasy),
        (crate::mahjong::game::bot::Difficulty::Advice, crate::i18n::Text::LevelNormal),
        (crate::mahjong::game::bot::Difficulty::Expert, crate::i18n::Text::LevelExpert),
    ];

    fn board(
        view: Signal<SeatView>,
        names: Signal<Vec<String>>,
        act: Callback<Action>,
        error: Signal<Option<String>>,
        below: Option<ViewFn>,
        // Rummy's and mahjong's bots answer at once, on the host's page: none is ever seen thinking.
        _bots: Signal<Vec<bool>>,
    ) -> AnyView {
        // The host saves the table; a guest has nothing to save; peer hands have no share link.
        let state = BoardState {
            view,
            names,
            refusal: error,
            save_status: None,
            resumed: RwSignal::new(false),
            deal_hash: StoredValue::new(String::new()),
            friend_waiting: false,
            replay_hash: Memo::new(|_| None),
            read_only: false,
        };
        match below {
            Some(b) => view! { <Board state=state act=act below=b/> }.into_any(),
            None => view! { <Board state=state act=act/> }.into_any(),
        }
    }
}
