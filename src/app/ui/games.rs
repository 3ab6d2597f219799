//! The list of games: adding, deleting, moving and restoring games, studies, and undo and redo over the games' changes and the list's.

use super::*;

impl OrreryApp {
    /// The per-game undo histories kept for games not shown, renumbered after the list
    /// of games changed (`to(old)`: the game's new index, `None` when it went).
    pub(super) fn renumber_stashed(&mut self, to: impl Fn(usize) -> Option<usize>) {
        let old = std::mem::take(&mut self.workspace.stashed);
        self.workspace.stashed = old.into_iter().filter_map(|(i, kept)| to(i).map(|j| (j, kept))).collect();
    }

    /// Puts `games` into the file after the shown game and shows the last of them
    /// (undo takes them out again).
    pub(super) fn insert_games(&mut self, games: Vec<AnyGame>) {
        if self.notation_text_pending() || !self.workspace.document.unread.is_empty() {
            self.workspace.message =
                "The games of this file cannot change now (unread games or notation text pending)".into();
            return;
        }
        let at = self.workspace.document.current() + 1;
        let count = games.len();
        let study = self.workspace.document.study_name().map(str::to_string);
        let games = games
            .into_iter()
            .enumerate()
            .map(|(k, mut game)| {
                // In a study, a game added is a chapter of it.
                if let Some(study) = &study {
                    use crate::record::study::{CHAPTER_TAG, Chapter, STUDY_TAG};
                    let title = Chapter::of(&game, at + k).title;
                    crate::with_game!(&mut game, g => {
                        g.tags.set(STUDY_TAG, study);
                        if g.tags.get(CHAPTER_TAG).is_none_or(|t| t.trim().is_empty()) {
                            g.tags.set(CHAPTER_TAG, &title);
                        }
                    });
                }
                RemovedGame { game, origin: crate::files::GameOrigin::default(), kept: None }
            })
            .collect();
        self.put_back(at, games);
        self.show_game(at + count - 1);
        self.record_list_change(ListChange::Inserted { at, count });
        self.workspace.message = if count == 1 {
            format!("Game {} added to the file", at + 1)
        } else {
            format!("Games {} to {} added to the file", at + 1, at + count)
        };
    }

    /// The shown game as it stands goes back into the document (a puzzle being solved
    /// is not the user's work and stays as it was).
    pub(super) fn write_back_shown(&mut self) {
        if !self.solving() {
            self.workspace.document.set_shown(self.workspace.view.game());
        }
    }

    /// Puts `games` into the file at `at` with their origins and undo histories; the
    /// shown game stays shown.
    pub(super) fn put_back(&mut self, at: usize, games: Vec<RemovedGame>) -> ListChange {
        self.write_back_shown();
        let count = games.len();
        let at = at.min(self.workspace.document.games.len());
        self.renumber_stashed(|i| Some(if i >= at { i + count } else { i }));
        for (k, removed) in games.into_iter().enumerate() {
            self.workspace.document.insert_game_from(at + k, removed.game, removed.origin);
            if let Some(kept) = removed.kept {
                self.workspace.stashed.insert(at + k, kept);
            }
        }
        self.platform.autosave.touch(self.now);
        ListChange::Inserted { at, count }
    }

    /// Takes `count` games out of the file from `at` (never all of them), keeping what
    /// undo needs; when the shown game is among them the next one (or the one before)
    /// is shown.
    pub(super) fn take_out(&mut self, at: usize, count: usize) -> ListChange {
        let n = self.workspace.document.games.len();
        let count = count.min(n.saturating_sub(at));
        if count == 0 || count >= n {
            return ListChange::Removed { at, games: Vec::new() };
        }
        let current = self.workspace.document.current();
        if (at..at + count).contains(&current) {
            self.show_game(if at + count < n { at + count } else { at - 1 });
        }
        self.write_back_shown();
        let mut games = Vec::with_capacity(count);
        for i in (at..at + count).rev() {
            let kept = self.workspace.stashed.remove(&i);
            self.renumber_stashed(|j| match j.cmp(&i) {
                std::cmp::Ordering::Less => Some(j),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(j - 1),
            });
            if let Some((game, origin)) = self.workspace.document.remove_game(i) {
                games.push(RemovedGame { game, origin, kept });
            }
        }
        games.reverse();
        self.platform.autosave.touch(self.now);
        ListChange::Removed { at, games }
    }

    /// Makes the file a study named `name`: every game gets the `Study` tag and, when
    /// it has none, a `Chapter` title (from its players or event). One undo takes it
    /// back.
    pub(super) fn make_study(&mut self, name: &str) {
        use crate::record::study::{CHAPTER_TAG, Chapter, STUDY_TAG};
        if name.is_empty() {
            self.workspace.message = "A study needs a name".into();
            return;
        }
        if self.notation_text_pending() {
            self.workspace.message = NOTATION_PENDING.into();
            return;
        }
        self.write_back_shown();
        let mut before = Vec::new();
        for i in 0..self.workspace.document.games.len() {
            let Some(held) = self.workspace.document.games.get(i) else { continue };
            let mut game = (*held).clone();
            let title = Chapter::of(&game, i).title;
            let has_title = game.tags().get(CHAPTER_TAG).is_some_and(|t| !t.trim().is_empty());
            crate::with_game!(&mut game, g => {
                g.tags.set(STUDY_TAG, name);
                if !has_title {
                    g.tags.set(CHAPTER_TAG, &title);
                }
            });
            if game != *held {
                let original = self.workspace.document.origin(i).and_then(|o| o.original.clone());
                before.push((i, (*held).clone(), original));
                self.replace_game_at(i, game, None);
            }
        }
        self.record_list_change(ListChange::Retagged { before });
        let n = self.workspace.document.games.len();
        self.workspace.message =
            format!("The file is the study \"{name}\": {n} chapter{}", if n == 1 { "" } else { "s" });
    }

    /// Replaces game `index` of the document (and the shown game, when it is that one,
    /// keeping the shown move where it still exists).
    pub(super) fn replace_game_at(&mut self, index: usize, game: AnyGame, original: Option<std::sync::Arc<str>>) {
        let game = std::sync::Arc::new(game);
        if index == self.workspace.document.current() {
            let cursor = self.workspace.view.cursor_path();
            if !self.workspace.view.replace_game(game.clone()) {
                self.workspace.view = view_of(game.clone());
            }
            self.workspace.view.follow_path(&cursor);
        }
        self.workspace.document.replace_game(index, game, original);
        self.platform.autosave.touch(self.now);
    }

    /// Takes game `index` out of the file; when it is the shown one, the next (or the
    /// one before) is shown. Undo puts it back.
    pub(super) fn delete_game(&mut self, index: usize) {
        let n = self.workspace.document.games.len();
        if index >= n || n == 1 || self.notation_text_pending() || !self.workspace.document.unread.is_empty() {
            return;
        }
        let title = self.workspace.document.games.get(index).map(|g| game_title(&g, index + 1)).unwrap_or_default();
        let change = self.take_out(index, 1);
        self.record_list_change(change);
        self.workspace.message = format!("Game {} ({title}) deleted from the file (Undo puts it back)", index + 1);
    }

    /// Swaps games `from` and `to` (next to each other) in the file.
    pub(super) fn move_game(&mut self, from: usize, to: usize) {
        let n = self.workspace.document.games.len();
        if from >= n || to >= n || from.abs_diff(to) != 1 || !self.workspace.document.unread.is_empty() {
            return;
        }
        let change = self.swap_games(from, to);
        self.record_list_change(change);
        self.workspace.message = format!("Game moved to place {}", to + 1);
    }

    /// Swaps games `a` and `b`, with their undo histories.
    pub(super) fn swap_games(&mut self, a: usize, b: usize) -> ListChange {
        self.write_back_shown();
        self.renumber_stashed(|i| {
            Some(if i == a {
                b
            } else if i == b {
                a
            } else {
                i
            })
        });
        self.workspace.document.swap_games(a, b);
        self.platform.autosave.touch(self.now);
        ListChange::Swapped { a, b }
    }

    /// Applies `change` to the list of games and gives the change that takes it back.
    pub(super) fn apply_list_change(&mut self, change: ListChange) -> ListChange {
        match change {
            ListChange::Inserted { at, count } => {
                let undone = self.take_out(at, count);
                if at > 0 && at - 1 < self.workspace.document.games.len() {
                    self.show_game(at - 1);
                }
                undone
            }
            ListChange::Removed { at, games } => {
                let restored = self.put_back(at, games);
                self.show_game(at.min(self.workspace.document.games.len() - 1));
                restored
            }
            ListChange::Swapped { a, b } => self.swap_games(a, b),
            ListChange::Retagged { before } => {
                self.write_back_shown();
                let mut after = Vec::with_capacity(before.len());
                for (i, game, original) in before {
                    if let Some(now) = self.workspace.document.games.get(i).map(|g| (*g).clone()) {
                        let now_original = self.workspace.document.origin(i).and_then(|o| o.original.clone());
                        after.push((i, now, now_original));
                        self.replace_game_at(i, game, original);
                    }
                }
                ListChange::Retagged { before: after }
            }
        }
    }

    /// Gives a change to the game its place in the undo order and keeps it.
    pub(super) fn record_history(&mut self, mut before: Snapshot) {
        self.workspace.seq += 1;
        before.seq = self.workspace.seq;
        self.workspace.history.record(before);
        self.workspace.list_redo.clear();
    }

    /// Keeps a change to the list of games for undo (a new change: nothing is left to
    /// redo).
    pub(super) fn record_list_change(&mut self, change: ListChange) {
        self.workspace.seq += 1;
        self.workspace.list_undo.push((self.workspace.seq, change));
        if self.workspace.list_undo.len() > crate::app::history::HISTORY_LIMIT {
            self.workspace.list_undo.remove(0);
        }
        self.workspace.list_redo.clear();
        self.workspace.history.clear_redo();
    }

    /// Undoes the last change: to the game (moves, deletions, marks, decisions) or to
    /// the list of games (added, deleted, moved, made a study), whichever came last.
    pub fn undo(&mut self) {
        // Text typed in the notation editor and not yet valid goes first.
        if self.settings.notation_editor && self.shell.editor.undo_text() {
            self.workspace.message = "Notation text reverted".into();
            return;
        }
        let game_seq = self.workspace.history.last_undo().map(|s| s.seq);
        let list_seq = self.workspace.list_undo.last().map(|(s, _)| *s);
        if list_seq > game_seq {
            if self.notation_text_pending() || !self.workspace.document.unread.is_empty() {
                return;
            }
            if self.step_list_change(true) {
                self.workspace.message = "Undone (the list of games)".into();
            }
            return;
        }
        let mut current = self.snapshot();
        current.seq = game_seq.unwrap_or(0);
        if let Some(before) = self.workspace.history.undo(current) {
            let modified = before.modified || self.workspace.document.modified;
            self.restore_snapshot(before);
            // Back to the file's games: no longer modified.
            self.workspace.document.refresh_modified(modified);
            self.workspace.message = "Undone".into();
        }
    }

    /// Takes the last change to the list of games off the undo list (`undoing`) or the
    /// redo list, applies it and keeps what takes it back on the other list; `false`
    /// when that list is empty.
    pub(super) fn step_list_change(&mut self, undoing: bool) -> bool {
        let taken = if undoing { self.workspace.list_undo.pop() } else { self.workspace.list_redo.pop() };
        let Some((seq, change)) = taken else { return false };
        let back = self.apply_list_change(change);
        if undoing {
            self.workspace.list_redo.push((seq, back))
        } else {
            self.workspace.list_undo.push((seq, back))
        }
        self.workspace.document.refresh_modified(true);
        true
    }

    /// Redoes the last undone change (of the game or of the list of games).
    pub fn redo(&mut self) {
        if self.settings.notation_editor && self.shell.editor.is_dirty() {
            return;
        }
        // The change undone last is the earliest of those waiting.
        let game_seq = self.workspace.history.last_redo().map(|s| s.seq);
        let list_seq = self.workspace.list_redo.last().map(|(s, _)| *s);
        let list_first = match (list_seq, game_seq) {
            (Some(l), Some(g)) => l < g,
            (Some(_), None) => true,
            _ => false,
        };
        if list_first {
            if !self.workspace.document.unread.is_empty() {
                return;
            }
            if self.step_list_change(false) {
                self.workspace.message = "Redone (the list of games)".into();
            }
            return;
        }
        let mut current = self.snapshot();
        current.seq = game_seq.unwrap_or(0);
        if let Some(after) = self.workspace.history.redo(current) {
            self.restore_snapshot(after);
            self.workspace.document.refresh_modified(true);
            self.workspace.message = "Redone".into();
        }
    }

    /// Whether there is anything to undo / redo.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (
            self.workspace.history.can_undo() || !self.workspace.list_undo.is_empty(),
            self.workspace.history.can_redo() || !self.workspace.list_redo.is_empty(),
        )
    }
}
