//! The Sichuan table's pure UI pieces: its words in English and Chinese, and
//! the hint tab's model (discard advice with unseen counts, waits and fan).

pub mod advice;
pub mod rules;
pub mod words;
