//! Record benchmarks (release): reading and writing a 10,000-ply Interstellar game with
//! a comment every 10 plies and a three-move variation every 50. Target: under 100 ms
//! each. Also the notation editor: re-reading a 500-move game (target under 5 ms) and
//! colouring its text; a 50 MB file, 1 MB of comments on one move and 100,000 tags
//! (linear reading). Run: `cargo bench --bench records`.

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

/// The notation editor's re-read of a 500-move (1,000-ply) annotated game, with the move
/// positions it needs for the caret. Target: under 5 ms.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn editor_reread_500_move_game(bencher: Bencher) {
    let text = write_any(&long_game(1_000));
    bencher.bench(|| {
        let read = orrery::record::read_one_with_spans(divan::black_box(&text));
        assert!(read.is_ok());
        read
    });
}

/// The notation editor's syntax colouring of the same text (done once per edit).
#[divan::bench(sample_count = 20, sample_size = 1)]
fn editor_highlight_500_move_game(bencher: Bencher) {
    let text = write_any(&long_game(1_000));
    bencher.bench(|| orrery::app::editor::highlight(divan::black_box(&text), &[], true));
}

/// Colouring a 10,000-ply record (typing in a long record re-colours it once per edit;
/// the reading itself runs on a background thread there).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn editor_highlight_10000_ply_game(bencher: Bencher) {
    let text = write_any(&long_game(10_000));
    bencher.bench(|| orrery::app::editor::highlight(divan::black_box(&text), &[], true));
}

/// A 50 MB file: the 10,000-ply game repeated until the text holds 50 MB, files joined
/// with `cat` (a byte order mark before each game). Target: a few seconds.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn read_50_mb_file(bencher: Bencher) {
    let game = write_any(&long_game(10_000));
    let mut text = String::with_capacity(50_000_000 + game.len());
    while text.len() < 50_000_000 {
        text.push('\u{feff}');
        text.push_str(&game);
        text.push('\n');
    }
    bencher.bench(|| {
        let report = read_games(divan::black_box(&text));
        assert!(report.errors.is_empty());
        report
    });
}

/// One move with 1 MB of comments (5,000 comments of 200 bytes). Linear: milliseconds.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn read_1_mb_of_comments_on_one_move(bencher: Bencher) {
    let comment = format!("{{{}}} ", "word ".repeat(40));
    let text = format!("[Variant \"Interstellar\"]\n\n1. PQ-33 {}*\n", comment.repeat(5_000));
    bencher.bench(|| read_games(divan::black_box(&text)));
}

/// 100,000 tags in one game. Linear: milliseconds.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn read_100000_tags(bencher: Bencher) {
    let mut text = String::from("[Variant \"Interstellar\"]\n");
    for n in 0..100_000 {
        text.push_str(&format!("[Tag{n} \"value {n}\"]\n"));
    }
    text.push_str("\n1. PQ-33 *\n");
    bencher.bench(|| read_games(divan::black_box(&text)));
}
