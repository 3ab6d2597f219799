//! The document: the games of the open file (or of a new, unsaved game), which of them
//! is shown, the file it belongs to, whether it has unsaved changes, and for each game
//! where it stands in its file and what was wrong with it when read. No egui; the app
//! changes it only through its commands.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::files::{GameOrigin, RecordsRead};
use crate::record::AnyGame;
use crate::record::game::roster;

/// The open records.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Every game of the file, the shown one at [`Document::current`] (as of the last
    /// change: the app writes the shown game back after each change). Shared, so that
    /// work in the background (the position index, searches, the autosave) takes the
    /// games without copying them; a change replaces a game.
    pub games: Vec<Arc<AnyGame>>,
    /// Which game is shown.
    pub current: usize,
    /// The file the games came from or were last saved to.
    pub file: Option<PathBuf>,
    /// Changes not yet saved.
    pub modified: bool,
    /// One per game of [`Document::games`]: its number in the file, the problems its
    /// text had when read and, then, that text.
    pub origins: Vec<GameOrigin>,
    /// The games of the file that could not be read at all (they are not among
    /// [`Document::games`]).
    pub unread: Vec<GameOrigin>,
    /// Changes to the list of games (a new document, games added, deleted or moved)
    /// and to any game, as numbers no two documents share: views of the games keep
    /// what they work out until these move.
    revisions: (u64, u64),
    /// The games changed since the list of games last changed (their indices).
    changed: Vec<usize>,
    /// The games as the file holds them (as read, or as last saved), to tell when undo
    /// has brought the document back to them; `None` for games in no file.
    saved: Option<Vec<Arc<AnyGame>>>,
    /// The file's size and time of change as Orrery last read or wrote it: Save asks
    /// before replacing a file another program changed since (`None`: not known).
    pub stamp: Option<crate::files::FileStamp>,
}

/// A number no other revision of any document has.
fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Document {
    /// A document holding one new game, not saved anywhere.
    pub fn new(game: AnyGame) -> Document {
        Document::with_games(None, vec![game])
    }

    /// A document of the games read from `path` (at least one), the first shown.
    pub fn from_file(path: &Path, games: Vec<AnyGame>) -> Document {
        let mut document = Document::with_games(Some(path.to_path_buf()), games);
        document.stamp = crate::files::FileStamp::of(path);
        document
    }

    /// A document of `games` (at least one), numbered 1, 2, … with no problems.
    pub fn with_games(file: Option<PathBuf>, games: Vec<AnyGame>) -> Document {
        let origins = fresh_origins(games.len());
        let revision = next_revision();
        Document {
            games: games.into_iter().map(Arc::new).collect(),
            current: 0,
            file,
            modified: false,
            origins,
            unread: Vec::new(),
            revisions: (revision, revision),
            changed: Vec::new(),
            saved: None,
            stamp: None,
        }
    }

    /// A document of what was read from `path` (at least one game), the first shown,
    /// with each game's origin and the games that could not be read.
    pub fn from_read(path: &Path, read: RecordsRead) -> Document {
        let mut origins = read.origins;
        if origins.len() != read.games.len() {
            origins = fresh_origins(read.games.len());
        }
        let revision = next_revision();
        let games: Vec<Arc<AnyGame>> = read.games.into_iter().map(Arc::new).collect();
        let saved = read.unread.is_empty().then(|| games.clone());
        Document {
            games,
            current: 0,
            file: Some(path.to_path_buf()),
            modified: false,
            origins,
            unread: read.unread,
            revisions: (revision, revision),
            changed: Vec::new(),
            saved,
            stamp: read.stamp,
        }
    }

    /// Where game `index` came from (`None` past the end).
    pub fn origin(&self, index: usize) -> Option<&GameOrigin> {
        self.origins.get(index)
    }

    /// The index in [`Document::games`] of the game numbered `number` in its file.
    pub fn index_of_number(&self, number: usize) -> Option<usize> {
        if number == 0 {
            return None;
        }
        self.origins.iter().position(|o| o.number == number)
    }

    /// The revision of the list of games: it moves when games are added, deleted or
    /// moved (and differs between documents).
    pub fn structure_revision(&self) -> u64 {
        self.revisions.0
    }

    /// The revision of the games: it moves with any change to the list or to a game.
    pub fn revision(&self) -> u64 {
        self.revisions.1
    }

    /// The games changed since the list of games last changed (indices, in the order
    /// first changed).
    pub fn changed_since_structure(&self) -> &[usize] {
        &self.changed
    }

    fn game_changed(&mut self, index: usize) {
        self.revisions.1 = next_revision();
        if !self.changed.contains(&index) {
            self.changed.push(index);
        }
        if let Some(origin) = self.origins.get_mut(index) {
            origin.original = None;
        }
    }

    fn structure_changed(&mut self) {
        let revision = next_revision();
        self.revisions = (revision, revision);
        self.changed.clear();
        self.modified = true;
    }

    /// The number game `index` has in the list: its place (as saving numbers it), or
    /// its number in the file while games of the file could not be read (the list's
    /// order cannot change then).
    pub fn number_of(&self, index: usize) -> usize {
        if self.unread.is_empty() { index + 1 } else { self.origin(index).map_or(index + 1, |o| o.number) }
    }

    /// Puts `game` at `index` (at most the number of games) with where it came from
    /// (a game taken out and put back keeps its text as read); the shown game stays
    /// shown.
    pub fn insert_game_from(&mut self, index: usize, game: AnyGame, origin: GameOrigin) {
        let index = index.min(self.games.len());
        self.games.insert(index, Arc::new(game));
        self.origins.insert(index.min(self.origins.len()), origin);
        if self.current >= index && self.games.len() > 1 {
            self.current += 1;
        }
        self.structure_changed();
    }

    /// Takes game `index` out (never the last game left); the shown game stays shown,
    /// or the next one (the one before at the end) when it is the one taken out.
    /// Returns the game and where it came from.
    pub fn remove_game(&mut self, index: usize) -> Option<(AnyGame, GameOrigin)> {
        if index >= self.games.len() || self.games.len() == 1 {
            return None;
        }
        let game = self.games.remove(index);
        let origin = if index < self.origins.len() { self.origins.remove(index) } else { GameOrigin::default() };
        if self.current > index || self.current == self.games.len() {
            self.current -= 1;
        }
        self.structure_changed();
        Some((Arc::unwrap_or_clone(game), origin))
    }

    /// Replaces game `index` (not the shown one's view: the caller keeps that in
    /// step) and marks the document modified, with the game's text as read when it is
    /// the game as read again (an undo: [`GameOrigin::original`]); `false` when there
    /// is no such game.
    pub fn replace_game(&mut self, index: usize, game: Arc<AnyGame>, original: Option<std::sync::Arc<str>>) -> bool {
        let Some(slot) = self.games.get_mut(index) else { return false };
        if !Arc::ptr_eq(slot, &game) && **slot != *game {
            *slot = game;
            self.game_changed(index);
        }
        if let Some(origin) = self.origins.get_mut(index) {
            origin.original = original;
        }
        self.modified = true;
        true
    }

    /// Swaps games `a` and `b` (the shown game stays shown, in its new place).
    pub fn swap_games(&mut self, a: usize, b: usize) {
        if a >= self.games.len() || b >= self.games.len() || a == b {
            return;
        }
        self.games.swap(a, b);
        if a.max(b) < self.origins.len() {
            self.origins.swap(a, b);
        }
        if self.current == a {
            self.current = b;
        } else if self.current == b {
            self.current = a;
        }
        self.structure_changed();
    }

    /// The shown game (shared with the shown game's view: cloning it counts a
    /// reference).
    pub fn shown(&self) -> &Arc<AnyGame> {
        &self.games[self.current]
    }

    /// Replaces the shown game after a change and marks the document modified; the
    /// game will be written afresh, no longer as its text was read.
    pub fn change_shown(&mut self, game: Arc<AnyGame>) {
        self.games[self.current] = game;
        self.modified = true;
        self.game_changed(self.current);
    }

    /// Replaces the shown game without marking a change (e.g. an undo back to the saved
    /// state keeps the modified flag the caller sets). A game that is not the same as
    /// before will be written afresh. The same shared game (a view that changed
    /// nothing) is not compared.
    pub fn set_shown(&mut self, game: Arc<AnyGame>) {
        let slot = &self.games[self.current];
        if !Arc::ptr_eq(slot, &game) {
            if **slot != *game {
                self.game_changed(self.current);
            }
            self.games[self.current] = game;
        }
    }

    /// Each game's text as read, for the games unchanged since
    /// ([`GameOrigin::original`]), in game order: what saving writes back as it was.
    pub fn originals(&self) -> Vec<Option<std::sync::Arc<str>>> {
        (0..self.games.len()).map(|i| self.origins.get(i).and_then(|o| o.original.clone())).collect()
    }

    /// The games were written to `path`, which becomes the document's file.
    /// The file now holds the games as written (numbered afresh, with no problems),
    /// each with its text there (`written`, from
    /// [`write_records_keeping`](crate::files::write_records_keeping)).
    pub fn saved_to(&mut self, path: &Path, written: Vec<Option<std::sync::Arc<str>>>) {
        self.file = Some(path.to_path_buf());
        self.modified = false;
        self.origins = fresh_origins(self.games.len());
        for (origin, text) in self.origins.iter_mut().zip(written) {
            origin.original = text;
        }
        self.unread.clear();
        let revision = next_revision();
        self.revisions = (revision, revision);
        self.changed.clear();
        self.saved = Some(self.games.clone());
        self.stamp = crate::files::FileStamp::of(path);
    }

    /// Forgets which games the file holds (after a restore, the games shown are not
    /// known to be the file's): only a save makes the document unmodified again.
    pub fn forget_saved(&mut self) {
        self.saved = None;
    }

    /// Whether another program changed `path` since Orrery read or wrote it as this
    /// document's file (its size or time of change differ; a file that is gone counts
    /// as unchanged: saving makes it again).
    pub fn changed_on_disk(&self, path: &Path) -> bool {
        self.file.as_deref() == Some(path)
            && self.stamp.is_some()
            && crate::files::FileStamp::of(path).is_some_and(|now| Some(now) != self.stamp)
    }

    /// Whether the games are again those of the file, as read or last saved (after
    /// undoing every change since); `None` when that is not known (games in no file).
    pub fn matches_saved(&self) -> Option<bool> {
        let saved = self.saved.as_ref()?;
        self.file.as_ref()?;
        Some(saved.len() == self.games.len() && saved.iter().zip(&self.games).all(|(a, b)| Arc::ptr_eq(a, b) || a == b))
    }

    /// Sets the modified flag after an undo or redo: cleared when the games are back to
    /// the file's, set when they differ; `fallback` when that is not known.
    pub fn refresh_modified(&mut self, fallback: bool) {
        self.modified = match self.matches_saved() {
            Some(same) => !same,
            None => fallback,
        };
    }

    /// The file's name for the window title (or "Untitled … game"), with `*` when
    /// modified.
    pub fn title(&self) -> String {
        let name = match &self.file {
            Some(p) => p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            None => format!("Untitled {} game", self.shown().variant().name()),
        };
        format!("Orrery — {name}{}", if self.modified { " *" } else { "" })
    }
}

/// Origins numbered 1 to `n`, with no problems.
fn fresh_origins(n: usize) -> Vec<GameOrigin> {
    (1..=n).map(|number| GameOrigin { number, ..GameOrigin::default() }).collect()
}

/// A game's title for the games list: "White – Black" (each game's player tags), else
/// its Event, else "Game N" (`number` in its file).
pub fn game_title(game: &AnyGame, number: usize) -> String {
    let tags = game.tags();
    let known = |key: &str| tags.get(key).map(str::trim).filter(|v| !v.is_empty() && *v != "?");
    let [.., first, second] = roster(game.variant());
    match (known(first), known(second)) {
        (Some(a), Some(b)) => format!("{a} – {b}"),
        (Some(a), None) => format!("{a} – ?"),
        (None, Some(b)) => format!("? – {b}"),
        (None, None) => known("Event").map_or_else(|| format!("Game {number}"), str::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;

    #[test]
    fn a_new_document_is_untitled_and_a_change_marks_it() {
        let mut doc = Document::new(AnyGame::new(Variant::Triangular));
        assert_eq!(doc.title(), "Orrery — Untitled Triangular game");
        doc.change_shown(Arc::new(AnyGame::new(Variant::Triangular)));
        assert!(doc.modified);
        assert_eq!(doc.title(), "Orrery — Untitled Triangular game *");
        doc.saved_to(Path::new("/tmp/club.pgn"), Vec::new());
        assert!(!doc.modified);
        assert_eq!(doc.title(), "Orrery — club.pgn");
    }

    #[test]
    fn a_games_title_is_its_players_else_its_event_else_its_number() {
        let text = "[Variant \"Triangular\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n\n1. Bc3d *\n";
        let game = crate::record::read_one(text).unwrap();
        assert_eq!(game_title(&game, 1), "Ann – Bo");
        assert_eq!(game.main_line_len(), 1);
        let text = "[Variant \"Interstellar\"]\n[Event \"Club night\"]\n\n*\n";
        assert_eq!(game_title(&crate::record::read_one(text).unwrap(), 2), "Club night");
        assert_eq!(game_title(&AnyGame::new(Variant::Interstellar), 3), "Game 3");
    }
}
