//! Drawing the shown game's board and the analysis panel (egui).

use super::*;
use crate::app::board::{BoardEvent, BoardPointer, BoardWidget};
use crate::app::command::Command;
use crate::app::settings::Settings;

impl<G: AppGame> GameView<G> {
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
                    } else {
                        // The button is known by the moves it plays, not by its place:
                        // a line that changes between the press and the release (the
                        // search goes on) plays nothing rather than other moves.
                        let moves: Vec<_> = line.pv[..=j].iter().map(|&m| G::move_into_any(m)).collect();
                        let drawn = ui.add(egui::Button::new(text).small().sense(egui::Sense::hover()));
                        let clicked = ui
                            .interact(drawn.rect, egui::Id::unique(("analysis move", &moves)), egui::Sense::click())
                            .on_hover_text("Play the line to this move")
                            .clicked();
                        if clicked {
                            commands.push(Command::Game(GameCommand::PlayMoves(moves)));
                        }
                    }
                    p.play(mv);
                }
            });
        }
    }

    /// Draws the board with `setup` and `overlay`; the pointer's hover and drag and the
    /// board's rectangle are kept in `pointer` (as slots).
    pub(super) fn show_board(
        &self,
        ui: &mut egui::Ui,
        pointer: &mut BoardPointer,
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
            .dragging(pointer.drag_origin.and_then(Self::cell))
            .show(ui);
        pointer.rect = Some(response.board_rect);
        pointer.hover = response.hovered.map(BoardCell::slot);
        // The piece under a still pointer, named in full beside it (the status bar may
        // cut the words short).
        if let Some(cell) = response.hovered
            && crate::core::BoardSetup::piece_at(setup, cell).is_some()
            && pointer.drag_origin.is_none()
        {
            let _ = response.response.clone().on_hover_text_at_pointer(super::lesson::describe_cell::<G>(setup, cell));
        }
        pointer.drag_origin = response.drag_origin.map(BoardCell::slot);
        response.events
    }
}
