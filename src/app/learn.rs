//! Help → Learn (`docs/app.md` *Learn*): a game's course open in the window — which
//! level is shown and the try at it ([`ShownLesson`]) — and the progress kept with the
//! settings (stars per level, by [`Course::level_key`]). Changed only by
//! [`super::action::LearnAction`]s, carried out in `ui/learning.rs`. No egui here.

use std::collections::BTreeMap;

use super::view::lesson::{LessonStatus, ShownLesson};
use crate::core::Variant;
use crate::study::learn::{Course, Goal, Level};

/// A course open in the window.
pub struct Learn {
    /// The course's game.
    pub variant: Variant,
    /// The course.
    pub course: Course,
    /// The stage shown (0-based).
    pub stage: usize,
    /// The level shown within it (0-based).
    pub level: usize,
    /// The try at the shown level.
    pub lesson: ShownLesson,
    /// The shown level's result is in the progress already.
    pub(crate) kept: bool,
}

/// The stars earned per level, by [`Course::level_key`] (1–3; absent: not done).
pub type LearnProgress = BTreeMap<String, u8>;

impl Learn {
    /// `variant`'s course at its first level without stars (its first level when all
    /// have some).
    ///
    /// # Errors
    /// Why the course cannot be read (only if the shipped file is broken).
    pub fn open(variant: Variant, progress: &LearnProgress) -> Result<Learn, String> {
        let course = Course::builtin(variant).map_err(|e| format!("The {variant} course cannot be read: {e}"))?;
        if course.stages.first().is_none_or(|s| s.levels.is_empty())
            || course.stages.iter().any(|s| s.levels.is_empty())
        {
            return Err(format!("The {variant} course has an empty stage"));
        }
        let (stage, level) = course
            .levels()
            .find(|&(s, l, _)| !progress.contains_key(&course.level_key(s, l)))
            .map_or((0, 0), |(s, l, _)| (s, l));
        let lesson = ShownLesson::start(variant, level_of(&course, stage, level));
        Ok(Learn { variant, course, stage, level, lesson, kept: false })
    }

    /// Shows level `level` of stage `stage` (ignored when there is none).
    pub fn go(&mut self, stage: usize, level: usize) {
        if self.course.stages.get(stage).is_none_or(|s| level >= s.levels.len()) {
            return;
        }
        self.stage = stage;
        self.level = level;
        self.lesson = ShownLesson::start(self.variant, self.shown_level());
        self.kept = false;
    }

    /// The level shown.
    pub fn shown_level(&self) -> &Level {
        level_of(&self.course, self.stage, self.level)
    }

    /// The shown level's key in the progress.
    pub fn key(&self) -> String {
        self.course.level_key(self.stage, self.level)
    }

    /// The level after the shown one, if any.
    pub fn next(&self) -> Option<(usize, usize)> {
        let stage = self.course.stages.get(self.stage)?;
        if self.level + 1 < stage.levels.len() {
            Some((self.stage, self.level + 1))
        } else if self.stage + 1 < self.course.stages.len() {
            Some((self.stage + 1, 0))
        } else {
            None
        }
    }

    /// The shown level is a game against the computer: its level.
    pub fn game_level(&self) -> Option<u8> {
        match self.shown_level().goal {
            Goal::Game(level) => Some(level),
            _ => None,
        }
    }

    /// The stars the shown try earned, once, to keep in the progress (the better of the
    /// old and the new): `Some((key, stars))` the first time it is asked after the goal
    /// was reached.
    pub fn result_to_keep(&mut self) -> Option<(String, u8)> {
        if self.kept {
            return None;
        }
        let LessonStatus::Done { stars, .. } = self.lesson.face().status else { return None };
        self.kept = true;
        Some((self.key(), stars))
    }

    /// Starts the shown level again.
    pub fn retry(&mut self) {
        self.lesson.retry();
        self.kept = false;
    }

    /// The whole course: stars earned, the most possible, and the stages whose every
    /// level is done.
    pub fn course_stars(&self, progress: &LearnProgress) -> (u32, u32, usize) {
        let (mut earned, mut most, mut done) = (0, 0, 0);
        for (s, stage) in self.course.stages.iter().enumerate() {
            let (e, m) = self.stage_stars(s, progress);
            earned += e;
            most += m;
            done += usize::from((0..stage.levels.len()).all(|k| progress.contains_key(&self.course.level_key(s, k))));
        }
        (earned, most, done)
    }

    /// Stars per stage: (earned, most possible).
    pub fn stage_stars(&self, stage: usize, progress: &LearnProgress) -> (u32, u32) {
        let Some(s) = self.course.stages.get(stage) else { return (0, 0) };
        let earned = (0..s.levels.len())
            .map(|l| u32::from(progress.get(&self.course.level_key(stage, l)).copied().unwrap_or(0)))
            .sum();
        (earned, 3 * s.levels.len() as u32)
    }
}

fn level_of(course: &Course, stage: usize, level: usize) -> &Level {
    &course.stages[stage].levels[level]
}

pub use super::view::lesson::LEVEL_TAG;
