//! Keeping saves safe: numbered backups of unusable saves (at most [`MAX_BACKUPS`] per key)
//! and the save slot, which writes a table's save only over its own last write, never over
//! another tab's.

/// At most this many backups of unusable saves are kept per key; beyond it the oldest
/// are deleted (and the notice says so), never before the new backup is written.
pub const MAX_BACKUPS: usize = 8;

/// The key of backup `n` of `key`: `<key>.backup.<n>` from 1 on; 0 is the single
/// `<key>.backup` that earlier versions wrote (kept, and counted as the oldest).
pub fn backup_key(key: &str, n: u64) -> String {
    if n == 0 {
        format!("{key}.backup")
    } else {
        format!("{key}.backup.{n}")
    }
}

/// The backup number of `candidate` if it is a backup key of `key` as [`backup_key`]
/// writes it (plain decimal, no leading zero).
pub fn backup_number(key: &str, candidate: &str) -> Option<u64> {
    let rest = candidate.strip_prefix(key)?.strip_prefix(".backup")?;
    if rest.is_empty() {
        return Some(0);
    }
    let digits = rest.strip_prefix('.')?;
    if digits.starts_with('0') {
        return None;
    }
    // Plain decimal digits that fit a u64 (a hand-rolled loop: no number parser in the wasm).
    let mut n: u64 = 0;
    for b in digits.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    (n > 0).then_some(n)
}

/// Where the next backup of a key goes and which backups to delete once it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupPlan {
    /// The new backup's number (after the newest existing one).
    pub number: u64,
    /// The oldest existing backups beyond [`MAX_BACKUPS`], oldest first.
    pub drop: Vec<u64>,
}

/// Plans a new backup given the numbers of the existing ones (any order).
pub fn plan_backup(existing: &[u64]) -> BackupPlan {
    // A handful of numbers: plain scans (no sort code in the wasm).
    let mut kept: Vec<u64> = Vec::new();
    for &n in existing {
        if !kept.contains(&n) {
            kept.push(n);
        }
    }
    let number = match kept.iter().max() {
        None => 1,
        Some(&n) if n < u64::MAX => n + 1,
        // Never write over an existing backup: the smallest free number instead.
        Some(_) => (1..).find(|n| !kept.contains(n)).unwrap_or(1),
    };
    let mut drop = Vec::new();
    while kept.len() >= MAX_BACKUPS {
        let Some((i, _)) = kept.iter().enumerate().min_by_key(|(_, &n)| n) else { break };
        drop.push(kept.swap_remove(i));
    }
    BackupPlan { number, drop }
}

/// Whether a tab may still write its save to a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotState {
    /// This tab's save: it writes there.
    Open,
    /// Another tab wrote to (or removed) the key since this tab last wrote or read it:
    /// this tab writes no more.
    Taken,
    /// The key holds a save that could not be set aside: nothing is written over it.
    Kept,
    /// The player dropped this table (the page is leaving): nothing more is written.
    Closed,
}

/// What [`SaveSlot::check`] decided about a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotWrite {
    /// Storage already holds this text.
    Unchanged,
    /// Write it (then call [`SaveSlot::written`]).
    Write,
    /// Do not write; why.
    Refused(SlotState),
}

/// One tab's view of the storage key it saves to: what it last wrote or found there.
/// A tab writes only over its own last write (or what it found and chose to replace),
/// so two tabs never overwrite each other's game and an unreadable save kept in place
/// is never written over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveSlot {
    expected: Option<String>,
    state: SlotState,
}

impl SaveSlot {
    /// A slot that replaces `found` (what the key held when this tab took it).
    pub fn new(found: Option<String>) -> SaveSlot {
        SaveSlot { expected: found, state: SlotState::Open }
    }

    /// A slot whose key holds a save that must not be written over.
    pub fn kept() -> SaveSlot {
        SaveSlot { expected: None, state: SlotState::Kept }
    }

    pub fn state(&self) -> SlotState {
        self.state
    }

    /// Decides whether to write `text`, given what the key holds `now`. A key that
    /// changed since this tab's last write (another tab) takes the slot away for good.
    pub fn check(&mut self, text: &str, now: Option<&str>) -> SlotWrite {
        if self.state != SlotState::Open {
            return SlotWrite::Refused(self.state);
        }
        if now != self.expected.as_deref() {
            self.state = SlotState::Taken;
            return SlotWrite::Refused(SlotState::Taken);
        }
        if now == Some(text) {
            SlotWrite::Unchanged
        } else {
            SlotWrite::Write
        }
    }

    /// `text` was written.
    pub fn written(&mut self, text: String) {
        self.expected = Some(text);
    }

    /// Another tab set the key to `new_value` (a `storage` event). True if that took
    /// the slot away just now.
    pub fn changed_elsewhere(&mut self, new_value: Option<&str>) -> bool {
        if self.state != SlotState::Open || new_value == self.expected.as_deref() {
            return false;
        }
        self.state = SlotState::Taken;
        true
    }

    /// Nothing more is written (the player dropped this table).
    pub fn close(&mut self) {
        self.state = SlotState::Closed;
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::{Lang, Text};

    #[test]
    fn the_backup_notice_names_the_cap() {
        let cap = super::MAX_BACKUPS.to_string();
        for lang in [Lang::En, Lang::Zh] {
            assert!(lang.t(Text::BackupsDropped).contains(&cap), "{lang:?}");
        }
    }
}
