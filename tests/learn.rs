//! The courses (`assets/learn/*.ron`, `study::learn`): `orrery learn check` proves all
//! three — every position valid, every goal reachable, every par exact, every section
//! of each rules page taught — and a try at a level judges moves as the app shows them.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::process::Command;

use orrery::core::moves::MoveList;
use orrery::core::{Game, Variant, draughts, interstellar, triangular};
use orrery::solver::SolveControl;
use orrery::study::learn::{Attempt, AttemptState, Course, Goal, Level, Plan, Step, check, prepare};

fn orrery(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).output().expect("run orrery")
}

#[test]
fn orrery_learn_check_passes_for_all_three_courses() {
    let out = orrery(&["learn", "check", "--coverage"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("problems: 0"), "{text}");
    for variant in Variant::ALL {
        assert!(text.contains(&format!("course: assets/learn/{}.ron", variant.key())), "{text}");
    }
    // Every section line names at least one level.
    assert!(text.lines().filter(|l| l.starts_with("section ")).all(|l| !l.ends_with(": -")), "{text}");
}

#[test]
fn every_course_reads_and_is_proved_with_every_section_taught() {
    for variant in Variant::ALL {
        let course = Course::builtin(variant).expect("the shipped course reads");
        assert_eq!(course.game().unwrap(), variant);
        let checked = check::check(&course).unwrap();
        assert!(checked.passed(), "{variant}: {:#?}", checked.all_problems());
        assert!(checked.coverage.iter().all(|(_, by)| !by.is_empty()));
        // The last stage is a game against the computer at level 1.
        let last = course.stages.last().unwrap().levels.last().unwrap();
        assert_eq!(last.goal, Goal::Game(1), "{variant}");
        // Each course teaches every piece kind, captures and the endings: many stages.
        assert!(course.stages.len() >= 6, "{variant}: {} stages", course.stages.len());
    }
}

#[test]
fn a_broken_course_file_fails_the_check_with_its_reasons() {
    let dir = std::env::temp_dir().join(format!("orrery-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.ron");
    std::fs::write(
        &path,
        r#"Course(variant: "interstellar", title: "t", intro: "", stages: [
            Stage(key: "q", title: "q", intro: "", levels: [
                Level(text: "", position: "p6n1/8/9/8/4Q4/8/9/8/4P4 +", goal: Coins(["59"]), par: Some(2),
                      teaches: ["No such section"]),
                Level(text: "", position: "not a position", goal: Win, par: Some(1)),
            ]),
        ])"#,
    )
    .unwrap();
    let out = orrery(&["learn", "check", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAIL interstellar/q/1: par 2 is too generous: 1 moves do it (PQ-59)"), "{text}");
    assert!(text.contains("FAIL interstellar/q/2: the position `not a position` is not valid"), "{text}");
    assert!(text.contains("`No such section` is not a section of the rules page"), "{text}");
    assert!(text.contains("no level teaches the rules page's section `Quasar (`Q`)`"), "{text}");
    std::fs::write(&path, "Course(variant: \"interstellar\",\n stages: 3)").unwrap();
    let out = orrery(&["learn", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("bad.ron:line 2"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

fn find_level(variant: Variant, stage: &str, index: usize) -> Level {
    let course = Course::builtin(variant).unwrap();
    course.stages.iter().find(|s| s.key == stage).unwrap().levels[index].clone()
}

fn move_of<G: Game>(position: &G, text: &str) -> G::Move {
    position.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_coins_level_is_done_in_par_and_counts_the_moves() {
    let level = find_level(Variant::Interstellar, "quasar", 0);
    let setup = level.setup::<interstellar::Position>().unwrap();
    let mut attempt = Attempt::new(&setup, Plan::Nothing);
    assert_eq!(attempt.coins_left().len(), 3);
    for (k, text) in ["PQ-59", "PQ-51"].iter().enumerate() {
        let mv = move_of(attempt.position(), text);
        assert_eq!(attempt.play(mv), Step::Going, "move {k}");
    }
    // The other side stood still: the learner is to move again.
    assert_eq!(attempt.position().side_to_move(), setup.start.side_to_move());
    assert_eq!(attempt.coins_left().len(), 1);
    let mv = move_of(attempt.position(), "PQ-93");
    assert_eq!(attempt.play(mv), Step::Done);
    assert_eq!(*attempt.state(), AttemptState::Done { moves: 3 });
    assert_eq!(orrery::study::learn::stars_for(&setup.goal, setup.par, 3, 0), 3);
}

#[test]
fn a_piece_left_where_an_enemy_takes_it_fails_with_the_reason() {
    // The quasar level with the nebula on 77, which watches 56 and 58 along row 5.
    let level = find_level(Variant::Interstellar, "quasar", 1);
    let setup = level.setup::<interstellar::Position>().unwrap();
    let mut attempt = Attempt::new(&setup, Plan::Nothing);
    let mv = move_of(attempt.position(), "PQ-58");
    let Step::Failed(why) = attempt.play(mv) else { panic!("PQ-58 stops where the nebula takes it") };
    assert!(why.contains("negative nebula on 77 could take your quasar on 58"), "{why}");
    assert!(matches!(attempt.state(), AttemptState::Failed(_)));
    // A failed try takes no more moves.
    let again = move_of(&setup.start, "PQ-59");
    assert!(matches!(attempt.play(again), Step::Failed(_)));
}

#[test]
fn a_win_level_answers_with_the_longest_defence_and_refuses_a_slow_move() {
    let level = find_level(Variant::Triangular, "mate", 2);
    let setup = level.setup::<triangular::Position>().unwrap();
    let plan = prepare(&setup, &SolveControl::new()).unwrap();
    let mut attempt = Attempt::new(&setup, plan.clone());
    let key = move_of(attempt.position(), "Nb4d");
    let Step::Answered(answer) = attempt.play(key) else { panic!("the key is answered") };
    assert_eq!(setup.start.side_to_move(), attempt.position().side_to_move());
    let mut moves = MoveList::new();
    attempt.position().legal_moves(&mut moves);
    assert!(!moves.is_empty(), "after {answer:?}");
    let mate = move_of(attempt.position(), "Rc6d");
    assert_eq!(attempt.play(mate), Step::Done);

    // Another first move does not mate in 2.
    let mut wrong = Attempt::new(&setup, plan);
    let mut first = MoveList::new();
    setup.start.legal_moves(&mut first);
    let slow = first.iter().copied().find(|&m| setup.start.notation(m) != "Nb4d").unwrap();
    let Step::Failed(why) = wrong.play(slow) else { panic!("a move that does not mate in 2 fails") };
    assert!(why.contains("does not win within the 2 moves left"), "{why}");
}

#[test]
fn escapes_and_draws_know_their_moves_and_say_what_the_others_allow() {
    let level = find_level(Variant::Interstellar, "endings", 5);
    assert_eq!(level.goal, Goal::Escape(1));
    let setup = level.setup::<interstellar::Position>().unwrap();
    let plan = prepare(&setup, &SolveControl::new()).unwrap();
    let Plan::Moves { good, answers } = plan.clone() else { panic!("an escape is a set of moves") };
    assert!(!good.is_empty() && !answers.is_empty());
    let (bad, Some(_)) = answers[0] else { panic!("a bad move has its punishment") };
    let Step::Failed(why) = Attempt::new(&setup, plan.clone()).play(bad) else { panic!() };
    assert!(why.starts_with("After ") && why.contains("the other side wins with"), "{why}");
    assert_eq!(Attempt::new(&setup, plan).play(good[0]), Step::Done);

    // The third repetition in draughts is a draw at once; the earlier moves count.
    let level = find_level(Variant::Draughts, "endings", 4);
    assert_eq!(level.goal, Goal::Draw);
    let setup = level.setup::<draughts::Position>().unwrap();
    assert_eq!(setup.history.len(), 8);
    let plan = prepare(&setup, &SolveControl::new()).unwrap();
    let repeat = move_of(&setup.start, "46-48");
    assert_eq!(Attempt::new(&setup, plan.clone()).play(repeat), Step::Done);
    let other = move_of(&setup.start, "46-40");
    assert!(matches!(Attempt::new(&setup, plan).play(other), Step::Failed(_)));
}

#[test]
fn a_move_that_stalemates_instead_of_mating_is_called_a_draw() {
    let level = find_level(Variant::Triangular, "mate", 1);
    let setup = level.setup::<triangular::Position>().unwrap();
    let plan = prepare(&setup, &SolveControl::new()).unwrap();
    let stalemate = move_of(&setup.start, "Qb3d");
    let Step::Failed(why) = Attempt::new(&setup, plan.clone()).play(stalemate) else { panic!("stalemate is no mate") };
    assert_eq!(why, "Qb3d ends the game, but not as asked: Draw by stalemate. Look for the move that wins");
    assert_eq!(Attempt::new(&setup, plan).play(move_of(&setup.start, "Qa3l")), Step::Done);
}

/// Follows the hints from the start of every level of `G`'s course: each is a legal
/// move, and together they reach the goal within the par.
fn hints_finish_every_level<G: orrery::solver::SolverGame>(variant: Variant) {
    let course = Course::builtin(variant).unwrap();
    for (s, l, level) in course.levels() {
        let key = course.level_key(s, l);
        let setup = level.setup::<G>().unwrap();
        if matches!(setup.goal, Goal::Game(_)) {
            continue;
        }
        let plan = prepare(&setup, &SolveControl::new()).unwrap();
        let mut attempt = Attempt::new(&setup, plan);
        while *attempt.state() == AttemptState::Playing {
            let hint =
                attempt.hint().unwrap().unwrap_or_else(|| panic!("{key}: no hint after {} moves", attempt.moves()));
            let mut legal = MoveList::new();
            attempt.position().legal_moves(&mut legal);
            assert!(legal.contains(&hint), "{key}: the hint is a legal move");
            attempt.play(hint);
        }
        assert!(
            matches!(attempt.state(), AttemptState::Done { moves } if *moves <= setup.par),
            "{key}: the hints reach the goal within par {}: {:?}",
            setup.par,
            attempt.state()
        );
        // A try that is over has no hint.
        assert_eq!(attempt.hint().unwrap(), None, "{key}");
    }
}

#[test]
fn following_the_hints_finishes_every_level_within_its_par() {
    hints_finish_every_level::<interstellar::Position>(Variant::Interstellar);
    hints_finish_every_level::<triangular::Position>(Variant::Triangular);
    hints_finish_every_level::<draughts::Position>(Variant::Draughts);
}
