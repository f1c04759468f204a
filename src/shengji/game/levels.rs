//! How levels move at the end of a hand, by the table's house rules for levels
//! (`Settings::levels`): the ladder's shape (points a step, steps to take over,
//! the dead zone; `scoring::Ladder`), one more level for a landlord's side that
//! held the hand short-handed in Finding Friends, ranks a player must defend as
//! the landlord's side before moving past them, the rank at which the game ends,
//! and 打J (back to 2 for a landlord's side that loses at J to a single J in the
//! last trick). Every default keeps the classic game: 20 points a step per deck,
//! two steps to take over, one step of dead zone, no bonus, nothing defended but
//! the final rank, the game ends at A, no 打J.

use crate::cards::Rank;
use serde::{Deserialize, Serialize};

/// A set of ranks (bit `i` is `Rank::from_index(i)`), written in links as `5.10.K`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RankSet(u16);

impl RankSet {
    pub const EMPTY: RankSet = RankSet(0);

    pub fn of(ranks: &[Rank]) -> RankSet {
        RankSet(ranks.iter().fold(0, |bits, r| bits | 1 << r.index()))
    }

    pub fn contains(self, rank: Rank) -> bool {
        self.0 & (1 << rank.index()) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The ranks, lowest first.
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        Rank::ALL.into_iter().filter(move |r| self.contains(*r))
    }

    /// `5.10.K` (empty for none).
    pub fn notation(self) -> String {
        self.ranks().map(Rank::notation).collect::<Vec<_>>().join(".")
    }

    /// Reads `5.10.K` (an empty string is the empty set); `None` names no rank.
    pub fn parse(text: &str) -> Option<RankSet> {
        if text.is_empty() {
            return Some(RankSet::EMPTY);
        }
        let ranks: Option<Vec<Rank>> = text.split('.').map(Rank::from_notation).collect();
        ranks.map(|r| RankSet::of(&r))
    }
}

/// The house rules for levels. Every default keeps the classic game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LevelRules {
    /// Points in one step of the ladder, per deck (20: 40 points with 2 decks).
    pub step_per_deck: u8,
    /// Steps the attackers need to take the landlord's seat (2: 80 points with 2 decks).
    pub takeover_steps: u8,
    /// Steps past the takeover in which the attackers take the seat without going up (1).
    pub dead_zone: u8,
    /// Finding Friends: a landlord's side smaller than a full team (a friend never
    /// found, or the landlord's own card) goes up one more level when it holds the hand.
    pub short_handed_bonus: bool,
    /// Ranks a player must win at as the landlord's side before moving past them.
    pub defended: RankSet,
    /// The game ends when the landlord's side holds a hand played at this rank; no one
    /// goes above it.
    pub final_rank: Rank,
    /// 打J: a landlord's side that loses a hand played at J, the other side winning the
    /// last trick with a single J, goes back to 2.
    pub back_to_two: bool,
}

impl Default for LevelRules {
    fn default() -> Self {
        LevelRules {
            step_per_deck: 20,
            takeover_steps: 2,
            dead_zone: 1,
            short_handed_bonus: false,
            defended: RankSet::EMPTY,
            final_rank: Rank::Ace,
            back_to_two: false,
        }
    }
}

/// The bounds [`LevelRules::check`] holds each number to.
pub const STEPS_PER_DECK: [u8; 6] = [10, 15, 20, 25, 30, 40];
pub const MOST_TAKEOVER_STEPS: u8 = 4;
pub const MOST_DEAD_ZONE: u8 = 3;

/// A level rule outside its bounds (`SettingsError::Levels` carries it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelRuleError {
    /// Points a step per deck not in [`STEPS_PER_DECK`].
    Step(u8),
    /// Steps to take over outside 1..=[`MOST_TAKEOVER_STEPS`].
    Takeover(u8),
    /// A dead zone over [`MOST_DEAD_ZONE`] steps.
    DeadZone(u8),
    /// The final rank is below the starting level.
    FinalBelowStart { final_rank: Rank, starting: Rank },
}

impl LevelRules {
    /// Whether these rules can be played from `starting` level.
    pub fn check(&self, starting: Rank) -> Result<(), LevelRuleError> {
        if !STEPS_PER_DECK.contains(&self.step_per_deck) {
            return Err(LevelRuleError::Step(self.step_per_deck));
        }
        if !(1..=MOST_TAKEOVER_STEPS).contains(&self.takeover_steps) {
            return Err(LevelRuleError::Takeover(self.takeover_steps));
        }
        if self.dead_zone > MOST_DEAD_ZONE {
            return Err(LevelRuleError::DeadZone(self.dead_zone));
        }
        if self.final_rank < starting {
            return Err(LevelRuleError::FinalBelowStart { final_rank: self.final_rank, starting });
        }
        Ok(())
    }

    /// Raises a level by up to `by`: never above the final rank, and stopping at a
    /// defended rank unless the seat has just held a hand played at that rank as the
    /// landlord's side (`held_at`). Returns the new level and the defended rank that
    /// stopped it, if one did.
    pub fn raise(&self, from: Rank, by: u8, held_at: Option<Rank>) -> (Rank, Option<Rank>) {
        let mut at = from;
        for _ in 0..by {
            if at >= self.final_rank {
                break;
            }
            if self.defended.contains(at) && held_at != Some(at) {
                return (at, Some(at));
            }
            at = at.succ().unwrap_or(Rank::Ace);
        }
        (at, None)
    }
}

/// Why levels moved other than the ladder alone says (shown with the hand's result).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LevelNote {
    /// The landlord's side held the hand short-handed: one more level.
    ShortHandedBonus,
    /// A seat stopped at a rank it must defend as the landlord's side.
    StoppedAt { seat: usize, rank: Rank },
    /// 打J: the landlord's side lost at J to a single J in the last trick: back to 2.
    BackToTwo,
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rank::*;

    #[test]
    fn rank_sets_read_and_write_their_notation() {
        let s = RankSet::of(&[Five, Ten, King]);
        assert_eq!(s.notation(), "5.10.K");
        assert_eq!(RankSet::parse("5.10.K"), Some(s));
        assert_eq!(RankSet::parse(""), Some(RankSet::EMPTY));
        assert_eq!(RankSet::parse("5.X"), None);
        assert_eq!(RankSet::parse("T"), None, "one spelling per rank, so equal sets give equal links");
    }

    #[test]
    fn raising_stops_at_defended_ranks_and_the_final_rank() {
        let classic = LevelRules::default();
        assert_eq!(classic.raise(Queen, 3, None), (Ace, None));
        let house = LevelRules { defended: RankSet::of(&[Five, Ten, King]), final_rank: King, ..LevelRules::default() };
        // 3 + 3 would be 6: stops at 5, which must be defended first.
        assert_eq!(house.raise(Three, 3, None), (Five, Some(Five)));
        // At 5, holding a hand played at 5 clears it: on to 7.
        assert_eq!(house.raise(Five, 2, Some(Five)), (Seven, None));
        // At 5 without holding at 5 (attackers taking over, or a friend whose hand was at 4): no move.
        assert_eq!(house.raise(Five, 2, Some(Four)), (Five, Some(Five)));
        assert_eq!(house.raise(Five, 2, None), (Five, Some(Five)));
        // The final rank is a ceiling.
        assert_eq!(house.raise(Queen, 3, Some(Queen)), (King, None));
    }

    #[test]
    fn checks_name_the_rule_out_of_bounds() {
        let ok = LevelRules::default();
        assert_eq!(ok.check(Two), Ok(()));
        assert_eq!(LevelRules { step_per_deck: 7, ..ok.clone() }.check(Two), Err(LevelRuleError::Step(7)));
        assert_eq!(LevelRules { takeover_steps: 0, ..ok.clone() }.check(Two), Err(LevelRuleError::Takeover(0)));
        assert_eq!(LevelRules { dead_zone: 4, ..ok.clone() }.check(Two), Err(LevelRuleError::DeadZone(4)));
        assert_eq!(
            LevelRules { final_rank: Ten, ..ok }.check(Jack),
            Err(LevelRuleError::FinalBelowStart { final_rank: Ten, starting: Jack })
        );
    }
}
