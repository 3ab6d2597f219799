//! Pieces, the unchecked [`Setup`] read from a position string, and the checked
//! [`Position`] (`docs/rules-triangular.md` §8 *Position strings* and §9 *What counts as
//! a valid position*).

use std::fmt;

use crate::core::bitboard::Bitboard;
use crate::core::zobrist;

use super::geometry::{CELL_COUNT, Cell, tables};
use super::pieces::{Kind, Piece, Side};
use super::setup::{Setup, SyntaxError};

/// One reason a setup is not a valid position (`docs/rules-triangular.md` §9 *What counts
/// as a valid position*).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// A side does not have exactly one king.
    KingCount {
        /// Whose kings.
        side: Side,
        /// How many.
        count: u32,
    },
    /// The two kings stand on touching cells.
    KingsTouching(Cell, Cell),
    /// A pawn stands on one of its own promotion cells.
    PawnOnPromotionCell(Side, Cell),
    /// A White pawn on row 1 or a Black pawn on row 8.
    PawnOnFirstRow(Side, Cell),
    /// The side not to move is in check.
    OppositeCheck(Side),
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: &Side| match c {
            Side::White => "White",
            Side::Black => "Black",
        };
        match self {
            Invalid::KingCount { side, count } => {
                write!(f, "{} has {count} kings; exactly one is needed", name(side))
            }
            Invalid::KingsTouching(a, b) => write!(f, "the kings on {a} and {b} touch"),
            Invalid::PawnOnPromotionCell(c, cell) => {
                write!(f, "{} pawn on its promotion cell {cell}", name(c))
            }
            Invalid::PawnOnFirstRow(c, cell) => {
                write!(f, "{} pawn on its own first row at {cell}", name(c))
            }
            Invalid::OppositeCheck(c) => {
                write!(f, "{} is in check but it is not its move", name(c))
            }
        }
    }
}

/// The opening position string (`docs/rules-triangular.md` §5 *The opening position* and
/// §8 *Position strings*).
pub const OPENING: &str = "1rnqbknr1/1p1ppbpp1p1/13/15/15/13/1P1PPBPP1P1/1RNQBKNR1 w 0 1";

/// Why a Triangular position string was rejected (`docs/rules-triangular.md` §8 *Position
/// strings* and §9 *What counts as a valid position*): every syntax problem found, or
/// (when the syntax is fine) every validity problem.
pub type PositionError = crate::core::game::PositionError<SyntaxError, Invalid>;

impl std::error::Error for Invalid {}

/// Zobrist keys: `side * 576 + kind * 96 + cell`, then the Black-to-move key.
static KEYS: [u64; 2 * 6 * CELL_COUNT + 1] = zobrist::keys(0x5452_4941_4E47_4C45);

#[inline(always)]
pub(crate) fn piece_key(side: Side, kind: Kind, cell: u8) -> u64 {
    KEYS[side.index() * 6 * CELL_COUNT + kind.index() * CELL_COUNT + cell as usize]
}

const BLACK_KEY_INDEX: usize = 2 * 6 * CELL_COUNT;

/// A valid Triangular position (`docs/rules-triangular.md` §9 *What counts as a valid
/// position*): the board as bitboards, side to move, half-move clock and move number, and
/// its Zobrist hash. Build one with [`Position::opening`](crate::core::Game::opening),
/// [`Position::from_setup`] or from a position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_side: [Bitboard; 2],
    pub(crate) by_kind: [Bitboard; 6],
    pub(crate) side_to_move: Side,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

impl Position {
    /// The opening position (`docs/rules-triangular.md` §5 *The opening position*): White
    /// R Q K R on a1d b1d c1d d1d, knights b1l d1l, bishops c1l c2d, pawns a2d b2d c2l
    /// d2l d2d e2d; Black the mirror image; White to move, clocks `0 1`.
    pub fn opening() -> Position {
        let mut setup = Setup::empty(Side::White);
        let white: [(&str, Kind); 14] = [
            ("a1d", Kind::Rook),
            ("b1d", Kind::Queen),
            ("c1d", Kind::King),
            ("d1d", Kind::Rook),
            ("b1l", Kind::Knight),
            ("d1l", Kind::Knight),
            ("c1l", Kind::Bishop),
            ("c2d", Kind::Bishop),
            ("a2d", Kind::Pawn),
            ("b2d", Kind::Pawn),
            ("c2l", Kind::Pawn),
            ("d2l", Kind::Pawn),
            ("d2d", Kind::Pawn),
            ("e2d", Kind::Pawn),
        ];
        for (name, kind) in white {
            let cell: Cell = name.parse().expect("opening cells exist");
            setup.board[cell.slot() as usize] = Some(Piece { side: Side::White, kind });
            setup.board[cell.mirror().slot() as usize] = Some(Piece { side: Side::Black, kind });
        }
        Position::from_setup(&setup).expect("the opening position is valid")
    }

    /// Checks a setup against *A valid position*.
    ///
    /// # Errors
    /// Every problem found: king count per side,
    /// touching kings, pawns on their promotion cells or own first row, the side not
    /// to move in check (only judged when each side has one king).
    pub fn from_setup(setup: &Setup) -> Result<Position, Vec<Invalid>> {
        let t = tables();
        let mut pos = Position {
            by_side: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 6],
            side_to_move: setup.side_to_move,
            halfmove_clock: setup.halfmove_clock,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        for cell in Cell::all() {
            if let Some(p) = setup.board[cell.slot() as usize] {
                pos.by_side[p.side.index()] |= cell.bit();
                pos.by_kind[p.kind.index()] |= cell.bit();
            }
        }
        pos.hash = pos.compute_hash();
        let mut problems = Vec::new();
        for side in [Side::White, Side::Black] {
            let kings = pos.pieces(side, Kind::King);
            if kings.count() != 1 {
                problems.push(Invalid::KingCount { side, count: kings.count() });
            }
        }
        let (wk, bk) = (pos.pieces(Side::White, Kind::King), pos.pieces(Side::Black, Kind::King));
        for a in wk {
            for b in bk {
                if t.touch[a as usize].contains(b) {
                    problems.push(Invalid::KingsTouching(cell(a), cell(b)));
                }
            }
        }
        for side in [Side::White, Side::Black] {
            let pawns = pos.pieces(side, Kind::Pawn);
            for c in pawns & t.promotion[side.index()] {
                problems.push(Invalid::PawnOnPromotionCell(side, cell(c)));
            }
            for c in pawns & t.first_row[side.index()] {
                problems.push(Invalid::PawnOnFirstRow(side, cell(c)));
            }
        }
        if wk.count() == 1 && bk.count() == 1 {
            let other = pos.side_to_move.other();
            if pos.king_in_check(other) {
                problems.push(Invalid::OppositeCheck(other));
            }
        }
        if problems.is_empty() { Ok(pos) } else { Err(problems) }
    }

    /// The unchecked setup of this position (board, side, clocks).
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(Side::White);
        for c in Cell::all() {
            setup.board[c.slot() as usize] = self.piece_at(c);
        }
        setup.side_to_move = self.side_to_move;
        setup.halfmove_clock = self.halfmove_clock;
        setup.fullmoves = self.fullmoves;
        setup
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (1 at the start, +1 after each Black move).
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The piece on `cell`, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let i = cell.slot();
        let side = if self.by_side[0].contains(i) {
            Side::White
        } else if self.by_side[1].contains(i) {
            Side::Black
        } else {
            return None;
        };
        let kind = self.kind_at(i)?;
        Some(Piece { side, kind })
    }

    #[inline(always)]
    pub(crate) fn kind_at(&self, i: u8) -> Option<Kind> {
        Kind::ALL.into_iter().find(|r| self.by_kind[r.index()].contains(i))
    }

    /// The cells holding `side`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.by_side[side.index()] & self.by_kind[kind.index()]
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// `side`'s pieces.
    #[inline(always)]
    pub fn by_side(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for side in [Side::White, Side::Black] {
            for kind in Kind::ALL {
                for c in self.pieces(side, kind) {
                    h ^= piece_key(side, kind, c);
                }
            }
        }
        if self.side_to_move == Side::Black {
            h ^= KEYS[BLACK_KEY_INDEX];
        }
        h
    }

    #[inline(always)]
    pub(crate) fn toggle(&mut self, side: Side, kind: Kind, cell: u8) {
        let b = Bitboard::from_index(cell);
        self.by_side[side.index()] ^= b;
        self.by_kind[kind.index()] ^= b;
        self.hash ^= piece_key(side, kind, cell);
    }

    #[inline(always)]
    pub(crate) fn flip_turn(&mut self) {
        if self.side_to_move == Side::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.side_to_move = self.side_to_move.other();
        self.hash ^= KEYS[BLACK_KEY_INDEX];
    }

    /// Whether the fifty-move draw may be claimed: 50 moves by each side (100 half-moves)
    /// with no capture and no pawn move (`docs/rules-triangular.md` §6 *Check, mate and
    /// draws*).
    pub fn can_claim_fifty_move_draw(&self) -> bool {
        self.halfmove_clock >= 100
    }

    /// The Zobrist hash: pieces (colour, kind, cell) and side to move; the clocks are
    /// not included, so equal hashes mean a repeated position (for
    /// [`is_threefold_repetition`]).
    pub fn zobrist(&self) -> u64 {
        self.hash
    }
}

#[inline(always)]
pub(crate) fn cell(i: u8) -> Cell {
    Cell::from_slot(i).unwrap_or_else(|| unreachable!("bit indices are cells"))
}

impl fmt::Display for Position {
    /// Writes the position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_setup().position_string())
    }
}

/// `true` when the current position — the last of `history`, the Zobrist hashes of every
/// position of the game in order (see [`Position::zobrist`]) — has occurred at least
/// three times, so a draw may be claimed (`docs/rules-triangular.md` §6 *Check, mate and
/// draws*). An empty history gives `false`.
pub fn is_threefold_repetition(history: &[u64]) -> bool {
    match history.last() {
        Some(current) => history.iter().filter(|&&h| h == *current).count() >= 3,
        None => false,
    }
}
