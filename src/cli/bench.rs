//! `orrery bench`: the engine's bench ([`crate::engine::bench`]) — every game's fixed
//! positions searched to a fixed depth, one thread. Prints one line a position
//! (`triangular 3: nodes N time MS depth D ebf B`), a line a game, then `nodes N` (the
//! fingerprint of the search: it changes only when the search does) and `nps N`. With
//! `--movetime MS` each position is searched for that long instead, and the line a
//! game gives the mean depth reached and the mean effective branching factor.

use std::io::Write;
use std::time::Duration;

use super::shared::CliError;
use crate::core::game::Variant;
use crate::engine::bench::{self, BenchLine};
use crate::engine::limits::Limits;

/// The arguments of `orrery bench`.
#[derive(Debug, Clone, clap::Args)]
pub struct BenchArgs {
    /// Only this game (`interstellar`, `triangular` or `draughts`); every game when
    /// absent.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// Search every position to this depth, in plies, instead of each game's own.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Search every position for this many milliseconds instead of to a depth, to see
    /// how deep the search gets (the node count is then no fingerprint).
    #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
}

/// Runs `orrery bench`, writing its report to `out`.
///
/// # Errors
/// A failed write.
pub fn run_bench(args: &BenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let variants: Vec<Variant> = match args.variant {
        Some(v) => vec![v],
        None => Variant::ALL.to_vec(),
    };
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for variant in variants {
        let depth = args.depth.unwrap_or(bench::default_depth(variant));
        let limits = match args.movetime {
            Some(ms) => Limits::movetime(Duration::from_millis(ms)),
            None => Limits::depth(depth),
        };
        let mut failed: Option<std::io::Error> = None;
        let mut each = |k: usize, line: BenchLine| {
            let ebf = line.branching.map_or_else(|| "-".to_string(), |b| format!("{b:.2}"));
            if failed.is_none()
                && let Err(e) = writeln!(
                    out,
                    "{} {}: nodes {} time {} depth {} ebf {ebf}",
                    variant.key(),
                    k + 1,
                    line.nodes,
                    line.time.as_millis(),
                    line.depth
                )
                .and_then(|()| out.flush())
            {
                failed = Some(e);
            }
        };
        let lines = crate::with_variant!(variant, G => bench::run::<G>(&limits, &mut each));
        if let Some(e) = failed {
            return Err(e.into());
        }
        let game_nodes: u64 = lines.iter().map(|l| l.nodes).sum();
        let game_time: Duration = lines.iter().map(|l| l.time).sum();
        let count = lines.len().max(1) as f64;
        let mean_depth = lines.iter().map(|l| f64::from(l.depth)).sum::<f64>() / count;
        let factors: Vec<f64> = lines.iter().filter_map(|l| l.branching).collect();
        let mean_ebf = factors.iter().sum::<f64>() / factors.len().max(1) as f64;
        let limit = match args.movetime {
            Some(ms) => format!("{ms} ms, mean depth {mean_depth:.1}"),
            None => format!("depth {depth}"),
        };
        writeln!(
            out,
            "{}: {limit}, mean ebf {mean_ebf:.2}, {} positions, nodes {game_nodes}, nps {}",
            variant.key(),
            lines.len(),
            per_second(game_nodes, game_time)
        )?;
        nodes += game_nodes;
        time += game_time;
    }
    writeln!(out, "nodes {nodes}")?;
    writeln!(out, "nps {}", per_second(nodes, time))?;
    Ok(())
}

fn per_second(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
}
