//! The rummy table in plain English and Chinese: buttons, what each group is,
//! whose turn it is and what to do, the engine's refusals (`RuleError`,
//! `SettingsError`), the end of a deal. Seats are named by the screen (the
//! `name` labeller: "You", "Bot 2"); the engine's own `Display` stays English
//! for the CLI and logs.

use super::arrange::GroupKind;
use crate::i18n::Lang;
use crate::rummy::game::{DealEnd, DealResult, Move, PhaseName, RuleError, SeatStatus, SeatView, SettingsError, Stage, Variant};
use crate::rummy::{MeldKind, RummyCard};
use crate::ui_model::phrase::{card_label, sentence};

/// One of two texts by language.
fn t(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// Every fixed label of the rummy table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    Title,
    Sort,
    AutoArrange,
    Group,
    Discard,
    Declare,
    DeclareAnyway,
    KeepPlaying,
    Drop,
    Stock,
    DiscardPile,
    Wild,
    Show,
    NextDeal,
    NewGame,
    Hint,
    Count,
    Totals,
    Cards,
    Share,
    Copied,
    Resumed,
    SetAside,
    NewTable,
    Variant,
    SameDeal,
    Replay,
    ReplayStart,
    ReplayLink,
    Friend,
    FriendWaiting,
    Rules,
    YouWin,
    /// Before the Expert's suggestion in the hint.
    ExpertWould,
}

pub fn label(l: Label, lang: Lang) -> &'static str {
    match l {
        Label::Title => t(lang, "Rummy", "拉米"),
        Label::Sort => t(lang, "Sort", "排序"),
        Label::AutoArrange => t(lang, "Auto-arrange", "自动组牌"),
        Label::Group => t(lang, "Group", "成组"),
        Label::Discard => t(lang, "Discard", "打出"),
        Label::Declare => t(lang, "Declare", "宣告"),
        Label::DeclareAnyway => t(lang, "Declare anyway", "仍然宣告"),
        Label::KeepPlaying => t(lang, "Keep playing", "继续打"),
        Label::Drop => t(lang, "Drop", "弃局"),
        Label::Stock => t(lang, "Stock", "牌堆"),
        Label::DiscardPile => t(lang, "Discards", "弃牌"),
        Label::Wild => t(lang, "Wild", "百搭"),
        Label::Show => t(lang, "Show my hand", "亮出我的牌"),
        Label::NextDeal => t(lang, "Next deal", "下一局"),
        Label::NewGame => t(lang, "New game", "新游戏"),
        Label::Hint => t(lang, "Hint", "提示"),
        Label::Count => t(lang, "Count", "点数"),
        Label::Totals => t(lang, "Totals", "累计"),
        Label::Cards => t(lang, "cards", "张"),
        Label::Share => t(lang, "Copy the link to this deal", "复制这一局的链接"),
        Label::Copied => t(lang, "Link copied: a friend who opens it gets the same cards.", "链接已复制：朋友打开就拿到同样的牌。"),
        Label::Resumed => t(lang, "Your saved game goes on where you left it.", "接着上次保存的地方继续。"),
        Label::SetAside => t(
            lang,
            "Your saved rummy game could not be read by this version; it was kept as a backup in this browser and a new game starts.",
            "这个版本读不了你保存的拉米牌局；它已作为备份留在本浏览器中，新的一局开始了。",
        ),
        Label::NewTable => t(lang, "New rummy table", "新的拉米牌桌"),
        Label::Variant => t(lang, "Scoring", "计分"),
        Label::SameDeal => t(lang, "The same deal at other tables", "同一副牌在别的牌桌"),
        Label::Friend => t(lang, "A friend", "朋友"),
        Label::Replay => t(lang, "Replay", "回放"),
        Label::ReplayStart => t(lang, "The deal, before the first move.", "发完牌，还没有人行动。"),
        Label::ReplayLink => t(lang, "Replay this table move by move", "逐步回放这一桌"),
        Label::FriendWaiting => t(
            lang,
            "A friend's result on this deal came with the link: finish the deal to compare.",
            "链接里带着朋友在这一局的成绩：打完这一局就能比较。",
        ),
        Label::Rules => t(lang, "How to play", "玩法"),
        Label::YouWin => t(lang, "You win the deal!", "这一局你赢了！"),
        Label::ExpertWould => t(lang, "Expert", "高手"),
    }
}

/// Points or pool rummy, as the new-table screen offers them.
pub fn variant_name(v: Variant, lang: Lang) -> &'static str {
    match v {
        Variant::Points => t(lang, "Points rummy (one deal per player)", "计点拉米（每人坐庄一局）"),
        Variant::Pool101 => t(lang, "Pool 101 (out at 101 points)", "积分池 101（到 101 分出局）"),
        Variant::Pool201 => t(lang, "Pool 201 (out at 201 points)", "积分池 201（到 201 分出局）"),
    }
}

/// A group's label: what it is, or "loose" with the points it counts.
pub fn group_kind(kind: GroupKind, lang: Lang) -> &'static str {
    match kind {
        GroupKind::Meld(MeldKind::PureSequence) => t(lang, "pure sequence", "纯顺子"),
        GroupKind::Meld(MeldKind::ImpureSequence) => t(lang, "sequence", "顺子"),
        GroupKind::Meld(MeldKind::Set) => t(lang, "set", "刻子"),
        GroupKind::Loose => t(lang, "loose", "散牌"),
    }
}

/// A card as people read it: "7♥", "Joker" / "王".
pub fn card(c: RummyCard, lang: Lang) -> String {
    match c.rank_suit() {
        Some((rank, suit)) => card_label(crate::cards::Card::new(rank, suit), lang),
        None => t(lang, "Joker", "王").into(),
    }
}

pub fn drop_button(cost: u32, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Drop ({cost})"),
        Lang::Zh => format!("弃局（{cost}分）"),
    }
}

/// One move of a record, as a replay tells it (`top`: the discard pile's top before it).
pub fn describe_move(seat: usize, action: &crate::rummy::game::Action, top: Option<RummyCard>, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    use crate::rummy::game::Action;
    let who = name(seat);
    let top = top.map(|c| card(c, lang)).unwrap_or_default();
    match (action, lang) {
        (Action::Drop, Lang::En) => format!("{who} dropped."),
        (Action::Drop, Lang::Zh) => format!("{who}弃局。"),
        (Action::DrawStock, Lang::En) => format!("{who} drew from the stock."),
        (Action::DrawStock, Lang::Zh) => format!("{who}从牌堆摸了一张。"),
        (Action::TakeDiscard, Lang::En) => format!("{who} took the {top}."),
        (Action::TakeDiscard, Lang::Zh) => format!("{who}拿走了{top}。"),
        (Action::Discard(c), Lang::En) => format!("{who} discarded the {}.", card(*c, lang)),
        (Action::Discard(c), Lang::Zh) => format!("{who}打出{}。", card(*c, lang)),
        (Action::Declare(_, c), Lang::En) => format!("{who} declared, finishing with the {}.", card(*c, lang)),
        (Action::Declare(_, c), Lang::Zh) => format!("{who}宣告，最后打出{}。", card(*c, lang)),
        (Action::Show(_), Lang::En) => format!("{who} showed their hand."),
        (Action::Show(_), Lang::Zh) => format!("{who}亮牌。"),
        (Action::NextDeal | Action::NextDealFrom(_), Lang::En) => "The next deal.".into(),
        (Action::NextDeal | Action::NextDealFrom(_), Lang::Zh) => "下一局。".into(),
    }
}

/// What the player sees above the hand: whose turn and what they may do.
pub fn status_line(v: &SeatView, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    let me = v.seat;
    match v.phase {
        PhaseName::Finished => match (&v.result, lang) {
            (Some(r), _) => deal_summary(r, name, lang),
            (None, _) => String::new(),
        },
        PhaseName::Show if v.to_act.contains(&me) => match lang {
            Lang::En => format!("{} declared. Arrange your cards and show your hand: loose cards count against you.", name(v.declarer.unwrap_or(0))),
            Lang::Zh => format!("{}宣告了。整理好你的牌再亮牌：散牌要算分。", name(v.declarer.unwrap_or(0))),
        },
        PhaseName::Show => t(lang, "Waiting for the others to show their hands…", "等其他人亮牌……").into(),
        PhaseName::Play if v.turn == me => match (v.stage, lang) {
            (Stage::Draw, Lang::En) => match v.top().filter(|_| v.top_takeable) {
                Some(top) => format!("Your turn: draw from the stock or take the {}.", card(top, lang)),
                None => "Your turn: draw from the stock.".into(),
            },
            (Stage::Draw, Lang::Zh) => match v.top().filter(|_| v.top_takeable) {
                Some(top) => format!("轮到你：从牌堆摸一张，或拿走弃牌{}。", card(top, lang)),
                None => "轮到你：从牌堆摸一张。".into(),
            },
            (Stage::Discard { .. }, Lang::En) => "Tap a card to discard it — or declare if your hand is complete.".into(),
            (Stage::Discard { .. }, Lang::Zh) => "点一张牌打出——手牌成了就宣告。".into(),
        },
        PhaseName::Play => match lang {
            Lang::En => format!("{} to play…", name(v.turn)),
            Lang::Zh => format!("轮到{}……", name(v.turn)),
        },
    }
}

/// A seat's standing in the deal, short.
pub fn seat_status(s: &SeatStatus, lang: Lang) -> String {
    match (s, lang) {
        (SeatStatus::Playing, _) => String::new(),
        (SeatStatus::Dropped { points }, Lang::En) => format!("dropped ({points})"),
        (SeatStatus::Dropped { points }, Lang::Zh) => format!("弃局（{points}分）"),
        (SeatStatus::WrongDeclaration, _) => t(lang, "wrong declaration", "错误宣告").into(),
        (SeatStatus::Declared, _) => t(lang, "declared", "宣告").into(),
        (SeatStatus::Out, _) => t(lang, "out", "出局").into(),
    }
}

/// One line for a finished deal: who won and how.
pub fn deal_summary(r: &DealResult, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    match (r.end, r.winner, lang) {
        (DealEnd::StockExhausted, _, Lang::En) => "The stock ran out: nobody wins this deal and nobody pays.".into(),
        (DealEnd::StockExhausted, _, Lang::Zh) => "牌堆用完了：这一局没有赢家，谁也不付分。".into(),
        (DealEnd::Declared, Some(w), Lang::En) => format!("{} declared and wins the deal.", name(w)),
        (DealEnd::Declared, Some(w), Lang::Zh) => format!("{}宣告成功，赢了这一局。", name(w)),
        (_, Some(w), Lang::En) => format!("{} wins: everyone else dropped or declared wrongly.", name(w)),
        (_, Some(w), Lang::Zh) => format!("{}赢了：其他人都弃局或宣告错误。", name(w)),
        (_, None, _) => String::new(),
    }
}

/// The warning before a declaration that is not valid (it costs the cap).
pub fn wrong_declaration_warning(cap: u32, why: WhyInvalid, lang: Lang) -> String {
    let reason = match (why, lang) {
        (WhyInvalid::NoPure, Lang::En) => "it has no pure sequence",
        (WhyInvalid::NoPure, Lang::Zh) => "没有纯顺子",
        (WhyInvalid::NoSecond, Lang::En) => "it has only one sequence (two are needed)",
        (WhyInvalid::NoSecond, Lang::Zh) => "只有一个顺子（需要两个）",
        (WhyInvalid::Loose(_), Lang::En) => "some cards are in no meld",
        (WhyInvalid::Loose(_), Lang::Zh) => "有的牌不在任何组里",
    };
    match lang {
        Lang::En => format!("This is not a valid declaration: {reason}. A wrong declaration costs {cap} points and ends your deal."),
        Lang::Zh => format!("这不是有效的宣告：{reason}。宣告错误要付 {cap} 分，并且这一局你就出局了。"),
    }
}

/// Why an arrangement is not a valid declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhyInvalid {
    NoPure,
    NoSecond,
    /// This many cards are in no meld.
    Loose(usize),
}

fn move_zh(m: Move) -> &'static str {
    match m {
        Move::Drop => "弃局",
        Move::DrawStock => "从牌堆摸牌",
        Move::TakeDiscard => "拿弃牌",
        Move::Discard => "打牌",
        Move::Declare => "宣告",
        Move::Show => "亮牌",
        Move::NextDeal => "发下一局",
    }
}

/// A refused move in words.
pub fn rule_error(e: &RuleError, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    if lang == Lang::En {
        return match e {
            RuleError::NotYourTurn { to_act, .. } if !to_act.is_empty() => {
                format!("Not your turn: waiting for {}.", to_act.iter().map(|&s| name(s)).collect::<Vec<_>>().join(" or "))
            }
            other => sentence(&other.to_string()),
        };
    }
    match e {
        RuleError::NoSuchSeat { seat, players } => format!("没有{}号位（座位是 1 到 {players}）。", seat + 1),
        RuleError::WrongPhase { action, .. } => format!("现在不能{}。", move_zh(*action)),
        RuleError::NotYourTurn { to_act, .. } => {
            format!("还没轮到你：在等{}。", to_act.iter().map(|&s| name(s)).collect::<Vec<_>>().join("或"))
        }
        RuleError::SitsOut { seat, .. } => format!("{}这一局已经没有动作了，等下一局。", name(*seat)),
        RuleError::AlreadyDrew { action } => format!("这一轮已经摸过牌，不能再{}：打出一张或宣告。", move_zh(*action)),
        RuleError::DrawFirst { action } => format!("先摸牌（牌堆或弃牌），再{}。", move_zh(*action)),
        RuleError::DeadJoker { card: c } => format!("{}是别人打出的王或百搭，不能拿：从牌堆摸。", card(*c, lang)),
        RuleError::EmptyPile => "弃牌堆是空的：从牌堆摸。".into(),
        RuleError::TakenCard { card: c } => format!("{}是这一轮从弃牌拿的，不能马上打回去：打别的牌。", card(*c, lang)),
        RuleError::NotInHand { card: c, held, wanted } => format!("你用了 {wanted} 张{}，手里只有 {held} 张。", card(*c, lang)),
        RuleError::Unplaced { cards } => format!(
            "宣告时每张牌都要放进组里：{} 不在任何组里。",
            cards.iter().map(|&c| card(c, lang)).collect::<Vec<_>>().join(" ")
        ),
        RuleError::AlreadyShown => "你已经亮过牌了。".into(),
        RuleError::BadSeed(_) => "下一局的种子无效。".into(),
        RuleError::Internal(why) => format!("规则内部错误：{why}"),
    }
}

/// Settings that are not a table, with what to use instead.
pub fn settings_error(e: &SettingsError, lang: Lang) -> String {
    if lang == Lang::En {
        return sentence(&e.to_string());
    }
    use crate::rummy::game::settings::{MAX_DEALS, MAX_DECKS, MAX_PLAYERS, MAX_POINTS_CAP, MAX_RESTOCKS, MIN_PLAYERS};
    match e {
        SettingsError::Players(p) => format!("不支持 {p} 人（请用 {MIN_PLAYERS} 到 {MAX_PLAYERS} 人）。"),
        SettingsError::Decks(d) => format!("不支持 {d} 副牌（请用 1 到 {MAX_DECKS} 副）。"),
        SettingsError::Jokers { jokers, decks } => format!("{decks} 副牌不能有 {jokers} 张王（每副最多 2 张）。"),
        SettingsError::PackTooSmall { cards, players, decks, .. } => match decks {
            Some(d) => format!("{cards} 张牌不够 {players} 人玩（请用 {d} 副牌）。"),
            None => format!("{cards} 张牌不够 {players} 人玩（请减少人数）。"),
        },
        SettingsError::Deals(n) => format!("不支持 {n} 局（请用 1 到 {MAX_DEALS} 局）。"),
        SettingsError::DealsInPool { deals, .. } => format!("积分池玩法打到只剩一人为止，不用设 {deals} 局。"),
        SettingsError::MaxPoints(m) => format!("不支持 {m} 分的封顶（请用 1 到 {MAX_POINTS_CAP}，通常是 80）。"),
        SettingsError::Drops { first, middle, max_points } => {
            format!("弃局分 {first}（首次）和 {middle}（中途）与封顶 {max_points} 不合：要求 1 ≤ 首次 ≤ 中途 ≤ 封顶。")
        }
        SettingsError::CapAtPool { max_points, limit } => format!("{max_points} 分的封顶一局就到了 {limit} 的积分池上限（请用低于 {limit} 的封顶）。"),
        SettingsError::Restocks(r) => format!("不支持重洗牌堆 {r} 次（请用 0 到 {MAX_RESTOCKS}）。"),
    }
}

/// Rummy's bot levels as table links write them (`bots=nx`) and messages name them.
impl crate::ui_model::table::Level for crate::rummy::bot::Difficulty {
    const ALL: &'static [Self] = &[Self::Random, Self::Heuristic, Self::Expert];
    fn letter(self) -> char {
        match self {
            Self::Random => 'e',
            Self::Heuristic => 'n',
            Self::Expert => 'x',
        }
    }
    fn word(self, lang: Lang) -> &'static str {
        use crate::ui_model::table::LevelWord;
        match self {
            Self::Random => LevelWord::Easy.word(lang),
            Self::Heuristic => LevelWord::Normal.word(lang),
            Self::Expert => LevelWord::Expert.word(lang),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_in_both_languages() {
        let name = |s: usize| format!("Bot {}", s + 1);
        let e = RuleError::DrawFirst { action: Move::Discard };
        assert_eq!(rule_error(&e, &name, Lang::En), "Draw first (from the stock or the discard pile), then discard.");
        assert_eq!(rule_error(&e, &name, Lang::Zh), "先摸牌（牌堆或弃牌），再打牌。");
        let e = RuleError::NotYourTurn { seat: 0, to_act: vec![2] };
        assert_eq!(rule_error(&e, &name, Lang::En), "Not your turn: waiting for Bot 3.");
        assert!(settings_error(&SettingsError::Players(9), Lang::Zh).contains("2 到 6"));
    }

    #[test]
    fn the_warning_names_the_cost_and_the_reason() {
        let w = wrong_declaration_warning(80, WhyInvalid::NoPure, Lang::En);
        assert!(w.contains("no pure sequence") && w.contains("80 points"), "{w}");
        assert!(wrong_declaration_warning(80, WhyInvalid::Loose(2), Lang::Zh).contains("80 分"));
    }
}
