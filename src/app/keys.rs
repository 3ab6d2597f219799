//! Keys the app's windows share: Escape closes a window, unless it closes an open
//! popup first.

/// Whether Escape, pressed this frame, is a window's to close it: not when a popup
/// (a combo box's list, a menu) was open, which Escape closes instead. Call it before
/// the window is drawn (the popup still counts as open then).
pub fn escape_closes_window(ctx: &egui::Context) -> bool {
    ctx.input(|i| i.key_pressed(egui::Key::Escape)) && !egui::Popup::is_any_open(ctx)
}
