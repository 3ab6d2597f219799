//! Never losing work: the shown game is written to its own autosave file within about a
//! second of every change, and the settings to theirs, each atomically
//! ([`crate::files::write_atomic_bytes`]). A clean exit marks the autosave clean; after
//! a crash (or `kill -9`) the next start finds it unclean and offers to restore it. A
//! settings file or autosave that cannot be read is reported and kept aside (`.damaged`),
//! never silently replaced.
//!
//! One window owns the data folder's session: it holds a lock on `session.lock` (the
//! system frees it when the process ends, however it ends) and writes `autosave.ron`
//! and the settings. Another window opened meanwhile writes its own
//! `autosave-<pid>.ron` (with its own lock, `autosave-<pid>.lock`), never offers to
//! restore the first one's live session and does not write the settings; an autosave
//! of such a window that crashed is offered for restoring at the next start. No egui
//! here.

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

/// The lock file of the window that owns the data folder's session.
pub const SESSION_LOCK: &str = "session.lock";

/// Seconds before a failed autosave is tried again.
pub const AUTOSAVE_RETRY: f64 = 2.0;

/// Takes an exclusive lock on the file `path` (made if need be), without waiting: the
/// open file while it is held, `None` when another process holds it (or it cannot be
/// made).
fn try_lock(path: &Path) -> Option<std::fs::File> {
    let file = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(path).ok()?;
    file.try_lock().ok()?;
    Some(file)
}

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
    /// The document's games when it holds several, has unsaved changes and belongs to a
    /// file: the runs of the file's games unchanged (as numbers) and the text of each
    /// other game, in order ([`crate::app::document::Document::journal`]); what a file
    /// of 100,000 games with one change autosaves in a few bytes. Read with the file as
    /// it was then ([`Autosave::file_stamp`]). Empty otherwise (`games_text` then).
    pub journal: Vec<crate::app::document::JournalEntry>,
    /// Whether the app closed normally after writing this (else it crashed or was
    /// killed, and the next start offers to restore the game).
    pub clean_exit: bool,
    /// The file's games were being solved as a puzzle set (the next start goes on in
    /// solving mode).
    pub puzzle_set: bool,
    /// The file's size and time of change as the app last read or wrote it: after a
    /// restore, Save still asks before replacing a file another program changed since.
    pub file_stamp: Option<crate::files::FileStamp>,
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

/// Writes `autosave` to `path` (in the data folder) atomically.
fn write_autosave(path: &Path, autosave: &Autosave) -> Result<(), crate::files::FileError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|source| crate::files::FileError::Io { path: dir.to_path_buf(), source })?;
    }
    let text = ron::to_string(autosave).unwrap_or_default();
    write_atomic_bytes(path, text.as_bytes())
}

/// The autosaves other windows left in `dir` (`autosave-<pid>.ron` whose lock nobody
/// holds): a clean one is removed; one that did not end cleanly becomes the session's
/// autosave when that ended cleanly (or there is none), so that the next start offers
/// it, and is kept for a later start otherwise.
fn adopt_orphans(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix("autosave-").and_then(|n| n.strip_suffix(".ron")) else { continue };
        let lock_path = dir.join(format!("autosave-{pid}.lock"));
        let Some(lock) = try_lock(&lock_path) else { continue };
        let path = entry.path();
        let clean = matches!(read_ron::<Autosave>(&path), Ok(Some(a)) if a.clean_exit);
        let session_clean = !matches!(read_ron::<Autosave>(&dir.join(AUTOSAVE_FILE)), Ok(Some(a)) if !a.clean_exit);
        // Kept (with its lock file) when it cannot take the session's place yet.
        let adopted = clean || (session_clean && std::fs::rename(&path, dir.join(AUTOSAVE_FILE)).is_ok());
        if !adopted {
            continue;
        }
        if clean {
            let _ = std::fs::remove_file(&path);
        }
        drop(lock);
        let _ = std::fs::remove_file(&lock_path);
    }
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
    /// This window's autosave file name: [`AUTOSAVE_FILE`], or `autosave-<pid>.ron` when
    /// another window owns the session.
    file_name: String,
    /// The lock held while this window runs (the session's or its own autosave's).
    _lock: Option<std::fs::File>,
    /// Another window owns the data folder's session: this one keeps its own autosave
    /// and does not write the settings.
    second: bool,
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
        let mut autosaver = Autosaver {
            dir: None,
            file_name: AUTOSAVE_FILE.into(),
            _lock: None,
            second: false,
            due_since: None,
            settings_written: None,
            writing: None,
            settings_writing: None,
        };
        let Some(dir) = dir else { return autosaver };
        let _ = std::fs::create_dir_all(&dir);
        match try_lock(&dir.join(SESSION_LOCK)) {
            Some(lock) => {
                autosaver._lock = Some(lock);
                adopt_orphans(&dir);
            }
            None => {
                let pid = std::process::id();
                autosaver.second = true;
                autosaver.file_name = format!("autosave-{pid}.ron");
                autosaver._lock = try_lock(&dir.join(format!("autosave-{pid}.lock")));
            }
        }
        autosaver.dir = Some(dir);
        autosaver
    }

    /// Whether another window owns the data folder's session (this one keeps its own
    /// autosave and does not write the settings).
    pub fn is_second_window(&self) -> bool {
        self.second
    }

    /// Whether an autosave is being written (its result is taken by [`Self::tick`]).
    pub fn is_writing(&self) -> bool {
        self.writing.is_some()
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
                    // Tried again a little later, with whatever changed meanwhile.
                    self.due_since = Some(now + AUTOSAVE_RETRY - AUTOSAVE_DELAY);
                    return Err(e);
                }
                Some(Ok(())) => {}
            }
        }
        match (self.due_since, &self.dir) {
            (Some(t), Some(dir)) if now - t >= AUTOSAVE_DELAY => {
                let path = dir.join(&self.file_name);
                let autosave = make();
                self.writing = Some(Job::start("autosave", move |_| write_autosave(&path, &autosave)));
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
        write_autosave(&dir.join(&self.file_name), autosave)
    }

    /// Starts writing the settings (on a thread of its own) when they differ from those
    /// last written (or read) and no write of them is under way; the ones that change
    /// meanwhile are written after it.
    ///
    /// # Errors
    /// The last write failed (they are written again at the next call).
    pub fn save_settings(&mut self, settings: &Settings) -> Result<(), crate::files::FileError> {
        let Some(dir) = &self.dir else { return Ok(()) };
        if self.second {
            // The window that owns the session writes them; two writers would each
            // undo the other's changes.
            return Ok(());
        }
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
                // What the file holds is what was written; an upgrade is written anew.
                self.settings_written = settings.clone();
                Ok(settings.map(Settings::upgraded))
            }
            Err(e) => {
                let _ = std::fs::rename(&path, dir.join(format!("{SETTINGS_FILE}.damaged")));
                Err(e)
            }
        }
    }

    /// This window's autosave in the data folder, if there is one. A damaged one is
    /// renamed to `….damaged` (so that the next autosave does not overwrite what it
    /// holds) and reported.
    ///
    /// # Errors
    /// The file could not be read or is damaged.
    pub fn load(&self) -> Result<Option<Autosave>, DataError> {
        let Some(dir) = &self.dir else { return Ok(None) };
        let path = dir.join(&self.file_name);
        let read = read_ron(&path);
        if let Err(DataError::Damaged { .. }) = &read {
            let _ = std::fs::rename(&path, dir.join(format!("{}.damaged", self.file_name)));
        }
        read
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
    fn a_damaged_autosave_is_reported_and_kept_aside_not_overwritten() {
        let dir = temp_dir("damaged");
        let a = Autosaver::new(Some(dir.clone()));
        std::fs::write(dir.join(AUTOSAVE_FILE), "(game_text: \"[Variant").unwrap();
        assert!(matches!(a.load(), Err(DataError::Damaged { .. })));
        let kept = dir.join("autosave.ron.damaged");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "(game_text: \"[Variant");
        drop(a);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_autosave_is_reported_at_once_and_tried_again_later() {
        let dir = temp_dir("failing");
        let mut a = Autosaver::new(Some(dir.clone()));
        // A folder where the autosave file should be: every write fails (even as root).
        std::fs::create_dir_all(dir.join(AUTOSAVE_FILE).join("in the way")).unwrap();
        let save = || Autosave { game_text: "one".into(), ..Autosave::default() };
        a.touch(0.0);
        assert!(a.tick(0.5, save).unwrap(), "the write starts");
        // No further change: the next frame looks at the write and reports it.
        let mut failed = None;
        for k in 0..200 {
            assert!(a.is_writing() || failed.is_some());
            if let Err(e) = a.tick(0.6 + f64::from(k) * 0.001, save) {
                failed = Some(e);
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(failed.is_some(), "the first failure is reported");
        // Tried again after AUTOSAVE_RETRY, not at every frame.
        assert!(!a.is_due(1.0));
        assert!(a.is_due(0.9 + AUTOSAVE_RETRY));
        drop(a);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_second_window_keeps_its_own_autosave_and_its_crash_is_offered_later() {
        let dir = temp_dir("two-windows");
        let unclean = |text: &str| Autosave { game_text: text.into(), ..Autosave::default() };
        let mut first = Autosaver::new(Some(dir.clone()));
        assert!(!first.is_second_window());
        first.write(&unclean("first's live session")).unwrap();
        // A second window: the first's session is not its to restore or overwrite.
        let mut second = Autosaver::new(Some(dir.clone()));
        assert!(second.is_second_window());
        assert_eq!(second.load().unwrap(), None);
        second.write(&unclean("second's moves")).unwrap();
        assert_eq!(first.load().unwrap().unwrap().game_text, "first's live session");
        // Nor does it write the settings.
        second.save_settings(&Settings { flipped: true, ..Settings::default() }).unwrap();
        assert!(second.finish_settings().is_none());
        assert!(!dir.join(SETTINGS_FILE).exists());
        // The second crashes (its lock goes with it); the first ends cleanly.
        drop(second);
        first.write(&Autosave { clean_exit: true, ..unclean("first, closed") }).unwrap();
        drop(first);
        // The next start offers what the crashed window held.
        let next = Autosaver::new(Some(dir.clone()));
        assert!(!next.is_second_window());
        let offered = next.load().unwrap().unwrap();
        assert_eq!((offered.game_text.as_str(), offered.clean_exit), ("second's moves", false));
        drop(next);
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
