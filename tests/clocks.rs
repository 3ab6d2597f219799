//! UI tests of the game clock, driven by a fake clock (the frame time each step is set
//! by the test; nothing sleeps): the New game with a clock window, Fischer increment,
//! simple delay, undo restoring the clocks, a flag fall, `[%clk]` stamps and the tags.

#![allow(clippy::unwrap_used)] // tests may unwrap

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use orrery::app::OrreryApp;
use orrery::app::clock::ClockSetup;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::core::game::Variant;
use orrery::record::annotations::TimeControl;
use orrery::record::{AnyGame, GameResult, read_one, write_any};

mod ui_support;

fn harness() -> Harness<'static, OrreryApp> {
    ui_support::harness(FakeDialogs::default(), 800.0)
}

/// One frame at `t` seconds of the fake clock.
fn step_at(h: &mut Harness<'static, OrreryApp>, t: f64) {
    h.input_mut().time = Some(t);
    h.step();
}

/// Plays `notation` at `t` seconds (as a drop of the piece), then a frame.
fn play_at(h: &mut Harness<'static, OrreryApp>, t: f64, notation: &str) {
    step_at(h, t);
    let (from, to) = h.state().workspace().view.move_slots(notation).unwrap_or_else(|| panic!("{notation} is legal"));
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
    step_at(h, t);
}

/// The `k`-th legal move at the shown Interstellar position, in its notation.
fn interstellar_move(h: &Harness<'static, OrreryApp>, k: usize) -> String {
    nth_move::<orrery::core::interstellar::Position>(h, k)
}

/// The `k`-th legal move at the shown position of game `G`, in its notation.
fn nth_move<G: orrery::core::Game>(h: &Harness<'static, OrreryApp>, k: usize) -> String {
    let pos = G::from_position_string(&h.state().workspace().view.position_string()).unwrap();
    let mut list = orrery::core::moves::MoveList::new();
    pos.legal_moves(&mut list);
    pos.notation(list[k % list.len()])
}

/// The `[%clk]` stamps of the main line, in order.
fn stamps(h: &Harness<'static, OrreryApp>) -> Vec<String> {
    let text = write_any(&h.state().workspace().view.game());
    text.match_indices("[%clk ").map(|(i, _)| text[i + 6..].split(']').next().unwrap_or("").to_string()).collect()
}

fn new_clock_game(h: &mut Harness<'static, OrreryApp>, variant: Variant, control: &str) {
    let clock = ClockSetup { control: TimeControl::parse(control).unwrap(), handicap: [0, 0] };
    h.state_mut().apply(Command::Act(Action::NewClockGame { variant, clock }));
    step_at(h, 0.0);
}

#[test]
fn the_new_game_window_starts_a_timed_game_and_the_increment_counts() {
    let mut h = harness();
    step_at(&mut h, 0.0);
    ui_support::menu(&mut h, "Game", "New game with a clock");
    assert!(h.state().shell().new_game_form.is_some());
    h.get_by_label("Start").click();
    step_at(&mut h, 0.0);
    step_at(&mut h, 0.0);
    assert_eq!(h.state().workspace().view.tag("TimeControl").as_deref(), Some("300+3"), "5+3 is the window's default");
    h.get_by_label("5 min + 3 s");
    // Untimed first moves, then 10 s for the first player's second move: 4:50 + 3 s.
    let m = interstellar_move(&h, 0);
    play_at(&mut h, 1.0, &m);
    let m = interstellar_move(&h, 0);
    play_at(&mut h, 2.0, &m);
    assert!(h.state().workspace().view.clock_running());
    step_at(&mut h, 7.0);
    h.get_by_label("4:55");
    let m = interstellar_move(&h, 1);
    play_at(&mut h, 12.0, &m);
    assert_eq!(stamps(&h), ["0:05:00", "0:05:00", "0:04:53"]);
    h.get_by_label("4:53");
    // Undo restores the clocks: the first player is back at its time before the move.
    step_at(&mut h, 20.0);
    h.state_mut().apply(Command::Undo);
    step_at(&mut h, 20.0);
    assert_eq!(stamps(&h).len(), 2);
    step_at(&mut h, 21.0);
    h.get_by_label("4:59");
}

#[test]
fn time_given_to_the_side_not_to_move_survives_undo() {
    let mut h = harness();
    new_clock_game(&mut h, Variant::Interstellar, "300+3");
    for t in [0.0, 0.0] {
        let m = interstellar_move(&h, 0);
        play_at(&mut h, t, &m);
    }
    let m = interstellar_move(&h, 1);
    play_at(&mut h, 10.0, &m);
    assert_eq!(stamps(&h), ["0:05:00", "0:05:00", "0:04:53"]);
    // Negative to move: Positive (side 0) gets 15 s, written into its last stamp.
    h.state_mut().apply(Command::Game(GameCommand::AddTime { side: 0, seconds: 15 }));
    step_at(&mut h, 11.0);
    assert_eq!(stamps(&h), ["0:05:00", "0:05:00", "0:05:08"]);
    let m = interstellar_move(&h, 0);
    play_at(&mut h, 12.0, &m);
    h.state_mut().apply(Command::Undo);
    step_at(&mut h, 13.0);
    assert_eq!(stamps(&h), ["0:05:00", "0:05:00", "0:05:08"], "undo keeps the added time");
    h.get_by_label("5:08");
}

#[test]
fn a_simple_delay_waits_and_pause_stops_the_count() {
    let mut h = harness();
    new_clock_game(&mut h, Variant::Triangular, "60d5");
    type T = orrery::core::triangular::Position;
    for _ in 0..2 {
        let m = nth_move::<T>(&h, 0);
        play_at(&mut h, 0.0, &m);
    }
    step_at(&mut h, 3.0);
    assert_eq!(h.get_all_by_label("1:00").count(), 2);
    h.get_by_label_contains("delay 2.0 s");
    let m = nth_move::<T>(&h, 1);
    play_at(&mut h, 4.0, &m);
    assert_eq!(stamps(&h).last().map(String::as_str), Some("0:01:00"), "a move within the delay costs nothing");
    // The second player's turn began at 4 s: 11 s later, 6 s counted.
    step_at(&mut h, 15.0);
    h.get_by_label("0:54");
    h.get_by_label("Pause clock").click();
    step_at(&mut h, 15.0);
    step_at(&mut h, 100.0);
    h.get_by_label("0:54");
    assert!(!h.state().workspace().view.clock_running());
    h.get_by_label("Resume clock").click();
    step_at(&mut h, 100.0);
    // After a pause the delay begins again.
    step_at(&mut h, 110.0);
    h.get_by_label("0:49");
    // The top clock is the second player's (the board is not turned): 15 s more.
    h.get_all_by_label_contains("+15 s").next().expect("a +15 s button").click();
    step_at(&mut h, 110.0);
    step_at(&mut h, 110.0);
    h.get_by_label("1:04");
}

#[test]
fn a_flag_fall_loses_and_the_record_keeps_the_clock() {
    let mut h = harness();
    new_clock_game(&mut h, Variant::Interstellar, "20+1");
    let m = interstellar_move(&h, 0);
    play_at(&mut h, 0.0, &m);
    let m = interstellar_move(&h, 0);
    play_at(&mut h, 0.0, &m);
    step_at(&mut h, 10.0);
    assert!(!h.state().workspace().view.game_over());
    h.get_by_label_contains("0:10");
    step_at(&mut h, 15.5);
    h.get_by_label("0:04.5");
    step_at(&mut h, 20.05);
    step_at(&mut h, 20.1);
    assert!(h.state().workspace().view.game_over(), "the flag fell");
    assert_eq!(h.state().workspace().view.tag("Termination").as_deref(), Some("Positive lost on time"));
    h.get_by_label("0:00.0");
    // Stepping back through the finished game shows the clocks as they stood.
    h.state_mut().apply(Command::Game(GameCommand::Back));
    step_at(&mut h, 21.0);
    assert_eq!(h.get_all_by_label("0:20").count(), 2);
    h.state_mut().apply(Command::Game(GameCommand::End));
    step_at(&mut h, 22.0);
    let game = h.state().workspace().view.game();
    let AnyGame::Interstellar(record) = read_one(&write_any(&game)).unwrap() else { panic!("an Interstellar game") };
    assert_eq!(record.result, GameResult::SecondPlayerWins);
    assert_eq!(record.tags.get("TimeControl"), Some("20+1"));
}

#[test]
fn a_flag_fall_against_a_lone_king_draws() {
    let mut h = harness();
    h.state_mut().apply(Command::Act(Action::NewGame(Variant::Triangular)));
    step_at(&mut h, 0.0);
    h.state_mut().apply(Command::Game(GameCommand::SetPosition("9/11/13/15/15/13/11/K3N2k1 w 0 1".into())));
    step_at(&mut h, 0.0);
    assert!(h.state().workspace().view.position_string().starts_with("9/11/13/15/15/13/11/K3N2k1"));
    let clock = ClockSetup { control: TimeControl::parse("30").unwrap(), handicap: [0, 0] };
    h.state_mut().workspace_mut().view.set_clock(Some(clock));
    let moves: Vec<String> = {
        use orrery::core::{Game, triangular};
        let mut pos =
            triangular::Position::from_position_string(&h.state().workspace().view.position_string()).unwrap();
        let mut out = Vec::new();
        for _ in 0..2 {
            let mut list = orrery::core::moves::MoveList::new();
            pos.legal_moves(&mut list);
            let mv = list[0];
            out.push(pos.notation(mv));
            pos.play(mv);
        }
        out
    };
    play_at(&mut h, 0.0, &moves[0]);
    play_at(&mut h, 0.0, &moves[1]);
    step_at(&mut h, 31.0);
    step_at(&mut h, 31.0);
    assert!(h.state().workspace().view.game_over());
    assert_eq!(
        h.state().workspace().view.tag("Termination").as_deref(),
        Some("Draw: White's time ran out and Black cannot win"),
        "Black has only its king"
    );
}

#[test]
fn a_timed_game_against_the_computer_stamps_both_sides() {
    let mut h = harness();
    step_at(&mut h, 0.0);
    let clock = ClockSetup { control: TimeControl::parse("180+2").unwrap(), handicap: [0, -60] };
    h.state_mut().apply(Command::Act(Action::NewComputerGame {
        variant: Variant::Interstellar,
        user_side: Some(0),
        level: 1,
        clock: Some(clock),
    }));
    step_at(&mut h, 0.0);
    assert_eq!(h.state().workspace().view.tag("TimeHandicap").as_deref(), Some("0,-60"));
    let date = h.state().workspace().view.tag("Date").unwrap_or_default();
    assert!(date.len() == 10 && !date.contains('?'), "today's date: {date}");
    assert!(!h.state().modified(), "a new game is not unsaved work");
    let m = interstellar_move(&h, 0);
    play_at(&mut h, 0.0, &m);
    let mut t = 0.0;
    while h.state().workspace().view.cursor_path().len() < 2 {
        t += 0.05;
        step_at(&mut h, t);
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert!(t < 500.0, "the computer answered");
    }
    assert_eq!(stamps(&h), ["0:03:00", "0:02:00"], "the computer's side has a minute less");
}
