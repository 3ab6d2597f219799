//! UI tests of studying as lichess, En Croissant and Scid users expect: annotating from
//! the move list, Learn from your mistakes, studies built chapter by chapter, the games
//! list's tag search, keyboard moves, and panels that fit their window. The real app,
//! driven through egui_kittest.

use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
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
    h.get_by_label_contains("White is better").click();
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
    // The comment's own line answers a right click too: edit it, then delete it.
    h.get_by_label("A quiet move that keeps the centre.").click_secondary();
    h.run();
    h.get_by_label("Edit comment").click();
    h.run();
    h.get_by_label(&format!("Comment after 1… {}", played[1]));
    h.get_by_label("Cancel").click();
    h.run();
    h.get_by_label("A quiet move that keeps the centre.").click_secondary();
    h.run();
    h.get_by_label("Delete comment").click();
    h.run();
    assert!(!record_text(&h).contains("quiet move"), "deleted from the comment's own menu");
}

/// Steps the app until the chapter being added to a study file is written.
fn finish_adding(h: &mut Harness<'static, OrreryApp>) {
    ui_support::step_until(h, "the chapter was added", |h| h.state().jobs().adding_chapter.is_none());
}

/// A file of 40 Triangular games, each with two moves and its own players.
fn forty_games(path: &std::path::Path) {
    let mut text = String::new();
    for i in 1..=40 {
        let mut game = AnyGame::new(Variant::Triangular);
        let AnyGame::Triangular(record) = &mut game else { unreachable!() };
        record.tags.set("White", &format!("White {i}"));
        record.tags.set("Black", &format!("Black {i}"));
        let mut at = NodeId::ROOT;
        for skip in [i % 5, i % 3] {
            let pos = record.position_at(at);
            let mut moves = orrery::core::moves::MoveList::new();
            pos.legal_moves(&mut moves);
            at = record.add_move(at, moves[skip % moves.len()]);
        }
        text.push_str(&write_any(&game));
        text.push('\n');
    }
    std::fs::write(path, text).expect("the file is written");
}

#[test]
fn a_study_is_built_chapter_by_chapter_from_a_file_of_forty_games() {
    let dir = std::env::temp_dir().join(format!("orrery-study-ui-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let games = dir.join("forty.pgn");
    let study = dir.join("my-study.pgn");
    forty_games(&games);
    let dialogs = FakeDialogs {
        opens: vec![Some(games.clone()), Some(study.clone())],
        saves: vec![Some(study.clone())],
        ..FakeDialogs::default()
    };
    let mut h = ui_support::harness(dialogs, 800.0);
    h.run();
    ui_support::menu(&mut h, "Game", "Open…");
    ui_support::finish_reading(&mut h);
    assert_eq!(h.state().workspace().document.games.len(), 40);
    // Game 5 starts a new study, saved at once.
    h.state_mut().apply(Command::Act(Action::ShowGame(4)));
    h.run();
    ui_support::menu(&mut h, "Game", "Add to study…");
    h.get_by_label("A new study named").focus();
    h.get_by_label("A new study named").type_text("My study");
    h.run();
    h.get_by_label("Save as a new study…").click();
    h.run();
    finish_adding(&mut h);
    assert!(h.state().workspace().message.contains("New study \"My study\""), "{}", h.state().workspace().message);
    // Game 12, from the games list's button, into the study now offered by name.
    h.state_mut().apply(Command::Act(Action::ShowGame(11)));
    h.run();
    h.get_by_label("Add to study…").click();
    h.run();
    h.get_by_label("my-study.pgn").click();
    h.run();
    finish_adding(&mut h);
    assert!(h.state().workspace().message.contains("Chapter 2"), "{}", h.state().workspace().message);
    // Game 30's position after its first move, as a chapter of its own title.
    h.state_mut().apply(Command::Act(Action::ShowGameAt(29, vec![0])));
    h.run();
    ui_support::menu(&mut h, "Game", "Add to study…");
    h.get_by_label_contains("The shown position").click();
    h.run();
    let title = h.get_by_label("Chapter title");
    title.focus();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Chapter title").type_text("A position to study");
    h.run();
    h.get_by_label("my-study.pgn").click();
    h.run();
    finish_adding(&mut h);
    // The 40-game file is as it was; the study reopens with its three chapters.
    assert!(!h.state().workspace().document.modified);
    ui_support::menu(&mut h, "Game", "Open…");
    ui_support::finish_reading(&mut h);
    let document = &h.state().workspace().document;
    assert_eq!(document.study_name(), Some("My study"));
    let titles: Vec<String> = (0..document.games.len())
        .map(|i| orrery::record::study::Chapter::of(&document.games.get(i).expect("a chapter"), i).title)
        .collect();
    assert_eq!(titles, ["White 5 – Black 5", "White 12 – Black 12", "A position to study"]);
    let third = document.games.get(2).expect("the third chapter");
    assert_eq!(third.main_line_len(), 0, "a position chapter has no moves");
    // The games list finds a chapter by its title, as Scid's header search would.
    h.get_by_label("Filter").click();
    h.run();
    h.get_by_label("Filter").type_text("chapter:position");
    h.run();
    h.get_by_label("1 of 3 games match");
    assert!(h.query_by_label_contains("White 12 – Black 12").is_none(), "the other chapters are filtered out");
    h.get_by_label_contains("A position to study");
    h.state_mut().shell_mut().games_filter = "chapter:\"white 1\" white:12".into();
    h.run();
    h.get_by_label("1 of 3 games match");
    // The shown chapter (the first) is filtered out: Delete and Move act on no game the
    // list hides.
    assert_eq!(h.state().workspace().document.current(), 0);
    for button in ["Delete…", "Move down"] {
        assert!(h.get_by_label(button).accesskit_node().is_disabled(), "{button} is off");
    }
    // A tag named alone keeps the games that have it: every chapter.
    h.state_mut().shell_mut().games_filter = "chapter:".into();
    h.run();
    h.get_by_label("3 of 3 games match");
    assert!(!h.get_by_label("Move down").accesskit_node().is_disabled(), "the shown chapter is listed");
    h.state_mut().shell_mut().games_filter.clear();
    h.run();
    // Chapter 3 asks its reader to recall the line, with a note shown above it.
    h.state_mut().apply(Command::Act(Action::ShowGame(2)));
    h.run();
    // The header above the move list names the chapter by its title, as the list does.
    h.get_by_label("A position to study");
    h.get_by_label("Chapter 3…").click();
    h.run();
    let note = h.get_by_label("Note for the reader");
    note.focus();
    h.get_by_label("Note for the reader").type_text("Find the plan for both sides.");
    h.get_by_label("Recall the line").click();
    h.run();
    h.get_by_label("Apply to the chapter").click();
    h.run();
    assert_eq!(
        h.query_all_by_label("Find the plan for both sides.").count(),
        1,
        "the note above the hidden moves: {} / {}",
        record_text(&h),
        h.state().workspace().message
    );
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::S);
    h.run();
    let saved = std::fs::read_to_string(&study).expect("the study is saved");
    assert!(saved.contains("{Find the plan for both sides.}"), "{saved}");
    assert!(saved.contains("[ChapterMode \"recall\"]"), "{saved}");
    assert_eq!(saved.matches("[Study \"My study\"]").count(), 3, "{saved}");
    // Chapter 2 asks its reader to guess: a wrong move is said in the chapter's panel
    // too, and its result and length leave the games list.
    h.state_mut().apply(Command::Act(Action::ShowGame(1)));
    h.run();
    h.state_mut().apply(Command::Act(Action::SetChapter {
        title: "Guess it".into(),
        section: String::new(),
        mode: orrery::record::study::ChapterMode::Guess,
    }));
    h.run();
    assert!(h.query_by_label_contains("2. Guess it").is_some());
    let wrong = first_legal(&h, 0);
    ui_support::play(&mut h, &wrong);
    let said = format!("{wrong} is not the move of the line");
    assert!(h.query_all_by_label_contains(&said).count() >= 2, "in the panel and the status bar: {said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_study_starts_from_the_shown_position_and_takes_chapters_of_its_own() {
    let dir = std::env::temp_dir().join(format!("orrery-new-study-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("endings.pgn");
    let mut h = ui_support::harness(FakeDialogs { saves: vec![Some(path.clone())], ..FakeDialogs::default() }, 800.0);
    h.run();
    h.state_mut().apply(Command::Act(Action::NewGame(Variant::Triangular)));
    h.run();
    let mv = first_legal(&h, 2);
    ui_support::play(&mut h, &mv);
    let position = h.state().workspace().view.position_string();
    ui_support::menu(&mut h, "Game", "New study…");
    // Unnamed, it cannot be made.
    h.get_by_label("Name the study first.");
    h.get_by_label("Study name").focus();
    h.get_by_label("Study name").type_text("Endings");
    h.get_by_label_contains("The shown position").click();
    h.run();
    h.get_by_label("Create the study").click();
    h.run();
    // The game played is not saved: the app asks first.
    h.get_by_label_contains("Don't save").click();
    h.run();
    let document = &h.state().workspace().document;
    assert_eq!(document.study_name(), Some("Endings"));
    assert!(document.modified, "a new study waits to be saved");
    assert_eq!(h.state().workspace().view.position_string(), position, "the chapter starts at the shown position");
    // A second chapter: a copy of the first, into the open study.
    ui_support::menu(&mut h, "Game", "Add to study…");
    h.get_by_label("The open study, Endings").click();
    h.run();
    assert_eq!(h.state().workspace().document.games.len(), 2);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::S);
    h.run();
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(saved.matches("[Study \"Endings\"]").count(), 2, "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Types `text` into whatever has the keys, as a keyboard would.
fn type_keys(h: &mut Harness<'static, OrreryApp>, text: &str) {
    h.event(egui::Event::Text(text.to_string()));
    h.run();
}

#[test]
fn a_game_is_entered_from_the_keyboard_alone() {
    let mut h = ui_support::harness(FakeDialogs::default(), 800.0);
    h.run();
    // F10 opens the Game menu with its first item taking the keys; the arrows reach
    // New Triangular, Enter chooses it.
    h.key_press(egui::Key::F10);
    h.run();
    assert!(h.query_by_label("New study…").is_some(), "the Game menu is open");
    // Right goes to the Edit menu, Left back to Game, Left again round to Help.
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert!(h.query_by_label("New study…").is_none(), "the Game menu closed");
    let edit_first = Command::edit_menu()[0].clone().expect("a command").label();
    assert!(h.query_by_label_contains(&edit_first).is_some(), "the Edit menu is open");
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    let shortcuts = Command::ShowShortcuts.label();
    assert!(h.query_by_label_contains(&shortcuts).is_some(), "the Help menu is open");
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert!(h.query_by_label("New study…").is_some(), "the Game menu is open again");
    let first_item = Command::NewSameGame.label();
    assert!(
        h.query_all_by_label_contains(&first_item).any(|n| n.is_focused()),
        "the menu's first item, {first_item}, has the keys"
    );
    let mut steps = 0;
    while !h.query_by_label("New Triangular").is_some_and(|n| n.is_focused()) {
        h.key_press(egui::Key::ArrowDown);
        h.run();
        steps += 1;
        assert!(steps < 8, "the arrows reach New Triangular");
    }
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Triangular);
    assert!(h.query_by_label("New study…").is_none(), "the menu closed");
    // The header names the game as the games list would: no players yet, "Game 1".
    assert!(h.query_by_label("Game 1").is_some(), "the header's title");
    // Alt+V opens the View menu; Escape closes it.
    h.key_press_modifiers(Modifiers::ALT, egui::Key::V);
    h.run();
    assert!(h.query_by_label("Reset layout").is_some(), "the View menu is open");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label("Reset layout").is_none(), "the View menu closed");
    // Enter on the board gives the keys to the move box; four moves typed in full.
    h.key_press(egui::Key::Enter);
    h.run();
    let mut played = Vec::new();
    for skip in [0, 3, 1, 2] {
        let mv = first_legal(&h, skip);
        type_keys(&mut h, &mv);
        h.key_press(egui::Key::Enter);
        h.run();
        played.push(mv);
    }
    assert_eq!(h.state().workspace().view.game().main_line_len(), 4, "{}", record_text(&h));
    // An ambiguous beginning lists the moves it could be; Tab completes what they share
    // and the rest is typed.
    // The legal moves in the order the box lists them; the second of a beginning two
    // or more share is the one to reach.
    let mut names: Vec<String> = Vec::new();
    for k in 0..200 {
        let name = first_legal(&h, k);
        if names.contains(&name) {
            break;
        }
        names.push(name);
    }
    let first: String = names
        .iter()
        .map(|n| n.chars().take(1).collect::<String>())
        .find(|c| names.iter().filter(|m| m.starts_with(c.as_str())).count() > 1)
        .expect("two moves begin alike");
    let mv = names.iter().filter(|m| m.starts_with(first.as_str())).nth(1).expect("a second").clone();
    type_keys(&mut h, &first);
    let listed = h.query_all_by_label_contains(" moves:").count();
    assert_eq!(listed, 1, "the moves that begin with {first} are listed");
    // Tab completes what the moves share, then goes through them one by one.
    let alike = names.iter().filter(|n| n.starts_with(&first)).count();
    let mut seen = Vec::new();
    for _ in 0..=alike {
        h.key_press(egui::Key::Tab);
        h.run();
        let completed = h.get_by_label("Type a move").value().unwrap_or_default();
        assert!(completed.starts_with(&first), "{completed} begins with {first}");
        seen.push(completed.clone());
        if completed == mv {
            break;
        }
    }
    assert_eq!(seen.last(), Some(&mv), "Tab reached {mv}: {seen:?}");
    // Going through them, they stay listed; Shift+Tab goes back.
    let full: Vec<&String> = seen.iter().filter(|s| names.contains(*s)).collect();
    assert!(full.len() >= 2, "Tab went through the moves: {full:?}");
    h.get_by_label("Tab, Shift+Tab:");
    h.key_press_modifiers(Modifiers::SHIFT, egui::Key::Tab);
    h.run();
    assert_eq!(h.get_by_label("Type a move").value().as_ref(), Some(full[full.len() - 2]), "back one");
    h.key_press(egui::Key::Tab);
    h.run();
    assert_eq!(h.get_by_label("Type a move").value(), Some(mv.clone()), "and forward again");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().workspace().view.game().main_line_len(), 5, "{}", record_text(&h));
    // Text that begins no legal move is said so, and nothing is played.
    type_keys(&mut h, "Zz9");
    h.get_by_label("No legal move here begins with Zz9");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().workspace().view.game().main_line_len(), 5);
}

#[test]
fn typing_after_the_result_marker_in_the_notation_editor_goes_on_with_the_game() {
    let mut h = ui_support::harness(FakeDialogs::default(), 800.0);
    h.run();
    h.state_mut().apply(Command::Act(Action::NewGame(Variant::Triangular)));
    h.run();
    let mv = first_legal(&h, 0);
    ui_support::play(&mut h, &mv);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::E);
    h.run();
    let text = h.state().shell().editor.text.clone();
    assert!(text.trim_end().ends_with('*'), "{text}");
    // The caret at the end of the text, after the marker; Black's reply typed there.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::End);
    h.run();
    let reply = {
        let pos =
            triangular::Position::from_position_string(&h.state().workspace().view.position_string()).expect("reads");
        let mut moves = orrery::core::moves::MoveList::new();
        pos.legal_moves(&mut moves);
        pos.notation(moves[0])
    };
    type_keys(&mut h, " ");
    type_keys(&mut h, &reply);
    // Read after the editor's pause.
    ui_support::step_until(&mut h, "the text is read", |h| h.state().workspace().view.game().main_line_len() == 2);
    let text = h.state().shell().editor.text.clone();
    assert!(text.trim_end().ends_with(&format!("{reply} *")), "the marker moved after the move: {text}");
    assert_eq!(h.state().workspace().view.game().main_line_len(), 2, "one game of two moves: {text}");
}

/// Every widget's right edge, at most the window's width: nothing pushed off the
/// window (`what` names the state, for the failure).
fn nothing_wider_than(h: &Harness<'static, OrreryApp>, width: f32, what: &str) {
    use egui_kittest::kittest::By;
    for node in h.query_all(By::new().predicate(|n| n.bounding_box().is_some())) {
        let rect = node.rect();
        assert!(rect.right() <= width + 0.5, "{what}: a widget reaches {:.0} of {width}: {node:?}", rect.right());
    }
}

#[test]
fn the_side_panel_keeps_its_rows_inside_a_1280_by_800_window() {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(16)
        .build_ui_state(|ui, app: &mut OrreryApp| app.show(ui), OrreryApp::new(Box::new(FakeDialogs::default())));
    h.run();
    h.state_mut().apply(Command::Act(Action::NewComputerGame {
        variant: Variant::Triangular,
        user_side: Some(0),
        level: 1,
        clock: None,
    }));
    h.run();
    nothing_wider_than(&h, 1280.0, "a game against the computer");
    // Resign asks inline, in the panel's own width.
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label("Yes, resign");
    nothing_wider_than(&h, 1280.0, "Resign asks");
    let panel_left = h.get_by_label("Move list").rect().left();
    for label in ["Yes, resign", "Keep playing", "Resign this game? It ends as a loss for you."] {
        let rect = h.get_by_label(label).rect();
        assert!(rect.left() >= panel_left - 0.5, "{label} is in the side panel");
    }
    h.get_by_label("Keep playing").click();
    h.run();
    // The games list and the analysis open too.
    h.state_mut().apply(Command::ToggleGamesList);
    h.state_mut().apply(Command::ToggleAnalysis);
    h.run();
    nothing_wider_than(&h, 1280.0, "the games list and the analysis");
}

#[test]
fn the_move_list_follows_the_shown_move_through_a_long_game() {
    let mut h = ui_support::harness(FakeDialogs::default(), 800.0);
    h.run();
    h.state_mut().apply(Command::Act(Action::NewGame(Variant::Triangular)));
    h.run();
    // A game local to this screen is dated today.
    let date = h.state().workspace().view.tag("Date").unwrap_or_default();
    assert!(date.len() == 10 && !date.contains('?'), "today's date: {date}");
    assert!(!h.state().modified(), "a new game is not unsaved work");
    let mut last = String::new();
    for ply in 0..70 {
        if h.state().workspace().view.game_over() {
            break;
        }
        last = first_legal(&h, ply * 7 + 3);
        ui_support::play(&mut h, &last);
        let top = h.get_by_label("Moves").rect().bottom();
        let bottom = h.get_by_label("Type a move").rect().top();
        let shown =
            h.query_all_by_label(&last).map(|n| n.rect()).find(|r| r.top() >= top - 1.0 && r.bottom() <= bottom + 1.0);
        assert!(shown.is_some(), "ply {ply}: {last} is in view between {top} and {bottom}");
    }
    // Back to the start and forward again: the list follows.
    h.key_press(egui::Key::Home);
    h.run();
    h.key_press(egui::Key::End);
    h.run();
    let top = h.get_by_label("Moves").rect().bottom();
    assert!(h.query_all_by_label(&last).any(|n| n.rect().top() >= top - 1.0), "the end is in view again");
}

#[test]
fn a_tag_search_over_thousands_of_games_runs_on_a_job() {
    let dir = std::env::temp_dir().join(format!("orrery-tag-search-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("many.pgn");
    let mut text = String::new();
    for i in 0..2500 {
        let mut game = AnyGame::new(Variant::Triangular);
        let AnyGame::Triangular(record) = &mut game else { unreachable!() };
        record.tags.set("White", &format!("Player {i}"));
        record.tags.set("Round", &format!("{}", i % 7));
        if i == 1234 {
            record.tags.set("Chapter", "The needle");
        }
        text.push_str(&write_any(&game));
        text.push('\n');
    }
    std::fs::write(&path, text).expect("written");
    let mut h = ui_support::harness(FakeDialogs { opens: vec![Some(path)], ..FakeDialogs::default() }, 800.0);
    h.run();
    ui_support::menu(&mut h, "Game", "Open…");
    ui_support::finish_reading(&mut h);
    assert_eq!(h.state().workspace().document.games.len(), 2500);
    h.state_mut().shell_mut().games_filter = "chapter:needle".into();
    ui_support::step_until(&mut h, "one game matches", |h| h.query_by_label("1 of 2500 games match").is_some());
    h.get_by_label_contains("Player 1234");
    // Another filter: the job runs again for it.
    h.state_mut().shell_mut().games_filter = "round:3 player".into();
    ui_support::step_until(&mut h, "a game in seven matches", |h| {
        h.query_by_label("357 of 2500 games match").is_some()
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_patent_figure_reads_as_a_finished_position_with_player_facing_text_only() {
    let mut h = ui_support::harness(FakeDialogs::default(), 800.0);
    h.run();
    let index = orrery::solver::builtin_puzzles()
        .iter()
        .position(|p| p.file == "interstellar-fig18.pgn")
        .expect("Fig. 18 is built in");
    h.state_mut().apply(Command::Act(Action::OpenPuzzle(index)));
    h.run();
    h.get_by_label_contains("Result: 1-0");
    let game = h.state().workspace().view.game();
    assert_eq!(game.result(), orrery::record::GameResult::FirstPlayerWins, "the record's result is the figure's");
    h.get_by_label("No moves: the game is over in this position.");
    use egui_kittest::kittest::By;
    for node in h.query_all(By::new().predicate(|n| n.label().is_some())) {
        let text = format!("{node:?}");
        assert!(!text.contains("tests/") && !text.contains("checked by"), "developer text shown: {text}");
    }
    // Escape closes the windows that only inform.
    h.state_mut().apply(Command::ShowAbout);
    h.run();
    assert!(h.state().shell().about);
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!h.state().shell().about, "Escape closes About");
}

#[test]
fn a_quiz_chapter_keeps_its_moves_and_length_from_the_tree_and_the_filter() {
    let dir = std::env::temp_dir().join(format!("orrery-quiz-secret-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("study.pgn");
    // Two chapters from the opening position: a normal one of two plies and a quiz of
    // four, won by the first player, that begins with another move.
    let start = triangular::Position::opening();
    let mut moves = orrery::core::moves::MoveList::new();
    start.legal_moves(&mut moves);
    let (normal_first, quiz_first) = (moves[0], moves[1]);
    let mut text = String::new();
    for (title, first, plies, mode) in [("Open", normal_first, 2, "normal"), ("Secret", quiz_first, 4, "guess")] {
        let mut game = AnyGame::new(Variant::Triangular);
        let AnyGame::Triangular(record) = &mut game else { unreachable!() };
        record.tags.set("Study", "Secrets");
        record.tags.set("Chapter", title);
        record.tags.set("ChapterMode", mode);
        let mut at = record.add_move(NodeId::ROOT, first);
        for _ in 1..plies {
            let pos = record.position_at(at);
            let mut next = orrery::core::moves::MoveList::new();
            pos.legal_moves(&mut next);
            at = record.add_move(at, next[0]);
        }
        if mode == "guess" {
            record.result = orrery::record::GameResult::FirstPlayerWins;
            record.tags.set("Termination", "mate");
        }
        text.push_str(&write_any(&game));
        text.push('\n');
    }
    std::fs::write(&path, text).expect("written");
    let mut h = ui_support::harness(FakeDialogs { opens: vec![Some(path)], ..FakeDialogs::default() }, 800.0);
    h.run();
    ui_support::menu(&mut h, "Game", "Open…");
    ui_support::finish_reading(&mut h);
    // The list shows neither the quiz's result nor its length.
    h.get_by_label("1. Open   *   2 plies");
    h.get_by_label("2. Secret   (moves hidden)");
    // The opening tree of the normal chapter's first position: its own move only.
    h.state_mut().apply(Command::Act(Action::ShowGame(0)));
    h.state_mut().apply(Command::Game(GameCommand::Start));
    h.state_mut().apply(Command::ToggleOpeningTree);
    h.run();
    h.get_by_label("1 of 2 games reaches this position in their main line");
    h.get_by_label(&format!("Play {}", start.notation(normal_first)));
    assert!(
        h.query_by_label(&format!("Play {}", start.notation(quiz_first))).is_none(),
        "the quiz chapter's first move is not given away"
    );
    // A filter on the length or the result does not find the quiz either.
    for (filter, matched) in
        [("plies>3", 0), ("plies<3", 1), ("result:1-0", 0), ("1-0", 0), ("termination:mate", 0), ("chapter:secret", 1)]
    {
        h.state_mut().shell_mut().games_filter = filter.into();
        h.run();
        let said: Vec<String> = h.query_all_by_label_contains("match").map(|n| format!("{n:?}")).collect();
        assert!(h.query_by_label(&format!("{matched} of 2 games match")).is_some(), "{filter}: {said:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
