//! Files: opening (in the background, with progress), saving, file dialogs, pasting, exporting diagrams and GIFs, and restoring the autosave.

use super::*;

impl OrreryApp {
    /// Shows the game an autosave holds, with its file and modified flag.
    pub(super) fn restore_autosave(&mut self, saved: &Autosave) -> Vec<Effect> {
        self.workspace.restore_puzzle_set = saved.puzzle_set && saved.file.is_some();
        let Ok(game) = read_one(&saved.game_text) else {
            self.workspace.message = "The autosaved game could not be read; a new game is shown".into();
            return Vec::new();
        };
        self.workspace.document = Document::with_games(saved.file.clone(), vec![game]);
        self.workspace.document.stamp = saved.file_stamp;
        self.workspace.view = view_of(self.workspace.document.shown().clone());
        self.workspace.view.follow_path(&saved.cursor_path);
        self.workspace.document.modified = saved.modified;
        self.workspace.history.clear();
        self.workspace.stashed.clear();
        self.workspace.list_undo.clear();
        self.workspace.list_redo.clear();
        // Several games of a file with unsaved changes: the file is read again in the
        // background (with progress and Cancel) and the changes put back over it.
        if let (false, Some(path)) = (saved.journal.is_empty(), &saved.file) {
            return vec![Effect::Read(
                path.clone(),
                ReadPurpose::Restore { index: saved.game_index, journal: saved.journal.clone() },
            )];
        }
        // Several games in no file with unsaved changes: all of them are in the autosave.
        if !saved.games_text.is_empty() {
            // Read as a file is, so that each game keeps its text as the autosave holds
            // it (the file's own text for the games not changed): Save writes those back
            // byte for byte.
            let name = saved.file.as_ref().map_or_else(|| "autosave".to_string(), |p| p.display().to_string());
            let read = crate::files::parse_record_bytes(saved.games_text.as_bytes(), Format::Text, &name);
            if !read.games.is_empty() && saved.game_index < read.games.len() {
                let mut document = match &saved.file {
                    Some(path) => Document::from_read(path, read),
                    None => Document::with_games(None, read.games),
                };
                document.forget_saved();
                if document.show(saved.game_index).is_ok() {
                    document.set_shown(self.workspace.view.game());
                }
                document.modified = true;
                document.stamp = saved.file_stamp;
                self.workspace.document = document;
                self.resume_puzzle_set();
                return Vec::new();
            }
        }
        // The file's other games are read in the background and put around it.
        saved
            .file
            .iter()
            .map(|path| {
                Effect::Read(path.clone(), ReadPurpose::Restore { index: saved.game_index, journal: Vec::new() })
            })
            .collect()
    }

    /// The other games of the restored game's file were read: the document holds them
    /// all again, the restored game (as it is now) in its place, and with a `journal`
    /// every change the autosave kept. A file that now has errors is not written over
    /// (saving asks for a name); a file changed since the autosave keeps the changed
    /// games only, in a document of no file.
    pub(super) fn finish_restore(
        &mut self,
        path: &Path,
        index: usize,
        journal: &[crate::app::document::JournalEntry],
        result: Result<RecordIndex, FileError>,
    ) {
        let read = match result {
            Ok(read) if !read.read.games.is_empty() || !read.stored.is_empty() => read,
            Ok(_) | Err(_) => {
                // The changed games the autosave kept stay (the shown one among them).
                self.keep_changed_games(journal, index);
                self.workspace.message = format!(
                    "{} could not be read again; only the restored game{} open",
                    path.display(),
                    if self.workspace.document.len() > 1 { "s changed in it are" } else { " is" }
                );
                self.workspace.document.file = None;
                self.workspace.document.modified = true;
                return;
            }
        };
        let damaged = read.read.has_errors();
        let autosaved_stamp = self.workspace.document.stamp;
        let changed_since = autosaved_stamp.is_some() && read.read.stamp != autosaved_stamp;
        let mut document = if journal.is_empty() {
            let mut document = Document::from_index(path, read);
            if document.show(index.min(document.len() - 1)).is_ok() {
                document.set_shown(self.workspace.view.game());
            }
            document
        } else if changed_since || damaged {
            // The numbers in the autosave may name other games now: only the changed
            // games are kept, in a document of no file.
            self.keep_changed_games(journal, index);
            self.workspace.message = format!(
                "{} changed since the autosave: its changed games were kept in a new document; save them under a new name",
                path.display(),
            );
            return;
        } else {
            match Document::from_journal(path, read, journal, index) {
                Ok(mut document) => {
                    document.set_shown(self.workspace.view.game());
                    document
                }
                Err(why) => {
                    self.workspace.message = format!(
                        "{}: the autosave's games could not be put back ({why}); only the shown game is open",
                        path.display()
                    );
                    self.workspace.document.file = None;
                    self.workspace.document.modified = true;
                    return;
                }
            }
        };
        // As the file was when the autosave was written: a change made since is asked
        // about at Save.
        if let Some(stamp) = autosaved_stamp {
            document.stamp = Some(stamp);
        }
        document.modified = self.workspace.document.modified || !journal.is_empty();
        if damaged {
            document.file = None;
            document.modified = true;
            self.workspace.message = format!("{} now has errors: saving asks for a new file", path.display());
        }
        self.workspace.document = document;
        self.resume_puzzle_set();
    }

    /// After a restore that cannot put the autosave's games back over their file (the
    /// file changed since, has errors, or its reading was cancelled): the journal's
    /// changed games, and the shown game at its place among them, in a document of no
    /// file (saving asks for a name), so that no change is lost.
    pub(super) fn keep_changed_games(&mut self, journal: &[crate::app::document::JournalEntry], index: usize) {
        use crate::app::document::JournalEntry;
        let mut games = Vec::new();
        let mut shown = None;
        let mut at = 0usize;
        for entry in journal {
            match entry {
                JournalEntry::File { count, .. } => {
                    let count = *count as usize;
                    if (at..at + count).contains(&index) {
                        shown = Some(games.len());
                        games.push((*self.workspace.view.game()).clone());
                    }
                    at += count;
                }
                JournalEntry::Game(text) => {
                    if at == index {
                        shown = Some(games.len());
                        games.push((*self.workspace.view.game()).clone());
                    } else if let Ok(game) = read_one(text) {
                        games.push(game);
                    }
                    at += 1;
                }
            }
        }
        if games.is_empty() {
            games.push((*self.workspace.view.game()).clone());
        }
        let cursor = self.workspace.view.cursor_path();
        let mut document = Document::with_games(None, games);
        let _ = document.show(shown.unwrap_or(0));
        document.modified = true;
        self.workspace.document = document;
        self.workspace.view = view_of(self.workspace.document.shown().clone());
        self.workspace.view.follow_path(&cursor);
    }

    /// Opens a record file at once, on this thread (the app itself reads in the
    /// background, by an `Effect::Read` job); on any error the current game stays and
    /// the errors are listed. Returns whether a game was opened.
    pub fn open_path(&mut self, path: &Path) -> bool {
        let copies = self.copy_dir();
        let read =
            index_records_with(path, copies.as_deref(), &mut |_, _| {}, &std::sync::atomic::AtomicBool::new(false));
        let (opened, effects) = self.open_read(path, read);
        self.carry_out(effects);
        opened
    }

    /// Opens `path` as Open… does: read on a background thread with progress and Cancel
    /// (within this frame when it is small), or the error window when it cannot be read
    /// at all. What `orrery open FILE` starts the window with.
    pub fn open_path_in_background(&mut self, path: &Path) {
        // A file asked for on the command line comes first: no welcome over it.
        self.shell.welcome = false;
        let effect = open_effect(path);
        self.carry_out(vec![effect]);
    }

    /// Reads `path` on a background thread for `purpose`, replacing any reading under
    /// way; waits [`READ_WAIT`] for it, so a small file is done in this frame.
    pub(super) fn start_reading(&mut self, path: PathBuf, purpose: ReadPurpose) -> Vec<Effect> {
        if let Some(old) = self.jobs.reading.take() {
            old.cancel();
        }
        let thread_path = path.clone();
        let copies = self.copy_dir();
        let mut job = Job::start("read", move |control| {
            let mut progress = |d: usize, t: usize| control.set_progress(d, t);
            index_records_with(&thread_path, copies.as_deref(), &mut progress, control.cancel_flag())
        });
        match job.wait(READ_WAIT) {
            JobPoll::Done(result) => self.finish_reading(&path, purpose, result),
            JobPoll::Running => {
                self.jobs.reading = Some(FileReading { path, purpose, job });
                Vec::new()
            }
            JobPoll::Gone => self.finish_reading(&path, purpose, Err(job_stopped(&path, "reading"))),
        }
    }

    /// Takes the background reading's result, if it has come (the reading wakes the
    /// window as it goes and when it is done).
    pub(super) fn poll_reading(&mut self) -> Vec<Effect> {
        let Some(reading) = &mut self.jobs.reading else { return Vec::new() };
        let result = match reading.job.poll() {
            JobPoll::Done(result) => result,
            JobPoll::Running => return Vec::new(),
            JobPoll::Gone => Err(job_stopped(&reading.path, "reading")),
        };
        match self.jobs.reading.take() {
            Some(reading) => self.finish_reading(&reading.path, reading.purpose, result),
            None => Vec::new(),
        }
    }

    fn finish_reading(
        &mut self,
        path: &Path,
        purpose: ReadPurpose,
        result: Result<RecordIndex, FileError>,
    ) -> Vec<Effect> {
        match purpose {
            ReadPurpose::Open => self.open_read(path, result).1,
            ReadPurpose::Restore { index, journal } => {
                self.finish_restore(path, index, &journal, result);
                Vec::new()
            }
        }
    }

    /// The progress window's Cancel: the reading stops and the document stays as it was
    /// (a restored game whose file's other games were not read is not saved over that
    /// file: saving asks for a name).
    pub fn cancel_reading(&mut self) {
        let Some(reading) = self.jobs.reading.take() else { return };
        reading.cancel();
        match reading.purpose {
            ReadPurpose::Open => self.workspace.message = format!("Opening {} cancelled", reading.path.display()),
            ReadPurpose::Restore { index, journal } => {
                self.keep_changed_games(&journal, index);
                self.workspace.document.file = None;
                self.workspace.document.modified = true;
                self.workspace.message = format!(
                    "The other games of {} were not read: the changed ones are kept, and saving asks for a file name",
                    reading.path.display()
                );
            }
        }
    }

    /// Shows what was read from `path` as the document (see [`OrreryApp::open_path`]):
    /// whether it was shown, and the windows to show (its problems, or why nothing
    /// could be read).
    fn open_read(&mut self, path: &Path, read: Result<RecordIndex, FileError>) -> (bool, Vec<Effect>) {
        let as_puzzles = std::mem::take(&mut self.workspace.open_as_puzzles);
        let index = match read {
            Err(FileError::Cancelled(_)) => return (false, Vec::new()),
            Err(e) => return (false, vec![Effect::error(COULD_NOT_OPEN, e)]),
            Ok(index) => index,
        };
        let read = &index.read;
        let count = read.games.len() + index.stored.len();
        if count == 0 {
            let mut lines = vec![format!("{} holds no game that could be read", path.display())];
            lines.extend(read.problems.iter().map(ToString::to_string));
            return (false, vec![Effect::Show(Window::Errors(COULD_NOT_OPEN.into(), lines))]);
        }
        let damaged = read.has_errors();
        let game_count = read.game_count;
        // Games read only up to an error (an illegal move, a broken variation).
        let partial = read.origins.iter().filter(|o| o.problems.iter().any(|p| p.severity == Severity::Error)).count();
        let items = problem_items(read);
        let problems = read.problems.len();
        let has_unread = !read.unread.is_empty();
        let mut document = Document::from_index(path, index);
        if damaged {
            // What could be read is shown, but the file is not written over: saving asks
            // for a new name, so the games that could not be read stay in the original.
            document.file = None;
            document.modified = true;
        }
        self.show_document(document);
        let mut effects = Vec::new();
        if problems > 0 {
            let title = if damaged { "The file has errors" } else { "The file has warnings" };
            let mut notes = Vec::new();
            if damaged {
                let in_part =
                    if partial > 0 { format!(" ({partial} of them only up to an error)") } else { String::new() };
                notes.push(format!(
                    "{}: {} of {} games read{in_part}; what could not be read is left out. Saving asks for a new file, so the original stays as it is.",
                    path.display(),
                    count,
                    game_count
                ));
            }
            notes.push("Click a problem to see it in its game's text, in the notation editor.".into());
            effects.push(Effect::Show(Window::FileProblems(FileProblems { title: title.into(), notes, items })));
        }
        // A puzzle set steps through its puzzles itself: no list over the board.
        if (count > 1 || has_unread) && !as_puzzles {
            self.settings.games_list = true;
        }
        self.workspace.message = if count > 1 {
            format!("Opened {} (game 1 of {count})", path.display())
        } else {
            format!("Opened {}", path.display())
        };
        if !damaged {
            self.settings.remember(path.to_path_buf());
            if self.workspace.document.study_name().is_some() {
                self.settings.remember_study(path.to_path_buf());
            }
        }
        if as_puzzles {
            self.play_puzzle_set(false);
        }
        (true, effects)
    }

    /// Game → Save: to the current file, or Save As when there is none. Returns whether
    /// it was saved now (`false` also while the Save As dialog is open, and while a
    /// large document is still being written).
    pub fn save(&mut self) -> bool {
        match self.workspace.document.file.clone() {
            Some(path) => {
                let (saved, effects) = self.save_to(&path, None);
                self.carry_out(effects);
                saved.unwrap_or(false)
            }
            None => {
                self.save_as();
                false
            }
        }
    }

    /// Game → Save: the document written to its file, or the Save As dialog.
    pub(super) fn save_effect(&self) -> Vec<Effect> {
        vec![match self.workspace.document.file.clone() {
            Some(path) => Effect::Save(path, None),
            None => self.save_as_effect(None),
        }]
    }

    /// Game → Save As…: opens the save dialog; the game is saved when it answers.
    pub fn save_as(&mut self) {
        let effect = self.save_as_effect(None);
        self.carry_out(vec![effect]);
    }

    /// The Save As dialog, and `then` once saved.
    pub(super) fn save_as_effect(&self, then: Option<PendingAction>) -> Effect {
        let folder = self.dialog_folder();
        // A study by its name; else the open file's own name; several games as games;
        // one game by its game.
        let own =
            self.workspace.document.file.as_deref().and_then(Path::file_name).map(|n| n.to_string_lossy().into_owned());
        let suggested_name = match (own, self.workspace.document.study_name().map(str::to_string)) {
            (_, Some(study)) => format!("{}.pgn", file_stem_of(&study)),
            (Some(name), None) => name,
            (None, None) if self.workspace.document.games.len() > 1 => "games.pgn".to_string(),
            // A new game: a name no file in the folder has yet (the second game saved
            // there is not offered the first one's name to replace).
            (None, None) => {
                let key = self.workspace.view.variant().key();
                let free = |name: &String| folder.as_ref().is_none_or(|f| !f.join(name).exists());
                std::iter::once(format!("{key}-game.pgn"))
                    .chain((2..100).map(|k| format!("{key}-game-{k}.pgn")))
                    .find(free)
                    .unwrap_or_else(|| format!("{key}-game.pgn"))
            }
        };
        let filters = vec![("PGN text".into(), vec!["pgn".into()]), ("RON".into(), vec!["ron".into()])];
        Effect::ask(DialogPurpose::SaveAs { then }, DialogRequest::Save { folder, suggested_name, filters })
    }

    /// Where a file dialog starts: the folder of the file chosen last (whatever it was
    /// for), else the open document's folder, else the Documents folder — never the
    /// folder the app happened to be started from.
    pub(super) fn dialog_folder(&self) -> Option<PathBuf> {
        self.settings
            .last_folder
            .clone()
            .filter(|f| f.is_dir())
            .or_else(|| {
                self.workspace
                    .document
                    .file
                    .as_deref()
                    .and_then(Path::parent)
                    .map(Path::to_path_buf)
                    .filter(|f| f.is_dir())
            })
            .or_else(crate::app::dialogs::documents_folder)
    }

    /// Starts a file dialog for `purpose` (one at a time).
    pub(super) fn start_dialog(&mut self, purpose: DialogPurpose, request: DialogRequest) {
        if self.platform.dialog.is_some() {
            self.workspace.message = "A file dialog is already open".into();
            return;
        }
        self.platform.dialogs.start(request.clone());
        self.platform.last_dialog_request = Some(request.clone());
        self.platform.dialog = Some((purpose, request));
    }

    /// Takes the open file dialog's answer, if it has come.
    pub(super) fn poll_dialog(&mut self) -> Vec<Effect> {
        if self.platform.dialog.is_none() {
            return Vec::new();
        }
        let Some(answer) = self.platform.dialogs.poll() else { return Vec::new() };
        let Some((purpose, request)) = self.platform.dialog.take() else { return Vec::new() };
        let suggested = match &request {
            // No file chosen yet: the prompt starts in the Documents folder, not in
            // whatever folder the app was started from.
            DialogRequest::Open { folder } => folder
                .clone()
                .or_else(crate::app::dialogs::documents_folder)
                .map(|f| format!("{}/", f.display()))
                .unwrap_or_default(),
            DialogRequest::Save { folder, suggested_name, .. } => {
                let dir = folder.clone().or_else(crate::app::dialogs::documents_folder).unwrap_or_default();
                dir.join(suggested_name).display().to_string()
            }
        };
        // The next file dialog opens in the folder of the file chosen last, whatever
        // it was for.
        if let DialogAnswer::Chosen(path) = &answer
            && let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty())
        {
            self.settings.last_folder = Some(folder.to_path_buf());
        }
        let prompt = |save, puzzle, then| {
            Effect::Show(Window::PathPrompt(Box::new(PathPrompt {
                save,
                text: suggested.clone(),
                puzzle,
                chapter: None,
                then,
                replace: None,
                revision: self.workspace.document.revision(),
            })))
        };
        let effect = match (purpose, answer) {
            (_, DialogAnswer::Cancelled) => return Vec::new(),
            (DialogPurpose::Open, DialogAnswer::Chosen(path)) => open_effect(&path),
            (DialogPurpose::OpenPuzzles, DialogAnswer::Chosen(path)) => {
                let effect = open_effect(&path);
                self.workspace.open_as_puzzles = matches!(effect, Effect::Read(..));
                effect
            }
            (purpose @ (DialogPurpose::Open | DialogPurpose::OpenPuzzles), DialogAnswer::Unavailable) => {
                if matches!(purpose, DialogPurpose::OpenPuzzles) {
                    self.workspace.open_as_puzzles = true;
                }
                prompt(false, None, None)
            }
            (DialogPurpose::SaveAs { then }, DialogAnswer::Chosen(path)) => Effect::Save(with_format(&path), then),
            (DialogPurpose::SaveAs { then }, DialogAnswer::Unavailable) => prompt(true, None, then),
            (DialogPurpose::Puzzle(game), DialogAnswer::Chosen(path)) => return self.write_puzzle(&path, &game).1,
            (DialogPurpose::Puzzle(game), DialogAnswer::Unavailable) => prompt(true, Some(game), None),
            (DialogPurpose::Export(form), DialogAnswer::Chosen(mut path)) => {
                if crate::render::diagram::ImageFormat::from_path(&path).is_none() {
                    path.set_extension(form.extension());
                }
                match self.export_to(&form, &path) {
                    Ok(()) => return Vec::new(),
                    // The window comes back, beside the error.
                    Err(error) => return vec![error, Effect::Show(Window::Export(form, None))],
                }
            }
            (DialogPurpose::Export(form), DialogAnswer::Unavailable) => {
                Effect::Show(Window::Export(form, Some(suggested)))
            }
            (DialogPurpose::Gif(form), DialogAnswer::Chosen(path)) => Effect::MakeGif(form, path),
            (DialogPurpose::AddChapter(plan), DialogAnswer::Chosen(path)) => {
                Effect::AddChapter(plan, with_format(&path))
            }
            (DialogPurpose::AddChapter(plan), DialogAnswer::Unavailable) => {
                Effect::Show(Window::PathPrompt(Box::new(PathPrompt {
                    save: true,
                    text: suggested.clone(),
                    puzzle: None,
                    chapter: Some(plan),
                    then: None,
                    replace: None,
                    revision: self.workspace.document.revision(),
                })))
            }
            (DialogPurpose::Gif(form), DialogAnswer::Unavailable) => Effect::Show(Window::Gif(form, Some(suggested))),
        };
        vec![effect]
    }

    /// Saves to `path` (Save As with a given path): every game of the document goes
    /// there, with its unsaved changes (a game not shown may have some), and `path`
    /// becomes the document's file; the old file stays as it was.
    pub fn save_as_path(&mut self, path: &Path) -> bool {
        let (saved, effects) = self.save_to(&with_format(path), None);
        self.carry_out(effects);
        saved.unwrap_or(false)
    }

    /// Saves the document to `path` on a job, then does `then`. A small document is
    /// waited for: `Some(saved)`; a large one goes on in the background (`None`; the
    /// status bar says so, and `then` is done once it is saved). Nothing is written on
    /// the window's thread.
    pub(super) fn save_to(&mut self, path: &Path, then: Option<PendingAction>) -> (Option<bool>, Vec<Effect>) {
        if self.jobs.saving.is_some() {
            self.workspace.message = "A save is under way: try again once it is done".into();
            return (Some(false), Vec::new());
        }
        // Never replace what another program wrote without asking.
        let confirmed = self.shell.overwrite_confirmed.take().is_some_and(|p| p == path);
        if !confirmed && self.workspace.document.changed_on_disk(path) {
            return (Some(false), vec![Effect::Show(Window::ChangedOnDisk(path.to_path_buf(), then))]);
        }
        self.workspace.document.set_shown(self.workspace.view.game());
        // Games not changed since they were read are written back as they were, one at
        // a time (a file of many games is never all in memory).
        let games = self.workspace.document.games.clone();
        let target = path.to_path_buf();
        let copies = self.copy_dir();
        let job = Job::start("save", move |_| save_games(&target, copies.as_deref(), &games));
        let small = self.workspace.document.len() <= SMALL_DOCUMENT;
        self.jobs.saving =
            Some(Saving { path: path.to_path_buf(), revision: self.workspace.document.revision(), then, job });
        if small {
            let (saved, effects) = self.finish_saving_now();
            return (Some(saved), effects);
        }
        self.workspace.message = format!("Saving {}…", path.display());
        (None, Vec::new())
    }

    /// Takes the background save's result, if it has come.
    pub(super) fn poll_saving(&mut self) -> Vec<Effect> {
        let Some(saving) = &mut self.jobs.saving else { return Vec::new() };
        let result = match saving.job.poll() {
            JobPoll::Running => return Vec::new(),
            JobPoll::Done(result) => result,
            JobPoll::Gone => Err(job_stopped(&saving.path, "saving")),
        };
        match self.jobs.saving.take() {
            Some(saving) => self.finish_saving(saving, result).1,
            None => Vec::new(),
        }
    }

    /// Waits for the save under way, if any (the window closes only once it is done):
    /// whether it saved.
    pub fn finish_save(&mut self) -> bool {
        let (saved, effects) = self.finish_saving_now();
        self.carry_out(effects);
        saved
    }

    /// Waits for the save under way, if any: whether it saved, and its effects.
    fn finish_saving_now(&mut self) -> (bool, Vec<Effect>) {
        let Some(mut saving) = self.jobs.saving.take() else { return (false, Vec::new()) };
        let result = loop {
            match saving.job.wait(std::time::Duration::from_secs(1)) {
                JobPoll::Running => {}
                JobPoll::Done(result) => break result,
                JobPoll::Gone => break Err(job_stopped(&saving.path, "saving")),
            }
        };
        self.finish_saving(saving, result)
    }

    /// A save has ended: the document is the file's (unless it changed meanwhile), and
    /// the action that waited for it is done; or the error is shown.
    fn finish_saving(
        &mut self,
        saving: Saving,
        result: Result<crate::files::Written, FileError>,
    ) -> (bool, Vec<Effect>) {
        let path = saving.path;
        match result {
            Ok(written) => {
                if self.workspace.document.revision() == saving.revision {
                    self.workspace.document.saved_to(&path, written);
                    self.workspace.message = format!("Saved {}", path.display());
                } else {
                    // Changed while it was written: the file holds the document as it was.
                    self.workspace.document.file = Some(path.clone());
                    self.workspace.message =
                        format!("Saved {} (changed since: save again to keep the changes)", path.display());
                }
                // The games are numbered afresh: the problems of the file as read no
                // longer lead to them.
                if let Some(problems) = &mut self.shell.file_problems {
                    problems.items.iter_mut().for_each(|item| item.game = None);
                }
                self.platform.autosave.touch(self.now);
                if self.workspace.document.study_name().is_some() {
                    self.settings.remember_study(path.clone());
                }
                self.settings.remember(path);
                (true, saving.then.map(Effect::Perform).into_iter().collect())
            }
            Err(e) => (false, vec![Effect::error("Could not save", e)]),
        }
    }

    /// Drops the unsaved changes: back to the game as last saved or opened (a new game
    /// of the same kind when it was never saved), so nothing unsaved is kept for the
    /// next start either.
    pub fn discard_changes(&mut self) {
        let document = match self.workspace.document.as_saved() {
            Some(document) => document,
            None => {
                let saved = match &self.workspace.document.file {
                    Some(path) => read_record_file(path).ok().map(|(games, _)| games).filter(|g| !g.is_empty()),
                    None => None,
                };
                let shown = self.workspace.document.current();
                match (saved, &self.workspace.document.file) {
                    (Some(games), Some(path)) => {
                        let mut document = Document::from_file(path, games);
                        // The game that was shown stays shown, as the file has it.
                        let _ = document.show(shown.min(document.len() - 1));
                        document
                    }
                    _ => Document::new(AnyGame::new(self.workspace.view.variant())),
                }
            }
        };
        self.show_document(document);
    }

    /// Reads pasted text as a game record or a position string of any game (the game
    /// shown first), and opens it as a new game after the unsaved-work prompt; says why
    /// when it is neither.
    pub(super) fn paste(&mut self, text: &str) -> Vec<Effect> {
        match read_pasted(self.workspace.view.variant(), text) {
            Ok(game) => self.requested(PendingAction::OpenGame(Box::new(game))),
            Err(why) => {
                self.workspace.message = why;
                Vec::new()
            }
        }
    }

    /// Puts every game of pasted record text into the file after the shown game (the
    /// last one pasted is shown); says why when the text holds no game.
    pub(super) fn paste_into_file(&mut self, text: &str) {
        let read = crate::record::read_games(text);
        if read.games.is_empty() {
            self.workspace.message = "The clipboard holds no game to paste".into();
            return;
        }
        let n = read.games.len();
        self.insert_games(read.games);
        let problems = read.errors.iter().filter(|e| e.is_error()).count();
        self.workspace.message = format!(
            "{n} game{} pasted into the file{}",
            if n == 1 { "" } else { "s" },
            if problems > 0 {
                format!(" ({problems} error(s) in the text: what could be read)")
            } else {
                String::new()
            }
        );
    }

    /// Writes the diagram with `form`'s choices to `path` (format by extension); the
    /// error window when it could not be written.
    pub(super) fn export_to(&mut self, form: &ExportForm, path: &Path) -> Result<(), Effect> {
        let options = form.options(&*self.workspace.view);
        let scene = self.workspace.view.diagram_scene(&options);
        match crate::files::write_diagram(&scene, &options, path) {
            Ok(_) => {
                self.workspace.message = format!("Diagram written to {}", path.display());
                Ok(())
            }
            Err(e) => Err(Effect::error("Could not export", e)),
        }
    }

    /// Starts making the shown game's GIF with `form`'s choices and writing it to
    /// `path` (`.gif` added when it has another extension) in the background; the
    /// window shows its progress and Cancel until it is written.
    pub(super) fn start_gif(&mut self, form: GifForm, path: PathBuf) {
        let mut path = path;
        if !path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("gif")) {
            path.set_extension("gif");
        }
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            self.settings.last_folder = Some(folder.to_path_buf());
        }
        self.jobs.gif_job = Some(GifJob::start(self.workspace.view.game(), &form, path));
        self.shell.gif = Some(form);
    }

    /// The GIF being made: done (the window closes and the status bar says where it
    /// went), failed (the error window) or cancelled (the window stays).
    pub(super) fn poll_gif(&mut self, ctx: &egui::Context) -> Vec<Effect> {
        let Some(job) = self.jobs.gif_job.as_mut() else { return Vec::new() };
        match job.poll() {
            None => Vec::new(),
            Some(Ok(bytes)) => {
                self.workspace.message =
                    format!("GIF written to {} ({} KiB)", job.path.display(), bytes.div_ceil(1024));
                self.jobs.gif_job = None;
                let game = (*self.workspace.view.game()).clone();
                self.shell.gif_last = self.shell.gif.take().map(|form| (form, game));
                // Drawn now, not at the next input.
                ctx.request_repaint();
                Vec::new()
            }
            Some(Err(e)) => {
                self.jobs.gif_job = None;
                ctx.request_repaint();
                if e == crate::render::gif::GifError::Cancelled.to_string() {
                    return Vec::new();
                }
                vec![Effect::error("Could not export the GIF", e)]
            }
        }
    }

    /// The Export diagram window's preview of `form`'s diagram of the shown position,
    /// drawn again only when the choices or the position change.
    pub(super) fn export_preview(&mut self, ctx: &egui::Context, form: &ExportForm) -> Option<egui::TextureHandle> {
        let position = format!("{}#{:?}", self.workspace.view.position_string(), self.workspace.view.cursor_path());
        if let Some((for_form, for_position, texture)) = &self.shell.export_preview
            && for_form == form
            && *for_position == position
        {
            return Some(texture.clone());
        }
        let mut options = form.options(&*self.workspace.view);
        options.size_px = crate::app::export::PREVIEW_PX;
        let scene = self.workspace.view.diagram_scene(&options);
        let pixmap = crate::render::png::render_scene(&scene, options.size_px).ok()?;
        let size = [pixmap.width() as usize, pixmap.height() as usize];
        let image = egui::ColorImage::from_rgba_premultiplied(size, pixmap.data());
        let texture = ctx.load_texture("export-preview", image, egui::TextureOptions::LINEAR);
        self.shell.export_preview = Some((form.clone(), position, texture.clone()));
        Some(texture)
    }

    /// The Export GIF window's preview: the frame at the form's preview ply as the
    /// choices draw it (the engine's arrows left out: they need searches), drawn again
    /// only when the choices or the game change.
    pub(super) fn gif_preview(&mut self, ctx: &egui::Context, form: &GifForm) -> Option<egui::TextureHandle> {
        let revision = (self.workspace.document.revision(), self.workspace.document.current());
        if let Some((for_form, for_revision, texture)) = &self.shell.gif_preview
            && for_form == form
            && *for_revision == revision
        {
            return Some(texture.clone());
        }
        let game = self.workspace.view.game();
        let options = form.preview_options();
        let ply = form.preview_ply;
        let scenes = crate::with_game!(&*game, g => {
            crate::render::gif::frame_scenes(g, ply, Some(ply), &options, &mut |_, _| Vec::new())
        })
        .ok()?;
        let pixmap = crate::render::png::render_scene(scenes.first()?, options.size_px).ok()?;
        let size = [pixmap.width() as usize, pixmap.height() as usize];
        let image = egui::ColorImage::from_rgba_premultiplied(size, pixmap.data());
        let texture = ctx.load_texture("gif-preview", image, egui::TextureOptions::LINEAR);
        self.shell.gif_preview = Some((form.clone(), revision, texture.clone()));
        Some(texture)
    }

    pub(super) fn copy_diagram(&mut self, form: &ExportForm) -> Effect {
        let options = form.options(&*self.workspace.view);
        let scene = self.workspace.view.diagram_scene(&options);
        match crate::render::png::render_scene(&scene, options.size_px) {
            Ok(pixmap) => {
                let size = [pixmap.width() as usize, pixmap.height() as usize];
                self.workspace.message = "Diagram copied as an image".into();
                Effect::Send(Outgoing::Image(egui::ColorImage::from_rgba_premultiplied(size, pixmap.data())))
            }
            Err(e) => Effect::error("Could not copy the diagram", e),
        }
    }
}

/// Why a file cannot be opened at all (no such file, an unknown extension), or `None`.
fn unopenable(path: &Path) -> Option<FileError> {
    if Format::from_path(path).is_none() {
        return Some(FileError::UnknownFormat(path.to_path_buf()));
    }
    std::fs::metadata(path).err().map(|source| FileError::Io { path: path.to_path_buf(), source })
}

/// Opening `path`: reading it on a job (a small file opens within the frame), or the
/// error window when it cannot be read at all.
pub(super) fn open_effect(path: &Path) -> Effect {
    match unopenable(path) {
        Some(e) => Effect::error(COULD_NOT_OPEN, e),
        None => Effect::Read(path.to_path_buf(), ReadPurpose::Open),
    }
}

/// `path`, with `.pgn` added when it names no format.
pub(super) fn with_format(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    if Format::from_path(&path).is_none() {
        path.set_extension("pgn");
    }
    path
}

/// The error window's title when a file cannot be opened.
const COULD_NOT_OPEN: &str = "Could not open the file";

/// Saves `games` to `path` (format by extension) atomically: a text file one game at a
/// time, each unchanged game as its text was read; a `.ron` file from the trees.
fn save_games(path: &Path, copies: Option<&Path>, games: &GameSet) -> Result<crate::files::Written, FileError> {
    if Format::from_path(path) == Some(Format::Ron) {
        let trees: Vec<Arc<AnyGame>> = (0..games.len()).map(|i| games.load(i)).collect::<Result<_, _>>()?;
        write_records_keeping(path, &trees, &[])?;
        return Ok(crate::files::Written::default());
    }
    if Format::from_path(path).is_none() {
        return Err(FileError::UnknownFormat(path.to_path_buf()));
    }
    crate::files::write_stored_records(
        path,
        copies,
        crate::files::KEEP_IN_MEMORY,
        (0..games.len()).map(|i| games.text_and_row(i)),
    )
}
