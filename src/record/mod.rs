//! Game records: the move tree with variations, comments, NAGs and board marks
//! ([`tree`]), the record of a game ([`game`]), the PGN-style text format ([`text`])
//! and versioned RON files ([`ron_file`]). Pure data and text: files are read and
//! written by the callers.

pub mod game;
pub mod ron_file;
pub mod samples;
pub mod text;
pub mod tree;

pub use game::{AnyGame, GameRecord, GameResult, Tags};
pub use text::{
    GameReader, MoveSpan, ReadGame, ReadReport, RecordError, RecordErrorKind, read_games, read_one,
    read_one_with_spans, write_any, write_game, write_game_with_spans, write_games,
};
pub use tree::{Arrow, MarkColor, MarkedCell, Marks, Nag, Node, NodeId, Tree};
