//! Perft benchmarks (release): nodes per second from each game's opening position,
//! and shakmaty's chess perft in the same run for comparison.

fn main() {
    divan::main();
}
