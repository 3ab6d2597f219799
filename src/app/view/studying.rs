//! Studying the shown game: study chapters that quiz their lines, the game report and "Learn from your mistakes" (its verdicts from jobs).

use super::*;

impl<G: AppGame> GameView<G> {
    /// Reads the report pane's data (graph, summary, whether there is anything to
    /// learn) from the record again when it changed since (its revision moved); once a
    /// frame, in the frame's logic, so the pane only reads it.
    pub(super) fn refresh_report_data(&mut self) {
        let revision = self.session.record.revision();
        if self.report_data.as_ref().is_some_and(|(at, _)| *at == revision) {
            return;
        }
        let record = &self.session.record;
        let learner = self.opponent.as_ref().map(|o| Self::side_index(o.side.other()));
        let data = ReportData {
            points: crate::study::report::graph(record),
            summary: crate::study::report::summary(record),
            learnable: !crate::study::report::mistakes(record, learner).is_empty(),
        };
        self.report_data = Some((revision, data));
    }

    /// The evaluation bar's share for the first player now: the game's outcome, else
    /// the analysis's best line (not while it looks at the threat); `None` without one.
    pub(super) fn bar_share_now(&self) -> Option<f32> {
        let pos = self.session.position();
        let first = G::opening().side_to_move();
        match (pos.outcome(), self.current_analysis()) {
            (Some(outcome), _) => Some(match G::winner(outcome) {
                Some(w) if w == first => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            }),
            (None, Some(snapshot)) if !self.threat => snapshot.lines.first().map(|best| {
                let for_first = if pos.side_to_move() == first { best.score } else { negate(best.score) };
                crate::study::report::winning_share(for_first)
            }),
            _ => None,
        }
    }

    /// A chapter that quizzes its line goes to where its reader begins: the start, or
    /// after the first move when the reader plays the second player (its moves hidden
    /// again).
    pub(super) fn reader_start(&mut self) {
        if !self.chapter_mode().is_quiz() {
            return;
        }
        let second_name = crate::record::study::side_names(&self.session.record)[1];
        let second = self
            .session
            .record
            .tags
            .get(crate::record::study::SIDE_TAG)
            .is_some_and(|v| v.trim().eq_ignore_ascii_case(second_name));
        self.session.cursor = match self.session.record.tree.node(NodeId::ROOT).children.first() {
            Some(&first) if second => first,
            _ => NodeId::ROOT,
        };
        self.session.selected = None;
        self.revealed = false;
        self.quiz_said = None;
    }

    /// The record's chapter mode (a study chapter's `ChapterMode` tag; normal for any
    /// other game).
    pub(super) fn chapter_mode(&self) -> ChapterMode {
        self.session.record.tags.get(MODE_TAG).and_then(ChapterMode::parse).unwrap_or_default()
    }

    /// Whether the moves after the shown one are hidden (a quiz chapter not revealed).
    pub(super) fn quizzing(&self) -> bool {
        self.in_study
            && self.chapter_mode().is_quiz()
            && !self.revealed
            && self.puzzle.is_none()
            && self.learning.is_none()
    }

    /// Whether "Learn from your mistakes" asks for a better move now: the rest of the
    /// game (the move played and the report's better line) is hidden until it is found
    /// or shown.
    pub(super) fn learning_asks(&self) -> bool {
        self.learning.as_ref().is_some_and(|l| l.state == LearnState::Asking)
    }

    /// Whether "Learn from your mistakes" keeps the rest of the game hidden: while it
    /// asks, and after a move good but not the best while "Try for the best" is offered
    /// (the report's comment names the best move).
    pub(super) fn learning_hides(&self) -> bool {
        self.learning
            .as_ref()
            .is_some_and(|l| l.state == LearnState::Asking || (l.state == LearnState::Solved && l.close))
    }

    /// Judges a move played in a quiz chapter against its main line: the line's move
    /// goes on (in "guess" the reply follows by itself), any other is taken back; past
    /// the end of the line moves are free.
    pub(super) fn judge_chapter(&mut self, changed: bool) -> Applied {
        let mode = self.chapter_mode();
        let s = &mut self.session;
        let played = s.cursor;
        let Some(parent) = s.record.tree.node(played).parent else { return Applied::default() };
        let main = s.record.tree.node(parent).children.first().copied();
        if changed && main == Some(played) {
            // The line had ended here: the reader's moves are theirs.
            return Applied { changed, message: Some("The line ends here: this move starts your own".into()) };
        }
        if main != Some(played) {
            let tried = s.notation_of(played);
            let mv = s.record.tree.node(played).mv;
            if changed {
                s.record.make_mut().tree.delete(played);
            }
            s.jump(parent);
            self.refused = mv.map(|mv| (s.position().zobrist(), mv));
            return Applied {
                changed: false,
                message: Some(format!("{tried} is not the move of the line: try another (or Show the line)")),
            };
        }
        let mut message = format!("Right: {}", s.notation_of(played));
        if mode == ChapterMode::Guess
            && let Some(&reply) = s.record.tree.node(played).children.first()
        {
            s.jump(reply);
            message.push_str(&format!(", answered {}", s.notation_of(reply)));
        }
        if s.record.tree.node(s.cursor).children.is_empty() {
            message.push_str(". The line is complete.");
        }
        Applied { changed, message: Some(message) }
    }

    /// Starts the game report on the main line (`nodes` per position).
    pub(super) fn analyse_game(&mut self, nodes: u64) -> Applied {
        if self.report.is_some() {
            return Applied::say("The game is being analysed");
        }
        let positions = crate::study::report::main_line_positions(&self.session.record);
        if positions.len() < 2 {
            return Applied::say("There is no move to analyse");
        }
        self.report = Some(ReportRun::start(positions, nodes));
        Applied::say("Analysing the game…")
    }

    /// Writes the finished report into the record, if it is still the game analysed.
    pub(super) fn apply_report(&mut self) -> Applied {
        let Some(mut job) = self.report.take() else { return Applied::default() };
        if job.poll() != Some(true) {
            self.report = Some(job);
            return Applied::default();
        }
        let Some((evals, took)) = job.finished.take() else { return Applied::default() };
        let now: Vec<u64> =
            crate::study::report::main_line_positions(&self.session.record).iter().map(|(p, _)| p.zobrist()).collect();
        if now != job.keys {
            return Applied::say("The game changed while it was analysed: run Analyse game again");
        }
        self.report_time = Some(took);
        let judged = crate::study::report::annotate(self.session.record.make_mut(), &evals);
        Applied {
            changed: true,
            message: Some(format!(
                "Game report: {judged} move{} marked, in {:.1} s",
                if judged == 1 { "" } else { "s" },
                took.as_secs_f64()
            )),
        }
    }

    /// Starts "Learn from your mistakes" (the user's moves against the computer, both
    /// sides' otherwise).
    pub(super) fn start_learning(&mut self) -> Applied {
        let side = self.opponent.as_ref().map(|o| Self::side_index(o.side.other()));
        let moves = crate::study::report::mistakes(&self.session.record, side);
        if moves.is_empty() {
            let analysed = command_value_in_main_line(&self.session.record);
            return Applied::say(if analysed {
                "No move is marked ? or ?? to learn from"
            } else {
                "No mistakes or blunders to learn from: run Analyse game first"
            });
        }
        self.learning = Some(Learning::new(moves));
        self.ask_learning();
        Applied::default()
    }

    /// Shows the position before the marked move asked now, and asks for a better move.
    pub(super) fn ask_learning(&mut self) {
        let Some(learning) = &mut self.learning else { return };
        let Some(&node) = learning.moves.get(learning.index) else { return };
        let tree = &self.session.record.tree;
        let parent = tree.node(node).parent.unwrap_or(NodeId::ROOT);
        let pos = self.session.record.position_at(parent);
        let played = tree.node(node).mv.map(|m| pos.notation(m)).unwrap_or_default();
        let what = tree.node(node).nags.iter().find_map(|&n| crate::study::report::Judgement::of_nag(n)).map_or(
            "a mistake",
            |j| {
                if j == crate::study::report::Judgement::Blunder { "a blunder" } else { "a mistake" }
            },
        );
        learning.state = LearnState::Asking;
        learning.keep = None;
        learning.close = false;
        learning.feedback = format!(
            "{} played {played} here, {what}. Find a better move for {}.",
            capitalise(pos.side_to_move().name()),
            capitalise(pos.side_to_move().name())
        );
        self.session.jump(parent);
        self.session.selected = None;
    }

    /// Judges the user's move at the asked position: the game's move is refused, the
    /// engine's move or one nearly as good is right, anything else is taken back.
    pub(super) fn judge_learning(&mut self, changed: bool) -> Applied {
        let Some(learning) = &self.learning else { return Applied::default() };
        if learning.state != LearnState::Asking {
            return Applied { changed, message: Some(String::new()) };
        }
        let Some(&asked) = learning.moves.get(learning.index) else { return Applied::default() };
        let s = &mut self.session;
        let parent = s.record.tree.node(asked).parent.unwrap_or(NodeId::ROOT);
        let played = s.cursor;
        if s.record.tree.node(played).parent != Some(parent) {
            return Applied { changed, message: Some(String::new()) };
        }
        let pos = s.record.position_at(parent);
        let best_text =
            crate::study::report::best_in_comment(&s.record.tree.node(asked).comment_after).map(str::to_string);
        let best = best_text.as_deref().and_then(|t| pos.parse_move(t).ok());
        let mv = s.record.tree.node(played).mv;
        let take_back = |s: &mut GameSession<G>, changed: bool| {
            if changed {
                s.record.make_mut().tree.delete(played);
            }
            s.jump(parent);
        };
        let feedback;
        let mut kept = changed;
        if played == asked {
            take_back(s, false);
            self.refused = mv.map(|mv| (pos.zobrist(), mv));
            feedback = "That is the move of the game: try another.".to_string();
        } else if mv.is_some() && mv == best {
            let best_text = best_text.unwrap_or_default();
            feedback = format!("Right: {best_text} is the engine's move.");
            if let Some(l) = &mut self.learning {
                l.state = LearnState::Solved;
                l.close = false;
                if changed {
                    l.added.push(played);
                }
                l.keep = Some((played, "The engine's move, found in Learn from your mistakes.".to_string()));
            }
        } else if let (Some(mv), Some(best)) = (mv, best) {
            let history = {
                let mut keys = s.position_keys();
                keys.truncate(s.record.tree.path_to(parent).len());
                keys
            };
            // Two short searches, on the engine worker: the move stays on the board until
            // GameCommand::LearnJudged brings the verdict.
            let searched = pos.clone();
            let job = Job::on_engine("learn", EnginePriority::Waited, move |_| {
                let nodes = crate::study::report::LEARN_NODES;
                let mine = crate::study::report::share_after(&searched, &history, mv, nodes);
                let engine = crate::study::report::share_after(&searched, &history, best, nodes);
                (mine, engine)
            });
            self.learn_judging = Some(LearnJudging { played, parent, changed, mv, best, job, shares: None });
            if let Some(l) = self.learning.as_mut().filter(|_| changed) {
                l.added.push(played);
            }
            feedback = format!("Judging {}…", pos.notation(mv));
        } else {
            // The report named no move to compare with (its comment was edited away).
            take_back(s, changed);
            kept = false;
            self.refused = mv.map(|mv| (pos.zobrist(), mv));
            feedback = match mv {
                Some(mv) => format!(
                    "{} cannot be judged: the report's comment no longer names the better move. Try \
                     another move, or Show the engine's move.",
                    pos.notation(mv)
                ),
                None => "Try another move.".to_string(),
            };
        }
        if let Some(l) = &mut self.learning {
            l.feedback = feedback;
        }
        Applied { changed: kept, message: Some(String::new()) }
    }

    /// The verdict on a move judged in the background ([`GameCommand::LearnJudged`]): kept
    /// when it keeps about the chances of the engine's move, else taken back. A verdict
    /// on a move no longer shown is dropped.
    pub(super) fn learning_judged(&mut self) -> Applied {
        let Some(judging) = self.learn_judging.take() else { return Applied::default() };
        let Some((mine, engine)) = judging.shares else { return Applied::default() };
        let s = &mut self.session;
        if s.cursor != judging.played || self.learning.as_ref().is_none_or(|l| l.state != LearnState::Asking) {
            return Applied::default();
        }
        let pos = s.record.position_at(judging.parent);
        let feedback;
        let mut kept = false;
        let (played, best) = (pos.notation(judging.mv), pos.notation(judging.best));
        let percent = |share: f32| format!("{:.0} %", share * 100.0);
        if mine + crate::study::report::LEARN_MARGIN > engine {
            let same = mine + crate::study::report::LEARN_SAME >= engine;
            feedback = if same {
                format!("Good move: {played} is as good as the engine's {best}.")
            } else {
                format!(
                    "Good, but not the best: {played} keeps {} of the winning chances, the best move {}. \
                     Try for the best, or go on.",
                    percent(mine),
                    percent(engine)
                )
            };
            if let Some(l) = &mut self.learning {
                l.state = LearnState::Solved;
                l.close = !same;
                l.keep = Some((
                    judging.played,
                    format!(
                        "Found in Learn from your mistakes: keeps {} of the winning chances ({best}: {}).",
                        percent(mine),
                        percent(engine)
                    ),
                ));
            }
        } else {
            if judging.changed {
                s.record.make_mut().tree.delete(judging.played);
                kept = true;
            }
            s.jump(judging.parent);
            self.refused = Some((pos.zobrist(), judging.mv));
            feedback = format!(
                "You can do better: {played} keeps {} of the winning chances, the best move {}. Try another \
                 move, or Show the engine's move.",
                percent(mine),
                percent(engine)
            );
        }
        if let Some(l) = &mut self.learning {
            l.feedback = feedback;
        }
        Applied { changed: kept, message: Some(String::new()) }
    }

    /// The verdict of the move being judged, once its searches are done.
    pub(super) fn poll_learning(&mut self) -> Option<GameCommand> {
        let judging = self.learn_judging.as_mut()?;
        if judging.shares.is_some() {
            return None;
        }
        match judging.job.poll() {
            crate::app::jobs::JobPoll::Running => None,
            crate::app::jobs::JobPoll::Done(shares) => {
                judging.shares = Some(shares);
                Some(GameCommand::LearnJudged)
            }
            crate::app::jobs::JobPoll::Gone => {
                self.learn_judging = None;
                None
            }
        }
    }

    /// Shows the engine's move for the asked position.
    pub(super) fn learning_show(&mut self) -> Applied {
        let Some(learning) = &mut self.learning else { return Applied::default() };
        let Some(&asked) = learning.moves.get(learning.index) else { return Applied::default() };
        let s = &mut self.session;
        let parent = s.record.tree.node(asked).parent.unwrap_or(NodeId::ROOT);
        let pos = s.record.position_at(parent);
        let Some(best) = crate::study::report::best_in_comment(&s.record.tree.node(asked).comment_after)
            .and_then(|t| pos.parse_move(t).ok())
        else {
            learning.feedback = "The report names no better move here.".into();
            return Applied::default();
        };
        // A move found before (good, not the best) makes way for the answer.
        let mut changed = Self::take_out_added(s, learning);
        let before = s.record.tree.move_count();
        let node = s.record.add_move(parent, best);
        if s.record.tree.move_count() != before {
            learning.added.push(node);
            changed = true;
        }
        s.jump(node);
        learning.state = LearnState::Shown;
        learning.close = false;
        learning.keep = Some((node, "The engine's move, shown in Learn from your mistakes.".to_string()));
        learning.feedback = format!("The engine plays {}.", pos.notation(best));
        Applied { changed, message: Some(String::new()) }
    }

    /// Takes the moves the question put into the game out again (they are not the
    /// user's work unless kept); the cursor goes back where they branch off. Whether
    /// the game changed.
    fn take_out_added(s: &mut GameSession<G>, learning: &mut Learning) -> bool {
        let mut changed = false;
        for node in std::mem::take(&mut learning.added) {
            let tree = &s.record.tree;
            let Some(parent) = tree.node(node).parent else { continue };
            if !tree.node(parent).children.contains(&node) {
                continue;
            }
            if s.record.tree.path_to(s.cursor).contains(&node) {
                s.jump(parent);
            }
            s.record.make_mut().tree.delete(node);
            changed = true;
        }
        learning.keep = None;
        changed
    }

    /// Try again at the asked position: a move found that was good but not the best is
    /// taken back.
    pub(super) fn learning_retry(&mut self) -> Applied {
        let Some(learning) = &mut self.learning else { return Applied::default() };
        let changed = Self::take_out_added(&mut self.session, learning);
        self.ask_learning();
        Applied { changed, message: Some(String::new()) }
    }

    /// Keeps the move found or shown as a variation, with a comment saying where it
    /// came from.
    pub(super) fn learning_keep(&mut self) -> Applied {
        let Some(learning) = &mut self.learning else { return Applied::default() };
        let Some((node, comment)) = learning.keep.take() else { return Applied::default() };
        learning.added.retain(|&n| n != node);
        let tree = &mut self.session.record.make_mut().tree;
        let text = crate::record::annotations::with_text(&tree.node(node).comment_after, &comment);
        tree.set_comment_after(node, &text);
        learning.feedback = "Kept as a variation, with a comment.".into();
        Applied::changed()
    }

    /// Stops "Learn from your mistakes": the moves of the question left are taken out.
    pub(super) fn learning_stop(&mut self) -> Applied {
        self.learn_judging = None;
        let Some(mut learning) = self.learning.take() else { return Applied::default() };
        let changed = Self::take_out_added(&mut self.session, &mut learning);
        Applied { changed, message: None }
    }

    /// The next marked move, or the end of the lesson.
    pub(super) fn learning_next(&mut self) -> Applied {
        let Some(learning) = &mut self.learning else { return Applied::default() };
        let changed = Self::take_out_added(&mut self.session, learning);
        learning.index += 1;
        if learning.index >= learning.moves.len() {
            self.learning = None;
            return Applied { changed, message: Some("That was the last marked move".into()) };
        }
        self.ask_learning();
        Applied { changed, message: None }
    }
}
