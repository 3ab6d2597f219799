//! Perft benchmarks (release): nodes per second from each game's opening position,
//! and shakmaty's chess perft in the same run for comparison.

use orrery::core::Game;
use orrery::core::perft::perft;
use orrery::core::triangular;

fn main() {
    divan::main();
}

/// Triangular perft from the opening at depth 4 (1,681,083 nodes, bulk-counted at the
/// last ply); divan reports nodes per second.
#[divan::bench(sample_count = 10)]
fn triangular_perft_opening(bencher: divan::Bencher) {
    let position = triangular::Position::opening();
    let nodes = perft(&position, 4);
    bencher
        .counter(divan::counter::ItemsCount::new(nodes))
        .bench(|| perft(divan::black_box(&position), 4));
}
