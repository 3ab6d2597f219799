//! Tuning the evaluation's weights by fitting game results (Texel's method): for
//! positions taken from finished games, find the weights under which the static
//! evaluation best predicts each game's result.
//!
//! The prediction for a position whose side to move scores `e` centipawns is
//! `σ(e) = 1 / (1 + 10^(−K·e/400))`; the error is the mean of `(r − σ(e))²` over the
//! positions, `r` the side to move's points in the game (1, ½, 0). `K` is fitted first
//! (weights as they are), then each weight in turn is moved by ±`step` while that
//! lowers the error (coordinate descent), round after round until no move helps.
//! `orrery tune` runs it on the games `orrery match --record` writes; it prints the
//! fitted weights, which become [`Tunable::default_weights`]'s successor only after a
//! match shows them stronger.

use super::eval::{draughts as draughts_eval, interstellar as interstellar_eval, triangular as triangular_eval};
use super::game::EngineGame;
use crate::core::{draughts, interstellar, triangular};

/// A game whose evaluation can be tuned: its weights as named numbers.
pub trait Tunable: EngineGame {
    /// The evaluation's weights.
    type Weights: Clone + std::fmt::Debug + PartialEq;

    /// The weights the engine plays with.
    fn default_weights() -> Self::Weights;

    /// The static evaluation with weights `w`, in centipawns for the side to move.
    fn evaluate_with(&self, w: &Self::Weights) -> i32;

    /// Every tunable weight with its name (`material[2]`, `tempo`, …), in a fixed
    /// order. Weights fixed by definition (the planet's and king's material, 0) are
    /// left out.
    fn params(w: &mut Self::Weights) -> Vec<(String, &mut i32)>;
}

fn push_array<'a>(out: &mut Vec<(String, &'a mut i32)>, name: &str, values: &'a mut [i32], skip_first: bool) {
    for (i, v) in values.iter_mut().enumerate() {
        if !(skip_first && i == 0) {
            out.push((format!("{name}[{i}]"), v));
        }
    }
}

impl Tunable for interstellar::Position {
    type Weights = interstellar_eval::Weights;

    fn default_weights() -> Self::Weights {
        interstellar_eval::Weights::DEFAULT
    }

    fn evaluate_with(&self, w: &Self::Weights) -> i32 {
        interstellar_eval::evaluate(self, w)
    }

    fn params(w: &mut Self::Weights) -> Vec<(String, &mut i32)> {
        let mut out = Vec::new();
        push_array(&mut out, "material", &mut w.material, true);
        push_array(&mut out, "mobility", &mut w.mobility, true);
        push_array(&mut out, "centre", &mut w.centre, false);
        push_array(&mut out, "star_advance", &mut w.star_advance, true);
        push_array(&mut out, "few_pieces", &mut w.few_pieces, true);
        out.push(("star_race".into(), &mut w.star_race));
        out.push(("planet_covered".into(), &mut w.planet_covered));
        out.push(("planet_escape".into(), &mut w.planet_escape));
        out.push(("planet_no_escape".into(), &mut w.planet_no_escape));
        out.push(("tempo".into(), &mut w.tempo));
        out
    }
}

impl Tunable for triangular::Position {
    type Weights = triangular_eval::Weights;

    fn default_weights() -> Self::Weights {
        triangular_eval::Weights::DEFAULT
    }

    fn evaluate_with(&self, w: &Self::Weights) -> i32 {
        triangular_eval::evaluate(self, w)
    }

    fn params(w: &mut Self::Weights) -> Vec<(String, &mut i32)> {
        let mut out = Vec::new();
        push_array(&mut out, "material", &mut w.material, true);
        push_array(&mut out, "mobility", &mut w.mobility, true);
        push_array(&mut out, "centre", &mut w.centre, false);
        push_array(&mut out, "pawn_advance", &mut w.pawn_advance, true);
        out.push(("bishop_pair".into(), &mut w.bishop_pair));
        out.push(("king_shelter".into(), &mut w.king_shelter));
        out.push(("king_attacked".into(), &mut w.king_attacked));
        out.push(("tempo".into(), &mut w.tempo));
        out
    }
}

impl Tunable for draughts::Position {
    type Weights = draughts_eval::Weights;

    fn default_weights() -> Self::Weights {
        draughts_eval::Weights::DEFAULT
    }

    fn evaluate_with(&self, w: &Self::Weights) -> i32 {
        draughts_eval::evaluate(self, w)
    }

    fn params(w: &mut Self::Weights) -> Vec<(String, &mut i32)> {
        let mut out = Vec::new();
        out.push(("man".into(), &mut w.man));
        out.push(("king".into(), &mut w.king));
        push_array(&mut out, "advance", &mut w.advance, true);
        out.push(("back_rank".into(), &mut w.back_rank));
        out.push(("man_mobility".into(), &mut w.man_mobility));
        out.push(("king_mobility".into(), &mut w.king_mobility));
        push_array(&mut out, "runaway", &mut w.runaway, true);
        out.push(("tempo".into(), &mut w.tempo));
        out
    }
}

/// A training position: the position and the side to move's points in its game.
#[derive(Clone, Debug)]
pub struct Sample<G> {
    /// The position (quiet: see [`is_quiet`]).
    pub position: G,
    /// The side to move's points: 1, ½ or 0.
    pub result: f64,
}

/// Whether `pos` is quiet enough to train on: the game goes on, the side to move is
/// not in check or Target and has no capture or other tactical move (so the static
/// evaluation is what a search would see).
pub fn is_quiet<G: EngineGame>(pos: &G) -> bool {
    if pos.has_ended_without_moves() || pos.is_in_check() {
        return false;
    }
    let mut moves = crate::core::moves::MoveList::new();
    pos.tactical_moves(&mut moves);
    if !moves.is_empty() {
        return false;
    }
    moves.clear();
    pos.legal_moves(&mut moves);
    !moves.is_empty()
}

/// The mean squared error of predicting `samples` with weights `w` and scale `k`.
pub fn error<G: Tunable>(samples: &[Sample<G>], w: &G::Weights, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e = f64::from(s.position.evaluate_with(w));
            let predicted = 1.0 / (1.0 + 10f64.powf(-k * e / 400.0));
            (s.result - predicted).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit<W> {
    /// The fitted scale `K`.
    pub k: f64,
    /// The error with the starting weights.
    pub error_before: f64,
    /// The error with the fitted weights.
    pub error_after: f64,
    /// The fitted weights.
    pub weights: W,
    /// Rounds of coordinate descent run.
    pub rounds: u32,
}

/// Fits `K`, then the weights, starting from `start`, by steps of `step`
/// centipawns, for at most `max_rounds` rounds; `progress(round, error)` after each.
pub fn fit<G: Tunable>(
    samples: &[Sample<G>],
    start: &G::Weights,
    step: i32,
    max_rounds: u32,
    progress: &mut dyn FnMut(u32, f64),
) -> Fit<G::Weights> {
    // K by a scan then a finer one around the best.
    let mut k = 1.0;
    let mut best = f64::INFINITY;
    for scale in [0.1, 0.01] {
        let centre = if best.is_finite() { k } else { 1.0 };
        for i in -10..=10 {
            let candidate = centre + scale * f64::from(i);
            if candidate <= 0.0 {
                continue;
            }
            let e = error(samples, start, candidate);
            if e < best {
                best = e;
                k = candidate;
            }
        }
    }
    let error_before = best;
    let mut weights = start.clone();
    let mut current = error_before;
    let mut rounds = 0;
    let count = G::params(&mut weights.clone()).len();
    while rounds < max_rounds {
        rounds += 1;
        let mut improved = false;
        for i in 0..count {
            for delta in [step, -step] {
                let mut trial = weights.clone();
                if let Some((_, v)) = G::params(&mut trial).into_iter().nth(i) {
                    *v += delta;
                }
                let e = error(samples, &trial, k);
                if e < current {
                    current = e;
                    weights = trial;
                    improved = true;
                    break;
                }
            }
        }
        progress(rounds, current);
        if !improved {
            break;
        }
    }
    Fit { k, error_before, error_after: current, weights, rounds }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;

    #[test]
    fn fitting_lowers_the_error_on_games_that_reward_material() {
        // Positions where the side to move has an extra pawn won; the reverse lost:
        // fitting should not make the prediction worse, and must move some weight.
        let won = triangular::Position::from_position_string("4bk3/3ppbpp3/3p3n1p3/15/15/3PPN1N1P3/3PPBPP3/4BK3 w 0 1")
            .expect("a position");
        let lost =
            triangular::Position::from_position_string("4bk3/3ppbpp3/3p3n1p3/15/15/3PPN1N1P3/3PPBPP3/4BK3 b 0 1")
                .expect("a position");
        let mut samples = Vec::new();
        for _ in 0..20 {
            samples.push(Sample { position: won.clone(), result: 1.0 });
            samples.push(Sample { position: lost.clone(), result: 0.0 });
        }
        let start = triangular::Position::default_weights();
        let fit = fit(&samples, &start, 5, 3, &mut |_, _| {});
        assert!(fit.error_after <= fit.error_before, "{fit:?}");
        assert!(fit.error_after < 0.25);
        let mut w = start;
        assert!(triangular::Position::params(&mut w).iter().all(|(name, _)| name != "material[0]"));
    }
}
