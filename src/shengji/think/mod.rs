//! Shengji's bots in the bot worker (`table::think`, src/bot_worker.rs): every bot
//! decision of a page's table is a `Play` job (the bot as data and its seat's view).
//! Shengji's own jobs ([`Job`]) are the field comparison — the hand just finished, dealt
//! again with another player in a person's seat and the same bots around them — the
//! hint tab's rows (`hints`) and the hand's legality as cards are selected (`turn`).
//! Pure: the worker only moves the bytes, and the tests run them natively. The glue that
//! makes Shengji a game that `table::think::Thinks`, with its bots' reasons phrased, is the
//! worker's (`worker::shengji`).

use crate::dup::TableSeed;
use crate::shengji::bot::{bots_for, Bot, Difficulty};
use crate::shengji::expert::Effort;
use crate::shengji::game::{Game, ShengjiResult};
use crate::table::{Codec as _, Game as _, Seat};
use serde::{Deserialize, Serialize};

mod hints;
pub mod turn;
pub use hints::{hint_rows, HintAnswer, HintJob, HintRow, PAGE as HINT_PAGE};

/// Shengji's own jobs for the bot worker (`table::think::Kind::Other`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Job {
    /// One replay of the field comparison: answered with a [`FieldAnswer`].
    Field(FieldJob),
    /// The hint tab's rows: answered with a [`HintAnswer`].
    Hints(HintJob),
    /// A question about the seat's turn (legality as cards are selected): answered with a
    /// [`turn::Checked`].
    Turn(turn::Check),
}

/// Who plays the person's seat in one replay of the field comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FieldPlayer {
    /// The Normal (heuristic) bot, as if the seat had been left to it.
    Normal,
    /// The Expert, drawing from the seat's `n`th stream ([`Bot::with_variant`]; 0 is the
    /// seat's own `Bots` stream): a few Experts that weigh the same deal differently.
    Expert(u8),
}

/// The field of the comparison: the Normal bot and four Experts, in the order shown.
pub const FIELD: [FieldPlayer; 5] =
    [FieldPlayer::Normal, FieldPlayer::Expert(0), FieldPlayer::Expert(1), FieldPlayer::Expert(2), FieldPlayer::Expert(3)];

/// One replay of the finished hand for the field comparison (made by [`FieldJob::new`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FieldJob {
    /// The table's settings as a link's pairs (`table::Codec::settings_pairs`; the
    /// settings' own serde form leaves defaults out, which postcard cannot read back).
    pub settings: Vec<(String, String)>,
    /// The table's first seed.
    pub seed: String,
    /// Every move up to the end of the hand to compare.
    pub actions: Vec<(Seat, crate::shengji::game::Action)>,
    /// The person's seat.
    pub seat: Seat,
    /// Every seat's bot level at the table (the person's entry is not used).
    pub levels: Vec<Difficulty>,
    pub player: FieldPlayer,
    /// The field Experts' effort (the table's Experts keep the default).
    pub effort: Effort,
}

impl FieldJob {
    /// `player` in `seat` on the last hand of `game`'s table, its other seats' bots at `levels`.
    pub fn new(game: &Game, seat: Seat, levels: &[Difficulty], player: FieldPlayer) -> FieldJob {
        let record = crate::table::Record::of(game);
        let settings = Game::settings_pairs(&record.settings).into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        FieldJob { settings, seed: record.seed, actions: record.actions, seat, levels: levels.to_vec(), player, effort: Effort::default() }
    }
}

/// One replay's result for the person's seat, and how many of its plays were the
/// Experts' searched choices (a test checks the worker's wasm really searches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldAnswer {
    pub result: ShengjiResult,
    pub searched: u32,
}

/// The person's seat's result when `job.player` plays the record's last hand again from
/// its deal, the other seats' bots as they were; `None` for a record that does not replay
/// or a hand that does not finish.
pub fn field(job: &FieldJob) -> Option<FieldAnswer> {
    let get = |key: &str| job.settings.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let settings = Game::settings_from_pairs(&get).ok()?;
    let seed = TableSeed::parse(&job.seed).ok()?;
    let mut game = Game::new(settings, seed.clone()).ok()?;
    // The last hand's deal: the state just before its first action.
    let mut start = game.clone();
    let mut hand = 0;
    for (seat, action) in &job.actions {
        game.apply(*seat, action).ok()?;
        if game.hand_number() != hand {
            hand = game.hand_number();
            start = game.clone();
        }
    }
    let players = start.players();
    if job.seat >= players {
        return None;
    }
    let mut bots = bots_for(&seed, players, &job.levels);
    bots[job.seat] = match job.player {
        FieldPlayer::Normal => Bot::new(&seed, job.seat, Difficulty::Heuristic),
        FieldPlayer::Expert(n) => Bot::new(&seed, job.seat, Difficulty::Expert).with_effort(job.effort).with_variant(n),
    };
    // Every seat is a bot, deciding here (this runs in the worker).
    let mut searched = 0;
    for _ in 0..100_000 {
        if start.outcome().is_some() {
            break;
        }
        let Some(&seat) = start.to_act().first() else { break };
        let (action, why) = bots[seat].suggest_explained(&start.view(seat));
        searched += matches!(why, crate::shengji::bot::BotReason::Searched { .. }) as u32;
        start.apply(seat, &action).ok()?;
    }
    Some(FieldAnswer { result: start.seat_result(job.seat)?, searched })
}

/// Where `mine` stands among `field`'s results on the same deal: how many did better,
/// as well, and worse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Standing {
    pub better: usize,
    pub same: usize,
    pub worse: usize,
}

impl Standing {
    pub fn of(mine: &ShengjiResult, field: &[ShengjiResult]) -> Standing {
        let mut s = Standing::default();
        for r in field {
            match Game::compare_results(r, mine) {
                std::cmp::Ordering::Greater => s.better += 1,
                std::cmp::Ordering::Equal => s.same += 1,
                std::cmp::Ordering::Less => s.worse += 1,
            }
        }
        s
    }

    /// Your place counting from 1 among yourself and the field (ties share the better place).
    pub fn place(&self) -> usize {
        self.better + 1
    }

    /// How many results were ranked, yours included.
    pub fn of_total(&self) -> usize {
        self.better + self.same + self.worse + 1
    }
}

#[cfg(test)]
mod tests;
