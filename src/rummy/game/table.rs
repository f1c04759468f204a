//! Rummy at the table layer (`crate::table::Game`): the seams the driver,
//! records, saves, links and the peer host use, mapped onto the game.

use super::{Action, Event, Game, PhaseName, RuleError, Seat, SeatView, Settings, SettingsError};
use crate::dup::TableSeed;
use crate::table::{Ledger, Outcome};

impl crate::table::Game for Game {
    type Settings = Settings;
    type SettingsError = SettingsError;
    type Action = Action;
    type Event = Event;
    type View = SeatView;
    type Error = RuleError;

    const NAME: &'static str = "rummy";

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
    /// After a valid declaration the others show in any order.
    fn simultaneous(&self) -> bool {
        self.deal.phase == PhaseName::Show
    }
    /// Per seat: points rummy, the deal's takings and payments; pool rummy,
    /// minus the points paid.
    fn outcome(&self) -> Option<Outcome> {
        self.result().map(|r| Outcome { scores: r.scores.clone() })
    }
    fn next_hand(seed: Option<&TableSeed>) -> Action {
        match seed {
            Some(s) => Action::NextDealFrom(s.as_str().to_string()),
            None => Action::NextDeal,
        }
    }
}
