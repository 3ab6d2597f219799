//! A Learn level being played (`docs/app.md` *Learn*): [`LessonView<G>`] holds the
//! level ([`LevelSetup`]), its plan (worked out on a job: the solver's tree for a win,
//! the moves that escape or draw), the try ([`Attempt`]), the board's entry (a
//! [`GameSession`] over the try's position: selection, captures landing by landing,
//! promotion) and what the lesson panel says; [`ShownLesson`] erases it once, as
//! [`super::ShownGame`] does the shown game. No egui here.

use super::AppGame;
use crate::app::jobs::{Job, JobPoll};
use crate::app::session::{GameSession, MoveAttempt};
use crate::core::{BoardCell, BoardSetup, GameSide, Variant};
use crate::record::GameRecord;
use crate::solver::SolveControl;
use crate::study::learn::{Attempt, Goal, Level, LevelSetup, Plan, Step, prepare, stars_for};

/// Where a try at a level stands, as the lesson panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonStatus {
    /// The level's plan is being worked out (a short search).
    Preparing,
    /// The learner is to move.
    Playing,
    /// The try failed: why, in full.
    Failed(String),
    /// The goal is reached.
    Done {
        /// The learner's moves.
        moves: u32,
        /// The stars earned, 1–3.
        stars: u8,
    },
    /// The level cannot be played (its data or its plan failed): why.
    Broken(String),
}

/// A level being played, for game `G`.
pub struct LessonView<G: AppGame> {
    setup: LevelSetup<G>,
    plan: Option<Plan<G::Move>>,
    job: Option<Job<Result<Plan<G::Move>, String>>>,
    attempt: Attempt<G>,
    session: GameSession<G>,
    failures: u32,
    status: LessonStatus,
    last_move: Option<(G::Cell, G::Cell)>,
    note: String,
    /// The note is why the board refused a click (not the other side's answer).
    refused: bool,
    promotion: Option<(G::Cell, G::Cell)>,
    /// The hint shown for the learner's move now, and how much of it (1: the piece,
    /// 2: and where it goes).
    hint: Option<(G::Move, u8)>,
    /// The hint's search, while it runs (coins and captures search for it).
    hint_job: Option<Job<Result<Option<G::Move>, String>>>,
    /// Why no hint came, when one was asked for and none came.
    no_hint: Option<String>,
    /// This try took a hint: it earns at most two stars.
    hinted: bool,
    /// The cells the enemy piece clicked last could go to (where it would take a piece
    /// of the learner's), shown until the next click; empty when none.
    enemy_reach: Vec<G::Cell>,
}

impl<G: AppGame> LessonView<G> {
    /// Starts `level`: its plan on a job when its goal needs one.
    fn new(level: &Level) -> LessonView<G> {
        let setup: Result<LevelSetup<G>, String> = level.setup().map_err(|e| e.to_string());
        let setup = match setup {
            Ok(setup) => setup,
            Err(why) => {
                // A broken level shows the opening position and says why.
                let start = G::opening();
                let setup = LevelSetup {
                    history: vec![start.zobrist()],
                    start,
                    coins: Vec::new(),
                    goal: Goal::CaptureAll,
                    par: 1,
                };
                let mut view = LessonView::with_setup(setup, Some(Plan::Nothing));
                view.status = LessonStatus::Broken(why);
                return view;
            }
        };
        let needs_plan = matches!(setup.goal, Goal::Win | Goal::TargetOut | Goal::Escape(_) | Goal::Draw);
        let mut view = LessonView::with_setup(setup.clone(), (!needs_plan).then_some(Plan::Nothing));
        if needs_plan {
            view.status = LessonStatus::Preparing;
            view.job = Some(Job::start("lesson plan", move |_| {
                prepare(&setup, &SolveControl::new()).map_err(|e| e.to_string())
            }));
        }
        view
    }

    fn with_setup(setup: LevelSetup<G>, plan: Option<Plan<G::Move>>) -> LessonView<G> {
        let attempt = Attempt::new(&setup, plan.clone().unwrap_or(Plan::Nothing));
        let session = GameSession::from_record(GameRecord::from_position(setup.start.clone()));
        LessonView {
            setup,
            plan,
            job: None,
            attempt,
            session,
            failures: 0,
            status: LessonStatus::Playing,
            last_move: None,
            note: String::new(),
            refused: false,
            promotion: None,
            hint: None,
            hint_job: None,
            no_hint: None,
            hinted: false,
            enemy_reach: Vec::new(),
        }
    }

    /// Takes the plan once worked out, and a hint once found; whether either is still
    /// being worked out.
    fn poll(&mut self) -> bool {
        let hinting = self.poll_hint();
        self.poll_plan() || hinting
    }

    fn poll_hint(&mut self) -> bool {
        match finished(&mut self.hint_job, "the search stopped") {
            Polled::Running => true,
            Polled::Idle => false,
            Polled::Done(result) => {
                self.show_hint(result);
                false
            }
        }
    }

    /// A hint found (or why none): shown as its first step.
    fn show_hint(&mut self, found: Result<Option<G::Move>, String>) {
        match found {
            Ok(Some(mv)) => {
                self.hint = Some((mv, 1));
                self.hinted = true;
                self.no_hint = None;
            }
            Ok(None) => {
                self.no_hint = Some("No hint from here: the goal cannot be reached any more. Retry the level".into())
            }
            Err(why) => self.no_hint = Some(format!("No hint: {why}")),
        }
    }

    /// Hint: the piece to move is marked; asked again, where it goes too. A search for
    /// coins and captures runs on a job; a win, escape or draw reads its plan.
    fn ask_hint(&mut self) {
        if self.status != LessonStatus::Playing || self.promotion.is_some() || self.hint_job.is_some() {
            return;
        }
        if let Some((_, step)) = &mut self.hint {
            *step = 2;
            return;
        }
        if self.setup.goal.other_side_passes() {
            let attempt = self.attempt.clone();
            self.hint_job = Some(Job::start("lesson hint", move |_| attempt.hint().map_err(|e| e.to_string())));
        } else {
            let found = self.attempt.hint().map_err(|e| e.to_string());
            self.show_hint(found);
        }
    }

    fn poll_plan(&mut self) -> bool {
        let result = match finished(&mut self.job, "the level's search stopped") {
            Polled::Running => return true,
            Polled::Idle => return false,
            Polled::Done(result) => result,
        };
        match result {
            Ok(plan) => {
                self.attempt = Attempt::new(&self.setup, plan.clone());
                self.plan = Some(plan);
                self.status = LessonStatus::Playing;
            }
            Err(why) => self.status = LessonStatus::Broken(why),
        }
        false
    }

    /// Starts the level again (after a failure, or for more stars).
    fn retry(&mut self) {
        let Some(plan) = self.plan.clone() else { return };
        self.attempt = Attempt::new(&self.setup, plan);
        self.session = GameSession::from_record(GameRecord::from_position(self.setup.start.clone()));
        self.status = LessonStatus::Playing;
        self.last_move = None;
        self.note.clear();
        self.refused = false;
        self.promotion = None;
        self.forget_hint();
        self.hinted = false;
        self.enemy_reach.clear();
    }

    /// The hint was for a move now played (or a try now over).
    fn forget_hint(&mut self) {
        self.hint = None;
        self.hint_job = None;
        self.no_hint = None;
    }

    /// A click on the board's cell with this slot.
    fn click(&mut self, slot: u8) {
        let Some(cell) = G::Cell::from_slot(slot) else { return };
        if self.status != LessonStatus::Playing || self.promotion.is_some() {
            return;
        }
        self.enemy_reach.clear();
        if self.session.selected.is_none() && self.show_enemy_reach(cell) {
            return;
        }
        let before = self.session.cursor;
        let attempt = self.session.click(cell);
        self.after_entry(attempt, before);
    }

    /// A click on one of the other side's pieces, with nothing picked up: the cells it
    /// could go to are marked (where it would take a piece), with a word. Whether the
    /// cell held such a piece.
    fn show_enemy_reach(&mut self, cell: G::Cell) -> bool {
        let setup = self.attempt.position().to_setup();
        let learner = self.attempt.position().side_to_move();
        let Some(piece) = setup.piece_at(cell) else { return false };
        if <G::Setup as BoardSetup>::piece_side(piece) == learner {
            return false;
        }
        let label = crate::app::session::capitalise(&<G::Setup as BoardSetup>::piece_label(piece));
        // The other side's moves from here, as if it were its turn.
        let Some(theirs) = self.attempt.position().passed() else {
            self.note = format!("{label} on {cell}: it is your move; click one of your own pieces");
            self.refused = true;
            return true;
        };
        let mut moves = crate::core::moves::MoveList::new();
        theirs.legal_moves(&mut moves);
        let mut reach: Vec<G::Cell> = Vec::new();
        for &mv in moves.iter() {
            let (from, to) = G::move_cells(mv);
            if from == cell && !reach.contains(&to) {
                reach.push(to);
            }
        }
        self.note = if reach.is_empty() {
            format!("{label} on {cell} has no move from here. It is your move: click one of your own pieces.")
        } else {
            format!(
                "{label} on {cell} could go to the cells marked in red, and would take a piece of yours that stops there. It is your move: click one of your own pieces."
            )
        };
        self.refused = false;
        self.enemy_reach = reach;
        true
    }

    /// A drag begins on a cell: its piece is picked up if it can move.
    fn drag_start(&mut self, slot: u8) {
        let Some(cell) = G::Cell::from_slot(slot) else { return };
        if self.status == LessonStatus::Playing && !self.session.targets_of(cell).is_empty() {
            self.session.selected = Some(cell);
            self.session.entry = Default::default();
        }
    }

    /// A piece dropped on a cell (or off the board: put back).
    fn drop_on(&mut self, from: u8, to: Option<u8>) {
        let (Some(from), Some(to)) = (G::Cell::from_slot(from), to.and_then(G::Cell::from_slot)) else {
            self.session.selected = None;
            return;
        };
        if self.status != LessonStatus::Playing || from == to {
            return;
        }
        let before = self.session.cursor;
        let attempt = self.session.drop_on(from, to);
        self.after_entry(attempt, before);
    }

    /// The promotion chosen (an index into the moves between the two cells), or
    /// `None`: put back.
    fn promote(&mut self, choice: Option<usize>) {
        let Some((from, to)) = self.promotion.take() else { return };
        self.session.selected = None;
        let Some(index) = choice else { return };
        let Some(&mv) = self.session.moves_between(from, to).get(index) else { return };
        let before = self.session.cursor;
        let attempt = self.session.try_move(from, to, Some(mv));
        self.after_entry(attempt, before);
    }

    /// The promotion pieces offered between the two cells, by label.
    fn promotion_choices(&self) -> Vec<String> {
        let Some((from, to)) = self.promotion else { return Vec::new() };
        self.session
            .moves_between(from, to)
            .iter()
            .map(|&m| {
                G::promotion(m).map_or_else(
                    || self.session.position().notation(m),
                    |p| <G::Setup as BoardSetup>::kind_name(p).to_string(),
                )
            })
            .collect()
    }

    /// What a click or drop on the board brought: a move to judge, a piece picked up,
    /// a promotion to choose, or why not.
    fn after_entry(&mut self, attempt: MoveAttempt<G::Cell>, before: crate::record::NodeId) {
        match attempt {
            MoveAttempt::Played if self.session.cursor == before => {
                self.note.clear();
                self.refused = false;
            }
            MoveAttempt::Played => {
                let Some(mv) = self.session.record.tree.node(self.session.cursor).mv else { return };
                self.judge(mv);
            }
            MoveAttempt::NeedsPromotion { from, to } => self.promotion = Some((from, to)),
            MoveAttempt::Illegal(why) => {
                self.note = why;
                self.refused = true;
            }
            MoveAttempt::Partial(why) => {
                self.note = why;
                self.refused = false;
            }
        }
    }

    /// Judges the learner's move with the try, shows its result on the board.
    fn judge(&mut self, mv: G::Move) {
        let before = self.attempt.position().clone();
        let learner = before.side_to_move();
        let step = self.attempt.play(mv);
        self.forget_hint();
        self.enemy_reach.clear();
        self.last_move = Some(G::move_cells(mv));
        self.note.clear();
        self.refused = false;
        match step {
            Step::Going => {}
            Step::Answered(answer) => {
                let mut after = before.clone();
                after.play(mv);
                let written = after.notation(answer);
                self.last_move = Some(G::move_cells(answer));
                // Interstellar writes a move in its mover's numbering: the cell is named in
                // both, so the learner finds it on the board.
                let caption = G::cell_caption(G::move_cells(answer).1);
                let place = if caption.contains("numbering") {
                    format!(" ({})", caption.strip_prefix("Cell ").unwrap_or(&caption))
                } else {
                    String::new()
                };
                self.note =
                    format!("{} answered {written}{place}.", crate::app::session::capitalise(learner.other().name()));
            }
            Step::Done => {
                // A win says how it was won ("White wins by checkmate").
                if let Some(outcome) = self.attempt.position().outcome_in(self.attempt.history()) {
                    self.note = format!("{}.", G::outcome_sentence(outcome));
                }
                let moves = self.attempt.moves();
                let stars = stars_for(&self.setup.goal, self.setup.par, moves, self.failures);
                // A try helped by a hint earns at most two stars.
                let stars = if self.hinted { stars.min(2) } else { stars };
                self.status = LessonStatus::Done { moves, stars };
            }
            Step::Failed(why) => {
                self.failures += 1;
                // Where the game numbers cells from each side, the red arrow's cell is
                // named in both numberings (the answer is written in its mover's).
                let why = match self.attempt.refutation() {
                    Some((_, to)) if G::cell_caption(to).contains("numbering") => {
                        let caption = G::cell_caption(to);
                        format!(
                            "{why} (the red arrow ends on cell {})",
                            caption.strip_prefix("Cell ").unwrap_or(&caption)
                        )
                    }
                    _ => why,
                };
                self.status = LessonStatus::Failed(why);
            }
        }
        self.session = GameSession::from_record(GameRecord::from_position(self.attempt.position().clone()));
    }
}

/// A lesson's job polled: none, still running, or its result (taken, the job gone).
enum Polled<T> {
    Idle,
    Running,
    Done(Result<T, String>),
}

/// Polls `job`, taking its result once it is there (a job that vanished reads as the
/// error `gone`).
fn finished<T: Send + 'static>(job: &mut Option<Job<Result<T, String>>>, gone: &str) -> Polled<T> {
    let Some(running) = job else { return Polled::Idle };
    let result = match running.poll() {
        JobPoll::Running => return Polled::Running,
        JobPoll::Done(result) => result,
        JobPoll::Gone => Err(gone.to_string()),
    };
    *job = None;
    Polled::Done(result)
}

/// The level being played, erased once (as [`super::ShownGame`]).
pub enum ShownLesson {
    /// An Interstellar level.
    Interstellar(Box<LessonView<crate::core::interstellar::Position>>),
    /// A Triangular level.
    Triangular(Box<LessonView<crate::core::triangular::Position>>),
    /// A Triangular draughts level.
    Draughts(Box<LessonView<crate::core::draughts::Position>>),
}

/// Calls `$body` with `$v` bound to the typed lesson.
macro_rules! with_lesson {
    ($lesson:expr, $v:ident => $body:expr) => {
        match $lesson {
            ShownLesson::Interstellar($v) => $body,
            ShownLesson::Triangular($v) => $body,
            ShownLesson::Draughts($v) => $body,
        }
    };
}
pub(crate) use with_lesson;

/// The tag a game against the computer started from a course's game level carries: the
/// level's key, so that winning it is kept in the progress.
pub const LEVEL_TAG: &str = "LearnLevel";

/// What the lesson panel and the tests read of a level being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonFace {
    /// Where the try stands.
    pub status: LessonStatus,
    /// The learner's moves so far.
    pub moves: u32,
    /// The level's par (0 for a game level).
    pub par: u32,
    /// Coins still to collect.
    pub coins_left: usize,
    /// Tries that failed so far.
    pub failures: u32,
    /// The last word on the board: why a click was not a move (the board's full
    /// explanation), or the other side's answer; empty when none.
    pub note: String,
    /// The note is why the board refused a click (shown as an error).
    pub refused: bool,
    /// The promotion pieces to choose from, while a promotion waits.
    pub promotion: Vec<String>,
    /// The learner's side, as a word (`positive`, `White`).
    pub learner: String,
    /// The learner plays the second side (the board is turned for them).
    pub learner_second: bool,
    /// What the hint says: the piece marked, the move, that one is being looked for, or
    /// why there is none; empty when no hint was asked for this move.
    pub hint: String,
    /// This try took a hint (it earns at most two stars).
    pub hinted: bool,
}

impl ShownLesson {
    /// Starts `level` of a `variant` course.
    pub fn start(variant: Variant, level: &Level) -> ShownLesson {
        match variant {
            Variant::Interstellar => ShownLesson::Interstellar(Box::new(LessonView::new(level))),
            Variant::Triangular => ShownLesson::Triangular(Box::new(LessonView::new(level))),
            Variant::Draughts => ShownLesson::Draughts(Box::new(LessonView::new(level))),
        }
    }

    /// The level's state for the panel.
    pub fn face(&self) -> LessonFace {
        with_lesson!(self, l => {
            let learner = l.setup.start.side_to_move();
            LessonFace {
                status: l.status.clone(),
                moves: l.attempt.moves(),
                par: l.setup.par,
                coins_left: l.attempt.coins_left().len(),
                failures: l.failures,
                note: l.note.clone(),
                refused: l.refused,
                promotion: l.promotion_choices(),
                learner: learner.name().to_string(),
                learner_second: learner.index() == 1,
                hint: l.hint_text(),
                hinted: l.hinted,
            }
        })
    }

    /// Takes the plan when it is ready; whether it is still being worked out.
    pub fn poll(&mut self) -> bool {
        with_lesson!(self, l => l.poll())
    }

    /// A click on the cell with this slot.
    pub fn click(&mut self, slot: u8) {
        with_lesson!(self, l => l.click(slot));
    }

    /// A drag begins on the cell with this slot.
    pub fn drag_start(&mut self, slot: u8) {
        with_lesson!(self, l => l.drag_start(slot));
    }

    /// A piece dropped from one slot's cell on another's (`None`: off the board).
    pub fn drop_on(&mut self, from: u8, to: Option<u8>) {
        with_lesson!(self, l => l.drop_on(from, to));
    }

    /// The promotion chosen (`None`: put back).
    pub fn promote(&mut self, choice: Option<usize>) {
        with_lesson!(self, l => l.promote(choice));
    }

    /// Starts the level again.
    pub fn retry(&mut self) {
        with_lesson!(self, l => l.retry());
    }

    /// Hint: marks the piece to move; asked again, where it goes too.
    pub fn hint(&mut self) {
        with_lesson!(self, l => l.ask_hint());
    }

    /// The level's start as a new record for a game against the computer (a game
    /// level), tagged with the level's `key` ([`LEVEL_TAG`]) and the
    /// learner's side.
    pub fn game_record(&self, key: &str) -> crate::record::AnyGame {
        with_lesson!(self, l => {
            let mut record = GameRecord::from_position(l.setup.start.clone());
            record.tags.set(LEVEL_TAG, key);
            crate::record::RecordGame::into_any(record)
        })
    }

    /// The learner's side: 0 the first player, 1 the second.
    pub fn learner_index(&self) -> usize {
        with_lesson!(self, l => l.setup.start.side_to_move().index())
    }

    /// The cell under the pointer (by its slot) as the status bar names it, with the
    /// piece on it ([`describe_cell`]).
    pub fn hovered(&self, slot: Option<u8>) -> Option<String> {
        with_lesson!(self, l => l.hovered(slot))
    }

    /// The board's slots: the selected cell, its targets, the coins left, the last
    /// move, the checked royal piece (for the UI tests and the drawing).
    pub fn marks(&self) -> LessonMarks {
        with_lesson!(self, l => {
            let selected = l.session.selected;
            LessonMarks {
                selected: selected.map(BoardCell::slot),
                targets: selected.map(|c| l.session.targets_of(c).into_iter().map(BoardCell::slot).collect()).unwrap_or_default(),
                coins: l.attempt.coins_left().iter().map(|c| c.slot()).collect(),
                last_move: l.last_move.map(|(a, b)| (a.slot(), b.slot())),
                enemy_reach: l.enemy_reach.iter().map(|c| c.slot()).collect(),
            }
        })
    }

    /// The cells a move given in the game's notation goes from and to, by name, if it
    /// is legal in the lesson's position (the UI tests play moves by their notation).
    pub fn move_cells(&self, notation: &str) -> Option<(String, String)> {
        with_lesson!(self, l => l.move_cells(notation))
    }

    /// The cell with a name on the board, from its text (the UI tests click cells by
    /// name): its slot.
    pub fn slot_of(&self, name: &str) -> Option<u8> {
        with_lesson!(self, l => l.slot_of(name))
    }
}

/// A cell as the status bar names it under the pointer: its caption ("Cell 47 (negative:
/// 63)"), and the piece on it with how it moves ("Positive nebula NN, cell 47 …: runs
/// any distance along the four diagonal lines").
pub fn describe_cell<G: crate::render::view::DrawGame>(setup: &G::Setup, cell: G::Cell) -> String {
    let caption = G::cell_caption(cell);
    let Some(piece) = BoardSetup::piece_at(setup, cell) else { return caption };
    let label = <G::Setup as BoardSetup>::piece_label(piece);
    let label = match setup.name_at(cell) {
        Some(name) => format!("{label} {name}"),
        None => label,
    };
    let caption = caption.strip_prefix("Cell").map_or(caption.clone(), |rest| format!("cell{rest}"));
    format!("{}, {caption}: {}", crate::app::session::capitalise(&label), <G::Setup as BoardSetup>::kind_summary(piece))
}

/// What the board shows of a lesson, in slots.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LessonMarks {
    /// The piece picked up.
    pub selected: Option<u8>,
    /// Where it may go.
    pub targets: Vec<u8>,
    /// The coins still to collect.
    pub coins: Vec<u8>,
    /// The last move (the learner's or the answer).
    pub last_move: Option<(u8, u8)>,
    /// The cells the enemy piece clicked last could go to.
    pub enemy_reach: Vec<u8>,
}

impl<G: AppGame> LessonView<G> {
    /// The board's setup and overlay (typed), for the drawing.
    pub(super) fn board(&self) -> (G::Setup, crate::render::overlay::BoardOverlay<G::Cell>) {
        let s = &self.session;
        let mut overlay = crate::render::overlay::BoardOverlay { selected: s.selected, ..Default::default() };
        if let Some(from) = s.selected {
            overlay.targets = s.targets_of(from);
            let marks = s.entry_marks();
            if !marks.landed.is_empty() {
                overlay.landed = marks.landed;
                overlay.jumped = marks.jumped;
                overlay.targets = marks.next;
            } else {
                for c in marks.next {
                    if !overlay.targets.contains(&c) {
                        overlay.targets.push(c);
                    }
                }
            }
        } else if self.status == LessonStatus::Playing {
            overlay.captures = s.bound_to_capture();
        }
        overlay.last_move = self.last_move;
        overlay.coins = self.attempt.coins_left().to_vec();
        // A failed try shows what punishes it: the other side's move, in red.
        if matches!(self.status, LessonStatus::Failed(_))
            && let Some((from, to)) = self.attempt.refutation()
        {
            overlay.arrows.push(crate::record::Arrow { color: crate::record::MarkColor::Red, from, to });
            overlay.marked_cells.push((to, crate::record::MarkColor::Red));
        }
        // An enemy piece clicked: where it could go.
        overlay.marked_cells.extend(self.enemy_reach.iter().map(|&c| (c, crate::record::MarkColor::Red)));
        // The hint: the piece in yellow, then its move as a green arrow.
        if let Some((mv, step)) = self.hint
            && self.status == LessonStatus::Playing
        {
            let (from, to) = G::move_cells(mv);
            overlay.marked_cells.push((from, crate::record::MarkColor::Yellow));
            if step >= 2 {
                overlay.arrows.push(crate::record::Arrow { color: crate::record::MarkColor::Green, from, to });
            }
        }
        overlay.in_target.extend(self.attempt.position().checked_cell());
        (self.session.shown_setup(), overlay)
    }

    /// What the hint says now (see [`LessonFace::hint`]).
    fn hint_text(&self) -> String {
        if self.hint_job.is_some() {
            return "Looking for a hint…".into();
        }
        if let Some(why) = &self.no_hint {
            return why.clone();
        }
        let Some((mv, step)) = self.hint else { return String::new() };
        let stars = "A level finished with a hint earns at most two stars.";
        if step < 2 {
            let (from, _) = G::move_cells(mv);
            let piece = self.attempt.position().to_setup().piece_at(from);
            let name = piece.map_or("piece", <G::Setup as BoardSetup>::kind_name);
            format!("Hint: move the {name} marked in yellow. Hint again shows where it goes. {stars}")
        } else {
            format!("Hint: play {}, the green arrow. {stars}", self.attempt.position().notation(mv))
        }
    }

    /// The slot of the cell named `name`.
    fn slot_of(&self, name: &str) -> Option<u8> {
        name.parse::<G::Cell>().ok().map(BoardCell::slot)
    }

    /// A move in the game's notation, by its cells' names.
    fn move_cells(&self, notation: &str) -> Option<(String, String)> {
        let mv = self.attempt.position().parse_move(notation).ok()?;
        let (from, to) = G::move_cells(mv);
        Some((from.to_string(), to.to_string()))
    }

    /// The cell with this slot described for the status bar.
    fn hovered(&self, slot: Option<u8>) -> Option<String> {
        let cell = slot.and_then(G::Cell::from_slot)?;
        Some(describe_cell::<G>(&self.attempt.position().to_setup(), cell))
    }

    /// The learner plays the second side.
    pub(super) fn learner_second(&self) -> bool {
        self.setup.start.side_to_move().index() == 1
    }
}
