//! Finding Friends: checking and making the landlord's calls ("the Nth copy of
//! card X played by someone other than the landlord") and revealing friends as
//! the copies are played.

use super::{unreachable_phase, Done, Event, Friend, FriendProblem, FriendSlot, Game, Mode, Move, Phase, PlayPhase, RuleError, Seat};
use crate::cards::Card;

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
            if trump.is_trump(f.card) && !self.settings.settings.friend_trump_allowed {
                return Err(RuleError::BadFriend(FriendProblem::TrumpCard { card: f.card }));
            }
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
pub(super) fn reveal(p: &mut PlayPhase, seat: Seat, played: &[Card]) -> Vec<Event> {
    let mut events = Vec::new();
    count_copies(&mut p.friends, &mut p.team, p.landlord, seat, played, |friend| {
        events.push(Event::FriendRevealed { seat, friend })
    });
    events
}

/// The rule behind [`reveal`] over plain parts (the Expert bot's playouts use it
/// too): counts `played` (by `seat`) towards the calls, puts each friend whose
/// copy it was on the landlord's `team` and reports the call's index.
pub(crate) fn count_copies(
    friends: &mut [FriendSlot],
    team: &mut [bool],
    landlord: Seat,
    seat: Seat,
    played: &[Card],
    mut revealed: impl FnMut(usize),
) {
    if seat == landlord {
        return;
    }
    for &c in played {
        for (i, slot) in friends.iter_mut().enumerate() {
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
