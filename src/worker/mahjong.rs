//! Sichuan mahjong's bots and hint in its table worker (`table::think`): the mahjong page
//! keeps each bot as a `table::think::Remote` and asks the worker for its moves, and for
//! the hint tab's rows, so the page carries none of the bots' thinking nor the advice
//! (the peer pages' stand-in bots already decided there). A bot's reason comes phrased in
//! every language (`ui_model::mahjong::words::bot_reason`).

use crate::mahjong::game::bot::{Bot, BotReason};
use crate::table::StreamAt as Progress;
use crate::mahjong::game::{Game, SeatView};
use crate::table::think::{answer, job, serve, Answer, Kind, Thinks};
use crate::ui_model::mahjong::advice::{advice, DiscardAdvice};

/// A mahjong job besides a bot's move.
#[derive(serde::Serialize, serde::Deserialize)]
enum Job {
    /// The hint tab's rows for this view (`ui_model::mahjong::advice`).
    Advice(SeatView),
    /// The hint tab's "what would Expert do?" for this view (`bot::expert_hint`).
    Expert(SeatView),
    /// Build the engine's lookup tables now ([`warm_job`]).
    Warm,
}

/// The Expert's move for the hint and why, phrased in every language.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExpertHint {
    pub action: crate::mahjong::game::Action,
    pub why: crate::i18n::Phrased,
}

/// The Expert's move for `view`, as the worker answers it.
pub fn expert_hint(view: &SeatView) -> ExpertHint {
    let (action, reason) = crate::mahjong::game::bot::expert_hint(view);
    ExpertHint { action, why: <Game as Thinks>::phrase(&reason) }
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
    fn phrase(reason: &BotReason) -> crate::i18n::Phrased {
        crate::i18n::Phrased::with(|lang| crate::ui_model::mahjong::words::bot_reason(reason, lang))
    }
    fn searched(reason: &BotReason) -> bool {
        reason.searched()
    }
    fn other(payload: &[u8]) -> Option<Vec<u8>> {
        // Each job's answer is its own type, read back by its own reader.
        match postcard::from_bytes::<Job>(payload).ok()? {
            Job::Advice(view) => serve(payload, |_: Job| Some(advice(&view))),
            Job::Expert(view) => serve(payload, |_: Job| Some(expert_hint(&view))),
            Job::Warm => serve(payload, |_: Job| {
                crate::mahjong::tables();
                crate::mahjong::distance::distance_tables();
                Some(())
            }),
        }
    }
}

/// The job that asks the worker for the hint tab's rows for `view`.
pub fn advice_job(view: &SeatView) -> Vec<u8> {
    // A reference serialises as the value: the job needs no copy of the view.
    #[derive(serde::Serialize)]
    enum Asked<'a> {
        Advice(&'a SeatView),
    }
    job::<Game, _>(Kind::Other, &Asked::Advice(view))
}

/// The job that asks the worker what the Expert would do in `view`.
pub fn expert_job(view: &SeatView) -> Vec<u8> {
    #[derive(serde::Serialize)]
    enum Asked<'a> {
        #[allow(dead_code)]
        Advice(&'a SeatView),
        Expert(&'a SeatView),
    }
    job::<Game, _>(Kind::Other, &Asked::Expert(view))
}

/// The job that has the worker build the engine's win-check and shanten tables now, which
/// it otherwise does at the first bot decision that reads them (some 8 MB: about a second in
/// a desktop browser, more on a phone). The mahjong page sends it as its bots are made, so
/// the build overlaps the player's first choices instead of holding up the bots' first move.
pub fn warm_job() -> Vec<u8> {
    job::<Game, _>(Kind::Other, &Job::Warm)
}

/// The worker's Expert move, read back (`None`: a worker of another build).
pub fn expert_answer(bytes: &[u8]) -> Option<ExpertHint> {
    match answer::<Game, ExpertHint>(Kind::Other, bytes) {
        Answer::Done(hint) => Some(hint),
        Answer::Refused => None,
    }
}

/// The worker's rows, read back (`None`: a worker of another build).
pub fn advice_answer(bytes: &[u8]) -> Option<Vec<DiscardAdvice>> {
    match answer::<Game, Vec<DiscardAdvice>>(Kind::Other, bytes) {
        Answer::Done(rows) => Some(rows),
        Answer::Refused => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::TableSeed;
    use crate::mahjong::game::bot::{bots_for, Difficulty};
    use crate::mahjong::game::Settings;
    use crate::table::think::{decide_here, work, Remote};
    use crate::table::Game as _;

    /// The warm-up job is answered once the worker's tables are built.
    #[test]
    fn the_warm_up_job_builds_the_workers_tables() {
        let answered = answer::<Game, ()>(Kind::Other, &work::<Game>(&warm_job()));
        assert_eq!(answered, Answer::Done(()));
        assert!(crate::mahjong::tables_ready() && crate::mahjong::distance::distance_tables_ready());
    }

    /// Bots that think in the worker play exactly as the same bots on the page: a whole
    /// hand, move by move, and the hint's rows and its Expert line are the page's own.
    #[test]
    fn remote_bots_and_the_hint_are_the_pages_own() {
        let seed = TableSeed::parse("mjworker").unwrap();
        let levels = [Difficulty::Advice, Difficulty::Shanten, Difficulty::Random, Difficulty::Advice];
        let mut here = bots_for(&seed, 4, &levels);
        let mut there: Vec<Remote<Game>> = bots_for(&seed, 4, &levels).into_iter().map(Remote::new).collect();
        let mut game = Game::new(Settings::default(), seed).unwrap();
        let mut moves = 0;
        while game.outcome().is_none() && moves < 2000 {
            let seat = game.to_act()[0];
            let view = game.view(seat);
            let (want, _) = here[seat].suggest(&view);
            let (got, why) = decide_here::<Game, _>(&mut there[seat], &view).expect("the worker answers");
            assert_eq!(got, want, "move {moves}");
            assert!(!why.get(crate::i18n::Lang::Zh).is_empty());
            if view.turn == Some(seat) {
                let rows = advice_answer(&work::<Game>(&advice_job(&view))).expect("rows");
                assert_eq!(rows, advice(&view));
                let hint = expert_answer(&work::<Game>(&expert_job(&view))).expect("the Expert's move");
                assert_eq!(hint, expert_hint(&view), "the same view, the same hint");
            }
            game.apply(seat, &want).unwrap();
            moves += 1;
        }
        assert!(game.outcome().is_some(), "the hand ends");
    }
}
