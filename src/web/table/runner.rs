//! A table against bots, for any game (`table::Codec`): the bots on a timer through
//! the table layer's driver, and the autosave — every accepted move written through
//! the shared save envelope to the game's key, never over another tab's save (a
//! storage event from another tab stops this one at once). Shengji's and rummy's
//! tables are this plus their board.

use crate::record::duplicate::{DuplicateResult, Source};
use crate::record::save::{SaveEnvelope, SaveSlot, SlotState, UiState};
use crate::table::{BotSeat, Codec, Decision, Driver, Seat, Turn};
use crate::web::storage::{self, SlotError};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Whether the table's moves are being saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveStatus {
    Saving,
    /// The browser refused the last write (storage full or off).
    Failed,
    /// Another tab saved this game (or another) since: this tab stopped saving.
    Taken,
    /// An unusable save is kept in the key: nothing is saved over it.
    Kept,
}

/// Saves a table's moves under `key`.
#[derive(Clone, Copy)]
pub struct Autosave {
    key: &'static str,
    slot: StoredValue<SaveSlot>,
    pub status: RwSignal<SaveStatus>,
}

impl Autosave {
    /// Writes over what `key` holds now (the game this table resumed, or the one the
    /// player chose to replace) and nothing else; `kept`: the key holds an unusable save
    /// that could not be backed up, never written over. Listens for other tabs' writes.
    pub fn new(key: &'static str, kept: bool) -> Autosave {
        let slot = StoredValue::new(if kept { SaveSlot::kept() } else { SaveSlot::new(storage::get_raw(key).ok().flatten()) });
        let status = RwSignal::new(if kept { SaveStatus::Kept } else { SaveStatus::Saving });
        let listener = window_event_listener(leptos::ev::storage, move |e| {
            let changed = e.key();
            if changed.is_none() || changed.as_deref() == Some(key) {
                let new_value = e.new_value();
                if slot.try_update_value(|s| s.changed_elsewhere(new_value.as_deref())).unwrap_or(false) {
                    status.set(SaveStatus::Taken);
                }
            }
        });
        on_cleanup(move || listener.remove());
        Autosave { key, slot, status }
    }

    /// Saves `game` as played from `seat`, with the screen's own state.
    pub fn save<G: Codec>(&self, game: &G, seat: Seat, ui: Option<UiState>) {
        if self.slot.with_value(|s| s.state() != SlotState::Open) {
            return;
        }
        let text = SaveEnvelope::<G>::new(game, seat, ui).encode();
        let next = match self.slot.try_update_value(|s| storage::write_slot(self.key, s, text)) {
            Some(Ok(())) => SaveStatus::Saving,
            Some(Err(SlotError::Store(_))) => SaveStatus::Failed,
            Some(Err(SlotError::Refused(SlotState::Taken))) => SaveStatus::Taken,
            _ => return,
        };
        if self.status.get_untracked() != next {
            self.status.set(next);
        }
    }
}

/// Keeps `seat`'s result on the hand that just ended with the seed's results (a player's
/// first result on a deal stays, as in duplicate bridge), for the comparison with friends
/// who play the same deal. Called from the move that ended the hand, before any result
/// card reads the results; nothing when the hand is not over.
pub fn record_result<G: Codec>(game: &G, seat: Seat) {
    if let Some(mine) = DuplicateResult::from_game(game, seat, None) {
        // A result that cannot be stored only loses the comparison.
        let _ = storage::add_result(Source::Mine, mine);
    }
}

/// Runs the bots (and a person's automatic moves) on a timer until the screen goes
/// away: `delay` says how long to wait before the next move, `act` makes it (and
/// returns false when the rules refuse it, which stops the loop: a bot's refused move
/// is a bug, reported on the console rather than repeated). A bot that thinks in the bot
/// worker (`table::think::Remote`) is asked there, so the page's frames never wait on
/// it; the returned signal names the seat whose bot is thinking meanwhile (the board
/// shows it once it lasts), and `no_worker` is set if the worker cannot answer.
pub fn run_bots<G, B>(
    game: RwSignal<G, LocalStorage>,
    driver: StoredValue<Driver<B>, LocalStorage>,
    delay: impl Fn(&G) -> u32 + 'static,
    act: impl Fn(Seat, G::Action) -> bool + 'static,
) -> BotsRunning
where
    G: Codec + 'static,
    B: BotSeat<G> + 'static,
{
    let thinking = RwSignal::new(None::<Seat>);
    let no_worker = RwSignal::new(false);
    let alive = Arc::new(AtomicBool::new(true));
    {
        let alive = alive.clone();
        on_cleanup(move || alive.store(false, Ordering::Relaxed));
    }
    spawn_local(async move {
        while let Some(ms) = game.try_with_untracked(|g| delay(g)) {
            TimeoutFuture::new(ms).await;
            if !alive.load(Ordering::Relaxed) {
                break;
            }
            // Who moves next (the person may have moved meanwhile): a bot, the person's
            // automatic move, or nobody until the person chooses.
            let Some(turn) = game.try_with_untracked(|g| driver.with_value(|d| d.turn(g))) else { break };
            let (seat, action) = match turn {
                Turn::Auto(seat, action) => (seat, action),
                // The engine's lookup tables are still being built (in slices): the bot waits.
                Turn::Bot(_) if !G::tables_ready() => continue,
                Turn::Bot(seat) => {
                    let Some((view, moves)) = game.try_with_untracked(|g| (g.view(seat), g.actions().to_vec())) else { break };
                    let Some(Some(decision)) = driver.try_update_value(|d| d.bot_mut(seat).map(|b| b.decide(&view))) else { break };
                    let action = match decision {
                        Decision::Now(action, _) => action,
                        Decision::Ask(job) => {
                            thinking.set(Some(seat));
                            let answer = crate::web::worker::ask(&job).await;
                            if !alive.load(Ordering::Relaxed) {
                                break;
                            }
                            thinking.set(None);
                            // The table may have moved on meanwhile (a take-back and another
                            // play): ask again.
                            if game.try_with_untracked(|g| g.actions() != moves.as_slice()).unwrap_or(true) {
                                continue;
                            }
                            let decided = answer.and_then(|a| driver.try_update_value(|d| d.bot_mut(seat).and_then(|b| b.answered(&a.bytes))).flatten());
                            let Some((action, _)) = decided else {
                                no_worker.set(true);
                                break;
                            };
                            action
                        }
                    };
                    (seat, action)
                }
                Turn::Person(_) | Turn::Over => continue,
            };
            if !act(seat, action) {
                web_sys::console::error_1(&format!("{}: the bot in seat {} chose a refused move", G::NAME, seat + 1).into());
                break;
            }
        }
    });
    BotsRunning { thinking: thinking.read_only(), no_worker: no_worker.read_only() }
}

/// What [`run_bots`] tells the board.
#[derive(Clone, Copy)]
pub struct BotsRunning {
    /// The seat whose bot the worker is thinking for.
    pub thinking: ReadSignal<Option<Seat>>,
    /// The bot worker could not answer (none in this browser, or another build's): the
    /// bots cannot play on.
    pub no_worker: ReadSignal<bool>,
}
