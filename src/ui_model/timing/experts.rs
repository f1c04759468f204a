//! The rummy and mahjong Experts on the timing page: a seeded table of Experts of one game
//! played forward here, each decision asked of that game's table worker (where its bots
//! think on the game's own page), which times it. The page keeps the times of the decisions
//! the Expert searched, as the worker says (`table::think::Thinks::searched`): rummy's draws
//! and discards, mahjong's discards, claims, kongs, void suit and wins let go (its void
//! suit's discards and the moves with one choice are made at once). A finished hand deals
//! the next table, so decisions never run out and replay the same.

use crate::dup::TableSeed;
use crate::table::think::{Remote, Thinks};
use crate::table::{BotSeat as _, Decision};

/// What a game's Expert table needs of its game (its tables use the default settings).
pub trait TimedGame: Thinks<Settings: Default> {
    /// The `<meta name>` of the worker that thinks for this game (timing/index.html).
    const WORKER: &'static str;
    /// A name the tables' seeds start with.
    const SEED: &'static str;
    /// Every seat's Expert at a table of `players` from `seed`.
    fn experts(seed: &TableSeed, players: usize) -> Vec<Self::Bot>;
}

impl TimedGame for crate::rummy::game::Game {
    const WORKER: &'static str = "rummy-worker";
    const SEED: &'static str = "timingrummy";
    fn experts(seed: &TableSeed, players: usize) -> Vec<Self::Bot> {
        use crate::rummy::bot::{bots_for, Difficulty};
        bots_for(seed, players, &[Difficulty::Expert])
    }
}

impl TimedGame for crate::mahjong::game::Game {
    const WORKER: &'static str = "mahjong-worker";
    const SEED: &'static str = "timingmahjong";
    fn experts(seed: &TableSeed, players: usize) -> Vec<Self::Bot> {
        use crate::mahjong::game::bot::{bots_for, Difficulty};
        bots_for(seed, players, &[Difficulty::Expert])
    }
}

/// A table of Experts of game `G` whose decisions the page asks of `G`'s worker.
pub struct WorkerTable<G: TimedGame> {
    tables: u32,
    game: G,
    bots: Vec<Remote<G>>,
    /// The seat asked, until the worker answers.
    asked: Option<usize>,
}

impl<G: TimedGame> WorkerTable<G> {
    pub fn new() -> Result<WorkerTable<G>, String> {
        Self::deal(0)
    }

    fn deal(table: u32) -> Result<WorkerTable<G>, String> {
        let seed = TableSeed::parse(&format!("{}{table}", G::SEED)).map_err(|e| e.to_string())?;
        let game = G::new(G::Settings::default(), seed.clone()).map_err(|e| e.to_string())?;
        let bots = G::experts(&seed, game.players()).into_iter().map(Remote::new).collect();
        Ok(WorkerTable { tables: table, game, bots, asked: None })
    }

    /// The next decision's job for the worker; the moves that need none are made here.
    pub fn job(&mut self) -> Result<Vec<u8>, String> {
        // A hand has a few hundred moves at most; this bounds a stuck table.
        for _ in 0..10_000 {
            if self.game.outcome().is_some() {
                *self = Self::deal(self.tables + 1)?;
            }
            let seat = *self.game.to_act().first().ok_or("nobody is to act at the Expert's table")?;
            if let Some(action) = self.game.auto_action(seat) {
                self.game.apply(seat, &action).map_err(|e| format!("the timing table refused its own move: {e}"))?;
                continue;
            }
            let view = self.game.view(seat);
            return match self.bots[seat].decide(&view) {
                Decision::Ask(job) => {
                    self.asked = Some(seat);
                    Ok(job)
                }
                Decision::Now(..) => Err("the Expert did not ask its worker".into()),
            };
        }
        Err("the Expert's table asked nothing in 10,000 moves".into())
    }

    /// The worker's answer to the last [`WorkerTable::job`]: the move is made; `true` when
    /// the Expert searched for it (its time is one of the page's samples).
    pub fn answered(&mut self, answer: &[u8]) -> Result<bool, String> {
        let seat = self.asked.ok_or("no decision was asked")?;
        let (action, _) = self.bots[seat].answered(answer).ok_or("the worker did not answer")?;
        self.asked = None;
        self.game.apply(seat, &action).map_err(|e| format!("the Expert {} made a refused move: {e}", seat + 1))?;
        Ok(self.bots[seat].searched())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::think::{refused, work};

    /// Plays `G`'s Expert table through its first hand and into the next, each job done as
    /// the worker does it, and checks each decision's "searched" against the same table's
    /// bots deciding here (their reasons); returns the decisions asked and those timed.
    fn play_past_a_hand<G: TimedGame>(searched: fn(&<G::Bot as crate::table::Bot<G>>::Reason) -> bool) -> (usize, usize) {
        use crate::table::Bot as _;
        let mut t = WorkerTable::<G>::new().unwrap();
        let mut here = G::experts(&TableSeed::parse(&format!("{}0", G::SEED)).unwrap(), t.game.players());
        let (mut asked, mut timed) = (0, 0);
        while t.tables == 0 {
            let job = t.job().unwrap();
            let seat = t.asked.unwrap();
            let (want, why) = here[seat].suggest(&t.game.view(seat));
            asked += 1;
            let was_searched = t.answered(&work::<G>(&job)).unwrap();
            assert_eq!(was_searched, searched(&why), "decision {asked}: {why:?}");
            if t.tables == 0 {
                assert_eq!(t.game.actions().last().map(|(_, a)| a), Some(&want), "the worker's move is the bot's");
            }
            timed += was_searched as usize;
        }
        // A refusal is a clear error, and the table does not move.
        t.job().unwrap();
        let moves = t.game.actions().len();
        assert!(t.answered(&refused()).unwrap_err().contains("did not answer"));
        assert_eq!(t.game.actions().len(), moves);
        (asked, timed)
    }

    #[test]
    fn the_rummy_table_times_its_experts_searched_turns() {
        let (asked, timed) = play_past_a_hand::<crate::rummy::game::Game>(crate::rummy::bot::BotReason::searched);
        assert!(timed >= 10 && timed < asked, "{timed} of {asked}");
    }

    #[test]
    fn the_mahjong_table_times_its_experts_searched_decisions() {
        let (asked, timed) = play_past_a_hand::<crate::mahjong::game::Game>(crate::mahjong::game::bot::BotReason::searched);
        // Some decisions are made at once (the void suit's discards among them).
        assert!(timed >= 20 && timed < asked, "{timed} of {asked}");
    }
}
