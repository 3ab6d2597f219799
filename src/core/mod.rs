//! The rules core: pure Rust, no user interface and no I/O.
//!
//! Shared mechanisms live here — [`bitboard`] (`u128` cell sets), [`moves`] (fixed-capacity
//! move lists), [`zobrist`] (hash keys), [`game`] (the [`game::Game`] trait every
//! variant implements, and the [`game::Variant`] enum), [`perft`] — and each game has
//! its own folder: [`interstellar`], [`triangular`] and [`draughts`] (Triangular draughts).

pub mod bitboard;
pub mod draughts;
pub(crate) mod exchange;
pub mod game;
pub mod interstellar;
pub mod moves;
pub mod perft;
pub mod triangular;
pub mod zobrist;

pub use crate::with_variant;
pub use game::{BoardCell, BoardSetup, Game, GameSide, Landing, PositionError, PositionErrorOf, Variant, shown};
