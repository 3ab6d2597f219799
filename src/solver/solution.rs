//! What a solve finds: the keys with their notation, the solution tree
//! ([`AttackNode`], [`DefenceNode`]), the [`Solution`] of one game, its text
//! ([`Solution::tree_text`]) and its puzzle record ([`solution_record`]).

use std::time::Duration;

use super::stipulation::Stipulation;
use crate::core::game::Game;
use crate::record::{GameRecord, GameResult, NodeId};

/// A move with its text in the game's notation (written in the position before it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedMove<M> {
    /// The move.
    pub mv: M,
    /// Its notation, with suffix (`PQ-34 out`, `Qd5l#`).
    pub notation: String,
}

/// A try: a first move that is not a key because exactly one defence stops it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Try<M> {
    /// The first move.
    pub mv: NamedMove<M>,
    /// The one defence that refutes it.
    pub refutation: NamedMove<M>,
}

/// An attacker move of the solution (a key, or a reply to a defence) with what follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackNode<M> {
    /// The move and its notation.
    pub mv: NamedMove<M>,
    /// The fewest attacker moves, this one included, with which it forces the goal.
    pub length: u32,
    /// Whether this move reaches the goal at once (then there is nothing below).
    pub reached: bool,
    /// What the attacker threatens after this move: the attacker moves that would
    /// force the goal in [`AttackNode::threat_length`] moves if the defender could
    /// pass, for the shortest such length. Empty when the move gives Target or check
    /// (no pass is possible), when it reaches the goal, or when there is no threat.
    pub threats: Vec<NamedMove<M>>,
    /// The length of the threats (0 when there are none).
    pub threat_length: u32,
    /// Every legal defence, the longest-resisting first, each with the attacker's
    /// replies that still force the goal in the moves left.
    pub defences: Vec<DefenceNode<M>>,
}

/// A defence of the solution tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefenceNode<M> {
    /// The move and its notation.
    pub mv: NamedMove<M>,
    /// The attacker replies that still force the goal in the moves left, in the
    /// fewest moves possible: a longer way when a shorter exists is left out; more
    /// than one reply are duals.
    pub replies: Vec<AttackNode<M>>,
}

impl<M> DefenceNode<M> {
    /// How many more attacker moves the defence holds out for: the shortest reply's
    /// length.
    pub fn resistance(&self) -> u32 {
        self.replies.iter().map(|r| r.length).min().unwrap_or(0)
    }
}

/// The result of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<G: Game> {
    /// The position solved (the attacker to move).
    pub start: G,
    /// The stipulation.
    pub stipulation: Stipulation,
    /// Every key, in move-generation order, with its notation.
    pub keys: Vec<NamedMove<G::Move>>,
    /// The solution tree, one node per key in the order of [`Solution::keys`]; empty
    /// when [`SolveOptions::tree`](super::SolveOptions::tree) was off.
    pub tree: Vec<AttackNode<G::Move>>,
    /// The tries, when [`SolveOptions::tries`](super::SolveOptions::tries) was on:
    /// each first move that fails to exactly one defence, with that refutation.
    pub tries: Vec<Try<G::Move>>,
    /// The attacker's legal first moves examined.
    pub first_moves: usize,
    /// Positions visited (each move played counts one), tree building included.
    pub nodes: u64,
    /// Wall-clock time of the whole solve.
    pub elapsed: Duration,
}

impl<G: Game> Solution<G> {
    /// Whether there is exactly one key.
    pub fn is_unique(&self) -> bool {
        self.keys.len() == 1
    }

    /// Nodes per second over the whole solve.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The solution tree as indented text, one move a line: the key (`1. PQ-44!`), its
    /// threat, each defence (`1... P-15`) and below it the replies that still force the
    /// goal in the fewest moves, recursively. Moves are numbered from the puzzle's first move.
    pub fn tree_text(&self) -> String {
        let mut out = String::new();
        for key in &self.tree {
            write_attack(&mut out, key, 1, 0, true);
        }
        out
    }
}

fn write_attack<M>(out: &mut String, node: &AttackNode<M>, number: u32, indent: usize, key: bool) {
    let pad = "   ".repeat(indent);
    let mark = if key { "!" } else { "" };
    out.push_str(&format!("{pad}{number}. {}{mark}\n", node.mv.notation));
    if !node.threats.is_empty() {
        let threats: Vec<String> = node.threats.iter().map(|t| format!("{}. {}", number + 1, t.notation)).collect();
        out.push_str(&format!("{pad}   threat: {}\n", threats.join(", ")));
    }
    for d in &node.defences {
        out.push_str(&format!("{pad}   {number}... {}\n", d.mv.notation));
        for r in &d.replies {
            write_attack(out, r, number + 1, indent + 2, false);
        }
    }
}

/// Builds the puzzle record of a solve: the start position as a set-up position, the
/// `Stipulation` tag, the keys (the first as the main line) and below each the solution
/// tree as variations (main line: the longest-resisting defence and its shortest
/// reply), the threat as a comment after the key. The result token is the attacker's
/// win when there is a key. Add `Title`, `Author`, `Source` with
/// [`Tags::set`](crate::record::Tags::set).
pub fn solution_record<G: Game>(solution: &Solution<G>) -> GameRecord<G> {
    let mut record = GameRecord::from_position(solution.start.clone());
    record.set_up = true;
    record.tags.set("Stipulation", &solution.stipulation.to_string());
    if !solution.keys.is_empty() {
        record.result = if solution.start.is_first_player_to_move() {
            GameResult::FirstPlayerWins
        } else {
            GameResult::SecondPlayerWins
        };
    }
    if solution.tree.is_empty() {
        for key in &solution.keys {
            record.add_move(NodeId::ROOT, key.mv);
        }
    } else {
        for key in &solution.tree {
            add_attack(&mut record, NodeId::ROOT, key, 1);
        }
    }
    record
}

fn add_attack<G: Game>(record: &mut GameRecord<G>, at: NodeId, node: &AttackNode<G::Move>, number: u32) {
    let id = record.add_move(at, node.mv.mv);
    if !node.threats.is_empty() {
        let threats: Vec<String> = node.threats.iter().map(|t| format!("{}. {}", number + 1, t.notation)).collect();
        record.tree.set_comment_after(id, &format!("threat: {}", threats.join(", ")));
    }
    for d in &node.defences {
        let did = record.add_move(id, d.mv.mv);
        for r in &d.replies {
            add_attack(record, did, r, number + 1);
        }
    }
}
