//! What a run checks and times: the disagreements log, the tally of what was compared,
//! each side's decision times, and the hand being played (its deal seed and orientation).

use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use serde_json::json;
use shengji_core::bot::BotDifficulty;
use tuolaji::shengji::bot::Difficulty;

/// Every disagreement, one JSON line each in `disagreements.jsonl` (and on stderr).
pub struct Log {
    pub file: std::fs::File,
    pub count: usize,
    pub kinds: HashMap<String, usize>,
}

impl Log {
    pub fn disagree(&mut self, kind: &str, seed: &str, a_even: bool, detail: String) {
        self.count += 1;
        *self.kinds.entry(kind.to_string()).or_insert(0) += 1;
        let line = json!({"kind": kind, "seed": seed, "ours_even": a_even, "detail": detail});
        eprintln!("DISAGREE {line}");
        let _ = writeln!(self.file, "{line}");
    }
}

/// One hand of a deal pair: the deal's seed and which seats are ours.
pub struct HandId {
    pub seed: String,
    /// Our bots in the even seats (else the odd ones).
    pub ours_even: bool,
}

impl HandId {
    pub fn is_ours(&self, seat: usize) -> bool {
        (seat % 2 == 0) == self.ours_even
    }
}

/// A run's settings and what it has gathered so far.
pub struct Ctx<'a> {
    pub control: String,
    pub ours: Difficulty,
    pub theirs: BotDifficulty,
    pub budget_ms: u64,
    /// Our Expert's effort (the app's, times `--expert-scale`).
    pub effort: tuolaji::shengji::expert::Effort,
    pub log: &'a mut Log,
    pub our_ms: Vec<f64>,
    pub their_ms: Vec<f64>,
    /// What was compared: bids, plays, failed throws, tricks, hand scores.
    pub checked: HashMap<&'static str, usize>,
}

impl Ctx<'_> {
    pub fn tick(&mut self, what: &'static str) {
        *self.checked.entry(what).or_insert(0) += 1;
    }

    pub fn disagree(&mut self, kind: &str, h: &HandId, detail: String) {
        self.log.disagree(kind, &h.seed, h.ours_even, detail);
    }
}

/// Milliseconds since `t`.
pub fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}
