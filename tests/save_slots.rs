//! Keeping saves safe in the browser, the pure parts: numbered backups of unusable saves
//! (every backup kept up to the cap, the oldest deleted only beyond it) and the save slot
//! that keeps a tab from writing over another tab's save or over a save kept in place.

use tuolaji::record::save::{backup_key, backup_number, plan_backup, BackupPlan, SaveSlot, SlotState, SlotWrite, MAX_BACKUPS};

const KEY: &str = "tuolaji.game.v1";

#[test]
fn backup_keys_are_numbered_and_the_old_single_backup_is_number_zero() {
    assert_eq!(backup_key(KEY, 0), "tuolaji.game.v1.backup");
    assert_eq!(backup_key(KEY, 3), "tuolaji.game.v1.backup.3");
    for n in [0, 1, 7, 12, u64::MAX] {
        assert_eq!(backup_number(KEY, &backup_key(KEY, n)), Some(n));
    }
    for other in ["tuolaji.game.v1", "tuolaji.game.v1.backup.", "tuolaji.game.v1.backup.0", "tuolaji.game.v1.backup.01",
        "tuolaji.game.v1.backup.x", "tuolaji.game.v1.backup.1.2", "tuolaji.game.v1.backupx", "tuolaji.peer.host.v2.backup.1",
        "tuolaji.game.v1.backup.99999999999999999999"] {
        assert_eq!(backup_number(KEY, other), None, "{other}");
    }
    // The host's table has its own backups.
    assert_eq!(backup_number("tuolaji.peer.host.v2", "tuolaji.peer.host.v2.backup.2"), Some(2));
}

#[test]
fn a_second_unreadable_save_does_not_replace_the_first_backup() {
    assert_eq!(plan_backup(&[]), BackupPlan { number: 1, drop: vec![] });
    // The old single backup stays; the next one is numbered after it.
    assert_eq!(plan_backup(&[0]), BackupPlan { number: 1, drop: vec![] });
    assert_eq!(plan_backup(&[1]), BackupPlan { number: 2, drop: vec![] });
    assert_eq!(plan_backup(&[5, 2, 9]), BackupPlan { number: 10, drop: vec![] });
    // Every backup is kept up to the cap...
    let full: Vec<u64> = (1..MAX_BACKUPS as u64).collect();
    assert_eq!(plan_backup(&full), BackupPlan { number: MAX_BACKUPS as u64, drop: vec![] });
    // ...and only beyond it the oldest goes (after the new one is written).
    let full: Vec<u64> = (0..MAX_BACKUPS as u64).rev().collect();
    assert_eq!(plan_backup(&full), BackupPlan { number: MAX_BACKUPS as u64, drop: vec![0] });
    let over: Vec<u64> = (1..=MAX_BACKUPS as u64 + 2).collect();
    assert_eq!(plan_backup(&over), BackupPlan { number: MAX_BACKUPS as u64 + 3, drop: vec![1, 2, 3] });
    // A hostile number never makes the next backup land on an existing one.
    assert_eq!(plan_backup(&[1, u64::MAX]), BackupPlan { number: 2, drop: vec![] });
}

#[test]
fn a_slot_writes_only_over_its_own_last_write() {
    let mut slot = SaveSlot::new(None);
    assert_eq!(slot.check("a", None), SlotWrite::Write);
    slot.written("a".into());
    // Nothing changed: nothing to write.
    assert_eq!(slot.check("a", Some("a")), SlotWrite::Unchanged);
    assert_eq!(slot.check("b", Some("a")), SlotWrite::Write);
    slot.written("b".into());
    // Another tab wrote: this one stops for good, even when the other text comes back.
    assert_eq!(slot.check("c", Some("other")), SlotWrite::Refused(SlotState::Taken));
    assert_eq!(slot.check("c", Some("b")), SlotWrite::Refused(SlotState::Taken));
    assert_eq!(slot.state(), SlotState::Taken);
    // A removed key is a change too.
    let mut slot = SaveSlot::new(Some("found".into()));
    assert_eq!(slot.check("x", None), SlotWrite::Refused(SlotState::Taken));
    // What a tab found (and chose to replace) it may write over.
    let mut slot = SaveSlot::new(Some("found".into()));
    assert_eq!(slot.check("x", Some("found")), SlotWrite::Write);
}

#[test]
fn storage_events_from_other_tabs_take_the_slot() {
    let mut slot = SaveSlot::new(None);
    slot.written("mine".into());
    // The same text (another tab at the same position) changes nothing.
    assert!(!slot.changed_elsewhere(Some("mine")));
    assert_eq!(slot.state(), SlotState::Open);
    assert!(slot.changed_elsewhere(Some("theirs")));
    assert!(!slot.changed_elsewhere(Some("again")), "told once");
    assert_eq!(slot.check("next", Some("again")), SlotWrite::Refused(SlotState::Taken));
    let mut slot = SaveSlot::new(Some("x".into()));
    assert!(slot.changed_elsewhere(None), "another tab removed it");
}

#[test]
fn a_kept_or_closed_slot_never_writes() {
    let mut kept = SaveSlot::kept();
    assert_eq!(kept.check("x", Some("unreadable")), SlotWrite::Refused(SlotState::Kept));
    assert!(!kept.changed_elsewhere(Some("y")));
    assert_eq!(kept.state(), SlotState::Kept);
    let mut slot = SaveSlot::new(None);
    slot.close();
    assert_eq!(slot.check("x", None), SlotWrite::Refused(SlotState::Closed));
}
