//! A Shengji bot as data: what a page keeps of it and the bot worker decides with
//! (`table::think`) — everything but the rules it caches, its random stream named by the
//! seed, hand, seat and variant with only the position in it written.

use super::{Bot, Difficulty, VARIANT_STREAMS};
use crate::dup::TableSeed;
use crate::table::StreamAt;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What of a [`Bot`] travels (to the bot worker and back). Its random stream is named by
/// the seed, hand, seat and variant; only the position in it travels.
#[derive(Serialize, Deserialize)]
struct BotState {
    seat: usize,
    difficulty: Difficulty,
    seed: String,
    progress: StreamAt,
    effort: crate::shengji::expert::Effort,
    variant: u8,
}

impl Serialize for Bot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        BotState {
            seat: self.seat,
            difficulty: self.difficulty,
            seed: self.seed.as_str().to_string(),
            progress: self.progress(),
            effort: self.effort,
            variant: self.variant,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Bot {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Bot, D::Error> {
        let b = BotState::deserialize(d)?;
        let seed = TableSeed::parse(&b.seed).map_err(|_| serde::de::Error::custom("not a table seed"))?;
        if b.variant as usize > VARIANT_STREAMS.len() {
            return Err(serde::de::Error::custom("no such stream"));
        }
        let mut bot = Bot::new(&seed, b.seat, b.difficulty).with_effort(b.effort).with_variant(b.variant);
        bot.resume(b.progress);
        Ok(bot)
    }
}

impl Bot {
    /// What deciding has changed of this bot since it was made.
    pub fn progress(&self) -> StreamAt {
        StreamAt { hand: self.hand, word: self.rng.get_word_pos() }
    }

    /// Moves the bot on to `progress` (the same bot's, after a decision made elsewhere).
    pub fn resume(&mut self, progress: StreamAt) {
        self.hand = progress.hand;
        self.rng = self.stream(self.hand);
        self.rng.set_word_pos(progress.word);
    }
}

impl fmt::Debug for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bot {{ seat: {}, {:?}, hand {} }}", self.seat, self.difficulty, self.hand)
    }
}

