//! Bot-only simulation with invariant checks after every action: cards
//! conserved, every bot move legal, points accounted for, bids, trump and the
//! first landlord as the bidding rules say, levels moved as the ladder and the
//! house rules for levels say, every hand ends. Used by `tuolaji simulate`,
//! tests and benches.

use super::{Action, Event, Game, Ladder, LevelNote, Mode, Settings, SettingsError};
use crate::cards::{Card, CardCounts, Rank};
use crate::shengji::trump::Trump;
use crate::dup::TableSeed;
use crate::shengji::bomb;
use crate::shengji::bot::{bots_for, Bot, Difficulty};
use crate::table::sim::{self, Simulated};
use crate::table::{Driver, Seat};
use serde::Serialize;

pub use crate::table::sim::Violation;

/// Totals over a simulation.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub hands: u64,
    /// Levels gained by even seats and by odd seats (the two Tractor partnerships).
    pub levels_gained: [u64; 2],
    /// Hands whose level gain went to even / odd seats (Tractor mode: hands won per side).
    pub hands_won: [u64; 2],
    /// Levels gained by the landlord's side and by the attackers, over all hands.
    pub landlord_side_levels: u64,
    pub attacker_levels: u64,
    pub landlord_holds: u64,
    pub mean_attacker_points: f64,
    pub throws_tried: u64,
    pub throws_failed: u64,
    /// Bombs played (a house rule), and tricks they won.
    pub bombs: u64,
    pub bomb_tricks: u64,
    /// Kittys stolen (炒地皮).
    pub steals: u64,
    pub games_finished: u64,
    pub actions: u64,
    pub digest: String,
}

/// Plays hands with bots in every seat, checking invariants (`table::sim`).
pub type Simulation = sim::Simulation<Game, Bot>;

impl Simulation {
    pub fn new(settings: Settings, seed: TableSeed, difficulty: &[Difficulty]) -> Result<Simulation, SettingsError> {
        let game = Game::new(settings, seed.clone())?;
        let driver = Driver::all_bots(bots_for(&seed, game.players(), difficulty));
        Ok(Simulation { game, driver })
    }
}

/// What a hand's checks compare against.
pub struct Watch {
    full: CardCounts,
    levels_before: Vec<Rank>,
    /// The landlord before the draw (none in a game's first hand).
    landlord_before: Option<Seat>,
    /// The rank the hand is dealt at (it keeps it whoever ends as landlord).
    hand_rank: Rank,
}

impl Simulated for Game {
    type Summary = Summary;
    type Watch = Watch;
    const DIGEST_MOVES: bool = false;

    fn start_hand(&self, _: &mut Summary) -> Result<Watch, String> {
        Ok(Watch {
            full: CardCounts::full_decks(self.settings().decks),
            levels_before: self.levels().to_vec(),
            landlord_before: self.current_landlord(),
            hand_rank: self.trump_rank(),
        })
    }

    fn action_cap(&self, _: &Watch) -> usize {
        20 * self.settings().cards() + 1000
    }

    /// Cards conserved, points accounted for; once trump is decided, the bids, trump and
    /// landlord as the bidding rules say.
    fn after_move(&self, w: &mut Watch, _: Seat, _: &Action, events: &[Event], summary: &mut Summary) -> Result<(), String> {
        for e in events {
            match e {
                Event::TrumpDecided { trump, landlord, revealed } => {
                    self.check_bidding(w, *trump, *landlord, revealed.as_deref())?
                }
                Event::TrickWon { .. } => self.check_bombs(summary)?,
                Event::KittyStolen { seat, trump } => self.check_stolen(w, *seat, *trump, summary)?,
                _ => {}
            }
        }
        if self.all_cards() != w.full {
            return Err("cards are not conserved".into());
        }
        let trick_points: u32 = self.tricks().iter().map(|t| t.points).sum();
        let captured: u32 = self.points().iter().sum();
        if trick_points != captured || w.full.points() != self.settings().total_points() {
            return Err(format!("points do not add up ({captured} captured, {trick_points} in tricks)"));
        }
        Ok(())
    }

    /// Every point in tricks or the kitty, levels moved as the ladder says.
    fn end_hand(&self, w: Watch, actions: usize, summary: &mut Summary) -> Result<String, String> {
        let s = self.settings();
        summary.actions += actions as u64;
        let r = self.result().ok_or("no result")?;
        let trick_points: u32 = self.tricks().iter().map(|t| t.points).sum();
        if trick_points + r.kitty_points != s.total_points() {
            return Err(format!("{} points in tricks and kitty, not {}", trick_points + r.kitty_points, s.total_points()));
        }
        let rules = &s.settings.levels;
        if r.ladder != Ladder::new(rules, s.decks).result(r.attacker_points) {
            return Err("the result does not follow the ladder".into());
        }
        let short_handed = s.mode == Mode::Friends && r.landlord_team.len() < 1 + s.friends;
        if r.bonus_levels != (rules.short_handed_bonus && short_handed && r.ladder.landlord_wins) as u8 {
            return Err(format!("a bonus of {} levels for a landlord's side of {}", r.bonus_levels, r.landlord_team.len()));
        }
        let hand_rank = w.hand_rank;
        if r.trump.rank() != Some(hand_rank) {
            return Err(format!("a hand dealt at {hand_rank} played at {}", r.trump));
        }
        let back_to_two = r.notes.contains(&LevelNote::BackToTwo);
        if back_to_two && (!rules.back_to_two || r.ladder.landlord_wins || hand_rank != Rank::Jack) {
            return Err("back to 2 where 打J does not apply".into());
        }
        for &(seat, old, new) in &r.levels {
            let landlord_side = r.landlord_team.contains(&seat);
            let won = landlord_side == r.ladder.landlord_wins;
            let held_at = r.ladder.landlord_wins.then_some(hand_rank);
            let expect = if back_to_two && landlord_side {
                Rank::Two
            } else if won {
                rules.raise(old, r.ladder.levels + r.bonus_levels, held_at).0
            } else {
                old
            };
            if old != w.levels_before[seat] || new != expect {
                return Err(format!("seat {seat}'s level moved from {old} to {new}, expected {expect}"));
            }
            if won {
                let gained = new.index().saturating_sub(old.index()) as u64;
                summary.levels_gained[seat % 2] += gained;
                if r.landlord_team.contains(&seat) {
                    summary.landlord_side_levels += gained;
                } else {
                    summary.attacker_levels += gained;
                }
            }
        }
        if r.game_winners.is_some() != (r.ladder.landlord_wins && hand_rank == rules.final_rank) {
            return Err(format!("the game's end at rank {} with a final rank of {}", hand_rank, rules.final_rank));
        }
        let winner_parity = if r.ladder.landlord_wins { r.landlord % 2 } else { (r.landlord + 1) % 2 };
        summary.hands_won[winner_parity] += 1;
        summary.landlord_holds += r.ladder.landlord_wins as u64;
        summary.mean_attacker_points += r.attacker_points as f64;
        let (tried, failed) = self.throws();
        summary.throws_tried += tried as u64;
        summary.throws_failed += failed as u64;
        summary.games_finished += r.game_winners.is_some() as u64;
        summary.hands += 1;
        Ok(serde_json::to_string(&(self.hand_number(), r, self.tricks(), self.levels())).unwrap_or_default())
    }

    fn finish(summary: &mut Summary, digest: String) {
        if summary.hands > 0 {
            summary.mean_attacker_points /= summary.hands as f64;
        }
        summary.digest = digest;
    }
}

impl Game {
    /// The bidding rules restated: each bid overcalls the one before (or reinforces one's
    /// own), joker bids hold enough jokers, the top bid or the kitty names trump, and the
    /// first hand's landlord is the winning or the first bid's seat.
    /// The trick just won: without bombs, nobody bombed; with them, a trick that holds
    /// a bomb went to its strongest bomb (the earliest of equals).
    fn check_bombs(&self, summary: &mut Summary) -> Result<(), String> {
        // Without bombs four of a rank are just cards: the usual comparison decides.
        if !self.settings().settings.bombs.on() {
            return Ok(());
        }
        let (Some(t), Some(rules)) = (self.tricks().last(), self.rules()) else { return Ok(()) };
        let trump = rules.trump();
        let strengths: Vec<_> = t.plays.iter().map(|(_, c)| bomb::strength(trump, c)).collect();
        let Some(top) = strengths.iter().flatten().max() else { return Ok(()) };
        summary.bombs += strengths.iter().flatten().count() as u64;
        let first_top = t.plays[strengths.iter().position(|s| s.as_ref() == Some(top)).unwrap_or(0)].0;
        if t.winner != first_top {
            return Err(format!("a trick with a bomb went to seat {}, not the strongest bomb's seat {first_top}", t.winner));
        }
        summary.bomb_tricks += 1;
        Ok(())
    }

    /// 炒地皮: the steal overcalls the bid before it, keeps the hand's rank, and makes the
    /// stealer landlord holding its hand and the kitty.
    fn check_stolen(&self, w: &Watch, seat: Seat, trump: Trump, summary: &mut Summary) -> Result<(), String> {
        let s = self.settings();
        if !s.settings.bidding.steal {
            return Err("the kitty was stolen at a table that does not steal".into());
        }
        let bids = self.bids();
        // The steal is the last bid; it overcalls the one before it, if anyone had bid.
        let (new, top) = match bids {
            [.., top, new] => (new, Some(top)),
            [new] => (new, None),
            [] => return Err("a steal without a bid".into()),
        };
        if new.seat != seat || top.is_some_and(|top| !s.settings.bidding.overcalls(new, top)) {
            return Err(format!("{new:?} stole the kitty over {top:?} under {:?}", s.settings.bidding.overcall));
        }
        if trump.rank() != Some(w.hand_rank) || self.trump() != Some(trump) {
            return Err(format!("a steal named {trump:?} in a hand dealt at {}", w.hand_rank));
        }
        let full = (s.cards() - s.kitty) / s.players + s.kitty;
        if self.current_landlord() != Some(seat) || self.hand(seat).len() != full {
            return Err(format!("seat {seat} stole the kitty but is not the landlord holding {full} cards"));
        }
        summary.steals += 1;
        Ok(())
    }

    fn check_bidding(&self, w: &Watch, trump: Trump, landlord: Seat, revealed: Option<&[Card]>) -> Result<(), String> {
        let s = self.settings();
        let rules = s.settings.bidding;
        let bids = self.bids();
        for b in bids {
            if b.card.is_joker() && rules.joker_bids.needs(b.card, s.decks).is_none_or(|n| b.count < n) {
                return Err(format!("a joker bid of {} × {:?} under {:?}", b.count, b.card, rules.joker_bids));
            }
        }
        for pair in bids.windows(2) {
            let (top, new) = (&pair[0], &pair[1]);
            let reinforced = new.seat == top.seat && new.card == top.card && new.count > top.count;
            if !reinforced && !rules.overcalls(new, top) {
                return Err(format!("{new:?} stood over {top:?} under {:?}", rules.overcall));
            }
        }
        let rank = self.trump_rank();
        let expect = match (bids.last(), revealed) {
            (Some(b), None) => b.trump(rank),
            (None, Some(kitty)) => rules.no_bid_trump(kitty, rank),
            _ => return Err("trump decided with both a bid and a turned kitty, or neither".into()),
        };
        if trump != expect {
            return Err(format!("trump {trump:?}, the rules say {expect:?}"));
        }
        let expect = w.landlord_before.or(rules.first_landlord(bids));
        if expect.is_some_and(|l| l != landlord) {
            return Err(format!("seat {landlord} is landlord, the rules say seat {expect:?}"));
        }
        Ok(())
    }
}
