//! Errors of a record text, each with its line and column.

use std::fmt;

use crate::core::game::escaped_and_cut;

/// An error in a record file, with the 1-based line and column where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// Which part of the record is wrong.
    pub kind: RecordErrorKind,
    /// What is wrong, in words (naming the tag, move or token). Control characters of
    /// the input are escaped (`\r`, `\u{0}`) and long tokens cut (see [`shown`]).
    pub message: String,
    /// Whether the game could still be read as written ([`Severity::Warning`]) or not.
    pub severity: Severity,
}

/// How bad a [`RecordError`] is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Severity {
    /// Part of the text could not be read: a move, a variation, a tag, a whole game.
    #[default]
    Error,
    /// The text was read in full, but does not follow the format to the letter: a NAG
    /// out of range, a missing result marker, a Result tag that disagrees with it, a
    /// `[Position]` without `[SetUp "1"]`, a duplicate tag, a move whose check or Target
    /// suffix is missing or wrong.
    Warning,
}

/// A token of the input as an error message shows it: control characters escaped
/// (`\r`, `\u{0}`), cut to 40 characters with `…`.
pub fn shown(token: &str) -> String {
    crate::core::shown(token)
}

/// A message with the control characters escaped and at most 300 characters.
pub(crate) fn clean_message(message: &str) -> String {
    escaped_and_cut(message, 300)
}

impl RecordError {
    /// An error or warning at `line`:`column`, its message cleaned (control characters
    /// escaped, at most 300 characters).
    pub(super) fn new(line: u32, column: u32, kind: RecordErrorKind, message: &str, severity: Severity) -> RecordError {
        RecordError { line, column, kind, message: clean_message(message), severity }
    }

    /// A text that must hold exactly one game holds `count` (at 1:1).
    pub(super) fn one_game_expected(count: usize) -> RecordError {
        RecordError {
            line: 1,
            column: 1,
            kind: RecordErrorKind::GameCount,
            message: format!("expected one game, found {count}"),
            severity: Severity::Error,
        }
    }
}

/// Which part of a record a [`RecordError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordErrorKind {
    /// A tag pair that cannot be read (`[Name "value"]`).
    Tag,
    /// The `Variant` tag is missing or names no known game.
    Variant,
    /// The `Position` tag is not a valid position string, or `[SetUp "1"]` has no
    /// `Position`.
    Position,
    /// A move that is not legal (or not readable) where it stands, or `out` with no
    /// move before it.
    Move,
    /// A NAG or move annotation that cannot be read, or one before any move.
    Annotation,
    /// A board mark (`[%csl …]`, `[%cal …]`) in a comment that cannot be read.
    Marks,
    /// A comment not closed with `}`.
    Comment,
    /// A variation that is empty, unmatched, not closed, too deep, or before any move.
    Variation,
    /// The result: missing, disagreeing with the `Result` tag, a draw in a game without
    /// draws, or a new game starting before it.
    Result,
    /// Text where none belongs (outside tags, between games).
    Stray,
    /// A text that must hold exactly one game holds none or several.
    GameCount,
    /// Bytes that are not UTF-8 text (read as `\u{fffd}`).
    Encoding,
}

impl RecordError {
    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for RecordError {
    /// `LINE:COL: message`, or `LINE:COL: warning: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.severity {
            Severity::Error => write!(f, "{}:{}: {}", self.line, self.column, self.message),
            Severity::Warning => write!(f, "{}:{}: warning: {}", self.line, self.column, self.message),
        }
    }
}

impl std::error::Error for RecordError {}
