//! Every user intent as a [`Command`]: panels, menus and keys push commands during the
//! frame, and the app applies them after it ([`super::ui::OrreryApp::apply`]), where
//! history and the modified flag are kept. Two kinds, as rerun's `UICommand` and
//! `SystemCommand`: the payload-free menu and shortcut commands (Save, Undo, Flip
//! board…), each with its label and shortcut, so the menus, the key handling and the
//! shortcut list are generated from one table and cannot drift apart; and the typed
//! actions that carry what they need, [`Action`] (on the workspace) and
//! [`GameCommand`] (on the shown game), from `action.rs`, wrapped as
//! [`Command::Act`] and [`Command::Game`].
//!
//! Cells travel erased as slots (the bit index of the game's [`BoardCell`]); the game's
//! view turns them back into its own cells.
//!
//! [`BoardCell`]: crate::core::BoardCell

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::core::Variant;

pub use super::action::{Action, GameCommand, LearnAction};

/// Something the user asked for: a menu or shortcut command, or a typed action.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    // Game menu.
    /// A new game of the kind shown.
    NewSameGame,
    /// Open a record file (file dialog).
    Open,
    /// Save to the document's file (Save As when it has none).
    Save,
    /// Save to a file chosen in the dialog.
    SaveAs,
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
    /// Help → Welcome…: the first start's window (learn a game, or play).
    ShowWelcome,
    /// Help → About Orrery: the version, the docs and the games' sources.
    ShowAbout,
    /// Show or hide the games list (the games of the open file).
    ToggleGamesList,
    // The analysis panel.
    /// Show or hide the analysis panel (the engine searches the shown position while
    /// it is shown).
    ToggleAnalysis,
    // Against the computer.
    /// Open the New game against the computer window.
    NewComputerGameForm,
    /// Open the New game with a clock window (two players on this screen).
    NewClockGameForm,
    /// Game → Analyse game: the game report on the main line, in the background.
    AnalyseGame,
    /// Show what the opponent would play if it were its move (the analysis shows the
    /// threat instead of the lines), or back to the lines.
    ToggleThreat,
    // The games of the file.
    /// Show or hide the opening tree.
    ToggleOpeningTree,
    /// Put the docked panes back where they start (View → Reset layout).
    ResetLayout,
    /// Paste the games on the clipboard into the file, after the shown game (the next
    /// pasted text goes there instead of opening as a new document).
    PasteGamesIntoFile,
    /// A new game of the shown kind, after the shown game, in the same file.
    NewGameInFile,
    /// A copy of the shown game, after it.
    DuplicateGame,
    /// Game → New study…: a new study, its first chapter the shown game or position.
    NewStudyForm,
    /// Game → Add to study…: the shown game or position as a study file's last chapter.
    AddToStudyForm,
    /// The keyboard move box under the move list takes the keys.
    FocusMoveBox,
    // The notation editor.
    /// Insert a comment at the notation editor's caret.
    InsertComment,
    // The board editor and puzzles.
    /// Start a new game from the board editor's position.
    PlayFromSetup,
    /// Close the board editor.
    CloseBoardEditor,
    /// Open the Save as puzzle form for the board editor's position.
    SaveAsPuzzle,
    /// Puzzles → Open puzzle file…: a record file whose games with a `Stipulation` tag
    /// are solved one after another.
    OpenPuzzleFile,
    /// Solve the shown game's puzzle (its `Stipulation` tag), and the file's other
    /// puzzles after it.
    SolvePuzzles,
    /// A typed action on the workspace, with what it needs (a path, a game's index).
    Act(Action),
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
            Command::FocusMoveBox,
        ]
    }

    /// The shortcuts as View → Keyboard shortcuts lists them: [`Command::with_shortcuts`]
    /// grouped under headings, in the order a reader looks for them (Undo before Redo,
    /// Save before Save As).
    pub fn shortcuts_by_group() -> Vec<(&'static str, Vec<Command>)> {
        vec![
            ("Game", vec![Command::Open, Command::Save, Command::SaveAs, Command::NewSameGame, Command::Quit]),
            ("Edit", vec![Command::Undo, Command::Redo, Command::InsertComment, Command::BoardEditor]),
            (
                "Moves",
                vec![
                    Command::Game(GameCommand::Back),
                    Command::Game(GameCommand::Forward),
                    Command::Game(GameCommand::Start),
                    Command::Game(GameCommand::End),
                    Command::Game(GameCommand::PreviousVariation),
                    Command::Game(GameCommand::NextVariation),
                    Command::Game(GameCommand::Deselect),
                    Command::FocusMoveBox,
                    Command::Game(GameCommand::PlayBestMove),
                ],
            ),
            (
                "View",
                vec![
                    Command::FlipBoard,
                    Command::ToggleAnalysis,
                    Command::ToggleThreat,
                    Command::ToggleGamesList,
                    Command::ToggleNotationEditor,
                ],
            ),
        ]
    }

    /// The Help menu: Learn and the rules of each game, then the shortcuts, the welcome
    /// window and About (`None` stands for a separator).
    pub fn help_menu() -> Vec<Option<Command>> {
        let mut menu: Vec<Option<Command>> =
            Variant::ALL.map(|v| Some(Command::Act(Action::Learn(LearnAction::Open(v))))).into();
        menu.push(None);
        menu.extend(Variant::ALL.map(|v| Some(Command::Act(Action::ShowRules(v)))));
        menu.extend([None, Some(Command::ShowShortcuts), Some(Command::ShowWelcome), Some(Command::ShowAbout)]);
        menu
    }

    /// The Game menu: a New game per game, then the file and game commands (`None`
    /// stands for a separator; the Recent submenu follows Save As).
    pub fn game_menu() -> Vec<Option<Command>> {
        let mut menu = vec![Some(Command::NewSameGame)];
        menu.extend(Variant::ALL.map(|v| Some(Command::Act(Action::NewGame(v)))));
        menu.push(Some(Command::NewComputerGameForm));
        menu.push(Some(Command::NewClockGameForm));
        menu.extend([
            Some(Command::NewStudyForm),
            Some(Command::AddToStudyForm),
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
            Command::Open => "Open…".into(),
            Command::Save => "Save".into(),
            Command::SaveAs => "Save As…".into(),
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
            Command::FlipBoard => "Flip board".into(),
            Command::ToggleCoordinates => "Coordinates".into(),
            Command::ToggleHints => "Legal-move hints".into(),
            Command::ToggleMarks => "Marks (arrows and cells)".into(),
            Command::ToggleNotationEditor => "Notation editor".into(),
            Command::ToggleTheme => "Light or dark theme".into(),
            Command::ShowShortcuts => "Keyboard shortcuts…".into(),
            Command::ShowWelcome => "Welcome…".into(),
            Command::ShowAbout => "About Orrery".into(),
            Command::ToggleGamesList => "Games list".into(),
            Command::ToggleAnalysis => "Analysis (engine)".into(),
            Command::NewComputerGameForm => "New game against the computer…".into(),
            Command::NewClockGameForm => "New game with a clock…".into(),
            Command::AnalyseGame => "Analyse game (report)".into(),
            Command::ToggleThreat => "Show the threat".into(),
            Command::ToggleOpeningTree => "Opening tree".into(),
            Command::ResetLayout => "Reset layout".into(),
            Command::PasteGamesIntoFile => "Paste games into this file".into(),
            Command::NewGameInFile => "New game in this file".into(),
            Command::DuplicateGame => "Duplicate game".into(),
            Command::NewStudyForm => "New study…".into(),
            Command::AddToStudyForm => "Add to study…".into(),
            Command::FocusMoveBox => "Move box: type a move".into(),
            Command::InsertComment => "Insert comment (notation editor)".into(),
            Command::PlayFromSetup => "Play from here".into(),
            Command::CloseBoardEditor => "Close editor".into(),
            Command::SaveAsPuzzle => "Save as puzzle…".into(),
            Command::OpenPuzzleFile => "Open puzzle file…".into(),
            Command::SolvePuzzles => "Solve it".into(),
            Command::Act(action) => action.label(),
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
            Command::FocusMoveBox => plain(Key::Enter),
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
            Command::Act(Action::ReplaceGame { .. }) => true,
            _ => false,
        }
    }

    /// Whether the notation editor's unread or wrong text must be resolved before the
    /// command may change the game or replace the document (which would drop the text).
    pub fn blocked_by_notation_text(&self) -> bool {
        (self.edits_document() && !matches!(self, Command::Act(Action::ReplaceGame { .. })))
            || matches!(
                self,
                Command::NewSameGame
                    | Command::Act(Action::NewGame(_))
                    | Command::Open
                    | Command::Act(Action::OpenPath(_))
                    | Command::Paste
                    | Command::Act(Action::PasteText(_))
                    | Command::Act(Action::NewComputerGame { .. })
                    | Command::Act(Action::NewClockGame { .. })
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
        assert!(Command::Act(Action::NewGame(Variant::Triangular)).shortcut().is_none());
    }

    #[test]
    fn the_shortcut_groups_list_every_shortcut_once_undo_before_redo() {
        let grouped: Vec<Command> = Command::shortcuts_by_group().into_iter().flat_map(|(_, c)| c).collect();
        let all = Command::with_shortcuts();
        assert_eq!(grouped.len(), all.len());
        for command in &all {
            assert_eq!(grouped.iter().filter(|c| *c == command).count(), 1, "{command:?}");
        }
        let at = |c: &Command| grouped.iter().position(|g| g == c);
        assert!(at(&Command::Undo) < at(&Command::Redo) && at(&Command::Save) < at(&Command::SaveAs));
    }

    #[test]
    fn the_game_menu_offers_a_new_game_per_game() {
        let menu = Command::game_menu();
        for v in Variant::ALL {
            assert!(menu.contains(&Some(Command::Act(Action::NewGame(v)))));
        }
        assert_eq!(Command::Act(Action::NewGame(Variant::Interstellar)).label(), "New Interstellar");
    }

    #[test]
    fn only_changes_of_the_game_keep_history() {
        assert!(Command::Game(GameCommand::AgreeDraw).edits_document());
        assert!(Command::Game(GameCommand::ClickCell(3)).edits_document());
        assert!(!Command::Game(GameCommand::Back).edits_document());
        assert!(!Command::Save.edits_document());
    }
}
