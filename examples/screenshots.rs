//! Writes the board pictures under `screenshots/`: both opening positions at 800 and
//! 240 pixels, flipped views, a highlights demo and a glyph gallery.
//!
//! Run: `cargo run --release --example screenshots` (from the repository root).

use std::path::Path;

use orrery::files::write_atomic_bytes;

use orrery::core::interstellar::{Cell, Position};
use orrery::render::glyphs::{self, Army, Glyph};
use orrery::render::interstellar::{InterstellarView, pieces_of};
use orrery::render::png::scene_to_png;
use orrery::render::scene::{Item, Paint, Role, Scene, Shape};
use orrery::render::triangular::TriangularView;
use orrery::render::{Arrow, BoardOverlay, MarkColor, Point, Rgba};

/// Draws `scene` `width` pixels wide and saves it as a PNG file.
fn write_png(scene: &Scene, width: u32, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
    write_atomic_bytes(path, &scene_to_png(scene, width)?)?;
    Ok(())
}

/// An empty draughts overlay.
fn none_d() -> BoardOverlay<orrery::core::draughts::Cell> {
    BoardOverlay::default()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = Path::new("screenshots");
    std::fs::create_dir_all(out)?;
    let position = Position::opening();
    let pieces = pieces_of(&position);
    let none = BoardOverlay::default();

    let view = InterstellarView::default();
    write_png(&view.scene_of_pieces(&pieces, &none), 800, &out.join("interstellar-opening.png"))?;
    write_png(&view.scene_of_pieces(&pieces, &none), 240, &out.join("interstellar-opening-240.png"))?;
    let flipped = InterstellarView::new(true, true);
    write_png(&flipped.scene_of_pieces(&pieces, &none), 800, &out.join("interstellar-flipped.png"))?;

    let tri = TriangularView::default();
    let none = BoardOverlay::default();
    let board = orrery::core::triangular::Position::opening().to_setup();
    write_png(&tri.scene(&board, &none), 800, &out.join("triangular-opening.png"))?;
    write_png(&tri.scene(&board, &none), 240, &out.join("triangular-opening-240.png"))?;
    let tri_flipped = TriangularView::new(true, true);
    write_png(&tri_flipped.scene(&board, &none), 800, &out.join("triangular-flipped.png"))?;

    // Highlights: Interstellar.
    let c = |r, i| Cell::new(r, i).expect("cell");
    let overlay = BoardOverlay {
        selected: Some(c(1, 4)),
        targets: vec![c(2, 3), c(3, 4), c(4, 4), c(5, 5), c(9, 5)],
        captures: vec![],
        last_move: Some((c(8, 4), c(6, 4))),
        in_target: vec![c(1, 5)],
        hover: Some(c(5, 2)),
        arrows: vec![
            Arrow { from: c(2, 4), to: c(4, 5), color: MarkColor::Green },
            Arrow { from: c(1, 3), to: c(5, 3), color: MarkColor::Blue },
            Arrow { from: c(9, 2), to: c(7, 5), color: MarkColor::Red },
        ],
        marked_cells: vec![(c(5, 7), MarkColor::Yellow), (c(8, 8), MarkColor::Green)],
        ..BoardOverlay::default()
    };
    write_png(&view.scene_of_pieces(&pieces, &overlay), 800, &out.join("interstellar-highlights.png"))?;

    // Highlights: Triangular.
    let t = |name: &str| name.parse::<orrery::core::triangular::Cell>().expect("cell");
    let overlay = BoardOverlay {
        selected: Some(t("b1l")),
        targets: vec![t("a3d"), t("b3d"), t("c3d"), t("d3d"), t("e7l")],
        captures: vec![],
        last_move: Some((t("e7d"), t("e6l"))),
        in_target: vec![t("c1d")],
        hover: Some(t("d4d")),
        arrows: vec![
            Arrow { from: t("c2d"), to: t("f5d"), color: MarkColor::Green },
            Arrow { from: t("f8l"), to: t("c5d"), color: MarkColor::Red },
        ],
        marked_cells: vec![(t("d4l"), MarkColor::Blue), (t("g6d"), MarkColor::Yellow)],
        ..BoardOverlay::default()
    };
    write_png(&tri.scene(&board, &overlay), 800, &out.join("triangular-highlights.png"))?;

    // Triangular draughts: the opening, and a capture of six being entered landing by
    // landing (the rules page's second example, two landings clicked).
    let draughts = orrery::render::draughts::DraughtsView::new(false, true);
    let opening = orrery::core::draughts::Position::opening().to_setup();
    write_png(&draughts.scene(&opening, &none_d()), 800, &out.join("draughts-opening.png"))?;
    let d = |n: u8| orrery::core::draughts::Cell::new(n).expect("cell");
    let example = orrery::core::draughts::Setup::parse(
        "B:W12,24,28,30,31,33,34,35,39,41,42,43,44,47,48:B1,3,4,5,6,7,8,9,10,11,13,14,19",
    )
    .map_err(|e| format!("{e:?}"))?;
    let overlay = BoardOverlay {
        selected: Some(d(5)),
        landed: vec![d(20), d(36)],
        jumped: vec![d(12), d(28)],
        targets: vec![d(29), d(45)],
        ..BoardOverlay::default()
    };
    write_png(&draughts.scene(&example, &overlay), 800, &out.join("draughts-capture.png"))?;

    // Glyph gallery: every glyph in both armies on a light and a dark ground, large and small.
    for (px, name) in [(120.0, "glyphs-120.png"), (24.0, "glyphs-24.png")] {
        let n = Glyph::ALL.len() as f32;
        let mut scene = Scene::new(n, 4.0);
        for (i, &g) in Glyph::ALL.iter().enumerate() {
            for (row, (army, ground)) in [
                (Army::Light, Rgba::hex(0xe3e8eb)),
                (Army::Light, Rgba::hex(0x8fa5b1)),
                (Army::Dark, Rgba::hex(0xe3e8eb)),
                (Army::Dark, Rgba::hex(0x8fa5b1)),
            ]
            .into_iter()
            .enumerate()
            {
                let x = i as f32;
                let y = row as f32;
                let square = vec![
                    Point::new(x, y),
                    Point::new(x + 1.0, y),
                    Point::new(x + 1.0, y + 1.0),
                    Point::new(x, y + 1.0),
                ];
                let mut items = vec![Item::new(Shape::Polygon(square), Paint::fill(ground))];
                items.extend(glyphs::place(&glyphs::glyph(g, army), Point::new(x + 0.5, y + 0.5), 1.0));
                scene.push(Role::Layer("glyph"), items);
            }
        }
        write_png(&scene, (px * n) as u32, &out.join(name))?;
    }
    println!("wrote screenshots/");
    Ok(())
}
