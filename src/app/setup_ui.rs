//! The board editor's window parts, for any game: the palette and controls beside the
//! board ([`panel_ui`]), the board in editing mode ([`board_action`]), and the Save
//! as puzzle form's window ([`PuzzleForm::ui`]).

use egui::RichText;

use super::board::BoardEvent;
use super::command::{Command, GameCommand};
use super::puzzle::{PuzzleCheck, Verdict};
use super::setup::{PuzzleForm, SetupAction, SetupMode};
use super::theme;
use crate::core::game::{BoardCell, BoardSetup, Game, GameSide};
use crate::render::view::{BoardView, DrawGame};

impl PuzzleForm {
    /// The form's window, with the solver's `check` of the position and stipulation
    /// (saving waits for it); `Some(true)` when Save was pressed, `Some(false)` on
    /// Cancel or Escape.
    pub fn ui(&mut self, ctx: &egui::Context, check: Option<&mut PuzzleCheck>) -> Option<bool> {
        let mut answer = None;
        if crate::app::keys::escape_closes_window(ctx) {
            return Some(false);
        }
        crate::app::theme::dialog("Save as puzzle", ctx).show(ctx, |ui| {
            egui::Grid::new("puzzle-form").num_columns(2).show(ui, |ui| {
                let label = ui.label("Stipulation");
                ui.horizontal(|ui| {
                    egui::ComboBox::from_id_salt("puzzle-goal")
                        .selected_text(self.goal.clone())
                        .show_ui(ui, |ui| {
                            for g in self.goals.clone() {
                                ui.selectable_value(&mut self.goal, g.clone(), g);
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    let moves = ui.label("in");
                    ui.add(egui::DragValue::new(&mut self.moves).range(1..=3)).labelled_by(moves.id);
                    ui.label("moves");
                });
                ui.end_row();
                for (name, value) in
                    [("Title", &mut self.title), ("Author", &mut self.author), ("Source", &mut self.source)]
                {
                    let label = ui.label(name);
                    ui.add(egui::TextEdit::singleline(value).desired_width(280.0)).labelled_by(label.id);
                    ui.end_row();
                }
            });
            ui.separator();
            let verdict = match check {
                Some(check) => {
                    crate::app::puzzle_ui::check_ui(check, ui);
                    check.verdict()
                }
                None => Verdict::Failed("no check".into()),
            };
            ui.horizontal(|ui| {
                let (label, enabled) = match verdict {
                    Verdict::Checking => ("Save puzzle…", false),
                    Verdict::Sound(_) => ("Save puzzle…", true),
                    Verdict::Failed(_) => ("Save unchecked…", true),
                    Verdict::Cooked(_) | Verdict::NoKey => ("Save anyway…", true),
                };
                let save = ui.add_enabled(enabled, egui::Button::new(label));
                let save = save.on_disabled_hover_text("The solver is checking the puzzle");
                if save.clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
        answer
    }
}

/// The palette and controls beside the board.
pub fn panel_ui<G: DrawGame>(ui: &mut egui::Ui, setup: &SetupMode<G>, commands: &mut Vec<Command>) {
    let mut actions = Vec::new();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.heading(format!("Board editor — {}", G::VARIANT.name()));
        ui.label(RichText::new("Choose a piece, then click cells to place it. Right-click a piece or drag it off the board to remove it; drag a piece to move it.").weak());
        ui.add_space(4.0);
        palette(ui, setup, &mut actions);
        ui.add_space(6.0);
        let mut flip = false;
        ui.horizontal_wrapped(|ui| {
            if ui.button("Clear board").clicked() {
                actions.push(SetupAction::Clear);
            }
            if ui.button("Opening position").clicked() {
                actions.push(SetupAction::Opening);
            }
            flip = ui.button(Command::FlipBoard.label()).clicked();
        });
        let mut side = setup.side_to_move().index();
        ui.horizontal(|ui| {
            let mut changed = false;
            for (s, label) in SetupMode::<G>::side_labels() {
                changed |= ui.radio_value(&mut side, s.index(), label).changed();
            }
            if changed {
                actions.push(SetupAction::SideToMove(side));
            }
        });
        names(ui, setup, &mut actions);
        ui.add_space(6.0);
        let label = ui.label("Position string");
        let mut text = setup.text.clone();
        let edit = ui.add(egui::TextEdit::singleline(&mut text).desired_width(f32::INFINITY)).labelled_by(label.id);
        if edit.changed() {
            actions.push(SetupAction::Text(text));
        }
        for p in &setup.text_problems {
            ui.label(RichText::new(p).color(theme::ERROR));
        }
        ui.add_space(6.0);
        let problems = setup.problems();
        let text_ok = setup.text_problems.is_empty();
        if !text_ok {
            // The board keeps the last string that could be read: say so, rather than
            // call the position valid beside the string's errors.
            ui.label(RichText::new("The board shows the last position string that could be read").weak());
        } else if problems.is_empty() {
            ui.label(RichText::new("Valid position").color(theme::GOOD).strong());
            if let Some(outcome) = setup.outcome() {
                ui.label(RichText::new(format!("The game is over here: {outcome}")).color(theme::BANNER).strong());
            }
        } else {
            ui.label(RichText::new("Problems").strong());
            for p in &problems {
                ui.label(RichText::new(format!("• {p}")).color(theme::ERROR));
            }
        }
        ui.add_space(6.0);
        let mut pressed = None;
        ui.horizontal_wrapped(|ui| {
            let valid = problems.is_empty() && text_ok;
            for (command, enabled) in
                [(Command::PlayFromSetup, valid), (Command::SaveAsPuzzle, valid), (Command::CloseBoardEditor, true)]
            {
                if ui.add_enabled(enabled, egui::Button::new(command.label())).clicked() {
                    pressed = Some(command);
                }
            }
        });
        commands.extend(actions.drain(..).map(|action| Command::Game(GameCommand::Setup(action))));
        if flip {
            commands.push(Command::FlipBoard);
        }
        commands.extend(pressed);
    });
}

/// One board event in the board editor as its action: a click places the chosen
/// piece (the same piece again removes it; with no piece chosen a click selects, to
/// rename), a right-click removes, a drag moves, a drag off the board removes.
pub fn board_action<C: BoardCell>(event: BoardEvent<C>) -> Option<SetupAction> {
    match event {
        BoardEvent::Clicked(cell) => Some(SetupAction::Click(cell.slot())),
        BoardEvent::RightClicked(cell) => Some(SetupAction::RightClick(cell.slot())),
        BoardEvent::Dropped { from, to } if to != Some(from) => {
            Some(SetupAction::Drop { from: from.slot(), to: to.map(BoardCell::slot) })
        }
        BoardEvent::Dropped { .. } | BoardEvent::DragStarted(_) | BoardEvent::RightDragged { .. } => None,
    }
}

/// The palette: one button per piece of each side, drawn with the board's glyphs.
fn palette<G: DrawGame>(ui: &mut egui::Ui, setup: &SetupMode<G>, actions: &mut Vec<SetupAction>) {
    let pieces = G::Setup::palette();
    let per_row = pieces.len().div_ceil(2).max(1);
    for (r, row) in pieces.chunks(per_row).enumerate() {
        ui.horizontal(|ui| {
            for (k, &piece) in row.iter().enumerate() {
                let index = r * per_row + k;
                let selected = setup.chosen == Some(piece);
                let (rect, response) = ui.allocate_exact_size(egui::vec2(40.0, 40.0), egui::Sense::click());
                let label = G::Setup::piece_label(piece);
                response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &label));
                let visuals = ui.style().interact_selectable(&response, selected);
                if selected || response.hovered() {
                    ui.painter().rect(rect, 4.0, visuals.bg_fill, visuals.bg_stroke, egui::StrokeKind::Inside);
                }
                let items = <G::View as BoardView>::piece_glyph(piece);
                let t = super::painter::fit_size(1.0, 1.0, rect.shrink(4.0));
                for item in &items {
                    super::painter::paint_item(ui.painter(), item, &t);
                }
                if response.on_hover_text(&label).clicked() {
                    actions.push(SetupAction::Choose(if selected { None } else { Some(index) }));
                }
            }
        });
    }
    let hint = match setup.chosen {
        Some(p) => format!("Placing: {} (click it again to stop)", G::Setup::piece_label(p)),
        None if G::Cell::all().any(|c| setup.name_at(c).is_some()) => {
            "No piece chosen: a click selects a piece (to rename it)".to_string()
        }
        None => "No piece chosen: choose one above, then click cells to place it".to_string(),
    };
    ui.label(RichText::new(hint).weak());
}

/// The name chooser for the selected piece, where the game names pieces.
fn names<G: Game>(ui: &mut egui::Ui, setup: &SetupMode<G>, actions: &mut Vec<SetupAction>) {
    let Some(cell) = setup.selected else { return };
    let Some(current) = setup.name_at(cell) else { return };
    let free = setup.free_names(cell);
    if free.len() < 2 {
        ui.label(RichText::new(format!("Selected piece: {current} (no other name is free)")).weak());
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label("Selected piece's name");
        let mut chosen = current.clone();
        egui::ComboBox::from_id_salt("setup-name")
            .selected_text(current.as_str())
            .show_ui(ui, |ui| {
                for n in &free {
                    ui.selectable_value(&mut chosen, n.clone(), n.as_str());
                }
            })
            .response
            .labelled_by(label.id);
        if chosen != current {
            actions.push(SetupAction::Rename { slot: cell.slot(), name: chosen });
        }
    });
}
