//! UI tests of studying as lichess, En Croissant and Scid users expect: annotating from
//! the move list, Learn from your mistakes, studies built chapter by chapter, the games
//! list's tag search, keyboard moves, and panels that fit their window. The real app,
//! driven through egui_kittest.

use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::core::game::Variant;
use orrery::core::{Game, triangular};
use orrery::record::{AnyGame, NodeId, write_any};

mod ui_support;

/// The shown game's record as text.
fn record_text(h: &Harness<'static, OrreryApp>) -> String {
    write_any(&h.state().workspace().view.game())
}

/// The first legal move (in notation) of the shown Triangular position.
fn first_legal(h: &Harness<'static, OrreryApp>, skip: usize) -> String {
    let pos = triangular::Position::from_position_string(&h.state().workspace().view.position_string())
        .expect("the shown position reads");
    let mut moves = orrery::core::moves::MoveList::new();
    pos.legal_moves(&mut moves);
    pos.notation(moves[skip % moves.len()])
}

/// Right-clicks the move labelled `text` in the move list and clicks `item` in its
/// context menu: among several widgets so labelled (the glyph buttons under the list
/// carry the same glyphs), the one nearest the move.
fn move_menu(h: &mut Harness<'static, OrreryApp>, text: &str, item: &str) {
    let at = h.get_by_label(text).rect().center();
    h.get_by_label(text).click_secondary();
    h.run();
    let nearest = h
        .query_all_by_label(item)
        .map(|n| n.rect().center())
        .min_by(|a, b| a.distance(at).total_cmp(&b.distance(at)))
        .unwrap_or_else(|| panic!("{item} in the context menu of {text}"));
    ui_support::click_px(h, nearest, egui::PointerButton::Primary);
}

#[test]
fn a_game_is_annotated_from_the_move_list_alone() {
    let mut h = ui_support::harness(FakeDialogs::default(), 800.0);
    h.run();
    h.state_mut().apply(Command::Act(Action::NewGame(Variant::Triangular)));
    h.run();
    let mut played = Vec::new();
    for _ in 0..3 {
        let mv = first_legal(&h, 0);
        ui_support::play(&mut h, &mv);
        played.push(mv);
    }
    // The glyph buttons under the list mark the shown move (the last one).
    h.get_by_label("??").click();
    h.run();
    assert!(h.query_by_label(&format!("{}??", played[2])).is_some(), "the blunder is marked in the list");
    // The first move, from its context menu: a brilliant move, then a position glyph.
    move_menu(&mut h, &played[0], "!!");
    let first = format!("{}!!", played[0]);
    h.get_by_label(&first);
    h.get_by_label(&first).click_secondary();
    h.run();
    h.get_by_label("Position").click();
    h.run();
    h.get_by_label_contains("The first player is better").click();
    h.run();
    let text = record_text(&h);
    assert!(text.contains(&format!("{}!! $16", played[0])), "{text}");
    assert!(text.contains(&format!("{}??", played[2])), "{text}");
    // A comment after the second move, written inline and saved.
    move_menu(&mut h, &played[1], "Comment after");
    h.get_by_label(&format!("Comment after 1… {}", played[1]));
    let edit = h.get_by_role(egui::accesskit::Role::MultilineTextInput);
    edit.focus();
    edit.type_text("A quiet move that keeps the centre.");
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let text = record_text(&h);
    assert!(text.contains(&format!("{} {{A quiet move that keeps the centre.}}", played[1])), "{text}");
    h.get_by_label("A quiet move that keeps the centre.");
    // A variation, made the main line from its menu, then deleted from its menu.
    h.state_mut().apply(Command::Game(GameCommand::Jump(NodeId(2))));
    h.run();
    let other = first_legal(&h, 1);
    ui_support::play(&mut h, &other);
    // A variation's first move is written with its number.
    move_menu(&mut h, &format!("2. {other}"), "Make main line");
    let main = h.state().workspace().view.game();
    let AnyGame::Triangular(record) = &*main else { panic!("a Triangular game") };
    let line: Vec<String> = record
        .tree
        .main_line_from(NodeId::ROOT)
        .iter()
        .map(|&n| {
            let node = record.tree.node(n);
            record.position_at(node.parent.unwrap()).notation(node.mv.unwrap())
        })
        .collect();
    assert_eq!(line, vec![played[0].clone(), played[1].clone(), other.clone()], "the variation is the main line");
    move_menu(&mut h, &other, "Delete from here");
    assert!(h.query_by_label(&other).is_none(), "deleted");
    // The comment deleted from the menu; undo brings it back.
    move_menu(&mut h, &played[1], "Delete comment after");
    assert!(!record_text(&h).contains("quiet move"));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(record_text(&h).contains("quiet move"));
}
