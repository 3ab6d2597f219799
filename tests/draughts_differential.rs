//! Differential test: the fast Triangular draughts generator against the plain one in
//! `tests/reference/draughts.rs`, on positions from random playouts and random set-ups
//! (men and kings anywhere they may stand): the move sets must be equal, with no move
//! twice, and every move's full and short forms must read back to it.

#![allow(clippy::unwrap_used)] // tests may unwrap

#[path = "reference/draughts.rs"]
mod reference;

use std::collections::{BTreeMap, BTreeSet};

use orrery::core::draughts::{Cell, Kind, Piece, Position, Setup, Side, cells_of, promotion_cells};
use orrery::core::moves::MoveList;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::{RefMove, RefPosition};

fn reference_of(p: &Position) -> RefPosition {
    let mut board = BTreeMap::new();
    for cell in Cell::all() {
        if let Some(piece) = p.piece_at(cell) {
            board.insert(cell.number(), (piece.side == Side::White, piece.kind == Kind::King));
        }
    }
    RefPosition { board, white_to_move: p.side_to_move() == Side::White }
}

fn fast_moves(p: &Position) -> BTreeSet<RefMove> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let set: BTreeSet<RefMove> = list
        .iter()
        .map(|m| (m.from.number(), m.to.number(), cells_of(m.captured).map(Cell::number).collect()))
        .collect();
    assert_eq!(set.len(), list.len(), "a move twice in {p}");
    assert_eq!(p.count_moves() as usize, list.len(), "count and list disagree in {p}");
    for &m in &list {
        assert_eq!(p.parse_move_text(&p.move_text(m)).unwrap(), m, "{} in {p}", p.move_text(m));
        assert_eq!(p.parse_move_text(&p.short_text(m)).unwrap(), m, "{} in {p}", p.short_text(m));
        for route in p.routes(m) {
            let text = std::iter::once(m.from).chain(route).map(|c| c.to_string()).collect::<Vec<_>>().join("x");
            assert_eq!(p.parse_move_text(&text).unwrap(), m, "route {text} in {p}");
        }
    }
    // A step's text reads exactly when the step is legal (the reader finds steps
    // without generating every move).
    let steps: BTreeSet<(u8, u8)> =
        list.iter().filter(|m| !m.is_capture()).map(|m| (m.from.number(), m.to.number())).collect();
    for from in 1..=48u8 {
        for to in 1..=48u8 {
            let read = p.parse_move_text(&format!("{from}-{to}")).is_ok();
            assert_eq!(read, steps.contains(&(from, to)), "{from}-{to} in {p}");
        }
    }
    set
}

fn check(p: &Position) {
    assert_eq!(fast_moves(p), reference_of(p).moves(), "moves of {p}");
    assert_eq!(Position::from_position_string(&p.to_string()).unwrap(), *p, "round trip of {p}");
}

#[test]
fn random_playouts_agree_with_the_plain_generator() {
    let mut rng = StdRng::seed_from_u64(48);
    for _ in 0..60 {
        let mut p = Position::opening();
        for _ in 0..120 {
            check(&p);
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            if list.is_empty() || p.halfmoves() >= 50 {
                break;
            }
            let mv = list[rng.random_range(0..list.len())];
            p.play(mv);
        }
    }
}

#[test]
fn random_setups_with_kings_agree_with_the_plain_generator() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut checked = 0;
    while checked < 3000 {
        let mut setup = Setup::empty(if rng.random_bool(0.5) { Side::White } else { Side::Black });
        for cell in Cell::all() {
            if rng.random_bool(0.35) {
                let side = if rng.random_bool(0.5) { Side::White } else { Side::Black };
                let crowned = promotion_cells(side) & cell.bit() != 0;
                let kind = if crowned || rng.random_bool(0.3) { Kind::King } else { Kind::Man };
                setup.place(cell, Piece { side, kind });
            }
        }
        let Ok(p) = Position::from_setup(&setup) else { continue };
        check(&p);
        checked += 1;
    }
}
