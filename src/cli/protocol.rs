//! `orrery engine`: the engine behind a text protocol modelled on UCI, so that other
//! programs can drive it over standard input and output.
//!
//! Commands, one a line (unknown ones are answered `info string unknown command: …`):
//! - `uci` — `id name …`, `id author …`, the options, `uciok`;
//! - `isready` — `readyok`;
//! - `setoption name UCI_Variant value interstellar|triangular|draughts` (a new game of that
//!   variant), `setoption name Hash value MB`, `setoption name MultiPV value 1..5`;
//! - `ucinewgame` — forget what was learnt;
//! - `position startpos [moves M …]` or `position pos STRING [moves M …]` (a position
//!   string, then the moves played from it, in the game's notation);
//! - `go depth D | movetime MS | nodes N | wtime MS btime MS [winc MS] [binc MS] |
//!   infinite` — searches in the background, printing `info …` lines as `orrery
//!   analyse` does and then `bestmove M` (`bestmove (none)` in a finished game);
//! - `stop` — ends the search now (its `bestmove` follows);
//! - `quit` (a search still running is stopped; at the end of the input, one with a
//!   limit ends by its limit first).
//!
//! A bad position or move is answered `info string error: …` and the position stays
//! as it was. Moves are single tokens: the notation without the Target or check suffix.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::core::game::Variant;
use crate::engine::text::{info_line, move_token};
use crate::engine::{Clock, Engine, EngineGame, Limits, MAX_MULTI_PV};

/// Where the protocol's answers go, shared with the searching thread.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// Writes one line to `out` (errors writing are ignored: the other side has gone).
fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}").and_then(|()| w.flush());
    }
}

/// What ends a session of one variant.
enum Next {
    Quit,
    Variant(Variant),
}

/// The options that outlive a change of variant.
struct Options {
    hash_mb: usize,
    multipv: usize,
}

/// Serves the protocol: reads commands from `input` until `quit` or its end, answering
/// on `output`. Starts with Interstellar.
pub fn serve(input: impl BufRead, output: Output) {
    let mut lines = input.lines().map_while(Result::ok);
    let mut options = Options { hash_mb: 64, multipv: 1 };
    let mut variant = Variant::Interstellar;
    loop {
        let next = crate::with_variant!(variant, G => session::<G>(&mut lines, &output, &mut options));
        match next {
            Next::Quit => return,
            Next::Variant(v) => variant = v,
        }
    }
}

/// Serves the protocol on standard input and output.
pub fn serve_stdio() {
    let output: Output = Arc::new(Mutex::new(std::io::stdout()));
    serve(std::io::stdin().lock(), output);
}

/// A search running on its own thread, handing the engine back when done.
struct Running<G: EngineGame> {
    stop: Arc<AtomicBool>,
    /// Whether the search has a limit (else it runs until stopped).
    limited: bool,
    thread: JoinHandle<Engine<G>>,
}

/// The game being analysed: the position the moves started from, the moves, and the
/// keys of the positions before the last (for repetitions).
struct State<G: EngineGame> {
    position: G,
    history: Vec<u64>,
    engine: Option<Engine<G>>,
    running: Option<Running<G>>,
}

impl<G: EngineGame> State<G> {
    /// Waits for the running search (after asking it to stop, when `stop`).
    fn finish(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop {
                running.stop.store(true, Ordering::Relaxed);
            }
            if let Ok(engine) = running.thread.join() {
                self.engine = Some(engine);
            }
        }
    }
}

fn session<G: EngineGame>(lines: &mut impl Iterator<Item = String>, out: &Output, options: &mut Options) -> Next {
    let mut state = State::<G> {
        position: G::opening(),
        history: Vec::new(),
        engine: Some(Engine::new(options.hash_mb)),
        running: None,
    };
    for line in lines.by_ref() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else { continue };
        match command {
            "uci" => {
                say(out, &format!("id name Orrery {}", env!("CARGO_PKG_VERSION")));
                say(out, "id author the Orrery developers");
                say(out, "option name UCI_Variant type combo default interstellar var interstellar var triangular");
                say(out, "option name Hash type spin default 64 min 1 max 4096");
                say(out, &format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"));
                say(out, "uciok");
            }
            "isready" => say(out, "readyok"),
            "stop" => state.finish(true),
            "quit" => {
                state.finish(true);
                return Next::Quit;
            }
            "ucinewgame" => {
                state.finish(true);
                if let Some(engine) = &mut state.engine {
                    engine.clear();
                }
            }
            "setoption" => {
                state.finish(true);
                match set_option(&words, options) {
                    Ok(Some(variant)) => return Next::Variant(variant),
                    Ok(None) => state.engine = Some(Engine::new(options.hash_mb)),
                    Err(e) => say(out, &format!("info string error: {e}")),
                }
            }
            "position" => {
                state.finish(true);
                match read_position::<G>(&words[1..]) {
                    Ok((position, history)) => {
                        state.position = position;
                        state.history = history;
                    }
                    Err(e) => say(out, &format!("info string error: {e}")),
                }
            }
            "go" => {
                state.finish(false);
                match read_limits(&words[1..]) {
                    Ok(limits) => go(&mut state, limits, options.multipv, out),
                    Err(e) => say(out, &format!("info string error: {e}")),
                }
            }
            other => say(out, &format!("info string unknown command: {}", crate::record::shown(other))),
        }
    }
    // The end of the input: a search with a limit ends by it, an infinite one now.
    let limited = state.running.as_ref().is_some_and(|r| r.limited);
    state.finish(!limited);
    Next::Quit
}

/// `setoption name N value V`: a new variant, or `None` for another option.
fn set_option(words: &[&str], options: &mut Options) -> Result<Option<Variant>, String> {
    let name_at = words.iter().position(|w| *w == "name").ok_or("setoption needs `name`")?;
    let value_at = words.iter().position(|w| *w == "value").ok_or("setoption needs `value`")?;
    let name = words.get(name_at + 1..value_at).unwrap_or_default().join(" ");
    let value = words.get(value_at + 1..).unwrap_or_default().join(" ");
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => value.parse::<Variant>().map(Some).map_err(|e| e.to_string()),
        "hash" => {
            let mb: usize = value.parse().map_err(|_| format!("Hash must be a number of MiB, not {value:?}"))?;
            options.hash_mb = mb.clamp(1, 4096);
            Ok(None)
        }
        "multipv" => {
            let k: usize = value.parse().map_err(|_| format!("MultiPV must be 1 to {MAX_MULTI_PV}, not {value:?}"))?;
            options.multipv = k.clamp(1, MAX_MULTI_PV);
            Ok(None)
        }
        _ => Err(format!("unknown option {name:?}")),
    }
}

/// `startpos [moves …]` or `pos STRING [moves …]`: the position reached and the keys of
/// the positions before it.
fn read_position<G: EngineGame>(words: &[&str]) -> Result<(G, Vec<u64>), String> {
    let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let mut position = match words.first() {
        Some(&"startpos") if moves_at == 1 => G::opening(),
        Some(&"pos") if moves_at > 1 => {
            let text = words[1..moves_at].join(" ");
            G::from_position_string(&text)
                .map_err(|e| format!("invalid position: {}", super::one_line(&e.to_string())))?
        }
        _ => return Err("position needs `startpos` or `pos STRING`, then optionally `moves …`".into()),
    };
    let mut history = Vec::new();
    for (k, word) in words.iter().enumerate().skip(moves_at + 1) {
        let mv = position
            .parse_move(word)
            .map_err(|e| format!("move {} ({}): {}", k - moves_at, word, super::one_line(&e.to_string())))?;
        history.push(position.zobrist());
        position.play(mv);
    }
    Ok((position, history))
}

/// The limits of `go …`.
fn read_limits(words: &[&str]) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut clocks = [Clock { left: Duration::ZERO, increment: Duration::ZERO }; 2];
    let mut timed = false;
    let mut k = 0;
    while k < words.len() {
        let word = words[k];
        if word == "infinite" {
            k += 1;
            continue;
        }
        let value = words.get(k + 1).ok_or_else(|| format!("`go {word}` needs a number"))?;
        let n: u64 = value.parse().map_err(|_| format!("`go {word}` needs a number, not {value:?}"))?;
        let ms = Duration::from_millis(n);
        match word {
            "depth" => limits.depth = Some(u32::try_from(n).unwrap_or(u32::MAX).clamp(1, crate::engine::MAX_DEPTH)),
            "nodes" => limits.nodes = Some(n.max(1)),
            "movetime" => limits.movetime = Some(ms),
            "wtime" => (clocks[0].left, timed) = (ms, true),
            "btime" => (clocks[1].left, timed) = (ms, true),
            "winc" => clocks[0].increment = ms,
            "binc" => clocks[1].increment = ms,
            other => return Err(format!("unknown `go` limit {other:?}")),
        }
        k += 2;
    }
    if timed {
        limits.clocks = Some(clocks);
    }
    Ok(limits)
}

/// Starts a search of the state's position on its own thread.
fn go<G: EngineGame>(state: &mut State<G>, limits: Limits, multipv: usize, out: &Output) {
    let Some(mut engine) = state.engine.take() else { return };
    let stop = Arc::new(AtomicBool::new(false));
    let (position, history, out) = (state.position.clone(), state.history.clone(), Arc::clone(out));
    let flag = Arc::clone(&stop);
    let thread = std::thread::spawn(move || {
        let result = engine.search(&position, &history, &limits, multipv, &flag, &mut |report| {
            say(&out, &info_line(&position, report));
        });
        match result.best {
            Some(mv) => say(&out, &format!("bestmove {}", move_token(&position, mv))),
            None => say(&out, "bestmove (none)"),
        }
        engine
    });
    let limited = limits != Limits::default();
    state.running = Some(Running { stop, limited, thread });
}
