//! UI tests of the notation editor (egui_kittest, the real app state): typing moves,
//! typos shown while the board keeps its position, fixing them, the board writing into
//! the text, the caret choosing the position shown, NAG buttons and undo.

#![allow(clippy::unwrap_used)] // tests may unwrap

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::core::Game;
use orrery::core::interstellar::{Cell, Position};
use orrery::record::{AnyGame, GameRecord, NodeId};

mod ui_support;

fn harness() -> Harness<'static, OrreryApp> {
    let mut app = OrreryApp::new(Box::new(FakeDialogs::default()));
    app.settings_mut().notation_editor = true;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1200.0, 900.0))
        .build_ui_state(|ui, app: &mut OrreryApp| app.show(ui), app);
    h.run();
    h
}

/// Steps long enough for the editor to read the text (its pause is 0.15 s; a step is 0.25 s).
fn settle(h: &mut Harness<'static, OrreryApp>) {
    for _ in 0..4 {
        h.step();
    }
    h.run();
}

/// The main line's moves of the shown game, as its record has them.
fn moves(h: &Harness<'static, OrreryApp>) -> Vec<String> {
    record(h).tree.main_line_from(NodeId::ROOT).iter().map(|&n| notation_at(h, n)).collect()
}

/// The shown game's record (an Interstellar game in these tests).
fn record(h: &Harness<'static, OrreryApp>) -> GameRecord<Position> {
    let AnyGame::Interstellar(r) = (*h.state().workspace().view.game()).clone() else { panic!("an Interstellar game") };
    r
}

/// The notation of the move at `node` of the shown game.
fn notation_at(h: &Harness<'static, OrreryApp>, node: NodeId) -> String {
    let r = record(h);
    let parent = r.tree.node(node).parent.unwrap_or(NodeId::ROOT);
    r.position_at(parent).notation(r.tree.node(node).mv.expect("a move"))
}

fn type_into_editor(h: &mut Harness<'static, OrreryApp>, text: &str) {
    h.get_by_role(Role::MultilineTextInput).focus();
    h.run();
    h.get_by_role(Role::MultilineTextInput).type_text(text);
    settle(h);
}

fn slot(r: u8, i: u8) -> u8 {
    Cell::new(r, i).unwrap().slot()
}

#[test]
fn typing_a_move_plays_it_on_the_board() {
    let mut h = harness();
    assert!(h.state().shell().editor.text.contains("[Variant \"Interstellar\"]"));
    type_into_editor(&mut h, "1. PQ-33 ");
    assert_eq!(moves(&h), ["PQ-33"]);
    let mut expected = Position::opening();
    expected.play(expected.parse_move("PQ-33").unwrap());
    assert_eq!(
        h.state().workspace().view.position_string(),
        expected.position_string(),
        "the board shows the position after the typed move"
    );
    assert!(h.state().modified());
    h.get_by_label("PQ-33");
}

#[test]
fn a_typo_is_shown_and_the_board_keeps_its_position_until_it_is_fixed() {
    let mut h = harness();
    type_into_editor(&mut h, "1. PQ-99 ");
    assert!(moves(&h).is_empty(), "nothing is applied half-way");
    assert_eq!(h.state().shell().editor.errors.len(), 1);
    let error = &h.state().shell().editor.errors[0];
    assert_eq!(&h.state().shell().editor.text[error.range.clone()], "PQ-99", "the error is placed on its word");
    h.get_by_label_contains("illegal move 'PQ-99'");
    h.get_by_label_contains("1 error");
    assert!(h.state().shell().editor.text.contains("1. PQ-99 *"), "nothing typed is lost");
    // While the text has errors the board does not take moves (they would be lost).
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from: slot(1, 4), to: slot(3, 3) }));
    h.run();
    assert!(moves(&h).is_empty());
    // Fix it: delete "99 " and type "33 ".
    for _ in 0..3 {
        h.key_press(Key::Backspace);
        h.run();
    }
    h.get_by_role(Role::MultilineTextInput).type_text("33 ");
    settle(&mut h);
    assert!(h.state().shell().editor.errors.is_empty());
    assert!(h.query_by_label_contains("illegal move").is_none());
    assert_eq!(moves(&h), ["PQ-33"]);
}

#[test]
fn a_move_played_on_the_board_appears_in_the_text_with_the_caret_there() {
    let mut h = harness();
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from: slot(1, 4), to: slot(3, 3) }));
    h.run();
    let text = h.state().shell().editor.text.clone();
    assert!(text.contains("1. PQ-33"), "{text}");
    // A second move, and the caret follows to it: moving the caret back onto the first
    // move shows the position after it.
    let r = record(&h);
    let mut replies = orrery::core::moves::MoveList::new();
    r.position_at(h.state().workspace().view.cursor()).legal_moves(&mut replies);
    let reply = r.position_at(h.state().workspace().view.cursor()).notation(replies[0]);
    ui_support::play(&mut h, &reply);
    assert_eq!(moves(&h).len(), 2);
    let second = h.state().workspace().view.cursor();
    h.get_by_role(Role::MultilineTextInput).focus();
    h.run();
    for _ in 0..30 {
        if h.state().workspace().view.cursor() != second {
            break;
        }
        h.key_press(Key::ArrowLeft);
        h.run();
    }
    assert_eq!(
        notation_at(&h, h.state().workspace().view.cursor()),
        "PQ-33",
        "the caret on the first move shows its position"
    );
}

#[test]
fn nag_buttons_and_undo_work_on_the_text() {
    let mut h = harness();
    type_into_editor(&mut h, "1. PQ-33 ");
    assert_eq!(moves(&h), ["PQ-33"]);
    // The notation editor's glyph button (the move list has one too): the one nearest
    // the editor's text.
    let text = h.get_by_role(Role::MultilineTextInput).rect().center();
    let button = h
        .query_all_by_label("!?")
        .map(|n| n.rect().center())
        .min_by(|a, b| a.distance(text).total_cmp(&b.distance(text)))
        .expect("the editor's !? button");
    ui_support::click_px(&mut h, button, egui::PointerButton::Primary);
    h.run();
    assert!(h.state().shell().editor.text.contains("PQ-33!?"), "{}", h.state().shell().editor.text);
    // Undo takes the NAG back, then the typed move.
    h.get_by_role(Role::MultilineTextInput).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(!h.state().shell().editor.text.contains("PQ-33!?"));
    assert!(h.state().shell().editor.text.contains("PQ-33"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(moves(&h).is_empty());
    assert!(!h.state().shell().editor.text.contains("PQ-33"));
}

#[test]
fn a_comment_is_typed_at_the_current_move() {
    let mut h = harness();
    type_into_editor(&mut h, "1. PQ-33 ");
    h.get_by_label("Comment").click();
    h.run();
    assert!(h.state().shell().editor.has_focus(&h.ctx), "the caret is in the new comment");
    h.get_by_role(Role::MultilineTextInput).type_text("a quiet start");
    settle(&mut h);
    let r = record(&h);
    let first = r.tree.main_line_from(NodeId::ROOT)[0];
    assert_eq!(r.tree.node(first).comment_after, "a quiet start", "{}", h.state().shell().editor.text);
}

#[test]
fn text_with_errors_is_not_dropped_by_opening_or_starting_another_game() {
    let mut h = harness();
    type_into_editor(&mut h, " 2. ZZ-99 broken");
    for command in [Command::Open, Command::Act(Action::NewGame(orrery::core::game::Variant::Triangular))] {
        h.state_mut().apply(command);
        h.run();
        assert!(
            h.state().workspace().message.contains("fix them or press Revert text"),
            "{}",
            h.state().workspace().message
        );
        assert!(
            h.state().shell().path_prompt.is_none() && h.state().workspace().pending.is_none(),
            "nothing else happens"
        );
        assert_eq!(h.state().workspace().view.variant(), orrery::core::game::Variant::Interstellar);
    }
    h.get_by_label_contains("1 error");
}

#[test]
fn a_draughts_game_is_typed_in_pdn_moves() {
    let mut h = harness();
    h.state_mut().apply(orrery::app::command::Command::Act(Action::NewGame(orrery::core::Variant::Draughts)));
    settle(&mut h);
    assert!(
        h.state().shell().editor.text.contains("[Variant \"Triangular draughts\"]"),
        "{}",
        h.state().shell().editor.text
    );
    // A step, the compulsory capture that answers it, and a recapture.
    type_into_editor(&mut h, "1. 34-26 18x34 2. 37x30 ");
    let AnyGame::Draughts(r) = (*h.state().workspace().view.game()).clone() else { panic!("a draughts game") };
    assert_eq!(r.tree.main_line_from(NodeId::ROOT).len(), 3);
    assert_eq!(
        h.state().workspace().view.position_string(),
        "B:W30,31,32,33,35,36,38,39,40,41,42,43,44,45,46,47,48:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17:F2"
    );
}

#[test]
fn home_in_the_editor_moves_the_caret_to_the_line_start_not_the_game_to_its_start() {
    let mut h = harness();
    // Enough moves for the text to run over several lines.
    for _ in 0..30 {
        let r = record(&h);
        let pos = r.position_at(h.state().workspace().view.cursor());
        let mut moves = orrery::core::moves::MoveList::new();
        pos.legal_moves(&mut moves);
        let Some(&mv) = moves.first() else { break };
        let text = pos.notation(mv);
        ui_support::play(&mut h, text.trim_end_matches(" out"));
    }
    let text = h.state().shell().editor.text.clone();
    assert!(text.trim_end().lines().count() >= 3, "{text}");
    h.get_by_role(Role::MultilineTextInput).focus();
    h.run();
    let last = h.state().workspace().view.cursor();
    h.key_press(Key::Home);
    h.run();
    let shown = h.state().workspace().view.cursor();
    assert_ne!(shown, NodeId::ROOT, "Home went to the start of the game");
    assert_ne!(shown, last, "the caret did not move to the start of its line");
}
