//! `orrery learn check`: proves a course. Every level's position is valid, its goal is
//! reachable, and its par is exact — found by search: breadth-first over the learner's
//! moves (the same [`Attempt`] the app plays) for coins and captures, the solver for
//! wins ("not in par − 1, but in par"), every first move for escapes and draws. Every
//! section of the game's rules page ([`super::rule_sections`]) must be taught by a level.

use std::collections::HashSet;

use super::attempt::{Attempt, Plan, Step, prepare};
pub use super::attempt::{MAX_NODES, SearchError, shortest_line};
use super::course::{Course, Goal, Level, LevelSetup};
use super::{rule_sections, rules_page};
use crate::core::moves::MoveList;
use crate::core::{Variant, with_variant};
use crate::solver::{SolveControl, SolveOptions, SolverGame, Stipulation, solve};

/// One level's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelCheck {
    /// `interstellar/quasar/2`.
    pub key: String,
    /// What was proved ("collect 3 coins in 4 moves, e.g. PQ-56 PQ-47 …"), or what is
    /// wrong.
    pub verdict: Result<String, String>,
}

/// A course's verdict: every level's, the course's own problems, and which levels teach
/// each section of the rules page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseCheck {
    /// The course's game.
    pub variant: Variant,
    /// Every level's verdict, in course order.
    pub levels: Vec<LevelCheck>,
    /// Problems of the course as a whole: a stage key used twice, a `teaches` entry that
    /// is no section of the rules page, a section no level teaches.
    pub problems: Vec<String>,
    /// Every section of the rules page with the keys of the levels that teach it.
    pub coverage: Vec<(String, Vec<String>)>,
}

impl CourseCheck {
    /// Whether the course passed: no level and no course problem.
    pub fn passed(&self) -> bool {
        self.problems.is_empty() && self.levels.iter().all(|l| l.verdict.is_ok())
    }

    /// Every problem, one per line, each led by the level's key where it has one.
    pub fn all_problems(&self) -> Vec<String> {
        let mut all: Vec<String> =
            self.levels.iter().filter_map(|l| l.verdict.as_ref().err().map(|e| format!("{}: {e}", l.key))).collect();
        all.extend(self.problems.iter().cloned());
        all
    }
}

/// Checks every level of `course` and its coverage of the rules page.
///
/// # Errors
/// Only when the course names no game ([`super::CourseError::UnknownVariant`]).
pub fn check(course: &Course) -> Result<CourseCheck, super::CourseError> {
    let variant = course.game()?;
    let sections: Vec<&str> = rule_sections(rules_page(variant));
    let mut problems = Vec::new();
    let mut keys = HashSet::new();
    for stage in &course.stages {
        if !keys.insert(stage.key.as_str()) {
            problems.push(format!("stage key `{}` is used twice", stage.key));
        }
        if stage.levels.is_empty() {
            problems.push(format!("stage `{}` has no level", stage.key));
        }
    }
    let mut coverage: Vec<(String, Vec<String>)> = sections.iter().map(|s| (s.to_string(), Vec::new())).collect();
    let mut levels = Vec::new();
    for (s, l, level) in course.levels() {
        let key = course.level_key(s, l);
        for taught in &level.teaches {
            match coverage.iter_mut().find(|(section, _)| section == taught) {
                Some((_, by)) => by.push(key.clone()),
                None => problems.push(format!("{key}: `{taught}` is not a section of the rules page")),
            }
        }
        let verdict = with_variant!(variant, G => check_level::<G>(level));
        levels.push(LevelCheck { key, verdict });
    }
    for (section, by) in &coverage {
        if by.is_empty() {
            problems.push(format!("no level teaches the rules page's section `{section}`"));
        }
    }
    Ok(CourseCheck { variant, levels, problems, coverage })
}

/// Checks one level for game `G`: what was proved, or what is wrong.
///
/// # Errors
/// A sentence saying what is wrong: the level's data, an unreachable goal, a par that
/// is too generous or too strict.
pub fn check_level<G: SolverGame>(level: &Level) -> Result<String, String> {
    let setup: LevelSetup<G> = level.setup().map_err(|e| e.to_string())?;
    let what = setup.goal.describe(setup.par);
    match &setup.goal {
        Goal::Coins(_) | Goal::CaptureAll => match shortest(&setup, setup.par + 4).map_err(|e| e.to_string())? {
            Some((n, line)) if n == setup.par => Ok(format!("{what}, e.g. {}", line.join(" "))),
            Some((n, line)) if n < setup.par => {
                Err(format!("par {} is too generous: {n} moves do it ({})", setup.par, line.join(" ")))
            }
            Some((n, line)) => {
                Err(format!("par {} is too strict: the fewest moves are {n} ({})", setup.par, line.join(" ")))
            }
            None => Err(format!("the goal cannot be reached within {} moves", setup.par + 4)),
        },
        Goal::Win | Goal::TargetOut => {
            let control = SolveControl::new();
            let plan = prepare(&setup, &control).map_err(|e| e.to_string())?;
            let Plan::Tree(tree) = plan else { return Err("no solution tree".to_string()) };
            if tree.is_empty() {
                return Err(format!("there is no way to {what} against every defence"));
            }
            if setup.par > 1 {
                let goal =
                    if setup.goal == Goal::Win { crate::solver::Goal::Win } else { crate::solver::Goal::TargetOut };
                let stip = Stipulation::new(goal, setup.par - 1).map_err(|e| e.to_string())?;
                let options = SolveOptions { tree: false, ..SolveOptions::default() };
                let shorter = solve(&setup.start, stip, &options, &control).map_err(|e| e.to_string())?;
                if let Some(key) = shorter.keys.first() {
                    return Err(format!(
                        "par {} is too generous: {} wins in {} moves already",
                        setup.par,
                        key.notation,
                        setup.par - 1
                    ));
                }
            }
            let keys: Vec<&str> = tree.iter().map(|k| k.mv.notation.as_str()).collect();
            Ok(format!("{what}: key {}", keys.join(", ")))
        }
        Goal::Escape(_) | Goal::Draw => {
            let plan = prepare(&setup, &SolveControl::new()).map_err(|e| e.to_string())?;
            let Plan::Moves { good, answers } = plan else { return Err("no moves worked out".to_string()) };
            if good.is_empty() {
                return Err(format!("no move reaches the goal ({what})"));
            }
            if answers.is_empty() {
                return Err("every move reaches the goal: the level teaches nothing".to_string());
            }
            // The plan found the good moves; one of them, played, must finish the try.
            let mut attempt = Attempt::new(&setup, Plan::Moves { good: good.clone(), answers });
            if attempt.play(good[0]) != Step::Done {
                return Err("the good move does not finish the level".to_string());
            }
            let names: Vec<String> = good.iter().map(|&m| setup.start.notation(m)).collect();
            Ok(format!("{what}: {} of the moves do it ({})", names.len(), names.join(", ")))
        }
        Goal::Game(_) => {
            let mut moves = MoveList::new();
            setup.start.legal_moves(&mut moves);
            if moves.is_empty() {
                return Err("the learner has no move".to_string());
            }
            Ok(what)
        }
    }
}

/// The fewest learner moves that reach a coins or captures goal, at most `limit`, with
/// one such line in the game's notation; `None` when there is none within `limit`.
///
/// # Errors
/// [`SearchError::TooBig`] past [`MAX_NODES`] positions.
pub fn shortest<G: SolverGame>(setup: &LevelSetup<G>, limit: u32) -> Result<Option<(u32, Vec<String>)>, SearchError> {
    let first = Attempt::new(setup, Plan::Nothing);
    let Some(line) = shortest_line(&first, limit)? else { return Ok(None) };
    // The line written move by move, each in the position it is played in.
    let mut replay = first;
    let written = line
        .into_iter()
        .map(|mv| {
            let text = replay.position().notation(mv);
            replay.play(mv);
            text
        })
        .collect();
    Ok(Some((replay.moves(), written)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::interstellar;

    fn level(position: &str, goal: Goal, par: u32) -> Level {
        Level {
            text: String::new(),
            position: position.into(),
            moves: vec![],
            goal,
            par: Some(par),
            teaches: vec![],
            success: None,
        }
    }

    #[test]
    fn a_coins_level_is_proved_exact_and_a_wrong_par_is_refused() {
        // A quasar on 55 runs along row 5 to 59 or 51 in one move each; the negative
        // nebula on 98 watches neither.
        let pos = "p6n1/8/9/8/4Q4/8/9/8/4P4 +";
        let coins = Goal::Coins(vec!["59".into()]);
        assert!(check_level::<interstellar::Position>(&level(pos, coins.clone(), 1)).is_ok());
        let err = check_level::<interstellar::Position>(&level(pos, coins.clone(), 2)).unwrap_err();
        assert!(err.contains("too generous"), "{err}");
        let two = Goal::Coins(vec!["59".into(), "51".into()]);
        let err = check_level::<interstellar::Position>(&level(pos, two.clone(), 1)).unwrap_err();
        assert!(err.contains("too strict"), "{err}");
        assert!(check_level::<interstellar::Position>(&level(pos, two, 2)).is_ok());
    }

    #[test]
    fn a_win_is_proved_by_the_solver_and_its_par_must_be_exact() {
        // The rules page's Target Out example, one move before: PQ 55 → 93.
        let before = "p8/8/N8/8/4Q4/8/9/8/P3b4 +";
        assert!(check_level::<interstellar::Position>(&level(before, Goal::TargetOut, 1)).is_ok());
        let err = check_level::<interstellar::Position>(&level(before, Goal::TargetOut, 2)).unwrap_err();
        assert!(err.contains("too generous"), "{err}");
    }
}
