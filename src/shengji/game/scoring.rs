//! Scoring: the result ladder (its step scaled with the number of decks, its shape
//! a house rule: `levels.rs`) and the kitty multiplier.

use super::levels::LevelRules;
use super::settings::KittyMultiplier;
use serde::{Deserialize, Serialize};

/// Who goes up, and by how many levels, for the attackers' final points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadderResult {
    /// True when the landlord's side holds the hand.
    pub landlord_wins: bool,
    /// Levels gained by the winning side (0 when the attackers just take over).
    pub levels: u8,
}

/// The ladder a table plays by: its step (points per deck × decks), the steps the
/// attackers need to take the landlord's seat, and the dead zone past it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ladder {
    step: u32,
    takeover_steps: u32,
    dead_zone: u32,
}

impl Ladder {
    pub fn new(rules: &LevelRules, decks: usize) -> Ladder {
        Ladder {
            step: rules.step_per_deck as u32 * decks as u32,
            takeover_steps: rules.takeover_steps as u32,
            dead_zone: rules.dead_zone as u32,
        }
    }

    /// The classic ladder for `decks` (20 points a step per deck, 2 steps, 1 step of dead zone).
    pub fn classic(decks: usize) -> Ladder {
        Ladder::new(&LevelRules::default(), decks)
    }

    /// Points in one step (40 with 2 decks, classically).
    pub fn step(&self) -> u32 {
        self.step
    }

    /// Points at which the attackers take the landlord's seat (80 with 2 decks, classically).
    pub fn takeover(&self) -> u32 {
        self.takeover_steps * self.step
    }

    /// The verdict for the attackers' final points. Below the takeover the landlord's side
    /// goes up one level per step the attackers fell short (classically: below 40 → +2,
    /// below 80 → +1), and one more when the attackers scored nothing. From the takeover
    /// the attackers take the seat, going up one level per step past the dead zone
    /// (classically: 80–115 → take over, 120 → +1, 160 → +2).
    pub fn result(&self, attacker_points: u32) -> LadderResult {
        let (s, t) = (self.step, self.takeover());
        if attacker_points < t {
            let short = self.takeover_steps - attacker_points / s;
            let levels = short + (attacker_points == 0) as u32;
            LadderResult { landlord_wins: true, levels: levels.min(255) as u8 }
        } else {
            let levels = ((attacker_points - t) / s + 1).saturating_sub(self.dead_zone);
            LadderResult { landlord_wins: false, levels: levels.min(255) as u8 }
        }
    }

    /// The attackers' next score above `points` at which the verdict changes.
    pub fn next_threshold(&self, points: u32) -> u32 {
        if points == 0 {
            // Any points (a single 5) cost the landlord a level.
            return 5;
        }
        let now = self.result(points);
        let mut at = (points / self.step + 1) * self.step;
        // The dead zone's steps change nothing; a few steps always reach a change.
        while self.result(at) == now && at < points + 8 * self.step {
            at += self.step;
        }
        at
    }
}

/// The kitty multiplier for a last trick whose largest unit has `unit` cards.
pub fn kitty_multiplier(policy: KittyMultiplier, unit: usize) -> u32 {
    match policy {
        KittyMultiplier::TwiceLargestUnit => 2 * unit as u32,
        KittyMultiplier::PowerOfTwo => 1u32 << unit.min(20),
    }
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
        let l = Ladder::classic(2);
        for (p, lw, lv) in cases {
            assert_eq!(l.result(p), LadderResult { landlord_wins: lw, levels: lv }, "{p} points");
        }
        assert_eq!(l.next_threshold(0), 5);
        assert_eq!(l.next_threshold(5), 40);
        assert_eq!(l.next_threshold(40), 80);
        assert_eq!(l.next_threshold(85), 120);
        assert_eq!(Ladder::classic(3).result(60).levels, 1);
        assert!(!Ladder::classic(3).result(120).landlord_wins);
    }

    #[test]
    fn house_ladders_move_the_steps_the_takeover_and_the_dead_zone() {
        // 30 a deck, 3 steps to take over, no dead zone, 2 decks: a step is 60, the takeover 180.
        let rules = LevelRules { step_per_deck: 30, takeover_steps: 3, dead_zone: 0, ..LevelRules::default() };
        let l = Ladder::new(&rules, 2);
        assert_eq!((l.step(), l.takeover()), (60, 180));
        assert_eq!(l.result(0), LadderResult { landlord_wins: true, levels: 4 });
        assert_eq!(l.result(55), LadderResult { landlord_wins: true, levels: 3 });
        assert_eq!(l.result(175), LadderResult { landlord_wins: true, levels: 1 });
        // No dead zone: the takeover itself is a level.
        assert_eq!(l.result(180), LadderResult { landlord_wins: false, levels: 1 });
        // Two steps of dead zone: 80 to 155 take over without going up.
        let wide = Ladder::new(&LevelRules { dead_zone: 2, ..LevelRules::default() }, 2);
        assert_eq!(wide.result(155), LadderResult { landlord_wins: false, levels: 0 });
        assert_eq!(wide.result(160), LadderResult { landlord_wins: false, levels: 1 });
        // The next threshold skips the dead zone's steps, where nothing changes.
        assert_eq!(wide.next_threshold(85), 160);
    }

    #[test]
    fn multipliers() {
        assert_eq!(kitty_multiplier(KittyMultiplier::TwiceLargestUnit, 1), 2);
        assert_eq!(kitty_multiplier(KittyMultiplier::TwiceLargestUnit, 4), 8);
        assert_eq!(kitty_multiplier(KittyMultiplier::PowerOfTwo, 2), 4);
    }
}
