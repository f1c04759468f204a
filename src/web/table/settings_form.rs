//! A game's settings as form fields, written once per game and shown in two places: the
//! new-table screen against bots (`#/play/<game>?new`, [`setup_screen`]) and the peer
//! lobby (`web::peer::host`). The new-table screen adds what every game's has — the bots'
//! pace, the seed, why these choices cannot start a table, Start (the table's link, which
//! deals from that seed), and the ways to friends, the rules and home.

use crate::dup::TableSeed;
use crate::i18n::Text;
use crate::record::link::Link;
use crate::table::Codec;
use crate::ui_model::messages::seed_error;
use crate::ui_model::table::{BotLevels, Pace};
use crate::web::shell::{random_seed, BackHome, PaceSelect, Shell};
use crate::web::table::bot_table::BotTable;
use leptos::prelude::*;

/// A game whose settings a player chooses in a form.
pub trait SettingsForm: Codec<Settings: Default + Clone + Send + Sync + 'static> {
    /// The fields for `settings`; each control calls `change` with the settings it asks for.
    /// `ids` prefixes every field's test id ("" on the new-table screen, "peer-" in a lobby).
    fn settings_fields(settings: Self::Settings, change: Callback<Self::Settings>, ids: &'static str, shell: Shell) -> AnyView;

    /// What the new-table screen starts from.
    fn new_table_settings() -> Self::Settings {
        Self::Settings::default()
    }
}

/// `prefix` + `id`, as a field's test id.
pub fn field_id(prefix: &'static str, id: &'static str) -> String {
    format!("{prefix}{id}")
}

/// A select field: `label`, its `(value, text)` choices showing `value`, and `pick` with
/// the value chosen. Like [`check_field`] its view is not generic, so every form of a page
/// shares one copy of its code (each distinct shape of a typed view costs the page its
/// own), however many fields the forms have.
pub fn select_field(id: String, label: &str, value: String, choices: Vec<(String, String)>, pick: impl Fn(String) + 'static) -> AnyView {
    select(id, label, value, choices, Box::new(pick))
}

// The field itself, one copy for every caller (only the boxing above is made per caller).
#[inline(never)]
fn select(id: String, label: &str, value: String, choices: Vec<(String, String)>, pick: Box<dyn Fn(String)>) -> AnyView {
    view! {
        <label class="field">
            <span>{label.to_string()}</span>
            <select data-testid=id prop:value=value on:change=move |ev| pick(event_target_value(&ev))>
                {choices.into_iter().map(|(value, text)| view! { <option value=value>{text}</option> }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}

/// A checkbox field: `label`, whether it is `checked`, and `pick` with the new state.
pub fn check_field(id: String, label: &str, checked: bool, pick: impl Fn(bool) + 'static) -> AnyView {
    check(id, label, checked, Box::new(pick))
}

#[inline(never)]
fn check(id: String, label: &str, checked: bool, pick: Box<dyn Fn(bool)>) -> AnyView {
    view! {
        <label class="field check">
            <input type="checkbox" data-testid=id prop:checked=checked on:change=move |ev| pick(event_target_checked(&ev))/>
            <span>{label.to_string()}</span>
        </label>
    }
    .into_any()
}

/// `field` with a sentence under it saying what the choice changes.
pub fn noted(note: &str, field: AnyView) -> AnyView {
    view! { <div class="noted">{field}<small class="field-note">{note.to_string()}</small></div> }.into_any()
}

thread_local! {
    /// Whether the player opened the house rules: the form is drawn again on every change,
    /// and the section stays as the player left it.
    static HOUSE_RULES_OPEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The rules a family may play differently, folded under the table's main settings, with
/// a link to where `game`'s rules page tells how each plays.
pub fn house_rules(ids: &'static str, shell: Shell, game: &'static str, fields: AnyView) -> AnyView {
    house_rules_named(ids, shell, game, None, fields)
}

/// [`house_rules`] whose fold names the rule set the table plays (`set`: "Classic", …).
pub fn house_rules_named(ids: &'static str, shell: Shell, game: &'static str, set: Option<String>, fields: AnyView) -> AnyView {
    let open = HOUSE_RULES_OPEN.with(std::cell::Cell::get);
    view! {
        <details class="house-rules" data-testid=field_id(ids, "house-rules") open=open
            on:toggle=move |ev| {
                use wasm_bindgen::JsCast;
                if let Some(d) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                    HOUSE_RULES_OPEN.with(|o| o.set(d.has_attribute("open")));
                }
            }>
            // The new state is kept at the click: `toggle` comes in a later task, and a lobby
            // that draws the form again in between would draw it folded.
            <summary on:click=move |ev| {
                use wasm_bindgen::JsCast;
                let details = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).and_then(|s| s.closest("details").ok().flatten());
                if let Some(d) = details {
                    HOUSE_RULES_OPEN.with(|o| o.set(!d.has_attribute("open")));
                }
            }>{shell.t(Text::HouseRules)}{set.map(|s| view! { <span class="house-rules-set" data-testid=field_id(ids, "house-rules-set")>" · " {s}</span> })}</summary>
            <p class="muted">{shell.t(Text::HouseRulesIntro)} " "
                <a href=shell.link(&crate::ui_model::rules::rules_hash(game, "house-rules")) data-testid=field_id(ids, "house-rules-link")>{shell.t(Text::HowToPlay)}</a></p>
            {fields}
        </details>
    }
    .into_any()
}

/// A select's choices for a number a table may leave to its rule: "Default (`default`)"
/// (the empty value), then `numbers`, each written as itself.
pub fn default_then<N: ToString>(shell: Shell, default: impl std::fmt::Display, numbers: impl IntoIterator<Item = N>) -> Vec<(String, String)> {
    std::iter::once((String::new(), format!("{} ({default})", shell.t(Text::DefaultChoice)))).chain(number_choices(numbers)).collect()
}

/// Whole numbers as a select's choices, each written as itself.
pub fn number_choices<N: ToString>(numbers: impl IntoIterator<Item = N>) -> Vec<(String, String)> {
    numbers.into_iter().map(|n| (n.to_string(), n.to_string())).collect()
}

/// The "Players" field: a select of `counts` showing `players`, calling `pick` with the
/// count chosen (each game says what else a new count resets).
pub fn players_field(shell: Shell, ids: &'static str, players: u8, counts: std::ops::RangeInclusive<u8>, pick: impl Fn(u8) + 'static) -> AnyView {
    select_field(field_id(ids, "players"), shell.t(Text::Players), players.to_string(), number_choices(counts), move |v| {
        if let Ok(n) = v.parse::<u8>() {
            pick(n);
        }
    })
}

/// For a settings form: each control changes some fields (`with(&|s| s.x = …)`) and the
/// whole settings go to `change`.
pub fn setter<S: Clone + Send + Sync + 'static>(settings: S, change: Callback<S>) -> impl Fn(&dyn Fn(&mut S)) + Copy {
    let current = StoredValue::new(settings);
    move |f: &dyn Fn(&mut S)| {
        let mut next = current.get_value();
        f(&mut next);
        change.run(next);
    }
}

/// The new-table screen of a game against bots.
pub fn setup_screen<G: BotTable + SettingsForm>() -> AnyView {
    let shell = expect_context::<Shell>();
    let settings = RwSignal::new(G::new_table_settings());
    let seed = RwSignal::new(random_seed());
    let pace = RwSignal::new(Pace::default());
    let levels = RwSignal::new(BotLevels::<G::Level>::default());
    let players = Signal::derive(move || settings.with(|s| G::seats(s).unwrap_or(0)));
    // Why these choices cannot start a table (in the player's language), if they cannot.
    let problem = Memo::new(move |_| {
        let lang = shell.lang();
        if let Err(e) = TableSeed::parse(&seed.get()) {
            return Some(seed_error(&e, lang));
        }
        settings.with(|s| G::seats(s).err().map(|e| G::settings_error(&e, lang)))
    });
    let start = move |_| {
        let Ok(table_seed) = TableSeed::parse(&seed.get_untracked()) else { return };
        if problem.get_untracked().is_some() {
            return;
        }
        let mut hash = Link::<G>::new(&table_seed, &settings.get_untracked(), 0).to_hash();
        if pace.get_untracked() != Pace::default() {
            hash.push_str(&format!("&pace={}", pace.get_untracked().key()));
        }
        if let Some(key) = levels.get_untracked().key(players.get_untracked(), 0) {
            hash.push_str(&format!("&bots={key}"));
        }
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash(&hash);
        }
    };
    let change = Callback::new(move |s: G::Settings| settings.set(s));
    view! {
        <section class="screen page new-game" data-testid=format!("{}-setup", G::NAME)>
            <h2>{move || G::title(shell.lang())}</h2>
            {move || G::settings_fields(settings.get(), change, "", shell)}
            {crate::web::table::bot_levels::bot_levels_field(
                G::LEVELS,
                Signal::derive(move || (1..players.get()).collect()),
                move |seat| levels.with(|l| l.get(seat)),
                move |seat, level| levels.update(|l| l.set(players.get_untracked(), seat, level)),
            )}
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
            <a class="button" href=shell.link(&format!("#/friends/{}", G::NAME)) data-testid="play-with-friends">{move || shell.t(Text::PlayWithFriends)}</a>
            <a class="button subtle" href=shell.link(&format!("#/rules?game={}", G::NAME)) data-testid="rules-link">{move || shell.t(Text::HowToPlay)}</a>
            <BackHome/>
        </section>
    }
    .into_any()
}
