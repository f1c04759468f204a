//! Scoring: the result ladder (scaled with the number of decks), the kitty
//! multiplier, and level changes with the rule for finishing at A.

use super::settings::KittyMultiplier;
use crate::cards::Rank;
use serde::{Deserialize, Serialize};

/// Size of one ladder step: 20 points per deck (40 with 2 decks).
pub fn step(decks: usize) -> u32 {
    20 * decks as u32
}

/// The attackers take over at two steps (80 with 2 decks).
pub fn takeover(decks: usize) -> u32 {
    2 * step(decks)
}

/// Who goes up, and by how many levels, for the attackers' final points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadderResult {
    /// True when the landlord's side holds the hand.
    pub landlord_wins: bool,
    /// Levels gained by the winning side (0 when the attackers just take over).
    pub levels: u8,
}

/// The ladder: 0 → landlord +3; below one step → +2; below two → +1;
/// two steps → attackers take over; +1 more per further step.
pub fn ladder(attacker_points: u32, decks: usize) -> LadderResult {
    let s = step(decks);
    if attacker_points == 0 {
        LadderResult { landlord_wins: true, levels: 3 }
    } else if attacker_points < s {
        LadderResult { landlord_wins: true, levels: 2 }
    } else if attacker_points < 2 * s {
        LadderResult { landlord_wins: true, levels: 1 }
    } else {
        let extra = (attacker_points - 2 * s) / s;
        LadderResult { landlord_wins: false, levels: extra.min(255) as u8 }
    }
}

/// The attackers' next threshold above `points` (where the result changes).
pub fn next_threshold(points: u32, decks: usize) -> u32 {
    let s = step(decks);
    if points == 0 {
        // Any points (a single 5) cost the landlord a level.
        5
    } else {
        (points / s + 1) * s
    }
}

/// The kitty multiplier for a last trick whose largest unit has `unit` cards.
pub fn kitty_multiplier(policy: KittyMultiplier, unit: usize) -> u32 {
    match policy {
        KittyMultiplier::TwiceLargestUnit => 2 * unit as u32,
        KittyMultiplier::PowerOfTwo => 1u32 << unit.min(20),
    }
}

/// Raises a level by `by`, capped at A (a side must win at A to finish).
pub fn raise(level: Rank, by: u8) -> Rank {
    let i = (level.index() + by as usize).min(Rank::Ace.index());
    Rank::from_index(i).unwrap_or(Rank::Ace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_deck_ladder_matches_the_issue() {
        let cases = [
            (0, true, 3),
            (5, true, 2),
            (35, true, 2),
            (40, true, 1),
            (75, true, 1),
            (80, false, 0),
            (115, false, 0),
            (120, false, 1),
            (160, false, 2),
            (200, false, 3),
        ];
        for (p, lw, lv) in cases {
            assert_eq!(ladder(p, 2), LadderResult { landlord_wins: lw, levels: lv }, "{p} points");
        }
        assert_eq!(next_threshold(0, 2), 5);
        assert_eq!(next_threshold(5, 2), 40);
        assert_eq!(next_threshold(40, 2), 80);
        assert_eq!(next_threshold(85, 2), 120);
        assert_eq!(ladder(60, 3).levels, 1);
        assert!(!ladder(120, 3).landlord_wins);
    }

    #[test]
    fn multipliers_and_ace_cap() {
        assert_eq!(kitty_multiplier(KittyMultiplier::TwiceLargestUnit, 1), 2);
        assert_eq!(kitty_multiplier(KittyMultiplier::TwiceLargestUnit, 4), 8);
        assert_eq!(kitty_multiplier(KittyMultiplier::PowerOfTwo, 2), 4);
        assert_eq!(raise(Rank::Queen, 3), Rank::Ace);
        assert_eq!(raise(Rank::Two, 2), Rank::Four);
    }
}
