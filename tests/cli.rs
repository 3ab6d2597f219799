//! The command line as a user runs it: the real `orrery` binary, its output and exit codes.

use std::process::{Command, Output};

fn orrery(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).output().expect("run orrery")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_prints_nodes_last() {
    let o = orrery(&["perft", "--variant", "interstellar", "--depth", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("nodes 25408"));
}

#[test]
fn divide_prints_one_line_per_move_then_the_total() {
    let o = orrery(&["divide", "--variant", "interstellar", "--depth", "2"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 29);
    assert_eq!(lines[28], "nodes 770");
    let sum: u64 = lines[..28].iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 770);
    assert!(lines.contains(&"PQ-33 28"), "{out}");
}

#[test]
fn status_of_the_opening() {
    let o = orrery(&["status", "--variant", "interstellar"]);
    assert_eq!(stdout(&o), "side: +\ntarget: none\nlegal-moves: 28\nresult: ongoing\n");
}

#[test]
fn status_reports_target_out_and_blocked() {
    let o = orrery(&["status", "--variant", "interstellar", "--position", "p7Q/7Q/9/8/s8/8/9/8/4P4 -"]);
    assert_eq!(stdout(&o), "side: -\ntarget: single\nlegal-moves: 0\nresult: positive wins by target-out\n");
    let o = orrery(&["status", "--variant", "interstellar", "--position", "pn6Q/7Q/9/8/9/8/9/8/4P4 -"]);
    assert_eq!(stdout(&o), "side: -\ntarget: none\nlegal-moves: 0\nresult: positive wins by blocked\n");
}

#[test]
fn status_reports_double_target() {
    // After PN-74++ (see the rules tests): negative to move, planet attacked twice.
    let o = orrery(&["status", "--variant", "interstellar", "--position", "7b1/8/3N5/8/Q3p4/8/9/8/4P4 -"]);
    assert!(stdout(&o).contains("target: double"), "{}", stdout(&o));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["perft", "--variant", "chess", "--depth", "1"],
        vec!["perft", "--variant", "interstellar", "--depth", "x"],
        vec!["perft", "--variant", "interstellar", "--depth", "1", "--position", "nonsense"],
        vec!["status", "--variant", "interstellar", "--position", "pp7/8/9/8/9/8/9/8/S8 +"],
        vec!["divide", "--variant", "interstellar", "--depth", "0"],
        vec!["frobnicate"],
    ] {
        let o = orrery(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn position_errors_say_where() {
    let o = orrery(&[
        "status",
        "--variant",
        "interstellar",
        "--position",
        "nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQXQUBN +",
    ]);
    let err = stderr(&o);
    assert!(err.contains("row 1") && err.contains("character 43") && err.contains("unknown letter"), "{err}");
}

#[test]
fn triangular_commands() {
    let o = orrery(&["perft", "--variant", "triangular", "--depth", "3"]);
    assert_eq!(stdout(&o).lines().last(), Some("nodes 44133"));
    let o = orrery(&["status", "--variant", "triangular"]);
    assert_eq!(stdout(&o), "side: w\ncheck: no\nlegal-moves: 34\nresult: ongoing\n");
    let o = orrery(&["divide", "--variant", "triangular", "--depth", "1"]);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 35);
    assert!(out.lines().all(|l| !l.starts_with(|c: char| c.is_ascii_digit())), "SAN never starts with a digit");
    // The mate of the demonstration game.
    let o = orrery(&[
        "status",
        "--variant",
        "triangular",
        "--position",
        "2nqb1n1k/r2ppb1p2Q/1p11/13p1/3B11/6PP5/1PP1P5P/1R2BKNR1 b 6 16",
    ]);
    assert_eq!(stdout(&o), "side: b\ncheck: yes\nlegal-moves: 0\nresult: white wins by checkmate\n");
    let o = orrery(&["status", "--variant", "triangular", "--position", "2K6/11/13/15/15/13/11/6k2 b 0 1"]);
    assert!(stdout(&o).ends_with("result: draw by insufficient material\n"));
}

#[test]
fn record_check_counts_games_and_reports_errors_with_positions() {
    let dir = std::env::temp_dir().join(format!("orrery-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.pgn");
    std::fs::write(&good, "[Variant \"Triangular\"]\n\n1. Bc3d Be6l *\n\n[Variant \"Interstellar\"]\n\n1. PQ-33 *\n")
        .unwrap();
    let o = orrery(&["record", "check", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "games: 2\nmoves: 3\n");
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[Variant \"Triangular\"]\n\n1. Bc3d Qx9 *\n").unwrap();
    let o = orrery(&["record", "check", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains(&format!("{}:3:9: illegal move 'Qx9'", bad.display())), "{out}");
    // Convert to RON and back: the same games.
    let ron = dir.join("good.ron");
    let o = orrery(&["record", "convert", good.to_str().unwrap(), ron.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = orrery(&["record", "convert", ron.to_str().unwrap(), "-"]);
    let text = stdout(&o);
    assert!(text.contains("1. Bc3d Be6l *") && text.contains("1. PQ-33 *"), "{text}");
    // A missing file is a one-line error with exit code 2.
    let o = orrery(&["record", "check", dir.join("missing.pgn").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn record_check_prints_warnings_and_convert_keeps_what_it_can_read() {
    let dir = std::env::temp_dir().join(format!("orrery-cli-warn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Warnings only (a duplicate tag, no result marker), a tags-only game, a BOM, CRLF.
    let warned = dir.join("warned.pgn");
    std::fs::write(
        &warned,
        "\u{feff}[Variant \"Interstellar\"]\r\n[Event \"a\"]\r\n[Event \"b\"]\r\n\r\n1. PQ-33\r\n\r\n[Variant \"Interstellar\"]\r\n\r\n",
    )
    .unwrap();
    let o = orrery(&["record", "check", warned.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.starts_with("games: 2\nmoves: 1\n"), "{out}");
    assert!(out.contains(&format!("{}:3:1: warning: duplicate tag Event", warned.display())), "{out}");
    // An unreadable game among good ones: the good ones are converted, exit code 1.
    let mixed = dir.join("mixed.pgn");
    std::fs::write(&mixed, "[Variant \"Chess\"]\n\n1. e4 *\n\n[Variant \"Interstellar\"]\n\n1. PQ-33 *\n").unwrap();
    let o = orrery(&["record", "check", mixed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("games: 2\n"), "{}", stdout(&o));
    let o = orrery(&["record", "convert", mixed.to_str().unwrap(), "-"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("1. PQ-33 *"), "{}", stdout(&o));
    assert!(stderr(&o).contains("unknown variant"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn report_writes_evaluations_and_marks_to_another_file() {
    let dir = std::env::temp_dir().join(format!("orrery-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("raid.pgn");
    let input = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/games/triangular-queen-raid.pgn");
    let o = orrery(&["report", input, out.to_str().unwrap(), "--nodes", "3000", "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let line = stdout(&o);
    assert!(line.starts_with("game 1: 31 plies, ?! "), "{line}");
    // The writer wraps lines: compare with single spaces.
    let text = std::fs::read_to_string(&out).unwrap().replace('\n', " ");
    assert!(text.matches("[%eval ").count() >= 30, "{text}");
    assert!(text.contains(" was best ("), "{text}");
    let check = orrery(&["record", "check", out.to_str().unwrap()]);
    assert!(check.status.success(), "{}", stdout(&check));
    // Never over the input.
    let same = orrery(&["report", input, input]);
    assert_eq!(same.status.code(), Some(2));
    assert!(stderr(&same).contains("another file"), "{}", stderr(&same));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn record_list_and_search_find_games_by_player_result_and_position() {
    let dir = std::env::temp_dir().join(format!("orrery-cli-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("club.pgn");
    // Three games; the second has an illegal move (kept up to it), the third reaches the
    // position after 1. 34-26 18x34 only in a variation.
    std::fs::write(
        &file,
        "[Variant \"Triangular draughts\"]\n[White \"Ada\"]\n[Black \"Bea\"]\n[Result \"1-0\"]\n\n1. 34-26 18x34 2. 37x30 1-0\n\n\
         [Variant \"Interstellar\"]\n[Positive \"Cy\"]\n[Negative \"Ada\"]\n\n1. PQ-33 PQ-99 *\n\n\
         [Variant \"Triangular draughts\"]\n[White \"Dee\"]\n[Black \"Eve\"]\n\n1. 33-28 (1. 34-26 18x34) 17-21 *\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let o = orrery(&["record", "list", f]);
    assert_eq!(o.status.code(), Some(1), "the illegal move is an error");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], "1\tTriangular draughts\tAda\tBea\t1-0\t3\t?\t????.??.??\t");
    assert!(lines[1].starts_with("2\tInterstellar\tCy\tAda\t*\t1\t"), "{out}");
    assert!(lines[2].starts_with("3\tTriangular draughts\tDee\tEve\t*\t2\t"), "{out}");
    assert_eq!(lines[3], "games: 3");
    assert!(stderr(&o).contains("PQ-99"));
    let numbers = |o: &Output| stdout(o).lines().map(|l| l.split('\t').next().unwrap().to_string()).collect::<Vec<_>>();
    let o = orrery(&["record", "search", f, "--player", "ada"]);
    assert_eq!(numbers(&o), ["1", "2", "games: 2"]);
    let o = orrery(&["record", "search", f, "--result", "1-0"]);
    assert_eq!(numbers(&o), ["1", "games: 1"]);
    // After 1. 34-26 18x34 (Black's move done, White to move): games 1 and 3.
    let after = "W:W31,32,33,35,36,37,38,39,40,41,42,43,44,45,46,47,48:B1-17,34";
    let o = orrery(&["record", "search", f, "--position", after]);
    assert_eq!(numbers(&o), ["1", "3", "games: 2"]);
    let o = orrery(&["record", "search", f, "--position", after, "--player", "dee"]);
    assert_eq!(numbers(&o), ["3", "games: 1"]);
    // The opening tree at the start (the file's first game is draughts): main lines
    // only, so game 3's variation 1. 34-26 does not count.
    let o = orrery(&["record", "tree", f]);
    assert_eq!(stdout(&o), "33-28\t1\t0\t0\t0\t-\n34-26\t1\t1\t0\t0\t100.0 %\ngames: 2\n");
    let o = orrery(&["record", "tree", f, "--position", after]);
    assert_eq!(stdout(&o), "37x30\t1\t1\t0\t0\t100.0 %\ngames: 1\n");
    // Bad input is a one-line error with exit code 2.
    let o = orrery(&["record", "search", f, "--position", "nonsense"]);
    assert_eq!(o.status.code(), Some(2));
    let o = orrery(&["record", "search", f, "--result", "2-0"]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    use std::process::Stdio;
    // The reading end is closed at once: writing to it fails with a broken pipe.
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["record", "list", "assets/games/triangular-engine-match.pgn"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run orrery");
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("Broken pipe"), "{err}");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn status_of_a_draughts_game_drawn_by_the_25_move_rule_has_no_legal_moves() {
    let o = orrery(&["status", "--variant", "draughts", "--position", "W:WK6,K20:BK14:H50"]);
    assert_eq!(
        stdout(&o),
        "side: W\nmust-capture: no\nking-moves: 50\nlegal-moves: 0\nresult: draw by the 25-move rule\n"
    );
    let o = orrery(&["status", "--variant", "draughts", "--position", "W:WK6,K20:BK14:H49"]);
    assert!(stdout(&o).contains("legal-moves: 33\nresult: ongoing\n"), "{}", stdout(&o));
}

#[test]
fn puzzle_problems_are_reported_at_their_line_and_column() {
    let dir = std::env::temp_dir().join(format!("orrery-puzzle-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad_stipulation = dir.join("stip.pgn");
    std::fs::write(&bad_stipulation, "[Variant \"Interstellar\"]\n[Stipulation \"out 7 moves\"]\n\n1. PQS-44 *\n")
        .unwrap();
    let path = bad_stipulation.to_str().unwrap();
    let o = orrery(&["solve", "--puzzle", path]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(err.contains(&format!("{path}:2:1: puzzle stipulation: `7 moves` is not a number")), "{err}");
    // `record check` reports it too, as a warning at the tag.
    let o = orrery(&["record", "check", path]);
    assert!(stdout(&o).contains(&format!("{path}:2:1: warning: the puzzle's Stipulation")), "{}", stdout(&o));
    // Every reading error, each at its place.
    let bad_moves = dir.join("moves.pgn");
    std::fs::write(&bad_moves, "[Variant \"Interstellar\"]\n[Stipulation \"out2\"]\n\n1. PQS-4 $300 *\n").unwrap();
    let path = bad_moves.to_str().unwrap();
    let err = String::from_utf8_lossy(&orrery(&["solve", "--puzzle", path]).stderr).to_string();
    assert!(err.contains(&format!("{path}:4:4: illegal move 'PQS-4'")), "{err}");
    assert!(err.contains(&format!("{path}:4:10: warning: '$300'")), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_position_search_without_names_matches_the_board_whatever_the_names() {
    // Game 1 starts with the two positive quasars' names swapped; game 2 is the opening.
    let dir = std::env::temp_dir().join(format!("orrery-board-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("swapped.pgn");
    std::fs::write(
        &file,
        "[Variant \"Interstellar\"]\n[SetUp \"1\"]\n[Position \"nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQ(NQ)PQ(PQ)UBN +\"]\n\n*\n\n\
         [Variant \"Interstellar\"]\n\n*\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let plain = orrery(&["record", "search", path, "--position", "nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQPQUBN +"]);
    assert!(stdout(&plain).ends_with("games: 2\n"), "{}", stdout(&plain));
    // Named queries still match the names exactly.
    let named =
        orrery(&["record", "search", path, "--position", "nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQ(NQ)PQ(PQ)UBN +"]);
    assert!(stdout(&named).starts_with("1\t") && stdout(&named).ends_with("games: 1\n"), "{}", stdout(&named));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_prints_a_line_a_position_and_the_node_fingerprint_the_same_each_run() {
    let run = || orrery(&["bench", "--variant", "draughts", "--depth", "4"]);
    let (once, again) = (run(), run());
    assert!(once.status.success(), "{}", stderr(&once));
    let out = stdout(&once);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("draughts 1: nodes ") && lines[0].contains(" depth 4 ebf "), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("draughts: depth 4, mean ebf ")), "{out}");
    let fingerprint = |o: &Output| stdout(o).lines().find(|l| l.starts_with("nodes ")).map(str::to_string);
    assert!(fingerprint(&once).is_some_and(|n| n != "nodes 0"), "{out}");
    assert_eq!(fingerprint(&once), fingerprint(&again));
}

#[test]
fn bench_for_a_time_reports_the_depth_reached_and_refuses_a_depth_too() {
    let o = orrery(&["bench", "--variant", "triangular", "--movetime", "20"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let summary =
        out.lines().find(|l| l.starts_with("triangular: 20 ms, mean depth ")).unwrap_or_else(|| panic!("{out}"));
    let depth: f64 = summary["triangular: 20 ms, mean depth ".len()..].split(',').next().unwrap().parse().unwrap();
    assert!(depth >= 1.0, "{summary}");
    let both = orrery(&["bench", "--movetime", "20", "--depth", "3"]);
    assert!(!both.status.success() && stderr(&both).contains("cannot be used with"), "{}", stderr(&both));
}
