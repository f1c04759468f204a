//! Why a replay code does not open, in the reader's language: the replay screen's
//! message, phrased from the typed `CodeError` and `ReplayError` at the edge (their
//! `Display` is the English of logs and the command line, and its formatting of moves
//! and rule errors is code a page should not carry).

use crate::dup::DERIVATION_VERSION;
use crate::i18n::Lang;
use crate::record::replay_code::{CodeError, InflateProblem, CODE_FORMAT, MAX_CODE_CHARS};
use crate::table::{Codec, ReplayError};

/// Why the code does not open ("the replay code is empty").
pub fn code_error<G: Codec>(e: &CodeError<G>, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match e {
        CodeError::Empty if zh => "回放代码是空的".into(),
        CodeError::Empty => "the replay code is empty".into(),
        CodeError::TooLong(n) if zh => format!("回放代码有 {n} 个字符，最多只接受 {MAX_CODE_CHARS} 个"),
        CodeError::TooLong(n) => format!("the replay code has {n} characters, at most {MAX_CODE_CHARS} are accepted"),
        CodeError::NotBase64(0) if zh => "回放代码的长度不可能（多半是复制时被截断了）".into(),
        CodeError::NotBase64(0) => "the replay code has an impossible length (it was probably cut short)".into(),
        CodeError::NotBase64(p) if zh => format!("回放代码第 {p} 个字符不是字母、数字、“-”或“_”"),
        CodeError::NotBase64(p) => format!("the replay code has a character at position {p} that is not a letter, digit, '-' or '_'"),
        CodeError::Format(v) if zh => format!("回放代码是第 {v} 版格式，这个版本的应用读取第 {CODE_FORMAT} 版"),
        CodeError::Format(v) => format!("the replay code is in format {v}, this version of the app reads format {CODE_FORMAT}"),
        CodeError::OtherGame(_) if zh => "这个回放代码属于另一种游戏".into(),
        CodeError::OtherGame(_) => format!("the replay code is for another game than {}", G::NAME),
        CodeError::Inflate(InflateProblem::Damaged) | CodeError::Field(_) | CodeError::TrailingBytes if zh => "回放代码的数据已损坏".into(),
        CodeError::Inflate(InflateProblem::Damaged) => "the replay code's data is damaged: it is not valid deflate data".into(),
        CodeError::Field(what) => format!("the replay code has an invalid {what}"),
        CodeError::TrailingBytes => "the replay code has extra data at the end".into(),
        CodeError::Inflate(InflateProblem::TooLarge { limit }) if zh => format!("回放代码的数据已损坏：解压后会超过 {limit} 字节"),
        CodeError::Inflate(InflateProblem::TooLarge { limit }) => format!("the replay code's data is damaged: it would inflate to more than {limit} bytes"),
        CodeError::Derivation(v) if zh => format!("这局回放用第 {v} 版发牌方式录制，这个版本用第 {DERIVATION_VERSION} 版"),
        CodeError::Derivation(v) => format!("the replay was recorded with seed derivation {v}, this version deals with derivation {DERIVATION_VERSION}"),
        CodeError::Truncated if zh => "回放代码的数据被截断了".into(),
        CodeError::Truncated => "the replay code's data is cut short".into(),
        CodeError::Settings(_) if zh => "回放的牌桌设置无效".into(),
        CodeError::Settings(why) => format!("the replay's settings are not valid: {why}"),
        CodeError::Replay(e) => replay_error(e, lang),
    }
}

/// Why a record that decodes does not replay under the rules.
pub fn replay_error<G: Codec>(e: &ReplayError<G>, lang: Lang) -> String {
    match (e, lang) {
        (ReplayError::Seed(_), Lang::En) => "the replay's seed is not valid".into(),
        (ReplayError::Seed(_), Lang::Zh) => "回放的种子无效".into(),
        (ReplayError::Settings(_), Lang::En) => "the replay's settings are not valid".into(),
        (ReplayError::Settings(_), Lang::Zh) => "回放的牌桌设置无效".into(),
        (ReplayError::Action { index, seat, .. }, Lang::En) => {
            format!("the replay does not follow the rules: move {} (seat {}) is not allowed", index + 1, seat + 1)
        }
        (ReplayError::Action { index, seat, .. }, Lang::Zh) => format!("回放不合规则：第 {} 步（{} 号位）不允许", index + 1, seat + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay_code::decode;
    use crate::shengji::game::Game;

    /// Each malformed code the replay screen is shown gets its own sentence in both
    /// languages, and the English one says what the command line's says.
    #[test]
    fn every_malformed_code_is_phrased_in_both_languages() {
        for code in ["", "AY2LSVbCUBR!EU", "not-a-replay", "AQ", "AgAB", "AwA"] {
            let e = decode::<Game>(code).expect_err(code);
            let (en, zh) = (code_error(&e, Lang::En), code_error(&e, Lang::Zh));
            assert!(en.starts_with("the replay"), "{code}: {en}");
            assert!(!zh.is_empty() && !zh.is_ascii(), "{code}: {zh}");
            assert_eq!(en, e.to_string(), "{code}");
        }
        assert!(code_error(&decode::<Game>("AY2LSVbCUBR!EU").unwrap_err(), Lang::En).contains("position 12"));
    }
}
