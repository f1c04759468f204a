//! Shengji's bots in the bot worker (`table::think`): the glue between the worker's jobs
//! and Shengji's thinking (`shengji::think`), and a bot's reason phrased in every language
//! (`ui_model::messages::bot_reason`) — the worker's side, so the engine phrases nothing.

use crate::shengji::bot::Bot;
use crate::shengji::game::Game;
use crate::shengji::think::{field, hint_rows, turn, Job};
use crate::table::think::Thinks;

impl Thinks for Game {
    type Bot = Bot;
    type Progress = crate::table::StreamAt;
    fn progress(bot: &Bot) -> Self::Progress {
        bot.progress()
    }
    fn resume(bot: &mut Bot, progress: Self::Progress) {
        bot.resume(progress)
    }
    fn phrase(reason: &crate::shengji::bot::BotReason) -> crate::i18n::Phrased {
        crate::i18n::Phrased::with(|lang| crate::ui_model::messages::bot_reason(reason, lang))
    }
    fn other(payload: &[u8]) -> Option<Vec<u8>> {
        match postcard::from_bytes::<Job>(payload).ok()? {
            Job::Field(job) => postcard::to_allocvec(&field(&job)?).ok(),
            Job::Hints(job) => postcard::to_allocvec(&hint_rows(&job)?).ok(),
            Job::Turn(asked) => postcard::to_allocvec(&turn::check(&asked)?).ok(),
        }
    }
}
