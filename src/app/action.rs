//! The typed actions: [`Action`], on the workspace, with what each needs (a path, a
//! game's index, a form's choices), and [`GameCommand`], on the shown game, what its
//! view carries out — moves (a [`VariantMove`], never notation text), navigation,
//! decisions, the board editor's changes, clocks, the report and learning. No egui
//! here: the payload-free menu and shortcut commands, with their labels and keys in
//! one table, are the shell's ([`super::command::Command`], which carries these as
//! `Command::Act` and `Command::Game`).

use std::path::PathBuf;

use super::clock::ClockSetup;
use super::setup::SetupAction;
use crate::core::Variant;
use crate::record::{AnyGame, MarkColor, Nag, NodeId, VariantMove};
use crate::solver::Stipulation;

/// What the shown game's view carries out: moves on the board and through the move
/// tree, decisions, the engine's lines, the report and learning, clocks and tags. The
/// app routes [`super::command::Command::Game`] to the view; the view's dispatch names every one.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum GameCommand {
    /// The side to move resigns.
    Resign,
    /// The players agree a draw.
    AgreeDraw,
    /// The side to move claims a draw.
    ClaimDraw,
    /// Set up the position of this position string (from the paste window).
    SetPosition(String),
    /// Play the first move of the analysis's best line.
    PlayBestMove,
    /// Play these moves from the shown position, as far as they are legal (as a
    /// variation when the game goes another way): a stretch of an analysis line, or
    /// the opening tree's move. The moves are the game's own, never notation text.
    PlayMoves(Vec<VariantMove>),
    /// Start the game report, this many nodes per position.
    StartReport(u64),
    /// Stop the game report being worked out.
    CancelReport,
    /// Write the finished report into the record (evaluations, NAGs, better lines).
    ApplyReport,
    /// Start "Learn from your mistakes" on the marked moves.
    LearnFromMistakes,
    /// Show the engine's move for the asked position.
    LearnShow,
    /// On to the next marked move.
    LearnNext,
    /// End "Learn from your mistakes" (the moves it put into the game taken out,
    /// unless kept).
    LearnStop,
    /// Try again for the best move at the asked position.
    LearnRetry,
    /// Keep the move found or shown as a variation, with a comment.
    LearnKeep,
    /// Set a header tag of the shown game (key, value).
    SetTag(String, String),
    /// The side to move's time ran out (the clock saw it): the game ends.
    FlagFall,
    /// Pause the clock, or start it again.
    ToggleClockPause,
    /// Give a side more time on its clock.
    AddTime {
        /// The side index: 0 moves first.
        side: usize,
        /// Seconds to add.
        seconds: u32,
    },
    /// The computer's move is chosen: the view plays the move its opponent chose (kept
    /// as the game's own move, never as text) at the end of the main line.
    PlayComputerMove,
    /// The computer's answer to the user's draw offer (searched in the background):
    /// accepted ends the game drawn.
    DrawAnswer(bool),
    /// The verdict on a move of "Learn from your mistakes", judged in the background,
    /// is in: the move is kept or taken back.
    LearnJudged,
    /// Take back the user's last move and the computer's answer.
    TakeBack,
    /// Show the moves a quiz chapter hides.
    RevealLine,
    /// Show the open puzzle's solution (keys and tree), or hide it.
    ShowSolution(bool),
    /// A change in the board editor (its panel or its board).
    Setup(SetupAction),
    /// One move back.
    Back,
    /// One move forward along the main continuation.
    Forward,
    /// The previous alternative of the current move.
    PreviousVariation,
    /// The next alternative of the current move.
    NextVariation,
    /// To the start position.
    Start,
    /// To the end of the current line.
    End,
    /// Drop the selection.
    Deselect,
    /// Show the position after this move.
    Jump(NodeId),
    /// A click on a cell (slot).
    ClickCell(u8),
    /// A move typed in the game's notation (the keyboard move box), played as if from
    /// the board.
    PlayNotation(String),
    /// A drag began on a cell (slot).
    DragStart(u8),
    /// A piece dragged from one cell and dropped on another (slots).
    DropPiece {
        /// Where it came from.
        from: u8,
        /// Where it was dropped.
        to: u8,
    },
    /// The promotion picker's answer: the index of the chosen piece, `None` to cancel.
    ChoosePromotion(Option<usize>),
    /// Mark a cell (`to` empty) or draw an arrow, in a colour; the same mark again
    /// removes it.
    ToggleMark {
        /// The cell, or the arrow's tail (slot).
        from: u8,
        /// The arrow's head (slot).
        to: Option<u8>,
        /// The colour.
        color: MarkColor,
    },
    /// Make this move's line the main line.
    PromoteVariation(NodeId),
    /// Delete this move and everything after it.
    DeleteFrom(NodeId),
    /// Make this move's line the main line from the start (every variation it
    /// branches from promoted too).
    MakeMainLine(NodeId),
    /// Put a NAG on this move, or take it off ([`Nag::toggled`]: one move NAG and
    /// one position NAG at most).
    ToggleNag(NodeId, Nag),
    /// Set the comment before (`before`) or after this move to `text` (empty:
    /// delete it); the comment's `[%…]` commands (clock, evaluation) are kept.
    SetComment {
        /// The move.
        node: NodeId,
        /// The comment before the move, not after.
        before: bool,
        /// The new text.
        text: String,
    },
    /// Show the move to play in a puzzle.
    Hint,
    /// Close the puzzle.
    ClosePuzzle,
}

impl GameCommand {
    /// The label shown in menus, buttons and the shortcut list.
    pub fn label(&self) -> String {
        match self {
            GameCommand::Resign => "Resign".into(),
            GameCommand::AgreeDraw => "Agree draw".into(),
            GameCommand::ClaimDraw => "Claim draw".into(),
            GameCommand::SetPosition(_) => "Set up this position".into(),
            GameCommand::PlayBestMove => "Play the engine's best move".into(),
            GameCommand::PlayMoves(moves) if moves.len() == 1 => "Play the move".into(),
            GameCommand::PlayMoves(_) => "Play the moves".into(),
            GameCommand::FlagFall => "Time ran out".into(),
            GameCommand::SetTag(key, _) => format!("Set the {key} tag"),
            GameCommand::StartReport(_) => "Start the game report".into(),
            GameCommand::CancelReport => "Cancel the game report".into(),
            GameCommand::ApplyReport => "Write the game report".into(),
            GameCommand::LearnFromMistakes => "Learn from your mistakes".into(),
            GameCommand::LearnShow => "Show the engine's move".into(),
            GameCommand::LearnNext => "Next mistake".into(),
            GameCommand::LearnStop => "Stop learning".into(),
            GameCommand::LearnRetry => "Try for the best move".into(),
            GameCommand::LearnKeep => "Keep as a variation".into(),
            GameCommand::ToggleClockPause => "Pause or resume the clock".into(),
            GameCommand::AddTime { seconds, .. } => format!("Add {seconds} s"),
            GameCommand::PlayComputerMove => "The computer plays its move".into(),
            GameCommand::DrawAnswer(accepted) => {
                if *accepted {
                    "Draw offer accepted".into()
                } else {
                    "Draw offer declined".into()
                }
            }
            GameCommand::LearnJudged => "Judge the move".into(),
            GameCommand::TakeBack => "Take back".into(),
            GameCommand::RevealLine => "Show the line".into(),
            GameCommand::Setup(_) => "Change the board editor's position".into(),
            GameCommand::ShowSolution(true) => "Show solution".into(),
            GameCommand::ShowSolution(false) => "Hide solution".into(),
            GameCommand::Back => "Previous move".into(),
            GameCommand::Forward => "Next move".into(),
            GameCommand::PreviousVariation => "Previous variation".into(),
            GameCommand::NextVariation => "Next variation".into(),
            GameCommand::Start => "Start position".into(),
            GameCommand::End => "End of the line".into(),
            GameCommand::Deselect => "Drop the selection".into(),
            GameCommand::Jump(_) => "Go to move".into(),
            GameCommand::ClickCell(_) => "Click a cell".into(),
            GameCommand::PlayNotation(text) => format!("Play {text}"),
            GameCommand::DragStart(_) => "Pick up a piece".into(),
            GameCommand::DropPiece { .. } => "Drop a piece".into(),
            GameCommand::ChoosePromotion(_) => "Choose the promotion piece".into(),
            GameCommand::ToggleMark { .. } => "Mark".into(),
            GameCommand::PromoteVariation(_) => "Promote variation".into(),
            GameCommand::DeleteFrom(_) => "Delete from here".into(),
            GameCommand::MakeMainLine(_) => "Make main line".into(),
            GameCommand::ToggleNag(_, nag) => match (nag.symbol(), nag.meaning()) {
                (Some(symbol), Some(meaning)) => format!("{meaning} ({symbol})"),
                _ => format!("NAG ${}", nag.0),
            },
            GameCommand::SetComment { before: true, text, .. } if text.is_empty() => "Delete the comment before".into(),
            GameCommand::SetComment { text, .. } if text.is_empty() => "Delete the comment".into(),
            GameCommand::SetComment { before: true, .. } => "Comment before the move".into(),
            GameCommand::SetComment { .. } => "Comment the move".into(),
            GameCommand::Hint => "Hint".into(),
            GameCommand::ClosePuzzle => "Close puzzle".into(),
        }
    }

    /// Whether carrying it out may change the game (so history is kept and the
    /// document is marked modified when it does).
    pub fn edits_document(&self) -> bool {
        matches!(
            self,
            GameCommand::Resign
                | GameCommand::AgreeDraw
                | GameCommand::ClaimDraw
                | GameCommand::SetPosition(_)
                | GameCommand::ClickCell(_)
                | GameCommand::PlayNotation(_)
                | GameCommand::DropPiece { .. }
                | GameCommand::ChoosePromotion(_)
                | GameCommand::ToggleMark { .. }
                | GameCommand::PromoteVariation(_)
                | GameCommand::DeleteFrom(_)
                | GameCommand::ToggleNag(..)
                | GameCommand::MakeMainLine(_)
                | GameCommand::SetComment { .. }
                | GameCommand::PlayBestMove
                | GameCommand::PlayMoves(_)
                | GameCommand::PlayComputerMove
                | GameCommand::DrawAnswer(_)
                | GameCommand::LearnJudged
                | GameCommand::TakeBack
                | GameCommand::FlagFall
                | GameCommand::SetTag(..)
                | GameCommand::AddTime { .. }
                | GameCommand::ApplyReport
                | GameCommand::LearnShow
                | GameCommand::LearnNext
                | GameCommand::LearnStop
                | GameCommand::LearnRetry
                | GameCommand::LearnKeep
        )
    }
}

/// The typed actions on the workspace that carry what they need (a path, a game's
/// index, a form's choices), pushed by panels and windows as [`super::command::Command::Act`]:
/// the payload-free menu and shortcut commands stay in [`super::command::Command`].
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A new game of this kind.
    NewGame(Variant),
    /// Help → Learn, and everything done on the Learn screen.
    Learn(LearnAction),
    /// Help → Rules of a game: its rules page in a window.
    ShowRules(Variant),
    /// Open this record file.
    OpenPath(PathBuf),
    /// Save to this path.
    SaveTo(PathBuf),
    /// Text that arrived from the clipboard (or was dropped), to read as a game or a
    /// position.
    PasteText(String),
    /// How many analysis lines (1–5).
    SetAnalysisLines(u8),
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
    /// A new game for two players on this screen with a clock.
    NewClockGame {
        /// The game.
        variant: Variant,
        /// The time control and handicap.
        clock: ClockSetup,
    },
    /// How long each analysis searches, in seconds; `None` until hidden.
    SetAnalysisTime(Option<u32>),
    /// Show the game at this index of the document's games.
    ShowGame(usize),
    /// Keep only these games (indices) in the games list, described by the text.
    FilterGames(String, Vec<usize>),
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
    /// Show the game at this index, at the move reached by these child indices from
    /// the start (a game found by its position opens there).
    ShowGameAt(usize, Vec<usize>),
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
    /// The notation editor's text now reads as this game.
    ReplaceGame {
        /// The game read (shared with the editor).
        game: std::sync::Arc<AnyGame>,
        /// The move at the caret, if on a move.
        caret: Option<NodeId>,
    },
    /// Open a built-in puzzle (index in the list).
    OpenPuzzle(usize),
    /// In a puzzle set: the next puzzle (`true`) or the one before.
    NextPuzzle(bool),
    /// Solve the shown position for a stipulation.
    SolveShown(Stipulation),
}

impl Action {
    /// The label shown where the action is offered (a menu's New game, a button).
    pub fn label(&self) -> String {
        match self {
            Action::NewGame(v) => format!("New {}", v.name()),
            Action::Learn(LearnAction::Open(v)) => format!("Learn {}…", v.name()),
            Action::Learn(_) => "Learn".into(),
            Action::ShowRules(v) => format!("Rules of {}", v.name()),
            Action::OpenPath(p) => format!("Open {}", p.display()),
            Action::SaveTo(p) => format!("Save to {}", p.display()),
            Action::PasteText(_) => "Paste".into(),
            Action::SetAnalysisLines(1) => "1 analysis line".into(),
            Action::SetAnalysisLines(n) => format!("{n} analysis lines"),
            Action::NewComputerGame { .. } => "Start the game against the computer".into(),
            Action::NewClockGame { .. } => "Start the game with a clock".into(),
            Action::SetAnalysisTime(Some(s)) => format!("Analyse {s} s"),
            Action::SetAnalysisTime(None) => "Analyse without a time limit".into(),
            Action::ShowGame(index) => format!("Show game {}", index + 1),
            Action::ShowGameAt(index, _) => format!("Show game {} at the position", index + 1),
            Action::FilterGames(what, _) => format!("Games that {what}"),
            Action::MakeStudy(name) => format!("Make the file the study {name}"),
            Action::SetChapter { .. } => "Set the chapter".into(),
            Action::DeleteGame(index) => format!("Delete game {}", index + 1),
            Action::MoveGame { to, .. } => format!("Move game to place {}", to + 1),
            Action::ShowProblem { .. } => "Show the problem in the notation editor".into(),
            Action::ReplaceGame { .. } => "Apply the notation text".into(),
            Action::OpenPuzzle(_) => "Open puzzle".into(),
            Action::NextPuzzle(true) => "Next puzzle".into(),
            Action::NextPuzzle(false) => "Previous puzzle".into(),
            Action::SolveShown(s) => s.to_string(),
        }
    }
}

/// Something the Learn screen asks for (Help → Learn, `app/learn.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnAction {
    /// Open this game's course at its first level without stars.
    Open(Variant),
    /// Show this level (stage and level, 0-based).
    Go {
        /// The stage.
        stage: usize,
        /// The level within it.
        level: usize,
    },
    /// A click on the board's cell with this slot.
    Click(u8),
    /// A drag begins on the cell with this slot.
    DragStart(u8),
    /// A piece dropped (`to`: `None` off the board).
    Drop {
        /// Where the drag began.
        from: u8,
        /// Where it ended.
        to: Option<u8>,
    },
    /// The promotion piece chosen (an index into the offered pieces), or put back.
    Promote(Option<usize>),
    /// Start the level again.
    Retry,
    /// Mark the piece to move (asked again: where it goes too).
    Hint,
    /// The next level (after the last of a stage, the next stage's first).
    Next,
    /// Play the game level: a game against the computer from its position.
    PlayGame,
    /// Forget the stars of this course.
    ResetProgress,
    /// Leave Learn (back to the game shown before).
    Close,
}
