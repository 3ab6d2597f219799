//! Generated sample records, for benchmarks, measurements and tests: long legal games
//! that never end, and collections of random legal games.

use crate::core::interstellar::{Kind, Position};
use crate::core::moves::MoveList;

use super::game::{AnyGame, GameRecord};
use super::tree::{Nag, NodeId};

/// A legal Interstellar game of `plies` plies of quiet moves (no captures, no star
/// moves, no Target), chosen by a fixed pseudo-random sequence from `seed`, with a
/// comment and a `!?` every 10 plies and a three-move variation every 50.
pub fn long_quiet_game(plies: usize, seed: u64) -> GameRecord<Position> {
    let mut next = sequence(seed | 1);
    let mut g: GameRecord<Position> = GameRecord::new();
    let mut at = NodeId::ROOT;
    let mut pos = Position::opening();
    for ply in 0..plies {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let quiet: Vec<_> = moves
            .iter()
            .copied()
            .filter(|m| {
                let mut after = pos.clone();
                after.play(*m);
                pos.piece_at(m.to).is_none()
                    && pos.piece_at(m.from).map(|p| p.kind()) != Some(Kind::Star)
                    && after.target_count() == 0
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        let mv = quiet[next(quiet.len())];
        let node = g.add_move(at, mv);
        if ply % 50 == 25 {
            let other = quiet[next(quiet.len())];
            if other != mv {
                let mut vpos = pos.clone();
                let mut v = g.add_move(at, other);
                vpos.play(other);
                for _ in 0..2 {
                    let mut replies = MoveList::new();
                    vpos.legal_moves(&mut replies);
                    if replies.is_empty() {
                        break;
                    }
                    let r = replies[next(replies.len())];
                    v = g.add_move(v, r);
                    vpos.play(r);
                }
            }
        }
        if ply % 10 == 0 {
            g.tree.set_comment_after(node, "a quiet manoeuvre, keeping every piece safe");
            g.tree.set_nags(node, vec![Nag(5)]);
        }
        pos.play(mv);
        at = node;
    }
    g
}

/// A fixed pseudo-random sequence from `seed` (xorshift64*, no dependency): each call
/// gives a number below `n` (0 for `n` = 0).
pub fn sequence(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// `count` legal Triangular draughts games of up to `plies` plies (fewer when one
/// ends), each move chosen by `next` among the first `breadth` legal moves (a small
/// breadth makes the games share their openings). No result, no tags beyond the
/// roster.
pub fn random_draughts_games(
    count: usize,
    plies: usize,
    breadth: usize,
    next: &mut impl FnMut(usize) -> usize,
) -> Vec<AnyGame> {
    use crate::core::draughts;
    (0..count)
        .map(|_| {
            let mut g = GameRecord::<draughts::Position>::new();
            let (mut at, mut pos) = (NodeId::ROOT, g.start.clone());
            for _ in 0..plies {
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[next(moves.len().min(breadth))];
                at = g.add_move(at, mv);
                pos.play(mv);
            }
            AnyGame::Draughts(g)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_long_game_is_as_long_as_asked_and_legal_throughout() {
        let g = super::long_quiet_game(300, 7);
        assert_eq!(g.tree.main_line_from(super::NodeId::ROOT).len(), 300);
        assert!(g.tree.move_count() > 300, "with variations");
    }
}
