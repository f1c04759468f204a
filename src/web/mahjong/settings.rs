//! Sichuan mahjong's settings as fields (`SettingsForm`): exchange three or not, red
//! dragons as wildcards, the fan cap and the time to answer a claim; folded under them the
//! house rules of the settlement — 血战到底 or 血流成河, 呼叫转移, 自摸加番 or 加底 (the rules
//! page's `house-rules` section tells how each plays). The new-table screen against bots
//! and the peer lobby show the same fields.

use crate::mahjong::game::settings::MAX_FAN;
use crate::mahjong::game::{Game, HandEnd, SelfDrawnBonus, Settings};
use crate::ui_model::mahjong::words::{hand_end_name, label, self_drawn_name, Label};
use crate::web::shell::Shell;
use crate::web::table::settings_form::{check_field, field_id, house_rules, number_choices, select_field, setter, SettingsForm};
use leptos::prelude::*;

/// The claim countdowns offered (0 = no limit).
const CLAIM_CHOICES: [u32; 5] = [0, 5, 10, 20, 30];

impl SettingsForm for Game {
    fn settings_fields(s: Settings, change: Callback<Settings>, ids: &'static str, shell: Shell) -> AnyView {
        let lang = shell.lang();
        let with = setter(s, change);
        let number = |v: String| v.parse::<u32>().ok();
        let seconds = CLAIM_CHOICES
            .map(|n| (n.to_string(), if n == 0 { label(Label::NoLimit, lang).to_string() } else { format!("{n} s") }))
            .to_vec();
        let house = view! {
            {select_field(field_id(ids, "hand-end"), label(Label::HandEndSetting, lang), s.hand_end.name().to_string(),
                HandEnd::ALL.into_iter().map(|h| (h.name().to_string(), hand_end_name(h, lang).to_string())).collect(),
                move |v| {
                    if let Some(h) = HandEnd::ALL.into_iter().find(|h| h.name() == v) {
                        with(&|s| s.hand_end = h);
                    }
                })}
            {check_field(field_id(ids, "kong-transfer"), label(Label::KongTransferSetting, lang), s.kong_transfer, move |on| with(&|s| s.kong_transfer = on))}
            {select_field(field_id(ids, "self-drawn"), label(Label::SelfDrawnSetting, lang), s.self_drawn.name().to_string(),
                SelfDrawnBonus::ALL.into_iter().map(|b| (b.name().to_string(), self_drawn_name(b, lang).to_string())).collect(),
                move |v| {
                    if let Some(b) = SelfDrawnBonus::ALL.into_iter().find(|b| b.name() == v) {
                        with(&|s| s.self_drawn = b);
                    }
                })}
        }
        .into_any();
        view! {
            {check_field(field_id(ids, "exchange"), label(Label::ExchangeSetting, lang), s.exchange, move |on| with(&|s| s.exchange = on))}
            {check_field(field_id(ids, "wildcards"), label(Label::WildcardsSetting, lang), s.wildcards, move |on| with(&|s| s.wildcards = on))}
            {select_field(field_id(ids, "fan-cap"), label(Label::FanCap, lang), s.max_fan.to_string(), number_choices(MAX_FAN), move |v| {
                if let Some(n) = number(v) {
                    with(&|s| s.max_fan = n);
                }
            })}
            {select_field(field_id(ids, "claim-seconds"), label(Label::ClaimSeconds, lang), s.claim_seconds.to_string(), seconds, move |v| {
                if let Some(n) = number(v) {
                    with(&|s| s.claim_seconds = n);
                }
            })}
            {house_rules(ids, shell, "mahjong", house)}
        }
        .into_any()
    }
}
