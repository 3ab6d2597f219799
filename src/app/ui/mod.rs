//! The Orrery window: menus, the board, the move list, the status bar, the ending
//! banner, the windows (unsaved-work prompt, errors, path prompt, paste, shortcuts,
//! Save as puzzle, Export diagram, the rules pages, welcome, About), the Learn screen,
//! file handling, undo/redo and settings.
//!
//! Each frame the panels read the state and push [`Command`]s; after the frame
//! [`OrreryApp::apply`] carries them out, the one place where the document changes,
//! history is kept and the modified flag is set. A handler returns what it needs beyond
//! the model (a job started, a dialog, a window shown, the clipboard) as `Effect`
//! values, carried out in one place, `OrreryApp::carry_out` (`effects.rs`). Background
//! work (the solver, long parses in the notation editor) is collected in
//! [`OrreryApp::logic`], between frames.
//! [`OrreryApp::show`] does both, so the same code runs in the eframe window and in
//! egui_kittest UI tests.
//!
//! The methods are split by phase and subject, each file an `impl OrreryApp` block:
//! `frame.rs` (between frames, then the window), `apply.rs` (commands carried out),
//! `effects.rs` (their effects carried out),
//! `menus.rs`, `panes.rs` (the docked panes), `windows.rs`, `files.rs`, `games.rs` (the
//! list of games and undo) and `puzzles.rs` (puzzle sets).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::{Key, KeyboardShortcut, Modifiers, RichText};

use super::analysis::AnalysisRequest;
use super::autosave::{Autosave, Autosaver};
use super::board::BoardPointer;
use super::clock::{self, ClockSetup};
use super::command::{Action, Command, GameCommand, Scope};
use super::dialogs::{DialogAnswer, DialogRequest, FileDialogs};
use super::document::{Document, GameSet, game_title};
use super::editor::{EditorEvent, NotationEditor};
use super::export::{ExportAction, ExportForm};
use super::games_list::{GamesList, PositionFinder};
use super::gif_export::{GifAction, GifForm, GifJob};
use super::history::History;
use super::jobs::{Job, JobPoll, Waker};
use super::move_list::MoveListPanel;
use super::opening_tree::OpeningTree;
use super::puzzle::PuzzleCheck;
use super::settings::{Settings, Theme};
use super::setup::PuzzleForm;
use super::study_ui::{ChapterPlan, StudyForm};
use super::theme;
use super::view::panes::ui_of;
use super::view::view_of;
use super::workspace::{ListChange, RemovedGame, Snapshot};
pub use super::workspace::{PendingAction, Workspace};
use crate::app::session::capitalise;
use crate::core::game::Variant;
use crate::engine::Level;
use crate::files::{
    Diagnostic, FileError, Format, RecordIndex, RecordsRead, index_records_with, read_record_file, write_record_file,
    write_records_keeping,
};
use crate::record::annotations::TimeControl;
use crate::record::{AnyGame, NodeId, Severity, read_one, write_any};
use crate::solver::{Puzzle, PuzzleGoal, Stipulation, builtin_puzzles};
use effects::{Effect, Window};
use files::{open_effect, with_format};

mod apply;
mod effects;
mod files;
mod frame;
mod games;
mod learning;
mod menus;
mod panes;
mod puzzles;
mod studies;
mod test_api;
mod windows;

/// Why a command waits: the notation editor holds text the game does not.
const NOTATION_PENDING: &str = "The notation text has errors or unread edits: fix them or press Revert text first";

/// The New game against the computer and New game with a clock windows' choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    /// The game.
    pub variant: Variant,
    /// Against the computer (else two players on this screen).
    pub computer: bool,
    /// The user's side: 0 moves first, 1 second, `None` at random.
    pub user_side: Option<usize>,
    /// The computer's level, 1–8.
    pub level: u8,
    /// The time control as `TimeControl` tag text (`300+3`); `None`: no clock.
    pub clock: Option<String>,
    /// The handicap per side in seconds (added to the first stage; negative: taken).
    pub handicap: [i64; 2],
}

impl NewGameForm {
    /// The clock the form describes, or why its time control cannot be read.
    fn clock_setup(&self) -> Result<Option<ClockSetup>, String> {
        let Some(text) = &self.clock else { return Ok(None) };
        let control = TimeControl::parse(text).map_err(|e| e.to_string())?;
        Ok(Some(ClockSetup { control, handicap: self.handicap }))
    }
}

/// The in-app path prompt, used when no native file dialog can be shown.
#[derive(Clone, Debug, PartialEq)]
pub struct PathPrompt {
    /// Saving (else opening).
    pub save: bool,
    /// The path typed so far.
    pub text: String,
    /// A puzzle to save to that path (Board editor → Save as puzzle), instead of the game.
    pub puzzle: Option<Box<AnyGame>>,
    /// A chapter to add to the study file at that path (Add to study), instead.
    pub chapter: Option<Box<crate::app::study_ui::ChapterPlan>>,
    /// What to do once the game is saved (the action the unsaved-work prompt held).
    pub then: Option<PendingAction>,
    /// A file that exists at the path typed, waiting for "Replace" before it is
    /// written over.
    pub replace: Option<PathBuf>,
    /// The document's revision when the prompt opened (after the unsaved-work
    /// question): opening asks again only when the games changed since.
    pub revision: u64,
}

/// What an open file dialog is for.
#[derive(Clone, Debug)]
enum DialogPurpose {
    /// Game → Open.
    Open,
    /// Puzzles → Open puzzle file….
    OpenPuzzles,
    /// Game → Save As, and what to do once saved (an action waiting for the
    /// unsaved-work prompt).
    SaveAs { then: Option<PendingAction> },
    /// Board editor → Save as puzzle.
    Puzzle(Box<AnyGame>),
    /// Export diagram.
    Export(Box<ExportForm>),
    /// Export GIF.
    Gif(Box<GifForm>),
    /// Add to study → another study file, or a new one.
    AddChapter(Box<crate::app::study_ui::ChapterPlan>),
}

/// What a file read in the background is for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ReadPurpose {
    /// Game → Open, Recent, a dropped file: shown as a new document.
    Open,
    /// The other games of the autosaved game's file, put around it (it is game `index`).
    Restore {
        /// The autosaved game's index among the file's games.
        index: usize,
        /// The autosave's list of the games (empty: only the shown game was kept).
        journal: Vec<super::document::JournalEntry>,
    },
}

/// A record file being read on a background thread (see [`Jobs::reading`]).
pub struct FileReading {
    /// The file.
    pub path: PathBuf,
    purpose: ReadPurpose,
    /// The reading: its progress counts bytes.
    job: Job<Result<RecordIndex, FileError>>,
}

impl FileReading {
    /// How far reading has come: bytes read and bytes in all (0 while not known).
    pub fn progress(&self) -> (usize, usize) {
        self.job.progress()
    }

    /// Stops the reading thread between two games (its result is dropped).
    fn cancel(&self) {
        self.job.cancel();
    }
}

/// The data folder's folder for the private copies of big open files.
const COPIES_FOLDER: &str = "open";

/// How long opening waits for a file before it shows the progress window: small files
/// open within the frame, with no window flashing up.
const READ_WAIT: std::time::Duration = std::time::Duration::from_millis(40);

/// A save under way on a job (see [`Jobs::saving`]).
struct Saving {
    /// The file written.
    path: PathBuf,
    /// The document's revision when the save started: a change made meanwhile is not
    /// in the file, so the document stays modified.
    revision: u64,
    /// What to do once saved (the action the unsaved-work prompt held).
    then: Option<PendingAction>,
    /// The write: each game's text in the file.
    job: Job<Result<crate::files::Written, FileError>>,
}

/// Documents of at most this many games are saved within the frame: the save's job is
/// waited for (a few milliseconds), so there is nothing to wait for after. Larger ones
/// are written in the background, with "Saving…" in the status bar, and the window
/// keeps drawing.
const SMALL_DOCUMENT: usize = 200;

/// The error of a read or save of `path` whose job stopped without a result (`what`:
/// "reading", "saving").
fn job_stopped(path: &Path, what: &str) -> FileError {
    FileError::Io { path: path.to_path_buf(), source: std::io::Error::other(format!("the {what} thread stopped")) }
}

/// The problems found when the open file was read, for the diagnostics window.
#[derive(Clone, Debug, PartialEq)]
pub struct FileProblems {
    /// The window's title.
    pub title: String,
    /// Sentences shown above the list (what was left out and why).
    pub notes: Vec<String>,
    /// Every problem, in file order.
    pub items: Vec<ProblemItem>,
}

/// One problem of [`FileProblems`].
#[derive(Clone, Debug, PartialEq)]
pub struct ProblemItem {
    /// The problem.
    pub diagnostic: Diagnostic,
    /// The number in the file of the open game it belongs to (clicking it shows that
    /// game's text there); `None` for text that is no game, a game that could not be
    /// read at all, or once the document no longer holds the file's games as read.
    pub game: Option<usize>,
    /// The number of the game it belongs to that could not be read at all.
    pub unread_game: Option<usize>,
}

/// What goes to the system on the next frame (it needs the egui context).
enum Outgoing {
    Text(String),
    Image(egui::ColorImage),
    RequestPaste,
}

/// The app's whole state.
pub struct OrreryApp {
    /// The model: the document, the shown game, undo, the status message.
    workspace: Workspace,
    /// The panels and windows.
    shell: Shell,
    /// Background work the app waits on.
    jobs: Jobs,
    /// Dialogs, clipboard, autosave, sounds, the window's state.
    platform: Platform,
    /// Settings.
    settings: Settings,
    /// The time of the frame being drawn, in seconds (egui's input time).
    now: f64,
}

/// The panels and windows, each with its state.
pub struct Shell {
    /// The board pane's pointer: hover, drag, where the board was drawn.
    pub board: BoardPointer,
    /// The opponent panel asks "Resign this game?" (a second click resigns).
    pub resign_asked: bool,
    /// The clocks' contents' height this frame, in points, for sizing their pane.
    pub clocks_height: Option<f32>,
    /// Errors to show in a window (file errors), until dismissed.
    pub error_list: Option<(String, Vec<String>)>,
    /// Save found the file changed by another program: the file, and what waited for
    /// the save (the question is shown until answered).
    pub changed_on_disk: Option<(PathBuf, Option<PendingAction>)>,
    /// The file the user chose to replace although another program changed it (the
    /// next save of it does not ask again).
    pub overwrite_confirmed: Option<PathBuf>,
    /// The text of the Paste position window, when open.
    pub paste_text: Option<String>,
    /// The New game against the computer window, while open.
    pub new_game_form: Option<NewGameForm>,
    /// The choices of the last game started from each of those windows (against the
    /// computer, with a clock), offered again.
    last_game_forms: [Option<NewGameForm>; 2],
    /// The in-app path prompt, when open.
    pub path_prompt: Option<PathPrompt>,
    /// The notation editor (shown when `settings.notation_editor` is on).
    pub editor: NotationEditor,
    /// The Save as puzzle form, while it is open.
    pub puzzle_form: Option<PuzzleForm>,
    /// The Export diagram window, while it is open.
    pub export: Option<ExportForm>,
    /// The path typed in the Export diagram window when no file chooser exists.
    pub export_path: Option<String>,
    /// The Export diagram window's last choices, with the form the game gave then (its
    /// own title and stipulation; kept while the app runs).
    export_last: Option<(ExportForm, ExportForm)>,
    /// The Export diagram window's preview: for which choices and shown position.
    export_preview: Option<(ExportForm, String, egui::TextureHandle)>,
    /// The Export GIF window, while it is open.
    pub gif: Option<GifForm>,
    /// The Export GIF window's preview: for which choices, document revision and game.
    gif_preview: Option<(GifForm, (u64, usize), egui::TextureHandle)>,
    /// The path typed in the Export GIF window when no file chooser exists.
    pub gif_path: Option<String>,
    /// The Export GIF window's last choices, with the game they were for (kept while
    /// the app runs).
    gif_last: Option<(GifForm, AnyGame)>,
    /// The keyboard shortcuts window is open.
    pub show_shortcuts: bool,
    /// The rules page shown in its window (Help → Rules of …).
    pub rules: Option<crate::core::Variant>,
    /// The rules window's state: the Markdown's, and the piece cards.
    rules_state: crate::app::rules_ui::RulesState,
    /// The welcome window is open (first start, Help → Welcome…).
    pub welcome: bool,
    /// Help → About is open.
    pub about: bool,
    /// The Learn screen's board pointer.
    pub learn_board: BoardPointer,
    /// Game → Resign… asks whether to resign.
    pub resign_prompt: bool,
    /// The check's verdict of the puzzle being saved, for the status bar once saved.
    puzzle_verdict: Option<String>,
    /// The Save as puzzle form as last used (its credits are offered again).
    puzzle_form_last: Option<PuzzleForm>,
    /// The games list's filter: words a game's players, event, date, result, game or
    /// stipulation must hold.
    pub games_filter: String,
    /// The games list's sort, position search and cached rows.
    pub games: GamesList,
    /// The next pasted text goes into the file as games (Paste games into this file).
    paste_into_file: bool,
    opening_tree: OpeningTree,
    /// The problems of the file opened last, while their window is open.
    pub file_problems: Option<FileProblems>,
    move_list: MoveListPanel,
    /// The menu bar's buttons' ids as last drawn (Game, Edit, Puzzles, View, Help): F10
    /// and Alt+letter open their menus.
    menu_ids: [Option<egui::Id>; 5],
    /// The menu opened from the keyboard, whose first item takes the keys when it is
    /// drawn, and for how many more frames that is waited for.
    menu_focus: Option<(usize, u8)>,
    /// The New study or Add to study window, while it is open.
    pub study_form: Option<crate::app::study_ui::StudyForm>,
    /// The message as last seen, the time it appeared and the cursor then: a message
    /// goes when the shown move changes (or another message replaces it).
    message_seen: (String, f64, Option<NodeId>),
}

/// Background work the app waits on (reading and saving files, a GIF, Save as puzzle's check, the position search).
pub struct Jobs {
    /// The window's engine worker: every search (analysis, the computer, hints, draw
    /// offers, Learn from your mistakes, the game report) runs on it, one at a time.
    pub engine: crate::app::jobs::engine::EngineWorker,
    /// The GIF being made in the background, while it is.
    pub gif_job: Option<GifJob>,
    /// The check of the Save as puzzle form's position (the solver in the
    /// background), while the form is open.
    puzzle_check: Option<PuzzleCheck>,
    /// The search of the document's games for the shown position (the games list and
    /// the opening tree share it).
    pub positions: PositionFinder,
    /// The record file being read in the background, while it is.
    pub reading: Option<FileReading>,
    /// The document being saved in the background, while it is.
    saving: Option<Saving>,
    /// A chapter being added to a study file in the background: the file and the job.
    pub adding_chapter: Option<(PathBuf, Job<Result<crate::files::ChapterAdded, FileError>>)>,
}

/// The platform: file dialogs, the clipboard's outbox, the autosave, sounds, and the window's own state (title, closing).
pub struct Platform {
    /// The last file dialog asked for (what it offered: folder, name, filters).
    pub last_dialog_request: Option<DialogRequest>,
    /// The sounds (played when View → Sounds is on).
    pub sounds: super::sounds::SoundPlayer,
    /// The move the sounds last saw shown: a sound plays when the next one is shown.
    sound_seen: Option<NodeId>,
    dialogs: Box<dyn FileDialogs>,
    /// The open file dialog's purpose and request, until it answers.
    dialog: Option<(DialogPurpose, DialogRequest)>,
    outbox: Vec<Outgoing>,
    autosave: Autosaver,
    /// After a crash: the autosave found at the start, until the user restores or drops it.
    pub restore_offer: Option<Autosave>,
    quit_confirmed: bool,
    close_sent: bool,
    title: String,
    /// DejaVu Sans is installed as the fallback font (arrows, stars, ticks and the
    /// rules pages' other signs that egui's own fonts lack).
    fonts: bool,
}

impl OrreryApp {
    /// A fresh app showing a new Interstellar game.
    pub fn new(dialogs: Box<dyn FileDialogs>) -> OrreryApp {
        // The first game in menu order.
        let document = Document::new(AnyGame::new(Variant::ALL[0]));
        let view = view_of(document.shown().clone());
        OrreryApp {
            workspace: Workspace {
                document,
                view,
                history: History::default(),
                message: String::new(),
                pending: None,
                puzzle_set: false,
                open_as_puzzles: false,
                setup_seen: None,
                restore_puzzle_set: false,
                puzzle_keys: (0, Vec::new()),
                puzzle_solved_kept: false,
                stashed: HashMap::new(),
                list_undo: Vec::new(),
                list_redo: Vec::new(),
                seq: 0,
                analysis_after_learning: false,
                flipped_for_computer: false,
                learn: None,
            },
            shell: Shell {
                board: BoardPointer::default(),
                resign_asked: false,
                clocks_height: None,
                error_list: None,
                changed_on_disk: None,
                overwrite_confirmed: None,
                paste_text: None,
                new_game_form: None,
                last_game_forms: [None, None],
                path_prompt: None,
                editor: NotationEditor::default(),
                puzzle_form: None,
                export: None,
                export_path: None,
                export_last: None,
                export_preview: None,
                gif_preview: None,
                gif: None,
                gif_path: None,
                gif_last: None,
                show_shortcuts: false,
                rules: None,
                rules_state: Default::default(),
                welcome: false,
                about: false,
                learn_board: BoardPointer::default(),
                resign_prompt: false,
                puzzle_verdict: None,
                puzzle_form_last: None,
                games_filter: String::new(),
                games: GamesList::default(),
                paste_into_file: false,
                opening_tree: OpeningTree,
                file_problems: None,
                move_list: MoveListPanel::default(),
                study_form: None,
                menu_ids: [None; 5],
                menu_focus: None,
                message_seen: (String::new(), 0.0, None),
            },
            jobs: Jobs {
                engine: crate::app::jobs::engine::EngineWorker::new(),
                gif_job: None,
                puzzle_check: None,
                positions: PositionFinder::default(),
                reading: None,
                saving: None,
                adding_chapter: None,
            },
            platform: Platform {
                last_dialog_request: None,
                sounds: super::sounds::SoundPlayer::default(),
                sound_seen: None,
                dialogs,
                dialog: None,
                outbox: Vec::new(),
                autosave: Autosaver::new(None),
                restore_offer: None,
                quit_confirmed: false,
                close_sent: false,
                title: String::new(),
                fonts: false,
            },
            settings: Settings::default(),
            now: 0.0,
        }
    }

    /// Uses `dir` as the app's data folder (settings, autosave): reads the settings
    /// (a damaged file is reported and kept aside), and the autosave — after a clean
    /// exit the game it holds comes back as it was; after a crash the app offers to
    /// restore it. `None`: nothing is read or written (UI tests).
    pub fn attach_data_dir(&mut self, dir: Option<PathBuf>) {
        // Copies of big files left by a window that was killed.
        if let Some(dir) = &dir {
            crate::files::remove_stale_copies(&dir.join(COPIES_FOLDER));
        }
        self.platform.sounds = super::sounds::SoundPlayer::new(dir.as_ref().map(|d| d.join("sounds")));
        self.platform.autosave = Autosaver::new(dir);
        if self.platform.autosave.is_second_window() {
            self.workspace.message =
                "Orrery is open in another window: this one keeps its own autosave, and its settings are not saved"
                    .into();
        }
        let mut effects = Vec::new();
        match self.platform.autosave.load_settings() {
            Ok(Some(settings)) => self.settings = settings,
            // A first start (no settings yet): the welcome window offers the courses.
            Ok(None) => self.shell.welcome = self.platform.autosave.dir().is_some(),
            Err(e) => effects.push(Effect::Show(Window::Errors(
                "The settings could not be read".into(),
                vec![e.to_string(), "The file was kept as settings.ron.damaged; the defaults are used.".into()],
            ))),
        }
        match self.platform.autosave.load() {
            Ok(Some(saved)) if saved.clean_exit => effects.extend(self.restore_autosave(&saved)),
            Ok(Some(saved)) => self.platform.restore_offer = Some(saved),
            Ok(None) => {}
            Err(e) => effects.push(Effect::error("The autosave could not be read", e)),
        }
        self.carry_out(effects);
    }

    /// Where the private copies of big files that are open lie (the data folder's
    /// `open` folder; `None` without a data folder: such files are then held in memory).
    pub(super) fn copy_dir(&self) -> Option<PathBuf> {
        self.platform.autosave.dir().map(|d| d.join(COPIES_FOLDER))
    }

    /// What the autosave holds now.
    fn autosave_contents(&self, clean_exit: bool) -> Autosave {
        // In a puzzle set the game is kept as the file has it, not the attempt.
        let shown_game = if self.workspace.puzzle_set {
            self.workspace.document.shown().clone()
        } else {
            self.workspace.view.game()
        };
        let several = self.workspace.document.modified && self.workspace.document.len() > 1;
        let journal = several.then(|| self.workspace.document.journal(&shown_game)).flatten();
        Autosave {
            game_text: write_any(&shown_game),
            cursor_path: self.workspace.view.cursor_path(),
            file: self.workspace.document.file.clone(),
            game_index: self.workspace.document.current(),
            modified: self.workspace.document.modified,
            journal: journal.clone().unwrap_or_default(),
            games_text: match journal {
                Some(_) => String::new(),
                None if several => {
                    // Every game's text: the games unchanged since read as that text.
                    let document = &self.workspace.document;
                    let current = document.current();
                    let texts: Vec<String> = (0..document.len())
                        .map(|i| match i == current {
                            true => write_any(&shown_game).trim_end_matches('\n').to_string(),
                            false => document.games.text_and_row(i).map(|(t, _)| t).unwrap_or_default(),
                        })
                        .collect();
                    let mut text = texts.join("\n\n");
                    text.push('\n');
                    text
                }
                None => String::new(),
            },
            clean_exit,
            puzzle_set: self.workspace.puzzle_set,
            file_stamp: self.workspace.document.stamp,
        }
    }

    /// The app is closing normally: the autosave is written and marked clean.
    pub fn on_exit(&mut self) {
        // A save under way ends before the process does.
        self.finish_save();
        if self.platform.restore_offer.is_none() {
            let contents = self.autosave_contents(true);
            let _ = self.platform.autosave.write(&contents);
        }
        // The last settings, written before the process ends.
        let _ = self.platform.autosave.finish_settings();
        let _ = self.platform.autosave.save_settings(&self.settings);
        let _ = self.platform.autosave.finish_settings();
    }

    /// The window title: file name (or "Untitled …") and `*` when modified.
    pub fn window_title(&self) -> String {
        self.workspace.document.title()
    }

    /// Whether a file is being read in the background.
    pub fn is_reading(&self) -> bool {
        self.jobs.reading.is_some()
    }

    /// Whether the document is being saved in the background.
    pub fn is_saving(&self) -> bool {
        self.jobs.saving.is_some()
    }

    /// Whether the document has unsaved changes.
    pub fn modified(&self) -> bool {
        self.workspace.document.modified
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            game: self.workspace.view.game(),
            cursor: self.workspace.view.cursor_path(),
            modified: self.workspace.document.modified,
            seq: 0,
        }
    }

    fn restore_snapshot(&mut self, snapshot: Snapshot) {
        if !self.workspace.view.replace_game(snapshot.game.clone()) {
            self.workspace.view = view_of(snapshot.game.clone());
        }
        self.workspace.view.follow_path(&snapshot.cursor);
        // No piece stays picked up (with its targets) from before.
        let _ = self.workspace.view.apply(&GameCommand::Deselect);
        self.workspace.document.set_shown(snapshot.game);
        self.platform.autosave.touch(self.now);
    }

    /// Shows `game` as a new document (after a New, Open, puzzle or Play from here).
    fn show_document(&mut self, document: Document) {
        // The board turned for the user's side against the computer turns back.
        if std::mem::take(&mut self.workspace.flipped_for_computer) {
            self.settings.flipped = false;
        }
        self.workspace.view = view_of(document.shown().clone());
        self.workspace.view.set_in_study(document.study_name().is_some());
        // A game of a collection opens at its start, as the list's other games do; a
        // file of one game where it ended.
        if document.games.len() > 1 && !self.workspace.view.hides_moves() {
            self.workspace.view.follow_path(&[]);
        }
        self.workspace.document = document;
        self.workspace.history.clear();
        self.workspace.stashed.clear();
        self.workspace.list_undo.clear();
        self.workspace.list_redo.clear();
        self.workspace.puzzle_set = false;
        self.workspace.restore_puzzle_set = false;
        self.shell.file_problems = None;
        // The games list's filter and narrowing were for the games that go.
        self.shell.games_filter.clear();
        self.shell.games.only = None;
        // Text typed for the game that goes does not stay in the editor.
        self.shell.editor.revert();
        self.shell.move_list = MoveListPanel::default();
        self.platform.autosave.touch(self.now);
    }

    /// Shows game `index` of the document (the shown game was written back after its
    /// last change). Each game keeps its own undo history and shown move.
    fn show_game(&mut self, index: usize) {
        if index == self.workspace.document.current() || index >= self.workspace.document.games.len() {
            return;
        }
        if !self.solving() {
            self.workspace.document.set_shown(self.workspace.view.game());
        }
        let before = self.workspace.document.current();
        if let Err(e) = self.workspace.document.show(index) {
            let number = self.workspace.document.number_of(index);
            self.workspace.message = format!("Game {number} could not be read again: {e}");
            return;
        }
        let history = std::mem::take(&mut self.workspace.history);
        self.workspace.stashed.insert(before, (history, self.workspace.view.cursor_path()));
        let kept = self.workspace.stashed.remove(&index);
        self.workspace.view = view_of(self.workspace.document.shown().clone());
        self.workspace.view.set_in_study(self.workspace.document.study_name().is_some());
        match kept {
            Some((history, cursor)) => {
                self.workspace.history = history;
                self.workspace.view.follow_path(&cursor);
            }
            None => {
                self.workspace.history = History::default();
                // A game not shown before opens at its start (a study chapter that asks
                // for its moves where its reader begins).
                if !self.workspace.view.hides_moves() {
                    self.workspace.view.follow_path(&[]);
                }
            }
        }
        self.shell.move_list = MoveListPanel::default();
        self.platform.autosave.touch(self.now);
        let number = self.workspace.document.number_of(index);
        self.workspace.message = match self.workspace.document.study_name().map(str::to_string) {
            Some(_) => {
                format!(
                    "Chapter {number}: {}",
                    crate::record::study::Chapter::of(self.workspace.document.shown(), index).title
                )
            }
            None => format!("Game {number} of the file"),
        };
        if self.workspace.puzzle_set {
            self.start_set_puzzle();
        }
    }
}

/// The stipulation of a game that is a puzzle to solve (its `Stipulation` tag names a
/// goal of its game, in N moves); read from the tag alone, so it is cheap each frame.
fn stipulation_of(game: &AnyGame) -> Option<Stipulation> {
    match game.tags().get("Stipulation")?.parse::<PuzzleGoal>().ok()? {
        PuzzleGoal::Stipulation(s) if s.goal.applies_to(game.variant()) => Some(s),
        _ => None,
    }
}

/// A puzzle's mark for the solved list: `position string|stipulation`; `None` for a
/// game that is no puzzle to solve.
fn puzzle_key(game: &AnyGame) -> Option<String> {
    let stipulation = stipulation_of(game)?;
    let position = crate::with_game!(game, r => crate::core::Game::position_string(&r.start));
    Some(format!("{position}|{stipulation}"))
}

/// A name made safe for a file name: letters, digits, `-` and `_` kept, the rest `-`.
fn file_stem_of(name: &str) -> String {
    let stem: String =
        name.trim().chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' }).collect();
    if stem.trim_matches('-').is_empty() { "study".to_string() } else { stem }
}

/// The problems of a file as read, in file order, each with the open game it leads to.
fn problem_items(read: &RecordsRead) -> Vec<ProblemItem> {
    let mut items: Vec<ProblemItem> = read
        .origins
        .iter()
        .flat_map(|o| {
            o.problems.iter().map(|d| ProblemItem { diagnostic: d.clone(), game: Some(o.number), unread_game: None })
        })
        .chain(read.unread.iter().flat_map(|o| {
            o.problems.iter().map(|d| ProblemItem { diagnostic: d.clone(), game: None, unread_game: Some(o.number) })
        }))
        .chain(read.stray.iter().map(|d| ProblemItem { diagnostic: d.clone(), game: None, unread_game: None }))
        .collect();
    items.sort_by_key(|item| (item.diagnostic.line, item.diagnostic.column));
    items
}

/// A size in bytes for people: "512 B", "3.4 KB", "12.0 MB".
fn size_text(bytes: usize) -> String {
    #[allow(clippy::cast_precision_loss)] // shown to one decimal
    let b = bytes as f64;
    if b < 1024.0 {
        format!("{bytes} B")
    } else if b < 1024.0 * 1024.0 {
        format!("{:.1} KB", b / 1024.0)
    } else {
        format!("{:.1} MB", b / (1024.0 * 1024.0))
    }
}

/// Every game, `shown` first: the order pasted text is tried in.
fn shown_first(shown: Variant) -> impl Iterator<Item = Variant> {
    std::iter::once(shown).chain(Variant::ALL.into_iter().filter(move |v| *v != shown))
}

/// The position of `text` as a new record, read as a position string of `variant`.
fn read_position(variant: Variant, text: &str) -> Option<AnyGame> {
    crate::with_variant!(variant, G => {
        <G as crate::core::Game>::from_position_string(text.trim())
            .ok()
            .map(|p| <G as crate::record::RecordGame>::into_any(crate::record::GameRecord::from_position(p)))
    })
}

/// Pasted text as a game: a record in the text format, or a position string of any
/// game (`shown` tried first).
///
/// # Errors
/// A sentence saying the text is neither, with the reasons for the game shown.
fn read_pasted(shown: Variant, text: &str) -> Result<AnyGame, String> {
    for variant in shown_first(shown) {
        if let Some(game) = read_position(variant, text) {
            return Ok(game);
        }
    }
    match read_one(text) {
        Ok(game) => Ok(game),
        Err(errors) => {
            let first = errors.first().map(|e| e.to_string()).unwrap_or_default();
            Err(format!("The pasted text is neither a game nor a position string ({first})"))
        }
    }
}

/// The command for something the notation editor reports.
fn editor_command(event: EditorEvent, cursor: NodeId) -> Option<Command> {
    match event {
        EditorEvent::Parsed { game, caret } => Some(Command::Act(Action::ReplaceGame { game, caret })),
        EditorEvent::CaretAt(node) => Some(Command::Game(GameCommand::Jump(node))),
        EditorEvent::ToggleNag(nag) => {
            (cursor != NodeId::ROOT).then_some(Command::Game(GameCommand::ToggleNag(cursor, nag)))
        }
        EditorEvent::Promote => {
            (cursor != NodeId::ROOT).then_some(Command::Game(GameCommand::PromoteVariation(cursor)))
        }
        EditorEvent::DeleteFromHere => {
            (cursor != NodeId::ROOT).then_some(Command::Game(GameCommand::DeleteFrom(cursor)))
        }
    }
}

impl eframe::App for OrreryApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        OrreryApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        OrreryApp::on_exit(self);
    }
}

/// "1 line", "3 lines".
fn lines_text(n: u8) -> String {
    if n == 1 { "1 line".into() } else { format!("{n} lines") }
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`): year, month 1–12, day 1–31.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod date_tests {
    #[test]
    fn days_become_calendar_dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(20_788), (2026, 12, 1));
        assert_eq!(super::civil_from_days(11_016), (2000, 2, 29));
    }
}
