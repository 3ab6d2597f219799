//! Puzzles in the app: the Puzzles menu (the built-in puzzles, and solving the shown
//! position), the solver running on a background thread with progress and cancel, and
//! solving mode, where the user plays the attacker's moves, the app answers with the
//! longest defence and says right or wrong, and Hint shows the move to play.

use std::sync::mpsc::{Receiver, TryRecvError};

use egui::{Color32, RichText};

use super::session::{GameSession, Session, with_session};
use super::ui::OrreryApp;
use crate::core::game::{Game, Variant};
use crate::core::{interstellar, triangular};
use crate::record::{AnyGame, GameRecord, NodeId};
use crate::solver::{
    AnySolution, AttackNode, Goal, Puzzle, PuzzleGoal, Solution, SolveControl, SolveError, SolveOptions, SolverGame,
    Stipulation, builtin_puzzles, solve,
};

/// The attacker moves that are right at this point of the solution, for either game.
#[derive(Clone, Debug)]
enum Candidates {
    Interstellar(Vec<AttackNode<interstellar::Move>>),
    Triangular(Vec<AttackNode<triangular::Move>>),
}

/// What the puzzle panel shows and does.
pub struct PuzzleState {
    /// The puzzle's title (empty when none).
    pub title: String,
    /// Its stipulation; `None` for a shown finished position (the patent's figures).
    pub stipulation: Option<Stipulation>,
    /// The goal a shown position illustrates (`Target Out`), if it is one.
    pub shown_goal: Option<Goal>,
    /// Play the attacker's moves against the app (else only show the solver's result).
    pub interactive: bool,
    /// The solver's result, once it is in.
    pub solution: Option<AnySolution>,
    /// Why the solver gave no result (cancelled, …).
    pub solve_error: Option<String>,
    /// The last word to the user: right, wrong, solved, the defence played.
    pub feedback: String,
    /// Whether the puzzle has been solved in solving mode.
    pub solved: bool,
    /// Show the solution tree.
    pub show_tree: bool,
    control: SolveControl,
    receiver: Option<Receiver<Result<AnySolution, SolveError>>>,
    candidates: Option<Candidates>,
    /// The node where the attacker is to move in solving mode.
    at: NodeId,
}

impl PuzzleState {
    /// Whether the solver is still running.
    pub fn is_solving(&self) -> bool {
        self.receiver.is_some()
    }

    /// The keys found, in the game's notation.
    pub fn keys(&self) -> Vec<String> {
        match &self.solution {
            Some(AnySolution::Interstellar(s)) => s.keys.iter().map(|k| k.notation.clone()).collect(),
            Some(AnySolution::Triangular(s)) => s.keys.iter().map(|k| k.notation.clone()).collect(),
            None => Vec::new(),
        }
    }
}

/// Starts solving `position` for `stipulation` on a background thread.
fn start_solver<G>(
    position: G,
    stipulation: Stipulation,
    wrap: fn(Solution<G>) -> AnySolution,
) -> (SolveControl, Receiver<Result<AnySolution, SolveError>>)
where
    G: SolverGame,
{
    let control = SolveControl::new();
    let worker = control.clone();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let result = solve(&position, stipulation, &SolveOptions::default(), &worker).map(wrap);
        let _ = sender.send(result);
    });
    (control, receiver)
}

impl OrreryApp {
    /// Puzzles → a built-in puzzle: after the unsaved-work prompt, [`Self::open_builtin_puzzle`].
    pub fn request_builtin_puzzle(&mut self, index: usize) {
        self.request(super::ui::PendingAction::Puzzle(index));
    }

    /// Opens a built-in puzzle (by index in [`builtin_puzzles`]): shows its start
    /// position and starts solving mode (or, for a shown figure, shows the ending).
    pub fn open_builtin_puzzle(&mut self, index: usize) {
        let Some(builtin) = builtin_puzzles().get(index) else { return };
        match builtin.puzzle() {
            Ok(puzzle) => self.start_puzzle(puzzle),
            Err(e) => self.error_list = Some(("Could not read the puzzle".into(), vec![e.to_string()])),
        }
    }

    /// Opens `puzzle`: a new game from its start position (its recorded solution is not
    /// shown), the solver started in the background, solving mode on.
    pub fn start_puzzle(&mut self, puzzle: Puzzle) {
        if let Some(old) = &self.puzzle {
            old.control.cancel();
        }
        let (session, job) = match &puzzle.record {
            AnyGame::Interstellar(r) => {
                let session = Session::Interstellar(GameSession::from_record(fresh_record(r)));
                let job = puzzle.stipulation().map(|s| start_solver(r.start.clone(), s, AnySolution::Interstellar));
                (session, job)
            }
            AnyGame::Triangular(r) => {
                let session = Session::Triangular(GameSession::from_record(fresh_record(r)));
                let job = puzzle.stipulation().map(|s| start_solver(r.start.clone(), s, AnySolution::Triangular));
                (session, job)
            }
        };
        self.session = session;
        self.file = None;
        self.modified = false;
        self.setup = None;
        let shown_goal = match puzzle.goal {
            PuzzleGoal::Shown(g) => Some(g),
            PuzzleGoal::Stipulation(_) => None,
        };
        let feedback = match (&puzzle.goal, puzzle.shown_goal_reached()) {
            (PuzzleGoal::Shown(g), Some(true)) => format!("A finished position: {} (the engine agrees)", g.words()),
            (PuzzleGoal::Shown(g), _) => {
                format!("This position should show {}, but the engine does not see it", g.words())
            }
            (PuzzleGoal::Stipulation(s), _) => format!("{}: play the attacker's moves", s),
        };
        let (control, receiver) = match job {
            Some((c, r)) => (c, Some(r)),
            None => (SolveControl::new(), None),
        };
        self.puzzle = Some(PuzzleState {
            title: puzzle.title.clone(),
            stipulation: puzzle.stipulation(),
            shown_goal,
            interactive: true,
            solution: None,
            solve_error: None,
            feedback,
            solved: false,
            show_tree: false,
            control,
            receiver,
            candidates: None,
            at: NodeId::ROOT,
        });
    }

    /// Puzzles → Solve the shown position: runs the solver on the position on the board
    /// for `stipulation` and shows the keys and the solution tree.
    pub fn solve_shown_position(&mut self, stipulation: Stipulation) {
        if let Err(e) = stipulation.check_variant(self.session.variant()) {
            self.message = e.to_string();
            return;
        }
        let (control, receiver) = match &self.session {
            Session::Interstellar(s) => start_solver(s.position(), stipulation, AnySolution::Interstellar),
            Session::Triangular(s) => start_solver(s.position(), stipulation, AnySolution::Triangular),
        };
        self.puzzle = Some(PuzzleState {
            title: "The shown position".into(),
            stipulation: Some(stipulation),
            shown_goal: None,
            interactive: false,
            solution: None,
            solve_error: None,
            feedback: String::new(),
            solved: false,
            show_tree: true,
            control,
            receiver: Some(receiver),
            candidates: None,
            at: self.session.cursor(),
        });
    }

    /// Each frame: takes the solver's result when it arrives, and judges a move the user
    /// has just played in solving mode.
    pub(crate) fn puzzle_tick(&mut self, ctx: &egui::Context) {
        let Some(state) = &mut self.puzzle else { return };
        if let Some(receiver) = &state.receiver {
            match receiver.try_recv() {
                Ok(result) => {
                    state.receiver = None;
                    match result {
                        Ok(solution) => {
                            state.candidates = Some(match &solution {
                                AnySolution::Interstellar(s) => Candidates::Interstellar(s.tree.clone()),
                                AnySolution::Triangular(s) => Candidates::Triangular(s.tree.clone()),
                            });
                            state.solution = Some(solution);
                            if state.keys().is_empty() {
                                state.feedback =
                                    "The solver finds no way to force this: the puzzle has no solution".into();
                            }
                        }
                        Err(e) => state.solve_error = Some(e.to_string()),
                    }
                }
                Err(TryRecvError::Empty) => ctx.request_repaint_after(std::time::Duration::from_millis(100)),
                Err(TryRecvError::Disconnected) => {
                    state.receiver = None;
                    state.solve_error = Some("the solver stopped unexpectedly".into());
                }
            }
        }
        if !state.interactive || state.solved || state.shown_goal.is_some() {
            return;
        }
        // A move played from the solving point?
        let cursor = self.session.cursor();
        let parent = with_session!(&self.session, s => s.record.tree.node(cursor).parent);
        if parent != Some(state.at) {
            return;
        }
        let judged = match (&mut self.session, &state.candidates) {
            (Session::Interstellar(s), Some(Candidates::Interstellar(c))) => judge(s, c),
            (Session::Triangular(s), Some(Candidates::Triangular(c))) => judge(s, c),
            _ => Judged::NotReady,
        };
        match judged {
            Judged::NotReady => {
                take_back(&mut self.session, state.at);
                state.feedback = "The solver is still working: wait a moment before playing".into();
            }
            Judged::Wrong(played) => {
                take_back(&mut self.session, state.at);
                state.feedback =
                    format!("{played} is not it: it does not force {} — try again", stipulation_words(state));
            }
            Judged::Solved(played) => {
                state.solved = true;
                state.feedback = format!("{played} — right! Solved: {}", stipulation_words(state));
            }
            Judged::Answered { played, defence, next } => {
                state.at = self.session.cursor();
                state.candidates = Some(next);
                state.feedback = format!("{played} — right. The defence: {defence}. Your move");
            }
        }
        self.modified = false;
    }

    /// Puzzles → Hint: the move to play now.
    pub fn puzzle_hint(&mut self) {
        let Some(state) = &mut self.puzzle else { return };
        let hint = match &state.candidates {
            Some(Candidates::Interstellar(c)) => c.first().map(|n| n.mv.notation.clone()),
            Some(Candidates::Triangular(c)) => c.first().map(|n| n.mv.notation.clone()),
            None => None,
        };
        state.feedback = match hint {
            Some(m) if state.at == NodeId::ROOT => format!("Hint: the key is {m}"),
            Some(m) => format!("Hint: play {m}"),
            None if state.is_solving() => "The solver is still working".into(),
            None => "No hint: there is nothing to play".into(),
        };
    }

    /// The puzzle panel (above the move list while a puzzle is open).
    pub(crate) fn puzzle_panel(&mut self, ui: &mut egui::Ui) {
        let Some(state) = &mut self.puzzle else { return };
        let mut close = false;
        let mut hint = false;
        ui.heading(if state.title.is_empty() { "Puzzle".to_string() } else { state.title.clone() });
        if let Some(s) = &state.stipulation {
            ui.label(RichText::new(s.to_string()).strong());
        }
        if let Some(g) = state.shown_goal {
            ui.label(RichText::new(format!("Shows: {}", g.words())).strong());
        }
        if !state.feedback.is_empty() {
            let color = if state.solved { Color32::from_rgb(90, 190, 110) } else { ui.visuals().text_color() };
            ui.label(RichText::new(&state.feedback).color(color));
        }
        if state.is_solving() {
            let progress = state.control.progress();
            let (tried, total) = progress.tried();
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("Solving: {tried}/{total} first moves, {} positions", progress.nodes()));
                if ui.button("Cancel").clicked() {
                    state.control.cancel();
                }
            });
        }
        if let Some(e) = &state.solve_error {
            ui.label(RichText::new(format!("Solver: {e}")).color(Color32::from_rgb(230, 70, 60)));
        }
        if let Some(solution) = &state.solution {
            let (keys, unique, nodes, ms, tree) = match solution {
                AnySolution::Interstellar(s) => summary(s),
                AnySolution::Triangular(s) => summary(s),
            };
            if !state.interactive || state.solved || state.show_tree {
                ui.label(format!(
                    "Keys: {} — unique: {} — {nodes} positions in {ms} ms",
                    if keys.is_empty() { "none".to_string() } else { keys.join(", ") },
                    if unique { "yes" } else { "no" }
                ));
            }
            if state.show_tree {
                egui::ScrollArea::vertical().id_salt("solution-tree").max_height(200.0).show(ui, |ui| {
                    ui.label(RichText::new(tree).monospace());
                });
            }
        }
        ui.horizontal_wrapped(|ui| {
            if state.interactive && state.shown_goal.is_none() && ui.button("Hint").clicked() {
                hint = true;
            }
            if state.solution.is_some() {
                let label = if state.show_tree { "Hide solution" } else { "Show solution" };
                if ui.button(label).clicked() {
                    state.show_tree = !state.show_tree;
                }
            }
            if ui.button("Close puzzle").clicked() {
                close = true;
            }
        });
        ui.separator();
        if hint {
            self.puzzle_hint();
        }
        if close {
            if let Some(state) = &self.puzzle {
                state.control.cancel();
            }
            self.puzzle = None;
        }
    }

    /// The Puzzles menu.
    pub(crate) fn puzzles_menu(&mut self, ui: &mut egui::Ui) {
        ui.menu_button("Puzzles", |ui| {
            for (index, builtin) in builtin_puzzles().iter().enumerate() {
                let title = builtin
                    .puzzle()
                    .map(|p| {
                        let what = match p.goal {
                            PuzzleGoal::Stipulation(s) => s.to_string(),
                            PuzzleGoal::Shown(g) => g.words().to_string(),
                        };
                        format!("{} — {what}", p.title)
                    })
                    .unwrap_or_else(|_| builtin.file.to_string());
                if ui.button(title).clicked() {
                    self.request_builtin_puzzle(index);
                    ui.close();
                }
            }
            ui.separator();
            let goals: &[Goal] = match self.session.variant() {
                Variant::Interstellar => &[Goal::TargetOut, Goal::Win],
                Variant::Triangular => &[Goal::Mate],
            };
            ui.menu_button("Solve the shown position", |ui| {
                for &goal in goals {
                    for moves in 1..=3 {
                        if let Ok(s) = Stipulation::new(goal, moves)
                            && ui.button(s.to_string()).clicked()
                        {
                            self.solve_shown_position(s);
                            ui.close();
                        }
                    }
                }
            });
            if self.puzzle.is_some() && ui.button("Hint").clicked() {
                self.puzzle_hint();
                ui.close();
            }
        });
    }
}

/// A record holding only the puzzle's start and tags (the recorded solution is left
/// out so that it does not give the answer away).
fn fresh_record<G: Game>(record: &GameRecord<G>) -> GameRecord<G> {
    let mut fresh = GameRecord::from_position(record.start.clone());
    fresh.tags = record.tags.clone();
    fresh.set_up = true;
    let root = record.tree.node(NodeId::ROOT);
    if root.children.is_empty() {
        // A shown position: keep its comment and marks.
        fresh.tree.set_comment_after(NodeId::ROOT, &root.comment_after);
        fresh.tree.set_marks(NodeId::ROOT, root.marks.clone());
    }
    fresh
}

fn stipulation_words(state: &PuzzleState) -> String {
    state.stipulation.map(|s| s.to_string()).unwrap_or_default()
}

fn summary<G: SolverGame>(s: &Solution<G>) -> (Vec<String>, bool, u64, u128, String) {
    (s.keys.iter().map(|k| k.notation.clone()).collect(), s.is_unique(), s.nodes, s.elapsed.as_millis(), s.tree_text())
}

enum Judged<C> {
    NotReady,
    Wrong(String),
    Solved(String),
    Answered { played: String, defence: String, next: C },
}

/// Judges the move just played at the cursor against the right attacker moves; plays
/// the longest defence when it was right.
fn judge<G: SolverGame>(s: &mut GameSession<G>, candidates: &[AttackNode<G::Move>]) -> Judged<Candidates>
where
    Candidates: From<Vec<AttackNode<G::Move>>>,
{
    let node = s.record.tree.node(s.cursor);
    let Some(mv) = node.mv else { return Judged::NotReady };
    let played = s.notation_of(s.cursor);
    let Some(right) = candidates.iter().find(|c| c.mv.mv == mv) else { return Judged::Wrong(played) };
    if right.reached || right.defences.is_empty() {
        return Judged::Solved(played);
    }
    let defence = &right.defences[0];
    let cursor = s.cursor;
    let defence_node = s.record.tree.add_move(cursor, defence.mv.mv);
    s.cursor = defence_node;
    Judged::Answered { played, defence: defence.mv.notation.clone(), next: defence.replies.clone().into() }
}

impl From<Vec<AttackNode<interstellar::Move>>> for Candidates {
    fn from(v: Vec<AttackNode<interstellar::Move>>) -> Self {
        Candidates::Interstellar(v)
    }
}

impl From<Vec<AttackNode<triangular::Move>>> for Candidates {
    fn from(v: Vec<AttackNode<triangular::Move>>) -> Self {
        Candidates::Triangular(v)
    }
}

/// Takes back the move just played at the cursor (it is deleted from the tree).
fn take_back(session: &mut Session, at: NodeId) {
    with_session!(session, s => {
        let node = s.cursor;
        if node != at {
            s.record.tree.delete(node);
            s.cursor = at;
        }
    });
}
