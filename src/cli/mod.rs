//! The command line: `perft`, `divide` and `status` for either game, `record
//! check` / `record convert` for game records, `solve` for puzzles, `analyse` for the
//! engine's view of a position, `diagram` for pictures of positions and `gif` for animated
//! games.
//!
//! The position commands take `--variant interstellar|triangular|draughts` and an optional
//! `--position STR` (the game's position string; the opening position when absent).
//! Bad input ends the program with exit code 2 and a one-line message on standard
//! error.

use std::io::Write;

use clap::{Parser, Subcommand};

use crate::core::game::{Game, Variant};
use crate::core::interstellar;
use crate::core::perft::{divide, perft};
use crate::core::{draughts, triangular};

mod analyse;
mod bench;
mod diagram;
mod gif;
mod learn;
mod matches;
pub mod protocol;
mod report;
mod shared;
mod solve;
mod tune;

pub use analyse::AnalyseArgs;
pub use bench::BenchArgs;
pub use diagram::DiagramArgs;
pub use gif::GifArgs;
pub use learn::{LearnArgs, LearnCommand};
pub use matches::MatchArgs;
pub use shared::BoardLookArgs;
pub use shared::{CliError, Finish};
use shared::{load, one_line};
pub use solve::SolveArgs;
pub use tune::TuneArgs;

/// Orrery: Interstellar (GB 2186198 A) and Triangular (HU 188326).
#[derive(Debug, Parser)]
#[command(name = "orrery", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal-move tree to a depth; the last line is `nodes N`.
    Perft {
        /// `interstellar`, `triangular` or `draughts`.
        #[arg(long)]
        variant: Variant,
        /// Depth in plies (half-moves).
        #[arg(long)]
        depth: u32,
        /// Position string; the opening position when absent.
        #[arg(long)]
        position: Option<String>,
    },
    /// Perft split by first move: one `MOVE COUNT` line per legal move, then `nodes N`.
    Divide {
        /// `interstellar`, `triangular` or `draughts`.
        #[arg(long)]
        variant: Variant,
        /// Depth in plies (half-moves), at least 1.
        #[arg(long)]
        depth: u32,
        /// Position string; the opening position when absent.
        #[arg(long)]
        position: Option<String>,
    },
    /// Describe a position: side to move, Target or check, legal moves, result.
    Status {
        /// `interstellar`, `triangular` or `draughts`.
        #[arg(long)]
        variant: Variant,
        /// Position string; the opening position when absent.
        #[arg(long)]
        position: Option<String>,
    },
    /// Open the desktop app with a record file (`.pgn` or `.ron`); `orrery` alone opens
    /// it with the last game.
    Open {
        /// The record file.
        file: std::path::PathBuf,
    },
    /// Solve a puzzle: one `key: MOVE` line per key, then `unique: yes|no` and `nodes: N`.
    Solve(SolveArgs),
    /// Search a position with the engine: UCI-style `info … pv …` lines as the search
    /// goes, then `bestmove MOVE`.
    Analyse(AnalyseArgs),
    /// Speak the engine protocol (modelled on UCI) on standard input and output:
    /// `uci`, `isready`, `setoption name UCI_Variant value interstellar|triangular|draughts`,
    /// `position startpos|pos STR [moves …]`, `go depth|movetime|nodes|wtime…|infinite`,
    /// `stop`, `quit`.
    Engine,
    /// Play engine against engine (levels, greedy, random, or another engine over the
    /// protocol: `engine="CMD"`) from short openings and report wins, draws and losses,
    /// the Elo difference and an SPRT verdict.
    Match(MatchArgs),
    /// The engine's bench: fixed positions of every game searched to a fixed depth;
    /// one line a position, then `nodes N` (changes only when the search does) and
    /// `nps N`.
    Bench(BenchArgs),
    /// Fit the evaluation's weights to the results of recorded games (Texel's method)
    /// and print them.
    Tune(TuneArgs),
    /// The game report for every game of a record file, written to another file:
    /// `[%eval]` after each move, `?!`/`?`/`??` and the better lines.
    Report(report::ReportArgs),
    /// Check or convert game records (`.pgn` text, `.ron`).
    Record {
        /// What to do with records.
        #[command(subcommand)]
        action: RecordCommand,
    },
    /// Draw a position as an SVG or PNG diagram (`--out FILE.svg|FILE.png`).
    Diagram(DiagramArgs),
    /// A game of a record file as an animated GIF (`--record FILE [--from N --to M]
    /// --out FILE.gif`): one frame per position, marks, arrows, moves and clocks.
    Gif(GifArgs),
    /// The courses that teach each game: `orrery learn check` proves every level
    /// (position valid, goal reachable, par exact) and the rules it covers.
    Learn(LearnArgs),
}

/// The `record` subcommands.
#[derive(Debug, Subcommand)]
pub enum RecordCommand {
    /// Read record files and report: `games: N`, `moves: N`, then each error as
    /// `FILE:LINE:COL: reason`; exit code 1 when there are errors.
    Check {
        /// The files (`.pgn` or `.ron`).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Convert a record file; formats by extension, `-` for standard input/output
    /// (as text).
    Convert {
        /// Input file, or `-`.
        input: std::path::PathBuf,
        /// Output file, or `-`.
        output: std::path::PathBuf,
    },
    /// List the games of a record file: one tab-separated row per game (number in the
    /// file, game, first player, second player, result, plies, event, date,
    /// stipulation), then `games: N`. Problems go to standard error.
    List {
        /// The file (`.pgn` or `.ron`).
        file: std::path::PathBuf,
    },
    /// Find the games of a record file that match every condition given: the rows of
    /// `record list` for them, then `games: N`.
    Search {
        /// The file (`.pgn` or `.ron`).
        file: std::path::PathBuf,
        /// A position that occurs anywhere in the game (variations included), as a
        /// position string; pieces and side to move count, clocks do not, and the names
        /// of Interstellar pieces only when the string gives them (`Q(NQ)`).
        #[arg(long)]
        position: Option<String>,
        /// The game of `--position` (by default the first game whose position strings
        /// read it).
        #[arg(long)]
        variant: Option<Variant>,
        /// A player whose name contains this text (letter case ignored).
        #[arg(long)]
        player: Option<String>,
        /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
        #[arg(long)]
        result: Option<String>,
    },
    /// The opening tree at a position over a record file's games (main lines): one
    /// tab-separated line per move played from it (move, games, won, drawn, lost by
    /// the side that played it, its score in %), the most played first, then `games:
    /// N`, the games whose main line reaches the position.
    Tree {
        /// The file (`.pgn` or `.ron`).
        file: std::path::PathBuf,
        /// The position, as a position string (by default the opening position).
        #[arg(long)]
        position: Option<String>,
        /// The game (by default the game of `--position`, or of the file's first game).
        #[arg(long)]
        variant: Option<Variant>,
    },
}

/// What a game adds for the `status` command: the lines between `side:` and
/// `legal-moves:` differ by game.
pub trait StatusReport: Game {
    /// The `status` lines that come before `legal-moves:`, e.g. `side: +`, `target: none`.
    fn status_lines(&self) -> Vec<String>;
}

impl StatusReport for interstellar::Position {
    fn status_lines(&self) -> Vec<String> {
        let target = match self.target_count() {
            0 => "none",
            1 => "single",
            _ => "double",
        };
        vec![format!("side: {}", self.side_to_move()), format!("target: {target}")]
    }
}

impl StatusReport for triangular::Position {
    fn status_lines(&self) -> Vec<String> {
        let check = if self.is_check() { "yes" } else { "no" };
        vec![format!("side: {}", self.side_to_move()), format!("check: {check}")]
    }
}

impl StatusReport for draughts::Position {
    fn status_lines(&self) -> Vec<String> {
        let capture = if self.must_capture() { "yes" } else { "no" };
        vec![
            format!("side: {}", self.side_to_move()),
            format!("must-capture: {capture}"),
            format!("king-moves: {}", self.halfmoves()),
        ]
    }
}

fn run_game<G: StatusReport>(command: &Command, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Perft { depth, position, .. } => {
            let pos: G = load(position.as_deref())?;
            writeln!(out, "nodes {}", perft(&pos, *depth))?;
        }
        Command::Divide { depth, position, .. } => {
            if *depth == 0 {
                return Err(CliError("divide needs --depth 1 or more".into()));
            }
            let pos: G = load(position.as_deref())?;
            let mut total = 0;
            for (mv, count) in divide(&pos, *depth) {
                writeln!(out, "{} {count}", pos.notation(mv))?;
                total += count;
            }
            writeln!(out, "nodes {total}")?;
        }
        Command::Status { position, .. } => {
            let pos: G = load(position.as_deref())?;
            for line in pos.status_lines() {
                writeln!(out, "{line}")?;
            }
            // A finished game has no moves left to play (a draughts game drawn by the
            // 25-move rule still has moves on the board, but none may be played).
            let legal = if pos.outcome().is_some() { 0 } else { pos.count_moves() };
            writeln!(out, "legal-moves: {legal}")?;
            match pos.outcome() {
                None => writeln!(out, "result: ongoing")?,
                Some(outcome) => writeln!(out, "result: {outcome}")?,
            }
        }
        Command::Record { .. }
        | Command::Open { .. }
        | Command::Diagram(_)
        | Command::Gif(_)
        | Command::Learn(_)
        | Command::Solve(_)
        | Command::Analyse(_)
        | Command::Match(_)
        | Command::Bench(_)
        | Command::Tune(_)
        | Command::Report(_)
        | Command::Engine => {
            unreachable!("run by run()")
        }
    }
    Ok(())
}

/// Runs a parsed command, writing its report to `out`.
///
/// ```
/// use clap::Parser;
/// use orrery::cli::{Cli, Finish, run};
///
/// let cli = Cli::try_parse_from(["orrery", "perft", "--variant", "triangular", "--depth", "2"])?;
/// let mut out = Vec::new();
/// assert_eq!(run(&cli, &mut out).map_err(|e| e.0)?, Finish::Success);
/// assert_eq!(String::from_utf8(out)?, "nodes 1155\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`CliError`] with a one-line message for bad input (invalid position string,
/// depth 0 for `divide`, unreadable file) or a failed write.
pub fn run(cli: &Cli, out: &mut dyn Write) -> Result<Finish, CliError> {
    let variant = match &cli.command {
        Command::Perft { variant, .. } | Command::Divide { variant, .. } | Command::Status { variant, .. } => *variant,
        Command::Record { action } => return run_record(action, out),
        Command::Diagram(args) => return diagram::run_diagram(args, out),
        Command::Gif(args) => return gif::run_gif(args, out).map(|()| Finish::Success),
        Command::Learn(args) => return learn::run_learn(args, out),
        Command::Solve(args) => return solve::run_solve(args, out).map(|()| Finish::Success),
        Command::Analyse(args) => return analyse::run_analyse(args, out).map(|()| Finish::Success),
        Command::Match(args) => return matches::run_match(args, out).map(|()| Finish::Success),
        Command::Bench(args) => return bench::run_bench(args, out).map(|()| Finish::Success),
        Command::Tune(args) => return tune::run_tune(args, out).map(|()| Finish::Success),
        Command::Report(args) => {
            return report::run_report(args, out).map(|all| if all { Finish::Success } else { Finish::ProblemsFound });
        }
        Command::Engine => {
            // Needs standard output unlocked (its search thread writes there too).
            protocol::serve_stdio();
            return Ok(Finish::Success);
        }
        Command::Open { file } => {
            if !file.exists() {
                return Err(CliError(format!("{}: no such file", file.display())));
            }
            return Ok(match crate::app::run_native(Some(file.clone())) {
                0 => Finish::Success,
                _ => Finish::ProblemsFound,
            });
        }
    };
    crate::with_variant!(variant, G => run_game::<G>(&cli.command, out)?);
    Ok(Finish::Success)
}

fn run_record(action: &RecordCommand, out: &mut dyn Write) -> Result<Finish, CliError> {
    use crate::files::{AtomicFile, FileError, Format, convert_records, for_each_record};
    let read_bytes = |path: &std::path::Path| {
        std::fs::read(path).map_err(|source| FileError::Io { path: path.to_path_buf(), source })
    };
    let format_of =
        |path: &std::path::Path| Format::from_path(path).ok_or_else(|| FileError::UnknownFormat(path.to_path_buf()));
    match action {
        RecordCommand::Check { files } => {
            // Game by game: a big file never has all its games in memory at once.
            let (mut games, mut moves, mut errors) = (0usize, 0usize, Vec::new());
            for path in files {
                let format = format_of(path)?;
                let bytes = read_bytes(path)?;
                let name = path.display().to_string();
                let (count, mut problems) = for_each_record(&bytes, format, &name, |_, game| {
                    moves += game.move_count();
                    Ok::<(), std::convert::Infallible>(())
                })
                .unwrap_or_else(|never| match never {});
                games += count;
                errors.append(&mut problems);
            }
            writeln!(out, "games: {games}")?;
            writeln!(out, "moves: {moves}")?;
            for e in &errors {
                writeln!(out, "{e}")?;
            }
            let failed = errors.iter().any(|e| e.severity == crate::record::Severity::Error);
            Ok(if failed { Finish::ProblemsFound } else { Finish::Success })
        }
        RecordCommand::Convert { input, output } => {
            let is_std = |p: &std::path::Path| p.as_os_str() == "-";
            let (bytes, from, name) = if is_std(input) {
                let mut bytes = Vec::new();
                std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)?;
                (bytes, Format::Text, "-".to_string())
            } else {
                (read_bytes(input)?, format_of(input)?, input.display().to_string())
            };
            // Convert what could be read, game by game; report the rest on standard error.
            let converted = if is_std(output) {
                convert_records(&bytes, from, &name, Format::Text, out)?
            } else {
                let to = Format::from_path(output).ok_or_else(|| {
                    CliError(format!("{}: unknown record format (use .pgn or .ron)", output.display()))
                })?;
                let mut file = AtomicFile::create(output)?;
                let converted = convert_records(&bytes, from, &name, to, &mut file)
                    .map_err(|source| FileError::Io { path: output.clone(), source })?;
                file.commit()?;
                converted
            };
            for problem in &converted.problems {
                eprintln!("{problem}");
            }
            if converted.dropped() {
                eprintln!(
                    "{}: {} of {} games written; what the errors above name was left out (a game with an illegal move keeps its moves up to it)",
                    output.display(),
                    converted.written,
                    converted.game_count
                );
            }
            Ok(if converted.dropped() { Finish::ProblemsFound } else { Finish::Success })
        }
        RecordCommand::List { file } => list_games(file, &crate::record::collection::Query::default(), out),
        RecordCommand::Search { file, position, variant, player, result } => {
            use crate::record::collection::Query;
            let result = match result {
                None => None,
                Some(r) => Some(
                    crate::record::GameResult::from_token(r.trim())
                        .ok_or_else(|| CliError(format!("--result {r:?}: expected 1-0, 0-1, 1/2-1/2 or *")))?,
                ),
            };
            let (position, names) = match position {
                None => (None, None),
                Some(text) => {
                    let (v, key) = position_of(text, *variant)?;
                    // A position that names its pieces matches the names too.
                    (Some((v, key)), crate::record::collection::named_position_key(v, text))
                }
            };
            list_games(file, &Query { player: player.clone(), result, position, names }, out)
        }
        RecordCommand::Tree { file, position, variant } => {
            use crate::record::collection::{OpeningTree, main_line_reaches};
            // Game by game, in one pass: only the tree's moves are kept.
            let mut at = match position {
                Some(text) => Some(position_of(text, *variant)?),
                None => variant.map(|v| (v, crate::with_variant!(v, G => G::opening().board_key()))),
            };
            let (bytes, format, name) = (read_bytes(file)?, format_of(file)?, file.display().to_string());
            let mut tree = OpeningTree::default();
            let mut reached = 0usize;
            let (_, problems) = for_each_record(&bytes, format, &name, |_, game| {
                // Without a position, the opening of the first game's kind.
                let (variant, key) = *at.get_or_insert_with(|| {
                    let v = game.variant();
                    (v, crate::with_variant!(v, G => G::opening().board_key()))
                });
                tree.add(&game, variant, key);
                reached += usize::from(game.variant() == variant && main_line_reaches(&game, key));
                Ok::<(), std::convert::Infallible>(())
            })
            .unwrap_or_else(|never| match never {});
            for problem in &problems {
                eprintln!("{problem}");
            }
            for m in tree.moves() {
                let score = m.score_percent().map_or("-".to_string(), |s| format!("{s:.1} %"));
                writeln!(out, "{}\t{}\t{}\t{}\t{}\t{score}", m.notation, m.games, m.won, m.drawn, m.lost)?;
            }
            writeln!(out, "games: {reached}")?;
            Ok(Finish::Success)
        }
    }
}

/// The game and board key ([`crate::core::Game::board_key`]) of a position string: of
/// `variant`, or of the first game whose position strings read it.
fn position_of(text: &str, variant: Option<Variant>) -> Result<(Variant, u64), CliError> {
    use crate::record::collection::position_key;
    match variant {
        Some(v) => {
            Ok((v, position_key(v, text).map_err(|e| CliError(format!("--position: {}", e.replace('\n', "; "))))?))
        }
        None => Variant::ALL
            .into_iter()
            .find_map(|v| position_key(v, text).ok().map(|k| (v, k)))
            .ok_or_else(|| CliError(format!("--position {text:?}: not a position string of any game"))),
    }
}

/// Prints the row of every game of `file` that matches `query`, then `games: N`; the
/// file's problems go to standard error.
fn list_games(
    file: &std::path::Path,
    query: &crate::record::collection::Query,
    out: &mut dyn Write,
) -> Result<Finish, CliError> {
    use crate::files::{FileError, Format, for_each_record};
    use crate::record::collection::GameRow;
    let format = Format::from_path(file).ok_or_else(|| FileError::UnknownFormat(file.to_path_buf()))?;
    let bytes = std::fs::read(file).map_err(|source| FileError::Io { path: file.to_path_buf(), source })?;
    // Game by game, in one pass: a row is written as soon as its game is read, and the
    // game is dropped.
    let mut count = 0;
    let (_, problems) = for_each_record(&bytes, format, &file.display().to_string(), |number, game| {
        if query.matches(&game) {
            writeln!(out, "{}", GameRow::new(number, &game).line())?;
            count += 1;
        }
        Ok::<(), std::io::Error>(())
    })?;
    writeln!(out, "games: {count}")?;
    for problem in &problems {
        eprintln!("{problem}");
    }
    let failed = problems.iter().any(|e| e.severity == crate::record::Severity::Error);
    Ok(if failed { Finish::ProblemsFound } else { Finish::Success })
}

/// Parses the process arguments and runs; returns the process exit code (0 success,
/// 2 bad input), having printed any error as one line on standard error.
pub fn main_with_args<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return 0;
            }
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("error: bad arguments");
            eprintln!("{first}");
            return 2;
        }
    };
    if matches!(cli.command, Command::Engine) {
        // The protocol writes from its search thread too: standard output is not held
        // locked by this one.
        protocol::serve_stdio();
        return 0;
    }
    let stdout = std::io::stdout();
    let mut out = PipeWatch { inner: stdout.lock(), closed: false };
    match run(&cli, &mut out) {
        Ok(Finish::Success) => 0,
        Ok(Finish::ProblemsFound) => 1,
        // The reader went away (`orrery record list F | head`): nothing more to say.
        Err(_) if out.closed => 0,
        Err(CliError(message)) => {
            eprintln!("error: {}", one_line(&message));
            2
        }
    }
}

/// Standard output that notes when its reader has gone (a broken pipe).
struct PipeWatch<W: Write> {
    inner: W,
    closed: bool,
}

impl<W: Write> Write for PipeWatch<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.inner.write(buf).inspect_err(|e| self.closed |= e.kind() == std::io::ErrorKind::BrokenPipe)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush().inspect_err(|e| self.closed |= e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
