//! Game → Export diagram: the shown position as an SVG or PNG diagram (drawn by
//! [`crate::render::diagram`] from the same board scene the window shows), with size,
//! orientation, coordinates, marks, caption and a printable black-and-white style; or
//! copied to the clipboard as an image.

use egui::RichText;

use super::session::{Session, with_session};
use super::ui::OrreryApp;
use crate::render::diagram::{Caption, DiagramOptions, ImageFormat, record_diagram};
use crate::render::scene::Scene;

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
    /// The options for the app's current view of `session`.
    pub fn for_session(session: &Session, flipped: bool, coordinates: bool, marks: bool) -> ExportForm {
        let (title, stipulation) = with_session!(session, s => (
            s.record.tags.get("Title").or(s.record.tags.get("Event")).filter(|t| *t != "?").unwrap_or("").to_string(),
            s.record.tags.get("Stipulation").unwrap_or("").to_string(),
        ));
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

    /// The diagram options these choices make, for the shown position of `session`.
    pub fn options(&self, session: &Session) -> DiagramOptions {
        let caption = if self.title.trim().is_empty() && self.stipulation.trim().is_empty() && !self.side_to_move {
            None
        } else {
            let mut caption =
                with_session!(session, s => Caption::new(self.title.trim(), self.stipulation.trim(), &s.position()));
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

/// The diagram scene of the shown position of `session`.
pub fn scene_of(session: &Session, options: &DiagramOptions) -> Scene {
    with_session!(session, s => record_diagram(&s.record, s.cursor, options))
}

impl OrreryApp {
    /// Game → Export diagram…: opens the options window.
    pub fn open_export(&mut self) {
        self.export = Some(ExportForm::for_session(
            &self.session,
            self.settings.flipped,
            self.settings.coordinates,
            self.settings.show_marks,
        ));
    }

    /// Writes the diagram with `form`'s choices to `path` (format by extension).
    /// Returns whether it was written; errors go to the error window.
    pub fn export_to(&mut self, form: &ExportForm, path: &std::path::Path) -> bool {
        let options = form.options(&self.session);
        let scene = scene_of(&self.session, &options);
        match crate::files::write_diagram(&scene, &options, path) {
            Ok(_) => {
                self.message = format!("Diagram written to {}", path.display());
                true
            }
            Err(e) => {
                self.error_list = Some(("Could not export".into(), vec![e.to_string()]));
                false
            }
        }
    }

    /// Copies the diagram to the clipboard as an image (where the platform allows).
    pub fn copy_diagram(&mut self, ctx: &egui::Context, form: &ExportForm) {
        let options = form.options(&self.session);
        let scene = scene_of(&self.session, &options);
        match crate::render::png::render_scene(&scene, options.size_px) {
            Ok(pixmap) => {
                let size = [pixmap.width() as usize, pixmap.height() as usize];
                ctx.copy_image(egui::ColorImage::from_rgba_premultiplied(size, pixmap.data()));
                self.message = "Diagram copied as an image".into();
            }
            Err(e) => self.error_list = Some(("Could not copy the diagram".into(), vec![e.to_string()])),
        }
    }

    /// The Export diagram window.
    pub(crate) fn export_window(&mut self, ctx: &egui::Context) {
        let Some(mut form) = self.export.clone() else { return };
        let mut keep = true;
        egui::Window::new("Export diagram").collapsible(false).show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Format");
                ui.radio_value(&mut form.svg, true, "SVG (vector)");
                ui.radio_value(&mut form.svg, false, "PNG (image)");
            });
            ui.horizontal(|ui| {
                let label = ui.label("Width in pixels");
                ui.add(egui::DragValue::new(&mut form.size_px).range(16..=8192)).labelled_by(label.id);
            });
            ui.checkbox(&mut form.flipped, "Flipped (the second player at the bottom)");
            ui.checkbox(&mut form.coordinates, "Coordinates");
            ui.checkbox(&mut form.marks, "Marks (arrows and cells)");
            ui.checkbox(&mut form.printable, "Printable (black and white)");
            egui::Grid::new("export-caption").num_columns(2).show(ui, |ui| {
                let label = ui.label("Title");
                ui.add(egui::TextEdit::singleline(&mut form.title).desired_width(260.0)).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Stipulation");
                ui.add(egui::TextEdit::singleline(&mut form.stipulation).desired_width(260.0)).labelled_by(label.id);
                ui.end_row();
            });
            ui.checkbox(&mut form.side_to_move, "Say who is to move");
            ui.label(RichText::new("The diagram shows the position on the board now.").weak());
            ui.horizontal(|ui| {
                if ui.button("Export…").clicked() {
                    let ext = if form.svg { "svg" } else { "png" };
                    let suggested = format!("{}-diagram.{ext}", self.session.variant().key());
                    let folder = self.settings.last_folder.clone();
                    match self.dialogs.pick_save(folder.as_deref(), &suggested) {
                        Some(mut path) => {
                            if ImageFormat::from_path(&path).is_none() {
                                path.set_extension(ext);
                            }
                            if self.export_to(&form, &path) {
                                keep = false;
                            }
                        }
                        None if self.dialogs.last_was_unavailable() => {
                            let dir = folder.or_else(|| std::env::current_dir().ok()).unwrap_or_default();
                            self.export_path = Some(dir.join(suggested).display().to_string());
                        }
                        None => {}
                    }
                }
                if ui.button("Copy as image").clicked() {
                    self.copy_diagram(ui.ctx(), &form);
                }
                if ui.button("Close").clicked() {
                    keep = false;
                }
            });
            // No file chooser here: type the path.
            if let Some(mut text) = self.export_path.clone() {
                ui.separator();
                ui.label("No file chooser is available here: type the file's path (.svg or .png).");
                let label = ui.label("Path");
                ui.add(egui::TextEdit::singleline(&mut text).desired_width(360.0)).labelled_by(label.id);
                if ui.button("Write").clicked() && self.export_to(&form, std::path::Path::new(text.trim())) {
                    keep = false;
                    self.export_path = None;
                } else {
                    self.export_path = Some(text);
                }
            }
        });
        if !keep {
            self.export_path = None;
        }
        self.export = keep.then_some(form);
    }
}
