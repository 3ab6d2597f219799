//! Puzzle sets: a file's puzzles solved one after another, the solved ones kept in the settings, and saving a composed puzzle.

use super::*;

impl OrreryApp {
    /// After a restart in a puzzle set: solving mode again, on the game that was shown.
    pub(super) fn resume_puzzle_set(&mut self) {
        if std::mem::take(&mut self.workspace.restore_puzzle_set) {
            self.workspace.puzzle_set = true;
            self.start_set_puzzle();
        }
    }

    /// Whether a puzzle is being solved (its moves are not the user's work).
    pub(super) fn solving(&self) -> bool {
        self.workspace.view.puzzle_status().is_some_and(|p| p.interactive)
    }

    /// Where the solved puzzles of the open file are kept in the settings.
    pub(super) fn puzzle_file_key(&self) -> String {
        self.workspace.document.file.as_ref().map(|p| p.display().to_string()).unwrap_or_default()
    }

    /// The shown game's puzzle in solving mode (in a puzzle set); says why when the
    /// game is no puzzle.
    pub(super) fn start_set_puzzle(&mut self) {
        let number = self.workspace.document.number_of(self.workspace.document.current());
        match Puzzle::from_record(self.workspace.document.shown()) {
            Ok(puzzle) if puzzle.stipulation().is_some() => {
                self.workspace.view = view_of(self.workspace.document.shown().clone());
                self.workspace.view.start_puzzle(&puzzle);
                // Solving is the user's: the engine stays off until they turn it on.
                self.settings.analysis = false;
                self.shell.move_list = MoveListPanel::default();
                let (index, total) = self.puzzle_place();
                let title = if puzzle.title.is_empty() { String::new() } else { format!(": {}", puzzle.title) };
                self.workspace.message = format!("Puzzle {index} of {total}{title}");
            }
            Ok(_) => {
                self.workspace.message = format!("Game {number} shows a finished position: there is nothing to solve")
            }
            Err(e) => self.workspace.message = format!("Game {number} is not a puzzle to solve ({e})"),
        }
    }

    /// Each game's puzzle mark ([`puzzle_key`]), worked out again only when the games
    /// change (the puzzle set's bar reads them every frame).
    pub(super) fn puzzle_keys(&mut self) -> &[Option<String>] {
        let revision = self.workspace.document.revision();
        if self.workspace.puzzle_keys.0 != revision
            || self.workspace.puzzle_keys.1.len() != self.workspace.document.games.len()
        {
            let games = &self.workspace.document.games;
            self.workspace.puzzle_keys = (revision, (0..games.len()).map(|i| puzzle_key_of(games, i)).collect());
        }
        &self.workspace.puzzle_keys.1
    }

    /// The shown puzzle's place among the file's puzzles (1-based; 0 when it is none)
    /// and how many there are.
    pub(super) fn puzzle_place(&mut self) -> (usize, usize) {
        let current = self.workspace.document.current();
        let puzzles: Vec<usize> =
            self.puzzle_keys().iter().enumerate().filter(|(_, k)| k.is_some()).map(|(i, _)| i).collect();
        let at = puzzles.iter().position(|&i| i == current).map_or(0, |p| p + 1);
        (at, puzzles.len())
    }

    /// How many of the file's puzzles have been solved, and whether the shown one is.
    pub(super) fn solved_count(&mut self) -> (usize, bool) {
        let Some(solved) = self.settings.solved_puzzles.get(&self.puzzle_file_key()).cloned() else {
            return (0, false);
        };
        let current = self.workspace.document.current();
        let keys = self.puzzle_keys();
        let count = keys.iter().flatten().filter(|k| solved.contains(*k)).count();
        let this = keys.get(current).and_then(Option::as_ref).is_some_and(|k| solved.contains(k));
        (count, this)
    }

    /// Plays the document's games as a puzzle set from its first unsolved puzzle (else
    /// its first puzzle); says so when it holds none.
    pub(super) fn play_puzzle_set(&mut self, from_shown: bool) {
        let solved = self.settings.solved_puzzles.get(&self.puzzle_file_key()).cloned().unwrap_or_default();
        let puzzles: Vec<(usize, String)> =
            self.puzzle_keys().iter().enumerate().filter_map(|(i, k)| k.clone().map(|k| (i, k))).collect();
        let Some(&(first, _)) = puzzles.first() else {
            self.workspace.message = "This file holds no puzzle to solve (no game with a Stipulation tag)".into();
            return;
        };
        let start = if from_shown && puzzles.iter().any(|(i, _)| *i == self.workspace.document.current()) {
            self.workspace.document.current()
        } else {
            puzzles.iter().find(|(_, k)| !solved.contains(k)).map_or(first, |(i, _)| *i)
        };
        self.write_back_shown();
        self.workspace.puzzle_set = true;
        if start == self.workspace.document.current() {
            self.start_set_puzzle();
        } else {
            self.show_game(start);
        }
    }

    /// In a puzzle set: the next puzzle of the file (or the one before).
    pub(super) fn next_puzzle(&mut self, forward: bool) {
        let n = self.workspace.document.games.len();
        let current = self.workspace.document.current();
        let mut candidates: Box<dyn Iterator<Item = usize>> =
            if forward { Box::new(current + 1..n) } else { Box::new((0..current).rev()) };
        match candidates.find(|&i| self.workspace.document.games.get(i).is_some_and(|g| stipulation_of(&g).is_some())) {
            Some(i) => self.show_game(i),
            None => {
                self.workspace.message = if forward {
                    "This was the file's last puzzle".into()
                } else {
                    "This is the file's first puzzle".into()
                }
            }
        }
    }

    /// Opens a built-in puzzle (by index in [`builtin_puzzles`]): shows its start
    /// position and starts solving mode (or, for a shown figure, shows the ending).
    /// Returns the error window when it could not be read.
    pub(super) fn open_builtin_puzzle(&mut self, index: usize) -> Option<Effect> {
        let builtin = builtin_puzzles().get(index)?;
        match builtin.puzzle() {
            Ok(puzzle) => {
                self.show_document(Document::new(puzzle.record.clone()));
                self.workspace.view.start_puzzle(&puzzle);
                // Solving is the user's: the engine stays off until they turn it on.
                self.settings.analysis = false;
                self.workspace.document.set_shown(self.workspace.view.game());
                None
            }
            Err(e) => Some(Effect::error("Could not read the puzzle", e)),
        }
    }

    /// Saves a puzzle record to a file chosen in the save dialog (its own file: the
    /// game being played is not touched).
    pub(super) fn save_puzzle(&self, game: AnyGame) -> Effect {
        let folder = self.dialog_folder();
        // Named after its title, when it has one.
        let title = game.tags().get("Title").map(str::trim).filter(|t| !t.is_empty()).map(file_stem_of);
        let request = DialogRequest::Save {
            folder,
            suggested_name: format!("{}.pgn", title.unwrap_or_else(|| "puzzle".into())),
            filters: vec![("PGN text".into(), vec!["pgn".into()])],
        };
        Effect::ask(DialogPurpose::Puzzle(Box::new(game)), request)
    }

    /// Writes a puzzle record to `path` (atomically). Returns whether it was written,
    /// and the error window when it was not.
    pub(super) fn write_puzzle(&mut self, path: &Path, game: &AnyGame) -> (bool, Vec<Effect>) {
        match write_record_file(path, std::slice::from_ref(game)) {
            Ok(()) => {
                self.settings.remember(path.to_path_buf());
                self.workspace.message = match &self.shell.puzzle_verdict {
                    Some(verdict) => format!("Puzzle saved to {} ({verdict})", path.display()),
                    None => format!("Puzzle saved to {}", path.display()),
                };
                (true, Vec::new())
            }
            // The error names the file itself.
            Err(e) => (false, vec![Effect::error("Could not save", e)]),
        }
    }
}

/// Game `i`'s puzzle mark; only a game whose row has a stipulation is read.
fn puzzle_key_of(games: &crate::app::document::GameSet, i: usize) -> Option<String> {
    games.row(i, i + 1)?.stipulation?;
    puzzle_key(&*games.get(i)?)
}
