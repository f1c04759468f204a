//! Why an invitation or an answer could not make a connection, as data: a code that does
//! not read ([`SignalError`]), a code of the other kind, or a step of WebRTC the browser
//! refused (with the browser's own message). The pages phrase it in the player's language
//! (`ui_model::connect_words`); nothing here is a sentence.

use super::signal::SignalError;

/// The step of making a connection that the browser refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowserStep {
    /// Creating the WebRTC connection itself (no WebRTC in this browser, or it is off).
    CreateConnection,
    /// The host's side: making the invitation's offer, or taking it as its own.
    CreateOffer,
    UseOffer,
    /// The guest's side: taking the host's invitation, making the answer, taking it as its own.
    UseInvitation,
    CreateAnswer,
    UseAnswer,
    /// The browser gave no description of its side after gathering.
    NoLocalDescription,
    /// The host's side: the guest's answer does not belong to this invitation.
    AnswerDoesNotFit,
}

/// Why connecting through a code failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectError {
    /// The code does not read.
    Code(SignalError),
    /// A guest's answer where an invitation belongs (opened as a join link).
    AnswerNotInvitation,
    /// An invitation where a guest's answer belongs (pasted into the host's answer box).
    InvitationNotAnswer,
    /// The browser refused `step`; `detail` is its own message, kept as it gave it.
    Browser { step: BrowserStep, detail: String },
    /// The page's worker, which reads and makes the codes, could not start.
    NoWorker,
}

impl From<SignalError> for ConnectError {
    fn from(e: SignalError) -> ConnectError {
        ConnectError::Code(e)
    }
}
