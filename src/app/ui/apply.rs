//! Carrying out commands: [`OrreryApp::apply`], the one place the document changes after a frame, and the actions that wait for the unsaved-work prompt.

use super::*;

impl OrreryApp {
    /// Whether the notation editor holds text the game does not (unread or wrong), so
    /// the shown game may not change under it.
    pub(super) fn notation_text_pending(&self) -> bool {
        self.settings.notation_editor && self.editor.is_dirty()
    }

    /// Shows the game numbered `number` in the file and opens the notation editor on
    /// its text as it stands there, the caret at `line`:`column` of the file.
    pub(super) fn show_problem(&mut self, number: usize, line: u32, column: u32) {
        let Some(index) = self.document.index_of_number(number) else { return };
        let source = self.document.origin(index).and_then(|o| o.source.clone());
        let same_text = source.as_ref().is_some_and(|s| s.text == self.editor.text);
        if self.notation_text_pending() && !(index == self.document.current && same_text) {
            self.message = "The notation text has errors or unread edits: fix them or press Revert text first".into();
            return;
        }
        self.show_game(index);
        if let Some(source) = source {
            let caret = source.offset_of(line, column).unwrap_or(0);
            self.settings.notation_editor = true;
            self.editor.open_on_text(self.view.as_ref(), source.text, caret, self.now);
            self.message = format!("Game {number} as it stands in the file: fix it in the notation editor");
        }
    }

    /// Carries out a command: the one place where the document changes.
    pub fn apply(&mut self, command: Command) {
        if command.blocked_by_notation_text() && self.settings.notation_editor && self.editor.is_dirty() {
            let _ = self.view.apply(&Command::Deselect);
            self.message = "The notation text has errors or unread edits: fix them or press Revert text first".into();
            return;
        }
        match command {
            Command::NewSameGame => self.request(PendingAction::New(self.view.variant())),
            Command::NewGame(variant) => self.request(PendingAction::New(variant)),
            Command::Open => self.request(PendingAction::Open),
            Command::OpenPath(path) => self.request(PendingAction::OpenPath(path)),
            Command::Quit => self.request(PendingAction::Quit),
            Command::OpenPuzzle(index) => self.request(PendingAction::Puzzle(index)),
            Command::OpenPuzzleFile => self.request(PendingAction::OpenPuzzles),
            Command::SolvePuzzles => self.play_puzzle_set(true),
            Command::NextPuzzle(forward) => self.next_puzzle(forward),
            Command::ClosePuzzle if self.puzzle_set => {
                // The game shows again as the file has it, its solution included.
                self.puzzle_set = false;
                self.view = view_of(self.document.shown().clone());
                self.move_list = MoveListPanel::default();
                self.message = "Puzzle closed: the game shows with its solution".into();
            }
            Command::PlayFromSetup => {
                if let Some(game) = self.view.setup_game() {
                    self.request(PendingAction::PlayFrom(Box::new(game)));
                }
            }
            Command::Save => {
                self.save();
            }
            Command::SaveAs => {
                self.save_as();
            }
            Command::SaveTo(path) => {
                self.save_as_path(&path);
            }
            Command::BoardEditor => {
                if !self.view.board_editor_open() {
                    self.view.open_board_editor();
                    self.message = "Board editor: pick a piece on the right, click cells to place it; right-click or drag a piece off the board to remove it".into();
                }
            }
            Command::CloseBoardEditor => {
                self.view.close_board_editor();
                // Its words (pick a piece, a problem) do not outlive it.
                self.message.clear();
            }
            Command::SaveAsPuzzle => {
                // The credits typed last time stay (a composer saves many puzzles).
                let mut form = self.view.puzzle_form();
                if let Some(last) = &self.puzzle_form_last {
                    form.title.clone_from(&last.title);
                    form.author.clone_from(&last.author);
                    form.source.clone_from(&last.source);
                    if form.goals.contains(&last.goal) {
                        form.goal.clone_from(&last.goal);
                        form.moves = last.moves;
                    }
                }
                self.puzzle_form = Some(form);
            }
            Command::ExportDiagram => {
                let fresh = ExportForm::for_view(
                    self.view.as_ref(),
                    self.settings.flipped,
                    self.settings.coordinates,
                    self.settings.show_marks,
                );
                let derived = fresh.title.clone();
                let form = match &self.export_last {
                    Some((last, derived_then)) => last.again(fresh, derived_then),
                    None => fresh,
                };
                self.export_last = Some((form.clone(), derived));
                self.export = Some(form);
            }
            Command::ExportGif => {
                let game = self.view.to_game();
                self.gif = Some(match self.gif_last.take() {
                    Some(last) => last.for_game(&game),
                    None => GifForm::new(
                        &game,
                        self.settings.flipped,
                        self.settings.coordinates,
                        self.settings.show_marks,
                        self.settings.analysis,
                    ),
                });
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::CopyPosition => {
                self.outbox.push(Outgoing::Text(self.view.position_string()));
                self.message = "Position copied".into();
            }
            Command::PastePosition => self.paste_text = Some(String::new()),
            Command::Paste => self.outbox.push(Outgoing::RequestPaste),
            Command::PasteText(text) if std::mem::take(&mut self.paste_into_file) => self.paste_into_file(&text),
            Command::PasteText(text) => self.paste(&text),
            Command::PasteGamesIntoFile => {
                self.paste_into_file = true;
                self.outbox.push(Outgoing::RequestPaste);
                // Said at once: an empty clipboard sends nothing back.
                self.message =
                    "Paste games: the games on the clipboard go into the file (an empty clipboard adds none)".into();
            }
            Command::SetPosition(text) if read_position(self.view.variant(), &text).is_none() => self.paste(&text),
            Command::CopyGameText => {
                self.outbox.push(Outgoing::Text(write_any(&self.view.to_game())));
                self.message = "Game text copied".into();
            }
            Command::FlipBoard => self.settings.flipped = !self.settings.flipped,
            Command::ToggleCoordinates => self.settings.coordinates = !self.settings.coordinates,
            Command::ToggleHints => self.settings.hints = !self.settings.hints,
            Command::ToggleMarks => self.settings.show_marks = !self.settings.show_marks,
            Command::ToggleNotationEditor => {
                self.settings.notation_editor = !self.settings.notation_editor;
                if self.settings.notation_editor {
                    self.editor.focus();
                }
            }
            Command::ToggleTheme => {
                self.settings.theme = if self.settings.theme == Theme::Dark { Theme::Light } else { Theme::Dark };
            }
            Command::ShowShortcuts => self.show_shortcuts = true,
            Command::ToggleGamesList => self.games_list = !self.games_list,
            Command::ToggleOpeningTree => self.opening_tree_open = !self.opening_tree_open,
            Command::ResetLayout => {
                self.settings.layout = crate::app::layout::Layout::default();
                self.message = "The panes are back in their places".into();
            }
            Command::FilterGames(what, games) => {
                // These games are a position search of their own: another one would
                // combine with it (and usually leave nothing).
                let searching = self.games.search != crate::app::games_list::PositionSearch::Off;
                self.games.search = crate::app::games_list::PositionSearch::Off;
                let n = games.len();
                self.message = format!(
                    "The games list keeps the {n} game{} that {what}{}{}",
                    if n == 1 { "" } else { "s" },
                    if self.games_filter.trim().is_empty() { "" } else { " and match the filter words" },
                    if searching { " (its position search is set back to Any)" } else { "" }
                );
                self.games.only = Some((what, games, self.document.structure_revision()));
                self.games.only_at = Some(self.view.position_key());
                self.games_list = true;
            }
            Command::ToggleAnalysis => {
                self.settings.analysis = !self.settings.analysis;
                self.settings.threat = false;
            }
            Command::ToggleThreat => {
                self.settings.threat = !self.settings.threat;
                self.settings.analysis |= self.settings.threat;
            }
            Command::AnalyseGame => self.edit(Command::StartReport(self.settings.report_nodes)),
            Command::LearnFromMistakes => {
                // The engine's lines would give the answers away.
                self.settings.analysis = false;
                self.settings.threat = false;
                self.edit(Command::LearnFromMistakes);
            }
            Command::NewComputerGameForm => {
                let last = self.last_game_forms[0].clone();
                self.new_game_form = Some(last.unwrap_or(NewGameForm {
                    variant: self.view.variant(),
                    computer: true,
                    user_side: Some(0),
                    level: 3,
                    clock: None,
                    handicap: [0, 0],
                }));
            }
            Command::NewClockGameForm => {
                let last = self.last_game_forms[1].clone().filter(|f| f.clock.is_some());
                self.new_game_form = Some(last.unwrap_or(NewGameForm {
                    variant: self.view.variant(),
                    computer: false,
                    user_side: Some(0),
                    level: 3,
                    clock: Some("300+3".into()),
                    handicap: [0, 0],
                }));
            }
            Command::NewClockGame { variant, clock } => self.request(PendingAction::Clock { variant, clock }),
            Command::NewComputerGame { variant, user_side, level, clock } => {
                // "Random": a bit of the clock (its low bits change fastest).
                let user_side = user_side.unwrap_or_else(|| (crate::app::opponent::clock_seed() >> 10) as usize & 1);
                let level = Level::new(level).unwrap_or(Level::MAX);
                self.request(PendingAction::Computer { variant, user_side: user_side.min(1), level, clock });
            }
            Command::SetAnalysisLines(n) => self.settings.analysis_lines = n.clamp(1, 5),
            Command::SetAnalysisTime(seconds) => self.settings.analysis_seconds = seconds,
            Command::ShowGame(index) => {
                if self.notation_text_pending() {
                    self.message =
                        "The notation text has errors or unread edits: fix them or press Revert text first".into();
                } else {
                    self.show_game(index);
                }
            }
            Command::ShowGameAt(index, path) => {
                if self.notation_text_pending() {
                    self.message =
                        "The notation text has errors or unread edits: fix them or press Revert text first".into();
                } else {
                    self.show_game(index);
                    if self.document.current == index {
                        self.view.follow_path(&path);
                        let plies = path.len();
                        // A position found off the main line (a variation, such as a
                        // report's better move) says so.
                        let line = if path.iter().any(|&k| k > 0) { ", in a variation" } else { "" };
                        self.message = format!(
                            "Game {} opened at the position found ({plies} pl{} in{line})",
                            self.document.number_of(index),
                            if plies == 1 { "y" } else { "ies" }
                        );
                    }
                }
            }
            Command::NewGameInFile => {
                let game = AnyGame::new(self.view.variant());
                self.insert_games(vec![game]);
            }
            Command::DuplicateGame => {
                let game = self.view.to_game();
                self.insert_games(vec![game]);
            }
            Command::DeleteGame(index) => self.delete_game(index),
            Command::MakeStudy(name) => self.make_study(name.trim()),
            Command::SetChapter { title, section, mode } => {
                use crate::record::study::{CHAPTER_TAG, MODE_TAG, SECTION_TAG};
                for (key, value) in [(CHAPTER_TAG, title.trim()), (SECTION_TAG, section.trim()), (MODE_TAG, mode.key())]
                {
                    if self.view.tag(key).as_deref().unwrap_or("") != value {
                        self.edit(Command::SetTag(key.into(), value.into()));
                    }
                }
                // A quiz chapter goes back to where its reader begins, its moves
                // hidden: shown from where it stood, it would give them away.
                if mode.is_quiz() {
                    self.view.go_to_reader_start();
                    self.move_list = MoveListPanel::default();
                }
                self.message = format!("Chapter {}: {}", self.document.current + 1, title.trim());
            }
            Command::MoveGame { from, to } => self.move_game(from, to),
            Command::ShowProblem { number, line, column } => self.show_problem(number, line, column),
            Command::InsertComment => {
                if self.settings.notation_editor && !self.editor.is_dirty() {
                    self.editor.insert_comment(self.now);
                }
            }
            Command::SolveShown(stipulation) => {
                if let Err(e) = self.view.solve_shown(stipulation) {
                    self.message = e;
                }
            }
            Command::ReplaceGame { game, caret } => {
                let before = self.snapshot();
                if !self.view.replace_game((*game).clone()) {
                    self.view = view_of(*game);
                }
                let _ = self.view.apply(&Command::Jump(caret.unwrap_or(NodeId::ROOT)));
                self.record_history(before);
                self.changed();
                self.message.clear();
            }
            other => {
                if matches!(other, Command::ToggleMark { .. }) {
                    self.settings.show_marks = true;
                }
                self.edit(other);
            }
        }
    }

    /// Applies a command to the shown game, keeping history when it changed.
    pub(super) fn edit(&mut self, command: Command) {
        let before = command.edits_document().then(|| self.snapshot());
        let applied = self.view.apply(&command);
        if let Some(message) = applied.message {
            self.message = message;
        }
        if applied.changed
            && let Some(before) = before
        {
            self.record_history(before);
            self.changed();
        }
    }

    /// The shown game changed: the document takes it (a puzzle being solved is not the
    /// user's work, so it does not count as unsaved).
    pub(super) fn changed(&mut self) {
        self.autosave.touch(self.now);
        let game = self.view.to_game();
        if self.solving() {
            // A puzzle set's games stay as the file has them (their solutions).
            if !self.puzzle_set {
                self.document.set_shown(game);
            }
        } else {
            self.document.change_shown(game);
        }
    }

    /// Asks before `action` drops unsaved work; does it at once when nothing is unsaved.
    pub fn request(&mut self, action: PendingAction) {
        if self.document.modified && !matches!(action, PendingAction::Quit if self.quit_confirmed) {
            self.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    pub(super) fn perform(&mut self, action: PendingAction) {
        match action {
            PendingAction::New(variant) => {
                self.show_document(Document::new(AnyGame::new(variant)));
                self.message = format!("New {} game", variant.name());
            }
            PendingAction::Open => {
                let folder = self.settings.last_folder.clone();
                self.ask(DialogPurpose::Open, DialogRequest::Open { folder });
            }
            PendingAction::OpenPath(path) => {
                self.begin_open(&path);
            }
            PendingAction::Quit => self.quit_confirmed = true,
            PendingAction::Puzzle(index) => self.open_builtin_puzzle(index),
            PendingAction::OpenPuzzles => {
                let folder = self.settings.last_folder.clone();
                self.ask(DialogPurpose::OpenPuzzles, DialogRequest::Open { folder });
            }
            PendingAction::PlayFrom(game) => {
                let mut document = Document::new(*game);
                document.modified = true;
                self.show_document(document);
                self.message = "New game from the board editor's position".into();
            }
            PendingAction::Computer { variant, user_side, level, clock } => {
                self.show_document(Document::new(AnyGame::new(variant)));
                self.view.set_opponent(1 - user_side, level);
                let _ = self.view.tick(self.now);
                self.view.set_clock(clock);
                self.date_new_game();
                // The user's side at the bottom of the board.
                self.settings.flipped = user_side == 1;
                self.document.set_shown(self.view.to_game());
                self.message = format!("New {} game against Orrery (level {})", variant.name(), level.number());
            }
            PendingAction::Clock { variant, clock } => {
                let describe = clock.control.describe();
                self.show_document(Document::new(AnyGame::new(variant)));
                // The first player at the bottom, whatever the last game needed.
                self.settings.flipped = false;
                let _ = self.view.tick(self.now);
                self.view.set_clock(Some(clock));
                self.date_new_game();
                self.document.set_shown(self.view.to_game());
                self.message = format!("New {} game with a clock: {describe}", variant.name());
            }
            PendingAction::OpenGame(game) => {
                let variant = game.variant();
                let mut document = Document::new(*game);
                document.modified = true;
                self.show_document(document);
                self.message = format!("Pasted a {} game", variant.name());
            }
        }
    }

    /// Writes today's date (UTC) into the new game's Date tag, as `2026.12.01`.
    pub(super) fn date_new_game(&mut self) {
        let days = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() / 86_400) as i64;
        let (y, m, d) = civil_from_days(days);
        let _ = self.view.apply(&Command::SetTag("Date".into(), format!("{y:04}.{m:02}.{d:02}")));
    }
}
