//! The driver: who moves next at a table of people and bots, and making the
//! moves that need no person — a bot's choice, or an automatic move such as
//! drawing the next card. One pure loop for the table against bots (which
//! paces it on a timer), the peer host (bots in empty or dropped seats) and
//! `simulate` (bots everywhere).

use super::{Bot, Game, Seat};
use std::fmt;

/// What happens next at a table.
#[derive(Clone, Debug, PartialEq)]
pub enum Turn<A> {
    /// The bot in this seat chooses a move.
    Bot(Seat),
    /// A person's move that needs no decision (drawing the next card).
    Auto(Seat, A),
    /// A person must choose before anything else happens.
    Person(Seat),
    /// The hand is over, or nobody is to act: the table waits.
    Over,
}

/// One move the driver made, with the events it caused.
#[derive(Clone, Debug)]
pub struct Moved<G: Game, R> {
    pub seat: Seat,
    pub action: G::Action,
    /// Why the bot chose it (`None` for an automatic move).
    pub reason: Option<R>,
    pub events: Vec<G::Event>,
}

/// A bot chose a move the rules refused: a bug in the bot, reported rather
/// than letting the table stall.
#[derive(Clone, Debug)]
pub struct BotRefused<G: Game> {
    pub seat: Seat,
    pub action: G::Action,
    pub error: G::Error,
}

impl<G: Game> fmt::Display for BotRefused<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the bot in seat {} chose {:?}, which the rules refuse: {}", self.seat + 1, self.action, self.error)
    }
}

/// What [`Driver::step`] did: a move, or a bot's refused choice.
pub type Step<G, R> = Result<Moved<G, R>, BotRefused<G>>;

/// The bots of a table and which seats people play.
#[derive(Clone, Debug)]
pub struct Driver<B> {
    bots: Vec<B>,
    persons: Vec<bool>,
}

impl<B> Driver<B> {
    /// One bot per seat (a seat played by a person keeps its bot as a stand-in).
    pub fn new(bots: Vec<B>, persons: Vec<bool>) -> Driver<B> {
        debug_assert_eq!(bots.len(), persons.len());
        Driver { bots, persons }
    }

    /// Bots everywhere (`simulate`, arenas).
    pub fn all_bots(bots: Vec<B>) -> Driver<B> {
        let persons = vec![false; bots.len()];
        Driver { bots, persons }
    }

    pub fn is_person(&self, seat: Seat) -> bool {
        self.persons.get(seat).copied().unwrap_or(false)
    }

    /// A person takes the seat, or its bot stands in (a dropped guest).
    pub fn set_person(&mut self, seat: Seat, person: bool) {
        if let Some(p) = self.persons.get_mut(seat) {
            *p = person;
        }
    }

    pub fn bot(&self, seat: Seat) -> Option<&B> {
        self.bots.get(seat)
    }

    pub fn bot_mut(&mut self, seat: Seat) -> Option<&mut B> {
        self.bots.get_mut(seat)
    }

    /// Who moves next: a bot, an automatic move, or a person everyone waits for.
    pub fn turn<G: Game>(&self, game: &G) -> Turn<G::Action> {
        if game.outcome().is_some() {
            return Turn::Over;
        }
        let to_act = game.to_act();
        let Some(&first) = to_act.first() else { return Turn::Over };
        if !self.is_person(first) {
            return Turn::Bot(first);
        }
        if let Some(action) = game.auto_action(first) {
            return Turn::Auto(first, action);
        }
        // When any listed seat may act, bots need not wait for the people.
        if game.simultaneous() {
            if let Some(&bot) = to_act.iter().find(|&&s| !self.is_person(s)) {
                return Turn::Bot(bot);
            }
        }
        Turn::Person(first)
    }

    /// Makes the next move unless a person must choose it (or the hand is over).
    pub fn step<G: Game>(&mut self, game: &mut G) -> Option<Step<G, B::Reason>>
    where
        B: Bot<G>,
    {
        let (seat, action, reason) = match self.turn(game) {
            Turn::Auto(seat, action) => (seat, action, None),
            Turn::Bot(seat) => {
                let view = game.view(seat);
                let (action, why) = self.bots.get_mut(seat)?.suggest(&view);
                (seat, action, Some(why))
            }
            Turn::Person(_) | Turn::Over => return None,
        };
        Some(match game.apply(seat, &action) {
            Ok(events) => Ok(Moved { seat, action, reason, events }),
            Err(error) => Err(BotRefused { seat, action, error }),
        })
    }

    /// Moves until a person must choose, the hand is over, or `limit` moves were made.
    pub fn run<G: Game>(&mut self, game: &mut G, limit: usize) -> Result<Vec<Moved<G, B::Reason>>, BotRefused<G>>
    where
        B: Bot<G>,
    {
        let mut moved = Vec::new();
        while moved.len() < limit {
            match self.step(game) {
                Some(m) => moved.push(m?),
                None => break,
            }
        }
        Ok(moved)
    }
}
