//! Effects: what a handler asks for beyond the model (start a job, open a dialog, show a window, send to the clipboard), returned as values and carried out in one place, [`OrreryApp::carry_out`].
//!
//! A handler changes the workspace and returns its effects; it does not call the
//! handlers that start jobs or open windows. The dispatcher ([`OrreryApp::apply`]), the
//! windows and the polls of background work hand what they get to `carry_out`, which
//! may get more effects back (a small file read within the frame opens a window of its
//! problems; a save done does the action that waited for it) and carries them out in
//! turn.

use std::collections::VecDeque;

use super::*;

/// Something a handler asks for beyond the model.
pub(super) enum Effect {
    /// A file dialog for this purpose (one at a time: a second one is refused).
    Ask(Box<(DialogPurpose, DialogRequest)>),
    /// A record file read on a job ([`ReadPurpose`]: a new document, or the games
    /// around a restored one).
    Read(PathBuf, ReadPurpose),
    /// The document written to a file on a job, then the action that waited for it.
    Save(PathBuf, Option<PendingAction>),
    /// The shown game's GIF made and written on a job.
    MakeGif(Box<GifForm>, PathBuf),
    /// A chapter added to the study file at the path, on a job (the open document's
    /// own file: into the document).
    AddChapter(Box<crate::app::study_ui::ChapterPlan>, PathBuf),
    /// An action that waited: for the unsaved-work prompt, or for a save.
    Perform(PendingAction),
    /// A window shown.
    Show(Window),
    /// Something for the system on the next frame (text or an image for the clipboard,
    /// a paste asked for).
    Send(Outgoing),
}

/// A window an effect shows, with what it shows.
pub(super) enum Window {
    /// Errors to read, under a title (a file that could not be opened or saved).
    Errors(String, Vec<String>),
    /// The problems of the file just opened.
    FileProblems(FileProblems),
    /// The in-app path prompt (no file chooser here).
    PathPrompt(Box<PathPrompt>),
    /// Save as puzzle's form.
    PuzzleForm(Box<PuzzleForm>),
    /// The Export diagram window, with the path typed (no file chooser here).
    Export(Box<ExportForm>, Option<String>),
    /// The Export GIF window, with the path typed (no file chooser here).
    Gif(Box<GifForm>, Option<String>),
    /// New game against the computer or with a clock.
    NewGame(NewGameForm),
    /// New study or Add to study.
    Study(crate::app::study_ui::StudyForm),
    /// Paste position.
    PastePosition,
    /// Keyboard shortcuts.
    Shortcuts,
    /// A game's rules page.
    Rules(crate::core::Variant),
    /// The welcome window.
    Welcome,
    /// About Orrery.
    About,
    /// Save found the file changed by another program: replace it, save elsewhere, or
    /// not now (with what waited for the save).
    ChangedOnDisk(PathBuf, Option<PendingAction>),
}

impl Effect {
    /// A file dialog for `purpose`.
    pub(super) fn ask(purpose: DialogPurpose, request: DialogRequest) -> Effect {
        Effect::Ask(Box::new((purpose, request)))
    }

    /// The error window with one error.
    pub(super) fn error(title: &str, error: impl ToString) -> Effect {
        Effect::Show(Window::Errors(title.into(), vec![error.to_string()]))
    }
}

impl OrreryApp {
    /// Carries out `effects`, and the effects they lead to, in order.
    pub(super) fn carry_out(&mut self, effects: Vec<Effect>) {
        let mut queue = VecDeque::from(effects);
        // Every effect is named here: a new one that nothing carries out does not compile.
        while let Some(effect) = queue.pop_front() {
            let more = match effect {
                Effect::Ask(dialog) => {
                    let (purpose, request) = *dialog;
                    self.start_dialog(purpose, request);
                    Vec::new()
                }
                Effect::Read(path, purpose) => self.start_reading(path, purpose),
                Effect::Save(path, then) => self.save_to(&path, then).1,
                Effect::MakeGif(form, path) => {
                    self.start_gif(*form, path);
                    Vec::new()
                }
                Effect::AddChapter(plan, path) => self.add_chapter(*plan, path),
                Effect::Perform(action) => self.perform(action),
                Effect::Show(window) => {
                    self.show_window(window);
                    Vec::new()
                }
                Effect::Send(outgoing) => {
                    self.platform.outbox.push(outgoing);
                    Vec::new()
                }
            };
            queue.extend(more);
        }
    }

    /// Opens `window` (the shell's state for it).
    fn show_window(&mut self, window: Window) {
        let shell = &mut self.shell;
        match window {
            Window::Errors(title, lines) => shell.error_list = Some((title, lines)),
            Window::FileProblems(problems) => shell.file_problems = Some(problems),
            Window::PathPrompt(prompt) => shell.path_prompt = Some(*prompt),
            Window::PuzzleForm(form) => shell.puzzle_form = Some(*form),
            Window::Export(form, path) => {
                shell.export = Some(*form);
                shell.export_path = path;
            }
            Window::Gif(form, path) => {
                shell.gif = Some(*form);
                shell.gif_path = path;
            }
            Window::NewGame(form) => shell.new_game_form = Some(form),
            Window::Study(form) => shell.study_form = Some(form),
            Window::PastePosition => shell.paste_text = Some(String::new()),
            Window::Shortcuts => shell.show_shortcuts = true,
            Window::Rules(variant) => shell.rules = Some(variant),
            Window::Welcome => shell.welcome = true,
            Window::About => shell.about = true,
            Window::ChangedOnDisk(path, then) => shell.changed_on_disk = Some((path, then)),
        }
    }
}
