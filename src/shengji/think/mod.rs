//! The Shengji work of the bot worker (`table::think::Thinks`, src/bot_worker.rs): an Expert's
//! play, searched off the page's thread, and one player of the field comparison — the
//! hand just finished, dealt again with another player in a person's seat and the same
//! bots around them. Pure: the worker only moves the bytes, and the tests run both
//! natively. A play searched here is the play the bot would have chosen in place: the
//! job carries the bot's random stream and the answer hands it back where the search
//! left it, so a deal replays bit-for-bit wherever its bots think.

use crate::dup::{Purpose, TableSeed};
use crate::shengji::bot::{bots_for, Bot, BotReason, Difficulty};
use crate::shengji::expert::Effort;
use crate::shengji::game::{Action, Game, SeatView, ShengjiResult};
use crate::shengji::rules::Rules;
use crate::record::replay_code::{record_from_bytes, record_to_bytes};
use crate::table::think::{self, Kind, Thinks};
use crate::table::{Codec as _, Game as _, Seat};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};

/// Where a bot's ChaCha stream stands: enough to continue it elsewhere.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RngState {
    seed: [u8; 32],
    stream: u64,
    word_pos: u128,
}

impl RngState {
    pub fn of(rng: &ChaCha20Rng) -> RngState {
        RngState { seed: rng.get_seed(), stream: rng.get_stream(), word_pos: rng.get_word_pos() }
    }

    /// The stream, continuing exactly where [`RngState::of`] read it.
    pub fn resume(&self) -> ChaCha20Rng {
        let mut rng = ChaCha20Rng::from_seed(self.seed);
        rng.set_stream(self.stream);
        rng.set_word_pos(self.word_pos);
        rng
    }
}

/// An Expert's play to search: the seat's view, its stream and its effort
/// (made by [`Bot::search_job`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlayJob {
    pub view: SeatView,
    pub rng: RngState,
    pub effort: Effort,
}

/// The searched play, why, and the stream after the search (for [`Bot::searched`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayAnswer {
    pub action: Action,
    pub reason: BotReason,
    pub rng: RngState,
}

/// Searches a play: `None` when the job is not a play the Expert can search (no rules
/// or no trick in the view; a page never sends one).
pub fn play(job: &PlayJob) -> Option<PlayAnswer> {
    let rules = Rules::try_from(job.view.rules?).ok()?;
    let trick = job.view.trick.as_ref()?;
    let mut rng = job.rng.resume();
    let (action, reason) = crate::shengji::expert::decide(&mut rng, &job.view, &rules, trick, job.effort);
    Some(PlayAnswer { action, reason, rng: RngState::of(&rng) })
}

/// Who plays the person's seat in one replay of the field comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FieldPlayer {
    /// The Normal (heuristic) bot, as if the seat had been left to it.
    Normal,
    /// The Expert, drawing from the seat's `n`th field stream (0: the seat's own `Bots`
    /// stream): a few Experts that weigh the same deal differently.
    Expert(u8),
}

/// The field of the comparison: the Normal bot and four Experts, in the order shown.
pub const FIELD: [FieldPlayer; 5] =
    [FieldPlayer::Normal, FieldPlayer::Expert(0), FieldPlayer::Expert(1), FieldPlayer::Expert(2), FieldPlayer::Expert(3)];

/// The streams of the Experts after the first (which takes the seat's `Bots` stream).
const FIELD_STREAMS: [&str; 3] = ["field-1", "field-2", "field-3"];

/// One replay of the finished hand for the field comparison (made by [`FieldJob::new`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FieldJob {
    /// The table's record up to the end of the hand to compare, in its compact bytes
    /// (`record::replay_code::record_to_bytes`).
    pub record: Vec<u8>,
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
        let record = record_to_bytes(&crate::table::Record::of(game));
        FieldJob { record, seat, levels: levels.to_vec(), player, effort: Effort::default() }
    }
}

/// One replay's result for the person's seat, and how many of its decisions were searches
/// (the Experts'; a test checks the worker's wasm really searches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldAnswer {
    pub result: ShengjiResult,
    pub searches: u32,
}

/// The person's seat's result when `job.player` plays the record's last hand again from
/// its deal, the other seats' bots as they were; `None` for a record that does not replay
/// or a hand that does not finish.
pub fn field(job: &FieldJob) -> Option<FieldAnswer> {
    let record = record_from_bytes::<Game>(&job.record).ok()?;
    let seed = TableSeed::parse(&record.seed).ok()?;
    let mut game = Game::new(record.settings.clone(), seed.clone()).ok()?;
    // The last hand's deal: the state just before its first action.
    let mut start = game.clone();
    let mut hand = 0;
    for (seat, action) in &record.actions {
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
        FieldPlayer::Expert(n) => {
            let bot = Bot::new(&seed, job.seat, Difficulty::Expert).with_effort(job.effort);
            match n.checked_sub(1).and_then(|i| FIELD_STREAMS.get(i as usize)) {
                Some(name) => bot.with_stream(Purpose::Named(name)),
                None => bot,
            }
        }
    };
    // Every seat is a bot; the Experts search through the worker's own path.
    let mut searches = 0;
    for _ in 0..100_000 {
        if start.outcome().is_some() {
            break;
        }
        let Some(&seat) = start.to_act().first() else { break };
        let view = start.view(seat);
        let ((action, _), searched) = think::decide_here::<Game, _>(&mut bots[seat], &view);
        searches += searched as u32;
        start.apply(seat, &action).ok()?;
    }
    Some(FieldAnswer { result: start.seat_result(job.seat)?, searches })
}

impl Thinks for Game {
    fn think(kind: Kind, payload: &[u8]) -> Option<Vec<u8>> {
        match kind {
            Kind::Play => think::serve(payload, play),
            Kind::Field => think::serve(payload, field),
        }
    }
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
