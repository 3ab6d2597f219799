//! UI tests of puzzles for composers (egui_kittest, the real app): a Target Out in 2
//! composed in the board editor, checked by the solver before it is saved, reopened
//! from Puzzles → Open puzzle file… in solving mode and solved with stepped hints; a
//! file of puzzles played as a set; a puzzle opened as a game offered for solving; the
//! board editor's own position solved there.

#![allow(clippy::unwrap_used)] // tests may unwrap

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::record::MarkColor;
use ui_support::{menu, type_position_string};

mod ui_support;

fn harness(dialogs: FakeDialogs) -> Harness<'static, OrreryApp> {
    ui_support::harness(dialogs, 900.0)
}

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-composer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Steps the app while `busy` holds (at most ten seconds): the solver works on a thread
/// and its spinner keeps repainting.
fn wait_while(h: &mut Harness<'static, OrreryApp>, busy: impl Fn(&Harness<'static, OrreryApp>) -> bool) {
    for _ in 0..500 {
        h.step();
        if !busy(h) {
            h.run_steps(3);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("still busy after ten seconds");
}

/// Puzzles → Open puzzle file… (the dialog answers with the next path queued): the file
/// opens and its first puzzle's solver starts.
fn open_puzzle_file(h: &mut Harness<'static, OrreryApp>) {
    h.get_by_label("Puzzles").click();
    h.run();
    h.get_by_label("Open puzzle file…").click();
    h.run_steps(3);
    for _ in 0..500 {
        if h.state().jobs().reading.is_none() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run_steps(2);
}

fn checking(h: &Harness<'static, OrreryApp>) -> bool {
    h.query_by_label_contains("Checking").is_some()
}

fn solving(h: &Harness<'static, OrreryApp>) -> bool {
    h.state().workspace().view.puzzle_status().is_some_and(|p| p.solving)
}

/// The built-in Target Out in 2: one key, PNS-44.
const OUT2: &str = "9/4U3/9/2p5/1b7/6S1/4S4/3U4/8P +";
/// Two Target Outs in 1 (a cooked Target Out in 1).
const COOKED: &str = "9/U7/3p1q3/8/9/8/9/4Q1Q1/3P5 +";

/// Clicks Hint and returns the puzzle panel's words.
fn hint(h: &mut Harness<'static, OrreryApp>) -> String {
    h.get_by_label("Hint").click();
    h.run();
    h.state().workspace().view.puzzle_status().unwrap().feedback
}

/// Solves the shown puzzle with the hints: for each attacker move, three hints (the
/// piece marked, its target marked, the move named), then the move.
fn solve_with_hints(h: &mut Harness<'static, OrreryApp>) {
    for _ in 0..4 {
        if h.state().workspace().view.puzzle_status().unwrap().solved {
            return;
        }
        let marks = |h: &Harness<'static, OrreryApp>| h.state().overlay_slots().marked_cells;
        assert!(hint(h).starts_with("Hint 1 of 3: the piece to move is marked"));
        let piece = marks(h);
        assert_eq!(piece.len(), 1, "{piece:?}");
        assert_eq!(piece[0].1, MarkColor::Yellow);
        assert!(hint(h).starts_with("Hint 2 of 3"));
        assert_eq!(marks(h).len(), 2);
        let words = hint(h);
        let mv = words.split_once(": ").unwrap().1.trim_start_matches("the key is ").trim_start_matches("play ");
        let mv = mv.to_string();
        let (from, to) = h.state().workspace().view.move_slots(&mv).unwrap_or_else(|| panic!("{words}: {mv}"));
        assert_eq!(marks(h), vec![(from, MarkColor::Yellow), (to, MarkColor::Green)]);
        ui_support::play(h, &mv);
    }
    assert!(h.state().workspace().view.puzzle_status().unwrap().solved, "solved in at most four moves");
}

#[test]
fn a_target_out_in_2_is_composed_checked_saved_reopened_in_solving_mode_and_solved_with_hints() {
    let dir = folder("compose");
    let path = dir.join("my-puzzle.pgn");
    let dialogs =
        FakeDialogs { saves: vec![Some(path.clone())], opens: vec![Some(path.clone())], ..FakeDialogs::default() };
    let mut h = harness(dialogs);
    h.run();
    menu(&mut h, "Game", "Board editor");
    type_position_string(&mut h, OUT2);
    h.get_by_label("Valid position");
    h.get_by_label("Save as puzzle…").click();
    h.run_steps(2);
    // The solver checks it before it can be saved: sound, with its one key.
    wait_while(&mut h, checking);
    h.get_by_label("Title").click();
    h.run();
    h.get_by_label("Title").type_text("Up the star");
    h.run();
    h.get_by_label("Sound: one key, PNS-44");
    h.get_by_label_contains("Tries:");
    h.get_by_label("Save puzzle…").click();
    h.run();
    h.get_by_label_contains("(Sound: one key, PNS-44)");
    let Some(orrery::app::dialogs::DialogRequest::Save { suggested_name, .. }) =
        h.state().platform().last_dialog_request.clone()
    else {
        panic!("a save dialog")
    };
    assert_eq!(suggested_name, "Up-the-star.pgn", "named after its title");
    // The verified solution is stored with the puzzle.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Stipulation \"Target Out in 2\"]") && text.contains("[Title \"Up the star\"]"), "{text}");
    assert!(text.contains("1. PNS-44") && text.contains("PNS-54 out"), "{text}");
    // Reopened from Puzzles → Open puzzle file…: solving mode, the solution hidden.
    h.get_by_label("Close editor").click();
    h.run();
    open_puzzle_file(&mut h);
    wait_while(&mut h, solving);
    assert!(h.state().workspace().puzzle_set);
    assert!(h.state().workspace().view.puzzle_status().is_some_and(|p| p.interactive));
    assert_eq!(h.state().workspace().view.position_string(), OUT2);
    assert_eq!(h.state().workspace().view.game().move_count(), 0, "the solution is not shown");
    h.get_by_label("Puzzle 1 of 1 · solved 0 of 1");
    solve_with_hints(&mut h);
    h.get_by_label_contains("Solved");
    h.get_by_label("Puzzle 1 of 1 (solved) · solved 1 of 1");
    let key = path.display().to_string();
    assert_eq!(h.state().settings().solved_puzzles.get(&key).map(|s| s.len()), Some(1), "kept for the file");
    // The file's game keeps its solution: nothing to save.
    assert!(!h.state().modified());
    assert!(h.state().workspace().document.games.get(0).unwrap().move_count() > 2);
    // Close puzzle shows the game with its solution.
    h.get_by_label("Close puzzle").click();
    h.run();
    assert!(!h.state().workspace().puzzle_set);
    assert!(h.state().workspace().view.game().move_count() > 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_cooked_puzzle_is_reported_before_saving_and_can_be_saved_anyway() {
    let dir = folder("cooked");
    let path = dir.join("cooked.pgn");
    let mut h = harness(FakeDialogs { saves: vec![Some(path.clone())], ..FakeDialogs::default() });
    h.run();
    menu(&mut h, "Game", "Board editor");
    type_position_string(&mut h, COOKED);
    h.get_by_label("Save as puzzle…").click();
    h.run_steps(2);
    // A number past the field's 1 to 3 is brought back to 3.
    h.state_mut().shell_mut().puzzle_form.as_mut().unwrap().moves = 9;
    h.run_steps(2);
    assert_eq!(h.state().shell().puzzle_form.as_ref().unwrap().moves, 3);
    h.state_mut().shell_mut().puzzle_form.as_mut().unwrap().moves = 1;
    h.state_mut().shell_mut().puzzle_form.as_mut().unwrap().author = "A. Composer".into();
    h.run_steps(2);
    wait_while(&mut h, checking);
    h.get_by_label_contains("Cooked: 2 keys");
    assert!(h.query_by_label("Save puzzle…").is_none(), "not offered as sound");
    h.get_by_label("Save anyway…").click();
    h.run();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Stipulation \"Target Out in 1\"]"), "{text}");
    h.get_by_label_contains("(Cooked: 2 keys");
    // The next puzzle's form offers the credits and stipulation used last.
    h.get_by_label("Save as puzzle…").click();
    h.run_steps(2);
    let form = h.state().shell().puzzle_form.clone().unwrap();
    assert_eq!((form.author.as_str(), form.moves), ("A. Composer", 1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_puzzle_set_goes_on_in_solving_mode_after_a_restart() {
    let dir = folder("restart");
    let path = puzzle_file(&dir);
    let data = dir.join("data");
    let start = |dialogs: FakeDialogs| {
        let mut app = OrreryApp::new(Box::new(dialogs));
        app.attach_data_dir(Some(data.clone()));
        Harness::builder()
            .with_size(egui::vec2(1200.0, 900.0))
            .with_max_steps(8)
            .build_ui_state(|ui, app: &mut OrreryApp| app.show(ui), app)
    };
    let mut h = start(FakeDialogs { opens: vec![Some(path.clone())], ..FakeDialogs::default() });
    h.run_steps(2);
    open_puzzle_file(&mut h);
    wait_while(&mut h, solving);
    h.get_by_label("Next puzzle").click();
    h.run_steps(2);
    wait_while(&mut h, solving);
    assert_eq!(h.state().workspace().document.current(), 2);
    h.state_mut().on_exit();
    drop(h);
    // The next start: the same puzzle, in solving mode, its solution hidden.
    let mut h = start(FakeDialogs::default());
    h.run_steps(2);
    ui_support::finish_reading(&mut h);
    wait_while(&mut h, solving);
    assert!(h.state().workspace().puzzle_set);
    assert_eq!(h.state().workspace().document.current(), 2);
    assert!(h.state().workspace().view.puzzle_status().is_some_and(|p| p.interactive));
    assert_eq!(h.state().workspace().view.game().move_count(), 0);
    drop(h);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Three games: a Target Out in 1, a plain game, a mate in 1.
fn puzzle_file(dir: &std::path::Path) -> std::path::PathBuf {
    let root = env!("CARGO_MANIFEST_DIR");
    let out1 = std::fs::read_to_string(format!("{root}/assets/puzzles/interstellar-out1.pgn")).unwrap();
    let mate1 = std::fs::read_to_string(format!("{root}/assets/puzzles/triangular-mate1.pgn")).unwrap();
    let plain = "[Variant \"Triangular\"]\n[Event \"A plain game\"]\n\n1. Bc3d *\n";
    let path = dir.join("set.pgn");
    std::fs::write(&path, format!("{out1}\n\n{plain}\n\n{mate1}\n")).unwrap();
    path
}

#[test]
fn a_file_of_puzzles_plays_as_a_set_with_next_previous_and_the_solved_count_kept() {
    let dir = folder("set");
    let path = puzzle_file(&dir);
    let dialogs = FakeDialogs { opens: vec![Some(path.clone()), Some(path.clone())], ..FakeDialogs::default() };
    let mut h = harness(dialogs);
    h.run();
    open_puzzle_file(&mut h);
    wait_while(&mut h, solving);
    h.get_by_label("Puzzle 1 of 2 · solved 0 of 2");
    assert_eq!(h.state().workspace().document.current(), 0);
    assert!(!h.state().settings().games_list, "the set steps through its puzzles without the list over the board");
    // Solve the first: its key is named by the third hint.
    solve_with_hints(&mut h);
    h.get_by_label("Puzzle 1 of 2 (solved) · solved 1 of 2");
    // Next skips the plain game.
    h.get_by_label("Next puzzle").click();
    h.run_steps(2);
    wait_while(&mut h, solving);
    assert_eq!(h.state().workspace().document.current(), 2);
    assert_eq!(h.state().workspace().view.variant(), orrery::core::game::Variant::Triangular);
    h.get_by_label("Puzzle 2 of 2 · solved 1 of 2");
    assert!(egui_kittest::kittest::NodeT::accesskit_node(&h.get_by_label("Next puzzle")).is_disabled());
    h.get_by_label("Previous puzzle").click();
    h.run_steps(2);
    wait_while(&mut h, solving);
    assert_eq!(h.state().workspace().document.current(), 0);
    // The set opened again starts at the first puzzle not solved.
    open_puzzle_file(&mut h);
    wait_while(&mut h, solving);
    assert_eq!(h.state().workspace().document.current(), 2);
    h.get_by_label("Puzzle 2 of 2 · solved 1 of 2");
    assert!(!h.state().modified(), "solving changes nothing in the file");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_puzzle_opened_as_a_game_offers_to_be_solved() {
    let dir = folder("offer");
    let path = puzzle_file(&dir);
    let mut h = harness(FakeDialogs { opens: vec![Some(path)], ..FakeDialogs::default() });
    h.run();
    menu(&mut h, "Game", "Open…");
    ui_support::finish_reading(&mut h);
    assert!(h.state().workspace().view.puzzle_status().is_none(), "opened as a game");
    h.get_by_label("This game is a puzzle: Target Out in 1.");
    h.get_by_label("Solve it").click();
    h.run_steps(2);
    wait_while(&mut h, solving);
    assert!(h.state().workspace().puzzle_set);
    assert!(h.state().workspace().view.puzzle_status().is_some_and(|p| p.interactive));
    // A plain game of the file offers nothing.
    h.state_mut().apply(Command::Game(GameCommand::ClosePuzzle));
    h.state_mut().apply(Command::Act(Action::ShowGame(1)));
    h.run();
    assert!(h.query_by_label_contains("This game is a puzzle").is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solving_in_the_board_editor_solves_the_edited_position_and_shows_the_result_there() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "Board editor");
    type_position_string(&mut h, COOKED);
    // Puzzles → Solve the shown position → Target Out in 1, with the editor open.
    h.state_mut().apply(Command::Act(Action::SolveShown("Target Out in 1".parse().unwrap())));
    h.run_steps(2);
    wait_while(&mut h, |h| h.query_by_label_contains("Solving:").is_some());
    h.get_by_label("The board editor's position");
    h.get_by_label_contains("Keys: ");
    h.get_by_label_contains("unique: no");
    assert!(h.query_by_label("Close puzzle").is_none(), "a position is no puzzle");
    h.get_by_label("Close the solver");
    assert!(h.state().workspace().view.board_editor_open(), "the editor stays open");
    // Changing the board says the result is for the position before.
    h.get_by_label("Clear board").click();
    h.run();
    h.get_by_label_contains("The board has changed since");
    // Closing the editor puts the result away.
    h.get_by_label("Close editor").click();
    h.run();
    assert!(h.state().workspace().view.puzzle_status().is_none());
    // On a game: the words fit a position, not a puzzle.
    h.state_mut().apply(Command::Act(Action::SolveShown("Target Out in 1".parse().unwrap())));
    h.run_steps(2);
    wait_while(&mut h, |h| h.query_by_label_contains("Solving:").is_some());
    h.get_by_label("No Target Out in 1 found: no first move forces it");
    h.get_by_label("Close the solver").click();
    h.run();
    assert!(h.state().workspace().view.puzzle_status().is_none());
}
