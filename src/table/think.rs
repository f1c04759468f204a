//! Bot thinking off the page's thread: the messages between a page and the bot worker
//! (src/bot_worker.rs, its own wasm). A game that [`Thinks`] has its bots decide in the
//! worker: the page holds each bot as a [`Remote`] — the bot's state, never its code —
//! and a decision is a job carrying that state and the seat's view; the answer brings the
//! move, what the decision changed of the bot, and why (phrased in every language there). So a page never runs (nor downloads) a bot's
//! thinking, and a deal replays bit-for-bit wherever its bots think.
//!
//! A job and its answer are bytes — the format version, the game's tag
//! ([`Codec::ID`]), the kind of job, then the game's own postcard payload — and [`work`]
//! does one job. Pure and tested natively; the browser glue (`web::worker`) only moves
//! the bytes. A worker of another build answers with a refusal, never a misread move.

use crate::i18n::Phrased;
use crate::table::{Bot, BotSeat, Codec, Decision, Game};
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;

/// The messages' format: a job of another version is refused, never misread.
pub const VERSION: u8 = 4;

/// What a job asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    /// A bot's move: its state and view in, the move, its new state and why out.
    Play = 1,
    /// A game's own job (Shengji: one replay of a finished hand for the field comparison).
    Other = 2,
    /// A call of the page's peer table, held in the worker (`worker::session`).
    Session = 3,
}

impl Kind {
    fn from_byte(b: u8) -> Option<Kind> {
        [Kind::Play, Kind::Other, Kind::Session].into_iter().find(|k| *k as u8 == b)
    }
}

/// A game whose bots think in the bot worker.
pub trait Thinks: Codec<View: DeserializeOwned> {
    /// The game's bot: what decides in the worker, and as data what a page keeps of it.
    type Bot: Bot<Self> + Clone + Debug + Serialize + DeserializeOwned;
    /// What of a bot a decision changes (its random stream…): all an answer carries back.
    type Progress: Serialize + DeserializeOwned;
    fn progress(bot: &Self::Bot) -> Self::Progress;
    fn resume(bot: &mut Self::Bot, progress: Self::Progress);
    /// A bot's reason, phrased in every language (in the worker: a page shows it as is).
    fn phrase(reason: &<Self::Bot as Bot<Self>>::Reason) -> Phrased;
    /// Whether the reason says the bot searched (the timing page times those decisions).
    fn searched(_reason: &<Self::Bot as Bot<Self>>::Reason) -> bool {
        false
    }
    /// A game's own job ([`Kind::Other`]): the answer's payload, or `None` when the
    /// payload does not read or is no job this game does.
    fn other(_payload: &[u8]) -> Option<Vec<u8>> {
        None
    }
}

/// A bot's decision as the worker answers it: the move, the bot's progress, why, and
/// whether it searched ([`Thinks::searched`]).
type Played<G> = (<G as Game>::Action, <G as Thinks>::Progress, Phrased, bool);

/// An answer read back: the game's payload, or the worker's refusal.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer<T> {
    Done(T),
    /// Another version, another game, or bytes that do not read: decide elsewhere.
    Refused,
}

fn envelope(game: u8, kind: Kind, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![VERSION, game, kind as u8];
    out.extend_from_slice(payload);
    out
}

/// A job's (or an answer's) bytes.
pub fn job<G: Codec, T: Serialize + ?Sized>(kind: Kind, payload: &T) -> Vec<u8> {
    // Serialising a game's own types into a Vec cannot fail.
    envelope(G::ID, kind, &postcard::to_allocvec(payload).unwrap_or_default())
}

/// Reads an answer to a job of `kind` for game `G`.
pub fn answer<G: Codec, T: DeserializeOwned>(kind: Kind, bytes: &[u8]) -> Answer<T> {
    match bytes {
        [VERSION, g, k, payload @ ..] if *g == G::ID && *k == kind as u8 => {
            postcard::from_bytes(payload).map(Answer::Done).unwrap_or(Answer::Refused)
        }
        _ => Answer::Refused,
    }
}

/// The refusal: the worker's version and nothing else.
pub fn refused() -> Vec<u8> {
    vec![VERSION]
}

/// What does a job: [`work`] for a game, in the worker or in place (`HostConfig::think_here`).
pub type Worker = fn(&[u8]) -> Vec<u8>;

/// Does one job for game `G`: what the bot worker runs for every message. A job of
/// another version or game, or one that does not read, is refused.
pub fn work<G: Thinks>(bytes: &[u8]) -> Vec<u8> {
    let [VERSION, game, kind, payload @ ..] = bytes else { return refused() };
    let Some(kind) = Kind::from_byte(*kind).filter(|_| *game == G::ID) else { return refused() };
    let answer = match kind {
        Kind::Play => serve(payload, |(mut bot, view): (G::Bot, G::View)| {
            let (action, why) = bot.suggest(&view);
            Some::<Played<G>>((action, G::progress(&bot), G::phrase(&why), G::searched(&why)))
        }),
        Kind::Other => G::other(payload),
        // A page's table is `worker::serve`'s, which holds it.
        Kind::Session => None,
    };
    match answer {
        Some(answer) => envelope(G::ID, kind, &answer),
        None => refused(),
    }
}

/// Reads a job's payload and writes its answer's: the usual body of [`Thinks::other`].
pub fn serve<J: DeserializeOwned, A: Serialize>(payload: &[u8], f: impl FnOnce(J) -> Option<A>) -> Option<Vec<u8>> {
    let job = postcard::from_bytes::<J>(payload).ok()?;
    postcard::to_allocvec(&f(job)?).ok()
}

/// A bot whose decisions the bot worker makes: a page keeps the bot as state and sends
/// it with the seat's view; the answer's progress moves it on, so the bot's random stream
/// continues exactly as if it had decided on the page.
#[derive(Clone, Debug)]
pub struct Remote<G: Thinks> {
    bot: G::Bot,
    /// Whether the last answer's decision was searched ([`Thinks::searched`]).
    searched: bool,
}

impl<G: Thinks> Remote<G> {
    pub fn new(bot: G::Bot) -> Remote<G> {
        Remote { bot, searched: false }
    }
    pub fn bot(&self) -> &G::Bot {
        &self.bot
    }
    /// Whether the bot searched for its last answered decision.
    pub fn searched(&self) -> bool {
        self.searched
    }
}

impl<G: Thinks> BotSeat<G> for Remote<G> {
    /// A remote bot's reason comes phrased.
    type Reason = Phrased;
    fn decide(&mut self, view: &G::View) -> Decision<G::Action, Self::Reason> {
        Decision::Ask(job::<G, _>(Kind::Play, &(&self.bot, view)))
    }
    fn answered(&mut self, bytes: &[u8]) -> Option<(G::Action, Self::Reason)> {
        match answer::<G, Played<G>>(Kind::Play, bytes) {
            Answer::Done((action, progress, why, searched)) => {
                G::resume(&mut self.bot, progress);
                self.searched = searched;
                Some((action, why))
            }
            Answer::Refused => None,
        }
    }
    fn stream_at(&self) -> Option<super::StreamAt> {
        super::Bot::stream_at(&self.bot)
    }
    fn resume_stream(&mut self, at: super::StreamAt) {
        super::Bot::resume_stream(&mut self.bot, at)
    }
}

/// A decision made on this thread however the seat decides: a [`Remote`]'s job is done
/// here as the worker would do it ([`work`]). For native tools and tests that run a
/// table of remote bots; `None` when the answer is a refusal.
pub fn decide_here<G: Thinks, S: BotSeat<G>>(seat: &mut S, view: &G::View) -> Option<(G::Action, S::Reason)> {
    match seat.decide(view) {
        Decision::Now(action, why) => Some((action, why)),
        Decision::Ask(job) => seat.answered(&work::<G>(&job)),
    }
}
