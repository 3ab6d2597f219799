//! The document: the games of the open file (or of a new, unsaved game), which of them
//! is shown, the file it belongs to, and whether it has unsaved changes. No egui; the
//! app changes it only through its commands.

use std::path::{Path, PathBuf};

use crate::record::AnyGame;

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
}

impl Document {
    /// A document holding one new game, not saved anywhere.
    pub fn new(game: AnyGame) -> Document {
        Document { games: vec![game], current: 0, file: None, modified: false }
    }

    /// A document of the games read from `path` (at least one), the first shown.
    pub fn from_file(path: &Path, games: Vec<AnyGame>) -> Document {
        Document { games, current: 0, file: Some(path.to_path_buf()), modified: false }
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
    pub fn saved_to(&mut self, path: &Path) {
        self.file = Some(path.to_path_buf());
        self.modified = false;
    }

    /// Save As to another file: only the shown game goes there.
    pub fn keep_only_shown(&mut self) {
        let shown = self.games.swap_remove(self.current);
        self.games = vec![shown];
        self.current = 0;
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
    fn save_as_elsewhere_keeps_only_the_shown_game() {
        let games = vec![AnyGame::new(Variant::Interstellar), AnyGame::new(Variant::Triangular)];
        let mut doc = Document::from_file(Path::new("two.pgn"), games);
        doc.current = 1;
        doc.keep_only_shown();
        assert_eq!(doc.games.len(), 1);
        assert_eq!(doc.shown().variant(), Variant::Triangular);
    }
}
