//! The new-game screen (`#/new`): players, decks, mode, your seat, each bot's level,
//! bot pace and the seed (random or pasted). Start validates through the engine and goes to
//! the table link, which holds only the non-default settings.

use crate::dup::TableSeed;
use crate::i18n::{Lang, Text};
use crate::routes::Route;
use crate::shengji::game::Mode;
use crate::ui_model::messages::seed_error;
use crate::ui_model::peer_messages::settings_error;
use crate::shengji::bot::Difficulty;
use crate::ui_model::table::{BotLevels, TableParams};
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

/// The name of a bot level in a select.
pub fn level_text(d: Difficulty) -> Text {
    match d {
        Difficulty::Random => Text::LevelEasy,
        Difficulty::Heuristic => Text::LevelNormal,
        Difficulty::Expert => Text::LevelExpert,
    }
}

/// One small select per bot's seat: Easy, Normal or Expert.
#[component]
fn BotLevelSelect(params: RwSignal<TableParams>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let seats = move || {
        let (players, me) = params.with(|p| (p.settings.players as usize, p.seat));
        (0..players).filter(|&s| s != me).collect::<Vec<_>>()
    };
    view! {
        <fieldset class="field bot-levels" data-testid="bot-levels">
            <legend>{move || shell.t(Text::BotLevels)}</legend>
            <For each=seats key=|s| *s let(seat)>
                <label class="bot-level">
                    <span>{seat + 1}</span>
                    <select data-testid=format!("bot-level-{}", seat + 1)
                        prop:value=move || params.with(|p| BotLevels::letter(p.bots.get(seat)).to_string())
                        on:change=move |ev| {
                            let letter = event_target_value(&ev).chars().next();
                            if let Some(level) = BotLevels::ALL.into_iter().find(|&d| Some(BotLevels::letter(d)) == letter) {
                                params.update(|p| p.bots.set(p.settings.players as usize, seat, level));
                            }
                        }>
                        {BotLevels::ALL.into_iter().map(|d| view! {
                            <option value=BotLevels::letter(d).to_string()>{move || shell.t(level_text(d))}</option>
                        }).collect_view()}
                    </select>
                </label>
            </For>
        </fieldset>
    }
}

#[component]
pub fn NewGame() -> impl IntoView {
    let shell = expect_context::<Shell>();
    let params = RwSignal::new(TableParams::new(&random_seed()));
    let error = Memo::new(move |_| params.with(|p| problem(p, shell.lang())));
    let max_decks = move || {
        let p = params.with(|p| p.settings.players) as usize;
        (2 * p).min(crate::shengji::rules::MAX_DECKS as usize)
    };
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
        <section class="screen page new-game" data-testid="new-game-screen">
            <h2>{move || shell.t(Text::NewGameVsBots)}</h2>
            <label class="field">
                <span>{move || shell.t(Text::Players)}</span>
                <select data-testid="players"
                    prop:value=move || params.with(|p| p.settings.players.to_string())
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                            params.update(|p| {
                                p.settings.players = n;
                                // Odd tables cannot have fixed partners.
                                if n % 2 == 1 { p.settings.mode = Mode::Friends; }
                                if p.seat >= n as usize { p.seat = 0; }
                                p.settings.decks = None;
                            });
                        }
                    }>
                    {(4..=10u8).map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{move || shell.t(Text::Decks)}</span>
                <select data-testid="decks"
                    prop:value=move || params.with(|p| p.settings.decks.map(|d| d.to_string()).unwrap_or_default())
                    on:change=move |ev| {
                        let d = event_target_value(&ev).parse::<u8>().ok();
                        params.update(|p| p.settings.decks = d);
                    }>
                    <option value="">{move || format!("{} ({})", shell.t(Text::DecksDefault), params.with(|p| (p.settings.players / 2).max(1)))}</option>
                    {move || (1..=max_decks()).map(|d| view! { <option value=d.to_string()>{d}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>{move || shell.t(Text::Mode)}</span>
                <select data-testid="mode"
                    prop:value=move || params.with(|p| if p.settings.mode == Mode::Friends { "friends" } else { "tractor" })
                    on:change=move |ev| {
                        let m = if event_target_value(&ev) == "friends" { Mode::Friends } else { Mode::Tractor };
                        params.update(|p| p.settings.mode = m);
                    }>
                    <option value="tractor">{move || shell.t(Text::ModeTractor)}</option>
                    <option value="friends">{move || shell.t(Text::ModeFriends)}</option>
                </select>
            </label>
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
