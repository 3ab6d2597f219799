//! Record benchmarks (release): reading and writing a 10,000-ply Interstellar game with
//! a comment every 10 plies and a three-move variation every 50. Target: under 100 ms
//! each. Run: `cargo bench --bench records`.

use divan::Bencher;
use orrery::core::Game;
use orrery::core::interstellar::{Kind, Position};
use orrery::core::moves::MoveList;
use orrery::record::{AnyGame, GameRecord, Nag, NodeId, read_games, write_any};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn main() {
    divan::main();
}

/// A legal game of `plies` plies that never ends: quiet moves only (no captures, no
/// star moves, no Target), chosen at random.
fn long_game(plies: usize) -> AnyGame {
    let mut rng = StdRng::seed_from_u64(42);
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
                let mut next = pos.clone();
                next.play(*m);
                pos.piece_at(m.to).is_none()
                    && pos.piece_at(m.from).map(|p| p.kind()) != Some(Kind::Star)
                    && next.target_count() == 0
            })
            .collect();
        let mv = quiet[rng.random_range(0..quiet.len())];
        let node = g.add_move(at, mv);
        if ply % 50 == 25 {
            // A short variation: another quiet move and two replies.
            let other = quiet[rng.random_range(0..quiet.len())];
            if other != mv {
                let mut vpos = pos.clone();
                let mut v = g.add_move(at, other);
                vpos.play(other);
                for _ in 0..2 {
                    let mut replies = MoveList::new();
                    vpos.legal_moves(&mut replies);
                    let r = replies[rng.random_range(0..replies.len())];
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
    AnyGame::Interstellar(g)
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn write_10000_ply_game(bencher: Bencher) {
    let game = long_game(10_000);
    bencher.bench(|| write_any(divan::black_box(&game)));
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn read_10000_ply_game(bencher: Bencher) {
    let text = write_any(&long_game(10_000));
    bencher.bench(|| {
        let report = read_games(divan::black_box(&text));
        assert!(report.errors.is_empty(), "{:?}", &report.errors[..report.errors.len().min(3)]);
        report
    });
}
