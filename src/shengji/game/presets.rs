//! Rule sets a table starts from in one tap: the house rules (every setting but the
//! players, decks, kitty, mode, friends called and the starting level) of a common way
//! to play. The new-game screen and the lobby show them above the folded details, and
//! mark the one the table's rules are, if any.

use super::{BidRules, KittyMultiplier, LevelRules, NoBidTrump, RankSet, Settings, Shown, ThrowPenaltySetting};
use crate::cards::Rank;
use crate::shengji::bomb::Bombs;

/// A named set of house rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// This app's defaults: the common game.
    Classic,
    /// As the best-known online Shengji site (shengji.io) starts a room: the kitty's
    /// points times 2 to the size of the last lead's largest unit, the kitty's first card
    /// names trump when nobody bids, a bid (not a play) may be taken back, the kitty stays
    /// with the landlord, a failed throw names who stopped it, a short-handed landlord's
    /// side gets a bonus level.
    OnlineSite,
    /// A lively family table: 炒地皮, bombs played whatever the lead, 5, 10 and K to
    /// defend, 打J, and 10 points for a failed throw.
    Family,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Classic, Preset::OnlineSite, Preset::Family];

    /// `s` with this preset's house rules (its table's size and mode kept).
    pub fn apply(self, s: &Settings) -> Settings {
        let d = Settings::default();
        let base = Settings {
            players: s.players,
            decks: s.decks,
            kitty: s.kitty,
            mode: s.mode,
            friends: s.friends,
            starting_level: s.starting_level,
            levels: LevelRules { final_rank: d.levels.final_rank.max(s.starting_level), ..d.levels.clone() },
            ..d
        };
        match self {
            Preset::Classic => base,
            Preset::OnlineSite => Settings {
                kitty_multiplier: KittyMultiplier::PowerOfTwo,
                take_back: false,
                bidding: BidRules { no_bid: NoBidTrump::FirstCard, take_back: true, ..BidRules::default() },
                shown: Shown { kitty_at_end: false, throw_stopper: true, ..Shown::default() },
                levels: LevelRules { short_handed_bonus: true, ..base.levels.clone() },
                ..base
            },
            Preset::Family => Settings {
                throw_penalty: ThrowPenaltySetting::TenPerThrow,
                bidding: BidRules { steal: true, ..BidRules::default() },
                bombs: Bombs::AnySuit,
                levels: LevelRules {
                    defended: RankSet::of(&[Rank::Five, Rank::Ten, Rank::King]),
                    back_to_two: true,
                    ..base.levels.clone()
                },
                ..base
            },
        }
    }

    /// The preset whose house rules `s` plays, if any (the rules Tractor ignores aside).
    pub fn of(s: &Settings) -> Option<Preset> {
        let rules = super::codec::normalize(s);
        Preset::ALL.into_iter().find(|&p| super::codec::normalize(&p.apply(s)) == rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shengji::game::Mode;

    #[test]
    fn a_preset_sets_the_house_rules_and_keeps_the_table() {
        let table = Settings { players: 6, decks: Some(4), mode: Mode::Friends, starting_level: Rank::Five, ..Settings::default() };
        assert_eq!(Preset::of(&table), Some(Preset::Classic));
        for p in Preset::ALL {
            let s = p.apply(&table);
            assert_eq!((s.players, s.decks, s.mode, s.starting_level), (6, Some(4), Mode::Friends, Rank::Five));
            assert!(s.validate().is_ok(), "{p:?}");
            assert_eq!(Preset::of(&s), Some(p), "{p:?} is recognised");
            assert_eq!(Preset::of(&Preset::Classic.apply(&s)), Some(Preset::Classic), "and undone");
        }
        let custom = Settings { bombs: Bombs::FollowSuit, ..table };
        assert_eq!(Preset::of(&custom), None);
    }

    #[test]
    fn presets_differ_where_they_say() {
        let s = Settings::default();
        let site = Preset::OnlineSite.apply(&s);
        assert_eq!((site.kitty_multiplier, site.take_back, site.bidding.take_back), (KittyMultiplier::PowerOfTwo, false, true));
        let family = Preset::Family.apply(&s);
        assert!(family.bidding.steal && family.bombs == Bombs::AnySuit && family.levels.back_to_two);
        assert_eq!(Preset::Family.apply(&Settings { starting_level: Rank::Ace, ..s }).levels.final_rank, Rank::Ace);
    }
}
