//! Help → Learn driven through the real app (egui_kittest): a course opens from the
//! Help menu at its first level, a stage is played to three stars by clicking the
//! board, a wrong move shows its full explanation, the stars are kept in the settings,
//! and Reset progress forgets them.

#![allow(clippy::unwrap_used)] // tests may unwrap

mod ui_support;

use egui::PointerButton;
use egui_kittest::kittest::Queryable;
use orrery::app::dialogs::FakeDialogs;
use orrery::app::view::lesson::LessonStatus;
use ui_support::{click_px, harness, menu};

fn click_named(h: &mut egui_kittest::Harness<'static, orrery::app::OrreryApp>, name: &str) {
    let pos = h.state().lesson_cell_px(name).unwrap_or_else(|| panic!("{name} is on the lesson's board"));
    click_px(h, pos, PointerButton::Primary);
}

fn status(h: &egui_kittest::Harness<'static, orrery::app::OrreryApp>) -> LessonStatus {
    h.state().workspace().learn.as_ref().expect("a course is open").lesson.face().status
}

/// Shows level `level` of stage `stage` (0-based) of the open course.
fn go(h: &mut egui_kittest::Harness<'static, orrery::app::OrreryApp>, stage: usize, level: usize) {
    h.state_mut().apply(orrery::app::command::Command::Act(orrery::app::command::Action::Learn(
        orrery::app::command::LearnAction::Go { stage, level },
    )));
    h.run();
}

/// Plays a move of the lesson by clicking its piece, then its cell.
fn play(h: &mut egui_kittest::Harness<'static, orrery::app::OrreryApp>, from: &str, to: &str) {
    click_named(h, from);
    click_named(h, to);
}

#[test]
fn the_first_stage_of_interstellar_is_played_to_three_stars_from_the_help_menu() {
    let mut h = harness(FakeDialogs::default(), 860.0);
    menu(&mut h, "Help", "Learn Interstellar");
    {
        let learn = h.state().workspace().learn.as_ref().expect("the course opened");
        assert_eq!((learn.stage, learn.level), (0, 0));
    }
    h.get_by_label_contains("Goal: collect 2 coins in 2 moves");
    // Level 1: the planet 15 → 25 → 35.
    play(&mut h, "15", "25");
    assert_eq!(status(&h), LessonStatus::Playing);
    play(&mut h, "25", "35");
    assert_eq!(status(&h), LessonStatus::Done { moves: 2, stars: 3 });
    h.get_by_label("Well done!");
    assert_eq!(h.state().settings().learn_progress.get("interstellar/board/1"), Some(&3));
    // Level 2: up the chain of neutral cells in four moves.
    h.get_by_label("Next level").click();
    h.run();
    for (from, to) in [("15", "24"), ("24", "35"), ("35", "44"), ("44", "55")] {
        play(&mut h, from, to);
    }
    assert_eq!(status(&h), LessonStatus::Done { moves: 4, stars: 3 });
    // Level 3: 33 → 43 → 44 → 55.
    h.get_by_label("Next level").click();
    h.run();
    for (from, to) in [("33", "43"), ("43", "44"), ("44", "55")] {
        play(&mut h, from, to);
    }
    assert_eq!(status(&h), LessonStatus::Done { moves: 3, stars: 3 });
    let progress = &h.state().settings().learn_progress;
    assert!((1..=3).all(|k| progress.get(&format!("interstellar/board/{k}")) == Some(&3)), "{progress:?}");
    // The stage map says the stage is done.
    h.get_by_label_contains("1. The board (done)");
    // And the course's line counts the stars and the stage.
    h.get_by_label_contains("Stars: 9 of 84 · stages done: 1 of 11");
    // "Next stage" goes on to the planet.
    h.get_by_label("Next stage").click();
    h.run();
    let learn = h.state().workspace().learn.as_ref().unwrap();
    assert_eq!((learn.stage, learn.level), (1, 0));
}

#[test]
fn a_wrong_move_is_explained_in_full_and_retry_starts_again() {
    let mut h = harness(FakeDialogs::default(), 1100.0);
    menu(&mut h, "Help", "Learn Interstellar");
    // The quasar's second level: the negative nebula on 77 watches 58.
    go(&mut h, 2, 1);
    // An illegal move first: the board's explanation, in full, beside the board.
    play(&mut h, "51", "62");
    let note = h.state().workspace().learn.as_ref().unwrap().lesson.face().note;
    assert!(
        note.starts_with("The quasar PQ cannot move there: a quasar runs along its row or a diagonal line"),
        "{note}"
    );
    h.get_by_label(&note);
    assert_eq!(status(&h), LessonStatus::Playing);
    // A legal move that leaves the quasar where the nebula takes it fails, and says so.
    play(&mut h, "51", "58");
    let LessonStatus::Failed(why) = status(&h) else { panic!("the quasar is taken on 58") };
    assert!(why.contains("The negative nebula on 77 could take your quasar on 58"), "{why}");
    h.get_by_label(&why);
    h.get_by_label("Retry").click();
    h.run();
    assert_eq!(status(&h), LessonStatus::Playing);
    let face = h.state().workspace().learn.as_ref().unwrap().lesson.face();
    assert_eq!((face.moves, face.failures, face.coins_left), (0, 1, 2));
    // Reset progress forgets the course's stars.
    h.state_mut().settings_mut().learn_progress.insert("interstellar/board/1".into(), 2);
    h.state_mut().settings_mut().learn_progress.insert("triangular/board/1".into(), 3);
    h.get_by_label("Reset progress").click();
    h.run();
    let progress = &h.state().settings().learn_progress;
    assert_eq!(progress.len(), 1, "only the other course's stars stay: {progress:?}");
    // Close goes back to the game.
    h.get_by_label("Close").click();
    h.run();
    assert!(h.state().workspace().learn.is_none());
}

/// Plays a move of the lesson given in the game's notation, clicking its cells.
fn play_notation(h: &mut egui_kittest::Harness<'static, orrery::app::OrreryApp>, notation: &str) {
    let (from, to) = h.state().workspace().learn.as_ref().unwrap().lesson.move_cells(notation).expect("a legal move");
    play(h, &from, &to);
}

#[test]
fn a_win_level_waits_for_its_plan_then_answers_and_the_rules_page_opens() {
    let mut h = harness(FakeDialogs::default(), 860.0);
    menu(&mut h, "Help", "Learn Triangular…");
    // Checkmate, mate in 2: the solver's tree is worked out on a job first.
    go(&mut h, 9, 2);
    for _ in 0..500 {
        h.step();
        if status(&h) != LessonStatus::Preparing {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(status(&h), LessonStatus::Playing);
    play_notation(&mut h, "Nb4d");
    let note = h.state().workspace().learn.as_ref().unwrap().lesson.face().note;
    assert!(note.starts_with("Black answered "), "{note}");
    play_notation(&mut h, "Rc6d");
    assert_eq!(status(&h), LessonStatus::Done { moves: 2, stars: 3 });
    // The rules page opens from the Help menu, rendered from its Markdown.
    menu(&mut h, "Help", "Rules of Triangular");
    h.get_by_label_contains("Triangular is a chess variant");
}

#[test]
fn a_first_start_welcomes_with_the_courses_and_a_second_does_not() {
    let dir = std::env::temp_dir().join(format!("orrery-welcome-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = orrery::app::OrreryApp::new(Box::new(FakeDialogs::default()));
    app.attach_data_dir(Some(dir.clone()));
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1200.0, 860.0))
        .build_ui_state(|ui, app: &mut orrery::app::OrreryApp| app.show(ui), app);
    h.run();
    h.get_by_label_contains("New to these games?");
    h.get_by_label("Learn Triangular draughts").click();
    h.run();
    let learn = h.state().workspace().learn.as_ref().expect("the welcome opened the course");
    assert_eq!(learn.variant, orrery::core::Variant::Draughts);
    assert!(!h.state().shell().welcome);
    h.state_mut().on_exit();
    drop(h);
    let mut app = orrery::app::OrreryApp::new(Box::new(FakeDialogs::default()));
    app.attach_data_dir(Some(dir.clone()));
    assert!(!app.shell().welcome, "the settings exist now: no welcome");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_course_game_in_progress_is_not_dropped_without_asking() {
    let mut h = harness(FakeDialogs::default(), 860.0);
    menu(&mut h, "Help", "Learn Triangular…");
    let last = |h: &egui_kittest::Harness<'static, orrery::app::OrreryApp>| {
        let course = &h.state().workspace().learn.as_ref().unwrap().course;
        (course.stages.len() - 1, course.stages.last().unwrap().levels.len() - 1)
    };
    let (stage, level) = last(&h);
    go(&mut h, stage, level);
    h.get_by_label("Play against level 1").click();
    h.run();
    // The course's game is the document now, against the computer.
    assert!(h.state().workspace().learn.is_none());
    assert_eq!(h.state().workspace().view.computer_side(), Some(1));
    ui_support::play(&mut h, "Bd3d");
    assert!(h.state().workspace().document.modified, "a move makes the game unsaved work");
    // Another course's game asks first; the game stays until the user answers.
    menu(&mut h, "Help", "Learn Triangular draughts…");
    let (stage, level) = last(&h);
    go(&mut h, stage, level);
    h.get_by_label("Play against level 1").click();
    h.run();
    h.get_by_label("Unsaved changes");
    assert_eq!(h.state().workspace().view.variant(), orrery::core::Variant::Triangular);
}

fn hint_text(h: &egui_kittest::Harness<'static, orrery::app::OrreryApp>) -> String {
    h.state().workspace().learn.as_ref().unwrap().lesson.face().hint
}

/// Clicks Hint and waits for its search (coins and captures search on a job).
fn ask_hint(h: &mut egui_kittest::Harness<'static, orrery::app::OrreryApp>) -> String {
    h.get_by_label("Hint").click();
    for _ in 0..500 {
        h.step();
        if !hint_text(h).is_empty() && hint_text(h) != "Looking for a hint…" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run();
    hint_text(h)
}

#[test]
fn hint_marks_the_piece_then_the_move_and_costs_the_third_star() {
    let mut h = harness(FakeDialogs::default(), 860.0);
    menu(&mut h, "Help", "Learn Interstellar");
    // The first level (coins): the hint is searched on a job, the planet is marked.
    let first = ask_hint(&mut h);
    assert!(first.starts_with("Hint: move the planet marked in yellow"), "{first}");
    h.get_by_label_contains("Hint again shows where it goes");
    let second = ask_hint(&mut h);
    assert!(second.starts_with("Hint: play "), "{second}");
    // Following the hints finishes the level in par, with two stars at most.
    for _ in 0..4 {
        if status(&h) != LessonStatus::Playing {
            break;
        }
        if !hint_text(&h).starts_with("Hint: play ") {
            ask_hint(&mut h);
        }
        let text = ask_hint(&mut h);
        let notation = text.strip_prefix("Hint: play ").and_then(|t| t.split(',').next()).expect("the move is named");
        play_notation(&mut h, notation);
        assert!(hint_text(&h).is_empty(), "a move played forgets the hint");
    }
    assert_eq!(status(&h), LessonStatus::Done { moves: 2, stars: 2 });
    // Retry: a try without a hint earns three stars again.
    h.get_by_label("Retry").click();
    h.run();
    play(&mut h, "15", "25");
    play(&mut h, "25", "35");
    assert_eq!(status(&h), LessonStatus::Done { moves: 2, stars: 3 });
}

#[test]
fn a_click_on_an_enemy_piece_marks_where_it_could_take() {
    let mut h = harness(FakeDialogs::default(), 860.0);
    menu(&mut h, "Help", "Learn Triangular…");
    // The king: a Black knight on f5l stands guard.
    go(&mut h, 1, 0);
    click_named(&mut h, "f5l");
    let learn = h.state().workspace().learn.as_ref().unwrap();
    let face = learn.lesson.face();
    assert!(face.note.contains("could go to the cells marked in red"), "{}", face.note);
    assert!(!face.refused, "a question, not a refusal");
    let reach = learn.lesson.marks().enemy_reach;
    assert!(!reach.is_empty(), "the knight's cells are marked");
    assert_eq!(status(&h), LessonStatus::Playing, "nothing was played");
    // A click on the learner's own piece carries on as before, and the marks go.
    click_named(&mut h, "c3d");
    let marks = h.state().workspace().learn.as_ref().unwrap().lesson.marks();
    assert!(marks.enemy_reach.is_empty());
    assert!(marks.selected.is_some(), "the king is picked up");
}
