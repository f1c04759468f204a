//! Shengji replays trick by trick (`#/replay/<code>`): a decoded record
//! walked once, each hand's draw and exchange and each trick kept with what the
//! screen shows, and a stepper forward and back that rebuilds the full state at any trick.

use super::record::decode_unchecked;
use crate::record::CodeError;
use crate::cards::Card;
use crate::shengji::trump::Trump;
use crate::shengji::game::{
    replay, Action, Bid, Event, Friend, Game, GameRecord, HandResult, ReplayError, Seat, TrickRecord,
};

/// How a hand began, before its first trick: the draw with its bids, then the exchange.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Prelude {
    /// Hand number at the table.
    pub hand: u64,
    /// Each bid in order, with the cards its seat had drawn when it bid.
    pub bids: Vec<(Bid, usize)>,
    /// Every seat's cards when the draw ended (the landlord's without the kitty).
    pub drawn: Vec<Vec<Card>>,
    pub trump: Trump,
    pub landlord: Seat,
    /// The kitty turned over because nobody bid.
    pub revealed: bool,
    /// The kitty the landlord took up.
    pub kitty: Vec<Card>,
    /// The cards the landlord buried (empty until it did).
    pub buried: Vec<Card>,
    /// Finding Friends: the friends called.
    pub friends: Vec<Friend>,
}

/// One position of a replay: the state after a trick, with what the screen shows.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReplayStep {
    /// Hand number at the table (0 for the first hand).
    pub hand: u64,
    /// 1-based trick number within the hand.
    pub trick_number: usize,
    /// Actions applied to reach this position (a prefix of the record).
    pub actions: usize,
    /// The trick: leader, plays by seat (lead first), format, winner, points, failed throw.
    pub trick: TrickRecord,
    /// Points captured per seat after this trick.
    pub totals: Vec<u32>,
    /// The attackers' trick points after this trick (kitty bonus not yet counted).
    pub attacker_points: u32,
    /// The landlord's side (the landlord, the partners or the revealed friends so far).
    pub landlord_team: Vec<Seat>,
    /// The hand's result when this trick ended it.
    pub result: Option<HandResult>,
}

/// Steps through a decoded record trick by trick. Position 0 is before the
/// first trick; position k (1..=len) is after the k-th trick of the record.
#[derive(Clone, Debug)]
pub struct Replay {
    record: GameRecord,
    steps: Vec<ReplayStep>,
    position: usize,
    /// (hand number, index of the hand's first `Play` action) for every hand that
    /// reached play, in order.
    hand_starts: Vec<(u64, usize)>,
    /// The draw and exchange of every hand whose draw ended.
    preludes: Vec<Prelude>,
}

impl Replay {
    /// Replays the record once, collecting every trick. It applies the actions as the
    /// engine's `replay` does (same seed and settings checks, same `ReplayError`s), in one pass.
    pub fn new(record: GameRecord) -> Result<Replay, ReplayError> {
        let seed = crate::dup::TableSeed::parse(&record.seed).map_err(ReplayError::Seed)?;
        let mut game = Game::new(record.settings.clone(), seed).map_err(ReplayError::Settings)?;
        let mut steps = Vec::new();
        let mut hand_starts: Vec<(u64, usize)> = Vec::new();
        let mut preludes: Vec<Prelude> = Vec::new();
        let mut bids: Vec<(Bid, usize)> = Vec::new();
        for (index, (seat, action)) in record.actions.iter().enumerate() {
            let hand = game.hand_number();
            if matches!(action, Action::Play(_) | Action::LeadAs(..)) && hand_starts.last().is_none_or(|&(h, _)| h != hand) {
                hand_starts.push((hand, index));
            }
            let held = game.hand(*seat).len();
            let events = game.apply(*seat, action).map_err(|error| ReplayError::Action {
                index,
                seat: *seat,
                action: action.clone(),
                error,
            })?;
            for event in &events {
                match event {
                    Event::Bid(bid) => bids.push((*bid, held)),
                    Event::BidTakenBack { .. } => {
                        bids.pop();
                    }
                    Event::TrumpDecided { trump, landlord, revealed } => {
                        let kitty = game.view(*landlord).kitty.unwrap_or_default();
                        let mut drawn: Vec<Vec<Card>> = (0..game.players()).map(|s| game.hand(s)).collect();
                        for card in &kitty {
                            if let Some(i) = drawn[*landlord].iter().position(|c| c == card) {
                                drawn[*landlord].remove(i);
                            }
                        }
                        preludes.push(Prelude {
                            hand,
                            bids: std::mem::take(&mut bids),
                            drawn,
                            trump: *trump,
                            landlord: *landlord,
                            revealed: revealed.is_some(),
                            kitty,
                            buried: Vec::new(),
                            friends: Vec::new(),
                        });
                    }
                    // 炒地皮: the thief names trump, picks up what was buried and buries again.
                    Event::KittyStolen { seat, trump } => {
                        if let Some(p) = preludes.last_mut() {
                            p.trump = *trump;
                            p.landlord = *seat;
                            p.kitty = std::mem::take(&mut p.buried);
                            p.friends.clear();
                            p.bids.extend(bids.pop());
                        }
                    }
                    Event::NextHand { .. } => bids.clear(),
                    _ => {}
                }
            }
            if let (Some(p), Action::Bury(cards)) = (preludes.last_mut(), action) {
                p.buried = cards.clone();
            }
            if let (Some(p), Action::DeclareFriends(friends)) = (preludes.last_mut(), action) {
                p.friends = friends.clone();
            }
            if events.iter().any(|e| matches!(e, Event::TrickWon { .. })) {
                let Some(trick) = game.tricks().last().cloned() else { continue };
                let view = game.view(*seat);
                steps.push(ReplayStep {
                    hand: game.hand_number(),
                    trick_number: game.tricks().len(),
                    actions: index + 1,
                    trick,
                    totals: game.points(),
                    attacker_points: view.attacker_points,
                    landlord_team: view.landlord_team.clone(),
                    result: game.result().cloned(),
                });
            }
        }
        Ok(Replay { record, steps, position: 0, hand_starts, preludes })
    }

    /// Decodes a replay code and builds the stepper.
    pub fn from_code(code: &str) -> Result<Replay, CodeError<Game>> {
        let record = decode_unchecked(code)?;
        Replay::new(record).map_err(CodeError::Replay)
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }
    /// Number of tricks (positions after the start).
    pub fn len(&self) -> usize {
        self.steps.len()
    }
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
    pub fn steps(&self) -> &[ReplayStep] {
        &self.steps
    }
    pub fn position(&self) -> usize {
        self.position
    }
    /// The trick shown at the current position (`None` at the start).
    pub fn current(&self) -> Option<&ReplayStep> {
        self.position.checked_sub(1).and_then(|i| self.steps.get(i))
    }
    /// Moves one trick forward; false at the end.
    pub fn forward(&mut self) -> bool {
        let moved = self.position < self.steps.len();
        self.position += moved as usize;
        moved
    }
    /// Moves one trick back; false at the start.
    pub fn back(&mut self) -> bool {
        let moved = self.position > 0;
        self.position -= moved as usize;
        moved
    }
    /// Jumps to a position, clamped to 0..=len.
    pub fn seek(&mut self, position: usize) {
        self.position = position.min(self.steps.len());
    }
    /// The full game state at the current position, rebuilt with the engine's
    /// `replay` from a prefix of the record (position 0: before the first trick's
    /// first play, i.e. after the draw and exchange, or the whole record if it has no trick).
    pub fn game(&self) -> Result<Game, ReplayError> {
        let upto = match self.current() {
            Some(step) => step.actions,
            None => self.first_play_index(),
        };
        let prefix = GameRecord { actions: self.record.actions[..upto].to_vec(), ..self.record.clone() };
        replay(&prefix)
    }

    /// The hands that reached play, in order (usually one: a replay link carries
    /// the table's whole record, and the screen shows its last hand first).
    pub fn hands(&self) -> Vec<u64> {
        self.hand_starts.iter().map(|&(h, _)| h).collect()
    }

    /// Positions (as for [`Replay::seek`]) of one hand: the position just before its
    /// first trick and the position after its last trick (equal when it has none).
    pub fn hand_positions(&self, hand: u64) -> (usize, usize) {
        let before = self.steps.iter().take_while(|s| s.hand < hand).count();
        let tricks = self.steps.iter().filter(|s| s.hand == hand).count();
        (before, before + tricks)
    }

    /// The game just before `hand`'s first play (after its draw and exchange); the
    /// hands as they stood when the first trick was led. `None` for a hand that never reached play.
    pub fn game_before_hand(&self, hand: u64) -> Option<Result<Game, ReplayError>> {
        let &(_, upto) = self.hand_starts.iter().find(|&&(h, _)| h == hand)?;
        Some(replay(&GameRecord { actions: self.record.actions[..upto].to_vec(), ..self.record.clone() }))
    }

    /// How `hand` began: its bids, the hands as drawn, the kitty, what was buried and called.
    /// `None` for a hand whose draw never ended.
    pub fn prelude(&self, hand: u64) -> Option<&Prelude> {
        self.preludes.iter().find(|p| p.hand == hand)
    }

    fn first_play_index(&self) -> usize {
        self.record.actions.iter().position(|(_, a)| matches!(a, Action::Play(_) | Action::LeadAs(..))).unwrap_or(self.record.actions.len())
    }
}
