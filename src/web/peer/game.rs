//! What a game brings to the peer pages ([`PeerTable`]): where its tables are hosted, joined
//! and saved, its settings fields (`SettingsForm`, shared with the new-table screen) and its
//! board. The host's page (`host.rs`), the guest's
//! page (`join.rs`) and the saved table (`host_save.rs`) are written once over it. Each
//! game's answers are in its folder (`web/shengji/peer.rs`, `web/rummy/peer.rs`, …).

use crate::i18n::Text;
use crate::ui_model::peer_messages::PeerWords;
use crate::web::shell::Page;
use crate::web::table::settings_form::SettingsForm;
use leptos::prelude::*;

/// A game the peer pages can host and join.
pub trait PeerTable:
    crate::worker::session::PeerSession
    + PeerWords<
        Settings: Default + Send + Sync,
        SettingsError: Send + Sync,
        View: Send + Sync,
        Action: Send + Sync,
        Event: Send + Sync,
        Error: Send + Sync,
        Piece: Send + Sync,
    > + SettingsForm
    + Send
    + Sync
{
    /// The page whose `#/friends` hosts this game's tables.
    const HOST_PAGE: Page;
    /// The page a guest opens the invite on (`#/join/…`).
    const GUEST_PAGE: Page;
    /// Where the host's table is kept in localStorage.
    const HOST_KEY: &'static str;
    /// The bot levels the lobby offers for a seat, easiest first, with their names.
    const BOT_LEVELS: &'static [(Self::BotLevel, Text)];

    /// The table as one seat sees it; `act` sends that seat's moves, `error` is the host's last
    /// refusal (phrased), `below` goes under the table (the host's list of seats), `bots` says
    /// which seats a bot plays now (empty seats, dropped guests).
    fn board(
        view: Signal<Self::View>,
        names: Signal<Vec<String>>,
        act: Callback<Self::Action>,
        error: Signal<Option<String>>,
        below: Option<ViewFn>,
        bots: Signal<Vec<bool>>,
    ) -> AnyView;
}

/// The name of a seat's bot level, as the lobby lists it.
pub fn level_name<G: PeerTable>(level: G::BotLevel) -> Option<Text> {
    G::BOT_LEVELS.iter().find(|(l, _)| *l == level).map(|&(_, t)| t)
}
