//! Shengji at the table against bots (`#/play/shengji?seed=…`, on the Shengji page): the
//! shared table against bots (`web::table::bot_table`) with Shengji's answers — its bots,
//! each thinking in the bot worker at its seat's level; the draw at the person's draw
//! speed and a finished trick left on the table a while; take-backs until the trick is
//! complete; the way to the new-game screen; and the board with the result card, the field
//! comparison and the seed. Also the home screen's notice about a Shengji save set aside.

use crate::cards::Card;
use crate::dup::TableSeed;
use crate::i18n::{Lang, Text};
use crate::record::duplicate::DuplicateResult;
use crate::record::save::SaveError;
use crate::routes::Route;
use crate::shengji::bot::{bots_for, Difficulty};
use crate::shengji::game::{Game, PhaseName, RuleError, Seat, SettingsError};
use crate::table::think::Remote;
use crate::table::Codec;
use crate::ui_model::messages::rule_error;
use crate::ui_model::peer_messages::settings_error;
use crate::ui_model::prefs::Prefs;
use crate::ui_model::table::Pace;
use crate::web::shell::{absolute, BackHome, Shell};
use crate::web::shengji::field::FieldComparison;
use crate::web::shengji::review::{numbered, ResultCard};
use crate::web::shengji::TableBoard;
use crate::web::storage::{keys, Kept, SaveProblem, SetAside};
use crate::web::table::bot_table::{BotTable, LocalTable};
use crate::web::table::share;
use crate::web::table::chrome::{friend_waiting_notice, no_worker_notice, save_notice_box, TableSaveNotice};
use leptos::prelude::*;

impl BotTable for Game {
    const SAVE_KEY: &'static str = keys::SAVED_GAME;
    type Level = Difficulty;
    /// Every bot thinks in the bot worker: the page keeps each as state (`table::think`).
    type TableBot = Remote<Game>;
    fn bots(seed: &TableSeed, levels: &[Difficulty]) -> Vec<Remote<Game>> {
        crate::web::worker::warm_up();
        bots_for(seed, levels.len(), levels).into_iter().map(Remote::<Game>::new).collect()
    }
    fn title(lang: Lang) -> &'static str {
        lang.t(Text::NewGameVsBots)
    }
    fn set_aside_notice(lang: Lang) -> &'static str {
        lang.t(Text::SaveCorrupt)
    }
    fn settings_error(e: &SettingsError, lang: Lang) -> String {
        settings_error(e, lang)
    }
    fn rule_error(e: &RuleError, name: &dyn Fn(Seat) -> String, lang: Lang) -> String {
        rule_error(e, name, lang)
    }
    /// Cards arrive at the draw speed of the settings, never slower than the bots' pace. A
    /// finished trick stays on the table a while before a bot leads the next (longer at a
    /// slower pace), so it can be read.
    fn delay(&self, pace: Pace, prefs: &Prefs) -> u32 {
        let drawing = self.phase() == PhaseName::Draw && self.view(0).deck_left > 0;
        if drawing {
            prefs.draw_speed.millis().min(pace.millis())
        } else if self.between_tricks() {
            pace.millis() + pace.trick_pause_millis()
        } else {
            pace.millis()
        }
    }
    /// Your play in the trick under way and the bots' replies after it, until the trick
    /// is complete.
    const TAKES_BACK: bool = true;
    fn take_back_point(&self, seat: Seat) -> Option<usize> {
        Game::take_back_point(self, seat)
    }
    /// The result card compares the finished hand with the field (`FieldComparison`).
    const READS_FINISHED: bool = true;
    /// The hand and the trick (both from 1).
    fn progress(&self) -> Vec<u32> {
        let tricks = self.tricks().len() + usize::from(self.phase() == PhaseName::Play);
        vec![self.hand_number() as u32 + 1, tricks.max(1) as u32]
    }
    /// Seed, hand and trick.
    fn save_summary(shell: Shell, seed: &str, at: &[u32]) -> String {
        let mut line = format!("{} {seed}", shell.t(Text::Seed));
        if let [hand, trick] = at {
            line += &format!(" · {} · {}", numbered(shell, Text::HandNumber, hand), numbered(shell, Text::TrickNumber, trick));
        }
        line
    }
    /// The home page's new-game screen (`#/new`), which this page does not carry.
    fn setup() -> AnyView {
        let shell = expect_context::<Shell>();
        let route = Route::NewGame;
        let page = shell.page.path_to(crate::web::shell::Page::of(&route));
        view! { <crate::web::app::Elsewhere page=page route=route/> }.into_any()
    }
    fn board(t: LocalTable<Game>) -> AnyView {
        board(t)
    }
}

/// The board at a table against bots: the result card (your result beside friends' on
/// the same deal, the share and replay links, the field comparison) once a hand ends,
/// the table's notices and the seed.
fn board(t: LocalTable<Game>) -> AnyView {
    let shell = expect_context::<Shell>();
    let LocalTable { seat: me, view, names, act, refusal, save_status, seed, levels, deal_hash, friend_waiting, replay_hash, finished, thinking, no_worker, take_back, selected, on_selection, .. } = t;
    let seed_text = seed.as_str().to_string();
    let result_card = ViewFn::from(move || {
        let (Some(game), Some(replay_hash)) = (finished.get(), replay_hash.get()) else { return ().into_any() };
        let Some(mine) = DuplicateResult::from_game(&game, me, None) else { return ().into_any() };
        let friends = share::friends_results(&mine);
        let share_url = (mine.hand == 0).then(|| share::share_url::<Game>(&deal_hash, Some(&mine)));
        let replay_url = absolute(&replay_hash);
        let field = game.seat_result(me).map(|r| view! { <FieldComparison game=game.clone() seat=me levels=levels.clone() mine=r/> });
        view! {
            <ResultCard mine=mine friends=friends share_url=share_url replay_hash=replay_hash replay_url=replay_url/>
            {field}
        }
        .into_any()
    });
    let notices = ViewFn::from(move || view! {
        {no_worker_notice(no_worker.into())}
        {friend_waiting_notice(move || friend_waiting && view.with(|v| v.hand_number == 0 && v.result.is_none()), move || shell.t(Text::FriendResultWaiting))}
        <TableSaveNotice status=save_status/>
    });
    let initial_selection: Vec<Card> = selected.iter().filter_map(|c| c.parse().ok()).collect();
    let on_selection = Callback::new(move |cards: Vec<Card>| on_selection.run(cards.iter().map(|c| c.notation()).collect()));
    view! {
        <TableBoard view=view names=names act=act error=refusal adviser_seed=seed result_card=result_card thinking=thinking
            adviser=Difficulty::Expert
            initial_selection=initial_selection on_selection=on_selection notices=notices take_back=take_back>
            <p class="seed-line">{move || shell.t(Text::Seed)} ": " <code data-testid="seed">{seed_text.clone()}</code></p>
            <BackHome/>
        </TableBoard>
    }
    .into_any()
}

/// The home screen's notice when the saved game was set aside at start-up: why, and
/// where it was kept (or that it stays in place because no backup could be written).
#[component]
pub fn SaveNotice() -> impl IntoView {
    let shell = expect_context::<Shell>();
    let Some(SetAside(notice)) = use_context::<SetAside<Game>>() else { return ().into_any() };
    (move || {
        notice.get().map(|n| {
            let (text, detail) = match n.problem {
                SaveProblem::Corrupt { reason: reason @ SaveError::Oversized(_) } => (Text::SaveOversized, reason.to_string()),
                SaveProblem::Corrupt { reason } => (Text::SaveCorrupt, reason.to_string()),
                SaveProblem::Incompatible { app } => (Text::SaveIncompatible, app.map(|a| format!("{} {a}", shell.t(Text::Version))).unwrap_or_default()),
            };
            let (text, backup) = match n.kept {
                Kept::Backup(b) => (text, Some(b)),
                Kept::InPlace => (Text::SaveNotMoved, None),
            };
            save_notice_box(shell, "save-notice", text, (!detail.is_empty()).then_some(detail), backup, false, move || notice.set(None))
        })
    })
    .into_any()
}
