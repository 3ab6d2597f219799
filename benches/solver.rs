//! Solver benchmarks (release): every built-in puzzle with a stipulation, solved with
//! its full solution tree; the counter is nodes, so divan reports nodes per second.
//! Run: `cargo bench --bench solver`. A Target Out in 2 with its tree must take under
//! a second.

use divan::Bencher;
use divan::counter::ItemsCount;
use orrery::solver::{SolveControl, SolveOptions, builtin_puzzles};

fn main() {
    divan::main();
}

/// The built-in puzzles that ask for a solution (the patent's figures show finished
/// positions and are left out).
fn solvable() -> Vec<&'static str> {
    builtin_puzzles()
        .iter()
        .filter(|b| b.puzzle().map(|p| p.stipulation().is_some()).unwrap_or(false))
        .map(|b| b.file)
        .collect()
}

/// Solves one built-in puzzle (keys and full tree); counter: nodes visited.
#[divan::bench(args = solvable(), sample_count = 10, sample_size = 1)]
fn solve_builtin(bencher: Bencher, file: &str) {
    let puzzle = builtin_puzzles().iter().find(|b| b.file == file).expect("puzzle").puzzle().expect("reads");
    let options = SolveOptions::default();
    let nodes = puzzle.solve(&options, &SolveControl::new()).expect("solves").nodes();
    bencher.counter(ItemsCount::new(nodes)).bench(|| puzzle.solve(&options, &SolveControl::new()).expect("solves"));
}

/// The same without the tree: the search for the keys alone.
#[divan::bench(args = solvable(), sample_count = 10, sample_size = 1)]
fn keys_only(bencher: Bencher, file: &str) {
    let puzzle = builtin_puzzles().iter().find(|b| b.file == file).expect("puzzle").puzzle().expect("reads");
    let options = SolveOptions { tree: false, ..SolveOptions::default() };
    let nodes = puzzle.solve(&options, &SolveControl::new()).expect("solves").nodes();
    bencher.counter(ItemsCount::new(nodes)).bench(|| puzzle.solve(&options, &SolveControl::new()).expect("solves"));
}

/// A full-width search with no key: Target Out in 2 and mate in 2 from each game's
/// opening position (every first move refuted); counter: nodes visited.
#[divan::bench(args = ["interstellar out2", "triangular mate2"], sample_count = 10, sample_size = 1)]
fn opening_no_key(bencher: Bencher, case: &str) {
    use orrery::core::{Game, interstellar, triangular};
    use orrery::solver::{Stipulation, solve};
    let options = SolveOptions::default();
    let control = SolveControl::new();
    if case.starts_with("interstellar") {
        let pos = interstellar::Position::opening();
        let s: Stipulation = "out2".parse().expect("stipulation");
        let nodes = solve(&pos, s, &options, &control).expect("solves").nodes;
        bencher
            .counter(ItemsCount::new(nodes))
            .bench(|| solve(&pos, s, &options, &SolveControl::new()).expect("solves"));
    } else {
        let pos = <triangular::Position as Game>::opening();
        let s: Stipulation = "mate2".parse().expect("stipulation");
        let nodes = solve(&pos, s, &options, &control).expect("solves").nodes;
        bencher
            .counter(ItemsCount::new(nodes))
            .bench(|| solve(&pos, s, &options, &SolveControl::new()).expect("solves"));
    }
}
