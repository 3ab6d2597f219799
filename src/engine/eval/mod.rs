//! Static evaluation, one file per game, each with its named weights:
//! [`interstellar`], [`triangular`] and [`draughts`]. Scores are centipawns (hundredths of a star or
//! a pawn) from the side to move's point of view; nothing allocates.

pub mod draughts;
pub mod interstellar;
pub mod triangular;
