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

use crate::core::{Game, Landing, Variant, moves::MoveList};

impl Game for Position {
    type Cell = Cell;
    type Side = Side;
    type Piece = Piece;
    type Setup = Setup;
    type Move = Move;
    type Outcome = Outcome;
    type Invalid = Invalid;
    type NotationError = NotationError;
    type IllegalMove = IllegalMove;
    const VARIANT: Variant = Variant::Draughts;

    fn opening() -> Self {
        Position::opening()
    }

    fn from_setup(setup: &Setup) -> Result<Self, Vec<Invalid>> {
        Position::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        Position::to_setup(self)
    }

    fn position_string(&self) -> String {
        self.to_setup().position_string()
    }

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        Position::legal_moves(self, moves);
    }

    fn count_moves(&self) -> u64 {
        Position::count_moves(self)
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    /// A third repetition draws at once, unless the side to move has no legal move
    /// (`docs/rules-draughts.md` *End of the game*).
    fn outcome_in(&self, history: &[u64]) -> Option<Outcome> {
        Position::outcome(self).or_else(|| is_threefold_repetition(history).then_some(Outcome::Repetition))
    }

    const ENDS_BY_HISTORY: bool = true;

    fn winner(outcome: Outcome) -> Option<Side> {
        outcome.winner()
    }

    fn ending_title(outcome: Outcome) -> &'static str {
        outcome.title()
    }

    /// "White wins: Black has no legal move", "Draw by the 25-move rule".
    fn outcome_sentence(outcome: Outcome) -> String {
        match outcome {
            Outcome::NoMoves { winner } => {
                format!("{} wins: {} has no legal move", winner.name(), winner.other().name())
            }
            _ => format!("Draw by {}", outcome.title()),
        }
    }

    /// The full form, the smallest route written (`docs/rules-draughts.md` *Notation*).
    fn notation(&self, mv: Move) -> String {
        self.move_text(mv)
    }

    fn notation_suffix(&self, _mv: Move) -> &'static str {
        // Draughts moves are written without a suffix.
        ""
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        self.parse_move_text(text)
    }

    fn zobrist(&self) -> u64 {
        Position::zobrist(self)
    }

    fn move_number(&self) -> u32 {
        self.fullmove()
    }

    fn move_cells(mv: Move) -> (Cell, Cell) {
        (mv.from, mv.to)
    }

    /// Each landing with the piece jumped between it and the one before
    /// (`docs/rules-draughts.md` *Captures*).
    fn move_routes(&self, mv: Move) -> Vec<Vec<Landing<Cell>>> {
        let routes = self.routes(mv);
        if routes.is_empty() {
            return vec![vec![Landing { cell: mv.to, jumped: None }]];
        }
        routes
            .into_iter()
            .map(|route| {
                let mut at = mv.from;
                route
                    .into_iter()
                    .map(|cell| {
                        let jumped = cells_of(geometry::between(at, cell) & mv.captured).next();
                        at = cell;
                        Landing { cell, jumped }
                    })
                    .collect()
            })
            .collect()
    }

    /// Draughts has no check.
    fn is_in_check(&self) -> bool {
        false
    }

    fn illegal_move(&self, from: Cell, to: Cell) -> IllegalMove {
        Position::illegal_move(self, from, to)
    }

    fn no_move_from(&self, cell: Cell) -> IllegalMove {
        match Position::outcome(self) {
            Some(outcome) => IllegalMove::GameOver(outcome),
            None if self.occupied() & cell.bit() == 0 => IllegalMove::NoPiece,
            None if self.pieces_of(self.side_to_move()) & cell.bit() == 0 => {
                IllegalMove::NotYourPiece(self.side_to_move())
            }
            None => {
                let mut moves = MoveList::new();
                Position::legal_moves(self, &mut moves);
                match moves.first() {
                    Some(capture) if capture.is_capture() => IllegalMove::MustCapture(capture.capture_count()),
                    _ => IllegalMove::CannotReach,
                }
            }
        }
    }

    const CHECK_NAME: &'static str = "check";

    fn checked_cell(&self) -> Option<Cell> {
        None
    }

    /// Draws come by the rules at once (the 25-move rule, a third repetition) and by
    /// agreement (`docs/rules-draughts.md` *End of the game*); nothing is claimed.
    const HAS_DRAWS: bool = true;

    /// A side with no piece left cannot win.
    fn cannot_win(&self, side: Side) -> bool {
        self.pieces_of(side) == 0
    }
}

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
