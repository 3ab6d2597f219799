//! Another engine spoken to over the protocol (`orrery engine`'s, modelled on UCI), as
//! cutechess-cli drives engines: a match can pit any build of Orrery against any other
//! (`orrery match --a engine="CMD"`), the baseline of a change against the change.
//!
//! The command is run by the shell (`sh -c CMD`), its standard input and output piped.
//! It is told `uci` (and must answer `uciok`), `setoption name UCI_Variant value …`,
//! `setoption name Hash value …`, `isready` (`readyok`); each game starts with
//! `ucinewgame`, each move is `position startpos moves …` then `go nodes N` or
//! `go movetime MS`, answered by `bestmove M`. Every answer is waited for with a
//! deadline: an engine that is silent, exits, or names a move that is not legal loses
//! the game with the reason said ([`Contestant::pick`]'s error), never hangs the match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use super::game::EngineGame;
use super::levels::Player;
use super::limits::Limits;
use super::text::move_token;
use crate::core::moves::MoveList;

/// How long an engine may take to answer `uci` and `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(20);

/// How long past its move time (or, searching a number of nodes, in all) an engine may
/// take to answer `go` with its `bestmove`.
pub const MOVE_GRACE: Duration = Duration::from_secs(30);

/// A player of a match: it starts games and picks moves.
pub trait Contestant<G: EngineGame>: Send {
    /// Gets ready for a new game.
    ///
    /// # Errors
    /// Why the player cannot play (an engine that has gone).
    fn new_game(&mut self) -> Result<(), String>;

    /// The move to play in `pos`, reached from the opening position by `moves`
    /// (`history`: the keys of the positions before it); `limits` bound the search.
    ///
    /// # Errors
    /// Why no legal move came (an engine silent past its deadline, gone, or naming a
    /// move that is not legal): the player loses the game.
    fn pick(
        &mut self,
        pos: &G,
        history: &[u64],
        moves: &[G::Move],
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Result<G::Move, String>;
}

impl<G: EngineGame> Contestant<G> for Player<G>
where
    G::Move: Send,
{
    fn new_game(&mut self) -> Result<(), String> {
        Player::new_game(self);
        Ok(())
    }

    fn pick(
        &mut self,
        pos: &G,
        history: &[u64],
        _moves: &[G::Move],
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Result<G::Move, String> {
        self.choose(pos, history, limits, stop).map(|c| c.mv).ok_or_else(|| "no legal move".to_string())
    }
}

/// An engine running as another process.
pub struct ExternalEngine {
    command: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl ExternalEngine {
    /// Starts `command` with the shell and sets it up for `variant` (its protocol key,
    /// e.g. `triangular`) with a `hash_mb` MiB table.
    ///
    /// # Errors
    /// A sentence naming the command and what went wrong: it could not start, or did
    /// not answer `uci` / `isready` within [`HANDSHAKE_TIMEOUT`].
    pub fn start(command: &str, variant: &str, hash_mb: usize) -> Result<ExternalEngine, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("engine `{command}` could not start: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("engine `{command}`: no pipes"));
        };
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = ExternalEngine { command: command.to_string(), child, input, lines };
        engine.say("uci")?;
        engine.wait_for(|l| l == "uciok", HANDSHAKE_TIMEOUT, "uciok")?;
        engine.say(&format!("setoption name UCI_Variant value {variant}"))?;
        engine.say(&format!("setoption name Hash value {hash_mb}"))?;
        engine.ready()?;
        Ok(engine)
    }

    /// Sends one line.
    fn say(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("engine `{}` has gone ({e})", self.command))
    }

    /// `isready`, answered `readyok`.
    fn ready(&mut self) -> Result<(), String> {
        self.say("isready")?;
        self.wait_for(|l| l == "readyok", HANDSHAKE_TIMEOUT, "readyok").map(|_| ())
    }

    /// The first line for which `wanted` holds, read within `timeout` (other lines are
    /// skipped).
    fn wait_for(&mut self, wanted: impl Fn(&str) -> bool, timeout: Duration, what: &str) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if wanted(line.trim()) => return Ok(line.trim().to_string()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("engine `{}`: no `{what}` within {} s", self.command, timeout.as_secs()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("engine `{}` exited before `{what}`", self.command));
                }
            }
        }
    }
}

impl Drop for ExternalEngine {
    /// `quit`, then the process is ended if it has not gone within a second.
    fn drop(&mut self) {
        let _ = self.say("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl<G: EngineGame> Contestant<G> for ExternalEngine {
    fn new_game(&mut self) -> Result<(), String> {
        self.say("ucinewgame")?;
        self.ready()
    }

    fn pick(
        &mut self,
        pos: &G,
        _history: &[u64],
        moves: &[G::Move],
        limits: &Limits,
        _stop: &AtomicBool,
    ) -> Result<G::Move, String> {
        // The moves from the opening position, each as its token there.
        let mut here = G::opening();
        let mut tokens = Vec::with_capacity(moves.len());
        for &mv in moves {
            tokens.push(move_token(&here, mv));
            here.play(mv);
        }
        let position = if tokens.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", tokens.join(" "))
        };
        self.say(&position)?;
        let (go, timeout) = match (limits.movetime, limits.nodes, limits.depth) {
            (Some(time), _, _) => (format!("go movetime {}", time.as_millis()), time + MOVE_GRACE),
            (None, Some(nodes), _) => (format!("go nodes {nodes}"), MOVE_GRACE),
            (None, None, Some(depth)) => (format!("go depth {depth}"), 10 * MOVE_GRACE),
            (None, None, None) => ("go movetime 1000".to_string(), Duration::from_secs(1) + MOVE_GRACE),
        };
        self.say(&go)?;
        let line = self.wait_for(|l| l.starts_with("bestmove"), timeout, "bestmove")?;
        let token = line.split_whitespace().nth(1).unwrap_or("");
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        legal.iter().copied().find(|&mv| move_token(pos, mv) == token).ok_or_else(|| {
            format!(
                "engine `{}` played {}, not a legal move",
                self.command,
                crate::core::game::escaped_and_cut(token, 40)
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::triangular::Position;

    #[test]
    fn an_engine_that_cannot_start_or_does_not_speak_the_protocol_is_reported_not_waited_for() {
        let missing = ExternalEngine::start("/nonexistent/orrery-engine", "triangular", 1).err().unwrap();
        assert!(
            missing.contains("exited before `uciok`")
                || missing.contains("could not start")
                || missing.contains("has gone"),
            "{missing}"
        );
        // `cat` echoes `uci` but never says `uciok`; `true` exits at once.
        // (It may be gone before `uci` is even written: either way it is said.)
        let silent = ExternalEngine::start("true", "triangular", 1).err().unwrap();
        assert!(silent.contains("exited before `uciok`") || silent.contains("has gone"), "{silent}");
    }

    #[test]
    fn a_scripted_engine_plays_its_move_and_an_illegal_one_loses() {
        // A shell script that answers the handshake and always plays the same token.
        let script = |token: &str| {
            format!(
                "while read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; \
                 go*) echo \"bestmove {token}\";; quit) exit 0;; esac; done"
            )
        };
        let pos = Position::opening();
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let first = legal[0];
        let mut engine = ExternalEngine::start(&script(&move_token(&pos, first)), "triangular", 1).unwrap();
        Contestant::<Position>::new_game(&mut engine).unwrap();
        let stop = AtomicBool::new(false);
        let mv = Contestant::<Position>::pick(&mut engine, &pos, &[], &[], &Limits::nodes(100), &stop).unwrap();
        assert_eq!(mv, first);
        let mut wrong = ExternalEngine::start(&script("Zz9q"), "triangular", 1).unwrap();
        let error = Contestant::<Position>::pick(&mut wrong, &pos, &[], &[], &Limits::nodes(100), &stop).unwrap_err();
        assert!(error.contains("not a legal move"), "{error}");
    }
}
