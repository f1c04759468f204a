//! The peer pages' side of their table in the worker (`worker::session`): a call goes to the
//! page's worker and its reply comes back, in the order the calls were made (the worker
//! answers one message at a time). `None` where the worker cannot run: the table cannot
//! either, and the page says so.

use crate::net::connect::ConnectError;
use crate::net::signal::SdpKind;
use crate::worker::session::{Call, GuestCall, GuestReply, HostCall, HostReply, PeerSession, Reply};
use crate::worker::{session_job, session_reply};

/// The worker's reply to `call`.
pub async fn call<G: PeerSession>(call: &Call<G>) -> Option<Reply<G>> {
    let answer = crate::web::worker::ask_table(&session_job(call)).await?;
    session_reply::<G>(&answer.bytes)
}

pub async fn host<G: PeerSession>(c: HostCall<G>) -> Option<HostReply<G>> {
    match call(&Call::Host(c)).await? {
        Reply::Host(r) => Some(*r),
        _ => None,
    }
}

/// A host call as the worker's bytes (for the save's journal: `host_save::Autosave::sent`).
pub fn host_job<G: PeerSession>(c: HostCall<G>) -> Vec<u8> {
    session_job(&Call::Host(c))
}

/// The worker's reply to a host call already made into its bytes (see [`host_job`]).
pub async fn host_bytes<G: PeerSession>(job: &[u8]) -> Option<HostReply<G>> {
    let answer = crate::web::worker::ask_table(job).await?;
    match session_reply::<G>(&answer.bytes)? {
        Reply::Host(r) => Some(*r),
        _ => None,
    }
}

pub async fn guest<G: PeerSession>(c: GuestCall<G>) -> Option<GuestReply<G>> {
    match call(&Call::Guest(c)).await? {
        Reply::Guest(r) => Some(*r),
        _ => None,
    }
}

/// A WebRTC description as a code to pass on.
pub async fn encode<G: PeerSession>(kind: SdpKind, sdp: String) -> Result<String, ConnectError> {
    match call::<G>(&Call::Encode(kind, sdp)).await {
        Some(Reply::Code(r)) => Ok(r?),
        _ => Err(ConnectError::NoWorker),
    }
}

/// A code passed on, as the description it holds.
pub async fn decode<G: PeerSession>(code: String) -> Result<(SdpKind, String), ConnectError> {
    match call::<G>(&Call::Decode(code)).await {
        Some(Reply::Description(r)) => Ok(r?),
        _ => Err(ConnectError::NoWorker),
    }
}
