//! Why a Shengji bot chose its move, as data: what the UI phrases in English and
//! Chinese (`ui_model::messages::bot_reason`), and the English one-liner of `Display`.

use crate::shengji::game::Friend;
use crate::cards::Card;
use crate::shengji::trump::EffectiveSuit;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a bot chose its move, for the UI to phrase in any language
/// (`ui_model::messages::bot_reason`); `Display` is the English one-liner that
/// [`super::Bot::suggest`] returns. It travels back from the bot worker (`table::think`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BotReason {
    /// The view has no rules yet (cannot happen after the draw).
    NoRulesYet,
    DealNextHand,
    NoBidPossible,
    /// A random bot's occasional bid.
    RandomBid,
    /// A random bot taking back its bid, where the table allows it.
    RandomTakeBackBid,
    /// A random bot not bidding.
    NoBid,
    PartnerHoldsBid,
    IHoldBid,
    TooEarlyToJudge,
    /// The share of the hand (0 to 1) that would be trump after this bid.
    TrumpShare(f64),
    TrumpsTooWeak,
    RandomBury,
    /// Buried low cards, after voiding these plain suits (maybe none).
    Bury { voided: Vec<EffectiveSuit> },
    /// The calls made: each the `nth` copy of a card played by someone else.
    CallFriends(Vec<Friend>),
    NoTrick,
    CannotReadLead,
    RandomPair,
    RandomCard,
    /// Leads a unit that no unseen card can beat.
    SureWinner { cards: Vec<Card>, suit: EffectiveSuit },
    /// Throws units that no unseen card can beat.
    SafeThrow(EffectiveSuit),
    /// No sure winner: a low card from the shortest plain suit.
    LeadLow(EffectiveSuit),
    OnlyPlayFound,
    RandomLegalPlay,
    /// The bot's side is winning the trick: give points (or play low without any).
    PartnerWinning { gives_points: bool },
    /// Trumps a plain-suit lead for these points.
    Ruff { points: u32 },
    /// Bombs the trick (a house rule) for these points.
    Bomb { points: u32 },
    TakeCheaply,
    CannotWin,
    /// The Expert preferred another play to the heuristic's: the best of `plays`
    /// candidates over `deals` sampled deals of the hidden cards, its side winning
    /// `win_percent` % of them.
    Searched { plays: usize, deals: usize, win_percent: u32 },
    /// The Expert's bury: the best of `buries` over `deals` sampled deals of the other hands.
    SearchedBury { buries: usize, deals: usize, win_percent: u32 },
    /// The Expert's friend call: the best of `calls` over `deals` sampled deals.
    SearchedCall { calls: usize, deals: usize, win_percent: u32 },
    /// The Expert's bid in the draw (`bid`: the cards shown, `count` × `card`; none: no
    /// bid for now), the best of `options` (drawing or passing among them) over `deals`
    /// sampled deals of the cards it has not seen.
    SearchedBid { bid: Option<(Card, u8)>, options: usize, deals: usize, win_percent: u32 },
    /// The Expert's steal of the kitty (炒地皮; none: let it lie), searched as a bid.
    SearchedSteal { bid: Option<(Card, u8)>, options: usize, deals: usize, win_percent: u32 },
}

impl fmt::Display for BotReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotReason::NoRulesYet => f.write_str("no rules yet"),
            BotReason::DealNextHand => f.write_str("deal the next hand"),
            BotReason::NoBidPossible => f.write_str("no bid possible"),
            BotReason::RandomBid => f.write_str("a random bid"),
            BotReason::RandomTakeBackBid => f.write_str("a random change of mind: my bid taken back"),
            BotReason::NoBid => f.write_str("no bid"),
            BotReason::PartnerHoldsBid => f.write_str("my partner holds the bid"),
            BotReason::IHoldBid => f.write_str("I hold the bid"),
            BotReason::TooEarlyToJudge => f.write_str("too early to judge my trumps"),
            BotReason::TrumpShare(share) => write!(f, "{}% of my cards would be trump", (share * 100.0).round() as u32),
            BotReason::TrumpsTooWeak => f.write_str("my trumps are too weak to bid"),
            BotReason::RandomBury => f.write_str("random cards"),
            BotReason::Bury { voided } if voided.is_empty() => f.write_str("bury low cards without points"),
            BotReason::Bury { voided } => write!(
                f,
                "void {} and bury low cards",
                voided.iter().map(|s| s.plural()).collect::<Vec<_>>().join(" and ")
            ),
            BotReason::CallFriends(calls) => write!(f, "call {} played by someone else", friend_calls(calls)),
            BotReason::NoTrick => f.write_str("no trick"),
            BotReason::CannotReadLead => f.write_str("cannot read the lead"),
            BotReason::RandomPair => f.write_str("a random pair"),
            BotReason::RandomCard => f.write_str("a random card"),
            BotReason::SureWinner { cards, suit } => {
                write!(f, "nobody can beat {} in {suit}", crate::cards::format_cards(cards))
            }
            BotReason::SafeThrow(suit) => write!(f, "a throw in {suit} that nobody can beat"),
            BotReason::LeadLow(suit) => write!(f, "no sure winner: lead low from my shortest suit ({suit})"),
            BotReason::OnlyPlayFound => f.write_str("the only play I found"),
            BotReason::RandomLegalPlay => f.write_str("a random legal play"),
            BotReason::PartnerWinning { gives_points: true } => f.write_str("my side is winning: give it points"),
            BotReason::PartnerWinning { gives_points: false } => f.write_str("my side is winning: play low"),
            BotReason::Ruff { points } => write!(f, "ruff: {points} points at stake"),
            BotReason::Bomb { points } => write!(f, "bomb: {points} points at stake"),
            BotReason::TakeCheaply => f.write_str("take the trick as cheaply as I can"),
            BotReason::CannotWin => f.write_str("I cannot win this trick: shed low cards"),
            BotReason::Searched { plays, deals, win_percent } => write!(
                f,
                "the best of {plays} plays over {deals} sampled deals: my side wins {win_percent}% of them"
            ),
            BotReason::SearchedBury { buries, deals, win_percent } => write!(
                f,
                "the best of {buries} ways to bury over {deals} sampled deals: my side wins {win_percent}% of them"
            ),
            BotReason::SearchedCall { calls, deals, win_percent } => write!(
                f,
                "the best of {calls} friend calls over {deals} sampled deals: my side wins {win_percent}% of them"
            ),
            BotReason::SearchedBid { bid, options, deals, win_percent } => {
                match bid {
                    Some((card, count)) => write!(f, "show {count} × {}", card.label())?,
                    None => f.write_str("no bid for now")?,
                }
                write!(f, ": the best of {options} choices over {deals} sampled deals, my side winning {win_percent}% of them")
            }
            BotReason::SearchedSteal { bid, options, deals, win_percent } => {
                match bid {
                    Some((card, count)) => write!(f, "take the kitty with {count} × {}", card.label())?,
                    None => f.write_str("let the kitty lie")?,
                }
                write!(f, ": the best of {options} choices over {deals} sampled deals, my side winning {win_percent}% of them")
            }
        }
    }
}

/// "the first A♠, K♥" when every call is a first copy, else "copy #1 of A♠, copy #2 of A♠".
fn friend_calls(calls: &[Friend]) -> String {
    if calls.iter().all(|f| f.nth == 1) {
        return format!("the first {}", calls.iter().map(|f| f.card.label()).collect::<Vec<_>>().join(", "));
    }
    calls.iter().map(|f| format!("copy #{} of {}", f.nth, f.card.label())).collect::<Vec<_>>().join(", ")
}

