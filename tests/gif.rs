//! Animated GIFs of games end to end: decoded with the `image` crate (its own frame
//! composition), one frame per position with the asked size and delays, the moved
//! piece and the last-move tint, study marks, variation and engine arrows, move and
//! clock captions, the same bytes for the same input, ranges, cancelling, and
//! `orrery gif` on the command line.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;

use image::AnimationDecoder;
use image::codecs::gif::GifDecoder;
use orrery::core::{Game, draughts, interstellar, triangular};
use orrery::files::read_record_file;
use orrery::record::{AnyGame, GameRecord, NodeId, RecordGame, read_one};
use orrery::render::gif::{GifError, GifOptions, encode_gif, frame_scenes, main_line_stretch, record_gif};
use orrery::render::scene::{Role, Shape};
use orrery::render::{BoardView, DrawGame, Scene};
use orrery::study::gif::gif_bytes;

/// Each frame as the viewer sees it (composed by `image`), with its delay in ms.
fn decode(bytes: &[u8]) -> Vec<(image::RgbaImage, u32)> {
    let decoder = GifDecoder::new(std::io::Cursor::new(bytes)).unwrap();
    decoder
        .into_frames()
        .map(|f| {
            let f = f.unwrap();
            let (n, d) = f.delay().numer_denom_ms();
            let delay = n / d;
            (f.into_buffer(), delay)
        })
        .collect()
}

fn record<G: RecordGame>(text: &str) -> GameRecord<G> {
    let any = read_one(text).unwrap();
    G::from_any(any).ok().unwrap()
}

/// The pixel at a cell's centre in a frame `width` pixels wide.
fn cell_pixel<G: DrawGame>(frame: &image::RgbaImage, scene: &Scene, cell: G::Cell, flipped: bool) -> [u8; 4] {
    let view = G::view(flipped, true);
    let p = view.cell_center(cell);
    let k = frame.width() as f32 / scene.width;
    frame.get_pixel((p.x * k) as u32, (p.y * k) as u32).0
}

fn distance(a: [u8; 4], b: [u8; 4]) -> u32 {
    a.iter().zip(b).map(|(x, y)| u32::from(x.abs_diff(y))).sum()
}

/// Pixels that differ by more than the palette's rounding (each GIF learns its own
/// palette, so the same picture may differ a little between two GIFs).
fn differing(a: &image::RgbaImage, b: &image::RgbaImage) -> usize {
    assert_eq!(a.dimensions(), b.dimensions());
    a.pixels().zip(b.pixels()).filter(|(x, y)| distance(x.0, y.0) > 48).count()
}

fn caption_texts(scene: &Scene) -> Vec<String> {
    scene
        .groups
        .iter()
        .filter(|g| g.role == Role::Layer("caption"))
        .flat_map(|g| &g.items)
        .filter_map(|i| match &i.shape {
            Shape::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

const RAID: &str = include_str!("../assets/games/triangular-queen-raid.pgn");

#[test]
fn one_frame_per_position_with_the_asked_size_and_delays() {
    let r: GameRecord<triangular::Position> = record(RAID);
    let plies = r.tree.main_line_from(NodeId::ROOT).len();
    let options = GifOptions { size_px: 200, delay_ms: 500, last_delay_ms: 2000, ..GifOptions::default() };
    let bytes = record_gif(&r, 0, None, &options).unwrap();
    assert!(bytes.starts_with(b"GIF89a"));
    let frames = decode(&bytes);
    assert_eq!(frames.len(), plies + 1);
    let scenes = frame_scenes(&r, 0, None, &options, &mut |_, _| Vec::new()).unwrap();
    for (i, (frame, delay)) in frames.iter().enumerate() {
        assert_eq!(frame.width(), 200);
        assert_eq!(frame.height(), scenes[0].height_for_width(200));
        assert_eq!(*delay, if i == plies { 2000 } else { 500 }, "frame {i}");
    }
    // Every frame shows its position: each differs from the one before.
    for (i, pair) in frames.windows(2).enumerate() {
        assert!(differing(&pair[0].0, &pair[1].0) > 300, "frames {i} and {}", i + 1);
    }
}

#[test]
fn the_same_game_gives_the_same_bytes() {
    let r: GameRecord<triangular::Position> = record(RAID);
    let options =
        GifOptions { size_px: 160, clocks: true, title: "Light Club – Dark Club".into(), ..GifOptions::default() };
    let a = record_gif(&r, 3, Some(12), &options).unwrap();
    let b = record_gif(&r.clone(), 3, Some(12), &options).unwrap();
    assert_eq!(a, b);
    let other = record_gif(&r, 3, Some(13), &options).unwrap();
    assert_ne!(a, other);
}

#[test]
fn a_move_empties_its_origin_and_tints_it() {
    let r: GameRecord<interstellar::Position> = record("[Variant \"Interstellar\"]\n\n1. PQ-33 *\n");
    let options = GifOptions { size_px: 400, marks: false, ..GifOptions::default() };
    let frames = decode(&record_gif(&r, 0, None, &options).unwrap());
    let scenes = frame_scenes(&r, 0, None, &options, &mut |_, _| Vec::new()).unwrap();
    assert_eq!(frames.len(), 2);
    let mv = r.tree.node(r.tree.main_line_from(NodeId::ROOT)[0]).mv.unwrap();
    let (from, to) = interstellar::Position::move_cells(mv);
    let at = |i: usize, cell| cell_pixel::<interstellar::Position>(&frames[i].0, &scenes[i], cell, false);
    // The origin held the planet's glyph, then a tinted empty cell; the destination
    // was an empty cell, then holds the piece.
    assert!(distance(at(0, from), at(1, from)) > 30, "{:?} {:?}", at(0, from), at(1, from));
    assert!(distance(at(0, to), at(1, to)) > 30, "{:?} {:?}", at(0, to), at(1, to));
}

/// A Triangular game with a green study arrow after 1. Bc3d and a variation for Black's
/// first move.
const MARKED: &str = "[Variant \"Triangular\"]\n\n1. Bc3d {[%cal Ge2de4l]} 1... Be6l (1... ff6l) 2. dd3l *\n";

#[test]
fn study_marks_and_variation_arrows_are_drawn_when_asked() {
    let r: GameRecord<triangular::Position> = record(MARKED);
    let plain = GifOptions { size_px: 300, marks: false, variation_arrows: false, ..GifOptions::default() };
    let marked = GifOptions { marks: true, variation_arrows: true, ..plain.clone() };
    let a = decode(&record_gif(&r, 0, None, &plain).unwrap());
    let b = decode(&record_gif(&r, 0, None, &marked).unwrap());
    assert_eq!(a.len(), 4);
    // The start has no marks and its next move no variation: the frames agree.
    let same = |x, y| differing(x, y) < 60;
    assert!(same(&a[0].0, &b[0].0), "{}", differing(&a[0].0, &b[0].0));
    // After 1. Bc3d: the study arrow and the variation's arrow (1... ff6l).
    let changed = differing(&a[1].0, &b[1].0);
    assert!(changed > 250, "{changed} pixels changed");
    // After 1... Be6l: neither.
    assert!(same(&a[2].0, &b[2].0), "{}", differing(&a[2].0, &b[2].0));
    // The scene has the two arrows: green (the mark) and yellow (the variation).
    let scenes = frame_scenes(&r, 1, Some(1), &marked, &mut |_, _| Vec::new()).unwrap();
    let study = scenes[0].groups.iter().find(|g| g.role == Role::Layer("study")).unwrap();
    assert!(study.items.len() >= 2, "{} items", study.items.len());
}

#[test]
fn extra_arrows_go_on_their_frame_and_the_engine_draws_its_move() {
    let r: GameRecord<interstellar::Position> = record("[Variant \"Interstellar\"]\n\n1. PQ-33 *\n");
    let options = GifOptions { size_px: 240, ..GifOptions::default() };
    let cancel = AtomicBool::new(false);
    let plain = gif_bytes(&r, 0, None, &options, None, &|_, _| {}, &cancel).unwrap();
    let engine = gif_bytes(&r, 0, None, &options, Some(2_000), &|_, _| {}, &cancel).unwrap();
    let again = gif_bytes(&r, 0, None, &options, Some(2_000), &|_, _| {}, &cancel).unwrap();
    assert_eq!(engine, again, "a fixed search gives the same arrows");
    let (a, b) = (decode(&plain), decode(&engine));
    for i in 0..2 {
        assert!(differing(&a[i].0, &b[i].0) > 120, "frame {i} has the engine's arrow: {}", differing(&a[i].0, &b[i].0));
    }
}

#[test]
fn captions_name_each_move_the_result_and_both_clocks() {
    let text = "[Variant \"Triangular\"]\n[TimeControl \"300+2\"]\n[Result \"1-0\"]\n\n\
                1. Bc3d {[%clk 0:04:58]} 1... Be6l $2 {[%clk 0:04:50.5]} 2. dd3l {[%clk 0:04:41]} 1-0\n";
    let r: GameRecord<triangular::Position> = record(text);
    let options = GifOptions { clocks: true, title: "A – B".into(), ..GifOptions::default() };
    let scenes = frame_scenes(&r, 0, None, &options, &mut |_, _| Vec::new()).unwrap();
    let lines: Vec<Vec<String>> = scenes.iter().map(caption_texts).collect();
    assert_eq!(lines[0], ["A – B", "Start · White 0:05:00 · Black 0:05:00"]);
    assert_eq!(lines[1], ["A – B", "1. Bc3d · White 0:04:58 · Black 0:05:00"]);
    assert_eq!(lines[2], ["A – B", "1... Be6l? · White 0:04:58 · Black 0:04:50.5"]);
    assert_eq!(lines[3], ["A – B", "2. dd3l · 1-0 · White 0:04:41 · Black 0:04:50.5"]);
    // Every frame is as tall as the first, whatever its text.
    assert!(scenes.iter().all(|s| s.height == scenes[0].height));
    // Without clocks or captions there is no caption at all.
    let bare = GifOptions { move_captions: false, ..GifOptions::default() };
    let scenes = frame_scenes(&r, 0, None, &bare, &mut |_, _| Vec::new()).unwrap();
    assert!(scenes.iter().all(|s| caption_texts(s).is_empty()));
}

#[test]
fn a_long_caption_is_shrunk_and_keeps_the_frame_height() {
    let r: GameRecord<triangular::Position> = record("[Variant \"Triangular\"]\n\n1. Bc3d 1... Be6l *\n");
    let short = GifOptions { title: "Short".into(), ..GifOptions::default() };
    let long = GifOptions { title: "A very long title ".repeat(12), ..GifOptions::default() };
    let a = frame_scenes(&r, 0, None, &short, &mut |_, _| Vec::new()).unwrap();
    let b = frame_scenes(&r, 0, None, &long, &mut |_, _| Vec::new()).unwrap();
    assert_eq!(a[0].height, b[0].height);
}

#[test]
fn a_stretch_of_plies_and_its_errors() {
    let r: GameRecord<triangular::Position> = record(RAID);
    let plies = r.tree.main_line_from(NodeId::ROOT).len();
    let options = GifOptions { size_px: 120, ..GifOptions::default() };
    assert_eq!(decode(&record_gif(&r, 10, Some(14), &options).unwrap()).len(), 5);
    assert_eq!(decode(&record_gif(&r, plies, None, &options).unwrap()).len(), 1);
    assert_eq!(main_line_stretch(&r, 2, Some(2)).unwrap().len(), 1);
    assert!(matches!(record_gif(&r, 5, Some(4), &options), Err(GifError::Range { .. })));
    assert!(matches!(record_gif(&r, 0, Some(plies + 1), &options), Err(GifError::Range { .. })));
    let tiny = GifOptions { size_px: 8, ..GifOptions::default() };
    assert!(matches!(record_gif(&r, 0, None, &tiny), Err(GifError::Size(8))));
    let fast = GifOptions { delay_ms: 5, ..GifOptions::default() };
    assert!(matches!(record_gif(&r, 0, None, &fast), Err(GifError::Delay(5))));
}

#[test]
fn cancelling_stops_with_cancelled() {
    let r: GameRecord<triangular::Position> = record(RAID);
    let options = GifOptions { size_px: 120, ..GifOptions::default() };
    let scenes = frame_scenes(&r, 0, None, &options, &mut |_, _| Vec::new()).unwrap();
    let cancel = AtomicBool::new(true);
    assert!(matches!(encode_gif(&scenes, &options, &|_, _| {}, &cancel), Err(GifError::Cancelled)));
    assert!(matches!(gif_bytes(&r, 0, None, &options, None, &|_, _| {}, &cancel), Err(GifError::Cancelled)));
}

#[test]
fn progress_counts_up_to_the_total() {
    let (games, _) = read_record_file(&PathBuf::from("assets/games/draughts-level-match.pgn")).unwrap();
    let r = draughts::Position::from_any(games[0].clone()).ok().unwrap();
    let options = GifOptions { size_px: 120, ..GifOptions::default() };
    let seen = std::sync::Mutex::new(Vec::new());
    gif_bytes(&r, 0, Some(3), &options, None, &|d, t| seen.lock().unwrap().push((d, t)), &AtomicBool::new(false))
        .unwrap();
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.last(), Some(&(12, 12)), "{seen:?}");
    assert!(seen.iter().all(|&(d, t)| d <= t && t == 12));
}

fn orrery(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).output().expect("run orrery")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-gif-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn orrery_gif_writes_a_game_and_refuses_bad_input() {
    let out = temp("raid.gif");
    let o = orrery(&[
        "gif",
        "--record",
        "assets/games/triangular-queen-raid.pgn",
        "--from",
        "20",
        "--to",
        "31",
        "--size",
        "200",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.starts_with("frames: 12\nbytes: "), "{stdout}");
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(decode(&bytes).len(), 12);
    // The same command, the same file.
    let again = temp("raid-again.gif");
    let args = ["gif", "--record", "assets/games/triangular-queen-raid.pgn", "--from", "20", "--to", "31"];
    let o = orrery(&[&args[..], &["--size", "200", "--out", again.to_str().unwrap()]].concat());
    assert!(o.status.success());
    assert_eq!(std::fs::read(&again).unwrap(), bytes);

    for (extra, expected) in [
        (vec!["--out", "x.png"], "must be a .gif"),
        (vec!["--to", "99", "--out", out.to_str().unwrap()], "not a stretch of the main line"),
        (vec!["--game", "2", "--out", out.to_str().unwrap()], "no game 2"),
        (vec!["--delay", "1", "--out", out.to_str().unwrap()], "delay"),
    ] {
        let o = orrery(&[&["gif", "--record", "assets/games/triangular-queen-raid.pgn"][..], &extra].concat());
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(expected), "{extra:?}: {err}");
    }
    // The file from before is still whole.
    assert_eq!(decode(&std::fs::read(&out).unwrap()).len(), 12);
}

#[test]
fn every_game_of_the_shipped_files_makes_a_gif() {
    for file in ["interstellar-planet-hunt.pgn", "triangular-queen-raid.pgn", "draughts-level-match.pgn"] {
        let (games, errors) = read_record_file(&PathBuf::from("assets/games").join(file)).unwrap();
        assert!(errors.is_empty());
        let game: &AnyGame = &games[0];
        let options = GifOptions { size_px: 100, ..GifOptions::default() };
        let bytes =
            orrery::with_game!(game, g => record_gif(g, 0, Some(4.min(g.tree.main_line_from(NodeId::ROOT).len())), &options))
                .unwrap();
        assert!(decode(&bytes).len() >= 2, "{file}");
    }
}

#[test]
fn every_frame_matches_the_diagram_drawn_whole() {
    // The background is rasterised once and each frame drawn over it; the result must
    // be the diagram of the position, as `orrery diagram` draws it, up to the palette.
    let r: GameRecord<triangular::Position> = record(RAID);
    let options = GifOptions { size_px: 240, clocks: true, ..GifOptions::default() };
    let frames = decode(&record_gif(&r, 18, Some(24), &options).unwrap());
    let scenes = frame_scenes(&r, 18, Some(24), &options, &mut |_, _| Vec::new()).unwrap();
    for (i, ((frame, _), scene)) in frames.iter().zip(&scenes).enumerate() {
        let whole = orrery::render::png::render_scene(scene, 240).unwrap();
        let whole = image::RgbaImage::from_raw(whole.width(), whole.height(), whole.take()).unwrap();
        let off = differing(frame, &whole);
        assert!(off < 60, "frame {i}: {off} pixels off");
    }
}

#[test]
fn a_capture_of_several_pieces_is_drawn_leg_by_leg() {
    use orrery::render::gif::move_arrows;
    let (games, _) = read_record_file(&PathBuf::from("assets/games/draughts-level-match.pgn")).unwrap();
    let mut legs_seen = 0;
    for game in games {
        let r = draughts::Position::from_any(game).ok().unwrap();
        let mut pos = r.start.clone();
        for id in r.tree.main_line_from(NodeId::ROOT) {
            let mv = r.tree.node(id).mv.unwrap();
            let route = pos.move_routes(mv).remove(0);
            let arrows = move_arrows(&pos, mv, orrery::record::MarkColor::Blue);
            let (from, to) = draughts::Position::move_cells(mv);
            assert_eq!(arrows.first().unwrap().from, from);
            assert_eq!(arrows.last().unwrap().to, to);
            assert_eq!(arrows.len(), route.len().max(1));
            for (arrow, landing) in arrows.iter().zip(&route) {
                assert_eq!(arrow.to, landing.cell);
            }
            for pair in arrows.windows(2) {
                assert_eq!(pair[0].to, pair[1].from, "the legs join");
            }
            legs_seen = legs_seen.max(arrows.len());
            pos.play(mv);
        }
    }
    assert!(legs_seen >= 2, "the games hold a capture of two pieces or more");
}

#[test]
fn orrery_gif_takes_a_record_with_warnings_and_says_when_it_has_no_clocks() {
    let record = temp("warned.pgn");
    // A comment after the last game is a warning: the game itself was read in full.
    std::fs::write(&record, "[Variant \"Triangular\"]\n\n1. Bc3d Be6l *\n\n{stray}\n").unwrap();
    let out = temp("warned.gif");
    let o = orrery(&[
        "gif",
        "--record",
        record.to_str().unwrap(),
        "--clocks",
        "--size",
        "120",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("frames: 3\n"));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no clocks shown"));
    // An error still stops it.
    std::fs::write(&record, "[Variant \"Triangular\"]\n\n1. Bc3d Qx9 *\n").unwrap();
    let o = orrery(&["gif", "--record", record.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no GIF written"));
}
