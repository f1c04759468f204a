//! A guest's side of a peer table in the worker: `net::GuestClient` (which checks every
//! revealed deal) and the wire's decoder, which keeps the last view the host's patches apply to.

use super::{PeerSession, VerdictShown};
use crate::i18n::Phrased;
use crate::net::delta::{ViewDecoder, WireError};
use crate::net::fair::Secret;
use crate::net::guest::{GuestClient, GuestMemory};
use crate::net::protocol::{encode_guest, GuestMessage, LobbyState, MAX_HOST_MESSAGE_BYTES};
use crate::net::PeerGame;
use crate::table::Seat;
use crate::ui_model::peer_messages::refused;
use derive_where::derive_where;
use serde::{Deserialize, Serialize};

/// Opening a guest's table (before its connection is made).
#[derive(Serialize, Deserialize)]
pub struct GuestOpen {
    pub name: String,
    /// Fresh randomness from the page (each fair round's entropy is derived from it).
    pub page_secret: Secret,
    /// The token that reclaims a seat, and what the page kept of the hand it was in.
    pub token: Option<String>,
    pub memory: Option<GuestMemory>,
    /// A spectator: greets with `Watch`, takes no seat, sends no move.
    pub watch: bool,
}

/// What happened on a guest's page.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub enum GuestCall<G: PeerGame> {
    Open(GuestOpen),
    /// The person's name, as typed before joining.
    Name(String),
    /// The channel to the host is open: say hello (or that this page watches).
    Greet,
    Received(Vec<u8>),
    /// A message larger than the wire allows arrived (unread).
    Oversized(usize),
    Act(G::Action),
    Say(String),
    /// Time passes: the seat's automatic move (Shengji's draw), when its view calls for one.
    Tick,
}

/// What a guest's page shows.
#[derive(Serialize, Deserialize)]
#[derive_where(Clone, Debug, PartialEq)]
#[serde(bound = "")]
pub struct GuestTable<G: PeerGame> {
    pub view: Option<G::View>,
    pub lobby: Option<LobbyState<G>>,
    pub seat: Option<Seat>,
    /// Why the host refused this page's last message.
    pub refusal: Option<Phrased>,
    pub verdict: Option<VerdictShown>,
    pub dealing: bool,
    pub chat: Vec<(Seat, String)>,
    /// This page watches: a spectator's, or a guest's waiting for a seat (`waiting`) that
    /// the host will seat at the start of a hand.
    pub watching: bool,
    pub waiting: bool,
}

/// The worker's answer to a [`GuestCall`].
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct GuestReply<G: PeerGame> {
    /// Bytes for the host, in order.
    pub send: Vec<Vec<u8>>,
    /// What the page shows, when it changed.
    pub table: Option<GuestTable<G>>,
    /// What the page keeps across a reload, when it changed: the token that reclaims the
    /// seat and what checks the hand it is in.
    pub keep: Option<(String, GuestMemory)>,
    /// Messages from the host refused unread, for the console (English).
    pub log: Vec<String>,
}

/// A guest's table in the worker.
pub struct GuestSide<G: PeerGame> {
    client: GuestClient<G>,
    decoder: ViewDecoder,
    watch: bool,
    shown: Option<GuestTable<G>>,
    kept: Option<(String, GuestMemory)>,
}

impl<G: PeerSession> GuestSide<G> {
    pub fn open(open: GuestOpen) -> GuestSide<G> {
        // A returning guest resumes with what its page kept, so it can still check the hand it was in.
        let client = match (&open.token, &open.memory) {
            (Some(_), Some(kept)) => GuestClient::resume(&open.name, kept, open.token.clone()),
            _ => GuestClient::new(&open.name, open.page_secret, open.token.clone()),
        };
        GuestSide { client, decoder: ViewDecoder::default(), watch: open.watch, shown: None, kept: None }
    }

    pub fn call(&mut self, call: GuestCall<G>) -> GuestReply<G> {
        let mut log = Vec::new();
        let send: Vec<GuestMessage<G>> = match call {
            GuestCall::Open(_) => Vec::new(),
            GuestCall::Name(name) => {
                self.client.name = name;
                Vec::new()
            }
            GuestCall::Greet => vec![if self.watch { self.client.watch() } else { self.client.hello() }],
            GuestCall::Received(bytes) => match self.decoder.decode::<G>(&bytes, MAX_HOST_MESSAGE_BYTES) {
                Ok(msg) => self.client.on(msg),
                Err(e) => {
                    // A bad message changes nothing; keep a trace for whoever debugs. A view
                    // update that does not fit the view kept here: ask for the whole view.
                    log.push(format!("a message from the host was refused: {e}"));
                    if matches!(e, WireError::Patch(_)) { vec![GuestMessage::Resync] } else { Vec::new() }
                }
            },
            GuestCall::Oversized(n) => {
                log.push(format!("a message of about {n} bytes from the host was refused"));
                Vec::new()
            }
            // A spectator's board is read-only: nothing it taps is sent.
            GuestCall::Act(_) if self.client.watching => Vec::new(),
            GuestCall::Act(action) => self.client.action(action).into_iter().collect(),
            GuestCall::Say(text) => self.client.say(&text).into_iter().collect(),
            GuestCall::Tick => match self.client.auto_action() {
                Some(draw) if !self.client.watching => self.client.action(draw).into_iter().collect(),
                _ => Vec::new(),
            },
        };
        self.reply(send.iter().map(encode_guest).collect(), log)
    }

    /// The bytes to send, and what changed on the page since it was last told.
    pub fn reply(&mut self, send: Vec<Vec<u8>>, log: Vec<String>) -> GuestReply<G> {
        let mut reply = GuestReply { send, table: None, keep: None, log };
        let c = &self.client;
        let table = GuestTable {
            view: c.view.clone(),
            lobby: c.lobby.clone(),
            seat: c.seat,
            refusal: c.rejected.as_ref().map(|r| Phrased::with(|lang| refused::<G>(r, lang))),
            verdict: c.current_verdict().map(VerdictShown::of),
            dealing: c.dealing,
            chat: c.chat.clone(),
            watching: c.watching || self.watch,
            waiting: c.waiting,
        };
        if self.shown.as_ref() != Some(&table) {
            self.shown = Some(table.clone());
            reply.table = Some(table);
        }
        let keep = c.token.clone().map(|t| (t, c.memory()));
        if keep.is_some() && keep != self.kept {
            self.kept = keep.clone();
            reply.keep = keep;
        }
        reply
    }
}
