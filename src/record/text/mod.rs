//! The text format of game records: PGN conventions, so chess players feel at home.
//!
//! Tag pairs (`[Variant "Interstellar"]`, the roster, `[Result "…"]`, `[SetUp "1"]` and
//! `[Position "…"]` for set-up games), then movetext: move numbers, moves in each game's
//! notation, `{comments}` (board marks inside as `[%csl Gc1d]` and `[%cal Gc1dd3l]`),
//! `(variations)`, NAGs (`$n` or `!` `?` `!!` `??` `!?` `?!`) and a result token
//! (`1-0`, `0-1`, `1/2-1/2`, `*`). Many games per file; extension `.pgn`.
//!
//! Split as pgn-reader is: the [`Lexer`] makes tokens with their places (the notation
//! editor colours by it too); the [`Reader`] knows only syntax and reports it to a
//! [`Visitor`]; the [`GameBuilder`] is the visitor that checks moves and builds games;
//! [`GameReader`] joins the two, streaming game by game, never panicking and going on
//! after an error so that every error is reported with its line and column. The writer
//! is canonical and wraps at 80 columns; reading what it writes gives back an equal
//! game.

mod builder;
mod error;
mod lexer;
pub(crate) mod marks;
mod read;
mod reader;
mod writer;

pub use builder::{GameBuilder, MoveSpan, ReadGame};
pub(crate) use error::clean_message;
pub use error::{RecordError, RecordErrorKind, Severity, shown};
pub use lexer::{Lexer, Tok, Token, escape_comment, is_tag_name, tag_place, unescape_comment};
pub use read::{
    GameReader, ReadReport, decode_utf16, encoding_errors, read_games, read_games_bytes, read_one, read_one_with_spans,
};
pub use reader::{MAX_VARIATION_DEPTH, Reader, SanToken, Skip, Visitor, read_tags};
pub use writer::{write_any, write_game, write_game_with_spans, write_games};
