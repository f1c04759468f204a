//! What the Expert knows about the cards it cannot see, from its seat's view
//! alone: the pack less its own hand, the discard pile, the wild card and every
//! arrangement laid face up is *unseen*; of the unseen cards, those an opponent
//! took from the discard pile and has not thrown back are *known* to be in
//! that opponent's hand. A sampled deal ([`Knowledge::sample_stock`]) deals the
//! rest at random: a uniform permutation of the unseen cards not known to be
//! held, whose first `stock` cards are the stock in drawing order and whose
//! remainder fills the opponents' hands (and hands set aside by drops) — only
//! the stock's prefix that a playout draws is actually shuffled.

use crate::dup::uniform_below;
use crate::rummy::card::RUMMY_KINDS;
use crate::rummy::game::SeatView;
use crate::rummy::RummyCard;
use rand_chacha::ChaCha20Rng;

/// The unseen cards of a view, less those known to be in an opponent's hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Knowledge {
    /// Cards that may be in the stock (or an opponent's unknown cards), sorted by id.
    pub pool: Vec<RummyCard>,
    /// Cards in the stock now.
    pub stock: usize,
    /// Seats still playing the deal.
    pub active: usize,
    /// The next seat to play after this one, and how many of its cards are unknown.
    pub next: Option<(usize, usize)>,
    /// Per seat, the cards known to be in its hand.
    pub known: Vec<Vec<RummyCard>>,
}

impl Knowledge {
    pub fn from_view(view: &SeatView) -> Knowledge {
        let mut left = [0i32; RUMMY_KINDS];
        for (k, &n) in view.rules.pack_counts().iter().enumerate() {
            left[k] = n as i32;
        }
        let mut seen = |c: RummyCard| left[c.id()] -= 1;
        view.hand.iter().for_each(|&c| seen(c));
        view.pile.iter().for_each(|p| seen(p.card));
        seen(view.wild_card);
        for a in view.arrangements.iter().flatten() {
            a.cards().into_iter().for_each(&mut seen);
        }
        // Cards an opponent took from the pile, less what that seat has thrown since
        // (approximately: its discards still on the pile), are in its hand.
        let mut known = vec![Vec::new(); view.players];
        for s in (0..view.players).filter(|&s| s != view.seat && view.arrangements[s].is_none()) {
            let mut held = [0i32; RUMMY_KINDS];
            view.picked.iter().filter(|(by, _)| *by == s).for_each(|(_, c)| held[c.id()] += 1);
            view.pile.iter().filter(|p| p.by == Some(s)).for_each(|p| held[p.card.id()] -= 1);
            for k in 0..RUMMY_KINDS {
                let n = held[k].clamp(0, left[k].max(0));
                left[k] -= n;
                known[s].extend(std::iter::repeat_n(k, n as usize).filter_map(RummyCard::from_id));
            }
        }
        let pool = (0..RUMMY_KINDS)
            .flat_map(|k| std::iter::repeat_n(k, left[k].max(0) as usize))
            .filter_map(RummyCard::from_id)
            .collect();
        let active = view.status.iter().filter(|s| s.is_playing()).count().max(1);
        let next = (1..view.players)
            .map(|i| (view.seat + i) % view.players)
            .find(|&s| view.status[s].is_playing())
            .map(|s| (s, view.hand_sizes[s].saturating_sub(known[s].len())));
        Knowledge { pool, stock: view.stock, active, next, known }
    }

    /// The first `n` cards of a sampled stock, in drawing order (fewer when the
    /// stock or the pool is smaller), and `extra` more unseen cards (an opponent's
    /// unknown ones): a partial Fisher–Yates shuffle of the pool drawing from `rng`.
    pub fn sample_stock(&self, rng: &mut ChaCha20Rng, n: usize, extra: usize) -> (Vec<RummyCard>, Vec<RummyCard>) {
        let mut pool = self.pool.clone();
        let n = n.min(self.stock).min(pool.len());
        let m = (n + extra).min(pool.len());
        for i in 0..m {
            let j = i + uniform_below(rng, (pool.len() - i) as u64) as usize;
            pool.swap(i, j);
        }
        pool.truncate(m);
        let extra = pool.split_off(n);
        (pool, extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dup::TableSeed;
    use crate::rummy::game::{Action, Game, Settings};

    #[test]
    fn the_pool_is_what_the_seat_cannot_see() {
        let mut g = Game::new(Settings::default(), TableSeed::parse("know").unwrap()).unwrap();
        let v = g.view(0);
        let k = Knowledge::from_view(&v);
        // Two players: 106 cards less 13 in hand, the first discard and the wild card.
        assert_eq!(k.pool.len(), 106 - 13 - 1 - 1);
        // Seat 0 draws and discards; seat 1 takes that discard: it is then known to seat 0.
        g.apply(0, &Action::DrawStock).unwrap();
        let card = g.hand(0)[0];
        g.apply(0, &Action::Discard(card)).unwrap();
        g.apply(1, &Action::TakeDiscard).unwrap();
        let k = Knowledge::from_view(&g.view(0));
        assert_eq!(k.pool.len(), 106 - 13 - 1 - 1 - 1, "the taken card is known to be in seat 2's hand");
        let mut rng = TableSeed::parse("s").unwrap().stream(crate::dup::Purpose::Bots);
        let (stock, extra) = k.sample_stock(&mut rng, 5, 13);
        assert_eq!(extra.len(), 13);
        assert_eq!(k.next, Some((1, 13)), "seat 2 holds 14 cards mid-turn, one of them known");
        assert_eq!(stock.len(), 5);
        assert!(stock.iter().all(|c| k.pool.contains(c)));
    }
}
