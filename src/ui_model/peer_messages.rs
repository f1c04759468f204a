//! The peer table's typed errors in plain English and Chinese (phrased in the table worker,
//! `worker::session`, for the pages to show as they are): a host's
//! refusal as the guest reads it (`Refused`, sent on the wire as data, never as text),
//! the host's own lobby errors (`LobbyError`), why a guest does not call a deal verified
//! (`NotVerified`) and settings that are not a table (`SettingsError`, also on the
//! new-game screen). Seats are counted from 1, as the screens show them.
//! The engine's `Display` texts stay as they are for logs, the CLI and tests.

use crate::i18n::Lang;
use crate::net::host::LobbyError;
use crate::net::protocol::{Refused, MAX_GUEST_MESSAGE_BYTES};
use crate::net::verify::{HexField, NotVerified};
use crate::net::PeerGame;
use crate::shengji::game::levels::{LevelRuleError, MOST_DEAD_ZONE, MOST_TAKEOVER_STEPS, STEPS_PER_DECK};
use crate::shengji::game::settings::MAX_TRACTOR_LENGTH;
use crate::shengji::game::SettingsError;
use crate::shengji::rules::MAX_DECKS;
use crate::ui_model::messages::seat_number;
use crate::ui_model::phrase::{cards_label, sentence};

/// A game's own words the peer pages need: its rule refusals, its settings errors and its
/// cards, in English and Chinese.
pub trait PeerWords: PeerGame {
    /// The game's name as a player reads it.
    fn title(lang: Lang) -> &'static str;
    fn rule_error(e: &Self::Error, lang: Lang) -> String;
    fn settings_error(e: &Self::SettingsError, lang: Lang) -> String;
    fn pieces(pieces: &[Self::Piece], lang: Lang) -> String;
}

impl PeerWords for crate::shengji::game::Game {
    fn title(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "Shengji",
            Lang::Zh => "升级",
        }
    }
    fn rule_error(e: &Self::Error, lang: Lang) -> String {
        crate::ui_model::messages::rule_error(e, &|s| seat_number(s, lang), lang)
    }
    fn settings_error(e: &SettingsError, lang: Lang) -> String {
        settings_error(e, lang)
    }
    fn pieces(pieces: &[Self::Piece], lang: Lang) -> String {
        cards_label(pieces, lang)
    }
}

impl PeerWords for crate::rummy::game::Game {
    fn title(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "rummy",
            Lang::Zh => "拉米",
        }
    }
    fn rule_error(e: &Self::Error, lang: Lang) -> String {
        crate::ui_model::rummy::words::rule_error(e, &|s| seat_number(s, lang), lang)
    }
    fn settings_error(e: &Self::SettingsError, lang: Lang) -> String {
        crate::ui_model::rummy::words::settings_error(e, lang)
    }
    fn pieces(pieces: &[Self::Piece], lang: Lang) -> String {
        pieces.iter().map(|&c| crate::ui_model::rummy::words::card(c, lang)).collect::<Vec<_>>().join(" ")
    }
}

impl PeerWords for crate::mahjong::game::Game {
    fn title(lang: Lang) -> &'static str {
        crate::ui_model::mahjong::words::label(crate::ui_model::mahjong::words::Label::Title, lang)
    }
    fn rule_error(e: &Self::Error, lang: Lang) -> String {
        crate::ui_model::mahjong::words::rule_error(e, &|s| seat_number(s, lang), lang)
    }
    fn settings_error(e: &Self::SettingsError, lang: Lang) -> String {
        crate::ui_model::mahjong::words::settings_error(e, lang)
    }
    fn pieces(pieces: &[Self::Piece], lang: Lang) -> String {
        pieces.iter().map(|&t| crate::ui_model::mahjong::words::tile_short(t, lang)).collect::<Vec<_>>().join(" ")
    }
}

/// The game a table plays, named for a player from its `Game::NAME`.
fn game_title(name: &str, lang: Lang) -> String {
    match name {
        "shengji" => <crate::shengji::game::Game as PeerWords>::title(lang).to_string(),
        "rummy" => <crate::rummy::game::Game as PeerWords>::title(lang).to_string(),
        other => other.to_string(),
    }
}

/// What the host refused, as the guest whose message it was reads it.
pub fn refused<G: PeerWords>(r: &Refused<G::Error>, lang: Lang) -> String {
    if lang == Lang::En {
        return sentence(&r.to_string());
    }
    match r {
        Refused::Flooding { per_second } => {
            format!("消息太多：主机每秒最多读取一个连接的 {per_second} 条消息，其余不读就丢弃。请放慢。")
        }
        Refused::TooLarge { len } => format!("一条 {len} 字节的消息超过了 {MAX_GUEST_MESSAGE_BYTES} 字节的上限。"),
        Refused::Unreadable => "主机读不懂本页面发来的一条消息。".into(),
        Refused::ProtocolVersion { got, speaks } => {
            format!("你的应用使用协议版本 {got}，这桌使用版本 {speaks}：请刷新页面。")
        }
        Refused::AlreadyGreeted => "这个连接已经打过招呼了。".into(),
        Refused::NotGreeted => "请先打招呼（hello），再发其他消息。".into(),
        Refused::Started => "游戏已经开始：请主机在下一局给你安排座位。".into(),
        Refused::TableFull => "这桌已满。".into(),
        Refused::NoSeat => "你在这桌没有座位。".into(),
        Refused::Replayed { seq } => format!("第 {seq} 个动作已经收到过（重放或顺序错乱）。"),
        Refused::OtherSeat { own, seat } => format!("你坐{}，不能替{}行动。", seat_number(*own, lang), seat_number(*seat, lang)),
        Refused::Dealing => "正在发下一局：请等你的牌。".into(),
        Refused::NotStarted => "游戏还没开始。".into(),
        Refused::HostDeals => "只有主机能用指定的种子发牌：请改为请求下一局。".into(),
        Refused::HandNotOver => "这一局还没结束。".into(),
        Refused::Impossible => "这桌不可能有这个动作（手里没有这些牌）。".into(),
        Refused::Rule(e) => G::rule_error(e, lang),
        Refused::FairDealing => "公平发牌的消息来得不是时候，或者格式不对。".into(),
        Refused::HistoryTwice => "各局的记录已经在这个连接上发过了。".into(),
        Refused::SeatGiven => "主机把你的座位给了别人。".into(),
        Refused::SeatGone => "这桌人数减少了，你的座位没有了。".into(),
        Refused::OtherGame { table } => format!("这桌玩的是{}：请在那个游戏的页面打开邀请。", game_title(table, lang)),
        Refused::ChatTooFast { lines } => format!("说得太快了：最多连发 {lines} 句，之后每隔几秒一句。"),
        Refused::ChatTooLong { max } => format!("一句聊天最多 {max} 个字。"),
    }
}

/// Why the host's own lobby operation did not happen.
pub fn lobby_error<G: PeerWords>(e: &LobbyError<G>, lang: Lang) -> String {
    if lang == Lang::En {
        return sentence(&e.to_string());
    }
    match e {
        LobbyError::NoSuchSeat { seat, players } => format!("没有{}（座位是 1 到 {players}）。", seat_number(*seat, lang)),
        LobbyError::Started => "游戏已经开始：这只能在大厅里做。".into(),
        LobbyError::NotStarted => "游戏还没开始。".into(),
        LobbyError::EmptySeat(s) => format!("{}是空的：放一个机器人，或等一位客人。", seat_number(*s, lang)),
        LobbyError::NotAGuest(s) => format!("{}没有可以移走的客人。", seat_number(*s, lang)),
        LobbyError::Settings(s) => format!("这些设置不行：{}", G::settings_error(s, lang)),
        LobbyError::SavedSeats { saved, players } => format!("保存的牌桌有 {saved} 个座位，却是 {players} 人的设置。"),
        LobbyError::SavedGame(err) => format!("保存的游戏无法重放：{err}"),
        LobbyError::FairRoundRunning => "下一局已经在发牌了。".into(),
    }
}

/// Settings that are not a table, with what to use instead.
pub fn settings_error(e: &SettingsError, lang: Lang) -> String {
    if lang == Lang::En {
        return sentence(&e.to_string());
    }
    match e {
        SettingsError::Players(p) => format!("不支持 {p} 人（请用 4 到 10 人）。"),
        SettingsError::OddTractor(p) => format!("拖拉机模式固定搭档，需要偶数人，不能是 {p} 人（请用找朋友）。"),
        SettingsError::Decks { decks, players } => {
            let most = (2 * *players as usize).min(MAX_DECKS as usize);
            format!("{players} 人不支持 {decks} 副牌（请用 1 到 {most} 副）。")
        }
        SettingsError::Kitty { kitty, cards, players } => format!(
            "{kitty} 张底牌不行：其余 {} 张（共 {cards} 张）必须平分给 {players} 人，每人至少一张。",
            cards.saturating_sub(*kitty as usize)
        ),
        SettingsError::KittySize { kitty: 0, most, .. } => {
            format!("底牌不能是 0 张：庄家要和底牌交换，至少 1 张（请用 1 到 {most} 张、能让其余的牌平分的数目）。")
        }
        SettingsError::KittySize { kitty, hand, most } => {
            format!("{kitty} 张底牌太多：底牌不能多于一手牌，而每手是 {hand} 张（最多 {most} 张）。")
        }
        SettingsError::NoKitty { players, decks, fewest_decks } => format!(
            "{players} 人分 {decks} 副牌不行：1 张到一手牌之间的任何底牌数都不能让其余的牌平分（请用至少 {fewest_decks} 副）。"
        ),
        SettingsError::Friends { friends, players } => {
            format!("{players} 人不能找 {friends} 个朋友（请用 1 到 {} 个）。", players.saturating_sub(2))
        }
        SettingsError::Tractor { min_tuple, min_length, max_tuple } => format!(
            "{min_tuple}×{min_length} 的拖拉机规则不行：拖拉机里最小的组是 2 到 {max_tuple} 张（一张牌的份数不超过副数），\
             最少连续 2 到 {MAX_TRACTOR_LENGTH} 组（一门花色的点数）。"
        ),
        SettingsError::Levels(e) => match e {
            LevelRuleError::Step(n) => {
                let allowed: Vec<String> = STEPS_PER_DECK.iter().map(|s| s.to_string()).collect();
                format!("每副牌每级 {n} 分不在选项里（请用 {}）。", allowed.join("、"))
            }
            LevelRuleError::Takeover(n) => format!("{n} 级上台不行（请用 1 到 {MOST_TAKEOVER_STEPS} 级）。"),
            LevelRuleError::DeadZone(n) => format!("{n} 级的不升级区太宽（请用 0 到 {MOST_DEAD_ZONE} 级）。"),
            LevelRuleError::FinalBelowStart { final_rank, starting } => format!(
                "打到 {} 结束的局不能从 {} 开始（请打到 {} 或更高）。",
                final_rank.notation(),
                starting.notation(),
                starting.notation()
            ),
        },
    }
}

/// Why this guest does not call the hand's deal verified.
pub fn not_verified<G: PeerWords>(n: &NotVerified<G>, lang: Lang) -> String {
    if lang == Lang::En {
        return sentence(&n.to_string());
    }
    let hex = |h: &HexField| match h {
        HexField::HostSecret => "主机的秘密",
        HexField::HostCommitment => "主机的承诺",
        HexField::GuestCommitment => "客人的承诺",
        HexField::GuestEntropy => "客人的随机数",
    };
    match n {
        NotVerified::NoCommitRound => "本页面没有参加这一局的承诺环节，所以主机可能独自选了这副牌。".into(),
        NotVerified::BadHex(h) => format!("公开的{}不是 64 位十六进制数。", hex(h)),
        NotVerified::HostCommitmentChanged => "主机公开的承诺和它在看到我的随机数之前给出的不一样。".into(),
        NotVerified::HostCommitment => "主机公开的秘密与它在这一局之前的承诺不符。".into(),
        NotVerified::Contribution { seat } => format!("{}公开的随机数与它的承诺不符。", seat_number(*seat, lang)),
        NotVerified::DuplicateContribution { seat } => format!("{}给种子贡献了两次。", seat_number(*seat, lang)),
        NotVerified::MyContribution => "我的随机数没有放进种子，或被换掉了。".into(),
        NotVerified::Seed { announced, derived } => format!("公布的种子 {announced} 不是这些秘密得出的种子（{derived}）。"),
        NotVerified::NotATableSeed(s) => format!("公布的种子 {s:?} 不是有效的种子。"),
        NotVerified::NoHistory { hand } => format!("本页面不知道第 {hand} 局之前的牌桌，无法核对谁先行动。"),
        NotVerified::FirstToAct { announced, derived } => format!(
            "主机说{}先行动，但按规则应是{}。",
            seat_number(*announced, lang),
            seat_number(*derived, lang)
        ),
        NotVerified::NotAHandMove { index } => format!("这一局记录的第 {} 步是在发另一局。", index + 1),
        NotVerified::ActionRefused { index, seat, error, .. } => format!(
            "这一局的第 {} 步（{}）用种子发的牌做不到：{}",
            index + 1,
            seat_number(*seat, lang),
            G::rule_error(error, lang)
        ),
        NotVerified::Unfinished { moves } => format!("这一局的记录（{moves} 步）在牌局结束之前就停了。"),
        NotVerified::Events { at, .. } => format!("主机给我看的和重放的这一局从第 {at} 个事件起不一样。"),
        NotVerified::MyHand { extra, missing } => format!(
            "我拿到了种子没发给我的 [{}]，却没拿到它发给我的 [{}]。",
            G::pieces(extra, lang),
            G::pieces(missing, lang)
        ),
        NotVerified::FinalView => "我看到的结束的一局与重放的一局不一样。".into(),
        NotVerified::RefusedMessages { count } => format!("这一局中本页面拒收了主机的 {count} 条消息（超出牌桌的限制），无法完整核对这一局。"),
        NotVerified::NoFinalView => "本页面没有收到结束时的这一局，无法核对它的结局（墩、分数、级别）。".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shengji::game::Game;

    type Refused = crate::net::protocol::Refused<crate::shengji::game::RuleError>;
    type LobbyError = crate::net::host::LobbyError<Game>;
    type NotVerified = crate::net::verify::NotVerified<Game>;

    #[test]
    fn every_refusal_reads_as_a_sentence_in_both_languages() {
        let all = [
            Refused::Flooding { per_second: 20 },
            Refused::TooLarge { len: 5000 },
            Refused::Unreadable,
            Refused::ProtocolVersion { got: 3, speaks: 4 },
            Refused::AlreadyGreeted,
            Refused::NotGreeted,
            Refused::Started,
            Refused::TableFull,
            Refused::NoSeat,
            Refused::Replayed { seq: 7 },
            Refused::OtherSeat { own: 1, seat: 2 },
            Refused::Dealing,
            Refused::NotStarted,
            Refused::HostDeals,
            Refused::HandNotOver,
            Refused::Impossible,
            Refused::FairDealing,
            Refused::HistoryTwice,
            Refused::SeatGiven,
            Refused::SeatGone,
            Refused::OtherGame { table: "rummy".into() },
        ];
        for r in &all {
            let en = refused::<Game>(r, Lang::En);
            let zh = refused::<Game>(r, Lang::Zh);
            assert!(en.starts_with(|c: char| c.is_ascii_uppercase()) && en.ends_with('.'), "{en}");
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{zh}");
        }
        // Seats as the screens count them, from 1.
        assert!(refused::<Game>(&Refused::OtherSeat { own: 1, seat: 2 }, Lang::En).contains("seat 2 and cannot act for seat 3"));
        assert!(refused::<Game>(&Refused::OtherSeat { own: 1, seat: 2 }, Lang::Zh).contains("2号位"));
    }

    #[test]
    fn lobby_and_settings_errors_name_seats_from_one_and_say_what_to_use() {
        let e = LobbyError::EmptySeat(0);
        assert_eq!(lobby_error(&e, Lang::En), "Seat 1 is empty: fill it with a bot or wait for a guest.");
        assert!(lobby_error(&e, Lang::Zh).starts_with("1号位是空的"));
        let s = LobbyError::Settings(SettingsError::Friends { friends: 7, players: 6 });
        assert_eq!(
            lobby_error(&s, Lang::En),
            "These settings do not work: 7 friends is not possible with 6 players (use 1 to 4)."
        );
        assert!(lobby_error(&s, Lang::Zh).contains("请用 1 到 4 个"));
        assert!(settings_error(&SettingsError::Players(12), Lang::Zh).contains("4 到 10"));
    }

    #[test]
    fn a_failed_check_names_the_seat_from_one() {
        let n = NotVerified::FirstToAct { announced: 0, derived: 2 };
        assert_eq!(not_verified(&n, Lang::En), "The host says seat 1 acted first, but the rules make it seat 3.");
        assert_eq!(not_verified(&n, Lang::Zh), "主机说1号位先行动，但按规则应是3号位。");
    }
}
