//! One frame of the board widget with every highlight, on the CPU (release): building
//! the board scene, painting it into egui shapes and tessellating them into triangles.
//! Target: under 2 ms. Run: `cargo bench --bench frame`. Also whole app frames: with a
//! 10,000-ply record (measured 2026-12-01 on this 2-core machine: median 1.0 ms, 2.5 ms
//! with the notation editor open), and while the analysis engine searches (median
//! 0.97 ms Interstellar, 0.72 ms Triangular, slowest 2.5 ms, with 5 lines being searched
//! on the other core).

use divan::Bencher;
use orrery::app::board::BoardWidget;
use orrery::app::command::Action;
use orrery::core::BoardCell;
use orrery::core::{interstellar, triangular};
use orrery::record::{Arrow, MarkColor};
use orrery::render::overlay::BoardOverlay;
use orrery::render::view::DrawGame;

fn main() {
    divan::main();
}

fn input() -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        ..Default::default()
    }
}

/// Every kind of highlight at once.
fn overlay<C: Copy>(cells: &[C]) -> BoardOverlay<C> {
    BoardOverlay {
        selected: Some(cells[0]),
        targets: cells[1..6].to_vec(),
        captures: cells[6..8].to_vec(),
        last_move: Some((cells[8], cells[9])),
        in_target: vec![cells[10]],
        hover: Some(cells[11]),
        arrows: vec![
            Arrow { color: MarkColor::Green, from: cells[12], to: cells[13] },
            Arrow { color: MarkColor::Red, from: cells[14], to: cells[15] },
        ],
        marked_cells: vec![(cells[16], MarkColor::Blue), (cells[17], MarkColor::Yellow)],
        landed: vec![cells[18]],
        jumped: vec![cells[19]],
        coins: vec![cells[20]],
    }
}

fn frame(ctx: &egui::Context, show: &mut impl FnMut(&mut egui::Ui)) -> usize {
    let output = ctx.run_ui(input(), |ui| {
        egui::CentralPanel::default().show(ui, |ui| show(ui));
    });
    ctx.tessellate(output.shapes, output.pixels_per_point).len()
}

/// One board frame of game `G` at its opening, every highlight on; `step` thins the
/// cells used for highlights.
fn board_frame<G: DrawGame>(bencher: Bencher, step: usize) {
    let setup = G::opening().to_setup();
    let cells: Vec<G::Cell> = G::Cell::all().step_by(step).collect();
    let overlay = overlay(&cells);
    let ctx = egui::Context::default();
    let mut show = |ui: &mut egui::Ui| {
        BoardWidget::<G>::new(&setup, &overlay).show(ui);
    };
    frame(&ctx, &mut show); // the first frame rasterises the glyph textures once
    bencher.bench_local(|| frame(&ctx, &mut show));
}

#[divan::bench(sample_count = 50)]
fn interstellar_board_frame(bencher: Bencher) {
    board_frame::<interstellar::Position>(bencher, 4);
}

#[divan::bench(sample_count = 50)]
fn triangular_board_frame(bencher: Bencher) {
    board_frame::<triangular::Position>(bencher, 5);
}

/// A whole app frame (menus, move list, status bar, board; tessellated) with a
/// 10,000-ply record open, without and with the notation editor, the cursor at the end — what
/// every repaint costs while playing or typing in a long record.
#[divan::bench(sample_count = 10, sample_size = 1, args = [false, true])]
fn app_frame_with_10000_ply_record(bencher: Bencher, notation_editor: bool) {
    use orrery::app::OrreryApp;
    use orrery::app::dialogs::FakeDialogs;
    let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
    let record = orrery::record::samples::long_quiet_game(10_000, 42);
    app.apply(orrery::app::command::Command::Act(Action::ReplaceGame {
        game: std::sync::Arc::new(orrery::record::AnyGame::Interstellar(record)),
        caret: None,
    }));
    app.settings_mut().notation_editor = notation_editor;
    let ctx = egui::Context::default();
    // Warm up: the first frames lay out every text once.
    for _ in 0..3 {
        let _ = ctx.run_ui(input(), |ui| app.show(ui));
    }
    bencher.bench_local(|| {
        let output = ctx.run_ui(input(), |ui| app.show(ui));
        ctx.tessellate(output.shapes, output.pixels_per_point)
    });
}

/// A whole app frame (tessellated) while the analysis panel's engine searches the
/// opening position with 5 lines (no time limit), for each game: what a repaint costs
/// while the engine thinks on its own thread. On a 2-core machine the search takes one
/// core; the frame runs on the other.
#[divan::bench(sample_count = 50, args = ["interstellar", "triangular"])]
fn app_frame_with_analysis_running(bencher: Bencher, game: &str) {
    use orrery::app::OrreryApp;
    use orrery::app::command::Command;
    use orrery::app::dialogs::FakeDialogs;
    let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
    if game == "triangular" {
        app.apply(Command::Act(Action::NewGame(orrery::core::Variant::Triangular)));
    }
    app.settings_mut().analysis = true;
    app.settings_mut().analysis_lines = 5;
    app.settings_mut().analysis_seconds = None;
    let ctx = egui::Context::default();
    // Warm up, and let the first iterations arrive.
    for _ in 0..3 {
        let _ = ctx.run_ui(input(), |ui| app.show(ui));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    bencher.bench_local(|| {
        let output = ctx.run_ui(input(), |ui| app.show(ui));
        ctx.tessellate(output.shapes, output.pixels_per_point)
    });
    app.settings_mut().analysis = false;
    let _ = ctx.run_ui(input(), |ui| app.show(ui));
}

/// An app drawn into `ctx` for a few frames, then `app`.
fn settled(mut app: orrery::app::OrreryApp, ctx: &egui::Context) -> orrery::app::OrreryApp {
    for _ in 0..3 {
        let _ = ctx.run_ui(input(), |ui| app.show(ui));
    }
    app
}

/// The frame in which the user offers the computer a draw (Triangular, level 3): the
/// computer's answer is searched on the engine's job, not in the frame.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn app_frame_offering_a_draw(bencher: Bencher) {
    use orrery::app::OrreryApp;
    use orrery::app::command::{Action, Command, GameCommand};
    use orrery::app::dialogs::FakeDialogs;
    bencher
        .with_inputs(|| {
            let ctx = egui::Context::default();
            let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
            app.apply(Command::Act(Action::NewComputerGame {
                variant: orrery::core::Variant::Triangular,
                user_side: Some(0),
                level: 3,
                clock: None,
            }));
            (settled(app, &ctx), ctx)
        })
        .bench_local_values(|(mut app, ctx)| {
            app.apply(Command::Game(GameCommand::AgreeDraw));
            let output = ctx.run_ui(input(), |ui| app.show(ui));
            (ctx.tessellate(output.shapes, output.pixels_per_point), app)
        });
}

/// The frames while a 50 MB file (72,000 Triangular draughts games of 40 plies) is
/// saved: Save is chosen again as soon as the last save has ended, so the samples hold
/// the frames that start a save and those drawn while it is written.
#[divan::bench(sample_count = 40, sample_size = 1)]
fn app_frame_while_saving_a_50_mb_file(bencher: Bencher) {
    use orrery::app::OrreryApp;
    use orrery::app::dialogs::FakeDialogs;
    use orrery::files::{Format, format_records};
    let games = orrery::record::samples::random_draughts_games(
        72_000,
        40,
        usize::MAX,
        &mut orrery::record::samples::sequence(0x2545_F491_4F6C_DD1D),
    );
    let dir = std::env::temp_dir().join(format!("orrery-frame-save-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("collection.pgn");
    std::fs::write(&path, format_records(&games, Format::Text)).expect("the file written");
    drop(games);
    let ctx = egui::Context::default();
    let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
    app.open_path(&path);
    while app.is_reading() {
        let _ = ctx.run_ui(input(), |ui| app.show(ui));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut app = settled(app, &ctx);
    bencher.bench_local(|| {
        if !app.is_saving() {
            app.save();
        }
        let output = ctx.run_ui(input(), |ui| app.show(ui));
        ctx.tessellate(output.shapes, output.pixels_per_point)
    });
    app.finish_save();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The frame in which "Learn from your mistakes" is given a move other than the game's
/// and the engine's: the two searches that judge it run on a job, not in the frame.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn app_frame_judging_a_move_in_learn_from_your_mistakes(bencher: Bencher) {
    use orrery::app::OrreryApp;
    use orrery::app::command::{Command, GameCommand};
    use orrery::app::dialogs::FakeDialogs;
    use orrery::core::Game;
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/triangular-report.pgn"));
    bencher
        .with_inputs(|| {
            let ctx = egui::Context::default();
            let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
            app.open_path(path);
            let mut app = settled(app, &ctx);
            app.apply(Command::Game(GameCommand::LearnFromMistakes));
            let app = settled(app, &ctx);
            // A legal move at the asked position that is neither the game's nor the
            // engine's: the first one the generator gives that is not a capture.
            let game = app.workspace().view.game();
            let orrery::record::AnyGame::Triangular(record) = &*game else { unreachable!() };
            let at = app.workspace().view.cursor();
            let pos = record.position_at(at);
            let mut moves = orrery::core::moves::MoveList::new();
            pos.legal_moves(&mut moves);
            let taken: Vec<_> = record.tree.node(at).children.iter().filter_map(|&c| record.tree.node(c).mv).collect();
            let mv = moves.iter().copied().rev().find(|m| !taken.contains(m)).expect("another move");
            let slots = app.workspace().view.move_slots(&pos.notation(mv)).expect("the move's cells");
            (app, ctx, slots)
        })
        .bench_local_values(|(mut app, ctx, (from, to))| {
            app.apply(Command::Game(GameCommand::DropPiece { from, to }));
            let output = ctx.run_ui(input(), |ui| app.show(ui));
            (ctx.tessellate(output.shapes, output.pixels_per_point), app)
        });
}
