//! Bot thinking off the page's thread: the messages between a page and the bot worker
//! (src/bot_worker.rs, its own wasm, so the pages never carry the search). A job and its
//! answer are bytes — the format version, the game's tag ([`Codec::ID`]), the kind of
//! job, then the game's own postcard payload — and [`work`] does one job for a game that
//! [`Thinks`]. Pure and tested natively; the browser glue (`web::worker`) only moves the
//! bytes. A worker of another build (a page and a worker from different deployments)
//! answers [`Answer::Refused`], and the page then decides on its own thread.

use crate::table::{Bot, Codec};
use serde::{de::DeserializeOwned, Serialize};

/// The messages' format: a job of another version is refused, never misread.
pub const VERSION: u8 = 1;

/// What a job asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    /// A bot's move (`table::Bot::offload`).
    Play = 1,
    /// One replay of a finished hand for the field comparison.
    Field = 2,
}

impl Kind {
    fn from_byte(b: u8) -> Option<Kind> {
        [Kind::Play, Kind::Field].into_iter().find(|k| *k as u8 == b)
    }
}

/// A game whose bots do slow work in the bot worker.
pub trait Thinks: Codec {
    /// Does one job of `kind` on the game's own payload: the answer's payload, or `None`
    /// when the payload does not read or is no job this game can do.
    fn think(kind: Kind, payload: &[u8]) -> Option<Vec<u8>>;
}

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
pub fn job<G: Codec, T: Serialize>(kind: Kind, payload: &T) -> Vec<u8> {
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

/// Does one job for game `G`: what the bot worker runs for every message. A job of
/// another version or game, or one that does not read, is refused.
pub fn work<G: Thinks>(bytes: &[u8]) -> Vec<u8> {
    let [VERSION, game, kind, payload @ ..] = bytes else { return refused() };
    let Some(kind) = Kind::from_byte(*kind).filter(|_| *game == G::ID) else { return refused() };
    match G::think(kind, payload) {
        Some(answer) => envelope(G::ID, kind, &answer),
        None => refused(),
    }
}

/// Reads a job's payload and writes its answer's: the usual body of [`Thinks::think`].
pub fn serve<J: DeserializeOwned, A: Serialize>(payload: &[u8], f: impl FnOnce(&J) -> Option<A>) -> Option<Vec<u8>> {
    let job = postcard::from_bytes::<J>(payload).ok()?;
    postcard::to_allocvec(&f(&job)?).ok()
}

/// A bot's decision made on this thread: a search as the worker makes it ([`work`]), any
/// other decision at once; and whether it was a search. The worker's own jobs that play
/// whole hands (the field comparison) decide this way, so a page's wasm, which leaves the
/// search out of [`Bot::suggest`], never needs it there.
pub fn decide_here<G: Thinks, B: Bot<G>>(bot: &mut B, view: &G::View) -> ((G::Action, B::Reason), bool) {
    if let Some(job) = bot.offload(view) {
        if let Some(decided) = bot.offloaded(&work::<G>(&job)) {
            return (decided, true);
        }
    }
    (bot.suggest(view), false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shengji::game::Game as Shengji;
    use crate::shengji::think::PlayAnswer;

    #[test]
    fn jobs_of_another_version_or_game_and_broken_bytes_are_refused() {
        let work = work::<Shengji>;
        assert_eq!(work(&[]), refused());
        assert_eq!(work(&[VERSION + 1, Shengji::ID, Kind::Play as u8, 0]), refused());
        assert_eq!(work(&[VERSION, Shengji::ID + 1, Kind::Play as u8]), refused());
        assert_eq!(work(&[VERSION, Shengji::ID, 7]), refused());
        assert_eq!(work(&[VERSION, Shengji::ID, Kind::Play as u8, 0xff, 0xff]), refused());
        assert_eq!(answer::<Shengji, PlayAnswer>(Kind::Play, &refused()), Answer::Refused);
        // An answer of another kind is not read as this one.
        let field = job::<Shengji, _>(Kind::Field, &Some(1u8));
        assert_eq!(answer::<Shengji, PlayAnswer>(Kind::Play, &field), Answer::Refused);
    }
}
