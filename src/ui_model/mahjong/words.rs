//! The Sichuan table in plain English and Chinese: buttons, tiles and suits in
//! words, whose turn it is and what to do, the engine's refusals (`RuleError`,
//! `SettingsError`), fan items and payments, the end of a hand. Seats are named
//! by the screen (the `name` labeller: "You", "Bot 2"); the engine's own
//! `Display` stays English for the CLI and logs.

use crate::i18n::Lang;
use crate::mahjong::game::settings::WILD_TILE;
use crate::mahjong::game::{Action, Direction, HandEnd, HandResult, Move, PayReason, PhaseName, RuleError, SeatView, SelfDrawnBonus, SettingsError, Stage};
use crate::mahjong::{FanItem, Suit, Tile};

fn t(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// Every fixed label of the mahjong table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    Title,
    NewTable,
    Exchange,
    ExchangeSetting,
    WildcardsSetting,
    HandEndSetting,
    KongTransferSetting,
    SelfDrawnSetting,
    PlayOn,
    Wildcard,
    FanCap,
    ClaimSeconds,
    NoLimit,
    Discard,
    Win,
    SelfDrawn,
    Kong,
    Pung,
    Pass,
    NextHand,
    Hint,
    /// The hint's "what would Expert do?" line.
    ExpertWould,
    Wall,
    Totals,
    Share,
    Copied,
    Resumed,
    SetAside,
    Rules,
    SameDeal,
    Friend,
    FriendWaiting,
    ReplayLink,
    Preparing,
    VoidFirst,
    YouWon,
    PassedWin,
    Drawn,
    Waiting,
    ReplayStart,
}

pub fn label(l: Label, lang: Lang) -> &'static str {
    match l {
        Label::Title => t(lang, "Sichuan mahjong", "四川麻将"),
        Label::NewTable => t(lang, "New table", "新牌桌"),
        Label::Exchange => t(lang, "Pass these three on", "换这三张"),
        Label::ExchangeSetting => t(lang, "Exchange three tiles (换三张)", "换三张"),
        Label::WildcardsSetting => t(lang, "Red dragons are wildcards (红中赖子, 112 tiles)", "红中赖子（112张）"),
        Label::HandEndSetting => t(lang, "When a player wins", "胡牌之后"),
        Label::KongTransferSetting => t(lang, "A win on a kong's discard takes the kong money (呼叫转移)", "呼叫转移（杠上炮转杠钱）"),
        Label::SelfDrawnSetting => t(lang, "A self-drawn win adds", "自摸加番还是加底"),
        Label::PlayOn => t(lang, "You have won and play on: your hand stays as it is, so discard the tile you drew (or win again).", "你已胡牌，继续打：手牌不变，打出摸到的牌（或再胡）。"),
        Label::Wildcard => t(lang, "Wildcard: it stays in your hand and stands for any tile.", "赖子：留在手里，可当任意牌。"),
        Label::FanCap => t(lang, "Fan cap (封顶)", "封顶番数"),
        Label::ClaimSeconds => t(lang, "Time to answer a claim", "碰杠胡的思考时间"),
        Label::NoLimit => t(lang, "No limit", "不限时"),
        Label::Discard => t(lang, "Discard", "打出"),
        Label::Win => t(lang, "Win", "胡"),
        Label::SelfDrawn => t(lang, "Win (self-drawn)", "自摸"),
        Label::Kong => t(lang, "Kong", "杠"),
        Label::Pung => t(lang, "Pung", "碰"),
        Label::Pass => t(lang, "Pass", "过"),
        Label::NextHand => t(lang, "Next hand", "下一局"),
        Label::Hint => t(lang, "Hint", "提示"),
        Label::ExpertWould => t(lang, "Expert would:", "高手会："),
        Label::Wall => t(lang, "Wall", "牌墙"),
        Label::Totals => t(lang, "Total", "累计"),
        Label::Share => t(lang, "Copy link", "复制链接"),
        Label::Copied => t(lang, "Copied: send it to a friend to play the same walls.", "已复制：发给朋友，打同一副牌。"),
        Label::Resumed => t(lang, "Your saved hand was resumed.", "已恢复你保存的牌局。"),
        Label::SetAside => t(
            lang,
            "A saved mahjong table could not be read by this version; it was set aside and a new table begins.",
            "此版本无法读取已保存的麻将牌局，已另行保存，新牌局开始。",
        ),
        Label::Rules => t(lang, "Rules", "规则"),
        Label::SameDeal => t(lang, "The same walls, seat by seat", "同一副牌，逐座比较"),
        Label::Friend => t(lang, "A friend", "朋友"),
        Label::FriendWaiting => t(lang, "A friend played these walls: their result shows when your hand ends.", "朋友打过这副牌：本局结束后显示其成绩。"),
        Label::ReplayLink => t(lang, "Replay this hand", "回放本局"),
        Label::Preparing => t(lang, "Preparing the tiles…", "正在准备牌…"),
        Label::VoidFirst => t(lang, "Discard your void suit first.", "先打出定缺的花色。"),
        Label::YouWon => t(lang, "You won!", "你胡了！"),
        Label::PassedWin => t(lang, "You passed a win: no win on a discard until your next draw (过水).", "你过了胡：摸牌前不能再胡别人打的牌（过水）。"),
        Label::Drawn => t(lang, "drawn", "摸"),
        Label::Waiting => t(lang, "Waiting for the others…", "等待其他玩家…"),
        Label::ReplayStart => t(lang, "The deal, before the first move.", "发牌后，第一步之前。"),
    }
}

const ZH_DIGITS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// 万 筒 条 (and the honours' 字, which Sichuan does not play).
pub fn suit_char(suit: Suit) -> &'static str {
    match suit {
        Suit::Characters => "万",
        Suit::Dots => "筒",
        Suit::Bamboo => "条",
        Suit::Honours => "字",
    }
}

pub fn suit_name(suit: Suit, lang: Lang) -> &'static str {
    match suit {
        Suit::Characters => t(lang, "characters", "万"),
        Suit::Dots => t(lang, "dots", "筒"),
        Suit::Bamboo => t(lang, "bamboo", "条"),
        Suit::Honours => t(lang, "honours", "字"),
    }
}

/// "5 of characters" / "五万"; the red dragon is the wildcard (红中).
pub fn tile_name(tile: Tile, lang: Lang) -> String {
    if tile == WILD_TILE {
        return t(lang, "red dragon (wildcard)", "红中").to_string();
    }
    let r = tile.rank() as usize;
    match lang {
        Lang::En => format!("{r} of {}", suit_name(tile.suit(), lang)),
        Lang::Zh => format!("{}{}", ZH_DIGITS[r - 1], suit_char(tile.suit())),
    }
}

/// "5m" / "五万": short, for lists.
pub fn tile_short(tile: Tile, lang: Lang) -> String {
    match lang {
        Lang::En if tile == WILD_TILE => "red dragon".into(),
        Lang::En => tile.to_string(),
        Lang::Zh => tile_name(tile, lang),
    }
}

/// Why a mahjong bot chose its move, in a sentence ("discard 5m: shanten 1 after it, 12
/// unseen tiles improve").
pub fn bot_reason(r: &crate::mahjong::game::bot::BotReason, lang: Lang) -> String {
    use crate::mahjong::game::bot::BotReason as R;
    let tile = |t: &Tile| tile_short(*t, lang);
    match (r, lang) {
        (R::NoMove, _) => t(lang, "nothing to do", "无事可做").into(),
        (R::DealNext, _) => t(lang, "deal the next hand", "发下一局").into(),
        (R::Exchange { suit }, Lang::En) => format!("pass on three {}: my weakest suit", suit_name(*suit, lang)),
        (R::Exchange { suit }, Lang::Zh) => format!("换三张{}：我最弱的一门", suit_char(*suit)),
        (R::Void { suit, held }, Lang::En) => format!("play without {}: I hold only {held}", suit_name(*suit, lang)),
        (R::Void { suit, held }, Lang::Zh) => format!("定缺{}：我只有{held}张", suit_char(*suit)),
        (R::Win, _) => t(lang, "my hand is complete: win", "牌已成和：和牌").into(),
        (R::Kong { tile: k }, Lang::En) => format!("kong {}: it costs the hand nothing", tile(k)),
        (R::Kong { tile: k }, Lang::Zh) => format!("杠{}：不影响牌型", tile(k)),
        (R::Pung { before, after }, Lang::En) => format!("pung: shanten {before} → {after}"),
        (R::Pung { before, after }, Lang::Zh) => format!("碰：向听数 {before} → {after}"),
        (R::Pass, _) => t(lang, "the tile does not help: pass", "这张牌没用：过").into(),
        (R::VoidDiscard { tile: d }, Lang::En) => format!("discard {}: my void suit goes first", tile(d)),
        (R::VoidDiscard { tile: d }, Lang::Zh) => format!("打{}：先打缺门", tile(d)),
        (R::Discard { tile: d, shanten, improving }, Lang::En) => {
            format!("discard {}: shanten {shanten} after it, {improving} unseen tiles improve", tile(d))
        }
        (R::Discard { tile: d, shanten, improving }, Lang::Zh) => format!("打{}：之后向听数 {shanten}，还有{improving}张牌能改进", tile(d)),
        (R::Defend { tile: d }, Lang::En) => format!("discard {}: safe against a ready opponent", tile(d)),
        (R::Defend { tile: d }, Lang::Zh) => format!("打{}：对已听牌的对手安全", tile(d)),
        (R::PlayOn { tile: d }, Lang::En) => format!("discard {}: I have won and my hand stays as it is", tile(d)),
        (R::PlayOn { tile: d }, Lang::Zh) => format!("打{}：已经胡了，手牌不再变动", tile(d)),
        (R::Random, _) => t(lang, "a random move", "随机出牌").into(),
        (R::Search { tile: d, wins, value, samples }, Lang::En) => format!(
            "discard {}: over {samples} sampled walls the hand wins {wins} % of them, {} points on average",
            tile(d),
            tenths(*value)
        ),
        (R::Search { tile: d, wins, value, samples }, Lang::Zh) => {
            format!("打{}：在{samples}种可能的牌墙里，之后胡牌{wins}%，平均{}分", tile(d), tenths(*value))
        }
        (R::SearchSafe { tile: d, instead }, Lang::En) => {
            format!("discard {}: safer than {}, and worth nearly as much", tile(d), tile(instead))
        }
        (R::SearchSafe { tile: d, instead }, Lang::Zh) => format!("打{}：比{}安全，价值相差无几", tile(d), tile(instead)),
        (R::SearchPung { with, without }, Lang::En) => {
            format!("pung: {} points with it, {} without", tenths(*with), tenths(*without))
        }
        (R::SearchPung { with, without }, Lang::Zh) => format!("碰：碰了平均{}分，不碰{}分", tenths(*with), tenths(*without)),
        (R::SearchPass { with, without }, Lang::En) => {
            format!("pass: {} points with the pung, {} without", tenths(*with), tenths(*without))
        }
        (R::SearchPass { with, without }, Lang::Zh) => format!("过：碰了平均{}分，不碰{}分", tenths(*with), tenths(*without)),
        (R::SearchPlayOn { win, on }, Lang::En) => {
            format!("pass: the win is worth {} points, the hand played on {}", tenths(*win), tenths(*on))
        }
        (R::SearchPlayOn { win, on }, Lang::Zh) => format!("过：胡这张{}分，继续打（争取自摸）平均{}分", tenths(*win), tenths(*on)),
        (R::SearchKong { tile: k, with, without }, Lang::En) => {
            format!("kong {}: {} points with it (its money counted), {} without", tile(k), tenths(*with), tenths(*without))
        }
        (R::SearchKong { tile: k, with, without }, Lang::Zh) => format!("杠{}：杠了平均{}分（含杠钱），不杠{}分", tile(k), tenths(*with), tenths(*without)),
        (R::SearchVoid { suit, held, value }, Lang::En) => {
            format!("play without {} ({held} held): {} points on the sampled walls, the most", suit_name(*suit, lang), tenths(*value))
        }
        (R::SearchVoid { suit, held, value }, Lang::Zh) => format!("定缺{}（{held}张）：平均{}分，三门中最高", suit_char(*suit), tenths(*value)),
    }
}

/// Tenths of a point as a signed decimal ("+3.1", "−0.4").
fn tenths(v: i32) -> String {
    let sign = if v < 0 { "−" } else { "+" };
    format!("{sign}{}.{}", v.unsigned_abs() / 10, v.unsigned_abs() % 10)
}

/// 血战到底 / 血流成河 as a choice.
pub fn hand_end_name(h: HandEnd, lang: Lang) -> &'static str {
    match h {
        HandEnd::FightToTheEnd => t(lang, "they leave the hand (血战到底)", "血战到底（胡者退出）"),
        HandEnd::BloodRiver => t(lang, "they play on until the wall is empty (血流成河)", "血流成河（胡者继续，直到牌摸完）"),
    }
}

/// 自摸加番 / 自摸加底 as a choice.
pub fn self_drawn_name(b: SelfDrawnBonus, lang: Lang) -> &'static str {
    match b {
        SelfDrawnBonus::Fan => t(lang, "one fan (自摸加番)", "自摸加番"),
        SelfDrawnBonus::Base => t(lang, "one point from each payer (自摸加底)", "自摸加底（每家多付一分）"),
    }
}

pub fn direction(d: Direction, lang: Lang) -> &'static str {
    match d {
        Direction::ToNext => t(lang, "to the next player", "传给下家"),
        Direction::ToPrevious => t(lang, "to the previous player", "传给上家"),
        Direction::Across => t(lang, "across the table", "传给对家"),
    }
}

pub fn fan_item(item: FanItem, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => item.chinese(),
        Lang::En => match item {
            FanItem::PlainWin => "plain win",
            FanItem::AllPungs => "all pungs",
            FanItem::SingleWaitAllDeclared => "single wait, all declared",
            FanItem::AllPungsTwoFiveEight => "all pungs of 2, 5, 8",
            FanItem::SevenPairs => "seven pairs",
            FanItem::FullFlush => "full flush",
            FanItem::Terminals => "terminals in every set",
            FanItem::Root => "root (four of a kind)",
            FanItem::SelfDrawn => "self-drawn",
            FanItem::KongBloom => "win after a kong",
            FanItem::KongDiscard => "won on a kong's discard",
            FanItem::RobbingKong => "robbing a kong",
            FanItem::LastTile => "last tile",
        },
    }
}

pub fn pay_reason(r: PayReason, lang: Lang) -> String {
    match (r, lang) {
        (PayReason::Win { fan }, Lang::En) => format!("win, {fan} fan"),
        (PayReason::Win { fan }, Lang::Zh) => format!("点炮 {fan} 番"),
        (PayReason::SelfDrawn { fan }, Lang::En) => format!("self-drawn win, {fan} fan"),
        (PayReason::SelfDrawn { fan }, Lang::Zh) => format!("自摸 {fan} 番"),
        (PayReason::Kong(_), _) => t(lang, "kong", "杠钱").into(),
        (PayReason::FlowerPig, _) => t(lang, "flower pig (held the void suit)", "查花猪").into(),
        (PayReason::NotReady { fan }, Lang::En) => format!("not ready ({fan} fan)"),
        (PayReason::NotReady { fan }, Lang::Zh) => format!("查叫（{fan} 番）"),
        (PayReason::KongRefund, _) => t(lang, "kong money returned", "退税").into(),
        (PayReason::KongTransfer, _) => t(lang, "kong money passed on to the winner (呼叫转移)", "呼叫转移").into(),
    }
}

/// Whose turn it is and what to do, in one line.
pub fn status_line(v: &SeatView, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    let me = v.seat;
    match v.phase {
        PhaseName::Exchange if v.chosen.get(me) == Some(&false) => {
            t(lang, "Choose three tiles of one suit to pass on.", "选同一花色的三张牌换出。").into()
        }
        PhaseName::Void if v.chosen.get(me) == Some(&false) => {
            t(lang, "Choose the suit you will play without (定缺).", "选择定缺的花色。").into()
        }
        PhaseName::Exchange | PhaseName::Void => label(Label::Waiting, lang).into(),
        PhaseName::Claims => match (v.claim, v.offered) {
            (Some(c), _) => match lang {
                Lang::En => format!("{} offers {}: claim it or pass.", name(c.from), tile_name(c.tile, lang)),
                Lang::Zh => format!("{}打出{}：碰、杠、胡或过。", name(c.from), tile_name(c.tile, lang)),
            },
            (None, Some((from, tile))) => match lang {
                Lang::En => format!("{} discarded {}; waiting for claims.", name(from), tile_name(tile, lang)),
                Lang::Zh => format!("{}打出{}，等待其他玩家。", name(from), tile_name(tile, lang)),
            },
            _ => label(Label::Waiting, lang).into(),
        },
        PhaseName::Turn => match v.turn {
            Some(s) if s == me && crate::mahjong::game::bot::locked(v) => label(Label::PlayOn, lang).into(),
            Some(s) if s == me && v.void_left > 0 => label(Label::VoidFirst, lang).into(),
            Some(s) if s == me && v.stage == Some(Stage::Claimed) => t(lang, "Your pung: discard a tile.", "碰了：请打出一张。").into(),
            Some(s) if s == me => t(lang, "Your turn: tap a tile to discard it.", "轮到你：点一张牌打出。").into(),
            Some(s) => match lang {
                Lang::En => format!("{} to play.", name(s)),
                Lang::Zh => format!("轮到{}。", name(s)),
            },
            None => String::new(),
        },
        PhaseName::Finished => String::new(),
    }
}

/// One move in words, from `before`, the mover's view just before it (a replay's line).
pub fn describe_move(before: &SeatView, who: usize, action: &Action, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    let n = name(who);
    let offered = before.claim.map(|c| c.tile).or(before.offered.map(|(_, t)| t));
    let tiles = |ts: &[Tile]| ts.iter().map(|&t| tile_short(t, lang)).collect::<Vec<_>>().join(" ");
    match (action, lang) {
        (Action::Exchange(ts), Lang::En) => format!("{n} passed {} on.", tiles(ts)),
        (Action::Exchange(ts), Lang::Zh) => format!("{n}换出 {}。", tiles(ts)),
        (Action::Void(s), Lang::En) => format!("{n} plays without {}.", suit_name(*s, lang)),
        (Action::Void(s), Lang::Zh) => format!("{n}定缺{}。", suit_char(*s)),
        (Action::Discard(t), Lang::En) => format!("{n} discarded {}.", tile_name(*t, lang)),
        (Action::Discard(t), Lang::Zh) => format!("{n}打出{}。", tile_name(*t, lang)),
        (Action::Win, Lang::En) => match (before.phase, offered) {
            (PhaseName::Claims, Some(t)) => format!("{n} won on {}.", tile_name(t, lang)),
            _ => format!("{n} won with a self-drawn tile."),
        },
        (Action::Win, Lang::Zh) => match (before.phase, offered) {
            (PhaseName::Claims, Some(t)) => format!("{n}胡{}。", tile_name(t, lang)),
            _ => format!("{n}自摸。"),
        },
        (Action::Kong(t), Lang::En) => format!("{n} made a kong of {}.", tile_name(*t, lang)),
        (Action::Kong(t), Lang::Zh) => format!("{n}杠{}。", tile_name(*t, lang)),
        (Action::Pung, Lang::En) => format!("{n} punged {}.", offered.map(|t| tile_name(t, lang)).unwrap_or_default()),
        (Action::Pung, Lang::Zh) => format!("{n}碰{}。", offered.map(|t| tile_name(t, lang)).unwrap_or_default()),
        (Action::Pass, Lang::En) => format!("{n} let it go."),
        (Action::Pass, Lang::Zh) => format!("{n}过。"),
        (Action::NextHand | Action::NextHandFrom(_), Lang::En) => format!("{n} dealt the next hand."),
        (Action::NextHand | Action::NextHandFrom(_), Lang::Zh) => format!("{n}开了下一局。"),
    }
}

/// A refused move in the player's language.
pub fn rule_error(e: &RuleError, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let verb = |m: Move| match m {
        Move::Exchange => "换三张",
        Move::Void => "定缺",
        Move::Discard => "打牌",
        Move::Win => "胡牌",
        Move::Kong => "杠",
        Move::Pung => "碰",
        Move::Pass => "过",
        Move::NextHand => "开下一局",
    };
    match e {
        RuleError::NoSuchSeat { seat, players } => format!("没有{}号座位：本桌为 1 到 {players} 号。", seat + 1),
        RuleError::WrongPhase { action, .. } => format!("现在不能{}。", verb(*action)),
        RuleError::NotYourTurn { to_act, .. } => {
            let who: Vec<String> = to_act.iter().map(|&s| name(s)).collect();
            format!("还没轮到你：等待{}。", who.join("、"))
        }
        RuleError::AlreadyChose { action, .. } => format!("你已经选过了，不能再{}。", verb(*action)),
        RuleError::ExchangeOneSuit { .. } => "换三张须是同一花色的三张牌。".into(),
        RuleError::NotInHand { tile } => format!("你没有{}：请从手牌中选。", tile_name(*tile, lang)),
        RuleError::HonoursNotPlayed => "四川麻将没有字牌：请选万、筒或条定缺。".into(),
        RuleError::VoidFirst { void } => format!("你还有{}（定缺花色）：先打出这些牌。", suit_char(*void)),
        RuleError::VoidTilesHeld { void } => format!("手里还有{}（定缺花色）时不能胡：先打掉。", suit_char(*void)),
        RuleError::VoidSuitSet { tile } => format!("{}是定缺花色：不能碰或杠，只能打出。", tile_name(*tile, lang)),
        RuleError::NotAWin => "还没有和牌：需要四组加一对，或七对。".into(),
        RuleError::NoWinAfterPung => "刚碰过牌：请打出一张。".into(),
        RuleError::NoReplacementTile => "牌墙已空，杠后无牌可补：请打牌。".into(),
        RuleError::CannotKong { tile } => format!("不能杠{}：需要四张在手，或给自己的碰补第四张。", tile_name(*tile, lang)),
        RuleError::WildcardKept => "红中是赖子：留在手里，不能打出或开杠；请选别的牌。".into(),
        RuleError::NoClaimWindow { action } => format!("现在不能{}：没有人打出牌，轮到你打牌。", verb(*action)),
        RuleError::ClaimFirst => "有人打出一张牌：先选择胡、杠、碰或过。".into(),
        RuleError::CannotClaim { action, tile } => format!("不能{}{}：请选可用的操作，或过。", verb(*action), tile_name(*tile, lang)),
        RuleError::BadSeed { reason } => format!("这个种子无法发牌：{reason}"),
        RuleError::HandLocked { drawn } if *drawn == WILD_TILE => "你已胡牌，手牌不能再变：摸到的红中让你再次和牌，请胡牌。".into(),
        RuleError::HandLocked { drawn } => format!("你已胡牌，手牌不能再变：打出摸到的{}，能胡就胡。", tile_name(*drawn, lang)),
    }
}

pub fn settings_error(e: &SettingsError, lang: Lang) -> String {
    match (e, lang) {
        (_, Lang::En) => e.to_string(),
        (SettingsError::MaxFan(n), Lang::Zh) => format!("不提供封顶 {n} 番：请选 2 到 8。"),
        (SettingsError::ClaimSeconds(n), Lang::Zh) => format!("不提供 {n} 秒的思考时间：请选不限时，或 3 到 60 秒。"),
    }
}

/// One line for the end of a hand: who won, or that the wall ran out.
pub fn hand_summary(r: &HandResult, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    // Each winner once, in the order they first won (血流成河: a seat may win again).
    let mut seats: Vec<usize> = Vec::new();
    for w in &r.wins {
        if !seats.contains(&w.seat) {
            seats.push(w.seat);
        }
    }
    let winners: Vec<String> = seats.into_iter().map(name).collect();
    match (r.exhausted, lang) {
        (false, Lang::En) => format!("{} won: the hand is over.", winners.join(", ")),
        (false, Lang::Zh) => format!("{}胡牌，本局结束。", winners.join("、")),
        (true, Lang::En) if winners.is_empty() => "The wall ran out with no winner.".into(),
        (true, Lang::Zh) if winners.is_empty() => "牌墙摸完，无人胡牌（流局）。".into(),
        (true, Lang::En) => format!("{} won; then the wall ran out.", winners.join(", ")),
        (true, Lang::Zh) => format!("{}胡牌；之后牌墙摸完。", winners.join("、")),
    }
}

/// Mahjong's bot levels as table links write them (`bots=nsen`) and messages name them; the
/// shanten-only bot (`s`) is a yardstick a link may name, not a level the screens offer.
impl crate::ui_model::table::Level for crate::mahjong::game::bot::Difficulty {
    const ALL: &'static [Self] = &[Self::Random, Self::Shanten, Self::Advice, Self::Expert];
    fn letter(self) -> char {
        match self {
            Self::Random => 'e',
            Self::Shanten => 's',
            Self::Advice => 'n',
            Self::Expert => 'x',
        }
    }
    fn word(self, lang: Lang) -> &'static str {
        use crate::ui_model::table::LevelWord;
        match (self, lang) {
            (Self::Random, _) => LevelWord::Easy.word(lang),
            (Self::Shanten, Lang::En) => "shanten only",
            (Self::Shanten, Lang::Zh) => "只看向听",
            (Self::Advice, _) => LevelWord::Normal.word(lang),
            (Self::Expert, _) => LevelWord::Expert.word(lang),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::game::{RuleError, Seat};

    #[test]
    fn every_refusal_has_a_chinese_sentence_that_names_tiles_in_chinese() {
        let name = |s: Seat| format!("机器人{}", s + 1);
        let tile = Tile::parse("5p").unwrap();
        for e in [
            RuleError::NotInHand { tile },
            RuleError::VoidFirst { void: Suit::Dots },
            RuleError::CannotClaim { action: Move::Pung, tile },
            RuleError::NotYourTurn { seat: 0, to_act: vec![2] },
            RuleError::HandLocked { drawn: tile },
            RuleError::HandLocked { drawn: WILD_TILE },
        ] {
            let zh = rule_error(&e, &name, Lang::Zh);
            assert!(!zh.is_empty() && !zh.contains("5p") && !zh.contains("seat"), "{zh}");
            assert_eq!(rule_error(&e, &name, Lang::En), e.to_string());
        }
        assert!(rule_error(&RuleError::HandLocked { drawn: tile }, &name, Lang::Zh).contains("五筒"));
        assert!(RuleError::HandLocked { drawn: tile }.to_string().contains("discard the tile you drew (5p)"));
        assert_eq!(tile_name(tile, Lang::Zh), "五筒");
        assert_eq!(tile_name(tile, Lang::En), "5 of dots");
    }
}
