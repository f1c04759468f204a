//! What a page's worker does besides a bot's thinking (`table::think`), pure and tested
//! natively: a peer page's table (`session`). The host's `net::Host` with its own seat, or a
//! guest's `net::GuestClient`, lives in the table worker of the page's game
//! (src/table_worker_*.rs), so the peer pages carry neither the rules, the protocol, fair
//! dealing nor the deal's check: they move bytes between WebRTC and the worker and draw what
//! the worker says they show. What a page shows comes phrased in every language, as a
//! bot's reason does.
//!
//! [`serve`] is a worker's whole message loop: a session call goes to the page's session,
//! any other job to the game's thinking.

pub mod mahjong;
pub mod rummy;
pub mod session;
mod shengji;

use crate::table::think::{self, Kind};
use session::{PeerSession, Session};

/// A worker's answer to one job of game `G`: a [`Kind::Session`] call goes to `session`, a
/// bot's job to `think` (`None`: this game's bots do not think in a worker). A job of another
/// version or game, or one that does not read, is refused.
pub fn serve<G: PeerSession>(session: &mut Session<G>, job: &[u8], think: Option<think::Worker>) -> Vec<u8> {
    match job {
        [think::VERSION, game, kind, payload @ ..] if *game == G::ID && *kind == Kind::Session as u8 => {
            match postcard::from_bytes(payload).ok().map(|call| session.call(call, think)) {
                Some(reply) => think::job::<G, _>(Kind::Session, &reply),
                None => think::refused(),
            }
        }
        _ => match think {
            Some(work) => work(job),
            None => think::refused(),
        },
    }
}

/// What a page sends its worker to make `call` of its session.
pub fn session_job<G: PeerSession>(call: &session::Call<G>) -> Vec<u8> {
    think::job::<G, _>(Kind::Session, call)
}

/// The worker's reply to a session call, read back (`None`: a worker of another build).
pub fn session_reply<G: PeerSession>(bytes: &[u8]) -> Option<session::Reply<G>> {
    match think::answer::<G, session::Reply<G>>(Kind::Session, bytes) {
        think::Answer::Done(r) => Some(r),
        think::Answer::Refused => None,
    }
}
