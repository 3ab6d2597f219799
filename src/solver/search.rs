//! The search: every key of an "in N" stipulation, and the solution tree.
//!
//! A first move of the attacker is a **key** when, against every defence, the attacker
//! reaches the goal within the stipulated number of its own moves (the key counts as
//! the first; shorter wins count too, as in "mate in N"). Every first move is examined
//! to the end, so cooks (second keys) show. The search is a depth-first AND/OR search
//! over [`Game::legal_moves`] with:
//!
//! - no heap allocation inside the search (moves in [`MoveList`]s on the stack,
//!   positions copied by value);
//! - a transposition table keyed by [`Game::zobrist`] that stores, per position
//!   with the attacker to move, the fewest moves known to win and the most moves known
//!   not to win (both results carry over to larger and smaller budgets);
//! - killer moves per ply: the defence that last refuted and the attack that last won
//!   are tried first.
//!
//! The goal is judged right after each attacker move by [`SolverGame::goal_reached`];
//! any other end of the game (the attacker's move ends it another way, or the defender
//! wins, draws or has no move) fails the line, and so does a draw at once by a count
//! the position carries ([`SolverGame::drawn`]: draughts' 25-move rule), after either
//! side's move, and a draw the defender may claim when it is to move
//! ([`SolverGame::claimable`]: Triangular's fifty-move rule). The table's key includes
//! that count ([`SolverGame::count_key`]).
//!
//! Repetition (draughts' third repetition draws at once, Triangular's may be claimed)
//! never changes a key, so the search does not track it. The solver starts from a
//! position with no history, and a draw only ever fails the attacker's line. Take `d(P)`,
//! the fewest moves that force the goal from `P`; after a key, a strategy that always
//! plays a move reaching the goal in `d` makes `d` fall with each of its moves. A
//! position that comes back has had no capture and no man's or pawn's step in between,
//! so its count is higher and its `d` no lower (a count nearer its draw only takes wins
//! away) — yet `d` must have fallen. So within the strategy no position comes back; only
//! the start, which lies before it, may come back once. No position stands three times
//! on any line, and every key keeps a winning strategy without a repetition draw.
//!
//! [`Game::legal_moves`]: crate::core::Game::legal_moves
//! [`Game::zobrist`]: crate::core::Game::zobrist

use std::marker::PhantomData;
use std::time::Instant;

use super::control::SolveControl;
use super::game::SolverGame;
use super::solution::{AttackNode, DefenceNode, NamedMove, Solution, Try};
use super::stipulation::{Goal, Stipulation, StipulationError};
use crate::core::moves::MoveList;

/// What to compute besides the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Build the solution tree (threats, every defence, every reply that still forces
    /// the goal) for each key. Costs little next to the search for the keys.
    pub tree: bool,
    /// The transposition table holds at most `2^table_bits` entries of 16 bytes (20:
    /// 16 MiB; clamped to 10..=26); a stipulation in `N` moves uses at most
    /// `2^(12 + 4N)`.
    pub table_bits: u32,
    /// Find the tries: the first moves that are not keys but fail to one defence only
    /// (its refutation). Costs a search of every defence of every first move.
    pub tries: bool,
}

impl Default for SolveOptions {
    /// With the tree, a table of 2^20 entries (16 MiB), without the tries.
    fn default() -> Self {
        SolveOptions { tree: true, table_bits: 20, tries: false }
    }
}

/// Why a solve gave no result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The stipulation does not fit the game (e.g. mate in Interstellar).
    #[error(transparent)]
    Stipulation(#[from] StipulationError),
    /// [`SolveControl::cancel`] was called.
    #[error("the solve was cancelled")]
    Cancelled,
    /// The puzzle shows a finished position (a goal already reached): nothing to solve.
    #[error("the puzzle shows a finished position ({0} reached); there is nothing to solve")]
    NothingToSolve(Goal),
}

/// How many nodes pass between progress updates and cancellation checks.
const FLUSH_EVERY: u64 = 4096;
/// Killer slots: plies deeper than this share the last slot.
const MAX_PLY: usize = 64;

struct Searcher<'c, G: SolverGame> {
    goal: Goal,
    nodes: u64,
    unflushed: u64,
    /// Pairs `[hash, data]`; data: bits 0..8 the fewest moves known to win (0: none
    /// known), bits 8..16 the most moves known not to win.
    table: Vec<u64>,
    mask: usize,
    attack_killers: [Option<G::Move>; MAX_PLY],
    defence_killers: [Option<G::Move>; MAX_PLY],
    control: &'c SolveControl,
    stopped: bool,
    _game: PhantomData<G>,
}

impl<'c, G: SolverGame> Searcher<'c, G> {
    fn new(goal: Goal, table_bits: u32, control: &'c SolveControl) -> Self {
        let entries = 1usize << table_bits.clamp(10, 26);
        Searcher {
            goal,
            nodes: 0,
            unflushed: 0,
            table: vec![0u64; 2 * entries],
            mask: entries - 1,
            attack_killers: [None; MAX_PLY],
            defence_killers: [None; MAX_PLY],
            control,
            stopped: control.is_cancelled(),
            _game: PhantomData,
        }
    }

    /// Counts a node; `false` once cancelled.
    #[inline(always)]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= FLUSH_EVERY {
            self.flush();
        }
        !self.stopped
    }

    fn flush(&mut self) {
        self.control.progress().add_nodes(self.unflushed);
        self.unflushed = 0;
        if self.control.is_cancelled() {
            self.stopped = true;
        }
    }

    #[inline(always)]
    fn probe(&self, hash: u64, n: u32) -> Option<bool> {
        let i = (hash as usize & self.mask) * 2;
        if self.table[i] != hash {
            return None;
        }
        let data = self.table[i + 1];
        let win = (data & 0xFF) as u32;
        let lose = ((data >> 8) & 0xFF) as u32;
        if win != 0 && win <= n {
            Some(true)
        } else if lose >= n {
            Some(false)
        } else {
            None
        }
    }

    #[inline(always)]
    fn store(&mut self, hash: u64, n: u32, won: bool) {
        let i = (hash as usize & self.mask) * 2;
        let mut data = if self.table[i] == hash { self.table[i + 1] } else { 0 };
        let n = u64::from(n.min(255));
        if won {
            let win = data & 0xFF;
            if win == 0 || n < win {
                data = (data & !0xFF) | n;
            }
        } else if n > (data >> 8) & 0xFF {
            data = (data & !0xFF00) | (n << 8);
        }
        self.table[i] = hash;
        self.table[i + 1] = data;
    }

    /// The attacker to move in `pos`: can it force the goal within `n ≥ 1` moves?
    fn attack(&mut self, pos: &G, n: u32, ply: usize) -> bool {
        // The defender's move drew the game (the 25-move rule): nothing wins from here.
        if pos.drawn() {
            return false;
        }
        let hash = pos.zobrist() ^ pos.count_key();
        if let Some(known) = self.probe(hash, n) {
            return known;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let slot = ply.min(MAX_PLY - 1);
        if let Some(k) = self.attack_killers[slot]
            && let Some(at) = moves.iter().position(|&m| m == k)
        {
            moves.swap(0, at);
        }
        let mut won = false;
        for &m in &moves {
            let mut child = pos.clone();
            child.play(m);
            if !self.visit() {
                return false;
            }
            if self.after_attack(&child, n, ply + 1) {
                won = true;
                self.attack_killers[slot] = Some(m);
                break;
            }
        }
        if self.stopped {
            return false;
        }
        self.store(hash, n, won);
        won
    }

    /// `pos` is the position just after an attacker move that used one of its `n`
    /// moves: is the goal reached, or forced against every defence in the `n − 1` left?
    fn after_attack(&mut self, pos: &G, n: u32, ply: usize) -> bool {
        if pos.goal_reached(self.goal) {
            return true;
        }
        // The attacker's move drew the game at once (and left the defender a move), or
        // the defender may claim a draw and does.
        if n <= 1 || pos.drawn() || pos.claimable() {
            return false;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            // The game is over without the goal (another ending), or the defender
            // cannot move: the line fails.
            return false;
        }
        let slot = ply.min(MAX_PLY - 1);
        if let Some(k) = self.defence_killers[slot]
            && let Some(at) = moves.iter().position(|&m| m == k)
        {
            moves.swap(0, at);
        }
        for &d in &moves {
            let mut child = pos.clone();
            child.play(d);
            if !self.visit() {
                return false;
            }
            if !self.attack(&child, n - 1, ply + 1) {
                self.defence_killers[slot] = Some(d);
                return false;
            }
        }
        true
    }

    /// `pos` is the position just after an attacker move (not a key) that used one of
    /// its `n ≥ 2` moves: the one defence that stops the goal in the `n − 1` left, when
    /// exactly one does (the move is a try and that defence its refutation).
    fn only_refutation(&mut self, pos: &G, n: u32) -> Option<G::Move> {
        if pos.goal_reached(self.goal) || n < 2 || pos.drawn() || pos.claimable() {
            return None;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut refutation = None;
        for &d in &moves {
            let mut child = pos.clone();
            child.play(d);
            if !self.visit() {
                return None;
            }
            if !self.attack(&child, n - 1, 2) {
                if refutation.is_some() {
                    return None;
                }
                refutation = Some(d);
            }
        }
        refutation
    }

    /// The shortest `k ≤ n` with which the position after an attacker move forces the
    /// goal, if any.
    fn length(&mut self, after: &G, n: u32, ply: usize) -> Option<u32> {
        (1..=n).find(|&k| self.after_attack(after, k, ply))
    }

    /// The solution-tree node of attacker move `mv` from `pos`, which forces the goal in
    /// `n` moves. `None` when cancelled.
    fn build_attack(&mut self, pos: &G, mv: G::Move, n: u32, ply: usize) -> Option<AttackNode<G::Move>> {
        let notation = pos.notation(mv);
        let mut after = pos.clone();
        after.play(mv);
        self.visit();
        let length = self.length(&after, n, ply + 1).unwrap_or(n);
        let reached = after.goal_reached(self.goal);
        let mut node = AttackNode {
            mv: NamedMove { mv, notation },
            length,
            reached,
            threats: Vec::new(),
            threat_length: 0,
            defences: Vec::new(),
        };
        if reached || self.stopped {
            return (!self.stopped).then_some(node);
        }
        if let Some(passed) = after.passed() {
            let mut moves = MoveList::new();
            passed.legal_moves(&mut moves);
            for k in 1..n {
                for &t in &moves {
                    let mut child = passed.clone();
                    child.play(t);
                    self.visit();
                    if self.after_attack(&child, k, ply + 2) {
                        node.threats.push(NamedMove { mv: t, notation: passed.notation(t) });
                    }
                }
                if !node.threats.is_empty() {
                    node.threat_length = k;
                    break;
                }
            }
        }
        let mut defences = MoveList::new();
        after.legal_moves(&mut defences);
        for &d in &defences {
            let mut reply_pos = after.clone();
            reply_pos.play(d);
            self.visit();
            let mut replies = MoveList::new();
            reply_pos.legal_moves(&mut replies);
            let mut defence = DefenceNode { mv: NamedMove { mv: d, notation: after.notation(d) }, replies: Vec::new() };
            // Only the shortest replies: a longer way to the goal when a shorter one
            // exists is no part of the solution (equally short ones are duals).
            let mut forcing: Vec<(G::Move, u32)> = Vec::new();
            for &r in &replies {
                let mut child = reply_pos.clone();
                child.play(r);
                self.visit();
                if let Some(k) = self.length(&child, n - 1, ply + 2) {
                    forcing.push((r, k));
                }
            }
            let shortest = forcing.iter().map(|&(_, k)| k).min().unwrap_or(0);
            for &(r, k) in &forcing {
                if k == shortest {
                    defence.replies.push(self.build_attack(&reply_pos, r, n - 1, ply + 1)?);
                }
            }
            if self.stopped {
                return None;
            }
            node.defences.push(defence);
        }
        node.defences.sort_by_key(|d| std::cmp::Reverse(d.resistance()));
        (!self.stopped).then_some(node)
    }
}

/// Solves `start` (the attacker to move) for `stipulation`: every key, and the solution
/// tree when `options.tree` is set. Progress goes to `control.progress()`; the solve
/// stops soon after `control.cancel()`.
///
/// # Errors
/// [`SolveError::Stipulation`] when the goal does not exist in the game;
/// [`SolveError::Cancelled`] when cancelled.
pub fn solve<G: SolverGame>(
    start: &G,
    stipulation: Stipulation,
    options: &SolveOptions,
    control: &SolveControl,
) -> Result<Solution<G>, SolveError> {
    stipulation.check_variant(G::VARIANT)?;
    let clock = Instant::now();
    let n = stipulation.moves;
    // A short stipulation visits few positions: a smaller table is quicker to set up.
    let bits = options.table_bits.min(12 + 4 * n);
    let mut searcher: Searcher<'_, G> = Searcher::new(stipulation.goal, bits, control);
    let mut moves = MoveList::new();
    // A game already drawn (the count at its limit) has no first move to win with.
    if !start.drawn() {
        start.legal_moves(&mut moves);
    }
    let total = moves.len() as u32;
    let progress = control.progress();
    progress.set_tried(0, total);
    let mut keys = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let notation = start.notation(m);
        progress.set_current(&notation);
        let mut after = start.clone();
        after.play(m);
        searcher.visit();
        if searcher.after_attack(&after, n, 1) {
            keys.push(NamedMove { mv: m, notation });
        }
        if searcher.stopped {
            searcher.flush();
            return Err(SolveError::Cancelled);
        }
        progress.set_tried(i as u32 + 1, total);
    }
    progress.set_current("");
    let mut tries = Vec::new();
    if options.tries && n >= 2 {
        for &m in &moves {
            if keys.iter().any(|k| k.mv == m) {
                continue;
            }
            let mut after = start.clone();
            after.play(m);
            if let Some(refutation) = searcher.only_refutation(&after, n) {
                let refutation = NamedMove { mv: refutation, notation: after.notation(refutation) };
                tries.push(Try { mv: NamedMove { mv: m, notation: start.notation(m) }, refutation });
            }
            if searcher.stopped {
                searcher.flush();
                return Err(SolveError::Cancelled);
            }
        }
    }
    let mut tree = Vec::new();
    if options.tree {
        for key in &keys {
            match searcher.build_attack(start, key.mv, n, 0) {
                Some(node) => tree.push(node),
                None => {
                    searcher.flush();
                    return Err(SolveError::Cancelled);
                }
            }
        }
    }
    searcher.flush();
    if searcher.stopped {
        return Err(SolveError::Cancelled);
    }
    Ok(Solution {
        start: start.clone(),
        stipulation,
        keys,
        tree,
        tries,
        first_moves: moves.len(),
        nodes: searcher.nodes,
        elapsed: clock.elapsed(),
    })
}
