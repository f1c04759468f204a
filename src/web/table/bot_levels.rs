//! The new-table screen's bot levels: one small select per bot's seat (the person plays
//! seat 1), offering the levels the game names (`BotTable::LEVELS`); the choice goes into
//! the table link as `bots=` (`ui_model::table::BotLevels`), left out when every bot plays
//! at the default level. A game that names no levels shows none.

use crate::i18n::Text;
use crate::ui_model::table::{BotLevels, Level};
use crate::web::shell::Shell;
use crate::web::table::bot_table::BotTable;
use leptos::prelude::*;

/// The levels' fieldset for a table of `players()` seats, the person's seat 0.
pub fn bot_levels_field<G: BotTable>(players: Signal<usize>, levels: RwSignal<BotLevels<G::Level>>) -> AnyView {
    if G::LEVELS.is_empty() {
        return ().into_any();
    }
    let shell = expect_context::<Shell>();
    let seats = move || (1..players.get()).collect::<Vec<_>>();
    view! {
        <fieldset class="field bot-levels" data-testid="bot-levels">
            <legend>{move || shell.t(Text::BotLevels)}</legend>
            <For each=seats key=|s| *s let(seat)>
                <label class="bot-level">
                    <span>{seat + 1}</span>
                    <select data-testid=format!("bot-level-{}", seat + 1)
                        prop:value=move || levels.with(|l| l.get(seat).letter().to_string())
                        on:change=move |ev| {
                            let letter = event_target_value(&ev).chars().next();
                            if let Some(&(level, _)) = G::LEVELS.iter().find(|(l, _)| Some(l.letter()) == letter) {
                                levels.update(|l| l.set(players.get_untracked(), seat, level));
                            }
                        }>
                        {G::LEVELS.iter().map(|&(l, name)| view! {
                            <option value=l.letter().to_string()>{move || shell.t(name)}</option>
                        }).collect_view()}
                    </select>
                </label>
            </For>
        </fieldset>
    }
    .into_any()
}
