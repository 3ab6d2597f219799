//! Interstellar, the game of GB 2186198 A, as `../shared/rules/interstellar.md` decides it.
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
    /// Enemy pieces that could move onto the planet of the side to move.
    pub fn target_count(&self) -> u32 {
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
    const VARIANT: Variant = Variant::Interstellar;
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
}
