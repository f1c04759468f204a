//! A table against bots (`#/play/shengji?seed=…`): one engine `Game` in a signal, you
//! in your seat and heuristic bots in the others acting on a timer. Every move (yours
//! or a bot's) goes through `Game::apply`; a refused move only shows its reason.
//! The board draws your seat's view.

use crate::dup::TableSeed;
use crate::i18n::{Lang, Text};
use crate::shengji::bot::{bots_for, Difficulty};
use crate::shengji::game::{Action, Game, PhaseName, RuleError, Seat};
use crate::ui_model::messages::rule_error;
use crate::ui_model::table::TableParams;
use crate::web::app::{BackHome, Shell};
use crate::web::new_game::{random_seed, table_hash};
use crate::web::table::TableBoard;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn seat_name(seat: Seat, me: Seat, shell: Shell) -> String {
    if seat == me {
        shell.t(Text::You).to_string()
    } else {
        format!("{} {}", shell.t(Text::Bot), seat + 1)
    }
}

fn bad_link(shell: Shell, msg: String) -> AnyView {
    view! {
        <section class="screen page" data-testid="table-error">
            <h2>{move || shell.t(Text::NewGameVsBots)}</h2>
            <p class="notice" role="alert" data-testid="table-error-message">{move || shell.t(Text::BadTableLink)}{msg.clone()}</p>
            <a class="button primary" href="#/new" data-testid="new-game">{move || shell.t(Text::NewGameVsBots)}</a>
            <BackHome/>
        </section>
    }
    .into_any()
}

#[component]
pub fn Table(query: Vec<(String, String)>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let mut query = query;
    if !query.iter().any(|(k, _)| k == "seed") {
        // Make the link reproducible without adding a history entry.
        query.insert(0, ("seed".into(), random_seed()));
        if let Ok(p) = TableParams::from_query(&query) {
            if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
                let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&table_hash(&p)));
            }
        }
    }
    let params = match TableParams::from_query(&query) {
        Ok(p) => p,
        Err(e) => return bad_link(shell, e),
    };
    let seed = match TableSeed::parse(&params.seed) {
        Ok(s) => s,
        Err(e) => return bad_link(shell, e.to_string()),
    };
    let game = match Game::new(params.settings.clone(), seed.clone()) {
        Ok(g) => g,
        Err(e) => return bad_link(shell, e.to_string()),
    };
    let me = params.seat;
    let players = game.players();
    let pace = params.pace.millis();
    let game = RwSignal::new_local(game);
    let bots = StoredValue::new_local(bots_for(&seed, players, &vec![Difficulty::Heuristic; players]));
    // The refusal is kept as the engine's error and phrased in the current language.
    let refusal = RwSignal::new(None::<(Seat, RuleError)>);

    let act = move |seat: Seat, action: Action| -> bool {
        match game.try_update(|g| g.apply(seat, &action)) {
            Some(Ok(_)) => {
                refusal.set(None);
                true
            }
            Some(Err(e)) => {
                refusal.set(Some((seat, e)));
                false
            }
            None => false,
        }
    };

    // The bots (and your own draw) on a timer; stops when the screen goes away.
    let alive = Arc::new(AtomicBool::new(true));
    {
        let alive = alive.clone();
        on_cleanup(move || alive.store(false, Ordering::Relaxed));
    }
    spawn_local(async move {
        loop {
            let drawing = game.try_with_untracked(|g| g.phase() == PhaseName::Draw && g.view(me).deck_left > 0);
            let Some(drawing) = drawing else { break };
            // Cards arrive at the auto-draw speed of the settings, never slower than the bots' pace.
            let draw_ms = shell.prefs.with_untracked(|p| p.draw_speed.millis()).min(pace);
            TimeoutFuture::new(if drawing { draw_ms } else { pace }).await;
            if !alive.load(Ordering::Relaxed) {
                break;
            }
            let Some((phase, to_act, deck_left)) =
                game.try_with_untracked(|g| (g.phase(), g.to_act(), g.view(me).deck_left))
            else {
                break;
            };
            if phase == PhaseName::Finished {
                continue;
            }
            if phase == PhaseName::Draw && deck_left > 0 && to_act.first() == Some(&me) {
                act(me, Action::Draw);
                continue;
            }
            let Some(&seat) = to_act.iter().find(|&&s| s != me) else { continue };
            // Bots wait for you when you come first in play order.
            if phase == PhaseName::Play && to_act.first() == Some(&me) {
                continue;
            }
            let Some(view) = game.try_with_untracked(|g| g.view(seat)) else { break };
            let Some((action, _)) = bots.try_update_value(|b| b[seat].suggest(&view)) else { break };
            if !act(seat, action) && phase == PhaseName::Draw {
                // A refused bot move must not stall the table.
                act(seat, if deck_left > 0 { Action::Draw } else { Action::Pass });
            }
        }
    });

    let view = Memo::new(move |_| game.with(|g| g.view(me)));
    let error = Signal::derive(move || {
        let lang = shell.prefs.with(|p| p.lang());
        refusal.with(|r| {
            r.as_ref().map(|(seat, e)| {
                let colon = if lang == Lang::Zh { "：" } else { ": " };
                format!("{}{colon}{}", seat_name(*seat, me, shell), rule_error(e, &|s| seat_name(s, me, shell), lang))
            })
        })
    });
    let names = Signal::derive(move || (0..players).map(|s| seat_name(s, me, shell)).collect::<Vec<_>>());
    let act_mine = Callback::new(move |action: Action| {
        act(me, action);
    });

    view! {
        <TableBoard view=view names=names act=act_mine error=error adviser_seed=seed.clone()>
            <p class="seed-line">{move || shell.t(Text::Seed)} ": " <code data-testid="seed">{params.seed.clone()}</code></p>
            <BackHome/>
        </TableBoard>
    }
    .into_any()
}

