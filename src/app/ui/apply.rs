//! Carrying out commands: [`OrreryApp::apply`], the one place the document changes after a frame, and the actions that wait for the unsaved-work prompt.

use super::*;

impl OrreryApp {
    /// Whether the notation editor holds text the game does not (unread or wrong), so
    /// the shown game may not change under it.
    pub(super) fn notation_text_pending(&self) -> bool {
        self.settings.notation_editor && self.shell.editor.is_dirty()
    }

    /// Shows the game numbered `number` in the file and opens the notation editor on
    /// its text as it stands there, the caret at `line`:`column` of the file.
    pub(super) fn show_problem(&mut self, number: usize, line: u32, column: u32) {
        let Some(index) = self.workspace.document.index_of_number(number) else { return };
        let source = self.workspace.document.origin(index).and_then(|o| o.source.clone());
        let same_text = source.as_ref().is_some_and(|s| s.text == self.shell.editor.text);
        if self.notation_text_pending() && !(index == self.workspace.document.current() && same_text) {
            self.workspace.message = NOTATION_PENDING.into();
            return;
        }
        self.show_game(index);
        if let Some(source) = source {
            let caret = source.offset_of(line, column).unwrap_or(0);
            self.settings.notation_editor = true;
            self.shell.editor.open_on_text(&*self.workspace.view, source.text, caret, self.now);
            self.workspace.message = format!("Game {number} as it stands in the file: fix it in the notation editor");
        }
    }

    /// Carries out a command: the one place where the document changes. Its effects
    /// (a job, a dialog, a window) are carried out after it.
    pub fn apply(&mut self, command: Command) {
        let effects = self.handle(command);
        self.carry_out(effects);
        // "Learn from your mistakes" turned the analysis off; it comes back when the
        // lesson ends, however it ends (Stop, the last mistake, another game).
        if self.workspace.analysis_after_learning && !self.workspace.view.learning() {
            self.workspace.analysis_after_learning = false;
            self.settings.analysis = true;
        }
    }

    /// Carries out a command on the workspace and returns what it asks for beyond it.
    fn handle(&mut self, command: Command) -> Vec<Effect> {
        if command.blocked_by_notation_text() && self.settings.notation_editor && self.shell.editor.is_dirty() {
            let _ = self.workspace.view.apply(&GameCommand::Deselect);
            self.workspace.message = NOTATION_PENDING.into();
            return Vec::new();
        }
        // Every command is named here: a new one that nothing handles does not compile.
        // The arms with effects return them; the others change the workspace alone.
        match command {
            Command::NewSameGame => return self.requested(PendingAction::New(self.workspace.view.variant())),
            Command::Open => return self.requested(PendingAction::Open),
            Command::Quit => return self.requested(PendingAction::Quit),
            Command::OpenPuzzleFile => return self.requested(PendingAction::OpenPuzzles),
            Command::SolvePuzzles => self.play_puzzle_set(true),
            Command::Game(GameCommand::ClosePuzzle) if self.workspace.puzzle_set => self.close_puzzle_set(),
            Command::PlayFromSetup => {
                if let Some(game) = self.workspace.view.setup_game() {
                    return self.requested(PendingAction::PlayFrom(Box::new(game)));
                }
            }
            Command::Save => return self.save_effect(),
            Command::SaveAs => return vec![self.save_as_effect(None)],
            Command::BoardEditor => self.open_board_editor(),
            Command::CloseBoardEditor => self.close_board_editor(),
            Command::SaveAsPuzzle => return vec![self.open_puzzle_form()],
            Command::ExportDiagram => return vec![self.open_export_form()],
            Command::ExportGif => return vec![self.open_gif_form()],
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::CopyPosition => {
                return vec![self.copy_text(self.workspace.view.position_string(), "Position copied")];
            }
            Command::PastePosition => return vec![Effect::Show(Window::PastePosition)],
            Command::Paste => return vec![Effect::Send(Outgoing::RequestPaste)],
            Command::PasteGamesIntoFile => return vec![self.ask_for_pasted_games()],
            Command::Game(GameCommand::SetPosition(text))
                if read_position(self.workspace.view.variant(), &text).is_none() =>
            {
                return self.paste(&text);
            }
            Command::CopyGameText => {
                return vec![self.copy_text(write_any(&self.workspace.view.game()), "Game text copied")];
            }
            Command::FlipBoard => self.settings.flipped = !self.settings.flipped,
            Command::ToggleCoordinates => self.settings.coordinates = !self.settings.coordinates,
            Command::ToggleHints => self.settings.hints = !self.settings.hints,
            Command::ToggleMarks => self.settings.show_marks = !self.settings.show_marks,
            Command::ToggleNotationEditor => self.toggle_notation_editor(),
            Command::ToggleTheme => {
                self.settings.theme = if self.settings.theme == Theme::Dark { Theme::Light } else { Theme::Dark };
            }
            Command::ShowShortcuts => return vec![Effect::Show(Window::Shortcuts)],
            Command::ShowWelcome => return vec![Effect::Show(Window::Welcome)],
            Command::ShowAbout => return vec![Effect::Show(Window::About)],
            Command::ToggleGamesList => self.settings.games_list = !self.settings.games_list,
            Command::ToggleOpeningTree => self.settings.opening_tree = !self.settings.opening_tree,
            Command::ResetLayout => self.reset_layout(),
            Command::ToggleAnalysis => {
                self.settings.analysis = !self.settings.analysis;
                self.settings.threat = false;
            }
            Command::ToggleThreat => {
                self.settings.threat = !self.settings.threat;
                self.settings.analysis |= self.settings.threat;
            }
            Command::AnalyseGame => self.edit(GameCommand::StartReport(self.settings.report_nodes)),
            Command::Game(GameCommand::LearnFromMistakes) => self.learn_from_mistakes(),
            Command::NewComputerGameForm => return vec![self.open_new_game_form(true)],
            Command::NewClockGameForm => return vec![self.open_new_game_form(false)],
            Command::NewGameInFile => self.insert_games(vec![AnyGame::new(self.workspace.view.variant())]),
            Command::DuplicateGame => self.insert_games(vec![(*self.workspace.view.game()).clone()]),
            Command::FocusMoveBox => self.shell.move_list.focus_move_box = true,
            Command::NewStudyForm => return vec![Effect::Show(Window::Study(StudyForm::new_study()))],
            Command::AddToStudyForm => {
                let game = self.workspace.view.game();
                let title = crate::record::study::Chapter::of(&game, self.workspace.document.current()).title;
                return vec![Effect::Show(Window::Study(StudyForm::add_to_study(title)))];
            }
            Command::InsertComment => self.insert_comment(),
            Command::Game(mark @ GameCommand::ToggleMark { .. }) => {
                self.settings.show_marks = true;
                self.edit(mark);
            }
            Command::Act(action) => return self.apply_action(action),
            // The shown game's own commands: its view carries them out.
            Command::Game(game) => self.edit(game),
        }
        Vec::new()
    }

    /// Carries out a typed action on the workspace ([`Command::Act`]) and returns what
    /// it asks for beyond it.
    fn apply_action(&mut self, action: Action) -> Vec<Effect> {
        // Every action is named here: a new one that nothing handles does not compile.
        match action {
            Action::NewGame(variant) => return self.requested(PendingAction::New(variant)),
            Action::Learn(action) => return self.learn(action),
            Action::ShowRules(variant) => return vec![Effect::Show(Window::Rules(variant))],
            Action::OpenPath(path) => return self.requested(PendingAction::OpenPath(path)),
            Action::OpenPuzzle(index) => return self.requested(PendingAction::Puzzle(index)),
            Action::NextPuzzle(forward) => self.next_puzzle(forward),
            Action::SaveTo(path) => return vec![Effect::Save(with_format(&path), None)],
            Action::PasteText(text) if std::mem::take(&mut self.shell.paste_into_file) => self.paste_into_file(&text),
            Action::PasteText(text) => return self.paste(&text),
            Action::FilterGames(what, games) => self.keep_games(what, games),
            Action::NewClockGame { variant, clock } => return self.requested(PendingAction::Clock { variant, clock }),
            Action::NewComputerGame { variant, user_side, level, clock } => {
                return self.computer_game(variant, user_side, level, clock);
            }
            Action::SetAnalysisLines(n) => self.settings.analysis_lines = n.clamp(1, 5),
            Action::SetAnalysisTime(seconds) => self.settings.analysis_seconds = seconds,
            Action::ShowGame(index) => self.show_game_asked(index, None),
            Action::ShowGameAt(index, path) => self.show_game_asked(index, Some(path)),
            Action::DeleteGame(index) => self.delete_game(index),
            Action::MakeStudy(name) => self.make_study(name.trim()),
            Action::SetChapter { title, section, mode } => self.set_chapter(&title, &section, mode),
            Action::MoveGame { from, to } => self.move_game(from, to),
            Action::ShowProblem { number, line, column } => self.show_problem(number, line, column),
            Action::SolveShown(stipulation) => self.solve_shown(stipulation),
            Action::ReplaceGame { game, caret } => self.replace_game(game, caret),
        }
        Vec::new()
    }

    fn close_board_editor(&mut self) {
        self.workspace.view.close_board_editor();
        // Its words (pick a piece, a problem) do not outlive it.
        self.workspace.message.clear();
    }

    /// Puts `text` on the clipboard and says `done`.
    fn copy_text(&mut self, text: String, done: &str) -> Effect {
        self.workspace.message = done.into();
        Effect::Send(Outgoing::Text(text))
    }

    fn toggle_notation_editor(&mut self) {
        self.settings.notation_editor = !self.settings.notation_editor;
        if self.settings.notation_editor {
            self.shell.editor.focus();
        }
    }

    /// View → Reset layout: the panes back in their places.
    fn reset_layout(&mut self) {
        self.settings.layout = crate::app::layout::Layout::default();
        self.workspace.message =
            "Layout reset: the board on the left, the move list and the analysis on the right".into();
    }

    fn learn_from_mistakes(&mut self) {
        // The engine's lines would give the answers away: the analysis is off for the
        // lesson and comes back after it.
        self.workspace.analysis_after_learning |= self.settings.analysis;
        self.settings.analysis = false;
        self.settings.threat = false;
        self.edit(GameCommand::LearnFromMistakes);
    }

    /// A new game against the computer (after the unsaved-work prompt); `user_side`
    /// `None`: chosen at random.
    fn computer_game(
        &mut self,
        variant: Variant,
        user_side: Option<usize>,
        level: u8,
        clock: Option<ClockSetup>,
    ) -> Vec<Effect> {
        // "Random": a bit of the clock (its low bits change fastest).
        let user_side = user_side.unwrap_or_else(|| (crate::app::opponent::clock_seed() >> 10) as usize & 1);
        let level = Level::new(level).unwrap_or(Level::MAX);
        self.requested(PendingAction::Computer { variant, user_side: user_side.min(1), level, clock })
    }

    fn insert_comment(&mut self) {
        if self.settings.notation_editor && !self.shell.editor.is_dirty() {
            self.shell.editor.insert_comment(self.now);
        }
    }

    fn solve_shown(&mut self, stipulation: Stipulation) {
        if let Err(e) = self.workspace.view.solve_shown(stipulation) {
            self.workspace.message = e;
        }
    }

    /// The puzzle set closes: the game shows again as the file has it, its solution
    /// included.
    fn close_puzzle_set(&mut self) {
        self.workspace.puzzle_set = false;
        self.workspace.view = view_of(self.workspace.document.shown().clone());
        self.shell.move_list = MoveListPanel::default();
        self.workspace.message = "Puzzle closed: the game shows with its solution".into();
    }

    fn open_board_editor(&mut self) {
        if !self.workspace.view.board_editor_open() {
            self.workspace.view.open_board_editor();
            self.workspace.message = "Board editor: pick a piece on the right, click cells to place it; right-click or drag a piece off the board to remove it".into();
        }
    }

    /// Save as puzzle's form, with the credits typed last time (a composer saves many
    /// puzzles).
    fn open_puzzle_form(&mut self) -> Effect {
        let mut form = self.workspace.view.puzzle_form();
        if let Some(last) = &self.shell.puzzle_form_last {
            form.title.clone_from(&last.title);
            form.author.clone_from(&last.author);
            form.source.clone_from(&last.source);
            if form.goals.contains(&last.goal) {
                form.goal.clone_from(&last.goal);
                form.moves = last.moves;
            }
        }
        Effect::Show(Window::PuzzleForm(Box::new(form)))
    }

    /// The Export diagram window, with the last choices.
    fn open_export_form(&mut self) -> Effect {
        let fresh = ExportForm::for_view(
            &*self.workspace.view,
            self.settings.flipped,
            self.settings.coordinates,
            self.settings.show_marks,
        );
        let derived = fresh.clone();
        let form = match &self.shell.export_last {
            Some((last, derived_then)) => last.again(fresh, derived_then),
            None => fresh,
        };
        self.shell.export_last = Some((form.clone(), derived));
        Effect::Show(Window::Export(Box::new(form), None))
    }

    /// The Export GIF window, with the last choices.
    fn open_gif_form(&mut self) -> Effect {
        let game = self.workspace.view.game();
        let form = match self.shell.gif_last.take() {
            Some((last, last_game)) => last.for_game(&game, &last_game),
            None => GifForm::new(
                &game,
                self.settings.flipped,
                self.settings.coordinates,
                self.settings.show_marks,
                self.settings.analysis,
            ),
        };
        Effect::Show(Window::Gif(Box::new(form), None))
    }

    /// Paste games into this file: the clipboard's text is asked for.
    fn ask_for_pasted_games(&mut self) -> Effect {
        self.shell.paste_into_file = true;
        // Said at once: an empty clipboard sends nothing back.
        self.workspace.message =
            "Paste games: the games on the clipboard go into the file (an empty clipboard adds none)".into();
        Effect::Send(Outgoing::RequestPaste)
    }

    /// The games list keeps only `games` (an opening tree's count).
    fn keep_games(&mut self, what: String, games: Vec<usize>) {
        // These games are a position search of their own: another one would combine
        // with it (and usually leave nothing).
        let searching = self.shell.games.search != crate::app::games_list::PositionSearch::Off;
        self.shell.games.search = crate::app::games_list::PositionSearch::Off;
        let n = games.len();
        self.workspace.message = format!(
            "The games list keeps the {n} game{} that {what}{}{}",
            if n == 1 { "" } else { "s" },
            if self.shell.games_filter.trim().is_empty() { "" } else { " and match the filter words" },
            if searching { " (its position search is set back to Any)" } else { "" }
        );
        self.shell.games.only = Some((what, games, self.workspace.document.structure_revision()));
        self.shell.games.only_at = Some(self.workspace.view.position_key());
        self.settings.games_list = true;
    }

    /// The New game against the computer window (`computer`) or New game with a clock,
    /// with the choices of the last game started from it.
    fn open_new_game_form(&self, computer: bool) -> Effect {
        let variant = self.workspace.view.variant();
        Effect::Show(Window::NewGame(if computer {
            self.shell.last_game_forms[0].clone().unwrap_or(NewGameForm {
                variant,
                computer: true,
                user_side: Some(0),
                level: 3,
                clock: None,
                handicap: [0, 0],
            })
        } else {
            self.shell.last_game_forms[1].clone().filter(|f| f.clock.is_some()).unwrap_or(NewGameForm {
                variant,
                computer: false,
                user_side: Some(0),
                level: 3,
                clock: Some("300+3".into()),
                handicap: [0, 0],
            })
        }))
    }

    /// Shows game `index` of the file, at the move `path` leads to when given (a game a
    /// position search found), unless the notation editor holds text the game does not.
    fn show_game_asked(&mut self, index: usize, path: Option<Vec<usize>>) {
        if self.notation_text_pending() {
            self.workspace.message = NOTATION_PENDING.into();
            return;
        }
        self.show_game(index);
        let Some(path) = path else { return };
        if self.workspace.document.current() == index {
            self.workspace.view.follow_path(&path);
            let plies = path.len();
            // A position found off the main line (a variation, such as a report's
            // better move) says so.
            let line = if path.iter().any(|&k| k > 0) { ", in a variation" } else { "" };
            self.workspace.message = format!(
                "Game {} opened at the position found ({plies} pl{} in{line})",
                self.workspace.document.number_of(index),
                if plies == 1 { "y" } else { "ies" }
            );
        }
    }

    /// The shown chapter's title, section and mode, as tags.
    fn set_chapter(&mut self, title: &str, section: &str, mode: crate::record::study::ChapterMode) {
        use crate::record::study::{CHAPTER_TAG, MODE_TAG, SECTION_TAG};
        for (key, value) in [(CHAPTER_TAG, title.trim()), (SECTION_TAG, section.trim()), (MODE_TAG, mode.key())] {
            if self.workspace.view.tag(key).as_deref().unwrap_or("") != value {
                self.edit(GameCommand::SetTag(key.into(), value.into()));
            }
        }
        // A quiz chapter goes back to where its reader begins, its moves hidden: shown
        // from where it stood, it would give them away.
        if mode.is_quiz() {
            self.workspace.view.go_to_reader_start();
            self.shell.move_list = MoveListPanel::default();
        }
        self.workspace.message = format!("Chapter {}: {}", self.workspace.document.current() + 1, title.trim());
    }

    /// The notation editor's text, read: the shown game becomes it (one undo step).
    fn replace_game(&mut self, game: std::sync::Arc<AnyGame>, caret: Option<NodeId>) {
        let before = self.snapshot();
        if !self.workspace.view.replace_game(game.clone()) {
            self.workspace.view = view_of(game);
        }
        let _ = self.workspace.view.apply(&GameCommand::Jump(caret.unwrap_or(NodeId::ROOT)));
        self.record_history(before);
        self.changed();
        self.workspace.message.clear();
    }

    /// Applies a command to the shown game, keeping history when it changed.
    pub(super) fn edit(&mut self, command: GameCommand) {
        let before = command.edits_document().then(|| self.snapshot());
        let applied = self.workspace.view.apply(&command);
        if let Some(message) = applied.message {
            self.workspace.message = message;
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
        self.platform.autosave.touch(self.now);
        let game = self.workspace.view.game();
        if self.solving() {
            // A puzzle set's games stay as the file has them (their solutions).
            if !self.workspace.puzzle_set {
                self.workspace.document.set_shown(game);
            }
        } else {
            self.workspace.document.change_shown(game);
        }
    }

    /// Asks before `action` drops unsaved work; does it at once when nothing is
    /// unsaved (with its effects).
    pub fn request(&mut self, action: PendingAction) {
        let effects = self.requested(action);
        self.carry_out(effects);
    }

    /// `action` waits for the unsaved-work prompt when there is unsaved work; else it is
    /// the effect returned.
    pub(super) fn requested(&mut self, action: PendingAction) -> Vec<Effect> {
        if self.workspace.document.modified && !matches!(action, PendingAction::Quit if self.platform.quit_confirmed) {
            self.workspace.pending = Some(action);
            Vec::new()
        } else {
            vec![Effect::Perform(action)]
        }
    }

    /// Does an action that may drop the shown work (asked about already), and returns
    /// its effects (a dialog, a file read).
    pub(super) fn perform(&mut self, action: PendingAction) -> Vec<Effect> {
        match action {
            PendingAction::New(variant) => {
                self.show_document(Document::new(AnyGame::new(variant)));
                // A game played here is dated today, as games against the computer are.
                self.date_new_game();
                self.workspace.document.set_shown(self.workspace.view.game());
                self.workspace.message = format!("New {} game", variant.name());
            }
            PendingAction::Open => {
                let folder = self.dialog_folder();
                return vec![Effect::ask(DialogPurpose::Open, DialogRequest::Open { folder })];
            }
            PendingAction::OpenPath(path) => return vec![open_effect(&path)],
            PendingAction::Quit => self.platform.quit_confirmed = true,
            PendingAction::Puzzle(index) => return self.open_builtin_puzzle(index).into_iter().collect(),
            PendingAction::OpenPuzzles => {
                let folder = self.dialog_folder();
                return vec![Effect::ask(DialogPurpose::OpenPuzzles, DialogRequest::Open { folder })];
            }
            PendingAction::NewStudy(game) => {
                let name = crate::record::study::study_name(std::slice::from_ref(&*game)).unwrap_or_default();
                let mut document = Document::new(*game);
                document.modified = true;
                self.show_document(document);
                self.settings.games_list = true;
                self.workspace.message = format!(
                    "New study \"{name}\" with one chapter: save it (Ctrl+S), then add chapters with Add to study… \
                     from other games, or New game in the games list"
                );
            }
            PendingAction::PlayFrom(game) => {
                let mut document = Document::new(*game);
                document.modified = true;
                self.show_document(document);
                self.workspace.message = "New game from the board editor's position".into();
            }
            PendingAction::Computer { variant, user_side, level, clock } => {
                self.show_document(Document::new(AnyGame::new(variant)));
                self.workspace.view.set_opponent(1 - user_side, level);
                let _ = self.workspace.view.tick(self.now);
                self.workspace.view.set_clock(clock);
                self.date_new_game();
                // The user's side at the bottom of the board, for this game.
                self.settings.flipped = user_side == 1;
                self.workspace.flipped_for_computer = user_side == 1;
                self.workspace.document.set_shown(self.workspace.view.game());
                // The engine's lines would play the game for the user.
                let was_analysing = std::mem::replace(&mut self.settings.analysis, false);
                self.settings.threat = false;
                self.workspace.message = format!(
                    "New {} game against Orrery (level {}){}",
                    variant.name(),
                    level.number(),
                    if was_analysing { "; the analysis is off while you play (L turns it on)" } else { "" }
                );
            }
            PendingAction::LessonGame { game, user_side, level } => {
                let variant = game.variant();
                self.workspace.learn = None;
                self.show_document(Document::new(*game));
                self.workspace.view.set_opponent(1 - user_side, level);
                self.date_new_game();
                self.settings.flipped = user_side == 1;
                self.workspace.flipped_for_computer = user_side == 1;
                self.workspace.document.set_shown(self.workspace.view.game());
                self.settings.analysis = false;
                self.settings.threat = false;
                self.workspace.message = format!(
                    "{} against Orrery (level {}): win it to finish the course (Learn {} in the Help menu goes back to it)",
                    variant.name(),
                    level.number(),
                    variant.name()
                );
            }
            PendingAction::Clock { variant, clock } => {
                let describe = clock.control.describe();
                self.show_document(Document::new(AnyGame::new(variant)));
                // The first player at the bottom, whatever the last game needed.
                self.settings.flipped = false;
                let _ = self.workspace.view.tick(self.now);
                self.workspace.view.set_clock(Some(clock));
                self.date_new_game();
                self.workspace.document.set_shown(self.workspace.view.game());
                self.workspace.message = format!("New {} game with a clock: {describe}", variant.name());
            }
            PendingAction::OpenGame(game) => {
                let variant = game.variant();
                let mut document = Document::new(*game);
                document.modified = true;
                self.show_document(document);
                self.workspace.message = format!("Pasted a {} game", variant.name());
            }
        }
        Vec::new()
    }

    /// Writes today's date (UTC) into the new game's Date tag, as `2026.12.01`.
    pub(super) fn date_new_game(&mut self) {
        let days = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() / 86_400) as i64;
        let (y, m, d) = civil_from_days(days);
        let _ = self.workspace.view.apply(&GameCommand::SetTag("Date".into(), format!("{y:04}.{m:02}.{d:02}")));
    }
}
