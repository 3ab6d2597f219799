//! Triangular, the chess game of HU 188326, as `../shared/rules/triangular.md` decides it.
//!
//! - [`geometry`]: the 96 triangles, cell names, neighbourhoods, strips, altitude rays
//!   and move patterns, derived from the rules' coordinates into precomputed tables.
//! - [`position`]: colours, pieces, the unchecked [`Setup`] of a position string and the
//!   checked [`Position`], clocks, Zobrist hash and the claimable draws.
//! - [`movegen`]: [`Move`], attacks, legal moves (pins and check-evasion masks), play,
//!   [`Outcome`].
//! - [`notation`]: SAN-like writing and reading of moves.

pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod position;

pub use geometry::{BadCellName, CELL_COUNT, Cell, ROW_LENGTHS, Shade};
pub use movegen::{Move, Outcome, attacks};
pub use notation::NotationError;
pub use position::{
    Color, Invalidity, Piece, Position, PositionError, Role, Setup, SyntaxError, SyntaxProblem, is_threefold_repetition,
};

use crate::core::{Game, Variant, moves::MoveList};

/// The opening position string (rules file, *Notation and position string*).
pub const OPENING: &str = "1rnqbknr1/1p1ppbpp1p1/13/15/15/13/1P1PPBPP1P1/1RNQBKNR1 w 0 1";

impl Game for Position {
    type Move = Move;
    type Outcome = Outcome;
    type PositionError = PositionError;
    type NotationError = NotationError;
    const VARIANT: Variant = Variant::Triangular;

    fn opening() -> Self {
        Position::opening_position()
    }

    fn from_position_string(text: &str) -> Result<Self, PositionError> {
        Position::from_text(text)
    }

    fn position_string(&self) -> String {
        self.to_string()
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        self.generate_legal_moves(moves);
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_moves()
    }

    fn play(&mut self, mv: Move) {
        self.play_move(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game_outcome()
    }

    fn move_to_notation(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        self.parse_san(text)
    }

    fn zobrist_hash(&self) -> u64 {
        self.zobrist()
    }

    fn is_first_player_to_move(&self) -> bool {
        self.side_to_move() == Color::White
    }

    fn move_number(&self) -> u32 {
        self.fullmoves()
    }

    fn cell_name(slot: u8) -> Option<String> {
        Cell::new(slot).map(|c| c.to_string())
    }

    fn parse_cell_name(text: &str) -> Option<u8> {
        text.parse::<Cell>().ok().map(Cell::index)
    }
}
