//! UI tests of the games of a file: the games list, the problems of a damaged file
//! leading into the notation editor, and files read in the background (progress,
//! Cancel). The real app in egui_kittest, no display.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::path::{Path, PathBuf};

use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::core::game::Variant;

mod ui_support;

fn harness() -> Harness<'static, OrreryApp> {
    ui_support::harness(FakeDialogs::default(), 860.0)
}

/// The app with the file at `path` open.
fn opened(path: &Path) -> Harness<'static, OrreryApp> {
    let mut h = harness();
    open_in(&mut h, path);
    h
}

/// Opens the file at `path` in the app of `h`.
fn open_in(h: &mut Harness<'static, OrreryApp>, path: &Path) {
    h.run();
    assert!(h.state_mut().open_path(path));
    h.run();
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-games-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const THREE_GAMES: &str = "[Variant \"Triangular\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n\n1. Bc3d Be6l 1-0\n\n\
[Variant \"Interstellar\"]\n[Event \"Club night\"]\n\n*\n\n\
[Variant \"Triangular\"]\n\n1. Bc3d *\n";

/// Game 1 reads cleanly; stray text; game 2 has an illegal move (read in part); game 3
/// is of an unknown variant (not read at all); game 4 lacks its result marker (a
/// warning, read in full).
const DAMAGED: &str = "[Variant \"Triangular\"]\n\n1. Bc3d *\n\n]\n\
[Variant \"Triangular\"]\n[White \"Cy\"]\n\n1. Bc3d Qx9 *\n\n\
[Variant \"Chess\"]\n\n1. e4 *\n\n\
[Variant \"Triangular\"]\n\n1. Bc3d\n";

#[test]
fn a_multi_game_file_opens_and_the_games_list_switches_games_each_with_its_own_undo() {
    let dir = folder("list");
    let path = dir.join("club.pgn");
    std::fs::write(&path, THREE_GAMES).unwrap();
    let mut h = opened(&path);
    // The list opens by itself for a file of several games: number, title, result, plies.
    assert!(h.state().settings().games_list);
    h.get_by_label("1. Ann – Bo   1-0   2 plies");
    h.get_by_label("2. Club night   *   0 plies");
    h.get_by_label("3. Game 3   *   1 ply");
    // The filter keeps the games holding every word typed.
    h.get_by_label("Filter").click();
    h.run();
    h.get_by_label("Filter").type_text("ann 1-0");
    h.run();
    h.get_by_label("1. Ann – Bo   1-0   2 plies");
    assert!(h.query_by_label("2. Club night   *   0 plies").is_none());
    h.get_by_label("1 of 3 games match");
    h.state_mut().shell_mut().games_filter.clear();
    h.run();
    h.get_by_label("3 games open");
    h.get_by_label("2. Club night   *   0 plies");
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    assert_eq!(h.state().workspace().document.current(), 0);
    // A click shows game 2; a move there is written back to the document.
    h.get_by_label("2. Club night   *   0 plies").click();
    h.run();
    assert_eq!(h.state().workspace().document.current(), 1);
    assert_eq!(h.state().workspace().view.variant(), Variant::Interstellar);
    assert!(!h.state().modified(), "switching games changes nothing");
    ui_support::click_cell(&mut h, ui_support::slot(1, 4));
    ui_support::click_cell(&mut h, ui_support::slot(3, 3));
    h.run();
    h.get_by_label("PQ-33");
    assert!(h.state().modified());
    h.get_by_label("2. Club night   *   1 ply");
    // Game 1 has nothing to undo: undo there leaves both games as they are.
    h.get_by_label("1. Ann – Bo   1-0   2 plies").click();
    h.run();
    assert_eq!(h.state().workspace().document.current(), 0);
    assert_eq!(h.state().can_undo_redo(), (false, false));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().workspace().document.games.get(0).unwrap().move_count(), 2);
    assert_eq!(h.state().workspace().document.games.get(1).unwrap().move_count(), 1);
    // Back in game 2 its move is shown and undo takes it back there, and redo again.
    h.get_by_label("2. Club night   *   1 ply").click();
    h.run();
    h.get_by_label("PQ-33");
    assert_eq!(h.state().can_undo_redo(), (true, false));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().workspace().document.games.get(1).unwrap().move_count(), 0);
    assert!(h.query_by_label("PQ-33").is_none());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(h.state().workspace().document.games.get(1).unwrap().move_count(), 1);
    // Saving writes every game, the edited one as it is now.
    assert!(h.state_mut().save());
    let saved = orrery::files::read_record_file(&path).unwrap().0;
    assert_eq!(saved.len(), 3);
    assert_eq!(saved[1].move_count(), 1);
    assert_eq!(saved[0], *h.state().workspace().document.games.get(0).unwrap());
    // The list closes and opens again with its command (Ctrl+G).
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::G);
    h.run();
    assert!(h.query_by_label("3. Game 3   *   1 ply").is_none());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::G);
    h.run();
    h.get_by_label("3. Game 3   *   1 ply");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_games_of_a_damaged_file_are_marked_with_their_problems() {
    let dir = folder("marks");
    let path = dir.join("damaged.pgn");
    std::fs::write(&path, DAMAGED).unwrap();
    let mut h = opened(&path);
    // Three games open (the second in part), the third listed as not read.
    assert_eq!(h.state().workspace().document.games.len(), 3);
    h.get_by_label("1. Game 1   *   1 ply");
    h.get_by_label("2. Cy – ?   *   1 ply");
    h.get_by_label("3. could not be read");
    h.get_by_label("4. Game 4   *   1 ply");
    h.get_by_label_contains("3 of 4 games read (1 of them only up to an error)");
    // Marks beside games 2, 3 and 4, none beside game 1; each says what was wrong.
    // (The move list's "!" glyph button is a button, not a mark.)
    assert_eq!(
        h.query_all_by_label("!").filter(|n| n.accesskit_node().role() != egui::accesskit::Role::Button).count(),
        3
    );
    let document = &h.state().workspace().document;
    assert_eq!(document.problem_counts(0), (0, 0));
    assert_eq!(document.problem_counts(1), (1, 0));
    assert_eq!(document.problem_counts(2), (0, 1));
    assert_eq!(h.state().workspace().document.unread[0].error_and_warning_counts().0, 1);
    let marks: Vec<_> = h.query_all_by_label("!").collect();
    marks[0].hover();
    h.run();
    h.get_by_label("When read: 1 error, 0 warnings");
    // The file is not written over: saving asks for a new name.
    assert_eq!(h.state().workspace().document.file, None);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The char index of the caret in the focused text field.
fn caret(h: &Harness<'static, OrreryApp>) -> usize {
    let id = h.ctx.memory(|m| m.focused()).expect("a text field has the keys");
    let state = egui::text_edit::TextEditState::load(&h.ctx, id).expect("its state");
    state.cursor.char_range().expect("a caret").primary.index.0
}

#[test]
fn clicking_a_problem_opens_the_notation_editor_on_the_games_text_at_its_place() {
    let dir = folder("problem");
    let path = dir.join("damaged.pgn");
    std::fs::write(&path, DAMAGED).unwrap();
    let mut h = opened(&path);
    let name = path.display().to_string();
    // Stray text and the game not read are listed but lead nowhere.
    let problems = h.state().shell().file_problems.clone().expect("the problems window");
    let stray = problems.items.iter().find(|i| i.diagnostic.line == 5).unwrap();
    assert_eq!((stray.game, stray.unread_game), (None, None));
    let unread = problems.items.iter().find(|i| i.diagnostic.line == 11).unwrap();
    assert_eq!((unread.game, unread.unread_game), (None, Some(3)));
    h.get_by_label_contains(&format!("{name}:5:1: unexpected text between games"));
    // The illegal move of game 2 leads to its text.
    let illegal = format!("{name}:9:9: illegal move 'Qx9'");
    h.get_by_label_contains(&illegal).click();
    h.run();
    h.step();
    h.run();
    assert!(
        h.state().settings().notation_editor,
        "the editor opened: {:?} {:?}",
        h.state().workspace().message,
        h.state().shell().file_problems
    );
    assert_eq!(h.state().workspace().document.current(), 1, "game 2 is shown");
    let source = "[Variant \"Triangular\"]\n[White \"Cy\"]\n\n1. Bc3d Qx9 *";
    assert_eq!(h.state().shell().editor.text, source, "the text as it stands in the file, not the game as read");
    assert_eq!(caret(&h), source.find("Qx9").unwrap());
    // Once read, the error is underlined there; the board keeps the game as read.
    std::thread::sleep(std::time::Duration::from_millis(200));
    h.step();
    h.run();
    assert_eq!(h.state().shell().editor.errors.len(), 1);
    assert_eq!(h.state().shell().editor.errors[0].range, source.find("Qx9").unwrap()..source.find(" *").unwrap());
    assert_eq!(h.state().workspace().view.game().move_count(), 1);
    // Fixed in the editor, the game takes the text.
    let fixed = source.replace("Qx9", "Be6l");
    let now = h.ctx.input(|i| i.time);
    h.state_mut().shell_mut().editor.set_text(fixed, now);
    std::thread::sleep(std::time::Duration::from_millis(200));
    h.step();
    h.run();
    assert!(h.state().shell().editor.errors.is_empty());
    assert_eq!(h.state().workspace().document.games.get(1).unwrap().move_count(), 2);
    assert!(h.state().modified());
    // Saved under a new name, every game that was read goes there, the fixed one as it
    // is now; the damaged original stays as it was.
    let fixed_path = dir.join("fixed.pgn");
    assert!(h.state_mut().save_as_path(&fixed_path));
    let saved = orrery::files::read_record_file(&fixed_path).unwrap();
    assert!(saved.1.is_empty(), "{:?}", saved.1);
    assert_eq!(saved.0.len(), 3);
    assert_eq!(saved.0[1].move_count(), 2);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), DAMAGED);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A named pipe at `path`: reading it waits until something is written, so the app's
/// reading is caught under way.
#[cfg(unix)]
fn fifo(path: &Path) {
    let status = std::process::Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

/// Writes `text` into the pipe from another thread (opening it waits for the reader).
#[cfg(unix)]
fn feed(path: &Path, text: &'static str) -> std::thread::JoinHandle<()> {
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        std::fs::write(&path, text).unwrap();
    })
}

#[cfg(unix)]
#[test]
fn a_file_opens_in_the_background_with_a_progress_window() {
    let dir = folder("background");
    let path = dir.join("slow.pgn");
    fifo(&path);
    let mut h = harness();
    h.run();
    h.state_mut().apply(Command::Act(Action::OpenPath(path.clone())));
    // The progress bar keeps repainting: step, never run to rest.
    h.run_steps(3);
    // The window keeps drawing: the progress window is up, the game still the old one.
    assert!(h.state().jobs().reading.is_some());
    h.get_by_label("Opening slow.pgn");
    h.get_by_label("Cancel");
    assert_eq!(h.state().workspace().view.variant(), Variant::Interstellar);
    // Shortcuts wait behind it.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run_steps(3);
    assert!(h.state().jobs().reading.is_some());
    assert_eq!(h.state().workspace().pending, None);
    let writer = feed(&path, THREE_GAMES);
    ui_support::finish_reading(&mut h);
    writer.join().unwrap();
    assert!(h.query_by_label("Opening slow.pgn").is_none());
    assert_eq!(h.state().workspace().document.games.len(), 3);
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    assert_eq!(h.state().window_title(), "Orrery — slow.pgn");
    h.get_by_label("2. Club night   *   0 plies");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn orrery_open_shows_the_window_at_once_and_reads_the_file_in_the_background() {
    // What `orrery open FILE` does when the window is made: the call returns while the
    // file is still being read (a pipe nothing has been written to yet).
    let dir = folder("open-at-once");
    let path = dir.join("big.pgn");
    fifo(&path);
    let mut h = harness();
    let asked = std::time::Instant::now();
    h.state_mut().open_path_in_background(&path);
    assert!(asked.elapsed() < std::time::Duration::from_secs(2));
    h.run_steps(3);
    assert!(h.state().jobs().reading.is_some());
    h.get_by_label("Opening big.pgn");
    h.get_by_label("Cancel");
    let writer = feed(&path, THREE_GAMES);
    ui_support::finish_reading(&mut h);
    writer.join().unwrap();
    assert_eq!(h.state().workspace().document.games.len(), 3);
    assert_eq!(h.state().window_title(), "Orrery — big.pgn");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn cancel_stops_the_reading_and_leaves_the_document_as_it_was() {
    let dir = folder("cancel");
    let first = dir.join("first.pgn");
    std::fs::write(&first, THREE_GAMES).unwrap();
    let path = dir.join("big.pgn");
    fifo(&path);
    let mut h = harness();
    h.run();
    assert!(h.state_mut().open_path(&first));
    h.run();
    h.get_by_label("2. Club night   *   0 plies").click();
    h.run();
    let before = h.state().workspace().document.clone();
    h.state_mut().apply(Command::Act(Action::OpenPath(path.clone())));
    // The progress bar keeps repainting: step, never run to rest.
    h.run_steps(3);
    h.get_by_label("Opening big.pgn");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    h.run();
    assert!(h.state().jobs().reading.is_none());
    assert!(h.query_by_label("Opening big.pgn").is_none());
    h.get_by_label_contains("cancelled");
    assert_eq!(h.state().workspace().document, before);
    assert_eq!(h.state().workspace().view.variant(), Variant::Interstellar);
    // The text arriving later changes nothing either.
    feed(&path, THREE_GAMES).join().unwrap();
    for _ in 0..20 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    assert_eq!(h.state().workspace().document, before);
    assert_eq!(h.state().window_title(), "Orrery — first.pgn");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The app with its data folder at `data` (autosave and settings there).
fn with_data_dir(data: &Path) -> Harness<'static, OrreryApp> {
    ui_support::with_data(data, 1200.0, 860.0)
}

/// Opens the three-game file at `path`, shows game 2 and plays PQ-33 in it.
fn play_in_game_2(h: &mut Harness<'static, OrreryApp>, path: &Path) {
    open_in(h, path);
    h.get_by_label("2. Club night   *   0 plies").click();
    h.run();
    ui_support::click_cell(h, ui_support::slot(1, 4));
    ui_support::click_cell(h, ui_support::slot(3, 3));
    h.run();
}

#[test]
fn the_next_start_brings_back_the_game_shown_among_its_files_other_games() {
    let dir = folder("restore");
    let data = dir.join("data");
    let path = dir.join("club.pgn");
    std::fs::write(&path, THREE_GAMES).unwrap();
    let with_data = || with_data_dir(&data);
    let mut h = with_data();
    play_in_game_2(&mut h, &path);
    h.state_mut().on_exit();
    drop(h);
    // The file's other games are read again (in the background) around game 2.
    let mut h = with_data();
    h.run();
    ui_support::finish_reading(&mut h);
    let document = &h.state().workspace().document;
    assert_eq!(document.games.len(), 3, "{}", h.state().workspace().message);
    assert_eq!(document.current(), 1);
    assert_eq!(document.games.get(1).unwrap().move_count(), 1);
    assert_eq!(document.games.get(0).unwrap().move_count(), 2);
    assert_eq!(document.file.as_deref(), Some(path.as_path()));
    assert!(document.modified);
    h.get_by_label("PQ-33");
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_change_to_a_game_not_shown_survives_the_next_start() {
    let dir = folder("restore-other");
    let data = dir.join("data");
    let path = dir.join("club.pgn");
    std::fs::write(&path, THREE_GAMES).unwrap();
    let with_data = || with_data_dir(&data);
    let mut h = with_data();
    play_in_game_2(&mut h, &path);
    // Game 3 is shown when the app goes: game 2's move is a change to a game not shown.
    h.state_mut().apply(Command::Act(Action::ShowGame(2)));
    h.run();
    h.state_mut().on_exit();
    drop(h);
    let mut h = with_data();
    h.run();
    ui_support::finish_reading(&mut h);
    let document = &h.state().workspace().document;
    assert_eq!(document.games.len(), 3, "{}", h.state().workspace().message);
    assert_eq!(document.current(), 2);
    assert_eq!(document.games.get(1).unwrap().move_count(), 1, "game 2's unsaved move is back");
    assert_eq!(document.games.get(0).unwrap().move_count(), 2);
    assert_eq!(document.file.as_deref(), Some(path.as_path()));
    assert!(document.modified);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), THREE_GAMES, "the file itself is untouched");
    // The app's last writes into its data folder end before the folder goes.
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn save_as_writes_every_game_with_the_changes_to_games_not_shown() {
    let dir = folder("save-as-all");
    let path = dir.join("club.pgn");
    std::fs::write(&path, THREE_GAMES).unwrap();
    let mut h = with_data_dir(&dir.join("data"));
    play_in_game_2(&mut h, &path);
    h.state_mut().apply(Command::Act(Action::ShowGame(2)));
    h.run();
    let copy = dir.join("copy.pgn");
    assert!(h.state_mut().save_as_path(&copy));
    let (games, problems) = orrery::files::read_record_file(&copy).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].move_count(), 1, "game 2's move went with it");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), THREE_GAMES, "the old file stays as it was");
    assert_eq!(h.state().workspace().document.file.as_deref(), Some(copy.as_path()));
    assert!(!h.state().modified());
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Three games as another program might write them: CRLF line endings, a `;` comment
/// before the first game, moves run together and odd spacing.
const FOREIGN: &str = "; club file, exported\r\n[Variant \"Triangular\"]\r\n[White \"Ann\"]\r\n[Black \"Bo\"]\r\n\
[Result \"1-0\"]\r\n\r\n1.Bc3d   Be6l {odd   spacing}\r\n 1-0\r\n\r\n\
[Variant \"Interstellar\"]\r\n[Event \"Club night\"]\r\n\r\n*\r\n\r\n\
[Variant \"Triangular\"]\r\n\r\n1. Bc3d *\r\n";

#[test]
fn saving_writes_the_games_not_touched_back_byte_for_byte() {
    let dir = folder("byte-for-byte");
    let path = dir.join("club.pgn");
    std::fs::write(&path, FOREIGN).unwrap();
    let mut h = opened(&path);
    // Only game 3 changes: a move.
    h.state_mut().apply(Command::Act(Action::ShowGame(2)));
    h.run();
    h.state_mut().apply(Command::Game(GameCommand::End));
    ui_support::play(&mut h, "Be6l");
    h.run();
    // Game 1 is shown and left again: nothing changes for it.
    h.state_mut().apply(Command::Act(Action::ShowGame(0)));
    h.run();
    assert!(h.state_mut().save());
    let saved = std::fs::read_to_string(&path).unwrap();
    let game_1 = &FOREIGN[..FOREIGN.find(" 1-0").unwrap() + 4];
    let game_2 = "[Variant \"Interstellar\"]\r\n[Event \"Club night\"]\r\n\r\n*";
    assert!(saved.starts_with(game_1), "{saved:?}");
    assert!(saved.contains(game_2), "{saved:?}");
    assert!(saved.contains("1. Bc3d Be6l *"), "game 3 written afresh: {saved:?}");
    let (games, problems) = orrery::files::read_record_file(&path).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(games.len(), 3);
    assert_eq!(games[2].move_count(), 2);
    // Saving again without a change writes the same bytes.
    h.state_mut().apply(Command::Act(Action::ShowGame(1)));
    h.run();
    assert!(h.state_mut().save());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), saved);
    // A game changed and changed back is written afresh, and reads the same.
    ui_support::click_cell(&mut h, ui_support::slot(1, 4));
    ui_support::click_cell(&mut h, ui_support::slot(3, 3));
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.state_mut().save());
    let again = std::fs::read_to_string(&path).unwrap();
    assert!(again.starts_with(game_1));
    assert!(!again.contains(game_2));
    let (read, _) = orrery::files::read_record_file(&path).unwrap();
    assert_eq!(read.iter().map(|g| g.move_count()).collect::<Vec<_>>(), [2, 0, 2]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Four games; games 1 and 2 reach the same position after three plies by different
/// move orders, game 4 never does.
const CLUB: &str = "[Variant \"Triangular\"]\n[White \"Cy\"]\n[Black \"Ann\"]\n[Date \"2026.03.01\"]\n\
[Result \"0-1\"]\n\n1. Bc3d Be6l 2. dd3l 0-1\n\n\
[Variant \"Triangular\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Date \"2026.01.15\"]\n[Result \"1-0\"]\n\n\
1. dd3l Be6l 2. Bc3d ff6l 1-0\n\n\
[Variant \"Interstellar\"]\n[Event \"Club night\"]\n[Date \"2026.02.10\"]\n\n1. PQ-33 *\n\n\
[Variant \"Triangular\"]\n[White \"Di\"]\n[Black \"Ed\"]\n\n1. Bc3d ff6l *\n";

/// Chooses `item` in the games list's Positions list.
fn position_search(h: &mut Harness<'static, OrreryApp>, item: &str) {
    let at = h.get_by_label("Positions").rect().center();
    let combo = h
        .query_all_by_role(egui::accesskit::Role::ComboBox)
        .map(|n| n.rect().center())
        .min_by(|a, b| a.distance(at).total_cmp(&b.distance(at)))
        .expect("the Positions list");
    ui_support::click_px(h, combo, egui::PointerButton::Primary);
    h.run();
    h.get_by_label(item).click();
    h.run();
}

/// The rows' numbers, top to bottom, as the list shows them.
fn row_numbers(h: &Harness<'static, OrreryApp>) -> Vec<usize> {
    let mut rows: Vec<(f32, usize)> = Vec::new();
    for node in h.query_all_by_role(egui::accesskit::Role::Button) {
        let Some(label) = node.accesskit_node().label() else { continue };
        let Some((number, rest)) = label.split_once(". ") else { continue };
        if !(rest.ends_with("plies") || rest.ends_with("ply")) {
            continue;
        }
        if let Ok(n) = number.parse() {
            rows.push((node.rect().min.y, n));
        }
    }
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    rows.into_iter().map(|r| r.1).collect()
}

#[test]
fn the_games_list_sorts_by_any_column_and_finds_a_position_reached_by_another_move_order() {
    let dir = folder("sort");
    let path = dir.join("club.pgn");
    std::fs::write(&path, CLUB).unwrap();
    let mut h = opened(&path);
    assert!(h.state().settings().games_list);
    assert_eq!(row_numbers(&h), [1, 2, 3, 4]);
    // Sort by date (unknown dates first), then the other way round.
    h.get_by_label("Date").click();
    h.run();
    assert_eq!(row_numbers(&h), [4, 2, 3, 1]);
    h.get_by_label("Date").click();
    h.run();
    assert_eq!(row_numbers(&h), [1, 3, 2, 4]);
    // By players, then by plies.
    h.get_by_label("Players").click();
    h.run();
    assert_eq!(row_numbers(&h), [2, 3, 1, 4], "Ann – Bo, Club night, Cy – Ann, Di – Ed");
    // A change to the shown game's players moves it in the sorted list.
    h.state_mut().apply(Command::Game(GameCommand::SetTag("White".into(), "Zed".into())));
    h.run();
    assert_eq!(row_numbers(&h), [2, 3, 4, 1], "Zed – Ann last");
    h.state_mut().apply(Command::Game(GameCommand::SetTag("White".into(), "Cy".into())));
    h.run();
    assert_eq!(row_numbers(&h), [2, 3, 1, 4]);
    h.get_by_label("Plies").click();
    h.run();
    assert_eq!(row_numbers(&h), [3, 4, 1, 2]);
    // By game: Interstellar before Triangular (the menu bar has a "Game" too).
    h.query_all_by_label("Game").find(|n| n.rect().min.y > 100.0).unwrap().click();
    h.run();
    assert_eq!(row_numbers(&h), [3, 1, 2, 4]);
    // The position after 1. Bc3d Be6l 2. dd3l in game 1 stands in game 2 too, after
    // 2. Bc3d: only those two stay, and game 2 opens at that move.
    h.state_mut().apply(Command::Game(GameCommand::Start));
    for _ in 0..3 {
        h.state_mut().apply(Command::Game(GameCommand::Forward));
    }
    h.run();
    position_search(&mut h, "This position");
    // (The games are searched in the background.)
    wait_for_search(&mut h);
    assert_eq!(row_numbers(&h), [1, 2]);
    h.get_by_label("2 of 4 games match");
    // (The pointer leaves the check box, so its tooltip does not cover the rows.)
    h.get_by_label("Filter").hover();
    h.run();
    h.get_by_label("2. Ann – Bo   1-0   4 plies").click();
    h.run();
    assert_eq!(h.state().workspace().document.current(), 1);
    assert_eq!(h.state().workspace().view.cursor_path(), [0, 0, 0], "at 2. Bc3d");
    assert_eq!(h.state().workspace().message, "Game 2 opened at the position found (3 plies in)");
    assert_eq!(h.state().workspace().view.game().move_count(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn games_are_added_duplicated_moved_and_deleted_and_saved_in_the_lists_order() {
    let dir = folder("manage");
    let path = dir.join("club.pgn");
    std::fs::write(&path, CLUB).unwrap();
    let mut h = opened(&path);
    // A new game after game 1, of the shown kind, shown.
    h.get_by_label("New game").click();
    h.run();
    assert_eq!(h.state().workspace().document.games.len(), 5);
    assert_eq!(h.state().workspace().document.current(), 1);
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    assert_eq!(h.state().workspace().view.game().move_count(), 0);
    assert!(h.state().modified());
    h.get_by_label("2. Game 2   *   0 plies");
    ui_support::play(&mut h, "Bc3d");
    // Duplicate it: the copy keeps its move and comes after it.
    h.get_by_label("Duplicate").click();
    h.run();
    assert_eq!(h.state().workspace().document.current(), 2);
    assert_eq!(h.state().workspace().view.game().move_count(), 1);
    // Move the copy up: it takes place 2; the original is now 3 and keeps its undo.
    h.get_by_label("Move up").click();
    h.run();
    assert_eq!(h.state().workspace().document.current(), 1);
    h.get_by_label("Move down").click();
    h.run();
    assert_eq!(h.state().workspace().document.current(), 2);
    h.state_mut().apply(Command::Act(Action::ShowGame(1)));
    h.run();
    assert_eq!(h.state().can_undo_redo(), (true, false), "the original game's undo came along");
    // Delete asks first; Keep keeps it.
    h.get_by_label("Delete…").click();
    h.run();
    h.get_by_label_contains("Delete game 2");
    h.get_by_label("Keep").click();
    h.run();
    assert_eq!(h.state().workspace().document.games.len(), 6);
    h.get_by_label("Delete…").click();
    h.run();
    h.get_by_label("Delete").click();
    h.run();
    assert_eq!(h.state().workspace().document.games.len(), 5);
    assert_eq!(h.state().workspace().document.current(), 1, "the next game is shown");
    assert_eq!(h.state().workspace().view.game().move_count(), 1, "the copy");
    // Saved in the list's order: Cy – Ann, the copy, Ann – Bo, Club night, Di – Ed.
    assert!(h.state_mut().save());
    let (games, problems) = orrery::files::read_record_file(&path).unwrap();
    assert!(problems.is_empty());
    let moves: Vec<usize> = games.iter().map(|g| g.move_count()).collect();
    assert_eq!(moves, [3, 1, 4, 1, 2]);
    // The games not touched went back as they were.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(&CLUB[..CLUB.find("0-1\n").unwrap() + 3]));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_opening_tree_counts_the_moves_played_from_the_shown_position_and_plays_them() {
    let dir = folder("tree");
    let path = dir.join("club.pgn");
    std::fs::write(&path, CLUB).unwrap();
    let mut h = opened(&path);
    h.state_mut().apply(Command::Game(GameCommand::Start));
    h.run();
    // View → Opening tree (the menu's check box sends this).
    h.state_mut().apply(Command::ToggleOpeningTree);
    wait_for_search(&mut h);
    // From the Triangular opening: Bc3d in games 1 and 4, dd3l in game 2; the
    // Interstellar game is not counted.
    h.get_by_label("3 of 4 games reach this position in their main line");
    h.get_by_label("Play Bc3d");
    h.get_by_label("Play dd3l");
    h.get_by_label("2 games");
    h.get_by_label("1 game");
    // Game 1 was lost by White (0-1), game 2 won by White, game 4 unfinished: Bc3d
    // scored 0 of 1 decided game, dd3l 1 of 1.
    h.get_by_label("0 / 0 / 1");
    h.get_by_label("1 / 0 / 0");
    // A click on a count keeps those games in the list (a position search chosen
    // before gives way to it, or the two together could leave nothing).
    h.state_mut().shell_mut().games.search = orrery::app::games_list::PositionSearch::Material;
    h.get_by_label("2 games").click();
    h.run();
    h.get_by_label("Only the games that played Bc3d here");
    assert_eq!(h.state().shell().games.search, orrery::app::games_list::PositionSearch::Off);
    assert_eq!(
        h.state().workspace().message,
        "The games list keeps the 2 games that played Bc3d here (its position search is set back to Any)"
    );
    assert_eq!(row_numbers(&h), [1, 4]);
    h.get_by_label("Show all").click();
    h.run();
    assert_eq!(row_numbers(&h), [1, 2, 3, 4]);
    // A click on a move plays it (a variation here, as game 1 plays Bc3d).
    h.get_by_label("Play dd3l").click();
    h.run();
    assert_eq!(h.state().workspace().view.cursor_path(), [1]);
    h.get_by_label("1 of 4 games reaches this position in their main line");
    h.get_by_label("Play Be6l");
    // The position after 1. Bc3d Be6l 2. dd3l is the same as after 1. dd3l Be6l 2. Bc3d:
    // game 2 goes on with ff6l from there.
    h.state_mut().apply(Command::Game(GameCommand::Start));
    for _ in 0..3 {
        h.state_mut().apply(Command::Game(GameCommand::Forward));
    }
    h.run();
    h.get_by_label("2 of 4 games reach this position in their main line");
    h.get_by_label("Play ff6l");
    std::fs::remove_dir_all(&dir).unwrap();
}

const LINES: &str = "[Variant \"Triangular\"]\n\n1. Bc3d Be6l 2. dd3l ff6l *\n\n\
[Variant \"Triangular\"]\n\n1. dd3l Be6l *\n\n\
[Variant \"Triangular\"]\n\n1. Bc3d ff6l *\n";

/// Replaces the text of the field labelled `label` with `text`.
fn retype(h: &mut Harness<'static, OrreryApp>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

#[test]
fn a_study_of_three_chapters_is_built_saved_reopened_and_quizzes_its_lines() {
    use orrery::record::study::ChapterMode;
    let dir = folder("study");
    let path = dir.join("bishops.pgn");
    std::fs::write(&path, LINES).unwrap();
    let mut h = opened(&path);
    // Make the file a study.
    h.get_by_label("Make a study").click();
    h.run();
    retype(&mut h, "Study name", "Bishops");
    h.get_by_label("Make this file a study").click();
    h.run();
    h.get_by_label_contains("Study: Bishops");
    h.get_by_label("1. Chapter 1   *   4 plies");
    // Deleting asks about the chapter by its title, and says Undo puts it back.
    h.get_by_label("Delete…").click();
    h.run();
    h.get_by_label_contains("Delete chapter 1 (Chapter 1) from the file? Undo (Ctrl+Z) puts it back");
    h.get_by_label("Keep").click();
    h.run();
    // Chapter 1: a title, a section and the guessing mode, typed in its window.
    h.get_by_label("Chapter 1…").click();
    h.run();
    retype(&mut h, "Chapter title", "The light bishop first");
    retype(&mut h, "Section", "Openings");
    h.get_by_label("Guess the moves").click();
    h.run();
    // Applied while the chapter stands at its end: it goes back to its start, the
    // moves hidden (shown from the end, they would be the answers).
    h.state_mut().apply(Command::Game(GameCommand::End));
    h.run();
    h.get_by_label("Apply to the chapter").click();
    h.run();
    h.get_by_label("1. Openings: The light bishop first   (moves hidden)");
    assert_eq!(h.state().workspace().view.cursor_path(), Vec::<usize>::new());
    h.get_by_label("The rest of the line, the engine's lines and the opening tree are hidden: find each move of the line; the replies follow.");
    // Chapters 2 and 3 through the same command the form sends.
    h.state_mut().apply(Command::Act(Action::ShowGame(1)));
    h.state_mut().apply(Command::Act(Action::SetChapter {
        title: "The pawn first".into(),
        section: "Openings".into(),
        mode: ChapterMode::Recall,
    }));
    h.state_mut().apply(Command::Act(Action::ShowGame(2)));
    h.state_mut().apply(Command::Act(Action::SetChapter {
        title: "A quiet line".into(),
        section: String::new(),
        mode: ChapterMode::Guess,
    }));
    // The reader of chapter 3 plays Black (the form's "The reader plays" sends this).
    h.state_mut().apply(Command::Game(GameCommand::SetTag("Orientation".into(), "Black".into())));
    h.run();
    assert!(h.state_mut().save());
    // Other programs read each chapter as a game with its tags.
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("[Study \"Bishops\"]").count(), 3, "{text}");
    assert!(text.contains("[Chapter \"The light bishop first\"]") && text.contains("[ChapterMode \"guess\"]"));
    // The reader's side is written only where it is the second player.
    assert_eq!(text.matches("[Orientation ").count(), 1, "{text}");
    let (games, problems) = orrery::files::read_record_file(&path).unwrap();
    assert!(problems.is_empty());
    assert_eq!(games.len(), 3);

    // Reopened: the chapters, and chapter 1 quizzes its line from the start.
    let mut h = opened(&path);
    h.get_by_label_contains("Study: Bishops — 3 chapters");
    h.get_by_label("1. Openings: The light bishop first   (moves hidden)");
    h.get_by_label("2. Openings: The pawn first   (moves hidden)");
    h.get_by_label("3. A quiet line   (moves hidden)");
    assert_eq!(h.state().workspace().view.cursor_path(), Vec::<usize>::new());
    h.get_by_label("The rest of the line, the engine's lines and the opening tree are hidden: find each move of the line; the replies follow.");
    // A move that is not the line's is taken back.
    ui_support::play(&mut h, "dd3l");
    assert!(
        h.state().workspace().message.contains("dd3l is not the move of the line"),
        "{}",
        h.state().workspace().message
    );
    assert_eq!(h.state().workspace().view.cursor_path(), Vec::<usize>::new());
    assert_eq!(h.state().workspace().view.game().move_count(), 4);
    assert!(!h.state().modified());
    // The move refused stays on the board as a red arrow until another is played.
    let (from, to) = h.state().workspace().view.move_slots("dd3l").unwrap();
    let refused = orrery::record::Arrow { color: orrery::record::MarkColor::Red, from, to };
    assert_eq!(h.state().overlay_slots().arrows, [refused]);
    // The line's move goes on and the reply follows.
    ui_support::play(&mut h, "Bc3d");
    assert_eq!(h.state().workspace().message, "Right: Bc3d, answered Be6l");
    assert!(h.state().overlay_slots().arrows.is_empty(), "the refused move's arrow goes with the next move");
    assert_eq!(h.state().workspace().view.cursor_path(), [0, 0]);
    h.get_by_label("The rest of the line, the engine's lines and the opening tree are hidden: find each move of the line; the replies follow.");
    // By clicks, as a reader plays: picking the piece up gives nothing away (it once
    // played the line's next move by itself).
    let (from, to) = h.state().workspace().view.move_slots("dd3l").unwrap();
    h.state_mut().apply(Command::Game(GameCommand::ClickCell(from)));
    h.run();
    assert_eq!(h.state().workspace().view.cursor_path(), [0, 0], "a piece picked up is no move");
    h.state_mut().apply(Command::Game(GameCommand::ClickCell(to)));
    h.run();
    assert_eq!(h.state().workspace().message, "Right: dd3l, answered ff6l. The line is complete.");
    // The opening tree would give the moves away: its pane stays away (the move list
    // says so) while the line is asked.
    h.state_mut().apply(Command::ToggleOpeningTree);
    h.run();
    assert!(h.state().settings().opening_tree, "turned on");
    assert!(!h.state().settings().layout.is_shown(orrery::app::layout::Pane::OpeningTree), "its pane is not shown");
    h.state_mut().apply(Command::ToggleOpeningTree);
    // Show the line: the move list is back.
    h.state_mut().apply(Command::Game(GameCommand::Start));
    h.run();
    h.get_by_label("Show the line").click();
    h.run();
    h.get_by_label("Be6l");
    // Chapter 3's reader plays Black: it opens after White's first move.
    h.state_mut().apply(Command::Act(Action::ShowGame(2)));
    h.run();
    assert_eq!(h.state().workspace().view.cursor_path(), [0]);
    ui_support::play(&mut h, "ff6l");
    assert_eq!(h.state().workspace().message, "Right: ff6l. The line is complete.");
    h.state_mut().apply(Command::Act(Action::ShowGame(0)));
    h.run();
    // A game added to a study is a chapter of it.
    h.get_by_label("New game").click();
    h.run();
    assert_eq!(h.state().workspace().message, "Game 2 added to the file");
    h.state_mut().apply(Command::Act(Action::ShowGame(0)));
    h.state_mut().apply(Command::Act(Action::ShowGame(1)));
    h.run();
    assert_eq!(h.state().workspace().message, "Chapter 2: Chapter 2");
    assert_eq!(h.state().workspace().view.tag("Study").as_deref(), Some("Bishops"));
    assert_eq!(h.state().workspace().view.tag("Chapter").as_deref(), Some("Chapter 2"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs frames while a window shows a text starting with `label` (a search in the
/// background, with its progress after it).
fn wait_while(h: &mut Harness<'static, OrreryApp>, label: &str) {
    for _ in 0..500 {
        h.step();
        if h.query_by_label_contains(label).is_none() {
            // Frames enough for the window to settle (a fixed count: the first frames
            // of a harness may ask for more than `run` allows).
            h.run_steps(10);
            if h.query_by_label_contains(label).is_none() {
                return;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("{label} did not end");
}

/// Runs frames until the search the games list and the opening tree share has
/// finished.
fn wait_for_search(h: &mut Harness<'static, OrreryApp>) {
    wait_while(h, "Searching the games…");
}

#[test]
fn the_games_list_finds_the_same_material_and_the_board_editors_pieces() {
    let dir = folder("patterns");
    let path = dir.join("club.pgn");
    std::fs::write(&path, CLUB).unwrap();
    let mut h = opened(&path);
    // The start of game 1: the Triangular opening's material stands in every
    // Triangular game (at its start), not in the Interstellar one.
    h.state_mut().apply(Command::Game(GameCommand::Start));
    h.run();
    position_search(&mut h, "Same material");
    wait_for_search(&mut h);
    assert_eq!(row_numbers(&h), [1, 2, 4]);
    h.get_by_label("3 of 4 games match");
    // After 1. Bc3d the board editor holds that position; its pieces on their cells
    // stand in game 4 after 1. Bc3d too, but never in game 2 (its d-pawn has moved
    // before its bishop does).
    h.state_mut().apply(Command::Game(GameCommand::Forward));
    h.state_mut().apply(Command::BoardEditor);
    h.run();
    position_search(&mut h, "The board editor's pieces");
    wait_for_search(&mut h);
    assert_eq!(row_numbers(&h), [1, 4]);
    // A click opens game 4 after 1. Bc3d, where the pieces stand; the editor closes and
    // the search goes on with its pieces.
    h.state_mut().apply(Command::CloseBoardEditor);
    h.run();
    wait_for_search(&mut h);
    assert_eq!(h.state().shell().games.search, orrery::app::games_list::PositionSearch::Pieces);
    assert_eq!(row_numbers(&h), [1, 4], "the pieces last set still count");
    h.get_by_label("Filter").hover();
    h.run();
    h.get_by_label("4. Di – Ed   *   2 plies").click();
    h.run();
    assert_eq!(h.state().workspace().document.current(), 3);
    assert_eq!(h.state().workspace().view.cursor_path(), [0], "after 1. Bc3d");
    assert_eq!(row_numbers(&h), [1, 4]);
    // Same material from game 1's start.
    h.state_mut().apply(Command::Act(Action::ShowGame(0)));
    h.state_mut().apply(Command::Game(GameCommand::Start));
    h.run();
    h.state_mut().shell_mut().games.search = orrery::app::games_list::PositionSearch::Material;
    wait_for_search(&mut h);
    h.get_by_label("Filter").hover();
    h.run();
    h.get_by_label("4. Di – Ed   *   2 plies").click();
    h.step();
    // (Game 4's position is searched for anew.)
    wait_for_search(&mut h);
    assert_eq!(h.state().workspace().document.current(), 3);
    assert_eq!(
        h.state().workspace().view.cursor_path(),
        Vec::<usize>::new(),
        "the same material first stands at the start"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn games_copied_from_one_file_are_pasted_into_another() {
    let dir = folder("paste");
    let club = dir.join("club.pgn");
    std::fs::write(&club, CLUB).unwrap();
    let lines = dir.join("lines.pgn");
    std::fs::write(&lines, LINES).unwrap();
    // Game 2 of club.pgn, as Copy game puts it on the clipboard.
    let mut h = opened(&club);
    h.state_mut().apply(Command::Act(Action::ShowGame(1)));
    h.run();
    let copied = orrery::record::write_any(&h.state().workspace().view.game());
    // Into lines.pgn after its first game: Paste games asks for the clipboard, and the
    // text that comes goes into the file instead of opening on its own.
    open_in(&mut h, &lines);
    h.get_by_label("Paste games").click();
    h.run();
    h.state_mut().apply(Command::Act(Action::PasteText(copied)));
    h.run();
    assert_eq!(h.state().workspace().document.games.len(), 4);
    assert_eq!(h.state().workspace().document.current(), 1);
    h.get_by_label("2. Ann – Bo   1-0   4 plies");
    h.get_by_label_contains("1 game pasted into the file");
    assert!(h.state().modified());
    // Text that holds no game is refused and the next paste opens as before.
    h.get_by_label("Paste games").click();
    h.run();
    h.state_mut().apply(Command::Act(Action::PasteText("hello".into())));
    h.run();
    assert_eq!(h.state().workspace().document.games.len(), 4);
    h.get_by_label_contains("The clipboard holds no game");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn deleting_moving_pasting_and_making_a_study_are_undone_and_redone_in_order_with_moves() {
    let dir = folder("list-undo");
    let path = dir.join("club.pgn");
    std::fs::write(&path, CLUB).unwrap();
    let mut h = opened(&path);
    let undo = |h: &mut Harness<'static, OrreryApp>| {
        h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
        h.run();
    };
    let redo = |h: &mut Harness<'static, OrreryApp>| {
        h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
        h.run();
    };
    let titles = |h: &Harness<'static, OrreryApp>| -> Vec<String> {
        let doc = &h.state().workspace().document;
        doc.games.iter().enumerate().map(|(i, g)| orrery::app::document::game_title(&g.unwrap(), i + 1)).collect()
    };
    let club = ["Cy – Ann", "Ann – Bo", "Club night", "Di – Ed"];
    // A move in game 1, then game 2 deleted: undo brings game 2 back first (shown),
    // then takes the move back.
    h.state_mut().apply(Command::Game(GameCommand::End));
    ui_support::play(&mut h, "ff6l");
    h.state_mut().apply(Command::Act(Action::ShowGame(1)));
    h.run();
    h.get_by_label("Delete…").click();
    h.run();
    h.get_by_label("Delete").click();
    h.run();
    assert_eq!(titles(&h), ["Cy – Ann", "Club night", "Di – Ed"]);
    undo(&mut h);
    assert_eq!(titles(&h), club);
    assert_eq!(h.state().workspace().document.current(), 1, "the game put back is shown");
    h.state_mut().apply(Command::Act(Action::ShowGame(0)));
    h.run();
    assert_eq!(h.state().workspace().view.game().move_count(), 4);
    undo(&mut h);
    assert_eq!(h.state().workspace().view.game().move_count(), 3, "then the move");
    // Redo: the move first, then the deletion.
    redo(&mut h);
    assert_eq!(h.state().workspace().view.game().move_count(), 4);
    redo(&mut h);
    assert_eq!(titles(&h), ["Cy – Ann", "Club night", "Di – Ed"]);
    undo(&mut h);
    // Moving a game and pasting games are undone too.
    h.state_mut().apply(Command::Act(Action::ShowGame(2)));
    h.run();
    h.get_by_label("Move up").click();
    h.run();
    assert_eq!(titles(&h), ["Cy – Ann", "Club night", "Ann – Bo", "Di – Ed"]);
    undo(&mut h);
    assert_eq!(titles(&h), club);
    h.get_by_label("Paste games").click();
    h.run();
    h.state_mut().apply(Command::Act(Action::PasteText(LINES.into())));
    h.run();
    assert_eq!(h.state().workspace().document.games.len(), 4 + 3);
    undo(&mut h);
    assert_eq!(titles(&h), club);
    // Make a study: one undo takes every chapter's tags back.
    h.state_mut().apply(Command::Act(Action::MakeStudy("Club".into())));
    h.run();
    assert!(h.state().workspace().document.games.iter().all(|g| g.unwrap().tags().get("Study") == Some("Club")));
    assert_eq!(h.state().workspace().view.tag("Study").as_deref(), Some("Club"));
    undo(&mut h);
    assert!(h.state().workspace().document.games.iter().all(|g| g.unwrap().tags().get("Study").is_none()));
    assert_eq!(h.state().workspace().view.tag("Study"), None);
    // Leaving asks about the whole file's changes.
    h.state_mut().request(orrery::app::ui::PendingAction::New(Variant::Triangular));
    h.run();
    h.get_by_label("Save the changes to the 4 games of club.pgn before starting a new game?");
    h.get_by_label("Cancel").click();
    h.run();
    // Saved: the games put back untouched are written as they were read.
    assert!(h.state_mut().save());
    let text = std::fs::read_to_string(&path).unwrap();
    let game_2 =
        &CLUB[CLUB.find("[Variant \"Triangular\"]\n[White \"Ann\"]").unwrap()..CLUB.find("ff6l 1-0").unwrap() + 8];
    assert!(text.contains(game_2), "{text}");
    let (games, _) = orrery::files::read_record_file(&path).unwrap();
    assert_eq!(games.iter().map(|g| g.move_count()).collect::<Vec<_>>(), [4, 4, 1, 2]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn wording_and_prompts_a_new_user_tripped_on() {
    let dir = folder("wording");
    let path = dir.join("lines.pgn");
    std::fs::write(&path, LINES).unwrap();
    let other = dir.join("club.pgn");
    std::fs::write(&other, CLUB).unwrap();
    // No file chooser here: the path prompt stands in for it.
    let mut app = OrreryApp::new(Box::new(FakeDialogs { unavailable: true, ..FakeDialogs::default() }));
    assert!(app.open_path(&path));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1200.0, 860.0))
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut OrreryApp| app.show(ui), app);
    h.run();
    // A length that is no number says so.
    h.state_mut().shell_mut().games_filter = "plies>abc".into();
    h.run();
    h.get_by_label("\"plies>abc\": the length is a number of plies, as in plies>40");
    h.state_mut().shell_mut().games_filter.clear();
    // A study is saved under its name, as a study.
    h.state_mut().apply(Command::Act(Action::MakeStudy("Bishop lines".into())));
    h.run();
    h.state_mut().save_as();
    h.run();
    let Some(orrery::app::dialogs::DialogRequest::Save { suggested_name, .. }) =
        h.state().platform().last_dialog_request.clone()
    else {
        panic!("a save dialog")
    };
    assert_eq!(suggested_name, "Bishop-lines.pgn");
    h.get_by_label("Save study as");
    h.state_mut().shell_mut().path_prompt = None;
    h.run();
    // Open with unsaved work: asked once, before the path is typed, not again after.
    h.state_mut().request(orrery::app::ui::PendingAction::Open);
    h.run();
    h.get_by_label("Save the changes to the 3 chapters of lines.pgn before opening another file?");
    h.get_by_label("Don't save").click();
    h.run();
    h.state_mut().shell_mut().path_prompt.as_mut().unwrap().text = other.display().to_string();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    ui_support::finish_reading(&mut h);
    assert!(h.state().workspace().pending.is_none(), "not asked twice");
    assert_eq!(h.state().workspace().document.file.as_deref(), Some(other.as_path()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_guess_chapter_pasted_into_a_plain_file_is_a_plain_game_there() {
    let dir = folder("chapter-paste");
    let path = dir.join("club.pgn");
    std::fs::write(&path, CLUB).unwrap();
    let chapter = "[Variant \"Triangular\"]\n[Study \"Bishops\"]\n[Chapter \"Guess it\"]\n\
[ChapterMode \"guess\"]\n\n1. Bc3d Be6l 2. dd3l *\n";
    let mut h = opened(&path);
    h.get_by_label("Paste games").click();
    h.run();
    h.state_mut().apply(Command::Act(Action::PasteText(chapter.into())));
    h.run();
    assert_eq!(h.state().workspace().document.current(), 1);
    assert!(!h.state().workspace().view.hides_moves(), "club.pgn is no study");
    h.get_by_label("Be6l");
    // In a study the same chapter asks for its moves.
    let study = dir.join("study.pgn");
    std::fs::write(&study, chapter).unwrap();
    open_in(&mut h, &study);
    assert!(h.state().workspace().view.hides_moves());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_collection_opens_at_its_first_games_start_and_discarding_keeps_the_shown_game() {
    let dir = folder("collection-start");
    let path = dir.join("three.pgn");
    std::fs::write(&path, THREE_GAMES).unwrap();
    let mut h = harness();
    h.run();
    h.state_mut().apply(Command::Act(Action::OpenPath(path.clone())));
    ui_support::finish_reading(&mut h);
    // Game 1 at its start, as every other game of the list opens.
    assert_eq!(h.state().workspace().document.current(), 0);
    assert!(h.state().workspace().view.cursor_path().is_empty());
    // A change to game 3, dropped: game 3 is still the one shown, as the file has it.
    h.state_mut().apply(Command::Act(Action::ShowGame(2)));
    h.step();
    h.state_mut().apply(Command::Game(GameCommand::SetTag("Event".into(), "Dropped".into())));
    h.step();
    assert!(h.state().modified());
    h.state_mut().discard_changes();
    h.step();
    assert!(!h.state().modified());
    assert_eq!(h.state().workspace().document.current(), 2);
    assert_eq!(h.state().workspace().view.tag("Event").as_deref(), Some("?"), "the change is gone");
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn save_asks_before_replacing_a_file_another_program_changed() {
    let dir = folder("changed-on-disk");
    let path = dir.join("games.pgn");
    std::fs::write(&path, THREE_GAMES).unwrap();
    let mut h = harness();
    h.run();
    assert!(h.state_mut().open_path(&path));
    h.run();
    // Saved with nothing changed elsewhere: no question.
    assert!(h.state_mut().save());
    h.run();
    // Another program writes the file (a different size, a later time).
    std::thread::sleep(std::time::Duration::from_millis(20));
    let theirs = format!("{THREE_GAMES}\n[Variant \"Interstellar\"]\n[Event \"Theirs\"]\n\n*\n");
    std::fs::write(&path, &theirs).unwrap();
    assert!(!h.state_mut().save(), "not saved without asking");
    h.run();
    h.get_by_label_contains("was changed by another program");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs, "their changes are still there");
    // Cancel keeps their file; Save asks again.
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().shell().changed_on_disk.is_none());
    h.get_by_label_contains("Not saved");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
    assert!(!h.state_mut().save());
    h.run();
    // Replace it: the games shown are written.
    h.get_by_label("Replace it").click();
    h.run();
    assert_ne!(std::fs::read_to_string(&path).unwrap(), theirs);
    assert!(!std::fs::read_to_string(&path).unwrap().contains("Theirs"));
    // And the next save does not ask: the file is as Orrery wrote it.
    assert!(h.state_mut().save());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Save As for a new game offers a name no file in the folder has yet, so a second game
/// is not offered the first one's file to replace.
#[test]
fn save_as_offers_a_new_game_a_name_not_taken_in_the_folder() {
    let dir = std::env::temp_dir().join(format!("orrery-save-name-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let suggested = |dir: &Path| {
        let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
        app.settings_mut().last_folder = Some(dir.to_path_buf());
        app.apply(Command::Act(Action::NewGame(Variant::Triangular)));
        app.save_as();
        match app.platform().last_dialog_request.clone() {
            Some(orrery::app::dialogs::DialogRequest::Save { suggested_name, folder, .. }) => {
                assert_eq!(folder.as_deref(), Some(dir));
                suggested_name
            }
            other => panic!("a save dialog, not {other:?}"),
        }
    };
    assert_eq!(suggested(&dir), "triangular-game.pgn");
    std::fs::write(dir.join("triangular-game.pgn"), "*\n").unwrap();
    assert_eq!(suggested(&dir), "triangular-game-2.pgn");
    let _ = std::fs::remove_dir_all(&dir);
}
