//! Documents that hold a file's games as texts (issue 28, item 7): each game read
//! without a problem is kept as where its text lies and its row, and read again only
//! when wanted — in memory or from a private copy of a big file. Every game read again
//! is the game the file holds; saving writes the unchanged games back byte for byte and
//! streams; the autosave's journal names the unchanged games by number and puts the
//! document back over the file.

#![allow(clippy::unwrap_used)] // tests may unwrap

mod record_support;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use orrery::app::document::{Document, JournalEntry};
use orrery::core::{draughts, interstellar, triangular};
use orrery::files::{KEEP_IN_MEMORY, RecordIndex, index_records_keeping, read_records, write_stored_records};
use orrery::record::collection::GameRow;
use orrery::record::{AnyGame, write_any};
use record_support::random_game;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-stored-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A file of every kind of game: random trees with variations, comments and set-up
/// positions, the hand-written games and puzzles of `assets/`, a game with an error and
/// one with a warning, stray text, and Windows line endings in one game.
fn mixed_file() -> String {
    let mut parts: Vec<String> = Vec::new();
    for seed in 0..12 {
        let game = match seed % 3 {
            0 => AnyGame::Interstellar(random_game::<interstellar::Position>(seed, 30)),
            1 => AnyGame::Triangular(random_game::<triangular::Position>(seed, 30)),
            _ => AnyGame::Draughts(random_game::<draughts::Position>(seed, 30)),
        };
        parts.push(write_any(&game).trim_end().to_string());
    }
    for dir in ["assets/games", "assets/puzzles"] {
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
        files.sort();
        for file in files {
            parts.push(std::fs::read_to_string(file).unwrap().trim().to_string());
        }
    }
    parts.push("[Variant \"Triangular\"]\n[White \"Err\"]\n\n1. Bc3d Zz9 *".into());
    parts.push("[Variant \"Triangular\"]\n[Stipulation \"mate in zero\"]\n\n1. Bc3d *".into());
    parts.push("[Variant \"Triangular draughts\"]\r\n[White \"Crlf\"]\r\n\r\n1. 31-23 15x31 *".into());
    let mut text = parts.join("\n\n");
    text.push_str("\n\nstray words after the last game\n");
    text
}

fn index(path: &Path, copies: Option<&Path>, keep: u64) -> RecordIndex {
    index_records_keeping(path, copies, keep, &mut |_, _| {}, &AtomicBool::new(false)).unwrap()
}

/// Each game of `document` and its row, as read again.
fn trees(document: &Document) -> Vec<(AnyGame, GameRow)> {
    (0..document.len())
        .map(|i| {
            let game = document.games.load(i).unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
            let row = document.games.row(i, i + 1).unwrap();
            ((*game).clone(), row)
        })
        .collect()
}

#[test]
fn every_game_read_again_from_its_text_is_the_game_the_file_holds() {
    let dir = folder("read");
    let path = dir.join("mixed.pgn");
    let text = mixed_file();
    std::fs::write(&path, &text).unwrap();
    let whole = read_records(&path).unwrap();
    assert!(whole.has_errors(), "one game has an error");
    // In memory, and from a private copy (kept however small the file is).
    for (copies, keep) in [(None, KEEP_IN_MEMORY), (Some(dir.join("open")), 0)] {
        let read = index(&path, copies.as_deref(), keep);
        assert!(read.stored.len() > 20, "most games are held as texts: {}", read.stored.len());
        assert_eq!(read.texts.on_disk(), copies.is_some());
        // The games read with a problem are trees, with their problems.
        assert_eq!(read.read.games.len(), 2, "the game with an error and the one with a warning");
        assert_eq!(read.read.problems, whole.problems);
        for stored in &read.stored {
            let at = stored.offset as usize;
            assert_eq!(read.texts.text(stored).unwrap(), text[at..at + stored.len as usize], "game {}", stored.number);
        }
        let document = Document::from_index(&path, read);
        assert_eq!(document.len(), whole.games.len());
        for (i, ((game, row), expected)) in trees(&document).into_iter().zip(&whole.games).enumerate() {
            assert_eq!(&game, expected, "game {}", i + 1);
            assert_eq!(row, GameRow::new(i + 1, expected), "game {}'s row", i + 1);
        }
        // Only the shown game's tree is held, and the trees of games read with a problem.
        let held = (0..document.len()).filter(|&i| !document.games.is_stored(i)).count();
        assert_eq!(held, 1 + 2);
        if let Some(copies) = &copies {
            assert_eq!(std::fs::read_dir(copies).unwrap().count(), 1, "one private copy");
            drop(document);
            assert_eq!(std::fs::read_dir(copies).unwrap().count(), 0, "removed with the document");
        }
    }
}

#[test]
fn a_private_copy_keeps_the_games_when_another_program_rewrites_the_file() {
    let dir = folder("copy");
    let path = dir.join("games.pgn");
    let text = mixed_file();
    std::fs::write(&path, &text).unwrap();
    let mut document = Document::from_index(&path, index(&path, Some(&dir.join("open")), 0));
    let before = trees(&document);
    std::fs::write(&path, "[Variant \"Triangular\"]\n\n*\n").unwrap();
    assert_eq!(trees(&document), before);
    document.show(5).unwrap();
    assert_eq!(*document.shown().as_ref(), before[5].0);
    assert!(document.changed_on_disk(&path), "Save still asks before replacing it");
}

#[test]
fn showing_a_game_reads_it_and_lets_go_of_the_one_shown_before() {
    let dir = folder("show");
    let path = dir.join("games.pgn");
    std::fs::write(&path, mixed_file()).unwrap();
    let mut document = Document::from_index(&path, index(&path, None, KEEP_IN_MEMORY));
    assert!(!document.games.is_stored(0) && document.games.is_stored(1));
    document.show(1).unwrap();
    assert_eq!(document.current(), 1);
    assert!(document.games.is_stored(0) && !document.games.is_stored(1));
    // A changed game keeps its tree (it has no text any more).
    let mut changed = (**document.shown()).clone();
    orrery::with_game!(&mut changed, g => g.tags.set("Event", "Changed"));
    document.change_shown(Arc::new(changed));
    document.show(2).unwrap();
    assert!(!document.games.is_stored(1));
    assert_eq!(document.games.get(1).unwrap().tags().get("Event"), Some("Changed"));
    assert!(document.games.is_stored(0) && !document.games.is_stored(2));
}

#[test]
fn saving_streams_writes_unchanged_games_byte_for_byte_and_holds_them_as_texts_again() {
    let dir = folder("save");
    let path = dir.join("games.pgn");
    // Only games without problems: saving writes every game (the others afresh).
    let text: String =
        mixed_file().split("[Variant \"Triangular\"]\n[White \"Err\"]").next().unwrap().trim().to_string() + "\n";
    std::fs::write(&path, &text).unwrap();
    for (copies, keep) in [(None, KEEP_IN_MEMORY), (Some(dir.join("open")), 0)] {
        let mut document = Document::from_index(&path, index(&path, copies.as_deref(), keep));
        let n = document.len();
        document.show(3).unwrap();
        let mut changed = (**document.shown()).clone();
        orrery::with_game!(&mut changed, g => g.tags.set("Event", "Changed"));
        document.change_shown(Arc::new(changed.clone()));
        let target = dir.join("saved.pgn");
        let games = document.games.clone();
        let written =
            write_stored_records(&target, copies.as_deref(), keep, (0..n).map(|i| games.text_and_row(i))).unwrap();
        document.saved_to(&target, written);
        let saved = std::fs::read_to_string(&target).unwrap();
        // Every game but the changed one stands in the file as it stood before.
        let old: Vec<&str> = text.trim_end().split("\n\n[").collect();
        let new: Vec<&str> = saved.trim_end().split("\n\n[").collect();
        assert_eq!(old.len(), new.len());
        for (k, (a, b)) in old.iter().zip(&new).enumerate() {
            if k == 3 {
                assert!(b.contains("[Event \"Changed\"]"), "{b}");
            } else {
                assert_eq!(a, b, "game {} written back byte for byte", k + 1);
            }
        }
        // Held as texts again (the shown game's tree stays), read back as saved.
        assert!((0..n).filter(|&i| i != 3).all(|i| document.games.is_stored(i)));
        assert!(!document.modified && document.matches_saved() == Some(true));
        assert_eq!(*document.games.load(3).unwrap(), changed);
        let again = read_records(&target).unwrap();
        assert_eq!(trees(&document).into_iter().map(|(g, _)| g).collect::<Vec<_>>(), again.games);
    }
}

#[test]
fn the_journal_names_unchanged_games_by_number_and_puts_the_document_back() {
    let dir = folder("journal");
    let path = dir.join("games.pgn");
    std::fs::write(&path, mixed_file()).unwrap();
    let mut document = Document::from_index(&path, index(&path, None, KEEP_IN_MEMORY));
    let n = document.len();
    // Change game 8, delete game 3, show game 10 changed but not yet written back.
    document.show(7).unwrap();
    let mut changed = (**document.shown()).clone();
    orrery::with_game!(&mut changed, g => g.tags.set("Event", "Changed"));
    document.change_shown(Arc::new(changed));
    document.remove_game(2).unwrap();
    document.show(9).unwrap();
    let mut shown = (**document.shown()).clone();
    orrery::with_game!(&mut shown, g => g.tags.set("Round", "9"));
    let journal = document.journal(&shown).unwrap();
    let texts = journal.iter().filter(|e| matches!(e, JournalEntry::Game(_))).count();
    // Games 1–2, 4–7, 9, 11…: runs of numbers; the changed games, the shown one and the
    // two read with a problem as texts.
    assert_eq!(texts, 4, "{journal:?}");
    assert!(journal.len() <= 10, "{journal:?}");
    let size: usize = ron::to_string(&journal).unwrap().len();
    assert!(size < 4_000, "the journal is small: {size} bytes");
    // Put back over the file as read again.
    let again = index(&path, None, KEEP_IN_MEMORY);
    let restored = Document::from_journal(&path, again, &journal, 9).unwrap();
    assert_eq!(restored.len(), n - 1);
    assert!(restored.modified);
    assert_eq!(restored.current(), 9);
    assert_eq!(restored.shown().tags().get("Round"), Some("9"));
    assert_eq!(restored.games.get(6).unwrap().tags().get("Event"), Some("Changed"));
    let mut expected = trees(&document).into_iter().map(|(g, _)| g).collect::<Vec<_>>();
    expected[9] = shown;
    assert_eq!(trees(&restored).into_iter().map(|(g, _)| g).collect::<Vec<_>>(), expected);
    // A journal that names a game the file no longer has is refused.
    let short = index(&path, None, KEEP_IN_MEMORY);
    let wrong = [JournalEntry::File { from: 1, count: 10_000 }];
    assert!(Document::from_journal(&path, short, &wrong, 0).unwrap_err().contains("no game"));
}

#[test]
fn a_position_search_walks_every_game_and_stops_when_no_longer_wanted() {
    use orrery::app::games_list::Found;
    use orrery::core::{Game, Variant};
    let dir = folder("find");
    let path = dir.join("games.pgn");
    std::fs::write(&path, mixed_file()).unwrap();
    let document = Document::from_index(&path, index(&path, None, KEEP_IN_MEMORY));
    let start = triangular::Position::opening().board_key();
    let mut told = (usize::MAX, 0);
    let found =
        Found::search(&document.games, Variant::Triangular, start, &AtomicBool::new(false), &mut |d, t| told = (d, t));
    assert_eq!(told, (0, document.len()), "the progress names the games to walk");
    // Every Triangular game that starts from the opening holds it; each is walked once.
    let expected: Vec<usize> = (0..document.len())
        .filter(|&i| {
            let game = document.games.get(i).unwrap();
            game.variant() == Variant::Triangular && !orrery::record::collection::occurrences(&game, start).is_empty()
        })
        .collect();
    assert!(expected.len() >= 3, "{expected:?}");
    assert_eq!(found.games, expected);
    assert_eq!(found.reaching, expected.len(), "each reaches it in its main line (at its start)");
    // Cancelled before it starts: nothing is walked.
    let cancelled = Found::search(&document.games, Variant::Triangular, start, &AtomicBool::new(true), &mut |_, _| {});
    assert!(cancelled.games.is_empty());
}
