//! The Sichuan mahjong page (`#/play/mahjong?seed=…`): the shared table against bots
//! (`web::table::bot_table`) with mahjong's bots, words, settings fields and board.
//! The bots and the hint tab think in mahjong's table worker (`worker::mahjong`), the page's
//! bot worker. The engine's win-check tables are built in slices after the page's first
//! paint, so no frame and no tap waits for them: the table shows at once, and the bots'
//! moves wait for the tables. Mahjong's page with friends builds none (its table, bots and
//! hint are the table worker's). Also mahjong's page with friends
//! (`peer_screen`; the table itself runs in the table worker).

mod board;
mod hand;
mod hint;
mod peer;
mod phases;
mod replay;
mod result;
mod seats;
mod settings;
pub mod tiles;

use crate::dup::TableSeed;
use crate::i18n::Lang;
use crate::mahjong::game::bot::{bots_for, Difficulty};
use crate::table::think::Remote;
use crate::mahjong::game::{Game, RuleError, SettingsError};
use crate::mahjong::{install_tables, tables_ready, TableBuilder};
use crate::routes::Route;
use crate::table::Seat;
use crate::ui_model::mahjong::words::{label, Label};
use crate::web::table::bot_table::{BotTable, LocalTable};
use leptos::prelude::*;

/// Where the mahjong table in progress is saved (`record::SaveEnvelope<mahjong::game::Game>`).
pub const SAVE_KEY: &str = "tuolaji.mahjong.v1";

/// Table entries built per slice: each slice stays well under a frame on a phone.
const SLICE: usize = 100_000;

impl BotTable for Game {
    const SAVE_KEY: &'static str = SAVE_KEY;
    type Level = Difficulty;
    /// Easy is the random bot, Normal the advice bot, Expert the search (the shanten-only
    /// bot is a yardstick, not a level to offer; a link may still name it, `s`).
    const LEVELS: &'static [(Difficulty, crate::i18n::Text)] = &[
        (Difficulty::Random, crate::i18n::Text::LevelEasy),
        (Difficulty::Advice, crate::i18n::Text::LevelNormal),
        (Difficulty::Expert, crate::i18n::Text::LevelExpert),
    ];
    /// The bots think in mahjong's table worker, the page's bot worker (`worker::mahjong`).
    type TableBot = Remote<Game>;
    fn bots(seed: &TableSeed, levels: &[Difficulty]) -> Vec<Remote<Game>> {
        crate::web::worker::warm_up();
        // The worker builds its tables while the player chooses (`worker::mahjong::warm_job`).
        leptos::task::spawn_local(async {
            let _ = crate::web::worker::ask(&crate::worker::mahjong::warm_job()).await;
        });
        bots_for(seed, levels.len(), levels).into_iter().map(Remote::new).collect()
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
        // Bots whose worker cannot start cannot play: said above the table.
        view! { {crate::web::table::chrome::no_worker_notice(t.no_worker.into())} <board::Board state=state act=t.act/> }.into_any()
    }
}

/// Whether the engine's win-check tables are built: a bot's move waits for them
/// (`table::Game::tables_ready`), and so do a replay and the exchange's three preselected.
#[derive(Clone, Copy)]
pub(super) struct TablesReady(pub RwSignal<bool>);

/// Builds the engine's win-check tables (if they are not yet) a slice per browser task, so no
/// task waits for the whole build: the mahjong pages' and the timing page's way to build them.
pub async fn build_tables_in_slices() {
    if !tables_ready() {
        let mut builder = TableBuilder::new();
        while !builder.step(SLICE) {
            gloo_timers::future::TimeoutFuture::new(0).await;
        }
        install_tables(builder.finish());
    }
}

/// Builds the engine's win-check tables a slice per browser task, starting after the page's
/// first paint, so no frame and no tap waits for them (the first tiles show at once).
fn build_tables() {
    let ready = RwSignal::new(tables_ready());
    provide_context(TablesReady(ready));
    if ready.get_untracked() {
        return;
    }
    request_animation_frame(move || {
        leptos::task::spawn_local(async move {
            build_tables_in_slices().await;
            ready.try_set(true);
        });
    });
}

/// Runs once when the page starts: an unusable save is set aside, and the engine's tables
/// are built in the background.
pub fn start() {
    crate::web::table::bot_table::set_aside_unusable_save::<Game>();
    build_tables();
}

/// The routes mahjong's page with friends draws: the host's and the guest's.
pub fn peer_screen(route: &Route) -> Option<AnyView> {
    crate::web::app::peer_screen::<Game>(route)
}

/// The routes the mahjong page draws.
pub fn screen(route: &Route) -> Option<AnyView> {
    match route.clone() {
        // The table shows at once; the tables are built meanwhile.
        Route::Play { game, query } if game == "mahjong" => Some(untrack(move || crate::web::table::bot_table::bot_table::<Game>(query))),
        // A replay plays the hand's moves (their wins need the tables): it waits for them.
        Route::Replay { record } if crate::web::shell::Page::of(route) == crate::web::shell::Page::Mahjong => {
            let ready = expect_context::<TablesReady>().0;
            Some((move || ready.get().then(|| untrack(|| replay::mahjong_replay(record.clone())))).into_any())
        }
        _ => None,
    }
}
