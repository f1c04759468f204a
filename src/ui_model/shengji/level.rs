//! Shengji's bot levels as table links write them (`bots=nxnx`) and messages name them.

use crate::i18n::Lang;
use crate::shengji::bot::Difficulty;
use crate::ui_model::table::{Level, LevelWord};

impl Level for Difficulty {
    const ALL: &'static [Difficulty] = &[Difficulty::Random, Difficulty::Heuristic, Difficulty::Expert];
    fn letter(self) -> char {
        match self {
            Difficulty::Random => 'e',
            Difficulty::Heuristic => 'n',
            Difficulty::Expert => 'x',
        }
    }
    fn word(self, lang: Lang) -> &'static str {
        match self {
            Difficulty::Random => LevelWord::Easy.word(lang),
            Difficulty::Heuristic => LevelWord::Normal.word(lang),
            Difficulty::Expert => LevelWord::Expert.word(lang),
        }
    }
}
