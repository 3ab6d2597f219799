//! The menu bar and the keyboard: every item and shortcut from the one table of commands.

use super::*;

impl OrreryApp {
    /// The commands whose shortcuts were pressed this frame. Ctrl shortcuts work while
    /// typing; plain keys only when no text field has the keys. In the notation editor,
    /// undo first reverts text not yet read.
    pub(super) fn keys(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let typing = ui.ctx().memory(|m| m.focused().is_some());
        // Files dropped on the window are opened; Ctrl+V on the board pastes.
        let dropped: Vec<PathBuf> = ui.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).collect());
        for path in dropped {
            if crate::files::Format::from_path(&path).is_some() {
                commands.push(Command::Act(Action::OpenPath(path)));
            } else {
                self.workspace.message = format!("{}: Orrery opens .pgn and .ron records", path.display());
            }
        }
        if !typing {
            let pasted: Vec<String> = ui.input(|i| {
                i.events
                    .iter()
                    .filter_map(|e| if let egui::Event::Paste(t) = e { Some(t.clone()) } else { None })
                    .collect()
            });
            commands.extend(pasted.into_iter().map(|text| Command::Act(Action::PasteText(text))));
        }
        let in_editor = self.settings.notation_editor && self.shell.editor.has_focus(ui.ctx());
        // While a file dialog is open, keys pressed wait for nothing.
        if self.platform.dialog.is_some() {
            return;
        }
        let modal_open = self.workspace.pending.is_some()
            || self.jobs.reading.is_some()
            || self.shell.path_prompt.is_some()
            || self.shell.paste_text.is_some()
            || self.shell.changed_on_disk.is_some()
            || self.workspace.view.promotion_pending()
            || self.platform.restore_offer.is_some();
        for command in Command::with_shortcuts() {
            let Some(shortcut) = command.shortcut() else { continue };
            // Behind a question or a prompt, no shortcut acts (the question comes first).
            if modal_open || (shortcut.scope == Scope::Board && typing) {
                continue;
            }
            // Undo in a text field other than the notation editor is the field's own.
            if matches!(command, Command::Undo | Command::Redo) && typing && !in_editor {
                continue;
            }
            let pressed = |ui: &mut egui::Ui, keys: KeyboardShortcut| {
                if keys.modifiers == Modifiers::NONE {
                    ui.input(|i| i.key_pressed(keys.logical_key) && i.modifiers.is_none())
                } else {
                    ui.input_mut(|i| i.consume_shortcut(&keys))
                }
            };
            let alternative = command.alternative_keys().is_some_and(|k| pressed(ui, k));
            if pressed(ui, shortcut.keys) || alternative {
                if command == Command::BoardEditor && self.workspace.view.board_editor_open() {
                    continue;
                }
                if command == Command::InsertComment && !in_editor {
                    continue;
                }
                commands.push(command);
            }
        }
    }

    pub(super) fn menu_item(&self, ui: &mut egui::Ui, command: &Command, enabled: bool, commands: &mut Vec<Command>) {
        let mut button = egui::Button::new(command.label());
        if let Some(text) = command.shortcut_text() {
            button = button.shortcut_text(text);
        }
        if ui.add_enabled(enabled, button).clicked() {
            commands.push(command.clone());
            ui.close();
        }
    }

    pub(super) fn menu_bar(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        // F10 and Alt+letter open a menu (by the button's id of the frame before); its
        // first item takes the keys once the menu is drawn (a frame or two later).
        if let Some(i) = self.menu_key(ui) {
            self.shell.menu_focus = Some((i, 3));
            if let Some(id) = self.shell.menu_ids[i] {
                // As `egui::Popup::default_response_id` names a button's popup.
                egui::Popup::open_id(ui.ctx(), id.with("popup"));
            }
        }
        let mut pending = self.shell.menu_focus.map(|(i, _)| i);
        let mut ids = [None; 5];
        egui::MenuBar::new().ui(ui, |ui| {
            let hint = |r: egui::Response, k: &str| r.on_hover_text(format!("Alt+{k}"));
            let r = ui.menu_button("Game", |ui| {
                focus_first_item(ui, &mut pending, 0);
                self.game_menu(ui, commands);
                outline_focus(ui);
            });
            ids[0] = Some(hint(r.response, "G").id);
            let r = ui.menu_button("Edit", |ui| {
                focus_first_item(ui, &mut pending, 1);
                self.edit_menu(ui, commands);
                outline_focus(ui);
            });
            ids[1] = Some(hint(r.response, "E").id);
            ids[2] = Some(hint(self.puzzles_menu(ui, &mut pending, commands), "P").id);
            let r = ui.menu_button("View", |ui| {
                focus_first_item(ui, &mut pending, 3);
                self.view_menu(ui, commands);
                outline_focus(ui);
            });
            ids[3] = Some(hint(r.response, "V").id);
            let r = ui.menu_button("Help", |ui| {
                focus_first_item(ui, &mut pending, 4);
                for item in Command::help_menu() {
                    match item {
                        Some(command) => self.menu_item(ui, &command, true, commands),
                        None => {
                            ui.separator();
                        }
                    }
                }
                outline_focus(ui);
            });
            ids[4] = Some(hint(r.response, "H").id);
        });
        self.shell.menu_ids = ids;
        // Kept for a few frames until its menu is drawn, then dropped.
        self.shell.menu_focus = match (pending, self.shell.menu_focus) {
            (Some(i), Some((_, frames))) if frames > 1 => Some((i, frames - 1)),
            _ => None,
        };
    }

    /// The Game menu: new games, files, Recent, the game's decisions, the report, Quit.
    fn game_menu(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        for item in Command::game_menu() {
            match item {
                Some(command) => self.menu_item(ui, &command, true, commands),
                None => {
                    ui.separator();
                }
            }
        }
        ui.menu_button("Recent", |ui| {
            if self.settings.recent.is_empty() {
                ui.label(RichText::new("No recent files").weak());
            }
            for path in self.settings.recent.clone() {
                if ui.button(path.display().to_string()).clicked() {
                    commands.push(Command::Act(Action::OpenPath(path)));
                    ui.close();
                }
            }
        });
        ui.separator();
        let over = self.workspace.view.game_over();
        let (has_draws, can_claim) = self.workspace.view.draws();
        for command in Command::decisions() {
            // Resigning ends the game: the menu asks first.
            if command == Command::Game(GameCommand::Resign) {
                if ui.add_enabled(!over, egui::Button::new("Resign…")).clicked() {
                    self.shell.resign_prompt = true;
                    ui.close();
                }
                continue;
            }
            let (shown, enabled) = match command {
                Command::Game(GameCommand::AgreeDraw) => (has_draws, !over),
                _ => (has_draws, !over && can_claim),
            };
            if shown {
                self.menu_item(ui, &command, enabled, commands);
            }
        }
        self.menu_item(ui, &Command::AnalyseGame, true, commands);
        ui.separator();
        self.menu_item(ui, &Command::Quit, true, commands);
    }

    /// The Edit menu: undo, redo, copy and paste.
    fn edit_menu(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let (undo, redo) = self.can_undo_redo();
        for item in Command::edit_menu() {
            match item {
                Some(command) => {
                    let enabled = match command {
                        Command::Undo => undo,
                        Command::Redo => redo,
                        _ => true,
                    };
                    self.menu_item(ui, &command, enabled, commands);
                }
                None => {
                    ui.separator();
                }
            }
        }
    }

    /// The View menu: the board's switches, colours and labels, the panes, the layout.
    fn view_menu(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        // A checkbox: a turned board says so.
        let label =
            format!("{} ({})", Command::FlipBoard.label(), Command::FlipBoard.shortcut_text().unwrap_or_default());
        ui.checkbox(&mut self.settings.flipped, label);
        ui.checkbox(&mut self.settings.coordinates, Command::ToggleCoordinates.label());
        ui.checkbox(&mut self.settings.hints, Command::ToggleHints.label());
        ui.checkbox(&mut self.settings.show_marks, Command::ToggleMarks.label());
        let label = format!(
            "{} ({})",
            Command::ToggleNotationEditor.label(),
            Command::ToggleNotationEditor.shortcut_text().unwrap_or_default()
        );
        let editor = ui.checkbox(&mut self.settings.notation_editor, label);
        if editor.changed() && self.settings.notation_editor {
            self.shell.editor.focus();
        }
        let dark = self.settings.theme == Theme::Dark;
        if ui.button(if dark { "Light theme" } else { "Dark theme" }).clicked() {
            commands.push(Command::ToggleTheme);
        }
        // The shown board's colours (the course's while one is open), kept per game.
        let variant = self.workspace.learn.as_ref().map_or_else(|| self.workspace.view.variant(), |l| l.variant);
        ui.menu_button(format!("Board colours ({})", variant.name()), |ui| {
            let mut scheme = self.settings.scheme_of(variant);
            for choice in crate::render::view::BoardScheme::ALL {
                ui.radio_value(&mut scheme, choice, choice.name());
            }
            if scheme != self.settings.scheme_of(variant) {
                self.settings.board_schemes.insert(variant.key().to_string(), scheme);
            }
        });
        // Only Interstellar numbers its cells from each side: greyed for the other games.
        let interstellar = variant == crate::core::Variant::Interstellar;
        ui.add_enabled_ui(interstellar, |ui| {
            ui.menu_button("Labels (Interstellar)", |ui| {
                for choice in crate::app::settings::LabelChoice::ALL {
                    ui.radio_value(&mut self.settings.labels, choice, choice.name()).on_hover_text(
                        "Interstellar cells are numbered from each player's side: a move is written \
                         in its mover's numbering",
                    );
                }
            })
            .response
            .on_disabled_hover_text("For Interstellar games: the shown game numbers its cells one way");
        });
        ui.checkbox(&mut self.settings.sounds, "Sounds")
            .on_hover_text("A sound for each move, capture, Target or check, and the end of the game");
        let label = format!(
            "{} ({})",
            Command::ToggleGamesList.label(),
            Command::ToggleGamesList.shortcut_text().unwrap_or_default()
        );
        ui.checkbox(&mut self.settings.games_list, label);
        ui.checkbox(&mut self.settings.opening_tree, Command::ToggleOpeningTree.label());
        let label = format!(
            "{} ({})",
            Command::ToggleAnalysis.label(),
            Command::ToggleAnalysis.shortcut_text().unwrap_or_default()
        );
        ui.checkbox(&mut self.settings.analysis, label);
        self.menu_item(ui, &Command::ResetLayout, true, commands);
        self.menu_item(ui, &Command::ShowShortcuts, true, commands);
    }

    /// The Puzzles menu: the built-in puzzles, solving the shown position, Hint.
    pub(super) fn puzzles_menu(
        &mut self,
        ui: &mut egui::Ui,
        pending: &mut Option<usize>,
        commands: &mut Vec<Command>,
    ) -> egui::Response {
        ui.menu_button("Puzzles", |ui| {
            focus_first_item(ui, pending, 2);
            self.menu_item(ui, &Command::OpenPuzzleFile, true, commands);
            ui.separator();
            // Under the name of their game, each game's puzzles together.
            let mut game = None;
            for (index, builtin) in builtin_puzzles().iter().enumerate() {
                let puzzle = builtin.puzzle();
                if let Ok(p) = &puzzle
                    && game != Some(p.variant)
                {
                    // A heading, not an entry: small capitals, dimmed, after a rule.
                    if game.is_some() {
                        ui.separator();
                    }
                    game = Some(p.variant);
                    ui.label(RichText::new(p.variant.name().to_uppercase()).small().weak());
                }
                let title = puzzle
                    .map(|p| {
                        let what = match p.goal {
                            PuzzleGoal::Stipulation(s) => s.to_string(),
                            PuzzleGoal::Shown(g) => g.words().to_string(),
                        };
                        format!("{} — {what}", p.title)
                    })
                    .unwrap_or_else(|_| builtin.file.to_string());
                if ui.button(title).clicked() {
                    commands.push(Command::Act(Action::OpenPuzzle(index)));
                    ui.close();
                }
            }
            ui.separator();
            let variant = self.workspace.view.variant();
            ui.menu_button("Solve the shown position", |ui| {
                for goal in crate::solver::Goal::ALL.into_iter().filter(|g| g.applies_to(variant)) {
                    for moves in 1..=3 {
                        if let Ok(s) = Stipulation::new(goal, moves)
                            && ui.button(s.to_string()).clicked()
                        {
                            commands.push(Command::Act(Action::SolveShown(s)));
                            ui.close();
                        }
                    }
                }
            });
            if self.solving() {
                self.menu_item(ui, &Command::Game(GameCommand::Hint), true, commands);
            }
            outline_focus(ui);
        })
        .response
    }

    /// The menu that F10 (the Game menu) or Alt and a menu's letter asks to open this
    /// frame, by its place in the bar; F10 with a menu open closes it; Left and Right
    /// with a menu of the bar open go to the menu beside it (round the bar's ends), as
    /// in a desktop menu bar.
    fn menu_key(&self, ui: &mut egui::Ui) -> Option<usize> {
        if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F10)) {
            if egui::Popup::is_any_open(ui.ctx()) {
                egui::Popup::close_all(ui.ctx());
                return None;
            }
            return Some(0);
        }
        let open = self
            .shell
            .menu_ids
            .iter()
            .position(|id| id.is_some_and(|id| egui::Popup::is_id_open(ui.ctx(), id.with("popup"))));
        if let Some(open) = open
            && !ui.ctx().text_edit_focused()
        {
            let count = MENU_KEYS.len();
            let step = if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::ArrowRight)) {
                Some(1)
            } else if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::ArrowLeft)) {
                Some(count - 1)
            } else {
                None
            };
            if let Some(step) = step {
                egui::Popup::close_all(ui.ctx());
                return Some((open + step) % count);
            }
        }
        MENU_KEYS.iter().position(|&key| ui.input_mut(|i| i.consume_key(Modifiers::ALT, key)))
    }
}

/// The letters that open the menus with Alt, in the bar's order: Game, Edit, Puzzles,
/// View, Help.
pub const MENU_KEYS: [Key; 5] = [Key::G, Key::E, Key::P, Key::V, Key::H];

/// Outlines the menu item that has the keyboard focus across the menu's width, so the
/// item Enter would choose shows plainly (a check box alone marks only its little box).
fn outline_focus(ui: &mut egui::Ui) {
    let Some(focused) = ui.memory(|m| m.focused()) else { return };
    let Some(item) = ui.ctx().read_response(focused) else { return };
    let menu = ui.min_rect();
    if item.layer_id != ui.layer_id() || !menu.contains_rect(item.rect) {
        return;
    }
    let rect = egui::Rect::from_x_y_ranges(menu.x_range(), item.rect.y_range()).expand(1.0);
    let stroke = ui.visuals().selection.stroke;
    ui.painter().rect_stroke(rect, 3.0, stroke, egui::StrokeKind::Outside);
}

/// In menu `index`, drawn now, opened from the keyboard (`pending` names it): its first
/// item takes the keys (the arrows then move through the items, Enter chooses, Escape
/// closes), once.
fn focus_first_item(ui: &mut egui::Ui, pending: &mut Option<usize>, index: usize) {
    // A menu's first frame only measures it (its items take no keys yet).
    if *pending == Some(index) && !ui.is_sizing_pass() {
        *pending = None;
        ui.memory_mut(|m| {
            if let Some(id) = m.focused() {
                m.surrender_focus(id);
            }
            m.move_focus(egui::FocusDirection::Next);
        });
    }
}
