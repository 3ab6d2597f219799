//! `orrery learn check`: proves the courses (`study::learn::check`) — the shipped ones,
//! or course files given — and prints one line per level, the rules page's sections
//! with the levels that teach them, and every problem.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::shared::{CliError, Finish};
use crate::core::Variant;
use crate::study::learn::{Course, check};

/// `orrery learn …`.
#[derive(Debug, Args)]
pub struct LearnArgs {
    /// What to do with the courses.
    #[command(subcommand)]
    pub action: LearnCommand,
}

/// The `learn` subcommands.
#[derive(Debug, Subcommand)]
pub enum LearnCommand {
    /// Check courses: every level's position valid, its goal reachable and its par
    /// exact (found by search), every section of the rules page taught. One line per
    /// level (`ok KEY: …` or `FAIL KEY: why`), then `levels: N` and `problems: N`; exit
    /// code 1 when there are problems.
    Check {
        /// Only this game's shipped course.
        #[arg(long)]
        variant: Option<Variant>,
        /// Course files (`.ron`) to check instead of the shipped courses.
        files: Vec<PathBuf>,
        /// Also print each section of the rules page with the levels that teach it.
        #[arg(long)]
        coverage: bool,
    },
}

/// Runs `orrery learn`.
///
/// # Errors
/// A [`CliError`] for a course file that cannot be read or a failed write.
pub fn run_learn(args: &LearnArgs, out: &mut dyn Write) -> Result<Finish, CliError> {
    let LearnCommand::Check { variant, files, coverage } = &args.action;
    let mut courses = Vec::new();
    if files.is_empty() {
        for v in Variant::ALL.into_iter().filter(|v| variant.is_none_or(|w| w == *v)) {
            let course = Course::builtin(v).map_err(|e| CliError(format!("the shipped {v} course: {e}")))?;
            courses.push((format!("assets/learn/{}.ron", v.key()), course));
        }
    }
    for path in files {
        let text =
            std::fs::read_to_string(path).map_err(|e| CliError(format!("{}: cannot read: {e}", path.display())))?;
        let course = Course::read(&text).map_err(|e| CliError(format!("{}:{e}", path.display())))?;
        courses.push((path.display().to_string(), course));
    }
    let (mut levels, mut problems) = (0, 0);
    for (name, course) in &courses {
        let checked = check::check(course).map_err(|e| CliError(format!("{name}: {e}")))?;
        writeln!(out, "course: {name} ({})", checked.variant)?;
        for level in &checked.levels {
            levels += 1;
            match &level.verdict {
                Ok(what) => writeln!(out, "ok {}: {what}", level.key)?,
                Err(why) => writeln!(out, "FAIL {}: {why}", level.key)?,
            }
        }
        if *coverage {
            for (section, by) in &checked.coverage {
                writeln!(out, "section {section}: {}", if by.is_empty() { "-".to_string() } else { by.join(", ") })?;
            }
        }
        for problem in &checked.problems {
            writeln!(out, "problem: {problem}")?;
        }
        problems += checked.all_problems().len();
    }
    writeln!(out, "levels: {levels}")?;
    writeln!(out, "problems: {problems}")?;
    Ok(if problems == 0 { Finish::Success } else { Finish::ProblemsFound })
}
