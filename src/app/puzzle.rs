//! Puzzles in the app, for any game: the solver running on a background thread with
//! progress and Cancel, and solving mode, where the user plays the attacker's moves,
//! the app answers with the longest defence and says right or wrong, and Hint shows the
//! move to play. [`PuzzleState`] holds it all (no egui here); its panel is
//! [`super::puzzle_ui::puzzle_ui`].

use super::jobs::{Job, JobPoll};
use super::session::GameSession;
use crate::core::game::Game;
use crate::record::{AnyGame, GameRecord, NodeId, RecordGame};
use crate::solver::{
    AnySolution, AttackNode, Goal, Puzzle, PuzzleGoal, Solution, SolveControl, SolveError, SolveOptions, SolverGame,
    Stipulation, solve,
};

/// A puzzle open in the app: what its panel shows and how solving mode stands.
pub struct PuzzleState<G: SolverGame> {
    /// The puzzle's title (empty when none).
    pub title: String,
    /// Its stipulation; `None` for a shown finished position (the patent's figures).
    pub stipulation: Option<Stipulation>,
    /// The goal a shown position illustrates (`Target Out`), if it is one.
    pub shown_goal: Option<Goal>,
    /// Play the attacker's moves against the app (else only show the solver's result).
    pub interactive: bool,
    /// The solver's result, once it is in.
    pub solution: Option<Solution<G>>,
    /// Why the solver gave no result (cancelled, …).
    pub solve_error: Option<String>,
    /// The last word to the user: right, wrong, solved, the defence played.
    pub feedback: String,
    /// Whether the puzzle has been solved in solving mode.
    pub solved: bool,
    /// Show the solution tree.
    pub show_tree: bool,
    control: SolveControl,
    receiver: Option<Job<Result<Solution<G>, SolveError>>>,
    candidates: Option<Vec<AttackNode<G::Move>>>,
    /// The node where the attacker is to move in solving mode.
    at: NodeId,
    /// How many steps of the hint for the move at `at` have been given (1: the piece
    /// is marked, 2: its target too, 3: the move named).
    pub hint_step: u8,
    /// Solving the board editor's position (the result shows in the editor's panel and
    /// goes when the editor closes).
    pub for_editor: bool,
}

/// Starts solving `position` for `stipulation` on a background thread.
fn start_solver<G: SolverGame>(
    position: G,
    stipulation: Stipulation,
) -> (SolveControl, Job<Result<Solution<G>, SolveError>>) {
    let control = SolveControl::new();
    let worker = control.clone();
    let job = Job::start("solver", move |_| solve(&position, stipulation, &SolveOptions::default(), &worker));
    (control, job)
}

/// What became of a move played in solving mode.
pub enum Judged {
    /// Not a move from the solving point: nothing to judge.
    Nothing,
    /// The move was taken back (wrong, or the solver is not done yet).
    TakenBack,
    /// Right: the puzzle is solved, or the app played the defence.
    Right,
}

impl<G: SolverGame> PuzzleState<G> {
    /// Opens `puzzle` whose record is `record`: the solver is started in the background
    /// for a stipulation; a shown position says whether its goal is reached.
    pub fn open(puzzle: &Puzzle, record: &GameRecord<G>) -> PuzzleState<G> {
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
        let job = puzzle.stipulation().map(|s| start_solver(record.start.clone(), s));
        let (control, receiver) = match job {
            Some((c, r)) => (c, Some(r)),
            None => (SolveControl::new(), None),
        };
        PuzzleState {
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
            hint_step: 0,
            for_editor: false,
        }
    }

    /// Solves the shown `position` (at node `at`) for `stipulation`, showing the keys
    /// and the solution tree (not solving mode).
    pub fn solve_shown(position: G, at: NodeId, stipulation: Stipulation) -> PuzzleState<G> {
        let (control, receiver) = start_solver(position, stipulation);
        PuzzleState {
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
            at,
            hint_step: 0,
            for_editor: false,
        }
    }

    /// The solver's progress and cancel flag.
    pub fn control(&self) -> &SolveControl {
        &self.control
    }

    /// Whether the solver is still running.
    pub fn is_solving(&self) -> bool {
        self.receiver.is_some()
    }

    /// Stops the solver, if it runs.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// The keys found, in the game's notation.
    pub fn keys(&self) -> Vec<String> {
        self.solution.as_ref().map(|s| s.keys.iter().map(|k| k.notation.clone()).collect()).unwrap_or_default()
    }

    /// Takes the solver's result if it has arrived; `true` while it is still working.
    pub fn poll(&mut self) -> bool {
        let Some(receiver) = &mut self.receiver else { return false };
        match receiver.poll() {
            JobPoll::Done(result) => {
                self.receiver = None;
                match result {
                    Ok(solution) => {
                        self.candidates = Some(solution.tree.clone());
                        self.solution = Some(solution);
                        if self.keys().is_empty() {
                            self.feedback = if self.interactive {
                                "The solver finds no way to force this: the puzzle has no solution".into()
                            } else {
                                format!("No {} found: no first move forces it", self.stipulation_words())
                            };
                        }
                    }
                    Err(e) => self.solve_error = Some(e.to_string()),
                }
                false
            }
            JobPoll::Running => true,
            JobPoll::Gone => {
                self.receiver = None;
                self.solve_error = Some("the solver stopped unexpectedly".into());
                false
            }
        }
    }

    /// Judges the move just played at the cursor of `s` in solving mode: a wrong move
    /// (or one played before the solver is done) is taken back; a right one is
    /// answered with the longest defence.
    pub fn judge(&mut self, s: &mut GameSession<G>) -> Judged
    where
        G: RecordGame,
    {
        if !self.interactive || self.solved || self.shown_goal.is_some() {
            return Judged::Nothing;
        }
        let node = s.record.tree.node(s.cursor);
        let (Some(mv), Some(parent)) = (node.mv, node.parent) else { return Judged::Nothing };
        if parent != self.at {
            return Judged::Nothing;
        }
        let played = s.notation_of(s.cursor);
        let Some(candidates) = &self.candidates else {
            take_back(s, self.at);
            self.feedback = "The solver is still working: wait a moment before playing".into();
            return Judged::TakenBack;
        };
        let Some(right) = candidates.iter().find(|c| c.mv.mv == mv) else {
            take_back(s, self.at);
            self.feedback = format!("{played} is not it: it does not force {} — try again", self.stipulation_words());
            return Judged::TakenBack;
        };
        self.hint_step = 0;
        if right.reached || right.defences.is_empty() {
            self.solved = true;
            self.feedback = format!("{played} — right! Solved: {}", self.stipulation_words());
            return Judged::Right;
        }
        let defence = right.defences[0].clone();
        s.cursor = s.record.add_move(s.cursor, defence.mv.mv);
        self.at = s.cursor;
        self.candidates = Some(defence.replies.clone());
        self.feedback = format!("{played} — right. The defence: {}. Your move", defence.mv.notation);
        Judged::Right
    }

    /// Puzzles → Hint, in steps for the move to play now: first its piece is marked on
    /// the board, then its target too, then the move is named.
    pub fn hint(&mut self) {
        let hint = self.candidates.as_ref().and_then(|c| c.first()).map(|n| n.mv.notation.clone());
        if self.solved {
            self.feedback = "Solved: there is nothing left to play".into();
            return;
        }
        let Some(m) = hint else {
            self.feedback = if self.is_solving() {
                "The solver is still working".into()
            } else {
                "No hint: there is nothing to play".into()
            };
            return;
        };
        self.hint_step = (self.hint_step + 1).min(3);
        self.feedback = match self.hint_step {
            1 => "Hint 1 of 3: the piece to move is marked on the board (Hint again for more)".into(),
            2 => "Hint 2 of 3: the cell it goes to is marked too".into(),
            _ if self.at == NodeId::ROOT => format!("Hint 3 of 3: the key is {m}"),
            _ => format!("Hint 3 of 3: play {m}"),
        };
    }

    /// The move the hint is about and how far it goes (1: its piece, 2: and its
    /// target, 3: named), while a hint is given.
    pub fn hinted(&self) -> Option<(G::Move, u8)> {
        if self.hint_step == 0 || self.solved {
            return None;
        }
        let mv = self.candidates.as_ref()?.first()?.mv.mv;
        Some((mv, self.hint_step))
    }

    fn stipulation_words(&self) -> String {
        self.stipulation.map(|s| s.to_string()).unwrap_or_default()
    }
}

impl<G: SolverGame> Drop for PuzzleState<G> {
    fn drop(&mut self) {
        self.control.cancel();
    }
}

/// A record holding only the puzzle's start and tags (the recorded solution is left
/// out so that it does not give the answer away).
pub fn fresh_record<G: Game>(record: &GameRecord<G>) -> GameRecord<G> {
    let mut fresh = GameRecord::from_position(record.start.clone());
    fresh.tags = record.tags.clone();
    fresh.set_up = true;
    let root = record.tree.node(NodeId::ROOT);
    if root.children.is_empty() {
        // A shown position: keep its comment, its marks and its result (a patent
        // figure is a finished game).
        fresh.tree.set_comment_after(NodeId::ROOT, &root.comment_after);
        fresh.tree.set_marks(NodeId::ROOT, root.marks.clone());
        fresh.result = record.result;
    }
    fresh
}

/// Takes back the move just played at the cursor (it is deleted from the tree).
fn take_back<G: RecordGame>(s: &mut GameSession<G>, at: NodeId) {
    let node = s.cursor;
    if node != at {
        s.record.make_mut().tree.delete(node);
        s.cursor = at;
    }
}

/// The puzzle goals that apply to game `G`, for the Solve menu and the Save as puzzle
/// form.
pub fn goals_of<G: Game>() -> Vec<Goal> {
    Goal::ALL.into_iter().filter(|g| g.applies_to(G::VARIANT)).collect()
}

/// The Save as puzzle form's check: the solver run on the puzzle's position and
/// stipulation in the background (with the tries), before the puzzle is written.
pub struct PuzzleCheck {
    /// The position string and stipulation checked.
    checked: (String, String),
    control: SolveControl,
    receiver: Option<Job<Result<AnySolution, SolveError>>>,
    /// The solver's result once in (its error in words).
    pub result: Option<Result<AnySolution, String>>,
}

/// What the check found, in short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The solver is still working.
    Checking,
    /// Exactly one key: the puzzle is sound.
    Sound(String),
    /// More than one key (the others are cooks).
    Cooked(Vec<String>),
    /// No key: the stipulation cannot be forced.
    NoKey,
    /// The solver gave no result (cancelled).
    Failed(String),
}

/// The position string and stipulation of a puzzle record.
fn checked_of(record: &AnyGame) -> (String, String) {
    let position = crate::with_game!(record, r => r.start.position_string());
    (position, record.tags().get("Stipulation").unwrap_or("").to_string())
}

impl PuzzleCheck {
    /// The solver's progress and cancel flag.
    pub fn control(&self) -> &SolveControl {
        &self.control
    }

    /// Whether the check still runs.
    pub fn is_checking(&self) -> bool {
        self.receiver.is_some()
    }

    /// Starts checking `record` (a puzzle record: its start position and
    /// `Stipulation` tag); an error when the stipulation cannot be read or does not
    /// fit the game.
    pub fn start(record: &AnyGame) -> Result<PuzzleCheck, String> {
        let puzzle = Puzzle::from_record(record).map_err(|e| e.to_string())?;
        if puzzle.stipulation().is_none() {
            return Err("a shown goal is not checked".into());
        }
        let control = SolveControl::new();
        let worker = control.clone();
        let receiver = Job::start("check", move |_| {
            let options = SolveOptions { tries: true, ..SolveOptions::default() };
            puzzle.solve(&options, &worker)
        });
        Ok(PuzzleCheck { checked: checked_of(record), control, receiver: Some(receiver), result: None })
    }

    /// Whether this check is of `record`'s position and stipulation.
    pub fn is_for(&self, record: &AnyGame) -> bool {
        self.checked == checked_of(record)
    }

    /// Takes the solver's result if it has arrived; `true` while it is still working.
    pub fn poll(&mut self) -> bool {
        let Some(receiver) = &mut self.receiver else { return false };
        match receiver.poll() {
            JobPoll::Done(result) => {
                self.receiver = None;
                self.result = Some(result.map_err(|e| e.to_string()));
                false
            }
            JobPoll::Running => true,
            JobPoll::Gone => {
                self.receiver = None;
                self.result = Some(Err("the solver stopped unexpectedly".into()));
                false
            }
        }
    }

    /// Stops the check.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// What the check found so far.
    pub fn verdict(&self) -> Verdict {
        match &self.result {
            None => Verdict::Checking,
            Some(Err(e)) => Verdict::Failed(e.clone()),
            Some(Ok(solution)) => match solution.keys().as_slice() {
                [] => Verdict::NoKey,
                [key] => Verdict::Sound(key.clone()),
                keys => Verdict::Cooked(keys.to_vec()),
            },
        }
    }

    /// The one line that says whether the puzzle is sound (for the form and the
    /// status bar).
    pub fn summary(&self) -> String {
        let stipulation = &self.checked.1;
        match self.verdict() {
            Verdict::Checking => "Checking…".into(),
            Verdict::Sound(key) => format!("Sound: one key, {key}"),
            Verdict::Cooked(keys) => format!("Cooked: {} keys, {}", keys.len(), keys.join(", ")),
            Verdict::NoKey => format!("No solution: no {stipulation} found"),
            Verdict::Failed(e) => format!("Not checked: {e}"),
        }
    }

    /// The record to save: the solver's verified solution (the keys and the solution
    /// tree as variations) with `record`'s tags; `record` itself when the check has no
    /// result.
    pub fn record_to_save(&self, record: &AnyGame) -> AnyGame {
        let Some(Ok(solution)) = &self.result else { return record.clone() };
        let mut saved = solution.record();
        let tags = record.tags().clone();
        crate::with_game!(&mut saved, g => {
            for (key, value) in tags.iter() {
                if g.tags.get(key).is_none() {
                    g.tags.set(key, value);
                }
            }
        });
        saved
    }
}

impl Drop for PuzzleCheck {
    fn drop(&mut self) {
        self.control.cancel();
    }
}
