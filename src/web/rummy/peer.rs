//! Rummy at a peer table (`#/friends/rummy` hosts one, `#/join/rummy/<code>` joins it, both
//! on rummy's page with friends, `friends/rummy/`): its answers to the peer pages' [`PeerTable`] — the lobby's settings
//! (players, points or pool) and the same board as the table against bots, fed by the
//! host's views.

use super::{mount_board, TableState};
use crate::rummy::game::{Action, Game, SeatView, Settings, Variant};
use crate::ui_model::rummy::words::{label, variant_name, Label};
use crate::web::peer::game::setter;
use crate::web::peer::PeerTable;
use crate::web::shell::{Page, Shell};
use leptos::prelude::*;

impl PeerTable for Game {
    const HOST_PAGE: Page = Page::RummyFriends;
    const GUEST_PAGE: Page = Page::RummyFriends;
    const HOST_KEY: &'static str = "tuolaji.peer.host.v2.rummy";
    const BOT_LEVELS: &'static [(crate::rummy::bot::Difficulty, crate::i18n::Text)] =
        &[(crate::rummy::bot::Difficulty::Random, crate::i18n::Text::LevelEasy), (crate::rummy::bot::Difficulty::Heuristic, crate::i18n::Text::LevelNormal)];

    fn settings_form(s: Settings, change: Callback<Settings>, shell: Shell) -> AnyView {
        let lang = shell.lang();
        let players = s.players;
        let variant = s.variant;
        let with = setter(s, change);
        view! {
            <label class="field">
                <span>{shell.t(crate::i18n::Text::Players)}</span>
                <select data-testid="peer-players" prop:value=players.to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                            // More players may need more decks: the default fits any table.
                            with(&|s| { s.players = n; s.decks = None; s.jokers = None; s.deals = None; });
                        }
                    }>
                    {(2..=6u8).map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{label(Label::Variant, lang)}</span>
                <select data-testid="peer-variant" prop:value=variant.name()
                    on:change=move |ev| {
                        let want = event_target_value(&ev);
                        if let Some(v) = Variant::ALL.into_iter().find(|v| v.name() == want) {
                            with(&|s| { s.variant = v; s.deals = None; s.first_drop = None; s.middle_drop = None; });
                        }
                    }>
                    {Variant::ALL.into_iter().map(|v| view! { <option value=v.name()>{variant_name(v, lang)}</option> }).collect_view()}
                </select>
            </label>
        }
        .into_any()
    }

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
