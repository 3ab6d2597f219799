//! The Triangular draughts board (`docs/rules-draughts.md` *Board and cells*,
//! *Numbering*): the 48 dark cells of the Triangular board as a triangular lattice,
//! numbered 1–48, with each cell's neighbours in the six directions and the promotion
//! cells, derived from the coordinates `(u, v)` and precomputed once.
//!
//! A cell is stored as its slot `number − 1`, which is also its bit in a `u64` set.

use std::fmt;
use std::str::FromStr;

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

    /// Whether the direction runs to lower slots (F, FL and FR: the cells are numbered
    /// from White's far side), so that the nearest cell of a set along it is the set's
    /// highest; B, BL and BR run to higher slots.
    #[inline(always)]
    pub const fn to_lower_slots(self) -> bool {
        matches!(self, Direction::F | Direction::FL | Direction::FR)
    }

    /// The cell of `set` nearest along this direction (`set` non-empty, on one ray).
    #[inline(always)]
    pub const fn nearest(self, set: u64) -> Cell {
        if self.to_lower_slots() { Cell(63 - set.leading_zeros() as u8) } else { Cell(set.trailing_zeros() as u8) }
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
    /// `near[d][slot]`: the neighbour's bit in direction `d` (0 at the edge).
    near: [[u64; CELL_COUNT]; 6],
    /// `ray[d][slot]`: every cell along direction `d` from `slot` to the edge.
    ray: [[u64; CELL_COUNT]; 6],
    promotion: [u64; 2],
    /// `steps[side][slot]`: the cells a man of `side` on `slot` steps to (its F, FL, FR).
    steps: [[u64; CELL_COUNT]; 2],
    /// `jumps[slot][d]`: a man's jump from `slot` along `d` (both 0 when the board
    /// ends before its landing cell).
    jumps: [[Jump; 6]; CELL_COUNT],
    /// `jumpable[slot]`: the neighbours a man on `slot` could jump (the union of its
    /// `jumps`' victims).
    jumpable: [u64; CELL_COUNT],
    /// `lines[slot]`: every cell on the six lines through `slot` (the union of its rays).
    lines: [u64; CELL_COUNT],
}

/// A man's jump in one direction, as cell sets: the cell jumped over and the landing
/// cell right behind it. Both are 0 when the board ends before the landing cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The neighbour's bit.
    pub victim: u64,
    /// The landing cell's bit.
    pub land: u64,
}

/// `m(v)`: how far from the centre line a dark cell of row `v` may lie.
const fn reach(v: i8) -> i8 {
    if v + 2 < 12 - v { v + 2 } else { 12 - v }
}

/// The slot of the cell at `(u, v)`, or [`NONE`].
const fn find(uv: &[(i8, i8); CELL_COUNT], u: i8, v: i8) -> u8 {
    let mut i = 0;
    while i < CELL_COUNT {
        if uv[i].0 == u && uv[i].1 == v {
            return i as u8;
        }
        i += 1;
    }
    NONE
}

/// The tables, computed at compile time (no lazy initialisation on the move
/// generator's path).
const fn build_tables() -> Tables {
    // Ranks u = +7 down to −7, within a rank rows 8 down to 1.
    let mut uv = [(0i8, 0i8); CELL_COUNT];
    let mut n = 0;
    let mut u = 7i8;
    while u >= -7 {
        let mut v = 8i8;
        while v >= 1 {
            if (u - v).rem_euclid(2) == 0 && u.abs() <= reach(v) {
                uv[n] = (u, v);
                n += 1;
            }
            v -= 1;
        }
        u -= 1;
    }
    assert!(n == CELL_COUNT, "48 dark cells");
    let mut neighbour = [[NONE; CELL_COUNT]; 6];
    let mut near = [[0u64; CELL_COUNT]; 6];
    let mut d = 0;
    while d < 6 {
        let (du, dv) = Direction::ALL[d].delta();
        let mut i = 0;
        while i < CELL_COUNT {
            let nb = find(&uv, uv[i].0 + du, uv[i].1 + dv);
            neighbour[d][i] = nb;
            if nb != NONE {
                near[d][i] = 1 << nb;
            }
            i += 1;
        }
        d += 1;
    }
    let mut ray = [[0u64; CELL_COUNT]; 6];
    let mut d = 0;
    while d < 6 {
        let mut i = 0;
        while i < CELL_COUNT {
            let mut c = neighbour[d][i];
            while c != NONE {
                ray[d][i] |= 1 << c;
                c = neighbour[d][c as usize];
            }
            i += 1;
        }
        d += 1;
    }
    let mut promotion = [0u64; 2];
    let (forward, back) = (Direction::F.index(), Direction::B.index());
    let mut i = 0;
    while i < CELL_COUNT {
        if neighbour[forward][i] == NONE {
            promotion[Side::White.index()] |= 1 << i;
        }
        if neighbour[back][i] == NONE {
            promotion[Side::Black.index()] |= 1 << i;
        }
        i += 1;
    }
    let mut steps = [[0u64; CELL_COUNT]; 2];
    let sides = [Side::White, Side::Black];
    let mut s = 0;
    while s < 2 {
        let side = sides[s];
        let dirs = Direction::forward(side);
        let mut i = 0;
        while i < CELL_COUNT {
            let mut k = 0;
            while k < 3 {
                steps[side.index()][i] |= near[dirs[k].index()][i];
                k += 1;
            }
            i += 1;
        }
        s += 1;
    }
    let mut jumps = [[Jump { victim: 0, land: 0 }; 6]; CELL_COUNT];
    let mut jumpable = [0u64; CELL_COUNT];
    let mut lines = [0u64; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = 0;
        while d < 6 {
            let victim = neighbour[d][i];
            if victim != NONE && neighbour[d][victim as usize] != NONE {
                jumps[i][d] = Jump { victim: 1 << victim, land: 1 << neighbour[d][victim as usize] };
                jumpable[i] |= 1 << victim;
            }
            lines[i] |= ray[d][i];
            d += 1;
        }
        i += 1;
    }
    Tables { uv, neighbour, near, ray, promotion, steps, jumps, jumpable, lines }
}

static TABLES: Tables = build_tables();

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

    /// The lowest cell of a non-empty cell set (for a set of one cell, that cell).
    #[inline(always)]
    pub const fn in_set(set: u64) -> Cell {
        debug_assert!(set != 0, "an empty set has no cell");
        Cell(set.trailing_zeros() as u8)
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

/// The neighbour of `cell` in direction `d` as a cell set: its bit, or 0 at the edge.
#[inline(always)]
pub fn near(cell: Cell, d: Direction) -> u64 {
    TABLES.near[d.index()][cell.0 as usize]
}

/// Every cell along direction `d` from `cell` (not itself) to the edge of the board.
#[inline(always)]
pub fn ray(cell: Cell, d: Direction) -> u64 {
    TABLES.ray[d.index()][cell.0 as usize]
}

/// A man's six jumps from `cell`, in the order of [`Direction::ALL`].
#[inline(always)]
pub fn man_jumps(cell: Cell) -> &'static [Jump; 6] {
    &TABLES.jumps[cell.0 as usize]
}

/// The neighbours of `cell` a man there could jump (those with a cell behind them).
#[inline(always)]
pub fn jumpable(cell: Cell) -> u64 {
    TABLES.jumpable[cell.0 as usize]
}

/// Every cell on the six lines through `cell`, not itself.
#[inline(always)]
pub fn lines(cell: Cell) -> u64 {
    TABLES.lines[cell.0 as usize]
}

/// What a line piece on `from` sees along `d` through the pieces of `occupied`: the
/// cells before the first piece, and that piece (`None` when the way is clear to the
/// edge).
#[inline(always)]
pub fn ray_reach(from: Cell, d: Direction, occupied: u64) -> (u64, Option<Cell>) {
    let line = ray(from, d);
    let blockers = line & occupied;
    if blockers == 0 {
        return (line, None);
    }
    let first = d.nearest(blockers);
    (line & !ray(first, d) & !first.bit(), Some(first))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain walk `ray_reach` must agree with: neighbour by neighbour to the first
    /// piece.
    fn walk(from: Cell, d: Direction, occupied: u64) -> (u64, Option<Cell>) {
        let mut reach = 0;
        let mut c = from;
        while let Some(n) = c.neighbour(d) {
            if occupied & n.bit() != 0 {
                return (reach, Some(n));
            }
            reach |= n.bit();
            c = n;
        }
        (reach, None)
    }

    #[test]
    fn ray_tables_agree_with_walking_the_neighbours() {
        let mut seed = 99u64;
        for _ in 0..2000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let occupied = (seed >> 7) & (seed >> 13) & ((1 << CELL_COUNT) - 1);
            for from in Cell::all() {
                for d in Direction::ALL {
                    assert_eq!(ray_reach(from, d, occupied), walk(from, d, occupied), "{from} {d:?} {occupied:x}");
                    let n = from.neighbour(d).map_or(0, Cell::bit);
                    assert_eq!(near(from, d), n);
                }
            }
        }
    }

    #[test]
    fn every_direction_runs_one_way_through_the_slots() {
        for from in Cell::all() {
            for d in Direction::ALL {
                let line = ray(from, d);
                if d.to_lower_slots() {
                    assert_eq!(line & !(from.bit() - 1), 0, "{from} {d:?}");
                } else {
                    assert_eq!(line & (from.bit() | (from.bit() - 1)), 0, "{from} {d:?}");
                }
            }
        }
    }
}
