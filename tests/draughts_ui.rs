//! UI tests of Triangular draughts in the real app (`docs/rules-draughts.md`,
//! `docs/app.md` *Playing a move*): a capture of several pieces entered by clicking its
//! landing cells (or only its last cell when that decides it), the pieces shown as they
//! are jumped, promotion to king, a game ended by blocking, a third repetition, and a
//! game saved and opened again.

#![allow(clippy::unwrap_used)] // tests may unwrap

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::core::game::Variant;
use ui_support::{click_cell, play};

mod ui_support;

fn harness(dialogs: FakeDialogs) -> Harness<'static, OrreryApp> {
    ui_support::harness(dialogs, 820.0)
}

/// The app showing a Triangular draughts game from this position string.
fn from_position(text: &str) -> Harness<'static, OrreryApp> {
    let mut h = harness(FakeDialogs::default());
    h.run();
    h.state_mut().apply(Command::Act(Action::PasteText(text.to_string())));
    h.run();
    assert_eq!(h.state().workspace().view.variant(), Variant::Draughts, "{}", h.state().workspace().message);
    h
}

/// The slot of draughts cell `n` (1–48).
fn cell(n: u8) -> u8 {
    orrery::core::draughts::Cell::new(n).unwrap().slot()
}

fn click(h: &mut Harness<'static, OrreryApp>, n: u8) {
    click_cell(h, cell(n));
}

fn position(h: &Harness<'static, OrreryApp>) -> String {
    h.state().workspace().view.position_string()
}

fn jumped(h: &Harness<'static, OrreryApp>) -> Vec<u8> {
    let overlay = h.state().overlay_slots();
    overlay.jumped.iter().map(|s| s + 1).collect()
}

#[test]
fn a_capture_of_three_is_entered_landing_by_landing_with_the_jumped_pieces_shown() {
    // The rules page's king example: eight captures of all three men.
    let mut h = from_position("W:WK29:B12,13,25");
    // Bound to capture: the king is ringed before it is chosen.
    let ringed: Vec<u8> = h.state().overlay_slots().captures.iter().map(|s| s + 1).collect();
    assert_eq!(ringed, [29]);
    click(&mut h, 29);
    // Chosen: the last cells and the first landings (6, 16, and 20 of 29x20x5x18, a
    // route of 29x16x9x18) are marked.
    let mut marked: Vec<u8> = h.state().overlay_slots().targets.iter().map(|s| s + 1).collect();
    marked.sort_unstable();
    assert_eq!(marked, [6, 16, 18, 20, 21, 22, 29, 34, 37, 38, 45]);
    click(&mut h, 6);
    // Six captures land on 6; none ends there: the move goes on.
    assert_eq!(position(&h), "W:WK29:B12,13,25", "nothing played yet");
    assert!(
        h.state().workspace().message.contains("6 different captures still fit"),
        "{}",
        h.state().workspace().message
    );
    assert_eq!(jumped(&h), [13], "the man on 13 is shown jumped");
    click(&mut h, 16);
    assert_eq!(jumped(&h), [13, 12]);
    let next: Vec<u8> = h.state().overlay_slots().targets.iter().map(|s| s + 1).collect();
    let mut sorted = next.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, [29, 34, 38], "the last landings on offer");
    click(&mut h, 34);
    assert_eq!(position(&h), "B:WK34:B");
    assert!(h.query_by_label("29x6x16x34").is_some(), "the move list shows the full form");
    assert!(jumped(&h).is_empty());
}

#[test]
fn the_last_cell_alone_is_enough_when_only_one_capture_ends_there() {
    let mut h = from_position("W:WK29:B12,13,25");
    click(&mut h, 29);
    click(&mut h, 22);
    assert_eq!(position(&h), "B:WK22:B");
    assert!(h.query_by_label("29x16x9x22").is_some());
    // A capture that ends on its own start cell: the piece's cell clicked again.
    let mut h = from_position("W:WK29:B12,13,25");
    click(&mut h, 29);
    click(&mut h, 29);
    assert_eq!(position(&h), "B:WK29:B");
}

#[test]
fn two_captures_ending_on_one_cell_ask_for_a_landing_on_the_way() {
    // 26x4x35x14 and 26x8x32x14 both end on 14.
    let mut h = from_position("B:W12,24,27,28,39,43:BK26");
    click(&mut h, 26);
    click(&mut h, 14);
    assert!(h.state().workspace().message.contains("2 captures end on 14"), "{}", h.state().workspace().message);
    assert_eq!(position(&h), "B:W12,24,27,28,39,43:BK26");
    click(&mut h, 8);
    assert_eq!(position(&h), "W:W27,39,43:BK14:F2", "8 chose the route over 12, 24 and 28");
    assert!(h.query_by_label("26x8x32x14").is_some());
}

#[test]
fn a_drag_to_the_last_cell_plays_the_capture_and_a_wrong_landing_is_refused() {
    let mut h = from_position("B:W12,24,28,30,31,33,34,35,39,41,42,43,44,47,48:B1,3,4,5,6,7,8,9,10,11,13,14,19");
    // A landing no capture reaches is refused with a reason, and nothing is played.
    click(&mut h, 5);
    click(&mut h, 20);
    click(&mut h, 22);
    assert!(
        h.state().workspace().message.contains("No capture from 5 lands on 22"),
        "{}",
        h.state().workspace().message
    );
    // Dragging the man straight to 36 plays the one capture of six.
    play(&mut h, "5x36");
    assert_eq!(position(&h), "W:W24,30,31,35,39,43,44,47,48:B1,3,4,6,7,8,9,10,11,13,14,19,36:F2");
    assert!(h.query_by_label("5x20x36x29x38x45x36").is_some(), "written with the smallest route");
}

#[test]
fn a_man_reaching_the_far_edge_is_crowned() {
    let mut h = from_position("W:W5:B40");
    click(&mut h, 5);
    click(&mut h, 2);
    assert_eq!(position(&h), "B:WK2:B40");
    let scene = h.state().workspace().view.diagram_scene(&Default::default());
    let king = scene.groups.iter().any(
        |g| matches!(&g.role, orrery::render::scene::Role::Piece { id, cell } if id == "white:king" && cell == "2"),
    );
    assert!(king, "the board draws a White king on 2");
}

#[test]
fn blocking_every_white_piece_wins_for_black() {
    let mut h = from_position("B:W48:B36,K43,44,K37,K46,K47");
    click(&mut h, 37);
    click(&mut h, 45);
    assert_eq!(position(&h), "W:W48:B36,K43,44,K45,K46,K47:H1:F2");
    assert_eq!(h.state().workspace().view.tag("Termination").as_deref(), Some("Ended by no legal move"));
    let banner = h.state().workspace().view.banner().unwrap_or_default();
    assert_eq!(banner, "Black wins: White has no legal move");
    // The board takes no more moves.
    click(&mut h, 48);
    assert!(h.state().workspace().message.contains("over"), "{}", h.state().workspace().message);
}

#[test]
fn the_third_repetition_draws_at_once() {
    let mut h = from_position("W:WK7:BK42");
    for _ in 0..2 {
        for mv in ["7-11", "42-37", "11-7", "37-42"] {
            play(&mut h, mv);
        }
    }
    assert_eq!(h.state().workspace().view.tag("Termination").as_deref(), Some("Ended by threefold repetition"));
    assert!(h.state().workspace().view.game_over());
    assert!(h.state().workspace().view.banner().unwrap_or_default().contains("repetition"));
    let drawn = position(&h);
    click(&mut h, 7);
    click(&mut h, 11);
    assert_eq!(position(&h), drawn, "no move after the draw");
}

#[test]
fn a_whole_game_against_the_computer_is_saved_and_opened_again() {
    let dir = std::env::temp_dir().join(format!("orrery-draughts-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("draughts.pgn");
    let dialogs =
        FakeDialogs { opens: vec![Some(path.clone())], saves: vec![Some(path.clone())], ..FakeDialogs::default() };
    let mut h = harness(dialogs);
    h.run();
    h.state_mut().apply(Command::Act(Action::NewComputerGame {
        variant: Variant::Draughts,
        user_side: Some(0),
        level: 1,
        clock: None,
    }));
    h.run();
    // The user (White) plays the first legal move each turn that its two cells alone
    // name (two captures may start and end alike); the computer answers.
    for _ in 0..20_000 {
        if h.state().workspace().view.game_over() {
            break;
        }
        let pos = orrery::core::draughts::Position::from_position_string(&position(&h)).unwrap();
        if pos.side_to_move() == orrery::core::draughts::Side::White {
            let mut moves = orrery::core::moves::MoveList::new();
            pos.legal_moves(&mut moves);
            let cells = |m| <orrery::core::draughts::Position as orrery::core::Game>::move_cells(m);
            let mv = moves
                .iter()
                .copied()
                .find(|&m| moves.iter().filter(|&&o| cells(o) == cells(m)).count() == 1)
                .unwrap_or(moves[0]);
            let (from, to) = h.state().workspace().view.move_slots(&pos.move_text(mv)).unwrap();
            let before = position(&h);
            h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
            h.step();
            // Two captures that start and end alike (every move here was such a pair):
            // the app asks for the landings on the way, given as a user clicks them.
            if let Some(route) = pos.routes(mv).first() {
                for landing in route {
                    if position(&h) != before {
                        break;
                    }
                    click_cell(&mut h, landing.slot());
                }
            }
        } else {
            h.step();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
    assert!(
        h.state().workspace().view.game_over(),
        "the game reached its end: at {} ({})",
        position(&h),
        h.state().workspace().message
    );
    let plies = h.state().workspace().view.game().move_count();
    assert!(plies > 10, "{plies} plies");
    h.state_mut().apply(Command::SaveAs);
    h.run_steps(10);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Variant \"Triangular draughts\"]"), "{text}");
    assert!(text.contains("1. "), "{text}");
    h.state_mut().apply(Command::Act(Action::NewGame(Variant::Interstellar)));
    h.run_steps(10);
    h.state_mut().apply(Command::Open);
    h.run_steps(10);
    ui_support::finish_reading(&mut h);
    assert_eq!(h.state().workspace().view.variant(), Variant::Draughts);
    assert_eq!(h.state().workspace().view.game().move_count(), plies);
    assert!(h.state().workspace().view.game_over());
    std::fs::remove_dir_all(&dir).unwrap();
}
