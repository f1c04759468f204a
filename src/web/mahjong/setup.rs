//! A new Sichuan table: exchange three or not, the fan cap, the time to answer a
//! claim, the bots' pace and the seed. Start goes to the table's link
//! (`#/play/mahjong?seed=…`), which deals from that seed; the engine's validator
//! judges the settings.

use crate::dup::TableSeed;
use crate::i18n::Text;
use crate::mahjong::game::settings::MAX_FAN;
use crate::mahjong::game::{Game, Settings};
use crate::record::link::Link;
use crate::ui_model::mahjong::words::{label, settings_error, Label};
use crate::ui_model::messages::seed_error;
use crate::ui_model::table::Pace;
use crate::web::shell::{random_seed, BackHome, PaceSelect, Shell};
use leptos::prelude::*;

/// The claim countdowns offered (0 = no limit).
const CLAIM_CHOICES: [u32; 5] = [0, 5, 10, 20, 30];

#[component]
pub fn MahjongSetup() -> impl IntoView {
    let shell = expect_context::<Shell>();
    let lang = move || shell.lang();
    let settings = RwSignal::new(Settings::default());
    let seed = RwSignal::new(random_seed());
    let pace = RwSignal::new(Pace::default());
    let problem = Memo::new(move |_| {
        if let Err(e) = TableSeed::parse(&seed.get()) {
            return Some(seed_error(&e, lang()));
        }
        settings.with(|s| s.validate().err().map(|e| settings_error(&e, lang())))
    });
    let start = move |_| {
        let Ok(table_seed) = TableSeed::parse(&seed.get_untracked()) else { return };
        if problem.get_untracked().is_some() {
            return;
        }
        let mut hash = Link::<Game>::new(&table_seed, &settings.get_untracked(), 0).to_hash();
        if pace.get_untracked() != Pace::default() {
            hash.push_str(&format!("&pace={}", pace.get_untracked().key()));
        }
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash(&hash);
        }
    };
    view! {
        <section class="screen page new-game" data-testid="mahjong-setup">
            <h2>{move || label(Label::Title, lang())}</h2>
            <label class="field check">
                <input type="checkbox" data-testid="exchange-setting" prop:checked=move || settings.with(|s| s.exchange)
                    on:change=move |ev| settings.update(|s| s.exchange = event_target_checked(&ev))/>
                <span>{move || label(Label::ExchangeSetting, lang())}</span>
            </label>
            <label class="field check">
                <input type="checkbox" data-testid="wildcards-setting" prop:checked=move || settings.with(|s| s.wildcards)
                    on:change=move |ev| settings.update(|s| s.wildcards = event_target_checked(&ev))/>
                <span>{move || label(Label::WildcardsSetting, lang())}</span>
            </label>
            <label class="field">
                <span>{move || label(Label::FanCap, lang())}</span>
                <select data-testid="fan-cap" prop:value=move || settings.with(|s| s.max_fan.to_string())
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u32>() {
                            settings.update(|s| s.max_fan = n);
                        }
                    }>
                    {MAX_FAN.map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{move || label(Label::ClaimSeconds, lang())}</span>
                <select data-testid="claim-seconds" prop:value=move || settings.with(|s| s.claim_seconds.to_string())
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u32>() {
                            settings.update(|s| s.claim_seconds = n);
                        }
                    }>
                    {CLAIM_CHOICES.map(|n| view! {
                        <option value=n.to_string()>{move || if n == 0 { label(Label::NoLimit, lang()).to_string() } else { format!("{n} s") }}</option>
                    }).collect_view()}
                </select>
            </label>
            <PaceSelect pace=pace set=Callback::new(move |p| pace.set(p))/>
            <label class="field">
                <span>{move || shell.t(Text::Seed)}</span>
                <span class="seed-row">
                    <input type="text" data-testid="seed-input" autocomplete="off" spellcheck="false"
                        prop:value=move || seed.get() on:input=move |ev| seed.set(event_target_value(&ev))/>
                    <button type="button" class="button subtle" data-testid="new-seed"
                        on:click=move |_| seed.set(random_seed())>{move || shell.t(Text::NewSeed)}</button>
                </span>
                <small>{move || shell.t(Text::SeedHint)}</small>
            </label>
            {move || problem.get().map(|e| view! { <p class="notice" role="alert" data-testid="new-game-error">{e}</p> })}
            <button type="button" class="button primary" data-testid="start"
                disabled=move || problem.with(|e| e.is_some()) on:click=start>{move || shell.t(Text::Start)}</button>
            <a class="button" href=shell.link("#/friends/mahjong") data-testid="play-with-friends">{move || shell.t(Text::PlayWithFriends)}</a>
            <a class="button subtle" href=shell.link("#/rules?game=mahjong") data-testid="rules-link">{move || label(Label::Rules, lang())}</a>
            <BackHome/>
        </section>
    }
}
