//! One test per rule sentence of `docs/rules-interstellar.md` (§1–§10), from small
//! hand-worked positions. Expected cells are worked out by hand from the rules text (the
//! comments show the working), never read back from the engine's own tables.

use std::collections::BTreeSet;

use orrery::core::Game;
use orrery::core::interstellar::geometry::{CORNER_NEIGHBOURS, Cell, SIDE_NEIGHBOURS};
use orrery::core::interstellar::{Ending, Indicium, Invalid, Kind, Move, Name, Position, PositionError, Side};
use orrery::core::moves::MoveList;

fn cell(r: u8, i: u8) -> Cell {
    Cell::new(r, i).unwrap_or_else(|| panic!("no cell ({r},{i})"))
}

fn pos(text: &str) -> Position {
    Position::from_position_string(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Legal destinations of the piece on (r, i), as (row, index) pairs.
fn targets(p: &Position, r: u8, i: u8) -> BTreeSet<(u8, u8)> {
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    moves.iter().filter(|m| m.from == cell(r, i)).map(|m| (m.to.row(), m.to.index_in_row())).collect()
}

fn set(cells: &[(u8, u8)]) -> BTreeSet<(u8, u8)> {
    cells.iter().copied().collect()
}

fn mv(p: &Position, from: (u8, u8), to: (u8, u8)) -> Position {
    let m = Move { from: cell(from.0, from.1), to: cell(to.0, to.1) };
    assert!(p.is_legal(m), "{m:?} should be legal in {p:?}");
    let mut next = p.clone();
    next.play(m);
    next
}

// ---------------------------------------------------------------- Board

#[test]
fn board_has_77_cells_odd_rows_9_even_rows_8() {
    let cells: Vec<Cell> = Cell::all().collect();
    assert_eq!(cells.len(), 77);
    for r in 1..=9u8 {
        let n = cells.iter().filter(|c| c.row() == r).count();
        assert_eq!(n, if r % 2 == 1 { 9 } else { 8 }, "row {r}");
    }
}

#[test]
fn half_column_is_2i_minus_2_on_odd_rows_and_plus_one_on_even_rows() {
    assert_eq!(cell(1, 1).half_column(), 0);
    assert_eq!(cell(1, 9).half_column(), 16);
    assert_eq!(cell(2, 1).half_column(), 1);
    assert_eq!(cell(2, 8).half_column(), 15);
    assert_eq!(cell(5, 5).half_column(), 8);
    assert_eq!(cell(8, 4).half_column(), 7);
}

#[test]
fn indicia_follow_h_mod_3_and_the_rows_read_as_in_the_rules() {
    use Indicium::*;
    let row = |r: u8| (1..=if r % 2 == 1 { 9 } else { 8 }).map(|i| cell(r, i).indicium()).collect::<Vec<_>>();
    assert_eq!(row(1), vec![Positive, Neutral, Negative, Positive, Neutral, Negative, Positive, Neutral, Negative]);
    assert_eq!(row(2), vec![Negative, Positive, Neutral, Negative, Positive, Neutral, Negative, Positive]);
    // Left edge column (h = 0) positive, right edge column (h = 16) negative.
    for r in [1, 3, 5, 7, 9] {
        assert_eq!(cell(r, 1).indicium(), Positive);
        assert_eq!(cell(r, 9).indicium(), Negative);
    }
}

#[test]
fn no_two_side_adjacent_cells_share_an_indicium() {
    for c in Cell::all() {
        for n in SIDE_NEIGHBOURS[c.idx()] {
            let n = Cell::from_slot(n).unwrap();
            assert_ne!(c.indicium(), n.indicium(), "{c:?} and {n:?}");
        }
    }
}

// ---------------------------------------------------------------- Directions

#[test]
fn six_side_steps_from_the_centre() {
    // (5,5): h = 8. E (5,6) h10; W (5,4) h6; NE (6, h9) = (6,5); NW (6, h7) = (6,4);
    // SE (4, h9) = (4,5); SW (4, h7) = (4,4).
    let got: BTreeSet<(u8, u8)> = SIDE_NEIGHBOURS[cell(5, 5).idx()]
        .map(|s| Cell::from_slot(s).unwrap())
        .map(|c| (c.row(), c.index_in_row()))
        .collect();
    assert_eq!(got, set(&[(5, 6), (5, 4), (6, 5), (6, 4), (4, 5), (4, 4)]));
    // A corner cell (1,1) has only E (1,2) and NE (2,1).
    assert_eq!(SIDE_NEIGHBOURS[cell(1, 1).idx()].count(), 2);
}

#[test]
fn six_corner_steps_keep_the_indicium() {
    // (5,5): h = 8. N (7,5); S (3,5); ENE (6, h11) = (6,6); WNW (6, h5) = (6,3);
    // ESE (4, h11) = (4,6); WSW (4, h5) = (4,3).
    let got: BTreeSet<(u8, u8)> = CORNER_NEIGHBOURS[cell(5, 5).idx()]
        .map(|s| Cell::from_slot(s).unwrap())
        .map(|c| (c.row(), c.index_in_row()))
        .collect();
    assert_eq!(got, set(&[(7, 5), (3, 5), (6, 6), (6, 3), (4, 6), (4, 3)]));
    for c in Cell::all() {
        for n in CORNER_NEIGHBOURS[c.idx()] {
            assert_eq!(Cell::from_slot(n).unwrap().indicium(), c.indicium());
        }
    }
}

// ---------------------------------------------------------------- Opening

#[test]
fn opening_position_matches_the_rules() {
    let p = Position::opening();
    let kinds_row1 = [
        Kind::Nebula,
        Kind::BlackHole,
        Kind::Pulsar,
        Kind::Quasar,
        Kind::Planet,
        Kind::Quasar,
        Kind::Pulsar,
        Kind::BlackHole,
        Kind::Nebula,
    ];
    for (k, kind) in kinds_row1.iter().enumerate() {
        let i = k as u8 + 1;
        let low = p.piece_at(cell(1, i)).unwrap();
        assert_eq!((low.side, low.kind()), (Side::Positive, *kind));
        // The negative army is the same picture turned half a turn: (9, 10 - i).
        let high = p.piece_at(cell(9, 10 - i)).unwrap();
        assert_eq!((high.side, high.kind()), (Side::Negative, *kind));
    }
    for i in 1..=8u8 {
        let star = [1, 2, 4, 5, 7, 8].contains(&i);
        assert_eq!(p.piece_at(cell(2, i)).map(|x| x.kind()), star.then_some(Kind::Star));
        assert_eq!(p.piece_at(cell(8, 9 - i)).map(|x| x.kind()), star.then_some(Kind::Star));
    }
    // Black holes on neutral cells, pulsars on non-neutral cells.
    for (c, piece) in p.pieces() {
        match piece.kind() {
            Kind::BlackHole => assert_eq!(c.indicium(), Indicium::Neutral),
            Kind::Pulsar => assert_ne!(c.indicium(), Indicium::Neutral),
            _ => {}
        }
    }
    assert_eq!(p.position_string(), "nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQPQUBN +");
}

#[test]
fn positive_moves_first() {
    assert_eq!(Position::opening().side_to_move(), Side::Positive);
}

// ---------------------------------------------------------------- Moves

#[test]
fn no_piece_moves_onto_its_own_piece_or_the_enemy_planet() {
    // Positive quasar (5,1) on row 5 with its own star on (5,4); the enemy planet is
    // covered by `nothing_captures_a_planet`.
    let p = pos("p6b1/8/9/8/Q2S5/8/9/8/4P4 +");
    let t = targets(&p, 5, 1);
    // E: (5,2), (5,3), stops before own star on (5,4).
    assert!(t.contains(&(5, 3)) && !t.contains(&(5, 4)));
    assert!(!t.contains(&(5, 5)));
}

#[test]
fn planet_makes_one_side_step_in_any_direction() {
    let p = pos("p8/8/9/8/4P4/8/9/8/1B6q +");
    assert_eq!(targets(&p, 5, 5), set(&[(5, 6), (5, 4), (6, 5), (6, 4), (4, 5), (4, 4)]));
}

#[test]
fn quasar_slides_along_six_directions_without_jumping() {
    // Quasar on (5,5), enemy star on (7,6) (on its NE line (6,5) h9 → (7,6) h10),
    // own star on (5,7) (E line), everything else empty. Planets far away.
    let p = pos("p8/8/5s3/8/4Q1S2/8/9/8/P8 +");
    let t = targets(&p, 5, 5);
    let expected = set(&[
        // E: (5,6) then own star.
        (5, 6),
        // W: (5,4) (5,3) (5,2) (5,1).
        (5, 4),
        (5, 3),
        (5, 2),
        (5, 1),
        // NE: (6,5), (7,6) capture, stop.
        (6, 5),
        (7, 6),
        // NW: h7 (6,4), h6 (7,4), h5 (8,3), h4 (9,3).
        (6, 4),
        (7, 4),
        (8, 3),
        (9, 3),
        // SE: h9 (4,5), h10 (3,6), h11 (2,6), h12 (1,7).
        (4, 5),
        (3, 6),
        (2, 6),
        (1, 7),
        // SW: h7 (4,4), h6 (3,4), h5 (2,3), h4 (1,3).
        (4, 4),
        (3, 4),
        (2, 3),
        (1, 3),
    ]);
    assert_eq!(t, expected);
}

#[test]
fn nebula_slides_diagonally_never_laterally() {
    let p = pos("p6b1/8/9/8/4N4/8/9/8/P8 +");
    let t = targets(&p, 5, 5);
    assert!(!t.contains(&(5, 4)) && !t.contains(&(5, 6)));
    // NE h9 (6,5), h10 (7,6), h11 (8,6), h12 (9,7); NW (6,4) (7,4) (8,3) (9,3);
    // SE (4,5) (3,6) (2,6) (1,7); SW (4,4) (3,4) (2,3) (1,3).
    let expected = set(&[
        (6, 5),
        (7, 6),
        (8, 6),
        (9, 7),
        (6, 4),
        (7, 4),
        (8, 3),
        (9, 3),
        (4, 5),
        (3, 6),
        (2, 6),
        (1, 7),
        (4, 4),
        (3, 4),
        (2, 3),
        (1, 3),
    ]);
    assert_eq!(t, expected);
}

#[test]
fn pulsar_paths_have_2_4_or_6_steps_over_empty_non_neutral_cells() {
    // Pulsar on (1,1) (h0, positive). Its only non-neutral neighbour is (2,1) (h1).
    // From (2,1): (2,2) (h3) and (3,1) (h0) at distance 2.
    // Enemy star on (3,1): captured at distance 2, not passed. From (2,2) (h3): (3,3) (h4,
    // negative: distance 3, holding an enemy star — odd distance, so no capture, and no
    // passing) and (1,3) (h4, own black hole? black holes need neutral cells: use an own
    // star). So the targets are exactly (2,2) and (3,1).
    let p = pos("p8/8/9/8/9/8/s1s6/8/U1Q1P4 +");
    assert_eq!(targets(&p, 1, 1), set(&[(2, 2), (3, 1)]));
}

#[test]
fn pulsar_inner_cells_must_be_empty() {
    // An own star on (2,1), the pulsar's only way out: no move at all.
    let p = pos("p6b1/8/9/8/9/8/9/S7/U3P4 +");
    assert!(targets(&p, 1, 1).is_empty());
}

#[test]
fn pulsar_never_passes_through_neutral_cells() {
    // Pulsar on (1,4) (h6, positive). Non-neutral neighbours (1,3) (h4) and (2,4) (h7):
    // both held by own stars. Its neutral neighbours (1,5) (h8) and (2,3) (h5) are empty;
    // through (1,5) it could reach (2,5) (h9, positive) in two steps — but neutral cells
    // are never on a path, so it has no move.
    let p = pos("p6b1/8/9/8/9/8/9/3S4/2QU4P +");
    assert_eq!(cell(1, 5).indicium(), Indicium::Neutral);
    assert!(targets(&p, 1, 4).is_empty());
}

#[test]
fn pulsar_reaches_distance_four_and_six_but_not_odd_distances() {
    // Pulsar on (1,1). Walls of own stars on (3,1) and (1,3) leave one corridor:
    // (2,1) → (2,2) → (3,3) → (3,4)|(4,2)... Work it out: from (1,1): d1 (2,1).
    // d2: (2,2) [(3,1) own]. d3 from (2,2) h3: (3,3) h4 [(1,3) own].
    // d4 from (3,3) h4 (negative): E (3,4) h6, NW (4,2) h3. d5 from (3,4) h6: W (3,3) seen,
    // NE (4,4) h7, SE (2,4) h7; from (4,2) h3: NE (5,3) h4, SE (3,3) seen, W (4,1) h1.
    // d6 from (4,4) h7: E (4,5) h9, NW (5,4) h6; from (2,4) h7: E (2,5) h9, NW (3,4) seen,
    // SW (1,4) h6; from (5,3) h4: E (5,4) h6, NW (6,2) h3; from (4,1) h1: E (4,2) seen,
    // NW (5,1) h0, SW (3,1) own.
    let p = pos("p6b1/8/9/8/9/8/S8/8/U1Q1P4 +");
    let expected = set(&[(2, 2), (3, 4), (4, 2), (4, 5), (5, 4), (2, 5), (1, 4), (6, 2), (5, 1)]);
    assert_eq!(targets(&p, 1, 1), expected);
}

#[test]
fn black_hole_jumps_one_corner_step_between_neutral_cells() {
    // In the opening the black hole on (1,2) (h2) jumps over the stars on (2,1) and (2,2):
    // N (3,2) h2 and ENE (2,3) h5 are its only corner-steps on the board.
    let p = Position::opening();
    assert_eq!(targets(&p, 1, 2), set(&[(3, 2), (2, 3)]));
    // In the open: (5,3) h4 is not neutral; take (5,2) h2: N (7,2), S (3,2), ENE (6,3) h5,
    // ESE (4,3) h5, WNW/WSW off the board (h -1).
    let p = pos("p6b1/8/9/8/1B7/8/9/8/4P4 +");
    assert_eq!(targets(&p, 5, 2), set(&[(7, 2), (3, 2), (6, 3), (4, 3)]));
}

#[test]
fn star_steps_forward_onto_non_neutral_cells_and_captures_onto_neutral_ones() {
    // Positive star on (3,3) (h4): forward NE (4, h5) = (4,3) neutral, NW (4, h3) = (4,2).
    let empty = pos("p6b1/8/9/8/9/8/2S6/8/4P4 +");
    assert_eq!(targets(&empty, 3, 3), set(&[(4, 2)]));
    // With an enemy star on the neutral (4,3) it may capture there.
    let capture = pos("p8/8/9/8/9/2s5/2S6/8/4P4 +");
    assert_eq!(targets(&capture, 3, 3), set(&[(4, 2), (4, 3)]));
    // Never backwards or sideways; and a star standing on a neutral cell has two
    // non-neutral forward cells: (3,2) h2 → (4,2) h3 and (4,1) h1.
    let neutral = pos("p6b1/8/9/8/9/8/1S7/8/4P4 +");
    assert_eq!(targets(&neutral, 3, 2), set(&[(4, 1), (4, 2)]));
    // Negative stars go down: negative star on (7,3) (h4): SE (6, h5) neutral, SW (6, h3) = (6,2).
    let negative = pos("p8/8/2s6/8/9/8/9/8/1B2P4 -");
    assert_eq!(targets(&negative, 7, 3), set(&[(6, 2)]));
}

#[test]
fn star_two_step_from_its_second_row() {
    // Positive star on (2,1) h1: NE (3,2) neutral (capture only), NW (3,1) h0.
    // Two-step: (3,1) empty non-neutral, then from (3,1): NE (4,1) h1; NW off the board.
    let p = pos("p6b1/8/9/8/9/8/9/S7/4P4 +");
    assert_eq!(targets(&p, 2, 1), set(&[(3, 1), (4, 1)]));
    // The first step must be onto an empty cell: an enemy on (3,1) can be captured but
    // not passed.
    let blocked = pos("p8/8/9/8/9/8/s8/S7/4P4 +");
    assert_eq!(targets(&blocked, 2, 1), set(&[(3, 1)]));
    // The two-step may end with a capture: enemy on (4,1).
    let capture = pos("p8/8/9/8/9/s7/9/S7/4P4 +");
    assert_eq!(targets(&capture, 2, 1), set(&[(3, 1), (4, 1)]));
    // Only from the second row: a star on (3,1) steps once.
    let later = pos("p6b1/8/9/8/9/8/S8/8/4P4 +");
    assert_eq!(targets(&later, 3, 1), set(&[(4, 1)]));
}

#[test]
fn star_two_step_reaching_a_cell_two_ways_is_one_move() {
    // Star on the neutral (2,3) (h5): first steps (3,3) h4 and (3,4) h6, both non-neutral.
    // Second steps: from (3,3): NE (4,3) h5 neutral, NW (4,2) h3; from (3,4): NE (4,4) h7,
    // NW (4,3) neutral. An enemy star on (4,3) is reached both ways: one move.
    let p = pos("p8/8/9/8/9/2s5/9/2S5/4P4 +");
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let from_star: Vec<_> = moves.iter().filter(|m| m.from == cell(2, 3)).collect();
    assert_eq!(from_star.len(), 5);
    assert_eq!(targets(&p, 2, 3), set(&[(3, 3), (3, 4), (4, 2), (4, 3), (4, 4)]));
}

// ---------------------------------------------------------------- Target and legality

#[test]
fn target_counts_every_enemy_piece_that_could_move_onto_the_planet() {
    // Negative quasar on (5,9) attacks the positive planet on (5,5) along row 5.
    let single = pos("p8/8/9/8/4P3q/8/9/8/1B7 +");
    assert_eq!(single.target_count(), 1);
    // Add a negative nebula on (7,6) on the planet's NE line ((6,5), (7,6)).
    let double = pos("p8/8/5n3/8/4P3q/8/9/8/1B7 +");
    assert_eq!(double.target_count(), 2);
    // A star's two-step counts: negative star on (8,4) (h7), its second row; (7,4) h6 is
    // empty non-neutral; (6,4) h7 is the planet... place the planet on (6,4).
    let two_step = pos("p8/3s4/9/3P4/9/8/9/8/1B7 +");
    assert_eq!(two_step.target_count(), 1);
    // The enemy planet counts too: two planets side by side put each other in Target, so
    // such a position is never valid (the side not to move would be in Target).
    match Position::from_position_string("1b7/8/9/8/4Pp3/8/9/8/1B7 -") {
        Err(PositionError::Invalid(e)) => assert_eq!(e, vec![Invalid::NotToMoveInTarget { side: Side::Positive }]),
        other => panic!("expected invalid, got {other:?}"),
    }
}

#[test]
fn planet_never_steps_onto_an_attacked_cell() {
    // Positive planet (5,5); negative quasar on (4,9)... row 4 has 8 cells: quasar on
    // (4,8) sweeps row 4, so (4,4) and (4,5) are forbidden.
    let p = pos("p8/8/9/8/4P4/7q/9/8/1B7 +");
    assert_eq!(targets(&p, 5, 5), set(&[(5, 6), (5, 4), (6, 5), (6, 4)]));
}

#[test]
fn planets_may_not_stand_side_by_side() {
    // Positive planet on (5,5), negative planet on (5,7): (5,6) touches the enemy planet.
    let p = pos("1b7/8/9/8/4P1p2/8/9/8/1B7 +");
    assert!(!targets(&p, 5, 5).contains(&(5, 6)));
    assert!(targets(&p, 5, 5).contains(&(5, 4)));
}

#[test]
fn nothing_captures_a_planet() {
    // The side to move never attacks the enemy planet in a valid position, so the rule
    // shows in two places: a planet in Target still stands after every reply, and a
    // piece that sees the enemy planet does not count it among its moves. Play many
    // random games and check both on every position.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for _ in 0..40 {
        let mut p = Position::opening();
        for _ in 0..120 {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let enemy_planet = p.find(p.side_to_move().other(), Name::PLANET).unwrap();
            assert!(moves.iter().all(|m| m.to != enemy_planet));
            for c in Cell::all() {
                assert!(!p.movement_targets(c).contains(enemy_planet.slot()));
            }
            let m = moves[rng.random_range(0..moves.len())];
            p.play(m);
            for side in Side::BOTH {
                assert!(p.find(side, Name::PLANET).is_some());
            }
        }
    }
}

#[test]
fn a_target_must_be_answered() {
    // Positive planet (1,5) in Target from a negative quasar on (5,5)... (1,5) h8 and
    // NE-line: (2,5) h9, (3,6) h10, ... Use the NW line of the planet instead:
    // (1,5) h8 → NW (2,4) h7 → (3,4) h6 → (4,3) h5 → (5,3) h4. Negative quasar on (5,3).
    // Positive quasar on (3,1) can interpose on (3,4)? (3,1) E → (3,2), (3,3), (3,4). Yes.
    let p = pos("p8/8/9/8/2q6/8/Q8/8/4P4 +");
    assert_eq!(p.target_count(), 1);
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    for m in &moves {
        let mut after = p.clone();
        after.play(*m);
        // After every legal move, positive's planet is out of Target.
        assert_eq!(after.target_count_for(Side::Positive), 0, "{m:?}");
    }
    // The quasar's only legal move interposes on (3,4).
    assert_eq!(targets(&p, 3, 1), set(&[(3, 4)]));
}

#[test]
fn a_pinned_piece_may_not_leave_the_line() {
    // Positive planet (5,1), own nebula (5,3), negative quasar (5,9): the nebula only
    // moves diagonally, leaving the row: all its moves are illegal.
    let p = pos("8p/8/9/8/P1N5q/8/9/8/7B1 +");
    assert!(targets(&p, 5, 3).is_empty());
}

#[test]
fn moving_off_a_star_two_step_middle_cell_can_be_illegal() {
    // Negative star on (8,4) h7 (its second row). Its two-step via (7,4) h6 reaches
    // (6,4) h7 where the positive planet stands. A positive star on (7,4) blocks the
    // two-step; it may not step away... it moves forward to (8,3)/(8,4)? (7,4) h6: NE (8,4)
    // h7 holds the negative star (capture), NW (8,3) h5 neutral (capture only, empty).
    // Capturing on (8,4) removes the attacker: legal. Negative stars only capture from
    // row 8 downward, so no other threat.
    let p = pos("p8/3s4/3S5/3P4/9/8/9/8/8q +");
    assert_eq!(targets(&p, 7, 4), set(&[(8, 4)]));
}

// ---------------------------------------------------------------- Endings

#[test]
fn super_nova_ends_the_game() {
    // Positive star on (8,1) (h1) steps NW to (9,1) h0: the opponent's first row.
    let p = pos("4p2q1/S7/9/8/9/8/9/8/4P4 +");
    let after = mv(&p, (8, 1), (9, 1));
    let outcome = after.outcome().expect("game over");
    assert_eq!((outcome.winner, outcome.ending), (Side::Positive, Ending::SuperNova));
    assert_eq!(after.count_moves(), 0, "a finished game has no moves");
    assert_eq!(outcome.to_string(), "positive wins by super-nova");
}

#[test]
fn total_annihilation_ends_the_game() {
    // Positive quasar on (5,1) captures the last negative piece, a star on (5,8).
    let p = pos("p8/8/9/8/Q6s1/8/9/8/4P4 +");
    let after = mv(&p, (5, 1), (5, 8));
    let outcome = after.outcome().expect("game over");
    assert_eq!((outcome.winner, outcome.ending), (Side::Positive, Ending::TotalAnnihilation));
    assert_eq!(after.count_moves(), 0);
}

#[test]
fn target_out_ends_the_game() {
    // Negative planet in the corner (9,1): neighbours (9,2) and (8,1). Positive quasars
    // on (9,9) (row 9) and (8,8) (row 8) cover all three cells; the negative star on (5,1)
    // can neither capture nor interpose.
    let p = pos("p7Q/7Q/9/8/s8/8/9/8/4P4 -");
    assert_eq!(p.target_count(), 1);
    assert_eq!(p.count_moves(), 0);
    let outcome = p.outcome().expect("game over");
    assert_eq!((outcome.winner, outcome.ending), (Side::Positive, Ending::TargetOut));
    assert!(p.is_target_out());
}

#[test]
fn a_player_with_no_legal_move_and_not_in_target_loses_blocked() {
    // Negative planet (9,1), negative nebula (9,2) pinned along row 9 by the positive
    // quasar on (9,9) (nebulas cannot move along a row); (8,1) covered by the positive
    // quasar on (8,8).
    let p = pos("pn6Q/7Q/9/8/9/8/9/8/4P4 -");
    assert_eq!(p.target_count(), 0);
    let outcome = p.outcome().expect("game over");
    assert_eq!((outcome.winner, outcome.ending), (Side::Positive, Ending::Blocked));
}

#[test]
fn several_endings_at_once_are_named_by_the_first() {
    // The positive star on (8,1) captures the last negative piece (a quasar on (9,1)):
    // Super Nova and Total Annihilation at once → Super Nova.
    let p = pos("q3p4/S7/9/8/9/8/9/8/4P4 +");
    let after = mv(&p, (8, 1), (9, 1));
    assert_eq!(after.outcome().unwrap().ending, Ending::SuperNova);
    // Total Annihilation before Target Out: the quasar on (9,9) captures the last negative
    // piece on (9,3) leaving the corner planet in Target with no move.
    let p = pos("p1q5Q/7Q/9/8/9/8/9/8/4P4 +");
    let after = mv(&p, (9, 9), (9, 3));
    assert_eq!(after.outcome().unwrap().ending, Ending::TotalAnnihilation);
}

#[test]
fn the_game_goes_on_otherwise() {
    assert_eq!(Position::opening().outcome(), None);
}

// ---------------------------------------------------------------- Names and notation

#[test]
fn pieces_are_named_by_side_of_the_planet_and_kind() {
    let p = Position::opening();
    let name = |r, i| p.piece_at(cell(r, i)).unwrap().name.to_string();
    let row1: Vec<String> = (1..=9).map(|i| name(1, i)).collect();
    assert_eq!(row1, ["PN", "PB", "PPu", "PQ", "P", "NQ", "NPu", "NB", "NN"]);
    // The side is the board's, the same for both players: negative's (9,9) is on the
    // board's negative (right) side.
    let row9: Vec<String> = (1..=9).map(|i| name(9, i)).collect();
    assert_eq!(row9, ["PN", "PB", "PPu", "PQ", "P", "NQ", "NPu", "NB", "NN"]);
}

#[test]
fn stars_are_named_after_the_first_row_piece_diagonally_behind_them() {
    let p = Position::opening();
    let stars: Vec<String> =
        [1, 2, 4, 5, 7, 8].iter().map(|&i| p.piece_at(cell(2, i)).unwrap().name.to_string()).collect();
    assert_eq!(stars, ["PNS", "PPuS", "PQS", "NQS", "NPuS", "NNS"]);
    let neg: Vec<String> =
        [1, 2, 4, 5, 7, 8].iter().map(|&i| p.piece_at(cell(8, i)).unwrap().name.to_string()).collect();
    assert_eq!(neg, ["PNS", "PPuS", "PQS", "NQS", "NPuS", "NNS"]);
}

#[test]
fn names_persist_through_the_game() {
    // NQ (1,6) slides NE to (3,7); negative replies; NQ slides W along row 3 to (3,1),
    // left of PQ's column: it is still NQ.
    let mut p = Position::opening();
    p = mv(&p, (1, 6), (3, 7));
    assert_eq!(p.piece_at(cell(3, 7)).unwrap().name.as_str(), "NQ");
    p = mv(&p, (8, 1), (7, 1));
    p = mv(&p, (3, 7), (3, 1));
    assert_eq!(p.find(Side::Positive, Name::parse("NQ").unwrap()), Some(cell(3, 1)));
    assert_eq!(p.find(Side::Positive, Name::parse("PQ").unwrap()), Some(cell(1, 4)));
    // The default naming (by h) would call (3,1) PQ, so the position string carries the
    // names and reads back to the same position.
    let text = p.position_string();
    assert!(text.contains("Q(NQ)"), "{text}");
    assert_eq!(Position::from_position_string(&text).unwrap(), p);
}

#[test]
fn notation_uses_the_movers_own_numbering() {
    let p = Position::opening();
    let m = p.parse_move("PQ-33").unwrap();
    assert_eq!((m.from, m.to), (cell(1, 4), cell(3, 3)));
    assert_eq!(p.notation(m), "PQ-33");
    // Negative writes (r, i) as (10 - r, n - i + 1): its quasar PQ on (9,4) moving to
    // (7,3)... from negative's seat (9,4) is row 1, index 9 - 4 + 1 = 6: "16".
    let p = mv(&p, (2, 1), (3, 1));
    // Negative's quasar PQ on (9,4) slides SW: (8,3), (7,3), ... Negative writes (7,3)
    // as row 10 - 7 = 3, index 9 - 3 + 1 = 7: "37".
    let m = p.parse_move("PQ-37").unwrap();
    assert_eq!((m.from, m.to), (cell(9, 4), cell(7, 3)));
    assert_eq!(p.notation(m), "PQ-37");
}

#[test]
fn notation_marks_captures_targets_and_target_out() {
    // Capture: positive quasar (5,1) takes the star on (5,8): "x", no Target.
    let p = pos("p8/8/9/8/Q6s1/8/9/8/4P4 +");
    let m = Move { from: cell(5, 1), to: cell(5, 8) };
    assert_eq!(p.notation(m), "PQx58");
    // Target Out: the positive quasar PQ on (5,5) slides NE (6,5), (7,6), (8,6) to (9,7):
    // row 9 to the negative planet on (9,1) is open, NQ on (8,8) sweeps row 8, and the
    // negative star on (5,1) can neither capture nor interpose.
    let p = pos("p8/7Q/9/8/s3Q4/8/9/8/4P4 +");
    let m = p.parse_move("PQ-97").unwrap();
    assert_eq!(p.notation(m), "PQ-97 out");
    let after = {
        let mut a = p.clone();
        a.play(m);
        a
    };
    assert!(after.is_target_out());
    // Glued "out" and missing or extra suffixes are read.
    assert_eq!(p.parse_move("PQ-97out").unwrap(), m);
    assert_eq!(p.parse_move("PQ-97 out").unwrap(), m);
    assert_eq!(p.parse_move("PQ-97").unwrap(), m);
    assert_eq!(p.parse_move("PQ-97++").unwrap(), m);
    assert_eq!(p.parse_move("pq97").unwrap(), m);
}

#[test]
fn notation_double_target() {
    // Positive quasar (5,1) behind its own nebula (5,3) on row 5, negative planet (5,5).
    // The nebula slides NE (6,3) h5 to (7,4) h6, on the planet's NW line ((6,4) h7 empty):
    // a direct and a discovered Target at once.
    let p = pos("7b1/8/9/8/Q1N1p4/8/9/8/4P4 +");
    let m = Move { from: cell(5, 3), to: cell(7, 4) };
    assert!(p.is_legal(m));
    assert_eq!(p.notation(m), "PN-74++");
    let mut after = p.clone();
    after.play(m);
    assert_eq!(after.target_count(), 2);
}

#[test]
fn notation_errors_are_clear() {
    let p = Position::opening();
    assert!(p.parse_move("XX-33").unwrap_err().to_string().contains("not a piece name"));
    assert!(p.parse_move("PQ-34").unwrap_err().to_string().contains("cannot reach"));
    assert!(p.parse_move("PQ-0").is_err());
    assert!(p.parse_move("PQ-29").unwrap_err().to_string().contains("no cell"));
    assert!(p.parse_move("").is_err());
    assert!(p.parse_move("PQx33").unwrap_err().to_string().contains("nothing to capture"));
}

#[test]
fn a_move_leaving_the_planet_in_target_is_refused_by_name() {
    let p = pos("8p/8/9/8/P1N5q/8/9/8/7B1 +");
    let err = p.parse_move("PN-63").unwrap_err();
    assert!(err.to_string().contains("Target"), "{err}");
}

// ---------------------------------------------------------------- Position strings

#[test]
fn default_names_follow_h_then_r() {
    // Two positive quasars: (3,1) h0 and (1,2)? Use (5,9) h16 and (2,1) h1: by h, (2,1)
    // gets PQ and (5,9) NQ.
    let p = pos("p6b1/8/9/8/8Q/8/9/Q7/4P4 +");
    assert_eq!(p.piece_at(cell(2, 1)).unwrap().name.as_str(), "PQ");
    assert_eq!(p.piece_at(cell(5, 9)).unwrap().name.as_str(), "NQ");
    // Equal h (3,1) and (1,1) both h0: lower row first.
    let p = pos("p6b1/8/9/8/9/8/Q8/8/Q3P4 +");
    assert_eq!(p.piece_at(cell(1, 1)).unwrap().name.as_str(), "PQ");
    assert_eq!(p.piece_at(cell(3, 1)).unwrap().name.as_str(), "NQ");
}

#[test]
fn explicit_names_are_kept_and_others_take_the_free_ones() {
    let p = pos("p6b1/8/9/8/8Q(PQ)/8/9/Q7/4P4 +");
    assert_eq!(p.piece_at(cell(5, 9)).unwrap().name.as_str(), "PQ");
    assert_eq!(p.piece_at(cell(2, 1)).unwrap().name.as_str(), "NQ");
}

#[test]
fn choosing_a_piece_that_cannot_move_says_why() {
    let p = Position::opening();
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let mut said = 0;
    for cell in (0..=u8::MAX).filter_map(Cell::from_slot) {
        let text = p.no_move_from(cell).to_string();
        match p.piece_at(cell) {
            // A piece of the side to move with no move is named, and said to be stuck.
            Some(piece) if piece.side == Side::Positive && moves.iter().all(|m| m.from != cell) => {
                assert!(text.contains(&format!("{} on {cell} has no legal move: ", piece.name)), "{text}");
                assert!(text.contains(piece.kind().movement()), "{text}");
                said += 1;
            }
            Some(piece) if piece.side == Side::Negative => assert_eq!(text, "It is positive's move"),
            None => assert!(text.starts_with("Nothing to move there"), "{text}"),
            Some(_) => {}
        }
    }
    assert!(said > 0, "the start has pieces that cannot move yet");
}

#[test]
fn a_piece_that_shields_its_planet_is_said_to_shield_it() {
    // The black hole on 32 stands between the negative nebula on 53 and the planet on
    // 11: each of its corner-steps would open the diagonal (§6 *Target and legal moves*).
    let p = pos("4p4/8/9/8/2n6/8/1B7/8/P8 +");
    let text = p.no_move_from(cell(3, 2)).to_string();
    assert_eq!(
        text,
        "The black hole PB on 32 cannot move: each of its moves would leave your planet in Target (it shields the planet from an attack)"
    );
    // A star with its own quasar in front and a neutral empty cell beside it is blocked.
    let p = pos("4p2b1/8/9/8/9/8/3Q5/3S4/4P4 +");
    let text = p.no_move_from(cell(2, 4)).to_string();
    assert!(text.contains("has no legal move: a star steps forward"), "{text}");
}

#[test]
fn position_strings_give_every_problem_at_once_and_syntax_errors_their_character() {
    // A negative star on its own first row, and the positive planet in Target though it
    // is negative's move: both are listed.
    match Position::from_position_string("sb7/8/9/8/4Pp3/8/9/8/1B7 -") {
        Err(PositionError::Invalid(e)) => {
            assert_eq!(e.len(), 2, "{e:?}");
            assert!(matches!(e[0], Invalid::StarOnOwnFirstRow { side: Side::Negative, .. }), "{e:?}");
            assert_eq!(e[1], Invalid::NotToMoveInTarget { side: Side::Positive });
        }
        other => panic!("expected invalid, got {other:?}"),
    }
    for (text, expected) in [
        ("p8/8/9/8/9/8/9/8/4P4", "character 21: missing the side to move"),
        ("  p8/8/9/8/9/8/9/4P4 +", "character 3: the board has 8 rows"),
    ] {
        let message = Position::from_position_string(text).unwrap_err().to_string();
        assert!(message.starts_with(expected), "{text}: {message}");
    }
}
