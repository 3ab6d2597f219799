//! Never losing work: the shown game is written to its own autosave file within about a
//! second of every change, and the settings to theirs, each atomically
//! ([`crate::files::write_atomic_bytes`]). A clean exit marks the autosave clean; after
//! a crash (or `kill -9`) the next start finds it unclean and offers to restore it. A
//! settings file that cannot be read is reported and kept aside, never silently
//! replaced. No egui here.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::jobs::{Job, JobPoll};
use super::settings::Settings;
use crate::files::{FileError, write_atomic_bytes};

/// A write of the data folder under way on a thread of its own.
type Write = Job<Result<(), FileError>>;

/// Waits for `write` to end: its result (`None`: there was none, or it stopped
/// without one).
fn wait_for(write: Option<Write>) -> Option<Result<(), FileError>> {
    let mut write = write?;
    loop {
        match write.wait(std::time::Duration::from_secs(1)) {
            JobPoll::Running => {}
            JobPoll::Done(result) => return Some(result),
            JobPoll::Gone => return None,
        }
    }
}

/// The result of `write` if it has ended (`None`: still running, and it is kept).
fn ended(write: &mut Option<Write>) -> Option<Result<(), FileError>> {
    match write.as_mut()?.poll() {
        JobPoll::Running => None,
        JobPoll::Done(result) => {
            *write = None;
            Some(result)
        }
        JobPoll::Gone => {
            *write = None;
            Some(Ok(()))
        }
    }
}

/// Seconds after a change before the autosave is written (changes in between are
/// written together).
pub const AUTOSAVE_DELAY: f64 = 0.5;

/// The autosave file's name in the app's data folder.
pub const AUTOSAVE_FILE: &str = "autosave.ron";

/// The settings file's name in the app's data folder.
pub const SETTINGS_FILE: &str = "settings.ron";

/// What the autosave holds: the game shown, where in it, its file, and whether the app
/// closed normally since.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Autosave {
    /// The game in the text format.
    pub game_text: String,
    /// Child indices from the start to the move shown.
    pub cursor_path: Vec<usize>,
    /// The file the game belongs to, if any.
    pub file: Option<PathBuf>,
    /// Which game of that file it is (0-based; 0 in autosaves written before games
    /// could be switched).
    pub game_index: usize,
    /// Whether the game had unsaved changes.
    pub modified: bool,
    /// Every game of the document in the text format, the shown one as it is now (at
    /// `game_index`), when the document holds several games and has unsaved changes
    /// (a change to a game not shown is kept too); empty otherwise, when the file's
    /// other games are read again from the file.
    pub games_text: String,
    /// Whether the app closed normally after writing this (else it crashed or was
    /// killed, and the next start offers to restore the game).
    pub clean_exit: bool,
    /// The file's games were being solved as a puzzle set (the next start goes on in
    /// solving mode).
    pub puzzle_set: bool,
}

/// Why the data folder's files could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file exists but could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not valid RON of the expected shape.
    #[error("{path}:{line}:{column}: {message}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
}

/// Writes `autosave` into the data folder `dir` atomically.
fn write_autosave(dir: &Path, autosave: &Autosave) -> Result<(), crate::files::FileError> {
    std::fs::create_dir_all(dir).map_err(|source| crate::files::FileError::Io { path: dir.to_path_buf(), source })?;
    let text = ron::to_string(autosave).unwrap_or_default();
    write_atomic_bytes(&dir.join(AUTOSAVE_FILE), text.as_bytes())
}

/// Reads a RON file of the data folder: `Ok(None)` when it does not exist.
fn read_ron<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Option<T>, DataError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(DataError::Io { path: path.to_path_buf(), source }),
    };
    ron::from_str(&text).map(Some).map_err(|e| DataError::Damaged {
        path: path.to_path_buf(),
        line: e.span.start.line,
        column: e.span.start.col,
        message: e.code.to_string(),
    })
}

/// Writes the autosave and the settings into the app's data folder when they changed.
/// Both are written on threads of their own (a file of many games makes a big
/// autosave; a write waits for the disk twice), one write of each at a time: nothing is
/// written on the window's thread.
#[derive(Debug)]
pub struct Autosaver {
    dir: Option<PathBuf>,
    /// When the first change not yet written happened.
    due_since: Option<f64>,
    /// The settings as last written (or being written, or read).
    settings_written: Option<Settings>,
    /// The autosave being written, while it is.
    writing: Option<Write>,
    /// The settings being written, while they are.
    settings_writing: Option<Write>,
}

impl Autosaver {
    /// An autosaver writing into `dir` (none: nothing is written, as in UI tests).
    pub fn new(dir: Option<PathBuf>) -> Autosaver {
        Autosaver { dir, due_since: None, settings_written: None, writing: None, settings_writing: None }
    }

    /// The data folder, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The game changed at time `now` (seconds).
    pub fn touch(&mut self, now: f64) {
        if self.due_since.is_none() {
            self.due_since = Some(now);
        }
    }

    /// Whether a change has waited [`AUTOSAVE_DELAY`] and the autosave should be written.
    pub fn is_due(&self, now: f64) -> bool {
        self.due_since.is_some_and(|t| now - t >= AUTOSAVE_DELAY)
    }

    /// Seconds until the autosave is due, if a change waits.
    pub fn due_in(&self, now: f64) -> Option<f64> {
        self.due_since.map(|t| (t + AUTOSAVE_DELAY - now).max(0.0))
    }

    /// Starts writing the autosave (on its own thread) when a change has waited
    /// [`AUTOSAVE_DELAY`] and the last write has ended, with `make` giving its
    /// contents; returns whether it started.
    ///
    /// # Errors
    /// The last write failed (the change it held is written again with the next).
    pub fn tick(&mut self, now: f64, make: impl FnOnce() -> Autosave) -> Result<bool, crate::files::FileError> {
        if self.writing.is_some() {
            match ended(&mut self.writing) {
                None => return Ok(false),
                Some(Err(e)) => {
                    self.touch(now - AUTOSAVE_DELAY);
                    return Err(e);
                }
                Some(Ok(())) => {}
            }
        }
        match (self.due_since, &self.dir) {
            (Some(t), Some(dir)) if now - t >= AUTOSAVE_DELAY => {
                let dir = dir.clone();
                let autosave = make();
                self.writing = Some(Job::start("autosave", move |_| write_autosave(&dir, &autosave)));
                self.due_since = None;
                Ok(true)
            }
            (Some(_), None) => {
                self.due_since = None;
                Ok(false)
            }
            _ => Ok(false),
        }
    }

    /// Waits for the autosave being written, if any: its result.
    pub fn finish(&mut self) -> Option<Result<(), crate::files::FileError>> {
        wait_for(self.writing.take())
    }

    /// Writes `autosave` now, after the write under way (on exit, with `clean_exit`
    /// set).
    ///
    /// # Errors
    /// The write failed.
    pub fn write(&mut self, autosave: &Autosave) -> Result<(), crate::files::FileError> {
        let _ = self.finish();
        let Some(dir) = &self.dir else { return Ok(()) };
        write_autosave(dir, autosave)
    }

    /// Starts writing the settings (on a thread of its own) when they differ from those
    /// last written (or read) and no write of them is under way; the ones that change
    /// meanwhile are written after it.
    ///
    /// # Errors
    /// The last write failed (they are written again at the next call).
    pub fn save_settings(&mut self, settings: &Settings) -> Result<(), crate::files::FileError> {
        let Some(dir) = &self.dir else { return Ok(()) };
        if self.settings_writing.is_some() {
            match ended(&mut self.settings_writing) {
                None => return Ok(()),
                Some(Err(e)) => {
                    self.settings_written = None;
                    return Err(e);
                }
                Some(Ok(())) => {}
            }
        }
        if self.settings_written.as_ref() == Some(settings) {
            return Ok(());
        }
        let dir = dir.clone();
        let text = ron::ser::to_string_pretty(settings, ron::ser::PrettyConfig::default()).unwrap_or_default();
        self.settings_writing = Some(Job::start("settings", move |_| {
            std::fs::create_dir_all(&dir).map_err(|source| FileError::Io { path: dir.clone(), source })?;
            write_atomic_bytes(&dir.join(SETTINGS_FILE), text.as_bytes())
        }));
        self.settings_written = Some(settings.clone());
        Ok(())
    }

    /// Waits for the settings being written, if they are: the write's result.
    pub fn finish_settings(&mut self) -> Option<Result<(), crate::files::FileError>> {
        wait_for(self.settings_writing.take())
    }

    /// The settings in the data folder: `Ok(None)` when there are none yet. A damaged
    /// file is renamed to `settings.ron.damaged` (so that it is not overwritten) and
    /// reported.
    ///
    /// # Errors
    /// The file could not be read or is damaged.
    pub fn load_settings(&mut self) -> Result<Option<Settings>, DataError> {
        let Some(dir) = &self.dir else { return Ok(None) };
        let path = dir.join(SETTINGS_FILE);
        match read_ron::<Settings>(&path) {
            Ok(settings) => {
                self.settings_written = settings.clone();
                Ok(settings)
            }
            Err(e) => {
                let _ = std::fs::rename(&path, dir.join(format!("{SETTINGS_FILE}.damaged")));
                Err(e)
            }
        }
    }

    /// The autosave in the data folder, if there is one.
    ///
    /// # Errors
    /// The file could not be read or is damaged.
    pub fn load(&self) -> Result<Option<Autosave>, DataError> {
        match &self.dir {
            Some(dir) => read_ron(&dir.join(AUTOSAVE_FILE)),
            None => Ok(None),
        }
    }
}

impl Drop for Autosaver {
    /// A write under way is finished before the autosaver goes: the app's data folder
    /// never holds half a change it was told about.
    fn drop(&mut self) {
        let _ = self.finish();
        let _ = self.finish_settings();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("orrery-autosave-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_change_is_written_after_the_delay_and_not_before() {
        let dir = temp_dir("delay");
        let mut a = Autosaver::new(Some(dir.clone()));
        let save = || Autosave { game_text: "one".into(), ..Autosave::default() };
        assert!(!a.tick(0.0, save).unwrap(), "nothing changed");
        a.touch(10.0);
        a.touch(10.3);
        assert!(!a.tick(10.4, save).unwrap(), "too early");
        assert!((a.due_in(10.4).unwrap() - 0.1).abs() < 1e-9);
        assert!(a.tick(10.5, save).unwrap());
        assert!(a.finish().unwrap().is_ok(), "written on its own thread");
        assert_eq!(a.load().unwrap().unwrap().game_text, "one");
        assert!(a.due_in(11.0).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn settings_round_trip_and_a_damaged_file_is_reported_and_kept_aside() {
        let dir = temp_dir("settings");
        let mut a = Autosaver::new(Some(dir.clone()));
        assert!(a.load_settings().unwrap().is_none());
        let settings = Settings { flipped: true, ..Settings::default() };
        a.save_settings(&settings).unwrap();
        assert!(a.finish_settings().unwrap().is_ok(), "written on its own thread");
        let mut b = Autosaver::new(Some(dir.clone()));
        assert_eq!(b.load_settings().unwrap(), Some(settings));
        std::fs::write(dir.join(SETTINGS_FILE), "(theme: Purple,").unwrap();
        let err = b.load_settings().unwrap_err();
        assert!(matches!(err, DataError::Damaged { .. }), "{err}");
        assert!(err.to_string().contains("settings.ron:1:"), "{err}");
        assert!(dir.join("settings.ron.damaged").exists(), "the damaged file is kept");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
