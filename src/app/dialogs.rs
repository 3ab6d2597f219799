//! File dialogs behind a small trait, so the app uses native dialogs (rfd) and the UI
//! tests a fake that answers from a script. Dialogs never block the window: a request
//! starts the dialog, and the answer is collected later ([`FileDialogs::poll`], between
//! frames), while the app keeps drawing and ignores shortcuts.

use std::path::PathBuf;

use super::jobs::{Job, JobPoll};

/// What to ask the user for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogRequest {
    /// A record file to open (`.pgn` or `.ron`), starting in `folder`.
    Open {
        /// Where the dialog starts.
        folder: Option<PathBuf>,
    },
    /// Where to save, starting in `folder` with a suggested file name; `filters` are
    /// (name, extensions) pairs.
    Save {
        /// Where the dialog starts.
        folder: Option<PathBuf>,
        /// The file name offered.
        suggested_name: String,
        /// The file types offered.
        filters: Vec<(String, Vec<String>)>,
    },
}

/// The user's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogAnswer {
    /// A file was chosen.
    Chosen(PathBuf),
    /// The dialog was cancelled.
    Cancelled,
    /// No dialog could be shown at all (no desktop file-chooser service): the app asks
    /// for the path itself.
    Unavailable,
}

/// Where a file prompt starts when no file was chosen yet: the user's Documents folder
/// (`~/Documents`) when there is one, else the home folder (`$HOME`, `%USERPROFILE%`);
/// `None` when neither is known.
pub fn documents_folder() -> Option<PathBuf> {
    let home = std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE")).map(PathBuf::from)?;
    let documents = home.join("Documents");
    Some(if documents.is_dir() { documents } else { home })
}

/// Asks the user for files without blocking.
pub trait FileDialogs {
    /// Starts a dialog (one at a time; a new request replaces an unanswered one).
    fn start(&mut self, request: DialogRequest);
    /// The answer, once there is one (`None` while the dialog is open).
    fn poll(&mut self) -> Option<DialogAnswer>;
}

/// Native dialogs through rfd, each run on its own thread. Where no desktop
/// file-chooser service runs (a bare X server, a minimal window manager), rfd answers at
/// once with nothing; an answer faster than any person could cancel is taken as
/// "unavailable".
#[derive(Debug, Default)]
pub struct NativeDialogs {
    waiting: Option<Job<DialogAnswer>>,
}

/// A `None` from rfd quicker than this means no dialog was shown.
const INSTANT: std::time::Duration = std::time::Duration::from_millis(150);

impl FileDialogs for NativeDialogs {
    fn start(&mut self, request: DialogRequest) {
        // The dialog's answer wakes the window: nothing is drawn while it is open.
        self.waiting = Some(Job::start("dialog", move |_| {
            let start = std::time::Instant::now();
            let chosen = match request {
                DialogRequest::Open { folder } => {
                    let mut d = rfd::FileDialog::new()
                        .add_filter("Game records", &["pgn", "ron"])
                        .add_filter("All files", &["*"]);
                    if let Some(f) = folder {
                        d = d.set_directory(f);
                    }
                    d.pick_file()
                }
                DialogRequest::Save { folder, suggested_name, filters } => {
                    let mut d = rfd::FileDialog::new().set_file_name(suggested_name);
                    for (name, extensions) in &filters {
                        d = d.add_filter(name, extensions);
                    }
                    if let Some(f) = folder {
                        d = d.set_directory(f);
                    }
                    d.save_file()
                }
            };
            match chosen {
                Some(path) => DialogAnswer::Chosen(path),
                None if start.elapsed() < INSTANT => DialogAnswer::Unavailable,
                None => DialogAnswer::Cancelled,
            }
        }));
    }

    fn poll(&mut self) -> Option<DialogAnswer> {
        let answer = match self.waiting.as_mut()?.poll() {
            JobPoll::Running => return None,
            JobPoll::Done(answer) => answer,
            JobPoll::Gone => DialogAnswer::Unavailable,
        };
        self.waiting = None;
        Some(answer)
    }
}

/// Dialogs that answer from queues: for UI tests. Each request takes the next answer
/// of its kind, given at the next poll.
#[derive(Debug, Default, Clone)]
pub struct FakeDialogs {
    /// Answers to open requests, in order (`None` = cancel).
    pub opens: Vec<Option<PathBuf>>,
    /// Answers to save requests, in order.
    pub saves: Vec<Option<PathBuf>>,
    /// Pretend no dialog can be shown (every answer without a path is "unavailable").
    pub unavailable: bool,
    /// The requests made, in order (for tests that check what was asked).
    pub requests: Vec<DialogRequest>,
    /// The answer waiting for the next poll.
    pub answer: Option<DialogAnswer>,
}

impl FileDialogs for FakeDialogs {
    fn start(&mut self, request: DialogRequest) {
        let queue = match request {
            DialogRequest::Open { .. } => &mut self.opens,
            DialogRequest::Save { .. } => &mut self.saves,
        };
        let path = if queue.is_empty() { None } else { queue.remove(0) };
        self.answer = Some(match path {
            Some(p) => DialogAnswer::Chosen(p),
            None if self.unavailable => DialogAnswer::Unavailable,
            None => DialogAnswer::Cancelled,
        });
        self.requests.push(request);
    }

    fn poll(&mut self) -> Option<DialogAnswer> {
        self.answer.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fake_answers_in_order_at_the_next_poll() {
        let mut d = FakeDialogs { opens: vec![Some("a.pgn".into()), None], ..FakeDialogs::default() };
        assert_eq!(d.poll(), None, "nothing asked yet");
        d.start(DialogRequest::Open { folder: None });
        assert_eq!(d.poll(), Some(DialogAnswer::Chosen("a.pgn".into())));
        assert_eq!(d.poll(), None);
        d.start(DialogRequest::Open { folder: None });
        assert_eq!(d.poll(), Some(DialogAnswer::Cancelled));
        let mut d = FakeDialogs { unavailable: true, ..FakeDialogs::default() };
        d.start(DialogRequest::Save { folder: None, suggested_name: "x.pgn".into(), filters: Vec::new() });
        assert_eq!(d.poll(), Some(DialogAnswer::Unavailable));
    }
}
