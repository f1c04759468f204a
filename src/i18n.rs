//! UI text in English and Chinese. Every visible string of the app shell goes
//! through [`Lang::t`], so a missing translation is a compile error, not a blank.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// From a BCP 47 tag such as `navigator.language` (`zh-CN`, `en-GB`); Chinese for
    /// any `zh`, English otherwise.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The `lang` attribute for the document.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    pub fn t(self, text: Text) -> &'static str {
        let (en, zh) = text.pair();
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// Every string of the app shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    Tagline,
    NewGameVsBots,
    PlayWithFriends,
    Resume,
    Settings,
    Home,
    BackHome,
    NotFoundTitle,
    NotFoundBody,
    NotBuiltYet,
    NewGameSoon,
    FriendsSoon,
    JoinSoon,
    ReplaySoon,
    PlaySoon,
    Theme,
    ThemeSystem,
    ThemeLight,
    ThemeDark,
    Language,
    LanguageAuto,
    StorageUnavailable,
    Version,
    OfflineReady,
    Practice,
    PracticeIntro,
    Seed,
    Decks,
    TrumpLabel,
    TheLead,
    YourHand,
    Selected,
    PickCards,
    LegalPlay,
    NotAllowed,
    PlayCards,
    Clear,
    Hints,
    HintIntro,
    YouCant,
    Forced,
    Computing,
    ShortInSuit,
    ShowMore,
    ResultLegal,
    ResultIllegal,
    NextPosition,
    TryAgain,
    BadPracticeLink,
    FourColour,
    CardSize,
    SizeSmall,
    SizeMedium,
    SizeLarge,
    DrawSpeed,
    SpeedSlow,
    SpeedNormal,
    SpeedFast,
    SpeedInstant,
    Sound,
    Preview,
    Players,
    Mode,
    ModeTractor,
    ModeFriends,
    YourSeat,
    BotPace,
    SeedHint,
    NewSeed,
    Start,
    DecksDefault,
    BadTableLink,
    You,
    Bot,
    Level,
    Landlord,
    LandlordTeam,
    CardsLeft,
    ToAct,
    AttackerPoints,
    NextThreshold,
    NoTrumpYet,
    Drawing,
    BidWith,
    NoBid,
    Bids,
    BuryTitle,
    Bury,
    CallFriends,
    Nth,
    Call,
    WaitingFor,
    TakeBack,
    SuggestedLead,
    UseSuggestion,
    TrickTitle,
    HandOver,
    KittyBonus,
    LevelChanges,
    NextHand,
    GameOver,
    Kitty,
    Friend,
    // The timing page (src/web/timing.rs).
    Timing,
    TimingLink,
    TimingIntro,
    TimingPositions,
    TimingRun,
    TimingRunning,
    TimingMeasure,
    TimingMedian,
    TimingWorst,
    TimingTarget,
    TimingNoTarget,
    TimingFirstHint,
    TimingHintList,
    TimingLegality,
    TimingBot2,
    TimingBot4,
    TimingBrowser,
    TimingNotRun,
    TimingMethod,
    TimingFailed,
}

impl Text {
    fn pair(self) -> (&'static str, &'static str) {
        match self {
            Text::Tagline => ("Shengji · Tractor · Finding Friends — in your browser, offline.", "升级 · 拖拉机 · 找朋友 —— 浏览器里离线也能玩。"),
            Text::NewGameVsBots => ("New game vs bots", "人机对战"),
            Text::PlayWithFriends => ("Play with friends", "和朋友玩"),
            Text::Resume => ("Resume", "继续牌局"),
            Text::Settings => ("Settings", "设置"),
            Text::Home => ("Home", "首页"),
            Text::BackHome => ("Back to the home screen", "返回首页"),
            Text::NotFoundTitle => ("Nothing here", "找不到这个页面"),
            Text::NotFoundBody => ("This link does not lead to a screen of tuolaji:", "这个链接不对应 tuolaji 的任何页面："),
            Text::NotBuiltYet => ("Not built yet", "尚未完成"),
            Text::NewGameSoon => ("Games against bots are being built. The rules engine comes first; this screen will let you pick players, decks, mode and your seat.", "人机对战正在制作中：先完成规则引擎，这里将可以选择人数、副数、模式和座位。"),
            Text::FriendsSoon => ("Peer-to-peer tables with friends are not built yet. They will connect browsers directly, with no server.", "和朋友联机尚未完成：将通过浏览器直连，无需服务器。"),
            Text::JoinSoon => ("Joining a friend's table is not built yet. Keep this invitation; it will work in a later version.", "加入朋友的牌桌尚未完成。"),
            Text::ReplaySoon => ("Replays are not built yet.", "回放尚未完成。"),
            Text::PlaySoon => ("The game table is not built yet. This link will deal its cards in a later version.", "牌桌尚未完成。以后的版本中这个链接会发出同样的牌。"),
            Text::Theme => ("Theme", "主题"),
            Text::ThemeSystem => ("Follow the system", "跟随系统"),
            Text::ThemeLight => ("Light", "浅色"),
            Text::ThemeDark => ("Dark", "深色"),
            Text::Language => ("Language", "语言"),
            Text::LanguageAuto => ("Browser default", "跟随浏览器"),
            Text::StorageUnavailable => ("This browser is not letting tuolaji save anything (private browsing or full storage). You can play, but nothing will be kept after you close the tab.", "浏览器不允许保存数据（隐私模式或存储已满）。可以继续玩，但关闭页面后不会保留进度。"),
            Text::Version => ("Version", "版本"),
            Text::OfflineReady => ("Works offline once loaded; add it to your home screen to install.", "加载一次后即可离线使用；添加到主屏幕即可安装。"),
            Text::Practice => ("Follow practice", "跟牌练习"),
            Text::PracticeIntro => ("Someone has led. Choose a legal way to follow from your hand; the hints help.", "首家已经出牌。从手牌中选出合法的跟牌，可以参考提示。"),
            Text::Seed => ("Seed", "种子"),
            Text::Decks => ("Decks", "副数"),
            Text::TrumpLabel => ("Trump", "主牌"),
            Text::TheLead => ("The lead", "首家出牌"),
            Text::YourHand => ("Your hand", "你的手牌"),
            Text::Selected => ("Selected", "已选"),
            Text::PickCards => ("Pick the cards to follow with.", "请选择要跟的牌。"),
            Text::LegalPlay => ("Legal play", "可以这样出"),
            Text::NotAllowed => ("Not allowed: ", "不能这样出："),
            Text::PlayCards => ("Play", "出牌"),
            Text::Clear => ("Clear", "清除"),
            Text::Hints => ("Hints", "提示"),
            Text::HintIntro => ("The lead's shapes, strongest first. The rules force the highlighted one; tap a row to select it.", "首家牌型从强到弱。高亮的一行是规则强制的；点一行即可选中这些牌。"),
            Text::YouCant => ("you can't", "凑不出"),
            Text::Forced => ("forced", "必须"),
            Text::Computing => ("…", "……"),
            Text::ShortInSuit => ("You are short in the led suit: play all of it, then anything else.", "这门牌不够：全部出完，再随便垫牌。"),
            Text::ShowMore => ("Show more", "显示更多"),
            Text::ResultLegal => ("Legal — well followed.", "出牌合法，跟得好！"),
            Text::ResultIllegal => ("That play was not legal: ", "这手牌不合法："),
            Text::NextPosition => ("Next position", "下一题"),
            Text::TryAgain => ("Try again", "再试一次"),
            Text::BadPracticeLink => ("This practice link is not valid: ", "这个练习链接无效："),
            Text::FourColour => ("Four-colour suits", "四色花色"),
            Text::CardSize => ("Card size", "牌的大小"),
            Text::SizeSmall => ("Small", "小"),
            Text::SizeMedium => ("Medium", "中"),
            Text::SizeLarge => ("Large", "大"),
            Text::DrawSpeed => ("Auto-draw speed", "自动摸牌速度"),
            Text::SpeedSlow => ("Slow", "慢"),
            Text::SpeedNormal => ("Normal", "正常"),
            Text::SpeedFast => ("Fast", "快"),
            Text::SpeedInstant => ("Instant", "立即"),
            Text::Sound => ("A sound on your turn", "轮到你时提示音"),
            Text::Preview => ("Preview", "预览"),
            Text::Players => ("Players", "人数"),
            Text::Mode => ("Mode", "模式"),
            Text::ModeTractor => ("Tractor (fixed partners)", "拖拉机（固定对家）"),
            Text::ModeFriends => ("Finding Friends", "找朋友"),
            Text::YourSeat => ("Your seat", "你的座位"),
            Text::BotPace => ("Bot pace", "电脑速度"),
            Text::SeedHint => ("Leave as is for a random deal, or paste a friend's seed to get the same cards.", "保留随机种子，或粘贴朋友的种子以发出同样的牌。"),
            Text::NewSeed => ("New seed", "换一个种子"),
            Text::Start => ("Start", "开始"),
            Text::DecksDefault => ("Default", "默认"),
            Text::BadTableLink => ("This table link is not valid: ", "这个牌桌链接无效："),
            Text::You => ("You", "你"),
            Text::Bot => ("Bot", "电脑"),
            Text::Level => ("Level", "级"),
            Text::Landlord => ("Landlord", "庄家"),
            Text::LandlordTeam => ("Landlord's side", "庄家方"),
            Text::CardsLeft => ("cards", "张"),
            Text::ToAct => ("to act", "出牌中"),
            Text::AttackerPoints => ("Attackers' points", "闲家得分"),
            Text::NextThreshold => ("next step at", "下一档"),
            Text::NoTrumpYet => ("not decided", "未定"),
            Text::Drawing => ("Drawing cards…", "摸牌中……"),
            Text::BidWith => ("Bid", "亮主"),
            Text::NoBid => ("No bid", "不亮"),
            Text::Bids => ("Bids", "亮主"),
            Text::BuryTitle => ("You are the landlord: bury cards", "你是庄家：请扣底"),
            Text::Bury => ("Bury", "扣底"),
            Text::CallFriends => ("Call your friends", "叫朋友"),
            Text::Nth => ("copy", "张"),
            Text::Call => ("Call", "叫"),
            Text::WaitingFor => ("Waiting for", "等待"),
            Text::TakeBack => ("Take back", "悔牌"),
            Text::SuggestedLead => ("Suggested lead", "建议首出"),
            Text::UseSuggestion => ("Select it", "选中"),
            Text::TrickTitle => ("This trick", "本轮"),
            Text::HandOver => ("Hand over", "本局结束"),
            Text::KittyBonus => ("Kitty bonus", "底牌加分"),
            Text::LevelChanges => ("Levels", "升级"),
            Text::NextHand => ("Next hand", "下一局"),
            Text::GameOver => ("Game over — winners:", "比赛结束——获胜："),
            Text::Kitty => ("Kitty", "底牌"),
            Text::Friend => ("Friend", "朋友"),
            // The timing page (src/web/timing.rs).
            Text::Timing => ("Speed in this browser", "本浏览器中的速度"),
            Text::TimingLink => ("Speed test", "速度测试"),
            Text::TimingIntro => (
                "Times the engine here, on this device: the hint list for a 13-card lead with 4 decks, and a bot's move.",
                "在本设备上测量引擎的速度：4副牌13张首出的提示列表，以及电脑玩家出一手牌。",
            ),
            Text::TimingPositions => ("Positions", "局面数"),
            Text::TimingRun => ("Run", "开始"),
            Text::TimingRunning => ("Running…", "测量中……"),
            Text::TimingMeasure => ("What (ms)", "项目（毫秒）"),
            Text::TimingMedian => ("median", "中位数"),
            Text::TimingWorst => ("worst", "最慢"),
            Text::TimingTarget => ("target <", "目标 <"),
            Text::TimingNoTarget => ("no target", "无目标"),
            Text::TimingFirstHint => ("First hint row", "第一行提示"),
            Text::TimingHintList => ("Whole hint list", "全部提示"),
            Text::TimingLegality => ("Legality check", "合法性检查"),
            Text::TimingBot2 => ("Bot move, 2 decks", "电脑出牌，2副牌"),
            Text::TimingBot4 => ("Bot move, 4 decks", "电脑出牌，4副牌"),
            Text::TimingBrowser => ("Browser", "浏览器"),
            Text::TimingNotRun => ("Not run yet.", "尚未测量。"),
            Text::TimingMethod => (
                "Seeded positions (the same every run), after a short warm-up. Each figure repeats its position in three rounds of at least 1 ms (browsers round the clock to 0.1 ms) and keeps the fastest round's mean, so time the system gave to other programs is left out.",
                "局面由种子生成（每次相同），先短暂预热。每个数据把同一局面重复三轮、每轮至少1毫秒（浏览器的计时精度只有0.1毫秒），取最快一轮的平均值，以排除系统分给其他程序的时间。",
            ),
            Text::TimingFailed => ("The measurement stopped: ", "测量中断："),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_from_browser_tags() {
        assert_eq!(Lang::from_tag("zh-CN"), Lang::Zh);
        assert_eq!(Lang::from_tag("ZH-hant"), Lang::Zh);
        assert_eq!(Lang::from_tag("en-GB"), Lang::En);
        assert_eq!(Lang::from_tag(""), Lang::En);
    }

    #[test]
    fn both_languages_differ() {
        assert_ne!(Lang::En.t(Text::Resume), Lang::Zh.t(Text::Resume));
    }
}
