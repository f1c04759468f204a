//! Bots for the Sichuan table. Each sees only its seat's view.
//!
//! * **Random**: random legal moves — except that it always declares a win it
//!   can (otherwise it would almost never finish a hand).
//! * **Shanten**: discards to the lowest shanten (ties at random), claims a
//!   pung when it lowers the shanten and a kong when it does not raise it.
//! * **Advice** (the default): the engine's discard advice — shanten, then
//!   the unseen tiles that improve the hand (its hand, every discard, set and
//!   shown hand subtracted), then the tile's value in the hand's shapes; the
//!   same claims; and defence: when it is far from ready (shanten ≥ 2) while
//!   an opponent looks ready (two sets declared, or the wall under 24 tiles),
//!   it discards, among tiles costing at most one shanten step, the safest:
//!   a tile of that opponent's void suit (it can never win on it), then one
//!   it discarded itself, else any.
//!
//! * **Expert**: the advice bot's exchange; its kongs (`kong.rs`), void suit (`setup.rs`),
//!   discards and pungs by determinized playouts over the unseen tiles (`expert.rs`; the
//!   opponents' hands dealt first, `kept.rs`):
//!   the advice's best candidates compared on the same sampled walls, with the
//!   table's own fan and payments, minus each discard's measured deal-in risk
//!   (`danger.rs`); a win on a discard it may let go for a self-drawn one worth
//!   more (`hold.rs`). It always wins by self-draw.
//!
//! Exchange: the suit with the fewest tiles (at least three), its least
//! connected tiles. Void (all but the Expert): the suit with the fewest tiles after
//! the exchange.
//!
//! 血流成河: a bot that has won plays on with its hand locked — it wins when it
//! can and otherwise discards the tile it drew (every kind alike); the others
//! count a winner that plays on as a ready opponent.

pub mod danger;
pub mod expert;
mod hold;
mod kept;
mod kong;
mod setup;

use super::settle::FORMS;
use super::{Action, ClaimOptions, PhaseName, Seat, SeatView, Settings};
use crate::table::StreamAt;
use crate::dup::{uniform_below, Purpose, TableSeed};
use crate::mahjong::{advise, shanten, Hand, MeldKind, Suit, Tile, Visible, KINDS};
use rand_chacha::ChaCha20Rng;
use std::fmt;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Difficulty {
    Random,
    Shanten,
    #[default]
    Advice,
    /// Determinized search (`expert.rs`).
    Expert,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [Difficulty::Random, Difficulty::Shanten, Difficulty::Advice, Difficulty::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Random => "random",
            Difficulty::Shanten => "shanten",
            Difficulty::Advice => "advice",
            Difficulty::Expert => "expert",
        }
    }

    pub fn parse(text: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == text)
    }
}

/// Why a bot chose its move, as data a UI phrases in any language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotReason {
    NoMove,
    DealNext,
    Exchange { suit: Suit },
    Void { suit: Suit, held: usize },
    Win,
    /// A kong that keeps the shanten.
    Kong { tile: Tile },
    /// A pung that lowers the shanten from `before` to `after`.
    Pung { before: i32, after: i32 },
    Pass,
    /// Discarding the void suit first.
    VoidDiscard { tile: Tile },
    /// The advice's first choice: shanten after it and improving tiles left.
    Discard { tile: Tile, shanten: i32, improving: u32 },
    /// A safe tile while an opponent looks ready.
    Defend { tile: Tile },
    /// 血流成河: it has won and its hand is locked: the drawn tile goes.
    PlayOn { tile: Tile },
    Random,
    /// Expert: the discard worth most over `samples` sampled walls: the hand then wins
    /// `wins` % of them, worth `value` tenths of a point on average (deal-in risk counted).
    Search { tile: Tile, wins: u32, value: i32, samples: u32 },
    /// Expert: a safer discard than `instead`, which the sampled walls rate a little higher.
    SearchSafe { tile: Tile, instead: Tile },
    /// Expert: pung (or pass), worth `with` tenths of a point against `without` over the
    /// sampled walls.
    SearchPung { with: i32, without: i32 },
    SearchPass { with: i32, without: i32 },
    /// Expert: play without `suit` (`held` tiles of it), the hand then worth `value` tenths
    /// of a point over the sampled walls, more than without either other suit.
    SearchVoid { suit: Suit, held: usize, value: i32 },
    /// Expert: let a win on a discard go (worth `win` tenths of a point) and play on for a
    /// self-drawn one (the hand worth `on` tenths over the sampled walls).
    SearchPlayOn { win: i32, on: i32 },
    /// Expert: kong `tile`, the hand with it (the kong's money counted) worth `with` tenths of a
    /// point over the sampled walls against `without` (the hand without it).
    SearchKong { tile: Tile, with: i32, without: i32 },
}

impl BotReason {
    /// Whether the move came from the Expert's search.
    pub fn searched(&self) -> bool {
        matches!(self, BotReason::Search { .. } | BotReason::SearchSafe { .. } | BotReason::SearchPung { .. } | BotReason::SearchPass { .. } | BotReason::SearchVoid { .. } | BotReason::SearchPlayOn { .. } | BotReason::SearchKong { .. })
    }
}

impl fmt::Display for BotReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotReason::NoMove => f.write_str("nothing to do"),
            BotReason::DealNext => f.write_str("deal the next hand"),
            BotReason::Exchange { suit } => write!(f, "pass on three {}: my weakest suit", suit.letter()),
            BotReason::Void { suit, held } => write!(f, "play without {}: I hold only {held}", suit.letter()),
            BotReason::Win => f.write_str("my hand is complete: win"),
            BotReason::Kong { tile } => write!(f, "kong {tile}: it costs the hand nothing"),
            BotReason::Pung { before, after } => write!(f, "pung: shanten {before} → {after}"),
            BotReason::Pass => f.write_str("the tile does not help: pass"),
            BotReason::VoidDiscard { tile } => write!(f, "discard {tile}: my void suit goes first"),
            BotReason::Discard { tile, shanten, improving } => {
                write!(f, "discard {tile}: shanten {shanten} after it, {improving} unseen tiles improve")
            }
            BotReason::Defend { tile } => write!(f, "discard {tile}: safe against a ready opponent"),
            BotReason::PlayOn { tile } => write!(f, "discard {tile}: I have won and my hand stays as it is"),
            BotReason::Random => f.write_str("a random move"),
            BotReason::Search { tile, wins, value, samples } => write!(
                f,
                "discard {tile}: over {samples} sampled walls the hand wins {wins} % of them, {:+.1} points on average",
                *value as f64 / 10.0
            ),
            BotReason::SearchSafe { tile, instead } => write!(f, "discard {tile}: safer than {instead}, worth nearly as much"),
            BotReason::SearchPung { with, without } => {
                write!(f, "pung: {:+.1} points with it, {:+.1} without", *with as f64 / 10.0, *without as f64 / 10.0)
            }
            BotReason::SearchPass { with, without } => {
                write!(f, "pass: {:+.1} points with the pung, {:+.1} without", *with as f64 / 10.0, *without as f64 / 10.0)
            }
            BotReason::SearchPlayOn { win, on } => write!(
                f,
                "pass: the win is worth {:+.1} points, the hand played on {:+.1}",
                *win as f64 / 10.0,
                *on as f64 / 10.0
            ),
            BotReason::SearchKong { tile, with, without } => write!(
                f,
                "kong {tile}: {:+.1} points with it (its money counted), {:+.1} without",
                *with as f64 / 10.0,
                *without as f64 / 10.0
            ),
            BotReason::SearchVoid { suit, held, value } => {
                write!(f, "play without {} ({held} held): {:+.1} points on the sampled walls, the most", suit.letter(), *value as f64 / 10.0)
            }
        }
    }
}

/// A bot for one seat.
#[derive(Clone)]
pub struct Bot {
    pub seat: Seat,
    pub difficulty: Difficulty,
    /// How hard an Expert searches (`expert::EFFORT` unless set).
    pub effort: expert::Effort,
    seed: TableSeed,
    hand: u64,
    rng: ChaCha20Rng,
}

/// What the Expert would do in `view` (the hint's "what would Expert do?"): an Expert of
/// its own, drawing from a stream named by the hint, the hand and the seat, so the same
/// view always gets the same answer and the table's bots' streams are untouched.
pub fn expert_hint(view: &SeatView) -> (Action, BotReason) {
    let seed = TableSeed::parse("experthint").expect("a valid seed");
    Bot::new(&seed, view.seat, Difficulty::Expert).suggest(view)
}

/// One bot per seat, seat `s` playing `difficulty[s % len]` (advice when empty).
pub fn bots_for(seed: &TableSeed, players: usize, difficulty: &[Difficulty]) -> Vec<Bot> {
    (0..players)
        .map(|s| Bot::new(seed, s, crate::table::level_for_seat(difficulty, s)))
        .collect()
}

impl crate::table::Bot<super::Game> for Bot {
    type Reason = BotReason;
    fn suggest(&mut self, view: &SeatView) -> (Action, BotReason) {
        Bot::suggest(self, view)
    }
    fn stream_at(&self) -> Option<StreamAt> {
        Some(self.progress())
    }
    fn resume_stream(&mut self, at: StreamAt) {
        self.resume(at)
    }
}

/// The three tiles a thinking bot passes on, and their suit: the suit with the fewest tiles
/// (at least three), its least connected tiles first (fewest same-suit tiles within two
/// ranks, a pair's tiles last). No randomness: the board preselects the same three.
pub fn exchange_choice(view: &SeatView) -> ([Tile; 3], Suit) {
    let hand = full_hand(view);
    let suits = exchange_suits(&hand);
    let (suit, tiles) = suits.iter().min_by_key(|(_, tiles)| tiles.len()).unwrap_or(&suits[0]).clone();
    let near = |t: Tile| tiles.iter().filter(|&&x| x != t && x.rank().abs_diff(t.rank()) <= 2).count();
    let mut scored: Vec<(usize, Tile)> = tiles.iter().map(|&t| (near(t) * 2 + (hand.count(t) > 1) as usize * 3, t)).collect();
    crate::small_sort::sort(&mut scored);
    ([scored[0].1, scored[1].1, scored[2].1], suit)
}

/// The suits a hand may pass three of (those it holds at least three of), with its tiles
/// of each.
fn exchange_suits(hand: &Hand) -> Vec<(Suit, Vec<Tile>)> {
    Suit::ALL[..3]
        .iter()
        .map(|&s| (s, hand.tiles().into_iter().filter(|t| t.suit() == s).collect::<Vec<_>>()))
        .filter(|(_, tiles)| tiles.len() >= 3)
        .collect()
}

/// Every tile this seat can see outside its own hand: discards still in the
/// rivers, declared sets (a hidden concealed kong not), the shown hands of winners.
pub fn visible(view: &SeatView) -> Visible {
    let mut v: Visible = [0; KINDS];
    let mut add = |t: Tile, n: u8| v[t.id() as usize] = v[t.id() as usize].saturating_add(n).min(4);
    for r in view.rivers.iter().flatten().filter(|r| !r.claimed) {
        add(r.tile, 1);
    }
    for s in view.sets.iter().flatten() {
        if let Some(t) = s.tile {
            add(t, if s.kind == MeldKind::Pung { 3 } else { 4 });
        }
    }
    for (i, w) in view.wins.iter().enumerate().filter(|(_, w)| w.seat != view.seat) {
        // 血流成河: a seat's later wins show the same hand again; only their self-drawn
        // tiles (set aside) are new.
        if view.wins[..i].iter().any(|x| x.seat == w.seat) {
            if let (None, Some(t)) = (w.from, w.tile) {
                add(t, 1);
            }
            continue;
        }
        let mut hand = w.hand.clone();
        // A discard won on is still in its river.
        if let (Some(_), Some(t)) = (w.from, w.tile) {
            if let Some(i) = hand.iter().position(|&x| x == t) {
                hand.remove(i);
            }
        }
        for t in hand {
            add(t, 1);
        }
    }
    v
}

/// 血流成河: this seat has won and plays on with its hand locked.
pub fn locked(view: &SeatView) -> bool {
    view.settings.winners_play_on() && view.wins.iter().any(|w| w.seat == view.seat)
}

/// The seat's concealed tiles with the drawn one (red dragons as wildcards when the table plays them).
pub fn full_hand(view: &SeatView) -> Hand {
    let mut tiles = view.hand.clone();
    tiles.extend(view.drawn);
    Hand::from_tiles(&tiles, view.settings.wild_kind()).unwrap_or_default()
}

/// Discard advice for a seat's hand (`full_hand`) and what it sees (`visible`), best
/// first, without the wildcard (which stays in the hand).
pub fn table_advice(hand: &Hand, seen: &Visible, settings: &Settings) -> Vec<crate::mahjong::advise::Discard> {
    let mut advice = advise(hand, seen, FORMS).unwrap_or_default();
    advice.retain(|d| !settings.is_wild(d.discard));
    advice
}

fn shanten_of(hand: &Hand) -> i32 {
    shanten(hand, FORMS).map_or(8, |s| s.shanten)
}

fn without(hand: &Hand, tile: Tile, n: usize) -> Hand {
    let mut h = *hand;
    for _ in 0..n {
        h.remove(tile);
    }
    h
}

/// What of a [`Bot`] travels (to the worker that thinks for it and back): its random
/// stream is named by the seed, hand and seat, so only the position in it travels.
#[derive(serde::Serialize, serde::Deserialize)]
struct BotState {
    seat: Seat,
    difficulty: Difficulty,
    seed: String,
    progress: StreamAt,
}

impl serde::Serialize for Bot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        BotState { seat: self.seat, difficulty: self.difficulty, seed: self.seed.as_str().to_string(), progress: self.progress() }.serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Bot {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Bot, D::Error> {
        let b = BotState::deserialize(d)?;
        let seed = TableSeed::parse(&b.seed).map_err(|_| serde::de::Error::custom("not a table seed"))?;
        let mut bot = Bot::new(&seed, b.seat, b.difficulty);
        bot.resume(b.progress);
        Ok(bot)
    }
}

impl fmt::Debug for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bot {{ seat: {}, {:?}, hand {} }}", self.seat, self.difficulty, self.hand)
    }
}

impl Bot {
    /// What deciding has changed of this bot since it was made.
    pub fn progress(&self) -> StreamAt {
        StreamAt { hand: self.hand, word: self.rng.get_word_pos() }
    }

    /// Moves the bot on to `progress` (the same bot's, after a decision made elsewhere).
    pub fn resume(&mut self, progress: StreamAt) {
        self.hand = progress.hand;
        self.rng = self.seed.hand(self.hand).seat(self.seat).stream(Purpose::Bots);
        self.rng.set_word_pos(progress.word);
    }

    pub fn new(seed: &TableSeed, seat: Seat, difficulty: Difficulty) -> Bot {
        Bot {
            seat,
            difficulty,
            effort: expert::EFFORT,
            seed: seed.clone(),
            hand: 0,
            rng: seed.hand(0).seat(seat).stream(Purpose::Bots),
        }
    }

    /// The same bot searching with `effort` (an Expert; the others ignore it).
    pub fn with_effort(mut self, effort: expert::Effort) -> Bot {
        self.effort = effort;
        self
    }

    fn roll(&mut self, n: usize) -> usize {
        uniform_below(&mut self.rng, n.max(1) as u64) as usize
    }

    /// The bot's move for this view and why.
    pub fn suggest(&mut self, view: &SeatView) -> (Action, BotReason) {
        if view.hand_number != self.hand {
            self.hand = view.hand_number;
            self.rng = self.seed.hand(self.hand).seat(self.seat).stream(Purpose::Bots);
        }
        match view.phase {
            PhaseName::Finished => (Action::NextHand, BotReason::DealNext),
            PhaseName::Exchange => self.exchange(view),
            PhaseName::Void => self.void(view),
            PhaseName::Claims => match view.claim {
                Some(c) => self.claim(view, c.tile, c.options),
                None => (Action::Pass, BotReason::NoMove),
            },
            PhaseName::Turn if view.turn == Some(view.seat) => self.turn(view),
            PhaseName::Turn => (Action::Pass, BotReason::NoMove),
        }
    }

    fn exchange(&mut self, view: &SeatView) -> (Action, BotReason) {
        if self.difficulty != Difficulty::Random {
            let (three, suit) = exchange_choice(view);
            return (Action::Exchange(three), BotReason::Exchange { suit });
        }
        let mut suits = exchange_suits(&full_hand(view));
        let (suit, mut tiles) = suits.swap_remove(self.roll(suits.len()));
        crate::dup::shuffle(&mut self.rng, &mut tiles);
        (Action::Exchange([tiles[0], tiles[1], tiles[2]]), BotReason::Exchange { suit })
    }

    fn void(&mut self, view: &SeatView) -> (Action, BotReason) {
        if self.difficulty == Difficulty::Expert && self.effort.searches(expert::AS_ADVICE_VOID) {
            return self.search_void(view);
        }
        let hand = full_hand(view);
        let held = |s: Suit| hand.tiles().iter().filter(|t| t.suit() == s).count();
        let suit = if self.difficulty == Difficulty::Random {
            Suit::ALL[self.roll(3)]
        } else {
            *Suit::ALL[..3].iter().min_by_key(|&&s| held(s)).unwrap_or(&Suit::Characters)
        };
        (Action::Void(suit), BotReason::Void { suit, held: held(suit) })
    }

    fn claim(&mut self, view: &SeatView, tile: Tile, options: ClaimOptions) -> (Action, BotReason) {
        if options.win {
            if self.difficulty == Difficulty::Expert && !locked(view) && self.effort.searches(expert::AS_ADVICE_HOLD) {
                return self.search_win(view, &full_hand(view), tile);
            }
            return (Action::Win, BotReason::Win);
        }
        if self.difficulty == Difficulty::Random {
            let mut choices = vec![(Action::Pass, BotReason::Random)];
            if options.kong {
                choices.push((Action::Kong(tile), BotReason::Random));
            }
            if options.pung {
                choices.push((Action::Pung, BotReason::Random));
            }
            let i = self.roll(choices.len());
            return choices.swap_remove(i);
        }
        let hand = full_hand(view);
        let now = shanten_of(&hand);
        if options.kong && self.difficulty == Difficulty::Expert && self.effort.searches(expert::AS_ADVICE_KONG) {
            return self.search_claim_kong(view, &hand, tile, options.pung);
        }
        if options.kong && shanten_of(&without(&hand, tile, 3)) <= now {
            return (Action::Kong(tile), BotReason::Kong { tile });
        }
        if options.pung && self.difficulty == Difficulty::Expert && self.effort.searches(expert::AS_ADVICE_PUNG) {
            return self.search_pung(view, &hand, tile);
        }
        if options.pung {
            let after = shanten_of(&without(&hand, tile, 2));
            if after < now {
                return (Action::Pung, BotReason::Pung { before: now, after });
            }
        }
        (Action::Pass, BotReason::Pass)
    }

    fn turn(&mut self, view: &SeatView) -> (Action, BotReason) {
        if view.can_win {
            return (Action::Win, BotReason::Win);
        }
        if let Some(tile) = view.drawn.filter(|_| locked(view)) {
            return (Action::Discard(tile), BotReason::PlayOn { tile });
        }
        let hand = full_hand(view);
        // Every tile that may leave the hand: all but the wildcards.
        let tiles: Vec<Tile> = hand.tiles().into_iter().filter(|&t| !view.settings.is_wild(t)).collect();
        if self.difficulty == Difficulty::Random {
            let mut choices: Vec<Action> = view.kongs.iter().map(|&t| Action::Kong(t)).collect();
            let void: Vec<Tile> = tiles.iter().copied().filter(|t| Some(t.suit()) == view.voids[view.seat]).collect();
            let pool = if view.void_left > 0 { void } else { tiles.clone() };
            choices.extend(pool.into_iter().map(Action::Discard));
            let i = self.roll(choices.len());
            return (choices.swap_remove(i), BotReason::Random);
        }
        if view.void_left > 0 {
            let void = view.voids[view.seat];
            let tile = tiles
                .iter()
                .copied()
                .filter(|t| Some(t.suit()) == void)
                .min_by_key(|&t| hand.count(t))
                .unwrap_or(tiles[0]);
            return (Action::Discard(tile), BotReason::VoidDiscard { tile });
        }
        let seen = visible(view);
        let advice = table_advice(&hand, &seen, &view.settings);
        if advice.is_empty() {
            return (Action::Discard(tiles[tiles.len() - 1]), BotReason::Random);
        }
        let best = advice[0].shanten;
        if !view.kongs.is_empty() && self.difficulty == Difficulty::Expert && self.effort.searches(expert::AS_ADVICE_KONG) {
            if let Some(kong) = self.search_turn_kong(view, &hand, &seen) {
                return kong;
            }
        } else {
            for &t in &view.kongs {
                let n = if hand.count(t) == 4 { 4 } else { 1 };
                if shanten_of(&without(&hand, t, n)) <= best {
                    return (Action::Kong(t), BotReason::Kong { tile: t });
                }
            }
        }
        if self.difficulty == Difficulty::Expert && self.effort.searches(expert::AS_ADVICE_DISCARD) {
            return self.search_discard(view, &hand, &seen, &advice);
        }
        if self.difficulty == Difficulty::Shanten {
            let ties: Vec<Tile> = advice.iter().filter(|d| d.shanten == best).map(|d| d.discard).collect();
            let tile = ties[self.roll(ties.len())];
            return (Action::Discard(tile), BotReason::Discard { tile, shanten: best, improving: 0 });
        }
        if best >= 2 && threatened(view) {
            let safest = advice
                .iter()
                .filter(|d| d.shanten <= best + 1)
                .map(|d| (danger(view, d.discard), d.discard))
                .min_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((d, tile)) = safest {
                if d < danger(view, advice[0].discard) {
                    return (Action::Discard(tile), BotReason::Defend { tile });
                }
            }
        }
        let d = &advice[0];
        (Action::Discard(d.discard), BotReason::Discard { tile: d.discard, shanten: d.shanten, improving: d.improving })
    }
}

/// Opponents still in the hand (under 血流成河, winners too).
fn opponents(view: &SeatView) -> impl Iterator<Item = Seat> + '_ {
    let play_on = view.settings.winners_play_on();
    (0..view.players).filter(move |&s| s != view.seat && (play_on || !view.wins.iter().any(|w| w.seat == s)))
}

/// Two sets declared or a short wall; a winner that plays on is ready.
fn looks_ready(view: &SeatView, s: Seat) -> bool {
    view.sets[s].len() >= 2 || view.wall < 24 || view.wins.iter().any(|w| w.seat == s)
}

fn threatened(view: &SeatView) -> bool {
    opponents(view).any(|s| looks_ready(view, s))
}

/// How dangerous discarding `tile` is against the opponents who look ready.
fn danger(view: &SeatView, tile: Tile) -> f64 {
    opponents(view)
        .filter(|&s| looks_ready(view, s))
        .map(|s| {
            if view.voids[s] == Some(tile.suit()) {
                0.0
            } else if view.rivers[s].iter().any(|r| r.tile == tile) {
                0.3
            } else {
                1.0
            }
        })
        .sum()
}

crate::decides_here!(Bot, super::Game);
