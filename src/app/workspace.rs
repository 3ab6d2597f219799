//! The workspace: the model of the app, with no egui in it — the open document, the
//! shown game's view (session, board editor, puzzle, promotion, learning, clock), undo
//! (each game's and the list of games'), puzzle-set mode, the status message and an
//! action waiting for the unsaved-work prompt. It changes only as `OrreryApp::apply`
//! carries out commands (`ui/apply.rs`); the shell reads it to draw.

use std::collections::HashMap;
use std::path::PathBuf;

use super::clock::ClockSetup;
use super::document::Document;
use super::history::History;
use super::view::ShownGame;
use crate::core::Variant;
use crate::engine::Level;
use crate::record::AnyGame;

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
    /// Game → New study…: a new study whose one chapter is this game (tagged already).
    NewStudy(Box<AnyGame>),
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
    /// Help → Learn: a course's game level, a game against the computer from its
    /// position (tagged with the level's key).
    LessonGame {
        /// The record to start from.
        game: Box<AnyGame>,
        /// The user's side: 0 moves first.
        user_side: usize,
        /// The computer's level.
        level: Level,
    },
    /// Game → New game with a clock (two players on this screen).
    Clock {
        /// The game.
        variant: Variant,
        /// The clock.
        clock: ClockSetup,
    },
}

/// The state before a change, for undo.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Snapshot {
    /// The game as it was, shared (a reference count: the next change copies it).
    pub(crate) game: std::sync::Arc<AnyGame>,
    pub(crate) cursor: Vec<usize>,
    pub(crate) modified: bool,
    /// When the change was made, in the order of all changes (games and the list of
    /// games share one undo order).
    pub(crate) seq: u64,
}

/// A change to the list of games, as undo keeps it: undoing it applies its inverse.
pub(crate) enum ListChange {
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
pub(crate) struct RemovedGame {
    pub(crate) game: AnyGame,
    pub(crate) origin: crate::files::GameOrigin,
    pub(crate) kept: Option<(History<Snapshot>, Vec<usize>)>,
}

/// The model: the open records, the shown game, undo (the games' and the list's), puzzle-set mode and the status message.
pub struct Workspace {
    /// The open records and their file.
    pub document: Document,
    /// The shown game (the app's one erased game).
    pub view: ShownGame,
    pub(crate) history: History<Snapshot>,
    /// The last message for the status bar (an illegal move's reason, a file result).
    pub message: String,
    /// An action waiting for the unsaved-work prompt.
    pub pending: Option<PendingAction>,
    /// The document's games are played as a puzzle set: the shown game's puzzle is in
    /// solving mode, Next/Previous go through the games with a `Stipulation` tag.
    pub puzzle_set: bool,
    /// The file being opened is a puzzle file (Puzzles → Open puzzle file…).
    pub(crate) open_as_puzzles: bool,
    /// The board editor's position string as last seen: a message about an earlier
    /// position goes when it changes.
    pub(crate) setup_seen: Option<String>,
    /// After a restart: the restored game's file is to be played as a puzzle set again.
    pub(crate) restore_puzzle_set: bool,
    /// Each game's puzzle mark, for the document's revision.
    pub(crate) puzzle_keys: (u64, Vec<Option<String>>),
    /// The shown puzzle's being solved is kept in the settings already.
    pub(crate) puzzle_solved_kept: bool,
    /// The undo history and the shown move of each game of the document not shown now
    /// (by index), so switching games keeps each game's own undo.
    pub(crate) stashed: HashMap<usize, (History<Snapshot>, Vec<usize>)>,
    /// Changes to the list of games that can be undone and redone, each with its place
    /// in the undo order ([`Snapshot::seq`]).
    pub(crate) list_undo: Vec<(u64, ListChange)>,
    pub(crate) list_redo: Vec<(u64, ListChange)>,
    /// The last number given in the undo order.
    pub(crate) seq: u64,
    /// The analysis was on when "Learn from your mistakes" turned it off: it comes back
    /// when the lesson ends.
    pub(crate) analysis_after_learning: bool,
    /// The board was turned for a game against the computer played second: it turns
    /// back when another game is shown.
    pub(crate) flipped_for_computer: bool,
    /// Help → Learn: the course open in the window (the Learn screen replaces the
    /// panes while it is open; the document stays as it was).
    pub learn: Option<super::learn::Learn>,
}
