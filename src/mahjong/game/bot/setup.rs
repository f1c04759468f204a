//! The Expert's void suit (定缺) by its search: each suit it may play without is
//! played out on the same sampled walls (`expert::compare`, common random numbers),
//! the void suit's tiles going first, and the suit whose hand is worth most is
//! chosen. The advice bot's rule (the suit it holds fewest of) is right most of the
//! time; the search differs (about one void in six) where two suits are close and one
//! is better connected, or where a flush is near.
//!
//! The exchange (换三张) by the same search was tried and dropped: passing each suit's
//! three least connected tiles, the three received read from the sampled wall (all of
//! one suit), it measured −0.11 points a seat-hand (interval −0.41 to +0.20) against
//! the advice bot's exchange over 300 deals of `dev1`.

use super::expert::{compare, keep_option, Position};
use super::{full_hand, visible, BotReason};
use crate::mahjong::game::{Action, SeatView};
use crate::mahjong::Suit;

impl super::Bot {
    /// The Expert's void suit for `view` (the void phase).
    pub(super) fn search_void(&mut self, view: &SeatView) -> (Action, BotReason) {
        let hand = full_hand(view);
        let base = Position::of(view, &hand, &visible(view));
        let held = |s: Suit| hand.tiles().iter().filter(|t| t.suit() == s).count();
        let start = self.rng.clone();
        let mut best: Option<(f64, Suit)> = None;
        for suit in Suit::ALL[..3].iter().copied() {
            let pos = base.with_void(suit);
            let mut rng = start.clone();
            let value = compare(&pos, &[keep_option(&pos, &hand)], self.effort, &mut rng)[0].value;
            self.rng = rng;
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, suit));
            }
        }
        let (value, suit) = best.unwrap_or((0.0, Suit::Characters));
        (Action::Void(suit), BotReason::SearchVoid { suit, held: held(suit), value: (value * 10.0).round() as i32 })
    }
}
