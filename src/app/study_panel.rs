//! The games list's study part ([`StudyPanel`]): for a file that is no study, "Make a
//! study" with a name; for a study, its name, chapter count and the shown chapter's
//! window (title, section, mode, the side the reader plays, the note for the reader),
//! applied through [`Action::SetChapter`] and the tags (`docs/app.md` *Studies*).

use egui::RichText;

use super::command::{Action, Command, GameCommand};
use super::document::Document;
use crate::record::study::{Chapter, ChapterMode};

/// The study part's state: the name typed, whether the Make a study form and the
/// chapter window are open, and the chapter's fields being edited.
#[derive(Default)]
pub struct StudyPanel {
    /// The name typed for "Make a study".
    pub study_name: String,
    /// The "Make a study" form is open.
    pub making_study: bool,
    /// The shown chapter's fields as being edited: for which game and document
    /// revision, title, section, mode.
    pub chapter: Option<ChapterForm>,
    /// The shown chapter's window (title, section, mode, note) is open.
    pub chapter_open: bool,
}

/// The shown chapter's fields as being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChapterForm {
    /// For which game and document revision (taken from the game again when these
    /// change).
    pub for_: (usize, u64),
    /// The title.
    pub title: String,
    /// The section.
    pub section: String,
    /// The mode.
    pub mode: ChapterMode,
    /// The side the reader plays (0: the first player).
    pub side: usize,
    /// The two players' names, for the choice.
    pub sides: [&'static str; 2],
    /// The note for the reader: the chapter's comment before its first move, shown
    /// above the hidden moves in guess and recall modes.
    pub note: String,
}

impl StudyPanel {
    /// A study's name and the shown chapter's title, section and mode (Apply); for a
    /// file that is no study, "Make a study" with a name.
    pub fn ui(&mut self, ui: &mut egui::Ui, document: &Document, commands: &mut Vec<Command>) {
        let current = document.current();
        match document.study_name().map(str::to_string) {
            None if !self.making_study => {}
            None => {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.label(
                        RichText::new(
                            "A study keeps its games as chapters, with titles, sections and modes, in ordinary \
                             tags: other programs read each chapter as a game.",
                        )
                        .weak(),
                    );
                    ui.horizontal(|ui| {
                        let label = ui.label("Study name");
                        ui.add(egui::TextEdit::singleline(&mut self.study_name).desired_width(200.0))
                            .labelled_by(label.id);
                        let named = !self.study_name.trim().is_empty();
                        if ui.add_enabled(named, egui::Button::new("Make this file a study")).clicked() {
                            commands.push(Command::Act(Action::MakeStudy(self.study_name.trim().to_string())));
                        }
                    });
                });
            }
            Some(name) => {
                let n = document.games.len();
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(format!("Study: {name} — {n} chapter{}", if n == 1 { "" } else { "s" })).strong(),
                    );
                    if ui
                        .button(format!("Chapter {}…", current + 1))
                        .on_hover_text("The shown chapter's title, section, mode and note for the reader")
                        .clicked()
                    {
                        self.chapter_open = !self.chapter_open;
                    }
                });
                let Some(game) = document.games.get(current) else { return };
                // Taken from the game again when it changes (an undo, another chapter).
                if self.chapter.as_ref().is_none_or(|c| c.for_ != (current, document.revision())) {
                    let chapter = Chapter::of(&game, current);
                    self.chapter = Some(ChapterForm {
                        for_: (current, document.revision()),
                        title: chapter.title,
                        section: chapter.section,
                        mode: chapter.mode,
                        side: chapter.side,
                        sides: crate::with_game!(&*game, g => crate::record::study::side_names(g)),
                        note: chapter_note(&game),
                    });
                }
                let Some(form) = &mut self.chapter else { return };
                // The form is a window of its own: the table of chapters keeps its room.
                if !self.chapter_open {
                    return;
                }
                let mut open = true;
                let window = crate::app::theme::dialog(format!("Chapter {}", current + 1), ui.ctx())
                    .id(egui::Id::unique("chapter-form-window"))
                    .open(&mut open)
                    .resizable(false);
                window.show(ui.ctx(), |ui| {
                    egui::Grid::new("chapter-form").num_columns(2).show(ui, |ui| {
                        let label = ui.label("Chapter title");
                        ui.add(egui::TextEdit::singleline(&mut form.title).desired_width(240.0)).labelled_by(label.id);
                        ui.end_row();
                        let label = ui.label("Section");
                        ui.add(egui::TextEdit::singleline(&mut form.section).desired_width(240.0))
                            .labelled_by(label.id);
                        ui.end_row();
                        ui.label("Mode");
                        ui.horizontal(|ui| {
                            for m in ChapterMode::ALL {
                                ui.radio_value(&mut form.mode, m, m.label());
                            }
                        });
                        ui.end_row();
                        // Always there (used in guess mode only), so the Apply button
                        // below keeps its place when the mode changes.
                        let guess = form.mode == ChapterMode::Guess;
                        ui.add_enabled(guess, egui::Label::new("The reader plays"));
                        ui.horizontal(|ui| {
                            for (k, name) in form.sides.iter().enumerate() {
                                ui.add_enabled_ui(guess, |ui| ui.radio_value(&mut form.side, k, *name));
                            }
                        });
                        ui.end_row();
                        let label = ui.label("Note for the reader").on_hover_text(
                            "The chapter's opening comment: shown above the hidden moves in guess and recall modes",
                        );
                        ui.add(
                            egui::TextEdit::multiline(&mut form.note)
                                .desired_rows(2)
                                .desired_width(240.0)
                                .hint_text("e.g. White to play: find the plan"),
                        )
                        .labelled_by(label.id);
                        ui.end_row();
                    });
                    if ui.button("Apply to the chapter").clicked() {
                        if form.note.trim() != chapter_note(&game) {
                            commands.push(Command::Game(GameCommand::SetComment {
                                node: crate::record::NodeId::ROOT,
                                before: false,
                                text: form.note.trim().to_string(),
                            }));
                        }
                        // The side is written only where it matters: a guessing chapter
                        // whose reader plays the second player (or one that said so before).
                        // It goes first: the chapter then starts where its reader begins.
                        let had_side = document
                            .games
                            .get(current)
                            .is_some_and(|g| g.tags().get(crate::record::study::SIDE_TAG).is_some());
                        if form.mode == ChapterMode::Guess && (form.side == 1 || had_side) {
                            commands.push(Command::Game(GameCommand::SetTag(
                                crate::record::study::SIDE_TAG.into(),
                                form.sides[form.side.min(1)].to_lowercase(),
                            )));
                        }
                        commands.push(Command::Act(Action::SetChapter {
                            title: form.title.clone(),
                            section: form.section.clone(),
                            mode: form.mode,
                        }));
                    }
                });
                if !open {
                    self.chapter_open = false;
                }
            }
        }
    }
}

/// A chapter's note for its reader: its comment before the first move, without
/// commands (clock, marks).
pub fn chapter_note(game: &crate::record::AnyGame) -> String {
    crate::with_game!(game, g => {
        crate::record::annotations::without_commands(&g.tree.node(crate::record::NodeId::ROOT).comment_after)
            .trim()
            .to_string()
    })
}
