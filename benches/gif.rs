//! Animated GIF export (Game → Export GIF…, `orrery gif`) of a 100-ply game: every
//! frame drawn, rasterised and written, at the default 480 pixels with move captions,
//! and at 720 pixels with clocks too. Run: `cargo bench --bench gif`. The game is
//! `record::samples::long_quiet_game` (Interstellar, a comment and a `!?` every 10
//! plies, a variation every 50, so variation arrows show). Measured 2026-12-02 on this
//! 2-core machine: see the README's *Animated GIFs*.

use divan::Bencher;
use orrery::record::samples::long_quiet_game;
use orrery::render::gif::{GifOptions, record_gif};

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn game_of_100_plies_480px(bencher: Bencher) {
    let record = long_quiet_game(100, 7);
    let options = GifOptions::default();
    let size = record_gif(&record, 0, None, &options).map(|b| b.len()).unwrap_or(0);
    eprintln!("480 px: {size} bytes");
    bencher.bench(|| record_gif(&record, 0, None, &options).map(|b| b.len()));
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn game_of_100_plies_720px(bencher: Bencher) {
    let record = long_quiet_game(100, 7);
    let options =
        GifOptions { size_px: 720, clocks: true, title: "Positive – Negative".into(), ..GifOptions::default() };
    let size = record_gif(&record, 0, None, &options).map(|b| b.len()).unwrap_or(0);
    eprintln!("720 px: {size} bytes");
    bencher.bench(|| record_gif(&record, 0, None, &options).map(|b| b.len()));
}
