//! Hostile saves are refused before they cost memory: a save's record that inflates far
//! beyond any real game, or that claims more actions than a save may hold, is refused
//! with its own typed reason while the loader allocates only a few MiB. Memory is
//! counted by this test binary's allocator (bytes, not time), per thread, so the
//! verdict is the same on every machine.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use tuolaji::codec::{base64url_encode, put_varint};
use tuolaji::record::replay_code::CODE_FORMAT;
use tuolaji::record::save::{Oversized, SaveError, MAX_SAVE_ACTIONS, MAX_SAVE_PAYLOAD};
use tuolaji::record::{Loaded, SaveEnvelope};
use tuolaji::shengji::game::Game;

/// The system allocator, counting the bytes live on each thread and their peak.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn note(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            note(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        note(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            note(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns its result with the most bytes it had allocated at once on this thread.
fn peak_bytes<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(|l| l.get());
    PEAK.with(|p| p.set(base));
    let out = f();
    let peak = PEAK.with(|p| p.get()) - base;
    (out, peak.max(0) as usize)
}

/// A save whose record is a valid header claiming `count` actions followed by `count`
/// zero bytes (each a draw by seat 0): deflate turns the run of zeros into almost nothing.
fn hostile_save(count: usize) -> String {
    let mut payload = Vec::with_capacity(count + 16);
    put_varint(&mut payload, 1); // derivation version
    payload.push(1);
    payload.push(b'x'); // seed "x"
    put_varint(&mut payload, 0); // default settings
    put_varint(&mut payload, count as u64);
    payload.resize(payload.len() + count, 0);
    let mut code = vec![CODE_FORMAT, 0]; // the format byte and Shengji's tag
    code.extend(miniz_oxide::deflate::compress_to_vec(&payload, 9));
    format!(r#"{{"format":2,"app":"0.1.0","seat":0,"record":"{}"}}"#, base64url_encode(&code))
}

const MIB: usize = 1024 * 1024;

#[test]
fn a_save_that_inflates_to_32_mib_is_refused_without_inflating_it() {
    // The save of the finding: 43 KB whose record inflates to just under 32 MiB (the old
    // limit) and then claims 32 million actions.
    let text = hostile_save(32 * MIB - 16);
    assert!(text.len() < 48 * 1024, "{} bytes", text.len());
    let (loaded, peak) = peak_bytes(|| SaveEnvelope::<Game>::decode(Some(&text)));
    match &loaded {
        Loaded::Corrupt { reason: SaveError::Oversized(Oversized::Inflated) } => {}
        other => panic!("expected a refusal for its inflated size, got {other:?}"),
    }
    assert!(loaded.notice().unwrap().contains("more than"), "{}", loaded.notice().unwrap());
    // Inflating stops at the save's limit: a few MiB at most, never the 32 MiB claimed.
    assert!(peak <= 3 * MAX_SAVE_PAYLOAD, "the loader allocated {peak} bytes at once");
}

#[test]
fn a_save_claiming_too_many_actions_is_refused_before_reading_them() {
    // Within the inflate limit, but more actions than any save may hold: refused from the
    // header's count, before a list of actions is allocated (32+ bytes each).
    let count = (MAX_SAVE_ACTIONS + 1) as usize;
    assert!(count < MAX_SAVE_PAYLOAD);
    let text = hostile_save(count);
    let (loaded, peak) = peak_bytes(|| SaveEnvelope::<Game>::decode(Some(&text)));
    match &loaded {
        Loaded::Corrupt { reason: SaveError::Oversized(Oversized::Actions { claimed }) } => assert_eq!(*claimed, count as u64),
        other => panic!("expected a refusal for its number of actions, got {other:?}"),
    }
    assert!(peak <= 3 * MAX_SAVE_PAYLOAD, "the loader allocated {peak} bytes at once");
}

#[test]
fn a_large_real_record_stays_far_below_the_limits() {
    // Within the limits such a record is only a replay error: the engine refuses seat 0's
    // second draw (out of turn).
    let text = hostile_save(1000);
    let (loaded, peak) = peak_bytes(|| SaveEnvelope::<Game>::decode(Some(&text)));
    assert!(matches!(&loaded, Loaded::Corrupt { reason: SaveError::Replay(_) }), "{loaded:?}");
    assert!(peak < MIB, "{peak}");
}

#[test]
fn the_envelope_s_strings_and_lists_are_bounded_too() {
    use tuolaji::record::save::{MAX_SAVE_BYTES, MAX_SAVE_LABEL, MAX_SAVE_SELECTED};
    let corrupt = |text: &str| match SaveEnvelope::<Game>::decode(Some(text)) {
        Loaded::Corrupt { reason } => reason,
        other => panic!("expected a refusal, got {other:?}"),
    };
    let long = "v".repeat(MAX_SAVE_LABEL + 1);
    let envelope = |app: &str, ui: &str| format!(r#"{{"format":2,"app":"{app}","seat":0,"record":"AQ","ui":{ui}}}"#);
    assert_eq!(corrupt(&envelope(&long, "{}")), SaveError::Oversized(Oversized::Label { field: "app" }));
    assert_eq!(corrupt(&envelope("0.1.0", &format!(r#"{{"tab":"{long}"}}"#))), SaveError::Oversized(Oversized::Label { field: "tab" }));
    assert_eq!(corrupt(&envelope("0.1.0", &format!(r#"{{"pace":"{long}"}}"#))), SaveError::Oversized(Oversized::Label { field: "pace" }));
    assert_eq!(corrupt(&envelope("0.1.0", &format!(r#"{{"bots":"{long}"}}"#))), SaveError::Oversized(Oversized::Label { field: "bots" }));
    // 800,000 selected cards (4 MB): refused once one more than the limit has been read.
    let many = format!(r#"{{"selected":[{}"2S"]}}"#, r#""2S","#.repeat(800_000));
    let text = envelope("0.1.0", &many);
    let (reason, peak) = peak_bytes(|| corrupt(&text));
    assert_eq!(reason, SaveError::Oversized(Oversized::Selected));
    assert!(peak < 256 * 1024 + MAX_SAVE_SELECTED * 64, "{peak}");
    // Text over the size limit is not parsed at all.
    let huge = format!(r#"{{"format":2,"app":"{}"}}"#, "x".repeat(MAX_SAVE_BYTES));
    let (reason, peak) = peak_bytes(|| corrupt(&huge));
    assert_eq!(reason, SaveError::Oversized(Oversized::Text { bytes: huge.len() }));
    assert!(peak < 1024, "{peak}");
    // Another version's save keeps its version, cut to the label's length.
    match SaveEnvelope::<Game>::decode(Some(&format!(r#"{{"format":3,"app":"{long}","ui":[1,{{"a":[2]}}]}}"#))) {
        Loaded::Incompatible { format: 3, app: Some(app) } => assert_eq!(app.len(), MAX_SAVE_LABEL),
        other => panic!("{other:?}"),
    }
    // Formats that are not a plain number read as no format; JSON that is not an object too.
    for text in [r#"{"format":"2"}"#, r#"{"format":-2}"#, r#"{"format":2.5}"#, r#"{"format":[2]}"#, "[1,2]", "12"] {
        assert_eq!(corrupt(text), SaveError::NoFormat, "{text}");
    }
    assert!(matches!(corrupt("{not json"), SaveError::NotJson));
    assert!(matches!(corrupt("nope"), SaveError::NotJson));
}

/// Fields nobody reads cost nothing: a save just under the size limit made of ~650,000
/// unknown fields, at the top and inside `ui`, is read without a list of them (which would
/// be ~25 MiB) and refused for its record like any save whose record does not decode.
#[test]
fn unknown_fields_are_skipped_without_being_collected() {
    use tuolaji::record::save::MAX_SAVE_BYTES;
    let filler = r#""x":0,"#.repeat(MAX_SAVE_BYTES / 12);
    for text in [
        format!(r#"{{{filler}"format":2,"app":"0.1.0","seat":0,"record":"AQ"}}"#),
        format!(r#"{{"format":2,"app":"0.1.0","seat":0,"record":"AQ","ui":{{{filler}"tab":"hint"}}}}"#),
    ] {
        assert!(text.len() <= MAX_SAVE_BYTES);
        let (loaded, peak) = peak_bytes(|| SaveEnvelope::<Game>::decode(Some(&text)));
        assert!(matches!(&loaded, Loaded::Corrupt { reason: SaveError::Record(_) }), "{loaded:?}");
        assert!(peak < 64 * 1024, "the loader allocated {peak} bytes at once");
    }
}
