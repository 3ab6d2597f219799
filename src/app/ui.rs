//! The Orrery window: menus, the board, the move list, the status bar, the ending
//! banner, file handling with the unsaved-work prompt, undo/redo and settings.
//!
//! [`OrreryApp::show`] draws everything into a `Ui`, so the same code runs in the
//! eframe window and in egui_kittest UI tests.

use std::path::{Path, PathBuf};

use egui::{Color32, Key, KeyboardShortcut, Modifiers, RichText};

use super::board::{BoardEvent, BoardWidget};
use super::dialogs::FileDialogs;
use super::editor::{EditorEvent, NotationEditor};
use super::promotion::{PromotionOutcome, PromotionPicker};
use super::session::{GameSession, MoveAttempt, Session, capitalise, with_session};
use super::settings::{SESSION_KEY, SETTINGS_KEY, SavedSession, Settings, Theme};
use crate::core::game::{Game, Variant};
use crate::files::{read_record_file, write_record_file};
use crate::record::{AnyGame, GameResult, NodeId, read_one, write_any};
use crate::render::overlay::BoardOverlay;

/// How long a status-bar message stays, in seconds.
pub const MESSAGE_SECONDS: f64 = 8.0;

/// Something the user asked for that would drop unsaved work: done after the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PendingAction {
    /// Game → New Interstellar / New Triangular.
    New(Variant),
    /// Game → Open….
    Open,
    /// Game → Recent.
    OpenPath(PathBuf),
    /// Game → Quit, or the window's close button.
    Quit,
    /// Board editor → Play from here: a new game from a set-up position.
    PlayFrom(Box<Session>),
    /// Puzzles → a built-in puzzle (index in the list).
    Puzzle(usize),
}

/// The in-app path prompt, used when no native file dialog can be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathPrompt {
    /// Saving (else opening).
    pub save: bool,
    /// The path typed so far.
    pub text: String,
    /// A puzzle to save to that path (Board editor → Save as puzzle), instead of the game.
    pub puzzle: Option<Box<AnyGame>>,
}

/// The app's whole state.
pub struct OrreryApp {
    /// The game shown.
    pub session: Session,
    /// The file it came from or was saved to.
    pub file: Option<PathBuf>,
    /// All games of that file (the shown one at `game_index`), so saving keeps the others.
    pub file_games: Vec<AnyGame>,
    /// Which game of the file is shown.
    pub game_index: usize,
    /// Unsaved changes.
    pub modified: bool,
    /// Settings.
    pub settings: Settings,
    /// The last message for the status bar (an illegal move's reason, a file result).
    pub message: String,
    /// Errors to show in a window (file errors), until dismissed.
    pub error_list: Option<(String, Vec<String>)>,
    /// An action waiting for the unsaved-work prompt.
    pub pending: Option<PendingAction>,
    /// A Triangular promotion waiting for the choice of piece: (from, to).
    pub promotion: Option<(u8, u8)>,
    /// The text of the Paste position window, when open.
    pub paste_text: Option<String>,
    /// Where the board was drawn last frame (for UI tests that click cells).
    pub board_rect: Option<egui::Rect>,
    /// The in-app path prompt, when open.
    pub path_prompt: Option<PathPrompt>,
    /// The notation editor (shown when `settings.notation_editor` is on).
    pub editor: NotationEditor,
    /// The board editor, while it is open (the game stays as it was underneath).
    pub setup: Option<super::setup::SetupMode>,
    /// The Save as puzzle form, while it is open.
    pub puzzle_form: Option<super::setup_ui::PuzzleForm>,
    /// The open puzzle (solving mode, or the solver's result), if any.
    pub puzzle: Option<super::puzzle_ui::PuzzleState>,
    /// The Export diagram window, while it is open.
    pub export: Option<super::export::ExportForm>,
    /// The path typed in the Export diagram window when no file chooser exists.
    pub export_path: Option<String>,
    scrolled_to: Option<NodeId>,
    list_cache: Option<MoveListCache>,
    /// The message as last seen, the time it appeared and the cursor then: a message
    /// goes after [`MESSAGE_SECONDS`] or when the shown move changes.
    message_seen: (String, f64, Option<NodeId>),
    pub(crate) hover: Option<u8>,
    pub(crate) drag_origin: Option<u8>,
    undo: Vec<(Session, bool)>,
    redo: Vec<(Session, bool)>,
    pub(crate) dialogs: Box<dyn FileDialogs>,
    quit_confirmed: bool,
    close_sent: bool,
    title: String,
}

impl OrreryApp {
    /// A fresh app showing a new Interstellar game.
    pub fn new(dialogs: Box<dyn FileDialogs>) -> OrreryApp {
        OrreryApp {
            session: Session::new(Variant::Interstellar),
            file: None,
            file_games: Vec::new(),
            game_index: 0,
            modified: false,
            settings: Settings::default(),
            message: String::new(),
            error_list: None,
            pending: None,
            promotion: None,
            paste_text: None,
            board_rect: None,
            path_prompt: None,
            editor: NotationEditor::default(),
            setup: None,
            puzzle_form: None,
            export: None,
            export_path: None,
            puzzle: None,
            scrolled_to: None,
            list_cache: None,
            message_seen: (String::new(), 0.0, None),
            hover: None,
            drag_origin: None,
            undo: Vec::new(),
            redo: Vec::new(),
            dialogs,
            quit_confirmed: false,
            close_sent: false,
            title: String::new(),
        }
    }

    /// Restores settings and the last session from eframe's storage.
    pub fn restore(&mut self, storage: &dyn eframe::Storage) {
        if let Some(settings) = eframe::get_value::<Settings>(storage, SETTINGS_KEY) {
            self.settings = settings;
        }
        if let Some(saved) = eframe::get_value::<SavedSession>(storage, SESSION_KEY)
            && let Ok(game) = read_one(&saved.game_text)
        {
            self.session = Session::from_game(game);
            self.session.follow_path(&saved.cursor_path);
            self.file = saved.file;
            self.modified = saved.modified;
            self.file_games = match &self.file {
                Some(path) => read_record_file(path).map(|(g, _)| g).unwrap_or_default(),
                None => Vec::new(),
            };
            self.game_index = 0;
            if self.file_games.is_empty() {
                self.file_games.push(self.session.to_game());
            }
        }
    }

    /// Writes settings and the current game to eframe's storage.
    pub fn store(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, &self.settings);
        let saved = SavedSession {
            game_text: write_any(&self.session.to_game()),
            cursor_path: self.session.cursor_path(),
            file: self.file.clone(),
            modified: self.modified,
        };
        eframe::set_value(storage, SESSION_KEY, &saved);
    }

    /// The window title: file name (or "Untitled …") and `*` when modified.
    pub fn window_title(&self) -> String {
        let name = match &self.file {
            Some(p) => p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            None => format!("Untitled {} game", self.session.variant().name()),
        };
        format!("Orrery — {name}{}", if self.modified { " *" } else { "" })
    }

    fn checkpoint(&mut self) {
        self.undo.push((self.session.clone(), self.modified));
        if self.undo.len() > 200 {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Undoes the last change to the game (moves, deletions, promotions, decisions).
    pub fn undo(&mut self) {
        // Text typed in the notation editor and not yet valid goes first.
        if self.settings.notation_editor && self.editor.undo_text() {
            self.message = "Notation text reverted".into();
            return;
        }
        if let Some((session, modified)) = self.undo.pop() {
            self.redo.push((std::mem::replace(&mut self.session, session), self.modified));
            self.modified = modified || self.modified;
            self.message = "Undone".into();
        }
    }

    /// Redoes the last undone change.
    pub fn redo(&mut self) {
        if let Some((session, _)) = self.redo.pop() {
            self.undo.push((std::mem::replace(&mut self.session, session), self.modified));
            self.modified = true;
            self.message = "Redone".into();
        }
    }

    /// A click on a board cell (core cell id).
    pub fn click_cell(&mut self, cell: u8) {
        if self.editor_blocks_changes() {
            return;
        }
        let before = self.session.clone();
        let count = move_count(&self.session);
        let attempt = with_session!(&mut self.session, s => s.click(cell));
        self.after_attempt(attempt, before, count);
    }

    /// A piece dropped from one cell onto another: played if legal, else it snaps back
    /// and the status bar says why.
    pub fn drop_piece(&mut self, from: u8, to: u8) {
        if self.editor_blocks_changes() {
            return;
        }
        let before = self.session.clone();
        let count = move_count(&self.session);
        let attempt = with_session!(&mut self.session, s => {
            s.selected = None;
            s.try_move(from, to, None)
        });
        self.after_attempt(attempt, before, count);
    }

    /// The promotion picker's answer (`Q`, `R`, `B`, `N`), or `None` to cancel.
    pub fn choose_promotion(&mut self, letter: Option<char>) {
        let Some((from, to)) = self.promotion.take() else { return };
        if let Some(letter) = letter {
            let before = self.session.clone();
            let count = move_count(&self.session);
            let attempt = with_session!(&mut self.session, s => s.try_move(from, to, Some(letter)));
            self.after_attempt(attempt, before, count);
        }
        with_session!(&mut self.session, s => s.selected = None);
    }

    fn after_attempt(&mut self, attempt: MoveAttempt, before: Session, count: usize) {
        match attempt {
            MoveAttempt::Played => {
                if move_count(&self.session) != count {
                    self.undo.push((before, self.modified));
                    self.redo.clear();
                    self.modified = true;
                }
                self.message.clear();
            }
            MoveAttempt::NeedsPromotion { from, to } => self.promotion = Some((from, to)),
            MoveAttempt::Illegal(reason) => self.message = reason,
        }
    }

    /// Game → New: a new game of `variant` (after the unsaved-work prompt).
    pub fn request(&mut self, action: PendingAction) {
        if self.modified && !matches!(action, PendingAction::Quit if self.quit_confirmed) {
            self.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    fn perform(&mut self, action: PendingAction) {
        match action {
            PendingAction::New(variant) => {
                self.session = Session::new(variant);
                self.file = None;
                self.file_games.clear();
                self.game_index = 0;
                self.modified = false;
                self.undo.clear();
                self.redo.clear();
                self.message = format!("New {} game", variant.name());
            }
            PendingAction::Open => {
                let folder = self.settings.last_folder.clone();
                match self.dialogs.pick_open(folder.as_deref()) {
                    Some(path) => {
                        self.open_path(&path);
                    }
                    None if self.dialogs.last_was_unavailable() => {
                        let start = folder.map(|f| format!("{}/", f.display())).unwrap_or_default();
                        self.path_prompt = Some(PathPrompt { save: false, text: start, puzzle: None });
                    }
                    None => {}
                }
            }
            PendingAction::OpenPath(path) => {
                self.open_path(&path);
            }
            PendingAction::Quit => self.quit_confirmed = true,
            PendingAction::Puzzle(index) => {
                self.undo.clear();
                self.redo.clear();
                self.file_games.clear();
                self.game_index = 0;
                self.open_builtin_puzzle(index);
            }
            PendingAction::PlayFrom(session) => {
                self.session = *session;
                self.file = None;
                self.file_games.clear();
                self.game_index = 0;
                self.modified = true;
                self.undo.clear();
                self.redo.clear();
                self.setup = None;
                self.message = "New game from the board editor's position".into();
            }
        }
    }

    /// Opens a record file; on any error the current game stays and the errors are
    /// listed. Returns whether a game was opened.
    pub fn open_path(&mut self, path: &Path) -> bool {
        match read_record_file(path) {
            Err(e) => {
                self.error_list = Some(("Could not open the file".into(), vec![e.to_string()]));
                false
            }
            Ok((_, errors)) if !errors.is_empty() => {
                let mut lines = vec![format!("{} has errors; nothing was opened:", path.display())];
                lines.extend(errors.iter().map(ToString::to_string));
                self.error_list = Some(("Could not open the file".into(), lines));
                false
            }
            Ok((games, _)) if games.is_empty() => {
                self.message = format!("{} holds no game", path.display());
                false
            }
            Ok((games, _)) => {
                self.session = Session::from_game(games[0].clone());
                self.message = if games.len() > 1 {
                    format!("Opened {} (game 1 of {})", path.display(), games.len())
                } else {
                    format!("Opened {}", path.display())
                };
                self.file_games = games;
                self.game_index = 0;
                self.file = Some(path.to_path_buf());
                self.modified = false;
                self.undo.clear();
                self.redo.clear();
                self.settings.remember(path.to_path_buf());
                true
            }
        }
    }

    /// Game → Save: to the current file, or Save As when there is none.
    pub fn save(&mut self) -> bool {
        match self.file.clone() {
            Some(path) => self.save_to(&path),
            None => self.save_as(),
        }
    }

    /// Game → Save As….
    pub fn save_as(&mut self) -> bool {
        let folder = self.settings.last_folder.clone();
        let suggested = format!("{}-game.pgn", self.session.variant().key());
        let Some(path) = self.dialogs.pick_save(folder.as_deref(), &suggested) else {
            if self.dialogs.last_was_unavailable() {
                let dir = folder.or_else(|| std::env::current_dir().ok()).unwrap_or_default();
                self.path_prompt =
                    Some(PathPrompt { save: true, text: dir.join(suggested).display().to_string(), puzzle: None });
            }
            return false;
        };
        self.save_as_path(&path)
    }

    /// Saves to `path` (Save As with a given path): the file's other games are kept
    /// only when it is the file already open.
    pub fn save_as_path(&mut self, path: &Path) -> bool {
        let mut path = path.to_path_buf();
        if crate::files::Format::from_path(&path).is_none() {
            path.set_extension("pgn");
        }
        if self.file.as_deref() != Some(path.as_path()) {
            self.file_games.clear();
            self.game_index = 0;
        }
        self.save_to(&path)
    }

    fn save_to(&mut self, path: &Path) -> bool {
        let current = self.session.to_game();
        if self.file_games.is_empty() {
            self.file_games.push(current);
            self.game_index = 0;
        } else {
            self.file_games[self.game_index] = current;
        }
        match write_record_file(path, &self.file_games) {
            Ok(()) => {
                self.file = Some(path.to_path_buf());
                self.modified = false;
                self.settings.remember(path.to_path_buf());
                self.message = format!("Saved {}", path.display());
                true
            }
            Err(e) => {
                self.error_list = Some(("Could not save".into(), vec![e.to_string()]));
                false
            }
        }
    }

    /// Drops the unsaved changes: back to the game as last saved or opened (a new game
    /// of the same kind when it was never saved), so nothing unsaved is kept for the
    /// next start either.
    pub fn discard_changes(&mut self) {
        self.session = match self.file_games.get(self.game_index) {
            Some(saved) if self.file.is_some() => Session::from_game(saved.clone()),
            _ => Session::new(self.session.variant()),
        };
        self.modified = false;
        self.undo.clear();
        self.redo.clear();
    }

    /// Game → Resign: the side to move resigns; the record gets the result.
    pub fn resign(&mut self) {
        self.checkpoint();
        with_session!(&mut self.session, s => {
            let pos = s.position();
            let loser = capitalise(pos.side_to_move_word());
            s.record.result = if pos.is_first_player_to_move() { GameResult::SecondPlayerWins } else { GameResult::FirstPlayerWins };
            s.record.tags.set("Termination", &format!("{loser} resigned"));
            s.cursor = s.record.tree.main_line_from(s.cursor).last().copied().unwrap_or(s.cursor);
        });
        self.modified = true;
    }

    /// Game → Agree draw / Claim draw (Triangular only).
    pub fn draw(&mut self, how: &str) {
        if let Session::Triangular(s) = &mut self.session {
            self.undo.push((Session::Triangular(s.clone()), self.modified));
            s.record.result = GameResult::Draw;
            s.record.tags.set("Termination", &format!("Draw {how}"));
            self.modified = true;
        }
    }

    /// Whether the side to move may claim a draw now (Triangular: fifty moves, or the
    /// third repetition along the line played).
    pub fn can_claim_draw(&self) -> bool {
        let Session::Triangular(s) = &self.session else { return false };
        let pos = s.position();
        if pos.can_claim_fifty_move_draw() {
            return true;
        }
        let mut hashes = vec![s.record.start.zobrist_hash()];
        let mut p = s.record.start.clone();
        for id in s.record.tree.path_to(s.cursor) {
            if let Some(mv) = s.record.tree.node(id).mv {
                p.play(mv);
                hashes.push(p.zobrist_hash());
            }
        }
        crate::core::triangular::is_threefold_repetition(&hashes)
    }

    /// Clears the status message once it has been shown for [`MESSAGE_SECONDS`] or the
    /// board has moved to another position since it appeared.
    fn expire_message(&mut self, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        let cursor = Some(self.session.cursor());
        if self.message != self.message_seen.0 {
            self.message_seen = (self.message.clone(), now, cursor);
        } else if !self.message.is_empty() {
            if now - self.message_seen.1 > MESSAGE_SECONDS || cursor != self.message_seen.2 {
                self.message.clear();
                self.message_seen.0.clear();
            } else {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(MESSAGE_SECONDS));
            }
        }
    }

    /// Draws the whole window into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.expire_message(ui.ctx());
        self.apply_theme(ui.ctx());
        self.handle_close_request(ui.ctx());
        self.handle_keys(ui);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        if self.setup.is_some() {
            egui::Panel::right("setup").default_size(320.0).show(ui, |ui| self.setup_panel(ui));
            egui::CentralPanel::default().show(ui, |ui| self.setup_board(ui));
            self.windows(ui.ctx());
            self.puzzle_window(ui.ctx());
            self.update_title(ui);
            return;
        }
        self.puzzle_tick(ui.ctx());
        egui::Panel::right("moves").default_size(300.0).show(ui, |ui| {
            self.puzzle_panel(ui);
            self.move_list(ui);
        });
        if self.settings.notation_editor {
            self.editor.sync(&self.session);
            let mut events = Vec::new();
            egui::Panel::bottom("notation")
                .resizable(true)
                .default_size(230.0)
                .show(ui, |ui| events = self.editor.show(ui));
            for event in events {
                self.editor_event(event);
            }
        }
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(banner) = self.session.banner() {
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new(banner).heading().strong().color(Color32::from_rgb(230, 180, 60)));
                });
            }
            self.board(ui);
        });
        self.windows(ui.ctx());
        self.export_window(ui.ctx());
        if self.promotion.is_some() {
            match PromotionPicker::new().show(ui) {
                Some(PromotionOutcome::Chosen(role)) => self.choose_promotion(Some(role.letter())),
                Some(PromotionOutcome::Cancelled) => self.choose_promotion(None),
                None => {}
            }
        }
        self.update_title(ui);
    }

    fn update_title(&mut self, ui: &egui::Ui) {
        let title = self.window_title();
        if title != self.title {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn apply_theme(&self, ctx: &egui::Context) {
        let wanted = match self.settings.theme {
            Theme::Dark => egui::Theme::Dark,
            Theme::Light => egui::Theme::Light,
        };
        if ctx.theme() != wanted {
            ctx.set_theme(wanted);
        }
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && self.modified && !self.quit_confirmed {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(PendingAction::Quit);
        }
        if self.quit_confirmed && !self.close_sent {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            self.close_sent = true;
        }
    }

    fn handle_keys(&mut self, ui: &mut egui::Ui) {
        let typing = ui.ctx().memory(|m| m.focused().is_some());
        let shortcut = |ui: &mut egui::Ui, m: Modifiers, k: Key| {
            ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(m, k)))
        };
        let shift_command = Modifiers::COMMAND | Modifiers::SHIFT;
        if shortcut(ui, shift_command, Key::S) {
            self.save_as();
        }
        if shortcut(ui, Modifiers::COMMAND, Key::S) {
            self.save();
        }
        if shortcut(ui, Modifiers::COMMAND, Key::O) {
            self.request(PendingAction::Open);
        }
        if shortcut(ui, Modifiers::COMMAND, Key::N) {
            self.request(PendingAction::New(self.session.variant()));
        }
        if shortcut(ui, Modifiers::COMMAND, Key::Q) {
            self.request(PendingAction::Quit);
        }
        if shortcut(ui, Modifiers::COMMAND, Key::B) && self.setup.is_none() {
            self.open_board_editor();
        }
        if shortcut(ui, Modifiers::COMMAND, Key::E) {
            self.settings.notation_editor = !self.settings.notation_editor;
            if self.settings.notation_editor {
                self.editor.focus();
            }
        }
        if self.settings.notation_editor && self.editor.has_focus(ui.ctx()) {
            // In the notation editor, undo first reverts text not yet read, then undoes
            // changes to the game like everywhere else.
            if shortcut(ui, Modifiers::COMMAND, Key::Z) {
                self.undo();
            }
            if (shortcut(ui, Modifiers::COMMAND, Key::Y) || shortcut(ui, shift_command, Key::Z))
                && !self.editor.is_dirty()
            {
                self.redo();
            }
            if shortcut(ui, shift_command, Key::C) && !self.editor.is_dirty() {
                let now = ui.input(|i| i.time);
                self.editor.insert_comment(now);
            }
            return;
        }
        if typing {
            return;
        }
        if shortcut(ui, Modifiers::COMMAND, Key::Z) {
            self.undo();
        }
        if shortcut(ui, Modifiers::COMMAND, Key::Y) || shortcut(ui, shift_command, Key::Z) {
            self.redo();
        }
        let pressed = |ui: &egui::Ui, k: Key| ui.input(|i| i.key_pressed(k) && i.modifiers.is_none());
        with_session!(&mut self.session, s => {
            if pressed(ui, Key::ArrowLeft) { s.back(); }
            if pressed(ui, Key::ArrowRight) { s.forward(); }
            if pressed(ui, Key::ArrowUp) { s.switch_variation(-1); }
            if pressed(ui, Key::ArrowDown) { s.switch_variation(1); }
            if pressed(ui, Key::Home) { s.home(); }
            if pressed(ui, Key::End) { s.end(); }
        });
        if pressed(ui, Key::F) {
            self.settings.flipped = !self.settings.flipped;
        }
        if pressed(ui, Key::Escape) {
            with_session!(&mut self.session, s => s.selected = None);
        }
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("Game", |ui| {
                if ui.button("New Interstellar").clicked() {
                    self.request(PendingAction::New(Variant::Interstellar));
                }
                if ui.button("New Triangular").clicked() {
                    self.request(PendingAction::New(Variant::Triangular));
                }
                if ui.add(egui::Button::new("Board editor…").shortcut_text("Ctrl+B")).clicked() {
                    self.open_board_editor();
                }
                if ui.button("Export diagram…").clicked() {
                    self.open_export();
                }
                if ui.add(egui::Button::new("Open…").shortcut_text("Ctrl+O")).clicked() {
                    self.request(PendingAction::Open);
                }
                if ui.add(egui::Button::new("Save").shortcut_text("Ctrl+S")).clicked() {
                    self.save();
                }
                if ui.add(egui::Button::new("Save As…").shortcut_text("Ctrl+Shift+S")).clicked() {
                    self.save_as();
                }
                ui.menu_button("Recent", |ui| {
                    if self.settings.recent.is_empty() {
                        ui.label(RichText::new("No recent files").weak());
                    }
                    for path in self.settings.recent.clone() {
                        if ui.button(path.display().to_string()).clicked() {
                            self.request(PendingAction::OpenPath(path));
                        }
                    }
                });
                ui.separator();
                let over = self.session.banner().is_some();
                if ui.add_enabled(!over, egui::Button::new("Resign")).clicked() {
                    self.resign();
                }
                if self.session.variant() == Variant::Triangular {
                    if ui.add_enabled(!over, egui::Button::new("Agree draw")).clicked() {
                        self.draw("agreed");
                    }
                    if ui.add_enabled(!over && self.can_claim_draw(), egui::Button::new("Claim draw")).clicked() {
                        self.draw("claimed");
                    }
                }
                ui.separator();
                if ui.add(egui::Button::new("Quit").shortcut_text("Ctrl+Q")).clicked() {
                    self.request(PendingAction::Quit);
                }
            });
            ui.menu_button("Edit", |ui| {
                if ui.add_enabled(!self.undo.is_empty(), egui::Button::new("Undo").shortcut_text("Ctrl+Z")).clicked() {
                    self.undo();
                }
                if ui.add_enabled(!self.redo.is_empty(), egui::Button::new("Redo").shortcut_text("Ctrl+Y")).clicked() {
                    self.redo();
                }
                ui.separator();
                if ui.button("Copy position").clicked() {
                    let text = with_session!(&self.session, s => s.position().position_string());
                    ui.ctx().copy_text(text);
                    self.message = "Position copied".into();
                }
                if ui.button("Paste position…").clicked() {
                    self.paste_text = Some(String::new());
                }
                if ui.button("Copy game text").clicked() {
                    ui.ctx().copy_text(write_any(&self.session.to_game()));
                    self.message = "Game text copied".into();
                }
            });
            self.puzzles_menu(ui);
            ui.menu_button("View", |ui| {
                if ui.add(egui::Button::new("Flip board").shortcut_text("F")).clicked() {
                    self.settings.flipped = !self.settings.flipped;
                }
                ui.checkbox(&mut self.settings.coordinates, "Coordinates");
                ui.checkbox(&mut self.settings.hints, "Legal-move hints");
                ui.checkbox(&mut self.settings.show_marks, "Marks (arrows and cells)");
                let editor = ui.checkbox(&mut self.settings.notation_editor, "Notation editor (Ctrl+E)");
                if editor.changed() && self.settings.notation_editor {
                    self.editor.focus();
                }
                let dark = self.settings.theme == Theme::Dark;
                if ui.button(if dark { "Light theme" } else { "Dark theme" }).clicked() {
                    self.settings.theme = if dark { Theme::Light } else { Theme::Dark };
                }
            });
        });
    }

    fn status_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let banner = if self.setup.is_none() { self.session.banner() } else { None };
            let (text, warn) = match &self.setup {
                None if banner.is_some() => (format!("Game over: {}", banner.unwrap_or_default()), false),
                Some(setup) => {
                    let n = setup.problems().len();
                    if n == 0 {
                        ("Board editor: a valid position".to_string(), false)
                    } else {
                        (format!("Board editor: {n} problem{} with this position", if n == 1 { "" } else { "s" }), true)
                    }
                }
                None => self.session.status(),
            };
            let color = if warn { Color32::from_rgb(230, 70, 60) } else { ui.visuals().text_color() };
            ui.label(RichText::new(text).color(color).strong());
            if !self.message.is_empty() {
                ui.separator();
                ui.label(&self.message);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let name = match &self.file {
                    Some(p) => p.display().to_string(),
                    None => "not saved yet".to_string(),
                };
                ui.label(RichText::new(format!("{name}{}", if self.modified { " (modified)" } else { "" })).weak());
            });
        });
    }

    fn move_list(&mut self, ui: &mut egui::Ui) {
        ui.heading("Moves");
        // Bring the shown move into view when it changes (after a move, a key, a jump).
        let scroll = self.scrolled_to != Some(self.session.cursor());
        self.scrolled_to = Some(self.session.cursor());
        let chars = ((ui.available_width() - 8.0) / 7.5).max(16.0) as usize;
        let key = with_session!(&self.session, s => list_key(s, chars));
        if self.list_cache.as_ref().is_none_or(|c| c.key != key) {
            let lines = with_session!(&self.session, s => build_lines(s, chars));
            self.list_cache = Some(MoveListCache { key, lines });
        }
        let lines = self.list_cache.as_ref().map(|c| c.lines.as_slice()).unwrap_or(&[]);
        let action = with_session!(&self.session, s => move_list_ui(ui, s, lines, scroll));
        if let Some(action) = action
            && (matches!(action, ListAction::Jump(_)) || !self.editor_blocks_changes())
        {
            match action {
                ListAction::Jump(node) => with_session!(&mut self.session, s => s.jump(node)),
                ListAction::Promote(node) => {
                    self.checkpoint();
                    with_session!(&mut self.session, s => { s.record.tree.promote(node); });
                    self.modified = true;
                }
                ListAction::Delete(node) => {
                    self.checkpoint();
                    with_session!(&mut self.session, s => {
                        let path = s.record.tree.path_to(s.cursor);
                        if let Some(parent) = s.record.tree.delete(node)
                            && path.contains(&node)
                        {
                            s.cursor = parent;
                        }
                    });
                    self.modified = true;
                }
            }
        }
    }

    fn windows(&mut self, ctx: &egui::Context) {
        if let Some(action) = self.pending.clone() {
            let what = match &action {
                PendingAction::New(_) => "starting a new game",
                PendingAction::Open | PendingAction::OpenPath(_) => "opening another file",
                PendingAction::Quit => "quitting",
                PendingAction::PlayFrom(_) => "starting a game from the board editor",
                PendingAction::Puzzle(_) => "opening a puzzle",
            };
            let modal = egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!("Save the changes to this game before {what}?"));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() && self.save() {
                        self.pending = None;
                        self.perform(action.clone());
                    }
                    if ui.button("Don't save").clicked() {
                        self.pending = None;
                        self.discard_changes();
                        self.perform(action.clone());
                    }
                    if ui.button("Cancel").clicked() {
                        self.pending = None;
                    }
                });
            });
            if modal.should_close() {
                self.pending = None;
            }
        }
        if let Some((title, errors)) = self.error_list.clone() {
            let mut open = true;
            egui::Window::new(title).open(&mut open).collapsible(false).show(ctx, |ui| {
                egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
                    for e in &errors {
                        ui.label(RichText::new(e).monospace());
                    }
                });
                if ui.button("Close").clicked() {
                    self.error_list = None;
                }
            });
            if !open {
                self.error_list = None;
            }
        }
        if let Some(mut prompt) = self.path_prompt.clone() {
            let mut keep = true;
            let title = if prompt.save { "Save game as" } else { "Open game" };
            egui::Window::new(title).collapsible(false).show(ctx, |ui| {
                ui.label("No file chooser is available here: type the file's path (.pgn or .ron).");
                let edit = ui.add(egui::TextEdit::singleline(&mut prompt.text).desired_width(480.0).hint_text("path"));
                // The path box takes the keys as soon as the prompt opens.
                if ui.memory(|m| m.focused().is_none()) {
                    edit.request_focus();
                }
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                ui.horizontal(|ui| {
                    let go = ui.button(if prompt.save { "Save" } else { "Open" }).clicked() || enter;
                    if go && !prompt.text.trim().is_empty() {
                        let path = PathBuf::from(prompt.text.trim());
                        // On failure the prompt stays, with the path typed, beside the error.
                        keep = !match &prompt.puzzle {
                            Some(game) => self.write_puzzle(&path, game),
                            None if prompt.save => self.save_as_path(&path),
                            // Moves may have been played while the prompt was open: ask
                            // before they are dropped.
                            None if self.modified => {
                                self.pending = Some(PendingAction::OpenPath(path));
                                true
                            }
                            None => self.open_path(&path),
                        };
                    }
                    if ui.button("Cancel").clicked() {
                        keep = false;
                    }
                });
            });
            self.path_prompt = keep.then_some(prompt);
        }
        if let Some(mut text) = self.paste_text.clone() {
            let mut keep = true;
            egui::Window::new("Paste position").collapsible(false).show(ctx, |ui| {
                ui.label(format!("A {} position string (Ctrl+V to paste):", self.session.variant().name()));
                ui.add(egui::TextEdit::singleline(&mut text).desired_width(480.0).hint_text("position string"));
                let parsed = match self.session.variant() {
                    Variant::Interstellar => crate::core::interstellar::Position::from_position_string(&text)
                        .map(|p| {
                            Session::Interstellar(GameSession::from_record(crate::record::GameRecord::from_position(p)))
                        })
                        .map_err(|e| e.to_string()),
                    Variant::Triangular => crate::core::triangular::Position::from_position_string(&text)
                        .map(|p| {
                            Session::Triangular(GameSession::from_record(crate::record::GameRecord::from_position(p)))
                        })
                        .map_err(|e| e.to_string()),
                };
                match &parsed {
                    Err(e) if !text.trim().is_empty() => {
                        for line in e.lines() {
                            ui.label(RichText::new(line).color(Color32::from_rgb(230, 70, 60)));
                        }
                    }
                    _ => {}
                }
                ui.horizontal(|ui| {
                    if ui.add_enabled(parsed.is_ok(), egui::Button::new("Set up this position")).clicked()
                        && let Ok(session) = parsed
                    {
                        self.checkpoint();
                        self.session = session;
                        self.modified = true;
                        keep = false;
                    }
                    if ui.button("Cancel").clicked() {
                        keep = false;
                    }
                });
            });
            self.paste_text = keep.then_some(text);
        }
    }

    /// Applies what the notation editor reports to the game.
    fn editor_event(&mut self, event: EditorEvent) {
        match event {
            EditorEvent::Parsed { game, caret } => {
                self.checkpoint();
                let mut session = Session::from_game(*game);
                with_session!(&mut session, s => s.jump(caret.unwrap_or(NodeId::ROOT)));
                self.session = session;
                self.modified = true;
                self.message.clear();
            }
            EditorEvent::CaretAt(node) => with_session!(&mut self.session, s => s.jump(node)),
            EditorEvent::ToggleNag(nag) => {
                if self.session.cursor() == NodeId::ROOT {
                    self.message = "Choose a move first: NAGs belong to a move".into();
                    return;
                }
                self.checkpoint();
                with_session!(&mut self.session, s => {
                    let nags = &mut s.record.tree.node_mut(s.cursor).nags;
                    match nags.iter().position(|n| *n == nag) {
                        Some(i) => { nags.remove(i); }
                        None => nags.push(nag),
                    }
                });
                self.modified = true;
            }
            EditorEvent::Promote => {
                let node = self.session.cursor();
                if node != NodeId::ROOT {
                    self.checkpoint();
                    with_session!(&mut self.session, s => { s.record.tree.promote(node); });
                    self.modified = true;
                }
            }
            EditorEvent::DeleteFromHere => {
                let node = self.session.cursor();
                if node != NodeId::ROOT {
                    self.checkpoint();
                    with_session!(&mut self.session, s => {
                        if let Some(parent) = s.record.tree.delete(node) {
                            s.cursor = parent;
                        }
                    });
                    self.modified = true;
                }
            }
        }
    }

    /// Whether the notation editor holds text the game does not have yet (edits not
    /// read, or errors): the board and move list then leave the game alone.
    fn editor_blocks_changes(&mut self) -> bool {
        let blocked = self.settings.notation_editor && self.editor.is_dirty();
        if blocked {
            with_session!(&mut self.session, s => s.selected = None);
            self.message = "The notation text has errors or unread edits: fix them or press Revert text first".into();
        }
        blocked
    }

    /// The highlights for the board: selection, legal targets, last move, Target/check,
    /// hover, and the study marks of the shown move.
    pub fn overlay(&self) -> BoardOverlay {
        let mut overlay = BoardOverlay { hover: self.hover, ..BoardOverlay::default() };
        with_session!(&self.session, s => {
            overlay.selected = s.selected;
            if self.settings.hints && let Some(from) = s.selected {
                overlay.targets = s.targets_of(from);
            }
            overlay.last_move = s.last_move();
            if self.settings.show_marks {
                let marks = &s.record.tree.node(s.cursor).marks;
                overlay.arrows = marks.arrows.clone();
                overlay.marked_cells = marks.cells.iter().map(|m| (m.cell, m.color)).collect();
            }
        });
        if let Some(cell) = self.attacked_royal_cell() {
            overlay.in_target.push(cell);
        }
        overlay
    }

    /// The planet in Target or king in check of the side to move, if any.
    fn attacked_royal_cell(&self) -> Option<u8> {
        match &self.session {
            Session::Interstellar(s) => {
                let pos = s.position();
                if !pos.is_target() {
                    return None;
                }
                pos.find(pos.side_to_move(), crate::core::interstellar::Name::PLANET).map(|c| c.slot())
            }
            Session::Triangular(s) => {
                let pos = s.position();
                if !pos.is_check() {
                    return None;
                }
                pos.pieces(pos.side_to_move(), crate::core::triangular::Role::King).first()
            }
        }
    }

    /// A right-click on a cell marks it (again with the same colour: removes the mark;
    /// with another colour: recolours it); a right-drag draws an arrow the same way.
    /// Marks belong to the shown move. The colour comes from the modifier keys, see
    /// [`mark_color`].
    pub fn toggle_mark(&mut self, from: u8, to: Option<u8>, color: crate::record::MarkColor) {
        if self.editor_blocks_changes() {
            return;
        }
        self.checkpoint();
        with_session!(&mut self.session, s => {
            let mut marks = s.record.tree.node(s.cursor).marks.clone();
            match to {
                None => {
                    let same = marks.cells.iter().any(|m| m.cell == from && m.color == color);
                    marks.cells.retain(|m| m.cell != from);
                    if !same {
                        marks.cells.push(crate::record::MarkedCell { color, cell: from });
                    }
                }
                Some(to) => {
                    let same = marks.arrows.iter().any(|a| (a.from, a.to, a.color) == (from, to, color));
                    marks.arrows.retain(|a| (a.from, a.to) != (from, to));
                    if !same {
                        marks.arrows.push(crate::record::Arrow { color, from, to });
                    }
                }
            }
            s.record.tree.set_marks(s.cursor, marks);
        });
        self.modified = true;
    }

    /// Draws `pieces` with the view settings (flip, coordinates) and the piece being
    /// dragged, and keeps what the next frame needs (board rectangle, hover, drag).
    /// Shared by the game board and the board editor.
    pub(crate) fn show_board(
        &mut self,
        ui: &mut egui::Ui,
        pieces: super::board::BoardPieces<'_>,
        overlay: &BoardOverlay,
    ) -> super::board::BoardResponse {
        let response = BoardWidget::new(pieces, overlay)
            .flipped(self.settings.flipped)
            .coordinates(self.settings.coordinates)
            .dragging(self.drag_origin)
            .show(ui);
        self.board_rect = Some(response.board_rect);
        self.hover = response.hovered;
        self.drag_origin = response.drag_origin;
        response
    }

    /// The board: drawn by the board widget from the session, its clicks and drags
    /// turned into moves (or marks).
    fn board(&mut self, ui: &mut egui::Ui) {
        use super::board::BoardPieces;
        let overlay = self.overlay();
        let response = match &self.session {
            Session::Interstellar(s) => {
                let pieces = crate::render::interstellar::pieces_of(&s.position());
                self.show_board(ui, BoardPieces::Interstellar(&pieces), &overlay)
            }
            Session::Triangular(s) => {
                let pieces = crate::render::adapt::tri_pieces_of(&s.position());
                self.show_board(ui, BoardPieces::Triangular(&pieces), &overlay)
            }
        };
        for event in response.events {
            match event {
                BoardEvent::Clicked(cell) => self.click_cell(cell),
                BoardEvent::DragStarted(cell) => {
                    let movable = with_session!(&self.session, s => !s.targets_of(cell).is_empty());
                    if movable {
                        with_session!(&mut self.session, s => s.selected = Some(cell));
                    }
                }
                BoardEvent::Dropped { from, to: Some(to) } if from != to => self.drop_piece(from, to),
                BoardEvent::Dropped { .. } => {}
                BoardEvent::RightClicked(cell) => {
                    let color = mark_color(ui.input(|i| i.modifiers));
                    self.settings.show_marks = true;
                    self.toggle_mark(cell, None, color);
                }
                BoardEvent::RightDragged { from, to } => {
                    let color = mark_color(ui.input(|i| i.modifiers));
                    self.settings.show_marks = true;
                    self.toggle_mark(from, Some(to), color);
                }
            }
        }
    }
}

/// The colour of a mark drawn with these modifier keys held, as on lichess: none →
/// green, Shift → red, Alt → blue, Shift+Alt → yellow (Ctrl counts as Alt, for systems
/// where Alt+drag moves the window).
pub fn mark_color(modifiers: Modifiers) -> crate::record::MarkColor {
    use crate::record::MarkColor;
    match (modifiers.shift, modifiers.alt || modifiers.ctrl || modifiers.command) {
        (false, false) => MarkColor::Green,
        (true, false) => MarkColor::Red,
        (false, true) => MarkColor::Blue,
        (true, true) => MarkColor::Yellow,
    }
}

fn move_count(session: &Session) -> usize {
    with_session!(session, s => s.record.tree.move_count())
}

/// What a click in the move list asks for.
enum ListAction {
    Jump(NodeId),
    Promote(NodeId),
    Delete(NodeId),
}

/// One line of the move list. Every line has the same height, so a record of any length
/// scrolls smoothly: only the lines in view are drawn.
#[derive(Clone, Debug)]
pub(crate) enum ListLine {
    /// A main-line row: number, the first player's move (`None`: "…", the row continues
    /// after a comment or variation), the second player's move.
    Row { number: u32, first: Option<(NodeId, String)>, second: Option<(NodeId, String)> },
    /// A piece of a comment of the main line, wrapped to the panel's width.
    Comment { indent: u8, text: String },
    /// A piece of a variation (moves and comment words), wrapped, indented by depth.
    Variation { indent: u8, items: Vec<LineItem> },
    /// The result token, or the hint for an empty game.
    Note(String),
}

/// A word of a variation line: a move (with its number, if written) or a comment word.
#[derive(Clone, Debug)]
pub(crate) enum LineItem {
    Move(NodeId, String),
    Word(String),
}

/// The move list's lines, kept while the game, its annotations and the panel's width
/// stay the same.
pub(crate) struct MoveListCache {
    key: u64,
    lines: Vec<ListLine>,
}

/// The cache key of the move list for `s` at `chars` characters a line.
fn list_key<G: Game>(s: &GameSession<G>, chars: usize) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    G::VARIANT.name().hash(&mut h);
    s.record.tree.fingerprint().hash(&mut h);
    s.record.start.position_string().hash(&mut h);
    s.record.result.token().hash(&mut h);
    chars.hash(&mut h);
    h.finish()
}

/// A move's notation with its NAG glyphs (`$N` for NAGs without one).
fn move_text(notation: &str, nags: &[crate::record::Nag]) -> String {
    let mut text = notation.to_string();
    for nag in nags {
        match nag.glyph() {
            Some(g) => text.push_str(g),
            None => text.push_str(&format!(" ${}", nag.0)),
        }
    }
    text
}

/// Splits `text` into lines of at most `chars` characters (words kept whole).
fn wrap_words(text: &str, chars: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > chars {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The move list of `s` as lines of at most about `chars` characters: the main line as
/// a table (number, first player's move, second player's move), comments between rows,
/// variations indented under the move they replace.
fn build_lines<G: Game>(s: &GameSession<G>, chars: usize) -> Vec<ListLine> {
    let tree = &s.record.tree;
    let notations = s.notations();
    let mut lines = Vec::new();
    let comment = |lines: &mut Vec<ListLine>, indent: u8, text: &str| {
        for piece in wrap_words(text, chars.saturating_sub(2 * indent as usize).max(10)) {
            lines.push(ListLine::Comment { indent, text: piece });
        }
    };
    let root = tree.node(NodeId::ROOT);
    comment(&mut lines, 0, &root.comment_after);
    if root.children.is_empty() {
        lines.push(ListLine::Note("No moves yet: click a piece, then one of its marked cells (or drag it).".into()));
    }
    let mut ply = 0;
    let mut row: Option<(u32, Option<(NodeId, String)>)> = None;
    let mut id = root.children.first().copied();
    while let Some(node_id) = id {
        let node = tree.node(node_id);
        if node.mv.is_none() {
            break;
        }
        let (number, first_player) = s.record.move_number_at_ply(ply);
        if !node.comment_before.is_empty() {
            if let Some((n, first)) = row.take() {
                lines.push(ListLine::Row { number: n, first, second: None });
            }
            comment(&mut lines, 0, &node.comment_before);
        }
        let text = move_text(&notations[node_id.0 as usize], &node.nags);
        if first_player {
            if let Some((n, first)) = row.take() {
                lines.push(ListLine::Row { number: n, first, second: None });
            }
            row = Some((number, Some((node_id, text))));
        } else {
            let first = row.take().and_then(|(_, f)| f);
            lines.push(ListLine::Row { number, first, second: Some((node_id, text)) });
        }
        ply += 1;
        let parent = node.parent.unwrap_or(NodeId::ROOT);
        let alternatives = &tree.node(parent).children[1..];
        if !node.comment_after.is_empty() || !alternatives.is_empty() {
            if let Some((n, first)) = row.take() {
                lines.push(ListLine::Row { number: n, first, second: None });
            }
            comment(&mut lines, 0, &node.comment_after);
            for &v in alternatives {
                variation_lines(s, &notations, v, ply - 1, 1, chars, &mut lines);
            }
        }
        id = node.children.first().copied();
    }
    if let Some((n, first)) = row.take() {
        lines.push(ListLine::Row { number: n, first, second: None });
    }
    if s.record.result != GameResult::Unknown {
        lines.push(ListLine::Note(s.record.result.token().to_string()));
    }
    lines
}

/// The lines of a variation (and of the variations inside it), written inline: move
/// numbers at its start, on the first player's moves and after comments.
fn variation_lines<G: Game>(
    s: &GameSession<G>,
    notations: &[String],
    first: NodeId,
    ply: usize,
    indent: u8,
    chars: usize,
    lines: &mut Vec<ListLine>,
) {
    let tree = &s.record.tree;
    let width = chars.saturating_sub(2 * indent as usize).max(10);
    let flush = |items: &mut Vec<LineItem>, lines: &mut Vec<ListLine>| {
        let mut line: Vec<LineItem> = Vec::new();
        let mut used = 0;
        for item in items.drain(..) {
            let len = match &item {
                LineItem::Move(_, t) | LineItem::Word(t) => t.chars().count() + 1,
            };
            if !line.is_empty() && used + len > width {
                lines.push(ListLine::Variation { indent, items: std::mem::take(&mut line) });
                used = 0;
            }
            used += len;
            line.push(item);
        }
        if !line.is_empty() {
            lines.push(ListLine::Variation { indent, items: line });
        }
    };
    let words = |items: &mut Vec<LineItem>, text: &str| {
        items.extend(text.split_whitespace().map(|w| LineItem::Word(w.to_string())));
    };
    let mut items = Vec::new();
    let mut id = first;
    let mut ply = ply;
    let mut need_number = true;
    loop {
        let node = tree.node(id);
        if node.mv.is_none() {
            break;
        }
        words(&mut items, &node.comment_before);
        let (number, first_player) = s.record.move_number_at_ply(ply);
        let mut text = String::new();
        if first_player {
            text.push_str(&format!("{number}. "));
        } else if need_number {
            text.push_str(&format!("{number}… "));
        }
        text.push_str(&move_text(&notations[id.0 as usize], &node.nags));
        items.push(LineItem::Move(id, text));
        words(&mut items, &node.comment_after);
        need_number = !node.comment_after.is_empty();
        ply += 1;
        let parent = node.parent.unwrap_or(NodeId::ROOT);
        let siblings = &tree.node(parent).children;
        if id != first && siblings.first() == Some(&id) && siblings.len() > 1 {
            flush(&mut items, lines);
            for &v in &siblings[1..] {
                variation_lines(s, notations, v, ply - 1, indent + 1, chars, lines);
            }
            need_number = true;
        }
        match node.children.first() {
            Some(&next) => id = next,
            None => break,
        }
    }
    flush(&mut items, lines);
}

/// Draws the lines of the move list that are in view; the move at the cursor is
/// highlighted and brought into view when `scroll` is set.
fn move_list_ui<G: Game>(
    ui: &mut egui::Ui,
    s: &GameSession<G>,
    lines: &[ListLine],
    scroll: bool,
) -> Option<ListAction> {
    let mut action = None;
    let row_height = ui.spacing().interact_size.y;
    let mut area = egui::ScrollArea::vertical().auto_shrink([false, false]);
    if scroll {
        let at = lines.iter().position(|l| match l {
            ListLine::Row { first, second, .. } => {
                first.as_ref().is_some_and(|(n, _)| *n == s.cursor)
                    || second.as_ref().is_some_and(|(n, _)| *n == s.cursor)
            }
            ListLine::Variation { items, .. } => {
                items.iter().any(|i| matches!(i, LineItem::Move(n, _) if *n == s.cursor))
            }
            _ => false,
        });
        if let Some(at) = at {
            let step = row_height + ui.spacing().item_spacing.y;
            let offset = at as f32 * step - ui.available_height() / 2.0;
            area = area.vertical_scroll_offset(offset.max(0.0));
        }
    }
    let number_width = 44.0;
    area.show_rows(ui, row_height, lines.len(), |ui, range| {
        let column = ((ui.available_width() - number_width) / 2.0).max(60.0);
        for line in &lines[range] {
            match line {
                ListLine::Row { number, first, second } => {
                    ui.horizontal(|ui| {
                        ui.spacing_mut().item_spacing.x = 0.0;
                        let (rect, _) =
                            ui.allocate_exact_size(egui::vec2(number_width, row_height), egui::Sense::hover());
                        ui.painter().text(
                            rect.left_center() + egui::vec2(4.0, 0.0),
                            egui::Align2::LEFT_CENTER,
                            format!("{number}."),
                            egui::TextStyle::Body.resolve(ui.style()),
                            ui.visuals().weak_text_color(),
                        );
                        for (index, cell) in [first, second].into_iter().enumerate() {
                            if index == 1 && cell.is_none() {
                                break;
                            }
                            let (rect, _) =
                                ui.allocate_exact_size(egui::vec2(column, row_height), egui::Sense::hover());
                            let mut child = ui.new_child(
                                egui::UiBuilder::new()
                                    .max_rect(rect)
                                    .layout(egui::Layout::left_to_right(egui::Align::Center)),
                            );
                            match cell {
                                Some((node, text)) => move_button(&mut child, s, *node, text, false, &mut action),
                                // The second player's move continues a row broken by a comment or variation.
                                None => {
                                    child.label(RichText::new("…").weak());
                                }
                            }
                        }
                    });
                }
                ListLine::Comment { indent, text } => {
                    ui.horizontal(|ui| {
                        ui.add_space(*indent as f32 * 16.0);
                        ui.add(egui::Label::new(RichText::new(text).italics()).wrap_mode(egui::TextWrapMode::Truncate));
                    });
                }
                ListLine::Variation { indent, items } => {
                    ui.horizontal(|ui| {
                        ui.add_space(*indent as f32 * 16.0);
                        // Comment words next to each other make one label.
                        let mut words = String::new();
                        let flush = |ui: &mut egui::Ui, words: &mut String| {
                            if !words.is_empty() {
                                ui.label(RichText::new(std::mem::take(words)).italics().weak());
                            }
                        };
                        for item in items {
                            match item {
                                LineItem::Move(node, text) => {
                                    flush(ui, &mut words);
                                    move_button(ui, s, *node, text, true, &mut action);
                                }
                                LineItem::Word(word) => {
                                    if !words.is_empty() {
                                        words.push(' ');
                                    }
                                    words.push_str(word);
                                }
                            }
                        }
                        flush(ui, &mut words);
                    });
                }
                ListLine::Note(text) => {
                    ui.label(RichText::new(text).weak());
                }
            }
        }
    });
    action
}

/// One clickable move in the list, with its context menu (promote, delete). The move at
/// the cursor is drawn selected at full contrast, also inside variations.
fn move_button<G: Game>(
    ui: &mut egui::Ui,
    s: &GameSession<G>,
    id: NodeId,
    text: &str,
    in_variation: bool,
    action: &mut Option<ListAction>,
) {
    let tree = &s.record.tree;
    let current = s.cursor == id;
    let mut label = RichText::new(text);
    if current {
        label = label.strong().color(ui.visuals().strong_text_color());
    } else if in_variation {
        label = label.color(ui.visuals().weak_text_color());
    }
    let response = ui.selectable_label(current, label);
    if response.clicked() {
        *action = Some(ListAction::Jump(id));
    }
    response.context_menu(|ui| {
        if (tree.starts_variation(id) || in_variation) && ui.button("Promote variation").clicked() {
            *action = Some(ListAction::Promote(id));
            ui.close();
        }
        if ui.button("Delete from here").clicked() {
            *action = Some(ListAction::Delete(id));
            ui.close();
        }
    });
}

impl eframe::App for OrreryApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.store(storage);
    }
}

#[cfg(test)]
mod move_list_tests {
    use super::*;
    use crate::core::interstellar;

    #[test]
    fn every_move_of_the_tree_is_on_exactly_one_line_and_lines_fit() {
        let text = std::fs::read_to_string("assets/games/interstellar-planet-hunt.pgn").unwrap();
        let AnyGame::Interstellar(record) = read_one(&text).unwrap() else { panic!("an Interstellar game") };
        let s: GameSession<interstellar::Position> = GameSession::from_record(record);
        for chars in [20, 40, 80] {
            let lines = build_lines(&s, chars);
            let mut seen = Vec::new();
            for line in &lines {
                match line {
                    ListLine::Row { first, second, .. } => {
                        seen.extend(first.iter().chain(second.iter()).map(|(n, _)| *n));
                    }
                    ListLine::Variation { items, indent } => {
                        let width: usize = items
                            .iter()
                            .map(|i| match i {
                                LineItem::Move(_, t) | LineItem::Word(t) => t.chars().count() + 1,
                            })
                            .sum();
                        assert!(items.len() == 1 || width <= chars - 2 * *indent as usize, "{width} > {chars}");
                        seen.extend(items.iter().filter_map(|i| match i {
                            LineItem::Move(n, _) => Some(*n),
                            LineItem::Word(_) => None,
                        }));
                    }
                    ListLine::Comment { text, .. } => assert!(!text.is_empty()),
                    ListLine::Note(_) => {}
                }
            }
            let mut sorted = seen.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), seen.len(), "no move twice");
            assert_eq!(seen.len(), s.record.tree.move_count(), "every move once");
        }
    }
}
