//! Errors of a record text, each with its line and column.

use std::fmt;

/// An error in a record file, with the 1-based line and column where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// Which part of the record is wrong.
    pub kind: RecordErrorKind,
    /// What is wrong, in words (naming the tag, move or token).
    pub message: String,
}

impl RecordError {
    /// A text that must hold exactly one game holds `count` (at 1:1).
    pub(super) fn one_game_expected(count: usize) -> RecordError {
        RecordError {
            line: 1,
            column: 1,
            kind: RecordErrorKind::GameCount,
            message: format!("expected one game, found {count}"),
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
}

impl fmt::Display for RecordError {
    /// `LINE:COL: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for RecordError {}
