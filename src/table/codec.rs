//! How a game travels outside the running table: its settings as a share
//! link's query pairs, its moves as the compact bytes of replay codes and
//! saves, and its tag in both. The record layer (`crate::record`) writes the
//! envelopes once for every game; each game writes only these pieces.

use super::{Game, Seat};
use crate::codec::Reader;
use super::link_params::LinkError;
use serde::{de::DeserializeOwned, Serialize};
use std::cmp::Ordering;
use std::fmt::Debug;

/// Why a move's bytes could not be read (the envelope names it in its error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The bytes ended inside a move.
    Truncated,
    /// A field that is not valid: "seat", "card", "action", …
    Field(&'static str),
}

/// The tag of the first game, Shengji: its replay codes and duplicate results from before
/// codes named their game carry no tag (their format byte says so), and its settings
/// fingerprints alone do not hash the game's name.
pub const FIRST_GAME: u8 = 0;

/// A game's encodings for links, replay codes and saves.
pub trait Codec: Game {
    /// The game's one-byte tag in replay codes and saves (Shengji 0, rummy 1, mahjong 2).
    const ID: u8;
    /// Every settings key a link may carry, in the order links write them.
    const SETTINGS_KEYS: &'static [&'static str];

    /// The settings that differ from the defaults, in [`Codec::SETTINGS_KEYS`]
    /// order, canonical: equal tables give equal pairs (duplicate results
    /// fingerprint this text).
    fn settings_pairs(settings: &Self::Settings) -> Vec<(&'static str, String)>;
    /// Reads settings from a link (keys already known to be settings keys, each
    /// at most once). The game's validator judges the table: a link accepts
    /// exactly the tables `new` accepts.
    fn settings_from_pairs<'p>(get: &dyn Fn(&str) -> Option<&'p str>) -> Result<Self::Settings, LinkError>;
    /// How many seats the settings make (`Err` if they make no table).
    fn seats(settings: &Self::Settings) -> Result<usize, Self::SettingsError>;

    /// What one seat made of a finished hand: what a duplicate result carries
    /// (the `r=` of a link) and the result card shows.
    type SeatResult: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned;
    /// `seat`'s result on the finished hand (`None` while it is played).
    fn seat_result(&self, seat: Seat) -> Option<Self::SeatResult>;
    /// `Greater` when `a` did better than `b` (two seats' results on the same deal).
    fn compare_results(a: &Self::SeatResult, b: &Self::SeatResult) -> Ordering;
    /// A result as bytes, and back (the reader bounds every field).
    fn write_result(result: &Self::SeatResult, out: &mut Vec<u8>);
    fn read_result(r: &mut Reader<'_>) -> Result<Self::SeatResult, MoveError>;

    /// Appends one move (seat and action) to a record's bytes.
    fn write_move(seat: Seat, action: &Self::Action, out: &mut Vec<u8>);
    /// Reads one move back; `players` bounds the seat.
    fn read_move(r: &mut Reader<'_>, players: usize) -> Result<(Seat, Self::Action), MoveError>;
}
