//! The end of a hand. The attackers score their trick points, plus the
//! kitty's points times the multiplier (from the largest unit of the last
//! lead) when they win the last trick, plus the penalties for the landlord
//! side's failed throws, minus those for their own; the ladder (`scoring.rs`)
//! says which side goes up and by how many levels, and the house rules for levels
//! (`levels.rs`) how far each seat moves. The landlord's side holding a hand
//! played at the final rank (A) wins the game. The next landlord is the first seat after
//! the landlord on the winning side. Then any seat deals the next hand
//! (`NextHand`, or `NextHandFrom` a given seed); after a game is won a new one
//! starts: levels start over and the first bid picks the landlord.

use super::{scoring, Bid, Event, FriendSlot, Game, HandResult, Ladder, LadderResult, LevelNote, Mode, Move, Phase, RuleError, Seat, ThrowPenaltySetting, TrickRecord};
use crate::cards::{Card, Rank};
use crate::dup::TableSeed;
use crate::shengji::rules::Rules;
use crate::shengji::trump::Trump;

#[derive(Clone, Debug)]
pub(crate) struct FinishedPhase {
    pub rules: Rules,
    pub bids: Vec<Bid>,
    pub friends: Vec<FriendSlot>,
    pub points: Vec<u32>,
    pub tricks: Vec<TrickRecord>,
    pub throws: u32,
    pub throws_failed: u32,
    /// The buried kitty (the result's copy is empty where the table hides it).
    pub buried: Vec<Card>,
    pub result: HandResult,
}

impl FinishedPhase {
    pub(super) fn placeholder() -> FinishedPhase {
        let trump = Trump::NoTrump { rank: Some(Rank::Two) };
        FinishedPhase {
            rules: Rules::new(trump, 1).expect("one deck is valid"),
            bids: Vec::new(),
            friends: Vec::new(),
            points: Vec::new(),
            tricks: Vec::new(),
            throws: 0,
            throws_failed: 0,
            buried: Vec::new(),
            result: HandResult {
                landlord: 0,
                trump,
                landlord_team: Vec::new(),
                attacker_trick_points: 0,
                kitty: Vec::new(),
                kitty_points: 0,
                kitty_multiplier: 1,
                kitty_bonus: 0,
                last_trick_winner: 0,
                penalty_to_attackers: 0,
                penalty_from_attackers: 0,
                attacker_points: 0,
                ladder: LadderResult { landlord_wins: true, levels: 0 },
                bonus_levels: 0,
                notes: Vec::new(),
                levels: Vec::new(),
                next_landlord: 0,
                game_winners: None,
            },
        }
    }
}

impl Game {
    pub(super) fn finish_hand(&mut self, last_winner: Seat, largest_unit: usize) -> Vec<Event> {
        let Phase::Play(p) = &self.phase else { return Vec::new() };
        let s = &self.settings;
        let n = s.players;
        let penalty = match s.settings.throw_penalty {
            ThrowPenaltySetting::None => 0,
            ThrowPenaltySetting::TenPerThrow => 10,
        };
        let attackers: Vec<Seat> = (0..n).filter(|&x| !p.team[x]).collect();
        let landlord_team: Vec<Seat> = (0..n).filter(|&x| p.team[x]).collect();
        let attacker_trick_points: u32 = attackers.iter().map(|&x| p.points[x]).sum();
        let kitty_points: u32 = p.buried.iter().map(|c| c.points()).sum();
        let multiplier = scoring::kitty_multiplier(s.settings.kitty_multiplier, largest_unit);
        let kitty_bonus = if p.team[last_winner] { 0 } else { kitty_points * multiplier };
        let penalty_to_attackers: u32 = landlord_team.iter().map(|&x| p.failed[x] * penalty).sum();
        let penalty_from_attackers: u32 = attackers.iter().map(|&x| p.failed[x] * penalty).sum();
        let attacker_points = (attacker_trick_points + kitty_bonus + penalty_to_attackers)
            .saturating_sub(penalty_from_attackers);
        let rules = &s.settings.levels;
        let ladder = Ladder::new(rules, s.decks).result(attacker_points);
        let rank = p.rules.trump().rank().unwrap_or(self.levels[p.landlord]);
        let mut notes = Vec::new();
        // Finding Friends: a landlord's side smaller than a full team (a friend never found,
        // or the landlord's own card called) that holds the hand goes up one more level.
        let short_handed = s.mode == Mode::Friends && landlord_team.len() < 1 + s.friends;
        let bonus_levels = (rules.short_handed_bonus && short_handed && ladder.landlord_wins) as u8;
        if bonus_levels > 0 {
            notes.push(LevelNote::ShortHandedBonus);
        }
        let winners = if ladder.landlord_wins { &landlord_team } else { &attackers };
        // A seat on the landlord's side that held the hand may move past the hand's rank
        // even where it must be defended.
        let held_at = ladder.landlord_wins.then_some(rank);
        let mut levels = self.levels.clone();
        for &w in winners {
            let (to, stopped) = rules.raise(levels[w], ladder.levels + bonus_levels, held_at);
            levels[w] = to;
            if let Some(rank) = stopped {
                notes.push(LevelNote::StoppedAt { seat: w, rank });
            }
        }
        // 打J: losing a hand played at J, the attackers winning the last trick with a single J.
        let single_jack = p.tricks.last().and_then(TrickRecord::winning_play)
            .is_some_and(|cards| matches!(cards, [c] if c.rank() == Some(Rank::Jack)));
        if rules.back_to_two && !ladder.landlord_wins && rank == Rank::Jack && single_jack {
            for &x in &landlord_team {
                levels[x] = Rank::Two;
            }
            notes.push(LevelNote::BackToTwo);
        }
        // The game's end: the landlord's side holds a hand played at the final rank (A).
        let game_winners = (ladder.landlord_wins && rank == rules.final_rank).then(|| landlord_team.clone());
        let next_landlord = (1..=n)
            .map(|i| (p.landlord + i) % n)
            .find(|&x| p.team[x] == ladder.landlord_wins)
            .unwrap_or(p.landlord);
        let result = HandResult {
            landlord: p.landlord,
            trump: p.rules.trump(),
            landlord_team,
            attacker_trick_points,
            // Public (the result is an event): empty where the table keeps the kitty hidden.
            kitty: if s.settings.shown.kitty_at_end { p.buried.clone() } else { Vec::new() },
            kitty_points,
            kitty_multiplier: multiplier,
            kitty_bonus,
            last_trick_winner: last_winner,
            penalty_to_attackers,
            penalty_from_attackers,
            attacker_points,
            ladder,
            bonus_levels,
            notes,
            levels: (0..n).map(|x| (x, self.levels[x], levels[x])).collect(),
            next_landlord,
            game_winners: game_winners.clone(),
        };
        let mut events = vec![Event::HandFinished(Box::new(result.clone()))];
        if let Some(w) = &game_winners {
            for &x in w {
                self.games_won[x] += 1;
            }
            events.push(Event::GameWon { seats: w.clone() });
        }
        self.levels = levels;
        self.phase = Phase::Finished(FinishedPhase {
            rules: p.rules.clone(),
            bids: p.bids.clone(),
            friends: p.friends.clone(),
            points: p.points.clone(),
            tricks: p.tricks.clone(),
            throws: p.throws,
            throws_failed: p.failed.iter().sum(),
            buried: p.buried.clone(),
            result,
        });
        events
    }

    /// Deals the next hand, from `seed` when given (it then stays the table's seed).
    pub(super) fn next_hand(&mut self, seed: Option<TableSeed>) -> Result<Vec<Event>, RuleError> {
        let Phase::Finished(f) = &self.phase else {
            return Err(RuleError::WrongPhase { action: Move::NextHand, phase: self.phase() });
        };
        if f.result.game_winners.is_some() {
            // A new game at the same table: levels start over, the first bid picks the landlord.
            self.levels = vec![self.settings.settings.starting_level; self.players()];
            self.landlord = None;
        } else {
            self.landlord = Some(f.result.next_landlord);
        }
        let hand = self.ledger.next_hand(seed);
        self.phase = Phase::Draw(self.deal());
        Ok(vec![Event::NextHand { hand }])
    }
}
