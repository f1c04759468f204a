//! The host's table in localStorage (under its game's `PeerTable::HOST_KEY`), so a reload
//! resumes it. Read once when the page opens (the page's worker restores it, and makes
//! the text of every later state: `worker::session`); then saved only when the table changed, at most every
//! [`SAVE_DELAY_MS`] (a burst of messages is one write) and once more when the page is
//! hidden or left; never over another tab's save (`record::save::SaveSlot`). A saved
//! table that cannot be restored is copied to a numbered backup before anything is
//! written over it, and the host is told in plain words; if even the backup cannot be
//! written, the old table stays where it is and this page saves nothing.
//!
//! The host's own changes (a lobby change, its move) reach the table through the worker,
//! so a page left straight after one would lose it: until the worker answers, each is kept
//! in a journal that every save writes beside the table (`<key>.unanswered`), and the
//! next page sends it to the worker again once the table is restored.

use crate::i18n::Text;
use crate::record::save::{SaveSlot, SlotState};
use crate::web::shell::Shell;
use crate::web::storage::{self, Backup, SlotError};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// A change is saved this long after it happened, with every change made meanwhile.
pub const SAVE_DELAY_MS: u32 = 300;

/// What the host is told about saving its table. A saved table that could not be restored
/// comes with why (the worker's words, in English: `worker::session::HostReply::restore_error`).
pub enum SaveNotice {
    /// The saved table could not be restored; it was copied to a backup.
    SetAside { error: String, backup: Backup },
    /// The saved table could not be restored nor backed up: it stays, nothing is saved.
    KeptInPlace { error: String },
    /// Another tab saves the table now: this one stopped.
    Taken,
    /// The browser refused to save (storage full or off).
    Failed,
}

/// Reads the saved table under `key` (the game's `PeerTable::HOST_KEY`): its text, for the
/// worker to restore, the host's changes the worker had not answered when the page was
/// left (the worker's calls, to send again once the table is restored), and the saver,
/// which remembers what the key held.
pub fn open(key: &'static str) -> (Option<String>, Vec<Vec<u8>>, Saver) {
    let stored = storage::get_raw(key).ok().flatten();
    let unanswered = match &stored {
        Some(_) => storage::get_raw(&journal_key(key)).ok().flatten().map(|j| read_journal(&j)).unwrap_or_default(),
        None => Vec::new(),
    };
    (stored.clone(), unanswered, Saver { key, slot: SaveSlot::new(stored), aside: None, pending: false, failed: false })
}

fn journal_key(key: &str) -> String {
    format!("{key}.unanswered")
}

/// The journal as text: each call in hex, one a line.
fn write_journal(calls: &[(u64, Vec<u8>)]) -> String {
    calls.iter().map(|(_, c)| c.iter().map(|b| format!("{b:02x}")).collect::<String>()).collect::<Vec<_>>().join("\n")
}

/// The calls of a journal; a line that is not hex is skipped (the worker refuses a call
/// that does not read, so a damaged one changes nothing).
fn read_journal(text: &str) -> Vec<Vec<u8>> {
    let byte = |pair: &[u8]| std::str::from_utf8(pair).ok().and_then(|p| u8::from_str_radix(p, 16).ok());
    text.lines()
        .filter(|l| !l.is_empty() && l.len() % 2 == 0)
        .filter_map(|l| l.as_bytes().chunks(2).map(byte).collect::<Option<Vec<u8>>>())
        .collect()
}

/// Saves the host's table: only changes, only over its own last save.
pub struct Saver {
    /// The game's key (`PeerTable::HOST_KEY`).
    key: &'static str,
    slot: SaveSlot,
    /// A saved table that could not be restored (and why), to back up before the first write.
    aside: Option<(String, String)>,
    pending: bool,
    /// A failed write was reported (once).
    failed: bool,
}

impl Saver {
    /// The saved `text` could not be restored (`error`, why): it is backed up before
    /// anything is written over it.
    pub fn set_aside(&mut self, text: String, error: String) {
        self.aside = Some((text, error));
    }

    /// The table changed: true if a save should be scheduled (none is pending yet).
    pub fn mark(&mut self) -> bool {
        !std::mem::replace(&mut self.pending, true)
    }

    /// Saves `text()` now if it differs from what this tab last saved and the key is
    /// still this tab's, backing up an unusable saved table first. A notice to show.
    pub fn flush(&mut self, text: impl FnOnce() -> String) -> Option<SaveNotice> {
        self.pending = false;
        let mut notice = None;
        if let Some((raw, error)) = self.aside.take() {
            match storage::back_up(self.key, &raw) {
                Ok(backup) => notice = Some(SaveNotice::SetAside { error, backup }),
                Err(_) => {
                    self.slot = SaveSlot::kept();
                    return Some(SaveNotice::KeptInPlace { error });
                }
            }
        }
        if self.slot.state() != SlotState::Open {
            return notice;
        }
        match storage::write_slot(self.key, &mut self.slot, text()) {
            Ok(()) => self.failed = false,
            Err(SlotError::Refused(SlotState::Taken)) => notice = Some(SaveNotice::Taken),
            Err(SlotError::Refused(_)) => {}
            Err(SlotError::Store(_)) => {
                if !std::mem::replace(&mut self.failed, true) {
                    notice = Some(SaveNotice::Failed);
                }
            }
        }
        notice
    }

    /// A `storage` event from another tab for the table's key: the notice if that tab has
    /// just taken the table over.
    pub fn changed_elsewhere(&mut self, new_value: Option<&str>) -> Option<SaveNotice> {
        self.slot.changed_elsewhere(new_value).then_some(SaveNotice::Taken)
    }

    /// "Start a new table": nothing more is saved from this page (it is about to reload).
    /// True if the key holds this page's own table, which may then be removed; never
    /// another tab's table, nor one that could not be restored and is not backed up.
    pub fn close(&mut self) -> bool {
        let own = self.slot.state() == SlotState::Open && self.aside.is_none();
        self.slot.close();
        own
    }
}

struct AutosaveState {
    saver: Saver,
    /// The table's text as the worker last sent it.
    text: Option<String>,
    /// The host's changes sent to the worker and not answered yet (an id, the call).
    unanswered: Vec<(u64, Vec<u8>)>,
    next_id: u64,
    /// A journal is in storage (to remove once nothing is unanswered).
    journal_written: bool,
}

/// The page's handle on saving: [`Autosave::changed`] after every change, a save a
/// moment later (one for a whole burst), a save when the page is hidden or left, and
/// the latest notice to show.
#[derive(Clone, Copy)]
pub struct Autosave {
    state: StoredValue<AutosaveState, LocalStorage>,
    notice: RwSignal<Option<SaveNotice>>,
}

impl Autosave {
    pub fn new(saver: Saver) -> Autosave {
        Autosave {
            state: StoredValue::new_local(AutosaveState { saver, text: None, unanswered: Vec::new(), next_id: 0, journal_written: false }),
            notice: RwSignal::new(None),
        }
    }

    /// The saved table could not be restored: see [`Saver::set_aside`].
    pub fn set_aside(self, text: String, error: String) {
        self.state.try_update_value(|s| s.saver.set_aside(text, error));
    }

    /// The table changed to `text`: it is saved [`SAVE_DELAY_MS`] later (with what changes
    /// meanwhile).
    pub fn changed(self, text: String) {
        self.state.try_update_value(|s| s.text = Some(text));
        if self.state.try_update_value(|s| s.saver.mark()).unwrap_or(false) {
            spawn_local(async move {
                TimeoutFuture::new(SAVE_DELAY_MS).await;
                self.save_now();
            });
        }
    }

    /// The host made a change (`call`, the worker's bytes) that the worker has not answered
    /// yet: it is journaled until [`Autosave::answered`] is called with the id returned.
    pub fn sent(self, call: Vec<u8>) -> u64 {
        self.state
            .try_update_value(|s| {
                s.next_id += 1;
                s.unanswered.push((s.next_id, call));
                s.next_id
            })
            .unwrap_or(0)
    }

    /// The worker answered the change `id` (its reply's text carries it from now on).
    pub fn answered(self, id: u64) {
        self.state.try_update_value(|s| s.unanswered.retain(|(i, _)| *i != id));
    }

    /// Saves now if the table changed since this tab last saved it, with the journal of
    /// unanswered changes beside it (or without one, when everything was answered).
    pub fn save_now(self) {
        let notice = self.state.try_update_value(|s| {
            let AutosaveState { saver, text, unanswered, journal_written, .. } = s;
            let notice = text.clone().and_then(|t| saver.flush(|| t));
            if saver.slot.state() == SlotState::Open {
                let key = journal_key(saver.key);
                if !unanswered.is_empty() {
                    *journal_written = storage::set_raw(&key, &write_journal(unanswered)).is_ok();
                } else if *journal_written && storage::remove(&key).is_ok() {
                    *journal_written = false;
                }
            }
            notice
        });
        self.tell(notice.flatten());
    }

    /// The journal read when the page opened has been sent again: it is removed.
    pub fn journal_replayed(self) {
        if let Some(key) = self.state.try_with_value(|s| journal_key(s.saver.key)) {
            let _ = storage::remove(&key);
        }
    }

    fn tell(self, notice: Option<SaveNotice>) {
        if notice.is_some() {
            self.notice.try_set(notice);
        }
    }

    /// Listens, for as long as the page lives, to another tab saving the table (this one
    /// stops) and to the page being hidden or left (it saves now).
    pub fn watch(self) {
        let own = self.state.with_value(|s| s.saver.key);
        let storage_listener = window_event_listener(leptos::ev::storage, move |e| {
            let key = e.key();
            if key.is_none() || key.as_deref() == Some(own) {
                let new_value = e.new_value();
                self.tell(self.state.try_update_value(|s| s.saver.changed_elsewhere(new_value.as_deref())).flatten());
            }
        });
        let flush = move |_| self.save_now();
        let pagehide = window_event_listener_untyped("pagehide", flush);
        let hidden = window_event_listener_untyped("visibilitychange", flush);
        on_cleanup(move || {
            storage_listener.remove();
            pagehide.remove();
            hidden.remove();
        });
    }

    /// "Start a new table": nothing more is saved from this page. True if the saved table
    /// is this page's own and may be removed (see [`Saver::close`]).
    pub fn close(self) -> bool {
        self.state
            .try_update_value(|s| {
                let own = s.saver.close();
                if own {
                    let _ = storage::remove(&journal_key(s.saver.key));
                }
                own
            })
            .unwrap_or(false)
    }
}

/// The host's latest notice about saving, in the page's language (the reason and the
/// backup's key, which follow it, are not translated).
#[component]
pub fn SaveNotices(autosave: Autosave) -> impl IntoView {
    let shell = expect_context::<Shell>();
    move || {
        autosave.notice.with(|n| {
            n.as_ref().map(|n| {
                let (kind, text, error, backup) = match n {
                    SaveNotice::SetAside { error, backup } => ("set-aside", Text::SaveCorrupt, Some(error), Some(backup)),
                    SaveNotice::KeptInPlace { error } => ("kept", Text::SaveNotMoved, Some(error), None),
                    SaveNotice::Taken => ("taken", Text::SaveTaken, None, None),
                    SaveNotice::Failed => ("failed", Text::SaveFailed, None, None),
                };
                let detail = error.map(|e| format!(" {}: {e}.", shell.t(Text::SaveDetails)));
                let backup = backup.map(|b| {
                    let dropped = if b.dropped > 0 { shell.t(Text::BackupsDropped) } else { "" };
                    format!(" {}: {} {dropped}", shell.t(Text::BackupKeptAs), b.key)
                });
                view! { <p class="notice" role="alert" data-testid="host-save-notice" data-kind=kind>{shell.t(text)}{detail}{backup}</p> }
            })
        })
    }
}
