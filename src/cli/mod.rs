//! The native command-line front end (`tuolaji`) over the engine, for tests,
//! benchmarks and analysis.
//!
//! Conventions for every subcommand: human-readable output by default, `--json`
//! for machines; exit 0 on success, 1 for a negative verdict (e.g. "illegal"),
//! 2 for bad input with a one-line message naming what was wrong.
//!
//! All standard output goes through [`write_stdout`]: a reader that closes the
//! pipe early (`tuolaji decompose 24 | head -1`) ends the output quietly, with
//! the subcommand's verdict as the exit code; any other write error is reported
//! once, as bad output (exit 2), instead of a panic.

pub mod arena;
pub mod arena_threads;
pub mod dup;
pub mod mahjong;
pub mod mahjong_table;
pub mod rummy;
pub mod rummy_arena;
pub mod game;
pub mod record;
pub mod shengji;
pub mod sweep;

use std::fmt;
use std::io::{ErrorKind, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Set once standard output's reader has gone away: later output is dropped.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);
/// The first write error other than a closed pipe, for [`finish`] to report.
static STDOUT_ERROR: Mutex<Option<String>> = Mutex::new(None);

/// Writes `text` to standard output and flushes. A closed pipe is not an error
/// (the reader has what it wanted): this and every later write are dropped.
/// Another error is kept for [`finish`]. Returns whether the text was written.
pub fn write_stdout(text: &str) -> bool {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return false;
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => true,
        Err(e) => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            if e.kind() != ErrorKind::BrokenPipe {
                if let Ok(mut first) = STDOUT_ERROR.lock() {
                    first.get_or_insert_with(|| format!("writing output: {e}"));
                }
            }
            false
        }
    }
}

/// Writes a line to standard error, ignoring a closed standard error.
pub fn write_stderr(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// What a subcommand concluded: exit 0 or exit 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Success, or a positive answer (exit 0).
    Yes,
    /// A negative answer such as "illegal" (exit 1).
    No,
}

impl Verdict {
    pub fn from_bool(ok: bool) -> Verdict {
        if ok {
            Verdict::Yes
        } else {
            Verdict::No
        }
    }
}

/// Bad input (exit 2). The message is one line and names what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError(pub String);

impl CliError {
    pub fn new(msg: impl Into<String>) -> Self {
        CliError(msg.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Keep it to one line whatever the source error looked like.
        f.write_str(&self.0.replace('\n', " "))
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

pub type CliResult = Result<Verdict, CliError>;

/// Options every subcommand shares.
#[derive(Clone, Copy, Debug, Default)]
pub struct Output {
    /// Print JSON instead of text.
    pub json: bool,
}

impl Output {
    /// Prints `json` when `--json` was given, `text` otherwise.
    pub fn emit(&self, text: impl FnOnce() -> String, json: impl FnOnce() -> serde_json::Value) {
        let mut t = if self.json { json().to_string() } else { text() };
        if !t.ends_with('\n') {
            t.push('\n');
        }
        write_stdout(&t);
    }
}

/// Runs `f` on every non-empty line of standard input (the `--batch` mode):
/// one JSON object per line out. A line that fails prints `{"error": "..."}`
/// and the batch goes on; the exit code is 2 if any line was bad input. The
/// batch stops when standard output's reader goes away.
pub fn run_batch(mut f: impl FnMut(&str) -> Result<serde_json::Value, CliError>) -> CliResult {
    use std::io::BufRead;
    let stdin = std::io::stdin();
    let mut any_bad = None;
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| CliError::new(format!("reading standard input: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let value = match f(line.trim()) {
            Ok(v) => v,
            Err(e) => {
                any_bad.get_or_insert_with(|| format!("line {}: {}", n + 1, e));
                serde_json::json!({ "error": e.to_string() })
            }
        };
        if !write_stdout(&format!("{value}\n")) {
            break;
        }
    }
    match any_bad {
        Some(msg) => Err(CliError(msg)),
        None => Ok(Verdict::Yes),
    }
}

/// Maps a subcommand's result to the process exit code, printing bad input as one line.
/// A closed standard output keeps the verdict; another failed write is bad output (exit 2).
pub fn finish(result: CliResult) -> ExitCode {
    let write_error = STDOUT_ERROR.lock().ok().and_then(|mut e| e.take());
    match (result, write_error) {
        (Err(e), _) => {
            write_stderr(&format!("error: {e}"));
            ExitCode::from(2)
        }
        (Ok(_), Some(e)) => {
            write_stderr(&format!("error: {e}"));
            ExitCode::from(2)
        }
        (Ok(Verdict::Yes), None) => ExitCode::SUCCESS,
        (Ok(Verdict::No), None) => ExitCode::from(1),
    }
}
