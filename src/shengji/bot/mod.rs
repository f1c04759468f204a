//! Shengji bots: a heuristic player and a random-legal player. A bot sees only
//! a seat's view (its own hand plus public information) and draws randomness
//! only from its seat's `Bots` stream of the current hand. This file holds the bot and
//! its play; the draw's bids are in `bids.rs`, the exchange's bury and friend calls in
//! `exchange.rs`, the reasons in `reason.rs`.

use crate::cards::{Card, CardCounts, Rank};
use crate::dup::{uniform_below, Purpose, TableSeed};
use crate::shengji::game::{Action, PhaseName, Seat, SeatView, TrickView};
use crate::shengji::lead::Lead;
use crate::shengji::bomb;
use crate::shengji::legal::{forced_plays, Follower};
use crate::shengji::rules::{Rules, RulesConfig};
use crate::shengji::trick::{can_beat_counted, cards_of, Standing};
use crate::shengji::trump::{EffectiveSuit, Layout};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

mod bids;
mod exchange;
mod reason;
mod state;

pub(crate) use bids::{full_hand, heuristic_draw, heuristic_steal, BidSpot};
pub(crate) use exchange::{bury_key, callable_plain, friend_calls, heuristic_bury, without};

pub use reason::BotReason;

/// How well a bot plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Difficulty {
    /// A uniformly chosen move among a sample of legal ones.
    Random,
    /// The heuristics in docs/game.md.
    #[default]
    Heuristic,
    /// Determinized search over sampled deals with heuristic playouts
    /// (`shengji::expert`): the play, the bury, the friend call, bids and steals.
    Expert,
}

/// A bot for one seat. Cloning copies its random stream too (the timing page
/// repeats one decision on copies). As data (serde) it is everything but the rules it
/// caches: a page keeps it so and the bot worker decides with it (`table::think`).
#[derive(Clone)]
pub struct Bot {
    pub seat: usize,
    pub difficulty: Difficulty,
    seed: TableSeed,
    hand: u64,
    rng: ChaCha20Rng,
    rules: Option<(RulesConfig, Rules)>,
    /// How hard an Expert bot searches (unused by the others).
    effort: crate::shengji::expert::Effort,
    /// Which of the seat's streams its decisions draw from each hand (see [`Bot::variant`]).
    variant: u8,
}

/// The streams of a seat's other players ([`Bot::with_variant`] 1, 2, 3): the field
/// comparison's Experts (`shengji::think`).
const VARIANT_STREAMS: [&str; 3] = ["field-1", "field-2", "field-3"];

impl Bot {
    pub fn new(seed: &TableSeed, seat: usize, difficulty: Difficulty) -> Bot {
        Bot {
            seat,
            difficulty,
            seed: seed.clone(),
            hand: 0,
            rng: seed.hand(0).seat(seat).stream(Purpose::Bots),
            rules: None,
            effort: crate::shengji::expert::Effort::default(),
            variant: 0,
        }
    }

    /// The same bot drawing its decisions from another of the seat's streams: variant 0
    /// is the seat's own `Bots` stream, 1 to 3 others — other players of the same seat on
    /// the same deal (the field comparison's Experts). Larger numbers are variant 3.
    pub fn with_variant(mut self, variant: u8) -> Bot {
        self.variant = variant.min(VARIANT_STREAMS.len() as u8);
        self.rng = self.stream(self.hand);
        self
    }

    /// The same bot searching with `effort` when it is an Expert (tests and
    /// arenas use smaller efforts; the default is the app's).
    pub fn with_effort(mut self, effort: crate::shengji::expert::Effort) -> Bot {
        self.effort = effort;
        self
    }

    fn stream(&self, hand: u64) -> ChaCha20Rng {
        let purpose = match self.variant.checked_sub(1) {
            Some(i) => Purpose::Named(VARIANT_STREAMS[i as usize]),
            None => Purpose::Bots,
        };
        self.seed.hand(hand).seat(self.seat).stream(purpose)
    }

    /// A new hand restarts the seat's stream, so each hand's decisions replay alone.
    fn start_hand(&mut self, view: &SeatView) {
        if view.hand_number != self.hand {
            self.hand = view.hand_number;
            self.rng = self.stream(self.hand);
        }
    }

    fn roll(&mut self, n: usize) -> usize {
        if n <= 1 {
            0
        } else {
            uniform_below(&mut self.rng, n as u64) as usize
        }
    }

    fn rules_for(&mut self, view: &SeatView) -> Option<Rules> {
        let config = view.rules?;
        if let Some((c, r)) = &self.rules {
            if *c == config {
                return Some(r.clone());
            }
        }
        let r = Rules::try_from(config).ok()?;
        self.rules = Some((config, r.clone()));
        Some(r)
    }

    /// The bot's move for this view and a one-line reason in English.
    pub fn suggest(&mut self, view: &SeatView) -> (Action, String) {
        let (action, why) = self.suggest_explained(view);
        (action, why.to_string())
    }

    /// The bot's move for this view and why, for the UI to phrase.
    pub fn suggest_explained(&mut self, view: &SeatView) -> (Action, BotReason) {
        self.start_hand(view);
        match view.phase {
            PhaseName::Draw => self.draw_phase(view),
            PhaseName::Exchange => match self.rules_for(view) {
                _ if view.steal_turn == Some(view.seat) => self.steal(view),
                Some(rules) if !view.buried => self.bury(view, &rules),
                Some(rules) => self.friends(view, &rules),
                None => (Action::Pass, BotReason::NoRulesYet),
            },
            PhaseName::Play => match self.rules_for(view) {
                Some(rules) => self.play(view, &rules),
                None => (Action::Pass, BotReason::NoRulesYet),
            },
            PhaseName::Finished => (Action::NextHand, BotReason::DealNextHand),
        }
    }

    fn bury(&mut self, view: &SeatView, rules: &Rules) -> (Action, BotReason) {
        let k = view.kitty_size;
        if self.difficulty == Difficulty::Random {
            let mut hand = view.hand.clone();
            let mut out = Vec::new();
            for _ in 0..k {
                let i = self.roll(hand.len());
                out.push(hand.swap_remove(i));
            }
            return (Action::Bury(out), BotReason::RandomBury);
        }
        let (out, voided) = heuristic_bury(&view.hand, k, rules);
        if self.difficulty == Difficulty::Expert {
            let calls = friend_calls(view, rules, &view.hand, |_| 0);
            return crate::shengji::expert::bury(&mut self.rng, view, rules, (out, BotReason::Bury { voided }), &calls, self.effort);
        }
        (Action::Bury(out), BotReason::Bury { voided })
    }

    /// Exactly `friends_to_call` distinct calls, all valid at any table the settings
    /// accept. First the aces, kings and queens of plain suits that others hold,
    /// fewest held first, first copy (the original choice); then every other plain
    /// card others hold, high ranks first, at every copy number they could play;
    /// then any remaining plain call (one that may never trigger). Never a trump
    /// card, so the call is valid whether or not the table allows trump friends,
    /// nor one the table's limits forbid: a table has at least 36 plain cards, at
    /// least 24 that are neither a point card nor the highest, and calls at most 8 friends.
    fn friends(&mut self, view: &SeatView, rules: &Rules) -> (Action, BotReason) {
        let mut mine = view.hand.clone();
        mine.extend(view.kitty.clone().unwrap_or_default());
        let random = self.difficulty == Difficulty::Random;
        let calls = friend_calls(view, rules, &mine, |n| if random { self.roll(n) } else { 0 });
        if self.difficulty == Difficulty::Expert {
            return crate::shengji::expert::call_friends(&mut self.rng, view, rules, calls, self.effort);
        }
        let why = BotReason::CallFriends(calls.clone());
        (Action::DeclareFriends(calls), why)
    }

    fn play(&mut self, view: &SeatView, rules: &Rules) -> (Action, BotReason) {
        let Some(trick) = &view.trick else { return (Action::Pass, BotReason::NoTrick) };
        // In the browser this runs only in the bot worker: the pages hold their Shengji
        // bots as `table::think::Remote` and never call it.
        if self.difficulty == Difficulty::Expert {
            return crate::shengji::expert::decide(&mut self.rng, view, rules, trick, self.effort);
        }
        heuristic_play(&mut self.rng, self.difficulty, view, rules, trick)
    }
}

/// Every tuple of the led shape in `cards` when the lead is one tuple (a single, a pair, a
/// triple…): `t` of each kind held at least `t` times, in card order. Empty for other leads.
pub(crate) fn led_tuples(lead: &Lead, cards: &[Card]) -> Vec<Vec<Card>> {
    let [unit] = lead.units.as_slice() else { return Vec::new() };
    let [t] = unit.shape[..] else { return Vec::new() };
    let t = t as usize;
    CardCounts::from_cards(cards).iter().filter(|&(_, k)| k >= t).map(|(c, _)| vec![c; t]).collect()
}

/// Ruffs of a plain-suit lead by `hand` (void in the led suit): up to `limit` ways to form
/// the lead's format in trumps, then every trump tuple of the led shape. None when the lead
/// is trumps or the hand holds too few trumps.
pub(crate) fn ruffs(rules: &Rules, lead: &Lead, hand: &[Card], limit: usize) -> Vec<Vec<Card>> {
    let trump = rules.trump();
    let trumps: Vec<Card> = hand.iter().copied().filter(|&c| trump.is_trump(c)).collect();
    if trumps.len() < lead.len() || lead.suit == EffectiveSuit::Trump {
        return Vec::new();
    }
    let pseudo = Lead { suit: EffectiveSuit::Trump, ..lead.clone() };
    let mut out = forced_plays(rules, &pseudo, &trumps, limit);
    out.extend(led_tuples(lead, &trumps));
    out
}

/// The heuristic's (or the random bot's) play for this view, drawing from `rng`.
pub(crate) fn heuristic_play(
    rng: &mut ChaCha20Rng,
    difficulty: Difficulty,
    view: &SeatView,
    rules: &Rules,
    trick: &TrickView,
) -> (Action, BotReason) {
    let mut core = PlayCore { rng, difficulty };
    if trick.plays.is_empty() {
        return core.lead(&view.hand, || unseen(view), rules);
    }
    let lead = match trick.format.as_ref().and_then(|f| Lead::with_format(rules, &trick.plays[0].1, f).ok()) {
        Some(l) => l,
        None => match Lead::parse(rules, &trick.plays[0].1) {
            Ok(l) => l,
            Err(_) => return (Action::Pass, BotReason::CannotReadLead),
        },
    };
    let i_am_landlord_side = view.on_landlord_team(view.seat);
    let same_side = |s: usize| view.on_landlord_team(s) == i_am_landlord_side;
    let table = TrickState { plays: &trick.plays, players: view.players };
    core.follow(&view.hand, &table, &same_side, rules, &lead)
}

/// The trick a follower answers: the plays so far (the lead first) and how many play.
pub(crate) struct TrickState<'a> {
    pub plays: &'a [(Seat, Vec<Card>)],
    pub players: usize,
}

/// The heuristic (and random) play decisions over plain inputs rather than a
/// view, so the Expert's playouts can run them on sampled hands without
/// building views. A [`Bot`] passes its own stream and difficulty.
pub(crate) struct PlayCore<'r> {
    pub rng: &'r mut ChaCha20Rng,
    pub difficulty: Difficulty,
}

/// Cards nobody has shown: what the other hands (and the kitty, unless mine) hold.
fn unseen(view: &SeatView) -> CardCounts {
    let mut c = CardCounts::full_decks(view.decks);
    c.remove_all(&CardCounts::from_cards(&view.hand));
    for t in &view.tricks {
        for (_, p) in &t.plays {
            c.remove_all(&CardCounts::from_cards(p));
        }
    }
    if let Some(t) = &view.trick {
        for (_, p) in &t.plays {
            c.remove_all(&CardCounts::from_cards(p));
        }
    }
    if let Some(k) = &view.kitty {
        c.remove_all(&CardCounts::from_cards(k));
    }
    c
}

impl PlayCore<'_> {
    fn roll(&mut self, n: usize) -> usize {
        if n <= 1 {
            0
        } else {
            uniform_below(self.rng, n as u64) as usize
        }
    }

    /// A lead from `hand`; `unseen` gives the cards the leader has not seen.
    pub(crate) fn lead(&mut self, hand: &[Card], unseen: impl FnOnce() -> CardCounts, rules: &Rules) -> (Action, BotReason) {
        let layout = rules.layout();
        let by_suit = |s: EffectiveSuit| -> Vec<Card> {
            hand.iter().copied().filter(|&c| layout.effective_suit(c) == s).collect()
        };
        if self.difficulty == Difficulty::Random {
            let c = hand[self.roll(hand.len())];
            let copies = hand.iter().filter(|&&x| x == c).count();
            if copies >= 2 && self.roll(2) == 0 {
                return (Action::Play(vec![c, c]), BotReason::RandomPair);
            }
            return (Action::Play(vec![c]), BotReason::RandomCard);
        }
        let unseen = unseen();
        // The best play so far; a play replaces it only with a higher score (asked before
        // the play is built).
        let mut best: Option<(i64, Vec<Card>, BotReason)> = None;
        let better = |best: &Option<(i64, Vec<Card>, BotReason)>, score: i64| best.as_ref().is_none_or(|(s, _, _)| score > *s);
        for suit in EffectiveSuit::ALL {
            let cards = by_suit(suit);
            if cards.is_empty() {
                continue;
            }
            let Ok(units) = Lead::parse_units(rules, &cards) else { continue };
            let unseen_here = layout.pile_counts(suit, &unseen);
            let winners: Vec<_> = units.iter().filter(|u| !can_beat_counted(layout.suit(suit), &unseen_here, u)).collect();
            let plain_bonus = if suit == EffectiveSuit::Trump { 0 } else { 5 };
            for u in &winners {
                let pts: u32 = u.cards.iter().map(|c| c.points()).sum();
                let score = 10 * u.cards.len() as i64 + pts as i64 + plain_bonus;
                if better(&best, score) {
                    best = Some((score, u.cards.clone(), BotReason::SureWinner { cards: u.cards.clone(), suit }));
                }
            }
            let throw_len: usize = winners.iter().map(|u| u.cards.len()).sum();
            let throw_pts: u32 = winners.iter().flat_map(|u| &u.cards).map(|c| c.points()).sum();
            let throw_score = 10 * throw_len as i64 + throw_pts as i64 + plain_bonus;
            if winners.len() >= 2 && better(&best, throw_score) {
                let throw: Vec<Card> = winners.iter().flat_map(|u| u.cards.iter().copied()).collect();
                // Safe when the unseen cards, as one hand, beat none of its units (`check_throw`).
                if let Ok(l) = Lead::parse(rules, &throw) {
                    if l.is_throw() && l.units.iter().all(|u| !can_beat_counted(layout.suit(suit), &unseen_here, u)) {
                        best = Some((throw_score, throw, BotReason::SafeThrow(suit)));
                    }
                }
            }
        }
        if let Some((_, cards, why)) = best {
            return (Action::Play(cards), why);
        }
        // No sure winner: lead a low card from the shortest plain suit (to make a void).
        let mut plain: Vec<(usize, EffectiveSuit)> = EffectiveSuit::ALL[..4]
            .iter()
            .map(|&s| (hand.iter().filter(|&&c| layout.effective_suit(c) == s).count(), s))
            .filter(|&(n, _)| n > 0)
            .collect();
        crate::small_sort::sort(&mut plain);
        let suit = plain.first().map(|&(_, s)| s).unwrap_or(EffectiveSuit::Trump);
        let mut cards = by_suit(suit);
        crate::small_sort::sort_by_key(&mut cards, |&c| (cost(layout, c), c));
        let c = cards[0];
        (Action::Play(vec![c]), BotReason::LeadLow(suit))
    }

    /// A follow from `hand` to `lead` in `trick`; `same_side(s)` says whether seat `s`
    /// is on the follower's side (as far as it knows).
    pub(crate) fn follow(
        &mut self,
        hand: &[Card],
        trick: &TrickState,
        same_side: &dyn Fn(Seat) -> bool,
        rules: &Rules,
        lead: &Lead,
    ) -> (Action, BotReason) {
        let layout = rules.layout();
        let trump = rules.trump();
        let n = lead.len();
        let suit_cards: Vec<Card> = hand.iter().copied().filter(|&c| layout.effective_suit(c) == lead.suit).collect();
        let mut others: Vec<Card> = hand.iter().copied().filter(|&c| layout.effective_suit(c) != lead.suit).collect();
        crate::small_sort::sort_by_key(&mut others, |&c| (cost(layout, c), c));
        let follower = Follower::new(rules, lead, hand);
        let mut cands: Vec<Vec<Card>> = Vec::new();
        // A single led: the candidates are single cards, kept here (one card each) instead.
        let mut singles: Vec<Card> = Vec::new();
        if suit_cards.len() >= n && n == 1 {
            // Every card of the suit (as `led_tuples` would list them), the forced plays and
            // the random picks below among them, so only the picks' draws are made.
            singles.extend_from_slice(&suit_cards);
            for _ in 0..4 {
                self.roll(suit_cards.len());
            }
        } else if suit_cards.len() >= n {
            // Ways to form what the rules force (never the whole hint list,
            // which can be astronomically long for big leads).
            cands.extend(follower.forced_plays(FORCED_CANDIDATES));
            cands.extend(led_tuples(lead, &suit_cards));
            let mut pool = Vec::with_capacity(suit_cards.len());
            for _ in 0..4 {
                pool.clear();
                pool.extend_from_slice(&suit_cards);
                let mut pick = Vec::with_capacity(n);
                for _ in 0..n {
                    let i = self.roll(pool.len());
                    pick.push(pool.swap_remove(i));
                }
                cands.push(pick);
            }
        } else if !suit_cards.is_empty() {
            let need = n - suit_cards.len();
            let mut low = suit_cards.clone();
            low.extend(others.iter().take(need));
            cands.push(low);
            let mut pts = others.clone();
            crate::small_sort::sort_by_key(&mut pts, |&c| (std::cmp::Reverse(c.points()), cost(layout, c), c));
            let mut give = suit_cards.clone();
            give.extend(pts.iter().take(need));
            cands.push(give);
            let mut pool = others.clone();
            let mut rnd = suit_cards.clone();
            for _ in 0..need {
                let i = self.roll(pool.len());
                rnd.push(pool.swap_remove(i));
            }
            cands.push(rnd);
        } else if n == 1 {
            // Void to a single: the cheapest card, the one giving most points, every trump as a
            // ruff (the forced one among them), a random card.
            singles.extend(others.first());
            singles.extend(others.iter().copied().min_by_key(|&c| (std::cmp::Reverse(c.points()), cost(layout, c), c)));
            if lead.suit != EffectiveSuit::Trump {
                singles.extend(hand.iter().copied().filter(|&c| layout.effective_suit(c) == EffectiveSuit::Trump));
            }
            singles.push(hand[self.roll(hand.len())]);
        } else {
            cands.push(others.iter().copied().take(n).collect());
            let mut pts = others.clone();
            crate::small_sort::sort_by_key(&mut pts, |&c| (std::cmp::Reverse(c.points()), cost(layout, c), c));
            cands.push(pts.into_iter().take(n).collect());
            cands.extend(ruffs(rules, lead, hand, 1));
            let mut pool = hand.to_vec();
            let mut rnd = Vec::new();
            for _ in 0..n {
                let i = self.roll(pool.len());
                rnd.push(pool.swap_remove(i));
            }
            cands.push(rnd);
        }
        cands.extend(bomb::plays(rules, lead, hand));
        crate::small_sort::sort(&mut cands);
        cands.dedup();
        crate::small_sort::sort(&mut singles);
        singles.dedup();
        // Each candidate once, in order (sorted; a single led has no other), the legal ones.
        let mut cands: Vec<&[Card]> = cands.iter().map(Vec::as_slice).chain(singles.iter().map(std::slice::from_ref)).collect();
        cands.retain(|c| c.len() == n && follower.allows(c));
        if cands.is_empty() {
            // Unreachable in practice: the forced play or a full suit is always legal.
            let mut p = suit_cards.clone();
            p.truncate(n);
            p.extend(others.iter().take(n - p.len()));
            return (Action::Play(p), BotReason::OnlyPlayFound);
        }
        if self.difficulty == Difficulty::Random {
            let i = self.roll(cands.len());
            return (Action::Play(cands[i].to_vec()), BotReason::RandomLegalPlay);
        }
        let standing = Standing::after(rules, lead, cards_of(&trick.plays[1..]));
        let my_index = trick.plays.len();
        let partner_winning = trick.plays.get(standing.winner()).is_some_and(|&(s, _)| same_side(s));
        let last = my_index + 1 == trick.players;
        let points_so_far: u32 = trick.plays.iter().flat_map(|(_, c)| c).map(|c| c.points()).sum();
        let pts = |c: &[Card]| c.iter().map(|x| x.points()).sum::<u32>();
        let total_cost = |c: &[Card]| c.iter().map(|&x| cost(layout, x)).sum::<i64>();
        if partner_winning {
            let best = cands.iter().max_by_key(|c| (pts(c), -total_cost(c))).map_or_else(Vec::new, |c| c.to_vec());
            let why = BotReason::PartnerWinning { gives_points: pts(&best) > 0 };
            return (Action::Play(best), why);
        }
        let mut winning: Vec<&[Card]> = cands.iter().copied().filter(|c| standing.would_win(c)).collect();
        crate::small_sort::sort_by_key(&mut winning, |c| total_cost(c));
        if let Some(w) = winning.first() {
            let ruff = layout.effective_suit(w[0]) == EffectiveSuit::Trump && lead.suit != EffectiveSuit::Trump;
            // A bomb, like a ruff, spends strong cards: only for points.
            let bombs = bomb::strength(trump, w).is_some() && !standing.bombed();
            let at_stake = points_so_far + pts(w);
            if !(ruff || bombs) || at_stake >= 10 || (last && at_stake > 0) {
                let why = if bombs {
                    BotReason::Bomb { points: at_stake }
                } else if ruff {
                    BotReason::Ruff { points: at_stake }
                } else {
                    BotReason::TakeCheaply
                };
                return (Action::Play(w.to_vec()), why);
            }
        }
        let best = cands.iter().min_by_key(|c| (pts(c), total_cost(c))).map_or_else(Vec::new, |c| c.to_vec());
        (Action::Play(best), BotReason::CannotWin)
    }
}

/// Plays of the forced format a following bot weighs (the matcher's first
/// ones, weakest cards first), besides tuples and a few random picks.
const FORCED_CANDIDATES: usize = 24;

fn rank_penalty(r: Rank) -> usize {
    match r {
        Rank::Ace => 0,
        Rank::King => 1,
        _ => 2,
    }
}

/// What a card is worth keeping: trumps above plain cards, points above blanks
/// ([`Trump::level`](crate::shengji::trump::Trump::level) and the trump test read from the layout's tables).
pub(crate) fn cost(layout: &Layout, c: Card) -> i64 {
    let base = layout.level(c) as i64;
    let t = if layout.effective_suit(c) == EffectiveSuit::Trump { 40 + if c.is_joker() { 10 } else { 0 } } else { 0 };
    base + t + 3 * c.points() as i64
}

/// One bot per seat, seat `s` taking `difficulty[s % len]` (the default when empty).
pub fn bots_for(seed: &TableSeed, players: usize, difficulty: &[Difficulty]) -> Vec<Bot> {
    (0..players)
        .map(|s| Bot::new(seed, s, crate::table::level_for_seat(difficulty, s)))
        .collect()
}

impl crate::table::Bot<crate::shengji::game::Game> for Bot {
    type Reason = BotReason;
    fn suggest(&mut self, view: &SeatView) -> (Action, BotReason) {
        self.suggest_explained(view)
    }
    fn stream_at(&self) -> Option<crate::table::StreamAt> {
        Some(self.progress())
    }
    fn resume_stream(&mut self, at: crate::table::StreamAt) {
        self.resume(at)
    }
}

crate::decides_here!(Bot, crate::shengji::game::Game);
