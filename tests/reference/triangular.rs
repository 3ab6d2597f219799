//! Reference move generator for Triangular, the chess game of Hungarian patent HU 188326,
//! written from the rules only ("the rules"; `docs/rules-triangular.md`).
//!
//! Purpose: differential testing of a fast generator. Clarity over speed:
//! every cell is a triangle given by its three lattice vertices, and every
//! relation (neighbours, strips, altitude rays, pawn targets) is derived from
//! those exact integer coordinates, following the sentences of the rules.
//!
//! Coordinates: a lattice point is (x, y) with x in HALF triangle sides
//! (so a side of length 1 spans 2 units of x) and y in ROW units (grid line
//! number 0..8). The hexagon is centred on x = 0. Lattice points satisfy
//! x + y even.
//!
//! Include from an integration test with
//! `#[path = "reference/triangular.rs"] mod reference_triangular;`

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

#[allow(dead_code)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

#[allow(dead_code)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    fn from_letter(c: char) -> Option<Kind> {
        match c {
            'K' => Some(Kind::King),
            'Q' => Some(Kind::Queen),
            'R' => Some(Kind::Rook),
            'B' => Some(Kind::Bishop),
            'N' => Some(Kind::Knight),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }
}

/// A move: from cell name, to cell name (e.g. "c1d", "f8l", lower case),
/// promotion piece letter (upper case 'Q','R','B','N') or None.
#[allow(dead_code)]
pub type RefMove = (String, String, Option<char>);

/// A lattice point: (x in half-units, y in row units).
type Pt = (i32, i32);

// ---------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------

/// One triangular cell.
struct Cell {
    name: String,
    /// Row k = 1..8 ("Row k = 1..8 lies between lines k−1 and k").
    row: i32,
    /// Point-up cells are dark, point-down cells are light.
    up: bool,
    /// The three vertices (lattice points).
    verts: [Pt; 3],
}

impl Cell {
    /// "point-up cells are **dark**, point-down cells are **light**".
    fn is_dark(&self) -> bool {
        self.up
    }

    /// Three times the centroid (integer).
    fn centroid3(&self) -> Pt {
        let mut s = (0, 0);
        for v in self.verts {
            s.0 += v.0;
            s.1 += v.1;
        }
        s
    }
}

/// Everything that depends only on the board, computed once.
struct Geometry {
    cells: Vec<Cell>,
    by_name: BTreeMap<String, usize>,
    /// Cells sharing a side (two vertices).
    edge: Vec<Vec<usize>>,
    /// Cells sharing exactly one vertex.
    corner: Vec<Vec<usize>>,
    /// Rook rays: for each cell, the walks along its strips (one per
    /// direction), nearest cell first.
    strip_rays: Vec<Vec<Vec<usize>>>,
    /// Altitude rays: for each cell, six rays, each the list of cells whose
    /// interior the ray meets, nearest first, the start cell excluded.
    alt_rays: Vec<Vec<Vec<usize>>>,
    /// Knight targets (occupancy independent).
    knight: Vec<Vec<usize>>,
    /// Pawn targets by colour: index 0 White, 1 Black.
    pawn: [Vec<Vec<usize>>; 2],
}

/// "The hexagon's half-width on line y is 2 + min(y, 8−y)/2" (in sides);
/// in half-units that is 4 + min(y, 8−y).
fn half_width_half_units(y: i32) -> i32 {
    4 + y.min(8 - y)
}

/// Is the lattice point inside the hexagon (boundary included)?
fn inside_hexagon(p: Pt) -> bool {
    let (x, y) = p;
    (0..=8).contains(&y) && x.abs() <= half_width_half_units(y)
}

fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}

fn cross(a: Pt, b: Pt) -> i64 {
    a.0 as i64 * b.1 as i64 - a.1 as i64 * b.0 as i64
}

/// A non-negative rational n/d with d > 0, for exact ray parameters.
#[derive(Clone, Copy, Debug)]
struct Frac {
    n: i64,
    d: i64,
}

impl Frac {
    fn lt(self, o: Frac) -> bool {
        self.n * o.d < o.n * self.d
    }
}

/// The open interval of parameters t > 0 for which `c3 + t * dir` lies in the
/// OPEN interior of the triangle `cell` (all in 3x-scaled coordinates).
/// Returns the entry parameter, or None if the ray misses the interior
/// (for instance when it only touches a corner).
fn ray_entry(cell: &Cell, c3: Pt, dir: Pt) -> Option<Frac> {
    let v: Vec<Pt> = cell.verts.iter().map(|p| (3 * p.0, 3 * p.1)).collect();
    let mut lower = Frac { n: 0, d: 1 };
    let mut upper: Option<Frac> = None;
    for i in 0..3 {
        let a = v[i];
        let b = v[(i + 1) % 3];
        let o = v[(i + 2) % 3];
        let side = sub(b, a);
        // Orientation so that "inside" means positive.
        let s = cross(side, sub(o, a)).signum();
        // f(t) = k0 + k1 * t must be > 0.
        let k0 = s * cross(side, sub(c3, a));
        let k1 = s * cross(side, dir);
        if k1 == 0 {
            if k0 <= 0 {
                return None;
            }
        } else if k1 > 0 {
            // t > -k0 / k1
            let f = Frac { n: -k0, d: k1 };
            if lower.lt(f) {
                lower = f;
            }
        } else {
            // t < k0 / (-k1)
            let f = Frac { n: k0, d: -k1 };
            if upper.is_none_or(|u| f.lt(u)) {
                upper = Some(f);
            }
        }
    }
    match upper {
        Some(u) if lower.lt(u) => Some(lower),
        Some(_) => None,
        None => Some(lower),
    }
}

/// The six altitude directions of a cell: for each of its sides, the two
/// directions perpendicular to it ("the six rays from a cell's centroid
/// perpendicular to one of its sides"). Perpendicular is meant in the real
/// plane: a lattice vector (x, y) is (x/2, y·√3/2) in real units, so the
/// real dot product is proportional to x1·x2 + 3·y1·y2. For a side s the
/// vector (3·s.y, −s.x) satisfies s.x·3·s.y + 3·s.y·(−s.x) = 0.
fn altitude_directions(cell: &Cell) -> Vec<Pt> {
    let mut dirs = Vec::new();
    for i in 0..3 {
        let s = sub(cell.verts[(i + 1) % 3], cell.verts[i]);
        let p = (3 * s.1, -s.0);
        dirs.push(p);
        dirs.push((-p.0, -p.1));
    }
    dirs
}

/// The strip index of a cell in each of the three strip families. The grid
/// lines of the three families are the level sets {f = integer} of
/// f0 = y (horizontal), f1 = (x − y)/2 and f2 = (x + y)/2 (the two slanted
/// families). A cell lies between lines n and n+1 of each family; its strip
/// is n = the minimum of f over its vertices.
fn strip_index(cell: &Cell, family: usize) -> i32 {
    cell.verts
        .iter()
        .map(|&(x, y)| match family {
            0 => y,
            1 => (x - y) / 2,
            _ => (x + y) / 2,
        })
        .min()
        .unwrap()
}

fn count_shared(a: &Cell, b: &Cell) -> usize {
    a.verts.iter().filter(|v| b.verts.contains(v)).count()
}

fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(build_geometry)
}

fn build_geometry() -> Geometry {
    // --- Board: "Row k = 1..8 lies between lines k−1 and k". A point-up
    // cell has its base [a, a+1] on line k−1; a point-down cell has its top
    // [b, b+1] on line k. A cell is on the board when all three vertices are
    // inside the (convex) hexagon.
    let mut cells: Vec<Cell> = Vec::new();
    for k in 1..=8 {
        for x in -20..=20 {
            // Point-up: base (x, k−1)-(x+2, k−1), apex (x+1, k).
            if (x + k - 1) % 2 == 0 {
                let verts = [(x, k - 1), (x + 2, k - 1), (x + 1, k)];
                if verts.iter().all(|&p| inside_hexagon(p)) {
                    // "a point-up cell is in file a + (k−1)/2 + 2" with
                    // a = x/2 in sides.
                    let file2 = x + (k - 1) + 4; // twice the file number
                    cells.push(make_cell(k, true, verts, file2));
                }
            }
            // Point-down: top (x, k)-(x+2, k), bottom (x+1, k−1).
            if (x + k) % 2 == 0 {
                let verts = [(x, k), (x + 2, k), (x + 1, k - 1)];
                if verts.iter().all(|&p| inside_hexagon(p)) {
                    // "a point-down cell in file b + k/2 + 2".
                    let file2 = x + k + 4;
                    cells.push(make_cell(k, false, verts, file2));
                }
            }
        }
    }
    // Row order: row 1 left to right, then row 2, ... (by centroid x).
    cells.sort_by_key(|c| (c.row, c.centroid3().0));

    let mut by_name = BTreeMap::new();
    for (i, c) in cells.iter().enumerate() {
        let old = by_name.insert(c.name.clone(), i);
        assert!(old.is_none(), "duplicate cell name {}", c.name);
    }

    let n = cells.len();

    // --- "Every cell touches up to 3 cells at a side (edge-neighbours) and
    // up to 9 more at a corner only (corner-neighbours)".
    let mut edge = vec![Vec::new(); n];
    let mut corner = vec![Vec::new(); n];
    for i in 0..n {
        for j in 0..n {
            if i == j {
                continue;
            }
            match count_shared(&cells[i], &cells[j]) {
                2 => edge[i].push(j),
                1 => corner[i].push(j),
                _ => {}
            }
        }
    }

    // --- Strips: "Moving along a strip goes from cell to cell across shared
    // sides." From a cell, in each family, walk across shared sides to
    // edge-neighbours in the same strip, never stepping back.
    let mut strip_rays = vec![Vec::new(); n];
    for i in 0..n {
        for family in 0..3 {
            let s = strip_index(&cells[i], family);
            let in_strip = |c: usize| strip_index(&cells[c], family) == s;
            for &first in edge[i].iter().filter(|&&c| in_strip(c)) {
                let mut ray = vec![first];
                let mut prev = i;
                let mut cur = first;
                loop {
                    let next: Vec<usize> = edge[cur].iter().copied().filter(|&c| c != prev && in_strip(c)).collect();
                    assert!(next.len() <= 1, "strip walk branches");
                    match next.first() {
                        Some(&nx) => {
                            ray.push(nx);
                            prev = cur;
                            cur = nx;
                        }
                        None => break,
                    }
                }
                strip_rays[i].push(ray);
            }
        }
    }

    // --- Altitude rays: the cells whose interior the ray from the centroid
    // meets, ordered by where the ray enters them.
    let mut alt_rays = vec![Vec::new(); n];
    for i in 0..n {
        let c3 = cells[i].centroid3();
        for dir in altitude_directions(&cells[i]) {
            let mut hits: Vec<(Frac, usize)> = Vec::new();
            for (j, cell) in cells.iter().enumerate() {
                if j == i {
                    continue;
                }
                if let Some(entry) = ray_entry(cell, c3, dir) {
                    hits.push((entry, j));
                }
            }
            hits.sort_by(|a, b| (a.0.n * b.0.d).cmp(&(b.0.n * a.0.d)));
            alt_rays[i].push(hits.into_iter().map(|(_, j)| j).collect::<Vec<_>>());
        }
    }

    // --- Knight: "for each altitude ray, take the second cell L along it
    // (same colour as the start; L must be on the board); the knight may land
    // on either of L's edge-neighbours that are not on the ray."
    let mut knight = vec![Vec::new(); n];
    for i in 0..n {
        let mut targets = BTreeSet::new();
        for ray in &alt_rays[i] {
            if ray.len() < 2 {
                continue;
            }
            let l = ray[1];
            for &t in &edge[l] {
                // "on the ray": the start cell or any cell of the ray.
                if t != i && !ray.contains(&t) {
                    targets.insert(t);
                }
            }
        }
        knight[i] = targets.into_iter().collect();
    }

    let pawn_w = (0..n).map(|i| pawn_targets(&cells, &edge, i, Color::White)).collect();
    let pawn_b = (0..n).map(|i| pawn_targets(&cells, &edge, i, Color::Black)).collect();

    Geometry { cells, by_name, edge, corner, strip_rays, alt_rays, knight, pawn: [pawn_w, pawn_b] }
}

fn make_cell(row: i32, up: bool, verts: [Pt; 3], file2: i32) -> Cell {
    assert!(file2 % 2 == 0);
    let file = file2 / 2;
    assert!((0..8).contains(&file), "file out of range");
    // "Cell name: file, row, then d (dark, point-up) or l (light, point-down)"
    let name = format!("{}{}{}", (b'a' + file as u8) as char, row, if up { 'd' } else { 'l' });
    Cell { name, row, up, verts }
}

/// Pawn targets, "forward = up for White, down for Black":
/// - "on a cell whose apex points back towards its own side (White on light,
///   Black on dark): the edge-neighbour straight ahead, and the two cells of
///   the same orientation in the next row that touch the front side's
///   corners — 3 cells;"
/// - "on a cell whose apex points forward (White on dark, Black on light): its
///   two edge-neighbours in the same row, and the two cells of the same
///   orientation in the next row that share its apex — 4 cells."
fn pawn_targets(cells: &[Cell], edge: &[Vec<usize>], i: usize, color: Color) -> Vec<usize> {
    let c = &cells[i];
    let next_row = match color {
        Color::White => c.row + 1,
        Color::Black => c.row - 1,
    };
    // A point-down (light) cell's apex points down, towards White's side.
    let apex_back = match color {
        Color::White => !c.up,
        Color::Black => c.up,
    };
    // The apex is the vertex alone on its horizontal line; the other two
    // vertices form the horizontal side.
    let apex = *c.verts.iter().find(|v| c.verts.iter().filter(|w| w.1 == v.1).count() == 1).unwrap();
    let horizontal: Vec<Pt> = c.verts.iter().copied().filter(|v| *v != apex).collect();
    let mut out = BTreeSet::new();
    if apex_back {
        // Front side = the horizontal side (it faces forward).
        for &e in &edge[i] {
            if horizontal.iter().all(|v| cells[e].verts.contains(v)) {
                out.insert(e); // straight ahead
            }
        }
        for (j, d) in cells.iter().enumerate() {
            if d.row == next_row && d.up == c.up && horizontal.iter().any(|v| d.verts.contains(v)) {
                out.insert(j);
            }
        }
    } else {
        for &e in &edge[i] {
            if cells[e].row == c.row {
                out.insert(e);
            }
        }
        for (j, d) in cells.iter().enumerate() {
            if d.row == next_row && d.up == c.up && d.verts.contains(&apex) {
                out.insert(j);
            }
        }
    }
    out.into_iter().collect()
}

/// "a White pawn reaching one of the four light cells on Black's back edge
/// (e8l f8l g8l h8l), or a Black pawn reaching one of the four dark cells on
/// White's back edge (a1d b1d c1d d1d)".
fn is_promotion_cell(name: &str, color: Color) -> bool {
    match color {
        Color::White => ["e8l", "f8l", "g8l", "h8l"].contains(&name),
        Color::Black => ["a1d", "b1d", "c1d", "d1d"].contains(&name),
    }
}

// ---------------------------------------------------------------------------
// Position and moves
// ---------------------------------------------------------------------------

#[allow(dead_code)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// Piece on each cell, indexed like `cell_names()`.
    board: Vec<Option<(Color, Kind)>>,
    side: Color,
}

/// Internal move: cell indices and promotion kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mv {
    from: usize,
    to: usize,
    promo: Option<Kind>,
}

const OPENING: &str = "1rnqbknr1/1p1ppbpp1p1/13/15/15/13/1P1PPBPP1P1/1RNQBKNR1 w 0 1";

#[allow(dead_code)]
impl RefPosition {
    /// "Opening position: 1rnqbknr1/1p1ppbpp1p1/13/15/15/13/1P1PPBPP1P1/1RNQBKNR1 w 0 1"
    pub fn opening() -> RefPosition {
        RefPosition::parse(OPENING).expect("opening position parses")
    }

    /// The rules' FEN-like string (`docs/rules-triangular.md` §8 *Position strings*):
    /// "rows 8 down to 1 separated by /, cells left to right, a number = that many empty
    /// cells (may be two digits), K Q R B N P upper case White, lower case Black (a
    /// bishop's kind is its cell's colour); then w or b; optional half-move clock and
    /// move number as in FEN." The position must be valid ("A valid position").
    pub fn parse(s: &str) -> Result<RefPosition, String> {
        let g = geometry();
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 2 && fields.len() != 4 {
            return Err(format!("expected 2 or 4 fields (board, side[, clock, move]), got {}", fields.len()));
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("bad side to move {other:?}")),
        };
        if fields.len() == 4 {
            for f in &fields[2..] {
                if f.parse::<u32>().is_err() {
                    return Err(format!("bad clock field {f:?}"));
                }
            }
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 8 {
            return Err(format!("expected 8 rows, got {}", rows.len()));
        }
        let mut board = vec![None; g.cells.len()];
        for (ri, text) in rows.iter().enumerate() {
            let row = 8 - ri as i32;
            let row_cells: Vec<usize> = (0..g.cells.len()).filter(|&i| g.cells[i].row == row).collect();
            let mut pos = 0usize;
            let chars: Vec<char> = text.chars().collect();
            let mut ci = 0;
            while ci < chars.len() {
                let ch = chars[ci];
                if ch.is_ascii_digit() {
                    // A number may have two digits.
                    let mut num = 0usize;
                    while ci < chars.len() && chars[ci].is_ascii_digit() {
                        num = num * 10 + chars[ci].to_digit(10).unwrap() as usize;
                        ci += 1;
                    }
                    if num == 0 {
                        return Err(format!("row {row}: empty run of 0"));
                    }
                    pos += num;
                    if pos > row_cells.len() {
                        return Err(format!("row {row}: too many cells"));
                    }
                    continue;
                }
                let kind = Kind::from_letter(ch.to_ascii_uppercase())
                    .ok_or_else(|| format!("row {row}: bad character {ch:?}"))?;
                let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
                if pos >= row_cells.len() {
                    return Err(format!("row {row}: too many cells"));
                }
                board[row_cells[pos]] = Some((color, kind));
                pos += 1;
                ci += 1;
            }
            if pos != row_cells.len() {
                return Err(format!("row {row}: {} cells described, expected {}", pos, row_cells.len()));
            }
        }
        let p = RefPosition { board, side };
        p.validate()?;
        Ok(p)
    }

    /// "A valid position (what the board editor and the parser accept)".
    fn validate(&self) -> Result<(), String> {
        let g = geometry();
        for color in [Color::White, Color::Black] {
            // "Exactly one king a side"
            let kings = self.board.iter().filter(|p| **p == Some((color, Kind::King))).count();
            if kings != 1 {
                return Err(format!("{color:?} has {kings} kings, expected 1"));
            }
        }
        // "the two kings do not touch"
        let wk = self.king_cell(Color::White).unwrap();
        let bk = self.king_cell(Color::Black).unwrap();
        if g.edge[wk].contains(&bk) || g.corner[wk].contains(&bk) {
            return Err("the kings touch".to_string());
        }
        for (i, p) in self.board.iter().enumerate() {
            if let Some((color, Kind::Pawn)) = *p {
                let c = &g.cells[i];
                // "No pawn on its own promotion cells"
                if is_promotion_cell(&c.name, color) {
                    return Err(format!("pawn on its promotion cell {}", c.name));
                }
                // "no White pawn on row 1 and no Black pawn on row 8"
                if (color == Color::White && c.row == 1) || (color == Color::Black && c.row == 8) {
                    return Err(format!("pawn on its first row at {}", c.name));
                }
            }
        }
        // "The side not to move is not in check."
        let other = self.side.other();
        if self.attacked(self.king_cell(other).unwrap(), self.side) {
            return Err("the side not to move is in check".to_string());
        }
        Ok(())
    }

    /// Canonical position string: board + " w"/" b" + " 0 1".
    pub fn to_position_string(&self) -> String {
        let g = geometry();
        let mut rows = Vec::new();
        for row in (1..=8).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for i in 0..g.cells.len() {
                if g.cells[i].row != row {
                    continue;
                }
                match self.board[i] {
                    None => empty += 1,
                    Some((color, kind)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let l = kind.letter();
                        s.push(if color == Color::White { l } else { l.to_ascii_lowercase() });
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            rows.push(s);
        }
        let side = if self.side == Color::White { "w" } else { "b" };
        format!("{} {} 0 1", rows.join("/"), side)
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn piece_at(&self, cell: &str) -> Option<(Color, Kind)> {
        let g = geometry();
        let i = *g.by_name.get(cell).unwrap_or_else(|| panic!("no cell {cell:?}"));
        self.board[i]
    }

    /// All 96 cell names in row order (row 1 left to right, then row 2, ...).
    pub fn cell_names() -> Vec<String> {
        geometry().cells.iter().map(|c| c.name.clone()).collect()
    }

    fn king_cell(&self, color: Color) -> Option<usize> {
        self.board.iter().position(|p| *p == Some((color, Kind::King)))
    }

    /// Cells the piece on `from` may move to (pseudo-legal: own king safety
    /// not considered; own pieces never taken). "each captures where it may
    /// move; only the knight jumps".
    fn targets(&self, from: usize) -> Vec<usize> {
        let g = geometry();
        let (color, kind) = self.board[from].expect("piece on from-cell");
        let own_dark = g.cells[from].is_dark();
        let free_or_enemy = |c: usize| match self.board[c] {
            None => true,
            Some((col, _)) => col != color,
        };
        let mut out: BTreeSet<usize> = BTreeSet::new();

        // Slide along a list of cells until blocked; `stop_ok` says whether
        // the piece may stop on a cell (others must merely be passed, empty).
        let slide = |ray: &[usize], stop_ok: &dyn Fn(usize) -> bool, out: &mut BTreeSet<usize>| {
            for &c in ray {
                if stop_ok(c) {
                    match self.board[c] {
                        None => {
                            out.insert(c);
                        }
                        Some((col, _)) => {
                            if col != color {
                                out.insert(c);
                            }
                            break;
                        }
                    }
                } else if self.board[c].is_some() {
                    // "every cell it passes, of either colour, must be empty"
                    break;
                }
            }
        };
        let any_cell = |_: usize| true;
        let own_colour = |c: usize| g.cells[c].is_dark() == own_dark;

        match kind {
            Kind::Rook => {
                // "slides along its three strips, both ways, any distance"
                for ray in &g.strip_rays[from] {
                    slide(ray, &any_cell, &mut out);
                }
            }
            Kind::Bishop => {
                // "slides along the six altitude rays but stops only on cells
                // of its own colour; every cell it passes, of either colour,
                // must be empty."
                for ray in &g.alt_rays[from] {
                    slide(ray, &own_colour, &mut out);
                }
                // "It may also step to any of the six cells of its own colour
                // that touch its cell at a corner."
                for &c in &g.corner[from] {
                    if own_colour(c) && free_or_enemy(c) {
                        out.insert(c);
                    }
                }
            }
            Kind::Queen => {
                // "the rook's moves,"
                for ray in &g.strip_rays[from] {
                    slide(ray, &any_cell, &mut out);
                }
                // "plus slides along the six altitude rays stopping on any
                // cell (path empty),"
                for ray in &g.alt_rays[from] {
                    slide(ray, &any_cell, &mut out);
                }
                // "plus the bishop's six corner steps."
                for &c in &g.corner[from] {
                    if own_colour(c) && free_or_enemy(c) {
                        out.insert(c);
                    }
                }
            }
            Kind::King => {
                // "to any of its 12 touching cells"
                for &c in g.edge[from].iter().chain(g.corner[from].iter()) {
                    if free_or_enemy(c) {
                        out.insert(c);
                    }
                }
            }
            Kind::Knight => {
                for &c in &g.knight[from] {
                    if free_or_enemy(c) {
                        out.insert(c);
                    }
                }
            }
            Kind::Pawn => {
                // "It moves and captures on the same cells."
                let idx = if color == Color::White { 0 } else { 1 };
                for &c in &g.pawn[idx][from] {
                    if free_or_enemy(c) {
                        out.insert(c);
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    /// Is `cell` attacked by any piece of colour `by`?
    fn attacked(&self, cell: usize, by: Color) -> bool {
        (0..self.board.len()).any(|i| match self.board[i] {
            Some((col, _)) if col == by => self.targets(i).contains(&cell),
            _ => false,
        })
    }

    /// "king against king is drawn at once"
    fn king_against_king(&self) -> bool {
        self.board.iter().all(|p| matches!(p, None | Some((_, Kind::King))))
    }

    fn apply(&self, m: Mv) -> RefPosition {
        let mut next = self.clone();
        let piece = next.board[m.from].take().expect("piece on from-cell");
        next.board[m.to] = Some(match m.promo {
            Some(k) => (piece.0, k),
            None => piece,
        });
        next.side = self.side.other();
        next
    }

    fn legal_internal(&self) -> Vec<Mv> {
        let g = geometry();
        if self.king_against_king() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for from in 0..self.board.len() {
            let (color, kind) = match self.board[from] {
                Some(p) if p.0 == self.side => p,
                _ => continue,
            };
            for to in self.targets(from) {
                // "Promotion (Decision: compulsory) ... becomes a queen, rook,
                // knight or the bishop of that cell's colour".
                let promos: Vec<Option<Kind>> = if kind == Kind::Pawn && is_promotion_cell(&g.cells[to].name, color) {
                    vec![Some(Kind::Queen), Some(Kind::Rook), Some(Kind::Bishop), Some(Kind::Knight)]
                } else {
                    vec![None]
                };
                for promo in promos {
                    let m = Mv { from, to, promo };
                    // Legality: own king not in check afterwards ("The king
                    // ... may not move into check"; "A sakkból ki kell lépni").
                    let after = self.apply(m);
                    let k = after.king_cell(self.side).expect("own king");
                    if !after.attacked(k, after.side) {
                        moves.push(m);
                    }
                }
            }
        }
        moves
    }

    /// All legal moves; EMPTY when the game is over (checkmate, stalemate,
    /// or king against king).
    pub fn legal_moves(&self) -> BTreeSet<RefMove> {
        let g = geometry();
        self.legal_internal()
            .into_iter()
            .map(|m| (g.cells[m.from].name.clone(), g.cells[m.to].name.clone(), m.promo.map(|k| k.letter())))
            .collect()
    }

    /// Plays a legal move (panics on an illegal one).
    pub fn play(&self, mv: &RefMove) -> RefPosition {
        let g = geometry();
        let m = self
            .legal_internal()
            .into_iter()
            .find(|m| g.cells[m.from].name == mv.0 && g.cells[m.to].name == mv.1 && m.promo.map(|k| k.letter()) == mv.2)
            .unwrap_or_else(|| panic!("illegal move {mv:?} in position {}", self.to_position_string()));
        self.apply(m)
    }

    /// Is the side to move in check?
    pub fn is_check(&self) -> bool {
        match self.king_cell(self.side) {
            Some(k) => self.attacked(k, self.side.other()),
            None => false,
        }
    }

    /// None while the game goes on, else the result.
    pub fn result(&self) -> Option<&'static str> {
        if self.king_against_king() {
            return Some("draw by insufficient material");
        }
        if !self.legal_internal().is_empty() {
            return None;
        }
        if self.is_check() {
            // "Checkmate wins."
            Some(match self.side {
                Color::White => "black wins by checkmate",
                Color::Black => "white wins by checkmate",
            })
        } else {
            // "Decision: stalemate is a draw"
            Some("draw by stalemate")
        }
    }

    /// The static exchange of the move `from`–`to` (promoting to `promotion`, a letter),
    /// worked out plainly for the engine's differential test: the victim's value, less
    /// what the other side then wins by capturing on `to` with its least valuable
    /// piece (`values` in King, Queen, Rook, Bishop, Knight, Pawn order; of two of a
    /// kind, the one `rank` puts first), each side free to stop, a recapturing pawn not
    /// promoting, a king capturing only onto a cell the other side no longer attacks.
    pub fn static_exchange(
        &self,
        from: &str,
        to: &str,
        promotion: Option<char>,
        values: &[i32; 6],
        rank: &dyn Fn(&str) -> u32,
    ) -> i32 {
        let g = geometry();
        let (f, t) = (g.by_name[from], g.by_name[to]);
        let (color, kind) = self.board[f].expect("a piece on the from-cell");
        let victim = self.board[t].map_or(0, |(_, k)| values[k as usize]);
        let standing = promotion.and_then(Kind::from_letter).unwrap_or(kind);
        let promoted = values[standing as usize] - values[kind as usize];
        let mut after = self.clone();
        after.board[t] = Some((color, standing));
        after.board[f] = None;
        victim + promoted - after.exchange_on(t, color.other(), values[standing as usize], values, rank)
    }

    /// What `side` wins by going on capturing on `t`, where a piece worth `standing`
    /// stands (0 when it had better stop).
    fn exchange_on(&self, t: usize, side: Color, standing: i32, values: &[i32; 6], rank: &dyn Fn(&str) -> u32) -> i32 {
        let g = geometry();
        let order = [Kind::Pawn, Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen, Kind::King];
        let capturer = order.iter().find_map(|&k| {
            (0..self.board.len())
                .filter(|&i| self.board[i] == Some((side, k)) && self.targets(i).contains(&t))
                .min_by_key(|&i| rank(&g.cells[i].name))
                .map(|i| (i, k))
        });
        let Some((i, k)) = capturer else { return 0 };
        let mut after = self.clone();
        after.board[t] = Some((side, k));
        after.board[i] = None;
        if k == Kind::King && after.attacked(t, side.other()) {
            return 0;
        }
        (standing - after.exchange_on(t, side.other(), values[k as usize], values, rank)).max(0)
    }

    /// Naive perft; every promotion choice is a move; mate, stalemate and
    /// K v K end the tree (they have no legal moves).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_internal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.apply(m).perft(depth - 1)).sum()
    }
}

// ---------------------------------------------------------------------------
// Self-checks of the geometry against the rules' sentences (cheap).
// ---------------------------------------------------------------------------

#[cfg(test)]
mod geometry_checks {
    use super::*;

    fn idx(name: &str) -> usize {
        geometry().by_name[name]
    }

    #[test]
    fn board_has_96_cells_in_rows_of_9_11_13_15_15_13_11_9() {
        let g = geometry();
        assert_eq!(g.cells.len(), 96);
        let counts: Vec<usize> = (1..=8).map(|k| g.cells.iter().filter(|c| c.row == k).count()).collect();
        assert_eq!(counts, vec![9, 11, 13, 15, 15, 13, 11, 9]);
        // "cells sharing a side always differ in colour"
        for i in 0..96 {
            for &j in &g.edge[i] {
                assert_ne!(g.cells[i].is_dark(), g.cells[j].is_dark());
            }
        }
    }

    #[test]
    fn row_1_and_row_8_names() {
        let names = RefPosition::cell_names();
        assert_eq!(names[..9].join(" "), "a1l a1d b1l b1d c1l c1d d1l d1d e1l");
        assert_eq!(names[87..].join(" "), "d8d e8l e8d f8l f8d g8l g8d h8l h8d");
    }

    #[test]
    fn file_and_row_meet_in_at_most_one_light_and_one_dark_cell() {
        // Also: the files are strips parallel to the lower-left edge. The
        // lower-left edge runs from (-4, 0) to (-8, 4): direction (-1, 1),
        // i.e. family f2 = (x + y)/2 is constant along it.
        let g = geometry();
        for c in &g.cells {
            let file = (c.name.as_bytes()[0] - b'a') as i32;
            // file a at the bottom-left corner: f2 of (-4, 0) is -2.
            assert_eq!(strip_index(c, 2), file - 2, "{}", c.name);
        }
        let mut seen = BTreeSet::new();
        for c in &g.cells {
            let key = (c.name.as_bytes()[0], c.row, c.up);
            assert!(seen.insert(key), "two cells share {}", c.name);
        }
    }

    #[test]
    fn twelve_touching_cells_inside() {
        let g = geometry();
        // d4d is well inside the board.
        let i = idx("d4d");
        assert_eq!(g.edge[i].len(), 3);
        assert_eq!(g.corner[i].len(), 9);
        for i in 0..96 {
            assert!(g.edge[i].len() <= 3 && g.corner[i].len() <= 9);
            let same = g.corner[i].iter().filter(|&&j| g.cells[j].is_dark() == g.cells[i].is_dark()).count();
            assert!(same <= 6);
            if g.edge[i].len() + g.corner[i].len() == 12 {
                assert_eq!(same, 6);
            }
        }
    }

    #[test]
    fn strip_walks_cover_whole_strips() {
        let g = geometry();
        for i in 0..96 {
            for family in 0..3 {
                let s = strip_index(&g.cells[i], family);
                let strip: BTreeSet<usize> =
                    (0..96).filter(|&j| j != i && strip_index(&g.cells[j], family) == s).collect();
                let walked: BTreeSet<usize> = g.strip_rays[i]
                    .iter()
                    .filter(|r| strip_index(&g.cells[r[0]], family) == s)
                    .flat_map(|r| r.iter().copied())
                    .collect();
                // Each edge-neighbour lies on two of the cell's strips, so a
                // walk whose first cell is in strip s may belong to another
                // family; restrict to walks that stay in strip s.
                let walked_in: BTreeSet<usize> =
                    walked.into_iter().filter(|&j| strip_index(&g.cells[j], family) == s).collect();
                assert_eq!(walked_in, strip, "cell {} family {}", g.cells[i].name, family);
            }
        }
        // Row 4 as a strip from a4l: every other cell of row 4.
        let a = idx("a4l");
        let row_walk: Vec<&str> = g.strip_rays[a]
            .iter()
            .find(|r| g.cells[r[0]].row == 4)
            .unwrap()
            .iter()
            .map(|&j| g.cells[j].name.as_str())
            .collect();
        assert_eq!(row_walk.len(), 14);
    }

    #[test]
    fn altitude_rays_alternate_and_split_three_sides_three_corners() {
        let g = geometry();
        for i in 0..96 {
            let mut through_side = 0;
            let mut through_corner = 0;
            assert_eq!(g.alt_rays[i].len(), 6);
            for ray in &g.alt_rays[i] {
                let mut prev = i;
                for &c in ray {
                    // "Cells along such a ray alternate in colour."
                    assert_ne!(g.cells[prev].is_dark(), g.cells[c].is_dark());
                    // Consecutive cells touch.
                    assert!(g.edge[prev].contains(&c) || g.corner[prev].contains(&c));
                    prev = c;
                }
                if let Some(&first) = ray.first() {
                    if g.edge[i].contains(&first) {
                        through_side += 1;
                    } else {
                        assert!(g.corner[i].contains(&first));
                        through_corner += 1;
                    }
                }
            }
            assert!(through_side <= 3 && through_corner <= 3);
        }
        // The vertical ray up from d4d (a dark, point-up cell) leaves through
        // its apex, so its first cell is a light, point-down corner-neighbour
        // in row 5 and its second a dark cell in row 6.
        let i = idx("d4d");
        let up = g.alt_rays[i].iter().find(|r| g.cells[r[0]].row == 5 && g.cells[r[1]].row == 6).expect("upward ray");
        assert!(g.corner[i].contains(&up[0]));
        assert!(!g.cells[up[0]].up && g.cells[up[1]].up);
    }

    #[test]
    fn knight_targets_are_of_the_other_colour() {
        let g = geometry();
        for i in 0..96 {
            assert!(g.knight[i].len() <= 12);
            for &t in &g.knight[i] {
                assert_ne!(g.cells[i].is_dark(), g.cells[t].is_dark());
            }
        }
        assert_eq!(g.knight[idx("d4d")].len(), 12);
        assert_eq!(g.knight[idx("e5l")].len(), 12);
    }

    #[test]
    fn pawn_target_counts() {
        let g = geometry();
        // White on light: 3 cells; White on dark: 4 cells (away from edges).
        assert_eq!(g.pawn[0][idx("d4l")].len(), 3);
        assert_eq!(g.pawn[0][idx("d4d")].len(), 4);
        assert_eq!(g.pawn[1][idx("d4d")].len(), 3);
        assert_eq!(g.pawn[1][idx("d4l")].len(), 4);
        // Pawns never move backwards.
        for i in 0..96 {
            for &t in &g.pawn[0][i] {
                assert!(g.cells[t].row >= g.cells[i].row);
            }
            for &t in &g.pawn[1][i] {
                assert!(g.cells[t].row <= g.cells[i].row);
            }
        }
    }

    #[test]
    fn promotion_cells_are_the_back_edges() {
        let g = geometry();
        for c in &g.cells {
            assert_eq!(is_promotion_cell(&c.name, Color::White), c.row == 8 && !c.up);
            assert_eq!(is_promotion_cell(&c.name, Color::Black), c.row == 1 && c.up);
        }
    }

    /// Rotation of the board by 60° about its centre (0, 4). A lattice
    /// vector (u, v) is (u/2, v·√3/2) in real units; rotating by 60° and
    /// converting back gives ((u − 3v)/2, (u + v)/2).
    fn rotate_cell(i: usize) -> usize {
        let g = geometry();
        let rot: Vec<Pt> = g.cells[i]
            .verts
            .iter()
            .map(|&(x, y)| {
                let (u, v) = (x, y - 4);
                ((u - 3 * v) / 2, (u + v) / 2 + 4)
            })
            .collect();
        (0..96).find(|&j| rot.iter().all(|p| g.cells[j].verts.contains(p))).expect("rotated cell on the board")
    }

    /// Mirror top to bottom: (x, y) -> (x, 8 − y).
    fn mirror_cell(i: usize) -> usize {
        let g = geometry();
        let m: Vec<Pt> = g.cells[i].verts.iter().map(|&(x, y)| (x, 8 - y)).collect();
        (0..96).find(|&j| m.iter().all(|p| g.cells[j].verts.contains(p))).expect("mirrored cell on the board")
    }

    fn set(v: &[usize], f: impl Fn(usize) -> usize) -> BTreeSet<usize> {
        v.iter().map(|&c| f(c)).collect()
    }

    #[test]
    fn piece_geometry_is_invariant_under_60_degree_rotation() {
        let g = geometry();
        for i in 0..96 {
            let r = rotate_cell(i);
            assert_eq!(set(&g.edge[i], rotate_cell), set(&g.edge[r], |c| c));
            assert_eq!(set(&g.corner[i], rotate_cell), set(&g.corner[r], |c| c));
            assert_eq!(set(&g.knight[i], rotate_cell), set(&g.knight[r], |c| c));
            // The non-empty rays of a cell, each mapped cell by cell.
            let rays = |rs: &[Vec<usize>], f: &dyn Fn(usize) -> usize| -> BTreeSet<Vec<usize>> {
                rs.iter().filter(|r| !r.is_empty()).map(|r| r.iter().map(|&c| f(c)).collect()).collect()
            };
            let id = |c: usize| c;
            assert_eq!(rays(&g.strip_rays[i], &rotate_cell), rays(&g.strip_rays[r], &id));
            assert_eq!(rays(&g.alt_rays[i], &rotate_cell), rays(&g.alt_rays[r], &id));
        }
    }

    #[test]
    fn move_relations_are_symmetric() {
        let g = geometry();
        for a in 0..96 {
            for b in 0..96 {
                // Knight moves are reversible away from the edge. (Not at the
                // edge: b1d reaches a1l through L = a2d, but from a1l the
                // matching L would be off the board — "L must be on the
                // board".)
                let on_edge = |c: usize| g.edge[c].len() + g.corner[c].len() < 12;
                if g.knight[a].contains(&b) != g.knight[b].contains(&a) {
                    assert!(on_edge(a) || on_edge(b));
                }
                // Altitude rays: b on a ray from a iff a on a ray from b,
                // with the same cells in between.
                for ray in &g.alt_rays[a] {
                    if let Some(p) = ray.iter().position(|&c| c == b) {
                        let back = g.alt_rays[b].iter().find(|r| r.contains(&a)).expect("reverse ray");
                        let q = back.iter().position(|&c| c == a).unwrap();
                        let mut between: Vec<usize> = back[..q].to_vec();
                        between.reverse();
                        assert_eq!(between, ray[..p].to_vec());
                    }
                }
                // A White pawn's move a -> b is a Black pawn's move b -> a,
                // and Black's pawn targets are White's mirrored.
                assert_eq!(g.pawn[0][a].contains(&b), g.pawn[1][b].contains(&a));
            }
            assert_eq!(set(&g.pawn[0][a], mirror_cell), set(&g.pawn[1][mirror_cell(a)], |c| c));
        }
    }

    /// Mirror a position top to bottom, swapping the colours.
    fn mirror_position(p: &RefPosition) -> RefPosition {
        let mut board = vec![None; 96];
        for i in 0..96 {
            if let Some((c, k)) = p.board[i] {
                board[mirror_cell(i)] = Some((c.other(), k));
            }
        }
        RefPosition { board, side: p.side.other() }
    }

    #[test]
    fn colour_mirror_gives_same_counts() {
        let p = RefPosition::opening();
        let after = p.apply(p.legal_internal()[7]);
        let m = mirror_position(&after);
        assert_eq!(after.perft(2), m.perft(2));
        assert_eq!(m.legal_internal().len(), after.legal_internal().len());
    }

    #[test]
    fn opening_matches_the_described_setup() {
        let p = RefPosition::opening();
        let w = |n: &str, k: Kind| assert_eq!(p.piece_at(n), Some((Color::White, k)), "{n}");
        w("a1d", Kind::Rook);
        w("b1d", Kind::Queen);
        w("c1d", Kind::King);
        w("d1d", Kind::Rook);
        w("b1l", Kind::Knight);
        w("d1l", Kind::Knight);
        w("c1l", Kind::Bishop);
        w("c2d", Kind::Bishop);
        for n in ["a2d", "b2d", "c2l", "d2l", "d2d", "e2d"] {
            w(n, Kind::Pawn);
        }
        // "Black is White mirrored top to bottom": (x, y) -> (x, 8 - y).
        let g = geometry();
        let mut count = 0;
        for (i, c) in g.cells.iter().enumerate() {
            if let Some((Color::White, k)) = p.board[i] {
                let mirror: Vec<Pt> = c.verts.iter().map(|&(x, y)| (x, 8 - y)).collect();
                let j = (0..96).find(|&j| mirror.iter().all(|v| g.cells[j].verts.contains(v))).unwrap();
                assert_eq!(p.board[j], Some((Color::Black, k)));
                count += 1;
            }
        }
        assert_eq!(count, 14);
        assert_eq!(p.board.iter().filter(|x| x.is_some()).count(), 28);
        // Seed: Black's rook, queen, king, rook on e8l f8l g8l h8l.
        assert_eq!(p.piece_at("g8l"), Some((Color::Black, Kind::King)));
        assert_eq!(p.to_position_string(), OPENING);
    }
}

// ---------------------------------------------------------------------------
// What was verified (scratch crate, rustc/clippy 1.95, edition 2024):
// - perft from the opening: depth 1 = 34, 2 = 1,155, 3 = 44,133 (the rules'
//   values), 4 = 1,681,083 (4.9 s in release), 5 = 71,210,921 (166 s in
//   release, one thread).
// - Board: 96 cells, rows of 9 11 13 15 15 13 11 9; side-sharing cells differ
//   in colour; row 1 reads "a1l a1d b1l b1d c1l c1d d1l d1d e1l" and row 8
//   "d8d e8l e8d f8l f8d g8l g8d h8l h8d"; names are unique (a file and a
//   row meet in at most one light and one dark cell); the file formula agrees
//   with the geometric strip parallel to the lower-left edge.
// - Interior cells have 3 edge- and 9 corner-neighbours, 6 of the latter of
//   their own colour.
// - Strip walks across shared sides cover exactly the cells of each strip.
// - Every cell has 6 altitude rays, at most 3 leaving through a side and at
//   most 3 through a corner; cells along a ray alternate in colour and touch
//   their predecessor; rays are reversible with the same cells in between.
// - Edge/corner neighbours, strip rays, altitude rays and knight targets are
//   invariant under the 60° rotation of the hexagon.
// - Knight targets (12 inside) are of the other colour; knight moves are
//   reversible except near the edge, where "L must be on the board" breaks
//   the symmetry (b1d reaches a1l through L = a2d; a1l cannot reach b1d).
// - Pawns: 3 targets on apex-back cells, 4 on apex-forward cells; never
//   backwards; a White pawn's a -> b is a Black pawn's b -> a; Black's
//   targets are White's mirrored top to bottom. Promotion cells are exactly
//   the light cells of row 8 (White) and the dark cells of row 1 (Black).
// - The opening string matches the described setup (White pieces on the
//   named cells; Black is White mirrored top to bottom with (x, y) ->
//   (x, 8 − y); 14 pieces a side) and prints back canonically.
// - A colour-mirrored position has the same move counts.
// - The 34 opening moves were checked by hand for the pawns a2d and c2l, the
//   rook a1d, the queen b1d (no move) and the bishop c2d (c3d d3d d4d e6d).
// - Random games (60 games, up to 400 plies, 161 promotions played, mates
//   for both sides and K v K draws reached): the position string round-trips
//   through parse, every reached position is valid, "no legal moves" agrees
//   with result(), promotions come in fours.
// - parse rejects malformed strings, wrong king counts, touching kings, pawns
//   on their first row or promotion cells, and the side not to move in check.
// - K v K: result "draw by insufficient material", no moves, perft 0.
// ---------------------------------------------------------------------------
