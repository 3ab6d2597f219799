//! The Triangular draughts evaluation: material (a king worth several men), each man's
//! advancement towards its promotion cells, the back-rank guard, mobility, and runaway
//! men that no enemy piece can stop.
//!
//! Sources: men, kings, steps and promotion, `docs/rules-draughts.md` *Pieces and
//! moves*, *Promotion*; the opening camps, *Opening position*. Scores are in hundredths
//! of a man.

use std::sync::LazyLock;

use crate::core::draughts::geometry::{CELL_COUNT, Cell, cells_of, man_steps, promotion_cells};
use crate::core::draughts::movegen::king_steps;
use crate::core::draughts::{Position, Side};

/// The evaluation's weights, all in hundredths of a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// A man's bonus by the number of steps it still needs to reach a promotion cell
    /// (index 1 = one step from being crowned; index 0 is never used, `7` and more
    /// share the last entry).
    pub advance: [i32; 8],
    /// Per man on its own back edge (the opponent's promotion cells), while the
    /// opponent has no king: it keeps the enemy men from being crowned there.
    pub back_rank: i32,
    /// Per empty cell a man can step to.
    pub man_mobility: i32,
    /// Per cell a king can fly to.
    pub king_mobility: i32,
    /// A runaway man (no enemy piece on any cell its forward steps can reach, and no
    /// enemy king) by its steps to promotion (index 1..=3; 0 unused).
    pub runaway: [i32; 4],
    /// For the side to move.
    pub tempo: i32,
}

impl Weights {
    /// The hand-set weights the engine plays with.
    pub const DEFAULT: Weights = Weights {
        man: 100,
        king: 320,
        advance: [0, 45, 30, 18, 10, 5, 2, 0],
        back_rank: 6,
        man_mobility: 3,
        king_mobility: 2,
        runaway: [0, 150, 90, 40],
        tempo: 4,
    };
}

/// Per side and cell: the fewest forward steps a man needs to reach a promotion cell
/// (0 on one), and the cells its forward steps can ever reach (its "cone").
struct Tables {
    distance: [[u8; CELL_COUNT]; 2],
    cone: [[u64; CELL_COUNT]; 2],
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut t = Tables { distance: [[u8::MAX; CELL_COUNT]; 2], cone: [[0; CELL_COUNT]; 2] };
    for side in [Side::White, Side::Black] {
        let s = side.index();
        // Cells are numbered from Black's corner, so a White man's steps go to smaller
        // slots and a Black man's to larger: fill each cell after the cells it steps to.
        let order: Vec<Cell> = match side {
            Side::White => Cell::all().collect(),
            Side::Black => Cell::all().collect::<Vec<_>>().into_iter().rev().collect(),
        };
        for cell in order {
            let slot = cell.slot() as usize;
            if promotion_cells(side) & cell.bit() != 0 {
                t.distance[s][slot] = 0;
                continue;
            }
            let steps = man_steps(side, cell);
            let mut best = u8::MAX;
            let mut cone = steps;
            for next in cells_of(steps) {
                let n = next.slot() as usize;
                best = best.min(t.distance[s][n].saturating_add(1));
                cone |= t.cone[s][n];
            }
            t.distance[s][slot] = best;
            t.cone[s][slot] = cone;
        }
    }
    t
});

/// The steps a man of `side` on `cell` needs to be crowned (0 on a promotion cell).
pub fn steps_to_promotion(side: Side, cell: Cell) -> u32 {
    u32::from(TABLES.distance[side.index()][cell.slot() as usize])
}

/// One side's share of the score.
fn side_score(pos: &Position, side: Side, w: &Weights) -> i32 {
    let s = side.index();
    let men = pos.men(side);
    let kings = pos.kings(side);
    let enemy = pos.pieces_of(side.other());
    let enemy_kings = pos.kings(side.other());
    let empty = !pos.occupied() & ((1u64 << CELL_COUNT) - 1);
    let mut score = w.man * men.count_ones() as i32 + w.king * kings.count_ones() as i32;
    for cell in cells_of(men) {
        let slot = cell.slot() as usize;
        let d = TABLES.distance[s][slot] as usize;
        score += w.advance[d.min(7)];
        score += w.man_mobility * (man_steps(side, cell) & empty).count_ones() as i32;
        if enemy_kings == 0 && d <= 3 && TABLES.cone[s][slot] & enemy == 0 {
            score += w.runaway[d];
        }
    }
    if enemy_kings == 0 {
        score += w.back_rank * (men & promotion_cells(side.other())).count_ones() as i32;
    }
    for cell in cells_of(kings) {
        score += w.king_mobility * king_steps(cell, empty).count_ones() as i32;
    }
    score
}

/// The static evaluation of `pos` with weights `w`, from the side to move's point of
/// view, in hundredths of a man. Allocation-free.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let us = pos.side_to_move();
    side_score(pos, us, w) - side_score(pos, us.other(), w) + w.tempo
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(n: u8) -> Cell {
        Cell::new(n).unwrap()
    }

    #[test]
    fn the_opening_is_level_but_for_the_tempo() {
        let pos = Position::opening();
        assert_eq!(evaluate(&pos, &Weights::DEFAULT), Weights::DEFAULT.tempo);
    }

    #[test]
    fn distances_follow_the_forward_steps() {
        // White's promotion cells need no step; 5 (one F step from 1) needs one; a
        // Black man on 5 needs many.
        assert_eq!(steps_to_promotion(Side::White, cell(1)), 0);
        assert_eq!(steps_to_promotion(Side::White, cell(5)), 1);
        assert_eq!(steps_to_promotion(Side::Black, cell(44)), 1);
        assert_eq!(steps_to_promotion(Side::Black, cell(48)), 0);
        assert!(steps_to_promotion(Side::Black, cell(5)) >= 5);
        // Every cell that is not a promotion cell can reach one.
        for side in [Side::White, Side::Black] {
            for c in Cell::all() {
                assert!(steps_to_promotion(side, c) < 10, "{c}");
            }
        }
    }

    #[test]
    fn a_king_outweighs_a_man_and_an_advanced_man_a_back_man() {
        let king = Position::from_position_string("W:WK25:B1").unwrap();
        let man = Position::from_position_string("W:W25:B1").unwrap();
        assert!(evaluate(&king, &Weights::DEFAULT) > evaluate(&man, &Weights::DEFAULT) + 150);
        let far = Position::from_position_string("W:W44:BK23").unwrap();
        let near = Position::from_position_string("W:W8:BK23").unwrap();
        assert!(evaluate(&near, &Weights::DEFAULT) > evaluate(&far, &Weights::DEFAULT));
    }

    #[test]
    fn a_runaway_man_counts_only_when_nothing_can_stop_it() {
        // A White man on 8 with a Black man behind it runs; with a Black man ahead, on
        // 2 (in its cone), it does not.
        let free = Position::from_position_string("W:W8:B40").unwrap();
        let blocked = Position::from_position_string("W:W8:B2").unwrap();
        let w = Weights::DEFAULT;
        let free_part = side_score(&free, Side::White, &w);
        let blocked_part = side_score(&blocked, Side::White, &w);
        assert!(free_part > blocked_part + w.runaway[1] / 2, "{free_part} {blocked_part}");
    }
}
