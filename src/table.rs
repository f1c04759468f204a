//! The game-agnostic table interface: a pure state machine that takes moves
//! from seats, says who is to act, and shows each seat its own view. Shengji
//! implements it; the mahjong and rummy tables will too.

use serde::{de::DeserializeOwned, Serialize};

/// A turn-based game as the table, store, network and UI see it.
pub trait Game: Clone {
    type Action: Clone + Serialize + DeserializeOwned;
    type Event: Clone + Serialize;
    type View: Clone + Serialize;
    type Error: std::fmt::Display;

    fn players(&self) -> usize;
    /// Applies a move; on error the state is unchanged.
    fn apply(&mut self, seat: usize, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    /// What `seat` may see.
    fn view(&self, seat: usize) -> Self::View;
    /// Seats whose move the game waits for (first = the one a driver should ask first).
    fn to_act(&self) -> Vec<usize>;
    /// Would this move be accepted? (The UI uses it to enable buttons; nothing changes.)
    fn check(&self, seat: usize, action: &Self::Action) -> Result<(), Self::Error> {
        self.clone().apply(seat, action).map(|_| ())
    }
}

/// A move chooser that sees only a seat's view.
pub trait Bot<G: Game> {
    /// The chosen move and a short reason a person can read.
    fn suggest(&mut self, view: &G::View) -> (G::Action, String);
}

impl Game for crate::shengji::game::Game {
    type Action = crate::shengji::game::Action;
    type Event = crate::shengji::game::Event;
    type View = crate::shengji::game::SeatView;
    type Error = crate::shengji::game::RuleError;

    fn players(&self) -> usize {
        crate::shengji::game::Game::players(self)
    }
    fn apply(&mut self, seat: usize, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Error> {
        crate::shengji::game::Game::apply(self, seat, action)
    }
    fn view(&self, seat: usize) -> Self::View {
        crate::shengji::game::Game::view(self, seat)
    }
    fn to_act(&self) -> Vec<usize> {
        crate::shengji::game::Game::to_act(self)
    }
}
