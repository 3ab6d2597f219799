//! The one place where the app meets the games: [`GameView<G>`] holds everything the
//! model keeps about the shown game, generic over its rules (the game session, the
//! board editor, the open puzzle, the pending promotion, the analysis, the computer,
//! the report, learning, the clock), and [`ShownGame`] erases it once, as an enum, for
//! the rest of the app, which calls it through [`AnyView`]. The app never names a
//! game: [`view_of`] turns any record into a view.
//!
//! The model has no egui: `mod.rs`, `any.rs` (the [`AnyView`] face), `play.rs` (the
//! game commands and moves), `studying.rs` (chapters, the report, learning),
//! `clocks.rs` and `overlay.rs` (what the board shows over the pieces). The drawing is
//! apart: [`panes::GameUi`] (`panes.rs`, with `draw.rs`) reads the view (`&self`) and
//! pushes commands, what its panes keep between frames (the board's pointer) passed in.
//!
//! Adding a game needs nothing here but an arm of [`ShownGame`]: a type implementing
//! the core, record, drawing and solver traits is an [`AppGame`] and gets a view.

use std::sync::Arc;

use super::action::GameCommand;
use super::analysis::{Analysis, AnalysisRequest, Snapshot};
use super::clock::{ClockSetup, GameClock};
use super::jobs::engine::EnginePriority;
use super::jobs::{Job, JobPoll};
use super::opponent::{Opponent, clock_seed};
use super::puzzle::{Judged, PuzzleState, fresh_record};
use super::session::{GameSession, MoveAttempt, capitalise};
use super::setup::PuzzleForm;
use super::setup::SetupMode;
use crate::core::game::{BoardCell, BoardSetup, GameSide, Variant};
use crate::engine::{EngineGame, Score};
use crate::record::study::{ChapterMode, MODE_TAG};
use crate::record::{
    AnyGame, Arrow, GameRecord, GameResult, MarkColor, MarkedCell, Nag, NodeId, RecordGame, SharedRecord,
};
use crate::render::diagram::{Caption, DiagramOptions, record_diagram};
use crate::render::overlay::BoardOverlay;
use crate::render::scene::Scene;
use crate::render::view::DrawGame;
use crate::solver::{Puzzle, SolverGame, Stipulation};
use crate::study::report::{LearnState, Learning, PositionEval};

mod any;
mod clocks;
mod draw;
pub mod lesson;
mod lesson_draw;
mod overlay;
pub mod panes;

/// What the board's overlay shows, from the settings: legal moves and captures
/// (`hints`), the study marks (`show_marks`), the engine's arrows (`analysis`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OverlayOptions {
    /// Show the legal targets of the picked-up piece and the pieces that must capture.
    pub hints: bool,
    /// Show the shown move's marks (coloured cells and arrows).
    pub show_marks: bool,
    /// Show the analysis's first moves as arrows.
    pub analysis: bool,
}

mod play;
mod studying;

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

/// A hint's result, filled in by its search thread: the position's key and the move the
/// engine would play (`None`: no move).
type HintJob<M> = super::jobs::Job<(u64, Option<M>)>;

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

/// The game report being worked out: every main-line position searched on the engine
/// worker ([`crate::study::report::analyse_positions`], on worker threads of its own).
pub struct ReportRun<M> {
    /// The Zobrist keys of the analysed main line's positions (to check that the
    /// record is still the one analysed when the report is written).
    pub keys: Vec<u64>,
    job: Job<Option<Vec<PositionEval<M>>>>,
    started: std::time::Instant,
    /// Every position's evaluation and how long they took, once in.
    finished: Option<(Vec<PositionEval<M>>, std::time::Duration)>,
}

impl<M: Clone + Send + 'static> ReportRun<M> {
    /// Starts the report of `positions` (from
    /// [`crate::study::report::main_line_positions`]), `nodes` per position.
    fn start<G: AppGame<Move = M> + Sync>(positions: Vec<(G, Vec<u64>)>, nodes: u64) -> ReportRun<M> {
        let keys = positions.iter().map(|(p, _)| p.zobrist()).collect();
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
        let job = Job::on_engine("report", EnginePriority::Waited, move |control| {
            control.set_progress(0, positions.len());
            let analysed = |done: usize, total: usize| control.set_progress(done, total);
            crate::study::report::analyse_positions(&positions, nodes, workers, control.cancel_flag(), &analysed)
        });
        ReportRun { keys, job, started: std::time::Instant::now(), finished: None }
    }

    /// Takes the result if it has come: `Some(true)` once finished, `Some(false)` while
    /// it runs, `None` when it stopped without one (cancelled, or it failed).
    fn poll(&mut self) -> Option<bool> {
        if self.finished.is_some() {
            return Some(true);
        }
        match self.job.poll() {
            JobPoll::Running => Some(false),
            JobPoll::Done(Some(evals)) => {
                self.finished = Some((evals, self.started.elapsed()));
                Some(true)
            }
            JobPoll::Done(None) | JobPoll::Gone => None,
        }
    }

    /// Positions analysed so far, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        match &self.finished {
            Some((evals, _)) => (evals.len(), evals.len()),
            None => (self.job.progress().0, self.keys.len()),
        }
    }

    /// How long it has run (or took, once finished).
    pub fn elapsed(&self) -> std::time::Duration {
        self.finished.as_ref().map_or_else(|| self.started.elapsed(), |(_, took)| *took)
    }

    /// Stops it (the results so far are dropped).
    pub fn cancel(&self) {
        self.job.cancel();
    }
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
    /// A hint against the computer: the shown position's key, the engine's move and how
    /// much of it is shown (1: its piece, 2: and where it goes).
    hint: Option<(u64, G::Move, u8)>,
    /// The hint's search, while it runs.
    hint_job: Option<HintJob<G::Move>>,
    /// The computer's answer to a draw offer being searched, for the position with this
    /// Zobrist key.
    draw_offer: Option<(u64, super::jobs::Job<bool>)>,
    /// Whether the main line carries `[%eval]`s, for the record's revision.
    evaluated: Option<(u64, bool)>,
    /// The move the computer chose, for the position with this Zobrist key, until
    /// [`GameCommand::PlayComputerMove`] plays it.
    computer_move: Option<(u64, G::Move)>,
    /// A move of "Learn from your mistakes" being judged in the background.
    learn_judging: Option<LearnJudging<G>>,
    /// The game report being worked out.
    pub report: Option<ReportRun<G::Move>>,
    /// The report panel's data (graph, summary, whether there is anything to learn)
    /// and the revision it was read at.
    report_data: Option<(u64, ReportData)>,
    /// The evaluation bar's last share for the first player, with the position it was
    /// for (its key): shown on while the analysis looks at the threat.
    bar_share: Option<(u64, f32)>,
    /// How long the last report took.
    pub report_time: Option<std::time::Duration>,
    /// "Learn from your mistakes", while it runs.
    pub learning: Option<Learning>,
    /// A study chapter that hides its moves shows them all the same (Show the line).
    pub revealed: bool,
    /// What the quiz chapter said of the reader's last move (shown in its panel, not
    /// only in the status bar), and whether the move was the line's.
    quiz_said: Option<(String, bool)>,
    /// The last move refused (a quiz chapter's wrong guess, a puzzle's wrong try, a
    /// weak move in Learn from your mistakes), with the key of the position it was
    /// tried in: shown there as a red arrow until another move is played.
    refused: Option<(u64, G::Move)>,
    /// The game belongs to a study (the open file is one): only then does a chapter
    /// mode hide moves (a chapter pasted into a plain file is a plain game there).
    pub in_study: bool,
    /// The game clock, when the record's tags name a time control.
    pub clock: Option<GameClock>,
    /// The time now (seconds, the app's frame time), set by [`AnyView::tick`].
    now: f64,
}

impl<G: AppGame> GameView<G> {
    /// A view of `record`, the cursor at the end of its main line.
    pub fn new(record: SharedRecord<G>) -> GameView<G> {
        let opponent = Opponent::from_tags(&record.tags, clock_seed());
        let mut view = GameView {
            session: GameSession::from_shared(record),
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
            computer_move: None,
            evaluated: None,
            report: None,
            report_data: None,
            bar_share: None,
            report_time: None,
            learning: None,
            revealed: false,
            quiz_said: None,
            refused: None,
            in_study: true,
            clock: None,
            now: 0.0,
        };
        view.clock = view.clock_from_record();
        view.reader_start();
        view
    }
}

/// The shown game, whatever its rules: what the rest of the app calls.
pub trait AnyView {
    /// Which game it is.
    fn variant(&self) -> Variant;
    /// The record, shared (a reference count, not a copy: the document and undo
    /// snapshots hold it so).
    fn game(&self) -> Arc<AnyGame>;
    /// The record's revision: it moves with every change to the record
    /// ([`SharedRecord::revision`]), so caches of what is read from it key on it.
    fn record_revision(&self) -> u64;
    /// Shows `game` instead (same game only; the board editor and puzzle stay), the
    /// cursor at the end of its main line. `false` when `game` is of another game.
    fn replace_game(&mut self, game: Arc<AnyGame>) -> bool;
    /// The move shown.
    fn cursor(&self) -> NodeId;
    /// Child indices from the start to the shown move.
    fn cursor_path(&self) -> Vec<usize>;
    /// Shows the move at the end of a path of child indices.
    fn follow_path(&mut self, path: &[usize]);
    /// The position string of the shown position.
    fn position_string(&self) -> String;
    /// The board key of the shown position ([`crate::core::Game::board_key`]), as the
    /// games list and the opening tree match positions.
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
    fn apply(&mut self, command: &GameCommand) -> Applied;

    /// Opens the board editor on the shown position.
    fn open_board_editor(&mut self);
    /// Closes the board editor.
    fn close_board_editor(&mut self);
    /// Whether the board editor is open.
    fn board_editor_open(&self) -> bool;
    /// Whether a promotion waits for the choice of piece (its picker is open: the keys
    /// that move through the game wait behind it).
    fn promotion_pending(&self) -> bool;
    /// The board editor's problems (empty: a valid position), when it is open.
    fn setup_problems(&self) -> Option<Vec<String>>;
    /// The board editor's position string, when it is open.
    fn setup_position_string(&self) -> Option<String>;
    /// Types into the board editor's position-string field.
    fn set_setup_text(&mut self, text: String);
    /// The board editor's position as a new game, when it is valid.
    fn setup_game(&self) -> Option<AnyGame>;
    /// The shown position as a new record with no moves (a study chapter that starts
    /// there), its `Event` and players kept.
    fn position_game(&self) -> AnyGame;
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
    /// asks, or stopped when `None` (its lines wake the window as they come).
    fn sync_analysis(&mut self, request: Option<AnalysisRequest>);

    /// Makes the computer play the side with index `side` (0 moves first) at `level`
    /// in this game, its level and side written into the tags.
    fn set_opponent(&mut self, side: usize, level: crate::engine::Level);
    /// The side the computer plays (0 the first player, 1 the second), in a game
    /// against it.
    fn computer_side(&self) -> Option<usize>;
    /// Lets the computer think when it is its move at the end of the main line; its
    /// move, once chosen, as the command that plays it (the draw offer's answer too).
    fn poll_opponent(&mut self) -> Option<GameCommand>;

    /// The diagram of the shown position.
    fn diagram_scene(&self, options: &DiagramOptions) -> Scene;
    /// A diagram caption for the shown position.
    fn caption(&self, title: &str, stipulation: &str) -> Caption;

    /// Collects the game report once it is finished ([`GameCommand::ApplyReport`] to
    /// write it), or a verdict of "Learn from your mistakes" ([`GameCommand::LearnJudged`]);
    /// reads the report pane's data from the record again when it changed.
    fn poll_report(&mut self) -> Option<GameCommand>;
    /// The time now (seconds, the app's frame time: a test's fake time in UI tests),
    /// once a frame before anything else: starts a clock that waits, and returns
    /// [`GameCommand::FlagFall`] when the side to move's time has run out.
    fn tick(&mut self, now: f64) -> Option<GameCommand>;
    /// Gives the game a clock (its time control and handicap written into the tags), or
    /// takes it away.
    fn set_clock(&mut self, setup: Option<ClockSetup>);
    /// Whether the game has a clock.
    fn has_clock(&self) -> bool;
    /// Whether "Learn from your mistakes" is on.
    fn learning(&self) -> bool;
    /// Whether the game report has something to show: it is being worked out, or the
    /// main line carries its evaluations (not in a chapter that quizzes its moves).
    fn report_shown(&mut self) -> bool;
    /// Whether a clock counts now.
    fn clock_running(&self) -> bool;
    /// While a clock counts: how long until its face shows other digits (the app draws
    /// again then).
    fn clock_changes_in(&self) -> Option<std::time::Duration>;

    /// The from- and to-slots of a move written in the game's notation, if it is legal
    /// at the shown position.
    fn move_slots(&self, notation: &str) -> Option<(u8, u8)>;
    /// The board's highlights, cells as slots.
    fn overlay_slots(&self, options: OverlayOptions) -> BoardOverlay<u8>;
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

/// The shown game, whatever its rules: the app's one erasure of the game, an enum as
/// shakmaty's `VariantPosition` is. The rest of the model calls it through [`AnyView`]
/// (it dereferences to one); the panes open it for drawing with [`panes::ui_of`].
pub enum ShownGame {
    /// An Interstellar game.
    Interstellar(GameView<crate::core::interstellar::Position>),
    /// A Triangular game.
    Triangular(GameView<crate::core::triangular::Position>),
    /// A Triangular draughts game.
    Draughts(GameView<crate::core::draughts::Position>),
}

impl std::ops::Deref for ShownGame {
    type Target = dyn AnyView;

    fn deref(&self) -> &(dyn AnyView + 'static) {
        match self {
            ShownGame::Interstellar(v) => v,
            ShownGame::Triangular(v) => v,
            ShownGame::Draughts(v) => v,
        }
    }
}

impl std::ops::DerefMut for ShownGame {
    fn deref_mut(&mut self) -> &mut (dyn AnyView + 'static) {
        match self {
            ShownGame::Interstellar(v) => v,
            ShownGame::Triangular(v) => v,
            ShownGame::Draughts(v) => v,
        }
    }
}

/// The view of any record (shared, not copied).
pub fn view_of(game: Arc<AnyGame>) -> ShownGame {
    fn record<G: AppGame>(game: Arc<AnyGame>) -> SharedRecord<G> {
        match SharedRecord::from_any(game) {
            Ok(record) => record,
            Err(_) => unreachable!("the record is of the game its variant names"),
        }
    }
    match game.variant() {
        Variant::Interstellar => ShownGame::Interstellar(GameView::new(record(game))),
        Variant::Triangular => ShownGame::Triangular(GameView::new(record(game))),
        Variant::Draughts => ShownGame::Draughts(GameView::new(record(game))),
    }
}

impl<G: AppGame> GameView<G> {}

/// Whether a record's main line carries any `[%eval]` (a game report was written).
fn command_value_in_main_line<G: AppGame>(record: &GameRecord<G>) -> bool {
    record
        .tree
        .main_line_from(NodeId::ROOT)
        .iter()
        .any(|&id| crate::record::annotations::command_value(&record.tree.node(id).comment_after, "eval").is_some())
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
