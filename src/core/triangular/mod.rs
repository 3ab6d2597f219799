//! Triangular, the chess game of HU 188326, as `../shared/rules/triangular.md` decides it.
//!
//! (Scaffold stub: replaced by the real rules core.)

use crate::core::{Game, Variant, moves::MoveList};

/// A position (stub).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position;

impl Position {
    /// Side to move.
    pub fn side_to_move(&self) -> &'static str {
        unimplemented!()
    }
    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        unimplemented!()
    }
}

/// Stub error.
#[derive(Debug, thiserror::Error)]
#[error("not implemented")]
pub struct StubError;

impl Game for Position {
    type Move = (u8, u8);
    type Outcome = Variant;
    type PositionError = StubError;
    type NotationError = StubError;
    const VARIANT: Variant = Variant::Triangular;
    fn opening() -> Self {
        unimplemented!()
    }
    fn from_position_string(_: &str) -> Result<Self, StubError> {
        Err(StubError)
    }
    fn position_string(&self) -> String {
        unimplemented!()
    }
    fn legal_moves(&self, _: &mut MoveList<Self::Move>) {
        unimplemented!()
    }
    fn play(&mut self, _: Self::Move) {
        unimplemented!()
    }
    fn outcome(&self) -> Option<Self::Outcome> {
        unimplemented!()
    }
    fn move_to_notation(&self, _: Self::Move) -> String {
        unimplemented!()
    }
    fn parse_move(&self, _: &str) -> Result<Self::Move, StubError> {
        Err(StubError)
    }
    fn zobrist_hash(&self) -> u64 {
        unimplemented!()
    }
    fn is_first_player_to_move(&self) -> bool {
        unimplemented!()
    }
    fn cell_name(_: u8) -> Option<String> {
        unimplemented!()
    }
    fn parse_cell_name(_: &str) -> Option<u8> {
        unimplemented!()
    }
}
