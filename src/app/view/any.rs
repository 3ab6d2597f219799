//! The shown game behind [`AnyView`]: every method the app calls on the one erased
//! game, for any game `G`.

use super::*;

impl<G: AppGame> AnyView for GameView<G> {
    fn variant(&self) -> Variant {
        G::VARIANT
    }

    fn set_in_study(&mut self, in_study: bool) {
        self.in_study = in_study;
    }

    fn go_to_reader_start(&mut self) {
        self.reader_start();
    }

    fn side_to_move_name(&self) -> String {
        crate::app::session::capitalise(self.session.position().side_to_move().name())
    }

    fn hovered_cell(&self) -> Option<String> {
        self.hover.map(G::cell_caption)
    }

    fn move_sound(&self) -> Option<(NodeId, crate::app::sounds::Sound)> {
        use crate::app::sounds::Sound;
        let s = &self.session;
        let node = s.record.tree.node(s.cursor);
        node.mv?;
        let parent = node.parent?;
        let position = s.position();
        let sound = if position.outcome().is_some() {
            Sound::End
        } else if position.checked_cell().is_some() {
            Sound::Check
        } else if s.notation_of(s.cursor).contains('x') {
            Sound::Capture
        } else {
            Sound::Move
        };
        Some((parent, sound))
    }

    fn game(&self) -> Arc<AnyGame> {
        self.session.record.any().clone()
    }

    fn record_revision(&self) -> u64 {
        self.session.record.revision()
    }

    fn replace_game(&mut self, game: Arc<AnyGame>) -> bool {
        match SharedRecord::from_any(game) {
            Ok(record) => {
                self.session = GameSession::from_shared(record);
                self.promotion = None;
                self.rebuild_clock();
                true
            }
            Err(_) => false,
        }
    }

    fn cursor(&self) -> NodeId {
        self.session.cursor
    }

    fn cursor_path(&self) -> Vec<usize> {
        self.session.cursor_path()
    }

    fn follow_path(&mut self, path: &[usize]) {
        self.session.follow_path(path);
    }

    fn position_string(&self) -> String {
        self.session.position().position_string()
    }

    fn position_key(&self) -> u64 {
        self.session.position().zobrist()
    }

    fn hides_moves(&self) -> bool {
        self.quizzing()
    }

    fn analysis_move_scores(&self) -> Vec<(String, String)> {
        if self.threat {
            return Vec::new();
        }
        let Some(snapshot) = self.current_analysis() else { return Vec::new() };
        let pos = self.session.position();
        snapshot
            .lines
            .iter()
            .filter_map(|line| line.pv.first().map(|&mv| (pos.notation(mv), score_text(line.score))))
            .collect()
    }

    fn status(&self) -> (String, bool) {
        self.session.status()
    }

    fn banner(&self) -> Option<String> {
        self.session.banner()
    }

    fn game_over(&self) -> bool {
        self.session.game_over()
    }

    fn draws(&self) -> (bool, bool) {
        let s = &self.session;
        (G::HAS_DRAWS, G::HAS_DRAWS && s.position().can_claim_draw(&s.position_keys()))
    }

    fn tag(&self, key: &str) -> Option<String> {
        self.session.record.tags.get(key).map(str::to_string)
    }

    fn apply(&mut self, command: &GameCommand) -> Applied {
        let end_before = self.main_line_end();
        let applied = self.apply_command(command);
        if applied.changed {
            self.clock_after_change(end_before);
            self.hint = None;
        }
        applied
    }

    fn open_board_editor(&mut self) {
        self.setup = Some(SetupMode::of_position(&self.session.position()));
    }

    fn close_board_editor(&mut self) {
        self.setup = None;
        // A solve of the editor's position does not apply to the game.
        if self.puzzle.as_ref().is_some_and(|p| p.for_editor) {
            self.puzzle = None;
        }
    }

    fn board_editor_open(&self) -> bool {
        self.setup.is_some()
    }

    fn setup_problems(&self) -> Option<Vec<String>> {
        self.setup.as_ref().map(SetupMode::problems)
    }

    fn setup_position_string(&self) -> Option<String> {
        self.setup.as_ref().map(SetupMode::position_string)
    }

    fn set_setup_text(&mut self, text: String) {
        if let Some(setup) = &mut self.setup {
            setup.set_text(text);
        }
    }

    fn setup_game(&self) -> Option<AnyGame> {
        let position = self.setup.as_ref()?.position()?;
        Some(G::into_any(GameRecord::from_position(position)))
    }

    fn puzzle_form(&self) -> PuzzleForm {
        PuzzleForm::new::<G>()
    }

    fn puzzle_record(&self, form: &PuzzleForm) -> Option<AnyGame> {
        setup_ui::puzzle_record(self.setup.as_ref()?, form)
    }

    fn start_puzzle(&mut self, puzzle: &Puzzle) {
        let Some(record) = G::of_any(&puzzle.record) else { return };
        self.session = GameSession::from_record(fresh_record(record));
        self.setup = None;
        self.puzzle = Some(PuzzleState::open(puzzle, record));
    }

    fn solve_shown(&mut self, stipulation: Stipulation) -> Result<(), String> {
        stipulation.check_variant(G::VARIANT).map_err(|e| e.to_string())?;
        // In the board editor, its position is solved, and the result shows there.
        if let Some(setup) = &self.setup {
            let Some(position) = setup.position() else {
                let first = setup.problems().into_iter().next().unwrap_or_default();
                return Err(format!("The board editor's position is not valid yet: {first}"));
            };
            let mut state = PuzzleState::solve_shown(position, NodeId::ROOT, stipulation);
            state.title = "The board editor's position".into();
            state.for_editor = true;
            self.puzzle = Some(state);
            return Ok(());
        }
        self.puzzle = Some(PuzzleState::solve_shown(self.session.position(), self.session.cursor, stipulation));
        Ok(())
    }

    fn puzzle_status(&self) -> Option<PuzzleStatus> {
        self.puzzle.as_ref().filter(|p| !p.for_editor).map(|p| PuzzleStatus {
            solving: p.is_solving(),
            keys: p.keys(),
            feedback: p.feedback.clone(),
            solved: p.solved,
            interactive: p.interactive,
        })
    }

    fn poll(&mut self) -> bool {
        self.puzzle.as_mut().is_some_and(PuzzleState::poll)
    }

    fn sync_analysis(&mut self, request: Option<AnalysisRequest>) {
        let Some(request) = request else {
            if let Some(analysis) = &mut self.analysis
                && analysis.active()
            {
                analysis.stop();
            }
            return;
        };
        self.threat = request.threat;
        let Some(pos) = self.analysed_position() else {
            if let Some(analysis) = &mut self.analysis {
                analysis.stop();
            }
            return;
        };
        let ply = self.session.record.tree.path_to(self.session.cursor).len() + usize::from(request.threat);
        let session = &self.session;
        let history = || {
            let mut keys = session.position_keys();
            if !request.threat {
                keys.pop();
            }
            keys
        };
        let analysis = self.analysis.get_or_insert_with(|| Analysis::new(request.hash_mb));
        analysis.ensure(&pos, ply, history, request.lines, request.time);
    }

    fn analysis_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        self.analysis_panel(ui, commands);
    }

    fn set_opponent(&mut self, side: usize, level: crate::engine::Level) {
        let first = G::opening().side_to_move();
        let side = if side == 0 { first } else { first.other() };
        let opponent = Opponent::new(side, level, clock_seed());
        let roster = crate::record::game::roster(G::VARIANT);
        opponent.write_tags(&mut self.session.record.make_mut().tags, [roster[4], roster[5]]);
        self.opponent = Some(opponent);
    }

    fn poll_opponent(&mut self) -> Option<Command> {
        if let Some(answer) = self.poll_draw_offer() {
            return Some(answer);
        }
        if self.poll_hint() || self.draw_offer.is_some() {
            return None;
        }
        let Some(opponent) = &mut self.opponent else { return None };
        let s = &self.session;
        if s.closed_by_decision() {
            opponent.halt();
            return None;
        }
        // Cached while the cursor is at the end of the main line (as it is in play).
        let pos = s.main_line_end_position();
        if let Some(mv) = opponent.take_answer(pos.zobrist()) {
            self.computer_move = Some((pos.zobrist(), mv));
            return Some(Command::Game(GameCommand::PlayComputerMove));
        }
        // The keys before the end, worked out only when the computer starts thinking.
        let history = || {
            let end = s.record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT);
            let mut keys = vec![s.record.start.zobrist()];
            let mut p = s.record.start.clone();
            for id in s.record.tree.path_to(end) {
                if let Some(mv) = s.record.tree.node(id).mv {
                    p.play(mv);
                    keys.push(p.zobrist());
                }
            }
            keys.pop();
            keys
        };
        let think = match &self.clock {
            Some(clock) if clock.is_paused() => {
                opponent.halt();
                return None;
            }
            Some(clock) => clock.budget(self.now, crate::app::opponent::THINKING_TIME),
            None => crate::app::opponent::THINKING_TIME,
        };
        opponent.consider(&pos, history, think);
        None
    }

    fn opponent_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let Some(opponent) = &self.opponent else { return };
        let human = opponent.side.other();
        ui.horizontal_wrapped(|ui| {
            ui.strong(format!("You ({}) against {}", human.name(), opponent.name()));
        });
        ui.horizontal(|ui| {
            if opponent.is_thinking() {
                crate::app::busy::busy_ui(ui);
                ui.label("Thinking…");
            } else if self.session.game_over() {
                ui.label("The game is over");
            } else {
                ui.label("Your move");
            }
        });
        if let Some((key, cell)) = self.hint
            && key == self.session.position().zobrist()
        {
            ui.label(egui::RichText::new(format!("Hint: move the piece on {cell}")).color(crate::app::theme::BANNER));
        } else if self.hint_job.is_some() {
            ui.horizontal(|ui| {
                crate::app::busy::busy_ui(ui);
                ui.label("Looking for a hint…");
            });
        }
        // Whether the user has made a move yet (the main line's sides take turns from the
        // start's side to move).
        let plies = self.session.record.tree.main_line_from(NodeId::ROOT).len();
        let user_starts = self.session.record.start.side_to_move() == human;
        let moved = plies >= if user_starts { 1 } else { 2 };
        ui.horizontal(|ui| {
            if ui
                .add_enabled(moved, egui::Button::new("Take back"))
                .on_hover_text("Take back your last move and the answer to it")
                .on_disabled_hover_text("You have not moved yet")
                .clicked()
            {
                commands.push(Command::Game(GameCommand::TakeBack));
            }
            let playing = !self.session.game_over();
            if self.resign_asked && playing {
                ui.label("Resign this game?");
                if ui.button("Yes, resign").clicked() {
                    commands.push(Command::Game(GameCommand::Resign));
                    self.resign_asked = false;
                }
                if ui.button("Keep playing").clicked() {
                    self.resign_asked = false;
                }
                return;
            }
            if ui.add_enabled(playing, egui::Button::new("Resign")).clicked() {
                self.resign_asked = true;
            }
            if G::HAS_DRAWS && ui.add_enabled(playing, egui::Button::new("Offer a draw")).clicked() {
                commands.push(Command::Game(GameCommand::AgreeDraw));
            }
            let my_move = playing && !self.computer_to_move();
            if ui
                .add_enabled(my_move, egui::Button::new("Hint"))
                .on_hover_text("Mark the piece the engine would move")
                .clicked()
            {
                commands.push(Command::Game(GameCommand::Hint));
            }
        });
        if self.session.game_over()
            && self.report.is_none()
            && ui.button("Analyse game").on_hover_text("The game report: the engine looks at every move").clicked()
        {
            commands.push(Command::AnalyseGame);
        }
        ui.separator();
    }

    fn diagram_scene(&self, options: &DiagramOptions) -> Scene {
        record_diagram(&self.session.record, self.session.cursor, options)
    }

    fn caption(&self, title: &str, stipulation: &str) -> Caption {
        Caption::new(title, stipulation, &self.session.position())
    }

    fn board_ui(&mut self, ui: &mut egui::Ui, settings: &Settings, commands: &mut Vec<Command>) {
        let overlay = self.overlay(settings);
        let setup = self.session.position().to_setup();
        for event in self.show_board(ui, &setup, &overlay, settings) {
            commands.push(match event {
                BoardEvent::Clicked(cell) => Command::Game(GameCommand::ClickCell(cell.slot())),
                BoardEvent::DragStarted(cell) => Command::Game(GameCommand::DragStart(cell.slot())),
                BoardEvent::Dropped { from, to: Some(to) } if from != to => {
                    Command::Game(GameCommand::DropPiece { from: from.slot(), to: to.slot() })
                }
                BoardEvent::Dropped { .. } => continue,
                BoardEvent::RightClicked(cell) => Command::Game(GameCommand::ToggleMark {
                    from: cell.slot(),
                    to: None,
                    color: mark_color(ui.input(|i| i.modifiers)),
                }),
                BoardEvent::RightDragged { from, to } => Command::Game(GameCommand::ToggleMark {
                    from: from.slot(),
                    to: Some(to.slot()),
                    color: mark_color(ui.input(|i| i.modifiers)),
                }),
            });
        }
    }

    fn setup_board_ui(&mut self, ui: &mut egui::Ui, settings: &Settings) {
        let Some(setup) = &self.setup else { return };
        let board = setup.board.clone();
        let overlay = BoardOverlay { selected: setup.selected, hover: self.hover, ..BoardOverlay::default() };
        let events = self.show_board(ui, &board, &overlay, settings);
        if let Some(setup) = &mut self.setup {
            for event in events {
                setup_ui::apply_board_event(setup, event);
            }
        }
    }

    fn setup_panel_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        // The solver's result for the editor's position, above the editor.
        if let Some(puzzle) = self.puzzle.as_mut().filter(|p| p.for_editor) {
            puzzle.ui(ui, commands);
            let solved_here = puzzle.solution.as_ref().map(|s| s.start.position_string());
            let now = self.setup.as_ref().and_then(SetupMode::position).map(|p| p.position_string());
            if solved_here.is_some() && solved_here != now {
                ui.label(egui::RichText::new("The board has changed since: solve again for the position now").weak());
            }
        }
        if let Some(setup) = &mut self.setup {
            setup_ui::panel_ui(ui, setup, commands);
        }
    }

    fn puzzle_panel_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        if let Some(puzzle) = self.puzzle.as_mut().filter(|p| !p.for_editor) {
            puzzle.ui(ui, commands);
        }
    }

    fn move_list_ui(&mut self, ui: &mut egui::Ui, panel: &mut MoveListPanel, commands: &mut Vec<Command>) {
        if !self.quizzing() {
            panel.ui(ui, &self.session, commands);
            return;
        }
        // A quiz chapter: the moves so far, the rest hidden.
        ui.heading("Moves");
        let s = &self.session;
        let path = s.record.tree.path_to(s.cursor);
        let mut text = String::new();
        for (ply, &id) in path.iter().enumerate() {
            let (number, first) = s.record.move_number_at_ply(ply);
            if first || ply == 0 {
                text.push_str(&format!("{number}{} ", if first { "." } else { "..." }));
            }
            text.push_str(&s.notation_of(id));
            text.push(' ');
        }
        ui.label(if text.is_empty() { "(the start)".to_string() } else { text.trim_end().to_string() });
        let left = s.record.tree.main_line_from(s.cursor).len();
        let what = match self.chapter_mode() {
            ChapterMode::Recall => "play every move of the line",
            _ => "find each move of the line; the replies follow",
        };
        ui.label(
            egui::RichText::new(format!("{left} more pl{} hidden: {what}.", if left == 1 { "y" } else { "ies" }))
                .weak(),
        );
        if ui.button("Show the line").clicked() {
            commands.push(Command::Game(GameCommand::RevealLine));
        }
    }

    fn promotion_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let Some((from, to)) = self.promotion else { return };
        let kinds: Vec<&'static str> = self
            .session
            .moves_between(from, to)
            .into_iter()
            .map(|m| G::promotion(m).map_or("piece", G::Setup::kind_name))
            .collect();
        match PromotionPicker::new().show(ui, &kinds) {
            Some(PromotionOutcome::Chosen(index)) => {
                commands.push(Command::Game(GameCommand::ChoosePromotion(Some(index))))
            }
            Some(PromotionOutcome::Cancelled) => commands.push(Command::Game(GameCommand::ChoosePromotion(None))),
            None => {}
        }
    }

    fn poll_report(&mut self) -> Option<Command> {
        if let Some(judged) = self.poll_learning() {
            return Some(judged);
        }
        self.report
            .as_ref()
            .is_some_and(|job| job.finished().is_some())
            .then_some(Command::Game(GameCommand::ApplyReport))
    }

    fn report_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        // A quiz chapter's report (its graph and scores) would give the moves away.
        if self.quizzing() {
            return;
        }
        let progress = self.report.as_ref().map(|job| (job.progress(), job.elapsed()));
        if self.report_data.as_ref().is_none_or(|(at, _)| *at != self.session.record.revision()) {
            let record = &self.session.record;
            let learner = self.opponent.as_ref().map(|o| Self::side_index(o.side.other()));
            let data = ReportData {
                points: crate::study::report::graph(record),
                summary: crate::study::report::summary(record),
                learnable: !crate::study::report::mistakes(record, learner).is_empty(),
            };
            self.report_data = Some((self.session.record.revision(), data));
        }
        let Some((_, data)) = &self.report_data else { return };
        let (points, summary) = (&data.points, &data.summary);
        let first = G::opening().side_to_move();
        let names = [capitalise(first.name()), capitalise(first.other().name())];
        crate::app::report_ui::report_ui(
            ui,
            &crate::app::report_ui::ReportView {
                progress,
                points,
                cursor: self.session.cursor,
                summary,
                names: &names,
                learning: self.learning.as_ref(),
                learnable: data.learnable,
                took: self.report_time,
            },
            commands,
        );
    }

    fn tick(&mut self, now: f64) -> Option<Command> {
        self.now = now;
        let clock = self.clock.as_mut()?;
        clock.tick(now);
        (clock.flag(now).is_some() && !self.session.game_over()).then_some(Command::Game(GameCommand::FlagFall))
    }

    fn set_clock(&mut self, setup: Option<ClockSetup>) {
        let first = Self::side_index(self.session.record.start.side_to_move());
        let tags = &mut self.session.record.make_mut().tags;
        match setup {
            Some(setup) => {
                let clock = GameClock::new(setup.control, setup.handicap, first);
                clock.write_tags(tags);
                self.clock = Some(clock);
                self.rebuild_clock();
                if let Some(clock) = &mut self.clock {
                    clock.set_paused(false, self.now);
                }
            }
            None => {
                tags.remove(crate::record::annotations::TIME_CONTROL_TAG);
                tags.remove(crate::record::annotations::TIME_HANDICAP_TAG);
                self.clock = None;
            }
        }
    }

    fn report_shown(&mut self) -> bool {
        if self.report.is_some() {
            return true;
        }
        if self.quizzing() {
            return false;
        }
        match self.evaluated {
            Some((revision, evaluated)) if revision == self.session.record.revision() => evaluated,
            _ => {
                let evaluated = command_value_in_main_line(&self.session.record);
                self.evaluated = Some((self.session.record.revision(), evaluated));
                evaluated
            }
        }
    }

    fn has_clock(&self) -> bool {
        self.clock.is_some()
    }

    fn clock_running(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.reading(c.turn(), self.now).running)
    }

    fn clock_changes_in(&self) -> Option<std::time::Duration> {
        let clock = self.clock.as_ref()?;
        let reading = clock.reading(clock.turn(), self.now);
        (reading.running || !reading.delay_left.is_zero()).then(|| crate::app::clock::face_changes_in(&reading))
    }

    fn clock_ui(&mut self, ui: &mut egui::Ui, settings: &Settings, commands: &mut Vec<Command>) {
        let Some(live) = &self.clock else { return };
        // A finished game shows the clocks as they stood at the shown move.
        let at_cursor = (live.is_stopped() && self.session.cursor != self.main_line_end())
            .then(|| self.clock_at(self.session.cursor))
            .flatten();
        let clock = at_cursor.as_ref().unwrap_or(live);
        let first = G::opening().side_to_move();
        let sides = [first, first.other()];
        // Unflipped, the side that moves first sits at the bottom.
        let order = if settings.flipped { [0, 1] } else { [1, 0] };
        let faces = order.map(|i| crate::app::clock_ui::Face {
            side: i,
            name: capitalise(sides[i].name()),
            reading: clock.reading(i, self.now),
            to_move: clock.turn() == i && !clock.is_stopped(),
        });
        crate::app::clock_ui::clocks_ui(ui, &faces, clock, commands);
    }

    fn eval_bar_ui(&mut self, ui: &mut egui::Ui, rect: egui::Rect, settings: &Settings) {
        if self.threat {
            return;
        }
        let pos = self.session.position();
        let first = G::opening().side_to_move();
        let share = match (pos.outcome(), self.current_analysis()) {
            (Some(outcome), _) => match G::winner(outcome) {
                Some(w) if w == first => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            (None, Some(snapshot)) => match snapshot.lines.first() {
                Some(best) => {
                    let for_first = if pos.side_to_move() == first { best.score } else { negate(best.score) };
                    crate::study::report::winning_share(for_first)
                }
                None => return,
            },
            (None, None) => return,
        };
        crate::app::clock_ui::eval_bar(ui, rect, share, settings.flipped);
    }

    fn board_rect(&self) -> Option<egui::Rect> {
        self.board_rect
    }

    fn cell_px(&self, slot: u8, settings: &Settings) -> Option<Pos2> {
        let rect = self.board_rect?;
        let cell = Self::cell(slot)?;
        let setup = G::Setup::empty(G::Side::BOTH[0]);
        let overlay = BoardOverlay::default();
        Some(BoardWidget::<G>::new(&setup, &overlay).flipped(settings.flipped).cell_center_px(cell, rect))
    }

    fn move_slots(&self, notation: &str) -> Option<(u8, u8)> {
        let mv = self.session.position().parse_move(notation).ok()?;
        let (from, to) = G::move_cells(mv);
        Some((from.slot(), to.slot()))
    }

    fn overlay_slots(&self, settings: &Settings) -> BoardOverlay<u8> {
        let o = self.overlay(settings);
        let slot = |c: G::Cell| c.slot();
        BoardOverlay {
            selected: o.selected.map(slot),
            targets: o.targets.into_iter().map(slot).collect(),
            captures: o.captures.into_iter().map(slot).collect(),
            last_move: o.last_move.map(|(a, b)| (a.slot(), b.slot())),
            in_target: o.in_target.into_iter().map(slot).collect(),
            hover: o.hover.map(slot),
            arrows: o
                .arrows
                .into_iter()
                .map(|a| Arrow { color: a.color, from: a.from.slot(), to: a.to.slot() })
                .collect(),
            marked_cells: o.marked_cells.into_iter().map(|(c, m)| (c.slot(), m)).collect(),
            landed: o.landed.into_iter().map(slot).collect(),
            jumped: o.jumped.into_iter().map(slot).collect(),
        }
    }
}
