//! Reading whole texts: [`GameReader`] (game after game: the [`Reader`]'s syntax built
//! into games by the [`GameBuilder`]) and the functions on top of it.

use super::builder::{GameBuilder, MoveSpan, ReadGame};
use super::error::{RecordError, RecordErrorKind, Severity};
use super::reader::Reader;
use crate::record::game::AnyGame;

/// Reads game after game from a record text; each item is one game (possibly partly
/// read) with the errors found in it. Never panics, whatever the input, and takes
/// time linear in the text.
pub struct GameReader<'a> {
    reader: Reader<'a>,
    builder: GameBuilder,
}

impl<'a> GameReader<'a> {
    /// A reader over `text`.
    pub fn new(text: &'a str) -> GameReader<'a> {
        GameReader::starting_at_line(text, 1)
    }

    /// A reader over `text` that is a file's text from the start of its line `line` on
    /// (a piece of a big file): errors are placed as in the whole file.
    pub fn starting_at_line(text: &'a str, line: u32) -> GameReader<'a> {
        GameReader { reader: Reader::starting_at_line(text, line), builder: GameBuilder::new() }
    }

    /// How far reading has come: the byte offset just past the last token read (for a
    /// progress bar: `offset / text.len()`).
    pub fn offset(&self) -> usize {
        self.reader.offset()
    }
}

impl Iterator for GameReader<'_> {
    type Item = ReadGame;

    fn next(&mut self) -> Option<ReadGame> {
        let mut read = self.reader.read_game(&mut self.builder)?;
        if read.is_game {
            read.range.end = self.reader.offset().max(read.range.start);
        }
        Some(read)
    }
}

/// Everything read from a record text.
#[derive(Clone, Debug, Default)]
pub struct ReadReport {
    /// The games that could be read (some may be partial: see `errors`).
    pub games: Vec<AnyGame>,
    /// Every error and warning, in the order found.
    pub errors: Vec<RecordError>,
    /// How many games the text holds, read or not (at least `games.len()`).
    pub game_count: usize,
    /// How many games had errors (were read in part, or not at all).
    pub damaged: usize,
}

impl ReadReport {
    /// Whether any diagnostic is an error (not a warning).
    pub fn has_errors(&self) -> bool {
        self.errors.iter().any(RecordError::is_error)
    }
}

/// Reads every game of a record text.
pub fn read_games(text: &str) -> ReadReport {
    let mut report = ReadReport::default();
    for read in GameReader::new(text) {
        if read.is_game {
            report.game_count += 1;
            report.damaged += usize::from(read.errors.iter().any(RecordError::is_error));
        }
        report.games.extend(read.game);
        report.errors.extend(read.errors);
    }
    report
}

/// Reads every game of a record file's bytes. UTF-16 text is decoded (see
/// [`decode_utf16`]); otherwise bytes that are not UTF-8 are read as `\u{fffd}` and each
/// stretch of them is reported as an error with its line and column.
pub fn read_games_bytes(bytes: &[u8]) -> ReadReport {
    if let Some((text, _)) = decode_utf16(bytes) {
        return read_games(&text);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => read_games(text),
        Err(_) => {
            let text = String::from_utf8_lossy(bytes);
            let mut report = read_games(&text);
            let mut bad = encoding_errors(bytes);
            bad.append(&mut report.errors);
            bad.sort_by_key(|e| (e.line, e.column));
            report.errors = bad;
            report
        }
    }
}

/// A file's bytes decoded from UTF-16, when they are UTF-16 text: a byte order mark
/// (`FF FE` little-endian, `FE FF` big-endian), or none and the first two characters
/// ASCII with a zero byte each (as `[` or `(` is in every record file). Returns the
/// text (without the mark; a lone surrogate read as `\u{fffd}`) and the encoding's
/// name, `UTF-16LE` or `UTF-16BE`; `None` for anything else (UTF-8 among it).
pub fn decode_utf16(bytes: &[u8]) -> Option<(String, &'static str)> {
    let (little, body) = match bytes {
        [0xFF, 0xFE, rest @ ..] => (true, rest),
        [0xFE, 0xFF, rest @ ..] => (false, rest),
        [a, 0, c, 0, ..] if *a != 0 && *c != 0 && a.is_ascii() && c.is_ascii() => (true, bytes),
        [0, b, 0, d, ..] if *b != 0 && *d != 0 && b.is_ascii() && d.is_ascii() => (false, bytes),
        _ => return None,
    };
    let units = body.chunks(2).map(|pair| match pair {
        [a, b] if little => u16::from_le_bytes([*a, *b]),
        [a, b] => u16::from_be_bytes([*a, *b]),
        // An odd last byte: no character.
        _ => 0xFFFD,
    });
    let text: String = char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect();
    Some((text, if little { "UTF-16LE" } else { "UTF-16BE" }))
}

/// An error for each stretch of bytes that is not UTF-8, at its line and column (columns
/// count characters, a bad stretch counting as one); none for UTF-8 text.
pub fn encoding_errors(bytes: &[u8]) -> Vec<RecordError> {
    let mut errors: Vec<RecordError> = Vec::new();
    let (mut line, mut column) = (1u32, 1u32);
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        let mut chars = valid.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' if chars.peek() == Some(&'\n') => {}
                '\n' | '\r' => {
                    line += 1;
                    column = 1;
                }
                _ => column += 1,
            }
        }
        let invalid = chunk.invalid();
        if valid.is_empty()
            && !invalid.is_empty()
            && let Some(last) = errors.last_mut()
        {
            // The same stretch, cut by the decoder into several.
            let hex: Vec<String> = invalid.iter().map(|b| format!("{b:02x}")).collect();
            last.message = format!("{} {}", last.message.trim_end_matches(" are not UTF-8 text"), hex.join(" "));
            last.message.push_str(" are not UTF-8 text");
            column += 1;
        } else if !invalid.is_empty() {
            let hex: Vec<String> = invalid.iter().map(|b| format!("{b:02x}")).collect();
            errors.push(RecordError {
                line,
                column,
                kind: RecordErrorKind::Encoding,
                message: format!("bytes {} are not UTF-8 text", hex.join(" ")),
                severity: Severity::Error,
            });
            column += 1;
        }
    }
    errors
}

/// Reads a text that must hold exactly one game without errors (warnings are allowed).
///
/// # Errors
/// Every error found, or one saying the text holds no game or several.
pub fn read_one(text: &str) -> Result<AnyGame, Vec<RecordError>> {
    let report = read_games(text);
    if report.has_errors() {
        return Err(report.errors);
    }
    let count = report.games.len();
    match <[AnyGame; 1]>::try_from(report.games) {
        Ok([game]) => Ok(game),
        Err(_) => Err(vec![RecordError::one_game_expected(count)]),
    }
}

/// Reads a text that must hold exactly one game without errors (warnings are allowed), and says where each
/// of its moves was written (byte ranges, in text order).
///
/// # Errors
/// Every error found, or one saying the text holds no game or several.
pub fn read_one_with_spans(text: &str) -> Result<(AnyGame, Vec<MoveSpan>), Vec<RecordError>> {
    let mut errors = Vec::new();
    let mut found = Vec::new();
    for read in GameReader::new(text) {
        errors.extend(read.errors);
        if let Some(game) = read.game {
            found.push((game, read.move_spans));
        }
    }
    if errors.iter().any(RecordError::is_error) {
        return Err(errors);
    }
    let count = found.len();
    match <[(AnyGame, Vec<MoveSpan>); 1]>::try_from(found) {
        Ok([one]) => Ok(one),
        Err(_) => Err(vec![RecordError::one_game_expected(count)]),
    }
}
