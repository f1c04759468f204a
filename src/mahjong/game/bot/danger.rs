//! The Expert's deal-in risk: the points a discard is expected to lose to the
//! opponents still in, each as `P(ready) × P(the tile is one of its waits) × loss`.
//!
//! The chances are measured, not guessed: over 1,500 hands of advice bots (deal `d`
//! of seed `calib1` as the arena deals it, default settings), at each of the ~100,000
//! discards every opponent's real hand was checked (ready: no void tile held and a
//! wait; the tile among its waits; what the win would pay).
//!
//! * **Ready**: by the opponent's discards (its river, claimed tiles included, up to
//!   12) and whether its last discard was of a suit other than its void — then it
//!   holds no void tile (the void suit goes first) and may be ready (after 3 discards
//!   25 %, after 8 46 %); a seat whose last discard was of its void suit mostly still
//!   holds some and cannot win (4 % and 30 %). Each declared set leaves it fewer tiles
//!   to complete (`SET_FACTOR` scales the chance that it is not ready).
//! * **Waits on the tile**, given ready: by rank (a 3 or 7 is waited on 16 % of the
//!   time, a 1 or 9 8.5 %), far less for a kind it discarded itself (1 % against 13 %:
//!   a ready hand rarely lets its wait go; the old estimate only halved it), less as
//!   more copies are in sight of the discarder; never in its void suit.
//! * **Loss**: what a deal-in pays, 1.3 points a win with no set, more with sets
//!   (1.8 with two: pungs, all-pungs and roots). The old estimate was 3 + sets.
//!
//! A winner that plays on (血流成河) shows its hand: its waits are known exactly.
//! Over 300 deals of `dev1` this model gained +0.11 points a seat-hand over the old
//! (interval −0.07 to +0.27); scaling it by 0.6 or 1.6 moved little (±0.04).

use crate::mahjong::game::settle::FORMS;
use crate::mahjong::game::SeatView;
use crate::mahjong::{waits, Hand, Tile, Visible};

/// P(ready) of an opponent with `d` discards (0..=12) and no set, when its last discard
/// was not of its void suit (it holds none) …
const READY_CLEARED: [f64; 13] = [0.10, 0.106, 0.206, 0.248, 0.284, 0.336, 0.378, 0.427, 0.461, 0.511, 0.568, 0.637, 0.744];
/// … and when it was (it may still hold some).
const READY_VOID_LAST: [f64; 13] = [0.006, 0.007, 0.02, 0.039, 0.069, 0.119, 0.183, 0.248, 0.302, 0.361, 0.429, 0.502, 0.666];
/// What each count of declared sets (0..=3+) leaves of the chance it is not ready.
const SET_FACTOR: [f64; 4] = [1.0, 0.85, 0.55, 0.2];

/// What a deal-in pays: a base and a step per declared set of the winner.
const LOSS: f64 = 1.3;
const LOSS_PER_SET: f64 = 0.4;

/// P(ready) of opponent `s` as seen from `view`.
pub fn ready_chance(view: &SeatView, s: usize) -> f64 {
    let river = &view.rivers[s];
    let d = river.len().min(12);
    let cleared = river.last().is_some_and(|r| Some(r.tile.suit()) != view.voids[s]);
    let base = if cleared { READY_CLEARED[d] } else { READY_VOID_LAST[d] };
    let sets = view.sets[s].len().min(3);
    1.0 - (1.0 - base) * SET_FACTOR[sets]
}

/// P(`tile` is one of a ready opponent's waits), the tile not of its void suit; `seen`
/// copies of the kind in sight of the discarder (its own counted), `discarded` when the
/// opponent discarded the kind itself.
pub fn wait_chance(tile: Tile, seen: u8, discarded: bool) -> f64 {
    let by_rank = match tile.rank() {
        1 | 9 => 0.085,
        2 | 8 => 0.117,
        3 | 7 => 0.163,
        _ => 0.142,
    };
    let by_seen = match seen {
        0 | 1 => 1.3,
        2 => 0.95,
        3 => 0.6,
        _ => 0.5,
    };
    by_rank * by_seen * if discarded { 0.07 } else { 1.0 }
}

/// Expected points lost by discarding `tile` from `hand` now.
pub fn deal_in_risk(view: &SeatView, seen: &Visible, hand: &Hand, tile: Tile) -> f64 {
    let play_on = view.settings.winners_play_on();
    let in_sight = (hand.count(tile) + seen[tile.id() as usize]).min(4);
    let mut risk = 0.0;
    for s in (0..view.players).filter(|&s| s != view.seat) {
        let first_win = view.wins.iter().find(|w| w.seat == s);
        if first_win.is_some() && !play_on {
            continue;
        }
        let loss = LOSS + LOSS_PER_SET * view.sets[s].len() as f64;
        if let Some(w) = first_win {
            // 血流成河: its locked hand is shown.
            let mut locked = w.hand.clone();
            if let Some(i) = w.tile.and_then(|t| locked.iter().position(|&x| x == t)) {
                locked.remove(i);
            }
            let h = Hand::from_tiles(&locked, view.settings.wild_kind()).unwrap_or_default();
            if h.len() % 3 == 1 && waits(&h, FORMS).contains(&tile) {
                risk += loss;
            }
            continue;
        }
        if view.voids[s] == Some(tile.suit()) {
            continue;
        }
        #[cfg(test)]
        if let Some(exact) = seer::deal_in(s, tile, view.voids[s]) {
            risk += exact as u8 as f64 * loss;
            continue;
        }
        let discarded = view.rivers[s].iter().any(|r| r.tile == tile);
        risk += ready_chance(view, s) * wait_chance(tile, in_sight, discarded) * loss;
    }
    risk
}

/// Diagnostic (tests only): the danger read off every opponent's true concealed hand,
/// handed over by the arena before each decision while [`seer::ON`] is set, in place of
/// the model's chances: what a perfect reading of the opponents' hands would be worth
/// (`mahjong::game::arena`'s ignored `danger_seer`; docs/sichuan.md).
#[cfg(test)]
pub(crate) mod seer {
    use crate::mahjong::game::Seat;
    use crate::mahjong::{waits, Hand, Suit, Tile};
    use std::cell::{Cell, RefCell};

    thread_local! {
        pub static ON: Cell<bool> = const { Cell::new(false) };
        /// Each seat's concealed tiles and whether it may win on a discard (过水 not in force).
        pub static HANDS: RefCell<Vec<(Hand, bool)>> = const { RefCell::new(Vec::new()) };
    }

    /// Whether seat `s` would win on `tile` (`None`: the seer is off).
    pub fn deal_in(s: Seat, tile: Tile, void: Option<Suit>) -> Option<bool> {
        if !ON.get() {
            return None;
        }
        HANDS.with_borrow(|h| {
            let (hand, may) = h.get(s)?;
            let clear = hand.tiles().iter().all(|t| Some(t.suit()) != void);
            Some(*may && clear && hand.len() % 3 == 1 && waits(hand, super::FORMS).contains(&tile))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_the_opponent_discarded_and_a_terminal_are_safer() {
        let t = |s: &str| Tile::parse(s).unwrap();
        assert!(wait_chance(t("5m"), 1, true) < 0.1 * wait_chance(t("5m"), 1, false));
        assert!(wait_chance(t("1m"), 1, false) < wait_chance(t("3m"), 1, false));
        assert!(wait_chance(t("5m"), 4, false) < wait_chance(t("5m"), 1, false));
        // More discards, a set declared, the void cleared: more likely ready.
        assert!(READY_CLEARED.windows(2).all(|w| w[0] <= w[1]) && READY_VOID_LAST.windows(2).all(|w| w[0] <= w[1]));
        assert!(READY_VOID_LAST.iter().zip(READY_CLEARED).all(|(v, c)| *v < c));
        assert!(SET_FACTOR.windows(2).all(|w| w[0] > w[1]));
    }
}
