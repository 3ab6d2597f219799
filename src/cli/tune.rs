//! `orrery tune`: fits the evaluation's weights to the results of recorded games
//! (Texel's method, [`crate::engine::tune`]).
//!
//! `orrery tune --variant V FILE… [--skip-plies P] [--step S] [--rounds R]` reads every
//! finished game of the variant in the files (records of any origin; `orrery match
//! --record` writes suitable ones), takes its quiet positions after the first `P`
//! plies, and prints the fitted scale, the error before and after, and each weight
//! that changed (`name: old -> new`), then the whole set as the evaluation's
//! `Weights` would be written.

use std::io::Write;
use std::path::PathBuf;

use super::shared::CliError;
use crate::core::game::Variant;
use crate::engine::tune::{Sample, Tunable, fit, is_quiet};
use crate::files::{Format, for_each_record};
use crate::record::RecordGame;
use crate::record::{AnyGame, GameRecord, GameResult, NodeId};

/// The arguments of `orrery tune`.
#[derive(Debug, Clone, clap::Args)]
pub struct TuneArgs {
    /// `interstellar`, `triangular` or `draughts`.
    #[arg(long)]
    pub variant: Variant,
    /// Record files (`.pgn` text or `.ron`) with finished games.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Plies at the start of each game left out (the random openings).
    #[arg(long, default_value_t = 8)]
    pub skip_plies: usize,
    /// How far a weight moves in one step, in centipawns.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(i32).range(1..=100))]
    pub step: i32,
    /// The most rounds of coordinate descent.
    #[arg(long, default_value_t = 50)]
    pub rounds: u32,
}

/// Runs `orrery tune`, writing its report to `out`.
///
/// # Errors
/// A one-line [`CliError`]: an unreadable file, no finished game of the variant, or
/// a failed write.
pub fn run_tune(args: &TuneArgs, out: &mut dyn Write) -> Result<(), CliError> {
    crate::with_variant!(args.variant, G => tune::<G>(args, out, |g| G::from_any(g).ok()))
}

fn tune<G: Tunable>(
    args: &TuneArgs,
    out: &mut dyn Write,
    pick: impl Fn(AnyGame) -> Option<GameRecord<G>>,
) -> Result<(), CliError> {
    let mut samples: Vec<Sample<G>> = Vec::new();
    let mut games = 0usize;
    for path in &args.files {
        let format = Format::from_path(path)
            .ok_or_else(|| CliError(format!("{}: not a record file (.pgn or .ron)", path.display())))?;
        let bytes = std::fs::read(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        let name = path.display().to_string();
        let _ = for_each_record(&bytes, format, &name, |_, game| {
            if let Some(record) = pick(game)
                && add_samples(&record, args.skip_plies, &mut samples)
            {
                games += 1;
            }
            Ok::<(), ()>(())
        });
    }
    if samples.is_empty() {
        return Err(CliError(format!("no finished {} game with quiet positions was found", args.variant.name())));
    }
    writeln!(out, "{} positions from {games} games", samples.len())?;
    let start = G::default_weights();
    let mut failed = None;
    let result = fit(&samples, &start, args.step, args.rounds, &mut |round, error| {
        if failed.is_none()
            && let Err(e) = writeln!(out, "round {round}: error {error:.6}")
        {
            failed = Some(e);
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    writeln!(out, "K {:.2}; error {:.6} -> {:.6}", result.k, result.error_before, result.error_after)?;
    let mut before = start.clone();
    let mut after = result.weights.clone();
    for ((name, old), (_, new)) in G::params(&mut before).into_iter().zip(G::params(&mut after)) {
        if *old != *new {
            writeln!(out, "{name}: {old} -> {new}")?;
        }
    }
    writeln!(out, "{:?}", result.weights)?;
    Ok(())
}

/// Adds the quiet positions of a finished game; `false` when it has no result.
fn add_samples<G: Tunable>(record: &GameRecord<G>, skip: usize, samples: &mut Vec<Sample<G>>) -> bool {
    let first = record.start.side_to_move();
    let first_points = match record.result {
        GameResult::FirstPlayerWins => 1.0,
        GameResult::SecondPlayerWins => 0.0,
        GameResult::Draw => 0.5,
        GameResult::Unknown => return false,
    };
    let mut pos = record.start.clone();
    for (ply, id) in record.tree.main_line_from(NodeId::ROOT).into_iter().enumerate() {
        let Some(mv) = record.tree.node(id).mv else { break };
        pos.play(mv);
        if ply + 1 >= skip && is_quiet(&pos) {
            let result = if pos.side_to_move() == first { first_points } else { 1.0 - first_points };
            samples.push(Sample { position: pos.clone(), result });
        }
    }
    true
}
