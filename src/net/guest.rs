//! A guest's side of a peer table, pure: reacts to the host's messages (seat, lobby, its
//! own view, fair-dealing steps), answers the commit-reveal rounds, numbers its actions,
//! and checks every revealed deal. The browser page (and the host's own seat) drive it.

use super::fair::{self, Mismatch, PlayedHand, Secret, Witness};
use super::protocol::{GuestMessage, HostMessage, LobbyState, PROTOCOL_VERSION};
use crate::cards::Card;
use crate::shengji::game::{Action, PhaseName, Seat, SeatView};
use sha2::{Digest, Sha256};

/// The outcome of checking one hand's deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub hand: u64,
    /// The hand's seed: with `hand`, its duplicate link.
    pub seed: String,
    pub result: Result<(), Mismatch>,
}

/// One guest (a remote page, or the host's own seat).
#[derive(Clone, Debug)]
pub struct GuestClient {
    pub name: String,
    pub seat: Option<Seat>,
    /// Reclaims the seat after a drop (kept by the page across reloads).
    pub token: Option<String>,
    pub view: Option<SeatView>,
    pub lobby: Option<LobbyState>,
    /// The host's last refusal, as it phrased it.
    pub rejected: Option<String>,
    pub verdicts: Vec<Verdict>,
    /// A fair-dealing round is under way (the next hand is being dealt).
    pub dealing: bool,
    seq: u64,
    entropy_seed: Secret,
    /// The cards this seat was dealt in the current hand, once the draw ended.
    dealt: Option<Vec<Card>>,
    /// Hand number of the last fair round this guest committed to.
    committed: Option<u64>,
    /// An action is on its way: no automatic draw until the host answers.
    awaiting: bool,
}

impl GuestClient {
    /// `entropy_seed`: 32 random bytes from the platform; each hand's contribution is derived
    /// from it, so a re-sent step gets the same answer.
    pub fn new(name: &str, entropy_seed: Secret, token: Option<String>) -> GuestClient {
        GuestClient {
            name: name.to_string(),
            seat: None,
            token,
            view: None,
            lobby: None,
            rejected: None,
            verdicts: Vec::new(),
            dealing: false,
            seq: 0,
            entropy_seed,
            dealt: None,
            committed: None,
            awaiting: false,
        }
    }

    /// The first message on every new connection.
    pub fn hello(&self) -> GuestMessage {
        GuestMessage::Hello { name: self.name.clone(), protocol_version: PROTOCOL_VERSION, rejoin: self.token.clone() }
    }

    fn entropy(&self, hand: u64) -> Secret {
        let mut h = Sha256::new();
        h.update(b"tuolaji/net/v1/guest-entropy\0");
        h.update(self.entropy_seed);
        h.update(hand.to_le_bytes());
        h.finalize().into()
    }

    /// A move of this guest's seat, numbered; `None` before it has a seat.
    pub fn action(&mut self, action: Action) -> Option<GuestMessage> {
        let seat = self.seat?;
        self.seq += 1;
        self.rejected = None;
        self.awaiting = true;
        Some(GuestMessage::Action { seq: self.seq, seat, action })
    }

    /// Is it this seat's turn to draw a card? (Drawing is automatic; bids and passes are not.)
    pub fn should_draw(&self) -> bool {
        match (&self.view, self.seat) {
            (Some(v), Some(s)) => !self.dealing && !self.awaiting && v.phase == PhaseName::Draw && v.deck_left > 0 && v.to_act.first() == Some(&s),
            _ => false,
        }
    }

    /// Reacts to one message from the host; returns the replies.
    pub fn on(&mut self, msg: HostMessage) -> Vec<GuestMessage> {
        match msg {
            HostMessage::Welcome { seat, rejoin, .. } => {
                if self.seat != Some(seat) {
                    self.view = None;
                }
                self.seat = Some(seat);
                if !rejoin.is_empty() {
                    self.token = Some(rejoin);
                }
                self.rejected = None;
                Vec::new()
            }
            HostMessage::Lobby(l) => {
                self.lobby = Some(l);
                Vec::new()
            }
            HostMessage::View(v) => {
                if Some(v.seat) != self.seat {
                    return Vec::new();
                }
                match v.phase {
                    PhaseName::Draw => self.dealt = None,
                    PhaseName::Exchange if self.dealt.is_none() => self.dealt = Some(hand_as_dealt(&v, self.seat)),
                    _ => {}
                }
                self.dealing = false;
                self.awaiting = false;
                self.view = Some(*v);
                Vec::new()
            }
            HostMessage::Event(_) | HostMessage::Pong { .. } => Vec::new(),
            HostMessage::Rejected { reason, .. } => {
                self.awaiting = false;
                self.rejected = Some(reason);
                Vec::new()
            }
            HostMessage::FairCommit { hand, .. } => {
                self.dealing = true;
                self.committed = Some(hand);
                vec![GuestMessage::Commit { hand, commitment: fair::to_hex(&fair::commitment(hand, &self.entropy(hand))) }]
            }
            HostMessage::FairCommitments { hand, commitments } => {
                self.dealing = true;
                let mine = self.seat.is_some_and(|s| commitments.iter().any(|(c, _)| *c == s));
                if !mine {
                    return Vec::new();
                }
                vec![GuestMessage::Reveal { hand, entropy: fair::to_hex(&self.entropy(hand)) }]
            }
            HostMessage::FairReveal(r) => {
                let Some(v) = &self.view else { return Vec::new() };
                if self.verdicts.iter().any(|x| x.hand == r.hand) {
                    return Vec::new();
                }
                let contributed = self.committed == Some(r.hand);
                let me = Witness {
                    seat: v.seat,
                    entropy: contributed.then(|| self.entropy(r.hand)),
                    dealt: self.dealt.as_deref(),
                };
                let Some(played) = PlayedHand::from_view(v, Some(me)) else { return Vec::new() };
                let verdict = Verdict { hand: r.hand, seed: r.seed.clone(), result: fair::verify(&r, &played) };
                self.verdicts.push(verdict);
                Vec::new()
            }
        }
    }

    /// The verdict on the hand shown now, if it was checked.
    pub fn current_verdict(&self) -> Option<&Verdict> {
        let hand = self.view.as_ref()?.hand_number;
        self.verdicts.iter().find(|v| v.hand == hand)
    }
}

/// The hand `seat` was dealt, from its view at the exchange: the landlord's exchange
/// hand holds the kitty too, so it is taken back out. (What fair dealing checks.)
pub(crate) fn hand_as_dealt(v: &SeatView, seat: Option<Seat>) -> Vec<Card> {
    let mut hand = v.hand.clone();
    if v.landlord == seat {
        for k in v.kitty.iter().flatten() {
            if let Some(i) = hand.iter().position(|c| c == k) {
                hand.remove(i);
            }
        }
    }
    hand
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::TableSeed;
    use crate::net::host::{ConnId, Host, HostConfig};
    use crate::net::protocol::{decode_host, encode_guest, encode_host};
    use crate::shengji::bot::{Bot, Difficulty};
    use crate::shengji::game::Settings;

    /// Host + `n` clients (conn 1..=n), every message through the wire encoding; clients
    /// play with a bot's judgement.
    fn run(n: usize) -> (Host, Vec<GuestClient>) {
        let mut host = Host::new(Settings::default(), [3; 32], HostConfig::default()).unwrap();
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
            let action = if clients[i].should_draw() {
                Action::Draw
            } else {
                let v = clients[i].view.clone().unwrap();
                bots[v.seat].suggest(&v).0
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
        let g = crate::shengji::game::Game::new(crate::shengji::game::Settings::default(), crate::dup::TableSeed::parse("d").unwrap()).unwrap();
        c.on(HostMessage::View(Box::new(g.view(0))));
        assert!(c.should_draw());
        assert!(c.action(Action::Draw).is_some());
        assert!(!c.should_draw(), "waiting for the host");
        c.on(HostMessage::Rejected { reason: "slow down".into(), seq: Some(1) });
        assert!(c.should_draw());
    }

    #[test]
    fn a_tampered_reveal_gives_a_loud_verdict() {
        let (mut _host, mut clients) = run(1);
        let c = &mut clients[0];
        let good = c.verdicts.pop().unwrap();
        assert_eq!(good.result, Ok(()));
        // The same reveal with another seed announced.
        let r = crate::net::protocol::HandReveal {
            hand: 0,
            first_drawer: 0,
            host_commitment: fair::to_hex(&[0; 32]),
            host_secret: fair::to_hex(&[0; 32]),
            contributions: vec![],
            seed: good.seed.clone(),
        };
        c.on(HostMessage::FairReveal(r));
        assert!(c.current_verdict().unwrap().result.is_err());
    }
}
