//! Game settings for a Shengji table: players, decks, kitty, mode, rule
//! policies, bidding and friend restrictions, with defaults and validation
//! that names what is wrong.

use super::bidding::{BidRules, FirstLandlord, JokerBids, NoBidTrump, Overcall};
use super::shown::Shown;
use super::levels::{LevelRuleError, LevelRules, STEPS_PER_DECK};
use crate::cards::Rank;
use crate::shengji::bomb::Bombs;
use crate::shengji::format::TractorRules;
use crate::shengji::rules::{DrawPolicy, PlayPolicies, Rules, ThrowEvaluation};
use crate::shengji::trump::Trump;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Tractor (fixed partnerships on alternating seats) or Finding Friends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    #[default]
    Tractor,
    Friends,
}

/// How the kitty's points are multiplied when the attackers win the last trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KittyMultiplier {
    /// 2 × the number of cards in the largest unit of the last trick's lead.
    #[default]
    TwiceLargestUnit,
    /// 2 to the power of that unit's size.
    PowerOfTwo,
}

/// Points lost for a failed throw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThrowPenaltySetting {
    #[default]
    None,
    /// 10 points per failed throw, credited to the other side.
    TenPerThrow,
}

/// Which cards the landlord may not call as friends, and whether a friend may fill a
/// second call (Finding Friends house rules; trump cards are `Settings::friend_trump_allowed`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FriendLimits {
    /// No call of the highest card: the big joker, or a plain suit's A (K when A is trump).
    pub no_highest: bool,
    /// No call of a point card (5, 10, K).
    pub no_points: bool,
    /// A player already on the landlord's side who plays another called card does not
    /// fill that call: it waits for another player's copy. (Off: they join twice, and
    /// the landlord's side is one short.)
    pub join_once: bool,
}

/// Every setting of a table. Fields left `None` take the documented default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    #[serde(rename = "p")]
    pub players: u8,
    /// Default players / 2 (at least 1).
    #[serde(rename = "d", skip_serializing_if = "Option::is_none")]
    pub decks: Option<u8>,
    /// Default: see [`default_kitty`].
    #[serde(rename = "k", skip_serializing_if = "Option::is_none")]
    pub kitty: Option<u8>,
    #[serde(rename = "m")]
    pub mode: Mode,
    /// Friends mode: default players / 2 − 1.
    #[serde(rename = "f", skip_serializing_if = "Option::is_none")]
    pub friends: Option<u8>,
    #[serde(rename = "dp")]
    pub draw_policy: DrawPolicy,
    #[serde(rename = "tr")]
    pub tractor: TractorRules,
    #[serde(rename = "te")]
    pub throw_evaluation: ThrowEvaluation,
    #[serde(rename = "tp")]
    pub throw_penalty: ThrowPenaltySetting,
    #[serde(rename = "km")]
    pub kitty_multiplier: KittyMultiplier,
    /// A player may raise their own bid with more copies of the same card.
    #[serde(rename = "rb")]
    pub reinforce: bool,
    /// Friend cards may be trump cards (off by default).
    #[serde(rename = "ft")]
    pub friend_trump_allowed: bool,
    /// Everyone starts at this rank.
    #[serde(rename = "sl")]
    pub starting_level: Rank,
    /// A player may take back their last play before the next player acts.
    #[serde(rename = "tb")]
    pub take_back: bool,
    /// Cards that may not be called as friends, and joining twice.
    #[serde(rename = "fl")]
    pub friend_limits: FriendLimits,
    /// How levels move and where the game ends (`levels.rs`).
    #[serde(rename = "lv")]
    pub levels: LevelRules,
    /// Which bids overcall, joker bids, taking a bid back, the first landlord, trump
    /// from the kitty (`bidding.rs`).
    #[serde(rename = "bd")]
    pub bidding: BidRules,
    /// What the table shows: the landlord's side's points, past tricks, the kitty at the
    /// end, who stopped a throw (`shown.rs`).
    #[serde(rename = "sh")]
    pub shown: Shown,
    /// Bombs (炸弹): off, or four or more of a rank beating any other play, played
    /// whatever the lead or only following suit (`shengji::bomb`).
    #[serde(rename = "bm")]
    pub bombs: Bombs,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            players: 4,
            decks: None,
            kitty: None,
            mode: Mode::Tractor,
            friends: None,
            draw_policy: DrawPolicy::default(),
            tractor: TractorRules::default(),
            throw_evaluation: ThrowEvaluation::default(),
            throw_penalty: ThrowPenaltySetting::None,
            kitty_multiplier: KittyMultiplier::TwiceLargestUnit,
            reinforce: true,
            friend_trump_allowed: false,
            starting_level: Rank::Two,
            take_back: true,
            friend_limits: FriendLimits::default(),
            levels: LevelRules::default(),
            bidding: BidRules::default(),
            shown: Shown::default(),
            bombs: Bombs::Off,
        }
    }
}

/// The longest tractor a plain suit can hold: 13 ranks less the trump rank.
pub const MAX_TRACTOR_LENGTH: u8 = 12;

/// Settings that cannot be played. Every variant carries the numbers its
/// sentence needs, so the UI can phrase it without reading the English back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    Players(u8),
    OddTractor(u8),
    Decks { decks: u8, players: u8 },
    /// The other cards do not split evenly among the players.
    Kitty { kitty: u8, cards: usize, players: u8 },
    /// A kitty of 0, or larger than a hand; `most` is the largest that works.
    KittySize { kitty: u8, hand: usize, most: usize },
    /// No kitty from 1 card to a hand's worth splits the deck evenly; `fewest_decks` is the fewest that work.
    NoKitty { players: u8, decks: u8, fewest_decks: u8 },
    Friends { friends: u8, players: u8 },
    /// Tractor rules outside 2..=`max_tuple` × 2..=[`MAX_TRACTOR_LENGTH`].
    Tractor { min_tuple: u8, min_length: u8, max_tuple: u8 },
    /// A house rule for levels out of its bounds.
    Levels(LevelRuleError),
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Players(p) => write!(f, "{p} players is not supported (use 4 to 10)"),
            SettingsError::OddTractor(p) => write!(
                f,
                "Tractor mode needs an even number of players for fixed partnerships, not {p} (use Finding Friends)"
            ),
            SettingsError::Decks { decks, players } => {
                let most = (2 * *players as usize).min(crate::shengji::rules::MAX_DECKS as usize);
                write!(f, "{decks} decks is not supported with {players} players (use 1 to {most})")
            }
            SettingsError::Kitty { kitty, cards, players } => write!(
                f,
                "a kitty of {kitty} cards does not work: the other {} of {cards} cards must split evenly among {players} players, at least one card each",
                cards.saturating_sub(*kitty as usize)
            ),
            SettingsError::KittySize { kitty: 0, most, .. } => write!(
                f,
                "a kitty of 0 cards does not work: the landlord exchanges with the kitty, so it holds at least 1 card \
                 (use a size from 1 to {most} that splits the other cards evenly)"
            ),
            SettingsError::KittySize { kitty, hand, most } => write!(
                f,
                "a kitty of {kitty} cards is too large: it may not hold more cards than a hand, and each hand would hold {hand} (use at most {most})"
            ),
            SettingsError::NoKitty { players, decks, fewest_decks } => write!(
                f,
                "{players} players cannot share {decks} deck(s): no kitty of 1 card up to a hand's worth leaves an even split (use {fewest_decks} decks or more)"
            ),
            SettingsError::Friends { friends, players } => write!(
                f,
                "{friends} friends is not possible with {players} players (use 1 to {})",
                players.saturating_sub(2)
            ),
            SettingsError::Tractor { min_tuple, min_length, max_tuple } => write!(
                f,
                "tractor rules of {min_tuple}x{min_length} do not work: the smallest tuple in a tractor is 2 to {max_tuple} \
                 (no card has more copies than there are decks) and the fewest tuples in a row 2 to {MAX_TRACTOR_LENGTH} \
                 (the ranks of a plain suit)"
            ),
            SettingsError::Levels(e) => match e {
                LevelRuleError::Step(n) => {
                    let allowed: Vec<String> = STEPS_PER_DECK.iter().map(|s| s.to_string()).collect();
                    write!(f, "{n} points a step per deck is not offered (use {})", allowed.join(", "))
                }
                LevelRuleError::Takeover(n) => write!(
                    f,
                    "{n} steps to take the landlord's seat does not work (use 1 to {})",
                    super::levels::MOST_TAKEOVER_STEPS
                ),
                LevelRuleError::DeadZone(n) => {
                    write!(f, "a dead zone of {n} steps is too wide (use 0 to {})", super::levels::MOST_DEAD_ZONE)
                }
                LevelRuleError::FinalBelowStart { final_rank, starting } => write!(
                    f,
                    "a game that ends at {} cannot start at {} (end at {} or higher)",
                    final_rank.notation(),
                    starting.notation(),
                    starting.notation()
                ),
            },
        }
    }
}

impl std::error::Error for SettingsError {}

/// Whether a kitty of `k` works: 1 card up to a hand's worth, the rest split evenly.
pub fn kitty_fits(k: usize, cards: usize, players: usize) -> bool {
    k >= 1 && k < cards && (cards - k).is_multiple_of(players) && k <= (cards - k) / players
}

/// The largest kitty that works at this table (0 if none does).
pub fn largest_kitty(cards: usize, players: usize) -> usize {
    (1..=cards / (players + 1)).rev().find(|&k| kitty_fits(k, cards, players)).unwrap_or(0)
}

/// The default kitty: the smallest k ≥ 5 that works (the other cards split
/// evenly and k is at most a hand: 108 cards, 4 players → 8; 5 players → 8;
/// 162 cards, 6 players → 6), else the largest smaller one that works
/// (54 cards, 10 players → 4), else `None` (54 cards, 9 players).
pub fn default_kitty(cards: usize, players: usize) -> Option<usize> {
    (5..=cards / (players + 1))
        .find(|&k| kitty_fits(k, cards, players))
        .or_else(|| (1..5).rev().find(|&k| kitty_fits(k, cards, players)))
}

/// Validated settings with every default filled in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolved {
    pub players: usize,
    pub decks: usize,
    pub kitty: usize,
    pub mode: Mode,
    pub friends: usize,
    pub settings: Settings,
}

impl Resolved {
    pub fn cards(&self) -> usize {
        54 * self.decks
    }
    pub fn hand_size(&self) -> usize {
        (self.cards() - self.kitty) / self.players
    }
    pub fn total_points(&self) -> u32 {
        100 * self.decks as u32
    }
    /// The play's house rules, the trump aside (in every seat's view from the draw on).
    pub fn play_policies(&self) -> PlayPolicies {
        let s = &self.settings;
        PlayPolicies { tractor: s.tractor, draw: s.draw_policy, throw_evaluation: s.throw_evaluation, bombs: s.bombs }
    }

    /// The rules context for a hand with this trump: [`Resolved::play_policies`] under it, so
    /// the game's rules and what every view says of them have one source.
    pub fn rules(&self, trump: Trump) -> Rules {
        // Validation made every field acceptable, so this cannot fail; fall
        // back to the default tractor rules rather than panic.
        let decks = u8::try_from(self.decks).expect("decks validated");
        let policies = self.play_policies();
        Rules::try_from(policies.with_trump(trump, decks))
            .or_else(|_| Rules::try_from(PlayPolicies { tractor: TractorRules::default(), ..policies }.with_trump(trump, decks)))
            .expect("decks validated")
    }
}

impl Settings {
    /// The decks a table of `players` uses when the settings name none: players / 2, at least 1.
    pub fn default_decks(players: u8) -> u8 {
        (players / 2).max(1)
    }

    /// The friends a Finding Friends table of `players` calls when the settings name none:
    /// players / 2 − 1, at least 1.
    pub fn default_friends(players: u8) -> u8 {
        (players / 2).saturating_sub(1).max(1)
    }

    /// The decks this table uses.
    pub fn decks_or_default(&self) -> u8 {
        self.decks.unwrap_or(Self::default_decks(self.players))
    }

    /// The largest group a tractor may ask for: no card has more copies than there are
    /// decks, and a pair is the rule even with one deck.
    pub fn largest_tractor_tuple(&self) -> u8 {
        self.decks_or_default().max(2)
    }

    /// The one judge of which tables can be played: share links, replay codes,
    /// saves, the CLI and the new-game screen all accept exactly what this accepts.
    /// Bounds: 4–10 players (even in Tractor mode), 1 to 2 × players decks (at
    /// most 16), a kitty of 1 card up to a hand's worth leaving an even split,
    /// 1 to players − 2 friends, tractor rules of 2 to max(2, decks) × 2 to 12.
    pub fn validate(&self) -> Result<Resolved, SettingsError> {
        let p = self.players;
        if !(4..=10).contains(&p) {
            return Err(SettingsError::Players(p));
        }
        if self.mode == Mode::Tractor && p % 2 == 1 {
            return Err(SettingsError::OddTractor(p));
        }
        let decks = self.decks_or_default();
        if decks == 0 || decks as usize > 2 * p as usize || decks > crate::shengji::rules::MAX_DECKS {
            return Err(SettingsError::Decks { decks, players: p });
        }
        let max_tuple = self.largest_tractor_tuple();
        let TractorRules { min_tuple, min_length } = self.tractor;
        if !(2..=max_tuple).contains(&min_tuple) || !(2..=MAX_TRACTOR_LENGTH).contains(&min_length) {
            return Err(SettingsError::Tractor { min_tuple, min_length, max_tuple });
        }
        let cards = 54 * decks as usize;
        let players = p as usize;
        let most = largest_kitty(cards, players);
        if most == 0 {
            let fewest_decks = (decks..=crate::shengji::rules::MAX_DECKS)
                .find(|&d| largest_kitty(54 * d as usize, players) > 0)
                .unwrap_or(decks + 1);
            return Err(SettingsError::NoKitty { players: p, decks, fewest_decks });
        }
        let kitty = match self.kitty {
            Some(k) => {
                let k = k as usize;
                if k >= 1 && (k >= cards || !(cards - k).is_multiple_of(players)) {
                    return Err(SettingsError::Kitty { kitty: k as u8, cards, players: p });
                }
                if !kitty_fits(k, cards, players) {
                    let hand = cards.saturating_sub(k) / players;
                    return Err(SettingsError::KittySize { kitty: k as u8, hand, most });
                }
                k
            }
            // Some kitty fits (checked above), so the default exists.
            None => default_kitty(cards, players).unwrap_or(most),
        };
        self.levels.check(self.starting_level).map_err(SettingsError::Levels)?;
        let friends = match self.mode {
            Mode::Tractor => 0,
            Mode::Friends => {
                let f = self.friends.unwrap_or(Self::default_friends(p));
                if f == 0 || f > p - 2 {
                    return Err(SettingsError::Friends { friends: f, players: p });
                }
                f as usize
            }
        };
        Ok(Resolved { players, decks: decks as usize, kitty, mode: self.mode, friends, settings: self.clone() })
    }
}

/// A table drawn from `rng` among those [`Settings::validate`] accepts, for sweeps:
/// 4–10 players, either mode (Friends when odd), any number of friends, 1 to
/// min(2 × players, 16) decks, the default, smallest or largest kitty that fits,
/// and any draw policy, tractor rules, throw evaluation, penalty, multiplier,
/// flags, starting level, house rules for levels, limits on friend calls and bidding rules.
/// The same stream gives the same tables.
pub fn sample(rng: &mut (impl rand_core::RngCore + ?Sized)) -> Settings {
    use crate::dup::uniform_below;
    let mut pick = |n: usize| uniform_below(rng, n as u64) as usize;
    let players = 4 + pick(7) as u8;
    let mode = if players % 2 == 1 || pick(2) == 1 { Mode::Friends } else { Mode::Tractor };
    let friends = match (mode, pick(3)) {
        (Mode::Friends, 0) => None,
        (Mode::Friends, _) => Some(1 + pick(players as usize - 2) as u8),
        (Mode::Tractor, _) => None,
    };
    let most_decks = (2 * players).min(crate::shengji::rules::MAX_DECKS);
    let mut decks = 1 + pick(most_decks as usize) as u8;
    if players == 9 && decks == 1 {
        decks = 2; // nine players cannot share one deck (no kitty fits)
    }
    let (cards, n) = (54 * decks as usize, players as usize);
    let kitty = match pick(4) {
        0 => (1..=cards / (n + 1)).find(|&k| kitty_fits(k, cards, n)).map(|k| k as u8),
        1 => Some(largest_kitty(cards, n) as u8),
        _ => None,
    };
    let tractor = if pick(2) == 0 {
        TractorRules::default()
    } else {
        TractorRules {
            min_tuple: 2 + pick(decks.max(2) as usize - 1) as u8,
            min_length: 2 + pick(MAX_TRACTOR_LENGTH as usize - 1) as u8,
        }
    };
    let starting_level = Rank::ALL[pick(Rank::ALL.len())];
    Settings {
        players,
        decks: Some(decks),
        kitty,
        mode,
        friends,
        draw_policy: DrawPolicy::ALL[pick(DrawPolicy::ALL.len())],
        tractor,
        throw_evaluation: ThrowEvaluation::ALL[pick(ThrowEvaluation::ALL.len())],
        throw_penalty: if pick(2) == 0 { ThrowPenaltySetting::None } else { ThrowPenaltySetting::TenPerThrow },
        kitty_multiplier: if pick(2) == 0 { KittyMultiplier::TwiceLargestUnit } else { KittyMultiplier::PowerOfTwo },
        reinforce: pick(2) == 0,
        friend_trump_allowed: pick(2) == 1,
        starting_level,
        take_back: pick(2) == 0,
        levels: sample_levels(starting_level, &mut pick),
        friend_limits: FriendLimits { no_highest: pick(3) == 0, no_points: pick(3) == 0, join_once: pick(2) == 0 },
        bidding: sample_bidding(&mut pick),
        shown: Shown { landlord_points: pick(2) == 0, past_tricks: pick(2) == 0, kitty_at_end: pick(2) == 0, throw_stopper: pick(2) == 0 },
        bombs: Bombs::ALL[pick(Bombs::ALL.len())],
    }
}

/// House rules for bidding drawn for a sweep: the classic ones half the time, else any.
fn sample_bidding(pick: &mut impl FnMut(usize) -> usize) -> BidRules {
    if pick(2) == 0 {
        return BidRules::default();
    }
    BidRules {
        overcall: Overcall::ALL[pick(Overcall::ALL.len())],
        joker_bids: JokerBids::ALL[pick(JokerBids::ALL.len())],
        take_back: pick(2) == 0,
        first_landlord: FirstLandlord::ALL[pick(FirstLandlord::ALL.len())],
        no_bid: NoBidTrump::ALL[pick(NoBidTrump::ALL.len())],
        steal: pick(2) == 0,
    }
}

/// House rules for levels drawn for a sweep: the classic ones half the time, else any
/// step, takeover and dead zone, a bonus, a few defended ranks, a final rank from the
/// starting level up, 打J.
fn sample_levels(starting: Rank, pick: &mut impl FnMut(usize) -> usize) -> LevelRules {
    if pick(2) == 0 {
        return LevelRules::default();
    }
    let mut defended = Vec::new();
    for _ in 0..pick(4) {
        defended.push(Rank::ALL[pick(Rank::ALL.len())]);
    }
    let above = Rank::ALL.len() - starting.index();
    LevelRules {
        step_per_deck: STEPS_PER_DECK[pick(STEPS_PER_DECK.len())],
        takeover_steps: 1 + pick(super::levels::MOST_TAKEOVER_STEPS as usize) as u8,
        dead_zone: pick(super::levels::MOST_DEAD_ZONE as usize + 1) as u8,
        short_handed_bonus: pick(2) == 0,
        defended: super::levels::RankSet::of(&defended),
        final_rank: Rank::from_index(starting.index() + pick(above)).unwrap_or(Rank::Ace),
        back_to_two: pick(2) == 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_kitty_formula() {
        let r = Settings::default().validate().unwrap();
        assert_eq!((r.players, r.decks, r.kitty, r.hand_size()), (4, 2, 8, 25));
        let s = Settings { players: 5, mode: Mode::Friends, ..Settings::default() };
        let r = s.validate().unwrap();
        assert_eq!((r.decks, r.kitty, r.friends, r.hand_size()), (2, 8, 1, 20));
        let s = Settings { players: 6, ..Settings::default() };
        assert_eq!(s.validate().unwrap().kitty, 6);
        assert_eq!(default_kitty(54, 4), Some(6));
    }

    #[test]
    fn invalid_settings_are_named() {
        let e = Settings { players: 3, ..Settings::default() }.validate().unwrap_err();
        assert!(e.to_string().contains("3 players"));
        let e = Settings { players: 5, ..Settings::default() }.validate().unwrap_err();
        assert!(e.to_string().contains("even number"));
        let e = Settings { decks: Some(9), ..Settings::default() }.validate().unwrap_err();
        assert!(e.to_string().contains("9 decks"));
        let e = Settings { kitty: Some(7), ..Settings::default() }.validate().unwrap_err();
        assert!(e.to_string().contains("kitty of 7"));
        let e = Settings { players: 6, mode: Mode::Friends, friends: Some(5), ..Settings::default() }
            .validate()
            .unwrap_err();
        assert!(e.to_string().contains("5 friends"));
    }

    /// Tables the validator accepted before its bounds and that nobody plays.
    #[test]
    fn kitty_is_one_card_up_to_a_hand() {
        // 4 players, 1 deck, a kitty of 50: one card each.
        let s = Settings { decks: Some(1), kitty: Some(50), ..Settings::default() };
        let e = s.validate().unwrap_err();
        assert_eq!(e, SettingsError::KittySize { kitty: 50, hand: 1, most: 10 });
        assert!(e.to_string().contains("too large") && e.to_string().contains("at most 10"), "{e}");
        // The largest that works: 10 (hands of 11).
        let r = Settings { kitty: Some(10), ..s.clone() }.validate().unwrap();
        assert_eq!((r.kitty, r.hand_size()), (10, 11));
        // No kitty at all.
        let e = Settings { kitty: Some(0), ..Settings::default() }.validate().unwrap_err();
        assert!(matches!(e, SettingsError::KittySize { kitty: 0, .. }) && e.to_string().contains("at least 1 card"), "{e}");
        // 10 players, 1 deck: the default of at least 5 would be 14 against hands of 4, so it is 4 (hands of 5).
        let r = Settings { players: 10, decks: Some(1), ..Settings::default() }.validate().unwrap();
        assert_eq!((r.kitty, r.hand_size()), (4, 5));
        // 9 players, 1 deck: nothing fits (0 or 9 against hands of 5), whatever the kitty.
        for kitty in [None, Some(9)] {
            let s = Settings { players: 9, decks: Some(1), kitty, mode: Mode::Friends, ..Settings::default() };
            let e = s.validate().unwrap_err();
            assert_eq!(e, SettingsError::NoKitty { players: 9, decks: 1, fewest_decks: 2 });
            assert!(e.to_string().contains("use 2 decks or more"), "{e}");
        }
    }

    #[test]
    fn tractor_rules_are_bounded() {
        let with = |t: u8, l: u8, decks: u8| {
            Settings { decks: Some(decks), tractor: TractorRules { min_tuple: t, min_length: l }, ..Settings::default() }
                .validate()
        };
        assert!(with(2, 2, 1).is_ok(), "pairs are the rule even with one deck");
        assert!(with(3, 2, 3).is_ok() && with(2, 12, 2).is_ok());
        for (t, l, d) in [(1, 2, 2), (2, 1, 2), (3, 2, 2), (2, 13, 2), (10, 2, 8), (200, 200, 2)] {
            let e = with(t, l, d).unwrap_err();
            assert_eq!(e, SettingsError::Tractor { min_tuple: t, min_length: l, max_tuple: d.max(2) });
            assert!(e.to_string().contains(&format!("{t}x{l}")), "{e}");
        }
    }

    /// Every default table of 4–10 players and 1 to min(2p, 16) decks has a
    /// default kitty within the bounds, except 9 players on one deck.
    #[test]
    fn default_kitties_fit() {
        for p in 4..=10u8 {
            for d in 1..=(2 * p).min(16) {
                let r = Settings { players: p, decks: Some(d), mode: Mode::Friends, ..Settings::default() }.validate();
                match r {
                    Ok(r) => assert!(r.kitty >= 1 && r.kitty <= r.hand_size(), "{p}x{d}: {r:?}"),
                    Err(e) => assert_eq!((p, d), (9, 1), "{e}"),
                }
            }
        }
    }

    #[test]
    fn sampled_tables_are_accepted_and_varied() {
        let mut rng = crate::dup::TableSeed::parse("sample").unwrap().stream(crate::dup::Purpose::Named("settings"));
        let tables: Vec<Settings> = (0..2000).map(|_| sample(&mut rng)).collect();
        for s in &tables {
            assert!(s.validate().is_ok(), "{s:?}: {}", s.validate().unwrap_err());
        }
        for p in 4..=10 {
            assert!(tables.iter().any(|s| s.players == p && s.mode == Mode::Friends));
        }
        assert!(tables.iter().any(|s| s.decks == Some(16)) && tables.iter().any(|s| s.decks == Some(1)));
        assert!(tables.iter().any(|s| s.tractor.min_length == MAX_TRACTOR_LENGTH));
        let mut again = crate::dup::TableSeed::parse("sample").unwrap().stream(crate::dup::Purpose::Named("settings"));
        assert_eq!(sample(&mut again), tables[0]);
    }
}
