//! Fan counting for the Sichuan ruleset the table uses (血战到底 style: 108 suited tiles,
//! pungs and kongs but no chows, one suit must be missing). Every item and value is listed
//! in [`FanItem`] and in `docs/mahjong.md`; roots (根) use the eigen `& 0x444…` mask.

use super::eigen::{self, Eigen};
use super::tile::{Hand, Tile, TileError};
use super::win::{regular_need, seven_pairs_need};
use serde::{Deserialize, Serialize};
use std::fmt;

/// An exposed (or concealed) set declared during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meld {
    pub kind: MeldKind,
    pub tile: Tile,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// 碰: three of a kind from a discard.
    Pung,
    /// 明杠 / 补杠: four of a kind, exposed.
    Kong,
    /// 暗杠: four of a kind, concealed.
    ConcealedKong,
}

impl MeldKind {
    const fn size(self) -> u8 {
        match self {
            MeldKind::Pung => 3,
            _ => 4,
        }
    }
}

/// How the winning tile arrived.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinContext {
    /// 自摸: drawn by the winner.
    pub self_drawn: bool,
    /// The winning tile followed a kong: 杠上开花 if self-drawn, 杠上炮 if discarded.
    pub after_kong: bool,
    /// 抢杠胡: won on a tile another player added to a pung.
    pub robbing_kong: bool,
    /// 海底捞月 / 海底炮: the last tile of the wall.
    pub last_tile: bool,
}

/// The fan items of the ruleset. A hand's fan is the sum of its items, capped by
/// [`SichuanRules::max_fan`]; its points are `2^fan` times the base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FanItem {
    /// 平胡: a plain win, 0 fan.
    PlainWin,
    /// 对对胡 / 大对子: all pungs/kongs and a pair, 1 fan.
    AllPungs,
    /// 金钩钓: all four sets declared, winning on a single-tile pair wait, +1 fan (with 对对胡).
    SingleWaitAllDeclared,
    /// 将对: all pungs/kongs and the pair of 2, 5 or 8 only, 3 fan (instead of 对对胡).
    AllPungsTwoFiveEight,
    /// 七对: seven pairs, concealed, 2 fan (a quad is two pairs and a root: 龙七对).
    SevenPairs,
    /// 清一色: one suit only, 2 fan.
    FullFlush,
    /// 带幺九: every set and the pair hold a 1 or a 9, 2 fan.
    Terminals,
    /// 根: each kind held four times (kongs included), 1 fan each.
    Root,
    /// 自摸: self-drawn, 1 fan.
    SelfDrawn,
    /// 杠上开花: self-drawn replacement tile after a kong, 1 fan.
    KongBloom,
    /// 杠上炮: won on the discard that follows the discarder's kong, 1 fan.
    KongDiscard,
    /// 抢杠胡: robbing a kong, 1 fan.
    RobbingKong,
    /// 海底捞月 / 海底炮: the last tile, 1 fan.
    LastTile,
}

impl FanItem {
    /// Fan per occurrence.
    pub const fn fan(self) -> u32 {
        match self {
            FanItem::PlainWin => 0,
            FanItem::AllPungs | FanItem::SingleWaitAllDeclared => 1,
            FanItem::AllPungsTwoFiveEight => 3,
            FanItem::SevenPairs | FanItem::FullFlush | FanItem::Terminals => 2,
            FanItem::Root
            | FanItem::SelfDrawn
            | FanItem::KongBloom
            | FanItem::KongDiscard
            | FanItem::RobbingKong
            | FanItem::LastTile => 1,
        }
    }

    pub const fn chinese(self) -> &'static str {
        match self {
            FanItem::PlainWin => "平胡",
            FanItem::AllPungs => "对对胡",
            FanItem::SingleWaitAllDeclared => "金钩钓",
            FanItem::AllPungsTwoFiveEight => "将对",
            FanItem::SevenPairs => "七对",
            FanItem::FullFlush => "清一色",
            FanItem::Terminals => "带幺九",
            FanItem::Root => "根",
            FanItem::SelfDrawn => "自摸",
            FanItem::KongBloom => "杠上开花",
            FanItem::KongDiscard => "杠上炮",
            FanItem::RobbingKong => "抢杠胡",
            FanItem::LastTile => "海底",
        }
    }
}

/// The ruleset's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SichuanRules {
    /// 封顶: the most fan a hand scores (4 by default).
    pub max_fan: u32,
}

impl Default for SichuanRules {
    fn default() -> Self {
        SichuanRules { max_fan: 4 }
    }
}

/// The scored hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FanResult {
    /// Items with how many times each counts (roots can repeat).
    pub items: Vec<(FanItem, u32)>,
    /// Sum of the items before the cap.
    pub raw_fan: u32,
    /// After the cap.
    pub fan: u32,
    /// `2^fan` base points.
    pub points: u32,
    /// Kinds held four times (根).
    pub roots: u32,
    /// What each wildcard stood for in the best reading (empty without wildcards).
    pub wildcards_as: Vec<Tile>,
}

/// Why a hand could not be scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FanError {
    /// Sichuan is played without honours.
    Honour(Tile),
    /// Concealed tiles plus 3 per declared set must make 3n+2 = 14.
    WrongSize(usize),
    /// More than four of a kind between hand and sets.
    TooMany(Tile),
    Tile(TileError),
}

impl fmt::Display for FanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FanError::Honour(t) => write!(f, "{t} is an honour: the Sichuan set has only characters, dots and bamboo"),
            FanError::WrongSize(n) => write!(
                f,
                "a winning hand has 14 tiles counting 3 per declared set (a kong counts 3); this one has {n}"
            ),
            FanError::TooMany(t) => write!(f, "more than four {t} between the hand and the declared sets"),
            FanError::Tile(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FanError {}

/// Scores a winning hand: `concealed` includes the winning tile; `melds` are the declared sets.
/// `Ok(None)` if it is not a win under this ruleset (including a hand holding all three suits).
/// With wildcards, every reading is tried and the best score kept.
pub fn sichuan_fan(
    concealed: &Hand,
    melds: &[Meld],
    ctx: WinContext,
    rules: SichuanRules,
) -> Result<Option<FanResult>, FanError> {
    if let Some(t) = concealed.kinds().map(|(t, _)| t).find(|t| t.is_honour()) {
        return Err(FanError::Honour(t));
    }
    if let Some(m) = melds.iter().find(|m| m.tile.is_honour()) {
        return Err(FanError::Honour(m.tile));
    }
    let size = concealed.len() + 3 * melds.len();
    if size != 14 {
        return Err(FanError::WrongSize(size));
    }
    let mut declared: [Eigen; 3] = [0; 3];
    for m in melds {
        declared[m.tile.suit().index()] += m.kind.size() as Eigen * eigen::unit(m.tile.digit());
    }
    let base: [Eigen; 3] = [concealed.eigens[0], concealed.eigens[1], concealed.eigens[2]];
    let mut best: Option<FanResult> = None;
    let mut assignment = Vec::new();
    readings(base, &declared, concealed.wild, 0, &mut assignment, &mut |eigens, wild_as| {
        if let Some(r) = score(eigens, &declared, melds, concealed.len(), ctx, rules, wild_as) {
            if best.as_ref().is_none_or(|b| (r.raw_fan, r.fan) > (b.raw_fan, b.fan)) {
                best = Some(r);
            }
        }
    })?;
    Ok(best)
}

/// Calls `f` for every way to read the wildcards as suited tiles (multisets, ≤ 4 per kind).
fn readings(
    eigens: [Eigen; 3],
    declared: &[Eigen; 3],
    wild: u8,
    from: u8,
    assignment: &mut Vec<Tile>,
    f: &mut dyn FnMut([Eigen; 3], &[Tile]),
) -> Result<(), FanError> {
    for s in 0..3 {
        let total = eigens[s] + declared[s];
        if eigen::any_over_four(total) {
            let d = (0..9).find(|&d| eigen::digit(total, d) > 4).unwrap_or(0);
            return Err(FanError::TooMany(Tile::from_id((s * 9) as u8 + d as u8).unwrap()));
        }
    }
    if wild == 0 {
        f(eigens, assignment);
        return Ok(());
    }
    for id in from..27 {
        let t = Tile::from_id(id).unwrap();
        let s = t.suit().index();
        let mut e = eigens;
        e[s] += eigen::unit(t.digit());
        if eigen::any_over_four(e[s] + declared[s]) {
            continue;
        }
        assignment.push(t);
        readings(e, declared, wild - 1, id, assignment, f)?;
        assignment.pop();
    }
    Ok(())
}

fn score(
    concealed: [Eigen; 3],
    declared: &[Eigen; 3],
    melds: &[Meld],
    concealed_len: usize,
    ctx: WinContext,
    rules: SichuanRules,
    wild_as: &[Tile],
) -> Option<FanResult> {
    let full = [concealed[0], concealed[1], concealed[2], 0];
    let all: Vec<Eigen> = (0..3).map(|s| concealed[s] + declared[s]).collect();
    // 缺一门: at least one suit must be absent.
    if all.iter().all(|&e| e != 0) {
        return None;
    }
    let as_hand = Hand { eigens: full, wild: 0, wild_kind: None };
    let regular = regular_need(&full) == 0;
    let seven = melds.is_empty() && seven_pairs_need(&as_hand) == Some(0);
    if !regular && !seven {
        return None;
    }
    let mut items: Vec<(FanItem, u32)> = Vec::new();
    let roots: u32 = all.iter().map(|&e| eigen::quads(e)).sum();
    let suits = all.iter().filter(|&&e| e != 0).count();
    // The best reading of the shape: seven pairs, or a regular decomposition.
    let mut shape: Vec<FanItem> = Vec::new();
    let mut shape_fan = 0;
    if seven {
        shape = vec![FanItem::SevenPairs];
        shape_fan = 2;
    }
    if regular {
        let mut reg = Vec::new();
        // All pungs: every concealed count is 0 or 3, except one 2 (the pair).
        let pungs_only = concealed.iter().all(|&e| (0..9).all(|d| matches!(eigen::digit(e, d), 0 | 2 | 3)))
            && concealed.iter().map(|&e| eigen::pair_ranks(e) - count_digit(e, 3)).sum::<u32>() == 1;
        if pungs_only {
            let two_five_eight = all.iter().all(|&e| e & !0x0_F00F_00F0 == 0);
            reg.push(if two_five_eight { FanItem::AllPungsTwoFiveEight } else { FanItem::AllPungs });
            if concealed_len == 2 {
                reg.push(FanItem::SingleWaitAllDeclared);
            }
        }
        let declared_terminal = melds.iter().all(|m| m.tile.rank() == 1 || m.tile.rank() == 9);
        if declared_terminal && concealed.iter().all(|&e| terminal_decomposition(e, false)) {
            // A suit of 3k tiles cannot hide a pair, so only the pair suit uses it.
            reg.push(FanItem::Terminals);
        }
        let reg_fan: u32 = reg.iter().map(|i| i.fan()).sum();
        if reg_fan > shape_fan || shape.is_empty() {
            shape = reg;
        }
    }
    if shape.is_empty() {
        items.push((FanItem::PlainWin, 1));
    }
    items.extend(shape.into_iter().map(|i| (i, 1)));
    if suits == 1 {
        items.push((FanItem::FullFlush, 1));
    }
    if roots > 0 {
        items.push((FanItem::Root, roots));
    }
    if ctx.self_drawn {
        items.push((FanItem::SelfDrawn, 1));
    }
    if ctx.after_kong {
        items.push((if ctx.self_drawn { FanItem::KongBloom } else { FanItem::KongDiscard }, 1));
    }
    if ctx.robbing_kong {
        items.push((FanItem::RobbingKong, 1));
    }
    if ctx.last_tile {
        items.push((FanItem::LastTile, 1));
    }
    let raw_fan: u32 = items.iter().map(|&(i, n)| i.fan() * n).sum();
    let fan = raw_fan.min(rules.max_fan);
    Some(FanResult { items, raw_fan, fan, points: 1 << fan, roots, wildcards_as: wild_as.to_vec() })
}

fn count_digit(e: Eigen, v: u8) -> u32 {
    (0..9).filter(|&d| eigen::digit(e, d) == v).count() as u32
}

/// Whether a suit's concealed tiles split into sets and at most one pair that each hold a
/// 1 or a 9 (123, 789, 111, 999, 11, 99).
fn terminal_decomposition(e: Eigen, pair_used: bool) -> bool {
    if e == 0 {
        return true;
    }
    const GROUPS: [(Eigen, bool); 6] =
        [(0x111, false), (0x1_1100_0000, false), (0x3, false), (0x3_0000_0000, false), (0x2, true), (0x2_0000_0000, true)];
    GROUPS.iter().any(|&(g, is_pair)| {
        (!is_pair || !pair_used)
            && eigen::contains(e, g)
            && terminal_decomposition(e - g, pair_used || is_pair)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fan_of(hand: &str, melds: &[Meld], ctx: WinContext) -> Option<FanResult> {
        sichuan_fan(&Hand::parse(hand, None).unwrap(), melds, ctx, SichuanRules { max_fan: 99 }).unwrap()
    }

    fn items(r: &FanResult) -> Vec<FanItem> {
        r.items.iter().map(|&(i, _)| i).collect()
    }

    #[test]
    fn plain_win_and_missing_suit_rule() {
        let r = fan_of("123456m234p56799p", &[], WinContext::default()).unwrap();
        assert_eq!(items(&r), vec![FanItem::PlainWin]);
        assert_eq!(r.fan, 0);
        // All three suits: not a win in Sichuan.
        assert!(fan_of("123m456p789s11122m", &[], WinContext::default()).is_none());
    }

    #[test]
    fn full_flush_seven_pairs_and_roots() {
        // 清七对 with a quad: 七对 2 + 清一色 2 + 根 1 = 5 (龙七对 清).
        let r = fan_of("11113355779922m", &[], WinContext::default()).unwrap();
        assert_eq!(r.roots, 1);
        assert_eq!(r.raw_fan, 5);
        assert!(items(&r).contains(&FanItem::SevenPairs) && items(&r).contains(&FanItem::FullFlush));
    }

    #[test]
    fn pungs_kongs_and_single_wait() {
        let t = |s: &str| Tile::parse(s).unwrap();
        let melds = [
            Meld { kind: MeldKind::Kong, tile: t("2m") },
            Meld { kind: MeldKind::Pung, tile: t("5m") },
            Meld { kind: MeldKind::Pung, tile: t("8p") },
            Meld { kind: MeldKind::Pung, tile: t("5p") },
        ];
        let r = fan_of("22p", &melds, WinContext { self_drawn: true, ..Default::default() }).unwrap();
        // 将对 3 + 金钩钓 1 + 根 (the 2m kong) 1 + 自摸 1.
        assert_eq!(items(&r), vec![FanItem::AllPungsTwoFiveEight, FanItem::SingleWaitAllDeclared, FanItem::Root, FanItem::SelfDrawn]);
        assert_eq!(r.raw_fan, 6);
        assert_eq!(sichuan_fan(&Hand::parse("22p", None).unwrap(), &melds, WinContext::default(), SichuanRules::default()).unwrap().unwrap().fan, 4);
    }

    #[test]
    fn terminals_and_wildcards() {
        let r = fan_of("123m789m111p99p789p", &[], WinContext::default()).unwrap();
        assert!(items(&r).contains(&FanItem::Terminals));
        // A wildcard reads as whatever scores best: here the 9p that completes 带幺九.
        let w = Tile::parse("5s").unwrap();
        let h = Hand::parse("123m789m111p9p789p", None).unwrap().with_extra_wild(1);
        let r = sichuan_fan(&h, &[], WinContext::default(), SichuanRules::default()).unwrap().unwrap();
        assert_eq!(r.wildcards_as, vec![Tile::parse("9p").unwrap()]);
        assert!(items(&r).contains(&FanItem::Terminals));
        assert!(matches!(
            sichuan_fan(&Hand::parse("123m1z", Some(w)).unwrap(), &[], WinContext::default(), SichuanRules::default()),
            Err(FanError::Honour(_))
        ));
    }
}
