//! A table against bots for every game's page (`#/play/<game>?seed=…`): the link opens a
//! deal, resumes the saved one, or asks before replacing another game in progress; the
//! table layer's driver runs the bots on a timer (in the bot worker when they think
//! there); every accepted move is saved through the shared save envelope with the
//! screen's own state (pace, bots, the selected cards); your result on each hand joins
//! the seed's results; and the game's board draws the table ([`run_table`]). A game gives
//! its save key, bots and their levels, words, settings fields (the new-table screen is
//! built from them) and board ([`BotTable`]).

use crate::dup::TableSeed;
use crate::i18n::{Lang, Phrased, Text};
use crate::record::duplicate::{fingerprint, Source};
use crate::record::link::Link;
use crate::record::save::{Loaded, SaveEnvelope};
use crate::routes::Route;
use crate::table::{BotSeat, Game, Seat};
use crate::ui_model::prefs::Prefs;
use crate::ui_model::table::{BotLevels, Level, Pace, TableParams};
use crate::web::shell::{random_seed, replace_hash, BackHome, Shell};
use crate::web::storage::{self, SetAside};
use crate::web::table::runner::SaveStatus;
use crate::web::table::settings_form::{setup_screen, SettingsForm};
use leptos::prelude::*;

pub use super::run_table::{run_table, OpenTable};

/// What a game's page gives the table against bots.
pub trait BotTable:
    SettingsForm + Game<View: Send + Sync + 'static, Action: Send + Sync + 'static, Error: Send + Sync + 'static> + 'static
{
    /// Where the table in progress is saved (`record::SaveEnvelope<Self>`).
    const SAVE_KEY: &'static str;
    /// How well a bot plays, as links name it (`bots=`).
    type Level: Level;
    /// The levels the new-table screen offers each bot, with their names (`bot_levels`);
    /// none: the screen offers no choice and every bot plays the default.
    const LEVELS: &'static [(Self::Level, Text)] = &[];
    type TableBot: BotSeat<Self> + 'static;
    /// A bot for every seat at its level (the person's seat's bot is never asked).
    fn bots(seed: &TableSeed, levels: &[Self::Level]) -> Vec<Self::TableBot>;
    /// The game's name as a title ("Rummy").
    fn title(lang: Lang) -> &'static str;
    /// Said once when an unusable save of this game was set aside at start-up.
    fn set_aside_notice(lang: Lang) -> &'static str;
    fn settings_error(e: &Self::SettingsError, lang: Lang) -> String;
    /// A refused move, phrased with the seats' names.
    fn rule_error(e: &Self::Error, name: &dyn Fn(Seat) -> String, lang: Lang) -> String;
    /// The board: renders the table and sends the person's moves.
    fn board(table: LocalTable<Self>) -> AnyView;
    /// How long the bots wait before their next move (`prefs`: the person's settings).
    fn delay(&self, pace: Pace, _prefs: &Prefs) -> u32 {
        pace.millis().max(10)
    }
    /// Whether the person may take back moves ([`BotTable::take_back_point`]); a game
    /// without take-backs carries none of their machinery.
    const TAKES_BACK: bool = false;
    /// The length the move log returns to if `seat` takes back now, when the rules allow it.
    fn take_back_point(&self, _seat: Seat) -> Option<usize> {
        None
    }
    /// Whether the board reads the finished game ([`LocalTable::finished`]); a game whose
    /// view says everything at the end carries no copy of it.
    const READS_FINISHED: bool = false;
    /// How far the game has gone, in the game's own numbers (e.g. the hand and the
    /// trick), saved with it (`UiState::at`) for [`BotTable::save_summary`].
    fn progress(&self) -> Vec<u32> {
        Vec::new()
    }
    /// A short line about a saved game on `seed` that has gone as far as `at` (what
    /// [`BotTable::progress`] said; empty in a save written before it was kept): the
    /// choice between it and a new table, and the home screen's Resume, which reads it
    /// without replaying the game.
    fn save_summary(shell: Shell, seed: &str, _at: &[u32]) -> String {
        format!("{} {seed}", shell.t(Text::Seed))
    }
    /// The new-table screen (`#/play/<game>?new`, or a link without a seed when no game
    /// is saved).
    fn setup() -> AnyView {
        setup_screen::<Self>()
    }
}

/// A table against bots as its board sees it.
pub struct LocalTable<G: BotTable> {
    /// The person's seat.
    pub seat: Seat,
    pub view: Memo<G::View>,
    /// Each seat's name as the table shows it ("You", "Bot 2").
    pub names: Signal<Vec<String>>,
    /// Makes the person's move; a refusal shows in `refusal`.
    pub act: Callback<G::Action>,
    /// The last refusal of the person's move, phrased.
    pub refusal: Signal<Option<String>>,
    /// Whether moves are being saved (a notice when not).
    pub save_status: RwSignal<SaveStatus>,
    /// The table was resumed from a save (until the person's next move).
    pub resumed: RwSignal<bool>,
    /// The deal's seed.
    pub seed: TableSeed,
    /// Each seat's bot level.
    pub levels: Vec<G::Level>,
    /// The first deal's share link (`#/play/<game>?seed=…`).
    pub deal_hash: String,
    /// A friend's result on the first deal is waiting (shown once the deal ends).
    pub friend_waiting: bool,
    /// Once a hand has ended: the table's replay link (`#/replay/<code>`).
    pub replay_hash: Memo<Option<String>>,
    /// Once a hand has ended: the game, for the result card (nothing is hidden then);
    /// always `None` unless the game asks for it (`BotTable::READS_FINISHED`).
    pub finished: Signal<Option<G>, LocalStorage>,
    /// The seat whose bot is thinking in the bot worker, if one is.
    pub thinking: ReadSignal<Option<Seat>>,
    /// The bot worker could not answer: the bots cannot play on.
    pub no_worker: ReadSignal<bool>,
    /// Taking back your last play (games that allow it: `BotTable::TAKES_BACK`).
    pub take_back: Option<TakeBack>,
    /// The cards selected in the hand when the table was saved (as text).
    pub selected: Vec<String>,
    /// Reports the selection, which is saved with the game.
    pub on_selection: Callback<Vec<String>>,
}

/// Taking back a move: whether there is one now, and doing it. A table that allows
/// take-backs shows it always, in the same place, disabled when there is nothing to take back.
#[derive(Clone, Copy)]
pub struct TakeBack {
    pub available: Signal<bool>,
    pub run: Callback<()>,
}

/// "You", "Bot 2" / "你", "机器人2": each seat's name at a table against bots.
pub fn seat_name(seat: Seat, me: Seat, lang: Lang) -> String {
    if seat == me { lang.t(Text::You).into() } else { bot_name(seat, lang) }
}

/// "Bot 2" / "机器人2": a bot's seat, counted from 1 (Chinese writes no space before it).
pub fn bot_name(seat: Seat, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{} {}", lang.t(Text::Bot), seat + 1),
        Lang::Zh => format!("{}{}", lang.t(Text::Bot), seat + 1),
    }
}

/// Run once when a game's page starts, before any screen: an unusable save of `G` is
/// moved to a backup (`storage::set_aside_unusable`); the table says so once, and the
/// home screen says why and where.
pub fn set_aside_unusable_save<G: BotTable>() {
    provide_context(SetAside::<G>(RwSignal::new_local(storage::set_aside_unusable(G::SAVE_KEY, SaveEnvelope::<G>::decode))));
}

/// The home page's check of `G`'s save, which carries no rules: everything but the
/// replay ([`SaveEnvelope::peek`]). A save that reads but does not replay is set aside
/// by the table's page when it opens it.
pub fn set_aside_unreadable_save<G: BotTable>() {
    provide_context(SetAside::<G>(RwSignal::new_local(storage::set_aside_unusable(G::SAVE_KEY, SaveEnvelope::<G>::peek))));
}

/// A link that makes no table: why, in the page's language, and the way to a new one.
fn bad_link<G: BotTable>(shell: Shell, why: impl Fn(Lang) -> String + Send + Sync + 'static) -> AnyView {
    view! {
        <section class="screen page" data-testid="table-error">
            <h2>{move || G::title(shell.lang())}</h2>
            <p class="notice" role="alert" data-testid="table-error-message">{move || shell.t(Text::BadTableLink)}{move || why(shell.lang())}</p>
            <a class="button primary" href=format!("#/play/{}?new", G::NAME) data-testid="new-game">{move || shell.t(Text::NewGame)}</a>
            <BackHome/>
        </section>
    }
    .into_any()
}

/// The table link that reopens a saved game: its deal, the saver's seat, and the pace
/// and bots it was played with.
fn saved_table<G: BotTable>(save: &SaveEnvelope<G>) -> Option<TableParams<G, G::Level>> {
    let link = save.link()?;
    let ui = save.ui.clone().unwrap_or_default();
    let players = G::seats(&link.settings).ok()?;
    Some(TableParams {
        seed: link.seed,
        settings: link.settings,
        seat: link.seat,
        pace: ui.pace.as_deref().and_then(Pace::from_key).unwrap_or_default(),
        bots: ui.bots.as_deref().and_then(|b| BotLevels::from_key(b, players).ok()).unwrap_or_default(),
    })
}

/// The hash of the table link that reopens a saved game ([`saved_table`]).
pub fn saved_table_hash<G: BotTable>(save: &SaveEnvelope<G>) -> Option<String> {
    saved_table(save).map(|p| Route::Play { game: G::NAME.into(), query: p.to_query() }.to_hash())
}

/// The home screen's way back into `G`'s saved game: its link and a summary, if a
/// readable game is saved (read without replaying it: the home page carries no rules).
pub fn saved_game_entry<G: BotTable>(shell: Shell) -> Option<(String, String)> {
    match SaveEnvelope::<G>::peek(storage::get_raw(G::SAVE_KEY).ok().flatten().as_deref()) {
        Loaded::Ok { save, .. } => {
            let at = save.ui.as_ref().map(|u| u.at.as_slice()).unwrap_or_default();
            Some((saved_table_hash(&save)?, G::save_summary(shell, &save.record.seed, at)))
        }
        _ => None,
    }
}

/// The table a link opens: the saved game if it is this deal from this seat; else a new
/// one, asking first if another game is in progress.
pub fn bot_table<G: BotTable>(query: Vec<(String, String)>) -> AnyView {
    let shell = expect_context::<Shell>();
    // `?new` asks for a new table. A link without a seed resumes the saved game (or asks
    // for a new table); one that names settings but no seed gets a random seed.
    if query.iter().any(|(k, _)| k == "new") {
        return G::setup();
    }
    // Read once (decoding replays the saved record): both the link and the table below use
    // it. Decoded only when there is a save: the decoder is the largest function on a
    // table's page, and the browser compiles a function on its first call, so a fresh
    // link's start does not pay for it.
    let saved = match storage::get_raw(G::SAVE_KEY).ok().flatten() {
        Some(raw) => SaveEnvelope::<G>::decode(Some(&raw)),
        None => Loaded::Absent,
    };
    let mut query = query;
    if !query.iter().any(|(k, _)| k == "seed") {
        if query.iter().all(|(k, _)| TableParams::<G, G::Level>::is_table_key(k)) {
            match &saved {
                Loaded::Ok { save, .. } => match saved_table(save) {
                    Some(params) => query = params.to_query(),
                    None => return G::setup(),
                },
                _ => return G::setup(),
            }
        } else {
            query.insert(0, ("seed".into(), random_seed()));
        }
    }
    let (link, pace, bots) = match TableParams::<G, G::Level>::read(&query) {
        Ok(read) => read,
        Err(e) => return bad_link::<G>(shell, move |lang| e.phrase(lang)),
    };
    let seed = link.table_seed();
    let params = TableParams::<G, G::Level> { seed: link.seed.clone(), settings: link.settings.clone(), seat: link.seat, pace, bots };
    // The address bar shows the table's plain link (with the seed a link without one was
    // given, without a friend's result); a friend's result on the first deal (`r=`) is kept
    // for the comparison after the deal. After mounting, with no history entry.
    let hash = Route::Play { game: G::NAME.into(), query: params.to_query() }.to_hash();
    let friend = link.result.clone().filter(|r| r.hand == 0);
    let friend_waiting = friend.is_some() || {
        let fp = fingerprint::<G>(&link.settings);
        storage::seed_results::<G>(&link.seed).results.iter().any(|s| s.source == Source::Link && s.result.fingerprint == fp && s.result.hand == 0)
    };
    Effect::new(move |_| {
        if let Some(r) = friend.clone() {
            let _ = storage::add_result(Source::Link, r);
        }
        replace_hash(&hash);
    });
    let deal_hash = Link::<G>::new(&seed, &link.settings, link.seat).to_hash();
    let set_aside = use_context::<SetAside<G>>()
        .is_some_and(|s| s.0.with_untracked(|n| n.as_ref().is_some_and(|n| matches!(n.kept, storage::Kept::Backup(_)))));
    let open = OpenTable { params, seed, deal_hash, friend_waiting };
    let fresh = {
        let open = open.clone();
        move |kept: bool| match G::new(open.params.settings.clone(), open.seed.clone()) {
            Ok(game) => untrack(|| run_table(game, open.clone(), kept, None)),
            Err(e) => {
                let why = Phrased::with(|lang| G::settings_error(&e, lang));
                bad_link::<G>(shell, move |lang| why.get(lang).to_string())
            }
        }
    };
    let table = match saved {
        Loaded::Ok { save, game } if save.is_for(&link) => {
            untrack(|| run_table(*game, open, false, Some(save.ui.unwrap_or_default())))
        }
        // A saved game whose hand is over holds nothing to lose mid-hand: a new table
        // starts without asking (its first move replaces the save).
        Loaded::Ok { game, .. } if game.outcome().is_some() => fresh(false),
        // Another game is in progress: opening a link must not silently discard it.
        Loaded::Ok { save, game } => save_choice(shell, G::save_summary(shell, &save.record.seed, &game.progress()), saved_table_hash(&save), move || fresh(false)),
        Loaded::Absent => fresh(false),
        // An unusable save is still there: its backup could not be written at start-up
        // (storage full), or another tab put it there since. It is never written over.
        Loaded::Incompatible { .. } | Loaded::Corrupt { .. } => fresh(true),
    };
    view! {
        {set_aside.then(|| view! {
            <p class="notice" role="status" data-testid="save-set-aside">{move || G::set_aside_notice(shell.lang())}</p>
        })}
        {table}
    }
    .into_any()
}

/// Another game is in progress: resume it, or start this table (whose first move
/// replaces it).
fn save_choice(shell: Shell, summary: String, resume: Option<String>, start: impl Fn() -> AnyView + Send + Sync + 'static) -> AnyView {
    let started = RwSignal::new(false);
    let resume = resume.unwrap_or_else(|| "#/".into());
    (move || {
        if started.get() {
            return start();
        }
        let (summary, resume) = (summary.clone(), resume.clone());
        view! {
            <section class="screen page save-choice" data-testid="save-choice">
                <h2>{move || shell.t(Text::SavedGameTitle)}</h2>
                <p class="save-summary" data-testid="save-summary">{summary}</p>
                <p>{move || shell.t(Text::SavedGameReplaced)}</p>
                <a class="button primary" href=resume data-testid="resume-saved">{move || shell.t(Text::ResumeSaved)}</a>
                <button type="button" class="button" data-testid="start-new-table" on:click=move |_| started.set(true)>
                    {move || shell.t(Text::StartThisTable)}
                </button>
                <BackHome/>
            </section>
        }
        .into_any()
    })
    .into_any()
}
