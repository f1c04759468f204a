//! Sichuan mahjong at the table layer (`crate::table::Game`): the seams the
//! driver, records, saves, links and the peer host use, mapped onto the game.

use super::{Action, Event, Game, PhaseName, RuleError, Seat, SeatView, Settings, SettingsError, PLAYERS};
use crate::dup::TableSeed;
use crate::table::{Ledger, Outcome};

impl crate::table::Game for Game {
    type Settings = Settings;
    type SettingsError = SettingsError;
    type Action = Action;
    type Event = Event;
    type View = SeatView;
    type Error = RuleError;

    const NAME: &'static str = "mahjong";

    /// The win check's tables: a move applied reads them. (The bots' shanten distances
    /// are the worker's, where the bots think, built there on first use.)
    fn tables_ready() -> bool {
        crate::mahjong::tables_ready()
    }

    fn new(settings: Settings, seed: TableSeed) -> Result<Game, SettingsError> {
        Game::new(settings, seed)
    }
    fn settings(&self) -> &Settings {
        &self.settings
    }
    fn ledger(&self) -> &Ledger<Action> {
        &self.ledger
    }
    fn players(&self) -> usize {
        PLAYERS
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
    /// The exchange, the void suit and the claim windows: every seat asked answers in any order.
    fn simultaneous(&self) -> bool {
        matches!(self.phase(), PhaseName::Exchange | PhaseName::Void | PhaseName::Claims)
    }
    /// Per seat: the hand's net points.
    fn outcome(&self) -> Option<Outcome> {
        self.result().map(|r| Outcome { scores: r.scores.clone() })
    }
    fn next_hand(seed: Option<&TableSeed>) -> Action {
        match seed {
            Some(s) => Action::NextHandFrom(s.as_str().to_string()),
            None => Action::NextHand,
        }
    }
}
