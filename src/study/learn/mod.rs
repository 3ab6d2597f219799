//! Learn: a course for each game, as lichess's Learn teaches chess — stages of short
//! levels on the real board, each a position, a goal and a par (the fewest moves that
//! reach the goal), with stars for the moves used. Both front ends share it: the app
//! plays the levels (Help → Learn), `orrery learn check` proves them.
//!
//! - [`Course`], [`Stage`], [`Level`], [`Goal`]: the lessons as data, one RON file per
//!   game in `assets/learn/` ([`Course::builtin`] compiles them in; [`Course::read`]
//!   reads any text), so a new lesson needs no code.
//! - [`LevelSetup`]: a level read for its game (position, earlier moves, star cells);
//!   [`Plan`]: what the level needs worked out before it is played (the solver's
//!   solution tree for a win, the moves that escape or draw) — a search, so the app
//!   makes it on a job; [`Attempt`]: one try at a level, move by move, with the same
//!   verdicts the board gives and the other side's answers.
//! - [`check`]: every position valid, every goal reachable and every par exact, found
//!   by search (breadth-first over the learner's moves for coins and captures, the
//!   solver for wins), and every section of the game's rules page taught by a level.
//! - [`rules_page`]: the rules pages (`docs/rules-*.md`), compiled in, which the app
//!   shows under Help and the check reads for its sections.
//!
//! No egui here.

mod attempt;
pub mod check;
mod course;

pub use attempt::{Attempt, AttemptState, Plan, Step, prepare};
pub use course::{Course, CourseError, Goal, Level, LevelError, LevelSetup, Stage, stars_for};

use crate::core::Variant;

/// The rules page of `variant` (`docs/rules-interstellar.md`, `docs/rules-triangular.md`,
/// `docs/rules-draughts.md`), as compiled into the binary: Markdown text.
pub fn rules_page(variant: Variant) -> &'static str {
    match variant {
        Variant::Interstellar => include_str!("../../../docs/rules-interstellar.md"),
        Variant::Triangular => include_str!("../../../docs/rules-triangular.md"),
        Variant::Draughts => include_str!("../../../docs/rules-draughts.md"),
    }
}

/// The sections of a rules page a course must teach: every `##` and `###` heading's
/// text, in page order, but those for developers and the test suite ("For developers:
/// move counts", "Checks in the tests"), which are not rules of play.
pub fn rule_sections(page: &str) -> Vec<&str> {
    let mut fenced = false;
    page.lines()
        .filter_map(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
            }
            if fenced {
                return None;
            }
            let text = line.strip_prefix("### ").or_else(|| line.strip_prefix("## "))?.trim();
            (!not_for_players(text)).then_some(text)
        })
        .collect()
}

/// A heading of a section for developers or the test suite, not for players.
fn not_for_players(heading: &str) -> bool {
    let lower = heading.to_ascii_lowercase();
    lower.contains("developers") || lower.contains("checks in the tests")
}

/// The heading level of a Markdown line (`## x` → 2), outside code blocks.
fn heading_level(line: &str) -> Option<(usize, &str)> {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    (hashes > 0 && line[hashes..].starts_with(' ')).then(|| (hashes, line[hashes..].trim()))
}

/// A rules page as the app shows it to players: the page without its sections for
/// developers and the test suite (each such heading up to the next heading of its level
/// or higher).
pub fn players_page(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    let mut fenced = false;
    let mut skipping: Option<usize> = None;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if !fenced && let Some((level, text)) = heading_level(line) {
            if skipping.is_some_and(|skip| level <= skip) {
                skipping = None;
            }
            if skipping.is_none() && not_for_players(text) {
                skipping = Some(level);
            }
        }
        if skipping.is_none() {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rules_page_has_sections_and_none_for_developers() {
        for variant in Variant::ALL {
            let sections = rule_sections(rules_page(variant));
            assert!(sections.len() >= 8, "{variant}: {sections:?}");
            assert!(sections.iter().all(|s| !s.contains("developers") && !s.contains("Checks in the tests")));
        }
        assert!(rule_sections(rules_page(Variant::Interstellar)).contains(&"Pulsar (`U`; in notation `Pu`)"));
        assert!(rule_sections(rules_page(Variant::Draughts)).contains(&"Captures"));
    }

    #[test]
    fn the_players_page_leaves_out_the_developers_sections_and_only_them() {
        let page = "# T\n## A\ntext a\n### For developers: x\ncounts\n## B\ntext b\n## Checks in the tests\nperft\n";
        assert_eq!(players_page(page), "# T\n## A\ntext a\n## B\ntext b\n");
        for variant in Variant::ALL {
            let shown = players_page(rules_page(variant));
            assert!(!shown.to_ascii_lowercase().contains("for developers"), "{variant}");
            // Every section a course must teach is still shown.
            for section in rule_sections(rules_page(variant)) {
                assert!(shown.contains(section), "{variant}: {section}");
            }
        }
    }
}
