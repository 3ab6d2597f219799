//! Piece glyphs as vector primitives in a unit box (`0..1 × 0..1`, y down), in two
//! armies with the same shapes: [`Army::Light`] (light fill, dark outline) and
//! [`Army::Dark`] (dark fill, light outline).
//!
//! Interstellar's six pieces are drawn from geometry here (the patent's piece drawings
//! are lost): planet (sphere with a tilted ring), quasar (bright core with two opposite
//! jets), pulsar (core inside concentric arcs), nebula (a soft cloud with a spiral),
//! black hole (dark disc, thin bright ring, tilted accretion disc), star (five points).
//! Triangular's chess pieces are the chess silhouettes of the bundled DejaVu Sans,
//! extracted once into `chess_outlines.rs` by `tools/chess_glyphs.py`; a bishop carries
//! a small dot in the colour of the cells it runs on.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use super::chess_outlines as co;
use super::scene::{Item, Paint, PathCmd, Point, Rgba, Shape, ellipse_arc};

/// Which army a glyph belongs to: it decides the fill and outline colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Army {
    /// Light fill with a dark outline (Interstellar's positive army, Triangular's White).
    Light,
    /// Dark fill with a light outline (Interstellar's negative army, Triangular's Black).
    Dark,
}

impl Army {
    /// The body colour.
    pub const fn fill(self) -> Rgba {
        match self {
            Army::Light => Rgba::hex(0xfbfaf5),
            Army::Dark => Rgba::hex(0x2a2a2e),
        }
    }

    /// The outline and detail colour.
    pub const fn line(self) -> Rgba {
        match self {
            Army::Light => Rgba::hex(0x24221f),
            Army::Dark => Rgba::hex(0xf2f0ea),
        }
    }
}

/// The colour of the cells a Triangular bishop runs on (shown as a dot on its glyph).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    /// Light (point-down) cells.
    Light,
    /// Dark (point-up) cells.
    Dark,
}

/// Every piece picture the boards use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// Interstellar planet: a sphere with a tilted ring.
    Planet,
    /// Interstellar quasar: a bright core with two opposite jets.
    Quasar,
    /// Interstellar pulsar: a core inside concentric arcs.
    Pulsar,
    /// Interstellar nebula: a soft cloud with a spiral.
    Nebula,
    /// Interstellar black hole: a dark disc with a thin bright ring and an accretion disc.
    BlackHole,
    /// Interstellar star: a five-pointed star.
    Star,
    /// Chess king.
    King,
    /// Chess queen.
    Queen,
    /// Chess rook.
    Rook,
    /// Chess bishop, with a dot in the colour of the cells it runs on.
    Bishop(Shade),
    /// Chess knight.
    Knight,
    /// Chess pawn.
    Pawn,
    /// Draughts man: a flat disc seen from above, with a groove.
    Man,
    /// Draughts king: a man with a crown on it.
    DraughtsKing,
}

impl Glyph {
    /// All glyphs (both bishops), for tests and galleries.
    pub const ALL: [Glyph; 15] = [
        Glyph::Planet,
        Glyph::Quasar,
        Glyph::Pulsar,
        Glyph::Nebula,
        Glyph::BlackHole,
        Glyph::Star,
        Glyph::King,
        Glyph::Queen,
        Glyph::Rook,
        Glyph::Bishop(Shade::Light),
        Glyph::Bishop(Shade::Dark),
        Glyph::Knight,
        Glyph::Pawn,
        Glyph::Man,
        Glyph::DraughtsKing,
    ];
}

/// Outline width in the unit box.
const LINE: f32 = 0.04;
/// Colour of the dot on a light-cell bishop.
pub const DOT_LIGHT: Rgba = Rgba::hex(0xf3e2c3);
/// Colour of the dot on a dark-cell bishop.
pub const DOT_DARK: Rgba = Rgba::hex(0x8a5a34);

const C: Point = Point::new(0.5, 0.5);

/// The glyph's items in the unit box (`0..1 × 0..1`, y down), painted first to last.
pub fn glyph(glyph: Glyph, army: Army) -> Vec<Item> {
    let fill = army.fill();
    let line = army.line();
    let body = Paint::fill_stroke(fill, line, LINE);
    match glyph {
        Glyph::Planet => planet(fill, line, body),
        Glyph::Quasar => quasar(line, body),
        Glyph::Pulsar => pulsar(line, body),
        Glyph::Nebula => nebula(line, body),
        Glyph::BlackHole => black_hole(army, line, body),
        Glyph::Star => star(body),
        Glyph::King => chess(co::KING_OUTER, co::KING_INNER, fill, line),
        Glyph::Queen => chess(co::QUEEN_OUTER, co::QUEEN_INNER, fill, line),
        Glyph::Rook => chess(co::ROOK_OUTER, co::ROOK_INNER, fill, line),
        Glyph::Knight => chess(co::KNIGHT_OUTER, co::KNIGHT_INNER, fill, line),
        Glyph::Pawn => chess(co::PAWN_OUTER, co::PAWN_INNER, fill, line),
        Glyph::Man => man(fill, line),
        Glyph::DraughtsKing => {
            let mut items = man(fill, line);
            items.push(crown(line));
            items
        }
        Glyph::Bishop(shade) => {
            let mut items = chess(co::BISHOP_OUTER, co::BISHOP_INNER, fill, line);
            let dot = match shade {
                Shade::Light => DOT_LIGHT,
                Shade::Dark => DOT_DARK,
            };
            let outline = match shade {
                Shade::Light => Rgba::hex(0x24221f),
                Shade::Dark => Rgba::hex(0xf2f0ea),
            };
            items.push(Item::new(
                Shape::Circle { center: Point::new(0.5, 0.76), radius: 0.095 },
                Paint::fill_stroke(dot, outline, 0.035),
            ));
            items
        }
    }
}

/// The glyph's items mapped from the unit box onto a square of side `size` centred at
/// `center` (board units); outlines and text scale with it.
pub fn place(items: &[Item], center: Point, size: f32) -> Vec<Item> {
    let f = |p: Point| Point::new(center.x + (p.x - 0.5) * size, center.y + (p.y - 0.5) * size);
    items.iter().map(|it| it.mapped(&f, size)).collect()
}

/// A draughts man from above: a disc, a groove near its rim and a smaller one inside.
fn man(fill: Rgba, line: Rgba) -> Vec<Item> {
    vec![
        Item::new(Shape::Circle { center: C, radius: 0.45 }, Paint::fill_stroke(fill, line, LINE)),
        Item::new(Shape::Circle { center: C, radius: 0.34 }, Paint::stroke(line.with_alpha(170), 0.03)),
        Item::new(Shape::Circle { center: C, radius: 0.2 }, Paint::stroke(line.with_alpha(110), 0.025)),
    ]
}

/// A three-pointed crown in the middle of a man (a draughts king).
fn crown(line: Rgba) -> Item {
    let p = |x: f32, y: f32| Point::new(x, y);
    Item::new(
        Shape::Polygon(vec![
            p(0.3, 0.64),
            p(0.27, 0.38),
            p(0.39, 0.5),
            p(0.5, 0.32),
            p(0.61, 0.5),
            p(0.73, 0.38),
            p(0.7, 0.64),
        ]),
        Paint::fill(line),
    )
}

/// A ring drawn as a two-tone band along an elliptical arc: a wide stroke in `line`, a
/// narrower one in `fill` on top, so it shows on any background.
fn band(path: Vec<PathCmd>, fill: Rgba, line: Rgba, width: f32) -> [Item; 2] {
    [
        Item::new(Shape::Path(path.clone()), Paint::stroke(line, width + 2.0 * LINE)),
        Item::new(Shape::Path(path), Paint::stroke(fill, width)),
    ]
}

fn planet(fill: Rgba, line: Rgba, body: Paint) -> Vec<Item> {
    let (rx, ry, rot) = (0.425, 0.125, -0.38);
    let mut items = Vec::new();
    // The far half of the ring, then the sphere, then the near half.
    items.extend(band(ellipse_arc(C, rx, ry, rot, PI, TAU, true), fill, line, 0.045));
    items.push(Item::new(Shape::Circle { center: C, radius: 0.255 }, body));
    // A soft band across the sphere, parallel to the ring.
    items.push(Item::new(
        Shape::Path(ellipse_arc(C, 0.2, 0.055, rot, 0.15, PI - 0.15, true)),
        Paint::stroke(line.with_alpha(150), 0.025),
    ));
    items.extend(band(ellipse_arc(C, rx, ry, rot, 0.0, PI, true), fill, line, 0.045));
    items
}

fn quasar(line: Rgba, body: Paint) -> Vec<Item> {
    let mut items = Vec::new();
    let axis = -PI / 3.0; // jets to the upper right and lower left
    for k in [0.0, PI] {
        let a = axis + k;
        let dir = Point::new(a.cos(), a.sin());
        let perp = Point::new(-dir.y, dir.x);
        let base = C.plus(dir.scale(0.13));
        let tip = C.plus(dir.scale(0.47));
        let mid = C.plus(dir.scale(0.27));
        items.push(Item::new(
            Shape::Path(vec![
                PathCmd::MoveTo(base.plus(perp.scale(0.135))),
                PathCmd::CubicTo(mid.plus(perp.scale(0.12)), tip.plus(perp.scale(0.04)), tip),
                PathCmd::CubicTo(
                    tip.minus(perp.scale(0.04)),
                    mid.minus(perp.scale(0.12)),
                    base.minus(perp.scale(0.135)),
                ),
                PathCmd::Close,
            ]),
            body,
        ));
        // A streak along the jet.
        items.push(Item::new(
            Shape::Path(vec![PathCmd::MoveTo(C.plus(dir.scale(0.22))), PathCmd::LineTo(C.plus(dir.scale(0.37)))]),
            Paint::stroke(line, 0.025),
        ));
    }
    // Halo, core and a bright heart with four short rays.
    // The body colour dominates (so the two armies read apart at small sizes): a large
    // halo in the army's fill, a thin ring and a small heart in its line colour.
    items.push(Item::new(Shape::Circle { center: C, radius: 0.245 }, body));
    items.push(Item::new(Shape::Circle { center: C, radius: 0.13 }, Paint::stroke(line, 0.035)));
    items.push(Item::new(Shape::Circle { center: C, radius: 0.05 }, Paint::fill(line)));
    items
}

/// An annular sector centred on `C` between radii `r0 < r1`, angles `a0 < a1`.
fn sector(r0: f32, r1: f32, a0: f32, a1: f32) -> Vec<PathCmd> {
    let mut p = ellipse_arc(C, r1, r1, 0.0, a0, a1, true);
    p.extend(ellipse_arc(C, r0, r0, 0.0, a1, a0, false));
    p.push(PathCmd::Close);
    p
}

fn pulsar(line: Rgba, body: Paint) -> Vec<Item> {
    let mut items = Vec::new();
    let half = 0.8;
    for centre in [0.0, PI] {
        // Wide bands, so the army's fill shows clearly inside the outlines.
        for (r0, r1) in [(0.205, 0.315), (0.355, 0.465)] {
            items.push(Item::new(Shape::Path(sector(r0, r1, centre - half, centre + half)), body));
        }
    }
    items.push(Item::new(Shape::Circle { center: C, radius: 0.16 }, body));
    items.push(Item::new(Shape::Circle { center: C, radius: 0.05 }, Paint::fill(line)));
    items
}

fn nebula(line: Rgba, body: Paint) -> Vec<Item> {
    // A cloud: seven soft lobes around a circle.
    let n = 7;
    let (r0, r1) = (0.34, 0.47);
    let at = |r: f32, a: f32| Point::new(0.5 + r * a.cos(), 0.5 + r * a.sin());
    let step = TAU / n as f32;
    let start = -FRAC_PI_2;
    let mut path = vec![PathCmd::MoveTo(at(r0, start))];
    for k in 0..n {
        let a0 = start + step * k as f32;
        let a1 = a0 + step;
        path.push(PathCmd::CubicTo(at(r1, a0 + step * 0.05), at(r1, a1 - step * 0.05), at(r0, a1)));
    }
    path.push(PathCmd::Close);
    let mut items = vec![Item::new(Shape::Path(path), body)];
    // Two spiral arms.
    for arm in [0.0, PI] {
        let mut p = Vec::new();
        let steps = 24;
        for s in 0..=steps {
            let t = s as f32 / steps as f32;
            let a = arm + t * 1.35 * TAU * 0.75;
            let r = 0.03 + 0.25 * t;
            let q = at(r, a);
            p.push(if s == 0 { PathCmd::MoveTo(q) } else { PathCmd::LineTo(q) });
        }
        items.push(Item::new(Shape::Path(p), Paint::stroke(line, 0.045)));
    }
    items.push(Item::new(Shape::Circle { center: C, radius: 0.05 }, Paint::fill(line)));
    items
}

fn black_hole(army: Army, line: Rgba, body: Paint) -> Vec<Item> {
    let hole = match army {
        Army::Light => Rgba::hex(0x17181c),
        Army::Dark => Rgba::hex(0x050506),
    };
    vec![
        // The accretion disc, seen face on: a round token in the army's colour with a
        // faint inner ring.
        Item::new(Shape::Circle { center: C, radius: 0.42 }, body),
        Item::new(Shape::Circle { center: C, radius: 0.335 }, Paint::stroke(line.with_alpha(160), 0.022)),
        // The hole: a dark disc inside a thin bright photon ring.
        Item::new(Shape::Circle { center: C, radius: 0.245 }, Paint::fill_stroke(hole, line, 0.03)),
        Item::new(Shape::Circle { center: C, radius: 0.2 }, Paint::stroke(Rgba::hex(0xffc857), 0.04)),
    ]
}

fn star(body: Paint) -> Vec<Item> {
    let center = Point::new(0.5, 0.53);
    let (outer, inner) = (0.45, 0.19);
    let pts = (0..10)
        .map(|k| {
            let a = -FRAC_PI_2 + k as f32 * PI / 5.0;
            let r = if k % 2 == 0 { outer } else { inner };
            Point::new(center.x + r * a.cos(), center.y + r * a.sin())
        })
        .collect();
    vec![Item::new(Shape::Polygon(pts), body)]
}

fn contour_cmds(contours: &[co::Contour]) -> Vec<PathCmd> {
    let mut out = Vec::new();
    for contour in contours {
        for &(op, pts) in contour.iter() {
            let p = |i: usize| Point::new(pts[i].0, pts[i].1);
            out.push(match op {
                b'M' => PathCmd::MoveTo(p(0)),
                b'L' => PathCmd::LineTo(p(0)),
                b'C' => PathCmd::CubicTo(p(0), p(1), p(2)),
                _ => PathCmd::Close,
            });
        }
    }
    out
}

fn chess(outer: &[co::Contour], holes: &[co::Contour], fill: Rgba, line: Rgba) -> Vec<Item> {
    // The font's filled chess symbol draws its detail lines as thin gaps. Paint the
    // silhouette in the line colour (with an outline), then the symbol itself in the
    // army's fill: the gaps show the line colour underneath.
    let mut all = contour_cmds(outer);
    all.extend(contour_cmds(holes));
    vec![
        Item::new(Shape::Path(contour_cmds(outer)), Paint::fill_stroke(line, line, 0.05)),
        Item::new(Shape::Path(all), Paint::fill(fill)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_stay_inside_their_box() {
        for g in Glyph::ALL {
            for army in [Army::Light, Army::Dark] {
                let items = glyph(g, army);
                assert!(!items.is_empty());
                for it in &items {
                    let half = it.paint.stroke.map_or(0.0, |s| s.width / 2.0);
                    for p in it.points() {
                        assert!(
                            p.x - half >= -1e-4 && p.x + half <= 1.0001 && p.y - half >= -1e-4 && p.y + half <= 1.0001,
                            "{g:?} {army:?} leaves the box at {p:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn armies_differ_only_in_colour() {
        for g in Glyph::ALL {
            let a = glyph(g, Army::Light);
            let b = glyph(g, Army::Dark);
            assert_eq!(a.len(), b.len());
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(x.points(), y.points(), "{g:?}");
            }
            assert_ne!(a, b);
        }
    }
}
