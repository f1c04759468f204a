//! Payments and the end of the hand. A win scores its fan with the engine
//! (`mahjong::fan`, capped by the table's 封顶) and pays `2^fan` points:
//!
//! * **win on a discard** (点炮): the discarder pays each winner;
//! * **self-drawn** (自摸): every other seat still in the hand pays. By the
//!   table's option it adds one fan (自摸加番, the default: the 自摸 item) or one
//!   base point (自摸加底: no 自摸 item, each payer pays `2^fan + 1`, the point
//!   added after the cap);
//! * **kongs** (刮风下雨), paid when made: an exposed kong 2 by the discarder,
//!   an added kong 1 by every other seat still in, a concealed kong 2 by every
//!   other seat still in; with 呼叫转移 a win on the kong's discard takes that
//!   money (`transfer.rs`).
//!
//! **血战到底** (the default): a seat that wins leaves the hand, the others play
//! on; the hand ends when three seats have won or when the seat to draw finds
//! the wall empty.
//!
//! **血流成河** (the table's option): nobody leaves. Every win is settled at once
//! and the winner plays on with its hand as it was: a self-drawn winning tile is
//! set aside (`SeatState::set_aside`, shown in the win's record), a discard won on
//! stays in its river, so the winner again holds 13 tiles, ready. Its hand is then
//! locked: on its turns it discards the tile it drew unless that tile wins again
//! (a drawn red dragon always does, and must be won with), and it may win on
//! discards, but never pungs or kongs. A seat may win any number of times; every
//! other seat pays each self-drawn win. After a win play goes on as under 血战: a
//! self-drawn win ends the winner's turn and the next seat draws; after a win on a
//! discard the seat after the last winner (counting from the discarder) draws. The
//! hand ends only when the seat to draw finds the wall empty. (A dealer that wins
//! on the deal, 天胡, sets aside its highest tile.)
//!
//! At exhaustion, among the seats that have not won (under either rule: a winner
//! was paid by its wins and takes no part):
//!
//! * **查花猪**: a seat still holding tiles of its void suit (a 花猪, "flower
//!   pig") pays every other such seat that is not one the cap (`2^max_fan`);
//! * **查叫**: a seat that is not ready pays every ready seat the most its hand
//!   could score (the best fan over its waits, with no extra items);
//! * **退税**: a seat that is not ready (pigs included) pays back every kong
//!   payment it received in the hand (except one 呼叫转移 moved on).
//!
//! The next hand is dealt by the first seat that won; when several won on the
//! same first winning discard, by that discarder; after a hand nobody won, by
//! the same dealer (the same under both rules: only the first win counts).

use super::settings::{SelfDrawnBonus, PLAYERS};
use super::{Event, Game, KongKind, Phase, RuleError, Seat, Set};
use crate::mahjong::{sichuan_fan, waits, FanItem, FanResult, Forms, Tile, WinContext};
use serde::{Deserialize, Serialize};

/// One win of the hand (public: the winning hand is shown).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinRecord {
    pub seat: Seat,
    /// The discarder (or the robbed seat); `None` for a self-drawn win.
    pub from: Option<Seat>,
    /// The winning tile (`None` only for the dealer's win on the deal, 天胡).
    pub tile: Option<Tile>,
    pub fan: u32,
    pub items: Vec<(FanItem, u32)>,
    /// What each payer paid: `2^fan` (`2^fan + 1` for a self-drawn win under 自摸加底).
    pub points: i64,
    /// The concealed tiles with the winning tile, and the sets.
    pub hand: Vec<Tile>,
    pub sets: Vec<Set>,
    /// Draws made in the hand when it won: wins with the same `turn` and
    /// `from` came on the same discard.
    pub turn: u32,
}

/// Why a payment was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PayReason {
    Win { fan: u32 },
    SelfDrawn { fan: u32 },
    Kong(KongKind),
    /// 查花猪.
    FlowerPig,
    /// 查叫: the payer was not ready; `fan` is the ready hand's best.
    NotReady { fan: u32 },
    /// 退税: a kong payment returned.
    KongRefund,
    /// 呼叫转移: the kong money of the discarder's kong, moved to the seat that won on
    /// the discard right after it.
    KongTransfer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payment {
    pub from: Seat,
    pub to: Seat,
    pub points: i64,
    pub reason: PayReason,
}

/// A finished hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    /// Net points per seat in this hand (they sum to zero).
    pub scores: Vec<i64>,
    pub wins: Vec<WinRecord>,
    pub payments: Vec<Payment>,
    /// The wall ran out (before three seats won; under 血流成河 always).
    pub exhausted: bool,
    /// At exhaustion: the seats still in that were ready, and the flower pigs.
    pub ready: Vec<bool>,
    pub pigs: Vec<bool>,
    /// Every seat's concealed tiles at the end (shown to all).
    pub hands: Vec<Vec<Tile>>,
    pub next_dealer: Seat,
}

/// Seven pairs counts in Sichuan; thirteen orphans needs honours, which are not played.
pub const FORMS: Forms = Forms { seven_pairs: true, thirteen_orphans: false };

impl Game {
    /// The fan `seat` scores if it wins now, with `extra` (a discard or a robbed
    /// kong tile) added to its concealed tiles.
    pub fn win_fan(&self, seat: Seat, extra: Option<Tile>, ctx: WinContext) -> Result<FanResult, RuleError> {
        let s = &self.deal.seats[seat];
        if let Some(void) = s.void.filter(|_| s.void_tiles() > 0) {
            return Err(RuleError::VoidTilesHeld { void });
        }
        let mut hand = s.hand;
        if let Some(t) = extra {
            if Some(t.suit()) == s.void || hand.add(t).is_err() {
                return Err(RuleError::NotAWin);
            }
        }
        match sichuan_fan(&hand, &s.melds(), ctx, self.settings.rules()) {
            Ok(Some(fan)) => Ok(fan),
            _ => Err(RuleError::NotAWin),
        }
    }

    pub(crate) fn record_win(&mut self, seat: Seat, from: Option<Seat>, tile: Option<Tile>, fan: FanResult) -> Vec<Event> {
        let base = from.is_none() && self.settings.self_drawn == SelfDrawnBonus::Base;
        let fan = if base { without_self_drawn_fan(fan, self.settings.max_fan) } else { fan };
        let points = fan.points as i64 + base as i64;
        let mut hand = self.deal.seats[seat].hand;
        if from.is_some() {
            if let Some(t) = tile {
                let _ = hand.add(t);
            }
        }
        let record = WinRecord {
            seat,
            from,
            tile,
            fan: fan.fan,
            items: fan.items.clone(),
            points,
            hand: hand.tiles(),
            sets: self.deal.seats[seat].sets.clone(),
            turn: self.deal.turns,
        };
        let mut events = vec![Event::Won(record.clone())];
        let payers: Vec<Seat> = match from {
            Some(f) => vec![f],
            None => self.active().into_iter().filter(|&s| s != seat).collect(),
        };
        let reason = if from.is_some() { PayReason::Win { fan: fan.fan } } else { PayReason::SelfDrawn { fan: fan.fan } };
        for p in payers {
            events.push(self.pay(p, seat, points, reason));
        }
        let s = &mut self.deal.seats[seat];
        s.won = s.won.or(Some(self.deal.wins.len()));
        if self.settings.winners_play_on() && from.is_none() {
            // 血流成河: the winning tile is set aside and the winner plays on with 13 tiles
            // (天胡 has no drawn tile: its highest tile that is not a wildcard goes).
            let wild = self.settings.wild_kind();
            let aside = tile.or_else(|| s.hand.tiles().into_iter().rev().find(|&t| Some(t) != wild));
            if let Some(t) = aside {
                s.hand.remove(t);
                s.set_aside.push(t);
            }
            s.drawn = None;
        }
        self.deal.wins.push(record);
        events
    }

    pub(crate) fn pay(&mut self, from: Seat, to: Seat, points: i64, reason: PayReason) -> Event {
        let p = Payment { from, to, points, reason };
        self.deal.payments.push(p);
        Event::Paid(p)
    }

    pub(crate) fn pay_kong(&mut self, seat: Seat, kind: KongKind, from: Option<Seat>) -> Vec<Event> {
        let (payers, points): (Vec<Seat>, i64) = match (kind, from) {
            (KongKind::Exposed, Some(f)) => (vec![f], 2),
            (KongKind::Added, _) => (self.active().into_iter().filter(|&s| s != seat).collect(), 1),
            _ => (self.active().into_iter().filter(|&s| s != seat).collect(), 2),
        };
        let first = self.deal.payments.len();
        let events = payers.into_iter().map(|p| self.pay(p, seat, points, PayReason::Kong(kind))).collect();
        self.deal.last_kong = Some((seat, (first..self.deal.payments.len()).collect()));
        events
    }

    /// Ends the hand if three seats have won (血战到底; under 血流成河 only the wall ends it).
    pub(crate) fn end_if_decided(&mut self) -> Option<Vec<Event>> {
        let decided = !self.settings.winners_play_on() && self.deal.wins.len() >= PLAYERS - 1;
        decided.then(|| self.finish(false, vec![false; PLAYERS], vec![false; PLAYERS]))
    }

    /// The best fan `seat` could score (its hand ready), or `None` when not ready.
    pub fn ready_fan(&self, seat: Seat) -> Option<u32> {
        let s = &self.deal.seats[seat];
        if s.void_tiles() > 0 {
            return None;
        }
        waits(&s.hand, FORMS)
            .into_iter()
            .filter(|&t| self.settings.in_set(t))
            .filter_map(|t| self.win_fan(seat, Some(t), WinContext::default()).ok())
            .map(|f| f.fan)
            .max()
    }

    /// The seat to draw found the wall empty: 查花猪, 查叫 and 退税 among the seats that
    /// have not won, then the end.
    pub(crate) fn exhaust(&mut self) -> Vec<Event> {
        let active: Vec<Seat> = (0..PLAYERS).filter(|&s| self.deal.seats[s].won.is_none()).collect();
        let mut pigs = vec![false; PLAYERS];
        let mut ready = vec![false; PLAYERS];
        let mut best = [None; PLAYERS];
        for &s in &active {
            pigs[s] = self.deal.seats[s].void_tiles() > 0;
            best[s] = self.ready_fan(s);
            ready[s] = best[s].is_some();
        }
        let cap = self.settings.cap_points();
        let mut events = Vec::new();
        for &p in active.iter().filter(|&&s| pigs[s]) {
            for &q in active.iter().filter(|&&s| !pigs[s]) {
                events.push(self.pay(p, q, cap, PayReason::FlowerPig));
            }
        }
        for &n in active.iter().filter(|&&s| !pigs[s] && !ready[s]) {
            for &r in active.iter().filter(|&&s| ready[s]) {
                let fan = best[r].unwrap_or(0);
                events.push(self.pay(n, r, 1i64 << fan, PayReason::NotReady { fan }));
            }
        }
        for &n in active.iter().filter(|&&s| !ready[s]) {
            let received: Vec<(Seat, i64)> = self
                .deal
                .payments
                .iter()
                .enumerate()
                .filter(|(i, p)| p.to == n && matches!(p.reason, PayReason::Kong(_)) && !self.deal.transferred.contains(i))
                .map(|(_, p)| (p.from, p.points))
                .collect();
            for (payer, points) in received {
                events.push(self.pay(n, payer, points, PayReason::KongRefund));
            }
        }
        events.extend(self.finish(true, ready, pigs));
        events
    }

    fn finish(&mut self, exhausted: bool, ready: Vec<bool>, pigs: Vec<bool>) -> Vec<Event> {
        let mut scores = vec![0i64; PLAYERS];
        for p in &self.deal.payments {
            scores[p.from] -= p.points;
            scores[p.to] += p.points;
        }
        let wins = &self.deal.wins;
        let next_dealer = match wins.first() {
            None => self.deal.dealer,
            Some(first) => match (first.from, wins.get(1)) {
                (Some(from), Some(second)) if second.from == Some(from) && second.turn == first.turn => from,
                _ => first.seat,
            },
        };
        let result = HandResult {
            scores: scores.clone(),
            wins: wins.clone(),
            payments: self.deal.payments.clone(),
            exhausted,
            ready,
            pigs,
            hands: self.deal.seats.iter().map(|s| s.hand.tiles()).collect(),
            next_dealer,
        };
        for (t, s) in self.totals.iter_mut().zip(&scores) {
            *t += s;
        }
        self.deal.phase = Phase::Finished;
        self.deal.result = Some(result.clone());
        vec![Event::HandFinished(Box::new(result))]
    }
}

/// 自摸加底: the fan without the 自摸 item (its one fan taken off before the cap).
fn without_self_drawn_fan(mut fan: FanResult, max_fan: u32) -> FanResult {
    let before = fan.items.len();
    fan.items.retain(|(item, _)| *item != FanItem::SelfDrawn);
    if fan.items.len() < before {
        fan.raw_fan = fan.raw_fan.saturating_sub(FanItem::SelfDrawn.fan());
        fan.fan = fan.raw_fan.min(max_fan);
        fan.points = 1 << fan.fan;
    }
    fan
}
