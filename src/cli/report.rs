//! `orrery report INPUT OUTPUT [--nodes N] [--threads T]`: the app's game report
//! ([`crate::study::report`]) for every game of a record file, written to another file:
//! `[%eval]` after each move, `?!` / `?` / `??` with a comment naming the better move,
//! and the better line as a variation. One line per game on standard output:
//! `game N: P plies, ?! a, ? b, ?? c, S s`. Games that could not be read are listed on
//! standard error and left out (exit 1); the input file is never written.

use std::io::Write;
use std::path::PathBuf;

use super::shared::CliError;
use crate::engine::EngineGame;
use crate::files::{read_records, write_record_file};
use crate::record::{AnyGame, GameRecord, RecordGame, Severity};
use crate::study::report::{DEFAULT_NODES, analyse_positions, annotate, main_line_positions, summary};

/// The arguments of `orrery report`.
#[derive(Debug, Clone, clap::Args)]
pub struct ReportArgs {
    /// The record file to analyse (`.pgn` or `.ron`).
    pub input: PathBuf,
    /// Where to write the analysed games (`.pgn` or `.ron`); not the input file.
    pub output: PathBuf,
    /// Nodes searched per position.
    #[arg(long, default_value_t = DEFAULT_NODES, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub nodes: u64,
    /// Search threads (default: the machine's cores, at most 8).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: Option<u64>,
}

/// Runs `orrery report`; `Ok(true)` when every game of the input was read.
///
/// # Errors
/// A one-line [`CliError`]: the input unreadable or of an unknown format, the output
/// the input itself, or a failed write.
pub fn run_report(args: &ReportArgs, out: &mut dyn Write) -> Result<bool, CliError> {
    if args.input == args.output
        || std::fs::canonicalize(&args.input).ok().is_some_and(|a| std::fs::canonicalize(&args.output).ok() == Some(a))
    {
        return Err(CliError("the output must be another file than the input".into()));
    }
    let read = read_records(&args.input)?;
    let workers =
        args.threads.map_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()).min(8), |t| t as usize);
    let mut games = Vec::with_capacity(read.games.len());
    for (i, game) in read.games.into_iter().enumerate() {
        let number = read.origins.get(i).map_or(i + 1, |o| o.number);
        let start = std::time::Instant::now();
        let (game, line) = crate::with_game!(game, record => report_one(record, args.nodes, workers));
        writeln!(out, "game {number}: {line}, {:.1} s", start.elapsed().as_secs_f64())?;
        games.push(game);
    }
    write_record_file(&args.output, &games)?;
    for p in read.problems.iter().filter(|p| p.severity == Severity::Error) {
        eprintln!("{p}");
    }
    Ok(read.unread.is_empty() && read.problems.iter().all(|p| p.severity != Severity::Error))
}

fn report_one<G: EngineGame + RecordGame + Send + 'static>(
    mut record: GameRecord<G>,
    nodes: u64,
    workers: usize,
) -> (AnyGame, String)
where
    G::Move: Send,
{
    let positions = main_line_positions(&record);
    let plies = positions.len() - 1;
    let never = std::sync::atomic::AtomicBool::new(false);
    // Nothing cancels the command line's report: every position comes back.
    let evals = analyse_positions(&positions, nodes, workers, &never, &|_, _| {}).unwrap_or_default();
    annotate(&mut record, &evals);
    let [a, b] = summary(&record);
    let count = |s: &crate::study::report::SideSummary| (s.inaccuracies, s.mistakes, s.blunders);
    let ((ai, am, ab), (bi, bm, bb)) = (count(&a), count(&b));
    let line = format!("{plies} plies, ?! {}, ? {}, ?? {}", ai + bi, am + bm, ab + bb);
    (G::into_any(record), line)
}
