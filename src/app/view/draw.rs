//! Drawing the shown game's board and analysis: the board's overlay (selection, targets, marks, the engine's arrows) and the analysis panel.

use super::*;

impl<G: AppGame> GameView<G> {
    /// The highlights for the board: selection, legal targets, last move, Target or
    /// check, hover, and the study marks of the shown move.
    pub fn overlay(&self, settings: &Settings) -> BoardOverlay<G::Cell> {
        let s = &self.session;
        let mut overlay = BoardOverlay { hover: self.hover, selected: s.selected, ..BoardOverlay::default() };
        if settings.hints
            && let Some(from) = s.selected
        {
            overlay.targets = s.targets_of(from);
        }
        if s.selected.is_some() {
            let marks = s.entry_marks();
            if marks.landed.is_empty() {
                // Before the first landing: the last cells and the first landings.
                if settings.hints {
                    for c in marks.next {
                        if !overlay.targets.contains(&c) {
                            overlay.targets.push(c);
                        }
                    }
                }
            } else {
                overlay.landed = marks.landed;
                overlay.jumped = marks.jumped;
                overlay.targets = if settings.hints { marks.next } else { Vec::new() };
            }
        } else if settings.hints {
            // A compulsory draughts capture: ring the pieces that may (must) take.
            overlay.captures = s.bound_to_capture();
        }
        overlay.last_move = s.last_move();
        if settings.show_marks {
            let marks = &s.record.tree.node(s.cursor).marks;
            overlay.arrows = marks.arrows.clone();
            overlay.marked_cells = marks.cells.iter().map(|m| (m.cell, m.color)).collect();
        }
        overlay.in_target.extend(s.position().checked_cell());
        if let Some((key, cell)) = self.hint
            && key == s.position().zobrist()
        {
            overlay.marked_cells.push((cell, MarkColor::Yellow));
        }
        // A puzzle's hint in steps: the piece, then its target.
        if let Some((mv, step)) = self.puzzle.as_ref().and_then(PuzzleState::hinted) {
            let (from, to) = G::move_cells(mv);
            overlay.marked_cells.push((from, MarkColor::Yellow));
            if step >= 2 {
                overlay.marked_cells.push((to, MarkColor::Green));
            }
        }
        if settings.analysis
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

    /// The analysis panel: the lines with their scores, depth and speed, the verdict
    /// of a proven result, and an evaluation bar.
    pub(super) fn analysis_panel(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let shown = self.session.position();
        if let Some(outcome) = shown.outcome() {
            ui.label(crate::app::session::describe_outcome::<G>(outcome));
            return;
        }
        let Some(pos) = self.analysed_position() else {
            ui.label(format!("No threat to show: {} must answer the {}", shown.side_to_move().name(), G::CHECK_NAME));
            return;
        };
        if self.threat {
            ui.label(
                egui::RichText::new(format!(
                    "Threat: what {} would play if it were its move",
                    pos.side_to_move().name()
                ))
                .color(crate::app::theme::ERROR),
            );
        }
        let Some(snapshot) = self.current_analysis() else {
            ui.label("Starting…");
            return;
        };
        let first = G::opening().side_to_move();
        // Scores from the first player's point of view, as the evaluation bar shows them.
        let for_first = |score: Score| if pos.side_to_move() == first { score } else { negate(score) };
        ui.horizontal_wrapped(|ui| {
            let state = if snapshot.running { "searching" } else { "done" };
            ui.label(format!(
                "Depth {} · {} · {:.1} s · {state}",
                snapshot.depth,
                speed(snapshot.nps),
                snapshot.time.as_secs_f64()
            ));
            if snapshot.running {
                crate::app::busy::busy_ui(ui);
            }
        });
        if let Some(best) = snapshot.lines.first() {
            let share = crate::study::report::winning_share(for_first(best.score));
            let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 10.0), egui::Sense::hover());
            let split = rect.left() + rect.width() * share;
            ui.painter().rect_filled(rect, 2.0, egui::Color32::from_gray(40));
            ui.painter().rect_filled(
                egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.max.y)),
                2.0,
                egui::Color32::from_gray(225),
            );
            ui.label(format!("{} {:.0} %", crate::app::session::capitalise(first.name()), share * 100.0))
                .on_hover_text("The first player's share of the evaluation bar");
            if let Some(verdict) = verdict(&pos, best) {
                ui.label(egui::RichText::new(verdict).strong().color(crate::app::theme::BANNER));
            }
        }
        for line in &snapshot.lines {
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(score_text(for_first(line.score))).monospace().strong())
                    .on_hover_text(format!("Depth {}", line.depth));
                let mut p = pos.clone();
                let ply = self.session.record.tree.path_to(self.session.cursor).len() + usize::from(self.threat);
                for (j, &mv) in line.pv.iter().enumerate() {
                    // Move numbers as the move list writes them: "12." before the first
                    // player's move, "12…" when the line starts with the second's.
                    let (number, first_moves) = self.session.record.move_number_at_ply(ply + j);
                    if first_moves {
                        ui.label(format!("{number}."));
                    } else if j == 0 {
                        ui.label(format!("{number}…"));
                    }
                    let text = p.notation(mv);
                    if self.threat {
                        ui.label(text);
                    } else if ui.small_button(text).on_hover_text("Play the line to this move").clicked() {
                        let moves = line.pv[..=j].iter().map(|&m| G::move_into_any(m)).collect();
                        commands.push(Command::Game(GameCommand::PlayMoves(moves)));
                    }
                    p.play(mv);
                }
            });
        }
    }

    pub(super) fn show_board(
        &mut self,
        ui: &mut egui::Ui,
        setup: &G::Setup,
        overlay: &BoardOverlay<G::Cell>,
        settings: &Settings,
    ) -> Vec<BoardEvent<G::Cell>> {
        let labels = settings.labels.resolve(setup.side_to_move().index());
        let response = BoardWidget::<G>::new(setup, overlay)
            .flipped(settings.flipped)
            .coordinates(settings.coordinates)
            .scheme(settings.scheme_of(G::VARIANT))
            .labels(labels)
            .dragging(self.drag_origin)
            .show(ui);
        self.board_rect = Some(response.board_rect);
        self.hover = response.hovered;
        self.drag_origin = response.drag_origin;
        response.events
    }
}
