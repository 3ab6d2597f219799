//! The app's colours in one place: panels, messages and banners use these, never
//! literals (the boards' own colours are the drawing layer's palettes).

use egui::Color32;

/// Errors, problems, a warning status (Target, check).
pub const ERROR: Color32 = Color32::from_rgb(230, 70, 60);
/// Success: a valid position, a solved puzzle.
pub const GOOD: Color32 = Color32::from_rgb(90, 190, 110);
/// The ending banner and "the game is over here" notes.
pub const BANNER: Color32 = Color32::from_rgb(230, 180, 60);
/// Warnings: a game read in full whose text had something to note.
pub const WARNING: Color32 = Color32::from_rgb(215, 160, 40);

/// A dialog window titled `title`, placed where every dialog first opens: centred at
/// the top of the window, below the menu bar, never over it (the user may move it;
/// egui remembers where). Not collapsible.
pub fn dialog<'open>(title: impl Into<egui::WidgetText>, ctx: &egui::Context) -> egui::Window<'open> {
    egui::Window::new(title)
        .collapsible(false)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(ctx.content_rect().center_top() + egui::vec2(0.0, 64.0))
}
