//! Finding Friends: checking and making the landlord's calls ("the Nth copy of
//! card X played by someone other than the landlord") and revealing friends as
//! the copies are played.

use super::{unreachable_phase, Done, Event, Friend, FriendLimits, FriendProblem, FriendSlot, Game, Mode, Move, Phase, PlayPhase, RuleError, Seat};
use crate::cards::{Card, Rank};
use crate::shengji::trump::Trump;

/// Whether `card` may be called as a friend under this hand's `trump`: a trump card only
/// where the table allows it, and neither the highest card nor a point card where the
/// table's limits forbid them. The validator, the bots and the call panel ask this.
pub fn callable(card: Card, trump: Trump, trump_allowed: bool, limits: FriendLimits) -> Result<(), FriendProblem> {
    if trump.is_trump(card) && !trump_allowed {
        return Err(FriendProblem::TrumpCard { card });
    }
    // The highest plain rank is A, or K when A is the level (and so trump).
    let highest_plain = if trump.rank() == Some(Rank::Ace) { Rank::King } else { Rank::Ace };
    if limits.no_highest && (card == Card::BigJoker || (!trump.is_trump(card) && card.rank() == Some(highest_plain))) {
        return Err(FriendProblem::HighestCard { card });
    }
    if limits.no_points && card.points() > 0 {
        return Err(FriendProblem::PointCard { card });
    }
    Ok(())
}

impl Game {
    /// Checks a friend call without making it.
    pub fn check_friends(&self, seat: Seat, friends: &[Friend]) -> Result<(), RuleError> {
        let Phase::Exchange(e) = &self.phase else {
            return Err(RuleError::WrongPhase { action: Move::CallFriends, phase: self.phase() });
        };
        if self.settings.mode != Mode::Friends {
            return Err(RuleError::NoFriendsInTractor);
        }
        if seat != e.landlord {
            return Err(RuleError::NotLandlord { seat, landlord: e.landlord });
        }
        if e.friends.is_some() {
            return Err(RuleError::AlreadyDone(Done::CalledFriends));
        }
        if friends.len() != self.settings.friends {
            return Err(RuleError::FriendCount { expected: self.settings.friends, got: friends.len() });
        }
        let trump = e.rules.trump();
        for (i, f) in friends.iter().enumerate() {
            if friends[..i].contains(f) {
                return Err(RuleError::DuplicateFriend { card: f.card, nth: f.nth });
            }
            if f.nth == 0 || f.nth as usize > self.settings.decks {
                return Err(RuleError::BadFriend(FriendProblem::CopyNumber { card: f.card, decks: self.settings.decks }));
            }
            let s = &self.settings.settings;
            callable(f.card, trump, s.friend_trump_allowed, s.friend_limits).map_err(RuleError::BadFriend)?;
        }
        Ok(())
    }

    pub(super) fn declare_friends(&mut self, seat: Seat, friends: &[Friend]) -> Result<Vec<Event>, RuleError> {
        self.check_friends(seat, friends)?;
        let Phase::Exchange(e) = &mut self.phase else { unreachable_phase()? };
        e.friends = Some(friends.to_vec());
        let mut ev = vec![Event::FriendsDeclared(friends.to_vec())];
        ev.extend(self.maybe_start_play());
        Ok(ev)
    }
}

/// Counts `played` (by `seat`) towards the calls and reveals the friends whose
/// copy it was. Every call counts every copy of its card played by anyone but
/// the landlord, so calls of the 1st and the 2nd A♥ are revealed by the 1st and
/// the 2nd A♥ played (one play of two A♥ reveals both).
pub(super) fn reveal(p: &mut PlayPhase, join_once: bool, seat: Seat, played: &[Card]) -> Vec<Event> {
    let mut events = Vec::new();
    count_copies(&mut p.friends, &mut p.team, p.landlord, join_once, seat, played, |friend| {
        events.push(Event::FriendRevealed { seat, friend })
    });
    events
}

/// The rule behind [`reveal`] over plain parts (the Expert bot's playouts use it
/// too): counts `played` (by `seat`) towards the calls, puts each friend whose
/// copy it was on the landlord's `team` and reports the call's index. With
/// `join_once`, a seat already on the team does not count towards another call.
pub(crate) fn count_copies(
    friends: &mut [FriendSlot],
    team: &mut [bool],
    landlord: Seat,
    join_once: bool,
    seat: Seat,
    played: &[Card],
    mut revealed: impl FnMut(usize),
) {
    if seat == landlord {
        return;
    }
    for &c in played {
        for (i, slot) in friends.iter_mut().enumerate() {
            if join_once && team[seat] {
                return;
            }
            if slot.revealed.is_none() && slot.friend.card == c {
                slot.seen += 1;
                if slot.seen == slot.friend.nth {
                    slot.revealed = Some(seat);
                    team[seat] = true;
                    revealed(i);
                }
            }
        }
    }
}
