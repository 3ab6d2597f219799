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

fn run(script: &str) -> Vec<String> {
    let sink = Shared::default();
    let output: Output = Arc::new(Mutex::new(sink.clone()));
    serve(script.as_bytes(), output);
    let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    text.lines().map(str::to_string).collect()
}

#[test]
fn uci_isready_and_a_search_to_a_depth() {
    let lines = run("uci\nisready\nposition startpos moves PQ-33\ngo depth 3\n");
    assert!(lines[0].starts_with("id name Orrery"));
    assert!(lines.iter().any(|l| l.starts_with("option name UCI_Variant")));
    let uciok = lines.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(lines[uciok + 1], "readyok");
    // The end of the input lets the search reach its depth.
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
    // The end of the input lets the search reach its depth.
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
    let count = |s: &Shared| String::from_utf8_lossy(&s.0.lock().unwrap()).matches("bestmove").count();
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
    assert_eq!(errors.len(), 5, "{lines:?}");
    assert!(errors[0].contains("move 2 (ZZ-99)"), "{}", errors[0]);
    assert!(errors[1].contains("invalid position"), "{}", errors[1]);
    assert!(errors[2].contains("unknown command: fly"), "{}", errors[2]);
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")));
}

#[test]
fn the_binary_speaks_the_protocol_on_standard_input_and_output() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"isready\nposition startpos moves PQ-33\ngo depth 3\n").unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("orrery engine did not finish");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut text = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut text).unwrap();
    assert!(text.starts_with("readyok\n"), "{text}");
    assert!(text.contains("info depth 3 "), "{text}");
    assert!(text.lines().last().unwrap().starts_with("bestmove "), "{text}");
}
