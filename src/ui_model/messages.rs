//! The engine's refusals (`RuleError`, `IllegalPlay`, `LeadError`) and the bots'
//! reasons (`BotReason`) in plain English and Chinese for the UI, with seats named
//! as the UI names them (a labeller the screen passes, 1-based by default).
//! The engine's own `Display` texts stay as they are for the CLI and tests.

use crate::cards::Card;
use crate::i18n::Lang;
use crate::shengji::bot::BotReason;
use crate::dup::{SeedError, DERIVATION_VERSION, MAX_SEED_LEN};
use crate::record::link::LinkError;
use crate::shengji::game::{BidProblem, Done, FriendProblem, Move, Overcall, PhaseName, RuleError, Seat, TakeBackProblem};
use crate::shengji::{IllegalPlay, LeadError};
use crate::ui_model::phrase::{card_label, cards_label, describe_format, suit_name};

/// A seat as a number people count from 1: "seat 3" / "3号位".
pub fn seat_number(seat: Seat, lang: Lang) -> String {
    match lang {
        Lang::En => format!("seat {}", seat + 1),
        Lang::Zh => format!("{}号位", seat + 1),
    }
}

fn join_or(names: Vec<String>, lang: Lang) -> String {
    names.join(if lang == Lang::En { " or " } else { "或" })
}

fn phase_zh(phase: PhaseName) -> &'static str {
    match phase {
        PhaseName::Draw => "摸牌",
        PhaseName::Exchange => "扣底",
        PhaseName::Play => "出牌",
        PhaseName::Finished => "结算",
    }
}

/// The move a `RuleError::WrongPhase` is about, as a Chinese verb.
fn move_zh(action: Move) -> &'static str {
    match action {
        Move::Draw => "摸牌",
        Move::Bid => "亮主",
        Move::Pass => "不亮",
        Move::Bury => "扣底",
        Move::CallFriends => "叫朋友",
        Move::Play => "出牌",
        Move::TakeBack => "悔牌",
        Move::TakeBackBid => "收回亮主",
        Move::NextHand => "发下一局",
    }
}

fn bid_problem_zh(p: &BidProblem, lang: Lang) -> String {
    match p {
        BidProblem::NotTrumpRank { rank, card } => {
            format!("只能用级牌{rank}或王亮主，不能用{}", card_label(*card, lang))
        }
        BidProblem::JokerBidsOff => "本桌不能用王亮无主".into(),
        BidProblem::TooFewJokers { card, needs } => format!("本桌用{}亮无主至少要{needs}张", card_label(*card, lang)),
        BidProblem::NoCards => "至少要亮一张牌".into(),
        BidProblem::HoldTopBid => "你已经是最高的亮主了".into(),
        BidProblem::ReinforceWith { card } => format!("你已是最高的亮主，只能用更多张{}加固", card_label(*card, lang)),
        BidProblem::TooWeak { count, card, overcall } => {
            let how = match overcall {
                Overcall::JokerOrMore => "张数更多，或同样张数的王",
                Overcall::JokerOrHigherSuit => "张数更多，或同样张数更大的花色（♣ < ♦ < ♥ < ♠）或王",
                Overcall::MoreOnly => "张数更多",
            };
            format!("必须大过当前的亮主：{count}张{}（{how}）", card_label(*card, lang))
        }
        BidProblem::TakeBackOff => "本桌亮主不能收回".into(),
        BidProblem::NoBidToTakeBack => "只能收回自己的、仍是最高的亮主".into(),
        BidProblem::TookBackBefore => "这一局你已经收回过一次亮主了".into(),
    }
}

fn friend_problem_zh(p: &FriendProblem, lang: Lang) -> String {
    match p {
        FriendProblem::CopyNumber { card, decks } => {
            format!("{}的序号必须是1到{decks}（共{decks}副牌）", card_label(*card, lang))
        }
        FriendProblem::TrumpCard { card } => format!("{}是主牌，本桌不允许用主牌叫朋友", card_label(*card, lang)),
        FriendProblem::HighestCard { card } => format!("{}是这门最大的牌，本桌不允许用它叫朋友", card_label(*card, lang)),
        FriendProblem::PointCard { card } => format!("{}是分牌，本桌不允许用分牌叫朋友", card_label(*card, lang)),
    }
}

fn take_back_zh(p: TakeBackProblem) -> &'static str {
    match p {
        TakeBackProblem::Off => "本桌不允许悔牌",
        TakeBackProblem::NotInPlay => "只有本轮出的牌才能悔",
        TakeBackProblem::NotLast => "你的牌不是最后出的，或者本轮已经结束",
        TakeBackProblem::Nothing => "没有可以悔的牌",
        TakeBackProblem::AfterThrow => "甩牌不能悔：甩牌成不成已经显示了别人手里的牌",
    }
}

/// Why a share link was refused. In Chinese the sentence is Chinese around the link's own
/// parameter names and values; what a value may be (a game's settings reader writes it)
/// stays in English there.
pub fn link_error(e: &LinkError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let short = |s: &str| if s.chars().count() <= 24 { s.to_string() } else { format!("{}…", s.chars().take(24).collect::<String>()) };
    match e {
        LinkError::MissingSeed => format!("链接没有种子：需要 seed= 加上1到{MAX_SEED_LEN}个字母或数字"),
        LinkError::Unknown { param } => format!("链接里有未知的参数“{}”", short(param)),
        LinkError::Repeated { param } => format!("链接把参数“{param}”给了不止一次"),
        LinkError::Invalid { param, value, allowed } => format!("链接的参数“{param}”是“{}”：{allowed}", short(value)),
        LinkError::Version { found } => format!(
            "链接的参数“v”是“{}”：它由另一个版本的应用生成，发牌方式不同（此版本的发牌派生版本是 {DERIVATION_VERSION}）",
            short(found)
        ),
        LinkError::Settings { param, reason } => format!("链接的参数“{param}”不可用：{reason}"),
    }
}

/// Why a seed string was refused (links, the next hand's seed).
pub fn seed_error(e: &SeedError, lang: Lang) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Zh => match e {
            SeedError::Empty => format!("种子是空的：请用1到{MAX_SEED_LEN}个字母或数字"),
            SeedError::TooLong { len } => format!("种子有{len}个字符：最多{MAX_SEED_LEN}个字母或数字"),
            SeedError::BadChar { ch, position } => {
                format!("种子第{position}个字符是“{ch}”：只能用英文字母和数字")
            }
        },
    }
}

/// A refused move in words. `name` labels a seat as the screen shows it
/// ("You", "Bot 3"); [`seat_number`] is the plain choice.
pub fn rule_error(err: &RuleError, name: &dyn Fn(Seat) -> String, lang: Lang) -> String {
    let names = |seats: &[Seat]| join_or(seats.iter().map(|&s| name(s)).collect(), lang);
    match lang {
        Lang::En => match err {
            RuleError::NoSuchSeat { seat, players } => {
                format!("there is no seat {} at a table of {players} (seats are 1 to {players})", seat + 1)
            }
            RuleError::WrongPhase { action, phase } => format!("you cannot {} during {phase}", action.verb()),
            RuleError::NotYourTurn { seat, to_act } if to_act.is_empty() => {
                format!("{} must wait: nobody is to act now", name(*seat))
            }
            RuleError::NotYourTurn { seat, to_act } => {
                format!("{} must wait: the table is waiting for {}", name(*seat), names(to_act))
            }
            RuleError::NotLandlord { seat, landlord } => {
                format!("only the landlord ({}) may do this, not {}", name(*landlord), name(*seat))
            }
            RuleError::NotInHand { card, held, wanted } => {
                format!("you use {wanted} × {} but hold only {held}", card_label(*card, lang))
            }
            RuleError::Lead(e) => format!("this lead is not valid: {}", lead_error(e, lang)),
            RuleError::Illegal(e) => format!("this play is not legal: {}", illegal_play(e, lang)),
            // The engine's sentences read well and name no seat.
            other => other.to_string(),
        },
        Lang::Zh => match err {
            RuleError::NoSuchSeat { seat, players } => {
                format!("{players}人的牌桌没有{}号位（座位是1到{players}号）", seat + 1)
            }
            RuleError::WrongPhase { action, phase } => format!("现在是{}阶段，不能{}", phase_zh(*phase), move_zh(*action)),
            RuleError::NotYourTurn { seat, to_act } if to_act.is_empty() => {
                format!("还没轮到{}：现在没有人需要行动", name(*seat))
            }
            RuleError::NotYourTurn { seat, to_act } => format!("还没轮到{}：正在等{}", name(*seat), names(to_act)),
            RuleError::DeckEmpty => "牌已经摸完了：请亮主或不亮，不能再摸牌".into(),
            RuleError::DeckNotEmpty => "还有牌没摸完：请先摸牌，不能不亮".into(),
            RuleError::BadBid(why) => format!("这个亮主无效：{}", bid_problem_zh(why, lang)),
            RuleError::NotInHand { card, held, wanted } => {
                format!("你要用{wanted}张{}，但手里只有{held}张", card_label(*card, lang))
            }
            RuleError::BuryCount { expected, got } => {
                format!("必须正好扣{expected}张牌（底牌的张数），而不是{got}张")
            }
            RuleError::AlreadyDone(Done::Buried) => "你已经扣过底了，不能更改".into(),
            RuleError::AlreadyDone(Done::CalledFriends) => "你已经叫过朋友了，不能更改".into(),
            RuleError::NotLandlord { seat, landlord } => {
                format!("只有庄家（{}）可以这样做，{}不行", name(*landlord), name(*seat))
            }
            RuleError::NoFriendsInTractor => "只有找朋友模式才叫朋友".into(),
            RuleError::FriendCount { expected, got } => format!("必须正好叫{expected}个朋友，而不是{got}个"),
            RuleError::BadFriend(why) => format!("这样叫朋友无效：{}", friend_problem_zh(why, lang)),
            RuleError::DuplicateFriend { card, nth } => {
                format!("第{nth}张{}叫了两次：一张牌只能找到一个朋友，请换一张牌或换个序号", card_label(*card, lang))
            }
            RuleError::Lead(e) => format!("这个首出无效：{}", lead_error(e, lang)),
            RuleError::Illegal(e) => format!("这手牌不合法：{}", illegal_play(e, lang)),
            RuleError::NoTakeBack(why) => format!("现在不能悔牌：{}", take_back_zh(*why)),
            // A bug in the engine: its own words help whoever reports it.
            RuleError::Internal(why) => format!("规则引擎内部错误：{why}"),
            RuleError::BadSeed(why) => format!("下一手牌的种子无效：{}", seed_error(why, lang)),
            RuleError::NotALead => "只有一轮的首出才能选择牌型的读法：请直接出牌".into(),
        },
    }
}

/// Why a play does not follow the lead.
pub fn illegal_play(err: &IllegalPlay, lang: Lang) -> String {
    match lang {
        Lang::En => match err {
            IllegalPlay::WrongCount { expected, got } => format!(
                "the lead has {expected} card{}, so you must play {expected}, not {got}",
                if *expected == 1 { "" } else { "s" }
            ),
            IllegalPlay::NotInHand { card, held, played } => {
                format!("you play {played} × {} but hold only {held}", card_label(*card, lang))
            }
            IllegalPlay::TooManyCopies { card, count, decks } => format!(
                "the hand has {count} × {}, but {} hold only {decks}",
                card_label(*card, lang),
                decks_phrase(*decks)
            ),
            IllegalPlay::MustPlayAllOfSuit { suit, held } => format!(
                "you hold only {} {} ({}), so you must play all of them",
                held.len(),
                suit_name(*suit, lang),
                cards_label(held, lang)
            ),
            IllegalPlay::MustFollowSuit { suit, needed, held } => {
                let s = suit_name(*suit, lang);
                format!("you hold {held} {s}, so all {needed} cards you play must be {s}")
            }
            IllegalPlay::MustMatch { suit, format, example } => format!(
                "you hold {}, so you must play {} of {}",
                cards_label(example, lang),
                describe_format(format, lang),
                suit_name(*suit, lang)
            ),
        },
        Lang::Zh => match err {
            IllegalPlay::WrongCount { expected, got } => {
                format!("首家出了{expected}张，你必须出{expected}张，而不是{got}张")
            }
            IllegalPlay::NotInHand { card, held, played } => {
                format!("你出了{played}张{}，但手里只有{held}张", card_label(*card, lang))
            }
            IllegalPlay::TooManyCopies { card, count, decks } => {
                format!("{decks}副牌最多只有{decks}张{}，这里却有{count}张", card_label(*card, lang))
            }
            IllegalPlay::MustPlayAllOfSuit { suit, held } => format!(
                "你只有{}张{}（{}），必须全部出完",
                held.len(),
                suit_name(*suit, lang),
                cards_label(held, lang)
            ),
            IllegalPlay::MustFollowSuit { suit, needed, held } => {
                let name = suit_name(*suit, lang);
                format!("你有{held}张{name}，所以出的{needed}张都必须是{name}")
            }
            IllegalPlay::MustMatch { suit, format, example } => format!(
                "你有{}，所以必须出{}的{}",
                cards_label(example, lang),
                suit_name(*suit, lang),
                describe_format(format, lang)
            ),
        },
    }
}

fn decks_phrase(decks: usize) -> String {
    if decks == 1 {
        "1 deck".to_string()
    } else {
        format!("{decks} decks")
    }
}

/// Why cards cannot be a lead.
pub fn lead_error(err: &LeadError, lang: Lang) -> String {
    let formats = |fs: &[crate::shengji::Format]| {
        join_or(fs.iter().map(|f| describe_format(f, lang)).collect(), lang)
    };
    match lang {
        Lang::En => match err {
            LeadError::Empty => "a lead needs at least one card".into(),
            LeadError::MixedSuits { first, first_suit, other, other_suit } => format!(
                "a lead must be all one suit, but {} is {} and {} is {}",
                card_label(*first, lang),
                suit_name(*first_suit, lang),
                card_label(*other, lang),
                suit_name(*other_suit, lang)
            ),
            LeadError::TooManyCopies { card, count, decks } => format!(
                "{count} × {}, but {} hold only {decks}",
                card_label(*card, lang),
                decks_phrase(*decks)
            ),
            LeadError::NotAParse { format, parses } => format!(
                "these cards cannot be read as {}; they read as {}",
                describe_format(format, lang),
                formats(parses)
            ),
        },
        Lang::Zh => match err {
            LeadError::Empty => "首出至少要一张牌".into(),
            LeadError::MixedSuits { first, first_suit, other, other_suit } => format!(
                "首出必须是同一门花色，但{}是{}，{}是{}",
                card_label(*first, lang),
                suit_name(*first_suit, lang),
                card_label(*other, lang),
                suit_name(*other_suit, lang)
            ),
            LeadError::TooManyCopies { card, count, decks } => {
                format!("{decks}副牌最多只有{decks}张{}，这里却有{count}张", card_label(*card, lang))
            }
            LeadError::NotAParse { format, parses } => format!(
                "这些牌不能看作{}，只能看作{}",
                describe_format(format, lang),
                formats(parses)
            ),
        },
    }
}

fn and_list(cards: &[Card], lang: Lang) -> String {
    let labels: Vec<String> = cards.iter().map(|&c| card_label(c, lang)).collect();
    labels.join(if lang == Lang::En { ", " } else { "、" })
}

/// Why a bot chose its move ("Suggested lead: … because …").
pub fn bot_reason(reason: &BotReason, lang: Lang) -> String {
    match lang {
        Lang::En => match reason {
            BotReason::Bury { voided } if !voided.is_empty() => format!(
                "void {} and bury low cards",
                voided.iter().map(|&s| suit_name(s, lang)).collect::<Vec<_>>().join(" and ")
            ),
            BotReason::CallFriends(calls) if calls.iter().all(|f| f.nth == 1) => {
                let cards: Vec<Card> = calls.iter().map(|f| f.card).collect();
                format!("call the first {} played by someone else", and_list(&cards, lang))
            }
            BotReason::CallFriends(calls) => {
                let each: Vec<String> =
                    calls.iter().map(|f| format!("copy #{} of {}", f.nth, card_label(f.card, lang))).collect();
                format!("call {} played by someone else", each.join(", "))
            }
            BotReason::SureWinner { cards, suit } => {
                format!("nobody can beat {} in {}", cards_label(cards, lang), suit_name(*suit, lang))
            }
            BotReason::SafeThrow(suit) => format!("a throw in {} that nobody can beat", suit_name(*suit, lang)),
            BotReason::LeadLow(suit) => {
                format!("no sure winner: lead low from my shortest suit ({})", suit_name(*suit, lang))
            }
            // The bot's own one-liners, which name no card.
            other => other.to_string(),
        },
        Lang::Zh => match reason {
            BotReason::NoRulesYet => "规则尚未确定".into(),
            BotReason::DealNextHand => "发下一局".into(),
            BotReason::NoBidPossible => "没有可以亮的牌".into(),
            BotReason::RandomBid => "随机亮主".into(),
            BotReason::RandomTakeBackBid => "随机改主意：收回亮主".into(),
            BotReason::NoBid => "不亮".into(),
            BotReason::PartnerHoldsBid => "对家已经亮主".into(),
            BotReason::IHoldBid => "我已经亮主".into(),
            BotReason::TooEarlyToJudge => "现在判断主牌还太早".into(),
            BotReason::TrumpShare(share) => format!("亮这门，我有{}%的牌是主牌", (share * 100.0).round() as u32),
            BotReason::TrumpsTooWeak => "主牌太弱，不亮".into(),
            BotReason::RandomBury => "随机扣牌".into(),
            BotReason::Bury { voided } if voided.is_empty() => "扣没有分的小牌".into(),
            BotReason::Bury { voided } => format!(
                "扣光{}，再扣小牌",
                voided.iter().map(|&s| suit_name(s, lang)).collect::<Vec<_>>().join("和")
            ),
            BotReason::CallFriends(calls) if calls.iter().all(|f| f.nth == 1) => {
                let cards: Vec<Card> = calls.iter().map(|f| f.card).collect();
                format!("叫别人打出的第一张{}", and_list(&cards, lang))
            }
            BotReason::CallFriends(calls) => {
                let each: Vec<String> =
                    calls.iter().map(|f| format!("第{}张{}", f.nth, card_label(f.card, lang))).collect();
                format!("叫别人打出的{}", each.join("、"))
            }
            BotReason::NoTrick => "没有进行中的一轮".into(),
            BotReason::CannotReadLead => "看不懂首出的牌".into(),
            BotReason::RandomPair => "随机出一对".into(),
            BotReason::RandomCard => "随机出一张".into(),
            BotReason::SureWinner { cards, suit } => {
                format!("{}里没人大得过{}", suit_name(*suit, lang), cards_label(cards, lang))
            }
            BotReason::SafeThrow(suit) => format!("甩{}，没人大得过", suit_name(*suit, lang)),
            BotReason::LeadLow(suit) => format!("没有稳赢的牌：从最短的一门（{}）出小牌", suit_name(*suit, lang)),
            BotReason::OnlyPlayFound => "只找到这一种出法".into(),
            BotReason::RandomLegalPlay => "随机的合法出牌".into(),
            BotReason::PartnerWinning { gives_points: true } => "我方正大：送分".into(),
            BotReason::PartnerWinning { gives_points: false } => "我方正大：出小牌".into(),
            BotReason::Ruff { points } => format!("毙牌：这轮有{points}分"),
            BotReason::Bomb { points } => format!("炸：这轮有{points}分"),
            BotReason::TakeCheaply => "用最小的代价拿下这一轮".into(),
            BotReason::CannotWin => "这轮赢不了：垫小牌".into(),
            BotReason::Searched { plays, deals, win_percent } => {
                format!("在{deals}种可能的牌局里比较了{plays}种出法，这样出我方赢{win_percent}%")
            }
            BotReason::SearchedBury { buries, deals, win_percent } => {
                format!("在{deals}种可能的牌局里比较了{buries}种扣底，这样扣我方赢{win_percent}%")
            }
            BotReason::SearchedCall { calls, deals, win_percent } => {
                format!("在{deals}种可能的牌局里比较了{calls}种叫朋友，这样叫我方赢{win_percent}%")
            }
            BotReason::SearchedBid { bid, options, deals, win_percent } => {
                let what = match bid {
                    Some((card, count)) => format!("亮{count}张{}", card_label(*card, lang)),
                    None => "暂不亮主".into(),
                };
                format!("在{deals}种可能的牌局里比较了{options}种叫法，{what}我方赢{win_percent}%")
            }
            BotReason::SearchedSteal { bid, options, deals, win_percent } => {
                let what = match bid {
                    Some((card, count)) => format!("亮{count}张{}抢底", card_label(*card, lang)),
                    None => "不抢底".into(),
                };
                format!("在{deals}种可能的牌局里比较了{options}种叫法，{what}我方赢{win_percent}%")
            }
        },
    }
}

#[cfg(test)]
mod tests;
