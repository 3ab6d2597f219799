//! The Triangular draughts board (`docs/rules-draughts.md` *Board and cells*,
//! *Numbering*): the 48 dark cells of the Triangular board as a triangular lattice,
//! numbered 1–48, with each cell's neighbours in the six directions and the promotion
//! cells, derived from the coordinates `(u, v)` and precomputed once.
//!
//! A cell is stored as its slot `number − 1`, which is also its bit in a `u64` set.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use super::pieces::Side;

/// Number of cells.
pub const CELL_COUNT: usize = 48;

/// The six directions, by White's names (`docs/rules-draughts.md` *Board and cells*,
/// the direction table): `(Δu, Δv)` = F (+2, 0), FL (+1, +1), FR (+1, −1), BL (−1, +1),
/// BR (−1, −1), B (−2, 0). Black's forward directions are White's backward ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// White's forward: (+2, 0).
    F,
    /// White's forward-left: (+1, +1).
    FL,
    /// White's forward-right: (+1, −1).
    FR,
    /// White's back-left: (−1, +1).
    BL,
    /// White's back-right: (−1, −1).
    BR,
    /// White's back: (−2, 0).
    B,
}

impl Direction {
    /// All six, in White's order F, FL, FR, BL, BR, B.
    pub const ALL: [Direction; 6] =
        [Direction::F, Direction::FL, Direction::FR, Direction::BL, Direction::BR, Direction::B];

    /// The step in `(u, v)`.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::F => (2, 0),
            Direction::FL => (1, 1),
            Direction::FR => (1, -1),
            Direction::BL => (-1, 1),
            Direction::BR => (-1, -1),
            Direction::B => (-2, 0),
        }
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::F => Direction::B,
            Direction::FL => Direction::BR,
            Direction::FR => Direction::BL,
            Direction::BL => Direction::FR,
            Direction::BR => Direction::FL,
            Direction::B => Direction::F,
        }
    }

    /// The three directions a man of `side` steps in (its F, FL and FR).
    pub const fn forward(side: Side) -> [Direction; 3] {
        match side {
            Side::White => [Direction::F, Direction::FL, Direction::FR],
            Side::Black => [Direction::B, Direction::BR, Direction::BL],
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// A dark cell, numbered 1–48.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// No neighbour in `Tables::neighbour`.
const NONE: u8 = u8::MAX;

struct Tables {
    uv: [(i8, i8); CELL_COUNT],
    neighbour: [[u8; CELL_COUNT]; 6],
    promotion: [u64; 2],
    /// `steps[side][slot]`: the cells a man of `side` on `slot` steps to (its F, FL, FR).
    steps: [[u64; CELL_COUNT]; 2],
}

/// `m(v)`: how far from the centre line a dark cell of row `v` may lie.
const fn reach(v: i8) -> i8 {
    if v + 2 < 12 - v { v + 2 } else { 12 - v }
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    // Ranks u = +7 down to −7, within a rank rows 8 down to 1.
    let mut uv = [(0i8, 0i8); CELL_COUNT];
    let mut n = 0;
    for u in (-7i8..=7).rev() {
        for v in (1i8..=8).rev() {
            if (u - v).rem_euclid(2) == 0 && u.abs() <= reach(v) {
                uv[n] = (u, v);
                n += 1;
            }
        }
    }
    assert_eq!(n, CELL_COUNT, "48 dark cells");
    let find = |u: i8, v: i8| uv.iter().position(|&c| c == (u, v)).map_or(NONE, |i| i as u8);
    let mut neighbour = [[NONE; CELL_COUNT]; 6];
    for d in Direction::ALL {
        let (du, dv) = d.delta();
        for (i, &(u, v)) in uv.iter().enumerate() {
            neighbour[d.index()][i] = find(u + du, v + dv);
        }
    }
    let mut promotion = [0u64; 2];
    let (forward, back) = (&neighbour[Direction::F.index()], &neighbour[Direction::B.index()]);
    for (i, (&f, &b)) in forward.iter().zip(back).enumerate() {
        if f == NONE {
            promotion[Side::White.index()] |= 1 << i;
        }
        if b == NONE {
            promotion[Side::Black.index()] |= 1 << i;
        }
    }
    let mut steps = [[0u64; CELL_COUNT]; 2];
    for side in [Side::White, Side::Black] {
        for (i, mask) in steps[side.index()].iter_mut().enumerate() {
            for d in Direction::forward(side) {
                let n = neighbour[d.index()][i];
                if n != NONE {
                    *mask |= 1 << n;
                }
            }
        }
    }
    Tables { uv, neighbour, promotion, steps }
});

impl Cell {
    /// The cell numbered `number` (1–48).
    pub const fn new(number: u8) -> Option<Cell> {
        if number >= 1 && number as usize <= CELL_COUNT { Some(Cell(number - 1)) } else { None }
    }

    /// The cell in slot `slot` (0–47).
    pub const fn from_slot(slot: u8) -> Option<Cell> {
        if (slot as usize) < CELL_COUNT { Some(Cell(slot)) } else { None }
    }

    /// Its slot, `number − 1`: its bit in a cell set.
    pub const fn slot(self) -> u8 {
        self.0
    }

    /// Its number, 1–48.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Its bit in a cell set.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Every cell, 1 to 48.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELL_COUNT as u8).map(Cell)
    }

    /// Its coordinates `(u, v)`: `u` twice the centroid's x on the Triangular board, `v`
    /// its row 1–8.
    pub fn uv(self) -> (i8, i8) {
        TABLES.uv[self.0 as usize]
    }

    /// Its name on the Triangular board: `<file><row>d`, e.g. `h5d` for cell 1.
    pub fn triangular_name(self) -> String {
        let (u, v) = self.uv();
        let file = ((u + v + 2) / 2) as u8;
        format!("{}{}d", char::from(b'a' + file), v)
    }

    /// The neighbour in direction `d`, if the board goes on there.
    #[inline(always)]
    pub fn neighbour(self, d: Direction) -> Option<Cell> {
        let n = TABLES.neighbour[d.index()][self.0 as usize];
        (n != NONE).then_some(Cell(n))
    }
}

/// The cells where a man of `side` is crowned: the lattice edges at the opponent's
/// corner (White: 1 2 3 4 6 7 10 14; Black: 38 39 42 43 45 46 47 48).
pub fn promotion_cells(side: Side) -> u64 {
    TABLES.promotion[side.index()]
}

/// The cells a man of `side` on `cell` steps to, if they are empty.
#[inline(always)]
pub fn man_steps(side: Side, cell: Cell) -> u64 {
    TABLES.steps[side.index()][cell.slot() as usize]
}

/// The cells strictly between `a` and `b` when they lie on one line (empty otherwise).
pub fn between(a: Cell, b: Cell) -> u64 {
    for d in Direction::ALL {
        let mut set = 0;
        let mut c = a;
        while let Some(next) = c.neighbour(d) {
            if next == b {
                return set;
            }
            set |= next.bit();
            c = next;
        }
    }
    0
}

/// The cells of a set, in ascending order.
pub fn cells_of(set: u64) -> impl Iterator<Item = Cell> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let slot = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        Some(Cell(slot))
    })
}

impl fmt::Display for Cell {
    /// Its number: `33`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A cell name that is not a number 1–48.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a cell (a number 1 to 48)", crate::core::shown(.0))]
pub struct BadCellName(pub String);

impl FromStr for Cell {
    type Err = BadCellName;

    /// Reads a cell number, `1`–`48`.
    fn from_str(s: &str) -> Result<Cell, BadCellName> {
        let t = s.trim();
        if t.is_empty() || t.len() > 2 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BadCellName(short(s)));
        }
        t.parse::<u8>().ok().and_then(Cell::new).ok_or_else(|| BadCellName(t.to_string()))
    }
}

/// `text` shortened for a message: its first 20 characters, `…` after them.
pub(crate) fn short(text: &str) -> String {
    let mut out: String = text.chars().take(20).collect();
    if text.chars().count() > 20 {
        out.push('…');
    }
    out
}

impl crate::core::game::BoardCell for Cell {
    fn from_slot(slot: u8) -> Option<Cell> {
        Cell::from_slot(slot)
    }
    fn slot(self) -> u8 {
        self.0
    }
    fn all() -> impl Iterator<Item = Cell> {
        Cell::all()
    }
}
