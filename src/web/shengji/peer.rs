//! Shengji at a peer table (`#/friends` hosts one, `#/join/<code>` joins it, on the host's
//! and the guest's pages): its answers to the peer pages' [`PeerTable`] — where its tables
//! are hosted, joined and saved, the bot levels a lobby offers, its settings fields
//! (players, mode, decks) and the same board as the table against bots, fed by the host's
//! views.

use crate::i18n::Text;
use crate::shengji::bot::Difficulty;
use crate::shengji::game::{Mode, Settings};
use crate::web::peer::PeerTable;
use crate::web::shell::{Page, Shell};
use crate::web::shengji::TableBoard;
use crate::web::table::settings_form::{field_id, players_field, setter, SettingsForm};
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
        let adviser = crate::dup::TableSeed::parse("friends").expect("a literal seed");
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

/// Shengji's lobby fields: players, mode and decks.
impl SettingsForm for crate::shengji::game::Game {
    fn settings_fields(s: Settings, change: Callback<Settings>, ids: &'static str, shell: Shell) -> AnyView {
        let players = s.players;
        let decks = s.decks;
        let friends = s.mode == Mode::Friends;
        let with = setter(s, change);
        view! {
            {players_field(shell, ids, players, 4..=8, move |n| with(&|s| { s.players = n; s.decks = None; if n % 2 == 1 { s.mode = Mode::Friends; } }))}
            <label class="field">
                <span>{shell.t(Text::Mode)}</span>
                <select data-testid=field_id(ids, "mode") prop:value=if friends { "friends" } else { "tractor" }
                    on:change=move |ev| {
                        let m = if event_target_value(&ev) == "friends" { Mode::Friends } else { Mode::Tractor };
                        with(&|s| s.mode = m);
                    }>
                    <option value="tractor">{shell.t(Text::ModeTractor)}</option>
                    <option value="friends">{shell.t(Text::ModeFriends)}</option>
                </select>
            </label>
            <label class="field">
                <span>{shell.t(Text::Decks)}</span>
                <select data-testid=field_id(ids, "decks") prop:value=decks.map(|d| d.to_string()).unwrap_or_default()
                    on:change=move |ev| {
                        let d = event_target_value(&ev).parse::<u8>().ok();
                        with(&|s| s.decks = d);
                    }>
                    <option value="">{format!("{} ({})", shell.t(Text::DecksDefault), (players / 2).max(1))}</option>
                    {(1..=players.max(2) / 2 + 1).map(|d| view! { <option value=d.to_string()>{d}</option> }).collect_view()}
                </select>
            </label>
        }
        .into_any()
    }
}
