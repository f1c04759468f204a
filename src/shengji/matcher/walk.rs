//! The matcher's depth-first walk: the stack of frames (a tractor placement or a
//! composition of tuples per frame) and the [`Matches`] iterator that advances it, with the
//! bounded compositions that enumerate tuple placements.

use super::*;

#[derive(Clone, Debug)]
pub(super) enum Gen {
    /// Next placement index to try (the current one is `next - 1`).
    Tractor { next: usize },
    /// Current digits (tuples per slot); `started` once the first is produced.
    /// Fixed arrays (only the suit's slots are used): no allocation per node.
    Tuples { digits: Counts, caps: Counts, started: bool },
}

#[derive(Clone, Debug)]
pub(super) struct Frame {
    pub(super) counts: Counts,
    pub(super) idx: usize,
    pub(super) bound: u16,
    pub(super) gen: Gen,
    pub(super) success: bool,
}

impl Frame {
    pub(super) fn new(counts: Counts, idx: usize, bound: u16) -> Frame {
        Frame { counts, idx, bound, gen: Gen::Tractor { next: bound as usize }, success: false }
    }
}

/// Iterator over matches; see [`Matcher`].
pub struct Matches<'m, 'a> {
    pub(super) m: &'m mut Matcher<'a>,
    pub(super) stack: Vec<Frame>,
    pub(super) done: bool,
    pub(super) singles_only_pending: bool,
}

impl Iterator for Matches<'_, '_> {
    type Item = Match;

    fn next(&mut self) -> Option<Match> {
        let left = self.advance()?;
        Some(self.m.assemble(&self.stack, &left))
    }
}

impl Matches<'_, '_> {
    /// Moves to the next match, leaving its frames on the stack, and returns
    /// the counts left over for the singles.
    pub(super) fn advance(&mut self) -> Option<Counts> {
        if self.done {
            return None;
        }
        if self.m.steps.is_empty() {
            self.done = true;
            if self.singles_only_pending {
                self.singles_only_pending = false;
                return Some(self.m.orig);
            }
            return None;
        }
        loop {
            let Some(top) = self.stack.last_mut() else {
                self.done = true;
                return None;
            };
            let idx = top.idx;
            let counts = top.counts;
            // Produce the top frame's next option.
            let child: Option<Counts> = match (&self.m.steps[idx], &mut top.gen) {
                (Step::Tractor { shape, placements, .. }, Gen::Tractor { next }) => {
                    let mut found = None;
                    while *next < placements.len() {
                        let path = &placements[*next];
                        *next += 1;
                        let fits = path.iter().zip(shape.iter()).all(|(&s, &t)| {
                            let c = counts[s as usize];
                            if self.m.protect {
                                c == t
                            } else {
                                c >= t
                            }
                        });
                        if fits {
                            let mut c = counts;
                            for (&s, &t) in path.iter().zip(shape.iter()) {
                                c[s as usize] -= t;
                            }
                            found = Some(c);
                            break;
                        }
                    }
                    found
                }
                (Step::Tuples { size, mult }, gen) => {
                    let slots = self.m.slots;
                    if let Gen::Tractor { .. } = gen {
                        let mut caps = [0u8; MAX_SLOTS];
                        for (cap, &c) in caps.iter_mut().zip(&counts[..slots]) {
                            *cap = if self.m.protect { (c == *size) as u8 } else { c / *size };
                        }
                        *gen = Gen::Tuples { digits: [0; MAX_SLOTS], caps, started: false };
                    }
                    let Gen::Tuples { digits, caps, started } = gen else { unreachable!() };
                    let ok = if !*started {
                        *started = true;
                        fill_from(&mut digits[..slots], &caps[..slots], 0, *mult as usize)
                    } else {
                        next_composition(&mut digits[..slots], &caps[..slots])
                    };
                    if ok {
                        let mut c = counts;
                        for (s, &d) in digits[..slots].iter().enumerate() {
                            c[s] -= d * *size;
                        }
                        Some(c)
                    } else {
                        None
                    }
                }
                _ => None,
            };
            match child {
                None => {
                    let f = self.stack.pop().expect("non-empty");
                    if !f.success && f.idx < self.m.tail_start {
                        self.m.dead.insert((f.counts, f.idx as u8, f.bound));
                    }
                    continue;
                }
                Some(c) => {
                    let next_idx = idx + 1;
                    if next_idx == self.m.steps.len() {
                        for f in self.stack.iter_mut() {
                            f.success = true;
                        }
                        return Some(c);
                    }
                    let bound = match (&self.m.steps[idx], &self.m.steps[next_idx]) {
                        (Step::Tractor { .. }, Step::Tractor { same_as_prev: true, .. }) => {
                            match &self.stack.last().expect("non-empty").gen {
                                Gen::Tractor { next } => (*next - 1) as u16,
                                _ => 0,
                            }
                        }
                        _ => 0,
                    };
                    if self.m.feasible(&c, next_idx, bound) {
                        self.stack.push(Frame::new(c, next_idx, bound));
                    }
                }
            }
        }
    }
}

/// Fills digits[from..] greedily (lowest slots first) with `total` tuples.
pub(super) fn fill_from(digits: &mut [u8], caps: &[u8], from: usize, mut total: usize) -> bool {
    for i in from..digits.len() {
        let d = (caps[i] as usize).min(total);
        digits[i] = d as u8;
        total -= d;
    }
    total == 0
}

/// The next bounded composition: move one count from the rightmost movable
/// digit to the slots after it (refilled greedily), instead of counting
/// through every digit value.
pub(super) fn next_composition(digits: &mut [u8], caps: &[u8]) -> bool {
    let n = digits.len();
    let mut tail = 0usize; // tuples held right of i
    let mut tail_cap = 0usize; // capacity right of i
    for i in (0..n).rev() {
        if digits[i] > 0 && tail_cap > tail {
            digits[i] -= 1;
            return fill_from(digits, caps, i + 1, tail + 1);
        }
        tail += digits[i] as usize;
        tail_cap += caps[i] as usize;
    }
    false
}
