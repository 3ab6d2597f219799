//! What a match's games say: the score, the Elo difference with its error bar, and a
//! sequential probability ratio test (SPRT) between two Elo hypotheses.
//!
//! Elo uses the logistic model: a score fraction `s` means a difference of
//! `−400·log10(1/s − 1)`. The error bar is the 95 % interval of that difference from
//! the games' own spread (wins, draws and losses as a trinomial). The SPRT is the
//! generalised SPRT on the trinomial (as fishtest runs it): under each hypothesis the
//! win/draw/loss probabilities are the most likely ones, given the games, whose mean
//! score is the score `s0` or `s1` that hypothesis expects, and the log-likelihood
//! ratio is `Σ nᵢ·ln(p1ᵢ / p0ᵢ)` over the results seen. Unlike the normal
//! approximation it needs no spread: a clean sweep counts.

/// Wins, draws and losses, from the first player's (A's) point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

/// An SPRT's verdict so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The log-likelihood ratio crossed the upper bound: A is at least `elo1` better
    /// (H1 accepted).
    H1,
    /// It crossed the lower bound: A is at most `elo0` better (H0 accepted).
    H0,
    /// Neither yet: more games are needed.
    Continue,
}

/// An SPRT between `elo0` (H0) and `elo1` (H1) with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// The bounds `(lower, upper)` of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of `tally` (0 with no games): `Σ nᵢ·ln(p1ᵢ / p0ᵢ)`
    /// over wins, draws and losses, `p0` and `p1` the most likely result probabilities
    /// of mean score `s0` and `s1` ([`most_likely_with_mean`]).
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.games() == 0 {
            return 0.0;
        }
        let counts = [tally.wins, tally.draws, tally.losses].map(f64::from);
        let p0 = most_likely_with_mean(tally, expected_score(self.elo0));
        let p1 = most_likely_with_mean(tally, expected_score(self.elo1));
        (0..3).filter(|&i| counts[i] > 0.0).map(|i| counts[i] * (p1[i] / p0[i]).ln()).sum()
    }

    /// The verdict for `tally`.
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The points of a win, a draw and a loss.
const POINTS: [f64; 3] = [1.0, 0.5, 0.0];

/// The win, draw and loss probabilities most likely to give `tally` among those whose
/// mean score is `mean` (strictly between 0 and 1): `pᵢ = qᵢ / (1 + λ·(aᵢ − mean))` for
/// the observed frequencies `qᵢ` and points `aᵢ`, with `λ` found by bisection so that
/// the mean holds (fishtest's maximum-likelihood estimate under a constraint). Where
/// no `λ` inside the bounds fits (a clean sweep), the bound's limit is used: the
/// results not seen take the rest of the probability.
pub fn most_likely_with_mean(tally: &Tally, mean: f64) -> [f64; 3] {
    let n = f64::from(tally.games().max(1));
    let q = [tally.wins, tally.draws, tally.losses].map(|c| f64::from(c) / n);
    let mean = mean.clamp(1e-9, 1.0 - 1e-9);
    // Every denominator 1 + λ·(a − mean) stays positive for λ in (−1/(1 − mean), 1/mean).
    let (mut low, mut high) = (-1.0 / (1.0 - mean) + 1e-12, 1.0 / mean - 1e-12);
    // f(λ) = Σ qᵢ(aᵢ − mean)/(1 + λ(aᵢ − mean)) falls as λ grows.
    let f = |lambda: f64| (0..3).map(|i| q[i] * (POINTS[i] - mean) / (1.0 + lambda * (POINTS[i] - mean))).sum::<f64>();
    let lambda = if f(high) >= 0.0 {
        high
    } else if f(low) <= 0.0 {
        low
    } else {
        for _ in 0..200 {
            let mid = (low + high) / 2.0;
            if f(mid) > 0.0 {
                low = mid;
            } else {
                high = mid;
            }
        }
        (low + high) / 2.0
    };
    std::array::from_fn(|i| q[i] / (1.0 + lambda * (POINTS[i] - mean)))
}

/// The score a player `elo` points stronger expects per game.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference a score fraction `s` (strictly between 0 and 1) means.
pub fn elo_from_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// A game's result for one player, from its points (1, ½ or 0; the nearest counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GamePoints {
    /// 1 point.
    Won,
    /// ½ point.
    Drew,
    /// 0 points.
    Lost,
}

impl GamePoints {
    /// The result that `points` stands for.
    pub fn of(points: f64) -> GamePoints {
        if points > 0.75 {
            GamePoints::Won
        } else if points > 0.25 {
            GamePoints::Drew
        } else {
            GamePoints::Lost
        }
    }

    /// `won`, `drew` or `lost`.
    pub fn word(self) -> &'static str {
        match self {
            GamePoints::Won => "won",
            GamePoints::Drew => "drew",
            GamePoints::Lost => "lost",
        }
    }
}

impl Tally {
    /// Counts one game's points for A: 1, ½ or 0.
    pub fn add(&mut self, points_for_a: f64) {
        match GamePoints::of(points_for_a) {
            GamePoints::Won => self.wins += 1,
            GamePoints::Drew => self.draws += 1,
            GamePoints::Lost => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score fraction, `0.0..=1.0` (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// The per-game variance of A's points; `None` with no games.
    fn variance(&self) -> Option<f64> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let s = self.score();
        let (w, d, l) = (f64::from(self.wins) / n, f64::from(self.draws) / n, f64::from(self.losses) / n);
        Some(w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2))
    }

    /// The Elo difference (A minus B) and the half-width of its 95 % interval; `None`
    /// when A won or lost every game (the difference is unbounded) or there are no
    /// games.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        let s = self.score();
        if n == 0.0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        let stderr = (self.variance()? / n).sqrt();
        let low = (s - 1.96 * stderr).max(1e-6);
        let high = (s + 1.96 * stderr).min(1.0 - 1e-6);
        Some((elo_from_score(s), (elo_from_score(high) - elo_from_score(low)) / 2.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_no_difference_and_64_percent_is_about_100() {
        let even = Tally { wins: 40, draws: 20, losses: 40 };
        let (elo, error) = even.elo().expect("a difference");
        assert!(elo.abs() < 1e-9);
        assert!(error > 40.0 && error < 80.0, "{error}");
        assert!((elo_from_score(0.64) - 100.0).abs() < 1.0);
        assert!((expected_score(elo_from_score(0.3)) - 0.3).abs() < 1e-9);
        assert_eq!(Tally { wins: 10, draws: 0, losses: 0 }.elo(), None);
    }

    #[test]
    fn the_sprt_accepts_the_hypothesis_the_games_support() {
        let sprt = Sprt { elo0: 0.0, elo1: 50.0, alpha: 0.05, beta: 0.05 };
        let (lower, upper) = sprt.bounds();
        assert!((upper - 2.944).abs() < 0.01 && (lower + 2.944).abs() < 0.01);
        assert_eq!(sprt.verdict(&Tally { wins: 150, draws: 20, losses: 80 }), Verdict::H1);
        assert_eq!(sprt.verdict(&Tally { wins: 90, draws: 20, losses: 140 }), Verdict::H0);
        assert_eq!(sprt.verdict(&Tally { wins: 5, draws: 1, losses: 4 }), Verdict::Continue);
    }

    #[test]
    fn a_clean_sweep_counts_as_fishtest_counts_it() {
        // 12 wins, no draw or loss, between 0 and 100 Elo: 12·ln(s1/s0), about 2.96.
        let sprt = Sprt { elo0: 0.0, elo1: 100.0, alpha: 0.05, beta: 0.05 };
        let sweep = Tally { wins: 12, draws: 0, losses: 0 };
        let expected = 12.0 * (expected_score(100.0) / 0.5).ln();
        assert!((sprt.llr(&sweep) - expected).abs() < 1e-6, "{} against {expected}", sprt.llr(&sweep));
        assert!((sprt.llr(&sweep) - 2.96).abs() < 0.01);
        // Lost every game: as far the other way.
        let lost = Tally { wins: 0, draws: 0, losses: 12 };
        assert!(sprt.llr(&lost) < -2.9);
        assert_eq!(sprt.verdict(&Tally { wins: 20, draws: 0, losses: 0 }), Verdict::H1);
    }

    #[test]
    fn the_most_likely_probabilities_have_the_mean_asked_and_the_games_own_when_it_fits() {
        let tally = Tally { wins: 30, draws: 40, losses: 30 };
        let p = most_likely_with_mean(&tally, 0.5);
        assert!((p[0] - 0.3).abs() < 1e-9 && (p[1] - 0.4).abs() < 1e-9, "{p:?}");
        let p = most_likely_with_mean(&tally, 0.6);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-6, "{p:?}");
        assert!((p[0] + 0.5 * p[1] - 0.6).abs() < 1e-6, "{p:?}");
        // Near the normal approximation where the games spread.
        let sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let games = Tally { wins: 420, draws: 300, losses: 380 };
        let (s0, s1, s) = (expected_score(0.0), expected_score(10.0), games.score());
        let variance = games.variance().unwrap();
        let normal = 1100.0 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance);
        assert!((sprt.llr(&games) - normal).abs() < 0.05, "{} against {normal}", sprt.llr(&games));
    }
}
