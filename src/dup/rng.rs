//! Stable random helpers over any `RngCore`: uniform integers, unit floats, exponentials
//! and Fisher–Yates shuffles. They never call `rand`'s distribution code and use only
//! IEEE basic arithmetic, so a seed gives the same values forever and on every platform.

use rand_core::RngCore;

/// A uniform integer in `0..n`, unbiased (Lemire's multiply-and-reject on 64-bit words).
///
/// `n <= 1` returns 0 without consuming anything from `rng` (there is only one choice);
/// otherwise it consumes one 64-bit word, and rarely (probability below `n / 2^64`) more.
pub fn uniform_below<R: RngCore + ?Sized>(rng: &mut R, n: u64) -> u64 {
    if n <= 1 {
        return 0;
    }
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        // 2^64 mod n: the low words below it belong to an incomplete last block.
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

/// A uniform float in `(0, 1]`: `k / 2^53` for `k` uniform in `1..=2^53` (one 64-bit word).
/// Never 0, so its logarithm is always finite.
pub fn unit_f64<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
    ((rng.next_u64() >> 11) + 1) as f64 * SCALE
}

/// An exponential variate with mean 1: `-ln(u)` for `u = unit_f64(rng)`.
///
/// Always finite, in `[0, 53 ln 2]` (about 36.74). The logarithm is [`stable_ln`], not the
/// platform's `f64::ln`, so native and WebAssembly builds give bit-identical values.
pub fn exponential<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    -stable_ln(unit_f64(rng))
}

/// Shuffles `items` uniformly (Fisher–Yates from the back: for `i` from `len-1` down to 1,
/// swap `items[i]` with `items[uniform_below(i + 1)]`).
pub fn shuffle<T, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = uniform_below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// Natural logarithm of a positive, finite, normal `x`, computed with `+ - * /` only.
///
/// `f64::ln` calls the platform's libm, whose last bit may differ between targets (glibc vs
/// the wasm libm). This version reduces `x = m * 2^e` with `m` in `[sqrt(1/2), sqrt(2))`
/// and sums the series `ln m = 2 atanh(s)`, `s = (m - 1) / (m + 1)`, to 12 terms
/// (|s| <= 0.172, so the tail is below 1e-17); error is a few units in the last place.
/// Returns NaN for zero, negative, subnormal or non-finite input (never used that way here).
pub fn stable_ln(x: f64) -> f64 {
    // fdlibm's split of ln 2: the low 32 bits of LN2_HI are zero, so e * LN2_HI is exact.
    const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
    const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
    if !(x.is_finite() && x.is_normal() && x > 0.0) {
        return f64::NAN;
    }
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52)); // in [1, 2)
    if m > std::f64::consts::SQRT_2 {
        m *= 0.5; // exact
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let z = s * s;
    // 1 + z/3 + z^2/5 + ... + z^11/23, by Horner.
    let mut poly = 1.0 / 23.0;
    let mut k = 21.0;
    while k >= 1.0 {
        poly = poly * z + 1.0 / k;
        k -= 2.0;
    }
    let ef = e as f64;
    ef * LN2_HI + (2.0 * s * poly + ef * LN2_LO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha20Rng;
    use rand_core::SeedableRng;

    fn rng() -> ChaCha20Rng {
        ChaCha20Rng::from_seed([7; 32])
    }

    #[test]
    fn stable_ln_matches_std_closely() {
        let mut r = rng();
        let mut worst: f64 = 0.0;
        for _ in 0..200_000 {
            let u = unit_f64(&mut r);
            let (a, b) = (stable_ln(u), u.ln());
            if b != 0.0 {
                worst = worst.max(((a - b) / b).abs());
            } else {
                assert_eq!(a, 0.0);
            }
        }
        assert!(worst < 1e-15, "worst relative error {worst:e}");
        for x in [
            1.0,
            2.0,
            0.5,
            1e-300,
            1e300,
            std::f64::consts::E,
            // Either side of the reduction boundary sqrt(2).
            f64::from_bits(std::f64::consts::SQRT_2.to_bits() - 1),
            f64::from_bits(std::f64::consts::SQRT_2.to_bits() + 1),
        ] {
            assert!(
                (stable_ln(x) - x.ln()).abs() <= 4.0 * f64::EPSILON * x.ln().abs().max(1.0),
                "{x}"
            );
        }
        assert!(
            stable_ln(0.0).is_nan()
                && stable_ln(-1.0).is_nan()
                && stable_ln(f64::INFINITY).is_nan()
        );
    }

    #[test]
    fn unit_f64_stays_in_half_open_interval() {
        struct Fixed(u64);
        impl RngCore for Fixed {
            fn next_u32(&mut self) -> u32 {
                self.0 as u32
            }
            fn next_u64(&mut self) -> u64 {
                self.0
            }
            fn fill_bytes(&mut self, _: &mut [u8]) {}
        }
        assert_eq!(unit_f64(&mut Fixed(u64::MAX)), 1.0);
        assert_eq!(unit_f64(&mut Fixed(0)), 1.0 / (1u64 << 53) as f64);
        assert_eq!(exponential(&mut Fixed(u64::MAX)), 0.0);
        assert!((exponential(&mut Fixed(0)) - 53.0 * std::f64::consts::LN_2).abs() < 1e-12);
    }

    #[test]
    fn uniform_below_is_in_range_and_unbiased() {
        let mut r = rng();
        assert_eq!(uniform_below(&mut r, 0), 0);
        assert_eq!(uniform_below(&mut r, 1), 0);
        let n = 7u64;
        let trials = 70_000;
        let mut counts = [0u64; 7];
        for _ in 0..trials {
            let v = uniform_below(&mut r, n);
            assert!(v < n);
            counts[v as usize] += 1;
        }
        let expected = trials as f64 / n as f64;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        assert!(
            chi2 < 22.46,
            "chi-square {chi2} (6 dof, p = 0.001 cut-off 22.46)"
        );
        // A huge range still lands everywhere (top half hit about half the time).
        let big = u64::MAX - 5;
        let top = (0..10_000)
            .filter(|_| uniform_below(&mut r, big) > big / 2)
            .count();
        assert!((4_700..5_300).contains(&top), "{top}");
    }

    #[test]
    fn exponential_has_mean_and_tail_of_exp1() {
        let mut r = rng();
        let n = 100_000;
        let xs: Vec<f64> = (0..n).map(|_| exponential(&mut r)).collect();
        let mean = xs.iter().sum::<f64>() / n as f64;
        assert!((mean - 1.0).abs() < 0.015, "mean {mean}");
        let over2 = xs.iter().filter(|&&x| x > 2.0).count() as f64 / n as f64;
        assert!(
            (over2 - (-2.0f64).exp()).abs() < 0.005,
            "P(X > 2) = {over2}"
        );
    }

    #[test]
    fn shuffle_small_deck_is_uniform_over_permutations() {
        let mut r = rng();
        let trials = 24_000;
        let mut counts = std::collections::HashMap::new();
        for _ in 0..trials {
            let mut v = [0u8, 1, 2, 3];
            shuffle(&mut r, &mut v);
            *counts.entry(v).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 24);
        let expected = trials as f64 / 24.0;
        let chi2: f64 = counts
            .values()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        assert!(
            chi2 < 49.73,
            "chi-square {chi2} (23 dof, p = 0.001 cut-off 49.73)"
        );
    }
}
