//! The opponents' concealed hands in the Expert's sampled walls: dealt from the unseen
//! pool first, as the opponents can hold them, so the seat's own future (its draws and
//! the discards it may win on) is read from the rest, the wall.
//!
//! An opponent whose last discard was of another suit than its void suit holds none of
//! its void suit (the void suit goes first): its hand is dealt from the other suits, and
//! the void suit's unseen tiles are in the wall (likelier drawn, and thrown at once by
//! whoever draws them). The other opponents' hands are dealt from every unseen tile alike.
//!
//! Tried and left off (500 deals each of `dev6` and `dev7`, docs/sichuan.md): the kinds an
//! opponent discarded and their neighbours dealt to it less often, its last discard
//! replayed against the sampled hand (would a sound player have kept this hand?), and
//! the round's discard leaning to the kinds the sampled opponents would let go.
//!
//! The effort stays a count: per sampled wall one pick per opponent's concealed tile, each
//! a pass over the pool.

use crate::dup::uniform_below;
use crate::mahjong::game::SeatView;
use crate::mahjong::{Suit, Tile};
use rand_chacha::ChaCha20Rng;

/// A tile's weight in an opponent's deal: any it may hold (against 0 for a cleared void
/// suit; the scale leaves room for the discard weights that were tried).
const MAY_HOLD: u32 = 8;

/// An opponent still in the hand: how many concealed tiles it holds and the suit it holds
/// none of, if its void suit is cleared.
#[derive(Clone, Debug)]
pub struct Kept {
    size: usize,
    cleared: Option<Suit>,
}

impl Kept {
    fn weight(&self, t: Tile) -> u32 {
        if Some(t.suit()) == self.cleared {
            0
        } else {
            MAY_HOLD
        }
    }
}

/// `view`'s opponents still in the hand, their hands' sizes at most `pool` tiles in all.
pub fn models(view: &SeatView, pool: usize) -> Vec<Kept> {
    let mut left = pool;
    let mut out = Vec::new();
    for s in (0..view.players).filter(|&s| s != view.seat) {
        if view.wins.iter().any(|w| w.seat == s) {
            continue;
        }
        let size = view.hand_sizes.get(s).copied().unwrap_or(0).min(left);
        left -= size;
        let void = view.voids[s];
        let cleared = void.filter(|&v| view.rivers[s].last().is_some_and(|r| r.tile.suit() != v));
        out.push(Kept { size, cleared });
    }
    out
}

/// Deals each opponent's hand out of `tiles[..end]` to its tail (the first opponent's
/// tiles last); returns the new end: the wall is `tiles[..new_end]`. A hand the allowed
/// tiles cannot fill takes any.
pub fn deal(models: &[Kept], tiles: &mut [Tile], mut end: usize, rng: &mut ChaCha20Rng) -> usize {
    for m in models {
        for _ in 0..m.size.min(end) {
            let total: u32 = tiles[..end].iter().map(|&t| m.weight(t)).sum();
            let i = if total == 0 {
                uniform_below(rng, end as u64) as usize
            } else {
                let mut r = uniform_below(rng, total as u64) as u32;
                let mut i = 0;
                while r >= m.weight(tiles[i]) {
                    r -= m.weight(tiles[i]);
                    i += 1;
                }
                i
            };
            end -= 1;
            tiles.swap(i, end);
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::{Purpose, TableSeed};

    /// A seat whose void suit (bamboo) is cleared is dealt none of it; one whose void is not
    /// cleared may be; every tile dealt leaves the wall; the same stream deals the same hands.
    #[test]
    fn a_cleared_void_suit_is_never_dealt_to_its_seat() {
        let models = [Kept { size: 13, cleared: Some(Suit::Bamboo) }, Kept { size: 13, cleared: None }];
        let pool: Vec<Tile> = Tile::all().filter(|t| !t.is_honour()).flat_map(|t| [t, t, t]).collect();
        let deal_once = |rng: &mut ChaCha20Rng| {
            let mut tiles = pool.clone();
            let end = deal(&models, &mut tiles, pool.len(), rng);
            assert_eq!(end, pool.len() - 26);
            let mut sorted = tiles.clone();
            sorted.sort_by_key(|t| t.id());
            assert_eq!(sorted, pool, "the deal only moves tiles");
            tiles
        };
        let stream = || TableSeed::parse("kept").unwrap().hand(0).seat(0).stream(Purpose::Bots);
        let (mut rng, mut again) = (stream(), stream());
        let mut other_bamboo = 0;
        for _ in 0..100 {
            let tiles = deal_once(&mut rng);
            assert_eq!(tiles, deal_once(&mut again));
            let (second, first) = (&tiles[pool.len() - 26..pool.len() - 13], &tiles[pool.len() - 13..]);
            assert!(first.iter().all(|t| t.suit() != Suit::Bamboo), "{first:?}");
            other_bamboo += second.iter().filter(|t| t.suit() == Suit::Bamboo).count();
        }
        assert!(other_bamboo > 300, "the seat not cleared holds bamboo too: {other_bamboo} in 100 hands");
    }
}
