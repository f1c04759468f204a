//! The game in play at a table against bots: one engine game in a signal, the person in
//! their seat and bots in the others (the table layer's driver, on a timer); every move
//! goes through `Game::apply`, then is saved with the screen's state (pace, bots, the
//! selected cards); a refused move of the person's only shows its reason; a take-back
//! replays the move log without the moves taken back; the board draws it all.

use crate::dup::TableSeed;
use crate::record::replay_code::encode;
use crate::record::save::UiState;
use crate::routes::Route;
use crate::table::{replay, BotSeat, Driver, Record, Seat};
use crate::ui_model::table::{Pace, TableParams};
use crate::web::shell::Shell;
use crate::web::table::bot_table::{seat_name, BotTable, LocalTable, TakeBack};
use crate::web::table::runner::{record_result, run_bots, Autosave};
use leptos::prelude::*;

/// What the link says about the table to open.
pub struct OpenTable<G: BotTable> {
    pub params: TableParams<G, G::Level>,
    pub seed: TableSeed,
    /// The first deal's share link (`#/play/<game>?seed=…`).
    pub deal_hash: String,
    /// A friend's result on the first deal is waiting for the end of the deal.
    pub friend_waiting: bool,
}

impl<G: BotTable> Clone for OpenTable<G> {
    fn clone(&self) -> Self {
        OpenTable { params: self.params.clone(), seed: self.seed.clone(), deal_hash: self.deal_hash.clone(), friend_waiting: self.friend_waiting }
    }
}

/// Runs `game` (new, or `resumed` from a save with its UI state: the selected cards and where
/// each bot's stream stood) as the link says: the driver, the bots' timer, the autosave and
/// the board. `kept`: the save key holds an unusable save that could not be backed up, never
/// written over.
pub fn run_table<G: BotTable>(game: G, open: OpenTable<G>, kept: bool, resumed: Option<UiState>) -> AnyView {
    let shell = expect_context::<Shell>();
    let OpenTable { params, seed, deal_hash, friend_waiting } = open;
    let players = game.players();
    let seat = params.seat.min(players.saturating_sub(1));
    let levels = params.bots.seats(players);
    let game = RwSignal::new_local(game);
    let was_saved = resumed.is_some();
    let (selected, streams) = resumed.map(|ui| (ui.selected, ui.streams)).unwrap_or_default();
    let mut bots = G::bots(&seed, &levels);
    // A resumed table's bots go on from where their streams stood when it was saved, as an
    // unbroken run's would (a save from before they were kept: from the hand's start).
    if streams.len() == bots.len() {
        for (bot, at) in bots.iter_mut().zip(&streams) {
            if let Some(at) = at {
                bot.resume_stream(*at);
            }
        }
    }
    let driver = StoredValue::new_local(Driver::new(bots, (0..players).map(|s| s == seat).collect()));
    let view = Memo::new(move |_| game.with(|g| g.view(seat)));
    // Where the moves are saved: over what the key held when the table opened (the game
    // it resumed, or the one the player chose to replace), never over another tab's save.
    let autosave = Autosave::new(G::SAVE_KEY, kept);
    let refusal = RwSignal::new(None::<G::Error>);
    let resumed = RwSignal::new(was_saved);
    let names = Signal::derive(move || (0..players).map(|s| seat_name(s, seat, shell.lang())).collect::<Vec<_>>());

    // The cards selected in the hand are saved with the game, as are the pace and bots.
    let selection = StoredValue::new(selected.clone());
    let (pace, bots_key) = (params.pace, params.bots.key(players, seat));
    let save = move || {
        let ui = UiState {
            pace: (pace != Pace::default()).then(|| pace.key().to_string()),
            bots: bots_key.clone(),
            selected: selection.get_value(),
            at: game.with_untracked(G::progress),
            streams: driver.with_value(|d| (0..players).map(|s| d.bot(s).and_then(|b| b.stream_at())).collect()),
            ..UiState::default()
        };
        let ui = (ui != UiState::default()).then_some(ui);
        game.with_untracked(|g| autosave.save(g, seat, ui));
    };
    let save = StoredValue::new(save);

    let act = move |who: Seat, action: G::Action| -> bool {
        let hand_open = game.with_untracked(|g| g.outcome().is_none());
        match game.try_update(|g| g.apply(who, &action)) {
            Some(Ok(_)) => {
                // A hand just ended: your result joins the seed's results (the first on each
                // deal stays), for the comparison with friends who play the same deal (before
                // the board reads them).
                if hand_open && game.with_untracked(|g| g.outcome().is_some()) {
                    game.with_untracked(|g| record_result(g, seat));
                }
                if who == seat {
                    refusal.set(None);
                    resumed.set(false);
                }
                save.with_value(|s| s());
                true
            }
            Some(Err(e)) => {
                if who == seat {
                    refusal.set(Some(e));
                }
                false
            }
            None => false,
        }
    };
    let prefs = shell.prefs;
    let bots = run_bots(game, driver, move |g: &G| prefs.with_untracked(|p| g.delay(pace, p)), act);

    // Take-back: the table replays its record without the moves taken back, and saves.
    // The bots wait: it is the person's turn again.
    let take_back = G::TAKES_BACK.then(|| {
        let take_back_to = Memo::new(move |_| game.with(|g| g.take_back_point(seat)));
        TakeBack {
            available: Signal::derive(move || take_back_to.get().is_some()),
            run: Callback::new(move |()| {
                let Some(keep) = take_back_to.get_untracked() else { return };
                let mut record = game.with_untracked(Record::of);
                record.actions.truncate(keep);
                if let Ok(back) = replay(&record) {
                    game.set(back);
                    refusal.set(None);
                    save.with_value(|s| s());
                }
            }),
        }
    });
    let on_selection = Callback::new(move |cards: Vec<String>| {
        if selection.with_value(|s| *s != cards) {
            selection.set_value(cards);
            // Only a game that has started is saved (opening a link replaces nothing).
            if game.with_untracked(|g| !g.actions().is_empty()) {
                save.with_value(|s| s());
            }
        }
    });

    G::board(LocalTable {
        seat,
        view,
        names,
        act: Callback::new(move |a: G::Action| {
            act(seat, a);
        }),
        refusal: Signal::derive(move || refusal.with(|e| e.as_ref().map(|e| G::rule_error(e, &|s| names.with(|n| n[s].clone()), shell.lang())))),
        save_status: autosave.status,
        resumed,
        seed,
        levels,
        deal_hash,
        friend_waiting,
        replay_hash: Memo::new(move |_| game.with(|g| g.outcome().is_some().then(|| Route::Replay { record: encode(&Record::of(g)) }.to_hash()))),
        finished: if G::READS_FINISHED {
            Signal::derive_local(move || game.with(|g| g.outcome().is_some().then(|| g.clone())))
        } else {
            Signal::derive_local(|| None)
        },
        thinking: bots.thinking,
        no_worker: bots.no_worker,
        take_back,
        selected,
        on_selection,
    })
}
