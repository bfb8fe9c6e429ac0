//! The reports' statistics: percentiles by selection, fault counts by kind,
//! the Wilson interval.

use std::time::Duration;

use upcard_seat::program_seat::FaultKind;

/// The `q` quantile (0.5: the median) of `times`, in milliseconds: the
/// time at its rank, found by selection (linear), not by sorting them all.
/// Reorders `times`.
pub(crate) fn percentile_ms(times: &mut [Duration], q: f64) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    let rank = ((times.len() as f64 - 1.0) * q).round() as usize;
    times.select_nth_unstable(rank).1.as_secs_f64() * 1000.0
}

/// The median and the 99th percentile of `times`, in milliseconds.
pub(crate) fn percentiles_ms(times: &mut [Duration]) -> [f64; 2] {
    [0.5, 0.99].map(|q| percentile_ms(times, q))
}

/// How many of `kinds` are of each kind, in `FaultKind::ALL`'s order, the
/// kinds that did not occur left out.
pub(crate) fn count_kinds(
    kinds: impl Iterator<Item = FaultKind> + Clone,
) -> Vec<(FaultKind, usize)> {
    FaultKind::ALL
        .iter()
        .map(|&k| (k, kinds.clone().filter(|f| *f == k).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// The Wilson score interval for `k` successes in `n` trials, at 95%.
pub fn wilson(k: u32, n: u32) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (k, n, z) = (f64::from(k), f64::from(n), 1.959_964);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        let [lo, hi] = wilson(60, 100);
        assert!(
            (lo - 0.502).abs() < 0.001 && (hi - 0.691).abs() < 0.001,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }
}
