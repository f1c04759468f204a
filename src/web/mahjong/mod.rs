//! The Sichuan mahjong page (`#/play/mahjong?seed=…`): the shared table against bots
//! (`web::table::bot_table`) with mahjong's bots, words, setup screen and board.
//! The engine's lookup tables (win check, shanten distances) are built in slices when
//! the page starts, so no frame waits for them; the table shows once they are ready.

mod board;
mod hint;
mod peer;
mod replay;
mod result;
mod setup;
pub mod tiles;

use crate::dup::TableSeed;
use crate::i18n::Lang;
use crate::mahjong::game::bot::{bots_for, Bot, Difficulty};
use crate::mahjong::game::{Game, RuleError, SettingsError};
use crate::mahjong::distance::{distance_tables_ready, install_distance_tables, DistanceBuilder};
use crate::mahjong::{install_tables, tables_ready, TableBuilder};
use crate::routes::Route;
use crate::table::Seat;
use crate::ui_model::mahjong::words::{label, Label};
use crate::web::shell::Shell;
use crate::web::table::bot_table::{BotTable, LocalTable};
use leptos::prelude::*;

/// Where the mahjong table in progress is saved (`record::SaveEnvelope<mahjong::game::Game>`).
pub const SAVE_KEY: &str = "tuolaji.mahjong.v1";

/// Table entries built per slice: each slice stays well under a frame on a phone.
const SLICE: usize = 100_000;

impl BotTable for Game {
    const SAVE_KEY: &'static str = SAVE_KEY;
    type TableBot = Bot;
    fn bots(seed: &TableSeed, players: usize) -> Vec<Bot> {
        bots_for(seed, players, &[Difficulty::Advice])
    }
    fn title(lang: Lang) -> &'static str {
        label(Label::Title, lang)
    }
    fn set_aside_notice(lang: Lang) -> &'static str {
        label(Label::SetAside, lang)
    }
    fn settings_error(e: &SettingsError, lang: Lang) -> String {
        crate::ui_model::mahjong::words::settings_error(e, lang)
    }
    fn rule_error(e: &RuleError, name: &dyn Fn(Seat) -> String, lang: Lang) -> String {
        crate::ui_model::mahjong::words::rule_error(e, name, lang)
    }
    fn setup() -> AnyView {
        view! { <setup::MahjongSetup/> }.into_any()
    }
    fn board(t: LocalTable<Game>) -> AnyView {
        let state = board::BoardState {
            view: t.view.into(),
            names: t.names,
            refusal: t.refusal,
            save_status: Some(t.save_status),
            resumed: t.resumed,
            deal_hash: StoredValue::new(t.deal_hash),
            friend_waiting: t.friend_waiting,
            replay_hash: t.replay_hash,
            read_only: false,
        };
        view! { <board::Board state=state act=t.act/> }.into_any()
    }
}

/// Whether the engine's tables are built (the table waits for them).
#[derive(Clone, Copy)]
struct TablesReady(RwSignal<bool>);

/// Runs once when the page starts: an unusable save is set aside, and the engine's
/// tables are built a slice per timer tick.
pub fn start() {
    crate::web::table::bot_table::set_aside_unusable_save::<Game>();
    let ready = RwSignal::new(tables_ready() && distance_tables_ready());
    provide_context(TablesReady(ready));
    if ready.get_untracked() {
        return;
    }
    leptos::task::spawn_local(async move {
        if !tables_ready() {
            let mut builder = TableBuilder::new();
            while !builder.step(SLICE) {
                gloo_timers::future::TimeoutFuture::new(0).await;
            }
            install_tables(builder.finish());
        }
        if !distance_tables_ready() {
            let mut builder = DistanceBuilder::new();
            while !builder.step(SLICE) {
                gloo_timers::future::TimeoutFuture::new(0).await;
            }
            install_distance_tables(builder.finish());
        }
        ready.set(true);
    });
}

/// The routes the mahjong page draws.
pub fn screen(route: &Route) -> Option<AnyView> {
    match route.clone() {
        Route::Play { game, query } if game == "mahjong" => {
            let shell = expect_context::<Shell>();
            let ready = expect_context::<TablesReady>().0;
            Some(
                (move || {
                    if ready.get() {
                        let query = query.clone();
                        untrack(move || crate::web::table::bot_table::bot_table::<Game>(query))
                    } else {
                        view! {
                            <section class="screen page" data-testid="mahjong-preparing">
                                <p class="status-line" role="status">{move || label(Label::Preparing, shell.lang())}</p>
                            </section>
                        }
                        .into_any()
                    }
                })
                .into_any(),
            )
        }
        // With friends: the shared peer pages with mahjong's lobby settings and board.
        Route::Friends { game } if game == "mahjong" => {
            let ready = expect_context::<TablesReady>().0;
            Some((move || ready.get().then(|| untrack(crate::web::peer::host_page::<Game>))).into_any())
        }
        Route::Join { game, code, watch } if game == "mahjong" => {
            let ready = expect_context::<TablesReady>().0;
            Some((move || ready.get().then(|| untrack(|| crate::web::peer::join_page::<Game>(code.clone(), watch)))).into_any())
        }
        Route::Replay { record } if crate::web::shell::Page::of(route) == crate::web::shell::Page::Mahjong => {
            let ready = expect_context::<TablesReady>().0;
            Some((move || ready.get().then(|| untrack(|| replay::mahjong_replay(record.clone())))).into_any())
        }
        _ => None,
    }
}
