//! A table against bots (`#/play/shengji?seed=…`): one engine `Game` in a signal, you
//! in your seat and heuristic bots in the others acting on a timer. Every move (yours
//! or a bot's) goes through `Game::apply` and is then saved to localStorage (the saved
//! game resumes when its link is opened again); a refused move only shows its reason.
//! The table saves only over its own last save: when another tab writes the game, or an
//! unreadable save could not be backed up, it stops saving and says so.

use crate::cards::Card;
use crate::dup::TableSeed;
use crate::i18n::{Lang, Text};
use crate::record::duplicate::{fingerprint, DuplicateResult};
use crate::ui_model::shengji::{encode_record, ShareLink};
use crate::record::save::{Loaded, SaveEnvelope, SaveError, UiState};
use crate::record::Source;
use crate::routes::Route;
use crate::shengji::bot::bots_for;
use crate::table::think::Remote;
use crate::table::{Codec, Driver};
use crate::shengji::game::{Action, Event, Game, PhaseName, RuleError, Seat};
use crate::ui_model::messages::{rule_error, seed_error};
use crate::ui_model::peer_messages::settings_error;
use crate::ui_model::table::{BotLevels, Pace, TableParams};
use crate::web::shell::{absolute, random_seed, replace_hash, BackHome, Shell};
use crate::web::table::runner::{record_result, run_bots, Autosave};
use crate::web::shengji::new_game::table_hash;
use crate::web::shengji::review::{numbered, ResultCard};
use crate::web::storage::{self, keys, Kept, SaveProblem, SetAside};
use crate::web::table::chrome::{friend_waiting_notice, no_worker_notice, save_notice_box, TableSaveNotice};
use crate::web::shengji::hand::TakeBack;
use crate::web::shengji::field::FieldComparison;
use crate::web::shengji::TableBoard;
use crate::web::table::bot_table::seat_name;
use leptos::prelude::*;

/// A link that makes no table: why, in the page's language, and the way to a new game.
fn bad_link(shell: Shell, why: impl Fn(Lang) -> String + Send + Sync + 'static) -> AnyView {
    view! {
        <section class="screen page" data-testid="table-error">
            <h2>{move || shell.t(Text::NewGameVsBots)}</h2>
            <p class="notice" role="alert" data-testid="table-error-message">{move || shell.t(Text::BadTableLink)}{move || why(shell.lang())}</p>
            <a class="button primary" href="#/new" data-testid="new-game">{move || shell.t(Text::NewGameVsBots)}</a>
            <BackHome/>
        </section>
    }
    .into_any()
}

/// The table link that reopens a saved game: its deal's share link, the saver's
/// seat, and the pace and bots it was played with.
pub fn saved_table_hash(save: &SaveEnvelope<Game>) -> Option<String> {
    let link = save.link()?;
    let ui = save.ui.as_ref();
    let pace = ui.and_then(|u| u.pace.as_deref()).and_then(Pace::from_key).unwrap_or_default();
    let players = link.settings.players as usize;
    let bots = ui.and_then(|u| u.bots.as_deref()).and_then(|b| BotLevels::from_key(b, players).ok()).unwrap_or_default();
    Some(table_hash(&TableParams { seed: link.seed, settings: link.settings, seat: link.seat, pace, bots }))
}

/// A short line about a saved game: seed, hand and trick.
fn save_summary(shell: Shell, save: &SaveEnvelope<Game>, game: &Game) -> String {
    let tricks = game.tricks().len() + usize::from(game.phase() == PhaseName::Play);
    format!(
        "{} {} · {} · {}",
        shell.t(Text::Seed),
        save.record.seed,
        numbered(shell, Text::HandNumber, game.hand_number() + 1),
        numbered(shell, Text::TrickNumber, tricks.max(1))
    )
}

/// The home screen's way back into the saved game: its link and a summary, if a
/// usable game is saved.
pub fn saved_game_entry(shell: Shell) -> Option<(String, String)> {
    match storage::load_game() {
        Loaded::Ok { save, game } => Some((saved_table_hash(&save)?, save_summary(shell, &save, &game))),
        _ => None,
    }
}

#[component]
pub fn Table(query: Vec<(String, String)>) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let mut query = query;
    // The address bar shows the deal's plain link: with the seed a link without one was
    // given, without a friend's result. Set after mounting (never while rendering), with
    // no history entry.
    let mut plain_hash = None;
    if !query.iter().any(|(k, _)| k == "seed") {
        query.insert(0, ("seed".into(), random_seed()));
        plain_hash = TableParams::from_query(&query).ok().map(|p| table_hash(&p));
    }
    let params = match TableParams::from_query(&query) {
        Ok(p) => p,
        Err(e) => return bad_link(shell, move |lang| e.phrase(lang)),
    };
    let seed = match TableSeed::parse(&params.seed) {
        Ok(s) => s,
        Err(e) => return bad_link(shell, move |lang| seed_error(&e, lang)),
    };
    // A friend's result (`r=`) is kept for the side-by-side card after the hand; the
    // address bar then shows the plain link of the deal.
    let deal: Vec<(String, String)> = query.iter().filter(|(k, _)| k != "pace" && k != "bots").cloned().collect();
    let friend_result = match ShareLink::from_query(&deal) {
        Ok(ShareLink { result: Some(r), .. }) => {
            plain_hash = Some(table_hash(&params));
            Some(r)
        }
        _ => None,
    };
    // Stored by the effect below, after this table is set up: the table is told directly.
    let friend_linked = friend_result.as_ref().is_some_and(|r| r.hand == 0);
    Effect::new(move |_| {
        if let Some(r) = friend_result.clone() {
            let _ = storage::add_result(Source::Link, r);
        }
        if let Some(h) = &plain_hash {
            replace_hash(h);
        }
    });
    let link = ShareLink::new(&seed, &params.settings, params.seat);
    let fresh = {
        let (settings, seed) = (params.settings.clone(), seed.clone());
        move || Game::new(settings.clone(), seed.clone())
    };
    match storage::load_game() {
        Loaded::Ok { save, game } if save.is_for(&link) => {
            let selected = save.ui.map(|u| u.selected.iter().filter_map(|c| c.parse::<Card>().ok()).collect()).unwrap_or_default();
            view! { <LocalTable friend_linked=friend_linked params=params.clone() seed=link.table_seed() game=*game selected=selected/> }.into_any()
        }
        // A saved game whose hand is over holds nothing to lose mid-hand: a new table
        // starts without asking (its first move replaces the save).
        Loaded::Ok { game, .. } if crate::table::Game::outcome(&*game).is_some() => match fresh() {
            Ok(g) => view! { <LocalTable friend_linked=friend_linked params=params.clone() seed=link.table_seed() game=g/> }.into_any(),
            Err(e) => bad_link(shell, move |lang| settings_error(&e, lang)),
        },
        Loaded::Ok { save, game } => {
            // Another game is saved: opening a link must not silently discard it.
            let started = RwSignal::new(false);
            let summary = save_summary(shell, &save, &game);
            let resume = saved_table_hash(&save).unwrap_or_else(|| "#/".into());
            let params = params.clone();
            let table_seed = link.table_seed();
            view! {
                {move || if started.get() {
                    match fresh() {
                        Ok(g) => view! { <LocalTable friend_linked=friend_linked params=params.clone() seed=table_seed.clone() game=g/> }.into_any(),
                        Err(e) => bad_link(shell, move |lang| settings_error(&e, lang)),
                    }
                } else {
                    let summary = summary.clone();
                    let resume = resume.clone();
                    view! {
                        <section class="screen page save-choice" data-testid="save-choice">
                            <h2>{move || shell.t(Text::SavedGameTitle)}</h2>
                            <p class="save-summary" data-testid="save-summary">{summary}</p>
                            <p>{move || shell.t(Text::SavedGameReplaced)}</p>
                            <a class="button primary" href=resume data-testid="resume-saved">{move || shell.t(Text::ResumeSaved)}</a>
                            <button type="button" class="button" data-testid="start-new-table"
                                on:click=move |_| started.set(true)>
                                {move || shell.t(Text::StartThisTable)}
                            </button>
                            <BackHome/>
                        </section>
                    }.into_any()
                }}
            }
            .into_any()
        }
        Loaded::Absent => match fresh() {
            Ok(g) => view! { <LocalTable friend_linked=friend_linked params=params.clone() seed=link.table_seed() game=g/> }.into_any(),
            Err(e) => bad_link(shell, move |lang| settings_error(&e, lang)),
        },
        // An unusable save is still there: its backup could not be written at start-up
        // (storage full), or another tab put it there since. It is never written over.
        Loaded::Incompatible { .. } | Loaded::Corrupt { .. } => match fresh() {
            Ok(g) => view! { <LocalTable friend_linked=friend_linked params=params.clone() seed=link.table_seed() game=g kept=true/> }.into_any(),
            Err(e) => bad_link(shell, move |lang| settings_error(&e, lang)),
        },
    }
}

/// The running table: `game` (new or resumed) against bots, saved after every action.
#[component]
fn LocalTable(
    params: TableParams,
    seed: TableSeed,
    game: Game,
    /// The selection saved with a resumed game.
    #[prop(optional)]
    selected: Vec<Card>,
    /// The save key holds an unusable save that could not be backed up: never written over.
    #[prop(optional)]
    kept: bool,
    /// The link carried a friend's result on this deal's first hand.
    friend_linked: bool,
) -> impl IntoView {
    let shell = expect_context::<Shell>();
    let me = params.seat;
    let players = game.players();
    let pace = params.pace.millis();
    let pace_key = params.pace.key();
    let game = RwSignal::new_local(game);
    let seed_for_card = seed.clone();
    // The table layer's driver: a bot in every seat but yours (yours only draws for you).
    // Every bot thinks in the bot worker: the page keeps each as state (`table::think`).
    let driver = StoredValue::new_local(Driver::new(
        bots_for(&seed, players, &params.bots.seats(players)).into_iter().map(Remote::<Game>::new).collect(),
        (0..players).map(|s| s == me).collect(),
    ));
    // The refusal is kept as the engine's error and phrased in the current language.
    let refusal = RwSignal::new(None::<(Seat, RuleError)>);
    // Where the moves are saved: over what the key held when the table opened (the game
    // it resumed, or the one the player chose to replace), never over another tab's save.
    let autosave = Autosave::new(keys::SAVED_GAME, kept);
    let status = autosave.status;

    // The cards selected in your hand, kept with the save (restored on resume).
    let selection = StoredValue::new(Vec::<Card>::new());
    let bots_key = StoredValue::new(params.bots.key(players, me));
    let save = move || {
        let ui = UiState {
            pace: (params.pace != Pace::default()).then(|| pace_key.to_string()),
            bots: bots_key.get_value(),
            selected: selection.get_value().iter().map(|c| c.notation()).collect(),
            ..UiState::default()
        };
        game.with_untracked(|g| autosave.save(g, me, Some(ui)));
    };

    let act = move |seat: Seat, action: Action| -> bool {
        match game.try_update(|g| g.apply(seat, &action)) {
            Some(Ok(events)) => {
                refusal.set(None);
                save();
                // The hand just ended: your result joins the seed's results (the first one
                // on a deal stays, as in duplicate bridge), before the result card reads them.
                if events.iter().any(|e| matches!(e, Event::HandFinished(_))) {
                    game.with_untracked(|g| record_result(g, me));
                }
                true
            }
            Some(Err(e)) => {
                refusal.set(Some((seat, e)));
                false
            }
            None => false,
        }
    };

    // Take-back against bots: your play in the trick under way and the bots' replies after
    // it, until the trick is complete (`Game::take_back_point`): the table replays its record
    // without them, and saves. The bots wait: it is your turn again.
    let take_back_to = Memo::new(move |_| game.with(|g| g.take_back_point(me)));
    let take_back = TakeBack {
        available: Signal::derive(move || take_back_to.get().is_some()),
        run: Callback::new(move |()| {
            let Some(keep) = take_back_to.get_untracked() else { return };
            let mut record = game.with_untracked(|g| g.record());
            record.actions.truncate(keep);
            if let Ok(back) = crate::shengji::game::replay(&record) {
                game.set(back);
                refusal.set(None);
                save();
            }
        }),
    };

    // The bots (and your own draw) on a timer; cards arrive at the auto-draw speed of the
    // settings, never slower than the bots' pace. A finished trick stays on the table a
    // while before a bot leads the next (longer at a slower pace), so it can be read.
    let trick_pause = params.pace.trick_pause_millis();
    let levels = params.bots.seats(players);
    crate::web::worker::warm_up();
    let bots = run_bots(
        game,
        driver,
        move |g: &Game| {
            let drawing = g.phase() == PhaseName::Draw && g.view(me).deck_left > 0;
            let draw_ms = shell.prefs.with_untracked(|p| p.draw_speed.millis()).min(pace);
            if drawing {
                draw_ms
            } else if g.between_tricks() {
                pace + trick_pause
            } else {
                pace
            }
        },
        act,
    );

    // The result card: your result (recorded by `act` when the hand ended) beside
    // friends' results on the same deal.
    let result_card = ViewFn::from(move || {
        let Some((mine, record)) = game.with(|g| DuplicateResult::from_game(g, me, None).map(|r| (r, g.record()))) else {
            return ().into_any();
        };
        let friends: Vec<DuplicateResult<Game>> = storage::seed_results::<Game>(&mine.seed)
            .results
            .into_iter()
            .filter(|s| s.source == Source::Link && s.result.same_deal(&mine))
            .map(|s| s.result)
            .collect();
        let share_url = (mine.hand == 0).then(|| {
            let link = ShareLink::new(&seed_for_card, &record.settings, me).with_result(mine.clone());
            absolute(&link.to_hash())
        });
        let replay_hash = Route::Replay { record: encode_record(&record) }.to_hash();
        let replay_url = absolute(&replay_hash);
        let field = game.with(|g| g.seat_result(me).map(|r| (g.clone(), r)));
        let levels = levels.clone();
        view! {
            <ResultCard mine=mine friends=friends share_url=share_url replay_hash=replay_hash replay_url=replay_url/>
            {field.map(|(g, r)| view! { <FieldComparison game=g seat=me levels=levels mine=r/> })}
        }.into_any()
    });
    // A friend's result on this deal waits (unseen) until you finish the hand.
    let friend_waiting = friend_linked || {
        let fp = fingerprint::<Game>(&params.settings);
        storage::seed_results::<Game>(seed.as_str()).results.iter().any(|s| s.source == Source::Link && s.result.fingerprint == fp && s.result.hand == 0)
    };

    let view = Memo::new(move |_| game.with(|g| g.view(me)));
    let error = Signal::derive(move || {
        let lang = shell.lang();
        refusal.with(|r| {
            r.as_ref().map(|(seat, e)| {
                let colon = if lang == Lang::Zh { "：" } else { ": " };
                format!("{}{colon}{}", seat_name(*seat, me, lang), rule_error(e, &|s| seat_name(s, me, lang), lang))
            })
        })
    });
    let names = Signal::derive(move || (0..players).map(|s| seat_name(s, me, shell.lang())).collect::<Vec<_>>());
    let act_mine = Callback::new(move |action: Action| {
        act(me, action);
    });
    let on_selection = Callback::new(move |cards: Vec<Card>| {
        if selection.with_value(|s| *s != cards) {
            selection.set_value(cards);
            // Only a game that has started is saved (opening a link replaces nothing).
            if game.with_untracked(|g| !g.actions().is_empty()) {
                save();
            }
        }
    });

    let notices = ViewFn::from(move || view! {
        {no_worker_notice(bots.no_worker.into())}
        {friend_waiting_notice(move || friend_waiting && view.with(|v| v.hand_number == 0 && v.result.is_none()), move || shell.t(Text::FriendResultWaiting))}
        <TableSaveNotice status=status/>
    });

    view! {
        <TableBoard view=view names=names act=act_mine error=error adviser_seed=seed.clone() result_card=result_card thinking=bots.thinking
            adviser=crate::shengji::bot::Difficulty::Expert
            initial_selection=selected on_selection=on_selection notices=notices take_back=take_back>
            <p class="seed-line">{move || shell.t(Text::Seed)} ": " <code data-testid="seed">{params.seed.clone()}</code></p>
            <BackHome/>
        </TableBoard>
    }
}

/// The home screen's notice when the saved game was set aside at start-up: why, and
/// where it was kept (or that it stays in place because no backup could be written).
#[component]
pub fn SaveNotice() -> impl IntoView {
    let shell = expect_context::<Shell>();
    let Some(SetAside(notice)) = use_context::<SetAside>() else { return ().into_any() };
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
