//! The Triangular board: 96 triangles in a hexagon of side 4, and every neighbourhood,
//! line and move pattern the rules use, derived here from the coordinate definitions of
//! `docs/rules-triangular.md` (§1 *The board*, §2 *Files, rows and cell names*, §3
//! *Neighbours and lines*, §4 *How the pieces move*) and precomputed once into `Tables`.
//!
//! # Coordinates
//! Points are written `(X, y)` with `X = 2x` (twice the horizontal coordinate, unit = one
//! triangle side, so every vertex has an integer `X`) and `y` the grid line `0..=8`.
//! Centroids are written `(X, Y3)` with `Y3 = 3y`, also integers. In `(X, Y3)` the
//! perpendicular of a side vector `(dX, dy)` is `(-dy, dX)` (the factor `√3` of the row
//! height cancels), which is how the altitude rays are found.
//!
//! # Bit layout
//! Cells are numbered `0..96` by the height of their centroid, then from left to right:
//! row 1's dark (point-up) cells, row 1's light (point-down) cells, row 2's dark cells, …
//! The centroid height grows strictly along every altitude ray and along every slanted
//! strip, so those ten slide directions are monotonic in bit index and use
//! [`bitboard::slide`] directly. A horizontal strip (a row)
//! alternates between the dark and the light half of its row block, so no numbering can
//! make all three strip families monotonic at once (a slanted strip crosses each row as
//! an up/down pair whose left-right order differs between the two slanted families);
//! rows are slid by `row_slide`, which takes the nearer of the first dark and the first
//! light blocker.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use crate::core::bitboard::{self, Bitboard};

/// Number of cells on the board.
pub const CELL_COUNT: usize = 96;

/// The cells of each row 1..=8 (`docs/rules-triangular.md` §1 *The board*).
pub const ROW_LENGTHS: [u8; 8] = [9, 11, 13, 15, 15, 13, 11, 9];

/// Every cell in reading order: row 1 first, each row from the left (the order of the
/// cell table in `docs/rules-triangular.md` §2 *Files, rows and cell names*).
pub fn cells_in_row_order() -> impl Iterator<Item = Cell> {
    (1..=8u8).flat_map(|row| (0..ROW_LENGTHS[row as usize - 1]).filter_map(move |column| Cell::at(row, column)))
}

/// A cell's colour (`docs/rules-triangular.md` §1 *The board*: point-up cells are dark,
/// point-down light).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shade {
    /// A point-down triangle; name suffix `l`.
    Light,
    /// A point-up triangle; name suffix `d`.
    Dark,
}

impl Shade {
    /// The name suffix: `l` or `d`.
    pub const fn suffix(self) -> char {
        match self {
            Shade::Light => 'l',
            Shade::Dark => 'd',
        }
    }

    /// The other shade.
    pub const fn other(self) -> Shade {
        match self {
            Shade::Light => Shade::Dark,
            Shade::Dark => Shade::Light,
        }
    }
}

/// One of the 96 cells, by its bit index `0..96` (see the module's *Bit layout*).
///
/// Its name (`docs/rules-triangular.md` §2 *Files, rows and cell names*) is file `a..h`,
/// row `1..8`, then `d` (dark, point-up) or `l` (light, point-down): `c1d`, `f8l`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell with bit index `index`, or `None` when `index >= 96`.
    pub const fn from_slot(index: u8) -> Option<Cell> {
        if (index as usize) < CELL_COUNT { Some(Cell(index)) } else { None }
    }

    /// The bit index `0..96`.
    pub const fn slot(self) -> u8 {
        self.0
    }

    /// Every cell, in bit-index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELL_COUNT as u8).map(Cell)
    }

    /// The single-cell set.
    pub const fn bit(self) -> Bitboard {
        Bitboard::from_index(self.0)
    }

    /// Row `1..=8` (row 1 at White's side, the bottom; `docs/rules-triangular.md` §1 *The
    /// board*).
    pub fn row(self) -> u8 {
        tables().info[self.0 as usize].row
    }

    /// File `0..8` (`0` = `a`), the slanted strip parallel to the lower-left edge
    /// (`docs/rules-triangular.md` §2 *Files, rows and cell names*: `a + (k−1)/2 + 2` for
    /// a point-up cell, `b + k/2 + 2` for a point-down one).
    pub fn file(self) -> u8 {
        tables().info[self.0 as usize].file
    }

    /// Position `0..row length` within the row, counted from the left.
    pub fn column(self) -> u8 {
        tables().info[self.0 as usize].column
    }

    /// The cell's colour (`docs/rules-triangular.md` §1 *The board*: point-up dark,
    /// point-down light).
    pub fn shade(self) -> Shade {
        if tables().info[self.0 as usize].dark { Shade::Dark } else { Shade::Light }
    }

    /// The cell of `file` (`0..8`), `row` (`1..=8`) and `shade`, if the board has one
    /// (a file and a row meet in at most one light and one dark cell).
    pub fn from_parts(file: u8, row: u8, shade: Shade) -> Option<Cell> {
        let t = tables();
        if !(1..=8).contains(&row) || file >= 8 {
            return None;
        }
        t.by_row[row as usize - 1][..ROW_LENGTHS[row as usize - 1] as usize]
            .iter()
            .map(|&i| Cell(i))
            .find(|c| c.file() == file && c.shade() == shade)
    }

    /// The cell at `column` (`0..row length`, from the left) of `row` (`1..=8`).
    pub fn at(row: u8, column: u8) -> Option<Cell> {
        if !(1..=8).contains(&row) || column >= ROW_LENGTHS[row as usize - 1] {
            return None;
        }
        Some(Cell(tables().by_row[row as usize - 1][column as usize]))
    }

    /// The cell's three corners as `(X, y)`: `X` twice the horizontal distance from the
    /// board's centre (unit: one triangle side), `y` the grid line `0..=8` from White's
    /// edge (`docs/rules-triangular.md` §1 *The board*); the horizontal side first, the
    /// apex last.
    pub fn vertices(self) -> [(i32, i32); 3] {
        tables().info[self.0 as usize].verts
    }

    /// The cells sharing a side with this one (up to 3; `docs/rules-triangular.md` §3
    /// *Neighbours and lines*).
    pub fn edge_neighbours(self) -> Bitboard {
        tables().edge[self.0 as usize]
    }

    /// The cells touching this one at a corner only (up to 9; `docs/rules-triangular.md`
    /// §3 *Neighbours and lines*).
    pub fn corner_neighbours(self) -> Bitboard {
        tables().corner[self.0 as usize]
    }

    /// The cell's mirror image top to bottom (row `k` → `9−k`, light ↔ dark), as used for
    /// Black's opening array (`docs/rules-triangular.md` §5 *The opening position*).
    pub fn mirror(self) -> Cell {
        Cell(tables().mirror[self.0 as usize])
    }
}

impl fmt::Display for Cell {
    /// Writes the name, e.g. `c1d`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", (b'a' + self.file()) as char, self.row(), self.shade().suffix())
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

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A text that is not the name of a cell of the board (`docs/rules-triangular.md` §2
/// *Files, rows and cell names*).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{}` is not a cell (expected file a-h, row 1-8, then d or l, e.g. `c1d`)", crate::core::shown(.0))]
pub struct BadCellName(pub String);

impl FromStr for Cell {
    type Err = BadCellName;

    /// Reads a name such as `c1d` (the suffix `d`/`l` in either case). Errors when
    /// the text is not of that form or names no cell of the board.
    fn from_str(s: &str) -> Result<Cell, BadCellName> {
        let b = s.as_bytes();
        let err = || BadCellName(s.to_string());
        if b.len() != 3 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return Err(err());
        }
        let shade = match b[2].to_ascii_lowercase() {
            b'd' => Shade::Dark,
            b'l' => Shade::Light,
            _ => return Err(err()),
        };
        Cell::from_parts(b[0] - b'a', b[1] - b'0', shade).ok_or_else(err)
    }
}

/// Static facts about one cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellInfo {
    pub row: u8,
    pub file: u8,
    pub column: u8,
    pub dark: bool,
    /// Vertices `(X, y)`.
    verts: [(i32, i32); 3],
    /// Centroid `(X, Y3)`.
    centroid: (i32, i32),
}

/// Slanted strip directions: index into [`Tables::strips`].
/// 0: along the file (strip parallel to the lower-left edge) upwards, 1: downwards,
/// 2: along the strip parallel to the lower-right edge upwards, 3: downwards.
pub(crate) const STRIP_INCREASING: [bool; 4] = [true, false, true, false];

/// The six altitude directions in `(X, Y3)` centroid coordinates: 30°, 90°, 150°,
/// 210°, 270°, 330°.
pub(crate) const ALT_DIRS: [(i32, i32); 6] = [(1, 1), (0, 1), (-1, 1), (-1, -1), (0, -1), (1, -1)];

/// Whether bit indices grow along each altitude direction (centroid height grows).
pub(crate) const ALT_INCREASING: [bool; 6] = [true, true, true, false, false, false];

/// Every precomputed table of the board. Built once, on first use.
pub(crate) struct Tables {
    pub info: [CellInfo; CELL_COUNT],
    /// Cell indices of each row, left to right (unused tail zero).
    pub by_row: [[u8; 15]; 8],
    pub mirror: [u8; CELL_COUNT],
    /// All dark cells / all light cells.
    pub dark: Bitboard,
    pub light: Bitboard,
    /// Cells sharing a side.
    pub edge: [Bitboard; CELL_COUNT],
    /// Cells touching at a corner only.
    pub corner: [Bitboard; CELL_COUNT],
    /// The king's 12 touching cells (edge | corner).
    pub touch: [Bitboard; CELL_COUNT],
    /// The six corner-neighbours of the cell's own colour (bishop and queen steps).
    pub corner_same: [Bitboard; CELL_COUNT],
    /// The slanted strip rays, see [`STRIP_INCREASING`].
    pub strips: [[Bitboard; CELL_COUNT]; 4],
    /// Row cells to the right / to the left.
    pub row_right: [Bitboard; CELL_COUNT],
    pub row_left: [Bitboard; CELL_COUNT],
    /// The six altitude rays, see [`ALT_DIRS`].
    pub alt: [[Bitboard; CELL_COUNT]; 6],
    /// Every strip cell (empty-board rook reach) / every altitude-ray cell.
    pub strip_lines: [Bitboard; CELL_COUNT],
    pub alt_lines: [Bitboard; CELL_COUNT],
    pub knight: [Bitboard; CELL_COUNT],
    /// Cells from which a knight reaches the cell. Not the same as `knight`: near the
    /// edge the second cell of a ray may be on the board one way and off it the other.
    pub knight_from: [Bitboard; CELL_COUNT],
    /// `pawn[colour][cell]`: colour 0 White, 1 Black.
    pub pawn: [[Bitboard; CELL_COUNT]; 2],
    /// `pawn_from[colour][cell]`: cells from which a pawn of that colour reaches `cell`.
    pub pawn_from: [[Bitboard; CELL_COUNT]; 2],
    /// Promotion cells per colour (White: e8l f8l g8l h8l; Black: a1d b1d c1d d1d).
    pub promotion: [Bitboard; 2],
    /// Cells of row 1 / row 8.
    pub first_row: [Bitboard; 2],
    /// `between[a][b]`: cells strictly between `a` and `b` on their common strip or
    /// altitude ray (empty when they share no line or touch).
    pub between: Vec<[Bitboard; CELL_COUNT]>,
}

/// The precomputed tables (built on first call).
#[inline(always)]
pub(crate) fn tables() -> &'static Tables {
    static TABLES: LazyLock<Tables> = LazyLock::new(build);
    &TABLES
}

/// Twice the hexagon's half-width on grid line `y` (`docs/rules-triangular.md` §1: `2 + min(y, 8−y)/2`).
fn twice_half_width(y: i32) -> i32 {
    4 + y.min(8 - y)
}

/// The cells as `docs/rules-triangular.md` §1–§2 define them, before numbering.
fn raw_cells() -> Vec<CellInfo> {
    let mut cells = Vec::with_capacity(CELL_COUNT);
    for k in 1..=8 {
        // Point-up cells: base [a, a+1] on line k−1, apex on line k.
        let h = twice_half_width(k - 1);
        let mut a2 = -h;
        while a2 + 2 <= h {
            cells.push(CellInfo {
                row: k as u8,
                // file = a + (k−1)/2 + 2
                file: ((a2 + (k - 1) + 4) / 2) as u8,
                column: 0,
                dark: true,
                verts: [(a2, k - 1), (a2 + 2, k - 1), (a2 + 1, k)],
                centroid: (a2 + 1, 3 * (k - 1) + 1),
            });
            a2 += 2;
        }
        // Point-down cells: top [b, b+1] on line k, apex on line k−1.
        let h = twice_half_width(k);
        let mut b2 = -h;
        while b2 + 2 <= h {
            cells.push(CellInfo {
                row: k as u8,
                // file = b + k/2 + 2
                file: ((b2 + k + 4) / 2) as u8,
                column: 0,
                dark: false,
                verts: [(b2, k), (b2 + 2, k), (b2 + 1, k - 1)],
                centroid: (b2 + 1, 3 * k - 1),
            });
            b2 += 2;
        }
    }
    cells
}

fn shared_vertices(a: &CellInfo, b: &CellInfo) -> usize {
    a.verts.iter().filter(|v| b.verts.contains(v)).count()
}

/// Cross product of two `(X, Y3)` vectors.
fn cross(a: (i32, i32), b: (i32, i32)) -> i32 {
    a.0 * b.1 - a.1 * b.0
}

fn dot(a: (i32, i32), b: (i32, i32)) -> i32 {
    a.0 * b.0 + a.1 * b.1
}

fn sub(a: (i32, i32), b: (i32, i32)) -> (i32, i32) {
    (a.0 - b.0, a.1 - b.1)
}

/// The lower slanted grid-line index of a cell: `U = (X + y)/2` (lines parallel to the
/// lower-left edge) or `V = (X − y)/2` (parallel to the lower-right edge).
fn strip_index(c: &CellInfo, family: usize) -> i32 {
    c.verts.iter().map(|&(x, y)| if family == 0 { (x + y) / 2 } else { (x - y) / 2 }).min().unwrap_or(0)
}

fn bb(cells: impl IntoIterator<Item = usize>) -> Bitboard {
    cells.into_iter().fold(Bitboard::EMPTY, |b, i| b.with(i as u8))
}

#[allow(clippy::needless_range_loop)] // index-heavy table construction, run once
fn build() -> Tables {
    let mut raw = raw_cells();
    assert_eq!(raw.len(), CELL_COUNT);
    // Number by centroid height, then left to right.
    raw.sort_by_key(|c| (c.centroid.1, c.centroid.0));
    let mut info: [CellInfo; CELL_COUNT] = std::array::from_fn(|i| raw[i]);
    let mut by_row = [[0u8; 15]; 8];
    for r in 1..=8u8 {
        let mut in_row: Vec<usize> = (0..CELL_COUNT).filter(|&i| info[i].row == r).collect();
        in_row.sort_by_key(|&i| info[i].centroid.0);
        for (col, &i) in in_row.iter().enumerate() {
            info[i].column = col as u8;
            by_row[r as usize - 1][col] = i as u8;
        }
    }
    let all = 0..CELL_COUNT;
    let dark = bb(all.clone().filter(|&i| info[i].dark));
    let light = bb(all.clone().filter(|&i| !info[i].dark));

    let mirror: [u8; CELL_COUNT] = std::array::from_fn(|i| {
        // Reflect y → 8 − y: vertices (X, y) → (X, 8 − y).
        let mut m: Vec<(i32, i32)> = info[i].verts.iter().map(|&(x, y)| (x, 8 - y)).collect();
        m.sort();
        all.clone()
            .find(|&j| {
                let mut v = info[j].verts.to_vec();
                v.sort();
                v == m
            })
            .expect("the hexagon is symmetric top to bottom") as u8
    });

    let edge: [Bitboard; CELL_COUNT] =
        std::array::from_fn(|i| bb(all.clone().filter(|&j| j != i && shared_vertices(&info[i], &info[j]) == 2)));
    let corner: [Bitboard; CELL_COUNT] =
        std::array::from_fn(|i| bb(all.clone().filter(|&j| j != i && shared_vertices(&info[i], &info[j]) == 1)));
    let touch: [Bitboard; CELL_COUNT] = std::array::from_fn(|i| edge[i] | corner[i]);
    let corner_same: [Bitboard; CELL_COUNT] =
        std::array::from_fn(|i| corner[i] & if info[i].dark { dark } else { light });

    // Ordered ray lists (nearest first) for strips, rows and altitude rays.
    let strip_list = |i: usize, family: usize, up: bool| -> Vec<usize> {
        let s = strip_index(&info[i], family);
        let mut v: Vec<usize> = all
            .clone()
            .filter(|&j| {
                j != i && strip_index(&info[j], family) == s && (info[j].centroid.1 > info[i].centroid.1) == up
            })
            .collect();
        v.sort_by_key(|&j| (info[j].centroid.1 - info[i].centroid.1).abs());
        v
    };
    let row_list = |i: usize, right: bool| -> Vec<usize> {
        let mut v: Vec<usize> = all
            .clone()
            .filter(|&j| j != i && info[j].row == info[i].row && (info[j].centroid.0 > info[i].centroid.0) == right)
            .collect();
        v.sort_by_key(|&j| (info[j].centroid.0 - info[i].centroid.0).abs());
        v
    };
    // The altitude ray from a centroid in direction d: the cells whose centroid lies on
    // it. (Such a line meets the grid only at vertices and side midpoints, so it crosses
    // each cell it enters along a median, through the centroid.)
    let alt_list = |i: usize, d: (i32, i32)| -> Vec<usize> {
        let c = info[i].centroid;
        let mut v: Vec<usize> = all
            .clone()
            .filter(|&j| {
                let delta = sub(info[j].centroid, c);
                j != i && cross(delta, d) == 0 && dot(delta, d) > 0
            })
            .collect();
        v.sort_by_key(|&j| dot(sub(info[j].centroid, c), d));
        v
    };

    // The six altitude directions must be the perpendiculars of the cells' sides.
    for c in info.iter() {
        for s in 0..3 {
            let (a, b) = (c.verts[s], c.verts[(s + 1) % 3]);
            let side = (b.0 - a.0, b.1 - a.1);
            let perp = (-side.1, side.0);
            let g = gcd(perp.0.abs(), perp.1.abs());
            let unit = (perp.0 / g, perp.1 / g);
            assert!(ALT_DIRS.contains(&unit) && ALT_DIRS.contains(&(-unit.0, -unit.1)));
        }
    }

    let mut strips = [[Bitboard::EMPTY; CELL_COUNT]; 4];
    let mut strip_order: Vec<[Vec<usize>; 4]> = Vec::new();
    for i in 0..CELL_COUNT {
        let lists = [strip_list(i, 0, true), strip_list(i, 0, false), strip_list(i, 1, true), strip_list(i, 1, false)];
        for (d, l) in lists.iter().enumerate() {
            strips[d][i] = bb(l.iter().copied());
        }
        strip_order.push(lists);
    }
    let row_right: [Bitboard; CELL_COUNT] = std::array::from_fn(|i| bb(row_list(i, true)));
    let row_left: [Bitboard; CELL_COUNT] = std::array::from_fn(|i| bb(row_list(i, false)));
    let mut alt = [[Bitboard::EMPTY; CELL_COUNT]; 6];
    let mut alt_order: Vec<Vec<Vec<usize>>> = Vec::new();
    for i in 0..CELL_COUNT {
        let lists: Vec<Vec<usize>> = ALT_DIRS.iter().map(|&d| alt_list(i, d)).collect();
        for (d, l) in lists.iter().enumerate() {
            alt[d][i] = bb(l.iter().copied());
        }
        alt_order.push(lists);
    }
    let strip_lines: [Bitboard; CELL_COUNT] =
        std::array::from_fn(|i| strips.iter().fold(row_right[i] | row_left[i], |b, s| b | s[i]));
    let alt_lines: [Bitboard; CELL_COUNT] = std::array::from_fn(|i| alt.iter().fold(Bitboard::EMPTY, |b, s| b | s[i]));

    // Knight: second cell L of each altitude ray, then L's edge-neighbours off the line.
    let knight: [Bitboard; CELL_COUNT] = std::array::from_fn(|i| {
        let mut t = Bitboard::EMPTY;
        for (d, list) in ALT_DIRS.iter().zip(&alt_order[i]) {
            if let Some(&l) = list.get(1) {
                for n in edge[l] {
                    let delta = sub(info[n as usize].centroid, info[i].centroid);
                    if cross(delta, *d) != 0 {
                        t = t.with(n);
                    }
                }
            }
        }
        t
    });

    let mut knight_from = [Bitboard::EMPTY; CELL_COUNT];
    for (i, targets) in knight.iter().enumerate() {
        for t in *targets {
            knight_from[t as usize] = knight_from[t as usize].with(i as u8);
        }
    }

    // Pawns: colour 0 (White) moves up (+y), colour 1 (Black) down.
    let mut pawn = [[Bitboard::EMPTY; CELL_COUNT]; 2];
    for (colour, targets) in pawn.iter_mut().enumerate() {
        let up = colour == 0;
        for i in 0..CELL_COUNT {
            let c = &info[i];
            let k = c.row as i32;
            let next_row = if up { k + 1 } else { k - 1 };
            let front_line = if up { k } else { k - 1 };
            let front: Vec<(i32, i32)> = c.verts.iter().copied().filter(|v| v.1 == front_line).collect();
            let same_orientation_next_row_touching = |points: &[(i32, i32)]| {
                bb(all.clone().filter(|&j| {
                    info[j].row as i32 == next_row
                        && info[j].dark == c.dark
                        && info[j].verts.iter().any(|v| points.contains(v))
                }))
            };
            targets[i] = if front.len() == 2 {
                // Apex back: the edge-neighbour across the front side, and the two cells
                // of the same orientation in the next row touching the front corners.
                let ahead = bb((edge[i]).map(usize::from).filter(|&j| front.iter().all(|v| info[j].verts.contains(v))));
                ahead | same_orientation_next_row_touching(&front)
            } else {
                // Apex forward: the two same-row edge-neighbours, and the two cells of
                // the same orientation in the next row sharing the apex.
                let beside = bb((edge[i]).map(usize::from).filter(|&j| info[j].row == c.row));
                beside | same_orientation_next_row_touching(&front)
            };
        }
    }
    let mut pawn_from = [[Bitboard::EMPTY; CELL_COUNT]; 2];
    for colour in 0..2 {
        for i in 0..CELL_COUNT {
            for t in pawn[colour][i] {
                pawn_from[colour][t as usize] = pawn_from[colour][t as usize].with(i as u8);
            }
        }
    }
    let row_cells = |r: u8| bb(all.clone().filter(|&i| info[i].row == r));
    let promotion = [row_cells(8) & light, row_cells(1) & dark];
    let first_row = [row_cells(1), row_cells(8)];

    let mut between = vec![[Bitboard::EMPTY; CELL_COUNT]; CELL_COUNT];
    for i in 0..CELL_COUNT {
        let mut lists: Vec<Vec<usize>> = strip_order[i].to_vec();
        lists.push(row_list(i, true));
        lists.push(row_list(i, false));
        lists.extend(alt_order[i].iter().cloned());
        for list in lists {
            let mut acc = Bitboard::EMPTY;
            for &j in &list {
                between[i][j] = acc;
                acc = acc.with(j as u8);
            }
        }
    }

    Tables {
        info,
        by_row,
        mirror,
        dark,
        light,
        edge,
        corner,
        touch,
        corner_same,
        strips,
        row_right,
        row_left,
        alt,
        strip_lines,
        alt_lines,
        knight,
        knight_from,
        pawn,
        pawn_from,
        promotion,
        first_row,
        between,
    }
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

/// Cells reached along a row from `from`, to the right (`right`) or left, stopping at
/// (and including) the first occupied cell. Rows alternate between the dark and the
/// light block of bit indices, so the nearer of the first blocker of each shade wins.
#[inline(always)]
pub(crate) fn row_slide(t: &Tables, from: usize, occupied: Bitboard, right: bool) -> Bitboard {
    let (ray, rays) = if right { (t.row_right[from], &t.row_right) } else { (t.row_left[from], &t.row_left) };
    let blockers = ray & occupied;
    if blockers.is_empty() {
        return ray;
    }
    let (d, l) = if right {
        ((blockers & t.dark).first(), (blockers & t.light).first())
    } else {
        ((blockers & t.dark).last(), (blockers & t.light).last())
    };
    let stop = match (d, l) {
        (Some(d), Some(l)) => {
            let (cd, cl) = (t.info[d as usize].column, t.info[l as usize].column);
            if (cd < cl) == right { d } else { l }
        }
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => return ray,
    };
    ray ^ rays[stop as usize]
}

/// Rook reach from `from`: the three strips both ways, up to and including the first
/// occupied cell of each.
#[inline(always)]
pub(crate) fn strip_attacks(t: &Tables, from: usize, occupied: Bitboard) -> Bitboard {
    let mut a = row_slide(t, from, occupied, true) | row_slide(t, from, occupied, false);
    for (rays, &increasing) in t.strips.iter().zip(&STRIP_INCREASING) {
        a |= bitboard::slide(rays[from], occupied, rays, increasing);
    }
    a
}

/// Reach along the six altitude rays from `from`, up to and including the first
/// occupied cell of each (any colour).
#[inline(always)]
pub(crate) fn alt_attacks(t: &Tables, from: usize, occupied: Bitboard) -> Bitboard {
    let mut a = Bitboard::EMPTY;
    for (rays, &increasing) in t.alt.iter().zip(&ALT_INCREASING) {
        a |= bitboard::slide(rays[from], occupied, rays, increasing);
    }
    a
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;

    #[test]
    fn every_ray_is_monotonic_in_index() {
        let t = tables();
        for i in 0..CELL_COUNT {
            for d in 0..6 {
                // A monotonic ray: each cell's own ray in the same direction is exactly
                // the part of the ray beyond it.
                for j in t.alt[d][i] {
                    let beyond = t.alt[d][j as usize];
                    assert!(beyond.minus(t.alt[d][i]).is_empty());
                    if ALT_INCREASING[d] {
                        assert!(beyond.first().is_none_or(|b| b > j));
                    } else {
                        assert!(beyond.last().is_none_or(|b| b < j));
                    }
                }
            }
            for d in 0..4 {
                for j in t.strips[d][i] {
                    let beyond = t.strips[d][j as usize];
                    if STRIP_INCREASING[d] {
                        assert!(beyond.first().is_none_or(|b| b > j));
                    } else {
                        assert!(beyond.last().is_none_or(|b| b < j));
                    }
                }
            }
        }
    }

    /// The next cell along a monotonic ray (nearest first).
    fn nearest(ray: Bitboard, increasing: bool) -> Option<u8> {
        if increasing { ray.first() } else { ray.last() }
    }

    #[test]
    fn moving_along_a_strip_crosses_shared_sides() {
        // Rules, *Neighbourhoods and lines*: strip cells follow each other across sides.
        let t = tables();
        for i in 0..CELL_COUNT {
            for d in 0..4 {
                if let Some(n) = nearest(t.strips[d][i], STRIP_INCREASING[d]) {
                    assert!(t.edge[i].contains(n), "strip {d} from {i}");
                }
            }
            let row = t.info[i].row as usize - 1;
            let col = t.info[i].column as usize;
            if col + 1 < ROW_LENGTHS[row] as usize {
                assert!(t.edge[i].contains(t.by_row[row][col + 1]));
                assert_eq!(row_slide(t, i, Bitboard(!0), true).count(), 1);
            }
        }
    }

    #[test]
    fn altitude_rays_alternate_colour_three_through_sides_three_through_corners() {
        let t = tables();
        for i in 0..CELL_COUNT {
            let mut through_side = 0;
            let mut through_corner = 0;
            for d in 0..6 {
                let mut prev = i as u8;
                let mut ray = t.alt[d][i];
                let mut first = true;
                while let Some(n) = nearest(ray, ALT_INCREASING[d]) {
                    assert_ne!(t.info[n as usize].dark, t.info[prev as usize].dark);
                    if first {
                        if t.edge[i].contains(n) {
                            through_side += 1;
                        } else {
                            assert!(t.corner[i].contains(n));
                            through_corner += 1;
                        }
                        first = false;
                    }
                    prev = n;
                    ray = ray.without(n);
                }
            }
            assert!(through_side <= 3 && through_corner <= 3);
            if t.edge[i].count() == 3 && t.corner[i].count() == 9 {
                assert_eq!((through_side, through_corner), (3, 3));
            }
        }
    }

    #[test]
    fn between_is_symmetric_and_lines_meet_once() {
        let t = tables();
        for a in 0..CELL_COUNT {
            for b in 0..CELL_COUNT {
                assert_eq!(t.between[a][b], t.between[b][a]);
                let on_strip = (t.strip_lines[a]).contains(b as u8);
                let on_alt = (t.alt_lines[a]).contains(b as u8);
                if on_strip && on_alt {
                    // Only touching cells share two lines.
                    assert!(t.edge[a].contains(b as u8), "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn row_slide_matches_a_walk() {
        let t = tables();
        let occ = Bitboard(0x1234_5678_9abc_def0_0fed_cba9_8765_4321) & (t.dark | t.light);
        for i in 0..CELL_COUNT {
            for right in [true, false] {
                let mut expect = Bitboard::EMPTY;
                let row = t.info[i].row as usize - 1;
                let col = t.info[i].column as i32;
                let step = if right { 1 } else { -1 };
                let mut c = col + step;
                while c >= 0 && c < ROW_LENGTHS[row] as i32 {
                    let j = t.by_row[row][c as usize];
                    expect = expect.with(j);
                    if occ.contains(j) {
                        break;
                    }
                    c += step;
                }
                assert_eq!(row_slide(t, i, occ, right), expect);
            }
        }
    }
}
