//! The haystack drawer: general shuffle duplication. Every card kind owns a lazily created
//! stream of exponential "normalized positions"; a draw divides each eligible position by
//! its weight, takes the smallest, and re-normalizes the rest (see docs/dup.md).

use super::rng::exponential;
use super::seed::{Purpose, SeatSeed};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use std::fmt;

/// A card kind's id: a small dense number (a card's `Card::id()`, a tile kind's index).
/// Memory grows with the largest id used, and the id is the kind's ChaCha stream number.
pub type KindId = u32;

/// Largest accepted kind id (ids are indices into per-kind arrays).
pub const MAX_KIND_ID: KindId = 1 << 20;

/// Accepted range of a positive weight. Weights only matter relative to each other; the
/// bounds keep `position / weight` and `weight * projected` finite.
pub const MIN_WEIGHT: f64 = 1e-100;
pub const MAX_WEIGHT: f64 = 1e100;

/// Why a draw request was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum HaystackError {
    /// A weight that is negative, NaN, infinite or outside `[MIN_WEIGHT, MAX_WEIGHT]` (and not 0).
    BadWeight {
        kind: KindId,
        weight: f64,
    },
    /// The same kind listed twice in one draw.
    DuplicateKind {
        kind: KindId,
    },
    KindTooLarge {
        kind: KindId,
    },
    /// More than `u32::MAX` copies of one kind.
    TooMany {
        kind: KindId,
    },
    /// Removing more copies than the deck holds.
    NotInDeck {
        kind: KindId,
        have: u32,
        wanted: u32,
    },
}

impl fmt::Display for HaystackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HaystackError::BadWeight { kind, weight } => write!(
                f,
                "kind {kind} has draw weight {weight}: a weight must be 0 or between {MIN_WEIGHT:e} and {MAX_WEIGHT:e}"
            ),
            HaystackError::DuplicateKind { kind } => write!(f, "kind {kind} is listed twice in one draw"),
            HaystackError::KindTooLarge { kind } => {
                write!(f, "kind id {kind} is too large: ids must be at most {MAX_KIND_ID}")
            }
            HaystackError::TooMany { kind } => {
                write!(f, "too many copies of kind {kind}: at most {} fit in a deck", u32::MAX)
            }
            HaystackError::NotInDeck { kind, have, wanted } => write!(
                f,
                "cannot take {wanted} of kind {kind} out of the deck: it holds only {have}"
            ),
        }
    }
}

impl std::error::Error for HaystackError {}

/// Normalized positions of every kind seen so far, and their streams.
///
/// Numerics: positions are f64 exponentials in `[0, 36.8]`; re-normalization only makes them
/// smaller. The update `p - w * q_min` is the seed's `(p / w - q_min) * w` with one rounding
/// fewer; a result that rounds below zero (a near tie) is clamped to 0. Exact ties of
/// projected positions go to the smaller kind id. Relative rounding is about 1e-16 per
/// draw, far below anything a statistical test (or a player) could notice.
#[derive(Clone)]
pub struct Haystack {
    key: [u8; 32],
    /// NaN = this kind has never been eligible (its stream does not exist yet).
    positions: Vec<f64>,
    streams: Vec<Option<ChaCha20Rng>>,
    /// Request number at which each kind was last listed (duplicate detection).
    listed_at: Vec<u64>,
    requests: u64,
    draws: u64,
}

impl fmt::Debug for Haystack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Haystack")
            .field("draws", &self.draws)
            .field("positions", &self.positions)
            .finish()
    }
}

impl Haystack {
    /// A haystack keyed by a ChaCha20 key: kind `k` uses ChaCha stream (nonce) `k`.
    pub fn new(key: [u8; 32]) -> Haystack {
        Haystack {
            key,
            positions: Vec::new(),
            streams: Vec::new(),
            listed_at: Vec::new(),
            requests: 0,
            draws: 0,
        }
    }

    /// The seat's haystack (`Purpose::Haystack` key of the seat).
    pub fn for_seat(seat: &SeatSeed) -> Haystack {
        Haystack::new(seat.stream_key(Purpose::Haystack))
    }

    /// Number of draws made so far.
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// The current normalized position of `kind`, or `None` if it was never eligible.
    pub fn position(&self, kind: KindId) -> Option<f64> {
        self.positions
            .get(kind as usize)
            .copied()
            .filter(|p| !p.is_nan())
    }

    /// Draws one kind among `weights` (kind, weight); a kind not listed, or listed with
    /// weight 0, is set aside: it cannot be drawn and its position is not touched.
    /// Returns `Ok(None)` when no weight is positive. Weights need not sum to anything.
    /// The caller updates its deck (e.g. one copy fewer of the returned kind).
    pub fn draw(&mut self, weights: &[(KindId, f64)]) -> Result<Option<KindId>, HaystackError> {
        self.requests += 1;
        let stamp = self.requests;
        for &(kind, weight) in weights {
            if kind > MAX_KIND_ID {
                return Err(HaystackError::KindTooLarge { kind });
            }
            let ok = weight == 0.0 || (MIN_WEIGHT..=MAX_WEIGHT).contains(&weight);
            if !ok {
                return Err(HaystackError::BadWeight { kind, weight });
            }
            self.grow(kind);
            let seen = &mut self.listed_at[kind as usize];
            if *seen == stamp {
                return Err(HaystackError::DuplicateKind { kind });
            }
            *seen = stamp;
        }
        Ok(self.draw_valid(weights.iter().copied()))
    }

    /// The draw itself, for weights already known valid (ids in range, each kind once,
    /// weights 0 or in range).
    pub(crate) fn draw_valid<I>(&mut self, weights: I) -> Option<KindId>
    where
        I: Iterator<Item = (KindId, f64)> + Clone,
    {
        // Pass 1: project and find the smallest projected position.
        let mut best: Option<(KindId, f64)> = None;
        for (kind, weight) in weights.clone() {
            if weight == 0.0 {
                continue;
            }
            let projected = self.ensure(kind) / weight;
            let better = match best {
                None => true,
                Some((bk, bq)) => projected < bq || (projected == bq && kind < bk),
            };
            if better {
                best = Some((kind, projected));
            }
        }
        let (winner, q_min) = best?;
        // Pass 2: re-normalize the others; the winner's position is consumed.
        for (kind, weight) in weights {
            if weight == 0.0 || kind == winner {
                continue;
            }
            let p = &mut self.positions[kind as usize];
            *p = (*p - weight * q_min).max(0.0);
        }
        let stream = self.streams[winner as usize]
            .as_mut()
            .expect("winner's stream exists");
        self.positions[winner as usize] = exponential(stream);
        self.draws += 1;
        Some(winner)
    }

    /// The draw for a dense deck: kind `k` has weight `counts[k]` (same result as
    /// `draw_valid` over the kinds with a positive count, listed in id order; tested).
    fn draw_counts(&mut self, counts: &[u32]) -> Option<KindId> {
        if counts.is_empty() {
            return None;
        }
        self.grow((counts.len() - 1) as KindId);
        let mut best: Option<(usize, f64)> = None;
        for (k, &n) in counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let mut p = self.positions[k];
            if p.is_nan() {
                p = self.ensure(k as KindId);
            }
            let projected = p / f64::from(n);
            // Ids rise through the loop, so a strict `<` gives exact ties to the smaller id.
            if best.is_none_or(|(_, bq)| projected < bq) {
                best = Some((k, projected));
            }
        }
        let (winner, q_min) = best?;
        for (k, (p, &n)) in self.positions.iter_mut().zip(counts).enumerate() {
            if n != 0 && k != winner {
                *p = (*p - f64::from(n) * q_min).max(0.0);
            }
        }
        let stream = self.streams[winner]
            .as_mut()
            .expect("winner's stream exists");
        self.positions[winner] = exponential(stream);
        self.draws += 1;
        Some(winner as KindId)
    }

    fn grow(&mut self, kind: KindId) {
        let need = kind as usize + 1;
        if self.positions.len() < need {
            self.positions.resize(need, f64::NAN);
            self.streams.resize_with(need, || None);
            self.listed_at.resize(need, 0);
        }
    }

    /// The kind's position, creating its stream and first position on first use.
    fn ensure(&mut self, kind: KindId) -> f64 {
        let i = kind as usize;
        if i >= self.positions.len() {
            self.grow(kind);
        }
        let p = self.positions[i];
        if !p.is_nan() {
            return p;
        }
        let mut stream = ChaCha20Rng::from_seed(self.key);
        stream.set_stream(u64::from(kind));
        let p = exponential(&mut stream);
        self.positions[i] = p;
        self.streams[i] = Some(stream);
        p
    }
}

/// A deck that changes during play, drawn through a [`Haystack`]: it holds `count(k)`
/// copies of each kind and draws kind `k` with weight `count(k)`.
///
/// Taking cards out without drawing them (`remove`: setting aside, a call, a pick-up) and
/// putting cards back (`add`: returning, reshuffling a discard pile) change only counts;
/// positions of kinds with count 0 stay untouched, exactly as weight 0 in the seed.
#[derive(Clone, Debug)]
pub struct HaystackDeck {
    haystack: Haystack,
    counts: Vec<u32>,
    len: u64,
}

impl HaystackDeck {
    /// An empty deck over `haystack`.
    pub fn new(haystack: Haystack) -> HaystackDeck {
        HaystackDeck {
            haystack,
            counts: Vec::new(),
            len: 0,
        }
    }

    /// A deck holding `counts[k]` copies of kind `k`.
    pub fn with_counts(haystack: Haystack, counts: &[u32]) -> Result<HaystackDeck, HaystackError> {
        let mut deck = HaystackDeck::new(haystack);
        for (k, &n) in counts.iter().enumerate() {
            deck.add(k as KindId, n)?;
        }
        Ok(deck)
    }

    /// Puts `n` copies of `kind` into the deck.
    pub fn add(&mut self, kind: KindId, n: u32) -> Result<(), HaystackError> {
        if kind > MAX_KIND_ID {
            return Err(HaystackError::KindTooLarge { kind });
        }
        if n == 0 {
            return Ok(());
        }
        let i = kind as usize;
        if self.counts.len() <= i {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] = self.counts[i]
            .checked_add(n)
            .ok_or(HaystackError::TooMany { kind })?;
        self.len += u64::from(n);
        Ok(())
    }

    /// Takes `n` copies of `kind` out of the deck without drawing them.
    pub fn remove(&mut self, kind: KindId, n: u32) -> Result<(), HaystackError> {
        let have = self.count(kind);
        if have < n {
            return Err(HaystackError::NotInDeck {
                kind,
                have,
                wanted: n,
            });
        }
        if n > 0 {
            self.counts[kind as usize] -= n;
            self.len -= u64::from(n);
        }
        Ok(())
    }

    /// Copies of `kind` in the deck.
    pub fn count(&self, kind: KindId) -> u32 {
        self.counts.get(kind as usize).copied().unwrap_or(0)
    }

    /// Cards in the deck.
    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Draws one card (one copy fewer of its kind); `None` if the deck is empty.
    pub fn draw(&mut self) -> Option<KindId> {
        let kind = self.haystack.draw_counts(&self.counts)?;
        self.counts[kind as usize] -= 1;
        self.len -= 1;
        Some(kind)
    }

    pub fn haystack(&self) -> &Haystack {
        &self.haystack
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u8) -> [u8; 32] {
        [n; 32]
    }

    #[test]
    fn rejects_bad_requests() {
        let mut h = Haystack::new(key(1));
        for w in [-1.0, f64::NAN, f64::INFINITY, 1e-200, 1e200] {
            assert!(
                matches!(
                    h.draw(&[(0, 1.0), (1, w)]),
                    Err(HaystackError::BadWeight { kind: 1, .. })
                ),
                "{w}"
            );
        }
        assert_eq!(
            h.draw(&[(3, 1.0), (3, 2.0)]),
            Err(HaystackError::DuplicateKind { kind: 3 })
        );
        assert_eq!(
            h.draw(&[(MAX_KIND_ID + 1, 1.0)]),
            Err(HaystackError::KindTooLarge {
                kind: MAX_KIND_ID + 1
            })
        );
        assert_eq!(h.draw(&[]), Ok(None));
        assert_eq!(h.draw(&[(0, 0.0)]), Ok(None));
        assert_eq!(h.draws(), 0);
        assert!(
            h.draw(&[(0, 1.0), (1, 1.0)]).unwrap().is_some(),
            "a refused request leaves no trace"
        );
        // After errors, a good draw works and a kind may be listed again next draw.
        assert!(h.draw(&[(3, 1.0)]).unwrap().is_some());
        assert!(h.draw(&[(3, 1.0)]).unwrap().is_some());
        let mut d = HaystackDeck::with_counts(Haystack::new(key(1)), &[1, 2]).unwrap();
        assert_eq!(
            d.remove(1, 3),
            Err(HaystackError::NotInDeck {
                kind: 1,
                have: 2,
                wanted: 3
            })
        );
        assert!(d
            .remove(1, 3)
            .unwrap_err()
            .to_string()
            .contains("holds only 2"));
        assert_eq!(d.add(0, u32::MAX), Err(HaystackError::TooMany { kind: 0 }));
        assert_eq!(
            (d.count(0), d.len()),
            (1, 3),
            "a refused add changes nothing"
        );
    }

    #[test]
    fn lazy_and_weight_zero_untouched() {
        let mut h = Haystack::new(key(2));
        assert_eq!(h.position(5), None);
        h.draw(&[(1, 1.0), (2, 1.0)]).unwrap();
        assert_eq!(h.position(5), None, "never eligible, never computed");
        h.draw(&[(1, 1.0), (5, 1.0)]).unwrap();
        let p2 = h.position(2).unwrap();
        for _ in 0..10 {
            h.draw(&[(1, 1.0), (2, 0.0), (5, 3.0)]).unwrap();
        }
        assert_eq!(
            h.position(2),
            Some(p2),
            "weight 0 leaves the position as it was"
        );
    }

    #[test]
    fn deck_draws_everything_then_stops() {
        let mut d = HaystackDeck::with_counts(Haystack::new(key(3)), &[3, 0, 2, 1]).unwrap();
        let mut drawn = Vec::new();
        while let Some(k) = d.draw() {
            drawn.push(k);
        }
        drawn.sort();
        assert_eq!(drawn, vec![0, 0, 0, 2, 2, 3]);
        assert!(d.is_empty());
        assert_eq!(d.draw(), None);
    }

    #[test]
    fn deck_matches_weighted_draw_with_counts() {
        let counts = [4u32, 1, 0, 3];
        let mut deck = HaystackDeck::with_counts(Haystack::new(key(4)), &counts).unwrap();
        let mut plain = Haystack::new(key(4));
        let mut left = counts;
        for _ in 0..8 {
            let w: Vec<(KindId, f64)> = left
                .iter()
                .enumerate()
                .map(|(k, &n)| (k as KindId, f64::from(n)))
                .collect();
            let a = plain.draw(&w).unwrap().unwrap();
            left[a as usize] -= 1;
            assert_eq!(deck.draw(), Some(a));
        }
    }
}
