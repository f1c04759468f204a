//! A turn. The seat to play has just drawn (or is the dealer at the start, or
//! took a discard for a pung) and holds 14 tiles counting 3 per set. It may:
//!
//! * **discard** a tile (never a wildcard: it stays in the hand) — while it holds tiles of its void suit it must discard
//!   one of those; the discard opens a claim window (`claims.rs`) if any seat
//!   may win on it, kong it or pung it, otherwise the next seat still in the
//!   hand draws;
//! * **win** (自摸), after a draw only, when its hand is complete and holds no
//!   tile of its void suit; every seat still in the hand pays it (`settle.rs`);
//! * **kong**: four of a kind held (暗杠), or the fourth tile to one of its
//!   pungs (补杠 — which others may rob: a claim window where only wins
//!   count). Every kong draws a replacement tile from the seat's own list, so
//!   a kong needs a tile left in the wall; no kong of the void suit.
//!
//! Under 血流成河 a seat that has won plays on with its hand locked: it discards
//! the tile it draws (`HandLocked` otherwise) unless that tile wins again, and
//! makes no kong (`settle.rs`).
//!
//! When the seat to draw finds the wall empty the hand ends (`settle.rs`).

use super::claims::WindowKind;
use super::settings::PLAYERS;
use super::{Action, Event, Game, KongKind, Move, Phase, RiverTile, RuleError, Seat, Set, Stage};
use crate::mahjong::{Meld, MeldKind, Tile, WinContext};

impl Game {
    pub(crate) fn turn_move(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let Phase::Turn { seat: turn, stage } = self.deal.phase.clone() else {
            return Err(RuleError::WrongPhase { action: Move::of(action), phase: self.phase() });
        };
        if seat != turn {
            return Err(RuleError::NotYourTurn { seat, to_act: vec![turn] });
        }
        match action {
            Action::Discard(tile) => self.discard(seat, *tile, stage),
            Action::Win => self.self_drawn_win(seat, stage),
            Action::Kong(tile) => self.own_kong(seat, *tile),
            Action::Pung | Action::Pass => Err(RuleError::NoClaimWindow { action: Move::of(action) }),
            _ => Err(RuleError::WrongPhase { action: Move::of(action), phase: self.phase() }),
        }
    }

    fn discard(&mut self, seat: Seat, tile: Tile, stage: Stage) -> Result<Vec<Event>, RuleError> {
        let s = &self.deal.seats[seat];
        if s.hand.count(tile) == 0 {
            return Err(RuleError::NotInHand { tile });
        }
        if let Some(drawn) = s.drawn.filter(|&d| self.locked(seat) && (d != tile || self.settings.is_wild(d))) {
            return Err(RuleError::HandLocked { drawn });
        }
        if self.settings.is_wild(tile) {
            return Err(RuleError::WildcardKept);
        }
        if let Some(void) = s.void.filter(|_| s.void_tiles() > 0) {
            if tile.suit() != void {
                return Err(RuleError::VoidFirst { void });
            }
        }
        let s = &mut self.deal.seats[seat];
        s.hand.remove(tile);
        s.drawn = None;
        s.river.push(RiverTile { tile, claimed: false });
        self.deal.discard_after_kong = stage == Stage::Drawn { after_kong: true };
        let mut events = vec![Event::Discarded { seat, tile }];
        match self.open_window(seat, tile, WindowKind::Discard) {
            Some(w) => {
                events.push(Event::ClaimsOpen { tile });
                self.deal.phase = Phase::Claims(w);
            }
            None => events.extend(self.draw(self.next_active(seat), false)),
        }
        Ok(events)
    }

    /// `seat` draws its next tile (a kong's replacement when `after_kong`); an
    /// empty wall ends the hand instead.
    pub(crate) fn draw(&mut self, seat: Seat, after_kong: bool) -> Vec<Event> {
        match self.deal.walls.draw(seat) {
            Ok(Some(tile)) => {
                let s = &mut self.deal.seats[seat];
                let _ = s.hand.add(tile);
                s.drawn = Some(tile);
                s.passed_win = false;
                self.deal.turns += 1;
                self.deal.phase = Phase::Turn { seat, stage: Stage::Drawn { after_kong } };
                vec![Event::Drew { seat, after_kong }]
            }
            _ => self.exhaust(),
        }
    }

    fn self_drawn_win(&mut self, seat: Seat, stage: Stage) -> Result<Vec<Event>, RuleError> {
        let Stage::Drawn { after_kong } = stage else {
            return Err(RuleError::NoWinAfterPung);
        };
        let ctx = WinContext { self_drawn: true, after_kong, robbing_kong: false, last_tile: self.wall_left() == 0 };
        let fan = self.win_fan(seat, None, ctx)?;
        let tile = self.deal.seats[seat].drawn;
        let mut events = self.record_win(seat, None, tile, fan);
        match self.end_if_decided() {
            Some(end) => events.extend(end),
            None => events.extend(self.draw(self.next_active(seat), false)),
        }
        Ok(events)
    }

    /// The kinds `seat` may kong on its turn now: four held, or the fourth to a pung.
    pub fn own_kongs(&self, seat: Seat) -> Vec<Tile> {
        let Some(s) = self.deal.seats.get(seat) else { return Vec::new() };
        if self.wall_left() == 0 || self.locked(seat) {
            return Vec::new();
        }
        let mut kinds: Vec<Tile> = s
            .hand
            .kinds()
            .filter(|&(t, c)| {
                let pung = s.sets.iter().any(|x| x.meld.kind == MeldKind::Pung && x.meld.tile == t);
                (c == 4 || pung) && Some(t.suit()) != s.void
            })
            .map(|(t, _)| t)
            .collect();
        kinds.dedup();
        kinds
    }

    fn own_kong(&mut self, seat: Seat, tile: Tile) -> Result<Vec<Event>, RuleError> {
        if let Some(drawn) = self.deal.seats[seat].drawn.filter(|_| self.locked(seat)) {
            return Err(RuleError::HandLocked { drawn });
        }
        if self.wall_left() == 0 {
            return Err(RuleError::NoReplacementTile);
        }
        let s = &self.deal.seats[seat];
        if Some(tile.suit()) == s.void {
            return Err(RuleError::VoidSuitSet { tile });
        }
        if self.settings.is_wild(tile) {
            return Err(RuleError::WildcardKept);
        }
        if s.hand.count(tile) == 4 {
            let s = &mut self.deal.seats[seat];
            for _ in 0..4 {
                s.hand.remove(tile);
            }
            s.sets.push(Set { meld: Meld { kind: MeldKind::ConcealedKong, tile }, from: None });
            return Ok(self.kong_made(seat, tile, KongKind::Concealed, None));
        }
        let has_pung = s.sets.iter().any(|x| x.meld.kind == MeldKind::Pung && x.meld.tile == tile);
        if !has_pung || s.hand.count(tile) == 0 {
            return Err(RuleError::CannotKong { tile });
        }
        // An added kong may be robbed: the seats that could win on the tile answer first.
        match self.open_window(seat, tile, WindowKind::RobKong) {
            Some(w) => {
                self.deal.phase = Phase::Claims(w);
                Ok(vec![Event::ClaimsOpen { tile }])
            }
            None => Ok(self.finish_added_kong(seat, tile)),
        }
    }

    /// The added kong stands: the tile joins the pung, the others pay, a replacement is drawn.
    pub(crate) fn finish_added_kong(&mut self, seat: Seat, tile: Tile) -> Vec<Event> {
        let s = &mut self.deal.seats[seat];
        s.hand.remove(tile);
        if let Some(set) = s.sets.iter_mut().find(|x| x.meld.kind == MeldKind::Pung && x.meld.tile == tile) {
            set.meld.kind = MeldKind::Kong;
        }
        self.kong_made(seat, tile, KongKind::Added, None)
    }

    /// A kong is made: its payments (刮风下雨), then the replacement draw.
    pub(crate) fn kong_made(&mut self, seat: Seat, tile: Tile, kind: KongKind, from: Option<Seat>) -> Vec<Event> {
        let shown = (kind != KongKind::Concealed).then_some(tile);
        let mut events = vec![Event::Konged { seat, tile: shown, kind, from }];
        events.extend(self.pay_kong(seat, kind, from));
        debug_assert!(self.active().len() <= PLAYERS);
        self.deal.seats[seat].drawn = None;
        events.extend(self.draw(seat, true));
        events
    }
}
