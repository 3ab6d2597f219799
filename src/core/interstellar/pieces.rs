//! Sides, piece kinds and the piece names that persist through an Interstellar game.
//!
//! Source: `docs/rules-interstellar.md` §4 *The pieces and the opening position* (and its
//! *Piece names*).

use std::fmt;

/// A player: positive (sits at row 1, moves first) or negative (sits at row 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The positive player, at the bottom (row 1); moves first.
    Positive = 0,
    /// The negative player, at the top (row 9).
    Negative = 1,
}

impl Side {
    /// Both sides, positive first.
    pub const BOTH: [Side; 2] = [Side::Positive, Side::Negative];

    /// The other side.
    #[inline(always)]
    pub const fn other(self) -> Side {
        match self {
            Side::Positive => Side::Negative,
            Side::Negative => Side::Positive,
        }
    }

    /// 0 for positive, 1 for negative (for indexing tables).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `positive` or `negative`, as in results.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Positive => "positive",
            Side::Negative => "negative",
        }
    }

    /// The side's own first row: 1 for positive, 9 for negative.
    pub const fn first_row(self) -> u8 {
        match self {
            Side::Positive => 1,
            Side::Negative => 9,
        }
    }

    /// The side's own second row, where stars start: 2 for positive, 8 for negative.
    pub const fn second_row(self) -> u8 {
        match self {
            Side::Positive => 2,
            Side::Negative => 8,
        }
    }
}

impl crate::core::game::GameSide for Side {
    const BOTH: [Side; 2] = Side::BOTH;
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
    /// `+` or `-`, as in position strings and the `status` command.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Positive => "+",
            Side::Negative => "-",
        })
    }
}

/// The six kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// One side-step in any direction; cannot be captured; its Target decides the game.
    Planet = 0,
    /// Slides along the six side-step directions.
    Quasar = 1,
    /// Moves by paths of 2, 4 or 6 side-steps over empty non-neutral cells.
    Pulsar = 2,
    /// Slides along the four diagonal directions.
    Nebula = 3,
    /// One corner-step between neutral cells, jumping.
    BlackHole = 4,
    /// Steps forward; two steps from its second row; reaching the far row is Super Nova.
    Star = 5,
}

impl Kind {
    /// All kinds, in the order of [`Kind`]'s discriminants.
    pub const ALL: [Kind; 6] = [Kind::Planet, Kind::Quasar, Kind::Pulsar, Kind::Nebula, Kind::BlackHole, Kind::Star];

    /// Position-string letter, upper case: `P Q U N B S`.
    pub const fn letter(self) -> char {
        match self {
            Kind::Planet => 'P',
            Kind::Quasar => 'Q',
            Kind::Pulsar => 'U',
            Kind::Nebula => 'N',
            Kind::BlackHole => 'B',
            Kind::Star => 'S',
        }
    }

    /// The kind for a position-string letter of either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// How many of this kind an army has at the opening: the most a position may hold.
    pub const fn opening_count(self) -> u8 {
        match self {
            Kind::Planet => 1,
            Kind::Star => 6,
            _ => 2,
        }
    }

    /// The English name, lower case (`black hole`).
    pub const fn word(self) -> &'static str {
        match self {
            Kind::Planet => "planet",
            Kind::Quasar => "quasar",
            Kind::Pulsar => "pulsar",
            Kind::Nebula => "nebula",
            Kind::BlackHole => "black hole",
            Kind::Star => "star",
        }
    }

    /// How the kind moves, in one clause for messages (`docs/rules-interstellar.md`
    /// §5 *How the pieces move*).
    pub const fn movement(self) -> &'static str {
        match self {
            Kind::Planet => "a planet takes one side-step, in any of the six directions",
            Kind::Quasar => "a quasar runs along its row or a diagonal line, and cannot jump",
            Kind::Nebula => "a nebula slides along the diagonal lines only, and cannot jump",
            Kind::Pulsar => "a pulsar winds two, four or six side-steps over empty cells that are not neutral",
            Kind::BlackHole => "a black hole moves one corner-step, from neutral cell to neutral cell",
            Kind::Star => "a star steps forward (two steps from its starting row), onto a neutral cell only to capture",
        }
    }

    /// The plural English name (`black holes`).
    pub const fn plural(self) -> &'static str {
        match self {
            Kind::Planet => "planets",
            Kind::Quasar => "quasars",
            Kind::Pulsar => "pulsars",
            Kind::Nebula => "nebulas",
            Kind::BlackHole => "black holes",
            Kind::Star => "stars",
        }
    }
}

/// A piece's name, kept for the whole game: one of the 15 names of an army (each side
/// has its own set). The number is the position in [`Name::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(u8);

const NAME_TEXT: [&str; 15] =
    ["P", "PQ", "NQ", "PPu", "NPu", "PN", "NN", "PB", "NB", "PNS", "PPuS", "PQS", "NQS", "NPuS", "NNS"];
const NAME_KIND: [Kind; 15] = [
    Kind::Planet,
    Kind::Quasar,
    Kind::Quasar,
    Kind::Pulsar,
    Kind::Pulsar,
    Kind::Nebula,
    Kind::Nebula,
    Kind::BlackHole,
    Kind::BlackHole,
    Kind::Star,
    Kind::Star,
    Kind::Star,
    Kind::Star,
    Kind::Star,
    Kind::Star,
];

impl Name {
    /// The planet's name, `P`.
    pub const PLANET: Name = Name(0);

    /// All 15 names, grouped by kind, each kind's names in opening order from the
    /// board's positive (left) side: `P`, `PQ NQ`, `PPu NPu`, `PN NN`, `PB NB`,
    /// `PNS PPuS PQS NQS NPuS NNS`.
    pub const ALL: [Name; 15] = {
        let mut out = [Name(0); 15];
        let mut i = 0;
        while i < 15 {
            out[i] = Name(i as u8);
            i += 1;
        }
        out
    };

    /// The number `0..15` of the name in [`Name::ALL`].
    #[inline(always)]
    pub const fn id(self) -> usize {
        self.0 as usize
    }

    /// The name with number `id` (`< 15`).
    pub const fn from_id(id: usize) -> Name {
        Name(id as u8)
    }

    /// The kind of piece that carries this name.
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        NAME_KIND[self.0 as usize]
    }

    /// The name as written: `P`, `PQ`, `NPuS`, ...
    pub const fn as_str(self) -> &'static str {
        NAME_TEXT[self.0 as usize]
    }

    /// Reads a name, in any letter case (`pq`, `NPUS`).
    pub fn parse(text: &str) -> Option<Name> {
        NAME_TEXT.iter().position(|n| n.eq_ignore_ascii_case(text)).map(|i| Name(i as u8))
    }

    /// The names of one kind, in opening order from the positive side.
    pub fn of_kind(kind: Kind) -> impl Iterator<Item = Name> {
        Name::ALL.into_iter().filter(move |n| n.kind() == kind)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A piece as the board editor places it: a side and a kind, no name yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// Its position-string letter: upper case positive, lower case negative.
    pub fn letter(self) -> char {
        let c = self.kind.letter();
        match self.side {
            Side::Positive => c,
            Side::Negative => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a position-string letter (`P Q U N B S`, lower case for negative).
    pub fn from_letter(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() { Side::Positive } else { Side::Negative };
        Kind::from_letter(c.to_ascii_uppercase()).map(|kind| Piece { side, kind })
    }
}

/// A piece on the board: its side and its name (which fixes its kind). Names persist
/// through the game (`docs/rules-interstellar.md` §4 *Piece names*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NamedPiece {
    /// Whose piece.
    pub side: Side,
    /// Its name, kept for the whole game.
    pub name: Name,
}

impl NamedPiece {
    /// The piece without its name.
    #[inline(always)]
    pub const fn piece(self) -> Piece {
        Piece { side: self.side, kind: self.name.kind() }
    }

    /// The piece's kind.
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        self.name.kind()
    }

    /// Its position-string letter: upper case positive, lower case negative.
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.side {
            Side::Positive => c,
            Side::Negative => c.to_ascii_lowercase(),
        }
    }

    /// Packs into a board byte (never 0, which means empty).
    #[inline(always)]
    pub(crate) const fn code(self) -> u8 {
        1 + self.side as u8 * 15 + self.name.0
    }

    /// Unpacks a non-zero board byte.
    #[inline(always)]
    pub(crate) const fn from_code(code: u8) -> NamedPiece {
        let c = code - 1;
        NamedPiece { side: if c < 15 { Side::Positive } else { Side::Negative }, name: Name(c % 15) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_case_insensitively_and_parse_back() {
        for n in Name::ALL {
            assert_eq!(Name::parse(n.as_str()), Some(n));
            assert_eq!(Name::parse(&n.as_str().to_lowercase()), Some(n));
            assert_eq!(Name::parse(&n.as_str().to_uppercase()), Some(n));
        }
        assert_eq!(Name::parse("X"), None);
    }

    #[test]
    fn every_army_has_the_opening_count_of_names_per_kind() {
        for k in Kind::ALL {
            assert_eq!(Name::of_kind(k).count(), k.opening_count() as usize);
        }
    }

    #[test]
    fn piece_codes_round_trip() {
        for side in Side::BOTH {
            for name in Name::ALL {
                let p = NamedPiece { side, name };
                assert_ne!(p.code(), 0);
                assert_eq!(NamedPiece::from_code(p.code()), p);
            }
        }
    }
}
