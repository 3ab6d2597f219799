//! The Triangular draughts board (`docs/rules-draughts.md` *How the app draws it*): the
//! Triangular hexagon turned a quarter turn anticlockwise, vertices at the top and the
//! bottom, all 96 triangles drawn; men and kings stand on the 48 dark cells, which
//! point left, and carry their numbers 1–48 as coordinates.
//!
//! A dark cell's corners are those of its Triangular cell ([`Cell::triangular_name`]),
//! turned: a rules point (x, y) with y measured from the hexagon's centre goes to
//! (−y, x), so cell (u, v)'s centroid lands at X = (14/3 − v)·√3/2, Y = u/2 (y up), as
//! the rules page gives it.

use super::glyphs::{self, Army, Glyph};
use super::interstellar::frame;
use super::overlay::{self, BoardOverlay, Geometry};
use super::scene::{HAlign, Item, Paint, Point, Rgba, Role, Scene, Shape, Stroke, VAlign, point_in_polygon};
use super::triangular::{TriangularPalette, model_vertices};
use super::view::{BoardScheme, BoardView, DrawGame};
use crate::core::draughts::{self, Cell, Kind, Piece, Setup, Side};
use crate::core::triangular;

const S: f32 = 0.866_025_4; // √3/2
/// Radius of a triangle's inscribed circle.
const INRADIUS: f32 = 0.288_675_1;
/// Piece glyph box side, in triangle sides.
const GLYPH_SIZE: f32 = 0.5;

/// The Triangular cell under a draughts cell.
fn triangular_cell(cell: Cell) -> triangular::Cell {
    cell.triangular_name().parse().unwrap_or_else(|_| unreachable!("every draughts cell is a dark Triangular cell"))
}

/// How the board is shown; also answers geometry queries in view board units (one unit
/// = one triangle side).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DraughtsView {
    /// Half a turn: Black's corner at the bottom.
    pub flipped: bool,
    /// Cell numbers on the dark cells.
    pub coordinates: bool,
    /// Colours (those of the Triangular board).
    pub palette: TriangularPalette,
}

impl Default for DraughtsView {
    /// Not flipped, with cell numbers, the default palette.
    fn default() -> Self {
        DraughtsView { flipped: false, coordinates: true, palette: TriangularPalette::default() }
    }
}

impl DraughtsView {
    /// A view with the given orientation and cell numbers, the default palette.
    pub fn new(flipped: bool, coordinates: bool) -> Self {
        DraughtsView { flipped, coordinates, ..Default::default() }
    }

    const MARGIN: f32 = 0.25;

    /// The view box `(width, height)` in board units.
    pub fn size(&self) -> (f32, f32) {
        (8.0 * S + 2.0 * Self::MARGIN, 8.0 + 2.0 * Self::MARGIN)
    }

    /// A point in Triangular rules coordinates (x from the centre, y up from the bottom
    /// edge, in triangle sides) in view units, turned a quarter turn anticlockwise.
    pub fn to_view(&self, x: f32, y: f32) -> Point {
        let yc = y - 4.0 * S;
        let (mut big_x, mut big_y) = (-yc, x);
        if self.flipped {
            big_x = -big_x;
            big_y = -big_y;
        }
        Point::new(Self::MARGIN + 4.0 * S + big_x, Self::MARGIN + 4.0 - big_y)
    }

    fn triangle(&self, cell: triangular::Cell) -> [Point; 3] {
        model_vertices(cell).map(|(x, y)| self.to_view(x, y))
    }

    /// The cell's triangle in view units, its apex last.
    pub fn cell_polygon(&self, cell: Cell) -> [Point; 3] {
        self.triangle(triangular_cell(cell))
    }

    /// The cell's centre (centroid) in view units.
    pub fn cell_center(&self, cell: Cell) -> Point {
        super::scene::polygon_center(&self.cell_polygon(cell))
    }

    /// The cell under a point in view units, if any (light cells are no cells).
    pub fn cell_at(&self, p: Point) -> Option<Cell> {
        Cell::all().find(|&c| point_in_polygon(p, &self.cell_polygon(c)))
    }

    /// The board with the pieces of `setup` and `overlay` as a scene.
    pub fn scene(&self, setup: &Setup, overlay: &BoardOverlay<Cell>) -> Scene {
        let (w, h) = self.size();
        let pal = &self.palette;
        let mut scene = Scene::new(w, h);
        scene.push(Role::Decoration, vec![frame(w, h, pal.frame)]);
        let outline = Stroke::new(pal.outline, 0.012);
        let light: Vec<Item> = triangular::Cell::all()
            .filter(|c| c.shade() == triangular::Shade::Light)
            .map(|c| {
                Item::new(
                    Shape::Polygon(self.triangle(c).to_vec()),
                    Paint { fill: Some(pal.light), stroke: Some(outline) },
                )
            })
            .collect();
        scene.push(Role::Decoration, light);
        for cell in Cell::all() {
            scene.push(
                Role::Cell(cell.to_string()),
                vec![Item::new(
                    Shape::Polygon(self.cell_polygon(cell).to_vec()),
                    Paint { fill: Some(pal.dark), stroke: Some(outline) },
                )],
            );
        }
        let polygon = |c: Cell| Some(self.cell_polygon(c).to_vec());
        let occupied = |c: Cell| setup.piece_at(c).is_some();
        let geo = Geometry { polygon: &polygon, occupied: &occupied, inradius: INRADIUS };
        scene.push(Role::Layer("highlights"), overlay::under_pieces(overlay, &geo));
        if self.coordinates {
            scene.push(Role::Layer("coordinates"), self.number_items());
        }
        scene.push(Role::Layer("target"), overlay::glow(overlay, &geo));
        for cell in Cell::all() {
            let Some(piece) = setup.piece_at(cell) else { continue };
            // Sit the piece a little towards the triangle's wide side, clear of the number.
            let poly = self.cell_polygon(cell);
            let c = super::scene::polygon_center(&poly);
            let towards_base = c.minus(poly[2]).scale(0.12);
            let items = glyphs::place(&Self::piece_glyph(piece), c.plus(towards_base), GLYPH_SIZE);
            let side = match piece.side {
                Side::White => "white",
                Side::Black => "black",
            };
            scene.push(Role::Piece { id: format!("{side}:{}", piece.kind.name()), cell: cell.to_string() }, items);
        }
        scene.push(Role::Layer("targets"), overlay::targets(overlay, &geo));
        scene.push(Role::Layer("study"), overlay::study_marks(overlay, &geo));
        scene
    }

    /// Each dark cell's number, small, near its apex.
    fn number_items(&self) -> Vec<Item> {
        let color = self.palette.label.with_alpha(210);
        Cell::all()
            .map(|cell| {
                let poly = self.cell_polygon(cell);
                let c = super::scene::polygon_center(&poly);
                let pos = c.plus(poly[2].minus(c).scale(0.62));
                Item::new(
                    Shape::Text {
                        pos,
                        text: cell.to_string(),
                        size: 0.15,
                        h: HAlign::Middle,
                        v: VAlign::Middle,
                        bold: false,
                    },
                    Paint::fill(color),
                )
            })
            .collect()
    }

    fn piece_glyph(piece: Piece) -> Vec<Item> {
        let army = match piece.side {
            Side::White => Army::Light,
            Side::Black => Army::Dark,
        };
        let glyph = match piece.kind {
            Kind::Man => Glyph::Man,
            Kind::King => Glyph::DraughtsKing,
        };
        glyphs::glyph(glyph, army)
    }
}

impl BoardView for DraughtsView {
    type Cell = Cell;
    type Setup = Setup;

    fn size(&self) -> (f32, f32) {
        DraughtsView::size(self)
    }
    fn cell_polygon(&self, cell: Cell) -> Vec<Point> {
        DraughtsView::cell_polygon(self, cell).to_vec()
    }
    fn cell_center(&self, cell: Cell) -> Point {
        DraughtsView::cell_center(self, cell)
    }
    fn cell_at(&self, p: Point) -> Option<Cell> {
        DraughtsView::cell_at(self, p)
    }
    fn scene(&self, setup: &Setup, overlay: &BoardOverlay<Cell>) -> Scene {
        DraughtsView::scene(self, setup, overlay)
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
        DraughtsView::piece_glyph(piece)
    }
}

impl DrawGame for draughts::Position {
    type View = DraughtsView;
    fn view(flipped: bool, coordinates: bool) -> DraughtsView {
        DraughtsView::new(flipped, coordinates)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centroids_are_where_the_rules_page_puts_them() {
        // X = (14/3 − v)·√3/2, Y = u/2 from the hexagon's centre, y up.
        let view = DraughtsView::new(false, false);
        let (w, h) = view.size();
        for cell in Cell::all() {
            let (u, v) = cell.uv();
            let c = view.cell_center(cell);
            let x = c.x - w / 2.0;
            let y = h / 2.0 - c.y;
            assert!((x - (14.0 / 3.0 - f32::from(v)) * S).abs() < 1e-4, "{cell}: x {x}");
            assert!((y - f32::from(u) / 2.0).abs() < 1e-4, "{cell}: y {y}");
        }
    }

    #[test]
    fn corners_top_and_bottom_and_dark_cells_point_left() {
        let view = DraughtsView::new(false, false);
        let c = |n: u8| view.cell_center(Cell::new(n).unwrap());
        // White's corner cell 48 at the bottom, Black's 1 at the top.
        assert!(Cell::all().all(|x| view.cell_center(x).y <= c(48).y + 1e-4));
        assert!(Cell::all().all(|x| view.cell_center(x).y >= c(1).y - 1e-4));
        for cell in Cell::all() {
            let p = view.cell_polygon(cell);
            assert!(p[2].x < p[0].x && p[2].x < p[1].x, "{cell} points left");
        }
        // Flipped: a half turn.
        let flipped = DraughtsView::new(true, false);
        let f = |n: u8| flipped.cell_center(Cell::new(n).unwrap());
        assert!(f(48).y < f(1).y);
    }

    #[test]
    fn hit_test_every_centre() {
        for flipped in [false, true] {
            let v = DraughtsView::new(flipped, true);
            for cell in Cell::all() {
                assert_eq!(v.cell_at(v.cell_center(cell)), Some(cell), "{cell}");
            }
            assert_eq!(v.cell_at(Point::new(0.01, 0.01)), None);
        }
    }

    #[test]
    fn all_96_triangles_and_the_36_men_are_drawn() {
        let scene =
            DraughtsView::new(false, true).scene(&draughts::Position::opening().to_setup(), &BoardOverlay::default());
        let cells = scene.groups.iter().filter(|g| matches!(g.role, Role::Cell(_))).count();
        let light: usize =
            scene.groups.iter().filter(|g| g.role == Role::Decoration).map(|g| g.items.len()).sum::<usize>() - 1;
        assert_eq!((cells, light), (48, 48));
        let pieces: Vec<(String, String)> = scene
            .groups
            .iter()
            .filter_map(|g| match &g.role {
                Role::Piece { id, cell } => Some((id.clone(), cell.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(pieces.len(), 36);
        assert!(pieces.contains(&("white:man".to_string(), "48".to_string())));
        assert!(pieces.contains(&("black:man".to_string(), "1".to_string())));
    }
}
