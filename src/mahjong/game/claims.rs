//! The claim window: after a discard (or a tile added to a pung), every seat
//! still in the hand that may do something with the tile answers, all at once
//! and in any order; the window closes when the last has answered.
//!
//! * **Who is asked**: a seat that may win on the tile (its hand complete with
//!   it, no tile of its void suit, not barred by 过水), kong it (three held,
//!   a tile left in the wall for the replacement) or pung it (two held). No
//!   set of a void suit. An added kong asks only the seats that may win on it
//!   (抢杠胡). Seats with nothing to do are not asked; the discarder never is.
//! * **Priority**: a win beats a kong beats a pung. Every seat that answers
//!   "win" wins (一炮多响, several winners on one discard), each paid by the
//!   discarder; play goes on after the last winner counting from the
//!   discarder. A robbed kong stays a pung and its tile counts as the adder's
//!   discard. With 呼叫转移 a win on the discard after the discarder's kong
//!   also takes that kong's money (`transfer.rs`).
//! * **血流成河**: a seat that has won plays on with its hand locked, so it is
//!   asked only whether it wins (never to pung or kong).
//! * **过水**: a seat asked whether it wins that does not win on the tile may
//!   not win on a discard again until it draws (it may still win by self-draw).

use super::{Action, Event, Game, KongKind, Move, Phase, RuleError, Seat, Set, Stage};
use crate::mahjong::{Meld, MeldKind, Tile, WinContext};
use serde::{Deserialize, Serialize};

/// What opened the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WindowKind {
    Discard,
    /// A tile added to a pung, which a winning hand may rob.
    RobKong,
}

/// What one seat may do with the tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimOptions {
    pub win: bool,
    pub kong: bool,
    pub pung: bool,
}

/// A seat's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claim {
    Win,
    Kong,
    Pung,
    Pass,
}

/// One seat asked, what it may do, and its answer once given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    pub seat: Seat,
    pub options: ClaimOptions,
    pub answer: Option<Claim>,
}

/// An open claim window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub kind: WindowKind,
    /// The discarder (or the seat adding to its pung).
    pub from: Seat,
    pub tile: Tile,
    /// In turn order from the discarder.
    pub asked: Vec<Asked>,
}

impl Window {
    /// Seats yet to answer.
    pub fn waiting(&self) -> Vec<Seat> {
        self.asked.iter().filter(|a| a.answer.is_none()).map(|a| a.seat).collect()
    }

    /// What `seat` may do, if it is asked and has not answered.
    pub fn options(&self, seat: Seat) -> Option<ClaimOptions> {
        self.asked.iter().find(|a| a.seat == seat && a.answer.is_none()).map(|a| a.options)
    }
}

impl Game {
    /// The window for `tile` from `from`, or `None` when nobody may claim it.
    pub(crate) fn open_window(&self, from: Seat, tile: Tile, kind: WindowKind) -> Option<Window> {
        let ctx = self.claim_context(kind);
        let wall_left = self.wall_left() > 0;
        let mut asked = Vec::new();
        let mut seat = from;
        for _ in 1..super::PLAYERS {
            seat = self.next_active(seat);
            if seat == from {
                break;
            }
            let s = &self.deal.seats[seat];
            // A winner playing on (血流成河) keeps its hand as it was: it may only win.
            let settable = Some(tile.suit()) != s.void && !self.locked(seat);
            let held = s.hand.count(tile);
            let options = ClaimOptions {
                win: !s.passed_win && self.win_fan(seat, Some(tile), ctx).is_ok(),
                kong: kind == WindowKind::Discard && settable && held == 3 && wall_left,
                pung: kind == WindowKind::Discard && settable && held >= 2,
            };
            if options != ClaimOptions::default() {
                asked.push(Asked { seat, options, answer: None });
            }
        }
        (!asked.is_empty()).then_some(Window { kind, from, tile, asked })
    }

    fn claim_context(&self, kind: WindowKind) -> WinContext {
        WinContext {
            self_drawn: false,
            after_kong: kind == WindowKind::Discard && self.deal.discard_after_kong,
            robbing_kong: kind == WindowKind::RobKong,
            last_tile: kind == WindowKind::Discard && self.wall_left() == 0,
        }
    }

    /// A seat's answer in the window; the last answer resolves it.
    pub(crate) fn answer(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let Phase::Claims(w) = &mut self.deal.phase else { unreachable!("called in the claim window") };
        let Some(options) = w.options(seat) else {
            return Err(RuleError::NotYourTurn { seat, to_act: w.waiting() });
        };
        let claim = match action {
            Action::Win if options.win => Claim::Win,
            Action::Kong(t) if options.kong && *t == w.tile => Claim::Kong,
            Action::Pung if options.pung => Claim::Pung,
            Action::Pass => Claim::Pass,
            Action::Discard(_) => return Err(RuleError::ClaimFirst),
            other => return Err(RuleError::CannotClaim { action: Move::of(other), tile: w.tile }),
        };
        if let Some(a) = w.asked.iter_mut().find(|a| a.seat == seat) {
            a.answer = Some(claim);
        }
        if !w.waiting().is_empty() {
            return Ok(Vec::new());
        }
        let w = w.clone();
        Ok(self.resolve(w))
    }

    fn resolve(&mut self, w: Window) -> Vec<Event> {
        let answered = |c: Claim| w.asked.iter().filter(move |a| a.answer == Some(c)).map(|a| a.seat);
        let winners: Vec<Seat> = answered(Claim::Win).collect();
        // Everyone who could have won on the tile and did not: 过水.
        for a in w.asked.iter().filter(|a| a.options.win && a.answer != Some(Claim::Win)) {
            self.deal.seats[a.seat].passed_win = true;
        }
        let mut events = Vec::new();
        if !winners.is_empty() {
            let ctx = self.claim_context(w.kind);
            if w.kind == WindowKind::RobKong {
                // The robbed tile leaves the adder's hand as if discarded; the pung stays.
                let s = &mut self.deal.seats[w.from];
                s.hand.remove(w.tile);
                s.river.push(super::RiverTile { tile: w.tile, claimed: false });
                events.push(Event::KongRobbed { seat: w.from, tile: w.tile });
            }
            let mut first = None;
            for &seat in &winners {
                if let Ok(fan) = self.win_fan(seat, Some(w.tile), ctx) {
                    events.extend(self.record_win(seat, Some(w.from), Some(w.tile), fan));
                    first = first.or(Some(seat));
                }
            }
            if let (WindowKind::Discard, Some(first)) = (w.kind, first) {
                events.extend(self.transfer_kong(w.from, first));
            }
            match self.end_if_decided() {
                Some(end) => events.extend(end),
                None => {
                    let last = *winners.last().unwrap_or(&w.from);
                    events.extend(self.draw(self.next_active(last), false));
                }
            }
            return events;
        }
        if let Some(seat) = answered(Claim::Kong).next() {
            self.take_discard(&w, seat, 3);
            self.deal.seats[seat].sets.push(Set { meld: Meld { kind: MeldKind::Kong, tile: w.tile }, from: Some(w.from) });
            return self.kong_made(seat, w.tile, KongKind::Exposed, Some(w.from));
        }
        if let Some(seat) = answered(Claim::Pung).next() {
            self.take_discard(&w, seat, 2);
            self.deal.seats[seat].sets.push(Set { meld: Meld { kind: MeldKind::Pung, tile: w.tile }, from: Some(w.from) });
            self.deal.phase = Phase::Turn { seat, stage: Stage::Claimed };
            return vec![Event::Punged { seat, from: w.from, tile: w.tile }];
        }
        match w.kind {
            WindowKind::RobKong => self.finish_added_kong(w.from, w.tile),
            WindowKind::Discard => self.draw(self.next_active(w.from), false),
        }
    }

    /// The discard leaves the river for `seat`'s set, with `held` of its own.
    fn take_discard(&mut self, w: &Window, seat: Seat, held: usize) {
        if let Some(r) = self.deal.seats[w.from].river.last_mut() {
            r.claimed = true;
        }
        let s = &mut self.deal.seats[seat];
        for _ in 0..held {
            s.hand.remove(w.tile);
        }
        s.drawn = None;
    }
}
