//! Undo and redo of document changes: snapshots taken before each change, a redo list
//! that every new change clears (so a change made after an undo can never be lost by a
//! redo that brings back the undone state over it). No egui; tested alone.

/// How many changes can be undone.
pub const HISTORY_LIMIT: usize = 200;

/// Undo and redo stacks of snapshots of type `T` (the state before each change).
#[derive(Clone, Debug)]
pub struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History { undo: Vec::new(), redo: Vec::new() }
    }
}

impl<T> History<T> {
    /// A change was made; `before` is the state it replaced. Clears the redo list.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Steps back: gives the state to return to, keeping `current` for redo; `None`
    /// (and `current` dropped) when there is nothing to undo.
    pub fn undo(&mut self, current: T) -> Option<T> {
        let before = self.undo.pop()?;
        self.redo.push(current);
        Some(before)
    }

    /// Steps forward again after an undo: gives the state to return to, keeping
    /// `current` for undo; `None` when there is nothing to redo.
    pub fn redo(&mut self, current: T) -> Option<T> {
        let after = self.redo.pop()?;
        self.undo.push(current);
        Some(after)
    }

    /// The state the next undo returns to, if any.
    pub fn last_undo(&self) -> Option<&T> {
        self.undo.last()
    }

    /// The state the next redo returns to, if any.
    pub fn last_redo(&self) -> Option<&T> {
        self.redo.last()
    }

    /// Forgets what could be redone (a change elsewhere made it stale).
    pub fn clear_redo(&mut self) {
        self.redo.clear();
    }

    /// Whether there is anything to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is anything to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Forgets everything (a new document).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_then_a_new_change_then_redo_keeps_the_new_change() {
        // States: 0 → 1 (a move), undo to 0, then 0 → 2 (a draw agreed): redo must not
        // bring back 1 over 2.
        let mut h = History::default();
        h.record(0);
        let state = h.undo(1).unwrap();
        assert_eq!(state, 0);
        h.record(state);
        assert!(!h.can_redo());
        assert_eq!(h.redo(2), None);
        assert_eq!(h.undo(2), Some(0));
        assert_eq!(h.redo(0), Some(2));
    }

    #[test]
    fn the_history_is_bounded() {
        let mut h = History::default();
        for k in 0..(HISTORY_LIMIT + 10) {
            h.record(k);
        }
        let mut n = 0;
        let mut current = usize::MAX;
        while let Some(s) = h.undo(current) {
            current = s;
            n += 1;
        }
        assert_eq!(n, HISTORY_LIMIT);
        assert_eq!(current, 10);
    }
}
