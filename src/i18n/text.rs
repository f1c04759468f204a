//! Every visible string of the app shell, in English and Chinese side by side: one
//! [`Text`] constant a string, both languages in it (read through [`super::Lang::t`]).

/// One string of the app shell in every language. Each is a constant below, so a page's
/// wasm links only the strings its screens name (a `match` over every string would link
/// them all into every page), and a string without both languages does not compile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text {
    pub(super) en: &'static str,
    pub(super) zh: &'static str,
}

// The names read like the enum they replace (`Text::NewGame`), hence CamelCase constants.
#[allow(non_upper_case_globals)]
impl Text {
    pub const Tagline: Text = Text { en: "Shengji · Tractor · Finding Friends — in your browser, offline.", zh: "升级 · 拖拉机 · 找朋友 —— 浏览器里离线也能玩。" };
    pub const NewGameVsBots: Text = Text { en: "New game vs bots", zh: "人机对战" };
    pub const NewGame: Text = Text { en: "New game", zh: "新游戏" };
    pub const PlayWithFriends: Text = Text { en: "Play with friends", zh: "和朋友玩" };
    pub const PlayRummy: Text = Text { en: "Rummy (13 cards) against bots", zh: "拉米（13张）对机器人" };
    pub const PlayMahjong: Text = Text { en: "Sichuan mahjong against bots", zh: "四川麻将对机器人" };
    pub const Resume: Text = Text { en: "Resume", zh: "继续牌局" };
    pub const Settings: Text = Text { en: "Settings", zh: "设置" };
    pub const BackHome: Text = Text { en: "Back to the home screen", zh: "返回首页" };
    pub const NotFoundTitle: Text = Text { en: "Nothing here", zh: "找不到这个页面" };
    pub const NotFoundBody: Text = Text { en: "This link does not lead to a screen of tuolaji:", zh: "这个链接不对应 tuolaji 的任何页面：" };
    pub const NotBuiltYet: Text = Text { en: "Not built yet", zh: "尚未完成" };
    /// A route the other page of the site carries, while the browser goes there.
    pub const Loading: Text = Text { en: "Opening…", zh: "正在打开…" };
    pub const PlaySoon: Text = Text { en: "The game table is not built yet. This link will deal its cards in a later version.", zh: "牌桌尚未完成。以后的版本中这个链接会发出同样的牌。" };
    pub const Theme: Text = Text { en: "Theme", zh: "主题" };
    pub const ThemeSystem: Text = Text { en: "Follow the system", zh: "跟随系统" };
    pub const ThemeLight: Text = Text { en: "Light", zh: "浅色" };
    pub const ThemeDark: Text = Text { en: "Dark", zh: "深色" };
    pub const Language: Text = Text { en: "Language", zh: "语言" };
    pub const LanguageAuto: Text = Text { en: "Browser default", zh: "跟随浏览器" };
    pub const StorageUnavailable: Text = Text { en: "This browser is not letting tuolaji save anything (private browsing or full storage). You can play, but nothing will be kept after you close the tab.", zh: "浏览器不允许保存数据（隐私模式或存储已满）。可以继续玩，但关闭页面后不会保留进度。" };
    pub const Version: Text = Text { en: "Version", zh: "版本" };
    pub const OfflineReady: Text = Text { en: "Works offline once loaded; add it to your home screen to install.", zh: "加载一次后即可离线使用；添加到主屏幕即可安装。" };
    pub const Practice: Text = Text { en: "Follow practice", zh: "跟牌练习" };
    pub const PracticeIntro: Text = Text { en: "Someone has led. Choose a legal way to follow from your hand; the hints help.", zh: "首家已经出牌。从手牌中选出合法的跟牌，可以参考提示。" };
    pub const Seed: Text = Text { en: "Seed", zh: "种子" };
    pub const Decks: Text = Text { en: "Decks", zh: "副数" };
    pub const TrumpLabel: Text = Text { en: "Trump", zh: "主牌" };
    pub const TheLead: Text = Text { en: "The lead", zh: "首家出牌" };
    pub const YourHand: Text = Text { en: "Your hand", zh: "你的手牌" };
    pub const Selected: Text = Text { en: "Selected", zh: "已选" };
    pub const LegalPlay: Text = Text { en: "Legal play", zh: "可以这样出" };
    pub const NotAllowed: Text = Text { en: "Not allowed: ", zh: "不能这样出：" };
    pub const PlayCards: Text = Text { en: "Play", zh: "出牌" };
    pub const Clear: Text = Text { en: "Clear", zh: "清除" };
    pub const Hints: Text = Text { en: "Hints", zh: "提示" };
    pub const HintIntro: Text = Text { en: "The lead's shapes, strongest first. The rules force the highlighted one; tap a row to select it.", zh: "首家牌型从强到弱。高亮的一行是规则强制的；点一行即可选中这些牌。" };
    pub const YouCant: Text = Text { en: "you can't", zh: "凑不出" };
    pub const ReadsAs: Text = Text { en: "These cards read as", zh: "这些牌可以读作" };
    pub const HowToPlay: Text = Text { en: "How to play", zh: "玩法" };
    pub const MoreFormats: Text = Text { en: "…and weaker formats, down to single cards", zh: "……以及更弱的牌型，直到单张" };
    pub const SkippedFormats: Text = Text { en: "…more formats", zh: "……更多牌型" };
    pub const Forced: Text = Text { en: "forced", zh: "必须" };
    pub const Computing: Text = Text { en: "…", zh: "……" };
    pub const ShortInSuit: Text = Text { en: "You are short in the led suit: play all of it, then anything else.", zh: "这门牌不够：全部出完，再随便垫牌。" };
    pub const ShowMore: Text = Text { en: "Show more", zh: "显示更多" };
    pub const ResultLegal: Text = Text { en: "Legal — well followed.", zh: "出牌合法，跟得好！" };
    pub const ResultIllegal: Text = Text { en: "That play was not legal: ", zh: "这手牌不合法：" };
    pub const NextPosition: Text = Text { en: "Next position", zh: "下一题" };
    pub const TryAgain: Text = Text { en: "Try again", zh: "再试一次" };
    pub const BadPracticeLink: Text = Text { en: "This practice link is not valid: ", zh: "这个练习链接无效：" };
    pub const FourColour: Text = Text { en: "Four-colour suits", zh: "四色花色" };
    pub const CardSize: Text = Text { en: "Card size", zh: "牌的大小" };
    pub const SizeSmall: Text = Text { en: "Small", zh: "小" };
    pub const SizeMedium: Text = Text { en: "Medium", zh: "中" };
    pub const SizeLarge: Text = Text { en: "Large", zh: "大" };
    pub const DrawSpeed: Text = Text { en: "Auto-draw speed", zh: "自动摸牌速度" };
    pub const SpeedSlow: Text = Text { en: "Slow", zh: "慢" };
    pub const SpeedNormal: Text = Text { en: "Normal", zh: "正常" };
    pub const SpeedFast: Text = Text { en: "Fast", zh: "快" };
    pub const SpeedInstant: Text = Text { en: "Instant", zh: "立即" };
    pub const Sound: Text = Text { en: "A sound on your turn", zh: "轮到你时提示音" };
    pub const FewerTaps: Text = Text { en: "Fewer taps: a play you have no choice about is made for you, and the shape you must follow with is selected", zh: "少点几下：没有选择的牌自动替你出，必须跟的牌型预先选好" };
    pub const Preview: Text = Text { en: "Preview", zh: "预览" };
    pub const Players: Text = Text { en: "Players", zh: "人数" };
    pub const Mode: Text = Text { en: "Mode", zh: "模式" };
    // Shengji's house rules (`web/shengji/settings.rs`): each setting, its choices and
    // what it changes.
    /// A guest's lobby: the settings the host chose, read-only.
    pub const TableRules: Text = Text { en: "This table's rules", zh: "本桌规则" };
    /// The rule sets of `shengji::game::presets`, one tap each.
    pub const RuleSet: Text = Text { en: "Rules", zh: "规则" };
    pub const PresetClassic: Text = Text { en: "Classic", zh: "经典" };
    pub const PresetSite: Text = Text { en: "shengji.io", zh: "shengji.io" };
    pub const PresetFamily: Text = Text { en: "炒地皮 + bombs", zh: "炒地皮＋炸弹" };
    pub const PresetClassicNote: Text = Text { en: "The common game: this app's defaults.", zh: "通行玩法：本应用的默认规则。" };
    pub const PresetSiteNote: Text = Text { en: "As shengji.io starts a room: the kitty ×2ⁿ, trump from the kitty's first card, a bid may be taken back and a play not, the kitty kept by the landlord, who stopped a throw named, a bonus for a short-handed landlord's side.", zh: "与 shengji.io 开房默认相同：底分×2ⁿ，翻底第一张定主，可收回亮主不可悔牌，底牌只给庄家看，说出谁管住了甩牌，庄家一方人少守住多升一级。" };
    pub const PresetFamilyNote: Text = Text { en: "A lively family table: 炒地皮, bombs whatever the lead, 5, 10 and K to defend, 打J, 10 points for a failed throw.", zh: "热闹的家庭玩法：炒地皮，随时可炸，必打5、10、K，打J，甩牌失败罚10分。" };
    pub const PresetOwn: Text = Text { en: "your own", zh: "自定" };
    pub const PresetCustom: Text = Text { en: "Your own (see house rules)", zh: "自定（见房规）" };
    pub const HouseRules: Text = Text { en: "House rules", zh: "房规" };
    pub const HouseRulesIntro: Text = Text { en: "The rules families play differently. The defaults are the common game; a table's link carries what you change.", zh: "各家玩法不同的规则。默认是通行玩法；改动会写进牌桌链接。" };
    pub const KittySize: Text = Text { en: "Kitty", zh: "底牌张数" };
    pub const KittySizeNote: Text = Text { en: "The cards the landlord takes and buries again; the other cards must split evenly, a hand's worth at most.", zh: "庄家拿起再扣下的牌；其余的牌必须能平分，底牌最多一手牌的张数。" };
    pub const FriendsCalled: Text = Text { en: "Friends called", zh: "叫几个朋友" };
    pub const FriendsCalledNote: Text = Text { en: "How many friends the landlord calls; the rest of the table defends against them.", zh: "庄家叫几个朋友；其余的人是闲家。" };
    pub const FriendTrumps: Text = Text { en: "A friend may be called with a trump card", zh: "可以用主牌叫朋友" };
    pub const StartingLevel: Text = Text { en: "Starting level", zh: "起始级别" };
    pub const StartingLevelNote: Text = Text { en: "Every player starts at this rank, which is trump for the first hand.", zh: "所有人从这一级开始打，它是第一局的主级。" };
    pub const Reinforce: Text = Text { en: "You may raise your own bid with more copies of its card", zh: "可以用更多张同样的牌加固自己的亮主" };
    // The house rules for bidding (`shengji::game::bidding`).
    pub const Overcall: Text = Text { en: "A bid overcalls another with", zh: "反主的方法" };
    pub const OvercallJokerOrMore: Text = Text { en: "More cards, or as many jokers", zh: "张数更多，或同样张数的王" };
    pub const OvercallHigherSuit: Text = Text { en: "More cards, or as many of a higher suit (♣ < ♦ < ♥ < ♠) or jokers", zh: "张数更多，或同样张数更大的花色（♣ < ♦ < ♥ < ♠）或王" };
    pub const OvercallMoreOnly: Text = Text { en: "More cards only", zh: "只能张数更多" };
    pub const JokerBids: Text = Text { en: "Bidding no-trump with jokers", zh: "用王亮无主" };
    pub const JokerBidsOff: Text = Text { en: "Not allowed", zh: "不可以" };
    pub const JokerBidsPair: Text = Text { en: "A pair or more of one joker", zh: "一对或更多同样的王" };
    pub const JokerBidsAll: Text = Text { en: "Every copy of one joker (as many as the decks)", zh: "同样的王全部（张数等于副数）" };
    pub const JokerBidsFewerBig: Text = Text { en: "Every small joker, or one big joker fewer (which then ranks higher)", zh: "小王全部，或大王少一张（算作更大）" };
    pub const TakeBackBidSetting: Text = Text { en: "The top bid may be taken back, once a hand, until the draw ends", zh: "抓牌结束前可以收回自己最高的亮主（每局一次）" };
    pub const FirstLandlord: Text = Text { en: "The first hand's landlord", zh: "第一局的庄家" };
    pub const FirstLandlordWinner: Text = Text { en: "Whoever holds the winning bid", zh: "最后亮主的人" };
    pub const FirstLandlordFirst: Text = Text { en: "Whoever bid first (the winning bid names trump)", zh: "最先亮主的人（主由最后的亮主定）" };
    pub const NoBidTrump: Text = Text { en: "When nobody bids, the kitty names trump by", zh: "无人亮主时，翻底定主" };
    pub const NoBidLevel: Text = Text { en: "Its first level card, else a joker's no-trump, else its highest card", zh: "底牌里第一张级牌；没有则有王打无主；否则最大的牌" };
    pub const NoBidFirst: Text = Text { en: "Its first card (a joker: no-trump)", zh: "底牌第一张（王则无主）" };
    pub const StealKittySetting: Text = Text { en: "Stealing the kitty (炒地皮): after each bury the others in turn may overcall and take it", zh: "炒地皮：每次扣底后，其他人依次可以用更大的亮主拿走底牌" };
    pub const StealBuried: Text = Text { en: "{landlord} has buried. Each other player in turn may overcall the top bid and take the kitty.", zh: "{landlord}已扣底。其他人依次可以用更大的亮主拿走底牌。" };
    pub const StealNote: Text = Text { en: "Overcall to take the kitty: you become the landlord, name trump and bury in turn.", zh: "反主就拿走底牌：你成为庄家，定主，再扣底。" };
    pub const StealWith: Text = Text { en: "Take the kitty:", zh: "炒地皮：亮" };
    pub const StealPass: Text = Text { en: "Let it lie", zh: "不炒" };
    // What the table shows (`shengji::game::shown`).
    pub const ShowLandlordPoints: Text = Text { en: "The landlord's side's points are shown during the hand", zh: "打牌时显示庄家一方的分数" };
    pub const ShowPastTricks: Text = Text { en: "Past tricks can be looked at (off: play from memory)", zh: "可以查看之前的牌（不选：凭记忆打）" };
    pub const ShowKitty: Text = Text { en: "Everyone sees the kitty when the hand ends", zh: "一局结束时所有人都能看到底牌" };
    pub const ShowThrowStopper: Text = Text { en: "A failed throw names who could beat it", zh: "甩牌失败时说出谁管得住" };
    // Bombs (`shengji::bomb`).
    pub const BombsSetting: Text = Text { en: "Bombs: four or more of a rank", zh: "炸弹：四张或以上同点数的牌" };
    pub const BombsNote: Text = Text { en: "A bomb is as many cards as the lead, all of one rank (any suits) or one joker; it beats every play that is not a bomb, and a higher rank beats a lower one.", zh: "炸弹与首家张数相同，全是同一点数（花色不限）或同一种王；它大过一切非炸弹的牌，点数大的炸弹大。" };
    pub const BombsOff: Text = Text { en: "Not played", zh: "不打炸弹" };
    pub const BombsAnySuit: Text = Text { en: "Played whatever the lead, even holding its suit", zh: "随时可炸，即使有首家的花色" };
    pub const BombsFollowSuit: Text = Text { en: "Played only following suit (or when out of it)", zh: "必须跟花色（或该门已出完）才能炸" };
    pub const KittyHidden: Text = Text { en: "kept by the landlord", zh: "只有庄家知道" };
    pub const TakeBackBid: Text = Text { en: "Take back my bid", zh: "收回亮主" };
    pub const TakeBackSetting: Text = Text { en: "A play may be taken back until the next player acts (never a throw)", zh: "下家出牌前可以悔牌（甩牌不能悔）" };
    pub const FollowRule: Text = Text { en: "Following: the lead's shapes you must match", zh: "跟牌：必须跟出的牌型" };
    pub const FollowRuleNote: Text = Text { en: "When you hold cards of the led suit, which of the lead's pairs, triples and tractors you must answer in kind.", zh: "手里有首家花色时，首家的对子、三张、拖拉机中哪些必须用同样的牌型跟。" };
    pub const FollowEvery: Text = Text { en: "Every shape (pairs, triples, tractors)", zh: "所有牌型（对子、三张、拖拉机）" };
    pub const FollowLonger: Text = Text { en: "A pair never forces out a triple or four of a kind", zh: "对子不逼出三张或四张" };
    pub const FollowTractors: Text = Text { en: "A tractor only when the lead has one", zh: "首家出拖拉机才必须跟拖拉机" };
    pub const FollowBoth: Text = Text { en: "Both of the two above", zh: "以上两条都用" };
    pub const FollowSuit: Text = Text { en: "Suit only, any shape", zh: "只须跟花色，牌型不限" };
    pub const TractorTuple: Text = Text { en: "Tractor: cards of a kind in each group", zh: "拖拉机：每组至少几张同样的牌" };
    pub const TractorLength: Text = Text { en: "Tractor: fewest groups in a row", zh: "拖拉机：至少连续几组" };
    pub const TractorNote: Text = Text { en: "A tractor is groups of the same size on consecutive ranks: 2 and 2 is 3-3-4-4.", zh: "拖拉机是相连级别上同样大小的组：2 张 2 组就是 3-3-4-4。" };
    pub const ThrowJudged: Text = Text { en: "A throw is beaten", zh: "甩牌怎样算被压过" };
    pub const ThrowEveryUnit: Text = Text { en: "When every part is beaten by a part of the same shape", zh: "每一部分都被同牌型压过" };
    pub const ThrowHighest: Text = Text { en: "By its highest card", zh: "比最大的一张" };
    pub const ThrowLongest: Text = Text { en: "By its largest part (most cards, then longest)", zh: "比最大的部分（张数多者，再比长度）" };
    pub const ThrowPenalty: Text = Text { en: "A failed throw", zh: "甩牌失败" };
    pub const ThrowPenaltyNone: Text = Text { en: "Costs no points: only the part that was beaten is played", zh: "不罚分：只出被压过的那一部分" };
    pub const ThrowPenaltyTen: Text = Text { en: "Also gives the other side 10 points", zh: "另外罚 10 分给对方" };
    pub const KittyMultiplier: Text = Text { en: "Kitty points when the attackers win the last trick", zh: "闲家抠底时底分的倍数" };
    pub const KittyTwice: Text = Text { en: "2 × the cards in the last lead's largest part (single ×2, pair ×4, triple ×6)", zh: "2 × 最后一墩首家最大部分的张数（单张 ×2、对子 ×4、三张 ×6）" };
    pub const KittyPower: Text = Text { en: "2 to the power of that part's size (single ×2, pair ×4, triple ×8)", zh: "2 的（该部分张数）次方（单张 ×2、对子 ×4、三张 ×8）" };
    pub const FriendNoHighest: Text = Text { en: "The highest card (big joker, a plain suit's A) may not be called", zh: "不能叫最大的牌（大王、副牌的 A）" };
    pub const FriendNoPoints: Text = Text { en: "Point cards (5, 10, K) may not be called", zh: "不能叫分牌（5、10、K）" };
    pub const FriendJoinOnce: Text = Text { en: "A friend already found does not fill a second call", zh: "已经是朋友的人不能再占第二个朋友位" };
    // The house rules for levels (`shengji::game::levels`).
    pub const StepPoints: Text = Text { en: "Points a level step", zh: "每级分数" };
    pub const StepPointsNote: Text = Text { en: "The attackers' points between one result and the next on the ladder, at this table's decks.", zh: "升级表上相邻两档之间闲家的分数（按本桌副数）。" };
    pub const TakeoverSteps: Text = Text { en: "Steps for the attackers to take the seat", zh: "闲家几档上台" };
    pub const DeadZone: Text = Text { en: "Steps past that without going up", zh: "上台后几档不升级" };
    pub const DeadZoneNote: Text = Text { en: "Below the takeover the landlord's side goes up a level a step short (and one more for a shutout); past it the attackers go up a level a step after these.", zh: "不到上台分时，庄家每差一档升一级（闲家零分再加一级）；过了上台分，再过这几档之后闲家每档升一级。" };
    pub const ShortHandedBonus: Text = Text { en: "A landlord's side short of a friend that holds goes up one more level", zh: "庄家一方少了朋友仍守住时多升一级" };
    pub const DefendedRanks: Text = Text { en: "Ranks to defend", zh: "必打级" };
    pub const DefendedNone: Text = Text { en: "None", zh: "无" };
    pub const DefendedNote: Text = Text { en: "A player stops at these ranks until they hold a hand played at it as the landlord's side.", zh: "打到这些级时要停下，作为庄家一方守住这一级的一局才能过。" };
    pub const FinalRank: Text = Text { en: "The game ends at", zh: "打到几结束" };
    pub const FinalRankNote: Text = Text { en: "The landlord's side that holds a hand played at this rank wins the game; no one goes above it.", zh: "庄家一方守住这一级的一局就赢了整盘；没人能升过这一级。" };
    pub const BackToTwo: Text = Text { en: "打J: losing at J to a single J in the last trick sends the landlord's side back to 2", zh: "打J：在 J 上丢了庄、闲家用单张 J 拿最后一墩，庄家一方回到 2" };
    // Why levels moved other than the ladder says (a hand's result).
    pub const LevelBonus: Text = Text { en: "Short-handed and held: one more level.", zh: "少了朋友仍守住：多升一级。" };
    pub const LevelStopped: Text = Text { en: "stops at {rank}: a rank to defend as the landlord's side.", zh: "停在 {rank}：这一级要作为庄家一方守住才能过。" };
    pub const LevelBackToTwo: Text = Text { en: "打J: the last trick won with a single J: the landlord's side goes back to 2.", zh: "打J：闲家用单张 J 拿了最后一墩，庄家一方回到 2。" };
    pub const ModeTractor: Text = Text { en: "Tractor (fixed partners)", zh: "拖拉机（固定对家）" };
    pub const ModeFriends: Text = Text { en: "Finding Friends", zh: "找朋友" };
    pub const YourSeat: Text = Text { en: "Your seat", zh: "你的座位" };
    pub const BotPace: Text = Text { en: "Bot pace", zh: "电脑速度" };
    /// The new-game row of bot levels per seat.
    pub const BotLevels: Text = Text { en: "Bots (seat: level)", zh: "电脑（座位：水平）" };
    /// A lobby seat's level select.
    pub const BotLevel: Text = Text { en: "How well this seat's bot plays", zh: "这个座位的电脑水平" };
    /// Scanning a guest's answer with the camera (where the browser can).
    pub const ScanAnswer: Text = Text { en: "Scan", zh: "扫码" };
    pub const StopScan: Text = Text { en: "Stop", zh: "停止" };
    pub const ScanFailed: Text = Text { en: "The camera could not be opened: paste the answer instead.", zh: "无法打开相机：请改为粘贴回复码。" };
    /// A guest's answer: show it as a QR code, and hide it again.
    pub const ShowQr: Text = Text { en: "QR code", zh: "二维码" };
    pub const HideQr: Text = Text { en: "Hide the QR code", zh: "隐藏二维码" };
    /// The bot worker could not start: bots cannot play.
    pub const NoBotWorker: Text = Text { en: "This browser could not start the bots' worker, so the bots cannot play. Reload the page; if it happens again, try another browser.", zh: "这个浏览器没能启动电脑的线程，电脑无法出牌。请刷新页面；如果再次出现，请换一个浏览器。" };
    pub const LevelEasy: Text = Text { en: "Easy", zh: "简单" };
    pub const LevelNormal: Text = Text { en: "Normal", zh: "普通" };
    pub const LevelExpert: Text = Text { en: "Expert", zh: "高手" };
    /// After a bot's name: it is searching its move.
    pub const IsThinking: Text = Text { en: " is thinking…", zh: "正在思考…" };
    /// The hint tab's row: the Expert's play for you.
    pub const ExpertWouldPlay: Text = Text { en: "What would Expert play?", zh: "高手会怎么出？" };
    /// The result card's field comparison.
    pub const FieldTitle: Text = Text { en: "How did the field do?", zh: "其他人打得怎么样？" };
    pub const FieldExplained: Text = Text { en: "The same deal played again with a bot in your seat and the same bots around it: the Normal bot and four Experts.", zh: "同一副牌重打一遍：你的座位换成电脑，其他座位的电脑不变——一个普通电脑和四个高手。" };
    pub const FieldPlay: Text = Text { en: "Play the field", zh: "让电脑重打这一副" };
    pub const FieldPlaying: Text = Text { en: "The field is playing…", zh: "电脑正在重打…" };
    pub const FieldYou: Text = Text { en: "You", zh: "你" };
    pub const FieldNormalBot: Text = Text { en: "Normal bot", zh: "普通电脑" };
    pub const FieldExpertBot: Text = Text { en: "Expert", zh: "高手" };
    pub const FieldUnavailable: Text = Text { en: "The field could not play here (this browser could not start the bot worker).", zh: "无法在这里重打（浏览器没能启动电脑线程）。" };
    pub const SeedHint: Text = Text { en: "Leave as is for a random deal, or paste a friend's seed to get the same cards.", zh: "保留随机种子，或粘贴朋友的种子以发出同样的牌。" };
    pub const NewSeed: Text = Text { en: "New seed", zh: "换一个种子" };
    pub const Start: Text = Text { en: "Start", zh: "开始" };
    /// The choice that leaves a number to the rule's default ("Default (8)").
    pub const DefaultChoice: Text = Text { en: "Default", zh: "默认" };
    pub const BadTableLink: Text = Text { en: "This table link is not valid: ", zh: "这个牌桌链接无效：" };
    pub const You: Text = Text { en: "You", zh: "你" };
    pub const Bot: Text = Text { en: "Bot", zh: "机器人" };
    pub const Level: Text = Text { en: "Level", zh: "级" };
    pub const Landlord: Text = Text { en: "Landlord", zh: "庄家" };
    pub const LandlordTeam: Text = Text { en: "Landlord's side", zh: "庄家方" };
    pub const CardsLeft: Text = Text { en: "cards", zh: "张" };
    pub const FriendExplained: Text = Text { en: "\"1st A♥\" means the first A♥ someone else plays: whoever plays it becomes your friend.", zh: "“第1张A♥”指别人打出的第一张A♥：谁打出它，谁就是你的朋友。" };
    pub const ShowLastTrick: Text = Text { en: "Tap to see it", zh: "点这里看上一轮" };
    pub const BackToTrick: Text = Text { en: "Tap to go back to the table", zh: "点这里回到本轮" };
    pub const CardLeft: Text = Text { en: "card", zh: "张" };
    pub const Win: Text = Text { en: "win", zh: "赢" };
    pub const WaitingForBids: Text = Text { en: "All cards are drawn: the last bids…", zh: "牌已摸完：最后亮主……" };
    pub const ToAct: Text = Text { en: "to act", zh: "出牌中" };
    pub const AttackerPoints: Text = Text { en: "Attackers' points", zh: "闲家得分" };
    pub const NextThreshold: Text = Text { en: "next step at", zh: "下一档" };
    pub const NoTrumpYet: Text = Text { en: "not decided", zh: "未定" };
    pub const Drawing: Text = Text { en: "Drawing cards…", zh: "摸牌中……" };
    pub const BidWith: Text = Text { en: "Bid", zh: "亮主" };
    pub const NoBid: Text = Text { en: "No bid", zh: "不亮" };
    pub const Bids: Text = Text { en: "Bids", zh: "亮主" };
    pub const BuryTitle: Text = Text { en: "You are the landlord: bury cards", zh: "你是庄家：请扣底" };
    pub const Bury: Text = Text { en: "Bury", zh: "扣底" };
    pub const CallFriends: Text = Text { en: "Call your friends", zh: "叫朋友" };
    pub const Call: Text = Text { en: "Call", zh: "叫" };
    pub const WaitingFor: Text = Text { en: "Waiting for", zh: "等待" };
    pub const TakeBack: Text = Text { en: "Take back", zh: "悔牌" };
    pub const SuggestedLead: Text = Text { en: "Suggested lead", zh: "建议首出" };
    pub const UseSuggestion: Text = Text { en: "Select it", zh: "选中" };
    pub const HandOver: Text = Text { en: "Hand over", zh: "本局结束" };
    pub const KittyBonus: Text = Text { en: "Kitty bonus", zh: "底牌加分" };
    pub const LevelChanges: Text = Text { en: "Levels", zh: "升级" };
    pub const NextHand: Text = Text { en: "Next hand", zh: "下一局" };
    pub const GameOver: Text = Text { en: "Game over — winners:", zh: "比赛结束——获胜：" };
    pub const Kitty: Text = Text { en: "Kitty", zh: "底牌" };
    pub const Friend: Text = Text { en: "Friend", zh: "朋友" };
    // The timing page (src/web/timing.rs).
    pub const Timing: Text = Text { en: "Speed in this browser", zh: "本浏览器中的速度" };
    pub const TimingLink: Text = Text { en: "Speed test", zh: "速度测试" };
    pub const TimingIntro: Text = Text { en: "Times the engine here, on this device: the hint list for a 13-card lead with 4 decks, a bot's move, the Expert's bids, moves, bury and friend call where the bots think (the bot worker, its own clock), and the rummy and mahjong Experts' searched decisions in their games' workers.", zh: "在本设备上测量引擎的速度：4副牌13张首出的提示列表、电脑玩家出一手牌、高手在电脑线程中亮主、出牌、扣底和叫朋友（线程自己计时），以及拉米和麻将高手在各自线程中经搜索的决定。" };
    pub const TimingPositions: Text = Text { en: "Positions", zh: "局面数" };
    pub const TimingRun: Text = Text { en: "Run", zh: "开始" };
    pub const TimingRunning: Text = Text { en: "Running…", zh: "测量中……" };
    pub const TimingMeasure: Text = Text { en: "What (ms)", zh: "项目（毫秒）" };
    pub const TimingMedian: Text = Text { en: "median", zh: "中位数" };
    pub const TimingWorst: Text = Text { en: "worst", zh: "最慢" };
    pub const TimingTarget: Text = Text { en: "target <", zh: "目标 <" };
    pub const TimingNoTarget: Text = Text { en: "no target", zh: "无目标" };
    pub const TimingFirstHint: Text = Text { en: "First hint row", zh: "第一行提示" };
    pub const TimingHintList: Text = Text { en: "Whole hint list", zh: "全部提示" };
    pub const TimingLegality: Text = Text { en: "Legality check", zh: "合法性检查" };
    pub const TimingBot2: Text = Text { en: "Bot move, 2 decks", zh: "电脑出牌，2副牌" };
    pub const TimingBot4: Text = Text { en: "Bot move, 4 decks", zh: "电脑出牌，4副牌" };
    pub const TimingExpert: Text = Text { en: "Expert's move in the bot worker, 2 decks", zh: "高手在电脑线程中出牌，2副牌" };
    pub const TimingExpertExchange: Text = Text { en: "Expert's bury and friend call in the bot worker", zh: "高手在电脑线程中扣底和叫朋友" };
    pub const TimingExpertBid: Text = Text { en: "Expert's draw decisions with a bid to make, in the bot worker", zh: "高手在电脑线程中摸牌时可亮主的决定" };
    pub const TimingExpertRummy: Text = Text { en: "Rummy Expert's searched draw or discard, in rummy's worker, 2 players", zh: "拉米高手经搜索的摸牌或弃牌（拉米线程中，2人）" };
    pub const TimingExpertMahjong: Text = Text { en: "Mahjong Expert's searched decision (discard, claim, kong, void), in mahjong's worker", zh: "麻将高手经搜索的决定（出牌、碰杠、定缺），在麻将线程中" };
    pub const TimingExpertTarget: Text = Text { en: "target: median ≤ 50 ms, p99 ≤ 250 ms", zh: "目标：中位数 ≤ 50 毫秒，p99 ≤ 250 毫秒" };
    pub const TimingBrowser: Text = Text { en: "Browser", zh: "浏览器" };
    pub const TimingNotRun: Text = Text { en: "Not run yet.", zh: "尚未测量。" };
    pub const TimingMethod: Text = Text { en: "Seeded positions (the same every run), after a short warm-up. Each figure repeats its position in three rounds of at least 1 ms (browsers round the clock to 0.1 ms) and keeps the fastest round's mean, so time the system gave to other programs is left out.", zh: "局面由种子生成（每次相同），先短暂预热。每个数据把同一局面重复三轮、每轮至少1毫秒（浏览器的计时精度只有0.1毫秒），取最快一轮的平均值，以排除系统分给其他程序的时间。" };
    pub const TimingFailed: Text = Text { en: "The measurement stopped: ", zh: "测量中断：" };
    // Saved games, the end-of-hand review and result card, replays (issue 6 items 7-10).
    pub const HandNumber: Text = Text { en: "Hand", zh: "局" };
    pub const TrickNumber: Text = Text { en: "Trick", zh: "轮" };
    pub const SavedGameTitle: Text = Text { en: "You have a game in progress", zh: "你有一局未完成的牌局" };
    pub const SavedGameReplaced: Text = Text { en: "Starting this table replaces the saved game as soon as the first card is dealt.", zh: "开始这一桌后，发出第一张牌时已保存的牌局就会被替换。" };
    pub const ResumeSaved: Text = Text { en: "Resume the saved game", zh: "继续已保存的牌局" };
    pub const StartThisTable: Text = Text { en: "Start this table", zh: "开始这一桌" };
    pub const SaveFailed: Text = Text { en: "This game cannot be saved: the browser's storage is full or turned off. You can keep playing, but closing the tab will lose the game.", zh: "无法保存本局：浏览器存储已满或被关闭。可以继续玩，但关闭页面后本局会丢失。" };
    pub const Dismiss: Text = Text { en: "Dismiss", zh: "知道了" };
    pub const SaveCorrupt: Text = Text { en: "Your saved game could not be read. It was set aside as a backup and tuolaji started fresh.", zh: "你的存档无法读取，已另存为备份，应用已重新开始。" };
    pub const SaveIncompatible: Text = Text { en: "Your saved game was made by another version of tuolaji and cannot be opened by this one. It was set aside as a backup and tuolaji started fresh.", zh: "你的存档来自另一个版本的 tuolaji，本版本无法打开。已另存为备份，应用已重新开始。" };
    pub const SaveDetails: Text = Text { en: "Details", zh: "详情" };
    pub const Review: Text = Text { en: "Trick by trick", zh: "逐轮回顾" };
    pub const LedBy: Text = Text { en: "led by", zh: "首出：" };
    pub const Wins: Text = Text { en: "wins", zh: "赢" };
    pub const Pts: Text = Text { en: "pts", zh: "分" };
    pub const YourResult: Text = Text { en: "Your result on this deal", zh: "你在这副牌上的成绩" };
    pub const YouAttacked: Text = Text { en: "You attacked", zh: "你是闲家" };
    pub const YouDefended: Text = Text { en: "You were on the landlord's side", zh: "你在庄家一方" };
    pub const YourSideWon: Text = Text { en: "Your side won", zh: "你方获胜" };
    pub const YourSideLost: Text = Text { en: "Your side lost", zh: "你方失利" };
    pub const ShareResult: Text = Text { en: "Challenge a friend: this link deals them the same cards and shows both results when they finish.", zh: "挑战朋友：此链接给对方发同样的牌，打完后显示双方成绩。" };
    pub const Copy: Text = Text { en: "Copy", zh: "复制" };
    pub const Copied: Text = Text { en: "Copied", zh: "已复制" };
    pub const Share: Text = Text { en: "Share", zh: "分享" };
    pub const ChatTitle: Text = Text { en: "Table talk", zh: "聊天" };
    pub const ChatPlaceholder: Text = Text { en: "Say something to the table", zh: "对大家说点什么" };
    pub const ChatSend: Text = Text { en: "Send", zh: "发送" };
    pub const ShowCode: Text = Text { en: "Code and QR", zh: "邀请码和二维码" };
    pub const HideCode: Text = Text { en: "Hide the code", zh: "隐藏邀请码" };
    pub const CompareTitle: Text = Text { en: "Results on this deal", zh: "这副牌的成绩" };
    pub const Player: Text = Text { en: "Player", zh: "玩家" };
    pub const Side: Text = Text { en: "Side", zh: "方" };
    pub const Attackers: Text = Text { en: "attackers", zh: "闲家" };
    pub const Defenders: Text = Text { en: "landlord's side", zh: "庄家方" };
    pub const FriendResultWaiting: Text = Text { en: "A friend's result on this deal is waiting: finish the hand to compare.", zh: "朋友在这副牌上的成绩已收到：打完本局即可比较。" };
    pub const ReplayLink: Text = Text { en: "Replay link", zh: "回放链接" };
    pub const WatchReplay: Text = Text { en: "Watch the replay", zh: "观看回放" };
    pub const ResultLinkFirstHand: Text = Text { en: "Result links compare the first hand of a table; this is a later hand.", zh: "成绩链接只比较一桌的第一局；这是之后的一局。" };
    pub const ReplayTitle: Text = Text { en: "Replay", zh: "回放" };
    pub const ReplayBack: Text = Text { en: "Back", zh: "上一轮" };
    pub const ReplayForward: Text = Text { en: "Next", zh: "下一轮" };
    pub const ReplayFirst: Text = Text { en: "First", zh: "开头" };
    pub const ReplayLast: Text = Text { en: "Last", zh: "结尾" };
    pub const BeforeFirstTrick: Text = Text { en: "The hands after the exchange, before the first trick", zh: "扣底后、第一轮之前的手牌" };
    pub const ReplayDrawStage: Text = Text { en: "The draw and the bids", zh: "摸牌与亮主" };
    pub const NobodyBidKittyTurned: Text = Text { en: "Nobody bid: the kitty was turned over to decide trump.", zh: "无人亮主：翻开底牌定主。" };
    pub const ReplayBuried: Text = Text { en: "Buried", zh: "扣底" };
    pub const BadReplayLink: Text = Text { en: "This replay link cannot be opened: ", zh: "无法打开此回放链接：" };
    pub const AttackersSoFar: Text = Text { en: "Attackers so far", zh: "闲家累计" };
    pub const SeatLabel: Text = Text { en: "Seat", zh: "座位" };
    pub const ReplayKeys: Text = Text { en: "The arrow keys step too.", zh: "也可以用方向键切换。" };
    // Peer play (src/web/peer): hosting, joining, status lines, ICE servers.
    pub const PeerHostIntro: Text = Text { en: "Your browser hosts the table: it deals, runs the bots and checks every move.", zh: "你的浏览器来开桌：发牌、运行电脑玩家、检查每一步。" };
    pub const SeatEmpty: Text = Text { en: "Empty seat", zh: "空位" };
    pub const Offline: Text = Text { en: "offline", zh: "已掉线" };
    pub const StandIn: Text = Text { en: "a bot plays for them", zh: "电脑代打中" };
    pub const MoveUp: Text = Text { en: "Move up", zh: "上移" };
    pub const RemovePlayer: Text = Text { en: "Remove", zh: "移出" };
    pub const FillBots: Text = Text { en: "Fill empty seats with bots", zh: "空位补电脑" };
    pub const StartGame: Text = Text { en: "Start", zh: "开始" };
    pub const PasteAnswer: Text = Text { en: "Paste your friend's answer code", zh: "粘贴朋友的应答码" };
    pub const Connect: Text = Text { en: "Connect", zh: "连接" };
    /// A peer page whose worker (which holds its table) cannot run.
    pub const NoTableWorker: Text = Text { en: "This browser could not start the table's worker, where a table with friends runs. Reload the page; if it happens again, try another browser.", zh: "这个浏览器没能启动牌桌的后台线程（和朋友玩的牌桌在那里运行）。请刷新页面；如果再次出现，请换一个浏览器。" };
    /// The host's page while its worker restores the saved table.
    pub const ResumingTable: Text = Text { en: "Resuming the table…", zh: "正在恢复牌桌…" };
    pub const PreparingInvite: Text = Text { en: "Preparing the invite…", zh: "正在生成邀请…" };
    pub const Connecting: Text = Text { en: "Connecting…", zh: "连接中…" };
    /// A guest's connection went down mid-game and is being restarted; the table stays.
    pub const Reconnecting: Text = Text { en: "Connection lost — reconnecting. Your seat and cards are kept.", zh: "连接中断，正在重新连接。你的座位和手牌都会保留。" };
    pub const StandInAfter: Text = Text { en: "Bot stands in after (s)", zh: "掉线几秒后电脑代打" };
    pub const InviteFailed: Text = Text { en: "Could not connect. Try again with both on the same Wi-Fi; some networks (mobile data, offices) also need a TURN server, added in Settings. Then make a new invite.", zh: "连接失败。请让双方连同一个 Wi-Fi 再试；有些网络（移动数据、公司网络）还需要在设置中添加 TURN 服务器。然后重新生成邀请。" };
    pub const NewInvite: Text = Text { en: "New invite", zh: "重新邀请" };
    pub const JoinTitle: Text = Text { en: "Join a friend's table", zh: "加入朋友的牌桌" };
    pub const YourName: Text = Text { en: "Your name", zh: "你的名字" };
    pub const JoinButton: Text = Text { en: "Join", zh: "加入" };
    pub const SendAnswer: Text = Text { en: "Send this answer code back to the host (share or copy it). You are connected as soon as the host pastes it into your seat's box.", zh: "把这个应答码发回给房主（分享或复制）。房主把它粘贴到你的座位框里后即可连接。" };
    pub const AnswerCode: Text = Text { en: "Your answer code", zh: "你的应答码" };
    pub const SayingHello: Text = Text { en: "Connected. Saying hello to the host…", zh: "已连接，正在和房主打招呼…" };
    pub const WatchTitle: Text = Text { en: "Watch a friend's table", zh: "观看朋友的牌桌" };
    pub const Watching: Text = Text { en: "You are watching: everyone's discards and scores, nobody's hidden hand.", zh: "你在观战：能看到出牌和比分，看不到任何人的手牌。" };
    pub const WaitingForSeat: Text = Text { en: "Every seat is taken or the hand has started: you watch for now, and sit down as soon as a seat is free at the start of a hand.", zh: "座位已满或本局已开始：你先观战，一有空位，下一局开始时就会入座。" };
    pub const WatchingWait: Text = Text { en: "You are watching. The table shows here when the game starts.", zh: "你在观战。开局后牌桌会显示在这里。" };
    pub const InviteSpectator: Text = Text { en: "Invite a spectator", zh: "邀请观战" };
    pub const SpectatorInvite: Text = Text { en: "An invite to watch (no seat, no hidden cards): send it, then paste their answer here.", zh: "观战邀请（不占座位，看不到手牌）：发给对方，再把对方的回复码粘贴到这里。" };
    pub const Spectators: Text = Text { en: "Watching", zh: "观战" };
    pub const WaitingGuests: Text = Text { en: "Waiting for a seat (seated as one frees):", zh: "等待入座（有空位即入座）：" };
    pub const YouSitAt: Text = Text { en: "You sit at seat", zh: "你的座位：" };
    pub const WaitingForStart: Text = Text { en: "Waiting for the host to start.", zh: "等待房主开始。" };
    pub const Dealing: Text = Text { en: "The next hand is being dealt (fair dealing: every browser adds its own randomness)…", zh: "正在发下一局（公平发牌：每个浏览器都加入自己的随机数）…" };
    pub const HostGone: Text = Text { en: "The host's page closed or lost the connection. Your seat is kept: ask the host for a new invite link and open it here.", zh: "房主的页面已关闭或断开连接。你的座位会保留：请向房主要一个新的邀请链接，在这里打开。" };
    pub const GuestFailed: Text = Text { en: "Could not connect to the host. Try again with both on the same Wi-Fi; some networks (mobile data, offices) also need a TURN server, added in Settings by both of you. Then ask the host for a new invite.", zh: "无法连接房主。请让双方连同一个 Wi-Fi 再试；有些网络（移动数据、公司网络）还需要双方在设置中添加 TURN 服务器。然后请房主重新邀请。" };
    pub const DealVerified: Text = Text { en: "Deal verified: the cards came from the seed every browser helped choose.", zh: "发牌已验证：牌来自所有浏览器共同决定的种子。" };
    pub const DealNotVerified: Text = Text { en: "WARNING: deal NOT verified —", zh: "警告：发牌未通过验证——" };
    pub const HandSeed: Text = Text { en: "This hand's seed (its duplicate link)", zh: "本局种子（复式链接）" };
    pub const BadInvite: Text = Text { en: "This invitation cannot be used:", zh: "这个邀请无法使用：" };
    pub const HostRefused: Text = Text { en: "The host refused:", zh: "房主拒绝：" };
    pub const TablePlayers: Text = Text { en: "Players at the table", zh: "牌桌上的玩家" };
    pub const StepTable: Text = Text { en: "1 · The table", zh: "1 · 牌桌设置" };
    pub const StepInvite: Text = Text { en: "2 · Invite a friend to each seat", zh: "2 · 邀请朋友入座" };
    pub const StepStart: Text = Text { en: "3 · Start", zh: "3 · 开始" };
    pub const IceServers: Text = Text { en: "STUN/TURN servers (to play across the internet)", zh: "STUN/TURN 服务器（跨互联网对战用）" };
    pub const IceHelp: Text = Text { en: "One per line: the URL, then for TURN a username and a password separated by spaces. The public STUN servers listed to start with tell each browser its public address, so friends on other networks can connect: they see that address, never your cards or messages. Empty the list to play on the same network only; if a connection still fails, add a TURN server (advanced).", zh: "每行一个：先写 URL，TURN 服务器后面再写用户名和密码（空格分隔）。默认列出的公共 STUN 服务器告诉每个浏览器自己的公网地址，让不在同一网络的朋友也能连上：它们只看到这个地址，看不到你的牌和消息。清空列表则只在同一网络内对战；如果仍然连不上，再添加一个 TURN 服务器（高级）。" };
    pub const IceDefaults: Text = Text { en: "Default servers", zh: "默认服务器" };
    pub const IceSaved: Text = Text { en: "Saved.", zh: "已保存。" };
    pub const Relays: Text = Text { en: "Relays for room links", zh: "房间链接的中继" };
    pub const RelaysHelp: Text = Text { en: "One per line: mqtt or torrent, then the relay's wss:// address. A room link's guests and host find each other through these public relays; they see only a room number and sealed text, never your name, address or cards. Empty the list to invite each player with their own link instead.", zh: "每行一个：先写 mqtt 或 torrent，再写中继的 wss:// 地址。房间链接的客人和主机通过这些公共中继找到彼此；中继只看到房间编号和加密内容，看不到你的名字、地址或牌。清空列表则改为给每位玩家单独发邀请链接。" };
    pub const InvitesByHand: Text = Text { en: "Invite each seat by hand instead", zh: "改为逐个座位发邀请" };
    pub const RelaysDefaults: Text = Text { en: "Default relays", zh: "默认中继" };
    pub const Resumed: Text = Text { en: "This table was resumed after a reload. Every player keeps their seat: send each one the new invite of their seat (a bot plays for them meanwhile).", zh: "牌桌已在刷新后恢复。每位玩家的座位都保留：请把各自座位的新邀请发给他们（在此期间由电脑代打）。" };
    pub const NewTable: Text = Text { en: "Start a new table", zh: "重新开一桌" };
    pub const Save: Text = Text { en: "Save", zh: "保存" };
    // Saves kept safe (issue 15): oversized saves, numbered backups, other tabs, the host's table.
    pub const SaveOversized: Text = Text { en: "Your saved game claims to be far larger than any real game, so it was not opened. It was set aside as a backup and tuolaji started fresh.", zh: "你的存档声称的大小远超任何真实牌局，因此没有打开。已另存为备份，应用已重新开始。" };
    pub const BackupKeptAs: Text = Text { en: "Backup", zh: "备份" };
    pub const BackupsDropped: Text = Text { en: "At most 8 backups are kept: the oldest one was deleted.", zh: "最多保留 8 份备份：最早的一份已删除。" };
    pub const SaveNotMoved: Text = Text { en: "Your saved game could not be opened, and storage is too full to back it up. It is kept where it is, and nothing is saved over it until there is room.", zh: "你的存档无法打开，而存储已满，无法备份。存档保留在原处；腾出空间之前，不会保存任何内容覆盖它。" };
    pub const SaveTaken: Text = Text { en: "Another tab is now saving this game, so this tab stopped saving (neither overwrites the other). Reload to continue here from that tab's save.", zh: "另一个标签页正在保存这局游戏，此标签页已停止保存（互不覆盖）。刷新即可在这里从那个标签页的存档继续。" };
    pub const Reload: Text = Text { en: "Reload", zh: "刷新" };
}
