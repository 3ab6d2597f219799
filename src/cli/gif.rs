//! `orrery gif`: a game of a record file, or a stretch of its main line, as an animated
//! GIF ([`crate::render::gif`]): one frame per position, the last move tinted, study
//! marks, the record's variations and (with `--engine-arrows`) the engine's move as
//! arrows, the moves and clocks under the board. Written atomically; the same input
//! gives the same bytes.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;

use super::shared::{BoardLookArgs, CliError};
use crate::engine::EngineGame;
use crate::files::{read_record_file, write_atomic_bytes};
use crate::record::GameRecord;
use crate::render::DrawGame;
use crate::render::gif::{DELAY_RANGE, GifOptions, check_options, has_clocks, main_line_stretch};
use crate::study::gif::gif_bytes;

/// The options of `orrery gif`.
#[derive(Debug, Args)]
pub struct GifArgs {
    /// The record file (`.pgn` or `.ron`).
    #[arg(long)]
    pub record: PathBuf,
    /// Which game of the file, counting from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub game: u64,
    /// The first frame: the position after this many plies of the main line (0: the
    /// start).
    #[arg(long, default_value_t = 0)]
    pub from: usize,
    /// The last frame: the position after this many plies (default: the end).
    #[arg(long)]
    pub to: Option<usize>,
    /// The output file (`.gif`).
    #[arg(long)]
    pub out: PathBuf,
    /// Width in pixels.
    #[arg(long, default_value_t = 480)]
    pub size: u32,
    /// Flip, coordinates, marks, printable.
    #[command(flatten)]
    pub look: BoardLookArgs,
    /// How long each frame is shown, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub delay: u32,
    /// How long the last frame is shown before the GIF starts again, in milliseconds.
    #[arg(long, default_value_t = 3000)]
    pub last_delay: u32,
    /// Leave out the arrows for the record's variations (a game report's better moves).
    #[arg(long)]
    pub no_variations: bool,
    /// Leave out the move under the board.
    #[arg(long)]
    pub no_captions: bool,
    /// Show both clocks under the board (from the moves' `[%clk]`).
    #[arg(long)]
    pub clocks: bool,
    /// A bold title under the board (e.g. the players).
    #[arg(long)]
    pub title: Option<String>,
    /// Draw the engine's move in every position as a blue arrow (a fixed search of
    /// `--nodes` nodes, so the GIF is the same each time).
    #[arg(long)]
    pub engine_arrows: bool,
    /// Nodes the engine searches per position for `--engine-arrows`.
    #[arg(long, default_value_t = crate::study::gif::DEFAULT_ENGINE_NODES, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub nodes: u64,
}

impl GifArgs {
    fn options(&self) -> GifOptions {
        GifOptions {
            size_px: self.size,
            flipped: self.look.flip,
            coordinates: !self.look.no_coordinates,
            marks: !self.look.no_marks,
            variation_arrows: !self.no_variations,
            move_captions: !self.no_captions,
            clocks: self.clocks,
            title: self.title.clone().unwrap_or_default(),
            printable: self.look.printable,
            delay_ms: self.delay,
            last_delay_ms: self.last_delay,
        }
    }
}

fn write_gif<G: EngineGame + DrawGame>(args: &GifArgs, record: &GameRecord<G>) -> Result<(usize, usize), CliError> {
    let options = args.options();
    if args.clocks && !has_clocks(record) {
        eprintln!("note: the game has no clock readings ([%clk]) or TimeControl tag: no clocks shown");
    }
    let engine_nodes = args.engine_arrows.then_some(args.nodes);
    let bytes = gif_bytes(record, args.from, args.to, &options, engine_nodes, &|_, _| {}, &AtomicBool::new(false))?;
    write_atomic_bytes(&args.out, &bytes)?;
    Ok((main_line_stretch(record, args.from, args.to)?.len(), bytes.len()))
}

/// Runs `orrery gif`: reads the record, draws the frames, writes the GIF atomically and
/// prints `frames: N` and `bytes: B`.
///
/// # Errors
/// A one-line [`CliError`]: an output that is not `.gif`, a size or delay out of range,
/// an unreadable record or one with errors (nothing is written), no such game, a
/// stretch of plies not in the main line, or a failed write.
pub fn run_gif(args: &GifArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if !args.out.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("gif")) {
        return Err(CliError(format!("{}: the output must be a .gif file", args.out.display())));
    }
    check_options(&args.options()).map_err(|e| {
        CliError(format!(
            "{e} (--size {}, --delay and --last-delay in {}–{} ms)",
            args.size,
            DELAY_RANGE.start(),
            DELAY_RANGE.end()
        ))
    })?;
    let file = args.record.display().to_string();
    let (games, problems) = read_record_file(&args.record)?;
    // Warnings (a game read in full) do not stop it; errors do.
    let errors: Vec<_> = problems.iter().filter(|p| p.severity == crate::record::Severity::Error).collect();
    if let Some(first) = errors.first() {
        return Err(CliError(format!("{first} ({} error(s); no GIF written)", errors.len())));
    }
    let index = usize::try_from(args.game - 1).unwrap_or(usize::MAX);
    let game = games
        .get(index)
        .ok_or_else(|| CliError(format!("{file}: no game {} (the file has {})", args.game, games.len())))?;
    let (frames, bytes) = crate::with_game!(game, g => write_gif(args, g))
        .map_err(|e| CliError(format!("{file}, game {}: {}", args.game, e.0)))?;
    writeln!(out, "frames: {frames}")?;
    writeln!(out, "bytes: {bytes}")?;
    Ok(())
}
