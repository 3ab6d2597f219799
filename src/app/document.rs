//! The document: the games of the open file (or of a new, unsaved game), which of them
//! is shown, the file it belongs to, whether it has unsaved changes, and for each game
//! where it stands in its file and what was wrong with it when read. No egui; the app
//! changes it only through its commands.

use std::path::{Path, PathBuf};

use crate::files::{GameOrigin, RecordsRead};
use crate::record::game::roster;
use crate::record::{AnyGame, NodeId};

/// The open records.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Every game of the file, the shown one at [`Document::current`] (as of the last
    /// change: the app writes the shown game back after each change).
    pub games: Vec<AnyGame>,
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
}

impl Document {
    /// A document holding one new game, not saved anywhere.
    pub fn new(game: AnyGame) -> Document {
        Document::with_games(None, vec![game])
    }

    /// A document of the games read from `path` (at least one), the first shown.
    pub fn from_file(path: &Path, games: Vec<AnyGame>) -> Document {
        Document::with_games(Some(path.to_path_buf()), games)
    }

    /// A document of `games` (at least one), numbered 1, 2, … with no problems.
    pub fn with_games(file: Option<PathBuf>, games: Vec<AnyGame>) -> Document {
        let origins = fresh_origins(games.len());
        Document { games, current: 0, file, modified: false, origins, unread: Vec::new() }
    }

    /// A document of what was read from `path` (at least one game), the first shown,
    /// with each game's origin and the games that could not be read.
    pub fn from_read(path: &Path, read: RecordsRead) -> Document {
        let mut origins = read.origins;
        if origins.len() != read.games.len() {
            origins = fresh_origins(read.games.len());
        }
        Document {
            games: read.games,
            current: 0,
            file: Some(path.to_path_buf()),
            modified: false,
            origins,
            unread: read.unread,
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

    /// The shown game.
    pub fn shown(&self) -> &AnyGame {
        &self.games[self.current]
    }

    /// Replaces the shown game after a change and marks the document modified.
    pub fn change_shown(&mut self, game: AnyGame) {
        self.games[self.current] = game;
        self.modified = true;
    }

    /// Replaces the shown game without marking a change (e.g. an undo back to the saved
    /// state keeps the modified flag the caller sets).
    pub fn set_shown(&mut self, game: AnyGame) {
        self.games[self.current] = game;
    }

    /// The games were written to `path`, which becomes the document's file.
    /// The file now holds the games as written (numbered afresh, with no problems).
    pub fn saved_to(&mut self, path: &Path) {
        self.file = Some(path.to_path_buf());
        self.modified = false;
        self.origins = fresh_origins(self.games.len());
        self.unread.clear();
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

/// The number of plies (half-moves) of a game's main line.
pub fn main_line_plies(game: &AnyGame) -> usize {
    crate::with_game!(game, g => g.tree.main_line_from(NodeId::ROOT).len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;

    #[test]
    fn a_new_document_is_untitled_and_a_change_marks_it() {
        let mut doc = Document::new(AnyGame::new(Variant::Triangular));
        assert_eq!(doc.title(), "Orrery — Untitled Triangular game");
        doc.change_shown(AnyGame::new(Variant::Triangular));
        assert!(doc.modified);
        assert_eq!(doc.title(), "Orrery — Untitled Triangular game *");
        doc.saved_to(Path::new("/tmp/club.pgn"));
        assert!(!doc.modified);
        assert_eq!(doc.title(), "Orrery — club.pgn");
    }

    #[test]
    fn a_games_title_is_its_players_else_its_event_else_its_number() {
        let text = "[Variant \"Triangular\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n\n1. Bc3d *\n";
        let game = crate::record::read_one(text).unwrap();
        assert_eq!(game_title(&game, 1), "Ann – Bo");
        assert_eq!(main_line_plies(&game), 1);
        let text = "[Variant \"Interstellar\"]\n[Event \"Club night\"]\n\n*\n";
        assert_eq!(game_title(&crate::record::read_one(text).unwrap(), 2), "Club night");
        assert_eq!(game_title(&AnyGame::new(Variant::Interstellar), 3), "Game 3");
    }
}
