//! Random game trees for the record tests: random legal playouts with random
//! variations, comments, NAGs, marks, tags and results.

#![allow(dead_code)]

use orrery::core::game::Game;
use orrery::core::moves::MoveList;
use orrery::record::{Arrow, GameRecord, GameResult, MarkColor, MarkedCell, Marks, Nag, NodeId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const WORDS: [&str; 16] = [
    "good",
    "plan",
    "Target!",
    "the",
    "planet",
    "é",
    "→",
    "(idea)",
    "x",
    "\"quoted\"",
    "back\\slash",
    "1-0",
    "{open",
    "$5",
    "out",
    ";semi",
];

pub fn random_text(rng: &mut StdRng) -> String {
    let n = rng.random_range(1..6);
    (0..n).map(|_| WORDS[rng.random_range(0..WORDS.len())]).collect::<Vec<_>>().join(" ")
}

pub fn random_marks<G: Game>(rng: &mut StdRng) -> Marks<G::Cell> {
    let cells: Vec<G::Cell> = <G::Cell as orrery::core::game::BoardCell>::all().collect();
    let mut marks = Marks::default();
    for _ in 0..rng.random_range(0..3) {
        let color = MarkColor::ALL[rng.random_range(0..4)];
        let from = cells[rng.random_range(0..cells.len())];
        let to = cells[rng.random_range(0..cells.len())];
        marks.arrows.push(Arrow { color, from, to });
    }
    for _ in 0..rng.random_range(0..3) {
        let color = MarkColor::ALL[rng.random_range(0..4)];
        marks.cells.push(MarkedCell { color, cell: cells[rng.random_range(0..cells.len())] });
    }
    marks
}

/// A position `plies` random moves from the opening (stopping before the game ends).
pub fn random_start<G: Game>(rng: &mut StdRng, plies: usize) -> G {
    let mut p = G::opening();
    for _ in 0..plies {
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mut next = p.clone();
        next.play(moves[rng.random_range(0..moves.len())]);
        if next.outcome().is_some() || G::from_position_string(&next.position_string()).is_err() {
            break;
        }
        p = next;
    }
    p
}

/// A random game record: about `size` moves in a tree with variations.
pub fn random_game<G: Game>(seed: u64, size: usize) -> GameRecord<G> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = if rng.random_bool(0.3) {
        let plies = rng.random_range(1..30);
        GameRecord::from_position(random_start::<G>(&mut rng, plies))
    } else {
        GameRecord::new()
    };
    if rng.random_bool(0.5) {
        g.tags.set("Event", &random_text(&mut rng));
    }
    if rng.random_bool(0.3) {
        g.tags.set("Stipulation", "Target Out in 2");
    }
    if rng.random_bool(0.2) {
        g.tags.set("Annotator", "A \"B\" \\ C");
    }
    g.result = match rng.random_range(0..4) {
        0 => GameResult::FirstPlayerWins,
        1 => GameResult::SecondPlayerWins,
        2 if G::HAS_DRAWS => GameResult::Draw,
        _ => GameResult::Unknown,
    };
    if rng.random_bool(0.3) {
        g.tree.set_comment_after(NodeId::ROOT, &random_text(&mut rng));
    }
    if rng.random_bool(0.2) {
        g.tree.set_marks(NodeId::ROOT, random_marks::<G>(&mut rng));
    }
    let mut nodes = vec![(NodeId::ROOT, g.start.clone())];
    let mut tip = 0;
    for _ in 0..size {
        // Mostly extend the current line; sometimes branch from an earlier node.
        let k = if rng.random_bool(0.8) { tip } else { rng.random_range(0..nodes.len()) };
        let (at, pos) = nodes[k].clone();
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            tip = rng.random_range(0..nodes.len());
            continue;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        let node = g.tree.add_move(at, mv);
        if g.tree.node(node).nags.is_empty() && rng.random_bool(0.3) {
            let nags = (0..rng.random_range(1..3))
                .map(|_| Nag(if rng.random_bool(0.7) { rng.random_range(1..7) } else { rng.random_range(0..=255) }))
                .collect();
            g.tree.set_nags(node, nags);
        }
        if rng.random_bool(0.2) {
            g.tree.set_comment_after(node, &random_text(&mut rng));
        }
        if rng.random_bool(0.3) {
            let text = random_text(&mut rng);
            g.tree.set_comment_before(node, &text);
        }
        if rng.random_bool(0.15) {
            g.tree.set_marks(node, random_marks::<G>(&mut rng));
        }
        let mut next = pos.clone();
        next.play(mv);
        nodes.push((node, next));
        tip = nodes.len() - 1;
    }
    g
}
