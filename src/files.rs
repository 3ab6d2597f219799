//! Files on disk: the one module of the library that writes files. Record files with
//! the format chosen by extension (`.pgn` text, `.ron` RON), read with every error
//! located as `FILE:LINE:COL: reason`; diagrams (`.svg`, `.png`) drawn by
//! [`crate::render::diagram`]; and every save atomic (a temporary file beside the
//! target, flushed, then renamed over it: [`write_atomic_bytes`]).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::record::{AnyGame, read_games, ron_file, write_games};
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

/// The games of a record text in `format`, with every error as `NAME:LINE:COL: reason`
/// (`NAME` is how the caller names the source, e.g. the file path).
pub fn parse_records(text: &str, format: Format, name: &str) -> (Vec<AnyGame>, Vec<String>) {
    match format {
        Format::Text => {
            let report = read_games(text);
            let errors = report.errors.iter().map(|e| format!("{name}:{e}")).collect();
            (report.games, errors)
        }
        Format::Ron => {
            let (games, errors) = ron_file::read_ron(text);
            let errors = errors
                .iter()
                .map(|e| match e {
                    ron_file::RonError::Syntax { .. } => format!("{name}:{e}"),
                    _ => format!("{name}:1:1: {e}"),
                })
                .collect();
            (games, errors)
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

/// Reads a record file: its games and every error found (as `PATH:LINE:COL: reason`).
///
/// # Errors
/// [`FileError`] when the file cannot be read at all or its extension is unknown.
pub fn read_record_file(path: &Path) -> Result<(Vec<AnyGame>, Vec<String>), FileError> {
    let format = Format::from_path(path).ok_or_else(|| FileError::UnknownFormat(path.to_path_buf()))?;
    let bytes = std::fs::read(path).map_err(|source| FileError::Io { path: path.to_path_buf(), source })?;
    let text = String::from_utf8(bytes).map_err(|_| FileError::NotText(path.to_path_buf()))?;
    Ok(parse_records(&text, format, &path.display().to_string()))
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
    let io = |source| FileError::Io { path: path.to_path_buf(), source };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "record".into());
    let temp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&temp)?;
        f.write_all(contents)?;
        f.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result.map_err(io)
}

/// Saves games to `path` in the format its extension names, atomically.
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

    #[test]
    fn format_by_extension() {
        assert_eq!(Format::from_path(Path::new("x.PGN")), Some(Format::Text));
        assert_eq!(Format::from_path(Path::new("x.ron")), Some(Format::Ron));
        assert_eq!(Format::from_path(Path::new("x.txt")), None);
    }
}
