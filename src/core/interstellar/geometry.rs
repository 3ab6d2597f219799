//! The Interstellar board: 77 hexagonal cells in 9 rows, their indicia, the six
//! side-steps and six corner-steps, and the precomputed tables move generation uses.
//!
//! Source: `docs/rules-interstellar.md` §1 *The board*, §2 *Cell names* and §3
//! *Directions on the board*; GB 2186198 A describes the board of hexagons with three
//! indicia.
//!
//! Cells are addressed two ways:
//! - **(r, i)** as in the rules: row `r = 1..=9` from the positive player's side, index
//!   `i = 1..=9` on odd rows and `1..=8` on even rows, from the board's left as the
//!   positive player sees it; the half-column is `h = 2(i−1)` on odd rows and
//!   `2(i−1)+1` on even rows (`h = 0..=16`).
//! - a **bit index** `0..126` for [`Bitboard`]s: with `q = (h − (r−1)) / 2` (axial
//!   coordinate), the index is `14·(r−1) + q + 4`. In this layout every side-step is a
//!   fixed index offset (E +1, W −1, NE +14, NW +13, SE −13, SW −14), and column 13 of
//!   every 14 is never a cell, so shifted sets cannot wrap from one row to the next.

use crate::core::bitboard::Bitboard;

/// Bit indices run over `0..SLOTS`; only 77 of them are cells.
pub const SLOTS: usize = 126;
/// Cells on the board.
pub const CELL_COUNT: usize = 77;
const STRIDE: i32 = 14;

/// The cell at (row, index) → bit index, for rows 1..=9 and valid indices.
const fn slot_of(row: u8, index: u8) -> u8 {
    let r0 = row as i32 - 1;
    let h = 2 * (index as i32 - 1) + (r0 & 1);
    let q = (h - r0) / 2;
    (r0 * STRIDE + q + 4) as u8
}

/// Number of cells in a row (9 on odd rows, 8 on even rows).
pub const fn row_length(row: u8) -> u8 {
    if row % 2 == 1 { 9 } else { 8 }
}

/// A cell of the board, stored as its bit index (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// One of the three cell colours of the patent ("indicia").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Indicium {
    /// `h mod 3 = 0`: the patterned cells, the positive player's colour.
    Positive,
    /// `h mod 3 = 1`: the blank cells, the negative player's colour.
    Negative,
    /// `h mod 3 = 2`: the solid cells, where black holes live and pulsars never go.
    Neutral,
}

impl Cell {
    /// The cell at row `row` (1..=9), index `index` (1..=9 on odd rows, 1..=8 on even
    /// rows), or `None` when there is no such cell.
    pub const fn new(row: u8, index: u8) -> Option<Cell> {
        if row >= 1 && row <= 9 && index >= 1 && index <= row_length(row) {
            Some(Cell(slot_of(row, index)))
        } else {
            None
        }
    }

    /// The cell with bit index `slot`, or `None` when that index is not a cell.
    pub const fn from_slot(slot: u8) -> Option<Cell> {
        if (slot as usize) < SLOTS && VALID.contains(slot) { Some(Cell(slot)) } else { None }
    }

    /// The bit index `0..126`.
    #[inline(always)]
    pub const fn slot(self) -> u8 {
        self.0
    }

    /// The bit index as an array index.
    #[inline(always)]
    pub const fn idx(self) -> usize {
        self.0 as usize
    }

    /// The row `1..=9`, counted from the positive player's side.
    pub const fn row(self) -> u8 {
        self.0 / STRIDE as u8 + 1
    }

    /// The half-column `h = 0..=16`.
    pub const fn half_column(self) -> u8 {
        let r0 = (self.0 / STRIDE as u8) as i32;
        let q = (self.0 % STRIDE as u8) as i32 - 4;
        (2 * q + r0) as u8
    }

    /// The index `1..=row_length(row)`, counted from the board's left as the positive
    /// player sees it (the patent's *i*).
    pub const fn index_in_row(self) -> u8 {
        self.half_column() / 2 + 1
    }

    /// The cell's indicium, from `h mod 3`.
    pub const fn indicium(self) -> Indicium {
        match self.half_column() % 3 {
            0 => Indicium::Positive,
            1 => Indicium::Negative,
            _ => Indicium::Neutral,
        }
    }

    /// The cell as a one-cell set.
    #[inline(always)]
    pub const fn bit(self) -> Bitboard {
        Bitboard::from_index(self.0)
    }

    /// All 77 cells, row 1 first, each row by increasing index.
    pub fn all() -> impl Iterator<Item = Cell> {
        VALID.map(Cell)
    }
}

impl std::fmt::Debug for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.row(), self.index_in_row())
    }
}

impl std::fmt::Display for Cell {
    /// The cell's fixed name: row then index as the positive player counts them, `43`
    /// (`docs/rules-interstellar.md`, *Board and coordinates*). Moves are written in the
    /// mover's own numbering instead (see [`super::notation`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.row(), self.index_in_row())
    }
}

/// A text that is not the name of a cell (two digits: row `1..=9`, then index).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{}` is not a cell (expected two digits, row 1-9 then index, e.g. `43`)", crate::core::shown(.0))]
pub struct BadCellName(pub String);

impl std::str::FromStr for Cell {
    type Err = BadCellName;

    /// Reads a fixed cell name such as `43`.
    fn from_str(s: &str) -> Result<Cell, BadCellName> {
        let b = s.as_bytes();
        if b.len() != 2 || !b.iter().all(u8::is_ascii_digit) {
            return Err(BadCellName(s.to_string()));
        }
        Cell::new(b[0] - b'0', b[1] - b'0').ok_or_else(|| BadCellName(s.to_string()))
    }
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

/// A step direction, as (row change, half-column change).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Row change.
    pub dr: i8,
    /// Half-column change.
    pub dh: i8,
}

/// The six side-steps (to a cell sharing a side), in the order E, NE, NW, W, SW, SE.
/// E/W are lateral, the other four are the patent's diagonals.
pub const SIDE_STEPS: [Step; 6] = [
    Step { dr: 0, dh: 2 },
    Step { dr: 1, dh: 1 },
    Step { dr: 1, dh: -1 },
    Step { dr: 0, dh: -2 },
    Step { dr: -1, dh: -1 },
    Step { dr: -1, dh: 1 },
];

/// Indices into [`SIDE_STEPS`] of the four diagonal directions (NE, NW, SW, SE), the
/// nebula's lines.
pub const DIAGONALS: [usize; 4] = [1, 2, 4, 5];

/// Whether bit indices increase along each [`SIDE_STEPS`] direction.
pub const SIDE_STEP_INCREASING: [bool; 6] = [true, true, true, false, false, false];

/// The six corner-steps (to the cell beyond the side shared by two neighbours):
/// N, ENE, ESE, S, WSW, WNW. They keep the indicium.
pub const CORNER_STEPS: [Step; 6] = [
    Step { dr: 2, dh: 0 },
    Step { dr: 1, dh: 3 },
    Step { dr: -1, dh: 3 },
    Step { dr: -2, dh: 0 },
    Step { dr: -1, dh: -3 },
    Step { dr: 1, dh: -3 },
];

/// The cell one `step` away from the cell at bit index `slot`, if on the board.
pub const fn step_from(slot: u8, step: Step) -> Option<Cell> {
    let Some(cell) = Cell::from_slot(slot) else {
        return None;
    };
    let r = cell.row() as i32 + step.dr as i32;
    let h = cell.half_column() as i32 + step.dh as i32;
    if r < 1 || r > 9 || h < 0 || h > 16 {
        return None;
    }
    // (r, h) has the right parity by construction: dr and dh have the same parity.
    Cell::new(r as u8, (h / 2 + 1) as u8)
}

const fn valid_mask() -> Bitboard {
    let mut bits = 0u128;
    let mut row = 1;
    while row <= 9 {
        let mut index = 1;
        while index <= row_length(row) {
            bits |= 1u128 << slot_of(row, index);
            index += 1;
        }
        row += 1;
    }
    Bitboard(bits)
}

/// Every cell of the board.
pub const VALID: Bitboard = valid_mask();

const fn indicium_mask(residue: u8) -> Bitboard {
    let mut bits = 0u128;
    let mut slot = 0;
    while slot < SLOTS as u8 {
        if VALID.contains(slot) {
            let r0 = (slot / STRIDE as u8) as i32;
            let q = (slot % STRIDE as u8) as i32 - 4;
            if (2 * q + r0) % 3 == residue as i32 {
                bits |= 1u128 << slot;
            }
        }
        slot += 1;
    }
    Bitboard(bits)
}

/// The positive (patterned) cells, `h mod 3 = 0`.
pub const POSITIVE_CELLS: Bitboard = indicium_mask(0);
/// The negative (blank) cells, `h mod 3 = 1`.
pub const NEGATIVE_CELLS: Bitboard = indicium_mask(1);
/// The neutral (solid) cells, `h mod 3 = 2`.
pub const NEUTRAL_CELLS: Bitboard = indicium_mask(2);
/// The positive and negative cells together: where pulsars move.
pub const NON_NEUTRAL_CELLS: Bitboard = Bitboard(POSITIVE_CELLS.0 | NEGATIVE_CELLS.0);

const fn row_mask(row: u8) -> Bitboard {
    let mut bits = 0u128;
    let mut index = 1;
    while index <= row_length(row) {
        bits |= 1u128 << slot_of(row, index);
        index += 1;
    }
    Bitboard(bits)
}

/// The cells of each row: `ROWS[r - 1]` for row `r`.
pub const ROWS: [Bitboard; 9] = {
    let mut out = [Bitboard::EMPTY; 9];
    let mut r = 0;
    while r < 9 {
        out[r] = row_mask(r as u8 + 1);
        r += 1;
    }
    out
};

const fn step_table(steps: &[Step]) -> [Bitboard; SLOTS] {
    let mut out = [Bitboard::EMPTY; SLOTS];
    let mut slot = 0;
    while slot < SLOTS {
        let mut k = 0;
        while k < steps.len() {
            if let Some(c) = step_from(slot as u8, steps[k]) {
                out[slot] = out[slot].with(c.slot());
            }
            k += 1;
        }
        slot += 1;
    }
    out
}

/// For each cell, the cells one side-step away (up to six).
pub static SIDE_NEIGHBOURS: [Bitboard; SLOTS] = step_table(&SIDE_STEPS);
/// For each cell, the cells one corner-step away (up to six, same indicium).
pub static CORNER_NEIGHBOURS: [Bitboard; SLOTS] = step_table(&CORNER_STEPS);

const fn ray_table() -> [[Bitboard; SLOTS]; 6] {
    let mut out = [[Bitboard::EMPTY; SLOTS]; 6];
    let mut d = 0;
    while d < 6 {
        let mut slot = 0;
        while slot < SLOTS {
            let mut cur = slot as u8;
            while let Some(c) = step_from(cur, SIDE_STEPS[d]) {
                out[d][slot] = out[d][slot].with(c.slot());
                cur = c.slot();
            }
            slot += 1;
        }
        d += 1;
    }
    out
}

/// `RAYS[d][cell]`: every cell along side-step direction `d` (see [`SIDE_STEPS`]) from
/// `cell`, on an empty board, the cell itself excluded.
pub static RAYS: [[Bitboard; SLOTS]; 6] = ray_table();

const fn forward_table() -> [[Bitboard; SLOTS]; 2] {
    // Index 0: positive (forward = NE, NW); index 1: negative (forward = SE, SW).
    [step_table(&[SIDE_STEPS[1], SIDE_STEPS[2]]), step_table(&[SIDE_STEPS[5], SIDE_STEPS[4]])]
}

/// `FORWARD[side][cell]`: the (up to two) forward side-steps of a star of `side`
/// (0 positive: NE, NW; 1 negative: SE, SW).
pub static FORWARD: [[Bitboard; SLOTS]; 2] = forward_table();

/// `BACKWARD[side][cell]`: the cells from which a forward step of `side` reaches
/// `cell` — i.e. `FORWARD[1 - side][cell]`.
pub static BACKWARD: [[Bitboard; SLOTS]; 2] = {
    let f = forward_table();
    [f[1], f[0]]
};

/// All cells one side-step from any cell of `set`, by shifts (no table).
#[inline(always)]
pub fn side_neighbours_of(set: Bitboard) -> Bitboard {
    let s = set.0;
    Bitboard((s << 1 | s >> 1 | s << 14 | s << 13 | s >> 13 | s >> 14) & VALID.0)
}

/// The non-neutral side-neighbours of a set of **positive** cells (their W, NE and SE
/// neighbours, all negative cells).
#[inline(always)]
pub fn non_neutral_steps_from_positive(set: Bitboard) -> Bitboard {
    let s = set.0;
    Bitboard((s >> 1 | s << 14 | s >> 13) & NEGATIVE_CELLS.0)
}

/// The non-neutral side-neighbours of a set of **negative** cells (their E, NW and SW
/// neighbours, all positive cells).
#[inline(always)]
pub fn non_neutral_steps_from_negative(set: Bitboard) -> Bitboard {
    let s = set.0;
    Bitboard((s << 1 | s << 13 | s >> 14) & POSITIVE_CELLS.0)
}

/// Forward side-steps of every cell in `set` for `side` (0 positive, 1 negative).
#[inline(always)]
pub fn forward_of(side: usize, set: Bitboard) -> Bitboard {
    let s = set.0;
    let moved = if side == 0 { s << 14 | s << 13 } else { s >> 13 | s >> 14 };
    Bitboard(moved & VALID.0)
}

/// Backward side-steps (the reverse of [`forward_of`]) of every cell in `set`.
#[inline(always)]
pub fn backward_of(side: usize, set: Bitboard) -> Bitboard {
    forward_of(1 - side, set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_has_77_cells_in_rows_of_9_and_8() {
        assert_eq!(VALID.count() as usize, CELL_COUNT);
        for r in 1..=9u8 {
            assert_eq!(ROWS[r as usize - 1].count(), if r % 2 == 1 { 9 } else { 8 });
        }
        for c in Cell::all() {
            assert_eq!(Cell::new(c.row(), c.index_in_row()), Some(c));
        }
        assert!(Cell::new(2, 9).is_none());
        assert!(Cell::new(10, 1).is_none());
        assert!(Cell::new(0, 1).is_none());
    }

    #[test]
    fn column_13_is_never_a_cell() {
        for slot in 0..SLOTS as u8 {
            if slot % 14 == 13 {
                assert!(!VALID.contains(slot));
            }
        }
    }

    #[test]
    fn shifts_agree_with_tables() {
        for c in Cell::all() {
            assert_eq!(side_neighbours_of(c.bit()), SIDE_NEIGHBOURS[c.idx()], "{c:?}");
            for (side, table) in FORWARD.iter().enumerate() {
                assert_eq!(forward_of(side, c.bit()), table[c.idx()]);
            }
            let nn = SIDE_NEIGHBOURS[c.idx()] & NON_NEUTRAL_CELLS;
            match c.indicium() {
                Indicium::Positive => assert_eq!(non_neutral_steps_from_positive(c.bit()), nn),
                Indicium::Negative => assert_eq!(non_neutral_steps_from_negative(c.bit()), nn),
                Indicium::Neutral => {}
            }
        }
    }
}
