//! The windows over the panes: prompts, progress, the file's problems, the new-game forms and Paste position.

use super::*;

impl OrreryApp {
    /// The windows, then what they asked for (a save, a dialog, another window).
    pub(super) fn windows(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let mut effects = self.restore_prompt(ctx);
        effects.extend(self.unsaved_prompt(ctx));
        self.resign_prompt_window(ctx, commands);
        self.error_window(ctx);
        effects.extend(self.changed_on_disk_window(ctx));
        self.reading_window(ctx);
        // The problems of a file just opened come on top of its games list.
        self.file_problems_window(ctx, commands);
        effects.extend(self.path_prompt_window(ctx));
        self.paste_window(ctx, commands);
        self.computer_window(ctx, commands);
        effects.extend(self.study_window(ctx));
        effects.extend(self.poll_chapter(ctx));
        self.shortcuts_window(ctx);
        self.rules_window(ctx);
        self.welcome_window(ctx, commands);
        self.about_window(ctx);
        effects.extend(self.puzzle_form_window(ctx));
        effects.extend(self.export_window(ctx));
        effects.extend(self.poll_gif(ctx));
        effects.extend(self.gif_window(ctx));
        self.carry_out(effects);
    }

    /// Game → Resign… asks first.
    fn resign_prompt_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        if self.shell.resign_prompt {
            let side = self.workspace.view.side_to_move_name();
            let modal = egui::Modal::new(egui::Id::unique("resign")).show(ctx, |ui| {
                ui.heading("Resign this game?");
                ui.label(format!("{side} resigns: the game ends as a loss for {side}."));
                ui.horizontal(|ui| {
                    if ui.button("Resign").clicked() {
                        commands.push(Command::Game(GameCommand::Resign));
                        self.shell.resign_prompt = false;
                    }
                    if ui.button("Keep playing").clicked() {
                        self.shell.resign_prompt = false;
                    }
                });
            });
            if modal.should_close() {
                self.shell.resign_prompt = false;
            }
        }
    }

    /// Save found the file changed by another program since Orrery read or wrote it:
    /// replace it, save elsewhere, or not now.
    fn changed_on_disk_window(&mut self, ctx: &egui::Context) -> Vec<Effect> {
        let Some((path, then)) = self.shell.changed_on_disk.clone() else { return Vec::new() };
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let mut effects = Vec::new();
        let mut answered = false;
        let modal = egui::Modal::new(egui::Id::unique("changed on disk")).show(ctx, |ui| {
            ui.heading(format!("{name} was changed by another program"));
            ui.label(format!(
                "{} changed since Orrery opened or saved it. Saving here replaces those changes with the games shown.",
                path.display()
            ));
            ui.horizontal(|ui| {
                if ui.button("Replace it").clicked() {
                    self.shell.overwrite_confirmed = Some(path.clone());
                    effects.push(Effect::Save(path.clone(), then.clone()));
                    answered = true;
                }
                if ui.button("Save as…").clicked() {
                    effects.push(self.save_as_effect(then.clone()));
                    answered = true;
                }
                if ui.button("Cancel").clicked() {
                    self.workspace.message = format!("Not saved: {} was changed by another program", path.display());
                    answered = true;
                }
            });
        });
        if answered || modal.should_close() {
            self.shell.changed_on_disk = None;
        }
        effects
    }

    /// Errors to read (a file that could not be saved), until closed.
    fn error_window(&mut self, ctx: &egui::Context) {
        if let Some((title, errors)) = self.shell.error_list.clone() {
            let mut open = true;
            theme::dialog(title, ctx).open(&mut open).show(ctx, |ui| {
                egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
                    for e in &errors {
                        ui.label(RichText::new(e).monospace());
                    }
                });
                if ui.button("Close").clicked() {
                    self.shell.error_list = None;
                }
            });
            if !open {
                self.shell.error_list = None;
            }
        }
    }

    /// View → Keyboard shortcuts…: every shortcut, from the table the keys use.
    fn shortcuts_window(&mut self, ctx: &egui::Context) {
        if self.shell.show_shortcuts {
            let mut open = true;
            theme::dialog("Keyboard shortcuts", ctx).open(&mut open).show(ctx, |ui| {
                egui::Grid::new("shortcuts").num_columns(2).show(ui, |ui| {
                    for (group, commands) in Command::shortcuts_by_group() {
                        ui.label(RichText::new(group).strong());
                        ui.end_row();
                        for command in commands {
                            ui.label(command.label());
                            ui.label(RichText::new(command.shortcut_text().unwrap_or_default()).monospace());
                            ui.end_row();
                            if command == Command::FocusMoveBox {
                                ui.label("In the move box: the next or the previous candidate; play it");
                                ui.label(RichText::new("Tab / Shift+Tab, Enter").monospace());
                                ui.end_row();
                            }
                        }
                    }
                    ui.label(RichText::new("Menus").strong());
                    ui.end_row();
                    ui.label("Open the menus (then the arrows, Enter, Escape)");
                    ui.label(RichText::new("F10, Alt+G / E / P / V / H").monospace());
                    ui.end_row();
                });
            });
            self.shell.show_shortcuts = open && !ctx.input(|i| i.key_pressed(Key::Escape));
        }
    }

    /// Save as puzzle's form, with the solver's check of its position.
    fn puzzle_form_window(&mut self, ctx: &egui::Context) -> Option<Effect> {
        let mut effect = None;
        if let Some(mut form) = self.shell.puzzle_form.take() {
            // 1 to 3 moves, as the field offers (a number typed past them is brought back).
            form.moves = form.moves.clamp(1, 3);
            self.shell.puzzle_form_last = Some(form.clone());
            // The solver checks the position and stipulation as they stand in the form.
            let record = self.workspace.view.puzzle_record(&form);
            if let Some(record) = &record
                && !self.jobs.puzzle_check.as_ref().is_some_and(|c| c.is_for(record))
            {
                self.jobs.puzzle_check = PuzzleCheck::start(record).ok();
            }
            if self.jobs.puzzle_check.as_mut().is_some_and(PuzzleCheck::poll) {
                ctx.request_repaint_after(crate::app::jobs::PROGRESS_WAKE);
            }
            match form.ui(ctx, self.jobs.puzzle_check.as_mut()) {
                Some(true) => match (record, &self.jobs.puzzle_check) {
                    (Some(record), Some(check)) if check.is_for(&record) => {
                        let game = check.record_to_save(&record);
                        self.shell.puzzle_verdict = Some(check.summary());
                        self.jobs.puzzle_check = None;
                        effect = Some(self.save_puzzle(game));
                    }
                    (Some(record), _) => {
                        self.shell.puzzle_verdict = None;
                        effect = Some(self.save_puzzle(record));
                    }
                    (None, _) => self.shell.puzzle_form = Some(form),
                },
                Some(false) => self.jobs.puzzle_check = None,
                None => self.shell.puzzle_form = Some(form),
            }
        }
        effect
    }

    /// The Export diagram window, with its preview.
    fn export_window(&mut self, ctx: &egui::Context) -> Option<Effect> {
        let mut effect = None;
        if let Some(mut form) = self.shell.export.take() {
            let mut path = self.shell.export_path.take();
            let mut keep = true;
            let preview = self.export_preview(ctx, &form);
            let answer = form.ui(ctx, &mut path, preview.as_ref());
            if let Some((last, _)) = &mut self.shell.export_last {
                *last = form.clone();
            }
            match answer {
                Some(ExportAction::Export) => {
                    let ext = form.extension();
                    let request = DialogRequest::Save {
                        folder: self.dialog_folder(),
                        suggested_name: format!("{}-diagram.{ext}", self.workspace.view.variant().key()),
                        filters: vec![(
                            if form.svg { "SVG image".into() } else { "PNG image".into() },
                            vec![ext.into()],
                        )],
                    };
                    // The window waits hidden for the dialog's answer.
                    effect = Some(Effect::ask(DialogPurpose::Export(Box::new(form.clone())), request));
                    keep = false;
                }
                Some(ExportAction::WriteTo(target)) => match self.export_to(&form, &target) {
                    Ok(()) => keep = false,
                    // The window stays, with the path typed, beside the error.
                    Err(error) => effect = Some(error),
                },
                Some(ExportAction::Copy) => effect = Some(self.copy_diagram(&form)),
                Some(ExportAction::Close) => keep = false,
                None => {}
            }
            if keep {
                self.shell.export = Some(form);
                self.shell.export_path = path;
            }
        }
        effect
    }

    /// The Export GIF window, with the GIF's progress while it is made.
    fn gif_window(&mut self, ctx: &egui::Context) -> Option<Effect> {
        let mut effect = None;
        if let Some(mut form) = self.shell.gif.take() {
            let mut path = self.shell.gif_path.take();
            let mut keep = true;
            let preview = self.gif_preview(ctx, &form);
            match form.ui(ctx, &mut path, self.jobs.gif_job.as_ref(), preview.as_ref()) {
                Some(GifAction::Export) => {
                    let request = DialogRequest::Save {
                        folder: self.dialog_folder(),
                        suggested_name: self
                            .workspace
                            .document
                            .file
                            .as_deref()
                            .and_then(|f| f.file_stem())
                            .map(|stem| format!("{}.gif", stem.to_string_lossy()))
                            .unwrap_or_else(|| format!("{}-game.gif", self.workspace.view.variant().key())),
                        filters: vec![("GIF animation".into(), vec!["gif".into()])],
                    };
                    // The window waits hidden for the dialog's answer.
                    effect = Some(Effect::ask(DialogPurpose::Gif(Box::new(form.clone())), request));
                    keep = false;
                }
                Some(GifAction::WriteTo(target)) => effect = Some(Effect::MakeGif(Box::new(form.clone()), target)),
                Some(GifAction::Cancel) => {
                    if let Some(job) = &self.jobs.gif_job {
                        job.cancel();
                    }
                }
                Some(GifAction::Close) => {
                    keep = false;
                    self.shell.gif_last = Some((form.clone(), (*self.workspace.view.game()).clone()));
                }
                None => {}
            }
            if keep && self.shell.gif.is_none() {
                self.shell.gif = Some(form);
                self.shell.gif_path = path;
            }
        }
        effect
    }

    /// While a file is read in the background: its name, a progress bar and Cancel.
    pub(super) fn reading_window(&mut self, ctx: &egui::Context) {
        let Some(reading) = &self.jobs.reading else { return };
        let name = reading
            .path
            .file_name()
            .map_or_else(|| reading.path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let (done, total) = reading.progress();
        let restoring = matches!(reading.purpose, ReadPurpose::Restore { .. });
        let mut cancel = false;
        egui::Modal::new(egui::Id::unique("reading-file")).show(ctx, |ui| {
            if restoring {
                ui.heading(format!("Restoring the session: reading {name} again"));
                ui.label("Its other games are read again from the file; your changes are put back over them.");
            } else {
                ui.heading(format!("Opening {name}"));
            }
            let bar = if total > 0 {
                #[allow(clippy::cast_precision_loss)] // a fraction for a bar
                let fraction = done as f32 / total as f32;
                egui::ProgressBar::new(fraction).text(format!("{} of {}", size_text(done), size_text(total)))
            } else {
                egui::ProgressBar::new(0.0).animate(true).text("reading…")
            };
            ui.add(bar.desired_width(320.0));
            if ui.button("Cancel").clicked() {
                cancel = true;
            }
        });
        if cancel {
            self.cancel_reading();
        }
    }

    /// The problems of the file opened last; each one in an open game leads to its text.
    pub(super) fn file_problems_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some(problems) = &self.shell.file_problems else { return };
        let mut open = true;
        let mut close = false;
        egui::Window::new(problems.title.clone())
            .id(egui::Id::unique("file-problems"))
            .default_pos(egui::pos2(440.0, 80.0))
            .open(&mut open)
            .collapsible(false)
            .show(ctx, |ui| {
                for note in &problems.notes {
                    ui.label(note);
                }
                ui.separator();
                egui::ScrollArea::vertical().max_height(300.0).show_rows(
                    ui,
                    ui.text_style_height(&egui::TextStyle::Monospace) + 4.0,
                    problems.items.len(),
                    |ui, rows| {
                        for item in &problems.items[rows] {
                            let d = &item.diagnostic;
                            let color = if d.severity == Severity::Error { theme::ERROR } else { theme::WARNING };
                            let text = RichText::new(d.to_string()).monospace().color(color);
                            match item.game {
                                Some(number) => {
                                    let response = ui.selectable_label(false, text).on_hover_text(format!(
                                        "Show game {number} as it stands in the file, the caret at {}:{}",
                                        d.line, d.column
                                    ));
                                    if response.clicked() {
                                        commands.push(Command::Act(Action::ShowProblem {
                                            number,
                                            line: d.line,
                                            column: d.column,
                                        }));
                                    }
                                }
                                None => {
                                    let why = match item.unread_game {
                                        Some(n) => format!(
                                            "Game {n} could not be read at all: it is not open, and the file keeps it"
                                        ),
                                        None => "Text that belongs to no game".to_string(),
                                    };
                                    ui.label(text).on_hover_text(why);
                                }
                            }
                        }
                    },
                );
                if ui.button("Close").clicked() {
                    close = true;
                }
            });
        if !open || close {
            self.shell.file_problems = None;
        }
    }

    /// After a crash: what the autosave holds, and whether to restore it.
    pub(super) fn restore_prompt(&mut self, ctx: &egui::Context) -> Vec<Effect> {
        let Some(saved) = self.platform.restore_offer.clone() else { return Vec::new() };
        let mut effects = Vec::new();
        let what = match read_one(&saved.game_text) {
            Ok(game) => {
                let file = saved.file.as_ref().map(|p| format!(" from {}", p.display())).unwrap_or_default();
                let unsaved = if saved.modified { ", with unsaved changes" } else { "" };
                let name = game.variant().name();
                let article = crate::app::session::article(name);
                // Moves as the move list numbers them (a move of each side is one).
                let plies = game.main_line_len();
                let n = plies.div_ceil(2);
                let variations = if game.move_count() > plies { " and its variations" } else { "" };
                format!("{article} {name} game of {n} move{}{variations}{file}{unsaved}", if n == 1 { "" } else { "s" })
            }
            Err(_) => "a game that cannot be read".to_string(),
        };
        egui::Modal::new(egui::Id::unique("restore-autosave")).show(ctx, |ui| {
            ui.heading("Restore the last session?");
            ui.label(format!("Orrery did not close normally. The autosave holds {what}."));
            if saved.file.is_some() && (!saved.journal.is_empty() || saved.modified) {
                ui.label("Restoring reads the file's other games again (a big file takes a few seconds).");
            }
            ui.horizontal(|ui| {
                if ui.button("Restore").clicked() {
                    self.platform.restore_offer = None;
                    effects = self.restore_autosave(&saved);
                    self.platform.autosave.touch(self.now);
                }
                if ui.button("Start fresh").clicked() {
                    self.platform.restore_offer = None;
                    self.platform.autosave.touch(self.now);
                }
            });
        });
        effects
    }

    pub(super) fn unsaved_prompt(&mut self, ctx: &egui::Context) -> Option<Effect> {
        let action = self.workspace.pending.clone()?;
        let mut effect = None;
        let what = match &action {
            PendingAction::New(_) => "starting a new game",
            PendingAction::Open | PendingAction::OpenPath(_) => "opening another file",
            PendingAction::Quit => "quitting",
            PendingAction::PlayFrom(_) => "starting a game from the board editor",
            PendingAction::NewStudy(_) => "starting a new study",
            PendingAction::Puzzle(_) | PendingAction::OpenPuzzles => "opening a puzzle",
            PendingAction::OpenGame(_) => "opening the pasted game",
            PendingAction::Computer { .. } | PendingAction::LessonGame { .. } => "starting a game against the computer",
            PendingAction::Clock { .. } => "starting a game with a clock",
        };
        let modal = egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            let n = self.workspace.document.games.len();
            let games = if self.workspace.document.study_name().is_some() { "chapters" } else { "games" };
            let changes = match &self.workspace.document.file {
                Some(path) if n > 1 => format!(
                    "the {n} {games} of {}",
                    path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default()
                ),
                None if n > 1 => format!("these {n} {games}"),
                // One game: which, how long, and its file, so the user knows what is at stake.
                _ => {
                    let game = self.workspace.view.game();
                    let plies = game.main_line_len();
                    let file = self
                        .workspace
                        .document
                        .file
                        .as_ref()
                        .and_then(|p| p.file_name())
                        .map(|f| format!(", {}", f.to_string_lossy()))
                        .unwrap_or_default();
                    // Moves as the move list numbers them (a move of each side is one).
                    let n = plies.div_ceil(2);
                    format!("this {} game ({n} move{}{file})", game.variant(), if n == 1 { "" } else { "s" })
                }
            };
            ui.label(format!("Save the changes to {changes} before {what}?"));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    self.workspace.pending = None;
                    effect = Some(match self.workspace.document.file.clone() {
                        // The action is done once the file is written.
                        Some(path) => Effect::Save(path, Some(action.clone())),
                        // Saved (and then the action done) when the dialog answers.
                        None => self.save_as_effect(Some(action.clone())),
                    });
                }
                if ui.button("Don't save").clicked() {
                    self.workspace.pending = None;
                    // Opening replaces the game only once a file has been read: a
                    // cancelled file dialog or an unreadable file keeps the work.
                    if !matches!(action, PendingAction::Open | PendingAction::OpenPath(_)) {
                        self.discard_changes();
                    }
                    effect = Some(Effect::Perform(action.clone()));
                }
                if ui.button("Cancel").clicked() {
                    self.workspace.pending = None;
                }
            });
        });
        if modal.should_close() {
            self.workspace.pending = None;
        }
        effect
    }

    pub(super) fn path_prompt_window(&mut self, ctx: &egui::Context) -> Vec<Effect> {
        let Some(mut prompt) = self.shell.path_prompt.clone() else { return Vec::new() };
        // Escape is Cancel.
        if crate::app::keys::escape_closes_window(ctx) {
            self.shell.path_prompt = None;
            self.workspace.open_as_puzzles = false;
            return Vec::new();
        }
        let mut keep = true;
        let mut effects = Vec::new();
        let study = self.workspace.document.study_name().is_some();
        let title = match (prompt.save, self.workspace.document.games.len()) {
            (true, _) if prompt.puzzle.is_some() => "Save puzzle as",
            (true, _) if prompt.chapter.is_some() => "Add to the study file",
            (true, _) if study => "Save study as",
            (true, 1) => "Save game as",
            (true, _) => "Save games as",
            (false, _) if self.workspace.open_as_puzzles => "Open puzzle file",
            (false, _) => "Open game",
        };
        theme::dialog(title, ctx).show(ctx, |ui| {
            ui.label("No file chooser is available here: type the file's path (.pgn or .ron).");
            ui.label(
                RichText::new("(A file chooser needs an xdg desktop portal, e.g. xdg-desktop-portal-gtk, or zenity.)")
                    .weak(),
            );
            let enter_pressed = ui.input(|i| i.key_pressed(Key::Enter));
            let edit = ui.add(egui::TextEdit::singleline(&mut prompt.text).desired_width(480.0).hint_text("path"));
            // The path box takes the keys as soon as the prompt opens.
            if ui.memory(|m| m.focused().is_none()) {
                edit.request_focus();
            }
            let enter = (edit.lost_focus() || edit.has_focus()) && enter_pressed;
            let mut replace = false;
            if let Some(existing) = &prompt.replace {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!("{} already exists. Replace it?", existing.display()),
                );
                replace = ui.button("Replace").clicked();
            }
            ui.horizontal(|ui| {
                let go = ui.button(if prompt.save { "Save" } else { "Open" }).clicked() || enter || replace;
                if go && !prompt.text.trim().is_empty() {
                    let path = PathBuf::from(prompt.text.trim());
                    // Saving over a file that exists asks first (the document's own
                    // file aside): it may be a damaged original or another game.
                    let asked = prompt.replace.as_deref() == Some(path.as_path()) && replace;
                    // A chapter goes after the study's others: nothing is replaced.
                    if let Some(plan) = prompt.chapter.take() {
                        effects.push(Effect::AddChapter(plan, with_format(&path)));
                        keep = false;
                        return;
                    }
                    if prompt.save
                        && path.exists()
                        && !asked
                        && (prompt.puzzle.is_some() || self.workspace.document.file.as_deref() != Some(path.as_path()))
                    {
                        prompt.replace = Some(path);
                        return;
                    }
                    // On failure the prompt stays, with the path typed, beside the error.
                    keep = !match &prompt.puzzle {
                        Some(game) => {
                            let written;
                            (written, effects) = self.write_puzzle(&path, game);
                            written
                        }
                        // A large document goes on in the background: the prompt closes.
                        None if prompt.save => {
                            let saved;
                            (saved, effects) = self.save_to(&with_format(&path), prompt.then.take());
                            saved.unwrap_or(true)
                        }
                        // Moves may have been played while the prompt was open: ask
                        // before they are dropped.
                        None if self.workspace.document.modified
                            && self.workspace.document.revision() != prompt.revision =>
                        {
                            self.workspace.pending = Some(PendingAction::OpenPath(path));
                            true
                        }
                        None => {
                            let effect = open_effect(&path);
                            let reading = matches!(effect, Effect::Read(..));
                            effects.push(effect);
                            reading
                        }
                    };
                }
                if ui.button("Cancel").clicked() {
                    keep = false;
                    self.workspace.open_as_puzzles = false;
                }
            });
        });
        self.shell.path_prompt = keep.then_some(prompt);
        effects
    }

    /// Game → New game against the computer / with a clock: the game, (against the
    /// computer) the user's side and the level, and the time control with a handicap.
    pub(super) fn computer_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some(mut form) = self.shell.new_game_form.clone() else { return };
        let mut keep = true;
        let title = if form.computer { "New game against the computer" } else { "New game with a clock" };
        if crate::app::keys::escape_closes_window(ctx) {
            self.shell.new_game_form = None;
            return;
        }
        theme::dialog(title, ctx).show(ctx, |ui| {
            let sides = crate::with_variant!(form.variant, G => {
                let first = <G as crate::core::Game>::opening().side_to_move();
                [capitalise(first.name()), capitalise(first.other().name())]
            });
            egui::Grid::new("computer form").num_columns(2).show(ui, |ui| {
                ui.label("Game");
                ui.horizontal(|ui| {
                    for v in Variant::ALL {
                        ui.radio_value(&mut form.variant, v, v.name());
                    }
                });
                ui.end_row();
                if form.computer {
                    ui.label("You play");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut form.user_side, Some(0), format!("{} (moves first)", sides[0]));
                        ui.radio_value(&mut form.user_side, Some(1), sides[1].as_str());
                        ui.radio_value(&mut form.user_side, None, "Random");
                    });
                    ui.end_row();
                    let label = ui.label("Level");
                    egui::ComboBox::from_id_salt("computer level")
                        .selected_text(Level::new(form.level).map_or_else(String::new, Level::describe))
                        .show_ui(ui, |ui| {
                            for level in Level::all() {
                                ui.selectable_value(&mut form.level, level.number(), level.describe())
                                    .on_hover_text(format!("The engine's search: {}", level.search_detail()));
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();
                }
                let label = ui.label("Clock");
                let shown = match &form.clock {
                    None => "No clock".to_string(),
                    Some(text) => match clock::PRESETS.iter().find(|(_, t)| t == text) {
                        Some((name, _)) => (*name).to_string(),
                        None => "Custom".to_string(),
                    },
                };
                egui::ComboBox::from_id_salt("time control")
                    .selected_text(shown)
                    .width(260.0)
                    .height(400.0)
                    .show_ui(ui, |ui| {
                        if form.computer {
                            ui.selectable_value(&mut form.clock, None, "No clock");
                        }
                        for (name, text) in clock::PRESETS {
                            ui.selectable_value(&mut form.clock, Some(text.to_string()), name);
                        }
                        if ui.selectable_label(false, "Custom…").clicked() {
                            form.clock = Some(form.clock.clone().unwrap_or_else(|| "300+3".into()) + " ");
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                // The time control's rows are always there (greyed without a clock),
                // so choosing a clock does not move Start.
                let has_clock = form.clock.is_some();
                let mut no_clock = String::new();
                let text = match &mut form.clock {
                    Some(text) => text,
                    None => &mut no_clock,
                };
                let label = ui.label("Time control");
                ui.add_enabled_ui(has_clock, |ui| {
                    ui.vertical(|ui| {
                        // One line under the field whatever it says (a long error ends
                        // in "…", the whole of it on hover): Start stays in place.
                        ui.set_max_width(220.0);
                        ui.add(egui::TextEdit::singleline(text).desired_width(220.0)).labelled_by(label.id).on_hover_text(
                            "Seconds, + increment, d simple delay, b Bronstein delay, moves/ for a stage, : between stages: 300+3, 300d5, 40/5400+30:1800+30",
                        );
                        match TimeControl::parse(text) {
                            _ if !has_clock => ui.label(RichText::new("No clock").small()),
                            Ok(tc) => ui.label(RichText::new(tc.describe()).small()),
                            // Cut to the line with "…": the label shows the whole of it on hover.
                            Err(e) => ui
                                .add(egui::Label::new(RichText::new(e.to_string()).small().color(theme::ERROR)).truncate()),
                        };
                    });
                });
                ui.end_row();
                for (i, side) in sides.iter().enumerate() {
                    let label = ui.label(format!("Handicap {side}"));
                    ui.add_enabled(has_clock, egui::DragValue::new(&mut form.handicap[i]).range(-3600..=3600).suffix(" s"))
                        .labelled_by(label.id)
                        .on_hover_text("Seconds added to this side's first stage (negative: taken away)");
                    ui.end_row();
                }
            });
            let setup = form.clock_setup();
            ui.horizontal(|ui| {
                if ui.add_enabled(setup.is_ok(), egui::Button::new("Start")).clicked()
                    && let Ok(clock) = setup.clone()
                {
                    commands.push(match (form.computer, clock) {
                        (true, clock) => Command::Act(Action::NewComputerGame {
                            variant: form.variant,
                            user_side: form.user_side,
                            level: form.level,
                            clock,
                        }),
                        (false, Some(clock)) => Command::Act(Action::NewClockGame { variant: form.variant, clock }),
                        (false, None) => Command::Act(Action::NewGame(form.variant)),
                    });
                    self.shell.last_game_forms[usize::from(!form.computer)] = Some(form.clone());
                    keep = false;
                }
                if ui.button("Cancel").clicked() {
                    keep = false;
                }
            });
        });
        self.shell.new_game_form = keep.then_some(form);
    }

    pub(super) fn paste_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some(mut text) = self.shell.paste_text.clone() else { return };
        let mut keep = true;
        let variant = self.workspace.view.variant();
        theme::dialog("Paste position", ctx).show(ctx, |ui| {
            ui.label("A position string of any game (Ctrl+V to paste):");
            let field = ui.add(egui::TextEdit::singleline(&mut text).desired_width(480.0).hint_text("position string"));
            // The field takes the keys as soon as the window opens.
            if ui.memory(|m| m.focused().is_none()) {
                field.request_focus();
            }
            // Either game's string is taken; the problems shown are those of the game on
            // the board when the text is no position of any game.
            let found = shown_first(variant).find(|v| read_position(*v, &text).is_some());
            // The problems are those of the game the string looks written for (by its
            // side to move), else of the game on the board.
            let judged = crate::core::Variant::guess_from_position_string(&text).unwrap_or(variant);
            let problems: Vec<String> = match found {
                Some(_) => Vec::new(),
                None => crate::with_variant!(judged, G => {
                    match <G as crate::core::Game>::from_position_string(&text) {
                        Ok(_) => Vec::new(),
                        Err(e) => e.problems(),
                    }
                }),
            };
            if let Some(v) = found.filter(|v| *v != variant) {
                let article = capitalise(crate::app::session::article(v.name()));
                ui.label(format!("{article} {} position: the game changes to {}", v.name(), v.name()));
            }
            if !text.trim().is_empty() {
                if found.is_none() && judged != variant {
                    let article = capitalise(crate::app::session::article(judged.name()));
                    ui.label(format!("{article} {} position string, with these problems:", judged.name()));
                }
                for line in &problems {
                    ui.label(RichText::new(line).color(theme::ERROR));
                }
            }
            ui.horizontal(|ui| {
                let valid = found.is_some() && !text.trim().is_empty();
                if ui
                    .add_enabled(
                        valid,
                        egui::Button::new(Command::Game(GameCommand::SetPosition(String::new())).label()),
                    )
                    .clicked()
                {
                    commands.push(Command::Game(GameCommand::SetPosition(text.clone())));
                    keep = false;
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    keep = false;
                }
            });
        });
        self.shell.paste_text = keep.then_some(text);
    }
}

impl OrreryApp {
    /// Help → Rules of …: the game's rules page (`docs/rules-*.md`, compiled in),
    /// rendered from its Markdown.
    fn rules_window(&mut self, ctx: &egui::Context) {
        let Some(variant) = self.shell.rules else { return };
        let mut open = true;
        egui::Window::new(format!("Rules of {}", variant.name()))
            .open(&mut open)
            .default_size([740.0, 680.0])
            .max_width(ctx.content_rect().width() - 40.0)
            .vscroll(true)
            .show(ctx, |ui| crate::app::rules_ui::rules_ui(ui, variant, &mut self.shell.rules_state));
        if !open {
            self.shell.rules = None;
        }
    }

    /// The first start's welcome (Help → Welcome…): learn a game in the app, or play.
    fn welcome_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        if !self.shell.welcome {
            return;
        }
        let mut open = true;
        egui::Window::new("Welcome to Orrery")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
            ui.label(
                "Orrery plays three games no program has played before: Interstellar (GB 2186198 A), \
                 Triangular chess and Triangular draughts (HU 188326).",
            );
            ui.add_space(6.0);
            ui.label(RichText::new("New to these games? Learn one, level by level, on the board:").strong());
            ui.horizontal(|ui| {
                for variant in Variant::ALL {
                    if ui.button(format!("Learn {}", variant.name())).clicked() {
                        commands.push(Command::Act(Action::Learn(crate::app::action::LearnAction::Open(variant))));
                        self.shell.welcome = false;
                    }
                }
            });
            ui.add_space(6.0);
            ui.label("Or just play: a new game from the Game menu, for two players or against the computer. The Help menu has the courses again and the rules of each game.");
            if ui.button("Play").clicked() {
                self.shell.welcome = false;
            }
        });
        // Escape closes it, as Play does.
        if !open || ctx.input(|i| i.key_pressed(Key::Escape)) {
            self.shell.welcome = false;
        }
    }

    /// Help → About Orrery: the version and where the documentation is.
    fn about_window(&mut self, ctx: &egui::Context) {
        if !self.shell.about {
            return;
        }
        let mut open = true;
        theme::dialog("About Orrery", ctx).open(&mut open).resizable(false).show(ctx, |ui| {
            ui.heading(format!("Orrery {}", env!("CARGO_PKG_VERSION")));
            ui.label(env!("CARGO_PKG_DESCRIPTION"));
            ui.add_space(6.0);
            ui.label("The rules of each game are in the Help menu (Rules of …), and a course for each (Learn …).");
            ui.label("The app's guide is docs/app.md, the engine's docs/engine.md, in Orrery's source.");
            ui.label(format!("The command line: orrery --help. Licence: {}.", env!("CARGO_PKG_LICENSE")));
        });
        if !open || ctx.input(|i| i.key_pressed(Key::Escape)) {
            self.shell.about = false;
        }
    }
}
