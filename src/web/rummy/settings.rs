//! Rummy's settings as fields (`SettingsForm`): how many play, and points or pool rummy.
//! The new-table screen against bots and the peer lobby show the same fields.

use crate::rummy::game::{Game, Settings, Variant};
use crate::ui_model::rummy::words::{label, variant_name, Label};
use crate::web::shell::Shell;
use crate::web::table::settings_form::{field_id, players_field, setter, SettingsForm};
use leptos::prelude::*;

impl SettingsForm for Game {
    fn settings_fields(s: Settings, change: Callback<Settings>, ids: &'static str, shell: Shell) -> AnyView {
        let lang = shell.lang();
        let players = s.players;
        let variant = s.variant;
        let with = setter(s, change);
        view! {
            // More players may need more decks: the default fits any table.
            {players_field(shell, ids, players, 2..=6, move |n| with(&|s| { s.players = n; s.decks = None; s.jokers = None; s.deals = None; }))}
            <label class="field">
                <span>{label(Label::Variant, lang)}</span>
                <select data-testid=field_id(ids, "variant") prop:value=variant.name()
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

    /// A table of four: rummy's usual.
    fn new_table_settings() -> Settings {
        Settings { players: 4, ..Settings::default() }
    }
}
