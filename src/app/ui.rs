//! The Orrery window: menus, the board, the move list, the status bar, the ending
//! banner, the windows (unsaved-work prompt, errors, path prompt, paste, shortcuts,
//! Save as puzzle, Export diagram), file handling, undo/redo and settings.
//!
//! Each frame the panels read the state and push [`Command`]s; after the frame
//! [`OrreryApp::apply`] carries them out, the one place where the document changes,
//! history is kept and the modified flag is set. Background work (the solver, long
//! parses in the notation editor) is collected in [`OrreryApp::logic`], between frames.
//! [`OrreryApp::show`] does both, so the same code runs in the eframe window and in
//! egui_kittest UI tests.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

use egui::{Key, KeyboardShortcut, Modifiers, RichText};

use super::analysis::AnalysisRequest;
use super::autosave::{Autosave, Autosaver};
use super::clock::{self, ClockSetup};
use super::command::{Command, Scope};
use super::dialogs::{DialogAnswer, DialogRequest, FileDialogs};
use super::document::{Document, game_title};
use super::editor::{EditorEvent, NotationEditor};
use super::export::{ExportAction, ExportForm};
use super::games_list::{GamesList, IndexCache};
use super::gif_export::{GifAction, GifForm, GifJob};
use super::history::History;
use super::move_list::MoveListPanel;
use super::opening_tree::OpeningTree;
use super::puzzle_ui::PuzzleCheck;
use super::settings::{Settings, Theme};
use super::setup_ui::PuzzleForm;
use super::theme;
use super::view::{AnyView, view_of};
use crate::app::session::capitalise;
use crate::core::game::Variant;
use crate::engine::Level;
use crate::files::{
    Diagnostic, FileError, Format, RecordsRead, read_record_file, read_records_with, write_record_file,
    write_records_keeping,
};
use crate::record::annotations::TimeControl;
use crate::record::{AnyGame, NodeId, Severity, read_games, read_one, write_any};
use crate::solver::{Puzzle, PuzzleGoal, Stipulation, builtin_puzzles};

/// How long a status-bar message stays, in seconds.
pub const MESSAGE_SECONDS: f64 = 8.0;

/// Something the user asked for that would drop unsaved work: done after the prompt.
#[derive(Clone, Debug, PartialEq)]
pub enum PendingAction {
    /// Game → New ….
    New(Variant),
    /// Game → Open….
    Open,
    /// Game → Recent, or a path typed.
    OpenPath(PathBuf),
    /// Game → Quit, or the window's close button.
    Quit,
    /// Board editor → Play from here: a new game from a set-up position.
    PlayFrom(Box<AnyGame>),
    /// Puzzles → a built-in puzzle (index in the list).
    Puzzle(usize),
    /// Puzzles → Open puzzle file….
    OpenPuzzles,
    /// A pasted game or position, as a new game.
    OpenGame(Box<AnyGame>),
    /// Game → New game against the computer.
    Computer {
        /// The game.
        variant: Variant,
        /// The user's side: 0 moves first.
        user_side: usize,
        /// The computer's level.
        level: Level,
        /// The clock, if timed.
        clock: Option<ClockSetup>,
    },
    /// Game → New game with a clock (two players on this screen).
    Clock {
        /// The game.
        variant: Variant,
        /// The clock.
        clock: ClockSetup,
    },
}

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
}

/// What a file read in the background is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReadPurpose {
    /// Game → Open, Recent, a dropped file: shown as a new document.
    Open,
    /// The other games of the autosaved game's file, put around it (it is game `index`).
    Restore {
        /// The autosaved game's index among the file's games.
        index: usize,
    },
}

/// A record file being read on a background thread (see [`OrreryApp::reading`]).
pub struct FileReading {
    /// The file.
    pub path: PathBuf,
    purpose: ReadPurpose,
    /// Bytes read so far.
    done: Arc<AtomicUsize>,
    /// The bytes to read (0 until known).
    total: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    receiver: mpsc::Receiver<Result<RecordsRead, FileError>>,
}

impl FileReading {
    /// How far reading has come: bytes read and bytes in all (0 while not known).
    pub fn progress(&self) -> (usize, usize) {
        (self.done.load(Ordering::Relaxed), self.total.load(Ordering::Relaxed))
    }

    /// Stops the reading thread between two games (its result is dropped).
    fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// How long opening waits for a file before it shows the progress window: small files
/// open within the frame, with no window flashing up.
const READ_WAIT: std::time::Duration = std::time::Duration::from_millis(40);

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

/// The state before a change, for undo.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    game: AnyGame,
    cursor: Vec<usize>,
    modified: bool,
    /// When the change was made, in the order of all changes (games and the list of
    /// games share one undo order).
    seq: u64,
}

/// A change to the list of games, as undo keeps it: undoing it applies its inverse.
enum ListChange {
    /// `count` games were put in at `at`.
    Inserted { at: usize, count: usize },
    /// These games were taken out from `at` (in their order).
    Removed { at: usize, games: Vec<RemovedGame> },
    /// Games `a` and `b` changed places.
    Swapped { a: usize, b: usize },
    /// Several games changed at once (Make a study): each as it was before, with its
    /// text as read while it was as read.
    Retagged { before: Vec<(usize, AnyGame, Option<std::sync::Arc<str>>)> },
}

/// A game taken out of the file, kept for undo: the game, where it came from (its text
/// as read, so that it is saved byte for byte again) and its own undo history.
struct RemovedGame {
    game: AnyGame,
    origin: crate::files::GameOrigin,
    kept: Option<(History<Snapshot>, Vec<usize>)>,
}

/// What goes to the system on the next frame (it needs the egui context).
enum Outgoing {
    Text(String),
    Image(egui::ColorImage),
    RequestPaste,
}

/// The app's whole state.
pub struct OrreryApp {
    /// The open records and their file.
    pub document: Document,
    /// The shown game (the app's one erased game).
    pub view: Box<dyn AnyView>,
    history: History<Snapshot>,
    /// Settings.
    pub settings: Settings,
    /// The last message for the status bar (an illegal move's reason, a file result).
    pub message: String,
    /// Errors to show in a window (file errors), until dismissed.
    pub error_list: Option<(String, Vec<String>)>,
    /// An action waiting for the unsaved-work prompt.
    pub pending: Option<PendingAction>,
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
    /// The Export diagram window's last choices, with the title the game gave then
    /// (kept while the app runs).
    export_last: Option<(ExportForm, String)>,
    /// The Export diagram window's preview: for which choices and shown position.
    export_preview: Option<(ExportForm, String, egui::TextureHandle)>,
    /// The Export GIF window, while it is open.
    pub gif: Option<GifForm>,
    /// The path typed in the Export GIF window when no file chooser exists.
    pub gif_path: Option<String>,
    /// The GIF being made in the background, while it is.
    pub gif_job: Option<GifJob>,
    /// The Export GIF window's last choices (kept while the app runs).
    gif_last: Option<GifForm>,
    /// The keyboard shortcuts window is open.
    pub show_shortcuts: bool,
    /// Game → Resign… asks whether to resign.
    pub resign_prompt: bool,
    /// The last file dialog asked for (what it offered: folder, name, filters).
    pub last_dialog_request: Option<DialogRequest>,
    /// The sounds (played when View → Sounds is on).
    pub sounds: super::sounds::SoundPlayer,
    /// The move the sounds last saw shown: a sound plays when the next one is shown.
    sound_seen: Option<NodeId>,
    /// The document's games are played as a puzzle set: the shown game's puzzle is in
    /// solving mode, Next/Previous go through the games with a `Stipulation` tag.
    pub puzzle_set: bool,
    /// The file being opened is a puzzle file (Puzzles → Open puzzle file…).
    open_as_puzzles: bool,
    /// The check of the Save as puzzle form's position (the solver in the
    /// background), while the form is open.
    puzzle_check: Option<PuzzleCheck>,
    /// The check's verdict of the puzzle being saved, for the status bar once saved.
    puzzle_verdict: Option<String>,
    /// The Save as puzzle form as last used (its credits are offered again).
    puzzle_form_last: Option<PuzzleForm>,
    /// The board editor's position string as last seen: a message about an earlier
    /// position goes when it changes.
    setup_seen: Option<String>,
    /// After a restart: the restored game's file is to be played as a puzzle set again.
    restore_puzzle_set: bool,
    /// Each game's puzzle mark, for the document's revision.
    puzzle_keys: (u64, Vec<Option<String>>),
    /// The shown puzzle's being solved is kept in the settings already.
    puzzle_solved_kept: bool,
    /// The games list is open.
    pub games_list: bool,
    /// The games list's filter: words a game's players, event, date, result, game or
    /// stipulation must hold.
    pub games_filter: String,
    /// The games list's sort, position search and cached rows.
    pub games: GamesList,
    /// The next pasted text goes into the file as games (Paste games into this file).
    paste_into_file: bool,
    /// The position index of the document's games (the games list and the opening
    /// tree share it).
    positions: IndexCache,
    /// The opening tree window is open.
    pub opening_tree_open: bool,
    opening_tree: OpeningTree,
    /// The problems of the file opened last, while their window is open.
    pub file_problems: Option<FileProblems>,
    /// The record file being read in the background, while it is.
    pub reading: Option<FileReading>,
    /// The undo history and the shown move of each game of the document not shown now
    /// (by index), so switching games keeps each game's own undo.
    stashed: HashMap<usize, (History<Snapshot>, Vec<usize>)>,
    /// Changes to the list of games that can be undone and redone, each with its place
    /// in the undo order ([`Snapshot::seq`]).
    list_undo: Vec<(u64, ListChange)>,
    list_redo: Vec<(u64, ListChange)>,
    /// The last number given in the undo order.
    seq: u64,
    move_list: MoveListPanel,
    /// The message as last seen, the time it appeared and the cursor then: a message
    /// goes after [`MESSAGE_SECONDS`] or when the shown move changes.
    message_seen: (String, f64, Option<NodeId>),
    dialogs: Box<dyn FileDialogs>,
    /// The open file dialog's purpose and request, until it answers.
    dialog: Option<(DialogPurpose, DialogRequest)>,
    outbox: Vec<Outgoing>,
    now: f64,
    autosave: Autosaver,
    /// After a crash: the autosave found at the start, until the user restores or drops it.
    pub restore_offer: Option<Autosave>,
    quit_confirmed: bool,
    close_sent: bool,
    title: String,
}

impl OrreryApp {
    /// A fresh app showing a new Interstellar game.
    pub fn new(dialogs: Box<dyn FileDialogs>) -> OrreryApp {
        // The first game in menu order.
        let game = AnyGame::new(Variant::ALL[0]);
        OrreryApp {
            view: view_of(game.clone()),
            document: Document::new(game),
            history: History::default(),
            list_undo: Vec::new(),
            list_redo: Vec::new(),
            seq: 0,
            settings: Settings::default(),
            message: String::new(),
            error_list: None,
            pending: None,
            paste_text: None,
            new_game_form: None,
            last_game_forms: [None, None],
            path_prompt: None,
            editor: NotationEditor::default(),
            puzzle_form: None,
            puzzle_set: false,
            resign_prompt: false,
            last_dialog_request: None,
            sounds: super::sounds::SoundPlayer::default(),
            sound_seen: None,
            open_as_puzzles: false,
            puzzle_check: None,
            puzzle_verdict: None,
            puzzle_form_last: None,
            setup_seen: None,
            restore_puzzle_set: false,
            puzzle_keys: (0, Vec::new()),
            puzzle_solved_kept: false,
            export: None,
            export_path: None,
            export_last: None,
            export_preview: None,
            gif: None,
            gif_path: None,
            gif_job: None,
            gif_last: None,
            show_shortcuts: false,
            games_list: false,
            games_filter: String::new(),
            games: GamesList::default(),
            paste_into_file: false,
            positions: IndexCache::default(),
            opening_tree_open: false,
            opening_tree: OpeningTree::default(),
            file_problems: None,
            reading: None,
            stashed: HashMap::new(),
            move_list: MoveListPanel::default(),
            message_seen: (String::new(), 0.0, None),
            dialogs,
            dialog: None,
            outbox: Vec::new(),
            now: 0.0,
            autosave: Autosaver::new(None),
            restore_offer: None,
            quit_confirmed: false,
            close_sent: false,
            title: String::new(),
        }
    }

    /// Uses `dir` as the app's data folder (settings, autosave): reads the settings
    /// (a damaged file is reported and kept aside), and the autosave — after a clean
    /// exit the game it holds comes back as it was; after a crash the app offers to
    /// restore it. `None`: nothing is read or written (UI tests).
    pub fn attach_data_dir(&mut self, dir: Option<PathBuf>) {
        self.sounds = super::sounds::SoundPlayer::new(dir.as_ref().map(|d| d.join("sounds")));
        self.autosave = Autosaver::new(dir);
        match self.autosave.load_settings() {
            Ok(Some(settings)) => self.settings = settings,
            Ok(None) => {}
            Err(e) => {
                self.error_list = Some((
                    "The settings could not be read".into(),
                    vec![e.to_string(), "The file was kept as settings.ron.damaged; the defaults are used.".into()],
                ));
            }
        }
        match self.autosave.load() {
            Ok(Some(saved)) if saved.clean_exit => self.restore_autosave(&saved),
            Ok(Some(saved)) => self.restore_offer = Some(saved),
            Ok(None) => {}
            Err(e) => self.error_list = Some(("The autosave could not be read".into(), vec![e.to_string()])),
        }
    }

    /// Shows the game an autosave holds, with its file and modified flag.
    fn restore_autosave(&mut self, saved: &Autosave) {
        self.restore_puzzle_set = saved.puzzle_set && saved.file.is_some();
        let Ok(game) = read_one(&saved.game_text) else {
            self.message = "The autosaved game could not be read; a new game is shown".into();
            return;
        };
        self.view = view_of(game.clone());
        self.view.follow_path(&saved.cursor_path);
        self.document = Document::with_games(saved.file.clone(), vec![game]);
        self.document.modified = saved.modified;
        self.history.clear();
        self.stashed.clear();
        self.list_undo.clear();
        self.list_redo.clear();
        // Several games with unsaved changes: all of them are in the autosave.
        if !saved.games_text.is_empty() {
            let read = read_games(&saved.games_text);
            if !read.games.is_empty() && saved.game_index < read.games.len() {
                let mut document = Document::with_games(saved.file.clone(), read.games);
                document.current = saved.game_index;
                document.set_shown(self.view.to_game());
                document.modified = true;
                self.document = document;
                self.resume_puzzle_set();
                return;
            }
        }
        // The file's other games are read in the background and put around it.
        if let Some(path) = &saved.file {
            self.start_reading(path.clone(), ReadPurpose::Restore { index: saved.game_index });
        }
    }

    /// The other games of the restored game's file were read: the document holds them
    /// all again, the restored game (as it is now) in its place. A file that now has
    /// errors is not written over (saving asks for a name).
    fn finish_restore(&mut self, path: &Path, index: usize, result: Result<RecordsRead, FileError>) {
        let read = match result {
            Ok(read) if !read.games.is_empty() => read,
            Ok(_) | Err(_) => {
                self.message = format!("{} could not be read again; only the restored game is open", path.display());
                self.document.file = None;
                self.document.modified = true;
                return;
            }
        };
        let damaged = read.has_errors();
        let mut document = Document::from_read(path, read);
        document.current = index.min(document.games.len() - 1);
        document.set_shown(self.view.to_game());
        document.modified = self.document.modified;
        if damaged {
            document.file = None;
            document.modified = true;
            self.message = format!("{} now has errors: saving asks for a new file", path.display());
        }
        self.document = document;
        self.resume_puzzle_set();
    }

    /// After a restart in a puzzle set: solving mode again, on the game that was shown.
    fn resume_puzzle_set(&mut self) {
        if std::mem::take(&mut self.restore_puzzle_set) {
            self.puzzle_set = true;
            self.start_set_puzzle();
        }
    }

    /// What the autosave holds now.
    fn autosave_contents(&self, clean_exit: bool) -> Autosave {
        // In a puzzle set the game is kept as the file has it, not the attempt.
        let shown_game = if self.puzzle_set { self.document.shown().clone() } else { self.view.to_game() };
        Autosave {
            game_text: write_any(&shown_game),
            cursor_path: self.view.cursor_path(),
            file: self.document.file.clone(),
            game_index: self.document.current,
            modified: self.document.modified,
            games_text: if self.document.modified && self.document.games.len() > 1 {
                // The games unchanged since read go as their text (only the changed
                // ones are written afresh: quick for a file of many games).
                let current = self.document.current;
                let shown = shown_game.clone();
                let mut originals = self.document.originals();
                if *self.document.shown() != shown {
                    originals[current] = None;
                }
                let games = self.document.games.iter().enumerate().map(|(i, g)| if i == current { &shown } else { g });
                crate::files::records_text_keeping(games, &originals).0
            } else {
                String::new()
            },
            clean_exit,
            puzzle_set: self.puzzle_set,
        }
    }

    /// The app is closing normally: the autosave is written and marked clean.
    pub fn on_exit(&mut self) {
        if self.restore_offer.is_none() {
            let contents = self.autosave_contents(true);
            let _ = self.autosave.write(&contents);
        }
        let _ = self.autosave.save_settings(&self.settings);
    }

    /// The window title: file name (or "Untitled …") and `*` when modified.
    pub fn window_title(&self) -> String {
        self.document.title()
    }

    /// Whether the document has unsaved changes.
    pub fn modified(&self) -> bool {
        self.document.modified
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            game: self.view.to_game(),
            cursor: self.view.cursor_path(),
            modified: self.document.modified,
            seq: 0,
        }
    }

    fn restore_snapshot(&mut self, snapshot: Snapshot) {
        if !self.view.replace_game(snapshot.game.clone()) {
            self.view = view_of(snapshot.game.clone());
        }
        self.view.follow_path(&snapshot.cursor);
        // No piece stays picked up (with its targets) from before.
        let _ = self.view.apply(&Command::Deselect);
        self.document.set_shown(snapshot.game);
        self.autosave.touch(self.now);
    }

    /// Shows `game` as a new document (after a New, Open, puzzle or Play from here).
    fn show_document(&mut self, document: Document) {
        self.view = view_of(document.shown().clone());
        self.view.set_in_study(crate::record::study::study_name(&document.games).is_some());
        self.document = document;
        self.history.clear();
        self.stashed.clear();
        self.list_undo.clear();
        self.list_redo.clear();
        self.puzzle_set = false;
        self.restore_puzzle_set = false;
        self.file_problems = None;
        // Text typed for the game that goes does not stay in the editor.
        self.editor.revert();
        self.move_list = MoveListPanel::default();
        self.autosave.touch(self.now);
    }

    /// Shows game `index` of the document (the shown game was written back after its
    /// last change). Each game keeps its own undo history and shown move.
    fn show_game(&mut self, index: usize) {
        if index == self.document.current || index >= self.document.games.len() {
            return;
        }
        if !self.solving() {
            self.document.set_shown(self.view.to_game());
        }
        let history = std::mem::take(&mut self.history);
        self.stashed.insert(self.document.current, (history, self.view.cursor_path()));
        self.document.current = index;
        let kept = self.stashed.remove(&index);
        self.view = view_of(self.document.shown().clone());
        self.view.set_in_study(crate::record::study::study_name(&self.document.games).is_some());
        match kept {
            Some((history, cursor)) => {
                self.history = history;
                self.view.follow_path(&cursor);
            }
            None => {
                self.history = History::default();
                // A game not shown before opens at its start (a study chapter that asks
                // for its moves where its reader begins).
                if !self.view.hides_moves() {
                    self.view.follow_path(&[]);
                }
            }
        }
        self.move_list = MoveListPanel::default();
        self.autosave.touch(self.now);
        let number = self.document.number_of(index);
        self.message = match crate::record::study::study_name(&self.document.games) {
            Some(_) => {
                format!("Chapter {number}: {}", crate::record::study::Chapter::of(self.document.shown(), index).title)
            }
            None => format!("Game {number} of the file"),
        };
        if self.puzzle_set {
            self.start_set_puzzle();
        }
    }

    /// Whether a puzzle is being solved (its moves are not the user's work).
    fn solving(&self) -> bool {
        self.view.puzzle_status().is_some_and(|p| p.interactive)
    }

    /// Where the solved puzzles of the open file are kept in the settings.
    fn puzzle_file_key(&self) -> String {
        self.document.file.as_ref().map(|p| p.display().to_string()).unwrap_or_default()
    }

    /// The shown game's puzzle in solving mode (in a puzzle set); says why when the
    /// game is no puzzle.
    fn start_set_puzzle(&mut self) {
        let number = self.document.number_of(self.document.current);
        match Puzzle::from_record(self.document.shown()) {
            Ok(puzzle) if puzzle.stipulation().is_some() => {
                self.view = view_of(self.document.shown().clone());
                self.view.start_puzzle(&puzzle);
                // Solving is the user's: the engine stays off until they turn it on.
                self.settings.analysis = false;
                self.move_list = MoveListPanel::default();
                let (index, total) = self.puzzle_place();
                let title = if puzzle.title.is_empty() { String::new() } else { format!(": {}", puzzle.title) };
                self.message = format!("Puzzle {index} of {total}{title}");
            }
            Ok(_) => self.message = format!("Game {number} shows a finished position: there is nothing to solve"),
            Err(e) => self.message = format!("Game {number} is not a puzzle to solve ({e})"),
        }
    }

    /// Each game's puzzle mark ([`puzzle_key`]), worked out again only when the games
    /// change (the puzzle set's bar reads them every frame).
    fn puzzle_keys(&mut self) -> &[Option<String>] {
        let revision = self.document.revision();
        if self.puzzle_keys.0 != revision || self.puzzle_keys.1.len() != self.document.games.len() {
            self.puzzle_keys = (revision, self.document.games.iter().map(|g| puzzle_key(g)).collect());
        }
        &self.puzzle_keys.1
    }

    /// The shown puzzle's place among the file's puzzles (1-based; 0 when it is none)
    /// and how many there are.
    fn puzzle_place(&mut self) -> (usize, usize) {
        let current = self.document.current;
        let puzzles: Vec<usize> =
            self.puzzle_keys().iter().enumerate().filter(|(_, k)| k.is_some()).map(|(i, _)| i).collect();
        let at = puzzles.iter().position(|&i| i == current).map_or(0, |p| p + 1);
        (at, puzzles.len())
    }

    /// How many of the file's puzzles have been solved, and whether the shown one is.
    fn solved_count(&mut self) -> (usize, bool) {
        let Some(solved) = self.settings.solved_puzzles.get(&self.puzzle_file_key()).cloned() else {
            return (0, false);
        };
        let current = self.document.current;
        let keys = self.puzzle_keys();
        let count = keys.iter().flatten().filter(|k| solved.contains(*k)).count();
        let this = keys.get(current).and_then(Option::as_ref).is_some_and(|k| solved.contains(k));
        (count, this)
    }

    /// Plays the document's games as a puzzle set from its first unsolved puzzle (else
    /// its first puzzle); says so when it holds none.
    fn play_puzzle_set(&mut self, from_shown: bool) {
        let solved = self.settings.solved_puzzles.get(&self.puzzle_file_key()).cloned().unwrap_or_default();
        let puzzles: Vec<(usize, String)> =
            self.puzzle_keys().iter().enumerate().filter_map(|(i, k)| k.clone().map(|k| (i, k))).collect();
        let Some(&(first, _)) = puzzles.first() else {
            self.message = "This file holds no puzzle to solve (no game with a Stipulation tag)".into();
            return;
        };
        let start = if from_shown && puzzles.iter().any(|(i, _)| *i == self.document.current) {
            self.document.current
        } else {
            puzzles.iter().find(|(_, k)| !solved.contains(k)).map_or(first, |(i, _)| *i)
        };
        self.write_back_shown();
        self.puzzle_set = true;
        if start == self.document.current {
            self.start_set_puzzle();
        } else {
            self.show_game(start);
        }
    }

    /// In a puzzle set: the next puzzle of the file (or the one before).
    fn next_puzzle(&mut self, forward: bool) {
        let n = self.document.games.len();
        let current = self.document.current;
        let mut candidates: Box<dyn Iterator<Item = usize>> =
            if forward { Box::new(current + 1..n) } else { Box::new((0..current).rev()) };
        match candidates.find(|&i| stipulation_of(&self.document.games[i]).is_some()) {
            Some(i) => self.show_game(i),
            None => {
                self.message = if forward {
                    "This was the file's last puzzle".into()
                } else {
                    "This is the file's first puzzle".into()
                }
            }
        }
    }

    /// The puzzle set's bar above the puzzle panel, or, for a game that is a puzzle and
    /// not being solved, the offer to solve it.
    fn puzzle_set_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        if self.puzzle_set {
            let (at, total) = self.puzzle_place();
            let (solved, this_solved) = self.solved_count();
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!(
                        "Puzzle {at} of {total}{} · solved {solved} of {total}",
                        if this_solved { " (solved)" } else { "" }
                    ))
                    .strong(),
                );
            });
            ui.horizontal(|ui| {
                for forward in [false, true] {
                    let command = Command::NextPuzzle(forward);
                    let enabled = if forward { at < total } else { at > 1 };
                    if ui.add_enabled(enabled, egui::Button::new(command.label())).clicked() {
                        commands.push(command);
                    }
                }
            });
        } else if !self.view.board_editor_open()
            && self.view.puzzle_status().is_none()
            && let Some(stipulation) = stipulation_of(self.document.shown())
        {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("This game is a puzzle: {stipulation}."));
                if ui
                    .button(Command::SolvePuzzles.label())
                    .on_hover_text(
                        "Solving mode: play the attacker's moves, the app answers; the solution stays hidden",
                    )
                    .clicked()
                {
                    commands.push(Command::SolvePuzzles);
                }
            });
            ui.separator();
        }
    }

    /// The per-game undo histories kept for games not shown, renumbered after the list
    /// of games changed (`to(old)`: the game's new index, `None` when it went).
    fn renumber_stashed(&mut self, to: impl Fn(usize) -> Option<usize>) {
        let old = std::mem::take(&mut self.stashed);
        self.stashed = old.into_iter().filter_map(|(i, kept)| to(i).map(|j| (j, kept))).collect();
    }

    /// Puts `games` into the file after the shown game and shows the last of them
    /// (undo takes them out again).
    fn insert_games(&mut self, games: Vec<AnyGame>) {
        if self.notation_text_pending() || !self.document.unread.is_empty() {
            self.message = "The games of this file cannot change now (unread games or notation text pending)".into();
            return;
        }
        let at = self.document.current + 1;
        let count = games.len();
        let study = crate::record::study::study_name(&self.document.games);
        let games = games
            .into_iter()
            .enumerate()
            .map(|(k, mut game)| {
                // In a study, a game added is a chapter of it.
                if let Some(study) = &study {
                    use crate::record::study::{CHAPTER_TAG, Chapter, STUDY_TAG};
                    let title = Chapter::of(&game, at + k).title;
                    crate::with_game!(&mut game, g => {
                        g.tags.set(STUDY_TAG, study);
                        if g.tags.get(CHAPTER_TAG).is_none_or(|t| t.trim().is_empty()) {
                            g.tags.set(CHAPTER_TAG, &title);
                        }
                    });
                }
                RemovedGame { game, origin: crate::files::GameOrigin::default(), kept: None }
            })
            .collect();
        self.put_back(at, games);
        self.show_game(at + count - 1);
        self.record_list_change(ListChange::Inserted { at, count });
        self.message = if count == 1 {
            format!("Game {} added to the file", at + 1)
        } else {
            format!("Games {} to {} added to the file", at + 1, at + count)
        };
    }

    /// The shown game as it stands goes back into the document (a puzzle being solved
    /// is not the user's work and stays as it was).
    fn write_back_shown(&mut self) {
        if !self.solving() {
            self.document.set_shown(self.view.to_game());
        }
    }

    /// Puts `games` into the file at `at` with their origins and undo histories; the
    /// shown game stays shown.
    fn put_back(&mut self, at: usize, games: Vec<RemovedGame>) -> ListChange {
        self.write_back_shown();
        let count = games.len();
        let at = at.min(self.document.games.len());
        self.renumber_stashed(|i| Some(if i >= at { i + count } else { i }));
        for (k, removed) in games.into_iter().enumerate() {
            self.document.insert_game_from(at + k, removed.game, removed.origin);
            if let Some(kept) = removed.kept {
                self.stashed.insert(at + k, kept);
            }
        }
        self.autosave.touch(self.now);
        ListChange::Inserted { at, count }
    }

    /// Takes `count` games out of the file from `at` (never all of them), keeping what
    /// undo needs; when the shown game is among them the next one (or the one before)
    /// is shown.
    fn take_out(&mut self, at: usize, count: usize) -> ListChange {
        let n = self.document.games.len();
        let count = count.min(n.saturating_sub(at));
        if count == 0 || count >= n {
            return ListChange::Removed { at, games: Vec::new() };
        }
        let current = self.document.current;
        if (at..at + count).contains(&current) {
            self.show_game(if at + count < n { at + count } else { at - 1 });
        }
        self.write_back_shown();
        let mut games = Vec::with_capacity(count);
        for i in (at..at + count).rev() {
            let kept = self.stashed.remove(&i);
            self.renumber_stashed(|j| match j.cmp(&i) {
                std::cmp::Ordering::Less => Some(j),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(j - 1),
            });
            if let Some((game, origin)) = self.document.remove_game(i) {
                games.push(RemovedGame { game, origin, kept });
            }
        }
        games.reverse();
        self.autosave.touch(self.now);
        ListChange::Removed { at, games }
    }

    /// Makes the file a study named `name`: every game gets the `Study` tag and, when
    /// it has none, a `Chapter` title (from its players or event). One undo takes it
    /// back.
    fn make_study(&mut self, name: &str) {
        use crate::record::study::{CHAPTER_TAG, Chapter, STUDY_TAG};
        if name.is_empty() {
            self.message = "A study needs a name".into();
            return;
        }
        if self.notation_text_pending() {
            self.message = "The notation text has errors or unread edits: fix them or press Revert text first".into();
            return;
        }
        self.write_back_shown();
        let mut before = Vec::new();
        for i in 0..self.document.games.len() {
            let mut game = (*self.document.games[i]).clone();
            let title = Chapter::of(&game, i).title;
            let has_title = game.tags().get(CHAPTER_TAG).is_some_and(|t| !t.trim().is_empty());
            crate::with_game!(&mut game, g => {
                g.tags.set(STUDY_TAG, name);
                if !has_title {
                    g.tags.set(CHAPTER_TAG, &title);
                }
            });
            if game != *self.document.games[i] {
                let original = self.document.origin(i).and_then(|o| o.original.clone());
                before.push((i, (*self.document.games[i]).clone(), original));
                self.replace_game_at(i, game, None);
            }
        }
        self.record_list_change(ListChange::Retagged { before });
        let n = self.document.games.len();
        self.message = format!("The file is the study \"{name}\": {n} chapter{}", if n == 1 { "" } else { "s" });
    }

    /// Replaces game `index` of the document (and the shown game, when it is that one,
    /// keeping the shown move where it still exists).
    fn replace_game_at(&mut self, index: usize, game: AnyGame, original: Option<std::sync::Arc<str>>) {
        if index == self.document.current {
            let cursor = self.view.cursor_path();
            if !self.view.replace_game(game.clone()) {
                self.view = view_of(game.clone());
            }
            self.view.follow_path(&cursor);
        }
        self.document.replace_game(index, game, original);
        self.autosave.touch(self.now);
    }

    /// Takes game `index` out of the file; when it is the shown one, the next (or the
    /// one before) is shown. Undo puts it back.
    fn delete_game(&mut self, index: usize) {
        let n = self.document.games.len();
        if index >= n || n == 1 || self.notation_text_pending() || !self.document.unread.is_empty() {
            return;
        }
        let title = self.document.games.get(index).map(|g| game_title(g, index + 1)).unwrap_or_default();
        let change = self.take_out(index, 1);
        self.record_list_change(change);
        self.message = format!("Game {} ({title}) deleted from the file (Undo puts it back)", index + 1);
    }

    /// Swaps games `from` and `to` (next to each other) in the file.
    fn move_game(&mut self, from: usize, to: usize) {
        let n = self.document.games.len();
        if from >= n || to >= n || from.abs_diff(to) != 1 || !self.document.unread.is_empty() {
            return;
        }
        let change = self.swap_games(from, to);
        self.record_list_change(change);
        self.message = format!("Game moved to place {}", to + 1);
    }

    /// Swaps games `a` and `b`, with their undo histories.
    fn swap_games(&mut self, a: usize, b: usize) -> ListChange {
        self.write_back_shown();
        self.renumber_stashed(|i| {
            Some(if i == a {
                b
            } else if i == b {
                a
            } else {
                i
            })
        });
        self.document.swap_games(a, b);
        self.autosave.touch(self.now);
        ListChange::Swapped { a, b }
    }

    /// Applies `change` to the list of games and gives the change that takes it back.
    fn apply_list_change(&mut self, change: ListChange) -> ListChange {
        match change {
            ListChange::Inserted { at, count } => {
                let undone = self.take_out(at, count);
                if at > 0 && at - 1 < self.document.games.len() {
                    self.show_game(at - 1);
                }
                undone
            }
            ListChange::Removed { at, games } => {
                let restored = self.put_back(at, games);
                self.show_game(at.min(self.document.games.len() - 1));
                restored
            }
            ListChange::Swapped { a, b } => self.swap_games(a, b),
            ListChange::Retagged { before } => {
                self.write_back_shown();
                let mut after = Vec::with_capacity(before.len());
                for (i, game, original) in before {
                    if let Some(now) = self.document.games.get(i).map(|g| (**g).clone()) {
                        let now_original = self.document.origin(i).and_then(|o| o.original.clone());
                        after.push((i, now, now_original));
                        self.replace_game_at(i, game, original);
                    }
                }
                ListChange::Retagged { before: after }
            }
        }
    }

    /// Gives a change to the game its place in the undo order and keeps it.
    fn record_history(&mut self, mut before: Snapshot) {
        self.seq += 1;
        before.seq = self.seq;
        self.history.record(before);
        self.list_redo.clear();
    }

    /// Keeps a change to the list of games for undo (a new change: nothing is left to
    /// redo).
    fn record_list_change(&mut self, change: ListChange) {
        self.seq += 1;
        self.list_undo.push((self.seq, change));
        if self.list_undo.len() > super::history::HISTORY_LIMIT {
            self.list_undo.remove(0);
        }
        self.list_redo.clear();
        self.history.clear_redo();
    }

    /// Whether the notation editor holds text the game does not (unread or wrong), so
    /// the shown game may not change under it.
    fn notation_text_pending(&self) -> bool {
        self.settings.notation_editor && self.editor.is_dirty()
    }

    /// Shows the game numbered `number` in the file and opens the notation editor on
    /// its text as it stands there, the caret at `line`:`column` of the file.
    fn show_problem(&mut self, number: usize, line: u32, column: u32) {
        let Some(index) = self.document.index_of_number(number) else { return };
        let source = self.document.origin(index).and_then(|o| o.source.clone());
        let same_text = source.as_ref().is_some_and(|s| s.text == self.editor.text);
        if self.notation_text_pending() && !(index == self.document.current && same_text) {
            self.message = "The notation text has errors or unread edits: fix them or press Revert text first".into();
            return;
        }
        self.show_game(index);
        if let Some(source) = source {
            let caret = source.offset_of(line, column).unwrap_or(0);
            self.settings.notation_editor = true;
            self.editor.open_on_text(self.view.as_ref(), source.text, caret, self.now);
            self.message = format!("Game {number} as it stands in the file: fix it in the notation editor");
        }
    }

    /// Carries out a command: the one place where the document changes.
    pub fn apply(&mut self, command: Command) {
        if command.blocked_by_notation_text() && self.settings.notation_editor && self.editor.is_dirty() {
            let _ = self.view.apply(&Command::Deselect);
            self.message = "The notation text has errors or unread edits: fix them or press Revert text first".into();
            return;
        }
        match command {
            Command::NewSameGame => self.request(PendingAction::New(self.view.variant())),
            Command::NewGame(variant) => self.request(PendingAction::New(variant)),
            Command::Open => self.request(PendingAction::Open),
            Command::OpenPath(path) => self.request(PendingAction::OpenPath(path)),
            Command::Quit => self.request(PendingAction::Quit),
            Command::OpenPuzzle(index) => self.request(PendingAction::Puzzle(index)),
            Command::OpenPuzzleFile => self.request(PendingAction::OpenPuzzles),
            Command::SolvePuzzles => self.play_puzzle_set(true),
            Command::NextPuzzle(forward) => self.next_puzzle(forward),
            Command::ClosePuzzle if self.puzzle_set => {
                // The game shows again as the file has it, its solution included.
                self.puzzle_set = false;
                self.view = view_of(self.document.shown().clone());
                self.move_list = MoveListPanel::default();
                self.message = "Puzzle closed: the game shows with its solution".into();
            }
            Command::PlayFromSetup => {
                if let Some(game) = self.view.setup_game() {
                    self.request(PendingAction::PlayFrom(Box::new(game)));
                }
            }
            Command::Save => {
                self.save();
            }
            Command::SaveAs => {
                self.save_as();
            }
            Command::SaveTo(path) => {
                self.save_as_path(&path);
            }
            Command::BoardEditor => {
                if !self.view.board_editor_open() {
                    self.view.open_board_editor();
                    self.message = "Board editor: pick a piece on the right, click cells to place it; right-click or drag a piece off the board to remove it".into();
                }
            }
            Command::CloseBoardEditor => {
                self.view.close_board_editor();
                // Its words (pick a piece, a problem) do not outlive it.
                self.message.clear();
            }
            Command::SaveAsPuzzle => {
                // The credits typed last time stay (a composer saves many puzzles).
                let mut form = self.view.puzzle_form();
                if let Some(last) = &self.puzzle_form_last {
                    form.title.clone_from(&last.title);
                    form.author.clone_from(&last.author);
                    form.source.clone_from(&last.source);
                    if form.goals.contains(&last.goal) {
                        form.goal.clone_from(&last.goal);
                        form.moves = last.moves;
                    }
                }
                self.puzzle_form = Some(form);
            }
            Command::ExportDiagram => {
                let fresh = ExportForm::for_view(
                    self.view.as_ref(),
                    self.settings.flipped,
                    self.settings.coordinates,
                    self.settings.show_marks,
                );
                let derived = fresh.title.clone();
                let form = match &self.export_last {
                    Some((last, derived_then)) => last.again(fresh, derived_then),
                    None => fresh,
                };
                self.export_last = Some((form.clone(), derived));
                self.export = Some(form);
            }
            Command::ExportGif => {
                let game = self.view.to_game();
                self.gif = Some(match self.gif_last.take() {
                    Some(last) => last.for_game(&game),
                    None => GifForm::new(
                        &game,
                        self.settings.flipped,
                        self.settings.coordinates,
                        self.settings.show_marks,
                        self.settings.analysis,
                    ),
                });
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::CopyPosition => {
                self.outbox.push(Outgoing::Text(self.view.position_string()));
                self.message = "Position copied".into();
            }
            Command::PastePosition => self.paste_text = Some(String::new()),
            Command::Paste => self.outbox.push(Outgoing::RequestPaste),
            Command::PasteText(text) if std::mem::take(&mut self.paste_into_file) => self.paste_into_file(&text),
            Command::PasteText(text) => self.paste(&text),
            Command::PasteGamesIntoFile => {
                self.paste_into_file = true;
                self.outbox.push(Outgoing::RequestPaste);
                // Said at once: an empty clipboard sends nothing back.
                self.message =
                    "Paste games: the games on the clipboard go into the file (an empty clipboard adds none)".into();
            }
            Command::SetPosition(text) if read_position(self.view.variant(), &text).is_none() => self.paste(&text),
            Command::CopyGameText => {
                self.outbox.push(Outgoing::Text(write_any(&self.view.to_game())));
                self.message = "Game text copied".into();
            }
            Command::FlipBoard => self.settings.flipped = !self.settings.flipped,
            Command::ToggleCoordinates => self.settings.coordinates = !self.settings.coordinates,
            Command::ToggleHints => self.settings.hints = !self.settings.hints,
            Command::ToggleMarks => self.settings.show_marks = !self.settings.show_marks,
            Command::ToggleNotationEditor => {
                self.settings.notation_editor = !self.settings.notation_editor;
                if self.settings.notation_editor {
                    self.editor.focus();
                }
            }
            Command::ToggleTheme => {
                self.settings.theme = if self.settings.theme == Theme::Dark { Theme::Light } else { Theme::Dark };
            }
            Command::ShowShortcuts => self.show_shortcuts = true,
            Command::ToggleGamesList => self.games_list = !self.games_list,
            Command::ToggleOpeningTree => self.opening_tree_open = !self.opening_tree_open,
            Command::FilterGames(what, games) => {
                // These games are a position search of their own: another one would
                // combine with it (and usually leave nothing).
                let searching = self.games.search != super::games_list::PositionSearch::Off;
                self.games.search = super::games_list::PositionSearch::Off;
                let n = games.len();
                self.message = format!(
                    "The games list keeps the {n} game{} that {what}{}{}",
                    if n == 1 { "" } else { "s" },
                    if self.games_filter.trim().is_empty() { "" } else { " and match the filter words" },
                    if searching { " (its position search is set back to Any)" } else { "" }
                );
                self.games.only = Some((what, games, self.document.structure_revision()));
                self.games.only_at = Some(self.view.position_key());
                self.games_list = true;
            }
            Command::ToggleAnalysis => {
                self.settings.analysis = !self.settings.analysis;
                self.settings.threat = false;
            }
            Command::ToggleThreat => {
                self.settings.threat = !self.settings.threat;
                self.settings.analysis |= self.settings.threat;
            }
            Command::AnalyseGame => self.edit(Command::StartReport(self.settings.report_nodes)),
            Command::LearnFromMistakes => {
                // The engine's lines would give the answers away.
                self.settings.analysis = false;
                self.settings.threat = false;
                self.edit(Command::LearnFromMistakes);
            }
            Command::NewComputerGameForm => {
                let last = self.last_game_forms[0].clone();
                self.new_game_form = Some(last.unwrap_or(NewGameForm {
                    variant: self.view.variant(),
                    computer: true,
                    user_side: Some(0),
                    level: 3,
                    clock: None,
                    handicap: [0, 0],
                }));
            }
            Command::NewClockGameForm => {
                let last = self.last_game_forms[1].clone().filter(|f| f.clock.is_some());
                self.new_game_form = Some(last.unwrap_or(NewGameForm {
                    variant: self.view.variant(),
                    computer: false,
                    user_side: Some(0),
                    level: 3,
                    clock: Some("300+3".into()),
                    handicap: [0, 0],
                }));
            }
            Command::NewClockGame { variant, clock } => self.request(PendingAction::Clock { variant, clock }),
            Command::NewComputerGame { variant, user_side, level, clock } => {
                // "Random": a bit of the clock (its low bits change fastest).
                let user_side = user_side.unwrap_or_else(|| (crate::app::opponent::clock_seed() >> 10) as usize & 1);
                let level = Level::new(level).unwrap_or(Level::MAX);
                self.request(PendingAction::Computer { variant, user_side: user_side.min(1), level, clock });
            }
            Command::SetAnalysisLines(n) => self.settings.analysis_lines = n.clamp(1, 5),
            Command::SetAnalysisTime(seconds) => self.settings.analysis_seconds = seconds,
            Command::ShowGame(index) => {
                if self.notation_text_pending() {
                    self.message =
                        "The notation text has errors or unread edits: fix them or press Revert text first".into();
                } else {
                    self.show_game(index);
                }
            }
            Command::ShowGameAt(index, path) => {
                if self.notation_text_pending() {
                    self.message =
                        "The notation text has errors or unread edits: fix them or press Revert text first".into();
                } else {
                    self.show_game(index);
                    if self.document.current == index {
                        self.view.follow_path(&path);
                        let plies = path.len();
                        // A position found off the main line (a variation, such as a
                        // report's better move) says so.
                        let line = if path.iter().any(|&k| k > 0) { ", in a variation" } else { "" };
                        self.message = format!(
                            "Game {} opened at the position found ({plies} pl{} in{line})",
                            self.document.number_of(index),
                            if plies == 1 { "y" } else { "ies" }
                        );
                    }
                }
            }
            Command::NewGameInFile => {
                let game = AnyGame::new(self.view.variant());
                self.insert_games(vec![game]);
            }
            Command::DuplicateGame => {
                let game = self.view.to_game();
                self.insert_games(vec![game]);
            }
            Command::DeleteGame(index) => self.delete_game(index),
            Command::MakeStudy(name) => self.make_study(name.trim()),
            Command::SetChapter { title, section, mode } => {
                use crate::record::study::{CHAPTER_TAG, MODE_TAG, SECTION_TAG};
                for (key, value) in [(CHAPTER_TAG, title.trim()), (SECTION_TAG, section.trim()), (MODE_TAG, mode.key())]
                {
                    if self.view.tag(key).as_deref().unwrap_or("") != value {
                        self.edit(Command::SetTag(key.into(), value.into()));
                    }
                }
                // A quiz chapter goes back to where its reader begins, its moves
                // hidden: shown from where it stood, it would give them away.
                if mode.is_quiz() {
                    self.view.go_to_reader_start();
                    self.move_list = MoveListPanel::default();
                }
                self.message = format!("Chapter {}: {}", self.document.current + 1, title.trim());
            }
            Command::MoveGame { from, to } => self.move_game(from, to),
            Command::ShowProblem { number, line, column } => self.show_problem(number, line, column),
            Command::InsertComment => {
                if self.settings.notation_editor && !self.editor.is_dirty() {
                    self.editor.insert_comment(self.now);
                }
            }
            Command::SolveShown(stipulation) => {
                if let Err(e) = self.view.solve_shown(stipulation) {
                    self.message = e;
                }
            }
            Command::ReplaceGame { game, caret } => {
                let before = self.snapshot();
                if !self.view.replace_game((*game).clone()) {
                    self.view = view_of(*game);
                }
                let _ = self.view.apply(&Command::Jump(caret.unwrap_or(NodeId::ROOT)));
                self.record_history(before);
                self.changed();
                self.message.clear();
            }
            other => {
                if matches!(other, Command::ToggleMark { .. }) {
                    self.settings.show_marks = true;
                }
                self.edit(other);
            }
        }
    }

    /// Applies a command to the shown game, keeping history when it changed.
    fn edit(&mut self, command: Command) {
        let before = command.edits_document().then(|| self.snapshot());
        let applied = self.view.apply(&command);
        if let Some(message) = applied.message {
            self.message = message;
        }
        if applied.changed
            && let Some(before) = before
        {
            self.record_history(before);
            self.changed();
        }
    }

    /// The shown game changed: the document takes it (a puzzle being solved is not the
    /// user's work, so it does not count as unsaved).
    fn changed(&mut self) {
        self.autosave.touch(self.now);
        let game = self.view.to_game();
        if self.solving() {
            // A puzzle set's games stay as the file has them (their solutions).
            if !self.puzzle_set {
                self.document.set_shown(game);
            }
        } else {
            self.document.change_shown(game);
        }
    }

    /// Undoes the last change: to the game (moves, deletions, marks, decisions) or to
    /// the list of games (added, deleted, moved, made a study), whichever came last.
    pub fn undo(&mut self) {
        // Text typed in the notation editor and not yet valid goes first.
        if self.settings.notation_editor && self.editor.undo_text() {
            self.message = "Notation text reverted".into();
            return;
        }
        let game_seq = self.history.last_undo().map(|s| s.seq);
        let list_seq = self.list_undo.last().map(|(s, _)| *s);
        if list_seq > game_seq {
            if self.notation_text_pending() || !self.document.unread.is_empty() {
                return;
            }
            if self.step_list_change(true) {
                self.message = "Undone (the list of games)".into();
            }
            return;
        }
        let mut current = self.snapshot();
        current.seq = game_seq.unwrap_or(0);
        if let Some(before) = self.history.undo(current) {
            let modified = before.modified || self.document.modified;
            self.restore_snapshot(before);
            // Back to the file's games: no longer modified.
            self.document.refresh_modified(modified);
            self.message = "Undone".into();
        }
    }

    /// Takes the last change to the list of games off the undo list (`undoing`) or the
    /// redo list, applies it and keeps what takes it back on the other list; `false`
    /// when that list is empty.
    fn step_list_change(&mut self, undoing: bool) -> bool {
        let taken = if undoing { self.list_undo.pop() } else { self.list_redo.pop() };
        let Some((seq, change)) = taken else { return false };
        let back = self.apply_list_change(change);
        if undoing {
            self.list_redo.push((seq, back))
        } else {
            self.list_undo.push((seq, back))
        }
        self.document.refresh_modified(true);
        true
    }

    /// Redoes the last undone change (of the game or of the list of games).
    pub fn redo(&mut self) {
        if self.settings.notation_editor && self.editor.is_dirty() {
            return;
        }
        // The change undone last is the earliest of those waiting.
        let game_seq = self.history.last_redo().map(|s| s.seq);
        let list_seq = self.list_redo.last().map(|(s, _)| *s);
        let list_first = match (list_seq, game_seq) {
            (Some(l), Some(g)) => l < g,
            (Some(_), None) => true,
            _ => false,
        };
        if list_first {
            if !self.document.unread.is_empty() {
                return;
            }
            if self.step_list_change(false) {
                self.message = "Redone (the list of games)".into();
            }
            return;
        }
        let mut current = self.snapshot();
        current.seq = game_seq.unwrap_or(0);
        if let Some(after) = self.history.redo(current) {
            self.restore_snapshot(after);
            self.document.refresh_modified(true);
            self.message = "Redone".into();
        }
    }

    /// Whether there is anything to undo / redo.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (self.history.can_undo() || !self.list_undo.is_empty(), self.history.can_redo() || !self.list_redo.is_empty())
    }

    /// Asks before `action` drops unsaved work; does it at once when nothing is unsaved.
    pub fn request(&mut self, action: PendingAction) {
        if self.document.modified && !matches!(action, PendingAction::Quit if self.quit_confirmed) {
            self.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    fn perform(&mut self, action: PendingAction) {
        match action {
            PendingAction::New(variant) => {
                self.show_document(Document::new(AnyGame::new(variant)));
                self.message = format!("New {} game", variant.name());
            }
            PendingAction::Open => {
                let folder = self.settings.last_folder.clone();
                self.ask(DialogPurpose::Open, DialogRequest::Open { folder });
            }
            PendingAction::OpenPath(path) => {
                self.begin_open(&path);
            }
            PendingAction::Quit => self.quit_confirmed = true,
            PendingAction::Puzzle(index) => self.open_builtin_puzzle(index),
            PendingAction::OpenPuzzles => {
                let folder = self.settings.last_folder.clone();
                self.ask(DialogPurpose::OpenPuzzles, DialogRequest::Open { folder });
            }
            PendingAction::PlayFrom(game) => {
                let mut document = Document::new(*game);
                document.modified = true;
                self.show_document(document);
                self.message = "New game from the board editor's position".into();
            }
            PendingAction::Computer { variant, user_side, level, clock } => {
                self.show_document(Document::new(AnyGame::new(variant)));
                self.view.set_opponent(1 - user_side, level);
                let _ = self.view.tick(self.now);
                self.view.set_clock(clock);
                self.date_new_game();
                // The user's side at the bottom of the board.
                self.settings.flipped = user_side == 1;
                self.document.set_shown(self.view.to_game());
                self.message = format!("New {} game against Orrery (level {})", variant.name(), level.number());
            }
            PendingAction::Clock { variant, clock } => {
                let describe = clock.control.describe();
                self.show_document(Document::new(AnyGame::new(variant)));
                // The first player at the bottom, whatever the last game needed.
                self.settings.flipped = false;
                let _ = self.view.tick(self.now);
                self.view.set_clock(Some(clock));
                self.date_new_game();
                self.document.set_shown(self.view.to_game());
                self.message = format!("New {} game with a clock: {describe}", variant.name());
            }
            PendingAction::OpenGame(game) => {
                let variant = game.variant();
                let mut document = Document::new(*game);
                document.modified = true;
                self.show_document(document);
                self.message = format!("Pasted a {} game", variant.name());
            }
        }
    }

    /// Writes today's date (UTC) into the new game's Date tag, as `2026.12.01`.
    fn date_new_game(&mut self) {
        let days = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() / 86_400) as i64;
        let (y, m, d) = civil_from_days(days);
        let _ = self.view.apply(&Command::SetTag("Date".into(), format!("{y:04}.{m:02}.{d:02}")));
    }

    /// Opens a built-in puzzle (by index in [`builtin_puzzles`]): shows its start
    /// position and starts solving mode (or, for a shown figure, shows the ending).
    pub fn open_builtin_puzzle(&mut self, index: usize) {
        let Some(builtin) = builtin_puzzles().get(index) else { return };
        match builtin.puzzle() {
            Ok(puzzle) => {
                self.show_document(Document::new(puzzle.record.clone()));
                self.view.start_puzzle(&puzzle);
                // Solving is the user's: the engine stays off until they turn it on.
                self.settings.analysis = false;
                self.document.set_shown(self.view.to_game());
            }
            Err(e) => self.error_list = Some(("Could not read the puzzle".into(), vec![e.to_string()])),
        }
    }

    /// Opens a record file at once, on this thread (the app itself reads in the
    /// background: [`OrreryApp::begin_open`]); on any error the current game stays and
    /// the errors are listed. Returns whether a game was opened.
    pub fn open_path(&mut self, path: &Path) -> bool {
        let read = crate::files::read_records(path);
        self.open_read(path, read)
    }

    /// Starts reading a record file in the background (a small file opens at once);
    /// when it has been read it is shown as [`OrreryApp::open_path`] shows it. Returns
    /// `false`, with the error shown, when it cannot be read at all (no such file, an
    /// unknown extension).
    pub fn begin_open(&mut self, path: &Path) -> bool {
        if Format::from_path(path).is_none() {
            self.error_list = Some((
                "Could not open the file".into(),
                vec![FileError::UnknownFormat(path.to_path_buf()).to_string()],
            ));
            return false;
        }
        if let Err(source) = std::fs::metadata(path) {
            let e = FileError::Io { path: path.to_path_buf(), source };
            self.error_list = Some(("Could not open the file".into(), vec![e.to_string()]));
            return false;
        }
        self.start_reading(path.to_path_buf(), ReadPurpose::Open);
        true
    }

    /// Reads `path` on a background thread for `purpose`, replacing any reading under
    /// way; waits [`READ_WAIT`] for it, so a small file is done in this frame.
    fn start_reading(&mut self, path: PathBuf, purpose: ReadPurpose) {
        if let Some(old) = self.reading.take() {
            old.cancel();
        }
        let done = Arc::new(AtomicUsize::new(0));
        let total = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, receiver) = mpsc::channel();
        let (thread_done, thread_total, thread_cancel, thread_path) =
            (done.clone(), total.clone(), cancel.clone(), path.clone());
        let spawned = std::thread::Builder::new().name("orrery-read".into()).spawn(move || {
            let mut progress = |d: usize, t: usize| {
                thread_done.store(d, Ordering::Relaxed);
                thread_total.store(t, Ordering::Relaxed);
            };
            let _ = sender.send(read_records_with(&thread_path, &mut progress, &thread_cancel));
        });
        if spawned.is_err() {
            // No thread to be had: read here.
            let result = crate::files::read_records(&path);
            self.finish_reading(&path, purpose, result);
            return;
        }
        match receiver.recv_timeout(READ_WAIT) {
            Ok(result) => self.finish_reading(&path, purpose, result),
            Err(_) => self.reading = Some(FileReading { path, purpose, done, total, cancel, receiver }),
        }
    }

    /// Takes the background reading's result, if it has come.
    fn poll_reading(&mut self, ctx: &egui::Context) {
        let Some(reading) = &self.reading else { return };
        let result = match reading.receiver.try_recv() {
            Ok(result) => result,
            Err(mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(50));
                return;
            }
            Err(mpsc::TryRecvError::Disconnected) => Err(FileError::Io {
                path: reading.path.clone(),
                source: std::io::Error::other("the reading thread stopped"),
            }),
        };
        if let Some(reading) = self.reading.take() {
            self.finish_reading(&reading.path, reading.purpose, result);
        }
    }

    fn finish_reading(&mut self, path: &Path, purpose: ReadPurpose, result: Result<RecordsRead, FileError>) {
        match purpose {
            ReadPurpose::Open => {
                self.open_read(path, result);
            }
            ReadPurpose::Restore { index } => self.finish_restore(path, index, result),
        }
    }

    /// The progress window's Cancel: the reading stops and the document stays as it was
    /// (a restored game whose file's other games were not read is not saved over that
    /// file: saving asks for a name).
    pub fn cancel_reading(&mut self) {
        let Some(reading) = self.reading.take() else { return };
        reading.cancel();
        match reading.purpose {
            ReadPurpose::Open => self.message = format!("Opening {} cancelled", reading.path.display()),
            ReadPurpose::Restore { .. } => {
                self.document.file = None;
                self.document.modified = true;
                self.message =
                    format!("The other games of {} were not read: saving asks for a file name", reading.path.display());
            }
        }
    }

    /// Shows what was read from `path` as the document (see [`OrreryApp::open_path`]).
    fn open_read(&mut self, path: &Path, read: Result<RecordsRead, FileError>) -> bool {
        let as_puzzles = std::mem::take(&mut self.open_as_puzzles);
        let read = match read {
            Err(FileError::Cancelled(_)) => return false,
            Err(e) => {
                self.error_list = Some(("Could not open the file".into(), vec![e.to_string()]));
                return false;
            }
            Ok(read) => read,
        };
        if read.games.is_empty() {
            let mut lines = vec![format!("{} holds no game that could be read", path.display())];
            lines.extend(read.problems.iter().map(ToString::to_string));
            self.error_list = Some(("Could not open the file".into(), lines));
            return false;
        }
        let damaged = read.has_errors();
        let count = read.games.len();
        let game_count = read.game_count;
        // Games read only up to an error (an illegal move, a broken variation).
        let partial = read.origins.iter().filter(|o| o.problems.iter().any(|p| p.severity == Severity::Error)).count();
        let items = problem_items(&read);
        let problems = read.problems.len();
        let has_unread = !read.unread.is_empty();
        let mut document = Document::from_read(path, read);
        if damaged {
            // What could be read is shown, but the file is not written over: saving asks
            // for a new name, so the games that could not be read stay in the original.
            document.file = None;
            document.modified = true;
        }
        self.show_document(document);
        if problems > 0 {
            let title = if damaged { "The file has errors" } else { "The file has warnings" };
            let mut notes = Vec::new();
            if damaged {
                let in_part =
                    if partial > 0 { format!(" ({partial} of them only up to an error)") } else { String::new() };
                notes.push(format!(
                    "{}: {} of {} games read{in_part}; what could not be read is left out. Saving asks for a new file, so the original stays as it is.",
                    path.display(),
                    count,
                    game_count
                ));
            }
            notes.push("Click a problem to see it in its game's text, in the notation editor.".into());
            self.file_problems = Some(FileProblems { title: title.into(), notes, items });
        }
        // A puzzle set steps through its puzzles itself: no list over the board.
        if (count > 1 || has_unread) && !as_puzzles {
            self.games_list = true;
        }
        self.message = if count > 1 {
            format!("Opened {} (game 1 of {count})", path.display())
        } else {
            format!("Opened {}", path.display())
        };
        if !damaged {
            self.settings.remember(path.to_path_buf());
        }
        if as_puzzles {
            self.play_puzzle_set(false);
        }
        true
    }

    /// Game → Save: to the current file, or Save As when there is none. Returns whether
    /// it was saved now (`false` also while the Save As dialog is open).
    pub fn save(&mut self) -> bool {
        match self.document.file.clone() {
            Some(path) => self.save_to(&path),
            None => {
                self.save_as();
                false
            }
        }
    }

    /// Game → Save As…: opens the save dialog; the game is saved when it answers.
    pub fn save_as(&mut self) {
        self.save_as_then(None);
    }

    fn save_as_then(&mut self, then: Option<PendingAction>) {
        let folder = self.settings.last_folder.clone();
        // A study by its name; several games as games; one game by its game.
        let suggested_name = match crate::record::study::study_name(&self.document.games) {
            Some(study) => format!("{}.pgn", file_stem_of(&study)),
            None if self.document.games.len() > 1 => "games.pgn".to_string(),
            None => format!("{}-game.pgn", self.view.variant().key()),
        };
        let filters = vec![("PGN text".into(), vec!["pgn".into()]), ("RON".into(), vec!["ron".into()])];
        self.ask(DialogPurpose::SaveAs { then }, DialogRequest::Save { folder, suggested_name, filters });
    }

    /// Starts a file dialog for `purpose` (one at a time).
    fn ask(&mut self, purpose: DialogPurpose, request: DialogRequest) {
        if self.dialog.is_some() {
            self.message = "A file dialog is already open".into();
            return;
        }
        self.dialogs.start(request.clone());
        self.last_dialog_request = Some(request.clone());
        self.dialog = Some((purpose, request));
    }

    /// Takes the open file dialog's answer, if it has come.
    fn poll_dialog(&mut self) {
        if self.dialog.is_none() {
            return;
        }
        let Some(answer) = self.dialogs.poll() else { return };
        let Some((purpose, request)) = self.dialog.take() else { return };
        let suggested = match &request {
            DialogRequest::Open { folder } => folder.clone().map(|f| format!("{}/", f.display())).unwrap_or_default(),
            DialogRequest::Save { folder, suggested_name, .. } => {
                let dir = folder.clone().or_else(|| std::env::current_dir().ok()).unwrap_or_default();
                dir.join(suggested_name).display().to_string()
            }
        };
        // The next file dialog opens in the folder of the file chosen last, whatever
        // it was for.
        if let DialogAnswer::Chosen(path) = &answer
            && let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty())
        {
            self.settings.last_folder = Some(folder.to_path_buf());
        }
        match (purpose, answer) {
            (_, DialogAnswer::Cancelled) => {}
            (DialogPurpose::Open, DialogAnswer::Chosen(path)) => {
                self.begin_open(&path);
            }
            (DialogPurpose::OpenPuzzles, DialogAnswer::Chosen(path)) => {
                self.open_as_puzzles = true;
                if !self.begin_open(&path) {
                    self.open_as_puzzles = false;
                }
            }
            (DialogPurpose::OpenPuzzles, DialogAnswer::Unavailable) => {
                self.open_as_puzzles = true;
                self.path_prompt = Some(PathPrompt {
                    save: false,
                    text: suggested,
                    puzzle: None,
                    then: None,
                    replace: None,
                    revision: self.document.revision(),
                });
            }
            (DialogPurpose::Open, DialogAnswer::Unavailable) => {
                self.path_prompt = Some(PathPrompt {
                    save: false,
                    text: suggested,
                    puzzle: None,
                    then: None,
                    replace: None,
                    revision: self.document.revision(),
                });
            }
            (DialogPurpose::SaveAs { then }, DialogAnswer::Chosen(path)) => {
                if self.save_as_path(&path)
                    && let Some(action) = then
                {
                    self.perform(action);
                }
            }
            (DialogPurpose::SaveAs { then }, DialogAnswer::Unavailable) => {
                self.path_prompt = Some(PathPrompt {
                    save: true,
                    text: suggested,
                    puzzle: None,
                    then,
                    replace: None,
                    revision: self.document.revision(),
                });
            }
            (DialogPurpose::Puzzle(game), DialogAnswer::Chosen(path)) => {
                self.write_puzzle(&path, &game);
            }
            (DialogPurpose::Puzzle(game), DialogAnswer::Unavailable) => {
                self.path_prompt = Some(PathPrompt {
                    save: true,
                    text: suggested,
                    puzzle: Some(game),
                    then: None,
                    replace: None,
                    revision: self.document.revision(),
                });
            }
            (DialogPurpose::Export(form), DialogAnswer::Chosen(mut path)) => {
                if crate::render::diagram::ImageFormat::from_path(&path).is_none() {
                    path.set_extension(form.extension());
                }
                if !self.export_to(&form, &path) {
                    self.export = Some(*form);
                }
            }
            (DialogPurpose::Export(form), DialogAnswer::Unavailable) => {
                self.export = Some(*form);
                self.export_path = Some(suggested);
            }
            (DialogPurpose::Gif(form), DialogAnswer::Chosen(path)) => {
                self.start_gif(*form, path);
            }
            (DialogPurpose::Gif(form), DialogAnswer::Unavailable) => {
                self.gif = Some(*form);
                self.gif_path = Some(suggested);
            }
        }
    }

    /// Saves to `path` (Save As with a given path): every game of the document goes
    /// there, with its unsaved changes (a game not shown may have some), and `path`
    /// becomes the document's file; the old file stays as it was.
    pub fn save_as_path(&mut self, path: &Path) -> bool {
        let mut path = path.to_path_buf();
        if crate::files::Format::from_path(&path).is_none() {
            path.set_extension("pgn");
        }
        self.save_to(&path)
    }

    fn save_to(&mut self, path: &Path) -> bool {
        self.document.set_shown(self.view.to_game());
        // Games not changed since they were read are written back as they were.
        match write_records_keeping(path, &self.document.games, &self.document.originals()) {
            Ok(written) => {
                self.document.saved_to(path, written);
                // The games are numbered afresh: the problems of the file as read no
                // longer lead to them.
                if let Some(problems) = &mut self.file_problems {
                    problems.items.iter_mut().for_each(|item| item.game = None);
                }
                self.autosave.touch(self.now);
                self.settings.remember(path.to_path_buf());
                self.message = format!("Saved {}", path.display());
                true
            }
            Err(e) => {
                self.error_list = Some(("Could not save".into(), vec![e.to_string()]));
                false
            }
        }
    }

    /// Drops the unsaved changes: back to the game as last saved or opened (a new game
    /// of the same kind when it was never saved), so nothing unsaved is kept for the
    /// next start either.
    pub fn discard_changes(&mut self) {
        let saved = match &self.document.file {
            Some(path) => read_record_file(path).ok().map(|(games, _)| games).filter(|g| !g.is_empty()),
            None => None,
        };
        let document = match (saved, &self.document.file) {
            (Some(games), Some(path)) => Document::from_file(path, games),
            _ => Document::new(AnyGame::new(self.view.variant())),
        };
        self.show_document(document);
    }

    /// Reads pasted text as a game record or a position string of any game (the game
    /// shown first), and opens it as a new game after the unsaved-work prompt; says why
    /// when it is neither.
    fn paste(&mut self, text: &str) {
        match read_pasted(self.view.variant(), text) {
            Ok(game) => self.request(PendingAction::OpenGame(Box::new(game))),
            Err(why) => self.message = why,
        }
    }

    /// Puts every game of pasted record text into the file after the shown game (the
    /// last one pasted is shown); says why when the text holds no game.
    fn paste_into_file(&mut self, text: &str) {
        let read = crate::record::read_games(text);
        if read.games.is_empty() {
            self.message = "The clipboard holds no game to paste".into();
            return;
        }
        let n = read.games.len();
        self.insert_games(read.games);
        let problems = read.errors.iter().filter(|e| e.is_error()).count();
        self.message = format!(
            "{n} game{} pasted into the file{}",
            if n == 1 { "" } else { "s" },
            if problems > 0 {
                format!(" ({problems} error(s) in the text: what could be read)")
            } else {
                String::new()
            }
        );
    }

    /// Saves a puzzle record to a file chosen in the save dialog (its own file: the
    /// game being played is not touched).
    fn save_puzzle(&mut self, game: AnyGame) {
        let folder = self.settings.last_folder.clone();
        // Named after its title, when it has one.
        let title = game.tags().get("Title").map(str::trim).filter(|t| !t.is_empty()).map(file_stem_of);
        let request = DialogRequest::Save {
            folder,
            suggested_name: format!("{}.pgn", title.unwrap_or_else(|| "puzzle".into())),
            filters: vec![("PGN text".into(), vec!["pgn".into()])],
        };
        self.ask(DialogPurpose::Puzzle(Box::new(game)), request);
    }

    /// Writes a puzzle record to `path` (atomically). Returns whether it was written.
    fn write_puzzle(&mut self, path: &Path, game: &AnyGame) -> bool {
        match write_record_file(path, std::slice::from_ref(game)) {
            Ok(()) => {
                self.settings.remember(path.to_path_buf());
                self.message = match &self.puzzle_verdict {
                    Some(verdict) => format!("Puzzle saved to {} ({verdict})", path.display()),
                    None => format!("Puzzle saved to {}", path.display()),
                };
                true
            }
            Err(e) => {
                // The error names the file itself.
                self.error_list = Some(("Could not save".into(), vec![e.to_string()]));
                false
            }
        }
    }

    /// Writes the diagram with `form`'s choices to `path` (format by extension).
    /// Returns whether it was written; errors go to the error window.
    pub fn export_to(&mut self, form: &ExportForm, path: &Path) -> bool {
        let options = form.options(self.view.as_ref());
        let scene = self.view.diagram_scene(&options);
        match crate::files::write_diagram(&scene, &options, path) {
            Ok(_) => {
                self.message = format!("Diagram written to {}", path.display());
                true
            }
            Err(e) => {
                self.error_list = Some(("Could not export".into(), vec![e.to_string()]));
                false
            }
        }
    }

    /// Starts making the shown game's GIF with `form`'s choices and writing it to
    /// `path` (`.gif` added when it has another extension) in the background; the
    /// window shows its progress and Cancel until it is written.
    pub fn start_gif(&mut self, form: GifForm, path: PathBuf) {
        let mut path = path;
        if !path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("gif")) {
            path.set_extension("gif");
        }
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            self.settings.last_folder = Some(folder.to_path_buf());
        }
        self.gif_job = Some(GifJob::start(self.view.to_game(), &form, path));
        self.gif = Some(form);
    }

    /// The GIF being made: done (the window closes and the status bar says where it
    /// went), failed (the error window) or cancelled (the window stays).
    fn poll_gif(&mut self, ctx: &egui::Context) {
        let Some(job) = self.gif_job.as_mut() else { return };
        match job.poll() {
            None => ctx.request_repaint_after(std::time::Duration::from_millis(50)),
            Some(Ok(bytes)) => {
                self.message = format!("GIF written to {} ({} KiB)", job.path.display(), bytes.div_ceil(1024));
                self.gif_job = None;
                self.gif_last = self.gif.take();
                // Drawn now, not at the next input.
                ctx.request_repaint();
            }
            Some(Err(e)) => {
                if e != crate::render::gif::GifError::Cancelled.to_string() {
                    self.error_list = Some(("Could not export the GIF".into(), vec![e]));
                }
                self.gif_job = None;
                ctx.request_repaint();
            }
        }
    }

    /// The Export diagram window's preview of `form`'s diagram of the shown position,
    /// drawn again only when the choices or the position change.
    fn export_preview(&mut self, ctx: &egui::Context, form: &ExportForm) -> Option<egui::TextureHandle> {
        let position = format!("{}#{:?}", self.view.position_string(), self.view.cursor_path());
        if let Some((for_form, for_position, texture)) = &self.export_preview
            && for_form == form
            && *for_position == position
        {
            return Some(texture.clone());
        }
        let mut options = form.options(self.view.as_ref());
        options.size_px = crate::app::export::PREVIEW_PX;
        let scene = self.view.diagram_scene(&options);
        let pixmap = crate::render::png::render_scene(&scene, options.size_px).ok()?;
        let size = [pixmap.width() as usize, pixmap.height() as usize];
        let image = egui::ColorImage::from_rgba_premultiplied(size, pixmap.data());
        let texture = ctx.load_texture("export-preview", image, egui::TextureOptions::LINEAR);
        self.export_preview = Some((form.clone(), position, texture.clone()));
        Some(texture)
    }

    fn copy_diagram(&mut self, form: &ExportForm) {
        let options = form.options(self.view.as_ref());
        let scene = self.view.diagram_scene(&options);
        match crate::render::png::render_scene(&scene, options.size_px) {
            Ok(pixmap) => {
                let size = [pixmap.width() as usize, pixmap.height() as usize];
                self.outbox.push(Outgoing::Image(egui::ColorImage::from_rgba_premultiplied(size, pixmap.data())));
                self.message = "Diagram copied as an image".into();
            }
            Err(e) => self.error_list = Some(("Could not copy the diagram".into(), vec![e.to_string()])),
        }
    }

    /// Background work, between frames (eframe's `App::logic`): the solver's result and
    /// the notation editor's reading of its text.
    pub fn logic(&mut self, ctx: &egui::Context) {
        self.now = ctx.input(|i| i.time);
        if let Some(flag) = self.view.tick(self.now) {
            self.apply(flag);
        }
        if self.view.clock_running() {
            // Tenths show under ten seconds; the flag is seen within a tenth.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        self.poll_dialog();
        self.poll_reading(ctx);
        if self.dialog.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        // Never overwrite an autosave the user has not decided about.
        if self.restore_offer.is_none() {
            if self.autosave.is_due(self.now) {
                let contents = self.autosave_contents(false);
                if let Err(e) = self.autosave.tick(self.now, || contents) {
                    self.message = format!("Autosave failed: {e}");
                }
            }
            if let Some(wait) = self.autosave.due_in(self.now) {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait + 0.01));
            }
            if let Err(e) = self.autosave.save_settings(&self.settings) {
                self.message = format!("The settings could not be saved: {e}");
            }
        }
        // A message about the board editor's earlier position goes when it changes.
        let setup = self.view.setup_position_string();
        if setup != self.setup_seen {
            if self.setup_seen.is_some() && setup.is_some() {
                self.message.clear();
            }
            self.setup_seen = setup;
        }
        // A chapter mode counts only while the open file is a study.
        let in_study = crate::record::study::study_name(&self.document.games).is_some();
        self.view.set_in_study(in_study);
        // A move just played or stepped to: its sound.
        let cursor = self.view.cursor();
        if self.sound_seen != Some(cursor) {
            if self.settings.sounds
                && let Some((parent, sound)) = self.view.move_sound()
                && self.sound_seen == Some(parent)
            {
                self.sounds.play(sound);
            }
            self.sound_seen = Some(cursor);
        }
        if self.sounds.no_player() {
            self.message = super::sounds::NO_PLAYER.into();
        }
        // A puzzle of a set solved: kept in the settings, for the file (once).
        let solved = self.puzzle_set && self.view.puzzle_status().is_some_and(|p| p.solved);
        if solved && !std::mem::replace(&mut self.puzzle_solved_kept, true) {
            let current = self.document.current;
            if let Some(key) = self.puzzle_keys().get(current).cloned().flatten() {
                let file = self.puzzle_file_key();
                self.settings.solved_puzzles.entry(file).or_default().insert(key);
            }
        } else if !solved {
            self.puzzle_solved_kept = false;
        }
        if self.view.poll() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        let (report, analysing) = self.view.poll_report();
        if let Some(command) = report {
            self.apply(command);
        }
        if analysing {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        let (computer_move, thinking) = self.view.poll_opponent();
        if let Some(command) = computer_move {
            self.apply(command);
        }
        if thinking {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        let request = (self.settings.analysis && !self.view.board_editor_open()).then(|| AnalysisRequest {
            lines: if self.settings.threat { 1 } else { usize::from(self.settings.analysis_lines) },
            threat: self.settings.threat,
            time: self.settings.analysis_seconds.map(|s| std::time::Duration::from_secs(u64::from(s))),
            hash_mb: self.settings.analysis_hash_mb,
        });
        if self.view.sync_analysis(request) {
            // New lines arrive from the searching thread: look again soon.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if self.settings.notation_editor {
            for event in self.editor.poll(ctx, self.now) {
                let command = editor_command(event, self.view.cursor());
                if let Some(command) = command {
                    self.apply(command);
                }
            }
        }
    }

    /// One frame: the background work, then the whole window into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.logic(ui.ctx());
        self.draw(ui);
    }

    /// Draws the whole window into `ui` and applies what the user asked for.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.now = ctx.input(|i| i.time);
        self.expire_message(&ctx);
        self.apply_theme(&ctx);
        self.handle_close_request(&ctx);
        for out in self.outbox.drain(..) {
            match out {
                Outgoing::Text(text) => ctx.copy_text(text),
                Outgoing::Image(image) => ctx.copy_image(image),
                Outgoing::RequestPaste => ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste),
            }
        }
        let mut commands = Vec::new();
        self.keys(ui, &mut commands);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui, &mut commands));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        if self.view.board_editor_open() {
            // Both side panels have one width: the board's size depends on the window only.
            egui::Panel::right("setup")
                .exact_size(SIDE_PANEL_WIDTH)
                .show(ui, |ui| self.view.setup_panel_ui(ui, &mut commands));
            egui::CentralPanel::default().show(ui, |ui| {
                // The banner's line, empty, as in play: the board keeps its size and place
                // when the editor opens or closes.
                ui.vertical_centered(|ui| ui.label(RichText::new(" ").heading().strong()));
                self.view.setup_board_ui(ui, &self.settings);
            });
        } else {
            // A fixed width: the panel does not grow with its content (solver output, the
            // result banner, a report) and squeeze the board.
            egui::Panel::right("moves").exact_size(SIDE_PANEL_WIDTH).show(ui, |ui| {
                self.view.opponent_ui(ui, &mut commands);
                self.puzzle_set_ui(ui, &mut commands);
                self.view.puzzle_panel_ui(ui, &mut commands);
                self.view.report_ui(ui, &mut commands);
                if self.settings.analysis {
                    self.analysis_panel(ui, &mut commands);
                    ui.separator();
                }
                self.view.move_list_ui(ui, &mut self.move_list, &mut commands);
            });
            if self.settings.notation_editor {
                self.editor.sync(self.view.as_ref());
                let mut events = Vec::new();
                // Resized by the grip on its top edge; its height is kept in the settings.
                let height = self.settings.notation_height.clamp(NOTATION_HEIGHTS.0, NOTATION_HEIGHTS.1);
                egui::Panel::bottom("notation").resizable(false).exact_size(height).show(ui, |ui| {
                    let grip = notation_grip(ui);
                    if grip != 0.0 {
                        self.settings.notation_height =
                            (height - grip).clamp(NOTATION_HEIGHTS.0, NOTATION_HEIGHTS.1).round();
                    }
                    events = self.editor.show(ui);
                });
                let cursor = self.view.cursor();
                commands.extend(events.into_iter().filter_map(|e| editor_command(e, cursor)));
            }
            egui::CentralPanel::default().show(ui, |ui| {
                // The banner's line is always there, so the board keeps its place when a
                // game ends or the shown move changes.
                let banner = self.view.banner().unwrap_or_default();
                ui.vertical_centered(|ui| {
                    ui.label(
                        RichText::new(if banner.is_empty() { " ".to_string() } else { banner })
                            .heading()
                            .strong()
                            .color(theme::BANNER),
                    );
                });
                self.board_area(ui, &mut commands);
            });
            self.view.promotion_ui(ui, &mut commands);
        }
        self.windows(&ctx, &mut commands);
        for command in commands {
            self.apply(command);
        }
        self.update_title(&ctx);
    }

    /// The board, with the evaluation bar on its left while the analysis runs and the
    /// clocks on its right in a timed game.
    fn board_area(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let area = ui.available_rect_before_wrap();
        let bar = if self.settings.analysis { 16.0 } else { 0.0 };
        let clocks = if self.view.has_clock() { 170.0 } else { 0.0 };
        let board = egui::Rect::from_min_max(
            egui::pos2(area.left() + bar + if bar > 0.0 { 6.0 } else { 0.0 }, area.top()),
            egui::pos2(area.right() - clocks, area.bottom()),
        );
        ui.scope_builder(egui::UiBuilder::new().max_rect(board), |ui| {
            self.view.board_ui(ui, &self.settings, commands);
        });
        if bar > 0.0 {
            let height = self.view.board_rect().map_or(area.height(), |r| r.height());
            let top = self.view.board_rect().map_or(area.top(), |r| r.top());
            let rect = egui::Rect::from_min_size(egui::pos2(area.left(), top), egui::vec2(bar, height));
            self.view.eval_bar_ui(ui, rect, &self.settings);
        }
        if clocks > 0.0 {
            let rect = egui::Rect::from_min_max(egui::pos2(area.right() - clocks + 8.0, area.top()), area.max);
            ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
                self.view.clock_ui(ui, &self.settings, commands);
            });
        }
    }

    /// The analysis panel: its settings (lines, time), then the engine's lines.
    fn analysis_panel(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        ui.horizontal_wrapped(|ui| {
            let title = ui.strong("Analysis");
            egui::ComboBox::from_id_salt("analysis lines")
                .width(72.0)
                .selected_text(lines_text(self.settings.analysis_lines))
                .show_ui(ui, |ui| {
                    for n in 1..=5u8 {
                        if ui.selectable_label(self.settings.analysis_lines == n, lines_text(n)).clicked() {
                            commands.push(Command::SetAnalysisLines(n));
                        }
                    }
                })
                .response
                .labelled_by(title.id);
            let time_text = |t: Option<u32>| t.map_or_else(|| "unlimited".to_string(), |s| format!("{s} s"));
            egui::ComboBox::from_id_salt("analysis time")
                .width(72.0)
                .selected_text(time_text(self.settings.analysis_seconds))
                .show_ui(ui, |ui| {
                    for t in [Some(5), Some(10), Some(30), None] {
                        if ui.selectable_label(self.settings.analysis_seconds == t, time_text(t)).clicked() {
                            commands.push(Command::SetAnalysisTime(t));
                        }
                    }
                })
                .response
                .labelled_by(title.id);
            let threat = if self.settings.threat { "Lines" } else { "Threat" };
            if ui
                .small_button(threat)
                .on_hover_text("Show what the other side would play if it were its move, or the lines again (X)")
                .clicked()
            {
                commands.push(Command::ToggleThreat);
            }
            if ui.small_button("Hide").on_hover_text("Hide the analysis (L)").clicked() {
                commands.push(Command::ToggleAnalysis);
            }
        });
        self.view.analysis_ui(ui, commands);
    }

    /// Clears the status message once it has been shown for [`MESSAGE_SECONDS`] or the
    /// board has moved to another position since it appeared.
    fn expire_message(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        let cursor = Some(self.view.cursor());
        if self.message != self.message_seen.0 {
            self.message_seen = (self.message.clone(), now, cursor);
        } else if !self.message.is_empty() {
            if now - self.message_seen.1 > MESSAGE_SECONDS || cursor != self.message_seen.2 {
                self.message.clear();
                self.message_seen.0.clear();
            } else {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(MESSAGE_SECONDS));
            }
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = self.window_title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn apply_theme(&self, ctx: &egui::Context) {
        let wanted = match self.settings.theme {
            Theme::Dark => egui::Theme::Dark,
            Theme::Light => egui::Theme::Light,
        };
        if ctx.theme() != wanted {
            ctx.set_theme(wanted);
        }
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && self.document.modified && !self.quit_confirmed {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(PendingAction::Quit);
        }
        if self.quit_confirmed && !self.close_sent {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            self.close_sent = true;
        }
    }

    /// The commands whose shortcuts were pressed this frame. Ctrl shortcuts work while
    /// typing; plain keys only when no text field has the keys. In the notation editor,
    /// undo first reverts text not yet read.
    fn keys(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let typing = ui.ctx().memory(|m| m.focused().is_some());
        // Files dropped on the window are opened; Ctrl+V on the board pastes.
        let dropped: Vec<PathBuf> = ui.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).collect());
        for path in dropped {
            if crate::files::Format::from_path(&path).is_some() {
                commands.push(Command::OpenPath(path));
            } else {
                self.message = format!("{}: Orrery opens .pgn and .ron records", path.display());
            }
        }
        if !typing {
            let pasted: Vec<String> = ui.input(|i| {
                i.events
                    .iter()
                    .filter_map(|e| if let egui::Event::Paste(t) = e { Some(t.clone()) } else { None })
                    .collect()
            });
            commands.extend(pasted.into_iter().map(Command::PasteText));
        }
        let in_editor = self.settings.notation_editor && self.editor.has_focus(ui.ctx());
        // While a file dialog is open, keys pressed wait for nothing.
        if self.dialog.is_some() {
            return;
        }
        let modal_open = self.pending.is_some()
            || self.reading.is_some()
            || self.path_prompt.is_some()
            || self.paste_text.is_some()
            || self.restore_offer.is_some();
        for command in Command::with_shortcuts() {
            let Some(shortcut) = command.shortcut() else { continue };
            // Behind a question or a prompt, no shortcut acts (the question comes first).
            if modal_open || (shortcut.scope == Scope::Board && typing) {
                continue;
            }
            // Undo in a text field other than the notation editor is the field's own.
            if matches!(command, Command::Undo | Command::Redo) && typing && !in_editor {
                continue;
            }
            let pressed = |ui: &mut egui::Ui, keys: KeyboardShortcut| {
                if keys.modifiers == Modifiers::NONE {
                    ui.input(|i| i.key_pressed(keys.logical_key) && i.modifiers.is_none())
                } else {
                    ui.input_mut(|i| i.consume_shortcut(&keys))
                }
            };
            let alternative = command.alternative_keys().is_some_and(|k| pressed(ui, k));
            if pressed(ui, shortcut.keys) || alternative {
                if command == Command::BoardEditor && self.view.board_editor_open() {
                    continue;
                }
                if command == Command::InsertComment && !in_editor {
                    continue;
                }
                commands.push(command);
            }
        }
    }

    fn menu_item(&self, ui: &mut egui::Ui, command: &Command, enabled: bool, commands: &mut Vec<Command>) {
        let mut button = egui::Button::new(command.label());
        if let Some(text) = command.shortcut_text() {
            button = button.shortcut_text(text);
        }
        if ui.add_enabled(enabled, button).clicked() {
            commands.push(command.clone());
            ui.close();
        }
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("Game", |ui| {
                for item in Command::game_menu() {
                    match item {
                        Some(command) => self.menu_item(ui, &command, true, commands),
                        None => {
                            ui.separator();
                        }
                    }
                }
                ui.menu_button("Recent", |ui| {
                    if self.settings.recent.is_empty() {
                        ui.label(RichText::new("No recent files").weak());
                    }
                    for path in self.settings.recent.clone() {
                        if ui.button(path.display().to_string()).clicked() {
                            commands.push(Command::OpenPath(path));
                            ui.close();
                        }
                    }
                });
                ui.separator();
                let over = self.view.game_over();
                let (has_draws, can_claim) = self.view.draws();
                for command in Command::decisions() {
                    // Resigning ends the game: the menu asks first.
                    if command == Command::Resign {
                        if ui.add_enabled(!over, egui::Button::new("Resign…")).clicked() {
                            self.resign_prompt = true;
                            ui.close();
                        }
                        continue;
                    }
                    let (shown, enabled) = match command {
                        Command::AgreeDraw => (has_draws, !over),
                        _ => (has_draws, !over && can_claim),
                    };
                    if shown {
                        self.menu_item(ui, &command, enabled, commands);
                    }
                }
                self.menu_item(ui, &Command::AnalyseGame, true, commands);
                ui.separator();
                self.menu_item(ui, &Command::Quit, true, commands);
            });
            ui.menu_button("Edit", |ui| {
                let (undo, redo) = self.can_undo_redo();
                for item in Command::edit_menu() {
                    match item {
                        Some(command) => {
                            let enabled = match command {
                                Command::Undo => undo,
                                Command::Redo => redo,
                                _ => true,
                            };
                            self.menu_item(ui, &command, enabled, commands);
                        }
                        None => {
                            ui.separator();
                        }
                    }
                }
            });
            self.puzzles_menu(ui, commands);
            ui.menu_button("View", |ui| {
                // A checkbox: a turned board says so.
                let label = format!(
                    "{} ({})",
                    Command::FlipBoard.label(),
                    Command::FlipBoard.shortcut_text().unwrap_or_default()
                );
                ui.checkbox(&mut self.settings.flipped, label);
                ui.checkbox(&mut self.settings.coordinates, Command::ToggleCoordinates.label());
                ui.checkbox(&mut self.settings.hints, Command::ToggleHints.label());
                ui.checkbox(&mut self.settings.show_marks, Command::ToggleMarks.label());
                let label = format!(
                    "{} ({})",
                    Command::ToggleNotationEditor.label(),
                    Command::ToggleNotationEditor.shortcut_text().unwrap_or_default()
                );
                let editor = ui.checkbox(&mut self.settings.notation_editor, label);
                if editor.changed() && self.settings.notation_editor {
                    self.editor.focus();
                }
                let dark = self.settings.theme == Theme::Dark;
                if ui.button(if dark { "Light theme" } else { "Dark theme" }).clicked() {
                    commands.push(Command::ToggleTheme);
                }
                // The shown game's board colours, kept for that game.
                let variant = self.view.variant();
                ui.menu_button(format!("Board colours ({})", variant.name()), |ui| {
                    let mut scheme = self.settings.scheme_of(variant);
                    for choice in crate::render::view::BoardScheme::ALL {
                        ui.radio_value(&mut scheme, choice, choice.name());
                    }
                    if scheme != self.settings.scheme_of(variant) {
                        self.settings.board_schemes.insert(variant.key().to_string(), scheme);
                    }
                });
                ui.menu_button("Labels (Interstellar)", |ui| {
                    for choice in super::settings::LabelChoice::ALL {
                        ui.radio_value(&mut self.settings.labels, choice, choice.name()).on_hover_text(
                            "Interstellar cells are numbered from each player's side: a move is written \
                             in its mover's numbering",
                        );
                    }
                });
                ui.checkbox(&mut self.settings.sounds, "Sounds")
                    .on_hover_text("A sound for each move, capture, Target or check, and the end of the game");
                self.menu_item(ui, &Command::ToggleGamesList, true, commands);
                ui.checkbox(&mut self.opening_tree_open, Command::ToggleOpeningTree.label());
                let label = format!(
                    "{} ({})",
                    Command::ToggleAnalysis.label(),
                    Command::ToggleAnalysis.shortcut_text().unwrap_or_default()
                );
                ui.checkbox(&mut self.settings.analysis, label);
                self.menu_item(ui, &Command::ShowShortcuts, true, commands);
            });
        });
    }

    /// The Puzzles menu: the built-in puzzles, solving the shown position, Hint.
    fn puzzles_menu(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        ui.menu_button("Puzzles", |ui| {
            self.menu_item(ui, &Command::OpenPuzzleFile, true, commands);
            ui.separator();
            for (index, builtin) in builtin_puzzles().iter().enumerate() {
                let title = builtin
                    .puzzle()
                    .map(|p| {
                        let what = match p.goal {
                            PuzzleGoal::Stipulation(s) => s.to_string(),
                            PuzzleGoal::Shown(g) => g.words().to_string(),
                        };
                        format!("{} — {what}", p.title)
                    })
                    .unwrap_or_else(|_| builtin.file.to_string());
                if ui.button(title).clicked() {
                    commands.push(Command::OpenPuzzle(index));
                    ui.close();
                }
            }
            ui.separator();
            let variant = self.view.variant();
            ui.menu_button("Solve the shown position", |ui| {
                for goal in crate::solver::Goal::ALL.into_iter().filter(|g| g.applies_to(variant)) {
                    for moves in 1..=3 {
                        if let Ok(s) = Stipulation::new(goal, moves)
                            && ui.button(s.to_string()).clicked()
                        {
                            commands.push(Command::SolveShown(s));
                            ui.close();
                        }
                    }
                }
            });
            if self.solving() {
                self.menu_item(ui, &Command::Hint, true, commands);
            }
        });
    }

    fn status_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let (text, warn) = match self.view.setup_problems() {
                Some(problems) if problems.is_empty() => ("Board editor: a valid position".to_string(), false),
                Some(problems) => {
                    let n = problems.len();
                    (format!("Board editor: {n} problem{} with this position", if n == 1 { "" } else { "s" }), true)
                }
                None => match self.view.banner() {
                    Some(banner) => (format!("Game over: {banner}"), false),
                    None => self.view.status(),
                },
            };
            let color = if warn { theme::ERROR } else { ui.visuals().text_color() };
            ui.label(RichText::new(text).color(color).strong());
            if self.dialog.is_some() {
                ui.separator();
                ui.spinner();
                ui.label("Waiting for the file dialog…");
            }
            if !self.message.is_empty() {
                ui.separator();
                // Its room: what the file name and the cell under the pointer leave.
                // Truncated, it shows the whole text on hover.
                let file_chars =
                    self.document.file.as_ref().map_or(14, |p| p.display().to_string().chars().count() + 11);
                let room = (ui.available_width() - 370.0 - 7.0 * file_chars as f32).max(120.0);
                let size = egui::vec2(room, ui.spacing().interact_size.y);
                let layout = egui::Layout::left_to_right(egui::Align::Center);
                ui.allocate_ui_with_layout(size, layout, |ui| {
                    ui.set_max_width(room);
                    ui.add(egui::Label::new(self.message.as_str()).truncate());
                });
            }
            let hovered = self.view.hovered_cell();
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let name = match &self.document.file {
                    Some(p) => p.display().to_string(),
                    None => "not saved yet".to_string(),
                };
                let modified = if self.document.modified { " (modified)" } else { "" };
                ui.label(RichText::new(format!("{name}{modified}")).weak());
                // The cell under the pointer, by name (in both numberings where the
                // game counts cells from each player's side).
                // Always the same room, so the bar does not change as the pointer moves.
                ui.separator();
                ui.add_sized(
                    egui::vec2(340.0, ui.spacing().interact_size.y),
                    egui::Label::new(RichText::new(hovered.unwrap_or_default()).weak()).truncate(),
                );
            });
        });
    }

    fn windows(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        self.restore_prompt(ctx);
        self.unsaved_prompt(ctx);
        if self.resign_prompt {
            let side = self.view.side_to_move_name();
            let modal = egui::Modal::new(egui::Id::unique("resign")).show(ctx, |ui| {
                ui.heading("Resign this game?");
                ui.label(format!("{side} resigns: the game ends as a loss for {side}."));
                ui.horizontal(|ui| {
                    if ui.button("Resign").clicked() {
                        commands.push(Command::Resign);
                        self.resign_prompt = false;
                    }
                    if ui.button("Keep playing").clicked() {
                        self.resign_prompt = false;
                    }
                });
            });
            if modal.should_close() {
                self.resign_prompt = false;
            }
        }
        if let Some((title, errors)) = self.error_list.clone() {
            let mut open = true;
            egui::Window::new(title).open(&mut open).collapsible(false).show(ctx, |ui| {
                egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
                    for e in &errors {
                        ui.label(RichText::new(e).monospace());
                    }
                });
                if ui.button("Close").clicked() {
                    self.error_list = None;
                }
            });
            if !open {
                self.error_list = None;
            }
        }
        self.reading_window(ctx);
        // The problems of a file just opened come on top of its games list.
        self.games_list_window(ctx, commands);
        self.opening_tree_window(ctx, commands);
        self.file_problems_window(ctx, commands);
        self.path_prompt_window(ctx);
        self.paste_window(ctx, commands);
        self.computer_window(ctx, commands);
        if self.show_shortcuts {
            let mut open = true;
            egui::Window::new("Keyboard shortcuts").open(&mut open).collapsible(false).show(ctx, |ui| {
                egui::Grid::new("shortcuts").num_columns(2).show(ui, |ui| {
                    for command in Command::with_shortcuts() {
                        ui.label(command.label());
                        ui.label(RichText::new(command.shortcut_text().unwrap_or_default()).monospace());
                        ui.end_row();
                    }
                });
            });
            self.show_shortcuts = open;
        }
        if let Some(mut form) = self.puzzle_form.take() {
            // 1 to 3 moves, as the field offers (a number typed past them is brought back).
            form.moves = form.moves.clamp(1, 3);
            self.puzzle_form_last = Some(form.clone());
            // The solver checks the position and stipulation as they stand in the form.
            let record = self.view.puzzle_record(&form);
            if let Some(record) = &record
                && !self.puzzle_check.as_ref().is_some_and(|c| c.is_for(record))
            {
                self.puzzle_check = PuzzleCheck::start(record).ok();
            }
            if self.puzzle_check.as_mut().is_some_and(PuzzleCheck::poll) {
                ctx.request_repaint_after(std::time::Duration::from_millis(50));
            }
            match form.ui(ctx, self.puzzle_check.as_mut()) {
                Some(true) => match (record, &self.puzzle_check) {
                    (Some(record), Some(check)) if check.is_for(&record) => {
                        let game = check.record_to_save(&record);
                        self.puzzle_verdict = Some(check.summary());
                        self.puzzle_check = None;
                        self.save_puzzle(game);
                    }
                    (Some(record), _) => {
                        self.puzzle_verdict = None;
                        self.save_puzzle(record);
                    }
                    (None, _) => self.puzzle_form = Some(form),
                },
                Some(false) => self.puzzle_check = None,
                None => self.puzzle_form = Some(form),
            }
        }
        if let Some(mut form) = self.export.take() {
            let mut path = self.export_path.take();
            let mut keep = true;
            let preview = self.export_preview(ctx, &form);
            let answer = form.ui(ctx, &mut path, preview.as_ref());
            if let Some((last, _)) = &mut self.export_last {
                *last = form.clone();
            }
            match answer {
                Some(ExportAction::Export) => {
                    let ext = form.extension();
                    let request = DialogRequest::Save {
                        folder: self.settings.last_folder.clone(),
                        suggested_name: format!("{}-diagram.{ext}", self.view.variant().key()),
                        filters: vec![(
                            if form.svg { "SVG image".into() } else { "PNG image".into() },
                            vec![ext.into()],
                        )],
                    };
                    // The window waits hidden for the dialog's answer.
                    self.ask(DialogPurpose::Export(Box::new(form.clone())), request);
                    keep = false;
                }
                Some(ExportAction::WriteTo(target)) => keep = !self.export_to(&form, &target),
                Some(ExportAction::Copy) => self.copy_diagram(&form),
                Some(ExportAction::Close) => keep = false,
                None => {}
            }
            if keep {
                self.export = Some(form);
                self.export_path = path;
            }
        }
        self.poll_gif(ctx);
        if let Some(mut form) = self.gif.take() {
            let mut path = self.gif_path.take();
            let mut keep = true;
            match form.ui(ctx, &mut path, self.gif_job.as_ref()) {
                Some(GifAction::Export) => {
                    let request = DialogRequest::Save {
                        folder: self.settings.last_folder.clone(),
                        suggested_name: self
                            .document
                            .file
                            .as_deref()
                            .and_then(|f| f.file_stem())
                            .map(|stem| format!("{}.gif", stem.to_string_lossy()))
                            .unwrap_or_else(|| format!("{}-game.gif", self.view.variant().key())),
                        filters: vec![("GIF animation".into(), vec!["gif".into()])],
                    };
                    // The window waits hidden for the dialog's answer.
                    self.ask(DialogPurpose::Gif(Box::new(form.clone())), request);
                    keep = false;
                }
                Some(GifAction::WriteTo(target)) => {
                    self.start_gif(form.clone(), target);
                }
                Some(GifAction::Cancel) => {
                    if let Some(job) = &self.gif_job {
                        job.cancel();
                    }
                }
                Some(GifAction::Close) => {
                    keep = false;
                    self.gif_last = Some(form.clone());
                }
                None => {}
            }
            if keep && self.gif.is_none() {
                self.gif = Some(form);
                self.gif_path = path;
            }
        }
    }

    /// While a file is read in the background: its name, a progress bar and Cancel.
    fn reading_window(&mut self, ctx: &egui::Context) {
        let Some(reading) = &self.reading else { return };
        let name = reading
            .path
            .file_name()
            .map_or_else(|| reading.path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let (done, total) = reading.progress();
        let mut cancel = false;
        egui::Modal::new(egui::Id::unique("reading-file")).show(ctx, |ui| {
            ui.heading(format!("Opening {name}"));
            let bar = if total > 0 {
                #[allow(clippy::cast_precision_loss)] // a fraction for a bar
                let fraction = done as f32 / total as f32;
                egui::ProgressBar::new(fraction).text(format!("{} of {}", size_text(done), size_text(total)))
            } else {
                egui::ProgressBar::new(0.0).animate(true).text("reading…")
            };
            ui.add(bar.desired_width(320.0));
            if ui.button("Cancel").clicked() {
                cancel = true;
            }
        });
        if cancel {
            self.cancel_reading();
        }
    }

    /// The problems of the file opened last; each one in an open game leads to its text.
    fn file_problems_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some(problems) = &self.file_problems else { return };
        let mut open = true;
        let mut close = false;
        egui::Window::new(problems.title.clone())
            .id(egui::Id::unique("file-problems"))
            .default_pos(egui::pos2(440.0, 80.0))
            .open(&mut open)
            .collapsible(false)
            .show(ctx, |ui| {
                for note in &problems.notes {
                    ui.label(note);
                }
                ui.separator();
                egui::ScrollArea::vertical().max_height(300.0).show_rows(
                    ui,
                    ui.text_style_height(&egui::TextStyle::Monospace) + 4.0,
                    problems.items.len(),
                    |ui, rows| {
                        for item in &problems.items[rows] {
                            let d = &item.diagnostic;
                            let color = if d.severity == Severity::Error { theme::ERROR } else { theme::WARNING };
                            let text = RichText::new(d.to_string()).monospace().color(color);
                            match item.game {
                                Some(number) => {
                                    let response = ui.selectable_label(false, text).on_hover_text(format!(
                                        "Show game {number} as it stands in the file, the caret at {}:{}",
                                        d.line, d.column
                                    ));
                                    if response.clicked() {
                                        commands.push(Command::ShowProblem { number, line: d.line, column: d.column });
                                    }
                                }
                                None => {
                                    let why = match item.unread_game {
                                        Some(n) => format!(
                                            "Game {n} could not be read at all: it is not open, and the file keeps it"
                                        ),
                                        None => "Text that belongs to no game".to_string(),
                                    };
                                    ui.label(text).on_hover_text(why);
                                }
                            }
                        }
                    },
                );
                if ui.button("Close").clicked() {
                    close = true;
                }
            });
        if !open || close {
            self.file_problems = None;
        }
    }

    /// The games of the open file ([`GamesList`]).
    fn games_list_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        if !self.games_list {
            return;
        }
        let mut open = true;
        let shown = (self.view.variant(), self.view.position_key(), self.view.position_string());
        let editor = self.view.setup_position_string();
        self.games.ui(
            ctx,
            &mut open,
            &self.document,
            &mut self.games_filter,
            shown,
            editor,
            &mut self.positions,
            commands,
        );
        self.games_list = open;
    }

    /// The opening tree of the shown position over the open file ([`OpeningTree`]).
    fn opening_tree_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        if !self.opening_tree_open {
            return;
        }
        let mut open = true;
        let position = (self.view.variant(), self.view.position_key());
        let scores = self.view.analysis_move_scores();
        if self.view.hides_moves() {
            // A study chapter quizzing its line: the tree would give the answers away.
            egui::Window::new("Opening tree").open(&mut open).show(ctx, |ui| {
                ui.label("Hidden while the chapter asks for its moves (Show the line shows both).");
            });
            self.opening_tree_open = open;
            return;
        }
        self.opening_tree.ui(ctx, &mut open, &self.document, position, &scores, &mut self.positions, commands);
        self.opening_tree_open = open;
    }

    /// After a crash: what the autosave holds, and whether to restore it.
    fn restore_prompt(&mut self, ctx: &egui::Context) {
        let Some(saved) = self.restore_offer.clone() else { return };
        let what = match read_one(&saved.game_text) {
            Ok(game) => {
                let file = saved.file.as_ref().map(|p| format!(" from {}", p.display())).unwrap_or_default();
                let unsaved = if saved.modified { ", with unsaved changes" } else { "" };
                let name = game.variant().name();
                let article = super::session::article(name);
                let n = game.move_count();
                format!("{article} {name} game of {n} move{}{file}{unsaved}", if n == 1 { "" } else { "s" })
            }
            Err(_) => "a game that cannot be read".to_string(),
        };
        egui::Modal::new(egui::Id::unique("restore-autosave")).show(ctx, |ui| {
            ui.heading("Restore the last session?");
            ui.label(format!("Orrery did not close normally. The autosave holds {what}."));
            ui.horizontal(|ui| {
                if ui.button("Restore").clicked() {
                    self.restore_offer = None;
                    self.restore_autosave(&saved);
                    self.autosave.touch(self.now);
                }
                if ui.button("Start fresh").clicked() {
                    self.restore_offer = None;
                    self.autosave.touch(self.now);
                }
            });
        });
    }

    fn unsaved_prompt(&mut self, ctx: &egui::Context) {
        let Some(action) = self.pending.clone() else { return };
        let what = match &action {
            PendingAction::New(_) => "starting a new game",
            PendingAction::Open | PendingAction::OpenPath(_) => "opening another file",
            PendingAction::Quit => "quitting",
            PendingAction::PlayFrom(_) => "starting a game from the board editor",
            PendingAction::Puzzle(_) | PendingAction::OpenPuzzles => "opening a puzzle",
            PendingAction::OpenGame(_) => "opening the pasted game",
            PendingAction::Computer { .. } => "starting a game against the computer",
            PendingAction::Clock { .. } => "starting a game with a clock",
        };
        let modal = egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            let n = self.document.games.len();
            let games =
                if crate::record::study::study_name(&self.document.games).is_some() { "chapters" } else { "games" };
            let changes = match &self.document.file {
                Some(path) if n > 1 => format!(
                    "the {n} {games} of {}",
                    path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default()
                ),
                None if n > 1 => format!("these {n} {games}"),
                _ => "this game".to_string(),
            };
            ui.label(format!("Save the changes to {changes} before {what}?"));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    self.pending = None;
                    match self.document.file.clone() {
                        Some(path) => {
                            if self.save_to(&path) {
                                self.perform(action.clone());
                            }
                        }
                        // Saved (and then the action done) when the dialog answers.
                        None => self.save_as_then(Some(action.clone())),
                    }
                }
                if ui.button("Don't save").clicked() {
                    self.pending = None;
                    // Opening replaces the game only once a file has been read: a
                    // cancelled file dialog or an unreadable file keeps the work.
                    if !matches!(action, PendingAction::Open | PendingAction::OpenPath(_)) {
                        self.discard_changes();
                    }
                    self.perform(action.clone());
                }
                if ui.button("Cancel").clicked() {
                    self.pending = None;
                }
            });
        });
        if modal.should_close() {
            self.pending = None;
        }
    }

    fn path_prompt_window(&mut self, ctx: &egui::Context) {
        let Some(mut prompt) = self.path_prompt.clone() else { return };
        let mut keep = true;
        let title = match (prompt.save, self.document.games.len()) {
            (true, _) if prompt.puzzle.is_some() => "Save puzzle as",
            (true, 1) => "Save game as",
            (true, _) => "Save games as",
            (false, _) if self.open_as_puzzles => "Open puzzle file",
            (false, _) => "Open game",
        };
        egui::Window::new(title).collapsible(false).show(ctx, |ui| {
            ui.label("No file chooser is available here: type the file's path (.pgn or .ron).");
            ui.label(
                RichText::new("(A file chooser needs an xdg desktop portal, e.g. xdg-desktop-portal-gtk, or zenity.)")
                    .weak(),
            );
            let enter_pressed = ui.input(|i| i.key_pressed(Key::Enter));
            let edit = ui.add(egui::TextEdit::singleline(&mut prompt.text).desired_width(480.0).hint_text("path"));
            // The path box takes the keys as soon as the prompt opens.
            if ui.memory(|m| m.focused().is_none()) {
                edit.request_focus();
            }
            let enter = (edit.lost_focus() || edit.has_focus()) && enter_pressed;
            let mut replace = false;
            if let Some(existing) = &prompt.replace {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!("{} already exists. Replace it?", existing.display()),
                );
                replace = ui.button("Replace").clicked();
            }
            ui.horizontal(|ui| {
                let go = ui.button(if prompt.save { "Save" } else { "Open" }).clicked() || enter || replace;
                if go && !prompt.text.trim().is_empty() {
                    let path = PathBuf::from(prompt.text.trim());
                    // Saving over a file that exists asks first (the document's own
                    // file aside): it may be a damaged original or another game.
                    let asked = prompt.replace.as_deref() == Some(path.as_path()) && replace;
                    if prompt.save
                        && path.exists()
                        && !asked
                        && (prompt.puzzle.is_some() || self.document.file.as_deref() != Some(path.as_path()))
                    {
                        prompt.replace = Some(path);
                        return;
                    }
                    // On failure the prompt stays, with the path typed, beside the error.
                    keep = !match &prompt.puzzle {
                        Some(game) => self.write_puzzle(&path, game),
                        None if prompt.save => {
                            let saved = self.save_as_path(&path);
                            if saved && let Some(action) = prompt.then.take() {
                                self.perform(action);
                            }
                            saved
                        }
                        // Moves may have been played while the prompt was open: ask
                        // before they are dropped.
                        None if self.document.modified && self.document.revision() != prompt.revision => {
                            self.pending = Some(PendingAction::OpenPath(path));
                            true
                        }
                        None => self.begin_open(&path),
                    };
                }
                if ui.button("Cancel").clicked() {
                    keep = false;
                    self.open_as_puzzles = false;
                }
            });
        });
        self.path_prompt = keep.then_some(prompt);
    }

    /// Game → New game against the computer / with a clock: the game, (against the
    /// computer) the user's side and the level, and the time control with a handicap.
    fn computer_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some(mut form) = self.new_game_form.clone() else { return };
        let mut keep = true;
        let title = if form.computer { "New game against the computer" } else { "New game with a clock" };
        if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.new_game_form = None;
            return;
        }
        egui::Window::new(title).collapsible(false).show(ctx, |ui| {
            let sides = crate::with_variant!(form.variant, G => {
                let first = <G as crate::core::Game>::opening().side_to_move();
                [capitalise(first.name()), capitalise(first.other().name())]
            });
            egui::Grid::new("computer form").num_columns(2).show(ui, |ui| {
                ui.label("Game");
                ui.horizontal(|ui| {
                    for v in Variant::ALL {
                        ui.radio_value(&mut form.variant, v, v.name());
                    }
                });
                ui.end_row();
                if form.computer {
                    ui.label("You play");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut form.user_side, Some(0), format!("{} (moves first)", sides[0]));
                        ui.radio_value(&mut form.user_side, Some(1), sides[1].as_str());
                        ui.radio_value(&mut form.user_side, None, "Random");
                    });
                    ui.end_row();
                    let label = ui.label("Level");
                    egui::ComboBox::from_id_salt("computer level")
                        .selected_text(Level::new(form.level).map_or_else(String::new, Level::describe))
                        .show_ui(ui, |ui| {
                            for level in Level::all() {
                                ui.selectable_value(&mut form.level, level.number(), level.describe());
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();
                }
                let label = ui.label("Clock");
                let shown = match &form.clock {
                    None => "No clock".to_string(),
                    Some(text) => match clock::PRESETS.iter().find(|(_, t)| t == text) {
                        Some((name, _)) => (*name).to_string(),
                        None => "Custom".to_string(),
                    },
                };
                egui::ComboBox::from_id_salt("time control")
                    .selected_text(shown)
                    .width(260.0)
                    .height(400.0)
                    .show_ui(ui, |ui| {
                        if form.computer {
                            ui.selectable_value(&mut form.clock, None, "No clock");
                        }
                        for (name, text) in clock::PRESETS {
                            ui.selectable_value(&mut form.clock, Some(text.to_string()), name);
                        }
                        if ui.selectable_label(false, "Custom…").clicked() {
                            form.clock = Some(form.clock.clone().unwrap_or_else(|| "300+3".into()) + " ");
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                if let Some(text) = &mut form.clock {
                    let label = ui.label("Time control");
                    ui.vertical(|ui| {
                        ui.add(egui::TextEdit::singleline(text).desired_width(220.0)).labelled_by(label.id).on_hover_text(
                            "Seconds, + increment, d simple delay, b Bronstein delay, moves/ for a stage, : between stages: 300+3, 300d5, 40/5400+30:1800+30",
                        );
                        match TimeControl::parse(text) {
                            Ok(tc) => ui.label(RichText::new(tc.describe()).small()),
                            Err(e) => ui.label(RichText::new(e.to_string()).small().color(theme::ERROR)),
                        };
                    });
                    ui.end_row();
                    for (i, side) in sides.iter().enumerate() {
                        let label = ui.label(format!("Handicap {side}"));
                        ui.add(egui::DragValue::new(&mut form.handicap[i]).range(-3600..=3600).suffix(" s"))
                            .labelled_by(label.id)
                            .on_hover_text("Seconds added to this side's first stage (negative: taken away)");
                        ui.end_row();
                    }
                }
            });
            let setup = form.clock_setup();
            ui.horizontal(|ui| {
                if ui.add_enabled(setup.is_ok(), egui::Button::new("Start")).clicked()
                    && let Ok(clock) = setup.clone()
                {
                    commands.push(match (form.computer, clock) {
                        (true, clock) => Command::NewComputerGame {
                            variant: form.variant,
                            user_side: form.user_side,
                            level: form.level,
                            clock,
                        },
                        (false, Some(clock)) => Command::NewClockGame { variant: form.variant, clock },
                        (false, None) => Command::NewGame(form.variant),
                    });
                    self.last_game_forms[usize::from(!form.computer)] = Some(form.clone());
                    keep = false;
                }
                if ui.button("Cancel").clicked() {
                    keep = false;
                }
            });
        });
        self.new_game_form = keep.then_some(form);
    }

    fn paste_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some(mut text) = self.paste_text.clone() else { return };
        let mut keep = true;
        let variant = self.view.variant();
        egui::Window::new("Paste position").collapsible(false).default_pos(egui::pos2(60.0, 80.0)).show(ctx, |ui| {
            ui.label("A position string of any game (Ctrl+V to paste):");
            let field = ui.add(egui::TextEdit::singleline(&mut text).desired_width(480.0).hint_text("position string"));
            // The field takes the keys as soon as the window opens.
            if ui.memory(|m| m.focused().is_none()) {
                field.request_focus();
            }
            // Either game's string is taken; the problems shown are those of the game on
            // the board when the text is no position of any game.
            let found = shown_first(variant).find(|v| read_position(*v, &text).is_some());
            // The problems are those of the game the string looks written for (by its
            // side to move), else of the game on the board.
            let judged = crate::core::Variant::guess_from_position_string(&text).unwrap_or(variant);
            let problems: Vec<String> = match found {
                Some(_) => Vec::new(),
                None => crate::with_variant!(judged, G => {
                    match <G as crate::core::Game>::from_position_string(&text) {
                        Ok(_) => Vec::new(),
                        Err(e) => e.problems(),
                    }
                }),
            };
            if let Some(v) = found.filter(|v| *v != variant) {
                let article = capitalise(super::session::article(v.name()));
                ui.label(format!("{article} {} position: the game changes to {}", v.name(), v.name()));
            }
            if !text.trim().is_empty() {
                if found.is_none() && judged != variant {
                    let article = capitalise(super::session::article(judged.name()));
                    ui.label(format!("{article} {} position string, with these problems:", judged.name()));
                }
                for line in &problems {
                    ui.label(RichText::new(line).color(theme::ERROR));
                }
            }
            ui.horizontal(|ui| {
                let valid = found.is_some() && !text.trim().is_empty();
                if ui.add_enabled(valid, egui::Button::new(Command::SetPosition(String::new()).label())).clicked() {
                    commands.push(Command::SetPosition(text.clone()));
                    keep = false;
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    keep = false;
                }
            });
        });
        self.paste_text = keep.then_some(text);
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

/// The notation editor's smallest and largest heights, in points.
const NOTATION_HEIGHTS: (f32, f32) = (120.0, 900.0);

/// The grip along the top of the notation editor: a thin bar that resizes the editor
/// when dragged (the pointer shows a vertical resize arrow over it). Returns how far it
/// was dragged down this frame, in points.
fn notation_grip(ui: &mut egui::Ui) -> f32 {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 7.0), egui::Sense::drag());
    let response = response.on_hover_cursor(egui::CursorIcon::ResizeVertical);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Splitter, true, "Resize the notation editor"));
    let color = if response.hovered() || response.dragged() {
        ui.visuals().widgets.hovered.fg_stroke.color
    } else {
        ui.visuals().widgets.noninteractive.bg_stroke.color
    };
    let c = rect.center();
    ui.painter()
        .line_segment([egui::pos2(c.x - 24.0, c.y), egui::pos2(c.x + 24.0, c.y)], egui::Stroke::new(3.0, color));
    if response.dragged() { response.drag_delta().y } else { 0.0 }
}

/// The width of the panel beside the board (the move list, or the board editor), in
/// points, whatever it shows.
pub const SIDE_PANEL_WIDTH: f32 = 340.0;

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
        EditorEvent::Parsed { game, caret } => Some(Command::ReplaceGame { game, caret }),
        EditorEvent::CaretAt(node) => Some(Command::Jump(node)),
        EditorEvent::ToggleNag(nag) => Some(Command::ToggleNag(nag)),
        EditorEvent::Promote => (cursor != NodeId::ROOT).then_some(Command::PromoteVariation(cursor)),
        EditorEvent::DeleteFromHere => (cursor != NodeId::ROOT).then_some(Command::DeleteFrom(cursor)),
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
