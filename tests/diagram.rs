//! Diagrams end to end: the SVG is well-formed with one group per cell and per piece,
//! flipping turns it, captions are text, the PNG has the asked size and real content,
//! study marks survive a record file, and `orrery diagram` on the command line.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use orrery::core::{interstellar, triangular};
use orrery::files::{read_record_file, write_diagram, write_record_file};
use orrery::record::{AnyGame, Arrow, GameRecord, MarkColor, MarkedCell, Marks};
use orrery::render::BoardOverlay;
use orrery::render::diagram::{
    Caption, DiagramOptions, ImageFormat, diagram_png, diagram_svg, main_line_node, position_diagram, record_diagram,
};
use resvg::tiny_skia::Pixmap;
use resvg::usvg::roxmltree;

fn interstellar_pieces() -> usize {
    interstellar::Position::opening().pieces().count()
}

fn triangular_pieces() -> usize {
    let p = triangular::Position::opening();
    triangular::Cell::all().filter(|&c| p.piece_at(c).is_some()).count()
}

/// Elements with `class="…"` in a parsed SVG, checking the document is `<svg>`.
fn classes<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants().filter(|n| n.attribute("class") == Some(class)).collect()
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).expect("well-formed XML")
}

/// The centre of the first polygon of the cell group named `cell`.
fn cell_centre(doc: &roxmltree::Document, cell: &str) -> (f32, f32) {
    let g = doc.descendants().find(|n| n.attribute("data-cell") == Some(cell)).expect("cell group");
    let poly = g.children().find(|n| n.has_tag_name("polygon")).expect("polygon");
    let pts: Vec<(f32, f32)> = poly
        .attribute("points")
        .unwrap()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let n = pts.len() as f32;
    (pts.iter().map(|p| p.0).sum::<f32>() / n, pts.iter().map(|p| p.1).sum::<f32>() / n)
}

fn texts(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).map(str::to_string).collect()
}

#[test]
fn svg_has_one_group_per_cell_and_piece() {
    for printable in [false, true] {
        for flipped in [false, true] {
            let options = DiagramOptions { printable, flipped, ..DiagramOptions::default() };
            let svg = diagram_svg(
                &position_diagram(&interstellar::Position::opening(), &BoardOverlay::default(), &options),
                &options,
            );
            let doc = parse(&svg);
            let cells = classes(&doc, "cell");
            assert_eq!(cells.len(), 77);
            let names: HashSet<&str> = cells.iter().filter_map(|n| n.attribute("data-cell")).collect();
            assert_eq!(names.len(), 77);
            assert_eq!(classes(&doc, "piece").len(), interstellar_pieces());
            assert_eq!(interstellar_pieces(), 30);

            let svg = diagram_svg(
                &position_diagram(&triangular::Position::opening(), &BoardOverlay::default(), &options),
                &options,
            );
            let doc = parse(&svg);
            assert_eq!(classes(&doc, "cell").len(), 96);
            assert_eq!(classes(&doc, "piece").len(), triangular_pieces());
            assert_eq!(triangular_pieces(), 28);
        }
    }
}

#[test]
fn flipping_turns_the_board() {
    let plain = DiagramOptions::default();
    let flipped = DiagramOptions { flipped: true, ..DiagramOptions::default() };
    let pos = interstellar::Position::opening();
    let a = diagram_svg(&position_diagram(&pos, &BoardOverlay::default(), &plain), &plain);
    let b = diagram_svg(&position_diagram(&pos, &BoardOverlay::default(), &flipped), &flipped);
    assert_ne!(a, b);
    let (da, db) = (parse(&a), parse(&b));
    // Row 1 is at the bottom unflipped, at the top flipped.
    assert!(cell_centre(&da, "11").1 > cell_centre(&da, "91").1);
    assert!(cell_centre(&db, "11").1 < cell_centre(&db, "91").1);
    assert!(cell_centre(&db, "11").0 > cell_centre(&db, "19").0);

    let pos = triangular::Position::opening();
    let a = parse_owned(diagram_svg(&position_diagram(&pos, &BoardOverlay::default(), &plain), &plain));
    let b = parse_owned(diagram_svg(&position_diagram(&pos, &BoardOverlay::default(), &flipped), &flipped));
    let (da, db) = (parse(&a), parse(&b));
    assert!(cell_centre(&da, "c1d").1 > cell_centre(&da, "f8l").1);
    assert!(cell_centre(&db, "c1d").1 < cell_centre(&db, "f8l").1);
}

fn parse_owned(s: String) -> String {
    parse(&s);
    s
}

#[test]
fn captions_are_text_under_the_board() {
    let pos = triangular::Position::opening();
    let options = DiagramOptions {
        caption: Some(Caption::new("Study <1> & more", "Mate in 3", &pos)),
        ..DiagramOptions::default()
    };
    let plain = DiagramOptions::default();
    let with = position_diagram(&pos, &BoardOverlay::default(), &options);
    let without = position_diagram(&pos, &BoardOverlay::default(), &plain);
    assert!(with.height > without.height + 0.5, "the caption makes room below the board");
    let svg = diagram_svg(&with, &options);
    let doc = parse(&svg);
    let t = texts(&doc);
    assert!(t.contains(&"Study <1> & more".to_string()), "{t:?}");
    assert!(t.contains(&"Mate in 3 · White to move".to_string()), "{t:?}");
    // Caption text sits below every cell.
    let lowest_cell = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .map(|n| cell_centre(&doc, n.attribute("data-cell").unwrap()).1)
        .fold(f32::MIN, f32::max);
    let caption = doc.descendants().find(|n| n.attribute("data-layer") == Some("caption")).unwrap();
    for text in caption.children().filter(|n| n.has_tag_name("text")) {
        let y: f32 = text.attribute("y").unwrap().parse().unwrap();
        assert!(y > lowest_cell + 0.5 && y < with.height, "caption at {y}");
    }
    let neg = Caption::new("", "", &{
        let mut p = interstellar::Position::opening();
        let mut moves = orrery::core::moves::MoveList::new();
        p.legal_moves(&mut moves);
        p.play(moves[0]);
        p
    });
    assert_eq!(neg.side_to_move, "Negative to move");
}

fn decode(bytes: &[u8]) -> Pixmap {
    Pixmap::decode_png(bytes).expect("a PNG")
}

fn distinct_colours(p: &Pixmap) -> usize {
    p.pixels().iter().map(|c| [c.red(), c.green(), c.blue(), c.alpha()]).collect::<HashSet<_>>().len()
}

#[test]
fn png_has_the_asked_width_and_real_content() {
    for (size, printable) in [(320u32, false), (500, true)] {
        let options = DiagramOptions {
            size_px: size,
            printable,
            caption: Some(Caption { title: "Opening".into(), ..Caption::default() }),
            ..DiagramOptions::default()
        };
        let scene = position_diagram(&interstellar::Position::opening(), &BoardOverlay::default(), &options);
        let png = decode(&diagram_png(&scene, &options).unwrap());
        assert_eq!((png.width(), png.height()), (size, scene.height_for_width(size)));
        assert!(distinct_colours(&png) > 20, "only {} colours", distinct_colours(&png));
        // The background is opaque everywhere (the corners too).
        assert!(png.pixels().iter().all(|p| p.alpha() == 255));
        if printable {
            // Printable: mostly white and greys; the only colour is in the pieces' bishop
            // dots and highlights, absent here.
            let coloured = png
                .pixels()
                .iter()
                .filter(|p| {
                    let (r, g, b) = (p.red() as i32, p.green() as i32, p.blue() as i32);
                    (r - g).abs().max((g - b).abs()).max((r - b).abs()) > 24
                })
                .count();
            assert!(coloured * 200 < png.pixels().len(), "{coloured} coloured pixels");
        }
    }
    let options = DiagramOptions { size_px: 0, ..DiagramOptions::default() };
    let scene = position_diagram(&triangular::Position::opening(), &BoardOverlay::default(), &options);
    assert!(diagram_png(&scene, &options).is_err());
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-diagram-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Triangular record with two moves; the second carries a marked cell and an arrow.
fn marked_record() -> GameRecord<triangular::Position> {
    let mut record: GameRecord<triangular::Position> = GameRecord::new();
    let a = record.add_move_text(orrery::record::NodeId::ROOT, "Bc3d").unwrap();
    let b = record.add_move_text(a, "Be6l").unwrap();
    let cell = |name: &str| name.parse::<triangular::Cell>().unwrap();
    record.tree.set_marks(
        b,
        Marks {
            arrows: vec![Arrow { color: MarkColor::Red, from: cell("c3d"), to: cell("e6l") }],
            cells: vec![
                MarkedCell { color: MarkColor::Green, cell: cell("c1d") },
                MarkedCell { color: MarkColor::Blue, cell: cell("g8l") },
            ],
        },
    );
    record
}

/// The shapes in the study-marks layer: (cell rims, arrows).
fn study_shapes(doc: &roxmltree::Document) -> (usize, usize) {
    match doc.descendants().find(|n| n.attribute("data-layer") == Some("study")) {
        None => (0, 0),
        Some(g) => (
            g.children().filter(|n| n.has_tag_name("polygon")).count(),
            g.children().filter(|n| n.has_tag_name("path")).count(),
        ),
    }
}

#[test]
fn marks_round_trip_through_a_record_file() {
    let dir = temp_dir("marks");
    for ext in ["pgn", "ron"] {
        let path = dir.join(format!("game.{ext}"));
        write_record_file(&path, &[AnyGame::Triangular(marked_record())]).unwrap();
        if ext == "pgn" {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.contains("[%csl Gc1d,Bg8l]") && text.contains("[%cal Rc3de6l]"), "{text}");
        }
        let (games, errors) = read_record_file(&path).unwrap();
        assert!(errors.is_empty(), "{errors:?}");
        let AnyGame::Triangular(record) = &games[0] else { panic!("not Triangular") };

        let node = main_line_node(record, 2).unwrap();
        let options = DiagramOptions::default();
        let doc_text = diagram_svg(&record_diagram(record, node, &options), &options);
        let doc = parse(&doc_text);
        assert_eq!(study_shapes(&doc), (2, 1));
        // The last move is tinted: two cells in the highlights layer.
        let hl = doc.descendants().find(|n| n.attribute("data-layer") == Some("highlights")).unwrap();
        assert_eq!(hl.children().filter(|n| n.has_tag_name("polygon")).count(), 2);

        let no_marks = DiagramOptions { marks: false, ..DiagramOptions::default() };
        let doc_text = diagram_svg(&record_diagram(record, node, &no_marks), &no_marks);
        assert_eq!(study_shapes(&parse(&doc_text)), (0, 0));

        // Ply 1 has no marks; ply 3 is past the end.
        let doc_text = diagram_svg(&record_diagram(record, main_line_node(record, 1).unwrap(), &options), &options);
        assert_eq!(study_shapes(&parse(&doc_text)), (0, 0));
        assert!(main_line_node(record, 3).unwrap_err().to_string().contains("past the end"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn write_diagram_picks_the_format_by_extension() {
    let dir = temp_dir("write");
    let options = DiagramOptions { size_px: 200, ..DiagramOptions::default() };
    let scene = position_diagram(&interstellar::Position::opening(), &BoardOverlay::default(), &options);
    assert_eq!(write_diagram(&scene, &options, &dir.join("a.SVG")).unwrap(), ImageFormat::Svg);
    assert_eq!(write_diagram(&scene, &options, &dir.join("a.png")).unwrap(), ImageFormat::Png);
    assert!(std::fs::read_to_string(dir.join("a.SVG")).unwrap().starts_with("<svg"));
    assert_eq!(decode(&std::fs::read(dir.join("a.png")).unwrap()).width(), 200);
    let err = write_diagram(&scene, &options, &dir.join("a.jpg")).unwrap_err();
    assert!(err.to_string().contains("a.jpg"), "{err}");
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers.len(), 2, "{leftovers:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------------------------------
// The command line.

fn orrery(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).output().expect("run orrery")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn cli_writes_svg_and_png() {
    let dir = temp_dir("cli");
    let svg = dir.join("i.svg");
    let o = orrery(&["diagram", "--variant", "interstellar", "--out", s(&svg), "--title", "Opening"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = parse(&text);
    assert_eq!(classes(&doc, "cell").len(), 77);
    assert_eq!(classes(&doc, "piece").len(), 30);
    let t = texts(&doc);
    assert!(t.contains(&"Opening".to_string()) && t.contains(&"Positive to move".to_string()), "{t:?}");
    assert!(t.contains(&"9".to_string()), "coordinates by default");

    let bare = dir.join("bare.svg");
    let o = orrery(&["diagram", "--variant", "interstellar", "--out", s(&bare), "--no-coordinates", "--flip"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bare_text = std::fs::read_to_string(&bare).unwrap();
    assert!(!texts(&parse(&bare_text)).iter().any(|t| t == "9"));

    let png = dir.join("t.png");
    let o = orrery(&[
        "diagram",
        "--variant",
        "triangular",
        "--position",
        "4k4/11/13/15/15/13/11/4K4 w 0 1",
        "--out",
        s(&png),
        "--size",
        "300",
        "--printable",
        "--caption",
        "Kings alone",
        "--stipulation",
        "Draw",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let p = decode(&std::fs::read(&png).unwrap());
    assert_eq!(p.width(), 300);
    assert!(p.height() > 200 && distinct_colours(&p) > 8);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_draws_a_record_after_a_ply() {
    let dir = temp_dir("cli-record");
    let record = dir.join("game.pgn");
    write_record_file(&record, &[AnyGame::Triangular(marked_record())]).unwrap();
    let out = dir.join("ply2.svg");
    let o = orrery(&["diagram", "--record", s(&record), "--ply", "2", "--out", s(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let doc = parse(&text);
    assert_eq!(study_shapes(&doc), (2, 1));
    // The bishops moved: c3d and e6l hold them.
    assert!(doc.descendants().any(|n| n.attribute("data-at") == Some("c3d")));
    assert!(doc.descendants().any(|n| n.attribute("data-at") == Some("e6l")));

    let o = orrery(&["diagram", "--record", s(&record), "--ply", "2", "--no-marks", "--out", s(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(study_shapes(&parse(&std::fs::read_to_string(&out).unwrap())), (0, 0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_bad_input_exits_2_with_one_line_naming_the_problem() {
    let dir = temp_dir("cli-bad");
    let record = dir.join("game.pgn");
    write_record_file(&record, &[AnyGame::Triangular(marked_record())]).unwrap();
    let out = dir.join("x.svg");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["diagram", "--variant", "interstellar", "--position", "nonsense", "--out", s(&out)], "invalid position"),
        (vec!["diagram", "--record", s(&record), "--ply", "9", "--out", s(&out)], "ply 9"),
        (vec!["diagram", "--variant", "interstellar", "--record", s(&record), "--out", s(&out)], "Triangular"),
        (vec!["diagram", "--variant", "triangular", "--out", "x.gif"], "x.gif"),
        (vec!["diagram", "--variant", "triangular", "--out", s(&out), "--size", "0"], "--size"),
        (vec!["diagram", "--out", s(&out)], "--variant"),
        (vec!["diagram", "--record", "/no/such/file.pgn", "--out", s(&out)], "/no/such/file.pgn"),
    ];
    for (args, needle) in cases {
        let o = orrery(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    // The ply error names the file too.
    let o = orrery(&["diagram", "--record", s(&record), "--ply", "9", "--out", s(&out)]);
    assert!(stderr(&o).contains("game.pgn") && stderr(&o).contains("2 plies"), "{}", stderr(&o));
    assert!(!out.exists(), "nothing written on errors");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_printable_diagram_draws_its_marks_in_greys_with_outlined_arrows() {
    use orrery::render::scene::{Role, Shape};
    let record = marked_record();
    let node = main_line_node(&record, 2).unwrap();
    let is_grey = |c: orrery::render::Rgba| c.r == c.g && c.g == c.b;
    let printable = DiagramOptions { printable: true, ..DiagramOptions::default() };
    let scene = record_diagram(&record, node, &printable);
    let mut arrows = 0;
    for group in &scene.groups {
        if !matches!(group.role, Role::Layer("study") | Role::Layer("highlights") | Role::Layer("target")) {
            continue;
        }
        for item in &group.items {
            assert!(item.paint.fill.is_none_or(is_grey), "{:?} {:?}", group.role, item.paint);
            assert!(item.paint.stroke.is_none_or(|s| is_grey(s.color)), "{:?} {:?}", group.role, item.paint);
            if matches!(item.shape, Shape::Path(_)) && group.role == Role::Layer("study") {
                arrows += 1;
                assert_eq!(item.paint.fill.unwrap().a, 255, "opaque");
                assert_eq!(item.paint.stroke.unwrap().color, orrery::render::Rgba::WHITE, "outlined");
            }
        }
    }
    assert_eq!(arrows, 1);
    // In colour the marks keep their colours.
    let scene = record_diagram(&record, node, &DiagramOptions::default());
    let study = scene.groups.iter().find(|g| g.role == Role::Layer("study")).unwrap();
    assert!(study.items.iter().any(|i| i.paint.fill.is_some_and(|c| !is_grey(c))));
}

#[test]
fn a_printable_diagram_has_no_colour_in_its_pieces_and_a_finished_position_says_how_it_ended() {
    use orrery::render::scene::Role;
    let is_grey = |c: orrery::render::Rgba| c.r == c.g && c.g == c.b;
    // The opening has black holes, whose ring is gold in colour.
    let printable = DiagramOptions { printable: true, ..DiagramOptions::default() };
    let scene = position_diagram(&interstellar::Position::opening(), &BoardOverlay::default(), &printable);
    let pieces: Vec<_> = scene.groups.iter().filter(|g| matches!(g.role, Role::Piece { .. })).collect();
    assert!(!pieces.is_empty());
    for group in pieces {
        for item in &group.items {
            assert!(item.paint.fill.is_none_or(is_grey), "{:?}", item.paint);
            assert!(item.paint.stroke.is_none_or(|s| is_grey(s.color)), "{:?}", item.paint);
        }
    }
    // Fig. 19's Target Out: the caption names the ending, not a side to move.
    let fig19 = orrery::solver::builtin_puzzles().iter().find(|b| b.file == "interstellar-fig19.pgn").unwrap();
    let puzzle = fig19.puzzle().unwrap();
    let position = <interstellar::Position as orrery::core::Game>::from_position_string(&puzzle.position).unwrap();
    assert_eq!(orrery::render::diagram::side_to_move_text(&position), "Positive wins by Target Out");
}
