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
use crate::table::{Bot as _, StreamAt};

/// A rummy bot's progress is where its stream stands (`table::Bot::stream_at`); the one
/// job besides a bot's move is a seat's view, to which the answer is the Expert's move.
impl Thinks for Game {
    type Bot = Bot;
    type Progress = Option<StreamAt>;
    fn progress(bot: &Bot) -> Option<StreamAt> {
        bot.stream_at()
    }
    fn resume(bot: &mut Bot, at: Option<StreamAt>) {
        if let Some(at) = at {
            bot.resume_stream(at);
        }
    }
    fn phrase(reason: &BotReason) -> Phrased {
        Phrased::with(|lang| crate::ui_model::rummy::reasons::bot_reason(reason, lang))
    }
    fn searched(reason: &BotReason) -> bool {
        reason.searched()
    }
    fn other(payload: &[u8]) -> Option<Vec<u8>> {
        serve(payload, |view: SeatView| Some(expert_move(&view)))
    }
}

/// The Expert's move in `view`'s seat and why, as the hint's short line: deciding on the
/// hint's own stream.
pub fn expert_move(view: &SeatView) -> (Action, Phrased) {
    let mut bot = Bot::new(&TableSeed::named("rummyhint"), view.seat, Difficulty::Expert);
    bot.resume_stream(StreamAt { hand: view.deal_number, word: 0 });
    let (action, why) = bot.suggest(view);
    (action, Phrased::with(|lang| crate::ui_model::rummy::reasons::hint_line(&why, lang)))
}

/// The job that asks the worker what the Expert would do in `view`'s seat.
pub fn expert_job(view: &SeatView) -> Vec<u8> {
    job::<Game, _>(Kind::Other, view)
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
        let pairs = bots_for(&seed, 3, &levels).into_iter().zip(bots_for(&seed, 3, &levels));
        let mut seats: Vec<(Bot, Remote<Game>)> = pairs.map(|(here, there)| (here, Remote::new(there))).collect();
        let mut game = Game::new(Settings { players: 3, ..Settings::default() }, seed).unwrap();
        for step in 0.. {
            assert!(step < 1000, "the deal ends");
            if game.phase() == PhaseName::Finished {
                break;
            }
            let view = game.view(game.to_act()[0]);
            let (here, there) = &mut seats[view.seat];
            let (want, _) = here.suggest(&view);
            let (got, why) = decide_here::<Game, _>(there, &view).expect("the worker answers");
            assert_eq!((step, &got), (step, &want));
            assert!(!why.get(crate::i18n::Lang::Zh).is_empty());
            if step % 5 == 0 && view.phase == PhaseName::Play {
                let asked = expert_answer(&work::<Game>(&expert_job(&view))).map(|(a, _)| a);
                assert_eq!(asked, Some(expert_move(&view).0));
            }
            game.apply(view.seat, &want).unwrap();
        }
    }
}
