//! The analysis panel's engine: a search of the shown position on a background
//! thread, restarted when the position or the settings change and stopped when the
//! panel is hidden, so the app keeps drawing at its frame rate while it thinks.
//!
//! [`Analysis::ensure`] is called every frame with what should be analysed; it starts
//! a search only when that changed. The searching thread writes its progress (each
//! completed line of each iteration) into a shared [`Snapshot`] that the frame reads
//! with [`Analysis::snapshot`]; the engine (its transposition table) is kept between
//! searches behind a lock that only the searching threads take, so the UI thread never
//! waits for a search. No egui here.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::jobs::Job;
use super::jobs::engine::EnginePriority;
use crate::engine::{Engine, EngineGame, Limits, MAX_MULTI_PV, Report, Score};

/// One line of the analysis: its score, depth and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLine<M> {
    /// The score for the side to move in the analysed position.
    pub score: Score,
    /// The iteration that found it, in plies.
    pub depth: u32,
    /// The moves, from the analysed position.
    pub pv: Vec<M>,
}

/// What the search has found so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot<M> {
    /// The lines, best first (fewer than asked for until the first iteration ends).
    pub lines: Vec<AnalysisLine<M>>,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time searched.
    pub time: Duration,
    /// Whether the search is still running.
    pub running: bool,
}

impl<M> Default for Snapshot<M> {
    fn default() -> Self {
        Snapshot { lines: Vec::new(), depth: 0, nodes: 0, nps: 0, time: Duration::ZERO, running: false }
    }
}

/// What the app asks the analysis for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisRequest {
    /// Lines (multi-PV), 1–5.
    pub lines: usize,
    /// How long to search; `None`: until the position changes or the panel is hidden.
    pub time: Option<Duration>,
    /// The table's size in MiB (used when the analysis is first started).
    pub hash_mb: usize,
    /// Analyse the threat: the shown position with the other side to move (a null
    /// move), what it would play if it were its turn.
    pub threat: bool,
}

/// What is being analysed: a search restarts when this changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Target {
    key: u64,
    history_len: usize,
    lines: usize,
    time: Option<Duration>,
}

/// The background analysis of one game's positions.
pub struct Analysis<G: EngineGame> {
    engine: Arc<Mutex<Engine<G>>>,
    shared: Arc<Mutex<Snapshot<G::Move>>>,
    target: Option<Target>,
    /// The search running, while it does (dropped: asked to stop).
    job: Option<Job<()>>,
    started: Option<Instant>,
}

impl<G: EngineGame + Send + 'static> Analysis<G>
where
    G::Move: Send,
{
    /// An idle analysis with a `hash_mb` MiB table (allocated now).
    pub fn new(hash_mb: usize) -> Analysis<G> {
        Analysis {
            engine: Arc::new(Mutex::new(Engine::new(hash_mb.clamp(1, 4096)))),
            shared: Arc::new(Mutex::new(Snapshot::default())),
            target: None,
            job: None,
            started: None,
        }
    }

    /// Makes sure `pos`, `ply` plies into its game, is being analysed with `lines`
    /// lines (1–5) for `time` (`None`: until stopped); `history` gives the keys of the
    /// game's positions before it, for repetitions, and is called only when a new
    /// search starts (so the per-frame call costs nothing more). Starts a new search
    /// only when one of these changed; a finished position is not searched.
    pub fn ensure(
        &mut self,
        pos: &G,
        ply: usize,
        history: impl FnOnce() -> Vec<u64>,
        lines: usize,
        time: Option<Duration>,
    ) {
        let lines = lines.clamp(1, MAX_MULTI_PV);
        let target = Target { key: pos.zobrist(), history_len: ply, lines, time };
        // A search the engine worker interrupted for another (the computer's move, a
        // hint) starts again.
        if self.target == Some(target) && !self.job.as_ref().is_some_and(Job::preempted) {
            return;
        }
        let history = history();
        self.halt();
        self.target = Some(target);
        *self.shared.lock().unwrap_or_else(PoisonError::into_inner) = Snapshot::default();
        if pos.outcome().is_some() {
            return;
        }
        self.started = Some(Instant::now());
        let (engine, shared) = (self.engine.clone(), self.shared.clone());
        let pos = pos.clone();
        // The lines an iteration gives: fewer when there are fewer legal moves.
        let lines = {
            let mut moves = crate::core::moves::MoveList::new();
            pos.legal_moves(&mut moves);
            lines.min(moves.len()).max(1)
        };
        if let Ok(mut s) = shared.lock() {
            s.running = true;
        }
        // The window is woken a few times a second while lines come in, and at the end.
        self.job = Some(Job::on_engine("analysis", EnginePriority::Analysis, move |control| {
            // Waits for a search still stopping to let go of the engine.
            let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
            if control.cancelled() {
                return;
            }
            let limits = Limits { movetime: time, ..Limits::default() };
            let mut found: Vec<AnalysisLine<G::Move>> = Vec::new();
            // An iteration's lines are shown together once its last one is in, best
            // first, so the lines do not change order while the user reads them.
            let publish = |report: &Report<G::Move>, found: &mut Vec<AnalysisLine<G::Move>>| {
                if report.multipv == 1 {
                    found.clear();
                }
                found.push(AnalysisLine { score: report.score, depth: report.depth, pv: report.pv.clone() });
                if control.cancelled() {
                    return;
                }
                if let Ok(mut s) = shared.lock() {
                    let complete = report.multipv == lines || s.lines.is_empty();
                    if complete {
                        let mut shown = found.clone();
                        shown.sort_by_key(|l| std::cmp::Reverse(l.score.order_key()));
                        s.lines = shown;
                        s.depth = report.depth;
                    }
                    s.nodes = report.nodes;
                    s.nps = report.nps;
                    s.time = report.time;
                }
                control.wake_soon();
            };
            let stop = control.cancel_flag();
            let result = engine.search(&pos, &history, &limits, lines, stop, &mut |r| publish(r, &mut found));
            if !control.cancelled()
                && let Ok(mut s) = shared.lock()
            {
                s.running = false;
                s.nodes = result.nodes;
                s.time = result.time;
                s.depth = result.depth;
                if !result.lines.is_empty() {
                    s.lines = result
                        .lines
                        .iter()
                        .map(|l| AnalysisLine { score: l.score, depth: result.depth, pv: l.pv.clone() })
                        .collect();
                    // Best first, as the iterations were shown.
                    s.lines.sort_by_key(|l| std::cmp::Reverse(l.score.order_key()));
                }
            }
        }));
    }

    /// Stops the search (the panel was hidden); the next [`Analysis::ensure`] starts
    /// afresh.
    pub fn stop(&mut self) {
        self.halt();
        self.target = None;
        *self.shared.lock().unwrap_or_else(PoisonError::into_inner) = Snapshot::default();
    }

    fn halt(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
        self.started = None;
    }

    /// Whether a search is running or was asked for.
    pub fn active(&self) -> bool {
        self.target.is_some()
    }

    /// The Zobrist key of the position being analysed, if any (the snapshot's moves
    /// belong to it).
    pub fn analysed_key(&self) -> Option<u64> {
        self.target.map(|t| t.key)
    }

    /// What the search has found so far.
    pub fn snapshot(&self) -> Snapshot<G::Move> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, interstellar};

    fn wait_for<G: EngineGame + Send + 'static>(analysis: &Analysis<G>, done: impl Fn(&Snapshot<G::Move>) -> bool)
    where
        G::Move: Send,
    {
        let start = Instant::now();
        while !done(&analysis.snapshot()) {
            assert!(start.elapsed() < Duration::from_secs(20), "the analysis did not get there");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn lines_arrive_while_searching_and_a_new_position_restarts_the_search() {
        let mut analysis = Analysis::<interstellar::Position>::new(4);
        let opening = interstellar::Position::opening();
        analysis.ensure(&opening, 0, Vec::new, 2, None);
        wait_for(&analysis, |s| s.lines.len() == 2 && s.depth >= 2 && s.running);
        // The same request changes nothing (the history is not even asked for);
        // another position starts over.
        analysis.ensure(&opening, 0, || unreachable!("no new search"), 2, None);
        assert!(analysis.snapshot().running);
        let win = interstellar::Position::from_position_string("9/U7/3p1q3/8/9/8/9/4Q3/3P5 +").expect("a position");
        analysis.ensure(&win, 0, Vec::new, 1, Some(Duration::from_millis(300)));
        wait_for(&analysis, |s| !s.running && !s.lines.is_empty());
        let snapshot = analysis.snapshot();
        assert_eq!(snapshot.lines[0].score, Score::Mate(1));
        let mut after = win.clone();
        after.play(snapshot.lines[0].pv[0]);
        assert!(after.outcome().is_some());
        analysis.stop();
        assert!(!analysis.active());
        assert_eq!(analysis.snapshot(), Snapshot::default());
    }
}
