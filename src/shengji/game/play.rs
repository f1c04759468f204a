//! Play: tricks on top of the rules engine. The seat to play leads cards of
//! one suit in any reading of them (`LeadAs` picks one when there are several,
//! a plain `Play` takes the engine's); a lead of several units is a throw,
//! checked against the other hands: when another hand beats one of its units
//! it fails, only that unit is played, and the settings may charge a penalty.
//! Following is judged by the rules engine, the highest play wins the trick
//! and its points and leads next. The last play may be taken back (when the
//! settings allow) until the next player acts, but never a throw, standing or
//! failed. After the last trick the hand is scored (`finish.rs`).

use super::{friends, remove_cards, Action, Bid, Event, FriendSlot, Game, Move, Phase, RuleError, Seat, TakeBackProblem, ThrowPenaltySetting, TrickRecord};
use crate::cards::{Card, CardCounts};
use crate::shengji::bomb::is_bomb_lead;
use crate::shengji::format::Format;
use crate::shengji::lead::Lead;
use crate::shengji::legal::{check_play, Hints};
use crate::shengji::rules::Rules;
use crate::shengji::trick::{check_throw, trick_winner};

#[derive(Clone, Debug)]
pub(crate) struct Trick {
    pub leader: Seat,
    pub lead: Option<Lead>,
    pub plays: Vec<(Seat, Vec<Card>)>,
    pub failed_throw: Option<Vec<Card>>,
    /// Who could beat the failed throw, where the table shows it (`Shown::throw_stopper`).
    pub stopped_by: Vec<Seat>,
}

#[derive(Clone, Debug)]
pub(crate) struct PlayPhase {
    pub hands: Vec<Vec<Card>>,
    pub landlord: Seat,
    pub rules: Rules,
    pub bids: Vec<Bid>,
    pub revealed: Option<Vec<Card>>,
    pub buried: Vec<Card>,
    pub friends: Vec<FriendSlot>,
    pub team: Vec<bool>,
    pub points: Vec<u32>,
    /// Failed throws per seat.
    pub failed: Vec<u32>,
    pub throws: u32,
    pub trick: Trick,
    pub tricks: Vec<TrickRecord>,
    /// The state before the last play, for a take-back.
    pub undo: Option<(Seat, Box<PlayPhase>)>,
}

impl PlayPhase {
    pub(crate) fn next_to_play(&self, n: usize) -> Seat {
        (self.trick.leader + self.trick.plays.len()) % n
    }
}

impl Game {
    pub(super) fn play(&mut self, seat: Seat, cards: &[Card], read_as: Option<&Format>) -> Result<Vec<Event>, RuleError> {
        let n = self.players();
        let penalty_setting = self.settings.settings.throw_penalty;
        let show_stopper = self.settings.settings.shown.throw_stopper;
        let join_once = self.settings.settings.friend_limits.join_once;
        let Phase::Play(p) = &mut self.phase else {
            return Err(RuleError::WrongPhase { action: Move::Play, phase: self.phase() });
        };
        let expected = p.next_to_play(n);
        if seat != expected {
            return Err(RuleError::NotYourTurn { seat, to_act: vec![expected] });
        }
        let before = Box::new(PlayPhase { undo: None, ..p.clone() });
        let mut events = Vec::new();
        let mut played: Vec<Card> = cards.to_vec();
        let mut can_undo = true;
        match &p.trick.lead {
            None => {
                // A lead: any parse of one suit; a throw is checked against the other hands.
                let have = CardCounts::from_cards(&p.hands[seat]);
                let want = CardCounts::from_cards(cards);
                if let Some((card, wanted)) = want.iter().find(|&(c, k)| have.get(c) < k) {
                    return Err(RuleError::NotInHand { card, held: have.get(card), wanted });
                }
                let lead = match read_as {
                    Some(f) => Lead::with_format(&p.rules, cards, f),
                    None => Lead::parse(&p.rules, cards),
                };
                let lead = lead.map_err(RuleError::Lead)?;
                // A led bomb is one unit: nothing but a higher bomb beats it, so it cannot fail.
                let lead = if lead.is_throw() && !is_bomb_lead(&p.rules, cards) {
                    // No take-back after a throw: whether it stood shows what nobody could beat.
                    can_undo = false;
                    p.throws += 1;
                    let others: Vec<Vec<Card>> =
                        (1..n).map(|i| p.hands[(seat + i) % n].clone()).collect();
                    match check_throw(&p.rules, &lead, &others) {
                        Ok(()) => lead,
                        Err(fail) => {
                            p.failed[seat] += 1;
                            can_undo = false;
                            let penalty = match penalty_setting {
                                ThrowPenaltySetting::None => 0,
                                ThrowPenaltySetting::TenPerThrow => 10,
                            };
                            p.trick.failed_throw = Some(cards.to_vec());
                            if show_stopper {
                                p.trick.stopped_by = fail.players().into_iter().map(|i| (seat + 1 + i) % n).collect();
                            }
                            played = fail.kept.cards.clone();
                            events.push(Event::ThrowFailed {
                                seat,
                                attempted: cards.to_vec(),
                                kept: played.clone(),
                                penalty,
                            });
                            fail.kept
                        }
                    }
                } else {
                    lead
                };
                p.trick.lead = Some(lead);
            }
            Some(_) if read_as.is_some() => return Err(RuleError::NotALead),
            Some(lead) => {
                check_play(&p.rules, lead, &p.hands[seat], cards).map_err(RuleError::Illegal)?;
            }
        }
        remove_cards(&mut p.hands[seat], &played)?;
        events.push(Event::Played { seat, cards: played.clone() });
        events.extend(friends::reveal(p, join_once, seat, &played));
        p.trick.plays.push((seat, played));
        if p.trick.plays.len() == n {
            p.undo = None;
            let lead = p.trick.lead.clone().ok_or_else(|| RuleError::Internal("trick without lead".into()))?;
            let follows: Vec<Vec<Card>> = p.trick.plays[1..].iter().map(|(_, c)| c.clone()).collect();
            let outcome =
                trick_winner(&p.rules, &lead, &follows).map_err(|e| RuleError::Internal(e.to_string()))?;
            let winner = p.trick.plays[outcome.winner].0;
            p.points[winner] += outcome.points;
            events.push(Event::TrickWon { winner, points: outcome.points });
            let done = std::mem::replace(
                &mut p.trick,
                Trick { leader: winner, lead: None, plays: Vec::new(), failed_throw: None, stopped_by: Vec::new() },
            );
            p.tricks.push(TrickRecord {
                leader: done.leader,
                plays: done.plays,
                format: lead.format.clone(),
                winner,
                points: outcome.points,
                failed_throw: done.failed_throw,
                stopped_by: done.stopped_by,
            });
            if p.hands.iter().all(|h| h.is_empty()) {
                let largest = lead.units.iter().map(|u| u.cards.len()).max().unwrap_or(1);
                events.extend(self.finish_hand(winner, largest));
            }
        } else {
            p.undo = if can_undo { Some((seat, before)) } else { None };
        }
        Ok(events)
    }

    /// Takes back `seat`'s last play (checked by [`Game::can_take_back`]).
    pub(super) fn take_back(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        self.can_take_back(seat)?;
        let Phase::Play(p) = &mut self.phase else {
            return Err(RuleError::WrongPhase { action: Move::TakeBack, phase: self.phase() });
        };
        let Some((_, before)) = p.undo.take() else {
            return Err(RuleError::NoTakeBack(TakeBackProblem::Nothing));
        };
        *p = *before;
        p.undo = None;
        Ok(vec![Event::TookBack { seat }])
    }

    /// Can `seat` take back their last play now?
    pub fn can_take_back(&self, seat: Seat) -> Result<(), RuleError> {
        if !self.settings.settings.take_back {
            return Err(RuleError::NoTakeBack(TakeBackProblem::Off));
        }
        let Phase::Play(p) = &self.phase else {
            return Err(RuleError::NoTakeBack(TakeBackProblem::NotInPlay));
        };
        match &p.undo {
            Some((s, _)) if *s == seat => Ok(()),
            // A throw, standing or failed, told everyone what the other hands could not beat.
            None if p.trick.plays.len() == 1
                && p.trick.plays[0].0 == seat
                && (p.trick.failed_throw.is_some() || p.trick.lead.as_ref().is_some_and(|l| l.is_throw())) =>
            {
                Err(RuleError::NoTakeBack(TakeBackProblem::AfterThrow))
            }
            _ => Err(RuleError::NoTakeBack(TakeBackProblem::NotLast)),
        }
    }

    /// Between two tricks: a trick is complete and the next one is not led yet.
    pub fn between_tricks(&self) -> bool {
        matches!(&self.phase, Phase::Play(p) if !p.tricks.is_empty() && p.trick.plays.is_empty())
    }

    /// A table against bots takes back further than the rules' own take-back (which ends
    /// when the next player acts): while the trick is not complete, `seat`'s play in it and the
    /// bots' replies after it. The answer is how many of the record's actions to keep — the
    /// table replays those — or `None` when there is no such play: take-backs are off, no play
    /// of `seat` is in the trick under way, or it was a throw (whether it stood showed what
    /// the other hands hold).
    pub fn take_back_point(&self, seat: Seat) -> Option<usize> {
        if !self.settings.settings.take_back {
            return None;
        }
        let Phase::Play(p) = &self.phase else { return None };
        let at = p.trick.plays.iter().position(|(s, _)| *s == seat)?;
        if at == 0 && (p.trick.failed_throw.is_some() || p.trick.lead.as_ref().is_some_and(|l| l.is_throw())) {
            return None;
        }
        // The trick's plays are the last moves of the record (a rules' take-back removes its
        // play from the trick and leaves a `TakeBack` behind it, so count plays that stand).
        let mut standing = p.trick.plays.len() - at;
        let mut undone = 0usize;
        for (i, (_, action)) in self.ledger.moves().iter().enumerate().rev() {
            match action {
                Action::TakeBack => undone += 1,
                Action::Play(_) | Action::LeadAs(..) if undone > 0 => undone -= 1,
                Action::Play(_) | Action::LeadAs(..) => {
                    standing -= 1;
                    if standing == 0 {
                        return Some(i);
                    }
                }
                _ => return None,
            }
        }
        None
    }

    /// The hint list for `seat` following in the current trick (from the rules engine).
    pub fn hints(&self, seat: Seat) -> Option<Hints> {
        let Phase::Play(p) = &self.phase else { return None };
        let lead = p.trick.lead.as_ref()?;
        if p.next_to_play(self.players()) != seat {
            return None;
        }
        Some(Hints::new(&p.rules, lead, &p.hands[seat]))
    }
}
