//! Every user intent as a [`Command`]: panels, menus and keys push commands during the
//! frame, and the app applies them after it ([`super::ui::OrreryApp::apply`]), where
//! history and the modified flag are kept. Each command carries its label and shortcut,
//! so the menus, the key handling and the shortcut list are generated from one table and
//! cannot drift apart.
//!
//! Cells travel erased as slots (the bit index of the game's [`BoardCell`]); the game's
//! view turns them back into its own cells.
//!
//! [`BoardCell`]: crate::core::BoardCell

use std::path::PathBuf;

use egui::{Key, KeyboardShortcut, Modifiers};

use super::clock::ClockSetup;
use crate::core::Variant;
use crate::record::{AnyGame, NodeId};

pub use super::action::GameCommand;
use crate::solver::Stipulation;

/// Something the user asked for.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    // Game menu.
    /// A new game of the kind shown.
    NewSameGame,
    /// A new game of this kind.
    NewGame(Variant),
    /// Open a record file (file dialog).
    Open,
    /// Open this record file.
    OpenPath(PathBuf),
    /// Save to the document's file (Save As when it has none).
    Save,
    /// Save to a file chosen in the dialog.
    SaveAs,
    /// Save to this path.
    SaveTo(PathBuf),
    /// Open the board editor on the shown position.
    BoardEditor,
    /// Open the Export diagram window.
    ExportDiagram,
    /// Open the Export GIF window (the shown game as an animated GIF).
    ExportGif,
    /// Quit (after the unsaved-work prompt).
    Quit,
    // Edit menu.
    /// Undo the last change of the game.
    Undo,
    /// Redo the last undone change.
    Redo,
    /// Copy the shown position's string.
    CopyPosition,
    /// Open the Paste position window.
    PastePosition,
    /// Copy the game in the text format.
    CopyGameText,
    /// Paste from the system clipboard: a game record or a position string of any game
    /// (the game shown changes to it, after the unsaved-work prompt).
    Paste,
    /// Text that arrived from the clipboard (or was dropped), to read as a game or a
    /// position.
    PasteText(String),
    // View menu.
    /// Turn the board half a turn.
    FlipBoard,
    /// Show or hide the coordinates.
    ToggleCoordinates,
    /// Show or hide the legal-move hints.
    ToggleHints,
    /// Show or hide the study marks.
    ToggleMarks,
    /// Show or hide the notation editor.
    ToggleNotationEditor,
    /// Switch between the light and the dark theme.
    ToggleTheme,
    /// Show the keyboard shortcuts.
    ShowShortcuts,
    /// Show or hide the games list (the games of the open file).
    ToggleGamesList,
    // The analysis panel.
    /// Show or hide the analysis panel (the engine searches the shown position while
    /// it is shown).
    ToggleAnalysis,
    /// How many analysis lines (1–5).
    SetAnalysisLines(u8),
    // Against the computer.
    /// Open the New game against the computer window.
    NewComputerGameForm,
    /// A new game against the computer.
    NewComputerGame {
        /// The game.
        variant: Variant,
        /// The side the user plays: 0 moves first, 1 second, `None` at random.
        user_side: Option<usize>,
        /// The computer's level, 1–8.
        level: u8,
        /// The clock, if the game is timed.
        clock: Option<ClockSetup>,
    },
    /// Open the New game with a clock window (two players on this screen).
    NewClockGameForm,
    /// A new game for two players on this screen with a clock.
    NewClockGame {
        /// The game.
        variant: Variant,
        /// The time control and handicap.
        clock: ClockSetup,
    },
    /// Game → Analyse game: the game report on the main line, in the background.
    AnalyseGame,
    /// Show what the opponent would play if it were its move (the analysis shows the
    /// threat instead of the lines), or back to the lines.
    ToggleThreat,
    /// How long each analysis searches, in seconds; `None` until hidden.
    SetAnalysisTime(Option<u32>),
    // The games of the file.
    /// Show the game at this index of the document's games.
    ShowGame(usize),
    /// Keep only these games (indices) in the games list, described by the text.
    FilterGames(String, Vec<usize>),
    /// Show or hide the opening tree.
    ToggleOpeningTree,
    /// Put the docked panes back where they start (View → Reset layout).
    ResetLayout,
    /// Make the file a study of this name: every game a chapter (its title kept, or
    /// taken from its players or event).
    MakeStudy(String),
    /// The shown chapter's title, section and mode.
    SetChapter {
        /// The title.
        title: String,
        /// The section (empty: none).
        section: String,
        /// How a reader goes through it.
        mode: crate::record::study::ChapterMode,
    },
    /// Paste the games on the clipboard into the file, after the shown game (the next
    /// pasted text goes there instead of opening as a new document).
    PasteGamesIntoFile,
    /// Show the game at this index, at the move reached by these child indices from
    /// the start (a game found by its position opens there).
    ShowGameAt(usize, Vec<usize>),
    /// A new game of the shown kind, after the shown game, in the same file.
    NewGameInFile,
    /// A copy of the shown game, after it.
    DuplicateGame,
    /// Take the game at this index out of the file (after the games list asked).
    DeleteGame(usize),
    /// Move the game at `from` to `to` (the next or previous place).
    MoveGame {
        /// Its index now.
        from: usize,
        /// Its index after.
        to: usize,
    },
    /// A problem found when the file was read: show its game (by its number in the
    /// file) and open the notation editor on the game's text as it stands in the file,
    /// with the caret at the problem's line and column.
    ShowProblem {
        /// The game's 1-based number in its file.
        number: usize,
        /// 1-based line in the file.
        line: u32,
        /// 1-based column in the file, in characters.
        column: u32,
    },
    // The notation editor.
    /// The notation editor's text now reads as this game.
    ReplaceGame {
        /// The game read (shared with the editor).
        game: std::sync::Arc<AnyGame>,
        /// The move at the caret, if on a move.
        caret: Option<NodeId>,
    },
    /// Insert a comment at the notation editor's caret.
    InsertComment,
    // The board editor and puzzles.
    /// Start a new game from the board editor's position.
    PlayFromSetup,
    /// Close the board editor.
    CloseBoardEditor,
    /// Open the Save as puzzle form for the board editor's position.
    SaveAsPuzzle,
    /// Open a built-in puzzle (index in the list).
    OpenPuzzle(usize),
    /// Puzzles → Open puzzle file…: a record file whose games with a `Stipulation` tag
    /// are solved one after another.
    OpenPuzzleFile,
    /// Solve the shown game's puzzle (its `Stipulation` tag), and the file's other
    /// puzzles after it.
    SolvePuzzles,
    /// In a puzzle set: the next puzzle (`true`) or the one before.
    NextPuzzle(bool),
    /// Solve the shown position for a stipulation.
    SolveShown(Stipulation),
    /// A command of the shown game, carried out by its view.
    Game(GameCommand),
}

/// Where a shortcut works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Everywhere, even while typing in a text field (Ctrl shortcuts).
    Global,
    /// Only while no text field has the keys (plain keys: arrows, F, Escape).
    Board,
}

/// A command's shortcut, with where it works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortcut {
    /// The keys.
    pub keys: KeyboardShortcut,
    /// Where they work.
    pub scope: Scope,
}

const fn global(modifiers: Modifiers, key: Key) -> Option<Shortcut> {
    Some(Shortcut { keys: KeyboardShortcut::new(modifiers, key), scope: Scope::Global })
}

const fn plain(key: Key) -> Option<Shortcut> {
    Some(Shortcut { keys: KeyboardShortcut::new(Modifiers::NONE, key), scope: Scope::Board })
}

const SHIFT_COMMAND: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);

impl Command {
    /// The commands that have a shortcut, in the order the shortcut list shows them
    /// (and keys are matched: Ctrl+Shift+S before Ctrl+S).
    pub fn with_shortcuts() -> Vec<Command> {
        vec![
            Command::SaveAs,
            Command::Save,
            Command::Open,
            Command::NewSameGame,
            Command::BoardEditor,
            Command::ToggleNotationEditor,
            Command::ToggleGamesList,
            Command::ToggleAnalysis,
            Command::Game(GameCommand::PlayBestMove),
            Command::ToggleThreat,
            Command::Quit,
            // Redo before Undo: Ctrl+Shift+Z would also match Undo's Ctrl+Z (egui
            // matches shortcuts ignoring an extra Shift), as Save As before Save.
            Command::Redo,
            Command::Undo,
            Command::InsertComment,
            Command::FlipBoard,
            Command::Game(GameCommand::Back),
            Command::Game(GameCommand::Forward),
            Command::Game(GameCommand::PreviousVariation),
            Command::Game(GameCommand::NextVariation),
            Command::Game(GameCommand::Start),
            Command::Game(GameCommand::End),
            Command::Game(GameCommand::Deselect),
        ]
    }

    /// The Game menu: a New game per game, then the file and game commands (`None`
    /// stands for a separator; the Recent submenu follows Save As).
    pub fn game_menu() -> Vec<Option<Command>> {
        let mut menu = vec![Some(Command::NewSameGame)];
        menu.extend(Variant::ALL.map(|v| Some(Command::NewGame(v))));
        menu.push(Some(Command::NewComputerGameForm));
        menu.push(Some(Command::NewClockGameForm));
        menu.extend([
            Some(Command::BoardEditor),
            Some(Command::ExportDiagram),
            Some(Command::ExportGif),
            None,
            Some(Command::Open),
            Some(Command::Save),
            Some(Command::SaveAs),
        ]);
        menu
    }

    /// The game's decisions in the Game menu.
    pub fn decisions() -> [Command; 3] {
        [
            Command::Game(GameCommand::Resign),
            Command::Game(GameCommand::AgreeDraw),
            Command::Game(GameCommand::ClaimDraw),
        ]
    }

    /// The Edit menu.
    pub fn edit_menu() -> Vec<Option<Command>> {
        vec![
            Some(Command::Undo),
            Some(Command::Redo),
            None,
            Some(Command::CopyPosition),
            Some(Command::PastePosition),
            Some(Command::CopyGameText),
            Some(Command::Paste),
        ]
    }

    /// The View menu's buttons (the switches are shown as checkboxes).
    pub fn view_menu() -> Vec<Command> {
        vec![
            Command::FlipBoard,
            Command::ToggleGamesList,
            Command::ToggleOpeningTree,
            Command::ToggleTheme,
            Command::ResetLayout,
            Command::ShowShortcuts,
        ]
    }

    /// The label shown in menus and the shortcut list.
    pub fn label(&self) -> String {
        match self {
            Command::NewSameGame => "New game".into(),
            Command::NewGame(v) => format!("New {}", v.name()),
            Command::Open => "Open…".into(),
            Command::OpenPath(p) => format!("Open {}", p.display()),
            Command::Save => "Save".into(),
            Command::SaveAs => "Save As…".into(),
            Command::SaveTo(p) => format!("Save to {}", p.display()),
            Command::BoardEditor => "Board editor…".into(),
            Command::ExportDiagram => "Export diagram…".into(),
            Command::ExportGif => "Export GIF…".into(),
            Command::Quit => "Quit".into(),
            Command::Undo => "Undo".into(),
            Command::Redo => "Redo".into(),
            Command::CopyPosition => "Copy position".into(),
            Command::PastePosition => "Paste position…".into(),
            Command::CopyGameText => "Copy game text".into(),
            Command::Paste => "Paste game or position".into(),
            Command::PasteText(_) => "Paste".into(),
            Command::FlipBoard => "Flip board".into(),
            Command::ToggleCoordinates => "Coordinates".into(),
            Command::ToggleHints => "Legal-move hints".into(),
            Command::ToggleMarks => "Marks (arrows and cells)".into(),
            Command::ToggleNotationEditor => "Notation editor".into(),
            Command::ToggleTheme => "Light or dark theme".into(),
            Command::ShowShortcuts => "Keyboard shortcuts…".into(),
            Command::ToggleGamesList => "Games list".into(),
            Command::ToggleAnalysis => "Analysis (engine)".into(),
            Command::SetAnalysisLines(1) => "1 analysis line".into(),
            Command::SetAnalysisLines(n) => format!("{n} analysis lines"),
            Command::NewComputerGameForm => "New game against the computer…".into(),
            Command::NewComputerGame { .. } => "Start the game against the computer".into(),
            Command::NewClockGameForm => "New game with a clock…".into(),
            Command::NewClockGame { .. } => "Start the game with a clock".into(),
            Command::AnalyseGame => "Analyse game (report)".into(),
            Command::ToggleThreat => "Show the threat".into(),
            Command::SetAnalysisTime(Some(s)) => format!("Analyse {s} s"),
            Command::SetAnalysisTime(None) => "Analyse without a time limit".into(),
            Command::ShowGame(index) => format!("Show game {}", index + 1),
            Command::ShowGameAt(index, _) => format!("Show game {} at the position", index + 1),
            Command::FilterGames(what, _) => format!("Games that {what}"),
            Command::ToggleOpeningTree => "Opening tree".into(),
            Command::ResetLayout => "Reset layout".into(),
            Command::MakeStudy(name) => format!("Make the file the study {name}"),
            Command::SetChapter { .. } => "Set the chapter".into(),
            Command::PasteGamesIntoFile => "Paste games into this file".into(),
            Command::NewGameInFile => "New game in this file".into(),
            Command::DuplicateGame => "Duplicate game".into(),
            Command::DeleteGame(index) => format!("Delete game {}", index + 1),
            Command::MoveGame { to, .. } => format!("Move game to place {}", to + 1),
            Command::ShowProblem { .. } => "Show the problem in the notation editor".into(),
            Command::ReplaceGame { .. } => "Apply the notation text".into(),
            Command::InsertComment => "Insert comment (notation editor)".into(),
            Command::PlayFromSetup => "Play from here".into(),
            Command::CloseBoardEditor => "Close editor".into(),
            Command::SaveAsPuzzle => "Save as puzzle…".into(),
            Command::OpenPuzzle(_) => "Open puzzle".into(),
            Command::OpenPuzzleFile => "Open puzzle file…".into(),
            Command::SolvePuzzles => "Solve it".into(),
            Command::NextPuzzle(true) => "Next puzzle".into(),
            Command::NextPuzzle(false) => "Previous puzzle".into(),
            Command::SolveShown(s) => s.to_string(),
            Command::Game(game) => game.label(),
        }
    }

    /// The command's shortcut, if it has one.
    pub fn shortcut(&self) -> Option<Shortcut> {
        match self {
            Command::SaveAs => global(SHIFT_COMMAND, Key::S),
            Command::Save => global(Modifiers::COMMAND, Key::S),
            Command::Open => global(Modifiers::COMMAND, Key::O),
            Command::NewSameGame => global(Modifiers::COMMAND, Key::N),
            Command::BoardEditor => global(Modifiers::COMMAND, Key::B),
            Command::ToggleNotationEditor => global(Modifiers::COMMAND, Key::E),
            Command::ToggleGamesList => global(Modifiers::COMMAND, Key::G),
            Command::Quit => global(Modifiers::COMMAND, Key::Q),
            Command::Undo => global(Modifiers::COMMAND, Key::Z),
            Command::Redo => global(Modifiers::COMMAND, Key::Y),
            Command::InsertComment => global(SHIFT_COMMAND, Key::C),
            Command::FlipBoard => plain(Key::F),
            Command::ToggleAnalysis => plain(Key::L),
            Command::Game(GameCommand::PlayBestMove) => plain(Key::Space),
            Command::ToggleThreat => plain(Key::X),
            Command::Game(GameCommand::Back) => plain(Key::ArrowLeft),
            Command::Game(GameCommand::Forward) => plain(Key::ArrowRight),
            Command::Game(GameCommand::PreviousVariation) => plain(Key::ArrowUp),
            Command::Game(GameCommand::NextVariation) => plain(Key::ArrowDown),
            Command::Game(GameCommand::Start) => plain(Key::Home),
            Command::Game(GameCommand::End) => plain(Key::End),
            Command::Game(GameCommand::Deselect) => plain(Key::Escape),
            _ => None,
        }
    }

    /// Further keys that do the same (Ctrl+Shift+Z for Redo).
    pub fn alternative_keys(&self) -> Option<KeyboardShortcut> {
        match self {
            Command::Redo => Some(KeyboardShortcut::new(SHIFT_COMMAND, Key::Z)),
            _ => None,
        }
    }

    /// The shortcut as text for menus and the shortcut list ("Ctrl+S").
    pub fn shortcut_text(&self) -> Option<String> {
        let keys = self.shortcut()?.keys;
        Some(keys.format(&egui::ModifierNames::NAMES, cfg!(target_os = "macos")))
    }

    /// Whether applying the command may change the document (so history is kept and
    /// the document is marked modified when it does).
    pub fn edits_document(&self) -> bool {
        match self {
            Command::Game(game) => game.edits_document(),
            Command::ReplaceGame { .. } => true,
            _ => false,
        }
    }

    /// Whether the notation editor's unread or wrong text must be resolved before the
    /// command may change the game or replace the document (which would drop the text).
    pub fn blocked_by_notation_text(&self) -> bool {
        (self.edits_document() && !matches!(self, Command::ReplaceGame { .. }))
            || matches!(
                self,
                Command::NewSameGame
                    | Command::NewGame(_)
                    | Command::Open
                    | Command::OpenPath(_)
                    | Command::Paste
                    | Command::PasteText(_)
                    | Command::NewComputerGame { .. }
                    | Command::NewClockGame { .. }
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shortcut_is_distinct_and_every_listed_command_has_one() {
        let list = Command::with_shortcuts();
        let keys: Vec<KeyboardShortcut> = list.iter().map(|c| c.shortcut().expect("a shortcut").keys).collect();
        for (k, a) in keys.iter().enumerate() {
            assert!(!keys[k + 1..].contains(a), "{a:?} twice");
        }
        assert_eq!(Command::Save.shortcut_text().as_deref(), Some("Ctrl+S"));
        assert!(Command::NewGame(Variant::Triangular).shortcut().is_none());
    }

    #[test]
    fn the_game_menu_offers_a_new_game_per_game() {
        let menu = Command::game_menu();
        for v in Variant::ALL {
            assert!(menu.contains(&Some(Command::NewGame(v))));
        }
        assert_eq!(Command::NewGame(Variant::Interstellar).label(), "New Interstellar");
    }

    #[test]
    fn only_changes_of_the_game_keep_history() {
        assert!(Command::Game(GameCommand::AgreeDraw).edits_document());
        assert!(Command::Game(GameCommand::ClickCell(3)).edits_document());
        assert!(!Command::Game(GameCommand::Back).edits_document());
        assert!(!Command::Save.edits_document());
    }
}
