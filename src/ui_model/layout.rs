//! Hand layout maths: how many rows, how far apart and where each card of a hand
//! goes so that it fits the available width without horizontal scrolling, while
//! every card keeps its corner index (rank and suit) visible.

/// Fraction of a card's width that must stay visible: the corner index.
pub const MIN_STEP: f64 = 0.36;
/// Cards never spread further apart than this (a hand reads as a hand).
pub const MAX_STEP: f64 = 0.62;
/// Card height / width.
pub const ASPECT: f64 = 1.4;
/// A selected card rises by this fraction of its height.
pub const RAISE: f64 = 0.18;
/// Rows overlap: the next row starts this fraction of a card height lower.
pub const ROW_STEP: f64 = 0.58;
/// At most this many rows; beyond it the cards squeeze closer instead.
pub const MAX_ROWS: usize = 3;

/// Where the cards of a hand go, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandLayout {
    pub cards: usize,
    pub rows: usize,
    pub per_row: usize,
    pub card_w: f64,
    pub card_h: f64,
    /// Horizontal distance between neighbouring cards of a row.
    pub step: f64,
    pub width: f64,
    pub height: f64,
}

impl HandLayout {
    /// Lays out `n` cards of preferred width `card_w` in `avail` pixels.
    pub fn new(n: usize, avail: f64, card_w: f64) -> HandLayout {
        let avail = if avail.is_finite() && avail > 40.0 { avail } else { 40.0 };
        // Not `clamp`: its check of its bounds formats floats, and that formatter is ~10 KB
        // of wasm a page needs nowhere else (`avail` is at least 40 here, so this is the same).
        let card_w = card_w.max(20.0).min(avail);
        let card_h = card_w * ASPECT;
        let fits = |per_row: usize| per_row <= 1 || (per_row - 1) as f64 * card_w * MIN_STEP + card_w <= avail;
        let mut rows = 1;
        while rows < MAX_ROWS && !fits(n.div_ceil(rows)) {
            rows += 1;
        }
        let rows = if n == 0 { 1 } else { rows.min(n) };
        let per_row = n.div_ceil(rows).max(1);
        let step = if per_row <= 1 {
            0.0
        } else {
            ((avail - card_w) / (per_row - 1) as f64).min(card_w * MAX_STEP)
        };
        let height = card_h * (RAISE + 1.0 + ROW_STEP * (rows - 1) as f64);
        HandLayout { cards: n, rows, per_row, card_w, card_h, step, width: avail, height }
    }

    /// Cards in row `r` (rows are filled in order; the last may be shorter).
    pub fn row_len(&self, r: usize) -> usize {
        let start = r * self.per_row;
        self.cards.saturating_sub(start).min(self.per_row)
    }

    /// Top-left corner of card `i` when not raised; each row is centred.
    pub fn position(&self, i: usize) -> (f64, f64) {
        let r = i / self.per_row;
        let k = i % self.per_row;
        let len = self.row_len(r);
        let row_w = self.card_w + self.step * len.saturating_sub(1) as f64;
        let left = ((self.width - row_w) / 2.0).max(0.0);
        (left + self.step * k as f64, self.card_h * (RAISE + ROW_STEP * r as f64))
    }

    /// How far a selected card rises.
    pub fn raise(&self) -> f64 {
        self.card_h * RAISE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn right_edge(l: &HandLayout) -> f64 {
        (0..l.cards).map(|i| l.position(i).0 + l.card_w).fold(0.0, f64::max)
    }

    #[test]
    fn twenty_five_cards_fit_a_phone_in_two_rows() {
        let l = HandLayout::new(25, 312.0, 56.0);
        assert_eq!(l.rows, 2);
        assert_eq!(l.per_row, 13);
        assert!(right_edge(&l) <= 312.0 + 1e-9);
        assert!(l.step >= 56.0 * MIN_STEP - 1e-9, "corner index hidden: step {}", l.step);
    }

    #[test]
    fn a_few_cards_stay_in_one_centred_row_not_spread_out() {
        let l = HandLayout::new(5, 900.0, 70.0);
        assert_eq!(l.rows, 1);
        assert!((l.step - 70.0 * MAX_STEP).abs() < 1e-9);
        let (x0, _) = l.position(0);
        let (x4, _) = l.position(4);
        assert!((x0 - (900.0 - (x4 + 70.0))).abs() < 1e-9, "row is centred");
    }

    #[test]
    fn never_wider_than_available_for_any_size() {
        for n in 0..60 {
            for avail in [200.0, 312.0, 328.0, 600.0, 1100.0] {
                for w in [44.0, 56.0, 70.0, 90.0] {
                    let l = HandLayout::new(n, avail, w);
                    assert!(right_edge(&l) <= avail + 1e-6, "n={n} avail={avail} w={w}");
                    assert!(l.rows <= MAX_ROWS && l.rows * l.per_row >= n);
                }
            }
        }
    }

    #[test]
    fn rows_are_stacked_and_the_last_row_is_shorter() {
        let l = HandLayout::new(40, 312.0, 56.0);
        assert_eq!(l.rows, 3);
        assert_eq!(l.row_len(2), 40 - 2 * l.per_row);
        assert!(l.row_len(2) < l.per_row);
        assert!(l.position(l.per_row).1 > l.position(0).1);
        assert!(l.height >= l.position(39).1 + l.card_h);
    }
}
