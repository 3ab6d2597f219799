//! Help → Learn: the [`LearnAction`]s carried out on the workspace's course, the stars
//! kept in the settings, and a game level started as a game against the computer.

use super::*;
use crate::app::action::LearnAction;
use crate::app::learn::{LEVEL_TAG, Learn};
use crate::app::workspace::PendingAction;

impl OrreryApp {
    /// Carries out a Learn action.
    pub(super) fn learn(&mut self, action: LearnAction) -> Vec<Effect> {
        let effects = match action {
            LearnAction::Open(variant) => match Learn::open(variant, &self.settings.learn_progress) {
                Ok(learn) => {
                    self.workspace.learn = Some(learn);
                    // A word about the game stays behind the course.
                    self.workspace.message.clear();
                    self.shell.learn_board = BoardPointer::default();
                    Vec::new()
                }
                Err(why) => vec![Effect::error("Learn", why)],
            },
            LearnAction::Close => {
                self.workspace.learn = None;
                Vec::new()
            }
            LearnAction::PlayGame => {
                let Some(learn) = &self.workspace.learn else { return Vec::new() };
                let Some(level) = learn.game_level().and_then(Level::new) else { return Vec::new() };
                let game = learn.lesson.game_record(&learn.key());
                let user_side = learn.lesson.learner_index();
                return self.requested(PendingAction::LessonGame { game: Box::new(game), user_side, level });
            }
            LearnAction::ResetProgress => {
                if let Some(learn) = &mut self.workspace.learn {
                    let prefix = format!("{}/", learn.course.variant);
                    self.settings.learn_progress.retain(|key, _| !key.starts_with(&prefix));
                    let (stage, level) = (learn.stage, learn.level);
                    learn.go(stage, level);
                }
                Vec::new()
            }
            other => {
                let Some(learn) = &mut self.workspace.learn else { return Vec::new() };
                match other {
                    LearnAction::Go { stage, level } => learn.go(stage, level),
                    LearnAction::Next => {
                        if let Some((stage, level)) = learn.next() {
                            learn.go(stage, level);
                        }
                    }
                    LearnAction::Click(slot) => learn.lesson.click(slot),
                    LearnAction::DragStart(slot) => learn.lesson.drag_start(slot),
                    LearnAction::Drop { from, to } => learn.lesson.drop_on(from, to),
                    LearnAction::Promote(choice) => learn.lesson.promote(choice),
                    LearnAction::Retry => learn.retry(),
                    LearnAction::Hint => learn.lesson.hint(),
                    LearnAction::Open(_) | LearnAction::Close | LearnAction::PlayGame | LearnAction::ResetProgress => {}
                }
                Vec::new()
            }
        };
        self.keep_learn_result();
        effects
    }

    /// A level just finished: its stars go into the progress (the better of the old and
    /// the new).
    pub(super) fn keep_learn_result(&mut self) {
        if let Some((key, stars)) = self.workspace.learn.as_mut().and_then(Learn::result_to_keep) {
            let kept = self.settings.learn_progress.entry(key).or_insert(0);
            *kept = (*kept).max(stars);
        }
    }

    /// A course's game level won against the computer: kept as done (three stars),
    /// once, with a word in the status bar.
    pub(super) fn keep_lesson_game_result(&mut self) {
        let game = self.workspace.view.game();
        let Some(key) = game.tags().get(LEVEL_TAG).map(str::to_string) else { return };
        let Some(computer) = self.workspace.view.computer_side() else { return };
        if self.settings.learn_progress.get(&key) == Some(&3) {
            return;
        }
        let won = match game.result() {
            crate::record::GameResult::FirstPlayerWins => computer == 1,
            crate::record::GameResult::SecondPlayerWins => computer == 0,
            _ => false,
        };
        if won {
            self.settings.learn_progress.insert(key, 3);
            self.workspace.message = "You won the course's last game: three stars. Well done!".into();
        }
    }
}
