//! The measuring logic of the in-browser timing page (`#/timing`), browser-free:
//! seeded positions (benchmark family (b) for hints and legality, bot-played
//! tables for bot moves), a run that times them with an injected clock, the Expert's
//! table whose decisions the page asks of the bot worker (timed there), the tables
//! whose Expert landlord's bury and friend call are asked of it likewise, the rummy and
//! mahjong Experts' tables asked of their games' workers (`experts`), and the statistics
//! (median, p90, p99, worst) set against the issues' targets.

use crate::dup::TableSeed;
use crate::shengji::bot::{bots_for, Bot, Difficulty};
use crate::shengji::game::{Game, Mode, PhaseName, Settings};
use crate::shengji::positions::{position, Family, Position};
use crate::shengji::{check_play, Hints};
use crate::table::think::Remote;
use crate::table::{BotSeat as _, Decision};
use std::hint::black_box;

/// The first hint position's seed; position `i` uses `HINT_SEED_BASE + i`
/// (the criterion bench `benches/shengji.rs` starts at the same seed).
pub const HINT_SEED_BASE: u64 = 1_000_000;

/// Positions run (and thrown away) before the counted ones, so the figures are
/// not the one-off cost of filling the decomposition cache.
pub const WARM_UP: usize = 2;

/// Each sample repeats the same work in rounds of at least this long and keeps
/// the mean of the fastest round: browsers coarsen `performance.now()` (0.1 ms in
/// Chromium without cross-origin isolation), far above a single legality check,
/// and the fastest round leaves out time the system gave to other processes.
pub const MIN_SAMPLE_MS: f64 = 1.0;

/// Rounds per sample (see [`MIN_SAMPLE_MS`]).
pub const ROUNDS: usize = 3;

/// A sample never repeats its work more often than this (a stuck clock must not
/// hang the page).
const MAX_REPEATS: u32 = 10_000;

/// What the page measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// `Hints::new` and the first row's `first_match` (what the hint tab shows first),
    /// 4 decks, a 13-card lead.
    FirstHintRow,
    /// `Hints::new` and every row's `first_match`, same positions.
    HintList,
    /// `check_play` of a follow, same positions.
    Legality,
    /// `Bot::suggest` for a play decision, 4 players, 2 decks.
    BotMove2Decks,
    /// `Bot::suggest` for a play decision, 4 players, 4 decks.
    BotMove4Decks,
    /// An Expert's play decision in the bot worker (its own clock, the job's bytes
    /// included), 4 players, 2 decks ([`ExpertTable`]).
    ExpertMove,
    /// The Expert's bury and friend call, searched once a hand (timed by the bot worker),
    /// 4 × 2 Tractor and 6 × 3 Finding Friends in turn ([`ExchangeTable`]).
    ExpertExchange,
    /// An Expert's decision in the draw when it holds a bid it could make (searched where
    /// the bid matters, otherwise the heuristic's), at the [`ExpertTable`].
    ExpertBid,
    /// A rummy Expert's draw or discard that it searched, timed by rummy's table worker,
    /// 2 players ([`experts::WorkerTable`]).
    ExpertRummy,
    /// A mahjong Expert's decision that it searched (a discard, claim, kong, void suit or
    /// win let go), timed by mahjong's table worker ([`experts::WorkerTable`]).
    ExpertMahjong,
}

impl Measure {
    pub const ALL: [Measure; 10] = [
        Measure::FirstHintRow,
        Measure::HintList,
        Measure::Legality,
        Measure::BotMove2Decks,
        Measure::BotMove4Decks,
        Measure::ExpertMove,
        Measure::ExpertExchange,
        Measure::ExpertBid,
        Measure::ExpertRummy,
        Measure::ExpertMahjong,
    ];
    /// The measures [`Run::step`] times on the page's own thread.
    pub const IN_PAGE: [Measure; 5] =
        [Measure::FirstHintRow, Measure::HintList, Measure::Legality, Measure::BotMove2Decks, Measure::BotMove4Decks];

    /// A stable key for tests and `data-measure`.
    pub fn key(self) -> &'static str {
        match self {
            Measure::FirstHintRow => "first-hint-row",
            Measure::HintList => "hint-list",
            Measure::Legality => "legality",
            Measure::BotMove2Decks => "bot-move-2-decks",
            Measure::BotMove4Decks => "bot-move-4-decks",
            Measure::ExpertMove => "expert-move-2-decks",
            Measure::ExpertExchange => "expert-exchange",
            Measure::ExpertBid => "expert-bid",
            Measure::ExpertRummy => "expert-rummy",
            Measure::ExpertMahjong => "expert-mahjong",
        }
    }

    /// The bound on the worst sample, in milliseconds (legality has none there;
    /// the Expert's is on the median and p99, [`EXPERT_TARGET`]).
    pub fn target_ms(self) -> Option<f64> {
        match self {
            Measure::FirstHintRow => Some(5.0),
            Measure::HintList => Some(50.0),
            Measure::Legality
            | Measure::ExpertMove
            | Measure::ExpertExchange
            | Measure::ExpertBid
            | Measure::ExpertRummy
            | Measure::ExpertMahjong => None,
            Measure::BotMove2Decks | Measure::BotMove4Decks => Some(20.0),
        }
    }

    /// Whether this is an Expert's decision, held to [`EXPERT_TARGET`] (median and p99):
    /// every game's Expert is held to the Shengji Expert's.
    pub fn on_expert_target(self) -> bool {
        matches!(
            self,
            Measure::ExpertMove | Measure::ExpertExchange | Measure::ExpertBid | Measure::ExpertRummy | Measure::ExpertMahjong
        )
    }

    /// Whether `stats` meet this measure's target (`None`: it has none).
    pub fn met(self, stats: &Stats) -> Option<bool> {
        if self.on_expert_target() {
            return Some(stats.median <= EXPERT_TARGET.0 && stats.p99 <= EXPERT_TARGET.1);
        }
        self.target_ms().map(|t| stats.meets(t))
    }

    fn index(self) -> usize {
        Measure::ALL.iter().position(|&m| m == self).unwrap_or(0)
    }
}

/// The Expert's target (issue 19): a decision in the wasm build within this median
/// and p99, in milliseconds.
pub const EXPERT_TARGET: (f64, f64) = (50.0, 250.0);

/// A summary of samples in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    pub count: usize,
    pub median: f64,
    pub p90: f64,
    pub p99: f64,
    pub worst: f64,
}

impl Stats {
    /// `None` for no samples. Percentiles are nearest-rank; the median of an even
    /// count is the mean of the middle two.
    pub fn of(samples: &[f64]) -> Option<Stats> {
        if samples.is_empty() {
            return None;
        }
        let mut s = samples.to_vec();
        s.sort_unstable_by(|a, b| a.total_cmp(b));
        let n = s.len();
        let median = if n % 2 == 1 { s[n / 2] } else { (s[n / 2 - 1] + s[n / 2]) / 2.0 };
        let rank = |p: f64| s[((p * n as f64).ceil() as usize).clamp(1, n) - 1];
        Some(Stats { count: n, median, p90: rank(0.90), p99: rank(0.99), worst: s[n - 1] })
    }

    /// Whether the worst sample is under `target`.
    pub fn meets(&self, target: f64) -> bool {
        self.worst < target
    }
}

/// Milliseconds for a table cell: three significant figures, at most three decimals.
pub fn format_ms(ms: f64) -> String {
    if !ms.is_finite() {
        return "—".to_string();
    }
    if ms >= 100.0 {
        format!("{ms:.0}")
    } else if ms >= 10.0 {
        format!("{ms:.1}")
    } else if ms >= 1.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.3}")
    }
}

/// Runs `work` until at least `min_ms` have passed on `clock` (milliseconds) and
/// returns the mean time of one run.
pub fn time_mean(clock: &mut dyn FnMut() -> f64, min_ms: f64, mut work: impl FnMut()) -> f64 {
    let start = clock();
    let mut runs = 0u32;
    loop {
        work();
        runs += 1;
        let elapsed = clock() - start;
        if elapsed >= min_ms || runs >= MAX_REPEATS {
            return elapsed.max(0.0) / runs as f64;
        }
    }
}

/// The time of one run of `work`: the fastest of [`ROUNDS`] rounds of [`time_mean`].
pub fn time_best(clock: &mut dyn FnMut() -> f64, min_ms: f64, mut work: impl FnMut()) -> f64 {
    (0..ROUNDS).map(|_| time_mean(clock, min_ms, &mut work)).fold(f64::INFINITY, f64::min)
}

/// The hint and legality position `i` of a run: benchmark family (b), 4 decks,
/// a 13-card single-suit throw against a 40-card hand.
pub fn hint_position(i: usize) -> Position {
    position(Family::Throw13, HINT_SEED_BASE + i as u64)
}

/// A table of heuristic bots played forward one decision at a time, for
/// realistic mid-hand bot moves. A finished hand starts a new table with the
/// next seed, so the positions never run out and always replay the same.
pub struct BotTable {
    players: u8,
    decks: u8,
    tables: u32,
    game: Game,
    bots: Vec<Bot>,
}

impl BotTable {
    pub fn new(players: u8, decks: u8) -> Result<BotTable, String> {
        let (game, bots) = Self::deal(players, decks, 0)?;
        Ok(BotTable { players, decks, tables: 0, game, bots })
    }

    fn deal(players: u8, decks: u8, table: u32) -> Result<(Game, Vec<Bot>), String> {
        let seed = TableSeed::parse(&format!("timing{players}p{decks}d{table}")).map_err(|e| e.to_string())?;
        let settings = Settings { players, decks: Some(decks), ..Settings::default() };
        let game = Game::new(settings, seed.clone()).map_err(|e| e.to_string())?;
        let bots = bots_for(&seed, game.players(), &[Difficulty::Heuristic]);
        Ok((game, bots))
    }

    /// Plays up to the next play-phase decision (untimed), times that seat's bot
    /// on it, makes the move and returns the time of one decision in ms.
    pub fn next_move(&mut self, clock: &mut dyn FnMut() -> f64, min_ms: f64) -> Result<f64, String> {
        // A hand has a few hundred decisions at most; this bounds a stuck table.
        for _ in 0..10_000 {
            if self.game.phase() == PhaseName::Finished {
                self.tables += 1;
                (self.game, self.bots) = Self::deal(self.players, self.decks, self.tables)?;
            }
            let seat = *self.game.to_act().first().ok_or("nobody is to act at the timing table")?;
            let view = self.game.view(seat);
            let timed = self.game.phase() == PhaseName::Play;
            let ms = if timed {
                // Each repeat decides on a copy, so the table's own bot (and its
                // random stream) makes the real move exactly once.
                let bot = &self.bots[seat];
                Some(time_best(clock, min_ms, || {
                    black_box(bot.clone().suggest(&view));
                }))
            } else {
                None
            };
            let (action, _) = self.bots[seat].suggest(&view);
            self.game
                .apply(seat, &action)
                .map_err(|e| format!("the timing table's bot {} made a refused move: {e}", seat + 1))?;
            if let Some(ms) = ms {
                return Ok(ms);
            }
        }
        Err("the timing table made no play decision in 10,000 moves".into())
    }
}

/// A table of four Experts (4 players, 2 decks) whose every decision the page asks of
/// the bot worker, one at a time; the worker times each one and the page keeps the play
/// decisions' times. A finished hand deals the next table, so decisions never run out
/// and always replay the same.
pub struct ExpertTable {
    tables: u32,
    game: Game,
    bots: Vec<Remote<Game>>,
}

impl ExpertTable {
    pub fn new() -> Result<ExpertTable, String> {
        let (game, bots) = Self::deal(0)?;
        Ok(ExpertTable { tables: 0, game, bots })
    }

    fn deal(table: u32) -> Result<(Game, Vec<Remote<Game>>), String> {
        let seed = TableSeed::parse(&format!("timingexpert{table}")).map_err(|e| e.to_string())?;
        let game = Game::new(Settings::default(), seed.clone()).map_err(|e| e.to_string())?;
        let bots = bots_for(&seed, game.players(), &[Difficulty::Expert]).into_iter().map(Remote::new).collect();
        Ok((game, bots))
    }

    /// The next decision's job for the worker, and what its time measures: a play
    /// ([`Measure::ExpertMove`]), a draw decision with a bid to make ([`Measure::ExpertBid`]),
    /// or nothing (a draw with no bid to make, the exchange: timed at [`ExchangeTable`]).
    pub fn job(&mut self) -> Result<(Vec<u8>, Option<Measure>), String> {
        if self.game.phase() == PhaseName::Finished {
            self.tables += 1;
            (self.game, self.bots) = Self::deal(self.tables)?;
        }
        let seat = *self.game.to_act().first().ok_or("nobody is to act at the Expert's table")?;
        let view = self.game.view(seat);
        let measure = match view.phase {
            PhaseName::Play => Some(Measure::ExpertMove),
            PhaseName::Draw if !view.valid_bids.is_empty() => Some(Measure::ExpertBid),
            _ => None,
        };
        match self.bots[seat].decide(&view) {
            Decision::Ask(job) => Ok((job, measure)),
            Decision::Now(..) => Err("the Expert did not ask the bot worker".into()),
        }
    }

    /// The worker's answer to the last [`ExpertTable::job`]: its move is made.
    pub fn answered(&mut self, answer: &[u8]) -> Result<(), String> {
        expert_answered(&mut self.game, &mut self.bots, answer)
    }
}

/// The bot worker's answer for the Expert to act at `game`: its move is made there.
fn expert_answered(game: &mut Game, experts: &mut [Remote<Game>], answer: &[u8]) -> Result<(), String> {
    let seat = *game.to_act().first().ok_or("nobody is to act at the Expert's table")?;
    let (action, _) = experts[seat].answered(answer).ok_or("the bot worker did not answer")?;
    game.apply(seat, &action).map(|_| ()).map_err(|e| format!("the Expert {} made a refused move: {e}", seat + 1))
}

/// Tables dealt up to the landlord's exchange by heuristic bots (the draw is not timed),
/// where an Expert landlord's bury — and in Finding Friends its friend call — is asked of
/// the bot worker, which times it: 4 × 2 Tractor and 6 × 3 Finding Friends in turn, a new
/// table once the exchange is over, so the decisions never run out and replay the same.
pub struct ExchangeTable {
    tables: u32,
    game: Game,
    heuristic: Vec<Bot>,
    experts: Vec<Remote<Game>>,
}

impl ExchangeTable {
    pub fn new() -> Result<ExchangeTable, String> {
        Self::deal(0)
    }

    fn deal(table: u32) -> Result<ExchangeTable, String> {
        let seed = TableSeed::parse(&format!("timingexchange{table}")).map_err(|e| e.to_string())?;
        let settings = match table % 2 {
            0 => Settings::default(),
            _ => Settings { players: 6, decks: Some(3), mode: Mode::Friends, ..Settings::default() },
        };
        let game = Game::new(settings, seed.clone()).map_err(|e| e.to_string())?;
        let players = game.players();
        let heuristic = bots_for(&seed, players, &[Difficulty::Heuristic]);
        let experts = bots_for(&seed, players, &[Difficulty::Expert]).into_iter().map(Remote::new).collect();
        Ok(ExchangeTable { tables: table, game, heuristic, experts })
    }

    /// The landlord's next exchange decision as a job for the worker, the draw before it
    /// played here by the heuristic.
    pub fn job(&mut self) -> Result<Vec<u8>, String> {
        // A draw has a few hundred decisions at most; this bounds a stuck table.
        for _ in 0..10_000 {
            if matches!(self.game.phase(), PhaseName::Play | PhaseName::Finished) {
                *self = Self::deal(self.tables + 1)?;
            }
            let seat = *self.game.to_act().first().ok_or("nobody is to act at the exchange's table")?;
            let view = self.game.view(seat);
            if self.game.phase() == PhaseName::Exchange {
                return match self.experts[seat].decide(&view) {
                    Decision::Ask(job) => Ok(job),
                    Decision::Now(..) => Err("the Expert did not ask the bot worker".into()),
                };
            }
            let (action, _) = self.heuristic[seat].suggest(&view);
            self.game
                .apply(seat, &action)
                .map_err(|e| format!("the exchange table's bot {} made a refused move: {e}", seat + 1))?;
        }
        Err("the exchange table reached no exchange in 10,000 moves".into())
    }

    /// The worker's answer to the last [`ExchangeTable::job`]: the landlord's move is made.
    pub fn answered(&mut self, answer: &[u8]) -> Result<(), String> {
        expert_answered(&mut self.game, &mut self.experts, answer)
    }
}

/// One run of the timing page: `n` positions of every measure after the warm-up.
pub struct Run {
    n: usize,
    step: usize,
    min_ms: f64,
    two_decks: BotTable,
    four_decks: BotTable,
    samples: [Vec<f64>; Measure::ALL.len()],
}

impl Run {
    pub fn new(n: usize, min_ms: f64) -> Result<Run, String> {
        Ok(Run {
            n,
            step: 0,
            min_ms,
            two_decks: BotTable::new(4, 2)?,
            four_decks: BotTable::new(4, 4)?,
            samples: Default::default(),
        })
    }

    /// Counted positions done so far.
    pub fn done(&self) -> usize {
        self.step.saturating_sub(WARM_UP)
    }

    pub fn total(&self) -> usize {
        self.n
    }

    pub fn is_finished(&self) -> bool {
        self.done() >= self.n
    }

    pub fn samples(&self, m: Measure) -> &[f64] {
        &self.samples[m.index()]
    }

    pub fn stats(&self, m: Measure) -> Option<Stats> {
        Stats::of(self.samples(m))
    }

    /// A sample timed elsewhere (the Expert's, by the bot worker).
    pub fn record(&mut self, m: Measure, ms: f64) {
        self.samples[m.index()].push(ms);
    }

    /// Times the next position of every measure. Does nothing once finished.
    pub fn step(&mut self, clock: &mut dyn FnMut() -> f64) -> Result<(), String> {
        if self.is_finished() {
            return Ok(());
        }
        let min = self.min_ms;
        let p = hint_position(self.step);
        let first_row = time_best(clock, min, || {
            let hints = Hints::new(&p.rules, &p.lead, &p.hand);
            black_box(hints.first_match(0));
        });
        let list = time_best(clock, min, || {
            let hints = Hints::new(&p.rules, &p.lead, &p.hand);
            for k in 0..hints.len() {
                black_box(hints.first_match(k));
            }
        });
        let legal = time_best(clock, min, || {
            black_box(check_play(&p.rules, &p.lead, &p.hand, &p.play).is_ok());
        });
        let two = self.two_decks.next_move(clock, min)?;
        let four = self.four_decks.next_move(clock, min)?;
        if self.step >= WARM_UP {
            for (m, ms) in [
                (Measure::FirstHintRow, first_row),
                (Measure::HintList, list),
                (Measure::Legality, legal),
                (Measure::BotMove2Decks, two),
                (Measure::BotMove4Decks, four),
            ] {
                self.samples[m.index()].push(ms);
            }
        }
        self.step += 1;
        Ok(())
    }
}

pub mod experts;

#[cfg(test)]
mod tests;
