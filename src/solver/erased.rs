//! The solver over the erased game: [`AnySolution`], a finished [`solve`] of either
//! game, for callers that choose the game at run time (the app's background thread,
//! `orrery solve`, [`Puzzle::solve`](super::Puzzle::solve)). This is the one place in
//! the solver that names the games; everything else is generic over [`SolverGame`].
//!
//! ```
//! use orrery::core::Game;
//! use orrery::core::triangular::Position;
//! use orrery::solver::{AnySolution, SolveControl, SolveOptions, solve};
//!
//! let start = Position::from_position_string("9/11/1p10N/1k13/4K10/6Q6/3N7/9 w 0 1")?;
//! let stipulation = "mate in 1".parse()?;
//! let solution = solve(&start, stipulation, &SolveOptions::default(), &SolveControl::new())?;
//! let solution = AnySolution::from(solution);
//! assert_eq!(solution.keys(), ["Qa3l#"]);
//! assert!(solution.is_unique());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`solve`]: super::solve
//! [`SolverGame`]: super::SolverGame

use std::time::Duration;

use super::solution::{Solution, solution_record};
use super::stipulation::Stipulation;
use crate::core::game::Variant;
use crate::core::{draughts, interstellar, triangular};
use crate::record::AnyGame;

/// A finished solve of either game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnySolution {
    /// An Interstellar solve.
    Interstellar(Solution<interstellar::Position>),
    /// A Triangular solve.
    Triangular(Solution<triangular::Position>),
    /// A Triangular draughts solve.
    Draughts(Solution<draughts::Position>),
}

/// Runs `$body` with `$s` bound to the inner [`Solution`] of an [`AnySolution`].
macro_rules! with_solution {
    ($any:expr, $s:ident => $body:expr) => {
        match $any {
            AnySolution::Interstellar($s) => $body,
            AnySolution::Triangular($s) => $body,
            AnySolution::Draughts($s) => $body,
        }
    };
}

impl AnySolution {
    /// The game.
    pub fn variant(&self) -> Variant {
        match self {
            AnySolution::Interstellar(_) => Variant::Interstellar,
            AnySolution::Triangular(_) => Variant::Triangular,
            AnySolution::Draughts(_) => Variant::Draughts,
        }
    }

    /// The stipulation solved.
    pub fn stipulation(&self) -> Stipulation {
        with_solution!(self, s => s.stipulation)
    }

    /// Every key in the game's notation, in move-generation order.
    pub fn keys(&self) -> Vec<String> {
        with_solution!(self, s => s.keys.iter().map(|k| k.notation.clone()).collect())
    }

    /// The tries (when asked for), each as `(try, refutation)` in the game's notation.
    pub fn tries(&self) -> Vec<(String, String)> {
        with_solution!(self, s => s.tries.iter().map(|t| (t.mv.notation.clone(), t.refutation.notation.clone())).collect())
    }

    /// Whether there is exactly one key.
    pub fn is_unique(&self) -> bool {
        with_solution!(self, s => s.is_unique())
    }

    /// Positions visited (each move played counts one), tree building included.
    pub fn nodes(&self) -> u64 {
        with_solution!(self, s => s.nodes)
    }

    /// Wall-clock time of the whole solve.
    pub fn elapsed(&self) -> Duration {
        with_solution!(self, s => s.elapsed)
    }

    /// [`Solution::tree_text`] (empty when the tree was not built).
    pub fn tree_text(&self) -> String {
        with_solution!(self, s => s.tree_text())
    }

    /// The solution as a puzzle record ([`solution_record`]): start position,
    /// stipulation tag, keys and the tree as variations.
    pub fn record(&self) -> AnyGame {
        with_solution!(self, s => crate::record::RecordGame::into_any(solution_record(s)))
    }
}

impl From<Solution<interstellar::Position>> for AnySolution {
    fn from(solution: Solution<interstellar::Position>) -> Self {
        AnySolution::Interstellar(solution)
    }
}

impl From<Solution<triangular::Position>> for AnySolution {
    fn from(solution: Solution<triangular::Position>) -> Self {
        AnySolution::Triangular(solution)
    }
}

impl From<Solution<draughts::Position>> for AnySolution {
    fn from(solution: Solution<draughts::Position>) -> Self {
        AnySolution::Draughts(solution)
    }
}
