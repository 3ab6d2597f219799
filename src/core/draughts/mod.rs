//! Triangular draughts, the third game of HU 188326 (`docs/rules-draughts.md`): 2 × 18
//! men on the 48 dark cells of the Triangular board, Hexdame-style men, flying kings and
//! compulsory majority capture. The same files as the other games: [`pieces`],
//! [`geometry`] (cells 1–48, directions, promotion cells), [`setup`] (the position
//! string), [`position`], [`movegen`] (steps, captures, endings), [`notation`].
//!
//! ```
//! use orrery::core::draughts::Position;
//! use orrery::core::moves::MoveList;
//!
//! let opening = Position::opening();
//! let mut moves = MoveList::new();
//! opening.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 15);
//! let mut pos = opening.clone();
//! pos.play(opening.parse_move_text("31-23")?);
//! let mut replies = MoveList::new();
//! pos.legal_moves(&mut replies);
//! assert_eq!(replies.iter().map(|&m| pos.move_text(m)).collect::<Vec<_>>(), ["15x31"]);
//! # Ok::<(), orrery::core::draughts::NotationError>(())
//! ```
//!
//! Not yet wired into [`crate::core::Variant`]: the record, drawing, solver and engine
//! layers come next.

pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod pieces;
pub mod position;
pub mod setup;

pub use geometry::{BadCellName, CELL_COUNT, Cell, Direction, cells_of, promotion_cells};
pub use movegen::{IllegalMove, Move, Outcome};
pub use notation::NotationError;
pub use pieces::{Kind, Piece, Side};
pub use position::{Invalid, MAX_PIECES, OPENING, Position, is_threefold_repetition};
pub use setup::{Setup, SyntaxError, SyntaxProblem};

/// Perft: the positions reached by exactly `depth` legal moves (a move counted once
/// however many routes it has; a finished game has no children; the draw rules are
/// ignored), `docs/rules-draughts.md` *Checks in the tests*.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut moves = crate::core::moves::MoveList::new();
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = pos.clone();
                    child.play(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}
