//! Shengji's settings as fields (`SettingsForm`): players, mode and decks, for the
//! new-game screen and the peer lobby. A new player count resets the decks to the
//! default and makes an odd table Finding Friends (fixed partners need an even one).

use crate::i18n::Text;
use crate::net::shengji::{MAX_PLAYERS, MIN_PLAYERS};
use crate::shengji::game::{Mode, Settings};
use crate::shengji::rules::MAX_DECKS;
use crate::web::shell::Shell;
use crate::web::table::settings_form::{field_id, players_field, setter, SettingsForm};
use leptos::prelude::*;

/// Shengji's settings fields: players, mode and decks.
impl SettingsForm for crate::shengji::game::Game {
    fn settings_fields(s: Settings, change: Callback<Settings>, ids: &'static str, shell: Shell) -> AnyView {
        let players = s.players;
        let decks = s.decks;
        let friends = s.mode == Mode::Friends;
        let with = setter(s, change);
        view! {
            {players_field(shell, ids, players, MIN_PLAYERS as u8..=MAX_PLAYERS as u8, move |n| with(&|s| { s.players = n; s.decks = None; if n % 2 == 1 { s.mode = Mode::Friends; } }))}
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
                    {(1..=(2 * players).min(MAX_DECKS)).map(|d| view! { <option value=d.to_string()>{d}</option> }).collect_view()}
                </select>
            </label>
        }
        .into_any()
    }
}
