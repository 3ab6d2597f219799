//! Sides, piece kinds and pieces of Triangular (`docs/rules-triangular.md`, *Pieces
//! and moves*).

use std::fmt;

/// A side (`docs/rules-triangular.md` §1 *The board*: Light = White at the bottom, Dark =
/// Black at the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Moves first, starts at the bottom (rows 1–2), pawns move up.
    White,
    /// Starts at the top (rows 7–8), pawns move down.
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

impl fmt::Display for Side {
    /// `w` or `b`, as in the position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "w",
            Side::Black => "b",
        })
    }
}

/// A kind of piece (`docs/rules-triangular.md` §4 *How the pieces move*). A bishop's kind
/// (light or dark) is the colour of the cell it stands on, which it never leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `K`.
    King,
    /// `Q`.
    Queen,
    /// `R`.
    Rook,
    /// `B`.
    Bishop,
    /// `N`.
    Knight,
    /// `P` in position strings; no letter in move notation.
    Pawn,
}

impl Kind {
    /// All kinds, in table order.
    pub const ALL: [Kind; 6] = [Kind::King, Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight, Kind::Pawn];

    /// The promotion choices, in move-generation order (`docs/rules-triangular.md` §4
    /// *How the pieces move*, *Promotion*).
    pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

    /// The upper-case letter `K Q R B N P`.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    /// The kind of an upper-case letter `K Q R B N P`.
    pub const fn from_letter(c: char) -> Option<Kind> {
        Some(match c {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }

    /// Table index `0..6`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How the kind moves, in one clause for messages (`docs/rules-triangular.md` §4
    /// *How the pieces move*).
    pub const fn movement(self) -> &'static str {
        match self {
            Kind::King => "a king goes to one of the cells touching its own, at a side or a corner",
            Kind::Queen => "a queen runs along a strip or an altitude ray, or takes a corner step",
            Kind::Rook => "a rook runs along one of its three strips until a piece stops it",
            Kind::Bishop => "a bishop runs along an altitude ray to a cell of its own colour, or takes a corner step",
            Kind::Knight => "a knight jumps to a cell beside the second cell of an altitude ray, of the other colour",
            Kind::Pawn => "a pawn goes only forward, to one of the two or three cells ahead that its triangle allows",
        }
    }

    /// The English name, lower case: `king`, `queen`, `rook`, `bishop`, `knight`, `pawn`.
    pub const fn word(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
        }
    }
}

/// A piece: side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub side: Side,
    /// What piece.
    pub kind: Kind,
}

impl Piece {
    /// The position-string letter: upper case White, lower case Black.
    pub const fn char(self) -> char {
        let c = self.kind.letter();
        match self.side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a position-string letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
        match Kind::from_letter(c.to_ascii_uppercase()) {
            Some(kind) => Some(Piece { side, kind }),
            None => None,
        }
    }
}
