//! What every subcommand of the command line uses: the one-line [`CliError`], how a
//! command asks the process to end ([`Finish`]), and reading `--position`.

use std::fmt::Display;

use crate::core::game::Game;

/// How a board is drawn on paper or screen, for `orrery diagram` and `orrery gif`.
#[derive(Debug, Clone, clap::Args)]
pub struct BoardLookArgs {
    /// Turn the board half a turn (the second player: negative / Black at the bottom).
    #[arg(long)]
    pub flip: bool,
    /// Leave out row numbers and indices (file letters; cell numbers in draughts).
    #[arg(long)]
    pub no_coordinates: bool,
    /// Leave out the record's study marks (highlighted cells, arrows).
    #[arg(long)]
    pub no_marks: bool,
    /// Black and white for printing.
    #[arg(long)]
    pub printable: bool,
}

/// An error worth one line and exit code 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: Display> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// What a command asks the process to end with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    /// Exit code 0.
    Success,
    /// Exit code 1: the command ran but found problems (e.g. errors in a record file),
    /// already reported.
    ProblemsFound,
}

/// The position of `--position` (its string read by [`Game::from_position_string`]),
/// or the opening position when absent.
///
/// # Errors
/// `invalid position: …` with every problem found, on one line.
pub(crate) fn load<G: Game>(position: Option<&str>) -> Result<G, CliError> {
    match position {
        None => Ok(G::opening()),
        Some(text) => G::from_position_string(text)
            .map_err(|e| CliError(format!("invalid position: {}", one_line(&e.to_string())))),
    }
}

/// Joins a multi-line message into one line.
pub(crate) fn one_line(text: &str) -> String {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ")
}
