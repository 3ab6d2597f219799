//! UI tests of what a new user ran into (egui_kittest, the real app): the board keeps
//! its size, the cell under the pointer is named in both numberings, undo back to the
//! saved game is no change, undo drops the picked-up piece, Home shows the top of the
//! move list, an illegal move says why, Resign asks, the notation editor's height is
//! kept, the Export diagram window (preview, remembered choices, the last folder), the
//! board colours and the sounds.

#![allow(clippy::unwrap_used)] // tests may unwrap

use egui::{Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::{DialogRequest, FakeDialogs};
use orrery::app::sounds::Sound;
use orrery::core::Game;
use ui_support::{cell_px, menu, slot};

mod ui_support;

fn harness(dialogs: FakeDialogs) -> Harness<'static, OrreryApp> {
    ui_support::harness(dialogs, 860.0)
}

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-rough-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_board_keeps_its_size_whatever_the_side_panel_shows() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    let before = h.state().board_rect().unwrap();
    // The solver's output, a long status message and the game's end banner.
    h.state_mut().apply(Command::Act(Action::SolveShown("Target Out in 2".parse().unwrap())));
    for _ in 0..300 {
        h.step();
        if h.state().workspace().view.puzzle_status().is_some_and(|p| !p.solving) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run_steps(3);
    h.get_by_label_contains("No Target Out in 2 found");
    assert_eq!(h.state().board_rect().unwrap(), before);
    h.state_mut().workspace_mut().message = "A very long message that goes on and on, ".repeat(8);
    h.run();
    assert_eq!(h.state().board_rect().unwrap(), before);
    h.state_mut().apply(Command::Game(GameCommand::Resign));
    h.run();
    assert_eq!(h.state().board_rect().unwrap(), before);
}

#[test]
fn the_cell_under_the_pointer_is_named_in_both_numberings() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    let at = cell_px(&h, slot(1, 3));
    h.hover_at(at);
    h.run();
    // Positive's 13 is negative's 97 (negative writes NQx97 for it).
    // The piece on it is named too, with how it moves.
    // (In the status bar, and in full beside the pointer once it has stood still.)
    let said = "Positive pulsar PPu, cell 13 in positive's numbering, 97 in negative's: winds a path";
    assert!(h.query_all_by_label_contains(said).next().is_some(), "{said}");
    // Triangular names its cells one way: the hovered one is named too.
    menu(&mut h, "Game", "New Triangular");
    let cell = orrery::core::triangular::Cell::all().find(|c| c.to_string() == "c1d").unwrap();
    let at = cell_px(&h, orrery::core::BoardCell::slot(cell));
    h.hover_at(at);
    h.run();
    let said = "White king, cell c1d: one step to any of the up to 12 touching triangles";
    assert!(h.query_all_by_label_contains(said).next().is_some(), "{said}");
    // View → Labels: greyed for Triangular, whose cells have one name each.
    menu(&mut h, "View", "Labels (Interstellar)");
    assert!(h.query_by_label("Both players'").is_none(), "no numbering to choose for Triangular");
    h.key_press(egui::Key::Escape);
    h.run();
    // The choice is kept in the settings.
    menu(&mut h, "Game", "New Interstellar");
    menu(&mut h, "View", "Labels (Interstellar)");
    h.get_by_label("Both players'").click();
    h.run();
    assert_eq!(h.state().settings().labels, orrery::app::settings::LabelChoice::Both);
}

const TWO: &str = "[Variant \"Interstellar\"]\n\n1. PQ-33 *\n\n[Variant \"Interstellar\"]\n\n*\n";

#[test]
fn undo_back_to_the_saved_game_is_no_change_and_drops_the_picked_up_piece() {
    let dir = folder("undo-saved");
    let path = dir.join("two.pgn");
    std::fs::write(&path, TWO).unwrap();
    let mut h = harness(FakeDialogs::default());
    h.run();
    assert!(h.state_mut().open_path(&path));
    h.run();
    h.state_mut().apply(Command::Game(GameCommand::End));
    h.run();
    let position =
        orrery::core::interstellar::Position::from_position_string(&h.state().workspace().view.position_string())
            .unwrap();
    let mut moves = orrery::core::moves::MoveList::new();
    position.legal_moves(&mut moves);
    ui_support::play(&mut h, &position.notation(moves[0]));
    assert!(h.state().modified());
    assert!(h.state().window_title().ends_with(" *"));
    // Pick a piece up, then undo: the move goes, the piece is put down.
    ui_support::click_cell(&mut h, slot(1, 5));
    h.run();
    assert!(h.state().overlay_slots().selected.is_some());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(!h.state().modified(), "back to the file's games");
    assert!(!h.state().window_title().ends_with(" *"), "{}", h.state().window_title());
    let overlay = h.state().overlay_slots();
    assert!(overlay.selected.is_none() && overlay.targets.is_empty());
    // Redo: modified again.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    h.run();
    assert!(h.state().modified());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn home_shows_the_top_of_the_move_list() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    // A long game: the first legal move each time.
    let mut first = String::new();
    for ply in 0..180 {
        let position =
            orrery::core::interstellar::Position::from_position_string(&h.state().workspace().view.position_string())
                .unwrap();
        let mut moves = orrery::core::moves::MoveList::new();
        position.legal_moves(&mut moves);
        // The first move's text is not played again, so it names one row of the list.
        let Some(notation) = moves.iter().map(|&m| position.notation(m)).find(|n| ply == 0 || *n != first) else {
            break;
        };
        if ply == 0 {
            first = notation.clone();
        }
        let (from, to) = h.state().workspace().view.move_slots(&notation).unwrap();
        h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
        h.run_steps(2);
    }
    let count = |h: &Harness<'static, OrreryApp>| h.query_all_by_label(&first).count();
    h.state_mut().apply(Command::Game(GameCommand::End));
    h.run_steps(3);
    let at_end = count(&h);
    h.key_press(egui::Key::Home);
    h.run_steps(3);
    assert_eq!(h.state().workspace().view.cursor(), orrery::record::NodeId::ROOT);
    assert_eq!(at_end, 0, "the first move scrolled out of view at the end");
    assert_eq!(count(&h), 1, "and is in view again");
    let top = h.query_all_by_label(&first).map(|n| n.rect().min.y).fold(f32::MAX, f32::min);
    assert!(top < 400.0, "at the top of the list: {top}");
}

#[test]
fn an_illegal_move_says_why() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    // A positive star on row 2 cannot go sideways.
    let star = orrery::core::interstellar::Cell::all()
        .find(|c| {
            let p = orrery::core::interstellar::Position::opening();
            c.row() == 2 && p.piece_at(*c).is_some_and(|p| p.kind() == orrery::core::interstellar::Kind::Star)
        })
        .unwrap();
    // An empty cell three rows up, out of its reach.
    let far = orrery::core::interstellar::Cell::new(5, 5).unwrap();
    let from = orrery::core::BoardCell::slot(star);
    let to = orrery::core::BoardCell::slot(far);
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
    h.run();
    let message = h.state().workspace().message.clone();
    assert!(message.contains("cannot") && message.contains("a star steps forward"), "{message}");
    // Triangular too: the knight on b1l cannot go to d6d, and says how it moves.
    menu(&mut h, "Game", "New Triangular");
    let cell = |name: &str| {
        orrery::core::BoardCell::slot(orrery::core::triangular::Cell::all().find(|c| c.to_string() == name).unwrap())
    };
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from: cell("b1l"), to: cell("d6d") }));
    h.run();
    let message = h.state().workspace().message.clone();
    assert!(message.contains("cannot move to d6d: a knight jumps"), "{message}");
}

#[test]
fn resign_asks_first() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "Resign…");
    h.get_by_label("Resign this game?");
    h.get_by_label("Keep playing").click();
    h.run();
    assert!(!h.state().workspace().view.game_over());
    menu(&mut h, "Game", "Resign…");
    h.get_by_label_contains("Positive resigns");
    h.get_by_label("Resign").click();
    h.run();
    assert!(h.state().workspace().view.game_over());
}

#[test]
fn the_notation_editor_is_a_pane_resized_by_its_edge_and_its_size_is_kept() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::E);
    h.run();
    let before = h.state().settings().layout.clone();
    let tab = h.get_by_label("Notation").rect();
    let board = h.state().board_rect().expect("a board");
    // The split between the board's pane and the editor's, just above the editor's tab:
    // dragged up by 120 points.
    let edge = egui::pos2(tab.center().x, tab.top() - 1.0);
    h.hover_at(edge);
    h.run();
    ui_support::press(&h, edge, PointerButton::Primary, true);
    h.step();
    for k in 1..=6 {
        h.hover_at(egui::pos2(edge.x, edge.y - 20.0 * k as f32));
        h.step();
    }
    ui_support::press(&h, egui::pos2(edge.x, edge.y - 120.0), PointerButton::Primary, false);
    h.run();
    let moved = h.get_by_label("Notation").rect();
    assert!(moved.top() < tab.top() - 60.0, "the editor's tab moved up: {} → {}", tab.top(), moved.top());
    let smaller = h.state().board_rect().expect("a board");
    assert!(smaller.height() < board.height() - 60.0, "the board gave the room: {board:?} → {smaller:?}");
    // The new sizes are in the settings, which are kept.
    assert_ne!(h.state().settings().layout, before);
}

#[test]
fn the_export_window_previews_remembers_its_choices_and_the_last_folder() {
    let dir = folder("export");
    let first = dir.join("one.svg");
    let dialogs = FakeDialogs { saves: vec![Some(first.clone()), None], ..FakeDialogs::default() };
    let mut h = harness(dialogs);
    h.run();
    menu(&mut h, "Game", "Export diagram…");
    h.get_by_label("Preview");
    h.state_mut().shell_mut().export.as_mut().unwrap().size_px = 420;
    h.state_mut().shell_mut().export.as_mut().unwrap().title = "My title".into();
    h.run();
    h.get_by_label("Export…").click();
    h.run_steps(3);
    assert!(first.exists());
    // Opened again: the size and title typed stay; the dialog starts in the folder used.
    menu(&mut h, "Game", "Export diagram…");
    assert_eq!(h.state().shell().export.as_ref().unwrap().size_px, 420);
    assert_eq!(h.state().shell().export.as_ref().unwrap().title, "My title");
    h.get_by_label("Export…").click();
    h.run_steps(3);
    assert_eq!(h.state().settings().last_folder.as_deref(), Some(dir.as_path()));
    // Escape closes the window.
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().shell().export.is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_export_dialogs_filter_names_the_image_format() {
    let dialogs = FakeDialogs::default();
    let mut h = harness(dialogs);
    h.run();
    menu(&mut h, "Game", "Export diagram…");
    h.get_by_label("Export…").click();
    h.run_steps(3);
    let request = h.state().platform().last_dialog_request.clone();
    let Some(DialogRequest::Save { filters, .. }) = request else { panic!("{request:?}") };
    assert_eq!(filters[0].0, "SVG image");
}

#[test]
fn board_colours_are_chosen_per_game_and_kept() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "View", "Board colours (Interstellar)");
    h.get_by_label("High contrast").click();
    h.run();
    use orrery::core::game::Variant;
    use orrery::render::view::BoardScheme;
    assert_eq!(h.state().settings().scheme_of(Variant::Interstellar), BoardScheme::HighContrast);
    assert_eq!(h.state().settings().scheme_of(Variant::Triangular), BoardScheme::Classic);
}

#[test]
fn sounds_are_off_by_default_and_follow_the_move_when_on() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    assert!(!h.state().settings().sounds);
    ui_support::play(&mut h, "PQ-33");
    h.run();
    assert!(h.state().platform().sounds.played.is_empty(), "off by default");
    h.state_mut().settings_mut().sounds = true;
    h.state_mut().apply(Command::Game(GameCommand::Back));
    h.run();
    h.state_mut().apply(Command::Game(GameCommand::Forward));
    h.run_steps(2);
    assert_eq!(h.state().platform().sounds.played, [Sound::Move]);
    // A finished puzzle: the last move ends the game (Target Out in 1).
    h.get_by_label("Puzzles").click();
    h.run();
    h.get_by_label_contains("— Target Out in 1").click();
    h.run_steps(5);
    h.get_by_label("Don't save").click();
    h.run_steps(2);
    for _ in 0..300 {
        h.step();
        if h.state().workspace().view.puzzle_status().is_some_and(|p| !p.solving) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run_steps(2);
    let key = h.state().workspace().view.puzzle_status().unwrap().keys[0].clone();
    ui_support::play(&mut h, &key);
    h.run_steps(2);
    assert_eq!(h.state().platform().sounds.played.last(), Some(&Sound::End));
}

#[test]
fn the_move_list_explains_interstellars_numbering_on_hover() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.get_by_label("Moves").hover();
    for _ in 0..60 {
        h.step();
        if h.query_by_label_contains("negative's NQx97 lands on the cell").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.get_by_label(orrery::app::move_list::NUMBERING_NOTE);
}

#[test]
fn a_game_report_with_long_variations_stays_inside_the_move_list_pane() {
    // A game as `orrery report` writes it: evaluations, judgements in words and the
    // better lines as variations, in the move list beside the report's graph.
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/triangular-report.pgn"));
    let mut h = harness(FakeDialogs::default());
    h.run();
    assert!(h.state_mut().open_path(path));
    h.run_steps(12);
    // The move list's pane: from its tab's left edge to the window's right edge.
    let panel_left = h.get_by_label("Move list").rect().min.x;
    let heading = h.get_by_label("Moves").rect();
    assert!(heading.min.x >= panel_left - 1.0 && heading.min.x < panel_left + 20.0, "{heading:?}");
    // Every move shown, in the main line or a variation, lies within the pane.
    for node in h.query_all_by_role(egui::accesskit::Role::Button) {
        let r = node.rect();
        if r.min.x >= panel_left - 40.0 {
            assert!(r.min.x >= panel_left - 1.0 && r.max.x <= 1200.5, "{:?} at {r:?}", node.accesskit_node().label());
        }
    }
}
