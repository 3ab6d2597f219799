//! Triangular rules tests: one or more tests per sentence of `docs/rules-triangular.md`
//! (§1–§9), from small positions worked out by hand.
//!
//! Hand coordinates used in the comments: a cell is (row k, centroid X, up/down) with
//! X = twice the horizontal coordinate of its centroid. From the rules' definitions, an
//! up (dark) cell (k, X) has vertices (X∓1, k−1), (X, k); a down (light) cell (k, X)
//! has vertices (X∓1, k), (X, k−1); its file is (X+k+2)/2 (up) or (X+k+3)/2 (down).

#![allow(clippy::unwrap_used)] // tests may unwrap

use std::collections::BTreeSet;

use orrery::core::Game;
use orrery::core::bitboard::Bitboard;
use orrery::core::moves::MoveList;
use orrery::core::perft::perft;
use orrery::core::triangular::{
    CELL_COUNT, Cell, Kind, Move, NotationError, OPENING, Outcome, Piece, Position, Setup, Shade, Side, attacks,
    is_threefold_repetition,
};
use proptest::prelude::*;

// ---------------------------------------------------------------- helpers

fn c(name: &str) -> Cell {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn names(b: Bitboard) -> BTreeSet<String> {
    b.map(|i| Cell::from_slot(i).unwrap().to_string()).collect()
}

fn set(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(str::to_string).collect()
}

fn piece(ch: char) -> Piece {
    Piece::from_char(ch).unwrap()
}

/// A setup from `("cell", 'letter')` pairs.
fn setup(pieces: &[(&str, char)], turn: Side) -> Setup {
    let mut s = Setup::empty(Side::White);
    for &(cell, p) in pieces {
        s.board[c(cell).slot() as usize] = Some(piece(p));
    }
    s.side_to_move = turn;
    s
}

fn position(pieces: &[(&str, char)], turn: Side) -> Position {
    Position::from_setup(&setup(pieces, turn)).unwrap_or_else(|e| panic!("{e:?}"))
}

fn legal(p: &Position) -> Vec<Move> {
    let mut m = MoveList::new();
    p.legal_moves(&mut m);
    m.to_vec()
}

/// Legal destinations of the piece on `from`.
fn targets_from(p: &Position, from: &str) -> BTreeSet<String> {
    legal(p).into_iter().filter(|m| m.from == c(from)).map(|m| m.to.to_string()).collect()
}

/// Empty-board pattern of a piece.
fn pattern(p: char, cell: &str) -> BTreeSet<String> {
    names(attacks(piece(p), c(cell), Bitboard::EMPTY))
}

// ---------------------------------------------------------------- Board

#[test]
fn board_has_96_cells_in_rows_of_9_11_13_15_15_13_11_9() {
    let mut per_row = [0; 8];
    for cell in Cell::all() {
        per_row[cell.row() as usize - 1] += 1;
    }
    assert_eq!(per_row, [9, 11, 13, 15, 15, 13, 11, 9]);
    assert_eq!(Cell::all().count(), CELL_COUNT);
    assert_eq!(CELL_COUNT, 96);
}

#[test]
fn row_1_and_row_8_read_as_the_rules_file_says() {
    let row = |r: u8| -> Vec<String> { (0..20).map_while(|col| Cell::at(r, col)).map(|c| c.to_string()).collect() };
    assert_eq!(row(1), "a1l a1d b1l b1d c1l c1d d1l d1d e1l".split(' ').collect::<Vec<_>>());
    assert_eq!(row(8), "d8d e8l e8d f8l f8d g8l g8d h8l h8d".split(' ').collect::<Vec<_>>());
}

#[test]
fn row_4_and_file_d_by_hand() {
    // Row 4: up cells base on line 3 (half-width 3.5), down cells top on line 4
    // (half-width 4): files 0..7 for down, 0..6 for up, alternating from the left.
    let row4: Vec<String> = (0..15).map(|i| Cell::at(4, i).unwrap().to_string()).collect();
    assert_eq!(row4.join(" "), "a4l a4d b4l b4d c4l c4d d4l d4d e4l e4d f4l f4d g4l g4d h4l");
    let file_d: BTreeSet<String> = Cell::all().filter(|c| c.file() == 3).map(|c| c.to_string()).collect();
    assert_eq!(file_d, set("d1l d1d d2l d2d d3l d3d d4l d4d d5d d5l d6d d6l d7d d7l d8d"));
}

#[test]
fn cell_names_round_trip_and_suffix_is_case_insensitive() {
    for cell in Cell::all() {
        assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
    }
    assert_eq!("c1D".parse::<Cell>().unwrap(), c("c1d"));
    assert_eq!("F8L".to_lowercase().parse::<Cell>().unwrap(), c("f8l"));
    assert!("a8l".parse::<Cell>().is_err(), "no file a in row 8");
    assert!("c1x".parse::<Cell>().is_err());
    assert!("c9d".parse::<Cell>().is_err());
    assert!("".parse::<Cell>().is_err());
}

#[test]
fn a_file_and_a_row_meet_in_at_most_one_light_and_one_dark_cell() {
    for file in 0..8 {
        for row in 1..=8 {
            for shade in [Shade::Light, Shade::Dark] {
                let n = Cell::all().filter(|c| c.file() == file && c.row() == row && c.shade() == shade).count();
                assert!(n <= 1);
            }
        }
    }
}

#[test]
fn cells_sharing_a_side_differ_in_colour() {
    for cell in Cell::all() {
        for n in cell.edge_neighbours() {
            assert_ne!(Cell::from_slot(n).unwrap().shade(), cell.shade());
        }
    }
}

// ---------------------------------------------------------------- Neighbourhoods

#[test]
fn neighbours_of_a_centre_cell_by_hand() {
    // d4d = up (4, 0): edge d4l (4,−1) e4l (4,1) d3l (3,0); corners at its three vertices.
    assert_eq!(names(c("d4d").edge_neighbours()), set("d4l e4l d3l"));
    assert_eq!(names(c("d4d").corner_neighbours()), set("e5l d5d e5d c4d e4d c3d d3d c3l e3l"));
}

#[test]
fn every_inner_cell_touches_3_plus_9_cells() {
    let mut full = 0;
    for cell in Cell::all() {
        let e = cell.edge_neighbours().count();
        let k = cell.corner_neighbours().count();
        assert!(e <= 3 && k <= 9);
        if e == 3 && k == 9 {
            full += 1;
        }
    }
    assert!(full > 40);
}

// ---------------------------------------------------------------- Pieces: centre d4d

#[test]
fn king_on_centre_edge_and_corner() {
    assert_eq!(pattern('K', "d4d"), set("d4l e4l d3l e5l d5d e5d c4d e4d c3d d3d c3l e3l"));
    assert_eq!(pattern('K', "c1d"), set("c1l d1l d2l c2d d2d b1d d1d"));
    assert_eq!(pattern('K', "a1l"), set("a1d a2d b1l a2l b2l b2d"));
}

#[test]
fn rook_on_centre_edge_and_corner() {
    // d4d: its row, its file (d) and its other slanted strip (e4l e5d … h8d, d3l c3d … a1d).
    let row4 = "a4l a4d b4l b4d c4l c4d d4l e4l e4d f4l f4d g4l g4d h4l";
    let file_d = "d1l d1d d2l d2d d3l d3d d4l d5d d5l d6d d6l d7d d7l d8d";
    let other = "e4l e5d f5l f6d g6l g7d h7l h8d d3l c3d c2l b2d b1l a1d";
    let expect: BTreeSet<String> = [row4, file_d, other].iter().flat_map(|s| set(s)).collect();
    assert_eq!(expect.len(), 39);
    assert_eq!(pattern('R', "d4d"), expect);

    let expect: BTreeSet<String> = [
        "a1l a1d b1l b1d c1l d1l d1d e1l",
        "c1l c2d c2l c3d c3l c4d c4l c5d c5l c6d c6l c7d",
        "d1l d2d e2l e3d f3l f4d g4l g5d h5l h6d",
    ]
    .iter()
    .flat_map(|s| set(s))
    .collect();
    assert_eq!(pattern('R', "c1d"), expect);

    let expect: BTreeSet<String> = [
        "a1d b1l b1d c1l c1d d1l d1d e1l",
        "a1d a2d a2l a3d a3l a4d a4l a5d",
        "a2d b2l b3d c3l c4d d4l d5d e5l e6d f6l f7d g7l g8d h8l",
    ]
    .iter()
    .flat_map(|s| set(s))
    .collect();
    assert_eq!(pattern('R', "a1l"), expect);
}

#[test]
fn bishop_on_centre_edge_and_corner() {
    // Own-colour cells of the six altitude rays, plus the six own-colour corner cells.
    assert_eq!(pattern('B', "d4d"), set("e6d f8d c2d f5d h6d c5d b6d b3d e3d d5d e5d c4d e4d c3d d3d"));
    assert_eq!(pattern('B', "c1d"), set("d3d e5d f7d e2d b2d a3d c2d d2d b1d d1d"));
    assert_eq!(pattern('B', "a1l"), set("b3l c5l d7l c2l e3l g4l b1l a2l b2l"));
}

#[test]
fn queen_on_centre_edge_and_corner() {
    let rays_d4d = "e5l e6d f7l f8d d3l c2d c1l e4l f5d g5l h6d d4l c5d c5l b6d c3l b3d a2l e3l e3d f2l";
    let mut expect = pattern('R', "d4d");
    expect.extend(set(rays_d4d));
    expect.extend(set("d5d e5d c4d e4d c3d d3d"));
    assert_eq!(expect.len(), 57);
    assert_eq!(pattern('Q', "d4d"), expect);

    let mut expect = pattern('R', "c1d");
    expect.extend(set("d2l d3d e4l e5d f6l f7d g8l d1l e2d f2l c1l b2d b2l a3d a3l"));
    assert_eq!(expect.len(), 41);
    assert_eq!(pattern('Q', "c1d"), expect);

    let mut expect = pattern('R', "a1l");
    expect.extend(set("a2d b3l b4d c5l c6d d7l d8d b2d c2l d3d e3l f4d g4l h5d a1d"));
    assert_eq!(expect.len(), 41);
    assert_eq!(pattern('Q', "a1l"), expect);
}

#[test]
fn knight_on_centre_edge_and_corner() {
    assert_eq!(pattern('N', "d4d"), set("e6l f6l c2l d2l f5l f4l d5l c4l b3l b2l f3l e2l"));
    assert_eq!(pattern('N', "c1d"), set("d3l e3l e2l e1l c2l b1l"));
    // From the corner only two rays have a second cell on the board.
    assert_eq!(pattern('N', "a1l"), set("a3d b3d c2d c3d"));
}

#[test]
fn pawns_by_hand() {
    // White on light (apex back): ahead, and the two light cells at the front corners.
    assert_eq!(pattern('P', "e5l"), set("e6d e6l f6l"));
    // White on dark (apex forward): both sides, and the two dark cells sharing the apex.
    assert_eq!(pattern('P', "d4d"), set("d4l e4l d5d e5d"));
    // Black mirrored.
    assert_eq!(pattern('p', "d4d"), set("d3l c3d d3d"));
    assert_eq!(pattern('p', "e5l"), set("d5d e5d d4l e4l"));
    // At the left edge.
    assert_eq!(pattern('P', "a4l"), set("a5d b5l"));
    assert_eq!(pattern('p', "a4l"), set("a4d a3l"));
}

#[test]
fn knight_always_lands_on_the_other_colour_and_has_at_most_12_targets() {
    for cell in Cell::all() {
        let t = attacks(piece('N'), cell, Bitboard::EMPTY);
        assert!(t.count() <= 12);
        for to in t {
            assert_ne!(Cell::from_slot(to).unwrap().shade(), cell.shade());
        }
    }
    assert_eq!(attacks(piece('N'), c("d4d"), Bitboard::EMPTY).count(), 12);
}

#[test]
fn bishops_never_leave_their_colour() {
    let full = Bitboard((1u128 << 96) - 1);
    for cell in Cell::all() {
        for occ in [Bitboard::EMPTY, full.without(cell.slot())] {
            for to in attacks(piece('B'), cell, occ) {
                assert_eq!(Cell::from_slot(to).unwrap().shade(), cell.shade());
            }
        }
    }
}

#[test]
fn knight_moves_are_not_always_reversible_at_the_edge() {
    // From d1d = up (1,3) the 150° ray's second cell c2d is on the board: c1l is a target.
    // From c1l = down (1,0) the matching ray (330°) has its second cell in row 0: no way back.
    assert!(pattern('N', "d1d").contains("c1l"));
    assert!(!pattern('N', "c1l").contains("d1d"));
    // So a knight on c1l does not attack a king on d1d, while one on d1d attacks c1l.
    let p = position(&[("c1l", 'N'), ("d1d", 'k'), ("a1l", 'K')], Side::Black);
    assert!(!p.is_check());
    let p = position(&[("d1d", 'N'), ("c1l", 'k'), ("h8l", 'K')], Side::Black);
    assert!(p.is_check());
}

#[test]
fn knight_jumps_over_a_crowd() {
    // The opening knight on b1l is hemmed in but jumps (a3d, b3d, c3d, …).
    let p = Position::opening();
    assert_eq!(targets_from(&p, "b1l"), set("a3d b3d c3d d3d"));
}

#[test]
fn bishop_path_must_be_empty_on_either_colour() {
    // Bishop d4d, 90° ray e5l e6d f7l f8d: a piece on the light cell e5l blocks e6d.
    let p = position(&[("d4d", 'B'), ("e5l", 'p'), ("a1l", 'K'), ("h8d", 'k')], Side::White);
    let t = targets_from(&p, "d4d");
    assert!(!t.contains("e6d") && !t.contains("f8d") && !t.contains("e5l"));
    // …and a capture only on its own colour: an enemy on e6d is taken.
    let p = position(&[("d4d", 'B'), ("e6d", 'p'), ("a1l", 'K'), ("h8d", 'k')], Side::White);
    let t = targets_from(&p, "d4d");
    assert!(t.contains("e6d") && !t.contains("f8d"));
}

#[test]
fn rook_slides_stop_at_the_first_piece_and_capture_it() {
    // Row 4 to the right of d4d: e4l e4d f4l …; an enemy on f4l stops it there.
    let p = position(&[("d4d", 'R'), ("f4l", 'n'), ("c4l", 'N'), ("a1l", 'K'), ("h8l", 'k')], Side::White);
    let t = targets_from(&p, "d4d");
    assert!(t.contains("e4l") && t.contains("e4d") && t.contains("f4l"));
    assert!(!t.contains("f4d"));
    assert!(t.contains("c4d") && !t.contains("c4l") && !t.contains("b4d"));
}

#[test]
fn a_cell_reachable_several_ways_is_one_move() {
    // d3l lies on the rook's file and on its other strip, and on the queen's ray.
    let p = position(&[("d4d", 'Q'), ("a1l", 'K'), ("h8l", 'k')], Side::White);
    let moves = legal(&p);
    let to_d3l = moves.iter().filter(|m| m.from == c("d4d") && m.to == c("d3l")).count();
    assert_eq!(to_d3l, 1);
    let distinct: BTreeSet<_> = moves.iter().collect();
    assert_eq!(distinct.len(), moves.len());
}

// ---------------------------------------------------------------- King safety, check

#[test]
fn king_may_not_move_into_check() {
    // Black rook on row 2 (a2l): the White king on c1d may not step to c2d, d2d, d2l.
    let p = position(&[("c1d", 'K'), ("a2l", 'r'), ("h8l", 'k')], Side::White);
    let t = targets_from(&p, "c1d");
    assert_eq!(t, set("c1l d1l b1d d1d"));
}

#[test]
fn pinned_piece_may_only_move_along_the_pin() {
    // White K c1d, White R c2d, Black R c5d on file c (c1d c1l c2d c2l c3d …).
    let p = position(&[("c1d", 'K'), ("c3d", 'R'), ("c5d", 'r'), ("h8l", 'k')], Side::White);
    assert_eq!(targets_from(&p, "c3d"), set("c1l c2d c2l c3l c4d c4l c5d"));
}

#[test]
fn check_must_be_answered() {
    // Black rook gives check along row 1; White may capture, block or step away.
    let p = position(&[("c1d", 'K'), ("a1l", 'r'), ("b2d", 'N'), ("h8l", 'k')], Side::White);
    assert!(p.is_check());
    for m in legal(&p) {
        let mut after = p.clone();
        after.play(m);
        assert!(!after.king_in_check(Side::White), "{m}");
    }
    // Blocks on b1l or b1d with the knight? The knight on b2d reaches neither; the king
    // steps off row 1 or takes nothing. Every answer leaves the king safe (checked above)
    // and there is at least one.
    assert!(!legal(&p).is_empty());
}

#[test]
fn a_check_by_a_corner_step_cannot_be_blocked_but_a_slide_can() {
    // White K d4d = up (4,0). e4d = up (4,2) touches it at a corner (same colour) and
    // lies on its row with e4l between. The White knight c2d = up (2,0): its 90° ray is
    // d3l, d4d, so L = d4d and it may land on d4d's side cells d4l and e4l.
    let base = [("d4d", 'K'), ("c2d", 'N'), ("h8l", 'k')];
    let with = |extra: (&'static str, char)| {
        let mut v = base.to_vec();
        v.push(extra);
        position(&v, Side::White)
    };
    // A rook on e4d checks along the row: the knight may block on e4l.
    let p = with(("e4d", 'r'));
    assert!(p.is_check());
    assert!(targets_from(&p, "c2d").contains("e4l"));
    // A queen on e4d checks by its corner step as well: blocking e4l does not help.
    let p = with(("e4d", 'q'));
    assert!(p.is_check());
    assert!(!targets_from(&p, "c2d").contains("e4l"));
    // A knight check cannot be blocked either; only captures or king moves answer it.
    let p = with(("e6l", 'n'));
    assert!(p.is_check());
    for m in legal(&p) {
        assert!(m.from == c("d4d") || m.to == c("e6l"), "{m}");
    }
}

#[test]
fn double_check_leaves_only_king_moves() {
    // Black rook a4l checks along row 4, Black knight e6l checks d4d; the White rook
    // on c2d could take neither… only the king may move.
    let p = position(&[("d4d", 'K'), ("a4l", 'r'), ("e6l", 'n'), ("c2d", 'R'), ("h8l", 'k')], Side::White);
    assert_eq!(p.checkers().count(), 2);
    assert!(!legal(&p).is_empty());
    for m in legal(&p) {
        assert_eq!(m.from, c("d4d"), "{m}");
    }
}

#[test]
fn checkmate_wins() {
    // Black K a1l; White Q b2l (touching it at a corner, same colour) guarded by the
    // White K on c2l. The queen also covers a1d (ray), a2d b2d (row), b1l a2l (steps).
    let p = position(&[("a1l", 'k'), ("b2l", 'Q'), ("c2l", 'K')], Side::Black);
    assert!(p.is_check());
    assert_eq!(p.count_moves(), 0);
    assert_eq!(p.outcome(), Some(Outcome::Checkmate { winner: Side::White }));
    assert_eq!(p.outcome().unwrap().to_string(), "white wins by checkmate");
}

#[test]
fn stalemate_is_a_draw() {
    // Black K a1l = down (1,−4), flights a1d a2d b1l a2l b2l b2d. White Q c2d = up (2,0):
    // row 2 leftwards covers b2d b2l a2d a2l; its 210° ray down(1,−2)=b1l, up(1,−3)=a1d
    // covers the rest; none of its lines reaches a1l, so no check.
    let p = position(&[("a1l", 'k'), ("c2d", 'Q'), ("e1l", 'K')], Side::Black);
    assert!(!p.is_check());
    assert_eq!(p.count_moves(), 0);
    assert_eq!(p.outcome(), Some(Outcome::Stalemate));
    assert_eq!(p.outcome().unwrap().to_string(), "draw by stalemate");
    // With the queen one cell further (c2l), b2d… stay covered but a1d does not: no stalemate.
    let p = position(&[("a1l", 'k'), ("c3d", 'Q'), ("e1l", 'K')], Side::Black);
    assert_ne!(p.outcome(), Some(Outcome::Stalemate));
}

#[test]
fn king_against_king_is_drawn_at_once() {
    let p = position(&[("a1l", 'k'), ("d4d", 'K')], Side::White);
    assert_eq!(p.count_moves(), 0);
    assert!(legal(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::InsufficientMaterial));
    assert_eq!(p.outcome().unwrap().to_string(), "draw by insufficient material");
    // (perft 3 of this position is 0: tests/data/triangular.perft, "king against king".)
    // Capturing the last other piece ends the game at once.
    let p = position(&[("a1l", 'k'), ("a1d", 'N'), ("d4d", 'K')], Side::Black);
    let m = p.parse_move("Kxa1d").unwrap();
    let mut after = p.clone();
    after.play(m);
    assert_eq!(after.outcome(), Some(Outcome::InsufficientMaterial));
}

// ---------------------------------------------------------------- Pawns, promotion

#[test]
fn pawn_moves_and_captures_on_the_same_cells_with_no_double_step() {
    let p = Position::opening();
    // c2l = down (2,−1): ahead c3d, light c3l d3l at the front corners; nothing further.
    assert_eq!(targets_from(&p, "c2l"), set("c3d c3l d3l"));
    // a2d = up (2,−4): sides a2l b2l, dark a3d b3d sharing the apex.
    assert_eq!(targets_from(&p, "a2d"), set("a2l b2l a3d b3d"));
    // Captures on the same cells: an enemy on c3l is taken, a friend on d3l blocks.
    let p = position(&[("c2l", 'P'), ("c3l", 'n'), ("d3l", 'N'), ("a1l", 'K'), ("h8l", 'k')], Side::White);
    assert_eq!(targets_from(&p, "c2l"), set("c3d c3l"));
}

#[test]
fn no_en_passant_a_move_changes_only_its_two_cells() {
    // A move to an empty cell never removes a piece elsewhere; a capture removes only
    // the piece on the destination.
    for seed in 300..310 {
        for p in playout(seed, 100) {
            for m in legal(&p) {
                let mut q = p.clone();
                q.play(m);
                for cell in Cell::all() {
                    if cell != m.from && cell != m.to {
                        assert_eq!(q.piece_at(cell), p.piece_at(cell), "{m} in {p}");
                    }
                }
                assert_eq!(q.piece_at(m.from), None);
                let moved = p.piece_at(m.from).unwrap();
                let expect = Piece { side: moved.side, kind: m.promotion.unwrap_or(moved.kind) };
                assert_eq!(q.piece_at(m.to), Some(expect));
            }
        }
    }
}

#[test]
fn promotion_only_on_the_four_cells_with_four_choices() {
    // White pawn h7l = down (7,4): h8d (ahead, no promotion) and h8l (promotion).
    let p = position(&[("h7l", 'P'), ("a1l", 'K'), ("d8d", 'k')], Side::White);
    let moves: Vec<Move> = legal(&p).into_iter().filter(|m| m.from == c("h7l")).collect();
    let to_h8d: Vec<_> = moves.iter().filter(|m| m.to == c("h8d")).collect();
    assert_eq!(to_h8d.len(), 1);
    assert_eq!(to_h8d[0].promotion, None);
    let promos: BTreeSet<Option<Kind>> = moves.iter().filter(|m| m.to == c("h8l")).map(|m| m.promotion).collect();
    assert_eq!(promos, [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight].map(Some).into_iter().collect());
    assert_eq!(moves.len(), 5);
    // The promoted bishop is a light bishop: it moves on light cells only.
    let mut after = p.clone();
    after.play(*moves.iter().find(|m| m.promotion == Some(Kind::Bishop)).unwrap());
    assert_eq!(after.piece_at(c("h8l")), Some(piece('B')));
    for to in attacks(piece('B'), c("h8l"), after.occupied()) {
        assert_eq!(Cell::from_slot(to).unwrap().shade(), Shade::Light);
    }
    // Black promotes on a1d b1d c1d d1d.
    let p = position(&[("b2d", 'p'), ("h8l", 'k'), ("e4d", 'K')], Side::Black);
    let promo_cells: BTreeSet<String> =
        legal(&p).into_iter().filter(|m| m.promotion.is_some()).map(|m| m.to.to_string()).collect();
    assert_eq!(promo_cells, set("a1d b1d"));
}

#[test]
fn promotion_cells_are_exactly_e8l_f8l_g8l_h8l_and_a1d_b1d_c1d_d1d() {
    // Every cell a pawn can move to: a promotion happens there iff it is one of the four.
    let white = set("e8l f8l g8l h8l");
    let black = set("a1d b1d c1d d1d");
    for cell in Cell::all() {
        for (letter, promo, king_w, king_b) in [('P', &white, "a1l", "e5l"), ('p', &black, "h8d", "d4l")] {
            let turn = if letter == 'P' { Side::White } else { Side::Black };
            let name = cell.to_string();
            if name == king_w || name == king_b {
                continue;
            }
            let Ok(p) = Position::from_setup(&setup(&[(&name, letter), (king_w, 'K'), (king_b, 'k')], turn)) else {
                continue;
            };
            for m in legal(&p).into_iter().filter(|m| m.from == cell) {
                assert_eq!(m.promotion.is_some(), promo.contains(&m.to.to_string()));
            }
        }
    }
}

#[test]
fn no_castling() {
    // King c1d and rook a1d/d1d with the cells between empty: the king still only steps.
    let p = position(&[("c1d", 'K'), ("a1d", 'R'), ("d1d", 'R'), ("h8l", 'k')], Side::White);
    let touch = attacks(piece('K'), c("c1d"), Bitboard::EMPTY);
    for m in legal(&p).into_iter().filter(|m| m.from == c("c1d")) {
        assert!(touch.contains(m.to.slot()));
    }
}

// ---------------------------------------------------------------- Claimable draws

#[test]
fn fifty_move_claim_after_100_quiet_half_moves() {
    let p = Position::from_position_string("9/11/13/15/15/13/11/K3N2k1 w 99 80").unwrap();
    assert!(!p.can_claim_fifty_move_draw());
    let mut q = p.clone();
    q.play(p.parse_move("Nc3d").unwrap());
    assert_eq!(q.halfmove_clock(), 100);
    assert!(q.can_claim_fifty_move_draw());
    assert_eq!(q.fullmoves(), 80);
    // A pawn move resets the clock.
    let p = Position::from_position_string("9/11/13/15/15/13/11/K3N2k1 w 99 80").unwrap().to_setup();
    let mut s = p.clone();
    s.board[c("c2l").slot() as usize] = Some(piece('P'));
    let p = Position::from_setup(&s).unwrap();
    let mut q = p.clone();
    q.play(p.parse_move("c3d").unwrap());
    assert_eq!(q.halfmove_clock(), 0);
}

#[test]
fn threefold_repetition_claim() {
    let mut p = Position::opening();
    let mut history = vec![p.zobrist()];
    for _ in 0..2 {
        for san in ["Na3d", "Nc6l", "Nb1l", "Ne8d"] {
            let m = p.parse_move(san).unwrap_or_else(|e| panic!("{san}: {e}"));
            p.play(m);
            history.push(p.zobrist());
            if history.len() < 9 {
                assert!(!is_threefold_repetition(&history));
            }
        }
    }
    // The opening position has now occurred three times.
    assert_eq!(history.len(), 9);
    assert!(is_threefold_repetition(&history));
    assert!(!is_threefold_repetition(&history[..8]));
    assert!(!is_threefold_repetition(&[]));
}

// ---------------------------------------------------------------- Opening position

#[test]
fn opening_position_matches_the_rules_file() {
    let p = Position::opening();
    assert_eq!(p.position_string(), OPENING);
    assert_eq!(Position::from_position_string(OPENING).unwrap(), p);
    let white = [
        ("a1d", 'R'),
        ("b1d", 'Q'),
        ("c1d", 'K'),
        ("d1d", 'R'),
        ("b1l", 'N'),
        ("d1l", 'N'),
        ("c1l", 'B'),
        ("c2d", 'B'),
        ("a2d", 'P'),
        ("b2d", 'P'),
        ("c2l", 'P'),
        ("d2l", 'P'),
        ("d2d", 'P'),
        ("e2d", 'P'),
    ];
    for (cell, ch) in white {
        assert_eq!(p.piece_at(c(cell)), Some(piece(ch)), "{cell}");
    }
    // Black's back pieces: rook, queen, king, rook on e8l f8l g8l h8l.
    for (cell, ch) in [("e8l", 'r'), ("f8l", 'q'), ("g8l", 'k'), ("h8l", 'r')] {
        assert_eq!(p.piece_at(c(cell)), Some(piece(ch)), "{cell}");
    }
    assert_eq!(p.occupied().count(), 28);
    assert_eq!(p.side_to_move(), Side::White);
    assert_eq!(p.side_to_move().to_string(), "w");
    // The light bishop on c1l, the dark bishop on c2d.
    assert_eq!(c("c1l").shade(), Shade::Light);
    assert_eq!(c("c2d").shade(), Shade::Dark);
}

#[test]
fn the_promotion_perft_position_is_check() {
    // The "promotions in the tree" case of tests/data/triangular.perft: White pawns e7l
    // g7l one step from e8l f8l g8l h8l; Black pawns b2d c2d one step from a1d b1d c1d
    // d1d; the Black pawn b2d checks the White king a1d.
    let p = Position::from_position_string("9/4P1P4/13/15/15/13/3p1p5/1K5k1 w 0 1").unwrap();
    assert!(p.is_check());
}

/// The position mirrored top to bottom with the colours swapped.
fn mirrored(p: &Position) -> Position {
    let s = p.to_setup();
    let mut m = Setup::empty(Side::White);
    for cell in Cell::all() {
        m.board[cell.mirror().slot() as usize] = s.board[cell.slot() as usize]
            .map(|pc| Piece { side: if pc.side == Side::White { Side::Black } else { Side::White }, kind: pc.kind });
    }
    m.side_to_move = if s.side_to_move == Side::White { Side::Black } else { Side::White };
    Position::from_setup(&m).unwrap()
}

#[test]
fn black_is_white_mirrored() {
    // Rules, *Opening position*: Black is White mirrored (row k → 9−k, light ↔ dark).
    assert_eq!(c("a1d").mirror(), c("e8l"));
    assert_eq!(c("c2d").mirror(), c("f7l"));
    let o = Position::opening();
    let m = mirrored(&o);
    assert_eq!(m.to_setup().board, o.to_setup().board);
    // The rules are symmetric too: a mirrored position has the same move tree.
    for seed in 200..210 {
        for p in playout(seed, 80).iter().step_by(10) {
            assert_eq!(perft(p, 2), perft(&mirrored(p), 2), "{p}");
        }
    }
}

// ---------------------------------------------------------------- Notation

#[test]
fn notation_writes_minimal_san() {
    let p = Position::opening();
    let san = |from: &str, to: &str| p.notation(Move { from: c(from), to: c(to), promotion: None });
    // Both knights reach c3d and d3d: the file tells them apart.
    assert_eq!(san("b1l", "c3d"), "Nbc3d");
    assert_eq!(san("d1l", "c3d"), "Ndc3d");
    assert_eq!(san("b1l", "a3d"), "Na3d");
    // Pawns: d2l and d2d both reach d3d, same file, so the whole cell is given.
    assert_eq!(san("d2l", "d3d"), "d2ld3d");
    assert_eq!(san("d2d", "d3d"), "d2dd3d");
    assert_eq!(san("c2l", "c3l"), "c3l");
    assert_eq!(san("c2l", "c3d"), "cc3d");
}

#[test]
fn notation_capture_check_mate_and_promotion() {
    let p = position(&[("h7l", 'P'), ("g8d", 'n'), ("a1l", 'K'), ("e8d", 'k')], Side::White);
    let m = p.parse_move("h8l=Q").unwrap();
    assert_eq!(m.promotion, Some(Kind::Queen));
    assert_eq!(p.notation(m), "h8l=Q");
    // Pawn capture always gives its file.
    let p = position(&[("c2l", 'P'), ("d3l", 'n'), ("a1l", 'K'), ("h8l", 'k')], Side::White);
    let m = p.parse_move("cxd3l").unwrap();
    assert_eq!(p.notation(m), "cxd3l");
    assert_eq!(p.parse_move("c2lxd3l").unwrap(), m);
    assert_eq!(p.parse_move("c2l-d3l").unwrap(), m);
    assert_eq!(p.parse_move("cd3L").unwrap(), m);
    // Mate: the White queen moves to b2l next to the Black king a1l, guarded by c2l.
    let p = position(&[("a1l", 'k'), ("b4l", 'Q'), ("c2l", 'K')], Side::White);
    let m = p.parse_move("Qb2l").unwrap();
    assert!(p.notation(m).ends_with('#'), "{}", p.notation(m));
    assert_eq!(p.parse_move("Qb2l#").unwrap(), m);
    assert_eq!(p.parse_move("Qb2l+").unwrap(), m);
}

#[test]
fn notation_reads_long_forms_and_reports_errors() {
    let p = Position::opening();
    let m = p.parse_move("Nb1l-d3d").unwrap();
    assert_eq!((m.from, m.to), (c("b1l"), c("d3d")));
    assert_eq!(p.parse_move("Nbd3d").unwrap(), m);
    assert_eq!(p.parse_move("Nb1ld3D+").unwrap(), m);
    match p.parse_move("Nd3d") {
        Err(NotationError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, vec![c("b1l"), c("d1l")]);
        }
        other => panic!("{other:?}"),
    }
    let err = p.parse_move("Nd3d").unwrap_err().to_string();
    assert!(err.contains("b1l") && err.contains("d1l"), "{err}");
    assert!(matches!(p.parse_move("Nd5d"), Err(NotationError::NoSuchMove { kind: Kind::Knight, .. })));
    assert!(matches!(p.parse_move("Zd3d"), Err(NotationError::Syntax { .. })));
    assert!(matches!(p.parse_move("2d3l"), Err(NotationError::Syntax { position: 1, .. })));
    // File and row (c2) is accepted as an origin on input.
    let m = p.parse_move("c2d3l").unwrap();
    assert_eq!((m.from, m.to), (c("c2l"), c("d3l")));
    assert!(matches!(p.parse_move("a4d"), Err(NotationError::NoSuchMove { .. })));
    assert!(matches!(p.parse_move("e3d"), Err(NotationError::Ambiguous { .. })));
    // Leaves the king in check: the pinned rook of the pin test.
    let p = position(&[("c1d", 'K'), ("c3d", 'R'), ("c5d", 'r'), ("h8l", 'k')], Side::White);
    assert!(matches!(p.parse_move("Rd3l"), Err(NotationError::LeavesKingInCheck { .. })));
    // Promotion missing / needless.
    let p = position(&[("h7l", 'P'), ("a1l", 'K'), ("d8d", 'k')], Side::White);
    assert!(matches!(p.parse_move("h8l"), Err(NotationError::MissingPromotion { .. })));
    assert!(matches!(p.parse_move("h8d=Q"), Err(NotationError::NotAPromotion { .. })));
}

// ---------------------------------------------------------------- Generator cross-checks

/// A small deterministic generator for playouts.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn playout(seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = Lcg(seed);
    let mut p = Position::opening();
    let mut seen = vec![p.clone()];
    for _ in 0..plies {
        let moves = legal(&p);
        if moves.is_empty() {
            break;
        }
        p.play(moves[rng.next(moves.len())]);
        seen.push(p.clone());
    }
    seen
}

/// Whether `side`'s king is attacked, by scanning every enemy piece's pattern (not
/// the generator's reverse tables).
fn attacked_by_scan(p: &Position, side: Side) -> bool {
    let king = Cell::all().find(|&x| p.piece_at(x) == Some(Piece { side, kind: Kind::King })).unwrap();
    Cell::all().any(|from| match p.piece_at(from) {
        Some(pc) if pc.side != side => attacks(pc, from, p.occupied()).contains(king.slot()),
        _ => false,
    })
}

#[test]
fn legal_moves_are_the_pseudo_legal_moves_that_leave_the_king_safe() {
    for seed in 0..40 {
        for p in playout(seed, 120) {
            let mut pseudo = MoveList::new();
            p.pseudo_legal_moves(&mut pseudo);
            let mover = p.side_to_move();
            let expect: BTreeSet<Move> = if p.outcome() == Some(Outcome::InsufficientMaterial) {
                BTreeSet::new()
            } else {
                pseudo
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let mut q = p.clone();
                        q.play(m);
                        !attacked_by_scan(&q, mover)
                    })
                    .collect()
            };
            let got: BTreeSet<Move> = legal(&p).into_iter().collect();
            assert_eq!(got, expect, "{p}");
            assert_eq!(p.count_moves() as usize, legal(&p).len());
            assert_eq!(p.is_check(), attacked_by_scan(&p, mover));
            // Every position reached is valid.
            assert!(Position::from_position_string(&p.position_string()).is_ok());
        }
    }
}

// ---------------------------------------------------------------- Properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn position_string_round_trips(seed in any::<u64>(), plies in 0usize..160) {
        let positions = playout(seed, plies);
        let p = positions.last().unwrap();
        let text = p.position_string();
        let back = Position::from_position_string(&text).unwrap();
        prop_assert_eq!(&back, p);
        prop_assert_eq!(back.zobrist(), p.zobrist());
    }

    #[test]
    fn every_legal_move_round_trips_through_notation(seed in any::<u64>(), plies in 0usize..160) {
        let positions = playout(seed, plies);
        let p = positions.last().unwrap();
        for m in legal(p) {
            let san = p.notation(m);
            prop_assert!(!san.starts_with(|c: char| c.is_ascii_digit()));
            prop_assert_eq!(p.parse_move(&san), Ok(m), "{}", san);
        }
    }

    #[test]
    fn position_parser_never_panics(text in "\\PC{0,80}") {
        let _ = Position::from_position_string(&text);
    }

    #[test]
    fn position_parser_never_panics_on_near_misses(
        text in "[0-9kqrbnpKQRBNPx/]{0,60} [wbx]( [0-9]{1,12})?( [0-9]{1,12})?"
    ) {
        let _ = Position::from_position_string(&text);
    }

    #[test]
    fn move_parser_never_panics(text in "\\PC{0,20}") {
        let _ = Position::opening().parse_move(&text);
    }

    #[test]
    fn move_parser_never_panics_on_near_misses(text in "[KQRBNa-h1-9xdlDL=+#-]{0,12}") {
        let _ = Position::opening().parse_move(&text);
    }
}

// ---------------------------------------------------------------- Reference model
//
// A second, slow implementation of the move rules written straight from the hand
// coordinates of the module comment — (row k, centroid X, up/down) — with no use of the
// engine's tables, compared with the engine on every cell and on random boards.

/// A cell in hand coordinates: row k, centroid X (twice x), up (dark) or down (light).
type Hc = (i32, i32, bool);

/// Every cell of the hexagon: row k, up cells with base on line k−1, down cells with top
/// on line k; twice the half-width on line y is 4 + min(y, 8−y).
fn hand_cells() -> Vec<Hc> {
    let tw = |y: i32| 4 + y.min(8 - y);
    let mut v = Vec::new();
    for k in 1..=8 {
        let h = tw(k - 1);
        v.extend((-h + 1..h).step_by(2).map(|x| (k, x, true)));
        let h = tw(k);
        v.extend((-h + 1..h).step_by(2).map(|x| (k, x, false)));
    }
    v
}

fn hand_name(c: Hc) -> String {
    let (k, x, up) = c;
    let file = if up { (x + k + 2) / 2 } else { (x + k + 3) / 2 };
    format!("{}{}{}", (b'a' + file as u8) as char, k, if up { 'd' } else { 'l' })
}

struct Model {
    to_cell: std::collections::HashMap<Hc, Cell>,
    to_hc: std::collections::HashMap<Cell, Hc>,
}

impl Model {
    fn new() -> Model {
        let mut to_cell = std::collections::HashMap::new();
        let mut to_hc = std::collections::HashMap::new();
        for h in hand_cells() {
            let cell = c(&hand_name(h));
            to_cell.insert(h, cell);
            to_hc.insert(cell, h);
        }
        Model { to_cell, to_hc }
    }
    fn on(&self, h: Hc) -> bool {
        self.to_cell.contains_key(&h)
    }
    fn edge(h: Hc) -> [Hc; 3] {
        let (k, x, up) = h;
        if up {
            [(k, x - 1, false), (k, x + 1, false), (k - 1, x, false)]
        } else {
            [(k, x - 1, true), (k, x + 1, true), (k + 1, x, true)]
        }
    }
    fn corner(h: Hc) -> [Hc; 9] {
        let (k, x, up) = h;
        if up {
            [
                (k + 1, x, false),
                (k + 1, x - 1, true),
                (k + 1, x + 1, true),
                (k, x - 2, true),
                (k, x + 2, true),
                (k - 1, x - 1, true),
                (k - 1, x + 1, true),
                (k - 1, x - 2, false),
                (k - 1, x + 2, false),
            ]
        } else {
            [
                (k - 1, x, true),
                (k - 1, x - 1, false),
                (k - 1, x + 1, false),
                (k, x - 2, false),
                (k, x + 2, false),
                (k + 1, x - 1, false),
                (k + 1, x + 1, false),
                (k + 1, x - 2, true),
                (k + 1, x + 2, true),
            ]
        }
    }
    /// One step along a strip: 0/1 the row right/left, 2/3 the file up/down, 4/5 the
    /// other slanted strip up/down.
    fn strip_step(h: Hc, d: usize) -> Hc {
        let (k, x, up) = h;
        match (d, up) {
            (0, _) => (k, x + 1, !up),
            (1, _) => (k, x - 1, !up),
            (2, true) => (k, x - 1, false),
            (2, false) => (k + 1, x, true),
            (3, true) => (k - 1, x, false),
            (3, false) => (k, x + 1, true),
            (4, true) => (k, x + 1, false),
            (4, false) => (k + 1, x, true),
            (5, true) => (k - 1, x, false),
            (_, false) => (k, x - 1, true),
            _ => unreachable!(),
        }
    }
    /// One step along an altitude ray: 0 = 30°, 1 = 90°, 2 = 150°, 3 = 210°, 4 = 270°,
    /// 5 = 330°.
    fn ray_step(h: Hc, d: usize) -> Hc {
        let (k, x, up) = h;
        match (d, up) {
            (0, true) => (k, x + 1, false),
            (0, false) => (k + 1, x + 2, true),
            (1, true) => (k + 1, x, false),
            (1, false) => (k + 1, x, true),
            (2, true) => (k, x - 1, false),
            (2, false) => (k + 1, x - 2, true),
            (3, true) => (k - 1, x - 2, false),
            (3, false) => (k, x - 1, true),
            (4, true) => (k - 1, x, false),
            (4, false) => (k - 1, x, true),
            (5, true) => (k - 1, x + 2, false),
            (_, false) => (k, x + 1, true),
            _ => unreachable!(),
        }
    }
    fn slide(&self, h: Hc, occ: &BTreeSet<Hc>, step: impl Fn(Hc) -> Hc, keep: impl Fn(Hc) -> bool) -> Vec<Hc> {
        let mut out = Vec::new();
        let mut cur = step(h);
        while self.on(cur) {
            if keep(cur) {
                out.push(cur);
            }
            if occ.contains(&cur) {
                break;
            }
            cur = step(cur);
        }
        out
    }
    fn targets(&self, p: Piece, h: Hc, occ: &BTreeSet<Hc>) -> BTreeSet<Hc> {
        let (k, x, up) = h;
        let mut out: Vec<Hc> = Vec::new();
        let same_corner = |h: Hc| -> Vec<Hc> { Model::corner(h).into_iter().filter(|c| c.2 == h.2).collect() };
        match p.kind {
            Kind::King => {
                out.extend(Model::edge(h));
                out.extend(Model::corner(h));
            }
            Kind::Rook | Kind::Queen | Kind::Bishop => {
                if p.kind != Kind::Bishop {
                    for d in 0..6 {
                        out.extend(self.slide(h, occ, |c| Model::strip_step(c, d), |_| true));
                    }
                }
                for d in (0..6).filter(|_| p.kind != Kind::Rook) {
                    let bishop = p.kind == Kind::Bishop;
                    out.extend(self.slide(h, occ, |c| Model::ray_step(c, d), |c| !bishop || c.2 == up));
                }
                if p.kind != Kind::Rook {
                    out.extend(same_corner(h));
                }
            }
            Kind::Knight => {
                for d in 0..6 {
                    let first = Model::ray_step(h, d);
                    let l = Model::ray_step(first, d);
                    if self.on(l) {
                        let beyond = Model::ray_step(l, d);
                        out.extend(Model::edge(l).into_iter().filter(|&n| n != first && n != beyond));
                    }
                }
            }
            Kind::Pawn => {
                let f = if p.side == Side::White { 1 } else { -1 };
                let apex_back = (p.side == Side::White) != up;
                if apex_back {
                    out.extend([(k + f, x, !up), (k + f, x - 1, up), (k + f, x + 1, up)]);
                } else {
                    out.extend([(k, x - 1, !up), (k, x + 1, !up), (k + f, x - 1, up), (k + f, x + 1, up)]);
                }
            }
        }
        out.into_iter().filter(|&c| self.on(c)).collect()
    }
    fn bitboard(&self, cells: &BTreeSet<Hc>) -> Bitboard {
        cells.iter().fold(Bitboard::EMPTY, |b, h| b.with(self.to_cell[h].slot()))
    }
}

#[test]
fn hand_coordinates_name_all_96_cells() {
    let m = Model::new();
    assert_eq!(m.to_cell.len(), 96);
    assert_eq!(m.to_hc.len(), 96);
}

#[test]
fn every_piece_on_every_cell_matches_the_reference_model() {
    let m = Model::new();
    let mut rng = Lcg(7);
    for round in 0..12 {
        // Random occupancy (empty in round 0).
        let occ: BTreeSet<Hc> = hand_cells().into_iter().filter(|_| round > 0 && rng.next(100) < 8 * round).collect();
        for h in hand_cells() {
            let cell = m.to_cell[&h];
            for letter in ['K', 'Q', 'R', 'B', 'N', 'P', 'p'] {
                let p = piece(letter);
                let mut others = occ.clone();
                others.remove(&h);
                let expect = m.bitboard(&m.targets(p, h, &others));
                let got = attacks(p, cell, m.bitboard(&others));
                assert_eq!(names(got), names(expect), "{letter} on {cell}, round {round}");
            }
        }
    }
}

/// Legal moves by the reference model: pseudo-legal moves whose result leaves no enemy
/// piece attacking the mover's king; promotions on the four cells.
fn reference_legal(m: &Model, p: &Position) -> BTreeSet<Move> {
    let board: Vec<(Hc, Piece)> = Cell::all().filter_map(|x| p.piece_at(x).map(|pc| (m.to_hc[&x], pc))).collect();
    let kings = board.iter().filter(|(_, pc)| pc.kind == Kind::King).count();
    if board.len() == 2 && kings == 2 {
        return BTreeSet::new();
    }
    let us = p.side_to_move();
    let promo: BTreeSet<String> = if us == Side::White { set("e8l f8l g8l h8l") } else { set("a1d b1d c1d d1d") };
    let mut out = BTreeSet::new();
    for &(from, pc) in board.iter().filter(|(_, pc)| pc.side == us) {
        let occ: BTreeSet<Hc> = board.iter().map(|(h, _)| *h).filter(|&h| h != from).collect();
        for to in m.targets(pc, from, &occ) {
            if board.iter().any(|(h, q)| *h == to && q.side == us) {
                continue;
            }
            let mut after: Vec<(Hc, Piece)> = board.iter().copied().filter(|(h, _)| *h != from && *h != to).collect();
            after.push((to, pc));
            let king = after.iter().find(|(_, q)| q.side == us && q.kind == Kind::King).unwrap().0;
            let occ_after: BTreeSet<Hc> = after.iter().map(|(h, _)| *h).collect();
            let attacked = after.iter().any(|&(h, q)| {
                q.side != us && {
                    let mut o = occ_after.clone();
                    o.remove(&h);
                    m.targets(q, h, &o).contains(&king)
                }
            });
            if attacked {
                continue;
            }
            let (fc, tc) = (m.to_cell[&from], m.to_cell[&to]);
            if pc.kind == Kind::Pawn && promo.contains(&tc.to_string()) {
                for r in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                    out.insert(Move { from: fc, to: tc, promotion: Some(r) });
                }
            } else {
                out.insert(Move { from: fc, to: tc, promotion: None });
            }
        }
    }
    out
}

#[test]
fn legal_moves_match_the_reference_model_along_random_games() {
    let m = Model::new();
    for seed in 100..112 {
        for p in playout(seed, 160).iter().step_by(3) {
            let got: BTreeSet<Move> = legal(p).into_iter().collect();
            assert_eq!(got, reference_legal(&m, p), "{p}");
        }
    }
}

#[test]
fn perft_2_from_the_opening_matches_the_reference_model() {
    let m = Model::new();
    let p = Position::opening();
    let mut total = 0;
    for mv in reference_legal(&m, &p) {
        let mut q = p.clone();
        q.play(mv);
        total += reference_legal(&m, &q).len();
    }
    assert_eq!(total, 1_155);
}

#[test]
fn one_move_can_block_a_double_check() {
    // Black king a4d is in check from the rook c4d (along row 4) and the rook b5d (along
    // the slanted strip a4d-b4l-b5d). b4l, an edge-neighbour of the king, lies on both
    // checking lines, so the knight's jump b6d-b4l answers both checks (found by the
    // differential test against the reference generator).
    let p = Position::from_position_string("2b4N1/11/n10P1/2R4K7/1k3R2P6/9N3/7p2p/6B2 b 0 1").unwrap();
    assert!(p.checkers().more_than_one());
    let m = p.parse_san("Nb4l").unwrap();
    assert_eq!(m.from.to_string(), "b6d");
    let mut after = p.clone();
    after.play(m);
    assert!(!after.king_in_check(Side::Black));
}

#[test]
fn choosing_a_piece_that_cannot_move_says_why() {
    let p = Position::from_position_string(OPENING).unwrap();
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let cells = (0..CELL_COUNT as u8).filter_map(Cell::from_slot);
    let mut said = 0;
    for cell in cells {
        let text = p.no_move_from(cell).to_string();
        match p.piece_at(cell) {
            // A piece of the side to move with no move is named, and said to be stuck.
            Some(piece) if piece.side == Side::White && moves.iter().all(|m| m.from != cell) => {
                assert!(text.contains(&format!("on {cell} has no legal move: {}", piece.kind.movement())), "{text}");
                said += 1;
            }
            Some(piece) if piece.side == Side::Black => assert_eq!(text, "It is White's move"),
            None => assert!(text.starts_with("Nothing to move there"), "{text}"),
            Some(_) => {}
        }
    }
    assert!(said > 0, "the start has pieces that cannot move yet");
}

#[test]
fn a_piece_that_shields_its_king_is_said_to_shield_it() {
    // The dark bishop on c3d stands on file c between the Black rook on c6d and the
    // White king on c1d: every move of it leaves the file (§6 *Check, mate and draws*).
    let p = Position::from_position_string("5k3/11/2r10/15/15/13/11/5K3 w 0 1").unwrap();
    let mut setup = p.to_setup();
    let c3d: Cell = "c3d".parse().unwrap();
    orrery::core::BoardSetup::place(&mut setup, c3d, Piece { side: Side::White, kind: Kind::Bishop });
    let p = Position::from_setup(&setup).unwrap();
    assert_eq!(
        p.no_move_from(c3d).to_string(),
        "The bishop on c3d cannot move: each of its moves would leave your king in check (it shields the king from an attack)"
    );
}
