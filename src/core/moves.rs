//! Fixed-capacity move lists: move generation never allocates on the heap.

/// The most moves a list can hold. Far above the most legal moves either game can
/// have in a valid position (Interstellar stays under 200; Triangular under 400 even
/// with many promoted queens).
pub const MAX_MOVES: usize = 512;

/// A list of moves on the stack, filled by [`crate::core::Game::legal_moves`].
pub type MoveList<M> = arrayvec::ArrayVec<M, MAX_MOVES>;
