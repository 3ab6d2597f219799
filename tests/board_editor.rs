//! UI tests of the board editor (egui_kittest, the real app): build a position piece by
//! piece, see its problems listed until it is valid, save it as a puzzle and reopen it,
//! and play from it.

use egui::PointerButton;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orrery::app::OrreryApp;
use orrery::app::dialogs::FakeDialogs;
use orrery::core::Game;
use orrery::core::game::Variant;
use orrery::record::MarkColor;
use ui_support::{cell_px, click_px, menu, slot, type_position_string};

mod ui_support;

fn harness(dialogs: FakeDialogs) -> Harness<'static, OrreryApp> {
    ui_support::harness(dialogs, 860.0)
}

/// Opens a Puzzles menu entry and waits (up to 10 s) for the solver running in the
/// background; stepping frames by hand, as its spinner keeps repainting meanwhile.
fn open_puzzle(h: &mut Harness<'static, OrreryApp>, item: &str) {
    h.get_by_label("Puzzles").click();
    h.run();
    h.get_by_label_contains(item).click();
    h.run_steps(2);
    for _ in 0..500 {
        if h.state().workspace().view.puzzle_status().is_some_and(|p| !p.solving) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.run_steps(1);
    }
    assert!(h.state().workspace().view.puzzle_status().is_some_and(|p| !p.solving), "the solver finished");
    h.run();
}

/// Steps the app until the Save as puzzle form's check is done (at most ten seconds).
fn wait_for_check(h: &mut Harness<'static, OrreryApp>) {
    for _ in 0..500 {
        h.step();
        if h.query_by_label_contains("Checking:").is_none() && h.query_by_label_contains("Checking…").is_none() {
            h.run_steps(2);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the check did not finish");
}

fn place(h: &mut Harness<'static, OrreryApp>, piece: &str, cells: &[u8]) {
    h.get_by_label(piece).click();
    h.run();
    for &c in cells {
        let at = cell_px(h, c);
        click_px(h, at, PointerButton::Primary);
    }
}

#[test]
fn build_a_position_save_it_as_a_puzzle_and_reopen_it() {
    let dir = std::env::temp_dir().join(format!("orrery-editor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("corner.pgn");
    let dialogs =
        FakeDialogs { opens: vec![Some(path.clone())], saves: vec![Some(path.clone())], ..FakeDialogs::default() };
    let mut h = harness(dialogs);
    h.run();
    menu(&mut h, "Game", "Board editor");
    h.get_by_label_contains("Board editor — Interstellar");
    h.get_by_label("Clear board").click();
    h.run();
    h.get_by_label_contains("Positive has 0 planets");
    h.get_by_label_contains("Negative has 0 planets");
    // An invalid position cannot be played: the button does nothing.
    h.get_by_label("Play from here").click();
    h.run();
    assert!(h.state().workspace().view.board_editor_open());
    // Planets, and a quasar each: a valid position.
    place(&mut h, "positive planet", &[slot(1, 5)]);
    place(&mut h, "negative planet", &[slot(9, 5)]);
    place(&mut h, "positive quasar", &[slot(1, 4)]);
    place(&mut h, "negative quasar", &[slot(9, 4)]);
    h.get_by_label("Valid position");
    assert!(h.query_by_label_contains("0 planets").is_none());
    // A right-click removes a piece again, and the problem comes back.
    let at = cell_px(&h, slot(9, 4));
    click_px(&mut h, at, PointerButton::Secondary);
    h.get_by_label_contains("nothing but its planet");
    // The negative quasar is still the chosen piece: a click puts it back.
    let at = cell_px(&h, slot(9, 4));
    click_px(&mut h, at, PointerButton::Primary);
    let string = h.state().workspace().view.setup_position_string().unwrap();
    assert_eq!(string, "3qp4/8/9/8/9/8/9/8/3QP4 +");
    // Save it as a puzzle.
    h.get_by_label("Save as puzzle…").click();
    h.run_steps(2);
    // The solver checks it first: two lone quasars force nothing, so the form says so
    // and offers to save it anyway.
    wait_for_check(&mut h);
    h.get_by_label("Title").click();
    h.run();
    h.get_by_label("Title").type_text("Corner study");
    h.run();
    h.get_by_label("No solution: no Target Out in 2 found");
    h.get_by_label("Save anyway…").click();
    h.run();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Stipulation \"Target Out in 2\"]"), "{text}");
    assert!(text.contains("[Title \"Corner study\"]"), "{text}");
    assert!(text.contains("[SetUp \"1\"]") && text.contains(&format!("[Position \"{string}\"]")), "{text}");
    // Reopen it: the game starts from the composed position.
    h.get_by_label("Close editor").click();
    h.run();
    menu(&mut h, "Game", "Open…");
    assert_eq!(h.state().workspace().view.position_string(), string);
    assert_eq!(h.state().workspace().view.tag("Stipulation").as_deref(), Some("Target Out in 2"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_from_a_triangular_position_built_in_the_editor() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "New Triangular");
    menu(&mut h, "Game", "Board editor");
    h.get_by_label_contains("Board editor — Triangular");
    // Type a position string: it is applied when valid, and problems show otherwise.
    type_position_string(&mut h, "9/11/13/15/15/13/11/5Kk2 w");
    assert_eq!(h.get_by_label("Position string").value().as_deref(), Some("9/11/13/15/15/13/11/5Kk2 w"));
    // The string describes an invalid position: it goes on the board, to be fixed
    // there, with every problem listed (kings touching, and the side not to move in
    // check).
    h.get_by_label_contains("touch");
    h.get_by_label_contains("in check but it is not its move");
    assert_eq!(h.state().workspace().view.setup_position_string().unwrap(), "9/11/13/15/15/13/11/5Kk2 w 0 1");
    // Text that cannot be read at all is refused, the board left as it was.
    type_position_string(&mut h, "9/11/13/15/15/13/11/5Kk2x w");
    assert_eq!(h.state().workspace().view.setup_position_string().unwrap(), "9/11/13/15/15/13/11/5Kk2 w 0 1");
    h.get_by_label("The board shows the last position string that could be read");
    h.get_by_label("Opening position").click();
    h.run();
    h.get_by_label("Valid position");
    h.get_by_label("Black to move").click();
    h.run();
    h.get_by_label("Play from here").click();
    h.run();
    assert!(!h.state().workspace().view.board_editor_open(), "the editor closes");
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    h.get_by_label("Black to move");
    assert!(h.state().workspace().view.position_string().contains(" b "), "Black is to move");
}

#[test]
fn fig_19_rebuilt_in_the_board_editor_is_recognised_as_target_out() {
    // The patent's Fig. 19 as the built-in puzzle rebuilds it: the negative planet on a
    // neutral cell attacked by a black hole, its six neighbours covered by a quasar and
    // a nebula.
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "Board editor");
    h.get_by_label("Clear board").click();
    h.run();
    place(&mut h, "positive planet", &[slot(1, 1)]);
    place(&mut h, "negative planet", &[slot(5, 5)]);
    place(&mut h, "positive black hole", &[slot(3, 5)]);
    place(&mut h, "positive quasar", &[slot(4, 6)]);
    place(&mut h, "positive nebula", &[slot(4, 3)]);
    place(&mut h, "negative star", &[slot(8, 8)]);
    h.get_by_label("Negative to move").click();
    h.run();
    h.get_by_label("Valid position");
    h.get_by_label_contains("Positive wins by Target Out");
}

#[test]
fn built_in_figures_and_puzzles_open_from_the_puzzles_menu() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    // The patent's Fig. 19: a finished position, shown as Target Out.
    open_puzzle(&mut h, "Fig. 19");
    h.get_by_label("Positive wins by Target Out");
    h.get_by_label("Shows: Target Out");
    // An original Target Out in 1: a wrong move is refused, Hint gives the key, the key solves it.
    open_puzzle(&mut h, "— Target Out in 1");
    let keys = h.state().workspace().view.puzzle_status().unwrap().keys;
    assert_eq!(keys.len(), 1, "{keys:?}");
    // Some other legal move of the attacker is wrong.
    let position =
        orrery::core::interstellar::Position::from_position_string(&h.state().workspace().view.position_string())
            .unwrap();
    let mut moves = orrery::core::moves::MoveList::new();
    position.legal_moves(&mut moves);
    let wrong = moves.iter().map(|&m| position.notation(m)).find(|m| *m != keys[0]).unwrap();
    ui_support::play(&mut h, &wrong);
    h.get_by_label_contains("is not it");
    assert_eq!(h.state().workspace().view.cursor(), orrery::record::NodeId::ROOT, "the wrong move is taken back");
    // Hint in steps: the piece marked, then its target too, then the key named.
    let (from, to) = h.state().workspace().view.move_slots(&keys[0]).unwrap();
    let marks = |h: &Harness<'static, OrreryApp>| h.state().overlay_slots().marked_cells;
    assert!(marks(&h).is_empty());
    h.get_by_label("Hint").click();
    h.run();
    h.get_by_label_contains("Hint 1 of 3: the piece to move is marked");
    assert_eq!(marks(&h), vec![(from, MarkColor::Yellow)]);
    assert!(
        !h.state().workspace().view.puzzle_status().unwrap().feedback.contains(&keys[0]),
        "the move is not given yet"
    );
    h.get_by_label("Hint").click();
    h.run();
    h.get_by_label_contains("Hint 2 of 3");
    assert_eq!(marks(&h), vec![(from, MarkColor::Yellow), (to, MarkColor::Green)]);
    h.get_by_label("Hint").click();
    h.run();
    h.get_by_label_contains(&format!("Hint 3 of 3: the key is {}", keys[0]));
    ui_support::play(&mut h, &keys[0]);
    h.get_by_label_contains("Solved");
    h.get_by_label("Positive wins by Target Out");
}

#[test]
fn a_triangular_mate_in_2_is_played_against_the_defence() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    open_puzzle(&mut h, "— mate in 2");
    let key = h.state().workspace().view.puzzle_status().unwrap().keys[0].clone();
    ui_support::play(&mut h, &key);
    h.get_by_label_contains("right. The defence");
    // The app played a defence; the hint starts again for the reply: the third step
    // names the mating move, which solves it.
    for step in 1..=3 {
        h.get_by_label("Hint").click();
        h.run();
        h.get_by_label_contains(&format!("Hint {step} of 3"));
    }
    let feedback = h.state().workspace().view.puzzle_status().unwrap().feedback;
    let reply = feedback.strip_prefix("Hint 3 of 3: play ").expect("a hint").to_string();
    ui_support::play(&mut h, &reply);
    h.get_by_label_contains("Solved");
    h.get_by_label("White wins by checkmate");
}

#[test]
fn a_draughts_position_is_typed_then_built_piece_by_piece_and_played() {
    let mut h = harness(FakeDialogs::default());
    h.run();
    menu(&mut h, "Game", "New Triangular draughts");
    menu(&mut h, "Game", "Board editor");
    h.get_by_label_contains("Board editor — Triangular draughts");
    type_position_string(&mut h, "W:W3,35,K60:B12,12");
    // Every mistake is listed, counted from the string's first character; the board
    // is not called valid beside them, and cannot be played from.
    h.get_by_label_contains("character 9: 'K60'");
    h.get_by_label_contains("cell 12 is given twice");
    assert!(h.query_by_label("Valid position").is_none());
    assert!(egui_kittest::kittest::NodeT::accesskit_node(&h.get_by_label("Play from here")).is_disabled());
    // Built on the board instead: a White man against a Black king.
    h.get_by_label("Clear board").click();
    h.run();
    place(&mut h, "White man", &[orrery::core::draughts::Cell::new(28).unwrap().slot()]);
    place(&mut h, "Black king", &[orrery::core::draughts::Cell::new(5).unwrap().slot()]);
    h.get_by_label("Valid position");
    h.get_by_label("Play from here").click();
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Draughts);
    assert_eq!(h.state().workspace().view.position_string(), "W:W28:BK5");
}
