//! The puzzles shipped with Orrery, in `assets/puzzles/` (one `.pgn` record each),
//! compiled into the program.
//!
//! - `interstellar-fig18.pgn`, `-fig19`, `-fig20`: the patent's three Target Out
//!   figures (GB 2186198 A, Figs. 18–20), rebuilt from the text as finished positions
//!   (`[Stipulation "Target Out"]`, the loser to move).
//! - `interstellar-out1.pgn`, `-out2`, `-out3`: original Target Out in 1, 2, 3.
//! - `triangular-mate1.pgn`, `-mate2`, `-mate3`: original mates in 1, 2, 3.
//! - `draughts-win1.pgn`, `-win2`: original Triangular draughts wins in 1 and 2 (the
//!   loser left without a legal move).
//!
//! Every original puzzle has exactly one key (checked by `tests/solver.rs`).

use super::puzzle::{Puzzle, PuzzleError};

/// A built-in puzzle file: its name and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinPuzzle {
    /// The file name in `assets/puzzles/`, e.g. `interstellar-out2.pgn`.
    pub file: &'static str,
    /// The record text.
    pub text: &'static str,
}

impl BuiltinPuzzle {
    /// Reads the puzzle.
    ///
    /// # Errors
    /// Those of [`Puzzle::read`] (none for the shipped files; the tests read them all).
    pub fn puzzle(&self) -> Result<Puzzle, PuzzleError> {
        Puzzle::read(self.text)
    }
}

macro_rules! builtin {
    ($($file:literal),* $(,)?) => {
        &[$(BuiltinPuzzle { file: $file, text: include_str!(concat!("../../assets/puzzles/", $file)) }),*]
    };
}

/// Every built-in puzzle, the patent's figures first, then Interstellar, Triangular and
/// Triangular draughts.
pub const BUILTIN_PUZZLES: &[BuiltinPuzzle] = builtin![
    "interstellar-fig18.pgn",
    "interstellar-fig19.pgn",
    "interstellar-fig20.pgn",
    "interstellar-out1.pgn",
    "interstellar-out2.pgn",
    "interstellar-out3.pgn",
    "triangular-mate1.pgn",
    "triangular-mate2.pgn",
    "triangular-mate3.pgn",
    "draughts-win1.pgn",
    "draughts-win2.pgn",
];

/// Every built-in puzzle (see [`BUILTIN_PUZZLES`]).
pub fn builtin_puzzles() -> &'static [BuiltinPuzzle] {
    BUILTIN_PUZZLES
}
