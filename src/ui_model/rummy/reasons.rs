//! Why a rummy bot chose its move, in English and Chinese: every `BotReason`
//! has a sentence in each language (one match over reason and language, so a
//! reason without a translation does not compile). The hint tab's "what
//! would the Expert do?" line and the bots' reasons in the table worker use it.

use super::words::card;
use crate::i18n::Lang;
use crate::rummy::bot::{tenths, BotReason};

/// A rummy bot's reason as a sentence in `lang`.
pub fn bot_reason(r: &BotReason, lang: Lang) -> String {
    use BotReason as R;
    let c = |x: &crate::rummy::RummyCard| card(*x, lang);
    match (r, lang) {
        (R::NoMove, Lang::En) => "nothing to do".into(),
        (R::NoMove, Lang::Zh) => "无事可做".into(),
        (R::DealNext, Lang::En) => "deal the next hand".into(),
        (R::DealNext, Lang::Zh) => "发下一局".into(),
        (R::ShowBest { points }, Lang::En) => format!("show my best arrangement ({points} points)"),
        (R::ShowBest { points }, Lang::Zh) => format!("亮出最好的组合（{points} 分）"),
        (R::BadOpening { draws }, Lang::En) => {
            format!("a poor opening: no pure sequence, no joker and {draws} card pairs towards one; drop early")
        }
        (R::BadOpening { draws }, Lang::Zh) => format!("起手太差：没有纯顺子，没有王，只有 {draws} 对接近纯顺子的牌；先弃局"),
        (R::TakeDiscard { card: x, before, after }, Lang::En) => {
            format!("the {} improves my hand (shape {before} → {after})", c(x))
        }
        (R::TakeDiscard { card: x, before, after }, Lang::Zh) => format!("{}能改进手牌（牌型 {before} → {after}）", c(x)),
        (R::DeadJoker, Lang::En) => "the top discard is a dead joker: draw from the stock".into(),
        (R::DeadJoker, Lang::Zh) => "弃牌堆顶是打出的王或百搭，不能拿：从牌堆摸".into(),
        (R::DrawStock, Lang::En) => "the top discard does not help: draw from the stock".into(),
        (R::DrawStock, Lang::Zh) => "弃牌堆顶的牌没用：从牌堆摸".into(),
        (R::Declare { card: x }, Lang::En) => format!("my hand is complete: declare, finishing with the {}", c(x)),
        (R::Declare { card: x }, Lang::Zh) => format!("牌已成：宣告，最后打出{}", c(x)),
        (R::Discard { card: x, points }, Lang::En) => {
            format!("discard the {}: the rest makes the best hand ({points} points now)", c(x))
        }
        (R::Discard { card: x, points }, Lang::Zh) => format!("打出{}：剩下的牌最好（现在 {points} 分）", c(x)),
        (R::RandomDraw, Lang::En) => "a random draw from the stock".into(),
        (R::RandomDraw, Lang::Zh) => "随便从牌堆摸一张".into(),
        (R::RandomTake, Lang::En) => "a random take from the discard pile".into(),
        (R::RandomTake, Lang::Zh) => "随便拿弃牌堆顶的牌".into(),
        (R::RandomDiscard, Lang::En) => "a random discard".into(),
        (R::RandomDiscard, Lang::Zh) => "随便打一张".into(),
        (R::RandomDrop, Lang::En) => "a random drop".into(),
        (R::RandomDrop, Lang::Zh) => "随便弃局".into(),
        (R::RandomDeclaration, Lang::En) => "a random declaration".into(),
        (R::RandomDeclaration, Lang::Zh) => "随便宣告".into(),
        (R::ExpertTake { card: x, take, stock, deals }, Lang::En) => format!(
            "take the {}: about {} turns to declare, against {} drawing from the stock ({deals} sampled deals)",
            c(x),
            tenths(*take),
            tenths(*stock)
        ),
        (R::ExpertTake { card: x, take, stock, deals }, Lang::Zh) => format!(
            "拿{}：大约 {} 轮可以宣告，从牌堆摸要 {} 轮（模拟了 {deals} 副牌）",
            c(x),
            tenths(*take),
            tenths(*stock)
        ),
        (R::ExpertStock { card: x, take, stock, deals }, Lang::En) => format!(
            "draw from the stock: about {} turns to declare, against {} taking the {} ({deals} sampled deals)",
            tenths(*stock),
            tenths(*take),
            c(x)
        ),
        (R::ExpertStock { card: x, take, stock, deals }, Lang::Zh) => format!(
            "从牌堆摸：大约 {} 轮可以宣告，拿{}要 {} 轮（模拟了 {deals} 副牌）",
            tenths(*stock),
            c(x),
            tenths(*take)
        ),
        (R::ExpertDiscard { card: x, turns, next, deals }, Lang::En) => {
            let other = next.map(|(o, t)| format!(", against {} throwing the {}", tenths(t), c(&o))).unwrap_or_default();
            format!("discard the {}: about {} turns to declare{other} ({deals} sampled deals)", c(x), tenths(*turns))
        }
        (R::ExpertDiscard { card: x, turns, next, deals }, Lang::Zh) => {
            let other = next.map(|(o, t)| format!("，打{}要 {} 轮", c(&o), tenths(t))).unwrap_or_default();
            format!("打出{}：大约 {} 轮可以宣告{other}（模拟了 {deals} 副牌）", c(x), tenths(*turns))
        }
    }
}

/// The Expert's choice as the hint's short line: the move and the means compared
/// ("discard the K♥ (13.4 turns; 13.5 for the J♣)"); a reason without a search is
/// [`bot_reason`]'s sentence.
pub fn hint_line(r: &BotReason, lang: Lang) -> String {
    use BotReason as R;
    let c = |x: &crate::rummy::RummyCard| card(*x, lang);
    match (r, lang) {
        (R::ExpertTake { card: x, take, stock, .. }, Lang::En) => {
            format!("take the {} ({} turns; {} from the stock)", c(x), tenths(*take), tenths(*stock))
        }
        (R::ExpertTake { card: x, take, stock, .. }, Lang::Zh) => format!("拿{}（{} 轮；摸牌 {} 轮）", c(x), tenths(*take), tenths(*stock)),
        (R::ExpertStock { card: x, take, stock, .. }, Lang::En) => {
            format!("draw from the stock ({} turns; {} taking the {})", tenths(*stock), tenths(*take), c(x))
        }
        (R::ExpertStock { card: x, take, stock, .. }, Lang::Zh) => format!("从牌堆摸（{} 轮；拿{} {} 轮）", tenths(*stock), c(x), tenths(*take)),
        (R::ExpertDiscard { card: x, turns, next, .. }, Lang::En) => {
            let other = next.map(|(o, t)| format!("; {} for the {}", tenths(t), c(&o))).unwrap_or_default();
            format!("discard the {} ({} turns{other})", c(x), tenths(*turns))
        }
        (R::ExpertDiscard { card: x, turns, next, .. }, Lang::Zh) => {
            let other = next.map(|(o, t)| format!("；打{} {} 轮", c(&o), tenths(t))).unwrap_or_default();
            format!("打出{}（{} 轮{other}）", c(x), tenths(*turns))
        }
        _ => bot_reason(r, lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::RummyCard;

    #[test]
    fn expert_reasons_read_in_both_languages() {
        let h = "7H".parse::<RummyCard>().unwrap();
        let k = "KS".parse::<RummyCard>().unwrap();
        let r = BotReason::ExpertDiscard { card: k, turns: 23, next: Some((h, 31)), deals: 16 };
        let en = bot_reason(&r, Lang::En);
        assert!(en.contains("2.3") && en.contains("3.1") && en.contains("16 sampled deals"), "{en}");
        let zh = bot_reason(&r, Lang::Zh);
        assert!(zh.contains("2.3") && zh.contains("模拟了 16 副牌"), "{zh}");
        assert!(hint_line(&r, Lang::En).starts_with("discard the"), "{}", hint_line(&r, Lang::En));
        let r = BotReason::ExpertTake { card: h, take: 15, stock: 22, deals: 16 };
        assert!(bot_reason(&r, Lang::En).starts_with("take the"));
        assert!(bot_reason(&r, Lang::Zh).starts_with("拿"));
    }
}
