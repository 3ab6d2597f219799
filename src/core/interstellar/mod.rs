//! Interstellar, the game of GB 2186198 A, as `../shared/rules/interstellar.md` decides it.
//!
//! - [`geometry`]: cells `(r, i)`, half-columns, indicia, side- and corner-steps, tables.
//! - [`pieces`]: sides, kinds and the piece names that persist through the game.
//! - [`position`]: the unchecked [`Setup`], the checked [`Position`], position strings.
//! - [`movegen`]: legal moves, Target, the endings.
//! - [`notation`]: the patent's move notation (`PQ-56`, `PQx56+`, ` out`).

pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod pieces;
pub mod position;

pub use geometry::{Cell, Indicium};
pub use movegen::{Ending, Outcome};
pub use notation::NotationError;
pub use pieces::{Kind, Name, Piece, Side};
pub use position::{Invalid, Move, OPENING, Position, PositionError, Setup, SetupPiece, SyntaxError, parse_position};

use crate::core::game::{Game, Variant};
use crate::core::moves::MoveList;

impl Game for Position {
    type Move = Move;
    type Outcome = Outcome;
    type PositionError = PositionError;
    type NotationError = NotationError;

    const VARIANT: Variant = Variant::Interstellar;

    fn opening() -> Self {
        Position::opening()
    }

    fn from_position_string(text: &str) -> Result<Self, PositionError> {
        parse_position(text)
    }

    fn position_string(&self) -> String {
        self.to_position_string()
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        Position::legal_moves(self, moves)
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_moves()
    }

    fn play(&mut self, mv: Move) {
        self.play_move(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game_outcome()
    }

    fn move_to_notation(&self, mv: Move) -> String {
        notation::write_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::read_move(self, text)
    }

    fn zobrist_hash(&self) -> u64 {
        self.hash()
    }

    fn is_first_player_to_move(&self) -> bool {
        self.side_to_move() == Side::Positive
    }

    fn cell_name(slot: u8) -> Option<String> {
        Cell::from_slot(slot).map(|c| notation::cell_digits(c, Side::Positive))
    }

    fn parse_cell_name(text: &str) -> Option<u8> {
        let b = text.as_bytes();
        if b.len() != 2 || !b.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Cell::new(b[0] - b'0', b[1] - b'0').map(Cell::slot)
    }
}
