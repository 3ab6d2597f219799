//! Draws a render [`Scene`] into an [`egui::Painter`].
//!
//! This is the egui backend of the drawing layer: it paints exactly the scene's
//! primitives, in order, so the window shows the same picture as the SVG and PNG
//! backends.
//!
//! - Polygons, circles and stroked paths become egui shapes (anti-aliased).
//! - Filled paths (the board frame, arrows) are flattened with [`flatten_path`]; convex
//!   outlines become convex polygons, others are cut by [`triangulate`] into a mesh.
//! - Piece groups ([`Role::Piece`]) are rasterised once per pixel size with `resvg`
//!   (through [`render_scene`]) into a texture, cached in the egui context and drawn as
//!   an image: glyph outlines have holes, fine strokes and curves that look best with a
//!   real rasteriser, and a cached texture costs one quad per piece per frame.
//! - Text uses egui's proportional font.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use egui::epaint::{CircleShape, PathShape, PathStroke};
use egui::{Align2, Color32, ColorImage, Context, FontId, Mesh, Painter, Pos2, Rect, TextureHandle, TextureOptions};

use crate::render::png::render_scene;
use crate::render::scene::{
    Group, HAlign, Item, Paint, Point, Rgba, Role, Scene, Shape, Transform, VAlign, flatten_path, triangulate,
};

/// Straight pieces per cubic curve when flattening paths.
const CURVE_SEGMENTS: usize = 8;

/// An egui colour from a scene colour (straight alpha).
pub fn color32(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a)
}

/// The transform that fits `scene` into `rect` (points), centred, keeping its shape.
pub fn fit(scene: &Scene, rect: Rect) -> Transform {
    fit_size(scene.width, scene.height, rect)
}

/// The transform that fits a `width × height` board-unit view box into `rect`.
pub fn fit_size(width: f32, height: f32, rect: Rect) -> Transform {
    Scene::new(width, height).fit(rect.left(), rect.top(), rect.width(), rect.height())
}

/// A scene point as an egui position through `t`.
pub fn to_pos(t: &Transform, p: Point) -> Pos2 {
    let q = t.apply(p);
    Pos2::new(q.x, q.y)
}

/// Paints every group of `scene` through `t` (board units → points).
pub fn paint_scene(painter: &Painter, scene: &Scene, t: &Transform) {
    let cache = GlyphCache::of(painter.ctx());
    let mut cache = cache.lock().expect("glyph cache");
    cache.generation += 1;
    for group in &scene.groups {
        paint_group_with(painter, group, t, &mut cache);
    }
    cache.evict();
}

/// Paints one group through `t`: pieces from the texture cache, the rest as vectors.
pub fn paint_group(painter: &Painter, group: &Group, t: &Transform) {
    let cache = GlyphCache::of(painter.ctx());
    let mut cache = cache.lock().expect("glyph cache");
    paint_group_with(painter, group, t, &mut cache);
}

fn paint_group_with(painter: &Painter, group: &Group, t: &Transform, cache: &mut GlyphCache) {
    if matches!(group.role, Role::Piece { .. })
        && let Some((texture, rect)) = cache.texture(painter.ctx(), &group.items, t)
    {
        let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
        painter.image(texture.id(), rect, uv, Color32::WHITE);
        return;
    }
    for item in &group.items {
        paint_item(painter, item, t);
    }
}

/// Paints one item as egui vector shapes through `t`.
pub fn paint_item(painter: &Painter, item: &Item, t: &Transform) {
    let fill = item.paint.fill.map(color32);
    let stroke = item.paint.stroke.map(|s| egui::Stroke::new(s.width * t.scale, color32(s.color)));
    match &item.shape {
        Shape::Polygon(points) => {
            let pts: Vec<Pos2> = points.iter().map(|&p| to_pos(t, p)).collect();
            fill_outline(painter, pts, fill, stroke, true);
        }
        Shape::Circle { center, radius } => {
            painter.add(CircleShape {
                center: to_pos(t, *center),
                radius: radius * t.scale,
                fill: fill.unwrap_or(Color32::TRANSPARENT),
                stroke: stroke.unwrap_or(egui::Stroke::NONE),
            });
        }
        Shape::Path(cmds) => {
            for (poly, closed) in flatten_path(cmds, CURVE_SEGMENTS) {
                let pts: Vec<Pos2> = poly.iter().map(|&p| to_pos(t, p)).collect();
                let fill = if closed || pts.len() > 2 { fill } else { None };
                fill_outline(painter, pts, fill, stroke, closed);
            }
        }
        Shape::Text { pos, text, size, h, v, bold: _ } => {
            let color = item.paint.fill.map(color32).unwrap_or(Color32::BLACK);
            let anchor = match (h, v) {
                (HAlign::Start, VAlign::Top) => Align2::LEFT_TOP,
                (HAlign::Middle, VAlign::Top) => Align2::CENTER_TOP,
                (HAlign::End, VAlign::Top) => Align2::RIGHT_TOP,
                (HAlign::Start, VAlign::Middle) => Align2::LEFT_CENTER,
                (HAlign::Middle, VAlign::Middle) => Align2::CENTER_CENTER,
                (HAlign::End, VAlign::Middle) => Align2::RIGHT_CENTER,
                (HAlign::Start, VAlign::Baseline) => Align2::LEFT_BOTTOM,
                (HAlign::Middle, VAlign::Baseline) => Align2::CENTER_BOTTOM,
                (HAlign::End, VAlign::Baseline) => Align2::RIGHT_BOTTOM,
            };
            let px = (size * t.scale).max(1.0);
            painter.text(to_pos(t, *pos), anchor, text, FontId::proportional(px), color);
        }
    }
}

/// Fills (convex: directly; otherwise through a triangulated mesh) and strokes a
/// polyline.
fn fill_outline(painter: &Painter, pts: Vec<Pos2>, fill: Option<Color32>, stroke: Option<egui::Stroke>, closed: bool) {
    if pts.len() < 2 {
        return;
    }
    let stroke = stroke.filter(|s| s.width > 0.0 && s.color.a() > 0);
    match fill {
        Some(fill) if pts.len() >= 3 => {
            if is_convex(&pts) {
                let stroke: PathStroke = stroke.map(PathStroke::from).unwrap_or(PathStroke::NONE);
                painter.add(PathShape::convex_polygon(pts, fill, stroke));
                return;
            }
            let scene_pts: Vec<Point> = pts.iter().map(|p| Point::new(p.x, p.y)).collect();
            let mut mesh = Mesh::default();
            for &p in &pts {
                mesh.colored_vertex(p, fill);
            }
            for [a, b, c] in triangulate(&scene_pts) {
                mesh.add_triangle(a as u32, b as u32, c as u32);
            }
            painter.add(mesh);
            if let Some(s) = stroke {
                painter.add(PathShape::closed_line(pts, s));
            }
        }
        _ => {
            let Some(s) = stroke else { return };
            if pts.len() == 2 && !closed {
                painter.line_segment([pts[0], pts[1]], s);
            } else if closed {
                painter.add(PathShape::closed_line(pts, s));
            } else {
                painter.add(PathShape::line(pts, s));
            }
        }
    }
}

/// Whether a closed polyline turns the same way at every corner.
fn is_convex(pts: &[Pos2]) -> bool {
    let n = pts.len();
    let mut sign = 0.0f32;
    for i in 0..n {
        let (a, b, c) = (pts[i], pts[(i + 1) % n], pts[(i + 2) % n]);
        let cross = (b - a).x * (c - b).y - (b - a).y * (c - b).x;
        if cross.abs() < 1e-6 {
            continue;
        }
        if sign == 0.0 {
            sign = cross.signum();
        } else if cross.signum() != sign {
            return false;
        }
    }
    true
}

/// Piece textures rasterised once per picture and pixel size, kept in the egui context.
#[derive(Default)]
pub struct GlyphCache {
    entries: HashMap<(u64, u32), (TextureHandle, u64)>,
    generation: u64,
    /// How many textures were rasterised so far (for tests and profiling).
    pub rasterised: usize,
}

type SharedCache = Arc<Mutex<GlyphCache>>;

impl GlyphCache {
    /// The cache stored in `ctx` (created on first use).
    pub fn of(ctx: &Context) -> SharedCache {
        ctx.data_mut(|d| d.get_temp_mut_or_default::<SharedCache>(egui::Id::unique("orrery-glyph-cache")).clone())
    }

    /// Number of textures held.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no texture is held.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Drops textures unused for a while once the cache grows (e.g. after resizing).
    fn evict(&mut self) {
        if self.entries.len() > 64 {
            let keep = self.generation.saturating_sub(2);
            self.entries.retain(|_, (_, used)| *used >= keep);
        }
    }

    /// The texture of a piece group and the rectangle (points) to draw it in; `None`
    /// when it cannot be rasterised (the caller then draws vectors).
    fn texture(&mut self, ctx: &Context, items: &[Item], t: &Transform) -> Option<(TextureHandle, Rect)> {
        let (min, max) = bounds(items)?;
        let size = max.minus(min);
        let ppp = ctx.pixels_per_point();
        let px_w = (size.x * t.scale * ppp).round().max(1.0) as u32;
        if px_w > 2048 {
            return None;
        }
        // The picture, moved so its box starts at the origin.
        let key = (hash_items(items, size), px_w);
        let generation = self.generation;
        let rect = Rect::from_min_max(to_pos(t, min), to_pos(t, max));
        if let Some((tex, used)) = self.entries.get_mut(&key) {
            *used = generation;
            return Some((tex.clone(), rect));
        }
        let shifted: Vec<Item> = items.iter().map(|it| it.mapped(&|p: Point| p.minus(min), 1.0)).collect();
        let mut scene = Scene::new(size.x, size.y);
        scene.push(Role::Layer("glyph"), shifted);
        let pixmap = render_scene(&scene, px_w).ok()?;
        let image =
            ColorImage::from_rgba_premultiplied([pixmap.width() as usize, pixmap.height() as usize], pixmap.data());
        let tex = ctx.load_texture(format!("orrery-glyph-{:x}-{px_w}", key.0), image, TextureOptions::LINEAR);
        self.rasterised += 1;
        self.entries.insert(key, (tex.clone(), generation));
        Some((tex, rect))
    }
}

/// The box around a group's items, grown by half the widest stroke and a small margin
/// for curves.
fn bounds(items: &[Item]) -> Option<(Point, Point)> {
    let mut min = Point::new(f32::INFINITY, f32::INFINITY);
    let mut max = Point::new(f32::NEG_INFINITY, f32::NEG_INFINITY);
    let mut stroke: f32 = 0.0;
    for it in items {
        for p in it.points() {
            min = Point::new(min.x.min(p.x), min.y.min(p.y));
            max = Point::new(max.x.max(p.x), max.y.max(p.y));
        }
        if let Some(s) = it.paint.stroke {
            stroke = stroke.max(s.width);
        }
    }
    if !(min.x.is_finite() && max.x.is_finite()) || max.x <= min.x || max.y <= min.y {
        return None;
    }
    let pad = stroke / 2.0 + 0.03 * (max.x - min.x).max(max.y - min.y);
    Some((min.minus(Point::new(pad, pad)), max.plus(Point::new(pad, pad))))
}

/// A hash of a picture's structure: its shapes, their number of points and their
/// paints. Coordinates are left out on purpose: the same glyph placed on different
/// cells differs in them by rounding noise, and pictures that differ only in
/// coordinates do not occur among the pieces (the size is part of the key anyway).
fn hash_items(items: &[Item], size: Point) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let unit = size.x.max(size.y).max(1e-6) / 256.0;
    let q = |v: f32| (v / unit).round() as i32;
    for it in items {
        std::mem::discriminant(&it.shape).hash(&mut h);
        match &it.shape {
            Shape::Polygon(p) => p.len().hash(&mut h),
            Shape::Path(cmds) => cmds.len().hash(&mut h),
            Shape::Circle { radius, .. } => q(*radius).hash(&mut h),
            Shape::Text { text, .. } => text.hash(&mut h),
        }
        hash_paint(&it.paint, &mut h, &q);
    }
    h.finish()
}

fn hash_paint(p: &Paint, h: &mut impl Hasher, q: &impl Fn(f32) -> i32) {
    p.fill.hash(h);
    if let Some(s) = p.stroke {
        s.color.hash(h);
        q(s.width).hash(h);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn convexity() {
        let sq = [Pos2::new(0.0, 0.0), Pos2::new(1.0, 0.0), Pos2::new(1.0, 1.0), Pos2::new(0.0, 1.0)];
        assert!(is_convex(&sq));
        let dart = [Pos2::new(0.0, 0.0), Pos2::new(2.0, 1.0), Pos2::new(0.0, 2.0), Pos2::new(0.5, 1.0)];
        assert!(!is_convex(&dart));
    }

    #[test]
    fn fit_keeps_the_shape() {
        let t = fit_size(10.0, 5.0, Rect::from_min_size(Pos2::new(10.0, 20.0), egui::vec2(200.0, 200.0)));
        assert_eq!(t.scale, 20.0);
        assert_eq!(to_pos(&t, Point::new(0.0, 0.0)), Pos2::new(10.0, 70.0));
    }
}
