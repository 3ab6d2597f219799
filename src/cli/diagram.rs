//! `orrery diagram`: a position (a position string, the opening, or a record's main
//! line after some plies) as an SVG or PNG diagram, through
//! [`crate::render::diagram`].

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::shared::{BoardLookArgs, CliError, Finish, load};
use crate::core::game::Variant;
use crate::files::{read_record_file, write_diagram};
use crate::record::GameRecord;
use crate::render::diagram::{
    Caption, DiagramGame, DiagramOptions, ImageFormat, SIZE_RANGE, main_line_node, position_diagram, record_diagram,
    side_to_move_text,
};
use crate::render::overlay::BoardOverlay;

/// The options of `orrery diagram`.
#[derive(Debug, Args)]
pub struct DiagramArgs {
    /// `interstellar`, `triangular` or `draughts` (taken from the record with `--record`).
    #[arg(long)]
    pub variant: Option<Variant>,
    /// Position string; the opening position when absent.
    #[arg(long, conflicts_with = "record")]
    pub position: Option<String>,
    /// A record file (`.pgn` or `.ron`); its first game's main line is used.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// With `--record`: the position after this many plies of the main line (0: the
    /// start), with that move's marks and the move tinted.
    #[arg(long, requires = "record", default_value_t = 0)]
    pub ply: usize,
    /// The output file; `.svg` or `.png` by its extension.
    #[arg(long)]
    pub out: PathBuf,
    /// Width in pixels.
    #[arg(long, default_value_t = 600)]
    pub size: u32,
    /// Flip, coordinates, marks, printable.
    #[command(flatten)]
    pub look: BoardLookArgs,
    /// The caption's title, in bold under the board (alias `--caption`); with a title
    /// or a stipulation the caption also says who is to move.
    #[arg(long, alias = "caption")]
    pub title: Option<String>,
    /// The stipulation, on the caption's second line (e.g. "Mate in 2").
    #[arg(long)]
    pub stipulation: Option<String>,
}

impl DiagramArgs {
    fn options<G: DiagramGame>(&self, position: &G) -> DiagramOptions {
        let title = self.title.clone().unwrap_or_default();
        let stipulation = self.stipulation.clone().unwrap_or_default();
        let caption = (!title.trim().is_empty() || !stipulation.trim().is_empty()).then(|| Caption {
            title,
            stipulation,
            side_to_move: side_to_move_text(position),
        });
        DiagramOptions {
            size_px: self.size,
            flipped: self.look.flip,
            coordinates: !self.look.no_coordinates,
            marks: !self.look.no_marks,
            caption,
            printable: self.look.printable,
        }
    }
}

fn from_position<G: DiagramGame>(args: &DiagramArgs) -> Result<(), CliError> {
    let position: G = load(args.position.as_deref())?;
    let options = args.options(&position);
    let scene = position_diagram(&position, &BoardOverlay::default(), &options);
    write_diagram(&scene, &options, &args.out)?;
    Ok(())
}

fn from_record<G: DiagramGame>(args: &DiagramArgs, record: &GameRecord<G>, file: &str) -> Result<(), CliError> {
    let node = main_line_node(record, args.ply).map_err(|e| CliError(format!("{file}: --ply: {e}")))?;
    let options = args.options(&record.position_at(node));
    let scene = record_diagram(record, node, &options);
    write_diagram(&scene, &options, &args.out)?;
    Ok(())
}

/// Runs `orrery diagram`: checks the arguments, draws the diagram and saves it
/// atomically. Prints nothing on success.
///
/// # Errors
/// A one-line [`CliError`] for an unknown output extension, a size out of range, a bad
/// position string, an unreadable record or one with errors, a variant that does not
/// match the record, a ply past the end of the main line, or a failed write.
pub fn run_diagram(args: &DiagramArgs, _out: &mut dyn Write) -> Result<Finish, CliError> {
    if ImageFormat::from_path(&args.out).is_none() {
        return Err(CliError(format!("{}: unknown image format (use --out FILE.svg or FILE.png)", args.out.display())));
    }
    if !SIZE_RANGE.contains(&args.size) {
        return Err(CliError(format!(
            "--size {}: out of range ({}–{} px)",
            args.size,
            SIZE_RANGE.start(),
            SIZE_RANGE.end()
        )));
    }
    match &args.record {
        None => match args.variant {
            Some(variant) => crate::with_variant!(variant, G => from_position::<G>(args)?),
            None => {
                return Err(CliError(
                    "diagram needs --variant interstellar|triangular|draughts (or --record FILE)".into(),
                ));
            }
        },
        Some(path) => {
            let file = path.display().to_string();
            let (games, problems) = read_record_file(path)?;
            // Warnings (a game read in full) do not stop it; errors do.
            let errors: Vec<_> = problems.iter().filter(|p| p.severity == crate::record::Severity::Error).collect();
            if let Some(first) = errors.first() {
                return Err(CliError(format!("{first} ({} error(s); no diagram written)", errors.len())));
            }
            let game = games.first().ok_or_else(|| CliError(format!("{file}: no game in the file")))?;
            if let Some(v) = args.variant
                && v != game.variant()
            {
                return Err(CliError(format!("{file}: the record is a {} game, not {}", game.variant(), v)));
            }
            crate::with_game!(game, g => from_record(args, g, &file)?)
        }
    }
    Ok(Finish::Success)
}
