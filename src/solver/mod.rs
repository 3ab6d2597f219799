//! The puzzle solver: finds every key of an "in N" stipulation, the solution tree, and
//! whether the solution is unique; puzzles as game records; the built-in puzzles.
//!
//! - [`stipulation`]: [`Goal`] and [`Stipulation`] (`Target Out in 2`, `out2`, `win in 2`,
//!   `mate in 2`), with their parser and errors.
//! - [`search`]: the solver, generic over every [`Game`] that implements [`SolverGame`]:
//!   [`solve`] (typed) and [`solve_text`] (variant by value, position by string, for the
//!   app and the command line), progress and cancellation through [`SolveControl`].
//! - [`puzzle`]: a puzzle as a game record (`[SetUp "1"]`, `[Position]`, `[Stipulation]`,
//!   `[Title]`, `[Author]`, `[Source]`; the solution as moves and variations), and the
//!   record built from a solver result.
//! - [`builtin`]: the puzzles shipped in `assets/puzzles/`.
//!
//! Running the solver on a background thread (what the app does):
//!
//! ```no_run
//! use orrery::core::Variant;
//! use orrery::solver::{SolveControl, SolveOptions, solve_text};
//!
//! let control = SolveControl::new();
//! let worker = control.clone();
//! let handle = std::thread::spawn(move || {
//!     let stipulation = "Target Out in 2".parse().expect("stipulation");
//!     solve_text(Variant::Interstellar, "9/8/9/8/9/8/9/8/4P4 +", stipulation, &SolveOptions::default(), &worker)
//! });
//! // Meanwhile, each frame: control.progress().nodes(), control.progress().tried(),
//! // control.progress().current_move(); control.cancel() to stop.
//! let _result = handle.join();
//! ```
//!
//! Sources: the goals and endings, `shared/rules/interstellar.md` (*Target, legality and
//! the end of the game*) and `shared/rules/triangular.md` (*End of the game*).

pub mod builtin;
pub mod puzzle;
pub mod search;
pub mod stipulation;

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::core::game::Game;
use crate::core::{interstellar, triangular};

pub use builtin::{BuiltinPuzzle, builtin_puzzles};
pub use puzzle::{Puzzle, PuzzleError, PuzzleGoal, solution_record};
pub use search::{AttackNode, DefenceNode, Solution, SolutionText, SolveError, SolveOptions, solve, solve_text};
pub use stipulation::{Goal, MAX_STIPULATION_MOVES, Stipulation, StipulationError};

/// What the solver needs from a game beyond [`Game`]: whether a goal has been reached,
/// and a "pass" to find threats.
pub trait SolverGame: Game {
    /// Whether `goal` has been reached for the side that has just moved (the side not to
    /// move), judged in this position with its opponent to move. A goal that does not
    /// exist in the game ([`Goal::applies_to`]) is never reached.
    fn goal_reached(&self, goal: Goal) -> bool;

    /// This position with the other side to move (a "null move"), or `None` when that
    /// is not a valid position (the side to move is in Target or in check, or the
    /// position string's other rules refuse it). Used only to find threats, not in the
    /// search itself; it may allocate.
    fn passed(&self) -> Option<Self>;
}

impl SolverGame for interstellar::Position {
    /// Target Out: the planet of the side to move is in Target and that side has no
    /// legal move, whatever ending names the result (rules file, *Target, legality and
    /// the end of the game*, last **Decision**). Win: any ending
    /// ([`interstellar::Position::game_outcome`]); the side that has just moved always wins.
    #[inline]
    fn goal_reached(&self, goal: Goal) -> bool {
        match goal {
            Goal::TargetOut => self.is_target_out(),
            Goal::Win => self.game_outcome().is_some(),
            Goal::Mate => false,
        }
    }

    fn passed(&self) -> Option<Self> {
        let mut setup = self.to_setup();
        setup.side_to_move = setup.side_to_move.opponent();
        interstellar::Position::from_setup(&setup).ok()
    }
}

impl SolverGame for triangular::Position {
    /// Mate and win are the same: the side to move is in check and has no legal move
    /// (rules file, *End of the game*: checkmate is the only win).
    #[inline]
    fn goal_reached(&self, goal: Goal) -> bool {
        match goal {
            Goal::Mate | Goal::Win => self.is_check() && self.count_moves() == 0,
            Goal::TargetOut => false,
        }
    }

    fn passed(&self) -> Option<Self> {
        let mut setup = self.to_setup();
        setup.turn = setup.turn.other();
        triangular::Position::from_setup(setup).ok()
    }
}

/// How far a running solve has got. Shared between the solving thread (which writes)
/// and the user interface (which reads); every read is a snapshot.
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    tried: AtomicU32,
    total: AtomicU32,
    current: Mutex<String>,
}

impl Progress {
    /// Positions visited so far (each move played counts one), updated every few
    /// thousand nodes and at the end.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// `(tried, total)`: how many of the attacker's first moves have been examined, out
    /// of how many legal first moves.
    pub fn tried(&self) -> (u32, u32) {
        (self.tried.load(Ordering::Relaxed), self.total.load(Ordering::Relaxed))
    }

    /// The first move being examined, in the game's notation (empty before the start
    /// and while the solution tree is built).
    pub fn current_move(&self) -> String {
        self.current.lock().map(|s| s.clone()).unwrap_or_default()
    }

    pub(crate) fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Ordering::Relaxed);
    }

    pub(crate) fn set_tried(&self, tried: u32, total: u32) {
        self.tried.store(tried, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }

    pub(crate) fn set_current(&self, text: &str) {
        if let Ok(mut s) = self.current.lock() {
            s.clear();
            s.push_str(text);
        }
    }
}

/// The handle shared between the solving thread and whoever watches it: a cancel flag
/// and the [`Progress`]. Cloning shares both (they are behind [`Arc`]s).
#[derive(Clone, Debug, Default)]
pub struct SolveControl {
    cancel: Arc<AtomicBool>,
    progress: Arc<Progress>,
}

impl SolveControl {
    /// A fresh handle: not cancelled, no progress.
    pub fn new() -> SolveControl {
        SolveControl::default()
    }

    /// A handle on an existing cancel flag (e.g. one the app already owns).
    pub fn with_cancel_flag(cancel: Arc<AtomicBool>) -> SolveControl {
        SolveControl { cancel, progress: Arc::default() }
    }

    /// Asks the solve to stop; it returns [`SolveError::Cancelled`] within a few
    /// thousand nodes (milliseconds).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether [`SolveControl::cancel`] has been called.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The cancel flag itself.
    pub fn cancel_flag(&self) -> &Arc<AtomicBool> {
        &self.cancel
    }

    /// The progress of the solve.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }
}
