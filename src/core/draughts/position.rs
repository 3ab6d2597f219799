//! The checked Triangular draughts position (`docs/rules-draughts.md` *A valid
//! position*): men and kings of each side as `u64` cell sets, the side to move, the
//! 25-move count and the move number, with its Zobrist key kept up to date.

use std::fmt;

use super::geometry::{Cell, promotion_cells};
use super::pieces::{Kind, Piece, Side};
use super::setup::Setup;
use crate::core::zobrist::keys;

/// The most pieces a side may have (no piece ever enters the board).
pub const MAX_PIECES: u32 = 18;

/// The opening position: White men on 31–48, Black men on 1–18, White to move.
pub const OPENING: &str = "W:W31-48:B1-18";

/// Zobrist keys: `[side][kind][slot]`, then the side to move.
static KEYS: [u64; 2 * 2 * 48 + 1] = keys(0xD4A6_47C3_11B5_9E27);

pub(super) fn piece_key(side: Side, kind: Kind, cell: Cell) -> u64 {
    KEYS[(side.index() * 2 + kind.index()) * 48 + cell.slot() as usize]
}

pub(super) fn side_key() -> u64 {
    KEYS[2 * 2 * 48]
}

/// A Triangular draughts position that keeps the rules of a valid position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `men[side]`: the cells of each side's men.
    pub(crate) men: [u64; 2],
    /// `kings[side]`: the cells of each side's kings.
    pub(crate) kings: [u64; 2],
    pub(crate) side_to_move: Side,
    pub(crate) halfmoves: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

/// One way a setup breaks the rules of a valid position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// Two pieces on one cell.
    #[error("cell {0} holds two pieces")]
    TwoPieces(Cell),
    /// A man on its own promotion cells: it would have been crowned.
    #[error("a {side} man stands on {1}, where it would have been crowned", side = .0.name())]
    ManOnPromotionCell(Side, Cell),
    /// More pieces than a side starts with.
    #[error("{side} has {1} pieces; a side has at most 18", side = .0.name())]
    TooManyPieces(Side, u32),
    /// The side that has just moved has no piece.
    #[error("{side} has no piece, but it has just moved", side = .0.name())]
    SideNotToMoveHasNone(Side),
    /// The 25-move count out of range.
    #[error("the count of king moves is {0}; it is at most 50")]
    HalfmovesTooLarge(u32),
    /// A move number of 0.
    #[error("the move number is 0; it starts at 1")]
    ZeroMoveNumber,
}

impl Position {
    /// The opening position.
    pub fn opening() -> Position {
        let setup = Setup::parse(OPENING).unwrap_or_else(|_| Setup::empty(Side::White));
        Position::from_setup(&setup).unwrap_or_else(|_| unreachable!("the opening is valid"))
    }

    /// Checks `setup` and builds the position.
    ///
    /// # Errors
    /// Every problem found ([`Invalid`]).
    pub fn from_setup(setup: &Setup) -> Result<Position, Vec<Invalid>> {
        let mut problems = Vec::new();
        let p = &setup.pieces;
        let sets = [p[0][0], p[0][1], p[1][0], p[1][1]];
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i + 1..] {
                for c in super::geometry::cells_of(a & b) {
                    problems.push(Invalid::TwoPieces(c));
                }
            }
        }
        for side in [Side::White, Side::Black] {
            for c in super::geometry::cells_of(p[side.index()][0] & promotion_cells(side)) {
                problems.push(Invalid::ManOnPromotionCell(side, c));
            }
            let count = setup.of_side(side).count_ones();
            if count > MAX_PIECES {
                problems.push(Invalid::TooManyPieces(side, count));
            }
        }
        let mover = setup.side_to_move;
        if setup.of_side(mover.other()) == 0 {
            problems.push(Invalid::SideNotToMoveHasNone(mover.other()));
        }
        if setup.halfmoves > 50 {
            problems.push(Invalid::HalfmovesTooLarge(setup.halfmoves));
        }
        if setup.fullmove == 0 {
            problems.push(Invalid::ZeroMoveNumber);
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut pos = Position {
            men: [p[0][0], p[1][0]],
            kings: [p[0][1], p[1][1]],
            side_to_move: mover,
            halfmoves: setup.halfmoves,
            fullmove: setup.fullmove,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The position as an unchecked setup.
    pub fn to_setup(&self) -> Setup {
        Setup {
            pieces: [[self.men[0], self.kings[0]], [self.men[1], self.kings[1]]],
            side_to_move: self.side_to_move,
            halfmoves: self.halfmoves,
            fullmove: self.fullmove,
        }
    }

    /// Reads and checks a position string.
    ///
    /// # Errors
    /// The text mistakes, or the position's problems, as sentences.
    pub fn from_position_string(text: &str) -> Result<Position, Vec<String>> {
        let setup = Setup::parse(text).map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        Position::from_setup(&setup).map_err(|e| e.iter().map(ToString::to_string).collect())
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// Plies in a row of king moves without a capture (the 25-move rule).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number of the next move.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Every cell holding a piece of `side`.
    pub fn pieces_of(&self, side: Side) -> u64 {
        self.men[side.index()] | self.kings[side.index()]
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> u64 {
        self.pieces_of(Side::White) | self.pieces_of(Side::Black)
    }

    /// The men of `side`.
    pub fn men(&self, side: Side) -> u64 {
        self.men[side.index()]
    }

    /// The kings of `side`.
    pub fn kings(&self, side: Side) -> u64 {
        self.kings[side.index()]
    }

    /// The piece on `cell`.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        for side in [Side::White, Side::Black] {
            if self.men[side.index()] & cell.bit() != 0 {
                return Some(Piece { side, kind: Kind::Man });
            }
            if self.kings[side.index()] & cell.bit() != 0 {
                return Some(Piece { side, kind: Kind::King });
            }
        }
        None
    }

    /// The Zobrist key: pieces and side to move (not the clocks).
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.side_to_move == Side::Black { side_key() } else { 0 };
        for side in [Side::White, Side::Black] {
            for c in super::geometry::cells_of(self.men[side.index()]) {
                h ^= piece_key(side, Kind::Man, c);
            }
            for c in super::geometry::cells_of(self.kings[side.index()]) {
                h ^= piece_key(side, Kind::King, c);
            }
        }
        h
    }

    #[cfg(test)]
    pub(crate) fn hash_is_consistent(&self) -> bool {
        self.hash == self.compute_hash()
    }
}

impl fmt::Display for Position {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_setup().position_string())
    }
}

/// Whether the last key of `history` (the positions of a game in order, this one last)
/// occurs for the third time: a draw at once (`docs/rules-draughts.md` *End of the
/// game*).
pub fn is_threefold_repetition(history: &[u64]) -> bool {
    history.last().is_some_and(|last| history.iter().filter(|k| *k == last).count() >= 3)
}
