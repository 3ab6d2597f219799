//! Triangular draughts against its rules (`docs/rules-draughts.md`): the cell table,
//! the promotion cells, the opening, every example position with its exact list of
//! moves, the known perft values, the position string and the notation. Expected values
//! are written out by hand from the rules, never read back from the generator.

#![allow(clippy::unwrap_used)] // tests may unwrap

use orrery::core::draughts::{Cell, Direction, Kind, Piece, Position, Setup, Side, perft, promotion_cells};
use orrery::core::moves::MoveList;

/// The rules file's table of every cell: number, Triangular name, u, v, and the
/// neighbours in White's directions F, FL, FR, BL, BR, B (0: off the board).
const CELLS: &str = "
1 h5d 7 5 0 0 0 2 3 5
2 h6d 6 6 0 0 1 4 5 8
3 g4d 6 4 0 1 0 5 6 9
4 h7d 5 7 0 0 2 7 8 11
5 g5d 5 5 1 2 3 8 9 12
6 f3d 5 3 0 3 0 9 10 13
7 h8d 4 8 0 0 4 0 11 15
8 g6d 4 6 2 4 5 11 12 16
9 f4d 4 4 3 5 6 12 13 17
10 e2d 4 2 0 6 0 13 14 18
11 g7d 3 7 4 7 8 15 16 19
12 f5d 3 5 5 8 9 16 17 20
13 e3d 3 3 6 9 10 17 18 21
14 d1d 3 1 0 10 0 18 0 22
15 g8d 2 8 7 0 11 0 19 23
16 f6d 2 6 8 11 12 19 20 24
17 e4d 2 4 9 12 13 20 21 25
18 d2d 2 2 10 13 14 21 22 26
19 f7d 1 7 11 15 16 23 24 27
20 e5d 1 5 12 16 17 24 25 28
21 d3d 1 3 13 17 18 25 26 29
22 c1d 1 1 14 18 0 26 0 30
23 f8d 0 8 15 0 19 0 27 31
24 e6d 0 6 16 19 20 27 28 32
25 d4d 0 4 17 20 21 28 29 33
26 c2d 0 2 18 21 22 29 30 34
27 e7d -1 7 19 23 24 31 32 35
28 d5d -1 5 20 24 25 32 33 36
29 c3d -1 3 21 25 26 33 34 37
30 b1d -1 1 22 26 0 34 0 38
31 e8d -2 8 23 0 27 0 35 39
32 d6d -2 6 24 27 28 35 36 40
33 c4d -2 4 25 28 29 36 37 41
34 b2d -2 2 26 29 30 37 38 42
35 d7d -3 7 27 31 32 39 40 43
36 c5d -3 5 28 32 33 40 41 44
37 b3d -3 3 29 33 34 41 42 45
38 a1d -3 1 30 34 0 42 0 0
39 d8d -4 8 31 0 35 0 43 0
40 c6d -4 6 32 35 36 43 44 46
41 b4d -4 4 33 36 37 44 45 47
42 a2d -4 2 34 37 38 45 0 0
43 c7d -5 7 35 39 40 0 46 0
44 b5d -5 5 36 40 41 46 47 48
45 a3d -5 3 37 41 42 47 0 0
46 b6d -6 6 40 43 44 0 48 0
47 a4d -6 4 41 44 45 48 0 0
48 a5d -7 5 44 46 47 0 0 0
";

fn pos(text: &str) -> Position {
    Position::from_position_string(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// Every legal move in full form, sorted.
fn moves(p: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut out: Vec<String> = list.iter().map(|&m| p.move_text(m)).collect();
    out.sort();
    out
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

#[test]
fn every_cell_has_the_numbers_names_and_neighbours_of_the_table() {
    let dirs = [Direction::F, Direction::FL, Direction::FR, Direction::BL, Direction::BR, Direction::B];
    let mut count = 0;
    for line in CELLS.lines().filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let cell = Cell::new(f[0].parse().unwrap()).unwrap();
        assert_eq!(cell.triangular_name(), f[1], "cell {cell}");
        assert_eq!(cell.uv(), (f[2].parse().unwrap(), f[3].parse().unwrap()), "cell {cell}");
        for (d, n) in dirs.iter().zip(&f[4..]) {
            let expected: u8 = n.parse().unwrap();
            assert_eq!(cell.neighbour(*d).map_or(0, Cell::number), expected, "cell {cell} direction {d:?}");
        }
        count += 1;
    }
    assert_eq!(count, 48);
    assert_eq!("33".parse::<Cell>().unwrap().number(), 33);
    assert!("0".parse::<Cell>().is_err() && "49".parse::<Cell>().is_err() && "c4d".parse::<Cell>().is_err());
}

#[test]
fn the_promotion_cells_are_the_far_edges() {
    let cells = |side| orrery::core::draughts::cells_of(promotion_cells(side)).map(Cell::number).collect::<Vec<_>>();
    assert_eq!(cells(Side::White), [1, 2, 3, 4, 6, 7, 10, 14]);
    assert_eq!(cells(Side::Black), [38, 39, 42, 43, 45, 46, 47, 48]);
}

#[test]
fn the_opening_has_white_men_on_31_to_48_and_black_on_1_to_18() {
    let p = Position::opening();
    assert_eq!(
        p.to_string(),
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18"
    );
    assert_eq!(p, pos("W:W31-48:B1-18"));
    assert_eq!(p.side_to_move(), Side::White);
    assert_eq!(moves(&p).len(), 15, "White has 15 first moves");
    for (step, capture) in [("31-23", "15x31"), ("32-24", "16x32"), ("33-25", "17x33"), ("34-26", "18x34")] {
        let mut q = p.clone();
        q.play(q.parse_move_text(step).unwrap());
        assert_eq!(moves(&q), [capture], "after {step}, Black must capture");
    }
}

#[test]
fn perft_of_the_opening_agrees_with_the_rules() {
    let p = Position::opening();
    assert_eq!(perft(&p, 1), 15);
    assert_eq!(perft(&p, 2), 169);
    assert_eq!(perft(&p, 3), 1896);
}

#[test]
fn a_man_steps_forward_only_and_a_king_flies() {
    // A White man on 25 steps to its F (17), FL (20) and FR (21) only.
    assert_eq!(moves(&pos("W:W25:B1")), sorted(&["25-17", "25-20", "25-21"]));
    // A Black man on 25 steps to its F = White's B (33), BL/BR = White's FR/FL… reversed.
    assert_eq!(moves(&pos("B:W48:B25")), sorted(&["25-28", "25-29", "25-33"]));
    // A king on 48 in the corner flies along its three lines.
    let king = moves(&pos("W:WK48:B1"));
    // F line 44 36 28 20 12 5 (1 is Black's), FL 46 43 39, FR 47 45 42 38.
    assert_eq!(
        king,
        sorted(&[
            "48-44", "48-36", "48-28", "48-20", "48-12", "48-5", "48-46", "48-43", "48-39", "48-47", "48-45", "48-42",
            "48-38"
        ])
    );
}

#[test]
fn the_example_positions_have_exactly_their_moves() {
    assert_eq!(
        moves(&pos(
            "B:W23,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18"
        )),
        ["15x31"]
    );
    let p = pos("B:W12,24,28,30,31,33,34,35,39,41,42,43,44,47,48:B1,3,4,5,6,7,8,9,10,11,13,14,19");
    assert_eq!(moves(&p), ["5x20x36x29x38x45x36"]);
    let mv = p.parse_move_text("5x20x36x45x38x29x36").unwrap();
    assert_eq!(p.parse_move_text("5x36").unwrap(), mv, "the short form");
    let mut after = p.clone();
    after.play(mv);
    assert_eq!(
        after.piece_at(Cell::new(36).unwrap()),
        Some(Piece { side: Side::Black, kind: Kind::Man }),
        "not crowned"
    );
    for taken in [12, 28, 33, 34, 42, 41] {
        assert_eq!(after.piece_at(Cell::new(taken).unwrap()), None, "{taken} taken");
    }
    assert_eq!(
        moves(&pos("W:WK29:B12,13,25")),
        sorted(&[
            "29x6x16x29",
            "29x6x16x34",
            "29x6x16x38",
            "29x16x6x21",
            "29x16x6x37",
            "29x16x6x45",
            "29x16x9x18",
            "29x16x9x22"
        ])
    );
    assert_eq!(moves(&pos("W:WK14:B8,12,13,27,32")), ["14x35x11x5x20x10"]);
    let k = pos("B:W12,24,27,28,39,43:BK26");
    assert_eq!(
        moves(&k),
        sorted(&[
            "26x4x35x14",
            "26x4x35x18",
            "26x4x35x21",
            "26x4x35x25",
            "26x8x32x14",
            "26x8x32x18",
            "26x8x32x21",
            "26x8x32x23",
            "26x8x32x25"
        ])
    );
    let mut shorts: Vec<String> = {
        let mut list = MoveList::new();
        k.legal_moves(&mut list);
        list.iter().map(|&m| k.short_text(m)).filter(|t| t.matches('x').count() == 1).collect()
    };
    shorts.sort();
    assert_eq!(shorts, ["26x23"], "only 26x23 has a short form");
    let six = moves(&pos("W:WK14,40:B2,3,4,5,6,8,9,13,20,25,31,K32,K42"));
    assert_eq!(six.len(), 6, "{six:?}");
    assert!(six.contains(&"14x28x12x1".to_string()) && six.contains(&"14x28x39x7".to_string()), "{six:?}");
    let lost = pos("W:W48:B36,K43,44,K45,K46,K47");
    assert!(moves(&lost).is_empty());
    assert_eq!(lost.outcome().map(|o| o.winner()), Some(Some(Side::Black)));
}

#[test]
fn a_man_reaching_its_far_edge_by_a_step_is_crowned() {
    let mut p = pos("W:W9:B40");
    p.play(p.parse_move_text("9-3").unwrap());
    assert_eq!(p.piece_at(Cell::new(3).unwrap()), Some(Piece { side: Side::White, kind: Kind::King }));
}

#[test]
fn the_25_move_rule_draws_and_a_blocked_side_still_loses() {
    let p = pos("W:WK48:BK1:H50");
    assert_eq!(p.outcome().map(|o| o.winner()), Some(None));
    let mut q = pos("W:WK48:BK1:H49");
    assert_eq!(q.outcome(), None);
    q.play(q.parse_move_text("48-44").unwrap());
    assert_eq!(q.halfmoves(), 50);
    assert!(q.outcome().is_some());
    // A man's step restarts the count.
    let mut r = pos("W:W40,K48:BK1:H20");
    r.play(r.parse_move_text("40-32").unwrap());
    assert_eq!(r.halfmoves(), 0);
}

#[test]
fn position_strings_are_written_one_way_and_read_leniently() {
    let p = pos(" b : w 26 : b ");
    assert_eq!(p.to_string(), "B:W26:B");
    assert_eq!(pos("W:B1,2,3:WK40,31,32").to_string(), "W:W31,32,K40:B1,2,3");
    assert_eq!(pos("W:WK5-7,40:B1").to_string(), "W:WK5,K6,K7,40:B1");
    assert_eq!(pos("W:W40:B1:H3:F12").to_string(), "W:W40:B1:H3:F12");
    for bad in
        ["", "X:W1:B2", "W:W1,1:B2", "W:W1:W2:B3", "W:W5-3:B1", "W:W49:B1", "W:W1:B2:Q7", "W:W1:B2:H1:H2", "W:W1,,2:B3"]
    {
        assert!(Setup::parse(bad).is_err(), "{bad}");
    }
    // Valid syntax, invalid positions: every problem listed.
    let problems = Position::from_position_string("W:W1,2:B48").unwrap_err();
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(Position::from_position_string("W:W40:B").is_err(), "Black has just moved and has no piece");
    assert!(Position::from_position_string("W:W:B40").is_ok(), "the side to move may have nothing left");
    assert!(Position::from_position_string("W:W40:B1:H51").is_err());
    assert!(Position::from_position_string("W:W19-37:B1").is_err(), "19 pieces");
}

#[test]
fn notation_reads_routes_short_forms_and_refuses_the_rest() {
    let p = pos("W:WK29:B12,13,25");
    assert!(p.parse_move_text("29x6x16x29").is_ok());
    assert!(matches!(p.parse_move_text("29x6"), Err(orrery::core::draughts::NotationError::NotLegal(_))));
    assert_eq!(p.parse_move_text("29x34").map(|m| p.move_text(m)).ok().as_deref(), Some("29x6x16x34"));
    let k = pos("B:W12,24,27,28,39,43:BK26");
    assert!(matches!(
        k.parse_move_text("26x14"),
        Err(orrery::core::draughts::NotationError::Ambiguous { count: 2, .. })
    ));
    assert_eq!(k.parse_move_text("26x8x32x14").map(|m| k.move_text(m)).ok().as_deref(), Some("26x8x32x14"));
    assert!(p.parse_move_text("29X6X16X34").is_ok(), "X as well as x");
    assert!(p.parse_move_text("29 x 6").is_err(), "no spaces inside a move");
    assert!(p.parse_move_text("29-30").is_err(), "a capture is compulsory");
    let o = Position::opening();
    assert!(o.parse_move_text("33x28").is_err());
    assert!(o.parse_move_text("31-23").is_ok());
    assert!(o.parse_move_text("31-22").is_err());
}

#[test]
fn an_illegal_move_says_why() {
    use orrery::core::Game;
    use orrery::core::draughts::IllegalMove;
    let c = |n| Cell::new(n).unwrap();
    let o = Position::opening();
    assert_eq!(o.illegal_move(c(1), c(19)), IllegalMove::NotYourPiece(Side::White));
    // An empty cell holds nothing to move, of either side.
    let empty = (1..=48).map(c).find(|&cell| o.piece_at(cell).is_none()).unwrap();
    assert_eq!(o.illegal_move(empty, c(19)), IllegalMove::NoPiece);
    assert_eq!(o.no_move_from(empty).to_string(), "There is no piece there");
    assert_eq!(o.illegal_move(c(31), c(39)), IllegalMove::ManStepsForward);
    assert_eq!(o.illegal_move(c(31), c(15)), IllegalMove::CannotReach);
    let after =
        pos("B:W23,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18");
    assert_eq!(after.illegal_move(c(18), c(26)), IllegalMove::MustCapture(1));
    let lost = pos("W:W48:B36,K43,44,K45,K46,K47");
    assert!(matches!(lost.illegal_move(c(48), c(44)), IllegalMove::GameOver(_)));
    assert_eq!(IllegalMove::MustCapture(3).to_string(), "A capture is compulsory, and of the most pieces: take 3");
}

#[test]
fn the_board_editor_setup_places_moves_and_clears_pieces() {
    use orrery::core::BoardSetup;
    let c = |n| Cell::new(n).unwrap();
    let mut s = <Setup as BoardSetup>::empty(Side::Black);
    let king = Piece { side: Side::White, kind: Kind::King };
    BoardSetup::place(&mut s, c(20), king);
    assert!(BoardSetup::move_piece(&mut s, c(20), c(21)));
    assert_eq!(BoardSetup::piece_at(&s, c(21)), Some(king));
    assert_eq!(BoardSetup::piece_at(&s, c(20)), None);
    assert!(!BoardSetup::move_piece(&mut s, c(20), c(22)), "nothing on 20");
    assert_eq!(BoardSetup::position_string(&s), "B:WK21:B");
    assert_eq!(<Setup as BoardSetup>::palette().len(), 4);
    BoardSetup::clear(&mut s);
    assert_eq!(BoardSetup::position_string(&s), "B:W:B");
}

#[test]
fn a_capture_ending_on_the_far_edge_crowns_the_man() {
    // 17's F is 9 and 9's F is 3, one of White's promotion cells.
    let mut p = pos("W:W17:B9");
    assert_eq!(moves(&p), ["17x3"]);
    p.play(p.parse_move_text("17x3").unwrap());
    assert_eq!(p.piece_at(Cell::new(3).unwrap()), Some(Piece { side: Side::White, kind: Kind::King }));
    assert_eq!(p.piece_at(Cell::new(9).unwrap()), None, "the jumped man is removed");
}

#[test]
fn no_legal_move_loses_even_on_the_fiftieth_king_move_and_a_third_repetition_draws() {
    let blocked = pos("W:W48:B36,K43,44,K45,K46,K47:H50");
    assert_eq!(blocked.outcome().map(|o| o.winner()), Some(Some(Side::Black)), "the loss comes first");
    // Kings on no common line: they shuffle without a capture.
    let mut p = pos("W:WK38:BK7");
    let mut history = vec![p.zobrist()];
    for text in ["38-30", "7-4", "30-38", "4-7", "38-30", "7-4", "30-38", "4-7"] {
        p.play(p.parse_move_text(text).unwrap());
        history.push(p.zobrist());
    }
    assert!(orrery::core::draughts::is_threefold_repetition(&history), "the start position a third time");
    assert!(!orrery::core::draughts::is_threefold_repetition(&history[..history.len() - 1]));
}
