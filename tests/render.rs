//! The drawing layer end to end: well-formed SVG with one element per cell and per
//! piece, PNG output of the requested size that is not blank, hit-testing.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::collections::HashSet;

use orrery::core::interstellar::{Cell, Position, Setup};
use orrery::core::triangular;
use orrery::render::interstellar::{InterstellarView, pieces_of};
use orrery::render::png::render_scene;
use orrery::render::svg::to_svg;
use orrery::render::triangular::TriangularView;
use orrery::render::{Arrow, BoardOverlay, MarkColor, Scene};
use resvg::usvg::roxmltree;

/// Parses the SVG and counts elements carrying `attr` (checking cell names are unique).
fn count_attr(svg: &str, attr: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let values: Vec<&str> = doc.descendants().filter_map(|n| n.attribute(attr)).collect();
    if attr == "data-cell" {
        let unique: HashSet<&str> = values.iter().copied().collect();
        assert_eq!(unique.len(), values.len(), "duplicate {attr} values");
    }
    values.len()
}

fn full_overlay_interstellar() -> BoardOverlay<Cell> {
    let c = |r, i| Cell::new(r, i).unwrap();
    BoardOverlay {
        selected: Some(c(2, 4)),
        targets: vec![c(3, 4), c(4, 4), c(9, 4)],
        captures: vec![c(8, 1)],
        last_move: Some((c(8, 4), c(6, 4))),
        in_target: vec![c(1, 5)],
        hover: Some(c(5, 5)),
        arrows: vec![Arrow { from: c(1, 1), to: c(5, 3), color: MarkColor::Blue }],
        marked_cells: MarkColor::ALL.iter().enumerate().map(|(k, &m)| (c(5, k as u8 + 1), m)).collect(),
        ..BoardOverlay::default()
    }
}

fn distinct_colours(scene: &Scene, width: u32) -> (u32, u32, usize) {
    let pixmap = render_scene(scene, width).expect("render");
    let colours: HashSet<[u8; 4]> = pixmap.pixels().iter().map(|p| [p.red(), p.green(), p.blue(), p.alpha()]).collect();
    (pixmap.width(), pixmap.height(), colours.len())
}

#[test]
fn interstellar_svg_has_one_element_per_cell_and_piece() {
    let position = Position::opening();
    let pieces = pieces_of(&position);
    assert_eq!(pieces.len(), 30);
    for flipped in [false, true] {
        for coordinates in [false, true] {
            let view = InterstellarView::new(flipped, coordinates);
            for overlay in [BoardOverlay::default(), full_overlay_interstellar()] {
                let svg = to_svg(&view.scene_of_pieces(&pieces, &overlay), 800);
                assert_eq!(count_attr(&svg, "data-cell"), 77);
                assert_eq!(count_attr(&svg, "data-piece"), 30);
            }
        }
    }
}

#[test]
fn triangular_svg_has_one_element_per_cell_and_piece() {
    let board = triangular::Position::opening().to_setup();
    let t = |name: &str| name.parse::<triangular::Cell>().unwrap();
    let overlay = BoardOverlay {
        selected: Some(t("b1l")),
        targets: vec![t("a3d"), t("e7l")],
        last_move: Some((t("e7d"), t("e6l"))),
        in_target: vec![t("c1d")],
        arrows: vec![Arrow { from: t("c2d"), to: t("f5d"), color: MarkColor::Green }],
        ..Default::default()
    };
    for flipped in [false, true] {
        let view = TriangularView::new(flipped, true);
        for overlay in [BoardOverlay::default(), overlay.clone()] {
            let svg = to_svg(&view.scene(&board, &overlay), 800);
            assert_eq!(count_attr(&svg, "data-cell"), 96);
            assert_eq!(count_attr(&svg, "data-piece"), 28);
        }
    }
}

#[test]
fn png_has_the_requested_size_and_is_not_blank() {
    let position = Position::opening();
    let scene = InterstellarView::default().scene_of_pieces(&pieces_of(&position), &full_overlay_interstellar());
    let (w, h, colours) = distinct_colours(&scene, 240);
    assert_eq!(w, 240);
    assert_eq!(h, scene.height_for_width(240));
    assert!(colours > 20, "only {colours} colours");

    let scene = TriangularView::default().scene(&triangular::Position::opening().to_setup(), &BoardOverlay::default());
    let (w, h, colours) = distinct_colours(&scene, 300);
    assert_eq!((w, h), (300, scene.height_for_width(300)));
    assert!(colours > 20, "only {colours} colours");
}

#[test]
fn png_labels_use_the_bundled_font() {
    // Coordinates on versus off must differ in pixels: the text was drawn.
    let position = Position::opening();
    let pieces = pieces_of(&position);
    let with =
        render_scene(&InterstellarView::new(false, true).scene_of_pieces(&pieces, &BoardOverlay::default()), 200)
            .unwrap();
    let text_only = orrery::render::png::rasterize_svg(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"40\"><text x=\"5\" y=\"30\" font-family=\"DejaVu Sans\" font-size=\"30\">19</text></svg>",
        100,
        40,
    )
    .unwrap();
    assert!(text_only.pixels().iter().any(|p| p.alpha() > 0), "text did not render");
    let without =
        render_scene(&InterstellarView::new(false, false).scene_of_pieces(&pieces, &BoardOverlay::default()), 200)
            .unwrap();
    assert_ne!(with.data(), without.data());
}

#[test]
fn hit_testing_round_trips_through_pixels() {
    for flipped in [false, true] {
        let view = InterstellarView::new(flipped, true);
        let scene = view.scene(&Setup::empty(orrery::core::interstellar::Side::Positive), &BoardOverlay::default());
        let t = scene.fit(10.0, 20.0, 640.0, 480.0);
        for cell in Cell::all() {
            let px = t.apply(view.cell_center(cell));
            assert_eq!(view.cell_at(t.invert(px)), Some(cell));
        }
        let view = TriangularView::new(flipped, true);
        let scene = view.scene(&triangular::Setup::empty(triangular::Side::White), &BoardOverlay::default());
        let t = scene.fit(0.0, 0.0, 300.0, 300.0);
        for cell in triangular::Cell::all() {
            let px = t.apply(view.cell_center(cell));
            assert_eq!(view.cell_at(t.invert(px)), Some(cell));
        }
    }
}

/// The text labels of a scene's coordinate layer, with their positions.
fn labels(scene: &Scene) -> Vec<(String, orrery::render::Point)> {
    use orrery::render::scene::{Role, Shape};
    scene
        .groups
        .iter()
        .filter(|g| g.role == Role::Layer("coordinates"))
        .flat_map(|g| g.items.iter())
        .filter_map(|it| match &it.shape {
            Shape::Text { pos, text, .. } => Some((text.clone(), *pos)),
            _ => None,
        })
        .collect()
}

#[test]
fn coordinates_turn_with_the_board() {
    // Interstellar: rows 1..9 up the left side, indices 1..9 along the bottom, in the
    // numbering of whoever sits at the bottom — the same labels, other cells.
    for flipped in [false, true] {
        let view = InterstellarView::new(flipped, true);
        let scene = view.scene(&Setup::empty(orrery::core::interstellar::Side::Positive), &BoardOverlay::default());
        let l = labels(&scene);
        assert_eq!(l.len(), 18);
        let row1 = l.iter().find(|(t, p)| t == "1" && p.x < 1.0).unwrap().1;
        let row9 = l.iter().find(|(t, p)| t == "9" && p.x < 1.0).unwrap().1;
        assert!(row1.y > row9.y);
        // The cell nearest the bottom-left label pair is the bottom player's "11".
        let bottom_left = Cell::all()
            .min_by(|a, b| {
                let d = |c: &Cell| {
                    let p = view.cell_center(*c);
                    (p.x - row1.x).powi(2) + (p.y - row1.y).powi(2)
                };
                d(a).total_cmp(&d(b))
            })
            .unwrap();
        assert_eq!(view.viewer_name(bottom_left), "11");
        assert_eq!((bottom_left.row(), bottom_left.index_in_row()), if flipped { (9, 9) } else { (1, 1) });
    }
    assert!(
        labels(
            &InterstellarView::new(false, false)
                .scene(&Setup::empty(orrery::core::interstellar::Side::Positive), &BoardOverlay::default())
        )
        .is_empty()
    );

    // Triangular: row 1 at the bottom and files a–d along the bottom edge; flipped, row 8
    // at the bottom and files h–e along it.
    for flipped in [false, true] {
        let view = TriangularView::new(flipped, true);
        let scene = view.scene(&triangular::Setup::empty(triangular::Side::White), &BoardOverlay::default());
        let l = labels(&scene);
        assert_eq!(l.len(), 16);
        let at = |t: &str| l.iter().find(|(x, _)| x == t).unwrap().1;
        assert_eq!(at("1").y > at("8").y, !flipped);
        let (_, h) = view.size();
        let bottom: Vec<&str> = {
            let mut b: Vec<&(String, orrery::render::Point)> = l.iter().filter(|(_, p)| p.y > h - 0.5).collect();
            b.sort_by(|x, y| x.1.x.total_cmp(&y.1.x));
            b.iter().map(|(t, _)| t.as_str()).collect()
        };
        assert_eq!(bottom, if flipped { vec!["h", "g", "f", "e"] } else { vec!["a", "b", "c", "d"] });
        // Each bottom letter sits below a cell of its file on the viewer's bottom row.
        for (t, p) in l.iter().filter(|(_, p)| p.y > h - 0.5) {
            let above = view.cell_at(orrery::render::Point::new(p.x, p.y - 0.45)).unwrap();
            assert_eq!(above.to_string().chars().next().unwrap().to_string(), *t);
        }
    }
}

#[test]
fn the_labels_follow_a_chosen_players_numbering_or_both() {
    use orrery::render::view::{BoardView, Labels};
    let empty = Setup::empty(orrery::core::interstellar::Side::Positive);
    let scene_with = |flipped: bool, labels: Labels| {
        let mut view = InterstellarView::new(flipped, true);
        view.set_labels(labels);
        view.scene(&empty, &BoardOverlay::default())
    };
    // The bottom row's left row label: "1" in positive's numbering, "9" in negative's.
    let bottom_row_label = |scene: &Scene| {
        let l = labels(scene);
        l.iter().filter(|(_, p)| p.x < 1.0).max_by(|a, b| a.1.y.total_cmp(&b.1.y)).unwrap().0.clone()
    };
    assert_eq!(bottom_row_label(&scene_with(false, Labels::Bottom)), "1");
    assert_eq!(bottom_row_label(&scene_with(false, Labels::Player(1))), "9", "negative's, unflipped");
    assert_eq!(bottom_row_label(&scene_with(true, Labels::Player(0))), "9", "positive's, flipped");
    assert_eq!(bottom_row_label(&scene_with(true, Labels::Bottom)), "1");
    // Both: rows on both sides and indices above and below; the right side counts the
    // other way.
    let both = scene_with(false, Labels::Both);
    let l = labels(&both);
    assert_eq!(l.len(), 36);
    let (w, _) = InterstellarView::new(false, true).size();
    let right_bottom =
        l.iter().filter(|(_, p)| p.x > w - 1.0).max_by(|a, b| a.1.y.total_cmp(&b.1.y)).unwrap().0.clone();
    assert_eq!(right_bottom, "9");
    assert_eq!(labels(&scene_with(false, Labels::Bottom)).len(), 18);
}

#[test]
fn every_game_has_four_colour_schemes_and_the_high_contrast_one_differs_in_lightness() {
    use orrery::render::interstellar::InterstellarPalette;
    use orrery::render::triangular::TriangularPalette;
    use orrery::render::view::{BoardScheme, luminance};
    let interstellar: Vec<InterstellarPalette> =
        BoardScheme::ALL.iter().map(|s| InterstellarPalette::of_scheme(*s)).collect();
    let triangular: Vec<TriangularPalette> =
        BoardScheme::ALL.iter().map(|s| TriangularPalette::of_scheme(*s)).collect();
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(interstellar[i], interstellar[j]);
            assert_ne!(triangular[i], triangular[j]);
        }
    }
    // High contrast: the three indicia, and the two cell colours, are told apart by
    // lightness alone (what a colour-blind player still sees), with a wide margin.
    let hc = InterstellarPalette::of_scheme(BoardScheme::HighContrast);
    let mut levels = [luminance(hc.negative), luminance(hc.positive), luminance(hc.neutral)];
    levels.sort_by(f32::total_cmp);
    assert!(levels[1] - levels[0] > 0.15 && levels[2] - levels[1] > 0.05, "{levels:?}");
    let hatch_contrast = (luminance(hc.positive) + 0.05) / (luminance(hc.hatch) + 0.05);
    assert!(hatch_contrast > 7.0, "the hatch stands out: {hatch_contrast}");
    let tc = TriangularPalette::of_scheme(BoardScheme::HighContrast);
    let ratio = (luminance(tc.light) + 0.05) / (luminance(tc.dark) + 0.05);
    assert!(ratio > 3.0, "light and dark cells: {ratio}");
    // The classic schemes are the defaults.
    assert_eq!(interstellar[0], InterstellarPalette::default());
    assert_eq!(triangular[0], TriangularPalette::default());
}
