//! A peer page's table, held in its worker: the page sends a [`Call`] for everything that
//! happens on it (a guest's bytes arrived, a connection closed, the host changed a seat, the
//! person played, time passed) and gets a [`Reply`]: the bytes to send on, what the page
//! shows now, the table's text to save. The host's side (`host.rs`) is `net::Host` and the
//! host's own seat; a guest's (`guest.rs`) is `net::GuestClient` and the wire's decoder.
//! The signalling codes of WebRTC are made and read here too ([`Call::Encode`],
//! [`Call::Decode`]). Everything a page shows comes phrased ([`Phrased`]).

mod guest;
mod host;
#[cfg(test)]
mod tests;

pub use guest::{GuestCall, GuestOpen, GuestReply, GuestSide, GuestTable};
pub use host::{Arrival, HostCall, HostOpen, HostReply, HostSide, HostTable, LobbyOp};

use crate::i18n::Phrased;
use crate::net::guest::Verdict;
use crate::net::signal::{self, SdpKind, SignalError};
use crate::net::PeerGame;
use crate::table::Codec;
use crate::ui_model::peer_messages::{not_verified, PeerWords};
use serde::{Deserialize, Serialize};

/// A game whose peer tables a worker holds.
pub trait PeerSession: PeerGame<Settings: Default> + PeerWords + Codec {}
impl<G: PeerGame<Settings: Default> + PeerWords + Codec> PeerSession for G {}

/// What a page asks of its worker's table.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub enum Call<G: PeerGame> {
    Host(HostCall<G>),
    Guest(GuestCall<G>),
    /// A WebRTC description as a code to pass on.
    Encode(SdpKind, String),
    /// A code passed on, as the description it holds.
    Decode(String),
}

/// The worker's answer to a [`Call`].
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub enum Reply<G: PeerGame> {
    Host(Box<HostReply<G>>),
    Guest(Box<GuestReply<G>>),
    Code(Result<String, SignalError>),
    Description(Result<(SdpKind, String), SignalError>),
    /// A host's or guest's call before the page opened its table as one.
    NotOpen,
}

/// The table a page's worker holds, if the page opened one.
#[derive(Default)]
pub enum Session<G: PeerGame> {
    #[default]
    None,
    Host(Box<HostSide<G>>),
    Guest(Box<GuestSide<G>>),
}

impl<G: PeerSession> Session<G> {
    /// Makes `call` (bots that think in a worker think here, with `think`).
    pub fn call(&mut self, call: Call<G>, think: Option<crate::table::think::Worker>) -> Reply<G> {
        match call {
            Call::Encode(kind, sdp) => Reply::Code(signal::encode(kind, &sdp)),
            Call::Decode(code) => Reply::Description(signal::decode(&code)),
            Call::Host(HostCall::Open(open)) => {
                let (side, reply) = HostSide::open(open, think);
                *self = Session::Host(Box::new(side));
                Reply::Host(Box::new(reply))
            }
            Call::Guest(GuestCall::Open(open)) => {
                let mut side = GuestSide::open(open);
                let reply = side.reply(Vec::new(), Vec::new());
                *self = Session::Guest(Box::new(side));
                Reply::Guest(Box::new(reply))
            }
            Call::Host(call) => match self {
                Session::Host(side) => Reply::Host(Box::new(side.call(call))),
                _ => Reply::NotOpen,
            },
            Call::Guest(call) => match self {
                Session::Guest(side) => Reply::Guest(Box::new(side.call(call))),
                _ => Reply::NotOpen,
            },
        }
    }
}

/// A hand's deal as a guest's check judged it, phrased for the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerdictShown {
    pub hand: u64,
    /// The hand's seed: its duplicate link.
    pub seed: String,
    /// Why the deal is not called verified; `None`: verified.
    pub problem: Option<Phrased>,
}

impl VerdictShown {
    pub fn of<G: PeerSession>(v: &Verdict<G>) -> VerdictShown {
        VerdictShown {
            hand: v.hand,
            seed: v.seed.clone(),
            problem: v.result.as_ref().err().map(|n| Phrased::with(|lang| not_verified::<G>(n, lang))),
        }
    }
}
