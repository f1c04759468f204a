//! The new-table screens' bot levels: one small select per bot's seat, offering the
//! levels a game names (e.g. `BotTable::LEVELS`); the choice goes into the table link as
//! `bots=` (`ui_model::table::BotLevels`), left out when every bot plays at the default
//! level. Shengji's new-game screen and the generic setup screen (rummy, mahjong) share it.

use crate::i18n::Text;
use crate::ui_model::table::Level;
use crate::web::shell::Shell;
use leptos::prelude::*;

/// The levels' fieldset: a select for each of `seats()` (the bots' seats, 0-based),
/// showing `get(seat)` and calling `set(seat, level)` on a change. None when `levels` is
/// empty (the game offers no choice).
pub fn bot_levels_field<L: Level>(
    levels: &'static [(L, Text)],
    seats: Signal<Vec<usize>>,
    get: impl Fn(usize) -> L + Copy + Send + Sync + 'static,
    set: impl Fn(usize, L) + Copy + Send + Sync + 'static,
) -> AnyView {
    if levels.is_empty() {
        return ().into_any();
    }
    let shell = expect_context::<Shell>();
    let select = move |seat: usize| {
        let options = levels.iter().map(|&(l, name)| view! { <option value=l.letter().to_string()>{move || shell.t(name)}</option> });
        view! {
            <label class="bot-level">
                <span>{seat + 1}</span>
                <select data-testid=format!("bot-level-{}", seat + 1) prop:value=move || get(seat).letter().to_string()
                    on:change=move |ev| {
                        let letter = event_target_value(&ev).chars().next();
                        if let Some(&(level, _)) = levels.iter().find(|(l, _)| Some(l.letter()) == letter) {
                            set(seat, level);
                        }
                    }>
                    {options.collect_view()}
                </select>
            </label>
        }
    };
    view! {
        <fieldset class="field bot-levels" data-testid="bot-levels">
            <legend>{move || shell.t(Text::BotLevels)}</legend>
            <For each=move || seats.get() key=|s| *s let(seat)>{select(seat)}</For>
        </fieldset>
    }
    .into_any()
}
