//! Collection benchmarks (release): a generated file of 100,000 Triangular draughts
//! games of 40 plies each — read from its text, listed (a game list's rows), indexed
//! by position (every position of every game) and searched for an exact position
//! (target: under 100 ms) and for the same material (a walk of every game). The text
//! is also written to the temporary folder, to measure what a program holding the
//! games takes. Also the autosave's text of a modified 100,000-game file (unchanged
//! games as their text, against every game written afresh) and what a background
//! search takes from the document (shared games, against copies). Run: `cargo bench
//! --bench collection`.

use divan::Bencher;
use orrery::core::Variant;
use orrery::core::draughts::Position;
use orrery::files::{Format, format_records, parse_record_bytes};
use orrery::record::collection::{GameRow, PositionIndex, PositionPattern, pattern_path};
use orrery::record::samples::{random_draughts_games, sequence};
use orrery::record::{AnyGame, NodeId};

fn main() {
    divan::main();
}

/// `count` random legal games of up to `plies` plies (the same every run).
fn games(count: usize, plies: usize) -> Vec<AnyGame> {
    random_draughts_games(count, plies, usize::MAX, &mut sequence(0x2545_F491_4F6C_DD1D))
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

#[divan::bench(sample_count = 2, sample_size = 1)]
fn read_100000_games_from_text(bencher: Bencher) {
    let text = format_records(&games(100_000, 40), Format::Text);
    // The file, for measuring the memory a program holding it takes (e.g. `/usr/bin/time
    // -v orrery record check FILE`).
    let path = std::env::temp_dir().join("orrery-collection-100000.pgn");
    if std::fs::write(&path, &text).is_ok() {
        eprintln!("{} MB of text, written to {}", text.len() / 1_000_000, path.display());
    }
    bencher.bench(|| parse_record_bytes(divan::black_box(text.as_bytes()), Format::Text, "generated").games.len());
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn game_list_rows_of_100000_games(bencher: Bencher) {
    let all = games(100_000, 40);
    bencher.bench(|| all.iter().enumerate().map(|(i, g)| GameRow::new(i + 1, g)).collect::<Vec<_>>());
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn same_material_search_in_100000_games(bencher: Bencher) {
    let all = games(100_000, 40);
    // Two men taken: a material many games reach.
    let pattern = PositionPattern::Material("W:W31-47:B1-17".into());
    bencher.bench(|| all.iter().filter(|g| pattern_path(g, Variant::Draughts, &pattern).is_some()).count());
}

/// The autosave of a modified file of 100,000 games with one game changed: the games
/// unchanged since read go in as their text (what the app does), …
#[divan::bench(sample_count = 3, sample_size = 1)]
fn autosave_text_of_100000_games_one_changed(bencher: Bencher) {
    let all = games(100_000, 40);
    let mut originals: Vec<Option<std::sync::Arc<str>>> =
        all.iter().map(|g| Some(std::sync::Arc::from(orrery::record::write_any(g).trim_end_matches('\n')))).collect();
    originals[500] = None;
    bencher.bench(|| orrery::files::records_text_keeping(all.iter(), divan::black_box(&originals)).0.len());
}

/// … against every game written afresh (what it did before).
#[divan::bench(sample_count = 2, sample_size = 1)]
fn autosave_text_of_100000_games_all_written(bencher: Bencher) {
    let all = games(100_000, 40);
    bencher.bench(|| orrery::files::records_text_keeping(all.iter(), divan::black_box(&[])).0.len());
}

/// What a background search takes from the document: its 100,000 shared games (the
/// app's `Vec<Arc<AnyGame>>`), against copying every game.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn share_100000_games(bencher: Bencher) {
    let shared: Vec<std::sync::Arc<AnyGame>> = games(100_000, 40).into_iter().map(std::sync::Arc::new).collect();
    bencher.bench(|| divan::black_box(&shared).clone());
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn copy_100000_games(bencher: Bencher) {
    let all = games(100_000, 40);
    bencher.bench(|| divan::black_box(&all).clone());
}
