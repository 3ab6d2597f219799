//! The puzzle solver: finds every key of an "in N" stipulation, the solution tree, and
//! whether the solution is unique; puzzles as game records; the built-in puzzles. A
//! library: it reads no files and knows nothing of the app or the command line.
//!
//! - [`stipulation`]: [`Goal`] and [`Stipulation`] (`Target Out in 2`, `out2`, `win in 2`,
//!   `mate in 2`), with their parser and errors.
//! - [`game`]: [`SolverGame`], what the solver needs from a game beyond [`Game`].
//! - [`search`]: [`solve`], the entry point, generic over every [`SolverGame`]: it takes
//!   a position already read and checked, and returns a [`Solution`] or a typed
//!   [`SolveError`].
//! - [`control`]: progress and cancellation from another thread ([`SolveControl`]).
//! - [`solution`]: what a solve finds ([`Solution`], the tree of [`AttackNode`]s and
//!   [`DefenceNode`]s) and its puzzle record ([`solution_record`]).
//! - [`erased`]: [`AnySolution`], a solve of either game, for callers that choose the
//!   game at run time.
//! - [`puzzle`]: a puzzle as a game record (`[SetUp "1"]`, `[Position]`, `[Stipulation]`,
//!   `[Title]`, `[Author]`, `[Source]`; the solution as moves and variations).
//! - [`builtin`]: the puzzles shipped in `assets/puzzles/`.
//!
//! Running the solver on a background thread (what the app does):
//!
//! ```
//! use orrery::core::Game;
//! use orrery::core::interstellar::Position;
//! use orrery::solver::{SolveControl, SolveOptions, solve};
//!
//! let start = Position::from_position_string("9/U7/3p1q3/8/9/8/9/4Q3/3P5 +")?;
//! let stipulation = "Target Out in 1".parse()?;
//! let control = SolveControl::new();
//! let worker = control.clone();
//! let handle = std::thread::spawn(move || solve(&start, stipulation, &SolveOptions::default(), &worker));
//! // Meanwhile, each frame: control.progress().nodes(), control.progress().tried(),
//! // control.progress().current_move(); control.cancel() to stop.
//! let solution = handle.join().expect("the solver thread")?;
//! assert_eq!(solution.keys.len(), 1);
//! assert_eq!(solution.keys[0].notation, "PQ-73 out");
//! assert_eq!(control.progress().tried(), (solution.first_moves as u32, solution.first_moves as u32));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Sources: the goals and endings, `docs/rules-interstellar.md` §7 *How the game ends*
//! and `docs/rules-triangular.md` §6 *Check, mate and draws*.
//!
//! [`Game`]: crate::core::Game

pub mod builtin;
pub mod control;
pub mod erased;
pub mod game;
pub mod puzzle;
pub mod search;
pub mod solution;
pub mod stipulation;

pub use builtin::{BuiltinPuzzle, builtin_puzzles};
pub use control::{Progress, SolveControl};
pub use erased::AnySolution;
pub use game::SolverGame;
pub use puzzle::{Puzzle, PuzzleError, PuzzleGoal, puzzle_goal};
pub use search::{SolveError, SolveOptions, solve};
pub use solution::{AttackNode, DefenceNode, NamedMove, Solution, Try, solution_record};
pub use stipulation::{Goal, MAX_STIPULATION_MOVES, Stipulation, StipulationError};
