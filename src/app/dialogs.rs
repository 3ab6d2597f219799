//! File dialogs behind a small trait, so the app uses native dialogs (rfd) and the UI
//! tests a fake that answers from a script.

use std::path::{Path, PathBuf};

/// Asks the user for files. `None` means cancelled.
pub trait FileDialogs {
    /// A record file to open (`.pgn` or `.ron`), starting in `folder`.
    fn pick_open(&mut self, folder: Option<&Path>) -> Option<PathBuf>;
    /// Where to save a record, starting in `folder` with the suggested file name.
    fn pick_save(&mut self, folder: Option<&Path>, suggested_name: &str) -> Option<PathBuf>;
    /// Whether the last `None` answer means the dialog could not be shown at all (no
    /// desktop file-chooser service), so the app should ask for a path itself.
    fn last_was_unavailable(&self) -> bool {
        false
    }
}

/// Native dialogs through rfd. Where no desktop file-chooser service runs (a bare X
/// server, a minimal window manager), rfd answers `None` at once; an answer faster than
/// any person could cancel is taken as "unavailable".
#[derive(Debug, Default)]
pub struct NativeDialogs {
    unavailable: bool,
}

/// A `None` from rfd quicker than this means no dialog was shown.
const INSTANT: std::time::Duration = std::time::Duration::from_millis(150);

impl NativeDialogs {
    fn timed(&mut self, ask: impl FnOnce() -> Option<PathBuf>) -> Option<PathBuf> {
        let start = std::time::Instant::now();
        let answer = ask();
        self.unavailable = answer.is_none() && start.elapsed() < INSTANT;
        answer
    }
}

impl FileDialogs for NativeDialogs {
    fn pick_open(&mut self, folder: Option<&Path>) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().add_filter("Game records", &["pgn", "ron"]).add_filter("All files", &["*"]);
        if let Some(f) = folder {
            d = d.set_directory(f);
        }
        self.timed(|| d.pick_file())
    }

    fn pick_save(&mut self, folder: Option<&Path>, suggested_name: &str) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new()
            .add_filter("PGN text", &["pgn"])
            .add_filter("RON", &["ron"])
            .set_file_name(suggested_name);
        if let Some(f) = folder {
            d = d.set_directory(f);
        }
        self.timed(|| d.save_file())
    }

    fn last_was_unavailable(&self) -> bool {
        self.unavailable
    }
}

/// Dialogs that answer from queues: for UI tests.
#[derive(Debug, Default, Clone)]
pub struct FakeDialogs {
    /// Answers to `pick_open`, in order (`None` = cancel).
    pub opens: Vec<Option<PathBuf>>,
    /// Answers to `pick_save`, in order.
    pub saves: Vec<Option<PathBuf>>,
    /// Pretend no dialog can be shown (every `None` is "unavailable").
    pub unavailable: bool,
}

impl FileDialogs for FakeDialogs {
    fn pick_open(&mut self, _folder: Option<&Path>) -> Option<PathBuf> {
        if self.opens.is_empty() { None } else { self.opens.remove(0) }
    }

    fn pick_save(&mut self, _folder: Option<&Path>, _suggested_name: &str) -> Option<PathBuf> {
        if self.saves.is_empty() { None } else { self.saves.remove(0) }
    }

    fn last_was_unavailable(&self) -> bool {
        self.unavailable
    }
}
