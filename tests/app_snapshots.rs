//! Image snapshots of the real app window at each game's opening position, drawn by
//! wgpu (Mesa llvmpipe on machines without a GPU; CI sets `WGPU_BACKEND=gl`).
//!
//! The reference images live in `tests/snapshots/`. After a deliberate change to the
//! look, refresh them with `UPDATE_SNAPSHOTS=1 cargo test --test app_snapshots` and
//! look at the new PNGs before committing them.

use egui_kittest::{Harness, SnapshotOptions};
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::core::game::Variant;

fn snapshot_of_opening(variant: Variant, name: &str) {
    let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
    app.apply(Command::Act(Action::NewGame(variant)));
    // A new game carries today's date, shown in the header: one fixed date, so the
    // picture is the same any day.
    app.apply(Command::Game(GameCommand::SetTag("Date".into(), "2026.12.04".into())));
    // Unmodified, as a new game is: on any other day the date above was a change.
    app.workspace_mut().document.modified = false;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1000.0, 700.0))
        .wgpu()
        .build_ui_state(|ui, app: &mut OrreryApp| app.show(ui), app);
    h.run();
    assert_eq!(h.state().workspace().view.variant(), variant);
    // A little slack for anti-aliasing differences between Mesa versions.
    h.snapshot_options(name, &SnapshotOptions::new().max_failed_pixels(400));
}

#[test]
fn interstellar_opening_position_looks_as_recorded() {
    snapshot_of_opening(Variant::Interstellar, "interstellar-opening");
}

#[test]
fn triangular_opening_position_looks_as_recorded() {
    snapshot_of_opening(Variant::Triangular, "triangular-opening");
}

#[test]
fn draughts_opening_position_looks_as_recorded() {
    snapshot_of_opening(Variant::Draughts, "draughts-opening");
}
