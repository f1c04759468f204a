//! The new-game screen (`#/new`): players, decks, mode, your seat, each bot's level,
//! bot pace and the seed (random or pasted). Start validates through the engine and goes to
//! the table link, which holds only the non-default settings.

use crate::dup::TableSeed;
use crate::i18n::{Lang, Text};
use crate::routes::Route;
use crate::shengji::game::{Game, Settings};
use crate::web::table::settings_form::SettingsForm;
use crate::ui_model::messages::seed_error;
use crate::ui_model::peer_messages::settings_error;
use crate::shengji::bot::Difficulty;
use crate::ui_model::table::TableParams;
use crate::web::shell::{random_seed, BackHome, PaceSelect, Shell};
use leptos::prelude::*;

pub fn table_hash(p: &TableParams) -> String {
    Route::Play { game: "shengji".into(), query: p.to_query() }.to_hash()
}

/// Why these choices cannot start a game (the engine's words), if they cannot.
fn problem(p: &TableParams, lang: Lang) -> Option<String> {
    if let Err(e) = TableSeed::parse(&p.seed) {
        return Some(seed_error(&e, lang));
    }
    p.settings.validate().err().map(|e| settings_error(&e, lang))
}

/// The levels offered, each with its name.
const LEVELS: &[(Difficulty, Text)] =
    &[(Difficulty::Random, Text::LevelEasy), (Difficulty::Heuristic, Text::LevelNormal), (Difficulty::Expert, Text::LevelExpert)];

/// One small select per bot's seat: Easy, Normal or Expert (`web::table::bot_levels`).
#[component]
fn BotLevelSelect(params: RwSignal<TableParams>) -> impl IntoView {
    let seats = Signal::derive(move || {
        let (players, me) = params.with(|p| (p.settings.players as usize, p.seat));
        (0..players).filter(|&s| s != me).collect::<Vec<_>>()
    });
    crate::web::table::bot_levels::bot_levels_field(
        LEVELS,
        seats,
        move |seat| params.with(|p| p.bots.get(seat)),
        move |seat, level| params.update(|p| p.bots.set(p.settings.players as usize, seat, level)),
    )
}

#[component]
pub fn NewGame() -> impl IntoView {
    let shell = expect_context::<Shell>();
    let params = RwSignal::new(TableParams::new(&random_seed()));
    let error = Memo::new(move |_| params.with(|p| problem(p, shell.lang())));
    // The game's settings fields (as the peer lobby shows them); a smaller table may
    // leave your seat behind: back to the first.
    let change = Callback::new(move |settings: Settings| {
        params.update(|p| {
            if p.seat >= settings.players as usize {
                p.seat = 0;
            }
            p.settings = settings;
        })
    });
    let start = move |_| {
        let p = params.get_untracked();
        if problem(&p, shell.lang()).is_none() {
            if let Some(w) = web_sys::window() {
                // The table is a page of its own (`shengji/`).
                let _ = w.location().set_href(&shell.link(&table_hash(&p)));
            }
        }
    };
    view! {
        <section class="screen page new-game shengji-new" data-testid="new-game-screen">
            <h2>{move || shell.t(Text::NewGameVsBots)}</h2>
            {move || Game::settings_fields(params.with(|p| p.settings.clone()), change, "", shell)}
            <label class="field">
                <span>{move || shell.t(Text::YourSeat)}</span>
                <select data-testid="seat"
                    prop:value=move || params.with(|p| (p.seat + 1).to_string())
                    on:change=move |ev| {
                        if let Ok(s) = event_target_value(&ev).parse::<usize>() {
                            params.update(|p| p.seat = s.saturating_sub(1));
                        }
                    }>
                    {move || (1..=params.with(|p| p.settings.players) as usize)
                        .map(|s| view! { <option value=s.to_string()>{s}</option> }).collect_view()}
                </select>
            </label>
            <BotLevelSelect params=params/>
            <PaceSelect pace=Signal::derive(move || params.with(|p| p.pace)) set=Callback::new(move |pace| params.update(|p| p.pace = pace))/>
            <label class="field">
                <span>{move || shell.t(Text::Seed)}</span>
                <span class="seed-row">
                    <input type="text" data-testid="seed-input" autocomplete="off" spellcheck="false"
                        prop:value=move || params.with(|p| p.seed.clone())
                        on:input=move |ev| {
                            let v = event_target_value(&ev);
                            params.update(|p| p.seed = v);
                        }/>
                    <button type="button" class="button subtle" data-testid="new-seed"
                        on:click=move |_| params.update(|p| p.seed = random_seed())>
                        {move || shell.t(Text::NewSeed)}
                    </button>
                </span>
                <small>{move || shell.t(Text::SeedHint)}</small>
            </label>
            {move || error.get().map(|e| view! { <p class="notice" role="alert" data-testid="new-game-error">{e}</p> })}
            <button type="button" class="button primary" data-testid="start"
                disabled=move || error.with(|e| e.is_some()) on:click=start>
                {move || shell.t(Text::Start)}
            </button>
            <BackHome/>
        </section>
    }
}
