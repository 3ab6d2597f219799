//! Game records: the move tree with variations, comments, NAGs and board marks
//! ([`tree`]), the record of a game ([`game`]), the PGN-style text format ([`text`])
//! and versioned RON files ([`ron_file`]); collections ([`collection`]: game lists,
//! search, the opening tree) and studies ([`study`]: chapters kept in tags). Pure data and text: files are read and
//! written by the callers ([`crate::files`]).
//!
//! Writing a record as text and reading it back:
//!
//! ```
//! use orrery::core::interstellar::Position;
//! use orrery::record::{AnyGame, GameRecord, NodeId, read_one, write_game};
//!
//! let mut game: GameRecord<Position> = GameRecord::new();
//! let first = game.add_move_text(NodeId::ROOT, "PQ-33")?;
//! game.tree.set_comment_after(first, "a quiet start");
//! let text = write_game(&game);
//! assert!(text.contains("1. PQ-33 {a quiet start}"), "{text}");
//! let back = read_one(&text).map_err(|errors| format!("{errors:?}"))?;
//! assert_eq!(back, AnyGame::Interstellar(game));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod annotations;
pub mod collection;
pub mod game;
pub mod ron_file;
pub mod samples;
pub mod study;
pub mod text;
pub mod tree;

pub use game::{AnyGame, GameRecord, GameResult, RecordGame, SharedRecord, Tags, VariantMove};
pub use text::{
    GameReader, Lexer, MoveSpan, ReadGame, ReadReport, RecordError, RecordErrorKind, Severity, Tok, Token,
    decode_utf16, read_games, read_games_bytes, read_one, read_one_with_spans, shown, tag_place, write_any, write_game,
    write_game_with_spans, write_games,
};
pub use tree::{Arrow, MarkColor, MarkedCell, Marks, Nag, Node, NodeId, Tree};
