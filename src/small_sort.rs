//! Stable sorts for short lists — a hand, a trick's units, a lead's groups, a
//! bot's candidates: a plain insertion sort, a couple of hundred bytes of wasm
//! per use where the standard library's sort costs ~3–4 KB per instantiation
//! (thirty of them were ~100 KB of the peer page). Quadratic: use the standard
//! sorts for lists that can be long (a partition block's formats, samples).

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, keeping equal elements in their order.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..v.len() {
        // Where v[i] goes: after every earlier element not greater than it (stable).
        let mut j = i;
        while j > 0 && cmp(&v[i], &v[j - 1]) == Ordering::Less {
            j -= 1;
        }
        // One move of the block instead of a swap per step (the swaps made legality ~20 %
        // slower than the standard sort; this is as fast).
        v[j..=i].rotate_right(1);
    }
}

/// Sorts `v` by a key, keeping equal keys in their order.
/// The moving element's key is worked out once per insertion, not once per
/// comparison (bots sort by keys that cost a few table lookups each).
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..v.len() {
        let k = key(&v[i]);
        let mut j = i;
        while j > 0 && k < key(&v[j - 1]) {
            j -= 1;
        }
        v[j..=i].rotate_right(1);
    }
}

/// Sorts `v` ascending.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, |a, b| a.cmp(b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for len in 0..60 {
            let v: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    ((x % 7) as u8, i)
                })
                .collect();
            let (mut a, mut b) = (v.clone(), v.clone());
            sort_by_key(&mut a, |p| p.0);
            b.sort_by_key(|p| p.0);
            assert_eq!(a, b, "stable, as the standard sort");
            let mut c = v.clone();
            sort(&mut c);
            let mut d = v;
            d.sort();
            assert_eq!(c, d);
        }
    }
}
