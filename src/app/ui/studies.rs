//! Studies built chapter by chapter: the New study and Add to study windows' answers, and the chapter added to a study file on a job.

use super::*;
use crate::app::study_ui::{ChapterSource, KnownStudy, StudyFormAction};

impl OrreryApp {
    /// The New study or Add to study window, and what it asked for.
    pub(super) fn study_window(&mut self, ctx: &egui::Context) -> Vec<Effect> {
        let Some(mut form) = self.shell.study_form.take() else { return Vec::new() };
        let own = self.workspace.document.file.clone();
        let studies: Vec<KnownStudy> = self
            .settings
            .studies
            .iter()
            .filter(|p| own.as_deref() != Some(p.as_path()))
            .map(|p| KnownStudy::of(p))
            .collect();
        let open_study = self.workspace.document.study_name().map(str::to_string);
        let Some(action) = form.ui(ctx, &studies, open_study.as_deref()) else {
            self.shell.study_form = Some(form);
            return Vec::new();
        };
        let plan = || ChapterPlan {
            game: self.chapter_game(form.source),
            title: form.title.trim().to_string(),
            name: form.name.trim().to_string(),
        };
        match action {
            StudyFormAction::Close => Vec::new(),
            StudyFormAction::Create => {
                let ChapterPlan { mut game, title, name } = plan();
                let title = if title.is_empty() { crate::record::study::Chapter::of(&game, 0).title } else { title };
                crate::with_game!(&mut game, g => {
                    g.tags.set(crate::record::study::STUDY_TAG, &name);
                    g.tags.set(crate::record::study::CHAPTER_TAG, &title);
                });
                self.requested(PendingAction::NewStudy(Box::new(game)))
            }
            StudyFormAction::AddHere => {
                let plan = plan();
                self.add_here(plan);
                Vec::new()
            }
            StudyFormAction::AddTo(path) => vec![Effect::AddChapter(Box::new(plan()), path)],
            StudyFormAction::ChooseFile => {
                let folder = self.dialog_folder();
                vec![Effect::ask(DialogPurpose::AddChapter(Box::new(plan())), DialogRequest::Open { folder })]
            }
            StudyFormAction::NewFile => {
                let plan = plan();
                let request = DialogRequest::Save {
                    folder: self.dialog_folder(),
                    suggested_name: format!("{}.pgn", file_stem_of(&plan.name)),
                    filters: vec![("PGN text".into(), vec!["pgn".into()]), ("RON".into(), vec!["ron".into()])],
                };
                vec![Effect::ask(DialogPurpose::AddChapter(Box::new(plan)), request)]
            }
        }
    }

    /// What a new chapter is made of, from the shown game.
    fn chapter_game(&self, source: ChapterSource) -> AnyGame {
        match source {
            ChapterSource::Game => (*self.workspace.view.game()).clone(),
            ChapterSource::Position => self.workspace.view.position_game(),
            ChapterSource::Opening => AnyGame::new(self.workspace.view.variant()),
        }
    }

    /// The chapter goes into the open document, a study, after the shown chapter.
    fn add_here(&mut self, plan: ChapterPlan) {
        if self.workspace.document.study_name().is_none() {
            self.workspace.message = "The open file is no study: choose a study file".into();
            return;
        }
        let mut game = plan.game;
        if !plan.title.is_empty() {
            crate::with_game!(&mut game, g => g.tags.set(crate::record::study::CHAPTER_TAG, &plan.title));
        } else {
            // The game's own title from another study would be wrong here.
            let title = crate::record::study::Chapter::of(&game, self.workspace.document.current() + 1).title;
            crate::with_game!(&mut game, g => g.tags.set(crate::record::study::CHAPTER_TAG, &title));
        }
        self.insert_games(vec![game]);
        self.workspace.message = format!("Chapter {} added to the study", self.workspace.document.current() + 1);
    }

    /// Adds the chapter to the study file at `path` on a job (the open document's own
    /// file: into the document, which is saved as usual).
    pub(super) fn add_chapter(&mut self, plan: ChapterPlan, path: PathBuf) -> Vec<Effect> {
        if self.workspace.document.file.as_deref() == Some(path.as_path()) {
            self.add_here(plan);
            return Vec::new();
        }
        if self.jobs.adding_chapter.is_some() {
            self.workspace.message = "A chapter is being added already: try again in a moment".into();
            return Vec::new();
        }
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            self.settings.last_folder = Some(folder.to_path_buf());
        }
        let target = path.clone();
        let job =
            Job::start("chapter", move |_| crate::files::add_chapter(&target, &plan.game, &plan.title, &plan.name));
        self.workspace.message = format!("Adding the chapter to {}…", path.display());
        self.jobs.adding_chapter = Some((path, job));
        Vec::new()
    }

    /// The chapter being added: done (the status bar says where, and the study is
    /// offered next time), or the error window.
    pub(super) fn poll_chapter(&mut self, ctx: &egui::Context) -> Vec<Effect> {
        let Some((path, job)) = self.jobs.adding_chapter.as_mut() else { return Vec::new() };
        let result = match job.poll() {
            JobPoll::Running => return Vec::new(),
            JobPoll::Done(result) => result,
            JobPoll::Gone => Err(job_stopped(path, "adding")),
        };
        let path = path.clone();
        self.jobs.adding_chapter = None;
        ctx.request_repaint();
        match result {
            Ok(added) => {
                self.settings.remember_study(path.clone());
                self.settings.remember(path.clone());
                self.workspace.message = if added.created {
                    format!("New study \"{}\" saved to {} with its first chapter", added.study, path.display())
                } else {
                    format!("Chapter {} added to the study \"{}\" ({})", added.number, added.study, path.display())
                };
                Vec::new()
            }
            Err(e) => vec![Effect::error("Could not add the chapter", e)],
        }
    }
}
