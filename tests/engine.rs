//! The engine: legal moves over thousands of random positions of both games, the
//! built-in puzzles against the solver, limits (depth, nodes, move time, stop), the
//! same result for the same input, multi-PV, the quiescence search's move generator,
//! the levels, and `orrery analyse`, `orrery match` and `orrery tune` as a user runs
//! them.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use orrery::core::moves::MoveList;
use orrery::core::{Game, Variant, interstellar, triangular};
use orrery::engine::text::move_token;
use orrery::engine::{Engine, EngineGame, Limits, Score};
use orrery::solver::{SolveControl, SolveOptions, SolverGame, Stipulation, builtin_puzzles, solve};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn no_stop() -> AtomicBool {
    AtomicBool::new(false)
}

/// `count` positions reached by random playouts from the opening (games that end are
/// restarted), each with the game's history of keys.
fn random_positions<G: Game>(seed: u64, count: usize) -> Vec<(G, Vec<u64>)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut pos = G::opening();
    let mut keys = vec![pos.zobrist()];
    let mut moves = MoveList::new();
    while out.len() < count {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() || keys.len() > 160 {
            pos = G::opening();
            keys = vec![pos.zobrist()];
            continue;
        }
        out.push((pos.clone(), keys.clone()));
        let mv = moves[rng.random_range(0..moves.len())];
        pos.play(mv);
        keys.push(pos.zobrist());
    }
    out
}

fn always_legal<G: EngineGame>(seed: u64, count: usize) {
    let mut engine = Engine::<G>::new(1);
    let stop = no_stop();
    for (i, (pos, keys)) in random_positions::<G>(seed, count).into_iter().enumerate() {
        // Mix node limits and shallow depths; half the searches see the game's history.
        let limits = if i % 3 == 0 { Limits::depth(2) } else { Limits::nodes(60 + (i as u64 % 7) * 40) };
        let history: &[u64] = if i % 2 == 0 { &keys } else { &[] };
        let multipv = 1 + i % 3;
        let result = engine.search(&pos, history, &limits, multipv, &stop, &mut |_| {});
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let best = result.best.unwrap_or_else(|| panic!("no move in {}", pos.position_string()));
        assert!(legal.contains(&best), "illegal {best:?} in {}", pos.position_string());
        for line in &result.lines {
            let mut here = pos.clone();
            for &mv in &line.pv {
                let mut legal = MoveList::new();
                here.legal_moves(&mut legal);
                assert!(legal.contains(&mv), "illegal pv move {mv:?} in {}", pos.position_string());
                here.play(mv);
            }
        }
    }
}

#[test]
fn interstellar_moves_are_always_legal() {
    always_legal::<interstellar::Position>(14, 1500);
}

#[test]
fn triangular_moves_are_always_legal() {
    always_legal::<triangular::Position>(15, 1500);
}

#[test]
fn a_finished_game_has_no_best_move() {
    let pos = interstellar::Position::from_position_string("p7Q/7Q/9/8/s8/8/9/8/4P4 -").unwrap();
    let result = Engine::new(1).search(&pos, &[], &Limits::depth(3), 1, &no_stop(), &mut |_| {});
    assert_eq!((result.best, result.score), (None, Score::Mate(0)));
}

/// The shortest forced win (in the side to move's moves) the solver finds within
/// `most` moves, with its keys.
fn shortest_win<G: SolverGame>(pos: &G, most: u32) -> Option<(u32, Vec<String>)> {
    let options = SolveOptions { tree: false, ..SolveOptions::default() };
    (1..=most).find_map(|n| {
        let stipulation: Stipulation = format!("win in {n}").parse().unwrap();
        let solution = solve(pos, stipulation, &options, &SolveControl::new()).unwrap();
        (!solution.keys.is_empty()).then(|| (n, solution.keys.iter().map(|k| k.notation.clone()).collect()))
    })
}

fn check_puzzle<G: EngineGame + SolverGame>(file: &str, position: &str, moves: u32, recorded: &[String]) {
    let pos = G::from_position_string(position).unwrap();
    let (n, win_keys) = shortest_win(&pos, moves).unwrap_or_else(|| panic!("{file}: the solver finds no win"));
    let start = Instant::now();
    let result = Engine::<G>::new(16).search(&pos, &[], &Limits::depth(2 * moves), 1, &no_stop(), &mut |_| {});
    // The goal is 1 s in release; tests run unoptimised builds beside other tests.
    assert!(start.elapsed() < Duration::from_secs(3), "{file}: {:?}", start.elapsed());
    let best = pos.notation(result.best.unwrap());
    assert_eq!(result.score, Score::Mate(n as i32), "{file}: engine {best}, solver win in {n} by {win_keys:?}");
    assert!(win_keys.contains(&best), "{file}: engine {best}, solver {win_keys:?}");
    // The puzzle's key wins in the stipulated moves (a faster win of another kind, such
    // as Total Annihilation, may come first): after it the engine sees the defender
    // lost within the moves left.
    for key in recorded {
        let mut after = pos.clone();
        after.play(pos.parse_move(key).unwrap());
        let reply = Engine::<G>::new(16).search(&after, &[], &Limits::depth(2 * moves), 1, &no_stop(), &mut |_| {});
        match reply.score {
            Score::Mate(m) if reply.best.is_none() => assert_eq!((m, moves), (0, 1), "{file}: key {key}"),
            Score::Mate(m) => assert!(m < 0 && -m < moves as i32, "{file}: key {key}: {:?}", reply.score),
            other => panic!("{file}: key {key} scores {other:?} for the defender"),
        }
    }
}

#[test]
fn the_engine_solves_every_builtin_puzzle_as_the_solver_does() {
    let mut checked = 0;
    for builtin in builtin_puzzles() {
        let puzzle = builtin.puzzle().unwrap();
        let Some(stipulation) = puzzle.stipulation() else { continue };
        let keys = puzzle.recorded_keys();
        orrery::with_variant!(puzzle.variant, G => {
            check_puzzle::<G>(builtin.file, &puzzle.position, stipulation.moves, &keys)
        });
        checked += 1;
    }
    assert_eq!(checked, 8);
}

#[test]
fn depth_and_node_limits_are_kept() {
    let pos = interstellar::Position::opening();
    let mut engine = Engine::new(4);
    let mut depths = Vec::new();
    let result = engine.search(&pos, &[], &Limits::depth(4), 1, &no_stop(), &mut |r| depths.push(r.depth));
    assert_eq!((result.depth, depths), (4, vec![1, 2, 3, 4]));
    let result = Engine::new(4).search(&pos, &[], &Limits::nodes(5_000), 1, &no_stop(), &mut |_| {});
    assert!(result.nodes <= 5_000 && result.nodes > 4_000, "{}", result.nodes);
    let result = Engine::new(4).search(&pos, &[], &Limits::nodes(1), 1, &no_stop(), &mut |_| {});
    assert!(result.best.is_some());
}

#[test]
fn move_time_is_kept_within_ten_percent() {
    let pos = <triangular::Position as Game>::opening();
    let time = Duration::from_millis(400);
    let start = Instant::now();
    let result = Engine::new(8).search(&pos, &[], &Limits::movetime(time), 1, &no_stop(), &mut |_| {});
    let elapsed = start.elapsed();
    assert!(result.best.is_some());
    assert!(elapsed >= time * 9 / 10 && elapsed <= time * 11 / 10, "{elapsed:?}");
}

#[test]
fn stop_is_answered_within_50_ms() {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let worker = std::thread::spawn(move || {
        let pos = interstellar::Position::opening();
        let result = Engine::new(8).search(&pos, &[], &Limits::default(), 1, &flag, &mut |_| {});
        (result, Instant::now())
    });
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let (result, finished) = worker.join().unwrap();
    let answered = finished.saturating_duration_since(asked);
    assert!(answered < Duration::from_millis(50), "{answered:?}");
    assert!(result.best.is_some() && result.depth >= 1);
}

#[test]
fn the_same_input_gives_the_same_result() {
    for variant in Variant::ALL {
        orrery::core::with_variant!(variant, G => {
            let (pos, keys) = random_positions::<G>(3, 30).pop().unwrap();
            let run = || Engine::<G>::new(4).search(&pos, &keys, &Limits::depth(5), 2, &no_stop(), &mut |_| {});
            let (a, b) = (run(), run());
            assert_eq!((a.best, a.score, a.nodes, &a.lines), (b.best, b.score, b.nodes, &b.lines), "{variant}");
        });
    }
}

#[test]
fn multi_pv_gives_distinct_lines_best_first() {
    let pos = interstellar::Position::opening();
    let result = Engine::new(4).search(&pos, &[], &Limits::depth(3), 3, &no_stop(), &mut |_| {});
    assert_eq!(result.lines.len(), 3);
    let firsts: Vec<_> = result.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let cp = |s: Score| match s {
        Score::Cp(c) => c,
        Score::Mate(n) => 100_000 * n.signum(),
    };
    assert!(result.lines.windows(2).all(|w| cp(w[0].score) >= cp(w[1].score)));
    assert_eq!(result.best, Some(firsts[0]));
}

#[test]
fn the_fifty_move_rule_is_a_draw_in_search() {
    // White is a queen up, but 99 half-moves have passed without a capture or a pawn
    // move and Black has nothing left to capture.
    // move: whatever Black plays, the fifty-move rule draws.
    let drawn = triangular::Position::from_position_string("5k3/11/13/15/15/13/11/1Q2K4 b 99 80").unwrap();
    let result = Engine::new(1).search(&drawn, &[], &Limits::depth(3), 1, &no_stop(), &mut |_| {});
    assert_eq!(result.score, Score::Cp(0));
    let lost = triangular::Position::from_position_string("5k3/11/13/15/15/13/11/1Q2K4 b 0 80").unwrap();
    let result = Engine::new(1).search(&lost, &[], &Limits::depth(3), 1, &no_stop(), &mut |_| {});
    assert!(matches!(result.score, Score::Cp(cp) if cp < -500) || matches!(result.score, Score::Mate(n) if n < 0));
}

fn orrery(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).output().unwrap()
}

#[test]
fn analyse_prints_info_lines_and_a_best_move() {
    let o = orrery(&["analyse", "--variant", "interstellar", "--depth", "3", "--multipv", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    for (i, line) in lines[..6].iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], "info", "{line}");
        assert_eq!(&words[1..2], ["depth"]);
        assert_eq!(words[2], (1 + i / 2).to_string());
        assert_eq!((words[3], words[5], words[7]), ("seldepth", "multipv", "score"), "{line}");
        assert_eq!(words[6], (1 + i % 2).to_string());
        assert!(matches!(words[8], "cp" | "mate"), "{line}");
        assert_eq!((words[10], words[12], words[14], words[16]), ("nodes", "nps", "time", "pv"), "{line}");
        assert!(words.len() > 17, "{line}");
    }
    let best = lines[6].strip_prefix("bestmove ").unwrap();
    let pos = interstellar::Position::opening();
    let mv = pos.parse_move(best).unwrap();
    assert_eq!(move_token(&pos, mv), best);
    assert!(lines[4].ends_with(&format!(" pv {best}")) || lines[4].contains(&format!(" pv {best} ")), "{out}");
}

#[test]
fn analyse_reports_mate_scores_and_single_token_moves() {
    let o = orrery(&[
        "analyse",
        "--variant",
        "interstellar",
        "--position",
        "9/U7/3p1q3/8/9/8/9/4Q3/3P5 +",
        "--nodes",
        "20000",
    ]);
    let out = String::from_utf8(o.stdout).unwrap();
    // Two wins in one: PQ-73 (Target Out) and PPux76 (Total Annihilation). The search
    // stops once the win is proven.
    assert!(out.lines().count() <= 3, "{out}");
    assert!(out.lines().all(|l| l.starts_with("bestmove ") || l.contains(" score mate 1 ")), "{out}");
    let last = out.lines().last().unwrap();
    assert!(last == "bestmove PQ-73" || last == "bestmove PPux76", "{out}");
    let o = orrery(&[
        "analyse",
        "--variant",
        "triangular",
        "--position",
        "5k3/11/2R10/1p13/15/13/5N5/K8 w 0 1",
        "--depth",
        "6",
    ]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.lines().any(|l| l.contains(" score mate 3 ")), "{out}");
    assert!(!out.contains('#') && !out.contains('+'), "{out}");
    assert_eq!(out.lines().last(), Some("bestmove Rf6l"));
    // A limit is required; a bad position is one line on standard error.
    for args in [
        vec!["analyse", "--variant", "triangular"],
        vec!["analyse", "--variant", "triangular", "--depth", "2", "--position", "nonsense"],
        vec!["analyse", "--variant", "triangular", "--depth", "2", "--multipv", "6"],
    ] {
        let o = orrery(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr).trim_end().lines().count(), 1, "{args:?}");
    }
}

fn tactical_moves_are_the_tactical_legal_moves<G: EngineGame>(seed: u64, count: usize) {
    let mut all = MoveList::new();
    let mut tactical = MoveList::new();
    let mut checked = 0;
    for (pos, _) in random_positions::<G>(seed, count) {
        all.clear();
        tactical.clear();
        pos.legal_moves(&mut all);
        pos.tactical_moves(&mut tactical);
        let expected: Vec<G::Move> = all.iter().copied().filter(|&mv| pos.tactical_value(mv).is_some()).collect();
        assert_eq!(tactical.to_vec(), expected, "{}", pos.position_string());
        checked += expected.len();
        if pos.has_ended_without_moves() {
            assert!(all.is_empty() && pos.outcome().is_some(), "{}", pos.position_string());
        }
    }
    assert!(checked > count, "too few tactical moves seen: {checked}");
}

#[test]
fn interstellar_tactical_moves_are_its_captures_and_super_nova_steps() {
    tactical_moves_are_the_tactical_legal_moves::<interstellar::Position>(21, 3000);
}

#[test]
fn triangular_tactical_moves_are_its_captures_and_promotions() {
    tactical_moves_are_the_tactical_legal_moves::<triangular::Position>(22, 3000);
}

#[test]
fn every_level_plays_legal_moves_and_levels_from_4_take_a_win_in_one() {
    use orrery::engine::{Level, Player, PlayerKind};
    let stop = no_stop();
    let limits = Limits::movetime(Duration::from_millis(200));
    for level in Level::all() {
        let mut player = Player::<triangular::Position>::new(
            PlayerKind::Level(level, Default::default()),
            1,
            u64::from(level.number()),
        );
        for (pos, keys) in random_positions::<triangular::Position>(u64::from(level.number()), 40) {
            let choice = player.choose(&pos, &keys, &limits, &stop).unwrap();
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            assert!(moves.contains(&choice.mv), "level {}: {}", level.number(), pos.position_string());
        }
        // Two wins in one move (Target Out and Total Annihilation).
        let win = interstellar::Position::from_position_string("9/U7/3p1q3/8/9/8/9/4Q3/3P5 +").unwrap();
        let mut player = Player::<interstellar::Position>::new(PlayerKind::Level(level, Default::default()), 1, 7);
        let wins = (0..10)
            .filter(|_| {
                let mut after = win.clone();
                after.play(player.choose(&win, &[], &limits, &stop).unwrap().mv);
                after.outcome().is_some()
            })
            .count();
        if level.number() >= 4 {
            assert_eq!(wins, 10, "level {} missed a win in one", level.number());
        }
    }
    // The greedy player takes a win in one too; the random player plays legal moves.
    let win = interstellar::Position::from_position_string("9/U7/3p1q3/8/9/8/9/4Q3/3P5 +").unwrap();
    let mut greedy = Player::<interstellar::Position>::new(PlayerKind::Greedy, 1, 3);
    let mut after = win.clone();
    after.play(greedy.choose(&win, &[], &limits, &stop).unwrap().mv);
    assert!(after.outcome().is_some());
}

#[test]
fn level_1_takes_the_best_capture_on_about_half_its_moves() {
    use orrery::engine::{Level, Player, PlayerKind};
    // White to move can take the black queen with the rook; many other moves exist.
    let pos = triangular::Position::from_position_string(
        "3qbk3/3ppbpp3/3p1n1n1p3/1r11r1/1R11R1/3P1N1N1P3/3PPBPP3/3QBK3 w 2 7",
    )
    .unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let best =
        moves.iter().copied().filter_map(|mv| pos.tactical_value(mv).map(|v| (v, mv))).max_by_key(|p| p.0).unwrap().1;
    let mut player =
        Player::<triangular::Position>::new(PlayerKind::Level(Level::new(1).unwrap(), Default::default()), 1, 5);
    let stop = no_stop();
    let taken = (0..400).filter(|_| player.choose(&pos, &[], &Limits::depth(1), &stop).unwrap().mv == best).count();
    // Half the moves are the best capture, the other half random (1/len of them too).
    let expected = 200.0 + 200.0 / moves.len() as f64;
    assert!((taken as f64 - expected).abs() < 45.0, "{taken} of 400, expected about {expected}");
}

#[test]
fn match_plays_both_colours_reports_elo_and_writes_records_that_tune_reads() {
    let dir = std::env::temp_dir().join(format!("orrery-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.pgn");
    let o = orrery(&[
        "match",
        "--variant",
        "triangular",
        "--a",
        "level=3",
        "--b",
        "random",
        "--games",
        "6",
        "--nodes",
        "300",
        "--concurrency",
        "2",
        "--sprt",
        "0,100",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), 6, "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(": A first ")).count(), 3, "{out}");
    let summary = out.lines().find(|l| l.starts_with("A level=3 against B random: ")).expect(&out);
    assert!(summary.contains(" of 6 games; score "), "{summary}");
    assert!(out.lines().any(|l| l.starts_with("SPRT elo0 0 elo1 100 ")), "{out}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.matches("[Event \"orrery match\"]").count(), 6);
    let check = orrery(&["record", "check", record.to_str().unwrap()]);
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
    let tune = orrery(&["tune", "--variant", "triangular", record.to_str().unwrap(), "--rounds", "2"]);
    assert!(tune.status.success(), "{}", String::from_utf8_lossy(&tune.stderr));
    let report = String::from_utf8(tune.stdout).unwrap();
    assert!(report.lines().next().unwrap().ends_with(" games"), "{report}");
    assert!(report.lines().any(|l| l.starts_with("K ") && l.contains("; error ")), "{report}");
    // Bad players and bad SPRTs are one line on standard error.
    for args in [
        vec!["match", "--variant", "triangular", "--a", "level=9", "--b", "random", "--nodes", "10"],
        vec!["match", "--variant", "triangular", "--a", "level=2", "--b", "level=2,fast=on", "--nodes", "10"],
        vec!["match", "--variant", "triangular", "--a", "greedy", "--b", "random", "--nodes", "10", "--sprt", "5,0"],
    ] {
        let o = orrery(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&o.stderr).trim().is_empty());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_prints_every_position_then_nodes_and_nps_and_is_the_same_twice() {
    let run = || {
        let o = orrery(&["bench", "--variant", "draughts", "--depth", "3"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let out = run();
    let positions = orrery::engine::bench::positions(orrery::core::game::Variant::Draughts).len();
    assert_eq!(out.lines().filter(|l| l.starts_with("draughts ") && l.contains(": nodes ")).count(), positions);
    let nodes = |text: &str| text.lines().find_map(|l| l.strip_prefix("nodes ")).map(str::to_string).expect(text);
    assert!(nodes(&out).parse::<u64>().unwrap() > 0);
    assert!(out.lines().last().unwrap().starts_with("nps "), "{out}");
    // The fingerprint: the same search gives the same count.
    assert_eq!(nodes(&out), nodes(&run()));
}

/// Multi-PV reports come best first at every depth: a line searched later (without the
/// moves of the lines before it) may score above an earlier one, and line 1 is then
/// reported as the better one, as the final result orders them.
#[test]
fn multi_pv_reports_each_depth_best_first_and_line_one_is_the_best_move() {
    fn check<G: EngineGame>() {
        for text in orrery::engine::bench::positions(G::VARIANT).iter().take(4) {
            let pos = G::from_position_string(text).unwrap();
            let mut reports = Vec::new();
            let result = Engine::<G>::new(4).search(&pos, &[], &Limits::depth(4), 3, &no_stop(), &mut |r| {
                reports.push((r.depth, r.multipv, r.score, r.pv[0]));
            });
            for depth in 1..=result.depth {
                let lines: Vec<_> = reports.iter().filter(|r| r.0 == depth).collect();
                assert_eq!(
                    lines.iter().map(|r| r.1).collect::<Vec<_>>(),
                    (1..=lines.len()).collect::<Vec<_>>(),
                    "{text}"
                );
                assert!(lines.windows(2).all(|w| w[0].2.order_key() >= w[1].2.order_key()), "{text}: {lines:?}");
            }
            let last = reports.iter().find(|r| r.0 == result.depth && r.1 == 1).unwrap();
            assert_eq!(Some(last.3), result.best, "{text}");
        }
    }
    check::<interstellar::Position>();
    check::<triangular::Position>();
    check::<orrery::core::draughts::Position>();
}
