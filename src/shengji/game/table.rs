//! Shengji at the table layer (`crate::table::Game`): the seams the driver,
//! records, saves, links and the peer host use, mapped onto the game.

use super::{Action, Event, Game, Phase, RuleError, Seat, SeatView, Settings, SettingsError};
use crate::dup::TableSeed;
use crate::table::{Ledger, Outcome};

impl crate::table::Game for Game {
    type Settings = Settings;
    type SettingsError = SettingsError;
    type Action = Action;
    type Event = Event;
    type View = SeatView;
    type Error = RuleError;

    const NAME: &'static str = "shengji";

    fn new(settings: Settings, seed: TableSeed) -> Result<Game, SettingsError> {
        Game::new(settings, seed)
    }
    fn settings(&self) -> &Settings {
        &self.settings.settings
    }
    fn ledger(&self) -> &Ledger<Action> {
        &self.ledger
    }
    fn players(&self) -> usize {
        Game::players(self)
    }
    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        Game::apply(self, seat, action)
    }
    fn view(&self, seat: Seat) -> SeatView {
        Game::view(self, seat)
    }
    fn to_act(&self) -> Vec<Seat> {
        Game::to_act(self)
    }
    /// Once the deck is drawn, every seat that has not passed may bid or pass.
    fn simultaneous(&self) -> bool {
        matches!(&self.phase, Phase::Draw(d) if d.next >= d.deck.len())
    }
    /// Drawing your card needs no decision (bids are made between draws).
    fn auto_action(&self, seat: Seat) -> Option<Action> {
        let drawing = matches!(&self.phase, Phase::Draw(d) if d.next < d.deck.len() && d.drawer == seat);
        drawing.then_some(Action::Draw)
    }
    /// Levels each seat's side gained in the finished hand.
    fn pause_point(&self) -> bool {
        self.between_tricks()
    }
    fn outcome(&self) -> Option<Outcome> {
        let r = self.result()?;
        let scores = r.levels.iter().map(|&(_, old, new)| new as i64 - old as i64).collect();
        Some(Outcome { scores })
    }
    fn next_hand(seed: Option<&TableSeed>) -> Action {
        match seed {
            Some(s) => Action::NextHandFrom(s.as_str().to_string()),
            None => Action::NextHand,
        }
    }
}
