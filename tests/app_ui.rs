//! UI tests: the real app state driven through egui_kittest (no display, no GPU).

use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::core::game::Variant;
use ui_support::{cell_px, click_px, menu, press, slot};

mod ui_support;

fn harness(dialogs: FakeDialogs) -> Harness<'static, OrreryApp> {
    ui_support::harness(dialogs, 800.0)
}

#[test]
fn a_move_appears_in_the_move_list_in_the_patents_notation_and_undo_takes_it_back() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    h.run();
    h.get_by_label("PQ-33");
    assert!(h.state().modified());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.query_by_label("PQ-33").is_none());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run();
    h.get_by_label("PQ-33");
}

#[test]
fn an_illegal_move_leaves_the_position_and_says_why() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from: slot(1, 4), to: slot(3, 4) }));
    h.run();
    assert_eq!(h.state().workspace().view.cursor(), orrery::record::NodeId::ROOT);
    h.get_by_label_contains("cannot move there");
}

#[test]
fn new_triangular_game_from_the_menu_and_keys_navigate() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "New Triangular");
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    h.get_by_label("White to move");
    // Play two moves by their cells, then step back and forward with the arrow keys.
    for text in ["Bc3d", "Be6l"] {
        ui_support::play(&mut h, text);
    }
    h.run();
    h.get_by_label("Bc3d");
    h.get_by_label("Be6l");
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    h.get_by_label("Black to move");
    h.key_press(egui::Key::Home);
    h.run();
    h.get_by_label("White to move");
    h.key_press(egui::Key::End);
    h.run();
    h.get_by_label("White to move");
}

#[test]
fn a_triangular_sequence_to_checkmate_shows_the_banner() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "New Triangular");
    let moves = "Bc3d Be6l dd3l ff6l d2l h6l d3d c6l Qc2d Rd7l Bb4d h5l Nbc3d Bf7l f2l Rh6d bb2l Rc7d Ne4l e5l Qe2d exe4l Qxe4l+ Kh8l Qxh6d+ Kg8l Qe4l+ Kh8l Qf5d+ Kh8d Qh7d#";
    for text in moves.split(' ') {
        ui_support::play(&mut h, text);
    }
    h.run();
    h.get_by_label("White wins by checkmate");
    // The record has the result as soon as the game ends on the board.
    let game = h.state().workspace().view.game();
    assert_eq!(game.result(), orrery::record::GameResult::FirstPlayerWins);
    assert_eq!(game.tags().get("Termination"), Some("Ended by checkmate"));
    let text = orrery::record::write_any(&game);
    assert!(text.contains("[Result \"1-0\"]") && text.trim_end().ends_with("1-0"), "{text}");
    // Undo takes the mate back, and the result with it; redo brings both again.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().workspace().view.game().result(), orrery::record::GameResult::Unknown);
    assert_eq!(h.state().workspace().view.game().tags().get("Termination"), None);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(h.state().workspace().view.game().result(), orrery::record::GameResult::FirstPlayerWins);
    // The board stays browsable: step back, the banner goes.
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert!(h.query_by_label("White wins by checkmate").is_none());
}

#[test]
fn another_programs_checkmate_termination_goes_with_the_mate_and_a_resignation_stays() {
    let dir = std::env::temp_dir().join(format!("orrery-ui-termination-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let moves = "1. Bc3d Be6l 2. dd3l ff6l 3. d2l h6l 4. d3d c6l 5. Qc2d Rd7l 6. Bb4d h5l 7. Nbc3d Bf7l \
                 8. f2l Rh6d 9. bb2l Rc7d 10. Ne4l e5l 11. Qe2d exe4l 12. Qxe4l+ Kh8l 13. Qxh6d+ Kg8l \
                 14. Qe4l+ Kh8l 15. Qf5d+ Kh8d 16. Qh7d#";
    // As `orrery match` or another program writes a mate: the ending's plain name.
    let (mate, resigned) = (dir.join("mate.pgn"), dir.join("resigned.pgn"));
    let game = |termination: &str, moves: &str| {
        format!("[Variant \"Triangular\"]\n[Result \"1-0\"]\n[Termination \"{termination}\"]\n\n{moves} 1-0\n")
    };
    std::fs::write(&mate, game("checkmate", moves)).unwrap();
    // Resigned before the mate.
    std::fs::write(&resigned, game("Black resigned", moves.trim_end_matches(" 16. Qh7d#"))).unwrap();
    let mut h = harness(FakeDialogs { opens: vec![Some(mate)], ..FakeDialogs::default() });
    h.run();
    menu(&mut h, "Game", "Open…");
    assert_eq!(h.state().workspace().view.game().result(), orrery::record::GameResult::FirstPlayerWins);
    // The mate deleted: the board no longer ends the game, nor does the record.
    let end = h.state().workspace().view.cursor();
    h.state_mut().apply(Command::Game(GameCommand::DeleteFrom(end)));
    h.run();
    let game = h.state().workspace().view.game();
    assert_eq!(game.result(), orrery::record::GameResult::Unknown, "{}", orrery::record::write_any(&game));
    assert_eq!(game.tags().get("Termination"), None);
    // A resignation is the players' decision: it stays whatever the board shows.
    let mut h = harness(FakeDialogs { opens: vec![Some(resigned)], ..FakeDialogs::default() });
    h.run();
    menu(&mut h, "Game", "Open…");
    assert_eq!(h.state().workspace().view.game().tags().get("Termination"), Some("Black resigned"));
    let end = h.state().workspace().view.cursor();
    h.state_mut().apply(Command::Game(GameCommand::DeleteFrom(end)));
    h.run();
    let game = h.state().workspace().view.game();
    assert_eq!(game.result(), orrery::record::GameResult::FirstPlayerWins);
    assert_eq!(game.tags().get("Termination"), Some("Black resigned"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn save_and_reopen_through_the_file_dialog() {
    let dir = std::env::temp_dir().join(format!("orrery-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("club.pgn");
    let dialogs =
        FakeDialogs { opens: vec![Some(path.clone())], saves: vec![Some(path.clone())], ..FakeDialogs::default() };
    let mut h = harness(dialogs);
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    h.run();
    menu(&mut h, "Game", "Save As…");
    assert!(!h.state().modified());
    assert!(std::fs::read_to_string(&path).unwrap().contains("1. PQ-33"));
    assert_eq!(h.state().window_title(), "Orrery — club.pgn");
    // A new game, then open the saved one again.
    menu(&mut h, "Game", "New Triangular");
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    menu(&mut h, "Game", "Open…");
    ui_support::finish_reading(&mut h);
    assert_eq!(h.state().workspace().view.variant(), Variant::Interstellar);
    h.get_by_label("PQ-33");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unsaved_work_is_not_dropped_without_asking() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    h.run();
    menu(&mut h, "Game", "New Triangular");
    // The prompt is up, names the game at stake, and the game is still there.
    h.get_by_label("Unsaved changes");
    h.get_by_label("Save the changes to this Interstellar game (1 move) before starting a new game?");
    assert_eq!(h.state().workspace().view.variant(), Variant::Interstellar);
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Interstellar);
    menu(&mut h, "Game", "New Triangular");
    h.get_by_label("Don't save").click();
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    // Don't save, then the file dialog cancelled: the work is still there.
    ui_support::play(&mut h, "Bc3d");
    assert!(h.state().modified());
    menu(&mut h, "Game", "Open");
    h.get_by_label("Don't save").click();
    h.run();
    h.run();
    assert!(h.state().modified(), "nothing was opened, so nothing was dropped");
    h.get_by_label("Bc3d");
}

#[test]
fn a_damaged_game_opens_as_far_as_it_reads_with_its_errors_listed() {
    let dir = std::env::temp_dir().join(format!("orrery-ui-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.pgn");
    std::fs::write(&path, "[Variant \"Interstellar\"]\n\n1. PQ-99 *\n").unwrap();
    let mut h = harness(FakeDialogs { opens: vec![Some(path.clone())], ..FakeDialogs::default() });
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    h.state_mut().workspace_mut().document.modified = false;
    menu(&mut h, "Game", "Open…");
    h.get_by_label_contains("illegal move 'PQ-99'");
    // What could be read (nothing past the bad move) is shown; the file is not taken
    // as the game's file, so a save cannot write over it.
    assert!(h.query_by_label("PQ-33").is_none());
    assert_eq!(h.state().workspace().document.file, None);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "[Variant \"Interstellar\"]\n\n1. PQ-99 *\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_with_one_bad_game_opens_the_others_lists_the_errors_and_is_never_written_over() {
    let dir = std::env::temp_dir().join(format!("orrery-ui-part-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("part.pgn");
    let original = "[Variant \"Triangular\"]\n\n1. Bc3d *\n\n[Variant \"Interstellar\"]\n\n1. PQ-99 *\n";
    std::fs::write(&path, original).unwrap();
    let saved_as = dir.join("copy.pgn");
    let dialogs =
        FakeDialogs { opens: vec![Some(path.clone())], saves: vec![Some(saved_as.clone())], ..FakeDialogs::default() };
    let mut h = harness(dialogs);
    h.run();
    menu(&mut h, "Game", "Open…");
    // The game that reads is shown, and every problem is listed with its place.
    h.get_by_label("Bc3d");
    h.get_by_label("The file has errors");
    h.get_by_label_contains("illegal move 'PQ-99'");
    ui_support::click_close(&mut h);
    h.run();
    // Saving (Ctrl+S) does not write over the file that holds the unreadable game.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original, "the original is untouched");
    assert!(std::fs::read_to_string(&saved_as).unwrap().contains("1. Bc3d"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn paste_position_validates_as_you_type() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Edit", "Paste position…");
    h.state_mut().shell_mut().paste_text = Some("p8/8/9/8/9/8/9/8/4P4 +".into());
    h.run();
    assert_eq!(h.get_all_by_label_contains("nothing but its planet").count(), 2);
    h.state_mut().shell_mut().paste_text = Some("p7Q/7Q/9/8/s8/8/9/8/4P4 -".into());
    h.run();
    h.get_by_label("Set up this position").click();
    h.run();
    h.get_by_label("Positive wins by Target Out");
}

#[test]
fn paste_position_names_the_other_game_with_its_article_and_escape_closes_it() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "New Triangular");
    menu(&mut h, "Edit", "Paste position…");
    h.state_mut().shell_mut().paste_text = Some("p7Q/7Q/9/8/s8/8/9/8/4P4 -".into());
    h.run();
    h.get_by_label("An Interstellar position: the game changes to Interstellar");
    // A bad string written for Interstellar is judged as one, not as Triangular.
    h.state_mut().shell_mut().paste_text = Some("9/4X3/9 +".into());
    h.run();
    h.get_by_label("An Interstellar position string, with these problems:");
    h.get_by_label_contains("it needs 9");
    h.state_mut().shell_mut().paste_text = Some("p7Q/7Q/9/8/s8/8/9/8/4P4 -".into());
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().shell().paste_text.is_none(), "Escape closes the window");
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular, "and changes nothing");
}

// ---------------------------------------------------------------- The board, by pointer

use egui::{Event, PointerButton, Pos2};

#[test]
fn a_position_of_the_other_game_pasted_on_the_board_switches_the_game() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Interstellar);
    // Ctrl+V on the board: the clipboard's text arrives as a paste event.
    h.event(egui::Event::Paste("9/11/13/15/15/13/11/1K5k1 w 0 1".into()));
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    assert_eq!(h.state().workspace().view.position_string(), "9/11/13/15/15/13/11/1K5k1 w 0 1");
    assert!(h.state().modified(), "a pasted game is unsaved work");
    // A whole game record pasted, over unsaved work: the app asks first.
    let record = "[Variant \"Interstellar\"]\n\n1. PQ-33 *\n";
    h.event(egui::Event::Paste(record.into()));
    h.run();
    h.get_by_label("Unsaved changes");
    h.get_by_label("Don't save").click();
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Interstellar);
    h.get_by_label("PQ-33");
    // Text that is neither says so and changes nothing.
    h.event(egui::Event::Paste("hello".into()));
    h.run();
    h.get_by_label_contains("neither a game nor a position string");
    h.get_by_label("PQ-33");
}

#[test]
fn a_record_file_dropped_on_the_window_opens() {
    #[derive(Debug)]
    struct Dropped(std::path::PathBuf);
    impl egui::DroppedFile for Dropped {
        fn path(&self) -> &std::path::Path {
            &self.0
        }
        fn bytes(&self) -> Result<Vec<u8>, String> {
            std::fs::read(&self.0).map_err(|e| e.to_string())
        }
    }
    let dir = std::env::temp_dir().join(format!("orrery-drop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("dropped.pgn");
    std::fs::write(&path, "[Variant \"Triangular\"]\n\n1. Bc3d *\n").unwrap();
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.input_mut().dropped_files.push(std::sync::Arc::new(Dropped(path.clone())));
    h.run();
    ui_support::finish_reading(&mut h);
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    h.get_by_label("Bc3d");
    assert_eq!(h.state().window_title(), "Orrery — dropped.pgn");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn undo_then_agree_draw_then_redo_keeps_the_draw() {
    // Undo a move, agree a draw, then Redo: the undone move must not come back over the
    // draw (the draw is a new change, which clears what could be redone).
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "New Triangular");
    ui_support::play(&mut h, "Bc3d");
    h.get_by_label("Bc3d");
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.query_by_label("Bc3d").is_none());
    menu(&mut h, "Game", "Agree draw");
    h.get_by_label("Draw agreed");
    assert_eq!(h.state().workspace().view.game().result(), orrery::record::GameResult::Draw);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert!(h.query_by_label("Bc3d").is_none(), "the undone move did not come back");
    assert_eq!(h.state().workspace().view.game().result(), orrery::record::GameResult::Draw, "the draw stays");
    assert!(!h.state().can_undo_redo().1, "nothing to redo");
    // Undo takes the draw back.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().workspace().view.game().result(), orrery::record::GameResult::Unknown);
}

#[test]
fn every_shortcut_is_shown_in_the_shortcut_list_and_ctrl_n_starts_a_new_game() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "View", "Keyboard shortcuts");
    for command in Command::with_shortcuts() {
        h.get_by_label(&command.label());
        h.get_by_label(&command.shortcut_text().unwrap());
    }
    h.state_mut().shell_mut().show_shortcuts = false;
    h.run();
    menu(&mut h, "Game", "New Triangular");
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular, "Ctrl+N: a new game of the kind shown");
}

fn drag_px(h: &mut Harness<'static, OrreryApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    press(h, from, PointerButton::Primary, true);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.step();
    }
    press(h, to, PointerButton::Primary, false);
    h.step();
    h.run();
}

#[test]
fn clicking_a_star_and_its_target_plays_it_in_the_patents_notation() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.get_by_label("Interstellar board");
    // The star PQS on (2,4) (h7) two-steps through (3,4) to (4,4).
    let star = cell_px(&h, slot(2, 4));
    click_px(&mut h, star, PointerButton::Primary);
    assert_eq!(h.state().overlay_slots().targets.len(), 2, "the star's two targets are shown");
    let target = cell_px(&h, slot(4, 4));
    click_px(&mut h, target, PointerButton::Primary);
    h.get_by_label("PQS-44");
    // Undo, then flip: the board turns and the same cell is elsewhere on screen.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.query_by_label("PQS-44").is_none());
    h.key_press(egui::Key::F);
    h.run();
    assert!(h.state().settings().flipped);
    assert_ne!(cell_px(&h, slot(2, 4)), star);
}

#[test]
fn dragging_plays_a_legal_move_and_an_illegal_drop_snaps_back() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    let from = cell_px(&h, slot(1, 4));
    let illegal = cell_px(&h, slot(3, 4));
    drag_px(&mut h, from, illegal);
    assert_eq!(h.state().workspace().view.cursor(), orrery::record::NodeId::ROOT, "the position is unchanged");
    h.get_by_label_contains("cannot move there");
    let legal = cell_px(&h, slot(3, 3));
    drag_px(&mut h, from, legal);
    h.get_by_label("PQ-33");
}

#[test]
fn without_a_file_chooser_the_app_asks_for_a_path() {
    let dir = std::env::temp_dir().join(format!("orrery-ui-prompt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = harness(FakeDialogs { unavailable: true, ..FakeDialogs::default() });
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    menu(&mut h, "Game", "Save As…");
    h.get_by_label_contains("No file chooser is available");
    let path = dir.join("typed.pgn");
    h.state_mut().shell_mut().path_prompt.as_mut().unwrap().text = path.display().to_string();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(std::fs::read_to_string(&path).unwrap().contains("1. PQ-33"));
    assert!(!h.state().modified());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resigning_shows_the_banner_and_stops_play() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    // Game → Resign… asks first.
    menu(&mut h, "Game", "Resign…");
    h.get_by_label("Resign this game?");
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label("Positive resigned");
    assert_eq!(h.state().workspace().view.game().result(), orrery::record::GameResult::SecondPlayerWins);
    // The position may be analysed on: a move plays, and the decision stays.
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    h.run();
    assert_eq!(h.state().workspace().view.game().move_count(), 1, "played on to analyse");
    assert_eq!(h.state().workspace().view.game().result(), orrery::record::GameResult::SecondPlayerWins);
}

#[test]
fn a_game_against_the_computer_stays_over_once_resigned() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.state_mut().apply(Command::Act(Action::NewComputerGame {
        variant: Variant::Interstellar,
        user_side: Some(0),
        level: 1,
        clock: None,
    }));
    h.step();
    h.state_mut().apply(Command::Game(GameCommand::Resign));
    h.step();
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from: slot(1, 4), to: slot(3, 3) }));
    h.step();
    assert!(h.state().workspace().message.starts_with("The game is over"), "{}", h.state().workspace().message);
    assert_eq!(h.state().workspace().view.game().move_count(), 0);
}

#[test]
fn dont_save_on_quit_really_drops_the_changes() {
    let dir = std::env::temp_dir().join(format!("orrery-ui-quit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kept.pgn");
    let mut h = harness(FakeDialogs { saves: vec![Some(path.clone())], ..FakeDialogs::default() });
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    menu(&mut h, "Game", "Save As…");
    // A move after saving, then Quit without saving it.
    ui_support::click_cell(&mut h, slot(8, 1));
    ui_support::click_cell(&mut h, slot(7, 1));
    h.run();
    assert!(h.state().modified());
    menu(&mut h, "Game", "Quit");
    h.get_by_label("Don't save").click();
    h.run();
    // What would be stored for the next start is the game as saved.
    assert!(!h.state().modified());
    assert_eq!(h.state().workspace().view.game().move_count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn right_drag_px(h: &mut Harness<'static, OrreryApp>, from: Pos2, to: Pos2, modifiers: Modifiers) {
    h.event(Event::ModifiersChanged(modifiers));
    h.hover_at(from);
    h.event(Event::PointerButton { pos: from, button: PointerButton::Secondary, pressed: true, modifiers });
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.step();
    }
    h.event(Event::PointerButton { pos: to, button: PointerButton::Secondary, pressed: false, modifiers });
    h.step();
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    h.run();
}

#[test]
fn right_click_and_right_drag_draw_marks_in_the_colour_of_the_modifier_keys() {
    use orrery::record::MarkColor;
    let mut h = harness(FakeDialogs::default());
    h.run();
    let a = cell_px(&h, slot(4, 4));
    let b = cell_px(&h, slot(6, 6));
    // A plain right-click marks a cell green; with Shift, the same cell turns red.
    right_drag_px(&mut h, a, a, Modifiers::NONE);
    assert_eq!(h.state().overlay_slots().marked_cells, vec![(slot(4, 4), MarkColor::Green)]);
    right_drag_px(&mut h, a, a, Modifiers::SHIFT);
    assert_eq!(h.state().overlay_slots().marked_cells, vec![(slot(4, 4), MarkColor::Red)]);
    // A right-drag with Alt draws a blue arrow.
    right_drag_px(&mut h, a, b, Modifiers::ALT);
    let arrows = h.state().overlay_slots().arrows;
    assert_eq!(arrows.len(), 1);
    assert_eq!((arrows[0].from, arrows[0].to, arrows[0].color), (slot(4, 4), slot(6, 6), MarkColor::Blue));
    // The marks belong to the shown move and are written into the game text.
    let text = h.state().workspace().view.game();
    let written = orrery::record::write_any(&text);
    assert!(written.contains("[%csl R") && written.contains("[%cal B"), "{written}");
    // View → Marks hides them without deleting them.
    menu(&mut h, "View", "Marks");
    assert!(h.state().overlay_slots().arrows.is_empty());
    assert!(h.state().overlay_slots().marked_cells.is_empty());
    assert!(orrery::record::write_any(&h.state().workspace().view.game()).contains("[%cal B"));
}

#[test]
fn export_diagram_writes_svg_and_png_of_the_shown_position() {
    let dir = std::env::temp_dir().join(format!("orrery-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("board.svg");
    let png = dir.join("board.png");
    let dialogs = FakeDialogs { saves: vec![Some(svg.clone()), Some(png.clone())], ..FakeDialogs::default() };
    let mut h = harness(dialogs);
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    h.run();
    menu(&mut h, "Game", "Export diagram");
    h.get_by_label("Title").click();
    h.run();
    h.get_by_label("Title").type_text("After PQ-33");
    h.run();
    h.get_by_label("Export…").click();
    h.run();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") || text.starts_with("<?xml"), "{}", &text[..80]);
    assert!(text.contains("After PQ-33"));
    assert_eq!(text.matches("class=\"cell\"").count(), 77);
    // Again as a 300-pixel PNG.
    menu(&mut h, "Game", "Export diagram");
    h.get_by_label("PNG (image)").click();
    h.run();
    h.get_by_label("Export…").click();
    h.run();
    let bytes = std::fs::read(&png).unwrap();
    let image = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    assert_eq!(image.width(), 600);
    assert!(h.state().shell().export.is_none(), "the window closes after writing");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn export_gif_makes_the_game_in_the_background_and_writes_it() {
    use image::AnimationDecoder;
    let dir = std::env::temp_dir().join(format!("orrery-gif-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The dialog's answer has no extension: .gif is added.
    let chosen = dir.join("game");
    let dialogs = FakeDialogs { saves: vec![Some(chosen.clone())], ..FakeDialogs::default() };
    let mut h = harness(dialogs);
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    h.run();
    menu(&mut h, "Game", "Export GIF");
    h.get_by_label_contains("2 frames");
    h.get_by_label("Width in pixels");
    // A preview of a frame, drawn again for another.
    h.get_by_label("The frame after 0 plies");
    h.state_mut().shell_mut().gif.as_mut().expect("the window").preview_ply = 1;
    h.run();
    h.get_by_label("The frame after 1 ply");
    h.get_by_label("Export GIF…").click();
    h.run();
    // The window shows the progress until the background thread has written the file.
    for _ in 0..500 {
        h.run();
        if h.state().jobs().gif_job.is_none() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run();
    assert!(h.state().jobs().gif_job.is_none(), "the GIF was made");
    assert!(h.state().shell().gif.is_none(), "the window closes after writing");
    h.get_by_label_contains("GIF written to");
    let bytes = std::fs::read(dir.join("game.gif")).unwrap();
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes)).unwrap();
    let frames: Vec<_> = decoder.into_frames().map(Result::unwrap).collect();
    assert_eq!(frames.len(), 2, "the start and the position after PQ-33");
    assert_eq!(frames[0].buffer().width(), 480);
    // The window keeps its choices for the next export.
    menu(&mut h, "Game", "Export GIF");
    h.get_by_label("Close").click();
    h.run();
    assert!(h.state().shell().gif.is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn moves_played_while_the_open_prompt_waits_are_not_dropped_without_asking() {
    let dir = std::env::temp_dir().join(format!("orrery-prompt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("other.pgn");
    std::fs::write(&path, orrery::record::write_any(&orrery::record::AnyGame::new(Variant::Triangular))).unwrap();
    let mut h = harness(FakeDialogs { unavailable: true, ..FakeDialogs::default() });
    h.run();
    menu(&mut h, "Game", "Open…");
    h.get_by_label_contains("No file chooser is available");
    // A move behind the prompt (played on the board under the window), then the path.
    h.state_mut().apply(Command::Game(GameCommand::ClickCell(slot(1, 4))));
    h.state_mut().apply(Command::Game(GameCommand::ClickCell(slot(3, 3))));
    h.run();
    assert!(h.state().modified());
    h.state_mut().shell_mut().path_prompt.as_mut().unwrap().text = path.display().to_string();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    h.get_by_label("Unsaved changes");
    assert_eq!(h.state().workspace().view.variant(), Variant::Interstellar, "nothing dropped yet");
    h.get_by_label("Cancel").click();
    h.run();
    h.get_by_label("PQ-33");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The app with a data folder (settings and autosave), as `orrery` runs it.
fn harness_with_data(dir: &std::path::Path) -> Harness<'static, OrreryApp> {
    ui_support::with_data(dir, 1200.0, 800.0)
}

#[test]
fn after_a_kill_the_next_start_offers_the_autosaved_game() {
    let dir = std::env::temp_dir().join(format!("orrery-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = harness_with_data(&dir);
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    // Within about a second of the move the autosave holds it (no clean exit follows:
    // the process is as good as killed here).
    let autosave = dir.join(orrery::app::autosave::AUTOSAVE_FILE);
    for _ in 0..40 {
        if std::fs::read_to_string(&autosave).is_ok_and(|t| t.contains("PQ-33")) {
            break;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(std::fs::read_to_string(&autosave).unwrap().contains("PQ-33"), "autosaved");
    drop(h);
    // The next start finds an unclean autosave and asks.
    let mut h = harness_with_data(&dir);
    h.run();
    h.get_by_label("Restore the last session?");
    h.get_by_label_contains("an Interstellar game of 1 move, with unsaved changes");
    h.get_by_label("Restore").click();
    h.run();
    h.get_by_label("PQ-33");
    assert!(h.state().modified(), "still unsaved work");
    // A clean exit: the next start shows the game again without asking.
    h.state_mut().on_exit();
    drop(h);
    let mut h = harness_with_data(&dir);
    h.run();
    assert!(h.query_by_label("Restore the last session?").is_none());
    h.get_by_label("PQ-33");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_ended_on_the_board_cannot_be_resigned_from_an_earlier_move() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "New Triangular");
    for text in "Bc3d Be6l dd3l ff6l d2l h6l d3d c6l Qc2d Rd7l Bb4d h5l Nbc3d Bf7l f2l Rh6d bb2l Rc7d Ne4l e5l Qe2d exe4l Qxe4l+ Kh8l Qxh6d+ Kg8l Qe4l+ Kh8l Qf5d+ Kh8d Qh7d#".split(' ') {
        ui_support::play(&mut h, text);
    }
    h.get_by_label("White wins by checkmate");
    // One move back the position is not over, but the game is: Resign is refused.
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    h.state_mut().apply(Command::Game(GameCommand::Resign));
    h.run();
    assert_eq!(h.state().workspace().view.game().result(), orrery::record::GameResult::FirstPlayerWins);
    assert_eq!(h.state().workspace().view.game().tags().get("Termination"), Some("Ended by checkmate"));
}

#[test]
fn save_in_the_unsaved_prompt_saves_through_the_path_prompt_and_then_goes_on() {
    let dir = std::env::temp_dir().join(format!("orrery-then-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kept.pgn");
    let mut h = harness(FakeDialogs { unavailable: true, ..FakeDialogs::default() });
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    menu(&mut h, "Game", "New Triangular");
    h.get_by_label("Unsaved changes");
    h.get_by_label("Save").click();
    h.run();
    assert!(h.query_by_label("Unsaved changes").is_none(), "the question is answered");
    h.get_by_label_contains("No file chooser is available");
    h.state_mut().shell_mut().path_prompt.as_mut().unwrap().text = path.display().to_string();
    h.run();
    // Enter in the path box confirms it.
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(std::fs::read_to_string(&path).unwrap().contains("1. PQ-33"), "saved");
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular, "then the new game was started");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_path_prompt_asks_before_saving_over_a_file_that_exists() {
    let dir = std::env::temp_dir().join(format!("orrery-ui-replace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("other.pgn");
    std::fs::write(&path, "someone else's games").unwrap();
    let mut h = harness(FakeDialogs { unavailable: true, ..FakeDialogs::default() });
    h.run();
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    menu(&mut h, "Game", "Save As…");
    h.state_mut().shell_mut().path_prompt.as_mut().unwrap().text = path.display().to_string();
    h.run();
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label_contains("already exists. Replace it?");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "someone else's games", "not written yet");
    h.get_by_label("Replace").click();
    h.run();
    assert!(std::fs::read_to_string(&path).unwrap().contains("1. PQ-33"));
    assert!(h.state().shell().path_prompt.is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Steps the app until the analysis of the shown position has finished its (short)
/// search and shows its arrows (at most about ten seconds), so that the lines no
/// longer change under the test.
fn wait_for_analysis(h: &mut Harness<'static, OrreryApp>) -> Vec<orrery::record::Arrow<u8>> {
    for _ in 0..1000 {
        let arrows = h.state().overlay_slots().arrows;
        if !arrows.is_empty() && h.query_by_label_contains("· done").is_some() {
            return arrows;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    panic!("no analysis line arrived");
}

#[test]
fn the_analysis_panel_shows_lines_and_arrows_space_plays_the_best_move_and_l_hides_it() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    // Off until asked.
    assert!(!h.state().settings().analysis);
    assert!(h.query_by_label_contains("Depth ").is_none());
    h.state_mut().settings_mut().analysis_seconds = Some(1);
    h.key_press(egui::Key::L);
    h.step();
    let arrows = wait_for_analysis(&mut h);
    assert!(arrows.iter().any(|a| a.color == orrery::record::MarkColor::Blue), "{arrows:?}");
    h.step();
    h.get_by_label_contains("Depth ");
    // Space plays the best line's first move, whose arrow was shown.
    let best = *arrows.iter().find(|a| a.color == orrery::record::MarkColor::Blue).unwrap();
    h.key_press(egui::Key::Space);
    h.step();
    assert_eq!(h.state().overlay_slots().last_move, Some((best.from, best.to)));
    assert!(h.state().modified());
    // The new position is analysed in its turn; L hides the panel and its arrows.
    wait_for_analysis(&mut h);
    h.key_press(egui::Key::L);
    h.step();
    h.step();
    assert!(h.state().overlay_slots().arrows.is_empty());
    assert!(h.query_by_label_contains("Depth ").is_none());
}

/// A primary click at `at`, stepped frame by frame (not run to rest: a running analysis
/// keeps asking for frames).
fn click_stepped(h: &mut Harness<'static, OrreryApp>, at: egui::Pos2) {
    h.hover_at(at);
    h.step();
    press(h, at, egui::PointerButton::Primary, true);
    h.step();
    press(h, at, egui::PointerButton::Primary, false);
    h.step();
    h.step();
}

#[test]
fn clicking_a_move_of_an_analysis_line_plays_the_line_to_it_and_puzzles_turn_the_engine_off() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.state_mut().settings_mut().analysis_seconds = Some(1);
    h.state_mut().apply(Command::ToggleAnalysis);
    h.step();
    let arrows = wait_for_analysis(&mut h);
    h.step();
    // Click the best line's first move in the panel, as the user would.
    let best = *arrows.iter().find(|a| a.color == orrery::record::MarkColor::Blue).unwrap();
    use orrery::core::Game;
    let pos = orrery::core::interstellar::Position::from_position_string(&h.state().workspace().view.position_string())
        .unwrap();
    let text = {
        let mut moves = orrery::core::moves::MoveList::new();
        pos.legal_moves(&mut moves);
        let mv = moves
            .iter()
            .copied()
            .find(|&m| {
                let (from, to) = orrery::core::interstellar::Position::move_cells(m);
                (from.slot(), to.slot()) == (best.from, best.to)
            })
            .unwrap();
        pos.notation(mv)
    };
    let at = h.get_all_by_label(&text).next().expect("the move in the panel").rect().center();
    click_stepped(&mut h, at);
    assert_eq!(h.state().workspace().view.cursor_path().len(), 1);
    assert_eq!(h.state().overlay_slots().last_move, Some((best.from, best.to)));
    // A line's second move plays the line to it: both moves, as shown when clicked.
    wait_for_analysis(&mut h);
    h.step();
    let depth = h.get_by_label_contains("Depth ").rect();
    let mut buttons: Vec<(f32, f32, String)> = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .filter(|n| n.rect().top() > depth.bottom() && n.rect().left() >= depth.left() - 1.0)
        .filter_map(|n| Some((n.rect().top(), n.rect().left(), n.accesskit_node().label()?)))
        .collect();
    buttons.sort_by(|a, b| (a.0, a.1).partial_cmp(&(b.0, b.1)).unwrap());
    let [(top, _, first), (top2, left, second), ..] = &buttons[..] else { panic!("a line of two moves: {buttons:?}") };
    assert_eq!(top, top2, "the line's first two moves, in its first row");
    let at = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .find(|n| n.rect().top() == *top2 && n.rect().left() == *left)
        .unwrap()
        .rect()
        .center();
    click_stepped(&mut h, at);
    assert_eq!(h.state().workspace().view.cursor_path().len(), 3, "two more moves");
    let record = orrery::record::write_any(&h.state().workspace().view.game());
    assert!(
        record.contains(&format!("{first} {second}")) || record.contains(&format!("{first} 2. {second}")),
        "{record}"
    );
    // Opening a puzzle turns the analysis off: solving is the user's.
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.state_mut().apply(Command::ToggleAnalysis);
    h.step();
    assert!(h.state().settings().analysis);
    h.state_mut().apply(Command::Act(Action::OpenPuzzle(0)));
    for _ in 0..5 {
        h.step();
    }
    assert!(!h.state().settings().analysis);
}

#[test]
fn escape_closes_an_open_list_before_its_window() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "New game against the computer");
    // Open the level list, then Escape: the list closes, the window stays.
    let level = h.query_all_by_role(egui::accesskit::Role::ComboBox).next().expect("the level's list").rect().center();
    click_px(&mut h, level, egui::PointerButton::Primary);
    h.run();
    assert!(egui::Popup::is_any_open(&h.ctx), "the list is open");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!egui::Popup::is_any_open(&h.ctx), "Escape closed the list");
    assert!(h.state().shell().new_game_form.is_some(), "and not the window");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().shell().new_game_form.is_none(), "a second Escape closes the window");
}

#[test]
fn a_whole_game_against_level_1_with_take_back_and_the_level_in_the_tags() {
    use orrery::core::{Game, interstellar};
    use orrery::engine::{Limits, Player, PlayerKind};
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "New game against the computer");
    assert!(h.state().shell().new_game_form.is_some());
    h.state_mut().apply(Command::Act(Action::NewComputerGame {
        variant: Variant::Interstellar,
        user_side: Some(0),
        level: 1,
        clock: None,
    }));
    h.step();
    assert_eq!(h.state().workspace().view.tag("ComputerLevel").as_deref(), Some("1"));
    assert_eq!(h.state().workspace().view.tag("Negative").as_deref(), Some("Orrery level 1"));
    assert!(!h.state().settings().flipped, "the user's side is at the bottom");
    h.get_by_label("You (positive) against Orrery (level 1)");
    // The user plays the greedy move; the computer answers on its own.
    let mut me = Player::<interstellar::Position>::new(PlayerKind::Greedy, 1, 9);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut my_moves = 0;
    let mut took_back = false;
    for _ in 0..100_000 {
        h.step();
        if h.state().workspace().view.game_over() {
            break;
        }
        let pos = interstellar::Position::from_position_string(&h.state().workspace().view.position_string()).unwrap();
        if !pos.is_first_player_to_move() {
            // The computer's move: the board is not ours meanwhile.
            std::thread::sleep(std::time::Duration::from_millis(2));
            continue;
        }
        if my_moves == 1 && !took_back {
            // Take back the last move pair: the same position as two plies ago.
            let plies = h.state().workspace().view.cursor_path().len();
            h.state_mut().apply(Command::Game(GameCommand::TakeBack));
            h.step();
            assert_eq!(h.state().workspace().view.cursor_path().len(), plies - 2);
            took_back = true;
            continue;
        }
        let choice = me.choose(&pos, &[], &Limits::depth(1), &stop).unwrap();
        // As ui_support::play, but stepping: the computer's spinner keeps repainting.
        let (from, to) = h.state().workspace().view.move_slots(&pos.notation(choice.mv)).unwrap();
        h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
        my_moves += 1;
    }
    assert!(h.state().workspace().view.game_over(), "the game did not end");
    assert!(h.state().workspace().view.banner().is_some());
    assert!(took_back);
}

#[test]
fn playing_the_second_side_turns_the_board_and_the_computer_moves_first() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.state_mut().settings_mut().analysis = true;
    h.state_mut().apply(Command::Act(Action::NewComputerGame {
        variant: Variant::Triangular,
        user_side: Some(1),
        level: 2,
        clock: None,
    }));
    assert!(h.state().settings().flipped);
    assert!(!h.state().settings().analysis, "the engine's lines would play the game for the user");
    assert_eq!(h.state().workspace().view.tag("White").as_deref(), Some("Orrery level 2"));
    assert_eq!(h.state().workspace().view.tag("Black").as_deref(), Some("You"));
    for _ in 0..2000 {
        h.step();
        if !h.state().workspace().view.cursor_path().is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(h.state().workspace().view.cursor_path().len(), 1, "the computer played its first move");
    // The board is not the user's while the computer is to move: here it is the user's.
    h.get_by_label("Your move");
    // Resigning asks first (pointer clicks, as the user gives them).
    let resign = h.get_by_label("Resign").rect().center();
    ui_support::click_px(&mut h, resign, egui::PointerButton::Primary);
    assert!(!h.state().workspace().view.game_over());
    h.get_by_label("Resign this game? It ends as a loss for you.");
    let keep = h.get_by_label("Keep playing").rect().center();
    ui_support::click_px(&mut h, keep, egui::PointerButton::Primary);
    assert!(
        h.query_by_label("Resign this game? It ends as a loss for you.").is_none(),
        "Keep playing closes the question"
    );
    h.get_by_label("Resign").click();
    h.step();
    h.step();
    h.get_by_label("Yes, resign").click();
    h.step();
    h.step();
    assert!(h.state().workspace().view.game_over());
    assert_eq!(h.state().workspace().view.tag("Termination").as_deref(), Some("Black resigned"));
    // A resigned game stays resigned: Take back is off, and the command says why.
    assert!(h.get_by_label("Take back").accesskit_node().is_disabled(), "the button is off");
    // A finished game keeps only what still does something: no Resign, draw offer or
    // hint, and the report's button.
    for gone in ["Resign", "Offer a draw", "Hint"] {
        assert!(h.query_by_label(gone).is_none(), "{gone} after the game");
    }
    h.get_by_label("Analyse game");
    let before = orrery::record::write_any(&h.state().workspace().view.game());
    h.state_mut().apply(Command::Game(GameCommand::TakeBack));
    h.step();
    assert!(h.state().workspace().message.contains("resignation"), "{}", h.state().workspace().message);
    assert_eq!(orrery::record::write_any(&h.state().workspace().view.game()), before);
    // The board turned for this game turns back for the next.
    h.state_mut().apply(Command::NewSameGame);
    h.step();
    h.step();
    if h.state().workspace().pending.is_some() {
        h.get_by_label("Don't save").click();
        h.step();
        h.step();
    }
    assert!(h.state().workspace().pending.is_none());
    assert!(!h.state().settings().flipped, "the first player at the bottom again");
}

#[test]
fn the_move_list_keeps_the_shown_move_in_view_as_the_game_grows() {
    use orrery::core::{Game, triangular};
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.state_mut().apply(Command::Act(Action::NewGame(Variant::Triangular)));
    h.state_mut().apply(Command::ToggleAnalysis);
    h.step();
    let mut seed = 99u64;
    let mut first = String::new();
    for ply in 0..70 {
        let pos = triangular::Position::from_position_string(&h.state().workspace().view.position_string()).unwrap();
        let mut moves = orrery::core::moves::MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mv = moves[(seed >> 33) as usize % moves.len()];
        let text = pos.notation(mv);
        if ply == 0 {
            first = text.clone();
        }
        let (from, to) = h.state().workspace().view.move_slots(&text).unwrap();
        h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
        h.step();
        h.step();
        assert!(h.query_all_by_label(&text).next().is_some(), "ply {ply}: the move just played ({text}) is in view");
    }
    // Back to the first move: it is in view again.
    h.state_mut().apply(Command::Game(GameCommand::Start));
    h.state_mut().apply(Command::Game(GameCommand::Forward));
    h.step();
    h.step();
    assert!(h.query_all_by_label(&first).next().is_some(), "the first move ({first}) is in view");
}

#[test]
fn a_hint_against_the_computer_marks_the_piece_then_its_move_without_blocking() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.state_mut().apply(Command::Act(Action::NewComputerGame {
        variant: Variant::Triangular,
        user_side: Some(0),
        level: 1,
        clock: None,
    }));
    h.step();
    h.get_by_label("Hint").click();
    h.step();
    let mut found = false;
    for _ in 0..2000 {
        h.step();
        if h.query_by_label_contains("Hint: move the highlighted piece").is_some() {
            found = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(found, "the hint arrived");
    assert!(!h.state().workspace().message.contains("Looking for a hint"), "no stale word in the status bar");
    let overlay = h.state().overlay_slots();
    assert!(
        overlay.marked_cells.iter().any(|&(_, color)| color == orrery::record::MarkColor::Yellow),
        "the piece to move is marked"
    );
    // Asked again in the same position, the hint shows where the piece goes.
    h.get_by_label("Hint").click();
    h.step();
    h.step();
    assert!(h.query_by_label_contains("the green arrow").is_some(), "the second hint names the move");
    let overlay = h.state().overlay_slots();
    assert!(
        overlay.arrows.iter().any(|a| a.color == orrery::record::MarkColor::Green),
        "the move is drawn as an arrow"
    );
}

#[test]
fn flip_board_is_a_checkbox_in_the_view_menu() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "View", "Flip board");
    assert!(h.state().settings().flipped);
    h.key_press(egui::Key::F);
    h.run();
    assert!(!h.state().settings().flipped, "F turns it back");
}

#[test]
fn restore_then_save_writes_the_unchanged_games_back_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("orrery-restore-bytes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data");
    let path = dir.join("games.pgn");
    // Games as other programs write them: tags in their own order, a $2, spacing and a
    // comment longer than Orrery's lines.
    let second = "[Event \"Odd\"]\n[Variant \"Triangular\"]\n[Result \"*\"]\n\n1. Bc3d $2 Be6l {a comment that runs on and on and on and on and on and on and on past the width Orrery writes} *\n";
    let third = "[Variant \"Interstellar\"]\n[Site \"Here\"]\n\n1. PQ-33   PQ-37 *\n";
    std::fs::write(&path, format!("[Variant \"Interstellar\"]\n\n*\n\n{second}\n{third}")).unwrap();
    let mut h = harness_with_data(&data);
    h.run();
    assert!(h.state_mut().open_path(&path));
    h.run();
    // The first game changes; the app is killed once the autosave holds it.
    ui_support::click_cell(&mut h, slot(1, 4));
    ui_support::click_cell(&mut h, slot(3, 3));
    let autosave = data.join(orrery::app::autosave::AUTOSAVE_FILE);
    for _ in 0..40 {
        if std::fs::read_to_string(&autosave).is_ok_and(|t| t.contains("PQ-33") && t.contains("Odd")) {
            break;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(h);
    let mut h = harness_with_data(&data);
    h.run();
    h.get_by_label("Restore").click();
    h.run();
    assert!(h.state().modified());
    let saved = h.state_mut().save();
    assert!(
        saved,
        "{:?} {:?} {:?}",
        h.state().workspace().document.file,
        h.state().workspace().message,
        h.state().shell().changed_on_disk
    );
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.contains("1. PQ-33"), "{written}");
    assert!(written.contains(second), "the second game was rewritten:\n{written}");
    assert!(written.contains(third), "the third game was rewritten:\n{written}");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn arrow_keys_wait_while_the_promotion_picker_is_open() {
    use orrery::core::triangular::{Cell, Piece, Setup, Side};
    let mut setup = Setup::empty(Side::White);
    for (cell, letter) in [("h7l", 'P'), ("a1l", 'K'), ("d8d", 'k')] {
        setup.board[cell.parse::<Cell>().unwrap().slot() as usize] = Piece::from_char(letter);
    }
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.state_mut().apply(Command::Act(Action::PasteText(setup.position_string())));
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular, "{}", h.state().workspace().message);
    // A king move each, so that there are moves to go back to.
    for _ in 0..2 {
        let view = &h.state().workspace().view;
        let game = view.game();
        let orrery::record::AnyGame::Triangular(r) = &*game else { panic!("a Triangular game") };
        let pos = r.position_at(view.cursor());
        let mut moves = orrery::core::moves::MoveList::new();
        pos.legal_moves(&mut moves);
        let king =
            moves.iter().find(|m| pos.piece_at(m.from).is_some_and(|p| p.kind == orrery::core::triangular::Kind::King));
        let text = pos.san(*king.unwrap());
        ui_support::play(&mut h, &text);
    }
    let before = h.state().workspace().view.cursor();
    let (from, to) = ("h7l".parse::<Cell>().unwrap().slot(), "h8l".parse::<Cell>().unwrap().slot());
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
    h.run();
    assert!(h.state().workspace().view.promotion_pending());
    h.get_by_label("Promote to queen");
    for key in [egui::Key::ArrowLeft, egui::Key::ArrowRight, egui::Key::Home, egui::Key::End] {
        h.key_press(key);
        h.run();
        assert_eq!(h.state().workspace().view.cursor(), before, "{key:?} moved through the game");
        assert!(h.state().workspace().view.promotion_pending(), "{key:?} closed the picker");
    }
    h.get_by_label("Promote to queen").click();
    h.run();
    assert!(!h.state().workspace().view.promotion_pending());
    assert_ne!(h.state().workspace().view.cursor(), before, "the promotion is played");
}

/// Item 10 of issue 28: at a display scale of 2, clicks that come 0.4 s apart (a piece,
/// then its cell, for both sides) each play their move; none is taken for a double
/// click or a drag and dropped.
#[test]
fn clicks_at_scale_two_that_come_four_tenths_of_a_second_apart_each_count() {
    use egui::PointerButton;
    use orrery::core::Game;
    let app = OrreryApp::new(Box::new(FakeDialogs::default()));
    let mut h = Harness::builder()
        .with_size(egui::vec2(900.0, 600.0))
        .with_pixels_per_point(2.0)
        .with_step_dt(0.1)
        .with_max_steps(16)
        .build_ui_state(|ui, app: &mut OrreryApp| app.show(ui), app);
    h.run();
    let mut position = orrery::core::interstellar::Position::opening();
    let plies = 6;
    for ply in 0..plies {
        let mut moves = orrery::core::moves::MoveList::new();
        position.legal_moves(&mut moves);
        // A quiet move a few places into the list, different for each side.
        let mv = moves[(ply * 7) % moves.len()];
        let notation = position.notation(mv);
        let (from, to) = h.state().workspace().view.move_slots(&notation).expect("legal in the app too");
        for cell in [from, to] {
            let pos = cell_px(&h, cell);
            h.hover_at(pos);
            press(&h, pos, PointerButton::Primary, true);
            h.step();
            press(&h, pos, PointerButton::Primary, false);
            // 0.4 s of frames before the next click.
            for _ in 0..4 {
                h.step();
            }
        }
        position.play(mv);
        let played = orrery::record::collection::GameRow::new(1, &h.state().workspace().view.game()).plies;
        assert_eq!(played, ply + 1, "{notation}: each click counted");
    }
}

/// A file of many games as other programs write them, numbered in their Event tags.
fn many_games(n: usize) -> String {
    (1..=n)
        .map(|k| format!("[Event \"Club {k}\"]\n[Variant \"Interstellar\"]\n[Result \"*\"]\n\n{{no moves yet}}  *\n"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Plays PQ-33 in the shown (first) game and waits until the autosave holds it (the
/// process is then as good as killed); returns the autosave's text.
fn change_and_autosave(h: &mut Harness<'static, OrreryApp>, data: &std::path::Path) -> String {
    ui_support::click_cell(h, slot(1, 4));
    ui_support::click_cell(h, slot(3, 3));
    let autosave = data.join(orrery::app::autosave::AUTOSAVE_FILE);
    for _ in 0..60 {
        if std::fs::read_to_string(&autosave).is_ok_and(|t| t.contains("PQ-33") && t.contains("journal")) {
            break;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::fs::read_to_string(&autosave).expect("the autosave was written")
}

#[test]
fn a_file_of_many_games_autosaves_only_its_change_and_restores_over_the_file() {
    let dir = std::env::temp_dir().join(format!("orrery-journal-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data");
    let path = dir.join("club.pgn");
    let file = many_games(400);
    std::fs::write(&path, &file).unwrap();
    let mut h = harness_with_data(&data);
    h.run();
    assert!(h.state_mut().open_path(&path));
    h.run();
    let autosave = change_and_autosave(&mut h, &data);
    // The changed game's text and the other 399 as one run of numbers.
    assert!(autosave.contains("File(from:2,count:399)"), "{autosave}");
    assert!(autosave.len() < 2_000 && file.len() > 30_000, "{} bytes autosaved", autosave.len());
    drop(h);
    // The next start reads the file again and puts the change back over it.
    let mut h = harness_with_data(&data);
    h.run();
    h.get_by_label("Restore").click();
    h.run();
    ui_support::finish_reading(&mut h);
    let document = &h.state().workspace().document;
    assert_eq!(document.len(), 400);
    assert!(document.modified);
    assert_eq!(document.file.as_deref(), Some(path.as_path()));
    h.get_by_label("PQ-33");
    // A document of many games is saved in the background.
    let saved_now = h.state_mut().save();
    assert!(saved_now || h.state_mut().finish_save(), "{}", h.state().workspace().message);
    let written = std::fs::read_to_string(&path).unwrap();
    let games: Vec<&str> = written.split("\n\n[Event").collect();
    assert_eq!(games.len(), 400);
    assert!(games[0].contains("1. PQ-33 *"), "{}", games[0]);
    // Every other game as it was, byte for byte.
    assert_eq!(written[games[0].len()..], file[file.find("\n\n[Event \"Club 2\"]").unwrap()..]);
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_changed_since_the_autosave_keeps_the_changed_games_in_a_new_document() {
    let dir = std::env::temp_dir().join(format!("orrery-journal-changed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data");
    let path = dir.join("club.pgn");
    std::fs::write(&path, many_games(50)).unwrap();
    let mut h = harness_with_data(&data);
    h.run();
    assert!(h.state_mut().open_path(&path));
    h.run();
    change_and_autosave(&mut h, &data);
    drop(h);
    // Another program rewrites the file (fewer games) before the next start.
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&path, many_games(3)).unwrap();
    let mut h = harness_with_data(&data);
    h.run();
    h.get_by_label("Restore").click();
    h.run();
    ui_support::finish_reading(&mut h);
    let document = &h.state().workspace().document;
    assert_eq!(document.len(), 1, "the changed game alone");
    assert_eq!(document.file, None, "saving asks for a name");
    assert!(document.modified);
    h.get_by_label("PQ-33");
    assert!(h.state().workspace().message.contains("changed since the autosave"), "{}", h.state().workspace().message);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), many_games(3), "the other program's file is untouched");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 10 of issue 28, at a slow frame rate: two clicks that come within one frame
/// (a frame drawn slower than the clicks came, as at scale 2 on a slow display) both
/// count — the piece, then its cell.
#[test]
fn two_clicks_that_come_within_one_frame_both_count() {
    use egui::PointerButton;
    let mut h = harness(FakeDialogs::default());
    h.run();
    let (from, to) = (cell_px(&h, slot(1, 4)), cell_px(&h, slot(3, 3)));
    h.hover_at(from);
    press(&h, from, PointerButton::Primary, true);
    press(&h, from, PointerButton::Primary, false);
    h.event(egui::Event::PointerMoved(to));
    press(&h, to, PointerButton::Primary, true);
    press(&h, to, PointerButton::Primary, false);
    h.step();
    h.run();
    h.get_by_label("PQ-33");
}
