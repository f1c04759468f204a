//! Shengji at a peer table (`#/friends` hosts one, `#/join/<code>` joins it, on the host's
//! and the guest's pages): its answers to the peer pages' [`PeerTable`] — where its tables
//! are hosted, joined and saved, the bot levels a lobby offers (its settings fields are
//! `settings.rs`) and the same board as the table against bots, fed by the host's
//! views.

use crate::i18n::Text;
use crate::shengji::bot::Difficulty;
use crate::web::peer::PeerTable;
use crate::web::shell::Page;
use crate::web::shengji::TableBoard;
use leptos::prelude::*;

impl PeerTable for crate::shengji::game::Game {
    const HOST_PAGE: Page = Page::Host;
    const GUEST_PAGE: Page = Page::Join;
    /// v2: the wire encoding as base64url (`protocol::to_stored_text`); v1 was JSON (ignored,
    /// never written over).
    const HOST_KEY: &'static str = "tuolaji.peer.host.v2";
    const BOT_LEVELS: &'static [(Difficulty, Text)] =
        &[(Difficulty::Random, Text::LevelEasy), (Difficulty::Heuristic, Text::LevelNormal), (Difficulty::Expert, Text::LevelExpert)];

    fn board(
        view: Signal<Self::View>,
        names: Signal<Vec<String>>,
        act: Callback<Self::Action>,
        error: Signal<Option<String>>,
        below: Option<ViewFn>,
        bots: Signal<Vec<bool>>,
    ) -> AnyView {
        // The suggested lead's adviser: any seed will do (it only breaks ties).
        let adviser = crate::dup::TableSeed::named("friends");
        // A bot's move comes from the host's bot worker, a moment later: the board says so
        // at the seat it marks as acting, only after 0.4 s (style/main.css).
        let thinking = Signal::derive(move || {
            let turn = view.with(|v| v.to_act.first().copied());
            turn.filter(|&s| bots.with(|b| b.get(s).copied().unwrap_or(false)))
        });
        match below {
            Some(below) => view! {
                <TableBoard view=view names=names act=act error=error adviser_seed=adviser thinking=thinking>{below.run()}</TableBoard>
            }
            .into_any(),
            None => view! { <TableBoard view=view names=names act=act error=error adviser_seed=adviser thinking=thinking/> }.into_any(),
        }
    }
}
