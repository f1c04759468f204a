//! The native command-line front end (`tuolaji`) over the engine, for tests,
//! benchmarks and analysis.
//!
//! Conventions for every subcommand: human-readable output by default, `--json`
//! for machines; exit 0 on success, 1 for a negative verdict (e.g. "illegal"),
//! 2 for bad input with a one-line message naming what was wrong.

pub mod dup;
pub mod mahjong;
pub mod rummy;
pub mod game;
pub mod record;
pub mod shengji;

use std::fmt;
use std::process::ExitCode;

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
        if self.json {
            println!("{}", json());
        } else {
            let t = text();
            if t.ends_with('\n') {
                print!("{t}");
            } else {
                println!("{t}");
            }
        }
    }
}

/// Runs `f` on every non-empty line of standard input (the `--batch` mode):
/// one JSON object per line out. A line that fails prints `{"error": "..."}`
/// and the batch goes on; the exit code is 2 if any line was bad input.
pub fn run_batch(mut f: impl FnMut(&str) -> Result<serde_json::Value, CliError>) -> CliResult {
    use std::io::{BufRead, Write};
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
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
        writeln!(out, "{value}").map_err(|e| CliError::new(format!("writing output: {e}")))?;
    }
    out.flush().ok();
    match any_bad {
        Some(msg) => Err(CliError(msg)),
        None => Ok(Verdict::Yes),
    }
}

/// Maps a subcommand's result to the process exit code, printing bad input as one line.
pub fn finish(result: CliResult) -> ExitCode {
    match result {
        Ok(Verdict::Yes) => ExitCode::SUCCESS,
        Ok(Verdict::No) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
