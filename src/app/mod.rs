//! The desktop app (eframe + egui): [`ui::OrreryApp`] with its panels, on top of the
//! game [`session`], the [`settings`] kept between runs and the file [`dialogs`]; the
//! [`board`] widget draws the board through the scene [`painter`], and the
//! [`promotion`] picker asks for a Triangular promotion piece.

pub mod board;
pub mod dialogs;
pub mod editor;
pub mod export;
pub mod painter;
pub mod promotion;
pub mod puzzle_ui;
pub mod session;
pub mod settings;
pub mod setup;
pub mod setup_ui;
pub mod ui;

#[cfg(test)]
mod tests;

pub use ui::OrreryApp;

/// Opens the Orrery window and runs until it is closed; with `file`, that record is
/// opened instead of the last session. Returns the process exit code (1 with a message
/// on standard error when no window can be opened, e.g. without a display).
pub fn run_native(file: Option<std::path::PathBuf>) -> i32 {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Orrery")
            .with_inner_size([1180.0, 820.0])
            .with_min_inner_size([640.0, 480.0]),
        ..Default::default()
    };
    let result = eframe::run_native(
        "Orrery",
        options,
        Box::new(|cc| {
            let mut app = OrreryApp::new(Box::new(dialogs::NativeDialogs::default()));
            if let Some(storage) = cc.storage {
                app.restore(storage);
            }
            if let Some(path) = &file {
                app.open_path(path);
            }
            Ok(Box::new(app))
        }),
    );
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: cannot open the Orrery window: {e}");
            1
        }
    }
}
