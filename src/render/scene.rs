//! The retained board scene: a list of vector primitives in board units, grouped by
//! what they show (a cell, a piece, a layer of highlights), with a transform to pixels.
//!
//! Every backend (the SVG writer, the PNG rasteriser through SVG, later an egui painter)
//! draws exactly these primitives, so all of them show the same picture. Fill patterns
//! such as the hatch of positive Interstellar cells are already expanded into plain
//! primitives (clipped line segments), never backend-specific pattern fills.
//!
//! Coordinates are *view* board units: x to the right, y **down**, with the board
//! already turned the way the viewer sees it (flip applied). One board unit is one
//! hexagon width (Interstellar) or one triangle side (Triangular).

use std::fmt;

/// A point (or vector) in board units, y down.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    /// Horizontal coordinate, growing to the right.
    pub x: f32,
    /// Vertical coordinate, growing downwards.
    pub y: f32,
}

impl Point {
    /// The point `(x, y)`.
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }

    /// Vector sum (also `+`).
    pub fn plus(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }

    /// Vector difference `self − o` (also `-`).
    pub fn minus(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }

    /// Scaled by `k`.
    pub fn scale(self, k: f32) -> Point {
        Point::new(self.x * k, self.y * k)
    }

    /// Euclidean length.
    pub fn length(self) -> f32 {
        self.x.hypot(self.y)
    }

    /// The point a fraction `t` of the way from `self` to `o`.
    pub fn lerp(self, o: Point, t: f32) -> Point {
        Point::new(self.x + (o.x - self.x) * t, self.y + (o.y - self.y) * t)
    }
}

impl std::ops::Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        self.plus(o)
    }
}

impl std::ops::Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        self.minus(o)
    }
}

impl std::ops::Mul<f32> for Point {
    type Output = Point;
    fn mul(self, k: f32) -> Point {
        self.scale(k)
    }
}

/// A colour with straight (not premultiplied) alpha, sRGB.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
    /// Opacity, 0 (transparent) – 255 (opaque).
    pub a: u8,
}

impl Rgba {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    /// A colour with the given opacity.
    pub const fn new(r: u8, g: u8, b: u8, a: u8) -> Rgba {
        Rgba { r, g, b, a }
    }

    /// An opaque colour from `0xRRGGBB`.
    pub const fn hex(rgb: u32) -> Rgba {
        Rgba::rgb((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8)
    }

    /// The same colour with opacity `a`.
    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }

    /// Opaque black.
    pub const BLACK: Rgba = Rgba::rgb(0, 0, 0);
    /// Opaque white.
    pub const WHITE: Rgba = Rgba::rgb(255, 255, 255);

    /// `#rrggbb`, without the opacity.
    pub fn hex_string(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// Opacity as a fraction 0–1.
    pub fn opacity(self) -> f32 {
        self.a as f32 / 255.0
    }

    /// Relative luminance-like grey level 0–255 (Rec. 601 weights), for greyscale checks.
    pub fn grey(self) -> u8 {
        (0.299 * self.r as f32 + 0.587 * self.g as f32 + 0.114 * self.b as f32).round() as u8
    }
}

/// An outline: colour and width in board units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Line colour.
    pub color: Rgba,
    /// Line width in board units.
    pub width: f32,
}

impl Stroke {
    /// A stroke of `width` board units in `color`.
    pub const fn new(color: Rgba, width: f32) -> Stroke {
        Stroke { color, width }
    }
}

/// How a shape is painted: an optional fill and an optional stroke (round joins and caps).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Paint {
    /// Interior colour, if filled.
    pub fill: Option<Rgba>,
    /// Outline, if stroked.
    pub stroke: Option<Stroke>,
}

impl Paint {
    /// Fill only.
    pub const fn fill(color: Rgba) -> Paint {
        Paint { fill: Some(color), stroke: None }
    }

    /// Stroke only.
    pub const fn stroke(color: Rgba, width: f32) -> Paint {
        Paint { fill: None, stroke: Some(Stroke::new(color, width)) }
    }

    /// Fill and stroke.
    pub const fn fill_stroke(fill: Rgba, stroke: Rgba, width: f32) -> Paint {
        Paint { fill: Some(fill), stroke: Some(Stroke::new(stroke, width)) }
    }
}

/// One command of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathCmd {
    /// Start a new subpath at the point.
    MoveTo(Point),
    /// Straight line to the point.
    LineTo(Point),
    /// Cubic Bézier curve: two control points, then the end point.
    CubicTo(Point, Point, Point),
    /// Close the current subpath with a straight line to its start.
    Close,
}

/// Horizontal placement of a text label relative to its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HAlign {
    /// The text starts at the anchor.
    Start,
    /// The text is centred on the anchor.
    Middle,
    /// The text ends at the anchor.
    End,
}

/// Vertical placement of a text label relative to its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VAlign {
    /// The tops of capitals and digits touch the anchor.
    Top,
    /// Capitals and digits are centred on the anchor.
    Middle,
    /// The baseline passes through the anchor.
    Baseline,
}

/// Cap height of the bundled font (DejaVu Sans) as a fraction of the font size, used to
/// place [`VAlign::Middle`] and [`VAlign::Top`] labels identically in every backend.
pub const CAP_HEIGHT: f32 = 0.729;

/// A drawable primitive, in board units.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A closed polygon.
    Polygon(Vec<Point>),
    /// A circle.
    Circle {
        /// Centre.
        center: Point,
        /// Radius in board units.
        radius: f32,
    },
    /// A general path (non-zero fill rule).
    Path(Vec<PathCmd>),
    /// A single line of text in the bundled sans-serif font, filled with the paint's fill.
    Text {
        /// Anchor point.
        pos: Point,
        /// The text.
        text: String,
        /// Font size (em height) in board units.
        size: f32,
        /// Horizontal alignment on the anchor.
        h: HAlign,
        /// Vertical alignment on the anchor.
        v: VAlign,
        /// Bold weight.
        bold: bool,
    },
}

/// A shape with its paint.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// What to draw.
    pub shape: Shape,
    /// How to paint it.
    pub paint: Paint,
}

impl Item {
    /// A shape with a paint.
    pub fn new(shape: Shape, paint: Paint) -> Item {
        Item { shape, paint }
    }

    /// Points on the shape's outline (vertices, curves sampled, circle extremes, text
    /// anchor), for bounds checks.
    pub fn points(&self) -> Vec<Point> {
        match &self.shape {
            Shape::Polygon(p) => p.clone(),
            Shape::Circle { center, radius } => vec![
                center.plus(Point::new(-radius, 0.0)),
                center.plus(Point::new(*radius, 0.0)),
                center.plus(Point::new(0.0, -radius)),
                center.plus(Point::new(0.0, *radius)),
            ],
            Shape::Path(cmds) => {
                let mut out = Vec::new();
                let mut last = Point::default();
                for c in cmds {
                    match *c {
                        PathCmd::MoveTo(p) | PathCmd::LineTo(p) => {
                            out.push(p);
                            last = p;
                        }
                        PathCmd::CubicTo(a, b, p) => {
                            for k in 1..=8 {
                                out.push(cubic_point(last, a, b, p, k as f32 / 8.0));
                            }
                            last = p;
                        }
                        PathCmd::Close => {}
                    }
                }
                out
            }
            Shape::Text { pos, .. } => vec![*pos],
        }
    }

    /// The item with every point mapped through `f` and every length (radius, stroke
    /// width, font size) multiplied by `scale`.
    pub fn mapped(&self, f: &impl Fn(Point) -> Point, scale: f32) -> Item {
        let shape = match &self.shape {
            Shape::Polygon(p) => Shape::Polygon(p.iter().map(|&q| f(q)).collect()),
            Shape::Circle { center, radius } => Shape::Circle { center: f(*center), radius: radius * scale },
            Shape::Path(cmds) => Shape::Path(
                cmds.iter()
                    .map(|c| match *c {
                        PathCmd::MoveTo(p) => PathCmd::MoveTo(f(p)),
                        PathCmd::LineTo(p) => PathCmd::LineTo(f(p)),
                        PathCmd::CubicTo(a, b, p) => PathCmd::CubicTo(f(a), f(b), f(p)),
                        PathCmd::Close => PathCmd::Close,
                    })
                    .collect(),
            ),
            Shape::Text { pos, text, size, h, v, bold } => {
                Shape::Text { pos: f(*pos), text: text.clone(), size: size * scale, h: *h, v: *v, bold: *bold }
            }
        };
        let paint =
            Paint { fill: self.paint.fill, stroke: self.paint.stroke.map(|s| Stroke::new(s.color, s.width * scale)) };
        Item { shape, paint }
    }
}

/// What a group of items shows; backends may use it (the SVG writer turns it into
/// `data-cell` / `data-piece` attributes, the egui adapter may ignore it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// The frame, background and other decoration.
    Decoration,
    /// One board cell (fill, pattern, outline); the id is the cell's name.
    Cell(String),
    /// One piece; `id` says whose and which (`positive:PQ`, `white:queen`), `cell` where.
    Piece {
        /// Which piece.
        id: String,
        /// The name of the cell it stands on.
        cell: String,
    },
    /// A layer of highlights or labels, named (`last-move`, `targets`, `labels`, …).
    Layer(&'static str),
}

/// A list of items drawn together, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// What the group shows.
    pub role: Role,
    /// Its items, painted first to last.
    pub items: Vec<Item>,
}

/// Maps view board units to pixels: `pixel = point · scale + offset`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    /// Pixels per board unit.
    pub scale: f32,
    /// Pixel position of the board-unit origin.
    pub offset: Point,
}

impl Transform {
    /// Board units to pixels.
    pub fn apply(&self, p: Point) -> Point {
        Point::new(p.x * self.scale + self.offset.x, p.y * self.scale + self.offset.y)
    }

    /// Pixels to board units (for hit-testing a pointer position).
    pub fn invert(&self, px: Point) -> Point {
        Point::new((px.x - self.offset.x) / self.scale, (px.y - self.offset.y) / self.scale)
    }
}

/// A complete board picture: a view box `0..width × 0..height` in board units and
/// groups painted in order (later groups on top).
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Width of the view box in board units.
    pub width: f32,
    /// Height of the view box in board units.
    pub height: f32,
    /// The groups, bottom layer first.
    pub groups: Vec<Group>,
}

impl Scene {
    /// An empty scene with the given view box.
    pub fn new(width: f32, height: f32) -> Scene {
        Scene { width, height, groups: Vec::new() }
    }

    /// Appends a group (skipped when it has no items).
    pub fn push(&mut self, role: Role, items: Vec<Item>) {
        if !items.is_empty() {
            self.groups.push(Group { role, items });
        }
    }

    /// The transform that fits the view box, centred, into a `px_width × px_height`
    /// pixel rectangle at `(px_left, px_top)`, keeping the aspect ratio.
    pub fn fit(&self, px_left: f32, px_top: f32, px_width: f32, px_height: f32) -> Transform {
        let scale = (px_width / self.width).min(px_height / self.height);
        let offset = Point::new(
            px_left + (px_width - self.width * scale) / 2.0,
            px_top + (px_height - self.height * scale) / 2.0,
        );
        Transform { scale, offset }
    }

    /// The pixel height matching a pixel width at the scene's aspect ratio (rounded).
    pub fn height_for_width(&self, px_width: u32) -> u32 {
        (px_width as f32 * self.height / self.width).round().max(1.0) as u32
    }

    /// Number of groups with the given kind of role (`"cell"`, `"piece"`).
    pub fn count_role(&self, kind: &str) -> usize {
        self.groups
            .iter()
            .filter(|g| matches!((&g.role, kind), (Role::Cell(_), "cell") | (Role::Piece { .. }, "piece")))
            .count()
    }
}

impl fmt::Display for Scene {
    /// A one-line summary: view box and group count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "scene {}×{} with {} groups", self.width, self.height, self.groups.len())
    }
}

// ---------------------------------------------------------------------------------------
// Geometry helpers shared by the boards, glyphs and highlights.

/// Whether `p` lies inside the polygon (even-odd rule; points on an edge may go either
/// way).
pub fn point_in_polygon(p: Point, poly: &[Point]) -> bool {
    let mut inside = false;
    let n = poly.len();
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The average of the polygon's vertices (its centroid for triangles and regular
/// polygons).
pub fn polygon_center(poly: &[Point]) -> Point {
    let s = poly.iter().fold(Point::default(), |acc, &p| acc.plus(p));
    s.scale(1.0 / poly.len() as f32)
}

/// The polygon shrunk (k < 1) or grown (k > 1) about `center`.
pub fn scale_polygon(poly: &[Point], center: Point, k: f32) -> Vec<Point> {
    poly.iter().map(|&p| center.plus(p.minus(center).scale(k))).collect()
}

/// The part of segment `a`–`b` inside a **convex** polygon (Cyrus–Beck), if any.
/// The polygon may wind either way.
pub fn clip_segment(a: Point, b: Point, poly: &[Point]) -> Option<(Point, Point)> {
    let n = poly.len();
    // Orientation of the polygon: positive area = counter-clockwise in y-down coordinates.
    let area: f32 = (0..n).map(|i| cross(poly[i], poly[(i + 1) % n])).sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let d = b.minus(a);
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for i in 0..n {
        let e0 = poly[i];
        let e1 = poly[(i + 1) % n];
        let edge = e1.minus(e0);
        // Inside when sign · cross(edge, p − e0) >= 0.
        let num = sign * cross(edge, a.minus(e0));
        let den = sign * cross(edge, d);
        if den.abs() < 1e-9 {
            if num < 0.0 {
                return None;
            }
        } else {
            let t = -num / den;
            if den > 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
        if t0 > t1 {
            return None;
        }
    }
    Some((a.plus(d.scale(t0)), a.plus(d.scale(t1))))
}

/// The point at parameter `t` (0..1) on a cubic Bézier curve.
pub fn cubic_point(p0: Point, p1: Point, p2: Point, p3: Point, t: f32) -> Point {
    let u = 1.0 - t;
    p0.scale(u * u * u).plus(p1.scale(3.0 * u * u * t)).plus(p2.scale(3.0 * u * t * t)).plus(p3.scale(t * t * t))
}

/// A path as polylines, one per subpath, with cubic curves cut into `segments` straight
/// pieces each; the flag says whether the subpath was closed. For backends without
/// curves, and for filling through [`triangulate`].
pub fn flatten_path(cmds: &[PathCmd], segments: usize) -> Vec<(Vec<Point>, bool)> {
    let mut out: Vec<(Vec<Point>, bool)> = Vec::new();
    let mut cur: Vec<Point> = Vec::new();
    for c in cmds {
        match *c {
            PathCmd::MoveTo(p) => {
                if cur.len() > 1 {
                    out.push((std::mem::take(&mut cur), false));
                }
                cur = vec![p];
            }
            PathCmd::LineTo(p) => cur.push(p),
            PathCmd::CubicTo(a, b, p) => {
                let last = cur.last().copied().unwrap_or(a);
                for k in 1..=segments.max(1) {
                    cur.push(cubic_point(last, a, b, p, k as f32 / segments.max(1) as f32));
                }
            }
            PathCmd::Close => {
                if cur.len() > 1 {
                    let start = cur[0];
                    out.push((std::mem::take(&mut cur), true));
                    cur = vec![start];
                }
            }
        }
    }
    if cur.len() > 1 {
        out.push((cur, false));
    }
    out
}

/// Triangles (as vertex indices) covering a simple polygon without holes, by ear
/// clipping; for backends that fill only convex shapes (egui's painter). Non-simple
/// input gives a best effort.
pub fn triangulate(poly: &[Point]) -> Vec<[usize; 3]> {
    let n = poly.len();
    if n < 3 {
        return Vec::new();
    }
    let area: f32 = (0..n).map(|i| cross(poly[i], poly[(i + 1) % n])).sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let mut idx: Vec<usize> = (0..n).collect();
    let mut out = Vec::with_capacity(n - 2);
    let mut guard = 0;
    while idx.len() > 3 && guard < n * n {
        guard += 1;
        let m = idx.len();
        let mut clipped = false;
        for k in 0..m {
            let (i0, i1, i2) = (idx[(k + m - 1) % m], idx[k], idx[(k + 1) % m]);
            let (a, b, c) = (poly[i0], poly[i1], poly[i2]);
            if sign * cross(b.minus(a), c.minus(b)) <= 0.0 {
                continue; // reflex or flat corner
            }
            let inside = idx.iter().any(|&j| {
                j != i0 && j != i1 && j != i2 && {
                    let p = poly[j];
                    let d1 = sign * cross(b.minus(a), p.minus(a));
                    let d2 = sign * cross(c.minus(b), p.minus(b));
                    let d3 = sign * cross(a.minus(c), p.minus(c));
                    d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0
                }
            });
            if !inside {
                out.push([i0, i1, i2]);
                idx.remove(k);
                clipped = true;
                break;
            }
        }
        if !clipped {
            // Degenerate input: fan the rest.
            for k in 1..idx.len() - 1 {
                out.push([idx[0], idx[k], idx[k + 1]]);
            }
            return out;
        }
    }
    if idx.len() == 3 {
        out.push([idx[0], idx[1], idx[2]]);
    }
    out
}

fn cross(a: Point, b: Point) -> f32 {
    a.x * b.y - a.y * b.x
}

/// Cubic Bézier segments approximating an elliptical arc centred at `c` with radii
/// `rx`, `ry`, rotated by `rot` radians, from angle `a0` to `a1` (radians, y down, so
/// positive angles turn clockwise on screen). Starts with a `MoveTo` when `start` is true,
/// else with a `LineTo` to the arc's start.
pub fn ellipse_arc(c: Point, rx: f32, ry: f32, rot: f32, a0: f32, a1: f32, start: bool) -> Vec<PathCmd> {
    let (sr, cr) = rot.sin_cos();
    let at = |a: f32| {
        let (s, co) = a.sin_cos();
        let (x, y) = (rx * co, ry * s);
        Point::new(c.x + x * cr - y * sr, c.y + x * sr + y * cr)
    };
    let deriv = |a: f32| {
        let (s, co) = a.sin_cos();
        let (x, y) = (-rx * s, ry * co);
        Point::new(x * cr - y * sr, x * sr + y * cr)
    };
    let segments = ((a1 - a0).abs() / std::f32::consts::FRAC_PI_2).ceil().max(1.0) as usize;
    let step = (a1 - a0) / segments as f32;
    let k = 4.0 / 3.0 * (step / 4.0).tan();
    let mut out = vec![if start { PathCmd::MoveTo(at(a0)) } else { PathCmd::LineTo(at(a0)) }];
    for i in 0..segments {
        let s0 = a0 + step * i as f32;
        let s1 = s0 + step;
        let p0 = at(s0);
        let p1 = at(s1);
        out.push(PathCmd::CubicTo(p0.plus(deriv(s0).scale(k)), p1.minus(deriv(s1).scale(k)), p1));
    }
    out
}

/// A closed full ellipse as a path.
pub fn ellipse(c: Point, rx: f32, ry: f32, rot: f32) -> Vec<PathCmd> {
    let mut p = ellipse_arc(c, rx, ry, rot, 0.0, std::f32::consts::TAU, true);
    p.push(PathCmd::Close);
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_segment_to_square() {
        let sq = [Point::new(0.0, 0.0), Point::new(1.0, 0.0), Point::new(1.0, 1.0), Point::new(0.0, 1.0)];
        let (a, b) = clip_segment(Point::new(-1.0, 0.5), Point::new(2.0, 0.5), &sq).unwrap();
        assert!((a.x - 0.0).abs() < 1e-6 && (b.x - 1.0).abs() < 1e-6);
        let rev: Vec<Point> = sq.iter().rev().copied().collect();
        let (a, b) = clip_segment(Point::new(-1.0, 0.5), Point::new(2.0, 0.5), &rev).unwrap();
        assert!((a.x - 0.0).abs() < 1e-6 && (b.x - 1.0).abs() < 1e-6);
        assert!(clip_segment(Point::new(-1.0, 2.0), Point::new(2.0, 2.0), &sq).is_none());
    }

    #[test]
    fn triangulate_a_star() {
        let star: Vec<Point> = (0..10)
            .map(|k| {
                let a = k as f32 * std::f32::consts::PI / 5.0;
                let r = if k % 2 == 0 { 1.0 } else { 0.4 };
                Point::new(r * a.cos(), r * a.sin())
            })
            .collect();
        let tris = triangulate(&star);
        assert_eq!(tris.len(), 8);
        let area = |p: &[Point]| (0..p.len()).map(|i| cross(p[i], p[(i + 1) % p.len()])).sum::<f32>().abs() / 2.0;
        let total: f32 = tris.iter().map(|t| area(&[star[t[0]], star[t[1]], star[t[2]]])).sum();
        assert!((total - area(&star)).abs() < 1e-4);
    }

    #[test]
    fn flatten_an_ellipse() {
        let polys = flatten_path(&ellipse(Point::new(0.0, 0.0), 2.0, 1.0, 0.0), 4);
        assert_eq!(polys.len(), 1);
        assert!(polys[0].1);
        for p in &polys[0].0 {
            assert!(((p.x / 2.0).powi(2) + p.y.powi(2) - 1.0).abs() < 1e-2);
        }
    }

    #[test]
    fn point_in_square() {
        let sq = [Point::new(0.0, 0.0), Point::new(1.0, 0.0), Point::new(1.0, 1.0), Point::new(0.0, 1.0)];
        assert!(point_in_polygon(Point::new(0.5, 0.5), &sq));
        assert!(!point_in_polygon(Point::new(1.5, 0.5), &sq));
    }

    #[test]
    fn transform_round_trip() {
        let s = Scene::new(10.0, 5.0);
        let t = s.fit(0.0, 0.0, 200.0, 200.0);
        assert_eq!(t.scale, 20.0);
        assert_eq!(t.offset, Point::new(0.0, 50.0));
        let p = Point::new(3.0, 4.0);
        let q = t.invert(t.apply(p));
        assert!((q.x - p.x).abs() < 1e-5 && (q.y - p.y).abs() < 1e-5);
    }
}
