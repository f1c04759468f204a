//! A new rummy table: how many play (you and bots), points or pool rummy, the
//! bots' pace and the seed. Start goes to the table's link (`#/play/rummy?seed=…`),
//! which deals from that seed; the settings are checked by the engine's validator.

use super::Pace;
use crate::dup::TableSeed;
use crate::i18n::Text;
use crate::record::link::Link;
use crate::rummy::game::{Game, Settings, Variant};
use crate::ui_model::messages::seed_error;
use crate::ui_model::rummy::words::{label, settings_error, variant_name, Label};
use crate::web::shell::{random_seed, BackHome, PaceSelect, Shell};
use leptos::prelude::*;

#[component]
pub fn RummySetup() -> impl IntoView {
    let shell = expect_context::<Shell>();
    let settings = RwSignal::new(Settings { players: 4, ..Settings::default() });
    let seed = RwSignal::new(random_seed());
    let pace = RwSignal::new(Pace::default());
    // Why these choices cannot start a table (in the player's language), if they cannot.
    let problem = Memo::new(move |_| {
        let lang = shell.lang();
        if let Err(e) = TableSeed::parse(&seed.get()) {
            return Some(seed_error(&e, lang));
        }
        settings.with(|s| s.validate().err().map(|e| settings_error(&e, lang)))
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
        <section class="screen page new-game" data-testid="rummy-setup">
            <h2>{move || label(Label::NewTable, shell.lang())}</h2>
            <label class="field">
                <span>{move || shell.t(Text::Players)}</span>
                <select data-testid="players" prop:value=move || settings.with(|s| s.players.to_string())
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                            settings.update(|s| s.players = n);
                        }
                    }>
                    {(2..=6u8).map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{move || label(Label::Variant, shell.lang())}</span>
                <select data-testid="variant" prop:value=move || settings.with(|s| s.variant.name())
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(variant) = Variant::ALL.into_iter().find(|x| x.name() == v) {
                            settings.update(|s| s.variant = variant);
                        }
                    }>
                    {Variant::ALL.into_iter().map(|v| view! {
                        <option value=v.name()>{move || variant_name(v, shell.lang())}</option>
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
            <a class="button" href=shell.link("#/friends/rummy") data-testid="play-with-friends">{move || shell.t(Text::PlayWithFriends)}</a>
            <a class="button subtle" href=shell.link("#/rules?game=rummy") data-testid="rules-link">{move || label(Label::Rules, shell.lang())}</a>
            <BackHome/>
        </section>
    }
}
