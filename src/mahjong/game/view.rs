//! What one seat may see, built as a whitelist: its own concealed tiles and
//! the tile it drew; its own exchange (given and received); every seat's tile
//! count, discards, pungs and exposed kongs; a concealed kong as a kong of an
//! unnamed kind (its own named); every seat's void suit once all have chosen
//! (its own at once); the wall's size; the wins (winning hands are shown),
//! the payments and the totals; in a claim window, only its own options.
//! Never another seat's concealed tiles, its exchanged tiles, the walls'
//! order or who else a claim window waits for. At the end of the hand every
//! hand is shown. The seat one past the last (a spectator) sees only what
//! everyone sees.

use super::claims::{ClaimOptions, WindowKind};
use super::settings::{Settings, PLAYERS};
use super::{Direction, Game, HandResult, Payment, Phase, PhaseName, RiverTile, Seat, Stage, WinRecord};
use crate::mahjong::{MeldKind, Suit, Tile, WinContext};
use serde::{Deserialize, Serialize};

/// A declared set as others see it: a concealed kong's kind is hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetView {
    pub kind: MeldKind,
    pub tile: Option<Tile>,
    pub from: Option<Seat>,
}

/// The claim this seat is asked to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimView {
    pub kind: WindowKind,
    pub from: Seat,
    pub tile: Tile,
    pub options: ClaimOptions,
}

/// One seat's view of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub players: usize,
    pub settings: Settings,
    pub hand_number: u64,
    pub phase: PhaseName,
    pub dealer: Seat,
    /// This seat's concealed tiles, sorted, the drawn tile left out; empty for a spectator.
    pub hand: Vec<Tile>,
    /// The tile it has just drawn (shown apart).
    pub drawn: Option<Tile>,
    pub hand_sizes: Vec<usize>,
    pub sets: Vec<Vec<SetView>>,
    pub rivers: Vec<Vec<RiverTile>>,
    /// Its own void suit at once; the others' once every seat has chosen.
    pub voids: Vec<Option<Suit>>,
    /// Which seats have chosen in the exchange or void phase.
    pub chosen: Vec<bool>,
    /// The exchange's direction, once the tiles have moved.
    pub direction: Option<Direction>,
    pub gave: Option<[Tile; 3]>,
    pub got: Option<[Tile; 3]>,
    /// Tiles left in the wall, and in this seat's own list.
    pub wall: usize,
    pub own_wall: usize,
    /// Whose turn it is and where in it (during a turn).
    pub turn: Option<Seat>,
    pub stage: Option<Stage>,
    /// The tile offered in an open claim window, and by whom (everyone sees the discard).
    pub offered: Option<(Seat, Tile)>,
    /// This seat's claim to answer, if it is asked.
    pub claim: Option<ClaimView>,
    /// Whether the game waits for this seat.
    pub my_move: bool,
    /// On its turn: a self-drawn win is possible.
    pub can_win: bool,
    /// On its turn: the kinds it may kong.
    pub kongs: Vec<Tile>,
    /// It still holds tiles of its void suit (and must discard them first).
    pub void_left: usize,
    /// 过水: it may not win on a discard until it draws.
    pub passed_win: bool,
    /// Which seats have won, in order.
    pub wins: Vec<WinRecord>,
    pub payments: Vec<Payment>,
    /// Net points per seat in this hand so far, and over the table.
    pub scores: Vec<i64>,
    pub totals: Vec<i64>,
    pub result: Option<HandResult>,
    /// Draws made in the hand.
    pub turns: u32,
}

impl Game {
    /// What `seat` may see; `seat == players` is a spectator's public view.
    pub fn view(&self, seat: Seat) -> SeatView {
        let d = &self.deal;
        let me = d.seats.get(seat);
        let all_voids = d.seats.iter().all(|s| s.void.is_some());
        let finished = d.phase == Phase::Finished;
        let mut hand: Vec<Tile> = me.map(|s| s.hand.tiles()).unwrap_or_default();
        let drawn = me.and_then(|s| s.drawn);
        if let Some(t) = drawn {
            if let Some(i) = hand.iter().position(|&x| x == t) {
                hand.remove(i);
            }
        }
        let (turn, stage) = match d.phase {
            Phase::Turn { seat, stage } => (Some(seat), Some(stage)),
            _ => (None, None),
        };
        let mut scores = vec![0i64; PLAYERS];
        for p in &d.payments {
            scores[p.from] -= p.points;
            scores[p.to] += p.points;
        }
        let my_turn = turn == Some(seat);
        let claim = match &d.phase {
            Phase::Claims(w) => w.options(seat).map(|options| ClaimView { kind: w.kind, from: w.from, tile: w.tile, options }),
            _ => None,
        };
        let offered = match &d.phase {
            Phase::Claims(w) => Some((w.from, w.tile)),
            _ => None,
        };
        let can_win = my_turn
            && matches!(stage, Some(Stage::Drawn { .. }))
            && self
                .win_fan(
                    seat,
                    None,
                    WinContext { self_drawn: true, ..WinContext::default() },
                )
                .is_ok();
        SeatView {
            seat,
            players: PLAYERS,
            settings: self.settings,
            hand_number: self.ledger.hand(),
            phase: d.phase.name(),
            dealer: d.dealer,
            hand,
            drawn,
            hand_sizes: d.seats.iter().map(|s| s.hand.len()).collect(),
            sets: d
                .seats
                .iter()
                .enumerate()
                .map(|(s, st)| {
                    st.sets
                        .iter()
                        .map(|x| {
                            let hidden = x.meld.kind == MeldKind::ConcealedKong && s != seat && !finished;
                            SetView { kind: x.meld.kind, tile: (!hidden).then_some(x.meld.tile), from: x.from }
                        })
                        .collect()
                })
                .collect(),
            rivers: d.seats.iter().map(|s| s.river.clone()).collect(),
            voids: d.seats.iter().enumerate().map(|(s, st)| st.void.filter(|_| s == seat || all_voids)).collect(),
            chosen: d
                .seats
                .iter()
                .map(|s| match d.phase {
                    Phase::Exchange => s.gave.is_some(),
                    _ => s.void.is_some(),
                })
                .collect(),
            direction: d.direction.filter(|_| d.phase != Phase::Exchange),
            gave: me.and_then(|s| s.gave),
            got: me.and_then(|s| s.got),
            wall: d.walls.total_remaining(),
            own_wall: d.walls.remaining(seat),
            turn,
            stage,
            offered,
            claim,
            my_move: self.to_act().contains(&seat) && d.phase != Phase::Finished,
            can_win,
            kongs: if my_turn { self.own_kongs(seat) } else { Vec::new() },
            void_left: me.map_or(0, |s| s.void_tiles()),
            passed_win: me.is_some_and(|s| s.passed_win),
            wins: d.wins.clone(),
            payments: d.payments.clone(),
            scores,
            totals: self.totals.clone(),
            result: d.result.clone(),
            turns: d.turns,
        }
    }
}
