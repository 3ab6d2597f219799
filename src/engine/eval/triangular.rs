//! The Triangular evaluation: material, mobility, placement over the 96 triangles,
//! king safety, pawns nearing their promotion cells, and the bishops of both colours.
//!
//! Sources: the pieces and their moves, `docs/rules-triangular.md` §4 *How the pieces
//! move* (promotion on the far edge's cells of the promoting colour); check and mate,
//! §6 *Check, mate and draws*. Scores are in hundredths of a pawn.

use std::sync::LazyLock;

use crate::core::bitboard::Bitboard;
use crate::core::triangular::{CELL_COUNT, Cell, Kind, Piece, Position, Shade, Side, attacks};

/// The evaluation's weights. Arrays indexed by kind are in [`Kind`] order: king,
/// queen, rook, bishop, knight, pawn. All in hundredths of a pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// What each piece is worth (the king is never captured: 0).
    pub material: [i32; 6],
    /// Per cell a piece attacks that its own side does not hold.
    pub mobility: [i32; 6],
    /// Per step of nearness to the board's centre (0 at the rim, up to 4).
    pub centre: [i32; 6],
    /// A pawn's bonus by rows advanced from its side's second row (index 0 .. 6 = the
    /// row before the promotion cells).
    pub pawn_advance: [i32; 7],
    /// Both a light-cell and a dark-cell bishop.
    pub bishop_pair: i32,
    /// Per own piece touching the own king (shelter).
    pub king_shelter: i32,
    /// Per cell touching the own king that the enemy attacks.
    pub king_attacked: i32,
    /// For the side to move.
    pub tempo: i32,
}

impl Weights {
    /// The hand-set weights the engine plays with.
    pub const DEFAULT: Weights = Weights {
        material: [0, 950, 500, 330, 300, 100],
        mobility: [0, 2, 3, 3, 4, 0],
        centre: [-4, 1, 1, 3, 5, 3],
        pawn_advance: [0, 4, 10, 18, 30, 50, 80],
        bishop_pair: 40,
        king_shelter: 6,
        king_attacked: -10,
        tempo: 10,
    };
}

/// Nearness to the centre: `4 − distance` of the cell's centroid from the board's
/// centre, in triangle sides, rounded and at least 0.
static CENTRE: LazyLock<[i32; CELL_COUNT]> = LazyLock::new(|| {
    let mut out = [0; CELL_COUNT];
    for cell in Cell::all() {
        let v = cell.vertices();
        // X is twice the horizontal distance; y counts row heights of sqrt(3)/2.
        let x = f64::from(v[0].0 + v[1].0 + v[2].0) / 6.0;
        let y = (f64::from(v[0].1 + v[1].1 + v[2].1) / 3.0 - 4.0) * 3f64.sqrt() / 2.0;
        let near = 4.0 - (x * x + y * y).sqrt();
        out[cell.slot() as usize] = near.round().max(0.0) as i32;
    }
    out
});

/// Rows a pawn of `side` on `cell` has advanced from its second row (0..=6).
#[inline(always)]
fn pawn_rows(side: Side, cell: Cell) -> usize {
    let row = cell.row() as usize;
    match side {
        Side::White => row.saturating_sub(2).min(6),
        Side::Black => 7usize.saturating_sub(row).min(6),
    }
}

const KINDS: [Kind; 6] = Kind::ALL;

fn side_terms(pos: &Position, side: Side, w: &Weights, centre: &[i32; CELL_COUNT]) -> (i32, Bitboard) {
    let own = pos.by_side(side);
    let occupied = pos.occupied();
    let mut score = 0;
    let mut covered = Bitboard::EMPTY;
    for kind in KINDS {
        let k = kind.index();
        for slot in pos.pieces(side, kind) {
            let Some(cell) = Cell::from_slot(slot) else { continue };
            let reach = attacks(Piece { side, kind }, cell, occupied);
            covered |= reach;
            score +=
                w.material[k] + w.mobility[k] * reach.minus(own).count() as i32 + w.centre[k] * centre[slot as usize];
            if kind == Kind::Pawn {
                score += w.pawn_advance[pawn_rows(side, cell)];
            }
        }
    }
    let bishops = pos.pieces(side, Kind::Bishop);
    if has_shade(bishops, Shade::Light) && has_shade(bishops, Shade::Dark) {
        score += w.bishop_pair;
    }
    (score, covered)
}

/// Whether `set` holds a cell of `shade`.
#[inline(always)]
fn has_shade(set: Bitboard, shade: Shade) -> bool {
    for slot in set {
        if Cell::from_slot(slot).is_some_and(|c| c.shade() == shade) {
            return true;
        }
    }
    false
}

fn king_safety(pos: &Position, side: Side, enemy_covered: Bitboard, w: &Weights) -> i32 {
    let Some(king) = pos.pieces(side, Kind::King).first().and_then(Cell::from_slot) else {
        return 0;
    };
    let around = king.edge_neighbours() | king.corner_neighbours();
    let shelter = (around & pos.by_side(side)).count() as i32;
    let attacked = (around & enemy_covered).count() as i32;
    w.king_shelter * shelter + w.king_attacked * attacked
}

/// The evaluation of `pos` with weights `w`, from the side to move's point of view,
/// in hundredths of a pawn.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let centre = &*CENTRE;
    let us = pos.side_to_move();
    let them = us.other();
    let (mine, my_cover) = side_terms(pos, us, w, centre);
    let (theirs, their_cover) = side_terms(pos, them, w, centre);
    mine - theirs + king_safety(pos, us, their_cover, w) - king_safety(pos, them, my_cover, w) + w.tempo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_is_level_but_for_the_tempo() {
        let opening = <Position as crate::core::Game>::opening();
        assert_eq!(evaluate(&opening, &Weights::DEFAULT), Weights::DEFAULT.tempo);
        assert!(CENTRE.iter().any(|&c| c >= 3));
    }
}
