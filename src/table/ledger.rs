//! What every game's table keeps beside its rules, written once: the seed the table was
//! created with, the current hand's number and seed, and every accepted move — with the
//! atomic apply that keeps a move whole or not at all.
//!
//! Every game's `apply` runs the move on a copy of its state and keeps the copy only when
//! the move is accepted, so a refusal half-way through leaves the table as it was. The
//! move log, which only grows, is set aside while the copy is made rather than copied
//! with it: a move costs a copy of the table, not of its whole history.

use super::Seat;
use crate::dup::{HandSeed, TableSeed};

/// A table's seeds, hand number and move log. A game holds one and names it in
/// [`super::Game::ledger`]; the table layer's seeds and record come from it.
#[derive(Clone, Debug)]
pub struct Ledger<A> {
    /// The seed the table was created with: the record's.
    first_seed: TableSeed,
    /// The seed the current hand was dealt from (a later hand may bring its own).
    seed: TableSeed,
    /// Hands dealt before the current one: the current hand's index in `seed`.
    hand: u64,
    /// Every accepted move, in order.
    moves: Vec<(Seat, A)>,
}

impl<A: Clone> Ledger<A> {
    /// A new table's: the first hand of `seed`, no move yet.
    pub fn new(seed: TableSeed) -> Ledger<A> {
        Ledger { first_seed: seed.clone(), seed, hand: 0, moves: Vec::new() }
    }
    pub fn first_seed(&self) -> &TableSeed {
        &self.first_seed
    }
    /// The seed the current hand was dealt from (with [`Ledger::hand`], its duplicate deal).
    pub fn seed(&self) -> &TableSeed {
        &self.seed
    }
    pub fn hand(&self) -> u64 {
        self.hand
    }
    /// The current hand's node of the seed (`seed.hand(n)`), from which its deal and every
    /// bot's stream are drawn (the trait's `hand_seed` is the seed itself).
    pub fn current_hand(&self) -> HandSeed {
        self.seed.hand(self.hand)
    }
    pub fn moves(&self) -> &[(Seat, A)] {
        &self.moves
    }
    /// On to the next hand, of `seed` when one is given (a peer table's agreed seed), else
    /// the next of the current seed; returns the new hand's number.
    pub fn next_hand(&mut self, seed: Option<TableSeed>) -> u64 {
        self.hand += 1;
        if let Some(seed) = seed {
            self.seed = seed;
        }
        self.hand
    }
    /// A move written in the log without being applied: what a dishonest host's record
    /// holds, for the tests that check guests refuse it.
    #[cfg(test)]
    pub(crate) fn forge(&mut self, seat: Seat, action: A) {
        self.moves.push((seat, action));
    }
}

/// Runs `inner` on a copy of `state` and keeps the copy if it succeeds, with `(seat,
/// action)` appended to the moves of the ledger `ledger` points at; on an error `state`
/// is unchanged.
pub fn apply<S: Clone, A: Clone, R, E>(
    state: &mut S,
    ledger: fn(&mut S) -> &mut Ledger<A>,
    seat: Seat,
    action: &A,
    inner: impl FnOnce(&mut S) -> Result<R, E>,
) -> Result<R, E> {
    let kept = std::mem::take(&mut ledger(state).moves);
    let mut next = state.clone();
    match inner(&mut next) {
        Ok(done) => {
            let moves = &mut ledger(&mut next).moves;
            *moves = kept;
            moves.push((seat, action.clone()));
            *state = next;
            Ok(done)
        }
        Err(e) => {
            ledger(state).moves = kept;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Ledger;
    use crate::dup::TableSeed;

    #[derive(Clone, Debug)]
    struct Counter {
        n: u32,
        ledger: Ledger<u32>,
    }

    fn add(c: &mut Counter, seat: usize, k: u32) -> Result<u32, &'static str> {
        super::apply(c, |c| &mut c.ledger, seat, &k, |c| {
            c.n += k;
            if c.n > 10 { Err("over ten") } else { Ok(c.n) }
        })
    }

    #[test]
    fn an_accepted_move_is_kept_and_logged_and_a_refused_one_changes_nothing() {
        let mut c = Counter { n: 0, ledger: Ledger::new(TableSeed::parse("count").unwrap()) };
        assert_eq!(add(&mut c, 0, 4), Ok(4));
        assert_eq!(add(&mut c, 1, 5), Ok(9));
        // The refused move had changed the copy before it failed: nothing of it stays.
        assert_eq!(add(&mut c, 0, 3), Err("over ten"));
        assert_eq!(c.n, 9);
        assert_eq!(c.ledger.moves(), &[(0, 4), (1, 5)]);
    }

    #[test]
    fn the_next_hand_counts_on_and_may_bring_its_own_seed() {
        let first = TableSeed::parse("first").unwrap();
        let mut l: Ledger<u32> = Ledger::new(first.clone());
        assert_eq!((l.hand(), l.seed()), (0, &first));
        assert_eq!(l.next_hand(None), 1);
        assert_eq!(l.seed(), &first);
        let agreed = TableSeed::parse("agreed").unwrap();
        assert_eq!(l.next_hand(Some(agreed.clone())), 2);
        assert_eq!((l.seed(), l.first_seed()), (&agreed, &first));
        assert_eq!(l.current_hand(), agreed.hand(2), "the hand's seed is the current seed's hand");
    }
}
