//! Files on disk: the one module of the library that writes files. Record files with
//! the format chosen by extension (`.pgn` text, `.ron` RON), read with every error
//! located as `FILE:LINE:COL: reason`; diagrams (`.svg`, `.png`) drawn by
//! [`crate::render::diagram`]; and every save atomic (a temporary file beside the
//! target, flushed, then renamed over it: [`write_atomic_bytes`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::record::ron_file::RonError;
use crate::record::text::encoding_errors;
use crate::record::{AnyGame, GameReader, RecordError, RecordErrorKind, Severity, ron_file, write_any, write_games};
use crate::render::diagram::{DiagramError, DiagramOptions, ImageFormat, diagram_bytes};
use crate::render::scene::Scene;

mod stored;
mod study;
pub use stored::{
    GameTexts, KEEP_IN_MEMORY, RecordIndex, StoredGame, Written, index_records_keeping, index_records_with,
    remove_stale_copies, write_stored_records,
};
pub use study::{ChapterAdded, add_chapter};

/// A record file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The PGN-style text format (`.pgn`).
    Text,
    /// Structured RON (`.ron`).
    Ron,
}

impl Format {
    /// The format for a path's extension (`.pgn` or `.ron`, any case), or `None`.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pgn" => Some(Format::Text),
            "ron" => Some(Format::Ron),
            _ => None,
        }
    }
}

/// What kind of problem a [`Diagnostic`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagnosticKind {
    /// A problem in the PGN-style text, of this kind.
    Text(RecordErrorKind),
    /// A `.ron` file that is not valid RON or does not match the schema.
    RonSyntax,
    /// A `.ron` file with a newer schema version than this program reads.
    RonVersion,
    /// A game of a `.ron` file whose content is wrong (unknown variant, bad position,
    /// illegal move).
    RonContent,
}

/// A problem found while reading a record file: where (the source's name, 1-based
/// line and column), what kind, and why. Displayed as `FILE:LINE:COL: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How the caller names the source (e.g. the file path, `-` for standard input).
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What kind of problem.
    pub kind: DiagnosticKind,
    /// What is wrong, in words.
    pub message: String,
    /// An error (part of the file could not be read) or a warning (read in full).
    pub severity: Severity,
}

impl Diagnostic {
    /// A problem of the PGN-style text `file`.
    pub fn from_record_error(file: &str, e: &RecordError) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            line: e.line,
            column: e.column,
            kind: DiagnosticKind::Text(e.kind),
            message: e.message.clone(),
            severity: e.severity,
        }
    }

    /// A problem of the `.ron` file `file`, at the line and column of the value that is
    /// wrong (a content problem's message names the game and field).
    pub fn from_ron_error(file: &str, e: &RonError) -> Diagnostic {
        let (line, column, kind, message) = match e {
            RonError::Syntax { line, column, message } => (*line, *column, DiagnosticKind::RonSyntax, message.clone()),
            RonError::Version { version, line, column } => (
                *line,
                *column,
                DiagnosticKind::RonVersion,
                format!(
                    "the file has schema version {version}; this program reads version {} and older",
                    ron_file::VERSION
                ),
            ),
            RonError::Content { game, field, line, column, message } => {
                (*line, *column, DiagnosticKind::RonContent, format!("game {game}, {field}: {message}"))
            }
        };
        Diagnostic { file: file.to_string(), line, column, kind, message, severity: Severity::Error }
    }
}

impl std::fmt::Display for Diagnostic {
    /// `FILE:LINE:COL: message`, or `FILE:LINE:COL: warning: message`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let warning = if self.severity == Severity::Warning { "warning: " } else { "" };
        write!(f, "{}:{}:{}: {warning}{}", self.file, self.line, self.column, self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// The games of a record text in `format`, with every problem found (`name` is how the
/// caller names the source, e.g. the file path; see [`Diagnostic`]).
///
/// ```
/// use orrery::files::{DiagnosticKind, Format, parse_records};
/// use orrery::record::RecordErrorKind;
///
/// let text = "[Variant \"Triangular\"]\n\n1. Bc3d Qx9 *\n";
/// let (games, problems) = parse_records(text, Format::Text, "game.pgn");
/// assert_eq!(games.len(), 1);
/// assert_eq!(problems[0].kind, DiagnosticKind::Text(RecordErrorKind::Move));
/// assert_eq!((problems[0].line, problems[0].column), (3, 9));
/// assert!(problems[0].to_string().starts_with("game.pgn:3:9: illegal move 'Qx9'"));
/// ```
pub fn parse_records(text: &str, format: Format, name: &str) -> (Vec<AnyGame>, Vec<Diagnostic>) {
    let read = parse_record_bytes(text.as_bytes(), format, name);
    (read.games, read.problems)
}

/// A record file as read: its games, every problem, how many games it holds, and for
/// each game where it stands in the file and what was wrong with it.
#[derive(Clone, Debug, Default)]
pub struct RecordsRead {
    /// The games that could be read (some in part).
    pub games: Vec<AnyGame>,
    /// Every error and warning.
    pub problems: Vec<Diagnostic>,
    /// How many games the file holds, read or not.
    pub game_count: usize,
    /// One per game of [`RecordsRead::games`], in the same order: its number in the file
    /// and its own problems.
    pub origins: Vec<GameOrigin>,
    /// The games of the file that could not be read at all, with their problems.
    pub unread: Vec<GameOrigin>,
    /// The problems of text that belongs to no game (stray text between or after games,
    /// a file that is no record at all).
    pub stray: Vec<Diagnostic>,
    /// The file's size and time of change when it was read (`None` for bytes read
    /// from no file).
    pub stamp: Option<FileStamp>,
}

/// A file's size and time of last change: what tells that another program changed it
/// since it was read or written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileStamp {
    /// Size in bytes.
    pub size: u64,
    /// Time of the last change: whole seconds since 1970.
    pub seconds: u64,
    /// And nanoseconds.
    pub nanos: u32,
}

impl FileStamp {
    /// The stamp of the file at `path` now; `None` when there is none (or no time).
    pub fn of(path: &Path) -> Option<FileStamp> {
        let meta = std::fs::metadata(path).ok()?;
        let since = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?;
        Some(FileStamp { size: meta.len(), seconds: since.as_secs(), nanos: since.subsec_nanos() })
    }
}

/// Where a game of a record file came from: its number in the file, the problems found
/// in its text, and — for a text file, when it had any — that text as it stands in the
/// file, so it can be shown and fixed there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOrigin {
    /// 1-based number of the game in its file (0: not read from a file).
    pub number: usize,
    /// The errors and warnings of this game's text.
    pub problems: Vec<Diagnostic>,
    /// The game's text in the file, when it had problems (`None` for `.ron` files).
    pub source: Option<GameSource>,
    /// The game's text exactly as it stands in its text file (from its first header
    /// comment, tag or move to its result token), while the game is as it was read:
    /// saving writes it back byte for byte ([`write_records_keeping`]). `None` for a
    /// game read with any problem (it is written as it was understood), from a `.ron`
    /// file, new, or changed since.
    pub original: Option<Arc<str>>,
}

impl GameOrigin {
    /// How many of the game's problems are errors, and how many warnings.
    pub fn error_and_warning_counts(&self) -> (usize, usize) {
        let errors = self.problems.iter().filter(|p| p.severity == Severity::Error).count();
        (errors, self.problems.len() - errors)
    }
}

/// A game's text as it stands in its file, with line endings made `\n` (the reader
/// counts `\r\n`, `\r` and `\n` alike, so lines and columns stay the same).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSource {
    /// The text, from the game's first tag (or move) to its result token.
    pub text: String,
    /// 1-based line of the file where the text begins.
    pub line: u32,
    /// 1-based column (in characters) where the text begins.
    pub column: u32,
}

impl GameSource {
    /// The byte offset in [`GameSource::text`] of the file's `line`:`column` (as a
    /// [`Diagnostic`] gives it), clamped to the text; `None` when the place is before
    /// the text.
    ///
    /// ```
    /// use orrery::files::GameSource;
    ///
    /// let source = GameSource { text: "[Variant \"Triangular\"]\n\n1. Bc3d Qx9 *".into(), line: 4, column: 1 };
    /// assert_eq!(source.offset_of(6, 9), Some(source.text.find("Qx9").unwrap()));
    /// assert_eq!(source.offset_of(3, 1), None);
    /// ```
    pub fn offset_of(&self, line: u32, column: u32) -> Option<usize> {
        if (line, column) < (self.line, self.column) {
            return None;
        }
        let mut at_line = self.line;
        let mut at_column = self.column;
        for (offset, c) in self.text.char_indices() {
            if at_line > line || (at_line == line && at_column >= column) {
                return Some(offset);
            }
            if c == '\n' {
                if at_line == line {
                    // A column past the end of its line: the line's end.
                    return Some(offset);
                }
                at_line += 1;
                at_column = 1;
            } else {
                at_column += 1;
            }
        }
        Some(self.text.len())
    }
}

/// Why reading was stopped before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("reading was cancelled")]
pub struct Cancelled;

impl RecordsRead {
    /// Whether any problem is an error (something could not be read).
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Error)
    }
}

/// Reads the bytes of a record file like [`parse_records`]; text that is not UTF-8 is
/// reported at its line and column.
pub fn parse_record_bytes(bytes: &[u8], format: Format, name: &str) -> RecordsRead {
    // Nothing sets the flag, so reading is never cancelled.
    parse_record_bytes_with(bytes, format, name, &mut |_, _| {}, &AtomicBool::new(false)).unwrap_or_default()
}

/// Reads the bytes of a record file like [`parse_record_bytes`], telling `progress`
/// after each game how many bytes of how many have been read (text files; a `.ron`
/// file is read in one go and told once, at the end), and stopping between games as
/// soon as `cancel` is set.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set before the end.
pub fn parse_record_bytes_with(
    bytes: &[u8],
    format: Format,
    name: &str,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<RecordsRead, Cancelled> {
    let (utf16, bytes) = utf16_decoded(bytes, format, name);
    let mut read = parse_utf8_bytes_with(bytes.as_ref(), format, name, progress, cancel)?;
    if let Some(note) = utf16 {
        read.problems.insert(0, note.clone());
        read.stray.insert(0, note);
    }
    Ok(read)
}

/// A file's bytes as UTF-8: UTF-16 text (see [`crate::record::decode_utf16`]) decoded,
/// with a warning that says so; any other bytes as they are.
fn utf16_decoded<'b>(bytes: &'b [u8], format: Format, name: &str) -> (Option<Diagnostic>, std::borrow::Cow<'b, [u8]>) {
    match crate::record::decode_utf16(bytes) {
        Some((text, encoding)) => {
            let note = Diagnostic {
                file: name.to_string(),
                line: 1,
                column: 1,
                kind: match format {
                    Format::Text => DiagnosticKind::Text(RecordErrorKind::Encoding),
                    Format::Ron => DiagnosticKind::RonSyntax,
                },
                message: format!("the file is {encoding} text, read as such (Orrery writes UTF-8)"),
                severity: Severity::Warning,
            };
            (Some(note), std::borrow::Cow::Owned(text.into_bytes()))
        }
        None => (None, std::borrow::Cow::Borrowed(bytes)),
    }
}

/// [`parse_record_bytes_with`] for bytes that are not UTF-16.
fn parse_utf8_bytes_with(
    bytes: &[u8],
    format: Format,
    name: &str,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<RecordsRead, Cancelled> {
    match format {
        Format::Text => read_text_records(bytes, name, progress, cancel),
        Format::Ron => {
            let text = String::from_utf8_lossy(bytes);
            let (games, errors) = ron_file::read_ron(&text);
            let mut problems: Vec<Diagnostic> = errors.iter().map(|e| Diagnostic::from_ron_error(name, e)).collect();
            if std::str::from_utf8(bytes).is_err() {
                problems.insert(0, not_utf8_ron(name));
            }
            if cancel.load(Ordering::Relaxed) {
                return Err(Cancelled);
            }
            progress(bytes.len(), bytes.len());
            // A game with a problem was not read; the others keep their numbers.
            let mut unread: Vec<GameOrigin> = Vec::new();
            let mut stray = Vec::new();
            let offset = problems.len() - errors.len();
            for (e, diagnostic) in errors.iter().zip(&problems[offset..]) {
                match e {
                    RonError::Content { game, .. } => match unread.iter_mut().find(|u| u.number == *game) {
                        Some(u) => u.problems.push(diagnostic.clone()),
                        None => unread.push(GameOrigin {
                            number: *game,
                            problems: vec![diagnostic.clone()],
                            ..GameOrigin::default()
                        }),
                    },
                    _ => stray.push(diagnostic.clone()),
                }
            }
            stray.splice(0..0, problems[..offset].iter().cloned());
            unread.sort_by_key(|u| u.number);
            let mut origins = Vec::with_capacity(games.len());
            let mut number = 0;
            for _ in &games {
                number += 1;
                while unread.iter().any(|u| u.number == number) {
                    number += 1;
                }
                origins.push(GameOrigin { number, ..GameOrigin::default() });
            }
            Ok(RecordsRead {
                game_count: games.len() + unread.len(),
                games,
                problems,
                origins,
                unread,
                stray,
                stamp: None,
            })
        }
    }
}

/// The problem of a `.ron` file that is not UTF-8 text.
fn not_utf8_ron(name: &str) -> Diagnostic {
    Diagnostic {
        file: name.to_string(),
        line: 1,
        column: 1,
        kind: DiagnosticKind::RonSyntax,
        message: "not UTF-8 text".to_string(),
        severity: Severity::Error,
    }
}

/// Line and column of byte offsets of a text, found walking forward (offsets asked in
/// increasing order, so a whole file is walked once). Lines end as the reader ends them:
/// at `\n`, `\r\n` or a lone `\r`.
struct LineCounter<'a> {
    text: &'a str,
    offset: usize,
    line: u32,
    column: u32,
}

impl LineCounter<'_> {
    fn position(&mut self, offset: usize) -> (u32, u32) {
        let offset = offset.min(self.text.len());
        if offset > self.offset {
            let mut chars = self.text[self.offset..offset].chars().peekable();
            while let Some(c) = chars.next() {
                match c {
                    '\r' if chars.peek() == Some(&'\n') => {}
                    // A `\r` whose `\n` is just past `offset` ends its line there too.
                    '\r' if chars.peek().is_none() && self.text[offset..].starts_with('\n') => {}
                    '\n' | '\r' => {
                        self.line += 1;
                        self.column = 1;
                    }
                    _ => self.column += 1,
                }
            }
            self.offset = offset;
        }
        (self.line, self.column)
    }
}

/// A game's text with every line ending made `\n`.
fn source_text(text: &str) -> String {
    if text.contains('\r') { text.replace("\r\n", "\n").replace('\r', "\n") } else { text.to_string() }
}

/// A record file's bytes as text (bytes that are not UTF-8 read as `\u{fffd}`), with
/// the reader's problem for each stretch of such bytes (none for UTF-8 text).
fn decode_text<'b>(bytes: &'b [u8], name: &str) -> (std::borrow::Cow<'b, str>, Vec<Diagnostic>) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (std::borrow::Cow::Borrowed(text), Vec::new()),
        Err(_) => (
            String::from_utf8_lossy(bytes),
            encoding_errors(bytes).iter().map(|e| Diagnostic::from_record_error(name, e)).collect(),
        ),
    }
}

/// A warning for a game whose `Stipulation` tag cannot be read or does not fit its
/// game, at the tag's `[` (the game's text is `text[range]`, starting at line and
/// column `start`): the game reads, but it is no puzzle the solver can take.
fn stipulation_warning(
    name: &str,
    game: &AnyGame,
    text: &str,
    range: std::ops::Range<usize>,
    start: (u32, u32),
) -> Option<Diagnostic> {
    let value = game.tags().get("Stipulation")?;
    let error = crate::solver::puzzle_goal(value, game.variant()).err()?;
    let (line, column) = crate::record::tag_place(text.get(range)?, "Stipulation")?;
    let (line, column) = if line == 1 { (start.0, start.1 + column - 1) } else { (start.0 + line - 1, column) };
    Some(Diagnostic {
        file: name.to_string(),
        line,
        column,
        kind: DiagnosticKind::Text(RecordErrorKind::Tag),
        message: format!("the puzzle's Stipulation: {error}"),
        severity: Severity::Warning,
    })
}

/// A game read from a text file, before its problems are all known.
struct TextGame {
    origin: GameOrigin,
    range: std::ops::Range<usize>,
    start: (u32, u32),
    end: (u32, u32),
    read: bool,
}

fn read_text_records(
    bytes: &[u8],
    name: &str,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<RecordsRead, Cancelled> {
    read_text_records_into(bytes, name, progress, cancel, None)
}

/// [`read_text_records`], handing each game read without a problem to `sink` (when
/// given) as where its text lies and its row, instead of keeping its tree.
fn read_text_records_into(
    bytes: &[u8],
    name: &str,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
    sink: Option<&mut stored::IndexSink>,
) -> Result<RecordsRead, Cancelled> {
    let mut read = RecordsRead::default();
    let base = Base { total: bytes.len(), ..Base::default() };
    read_text_piece(bytes, base, true, name, progress, cancel, sink, &mut read)?;
    Ok(read)
}

/// Where a piece of a text file starts (at a line start): the bytes and lines before it,
/// and the file's size.
#[derive(Clone, Copy, Debug, Default)]
struct Base {
    offset: usize,
    lines: u32,
    total: usize,
}

/// How far [`read_text_piece`] read a piece that is not the rest of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PieceEnd {
    /// The whole piece was read (it was the rest of the file).
    Done,
    /// Its first `n` bytes were read (up to a line start after the last game read); the
    /// next piece starts there. The games after them may go on past the piece.
    Cut(usize),
    /// As `Cut`, then the rest of the file must be read in one piece: a comment that is
    /// not closed in the piece (it may close further on), or text that is not UTF-8.
    CutThenRest(usize),
}

/// Reads the games of one piece of a text file into `read`, as if the whole file were
/// read (diagnostics' lines counted from the file's start, places as the file's bytes).
/// `whole`: the piece is the rest of the file, and every game of it is read. Otherwise
/// a game is read only when the line it ends on holds nothing after it and the next
/// game starts after that line (nothing further on can change it), and the piece's
/// end says where the next piece starts.
#[allow(clippy::too_many_arguments)] // one reading's parts, passed down from its driver
fn read_text_piece(
    bytes: &[u8],
    base: Base,
    whole: bool,
    name: &str,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
    sink: Option<&mut stored::IndexSink>,
    read: &mut RecordsRead,
) -> Result<PieceEnd, Cancelled> {
    if !whole && std::str::from_utf8(bytes).is_err() {
        return Ok(PieceEnd::CutThenRest(0));
    }
    let (text, mut encoding) = decode_text(bytes, name);
    for e in &mut encoding {
        e.line += base.lines;
    }
    let text: &str = &text;
    let mut piece = Piece {
        text,
        name,
        base,
        lines: LineCounter { text, offset: 0, line: base.lines + 1, column: 1 },
        games: Vec::new(),
        // Only text read as it stands in the file can be written back byte for byte:
        // the text before the first stretch of bytes that are not UTF-8.
        clean_before: encoding.first().map_or((u32::MAX, u32::MAX), |e| (e.line, e.column)),
        sink,
    };
    let mut reader = GameReader::starting_at_line(text, base.lines + 1);
    // The games read but not yet taken (a piece not read whole): they end on a line
    // the next game starts on, or later text may still change them.
    let mut waiting: Vec<crate::record::ReadGame> = Vec::new();
    let mut cut = 0;
    let end = loop {
        if cancel.load(Ordering::Relaxed) {
            return Err(Cancelled);
        }
        let Some(game) = reader.next() else { break PieceEnd::Cut(cut) };
        progress(base.offset + reader.offset(), base.total);
        if whole {
            piece.take(game, read);
            continue;
        }
        // A comment not closed here may close further on, in the next piece.
        if game.errors.iter().any(|e| e.kind == RecordErrorKind::Comment) {
            break PieceEnd::CutThenRest(cut);
        }
        if let Some(last) = waiting.last()
            && let Some(line_end) = text[last.range.end..].find('\n').map(|k| last.range.end + k + 1)
            && text[last.range.end..line_end].trim().is_empty()
            && game.is_game
            && line_end <= game.range.start
        {
            for waiting in waiting.drain(..) {
                piece.take(waiting, read);
            }
            cut = line_end;
        }
        waiting.push(game);
    };
    piece.finish(encoding, read);
    Ok(if whole { PieceEnd::Done } else { end })
}

/// A piece of text being read: the games taken from it so far.
struct Piece<'t, 's> {
    text: &'t str,
    name: &'t str,
    base: Base,
    lines: LineCounter<'t>,
    games: Vec<TextGame>,
    /// Where the first bytes that are not UTF-8 stand (line, column): a game that ends
    /// before them is the file's own text, offsets included.
    clean_before: (u32, u32),
    sink: Option<&'s mut stored::IndexSink>,
}

impl Piece<'_, '_> {
    /// The place (line, column) in the file of a byte offset of the piece.
    fn position(&mut self, offset: usize) -> (u32, u32) {
        self.lines.position(offset)
    }

    /// A diagnostic of the piece's text (placed in the file by the reader).
    fn diagnostic(&self, e: &RecordError) -> Diagnostic {
        Diagnostic::from_record_error(self.name, e)
    }

    /// Takes one game (or stray text) of the piece into `read`.
    fn take(&mut self, game: crate::record::ReadGame, read: &mut RecordsRead) {
        let mut diagnostics: Vec<Diagnostic> = game.errors.iter().map(|e| self.diagnostic(e)).collect();
        if !game.is_game {
            read.problems.extend(diagnostics.iter().cloned());
            read.stray.extend(diagnostics);
            return;
        }
        read.game_count += 1;
        let start = self.position(game.range.start);
        let end = self.position(game.range.end);
        if let Some(g) = &game.game {
            diagnostics.extend(stipulation_warning(self.name, g, self.text, game.range.clone(), start));
        }
        read.problems.extend(diagnostics.iter().cloned());
        // Problems of stray text before the game's first token are reported with it.
        let (before, own): (Vec<Diagnostic>, Vec<Diagnostic>) =
            diagnostics.into_iter().partition(|d| (d.line, d.column) < start);
        read.stray.extend(before);
        let offset = self.base.offset;
        let clean = end < self.clean_before;
        if own.is_empty()
            && clean
            && let (Some(sink), Some(g)) = (self.sink.as_deref_mut(), &game.game)
            && sink.take(read.game_count, game.range.start + offset..game.range.end + offset, g)
        {
            return;
        }
        let original = (own.is_empty() && clean).then(|| self.text.get(game.range.clone()).map(Arc::from)).flatten();
        let origin = GameOrigin { number: read.game_count, problems: own, source: None, original };
        let is_read = game.game.is_some();
        read.games.extend(game.game);
        self.games.push(TextGame { origin, range: game.range, start, end, read: is_read });
    }

    /// The piece's games' origins into `read`, with the encoding problems of their text
    /// (`encoding`, in the file's lines) and, for a game with problems, its source.
    fn finish(self, encoding: Vec<Diagnostic>, read: &mut RecordsRead) {
        let mut games = self.games;
        if !encoding.is_empty() {
            for e in &encoding {
                let place = (e.line, e.column);
                match games.iter_mut().find(|g| g.start <= place && place <= g.end) {
                    Some(g) => g.origin.problems.push(e.clone()),
                    None => read.stray.push(e.clone()),
                }
            }
            for g in &mut games {
                g.origin.problems.sort_by_key(|d| (d.line, d.column));
            }
            let mut all = encoding;
            all.append(&mut read.problems);
            all.sort_by_key(|d| (d.line, d.column));
            read.problems = all;
        }
        for mut g in games {
            if !g.origin.problems.is_empty() {
                let text = self.text.get(g.range.clone()).unwrap_or_default();
                g.origin.source = Some(GameSource { text: source_text(text), line: g.start.0, column: g.start.1 });
            }
            if g.read {
                read.origins.push(g.origin);
            } else {
                read.unread.push(g.origin);
            }
        }
    }
}

/// Writes games in `format`.
pub fn format_records(games: &[AnyGame], format: Format) -> String {
    match format {
        Format::Text => write_games(games),
        Format::Ron => ron_file::write_ron(games),
    }
}

/// Saves games to `path` (format by extension) atomically, writing each game whose
/// `originals` entry holds its text as read ([`GameOrigin::original`]) back byte for
/// byte in a text file, and the others afresh; games are separated by a blank line.
/// Returns each game's text as now in the file, to keep as its new original (all
/// `None` for `.ron`).
///
/// # Errors
/// [`FileError::UnknownFormat`] or [`FileError::Io`].
pub fn write_records_keeping<G: std::borrow::Borrow<AnyGame>>(
    path: &Path,
    games: &[G],
    originals: &[Option<Arc<str>>],
) -> Result<Vec<Option<Arc<str>>>, FileError> {
    let format = Format::from_path(path).ok_or_else(|| FileError::UnknownFormat(path.to_path_buf()))?;
    if format == Format::Ron {
        write_atomic(path, &ron_file::write_ron(games))?;
        return Ok(vec![None; games.len()]);
    }
    let (file, texts) = records_text_keeping(games.iter().map(std::borrow::Borrow::borrow), originals);
    write_atomic(path, &file)?;
    Ok(texts.into_iter().map(Some).collect())
}

/// The record text of `games` (in order, separated by a blank line, ending with a
/// newline), each game whose `originals` entry holds its text as read
/// ([`GameOrigin::original`]) as that text, the others written afresh; with each
/// game's text in it. Writing afresh is the costly part, so a file of many games read
/// and little changed is put together quickly.
pub fn records_text_keeping<'a>(
    games: impl Iterator<Item = &'a AnyGame>,
    originals: &[Option<Arc<str>>],
) -> (String, Vec<Arc<str>>) {
    let texts: Vec<Arc<str>> = games
        .enumerate()
        .map(|(i, game)| match originals.get(i).cloned().flatten() {
            Some(text) => text,
            None => Arc::from(crate::record::write_any(game).trim_end_matches('\n')),
        })
        .collect();
    let mut file = String::with_capacity(texts.iter().map(|t| t.len() + 2).sum());
    for (i, text) in texts.iter().enumerate() {
        if i > 0 {
            file.push_str("\n\n");
        }
        file.push_str(text);
    }
    file.push('\n');
    (file, texts)
}

/// Why a file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The extension names no known record format.
    #[error("{0}: unknown record format (use a .pgn or .ron file)")]
    UnknownFormat(PathBuf),
    /// The extension names no known image format.
    #[error("{0}: unknown image format (use a .svg or .png file)")]
    UnknownImageFormat(PathBuf),
    /// The diagram could not be drawn (size out of range, rasterising failed).
    #[error(transparent)]
    Diagram(#[from] DiagramError),
    /// The file system said no.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The file is not UTF-8 text.
    #[error("{0}: not UTF-8 text")]
    NotText(PathBuf),
    /// A chapter was to be added to a file that is no study (its first game has no
    /// `Study` tag, or it holds no game that could be read).
    #[error("{0}: not a study (its first game has no Study tag): open it and make it a study, or choose another file")]
    NotAStudy(PathBuf),
    /// The file has games that could not be read: writing it again would lose them.
    #[error("{0}: {1} problem(s) reading the file; open it and mend them before adding to it")]
    HasProblems(PathBuf, usize),
    /// Reading was cancelled before the end.
    #[error("{0}: reading was cancelled")]
    Cancelled(PathBuf),
}

/// Reads a record file: its games and every problem found in them (each naming the
/// path, see [`Diagnostic`]).
///
/// # Errors
/// [`FileError`] when the file cannot be read at all or its extension is unknown.
pub fn read_record_file(path: &Path) -> Result<(Vec<AnyGame>, Vec<Diagnostic>), FileError> {
    let format = Format::from_path(path).ok_or_else(|| FileError::UnknownFormat(path.to_path_buf()))?;
    let bytes = std::fs::read(path).map_err(|source| FileError::Io { path: path.to_path_buf(), source })?;
    let read = parse_record_bytes(&bytes, format, &path.display().to_string());
    Ok((read.games, read.problems))
}

/// Reads a record file like [`read_record_file`], with the number of games it holds.
///
/// # Errors
/// [`FileError::UnknownFormat`] or [`FileError::Io`].
pub fn read_records(path: &Path) -> Result<RecordsRead, FileError> {
    let format = Format::from_path(path).ok_or_else(|| FileError::UnknownFormat(path.to_path_buf()))?;
    let stamp = FileStamp::of(path);
    let bytes = std::fs::read(path).map_err(|source| FileError::Io { path: path.to_path_buf(), source })?;
    Ok(RecordsRead { stamp, ..parse_record_bytes(&bytes, format, &path.display().to_string()) })
}

/// Reads a record file like [`read_records`], telling `progress` how far it has come
/// (bytes read of the file's size, see [`parse_record_bytes_with`]) and stopping between
/// games as soon as `cancel` is set. Meant for a background thread.
///
/// # Errors
/// [`FileError::UnknownFormat`], [`FileError::Io`], or [`FileError::Cancelled`].
pub fn read_records_with(
    path: &Path,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<RecordsRead, FileError> {
    let format = Format::from_path(path).ok_or_else(|| FileError::UnknownFormat(path.to_path_buf()))?;
    let stamp = FileStamp::of(path);
    let bytes = std::fs::read(path).map_err(|source| FileError::Io { path: path.to_path_buf(), source })?;
    parse_record_bytes_with(&bytes, format, &path.display().to_string(), progress, cancel)
        .map(|read| RecordsRead { stamp, ..read })
        .map_err(|Cancelled| FileError::Cancelled(path.to_path_buf()))
}

/// Saves `contents` to `path` atomically: written to a temporary file in the same
/// folder, flushed to disk, then renamed over `path`, so a crash never leaves a
/// half-written file.
///
/// # Errors
/// [`FileError::Io`] naming the path.
pub fn write_atomic(path: &Path, contents: &str) -> Result<(), FileError> {
    write_atomic_bytes(path, contents.as_bytes())
}

/// Saves bytes to `path` atomically, as [`write_atomic`] does for text (used for
/// images).
///
/// # Errors
/// [`FileError::Io`] naming the path.
pub fn write_atomic_bytes(path: &Path, contents: &[u8]) -> Result<(), FileError> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(contents).map_err(|source| FileError::Io { path: path.to_path_buf(), source })?;
    file.commit()
}

/// A file being written atomically, piece by piece: it is written to a temporary file
/// in the same folder and takes `path`'s place only on [`AtomicFile::commit`] (flushed
/// to disk, renamed, the folder flushed too). Dropped without a commit, it leaves
/// `path` as it was. A symlink at `path` stays a symlink (the file it points to is
/// replaced) and the file keeps its permissions.
pub struct AtomicFile {
    path: PathBuf,
    target: PathBuf,
    temp: PathBuf,
    dir: PathBuf,
    permissions: Option<std::fs::Permissions>,
    out: Option<std::io::BufWriter<std::fs::File>>,
}

impl AtomicFile {
    /// Starts writing `path`.
    ///
    /// # Errors
    /// [`FileError::Io`] naming the path when the temporary file cannot be made.
    pub fn create(path: &Path) -> Result<AtomicFile, FileError> {
        let io = |source| FileError::Io { path: path.to_path_buf(), source };
        let target = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path).map_err(io)?,
            _ => path.to_path_buf(),
        };
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let file_name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "record".into());
        let temp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
        let permissions = std::fs::metadata(&target).ok().map(|m| m.permissions());
        let file = std::fs::File::create(&temp).map_err(io)?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            target,
            temp,
            dir,
            permissions,
            out: Some(std::io::BufWriter::with_capacity(1 << 16, file)),
        })
    }

    /// Puts what was written in `path`'s place.
    ///
    /// # Errors
    /// [`FileError::Io`] naming the path; `path` is then as it was.
    pub fn commit(mut self) -> Result<(), FileError> {
        let result = (|| {
            let Some(out) = self.out.take() else { return Ok(()) };
            let file = out.into_inner().map_err(std::io::IntoInnerError::into_error)?;
            if let Some(p) = &self.permissions {
                file.set_permissions(p.clone())?;
            }
            file.sync_all()?;
            drop(file);
            std::fs::rename(&self.temp, &self.target)?;
            // The rename itself reaches the disk.
            sync_dir(&self.dir)
        })();
        if result.is_ok() {
            remove_stale_temps(&self.dir, &self.target);
        }
        result.map_err(|source| FileError::Io { path: self.path.clone(), source })
    }
}

/// Removes the temporary files that saves of `target` killed before their end left in
/// `dir` (`.NAME.PID.tmp`): those of processes no longer running (on Linux), or a day
/// old (elsewhere). Failures are ignored: the save itself is done.
fn remove_stale_temps(dir: &Path, target: &Path) {
    let Some(name) = target.file_name().map(|n| n.to_string_lossy().into_owned()) else { return };
    let prefix = format!(".{name}.");
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = file_name.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".tmp")) else { continue };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        if pid == std::process::id() {
            continue;
        }
        let stale = if cfg!(target_os = "linux") {
            !Path::new(&format!("/proc/{pid}")).exists()
        } else {
            entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > std::time::Duration::from_secs(24 * 3600))
        };
        if stale {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.out {
            Some(out) => out.write(buf),
            None => Err(std::io::Error::other("the file is already committed")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Not committed, or the commit failed: the temporary file goes.
        if self.temp.exists() {
            self.out = None;
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// Reads the games of a record file's bytes one at a time, handing each to `each` with
/// its 1-based number in the file as soon as it is read (so a big file never has all
/// its games in memory at once, as `record check`, `convert`, `list`, `search` and
/// `tree` need). Returns how many games the text holds
/// and every problem, as [`parse_record_bytes`] would.
///
/// # Errors
/// The first error `each` returns (reading stops there).
pub fn for_each_record<E>(
    bytes: &[u8],
    format: Format,
    name: &str,
    mut each: impl FnMut(usize, AnyGame) -> Result<(), E>,
) -> Result<(usize, Vec<Diagnostic>), E> {
    let (utf16, bytes) = utf16_decoded(bytes, format, name);
    let bytes: &[u8] = &bytes;
    let (count, mut problems) = match format {
        Format::Text => {
            let (text, mut problems) = decode_text(bytes, name);
            let mut count = 0;
            let mut lines = LineCounter { text: &text, offset: 0, line: 1, column: 1 };
            for read in GameReader::new(&text) {
                count += usize::from(read.is_game);
                problems.extend(read.errors.iter().map(|e| Diagnostic::from_record_error(name, e)));
                if let Some(game) = read.game {
                    let start = lines.position(read.range.start);
                    problems.extend(stipulation_warning(name, &game, &text, read.range.clone(), start));
                    each(count, game)?;
                }
            }
            (count, problems)
        }
        Format::Ron => {
            let text = String::from_utf8_lossy(bytes);
            let mut failed = None;
            let (count, errors) = ron_file::read_ron_each(&text, &mut |number, game| {
                if failed.is_none()
                    && let Err(e) = each(number, game)
                {
                    failed = Some(e);
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            let mut problems: Vec<Diagnostic> = errors.iter().map(|e| Diagnostic::from_ron_error(name, e)).collect();
            if std::str::from_utf8(bytes).is_err() {
                problems.insert(0, not_utf8_ron(name));
            }
            (count, problems)
        }
    };
    problems.splice(0..0, utf16);
    Ok((count, problems))
}

/// What [`convert_records`] did.
#[derive(Clone, Debug, Default)]
pub struct Converted {
    /// Games written.
    pub written: usize,
    /// Games the input holds, read or not.
    pub game_count: usize,
    /// Every problem of the input.
    pub problems: Vec<Diagnostic>,
}

impl Converted {
    /// Whether anything of the input was left out (a problem that is an error).
    pub fn dropped(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Error)
    }
}

/// Converts a record file's bytes from one format to another, writing game by game to
/// `out` as each is read (memory stays proportional to the input, not to its games).
/// What cannot be read is left out and listed in the result's problems.
///
/// # Errors
/// A failed write to `out`.
pub fn convert_records(
    bytes: &[u8],
    from: Format,
    name: &str,
    to: Format,
    out: &mut dyn Write,
) -> std::io::Result<Converted> {
    if to == Format::Ron {
        out.write_all(ron_file::ron_start().as_bytes())?;
    }
    let mut written = 0usize;
    let (game_count, problems) = for_each_record(bytes, from, name, |_, game| {
        match to {
            Format::Text => {
                if written > 0 {
                    out.write_all(b"\n")?;
                }
                out.write_all(write_any(&game).as_bytes())?;
            }
            Format::Ron => out.write_all(ron_file::ron_game(&game).as_bytes())?,
        }
        written += 1;
        Ok::<(), std::io::Error>(())
    })?;
    if to == Format::Ron {
        out.write_all(ron_file::RON_END.as_bytes())?;
    }
    out.flush()?;
    Ok(Converted { written, game_count, problems })
}

/// Flushes a directory's entries to disk (where the platform can).
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// Saves games to `path` in the format its extension names, atomically.
///
/// ```
/// use orrery::files::{read_record_file, write_record_file};
/// use orrery::record::{AnyGame, GameRecord};
///
/// let path = std::env::temp_dir().join(format!("orrery-doc-{}.ron", std::process::id()));
/// let games = vec![AnyGame::Triangular(GameRecord::new())];
/// write_record_file(&path, &games)?;
/// let (read, problems) = read_record_file(&path)?;
/// assert!(problems.is_empty());
/// assert_eq!(read, games);
/// std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`FileError`] for an unknown extension or a failed write.
pub fn write_record_file(path: &Path, games: &[AnyGame]) -> Result<(), FileError> {
    let format = Format::from_path(path).ok_or_else(|| FileError::UnknownFormat(path.to_path_buf()))?;
    write_atomic(path, &format_records(games, format))
}

/// Saves a diagram to `path` as SVG or PNG by its extension (any case), atomically.
/// Returns the format written.
///
/// # Errors
/// [`FileError::UnknownImageFormat`] for another extension, [`FileError::Diagram`]
/// when it cannot be drawn, [`FileError::Io`] naming the path.
pub fn write_diagram(scene: &Scene, options: &DiagramOptions, path: &Path) -> Result<ImageFormat, FileError> {
    let format = ImageFormat::from_path(path).ok_or_else(|| FileError::UnknownImageFormat(path.to_path_buf()))?;
    write_atomic_bytes(path, &diagram_bytes(scene, options, format)?)?;
    Ok(format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_temporary_file_left_by_a_killed_save_goes_with_the_next_save() {
        let dir = std::env::temp_dir().join(format!("orrery-files-stale-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.pgn");
        // A process that no longer runs (no pid is this high on Linux, whose default
        // limit is 4,194,304), and one that does (this one) are told apart.
        let stale = dir.join(".a.pgn.4294967290.tmp");
        std::fs::write(&stale, "half a save").unwrap();
        let other = dir.join(".b.pgn.4294967290.tmp");
        std::fs::write(&other, "another file's").unwrap();
        write_atomic(&path, "one").unwrap();
        if cfg!(target_os = "linux") {
            assert!(!stale.exists(), "the stale temporary file is removed");
        }
        assert!(other.exists(), "another file's temporary file stays");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("orrery-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.pgn");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let leftovers = std::fs::read_dir(&dir).unwrap().filter(|e| e.as_ref().unwrap().file_name() != "a.pgn").count();
        assert_eq!(leftovers, 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn saving_keeps_a_symlink_a_symlink_and_the_files_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("orrery-files-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let real = dir.join("real.pgn");
        let link = dir.join("link.pgn");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, "new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "still a link");
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o640);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_atomic_file_not_committed_leaves_the_old_file_and_no_temporary() {
        let dir = std::env::temp_dir().join(format!("orrery-files-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pgn");
        std::fs::write(&path, "old").unwrap();
        {
            let mut file = AtomicFile::create(&path).unwrap();
            file.write_all(b"half of a new").unwrap();
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "the temporary file is gone");
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"new").unwrap();
        file.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn converting_streams_every_readable_game_and_lists_the_rest() {
        let text = "[Variant \"Interstellar\"]\n\n1. PQ-33 *\n\n[Variant \"Nope\"]\n\n1. x *\n\n[Variant \"Triangular\"]\n\n1. Bc3d *\n";
        for to in [Format::Text, Format::Ron] {
            let mut out = Vec::new();
            let converted = convert_records(text.as_bytes(), Format::Text, "in.pgn", to, &mut out).unwrap();
            assert_eq!((converted.written, converted.game_count), (2, 3));
            assert!(converted.dropped());
            assert_eq!(converted.problems.len(), 1, "{:?}", converted.problems);
            let written = String::from_utf8(out).unwrap();
            let (games, problems) = parse_records(&written, to, "out");
            assert!(problems.is_empty(), "{problems:?}");
            let (expected, _) = parse_records(text, Format::Text, "in.pgn");
            assert_eq!(games, expected);
        }
    }

    #[test]
    fn ron_problems_are_located_and_typed() {
        let (games, problems) = parse_records("(version: 1, games: [", Format::Ron, "a.ron");
        assert!(games.is_empty());
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].kind, DiagnosticKind::RonSyntax);
        assert!(problems[0].to_string().starts_with("a.ron:1:"), "{}", problems[0]);
        let (_, problems) = parse_records("(version: 999, games: [])", Format::Ron, "b.ron");
        assert_eq!(problems[0].kind, DiagnosticKind::RonVersion);
        assert!(problems[0].to_string().starts_with("b.ron:1:11: the file has schema version 999"), "{}", problems[0]);
        let (_, problems) = parse_records("(version: 1, games: [(variant: \"Chess\")])", Format::Ron, "c.ron");
        assert_eq!(problems[0].kind, DiagnosticKind::RonContent);
        assert!(problems[0].to_string().starts_with("c.ron:1:32: game 1, variant: "), "{}", problems[0]);
    }

    #[test]
    fn each_game_says_its_number_problems_and_text_and_stray_text_is_apart() {
        let text = "[Variant \"Triangular\"]\r\n\r\n1. Bc3d *\r\n\r\n]\r\n[Variant \"Triangular\"]\r\n\r\n1. Bc3d Qx9 *\r\n\r\n[Variant \"Chess\"]\r\n\r\n*\r\n";
        let read = parse_record_bytes(text.as_bytes(), Format::Text, "f.pgn");
        assert_eq!((read.games.len(), read.game_count), (2, 3));
        assert_eq!(read.origins.iter().map(|o| o.number).collect::<Vec<_>>(), [1, 2]);
        assert!(read.origins[0].problems.is_empty() && read.origins[0].source.is_none());
        let second = &read.origins[1];
        assert_eq!(second.error_and_warning_counts(), (1, 0));
        let source = second.source.as_ref().unwrap();
        assert_eq!(source.text, "[Variant \"Triangular\"]\n\n1. Bc3d Qx9 *");
        assert_eq!((source.line, source.column), (6, 1));
        let problem = &second.problems[0];
        assert_eq!((problem.line, problem.column), (8, 9));
        assert_eq!(source.offset_of(problem.line, problem.column), source.text.find("Qx9"));
        assert_eq!(read.unread.len(), 1);
        assert_eq!(read.unread[0].number, 3);
        assert_eq!(read.stray.len(), 1);
        assert_eq!((read.stray[0].line, read.stray[0].column), (5, 1));
        // The flat list is every problem, as before.
        assert_eq!(read.problems.len(), 3);
    }

    #[test]
    fn reading_reports_progress_and_stops_when_cancelled() {
        let game = "[Variant \"Triangular\"]\n\n1. Bc3d *\n\n";
        let text = game.repeat(50);
        let mut seen = Vec::new();
        let read = parse_record_bytes_with(
            text.as_bytes(),
            Format::Text,
            "f.pgn",
            &mut |done, total| seen.push((done, total)),
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(read.games.len(), 50);
        assert_eq!(seen.len(), 50);
        assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "{seen:?}");
        assert!(seen.iter().all(|&(_, total)| total == text.len()));
        assert!(seen[49].0 >= text.trim_end().len());
        // Cancelled after the third game: no more is read.
        let cancel = AtomicBool::new(false);
        let mut calls = 0;
        let result = parse_record_bytes_with(
            text.as_bytes(),
            Format::Text,
            "f.pgn",
            &mut |_, _| {
                calls += 1;
                if calls == 3 {
                    cancel.store(true, Ordering::Relaxed);
                }
            },
            &cancel,
        );
        assert_eq!(result.err(), Some(Cancelled));
        assert_eq!(calls, 3);
    }

    #[test]
    fn format_by_extension() {
        assert_eq!(Format::from_path(Path::new("x.PGN")), Some(Format::Text));
        assert_eq!(Format::from_path(Path::new("x.ron")), Some(Format::Ron));
        assert_eq!(Format::from_path(Path::new("x.txt")), None);
    }
}
