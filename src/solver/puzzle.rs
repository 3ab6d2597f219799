//! Puzzles as game records.
//!
//! A puzzle is an ordinary record (`src/record/`, PGN-style text) whose start is a
//! set-up position (`[SetUp "1"]`, `[Position "…"]`) and whose header carries:
//!
//! - `[Stipulation "Target Out in 2"]` (see [`Stipulation`]), or a bare goal such as
//!   `[Stipulation "Target Out"]` for a position that *shows* the goal already reached,
//!   the loser to move (the patent's Figs. 18–20);
//! - `[Title "…"]`, `[Author "…"]`, `[Source "…"]`.
//!
//! The solution is the moves: the main line is the key and the main (longest-resisting)
//! defence, variations hold the other defences (and, where a solution is not unique,
//! the other keys). The record reader keeps these tags among the record's
//! [`Tags`](crate::record::Tags) (only `Variant`, `Result`, `SetUp` and `Position` are
//! derived from the record's fields).

use std::fmt;
use std::str::FromStr;

use super::control::SolveControl;
use super::erased::AnySolution;
use super::game::SolverGame;
use super::search::{SolveError, SolveOptions, solve};
use super::stipulation::{Goal, Stipulation, StipulationError};
use crate::core::game::{Game, Variant};
use crate::record::{AnyGame, NodeId, RecordError, read_one, tag_place};
use crate::with_game;

/// What a puzzle asks: a stipulation to solve, or a goal the position shows reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleGoal {
    /// Solve: the side to move must force the goal in N moves.
    Stipulation(Stipulation),
    /// The position shows the goal already reached: the side to move has lost by it
    /// (a finished position, like the patent's Target Out figures).
    Shown(Goal),
}

impl fmt::Display for PuzzleGoal {
    /// The `Stipulation` tag's text: `Target Out in 2`, or the goal words alone
    /// (`Target Out`) for a shown goal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleGoal::Stipulation(s) => s.fmt(f),
            PuzzleGoal::Shown(g) => g.fmt(f),
        }
    }
}

impl FromStr for PuzzleGoal {
    type Err = StipulationError;

    /// A stipulation (`Target Out in 2`, `out2`) or the goal words alone (`Target Out`,
    /// `win`, `mate`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match Goal::from_words(text) {
            Some(goal) if !text.trim().is_empty() => Ok(PuzzleGoal::Shown(goal)),
            _ => text.parse().map(PuzzleGoal::Stipulation),
        }
    }
}

/// Why a record is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The text is not one readable record: every error, each with its line and
    /// column (never empty). Written as the first error and how many there are.
    #[error("puzzle record {} ({} error(s))", first_error(.0), .0.len())]
    Record(Vec<RecordError>),
    /// No `[Stipulation "…"]` tag.
    #[error("the puzzle record has no [Stipulation \"...\"] tag")]
    MissingStipulation,
    /// The `Stipulation` tag cannot be read, or does not fit the game.
    #[error("puzzle stipulation: {0}")]
    Stipulation(#[from] StipulationError),
    /// The `Stipulation` tag at `line`:`column` of a puzzle's text cannot be read, or
    /// does not fit the game ([`Puzzle::read`]).
    #[error("{line}:{column}: puzzle stipulation: {error}")]
    StipulationAt {
        /// 1-based line of the tag's `[`.
        line: u32,
        /// 1-based column of the tag's `[`, in characters.
        column: u32,
        /// What is wrong with it.
        error: StipulationError,
    },
}

fn first_error(errors: &[RecordError]) -> String {
    errors.first().map(ToString::to_string).unwrap_or_default()
}

/// A puzzle read from a record: game, start position, what it asks, and its metadata.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The game.
    pub variant: Variant,
    /// The start position's string (the attacker to move; for a shown goal, the loser).
    pub position: String,
    /// What the puzzle asks.
    pub goal: PuzzleGoal,
    /// `[Title]`, empty when absent.
    pub title: String,
    /// `[Author]`, empty when absent.
    pub author: String,
    /// `[Source]`, empty when absent.
    pub source: String,
    /// The whole record, solution moves included.
    pub record: AnyGame,
}

/// What a `[Stipulation "…"]` tag's value asks of a game of `variant`.
///
/// # Errors
/// The value cannot be read, or names a goal the game does not have.
pub fn puzzle_goal(text: &str, variant: Variant) -> Result<PuzzleGoal, StipulationError> {
    let goal: PuzzleGoal = text.parse()?;
    let g = match goal {
        PuzzleGoal::Stipulation(s) => s.goal,
        PuzzleGoal::Shown(g) => g,
    };
    if !g.applies_to(variant) {
        return Err(StipulationError::WrongVariant { goal: g, variant });
    }
    Ok(goal)
}

impl Puzzle {
    /// Reads a puzzle from a record already read.
    ///
    /// # Errors
    /// [`PuzzleError::MissingStipulation`], or [`PuzzleError::Stipulation`] when the tag
    /// cannot be read or names a goal the game does not have.
    pub fn from_record(record: &AnyGame) -> Result<Puzzle, PuzzleError> {
        let tags = record.tags();
        let text = tags.get("Stipulation").ok_or(PuzzleError::MissingStipulation)?;
        let goal = puzzle_goal(text, record.variant())?;
        let variant = record.variant();
        let get = |k: &str| tags.get(k).unwrap_or("").to_string();
        Ok(Puzzle {
            variant,
            position: with_game!(record, r => r.start.position_string()),
            goal,
            title: get("Title"),
            author: get("Author"),
            source: get("Source"),
            record: record.clone(),
        })
    }

    /// Reads a puzzle from the text of a record file holding exactly one game.
    ///
    /// # Errors
    /// [`PuzzleError::Record`] with every reading error, then those of
    /// [`Puzzle::from_record`].
    pub fn read(text: &str) -> Result<Puzzle, PuzzleError> {
        let record = read_one(text).map_err(PuzzleError::Record)?;
        Puzzle::from_record(&record).map_err(|e| match e {
            PuzzleError::Stipulation(error) => match tag_place(text, "Stipulation") {
                Some((line, column)) => PuzzleError::StipulationAt { line, column, error },
                None => PuzzleError::Stipulation(error),
            },
            e => e,
        })
    }

    /// The stipulation, for a puzzle to solve.
    pub fn stipulation(&self) -> Option<Stipulation> {
        match self.goal {
            PuzzleGoal::Stipulation(s) => Some(s),
            PuzzleGoal::Shown(_) => None,
        }
    }

    /// For a shown goal: whether the engine agrees that the start position has the goal
    /// reached for the side not to move ([`SolverGame::goal_reached`]). `None` for a
    /// puzzle to solve.
    pub fn shown_goal_reached(&self) -> Option<bool> {
        match self.goal {
            PuzzleGoal::Shown(goal) => Some(with_game!(&self.record, r => r.start.goal_reached(goal))),
            PuzzleGoal::Stipulation(_) => None,
        }
    }

    /// The first moves of the recorded solution (the root's children: the key, then any
    /// other keys), in the game's notation.
    pub fn recorded_keys(&self) -> Vec<String> {
        with_game!(&self.record, r => r
            .tree
            .node(NodeId::ROOT)
            .children
            .iter()
            .filter_map(|&c| r.tree.node(c).mv)
            .map(|mv| r.start.notation(mv))
            .collect())
    }

    /// Solves the puzzle's stipulation from its start position (see [`solve`]).
    ///
    /// # Errors
    /// Those of [`solve`]; a shown goal gives [`SolveError::NothingToSolve`].
    pub fn solve(&self, options: &SolveOptions, control: &SolveControl) -> Result<AnySolution, SolveError> {
        match self.goal {
            PuzzleGoal::Stipulation(s) => self.solve_for(s, options, control),
            PuzzleGoal::Shown(g) => Err(SolveError::NothingToSolve(g)),
        }
    }

    /// Solves the puzzle's start position for `stipulation` instead of its own (e.g. a
    /// shorter one, to check that there is no quicker solution).
    ///
    /// # Errors
    /// Those of [`solve`].
    pub fn solve_for(
        &self,
        stipulation: Stipulation,
        options: &SolveOptions,
        control: &SolveControl,
    ) -> Result<AnySolution, SolveError> {
        with_game!(&self.record, r => solve(&r.start, stipulation, options, control).map(AnySolution::from))
    }
}
