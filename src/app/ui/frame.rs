//! One frame: the background work between frames ([`OrreryApp::logic`]), then the window: menu, status bar, the docked panes and the windows.

use super::*;

impl OrreryApp {
    /// Background work, between frames (eframe's `App::logic`): the solver's result and
    /// the notation editor's reading of its text.
    pub fn logic(&mut self, ctx: &egui::Context) {
        self.now = ctx.input(|i| i.time);
        // Background jobs started from here wake this window when they have something.
        let repaint = ctx.clone();
        Waker::new(move || repaint.request_repaint()).install();
        // And the searches asked for from here run on this window's engine worker.
        self.jobs.engine.install();
        if let Some(flag) = self.workspace.view.tick(self.now) {
            self.apply(Command::Game(flag));
        }
        if let Some(wait) = self.workspace.view.clock_changes_in() {
            // Drawn again when the running clock's digits change, not before.
            ctx.request_repaint_after(wait);
        }
        // What came back from a dialog, a file read or a save, carried out.
        // A lesson's plan, worked out on a job; a course's game won.
        if let Some(learn) = &mut self.workspace.learn {
            learn.lesson.poll();
        }
        self.keep_lesson_game_result();
        let mut effects = self.poll_dialog();
        effects.extend(self.poll_reading());
        effects.extend(self.poll_saving());
        self.carry_out(effects);
        // Never overwrite an autosave the user has not decided about.
        if self.platform.restore_offer.is_none() {
            // A write under way is looked at every frame (its end wakes the window), so
            // that a failure is shown at once, not with the next change.
            if self.platform.autosave.is_due(self.now) || self.platform.autosave.is_writing() {
                let contents = self.autosave_contents(false);
                if let Err(e) = self.platform.autosave.tick(self.now, || contents) {
                    self.workspace.message = format!("Autosave failed: {e}");
                }
            }
            if let Some(wait) = self.platform.autosave.due_in(self.now) {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait + 0.01));
            }
            if let Err(e) = self.platform.autosave.save_settings(&self.settings) {
                self.workspace.message = format!("The settings could not be saved: {e}");
            }
        }
        // A message about the board editor's earlier position goes when it changes.
        let setup = self.workspace.view.setup_position_string();
        if setup != self.workspace.setup_seen {
            if self.workspace.setup_seen.is_some() && setup.is_some() {
                self.workspace.message.clear();
            }
            self.workspace.setup_seen = setup;
        }
        // A chapter mode counts only while the open file is a study.
        let in_study = self.workspace.document.study_name().is_some();
        self.workspace.view.set_in_study(in_study);
        // A move just played or stepped to: its sound.
        let cursor = self.workspace.view.cursor();
        if self.platform.sound_seen != Some(cursor) {
            if self.settings.sounds
                && let Some((parent, sound)) = self.workspace.view.move_sound()
                && self.platform.sound_seen == Some(parent)
            {
                self.platform.sounds.play(sound);
            }
            self.platform.sound_seen = Some(cursor);
        }
        if self.platform.sounds.no_player() {
            self.workspace.message = crate::app::sounds::NO_PLAYER.into();
        }
        // A puzzle of a set solved: kept in the settings, for the file (once).
        let solved = self.workspace.puzzle_set && self.workspace.view.puzzle_status().is_some_and(|p| p.solved);
        if solved && !std::mem::replace(&mut self.workspace.puzzle_solved_kept, true) {
            let current = self.workspace.document.current();
            if let Some(key) = self.puzzle_keys().get(current).cloned().flatten() {
                let file = self.puzzle_file_key();
                self.settings.solved_puzzles.entry(file).or_default().insert(key);
            }
        } else if !solved {
            self.workspace.puzzle_solved_kept = false;
        }
        if self.workspace.view.poll() {
            // The solver's progress (positions searched) is shown a few times a second.
            ctx.request_repaint_after(crate::app::jobs::PROGRESS_WAKE);
        }
        // The report, the computer, hints and draw offers wake the window themselves.
        if let Some(command) = self.workspace.view.poll_report() {
            self.apply(Command::Game(command));
        }
        if let Some(command) = self.workspace.view.poll_opponent() {
            self.apply(Command::Game(command));
        }
        // The panes follow the switches before the analysis is asked for: it runs while
        // its pane shows, not behind another tab.
        self.sync_layout();
        let request = (self.analysis_shown() && !self.workspace.view.board_editor_open()).then(|| AnalysisRequest {
            lines: if self.settings.threat { 1 } else { usize::from(self.settings.analysis_lines) },
            threat: self.settings.threat,
            time: self.settings.analysis_seconds.map(|s| std::time::Duration::from_secs(u64::from(s))),
            hash_mb: self.settings.analysis_hash_mb,
        });
        // New lines wake the window a few times a second.
        self.workspace.view.sync_analysis(request);
        if self.settings.notation_editor {
            for event in self.shell.editor.poll(ctx, self.now) {
                let command = editor_command(event, self.workspace.view.cursor());
                if let Some(command) = command {
                    self.apply(command);
                }
            }
        }
    }

    /// One frame: the background work, then the whole window into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.logic(ui.ctx());
        self.draw(ui);
    }

    /// Draws the whole window into `ui` and applies what the user asked for.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.now = ctx.input(|i| i.time);
        self.expire_message(&ctx);
        self.apply_theme(&ctx);
        if !std::mem::replace(&mut self.platform.fonts, true) {
            install_fallback_font(&ctx);
        }
        self.handle_close_request(&ctx);
        for out in self.platform.outbox.drain(..) {
            match out {
                Outgoing::Text(text) => ctx.copy_text(text),
                Outgoing::Image(image) => ctx.copy_image(image),
                Outgoing::RequestPaste => ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste),
            }
        }
        let mut commands = Vec::new();
        self.keys(ui, &mut commands);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui, &mut commands));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::CentralPanel::default().frame(egui::Frame::new()).show(ui, |ui| match &self.workspace.learn {
            Some(learn) => {
                // The game behind the course, if there is one worth saying so about.
                let kept = self.workspace.document.modified || self.workspace.view.computer_side().is_some();
                crate::app::learn_ui::learn_screen(
                    ui,
                    learn,
                    &self.settings,
                    kept,
                    &mut self.shell.learn_board,
                    &mut commands,
                );
            }
            None => self.panes_ui(ui, &mut commands),
        });
        if !self.workspace.view.board_editor_open() {
            ui_of(&self.workspace.view).promotion_ui(ui, &mut commands);
        }
        self.windows(&ctx, &mut commands);
        for command in commands {
            self.apply(command);
        }
        self.update_title(&ctx);
    }

    /// Clears the status message once the board has moved to another position since it
    /// appeared (an explanation stays readable in full until then).
    pub(super) fn expire_message(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        let cursor = Some(self.workspace.view.cursor());
        if self.workspace.message != self.shell.message_seen.0 {
            self.shell.message_seen = (self.workspace.message.clone(), now, cursor);
        } else if !self.workspace.message.is_empty() && cursor != self.shell.message_seen.2 {
            self.workspace.message.clear();
            self.shell.message_seen.0.clear();
        }
    }

    pub(super) fn update_title(&mut self, ctx: &egui::Context) {
        let title = self.window_title();
        if title != self.platform.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.platform.title = title;
        }
    }

    pub(super) fn apply_theme(&self, ctx: &egui::Context) {
        let wanted = match self.settings.theme {
            Theme::Dark => egui::Theme::Dark,
            Theme::Light => egui::Theme::Light,
        };
        if ctx.theme() != wanted {
            ctx.set_theme(wanted);
        }
    }

    pub(super) fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested())
            && self.workspace.document.modified
            && !self.platform.quit_confirmed
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.workspace.pending = Some(PendingAction::Quit);
        }
        if self.platform.quit_confirmed && !self.platform.close_sent {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            self.platform.close_sent = true;
        }
    }

    pub(super) fn status_bar(&mut self, ui: &mut egui::Ui) {
        let (text, warn) = match (&self.workspace.learn, self.workspace.view.setup_problems()) {
            (Some(learn), _) => {
                (format!("Learn {}: {}", learn.variant.name(), learn.course.stages[learn.stage].title), false)
            }
            (None, Some(problems)) if problems.is_empty() => ("Board editor: a valid position".to_string(), false),
            (None, Some(problems)) => {
                let n = problems.len();
                (format!("Board editor: {n} problem{} with this position", if n == 1 { "" } else { "s" }), true)
            }
            (None, None) => match self.workspace.view.banner() {
                Some(banner) => (format!("Game over: {banner}"), false),
                None => self.workspace.view.status(),
            },
        };
        // The cell under the pointer by name (in both numberings where the game counts
        // cells from each player's side), with the piece on it and how it moves.
        let hovered = match &self.workspace.learn {
            Some(learn) => learn.lesson.hovered(self.shell.learn_board.hover),
            None => ui_of(&self.workspace.view).hovered_cell(&self.shell.board),
        };
        ui.horizontal(|ui| {
            let color = if warn { theme::ERROR } else { ui.visuals().text_color() };
            ui.label(RichText::new(text).color(color).strong());
            if self.platform.dialog.is_some() {
                ui.separator();
                // Drawn once: the dialog's answer wakes the window.
                ui.label("Waiting for the file dialog…");
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                // The file by its name (its whole path on hover), at the right end.
                let (name, path) = match &self.workspace.document.file {
                    Some(p) => (
                        p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned()),
                        p.display().to_string(),
                    ),
                    None => ("not saved yet".to_string(), "The game has not been saved to a file yet".to_string()),
                };
                let modified = if self.workspace.document.modified { " (modified)" } else { "" };
                ui.label(RichText::new(format!("{name}{modified}")).weak()).on_hover_text(path);
                if let Some(cell) = &hovered {
                    ui.separator();
                    // At most half the bar when a message needs room, else nearly all of
                    // it (the piece under a still pointer is named in full beside it).
                    let share = if self.workspace.message.is_empty() { 0.9 } else { 0.5 };
                    ui.scope(|ui| {
                        ui.set_max_width(ui.available_width() * share);
                        ui.add(egui::Label::new(RichText::new(cell).weak()).truncate()).on_hover_text(cell.as_str());
                    });
                }
                // The last message has the rest of the bar, from its left; when it does
                // not fit, it shows in full just above the bar instead (over the panes,
                // which keep their places), until the board moves on or another message
                // comes.
                if !self.workspace.message.is_empty() {
                    let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
                    let message = self.workspace.message.as_str();
                    let font = egui::TextStyle::Body.resolve(ui.style());
                    let width = ui.painter().layout_no_wrap(message.to_string(), font, egui::Color32::WHITE).size().x;
                    let fits = width <= size.x - 16.0;
                    if fits {
                        ui.allocate_ui_with_layout(size, egui::Layout::left_to_right(egui::Align::Center), |ui| {
                            ui.separator();
                            ui.add(egui::Label::new(message));
                        });
                    } else {
                        let bar = ui.spacing().interact_size.y + 16.0;
                        egui::Area::new(egui::Id::unique("status message in full"))
                            .order(egui::Order::Foreground)
                            .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -bar])
                            .interactable(false)
                            .show(ui.ctx(), |ui| {
                                egui::Frame::popup(ui.style()).show(ui, |ui| {
                                    ui.set_max_width(640.0);
                                    ui.add(egui::Label::new(message).wrap());
                                });
                            });
                    }
                }
            });
        });
    }
}

/// Adds DejaVu Sans (shipped in `assets/fonts`, the diagrams' font) after egui's own
/// fonts, so that the signs they lack (→, ✔, ★, −) draw instead of a box.
fn install_fallback_font(ctx: &egui::Context) {
    use egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
    let families = [egui::FontFamily::Proportional, egui::FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily { family, priority: FontPriority::Lowest })
        .collect();
    let data = egui::FontData::from_static(crate::render::png::FONT_DEJAVU_SANS);
    ctx.add_font(FontInsert::new("DejaVu Sans", data, families));
}
