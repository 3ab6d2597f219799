//! The puzzle solver: the built-in puzzles (keys, uniqueness, the patent's figures
//! recognised as Target Out), the stipulation parser, cooks, positions without a key,
//! cancellation, puzzle records and `orrery solve`.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use orrery::core::interstellar::{self, Cell, Kind, Setup, SetupPiece, Side};
use orrery::core::{Game, triangular};
use orrery::record::{AnyGame, read_one, write_game};
use orrery::solver::{
    Goal, MAX_STIPULATION_MOVES, Puzzle, PuzzleGoal, SolveControl, SolveError, SolveOptions, SolverGame, Stipulation,
    StipulationError, builtin_puzzles, solution_record, solve,
};
use proptest::prelude::*;

fn stip(text: &str) -> Stipulation {
    text.parse().expect("stipulation")
}

fn builtin(file: &str) -> Puzzle {
    builtin_puzzles().iter().find(|b| b.file == file).unwrap_or_else(|| panic!("no built-in {file}")).puzzle().unwrap()
}

// ---------------------------------------------------------------------------------
// Built-in puzzles

/// The original puzzles: file, stipulation, the one key.
const ORIGINALS: [(&str, &str, &str); 8] = [
    ("interstellar-out1.pgn", "Target Out in 1", KEY_OUT1),
    ("interstellar-out2.pgn", "Target Out in 2", KEY_OUT2),
    ("interstellar-out3.pgn", "Target Out in 3", KEY_OUT3),
    ("triangular-mate1.pgn", "mate in 1", KEY_MATE1),
    ("triangular-mate2.pgn", "mate in 2", KEY_MATE2),
    ("triangular-mate3.pgn", "mate in 3", KEY_MATE3),
    ("draughts-win1.pgn", "win in 1", "37-45"),
    ("draughts-win2.pgn", "win in 2", "2-7"),
];
const KEY_OUT1: &str = "PQ-73 out";
const KEY_OUT2: &str = "PNS-44";
const KEY_OUT3: &str = "NN-16";
const KEY_MATE1: &str = "Qa3l#";
const KEY_MATE2: &str = "Nb4d";
const KEY_MATE3: &str = "Rf6l";

#[test]
fn every_builtin_puzzle_reads_with_title_author_and_source() {
    assert_eq!(builtin_puzzles().len(), 11);
    for b in builtin_puzzles() {
        let p = b.puzzle().unwrap_or_else(|e| panic!("{}: {e}", b.file));
        assert!(!p.title.is_empty() && p.author == "Orrery" && !p.source.is_empty(), "{}: {p:?}", b.file);
        assert!(b.file.starts_with(p.variant.key()), "{}", b.file);
    }
}

#[test]
fn original_puzzles_have_exactly_the_recorded_key_and_no_shorter_solution() {
    for (file, stipulation, key) in ORIGINALS {
        let p = builtin(file);
        assert_eq!(p.goal, PuzzleGoal::Stipulation(stip(stipulation)), "{file}");
        let solution = p.solve(&SolveOptions::default(), &SolveControl::new()).unwrap();
        assert_eq!(solution.keys(), vec![key.to_string()], "{file}");
        assert!(solution.is_unique(), "{file}");
        assert_eq!(p.recorded_keys(), vec![key.to_string()], "{file}: the record's key");
        let s = stip(stipulation);
        if s.moves > 1 {
            let shorter = Stipulation { moves: s.moves - 1, ..s };
            let quick = p.solve_for(shorter, &SolveOptions::default(), &SolveControl::new());
            assert!(quick.unwrap().keys().is_empty(), "{file}: no solution in {shorter}");
        }
        // The recorded solution is the solver's tree: same number of moves.
        assert_eq!(solution.record().move_count(), p.record.move_count(), "{file}");
    }
}

/// A Target Out figure of the patent: the planet's cell, the piece that attacks it,
/// and for each escape cell (the text's letter) the pieces that cover it.
struct Figure {
    file: &'static str,
    planet: (u8, u8),
    attacker: (u8, u8),
    escapes: [Escape; 6],
}

/// An escape cell: the text's letter, the cell `(row, index)`, the cells of the pieces
/// that cover it.
type Escape = (char, (u8, u8), &'static [(u8, u8)]);

const FIGURES: [Figure; 3] = [
    // Fig. 18: nebula 103 attacks; Y is the cell between them. V, Y: nebula 103; V, W:
    // star 112; X, Y: quasar 109; T, U: nebula 103A.
    Figure {
        file: "interstellar-fig18.pgn",
        planet: (5, 5),
        attacker: (7, 6),
        escapes: [
            ('T', (6, 4), &[(3, 3)]),
            ('U', (5, 4), &[(3, 3)]),
            ('V', (4, 4), &[(7, 6), (3, 5)]),
            ('W', (4, 5), &[(3, 5)]),
            ('X', (5, 6), &[(3, 7)]),
            ('Y', (6, 5), &[(7, 6), (3, 7)]),
        ],
    },
    // Fig. 19: black hole 105 attacks; G, H: nebula 103; D, E, F, I: quasar 109 along
    // two lines (133A, 133B).
    Figure {
        file: "interstellar-fig19.pgn",
        planet: (5, 5),
        attacker: (3, 5),
        escapes: [
            ('D', (5, 6), &[(4, 6)]),
            ('E', (6, 5), &[(4, 6)]),
            ('F', (4, 5), &[(4, 6)]),
            ('G', (6, 4), &[(4, 3)]),
            ('H', (5, 4), &[(4, 3)]),
            ('I', (4, 4), &[(4, 6)]),
        ],
    },
    // Fig. 20: pulsar 107 attacks; K, Z: black hole 105; J, K: nebula 103; M, O:
    // quasar 109; L: star 112.
    Figure {
        file: "interstellar-fig20.pgn",
        planet: (5, 4),
        attacker: (6, 5),
        escapes: [
            ('J', (6, 4), &[(3, 6)]),
            ('K', (5, 5), &[(7, 5), (3, 6)]),
            ('L', (4, 4), &[(3, 5)]),
            ('M', (4, 3), &[(7, 2)]),
            ('O', (5, 3), &[(7, 2)]),
            ('Z', (6, 3), &[(7, 5)]),
        ],
    },
];

fn cell(rc: (u8, u8)) -> Cell {
    Cell::new(rc.0, rc.1).expect("cell")
}

/// The figure's position with the defender's planet moved to `to` and, when `only` is
/// given, the attacker's pieces other than the planet reduced to the one on `only`.
fn variation(start: &interstellar::Position, planet: Cell, to: Cell, only: Option<Cell>) -> interstellar::Position {
    let setup = start.to_setup();
    let defender = start.side_to_move();
    let pieces: Vec<SetupPiece> = setup
        .pieces
        .iter()
        .filter(|p| p.side == defender || p.kind == Kind::Planet || only.is_none_or(|c| c == p.cell))
        .map(|p| if p.cell == planet { SetupPiece { cell: to, ..*p } } else { *p })
        .collect();
    interstellar::Position::from_setup(&Setup { pieces, side_to_move: defender }).expect("valid variation")
}

#[test]
fn the_patent_figures_are_target_out_with_exactly_the_texts_attackers() {
    for fig in &FIGURES {
        let p = builtin(fig.file);
        assert_eq!(p.goal, PuzzleGoal::Shown(Goal::TargetOut), "{}", fig.file);
        assert_eq!(p.shown_goal_reached(), Some(true), "{}", fig.file);
        let pos: interstellar::Position = Game::from_position_string(&p.position).unwrap();
        assert_eq!(pos.side_to_move(), Side::Negative);
        assert!(pos.is_target_out() && pos.target_count() == 1, "{}", fig.file);
        assert_eq!(pos.count_moves(), 0);
        assert_eq!(Game::outcome(&pos).map(|o| o.to_string()), Some("positive wins by target-out".into()));
        let planet = cell(fig.planet);
        assert_eq!(pos.planet(Side::Negative), planet);
        let attackers: Vec<Cell> = pos
            .pieces()
            .filter(|(_, piece)| piece.side == Side::Positive && piece.kind() != Kind::Planet)
            .map(|(c, _)| c)
            .collect();
        // The planet where it stands: attacked by the named piece alone.
        for &a in &attackers {
            let alone = variation(&pos, planet, planet, Some(a));
            assert_eq!(alone.is_target(), a == cell(fig.attacker), "{}: piece on {a:?}", fig.file);
        }
        // Every escape cell is a neighbour, empty, and covered by exactly the listed pieces.
        let mut neighbours = 0;
        for &(letter, escape, covering) in &fig.escapes {
            let to = cell(escape);
            assert!(pos.piece_at(to).is_none(), "{} {letter}", fig.file);
            neighbours += 1;
            let all = variation(&pos, planet, to, None);
            assert_eq!(all.target_count() as usize, covering.len(), "{} {letter}: covered by", fig.file);
            for &a in &attackers {
                let alone = variation(&pos, planet, to, Some(a));
                let listed = covering.iter().any(|&c| cell(c) == a);
                assert_eq!(alone.is_target(), listed, "{} {letter}: piece on {a:?}", fig.file);
            }
        }
        assert_eq!(neighbours, 6);
    }
}

// ---------------------------------------------------------------------------------
// The stipulation parser

#[test]
fn stipulation_text_forms() {
    assert_eq!(stip("Target Out in 2"), Stipulation { goal: Goal::TargetOut, moves: 2 });
    assert_eq!(stip("out2"), stip("Target Out in 2"));
    assert_eq!(stip("win2"), stip("win in 2"));
    assert_eq!(stip("mate2"), stip("  Mate  in 2 "));
    assert_eq!(stip("target out in 3").to_string(), "Target Out in 3");
    assert_eq!(stip("mate in 1").short(), "mate1");
    assert_eq!("".parse::<Stipulation>(), Err(StipulationError::Empty));
    assert_eq!("stalemate in 2".parse::<Stipulation>(), Err(StipulationError::UnknownGoal("stalemate".into())));
    assert_eq!("out0".parse::<Stipulation>(), Err(StipulationError::MovesOutOfRange(0)));
    assert!(matches!("win in two".parse::<Stipulation>(), Err(StipulationError::BadMoveCount(_))));
    let err = "out99999999999999999999".parse::<Stipulation>().unwrap_err();
    assert!(err.to_string().contains("out of range"), "{err}");
    assert_eq!("Target Out".parse::<PuzzleGoal>(), Ok(PuzzleGoal::Shown(Goal::TargetOut)));
    assert_eq!("mate in 2".parse::<PuzzleGoal>(), Ok(PuzzleGoal::Stipulation(stip("mate2"))));
}

proptest! {
    #[test]
    fn stipulations_round_trip_through_both_text_forms(goal in 0usize..3, moves in 1..=MAX_STIPULATION_MOVES) {
        let s = Stipulation { goal: Goal::ALL[goal], moves };
        prop_assert_eq!(s.to_string().parse::<Stipulation>(), Ok(s));
        prop_assert_eq!(s.short().parse::<Stipulation>(), Ok(s));
        prop_assert_eq!(s.to_string().to_uppercase().parse::<Stipulation>(), Ok(s));
    }

    #[test]
    fn garbage_never_panics_and_errors_have_a_message(text in "\\PC{0,40}") {
        match text.parse::<Stipulation>() {
            Ok(s) => prop_assert!((1..=MAX_STIPULATION_MOVES).contains(&s.moves)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        let _ = text.parse::<PuzzleGoal>();
    }

    #[test]
    fn near_misses_never_panic(goal in "(out|win|mate|target out|in| |x|0|9)*", n in "[0-9 ]{0,6}") {
        let text = format!("{goal}{n}");
        if let Ok(s) = text.parse::<Stipulation>() {
            prop_assert_eq!(s.to_string().parse::<Stipulation>(), Ok(s));
        }
    }
}

// ---------------------------------------------------------------------------------
// Cooks, no key, what counts as the goal

#[test]
fn a_cooked_position_has_two_keys_and_is_not_unique() {
    let pos = interstellar::Position::from_position_string(COOKED).unwrap();
    let s = solve(&pos, stip("out1"), &SolveOptions::default(), &SolveControl::new()).unwrap();
    assert_eq!(s.keys.len(), 2, "{:?}", s.keys);
    assert!(!s.is_unique());
    assert!(s.tree.iter().all(|k| k.reached && k.defences.is_empty()));
    let record = solution_record(&s);
    assert_eq!(record.tree.node(orrery::record::NodeId::ROOT).children.len(), 2, "both keys in the record");
}
const COOKED: &str = "9/U7/3p1q3/8/9/8/9/4Q1Q1/3P5 +";

#[test]
fn no_key_when_the_attacker_cannot_force_it() {
    // From the opening nothing forces Target Out in 2, nor mate in 2.
    let s = solve(&interstellar::Position::opening(), stip("out2"), &SolveOptions::default(), &SolveControl::new());
    let s = s.unwrap();
    assert!(s.keys.is_empty() && s.tree.is_empty() && !s.is_unique());
    assert_eq!(s.first_moves, 28);
    assert!(s.nodes > 28 * 28, "every first move and every defence was looked at: {}", s.nodes);
    let t = <triangular::Position as Game>::opening();
    let s = solve(&t, stip("mate2"), &SolveOptions::default(), &SolveControl::new()).unwrap();
    assert!(s.keys.is_empty());
}

#[test]
fn only_target_out_satisfies_a_target_out_stipulation() {
    let pos = interstellar::Position::from_position_string(SUPER_NOVA_ONLY).unwrap();
    let win = solve(&pos, stip("win1"), &SolveOptions::default(), &SolveControl::new()).unwrap();
    assert!(!win.keys.is_empty(), "Super Nova wins");
    let out = solve(&pos, stip("out1"), &SolveOptions::default(), &SolveControl::new()).unwrap();
    assert!(out.keys.is_empty(), "but is not Target Out: {:?}", out.keys);
}
/// A positive star steps onto row 9 (Super Nova); nothing gives Target Out.
const SUPER_NOVA_ONLY: &str = "9/S7/9/8/9/8/p8/8/4P3n +";

#[test]
fn goals_of_the_other_game_are_refused() {
    let t = <triangular::Position as Game>::opening();
    let err = solve(&t, stip("out1"), &SolveOptions::default(), &SolveControl::new()).unwrap_err();
    assert!(matches!(err, SolveError::Stipulation(StipulationError::WrongVariant { .. })), "{err}");
    let err = solve(&interstellar::Position::opening(), stip("mate1"), &SolveOptions::default(), &SolveControl::new());
    assert!(err.unwrap_err().to_string().contains("not a goal in Interstellar"));
}

// ---------------------------------------------------------------------------------
// Cancellation and progress

#[test]
fn a_cancelled_flag_stops_the_solve_before_it_starts() {
    let flag = Arc::new(AtomicBool::new(true));
    let control = SolveControl::with_cancel_flag(flag);
    let r = solve(&interstellar::Position::opening(), stip("out3"), &SolveOptions::default(), &control);
    assert_eq!(r.unwrap_err(), SolveError::Cancelled);
}

#[test]
fn cancelling_from_another_thread_stops_a_long_solve_quickly() {
    let control = SolveControl::new();
    let worker = control.clone();
    let handle = std::thread::spawn(move || {
        // Far too big to finish: Target Out in 4 from the opening.
        solve(&interstellar::Position::opening(), stip("out4"), &SolveOptions::default(), &worker)
    });
    let started = Instant::now();
    while control.progress().nodes() < 20_000 {
        assert!(started.elapsed() < Duration::from_secs(60), "no progress reported");
        std::thread::sleep(Duration::from_millis(5));
    }
    let (tried, total) = control.progress().tried();
    assert_eq!(total, 28);
    assert!(tried < total);
    assert!(!control.progress().current_move().is_empty(), "the first move being tried is shown");
    control.cancel();
    let cancelled_at = Instant::now();
    assert_eq!(handle.join().unwrap().unwrap_err(), SolveError::Cancelled);
    assert!(cancelled_at.elapsed() < Duration::from_secs(5), "stopped in {:?}", cancelled_at.elapsed());
}

// ---------------------------------------------------------------------------------
// Puzzle records

#[test]
fn a_solution_becomes_a_puzzle_record_that_reads_back() {
    let p = builtin("interstellar-out2.pgn");
    let pos: interstellar::Position = Game::from_position_string(&p.position).unwrap();
    let s = solve(&pos, stip("out2"), &SolveOptions::default(), &SolveControl::new()).unwrap();
    let mut record = solution_record(&s);
    record.tags.set("Title", "Test");
    record.tags.set("Author", "Someone");
    record.tags.set("Source", "tests/solver.rs");
    let text = write_game(&record);
    assert!(text.contains("[SetUp \"1\"]") && text.contains("[Stipulation \"Target Out in 2\"]"), "{text}");
    let back = Puzzle::read(&text).unwrap();
    assert_eq!(
        (back.title.as_str(), back.author.as_str(), back.source.as_str()),
        ("Test", "Someone", "tests/solver.rs")
    );
    assert_eq!(back.stipulation(), Some(stip("out2")));
    assert_eq!(back.position, p.position);
    assert_eq!(back.recorded_keys(), vec![s.keys[0].notation.clone()]);
    // Every defence of the key is a variation under it.
    let root = record.tree.node(orrery::record::NodeId::ROOT);
    let key = record.tree.node(root.children[0]);
    assert_eq!(key.children.len(), s.tree[0].defences.len());
    assert!(read_one(&text).is_ok());
}

#[test]
fn puzzle_errors_are_clear() {
    let no_stip = "[Variant \"Interstellar\"]\n[SetUp \"1\"]\n[Position \"9/7s/9/8/4p4/8/9/3N4/P8 +\"]\n\n*\n";
    assert!(matches!(Puzzle::read(no_stip), Err(orrery::solver::PuzzleError::MissingStipulation)));
    let wrong = no_stip.replace("[SetUp", "[Stipulation \"mate in 2\"]\n[SetUp");
    let err = Puzzle::read(&wrong).unwrap_err().to_string();
    assert!(err.contains("not a goal in Interstellar"), "{err}");
    let err = Puzzle::read("[Variant \"Chess\"]\n\n*\n").unwrap_err().to_string();
    assert!(err.starts_with("puzzle record 1:"), "{err}");
}

#[test]
fn the_solver_game_hooks() {
    // A pass is refused when the side to move is in Target.
    let fig = builtin("interstellar-fig18.pgn");
    let pos: interstellar::Position = Game::from_position_string(&fig.position).unwrap();
    assert!(pos.passed().is_none());
    assert!(pos.goal_reached(Goal::TargetOut) && pos.goal_reached(Goal::Win) && !pos.goal_reached(Goal::Mate));
    let opening = interstellar::Position::opening();
    let passed = opening.passed().unwrap();
    assert_eq!(passed.side_to_move(), Side::Negative);
}

// ---------------------------------------------------------------------------------
// The command line

fn orrery(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).output().expect("run orrery")
}

#[test]
fn cli_solve_prints_keys_unique_and_nodes() {
    let p = builtin("interstellar-out2.pgn");
    let o = orrery(&["solve", "--variant", "interstellar", "--position", &p.position, "--stipulation", "out2"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], format!("key: {KEY_OUT2}"));
    assert_eq!(lines[1], "unique: yes");
    let nodes: u64 = lines[2].strip_prefix("nodes: ").expect("nodes line").parse().unwrap();
    assert!(nodes > 0);
    // With the tree: the key line, then an indented tree holding the key and a defence.
    let o =
        orrery(&["solve", "--variant", "interstellar", "--position", &p.position, "--stipulation", "out2", "--tree"]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "tree:");
    assert_eq!(lines[2], format!("  1. {KEY_OUT2}!"));
    assert!(lines.iter().any(|l| l.trim_start().starts_with("1... ")), "{out}");
    assert!(lines.iter().any(|l| l.trim_start().starts_with("2. ") && l.ends_with(" out")), "{out}");
    assert_eq!(lines[lines.len() - 2], "unique: yes");
}

#[test]
fn cli_solve_reads_puzzle_files_and_reports_cooks() {
    let dir = std::env::temp_dir().join(format!("orrery-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mate2.pgn");
    let b = builtin_puzzles().iter().find(|b| b.file == "triangular-mate2.pgn").unwrap();
    std::fs::write(&path, b.text).unwrap();
    let o = orrery(&["solve", "--puzzle", path.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.starts_with(&format!("key: {KEY_MATE2}\nunique: yes\nnodes: ")), "{out}");
    let fig = dir.join("fig.pgn");
    std::fs::write(&fig, builtin_puzzles().iter().find(|b| b.file == "interstellar-fig19.pgn").unwrap().text).unwrap();
    let o = orrery(&["solve", "--puzzle", fig.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "shown: Target Out\nreached: yes\n");
    std::fs::remove_dir_all(&dir).unwrap();
    let o = orrery(&["solve", "--variant", "interstellar", "--position", COOKED, "--stipulation", "out1"]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(out.lines().filter(|l| l.starts_with("key: ")).count(), 2, "{out}");
    assert!(out.contains("unique: no\n") && !out.contains("solution: none"), "{out}");
    // No key at all says so (White's men cannot stop Black's king in one move).
    let o = orrery(&[
        "solve",
        "--variant",
        "draughts",
        "--position",
        "W:W35,36,37,K40:BK9,12,13,17",
        "--stipulation",
        "win1",
    ]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.starts_with("solution: none\nunique: no\nnodes: "), "{out}");
}

#[test]
fn cli_solve_bad_input_exits_2_with_one_line() {
    for args in [
        vec!["solve", "--variant", "interstellar", "--position", interstellar::OPENING, "--stipulation", "out"],
        vec!["solve", "--variant", "interstellar", "--position", interstellar::OPENING, "--stipulation", "mate2"],
        vec!["solve", "--variant", "triangular", "--position", "nonsense", "--stipulation", "mate2"],
        vec!["solve", "--variant", "interstellar", "--stipulation", "out2"],
        vec!["solve", "--puzzle", "/nonexistent/puzzle.pgn"],
        vec!["solve", "--puzzle", "x.pgn", "--variant", "interstellar"],
    ] {
        let o = orrery(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
        if args.contains(&"nonsense") {
            assert!(err.starts_with("error: invalid position: "), "{err}");
        }
    }
}

// ---------------------------------------------------------------------------------
// Tries

/// The tries of `start` for `goal` in `n`, worked out plainly: every first move that is
/// not a key after which exactly one defence leaves no forced goal in `n − 1` (each
/// defence solved on its own), with that defence.
fn plain_tries<G: SolverGame>(start: &G, goal: Goal, n: u32) -> Vec<(String, String)> {
    let whole =
        solve(start, Stipulation::new(goal, n).unwrap(), &SolveOptions::default(), &SolveControl::new()).unwrap();
    let mut moves = orrery::core::moves::MoveList::new();
    start.legal_moves(&mut moves);
    let mut tries = Vec::new();
    for &m in &moves {
        let notation = start.notation(m);
        if whole.keys.iter().any(|k| k.mv == m) {
            continue;
        }
        let mut after = start.clone();
        after.play(m);
        let mut defences = orrery::core::moves::MoveList::new();
        after.legal_moves(&mut defences);
        let refutations: Vec<String> = defences
            .iter()
            .filter(|&&d| {
                let mut child = after.clone();
                child.play(d);
                let inner = Stipulation::new(goal, n - 1).unwrap();
                solve(&child, inner, &SolveOptions::default(), &SolveControl::new()).unwrap().keys.is_empty()
            })
            .map(|&d| after.notation(d))
            .collect();
        if let [only] = refutations.as_slice() {
            tries.push((notation, only.clone()));
        }
    }
    tries
}

#[test]
fn the_tries_are_the_first_moves_with_one_refutation_as_a_plain_count_finds_them() {
    let options = SolveOptions { tries: true, ..SolveOptions::default() };
    let mut found_any = false;
    for file in ["interstellar-out2.pgn", "triangular-mate2.pgn", "draughts-win2.pgn"] {
        let puzzle = builtin(file);
        let stipulation = puzzle.stipulation().unwrap();
        let solution = puzzle.solve_for(stipulation, &options, &SolveControl::new()).unwrap();
        let plain = orrery::with_game!(&puzzle.record, r => plain_tries(&r.start, stipulation.goal, stipulation.moves));
        assert_eq!(solution.tries(), plain, "{file}");
        found_any |= !plain.is_empty();
        // Without asking, none are looked for.
        let quick = puzzle.solve_for(stipulation, &SolveOptions::default(), &SolveControl::new()).unwrap();
        assert!(quick.tries().is_empty());
    }
    assert!(found_any, "some built-in two-mover has a try");
}

/// Plain minimax for draughts "win in n" under `docs/rules-draughts.md` *End of the
/// game*: a side without a legal move has lost (even on the 50th king move); otherwise
/// the 50th king move in a row draws at once.
fn draughts_wins_after(after: &orrery::core::draughts::Position, n: u32) -> bool {
    use orrery::core::moves::MoveList;
    if after.count_moves() == 0 {
        return true;
    }
    if after.halfmoves() >= 50 || n <= 1 {
        return false;
    }
    let mut defences = MoveList::new();
    after.legal_moves(&mut defences);
    defences.iter().all(|&d| {
        let mut pos = after.clone();
        pos.play(d);
        if pos.count_moves() == 0 || pos.halfmoves() >= 50 {
            return false;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        moves.iter().any(|&m| {
            let mut next = pos.clone();
            next.play(m);
            draughts_wins_after(&next, n - 1)
        })
    })
}

#[test]
fn the_draughts_solver_keeps_the_25_move_rule_near_its_limit() {
    use orrery::core::draughts::Position;
    use orrery::core::moves::MoveList;
    let mut keyed_far = false;
    for count in (0..=50).rev() {
        let text = format!("W:WK6,K20:BK14:H{count}");
        let pos = Position::from_position_string(&text).unwrap();
        let solution = solve(&pos, stip("win2"), &SolveOptions::default(), &SolveControl::new()).unwrap();
        let found: Vec<String> = solution.keys.iter().map(|k| k.notation.clone()).collect();
        let mut moves = MoveList::new();
        if count < 50 {
            pos.legal_moves(&mut moves);
        }
        let expected: Vec<String> = moves
            .iter()
            .filter(|&&m| {
                let mut after = pos.clone();
                after.play(m);
                draughts_wins_after(&after, 2)
            })
            .map(|&m| pos.notation(m))
            .collect();
        assert_eq!(found, expected, "{text}");
        keyed_far |= !found.is_empty();
        if count >= 49 {
            assert!(found.is_empty(), "{text}: the 50th king move draws at once: {found:?}");
        }
    }
    assert!(keyed_far, "far from the limit the position is won");
}

/// Plain minimax for Triangular "mate in n" under `docs/rules-triangular.md` §6: after
/// the attacker's move a mate wins (even on the hundredth half-move); otherwise the
/// defender to move claims a draw once fifty moves by each side have gone by without a
/// capture or a pawn move, or when the position stands for the third time on the line.
fn triangular_mates_after(after: &triangular::Position, n: u32, line: &mut Vec<u64>) -> bool {
    use orrery::core::moves::MoveList;
    if after.is_check() && after.count_moves() == 0 {
        return true;
    }
    let repeated = |line: &[u64], key: u64| line.iter().filter(|&&k| k == key).count() >= 3;
    line.push(after.zobrist());
    let claims = after.halfmove_clock() >= 100 || repeated(line, after.zobrist());
    let mut defences = MoveList::new();
    after.legal_moves(&mut defences);
    let won = !claims
        && n > 1
        && !defences.is_empty()
        && defences.iter().all(|&d| {
            let mut pos = after.clone();
            pos.play(d);
            line.push(pos.zobrist());
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let found = moves.iter().any(|&m| {
                let mut next = pos.clone();
                next.play(m);
                triangular_mates_after(&next, n - 1, line)
            });
            line.pop();
            found
        });
    line.pop();
    won
}

#[test]
fn the_triangular_solver_lets_the_defender_claim_the_fifty_move_draw_near_its_limit() {
    use orrery::core::moves::MoveList;
    for (file, n) in [("triangular-mate2.pgn", 2), ("triangular-mate1.pgn", 1)] {
        let puzzle = builtin(file);
        let AnyGame::Triangular(record) = &puzzle.record else { panic!("{file} is Triangular") };
        let mut claimed_away = false;
        for clock in [0, 80, 96, 97, 98, 99, 100, 101, 150] {
            let mut setup = record.start.to_setup();
            setup.halfmove_clock = clock;
            let pos = triangular::Position::from_setup(&setup).unwrap();
            let stipulation = Stipulation::new(Goal::Mate, n).unwrap();
            let solution = solve(&pos, stipulation, &SolveOptions::default(), &SolveControl::new()).unwrap();
            let found: Vec<String> = solution.keys.iter().map(|k| k.notation.clone()).collect();
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let expected: Vec<String> = moves
                .iter()
                .filter(|&&m| {
                    let mut after = pos.clone();
                    after.play(m);
                    triangular_mates_after(&after, n, &mut vec![pos.zobrist()])
                })
                .map(|&m| pos.notation(m))
                .collect();
            assert_eq!(found, expected, "{file} with the half-move clock at {clock}");
            if n == 1 {
                // A mate stands whatever the clock: the mated side has no turn to claim.
                assert_eq!(found, [KEY_MATE1], "{file} with the half-move clock at {clock}");
            } else if clock == 0 {
                assert_eq!(found, [KEY_MATE2]);
            } else {
                claimed_away |= found.is_empty();
            }
        }
        if n == 2 {
            assert!(claimed_away, "near the limit the defender claims the draw before the mate");
        }
    }
}

/// The built-in puzzles' records hold text for players only: no file comments (`;`),
/// and no developers' notes (how a figure was rebuilt, which test checks it: those are
/// in `docs/puzzle-figures.md`).
#[test]
fn built_in_puzzles_carry_no_developer_notes() {
    for puzzle in orrery::solver::builtin_puzzles() {
        for line in puzzle.text.lines() {
            assert!(!line.trim_start().starts_with(';'), "{}: a file comment: {line}", puzzle.file);
            assert!(!line.contains("tests/") && !line.contains("checked by"), "{}: {line}", puzzle.file);
        }
    }
}
