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
        self.session.position().board_key()
    }

    fn hides_moves(&self) -> bool {
        self.quizzing() || self.learning_hides()
    }

    fn analysis_move_scores(&self) -> Vec<(String, String)> {
        if self.threat {
            return Vec::new();
        }
        let Some(snapshot) = self.current_analysis() else { return Vec::new() };
        let pos = self.session.position();
        // From the first player's point of view, as the analysis panel writes them.
        let first = G::opening().side_to_move();
        let for_first = |score: Score| if pos.side_to_move() == first { score } else { negate(score) };
        snapshot
            .lines
            .iter()
            .filter_map(|line| line.pv.first().map(|&mv| (pos.notation(mv), score_text(for_first(line.score)))))
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

    fn promotion_pending(&self) -> bool {
        self.promotion.is_some()
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

    fn position_game(&self) -> AnyGame {
        let record = &self.session.record;
        let mut game = GameRecord::from_position(record.position_at(self.session.cursor));
        let [event, site, date, _, first, second] = crate::record::game::roster(G::VARIANT);
        for key in [event, site, date, first, second] {
            if let Some(value) = record.tags.get(key) {
                game.tags.set(key, value);
            }
        }
        G::into_any(game)
    }

    fn puzzle_form(&self) -> PuzzleForm {
        PuzzleForm::new::<G>()
    }

    fn puzzle_record(&self, form: &PuzzleForm) -> Option<AnyGame> {
        crate::app::setup::puzzle_record(self.setup.as_ref()?, form)
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

    fn computer_side(&self) -> Option<usize> {
        self.opponent.as_ref().map(|o| o.side.index())
    }

    fn set_opponent(&mut self, side: usize, level: crate::engine::Level) {
        let first = G::opening().side_to_move();
        let side = if side == 0 { first } else { first.other() };
        let opponent = Opponent::new(side, level, clock_seed());
        let roster = crate::record::game::roster(G::VARIANT);
        opponent.write_tags(&mut self.session.record.make_mut().tags, [roster[4], roster[5]]);
        self.opponent = Some(opponent);
    }

    fn poll_opponent(&mut self) -> Option<GameCommand> {
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
            return Some(GameCommand::PlayComputerMove);
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

    fn diagram_scene(&self, options: &DiagramOptions) -> Scene {
        record_diagram(&self.session.record, self.session.cursor, options)
    }

    fn caption(&self, title: &str, stipulation: &str) -> Caption {
        Caption::new(title, stipulation, &self.session.position())
    }

    fn poll_report(&mut self) -> Option<GameCommand> {
        self.refresh_report_data();
        // The bar's evaluation of the position itself, kept for the threat mode.
        if !self.threat
            && let Some(share) = self.bar_share_now()
        {
            self.bar_share = Some((self.session.position().zobrist(), share));
        }
        if let Some(judged) = self.poll_learning() {
            return Some(judged);
        }
        match self.report.as_mut().map(ReportRun::poll) {
            Some(Some(true)) => Some(GameCommand::ApplyReport),
            Some(None) => {
                // Stopped without a result: nothing is being worked out any more.
                self.report = None;
                None
            }
            _ => None,
        }
    }

    fn tick(&mut self, now: f64) -> Option<GameCommand> {
        self.now = now;
        let clock = self.clock.as_mut()?;
        clock.tick(now);
        (clock.flag(now).is_some() && !self.session.game_over()).then_some(GameCommand::FlagFall)
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

    fn learning(&self) -> bool {
        self.learning.is_some()
    }

    fn clock_running(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.reading(c.turn(), self.now).running)
    }

    fn clock_changes_in(&self) -> Option<std::time::Duration> {
        let clock = self.clock.as_ref()?;
        let reading = clock.reading(clock.turn(), self.now);
        (reading.running || !reading.delay_left.is_zero()).then(|| crate::app::clock::face_changes_in(&reading))
    }

    fn move_slots(&self, notation: &str) -> Option<(u8, u8)> {
        let mv = self.session.position().parse_move(notation).ok()?;
        let (from, to) = G::move_cells(mv);
        Some((from.slot(), to.slot()))
    }

    fn overlay_slots(&self, options: OverlayOptions) -> BoardOverlay<u8> {
        let o = self.overlay(options);
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
            coins: o.coins.into_iter().map(slot).collect(),
        }
    }
}
