//! 呼叫转移 ("call forwarding"), a table option, off by default: when a seat wins
//! on the discard a seat made right after its own kong (杠上炮), the money that
//! seat received for that kong goes on to the winner.
//!
//! * **Which kong**: the last one the discarder made (after two kongs in a row,
//!   the second, whose replacement tile came before the discard). Its payments
//!   are noted when it is paid (`Deal::last_kong`).
//! * **How much**: all of it, in one payment from the discarder to the winner
//!   (`PayReason::KongTransfer`): 2 for an exposed kong, 1 from each payer of an
//!   added kong, 2 from each payer of a concealed kong.
//! * **Several winners** on that discard (一炮多响): the first winner in turn
//!   order from the discarder takes it all (the others are paid their wins as usual).
//! * **Afterwards**: 退税 never returns money that was moved on, so a discarder
//!   who ends the hand not ready does not pay it back a second time; the winner
//!   keeps it (a winner takes no part in the settlement at the wall's end).
//!
//! A robbed kong (抢杠胡) was never paid, so there is nothing to move. The fan
//! is unchanged: the win still scores 杠上炮.

use super::settle::PayReason;
use super::{Event, Game, Seat};

impl Game {
    /// After the wins on a discard made right after `from`'s kong: with 呼叫转移, that
    /// kong's money goes from `from` to `winner` (the first winner in turn order).
    pub(crate) fn transfer_kong(&mut self, from: Seat, winner: Seat) -> Vec<Event> {
        if !self.settings.kong_transfer || !self.deal.discard_after_kong {
            return Vec::new();
        }
        let Some((seat, paid)) = self.deal.last_kong.clone() else { return Vec::new() };
        let moved: Vec<usize> = paid.into_iter().filter(|i| !self.deal.transferred.contains(i)).collect();
        let points: i64 = moved.iter().map(|&i| self.deal.payments[i].points).sum();
        if seat != from || points <= 0 {
            return Vec::new();
        }
        self.deal.transferred.extend(moved);
        vec![self.pay(from, winner, points, PayReason::KongTransfer)]
    }
}
