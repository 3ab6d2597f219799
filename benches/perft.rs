//! Perft benchmarks (release): nodes per second from each game's opening position,
//! and shakmaty's chess perft from the standard start in the same run, for comparison.
//! The last ply is bulk-counted in every engine. Run: `cargo bench --bench perft`.

use divan::Bencher;
use divan::counter::ItemsCount;
use orrery::core::Game;
use orrery::core::perft::perft;
use orrery::core::{interstellar, triangular};

fn main() {
    divan::main();
}

/// Interstellar perft from the opening at depths 4 (818,054 nodes) and 5 (29,391,906).
#[divan::bench(args = [4, 5], sample_count = 10, sample_size = 1)]
fn interstellar_perft_opening(bencher: Bencher, depth: u32) {
    let opening = interstellar::Position::opening();
    let nodes = perft(&opening, depth);
    bencher.counter(ItemsCount::new(nodes)).bench(|| perft(divan::black_box(&opening), depth));
}

/// Triangular perft from the opening at depths 4 (1,681,083 nodes) and 5 (71,210,921).
#[divan::bench(args = [4, 5], sample_count = 10, sample_size = 1)]
fn triangular_perft_opening(bencher: Bencher, depth: u32) {
    let opening = <triangular::Position as Game>::opening();
    let nodes = perft(&opening, depth);
    bencher.counter(ItemsCount::new(nodes)).bench(|| perft(divan::black_box(&opening), depth));
}

/// Triangular draughts perft from the opening at depths 5 (187,607 nodes) and 6
/// (1,711,686): its rules core's own `perft`; the last ply counts steps from tables
/// without making them, captures are searched in full.
#[divan::bench(args = [5, 6], sample_count = 10, sample_size = 1)]
fn draughts_perft_opening(bencher: Bencher, depth: u32) {
    let opening = orrery::core::draughts::Position::opening();
    let nodes = orrery::core::draughts::perft(&opening, depth);
    bencher.counter(ItemsCount::new(nodes)).bench(|| orrery::core::draughts::perft(divan::black_box(&opening), depth));
}

/// shakmaty's chess perft from the standard start at depth 5 (4,865,609 nodes).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn shakmaty_perft_chess_start(bencher: Bencher) {
    let start = shakmaty::Chess::default();
    let nodes = shakmaty::perft(&start, 5);
    bencher.counter(ItemsCount::new(nodes)).bench(|| shakmaty::perft(divan::black_box(&start), 5));
}
