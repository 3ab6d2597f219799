//! The Triangular board (HU 188326): 96 equilateral triangles of side 1 in a regular
//! hexagon of side 4 with flat top and bottom; point-up cells dark, point-down light;
//! file letters and row numbers that turn with the board; pieces and highlights.
//!
//! Geometry (`docs/rules-triangular.md` §1 *The board*): horizontal grid lines y =
//! 0..8 (one row height each), the hexagon's half-width on line y is 2 + min(y, 8−y)/2.
//! Row k lies between lines k−1 and k; a point-up cell has its base [a, a+1] on line
//! k−1, a point-down cell its top [b, b+1] on line k. The file of a point-up cell is
//! a + (k−1)/2 + 2, of a point-down cell b + k/2 + 2.
//!
//! The input is plain data ([`TriPieces`]: one optional piece per cell, row 1 first),
//! so an adapter from the rules core is a few lines.

use super::glyphs::{self, Army, Glyph, Shade};
use super::interstellar::{frame, label};
use super::overlay::{self, BoardOverlay, CellId, Geometry};
use super::scene::{HAlign, Item, Paint, Point, Rgba, Role, Scene, Shape, Stroke, point_in_polygon};

const S: f32 = 0.866_025_4; // √3/2: row height in triangle sides

/// Cells per row, rows 1..=8.
pub const ROW_LENGTHS: [u8; 8] = [9, 11, 13, 15, 15, 13, 11, 9];
/// Index of each row's first cell (and 96 at the end).
const ROW_START: [u8; 9] = [0, 9, 20, 33, 48, 63, 76, 87, 96];
/// Cells on the board.
pub const CELL_COUNT: usize = 96;

/// Half-width of the board on grid line `y` (0..=8).
fn half_width(y: u8) -> f32 {
    2.0 + (y.min(8 - y)) as f32 / 2.0
}

/// A cell of the Triangular board, as its index 0..96 in row order (row 1 first, left to
/// to right within a row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TriCell(pub u8);

impl TriCell {
    /// The cell at row `row` (1..=8), position `position` (0-based from the left), if any.
    pub fn new(row: u8, position: u8) -> Option<TriCell> {
        if (1..=8).contains(&row) && position < ROW_LENGTHS[row as usize - 1] {
            Some(TriCell(ROW_START[row as usize - 1] + position))
        } else {
            None
        }
    }

    /// The cell with index `index` (0..96), if any.
    pub fn from_index(index: u8) -> Option<TriCell> {
        (index < CELL_COUNT as u8).then_some(TriCell(index))
    }

    /// All 96 cells, row 1 first, left to right.
    pub fn all() -> impl Iterator<Item = TriCell> {
        (0..CELL_COUNT as u8).map(TriCell)
    }

    /// The cell with the given name (`c1d`, `f8l`), if any.
    pub fn from_name(name: &str) -> Option<TriCell> {
        TriCell::all().find(|c| c.name() == name)
    }

    /// The index 0..96.
    pub fn index(self) -> u8 {
        self.0
    }

    /// The row 1..=8, counted from White's edge.
    pub fn row(self) -> u8 {
        (1..=8).rev().find(|&k| ROW_START[k as usize - 1] <= self.0).expect("valid cell")
    }

    /// The position in the row, 0-based from the left.
    pub fn position(self) -> u8 {
        self.0 - ROW_START[self.row() as usize - 1]
    }

    /// Whether the cell points up (and so is dark).
    pub fn is_dark(self) -> bool {
        let (k, j) = (self.row(), self.position());
        // The lower half starts each row with a point-down cell, the upper half with a
        // point-up cell; orientations alternate along the row.
        if k <= 4 { j % 2 == 1 } else { j % 2 == 0 }
    }

    /// The left end of the cell's horizontal side: `a` (base on line k−1) for a point-up
    /// cell, `b` (top on line k) for a point-down cell, in triangle sides from the centre.
    fn side_start(self) -> f32 {
        let (k, j) = (self.row(), self.position());
        let (wb, wt) = (half_width(k - 1), half_width(k));
        let first_dark = k > 4;
        // Cells of the orientation that starts the row sit at even positions.
        let rank = if self.is_dark() == first_dark { j / 2 } else { (j - 1) / 2 } as f32;
        if self.is_dark() { -wb + rank } else { -wt + rank }
    }

    /// The file 0..8 (a..h).
    pub fn file(self) -> u8 {
        let k = self.row() as f32;
        let f =
            if self.is_dark() { self.side_start() + (k - 1.0) / 2.0 + 2.0 } else { self.side_start() + k / 2.0 + 2.0 };
        f.round() as u8
    }

    /// The cell's name: file letter, row, `d` or `l` (`c1d`, `f8l`).
    pub fn name(self) -> String {
        format!("{}{}{}", (b'a' + self.file()) as char, self.row(), if self.is_dark() { 'd' } else { 'l' })
    }

    /// The three vertices in rules coordinates (x in triangle sides from the centre,
    /// y in triangle sides up from the bottom edge), base first.
    pub fn model_vertices(self) -> [(f32, f32); 3] {
        let k = self.row() as f32;
        let s = self.side_start();
        let (y0, y1) = ((k - 1.0) * S, k * S);
        if self.is_dark() { [(s, y0), (s + 1.0, y0), (s + 0.5, y1)] } else { [(s, y1), (s + 1.0, y1), (s + 0.5, y0)] }
    }
}

/// A side in Triangular: the rules core's own colour type (White at the bottom).
pub use crate::core::triangular::Color as TriColor;
/// A kind of Triangular piece: the rules core's own role type (a bishop's cell colour is
/// the colour of the cell it is on).
pub use crate::core::triangular::Role as TriKind;

/// The board's contents: one optional piece per cell, indexed by [`TriCell::index`].
pub type TriPieces = [Option<(TriColor, TriKind)>; CELL_COUNT];

/// Board contents from a list of `(row, position, color, kind)` (position 0-based from
/// the left); entries off the board are ignored.
pub fn from_pieces(list: &[(u8, u8, TriColor, TriKind)]) -> TriPieces {
    let mut out = [None; CELL_COUNT];
    for &(row, position, color, kind) in list {
        if let Some(cell) = TriCell::new(row, position) {
            out[cell.index() as usize] = Some((color, kind));
        }
    }
    out
}

/// Board contents from the board part of a position string (rows 8 down to 1 separated
/// by `/`, numbers for empty cells, `KQRBNP` White, `kqrbnp` Black), or `None` if it does
/// not describe 96 cells.
pub fn from_position_string(text: &str) -> Option<TriPieces> {
    let board = text.split_whitespace().next()?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 8 {
        return None;
    }
    let mut out = [None; CELL_COUNT];
    for (n, row_text) in rows.iter().enumerate() {
        let row = 8 - n as u8;
        let mut pos = 0u8;
        let mut digits = 0u32;
        let flush = |digits: &mut u32, pos: &mut u8| {
            *pos = pos.saturating_add(*digits as u8);
            *digits = 0;
        };
        for ch in row_text.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits = digits * 10 + d;
                if digits > 15 {
                    return None;
                }
                continue;
            }
            flush(&mut digits, &mut pos);
            let kind = TriKind::from_letter(ch.to_ascii_uppercase())?;
            let color = if ch.is_ascii_uppercase() { TriColor::White } else { TriColor::Black };
            let cell = TriCell::new(row, pos)?;
            out[cell.index() as usize] = Some((color, kind));
            pos += 1;
        }
        flush(&mut digits, &mut pos);
        if pos != ROW_LENGTHS[row as usize - 1] {
            return None;
        }
    }
    Some(out)
}

/// The opening position's board (`docs/rules-triangular.md` §5 *The opening position*).
pub fn opening() -> TriPieces {
    from_position_string(OPENING).expect("opening position string")
}

/// The opening position string (`docs/rules-triangular.md` §8 *Position strings*).
pub const OPENING: &str = "1rnqbknr1/1p1ppbpp1p1/13/15/15/13/1P1PPBPP1P1/1RNQBKNR1 w 0 1";

/// The board's colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TriangularPalette {
    /// Frame around the board, under the coordinates.
    pub frame: Rgba,
    /// Coordinates.
    pub label: Rgba,
    /// Light (point-down) cells.
    pub light: Rgba,
    /// Dark (point-up) cells.
    pub dark: Rgba,
    /// Cell outlines.
    pub outline: Rgba,
}

impl Default for TriangularPalette {
    /// Classic wood: the lichess brown pair.
    fn default() -> Self {
        TriangularPalette {
            frame: Rgba::hex(0x3b2a1e),
            label: Rgba::hex(0xe6d3b3),
            light: Rgba::hex(0xf0d9b5),
            dark: Rgba::hex(0xb58863),
            outline: Rgba::new(59, 42, 30, 70),
        }
    }
}

/// How the board is shown; also answers geometry queries in view board units
/// (one unit = one triangle side).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TriangularView {
    /// Half a turn: Black at the bottom.
    pub flipped: bool,
    /// File letters and row numbers in the margin.
    pub coordinates: bool,
    /// Colours.
    pub palette: TriangularPalette,
}

impl Default for TriangularView {
    /// Not flipped, with coordinates, default palette.
    fn default() -> Self {
        TriangularView { flipped: false, coordinates: true, palette: TriangularPalette::default() }
    }
}

/// Piece glyph box side, in triangle sides.
const GLYPH_SIZE: f32 = 0.52;
/// Radius of a triangle's inscribed circle.
const INRADIUS: f32 = 0.288_675_1;

impl TriangularView {
    /// A view with the given orientation and coordinates, default palette.
    pub fn new(flipped: bool, coordinates: bool) -> Self {
        TriangularView { flipped, coordinates, ..Default::default() }
    }

    fn margin(&self) -> f32 {
        if self.coordinates { 0.55 } else { 0.25 }
    }

    /// The view box `(width, height)` in board units.
    pub fn size(&self) -> (f32, f32) {
        let m = self.margin();
        (8.0 + 2.0 * m, 8.0 * S + 2.0 * m)
    }

    /// A point in rules coordinates (x from the centre, y up from the bottom edge, in
    /// triangle sides) in view units.
    pub fn to_view(&self, x: f32, y: f32) -> Point {
        let m = self.margin();
        let (x, y) = if self.flipped { (-x, 8.0 * S - y) } else { (x, y) };
        Point::new(m + 4.0 + x, m + 8.0 * S - y)
    }

    /// The cell's triangle in view units.
    pub fn cell_polygon(&self, cell: TriCell) -> [Point; 3] {
        cell.model_vertices().map(|(x, y)| self.to_view(x, y))
    }

    /// The cell's centre (centroid) in view units.
    pub fn cell_center(&self, cell: TriCell) -> Point {
        super::scene::polygon_center(&self.cell_polygon(cell))
    }

    /// The cell under a point in view units, if any.
    pub fn cell_at(&self, p: Point) -> Option<TriCell> {
        TriCell::all().find(|&c| point_in_polygon(p, &self.cell_polygon(c)))
    }

    /// The board with `pieces` and `overlay` as a scene.
    pub fn scene(&self, pieces: &TriPieces, overlay: &BoardOverlay) -> Scene {
        let (w, h) = self.size();
        let pal = &self.palette;
        let mut scene = Scene::new(w, h);
        scene.push(Role::Decoration, vec![frame(w, h, pal.frame)]);
        for cell in TriCell::all() {
            let poly = self.cell_polygon(cell).to_vec();
            let fill = if cell.is_dark() { pal.dark } else { pal.light };
            scene.push(
                Role::Cell(cell.name()),
                vec![Item::new(
                    Shape::Polygon(poly),
                    Paint { fill: Some(fill), stroke: Some(Stroke::new(pal.outline, 0.012)) },
                )],
            );
        }
        let polygon = |id: CellId| TriCell::from_index(id).map(|c| self.cell_polygon(c).to_vec());
        let occupied = |id: CellId| pieces.get(id as usize).is_some_and(|p| p.is_some());
        let geo = Geometry { polygon: &polygon, occupied: &occupied, inradius: INRADIUS };

        scene.push(Role::Layer("highlights"), overlay::under_pieces(overlay, &geo));
        if self.coordinates {
            scene.push(Role::Layer("coordinates"), self.coordinate_items());
        }
        scene.push(Role::Layer("target"), overlay::glow(overlay, &geo));
        for cell in TriCell::all() {
            let Some((color, kind)) = pieces[cell.index() as usize] else { continue };
            let army = match color {
                TriColor::White => Army::Light,
                TriColor::Black => Army::Dark,
            };
            let glyph = glyph_of(kind, cell.is_dark());
            // Sit the piece a little towards the triangle's wide side.
            let poly = self.cell_polygon(cell);
            let c = super::scene::polygon_center(&poly);
            let apex = poly[2];
            let towards_base = c.minus(apex).scale(0.1);
            let items = glyphs::place(&glyphs::glyph(glyph, army), c.plus(towards_base), GLYPH_SIZE);
            let side = match color {
                TriColor::White => "white",
                TriColor::Black => "black",
            };
            scene.push(Role::Piece { id: format!("{side}:{}", kind.name()), cell: cell.name() }, items);
        }
        scene.push(Role::Layer("targets"), overlay::targets(overlay, &geo));
        scene.push(Role::Layer("study"), overlay::study_marks(overlay, &geo));
        scene
    }

    fn coordinate_items(&self) -> Vec<Item> {
        let color = self.palette.label;
        let size = 0.3;
        let gap = 0.3;
        let mut items = Vec::new();
        let mid = |k: u8| (k as f32 - 0.5) * S;
        let w_mid = |k: u8| {
            let y = k as f32 - 0.5;
            2.0 + y.min(8.0 - y) / 2.0
        };
        // Row numbers beside the left edge (the right edge in rules coordinates when
        // flipped, which the view turns to the left).
        let side = if self.flipped { 1.0 } else { -1.0 };
        for k in 1..=8u8 {
            let p = self.to_view(side * (w_mid(k) + gap), mid(k));
            items.push(label(p, &k.to_string(), size, HAlign::Middle, color));
        }
        // File letters where the files meet the viewer's lower edges: unflipped, files
        // a–d start on the bottom edge and e–h on the lower-right edge; flipped, the
        // viewer's lower edges are the top edge (files e–h) and the upper-left edge (a–d).
        for f in 0..8u8 {
            let letter = ((b'a' + f) as char).to_string();
            let (x, y) = match (self.flipped, f < 4) {
                (false, true) => (f as f32 - 1.5, -gap * 0.95),
                (false, false) => (w_mid(f - 3) + gap, mid(f - 3)),
                (true, false) => (f as f32 - 5.5, 8.0 * S + gap * 0.95),
                (true, true) => (-(w_mid(f + 5) + gap), mid(f + 5)),
            };
            items.push(label(self.to_view(x, y), &letter, size, HAlign::Middle, color));
        }
        items
    }
}

/// The glyph for a kind of piece (a bishop shows the colour of the cell it stands on).
pub fn glyph_of(kind: TriKind, on_dark: bool) -> Glyph {
    match kind {
        TriKind::King => Glyph::King,
        TriKind::Queen => Glyph::Queen,
        TriKind::Rook => Glyph::Rook,
        TriKind::Bishop => Glyph::Bishop(if on_dark { Shade::Dark } else { Shade::Light }),
        TriKind::Knight => Glyph::Knight,
        TriKind::Pawn => Glyph::Pawn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row_names(k: u8) -> Vec<String> {
        (0..ROW_LENGTHS[k as usize - 1]).map(|j| TriCell::new(k, j).unwrap().name()).collect()
    }

    #[test]
    fn names_follow_the_rules_file() {
        assert_eq!(row_names(1).join(" "), "a1l a1d b1l b1d c1l c1d d1l d1d e1l");
        assert_eq!(row_names(8).join(" "), "d8d e8l e8d f8l f8d g8l g8d h8l h8d");
        assert_eq!(row_names(5).join(" "), "a5d b5l b5d c5l c5d d5l d5d e5l e5d f5l f5d g5l g5d h5l h5d");
        assert_eq!(row_names(4).join(" "), "a4l a4d b4l b4d c4l c4d d4l d4d e4l e4d f4l f4d g4l g4d h4l");
        assert_eq!(row_names(3).first().unwrap(), "a3l");
        assert_eq!(row_names(3).last().unwrap(), "g3l");
        let mut all: Vec<String> = TriCell::all().map(|c| c.name()).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 96);
    }

    #[test]
    fn cells_tile_the_hexagon() {
        let v = TriangularView::new(false, false);
        let area: f32 = TriCell::all()
            .map(|c| {
                let p = v.cell_polygon(c);
                ((p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[2].x - p[0].x) * (p[1].y - p[0].y)).abs() / 2.0
            })
            .sum();
        // A regular hexagon of side 4 is 24 triangles of side 1 … times four: 96 · √3/4.
        assert!((area - 96.0 * 0.433_012_7).abs() < 1e-3);
        for c in TriCell::all() {
            for (x, y) in c.model_vertices() {
                let line = (y / S).round() as u8;
                assert!(x.abs() <= half_width(line) + 1e-4, "{} vertex off the board", c.name());
            }
        }
    }

    #[test]
    fn hit_test_every_centre() {
        for flipped in [false, true] {
            for coordinates in [false, true] {
                let v = TriangularView::new(flipped, coordinates);
                for cell in TriCell::all() {
                    assert_eq!(v.cell_at(v.cell_center(cell)), Some(cell), "{}", cell.name());
                }
                assert_eq!(v.cell_at(Point::new(0.01, 0.01)), None);
            }
        }
    }

    #[test]
    fn opening_matches_the_rules_table() {
        let b = opening();
        let at = |name: &str| {
            let cell = TriCell::all().find(|c| c.name() == name).unwrap();
            b[cell.index() as usize]
        };
        assert_eq!(at("c1d"), Some((TriColor::White, TriKind::King)));
        assert_eq!(at("g8l"), Some((TriColor::Black, TriKind::King)));
        assert_eq!(at("c2d"), Some((TriColor::White, TriKind::Bishop)));
        assert_eq!(at("f7l"), Some((TriColor::Black, TriKind::Bishop)));
        assert_eq!(at("a1l"), None);
        assert_eq!(b.iter().flatten().count(), 28);
        let list = from_pieces(&[(1, 5, TriColor::White, TriKind::King), (9, 0, TriColor::White, TriKind::Pawn)]);
        assert_eq!(list[5], Some((TriColor::White, TriKind::King)));
        assert_eq!(list.iter().flatten().count(), 1);
    }
}
