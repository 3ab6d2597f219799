//! Game → Export diagram: the shown position as an SVG or PNG diagram (drawn by
//! [`crate::render::diagram`] from the same board scene the window shows), with size,
//! orientation, coordinates, marks, caption and a printable black-and-white style; or
//! copied to the clipboard as an image.

use egui::RichText;

use super::view::AnyView;
use crate::render::diagram::DiagramOptions;
/// The width of the Export diagram window's preview, in points.
pub const PREVIEW_PX: u32 = 280;

/// The Export diagram window's choices.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportForm {
    /// SVG (else PNG).
    pub svg: bool,
    /// Width in pixels (16 to 8192).
    pub size_px: u32,
    /// The board turned half a turn.
    pub flipped: bool,
    /// Row and index labels.
    pub coordinates: bool,
    /// The study marks of the shown move.
    pub marks: bool,
    /// Black-and-white friendly cells.
    pub printable: bool,
    /// Caption: title (empty: none).
    pub title: String,
    /// Caption: stipulation (empty: none).
    pub stipulation: String,
    /// Caption: say who is to move.
    pub side_to_move: bool,
}

impl ExportForm {
    /// The options for the app's current view of the shown game.
    pub fn for_view(view: &dyn AnyView, flipped: bool, coordinates: bool, marks: bool) -> ExportForm {
        let title = view.tag("Title").or(view.tag("Event")).filter(|t| t != "?").unwrap_or_default();
        let stipulation = view.tag("Stipulation").unwrap_or_default();
        ExportForm {
            svg: true,
            size_px: 600,
            flipped,
            coordinates,
            marks,
            printable: false,
            title,
            stipulation,
            side_to_move: true,
        }
    }

    /// The diagram options these choices make, for the shown position.
    pub fn options(&self, view: &dyn AnyView) -> DiagramOptions {
        let caption = if self.title.trim().is_empty() && self.stipulation.trim().is_empty() && !self.side_to_move {
            None
        } else {
            let mut caption = view.caption(self.title.trim(), self.stipulation.trim());
            if !self.side_to_move {
                caption.side_to_move.clear();
            }
            Some(caption)
        };
        DiagramOptions {
            size_px: self.size_px.clamp(16, 8192),
            flipped: self.flipped,
            coordinates: self.coordinates,
            marks: self.marks,
            caption,
            printable: self.printable,
        }
    }
}

/// What the user asked for in the Export diagram window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportAction {
    /// Export… (choose a file).
    Export,
    /// Write to the path typed (no file chooser).
    WriteTo(std::path::PathBuf),
    /// Copy as image.
    Copy,
    /// Close the window.
    Close,
}

impl ExportForm {
    /// The Export diagram window, with `preview` (the diagram as the choices make it)
    /// beside the choices; `path` is the typed path when no file chooser exists.
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        path: &mut Option<String>,
        preview: Option<&egui::TextureHandle>,
    ) -> Option<ExportAction> {
        let mut action = None;
        if crate::app::keys::escape_closes_window(ctx) {
            return Some(ExportAction::Close);
        }
        crate::app::theme::dialog("Export diagram", ctx).resizable(false).show(ctx, |ui| {
            ui.horizontal_top(|ui| {
                // A fixed width: the path field and separators do not stretch the window.
                ui.vertical(|ui| {
                    ui.set_min_width(380.0);
                    ui.set_max_width(380.0);
                    self.choices_ui(ui, path, &mut action);
                });
                if let Some(texture) = preview {
                    ui.separator();
                    ui.vertical(|ui| {
                        ui.label(RichText::new("Preview").weak());
                        let size = texture.size_vec2();
                        let scale = (PREVIEW_PX as f32 / size.x.max(1.0)).min(1.0);
                        ui.image((texture.id(), size * scale));
                    });
                }
            });
        });
        action
    }

    /// The choices and buttons of the window.
    fn choices_ui(&mut self, ui: &mut egui::Ui, path: &mut Option<String>, action: &mut Option<ExportAction>) {
        ui.horizontal(|ui| {
            ui.label("Format");
            ui.radio_value(&mut self.svg, true, "SVG (vector)");
            ui.radio_value(&mut self.svg, false, "PNG (image)");
        });
        ui.horizontal(|ui| {
            let label = ui.label("Width in pixels");
            ui.add(egui::DragValue::new(&mut self.size_px).range(16..=8192)).labelled_by(label.id);
        });
        ui.checkbox(&mut self.flipped, "Flipped (the second player at the bottom)");
        ui.checkbox(&mut self.coordinates, "Coordinates");
        ui.checkbox(&mut self.marks, "Marks (arrows and cells)");
        ui.checkbox(&mut self.printable, "Printable (black and white)");
        egui::Grid::new("export-caption").num_columns(2).show(ui, |ui| {
            let label = ui.label("Title");
            ui.add(egui::TextEdit::singleline(&mut self.title).desired_width(260.0)).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("Stipulation");
            ui.add(egui::TextEdit::singleline(&mut self.stipulation).desired_width(260.0)).labelled_by(label.id);
            ui.end_row();
        });
        ui.checkbox(&mut self.side_to_move, "Say who is to move");
        ui.label(RichText::new("The diagram shows the position on the board now.").weak());
        ui.horizontal(|ui| {
            if ui.button("Export…").clicked() {
                *action = Some(ExportAction::Export);
            }
            if ui.button("Copy as image").clicked() {
                *action = Some(ExportAction::Copy);
            }
            if ui.button("Close").clicked() {
                *action = Some(ExportAction::Close);
            }
        });
        // No file chooser here: type the path.
        if let Some(text) = path {
            ui.separator();
            ui.label("No file chooser is available here: type the file's path (.svg or .png).");
            let label = ui.label("Path");
            ui.add(egui::TextEdit::singleline(text).desired_width(360.0)).labelled_by(label.id);
            if ui.button("Write").clicked() {
                *action = Some(ExportAction::WriteTo(std::path::PathBuf::from(text.trim())));
            }
        }
    }

    /// These choices kept for the next time the window opens on `fresh` (the shown
    /// game's own): the format, size, style and caption settings stay; the title and the
    /// stipulation stay when they were typed (not what `derived`, the game's own form
    /// then, gave), else they come from the game.
    pub fn again(&self, fresh: ExportForm, derived: &ExportForm) -> ExportForm {
        ExportForm {
            title: if self.title == derived.title { fresh.title } else { self.title.clone() },
            stipulation: if self.stipulation == derived.stipulation {
                fresh.stipulation
            } else {
                self.stipulation.clone()
            },
            flipped: fresh.flipped,
            ..self.clone()
        }
    }

    /// The file extension of the chosen format.
    pub fn extension(&self) -> &'static str {
        if self.svg { "svg" } else { "png" }
    }
}
