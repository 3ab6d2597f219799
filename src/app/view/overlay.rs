//! What the board shows over the pieces, worked out from the model: the overlay
//! (selection, targets, marks, the engine's arrows) and the analysis of the shown
//! position. No egui here.

use super::*;

impl<G: AppGame> GameView<G> {
    /// The highlights for the board: selection, legal targets, last move, Target or
    /// check, and the study marks of the shown move (the pointer's hover is the
    /// board pane's to add).
    pub fn overlay(&self, options: OverlayOptions) -> BoardOverlay<G::Cell> {
        let s = &self.session;
        let mut overlay = BoardOverlay { selected: s.selected, ..BoardOverlay::default() };
        if options.hints
            && let Some(from) = s.selected
        {
            overlay.targets = s.targets_of(from);
        }
        if s.selected.is_some() {
            let marks = s.entry_marks();
            if marks.landed.is_empty() {
                // Before the first landing: the last cells and the first landings.
                if options.hints {
                    for c in marks.next {
                        if !overlay.targets.contains(&c) {
                            overlay.targets.push(c);
                        }
                    }
                }
            } else {
                overlay.landed = marks.landed;
                overlay.jumped = marks.jumped;
                overlay.targets = if options.hints { marks.next } else { Vec::new() };
            }
        } else if options.hints {
            // A compulsory draughts capture: ring the pieces that may (must) take.
            overlay.captures = s.bound_to_capture();
        }
        overlay.last_move = s.last_move();
        if options.show_marks {
            let marks = &s.record.tree.node(s.cursor).marks;
            overlay.arrows = marks.arrows.clone();
            overlay.marked_cells = marks.cells.iter().map(|m| (m.cell, m.color)).collect();
        }
        overlay.in_target.extend(s.position().checked_cell());
        // A hint against the computer: the piece, then the move as an arrow.
        if let Some((key, mv, step)) = self.hint
            && key == s.position().zobrist()
        {
            let (from, to) = G::move_cells(mv);
            overlay.marked_cells.push((from, MarkColor::Yellow));
            if step >= 2 {
                overlay.arrows.push(crate::record::Arrow { color: MarkColor::Green, from, to });
            }
        }
        // The move just refused here, as a red arrow: the reader sees what was tried.
        if let Some((key, mv)) = self.refused
            && key == s.position().zobrist()
        {
            let (from, to) = G::move_cells(mv);
            overlay.arrows.push(crate::record::Arrow { color: MarkColor::Red, from, to });
        }
        // A puzzle's hint in steps: the piece, then its target.
        if let Some((mv, step)) = self.puzzle.as_ref().and_then(PuzzleState::hinted) {
            let (from, to) = G::move_cells(mv);
            overlay.marked_cells.push((from, MarkColor::Yellow));
            if step >= 2 {
                overlay.marked_cells.push((to, MarkColor::Green));
            }
        }
        if options.analysis
            && let Some(snapshot) = self.current_analysis()
        {
            // The best line's move in blue, the others' in green, under the study marks.
            let arrows = snapshot.lines.iter().enumerate().filter_map(|(i, line)| {
                let (from, to) = G::move_cells(*line.pv.first()?);
                let color = match (self.threat, i) {
                    (true, _) => MarkColor::Red,
                    (false, 0) => MarkColor::Blue,
                    (false, _) => MarkColor::Green,
                };
                Some(Arrow { color, from, to })
            });
            let mut all: Vec<Arrow<G::Cell>> = arrows.rev().collect();
            all.append(&mut overlay.arrows);
            overlay.arrows = all;
        }
        overlay
    }

    /// The position the analysis looks at: the shown one, or for the threat the shown
    /// one with the other side to move (`None` in check or Target, where passing is not
    /// a move).
    pub(super) fn analysed_position(&self) -> Option<G> {
        let mut pos = self.session.position();
        if self.threat {
            if pos.is_in_check() || pos.outcome().is_some() {
                return None;
            }
            pos.play_null();
        }
        Some(pos)
    }

    /// The analysis's snapshot when it belongs to the shown position (or its threat).
    pub(super) fn current_analysis(&self) -> Option<Snapshot<G::Move>> {
        let analysis = self.analysis.as_ref()?;
        let key = self.analysed_position()?.zobrist();
        (analysis.analysed_key() == Some(key)).then(|| analysis.snapshot())
    }
}
