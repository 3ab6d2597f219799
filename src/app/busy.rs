//! A busy mark that costs four frames a second. egui's spinner asks for a new frame
//! every frame; in software rendering that takes a core from the engine or the solver
//! it is waiting for, so the app shows this instead: three dots filling in turn.

use std::time::Duration;

/// How often the mark changes (and the window is drawn again while it shows).
pub const BUSY_STEP: Duration = Duration::from_millis(250);

/// Draws the busy mark and asks for the frame that changes it.
pub fn busy_ui(ui: &mut egui::Ui) -> egui::Response {
    let step = (ui.input(|i| i.time) / BUSY_STEP.as_secs_f64()) as usize % 4;
    ui.ctx().request_repaint_after(BUSY_STEP);
    let dots = [".  ", ".. ", "...", "   "][step];
    ui.label(egui::RichText::new(dots).monospace().strong())
}
