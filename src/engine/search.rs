//! The search: iterative deepening over a negamax alpha-beta search.
//!
//! - **Principal-variation search** (first move with the full window, the rest with a
//!   null window and a re-search when one beats alpha) and **aspiration windows** from
//!   depth 5 (±25, widened on each failure, full after ±800).
//! - A **transposition table** ([`super::table`]): cut-offs away from the principal
//!   variation, its move tried first everywhere.
//! - **Quiescence** at the horizon: captures, promotions and Super Nova steps
//!   ([`EngineGame::tactical_moves`], generated without the quiet moves), and every
//!   answer while in check or Target (the first four quiescence plies; deeper, check
//!   is only scored statically). Away from check the quiescence search does not
//!   generate every move, so an ending by having no legal move (Interstellar's
//!   "blocked", Triangular's stalemate) is found there only by the full-width search;
//!   endings that need no look at the moves ([`EngineGame::has_ended_without_moves`])
//!   are found everywhere.
//! - **Move ordering**: table move, tactical moves by most valuable victim then least
//!   valuable attacker, two killers a ply, then the history of quiet moves: a bonus
//!   for the one that cut off and the same malus for the quiet moves searched before
//!   it, with gravity (`h += b − h·|b|/16384`, so an entry stays within ±16384 and
//!   recent results outweigh old ones).
//! - **Extension** of a move that gives check or Target by one ply (up to twice the
//!   iteration's depth from the root).
//! - **Null-move pruning** (R = 2 + depth/6) away from the principal variation, not in
//!   check, with at least 4 legal moves and only where [`EngineGame::null_move_allowed`]
//!   (Interstellar: a quasar, nebula or pulsar left; Triangular: a piece other than
//!   king and pawns). Why guarded: in both games having to move can lose — zugzwang in
//!   chess-like endings, and in Interstellar a side with no legal move loses outright
//!   ("blocked", `docs/rules-interstellar.md` §7), so a pass would lie exactly in the
//!   positions where few pieces and few moves are left. What the null move and its
//!   guard measured in games is in `docs/engine.md` (*What each technique is worth*).
//! - **Late-move reductions** by a table of depth × move number
//!   (`0.75 + ln(depth)·ln(moves)/2.25` plies, one less a 8192 of history above zero
//!   and one more a 8192 below, at least one, leaving at least one ply)
//!   for quiet moves after the first three, at depth 3 or more, away from the
//!   principal variation (so a quiet key such as a mating threat at the root is
//!   searched at full depth), never in check,
//!   never for a move that gives check or Target or a killer; re-searched at full depth
//!   when they beat alpha.
//! - **Pruning near the horizon**, away from the principal variation and from check:
//!   *reverse futility* (a position whose static evaluation beats beta by 90 cp a
//!   remaining ply, up to 5 plies, returns it), *futility* (up to 3 plies, quiet moves
//!   that do not give check or Target are left out where the evaluation plus
//!   100 + 100·depth cp stays below alpha) and *late-move pruning* (up to 4 plies, the
//!   quiet moves after the first `3 + depth²` are left out). Never the first move,
//!   and never while every move searched so far loses. A position with no legal move
//!   is scored before any of it, so "blocked" and stalemate are never pruned away.
//! - The transposition table is **read in quiescence** too.
//! - **Static exchange evaluation** where the game has one (Triangular and
//!   Interstellar, [`EngineGame::static_exchange`]): the quiescence search leaves out captures that
//!   lose material, the main search orders them after the quiet moves, and up to 4
//!   plies from the horizon (away from the principal variation and check, never the
//!   first move) leaves out those losing more than 120 cp a remaining ply.
//! - **Repetitions** score 0 from the first repetition inside the search, looked for
//!   since the last irreversible move ([`EngineGame::is_irreversible`]) and through the
//!   game's earlier positions. In Triangular a repetition and the fifty-move rule are
//!   draws (`docs/rules-triangular.md` §6 *Check, mate and draws*). Interstellar has
//!   no draws at all (`docs/rules-interstellar.md` §7): there the 0 is a search device
//!   only, so that the engine does not shuffle when it can make progress and takes a
//!   repetition only when everything else is worse.
//! - **Multi-PV**: line `k` searches the root without the first moves of lines
//!   `1..k`.
//!
//! Nothing allocates per node: moves in the core's [`MoveList`] on the stack, positions
//! copied and played (copy-make; each game's position is a few hundred bytes), the
//! table and the principal-variation triangle allocated once per search.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use smallvec::SmallVec;

use super::game::{EngineGame, from_to};
use super::limits::Limits;
use super::score::{INFINITY, MATE, MATE_BOUND, Score, from_table, is_mate, to_table};
use super::table::{Bound, Table};
use crate::core::game::{BoardCell, GameSide};
use crate::core::moves::{INLINE_MOVES, MoveList};

/// The most plies from the root the search goes, quiescence included.
pub const MAX_PLY: usize = 128;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 100;
/// The most principal variations a search reports.
pub const MAX_MULTI_PV: usize = 5;

/// How often (in nodes) the clock and the stop flag are read.
const CHECK_EVERY: u64 = 512;
const TABLE_MOVE: i32 = 1 << 30;
const TACTICAL: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// Captures that lose material by static exchange ([`Options::exchange`]) come after
/// every quiet move: `LOSING_CAPTURE` plus their (negative) exchange value.
const LOSING_CAPTURE: i32 = -(1 << 26);
/// Static exchange pruning: the deepest remaining depth, and the loss a ply beyond
/// which a capture is not searched there.
const SEE_PRUNE_DEPTH: i32 = 4;
const SEE_PRUNE_MARGIN: i32 = 120;
const HISTORY_MAX: i32 = 1 << 20;
/// The history's bound with gravity ([`Options::history_malus`]): a bonus `b` moves an
/// entry `h` by `b − h·|b|/GRAVITY_MAX`, so it stays within ±`GRAVITY_MAX` and recent
/// cut-offs weigh more than old ones.
const GRAVITY_MAX: i32 = 1 << 14;
/// Late-move reductions by history: one ply less (more) a `LMR_HISTORY` of history
/// above (below) zero.
const LMR_HISTORY: i32 = GRAVITY_MAX / 2;
/// The counter-move history's size: 128 arrival cells × 128 × 128 move cells.
const COUNTER_SLOTS: usize = 128 * 128 * 128;
/// Reverse futility pruning: the deepest remaining depth it is tried at, and its
/// margin a ply, in centipawns.
const RFP_DEPTH: i32 = 5;
const RFP_MARGIN: i32 = 90;
/// Futility pruning: the deepest remaining depth, and the margin `BASE + PER_PLY·depth`.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_BASE: i32 = 100;
const FUTILITY_PER_PLY: i32 = 100;
/// Late-move pruning: the deepest remaining depth; quiet moves after
/// `3 + depth²` searched are left out.
const LMP_DEPTH: i32 = 4;

/// Late-move reductions by depth and move number: `0.75 + ln(depth)·ln(moves)/2.25`
/// plies, rounded down (as Stockfish's and most engines' tables), worked out once.
fn reduction(depth: i32, searched: usize) -> i32 {
    static TABLE: std::sync::OnceLock<[[u8; 64]; 64]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
            }
        }
        t
    });
    i32::from(table[depth.clamp(0, 63) as usize][searched.min(63)])
}

/// A progress report: one for every line of each iteration once its lines are done,
/// best first (line 1 is always the best), and for the lines done when a search stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The deepest ply reached in this iteration, quiescence included.
    pub seldepth: u32,
    /// Which line, `1..=multipv`.
    pub multipv: usize,
    /// The line's score for the side to move.
    pub score: Score,
    /// Nodes so far in this search.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search began.
    pub time: Duration,
    /// The principal variation, from the root (at least one move).
    pub pv: Vec<M>,
}

/// One principal variation of a finished search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M> {
    /// Its score for the side to move.
    pub score: Score,
    /// Its moves from the root (at least one).
    pub pv: Vec<M>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play: the first move of the first line; `None` when the game is
    /// over (no legal move).
    pub best: Option<M>,
    /// The first line's score; for a finished game, its result (`Mate(0)` lost, `Cp(0)`
    /// drawn).
    pub score: Score,
    /// The deepest completed iteration (0 when not even depth 1 completed).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variations, best first (`multipv` of them, fewer when there
    /// are fewer legal moves).
    pub lines: Vec<Line<M>>,
}

/// Which of the search's techniques are on (all by default). Turning one off is for
/// measuring what it is worth (`orrery match --a level=8 --b level=8,lmr=off`), not for
/// play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Null-move pruning.
    pub null_move: bool,
    /// Null moves only where [`EngineGame::null_move_allowed`] (off: wherever the
    /// other conditions hold, for measuring the guard).
    pub null_move_guard: bool,
    /// Late-move reductions.
    pub late_move_reductions: bool,
    /// Aspiration windows around the last iteration's score.
    pub aspiration: bool,
    /// The one-ply extension of moves that give check or Target.
    pub check_extension: bool,
    /// Killer moves and the history of quiet cut-off moves in move ordering.
    pub killers_and_history: bool,
    /// The quiescence search at the horizon (off: the static evaluation there).
    pub quiescence: bool,
    /// Reverse futility pruning (the static null move): near the horizon, a position
    /// whose evaluation beats beta by a margin a ply is not searched.
    pub reverse_futility: bool,
    /// Futility pruning: near the horizon, quiet moves are not searched where the
    /// evaluation plus a margin cannot reach alpha.
    pub futility: bool,
    /// Late-move pruning: near the horizon, quiet moves late in the order are not
    /// searched.
    pub late_move_pruning: bool,
    /// Reductions by a table of depth × move number (off: one ply, two late and deep).
    pub reduction_table: bool,
    /// The transposition table read in quiescence too.
    pub quiescence_table: bool,
    /// The history with gravity, and a malus for the quiet moves searched before the
    /// one that cut off (off: a bonus of depth² only, capped).
    pub history_malus: bool,
    /// Late-move reductions one ply smaller or larger as the move's history is good or
    /// bad.
    pub reduction_history: bool,
    /// The counter-move history (a one-ply continuation history): quiet moves are
    /// ordered, rewarded and reduced by how they fared after the previous move's
    /// arrival cell too. Off by default: 60 games a game at 100 ms measured it at
    /// +40.7 ± 77.8 Elo in Triangular, −17.4 ± 73.8 in draughts and 0.0 ± 86.7 in
    /// Interstellar, so nothing is settled yet.
    pub counter_history: bool,
    /// Static exchange evaluation, where the game has one
    /// ([`EngineGame::static_exchange`]): the quiescence search leaves out captures
    /// that lose material, and the main search orders them after the quiet moves.
    pub exchange: bool,
    /// Near the horizon, captures that lose more than a margin a ply by static
    /// exchange are not searched.
    pub exchange_pruning: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            null_move: true,
            null_move_guard: true,
            late_move_reductions: true,
            aspiration: true,
            check_extension: true,
            killers_and_history: true,
            quiescence: true,
            reverse_futility: true,
            futility: true,
            late_move_pruning: true,
            reduction_table: true,
            quiescence_table: true,
            history_malus: true,
            reduction_history: true,
            // Not shown to gain yet (docs/engine.md, *The second step*): off until a
            // longer run decides.
            counter_history: false,
            exchange: true,
            exchange_pruning: true,
        }
    }
}

impl Options {
    /// The option names `orrery match` accepts, each with its field.
    pub const NAMES: [&'static str; 17] = [
        "nullmove",
        "nullguard",
        "lmr",
        "aspiration",
        "extension",
        "ordering",
        "quiescence",
        "rfp",
        "futility",
        "lmp",
        "lmrtable",
        "qtable",
        "histmalus",
        "lmrhist",
        "conthist",
        "see",
        "seeprune",
    ];

    /// Whether the option called `name` is on; `None` for an unknown name.
    pub fn get(&self, name: &str) -> Option<bool> {
        let mut copy = *self;
        copy.field(name).map(|f| *f)
    }

    /// Sets the option called `name` (one of [`Options::NAMES`]); `false` for an
    /// unknown name.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        match self.field(name) {
            Some(field) => {
                *field = on;
                true
            }
            None => false,
        }
    }

    fn field(&mut self, name: &str) -> Option<&mut bool> {
        let field = match name {
            "nullmove" => &mut self.null_move,
            "nullguard" => &mut self.null_move_guard,
            "lmr" => &mut self.late_move_reductions,
            "aspiration" => &mut self.aspiration,
            "extension" => &mut self.check_extension,
            "ordering" => &mut self.killers_and_history,
            "quiescence" => &mut self.quiescence,
            "rfp" => &mut self.reverse_futility,
            "futility" => &mut self.futility,
            "lmp" => &mut self.late_move_pruning,
            "lmrtable" => &mut self.reduction_table,
            "qtable" => &mut self.quiescence_table,
            "histmalus" => &mut self.history_malus,
            "lmrhist" => &mut self.reduction_history,
            "conthist" => &mut self.counter_history,
            "see" => &mut self.exchange,
            "seeprune" => &mut self.exchange_pruning,
            _ => return None,
        };
        Some(field)
    }
}

/// The engine for one game: its transposition table and move-ordering history, kept
/// from one search to the next (call [`Engine::clear`] for a new game).
pub struct Engine<G: EngineGame> {
    table: Table,
    history: Vec<i32>,
    /// The counter-move history: [`COUNTER_SLOTS`] entries, by the previous move's
    /// arrival cell and this move's cells.
    counter: Vec<i16>,
    /// The techniques in use.
    pub options: Options,
    _game: PhantomData<G>,
}

impl<G: EngineGame> Engine<G> {
    /// An engine with a transposition table of `hash_mb` MiB (at least 1).
    pub fn new(hash_mb: usize) -> Engine<G> {
        Engine {
            table: Table::new(hash_mb),
            history: vec![0; 2 * 128 * 128],
            counter: vec![0; COUNTER_SLOTS],
            options: Options::default(),
            _game: PhantomData,
        }
    }

    /// Forgets everything learnt (table and history), as for a new game.
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.fill(0);
        self.counter.fill(0);
    }

    /// Searches `pos` within `limits`, reporting each completed line of each iteration
    /// to `report` as it comes, until a limit is reached or `stop` is set.
    ///
    /// `history`: the Zobrist keys ([`Game::zobrist`](crate::core::Game::zobrist)) of
    /// the game's positions before `pos`, oldest first (a last key equal to `pos`'s is
    /// ignored), for repetitions.
    /// `multipv`: how many lines, clamped to `1..=`[`MAX_MULTI_PV`] and to the number
    /// of legal moves. With one thread and no time limit the result depends only on the
    /// arguments and the engine's state (a fresh engine: on the arguments alone).
    pub fn search(
        &mut self,
        pos: &G,
        history: &[u64],
        limits: &Limits,
        multipv: usize,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.table.new_search();
        for h in self.history.iter_mut() {
            *h /= 2;
        }
        for h in self.counter.iter_mut() {
            *h /= 2;
        }
        let mut root_moves = MoveList::new();
        pos.legal_moves(&mut root_moves);
        if root_moves.is_empty() {
            // The game is over: lost (the side that moved last won) or drawn.
            let score = match pos.outcome().and_then(G::winner) {
                None => Score::Cp(0),
                Some(_) => Score::Mate(0),
            };
            return SearchResult {
                best: None,
                score,
                depth: 0,
                seldepth: 0,
                nodes: 0,
                time: start.elapsed(),
                lines: Vec::new(),
            };
        }
        let multipv = multipv.clamp(1, MAX_MULTI_PV).min(root_moves.len());
        let budget = limits.budget(pos.side_to_move().index());
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 2);
        let past = match history.last() {
            Some(&last) if last == pos.zobrist() => &history[..history.len() - 1],
            _ => history,
        };
        let mut runs = Vec::with_capacity(past.len() + MAX_PLY + 2);
        for (i, &k) in past.iter().enumerate() {
            keys.push(k);
            runs.push(i as u32);
        }
        let root_run = pos.reversible_plies().unwrap_or(u32::MAX).min(past.len() as u32);
        keys.push(pos.zobrist());
        runs.push(root_run);

        let mut s = Searcher::<G> {
            table: &mut self.table,
            history: &mut self.history,
            counter: &mut self.counter,
            arrived: [0; MAX_PLY],
            killers: [[0; 2]; MAX_PLY],
            keys,
            runs,
            pv: vec![[None; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            nodes: 0,
            seldepth: 0,
            root_depth: 1,
            stopped: false,
            stop,
            start,
            hard: budget.map(|(_, hard)| hard),
            node_limit: limits.nodes.unwrap_or(u64::MAX).max(1),
            excluded: SmallVec::new(),
            options: self.options,
        };

        let mut lines: Vec<(i32, Vec<G::Move>)> = Vec::new();
        let mut completed = 0;
        let mut max_seldepth = 0;
        let mut previous = [0i32; MAX_MULTI_PV];
        for depth in 1..=max_depth {
            s.root_depth = depth as i32;
            s.seldepth = 0;
            s.excluded.clear();
            // The lines completed at this depth: score, moves, deepest ply reached.
            let mut done: Vec<(i32, Vec<G::Move>, u32)> = Vec::new();
            for previous in previous.iter_mut().take(multipv) {
                let score = s.aspiration(pos, depth as i32, *previous);
                if s.stopped {
                    break;
                }
                let pv = s.root_pv();
                let Some(&first) = pv.first() else { break };
                s.excluded.push(G::move_key(first));
                *previous = score;
                max_seldepth = max_seldepth.max(s.seldepth);
                done.push((score, pv, s.seldepth as u32));
            }
            // The lines completed at this depth, best first: a later line may score
            // above an earlier one (each is searched without the ones before it), and
            // line 1 is always the best.
            done.sort_by_key(|l| std::cmp::Reverse(l.0));
            let time = start.elapsed();
            for (index, (score, pv, seldepth)) in done.iter().enumerate() {
                report(&Report {
                    depth,
                    seldepth: *seldepth,
                    multipv: index + 1,
                    score: Score::from_internal(*score),
                    nodes: s.nodes,
                    nps: nps(s.nodes, time),
                    time,
                    pv: pv.clone(),
                });
            }
            let mut found: Vec<(i32, Vec<G::Move>)> = done.into_iter().map(|(score, pv, _)| (score, pv)).collect();
            if s.stopped {
                // Lines completed at this depth replace the older ones with the same
                // first move; the rest keep the last iteration's.
                if lines.is_empty() && found.is_empty() {
                    let partial = s.root_pv();
                    if !partial.is_empty() {
                        found.push((0, partial));
                    }
                }
                for old in lines.drain(..) {
                    if found.len() < multipv && !found.iter().any(|f| f.1.first() == old.1.first()) {
                        found.push(old);
                    }
                }
                lines = found;
                break;
            }
            // Every line's result proven within this depth: deeper changes nothing.
            let proven = found.iter().all(|l| is_mate(l.0) && MATE - l.0.abs() <= depth as i32);
            lines = found;
            completed = depth;
            if proven {
                break;
            }
            if let Some((soft, hard)) = budget
                && soft < hard
                && start.elapsed() >= soft / 2
            {
                break;
            }
        }
        if lines.is_empty() {
            lines.push((0, vec![root_moves[0]]));
        }
        let nodes = s.nodes;
        let time = start.elapsed();
        let lines: Vec<Line<G::Move>> =
            lines.into_iter().map(|(score, pv)| Line { score: Score::from_internal(score), pv }).collect();
        SearchResult {
            best: lines.first().and_then(|l| l.pv.first().copied()),
            score: lines.first().map_or(Score::Cp(0), |l| l.score),
            depth: completed,
            seldepth: max_seldepth as u32,
            nodes,
            time,
            lines,
        }
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

struct Searcher<'a, G: EngineGame> {
    table: &'a mut Table,
    history: &'a mut [i32],
    counter: &'a mut [i16],
    /// `arrived[ply]`: the arrival cell's slot + 1 of the move played at `ply` on the
    /// path searched (0 for a null move).
    arrived: [u16; MAX_PLY],
    killers: [[u32; 2]; MAX_PLY],
    /// Keys of the game's positions and of the path searched, the current one last.
    keys: Vec<u64>,
    /// For each of `keys`, the plies since the last irreversible move before it.
    runs: Vec<u32>,
    pv: Vec<[Option<G::Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    nodes: u64,
    seldepth: usize,
    root_depth: i32,
    stopped: bool,
    stop: &'a AtomicBool,
    start: Instant,
    hard: Option<Duration>,
    node_limit: u64,
    /// Root moves left out (the first moves of the lines already found, multi-PV).
    excluded: SmallVec<[u32; MAX_MULTI_PV]>,
    options: Options,
}

impl<G: EngineGame> Searcher<'_, G> {
    /// Counts a node; `true` once the search must stop.
    #[inline(always)]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        let out_of_time = || {
            self.nodes.is_multiple_of(CHECK_EVERY)
                && (self.stop.load(Ordering::Relaxed) || self.hard.is_some_and(|h| self.start.elapsed() >= h))
        };
        if self.nodes >= self.node_limit || out_of_time() {
            self.stopped = true;
        }
        self.stopped
    }

    fn root_pv(&self) -> Vec<G::Move> {
        self.pv[0][..self.pv_len[0]].iter().flatten().copied().collect()
    }

    /// The root searched in a window around `previous` (see the module docs).
    fn aspiration(&mut self, pos: &G, depth: i32, previous: i32) -> i32 {
        let mut delta = 25;
        let (mut alpha, mut beta) = if self.options.aspiration && depth >= 5 && !is_mate(previous) {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.negamax(pos, depth, alpha, beta, 0, false);
            if self.stopped {
                return score;
            }
            if score <= alpha && alpha > -INFINITY {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 800 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    #[inline(always)]
    fn push(&mut self, key: u64, irreversible: bool) {
        let run = if irreversible { 0 } else { self.runs.last().map_or(0, |r| r.saturating_add(1)) };
        self.keys.push(key);
        self.runs.push(run);
    }

    #[inline(always)]
    fn pop(&mut self) {
        self.keys.pop();
        self.runs.pop();
    }

    /// Whether the current position (the last key) occurred before since the last
    /// irreversible move, with the same side to move.
    #[inline]
    fn is_repetition(&self) -> bool {
        let n = self.keys.len();
        let Some(&run) = self.runs.last() else { return false };
        let key = self.keys[n - 1];
        let earliest = n - 1 - (run as usize).min(n - 1);
        let mut i = n - 1;
        while i >= earliest + 2 {
            i -= 2;
            if self.keys[i] == key {
                return true;
            }
        }
        false
    }

    /// The horizon's score without quiescence: the result of a finished game, else
    /// the static evaluation.
    fn static_score(&self, pos: &G, ply: usize) -> i32 {
        if pos.has_ended_without_moves() || pos.outcome().is_some() {
            return Self::terminal(pos, ply);
        }
        if pos.is_rule_draw() { 0 } else { pos.evaluate() }
    }

    /// The score of a position with no legal move: the game is over.
    fn terminal(pos: &G, ply: usize) -> i32 {
        match pos.outcome().and_then(G::winner) {
            None => 0,
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = if ply + 1 < MAX_PLY { self.pv_len[ply + 1] } else { 0 };
        head[ply][0] = Some(mv);
        if let Some(child) = tail.first() {
            let len = child_len.min(MAX_PLY - 1);
            head[ply][1..=len].copy_from_slice(&child[..len]);
            self.pv_len[ply] = len + 1;
        } else {
            self.pv_len[ply] = 1;
        }
    }

    #[inline]
    fn order(&self, pos: &G, mv: G::Move, table_move: u32, ply: usize) -> i32 {
        let key = G::move_key(mv);
        if key == table_move {
            return TABLE_MOVE;
        }
        if let Some(v) = pos.tactical_value(mv) {
            if self.options.exchange
                && let Some(x) = pos.static_exchange(mv)
                && x < 0
            {
                return LOSING_CAPTURE + x.max(-(1 << 20));
            }
            return TACTICAL + v.clamp(0, TACTICAL - 1);
        }
        if !self.options.killers_and_history {
            return 0;
        }
        if key == self.killers[ply][0] {
            return KILLER + 1;
        }
        if key == self.killers[ply][1] {
            return KILLER;
        }
        self.quiet_score(pos, mv, ply)
    }

    /// A quiet move's history: its own, plus its counter-move history when used.
    #[inline(always)]
    fn quiet_score(&self, pos: &G, mv: G::Move, ply: usize) -> i32 {
        let own = self.history[self.history_slot(pos, mv)];
        match self.counter_slot(ply, from_to::<G>(mv)) {
            Some(slot) => own + i32::from(self.counter[slot]),
            None => own,
        }
    }

    /// The counter-move history's entry for a move with `from_to` cells at `ply`
    /// (`None` at the root, after a null move or with the option off).
    #[inline(always)]
    fn counter_slot(&self, ply: usize, from_to: usize) -> Option<usize> {
        if !self.options.counter_history || ply == 0 {
            return None;
        }
        let arrived = self.arrived[ply - 1];
        (arrived != 0).then(|| (usize::from(arrived - 1) & 127) * 16384 + from_to)
    }

    /// Swaps the best-ordered move of `i..` into place `i`.
    #[inline(always)]
    fn pick(moves: &mut MoveList<G::Move>, scores: &mut [i32], i: usize) {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
    }

    fn negamax(&mut self, pos: &G, depth: i32, mut alpha: i32, mut beta: i32, ply: usize, null_ok: bool) -> i32 {
        if self.visit() {
            return 0;
        }
        self.pv_len[ply] = 0;
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if self.is_repetition() {
                return 0;
            }
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 2 {
            return pos.evaluate();
        }
        if depth <= 0 {
            if !self.options.quiescence {
                return self.static_score(pos, ply);
            }
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.seldepth = self.seldepth.max(ply);
        let key = pos.zobrist();
        let hit = self.table.probe(key);
        let table_move = hit.map_or(0, |h| h.mv);
        if let Some(h) = hit
            && ply > 0
            && !pv_node
            && h.depth >= depth
        {
            let score = from_table(h.score, ply);
            if h.bound.settles(score, alpha, beta) {
                return score;
            }
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return Self::terminal(pos, ply);
        }
        if ply > 0 && pos.is_rule_draw() {
            return 0;
        }
        let in_check = pos.is_in_check();
        // The static evaluation, once: for the pruning near the horizon and the null move.
        let eval = if in_check { -INFINITY } else { pos.evaluate() };

        // Reverse futility: so far above beta that a shallow search would not fall below.
        if self.options.reverse_futility
            && ply > 0
            && !pv_node
            && !in_check
            && depth <= RFP_DEPTH
            && beta.abs() < MATE_BOUND
            && eval - RFP_MARGIN * depth >= beta
        {
            return eval;
        }

        if null_ok
            && self.options.null_move
            && !pv_node
            && !in_check
            && depth >= 3
            && moves.len() >= 4
            && beta.abs() < MATE_BOUND
            && (!self.options.null_move_guard || pos.null_move_allowed())
            && eval >= beta
        {
            let r = 2 + depth / 6;
            let mut child = pos.clone();
            child.play_null();
            self.arrived[ply] = 0;
            self.push(child.zobrist(), true);
            let score = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }

        let mut scores: SmallVec<[i32; INLINE_MOVES]> =
            moves.iter().map(|&mv| self.order(pos, mv, table_move, ply)).collect();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_key = 0;
        let mut searched = 0;
        // The quiet moves searched so far (their history slots), for the malus when a
        // later one cuts off.
        let mut quiets_tried: SmallVec<[u16; 32]> = SmallVec::new();
        for i in 0..moves.len() {
            Self::pick(&mut moves, &mut scores, i);
            let mv = moves[i];
            let mv_key = G::move_key(mv);
            if ply == 0 && self.excluded.contains(&mv_key) {
                continue;
            }
            let tactical = scores[i] >= TACTICAL && scores[i] < TABLE_MOVE
                || ((scores[i] == TABLE_MOVE || scores[i] < LOSING_CAPTURE / 2) && pos.tactical_value(mv).is_some());
            // Near the horizon, a capture that loses much by static exchange is left out.
            if self.options.exchange_pruning
                && ply > 0
                && searched > 0
                && tactical
                && !pv_node
                && !in_check
                && depth <= SEE_PRUNE_DEPTH
                && best > -MATE_BOUND
                && pos.static_exchange(mv).is_some_and(|x| x < -SEE_PRUNE_MARGIN * depth)
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            let gives_check = child.is_in_check();
            let quiet = !tactical && scores[i] < KILLER;
            // Near the horizon, quiet moves that cannot matter are left out (never the
            // first, never in or into check, never while every move so far loses).
            if ply > 0 && searched > 0 && quiet && !pv_node && !in_check && !gives_check && best > -MATE_BOUND {
                if self.options.late_move_pruning && depth <= LMP_DEPTH && searched >= (3 + depth * depth) as usize {
                    continue;
                }
                if self.options.futility
                    && depth <= FUTILITY_DEPTH
                    && eval + FUTILITY_BASE + FUTILITY_PER_PLY * depth <= alpha
                {
                    continue;
                }
            }
            self.push(child.zobrist(), pos.is_irreversible(mv));
            self.arrived[ply] = u16::from(G::move_cells(mv).1.slot()) + 1;
            let extension =
                i32::from(self.options.check_extension && gives_check && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + extension;
            let score = if searched == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let reduction = if self.options.late_move_reductions
                    && !pv_node
                    && depth >= 3
                    && searched >= 3
                    && quiet
                    && !in_check
                    && !gives_check
                {
                    if self.options.reduction_table {
                        let mut r = reduction(depth, searched);
                        if self.options.reduction_history {
                            r -= self.quiet_score(pos, mv, ply) / LMR_HISTORY;
                        }
                        r.clamp(1, (new_depth - 1).max(1))
                    } else {
                        1 + i32::from(searched >= 8 && depth >= 6)
                    }
                } else {
                    0
                };
                let mut score = -self.negamax(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 && !self.stopped {
                    score = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
                score
            };
            self.pop();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_key = mv_key;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if !tactical {
                            self.reward(pos, mv, mv_key, depth, ply, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !tactical && quiets_tried.len() < quiets_tried.inline_size() {
                quiets_tried.push(self.history_slot(pos, mv) as u16);
            }
        }
        if searched == 0 {
            return alpha;
        }
        if ply > 0 || self.excluded.is_empty() {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let stored_move = if bound == Bound::Upper { 0 } else { best_key };
            self.table.store(key, stored_move, to_table(best, ply), depth, bound);
        }
        best
    }

    /// The history's entry for `mv` of the side to move in `pos`.
    #[inline(always)]
    fn history_slot(&self, pos: &G, mv: G::Move) -> usize {
        pos.side_to_move().index() * 16384 + from_to::<G>(mv)
    }

    /// A quiet move caused a cut-off: killer at `ply`; history bonus for it and, with
    /// [`Options::history_malus`], the same malus for the quiet moves `tried` before
    /// it (bonus `min(8·depth² + 16·depth, 2000)` with gravity; else `depth²`).
    fn reward(&mut self, pos: &G, mv: G::Move, key: u32, depth: i32, ply: usize, tried: &[u16]) {
        if self.killers[ply][0] != key {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = key;
        }
        let slot = self.history_slot(pos, mv);
        if !self.options.history_malus {
            let h = &mut self.history[slot];
            *h = (*h + depth * depth).min(HISTORY_MAX);
            return;
        }
        let bonus = (8 * depth * depth + 16 * depth).min(2000);
        let gravity = |h: &mut i32, b: i32| *h += b - *h * b.abs() / GRAVITY_MAX;
        gravity(&mut self.history[slot], bonus);
        for &other in tried {
            gravity(&mut self.history[usize::from(other)], -bonus);
        }
        let counter = |h: &mut i16, b: i32| {
            let mut wide = i32::from(*h);
            gravity(&mut wide, b);
            *h = wide.clamp(-GRAVITY_MAX, GRAVITY_MAX) as i16;
        };
        if let Some(slot) = self.counter_slot(ply, from_to::<G>(mv)) {
            counter(&mut self.counter[slot], bonus);
            for &other in tried {
                if let Some(slot) = self.counter_slot(ply, usize::from(other) & 16383) {
                    counter(&mut self.counter[slot], -bonus);
                }
            }
        }
    }

    fn quiesce(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        if self.visit() {
            return 0;
        }
        self.pv_len[ply] = 0;
        self.seldepth = self.seldepth.max(ply);
        let in_check = qply < 4 && pos.must_answer();
        let mut moves = MoveList::new();
        if in_check {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return Self::terminal(pos, ply);
            }
        } else if pos.has_ended_without_moves() {
            return Self::terminal(pos, ply);
        }
        if pos.is_rule_draw() {
            return 0;
        }
        if ply >= MAX_PLY - 2 {
            return pos.evaluate();
        }
        // What a search of this position found before, at any depth, settles it when
        // its bound allows.
        if self.options.quiescence_table
            && let Some(h) = self.table.probe(pos.zobrist())
        {
            let score = from_table(h.score, ply);
            if h.bound.settles(score, alpha, beta) {
                return score;
            }
        }
        let mut best = -INFINITY;
        if !in_check {
            let stand = pos.evaluate();
            if stand >= beta {
                return stand;
            }
            pos.tactical_moves(&mut moves);
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut scores: SmallVec<[i32; INLINE_MOVES]> = moves
            .iter()
            .map(|&mv| match pos.tactical_value(mv) {
                // A capture that loses material by static exchange cannot raise alpha.
                Some(_) if !in_check && self.options.exchange && pos.static_exchange(mv).is_some_and(|x| x < 0) => {
                    i32::MIN
                }
                Some(v) => TACTICAL + v.clamp(0, TACTICAL - 1),
                None if in_check => self.history[self.history_slot(pos, mv)],
                None => i32::MIN,
            })
            .collect();
        for i in 0..moves.len() {
            Self::pick(&mut moves, &mut scores, i);
            if scores[i] == i32::MIN {
                break;
            }
            let mv = moves[i];
            let mut child = pos.clone();
            child.play(mv);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
