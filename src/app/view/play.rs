//! Playing the shown game: the game commands' dispatch, moves from the board, the engine's lines and the computer, decisions (resign, draws: the computer's answer from a job), hints, marks and NAGs.

use super::*;

impl<G: AppGame> GameView<G> {
    /// Applies a command meant for the game ([`AnyView::apply`] without the clock).
    pub(super) fn apply_command(&mut self, command: &GameCommand) -> Applied {
        let board_move = matches!(
            command,
            GameCommand::ClickCell(_)
                | GameCommand::PlayNotation(_)
                | GameCommand::DropPiece { .. }
                | GameCommand::DragStart(_)
                | GameCommand::PlayBestMove
                | GameCommand::PlayMoves(_)
        );
        if board_move
            && self.opponent.is_some()
            && self.session.closed_by_decision()
            && !matches!(command, GameCommand::DragStart(_))
        {
            let why = self.session.record.tags.get("Termination").unwrap_or("decided").to_string();
            return Applied::say(format!("The game is over ({why}): go back a move to analyse from earlier"));
        }
        if board_move && self.computer_to_move() {
            let name = self.opponent.as_ref().map(Opponent::name).unwrap_or_default();
            return Applied::say(format!("{name} is thinking: it is its move"));
        }
        // While "Learn from your mistakes" asks, the board stays on the asked position:
        // going elsewhere (the graph, the move list, the keys) or playing a line would
        // leave the question behind.
        let leaves = matches!(
            command,
            GameCommand::Back
                | GameCommand::Forward
                | GameCommand::PreviousVariation
                | GameCommand::NextVariation
                | GameCommand::Start
                | GameCommand::End
                | GameCommand::Jump(_)
                | GameCommand::PlayBestMove
                | GameCommand::PlayMoves(_)
        );
        if leaves && self.learning_asks() {
            return Applied::say("Find a better move here first, or Show the engine's move, or Stop");
        }
        if leaves && self.learning_hides() {
            return Applied::say("Try for the best, or go on to the next mistake, or Stop");
        }
        let before = (self.session.record.tree.move_count(), self.session.cursor);
        let s = &mut self.session;
        // Every game command is named here: a new one that nothing handles does not compile.
        match command {
            GameCommand::Back => s.back(),
            GameCommand::Forward => s.forward(),
            GameCommand::PreviousVariation => s.switch_variation(-1),
            GameCommand::NextVariation => s.switch_variation(1),
            GameCommand::Start => s.home(),
            GameCommand::End => s.end(),
            GameCommand::Deselect => s.selected = None,
            GameCommand::Jump(node) => s.jump(*node),
            GameCommand::RevealLine => {
                self.revealed = true;
                return Applied::say("The chapter's moves are shown");
            }
            GameCommand::ShowSolution(shown) => {
                if let Some(puzzle) = &mut self.puzzle {
                    puzzle.show_tree = *shown;
                }
            }
            GameCommand::Setup(action) => {
                if let Some(setup) = &mut self.setup {
                    setup.apply(action);
                }
            }
            GameCommand::PlayBestMove => return self.play_best_move(),
            GameCommand::PlayMoves(moves) => return self.play_moves(moves),
            GameCommand::PlayComputerMove => return self.play_computer_move(),
            GameCommand::TakeBack => return self.take_back(),
            GameCommand::ClickCell(slot) => return self.click_cell(*slot, before),
            GameCommand::DragStart(slot) => self.drag_start(*slot),
            GameCommand::DropPiece { from, to } => return self.drop_piece(*from, *to, before),
            GameCommand::PlayNotation(text) => return self.play_notation(text, before),
            GameCommand::ChoosePromotion(choice) => return self.choose_promotion(*choice, before),
            GameCommand::ToggleMark { from, to, color } => return self.toggle_mark_at(*from, *to, *color),
            GameCommand::PromoteVariation(node) => {
                let changed = s.record.make_mut().tree.promote(*node);
                self.record_ending();
                return Applied { changed, message: None };
            }
            GameCommand::DeleteFrom(node) => return self.delete_from(*node),
            GameCommand::MakeMainLine(node) => {
                let changed = s.record.make_mut().tree.make_main_line(*node);
                self.record_ending();
                return Applied { changed, message: None };
            }
            GameCommand::ToggleNag(node, nag) => return self.toggle_nag(*node, *nag),
            GameCommand::SetComment { node, before, text } => return self.set_comment(*node, *before, text),
            GameCommand::Resign | GameCommand::AgreeDraw | GameCommand::ClaimDraw | GameCommand::DrawAnswer(_) => {
                return self.decide(command);
            }
            GameCommand::SetPosition(text) => return self.set_position(text),
            GameCommand::Hint => return self.hint_asked(),
            GameCommand::ClosePuzzle => self.puzzle = None,
            GameCommand::StartReport(nodes) => return self.analyse_game(*nodes),
            GameCommand::CancelReport => {
                if let Some(job) = self.report.take() {
                    job.cancel();
                    return Applied::say("Game report cancelled");
                }
            }
            GameCommand::ApplyReport => return self.apply_report(),
            GameCommand::SetTag(key, value) => {
                s.record.make_mut().tags.set(key, value);
                return Applied::changed();
            }
            GameCommand::LearnFromMistakes => return self.start_learning(),
            GameCommand::LearnShow => return self.learning_show(),
            GameCommand::LearnNext => return self.learning_next(),
            GameCommand::LearnStop => return self.learning_stop(),
            GameCommand::LearnRetry => return self.learning_retry(),
            GameCommand::LearnKeep => return self.learning_keep(),
            GameCommand::LearnJudged => return self.learning_judged(),
            GameCommand::FlagFall => return self.flag_fall(),
            GameCommand::ToggleClockPause => return self.toggle_clock_pause(),
            GameCommand::AddTime { side, seconds } => return self.add_time(*side, *seconds),
        }
        Applied::default()
    }

    /// A click on the cell with this slot: picks a piece up, or plays a move.
    pub(super) fn click_cell(&mut self, slot: u8, before: (usize, NodeId)) -> Applied {
        let Some(cell) = Self::cell(slot) else { return Applied::default() };
        let attempt = self.session.click(cell);
        self.moved(attempt, before.0, before.1)
    }

    /// A drag starts on the cell with this slot: its piece is picked up if it can move.
    pub(super) fn drag_start(&mut self, slot: u8) {
        let s = &mut self.session;
        if let Some(cell) = Self::cell(slot)
            && !s.targets_of(cell).is_empty()
            && s.selected != Some(cell)
        {
            s.selected = Some(cell);
            s.entry = Default::default();
        }
    }

    /// A piece dropped from one slot's cell on another's: the move, if it is one.
    pub(super) fn drop_piece(&mut self, from: u8, to: u8, before: (usize, NodeId)) -> Applied {
        let (Some(from), Some(to)) = (Self::cell(from), Self::cell(to)) else { return Applied::default() };
        let attempt = self.session.drop_on(from, to);
        self.moved(attempt, before.0, before.1)
    }

    /// A move typed in the game's notation, played as a move from the board would be
    /// (judged in a puzzle, a quiz chapter or Learn from your mistakes; answered by the
    /// computer); text that is no legal move here is said so.
    pub(super) fn play_notation(&mut self, text: &str, before: (usize, NodeId)) -> Applied {
        if self.setup.is_some() {
            return Applied::say("Close the board editor to play moves");
        }
        let text = text.trim();
        match self.session.position().parse_move(text) {
            Ok(mv) => {
                let (from, to) = G::move_cells(mv);
                let attempt = self.session.try_move(from, to, Some(mv));
                self.moved(attempt, before.0, before.1)
            }
            Err(e) => Applied::say(format!("{text}: {e}")),
        }
    }

    /// The promotion picker's answer (`None`: cancelled).
    pub(super) fn choose_promotion(&mut self, choice: Option<usize>, before: (usize, NodeId)) -> Applied {
        let Some((from, to)) = self.promotion.take() else { return Applied::default() };
        let s = &mut self.session;
        s.selected = None;
        let Some(index) = choice else { return Applied::default() };
        let Some(&mv) = s.moves_between(from, to).get(index) else { return Applied::default() };
        let attempt = s.try_move(from, to, Some(mv));
        self.moved(attempt, before.0, before.1)
    }

    /// A cell mark (no `to`) or an arrow, by slots, on or off.
    pub(super) fn toggle_mark_at(&mut self, from: u8, to: Option<u8>, color: MarkColor) -> Applied {
        let Some(from) = Self::cell(from) else { return Applied::default() };
        let to = match to {
            Some(t) => match Self::cell(t) {
                Some(c) => Some(c),
                None => return Applied::default(),
            },
            None => None,
        };
        self.toggle_mark(from, to, color)
    }

    /// Deletes the move `node` and everything after it.
    pub(super) fn delete_from(&mut self, node: NodeId) -> Applied {
        if node == NodeId::ROOT {
            return Applied::default();
        }
        let s = &mut self.session;
        let path = s.record.tree.path_to(s.cursor);
        let Some(parent) = s.record.make_mut().tree.delete(node) else { return Applied::default() };
        if path.contains(&node) {
            s.cursor = parent;
        }
        self.record_ending();
        Applied::changed()
    }

    /// Puts the NAG on the move of `node`, or takes it off ([`Nag::toggled`]).
    pub(super) fn toggle_nag(&mut self, node: NodeId, nag: Nag) -> Applied {
        let s = &mut self.session;
        if node == NodeId::ROOT || node.0 as usize >= s.record.tree.arena_len() {
            return Applied::say("Choose a move first: NAGs belong to a move");
        }
        let nags = Nag::toggled(&s.record.tree.node(node).nags, nag);
        s.record.make_mut().tree.set_nags(node, nags);
        Applied::changed()
    }

    /// Sets the comment before or after the move of `node` to `text`, keeping the
    /// comment's clock and evaluation commands; "before" a move that starts no
    /// variation is the text after the move before it ([`crate::record::Tree::comment_before_slot`]).
    pub(super) fn set_comment(&mut self, node: NodeId, before: bool, text: &str) -> Applied {
        let tree = &self.session.record.tree;
        if node.0 as usize >= tree.arena_len() {
            return Applied::default();
        }
        let slot = if before { tree.comment_before_slot(node) } else { Some((node, false)) };
        let Some((at, is_before)) = slot else { return Applied::default() };
        let old = if is_before { &tree.node(at).comment_before } else { &tree.node(at).comment_after };
        let new = crate::record::annotations::with_text(old, text);
        if new == crate::record::tree::clean_comment(old) {
            return Applied::default();
        }
        let tree = &mut self.session.record.make_mut().tree;
        if is_before {
            tree.set_comment_before(at, &new);
        } else {
            tree.set_comment_after(at, &new);
        }
        Applied::changed()
    }

    /// The game starts afresh from a position string.
    pub(super) fn set_position(&mut self, text: &str) -> Applied {
        match G::from_position_string(text) {
            Ok(p) => {
                self.session = GameSession::from_record(GameRecord::from_position(p));
                Applied::changed()
            }
            Err(e) => Applied::say(e.to_string()),
        }
    }

    /// Hint: the puzzle's next step, or the computer's suggestion in a game against it.
    pub(super) fn hint_asked(&mut self) -> Applied {
        if let Some(p) = &mut self.puzzle {
            p.hint();
            Applied::default()
        } else if self.opponent.is_some() {
            self.hint()
        } else {
            Applied::say("Hints are for puzzles and games against the computer; try the analysis (L)")
        }
    }

    /// A hint against the computer, in two steps: a short search and the piece to move
    /// marked; asked again in the same position, where it goes too.
    pub(super) fn hint(&mut self) -> Applied {
        if self.computer_to_move() || self.session.game_over() {
            return Applied::say("A hint is for your move");
        }
        let pos = self.session.position();
        if let Some((key, _, step)) = &mut self.hint
            && *key == pos.zobrist()
        {
            *step = 2;
            return Applied::default();
        }
        let mut keys = self.session.position_keys();
        keys.pop();
        // A short search on the engine worker: the window keeps drawing meanwhile.
        let found: HintJob<G::Move> = Job::on_engine("hint", EnginePriority::Waited, move |control| {
            let mut engine = crate::engine::Engine::<G>::new(4);
            let limits = crate::engine::Limits::nodes(30_000);
            let result = engine.search(&pos, &keys, &limits, 1, control.cancel_flag(), &mut |_| {});
            (pos.zobrist(), result.best)
        });
        self.hint_job = Some(found);
        // The panel says it is looking, then names the piece; the status bar keeps no
        // word of it that would outlive the search.
        Applied::default()
    }

    /// Takes the hint once its search has finished; whether one is still searched.
    pub(super) fn poll_hint(&mut self) -> bool {
        let Some(job) = &mut self.hint_job else { return false };
        let (key, best) = match job.poll() {
            crate::app::jobs::JobPoll::Running => return true,
            crate::app::jobs::JobPoll::Done(found) => found,
            crate::app::jobs::JobPoll::Gone => (0, None),
        };
        self.hint_job = None;
        if let Some(best) = best
            && key == self.session.position().zobrist()
        {
            self.hint = Some((key, best, 1));
            // A piece picked up before would read as the hint's: put it down.
            self.session.selected = None;
        }
        false
    }

    pub(super) fn cell(slot: u8) -> Option<G::Cell> {
        G::Cell::from_slot(slot)
    }

    /// After a move attempt from the node `from` (`before` moves in the tree then): a
    /// puzzle, a lesson or a quiz chapter judges a move played; a piece only picked up
    /// (the cursor still at `from`) is no move to judge.
    pub(super) fn moved(&mut self, attempt: MoveAttempt<G::Cell>, before: usize, from: NodeId) -> Applied {
        match attempt {
            MoveAttempt::Played if self.session.cursor == from => {
                Applied { changed: false, message: Some(String::new()) }
            }
            MoveAttempt::Played => {
                let changed = self.session.record.tree.move_count() != before;
                self.refused = None;
                if changed && let Some(puzzle) = &mut self.puzzle {
                    let tried = self.session.record.tree.node(self.session.cursor).mv;
                    match puzzle.judge(&mut self.session) {
                        // The puzzle panel says why.
                        Judged::TakenBack => {
                            self.refused = tried.map(|mv| (self.session.position().zobrist(), mv));
                            return Applied { changed: false, message: Some(String::new()) };
                        }
                        Judged::Right | Judged::Nothing => {}
                    }
                }
                if changed {
                    self.record_ending();
                }
                if self.learning.is_some() {
                    return self.judge_learning(changed);
                }
                if self.quizzing() {
                    let applied = self.judge_chapter(changed);
                    self.quiz_said = applied.message.clone().map(|m| {
                        let right = !m.contains("is not the move of the line");
                        (m, right)
                    });
                    return applied;
                }
                Applied { changed, message: Some(String::new()) }
            }
            MoveAttempt::NeedsPromotion { from, to } => {
                self.promotion = Some((from, to));
                Applied::default()
            }
            MoveAttempt::Illegal(reason) | MoveAttempt::Partial(reason) => Applied::say(reason),
        }
    }

    /// Keeps the record's result in step with the board: when the main line ends in a
    /// finished position (Target Out, Super Nova, Total Annihilation, blocked, checkmate,
    /// stalemate, …) the record gets that result and a Termination tag naming the
    /// ending; when it no longer does (a move deleted, an undo), a result set that way is
    /// taken back. Decisions (resignation, agreed or claimed draws) stay as they are.
    pub(super) fn record_ending(&mut self) {
        // The board's own endings: ours, and one another program wrote for a finished
        // position ("checkmate", "normal"), as the record came.
        let board = self.session.board_termination.clone();
        let auto = |t: &str| t.starts_with(ENDING_PREFIX) || board.as_deref() == Some(t);
        let termination = self.session.record.tags.get("Termination").map(str::to_string);
        if termination.as_deref().is_some_and(|t| !auto(t)) {
            return;
        }
        let outcome = self.session.main_line_end_outcome();
        let wanted = match outcome {
            Some(outcome) => (
                crate::app::session::result_of::<G>(outcome),
                Some(format!("{ENDING_PREFIX}{}", G::ending_title(outcome))),
            ),
            None if termination.is_some() => (GameResult::Unknown, None),
            None => return,
        };
        // Changed only when it differs: a change copies a shared record and moves its
        // revision.
        if (self.session.record.result, termination) == wanted {
            return;
        }
        let record = self.session.record.make_mut();
        record.result = wanted.0;
        match wanted.1 {
            Some(text) => {
                record.tags.set("Termination", &text);
            }
            None => {
                record.tags.remove("Termination");
            }
        }
    }

    /// Whether the computer is to move at the shown position, the end of the main
    /// line: the board is then not the user's.
    pub(super) fn computer_to_move(&self) -> bool {
        let Some(opponent) = &self.opponent else { return false };
        let s = &self.session;
        let at_end = s.record.tree.node(s.cursor).children.is_empty()
            && s.record.tree.main_line_from(NodeId::ROOT).last().is_none_or(|&end| end == s.cursor);
        at_end && !s.game_over() && s.position().side_to_move() == opponent.side
    }

    /// Takes back the user's last move and the computer's answer to it (only the
    /// user's move while the computer is still thinking about it).
    pub(super) fn take_back(&mut self) -> Applied {
        let Some(opponent) = &mut self.opponent else {
            return Applied::say("Take back is for games against the computer");
        };
        // A game decided by resignation or agreement stays decided; after a board
        // ending (mate, no move) the user may go back and try again.
        if self.session.game_over() && self.session.position().outcome().is_none() {
            return Applied::say("The game was decided by resignation or agreement: start a new game to play on");
        }
        opponent.halt();
        let human = opponent.side.other();
        let s = &mut self.session;
        let Some(&end) = s.record.tree.main_line_from(NodeId::ROOT).last() else {
            return Applied::say("There is no move to take back");
        };
        // Back from the end to the last position where the user was to move before
        // their last move.
        let mut node = end;
        let mut first_removed = None;
        while let Some(parent) = s.record.tree.node(node).parent {
            first_removed = Some(node);
            let before = s.record.position_at(parent);
            node = parent;
            if before.side_to_move() == human {
                break;
            }
        }
        let Some(first) = first_removed else { return Applied::say("There is no move to take back") };
        if s.record.position_at(node).side_to_move() != human {
            return Applied::say("There is no move of yours to take back");
        }
        s.record.make_mut().tree.delete(first);
        s.cursor = node;
        s.selected = None;
        s.record.make_mut().result = GameResult::Unknown;
        s.record.make_mut().tags.remove("Termination");
        self.record_ending();
        Applied { changed: true, message: Some("Took back your last move".into()) }
    }

    /// Plays the move the computer chose (kept as the game's own move) at the end of the
    /// main line, the cursor following when it was there.
    pub(super) fn play_computer_move(&mut self) -> Applied {
        let Some((key, mv)) = self.computer_move.take() else { return Applied::default() };
        let s = &mut self.session;
        let end = s.record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT);
        // A move for another position (the game changed meanwhile) is not played.
        if s.record.position_at(end).zobrist() != key {
            return Applied::default();
        }
        let node = s.record.add_move(end, mv);
        if s.cursor == end {
            s.cursor = node;
            s.selected = None;
        }
        self.record_ending();
        Applied::changed()
    }

    /// Starts the computer's answer to a draw offer, in the background: accepted when a
    /// short search scores the position no better than level for it.
    pub(super) fn consider_draw(&mut self) {
        let pos = self.session.position();
        let computer_moves = self.opponent.as_ref().is_some_and(|o| o.side == pos.side_to_move());
        let key = pos.zobrist();
        self.draw_offer = Some((
            key,
            Job::on_engine("draw-offer", EnginePriority::Waited, move |control| {
                let mut engine = crate::engine::Engine::<G>::new(4);
                let limits = crate::engine::Limits::nodes(20_000);
                let result = engine.search(&pos, &[], &limits, 1, control.cancel_flag(), &mut |_| {});
                let for_computer = if computer_moves { result.score } else { negate(result.score) };
                for_computer.order_key() <= 0
            }),
        ));
    }

    /// The computer's answer to a draw offer once it has one, for the position it was
    /// made in (an answer to an earlier position is dropped).
    pub(super) fn poll_draw_offer(&mut self) -> Option<GameCommand> {
        let (key, job) = self.draw_offer.as_mut()?;
        let accepted = match job.poll() {
            crate::app::jobs::JobPoll::Running => return None,
            crate::app::jobs::JobPoll::Done(accepted) => accepted,
            crate::app::jobs::JobPoll::Gone => false,
        };
        let key = *key;
        self.draw_offer = None;
        (key == self.session.position().zobrist() && !self.session.game_over())
            .then_some(GameCommand::DrawAnswer(accepted))
    }

    pub(super) fn decide(&mut self, command: &GameCommand) -> Applied {
        if self.session.game_over() {
            return Applied::say("The game is already over");
        }
        if let Some(opponent) = &self.opponent {
            let name = opponent.name();
            let human = opponent.side.other();
            match command {
                GameCommand::AgreeDraw if G::HAS_DRAWS => {
                    // Answered by GameCommand::DrawAnswer once the computer has thought.
                    if self.draw_offer.is_none() {
                        self.consider_draw();
                    }
                    return Applied::say(format!("{name} considers your draw offer…"));
                }
                GameCommand::DrawAnswer(false) => return Applied::say(format!("{name} declines the draw")),
                GameCommand::Resign => {
                    let s = &mut self.session;
                    s.record.make_mut().result = if human == G::opening().side_to_move() {
                        GameResult::SecondPlayerWins
                    } else {
                        GameResult::FirstPlayerWins
                    };
                    s.record.make_mut().tags.set("Termination", &format!("{} resigned", capitalise(human.name())));
                    s.cursor = s.record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT);
                    if let Some(o) = &mut self.opponent {
                        o.halt();
                    }
                    return Applied::changed();
                }
                _ => {}
            }
        }
        let s = &mut self.session;
        let pos = s.position();
        match command {
            GameCommand::Resign => {
                let loser = capitalise(pos.side_to_move().name());
                s.record.make_mut().result = if pos.is_first_player_to_move() {
                    GameResult::SecondPlayerWins
                } else {
                    GameResult::FirstPlayerWins
                };
                s.record.make_mut().tags.set("Termination", &format!("{loser} resigned"));
            }
            GameCommand::AgreeDraw | GameCommand::ClaimDraw | GameCommand::DrawAnswer(true) if G::HAS_DRAWS => {
                if matches!(command, GameCommand::ClaimDraw) && !pos.can_claim_draw(&s.position_keys()) {
                    return Applied::say("No draw can be claimed here");
                }
                let how = if matches!(command, GameCommand::ClaimDraw) { "claimed" } else { "agreed" };
                s.record.make_mut().result = GameResult::Draw;
                s.record.make_mut().tags.set("Termination", &format!("Draw {how}"));
            }
            _ => return Applied::say(format!("{} has no draws", G::VARIANT.name())),
        }
        s.cursor = s.record.tree.main_line_from(s.cursor).last().copied().unwrap_or(s.cursor);
        Applied::changed()
    }

    pub(super) fn toggle_mark(
        &mut self,
        from: G::Cell,
        to: Option<G::Cell>,
        color: crate::record::MarkColor,
    ) -> Applied {
        let s = &mut self.session;
        let mut marks = s.record.tree.node(s.cursor).marks.clone();
        match to {
            None => {
                let same = marks.cells.iter().any(|m| m.cell == from && m.color == color);
                marks.cells.retain(|m| m.cell != from);
                if !same {
                    marks.cells.push(MarkedCell { color, cell: from });
                }
            }
            Some(to) => {
                let same = marks.arrows.iter().any(|a| (a.from, a.to, a.color) == (from, to, color));
                marks.arrows.retain(|a| (a.from, a.to) != (from, to));
                if !same {
                    marks.arrows.push(Arrow { color, from, to });
                }
            }
        }
        s.record.make_mut().tree.set_marks(s.cursor, marks);
        Applied::changed()
    }

    /// Plays the best analysis line's first move.
    pub(super) fn play_best_move(&mut self) -> Applied {
        if self.threat {
            return Applied::say("The analysis shows the threat: press X to see the lines again");
        }
        if self.session.position().outcome().is_some() {
            return Applied::say("The game is over here");
        }
        let Some(snapshot) = self.current_analysis() else { return Applied::say("No analysis line yet") };
        let Some(&mv) = snapshot.lines.first().and_then(|l| l.pv.first()) else {
            return Applied::say("No analysis line yet");
        };
        self.play_moves(&[G::move_into_any(mv)])
    }

    /// Plays moves from the shown position, each
    /// following an existing continuation or starting a variation; stops at the first
    /// that is not legal.
    pub(super) fn play_moves(&mut self, moves: &[crate::record::VariantMove]) -> Applied {
        let before = self.session.record.tree.move_count();
        let from = self.session.cursor;
        let mut pos = self.session.position();
        let mut legal = crate::core::moves::MoveList::new();
        for &any in moves {
            // A move of another game, or no longer legal here, ends the line.
            let Some(mv) = G::move_of_any(any) else { break };
            legal.clear();
            pos.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                break;
            }
            self.session.cursor = self.session.record.add_move(self.session.cursor, mv);
            pos.play(mv);
        }
        self.session.selected = None;
        self.moved(MoveAttempt::Played, before, from)
    }
}
