//! The Interstellar board (GB 2186198 A): 77 regular hexagons with two vertical sides,
//! the three indicia, coordinates in the numbering of the player at the bottom, marks of
//! the board's positive and negative sides, pieces and highlights.
//!
//! Geometry (`docs/rules-interstellar.md` §1 *The board*): the centre of cell (r, i)
//! is at x = h/2, y = (r−1)·√3/2 hex widths, y up from the positive player's side. The
//! view turns this into y-down board units with a margin for the coordinates, and turns
//! the board half a turn when [`InterstellarView::flipped`] (the negative player at the
//! bottom).

use super::glyphs::{self, Army, Glyph};
use super::overlay::{self, BoardOverlay, Geometry};
use super::scene::{
    HAlign, Item, Paint, PathCmd, Point, Rgba, Role, Scene, Shape, Stroke, VAlign, clip_segment, point_in_polygon,
};
use super::view::{BoardScheme, BoardView, DrawGame, Labels};
use crate::core::interstellar::geometry::row_length;
use crate::core::interstellar::{Cell, Indicium, Kind, Name, NamedPiece, Piece, Position, Setup, Side};

const S: f32 = 0.866_025_4; // √3/2: row spacing
const R: f32 = 0.577_350_3; // 1/√3: hexagon circumradius

/// The board's colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InterstellarPalette {
    /// Frame around the board, under the coordinates.
    pub frame: Rgba,
    /// Coordinates and side marks.
    pub label: Rgba,
    /// Negative (blank) cells.
    pub negative: Rgba,
    /// Positive (patterned) cells: the light tone under the hatch.
    pub positive: Rgba,
    /// The hatch lines on positive cells.
    pub hatch: Rgba,
    /// Neutral (solid) cells.
    pub neutral: Rgba,
    /// Cell outlines.
    pub outline: Rgba,
}

impl InterstellarPalette {
    /// Black and white for printing: negative cells blank white, positive cells white
    /// under a black hatch, neutral cells solid mid grey, black outlines and labels.
    pub const PRINTABLE: InterstellarPalette = InterstellarPalette {
        frame: Rgba::WHITE,
        label: Rgba::BLACK,
        negative: Rgba::WHITE,
        positive: Rgba::WHITE,
        hatch: Rgba::hex(0x202020),
        neutral: Rgba::hex(0x9a9a9a),
        outline: Rgba::BLACK,
    };

    /// The palette of a colour scheme (Classic is [`InterstellarPalette::default`]).
    pub fn of_scheme(scheme: BoardScheme) -> InterstellarPalette {
        match scheme {
            BoardScheme::Classic => InterstellarPalette::default(),
            BoardScheme::Ocean => InterstellarPalette {
                frame: Rgba::hex(0x1d3557),
                label: Rgba::hex(0xd6e4f0),
                negative: Rgba::hex(0xeaf2f8),
                positive: Rgba::hex(0xd3e3f1),
                hatch: Rgba::hex(0x5f8fbf),
                neutral: Rgba::hex(0x6f97bd),
                outline: Rgba::new(29, 53, 87, 120),
            },
            BoardScheme::Forest => InterstellarPalette {
                frame: Rgba::hex(0x2f3e2a),
                label: Rgba::hex(0xdde5cf),
                negative: Rgba::hex(0xf0f2e6),
                positive: Rgba::hex(0xdde5c8),
                hatch: Rgba::hex(0x78925e),
                neutral: Rgba::hex(0x8ea677),
                outline: Rgba::new(47, 62, 42, 120),
            },
            // Lightness apart: white, pale yellow under a black hatch, mid grey.
            BoardScheme::HighContrast => InterstellarPalette {
                frame: Rgba::BLACK,
                label: Rgba::WHITE,
                negative: Rgba::WHITE,
                positive: Rgba::hex(0xfff2b3),
                hatch: Rgba::BLACK,
                neutral: Rgba::hex(0x7a7a7a),
                outline: Rgba::BLACK,
            },
        }
    }
}

impl Default for InterstellarPalette {
    /// A calm slate-blue board (greyscale levels: negative 226, positive ≈ 200 with the
    /// hatch, neutral 155).
    fn default() -> Self {
        InterstellarPalette {
            frame: Rgba::hex(0x2c3a44),
            label: Rgba::hex(0xc9d4db),
            negative: Rgba::hex(0xe3e8eb),
            positive: Rgba::hex(0xe3e8eb),
            hatch: Rgba::hex(0x8aa0ad),
            neutral: Rgba::hex(0x8fa5b1),
            outline: Rgba::new(44, 58, 68, 110),
        }
    }
}

/// How the board is shown: its orientation, coordinates and colours. Also answers the
/// geometry queries (cell polygons, centres, hit-testing) in view board units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InterstellarView {
    /// Half a turn: the negative player at the bottom.
    pub flipped: bool,
    /// Row numbers and indices in the margin.
    pub coordinates: bool,
    /// Colours.
    pub palette: InterstellarPalette,
    /// Whose numbering the coordinates follow.
    pub labels: Labels,
}

impl Default for InterstellarView {
    /// Not flipped, with coordinates, default palette.
    fn default() -> Self {
        InterstellarView {
            flipped: false,
            coordinates: true,
            palette: InterstellarPalette::default(),
            labels: Labels::Bottom,
        }
    }
}

/// Hatch spacing (perpendicular) and line width, in hex widths.
const HATCH_SPACING: f32 = 0.095;
const HATCH_WIDTH: f32 = 0.026;
/// Piece glyph box side, in hex widths.
const GLYPH_SIZE: f32 = 0.84;

impl InterstellarView {
    /// A view with the given orientation and coordinates, default palette.
    pub fn new(flipped: bool, coordinates: bool) -> Self {
        InterstellarView { flipped, coordinates, ..Default::default() }
    }

    fn margin(&self) -> f32 {
        if self.coordinates { 0.55 } else { 0.3 }
    }

    /// The view box `(width, height)` in board units (hex widths).
    pub fn size(&self) -> (f32, f32) {
        let m = self.margin();
        (9.0 + 2.0 * m, 8.0 * S + 2.0 * R + 2.0 * m)
    }

    /// A point in rules coordinates (x = h/2, y = (r−1)·√3/2, y up) in view units.
    pub fn to_view(&self, x: f32, y: f32) -> Point {
        let m = self.margin();
        let (x, y) = if self.flipped { (8.0 - x, 8.0 * S - y) } else { (x, y) };
        Point::new(m + x + 0.5, m + 8.0 * S + R - y)
    }

    /// The centre of a cell in view units.
    pub fn cell_center(&self, cell: Cell) -> Point {
        self.to_view(cell.half_column() as f32 / 2.0, (cell.row() - 1) as f32 * S)
    }

    /// The cell's hexagon in view units: six vertices clockwise from the top point.
    pub fn cell_polygon(&self, cell: Cell) -> [Point; 6] {
        let c = self.cell_center(cell);
        [
            Point::new(c.x, c.y - R),
            Point::new(c.x + 0.5, c.y - R / 2.0),
            Point::new(c.x + 0.5, c.y + R / 2.0),
            Point::new(c.x, c.y + R),
            Point::new(c.x - 0.5, c.y + R / 2.0),
            Point::new(c.x - 0.5, c.y - R / 2.0),
        ]
    }

    /// The cell under a point in view units, if any.
    pub fn cell_at(&self, p: Point) -> Option<Cell> {
        Cell::all().find(|&c| point_in_polygon(p, &self.cell_polygon(c)))
    }

    /// The cell's name in the numbering of the player at the bottom of this view
    /// (positive: `ri`; negative, when flipped: row 10−r, index n−i+1).
    pub fn viewer_name(&self, cell: Cell) -> String {
        let (r, i) = viewer_coordinates(cell, self.flipped);
        format!("{r}{i}")
    }

    /// The board with the pieces of `setup` (named as [`Setup::names`] names them) and
    /// `overlay` as a scene.
    pub fn scene(&self, setup: &Setup, overlay: &BoardOverlay<Cell>) -> Scene {
        self.scene_of_pieces(&pieces_of_setup(setup), overlay)
    }

    /// The board with `pieces` and `overlay` as a scene.
    pub fn scene_of_pieces(&self, pieces: &[(Cell, NamedPiece)], overlay: &BoardOverlay<Cell>) -> Scene {
        let (w, h) = self.size();
        let pal = &self.palette;
        let mut scene = Scene::new(w, h);
        scene.push(Role::Decoration, vec![frame(w, h, pal.frame)]);

        for cell in Cell::all() {
            scene.push(Role::Cell(format!("{}{}", cell.row(), cell.index_in_row())), self.cell_items(cell));
        }

        let polygon = |c: Cell| Some(self.cell_polygon(c).to_vec());
        let occupied = |cell: Cell| pieces.iter().any(|&(c, _)| c == cell);
        let geo = Geometry { polygon: &polygon, occupied: &occupied, inradius: 0.5 };

        scene.push(Role::Layer("highlights"), overlay::under_pieces(overlay, &geo));
        if self.coordinates {
            scene.push(Role::Layer("coordinates"), self.coordinate_items());
        }
        scene.push(Role::Layer("sides"), self.side_marks());
        scene.push(Role::Layer("target"), overlay::glow(overlay, &geo));
        for &(cell, piece) in pieces {
            let items = glyphs::place(
                &glyphs::glyph(glyph_of(piece.kind()), army_of(piece.side)),
                self.cell_center(cell),
                GLYPH_SIZE,
            );
            scene.push(
                Role::Piece {
                    id: format!("{}:{}", piece.side.name(), piece.name.as_str()),
                    cell: format!("{}{}", cell.row(), cell.index_in_row()),
                },
                items,
            );
        }
        scene.push(Role::Layer("targets"), overlay::targets(overlay, &geo));
        scene.push(Role::Layer("study"), overlay::study_marks(overlay, &geo));
        scene
    }

    fn cell_items(&self, cell: Cell) -> Vec<Item> {
        let pal = &self.palette;
        let poly = self.cell_polygon(cell);
        let mut items = Vec::new();
        let fill = match cell.indicium() {
            Indicium::Positive => pal.positive,
            Indicium::Negative => pal.negative,
            Indicium::Neutral => pal.neutral,
        };
        items.push(Item::new(Shape::Polygon(poly.to_vec()), Paint::fill(fill)));
        if cell.indicium() == Indicium::Positive {
            items.push(Item::new(Shape::Path(hatch(&poly)), Paint::stroke(pal.hatch, HATCH_WIDTH)));
        }
        items.push(Item::new(
            Shape::Polygon(poly.to_vec()),
            Paint { fill: None, stroke: Some(Stroke::new(pal.outline, 0.014)) },
        ));
        items
    }

    fn coordinate_items(&self) -> Vec<Item> {
        let pal = &self.palette;
        let m = self.margin();
        let size = 0.3;
        let mut items = Vec::new();
        // Whose numbering: the bottom player's, one player's, or both (each player's
        // on its own left and near edges: the bottom player's left and below, the
        // other's right and above).
        let (w, h) = self.size();
        let (near, far) = match self.labels {
            Labels::Bottom => (self.flipped, None),
            Labels::Player(p) => (p == 1, None),
            Labels::Both => (self.flipped, Some(!self.flipped)),
        };
        let far_color = pal.label.with_alpha(170);
        // Row numbers beside each row.
        for row in 1..=9u8 {
            let y = self.to_view(0.0, (row - 1) as f32 * S).y;
            let shown = |negative: bool| if negative { 10 - row } else { row };
            items.push(label(Point::new(m * 0.5, y), &shown(near).to_string(), size, HAlign::Middle, pal.label));
            if let Some(far) = far {
                items.push(label(Point::new(w - m * 0.5, y), &shown(far).to_string(), size, HAlign::Middle, far_color));
            }
        }
        // Indices under the bottom row's cells (and over the top row's for both).
        let (bottom, top) = if self.flipped { (9, 1) } else { (1, 9) };
        let mut edges = vec![(bottom, h - m * 0.5, near, pal.label)];
        if let Some(far) = far {
            edges.push((top, m * 0.5, far, far_color));
        }
        for (row, y, negative, color) in edges {
            for index in 1..=row_length(row) {
                let cell = Cell::new(row, index).expect("cell");
                let x = self.cell_center(cell).x;
                let (_, shown) = viewer_coordinates(cell, negative);
                items.push(label(Point::new(x, y), &shown.to_string(), size, HAlign::Middle, color));
            }
        }
        items
    }

    /// Small `+` and `−` marks in the bottom corners: the board's positive (left, as the
    /// positive player sees it) and negative sides.
    fn side_marks(&self) -> Vec<Item> {
        let pal = &self.palette;
        let m = self.margin();
        let (w, h) = self.size();
        let (left, right) = if self.flipped { ("−", "+") } else { ("+", "−") };
        let y = h - m * 0.5;
        let size = (m * 0.6).min(0.3);
        let color = pal.label.with_alpha(170);
        vec![
            label(Point::new(m * 0.5, y), left, size, HAlign::Middle, color),
            label(Point::new(w - m * 0.5, y), right, size, HAlign::Middle, color),
        ]
    }
}

impl BoardView for InterstellarView {
    type Cell = Cell;
    type Setup = Setup;

    fn size(&self) -> (f32, f32) {
        InterstellarView::size(self)
    }
    fn cell_polygon(&self, cell: Cell) -> Vec<Point> {
        InterstellarView::cell_polygon(self, cell).to_vec()
    }
    fn cell_center(&self, cell: Cell) -> Point {
        InterstellarView::cell_center(self, cell)
    }
    fn cell_at(&self, p: Point) -> Option<Cell> {
        InterstellarView::cell_at(self, p)
    }
    fn scene(&self, setup: &Setup, overlay: &BoardOverlay<Cell>) -> Scene {
        InterstellarView::scene(self, setup, overlay)
    }
    fn frame_color(&self) -> Rgba {
        self.palette.frame
    }
    fn label_color(&self) -> Rgba {
        self.palette.label
    }
    fn set_printable(&mut self) {
        self.palette = InterstellarPalette::PRINTABLE;
    }
    fn set_scheme(&mut self, scheme: BoardScheme) {
        self.palette = InterstellarPalette::of_scheme(scheme);
    }
    fn set_labels(&mut self, labels: Labels) {
        self.labels = labels;
    }
    fn piece_glyph(piece: Piece) -> Vec<Item> {
        glyphs::glyph(glyph_of(piece.kind), army_of(piece.side))
    }
}

impl DrawGame for Position {
    type View = InterstellarView;
    fn view(flipped: bool, coordinates: bool) -> InterstellarView {
        InterstellarView::new(flipped, coordinates)
    }
    fn cell_caption(cell: Cell) -> String {
        use crate::core::interstellar::notation::cell_digits;
        format!(
            "Cell {} in positive's numbering, {} in negative's",
            cell_digits(cell, Side::Positive),
            cell_digits(cell, Side::Negative)
        )
    }
}

/// The (row, index) of a cell in the numbering of the positive player (`flipped` false)
/// or the negative player (`flipped` true).
pub fn viewer_coordinates(cell: Cell, flipped: bool) -> (u8, u8) {
    if flipped {
        (10 - cell.row(), row_length(cell.row()) - cell.index_in_row() + 1)
    } else {
        (cell.row(), cell.index_in_row())
    }
}

/// The pieces of a position, for [`InterstellarView::scene`].
pub fn pieces_of(position: &Position) -> Vec<(Cell, NamedPiece)> {
    position.pieces().collect()
}

/// The pieces of an unchecked setup (the board editor's), for [`InterstellarView::scene`]:
/// a piece without a name in the setup gets the first name of its kind (names only
/// label the SVG groups; the picture depends on side and kind).
pub fn pieces_of_setup(setup: &Setup) -> Vec<(Cell, NamedPiece)> {
    setup
        .pieces
        .iter()
        .filter_map(|p| {
            let name = p.name.filter(|n| n.kind() == p.kind).or_else(|| Name::of_kind(p.kind).next())?;
            Some((p.cell, NamedPiece { side: p.side, name }))
        })
        .collect()
}

/// The glyph for a kind of piece.
pub fn glyph_of(kind: Kind) -> Glyph {
    match kind {
        Kind::Planet => Glyph::Planet,
        Kind::Quasar => Glyph::Quasar,
        Kind::Pulsar => Glyph::Pulsar,
        Kind::Nebula => Glyph::Nebula,
        Kind::BlackHole => Glyph::BlackHole,
        Kind::Star => Glyph::Star,
    }
}

/// The army colours for a side: positive light, negative dark.
pub fn army_of(side: Side) -> Army {
    match side {
        Side::Positive => Army::Light,
        Side::Negative => Army::Dark,
    }
}

/// The hatch of a positive cell: parallel lines rising to the right, clipped to the
/// hexagon, phased on a board-wide grid so neighbouring patterns line up.
fn hatch(poly: &[Point]) -> Vec<PathCmd> {
    let c = super::scene::polygon_center(poly);
    // Lines x − y = k·spacing·√2 … i.e. perpendicular offset (x + y)/√2 = k·spacing.
    let n = Point::new(std::f32::consts::FRAC_1_SQRT_2, std::f32::consts::FRAC_1_SQRT_2);
    let u = Point::new(std::f32::consts::FRAC_1_SQRT_2, -std::f32::consts::FRAC_1_SQRT_2);
    let proj = (c.x + c.y) * std::f32::consts::FRAC_1_SQRT_2;
    let k0 = ((proj - 0.6) / HATCH_SPACING).floor() as i32;
    let k1 = ((proj + 0.6) / HATCH_SPACING).ceil() as i32;
    let mut cmds = Vec::new();
    for k in k0..=k1 {
        let off = k as f32 * HATCH_SPACING - proj;
        let p = c.plus(n.scale(off));
        if let Some((a, b)) = clip_segment(p.minus(u.scale(0.8)), p.plus(u.scale(0.8)), poly)
            && a.minus(b).length() > 0.02
        {
            cmds.push(PathCmd::MoveTo(a));
            cmds.push(PathCmd::LineTo(b));
        }
    }
    cmds
}

/// The frame: a rounded rectangle over the whole view box.
pub(crate) fn frame(w: f32, h: f32, color: Rgba) -> Item {
    let r = 0.12;
    let k = r * 0.448; // r·(1 − 0.5523)
    let cmds = vec![
        PathCmd::MoveTo(Point::new(r, 0.0)),
        PathCmd::LineTo(Point::new(w - r, 0.0)),
        PathCmd::CubicTo(Point::new(w - k, 0.0), Point::new(w, k), Point::new(w, r)),
        PathCmd::LineTo(Point::new(w, h - r)),
        PathCmd::CubicTo(Point::new(w, h - k), Point::new(w - k, h), Point::new(w - r, h)),
        PathCmd::LineTo(Point::new(r, h)),
        PathCmd::CubicTo(Point::new(k, h), Point::new(0.0, h - k), Point::new(0.0, h - r)),
        PathCmd::LineTo(Point::new(0.0, r)),
        PathCmd::CubicTo(Point::new(0.0, k), Point::new(k, 0.0), Point::new(r, 0.0)),
        PathCmd::Close,
    ];
    Item::new(Shape::Path(cmds), Paint::fill(color))
}

/// A text label centred vertically on `pos`.
pub(crate) fn label(pos: Point, text: &str, size: f32, h: HAlign, color: Rgba) -> Item {
    Item::new(Shape::Text { pos, text: text.to_string(), size, h, v: VAlign::Middle, bold: false }, Paint::fill(color))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_test_every_centre() {
        for flipped in [false, true] {
            for coordinates in [false, true] {
                let v = InterstellarView::new(flipped, coordinates);
                for cell in Cell::all() {
                    assert_eq!(v.cell_at(v.cell_center(cell)), Some(cell), "{cell:?} flipped={flipped}");
                    // Just inside each vertex, still the same cell.
                    let c = v.cell_center(cell);
                    for p in v.cell_polygon(cell) {
                        assert_eq!(v.cell_at(p.lerp(c, 0.1)), Some(cell));
                    }
                }
                assert_eq!(v.cell_at(Point::new(0.01, 0.01)), None);
            }
        }
    }

    #[test]
    fn flip_turns_the_board_half_a_turn() {
        let a = InterstellarView::new(false, true);
        let b = InterstellarView::new(true, true);
        let (w, h) = a.size();
        for cell in Cell::all() {
            let p = a.cell_center(cell);
            let q = b.cell_center(cell);
            assert!((p.x + q.x - w).abs() < 1e-4 && (p.y + q.y - h).abs() < 1e-4);
        }
        // Row 1 is at the bottom unflipped, at the top flipped.
        let c11 = Cell::new(1, 1).unwrap();
        assert!(a.cell_center(c11).y > h / 2.0 && a.cell_center(c11).x < w / 2.0);
        assert!(b.cell_center(c11).y < h / 2.0 && b.cell_center(c11).x > w / 2.0);
    }

    #[test]
    fn viewer_numbering_follows_the_patent() {
        let c43 = Cell::new(4, 3).unwrap();
        assert_eq!(InterstellarView::new(false, true).viewer_name(c43), "43");
        assert_eq!(InterstellarView::new(true, true).viewer_name(c43), "66");
    }

    #[test]
    fn indicia_differ_in_greyscale() {
        let p = InterstellarPalette::default();
        // Blank light, solid deep, and the hatch on positive cells is itself darker than
        // the light tone: the pattern carries the meaning, grey levels help.
        assert!(p.negative.grey() as i32 - p.neutral.grey() as i32 >= 50);
        assert!(p.positive.grey() as i32 - p.hatch.grey() as i32 >= 50);
        let scene = InterstellarView::default().scene_of_pieces(&[], &BoardOverlay::default());
        let hatched = scene
            .groups
            .iter()
            .filter(|g| g.items.iter().any(|it| matches!(it.shape, Shape::Path(_)) && it.paint.stroke.is_some()))
            .count();
        assert_eq!(hatched, Cell::all().filter(|c| c.indicium() == Indicium::Positive).count());
    }

    #[test]
    fn setup_pieces_get_names() {
        let setup = Setup::parse("p1Q6/8/N8/8/9/8/9/8/P3b4 -").unwrap();
        let pieces = pieces_of_setup(&setup);
        assert_eq!(pieces.len(), 5);
        assert!(pieces.iter().any(|(c, p)| c.row() == 9 && c.index_in_row() == 3 && p.kind() == Kind::Quasar));
    }

    #[test]
    fn hatch_stays_inside_the_cell() {
        let v = InterstellarView::default();
        for cell in Cell::all().filter(|c| c.indicium() == Indicium::Positive) {
            let poly = v.cell_polygon(cell);
            let grown = super::super::scene::scale_polygon(&poly, v.cell_center(cell), 1.001);
            let cmds = hatch(&poly);
            assert!(cmds.len() >= 16, "{cell:?} has {} hatch commands", cmds.len());
            for c in cmds {
                if let PathCmd::MoveTo(p) | PathCmd::LineTo(p) = c {
                    assert!(point_in_polygon(p, &grown));
                }
            }
        }
    }
}
