//! Record benchmarks (release): reading and writing a 10,000-ply Interstellar game with
//! a comment every 10 plies and a three-move variation every 50. Target: under 100 ms
//! each. Run: `cargo bench --bench records`.

use divan::Bencher;
use orrery::record::samples::long_quiet_game;
use orrery::record::{AnyGame, read_games, write_any};

fn main() {
    divan::main();
}

fn long_game(plies: usize) -> AnyGame {
    AnyGame::Interstellar(long_quiet_game(plies, 42))
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
