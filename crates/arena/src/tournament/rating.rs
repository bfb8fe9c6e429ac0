//! Ratings from the games won: Bradley–Terry on the Elo scale, with
//! intervals from the likelihood's curvature.

/// Bradley–Terry strengths from `wins[i][j]` (games i won against j) by
/// the MM algorithm (Hunter 2004), on the Elo scale with mean 1500. Each
/// pair that played gets half a win each way besides, so that a bot that
/// never wins (or never loses) still has a finite rating.
pub fn bradley_terry(wins: &[Vec<u32>]) -> Vec<f64> {
    let n = wins.len();
    let w = |i: usize, j: usize| -> f64 {
        let played = wins[i][j] + wins[j][i];
        if i == j || played == 0 {
            0.0
        } else {
            f64::from(wins[i][j]) + 0.5
        }
    };
    let mut p = vec![1.0f64; n];
    for _ in 0..5000 {
        let mut next = vec![0.0f64; n];
        for i in 0..n {
            let won: f64 = (0..n).map(|j| w(i, j)).sum();
            let denom: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| (w(i, j) + w(j, i)) / (p[i] + p[j]))
                .sum();
            next[i] = if denom > 0.0 { won / denom } else { p[i] };
        }
        // Geometric mean 1: the scale is fixed by the mean rating.
        let mean = next.iter().map(|x| x.ln()).sum::<f64>() / n as f64;
        next.iter_mut().for_each(|x| *x /= mean.exp());
        let change = p
            .iter()
            .zip(&next)
            .map(|(a, b)| (a - b).abs() / a)
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-10 {
            break;
        }
    }
    p.iter().map(|x| 1500.0 + 400.0 * x.log10()).collect()
}

/// 95% intervals of each rating, from the curvature of the likelihood
/// (the Fisher information of the fitted model, with the same half wins
/// each way): rating ± 1.96 standard errors. The ratings are fixed only up
/// to their mean, so the covariance is the pseudo-inverse of the
/// information matrix, whose rows sum to zero: (I + J/n)⁻¹ − J/n.
pub fn intervals(wins: &[Vec<u32>], ratings: &[f64]) -> Vec<[f64; 2]> {
    let n = wins.len();
    let p: Vec<f64> = ratings
        .iter()
        .map(|r| 10f64.powf((r - 1500.0) / 400.0))
        .collect();
    // The information matrix plus J/n.
    let mut m = vec![vec![1.0 / n as f64; n]; n];
    for i in 0..n {
        for j in 0..n {
            let games = wins[i][j] + wins[j][i];
            if i == j || games == 0 {
                continue;
            }
            let pi = p[i] / (p[i] + p[j]);
            let info = (f64::from(games) + 1.0) * pi * (1.0 - pi);
            m[i][i] += info;
            m[i][j] -= info;
        }
    }
    let Some(inv) = invert(m) else {
        return vec![[f64::NEG_INFINITY, f64::INFINITY]; n];
    };
    // Standard errors of ln p, then on the Elo scale.
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..n)
        .map(|i| {
            let var = (inv[i][i] - 1.0 / n as f64).max(0.0);
            let half = 1.959_964 * scale * var.sqrt();
            [ratings[i] - half, ratings[i] + half]
        })
        .collect()
}

/// The inverse of a small matrix by Gauss–Jordan elimination with partial
/// pivoting; None when it is singular (a bot that played no one).
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for c in 0..n {
        let pivot = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[pivot][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, pivot);
        inv.swap(c, pivot);
        let d = a[c][c];
        for j in 0..n {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..n {
            if r != c {
                let f = a[r][c];
                for j in 0..n {
                    a[r][j] -= f * a[c][j];
                    inv[r][j] -= f * inv[c][j];
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_order_the_bots_by_their_wins_and_stay_finite() {
        // 0 beats 1 beats 2; 2 never wins.
        let wins = vec![vec![0, 8, 10], vec![2, 0, 9], vec![0, 1, 0]];
        let r = bradley_terry(&wins);
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        assert!(r.iter().all(|x| x.is_finite()));
        // Mean 1500 (geometric mean 1 of the strengths).
        assert!((r.iter().sum::<f64>() / 3.0 - 1500.0).abs() < 1e-6);
        // Equal records, equal ratings.
        let even = vec![vec![0, 5], vec![5, 0]];
        let r1 = |x: f64| (x * 10.0).round() / 10.0;
        assert_eq!(
            bradley_terry(&even).into_iter().map(r1).collect::<Vec<_>>(),
            vec![1500.0, 1500.0]
        );
    }

    #[test]
    fn intervals_bracket_the_rating_and_narrow_with_more_games() {
        let few = vec![vec![0, 3], vec![1, 0]];
        let many = vec![vec![0, 300], vec![100, 0]];
        let width = |w: &Vec<Vec<u32>>| {
            let r = bradley_terry(w);
            let ci = intervals(w, &r);
            for k in 0..2 {
                assert!(ci[k][0] < r[k] && r[k] < ci[k][1], "{ci:?} {r:?}");
            }
            ci[0][1] - ci[0][0]
        };
        assert!(width(&many) * 5.0 < width(&few));
        // Two bots, 300–100: ln(3) apart, each with a standard error of
        // sqrt(1 / (4 · 401 · p(1-p))) in ln p (half the difference's).
        let r = bradley_terry(&many);
        let ci = intervals(&many, &r);
        let p = 300.5f64 / 401.0;
        let se = (1.0 / (4.0 * 401.0 * p * (1.0 - p))).sqrt() * 400.0 / std::f64::consts::LN_10;
        assert!(((ci[0][1] - r[0]) - 1.959_964 * se).abs() < 1e-6, "{ci:?}");
    }
}
