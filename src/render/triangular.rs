//! The Triangular board (HU 188326): 96 equilateral triangles of side 1 in a regular
//! hexagon of side 4 with flat top and bottom; point-up cells dark, point-down light;
//! file letters and row numbers that turn with the board; pieces and highlights.
//!
//! Cells are the rules core's own [`Cell`]s, drawn from their corners
//! ([`Cell::vertices`], `docs/rules-triangular.md` §1 *The board*): x in triangle sides
//! from the board's centre, y in row heights (√3/2) up from White's edge.

use super::glyphs::{self, Army, Glyph, Shade};
use super::interstellar::{frame, label};
use super::overlay::{self, BoardOverlay, Geometry};
use super::scene::{HAlign, Item, Paint, Point, Rgba, Role, Scene, Shape, Stroke, point_in_polygon};
use super::view::{BoardScheme, BoardView, DrawGame};
use crate::core::triangular::{self, Cell, Kind, Piece, Setup, Side};

const S: f32 = 0.866_025_4; // √3/2: row height in triangle sides

/// The cell's corners in rules coordinates (x in triangle sides from the centre, y in
/// triangle sides up from the bottom edge), the horizontal side first.
pub fn model_vertices(cell: Cell) -> [(f32, f32); 3] {
    cell.vertices().map(|(x2, y)| (x2 as f32 / 2.0, y as f32 * S))
}

fn is_dark(cell: Cell) -> bool {
    cell.shade() == triangular::Shade::Dark
}

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

impl TriangularPalette {
    /// Black and white for printing: light cells white, dark cells light grey, black
    /// outlines and labels.
    pub const PRINTABLE: TriangularPalette = TriangularPalette {
        frame: Rgba::WHITE,
        label: Rgba::BLACK,
        light: Rgba::WHITE,
        dark: Rgba::hex(0xb4b4b4),
        outline: Rgba::hex(0x202020),
    };

    /// The palette of a colour scheme (Classic is [`TriangularPalette::default`]); the
    /// draughts board shares them.
    pub fn of_scheme(scheme: BoardScheme) -> TriangularPalette {
        match scheme {
            BoardScheme::Classic => TriangularPalette::default(),
            BoardScheme::Ocean => TriangularPalette {
                frame: Rgba::hex(0x22384a),
                label: Rgba::hex(0xd9e4ec),
                light: Rgba::hex(0xdee3e6),
                dark: Rgba::hex(0x8ca2ad),
                outline: Rgba::new(34, 56, 74, 80),
            },
            BoardScheme::Forest => TriangularPalette {
                frame: Rgba::hex(0x2c3b22),
                label: Rgba::hex(0xe4ecd2),
                light: Rgba::hex(0xffffdd),
                dark: Rgba::hex(0x86a666),
                outline: Rgba::new(44, 59, 34, 80),
            },
            // Lightness apart: white and mid grey, black outlines.
            BoardScheme::HighContrast => TriangularPalette {
                frame: Rgba::BLACK,
                label: Rgba::WHITE,
                light: Rgba::WHITE,
                dark: Rgba::hex(0x8c8c8c),
                outline: Rgba::BLACK,
            },
        }
    }
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
    pub fn cell_polygon(&self, cell: Cell) -> [Point; 3] {
        model_vertices(cell).map(|(x, y)| self.to_view(x, y))
    }

    /// The cell's centre (centroid) in view units.
    pub fn cell_center(&self, cell: Cell) -> Point {
        super::scene::polygon_center(&self.cell_polygon(cell))
    }

    /// The cell under a point in view units, if any.
    pub fn cell_at(&self, p: Point) -> Option<Cell> {
        Cell::all().find(|&c| point_in_polygon(p, &self.cell_polygon(c)))
    }

    /// The board with the pieces of `setup` and `overlay` as a scene.
    pub fn scene(&self, setup: &Setup, overlay: &BoardOverlay<Cell>) -> Scene {
        let (w, h) = self.size();
        let pal = &self.palette;
        let mut scene = Scene::new(w, h);
        scene.push(Role::Decoration, vec![frame(w, h, pal.frame)]);
        for cell in triangular::geometry::cells_in_row_order() {
            let poly = self.cell_polygon(cell).to_vec();
            let fill = if is_dark(cell) { pal.dark } else { pal.light };
            scene.push(
                Role::Cell(cell.to_string()),
                vec![Item::new(
                    Shape::Polygon(poly),
                    Paint { fill: Some(fill), stroke: Some(Stroke::new(pal.outline, 0.012)) },
                )],
            );
        }
        let polygon = |c: Cell| Some(self.cell_polygon(c).to_vec());
        let occupied = |c: Cell| setup.board[c.slot() as usize].is_some();
        let geo = Geometry { polygon: &polygon, occupied: &occupied, inradius: INRADIUS };

        scene.push(Role::Layer("highlights"), overlay::under_pieces(overlay, &geo));
        if self.coordinates {
            scene.push(Role::Layer("coordinates"), self.coordinate_items());
        }
        scene.push(Role::Layer("target"), overlay::glow(overlay, &geo));
        for cell in triangular::geometry::cells_in_row_order() {
            let Some(piece) = setup.board[cell.slot() as usize] else { continue };
            let army = match piece.side {
                Side::White => Army::Light,
                Side::Black => Army::Dark,
            };
            let glyph = glyph_of(piece.kind, is_dark(cell));
            // Sit the piece a little towards the triangle's wide side.
            let poly = self.cell_polygon(cell);
            let c = super::scene::polygon_center(&poly);
            let apex = poly[2];
            let towards_base = c.minus(apex).scale(0.1);
            let items = glyphs::place(&glyphs::glyph(glyph, army), c.plus(towards_base), GLYPH_SIZE);
            let side = match piece.side {
                Side::White => "white",
                Side::Black => "black",
            };
            scene.push(Role::Piece { id: format!("{side}:{}", piece.kind.word()), cell: cell.to_string() }, items);
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

impl BoardView for TriangularView {
    type Cell = Cell;
    type Setup = Setup;

    fn size(&self) -> (f32, f32) {
        TriangularView::size(self)
    }
    fn cell_polygon(&self, cell: Cell) -> Vec<Point> {
        TriangularView::cell_polygon(self, cell).to_vec()
    }
    fn cell_center(&self, cell: Cell) -> Point {
        TriangularView::cell_center(self, cell)
    }
    fn cell_at(&self, p: Point) -> Option<Cell> {
        TriangularView::cell_at(self, p)
    }
    fn scene(&self, setup: &Setup, overlay: &BoardOverlay<Cell>) -> Scene {
        TriangularView::scene(self, setup, overlay)
    }
    fn frame_color(&self) -> Rgba {
        self.palette.frame
    }
    fn label_color(&self) -> Rgba {
        self.palette.label
    }
    fn set_printable(&mut self) {
        self.palette = TriangularPalette::PRINTABLE;
    }
    fn set_scheme(&mut self, scheme: BoardScheme) {
        self.palette = TriangularPalette::of_scheme(scheme);
    }
    fn piece_glyph(piece: Piece) -> Vec<Item> {
        let army = match piece.side {
            Side::White => Army::Light,
            Side::Black => Army::Dark,
        };
        glyphs::glyph(glyph_of(piece.kind, false), army)
    }
}

impl DrawGame for triangular::Position {
    type View = TriangularView;
    fn view(flipped: bool, coordinates: bool) -> TriangularView {
        TriangularView::new(flipped, coordinates)
    }
}

/// The glyph for a kind of piece (a bishop shows the colour of the cell it stands on).
pub fn glyph_of(kind: Kind, on_dark: bool) -> Glyph {
    match kind {
        Kind::King => Glyph::King,
        Kind::Queen => Glyph::Queen,
        Kind::Rook => Glyph::Rook,
        Kind::Bishop => Glyph::Bishop(if on_dark { Shade::Dark } else { Shade::Light }),
        Kind::Knight => Glyph::Knight,
        Kind::Pawn => Glyph::Pawn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_tile_the_hexagon() {
        let v = TriangularView::new(false, false);
        let area: f32 = Cell::all()
            .map(|c| {
                let p = v.cell_polygon(c);
                ((p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[2].x - p[0].x) * (p[1].y - p[0].y)).abs() / 2.0
            })
            .sum();
        // A regular hexagon of side 4 is 24 triangles of side 1 … times four: 96 · √3/4.
        assert!((area - 96.0 * 0.433_012_7).abs() < 1e-3);
        for c in Cell::all() {
            for (x, y) in model_vertices(c) {
                let line = (y / S).round();
                let half_width = 2.0 + line.min(8.0 - line) / 2.0;
                assert!(x.abs() <= half_width + 1e-4, "{c} vertex off the board");
            }
        }
    }

    #[test]
    fn hit_test_every_centre() {
        for flipped in [false, true] {
            for coordinates in [false, true] {
                let v = TriangularView::new(flipped, coordinates);
                for cell in Cell::all() {
                    assert_eq!(v.cell_at(v.cell_center(cell)), Some(cell), "{cell}");
                }
                assert_eq!(v.cell_at(Point::new(0.01, 0.01)), None);
            }
        }
    }

    #[test]
    fn cells_in_reading_order_follow_the_rules_table() {
        let names: Vec<String> = triangular::geometry::cells_in_row_order().map(|c| c.to_string()).collect();
        assert_eq!(names.len(), 96);
        assert_eq!(names[..9].join(" "), "a1l a1d b1l b1d c1l c1d d1l d1d e1l");
        assert_eq!(names[87..].join(" "), "d8d e8l e8d f8l f8d g8l g8d h8l h8d");
    }

    #[test]
    fn cells_are_drawn_where_the_rules_put_them() {
        // a1l is the leftmost cell of the bottom row (point-down), d8d the leftmost of
        // the top row (point-up), h5d the rightmost of row 5.
        let v = TriangularView::new(false, false);
        let centre = |name: &str| v.cell_center(name.parse().unwrap());
        let bottom = Cell::all().map(|c| v.cell_center(c).y).fold(f32::MIN, f32::max);
        // Centroids of a row lie a third and two thirds of a row height above its base.
        assert!((centre("a1l").y - bottom).abs() < S / 2.0);
        assert!(centre("d8d").y < centre("a1l").y - 6.0 * S);
        assert!(Cell::all().filter(|c| c.row() == 1).all(|c| v.cell_center(c).x >= centre("a1l").x - 1e-4));
        assert!(Cell::all().filter(|c| c.row() == 8).all(|c| v.cell_center(c).x >= centre("d8d").x - 1e-4));
        assert!(Cell::all().filter(|c| c.row() == 5).all(|c| v.cell_center(c).x <= centre("h5d").x + 1e-4));
        assert!(is_dark("d8d".parse().unwrap()) && !is_dark("a1l".parse().unwrap()));
    }

    #[test]
    fn the_opening_scene_has_its_28_pieces_on_their_cells() {
        let scene = TriangularView::new(false, true)
            .scene(&triangular::Position::opening().to_setup(), &BoardOverlay::default());
        let pieces: Vec<(String, String)> = scene
            .groups
            .iter()
            .filter_map(|g| match &g.role {
                Role::Piece { id, cell } => Some((id.clone(), cell.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(pieces.len(), 28);
        for (id, cell) in
            [("white:king", "c1d"), ("black:king", "g8l"), ("white:bishop", "c2d"), ("black:bishop", "f7l")]
        {
            assert!(pieces.contains(&(id.to_string(), cell.to_string())), "{id} on {cell}");
        }
    }
}
