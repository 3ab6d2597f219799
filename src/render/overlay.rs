//! Highlights and study marks, shared by every board: the [`BoardOverlay`] input and
//! the primitives that draw it, given each cell's polygon in view board units. Cells are
//! the game's own cell type (`C`, a [`BoardCell`](crate::core::BoardCell)).

use super::scene::{Item, Paint, PathCmd, Point, Rgba, Shape, polygon_center, scale_polygon};

/// The study-mark colours and arrows are the records' own (a move's marks are drawn as
/// stored), so the board and the game record share one definition.
pub use crate::record::{Arrow, MarkColor};

impl MarkColor {
    /// The colour, with its transparency (semi-transparent, as lichess draws marks).
    pub const fn rgba(self) -> Rgba {
        match self {
            MarkColor::Green => Rgba::new(21, 120, 27, 200),
            MarkColor::Red => Rgba::new(136, 32, 32, 200),
            MarkColor::Blue => Rgba::new(0, 48, 136, 200),
            MarkColor::Yellow => Rgba::new(230, 143, 0, 200),
        }
    }
}

/// Everything drawn over the bare board besides the pieces. All fields default to
/// nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardOverlay<C> {
    /// The selected piece's cell: a soft fill.
    pub selected: Option<C>,
    /// Legal destinations: a small dot on an empty cell, a ring on a cell holding a piece.
    pub targets: Vec<C>,
    /// Destinations always drawn as a capture ring (e.g. when the caller knows better).
    pub captures: Vec<C>,
    /// The last move's origin and destination: tinted cells.
    pub last_move: Option<(C, C)>,
    /// Cells of planets in Target / kings in check: a red glow under the piece.
    pub in_target: Vec<C>,
    /// The cell under the pointer: a faint outline.
    pub hover: Option<C>,
    /// Study arrows, above the pieces.
    pub arrows: Vec<Arrow<C>>,
    /// Study-marked cells, above the pieces.
    pub marked_cells: Vec<(C, MarkColor)>,
    /// Landing cells of a capture being entered click by click: tinted like the
    /// selection.
    pub landed: Vec<C>,
    /// Pieces a capture being entered has jumped so far: crossed out in red.
    pub jumped: Vec<C>,
    /// A lesson's coins still to collect (Help → Learn): a gold coin on each cell,
    /// over the pieces.
    pub coins: Vec<C>,
}

impl<C> Default for BoardOverlay<C> {
    fn default() -> Self {
        BoardOverlay {
            selected: None,
            targets: Vec::new(),
            captures: Vec::new(),
            last_move: None,
            in_target: Vec::new(),
            hover: None,
            arrows: Vec::new(),
            marked_cells: Vec::new(),
            landed: Vec::new(),
            jumped: Vec::new(),
            coins: Vec::new(),
        }
    }
}

/// Colours of the move highlights.
pub mod colors {
    use crate::render::scene::Rgba;
    /// Selected cell fill.
    pub const SELECTED: Rgba = Rgba::new(20, 85, 30, 128);
    /// Target dot and capture ring.
    pub const TARGET: Rgba = Rgba::new(20, 85, 30, 140);
    /// Last-move tint.
    pub const LAST_MOVE: Rgba = Rgba::new(155, 199, 0, 105);
    /// Hover outline.
    pub const HOVER: Rgba = Rgba::new(20, 85, 30, 90);
    /// Target / check glow (its centre; each layer is fainter).
    pub const CHECK: Rgba = Rgba::rgb(235, 0, 0);
    /// The cross over a jumped piece.
    pub const JUMPED: Rgba = Rgba::new(200, 20, 20, 220);
    /// A lesson's coin.
    pub const COIN: Rgba = Rgba::new(250, 196, 20, 240);
    /// A lesson coin's rim and emblem.
    pub const COIN_EDGE: Rgba = Rgba::new(150, 95, 0, 240);
}

/// What the overlay painters need to know about a board.
pub(crate) struct Geometry<'a, C> {
    /// The cell's polygon in view units, if the id is a cell.
    pub polygon: &'a dyn Fn(C) -> Option<Vec<Point>>,
    /// Whether a piece stands on the cell.
    pub occupied: &'a dyn Fn(C) -> bool,
    /// The radius of a cell's inscribed circle (sets sizes of dots, rings, arrows).
    pub inradius: f32,
}

/// Highlights painted on the cells, under the labels and pieces: last move, selection,
/// hover.
pub(crate) fn under_pieces<C: Copy + PartialEq>(ov: &BoardOverlay<C>, g: &Geometry<C>) -> Vec<Item> {
    let mut items = Vec::new();
    if let Some((a, b)) = ov.last_move {
        for c in [a, b] {
            if let Some(p) = (g.polygon)(c) {
                items.push(Item::new(Shape::Polygon(p), Paint::fill(colors::LAST_MOVE)));
            }
        }
    }
    for p in ov.selected.iter().chain(&ov.landed).filter_map(|&c| (g.polygon)(c)) {
        items.push(Item::new(Shape::Polygon(p), Paint::fill(colors::SELECTED)));
    }
    if let Some(p) = ov.hover.and_then(g.polygon) {
        let c = polygon_center(&p);
        let w = g.inradius * 0.09;
        let inset = 1.0 - w / (2.0 * g.inradius);
        items.push(Item::new(Shape::Polygon(scale_polygon(&p, c, inset)), Paint::stroke(colors::HOVER, w)));
    }
    items
}

/// The red glow under a planet in Target or a king in check: stacked, ever smaller
/// copies of the cell, each faint, so the red deepens towards the centre.
pub(crate) fn glow<C: Copy + PartialEq>(ov: &BoardOverlay<C>, g: &Geometry<C>) -> Vec<Item> {
    let mut items = Vec::new();
    for &cell in &ov.in_target {
        if let Some(p) = (g.polygon)(cell) {
            let c = polygon_center(&p);
            let layers = 7;
            for k in 0..layers {
                let scale = 1.0 - k as f32 / layers as f32 * 0.9;
                let alpha = if k == 0 { 70 } else { 48 };
                items.push(Item::new(
                    Shape::Polygon(scale_polygon(&p, c, scale)),
                    Paint::fill(colors::CHECK.with_alpha(alpha)),
                ));
            }
        }
    }
    items
}

/// A lesson's coins, then target dots and capture rings, drawn over the pieces.
pub(crate) fn targets<C: Copy + PartialEq>(ov: &BoardOverlay<C>, g: &Geometry<C>) -> Vec<Item> {
    let mut items = Vec::new();
    for &cell in &ov.coins {
        if let Some(p) = (g.polygon)(cell) {
            // On a piece (a coin collected by capturing it), smaller and aside.
            let (scale, shift) = if (g.occupied)(cell) { (0.34, 0.5) } else { (0.5, 0.0) };
            let c = polygon_center(&p).plus(Point::new(g.inradius * shift, -g.inradius * shift));
            let r = g.inradius * scale;
            items.push(Item::new(Shape::Circle { center: c, radius: r }, Paint::fill(colors::COIN)));
            items.push(Item::new(
                Shape::Circle { center: c, radius: r * 0.93 },
                Paint::stroke(colors::COIN_EDGE, r * 0.14),
            ));
            items.push(Item::new(Shape::Polygon(star_points(c, r * 0.62)), Paint::fill(colors::COIN_EDGE)));
        }
    }
    let ring = |cell: C, items: &mut Vec<Item>| {
        if let Some(p) = (g.polygon)(cell) {
            let c = polygon_center(&p);
            let w = g.inradius * 0.22;
            let inset = 1.0 - w / (1.6 * g.inradius);
            items.push(Item::new(Shape::Polygon(scale_polygon(&p, c, inset)), Paint::stroke(colors::TARGET, w)));
        }
    };
    for &cell in &ov.targets {
        if ov.captures.contains(&cell) {
            continue;
        }
        if (g.occupied)(cell) {
            ring(cell, &mut items);
        } else if let Some(p) = (g.polygon)(cell) {
            items.push(Item::new(
                Shape::Circle { center: polygon_center(&p), radius: g.inradius * 0.36 },
                Paint::fill(colors::TARGET),
            ));
        }
    }
    for &cell in &ov.captures {
        ring(cell, &mut items);
    }
    for &cell in &ov.jumped {
        if let Some(p) = (g.polygon)(cell) {
            let c = polygon_center(&p);
            let r = g.inradius * 0.75;
            let w = g.inradius * 0.2;
            for (dx, dy) in [(1.0, 1.0), (1.0, -1.0)] {
                let d = Point::new(dx * r * std::f32::consts::FRAC_1_SQRT_2, dy * r * std::f32::consts::FRAC_1_SQRT_2);
                items.push(Item::new(
                    Shape::Path(vec![PathCmd::MoveTo(c.minus(d)), PathCmd::LineTo(c.plus(d))]),
                    Paint::stroke(colors::JUMPED, w),
                ));
            }
        }
    }
    items
}

/// Study marks: marked cells (a coloured rim inside the cell) and arrows, above
/// everything else.
pub(crate) fn study_marks<C: Copy + PartialEq>(ov: &BoardOverlay<C>, g: &Geometry<C>) -> Vec<Item> {
    let mut items = Vec::new();
    for &(cell, color) in &ov.marked_cells {
        if let Some(p) = (g.polygon)(cell) {
            let c = polygon_center(&p);
            let w = g.inradius * 0.18;
            let inset = 1.0 - w / (1.6 * g.inradius);
            items.push(Item::new(Shape::Polygon(scale_polygon(&p, c, inset)), Paint::stroke(color.rgba(), w)));
        }
    }
    for arrow in &ov.arrows {
        let (Some(a), Some(b)) = ((g.polygon)(arrow.from), (g.polygon)(arrow.to)) else { continue };
        if arrow.from == arrow.to {
            continue;
        }
        items.push(Item::new(
            Shape::Path(arrow_path(polygon_center(&a), polygon_center(&b), g.inradius)),
            Paint::fill(arrow.color.rgba()),
        ));
    }
    items
}

/// One closed outline (shaft and head) for an arrow between two cell centres, so its
/// transparency is even.
pub fn arrow_path(from: Point, to: Point, inradius: f32) -> Vec<PathCmd> {
    let d = to.minus(from);
    let len = d.length();
    let u = d.scale(1.0 / len);
    let n = Point::new(-u.y, u.x);
    let w = inradius * 0.32; // shaft width
    let head_len = (w * 2.6).min(len * 0.6);
    let head_w = w * 2.4;
    let start = from.plus(u.scale(inradius * 0.25));
    let tip = to.minus(u.scale(inradius * 0.15));
    let neck = tip.minus(u.scale(head_len));
    let half = w / 2.0;
    vec![
        PathCmd::MoveTo(start.plus(n.scale(half))),
        PathCmd::LineTo(neck.plus(n.scale(half))),
        PathCmd::LineTo(neck.plus(n.scale(head_w / 2.0))),
        PathCmd::LineTo(tip),
        PathCmd::LineTo(neck.minus(n.scale(head_w / 2.0))),
        PathCmd::LineTo(neck.minus(n.scale(half))),
        PathCmd::LineTo(start.minus(n.scale(half))),
        PathCmd::Close,
    ]
}

/// A five-pointed star around `c`, its points `r` from the centre, one pointing up.
fn star_points(c: Point, r: f32) -> Vec<Point> {
    (0..10)
        .map(|k| {
            let angle = std::f32::consts::PI * (k as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
            let radius = if k % 2 == 0 { r } else { r * 0.42 };
            Point::new(c.x + radius * angle.cos(), c.y + radius * angle.sin())
        })
        .collect()
}
