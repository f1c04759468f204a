//! Shengji's settings as fields (`SettingsForm`): players, mode and decks, for the
//! new-game screen and the peer lobby. A new player count resets the decks to the
//! default and makes an odd table Finding Friends (fixed partners need an even one).

use crate::i18n::Text;
use crate::net::shengji::{MAX_PLAYERS, MIN_PLAYERS};
use crate::shengji::game::{Mode, Settings};
use crate::shengji::rules::MAX_DECKS;
use crate::web::shell::Shell;
use crate::web::table::settings_form::{field_id, number_choices, players_field, select_field, setter, SettingsForm};
use leptos::prelude::*;

/// Shengji's settings fields: players, mode and decks.
impl SettingsForm for crate::shengji::game::Game {
    fn settings_fields(s: Settings, change: Callback<Settings>, ids: &'static str, shell: Shell) -> AnyView {
        let players = s.players;
        let decks = s.decks;
        let friends = s.mode == Mode::Friends;
        let with = setter(s, change);
        let default_decks = (String::new(), format!("{} ({})", shell.t(Text::DecksDefault), (players / 2).max(1)));
        let deck_choices = std::iter::once(default_decks).chain(number_choices(1..=(2 * players).min(MAX_DECKS))).collect();
        view! {
            {players_field(shell, ids, players, MIN_PLAYERS as u8..=MAX_PLAYERS as u8, move |n| with(&|s| { s.players = n; s.decks = None; if n % 2 == 1 { s.mode = Mode::Friends; } }))}
            {select_field(field_id(ids, "mode"), shell.t(Text::Mode), if friends { "friends" } else { "tractor" }.to_string(),
                vec![("tractor".into(), shell.t(Text::ModeTractor).into()), ("friends".into(), shell.t(Text::ModeFriends).into())],
                move |v| {
                    let m = if v == "friends" { Mode::Friends } else { Mode::Tractor };
                    with(&|s| s.mode = m);
                })}
            {select_field(field_id(ids, "decks"), shell.t(Text::Decks), decks.map(|d| d.to_string()).unwrap_or_default(), deck_choices,
                move |v| {
                    let d = v.parse::<u8>().ok();
                    with(&|s| s.decks = d);
                })}
        }
        .into_any()
    }
}
