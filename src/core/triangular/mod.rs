//! Triangular, the chess game of HU 188326, as `docs/rules-triangular.md` describes it.
//!
//! - [`pieces`]: sides, kinds of piece and pieces.
//! - [`geometry`]: the 96 triangles, cell names, neighbourhoods, strips, altitude rays
//!   and move patterns, derived from the rules' coordinates into precomputed tables.
//! - [`setup`]: the unchecked [`Setup`] and its position string.
//! - [`position`]: the checked [`Position`], clocks, Zobrist hash and the claimable draws.
//! - [`movegen`]: [`Move`], attacks, legal moves (pins and check-evasion masks), play,
//!   [`Outcome`], [`IllegalMove`].
//! - [`notation`]: SAN-like writing and reading of moves.
//!
//! ```
//! use orrery::core::Game;
//! use orrery::core::triangular::{OPENING, Position};
//!
//! let opening = Position::from_position_string(OPENING).expect("the opening reads");
//! assert_eq!(opening, Position::opening());
//! assert_eq!(opening.count_moves(), 34);
//! ```

pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod pieces;
pub mod position;
pub mod setup;

pub use geometry::{BadCellName, CELL_COUNT, Cell, ROW_LENGTHS, Shade};
pub use movegen::{IllegalMove, Move, Outcome, attacks};
pub use notation::NotationError;
pub use pieces::{Kind, Piece, Side};
pub use position::{Invalid, OPENING, Position, PositionError, is_threefold_repetition};
pub use setup::{Setup, SyntaxError, SyntaxProblem};

use crate::core::{Game, Variant, moves::MoveList};

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
    const VARIANT: Variant = Variant::Triangular;

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
        self.to_string()
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

    fn winner(outcome: Outcome) -> Option<Side> {
        outcome.winner()
    }

    fn ending_title(outcome: Outcome) -> &'static str {
        outcome.title()
    }

    fn notation(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn notation_suffix(&self, mv: Move) -> &'static str {
        let mut after = self.clone();
        after.play(mv);
        match (after.is_check(), after.is_check() && after.count_moves() == 0) {
            (false, _) => "",
            (true, false) => "+",
            (true, true) => "#",
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        self.parse_san(text)
    }

    fn zobrist(&self) -> u64 {
        Position::zobrist(self)
    }

    fn move_number(&self) -> u32 {
        self.fullmoves()
    }

    fn move_cells(mv: Move) -> (Cell, Cell) {
        (mv.from, mv.to)
    }

    fn promotion(mv: Move) -> Option<Piece> {
        // The promoted piece is the mover's: White promotes on row 8, Black on row 1.
        let side = if mv.to.row() >= 5 { Side::White } else { Side::Black };
        mv.promotion.map(|kind| Piece { side, kind })
    }

    fn is_in_check(&self) -> bool {
        self.is_check()
    }

    fn illegal_move(&self, from: Cell, to: Cell) -> IllegalMove {
        Position::illegal_move(self, from, to)
    }

    fn no_move_from(&self, cell: Cell) -> IllegalMove {
        match Position::outcome(self) {
            Some(outcome) => IllegalMove::GameOver(outcome),
            None if self.is_check() => IllegalMove::MustAnswerCheck,
            None => match self.piece_at(cell) {
                Some(p) if p.side == self.side_to_move() => {
                    let mut pseudo = MoveList::new();
                    self.pseudo_legal_moves(&mut pseudo);
                    let shields = pseudo.iter().any(|m| m.from == cell);
                    IllegalMove::Stuck { kind: p.kind, from: cell, shields }
                }
                Some(_) => IllegalMove::NotYourMove(self.side_to_move()),
                None => IllegalMove::NoMoveFrom(self.side_to_move()),
            },
        }
    }

    const CHECK_NAME: &'static str = "check";

    fn checked_cell(&self) -> Option<Cell> {
        if !self.is_check() {
            return None;
        }
        self.pieces(self.side_to_move(), Kind::King).first().and_then(Cell::from_slot)
    }

    const HAS_DRAWS: bool = true;

    /// Fifty moves without capture or pawn move, or the third repetition
    /// (`docs/rules-triangular.md` §6 *Check, mate and draws*).
    fn can_claim_draw(&self, history: &[u64]) -> bool {
        self.can_claim_fifty_move_draw() || is_threefold_repetition(history)
    }

    /// A lone king cannot mate (`docs/app.md` *Clocks*: the flag-fall rule).
    fn cannot_win(&self, side: Side) -> bool {
        self.by_side[side.index()] == (self.by_side[side.index()] & self.by_kind[Kind::King.index()])
    }
}
