//! Rummy's bots and the hint's Expert line in its table worker (`table::think`): the rummy
//! page keeps each bot as a `table::think::Remote` and asks the worker for its moves, so
//! an Expert's search never blocks the page's frames (the peer pages' stand-in bots
//! already decided there). A bot's reason comes phrased in every language
//! (`ui_model::rummy::reasons::bot_reason`). The hint tab asks what the Expert would do
//! in the seat's place ([`expert_job`]): the Expert's move and its reason, from a stream of
//! its own, so the same view always gets the same answer.

use crate::dup::TableSeed;
use crate::i18n::Phrased;
use crate::rummy::bot::{Bot, BotReason, Difficulty};
use crate::rummy::game::{Action, Game, SeatView};
use crate::table::think::{answer, job, serve, Answer, Kind, Thinks};
use crate::table::StreamAt as Progress;

/// A rummy job besides a bot's move.
#[derive(serde::Serialize, serde::Deserialize)]
enum Job {
    /// What the Expert would do in this view's seat.
    Expert(SeatView),
}

impl Thinks for Game {
    type Bot = Bot;
    type Progress = Progress;
    fn progress(bot: &Bot) -> Progress {
        bot.progress()
    }
    fn resume(bot: &mut Bot, progress: Progress) {
        bot.resume(progress)
    }
    fn phrase(reason: &BotReason) -> Phrased {
        Phrased::with(|lang| crate::ui_model::rummy::reasons::bot_reason(reason, lang))
    }
    fn other(payload: &[u8]) -> Option<Vec<u8>> {
        serve(payload, |job: Job| match job {
            Job::Expert(view) => Some(expert_move(&view)),
        })
    }
}

/// The Expert's move in `view`'s seat and why, phrased: deciding on the hint's own stream.
pub fn expert_move(view: &SeatView) -> (Action, Phrased) {
    let mut bot = Bot::new(&TableSeed::named("rummyhint"), view.seat, Difficulty::Expert);
    bot.resume(Progress { hand: view.deal_number, word: 0 });
    let (action, why) = bot.suggest(view);
    (action, <Game as Thinks>::phrase(&why))
}

/// The job that asks the worker what the Expert would do in `view`'s seat.
pub fn expert_job(view: &SeatView) -> Vec<u8> {
    // A reference serialises as the value: the job needs no copy of the view.
    #[derive(serde::Serialize)]
    enum Asked<'a> {
        Expert(&'a SeatView),
    }
    job::<Game, _>(Kind::Other, &Asked::Expert(view))
}

/// The worker's answer, read back (`None`: a worker of another build).
pub fn expert_answer(bytes: &[u8]) -> Option<(Action, Phrased)> {
    match answer::<Game, (Action, Phrased)>(Kind::Other, bytes) {
        Answer::Done(a) => Some(a),
        Answer::Refused => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::bot::bots_for;
    use crate::rummy::game::{PhaseName, Settings};
    use crate::table::think::{decide_here, work, Remote};

    /// Bots that think in the worker play exactly as the same bots on the page: a whole
    /// deal, move by move; the hint's Expert answer is the one decided here.
    #[test]
    fn remote_bots_and_the_expert_hint_are_the_pages_own() {
        let seed = TableSeed::parse("rmworker").unwrap();
        let levels = [Difficulty::Expert, Difficulty::Heuristic, Difficulty::Random];
        let mut here = bots_for(&seed, 3, &levels);
        let mut there: Vec<Remote<Game>> = bots_for(&seed, 3, &levels).into_iter().map(Remote::new).collect();
        let mut game = Game::new(Settings { players: 3, ..Settings::default() }, seed).unwrap();
        let mut moves = 0;
        while game.phase() != PhaseName::Finished && moves < 1000 {
            let seat = game.to_act()[0];
            let view = game.view(seat);
            let (want, _) = here[seat].suggest(&view);
            let (got, why) = decide_here::<Game, _>(&mut there[seat], &view).expect("the worker answers");
            assert_eq!(got, want, "move {moves}");
            assert!(!why.get(crate::i18n::Lang::Zh).is_empty());
            if moves % 5 == 0 && view.phase == PhaseName::Play {
                let (action, _) = expert_answer(&work::<Game>(&expert_job(&view))).expect("the Expert's move");
                assert_eq!(action, expert_move(&view).0);
            }
            game.apply(seat, &want).unwrap();
            moves += 1;
        }
        assert_eq!(game.phase(), PhaseName::Finished, "the deal ends");
    }
}
