//! The one place where the app meets the games: [`GameView<G>`] holds everything the
//! app keeps about the shown game, generic over its rules (the game session, the board
//! editor, the open puzzle, the pending promotion, the board's pointer state), and the
//! object-safe [`AnyView`] erases it once, at the top, for the rest of the app. The app
//! never names a game: [`view_of`] turns any record into a view.
//!
//! Adding a game needs nothing here: a type implementing the core, record, drawing and
//! solver traits is an [`AppGame`] and gets a view.

use egui::Pos2;

use super::analysis::{Analysis, AnalysisRequest, Snapshot};
use super::board::{BoardEvent, BoardWidget};
use super::clock::{ClockSetup, GameClock};
use super::command::Command;
use super::move_list::MoveListPanel;
use super::opponent::{Opponent, clock_seed};
use super::promotion::{PromotionOutcome, PromotionPicker};
use super::puzzle_ui::{Judged, PuzzleState, fresh_record};
use super::session::{GameSession, MoveAttempt, capitalise};
use super::settings::Settings;
use super::setup::SetupMode;
use super::setup_ui::{self, PuzzleForm};
use crate::core::game::{BoardCell, BoardSetup, GameSide, Variant};
use crate::engine::{EngineGame, Score};
use crate::record::study::{ChapterMode, MODE_TAG};
use crate::record::{AnyGame, Arrow, GameRecord, GameResult, MarkColor, MarkedCell, NodeId, RecordGame};
use crate::render::diagram::{Caption, DiagramOptions, record_diagram};
use crate::render::overlay::BoardOverlay;
use crate::render::scene::Scene;
use crate::render::view::DrawGame;
use crate::solver::{Puzzle, SolverGame, Stipulation};
use crate::study::report::{LearnState, Learning, ReportJob};

/// Everything the app needs of a game: its rules, records, drawing, solver and engine
/// (positions and moves sent to background threads).
pub trait AppGame:
    DrawGame + SolverGame + RecordGame + EngineGame + crate::core::Game<Move: Send> + Send + 'static
{
}

impl<G: DrawGame + SolverGame + RecordGame + EngineGame + crate::core::Game<Move: Send> + Send + 'static> AppGame
    for G
{
}

/// What the report panel shows, read from the record's evaluations and NAGs.
struct ReportData {
    points: Vec<crate::study::report::GraphPoint>,
    summary: [crate::study::report::SideSummary; 2],
    learnable: bool,
}

/// A hint's result, filled in by its search thread: the position's key and the cell of
/// the piece to move (`None`: no move).
type HintJob<C> = super::jobs::Job<(u64, Option<C>)>;

/// A move of "Learn from your mistakes" judged in the background: the winning shares
/// after it and after the engine's move, `0.0..=1.0`.
struct LearnJudging<G: AppGame> {
    played: NodeId,
    parent: NodeId,
    /// The move was new in the tree (taking it back deletes it).
    changed: bool,
    mv: G::Move,
    best: G::Move,
    job: super::jobs::Job<(f32, f32)>,
    shares: Option<(f32, f32)>,
}

/// How a Termination tag written for an ending on the board starts ("Ended by Target
/// Out"), to tell it from a decision ("Positive resigned", "Draw agreed").
pub const ENDING_PREFIX: &str = "Ended by ";

/// What applying a command to the view did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// The record changed (history is kept and the document marked modified).
    pub changed: bool,
    /// A new status-bar message (`Some("")` clears it).
    pub message: Option<String>,
}

impl Applied {
    fn changed() -> Applied {
        Applied { changed: true, message: None }
    }

    fn say(text: impl Into<String>) -> Applied {
        Applied { changed: false, message: Some(text.into()) }
    }
}

/// The shown game of type `G` and the app's state about it.
pub struct GameView<G: AppGame> {
    /// The game session: record, cursor, selection.
    pub session: GameSession<G>,
    /// The board editor, while it is open (the game stays as it was underneath).
    pub setup: Option<SetupMode<G>>,
    /// The open puzzle, if any.
    pub puzzle: Option<PuzzleState<G>>,
    /// A promotion waiting for the choice of piece: from, to.
    pub promotion: Option<(G::Cell, G::Cell)>,
    /// The analysis engine, once the panel was first shown.
    pub analysis: Option<Analysis<G>>,
    /// The computer, in a game against it (from the record's tags).
    pub opponent: Option<Opponent<G>>,
    /// The analysis shows the threat (set by [`AnyView::sync_analysis`]).
    threat: bool,
    /// A hint against the computer: the shown position's key and the piece to move.
    hint: Option<(u64, G::Cell)>,
    /// The hint's search, while it runs.
    hint_job: Option<HintJob<G::Cell>>,
    /// The computer's answer to a draw offer being searched, for the position with this
    /// Zobrist key.
    draw_offer: Option<(u64, super::jobs::Job<bool>)>,
    /// Whether the main line carries `[%eval]`s, for the record's revision.
    evaluated: Option<(u64, bool)>,
    /// A move of "Learn from your mistakes" being judged in the background.
    learn_judging: Option<LearnJudging<G>>,
    /// The game report being worked out.
    pub report: Option<ReportJob<G>>,
    /// Counts the record's changes (applied commands, replaced games), so what is read
    /// from the whole record is read again only after a change.
    revision: u64,
    /// The report panel's data (graph, summary, whether there is anything to learn)
    /// and the revision it was read at.
    report_data: Option<(u64, ReportData)>,
    /// How long the last report took.
    pub report_time: Option<std::time::Duration>,
    /// "Learn from your mistakes", while it runs.
    pub learning: Option<Learning>,
    /// A study chapter that hides its moves shows them all the same (Show the line).
    pub revealed: bool,
    /// The game belongs to a study (the open file is one): only then does a chapter
    /// mode hide moves (a chapter pasted into a plain file is a plain game there).
    pub in_study: bool,
    /// The game clock, when the record's tags name a time control.
    pub clock: Option<GameClock>,
    /// The time now (seconds, the app's frame time), set by [`AnyView::tick`].
    now: f64,
    /// The opponent panel asks "Resign this game?" (a second click resigns).
    resign_asked: bool,
    hover: Option<G::Cell>,
    drag_origin: Option<G::Cell>,
    board_rect: Option<egui::Rect>,
}

impl<G: AppGame> GameView<G> {
    /// A view of `record`, the cursor at the end of its main line.
    pub fn new(record: GameRecord<G>) -> GameView<G> {
        let opponent = Opponent::from_tags(&record.tags, clock_seed());
        let mut view = GameView {
            session: GameSession::from_record(record),
            setup: None,
            puzzle: None,
            promotion: None,
            analysis: None,
            opponent,
            threat: false,
            hint: None,
            hint_job: None,
            draw_offer: None,
            learn_judging: None,
            evaluated: None,
            report: None,
            revision: 0,
            report_data: None,
            report_time: None,
            learning: None,
            revealed: false,
            in_study: true,
            clock: None,
            now: 0.0,
            resign_asked: false,
            hover: None,
            drag_origin: None,
            board_rect: None,
        };
        view.clock = view.clock_from_record();
        view.reader_start();
        view
    }

    /// A chapter that quizzes its line goes to where its reader begins: the start, or
    /// after the first move when the reader plays the second player (its moves hidden
    /// again).
    fn reader_start(&mut self) {
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
    }

    /// The record's chapter mode (a study chapter's `ChapterMode` tag; normal for any
    /// other game).
    fn chapter_mode(&self) -> ChapterMode {
        self.session.record.tags.get(MODE_TAG).and_then(ChapterMode::parse).unwrap_or_default()
    }

    /// Whether the moves after the shown one are hidden (a quiz chapter not revealed).
    fn quizzing(&self) -> bool {
        self.in_study
            && self.chapter_mode().is_quiz()
            && !self.revealed
            && self.puzzle.is_none()
            && self.learning.is_none()
    }

    /// Judges a move played in a quiz chapter against its main line: the line's move
    /// goes on (in "guess" the reply follows by itself), any other is taken back; past
    /// the end of the line moves are free.
    fn judge_chapter(&mut self, changed: bool) -> Applied {
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
            if changed {
                s.record.tree.delete(played);
            }
            s.jump(parent);
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

    /// The side index (`0`: the side that moves first in the game) of `side`.
    fn side_index(side: G::Side) -> usize {
        usize::from(side != G::opening().side_to_move())
    }

    /// The clock the record's tags and `[%clk]` stamps describe (paused when the game
    /// has moves; standing when it is over).
    fn clock_from_record(&self) -> Option<GameClock> {
        let line = self.session.record.tree.main_line_from(NodeId::ROOT);
        let turn = Self::side_index(self.session.main_line_end_position().side_to_move());
        self.clock_along(&line, turn, self.session.game_over())
    }

    /// The clocks as the stamps on the way to `node` give them (standing).
    fn clock_at(&self, node: NodeId) -> Option<GameClock> {
        let path = self.session.record.tree.path_to(node);
        let first = Self::side_index(self.session.record.start.side_to_move());
        self.clock_along(&path, (first + path.len()) % 2, true)
    }

    /// The clock after the moves of `line` (nodes from the start, the sides taking turns
    /// from the start's side to move), `turn` to move.
    fn clock_along(&self, line: &[NodeId], turn: usize, over: bool) -> Option<GameClock> {
        let record = &self.session.record;
        let first = Self::side_index(record.start.side_to_move());
        let movers =
            line.iter().enumerate().map(|(i, &id)| ((first + i) % 2, record.tree.node(id).comment_after.as_str()));
        GameClock::from_record(&record.tags, first, movers, turn, over)
    }

    /// The clock again from the record (after an undo, a take-back, a deletion), going
    /// on from now unless it was paused.
    fn rebuild_clock(&mut self) {
        let paused = self.clock.as_ref().is_none_or(GameClock::is_paused);
        self.clock = self.clock_from_record();
        if let Some(clock) = &mut self.clock {
            clock.set_paused(paused && clock.is_paused(), self.now);
        }
    }

    /// The node at the end of the main line.
    fn main_line_end(&self) -> NodeId {
        self.session.record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT)
    }

    /// After a change of the record: a move added at the end of the main line is
    /// timed and stamped with the mover's clock (`[%clk]`); any other change of the main
    /// line rebuilds the clock from the stamps; an ended game stops it.
    fn clock_after_change(&mut self, end_before: NodeId) {
        if self.clock.is_none() {
            return;
        }
        let end = self.main_line_end();
        let added = end != end_before && self.session.record.tree.node(end).parent == Some(end_before);
        if added {
            let now = self.now;
            let left = self.clock.as_mut().map(|c| c.moved(now)).unwrap_or_default();
            self.stamp_clock(end, left);
        } else if end != end_before
            || (self.clock.as_ref().is_some_and(GameClock::is_stopped) && !self.session.game_over())
        {
            // The main line changed, or a decision was taken back: the clock from the record.
            self.rebuild_clock();
        }
        if self.session.game_over()
            && let Some(clock) = &mut self.clock
        {
            clock.stop(self.now);
        }
    }

    /// A hint against the computer: a short search, and the piece to move marked.
    fn hint(&mut self) -> Applied {
        if self.computer_to_move() || self.session.game_over() {
            return Applied::say("A hint is for your move");
        }
        let pos = self.session.position();
        let mut keys = self.session.position_keys();
        keys.pop();
        // A short search on a thread of its own: the window keeps drawing meanwhile.
        let found: HintJob<G::Cell> = super::jobs::Job::start("hint", move |control| {
            let mut engine = crate::engine::Engine::<G>::new(4);
            let limits = crate::engine::Limits::nodes(30_000);
            let result = engine.search(&pos, &keys, &limits, 1, control.cancel_flag(), &mut |_| {});
            let cell = result.best.map(|best| G::move_cells(best).0);
            (pos.zobrist(), cell)
        });
        self.hint_job = Some(found);
        // The panel says it is looking, then names the piece; the status bar keeps no
        // word of it that would outlive the search.
        Applied::default()
    }

    /// Takes the hint once its search has finished; whether one is still searched.
    fn poll_hint(&mut self) -> bool {
        let Some(job) = &mut self.hint_job else { return false };
        let (key, cell) = match job.poll() {
            super::jobs::JobPoll::Running => return true,
            super::jobs::JobPoll::Done(found) => found,
            super::jobs::JobPoll::Gone => (0, None),
        };
        self.hint_job = None;
        if let Some(cell) = cell
            && key == self.session.position().zobrist()
        {
            self.hint = Some((key, cell));
        }
        false
    }

    /// Starts the game report on the main line (`nodes` per position).
    fn analyse_game(&mut self, nodes: u64) -> Applied {
        if self.report.is_some() {
            return Applied::say("The game is being analysed");
        }
        let positions = crate::study::report::main_line_positions(&self.session.record);
        if positions.len() < 2 {
            return Applied::say("There is no move to analyse");
        }
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
        let wake = super::jobs::progress_waker();
        self.report = Some(ReportJob::start_with(positions, nodes, workers, wake));
        Applied::say("Analysing the game…")
    }

    /// Writes the finished report into the record, if it is still the game analysed.
    fn apply_report(&mut self) -> Applied {
        let Some(job) = self.report.take() else { return Applied::default() };
        let Some(evals) = job.finished() else {
            self.report = Some(job);
            return Applied::default();
        };
        let now: Vec<u64> =
            crate::study::report::main_line_positions(&self.session.record).iter().map(|(p, _)| p.zobrist()).collect();
        if now != job.keys {
            return Applied::say("The game changed while it was analysed: run Analyse game again");
        }
        self.report_time = Some(job.elapsed());
        let judged = crate::study::report::annotate(&mut self.session.record, &evals);
        Applied {
            changed: true,
            message: Some(format!("Game report: {judged} moves marked, in {:.1} s", job.elapsed().as_secs_f64())),
        }
    }

    /// Starts "Learn from your mistakes" (the user's moves against the computer, both
    /// sides' otherwise).
    fn start_learning(&mut self) -> Applied {
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
        self.learning = Some(Learning { moves, index: 0, state: LearnState::Asking, feedback: String::new() });
        self.ask_learning();
        Applied::default()
    }

    /// Shows the position before the marked move asked now, and asks for a better move.
    fn ask_learning(&mut self) {
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
    fn judge_learning(&mut self, changed: bool) -> Applied {
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
                s.record.tree.delete(played);
            }
            s.jump(parent);
        };
        let feedback;
        let mut kept = changed;
        if played == asked {
            take_back(s, false);
            feedback = "That is the move of the game: try another.".to_string();
        } else if mv.is_some() && mv == best {
            feedback = format!("Right: {} is the engine's move.", best_text.unwrap_or_default());
            if let Some(l) = &mut self.learning {
                l.state = LearnState::Solved;
            }
        } else if let (Some(mv), Some(best)) = (mv, best) {
            let history = {
                let mut keys = s.position_keys();
                keys.truncate(s.record.tree.path_to(parent).len());
                keys
            };
            // Two short searches, in the background: the move stays on the board until
            // Command::LearnJudged brings the verdict.
            let searched = pos.clone();
            let job = super::jobs::Job::start("learn", move |_| {
                let mine = crate::study::report::share_after(&searched, &history, mv, 20_000);
                let engine = crate::study::report::share_after(&searched, &history, best, 20_000);
                (mine, engine)
            });
            self.learn_judging = Some(LearnJudging { played, parent, changed, mv, best, job, shares: None });
            feedback = format!("Judging {}…", pos.notation(mv));
        } else {
            take_back(s, changed);
            kept = false;
            feedback = "Try another move.".to_string();
        }
        if let Some(l) = &mut self.learning {
            l.feedback = feedback;
        }
        Applied { changed: kept, message: Some(String::new()) }
    }

    /// The verdict on a move judged in the background ([`Command::LearnJudged`]): kept
    /// when it keeps about the chances of the engine's move, else taken back. A verdict
    /// on a move no longer shown is dropped.
    fn learning_judged(&mut self) -> Applied {
        let Some(judging) = self.learn_judging.take() else { return Applied::default() };
        let Some((mine, engine)) = judging.shares else { return Applied::default() };
        let s = &mut self.session;
        if s.cursor != judging.played || self.learning.as_ref().is_none_or(|l| l.state != LearnState::Asking) {
            return Applied::default();
        }
        let pos = s.record.position_at(judging.parent);
        let feedback;
        let mut kept = false;
        if mine + crate::study::report::THRESHOLDS[0] > engine {
            feedback = format!("Good move: about as good as the engine's {}.", pos.notation(judging.best));
            if let Some(l) = &mut self.learning {
                l.state = LearnState::Solved;
            }
        } else {
            if judging.changed {
                s.record.tree.delete(judging.played);
                kept = true;
            }
            s.jump(judging.parent);
            feedback = format!(
                "You can do better: {} keeps {:.0} % of the chances, the best move {:.0} %. Try another move.",
                pos.notation(judging.mv),
                mine * 100.0,
                engine * 100.0
            );
        }
        if let Some(l) = &mut self.learning {
            l.feedback = feedback;
        }
        Applied { changed: kept, message: Some(String::new()) }
    }

    /// The verdict of the move being judged, once its searches are done.
    fn poll_learning(&mut self) -> Option<Command> {
        let judging = self.learn_judging.as_mut()?;
        if judging.shares.is_some() {
            return None;
        }
        match judging.job.poll() {
            super::jobs::JobPoll::Running => None,
            super::jobs::JobPoll::Done(shares) => {
                judging.shares = Some(shares);
                Some(Command::LearnJudged)
            }
            super::jobs::JobPoll::Gone => {
                self.learn_judging = None;
                None
            }
        }
    }

    /// Shows the engine's move for the asked position.
    fn learning_show(&mut self) -> Applied {
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
        let before = s.record.tree.move_count();
        let node = s.record.add_move(parent, best);
        s.jump(node);
        learning.state = LearnState::Shown;
        learning.feedback = format!("The engine plays {}.", pos.notation(best));
        Applied { changed: s.record.tree.move_count() != before, message: Some(String::new()) }
    }

    /// The next marked move, or the end of the lesson.
    fn learning_next(&mut self) -> Applied {
        let Some(learning) = &mut self.learning else { return Applied::default() };
        learning.index += 1;
        if learning.index >= learning.moves.len() {
            self.learning = None;
            return Applied::say("That was the last marked move");
        }
        self.ask_learning();
        Applied::default()
    }

    /// Gives `side` more time. For the side not to move the time is written into its
    /// last `[%clk]` at once (so undo and redo keep it); the side to move's next stamp
    /// carries it.
    fn add_time(&mut self, side: usize, seconds: u32) -> Applied {
        let Some(clock) = &mut self.clock else { return Applied::default() };
        if clock.is_stopped() {
            return Applied::say("The game is over");
        }
        clock.add_time(side, std::time::Duration::from_secs(u64::from(seconds)));
        if side == clock.turn() {
            return Applied::default();
        }
        let left = clock.reading(side, self.now).left;
        let record = &self.session.record;
        let first = Self::side_index(record.start.side_to_move());
        let line = record.tree.main_line_from(NodeId::ROOT);
        // The moves alternate from the start's side: `side`'s last one.
        let last = line.iter().enumerate().rev().find(|(i, _)| (first + i) % 2 == side).map(|(_, &id)| id);
        let Some(node) = last else { return Applied::default() };
        self.stamp_clock(node, left);
        Applied::changed()
    }

    /// Writes `left` as the `[%clk]` of the move at `node` (replacing its old one).
    fn stamp_clock(&mut self, node: NodeId, left: std::time::Duration) {
        let tree = &mut self.session.record.tree;
        let text = crate::record::annotations::clock_text(left);
        let comment = crate::record::annotations::with_command(&tree.node(node).comment_after, "clk", Some(&text));
        tree.set_comment_after(node, &comment);
    }

    /// The side to move's time ran out: it loses, or — in a game with draws — the game
    /// is drawn when the other side cannot win (`docs/app.md` *Clocks*).
    fn flag_fall(&mut self) -> Applied {
        let Some(clock) = &mut self.clock else { return Applied::default() };
        if self.session.game_over() || clock.flag(self.now).is_none() {
            return Applied::default();
        }
        clock.stop(self.now);
        let s = &mut self.session;
        let pos = s.main_line_end_position();
        let loser = pos.side_to_move();
        let name = capitalise(loser.name());
        if pos.cannot_win(loser.other()) {
            s.record.result = GameResult::Draw;
            s.record.tags.set(
                "Termination",
                &format!("Draw: {name}'s time ran out and {} cannot win", capitalise(loser.other().name())),
            );
        } else {
            s.record.result =
                if Self::side_index(loser) == 0 { GameResult::SecondPlayerWins } else { GameResult::FirstPlayerWins };
            s.record.tags.set("Termination", &format!("{name} lost on time"));
        }
        if let Some(o) = &mut self.opponent {
            o.halt();
        }
        Applied { changed: true, message: Some(format!("{name}'s time ran out")) }
    }

    fn cell(slot: u8) -> Option<G::Cell> {
        G::Cell::from_slot(slot)
    }

    /// After a move attempt from the node `from` (`before` moves in the tree then): a
    /// puzzle, a lesson or a quiz chapter judges a move played; a piece only picked up
    /// (the cursor still at `from`) is no move to judge.
    fn moved(&mut self, attempt: MoveAttempt<G::Cell>, before: usize, from: NodeId) -> Applied {
        match attempt {
            MoveAttempt::Played if self.session.cursor == from => {
                Applied { changed: false, message: Some(String::new()) }
            }
            MoveAttempt::Played => {
                let changed = self.session.record.tree.move_count() != before;
                if changed && let Some(puzzle) = &mut self.puzzle {
                    match puzzle.judge(&mut self.session) {
                        // The puzzle panel says why.
                        Judged::TakenBack => return Applied { changed: false, message: Some(String::new()) },
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
                    return self.judge_chapter(changed);
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
    fn record_ending(&mut self) {
        let auto = |t: &str| t.starts_with(ENDING_PREFIX);
        let termination = self.session.record.tags.get("Termination").map(str::to_string);
        if termination.as_deref().is_some_and(|t| !auto(t)) {
            return;
        }
        let outcome = self.session.main_line_end_outcome();
        let record = &mut self.session.record;
        match outcome {
            Some(outcome) => {
                record.result = match G::winner(outcome) {
                    Some(w) if w == G::Side::BOTH[0] => GameResult::FirstPlayerWins,
                    Some(_) => GameResult::SecondPlayerWins,
                    None => GameResult::Draw,
                };
                record.tags.set("Termination", &format!("{ENDING_PREFIX}{}", G::ending_title(outcome)));
            }
            None if termination.is_some() => {
                record.result = GameResult::Unknown;
                record.tags.remove("Termination");
            }
            None => {}
        }
    }

    /// Whether the computer is to move at the shown position, the end of the main
    /// line: the board is then not the user's.
    fn computer_to_move(&self) -> bool {
        let Some(opponent) = &self.opponent else { return false };
        let s = &self.session;
        let at_end = s.record.tree.node(s.cursor).children.is_empty()
            && s.record.tree.main_line_from(NodeId::ROOT).last().is_none_or(|&end| end == s.cursor);
        at_end && !s.game_over() && s.position().side_to_move() == opponent.side
    }

    /// Takes back the user's last move and the computer's answer to it (only the
    /// user's move while the computer is still thinking about it).
    fn take_back(&mut self) -> Applied {
        let Some(opponent) = &mut self.opponent else {
            return Applied::say("Take back is for games against the computer");
        };
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
        s.record.tree.delete(first);
        s.cursor = node;
        s.selected = None;
        s.record.result = GameResult::Unknown;
        s.record.tags.remove("Termination");
        self.record_ending();
        Applied { changed: true, message: Some("Took back your last move".into()) }
    }

    /// Plays the computer's move (in the game's notation) at the end of the main line,
    /// the cursor following when it was there.
    fn play_computer_move(&mut self, text: &str) -> Applied {
        let s = &mut self.session;
        let end = s.record.tree.main_line_from(NodeId::ROOT).last().copied().unwrap_or(NodeId::ROOT);
        let Ok(mv) = s.record.position_at(end).parse_move(text) else { return Applied::default() };
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
    fn consider_draw(&mut self) {
        let pos = self.session.position();
        let computer_moves = self.opponent.as_ref().is_some_and(|o| o.side == pos.side_to_move());
        let key = pos.zobrist();
        self.draw_offer = Some((
            key,
            super::jobs::Job::start("draw-offer", move |control| {
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
    fn poll_draw_offer(&mut self) -> Option<Command> {
        let (key, job) = self.draw_offer.as_mut()?;
        let accepted = match job.poll() {
            super::jobs::JobPoll::Running => return None,
            super::jobs::JobPoll::Done(accepted) => accepted,
            super::jobs::JobPoll::Gone => false,
        };
        let key = *key;
        self.draw_offer = None;
        (key == self.session.position().zobrist() && !self.session.game_over()).then_some(Command::DrawAnswer(accepted))
    }

    fn decide(&mut self, command: &Command) -> Applied {
        if self.session.game_over() {
            return Applied::say("The game is already over");
        }
        if let Some(opponent) = &self.opponent {
            let name = opponent.name();
            let human = opponent.side.other();
            match command {
                Command::AgreeDraw if G::HAS_DRAWS => {
                    // Answered by Command::DrawAnswer once the computer has thought.
                    if self.draw_offer.is_none() {
                        self.consider_draw();
                    }
                    return Applied::say(format!("{name} considers your draw offer…"));
                }
                Command::DrawAnswer(false) => return Applied::say(format!("{name} declines the draw")),
                Command::Resign => {
                    let s = &mut self.session;
                    s.record.result = if human == G::opening().side_to_move() {
                        GameResult::SecondPlayerWins
                    } else {
                        GameResult::FirstPlayerWins
                    };
                    s.record.tags.set("Termination", &format!("{} resigned", capitalise(human.name())));
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
            Command::Resign => {
                let loser = capitalise(pos.side_to_move().name());
                s.record.result = if pos.is_first_player_to_move() {
                    GameResult::SecondPlayerWins
                } else {
                    GameResult::FirstPlayerWins
                };
                s.record.tags.set("Termination", &format!("{loser} resigned"));
            }
            Command::AgreeDraw | Command::ClaimDraw | Command::DrawAnswer(true) if G::HAS_DRAWS => {
                if matches!(command, Command::ClaimDraw) && !pos.can_claim_draw(&s.position_keys()) {
                    return Applied::say("No draw can be claimed here");
                }
                let how = if matches!(command, Command::ClaimDraw) { "claimed" } else { "agreed" };
                s.record.result = GameResult::Draw;
                s.record.tags.set("Termination", &format!("Draw {how}"));
            }
            _ => return Applied::say(format!("{} has no draws", G::VARIANT.name())),
        }
        s.cursor = s.record.tree.main_line_from(s.cursor).last().copied().unwrap_or(s.cursor);
        Applied::changed()
    }

    fn toggle_mark(&mut self, from: G::Cell, to: Option<G::Cell>, color: crate::record::MarkColor) -> Applied {
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
        s.record.tree.set_marks(s.cursor, marks);
        Applied::changed()
    }

    /// The highlights for the board: selection, legal targets, last move, Target or
    /// check, hover, and the study marks of the shown move.
    pub fn overlay(&self, settings: &Settings) -> BoardOverlay<G::Cell> {
        let s = &self.session;
        let mut overlay = BoardOverlay { hover: self.hover, selected: s.selected, ..BoardOverlay::default() };
        if settings.hints
            && let Some(from) = s.selected
        {
            overlay.targets = s.targets_of(from);
        }
        if s.selected.is_some() {
            let marks = s.entry_marks();
            if marks.landed.is_empty() {
                // Before the first landing: the last cells and the first landings.
                if settings.hints {
                    for c in marks.next {
                        if !overlay.targets.contains(&c) {
                            overlay.targets.push(c);
                        }
                    }
                }
            } else {
                overlay.landed = marks.landed;
                overlay.jumped = marks.jumped;
                overlay.targets = if settings.hints { marks.next } else { Vec::new() };
            }
        } else if settings.hints {
            // A compulsory draughts capture: ring the pieces that may (must) take.
            overlay.captures = s.bound_to_capture();
        }
        overlay.last_move = s.last_move();
        if settings.show_marks {
            let marks = &s.record.tree.node(s.cursor).marks;
            overlay.arrows = marks.arrows.clone();
            overlay.marked_cells = marks.cells.iter().map(|m| (m.cell, m.color)).collect();
        }
        overlay.in_target.extend(s.position().checked_cell());
        if let Some((key, cell)) = self.hint
            && key == s.position().zobrist()
        {
            overlay.marked_cells.push((cell, MarkColor::Yellow));
        }
        // A puzzle's hint in steps: the piece, then its target.
        if let Some((mv, step)) = self.puzzle.as_ref().and_then(PuzzleState::hinted) {
            let (from, to) = G::move_cells(mv);
            overlay.marked_cells.push((from, MarkColor::Yellow));
            if step >= 2 {
                overlay.marked_cells.push((to, MarkColor::Green));
            }
        }
        if settings.analysis
            && let Some(snapshot) = self.current_analysis()
        {
            // The best line's move in blue, the others' in green, under the study marks.
            let arrows = snapshot.lines.iter().enumerate().filter_map(|(i, line)| {
                let (from, to) = G::move_cells(*line.pv.first()?);
                let color = match (self.threat, i) {
                    (true, _) => MarkColor::Red,
                    (false, 0) => MarkColor::Blue,
                    (false, _) => MarkColor::Green,
                };
                Some(Arrow { color, from, to })
            });
            let mut all: Vec<Arrow<G::Cell>> = arrows.rev().collect();
            all.append(&mut overlay.arrows);
            overlay.arrows = all;
        }
        overlay
    }

    /// The position the analysis looks at: the shown one, or for the threat the shown
    /// one with the other side to move (`None` in check or Target, where passing is not
    /// a move).
    fn analysed_position(&self) -> Option<G> {
        let mut pos = self.session.position();
        if self.threat {
            if pos.is_in_check() || pos.outcome().is_some() {
                return None;
            }
            pos.play_null();
        }
        Some(pos)
    }

    /// The analysis's snapshot when it belongs to the shown position (or its threat).
    fn current_analysis(&self) -> Option<Snapshot<G::Move>> {
        let analysis = self.analysis.as_ref()?;
        let key = self.analysed_position()?.zobrist();
        (analysis.analysed_key() == Some(key)).then(|| analysis.snapshot())
    }

    /// Plays the best analysis line's first move.
    fn play_best_move(&mut self) -> Applied {
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
        let text = self.session.position().notation(mv);
        self.play_moves(&[text])
    }

    /// Plays moves given in the game's notation from the shown position, each
    /// following an existing continuation or starting a variation; stops at the first
    /// that is not legal.
    fn play_moves(&mut self, moves: &[String]) -> Applied {
        let before = self.session.record.tree.move_count();
        let from = self.session.cursor;
        let mut pos = self.session.position();
        for text in moves {
            let Ok(mv) = pos.parse_move(text) else { break };
            self.session.cursor = self.session.record.add_move(self.session.cursor, mv);
            pos.play(mv);
        }
        self.session.selected = None;
        self.moved(MoveAttempt::Played, before, from)
    }

    /// The analysis panel: the lines with their scores, depth and speed, the verdict
    /// of a proven result, and an evaluation bar.
    fn analysis_panel(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let shown = self.session.position();
        if let Some(outcome) = shown.outcome() {
            ui.label(super::session::describe_outcome::<G>(outcome));
            return;
        }
        let Some(pos) = self.analysed_position() else {
            ui.label(format!("No threat to show: {} must answer the {}", shown.side_to_move().name(), G::CHECK_NAME));
            return;
        };
        if self.threat {
            ui.label(
                egui::RichText::new(format!(
                    "Threat: what {} would play if it were its move",
                    pos.side_to_move().name()
                ))
                .color(super::theme::ERROR),
            );
        }
        let Some(snapshot) = self.current_analysis() else {
            ui.label("Starting…");
            return;
        };
        let first = G::opening().side_to_move();
        // Scores from the first player's point of view, as the evaluation bar shows them.
        let for_first = |score: Score| if pos.side_to_move() == first { score } else { negate(score) };
        ui.horizontal_wrapped(|ui| {
            let state = if snapshot.running { "searching" } else { "done" };
            ui.label(format!(
                "Depth {} · {} · {:.1} s · {state}",
                snapshot.depth,
                speed(snapshot.nps),
                snapshot.time.as_secs_f64()
            ));
            if snapshot.running {
                ui.spinner();
            }
        });
        if let Some(best) = snapshot.lines.first() {
            let share = crate::study::report::winning_share(for_first(best.score));
            let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 10.0), egui::Sense::hover());
            let split = rect.left() + rect.width() * share;
            ui.painter().rect_filled(rect, 2.0, egui::Color32::from_gray(40));
            ui.painter().rect_filled(
                egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.max.y)),
                2.0,
                egui::Color32::from_gray(225),
            );
            ui.label(format!("{} {:.0} %", super::session::capitalise(first.name()), share * 100.0))
                .on_hover_text("The first player's share of the evaluation bar");
            if let Some(verdict) = verdict(&pos, best) {
                ui.label(egui::RichText::new(verdict).strong().color(super::theme::BANNER));
            }
        }
        for line in &snapshot.lines {
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(score_text(for_first(line.score))).monospace().strong())
                    .on_hover_text(format!("Depth {}", line.depth));
                let mut p = pos.clone();
                let ply = self.session.record.tree.path_to(self.session.cursor).len() + usize::from(self.threat);
                let mut texts = Vec::with_capacity(line.pv.len());
                for (j, &mv) in line.pv.iter().enumerate() {
                    // Move numbers as the move list writes them: "12." before the first
                    // player's move, "12…" when the line starts with the second's.
                    let (number, first_moves) = self.session.record.move_number_at_ply(ply + j);
                    if first_moves {
                        ui.label(format!("{number}."));
                    } else if j == 0 {
                        ui.label(format!("{number}…"));
                    }
                    let text = p.notation(mv);
                    texts.push(text.clone());
                    if self.threat {
                        ui.label(text);
                    } else if ui.small_button(text).on_hover_text("Play the line to this move").clicked() {
                        commands.push(Command::PlayAnalysisLine(texts.clone()));
                    }
                    p.play(mv);
                }
            });
        }
    }

    fn show_board(
        &mut self,
        ui: &mut egui::Ui,
        setup: &G::Setup,
        overlay: &BoardOverlay<G::Cell>,
        settings: &Settings,
    ) -> Vec<BoardEvent<G::Cell>> {
        let labels = settings.labels.resolve(setup.side_to_move().index());
        let response = BoardWidget::<G>::new(setup, overlay)
            .flipped(settings.flipped)
            .coordinates(settings.coordinates)
            .scheme(settings.scheme_of(G::VARIANT))
            .labels(labels)
            .dragging(self.drag_origin)
            .show(ui);
        self.board_rect = Some(response.board_rect);
        self.hover = response.hovered;
        self.drag_origin = response.drag_origin;
        response.events
    }
}

/// The shown game, whatever its rules: what the rest of the app calls.
pub trait AnyView {
    /// Which game it is.
    fn variant(&self) -> Variant;
    /// The record, for saving and history.
    fn to_game(&self) -> AnyGame;
    /// Whether `game` is the record shown (cheap: no copy).
    fn same_game(&self, game: &AnyGame) -> bool;
    /// Shows `game` instead (same game only; the board editor and puzzle stay), the
    /// cursor at the end of its main line. `false` when `game` is of another game.
    fn replace_game(&mut self, game: AnyGame) -> bool;
    /// The move shown.
    fn cursor(&self) -> NodeId;
    /// Child indices from the start to the shown move.
    fn cursor_path(&self) -> Vec<usize>;
    /// Shows the move at the end of a path of child indices.
    fn follow_path(&mut self, path: &[usize]);
    /// The position string of the shown position.
    fn position_string(&self) -> String;
    /// The Zobrist key of the shown position ([`crate::core::Game::zobrist`]).
    fn position_key(&self) -> u64;
    /// Whether the shown game is a study chapter that hides its next moves (then the
    /// opening tree hides them too).
    fn hides_moves(&self) -> bool;
    /// The analysis's lines for the shown position, when it has any: each line's first
    /// move in the game's notation and its score as the analysis shows it, best first.
    fn analysis_move_scores(&self) -> Vec<(String, String)>;
    /// The status bar's text and whether it is a warning.
    fn status(&self) -> (String, bool);
    /// The ending to announce, if the shown position is over.
    fn banner(&self) -> Option<String>;
    /// The move shown, if the cursor is on one: the node before it and how it sounds
    /// (the end of the game, Target or check, a capture, or a plain move).
    fn move_sound(&self) -> Option<(NodeId, super::sounds::Sound)>;
    /// The name of the cell under the pointer, if any ([`DrawGame::cell_caption`]).
    fn hovered_cell(&self) -> Option<String>;
    /// A quiz chapter goes to where its reader begins, its next moves hidden (after its
    /// mode or reader changed); nothing for any other game.
    fn go_to_reader_start(&mut self);
    /// Whether the open file is a study (a chapter mode only counts in one).
    fn set_in_study(&mut self, in_study: bool);
    /// The side to move's name, capitalised ("Positive", "White").
    fn side_to_move_name(&self) -> String;
    /// Whether the game is decided (its main line ends in a finished position, or a
    /// decision closed it).
    fn game_over(&self) -> bool;
    /// Whether the game has draws, and whether one can be claimed now.
    fn draws(&self) -> (bool, bool);
    /// A header tag of the record.
    fn tag(&self, key: &str) -> Option<String>;
    /// Applies a command meant for the game (moves, marks, the move tree, decisions,
    /// navigation, puzzles).
    fn apply(&mut self, command: &Command) -> Applied;

    /// Opens the board editor on the shown position.
    fn open_board_editor(&mut self);
    /// Closes the board editor.
    fn close_board_editor(&mut self);
    /// Whether the board editor is open.
    fn board_editor_open(&self) -> bool;
    /// The board editor's problems (empty: a valid position), when it is open.
    fn setup_problems(&self) -> Option<Vec<String>>;
    /// The board editor's position string, when it is open.
    fn setup_position_string(&self) -> Option<String>;
    /// Types into the board editor's position-string field.
    fn set_setup_text(&mut self, text: String);
    /// The board editor's position as a new game, when it is valid.
    fn setup_game(&self) -> Option<AnyGame>;
    /// A Save as puzzle form for this game.
    fn puzzle_form(&self) -> PuzzleForm;
    /// The board editor's position as a puzzle record with the form's tags.
    fn puzzle_record(&self, form: &PuzzleForm) -> Option<AnyGame>;

    /// Opens a puzzle whose record is shown: solving mode, the solver started.
    fn start_puzzle(&mut self, puzzle: &Puzzle);
    /// Solves the shown position (keys and tree, not solving mode).
    ///
    /// # Errors
    /// The stipulation does not apply to this game.
    fn solve_shown(&mut self, stipulation: Stipulation) -> Result<(), String>;
    /// Whether a puzzle is open, and its solver still running.
    fn puzzle_status(&self) -> Option<PuzzleStatus>;
    /// Collects finished background work (the solver); `true` while some still runs.
    fn poll(&mut self) -> bool;

    /// Keeps the analysis in step with the shown position: searching it as `request`
    /// asks, or stopped when `None`. Returns whether a search is running.
    fn sync_analysis(&mut self, request: Option<AnalysisRequest>) -> bool;
    /// The analysis panel.
    fn analysis_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>);

    /// Makes the computer play the side with index `side` (0 moves first) at `level`
    /// in this game, its level and side written into the tags.
    fn set_opponent(&mut self, side: usize, level: crate::engine::Level);
    /// Lets the computer think when it is its move at the end of the main line; its
    /// move, once chosen, as the command that plays it. The flag: it is thinking.
    fn poll_opponent(&mut self) -> (Option<Command>, bool);
    /// The game-against-the-computer panel (who plays what, thinking, Take back), when
    /// the game has an opponent.
    fn opponent_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>);

    /// The diagram of the shown position.
    fn diagram_scene(&self, options: &DiagramOptions) -> Scene;
    /// A diagram caption for the shown position.
    fn caption(&self, title: &str, stipulation: &str) -> Caption;

    /// The board, its events pushed as commands.
    fn board_ui(&mut self, ui: &mut egui::Ui, settings: &Settings, commands: &mut Vec<Command>);
    /// The board editor's board.
    fn setup_board_ui(&mut self, ui: &mut egui::Ui, settings: &Settings);
    /// The board editor's palette and controls.
    fn setup_panel_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
    /// The puzzle panel, when a puzzle is open.
    fn puzzle_panel_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
    /// The move list.
    fn move_list_ui(&mut self, ui: &mut egui::Ui, panel: &mut MoveListPanel, commands: &mut Vec<Command>);
    /// The promotion picker, while a promotion waits.
    fn promotion_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>);

    /// Collects the game report once it is finished: [`Command::ApplyReport`] to write
    /// it; and whether one is being worked out (the app then looks again soon).
    fn poll_report(&mut self) -> (Option<Command>, bool);
    /// The game report's part of the side panel: progress and Cancel while it runs;
    /// then the evaluation graph, the per-side summary and "Learn from your mistakes".
    fn report_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
    /// The time now (seconds, the app's frame time: a test's fake time in UI tests),
    /// once a frame before anything else: starts a clock that waits, and returns
    /// [`Command::FlagFall`] when the side to move's time has run out.
    fn tick(&mut self, now: f64) -> Option<Command>;
    /// Gives the game a clock (its time control and handicap written into the tags), or
    /// takes it away.
    fn set_clock(&mut self, setup: Option<ClockSetup>);
    /// Whether the game has a clock.
    fn has_clock(&self) -> bool;
    /// Whether the game report has something to show: it is being worked out, or the
    /// main line carries its evaluations (not in a chapter that quizzes its moves).
    fn report_shown(&mut self) -> bool;
    /// Whether a clock counts now.
    fn clock_running(&self) -> bool;
    /// While a clock counts: how long until its face shows other digits (the app draws
    /// again then).
    fn clock_changes_in(&self) -> Option<std::time::Duration>;
    /// The two clock faces, the top one first (as the board is turned), with Pause and
    /// the added-time buttons.
    fn clock_ui(&mut self, ui: &mut egui::Ui, settings: &Settings, commands: &mut Vec<Command>);
    /// The evaluation bar beside the board in `rect`, while the analysis runs.
    fn eval_bar_ui(&mut self, ui: &mut egui::Ui, rect: egui::Rect, settings: &Settings);

    /// Where the board was drawn last frame.
    fn board_rect(&self) -> Option<egui::Rect>;
    /// The centre of the cell with this slot on the board as drawn last frame (for UI
    /// tests that click cells).
    fn cell_px(&self, slot: u8, settings: &Settings) -> Option<Pos2>;
    /// The from- and to-slots of a move written in the game's notation, if it is legal
    /// at the shown position.
    fn move_slots(&self, notation: &str) -> Option<(u8, u8)>;
    /// The board's highlights, cells as slots.
    fn overlay_slots(&self, settings: &Settings) -> BoardOverlay<u8>;
}

/// How an open puzzle stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleStatus {
    /// The solver still runs.
    pub solving: bool,
    /// The keys found.
    pub keys: Vec<String>,
    /// The last word to the user.
    pub feedback: String,
    /// Solved in solving mode.
    pub solved: bool,
    /// A puzzle to solve (not the solver's result for the shown position).
    pub interactive: bool,
}

/// The view of any record: the app's one erasure of the game.
pub fn view_of(game: AnyGame) -> Box<dyn AnyView> {
    crate::with_game!(game, record => Box::new(GameView::new(record)) as Box<dyn AnyView>)
}

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
        super::session::capitalise(self.session.position().side_to_move().name())
    }

    fn hovered_cell(&self) -> Option<String> {
        self.hover.map(G::cell_caption)
    }

    fn move_sound(&self) -> Option<(NodeId, super::sounds::Sound)> {
        use super::sounds::Sound;
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

    fn to_game(&self) -> AnyGame {
        G::into_any(self.session.record.clone())
    }

    fn same_game(&self, game: &AnyGame) -> bool {
        G::of_any(game).is_some_and(|r| *r == self.session.record)
    }

    fn replace_game(&mut self, game: AnyGame) -> bool {
        match G::from_any(game) {
            Ok(record) => {
                self.session = GameSession::from_record(record);
                self.promotion = None;
                self.rebuild_clock();
                self.revision += 1;
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

    fn apply(&mut self, command: &Command) -> Applied {
        let end_before = self.main_line_end();
        let applied = match command {
            Command::FlagFall => self.flag_fall(),
            Command::ToggleClockPause => {
                let now = self.now;
                match &mut self.clock {
                    Some(clock) if !clock.is_stopped() => {
                        let paused = !clock.is_paused();
                        clock.set_paused(paused, now);
                        Applied::say(if paused { "Clock paused" } else { "Clock running" })
                    }
                    _ => Applied::say("There is no running clock"),
                }
            }
            Command::AddTime { side, seconds } => self.add_time(*side, *seconds),
            _ => self.apply_command(command),
        };
        if applied.changed {
            self.clock_after_change(end_before);
            self.hint = None;
            self.revision += 1;
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
        self.revision += 1;
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

    fn sync_analysis(&mut self, request: Option<AnalysisRequest>) -> bool {
        let Some(request) = request else {
            if let Some(analysis) = &mut self.analysis
                && analysis.active()
            {
                analysis.stop();
            }
            return false;
        };
        self.threat = request.threat;
        let Some(pos) = self.analysed_position() else {
            if let Some(analysis) = &mut self.analysis {
                analysis.stop();
            }
            return false;
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
        analysis.snapshot().running
    }

    fn analysis_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        self.analysis_panel(ui, commands);
    }

    fn set_opponent(&mut self, side: usize, level: crate::engine::Level) {
        let first = G::opening().side_to_move();
        let side = if side == 0 { first } else { first.other() };
        let opponent = Opponent::new(side, level, clock_seed());
        let roster = crate::record::game::roster(G::VARIANT);
        opponent.write_tags(&mut self.session.record.tags, [roster[4], roster[5]]);
        self.opponent = Some(opponent);
        self.revision += 1;
    }

    fn poll_opponent(&mut self) -> (Option<Command>, bool) {
        if let Some(answer) = self.poll_draw_offer() {
            return (Some(answer), false);
        }
        let hinting = self.poll_hint();
        if hinting || self.draw_offer.is_some() {
            return (None, true);
        }
        let Some(opponent) = &mut self.opponent else { return (None, false) };
        let s = &self.session;
        if s.closed_by_decision() {
            opponent.halt();
            return (None, false);
        }
        // Cached while the cursor is at the end of the main line (as it is in play).
        let pos = s.main_line_end_position();
        if let Some(mv) = opponent.take_answer(pos.zobrist()) {
            return (Some(Command::PlayComputerMove(pos.notation(mv))), false);
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
                return (None, false);
            }
            Some(clock) => clock.budget(self.now, super::opponent::THINKING_TIME),
            None => super::opponent::THINKING_TIME,
        };
        opponent.consider(&pos, history, think);
        (None, opponent.is_thinking())
    }

    fn opponent_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let Some(opponent) = &self.opponent else { return };
        let human = opponent.side.other();
        ui.horizontal_wrapped(|ui| {
            ui.strong(format!("You ({}) against {}", human.name(), opponent.name()));
        });
        ui.horizontal(|ui| {
            if opponent.is_thinking() {
                ui.spinner();
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
            ui.label(egui::RichText::new(format!("Hint: move the piece on {cell}")).color(super::theme::BANNER));
        } else if self.hint_job.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
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
                commands.push(Command::TakeBack);
            }
            let playing = !self.session.game_over();
            if self.resign_asked && playing {
                ui.label("Resign this game?");
                if ui.button("Yes, resign").clicked() {
                    commands.push(Command::Resign);
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
                commands.push(Command::AgreeDraw);
            }
            let my_move = playing && !self.computer_to_move();
            if ui
                .add_enabled(my_move, egui::Button::new("Hint"))
                .on_hover_text("Mark the piece the engine would move")
                .clicked()
            {
                commands.push(Command::Hint);
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
                BoardEvent::Clicked(cell) => Command::ClickCell(cell.slot()),
                BoardEvent::DragStarted(cell) => Command::DragStart(cell.slot()),
                BoardEvent::Dropped { from, to: Some(to) } if from != to => {
                    Command::DropPiece { from: from.slot(), to: to.slot() }
                }
                BoardEvent::Dropped { .. } => continue,
                BoardEvent::RightClicked(cell) => {
                    Command::ToggleMark { from: cell.slot(), to: None, color: mark_color(ui.input(|i| i.modifiers)) }
                }
                BoardEvent::RightDragged { from, to } => Command::ToggleMark {
                    from: from.slot(),
                    to: Some(to.slot()),
                    color: mark_color(ui.input(|i| i.modifiers)),
                },
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
            commands.push(Command::RevealLine);
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
            Some(PromotionOutcome::Chosen(index)) => commands.push(Command::ChoosePromotion(Some(index))),
            Some(PromotionOutcome::Cancelled) => commands.push(Command::ChoosePromotion(None)),
            None => {}
        }
    }

    fn poll_report(&mut self) -> (Option<Command>, bool) {
        if let Some(judged) = self.poll_learning() {
            return (Some(judged), false);
        }
        if self.learn_judging.as_ref().is_some_and(|j| j.shares.is_none()) {
            return (None, true);
        }
        match &self.report {
            Some(job) if job.finished().is_some() => (Some(Command::ApplyReport), false),
            Some(_) => (None, true),
            None => (None, false),
        }
    }

    fn report_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        // A quiz chapter's report (its graph and scores) would give the moves away.
        if self.quizzing() {
            return;
        }
        let progress = self.report.as_ref().map(|job| (job.progress(), job.elapsed()));
        if self.report_data.as_ref().is_none_or(|(at, _)| *at != self.revision) {
            let record = &self.session.record;
            let learner = self.opponent.as_ref().map(|o| Self::side_index(o.side.other()));
            let data = ReportData {
                points: crate::study::report::graph(record),
                summary: crate::study::report::summary(record),
                learnable: !crate::study::report::mistakes(record, learner).is_empty(),
            };
            self.report_data = Some((self.revision, data));
        }
        let Some((_, data)) = &self.report_data else { return };
        let (points, summary) = (&data.points, &data.summary);
        let first = G::opening().side_to_move();
        let names = [capitalise(first.name()), capitalise(first.other().name())];
        super::report_ui::report_ui(
            ui,
            &super::report_ui::ReportView {
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
        (clock.flag(now).is_some() && !self.session.game_over()).then_some(Command::FlagFall)
    }

    fn set_clock(&mut self, setup: Option<ClockSetup>) {
        let tags = &mut self.session.record.tags;
        match setup {
            Some(setup) => {
                let first = Self::side_index(self.session.record.start.side_to_move());
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
            Some((revision, evaluated)) if revision == self.revision => evaluated,
            _ => {
                let evaluated = command_value_in_main_line(&self.session.record);
                self.evaluated = Some((self.revision, evaluated));
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
        (reading.running || !reading.delay_left.is_zero()).then(|| super::clock::face_changes_in(&reading))
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
        let faces = order.map(|i| super::clock_ui::Face {
            side: i,
            name: capitalise(sides[i].name()),
            reading: clock.reading(i, self.now),
            to_move: clock.turn() == i && !clock.is_stopped(),
        });
        super::clock_ui::clocks_ui(ui, &faces, clock, commands);
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
        super::clock_ui::eval_bar(ui, rect, share, settings.flipped);
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

impl<G: AppGame> GameView<G> {
    /// Applies a command meant for the game ([`AnyView::apply`] without the clock).
    fn apply_command(&mut self, command: &Command) -> Applied {
        let board_move = matches!(
            command,
            Command::ClickCell(_)
                | Command::DropPiece { .. }
                | Command::DragStart(_)
                | Command::PlayBestMove
                | Command::PlayAnalysisLine(_)
                | Command::PlayMove(_)
        );
        if board_move && self.computer_to_move() {
            let name = self.opponent.as_ref().map(Opponent::name).unwrap_or_default();
            return Applied::say(format!("{name} is thinking: it is its move"));
        }
        let before = self.session.record.tree.move_count();
        let cursor_before = self.session.cursor;
        let s = &mut self.session;
        match command {
            Command::Back => s.back(),
            Command::Forward => s.forward(),
            Command::PreviousVariation => s.switch_variation(-1),
            Command::NextVariation => s.switch_variation(1),
            Command::Start => s.home(),
            Command::End => s.end(),
            Command::Deselect => s.selected = None,
            Command::Jump(node) => s.jump(*node),
            Command::RevealLine => {
                self.revealed = true;
                return Applied::say("The chapter's moves are shown");
            }
            Command::PlayBestMove => return self.play_best_move(),
            Command::PlayAnalysisLine(moves) => return self.play_moves(moves),
            Command::PlayMove(text) => return self.play_moves(std::slice::from_ref(text)),
            Command::PlayComputerMove(text) => return self.play_computer_move(text),
            Command::TakeBack => return self.take_back(),
            Command::ClickCell(slot) => {
                let Some(cell) = Self::cell(*slot) else { return Applied::default() };
                let attempt = s.click(cell);
                return self.moved(attempt, before, cursor_before);
            }
            Command::DragStart(slot) => {
                if let Some(cell) = Self::cell(*slot)
                    && !s.targets_of(cell).is_empty()
                    && s.selected != Some(cell)
                {
                    s.selected = Some(cell);
                    s.entry = Default::default();
                }
            }
            Command::DropPiece { from, to } => {
                let (Some(from), Some(to)) = (Self::cell(*from), Self::cell(*to)) else { return Applied::default() };
                let attempt = s.drop_on(from, to);
                return self.moved(attempt, before, cursor_before);
            }
            Command::ChoosePromotion(choice) => {
                let Some((from, to)) = self.promotion.take() else { return Applied::default() };
                let s = &mut self.session;
                s.selected = None;
                let Some(index) = choice else { return Applied::default() };
                let Some(&mv) = s.moves_between(from, to).get(*index) else { return Applied::default() };
                let attempt = s.try_move(from, to, Some(mv));
                return self.moved(attempt, before, cursor_before);
            }
            Command::ToggleMark { from, to, color } => {
                let Some(from) = Self::cell(*from) else { return Applied::default() };
                let to = match to {
                    Some(t) => match Self::cell(*t) {
                        Some(c) => Some(c),
                        None => return Applied::default(),
                    },
                    None => None,
                };
                return self.toggle_mark(from, to, *color);
            }
            Command::PromoteVariation(node) => {
                let changed = s.record.tree.promote(*node);
                self.record_ending();
                return Applied { changed, message: None };
            }
            Command::DeleteFrom(node) => {
                if *node == NodeId::ROOT {
                    return Applied::default();
                }
                let path = s.record.tree.path_to(s.cursor);
                if let Some(parent) = s.record.tree.delete(*node) {
                    if path.contains(node) {
                        s.cursor = parent;
                    }
                    self.record_ending();
                    return Applied::changed();
                }
            }
            Command::ToggleNag(nag) => {
                if s.cursor == NodeId::ROOT {
                    return Applied::say("Choose a move first: NAGs belong to a move");
                }
                let nags = &mut s.record.tree.node_mut(s.cursor).nags;
                match nags.iter().position(|n| n == nag) {
                    Some(i) => {
                        nags.remove(i);
                    }
                    None => nags.push(*nag),
                }
                return Applied::changed();
            }
            Command::Resign | Command::AgreeDraw | Command::ClaimDraw | Command::DrawAnswer(_) => {
                return self.decide(command);
            }
            Command::SetPosition(text) => {
                return match G::from_position_string(text) {
                    Ok(p) => {
                        self.session = GameSession::from_record(GameRecord::from_position(p));
                        Applied::changed()
                    }
                    Err(e) => Applied::say(e.to_string()),
                };
            }
            Command::Hint => {
                if let Some(p) = &mut self.puzzle {
                    p.hint();
                } else if self.opponent.is_some() {
                    return self.hint();
                } else {
                    return Applied::say("Hints are for puzzles and games against the computer; try the analysis (L)");
                }
            }
            Command::ClosePuzzle => self.puzzle = None,
            Command::StartReport(nodes) => return self.analyse_game(*nodes),
            Command::CancelReport => {
                if let Some(job) = self.report.take() {
                    job.cancel();
                    return Applied::say("Game report cancelled");
                }
            }
            Command::ApplyReport => return self.apply_report(),
            Command::SetTag(key, value) => {
                s.record.tags.set(key, value);
                return Applied::changed();
            }
            Command::LearnFromMistakes => return self.start_learning(),
            Command::LearnShow => return self.learning_show(),
            Command::LearnNext => return self.learning_next(),
            Command::LearnStop => {
                self.learning = None;
                self.learn_judging = None;
            }
            Command::LearnJudged => return self.learning_judged(),
            _ => {}
        }
        Applied::default()
    }
}

/// Whether a record's main line carries any `[%eval]` (a game report was written).
fn command_value_in_main_line<G: AppGame>(record: &GameRecord<G>) -> bool {
    record
        .tree
        .main_line_from(NodeId::ROOT)
        .iter()
        .any(|&id| crate::record::annotations::command_value(&record.tree.node(id).comment_after, "eval").is_some())
}

/// The colour of a mark drawn with these modifier keys held, as on lichess: none →
/// green, Shift → red, Alt → blue, Shift+Alt → yellow (Ctrl counts as Alt, for systems
/// where Alt+drag moves the window).
pub fn mark_color(modifiers: egui::Modifiers) -> crate::record::MarkColor {
    use crate::record::MarkColor;
    match (modifiers.shift, modifiers.alt || modifiers.ctrl || modifiers.command) {
        (false, false) => MarkColor::Green,
        (true, false) => MarkColor::Red,
        (false, true) => MarkColor::Blue,
        (true, true) => MarkColor::Yellow,
    }
}

/// A score seen from the other side.
fn negate(score: Score) -> Score {
    match score {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(n) => Score::Mate(-n),
    }
}

/// A score as the panel writes it: `+0.35` (stars or pawns), `#3` (a forced win in 3
/// moves), `#-2` (a forced loss).
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// Nodes per second in words: `850 k nodes/s`, `1.4 M nodes/s`.
fn speed(nps: u64) -> String {
    if nps >= 1_000_000 { format!("{:.1} M nodes/s", nps as f64 / 1e6) } else { format!("{} k nodes/s", nps / 1000) }
}

/// A proven result in words, from the best line: "Positive wins: Target Out in 3",
/// "White is mated in 2".
fn verdict<G: AppGame>(pos: &G, line: &super::analysis::AnalysisLine<G::Move>) -> Option<String> {
    let Score::Mate(n) = line.score else { return None };
    let mut end = pos.clone();
    for &mv in &line.pv {
        end.play(mv);
    }
    let outcome = end.outcome()?;
    let title = super::session::capitalise(G::ending_title(outcome));
    let mover = pos.side_to_move();
    let (winner, moves) = if n > 0 { (mover, n) } else { (mover.other(), -n) };
    let plural = if moves == 1 { "move" } else { "moves" };
    Some(format!("{} wins: {title} in {moves} {plural}", super::session::capitalise(winner.name())))
}
