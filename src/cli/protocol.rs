//! `orrery engine`: the engine behind a text protocol modelled on UCI, so that other
//! programs can drive it over standard input and output.
//!
//! Commands, one a line (unknown ones are answered `info string unknown command: …`):
//! - `uci` — `id name …`, `id author …`, the options, `uciok`;
//! - `isready` — `readyok`;
//! - `setoption name UCI_Variant value interstellar|triangular|draughts` (a new game of that
//!   variant), `setoption name Hash value MB`, `setoption name MultiPV value 1..5`,
//!   `setoption name Skill Level value 1..8` (the app's levels: below 8 a `go` plays
//!   as that level, searching within its own limits and the `go`'s, and answers with
//!   its `bestmove` only);
//! - `ucinewgame` — forget what was learnt;
//! - `position startpos [moves M …]` or `position pos STRING [moves M …]` (a position
//!   string, then the moves played from it, in the game's notation);
//! - `go` with any of `depth D`, `nodes N`, `movetime MS`, `wtime MS`, `btime MS`,
//!   `winc MS`, `binc MS`, `movestogo N`, `mate N` (a search of `2N-1` plies),
//!   `infinite`, `ponder` (read; the search runs by its limits at once) and
//!   `searchmoves M …` (read, but every move is searched) — searches in the background, printing `info …`
//!   lines as `orrery analyse` does and then `bestmove M` (`bestmove (none)` in a
//!   finished game). Every `go` is answered with a `bestmove`: what it cannot read is
//!   reported (`info string error: …`) and left out (when no limit is left, it searches
//!   for one second); a `go` while a search runs stops
//!   that search (its `bestmove` comes first);
//! - `stop` — ends the search now (its `bestmove` follows); `ponderhit` changes nothing;
//! - `quit`, or the end of the input — a search still running is stopped (its
//!   `bestmove` is printed), as Stockfish does.
//!
//! A bad position or move is answered `info string error: …` and the position stays
//! as it was; a line that is not UTF-8 is reported and read without its bad bytes.
//! Echoed input is cut to 40 characters and its control characters escaped. Moves are
//! single tokens: the notation without the Target or check suffix.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::core::game::Variant;
use crate::engine::text::{info_line, move_token};
use crate::engine::{Clock, Engine, EngineGame, Limits, MAX_MULTI_PV};
use crate::record::shown;

/// Where the protocol's answers go, shared with the searching thread.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// Writes one line to `out` (errors writing are ignored: the other side has gone).
fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}").and_then(|()| w.flush());
    }
}

/// Reports a problem with the input: `info string error: …`, control characters
/// escaped and cut to 300 characters.
fn complain(out: &Output, message: &str) {
    say(out, &format!("info string error: {}", crate::core::game::escaped_and_cut(message, 300)));
}

/// The lines of `input`, each decoded as UTF-8; a line with bytes that are not UTF-8 is
/// reported on `out` and read without them. Ends at the end of the input or at an error
/// reading it.
fn input_lines<'a>(input: impl BufRead + 'a, out: &'a Output) -> impl Iterator<Item = String> + 'a {
    input.split(b'\n').map_while(Result::ok).enumerate().map(move |(k, bytes)| match String::from_utf8(bytes) {
        Ok(line) => line,
        Err(e) => {
            let bytes = e.into_bytes();
            let text = String::from_utf8_lossy(&bytes);
            let bad = std::str::from_utf8(&bytes).err().map_or(0, |e| e.valid_up_to());
            let column = String::from_utf8_lossy(&bytes[..bad]).chars().count() + 1;
            complain(
                out,
                &format!(
                    "line {} is not UTF-8 (byte 0x{:02x} at column {column}): read without the bytes that are not",
                    k + 1,
                    bytes[bad]
                ),
            );
            text.replace(char::REPLACEMENT_CHARACTER, "")
        }
    })
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
    /// The level a `go` plays at (8: the whole engine).
    skill: u8,
    /// The seed of the next levelled search's chances.
    seed: u64,
}

/// Serves the protocol: reads commands from `input` until `quit` or its end, answering
/// on `output`. Starts with Interstellar.
pub fn serve(input: impl BufRead, output: Output) {
    let mut lines = input_lines(input, &output);
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
    let mut options = Options { hash_mb: 64, multipv: 1, skill: crate::engine::levels::MAX_LEVEL, seed };
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
                let vars: String = Variant::ALL.iter().map(|v| format!(" var {}", v.key())).collect();
                say(out, &format!("option name UCI_Variant type combo default interstellar{vars}"));
                say(out, "option name Hash type spin default 64 min 1 max 4096");
                say(out, &format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"));
                say(
                    out,
                    &format!(
                        "option name Skill Level type spin default {max} min {min} max {max}",
                        min = crate::engine::levels::MIN_LEVEL,
                        max = crate::engine::levels::MAX_LEVEL
                    ),
                );
                say(out, "uciok");
            }
            "isready" => say(out, "readyok"),
            "stop" => state.finish(true),
            "ponderhit" => {}
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
                    Ok(Changed::Variant(variant)) => return Next::Variant(variant),
                    Ok(Changed::Hash) => {
                        // The old table is freed before the new one is allocated.
                        state.engine = None;
                        state.engine = Some(Engine::new(options.hash_mb));
                    }
                    Ok(Changed::Other) => {}
                    Err(e) => complain(out, &e),
                }
            }
            "position" => {
                state.finish(true);
                match read_position::<G>(&words[1..]) {
                    Ok((position, history)) => {
                        state.position = position;
                        state.history = history;
                    }
                    Err(e) => complain(out, &e),
                }
            }
            "go" => {
                // A search still running (an infinite one, say) is stopped and answered.
                state.finish(true);
                let (limits, problems) = read_limits(&words[1..]);
                for problem in problems {
                    complain(out, &problem);
                }
                options.seed = options.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                go(&mut state, limits, options, out);
            }
            other => say(out, &format!("info string unknown command: {}", shown(other))),
        }
    }
    // The end of the input is `quit`.
    state.finish(true);
    Next::Quit
}

/// What a `setoption` changed.
enum Changed {
    Variant(Variant),
    Hash,
    Other,
}

/// `setoption name N value V`.
fn set_option(words: &[&str], options: &mut Options) -> Result<Changed, String> {
    let name_at = words.iter().position(|w| *w == "name").ok_or("setoption needs `name`")?;
    let value_at = words.iter().position(|w| *w == "value").ok_or("setoption needs `value`")?;
    let name = words.get(name_at + 1..value_at).unwrap_or_default().join(" ");
    let value = words.get(value_at + 1..).unwrap_or_default().join(" ");
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => value
            .parse::<Variant>()
            .map(Changed::Variant)
            .map_err(|_| format!("unknown variant {} (interstellar, triangular or draughts)", shown(&value))),
        "hash" => {
            let mb: usize =
                value.parse().map_err(|_| format!("Hash must be a number of MiB, not {}", shown(&value)))?;
            let mb = mb.clamp(1, 4096);
            if mb == options.hash_mb {
                return Ok(Changed::Other);
            }
            options.hash_mb = mb;
            Ok(Changed::Hash)
        }
        "skill level" => {
            let level = value
                .parse::<u8>()
                .ok()
                .and_then(crate::engine::Level::new)
                .ok_or_else(|| format!("Skill Level must be 1 to 8, not {}", shown(&value)))?;
            options.skill = level.number();
            Ok(Changed::Other)
        }
        "multipv" => {
            let k: usize =
                value.parse().map_err(|_| format!("MultiPV must be 1 to {MAX_MULTI_PV}, not {}", shown(&value)))?;
            options.multipv = k.clamp(1, MAX_MULTI_PV);
            Ok(Changed::Other)
        }
        _ => Err(format!("unknown option {}", shown(&name))),
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
            .map_err(|e| format!("move {} ({}): {}", k - moves_at, shown(word), super::one_line(&e.to_string())))?;
        history.push(position.zobrist());
        position.play(mv);
    }
    Ok((position, history))
}

/// The words after `go` that start a limit or a flag.
const GO_WORDS: [&str; 12] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// How long a `go` searches when it has words but none of its limits could be read.
const UNREAD_LIMITS_MOVETIME: Duration = Duration::from_millis(1000);

/// The limits of `go …`, and what could not be read (left out: the search still runs
/// with the rest). A negative time counts as none left.
fn read_limits(words: &[&str]) -> (Limits, Vec<String>) {
    let mut limits = Limits::default();
    let mut problems = Vec::new();
    let mut clocks = [Clock { left: Duration::ZERO, increment: Duration::ZERO }; 2];
    let mut timed = false;
    let mut infinite = false;
    let mut k = 0;
    while k < words.len() {
        let word = words[k];
        k += 1;
        match word {
            "infinite" => {
                infinite = true;
                continue;
            }
            "ponder" => continue,
            "searchmoves" => {
                let moves = words[k..].iter().take_while(|w| !GO_WORDS.contains(w)).count();
                k += moves;
                problems.push(format!("`go searchmoves` is not supported: all moves are searched ({moves} named)"));
                continue;
            }
            w if !GO_WORDS.contains(&w) => {
                problems.push(format!("unknown `go` word {}: left out", shown(w)));
                continue;
            }
            _ => {}
        }
        let Some(value) = words.get(k).filter(|v| !GO_WORDS.contains(v)) else {
            problems.push(format!("`go {word}` needs a number: left out"));
            continue;
        };
        k += 1;
        let n: u64 = match value.parse::<i64>() {
            Ok(n) => u64::try_from(n).unwrap_or(0),
            Err(_) => match value.parse::<u64>() {
                Ok(n) => n,
                Err(_) => {
                    problems.push(format!("`go {word}` needs a number, not {}: left out", shown(value)));
                    continue;
                }
            },
        };
        let ms = Duration::from_millis(n);
        let plies = |n: u64| u32::try_from(n).unwrap_or(u32::MAX).clamp(1, crate::engine::MAX_DEPTH);
        match word {
            "depth" => limits.depth = Some(plies(n)),
            "mate" => limits.depth = Some(plies(n.saturating_mul(2).saturating_sub(1))),
            "nodes" => limits.nodes = Some(n.max(1)),
            "movetime" => limits.movetime = Some(ms),
            "wtime" => (clocks[0].left, timed) = (ms, true),
            "btime" => (clocks[1].left, timed) = (ms, true),
            "winc" => clocks[0].increment = ms,
            "binc" => clocks[1].increment = ms,
            _ => limits.moves_to_go = Some(u32::try_from(n).unwrap_or(u32::MAX).max(1)),
        }
    }
    if timed {
        limits.clocks = Some(clocks);
    }
    // A `go` meant to have limits, none of which could be read, still ends by itself.
    if !problems.is_empty() && !infinite && limits == Limits::default() {
        limits.movetime = Some(UNREAD_LIMITS_MOVETIME);
        problems.push(format!("no limit could be read: searching for {} ms", UNREAD_LIMITS_MOVETIME.as_millis()));
    }
    (limits, problems)
}

/// Starts a search of the state's position on its own thread (at the Skill Level set:
/// below 8, as that level plays).
fn go<G: EngineGame>(state: &mut State<G>, limits: Limits, options: &Options, out: &Output) {
    let Some(mut engine) = state.engine.take() else { return };
    let stop = Arc::new(AtomicBool::new(false));
    let (position, history, out) = (state.position.clone(), state.history.clone(), Arc::clone(out));
    let flag = Arc::clone(&stop);
    let (multipv, skill, seed) = (options.multipv, options.skill, options.seed);
    let thread = std::thread::spawn(move || {
        if let Some(level) = crate::engine::Level::new(skill).filter(|l| *l < crate::engine::Level::MAX) {
            use rand::SeedableRng;
            let kind = crate::engine::PlayerKind::Level(level, crate::engine::Options::default());
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let choice = crate::engine::choose_move(&mut engine, kind, &mut rng, &position, &history, &limits, &flag);
            match choice {
                Some(choice) => say(&out, &format!("bestmove {}", move_token(&position, choice.mv))),
                None => say(&out, "bestmove (none)"),
            }
            return engine;
        }
        let result = engine.search(&position, &history, &limits, multipv, &flag, &mut |report| {
            say(&out, &info_line(&position, report));
        });
        match result.best {
            Some(mv) => say(&out, &format!("bestmove {}", move_token(&position, mv))),
            None => say(&out, "bestmove (none)"),
        }
        engine
    });
    state.running = Some(Running { stop, thread });
}
