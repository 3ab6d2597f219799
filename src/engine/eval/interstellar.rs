//! The Interstellar evaluation: material, mobility, placement over the hexagonal
//! board, planet safety (the road to Target Out), star advancement and the race to
//! Super Nova, and the danger of Total Annihilation.
//!
//! Sources: the pieces and their moves, `docs/rules-interstellar.md` §5 *How the pieces
//! move*; Target, §6 *Target and legal moves*; Super Nova, Total Annihilation and
//! Target Out, §7 *How the game ends*. Scores are in hundredths of a star.

use crate::core::bitboard::Bitboard;
use crate::core::interstellar::geometry::{SIDE_NEIGHBOURS, SLOTS, VALID};
use crate::core::interstellar::{Cell, Kind, Position, Side};

/// The evaluation's weights. Arrays indexed by kind are in [`Kind`] order: planet,
/// quasar, pulsar, nebula, black hole, star. All in hundredths of a star.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// What each piece is worth (the planet is never captured: 0).
    pub material: [i32; 6],
    /// Per cell a piece covers that is not its own side's.
    pub mobility: [i32; 6],
    /// Per step of nearness to the board's centre (0 at the edge, up to 4 at (5,5)).
    pub centre: [i32; 6],
    /// A star's bonus by rows advanced from its own second row (index 0) to the row
    /// before the opponent's first (index 6): the road to Super Nova.
    pub star_advance: [i32; 7],
    /// The race: per row by which the side's most advanced star is nearer Super Nova
    /// than the opponent's (at most 4 rows counted).
    pub star_race: i32,
    /// Per cell next to the side's planet that the enemy covers.
    pub planet_covered: i32,
    /// Per escape cell of the side's planet: next to it, not covered by the enemy, and
    /// empty or holding a capturable enemy piece.
    pub planet_escape: i32,
    /// Extra when the planet has no escape cell at all (Target Out is one check away).
    pub planet_no_escape: i32,
    /// Penalty by how many pieces besides the planet the side has left (index 1, 2,
    /// 3): Total Annihilation draws near.
    pub few_pieces: [i32; 4],
    /// For the side to move.
    pub tempo: i32,
}

impl Weights {
    /// The hand-set weights the engine plays with.
    pub const DEFAULT: Weights = Weights {
        material: [0, 900, 450, 550, 300, 100],
        mobility: [0, 3, 4, 4, 3, 0],
        centre: [-6, 2, 4, 3, 4, 0],
        star_advance: [0, 6, 14, 26, 45, 80, 150],
        star_race: 12,
        planet_covered: -14,
        planet_escape: 8,
        planet_no_escape: -30,
        few_pieces: [0, -300, -120, -40],
        tempo: 10,
    };
}

/// Nearness to the centre cell (5,5): `4 − distance` in side-steps, at least 0.
static CENTRE: [i32; SLOTS] = centre_table();

const fn centre_table() -> [i32; SLOTS] {
    let mut out = [0i32; SLOTS];
    let mut slot = 0;
    while slot < SLOTS {
        if VALID.contains(slot as u8) {
            // Axial coordinates of the bit layout (see the geometry module): r0 = row - 1,
            // q = slot % 14 - 4; the centre (5,5) has r0 = 4, q = 2.
            let r0 = (slot / 14) as i32;
            let q = (slot % 14) as i32 - 4;
            let (dq, dr) = (q - 2, r0 - 4);
            let distance = (dq.abs() + dr.abs() + (dq + dr).abs()) / 2;
            let near = 4 - distance;
            out[slot] = if near > 0 { near } else { 0 };
        }
        slot += 1;
    }
    out
}

/// Rows a star of `side` on `cell` has advanced from its side's second row (0..=6).
#[inline(always)]
fn star_rows(side: Side, cell: Cell) -> usize {
    let row = cell.row() as usize;
    match side {
        Side::Positive => row.saturating_sub(2).min(6),
        Side::Negative => 8usize.saturating_sub(row).min(6),
    }
}

/// What one side's pieces add up to, and the cells they cover.
struct SideTerms {
    score: i32,
    covered: Bitboard,
    pieces: u32,
    best_star: Option<usize>,
}

fn side_terms(pos: &Position, side: Side, w: &Weights) -> SideTerms {
    let own = pos.side_cells(side);
    let occupied = pos.occupied();
    let empty = VALID & !occupied;
    let mut t = SideTerms { score: 0, covered: Bitboard::EMPTY, pieces: 0, best_star: None };
    for kind in Kind::ALL {
        let k = kind as usize;
        for slot in own & pos.kind_cells(kind) {
            let Some(cell) = Cell::from_slot(slot) else { continue };
            let covers = pos.coverage_with(cell, kind, side, occupied, empty);
            t.covered |= covers;
            t.score +=
                w.material[k] + w.mobility[k] * covers.minus(own).count() as i32 + w.centre[k] * CENTRE[cell.idx()];
            if kind != Kind::Planet {
                t.pieces += 1;
            }
            if kind == Kind::Star {
                let rows = star_rows(side, cell);
                t.score += w.star_advance[rows];
                t.best_star = Some(t.best_star.map_or(rows, |b| b.max(rows)));
            }
        }
    }
    t
}

/// The planet-safety terms of `side` with the enemy covering `enemy_covered`.
fn planet_safety(pos: &Position, side: Side, enemy_covered: Bitboard, w: &Weights) -> i32 {
    let planet = pos.planet(side);
    let around = SIDE_NEIGHBOURS[planet.idx()];
    let enemy = pos.side_cells(side.other());
    let open = (VALID & !pos.occupied()) | (enemy & !pos.kind_cells(Kind::Planet));
    let covered = (around & enemy_covered).count() as i32;
    let escapes = (around & open).minus(enemy_covered).count() as i32;
    let mut score = w.planet_covered * covered + w.planet_escape * escapes;
    if escapes == 0 {
        score += w.planet_no_escape;
    }
    score
}

/// The evaluation of `pos` with weights `w`, from the side to move's point of view,
/// in hundredths of a star.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let us = pos.side_to_move();
    let them = us.other();
    let mine = side_terms(pos, us, w);
    let theirs = side_terms(pos, them, w);
    let mut score = mine.score - theirs.score;
    score += planet_safety(pos, us, theirs.covered, w) - planet_safety(pos, them, mine.covered, w);
    score += w.few_pieces[mine.pieces.min(3) as usize] * i32::from(mine.pieces <= 3)
        - w.few_pieces[theirs.pieces.min(3) as usize] * i32::from(theirs.pieces <= 3);
    if let (Some(a), Some(b)) = (mine.best_star, theirs.best_star) {
        score += w.star_race * (a as i32 - b as i32).clamp(-4, 4);
    }
    score + w.tempo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_is_level_but_for_the_tempo() {
        let opening = Position::opening();
        assert_eq!(evaluate(&opening, &Weights::DEFAULT), Weights::DEFAULT.tempo);
        assert_eq!(CENTRE[Cell::new(5, 5).map_or(0, |c| c.idx())], 4);
        assert_eq!(CENTRE[Cell::new(1, 1).map_or(0, |c| c.idx())], 0);
    }
}
