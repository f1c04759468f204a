//! A guest's side of a peer table, pure: reacts to the host's messages (seat, lobby, its
//! own view, fair-dealing steps), answers the commit-reveal rounds, numbers its actions, keeps
//! what it saw of each hand, and checks every revealed deal (`net::verify`) on its own replay
//! of the table's hands. The browser page (and the host's own seat) drive it.

use super::check::{check_host_message, OutOfBounds};
use super::fair::{self, Secret};
use super::game::PeerGame;
use super::protocol::{GuestMessage, HandReveal, HostMessage, LobbyState, Refused, PROTOCOL_VERSION};
use super::verify::{check_hand, HandLog, NotVerified, Participation, Start};
use crate::table::Seat;
use derive_where::derive_where;
use serde::{Deserialize, Serialize};

/// The outcome of checking one hand's deal.
#[derive_where(Clone, Debug, PartialEq, Eq)]
pub struct Verdict<G: PeerGame> {
    pub hand: u64,
    /// The hand's seed: with `hand`, its duplicate link.
    pub seed: String,
    pub result: Result<(), NotVerified<G>>,
}

/// What a page keeps across a reload (with its rejoin token) so that it can still check the
/// hand it was in: its secret and the host commitments of the last rounds it committed to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuestMemory {
    pub page_secret: Secret,
    pub rounds: Vec<(u64, [u8; 32])>,
}

/// Hand logs, commit rounds and buffered reveals a guest keeps at most (a hostile host cannot
/// grow them). Short lists in plain vectors: each map type would add its own code to the page.
const KEEP_HANDS: usize = 4;
/// Lines of chat a guest keeps.
pub const KEEP_CHAT: usize = 20;
const MAX_PENDING: usize = 256;

/// One guest (a remote page, or the host's own seat).
#[derive_where(Clone, Debug)]
pub struct GuestClient<G: PeerGame> {
    pub name: String,
    pub seat: Option<Seat>,
    /// Reclaims the seat after a drop (kept by the page across reloads).
    pub token: Option<String>,
    pub view: Option<G::View>,
    pub lobby: Option<LobbyState<G>>,
    /// The host's last refusal.
    pub rejected: Option<Refused<G::Error>>,
    pub verdicts: Vec<Verdict<G>>,
    /// A fair-dealing round is under way (the next hand is being dealt).
    pub dealing: bool,
    /// The last message from the host this guest refused to use (out of the table's bounds:
    /// a broken or hostile host), and how many it refused.
    pub refused: Option<OutOfBounds>,
    pub refusals: u64,
    /// (hand, how many host messages were refused while it was played): such a hand is
    /// not called verified, since what this page saw of it is incomplete.
    refused_during: Vec<(u64, u64)>,
    /// The table's talk: the last [`KEEP_CHAT`] lines, (seat, text), the newest last.
    pub chat: Vec<(Seat, String)>,
    /// A spectator (it said [`GuestClient::watch`], or its hello found no free seat): no
    /// seat, the public view only.
    pub watching: bool,
    /// Its hello found no free seat (the host said `Waiting`): it watches until the host
    /// seats it at the start of a hand.
    pub waiting: bool,
    /// The bounds host messages are checked against (the lobby's table once known).
    limits: G::Limits,
    seq: u64,
    page_secret: Secret,
    /// (hand, the host commitment of the round this guest committed to: the latest attempt).
    rounds: Vec<(u64, [u8; 32])>,
    /// What it saw of the hands not checked yet, the hand begun last at the end.
    logs: Vec<HandLog<G>>,
    /// Its own replay of the table, at the end of the last hand it checked.
    chain: Option<G>,
    /// Reveals of later hands, waiting for the earlier ones asked with `History`.
    pending: Vec<HandReveal<G>>,
    /// `History` was asked on this connection.
    history_asked: bool,
    /// An action is on its way: no automatic draw until the host answers.
    awaiting: bool,
}

impl<G: PeerGame> GuestClient<G> {
    /// `page_secret`: 32 random bytes from the platform; each round's entropy is derived from
    /// it (`fair::guest_entropy`), so a re-sent step gets the same answer.
    pub fn new(name: &str, page_secret: Secret, token: Option<String>) -> GuestClient<G> {
        GuestClient {
            name: name.to_string(),
            seat: None,
            token,
            view: None,
            lobby: None,
            rejected: None,
            verdicts: Vec::new(),
            dealing: false,
            refused: None,
            refusals: 0,
            refused_during: Vec::new(),
            chat: Vec::new(),
            watching: false,
            waiting: false,
            limits: G::limits(None),
            seq: 0,
            page_secret,
            rounds: Vec::new(),
            logs: Vec::new(),
            chain: None,
            pending: Vec::new(),
            history_asked: false,
            awaiting: false,
        }
    }

    /// A page reloaded with what it kept ([`GuestClient::memory`]): it still checks the hand
    /// whose commit round the earlier page took part in.
    pub fn resume(name: &str, memory: &GuestMemory, token: Option<String>) -> GuestClient<G> {
        let mut c = GuestClient::new(name, memory.page_secret, token);
        c.rounds = memory.rounds.iter().rev().take(KEEP_HANDS).rev().copied().collect();
        c
    }

    /// What to keep across a reload (small: the secret and the last rounds' commitments).
    pub fn memory(&self) -> GuestMemory {
        let rounds = self.rounds[self.rounds.len().saturating_sub(2)..].to_vec();
        GuestMemory { page_secret: self.page_secret, rounds }
    }

    /// The first message of a spectator's page (instead of [`GuestClient::hello`]).
    pub fn watch(&mut self) -> GuestMessage<G> {
        self.watching = true;
        GuestMessage::Watch { name: self.name.clone(), protocol_version: PROTOCOL_VERSION, game: G::NAME.to_string() }
    }

    /// The first message on every new connection.
    pub fn hello(&self) -> GuestMessage<G> {
        GuestMessage::Hello {
            name: self.name.clone(),
            protocol_version: PROTOCOL_VERSION,
            game: G::NAME.to_string(),
            rejoin: self.token.clone(),
        }
    }

    fn entropy(&self, hand: u64, host_commitment: &[u8; 32]) -> Secret {
        fair::guest_entropy(&self.page_secret, hand, host_commitment)
    }

    /// A move of this guest's seat, numbered; `None` before it has a seat.
    pub fn action(&mut self, action: G::Action) -> Option<GuestMessage<G>> {
        let seat = self.seat?;
        self.seq += 1;
        self.rejected = None;
        self.awaiting = true;
        Some(GuestMessage::Action { seq: self.seq, seat, action })
    }

    /// A spectator keeps the lobby, the public view (one past the last seat), the talk and
    /// refusals; it checks no deal (it never saw a hand) and answers nothing. One waiting for
    /// a seat becomes a seat's guest when the host welcomes it.
    fn use_as_spectator(&mut self, msg: HostMessage<G>) {
        match msg {
            HostMessage::Welcome { seat, rejoin, .. } if self.waiting => {
                self.watching = false;
                self.waiting = false;
                self.view = None;
                self.seat = Some(seat);
                self.token = (!rejoin.is_empty()).then_some(rejoin);
                self.rejected = None;
            }
            HostMessage::Lobby(l) => {
                self.limits = G::limits(Some(&l.settings));
                self.lobby = Some(l);
            }
            HostMessage::View(v) if self.lobby.as_ref().is_some_and(|l| G::view_seat(&v) == l.seats.len()) => {
                self.view = Some(*v);
            }
            HostMessage::Chat { seat, text } => self.keep_chat(seat, text),
            HostMessage::Rejected { reason, .. } => self.rejected = Some(reason),
            _ => {}
        }
    }

    /// A line of table talk, the oldest dropped beyond [`KEEP_CHAT`].
    fn keep_chat(&mut self, seat: Seat, text: String) {
        if self.chat.len() >= KEEP_CHAT {
            self.chat.remove(0);
        }
        self.chat.push((seat, text));
    }

    /// A line of chat (or a quick reaction) to send; `None` before this page has a seat.
    pub fn say(&self, text: &str) -> Option<GuestMessage<G>> {
        self.seat?;
        Some(GuestMessage::Chat { text: text.chars().take(crate::net::protocol::MAX_CHAT_CHARS).collect() })
    }

    /// A move the page makes for its person now without asking (Shengji's draw: drawing is
    /// automatic, bids and passes are not); never while a deal or an earlier move is pending.
    pub fn auto_action(&self) -> Option<G::Action> {
        let v = self.view.as_ref().filter(|v| Some(G::view_seat(v)) == self.seat)?;
        if self.dealing || self.awaiting {
            return None;
        }
        G::view_auto_action(v)
    }

    /// The host commitment of the round of `hand` this guest committed to.
    fn round(&self, hand: u64) -> Option<[u8; 32]> {
        self.rounds.iter().find(|(h, _)| *h == hand).map(|(_, c)| *c)
    }

    /// The first hand this guest has not checked yet (its replay of the table reaches the one before).
    fn next_hand(&self) -> u64 {
        self.chain.as_ref().map_or(0, |g| g.hand_number() + 1)
    }

    fn log_for(&mut self, hand: u64, from_start: bool) -> &mut HandLog<G> {
        let at = match self.logs.iter().position(|l| l.hand == hand) {
            Some(at) => at,
            None => {
                if self.logs.len() >= KEEP_HANDS {
                    self.logs.remove(0);
                }
                self.logs.push(HandLog { hand, from_start, ..HandLog::default() });
                self.logs.len() - 1
            }
        };
        &mut self.logs[at]
    }

    /// Reacts to one message from the host; returns the replies. A message out of the table's
    /// bounds changes nothing and is counted in `refused` / `refusals` (see [`GuestClient::try_on`]).
    pub fn on(&mut self, msg: HostMessage<G>) -> Vec<GuestMessage<G>> {
        self.try_on(msg).unwrap_or_else(|e| {
            self.refused = Some(e);
            self.refusals += 1;
            let hand = self.view.as_ref().map_or_else(|| self.next_hand(), G::view_hand);
            match self.refused_during.iter_mut().find(|(h, _)| *h == hand) {
                Some((_, n)) => *n += 1,
                None => {
                    if self.refused_during.len() >= KEEP_HANDS {
                        self.refused_during.remove(0);
                    }
                    self.refused_during.push((hand, 1));
                }
            }
            Vec::new()
        })
    }

    /// [`GuestClient::on`], saying why a message was refused (`net::check`).
    pub fn try_on(&mut self, msg: HostMessage<G>) -> Result<Vec<GuestMessage<G>>, OutOfBounds> {
        check_host_message(&msg, self.limits)?;
        Ok(self.use_message(msg))
    }

    fn use_message(&mut self, msg: HostMessage<G>) -> Vec<GuestMessage<G>> {
        if self.watching {
            self.use_as_spectator(msg);
            return Vec::new();
        }
        match msg {
            // No free seat for this hello: watch until one frees.
            HostMessage::Waiting if self.seat.is_none() => {
                self.watching = true;
                self.waiting = true;
                Vec::new()
            }
            HostMessage::Waiting => Vec::new(),
            HostMessage::Welcome { seat, rejoin, .. } => {
                if self.seat != Some(seat) {
                    self.view = None;
                }
                self.seat = Some(seat);
                if !rejoin.is_empty() {
                    self.token = Some(rejoin);
                }
                self.rejected = None;
                // A new connection: events may have been missed, and `History` may be asked again.
                if let Some(log) = self.logs.last_mut() {
                    log.gap();
                }
                self.history_asked = false;
                Vec::new()
            }
            HostMessage::Lobby(l) => {
                self.limits = G::limits(Some(&l.settings));
                self.lobby = Some(l);
                Vec::new()
            }
            HostMessage::View(v) => {
                if Some(G::view_seat(&v)) != self.seat {
                    return Vec::new();
                }
                let hand = G::view_hand(&v);
                let log = self.log_for(hand, G::view_at_start(&v));
                if log.dealt.is_none() {
                    log.dealt = G::view_dealt(&v);
                }
                let mut replies = Vec::new();
                // Hands this guest has not seen the end of: ask for their reveals, to replay them.
                if hand > self.next_hand() && !self.history_asked {
                    self.history_asked = true;
                    replies.push(GuestMessage::History { from: self.next_hand() });
                }
                self.dealing = false;
                self.awaiting = false;
                self.view = Some(*v);
                replies
            }
            HostMessage::Event(e) => {
                match G::event_new_hand(&e) {
                    Some(hand) => {
                        self.log_for(hand, true);
                    }
                    None => {
                        if let Some(log) = self.logs.last_mut() {
                            log.push(e);
                        }
                    }
                }
                Vec::new()
            }
            // The page's `delta::ViewDecoder` makes views of patches; a raw one is of no use here.
            HostMessage::Pong { .. } | HostMessage::ViewPatch(_) => Vec::new(),
            HostMessage::Chat { seat, text } => {
                self.keep_chat(seat, text);
                Vec::new()
            }
            HostMessage::Rejected { reason, .. } => {
                self.awaiting = false;
                self.rejected = Some(reason);
                Vec::new()
            }
            HostMessage::FairCommit { hand, host_commitment } => {
                let Some(hc) = fair::from_hex(&host_commitment) else { return Vec::new() };
                self.dealing = true;
                // A round started over (say, after the host's page reloaded) replaces the earlier one.
                self.rounds.retain(|(h, _)| *h != hand);
                if self.rounds.len() >= KEEP_HANDS {
                    self.rounds.remove(0);
                }
                self.rounds.push((hand, hc));
                vec![GuestMessage::Commit { hand, commitment: fair::to_hex(&fair::commitment(hand, &self.entropy(hand, &hc))) }]
            }
            HostMessage::FairCommitments { hand, commitments } => {
                self.dealing = true;
                // Reveal only in the round committed to, and only if the host lists my commitment as sent.
                let (Some(seat), Some(hc)) = (self.seat, self.round(hand)) else { return Vec::new() };
                let entropy = self.entropy(hand, &hc);
                let mine = fair::to_hex(&fair::commitment(hand, &entropy));
                if !commitments.iter().any(|(s, c)| *s == seat && *c == mine) {
                    return Vec::new();
                }
                vec![GuestMessage::Reveal { hand, entropy: fair::to_hex(&entropy) }]
            }
            HostMessage::FairReveal(r) => {
                self.take_reveal(r);
                loop {
                    let next = self.next_hand();
                    self.pending.retain(|r| r.hand >= next);
                    let Some(at) = self.pending.iter().position(|r| r.hand == next) else { break };
                    let r = self.pending.swap_remove(at);
                    self.take_reveal(r);
                }
                Vec::new()
            }
        }
    }

    /// Checks a revealed hand on this guest's replay of the table (later hands wait for
    /// earlier ones asked with `History`).
    fn take_reveal(&mut self, r: HandReveal<G>) {
        let Some(me) = self.seat else { return };
        if self.verdicts.iter().any(|v| v.hand == r.hand) || r.hand < self.next_hand() {
            return;
        }
        if r.hand > self.next_hand() {
            // Waiting makes sense only for a hand not checked yet; one checked that did not
            // replay (a refused move, another seed) leaves every later hand without a table.
            let stuck = self.verdicts.iter().any(|v| v.hand == self.next_hand());
            if self.history_asked && !stuck && self.pending.len() < MAX_PENDING {
                self.pending.retain(|p| p.hand != r.hand);
                self.pending.push(r);
            } else {
                let result = Err(NotVerified::NoHistory { hand: r.hand });
                self.verdicts.push(Verdict { hand: r.hand, seed: r.seed, result });
            }
            return;
        }
        let part = self.round(r.hand).map(|hc| Participation { host_commitment: hc, entropy: self.entropy(r.hand, &hc) });
        let final_view = self.view.as_ref().filter(|v| G::view_hand(v) == r.hand && G::view_over(v));
        let start = match (&self.chain, &self.lobby) {
            (Some(g), _) => Start::After(g),
            (None, Some(l)) => Start::FirstHand(&l.settings),
            (None, None) => Start::Unknown,
        };
        let log = self.logs.iter().find(|l| l.hand == r.hand);
        let checked = check_hand(&r, me, part.as_ref(), log, final_view, start);
        if let Some(g) = checked.replayed {
            self.chain = Some(g);
        }
        self.logs.retain(|l| l.hand > r.hand);
        // The replay agrees with what was seen; but only what was seen whole is verified.
        let refused = self.refused_during.iter().find(|(h, _)| *h == r.hand).map(|(_, n)| *n);
        let result = checked.result.and_then(|()| match (refused, final_view) {
            (Some(count), _) => Err(NotVerified::RefusedMessages { count }),
            (None, None) => Err(NotVerified::NoFinalView),
            (None, Some(_)) => Ok(()),
        });
        self.verdicts.push(Verdict { hand: r.hand, seed: r.seed, result });
    }

    /// The verdict on the hand shown now, if it was checked.
    pub fn current_verdict(&self) -> Option<&Verdict<G>> {
        let hand = G::view_hand(self.view.as_ref()?);
        self.verdicts.iter().find(|v| v.hand == hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::TableSeed;
    use crate::net::host::{ConnId, HostConfig};
    use crate::net::protocol::{decode_host, encode_guest, encode_host};
    use crate::shengji::bot::{Bot, Difficulty};
    use crate::shengji::game::{Action, Game, PhaseName, Settings};

    type GuestClient = super::GuestClient<Game>;
    type Host = crate::net::host::Host<Game>;
    type HostMessage = crate::net::protocol::HostMessage<Game>;

    /// Host + `n` clients (conn 1..=n), every message through the wire encoding; clients
    /// play with a bot's judgement.
    fn run(n: usize) -> (Host, Vec<GuestClient>) {
        let mut host = Host::new(Settings::default(), [3; 32], HostConfig::thinking_here()).unwrap();
        let mut clients: Vec<GuestClient> = (0..n).map(|i| GuestClient::new(&format!("p{i}"), [i as u8 + 1; 32], None)).collect();
        let mut queue = std::collections::VecDeque::new();
        for (i, c) in clients.iter().enumerate() {
            host.connect(i as ConnId + 1);
            queue.extend(host.receive(i as ConnId + 1, &encode_guest(&c.hello()), 0));
        }
        let pump = |host: &mut Host, clients: &mut Vec<GuestClient>, queue: &mut std::collections::VecDeque<_>| {
            while let Some((conn, msg)) = queue.pop_front() {
                let msg = decode_host(&encode_host(&msg)).unwrap();
                let i = conn as usize - 1;
                for reply in clients[i].on(msg) {
                    queue.extend(host.receive(conn, &encode_guest(&reply), 0));
                }
            }
        };
        pump(&mut host, &mut clients, &mut queue);
        queue.extend(host.fill_with_bots());
        queue.extend(host.start(0).unwrap());
        pump(&mut host, &mut clients, &mut queue);
        let mut bots: Vec<Bot> = (0..4).map(|s| Bot::new(&TableSeed::parse("t").unwrap(), s, Difficulty::Heuristic)).collect();
        for _ in 0..2000 {
            let Some(i) = (0..n).find(|&i| {
                let c = &clients[i];
                c.view.as_ref().is_some_and(|v| v.phase != PhaseName::Finished && v.to_act.first() == c.seat.as_ref())
            }) else {
                break;
            };
            let action = match clients[i].auto_action() {
                Some(draw) => draw,
                None => {
                    let v = clients[i].view.clone().unwrap();
                    bots[v.seat].suggest(&v).0
                }
            };
            let m = clients[i].action(action).unwrap();
            queue.extend(host.receive(i as ConnId + 1, &encode_guest(&m), 0));
            pump(&mut host, &mut clients, &mut queue);
        }
        (host, clients)
    }

    #[test]
    fn clients_play_a_hand_and_verify_the_deal() {
        let (host, clients) = run(3);
        assert_eq!(host.game().unwrap().phase(), PhaseName::Finished);
        for c in &clients {
            assert!(c.token.is_some());
            assert!(c.rejected.is_none(), "{:?}", c.rejected);
            let v = c.current_verdict().expect("a verdict");
            assert_eq!(v.result, Ok(()));
            assert_eq!(v.seed, host.hand_seeds()[0].1);
            assert!(!c.dealing);
        }
    }

    #[test]
    fn no_second_draw_before_the_host_answers() {
        let mut c = GuestClient::new("a", [1; 32], None);
        c.on(HostMessage::Welcome { seat: 0, rejoin: "t".into(), protocol_version: PROTOCOL_VERSION });
        let g = Game::new(Settings::default(), crate::dup::TableSeed::parse("d").unwrap()).unwrap();
        c.on(HostMessage::View(Box::new(g.view(0))));
        assert_eq!(c.auto_action(), Some(Action::Draw));
        assert!(c.action(Action::Draw).is_some());
        assert_eq!(c.auto_action(), None, "waiting for the host");
        c.on(HostMessage::Rejected { reason: crate::net::protocol::Refused::Flooding { per_second: 32 }, seq: Some(1) });
        assert_eq!(c.auto_action(), Some(Action::Draw));
    }
}
