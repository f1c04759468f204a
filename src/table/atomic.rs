//! A move changes everything or nothing. Every game's `apply` runs the move on a copy of
//! its state and keeps the copy only when the move is accepted, so a refusal half-way
//! through leaves the table as it was. The move log, which only grows, is set aside while
//! the copy is made rather than copied with it: a move costs a copy of the table, not of
//! its whole history.

use super::Seat;

/// Runs `inner` on a copy of `state` and keeps the copy if it succeeds, with `(seat,
/// action)` appended to the log `log` points at; on an error `state` is unchanged.
pub fn apply<S: Clone, A: Clone, R, E>(
    state: &mut S,
    log: fn(&mut S) -> &mut Vec<(Seat, A)>,
    seat: Seat,
    action: &A,
    inner: impl FnOnce(&mut S) -> Result<R, E>,
) -> Result<R, E> {
    let kept = std::mem::take(log(state));
    let mut next = state.clone();
    match inner(&mut next) {
        Ok(done) => {
            *log(&mut next) = kept;
            log(&mut next).push((seat, action.clone()));
            *state = next;
            Ok(done)
        }
        Err(e) => {
            *log(state) = kept;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    #[derive(Clone, Debug, PartialEq)]
    struct Counter {
        n: u32,
        log: Vec<(usize, u32)>,
    }

    fn add(c: &mut Counter, seat: usize, k: u32) -> Result<u32, &'static str> {
        super::apply(c, |c| &mut c.log, seat, &k, |c| {
            c.n += k;
            if c.n > 10 { Err("over ten") } else { Ok(c.n) }
        })
    }

    #[test]
    fn an_accepted_move_is_kept_and_logged_and_a_refused_one_changes_nothing() {
        let mut c = Counter { n: 0, log: Vec::new() };
        assert_eq!(add(&mut c, 0, 4), Ok(4));
        assert_eq!(add(&mut c, 1, 5), Ok(9));
        let before = c.clone();
        // The refused move had changed the copy before it failed: nothing of it stays.
        assert_eq!(add(&mut c, 0, 3), Err("over ten"));
        assert_eq!(c, before);
        assert_eq!(c.log, vec![(0, 4), (1, 5)]);
    }
}
