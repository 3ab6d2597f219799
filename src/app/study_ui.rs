//! The study windows: Game → New study… (a new study of one chapter) and Add to
//! study… (the shown game, or its shown position, as the last chapter of a study file),
//! as lichess builds studies chapter by chapter (`docs/app.md` *Studies*).

use std::path::{Path, PathBuf};

use egui::RichText;

/// What a new chapter is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChapterSource {
    /// The shown game, every move and comment.
    #[default]
    Game,
    /// The shown position: a chapter that starts there, with no moves.
    Position,
    /// The game's opening position, with no moves (New study only).
    Opening,
}

impl ChapterSource {
    /// The choice as the window words it.
    pub const fn label(self) -> &'static str {
        match self {
            ChapterSource::Game => "The shown game",
            ChapterSource::Position => "The shown position (a chapter that starts there)",
            ChapterSource::Opening => "An empty board at the opening position",
        }
    }
}

/// One of the two study windows, with what was typed and chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct StudyForm {
    /// Add to study (`true`) or New study.
    pub adding: bool,
    /// What the chapter is made of.
    pub source: ChapterSource,
    /// The chapter's title (empty: from the game's players or event).
    pub title: String,
    /// The new study's name (New study, or Add to a new study file).
    pub name: String,
}

/// What the study window asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudyFormAction {
    /// New study: a new document, the study with its first chapter.
    Create,
    /// Add the chapter to this study file.
    AddTo(PathBuf),
    /// Add the chapter to the open document (a study not saved yet, or the study shown).
    AddHere,
    /// Choose another study file to add the chapter to (a file dialog).
    ChooseFile,
    /// Save the chapter as the first of a new study file (a save dialog).
    NewFile,
    /// The window closes.
    Close,
}

/// A study Add to study offers: its file and how the window names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownStudy {
    /// The study's file.
    pub path: PathBuf,
    /// The file's name without its folder.
    pub label: String,
}

impl KnownStudy {
    /// The study at `path`.
    pub fn of(path: &Path) -> KnownStudy {
        let label = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        KnownStudy { path: path.to_path_buf(), label }
    }
}

impl StudyForm {
    /// The New study window's form: the name empty, the shown game as first chapter.
    pub fn new_study() -> StudyForm {
        StudyForm { adding: false, source: ChapterSource::Game, title: String::new(), name: String::new() }
    }

    /// The Add to study window's form, titled `title` (the shown game's chapter title).
    pub fn add_to_study(title: String) -> StudyForm {
        StudyForm { adding: true, source: ChapterSource::Game, title, name: String::new() }
    }

    /// Draws the window. `studies`: the study files to offer; `open_study`: the open
    /// document's study name when it is one (chapters may go straight into it).
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        studies: &[KnownStudy],
        open_study: Option<&str>,
    ) -> Option<StudyFormAction> {
        let mut action = None;
        let mut open = true;
        let title = if self.adding { "Add to study" } else { "New study" };
        crate::app::theme::dialog(title, ctx).open(&mut open).resizable(false).show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.label(
                RichText::new(if self.adding {
                    "A study is a file of chapters, each a game or a position with its title, mode \
                     and note. The chapter goes after the study's last one."
                } else {
                    "A study is a file of chapters, each a game or a position with its title, mode \
                     and note. Add more with Add to study… from any game, or New game in this file. \
                     The new study takes the open file's place in the window (the file stays on \
                     disk: Game → Recent opens it again); to keep it open while building a study, \
                     use Add to study… and \"Save as a new study…\" instead."
                })
                .weak(),
            );
            ui.add_space(4.0);
            if !self.adding {
                ui.horizontal(|ui| {
                    let label = ui.label("Study name");
                    ui.add(
                        egui::TextEdit::singleline(&mut self.name).desired_width(260.0).hint_text("e.g. My openings"),
                    )
                    .labelled_by(label.id);
                });
            }
            ui.label(RichText::new("The chapter").strong());
            let sources: &[ChapterSource] = if self.adding {
                &[ChapterSource::Game, ChapterSource::Position]
            } else {
                &[ChapterSource::Game, ChapterSource::Position, ChapterSource::Opening]
            };
            for &source in sources {
                ui.radio_value(&mut self.source, source, source.label());
            }
            ui.horizontal(|ui| {
                let label = ui.label("Chapter title");
                ui.add(
                    egui::TextEdit::singleline(&mut self.title).desired_width(260.0).hint_text("the players, if empty"),
                )
                .labelled_by(label.id);
            });
            ui.separator();
            if !self.adding {
                let named = !self.name.trim().is_empty();
                ui.horizontal(|ui| {
                    if ui.add_enabled(named, egui::Button::new("Create the study")).clicked() {
                        action = Some(StudyFormAction::Create);
                    }
                    if ui.button("Cancel").clicked() {
                        action = Some(StudyFormAction::Close);
                    }
                });
                if !named {
                    ui.label(RichText::new("Name the study first.").weak());
                }
                return;
            }
            ui.label(RichText::new("Add it to").strong());
            if let Some(name) = open_study
                && ui.button(format!("The open study, {name}")).clicked()
            {
                action = Some(StudyFormAction::AddHere);
            }
            for study in studies {
                if ui.button(&study.label).on_hover_text(study.path.display().to_string()).clicked() {
                    action = Some(StudyFormAction::AddTo(study.path.clone()));
                }
            }
            if ui.button("Another study file…").clicked() {
                action = Some(StudyFormAction::ChooseFile);
            }
            ui.horizontal(|ui| {
                let label = ui.label("A new study named");
                ui.add(egui::TextEdit::singleline(&mut self.name).desired_width(180.0)).labelled_by(label.id);
                let named = !self.name.trim().is_empty();
                if ui.add_enabled(named, egui::Button::new("Save as a new study…")).clicked() {
                    action = Some(StudyFormAction::NewFile);
                }
            });
            ui.separator();
            if ui.button("Cancel").clicked() {
                action = Some(StudyFormAction::Close);
            }
        });
        if !open {
            action = Some(StudyFormAction::Close);
        }
        action
    }
}

/// A chapter on its way to a study file: the game (tags still its own), its title and
/// the name of a study made for it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChapterPlan {
    /// The chapter's game.
    pub game: crate::record::AnyGame,
    /// Its title (empty: from its players).
    pub title: String,
    /// The study's name, when the file is made for it.
    pub name: String,
}
