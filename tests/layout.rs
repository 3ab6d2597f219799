//! The docked panes: the games list and the opening tree are panes beside the board
//! (never windows over it), a pane is hidden by its tab bar's × and comes back in its
//! place, the arrangement survives a restart, and View → Reset layout puts it back.
#![allow(clippy::unwrap_used)] // tests may unwrap

use egui::{PointerButton, Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use orrery::app::OrreryApp;
use orrery::app::layout::Pane;
use ui_support::{menu, press};

mod ui_support;

/// The app at 1280×800 with a data folder (its settings are kept there).
fn app_in(dir: &std::path::Path) -> Harness<'static, OrreryApp> {
    ui_support::with_data(dir, 1280.0, 800.0)
}

/// Drags with the primary button from `from` to `to` in a few steps.
fn drag(h: &mut Harness<'static, OrreryApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    press(h, from, PointerButton::Primary, true);
    h.step();
    for k in 1..=8 {
        let t = k as f32 / 8.0;
        h.hover_at(from + (to - from) * t);
        h.step();
    }
    press(h, to, PointerButton::Primary, false);
    h.run();
}

fn board(h: &Harness<'static, OrreryApp>) -> Rect {
    h.state().board_rect().expect("the board is drawn")
}

#[test]
fn at_1280_by_800_the_whole_board_shows_beside_the_move_list_and_the_analysis() {
    let dir = std::env::temp_dir().join(format!("orrery-layout-default-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = app_in(&dir);
    h.run();
    h.state_mut().settings_mut().analysis = true;
    h.run();
    let board = board(&h);
    let moves = h.get_by_label("Move list").rect();
    // The pane's tab (the panel's own heading says "Analysis" too).
    let analysis = h.get_by_role_and_label(egui::accesskit::Role::Button, "Analysis").rect();
    let window = Rect::from_min_size(Pos2::ZERO, egui::vec2(1280.0, 800.0));
    assert!(window.contains_rect(board), "the whole board is in the window: {board:?}");
    assert!(board.width() > 600.0 && board.height() > 600.0, "a board to play on: {board:?}");
    // The move list and the analysis are on the board's right, neither over it.
    for tab in [moves, analysis] {
        assert!(tab.left() >= board.right(), "{tab:?} beside {board:?}");
    }
    assert!(analysis.top() > moves.top());
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_games_list_and_the_opening_tree_are_panes_that_hide_and_come_back_in_place() {
    let dir = std::env::temp_dir().join(format!("orrery-layout-panes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = app_in(&dir);
    h.run();
    let alone = board(&h);
    menu(&mut h, "View", "Games list");
    h.run();
    let games = h.get_by_label("Games").rect();
    let with_games = board(&h);
    // The list takes room below the board: the board is smaller, and not covered.
    assert!(games.top() >= with_games.bottom() - 1.0, "{games:?} under {with_games:?}");
    assert!(with_games.height() < alone.height());
    menu(&mut h, "View", "Opening tree");
    h.run();
    let tree = h.get_by_label("Opening tree").rect();
    assert!(tree.left() >= with_games.right(), "the opening tree is beside the board: {tree:?}");
    // The analysis shares a tab group with the opening tree: shown, it comes to the
    // front; hidden, the tree is back. (Stepped, not run to rest: the running analysis
    // keeps asking for frames.)
    h.state_mut().apply(orrery::app::command::Command::ToggleAnalysis);
    h.step();
    h.step();
    let layout = &h.state().settings().layout;
    for pane in [Pane::Board, Pane::Moves, Pane::Games, Pane::Analysis] {
        assert!(layout.is_shown(pane), "{pane:?} shows");
    }
    assert!(!layout.is_shown(Pane::OpeningTree), "behind the analysis's tab");
    assert!(h.query_by_label("Opening tree").is_some(), "its tab stays");
    h.state_mut().apply(orrery::app::command::Command::ToggleAnalysis);
    h.step();
    h.run();
    assert!(h.state().settings().layout.is_shown(Pane::OpeningTree));
    // Hidden by the × on its tab; shown again from the View menu, in its place.
    let close = h.query_all_by_label("Close").find(|n| games.contains_rect(n.rect())).expect("a × on the tab");
    close.click();
    h.run();
    assert!(!h.state().settings().games_list, "the View menu's switch follows");
    assert!(h.query_by_label("Games").is_none());
    assert_eq!(board(&h), alone, "the board has its room back");
    menu(&mut h, "View", "Games list");
    h.run();
    assert_eq!(h.get_by_label("Games").rect(), games);
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_layout_survives_a_restart_and_reset_layout_puts_it_back() {
    let dir = std::env::temp_dir().join(format!("orrery-layout-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = app_in(&dir);
    h.run();
    let start = board(&h);
    // The split between the board's column and the move list's, dragged 250 points left.
    let tab = h.get_by_label("Move list").rect();
    let gap = egui::pos2(tab.left() - 2.0, 400.0);
    drag(&mut h, gap, egui::pos2(gap.x - 250.0, 400.0));
    let narrower = board(&h);
    assert!(narrower.width() < start.width() - 100.0, "{start:?} → {narrower:?}");
    let moved = h.get_by_label("Move list").rect();
    assert!(moved.left() < tab.left() - 200.0);
    h.state_mut().on_exit();
    drop(h);
    // The next start has the same panes at the same sizes.
    let mut h = app_in(&dir);
    h.run();
    assert_eq!(board(&h), narrower, "the board's size came back");
    assert_eq!(h.get_by_label("Move list").rect(), moved);
    assert!(h.state().settings().layout.is_whole());
    // View → Reset layout: as at the first start.
    menu(&mut h, "View", "Reset layout");
    h.run();
    assert_eq!(board(&h), start);
    assert_eq!(h.get_by_label("Move list").rect(), tab);
    h.get_by_label_contains("Layout reset");
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_timed_game_with_the_analysis_leaves_the_move_list_room_and_both_clock_faces_show() {
    let dir = std::env::temp_dir().join(format!("orrery-layout-crowded-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = app_in(&dir);
    h.run();
    let clock = orrery::app::clock::ClockSetup {
        control: orrery::record::annotations::TimeControl::parse("300+3").unwrap(),
        handicap: [0, 0],
    };
    let variant = orrery::core::game::Variant::Triangular;
    h.state_mut()
        .apply(orrery::app::command::Command::Act(orrery::app::command::Action::NewClockGame { variant, clock }));
    h.run();
    menu(&mut h, "View", "Opening tree");
    h.run();
    h.state_mut().apply(orrery::app::command::Command::ToggleAnalysis);
    for _ in 0..3 {
        h.step();
    }
    let layout = &h.state().settings().layout;
    for pane in [Pane::Board, Pane::Moves, Pane::Clocks, Pane::Analysis] {
        assert!(layout.is_shown(pane), "{pane:?} shows");
    }
    let moves = h.get_by_label("Move list").rect();
    let analysis = h.get_by_role_and_label(egui::accesskit::Role::Button, "Analysis").rect();
    // The move list keeps at least two fifths of the window's height.
    assert!(analysis.top() - moves.top() >= 320.0, "the move list's pane: {moves:?} to {analysis:?}");
    // Both clock faces show whole, above the move list.
    let faces: Vec<Rect> = h.query_all_by_label("5:00").map(|n| n.rect()).collect();
    assert_eq!(faces.len(), 2, "two faces");
    for face in faces {
        assert!(face.bottom() <= moves.top() && face.top() >= 0.0, "{face:?} above {moves:?}");
    }
    // And the time control under them.
    for row in ["5 min + 3 s", "Pause clock"] {
        let control = h.get_by_label(row).rect();
        assert!(control.bottom() <= moves.top(), "{row}: {control:?} above {moves:?}");
    }
    h.state_mut().apply(orrery::app::command::Command::ToggleAnalysis);
    h.step();
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A long quiet Triangular game of `plies` plies (always the first legal move of the
/// generator's order that captures nothing), written with `tags` and `last_comment`
/// after the last move, in `dir`; and the last move's notation.
fn long_game(dir: &std::path::Path, plies: usize, tags: &str, last_comment: &str) -> (std::path::PathBuf, String) {
    use orrery::core::Game;
    use orrery::core::moves::MoveList;
    let mut p = orrery::core::triangular::Position::opening();
    let mut text = format!("[Variant \"Triangular\"]\n{tags}\n");
    let mut last = String::new();
    for ply in 0..plies {
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        let Some(&mv) = moves.iter().find(|m| p.piece_at(m.to).is_none()).or(moves.first()) else { break };
        last = p.notation(mv);
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(&last);
        text.push(' ');
        p.play(mv);
    }
    text.push_str(last_comment);
    text.push_str(" *\n");
    let path = dir.join("long.pgn");
    std::fs::write(&path, text).unwrap();
    (path, last)
}

/// The shown move's button in the move list (the same move may be written elsewhere in
/// the list: the highlighted one), below the list's heading.
fn shown_move(h: &Harness<'static, OrreryApp>, last: &str) -> Rect {
    let moves_top = h.get_by_label("Moves").rect().bottom();
    // The report may have added a glyph to it (`Kg8l?!`).
    h.query_all_by_label_contains(last)
        .filter(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
        .map(|n| n.rect())
        .find(|r| r.top() >= moves_top)
        .unwrap_or_else(|| panic!("{last} shown"))
}

/// The app with its data in `dir`, the game file `path` open and its last move shown.
fn opened_at_its_end(dir: &std::path::Path, path: &std::path::Path) -> Harness<'static, OrreryApp> {
    let mut h = app_in(dir);
    h.run();
    assert!(h.state_mut().open_path(path));
    h.run_steps(4);
    ui_support::finish_reading(&mut h);
    h.key_press(egui::Key::End);
    // The list scrolls smoothly to the shown move.
    h.run_steps(20);
    h
}

/// A long game, its last move shown: opening the comment box under the list (or any row
/// that takes the list's room) keeps the shown move in view.
#[test]
fn the_shown_move_stays_in_view_when_the_move_list_gets_shorter() {
    let dir = std::env::temp_dir().join(format!("orrery-layout-follow-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The last move's comment holds an evaluation and no words.
    let (path, last) = long_game(&dir, 70, "", "{[%eval 0.31]}");
    let mut h = opened_at_its_end(&dir, &path);
    let before = shown_move(&h, &last);
    h.get_by_label("Comment…").click();
    h.run_steps(20);
    let box_top = h.query_by_label_contains("Comment after").unwrap_or_else(|| panic!("the comment box")).rect().top();
    let after = shown_move(&h, &last);
    // The evaluation kept in the comment is not a comment to delete.
    assert!(h.get_by_label("Delete").accesskit_node().is_disabled(), "no words to delete");
    assert!(after.bottom() <= box_top, "the shown move {after:?} above the comment box at {box_top} (was {before:?})");
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A timed game's report and the analysis open below the move list: the clocks' pane
/// is as tall as the faces, the move list keeps its room and the shown move stays in
/// view.
#[test]
fn after_a_timed_games_report_the_clocks_fit_and_the_shown_move_stays_in_view() {
    let dir = std::env::temp_dir().join(format!("orrery-layout-report-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (path, last) = long_game(&dir, 40, "[TimeControl \"900+10\"]\n", "");
    let mut h = opened_at_its_end(&dir, &path);
    h.state_mut().settings_mut().report_nodes = 2_000;
    h.state_mut().apply(orrery::app::command::Command::AnalyseGame);
    // Until the report is done (the status bar says so; its graph shows before).
    let done = |h: &Harness<'static, OrreryApp>| h.state().workspace().message.starts_with("Game report: ");
    for _ in 0..6000 {
        h.step();
        if done(&h) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(done(&h), "the report: {}", h.state().workspace().message);
    h.run_steps(10);
    assert!(h.query_by_label("Evaluation graph").is_some(), "the report's graph");
    h.state_mut().apply(orrery::app::command::Command::ToggleAnalysis);
    h.run_steps(20);
    let moves_tab = h.get_by_label("Move list").rect();
    let control = h.get_by_label("15 min + 10 s").rect();
    assert!(control.bottom() <= moves_tab.top(), "the time control {control:?} above the move list {moves_tab:?}");
    assert!(moves_tab.top() - control.bottom() < 48.0, "no empty room under the clocks: {control:?}, {moves_tab:?}");
    let type_a_move = h.get_by_label("Type a move").rect();
    let shown = shown_move(&h, &last);
    assert!(shown.bottom() <= type_a_move.top(), "the shown move {shown:?} above the move box {type_a_move:?}");
    assert!(type_a_move.top() - h.get_by_label("Moves").rect().bottom() >= 150.0, "the moves' room");
    h.state_mut().apply(orrery::app::command::Command::ToggleAnalysis);
    h.step();
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}
