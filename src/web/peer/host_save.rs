//! The host's table in localStorage (under its game's `PeerTable::HOST_KEY`), so a reload
//! resumes it. Read once when
//! the page opens; then saved only when the table changed, at most every
//! [`SAVE_DELAY_MS`] (a burst of messages is one write) and once more when the page is
//! hidden or left; never over another tab's save (`record::save::SaveSlot`). A saved
//! table that cannot be restored is copied to a numbered backup before anything is
//! written over it, and the host is told in plain words; if even the backup cannot be
//! written, the old table stays where it is and this page saves nothing.

use super::PeerTable;
use crate::i18n::Text;
use crate::net::guest::GuestClient;
use crate::net::host::{Host, HostConfig, HostSnapshot};
use crate::net::protocol::{self, DecodeError};
use crate::record::save::{SaveSlot, SlotState};
use crate::web::shell::Shell;
use crate::web::storage::{self, Backup, SlotError};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A change is saved this long after it happened, with every change made meanwhile.
pub const SAVE_DELAY_MS: u32 = 300;

/// The table as kept in localStorage.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct SavedTable<G: PeerTable> {
    snapshot: HostSnapshot<G>,
    /// The host's own seat's rejoin token.
    token: Option<String>,
}

/// The text stored for the table as it is now.
pub fn table_text<G: PeerTable>(host: &Host<G>, me: &GuestClient<G>) -> String {
    protocol::to_stored_text(&SavedTable { snapshot: host.snapshot(), token: me.token.clone() })
}

/// Why a saved table could not be restored (details for the notice, in English).
pub enum RestoreError {
    Decode(DecodeError),
    /// The game's `LobbyError` (its `Display`).
    Restore(Box<dyn fmt::Display + Send + Sync>),
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Decode(e) => write!(f, "the saved table could not be read: {e}"),
            RestoreError::Restore(e) => write!(f, "the saved table could not be set up again: {e}"),
        }
    }
}

/// What the host is told about saving its table.
pub enum SaveNotice {
    /// The saved table could not be restored; it was copied to a backup.
    SetAside { error: RestoreError, backup: Backup },
    /// The saved table could not be restored nor backed up: it stays, nothing is saved.
    KeptInPlace { error: RestoreError },
    /// Another tab saves the table now: this one stopped.
    Taken,
    /// The browser refused to save (storage full or off).
    Failed,
}

/// A saved table, restored.
pub struct Restored<G: PeerTable> {
    pub host: Host<G>,
    pub token: Option<String>,
}

/// Reads the saved table: the restored host if there is one that works, and the saver,
/// which remembers what the key held (and backs up an unusable table before its first
/// write).
pub fn load<G: PeerTable>(entropy: [u8; 32], now: u64) -> (Option<Restored<G>>, Saver) {
    let key = G::HOST_KEY;
    let stored = storage::get_raw(key).ok().flatten();
    let mut saver = Saver { key, slot: SaveSlot::new(stored.clone()), aside: None, pending: false, failed: false };
    let Some(text) = stored else { return (None, saver) };
    let restored = protocol::from_stored_text::<SavedTable<G>>(&text).map_err(RestoreError::Decode).and_then(|t| {
        Host::restore(t.snapshot, entropy, HostConfig::default(), now)
            .map(|host| Restored { host, token: t.token })
            .map_err(|e| RestoreError::Restore(Box::new(e)))
    });
    match restored {
        Ok(r) => (Some(r), saver),
        Err(error) => {
            saver.aside = Some((text, error));
            (None, saver)
        }
    }
}

/// Saves the host's table: only changes, only over its own last save.
pub struct Saver {
    /// The game's key (`PeerTable::HOST_KEY`).
    key: &'static str,
    slot: SaveSlot,
    /// A saved table that could not be restored, to back up before the first write.
    aside: Option<(String, RestoreError)>,
    pending: bool,
    /// A failed write was reported (once).
    failed: bool,
}

impl Saver {
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
    /// The table's text as it is now (`None` once the page is gone).
    text: Box<dyn Fn() -> Option<String>>,
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
    pub fn new(saver: Saver, text: impl Fn() -> Option<String> + 'static) -> Autosave {
        Autosave { state: StoredValue::new_local(AutosaveState { saver, text: Box::new(text) }), notice: RwSignal::new(None) }
    }

    /// The table changed: it is saved [`SAVE_DELAY_MS`] later (with what changes meanwhile).
    pub fn changed(self) {
        if self.state.try_update_value(|s| s.saver.mark()).unwrap_or(false) {
            spawn_local(async move {
                TimeoutFuture::new(SAVE_DELAY_MS).await;
                self.save_now();
            });
        }
    }

    /// Saves now if the table changed since this tab last saved it.
    pub fn save_now(self) {
        let notice = self.state.try_update_value(|s| {
            let AutosaveState { saver, text } = s;
            text().and_then(|t| saver.flush(|| t))
        });
        self.tell(notice.flatten());
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
        self.state.try_update_value(|s| s.saver.close()).unwrap_or(false)
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
