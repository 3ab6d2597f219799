//! A chapter added to a study file on disk (the app's "Add to study…"): the game
//! tagged as a chapter of the file's study and written after its last chapter, the
//! chapters already there kept as they were (a text file keeps its bytes; a RON file is
//! written again only when every game in it was read). A file that does not exist yet
//! becomes a new study of one chapter. Every write is atomic.

use std::path::Path;

use super::{FileError, Format, for_each_record, write_atomic, write_atomic_bytes};
use crate::record::study::{CHAPTER_TAG, STUDY_TAG};
use crate::record::{AnyGame, ron_file, write_any};

/// What [`add_chapter`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChapterAdded {
    /// The study's name (the first chapter's `Study` tag).
    pub study: String,
    /// The new chapter's 1-based number in the file.
    pub number: usize,
    /// Whether the file was made for it (a new study).
    pub created: bool,
}

/// Adds `game` to the study at `path` as its last chapter titled `title` (its `Study`
/// tag set to the study's name, its `Chapter` tag to `title`, or, when `title` is
/// empty, kept or taken from its players). A file that does not exist, or holds no
/// game, becomes the study `new_study` with this one chapter. (`docs/app.md`
/// *Studies*.)
///
/// # Errors
/// [`FileError::UnknownFormat`] for an extension other than `.pgn` or `.ron`;
/// [`FileError::NotText`] for a text file that is not UTF-8 (appending would mix
/// encodings); [`FileError::NotAStudy`] when the file's first game has no `Study`
/// tag; [`FileError::HasProblems`] for a RON file with games that could not be read
/// (writing it again would lose them); [`FileError::Io`] naming the path. On an error
/// the file is as it was.
pub fn add_chapter(path: &Path, game: &AnyGame, title: &str, new_study: &str) -> Result<ChapterAdded, FileError> {
    let format = Format::from_path(path).ok_or_else(|| FileError::UnknownFormat(path.to_path_buf()))?;
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(source) => return Err(FileError::Io { path: path.to_path_buf(), source }),
    };
    let name = path.display().to_string();
    // The games there: how many, the first one's study, and (for RON) the games.
    let mut count = 0;
    let mut study: Option<String> = None;
    let mut games = Vec::new();
    let keep = format == Format::Ron;
    let empty = bytes.iter().all(u8::is_ascii_whitespace);
    let (_, problems) = if empty {
        (0, Vec::new())
    } else {
        for_each_record(&bytes, format, &name, |_, g: AnyGame| {
            if count == 0 {
                study = crate::record::study::study_name(std::slice::from_ref(&g));
            }
            count += 1;
            if keep {
                games.push(g);
            }
            Ok::<(), std::convert::Infallible>(())
        })
        .unwrap_or_else(|never| match never {})
    };
    let created = count == 0;
    if created && !empty {
        // Text that holds no readable game is not a study to add to, nor to replace.
        return Err(FileError::NotAStudy(path.to_path_buf()));
    }
    let study = match study {
        Some(study) => study,
        None if created => new_study.trim().to_string(),
        None => return Err(FileError::NotAStudy(path.to_path_buf())),
    };
    let mut chapter = game.clone();
    let title = match title.trim() {
        "" => crate::record::study::Chapter::of(game, count).title,
        t => t.to_string(),
    };
    crate::with_game!(&mut chapter, g => {
        g.tags.set(STUDY_TAG, &study);
        g.tags.set(CHAPTER_TAG, &title);
    });
    match format {
        Format::Text => {
            if created {
                write_atomic(path, &write_any(&chapter))?;
            } else {
                if std::str::from_utf8(&bytes).is_err() || crate::record::decode_utf16(&bytes).is_some() {
                    return Err(FileError::NotText(path.to_path_buf()));
                }
                // The file's bytes as they are, a blank line, the chapter.
                let mut out = bytes;
                while out.last().is_some_and(|b| matches!(b, b'\n' | b'\r' | b' ' | b'\t')) {
                    out.pop();
                }
                // The file's own line endings for the chapter too.
                let crlf = bytes_have_crlf(&out);
                let newline: &[u8] = if crlf { b"\r\n" } else { b"\n" };
                out.extend_from_slice(newline);
                out.extend_from_slice(newline);
                let text = write_any(&chapter);
                let text = if crlf { text.replace('\n', "\r\n") } else { text };
                out.extend_from_slice(text.as_bytes());
                if out.last() != Some(&b'\n') {
                    out.extend_from_slice(newline);
                }
                write_atomic_bytes(path, &out)?;
            }
        }
        Format::Ron => {
            if !problems.is_empty() {
                return Err(FileError::HasProblems(path.to_path_buf(), problems.len()));
            }
            games.push(chapter);
            write_atomic(path, &ron_file::write_ron(&games))?;
        }
    }
    Ok(ChapterAdded { study, number: count + 1, created })
}

/// Whether a text's lines end with CR LF (its first line end does).
fn bytes_have_crlf(bytes: &[u8]) -> bool {
    bytes.iter().position(|&b| b == b'\n').is_some_and(|i| i > 0 && bytes[i - 1] == b'\r')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;
    use crate::files::read_record_file;

    fn game_with(moves: &[&str], white: &str) -> AnyGame {
        let mut game = AnyGame::new(Variant::Triangular);
        crate::with_game!(&mut game, g => {
            let mut at = crate::record::NodeId::ROOT;
            for m in moves {
                at = g.add_move_text(at, m).expect("legal");
            }
            g.tags.set("White", white);
            g.tags.set("Black", "Eve");
        });
        game
    }

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("orrery-study-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    fn first_move(variant: Variant) -> String {
        let game = AnyGame::new(variant);
        crate::with_game!(&game, g => {
            use crate::core::Game;
            let mut moves = crate::core::moves::MoveList::new();
            g.start.legal_moves(&mut moves);
            g.start.notation(moves[0])
        })
    }

    #[test]
    fn a_new_file_becomes_a_study_and_later_chapters_follow_its_last() {
        let dir = temp("new");
        let path = dir.join("openings.pgn");
        let m = first_move(Variant::Triangular);
        let added = add_chapter(&path, &game_with(&[&m], "Ann"), "", "Openings").expect("created");
        assert_eq!(added, ChapterAdded { study: "Openings".into(), number: 1, created: true });
        let before = std::fs::read(&path).expect("written");
        let added = add_chapter(&path, &game_with(&[], "Bob"), "Second", "ignored").expect("added");
        assert_eq!(added, ChapterAdded { study: "Openings".into(), number: 2, created: false });
        let after = std::fs::read(&path).expect("written");
        assert!(after.starts_with(before.trim_ascii_end()), "the first chapter's bytes are kept");
        let (games, problems) = read_record_file(&path).expect("reads");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tags().get("Chapter"), Some("Ann – Eve"), "a title from the players when none is given");
        assert_eq!(games[1].tags().get("Chapter"), Some("Second"));
        assert_eq!(games[1].tags().get("Study"), Some("Openings"), "the file's study, not the new name");
        assert_eq!(crate::record::study::study_name(&games).as_deref(), Some("Openings"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_is_no_study_is_left_as_it_was() {
        let dir = temp("nostudy");
        let path = dir.join("games.pgn");
        let text = "[Variant \"Triangular\"]\n\n*\n";
        std::fs::write(&path, text).expect("written");
        let error = add_chapter(&path, &game_with(&[], "Ann"), "", "Mine").expect_err("no study");
        assert!(matches!(error, FileError::NotAStudy(_)), "{error}");
        assert!(error.to_string().contains("games.pgn"), "{error}");
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), text);
        let garbage = dir.join("garbage.pgn");
        std::fs::write(&garbage, "this is not a record {").expect("written");
        assert!(add_chapter(&garbage, &game_with(&[], "Ann"), "", "Mine").is_err());
        assert_eq!(std::fs::read_to_string(&garbage).expect("kept"), "this is not a record {");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_chapter_takes_the_line_endings_of_its_file() {
        let dir = temp("crlf");
        let path = dir.join("windows.pgn");
        add_chapter(&path, &game_with(&[], "Ann"), "One", "Endings").expect("created");
        let lf = std::fs::read_to_string(&path).expect("written");
        std::fs::write(&path, lf.replace('\n', "\r\n")).expect("written");
        add_chapter(&path, &game_with(&[], "Bob"), "Two", "x").expect("added");
        let text = std::fs::read_to_string(&path).expect("written");
        assert_eq!(text.matches('\n').count(), text.matches("\r\n").count(), "{text:?}");
        let (games, problems) = read_record_file(&path).expect("reads");
        assert!(problems.is_empty() && games.len() == 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_ron_study_is_written_again_with_the_chapter_and_every_game_kept() {
        let dir = temp("ron");
        let path = dir.join("study.ron");
        add_chapter(&path, &game_with(&[], "Ann"), "One", "Endings").expect("created");
        add_chapter(&path, &game_with(&[&first_move(Variant::Triangular)], "Bob"), "Two", "x").expect("added");
        let (games, problems) = read_record_file(&path).expect("reads");
        assert!(problems.is_empty());
        let titles: Vec<_> = games.iter().map(|g| g.tags().get("Chapter").unwrap_or("").to_string()).collect();
        assert_eq!(titles, ["One", "Two"]);
        assert_eq!(games[1].tags().get("Study"), Some("Endings"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
