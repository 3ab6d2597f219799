//! `orrery solve`: the solver on the command line.
//!
//! `orrery solve --variant V --position STR --stipulation out2|win2|mate2 [--tree]`, or
//! `orrery solve --puzzle FILE [--tree]` (a puzzle record, see [`crate::solver::puzzle`]).
//! Prints one `key: MOVE` line per key (the game's notation), with `--tree` a `tree:`
//! line and the indented solution tree, with `--tries` one `try: MOVE but DEFENCE` line
//! per try, then `unique: yes|no` and `nodes: N`; with no
//! key at all, `solution: none` comes before them (so `unique: no` is not read as
//! cooks). A puzzle
//! that shows a finished position prints `shown: GOAL` and `reached: yes|no`. Bad input
//! is a [`CliError`] (one line, exit code 2).

use std::io::Write;
use std::path::PathBuf;

use super::shared::{CliError, load};
use crate::core::game::Variant;
use crate::solver::{
    AnySolution, Puzzle, PuzzleError, PuzzleGoal, Solution, SolveControl, SolveOptions, SolverGame, Stipulation, solve,
};

/// The arguments of `orrery solve`.
#[derive(Debug, Clone, clap::Args)]
pub struct SolveArgs {
    /// `interstellar`, `triangular` or `draughts` (not with --puzzle).
    #[arg(long, conflicts_with = "puzzle")]
    pub variant: Option<Variant>,
    /// Position string, the attacker to move (not with --puzzle).
    #[arg(long, conflicts_with = "puzzle")]
    pub position: Option<String>,
    /// `out2`, `win2`, `mate2` or the long forms (`"Target Out in 2"`); with --puzzle,
    /// replaces the puzzle's own.
    #[arg(long)]
    pub stipulation: Option<String>,
    /// A puzzle record file (`.pgn`) instead of --variant/--position/--stipulation.
    #[arg(long)]
    pub puzzle: Option<PathBuf>,
    /// Also print the solution tree (key, threat, defences, replies).
    #[arg(long)]
    pub tree: bool,
    /// Also print the tries: first moves that fail to one defence only, each with its
    /// refutation (`try: MOVE but DEFENCE`).
    #[arg(long)]
    pub tries: bool,
}

/// Reads `position` as a `G` position and solves it.
fn solve_position<G: SolverGame>(
    position: &str,
    stipulation: Stipulation,
    options: &SolveOptions,
) -> Result<AnySolution, CliError>
where
    AnySolution: From<Solution<G>>,
{
    let start: G = load(Some(position))?;
    Ok(solve(&start, stipulation, options, &SolveControl::new())?.into())
}

/// The line and column just past `text` (1-based; columns in characters).
fn place_of(text: &str) -> (usize, usize) {
    let line = text.matches('\n').count() + 1;
    let column = text.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// A puzzle file's problems as `FILE:LINE:COL: message` lines (every reading error).
fn puzzle_error(file: &str, e: &PuzzleError) -> CliError {
    match e {
        PuzzleError::Record(errors) => {
            CliError(errors.iter().map(|e| format!("{file}:{e}")).collect::<Vec<_>>().join("\n"))
        }
        PuzzleError::StipulationAt { .. } => CliError(format!("{file}:{e}")),
        e => CliError(format!("{file}: {e}")),
    }
}

/// Runs `orrery solve`, writing its report to `out`.
///
/// # Errors
/// A [`CliError`]: missing or unreadable arguments, a position the game rejects, a
/// stipulation that cannot be read or does not fit the game, an unreadable puzzle file
/// (one `FILE:LINE:COL: message` line for each of its problems), or a failed write.
pub fn run_solve(args: &SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let stipulation = args
        .stipulation
        .as_deref()
        .map(|s| s.parse::<Stipulation>().map_err(|e| CliError(format!("bad --stipulation: {e}"))))
        .transpose()?;
    let options = SolveOptions { tree: args.tree, tries: args.tries, ..SolveOptions::default() };
    let solution = match &args.puzzle {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
            let text = match crate::record::decode_utf16(&bytes) {
                Some((text, _)) => text,
                None => String::from_utf8(bytes).map_err(|e| {
                    let at = e.utf8_error().valid_up_to();
                    let (line, column) = place_of(&String::from_utf8_lossy(&e.as_bytes()[..at]));
                    CliError(format!("{}:{line}:{column}: not UTF-8 text", path.display()))
                })?,
            };
            let puzzle = Puzzle::read(&text).map_err(|e| puzzle_error(&path.display().to_string(), &e))?;
            let stipulation = match (stipulation, puzzle.goal) {
                (Some(s), _) | (None, PuzzleGoal::Stipulation(s)) => s,
                (None, PuzzleGoal::Shown(goal)) => {
                    let reached = puzzle.shown_goal_reached().unwrap_or(false);
                    writeln!(out, "shown: {goal}")?;
                    writeln!(out, "reached: {}", if reached { "yes" } else { "no" })?;
                    return Ok(());
                }
            };
            puzzle.solve_for(stipulation, &options, &SolveControl::new())?
        }
        None => {
            let variant = args.variant.ok_or_else(|| CliError("solve needs --variant (or --puzzle)".into()))?;
            let position =
                args.position.as_deref().ok_or_else(|| CliError("solve needs --position (or --puzzle)".into()))?;
            let stipulation = stipulation.ok_or_else(|| CliError("solve needs --stipulation (or --puzzle)".into()))?;
            stipulation.check_variant(variant)?;
            crate::with_variant!(variant, G => solve_position::<G>(position, stipulation, &options)?)
        }
    };
    for key in solution.keys() {
        writeln!(out, "key: {key}")?;
    }
    if args.tree {
        writeln!(out, "tree:")?;
        for line in solution.tree_text().lines() {
            writeln!(out, "  {line}")?;
        }
    }
    for (first, refutation) in solution.tries() {
        writeln!(out, "try: {first} but {refutation}")?;
    }
    if solution.keys().is_empty() {
        writeln!(out, "solution: none")?;
    }
    writeln!(out, "unique: {}", if solution.is_unique() { "yes" } else { "no" })?;
    writeln!(out, "nodes: {}", solution.nodes())?;
    Ok(())
}
