//! The bots of a peer table: one per seat, of the level the lobby chose for the seat;
//! who plays a seat now (a guest, or its bot in an empty seat or standing in for a
//! dropped guest); the pace they keep; and bots that think in the bot worker. Such a
//! bot's decision is a job (`table::think`): the host keeps it until the page takes it
//! ([`Host::bot_job`]), sends it to the worker and hands the answer back
//! ([`Host::bot_answer`]); meanwhile the table waits for that seat as for a person.
//! Natively `HostConfig::think_here` answers a job in place.

use super::{Host, LobbyError, Logged, Millis, Occupant, Outgoing};
use crate::net::game::PeerGame;
use crate::table::{BotSeat, Decision, Driver, Seat, Turn};

/// A bot's decision handed out by [`Host::bot_job`], to answer with [`Host::bot_answer`]:
/// which seat, at which move of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BotTicket {
    seat: Seat,
    moves: usize,
}

/// A job the host waits on; `job` is taken when the page sends it.
#[derive(Clone, Debug)]
pub(super) struct Pending {
    ticket: BotTicket,
    job: Option<Vec<u8>>,
}

impl<G: PeerGame> Host<G> {
    /// Each seat's bot level.
    pub fn bot_levels(&self) -> &[G::BotLevel] {
        &self.levels
    }

    /// Chooses how well seat `seat`'s bot plays (lobby only): the seat's bot is made anew.
    pub fn set_bot_level(&mut self, seat: Seat, level: G::BotLevel) -> Result<Vec<Outgoing<G>>, LobbyError<G>> {
        self.check_seat(seat)?;
        if self.started() {
            return Err(LobbyError::Started);
        }
        if self.levels[seat] != level {
            self.levels[seat] = level;
            self.make_bots();
            self.touch();
        }
        Ok(self.broadcast_lobby())
    }

    /// Every seat's bot, made anew from the table's bot seed and the seats' levels.
    pub(super) fn make_bots(&mut self) {
        self.driver = Driver::all_bots(G::bots(&self.bot_seed, &self.levels));
    }

    /// The job of a bot that thinks in the bot worker, once: send it to the worker and give
    /// the answer to [`Host::bot_answer`] (or `None` there if the worker cannot answer).
    pub fn bot_job(&mut self) -> Option<(BotTicket, Vec<u8>)> {
        let p = self.pending.as_mut()?;
        Some((p.ticket, p.job.take()?))
    }

    /// The bot worker's answer to [`Host::bot_job`]'s job: the bot moves, as if it had
    /// decided here. An answer for a turn that has passed (the table moved on meanwhile) is
    /// dropped; a refusal, or `None` when the page has no worker, is logged and the seat's
    /// turn waits.
    pub fn bot_answer(&mut self, ticket: BotTicket, answer: Option<&[u8]>, now: Millis) -> Vec<Outgoing<G>> {
        let mut out = Vec::new();
        if self.pending.as_ref().map(|p| p.ticket) != Some(ticket) || self.ticket_now() != Some(ticket) {
            return out;
        }
        let decided = answer.and_then(|a| self.driver.bot_mut(ticket.seat)?.answered(a));
        let Some((action, _why)) = decided else {
            self.log_it(None, Logged::BotUnanswered { seat: ticket.seat });
            return out;
        };
        self.pending = None;
        self.bot_moves(ticket.seat, action, &mut out);
        self.after_change(now, &mut out);
        out
    }

    /// The seat whose bot the table waits for now, at this move.
    fn ticket_now(&self) -> Option<BotTicket> {
        let game = self.game.as_ref()?;
        match self.driver.turn(game) {
            Turn::Bot(seat) if self.round.is_none() && !game.hand_over() => Some(BotTicket { seat, moves: game.actions().len() }),
            _ => None,
        }
    }

    pub(super) fn controlled_by_bot(&self, seat: Seat) -> bool {
        match &self.seats[seat] {
            Occupant::Bot | Occupant::Empty => true,
            Occupant::Guest(g) => g.stand_in,
        }
    }

    /// Applies a bot's move and publishes it (a refused one is logged: a bug in the bot).
    fn bot_moves(&mut self, seat: Seat, action: G::Action, out: &mut Vec<Outgoing<G>>) -> bool {
        let Some(game) = &mut self.game else { return false };
        match game.apply(seat, &action) {
            Ok(events) => {
                self.stats.bot_moves += 1;
                self.touch();
                out.extend(self.publish(&events));
                true
            }
            Err(error) => {
                self.log_it(None, Logged::BotIllegal { seat, action: Box::new(action), error });
                false
            }
        }
    }

    /// After any change: bots move while it is a bot's turn (each the configured pace after
    /// the last move), and a finished hand's seed is revealed.
    pub(super) fn after_change(&mut self, now: Millis, out: &mut Vec<Outgoing<G>>) {
        // Who plays each seat now: a guest (a person, who draws for itself), or a bot.
        for seat in 0..self.seats.len() {
            let person = !self.controlled_by_bot(seat);
            self.driver.set_person(seat, person);
        }
        for _ in 0..10_000 {
            // Only bots move here: a guest's move, even one that needs no decision, is its own.
            let Some(ticket) = self.ticket_now() else {
                self.bot_due = None;
                break;
            };
            // A job already out for this very turn: wait for its answer.
            match &self.pending {
                Some(p) if p.ticket == ticket => break,
                _ => self.pending = None,
            }
            let Some(game) = &self.game else { break };
            let BotTicket { seat, moves } = ticket;
            // A move with no decision in it (a draw) is not paced: people draw at their own speed.
            let wait = match game.auto_action(seat) {
                Some(_) => 0,
                None => self.config.bot_pace + if game.pause_point() { self.config.pause } else { 0 },
            };
            let due = match self.bot_due {
                Some((seen, due)) if seen == moves => due,
                _ => self.bot_due.insert((moves, now.saturating_add(wait))).1,
            };
            if now < due {
                break;
            }
            self.bot_due = None;
            let view = game.view(seat);
            let Some(bot) = self.driver.bot_mut(seat) else { break };
            let action = match bot.decide(&view) {
                Decision::Now(action, _why) => action,
                Decision::Ask(job) => match self.config.think_here {
                    Some(think) => match bot.answered(&think(&job)) {
                        Some((action, _why)) => action,
                        None => {
                            self.log_it(None, Logged::BotUnanswered { seat });
                            break;
                        }
                    },
                    None => {
                        self.pending = Some(Pending { ticket, job: Some(job) });
                        break;
                    }
                },
            };
            if !self.bot_moves(seat, action, out) {
                break;
            }
        }
        let Some(game) = &self.game else { return };
        let hand = game.hand_number();
        if game.hand_over() && !self.revealed && self.reveals.last().is_some_and(|r| r.hand == hand) {
            self.revealed = true;
            self.touch();
            if let Some(m) = self.reveal_message(hand) {
                for (c, _) in self.live() {
                    out.push((c, m.clone()));
                }
            }
        }
    }
}
