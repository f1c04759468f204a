//! Why an invitation or an answer made no connection, in English and Chinese: a code that
//! does not read (`net::signal::SignalError`), a code of the other kind, or a WebRTC step
//! the browser refused (`net::connect::ConnectError`). Each sentence says what to do next.
//! The signal module's `Display` texts stay as they are for the CLI and tests.

use crate::i18n::Lang;
use crate::net::connect::{BrowserStep, ConnectError};
use crate::net::signal::SignalError;

/// Why a code does not read, and what to do about it.
pub fn signal_error(e: &SignalError, lang: Lang) -> String {
    match (e, lang) {
        (SignalError::Empty, Lang::En) => "the code is empty: paste the whole code you were sent".into(),
        (SignalError::Empty, Lang::Zh) => "代码是空的：请粘贴收到的完整代码".into(),
        (SignalError::TooLong { len, max }, Lang::En) => {
            format!("the input is {len} characters long, more than the {max} a code may have: paste only the code")
        }
        (SignalError::TooLong { len, max }, Lang::Zh) => format!("输入有 {len} 个字符，超过了代码最多的 {max} 个：请只粘贴代码"),
        (SignalError::BadCharacter { ch, position }, Lang::En) => format!(
            "the code has {ch:?} at position {position}: a code uses only letters, digits, '-' and '_'; copy it again"
        ),
        (SignalError::BadCharacter { ch, position }, Lang::Zh) => {
            format!("代码第 {position} 个字符是“{ch}”：代码只含字母、数字、“-”和“_”，请重新复制")
        }
        (SignalError::UnknownTag(t), Lang::En) => format!(
            "the code starts with version tag {t}, which this version of the app does not know: both sides need the same app version (reload to update)"
        ),
        (SignalError::UnknownTag(t), Lang::Zh) => format!("代码的版本标记是 {t}，这个版本的应用不认识：双方需要同一版本的应用（刷新即可更新）"),
        (SignalError::Truncated(what), Lang::En) => format!("the code ends too early (in the {what}): copy all of it"),
        (SignalError::Truncated(_), Lang::Zh) => "代码不完整，在中途断了：请复制全部内容".into(),
        (SignalError::TrailingBytes(n), Lang::En) => format!("the code has {n} unexpected bytes at the end: copy exactly the code"),
        (SignalError::TrailingBytes(n), Lang::Zh) => format!("代码末尾多出 {n} 个字节：请只复制代码本身"),
        (SignalError::BadField(what), Lang::En) => format!("the code's {what} is not valid: copy it again"),
        (SignalError::BadField(_), Lang::Zh) => "代码的内容已损坏：请重新复制".into(),
        (SignalError::Inflate, Lang::En) => "the code's compressed description is damaged: copy it again".into(),
        (SignalError::Inflate, Lang::Zh) => "代码中压缩的连接信息已损坏：请重新复制".into(),
        (SignalError::NotUtf8, Lang::En) => "the code's description is not text: copy it again".into(),
        (SignalError::NotUtf8, Lang::Zh) => "代码中的连接信息不是文本：请重新复制".into(),
        (SignalError::NotCompact(why), Lang::En) => format!("this description has no compact form: {why}"),
        (SignalError::NotCompact(why), Lang::Zh) => format!("这段连接信息没有紧凑形式（{why}）"),
        (SignalError::BadSdp(why), Lang::En) => format!("the browser's description of the connection is not usable ({why}): try another browser"),
        (SignalError::BadSdp(why), Lang::Zh) => format!("浏览器给出的连接信息无法使用（{why}）：请换一个浏览器试试"),
    }
}

/// The step the browser refused, as the start of a sentence.
fn step(s: BrowserStep, lang: Lang) -> &'static str {
    match (s, lang) {
        (BrowserStep::CreateConnection, Lang::En) => "this browser could not create a WebRTC connection (is WebRTC turned off?)",
        (BrowserStep::CreateConnection, Lang::Zh) => "这个浏览器无法建立 WebRTC 连接（是否关闭了 WebRTC？）",
        (BrowserStep::CreateOffer, Lang::En) => "the browser could not create an invitation",
        (BrowserStep::CreateOffer, Lang::Zh) => "浏览器无法生成邀请",
        (BrowserStep::UseOffer, Lang::En) => "the browser could not use its own invitation",
        (BrowserStep::UseOffer, Lang::Zh) => "浏览器无法使用自己生成的邀请",
        (BrowserStep::UseInvitation, Lang::En) => "the invitation could not be used (ask the host for a new one)",
        (BrowserStep::UseInvitation, Lang::Zh) => "无法使用这个邀请（请主持人重新发一个）",
        (BrowserStep::CreateAnswer, Lang::En) => "the browser could not create an answer",
        (BrowserStep::CreateAnswer, Lang::Zh) => "浏览器无法生成应答",
        (BrowserStep::UseAnswer, Lang::En) => "the browser could not use its own answer",
        (BrowserStep::UseAnswer, Lang::Zh) => "浏览器无法使用自己生成的应答",
        (BrowserStep::NoLocalDescription, Lang::En) => "the browser gave no description of the connection",
        (BrowserStep::NoLocalDescription, Lang::Zh) => "浏览器没有给出连接信息",
        (BrowserStep::AnswerDoesNotFit, Lang::En) => "this answer does not fit this invitation (was it made for another invite?)",
        (BrowserStep::AnswerDoesNotFit, Lang::Zh) => "这个应答与此邀请不匹配（是否是为另一个邀请生成的？）",
    }
}

/// Why connecting through a code failed, and what to do about it.
pub fn connect_error(e: &ConnectError, lang: Lang) -> String {
    match (e, lang) {
        (ConnectError::Code(e), _) => signal_error(e, lang),
        (ConnectError::AnswerNotInvitation, Lang::En) => {
            "this is a guest's answer code: it goes into the host's page, not into a join link".into()
        }
        (ConnectError::AnswerNotInvitation, Lang::Zh) => "这是朋友的应答代码：应粘贴到主持人的页面上，不能用来加入".into(),
        (ConnectError::InvitationNotAnswer, Lang::En) => {
            "this is an invitation code, not a guest's answer: paste the code the guest's page shows".into()
        }
        (ConnectError::InvitationNotAnswer, Lang::Zh) => "这是邀请代码，不是朋友的应答：请粘贴朋友页面上显示的代码".into(),
        // The browser's own message stays as it gave it: it names what it refused.
        (ConnectError::Browser { step: s, detail }, Lang::En) if !detail.is_empty() => format!("{}: {detail}", step(*s, lang)),
        (ConnectError::Browser { step: s, detail }, Lang::Zh) if !detail.is_empty() => format!("{}：{detail}", step(*s, lang)),
        (ConnectError::Browser { step: s, .. }, _) => step(*s, lang).into(),
        (ConnectError::NoWorker, Lang::En) => {
            "this browser could not start the table's worker, where the codes are read and made: try another browser".into()
        }
        (ConnectError::NoWorker, Lang::Zh) => "这个浏览器无法启动牌桌的后台线程（代码在那里读取和生成）：请换一个浏览器试试".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::signal;

    /// A Chinese sentence says what to do in Chinese, with no English word of the app's own.
    fn chinese(text: &str) -> bool {
        text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
            && !text.split(|c: char| !c.is_ascii_alphabetic()).any(|w| w.len() > 3 && w != "WebRTC")
    }

    #[test]
    fn every_code_error_is_phrased_in_both_languages() {
        let errors = [
            SignalError::Empty,
            SignalError::TooLong { len: 9000, max: 4096 },
            SignalError::BadCharacter { ch: '$', position: 3 },
            SignalError::UnknownTag(9),
            SignalError::Truncated("fingerprint".into()),
            SignalError::TrailingBytes(2),
            SignalError::BadField("candidate count".into()),
            SignalError::Inflate,
            SignalError::NotUtf8,
        ];
        for e in &errors {
            let (en, zh) = (signal_error(e, Lang::En), signal_error(e, Lang::Zh));
            assert!(en.contains(':') && !chinese(&en), "{en}");
            assert!(chinese(&zh), "{zh}");
        }
        assert!(signal_error(&SignalError::BadCharacter { ch: '$', position: 3 }, Lang::Zh).contains("第 3 个字符是“$”"));
    }

    #[test]
    fn codes_that_do_not_read_are_phrased_from_the_decoders_own_errors() {
        for code in ["", "AQ$x", "CQ", &"A".repeat(signal::MAX_CODE_CHARS + 1)] {
            let e = ConnectError::from(signal::decode(code).unwrap_err());
            assert!(chinese(&connect_error(&e, Lang::Zh)), "{code}");
        }
    }

    #[test]
    fn browser_refusals_keep_the_browsers_message_after_the_step() {
        let e = ConnectError::Browser { step: BrowserStep::AnswerDoesNotFit, detail: "Failed to set remote answer sdp".into() };
        assert_eq!(
            connect_error(&e, Lang::En),
            "this answer does not fit this invitation (was it made for another invite?): Failed to set remote answer sdp"
        );
        assert!(connect_error(&e, Lang::Zh).starts_with("这个应答与此邀请不匹配"));
        let bare = ConnectError::Browser { step: BrowserStep::NoLocalDescription, detail: String::new() };
        assert_eq!(connect_error(&bare, Lang::Zh), "浏览器没有给出连接信息");
        assert!(chinese(&connect_error(&ConnectError::AnswerNotInvitation, Lang::Zh)));
        assert!(chinese(&connect_error(&ConnectError::InvitationNotAnswer, Lang::Zh)));
        assert!(chinese(&connect_error(&ConnectError::NoWorker, Lang::Zh)));
    }
}
