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

    fn move_cells(mv: Move) -> (u8, u8) {
        (mv.from.slot(), mv.to.slot())
    }

    fn is_in_check(&self) -> bool {
        self.is_target()
    }

    fn side_to_move_word(&self) -> &'static str {
        self.side_to_move().word()
    }

    fn explain_illegal(&self, from: u8, to: u8) -> String {
        let (Some(from), Some(to)) = (Cell::from_slot(from), Cell::from_slot(to)) else {
            return "That is not a cell of the board".into();
        };
        if let Some(outcome) = self.game_outcome()
            && matches!(outcome.ending, Ending::SuperNova | Ending::TotalAnnihilation)
        {
            return format!("The game is over: {outcome}");
        }
        match self.piece_at(from) {
            None => "There is no piece there".into(),
            Some(p) if p.side != self.side_to_move() => format!("It is {}'s move", self.side_to_move().word()),
            Some(p) => {
                if self.movement_targets(from).contains(to.slot()) {
                    "That would leave your planet in Target".into()
                } else if self.piece_at(to).is_some_and(|q| q.side == p.side) {
                    "You cannot move onto your own piece".into()
                } else if self.piece_at(to).is_some_and(|q| q.kind() == Kind::Planet) {
                    "No piece may capture a planet".into()
                } else {
                    format!("The {} {} cannot move there", p.kind().word(), p.name)
                }
            }
        }
    }
}
