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

    fn move_cells(mv: Move) -> (u8, u8) {
        (mv.from.index(), mv.to.index())
    }

    fn is_in_check(&self) -> bool {
        self.is_check()
    }

    fn side_to_move_word(&self) -> &'static str {
        match self.side_to_move() {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    fn explain_illegal(&self, from: u8, to: u8) -> String {
        let (Some(from), Some(to)) = (Cell::new(from), Cell::new(to)) else {
            return "That is not a cell of the board".into();
        };
        if let Some(outcome) = self.game_outcome() {
            return format!("The game is over: {outcome}");
        }
        match self.piece_at(from) {
            None => "There is no piece there".into(),
            Some(p) if p.color != self.side_to_move() => format!("It is {}'s move", self.side_to_move_word()),
            Some(p) => {
                let mut pseudo = MoveList::new();
                self.pseudo_legal_moves(&mut pseudo);
                if pseudo.iter().any(|m| m.from == from && m.to == to) {
                    "That would leave your king in check".into()
                } else if self.piece_at(to).is_some_and(|q| q.color == p.color) {
                    "You cannot move onto your own piece".into()
                } else {
                    format!("The {} on {from} cannot move to {to}", p.role.name())
                }
            }
        }
    }
}
