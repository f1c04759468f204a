//! Plain words for the hand and hint UI in English and Chinese: trick formats
//! ("two pairs in a row" / "两对相连的拖拉机"), card labels and suit names.
//! English reuses the engine's phrases. The engine's refusals: `ui_model::messages`.

use crate::cards::Card;
use crate::i18n::Lang;
use crate::shengji::{EffectiveSuit, Format, IllegalPlay, Trump};

const ZH_NUMBERS: [&str; 11] = ["零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十"];

fn zh_count(n: usize) -> String {
    ZH_NUMBERS.get(n).map_or_else(|| n.to_string(), |s| s.to_string())
}

fn zh_tuple(t: u8) -> String {
    match t {
        1 => "单张".to_string(),
        2 => "对子".to_string(),
        3 => "三张".to_string(),
        4 => "四张".to_string(),
        _ => format!("{t}张同牌"),
    }
}

fn zh_group(g: &[u8], copies: usize) -> String {
    let head = |noun: String| format!("{}个{noun}", zh_count(copies));
    if g.len() == 1 {
        return head(zh_tuple(g[0]));
    }
    let body = if g.iter().all(|&t| t == g[0]) {
        let unit = match g[0] {
            2 => "对".to_string(),
            3 => "个三张".to_string(),
            t => format!("个{}", zh_tuple(t)),
        };
        format!("{}{unit}相连的拖拉机", zh_count(g.len()))
    } else {
        let parts: Vec<String> = g.iter().map(|&t| zh_tuple(t)).collect();
        format!("{}相连的拖拉机", parts.join("接"))
    };
    if copies > 1 {
        format!("{}个（{body}）", zh_count(copies))
    } else {
        body
    }
}

/// A trick format in plain words, e.g. "a triple, a pair and a single".
pub fn describe_format(format: &Format, lang: Lang) -> String {
    match lang {
        Lang::En => format.describe(),
        Lang::Zh => {
            let mut parts: Vec<String> = format.group_runs().into_iter().map(|(g, n)| zh_group(g, n)).collect();
            match parts.len() {
                0 => String::new(),
                1 => parts.remove(0),
                _ => {
                    let last = parts.pop().unwrap_or_default();
                    format!("{}和{last}", parts.join("、"))
                }
            }
        }
    }
}

pub fn suit_name(suit: EffectiveSuit, lang: Lang) -> &'static str {
    match lang {
        Lang::En => suit.plural(),
        Lang::Zh => match suit {
            EffectiveSuit::Spades => "黑桃",
            EffectiveSuit::Hearts => "红桃",
            EffectiveSuit::Diamonds => "方块",
            EffectiveSuit::Clubs => "梅花",
            EffectiveSuit::Trump => "主牌",
        },
    }
}

/// A card as people say it: `10♥`, "big joker" / "大王".
pub fn card_label(card: Card, lang: Lang) -> String {
    match (card, lang) {
        (Card::SmallJoker, Lang::Zh) => "小王".to_string(),
        (Card::BigJoker, Lang::Zh) => "大王".to_string(),
        _ => card.label(),
    }
}

pub fn cards_label(cards: &[Card], lang: Lang) -> String {
    cards.iter().map(|&c| card_label(c, lang)).collect::<Vec<_>>().join(" ")
}

/// The trump in words: "trump: 7♥", "no trump, rank 5".
pub fn trump_label(trump: Trump, lang: Lang) -> String {
    match (trump, lang) {
        (Trump::Standard { rank, suit }, Lang::En) => format!("{rank}{}", suit.symbol()),
        (Trump::Standard { rank, suit }, Lang::Zh) => format!("{}{rank}", suit_name(EffectiveSuit::from_suit(suit), Lang::Zh)),
        (Trump::NoTrump { rank: Some(r) }, Lang::En) => format!("no trump, rank {r}"),
        (Trump::NoTrump { rank: Some(r) }, Lang::Zh) => format!("无主，打{r}"),
        (Trump::NoTrump { rank: None }, Lang::En) => "no trump".to_string(),
        (Trump::NoTrump { rank: None }, Lang::Zh) => "无主".to_string(),
    }
}

/// The engine's reason for an illegal play, in the chosen language (kept for
/// callers of this name; the phrasing lives in `ui_model::messages`).
pub fn illegal_reason(err: &IllegalPlay, lang: Lang) -> String {
    crate::ui_model::messages::illegal_play(err, lang)
}

/// The engine's texts start in lower case (they are often embedded); a sentence on its own
/// starts with a capital and ends with a full stop.
pub fn sentence(s: &str) -> String {
    // ASCII only: the engine's texts start in ASCII, and Unicode case tables cost the page kilobytes.
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// "1st", "2nd" / "第1张": which copy of a friend card calls the friend.
pub fn nth_label(n: u8, lang: Lang) -> String {
    match lang {
        Lang::En => {
            let suffix = match n {
                1 => "st",
                2 => "nd",
                3 => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
        Lang::Zh => format!("第{n}张"),
    }
}

/// A failed throw as the table announces it: who threw what, and who could beat it
/// where the table shows that (`stoppers` empty otherwise).
pub fn throw_failed(thrower: &str, attempted: &[Card], stoppers: &[String], lang: Lang) -> String {
    let cards = cards_label(attempted, lang);
    match (lang, stoppers.is_empty()) {
        (Lang::En, true) => format!("{thrower}'s throw of {cards} failed: someone could beat it."),
        (Lang::En, false) => format!("{thrower}'s throw of {cards} failed: {} could beat it.", stoppers.join(", ")),
        (Lang::Zh, true) => format!("{thrower}甩{cards}失败：有人管得住。"),
        (Lang::Zh, false) => format!("{thrower}甩{cards}失败：{}管得住。", stoppers.join("、")),
    }
}

/// A friend revealed, and the points it takes out of the attackers' count (the points that
/// seat had captured counted for the attackers until now).
pub fn friend_revealed(name: &str, friend: crate::shengji::game::Friend, points: u32, lang: Lang) -> String {
    let call = format!("{} {}", nth_label(friend.nth, lang), card_label(friend.card, lang));
    match (lang, points) {
        (Lang::En, 0) => format!("{name} is the landlord's friend (the {call} played)."),
        (Lang::En, p) => format!("{name} is the landlord's friend (the {call} played): their {p} points leave the attackers' count."),
        (Lang::Zh, 0) => format!("{name}是庄家的朋友（打出{call}）。"),
        (Lang::Zh, p) => format!("{name}是庄家的朋友（打出{call}）：其{p}分不再算攻方的。"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revealed_friend_is_announced_with_the_points_it_moves() {
        let f = crate::shengji::game::Friend { card: Card::new(crate::cards::Rank::Ace, crate::cards::Suit::Hearts), nth: 1 };
        assert_eq!(
            friend_revealed("Bot 3", f, 30, Lang::En),
            "Bot 3 is the landlord's friend (the 1st A♥ played): their 30 points leave the attackers' count."
        );
        assert_eq!(friend_revealed("Bot 3", f, 0, Lang::En), "Bot 3 is the landlord's friend (the 1st A♥ played).");
        assert_eq!(friend_revealed("机器人3", f, 30, Lang::Zh), "机器人3是庄家的朋友（打出第1张 A♥）：其30分不再算攻方的。");
        assert_eq!(nth_label(2, Lang::En), "2nd");
        assert_eq!(nth_label(12, Lang::En), "12th");
    }

    fn f(s: &str) -> Format {
        s.parse().unwrap()
    }

    #[test]
    fn english_is_the_engines_phrase() {
        let x = f("{[2, 2]}");
        assert_eq!(describe_format(&x, Lang::En), x.describe());
    }

    #[test]
    fn chinese_formats() {
        assert_eq!(describe_format(&f("{[2]}"), Lang::Zh), "一个对子");
        assert_eq!(describe_format(&f("{[2, 2]}"), Lang::Zh), "两对相连的拖拉机");
        assert_eq!(describe_format(&f("{[3], [2], [1]}"), Lang::Zh), "一个三张、一个对子和一个单张");
        assert_eq!(describe_format(&f("{[1], [1], [1]}"), Lang::Zh), "三个单张");
        assert_eq!(describe_format(&f("{[3, 2]}"), Lang::Zh), "三张接对子相连的拖拉机");
    }

    #[test]
    fn trump_labels() {
        assert_eq!(trump_label("7H".parse().unwrap(), Lang::En), "7♥");
        assert_eq!(trump_label("7H".parse().unwrap(), Lang::Zh), "红桃7");
        assert_eq!(trump_label("NT5".parse().unwrap(), Lang::Zh), "无主，打5");
    }
}
