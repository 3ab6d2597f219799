//! Game records: round trips of random game trees through the text and RON formats,
//! the reader on arbitrary input, error positions in damaged files, and the
//! hand-written games in `assets/games/`.

#![allow(clippy::unwrap_used)] // tests may unwrap

mod record_support;

use orrery::core::Game;
use orrery::core::{draughts, interstellar, triangular};
use orrery::record::ron_file::{read_ron, write_ron};
use orrery::record::{
    AnyGame, GameRecord, Nag, NodeId, RecordErrorKind, read_games, read_one, read_one_with_spans, write_any,
    write_game_with_spans, write_games,
};
use proptest::prelude::*;
use record_support::random_game;

fn text_round_trip(game: &AnyGame) {
    let text = write_any(game);
    let back = read_one(&text).unwrap_or_else(|e| panic!("{text}\n{e:?}"));
    assert_eq!(&back, game, "text:\n{text}");
    assert_eq!(write_any(&back), text, "the writer is canonical");
    // Movetext wraps at 80 columns (a tag pair always stays on its own line).
    for line in text.lines().filter(|l| !l.starts_with('[')) {
        assert!(line.chars().count() <= 80, "line over 80 columns: {line}");
        // A move number stays with its move.
        let last = line.split_whitespace().last().unwrap_or("");
        let number = last.trim_end_matches('.');
        assert!(
            !(last.ends_with('.') && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())),
            "a line ends with a move number: {line}"
        );
    }
    move_spans_agree(game);
}

/// The moves from the start to `node`, in notation.
fn line_to<G: Game>(record: &GameRecord<G>, node: NodeId) -> Vec<String> {
    let mut pos = record.start.clone();
    let mut out = Vec::new();
    for id in record.tree.path_to(node) {
        if let Some(mv) = record.tree.node(id).mv {
            out.push(pos.notation(mv));
            pos.play(mv);
        }
    }
    out
}

/// The writer and the reader agree on where each move stands in the text, every move
/// has one span, and the text under a span is that move's notation (with its glyph).
fn move_spans_agree(game: &AnyGame) {
    fn check<G: Game>(record: &GameRecord<G>) {
        let (text, spans) = write_game_with_spans(record);
        let (back, read_spans) = read_one_with_spans(&text).unwrap_or_else(|e| panic!("{text}\n{e:?}"));
        let ranges = |s: &[orrery::record::MoveSpan]| s.iter().map(|s| s.range.clone()).collect::<Vec<_>>();
        assert_eq!(ranges(&spans), ranges(&read_spans), "text:\n{text}");
        // The reader's node under each span is the writer's: the same moves from the start.
        for (w, r) in spans.iter().zip(&read_spans) {
            let read_line = orrery::with_game!(&back, g => line_to(g, r.node));
            assert_eq!(line_to(record, w.node), read_line);
        }
        assert_eq!(spans.len(), record.tree.move_count());
        assert!(spans.windows(2).all(|w| w[0].range.end < w[1].range.start), "spans in text order");
        for span in &spans {
            let node = record.tree.node(span.node);
            let before = record.position_at(node.parent.expect("a move has a parent"));
            let notation = before.notation(node.mv.expect("a move node"));
            let written: Vec<&str> = text[span.range.clone()].split_whitespace().collect();
            let expected: Vec<&str> = notation.split(' ').collect();
            assert_eq!(written.len(), expected.len(), "{:?} vs {notation}", &text[span.range.clone()]);
            assert!(written.last().unwrap().starts_with(expected.last().unwrap()));
        }
    }
    orrery::with_game!(game, g => check(g));
}

fn ron_round_trip(game: &AnyGame) {
    let text = write_ron(std::slice::from_ref(game));
    let (back, errors) = read_ron(&text);
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    assert_eq!(back.len(), 1);
    assert_eq!(&back[0], game, "ron:\n{text}");
}

#[test]
fn thousands_of_random_interstellar_trees_round_trip_through_both_formats() {
    for seed in 0..1500u64 {
        let size = (seed % 60) as usize;
        let game = AnyGame::Interstellar(random_game::<interstellar::Position>(seed, size));
        text_round_trip(&game);
        ron_round_trip(&game);
    }
}

#[test]
fn thousands_of_random_triangular_trees_round_trip_through_both_formats() {
    for seed in 0..1500u64 {
        let size = (seed % 60) as usize;
        let game = AnyGame::Triangular(random_game::<triangular::Position>(seed, size));
        text_round_trip(&game);
        ron_round_trip(&game);
        let game = AnyGame::Draughts(random_game::<draughts::Position>(seed, size));
        text_round_trip(&game);
        ron_round_trip(&game);
    }
}

#[test]
fn thousands_of_random_draughts_trees_round_trip_through_both_formats() {
    for seed in 0..1500u64 {
        let size = (seed % 60) as usize;
        let game = AnyGame::Draughts(random_game::<draughts::Position>(seed, size));
        text_round_trip(&game);
        ron_round_trip(&game);
    }
}

#[test]
fn a_draughts_record_is_written_as_pdn_writes_moves() {
    let text = "[Variant \"Triangular draughts\"]\n\n1. 34-26 18x34 2. 37x30 *\n";
    let game = orrery::record::read_one(text).unwrap();
    let AnyGame::Draughts(record) = &game else { panic!("{game:?}") };
    assert_eq!(record.tree.main_line_from(NodeId::ROOT).len(), 3);
    let written = write_any(&game);
    assert!(written.contains("[Variant \"Triangular draughts\"]"), "{written}");
    assert!(written.contains("1. 34-26 18x34 2. 37x30 *"), "{written}");
    // A short form and an upper-case X read too; a capture's whole route is written.
    let short = "[Variant \"Triangular draughts\"]\n[SetUp \"1\"]\n[Position \"W:WK29:B12,13,25\"]\n\n1. 29X22 *\n";
    let game = orrery::record::read_one(short).unwrap();
    assert!(write_any(&game).contains("1. 29x16x9x22 *"), "{}", write_any(&game));
}

#[test]
fn many_games_in_one_file() {
    let games: Vec<AnyGame> = (0..30)
        .map(|s| match s % 3 {
            0 => AnyGame::Interstellar(random_game::<interstellar::Position>(1000 + s, 15)),
            1 => AnyGame::Triangular(random_game::<triangular::Position>(1000 + s, 15)),
            _ => AnyGame::Draughts(random_game::<draughts::Position>(1000 + s, 15)),
        })
        .collect();
    let text = write_games(&games);
    let report = read_games(&text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.games, games);
    let (back, errors) = read_ron(&write_ron(&games));
    assert!(errors.is_empty());
    assert_eq!(back, games);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn reader_never_panics_on_arbitrary_text(text in "\\PC{0,400}") {
        let _ = read_games(&text);
        let _ = read_ron(&text);
    }

    #[test]
    fn reader_never_panics_on_pgn_like_text(text in "[\\[\\]\"{}()$!?*.;%0-9a-zA-Z \\n+-]{0,300}") {
        let _ = read_games(&text);
    }

    #[test]
    fn reader_never_panics_on_damaged_records(seed in 0u64..10_000, cut in 0usize..2000, junk in "\\PC{0,8}") {
        let game = AnyGame::Interstellar(random_game::<interstellar::Position>(seed, 25));
        let mut text = write_any(&game);
        let at = (0..=cut.min(text.len())).rev().find(|&k| text.is_char_boundary(k)).unwrap_or(0);
        text.insert_str(at, &junk);
        let _ = read_games(&text);
        let mut ron = write_ron(std::slice::from_ref(&game));
        let at = (0..=cut.min(ron.len())).rev().find(|&k| ron.is_char_boundary(k)).unwrap_or(0);
        ron.insert_str(at, &junk);
        let _ = read_ron(&ron);
    }

    #[test]
    fn random_trees_round_trip(seed in any::<u64>(), size in 0usize..80) {
        let game = AnyGame::Interstellar(random_game::<interstellar::Position>(seed, size));
        text_round_trip(&game);
        ron_round_trip(&game);
        let game = AnyGame::Triangular(random_game::<triangular::Position>(seed, size));
        text_round_trip(&game);
        ron_round_trip(&game);
        let game = AnyGame::Draughts(random_game::<draughts::Position>(seed, size));
        text_round_trip(&game);
        ron_round_trip(&game);
    }
}

#[test]
fn every_error_of_a_damaged_file_is_reported_with_line_and_column() {
    let text = "\
[Variant \"Interstellar\"]
[Event \"Damaged\"]

1. PQ-33 PQ-37 2. PQ-99 *

[Variant \"Interstellar\"]
[Result \"1-0\"]

1. NQ-37 $300 (2. PB-23) ) *

[Variant \"Chess\"]

1. e4 *

[Variant \"Interstellar\"]
[Position \"p8/8/9/8/9/8/9/8/4P4 +\"]

*

[Variant \"Interstellar\"]

1. PQ-33 {never closed
";
    let report = read_games(text);
    let found: Vec<String> = report.errors.iter().map(|e| e.to_string()).collect();
    let expected = [
        "4:19: illegal move 'PQ-99': PQ cannot reach 99",
        "9:10: warning: '$300' is not a NAG ($0 to $255, ! ? !! ?? !? ?!)",
        "9:26: ')' without a matching '('",
        "7:1: warning: the Result tag says 1-0 but the moves end with *",
        "11:1: unknown variant `Chess` (expected `interstellar`, `triangular` or `draughts`)",
        "16:1: invalid Position: positive has nothing but its planet (the game would be over by Total Annihilation); negative has nothing but its planet (the game would be over by Total Annihilation)",
        "22:10: comment not closed with '}'",
    ];
    assert_eq!(found, expected);
    // Each error says which part of the record is wrong.
    let kinds: Vec<RecordErrorKind> = report.errors.iter().map(|e| e.kind).collect();
    use RecordErrorKind::{Annotation, Comment, Move, Position, Result, Variant, Variation};
    assert_eq!(kinds, [Move, Annotation, Variation, Result, Variant, Position, Comment]);
    // The games that could be read are still there.
    assert_eq!(report.games.len(), 3);
}

#[test]
fn interstellar_draws_are_refused() {
    let report = read_games("[Variant \"Interstellar\"]\n\n1. PQ-33 1/2-1/2\n");
    assert_eq!(report.errors.len(), 1);
    assert!(report.errors[0].message.contains("no draws"));
    assert_eq!(report.errors[0].kind, RecordErrorKind::Result);
}

#[test]
fn nags_glyphs_and_the_out_suffix_are_read() {
    let text = "[Variant \"Interstellar\"]\n[SetUp \"1\"]\n[Position \"p8/7Q/9/8/s3Q4/8/9/8/4P4 +\"]\n\n1. PQ-97 out!! $14 1-0\n";
    let AnyGame::Interstellar(g) = read_one(text).unwrap() else { panic!("variant") };
    let first = g.tree.node(NodeId::ROOT).children[0];
    assert_eq!(g.tree.node(first).nags, vec![Nag(3), Nag(14)]);
    assert!(g.position_at(first).is_target_out());
    assert!(write_any(&AnyGame::Interstellar(g)).contains("1. PQ-97 out!! $14 1-0"));
}

#[test]
fn editing_operations_keep_variations() {
    let mut g: GameRecord<interstellar::Position> = GameRecord::new();
    let a = g.add_move_text(NodeId::ROOT, "PQ-33").unwrap();
    let b = g.add_move_text(a, "PQ-37").unwrap();
    // Playing a different move from an earlier position makes a variation.
    let v = g.add_move_text(NodeId::ROOT, "NQ-37").unwrap();
    assert_eq!(g.tree.node(NodeId::ROOT).children, vec![a, v]);
    // Playing the same move again goes to the existing node.
    assert_eq!(g.add_move_text(NodeId::ROOT, "PQ-33").unwrap(), a);
    assert!(g.add_move_text(b, "PQ-99").is_err());
    assert!(g.tree.promote(v));
    assert_eq!(g.tree.main_line_from(NodeId::ROOT), vec![v]);
    assert_eq!(g.tree.delete(a), Some(NodeId::ROOT));
    assert_eq!(g.tree.move_count(), 1);
}

#[test]
fn the_hand_written_games_load() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/games");
    let mut loaded = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let (games, errors) = orrery::files::read_record_file(&path).unwrap();
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        assert!(!games.is_empty());
        for g in &games {
            assert!(g.move_count() >= 20, "{} is a real game", path.display());
            text_round_trip(g);
            ron_round_trip(g);
        }
        loaded += games.len();
    }
    assert!(loaded >= 1);
}
