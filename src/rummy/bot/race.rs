//! The Expert's playouts scored as a race: a deal is won by the first seat to
//! declare, so what a playout is worth is not how soon this seat declares but
//! the chance that nobody else declares first.
//!
//! A playout ends with the turns this seat needs to declare, in tenths of a
//! turn (`expert.rs`: the turn it declares on, or the horizon plus the kept
//! hand's shape in turns). Each other seat still playing is taken to declare
//! on any one of its turns with the chance [`HAZARD`] — the heuristic declares
//! after about seven turns at two players and the deal lasts about four rounds
//! at six — so this seat's chance of getting there first is
//! (1 − hazard)^(others × turns). A playout's *cost* is one less that chance
//! ([`cost`]); the Expert keeps the candidate with the least mean cost. With
//! one other seat this is close to counting turns; with five, a hand that can
//! declare next turn is worth much more than one that declares in three, and a
//! draw that could finish at once is worth taking even at some cost in shape.
//!
//! Integers only (fixed point, [`ONE`]), so a decision is the same on every
//! platform: the chance for whole turns by repeated multiplication, between
//! two whole turns by straight interpolation.

/// The chance that one other seat declares on any one of its turns, in tenths.
const HAZARD_TENTHS: u64 = 1;
/// A chance of 1 in fixed point.
pub const ONE: u64 = 1 << 20;
/// Past this many turns the chance is taken as 0 (it is below 1 in 10⁴ even at two players).
const LONGEST: u64 = 90;

/// The chance that none of `others` seats declares within one of this seat's turns.
fn per_turn(others: usize) -> u64 {
    (0..others).fold(ONE, |s, _| s * (10 - HAZARD_TENTHS) / 10)
}

/// One less the chance of declaring first when this seat needs `tenths` tenths
/// of a turn and `others` seats are still playing: 0 for a declaration now.
pub fn cost(tenths: u64, others: usize) -> u64 {
    let turn = per_turn(others.max(1));
    let whole = (tenths / 10).min(LONGEST);
    let mut first = ONE;
    for _ in 0..whole {
        first = first * turn / ONE;
    }
    let next = first * turn / ONE;
    let part = if whole == LONGEST { 0 } else { tenths % 10 };
    ONE - (first - (first - next) * part / 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_is_costlier_and_more_seats_cost_more() {
        assert_eq!(cost(0, 1), 0, "declaring now wins");
        let two: Vec<u64> = (0..60).map(|t| cost(t, 1)).collect();
        assert!(two.windows(2).all(|w| w[0] < w[1]), "every tenth of a turn costs");
        assert!(cost(10, 1).abs_diff(ONE / 10) <= 1, "one turn against one seat: its hazard");
        assert!(cost(20, 5) > cost(20, 1));
        assert!(cost(10_000, 1) <= ONE && cost(10_000, 5) <= ONE);
    }
}
