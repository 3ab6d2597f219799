//! The desktop app (eframe + egui). [`ui::OrreryApp`] holds the [`document::Document`],
//! its [`history::History`] and the shown game's [`view`]; panels push
//! [`command::Command`]s that the app applies after each frame. Everything per game is
//! generic ([`session`], [`setup`], [`puzzle`], the [`board`] widget, the
//! [`move_list`]) and erased once, in [`view`]. See `ARCHITECTURE.md`.

pub mod action;
pub mod analysis;
pub mod autosave;
pub mod board;
pub mod busy;
pub mod clock;
pub mod clock_ui;
pub mod command;
pub mod dialogs;
pub mod document;
pub mod editor;
pub mod export;
pub mod games_list;
pub mod gif_export;
pub mod history;
pub mod jobs;
pub mod keys;
pub mod layout;
pub mod learn;
pub mod learn_ui;
pub mod move_box;
pub mod move_list;
pub mod opening_tree;
pub mod opponent;
pub mod painter;
pub mod position_finder;
pub mod promotion;
pub mod puzzle;
pub mod puzzle_ui;
pub mod report_ui;
pub mod rules_ui;
pub mod session;
pub mod settings;
pub mod setup;
pub mod setup_ui;
pub mod sounds;
pub mod study_panel;
pub mod study_ui;
pub mod theme;
pub mod ui;
pub mod view;
pub mod workspace;

#[cfg(test)]
mod tests;

pub use ui::OrreryApp;

/// The application id the window gives the desktop (Wayland's app id, X11's class):
/// the name of the desktop entry `assets/orrery.desktop` and of the icon.
pub const APP_ID: &str = "orrery";

/// The window's icon: `assets/icons/hicolor/256x256/apps/orrery.png` (rendered from
/// `assets/icons/orrery.svg` by `cargo run --example icons`), decoded with `image`. An
/// undecodable file gives the desktop's default icon, never an error.
pub fn window_icon() -> egui::IconData {
    let png = include_bytes!("../../assets/icons/hicolor/256x256/apps/orrery.png");
    match image::load_from_memory_with_format(png, image::ImageFormat::Png) {
        Ok(picture) => {
            let rgba = picture.into_rgba8();
            let (width, height) = rgba.dimensions();
            egui::IconData { rgba: rgba.into_raw(), width, height }
        }
        Err(_) => egui::IconData::default(),
    }
}

/// Opens the Orrery window and runs until it is closed; with `file`, that record is
/// opened instead of the last session. Returns the process exit code (1 with a message
/// on standard error when no window can be opened, e.g. without a display).
pub fn run_native(file: Option<std::path::PathBuf>) -> i32 {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Orrery")
            // The taskbar and window switcher name and show Orrery (the desktop entry
            // `assets/orrery.desktop` has the same id).
            .with_app_id(APP_ID)
            .with_icon(window_icon())
            // The whole screen where a window manager maximises it (the board and the
            // panes beside it want the room); else a 1280×800 screen's worth.
            .with_inner_size([1280.0, 800.0])
            .with_maximized(true)
            .with_min_inner_size([640.0, 480.0]),
        ..Default::default()
    };
    let result = eframe::run_native(
        "Orrery",
        options,
        Box::new(|cc| {
            let mut app = OrreryApp::new(Box::new(dialogs::NativeDialogs::default()));
            // Nothing animates while idle: a text field's caret stays lit instead of
            // blinking (a blink is two frames a second, 6 % of a core in software
            // rendering, while the Open prompt or the notation editor has the keys).
            cc.egui_ctx.all_styles_mut(|style| style.visuals.text_cursor.blink = false);
            app.attach_data_dir(eframe::storage_dir("Orrery"));
            if let Some(path) = &file {
                // The window opens at once; the file reads on a job with progress and
                // Cancel, waking the window as it goes (a small file is done before the
                // first frame).
                let repaint = cc.egui_ctx.clone();
                jobs::Waker::new(move || repaint.request_repaint()).install();
                app.open_path_in_background(path);
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
