//! One try at a level: the learner's moves judged as the level's goal wants, the other
//! side standing still or answering from the level's [`Plan`].

use std::collections::{HashSet, VecDeque};

use super::course::{Goal, LevelSetup};
use crate::core::moves::MoveList;
use crate::core::{BoardCell, BoardSetup, Game, GameSide};
use crate::solver::{AttackNode, SolveControl, SolveError, SolveOptions, SolverGame, Stipulation, solve};

/// What a level needs worked out before it is played: a search, so the app makes it on
/// a job ([`prepare`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan<M> {
    /// Nothing (coins, captures, a game against the computer).
    Nothing,
    /// A win or Target Out: the solver's solution tree, one node per key (every
    /// defence, the longest-resisting first, with the replies that still force it).
    Tree(Vec<AttackNode<M>>),
    /// An escape or a draw: the moves that reach it, and every other legal move with
    /// the other side's answer that wins after it (none for a draw).
    Moves {
        /// The moves that escape or draw.
        good: Vec<M>,
        /// The other moves, each with the answer that punishes it where there is one.
        answers: Vec<(M, Option<M>)>,
    },
}

/// Works out what `setup` needs before it is played (see [`Plan`]).
///
/// # Errors
/// The solver's error (cancelled through `control`, or a goal the game lacks).
pub fn prepare<G: SolverGame>(setup: &LevelSetup<G>, control: &SolveControl) -> Result<Plan<G::Move>, SolveError> {
    let solver_goal = match setup.goal {
        Goal::Win => crate::solver::Goal::Win,
        Goal::TargetOut => crate::solver::Goal::TargetOut,
        Goal::Escape(within) => return escapes(setup, within, control),
        Goal::Draw => return Ok(draws(setup)),
        Goal::Coins(_) | Goal::CaptureAll | Goal::Game(_) => return Ok(Plan::Nothing),
    };
    let stipulation = Stipulation::new(solver_goal, setup.par)?;
    let solution = solve(&setup.start, stipulation, &SolveOptions::default(), control)?;
    Ok(Plan::Tree(solution.tree))
}

fn legal<G: Game>(position: &G) -> MoveList<G::Move> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
}

/// The position after the learner's first move `mv`, with the keys of every position
/// so far (the new one last).
fn after_first<G: SolverGame>(setup: &LevelSetup<G>, mv: G::Move) -> (G, Vec<u64>) {
    let mut after = setup.start.clone();
    after.play(mv);
    let mut history = setup.history.clone();
    history.push(after.zobrist());
    (after, history)
}

/// The moves after which the other side has no win within `within` of its moves.
fn escapes<G: SolverGame>(
    setup: &LevelSetup<G>,
    within: u32,
    control: &SolveControl,
) -> Result<Plan<G::Move>, SolveError> {
    let stipulation = Stipulation::new(crate::solver::Goal::Win, within)?;
    let options = SolveOptions { tree: false, ..SolveOptions::default() };
    let (mut good, mut answers) = (Vec::new(), Vec::new());
    for mv in legal(&setup.start).iter().copied() {
        let (after, history) = after_first(setup, mv);
        let ended = after.outcome_in(&history).is_some();
        let answer =
            if ended { None } else { solve(&after, stipulation, &options, control)?.keys.first().map(|k| k.mv) };
        // A move that ends the game (the learner's win, or a draw) escapes too.
        match answer {
            None => good.push(mv),
            Some(answer) => answers.push((mv, Some(answer))),
        }
    }
    Ok(Plan::Moves { good, answers })
}

/// The moves after which the game is drawn or the learner may claim a draw.
fn draws<G: SolverGame>(setup: &LevelSetup<G>) -> Plan<G::Move> {
    let (mut good, mut answers) = (Vec::new(), Vec::new());
    for mv in legal(&setup.start).iter().copied() {
        let (after, history) = after_first(setup, mv);
        let drawn = match after.outcome_in(&history) {
            Some(outcome) => G::winner(outcome).is_none(),
            None => after.can_claim_draw(&history),
        };
        if drawn {
            good.push(mv);
        } else {
            answers.push((mv, None));
        }
    }
    Plan::Moves { good, answers }
}

/// Where a try stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttemptState {
    /// The learner is to move.
    Playing,
    /// The goal was reached in this many of the learner's moves.
    Done {
        /// The learner's moves.
        moves: u32,
    },
    /// The try failed: why, in full.
    Failed(String),
}

/// What one of the learner's moves brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<M> {
    /// The learner moves again (the other side stands still).
    Going,
    /// The other side answered with this move; the learner moves again.
    Answered(M),
    /// The goal is reached.
    Done,
    /// The try failed: why, in full.
    Failed(String),
}

/// A move's two cells: from, to.
type CellPair<G> = (<G as crate::core::Game>::Cell, <G as crate::core::Game>::Cell);

/// One try at a level, move by move.
#[derive(Clone, Debug)]
pub struct Attempt<G: SolverGame> {
    position: G,
    history: Vec<u64>,
    coins_left: Vec<G::Cell>,
    moves: u32,
    state: AttemptState,
    goal: Goal,
    par: u32,
    options: Vec<AttackNode<G::Move>>,
    plan: Plan<G::Move>,
    refutation: Option<(G::Cell, G::Cell)>,
}

impl<G: SolverGame> Attempt<G> {
    /// A try at `setup` with its worked-out `plan` ([`prepare`]).
    pub fn new(setup: &LevelSetup<G>, plan: Plan<G::Move>) -> Attempt<G> {
        let options = match &plan {
            Plan::Tree(tree) => tree.clone(),
            _ => Vec::new(),
        };
        Attempt {
            position: setup.start.clone(),
            history: setup.history.clone(),
            coins_left: setup.coins.clone(),
            moves: 0,
            state: AttemptState::Playing,
            goal: setup.goal.clone(),
            par: setup.par,
            options,
            plan,
            refutation: None,
        }
    }

    /// The position now (the learner to move while playing).
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The Zobrist keys of the positions so far, the current one last.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// The coins not collected yet.
    pub fn coins_left(&self) -> &[G::Cell] {
        &self.coins_left
    }

    /// The learner's moves so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Where the try stands.
    pub fn state(&self) -> &AttemptState {
        &self.state
    }

    /// After a failed move: the other side's move that punishes it, as its from and to
    /// cells (the piece that would capture and the piece it takes, or the answer that
    /// wins), for the board to show; `None` when there is none to show.
    pub fn refutation(&self) -> Option<(G::Cell, G::Cell)> {
        self.refutation
    }

    /// A move that keeps the try on its way to the goal from here, for a hint: the
    /// solution's next key for a win or Target Out, a good move for an escape or a draw,
    /// the first move of a shortest way for coins and captures (a breadth-first search:
    /// the app asks on a job); `None` when the try is over, for a game level, or when no
    /// way is left within the par and a few moves more.
    ///
    /// # Errors
    /// [`SearchError::TooBig`] when the search outgrows its bound.
    pub fn hint(&self) -> Result<Option<G::Move>, SearchError> {
        if self.state != AttemptState::Playing {
            return Ok(None);
        }
        Ok(match (&self.goal, &self.plan) {
            (Goal::Coins(_) | Goal::CaptureAll, _) => {
                shortest_line(self, self.moves + self.par + 4)?.and_then(|line| line.first().copied())
            }
            (Goal::Win | Goal::TargetOut, _) => self.options.first().map(|n| n.mv.mv),
            (Goal::Escape(_) | Goal::Draw, Plan::Moves { good, .. }) => good.first().copied(),
            _ => None,
        })
    }

    /// Plays the learner's move `mv` (legal in [`Attempt::position`]) and judges it;
    /// the other side's answer, if any, is played too.
    pub fn play(&mut self, mv: G::Move) -> Step<G::Move> {
        let step = self.judge(mv);
        match &step {
            Step::Done => self.state = AttemptState::Done { moves: self.moves },
            Step::Failed(why) => self.state = AttemptState::Failed(why.clone()),
            Step::Going | Step::Answered(_) => {}
        }
        step
    }

    fn judge(&mut self, mv: G::Move) -> Step<G::Move> {
        if self.state != AttemptState::Playing {
            return Step::Failed("This try is over: start the level again".to_string());
        }
        if !legal(&self.position).contains(&mv) {
            return Step::Failed("That is not a legal move here".to_string());
        }
        let before = self.position.clone();
        let written = before.notation(mv);
        self.position.play(mv);
        self.history.push(self.position.zobrist());
        self.moves += 1;
        // Every cell the piece lands on, on the way and at the end, collects its coin.
        let mut landed: Vec<G::Cell> =
            before.move_routes(mv).first().map(|r| r.iter().map(|l| l.cell).collect()).unwrap_or_default();
        landed.push(G::move_cells(mv).1);
        self.coins_left.retain(|c| !landed.contains(c));
        match self.goal.clone() {
            Goal::Coins(_) | Goal::CaptureAll => self.after_solo_move(),
            Goal::Win | Goal::TargetOut => self.after_forcing_move(mv, &written),
            Goal::Escape(within) => self.after_one_move(mv, &written, |answer| match answer {
                Some(answer) => format!(
                    "After {written} the other side wins with {answer} (the red arrow): look for the move that leaves it no win within {}",
                    if within == 1 { "its next move".to_string() } else { format!("{within} of its moves") }
                ),
                None => format!("After {written} the other side can still win"),
            }),
            Goal::Draw => self.after_one_move(mv, &written, |_| {
                format!("{written} does not draw: look for the move that ends the game in a draw or lets you claim one")
            }),
            Goal::Game(_) => Step::Going,
        }
    }

    /// Coins and captures: the goal, the game's end, a piece left where it can be
    /// taken, and the move handed back to the learner.
    fn after_solo_move(&mut self) -> Step<G::Move> {
        let reached = match self.goal {
            Goal::Coins(_) => self.coins_left.is_empty(),
            _ => self.enemies_left() == 0,
        };
        if let Some(outcome) = self.position.outcome_in(&self.history) {
            return if reached {
                Step::Done
            } else {
                Step::Failed(format!("The game ended — {} — before the goal was reached", G::outcome_sentence(outcome)))
            };
        }
        if let Some((why, cells)) = self.threatened() {
            self.refutation = Some(cells);
            return Step::Failed(why);
        }
        if reached {
            return Step::Done;
        }
        match self.position.passed() {
            Some(passed) => {
                self.position = passed;
                self.history.push(self.position.zobrist());
                Step::Going
            }
            None => {
                let (attack, royal) = if G::CHECK_NAME == "check" {
                    ("gives check", "king")
                } else {
                    ("attacks the enemy planet", "planet")
                };
                let (left, goal) = match self.goal {
                    Goal::Coins(_) => ("coins are left", "Collect the coins"),
                    _ => ("pieces are left to capture", "Capture them"),
                };
                Step::Failed(format!(
                    "That move {attack} while {left}: the other side would have to answer it, but in these exercises it stands still. {goal} without attacking the {royal} (your last move may: the exercise ends with it)"
                ))
            }
        }
    }

    /// The other side's pieces but the planet or king.
    fn enemies_left(&self) -> usize {
        let setup = self.position.to_setup();
        let learner = self.position.side_to_move().other();
        G::Cell::all()
            .filter_map(|c| setup.piece_at(c))
            .filter(|&p| <G::Setup as BoardSetup>::piece_side(p) != learner && !<G::Setup as BoardSetup>::is_royal(p))
            .count()
    }

    /// With the other side to move: the first of its moves that would capture one of
    /// the learner's pieces, as a sentence, with the attacker's and the victim's cells.
    fn threatened(&self) -> Option<(String, CellPair<G>)> {
        let setup = self.position.to_setup();
        for mv in legal(&self.position).iter().copied() {
            let (from, to) = G::move_cells(mv);
            let route = self.position.move_routes(mv).into_iter().next().unwrap_or_default();
            let jumped: Vec<G::Cell> = route.iter().filter_map(|l| l.jumped).collect();
            let taken = if jumped.is_empty() { setup.piece_at(to).map(|_| to) } else { jumped.first().copied() };
            if let (Some(cell), Some(attacker)) = (taken, setup.piece_at(from))
                && let Some(victim) = setup.piece_at(cell)
            {
                return Some((
                    format!(
                        "The {} on {from} could take your {} on {cell} (the red arrow). The other side's pieces stand still, but they take whatever comes within their reach: keep away from the cells they attack",
                        <G::Setup as BoardSetup>::piece_label(attacker),
                        <G::Setup as BoardSetup>::kind_name(victim),
                    ),
                    (from, cell),
                ));
            }
        }
        None
    }

    /// A win or Target Out: the move must be one of the solution's, then the other side
    /// answers with its longest defence.
    fn after_forcing_move(&mut self, mv: G::Move, written: &str) -> Step<G::Move> {
        let Some(node) = self.options.iter().find(|n| n.mv.mv == mv).cloned() else {
            let left = self.par.saturating_sub(self.moves - 1);
            let aim = if self.goal == Goal::TargetOut { "give Target Out" } else { "win" };
            if let Some(outcome) = self.position.outcome_in(&self.history) {
                let wanted = if self.goal == Goal::TargetOut { "gives Target Out" } else { "wins" };
                return Step::Failed(format!(
                    "{written} ends the game, but not as asked: {}. Look for the move that {wanted}",
                    G::outcome_sentence(outcome)
                ));
            }
            return Step::Failed(format!(
                "{written} does not {aim} within the {} left: the other side has an answer to it. Look for a move that leaves it none",
                if left == 1 { "move".to_string() } else { format!("{left} moves") }
            ));
        };
        if node.reached {
            return Step::Done;
        }
        let Some(defence) = node.defences.first() else { return Step::Done };
        let answer = defence.mv.mv;
        self.position.play(answer);
        self.history.push(self.position.zobrist());
        self.options = defence.replies.clone();
        Step::Answered(answer)
    }

    /// An escape or a draw: one move, found among the plan's.
    fn after_one_move(&mut self, mv: G::Move, _written: &str, why: impl Fn(Option<String>) -> String) -> Step<G::Move> {
        let Plan::Moves { good, answers } = &self.plan else { return Step::Failed(why(None)) };
        if good.contains(&mv) {
            return Step::Done;
        }
        let answer = answers.iter().find(|(m, _)| *m == mv).and_then(|(_, a)| *a);
        self.refutation = answer.map(G::move_cells);
        Step::Failed(why(answer.map(|a| self.position.notation(a))))
    }
}

/// The most positions the breadth-first search visits for one level before it gives up
/// (a level that needs more is too big to be a lesson).
pub const MAX_NODES: usize = 2_000_000;

/// Why a breadth-first search gave up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// More than [`MAX_NODES`] positions.
    #[error("the search visited more than {MAX_NODES} positions: make the level smaller")]
    TooBig,
}

/// The fewest moves that finish a coins or captures try from where `attempt` stands,
/// with the try's moves counted so far at most `limit` at the end; `None` when there is
/// none within it. The app's lesson hint is the first of them.
///
/// # Errors
/// [`SearchError::TooBig`] past [`MAX_NODES`] positions.
pub fn shortest_line<G: SolverGame>(attempt: &Attempt<G>, limit: u32) -> Result<Option<Vec<G::Move>>, SearchError> {
    let key = |a: &Attempt<G>| {
        let mut coins: Vec<u8> = a.coins_left().iter().map(|c| c.slot()).collect();
        coins.sort_unstable();
        (a.position().zobrist(), coins)
    };
    let mut seen = HashSet::new();
    seen.insert(key(attempt));
    let mut queue = VecDeque::from([(attempt.clone(), Vec::new())]);
    while let Some((attempt, line)) = queue.pop_front() {
        if attempt.moves() >= limit {
            continue;
        }
        let mut moves = MoveList::new();
        attempt.position().legal_moves(&mut moves);
        for mv in moves.iter().copied() {
            let mut next = attempt.clone();
            let step = next.play(mv);
            let mut next_line: Vec<G::Move> = line.clone();
            next_line.push(mv);
            match step {
                Step::Done => return Ok(Some(next_line)),
                Step::Going | Step::Answered(_)
                    if *next.state() == AttemptState::Playing && seen.insert(key(&next)) =>
                {
                    if seen.len() > MAX_NODES {
                        return Err(SearchError::TooBig);
                    }
                    queue.push_back((next, next_line));
                }
                _ => {}
            }
        }
    }
    Ok(None)
}
