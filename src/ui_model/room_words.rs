//! A room's mistakes in English and Chinese, each saying what to do next: a room link that
//! does not read (`net::room::link::RoomCodeError`) and a relay list in Settings that does
//! not parse (`net::room::relays::RelayListError`, with its line number). The room
//! modules' `Display` texts stay as they are for logs and tests.

use crate::i18n::Lang;
use crate::net::room::link::RoomCodeError;
use crate::net::room::peer::RoomFailure;
use crate::net::room::relays::{RelayListError, MAX_RELAYS};

/// Why a room link does not open a room, and what to do about it.
pub fn room_code_error(e: &RoomCodeError, lang: Lang) -> String {
    match (e, lang) {
        (RoomCodeError::Empty, Lang::En) => "This room link has no code at its end: ask the host to share the link again.".into(),
        (RoomCodeError::Empty, Lang::Zh) => "这个房间链接末尾没有代码：请让主机重新分享链接。".into(),
        (RoomCodeError::TooLong { .. }, Lang::En) => "This room link's code is longer than a room code can be: open the link exactly as it was shared.".into(),
        (RoomCodeError::TooLong { .. }, Lang::Zh) => "这个房间链接的代码比房间代码长：请原样打开分享的链接。".into(),
        (RoomCodeError::NotBase64 { at: 0 } | RoomCodeError::Length { .. }, Lang::En) => {
            "This room link was cut short when it was copied: ask the host to share it again, or copy all of it.".into()
        }
        (RoomCodeError::NotBase64 { at: 0 } | RoomCodeError::Length { .. }, Lang::Zh) => "这个房间链接在复制时被截断了：请让主机重新分享，或完整复制。".into(),
        (RoomCodeError::NotBase64 { at }, Lang::En) => {
            format!("Character {at} of the room link's code cannot be in a code: open the link exactly as it was shared.")
        }
        (RoomCodeError::NotBase64 { at }, Lang::Zh) => format!("房间链接代码的第 {at} 个字符不该出现在代码里：请原样打开分享的链接。"),
        (RoomCodeError::NotARoom { .. }, Lang::En) => "This is an invitation to one seat, not a room link: open it as an invitation.".into(),
        (RoomCodeError::NotARoom { .. }, Lang::Zh) => "这是某个座位的邀请，不是房间链接：请把它当作邀请打开。".into(),
        (RoomCodeError::HostKey, Lang::En) => "This room link's host key is damaged: ask the host to share the link again.".into(),
        (RoomCodeError::HostKey, Lang::Zh) => "这个房间链接里主机的密钥已损坏：请让主机重新分享链接。".into(),
    }
}

/// The relay list's mistake, with its line, in the player's language.
pub fn relay_list_error(e: &RelayListError, lang: Lang) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Zh => match e {
            RelayListError::Kind { line, word } => format!("第{line}行：“{word}”不是一种中继；每行以 mqtt 或 torrent 开头"),
            RelayListError::NoUrl { line } => format!("第{line}行：类型后面缺少中继的地址（例如 mqtt wss://broker.example.org/mqtt）"),
            RelayListError::Url { line, url } => format!("第{line}行：“{url}”必须是以 wss://（或 ws://）开头的 WebSocket 地址"),
            RelayListError::Extra { line } => format!("第{line}行：只写类型和地址，不要多写"),
            RelayListError::TooMany { line } => format!("第{line}行：最多 {MAX_RELAYS} 个中继"),
        },
    }
}

/// Why a room did not open, and what to do instead.
pub fn room_failure(e: &RoomFailure, lang: Lang) -> String {
    match (e, lang) {
        (RoomFailure::Code(e), _) => room_code_error(e, lang),
        (RoomFailure::Relays(e), Lang::En) => format!("The relay list in Settings has a mistake ({}): correct it there, or invite each player with their own link.", relay_list_error(e, lang)),
        (RoomFailure::Relays(e), Lang::Zh) => format!("设置里的中继列表有错误（{}）：请在设置中改正，或给每位玩家单独发邀请。", relay_list_error(e, lang)),
        (RoomFailure::NoRelays, Lang::En) => "The relay list in Settings is empty, so there is no room link: invite each player with their own link.".into(),
        (RoomFailure::NoRelays, Lang::Zh) => "设置里的中继列表是空的，所以没有房间链接：请给每位玩家单独发邀请。".into(),
        (RoomFailure::NoCrypto, Lang::En) => "This browser cannot keep a room (it needs the page over https): invite each player with their own link.".into(),
        (RoomFailure::NoCrypto, Lang::Zh) => "这个浏览器无法建立房间（页面需要通过 https 打开）：请给每位玩家单独发邀请。".into(),
        (RoomFailure::Key, Lang::En) => "This table's room key was damaged, so a new room link was made: share the new link.".into(),
        (RoomFailure::Key, Lang::Zh) => "这张牌桌的房间密钥已损坏，已生成新的房间链接：请分享新链接。".into(),
    }
}

/// What the room link does, above it in the lobby.
pub fn room_link_intro(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "One link for everyone: whoever opens it takes the next free seat (or watches until a seat frees at the next hand), and comes back by itself after a drop. Nobody sends anything back.",
        Lang::Zh => "一个链接请所有人：打开的人坐到下一个空位（没有空位就先观战，下一局有空位时入座），掉线后会自动回来。不需要回传任何东西。",
    }
}

/// The lobby's one sentence when no relay answered in time.
pub fn no_relay_answered(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "No relay answered, so the room link may reach nobody yet: send each seat its own invite below.",
        Lang::Zh => "没有中继响应，房间链接暂时可能无法连到任何人：请在下面给每个座位单独发邀请。",
    }
}

/// How many relays a room reaches now.
pub fn relays_up(up: u8, of: u8, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Connected to {up} of {of} relays."),
        Lang::Zh => format!("已连接 {of} 个中继中的 {up} 个。"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::room::relays::parse_relays;

    #[test]
    fn every_room_code_error_is_phrased_in_both_languages() {
        let errors = [
            RoomCodeError::Empty,
            RoomCodeError::TooLong { chars: 300 },
            RoomCodeError::NotBase64 { at: 0 },
            RoomCodeError::NotBase64 { at: 7 },
            RoomCodeError::NotARoom { tag: 1 },
            RoomCodeError::Length { bytes: 40 },
            RoomCodeError::HostKey,
        ];
        for e in &errors {
            let (en, zh) = (room_code_error(e, Lang::En), room_code_error(e, Lang::Zh));
            assert!(en.ends_with('.') && en.len() > 30, "{e:?}: {en}");
            assert!(zh.ends_with('。') && !zh.is_ascii(), "{e:?}: {zh}");
        }
        assert!(room_code_error(&RoomCodeError::NotBase64 { at: 7 }, Lang::Zh).contains('7'));
    }

    #[test]
    fn relay_list_mistakes_name_their_line_in_both_languages() {
        for text in ["nostr wss://x", "mqtt", "mqtt https://x", "mqtt wss://x y"] {
            let e = parse_relays(&format!("\n\n{text}")).unwrap_err();
            assert!(relay_list_error(&e, Lang::En).starts_with("line 3:"), "{e:?}");
            assert!(relay_list_error(&e, Lang::Zh).starts_with("第3行："), "{e:?}");
        }
    }

    #[test]
    fn every_room_failure_says_what_to_do_in_both_languages() {
        let failures = [
            RoomFailure::NoCrypto,
            RoomFailure::Key,
            RoomFailure::NoRelays,
            RoomFailure::Code(RoomCodeError::HostKey),
            RoomFailure::Relays(RelayListError::NoUrl { line: 4 }),
        ];
        for e in &failures {
            let (en, zh) = (room_failure(e, Lang::En), room_failure(e, Lang::Zh));
            assert!(en.ends_with('.') && en.len() > 30, "{e:?}: {en}");
            assert!(zh.ends_with('。') && !zh.is_ascii(), "{e:?}: {zh}");
        }
        assert!(room_failure(&failures[4], Lang::En).contains("line 4"));
        assert!(room_failure(&failures[4], Lang::Zh).contains("第4行"));
        assert_eq!(relays_up(2, 6, Lang::En), "Connected to 2 of 6 relays.");
    }
}
