//! Interstellar, the game of GB 2186198 A, as `docs/rules-interstellar.md` describes it.
//!
//! - [`pieces`]: sides, kinds, pieces and the piece names that persist through the game.
//! - [`geometry`]: cells `(r, i)`, half-columns, indicia, side- and corner-steps, tables.
//! - [`setup`]: the unchecked [`Setup`] and its position string.
//! - [`position`]: the checked [`Position`] and what keeps a setup from being one.
//! - [`movegen`]: [`Move`], legal moves, Target, the endings, [`IllegalMove`].
//! - [`notation`]: the patent's move notation (`PQ-56`, `PQx56+`, ` out`).
//!
//! ```
//! use orrery::core::Game;
//! use orrery::core::interstellar::{OPENING, Position};
//!
//! let opening = Position::from_position_string(OPENING).expect("the opening reads");
//! assert_eq!(opening, Position::opening());
//! assert_eq!(opening.count_moves(), 28);
//! ```

pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod pieces;
pub mod position;
pub mod setup;

pub use geometry::{BadCellName, Cell, Indicium};
pub use movegen::{Ending, IllegalMove, Move, Outcome};
pub use notation::NotationError;
pub use pieces::{Kind, Name, NamedPiece, Piece, Side};
pub use position::{Invalid, OPENING, Position, PositionError};
pub use setup::{Setup, SetupPiece, SyntaxError};

use crate::core::game::{Game, Variant};
use crate::core::moves::MoveList;

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

    const VARIANT: Variant = Variant::Interstellar;

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
        Position::position_string(self)
    }

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        Position::legal_moves(self, moves)
    }

    fn count_moves(&self) -> u64 {
        Position::count_moves(self)
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn winner(outcome: Outcome) -> Option<Side> {
        Some(outcome.winner)
    }

    fn ending_title(outcome: Outcome) -> &'static str {
        match outcome.ending {
            Ending::Blocked => "blockade (no legal move)",
            ending => ending.title(),
        }
    }

    fn notation(&self, mv: Move) -> String {
        notation::write_move(self, mv)
    }

    fn notation_suffix(&self, mv: Move) -> &'static str {
        notation::move_suffix(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::read_move(self, text)
    }

    fn zobrist(&self) -> u64 {
        Position::zobrist(self)
    }

    fn board_key(&self) -> u64 {
        Position::board_key(self)
    }

    fn move_cells(mv: Move) -> (Cell, Cell) {
        (mv.from, mv.to)
    }

    fn is_in_check(&self) -> bool {
        self.is_target()
    }

    fn illegal_move(&self, from: Cell, to: Cell) -> IllegalMove {
        Position::illegal_move(self, from, to)
    }

    fn no_move_from(&self, cell: Cell) -> IllegalMove {
        match Position::outcome(self) {
            Some(outcome) => IllegalMove::GameOver(outcome),
            None if self.is_target() => IllegalMove::MustAnswerTarget,
            None => match self.piece_at(cell) {
                Some(p) if p.side == self.side_to_move() => IllegalMove::Stuck {
                    kind: p.kind(),
                    name: p.name,
                    from: cell,
                    shields: !self.movement_targets(cell).is_empty(),
                },
                Some(_) => IllegalMove::NotYourMove(self.side_to_move()),
                None => IllegalMove::NoMoveFrom(self.side_to_move()),
            },
        }
    }

    const CHECK_NAME: &'static str = "planet in Target";

    fn checked_cell(&self) -> Option<Cell> {
        self.is_target().then(|| self.planet(self.side_to_move()))
    }
}
