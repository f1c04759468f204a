//! Rummy bots: a heuristic player built on the solver, a random-legal player
//! and the Expert, which searches (`expert.rs`). A bot sees only its seat's
//! view and draws randomness only from its seat's `Bots` stream of the current
//! deal, so its moves replay exactly (and resume from `table::StreamAt`).
//!
//! **Heuristic** (docs/rummy.md, "Bots"): a hand is judged by its *shape* —
//! the loose cards left when every meld is credited, each costing its points
//! plus 4, a loose card with a partner (same rank, or same suit within two
//! ranks) 3 less — plus 20 without a pure sequence or 8 without a second
//! sequence (the solver's standing under the table's rules). It drops an
//! opening hand with no pure sequence, no joker or wild card and fewer than
//! two pure-sequence draws; takes the top discard when that card lowers the
//! shape of the best 13 it could keep; discards the card whose loss leaves the
//! best shape; declares as soon as the 13 it keeps are a valid declaration;
//! and shows its best arrangement. At most four solver runs a decision.
//!
//! **Random**: draws from the stock or the pile at random, discards a random
//! card, drops once in 100 turns and declares random groups once in 200 (a
//! wrong declaration, nearly always); it still declares a complete hand and
//! shows its best arrangement.
//!
//! **Expert**: the heuristic's drop and declaration; its draws and discards
//! chosen by determinized search over the unseen cards (`expert.rs`,
//! `knowledge.rs`), its playouts scored as a race to declare (`race.rs`),
//! bounded by [`Effort`].

mod expert;
mod knowledge;
mod race;

pub use expert::Effort;

use crate::cards::Rank;
use crate::dup::{uniform_below, Purpose, TableSeed};
use crate::table::StreamAt;
use crate::rummy::card::RUMMY_KINDS;
use crate::rummy::game::{Action, PhaseName, SeatView, Stage};
use crate::rummy::{discard_options, solve, Arrangement, Counted, Discard, Rules, RummyCard, Standing};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How well a bot plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Difficulty {
    /// Random legal moves (see the module notes).
    Random,
    /// The solver-based heuristics.
    #[default]
    Heuristic,
    /// Determinized search over the unseen cards with the heuristic's
    /// discards in its playouts (`expert.rs`).
    Expert,
}

/// Why a bot chose its move, as data a UI phrases in any language; `Display`
/// is the English one-liner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotReason {
    /// Asked when it has no move (not its turn): the view's first legal guess.
    NoMove,
    DealNext,
    /// Shows its best arrangement, which costs `points`.
    ShowBest {
        points: u32,
    },
    /// A first drop: no pure sequence, no joker or wild card, `draws` pure-sequence draws.
    BadOpening {
        draws: usize,
    },
    /// Takes the top discard: the best hand it can keep improves from `before` to `after` (shape).
    TakeDiscard {
        card: RummyCard,
        before: u32,
        after: u32,
    },
    /// The top discard is a dead joker.
    DeadJoker,
    /// The top discard does not improve the hand.
    DrawStock,
    /// A valid declaration, finishing with `card`.
    Declare {
        card: RummyCard,
    },
    /// Discards `card`, keeping a hand that would cost `points` now.
    Discard {
        card: RummyCard,
        points: u32,
    },
    RandomDraw,
    RandomTake,
    RandomDiscard,
    RandomDrop,
    RandomDeclaration,
    /// The Expert takes the top discard: over `deals` sampled deals its playouts
    /// declare after `take` tenths of a turn on average, against `stock` drawing.
    ExpertTake {
        card: RummyCard,
        take: u32,
        stock: u32,
        deals: usize,
    },
    /// The Expert draws from the stock: taking `card` would average `take`, the stock `stock`.
    ExpertStock {
        card: RummyCard,
        take: u32,
        stock: u32,
        deals: usize,
    },
    /// The Expert discards `card`: its playouts average `turns` tenths of a turn
    /// to declare; `next` is the runner-up and its average.
    ExpertDiscard {
        card: RummyCard,
        turns: u32,
        next: Option<(RummyCard, u32)>,
        deals: usize,
    },
}

impl BotReason {
    /// Whether the move came from the Expert's search.
    pub fn searched(&self) -> bool {
        matches!(self, BotReason::ExpertTake { .. } | BotReason::ExpertStock { .. } | BotReason::ExpertDiscard { .. })
    }
}

/// Tenths of a turn as text: `23` is "2.3".
pub fn tenths(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

impl fmt::Display for BotReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotReason::NoMove => f.write_str("nothing to do"),
            BotReason::DealNext => f.write_str("deal the next hand"),
            BotReason::ShowBest { points } => write!(f, "show my best arrangement ({points} points)"),
            BotReason::BadOpening { draws } => {
                write!(f, "a poor opening: no pure sequence, no joker and {draws} card pairs towards one; drop early")
            }
            BotReason::TakeDiscard { card, before, after } => {
                write!(f, "{card} improves my hand (shape {before} → {after})")
            }
            BotReason::DeadJoker => f.write_str("the top discard is a dead joker: draw from the stock"),
            BotReason::DrawStock => f.write_str("the top discard does not help: draw from the stock"),
            BotReason::Declare { card } => write!(f, "my hand is complete: declare, finishing with {card}"),
            BotReason::Discard { card, points } => {
                write!(f, "discard {card}: the rest makes the best hand ({points} points now)")
            }
            BotReason::RandomDraw => f.write_str("a random draw from the stock"),
            BotReason::RandomTake => f.write_str("a random take from the discard pile"),
            BotReason::RandomDiscard => f.write_str("a random discard"),
            BotReason::RandomDrop => f.write_str("a random drop"),
            BotReason::RandomDeclaration => f.write_str("a random declaration"),
            BotReason::ExpertTake { card, take, stock, deals } => write!(
                f,
                "take {card}: about {} turns to declare, against {} drawing from the stock ({deals} sampled deals)",
                tenths(*take),
                tenths(*stock)
            ),
            BotReason::ExpertStock { card, take, stock, deals } => write!(
                f,
                "draw from the stock: about {} turns to declare, against {} taking {card} ({deals} sampled deals)",
                tenths(*stock),
                tenths(*take)
            ),
            BotReason::ExpertDiscard { card, turns, next, deals } => {
                write!(f, "discard {card}: about {} turns to declare", tenths(*turns))?;
                if let Some((other, t)) = next {
                    write!(f, ", against {} throwing {other}", tenths(*t))?;
                }
                write!(f, " ({deals} sampled deals)")
            }
        }
    }
}

/// Shape costs (see the module notes).
const LOOSE_CARD: u32 = 4;
const PARTNER_BONUS: u32 = 3;
const NO_PURE: u32 = 20;
const NO_SECOND: u32 = 8;
/// Opening hands with fewer pure-sequence draws than this (and no pure
/// sequence, joker or wild card) are dropped.
const DROP_BELOW_DRAWS: usize = 2;

/// A bot for one seat.
#[derive(Clone, Serialize, Deserialize)]
#[serde(into = "BotData", try_from = "BotData")]
pub struct Bot {
    pub seat: usize,
    pub difficulty: Difficulty,
    seed: TableSeed,
    deal: u64,
    rng: ChaCha20Rng,
    /// How hard an Expert searches (unused by the others).
    effort: expert::Effort,
}

impl Bot {
    pub fn new(seed: &TableSeed, seat: usize, difficulty: Difficulty) -> Bot {
        Bot {
            seat,
            difficulty,
            seed: seed.clone(),
            deal: 0,
            rng: seed.hand(0).seat(seat).stream(Purpose::Bots),
            effort: Effort::default(),
        }
    }

    /// The same bot searching with `effort` when it is an Expert (tests and the
    /// arena try others; the default is the app's).
    pub fn with_effort(mut self, effort: Effort) -> Bot {
        self.effort = effort;
        self
    }

    fn roll(&mut self, n: usize) -> usize {
        uniform_below(&mut self.rng, n as u64) as usize
    }

    /// The bot's move for this view and why.
    pub fn suggest(&mut self, view: &SeatView) -> (Action, BotReason) {
        if view.deal_number != self.deal {
            self.deal = view.deal_number;
            self.rng = self.seed.hand(self.deal).seat(self.seat).stream(Purpose::Bots);
        }
        match view.phase {
            PhaseName::Finished => (Action::NextDeal, BotReason::DealNext),
            PhaseName::Show => show_best(view),
            PhaseName::Play if !view.my_turn() => (Action::DrawStock, BotReason::NoMove),
            PhaseName::Play => match (self.difficulty, view.stage) {
                (Difficulty::Heuristic, Stage::Draw) => heuristic_draw(view),
                (Difficulty::Heuristic, Stage::Discard { taken }) => heuristic_discard(view, taken),
                (Difficulty::Random, Stage::Draw) => self.random_draw(view),
                (Difficulty::Random, Stage::Discard { taken }) => self.random_discard(view, taken),
                (Difficulty::Expert, Stage::Draw) => expert::draw(&mut self.rng, view, self.effort),
                (Difficulty::Expert, Stage::Discard { taken }) => expert::discard(&mut self.rng, view, taken, self.effort),
            },
        }
    }

    fn random_draw(&mut self, view: &SeatView) -> (Action, BotReason) {
        if view.drop_cost.is_some() && self.roll(100) == 0 {
            return (Action::Drop, BotReason::RandomDrop);
        }
        if view.top_takeable && self.roll(2) == 0 {
            return (Action::TakeDiscard, BotReason::RandomTake);
        }
        (Action::DrawStock, BotReason::RandomDraw)
    }

    fn random_discard(&mut self, view: &SeatView, taken: Option<RummyCard>) -> (Action, BotReason) {
        let options = discard_options(&view.hand, view.wild, &view.rules).unwrap_or_default();
        if let Some(d) = options.into_iter().find(|d| d.arrangement.valid && Some(d.discard) != taken) {
            return declare(d);
        }
        let choices: Vec<RummyCard> = view.hand.iter().copied().filter(|&c| Some(c) != taken).collect();
        let Some(&card) = choices.get(self.roll(choices.len())) else {
            return (Action::DrawStock, BotReason::NoMove); // no card to discard: not a real turn
        };
        if self.roll(200) == 0 {
            // Random groups of 3 or 4 cards in the order held: nearly always wrong.
            let mut rest = view.hand.clone();
            crate::rummy::game::take_card(&mut rest, card);
            let mut groups = Vec::new();
            while !rest.is_empty() {
                let take = if rest.len() <= 4 { rest.len() } else { 3 + self.roll(2) };
                groups.push(rest.drain(..take).collect());
            }
            return (Action::Declare(groups, card), BotReason::RandomDeclaration);
        }
        (Action::Discard(card), BotReason::RandomDiscard)
    }
}

/// The table's rules with every meld credited: what a hand's shape is judged by.
fn lenient(rules: &Rules) -> Rules {
    Rules {
        without_pure_sequence: Counted::UnmeldedOnly,
        without_second_sequence: Counted::UnmeldedOnly,
        ..rules.clone()
    }
}

/// Does `card` have a partner among `others`: the same rank, or the same suit
/// within two ranks (ace low or high)?
fn has_partner(card: RummyCard, others: &[RummyCard]) -> bool {
    let Some((rank, suit)) = card.rank_suit() else { return false };
    others.iter().filter_map(|c| c.rank_suit()).any(|(r, s)| {
        let gap = |a: Rank, b: Rank| {
            let (x, y) = (a.value() as i32, b.value() as i32);
            let low = |v: i32| if v == 14 { 1 } else { v };
            (x - y).abs().min((low(x) - low(y)).abs())
        };
        (r == rank && s != suit) || (s == suit && (1..=2).contains(&gap(r, rank)))
    })
}

/// The shape of a 13-card hand, lower is better: its arrangement with every meld
/// credited (`open`) and its standing under the table's rules.
fn shape(open: &Arrangement, standing: Standing, wild: Option<Rank>) -> u32 {
    let loose = &open.loose;
    let mut cost: u32 = 0;
    for (i, &c) in loose.iter().enumerate() {
        let others: Vec<RummyCard> = loose.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &o)| o).collect();
        let partner = !c.is_wild(wild) && has_partner(c, &others);
        cost += c.points(wild) + LOOSE_CARD - if partner { PARTNER_BONUS } else { 0 };
    }
    cost + match standing {
        Standing::Sequences => 0,
        Standing::PureOnly => NO_SECOND,
        Standing::NoPure => NO_PURE,
    }
}

/// The shape of a 13-card hand.
fn hand_shape(hand: &[RummyCard], view: &SeatView) -> Option<(u32, Arrangement)> {
    let real = solve(hand, view.wild, &view.rules).ok()?;
    let open = solve(hand, view.wild, &lenient(&view.rules)).ok()?;
    Some((shape(&open, real.standing, view.wild), real))
}

/// A discard from 14 cards as the heuristic judges it: the card, the solver's
/// best arrangement of the 13 kept, that arrangement with every meld credited
/// (`open`) and the kept hand's shape.
pub(crate) struct Judged {
    pub discard: Discard,
    pub open: Option<Arrangement>,
    pub shape: u32,
}

/// Every discard from `hand` (14 cards; not `taken`), best first: a valid
/// declaration, then the least shape, then the solver's order.
pub(crate) fn judged_options(hand: &[RummyCard], view: &SeatView, taken: Option<RummyCard>) -> Vec<Judged> {
    let Ok(real) = discard_options(hand, view.wild, &view.rules) else { return Vec::new() };
    let open = discard_options(hand, view.wild, &lenient(&view.rules)).unwrap_or_default();
    let mut by_card: [Option<Arrangement>; RUMMY_KINDS] = std::array::from_fn(|_| None);
    for d in open {
        let id = d.discard.id();
        by_card[id] = Some(d.arrangement);
    }
    let mut out: Vec<(usize, Judged)> = real
        .into_iter()
        .enumerate()
        .filter(|(_, d)| Some(d.discard) != taken)
        .map(|(i, d)| {
            let open = by_card[d.discard.id()].take();
            let shape = open.as_ref().map_or(u32::MAX, |o| shape(o, d.arrangement.standing, view.wild));
            (i, Judged { discard: d, open, shape })
        })
        .collect();
    crate::small_sort::sort_by_key(&mut out, |(i, j)| (!j.discard.arrangement.valid, j.shape, *i));
    out.into_iter().map(|(_, j)| j).collect()
}

/// Every discard from `hand` (14 cards; not `taken`), best first, with the kept hand's shape.
fn options_for(hand: &[RummyCard], view: &SeatView, taken: Option<RummyCard>) -> Vec<(Discard, u32)> {
    judged_options(hand, view, taken).into_iter().map(|j| (j.discard, j.shape)).collect()
}

fn declare(d: Discard) -> (Action, BotReason) {
    let groups = d.arrangement.groups.iter().map(|g| g.cards.clone()).collect();
    (Action::Declare(groups, d.discard), BotReason::Declare { card: d.discard })
}

fn show_best(view: &SeatView) -> (Action, BotReason) {
    match solve(&view.hand, view.wild, &view.rules) {
        Ok(a) => {
            (Action::Show(a.groups.iter().map(|g| g.cards.clone()).collect()), BotReason::ShowBest { points: a.points })
        }
        Err(_) => (Action::Show(Vec::new()), BotReason::ShowBest { points: view.rules.max_points }),
    }
}

/// Pairs of natural cards of one suit at most two ranks apart, each card used once:
/// how close an opening is to a pure sequence.
pub fn pure_draws(hand: &[RummyCard], wild: Option<Rank>) -> usize {
    let mut naturals: Vec<(usize, u8)> = hand
        .iter()
        .filter(|c| !c.is_wild(wild))
        .filter_map(|c| c.rank_suit())
        .map(|(r, s)| (s.index(), r.value()))
        .collect();
    crate::small_sort::sort(&mut naturals);
    naturals.dedup();
    let mut used = vec![false; naturals.len()];
    let mut draws = 0;
    for i in 0..naturals.len() {
        if used[i] {
            continue;
        }
        let (s, r) = naturals[i];
        let near = |j: usize| {
            naturals[j].0 == s
                && (naturals[j].1 - r <= 2 || (r == 2 && naturals[j].1 == 14) || (r == 3 && naturals[j].1 == 14))
        };
        if let Some(j) = (i + 1..naturals.len()).find(|&j| !used[j] && near(j)) {
            used[i] = true;
            used[j] = true;
            draws += 1;
        }
    }
    draws
}

/// The start of the heuristic's draw, which the Expert shares: the first drop of a bad
/// opening (`standing`: the hand's under the table's rules), or the stock when the top
/// discard cannot be taken (`Err`); else the top discard to weigh (`Ok`).
fn draw_prelude(view: &SeatView, standing: Standing) -> Result<RummyCard, (Action, BotReason)> {
    if view.drop_cost.is_some() && !view.drawn[view.seat] {
        let jokers = view.hand.iter().any(|c| c.is_wild(view.wild));
        let draws = pure_draws(&view.hand, view.wild);
        if standing == Standing::NoPure && !jokers && draws < DROP_BELOW_DRAWS {
            return Err((Action::Drop, BotReason::BadOpening { draws }));
        }
    }
    view.top().filter(|_| view.top_takeable).ok_or_else(|| {
        let why = if view.top().is_some() { BotReason::DeadJoker } else { BotReason::DrawStock };
        (Action::DrawStock, why)
    })
}

fn heuristic_draw(view: &SeatView) -> (Action, BotReason) {
    let Some((before, real)) = hand_shape(&view.hand, view) else {
        return (Action::DrawStock, BotReason::DrawStock);
    };
    let card = match draw_prelude(view, real.standing) {
        Ok(card) => card,
        Err(settled) => return settled,
    };
    let mut hand = view.hand.clone();
    hand.push(card);
    match options_for(&hand, view, Some(card)).into_iter().next() {
        Some((d, after)) if d.arrangement.valid || after < before => {
            (Action::TakeDiscard, BotReason::TakeDiscard { card, before, after })
        }
        _ => (Action::DrawStock, BotReason::DrawStock),
    }
}

fn heuristic_discard(view: &SeatView, taken: Option<RummyCard>) -> (Action, BotReason) {
    match options_for(&view.hand, view, taken).into_iter().next() {
        Some((d, _)) if d.arrangement.valid => declare(d),
        Some((d, _)) => {
            let points = d.arrangement.points;
            (Action::Discard(d.discard), BotReason::Discard { card: d.discard, points })
        }
        // Unreachable with a 14-card hand; any card but the taken one is legal.
        None => {
            let card = view.hand.iter().copied().find(|&c| Some(c) != taken).unwrap_or(RummyCard::Joker);
            (Action::Discard(card), BotReason::Discard { card, points: view.rules.max_points })
        }
    }
}

/// One bot per seat, seat `s` taking `difficulty[s % len]` (the default when empty).
pub fn bots_for(seed: &TableSeed, players: usize, difficulty: &[Difficulty]) -> Vec<Bot> {
    (0..players)
        .map(|s| Bot::new(seed, s, crate::table::level_for_seat(difficulty, s)))
        .collect()
}

impl crate::table::Bot<crate::rummy::game::Game> for Bot {
    type Reason = BotReason;
    fn suggest(&mut self, view: &SeatView) -> (Action, BotReason) {
        Bot::suggest(self, view)
    }
    /// Where the stream stands: all that deciding changes of a rummy bot.
    fn stream_at(&self) -> Option<StreamAt> {
        Some(StreamAt { hand: self.deal, word: self.rng.get_word_pos() })
    }
    fn resume_stream(&mut self, at: StreamAt) {
        self.deal = at.hand;
        self.rng = self.seed.hand(self.deal).seat(self.seat).stream(Purpose::Bots);
        self.rng.set_word_pos(at.word);
    }
}

/// What of a [`Bot`] travels (to the worker that thinks for it and back; serde reads and
/// writes a bot as this): its random stream is named by the seed, deal and seat, so only
/// the position in it travels. The effort is the app's.
#[derive(Serialize, Deserialize)]
pub struct BotData {
    seat: usize,
    difficulty: Difficulty,
    seed: String,
    at: StreamAt,
}

impl From<Bot> for BotData {
    fn from(b: Bot) -> BotData {
        BotData { seat: b.seat, difficulty: b.difficulty, seed: b.seed.as_str().into(), at: StreamAt { hand: b.deal, word: b.rng.get_word_pos() } }
    }
}

impl TryFrom<BotData> for Bot {
    type Error = crate::dup::SeedError;
    fn try_from(d: BotData) -> Result<Bot, Self::Error> {
        let mut bot = Bot::new(&TableSeed::parse(&d.seed)?, d.seat, d.difficulty);
        crate::table::Bot::resume_stream(&mut bot, d.at);
        Ok(bot)
    }
}

impl fmt::Debug for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bot {{ seat: {}, {:?}, deal {} }}", self.seat, self.difficulty, self.deal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::parse_rummy_cards;

    #[test]
    fn pure_draws_pair_cards_once() {
        let h = |t: &str| parse_rummy_cards(t).unwrap();
        assert_eq!(pure_draws(&h("2S 3S 4S"), None), 1);
        assert_eq!(pure_draws(&h("2S 4S 9H JH AS"), None), 2);
        assert_eq!(pure_draws(&h("2S 5S 9H QH KD"), None), 0);
        assert_eq!(pure_draws(&h("AS 3S"), None), 1, "ace low");
        assert_eq!(pure_draws(&h("7S 8S"), Some(Rank::Seven)), 0, "wild cards are not naturals");
    }

    #[test]
    fn partners_are_same_rank_or_near_in_suit() {
        let c = |t: &str| t.parse::<RummyCard>().unwrap();
        assert!(has_partner(c("5H"), &[c("5S")]));
        assert!(!has_partner(c("5H"), &[c("5H")]), "an identical card is no partner");
        assert!(has_partner(c("5H"), &[c("7H")]));
        assert!(!has_partner(c("5H"), &[c("8H")]));
        assert!(has_partner(c("AH"), &[c("2H")]) && has_partner(c("AH"), &[c("QH")]));
    }
}

crate::decides_here!(Bot, crate::rummy::game::Game);
