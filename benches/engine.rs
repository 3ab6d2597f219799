//! Engine benchmarks (release): nodes per second on fixed middle-game positions of each
//! game, and the time to reach a depth from each opening position. Goals (reported, not
//! asserted): at least 3 M nodes/s on one core; depth 8 within 1 s from each opening.
//! Run: `cargo bench --bench engine`.
//!
//! Measured 2026-12-01 on this 2-core machine, otherwise idle, after the quiescence
//! search stopped generating quiet moves: 0.9–1.5 M nodes/s in Interstellar's middle
//! games and 1.0–1.7 M in Triangular's (first measured: 0.7–1.1 M); from the openings
//! depth 8 in 0.84–0.98 s (Interstellar) and 1.39–1.59 s (Triangular, depth 7 in
//! 0.64–0.79 s). The 3 M nodes/s goal is not reached: the static evaluation (attack
//! maps of every piece) and move generation take most of the time (`perf`).

#![allow(clippy::unwrap_used)] // benches may unwrap

use std::sync::atomic::AtomicBool;

use divan::Bencher;
use divan::counter::ItemsCount;
use orrery::core::{Game, interstellar, triangular};
use orrery::engine::{Engine, EngineGame, Limits};

fn main() {
    divan::main();
}

/// Interstellar middle games: the engine's own play from the opening at depth 3, after
/// 6, 12, 18 and 24 plies.
const INTERSTELLAR: [&str; 4] = [
    "nbuqpqubn/s2s2ss/5s3/8/2s6/1Q5S/2S6/S2SS1S1/NBU1PQUBN +",
    "nb1qp1ubn/s5ss/3s1s3/3u4/2s4S1/5Q2/2S6/S2SS1S1/NBU1P1UBN +",
    "nb2p1u1n/6ss/3s1s1b1/s2u4/2s4S1/4US2/2S3S2/S2S4/NBU1P2BN +",
    "n(PN)b(PB)2p1u(NPu)1n(NN)/6s(NPuS)s(NNS)/3s(PQS)1s(NQS)1b(NB)1/s(PNS)7/2s(PPuS)4S(NNS)u(PPu)/1S(PPuS)2U(NPu)S(NQS)2/6S(NPuS)2/S(PNS)2S(PQS)3N(NN)/N(PN)B(PB)U(PPu)1P2B(NB)1 +",
];

/// Triangular middle games, found the same way, after 12, 18, 24 and 30 plies.
const TRIANGULAR: [&str; 4] = [
    "3qbk3/3ppbpp3/3p1n1n1p3/1r11r1/1R11R1/3P1N1N1P3/3PPBPP3/3QBK3 w 2 7",
    "3qbk3/3p1bpp3/3ppn1n1p3/14r/11R3/3P1N1N1P3/Q2PPBPP3/4BK3 w 1 10",
    "4bk3/3p1bpp3/3p3n1p3/4n1p7r/11R3/3P1N1N1P3/3PPBPP3/4BK3 w 0 13",
    "4bk3/5bpp3/3p1n1n1p3/5pp7r/3P7R3/5N1N1P3/3PPBPP2B/5K3 w 1 16",
];

/// Nodes per search in the nodes-per-second benchmarks.
const NODES: u64 = 400_000;

fn search<G: EngineGame>(pos: &G, limits: &Limits) -> u64 {
    let mut engine = Engine::<G>::new(32);
    engine.search(pos, &[], limits, 1, &AtomicBool::new(false), &mut |_| {}).nodes
}

fn nodes_per_second<G: EngineGame>(bencher: Bencher, position: &str) {
    let pos = G::from_position_string(position).unwrap();
    let limits = Limits::nodes(NODES);
    let nodes = search(&pos, &limits);
    bencher.counter(ItemsCount::new(nodes)).bench(|| search(divan::black_box(&pos), &limits));
}

/// Nodes per second: a search of 400,000 nodes from each Interstellar middle game.
#[divan::bench(args = INTERSTELLAR, sample_count = 5, sample_size = 1)]
fn interstellar_nodes_per_second(bencher: Bencher, position: &str) {
    nodes_per_second::<interstellar::Position>(bencher, position);
}

/// Nodes per second: a search of 400,000 nodes from each Triangular middle game.
#[divan::bench(args = TRIANGULAR, sample_count = 5, sample_size = 1)]
fn triangular_nodes_per_second(bencher: Bencher, position: &str) {
    nodes_per_second::<triangular::Position>(bencher, position);
}

/// Time to depth from the Interstellar opening (fresh engine, 32 MiB table).
#[divan::bench(args = [6, 7, 8], sample_count = 3, sample_size = 1)]
fn interstellar_time_to_depth(bencher: Bencher, depth: u32) {
    let pos = interstellar::Position::opening();
    let nodes = search(&pos, &Limits::depth(depth));
    bencher.counter(ItemsCount::new(nodes)).bench(|| search(divan::black_box(&pos), &Limits::depth(depth)));
}

/// Time to depth from the Triangular opening (fresh engine, 32 MiB table).
#[divan::bench(args = [6, 7, 8], sample_count = 3, sample_size = 1)]
fn triangular_time_to_depth(bencher: Bencher, depth: u32) {
    let pos = <triangular::Position as Game>::opening();
    let nodes = search(&pos, &Limits::depth(depth));
    bencher.counter(ItemsCount::new(nodes)).bench(|| search(divan::black_box(&pos), &Limits::depth(depth)));
}
