//! Issue 13's edge cases of the text reader and writer, with real-world input shapes:
//! files joined with `cat` (byte order marks), CRLF and CR line endings, `;` comments,
//! tags-only games, odd move numbers, invalid UTF-8, hostile tokens.

use orrery::record::{AnyGame, NodeId, RecordErrorKind, Severity, read_games, read_games_bytes, read_one, write_any};

const GAME: &str = "[Variant \"Interstellar\"]\n[Event \"A\"]\n\n1. PQ-33 PQ-37 *\n";

fn interstellar(game: &AnyGame) -> &orrery::record::GameRecord<orrery::core::interstellar::Position> {
    match game {
        AnyGame::Interstellar(g) => g,
        _ => panic!("variant"),
    }
}

#[test]
fn a_byte_order_mark_at_the_start_of_the_file_or_of_a_game_is_skipped() {
    let joined = format!("\u{feff}{GAME}\n\u{feff}{GAME}");
    let report = read_games(&joined);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.games.len(), 2);
    assert_eq!(report.game_count, 2);
}

#[test]
fn semicolon_comments_are_kept_on_the_move_before_without_cr() {
    let text = "[Variant \"Interstellar\"]\r\n\r\n1. PQ-33 ; a plan\r\nPQ-37 *\r\n";
    let game = read_one(text).expect("reads");
    let g = interstellar(&game);
    let first = g.tree.node(NodeId::ROOT).children[0];
    assert_eq!(g.tree.node(first).comment_after, "a plan");
    assert!(write_any(&game).contains("1. PQ-33 {a plan} 1... PQ-37 *"), "{}", write_any(&game));
}

#[test]
fn every_line_ending_reads_the_same_and_reports_the_same_place() {
    let lf = "[Variant \"Interstellar\"]\n[Event \"E\"]\n\n1. PQ-33 ; note\nPQ-37\n2. PQ-99 *\n";
    let mut seen = Vec::new();
    for text in [lf.to_string(), lf.replace('\n', "\r\n"), lf.replace('\n', "\r"), {
        // Mixed: CRLF, CR and LF in one file.
        let mut mixed = String::new();
        for (n, line) in lf.split_inclusive('\n').enumerate() {
            let ending = ["\r\n", "\n", "\r"][n % 3];
            mixed.push_str(&line.replace('\n', ending));
        }
        mixed
    }] {
        let report = read_games(&text);
        let found: Vec<String> = report.errors.iter().map(|e| e.to_string()).collect();
        seen.push((report.games, found));
    }
    assert_eq!(seen[0].1, ["6:4: illegal move 'PQ-99': PQ cannot reach 99"]);
    for other in &seen[1..] {
        assert_eq!(other, &seen[0]);
    }
}

#[test]
fn warnings_are_apart_from_errors_and_the_game_is_kept() {
    let text = "[Variant \"Interstellar\"]\n[Event \"A\"]\n[Event \"B\"]\n[Result \"1-0\"]\n\n1. PQ-33 $300 PQ-37\n";
    let report = read_games(text);
    let found: Vec<(String, Severity)> = report.errors.iter().map(|e| (e.to_string(), e.severity)).collect();
    assert_eq!(
        found,
        [
            ("3:1: warning: duplicate tag Event: the last value is kept".to_string(), Severity::Warning),
            ("6:10: warning: '$300' is not a NAG ($0 to $255, ! ? !! ?? !? ?!)".to_string(), Severity::Warning),
            (
                "6:15: warning: the game ends without a result token (1-0, 0-1, 1/2-1/2 or *)".to_string(),
                Severity::Warning
            ),
        ]
    );
    assert!(!report.has_errors());
    assert_eq!(report.games.len(), 1);
    // A Position without SetUp is a warning too.
    let text = "[Variant \"Interstellar\"]\n[Position \"p8/7Q/9/8/s3Q4/8/9/8/4P4 +\"]\n\n*\n";
    let report = read_games(text);
    assert_eq!(report.errors.len(), 1);
    assert_eq!(report.errors[0].severity, Severity::Warning);
    assert!(read_one(text).is_ok());
}

#[test]
fn a_result_tag_disagreeing_with_the_marker_is_a_warning() {
    let report = read_games("[Variant \"Interstellar\"]\n[Result \"1-0\"]\n\n1. PQ-33 *\n");
    assert_eq!(report.errors.len(), 1);
    assert_eq!(report.errors[0].severity, Severity::Warning);
    assert_eq!(report.errors[0].kind, RecordErrorKind::Result);
}

#[test]
fn a_game_with_tags_but_no_movetext_is_its_own_game() {
    let text = format!("[Variant \"Interstellar\"]\n[Event \"Tags only\"]\n\n{GAME}\n[Variant \"Triangular\"]\n\n");
    let report = read_games(&text);
    assert_eq!(report.games.len(), 3, "{:?}", report.errors);
    assert_eq!(report.game_count, 3);
    assert!(!report.has_errors(), "{:?}", report.errors);
    assert_eq!(interstellar(&report.games[0]).tags.get("Event"), Some("Tags only"));
    assert_eq!(interstellar(&report.games[1]).tags.get("Event"), Some("A"));
    // Every game is counted, also one that could not be read; stray text is reported.
    let report = read_games(&format!("{GAME}\n[Variant \"Chess\"]\n\n1. e4 *\n\n{GAME} ) ]"));
    assert_eq!((report.games.len(), report.game_count, report.damaged), (2, 3, 1));
    assert!(report.errors.iter().any(|e| e.message.contains("unexpected")), "{:?}", report.errors);
}

#[test]
fn a_set_up_game_may_start_with_the_second_players_move() {
    let text = "[Variant \"Interstellar\"]\n[SetUp \"1\"]\n[Position \"nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQPQUBN -\"]\n\n1. ... PQ-37 *\n";
    let report = read_games(text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.games[0].move_count(), 1);
}

#[test]
fn digits_glued_to_a_move_are_one_token_at_its_own_column() {
    let text = "[Variant \"Triangular\"]\n\n1. 6d6d *\n";
    let report = read_games(text);
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert_eq!((report.errors[0].line, report.errors[0].column), (3, 4));
    assert!(report.errors[0].message.starts_with("illegal move '6d6d'"), "{}", report.errors[0]);
}

#[test]
fn invalid_utf8_is_reported_with_line_and_column() {
    let mut bytes = GAME.as_bytes().to_vec();
    bytes.extend_from_slice(b"\r\n[Variant \"Interstellar\"]\r\n[Event \"b\xff\xfeg\"]\r\n\r\n1. PQ-33 *\r\n");
    let report = read_games_bytes(&bytes);
    assert_eq!(report.games.len(), 2);
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    let e = &report.errors[0];
    assert_eq!((e.line, e.column, e.kind), (7, 10, RecordErrorKind::Encoding));
    assert_eq!(e.to_string(), "7:10: bytes ff fe are not UTF-8 text");
}

#[test]
fn messages_escape_control_characters_and_cut_long_tokens() {
    let long = "Q".repeat(5000);
    let text = "[Variant \"Interstellar\"]\n[Result \"1\u{0}0\t\"]\n\n1. PQ-33 *\n";
    let report = read_games(text);
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    let message = &report.errors[0].message;
    assert!(message.starts_with("the Result tag says 1\\u{0}0\\t but"), "{message}");
    assert!(!message.chars().any(char::is_control));
    let report = read_games(&format!("[Variant \"Interstellar\"]\n\n1. PQ-33 PQ-37 {long} *\n"));
    let message = &report.errors[0].message;
    assert!(message.len() < 400, "{}", message.len());
    assert!(message.contains(&format!("'{}…'", "Q".repeat(40))), "{message}");
}

#[test]
fn the_writer_never_starts_a_line_with_out() {
    // A game whose Target Out move would wrap right before ` out`.
    for event in 0..80 {
        let mut text =
            String::from("[Variant \"Interstellar\"]\n[SetUp \"1\"]\n[Position \"p8/7Q/9/8/s3Q4/8/9/8/4P4 +\"]\n\n");
        text.push_str(&format!("{{{}}} 1. PQ-97 out 1-0\n", "x".repeat(event)));
        let game = read_one(&text).expect("reads");
        let written = write_any(&game);
        assert!(!written.lines().any(|l| l.starts_with("out")), "{written}");
        assert_eq!(read_one(&written).expect("reads back"), game);
    }
}

#[test]
fn files_joined_from_other_programs_exports_read_every_game() {
    let mut text = String::new();
    text.push('\u{feff}');
    text.push_str(
        "[Event \"Club\"]\r\n[Variant \"Interstellar\"]\r\n\r\n1. PQ-33 ; first\r\n1... PQ-37 2. NQ-37 *\r\n\r\n",
    );
    text.push('\u{feff}');
    text.push_str("[Variant \"Interstellar\"]\r\n[Event \"Tags only\"]\r\n\r\n");
    text.push_str("[Variant \"Triangular\"]\r[Event \"CR\"]\r\r*\r");
    let report = read_games(&text);
    assert!(!report.has_errors(), "{:?}", report.errors);
    assert_eq!((report.games.len(), report.game_count), (3, 3));
}

/// The fastest of three runs of `f`.
fn fastest(f: impl Fn()) -> std::time::Duration {
    (0..3)
        .map(|_| {
            let t = std::time::Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Reading `make(4n)` takes at most about 4 times as long as reading `make(n)` (a
/// quadratic reader takes 16 times as long).
fn assert_linear(make: impl Fn(usize) -> String, n: usize) {
    let (small, big) = (make(n), make(4 * n));
    let t_small = fastest(|| {
        read_games(&small);
    });
    let t_big = fastest(|| {
        read_games(&big);
    });
    assert!(
        t_big < t_small * 9 + std::time::Duration::from_millis(20),
        "{} bytes: {t_small:?}, {} bytes: {t_big:?}",
        small.len(),
        big.len()
    );
}

#[test]
fn many_comments_on_one_move_read_in_linear_time() {
    assert_linear(
        |n| format!("[Variant \"Interstellar\"]\n\n1. PQ-33 {}*\n", "{a comment of some words} ".repeat(n)),
        2_000,
    );
    // ; comments and comments before a variation's first move too.
    assert_linear(|n| format!("[Variant \"Interstellar\"]\n\n1. PQ-33 {}*\n", "; a line\n".repeat(n)), 2_000);
    assert_linear(|n| format!("[Variant \"Interstellar\"]\n\n1. PQ-33 ({} 1. NQ-37) *\n", "{c} ".repeat(n)), 2_000);
}

#[test]
fn many_tags_read_in_linear_time() {
    assert_linear(
        |n| {
            let tags: String = (0..n).map(|k| format!("[Tag{k} \"v\"]\n")).collect();
            format!("[Variant \"Interstellar\"]\n{tags}\n1. PQ-33 *\n")
        },
        5_000,
    );
}

#[test]
fn a_missing_or_wrong_move_suffix_is_a_warning() {
    let set_up = "[Variant \"Interstellar\"]\n[SetUp \"1\"]\n[Position \"p8/7Q/9/8/s3Q4/8/9/8/4P4 +\"]\n\n";
    let report = read_games(&format!("{set_up}1. PQ-97 1-0\n"));
    let found: Vec<String> = report.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(found, ["5:4: warning: move 'PQ-97': the suffix is none, expected 'out' (PQ-97 out)"]);
    let report = read_games("[Variant \"Interstellar\"]\n\n1. PQ-33+ *\n");
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert_eq!(report.errors[0].severity, Severity::Warning);
    assert!(report.errors[0].message.contains("the suffix is '+', expected none"), "{}", report.errors[0]);
    assert!(read_games(&format!("{set_up}1. PQ-97 out 1-0\n")).errors.is_empty());
}

#[test]
fn moves_typed_after_the_result_marker_are_explained() {
    // A user types moves after `*`: they start a new game without tags, and the message
    // says so instead of only asking for a Variant tag.
    let report = read_games("[Variant \"Triangular\"]\n\n1. Bc3d *\n 1. cd3l Nc6l\n");
    assert_eq!(report.games.len(), 1, "the first game is kept");
    let error = report.errors.iter().find(|e| e.kind == RecordErrorKind::Variant).expect("an error");
    assert!(error.message.contains("after a result marker"), "{}", error.message);
    assert_eq!((error.line, error.column), (4, 2), "at the first word after the marker");
}

#[test]
fn each_game_says_where_its_text_stands_and_the_reader_where_it_has_come() {
    use orrery::record::GameReader;
    let text = format!("; header\n{GAME}\n{GAME}");
    let mut reader = GameReader::new(&text);
    let first = reader.next().expect("a game");
    // A game's text starts at its header comments.
    assert_eq!(&text[first.range.clone()], format!("; header\n{}", GAME.trim_end()));
    assert_eq!(reader.offset(), first.range.end);
    let second = reader.next().expect("a game");
    assert_eq!(&text[second.range.clone()], GAME.trim_end());
    assert!(second.range.start > first.range.end);
    assert!(reader.next().is_none());
    assert_eq!(reader.offset(), text.trim_end().len());
}

#[test]
fn an_unclosed_comment_stops_before_the_next_games_tags() {
    let text = format!("[Variant \"Interstellar\"]\n\n1. PQ-33 {{ never closed\nPQ-37 *\n\n{GAME}");
    let report = read_games(&text);
    assert_eq!(report.game_count, 2);
    assert_eq!(report.games.len(), 2, "{:?}", report.errors);
    let errors: Vec<_> = report.errors.iter().filter(|e| e.is_error()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0].line, errors[0].column, errors[0].kind), (3, 10, RecordErrorKind::Comment));
    // The second game is whole.
    assert_eq!(interstellar(&report.games[1]).tree.move_count(), 2);
    assert_eq!(interstellar(&report.games[1]).tags.get("Event"), Some("A"));
}

#[test]
fn comments_before_a_games_tags_become_its_opening_comment() {
    let text = format!("; exported by Other 1.0\n{{and a note}}\n{GAME}");
    let report = read_games(&text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let g = interstellar(&report.games[0]);
    assert_eq!(g.tree.node(NodeId::ROOT).comment_after, "exported by Other 1.0 and a note");
    // Written back as a comment before the first move, and read back the same.
    let again = read_one(&write_any(&report.games[0])).expect("reads");
    assert_eq!(again, report.games[0]);
}

#[test]
fn a_comment_after_the_last_game_is_reported_not_dropped_silently() {
    let text = format!("{GAME}\n; the end\n");
    let report = read_games(&text);
    assert_eq!(report.games.len(), 1);
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert_eq!(report.errors[0].severity, Severity::Warning);
    assert_eq!((report.errors[0].line, report.errors[0].kind), (6, RecordErrorKind::Stray));
}

#[test]
fn comment_text_with_braces_backslashes_and_mark_lookalikes_survives_the_writer() {
    let mut game = read_one(GAME).expect("reads");
    let AnyGame::Interstellar(g) = &mut game else { panic!("variant") };
    let first = g.tree.node(NodeId::ROOT).children[0];
    let hostile = r"a } b \ c \} [%csl G43] [%clk 0:01] [% cal G4344] end\";
    g.tree.set_comment_after(first, hostile);
    g.tree.set_comment_after(NodeId::ROOT, "[Event \"x\"] at the start [%");
    let text = write_any(&game);
    let back = read_one(&text).unwrap_or_else(|e| panic!("{text}\n{e:?}"));
    let b = interstellar(&back);
    assert_eq!(b.tree.node(first).comment_after, hostile, "{text}");
    assert!(b.tree.node(first).marks.cells.is_empty(), "text that reads like a mark stays text");
    assert_eq!(b.tree.node(NodeId::ROOT).comment_after, "[Event \"x\"] at the start [%");
    // Other programs' commands stay readable as written.
    assert!(text.contains("[%clk"), "{text}");
    assert!(text.contains(r"[\%csl G43]"), "{text}");
}

#[test]
fn a_foreign_backslash_in_a_comment_is_kept_as_written() {
    let text = "[Variant \"Interstellar\"]\n\n1. PQ-33 {C:\\games\\x.pgn} *\n";
    let game = read_one(text).expect("reads");
    let g = interstellar(&game);
    assert_eq!(g.tree.node(g.tree.node(NodeId::ROOT).children[0]).comment_after, "C:\\games\\x.pgn");
}

#[test]
fn the_reader_knows_only_syntax_and_reports_it_to_a_visitor() {
    use orrery::record::text::{Reader, RecordError, SanToken, Token, Visitor};
    #[derive(Default)]
    struct Count {
        tags: Vec<String>,
        moves: Vec<String>,
        variations: usize,
        errors: usize,
    }
    impl Visitor for Count {
        type Output = usize;
        fn error(&mut self, _: RecordError) {
            self.errors += 1;
        }
        fn tag(&mut self, name: &str, value: &str, _: &Token<'_>) {
            self.tags.push(format!("{name}={value}"));
        }
        fn san(&mut self, san: &SanToken<'_>) {
            self.moves.push(format!("{}{}", san.text, if san.out { " out" } else { "" }));
        }
        fn begin_variation(&mut self, _: &Token<'_>) {
            self.variations += 1;
        }
        fn end_game(&mut self) -> usize {
            self.moves.len()
        }
    }
    // Not a legal game of anything: the reader does not care.
    let text = "[Variant \"Nothing\"]\n[X \"a \\\"b\\\"\"]\n1. ZZ-99 out! (1. QQ) 2. hello *\n[A \"b\"] 1-0";
    let mut reader = Reader::new(text);
    let mut count = Count::default();
    assert_eq!(reader.read_game(&mut count), Some(3));
    assert_eq!(count.tags, ["Variant=Nothing", "X=a \"b\""]);
    assert_eq!(count.moves, ["ZZ-99 out", "QQ", "hello"]);
    assert_eq!(count.variations, 1);
    assert_eq!(count.errors, 0);
    assert_eq!(reader.read_game(&mut count), Some(3), "a tags-only game");
    assert_eq!(reader.read_game(&mut count), None);
}

#[test]
fn a_tags_only_game_at_the_end_is_warned_about_at_its_own_tags() {
    let text = format!("{GAME}\n[Variant \"Triangular\"]\n[Event \"Tags only\"]\n");
    let report = read_games(&text);
    assert_eq!(report.game_count, 2);
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert_eq!((report.errors[0].line, report.errors[0].kind), (7, RecordErrorKind::Result));
}

#[test]
fn a_tag_like_line_inside_a_closed_comment_stays_in_the_comment() {
    let text = "[Variant \"Interstellar\"]\n\n1. PQS-44 { a comment\n[Event \"still inside\"]\nthat is closed here } NQS-44 *\n";
    let report = read_games(text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.games.len(), 1);
    let g = interstellar(&report.games[0]);
    assert_eq!(g.tree.move_count(), 2);
    let first = g.tree.node(NodeId::ROOT).children[0];
    assert!(g.tree.node(first).comment_after.contains("[Event \"still inside\"]"));
    // Written back and read back the same.
    assert_eq!(read_one(&write_any(&report.games[0])).expect("reads"), report.games[0]);
}

#[test]
fn a_comment_never_closed_is_cut_at_the_next_games_tags_and_the_guess_is_reported() {
    // The second game has comments of its own: the first `}` after the unclosed `{` is
    // theirs, so the unclosed comment stops at the tag line before them.
    let text = "[Variant \"Interstellar\"]\n\n1. PQS-44 { never closed\nNQS-44 *\n\n\
                [Variant \"Interstellar\"]\n[Event \"B\"]\n\n1. PQS-44 {fine} NQS-44 {also fine} *\n";
    let report = read_games(text);
    assert_eq!(report.games.len(), 2, "{:?}", report.errors);
    let found: Vec<String> = report.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        found,
        [
            "3:11: comment not closed with '}'",
            "6:1: warning: this game's start is a guess: the comment opened at 3:11 is not closed, and this line starts a tag pair"
        ]
    );
    // The first game keeps what the comment holds; the second is whole.
    let first = interstellar(&report.games[0]);
    let m = first.tree.node(NodeId::ROOT).children[0];
    assert!(first.tree.node(m).comment_after.contains("never closed"));
    let second = interstellar(&report.games[1]);
    assert_eq!(second.tree.move_count(), 2);
    assert_eq!(second.tags.get("Event"), Some("B"));
}

#[test]
fn many_unclosed_comments_and_quotes_read_in_linear_time() {
    assert_linear(|n| format!("[Variant \"Interstellar\"]\n\n1. PQ-33 {}*\n", "\"q\" ".repeat(n)), 2_000);
    assert_linear(|n| "[Variant \"Interstellar\"]\n\n1. PQ-33 { open\n".repeat(n), 500);
    assert_linear(|n| format!("[Variant \"Interstellar\"]\n[Event \"{}\"]\n\n*\n", "a \"b\" ".repeat(n)), 2_000);
}

#[test]
fn an_interstellar_draw_is_left_out_and_never_written() {
    let report = read_games("[Variant \"Interstellar\"]\n[Result \"1/2-1/2\"]\n\n1. PQS-44 1/2-1/2\n");
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert_eq!(report.errors[0].kind, RecordErrorKind::Result);
    let written = write_any(&report.games[0]);
    assert!(!written.contains("1/2-1/2"), "{written}");
    let again = read_games(&written);
    assert!(again.errors.is_empty(), "{:?}", again.errors);
    assert_eq!(again.games, report.games);
}

#[test]
fn an_unescaped_quote_in_a_tag_value_is_read_as_part_of_it_and_reported_where_it_stands() {
    let text = "[Variant \"Interstellar\"]\n[Event \"The \"big\" one\"]\n[Site \"x\"]\n\n1. PQS-44 *\n";
    let report = read_games(text);
    let found: Vec<String> = report.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        found,
        ["2:13: warning: a '\"' inside the value of tag Event is not escaped (write \\\"): read as part of the value"]
    );
    let g = interstellar(&report.games[0]);
    assert_eq!(g.tags.get("Event"), Some("The \"big\" one"));
    assert_eq!(g.tags.get("Site"), Some("x"));
    // Written escaped, and read back unchanged without a warning.
    let written = write_any(&report.games[0]);
    assert!(written.contains("[Event \"The \\\"big\\\" one\"]"), "{written}");
    let again = read_games(&written);
    assert!(again.errors.is_empty(), "{:?}", again.errors);
    assert_eq!(again.games, report.games);
    // Two tags on one line still read as two.
    let report = read_games("[Variant \"Interstellar\"] [Event \"E\"] [Site \"S\"]\n\n*\n");
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(interstellar(&report.games[0]).tags.get("Site"), Some("S"));
}
