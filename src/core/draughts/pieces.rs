//! Sides, kinds and pieces of Triangular draughts (`docs/rules-draughts.md`
//! *Pieces and moves*): White and Black, each with men and kings.

use std::fmt;

/// A player. White sits at the left vertex of the board and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Moves first; men start on 31–48.
    White,
    /// Men start on 1–18.
    Black,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `0` for White, `1` for Black (table index).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `White` or `Black`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// The letter of position strings: `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
        }
    }
}

impl fmt::Display for Side {
    /// `W` or `B`, as position strings write the side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A piece's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Steps one cell forward; jumps in all six directions.
    Man,
    /// A crowned man: flies along the six lines.
    King,
}

impl Kind {
    /// `0` for a man, `1` for a king (table index).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `man` or `king`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Man => "man",
            Kind::King => "king",
        }
    }
}

/// A piece: its side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose it is.
    pub side: Side,
    /// Man or king.
    pub kind: Kind,
}

impl crate::core::game::GameSide for Side {
    const BOTH: [Side; 2] = [Side::White, Side::Black];
    fn other(self) -> Side {
        Side::other(self)
    }
    fn index(self) -> usize {
        Side::index(self)
    }
    fn name(self) -> &'static str {
        Side::name(self)
    }
}
