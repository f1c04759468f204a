//! Per-seat draw lists for mahjong-style walls (the seed's addendum): the shuffled wall is
//! dealt round-robin into one list per seat, so a call that skips or adds a turn never
//! shifts what the other seats draw. Owns the rule for a seat whose list runs out.

use rand_core::RngCore;
use std::collections::VecDeque;
use std::fmt;

/// Why a wall request was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WallError {
    NoSeats,
    SeatOutOfRange { seat: usize, seats: usize },
}

impl fmt::Display for WallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WallError::NoSeats => write!(f, "a wall needs at least one seat"),
            WallError::SeatOutOfRange { seat, seats } => {
                write!(
                    f,
                    "seat {seat} does not exist: the wall has seats 0 to {}",
                    seats - 1
                )
            }
        }
    }
}

impl std::error::Error for WallError {}

/// The live wall as one draw list per seat.
///
/// Exhaustion rule (kobalab's, as in the seed): a seat whose own list is empty draws from
/// the *back* of the longest other list; among equally long lists, the first one met going
/// round from the drawing seat in turn order (seat + 1, seat + 2, ...). The wall is empty
/// exactly when every list is, so a table runs out after the same number of draws as with a
/// single wall, and every draw is still uniform over the tiles not yet seen (the selection
/// never looks at tile values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatWalls<T> {
    lists: Vec<VecDeque<T>>,
}

impl<T> SeatWalls<T> {
    /// Deals `tiles`, in the order given, round-robin: tile `i` goes to seat `i % seats`.
    /// Seat 0 is the seat that draws first in a game without calls.
    pub fn from_order(tiles: Vec<T>, seats: usize) -> Result<SeatWalls<T>, WallError> {
        if seats == 0 {
            return Err(WallError::NoSeats);
        }
        let mut lists: Vec<VecDeque<T>> = (0..seats)
            .map(|_| VecDeque::with_capacity(tiles.len() / seats + 1))
            .collect();
        for (i, t) in tiles.into_iter().enumerate() {
            lists[i % seats].push_back(t);
        }
        Ok(SeatWalls { lists })
    }

    /// Shuffles `tiles` with `rng` (normally the hand's `Purpose::Deal` stream) by
    /// [`crate::dup::shuffle`], then deals them as [`SeatWalls::from_order`].
    pub fn shuffled<R: RngCore + ?Sized>(
        mut tiles: Vec<T>,
        seats: usize,
        rng: &mut R,
    ) -> Result<SeatWalls<T>, WallError> {
        if seats == 0 {
            return Err(WallError::NoSeats);
        }
        super::rng::shuffle(rng, &mut tiles);
        SeatWalls::from_order(tiles, seats)
    }

    pub fn seats(&self) -> usize {
        self.lists.len()
    }

    /// Tiles left in `seat`'s own list (0 for a seat that does not exist).
    pub fn remaining(&self, seat: usize) -> usize {
        self.lists.get(seat).map_or(0, VecDeque::len)
    }

    /// Tiles left in the whole wall.
    pub fn total_remaining(&self) -> usize {
        self.lists.iter().map(VecDeque::len).sum()
    }

    /// The per-seat lists, front = next tile.
    pub fn lists(&self) -> &[VecDeque<T>] {
        &self.lists
    }

    /// The next tile for `seat`: the front of its list, or by the exhaustion rule when its
    /// list is empty; `Ok(None)` when the whole wall is empty.
    pub fn draw(&mut self, seat: usize) -> Result<Option<T>, WallError> {
        let seats = self.lists.len();
        if seat >= seats {
            return Err(WallError::SeatOutOfRange { seat, seats });
        }
        if let Some(t) = self.lists[seat].pop_front() {
            return Ok(Some(t));
        }
        let mut donor: Option<usize> = None;
        for step in 1..seats {
            let s = (seat + step) % seats;
            if self.lists[s].len() > donor.map_or(0, |d| self.lists[d].len()) {
                donor = Some(s);
            }
        }
        Ok(donor.and_then(|d| self.lists[d].pop_back()))
    }
}
