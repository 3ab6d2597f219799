//! The game report (`docs/app.md` *Game report*): the engine over every position of
//! the main line on background threads ([`analyse_positions`], with progress and a cancel flag), and
//! what it writes into the record ([`annotate`]): `[%eval]` after each move, `?!` / `?`
//! / `??` by how much the mover's winning chances dropped ([`judge`]), and the better
//! line as a variation with a short comment. [`summary`] and [`graph`] read the
//! record's evaluations and NAGs back, so a report saved in a file shows again when it
//! is opened. No egui here.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::engine::{Engine, EngineGame, Limits, Score};
use crate::record::annotations::{EvalText, command_value, with_command};
use crate::record::{GameRecord, Nag, NodeId};

/// The nodes searched per position by default (about a fifth of a second each).
pub const DEFAULT_NODES: u64 = 150_000;
/// The longest better line written as a variation, in plies.
pub const LINE_PLIES: usize = 8;

/// The mover's share of the winning chances a score (for the side to move) gives:
/// `1 / (1 + e^(−0.00368208·cp))`, as lichess computes winning chances; a forced win
/// is 1, a forced loss 0. The evaluation bar shows the same share.
pub fn winning_share(score: Score) -> f32 {
    match score {
        Score::Cp(cp) => (1.0 / (1.0 + (-0.003_682_08 * f64::from(cp.clamp(-5000, 5000))).exp())) as f32,
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// `?!`: the mover's share dropped by at least [`THRESHOLDS`]`[0]`.
    Inaccuracy,
    /// `?`: by at least [`THRESHOLDS`]`[1]`.
    Mistake,
    /// `??`: by at least [`THRESHOLDS`]`[2]`.
    Blunder,
}

/// The drops in the mover's winning share that make an inaccuracy, a mistake and a
/// blunder (lichess's 0.1 / 0.2 / 0.3 on its −1…1 scale of winning chances).
pub const THRESHOLDS: [f32; 3] = [0.05, 0.10, 0.15];

impl Judgement {
    /// Its NAG: `?!` 6, `?` 2, `??` 4.
    pub fn nag(self) -> Nag {
        Nag(match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        })
    }

    /// The judgement a NAG stands for, if it is one of the three.
    pub fn of_nag(nag: Nag) -> Option<Judgement> {
        match nag.0 {
            6 => Some(Judgement::Inaccuracy),
            2 => Some(Judgement::Mistake),
            4 => Some(Judgement::Blunder),
            _ => None,
        }
    }

    /// `Inaccuracy`, `Mistake`, `Blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// The judgement of a move that took the mover's winning share from `before` to
/// `after` (both 0–1), or `None` for a drop under [`THRESHOLDS`]`[0]`.
pub fn judge(before: f32, after: f32) -> Option<Judgement> {
    let drop = before - after;
    if drop >= THRESHOLDS[2] {
        Some(Judgement::Blunder)
    } else if drop >= THRESHOLDS[1] {
        Some(Judgement::Mistake)
    } else if drop >= THRESHOLDS[0] {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// The engine's view of one position: its score for the side to move and best line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval<M> {
    /// The score for the side to move (`Mate(0)` lost, `Cp(0)` drawn when over).
    pub score: Score,
    /// The best line (empty when the game is over there).
    pub pv: Vec<M>,
    /// The best score of each completed iteration: `by_depth[d - 1]` at depth `d`
    /// (empty when the game is over there).
    pub by_depth: Vec<Score>,
}

impl<M> PositionEval<M> {
    /// The score as `[%eval]` and the graph show it: the mean of the last two
    /// iterations, which cancels the swing between odd and even depths (the side to
    /// move at the search's leaves gains a tempo); the deepest when either is a forced
    /// result.
    pub fn shown_score(&self) -> Score {
        match self.by_depth.as_slice() {
            [.., Score::Cp(a), Score::Cp(b)] => Score::Cp((a + b) / 2),
            _ => self.score,
        }
    }
}

/// The positions of a record's main line, each with the Zobrist keys before it: what a
/// report analyses. The first is the start; the last the end of the main line.
pub fn main_line_positions<G: EngineGame>(record: &GameRecord<G>) -> Vec<(G, Vec<u64>)> {
    let mut pos = record.start.clone();
    let mut keys = Vec::new();
    let mut out = vec![(pos.clone(), keys.clone())];
    for id in record.tree.main_line_from(NodeId::ROOT) {
        let Some(mv) = record.tree.node(id).mv else { break };
        keys.push(pos.zobrist());
        pos.play(mv);
        out.push((pos.clone(), keys.clone()));
    }
    out
}

/// Analyses `positions` (from [`main_line_positions`]), `nodes` per position, on
/// `workers` threads of its own (each with its own engine and a 16 MiB table), and
/// returns when all are done: every position's evaluation, in order, or `None` when
/// `cancel` was set first. `analysed(done, total)` is called from a worker thread each
/// time a position is analysed (the app shows progress with it).
pub fn analyse_positions<G: EngineGame + Send + Sync>(
    positions: &[(G, Vec<u64>)],
    nodes: u64,
    workers: usize,
    cancel: &AtomicBool,
    analysed: &(dyn Fn(usize, usize) + Sync),
) -> Option<Vec<PositionEval<G::Move>>>
where
    G::Move: Send,
{
    let total = positions.len();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<PositionEval<G::Move>>>> = Mutex::new(vec![None; total]);
    std::thread::scope(|scope| {
        for _ in 0..workers.clamp(1, total.max(1)) {
            scope.spawn(|| {
                let mut engine = Engine::<G>::new(16);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total || cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let (pos, history) = &positions[i];
                    let mut by_depth = Vec::new();
                    let result = engine.search(pos, history, &Limits::nodes(nodes), 1, cancel, &mut |r| {
                        if r.multipv == 1 {
                            by_depth.truncate(r.depth.saturating_sub(1) as usize);
                            by_depth.push(r.score);
                        }
                    });
                    if cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    // Only completed iterations count.
                    by_depth.truncate(result.depth as usize);
                    let pv = result.lines.first().map(|l| l.pv.clone()).unwrap_or_default();
                    results.lock().unwrap_or_else(PoisonError::into_inner)[i] =
                        Some(PositionEval { score: result.score, pv, by_depth });
                    analysed(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                }
            });
        }
    });
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    results.into_inner().unwrap_or_else(PoisonError::into_inner).into_iter().collect()
}

/// A score for the side to move as the first player's `[%eval]`, or `None` for a
/// finished game (`Mate(0)`: the result says it).
fn eval_text(score: Score, first_to_move: bool) -> Option<EvalText> {
    let sign = if first_to_move { 1 } else { -1 };
    match score {
        Score::Mate(0) => None,
        Score::Mate(n) => Some(EvalText::Mate(n * sign)),
        Score::Cp(cp) => Some(EvalText::Cp(cp * sign)),
    }
}

/// Writes a report into `record`'s main line: `evals[i]` is the evaluation of the
/// `i`-th position of [`main_line_positions`]. Each move gets `[%eval]` (the score
/// after it, from the first player's view); a move whose mover's share dropped enough
/// gets its NAG (unless it has a move NAG already) and a comment (`Mistake: PQ-33 was
/// best (54 % to 31 %).`), and the engine's line from the position before it is added as
/// a variation (at most [`LINE_PLIES`] plies). Running it again replaces its earlier
/// comments rather than adding to them. Returns how many moves were judged.
pub fn annotate<G: EngineGame>(record: &mut GameRecord<G>, evals: &[PositionEval<G::Move>]) -> usize {
    let nodes = record.tree.main_line_from(NodeId::ROOT);
    // The start position's evaluation, so the graph and the first move's loss have it.
    if let Some(start) = evals.first() {
        let text = eval_text(start.shown_score(), record.start.is_first_player_to_move()).map(|e| e.to_string());
        let comment = with_command(&record.tree.node(NodeId::ROOT).comment_after, "eval", text.as_deref());
        record.tree.set_comment_after(NodeId::ROOT, &comment);
    }
    let mut pos = record.start.clone();
    let mut judged = 0;
    for (i, &node) in nodes.iter().enumerate() {
        let (Some(before), Some(after), Some(mv)) = (evals.get(i), evals.get(i + 1), record.tree.node(node).mv) else {
            break;
        };
        let parent = record.tree.node(node).parent.unwrap_or(NodeId::ROOT);
        let notation_best = before.pv.first().map(|&b| pos.notation(b));
        let mut next = pos.clone();
        next.play(mv);
        let old = &record.tree.node(node).comment_after;
        let mut comment = remove_report_sentence(old);
        if comment != *old {
            // An earlier report's sentence: its mark goes with it, to be judged again.
            record.tree.node_mut(node).nags.retain(|&n| Judgement::of_nag(n).is_none());
        }
        comment = with_command(
            &comment,
            "eval",
            eval_text(after.shown_score(), next.is_first_player_to_move()).map(|e| e.to_string()).as_deref(),
        );
        let share_before = winning_share(before.shown_score());
        let share_after = 1.0 - winning_share(after.shown_score());
        // The engine's own choice is never marked, nor a move its annotator judged.
        let skip = before.pv.first() == Some(&mv) || record.tree.node(node).nags.iter().any(|n| (1..=6).contains(&n.0));
        if let (Some(judgement), false, Some(best)) = (judge(share_before, share_after), skip, &notation_best) {
            judged += 1;
            record.tree.node_mut(node).nags.push(judgement.nag());
            let sentence = format!(
                "{}: {best} was best ({:.0} % to {:.0} %).",
                judgement.name(),
                share_before * 100.0,
                share_after * 100.0
            );
            comment = if comment.is_empty() { sentence } else { format!("{sentence} {comment}") };
            // The engine's line as a variation from the position before the move.
            let mut at = parent;
            let mut p = pos.clone();
            for &m in before.pv.iter().take(LINE_PLIES) {
                at = record.tree.add_move(at, m);
                p.play(m);
            }
        }
        record.tree.set_comment_after(node, &comment);
        pos = next;
    }
    judged
}

/// `comment` without a sentence an earlier report wrote (`Mistake: … was best (… %).`).
fn remove_report_sentence(comment: &str) -> String {
    for name in ["Inaccuracy: ", "Mistake: ", "Blunder: "] {
        if let Some(start) = comment.find(name)
            && let Some(len) = comment[start..].find(" %).")
        {
            let end = start + len + " %).".len();
            let rest = format!("{}{}", &comment[..start], &comment[end..]);
            return rest.split_whitespace().collect::<Vec<_>>().join(" ");
        }
    }
    comment.to_string()
}

/// One point of the evaluation graph: a move of the main line and the first player's
/// winning share after it.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphPoint {
    /// The move.
    pub node: NodeId,
    /// The first player's share after it (0–1).
    pub share: f32,
    /// Its judgement (from its NAGs).
    pub judgement: Option<Judgement>,
    /// The move as the graph's tooltip writes it: `12. PQ-33 +0.35`.
    pub label: String,
}

/// The graph of a record's main line: a point for every move with an `[%eval]` (and
/// the last move when it ended the game, from the result). Empty when the record has no
/// evaluations.
pub fn graph<G: EngineGame>(record: &GameRecord<G>) -> Vec<GraphPoint> {
    let mut points = Vec::new();
    let mut pos = record.start.clone();
    let first = G::opening().side_to_move();
    let start = command_value(&record.tree.node(NodeId::ROOT).comment_after, "eval").and_then(EvalText::parse);
    if let Some(eval) = start {
        let score = match eval {
            EvalText::Cp(cp) => Score::Cp(cp),
            EvalText::Mate(n) => Score::Mate(n),
        };
        points.push(GraphPoint {
            node: NodeId::ROOT,
            share: winning_share(score),
            judgement: None,
            label: format!("Start {eval}"),
        });
    }
    for (ply, id) in record.tree.main_line_from(NodeId::ROOT).into_iter().enumerate() {
        let node = record.tree.node(id);
        let Some(mv) = node.mv else { break };
        let text = pos.notation(mv);
        pos.play(mv);
        let eval = command_value(&node.comment_after, "eval").and_then(EvalText::parse);
        let share = match (eval, pos.outcome()) {
            (Some(EvalText::Cp(cp)), _) => winning_share(Score::Cp(cp)),
            (Some(EvalText::Mate(n)), _) => winning_share(Score::Mate(n)),
            (None, Some(outcome)) if !points.is_empty() => match G::winner(outcome) {
                Some(w) if w == first => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            _ => continue,
        };
        let (number, first_moves) = record.move_number_at_ply(ply);
        let dots = if first_moves { "." } else { "…" };
        let value = eval.map(|e| e.to_string()).unwrap_or_default();
        points.push(GraphPoint {
            node: id,
            share,
            judgement: node.nags.iter().find_map(|&n| Judgement::of_nag(n)),
            label: format!("{number}{dots} {text} {value}").trim_end().to_string(),
        });
    }
    points
}

/// One side's part of the report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves marked `?!`.
    pub inaccuracies: usize,
    /// Moves marked `?`.
    pub mistakes: usize,
    /// Moves marked `??`.
    pub blunders: usize,
    /// The average loss per move, in hundredths of a star or pawn (scores clipped to
    /// ±10.00, forced results counted as ±10.00), over the moves with an `[%eval]`
    /// before and after them; `None` without any.
    pub average_loss: Option<f64>,
}

/// The report's summary for the side that moves first (`[0]`) and the other (`[1]`),
/// from the report's own NAGs (a mark whose comment names the better move,
/// [`best_in_comment`]) and the `[%eval]`s.
pub fn summary<G: EngineGame>(record: &GameRecord<G>) -> [SideSummary; 2] {
    let mut sides = [SideSummary::default(), SideSummary::default()];
    let mut losses = [(0.0f64, 0usize); 2];
    let first = G::opening().side_to_move();
    let mut pos = record.start.clone();
    let clip = |e: EvalText| match e {
        EvalText::Cp(cp) => f64::from(cp.clamp(-1000, 1000)),
        EvalText::Mate(n) => f64::from(n.signum() * 1000),
    };
    let mut previous: Option<f64> =
        command_value(&record.tree.node(NodeId::ROOT).comment_after, "eval").and_then(EvalText::parse).map(clip);
    for id in record.tree.main_line_from(NodeId::ROOT) {
        let node = record.tree.node(id);
        let Some(mv) = node.mv else { break };
        let side = usize::from(pos.side_to_move() != first);
        pos.play(mv);
        // The report's own marks only (its comment names the better move): a glyph put
        // by hand is an annotator's opinion, not the report's count.
        let judged = best_in_comment(&node.comment_after).is_some();
        match node.nags.iter().find_map(|&n| Judgement::of_nag(n)).filter(|_| judged) {
            Some(Judgement::Inaccuracy) => sides[side].inaccuracies += 1,
            Some(Judgement::Mistake) => sides[side].mistakes += 1,
            Some(Judgement::Blunder) => sides[side].blunders += 1,
            None => {}
        }
        let now = command_value(&node.comment_after, "eval").and_then(EvalText::parse).map(clip);
        if let (Some(before), Some(after)) = (previous, now) {
            // From the mover's view: the first player wants the score up.
            let loss = if side == 0 { before - after } else { after - before };
            losses[side].0 += loss.max(0.0);
            losses[side].1 += 1;
        }
        previous = now;
    }
    for (s, (total, n)) in sides.iter_mut().zip(losses) {
        s.average_loss = (n > 0).then(|| total / n as f64);
    }
    sides
}

/// The moves to learn from: main-line moves of `side` (a side index, `None` for both)
/// that the game report marked `?` or `??`, in order — a mark with the report's comment
/// naming the better move, legal there ([`best_in_comment`]). A `?` put by hand, with
/// no better move named, is an annotator's opinion with nothing to compare a move to.
pub fn mistakes<G: EngineGame>(record: &GameRecord<G>, side: Option<usize>) -> Vec<NodeId> {
    let first = G::opening().side_to_move();
    let mut pos = record.start.clone();
    let mut out = Vec::new();
    for id in record.tree.main_line_from(NodeId::ROOT) {
        let node = record.tree.node(id);
        let Some(mv) = node.mv else { break };
        let mover = usize::from(pos.side_to_move() != first);
        let named = best_in_comment(&node.comment_after).is_some_and(|t| pos.parse_move(t).is_ok());
        pos.play(mv);
        let bad =
            node.nags.iter().any(|&n| matches!(Judgement::of_nag(n), Some(Judgement::Mistake | Judgement::Blunder)));
        if bad && named && side.is_none_or(|s| s == mover) {
            out.push(id);
        }
    }
    out
}

/// Where "Learn from your mistakes" stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnState {
    /// Waiting for the user's move.
    Asking,
    /// The user found a good move.
    Solved,
    /// The engine's move was shown.
    Shown,
}

/// "Learn from your mistakes": the marked moves, which one is asked, and what the user
/// was last told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Learning {
    /// The main-line moves marked `?` or `??`, in order.
    pub moves: Vec<NodeId>,
    /// The one asked now.
    pub index: usize,
    /// Its state.
    pub state: LearnState,
    /// The last word to the user.
    pub feedback: String,
    /// The moves this question put into the game (the user's move while it is judged
    /// or once found, the engine's move shown): taken out again when the question is
    /// left, unless the user keeps them ([`Learning::keep`]).
    pub added: Vec<NodeId>,
    /// The found or shown move and the comment it gets when the user keeps it as a
    /// variation.
    pub keep: Option<(NodeId, String)>,
    /// The move found keeps nearly the best move's chances but not all of them: "Try
    /// for the best" is offered.
    pub close: bool,
}

impl Learning {
    /// A lesson on `moves` (the main-line moves marked `?` or `??`), at its first.
    pub fn new(moves: Vec<NodeId>) -> Learning {
        Learning {
            moves,
            index: 0,
            state: LearnState::Asking,
            feedback: String::new(),
            added: Vec::new(),
            keep: None,
            close: false,
        }
    }
}

/// How close to the best move's winning share a move must come for "Learn from your
/// mistakes" to accept it: [`THRESHOLDS`]`[0]`, the drop that makes an inaccuracy
/// (0.05 of the mover's 0–1 share). Within [`LEARN_SAME`] of it, the move is as good
/// as the best; between the two, "good, but not the best".
pub const LEARN_MARGIN: f32 = THRESHOLDS[0];

/// The drop in winning share under which a move counts as good as the best one.
pub const LEARN_SAME: f32 = 0.01;

/// The nodes searched after each move "Learn from your mistakes" judges (the user's and
/// the best one's), on the engine worker.
pub const LEARN_NODES: u64 = 20_000;

/// The best move a report's comment names (`Mistake: PQ-33 was best (…)`).
pub fn best_in_comment(comment: &str) -> Option<&str> {
    ["Inaccuracy: ", "Mistake: ", "Blunder: "].iter().find_map(|name| {
        let start = comment.find(name)? + name.len();
        let len = comment[start..].find(" was best (")?;
        Some(&comment[start..start + len])
    })
}

/// The mover's winning share after playing `mv` at `pos`, by a short search of the
/// position after it (`nodes` nodes): how "Learn from your mistakes" judges a move the
/// engine did not suggest.
pub fn share_after<G: EngineGame>(pos: &G, history: &[u64], mv: G::Move, nodes: u64) -> f32 {
    let mut next = pos.clone();
    next.play(mv);
    let mut keys = history.to_vec();
    keys.push(pos.zobrist());
    let mut engine = Engine::<G>::new(4);
    let stop = AtomicBool::new(false);
    let result = engine.search(&next, &keys, &Limits::nodes(nodes), 1, &stop, &mut |_| {});
    1.0 - winning_share(result.score)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::triangular;

    #[test]
    fn winning_shares_and_judgements_follow_the_documented_rule() {
        assert!((winning_share(Score::Cp(0)) - 0.5).abs() < 1e-6);
        assert!(winning_share(Score::Cp(300)) > 0.74 && winning_share(Score::Cp(300)) < 0.76);
        assert_eq!(winning_share(Score::Mate(2)), 1.0);
        assert_eq!(winning_share(Score::Mate(-1)), 0.0);
        assert_eq!(winning_share(Score::Mate(0)), 0.0);
        assert_eq!(judge(0.5, 0.46), None);
        assert_eq!(judge(0.5, 0.449), Some(Judgement::Inaccuracy));
        assert_eq!(judge(0.5, 0.39), Some(Judgement::Mistake));
        assert_eq!(judge(0.5, 0.34), Some(Judgement::Blunder));
        // Far ahead, a big score drop barely changes the chances: no mark.
        assert_eq!(judge(winning_share(Score::Cp(1500)), winning_share(Score::Cp(900))), None);
        assert_eq!(Judgement::Mistake.nag(), Nag(2));
        assert_eq!(Judgement::of_nag(Nag(4)), Some(Judgement::Blunder));
    }

    #[test]
    fn a_report_writes_evals_a_nag_a_variation_and_a_summary() {
        type P = triangular::Position;
        let mut record: GameRecord<P> = GameRecord::new();
        let mut at = NodeId::ROOT;
        for _ in 0..4 {
            let pos = record.position_at(at);
            let mut moves = crate::core::moves::MoveList::new();
            pos.legal_moves(&mut moves);
            at = record.add_move(at, moves[0]);
        }
        let positions = main_line_positions(&record);
        assert_eq!(positions.len(), 5);
        // Made-up evaluations: White's second move gives two pawns away.
        let best = |i: usize| {
            let p = &positions[i].0;
            let mut moves = crate::core::moves::MoveList::new();
            p.legal_moves(&mut moves);
            vec![moves[moves.len() - 1]]
        };
        let scores = [Score::Cp(0), Score::Cp(0), Score::Cp(0), Score::Cp(200), Score::Cp(-200)];
        let evals: Vec<PositionEval<_>> = scores
            .iter()
            .enumerate()
            .map(|(i, &score)| PositionEval { score, pv: best(i), by_depth: vec![] })
            .collect();
        assert_eq!(annotate(&mut record, &evals), 1);
        let nodes = record.tree.main_line_from(NodeId::ROOT);
        let second = record.tree.node(nodes[2]);
        assert_eq!(second.nags, vec![Nag(4)], "0.5 → 0.32 for White: a blunder");
        assert!(second.comment_after.starts_with("Blunder: "), "{}", second.comment_after);
        assert_eq!(command_value(&second.comment_after, "eval"), Some("-2.00"));
        assert_eq!(command_value(&record.tree.node(nodes[3]).comment_after, "eval"), Some("-2.00"));
        let parent = record.tree.node(nodes[1]);
        assert_eq!(parent.children.len(), 2, "the better line is a variation");
        // Again: the same comment, not two.
        annotate(&mut record, &evals);
        let again = &record.tree.node(nodes[2]).comment_after;
        assert_eq!(again.matches("Blunder").count(), 1, "{again}");
        let sides = summary(&record);
        assert_eq!(sides[0].blunders, 1);
        assert_eq!(sides[1].blunders, 0);
        assert_eq!(graph(&record).len(), 5, "the start and the four moves");
        assert_eq!(mistakes(&record, Some(0)), vec![nodes[2]]);
        assert!(mistakes(&record, Some(1)).is_empty());
        // A `?` put by hand names no better move: nothing to learn from there, and not
        // the report's to count.
        record.tree.set_nags(nodes[3], vec![Nag(2)]);
        assert_eq!(mistakes(&record, None), vec![nodes[2]]);
        assert_eq!(summary(&record)[1].mistakes, 0);
    }

    #[test]
    fn every_position_is_analysed_in_order_and_a_cancel_stops_it() {
        type P = triangular::Position;
        let mut record: GameRecord<P> = GameRecord::new();
        let mut moves = crate::core::moves::MoveList::new();
        P::opening().legal_moves(&mut moves);
        record.add_move(NodeId::ROOT, moves[0]);
        let positions = main_line_positions(&record);
        let calls = AtomicUsize::new(0);
        let never = AtomicBool::new(false);
        let evals = analyse_positions(&positions, 2_000, 2, &never, &|done, total| {
            assert!(done <= total && total == 2);
            calls.fetch_add(1, Ordering::Relaxed);
        })
        .expect("not cancelled");
        assert_eq!(evals.len(), 2);
        assert_eq!(calls.load(Ordering::Relaxed), 2, "once per position");
        assert!(evals.iter().all(|e| !e.pv.is_empty()));
        // In order: the second evaluation is the position after the move.
        let mut after = P::opening();
        after.play(moves[0]);
        let mut legal = crate::core::moves::MoveList::new();
        after.legal_moves(&mut legal);
        assert!(legal.contains(&evals[1].pv[0]), "the second line is played from the second position");
        let stop = AtomicBool::new(true);
        let long = vec![(P::opening(), Vec::new()); 50];
        assert!(analyse_positions(&long, 1_000_000, 1, &stop, &|_, _| {}).is_none());
    }
}
