//! Helpers for the UI tests: the real app in an egui_kittest harness, menus, and
//! pointer input on board cells.

#![allow(dead_code)]
#![allow(clippy::unwrap_used)] // tests may unwrap

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orrery::app::OrreryApp;
use orrery::app::command::{Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::core::interstellar::Cell;

/// The real app, drawn into a window of 1200 × `height` points, with these file dialogs.
pub fn harness(dialogs: FakeDialogs, height: f32) -> Harness<'static, OrreryApp> {
    let app = OrreryApp::new(Box::new(dialogs));
    // More frames than the default to settle: a click on a menu item leaves the
    // pointer over the board, whose hovered cell the status bar then names, and the
    // panes lay out again when one appears.
    Harness::builder()
        .with_size(egui::vec2(1200.0, height))
        .with_max_steps(16)
        .build_ui_state(|ui, app: &mut OrreryApp| app.show(ui), app)
}

/// The real app with its data folder at `dir` (autosave and settings there, as
/// `orrery` runs it), drawn into a window of `width` × `height` points.
/// A first start (no settings in `dir` yet) shows the welcome window: it is closed with
/// its Play button, as a user who came to play would.
pub fn with_data(dir: &std::path::Path, width: f32, height: f32) -> Harness<'static, OrreryApp> {
    let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
    app.attach_data_dir(Some(dir.to_path_buf()));
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut OrreryApp| app.show(ui), app);
    if h.state().shell().welcome {
        h.run();
        h.get_by_label("Play").click();
        h.run();
    }
    h
}

/// The slot of Interstellar cell (row, index).
pub fn slot(r: u8, i: u8) -> u8 {
    Cell::new(r, i).unwrap().slot()
}

/// Opens `menu` and clicks the item whose label contains `item` (menu buttons with a
/// shortcut carry it in their label: "Open… Ctrl+O"); an item labelled exactly `item`
/// comes first ("New Triangular" before "New Triangular draughts").
pub fn menu(h: &mut Harness<'static, OrreryApp>, menu: &str, item: &str) {
    // The menu bar's button is the topmost of the widgets so labelled (the games
    // list has a Game column too).
    let top = h
        .query_all_by_label(menu)
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap_or_else(|| panic!("the {menu} menu"));
    // Widgets so labelled outside the menu (a games list button) were there before.
    let before: Vec<egui::Rect> = h.query_all_by_label(item).map(|n| n.rect()).collect();
    top.click();
    h.run();
    match h.query_all_by_label(item).find(|n| !before.contains(&n.rect())) {
        Some(node) => node.click(),
        None => h.get_by_label_contains(item).click(),
    }
    h.run();
}

/// The screen position of a cell (by slot) of the game shown, on the board as drawn
/// last frame (the board editor's board included).
pub fn cell_px(h: &Harness<'static, OrreryApp>, cell: u8) -> Pos2 {
    h.state().cell_px(cell).expect("the board was drawn and the slot is a cell")
}

/// Clicks the cell with this slot on the board, as the user would.
pub fn click_cell(h: &mut Harness<'static, OrreryApp>, cell: u8) {
    let pos = cell_px(h, cell);
    click_px(h, pos, PointerButton::Primary);
}

/// Plays a move given in the game's notation by dropping its piece on its cell, as
/// the user would drag it (the move must be legal at the shown position).
pub fn play(h: &mut Harness<'static, OrreryApp>, notation: &str) {
    let (from, to) =
        h.state().workspace().view.move_slots(notation).unwrap_or_else(|| panic!("{notation} is legal here"));
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
    h.run();
}

/// Presses or releases `button` at `pos`.
pub fn press(h: &Harness<'static, OrreryApp>, pos: Pos2, button: PointerButton, pressed: bool) {
    h.event(Event::PointerButton { pos, button, pressed, modifiers: Modifiers::NONE });
}

/// A click of `button` at `pos`, press and release in separate frames.
pub fn click_px(h: &mut Harness<'static, OrreryApp>, pos: Pos2, button: PointerButton) {
    h.hover_at(pos);
    press(h, pos, button, true);
    h.step();
    press(h, pos, button, false);
    h.step();
    h.run();
}

/// Steps the app until the file it is reading in the background has been read (at
/// most about ten seconds), then lets it settle.
pub fn finish_reading(h: &mut Harness<'static, OrreryApp>) {
    step_until(h, "the file was read", |h| h.state().jobs().reading.is_none());
}

/// Steps the app, a few milliseconds apart, until `done` holds (background work has
/// come in), for at most about ten seconds, then lets it settle; fails naming `what`
/// when it never does.
pub fn step_until(
    h: &mut Harness<'static, OrreryApp>,
    what: &str,
    done: impl Fn(&Harness<'static, OrreryApp>) -> bool,
) {
    for _ in 0..1000 {
        if done(h) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    assert!(done(h), "{what}");
    h.run();
}

/// Empties the board editor's position string field and types `text` into it, as the
/// user would.
pub fn type_position_string(h: &mut Harness<'static, OrreryApp>, text: &str) {
    h.get_by_label("Position string").click();
    h.run();
    h.key_press(egui::Key::End);
    let old = h.get_by_label("Position string").value().unwrap_or_default().chars().count();
    for _ in 0..old {
        h.key_press(egui::Key::Backspace);
    }
    h.run();
    h.get_by_label("Position string").type_text(text);
    h.run();
}

/// Clicks the window's or the prompt's Close button (not a pane tab's ×, which is
/// labelled Close too and is 12 points wide).
pub fn click_close(h: &mut Harness<'static, OrreryApp>) {
    let close = h.query_all_by_label("Close").find(|n| n.rect().width() > 20.0).expect("a Close button");
    close.click();
}
