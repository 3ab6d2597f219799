//! Perft: counting the leaf nodes of the legal-move tree, the standard test and
//! benchmark of a move generator. One implementation serves every [`Game`].

use super::game::Game;
use super::moves::MoveList;

/// The number of move sequences of exactly `depth` plies from `position` (1 for depth
/// 0). A finished game has no moves, so its subtree counts 0 at any depth above 0.
/// The last ply is bulk-counted with [`Game::count_moves`].
///
/// ```
/// use orrery::core::Game;
/// use orrery::core::perft::{divide, perft};
/// use orrery::core::triangular::Position;
///
/// // `docs/rules-triangular.md` §9 *For developers: move counts*: 34, 1,155, ...
/// let opening = Position::opening();
/// assert_eq!(perft(&opening, 1), 34);
/// assert_eq!(perft(&opening, 2), 1155);
/// let split = divide(&opening, 2);
/// assert_eq!(split.len(), 34);
/// assert_eq!(split.iter().map(|&(_, nodes)| nodes).sum::<u64>(), 1155);
/// ```
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves(),
        _ => {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = position.clone();
                    child.play(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by first move: each legal move with the node count below it, in
/// move-generation order. The counts add up to [`perft`] at the same depth (`depth ≥ 1`).
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
