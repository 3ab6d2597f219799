//! The checked Interstellar [`Position`] that move generation works on, and the problems
//! that keep a setup from being one (`docs/rules-interstellar.md` §10 *What counts as a
//! valid position*). The split follows shakmaty: parse to a [`Setup`], then validate into
//! a position.

use std::fmt;

use super::geometry::{Cell, Indicium, ROWS, SLOTS, row_length};
use super::pieces::{Kind, Name, NamedPiece, Side};
use super::setup::{Setup, SetupPiece, SyntaxError, assign_names};
use crate::core::bitboard::Bitboard;
use crate::core::zobrist;

/// The opening position string (`docs/rules-interstellar.md` §9 *Position strings*).
pub const OPENING: &str = "nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQPQUBN +";

/// Why an Interstellar position string was rejected (`docs/rules-interstellar.md` §9
/// *Position strings* and §10 *What counts as a valid position*): every syntax mistake
/// found, or (when the text reads) every problem of the position.
pub type PositionError = crate::core::game::PositionError<SyntaxError, Invalid>;

/// A way in which a position breaks `docs/rules-interstellar.md` §10 *What counts as a
/// valid position*.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// Not exactly one planet.
    #[error("{} has {count} planets; each side needs exactly one", side.name())]
    PlanetCount {
        /// Whose.
        side: Side,
        /// How many.
        count: usize,
    },
    /// More pieces of a kind than the opening army has.
    #[error("{} has {count} {}, more than the opening army's {}", side.name(), kind.plural(), kind.opening_count())]
    MoreThanOpeningArmy {
        /// Whose.
        side: Side,
        /// Which kind.
        kind: Kind,
        /// How many.
        count: usize,
    },
    /// A star on its own first row: it could never have got there.
    #[error("{} star on {cell} stands on its own first row", side.name())]
    StarOnOwnFirstRow {
        /// Whose.
        side: Side,
        /// Where.
        cell: Cell,
    },
    /// A star on the opponent's first row: Super Nova would already have ended the game.
    #[error("{} star on {cell} already stands on the last row (the game would be over by Super Nova)", side.name())]
    StarOnLastRow {
        /// Whose.
        side: Side,
        /// Where.
        cell: Cell,
    },
    /// A black hole on a non-neutral cell.
    #[error("{} black hole on {cell} is not on a neutral cell", side.name())]
    BlackHoleOffNeutral {
        /// Whose.
        side: Side,
        /// Where.
        cell: Cell,
    },
    /// A pulsar on a neutral cell.
    #[error("{} pulsar on {cell} stands on a neutral cell", side.name())]
    PulsarOnNeutral {
        /// Whose.
        side: Side,
        /// Where.
        cell: Cell,
    },
    /// Nothing but the planet: Total Annihilation would already have ended the game.
    #[error("{} has nothing but its planet (the game would be over by Total Annihilation)", side.name())]
    OnlyPlanet {
        /// Whose.
        side: Side,
    },
    /// The side not to move has its planet in Target.
    #[error("{} is not to move but its planet is in Target", side.name())]
    NotToMoveInTarget {
        /// Whose.
        side: Side,
    },
    /// Two pieces of one side with the same name.
    #[error("{} has two pieces named {name}", side.name())]
    DuplicateName {
        /// Whose.
        side: Side,
        /// The name.
        name: Name,
    },
}

/// An Interstellar position: the pieces with their names, and the side to move.
///
/// Always valid (`docs/rules-interstellar.md` §10 *What counts as a valid position*) when
/// built by [`Position::from_setup`], [`Position::opening`] or by playing legal moves.
/// About 300 bytes, no heap.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) sides: [Bitboard; 2],
    pub(crate) kinds: [Bitboard; 6],
    pub(crate) board: [u8; SLOTS],
    pub(crate) side_to_move: Side,
    pub(crate) hash: u64,
}

/// Zobrist keys: `[side][name][slot]`, then one for "negative to move".
pub(crate) static KEYS: [u64; 2 * 15 * SLOTS + 1] = zobrist::keys(0x1A7E_5E11_A700_0001);

#[inline(always)]
pub(crate) fn piece_key(piece: NamedPiece, cell: Cell) -> u64 {
    KEYS[(piece.side.index() * 15 + piece.name.id()) * SLOTS + cell.idx()]
}
pub(crate) const SIDE_KEY: usize = 2 * 15 * SLOTS;

/// Keys of the board without names ([`Position::board_key`]): `[side][kind][slot]`, then
/// one for "negative to move".
static BOARD_KEYS: [u64; 2 * 6 * SLOTS + 1] = zobrist::keys(0xB0A2_D5EE_D000_0002);

impl Position {
    fn empty(side_to_move: Side) -> Position {
        Position {
            sides: [Bitboard::EMPTY; 2],
            kinds: [Bitboard::EMPTY; 6],
            board: [0; SLOTS],
            side_to_move,
            hash: if side_to_move == Side::Negative { KEYS[SIDE_KEY] } else { 0 },
        }
    }

    fn put(&mut self, cell: Cell, piece: NamedPiece) {
        let bit = cell.bit();
        self.sides[piece.side.index()] |= bit;
        self.kinds[piece.kind() as usize] |= bit;
        self.board[cell.idx()] = piece.code();
        self.hash ^= piece_key(piece, cell);
    }

    /// The opening position (`docs/rules-interstellar.md` §4 *The pieces and the opening
    /// position*).
    pub fn opening() -> Position {
        Position::from_setup(&Setup::parse(OPENING).expect("opening string parses")).expect("opening is valid")
    }

    /// Checks a setup against `docs/rules-interstellar.md` §10 *What counts as a valid
    /// position*, gives every piece its name (those the string left out get the default
    /// names of §9 *Position strings*: per side and kind, by increasing `h` then `r`, the
    /// free names in opening order), and builds the position.
    ///
    /// # Errors
    /// Every problem found: planet count, more than the opening army, duplicate names,
    /// stars on the first or last row, black holes off neutral cells, pulsars on
    /// neutral cells, an army of a lone planet, the side not to move in Target.
    pub fn from_setup(setup: &Setup) -> Result<Position, Vec<Invalid>> {
        let mut problems = Vec::new();
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let count = setup.pieces.iter().filter(|p| p.side == side && p.kind == kind).count();
                if kind == Kind::Planet {
                    if count != 1 {
                        problems.push(Invalid::PlanetCount { side, count });
                    }
                } else if count > kind.opening_count() as usize {
                    problems.push(Invalid::MoreThanOpeningArmy { side, kind, count });
                }
            }
            let mut seen = [false; 15];
            for p in setup.pieces.iter().filter(|p| p.side == side) {
                if let Some(n) = p.name {
                    if seen[n.id()] && !problems.contains(&Invalid::DuplicateName { side, name: n }) {
                        problems.push(Invalid::DuplicateName { side, name: n });
                    }
                    seen[n.id()] = true;
                }
            }
            if setup.pieces.iter().filter(|p| p.side == side).all(|p| p.kind == Kind::Planet)
                && setup.pieces.iter().any(|p| p.side == side)
            {
                problems.push(Invalid::OnlyPlanet { side });
            }
        }
        for p in &setup.pieces {
            let (side, cell) = (p.side, p.cell);
            match p.kind {
                Kind::Star if cell.row() == side.first_row() => {
                    problems.push(Invalid::StarOnOwnFirstRow { side, cell })
                }
                Kind::Star if cell.row() == side.other().first_row() => {
                    problems.push(Invalid::StarOnLastRow { side, cell })
                }
                Kind::BlackHole if cell.indicium() != Indicium::Neutral => {
                    problems.push(Invalid::BlackHoleOffNeutral { side, cell })
                }
                Kind::Pulsar if cell.indicium() == Indicium::Neutral => {
                    problems.push(Invalid::PulsarOnNeutral { side, cell })
                }
                _ => {}
            }
        }
        // The pieces can be named and the planets found unless the army itself is wrong:
        // then whether the side not to move is in Target is checked too, so that every
        // problem is listed at once.
        let army_wrong = problems.iter().any(|p| {
            matches!(
                p,
                Invalid::PlanetCount { .. } | Invalid::MoreThanOpeningArmy { .. } | Invalid::DuplicateName { .. }
            )
        });
        if army_wrong {
            return Err(problems);
        }
        let mut pos = Position::empty(setup.side_to_move);
        for (p, name) in setup.pieces.iter().zip(assign_names(&setup.pieces)) {
            pos.put(p.cell, NamedPiece { side: p.side, name });
        }
        let waiting = setup.side_to_move.other();
        if pos.target_count_for(waiting) > 0 {
            problems.push(Invalid::NotToMoveInTarget { side: waiting });
        }
        if problems.is_empty() { Ok(pos) } else { Err(problems) }
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// The piece on `cell`, if any.
    #[inline(always)]
    pub fn piece_at(&self, cell: Cell) -> Option<NamedPiece> {
        match self.board[cell.idx()] {
            0 => None,
            code => Some(NamedPiece::from_code(code)),
        }
    }

    /// Every piece with its cell, row 1 first, index increasing.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, NamedPiece)> + '_ {
        Cell::all().filter_map(|c| self.piece_at(c).map(|p| (c, p)))
    }

    /// Where the piece of `side` named `name` stands, if it is still on the board.
    pub fn find(&self, side: Side, name: Name) -> Option<Cell> {
        let code = NamedPiece { side, name }.code();
        self.sides[side.index()]
            .map(|s| Cell::from_slot(s).expect("occupied slot is a cell"))
            .find(|c| self.board[c.idx()] == code)
    }

    /// The cells holding pieces of `side`.
    #[inline(always)]
    pub fn side_cells(&self, side: Side) -> Bitboard {
        self.sides[side.index()]
    }

    /// The cells holding pieces of `kind`, either side.
    #[inline(always)]
    pub fn kind_cells(&self, kind: Kind) -> Bitboard {
        self.kinds[kind as usize]
    }

    /// All occupied cells.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    /// The cell of `side`'s planet.
    #[inline(always)]
    pub fn planet(&self, side: Side) -> Cell {
        let slot = (self.sides[side.index()] & self.kinds[Kind::Planet as usize]).first().unwrap_or(0);
        Cell::from_slot(slot).unwrap_or(Cell::new(1, 1).expect("cell (1,1)"))
    }

    /// The Zobrist hash: pieces with their names and cells, and the side to move.
    #[inline(always)]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// A 64-bit hash of the board as the rules see it: each piece's side and kind on its
    /// cell, and the side to move, but not the pieces' names (two quasars that trade
    /// places give the same key). Computed on demand, in time linear in the pieces.
    pub fn board_key(&self) -> u64 {
        let mut key = if self.side_to_move == Side::Negative { BOARD_KEYS[2 * 6 * SLOTS] } else { 0 };
        for side in 0..2 {
            for kind in 0..6 {
                for slot in self.sides[side] & self.kinds[kind] {
                    key ^= BOARD_KEYS[(side * 6 + kind) * SLOTS + slot as usize];
                }
            }
        }
        key
    }

    /// The position string (`docs/rules-interstellar.md` §9 *Position strings*),
    /// canonical (digits for empty runs). Names are added (`Q(NQ)`, every non-planet
    /// piece) only when they differ from the default naming, so the string read back
    /// gives an equal position.
    pub fn position_string(&self) -> String {
        let plain = Setup { pieces: self.setup_pieces(false), side_to_move: self.side_to_move };
        let defaults = assign_names(&plain.pieces);
        let actual: Vec<Name> = plain.pieces.iter().map(|p| self.piece_at(p.cell).expect("piece").name).collect();
        if defaults == actual { plain.position_string() } else { self.to_setup().position_string() }
    }

    /// The position as an unchecked setup, names included (or left out).
    pub fn to_setup(&self) -> Setup {
        Setup { pieces: self.setup_pieces(true), side_to_move: self.side_to_move }
    }

    fn setup_pieces(&self, with_names: bool) -> Vec<SetupPiece> {
        let mut out = Vec::new();
        for row in (1..=9u8).rev() {
            for index in 1..=row_length(row) {
                let cell = Cell::new(row, index).expect("cell in range");
                if let Some(p) = self.piece_at(cell) {
                    out.push(SetupPiece { cell, side: p.side, kind: p.kind(), name: with_names.then_some(p.name) });
                }
            }
        }
        out
    }

    /// Pieces on rows (for tests and debugging): `ROWS[r-1] & side_cells`.
    pub fn row_cells(&self, row: u8) -> Bitboard {
        ROWS[row as usize - 1] & self.occupied()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.position_string())
    }
}

impl fmt::Display for Position {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}
