//! Sichuan mahjong's settings as fields (`SettingsForm`): exchange three or not, red
//! dragons as wildcards, the fan cap and the time to answer a claim. The new-table screen
//! against bots and the peer lobby show the same fields.

use crate::mahjong::game::settings::MAX_FAN;
use crate::mahjong::game::{Game, Settings};
use crate::ui_model::mahjong::words::{label, Label};
use crate::web::shell::Shell;
use crate::web::table::settings_form::{field_id, setter, SettingsForm};
use leptos::prelude::*;

/// The claim countdowns offered (0 = no limit).
const CLAIM_CHOICES: [u32; 5] = [0, 5, 10, 20, 30];

impl SettingsForm for Game {
    fn settings_fields(s: Settings, change: Callback<Settings>, ids: &'static str, shell: Shell) -> AnyView {
        let lang = shell.lang();
        let with = setter(s, change);
        view! {
            <label class="field check">
                <input type="checkbox" data-testid=field_id(ids, "exchange") prop:checked=s.exchange
                    on:change=move |ev| { let on = event_target_checked(&ev); with(&|s| s.exchange = on) }/>
                <span>{label(Label::ExchangeSetting, lang)}</span>
            </label>
            <label class="field check">
                <input type="checkbox" data-testid=field_id(ids, "wildcards") prop:checked=s.wildcards
                    on:change=move |ev| { let on = event_target_checked(&ev); with(&|s| s.wildcards = on) }/>
                <span>{label(Label::WildcardsSetting, lang)}</span>
            </label>
            <label class="field">
                <span>{label(Label::FanCap, lang)}</span>
                <select data-testid=field_id(ids, "fan-cap") prop:value=s.max_fan.to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u32>() {
                            with(&|s| s.max_fan = n);
                        }
                    }>
                    {MAX_FAN.map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{label(Label::ClaimSeconds, lang)}</span>
                <select data-testid=field_id(ids, "claim-seconds") prop:value=s.claim_seconds.to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u32>() {
                            with(&|s| s.claim_seconds = n);
                        }
                    }>
                    {CLAIM_CHOICES.map(|n| view! {
                        <option value=n.to_string()>{if n == 0 { label(Label::NoLimit, lang).to_string() } else { format!("{n} s") }}</option>
                    }).collect_view()}
                </select>
            </label>
        }
        .into_any()
    }
}
