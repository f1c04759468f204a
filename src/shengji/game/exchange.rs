//! The exchange. The landlord, holding the kitty, buries as many cards as the
//! kitty held; in Finding Friends the landlord also calls the friends
//! (`friends.rs`), in either order. Once both are done play starts with the
//! landlord leading — where the table steals the kitty, once a round of steals
//! after the last bury is over (`steal.rs`). The landlord's team: in Tractor, every other seat from
//! the landlord's (the same parity); in Finding Friends, the landlord alone
//! until friends are revealed (`friends.rs`).

use super::{remove_cards, Bid, Done, Event, Friend, FriendSlot, Game, Mode, Move, Phase, PlayPhase, RuleError, Seat, Trick};
use super::steal::Stealing;
use crate::cards::Card;
use crate::shengji::rules::Rules;

#[derive(Clone, Debug)]
pub(crate) struct ExchangePhase {
    pub hands: Vec<Vec<Card>>,
    pub kitty: Vec<Card>,
    pub landlord: Seat,
    pub rules: Rules,
    pub bids: Vec<Bid>,
    pub revealed: Option<Vec<Card>>,
    pub buried: Option<Vec<Card>>,
    pub friends: Option<Vec<Friend>>,
    /// 炒地皮: the round of steals after a bury (`steal.rs`).
    pub stealing: Stealing,
}

impl Game {
    pub(super) fn bury(&mut self, seat: Seat, cards: &[Card]) -> Result<Vec<Event>, RuleError> {
        let kitty_size = self.settings.kitty;
        let Phase::Exchange(e) = &mut self.phase else {
            return Err(RuleError::WrongPhase { action: Move::Bury, phase: self.phase() });
        };
        if seat != e.landlord {
            return Err(RuleError::NotLandlord { seat, landlord: e.landlord });
        }
        if e.buried.is_some() {
            return Err(RuleError::AlreadyDone(Done::Buried));
        }
        if cards.len() != kitty_size {
            return Err(RuleError::BuryCount { expected: kitty_size, got: cards.len() });
        }
        remove_cards(&mut e.hands[seat], cards)?;
        e.buried = Some(cards.to_vec());
        self.open_stealing();
        let mut ev = vec![Event::Buried { landlord: seat }];
        ev.extend(self.maybe_start_play());
        Ok(ev)
    }

    pub(super) fn maybe_start_play(&mut self) -> Vec<Event> {
        let Phase::Exchange(e) = &self.phase else { return Vec::new() };
        let friends_ready = self.settings.mode == Mode::Tractor || e.friends.is_some();
        let Some(buried) = e.buried.clone() else { return Vec::new() };
        if !friends_ready || e.stealing != Stealing::Closed {
            return Vec::new();
        }
        let n = self.players();
        let landlord = e.landlord;
        let team: Vec<bool> = (0..n)
            .map(|s| match self.settings.mode {
                Mode::Tractor => s % 2 == landlord % 2,
                Mode::Friends => s == landlord,
            })
            .collect();
        let friends = e
            .friends
            .clone()
            .unwrap_or_default()
            .into_iter()
            .map(|friend| FriendSlot { friend, seen: 0, revealed: None })
            .collect();
        self.phase = Phase::Play(PlayPhase {
            hands: e.hands.clone(),
            landlord,
            rules: e.rules.clone(),
            bids: e.bids.clone(),
            revealed: e.revealed.clone(),
            buried,
            friends,
            team,
            points: vec![0; n],
            failed: vec![0; n],
            throws: 0,
            trick: Trick { leader: landlord, lead: None, plays: Vec::new(), failed_throw: None, stopped_by: Vec::new() },
            tricks: Vec::new(),
            undo: None,
        });
        vec![Event::PlayStarted { leader: landlord }]
    }
}
