//! What a match's games say: the score, the Elo difference with its error bar, and a
//! sequential probability ratio test (SPRT) between two Elo hypotheses.
//!
//! Elo uses the logistic model: a score fraction `s` means a difference of
//! `−400·log10(1/s − 1)`. The error bar is the 95 % interval of that difference from
//! the games' own spread (wins, draws and losses as a trinomial). The SPRT is the
//! trinomial test in its normal approximation (as used by chess engine testers): its
//! log-likelihood ratio `LLR = n·(s1 − s0)·(2·s̄ − s0 − s1) / (2·σ²)` for the mean score
//! `s̄`, per-game variance `σ²`, and the scores `s0`, `s1` the two hypotheses expect.

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

    /// The log-likelihood ratio of `tally`; 0 until both a better and a worse result
    /// than the mean exist (no spread).
    pub fn llr(&self, tally: &Tally) -> f64 {
        let n = f64::from(tally.games());
        let Some(variance) = tally.variance() else { return 0.0 };
        if variance <= 0.0 {
            return 0.0;
        }
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        n * (s1 - s0) * (2.0 * tally.score() - s0 - s1) / (2.0 * variance)
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
}
