//! One frame of the board widget with every highlight, on the CPU (release): building
//! the board scene, painting it into egui shapes and tessellating them into triangles.
//! Target: under 2 ms. Run: `cargo bench --bench frame`. Also whole app frames: with a
//! 10,000-ply record (measured 2026-12-01 on this 2-core machine: median 1.0 ms, 2.5 ms
//! with the notation editor open), and while the analysis engine searches (median
//! 0.97 ms Interstellar, 0.72 ms Triangular, slowest 2.5 ms, with 5 lines being searched
//! on the other core).

use divan::Bencher;
use orrery::app::board::BoardWidget;
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
    app.apply(orrery::app::command::Command::ReplaceGame {
        game: Box::new(orrery::record::AnyGame::Interstellar(record)),
        caret: None,
    });
    app.settings.notation_editor = notation_editor;
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
        app.apply(Command::NewGame(orrery::core::Variant::Triangular));
    }
    app.settings.analysis = true;
    app.settings.analysis_lines = 5;
    app.settings.analysis_seconds = None;
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
    app.settings.analysis = false;
    let _ = ctx.run_ui(input(), |ui| app.show(ui));
}
