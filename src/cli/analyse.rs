//! `orrery analyse`: the engine on the command line.
//!
//! `orrery analyse --variant V [--position STR] (--depth D | --movetime MS | --nodes N)
//! [--multipv K] [--hash MB]` searches the position and prints, as the search goes, one
//! UCI-style line per line of each iteration once its lines are done, best first (`multipv 1`
//! the best):
//! `info depth D seldepth S multipv K score cp N|mate N nodes N nps N time MS pv M …`,
//! then `bestmove M`. Moves are single tokens: the game's notation without the Target
//! or check suffix. A finished game prints `bestmove (none)`.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::shared::{CliError, load};
use crate::core::game::Variant;
use crate::engine::text::{info_line, move_token};
use crate::engine::{Engine, EngineGame, Limits, MAX_MULTI_PV};

/// The arguments of `orrery analyse`.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub struct AnalyseArgs {
    /// `interstellar`, `triangular` or `draughts`.
    #[arg(long)]
    pub variant: Variant,
    /// Position string; the opening position when absent.
    #[arg(long)]
    pub position: Option<String>,
    /// Search to this depth, in plies (1 or more).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::engine::MAX_DEPTH)))]
    pub depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search at most this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// How many principal variations (1 to 5).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=MAX_MULTI_PV as i64))]
    pub multipv: u8,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
}

fn analyse<G: EngineGame>(args: &AnalyseArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let pos: G = load(args.position.as_deref())?;
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let mut engine = Engine::<G>::new(args.hash.clamp(1, 4096));
    let stop = AtomicBool::new(false);
    let mut failed: Option<std::io::Error> = None;
    let result = engine.search(&pos, &[], &limits, usize::from(args.multipv), &stop, &mut |report| {
        if failed.is_none()
            && let Err(e) = writeln!(out, "{}", info_line(&pos, report)).and_then(|()| out.flush())
        {
            failed = Some(e);
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    match result.best {
        Some(mv) => writeln!(out, "bestmove {}", move_token(&pos, mv))?,
        None => writeln!(out, "bestmove (none)")?,
    }
    Ok(())
}

/// Runs `orrery analyse`, writing its report to `out`.
///
/// # Errors
/// A one-line [`CliError`]: a position the game rejects, or a failed write.
pub fn run_analyse(args: &AnalyseArgs, out: &mut dyn Write) -> Result<(), CliError> {
    crate::with_variant!(args.variant, G => analyse::<G>(args, out))
}
