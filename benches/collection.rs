//! Collection benchmarks (release): a generated file of 100,000 Triangular draughts
//! games of 40 plies each, indexed by position (every position of every game) and
//! searched for an exact position. Target: a search under 100 ms. Run: `cargo bench
//! --bench collection`.

use divan::Bencher;
use orrery::core::Variant;
use orrery::core::draughts::Position;
use orrery::core::moves::MoveList;
use orrery::record::collection::PositionIndex;
use orrery::record::{AnyGame, GameRecord, NodeId};

fn main() {
    divan::main();
}

/// `count` random legal games of up to `plies` plies (xorshift; the same every run).
fn games(count: usize, plies: usize) -> Vec<AnyGame> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    };
    (0..count)
        .map(|_| {
            let mut g = GameRecord::<Position>::new();
            let mut pos = Position::opening();
            let mut at = NodeId::ROOT;
            for _ in 0..plies {
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[next(moves.len())];
                at = g.add_move(at, mv);
                pos.play(mv);
            }
            AnyGame::Draughts(g)
        })
        .collect()
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn index_100000_games(bencher: Bencher) {
    let all = games(100_000, 40);
    bencher.bench(|| PositionIndex::build(divan::black_box(&all)));
}

#[divan::bench(sample_count = 20, sample_size = 1)]
fn exact_position_search_in_100000_games(bencher: Bencher) {
    let all = games(100_000, 40);
    let index = PositionIndex::build(&all);
    // The position after the first game's tenth ply: found in that game at least.
    let mut pos = Position::opening();
    let AnyGame::Draughts(first) = &all[0] else { unreachable!() };
    for id in first.tree.main_line_from(NodeId::ROOT).into_iter().take(10) {
        if let Some(mv) = first.tree.node(id).mv {
            pos.play(mv);
        }
    }
    let key = orrery::core::Game::zobrist(&pos);
    bencher.bench(|| {
        let found = index.games_with(Variant::Draughts, divan::black_box(key));
        assert!(found.contains(&0));
        found
    });
}
