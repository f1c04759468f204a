//! The opponents' concealed hands as the Expert samples them: dealt from the unseen
//! pool as a sound player (the advice bot) would have kept them, the rest being the
//! wall the seat draws from and the discards it may win on.
//!
//! * **Weights by kind** (out of 8) from what each opponent showed: none of its void
//!   suit once its last discard was of another suit (the void suit goes first, so it
//!   holds none); a kind it discarded outside its void suit rarely (1), its neighbours
//!   less (±1: 4, ±2: 6) — a player lets go of the tiles its hand does not use.
//! * **Its last discard replayed**: a seat whose last discard `x` was not forced (not
//!   of its void suit) kept the hand `h` because `h` was at least as close to ready as
//!   `h + x` without any other tile; a sampled hand that would have been closer by
//!   letting another tile go is dealt again (at most `TRIES` times, then kept).
//!
//! The effort stays a count: per sampled wall at most `TRIES` deals per opponent, each
//! replay at most one shanten per kind held.

use crate::dup::uniform_below;
use crate::mahjong::game::settle::FORMS;
use crate::mahjong::game::SeatView;
use crate::mahjong::{shanten, Hand, Tile, KINDS};
use rand_chacha::ChaCha20Rng;

/// Deals of one opponent's hand per sampled wall while the replay rejects them.
pub const TRIES: usize = 4;

/// An opponent's weights by kind and the discard to replay.
#[derive(Clone, Debug)]
pub struct Kept {
    /// The opponent's void suit.
    pub void: Option<crate::mahjong::Suit>,
    size: usize,
    weight: [u32; KINDS],
    last: Option<Tile>,
}

/// Which parts are on (a temporary knob while measuring: bit 1 the weights, bit 2 the replay).
pub fn knob() -> u8 {
    static K: std::sync::OnceLock<u8> = std::sync::OnceLock::new();
    *K.get_or_init(|| std::env::var("MJ_KEPT").ok().and_then(|v| v.parse().ok()).unwrap_or(0))
}

/// The models of `view`'s opponents still in the hand and holding unseen tiles, their
/// hands' sizes at most `pool` tiles in all.
pub fn models(view: &SeatView, pool: usize) -> Vec<Kept> {
    let k = knob();
    if k == 0 {
        return Vec::new();
    }
    let mut left = pool;
    let mut out = Vec::new();
    for s in (0..view.players).filter(|&s| s != view.seat) {
        if view.wins.iter().any(|w| w.seat == s) {
            continue;
        }
        let size = view.hand_sizes.get(s).copied().unwrap_or(0).min(left);
        left -= size;
        let void = view.voids[s];
        let river = &view.rivers[s];
        let cleared = void.is_some() && river.last().is_some_and(|r| Some(r.tile.suit()) != void);
        let mut weight = [8u32; KINDS];
        let mut lower = |t: Option<Tile>, w: u32| {
            if let Some(t) = t {
                let i = t.id() as usize;
                weight[i] = weight[i].min(w);
            }
        };
        for r in river.iter().filter(|r| Some(r.tile.suit()) != void) {
            let t = r.tile;
            if k & 1 != 0 {
                lower(Some(t), 1);
                for (d, w) in [(1u8, 4u32), (2, 6)] {
                    lower(t.rank().checked_sub(d).and_then(|r| Tile::new(t.suit(), r)), w);
                    lower(Tile::new(t.suit(), t.rank() + d).filter(|_| t.rank() + d <= 9), w);
                }
            }
        }
        if cleared {
            for t in Tile::all().filter(|t| Some(t.suit()) == void) {
                weight[t.id() as usize] = 0;
            }
        }
        let last = river
            .last()
            .map(|r| r.tile)
            .filter(|t| Some(t.suit()) != void && k & 2 != 0 && view.settings.wild_kind().is_none());
        out.push(Kept { void, size, weight, last });
    }
    out
}

/// How the discards a round offers lean, once the opponents' hands are dealt (`tiles[end..]`,
/// the last model's first, as `deal` leaves them): each kind's share of the opponents that would let it go when they
/// draw it (it does not bring their hand closer to ready, or it is of their void suit), over
/// the mean share of the wall's tiles (`counts`), so the round's discard to win on is as
/// often a wait as before on average, but more often a tile the opponents do not keep.
/// `None` without opponents. At most one shanten per opponent and kind.
pub fn offered(models: &[Kept], tiles: &[Tile], counts: &[u8; KINDS]) -> Option<[f64; KINDS]> {
    if models.is_empty() || knob() & 8 == 0 {
        return None;
    }
    let sh = |h: &Hand| shanten(h, FORMS).map_or(8, |s| s.shanten);
    let mut share = [0f64; KINDS];
    let mut at = 0;
    for m in models.iter().rev() {
        let size = m.size.min(tiles.len() - at);
        let hand = Hand::from_tiles(&tiles[at..at + size], None).unwrap_or_default();
        at += size;
        let now = sh(&hand);
        for t in Tile::all().filter(|t| counts[t.id() as usize] > 0) {
            let mut h = hand;
            let throws = Some(t.suit()) == m.void || h.add(t).is_err() || sh(&h) >= now;
            share[t.id() as usize] += throws as u8 as f64 / models.len() as f64;
        }
    }
    let (mut sum, mut n) = (0.0, 0.0);
    for (i, &c) in counts.iter().enumerate() {
        sum += c as f64 * share[i];
        n += c as f64;
    }
    let mean = if sum > 0.0 { sum / n } else { return None };
    Some(std::array::from_fn(|i| share[i] / mean))
}

/// Deals each model's hand out of `tiles[..end]` to its tail, the hands' tiles moved to
/// `tiles[new_end..end]`; returns the new end (the wall is `tiles[..new_end]`).
pub fn deal(models: &[Kept], tiles: &mut [Tile], mut end: usize, rng: &mut ChaCha20Rng) -> usize {
    for m in models {
        for attempt in 0..TRIES {
            let mut e = end;
            for _ in 0..m.size.min(end) {
                let total: u32 = tiles[..e].iter().map(|t| m.weight[t.id() as usize]).sum();
                let i = if total == 0 {
                    uniform_below(rng, e as u64) as usize
                } else {
                    let mut r = uniform_below(rng, total as u64) as u32;
                    let mut i = 0;
                    loop {
                        let w = m.weight[tiles[i].id() as usize];
                        if r < w {
                            break i;
                        }
                        r -= w;
                        i += 1;
                    }
                };
                e -= 1;
                tiles.swap(i, e);
            }
            if attempt + 1 == TRIES || m.last.is_none_or(|x| kept_by_replay(&tiles[e..end], x)) {
                end = e;
                break;
            }
        }
    }
    end
}

/// Whether a player keeping `hand` would have let `x` go from `hand + x`: no other tile
/// leaves the hand closer to ready.
pub fn kept_by_replay(hand: &[Tile], x: Tile) -> bool {
    let Ok(h) = Hand::from_tiles(hand, None) else { return true };
    let sh = |h: &Hand| shanten(h, FORMS).map_or(8, |s| s.shanten);
    let now = sh(&h);
    let mut with = h;
    if with.add(x).is_err() {
        return true;
    }
    let kept = h.kinds().filter(|&(t, _)| t != x).all(|(t, _)| {
        let mut o = with;
        o.remove(t);
        sh(&o) >= now
    });
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::{Purpose, TableSeed};
    use crate::mahjong::parse_tiles;

    /// Holding 123m 456m 789m 11p 5p 9p, a player that drew 6p lets 9p go (ready on 4p 7p),
    /// never 6p: a hand kept after discarding 6p is not this one. An unconnected 9s it lets go.
    #[test]
    fn the_replay_rejects_a_hand_that_would_have_kept_the_discard() {
        let hand = parse_tiles("123m456m789m11p5p9p").unwrap();
        let t = |s: &str| Tile::parse(s).unwrap();
        assert!(!kept_by_replay(&hand, t("6p")));
        assert!(kept_by_replay(&hand, t("9s")));
        assert!(kept_by_replay(&hand, t("1s")));
    }

    /// A seat whose void suit (bamboo) is cleared is dealt none of it, and a kind it
    /// discarded (5m) far less often than the kinds it did not touch; the same stream deals
    /// the same hands.
    #[test]
    fn a_cleared_void_and_a_discarded_kind_are_rarely_dealt() {
        let mut weight = [8u32; KINDS];
        for t in Tile::all().filter(|t| t.suit() == crate::mahjong::Suit::Bamboo) {
            weight[t.id() as usize] = 0;
        }
        weight[Tile::parse("5m").unwrap().id() as usize] = 1;
        let model = [Kept { void: None, size: 13, weight, last: None }];
        let pool: Vec<Tile> = Tile::all().filter(|t| !t.is_honour()).flat_map(|t| [t, t, t]).collect();
        let deal_once = |rng: &mut ChaCha20Rng| {
            let mut tiles = pool.clone();
            let end = deal(&model, &mut tiles, pool.len(), rng);
            assert_eq!(end, pool.len() - 13);
            tiles[end..].to_vec()
        };
        let stream = || TableSeed::parse("kept").unwrap().hand(0).seat(0).stream(Purpose::Bots);
        let (mut rng, mut again) = (stream(), stream());
        let (mut five, mut six) = (0, 0);
        for _ in 0..200 {
            let hand = deal_once(&mut rng);
            assert_eq!(hand, deal_once(&mut again));
            assert!(hand.iter().all(|t| t.suit() != crate::mahjong::Suit::Bamboo), "{hand:?}");
            five += hand.iter().filter(|t| t.rank() == 5 && t.suit() == crate::mahjong::Suit::Characters).count();
            six += hand.iter().filter(|t| t.rank() == 6 && t.suit() == crate::mahjong::Suit::Characters).count();
        }
        assert!(five * 4 < six, "5m dealt {five} times, 6m {six}");
    }
}
