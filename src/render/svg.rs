//! The SVG writer: turns a [`Scene`] into a self-contained SVG document by plain string
//! building.
//!
//! The view box is the scene's, in board units, so stroke widths and font sizes scale
//! with the picture. Each cell's group carries `class="cell"` and `data-cell="…"`, each
//! piece's group `class="piece"`, `data-piece="…"` and `data-at="…"` (its cell); highlight layers carry
//! `data-layer="…"`. Text uses the font family [`FONT_FAMILY`], which the PNG
//! backend bundles.

use std::fmt::Write;

use super::scene::{CAP_HEIGHT, HAlign, Item, Paint, PathCmd, Point, Role, Scene, Shape, VAlign};

/// The font family named in the SVG text elements (bundled as `assets/fonts/DejaVuSans.ttf`).
pub const FONT_FAMILY: &str = "DejaVu Sans";
/// The `font-family` list written into the SVG: the bundled font, then any sans-serif.
const FONT_FAMILY_LIST: &str = "DejaVu Sans, sans-serif";

/// The scene as an SVG document `px_width` pixels wide (height from the aspect ratio).
pub fn to_svg(scene: &Scene, px_width: u32) -> String {
    let px_height = scene.height_for_width(px_width);
    let mut s = String::with_capacity(64 * 1024);
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{px_width}\" height=\"{px_height}\" viewBox=\"0 0 {} {}\">",
        num(scene.width),
        num(scene.height)
    );
    for group in &scene.groups {
        match &group.role {
            Role::Decoration => s.push_str("<g data-layer=\"decoration\">\n"),
            Role::Cell(id) => {
                let _ = writeln!(s, "<g class=\"cell\" data-cell=\"{}\">", escape(id));
            }
            Role::Piece { id, cell } => {
                let _ = writeln!(s, "<g class=\"piece\" data-piece=\"{}\" data-at=\"{}\">", escape(id), escape(cell));
            }
            Role::Layer(name) => {
                let _ = writeln!(s, "<g data-layer=\"{}\">", escape(name));
            }
        }
        for item in &group.items {
            write_item(&mut s, item);
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}

fn write_item(s: &mut String, item: &Item) {
    match &item.shape {
        Shape::Polygon(points) => {
            s.push_str("<polygon points=\"");
            for (i, p) in points.iter().enumerate() {
                if i > 0 {
                    s.push(' ');
                }
                let _ = write!(s, "{},{}", num(p.x), num(p.y));
            }
            s.push('"');
        }
        Shape::Circle { center, radius } => {
            let _ = write!(s, "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"", num(center.x), num(center.y), num(*radius));
        }
        Shape::Path(cmds) => {
            s.push_str("<path d=\"");
            s.push_str(&path_data(cmds));
            s.push('"');
        }
        Shape::Text { pos, text, size, h, v, bold } => {
            let anchor = match h {
                HAlign::Start => "start",
                HAlign::Middle => "middle",
                HAlign::End => "end",
            };
            let baseline = match v {
                VAlign::Top => pos.y + CAP_HEIGHT * size,
                VAlign::Middle => pos.y + CAP_HEIGHT * size / 2.0,
                VAlign::Baseline => pos.y,
            };
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\" font-family=\"{FONT_FAMILY_LIST}\" font-size=\"{}\" text-anchor=\"{anchor}\"{}",
                num(pos.x),
                num(baseline),
                num(*size),
                if *bold { " font-weight=\"bold\"" } else { "" }
            );
            write_paint(s, &item.paint);
            let _ = writeln!(s, ">{}</text>", escape(text));
            return;
        }
    }
    write_paint(s, &item.paint);
    s.push_str("/>\n");
}

fn write_paint(s: &mut String, paint: &Paint) {
    match paint.fill {
        Some(c) => {
            let _ = write!(s, " fill=\"{}\"", c.hex_string());
            if c.a != 255 {
                let _ = write!(s, " fill-opacity=\"{}\"", num(c.opacity()));
            }
        }
        None => s.push_str(" fill=\"none\""),
    }
    if let Some(st) = paint.stroke {
        let _ = write!(
            s,
            " stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"",
            st.color.hex_string(),
            num(st.width)
        );
        if st.color.a != 255 {
            let _ = write!(s, " stroke-opacity=\"{}\"", num(st.color.opacity()));
        }
    }
}

/// SVG path data (`M x y L … C … Z`) for path commands.
pub fn path_data(cmds: &[PathCmd]) -> String {
    let mut s = String::new();
    let pt = |s: &mut String, p: Point| {
        let _ = write!(s, "{} {}", num(p.x), num(p.y));
    };
    for c in cmds {
        if !s.is_empty() {
            s.push(' ');
        }
        match *c {
            PathCmd::MoveTo(p) => {
                s.push_str("M ");
                pt(&mut s, p);
            }
            PathCmd::LineTo(p) => {
                s.push_str("L ");
                pt(&mut s, p);
            }
            PathCmd::CubicTo(a, b, p) => {
                s.push_str("C ");
                pt(&mut s, a);
                s.push(' ');
                pt(&mut s, b);
                s.push(' ');
                pt(&mut s, p);
            }
            PathCmd::Close => s.push('Z'),
        }
    }
    s
}

/// A number with at most four decimals and no trailing zeros.
fn num(v: f32) -> String {
    let v = if v.abs() < 5e-5 { 0.0 } else { v };
    let mut t = format!("{v:.4}");
    while t.ends_with('0') {
        t.pop();
    }
    if t.ends_with('.') {
        t.pop();
    }
    t
}

/// Escapes text for XML content and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::scene::Rgba;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(-0.00001), "0");
        assert_eq!(num(1.23456), "1.2346");
    }

    #[test]
    fn text_is_escaped() {
        let mut scene = Scene::new(1.0, 1.0);
        scene.push(
            Role::Cell("a<b".into()),
            vec![Item::new(
                Shape::Text {
                    pos: Point::new(0.5, 0.5),
                    text: "x & y".into(),
                    size: 0.3,
                    h: HAlign::Middle,
                    v: VAlign::Middle,
                    bold: false,
                },
                Paint::fill(Rgba::BLACK),
            )],
        );
        let svg = to_svg(&scene, 10);
        assert!(svg.contains("data-cell=\"a&lt;b\""));
        assert!(svg.contains(">x &amp; y</text>"));
    }
}
