//! The per-suit "eigen": a suit's counts packed one 4-bit digit per rank
//! (rank 1 in the lowest digit; nine digits = 36 bits, so a `u64`), with the
//! bit-parallel containment, subtraction and mask tests.

/// A suit's tile counts, digit `r` (bits `4r..4r+4`) = copies of rank `r + 1`.
pub type Eigen = u64;

/// Digits in a suited eigen.
pub const DIGITS: u32 = 9;
/// The high bit of every digit: a borrow out of a digit lands here.
pub const HIGH_BITS: Eigen = 0x8_8888_8888;
/// The "4" bit of every digit: set exactly where a count is 4 (counts never exceed 4).
pub const FOUR_BITS: Eigen = 0x4_4444_4444;
/// The low bit of every digit: set where a count is odd.
pub const ODD_BITS: Eigen = 0x1_1111_1111;
/// A 1 in every digit.
pub const ONES: Eigen = ODD_BITS;
/// The terminals (ranks 1 and 9) of a suit, one each.
pub const TERMINALS: Eigen = 0x1_0000_0001;
/// The seven honour ranks, one each.
pub const HONOURS: Eigen = 0x111_1111;

/// One tile at digit `d` (0-based rank).
#[inline]
pub const fn unit(d: u32) -> Eigen {
    1 << (4 * d)
}

/// The count at digit `d`.
#[inline]
pub const fn digit(e: Eigen, d: u32) -> u8 {
    ((e >> (4 * d)) & 0xF) as u8
}

/// Tiles in the eigen (sum of digits).
#[inline]
pub const fn tile_count(e: Eigen) -> u32 {
    digit_sum(e)
}

/// Sum of the digits, by bit-parallel folding: adjacent digits add into bytes, and one
/// multiply adds the bytes. Exact for any digits ≤ 15 (pairs ≤ 30, five bytes ≤ 150), so
/// it also counts flag words added across suits. No `popcnt` is needed: the baseline
/// x86-64 target has none and counts bits in software.
#[inline]
pub const fn digit_sum(e: Eigen) -> u32 {
    let bytes = (e & 0x000F_0F0F_0F0F) + ((e >> 4) & 0x000F_0F0F_0F0F);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32 & 0xFF
}

/// Whether every digit of `part` is ≤ the same digit of `whole` (both with digits ≤ 4):
/// subtract all digits at once; a digit that borrows wraps to 12..=15 and shows its high bit.
#[inline]
pub const fn contains(whole: Eigen, part: Eigen) -> bool {
    // Give each digit 8 headroom so a borrow stays inside the digit, then look for lost headroom.
    ((whole | HIGH_BITS) - part) & HIGH_BITS == HIGH_BITS
}

/// `whole - part` if `whole` contains `part`.
#[inline]
pub const fn checked_sub(whole: Eigen, part: Eigen) -> Option<Eigen> {
    if contains(whole, part) {
        Some(whole - part)
    } else {
        None
    }
}

/// Whether some digit exceeds 4 (after an addition): digit + 3 reaches the high bit iff digit ≥ 5.
#[inline]
pub const fn any_over_four(e: Eigen) -> bool {
    (e + 0x3_3333_3333) & HIGH_BITS != 0
}

/// A 1 in every digit held four times (the roots/根 of fan counting; counts never exceed 4).
#[inline]
pub const fn quad_flags(e: Eigen) -> Eigen {
    (e >> 2) & ONES
}

/// A 1 in every digit with an odd count (singles or triples).
#[inline]
pub const fn odd_flags(e: Eigen) -> Eigen {
    e & ONES
}

/// A 1 in every digit with a count of at least 2 (bit 1 set for 2 and 3, bit 2 for 4).
#[inline]
pub const fn pair_flags(e: Eigen) -> Eigen {
    ((e | (e >> 1)) >> 1) & ONES
}

/// A 1 in every digit held at all.
#[inline]
pub const fn held_flags(e: Eigen) -> Eigen {
    (e | (e >> 1) | (e >> 2)) & ONES
}

/// Number of ranks held four times.
#[inline]
pub const fn quads(e: Eigen) -> u32 {
    digit_sum(quad_flags(e))
}

/// Number of ranks with an odd count.
#[inline]
pub const fn odd_ranks(e: Eigen) -> u32 {
    digit_sum(odd_flags(e))
}

/// Number of ranks with a count of at least 2.
#[inline]
pub const fn pair_ranks(e: Eigen) -> u32 {
    digit_sum(pair_flags(e))
}

/// Number of ranks held at all.
#[inline]
pub const fn distinct_ranks(e: Eigen) -> u32 {
    digit_sum(held_flags(e))
}

/// Position of the eigen in the dense base-5 table (digits ≤ 4), converted in parallel:
/// adjacent digits merge into bytes (d + 5d'), bytes into 16-bit lanes (b + 25b'),
/// lanes into the low word (l + 625l'), and the ninth digit joins last (× 5⁸).
#[inline]
pub const fn base5_index(e: Eigen) -> usize {
    let x = (e & 0x000F_0F0F_0F0F) + ((e >> 4) & 0x0F0F_0F0F) * 5;
    let y = (x & 0x00FF_00FF_00FF) + ((x >> 8) & 0x00FF_00FF) * 25;
    let z = (y & 0x0000_FFFF_0000_FFFF) + ((y >> 16) & 0xFFFF) * 625;
    ((z & 0xFFFF_FFFF) + (z >> 32) * 390_625) as usize
}

/// The eigen at a base-5 position (inverse of [`base5_index`]).
pub fn from_base5(mut idx: usize) -> Eigen {
    let mut e = 0;
    for d in 0..DIGITS {
        e |= ((idx % 5) as Eigen) << (4 * d);
        idx /= 5;
    }
    e
}

/// Builds an eigen from counts listed rank 1 first.
pub fn from_counts(counts: &[u8]) -> Eigen {
    counts.iter().enumerate().fold(0, |e, (d, &c)| e | (Eigen::from(c) << (4 * d)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn eigen_strategy() -> impl Strategy<Value = Eigen> {
        proptest::collection::vec(0u8..=4, 9).prop_map(|v| from_counts(&v))
    }

    #[test]
    fn seed_examples() {
        // The seed's subtraction example (its printed result has a typo; digit-wise it is this) and the failing one.
        assert_eq!(checked_sub(0x2_1312_1010, 0x1_0301_1000), Some(0x1_1011_0010));
        assert_eq!(checked_sub(0x2_1102_1010, 0x1_0301_1000), None);
        assert_eq!(quads(0x4_0040_0001), 2);
        assert_eq!(odd_ranks(0x2_0001_1300), 3);
        assert_eq!(tile_count(0x4_4444_4444), 36);
    }

    proptest! {
        #![proptest_config(crate::fixed_proptest::config(256))]
        #[test]
        fn contains_matches_digitwise(a in eigen_strategy(), b in eigen_strategy()) {
            let slow = (0..DIGITS).all(|d| digit(a, d) >= digit(b, d));
            prop_assert_eq!(contains(a, b), slow);
            if slow {
                let diff = a - b;
                for d in 0..DIGITS {
                    prop_assert_eq!(digit(diff, d), digit(a, d) - digit(b, d));
                }
            }
        }

        #[test]
        fn masks_match_digitwise(a in eigen_strategy()) {
            let ds: Vec<u8> = (0..DIGITS).map(|d| digit(a, d)).collect();
            prop_assert_eq!(quads(a) as usize, ds.iter().filter(|&&c| c == 4).count());
            prop_assert_eq!(odd_ranks(a) as usize, ds.iter().filter(|&&c| c % 2 == 1).count());
            prop_assert_eq!(pair_ranks(a) as usize, ds.iter().filter(|&&c| c >= 2).count());
            prop_assert_eq!(distinct_ranks(a) as usize, ds.iter().filter(|&&c| c > 0).count());
            prop_assert_eq!(tile_count(a), ds.iter().map(|&c| c as u32).sum::<u32>());
            prop_assert_eq!(from_base5(base5_index(a)), a);
            let slow = (0..DIGITS).rev().fold(0usize, |i, d| i * 5 + digit(a, d) as usize);
            prop_assert_eq!(base5_index(a), slow);
            prop_assert!(!any_over_four(a));
            prop_assert!(any_over_four(a + 0x5_0000_0000 - ((a >> 32) << 32)));
        }
    }
}
