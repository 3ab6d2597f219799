//! Files on disk: the one module of the library that writes files. Record files with
//! the format chosen by extension (`.pgn` text, `.ron` RON), read with every error
//! located as `FILE:LINE:COL: reason`; diagrams (`.svg`, `.png`) drawn by
//! [`crate::render::diagram`]; and every save atomic (a temporary file beside the
//! target, flushed, then renamed over it: [`write_atomic_bytes`]).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::record::ron_file::RonError;
use crate::record::text::{GameReader, encoding_errors};
use crate::record::{
    AnyGame, RecordError, RecordErrorKind, Severity, read_games_bytes, ron_file, write_any, write_games,
};
use crate::render::diagram::{DiagramError, DiagramOptions, ImageFormat, diagram_bytes};
use crate::render::scene::Scene;

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

/// A record file as read: its games, every problem, and how many games it holds.
#[derive(Clone, Debug, Default)]
pub struct RecordsRead {
    /// The games that could be read (some in part).
    pub games: Vec<AnyGame>,
    /// Every error and warning.
    pub problems: Vec<Diagnostic>,
    /// How many games the file holds, read or not.
    pub game_count: usize,
}

impl RecordsRead {
    /// Whether any problem is an error (something could not be read).
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Error)
    }
}

/// Reads the bytes of a record file like [`parse_records`]; text that is not UTF-8 is
/// reported at its line and column.
pub fn parse_record_bytes(bytes: &[u8], format: Format, name: &str) -> RecordsRead {
    match format {
        Format::Text => {
            let report = read_games_bytes(bytes);
            let problems = report.errors.iter().map(|e| Diagnostic::from_record_error(name, e)).collect();
            RecordsRead { game_count: report.game_count, games: report.games, problems }
        }
        Format::Ron => {
            let text = String::from_utf8_lossy(bytes);
            let (games, errors) = ron_file::read_ron(&text);
            let mut problems: Vec<Diagnostic> = errors.iter().map(|e| Diagnostic::from_ron_error(name, e)).collect();
            if std::str::from_utf8(bytes).is_err() {
                problems.insert(
                    0,
                    Diagnostic {
                        file: name.to_string(),
                        line: 1,
                        column: 1,
                        kind: DiagnosticKind::RonSyntax,
                        message: "not UTF-8 text".to_string(),
                        severity: Severity::Error,
                    },
                );
            }
            RecordsRead { game_count: games.len(), games, problems }
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
    let bytes = std::fs::read(path).map_err(|source| FileError::Io { path: path.to_path_buf(), source })?;
    Ok(parse_record_bytes(&bytes, format, &path.display().to_string()))
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
        result.map_err(|source| FileError::Io { path: self.path.clone(), source })
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

/// Reads the games of a record file's bytes one at a time, handing each to `each` as
/// soon as it is read (so a big file never has all its games in memory at once, as
/// `record check` and `record convert` need). Returns how many games the text holds
/// and every problem, as [`parse_record_bytes`] would.
///
/// # Errors
/// The first error `each` returns (reading stops there).
pub fn for_each_record<E>(
    bytes: &[u8],
    format: Format,
    name: &str,
    mut each: impl FnMut(AnyGame) -> Result<(), E>,
) -> Result<(usize, Vec<Diagnostic>), E> {
    match format {
        Format::Text => {
            let text = String::from_utf8_lossy(bytes);
            let mut problems: Vec<Diagnostic> =
                encoding_errors(bytes).iter().map(|e| Diagnostic::from_record_error(name, e)).collect();
            let mut count = 0;
            for read in GameReader::new(&text) {
                count += usize::from(read.is_game);
                problems.extend(read.errors.iter().map(|e| Diagnostic::from_record_error(name, e)));
                if let Some(game) = read.game {
                    each(game)?;
                }
            }
            Ok((count, problems))
        }
        Format::Ron => {
            let read = parse_record_bytes(bytes, format, name);
            for game in read.games {
                each(game)?;
            }
            Ok((read.game_count, read.problems))
        }
    }
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
    let (game_count, problems) = for_each_record(bytes, from, name, |game| {
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
    fn format_by_extension() {
        assert_eq!(Format::from_path(Path::new("x.PGN")), Some(Format::Text));
        assert_eq!(Format::from_path(Path::new("x.ron")), Some(Format::Ron));
        assert_eq!(Format::from_path(Path::new("x.txt")), None);
    }
}
