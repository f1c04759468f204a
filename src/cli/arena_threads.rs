//! Deal pairs played on several threads, for `tuolaji arena` and `tuolaji rummy arena`:
//! thread `t` plays pairs `t`, `t + threads`, … with its own clock for the decision
//! times; the pairs come back in deal order, so the figures do not depend on the number
//! of threads (the timings may).

use super::{write_stderr, CliError, Output};
use crate::table::arena::Timings;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Refuses deal and thread counts out of range (`max_deals`; 1 to 64 threads).
pub fn check_counts(deals: usize, max_deals: usize, threads: usize) -> Result<(), CliError> {
    if deals == 0 || deals > max_deals {
        return Err(CliError::new(format!("--deals must be 1 to {max_deals}, not {deals}")));
    }
    if threads == 0 || threads > 64 {
        return Err(CliError::new(format!("--threads must be 1 to 64, not {threads}")));
    }
    Ok(())
}

/// Milliseconds since `start`.
pub fn ms_since(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1000.0
}

/// One thread's pairs, by deal index, and its timings, or the first error it met.
type ThreadResult<P, E> = Result<(Vec<(usize, P)>, Timings), E>;

/// Plays pairs `0..deals` with `play(d, clock, timings)` on `threads` threads, a line on
/// standard error every `progress` pairs (0: never): every pair in deal order and every
/// decision time, or `None` after printing a thread's first error as `FAILED: …` (or
/// `{"ok": false, "error": …}`).
pub fn play_pairs<P: Send, E: Send + std::fmt::Display>(
    out: Output,
    deals: usize,
    threads: usize,
    progress: usize,
    play: impl Fn(usize, &mut dyn FnMut() -> f64, &mut Timings) -> Result<P, E> + Sync,
) -> Option<(Vec<P>, Timings)> {
    let start = Instant::now();
    let threads = threads.clamp(1, deals.max(1));
    let done = AtomicUsize::new(0);
    let results: Vec<ThreadResult<P, E>> = std::thread::scope(|scope| {
        let (play, done) = (&play, &done);
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let clock_start = Instant::now();
                    let mut clock = move || ms_since(clock_start);
                    let mut timings = Timings::default();
                    let mut pairs = Vec::new();
                    for d in (t..deals).step_by(threads) {
                        pairs.push((d, play(d, &mut clock, &mut timings)?));
                        let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if progress > 0 && k.is_multiple_of(progress) {
                            write_stderr(&format!("{k} of {deals} deal pairs, {:.0} s", ms_since(start) / 1000.0));
                        }
                    }
                    Ok((pairs, timings))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("an arena thread panicked")).collect()
    });
    let mut pairs = Vec::with_capacity(deals);
    let mut timings = Timings::default();
    for r in results {
        match r {
            Ok((p, t)) => {
                pairs.extend(p);
                timings.extend(t);
            }
            Err(e) => {
                out.emit(|| format!("FAILED: {e}"), || serde_json::json!({ "ok": false, "error": e.to_string() }));
                return None;
            }
        }
    }
    pairs.sort_by_key(|(d, _)| *d);
    Some((pairs.into_iter().map(|(_, p)| p).collect(), timings))
}
