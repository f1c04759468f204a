//! Rummy's settings as fields (`SettingsForm`): how many play, and points or pool rummy.
//! The new-table screen against bots and the peer lobby show the same fields.

use crate::rummy::game::{Game, Settings, Variant};
use crate::ui_model::rummy::words::{label, variant_name, Label};
use crate::web::shell::Shell;
use crate::web::table::settings_form::{field_id, players_field, select_field, setter, SettingsForm};
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
            {select_field(field_id(ids, "variant"), label(Label::Variant, lang), variant.name().to_string(),
                Variant::ALL.into_iter().map(|v| (v.name().to_string(), variant_name(v, lang).to_string())).collect(),
                move |want| {
                    if let Some(v) = Variant::ALL.into_iter().find(|v| v.name() == want) {
                        with(&|s| { s.variant = v; s.deals = None; s.first_drop = None; s.middle_drop = None; });
                    }
                })}
        }
        .into_any()
    }

    /// A table of four: rummy's usual.
    fn new_table_settings() -> Settings {
        Settings { players: 4, ..Settings::default() }
    }
}
