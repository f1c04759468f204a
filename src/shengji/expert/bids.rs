//! The Expert's bids: in the draw, whether to show cards now and which, and in a round
//! of steals (炒地皮) whether to take the kitty, searched as its plays are.
//!
//! The seat sees its hand, the bids shown and how many cards each hand holds, so a
//! deal samples the rest (`Knowledge::at_bid`): the other hands so far (holding what
//! their bids showed) and, shuffled, the cards still to be drawn and the kitty. On each
//! deal every candidate is played from here by a lean copy of the draw ([`Table`]):
//! the seat's choice, then the rest of the draw with every seat (this one too) bidding
//! by the heuristic, trump and landlord as the table's bidding rules name them, the
//! heuristic's bury, round of steals and friend call, and the play by heuristic bots
//! (`Playout::dealt`), scored for the seat's side side-fairly (`search::side_utility`: a
//! bid decides who holds the landlord's seat) by `search::choose_by`. The heuristic's
//! choice is candidate 0 and stands unless another beats it by the search's margin.
//!
//! * **Candidates**: the heuristic's; drawing (or passing); for each card it may show,
//!   the fewest copies that bid, then the most (at most [`OPTIONS`] in all).
//! * **When**: only where the heuristic weighs a bid (not before a third of the hand is
//!   drawn, never over a partner's or its own bid), and of those only where it would
//!   bid, once the deck is drawn, at a steal, or at a few hand sizes on the way (every
//!   sixth of a hand from the third): a draw has some 25 turns and searching each would
//!   cost more than the play. All read off the view, so a resumed table replays.
//! * The play's house rules (tractors, throws, bombs) are the view's, known from the
//!   deal, under each trump the draw may name.

use super::knowledge::Knowledge;
use super::playout::{Outcome, Playout};
use super::sampling::sample;
use super::search::{choose_by, side_utility, Effort};
use crate::cards::{Card, Suit};
use crate::dup::shuffle;
use crate::shengji::bot::{friend_calls, full_hand, heuristic_bury, heuristic_draw, heuristic_steal, without, BidSpot, BotReason};
use crate::shengji::game::{Action, Bid, BidTerms, PhaseName, Seat, SeatView};
use crate::shengji::rules::Rules;
use crate::shengji::trump::Trump;
use rand_chacha::ChaCha20Rng;

/// Most choices weighed (the heuristic's and drawing or passing included).
const OPTIONS: usize = 5;

/// The Expert's bid or steal for `view`, `first` being the heuristic's, its outcomes
/// valued side-fairly ([`side_utility`]: a bid decides who holds the landlord's seat).
pub(crate) fn bid(rng: &mut ChaCha20Rng, view: &SeatView, first: (Action, BotReason), effort: Effort) -> (Action, BotReason) {
    bid_valued(rng, view, first, effort, side_utility)
}

/// [`bid`] with the outcomes valued by `value` (the tests compare [`super::search::utility`]).
pub(super) fn bid_valued(
    rng: &mut ChaCha20Rng,
    view: &SeatView,
    first: (Action, BotReason),
    effort: Effort,
    value: fn(Outcome, usize) -> f64,
) -> (Action, BotReason) {
    if effort.bid_plays == 0 || !worth_searching(view, &first.0) {
        return first;
    }
    let candidates = candidates(view, &first.0);
    let (Some(root), Some(trumps)) = (Table::root(view), Trumps::new(view)) else { return first };
    if candidates.len() <= 1 {
        return first;
    }
    let Some(knowledge) = Knowledge::at_bid(view, &trumps.rules[4]) else { return first };
    let cards = view.decks * 54 - view.kitty_size;
    let deals = Effort { plays: effort.bid_plays, ..effort }.deals(candidates.len(), cards);
    let terms = BidTerms { rank: view.trump_rank, bidding: view.bidding, decks: view.decks, reinforce: false };
    let bases: Vec<Table> = (0..deals)
        .map(|_| {
            let deal = sample(&knowledge, &trumps.rules[4], rng, effort.tries);
            root.with_deal(view, deal, rng)
        })
        .collect();
    let found = choose_by(rng, view.seat, view.decks, deals, candidates.len(), effort, value, |i, d| {
        let mut t = bases[d].clone();
        t.choose(view, &candidates[i]);
        t.finish(view, &terms, &trumps)
    });
    if found.best == 0 {
        return first;
    }
    let chosen = candidates[found.best].clone();
    let bid = match chosen {
        Action::Bid(c, k) => Some((c, k)),
        _ => None,
    };
    let (options, deals, win_percent) = (candidates.len(), found.deals, (found.win_share * 100.0).round() as u32);
    let why = if view.phase == PhaseName::Draw {
        BotReason::SearchedBid { bid, options, deals, win_percent }
    } else {
        BotReason::SearchedSteal { bid, options, deals, win_percent }
    };
    (chosen, why)
}

/// Is this bid decision searched (see the module notes)? `first` is the heuristic's.
fn worth_searching(view: &SeatView, first: &Action) -> bool {
    if view.phase != PhaseName::Draw {
        return view.steal_turn == Some(view.seat);
    }
    if !view.to_act.contains(&view.seat) {
        return false;
    }
    if view.deck_left == 0 || matches!(first, Action::Bid(..)) {
        return true;
    }
    let full = full_hand(view.decks, view.kitty_size, view.players);
    let from = full.div_ceil(3);
    let step = (full / 6).max(1);
    view.hand.len() >= from && (view.hand.len() - from).is_multiple_of(step)
}

/// The choices weighed, the heuristic's first (see the module notes).
fn candidates(view: &SeatView, first: &Action) -> Vec<Action> {
    let wait = if view.phase == PhaseName::Draw && view.deck_left > 0 { Action::Draw } else { Action::Pass };
    let mut out = vec![first.clone(), wait];
    let mut cards: Vec<Card> = Vec::new();
    for &(c, _) in &view.valid_bids {
        if !cards.contains(&c) {
            cards.push(c);
        }
    }
    let fewest = cards.iter().filter_map(|&c| view.valid_bids.iter().find(|b| b.0 == c));
    let most = cards.iter().filter_map(|&c| view.valid_bids.iter().rev().find(|b| b.0 == c));
    for &(c, k) in fewest.chain(most) {
        let a = Action::Bid(c, k);
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out.dedup();
    out.truncate(OPTIONS);
    out
}

/// The rules the play would have under each trump of the hand's rank: the four suits,
/// then no-trump.
struct Trumps {
    rules: Vec<Rules>,
}

impl Trumps {
    fn new(view: &SeatView) -> Option<Trumps> {
        let rank = view.trump_rank;
        let trumps = Suit::ALL.iter().map(|&suit| Trump::Standard { rank, suit }).chain([Trump::NoTrump { rank: Some(rank) }]);
        let rules: Option<Vec<Rules>> = trumps
            .map(|trump| Rules::try_from(view.policies.with_trump(trump, u8::try_from(view.decks).ok()?)).ok())
            .collect();
        Some(Trumps { rules: rules? })
    }

    fn of(&self, trump: Trump) -> &Rules {
        match trump {
            Trump::Standard { suit, .. } => &self.rules[Suit::ALL.iter().position(|&s| s == suit).unwrap_or(0)],
            Trump::NoTrump { .. } => &self.rules[4],
        }
    }
}

/// Where a simulated hand stands before its play.
#[derive(Clone, Copy)]
enum Stage {
    /// Cards still to draw, or the rounds of bids after the last.
    Draw,
    /// The kitty buried by `landlord`, `turn` may steal it, `passes` seats have passed in a row.
    Steal { landlord: Seat, turn: Seat, passes: usize },
}

/// A hand as its play starts.
#[derive(Debug, PartialEq)]
struct Settled {
    landlord: Seat,
    trump: Trump,
    hands: Vec<Vec<Card>>,
    buried: Vec<Card>,
    calls: Vec<crate::shengji::game::Friend>,
}

/// The lean draw and exchange from `view` on the true hidden cards (the other hands, then
/// the cards still to draw in order and the kitty, or the buried cards), the seat choosing
/// `action` and every seat the heuristic after it: what the game would reach with heuristic
/// bots everywhere (the tests compare).
#[cfg(test)]
pub(super) fn settle_true(view: &SeatView, hands: Vec<Vec<Card>>, mut to_draw: Vec<Card>, kitty: Vec<Card>, action: &Action) -> (Seat, crate::shengji::rules::RulesConfig, Vec<Vec<Card>>, Vec<Card>, Vec<crate::shengji::game::Friend>) {
    let terms = BidTerms { rank: view.trump_rank, bidding: view.bidding, decks: view.decks, reinforce: false };
    let trumps = Trumps::new(view).expect("rules for every trump");
    to_draw.reverse();
    to_draw.extend(kitty);
    let mut t = Table::root(view).expect("a bid decision").dealt(view, hands, to_draw);
    t.choose(view, action);
    let s = t.settle(view, &terms, &trumps);
    (s.landlord, trumps.of(s.trump).config(), s.hands, s.buried, s.calls)
}

/// A lean copy of a hand's draw and exchange on one sampled deal (`game::draw`,
/// `game::steal`), every seat deciding by the heuristic.
#[derive(Clone)]
struct Table {
    stage: Stage,
    hands: Vec<Vec<Card>>,
    /// Cards still to draw, in order.
    deck: Vec<Card>,
    /// The kitty set aside, or once buried the buried cards.
    kitty: Vec<Card>,
    bids: Vec<Bid>,
    drawer: Seat,
    /// Who draws first, and whose turn starts each round of bids after the last card.
    first: Seat,
    /// After the last card: who has passed since the last bid.
    passed: Vec<bool>,
    /// A stealer holds the kitty and has yet to bury.
    to_bury: bool,
}

impl Table {
    /// The table as `view` shows it, the hidden cards not dealt yet.
    fn root(view: &SeatView) -> Option<Table> {
        let n = view.players;
        let stage = match view.phase {
            PhaseName::Draw => Stage::Draw,
            PhaseName::Exchange => {
                let landlord = view.landlord?;
                let turn = view.steal_turn?;
                Stage::Steal { landlord, turn, passes: (turn + n - landlord - 1) % n }
            }
            _ => return None,
        };
        let first = view.landlord.unwrap_or(0);
        Some(Table {
            stage,
            hands: vec![Vec::new(); n],
            deck: Vec::new(),
            kitty: Vec::new(),
            bids: view.bids.clone(),
            drawer: if view.deck_left > 0 { *view.to_act.first()? } else { first },
            first,
            passed: (0..n).map(|s| view.deck_left == 0 && !view.to_act.contains(&s)).collect(),
            to_bury: false,
        })
    }

    /// This table with the sampled `deal` (the other hands, then the cards still to draw
    /// and the kitty, or the buried cards), the undrawn cards shuffled from `rng`.
    fn with_deal(&self, view: &SeatView, mut deal: Vec<Vec<Card>>, rng: &mut ChaCha20Rng) -> Table {
        let mut rest = deal.pop().unwrap_or_default();
        shuffle(rng, &mut rest);
        self.dealt(view, deal, rest)
    }

    /// This table with the other hands `deal` and `rest`: the cards to draw, last first,
    /// then the kitty; or the buried cards.
    fn dealt(&self, view: &SeatView, deal: Vec<Vec<Card>>, mut rest: Vec<Card>) -> Table {
        let n = view.players;
        let mut t = self.clone();
        t.hands = deal;
        t.hands.resize(n, Vec::new());
        t.hands[view.seat] = view.hand.clone();
        match t.stage {
            Stage::Draw => {
                // Drawn from the end.
                t.kitty = rest.split_off(rest.len().saturating_sub(view.kitty_size));
                t.deck = rest;
            }
            Stage::Steal { .. } => t.kitty = rest,
        }
        t
    }

    /// The seat's own choice (a candidate).
    fn choose(&mut self, view: &SeatView, action: &Action) {
        let me = view.seat;
        match (self.stage, action) {
            (Stage::Draw, Action::Bid(card, count)) => {
                self.bid(me, *card, *count);
                self.draw(me);
            }
            (Stage::Draw, _) => self.draw(me),
            (Stage::Steal { .. }, Action::Bid(card, count)) => self.steal(view, me, *card, *count),
            (Stage::Steal { .. }, _) => self.pass_steal(view),
        }
    }

    /// `seat` shows `count` × `card`; after the last card the others may speak again.
    fn bid(&mut self, seat: Seat, card: Card, count: u8) {
        self.bids.push(Bid { seat, card, count });
        if self.deck.is_empty() {
            self.passed.iter_mut().for_each(|p| *p = false);
            self.passed[seat] = true;
        }
    }

    /// `seat` draws its next card (its turn) or, once the deck is drawn, passes.
    fn draw(&mut self, seat: Seat) {
        if self.deck.is_empty() {
            self.passed[seat] = true;
            return;
        }
        let Some(c) = self.deck.pop() else { return };
        self.hands[seat].push(c);
        self.drawer = (seat + 1) % self.hands.len();
    }

    /// What the heuristic reads at `seat`'s turn to bid (`steal`: in a round of steals).
    fn heuristic(&self, view: &SeatView, terms: &BidTerms, seat: Seat, landlord: Option<Seat>, steal: bool) -> Option<(Card, u8)> {
        let hand = &self.hands[seat];
        let full = full_hand(view.decks, view.kitty_size, view.players);
        // Too early for the heuristic to judge: it would not bid whatever it holds.
        let judged = steal || hand.len() * 3 >= full || self.deck.is_empty();
        let valid = if judged { terms.valid(hand, self.bids.last(), seat, !steal) } else { Vec::new() };
        let spot = BidSpot {
            seat,
            players: view.players,
            decks: view.decks,
            kitty_size: view.kitty_size,
            friends_to_call: view.friends_to_call,
            deck_left: self.deck.len(),
            trump_rank: view.trump_rank,
            landlord,
            hand,
            bids: &self.bids,
            valid_bids: &valid,
        };
        if steal { heuristic_steal(&spot).0 } else { heuristic_draw(&spot).0 }
    }

    /// The rest of the draw, the exchange and the hand as its play starts, with the rules
    /// it is played by.
    fn finish<'t>(self, view: &SeatView, terms: &BidTerms, trumps: &'t Trumps) -> (Playout, &'t Rules) {
        let s = self.settle(view, terms, trumps);
        let rules = trumps.of(s.trump);
        (Playout::dealt(view, s.landlord, s.hands, s.buried, &s.calls), rules)
    }

    /// The rest of the draw and the exchange, by the heuristic.
    fn settle(mut self, view: &SeatView, terms: &BidTerms, trumps: &Trumps) -> Settled {
        let n = view.players;
        let landlord = match self.stage {
            Stage::Draw => {
                self.run_draw(view, terms);
                let landlord = view.landlord.or(view.bidding.first_landlord(&self.bids)).unwrap_or(self.first);
                let kitty = self.kitty.clone();
                self.hands[landlord].extend_from_slice(&kitty);
                self.bury(view, trumps, landlord);
                self.stage = Stage::Steal { landlord, turn: (landlord + 1) % n, passes: 0 };
                landlord
            }
            Stage::Steal { landlord, .. } => landlord,
        };
        let landlord = if view.bidding.steal { self.run_steals(view, terms, trumps) } else { landlord };
        let trump = self.trump(view);
        let calls = if view.friends_to_call > 0 {
            let mut mine = self.hands[landlord].clone();
            mine.extend_from_slice(&self.kitty);
            friend_calls(view, trumps.of(trump), &mine, |_| 0)
        } else {
            Vec::new()
        };
        Settled { landlord, trump, hands: self.hands, buried: self.kitty, calls }
    }

    /// The trump the top bid names, or with no bid the kitty turned over.
    fn trump(&self, view: &SeatView) -> Trump {
        match self.bids.last() {
            Some(b) => b.trump(view.trump_rank),
            None => view.bidding.no_bid_trump(&self.kitty, view.trump_rank),
        }
    }

    /// The draw to its end: each seat at its turn, then the rounds of bids after the last
    /// card until everyone has passed.
    fn run_draw(&mut self, view: &SeatView, terms: &BidTerms) {
        let n = view.players;
        // Each card drawn, or each pass or bid after the last one, is a step; every bid
        // is stronger than the one before, so the rounds end.
        for _ in 0..(self.deck.len() + 64 * n) {
            let seat = if self.deck.is_empty() {
                match (0..n).map(|i| (self.first + i) % n).find(|&s| !self.passed[s]) {
                    Some(s) => s,
                    None => return,
                }
            } else {
                self.drawer
            };
            if let Some((card, count)) = self.heuristic(view, terms, seat, view.landlord, false) {
                self.bid(seat, card, count);
                if !self.deck.is_empty() {
                    self.draw(seat);
                }
            } else {
                self.draw(seat);
            }
        }
    }

    /// `landlord` buries by the heuristic (the kitty in its hand).
    fn bury(&mut self, view: &SeatView, trumps: &Trumps, landlord: Seat) {
        let rules = trumps.of(self.trump(view));
        let (buried, _) = heuristic_bury(&self.hands[landlord], view.kitty_size, rules);
        self.hands[landlord] = without(&self.hands[landlord], &buried);
        self.kitty = buried;
    }

    /// `seat` takes the kitty with `count` × `card`, buries, and the round starts over.
    fn steal(&mut self, view: &SeatView, seat: Seat, card: Card, count: u8) {
        let n = view.players;
        self.bids.push(Bid { seat, card, count });
        let kitty = std::mem::take(&mut self.kitty);
        self.hands[seat].extend_from_slice(&kitty);
        self.stage = Stage::Steal { landlord: seat, turn: (seat + 1) % n, passes: 0 };
        self.to_bury = true;
    }

    /// The seat in turn lets the kitty lie.
    fn pass_steal(&mut self, view: &SeatView) {
        let n = view.players;
        if let Stage::Steal { landlord, turn, passes } = self.stage {
            let mut next = (turn + 1) % n;
            if next == landlord {
                next = (next + 1) % n;
            }
            self.stage = Stage::Steal { landlord, turn: next, passes: passes + 1 };
        }
    }

    /// The round of steals to its end, each stealer burying by the heuristic; the last
    /// landlord.
    fn run_steals(&mut self, view: &SeatView, terms: &BidTerms, trumps: &Trumps) -> Seat {
        let n = view.players;
        // Every steal is a stronger bid than the one before, so the round ends.
        for _ in 0..(16 * n) {
            let Stage::Steal { landlord, turn, passes } = self.stage else { break };
            if self.to_bury {
                self.bury(view, trumps, landlord);
                self.to_bury = false;
            }
            if passes + 1 >= n {
                return landlord;
            }
            match self.heuristic(view, terms, turn, Some(landlord), true) {
                Some((card, count)) => self.steal(view, turn, card, count),
                None => self.pass_steal(view),
            }
        }
        match self.stage {
            Stage::Steal { landlord, .. } => landlord,
            Stage::Draw => self.first,
        }
    }
}
