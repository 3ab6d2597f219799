//! RON record files (issue 13, point 8): deep variations, checked tag names, annotations
//! kept through `.pgn`, located errors naming the field, compact output, and round
//! trips `.pgn → .ron → .pgn` and `.ron → .pgn → .ron` on random trees.

#![allow(clippy::unwrap_used)] // tests may unwrap

mod record_support;

use std::time::{Duration, Instant};

use orrery::core::Game;
use orrery::core::moves::MoveList;
use orrery::core::{draughts, interstellar, triangular};
use orrery::files::{DiagnosticKind, Format, parse_records};
use orrery::record::ron_file::{RonError, read_ron, write_ron};
use orrery::record::text::MAX_VARIATION_DEPTH;
use orrery::record::{AnyGame, GameRecord, NodeId, read_games, read_one, write_any, write_games};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use record_support::random_game;

fn ron_back(text: &str) -> Vec<AnyGame> {
    let (games, errors) = read_ron(text);
    assert!(errors.is_empty(), "{errors:?}\n{}", &text[..text.len().min(2000)]);
    games
}

fn pgn_back(text: &str) -> Vec<AnyGame> {
    let report = read_games(text);
    assert!(report.errors.is_empty(), "{:?}\n{text}", report.errors);
    report.games
}

/// `.pgn → .ron → .pgn` and `.ron → .pgn → .ron` give back the same text.
fn both_round_trips(games: &[AnyGame]) {
    let pgn = write_games(games);
    let ron = write_ron(games);
    let pgn_again = write_games(&ron_back(&ron));
    assert_eq!(pgn_again, pgn, "pgn → ron → pgn");
    let ron_again = write_ron(&pgn_back(&pgn));
    assert_eq!(ron_again, ron, "ron → pgn → ron");
    assert_eq!(ron_back(&ron), games);
}

/// A game whose variations nest `depth` deep: at each level, a move, and a variation
/// beside it that the next level continues.
fn nested_game<G: Game>(depth: usize) -> GameRecord<G> {
    let mut g = GameRecord::<G>::new();
    let mut at = NodeId::ROOT;
    let mut pos = g.start.clone();
    for _ in 0..=depth {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let main = g.tree.add_move(at, moves[0]);
        g.tree.set_comment_after(main, "main");
        // The variation beside it carries the next level.
        at = g.tree.add_move(at, moves[1]);
        pos.play(moves[1]);
    }
    g
}

fn variation_depth<G: Game>(g: &GameRecord<G>) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(NodeId::ROOT, 0usize)];
    while let Some((id, d)) = stack.pop() {
        deepest = deepest.max(d);
        for (k, &c) in g.tree.node(id).children.iter().enumerate() {
            stack.push((c, d + usize::from(k > 0)));
        }
    }
    deepest
}

#[test]
fn variations_nested_41_deep_and_up_to_the_text_limit_round_trip_through_ron() {
    for depth in [41, 60, MAX_VARIATION_DEPTH] {
        let g = nested_game::<interstellar::Position>(depth - 1);
        assert_eq!(variation_depth(&g), depth);
        let game = AnyGame::Interstellar(g);
        // The text format takes this nesting …
        assert_eq!(read_one(&write_any(&game)).unwrap(), game);
        // … so RON does too, both ways through the text.
        both_round_trips(std::slice::from_ref(&game));
        let t = AnyGame::Triangular(nested_game::<triangular::Position>(depth - 1));
        both_round_trips(&[t]);
    }
}

#[test]
fn variations_deeper_than_the_text_format_takes_are_refused_naming_the_move() {
    let game = AnyGame::Interstellar(nested_game::<interstellar::Position>(MAX_VARIATION_DEPTH));
    let ron = write_ron(std::slice::from_ref(&game));
    let (games, errors) = read_ron(&ron);
    assert!(games.is_empty());
    let [RonError::Content { game: 1, field, message, line, .. }] = &errors[..] else { panic!("{errors:?}") };
    assert!(field.starts_with("nodes[") && field.ends_with("].parent"), "{field}");
    assert!(message.contains("nested more than 100"), "{message}");
    assert!(*line > 2, "located at the node's own line");
}

#[test]
fn a_version_1_file_is_still_read() {
    let v1 = r#"(version: 1, games: [(
    variant: "Interstellar",
    tags: [("Event", "Club")],
    comment: "before",
    moves: [
        (move: "PQ-33", nags: [1], comment_after: "first", variations: [[(move: "NQ-37", comment_before: "or")]]),
        (move: "PQ-37", marks: (arrows: ["G4355"], cells: ["R43"])),
    ],
    result: "*",
)])"#;
    let games = ron_back(v1);
    let text = write_games(&games);
    assert!(text.contains("[Event \"Club\"]"), "{text}");
    assert!(text.contains("{before} 1. PQ-33! {first} ({or} 1. NQ-37) 1... PQ-37 {[%csl R43] [%cal G4355]}"), "{text}");
    assert!(write_ron(&games).starts_with("(version:2,games:[\n"));
    both_round_trips(&games);
}

fn ron_with_tags(tags: &str) -> String {
    format!(
        "(version:2,games:[\n(variant:\"Triangular\",tags:[{tags}],result:\"*\",nodes:[\n(move:\"Nbd3d\"),\n]),\n])\n"
    )
}

#[test]
fn tag_names_the_text_format_cannot_write_or_that_replace_another_are_errors() {
    // The tags, the field, words of the message, and where the field stands in `tags`.
    let cases = [
        (r#"("Bad Name","x")"#, "tags[0].0", "not a tag name", 1),
        (r#"("","x")"#, "tags[0].0", "not a tag name", 1),
        (r#"("Ev\"ent","x")"#, "tags[0].0", "not a tag name", 1),
        (r#"("[x]","x")"#, "tags[0].0", "not a tag name", 1),
        (r#"("Event ","x")"#, "tags[0].0", "not a tag name", 1),
        (r#"("Result","1-0")"#, "tags[0].0", "written from the game", 1),
        (r#"("Variant","Interstellar")"#, "tags[0].0", "written from the game", 1),
        (r#"("SetUp","1")"#, "tags[0].0", "written from the game", 1),
        (r#"("Position","x")"#, "tags[0].0", "written from the game", 1),
        (r#"("Event","a"),("Site","b"),("Event","c")"#, "tags[2].0", "already given as tags[0]", 28),
        (r#"("Event","two\nlines")"#, "tags[0].1", "line break", 9),
    ];
    for (tags, field_expected, words, within) in cases {
        let text = ron_with_tags(tags);
        let (games, errors) = read_ron(&text);
        assert!(games.is_empty(), "{tags}");
        let [RonError::Content { game: 1, field, message, line, column }] = &errors[..] else {
            panic!("{tags}: {errors:?}")
        };
        assert_eq!(field, field_expected, "{tags}");
        assert!(message.contains(words), "{tags}: {message}");
        // Located at the tag itself, on line 2.
        assert_eq!(*line, 2, "{tags}");
        let expected = text.lines().nth(1).unwrap().find("tags:[").unwrap() + 6 + within + 1;
        assert_eq!(*column as usize, expected, "{tags}");
    }
    // Unusual but writable names are kept, and survive the text format.
    let ok = ron_with_tags(r#"("Time:Control","40/2"),("Annotator","A \"B\" \\ ] } ) { C")"#);
    let games = ron_back(&ok);
    assert_eq!(games[0].tags().get("Time:Control"), Some("40/2"));
    both_round_trips(&games);
}

#[test]
fn a_comment_that_reads_like_a_mark_stays_text_in_ron() {
    let text = "(version:2,games:[\n(variant:\"Interstellar\",result:\"*\",nodes:[\n(move:\"PQ-33\",comment_after:\"[%csl G43]\"),\n]),\n])\n";
    let games = ron_back(text);
    let AnyGame::Interstellar(g) = &games[0] else { panic!() };
    let first = g.tree.node(NodeId::ROOT).children[0];
    assert_eq!(g.tree.node(first).comment_after, "[%csl G43]");
    assert!(g.tree.node(first).marks.is_empty());
    let written = write_ron(&games);
    assert!(written.contains("(move:\"PQ-33\",comment_after:\"[%csl G43]\"),"), "{written}");
    assert_eq!(ron_back(&written), games);
}

#[test]
fn a_comment_that_reads_like_a_mark_stays_text_through_pgn() {
    let text = "(version:2,games:[\n(variant:\"Interstellar\",result:\"*\",nodes:[\n(move:\"PQ-33\",comment_after:\"[%csl G43]\"),\n]),\n])\n";
    let games = ron_back(text);
    let ron = write_ron(&games);
    assert_eq!(write_ron(&pgn_back(&write_games(&games))), ron);
}

#[test]
fn a_closing_brace_in_a_comment_survives_ron_and_pgn() {
    let text = "(version:2,games:[\n(variant:\"Interstellar\",result:\"*\",nodes:[\n(move:\"PQ-33\",comment_after:\"a } b \\\\ c\"),\n]),\n])\n";
    let games = ron_back(text);
    let ron = write_ron(&games);
    assert!(ron.contains("comment_after:\"a } b \\\\ c\""), "ron → memory → ron: {ron}");
    assert_eq!(write_ron(&pgn_back(&write_games(&games))), ron, "ron → pgn → ron");
}

#[test]
fn ron_errors_stand_at_their_line_and_column_and_name_the_field() {
    // A syntax error: a string where NAG numbers belong, in game 2's fourth move.
    let mut games: Vec<AnyGame> = (0..2).map(|_| AnyGame::Interstellar(GameRecord::new())).collect();
    let AnyGame::Interstellar(g) = &mut games[1] else { panic!() };
    let mut at = NodeId::ROOT;
    for _ in 0..4 {
        let mut moves = MoveList::new();
        g.position_at(at).legal_moves(&mut moves);
        at = g.add_move(at, moves[0]);
    }
    let good = write_ron(&games);
    // Game 1 has no moves: the fourth move line is game 2's nodes[3].
    let line = good.lines().enumerate().filter(|(_, l)| l.starts_with("(move:")).nth(3).unwrap().0 + 1;
    let edit = |f: &dyn Fn(&str) -> String| {
        good.lines()
            .enumerate()
            .map(|(k, l)| if k + 1 == line { f(l) } else { l.to_string() } + "\n")
            .collect::<String>()
    };
    let bad = edit(&|l| l.replace(')', ",nags:[\"x\"])"));
    let (_, errors) = read_ron(&bad);
    let [RonError::Syntax { line: l, column, message }] = &errors[..] else { panic!("{errors:?}") };
    assert_eq!(*l as usize, line, "{message}");
    assert!(*column > 10, "{column}");
    assert!(message.starts_with("game 2, nodes[3].nags"), "{message}");
    // A content error: an illegal move, at the move's own line and column.
    let bad = edit(&|_| "(move:\"NQ-99\"),".to_string());
    let (read, problems) = parse_records(&bad, Format::Ron, "x.ron");
    assert_eq!(read.len(), 1, "the other game is kept");
    assert_eq!(problems[0].kind, DiagnosticKind::RonContent);
    assert_eq!((problems[0].line as usize, problems[0].column), (line, 7), "{}", problems[0]);
    assert!(problems[0].to_string().starts_with(&format!("x.ron:{line}:7: game 2, nodes[3].move: illegal move")));
    // Pretty-printed files by hand: still located.
    let hand = "(\n  version: 2,\n  games: [\n    (\n      variant: \"Chess\",\n    ),\n  ],\n)\n";
    let (_, problems) = parse_records(hand, Format::Ron, "h.ron");
    assert_eq!(
        problems[0].to_string(),
        "h.ron:5:16: game 1, variant: unknown variant `Chess` (expected `interstellar`, `triangular` or `draughts`)"
    );
    let (_, problems) = parse_records("(\n version: 7, games: [])", Format::Ron, "v.ron");
    assert!(problems[0].to_string().starts_with("v.ron:2:11: the file has schema version 7"), "{}", problems[0]);
}

#[test]
fn a_long_record_makes_a_ron_file_of_comparable_size() {
    let game = AnyGame::Interstellar(orrery::record::samples::long_quiet_game(3000, 11));
    let pgn = write_any(&game);
    let ron = write_ron(std::slice::from_ref(&game));
    assert!(ron.len() < 2 * pgn.len(), "ron {} bytes, pgn {} bytes", ron.len(), pgn.len());
    both_round_trips(&[game]);
}

/// Tag values and comments meant to break a writer: quotes, backslashes, brackets and
/// braces of both formats, escapes, text that reads like board marks or a tag line,
/// `%`, `;`, unicode, RON syntax.
const HOSTILE: [&str; 21] = [
    "\"",
    "\\",
    "]",
    "[",
    ")",
    "(",
    "{",
    "}",
    "\\}",
    "%",
    ";x",
    "→é",
    "r#\"",
    "/*",
    "*/",
    "\",nodes:[",
    "[%csl Ga1]",
    "[% cal Ga1a2]",
    "[%clk 0:01]",
    "[\\%",
    "\r\n[Event \"x\"]",
];

fn hostile_text(rng: &mut StdRng) -> String {
    let n = rng.random_range(1..5);
    (0..n).map(|_| HOSTILE[rng.random_range(0..HOSTILE.len())]).collect::<Vec<_>>().join(if rng.random_bool(0.5) {
        " "
    } else {
        ""
    })
}

fn hostile_game<G: orrery::record::RecordGame>(seed: u64, size: usize) -> AnyGame {
    let mut g = random_game::<G>(seed, size);
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    for k in 0..rng.random_range(0..3) {
        g.tags.set(&format!("Hostile{k}"), &hostile_text(&mut rng));
    }
    if rng.random_bool(0.5) {
        g.tags.set("Event", &hostile_text(&mut rng));
    }
    let ids: Vec<NodeId> = (0..g.tree.arena_len() as u32).map(NodeId).collect();
    for id in ids {
        if rng.random_bool(0.3) {
            let text = format!("{} {}", g.tree.node(id).comment_after, hostile_text(&mut rng));
            g.tree.set_comment_after(id, &text);
        }
    }
    G::into_any(g)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_trees_with_hostile_text_survive_both_round_trips(seed in any::<u64>(), size in 0usize..80) {
        both_round_trips(&[hostile_game::<interstellar::Position>(seed, size)]);
        both_round_trips(&[
            hostile_game::<triangular::Position>(seed, size),
            hostile_game::<interstellar::Position>(seed ^ 1, size / 2),
            hostile_game::<draughts::Position>(seed ^ 2, size),
        ]);
    }

    #[test]
    fn the_ron_reader_never_panics_on_mutated_files(seed in 0u64..10_000, edits in prop::collection::vec((0usize..4000, "\\PC{0,6}", 0usize..4), 1..6)) {
        let game = hostile_game::<interstellar::Position>(seed, 30);
        let mut ron = write_ron(&[game]);
        for (at, junk, cut) in edits {
            let at = (0..=at.min(ron.len())).rev().find(|&k| ron.is_char_boundary(k)).unwrap_or(0);
            let end = (at..=(at + cut).min(ron.len())).rev().find(|&k| ron.is_char_boundary(k)).unwrap_or(at);
            ron.replace_range(at..end, &junk);
        }
        let _ = read_ron(&ron);
    }

    #[test]
    fn the_ron_reader_never_panics_on_arbitrary_text(text in "[()\\[\\]{}\",:/*r#a-z0-9 \\n\\\\]{0,300}") {
        let _ = read_ron(&text);
        let _ = read_ron(&format!("(version:2,games:[{text}"));
    }
}

fn time_to_read(text: &str) -> Duration {
    let t = Instant::now();
    let _ = read_ron(text);
    t.elapsed()
}

#[test]
fn the_ron_reader_stays_linear_within_a_time_budget() {
    // Many games, each with an error to locate; deep brackets; a long line of nodes.
    let bad_game = "(variant:\"Interstellar\",result:\"*\",nodes:[(move:\"PQ-33\"),(move:\"PQ-99\")]),\n";
    let small = format!("(version:2,games:[\n{}])", bad_game.repeat(2_000));
    let large = format!("(version:2,games:[\n{}])", bad_game.repeat(16_000));
    let (_, errors) = read_ron(&large);
    assert_eq!(errors.len(), 16_000);
    let (ts, tl) = (time_to_read(&small), time_to_read(&large));
    assert!(tl < Duration::from_secs(10), "{tl:?}");
    assert!(tl < ts * 30 + Duration::from_millis(200), "8× the input took {tl:?} against {ts:?}");
    let deep = format!("(version:2,games:{}", "[".repeat(200_000));
    assert!(time_to_read(&deep) < Duration::from_secs(2));
    let game = AnyGame::Interstellar(orrery::record::samples::long_quiet_game(4000, 3));
    let one_line = write_ron(&[game]).replace('\n', " ");
    assert!(time_to_read(&one_line) < Duration::from_secs(5));
}

#[test]
fn ron_games_are_handed_on_one_by_one_and_those_before_a_syntax_error_are_kept() {
    let games: Vec<AnyGame> = (0..3).map(|_| AnyGame::Interstellar(GameRecord::new())).collect();
    let good = write_ron(&games);
    let mut seen = 0;
    let (count, errors) = orrery::record::ron_file::read_ron_each(&good, &mut |_, _| seen += 1);
    assert_eq!((count, seen), (3, 3));
    assert!(errors.is_empty(), "{errors:?}");
    // Cut inside the third game: the first two are read, the error is located.
    let cut = &good[..good.rfind("(variant").unwrap() + 12];
    let (read, errors) = orrery::record::ron_file::read_ron(cut);
    assert_eq!(read.len(), 2);
    assert_eq!(errors.len(), 1, "{errors:?}");
}

/// The tag's value in the first game of `games`, if any.
fn tag_of(games: &[AnyGame], name: &str) -> Option<String> {
    games.first().and_then(|g| g.tags().get(name).map(str::to_string))
}

proptest! {
    /// One rule for tag names: the text reader keeps a tag exactly when the RON reader
    /// would, and a kept tag comes back from RON and from text unchanged.
    #[test]
    fn tag_names_follow_one_rule_in_text_and_ron(name in "[0-9]{0,2}[a-zA-Z0-9_+#=:/!?.-]{1,6}") {
        let text = format!("[Variant \"Interstellar\"]\n[{name} \"x\"]\n\n*\n");
        let read = read_games(&text);
        let kept = tag_of(&read.games, &name);
        prop_assert_eq!(kept.is_some(), orrery::record::text::is_tag_name(&name), "{}", text);
        if kept.is_some() {
            let (back, errors) = read_ron(&write_ron(&read.games));
            prop_assert!(errors.is_empty(), "{:?}", errors);
            let value = tag_of(&back, &name);
            prop_assert_eq!(value.as_deref(), Some("x"));
            let again = read_one(&write_any(&back[0])).unwrap();
            prop_assert_eq!(again.tags().get(&name), Some("x"));
        }
    }
}

#[test]
fn a_tag_name_starting_with_digits_round_trips_through_ron() {
    for (name, ok) in [("9lives", true), ("20x27", true), ("12", false), ("9-lives", false)] {
        let text = format!("[Variant \"Interstellar\"]\n[{name} \"x\"]\n\n*\n");
        let read = read_games(&text);
        assert_eq!(tag_of(&read.games, name).is_some(), ok, "{name}");
        if ok {
            // Written to Orrery's own file and read back, the game keeps it.
            let (back, errors) = read_ron(&write_ron(&read.games));
            assert!(errors.is_empty(), "{name}: {errors:?}");
            assert_eq!(tag_of(&back, name).as_deref(), Some("x"), "{name}");
        }
    }
}

#[test]
fn ron_errors_escape_control_characters_and_cut_long_text() {
    let mut game: GameRecord<interstellar::Position> = GameRecord::new();
    game.add_move_text(NodeId::ROOT, "PQS-44").unwrap();
    let text = write_ron(&[AnyGame::Interstellar(game)]);
    let long = format!("NQS-44{}\u{1}\u{1b}[31m", "x".repeat(50_000));
    let bad = text.replace("(move:\"PQS-44\")", &format!("(move:\"{long}\")"));
    let (_, errors) = read_ron(&bad);
    assert_eq!(errors.len(), 1, "{errors:?}");
    let message = errors[0].to_string();
    assert!(message.chars().count() < 400, "{} characters", message.chars().count());
    assert!(!message.chars().any(char::is_control), "{message}");
    // A syntax error too: a control character in a bare word.
    let (_, errors) = read_ron(&text.replace("version:2", &format!("version:2\u{1b}{}", "y".repeat(50_000))));
    let message = errors[0].to_string();
    assert!(message.chars().count() < 400 && !message.chars().any(char::is_control), "{message}");
}

#[test]
fn utf16_record_files_are_decoded_and_said_to_be() {
    let mut game: GameRecord<interstellar::Position> = GameRecord::new();
    game.add_move_text(NodeId::ROOT, "PQS-44").unwrap();
    let games = [AnyGame::Interstellar(game)];
    for (format, text) in [(Format::Text, write_games(&games)), (Format::Ron, write_ron(&games))] {
        let le: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        for (bytes, encoding) in [(le, "UTF-16LE"), (be, "UTF-16BE")] {
            let read = orrery::files::parse_record_bytes(&bytes, format, "f");
            assert_eq!(read.games, games, "{format:?} {encoding}: {:?}", read.problems);
            assert_eq!(read.problems.len(), 1, "{:?}", read.problems);
            assert!(read.problems[0].to_string().contains(encoding), "{}", read.problems[0]);
            let (count, problems) =
                orrery::files::for_each_record(&bytes, format, "f", |_, _| Ok::<(), ()>(())).unwrap();
            assert_eq!((count, problems.len()), (1, 1), "{problems:?}");
        }
    }
}
