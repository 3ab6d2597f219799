//! The engine protocol (`orrery engine`), scripted: every command of
//! `src/cli/protocol.rs` with what it must answer.

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use orrery::cli::protocol::{Output, serve};
use orrery::core::Game;
use orrery::core::moves::MoveList;

/// A sink the protocol writes to, readable by the test.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn bestmoves(&self) -> usize {
        String::from_utf8_lossy(&self.0.lock().unwrap()).matches("bestmove").count()
    }
}

/// A script as the input: its end comes once every `go` of it has been answered (the
/// end of the input is `quit`, which stops a running search), or after a minute.
struct Script {
    text: Vec<u8>,
    read: usize,
    sink: Shared,
    gos: usize,
}

impl std::io::Read for Script {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.read == self.text.len() {
            let asked = Instant::now();
            while self.sink.bestmoves() < self.gos && asked.elapsed() < Duration::from_secs(60) {
                std::thread::sleep(Duration::from_millis(5));
            }
            return Ok(0);
        }
        let n = buf.len().min(self.text.len() - self.read);
        buf[..n].copy_from_slice(&self.text[self.read..self.read + n]);
        self.read += n;
        Ok(n)
    }
}

fn run_bytes(script: &[u8]) -> Vec<String> {
    let sink = Shared::default();
    let output: Output = Arc::new(Mutex::new(sink.clone()));
    let gos = script.split(|&b| b == b'\n').filter(|l| l.starts_with(b"go")).count();
    let input = Script { text: script.to_vec(), read: 0, sink: sink.clone(), gos };
    serve(std::io::BufReader::new(input), output);
    let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    text.lines().map(str::to_string).collect()
}

fn run(script: &str) -> Vec<String> {
    run_bytes(script.as_bytes())
}

#[test]
fn uci_isready_and_a_search_to_a_depth() {
    let lines = run("uci\nisready\nposition startpos moves PQ-33\ngo depth 3\n");
    assert!(lines[0].starts_with("id name Orrery"));
    assert!(lines.iter().any(|l| l.starts_with("option name UCI_Variant")));
    let uciok = lines.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(lines[uciok + 1], "readyok");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{lines:?}");
    let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
    let token = best.strip_prefix("bestmove ").unwrap();
    // The move is legal for the second player after PQ-33.
    let mut pos = orrery::core::interstellar::Position::opening();
    pos.play(pos.parse_move("PQ-33").unwrap());
    let mv = pos.parse_move(token).unwrap_or_else(|e| panic!("{token}: {e}"));
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(moves.contains(&mv));
    assert!(lines.iter().any(|l| l.starts_with("info depth 1 ")), "{lines:?}");
}

#[test]
fn the_variant_option_switches_game_and_multipv_gives_several_lines() {
    let lines = run(
        "setoption name UCI_Variant value triangular\nsetoption name MultiPV value 3\nposition startpos\ngo depth 2\nisready\n",
    );
    let infos: Vec<_> = lines.iter().filter(|l| l.starts_with("info depth 2 ")).collect();
    assert!(infos.iter().any(|l| l.contains(" multipv 3 ")), "{lines:?}");
    let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
    let pos = orrery::core::triangular::Position::opening();
    assert!(pos.parse_move(best.strip_prefix("bestmove ").unwrap()).is_ok(), "{best}");
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let sink = Shared::default();
    let output: Output = Arc::new(Mutex::new(sink.clone()));
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    struct Channel(std::sync::mpsc::Receiver<String>, Vec<u8>);
    impl std::io::Read for Channel {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.1.is_empty() {
                match self.0.recv() {
                    Ok(line) => self.1 = line.into_bytes(),
                    Err(_) => return Ok(0),
                }
            }
            let n = buf.len().min(self.1.len());
            buf[..n].copy_from_slice(&self.1[..n]);
            self.1.drain(..n);
            Ok(n)
        }
    }
    let server = std::thread::spawn(move || serve(std::io::BufReader::new(Channel(rx, Vec::new())), output));
    tx.send("go infinite\n".into()).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let count = |s: &Shared| s.bestmoves();
    assert_eq!(count(&sink), 0, "an infinite search goes on until stopped");
    let asked = Instant::now();
    tx.send("stop\n".into()).unwrap();
    while count(&sink) == 0 {
        assert!(asked.elapsed() < Duration::from_secs(2), "stop was not answered");
        std::thread::sleep(Duration::from_millis(5));
    }
    let answered = asked.elapsed();
    tx.send("quit\n".into()).unwrap();
    server.join().unwrap();
    assert!(answered < Duration::from_millis(500), "stop answered after {answered:?}");
}

#[test]
fn bad_input_is_answered_and_the_position_kept() {
    let lines = run(
        "position startpos moves PQ-33 ZZ-99\nposition pos nonsense\nfly\ngo nodes x\nsetoption name Colour value red\nposition startpos moves PQ-33\ngo depth 1\n",
    );
    let errors: Vec<_> = lines.iter().filter(|l| l.starts_with("info string")).collect();
    assert_eq!(errors.len(), 6, "{lines:?}");
    assert!(errors[0].contains("move 2 (ZZ-99)"), "{}", errors[0]);
    assert!(errors[1].contains("invalid position"), "{}", errors[1]);
    assert!(errors[2].contains("unknown command: fly"), "{}", errors[2]);
    // A `go` whose limit cannot be read still searches, for a second, and is answered.
    assert!(errors[3].contains("`go nodes` needs a number, not x"), "{}", errors[3]);
    assert!(errors[4].contains("no limit could be read: searching for 1000 ms"), "{}", errors[4]);
    assert!(errors[5].contains("unknown option Colour"), "{}", errors[5]);
    assert_eq!(lines.iter().filter(|l| l.starts_with("bestmove ")).count(), 2, "{lines:?}");
}

/// `orrery engine` as a process, `script` written to its input (kept open).
fn engine_process(
    script: &[u8],
) -> (std::process::Child, std::process::ChildStdin, std::io::BufReader<std::process::ChildStdout>) {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script).unwrap();
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    (child, stdin, stdout)
}

/// The output read line by line up to a line holding `word` (or its end).
fn read_until(stdout: &mut impl std::io::BufRead, word: &str) -> String {
    let mut text = String::new();
    while !text.contains(word) {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap() == 0 {
            break;
        }
        text.push_str(&line);
    }
    text
}

#[test]
fn the_binary_speaks_the_protocol_on_standard_input_and_output() {
    let (mut child, stdin, mut stdout) = engine_process(b"isready\nposition startpos moves PQ-33\ngo depth 3\n");
    // Read up to the `bestmove`, then end the input (which is `quit`).
    let text = read_until(&mut stdout, "bestmove");
    drop(stdin);
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("orrery engine did not finish");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(text.starts_with("readyok\n"), "{text}");
    assert!(text.contains("info depth 3 "), "{text}");
    assert!(text.lines().last().unwrap().starts_with("bestmove "), "{text}");
}

#[test]
fn every_go_is_answered_with_a_bestmove_whatever_it_holds() {
    let gos = [
        "go",
        "go wtime 6000 btime 6000 winc 100 binc 100 movestogo 40",
        "go wtime 300 btime 300 movestogo 1",
        "go wtime -50 btime 1000",
        "go movetime 50 foo 12",
        "go depth",
        "go depth x",
        "go depth 2 nodes",
        "go nodes 99999999999999999999999",
        "go searchmoves PQ-33 NQ-37 depth 1",
        "go mate 1",
        "go ponder movetime 50",
        "go infinite",
    ];
    for go in gos {
        // Searches without a limit end at `stop`.
        let stop = if go == "go" || go.contains("infinite") { "stop\n" } else { "" };
        let lines = run_bytes(format!("position startpos\n{go}\nisready\n{stop}").as_bytes());
        let best: Vec<_> = lines.iter().filter(|l| l.starts_with("bestmove ")).collect();
        assert_eq!(best.len(), 1, "{go}: {lines:?}");
        let token = best[0].strip_prefix("bestmove ").unwrap();
        assert!(orrery::core::interstellar::Position::opening().parse_move(token).is_ok(), "{go}: {token}");
        assert!(lines.contains(&"readyok".to_string()), "{go}: {lines:?}");
    }
    // What could not be read is said.
    let lines = run("go movetime 50 foo 12\n");
    assert!(lines.iter().any(|l| l.starts_with("info string error: unknown `go` word foo")), "{lines:?}");
    let lines = run("go depth x\n");
    assert!(lines.iter().any(|l| l.contains("`go depth` needs a number, not x")), "{lines:?}");
}

#[test]
fn the_end_of_the_input_stops_a_long_search_and_a_go_during_one_is_answered() {
    // The input ends at once: the search of 100 s is stopped and answered.
    let started = Instant::now();
    let sink = Shared::default();
    let output: Output = Arc::new(Mutex::new(sink.clone()));
    serve(&b"position startpos\ngo movetime 100000\n"[..], output);
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
    assert_eq!(sink.bestmoves(), 1);
    // A second `go` while an infinite search runs: both are answered.
    let lines = run("go infinite\ngo depth 1\n");
    assert_eq!(lines.iter().filter(|l| l.starts_with("bestmove ")).count(), 2, "{lines:?}");
}

#[test]
fn bytes_that_are_not_utf8_are_reported_and_skipped_and_echoes_are_cut() {
    let lines = run_bytes(b"isready\n\xff\xfeisready\nfly\x01 \nisready\n");
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 3, "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("info string error: line 2 is not UTF-8 (byte 0xff at column 1)")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "info string unknown command: fly\\u{1}"), "{lines:?}");
    // A 50,000-character word is echoed cut.
    let long = "x".repeat(50_000);
    for script in [
        format!("{long}\n"),
        format!("position startpos moves {long}\n"),
        format!("setoption name {long} value 1\n"),
        format!("setoption name Hash value {long}\n"),
        format!("go depth {long}\n"),
    ] {
        let lines = run(&script);
        assert!(!lines.is_empty(), "{}", &script[..30]);
        assert!(lines.iter().all(|l| l.chars().count() < 400), "{}: {:?}", &script[..30], lines[0]);
    }
}

#[test]
fn the_variant_option_lists_every_game() {
    let lines = run("uci\n");
    let option = lines.iter().find(|l| l.starts_with("option name UCI_Variant")).unwrap();
    for key in ["interstellar", "triangular", "draughts"] {
        assert!(option.contains(&format!(" var {key}")), "{option}");
    }
    // And each can be chosen and searched.
    let lines = run("setoption name UCI_Variant value draughts\nposition startpos\ngo depth 2\n");
    let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
    let pos = orrery::core::draughts::Position::opening();
    assert!(pos.parse_move(best.strip_prefix("bestmove ").unwrap()).is_ok(), "{best}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_new_hash_size_frees_the_old_table_before_allocating_the_new_one() {
    let (mut child, stdin, mut stdout) =
        engine_process(b"setoption name Hash value 256\nsetoption name Hash value 512\nisready\n");
    assert!(read_until(&mut stdout, "readyok").contains("readyok"), "no readyok");
    // The peak resident size: the 512 MiB table and little else (with both tables at
    // once it would pass 768 MiB).
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    drop(stdin);
    let _ = child.wait();
    let peak_kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    assert!(peak_kib > 500 * 1024, "the table was not allocated: {peak_kib} KiB");
    assert!(peak_kib < 700 * 1024, "peak {} MiB", peak_kib / 1024);
}

#[test]
fn the_skill_level_option_plays_as_that_level() {
    let lines = run("uci\n");
    assert!(lines.iter().any(|l| l == "option name Skill Level type spin default 8 min 1 max 8"), "{lines:?}");
    // Level 1 searches nothing: a bestmove and no info lines, for a go that would search
    // deep at full strength.
    let lines = run(
        "setoption name UCI_Variant value triangular\nsetoption name Skill Level value 1\nposition startpos\ngo depth 30\n",
    );
    assert!(!lines.iter().any(|l| l.starts_with("info depth")), "{lines:?}");
    let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
    let pos = orrery::core::triangular::Position::opening();
    assert!(pos.parse_move(best.strip_prefix("bestmove ").unwrap()).is_ok(), "{best}");
    // Out of range: said, and the level stays.
    let lines = run("setoption name Skill Level value 9\n");
    assert!(lines.iter().any(|l| l.contains("Skill Level must be 1 to 8")), "{lines:?}");
}

#[test]
fn a_match_against_another_build_over_the_protocol_is_played_and_scored() {
    use clap::Parser;
    let engine = format!("engine=\"{} engine\"", env!("CARGO_BIN_EXE_orrery"));
    let cli = orrery::cli::Cli::try_parse_from([
        "orrery",
        "match",
        "--variant",
        "triangular",
        "--a",
        "level=8",
        "--b",
        &engine,
        "--games",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "20",
        "--concurrency",
        "1",
    ])
    .unwrap();
    let mut out = Vec::new();
    orrery::cli::run(&cli, &mut out).map_err(|e| e.0).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("of 2 games"), "{text}");
    assert!(!text.contains("forfeit"), "the other engine answered every move: {text}");
    // An engine that cannot be started stops the match with its reason.
    let cli = orrery::cli::Cli::try_parse_from([
        "orrery",
        "match",
        "--variant",
        "triangular",
        "--a",
        "level=8",
        "--b",
        "engine=true",
        "--games",
        "2",
        "--nodes",
        "300",
    ])
    .unwrap();
    let error = orrery::cli::run(&cli, &mut Vec::new()).map_err(|e| e.0).unwrap_err();
    assert!(
        error.contains("engine `true` exited before `uciok`") || error.contains("engine `true` has gone"),
        "{error}"
    );
}
