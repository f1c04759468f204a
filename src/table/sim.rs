//! The bot-only simulation harness every game shares (`tuolaji simulate`, the
//! games' tests, benches and bot-strength figures): bots in every seat play
//! hand after hand through the [`Driver`], each hand capped in actions so one
//! that never ends is a violation, the game's invariants checked after every
//! move and its result at the hand's end, and a SHA-256 digest of the play so
//! two runs can be compared. Each game says what it checks, counts and digests
//! by implementing [`Simulated`] in its own `sim.rs`.

use super::{Bot, Driver, Game, Seat};
use sha2::{Digest, Sha256};
use std::fmt;

/// What a game checks and counts while bots play it.
pub trait Simulated: Game {
    /// The game's totals over a run, `Default` before the first hand.
    type Summary: Default;
    /// What one hand's checks keep: captured as the hand starts (the levels
    /// before it), updated move by move (the discard pile as the moves made it).
    type Watch;
    /// What the game calls a hand, in violations: "hand", rummy's "deal".
    const HAND: &'static str = "hand";
    /// Whether every move (seat and action, as JSON) feeds the digest, not
    /// only each hand's record.
    const DIGEST_MOVES: bool;

    /// Checks the hand's start and captures what the later checks compare against.
    fn start_hand(&self, summary: &mut Self::Summary) -> Result<Self::Watch, String>;
    /// Actions after which a hand that has not ended is a violation.
    fn action_cap(&self, watch: &Self::Watch) -> usize;
    /// Just before each move: what the move may change that its check needs (who may move).
    fn before_move(&self, _watch: &mut Self::Watch) {}
    /// Checks a move and the state it left, and counts its events.
    fn after_move(
        &self,
        watch: &mut Self::Watch,
        seat: Seat,
        action: &Self::Action,
        events: &[Self::Event],
        summary: &mut Self::Summary,
    ) -> Result<(), String>;
    /// Checks the finished hand of `actions` actions, adds it to the summary
    /// and returns its record for the digest.
    fn end_hand(&self, watch: Self::Watch, actions: usize, summary: &mut Self::Summary) -> Result<String, String>;
    /// The run is over: averages, and the digest (hex, see [`hex_digest`]).
    fn finish(summary: &mut Self::Summary, digest: String);
}

/// An invariant that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The table-wide hand number (0-based).
    pub hand: u64,
    /// Actions into the hand.
    pub action: usize,
    pub what: String,
    /// The hand as the message names it ([`Simulated::HAND`], counted from 1 as the sweep's JSON counts them).
    noun: &'static str,
    shown: u64,
}

impl Violation {
    pub fn new<G: Simulated>(hand: u64, action: usize, what: String) -> Violation {
        Violation { hand, action, what, noun: G::HAND, shown: hand + 1 }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invariant violated in {} {} after action {}: {}", self.noun, self.shown, self.action, self.what)
    }
}

impl std::error::Error for Violation {}

/// A digest as runs report it: the first 16 bytes, in hex.
pub fn hex_digest(hasher: Sha256) -> String {
    hasher.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// Plays hands with bots in every seat, checking invariants.
pub struct Simulation<G, B> {
    pub game: G,
    /// The table layer's driver, a bot in every seat.
    pub driver: Driver<B>,
}

impl<G: Simulated, B: Bot<G>> Simulation<G, B> {
    /// One bot move by the first seat to act. Returns the action taken.
    pub fn step(&mut self) -> Result<(Seat, G::Action), String> {
        match self.driver.step(&mut self.game) {
            Some(Ok(m)) => Ok((m.seat, m.action)),
            Some(Err(refused)) => Err(refused.to_string()),
            None => Err("nobody is to act".into()),
        }
    }

    /// Plays the current hand to its end (not dealing the next one), checking invariants.
    pub fn play_hand(&mut self, summary: &mut G::Summary, hasher: &mut Sha256) -> Result<(), Violation> {
        let hand = self.game.hand_number();
        let fail = |action: usize, what: String| Violation::new::<G>(hand, action, what);
        let mut watch = self.game.start_hand(summary).map_err(|w| fail(0, w))?;
        let cap = self.game.action_cap(&watch);
        let mut actions = 0;
        while self.game.outcome().is_none() {
            actions += 1;
            if actions > cap {
                return Err(fail(actions, format!("the {} did not end", G::HAND)));
            }
            self.game.before_move(&mut watch);
            let moved = match self.driver.step(&mut self.game) {
                Some(Ok(m)) => m,
                Some(Err(refused)) => return Err(fail(actions, refused.to_string())),
                None => return Err(fail(actions, "nobody is to act".into())),
            };
            self.game.after_move(&mut watch, moved.seat, &moved.action, &moved.events, summary).map_err(|w| fail(actions, w))?;
            if G::DIGEST_MOVES {
                hasher.update(serde_json::to_string(&(moved.seat, &moved.action)).unwrap_or_default().as_bytes());
            }
        }
        let record = self.game.end_hand(watch, actions, summary).map_err(|w| fail(actions, w))?;
        hasher.update(record.as_bytes());
        Ok(())
    }

    /// Deals the next hand after a finished one.
    pub fn next_hand(&mut self) -> Result<(), Violation> {
        let seat = self.game.to_act().first().copied().unwrap_or(0);
        match self.game.apply(seat, &G::next_hand(None)) {
            Ok(_) => Ok(()),
            Err(e) => Err(Violation::new::<G>(self.game.hand_number(), 0, e.to_string())),
        }
    }

    /// Plays `hands` hands in sequence (what carries over between hands is the game's).
    pub fn run(&mut self, hands: u64) -> Result<G::Summary, Violation> {
        let mut summary = G::Summary::default();
        let mut hasher = Sha256::new();
        for h in 0..hands {
            if h > 0 {
                self.next_hand()?;
            }
            self.play_hand(&mut summary, &mut hasher)?;
        }
        G::finish(&mut summary, hex_digest(hasher));
        Ok(summary)
    }
}
