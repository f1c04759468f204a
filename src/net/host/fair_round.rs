//! The host's side of fair dealing: the commit-reveal round before each hand (commitments,
//! reveals, timeouts), dealing from the derived seed, and what is revealed after the hand.

use super::{ConnId, Host, Logged, Millis, Outgoing, Refusal};
use crate::dup::TableSeed;
use crate::net::fair::{self, Secret};
use crate::net::game::PeerGame;
use crate::net::protocol::{HandReveal, HostMessage};
use crate::table::Seat;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum FairStep {
    Commit,
    Reveal,
}

#[derive(Clone, Debug)]
pub(super) struct FairRound {
    pub(super) hand: u64,
    pub(super) secret: Secret,
    pub(super) step: FairStep,
    pub(super) started: Millis,
    /// Guest seats asked to contribute.
    pub(super) participants: Vec<Seat>,
    pub(super) commitments: BTreeMap<Seat, [u8; 32]>,
    pub(super) entropy: BTreeMap<Seat, Secret>,
}

impl<G: PeerGame> Host<G> {
    pub(super) fn round_message(&self, r: &FairRound) -> HostMessage<G> {
        match r.step {
            FairStep::Commit => HostMessage::FairCommit { hand: r.hand, host_commitment: fair::to_hex(&fair::commitment(r.hand, &r.secret)) },
            FairStep::Reveal => HostMessage::FairCommitments {
                hand: r.hand,
                commitments: r.commitments.iter().map(|(s, c)| (*s, fair::to_hex(c))).collect(),
            },
        }
    }

    pub(super) fn begin_round(&mut self, hand: u64, now: Millis, out: &mut Vec<Outgoing<G>>) {
        // Whoever waits for a seat takes a bot's now, and deals the hand with the others.
        self.seat_waiting(true, out);
        let secret = self.next_secret("hand");
        let participants: Vec<Seat> = self.live().into_iter().map(|(_, s)| s).collect();
        let r = FairRound { hand, secret, step: FairStep::Commit, started: now, participants, commitments: BTreeMap::new(), entropy: BTreeMap::new() };
        let msg = self.round_message(&r);
        for (c, s) in self.live() {
            if r.participants.contains(&s) {
                out.push((c, msg.clone()));
            }
        }
        self.round = Some(r);
        self.touch();
        out.extend(self.broadcast_lobby());
        self.advance_round(now, false, out);
    }

    pub(super) fn commit(&mut self, conn: ConnId, hand: u64, commitment: &str, now: Millis) -> Vec<Outgoing<G>> {
        let seat = self.seat_of(conn);
        let Some(r) = &mut self.round else { return self.reject(conn, None, Refusal::NoDeal) };
        let Some(seat) = seat.filter(|s| r.participants.contains(s)) else {
            return self.reject(conn, None, Refusal::NotInDeal);
        };
        if r.hand != hand || r.step != FairStep::Commit {
            return self.reject(conn, None, Refusal::UnexpectedCommit { hand });
        }
        let Some(c) = fair::from_hex(commitment) else {
            return self.reject(conn, None, Refusal::BadCommitment);
        };
        if r.commitments.contains_key(&seat) {
            return self.reject(conn, None, Refusal::AlreadyCommitted);
        }
        r.commitments.insert(seat, c);
        self.touch();
        let mut out = Vec::new();
        self.advance_round(now, false, &mut out);
        self.after_change(now, &mut out);
        out
    }

    pub(super) fn reveal(&mut self, conn: ConnId, hand: u64, entropy: &str, now: Millis) -> Vec<Outgoing<G>> {
        let seat = self.seat_of(conn);
        let Some(r) = &mut self.round else { return self.reject(conn, None, Refusal::NoDeal) };
        let Some(seat) = seat.filter(|s| r.commitments.contains_key(s)) else {
            return self.reject(conn, None, Refusal::NoCommitment);
        };
        if r.hand != hand || r.step != FairStep::Reveal {
            return self.reject(conn, None, Refusal::UnexpectedReveal { hand });
        }
        let Some(e) = fair::from_hex(entropy) else {
            return self.reject(conn, None, Refusal::BadEntropy);
        };
        if fair::commitment(hand, &e) != r.commitments[&seat] {
            return self.reject(conn, None, Refusal::EntropyMismatch);
        }
        r.entropy.insert(seat, e);
        self.touch();
        let mut out = Vec::new();
        self.advance_round(now, false, &mut out);
        self.after_change(now, &mut out);
        out
    }

    /// The reveal of a finished hand, with the hand's moves from the game's record.
    pub(crate) fn reveal_message(&self, hand: u64) -> Option<HostMessage<G>> {
        let game = self.game.as_ref()?;
        let finished = hand < game.hand_number() || (hand == game.hand_number() && self.revealed);
        let reveal = self.reveals.iter().find(|r| r.hand == hand).filter(|_| finished)?;
        Some(HostMessage::FairReveal(HandReveal { actions: hand_moves::<G>(game.actions(), hand), ..reveal.clone() }))
    }

    /// `History { from }`: the reveals of every finished hand from `from` on, once per connection
    /// (a second request is ignored: the answer can be long).
    pub(super) fn history(&mut self, conn: ConnId, from: u64) -> Vec<Outgoing<G>> {
        let Some(c) = self.conns.get_mut(&conn) else { return Vec::new() };
        if c.seat.is_none() {
            return self.reject(conn, None, Refusal::NoSeat);
        }
        if std::mem::replace(&mut c.history_sent, true) {
            return Vec::new();
        }
        let last = self.reveals.last().map_or(0, |r| r.hand);
        (from..=last).filter_map(|h| self.reveal_message(h)).map(|m| (conn, m)).collect()
    }

    /// Moves the round on when everyone has answered (or `force`: the timeout passed).
    pub(super) fn advance_round(&mut self, now: Millis, force: bool, out: &mut Vec<Outgoing<G>>) {
        let Some(r) = &mut self.round else { return };
        if r.step == FairStep::Commit {
            let all = r.participants.iter().all(|s| r.commitments.contains_key(s));
            if !(all || force) {
                return;
            }
            r.step = FairStep::Reveal;
            self.version += 1;
            r.started = now;
            if !r.commitments.is_empty() {
                let msg = self.round_message(self.round.as_ref().expect("round present"));
                let live = self.live();
                let r = self.round.as_ref().expect("round present");
                for (c, s) in live {
                    if r.participants.contains(&s) {
                        out.push((c, msg.clone()));
                    }
                }
                return;
            }
        }
        let Some(r) = &self.round else { return };
        let all = r.commitments.keys().all(|s| r.entropy.contains_key(s));
        if !(all || force) {
            return;
        }
        let r = self.round.take().expect("round present");
        let contributions: Vec<(Seat, Secret)> = r.entropy.iter().map(|(s, e)| (*s, *e)).collect();
        let seed_text = fair::hand_seed(r.hand, &r.secret, &contributions);
        let Ok(seed) = TableSeed::parse(&seed_text) else { return };
        let events = match self.game.as_mut() {
            None => match G::new(self.settings.clone(), seed) {
                Ok(g) => {
                    self.game = Some(g);
                    Vec::new()
                }
                Err(e) => {
                    self.log_it(None, Logged::CouldNotStart(e));
                    return;
                }
            },
            Some(game) => {
                // The next hand is dealt from this hand's own seed, recorded in the game's
                // actions so its record replays alone (see docs/net.md).
                let anyone = 0;
                match game.apply(anyone, &G::next_hand(Some(&seed))) {
                    Ok(ev) => ev,
                    Err(e) => {
                        self.log_it(None, Logged::CouldNotDeal(e));
                        return;
                    }
                }
            }
        };
        // Whom the dealt hand waits for first (Shengji: the landlord known before the draw
        // draws first, else seat 0); guests check it on their replay.
        let first_to_act = self.game.as_ref().and_then(|g| g.to_act().first().copied()).unwrap_or(0);
        self.touch();
        self.reveals.push(HandReveal {
            hand: r.hand,
            first_to_act,
            host_commitment: fair::to_hex(&fair::commitment(r.hand, &r.secret)),
            host_secret: fair::to_hex(&r.secret),
            contributions: contributions.iter().map(|(s, e)| (*s, fair::to_hex(&r.commitments[s]), fair::to_hex(e))).collect(),
            seed: seed_text,
            // Filled from the game's record when the reveal is sent (`reveal_message`).
            actions: Vec::new(),
        });
        self.revealed = false;
        out.extend(self.broadcast_lobby());
        out.extend(self.publish(&events));
    }
}

/// The moves of hand `hand` in a game's record: hands are separated by the deals of the next
/// hand (from a seed, or plain in a record made elsewhere).
pub(crate) fn hand_moves<G: PeerGame>(actions: &[(Seat, G::Action)], hand: u64) -> Vec<(Seat, G::Action)> {
    let mut at = 0;
    let mut out = Vec::new();
    for (seat, action) in actions {
        if G::deals(action).is_some() {
            at += 1;
            if at > hand {
                break;
            }
        } else if at == hand {
            out.push((*seat, action.clone()));
        }
    }
    out
}
